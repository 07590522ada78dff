#!/bin/sh
# tests/bench/status.sh: `shakeref status` against `sqlite3 FILE 'select 1'`
# on the same database, in the same run (issue 39: CPU at most 1.0x).
# Never part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/status.sh [RUNS]
#
# 1. Plays the whole games of tests/scenarios (all five rules) into one
#    database, then starts a Shake game and plays 30 entries of it: the
#    file, its WAL and its shared-memory file as a table's writes leave
#    them (status reads what the last move left).
# 2. Measures, RUNS times each (default 30; hyperfine if installed, else
#    lib.sh's runner), interleaved:
#	baseline   sqlite3 FILE 'select 1'
#	status     shakeref status                  target CPU <= 1.0x
#	json       shakeref --json status           (no target; the same)
#    and prints the medians of wall and CPU time side by side with the
#    baseline's and the ratios.  The CPU ratio is the target's (a busy
#    machine makes wall time wait for the disk and the scheduler).  The
#    file and its WAL are put back as the moves left them before every
#    run of each command (bench_prepare, untimed): an sqlite3 that reads
#    a table checkpoints the WAL and removes it when it closes the file
#    (the bench's own count of games does), which would spare status
#    the WAL's recovery, what a command after a move pays.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-30}
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
command -v sqlite3 >/dev/null 2>&1 || { echo "skip: no sqlite3 command"; exit 0; }
. "$(dirname "$0")/lib.sh"
bench_init
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME
DB=$work/s.db
sr() {
	"$SHAKEREF" -d "$DB" "$@"
}

# Every scenario's game, as the scenario plays it.
for f in "$srcdir"/tests/scenarios/*.play; do
	args=$(sed -n "1s/^# new: //p" "$f")
	[ -n "$args" ] || continue
	# shellcheck disable=SC2086
	sr new $args >/dev/null 2>&1 || continue
	SHAKEREF_DICT_PATH="$srcdir/tests/data" sr play <"$f" >/dev/null 2>&1
done
# The active game: the first 30 entries of a scenario's Shake for three
# (SH-4 to SH-7: void rolls, shakes, crap-outs), the last move a shake's.
f=$srcdir/tests/scenarios/shake-three-players.play
sr new $(sed -n "1s/^# new: //p" "$f") >/dev/null &&
    grep -v "^#" "$f" | head -n 30 | sr play >/dev/null ||
    { echo "bench: cannot play the active game"; exit 1; }
sr --json status | jq -e '.state == "active"' >/dev/null ||
    { echo "bench: the active game is not active"; exit 1; }
# What the moves left (the file and its WAL), put back before each run.
mkdir "$work/left"
cp "$DB" "$work/left/" && { [ ! -f "$DB-wal" ] || cp "$DB-wal" "$work/left/"; } ||
    exit 1
wal=$(cat "$work/left/s.db-wal" 2>/dev/null | wc -c)
games=$(sqlite3 "$DB" "SELECT COUNT(*) FROM games")
for l in base status json; do
	bench_prepare $l "cp $work/left/* $work/"
done

echo "status: $games games, a WAL of $wal bytes, $runs runs each ($bench_tool, medians)"
bench_measure "$runs" base "sqlite3 $DB 'select 1'" \
    status "$SHAKEREF -d $DB status" \
    json "$SHAKEREF -d $DB --json status"
bench_line base "sqlite3 FILE 'select 1'"
bench_report base status "" "shakeref status"
bench_report base json "" "shakeref --json status"
awk -v c="$(bench_median "$work/m.status.cpu")" \
    -v b="$(bench_median "$work/m.base.cpu")" 'BEGIN {
	r = b > 0 ? c / b : 0
	printf "  status CPU %.2fx the baseline (target <= 1.00x): %s\n", r,
	    r <= 1.0 ? "PASS" : "MISS"
}'
exit 0
