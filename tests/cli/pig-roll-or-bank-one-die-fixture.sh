#!/bin/sh
# tests/cli/pig-roll-or-bank-one-die-fixture.sh: Pig, Roll and Bank, the
# fixture game (seeds/pig-roll-or-bank-one-die-fixture.md, PG-1..PG-4), in
# the test binary shakeref-pig: added through src/games/game-table.c's steps alone, it
# plays, and the generic checks pass on it: rules and its
# card (cards.sh), the manual's section and its examples (man-examples.sh),
# help for its verbs, completion of its name and option, status --json,
# every list made from the game table (lists.sh: shakeref(1), the export
# schema, the fuzz dictionary), and an export valid against its schema.
. "$SRCDIR/tests/cli/lib.sh"

SHAKEREF="${BUILDDIR:-$SRCDIR}/shakeref-pig"
export SHAKEREF
MAN7="${BUILDDIR:-$SRCDIR}/man/pig/shakeref-games.7"
MAN1="${BUILDDIR:-$SRCDIR}/man/pig/shakeref.1"
SCHEMA="${BUILDDIR:-$SRCDIR}/data/pig/export.schema.json"
MKLISTS="${BUILDDIR:-$SRCDIR}/tests/pig/mklists-pig"
# Its rules name and its alias, 32 characters each, as long as one may be
# (game-pig-roll-or-bank-one-die-fixture.c).
PIG=pig-roll-or-bank-one-die-fixture
HOG=hog-dice-roll-one-die-or-bank-it

test_expect_success 'PG-1: a 1 loses the turn total; other faces add to it' '
	sr new --game $PIG --players Ann,Bob >/dev/null &&
	expect_exit 0 sr roll 5 && expect_out "Ann rolls 5, 5 this turn" &&
	expect_exit 0 sr roll 3 && expect_out "8 this turn" &&
	expect_exit 0 sr roll 1 &&
	expect_out "Ann rolls 1: the turn'\''s 8 is lost (PG-1); Bob'\''s turn" &&
	sr --json status >out && json "[.players[].score] == [0, 0]" &&
	json ".turn == \"Bob\" and .turn_total == 0"
'

# A usage error found before the game is known is in the words of the
# game's own verb (Pig's roll), not the first game's with that verb.
test_expect_success 'PG-1: a roll is one die, a face of it; roll 3 4 and a bare roll are usage errors by its declaration' '
	sr new --game $PIG --players Ann,Bob >/dev/null &&
	sr --json history >before &&
	expect_exit 1 sr roll 7 && one_err_line && expect_err "not a face" &&
	expect_refused 2 "roll: expected the one die rolled" sr roll 3 4 &&
	expect_refused 2 "roll: expected the one die rolled" sr roll &&
	expect_refused 2 "'\''Ann=3'\'' is not a number" sr roll Ann=3 &&
	sr --json history >after && cmp before after
'

test_expect_success 'PG-2, PG-3: bank needs a total and passes the turn; pass loses it' '
	sr new --game $PIG --players Ann,Bob >/dev/null &&
	expect_refused 1 "nothing to bank" sr bank &&
	sr roll 6 >/dev/null && expect_exit 0 sr bank &&
	expect_out "Ann banks 6: score 6; Bob'\''s turn" &&
	sr roll 4 >/dev/null && expect_exit 0 sr pass &&
	expect_out "Bob passes, losing 4 (PG-3); Ann'\''s turn" &&
	sr --json status >out && json "[.players[].score] == [6, 0]"
'

test_expect_success 'PG-4: the first bank to reach the target wins at once' '
	sr new --game $PIG --players Ann,Bob --option target=10 >/dev/null &&
	printf "roll 6\nroll 4\nbank\n" | sr play >/dev/null &&
	sr --json status >out &&
	json ".state == \"finished\" and [.players[].score] == [10, 0]" &&
	json ".options == {\"target\": \"10\", \"coach\": \"on\"}" &&
	expect_exit 3 sr roll 2 && one_err_line
'

# The generic checks.
test_expect_success 'rules pig: its card, its manual section, its option (cards.sh)' '
	SHAKEREF_MAN7="$MAN7" sh "$SRCDIR/tests/cli/cards.sh" >tap &&
	! grep "^not ok" tap && grep -q "^ok 1 " tap
'

test_expect_success 'the manuals with Pig: its example runs, both pages clean (man-examples.sh)' '
	{ SHAKEREF_MAN7="$MAN7" SHAKEREF_MAN1="$MAN1" \
	    sh "$SRCDIR/tests/cli/man-examples.sh" >tap || :; } &&
	grep "shakeref-games.7:.*shakeref roll 4" tap | grep -q "^ok" &&
	! grep "^not ok" tap
'

test_expect_success 'help VERB says what each verb of Pig does there' '
	for v in roll bank pass; do
		expect_exit 0 sr help "$v" &&
		grep -A1 "^usage: shakeref $v\\b.* ($PIG)\$" out >one &&
		[ "$(wc -l <one)" -eq 2 ] || return 1
	done &&
	rules_names >names && grep -qx $PIG names &&
	[ ${#PIG} -eq 32 ] && [ ${#HOG} -eq 32 ]
'

test_expect_success 'play help: the verbs legal now, and no quoted name (Pig has no verb taking a NAME)' '
	sr new --game $PIG --players Ann,Bob >/dev/null &&
	echo help | expect_exit 0 sr play &&
	grep -Eq "^  roll +V " out && grep -Eq "^  pass " out &&
	! grep -q "quote a name" out && ! grep -q "Mary Ann" out
'

test_expect_success 'help for every verb and command passes on Pig (help.sh)' '
	{ sh "$SRCDIR/tests/cli/help.sh" >tap || :; } &&
	grep -q "^ok 2 " tap && ! grep "^not ok" tap
'

# --json after a write: the status object, as status --json then prints
# it (json-writes.sh's rule, on a game no command knows).
test_expect_success '--json: each Pig verb, undo and redo print the status after them' '
	sr new --game $PIG --players Ann,Bob >/dev/null &&
	for e in "roll 4" "roll 6" bank undo redo "roll 1" pass; do
		sr --json $e >after && [ "$(wc -l <after)" -eq 1 ] &&
		sr --json status >now && cmp after now &&
		jq -e ".rules == \"$PIG\" and (.turn_total | type) == \"number\"" after >/dev/null ||
		    { echo "# $e"; return 1; }
	done &&
	cp now out && json "[.players[].score] == [10, 0] and .turn == \"Bob\""
'

test_expect_success 'completion knows Pig and its option' '
	sr complete -- 3 shakeref new --game "" >out && grep -qx $PIG out && grep -qx $HOG out &&
	sr complete -- 5 shakeref new --game $PIG --option "" >out &&
	grep -qx "target=" out
'

# The schema made for this binary (mklists with Pig's table): no list
# patched in here.
test_expect_success 'an export of a Pig game is valid against its generated schema' '
	sr new --game $PIG --players Ann,Bob >/dev/null &&
	printf "roll 6\nbank\nroll 1\n" | sr play >/dev/null &&
	sr export >pig.json &&
	python3 -c "
import json, sys, jsonschema
s = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator(s).validate(json.load(open(sys.argv[1])))
" pig.json "$SCHEMA" &&
	jq -e ".games[0].rules == \"$PIG\" and (.games[0].entries | length) == 3" pig.json
'

# Every list made from the table has Pig, checked against the binary by
# lists.sh: shakeref(1) (new, GAME VERBS, GAME OPTIONS), the schema, the
# fuzz dictionary.
test_expect_success 'every generated list has Pig (lists.sh on shakeref-pig)' '
	grep -qx "\.Cm $HOG ) ;" "$MAN1" && grep -qx "\.Cm $PIG" "$MAN1" &&
	grep -q "^\.Ss Pig, Roll and Bank\$" "$MAN1" &&
	grep -q "^\.It $PIG Ta Cm target Ta 100 Ta" "$MAN1" &&
	jq -e "[.\"\$defs\".game.properties.rules.enum[] | select(. == \"$PIG\")] | length == 1" "$SCHEMA" &&
	"$MKLISTS" -d | grep -qFx "\"\\\"$PIG\\\"\"" &&
	{ SHAKEREF_MAN1="$MAN1" SHAKEREF_SCHEMA="$SCHEMA" \
	    SHAKEREF_MKLISTS="$MKLISTS" sh "$SRCDIR/tests/cli/lists.sh" >tap ||
	    :; } &&
	! grep "^not ok" tap && grep -q "^ok 1 " tap &&
	[ "$(grep -c "^ok" tap)" -ge 6 ]
'
# The bad-input corpus: Pig gets the lines of every game ("*|...")
# without a line of its own.
test_expect_success 'the bad-input corpus runs on Pig (corpus.sh)' '
	{ sh "$SRCDIR/tests/cli/corpus.sh" >tap || :; } &&
	[ "$(grep -c "^ok [0-9]* - $PIG: " tap)" -ge 9 ] &&
	! grep "^not ok" tap
'
# A rules name of 32 characters, as long as one may be, whole in every
# list: games (its rules column 8 + 32 + 1 columns before the players,
# the same on every line, its heading's too), status, history,
# standings; given by its alias of 32 too.
test_expect_success 'a rules name of 32 characters whole in games, status, history, standings' '
	sr new --game $HOG --players Ann,Bob >/dev/null &&
	sr new --game shake --players Cid,Dan >/dev/null &&
	sr games >out &&
	[ "$(grep -c "^.\{41\}\(players\|Ann, Bob\|Cid, Dan\) " out)" -eq 3 ] &&
	grep -q "^     1  $PIG Ann, Bob" out &&
	sr -g 1 status >out && expect_out "game 1: $PIG for Ann, Bob" &&
	sr -g 1 history >out && expect_out "game 1: $PIG for Ann, Bob" &&
	printf "roll 6\nroll 4\nbank\n" | sr -g 1 play >/dev/null &&
	sr -g 1 standings >out && expect_out "game 1: $PIG, active"
'

# Every step of adding a game (src/games/game-table.c), checked on the
# table of shakeref-pig: its module, card, tests, league run, scenario,
# catalog lines and lists (gametable.sh, which reads files and the
# binary's tables alone: on SQLite).
test_expect_success 'Pig went through every step of adding a game (gametable.sh)' '
	{ SHAKEREF_MAN1="$MAN1" env -u SHAKEREF_TEST_PG \
	    sh "$SRCDIR/tests/cli/gametable.sh" >tap || :; } &&
	grep -q "^ok 2 - every game of the table" tap &&
	[ "$(grep -c "^ok" tap)" -ge 3 ] &&
	! grep "^not ok" tap
'

# Its scenario (tests/scenarios/pig-roll-or-bank-one-die-fixture-*.play,
# its standings worked out by hand in its comments): scenario.sh on
# shakeref-pig plays every scenario of its table, Pig's among them.
test_expect_success 'its scenario: transcript, undo and redo, export and import (scenario.sh)' '
	{ sh "$SRCDIR/tests/scenario.sh" >tap || :; } &&
	[ "$(grep -c "^ok [0-9]* - scenario $PIG-" tap)" -ge 4 ] &&
	! grep "^not ok" tap
'

# Every language: its catalog lines (words.sh: every msgid translated,
# the same bytes of --json in each, French elision in its scenario) and
# an evening in German and in qps with Pig's scenario among the plays
# (evening.sh: no English word; its title, "and" in it, is a name).
# Test file $1 on SQLite (on the file engine alone: no league variant)
# on shakeref-pig: no test failed, at least $2 passed, one named $3.
sqlite_suite() {
	{ env -u SHAKEREF_TEST_PG sh "$SRCDIR/tests/cli/$1" >tap || :; } &&
	grep -q "^ok [0-9]* - $3" tap &&
	[ "$(grep -c "^ok" tap)" -ge "$2" ] &&
	! grep "^not ok" tap
}

test_expect_success 'its catalog lines in every language (words.sh on shakeref-pig)' '
	sqlite_suite words.sh 40 "each catalog translates every msgid"
'

test_expect_success 'an evening in German and in qps with Pig (evening.sh on shakeref-pig)' '
	sqlite_suite evening.sh 6 "a German evening"
'
test_done
