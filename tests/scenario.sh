#!/bin/sh
# tests/scenario.sh: play every tests/scenarios/*.play, compare the
# standings with NAME.expected (see tests/scenarios/README), and check
# the round trip: the game exported and imported into a fresh database
# gives the same history --json, status --json and standings.
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
		diff -u "${play%.play}.expected" standings.txt
	'
	test_expect_success "scenario $name: exported, imported into a fresh database, the same game" '
		args=$(sed -n "1s/^# new: //p" "$play") &&
		sr new $args >/dev/null &&
		sr play <"$play" >/dev/null &&
		sr export >game.json &&
		sr -d fresh.db import game.json >/dev/null &&
		for c in "--json history" "--json status" standings; do
			sr $c >a.out && sr -d fresh.db -g 1 $c >b.out &&
			cmp a.out b.out || { echo "# $c differs"; return 1; }
		done
	'
done
test_done
