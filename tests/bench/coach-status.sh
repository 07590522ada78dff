#!/bin/sh
# tests/bench/coach-status.sh: what the coach's line adds to `status`
# (issue 29).  Never part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/coach-status.sh [RUNS]
#
# The same 10,000 position (Ann has kept 1 and rolled 5 5 2 3 4) with
# the coach on and with coach=off, in the same run:
# 1. three players: points advice (expected points this turn);
# 2. two players: win advice, from the table for the default target
#    built with shakeref (data/, mapped: its size is said below, and it
#    is the one command allowed past 16 MB, by that size);
# Target: `status` with the coach's line at most 1.2x of `status` without
# it (wall, medians of RUNS runs, default 21), and every command's peak
# memory.  Exits 1 if a target is missed, 77 if something it needs is
# missing.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
. "$(dirname "$0")/lib.sh"
bench_init
bench_words
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME
miss=0

# game DB PLAYERS [OPTION]: the position, coach on or off.
game() {
	"$bin" -d "$1" new --game 10000 --players "$2" ${3:+--option "$3"} \
	    >/dev/null &&
	"$bin" -d "$1" roll 1 5 2 3 3 4 >/dev/null &&
	"$bin" -d "$1" keep 1 >/dev/null &&
	"$bin" -d "$1" roll 5 5 2 3 4 >/dev/null ||
	    { echo "bench: setup failed"; exit 1; }
}
game "$work/p3.db" Ann,Bob,Cid
game "$work/p3off.db" Ann,Bob,Cid coach=off
game "$work/w2.db" Ann,Bob
game "$work/w2off.db" Ann,Bob coach=off
"$bin" -d "$work/w2.db" status | grep -q "to win with best play" ||
    { echo "bench: no win advice: is the table built (data/)?"; exit 77; }
"$bin" -d "$work/p3.db" status | grep -q "^coach: .* points" ||
    { echo "bench: no points advice"; exit 1; }
table=$(dirname "$bin")/data/tt-win-10000-fp1.v1
[ -f "$table" ] && [ -z "${SHAKEREF_DATA_DIR:-}" ] ||
    table=${SHAKEREF_DATA_DIR:-}/tt-win-10000-fp1.v1
mb=$(awk -v s="$(wc -c <"$table" 2>/dev/null || echo 0)" \
    'BEGIN { printf "%d", s / 1048576 + 17 }')
echo "the win table: $table, mapped (limit 16 MB + its size: $mb MB)"
bench_mem w2 "$mb"

bench_measure "$runs" p3off "$bin -d $work/p3off.db status" \
    p3 "$bin -d $work/p3.db status" \
    w2off "$bin -d $work/w2off.db status" \
    w2 "$bin -d $work/w2.db status"
echo "status with the coach's line ($bench_tool, $runs runs, medians):"
bench_line p3off "3 players, coach=off"
bench_report p3off p3 1.2 "3 players, points advice" || miss=1
bench_line w2off "2 players, coach=off"
bench_report w2off w2 1.2 "2 players, win advice" || miss=1
[ $miss -eq 0 ] && echo "every target met" || echo "a target was missed"
exit $miss
