#!/bin/sh
# tests/bench/ten-thousand-coach.sh: the 10,000 coach's two-player table
# and the cost of its advice.  Never part of `make check`.
#
#	SHAKEREF=build/shakeref sh tests/bench/ten-thousand-coach.sh [RUNS]
#
# 1. The table for the default target solved from nothing, by the binary
#    itself on first use (four-pair=off, so the table built with shakeref
#    does not answer): wall and CPU time, peak memory, the file's size,
#    against the targets (at most 120 s, 512 MB, 64 MB).  Its baseline in
#    the same run: the same solve for target 5000 (an eighth of the
#    states).
# 2. `status` of a two-player game with win advice (the table mapped)
#    against `status` of the same game with coach=off, or, while that
#    option does not exist, with a target above 10000 (points advice, no
#    table): medians of wall and CPU over RUNS runs (default 21);
#    target at most 1.3x.
# Exits 1 if a target is missed, 77 if something it needs is missing.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
[ -x /usr/bin/time ] || { echo "skip: no /usr/bin/time"; exit 77; }
. "$(dirname "$0")/lib.sh"
bench_init
export SHAKEREF_DB="$work/bench.db"
bench_words
failed=0

# Solve on first use: one status in a new game, its time and peak memory.
solve() {
	"$bin" -d "$work/solve-$1.db" new --game 10000 --players Ann,Bob \
	    --option target="$1" --option four-pair=off >/dev/null ||
	    { echo "setup failed"; exit 1; }
	/usr/bin/time -f '%e %U %S %M' -o "$work/time-$1" \
	    "$bin" -d "$work/solve-$1.db" status >/dev/null ||
	    { echo "status failed"; exit 1; }
	read -r _e _u _s _m <"$work/time-$1"
	_f="$XDG_CACHE_HOME/shakeref/tt-win-$1-fp0.v1"
	[ -f "$_f" ] || { echo "no table at $_f"; exit 1; }
	_sz=$(wc -c <"$_f")
	awk -v t="$1" -v e="$_e" -v u="$_u" -v s="$_s" -v m="$_m" \
	    -v sz="$_sz" 'BEGIN {
		printf "  target %-6s wall %7.1f s   cpu %7.1f s   peak %6.1f MB   file %5.1f MB\n",
		    t, e, u + s, m / 1024, sz / 1048576 }'
	eval "wall_$1=$_e mem_$1=$_m size_$1=$_sz"
}

echo "two-player table, solved on first use (four-pair=off):"
solve 5000
solve 10000
awk -v e="$wall_10000" -v m="$mem_10000" -v sz="$size_10000" \
    -v b="$wall_5000" 'BEGIN {
	printf "  target 10000 / 5000: wall %.2fx\n", (b > 0 ? e / b : 0)
	printf "  targets: wall <= 120 s %s, memory <= 512 MB %s, file <= 64 MB %s\n",
	    e <= 120 ? "PASS" : "MISS", m <= 524288 ? "PASS" : "MISS",
	    sz <= 67108864 ? "PASS" : "MISS"
	exit (e <= 120 && m <= 524288 && sz <= 67108864) ? 0 : 1 }' ||
    failed=1

# The same position with and without win advice.
play() {
	"$bin" -d "$1" new --game 10000 --players Ann,Bob $2 >/dev/null &&
	"$bin" -d "$1" roll 1 5 2 3 3 4 >/dev/null &&
	"$bin" -d "$1" keep 1 >/dev/null &&
	"$bin" -d "$1" roll 5 5 2 3 4 >/dev/null
}
play "$work/win.db" "" || { echo "setup failed"; exit 1; }
"$bin" -d "$work/win.db" status | grep -q "to win with best play" ||
    { echo "no win advice: is the table built (SHAKEREF_DATA_DIR)?"; exit 1; }
if play "$work/off.db" "--option coach=off" 2>/dev/null; then
	base="status, coach=off"
else
	play "$work/off.db" "--option target=10050" ||
	    { echo "setup failed"; exit 1; }
	base="status, target 10050 (points)"
fi
# win maps the table (48 MB for the default target): its peak memory
# may be 16 MB over the table's size.
bench_mem win $(( $(wc -c <"$(dirname "$bin")/data/tt-win-10000-fp1.v1" 2>/dev/null || echo 0) / 1048576 + 16 ))
bench_measure "$runs" off "$bin -d $work/off.db status" \
    win "$bin -d $work/win.db status"
echo "status with win advice ($bench_tool, $runs runs, medians):"
bench_line off "$base"
bench_report off win 1.3 "status, win advice" || failed=1
exit $failed
