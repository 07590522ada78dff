#!/bin/sh
# tests/scenario.sh: play every tests/scenarios/*.play and compare the
# standings with NAME.expected (see tests/scenarios/README).
. "${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}/tests/cli/lib.sh"

for play in "$SRCDIR"/tests/scenarios/*.play; do
	[ -f "$play" ] || continue
	name=$(basename "$play" .play)
	test_expect_success "scenario $name: every line is accepted" '
		args=$(sed -n "1s/^# new: //p" "$play") &&
		[ -n "$args" ] &&
		sr new $args >/dev/null &&
		sr play <"$play"
	'
	test_expect_success "scenario $name: standings as expected" '
		args=$(sed -n "1s/^# new: //p" "$play") &&
		sr new $args >/dev/null &&
		sr play <"$play" >/dev/null &&
		sr standings >standings.txt &&
		diff -u "${play%.play}.expected" standings.txt &&
		sr --json status >a.json && sr --json status >b.json &&
		cmp a.json b.json
	'
done
test_done
