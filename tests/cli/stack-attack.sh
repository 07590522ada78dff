#!/bin/sh
# tests/cli/stack-attack.sh: Stack Attack through the binary: the verbs,
# every refusal's exit status, and that a refused entry records nothing.
. "$SRCDIR/tests/cli/lib.sh"

test_expect_success 'new: the alias tower names stack-attack' '
	expect_exit 0 sr new --game tower --players Ann,Bob,Cid &&
	expect_out "game 1: stack-attack for Ann, Bob, Cid" &&
	expect_out "Round 1. Ann rolls: roll 5 values" &&
	sr --json status >out &&
	json ".rules == \"stack-attack\" and .options.target == \"20\"" &&
	json ".tower == [] and .top == null" &&
	json ".in_hand == {\"Ann\": 5, \"Bob\": 5, \"Cid\": 5}" &&
	json ".turn == \"Ann\" and .expect == [\"roll\", \"fall\"]"
'

test_expect_success 'SA-1: two players: the base shows 6, four hold 4 dice' '
	sr new --game stack-attack --players Ann,Bob >/dev/null &&
	sr --json status >out &&
	json ".top == 6 and .tower == [] and .in_hand.Bob == 5" &&
	sr new --game stack-attack --players Ann,Bob,Cid,Dan >/dev/null &&
	sr --json status >out &&
	json "[.in_hand[]] == [4, 4, 4, 4]"
'

test_expect_success 'new: target is checked, players 2 to 4' '
	expect_exit 2 sr new --game tower --players Ann,Bob --option target=0 &&
	expect_err "target" &&
	expect_exit 2 sr new --game tower --players Ann,Bob \
	    --option target=1001 &&
	expect_exit 2 sr new --game tower --players Ann,Bob --option size=3 &&
	expect_exit 2 sr new --game tower --players Ann &&
	expect_exit 2 sr new --game tower --players A,B,C,D,E &&
	expect_exit 3 sr status &&
	expect_exit 0 sr new --game tower --players Ann,Bob \
	    --option target=1000 &&
	sr --json status >out && json ".options.target == \"1000\""
'

test_expect_success 'SA-2: roll refusals exit 1 or 2 and record nothing' '
	sr new --game tower --players Ann,Bob,Cid >/dev/null &&
	expect_refused 1 "roll: expected 5 values (the dice Ann holds), got 4" sr \
	    roll 1 2 3 4 &&
	expect_refused 1 "expected 5 values" sr roll 1 2 3 4 5 6 &&
	expect_refused 1 "roll: '\''7'\'' is not a face of a die (1 to 6)" sr \
	    roll 1 2 3 4 7 &&
	expect_refused 1 "not a face" sr roll 0 1 1 1 1 &&
	expect_refused 1 "without names" sr roll Ann=1 Ann=2 Ann=3 Ann=4 Ann=5 &&
	expect_refused 2 "not a number" sr roll 1 2 x 4 5 &&
	expect_refused 2 "roll" sr roll &&
	expect_refused 3 "not a player" sr roll Zed=1 &&
	expect_refused 1 "stack-attack has no '\''keep'\''" sr keep 1 &&
	expect_refused 1 "stack-attack has no '\''take'\''" sr take
'

test_expect_success 'SA-2: no qualifying die: the turn passes' '
	sr new --game tower --players Ann,Bob,Cid >/dev/null &&
	expect_exit 0 sr roll 2 3 4 5 6 &&
	expect_out "nothing qualifies on the empty plate, the turn passes to Bob" &&
	sr --json status >out && json ".turn == \"Bob\""
'

test_expect_success 'SA-3: place refusals exit 1 or 2 and record nothing' '
	sr new --game tower --players Ann,Bob,Cid >/dev/null &&
	expect_refused 1 "'\''place'\'' is not expected now" sr place 1 &&
	sr roll 1 2 3 4 6 >/dev/null && sr place 1 2 3 4 >/dev/null &&
	sr roll 2 3 3 5 6 >/dev/null &&
	expect_refused 1 "place: '\''3'\'' (die 3 of the chain) cannot go on 6: expected a 5 (SA-3)" sr \
	    place 5 6 3 &&
	expect_refused 1 "'\''2'\'' (die 1 of the chain) cannot go on 4" sr place 2 &&
	expect_refused 1 "'\''4'\'' is not in the roll 2 3 3 5 6" sr place 3 4 &&
	expect_refused 1 "'\''2'\'' is in the roll 2 3 3 5 6 only once" sr \
	    place 3 2 3 2 &&
	expect_refused 1 "'\''roll'\'' is not expected now" sr roll 1 1 1 1 1 &&
	expect_refused 2 "place" sr place &&
	expect_refused 2 "not a number" sr place three &&
	expect_exit 0 sr place 3 2 3 &&
	expect_out "Bob places 3 2 3: 3 on top, 7 in the tower; Bob holds 2" &&
	sr --json status >out &&
	json ".tower == [1, 2, 3, 4, 3, 2, 3] and .top == 3" &&
	json ".in_hand == {\"Ann\": 1, \"Bob\": 2, \"Cid\": 5}"
'

test_expect_success 'status shows the tower with owners and the hands' '
	sr new --game tower --players Ann,Bob >/dev/null &&
	sr roll 5 4 1 1 1 >/dev/null && sr place 5 4 >/dev/null &&
	expect_exit 0 sr status &&
	expect_out "tower, bottom to top: base (6), 5 Ann, 4 Ann" &&
	expect_out "in hand: Ann 3, Bob 5" &&
	expect_out "chance to roll at least one qualifying die"
'

test_expect_success 'SA-4: fall refusals and a fall through the binary' '
	sr new --game tower --players Ann,Bob,Cid >/dev/null &&
	expect_refused 1 "fall: nobody has placed a die this round" sr fall &&
	expect_refused 3 "not a player" sr fall Zed &&
	expect_refused 2 "at most one NAME" sr fall Ann Bob &&
	sr roll 1 2 3 5 5 >/dev/null && sr place 1 2 3 >/dev/null &&
	sr roll 4 4 6 6 6 >/dev/null && sr place 4 >/dev/null &&
	expect_exit 0 sr fall &&
	expect_out "the tower falls: Bob scores 0, Ann 3, Cid 0 (SA-4)" &&
	expect_out "Round 2. Bob rolls" &&
	sr --json history >out &&
	json ".entries[-1].verb == \"fall\" and .entries[-1].player == null" &&
	sr --json status >out &&
	json ".players[0].score == 3 and .round == 2 and .turn == \"Bob\""
'

test_expect_success 'SA-7: a tie-break round, then the game is over (exit 3)' '
	sr new --game tower --players Ann,Bob,Cid --option target=1 \
	    >/dev/null &&
	printf "%s\n" "roll 1 6 6 6 6" "place 1" "roll 2 6 6 6 6" "place 2" \
	    "fall Cid" | sr play >/dev/null &&
	sr --json status >out &&
	json ".round == 2 and .turn == \"Ann\" and .top == 6" &&
	json ".in_hand == {\"Ann\": 5, \"Bob\": 5}" &&
	expect_refused 1 "Cid does not play in this tie-break round" sr fall Cid &&
	printf "%s\n" "roll 5 1 1 1 1" "place 5" "roll 4 1 1 1 1" "place 4" \
	    "fall Ann" | sr play >/dev/null &&
	sr --json standings >out &&
	json ".state == \"finished\" and .winners == [\"Bob\"]" &&
	expect_refused 3 "over" sr roll 1 2 3 4 5 &&
	expect_refused 3 "over" sr fall Ann
'

test_expect_success 'undo and redo through the binary' '
	sr new --game tower --players Ann,Bob >/dev/null &&
	sr roll 5 4 3 2 1 >/dev/null &&
	sr place 5 4 3 2 1 >/dev/null &&
	sr --json status >out && json ".players[0].score == 5" &&
	expect_exit 0 sr undo &&
	sr --json status >out &&
	json ".players[0].score == 0 and .expect == [\"place\", \"fall\"]" &&
	expect_exit 0 sr redo &&
	sr --json status >out &&
	json ".players[0].score == 5 and .turn == \"Bob\""
'

test_expect_success 'play stops at the first refused line with its status' '
	sr new --game tower --players Ann,Bob >/dev/null &&
	printf "%s\n" "roll 5 4 1 1 1" "place 4" "place 5" |
	    { sr play >out 2>err; echo $? >status; } &&
	[ "$(cat status)" -eq 1 ] &&
	expect_err "cannot go on 6" &&
	sr --json history >out && json ".entries | length == 1"
'
test_done
