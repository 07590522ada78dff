#!/bin/sh
# tests/bench/undo.sh: a move and its undo on a file (issue 39: each
# entry one store_write(), its read one trip) against two syncing
# `sqlite3` INSERTs into the same kind of file, measured in the same
# run.  Never part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/undo.sh [RUNS]
#
# Both sides are one `sh` script of two processes, each opening the file,
# writing in one transaction and waiting for its sync (WAL, synchronous
# FULL, as shakeref opens a file):
#	baseline   sqlite3 FILE 'INSERT ...' twice
#	move+undo  shakeref roll 30 30 30 (a void roll, SH-4), then undo:
#		   the game as it was, so every run writes the same
# RUNS times each (default 21; medians; hyperfine if installed, else
# lib.sh's runner), interleaved.  Target: CPU at most 1.0x the baseline
# (the client's CPU; both wait for the same disk).  Exits 1 on a MISS.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
command -v sqlite3 >/dev/null 2>&1 || { echo "skip: no sqlite3 command"; exit 0; }
. "$(dirname "$0")/lib.sh"
bench_init
export SHAKEREF_NOW=1795000000 HOME="$work/home"
unset SHAKEREF_DB XDG_DATA_HOME XDG_STATE_HOME
mkdir -p "$HOME"
db=$work/games.db
base=$work/base.db

"$SHAKEREF" -d "$db" new --game shake --players Ann,Bob,Cid >/dev/null &&
    "$SHAKEREF" -d "$db" roll 30 30 30 >/dev/null &&
    "$SHAKEREF" -d "$db" undo >/dev/null ||
    { echo "bench: shakeref cannot write to $db"; exit 1; }
sqlite3 "$base" "PRAGMA journal_mode = WAL; CREATE TABLE rows(n INTEGER
    PRIMARY KEY, verb TEXT, args TEXT)" >/dev/null ||
    { echo "bench: cannot make the baseline's file"; exit 1; }
# Each side a script of two commands, run by sh alike.
cat >"$work/base.sh" <<EOS
sqlite3 "$base" "PRAGMA synchronous = FULL; INSERT INTO rows(verb, args) VALUES ('roll', '[30,30,30]')" &&
sqlite3 "$base" "PRAGMA synchronous = FULL; INSERT INTO rows(verb, args) VALUES ('undo', '[2]')"
EOS
cat >"$work/move.sh" <<EOS
"$SHAKEREF" -d "$db" roll 30 30 30 && "$SHAKEREF" -d "$db" undo
EOS
bench_measure "$runs" sqlite2 "sh $work/base.sh" moveundo "sh $work/move.sh"
echo "a move and its undo on a file ($bench_tool, $runs runs, medians):"
bench_line sqlite2 "two syncing sqlite3 INSERTs"
miss=0
bench_report sqlite2 moveundo cpu:1.0 "shakeref roll, then undo" || miss=1
"$SHAKEREF" -d "$db" check >/dev/null ||
    { echo "bench: check finds a problem after the runs"; miss=1; }
[ $miss -eq 0 ] && echo "every target met" || echo "a target was missed"
exit $miss
