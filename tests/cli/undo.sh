#!/bin/sh
# tests/cli/undo.sh: undo and redo as SPEC.md fixes them: entries of their
# own (args = [the target's n]), repeatable back to the first entry, redo
# refused after a new game verb, both on a finished game.
. "$SRCDIR/tests/cli/lib.sh"

# Ten rounds of Ann 10, Bob 20, both take (SH-6), then the All Shake
# round's two passes (SH-8): Bob wins 200 to 100 (SH-10).
two_player_game() {
	for r in 1 2 3 4 5 6 7 8 9 10; do
		echo "roll 10 20"
		echo take
		echo take
	done
	echo pass
	echo pass
}

test_expect_success 'undo takes back the latest entry: the state is as before it' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 10 20 30 >/dev/null &&
	sr --json status >before.json &&
	sr take >/dev/null &&
	sr --json status >out && json ".players[2].score == 30" &&
	expect_exit 0 sr undo && expect_out "undid entry 2" &&
	expect_out "Round 1. Cid rolled 30 and chooses" &&
	sr --json status >after.json && cmp before.json after.json
'

test_expect_success 'undo is an entry of its own: args [target n], player null; the target is undone' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr undo >/dev/null &&
	sr --json history >out &&
	json ".entries | length == 3" &&
	json ".entries[2] | .n == 3 and .verb == \"undo\" and .args == [\"2\"] and .player == null and .undone == false" &&
	json "[.entries[].undone] == [false, true, false]" &&
	sr history >out && grep -q "(undone)" out
'

test_expect_success 'redo restores the latest undone entry: a row of its own, target no longer undone' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr --json status >before.json &&
	sr undo >/dev/null &&
	expect_exit 0 sr redo && expect_out "redid entry 2" &&
	sr --json status >after.json && cmp before.json after.json &&
	sr --json history >out &&
	json ".entries[3] | .verb == \"redo\" and .args == [\"2\"] and .player == null" &&
	json "[.entries[].undone] == [false, false, false, false]"
'

test_expect_success 'undo repeats back to the first entry, then exits 1' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr --json status >fresh.json &&
	expect_exit 1 sr undo && one_err_line &&
	expect_err "shakeref: undo: nothing to undo" &&
	sr roll 10 20 >/dev/null && sr take >/dev/null && sr take >/dev/null &&
	sr roll 30 20 >/dev/null &&
	expect_exit 0 sr undo && expect_out "undid entry 4" &&
	expect_exit 0 sr undo && expect_out "undid entry 3" &&
	expect_exit 0 sr undo && expect_out "undid entry 2" &&
	expect_exit 0 sr undo && expect_out "undid entry 1" &&
	sr --json status >out && cmp out fresh.json &&
	sr --json history >before.json &&
	expect_exit 1 sr undo && expect_err "nothing to undo" &&
	sr --json history >after.json && cmp before.json after.json &&
	json ".entries | length == 8" <after.json &&
	jq -e "[.entries[].args[0]] == [\"10\",null,null,\"30\",\"4\",\"3\",\"2\",\"1\"]" after.json
'

test_expect_success 'redo restores the undone entries latest first, then exits 1' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_exit 1 sr redo && one_err_line &&
	expect_err "shakeref: redo: nothing to redo" &&
	sr roll 10 20 >/dev/null && sr take >/dev/null && sr take >/dev/null &&
	sr --json status >before.json &&
	sr undo >/dev/null && sr undo >/dev/null && sr undo >/dev/null &&
	expect_exit 0 sr redo && expect_out "redid entry 1" &&
	expect_exit 0 sr redo && expect_out "redid entry 2" &&
	expect_exit 0 sr redo && expect_out "redid entry 3" &&
	sr --json status >after.json && cmp before.json after.json &&
	expect_exit 1 sr redo && expect_err "nothing to redo"
'

test_expect_success 'redo is refused once a game verb is accepted after the undo' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr undo >/dev/null &&
	sr shake >/dev/null &&
	sr --json history >before.json &&
	expect_exit 1 sr redo && one_err_line && expect_err "nothing to redo" &&
	sr --json history >after.json && cmp before.json after.json &&
	jq -e "[.entries[].undone] == [false, true, false, false]" after.json
'

test_expect_success 'a refused entry or a status between undo and redo does not stop redo' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr undo >/dev/null &&
	expect_exit 1 sr bank && expect_exit 2 sr take 5 &&
	expect_exit 1 sr roll 1 2 3 && sr status >/dev/null &&
	expect_exit 0 sr redo && expect_out "redid entry 2"
'

test_expect_success 'a note or a title between undo and redo does not stop redo (only a game verb does)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr undo >/dev/null &&
	expect_exit 0 sr note Bob thinks it over &&
	expect_exit 0 sr title Friday &&
	expect_exit 0 sr redo && expect_out "redid entry 2 (Bob: take)" &&
	sr --json status >out &&
	json ".players == [{\"name\": \"Ann\", \"score\": 0}, {\"name\": \"Bob\", \"score\": 20}]" &&
	json ".turn == \"Ann\"" &&
	sr --json history >out &&
	json "[.entries[] | [.verb, .undone]] == [[\"roll\", false], [\"take\", false], [\"undo\", false], [\"note\", false], [\"title\", false], [\"redo\", false]]" &&
	expect_exit 0 sr check &&
	expect_exit 0 sr undo && expect_out "undid entry 2 (Bob: take)" &&
	sr --json status >out && json ".players[1].score == 0"
'

test_expect_success 'abandon between undo and redo does not stop redo; undo then ends the redone entry first' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr undo >/dev/null && sr abandon >/dev/null &&
	expect_exit 0 sr redo && expect_out "redid entry 2 (Bob: take)" &&
	sr --json status >out &&
	json ".state == \"abandoned\" and .players[1].score == 20" &&
	expect_exit 0 sr undo && expect_out "undid entry 2" &&
	expect_exit 0 sr undo && expect_out "undid entry 4 (abandon)" &&
	sr --json status >out && json ".state == \"active\" and .players[1].score == 0" &&
	expect_exit 0 sr check
'

test_expect_success 'a rename, or a title or abandon repeating an undone one, stops redo' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr undo >/dev/null && sr rename Ann Anna >/dev/null &&
	expect_refused 1 "nothing to redo" sr redo &&
	sr title Friday >/dev/null && sr undo >/dev/null &&
	sr title Friday >/dev/null &&
	expect_refused 1 "nothing to redo" sr redo &&
	sr abandon >/dev/null && sr undo >/dev/null &&
	sr abandon >/dev/null &&
	expect_refused 1 "nothing to redo" sr redo &&
	expect_exit 0 sr check
'

test_expect_success 'after a new entry, undo then redo restores that entry, not the older one' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr undo >/dev/null &&
	sr shake >/dev/null &&
	expect_exit 0 sr undo && expect_out "undid entry 4 (Bob: shake)" &&
	expect_exit 0 sr redo && expect_out "redid entry 4 (Bob: shake)" &&
	expect_exit 1 sr redo
'

test_expect_success 'undo and redo do not take back undo or redo rows' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr undo >/dev/null && sr redo >/dev/null &&
	expect_exit 0 sr undo && expect_out "undid entry 2" &&
	expect_exit 0 sr undo && expect_out "undid entry 1"
'

test_expect_success 'undo works on a finished game and makes it active again; redo ends it again' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr --json status >over.json && jq -e ".state == \"finished\"" over.json &&
	sr --json standings --all-time >out && json ".players | length == 2" &&
	expect_exit 0 sr undo && expect_out "undid entry 32 (Ann: pass)" &&
	sr --json status >out &&
	json ".state == \"active\" and .turn == \"Ann\" and .expect == [\"roll\",\"pass\"]" &&
	sr --json standings >out && json ".winners == [] and .state == \"active\"" &&
	sr --json games >out && json "[.games[].game] == [1]" &&
	sr --json standings --all-time >out && json ".players == []" &&
	expect_exit 0 sr redo && expect_out "redid entry 32" &&
	expect_out "Bob wins with 200" &&
	sr --json status >out && cmp out over.json &&
	sr --json standings --all-time >out &&
	json "[.players[] | [.name, .played, .won]] == [[\"Bob\",1,1],[\"Ann\",1,0]]" &&
	sr --json games >out && json ".games == []"
'

test_expect_success 'undo and redo on a finished game, several times over' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr undo >/dev/null && sr undo >/dev/null && sr undo >/dev/null &&
	sr --json status >out &&
	json ".round == 10 and .state == \"active\" and .turn == \"Ann\"" &&
	json ".expect == [\"take\",\"shake\"]" &&
	sr redo >/dev/null && sr redo >/dev/null && sr redo >/dev/null &&
	sr --json status >out && json ".state == \"finished\"" &&
	expect_exit 1 sr redo && expect_exit 3 sr take
'

test_expect_success 'undo of a round-opening roll takes the round back (SH-4, SH-5)' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 20 20 30 >/dev/null &&
	sr --json status >out && json "[.players[].score] == [20, 20, 0]" &&
	sr undo >/dev/null &&
	sr --json status >out &&
	json "[.players[].score] == [0, 0, 0] and .expect == [\"roll\"]"
'

test_expect_success 'undo and redo with -g act on that game only' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	sr new --game shake --players Cid,Dee >/dev/null &&
	sr roll 30 40 >/dev/null &&
	expect_exit 0 sr -g 1 undo && expect_out "undid entry 1" &&
	sr --json -g 1 history >out && json "[.entries[].undone] == [true, false]" &&
	sr --json history >out && json ".game == 2 and ([.entries[].undone] == [false])" &&
	expect_exit 0 sr redo -g 1 && sr --json -g 1 status >out &&
	json ".turn == \"Bob\""
'
test_done
