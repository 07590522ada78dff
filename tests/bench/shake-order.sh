#!/bin/sh
# tests/bench/shake-order.sh: the cost of the coach's advice for a tied
# group's shaking order in Shake (SH-9): the All Shake round played out
# for each place of the chooser, and every order listed.  Never part of
# `make check`.
#
#	SHAKEREF=build/shakeref sh tests/bench/shake-order.sh [RUNS]
#
# The dearest case: six players all tied after round 10 (720 orders), the
# highest roller about to enter `order`.  `status` and `status --json`
# there with the coach on, against the same with coach=off (the baseline,
# measured in the same run): medians of wall and CPU over RUNS runs
# (default 21).  Reported only: no target.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
. "$(dirname "$0")/lib.sh"
bench_init
bin=$(command -v "$SHAKEREF")
export SHAKEREF_DB="$work/bench.db"

# Six players, ten rounds of pairs (40 each every two rounds): all on 200.
tie() {
	"$bin" -d "$1" new --game shake --players Ann,Bob,Cid,Dan,Eve,Fay \
	    $2 >/dev/null || return 1
	for r in 1 2 3 4 5; do
		"$bin" -d "$1" roll 10 10 20 20 30 30 >/dev/null &&
		"$bin" -d "$1" roll 30 30 20 20 10 10 >/dev/null || return 1
	done
	"$bin" -d "$1" roll 60 10 20 30 40 50 >/dev/null
}
tie "$work/on.db" "" && tie "$work/off.db" "--option coach=off" ||
    { echo "setup failed"; exit 1; }
"$bin" -d "$work/on.db" status | grep -q "^coach: order " ||
    { echo "no order advice"; exit 1; }

bench_measure "$runs" off "$bin -d $work/off.db status" \
    on "$bin -d $work/on.db status" \
    offj "$bin -d $work/off.db --json status" \
    onj "$bin -d $work/on.db --json status"
echo "a tie of six about to name its order ($bench_tool, $runs runs, medians):"
bench_line off "status, coach=off"
bench_report off on "" "status, order advice"
bench_line offj "status --json, coach=off"
bench_report offj onj "" "status --json, 720 orders"
