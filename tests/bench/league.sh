#!/bin/sh
# tests/bench/league.sh: the league (issue 26) against psql on the same
# PostgreSQL server.  Never part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/league.sh [RUNS]
#
# The server is the bench's own (tests/pg.sh: a Unix socket, a temporary
# folder), with the defaults of a real one: fsync and synchronous commit
# on.  Both sides of each pair start a process, connect and end:
#
# 1. a move (`roll 30 30 30`, a void roll of Shake, SH-4: the game never
#    ends) against `psql -c 'INSERT ...'` putting one row into a table of
#    the same database in its own transaction: both a commit, waited for;
#    target at most 1.15x (wall; issue 39).  Every run but the first is
#    a move on the table's copy of the game (store.h; store-pg-kept.c),
#    one round trip in libpq's pipeline mode: BEGIN; SET LOCAL
#    lock_timeout; the game's advisory lock; the guard (the snapshot
#    row's xmin still the copy's token, locked); the entry, pg_notify,
#    one dice_tally upsert per die, the entry_notes upsert, the undo
#    ring's push and trim (undo_states), the snapshot upsert (RETURNING
#    its new xmin, the next token), the head's update of the same row;
#    COMMIT.  No read of the game, of meta, or of its seats.  A move
#    after another table's reads the game first, one round trip more
#    (tests/bench/league-parts.sh measures both).  With
#    "log_min_duration_statement = 0" the server's log gives each
#    statement's parse, bind and execute: a new backend's first use of
#    a table costs 0.15-0.4 ms.
# 2. `status` against `psql -c 'SELECT 1'`: target at most 1.5x.
#
# Medians of wall and CPU time (the client's: the server works for both),
# both ratios, and peak memory (lib.sh).  Exits 1 if a target is missed.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/pg.sh"
bench_init
trap 'pg_stop; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
pg_start || { echo "skip: $pg_why"; exit 77; }
export SHAKEREF_NOW=1795000000 HOME="$work/home"
unset SHAKEREF_DB XDG_DATA_HOME XDG_STATE_HOME
mkdir -p "$HOME"

pg_createdb league || { echo "bench: cannot make the database"; exit 1; }
db=postgresql:///league
psql=$pg_bin/psql
"$SHAKEREF" -d "$db" new --game shake --players Ann,Bob,Cid >/dev/null &&
    "$SHAKEREF" -d "$db" roll 30 30 30 >/dev/null ||
    { echo "bench: shakeref cannot write to the league"; exit 1; }
pg_psql -d league -c "CREATE TABLE bench_rows (n serial PRIMARY KEY,
    verb text, args text)" >/dev/null ||
    { echo "bench: cannot make the baseline's table"; exit 1; }

miss=0
bench_measure "$runs" psqlins "$psql -X -q -d league -c \"INSERT INTO bench_rows (verb, args) VALUES ('roll', '[30,30,30]')\"" \
    move "$SHAKEREF -d $db roll 30 30 30"
echo "a move ($bench_tool, $runs runs, medians):"
bench_line psqlins "psql, one row in its own transaction"
bench_report psqlins move 1.15 "shakeref roll 30 30 30" || miss=1

bench_measure "$runs" psqlsel "$psql -X -q -d league -c \"SELECT 1\"" \
    status "$SHAKEREF -d $db status"
echo "status ($bench_tool, $runs runs, medians):"
bench_line psqlsel "psql -c 'SELECT 1'"
bench_report psqlsel status 1.5 "shakeref status" || miss=1
[ $miss -eq 0 ] && echo "every target met" || echo "a target was missed"
exit $miss
