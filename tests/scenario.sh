#!/bin/sh
# tests/scenario.sh: play every tests/scenarios/*.play and compare the
# whole transcript (what each line printed, then `history` and
# `standings`) with NAME.expected (see tests/scenarios/README); check that
# undo and redo go through the replay step, and the round trip: the game
# exported and imported into a fresh database gives the same history
# --json, status --json and standings; and the snapshot of each game
# (issue 10: a cache of its replay) is what replaying its entries gives,
# and status and standings read the same without it.
# SCENARIO_UPDATE=1 (`make scenarios-update`) writes the transcripts into
# the source tree instead: review them with `git diff` before committing.
. "${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}/tests/cli/lib.sh"
# history shows local time: the same transcript everywhere.
TZ=UTC
export TZ

# transcript PLAY: the game's transcript on stdout (a fresh database).
transcript() {
	args=$(sed -n "1s/^# new: //p" "$1") &&
	[ -n "$args" ] &&
	sr new $args >/dev/null &&
	echo "\$ shakeref play <$(basename "$1")" &&
	sr play <"$1" &&
	echo "\$ shakeref history" &&
	sr history &&
	echo "\$ shakeref standings" &&
	sr standings
}

# The scenarios of this binary's games (a fixture's, Pig's, under
# shakeref-pig: tests/cli/pig-roll-or-bank-one-die-fixture.sh).
for play in $(scenarios); do
	name=$(basename "$play" .play)
	test_expect_success "scenario $name: the whole transcript as expected" '
		transcript "$play" >out &&
		if [ -n "${SCENARIO_UPDATE:-}" ]; then
			cp out "${play%.play}.expected"
		fi &&
		expect_same "${play%.play}.expected"
	'
	test_expect_success "scenario $name: undone to the first entry and redone, the same game" '
		transcript "$play" >/dev/null &&
		sr --json status >before.json &&
		sr --json history >out &&
		n=$(jq "[.entries[] | select(.undone == false and
		    .verb != \"undo\" and .verb != \"redo\")] | length" out) &&
		i=0 && : >back.play &&
		while [ $i -lt "$n" ]; do
			echo undo >>back.play && i=$((i + 1)) || return 1
		done &&
		sr play <back.play >/dev/null &&
		sr --json status | jq "del(.game)" >back.json &&
		sr new $(sed -n "1s/^# new: //p" "$play") >/dev/null &&
		sr --json status | jq "del(.game)" >fresh.json &&
		expect_same fresh.json back.json &&
		sr use 1 >/dev/null &&
		sed "s/undo/redo/" back.play >forth.play &&
		sr play <forth.play >/dev/null &&
		sr --json status >after.json &&
		expect_same before.json after.json &&
		expect_exit 0 sr check
	'
	test_expect_success "scenario $name: exported, imported into a fresh database, the same game" '
		transcript "$play" >/dev/null &&
		sr export >game.json &&
		sr -d "$(db_url fresh)" import game.json >/dev/null &&
		for c in "--json history" "--json status" standings; do
			sr $c >a.out && sr -d "$(db_url fresh)" -g 1 $c >b.out &&
			cmp a.out b.out || { echo "# $c differs"; return 1; }
		done &&
		expect_exit 0 sr -d "$(db_url fresh)" check
	'
	test_expect_success "scenario $name: the snapshot play keeps is the replay of the entries, and reads the same" '
		transcript "$play" >/dev/null &&
		expect_exit 0 sr check && expect_out "1 game checked: 0 problems" &&
		test "$(db_sql "SELECT COUNT(*) FROM snapshots")" = 1 &&
		for c in "--json status" status standings; do
			sr $c >"with.$c" || return 1
		done &&
		db_sql "DELETE FROM snapshots" &&
		for c in "--json status" status standings; do
			sr $c >without.out &&
			cmp "with.$c" without.out || { echo "# $c differs"; return 1; }
		done
	'
done
test_done
