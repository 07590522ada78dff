#!/bin/sh
# tests/bench/play.sh: a long `shakeref play` session costs the same per
# line at its end as at its start (the game is loaded once, each entry
# appended in its own transaction), and per line at most twice what the
# sqlite3 CLI costs inserting one row per statement, each in its own
# transaction, read from a pipe, in the same database: measured in the
# same run.  Never part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/play.sh [LINES] [RUNS]
#
# Set-up (untimed): a 10,000 game of Ann and Bob fed LINES - 1,000 lines
# (default LINES 10000) of `roll 2 3 4 6 2 3`, a farkle (TT-3): every line
# an entry, the game never ends.  Then, RUNS times each (default 5,
# medians), interleaved, each run on a fresh copy of its database:
#	baseline   sqlite3 DB < 1,000 lines `INSERT INTO bench_insert ...;`
#		   (each its own transaction; synchronous=FULL as shakeref's),
#		   in the database of LINES - 1,000 entries
#	start      shakeref play < 1,000 lines, on the game with no entry
#	end        shakeref play < 1,000 lines, on the game of LINES - 1,000
#		   entries (loaded once, when play starts): lines
#		   LINES - 999 .. LINES of the session
# Each run is 1,000 lines: its time in ms is the cost of a line in us.
# Targets: end / start <= 1.5; start and end / baseline <= 2.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
. "$(dirname "$0")/lib.sh"
lines=${1:-10000}
runs=${2:-5}
block=1000
command -v sqlite3 >/dev/null 2>&1 || { echo "skip: no sqlite3 command"; exit 0; }
[ "$lines" -gt "$block" ] || { echo "LINES must be more than $block"; exit 2; }
bench_init
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME

yes "roll 2 3 4 6 2 3" | head -n "$block" >"$work/block.play"
{
	echo "PRAGMA synchronous = FULL;"
	yes "INSERT INTO bench_insert(v) VALUES ('roll 2 3 4 6 2 3');" |
	    head -n "$block"
} >"$work/block.sql"

# The two databases, their WAL folded in, as templates.
"$SHAKEREF" -d "$work/fresh.db" new --game 10000 --players Ann,Bob >/dev/null
cp "$work/fresh.db" "$work/long.db"
[ -f "$work/fresh.db-wal" ] && cp "$work/fresh.db-wal" "$work/long.db-wal"
echo "set-up: $((lines - block)) lines into the long game"
yes "roll 2 3 4 6 2 3" | head -n $((lines - block)) |
    "$SHAKEREF" -d "$work/long.db" play >/dev/null ||
    { echo "bench: the set-up session failed"; exit 1; }
n=$("$SHAKEREF" -d "$work/long.db" --json history 2 | jq '.entries[-1].n')
[ "$n" -eq $((lines - block)) ] ||
    { echo "bench: expected $((lines - block)) entries, found $n"; exit 1; }
sqlite3 "$work/long.db" "CREATE TABLE bench_insert(v TEXT)"
for db in fresh long; do
	sqlite3 "$work/$db.db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
	rm -f "$work/$db.db-wal" "$work/$db.db-shm"
done

# LABEL runs on a fresh copy of template $2: run.db.
copy() {
	bench_prepare "$1" "rm -f '$work/run.db' '$work/run.db-wal' '$work/run.db-shm' && cp '$work/$2.db' '$work/run.db'"
}
copy base long
copy start fresh
copy end long

echo "measuring: $runs runs of $block lines each"
bench_measure "$runs" \
    base "sh -c 'exec sqlite3 \"$work/run.db\" <\"$work/block.sql\"'" \
    start "sh -c 'exec \"$SHAKEREF\" -d \"$work/run.db\" play <\"$work/block.play\"'" \
    end "sh -c 'exec \"$SHAKEREF\" -d \"$work/run.db\" play <\"$work/block.play\"'"

echo "$block lines a run (ms a run = us a line), medians of $runs, $bench_tool:"
bench_line base "sqlite3 CLI, $block INSERTs"
rc=0
bench_report base start 2 "play, lines 1..$block" || rc=1
bench_report base end 2 "play, lines $((lines - block + 1))..$lines" || rc=1
echo "the end against the start:"
bench_report start end 1.5 "play, end / start" || rc=1
exit $rc
