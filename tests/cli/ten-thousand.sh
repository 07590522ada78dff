#!/bin/sh
# tests/cli/ten-thousand.sh: 10,000 through the binary: the verbs, every
# refusal's exit status, and that a refused entry records nothing.
. "$SRCDIR/tests/cli/lib.sh"
SQ="'"

test_expect_success 'new: the alias 10000 names ten-thousand' '
	expect_exit 0 sr new --game 10000 --players Ann,Bob,Cid &&
	expect_out "game 1: ten-thousand for Ann, Bob, Cid" &&
	expect_out "Round 1. Ann rolls 6 dice: roll 6 values" &&
	sr --json status >out &&
	json ".rules == \"ten-thousand\" and .round == 1" &&
	json ".options == {\"target\": \"10000\", \"four-pair\": \"on\", \"coach\": \"on\"}" &&
	json ".turn == \"Ann\" and .expect == [\"roll\"]" &&
	json ".turn_total == 0 and .dice_in_hand == 6 and .rolloff == null"
'

# TT-1 (and TT-2's best split) worked by hand: ROLL:KEEP:POINTS.  Each
# die beyond three doubles a triple: four 5s 500*2, five 5s 500*4, six 1s
# 1000*8, six 3s 300*8; four 2s and a pair of 5s are three pairs (1000)
# with four-pair on, 400 + 2*50 with it off; six 2s score as six of a
# kind (200*8 = 1600) either way.
test_expect_success 'TT-1: the scoring combinations through the binary' '
	for k in "1 2 2 3 4 6:1:100" "5 2 2 3 4 6:5:50" "1 5 2 3 4 6:1 5:150" \
	    "1 1 1 2 3 4:1 1 1:1000" "6 6 6 2 2 3:6 6 6:600" \
	    "4 4 4 4 2 3:4 4 4 4:800" "5 5 5 5 2 3:5 5 5 5:1000" \
	    "5 5 5 5 5 3:5 5 5 5 5:2000" "1 1 1 1 1 1:1 1 1 1 1 1:8000" \
	    "3 3 3 3 3 3:3 3 3 3 3 3:2400" "1 2 3 4 5 6:6 5 4 3 2 1:1000" \
	    "2 2 3 3 4 4:2 3 4 2 3 4:1000" "1 1 1 5 2 3:1 1 1 5:1050" \
	    "2 2 2 2 5 5:2 2 2 2 5 5:1000" \
	    "2 2 2 2 5 5:2 2 2 2 5 5:500:four-pair=off" \
	    "2 2 2 2 2 2:2 2 2 2 2 2:1600:four-pair=off"; do
		roll=${k%%:*} rest=${k#*:} &&
		keep=${rest%%:*} rest=${rest#*:} &&
		points=${rest%%:*} opt=${rest#"$points"} &&
		if test -n "$opt"; then
			sr new --game 10000 --players Ann,Bob \
			    --option ${opt#:} >/dev/null
		else
			sr new --game 10000 --players Ann,Bob >/dev/null
		fi &&
		sr roll $roll >/dev/null &&
		expect_exit 0 sr keep $keep &&
		sr --json status >out &&
		json ".turn_total == $points" || return 1
	done
'

test_expect_success 'TT-1: combinations count within one roll only' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	sr roll 1 1 2 3 4 6 >/dev/null && sr keep 1 1 >/dev/null &&
	sr roll 1 2 3 4 >/dev/null && expect_exit 0 sr keep 1 &&
	sr --json status >out &&
	json ".turn_total == 300 and .dice_in_hand == 3"
'

test_expect_success 'new: target and four-pair are checked, 2 players at least' '
	expect_exit 2 sr new --game 10000 --players Ann,Bob --option target=75 &&
	expect_err "target" &&
	expect_exit 2 sr new --game 10000 --players Ann,Bob --option target=0 &&
	expect_exit 2 sr new --game 10000 --players Ann,Bob \
	    --option target=1000050 &&
	expect_exit 2 sr new --game 10000 --players Ann,Bob \
	    --option four-pair=yes &&
	expect_err "four-pair" &&
	expect_exit 2 sr new --game 10000 --players Ann,Bob --option size=3 &&
	expect_exit 2 sr new --game 10000 --players Ann &&
	expect_exit 3 sr status &&
	expect_exit 0 sr new --game ten-thousand --players Ann,Bob \
	    --option target=50 --option four-pair=off &&
	sr --json status >out &&
	json ".options == {\"target\": \"50\", \"four-pair\": \"off\", \"coach\": \"on\"}"
'

test_expect_success 'TT-3: roll refusals exit 1, 2 or 3 and record nothing' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	expect_refused 1 "roll: expected 6 values (the dice in Ann'\''s hand), got 5" sr \
	    roll 1 2 3 4 5 &&
	expect_refused 1 "expected 6 values" sr roll 1 2 3 4 5 6 1 &&
	expect_refused 1 "roll: '\''7'\'' is not a face of a die (1 to 6)" sr \
	    roll 1 2 3 4 5 7 &&
	expect_refused 1 "not a face" sr roll 0 2 3 4 5 6 &&
	expect_refused 1 "without names" sr roll Ann=1 Bob=2 &&
	expect_refused 2 "not a number" sr roll 1 2 x 4 5 6 &&
	expect_refused 2 "roll" sr roll &&
	expect_refused 3 "not a player" sr roll Zed=1 &&
	expect_refused 1 "ten-thousand has no '\''place'\''" sr place 1 &&
	expect_refused 1 "ten-thousand has no '\''take'\''" sr take
'

test_expect_success 'TT-2, TT-3: keep refusals exit 1 or 2 and record nothing' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	expect_refused 1 "keep: '\''keep'\'' is not expected now" sr keep 1 &&
	sr roll 1 3 5 5 2 6 >/dev/null &&
	expect_refused 1 "keep: '\''3'\'' does not score in 1 3 5 5 2 6" sr keep 3 &&
	expect_refused 1 "'\''2'\'' does not score in 1 3 5 5 2 6" sr keep 1 5 5 2 &&
	expect_refused 1 "'\''1'\'' is not left in the roll 1 3 5 5 2 6" sr keep 1 1 &&
	expect_refused 1 "not a face" sr keep 9 &&
	expect_refused 2 "not a number" sr keep x &&
	expect_refused 2 "keep" sr keep &&
	expect_exit 0 sr keep 1 5 &&
	expect_out "Ann kept 1 5 for 150: turn 150, 4 dice left" &&
	expect_refused 1 "is not left in the roll 1 3 5 5 2 6 (kept already: 1 5)" sr \
	    keep 1 &&
	expect_exit 0 sr keep 5 &&
	expect_out "Ann kept 1 5 5 for 200: turn 200, 3 dice left" &&
	sr --json status >out &&
	json ".turn_total == 200 and .dice_in_hand == 3" &&
	json ".expect == [\"roll\", \"bank\"]"
'

test_expect_success 'TT-3, TT-6: bank and roll before a keep are refused' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	expect_refused 1 "bank: nothing scored yet this turn" sr bank &&
	expect_refused 2 "takes no arguments" sr bank now &&
	sr roll 2 2 2 1 3 4 >/dev/null &&
	expect_refused 1 "bank: keep at least one scoring die" sr bank &&
	expect_refused 1 "roll: keep at least one scoring die" sr roll 1 2 &&
	expect_refused 1 "'\''2'\'' does not score in 2 2 2 1 3 4" sr keep 2 &&
	expect_exit 0 sr keep 2 2 2 &&
	expect_exit 0 sr roll 5 6 6 &&
	expect_exit 0 sr keep 5 &&
	expect_out "Ann kept 5 for 50: turn 250, 2 dice left"
'

test_expect_success 'TT-3: a farkle loses the turn total, no roll-off' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	sr roll 5 2 3 4 6 6 >/dev/null && sr keep 5 >/dev/null &&
	expect_exit 0 sr roll 2 3 4 6 6 &&
	expect_out "Ann rolled 2 3 4 6 6: farkle, the turn total of 50 is lost; Bob rolls 6 dice" &&
	sr --json status >out &&
	json ".turn == \"Bob\" and .rolloff == null and .turn_total == 0" &&
	json "[.players[].score] == [0, 0]" &&
	expect_refused 1 "continue: '\''continue'\'' needs an open roll-off offer" sr \
	    continue
'

test_expect_success 'TT-4, TT-5: hot dice and doubles give six dice' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	sr roll 1 1 1 5 3 4 >/dev/null && sr keep 1 1 1 5 >/dev/null &&
	expect_exit 0 sr roll 3 3 &&
	expect_out "doubles on two dice, the hand is 6 again (TT-5)" &&
	sr --json status >out &&
	json ".turn_total == 1050 and .dice_in_hand == 6" &&
	json ".expect == [\"roll\", \"bank\"]" &&
	expect_refused 1 "expected 6 values" sr roll 1 2 &&
	expect_exit 0 sr roll 1 2 3 4 5 6 &&
	expect_exit 0 sr keep 1 2 3 4 5 6 &&
	expect_out "turn 2050, hot dice, 6 dice in hand (TT-4)"
'

test_expect_success 'TT-7: the roll-off: refusals, status, continue' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	sr roll 1 1 1 5 3 4 >/dev/null && sr keep 1 1 1 5 >/dev/null &&
	expect_exit 0 sr bank &&
	expect_out "Ann banked 1050: score 1050; Bob may roll off 1050 with 2 dice or start fresh" &&
	sr --json status >out &&
	json ".turn == \"Bob\" and .turn_total == 0 and .dice_in_hand == 6" &&
	json ".rolloff == {\"total\": 1050, \"dice\": 2}" &&
	json ".expect == [\"roll\", \"continue\", \"fresh\"]" &&
	expect_refused 1 "expected 2 values to continue from 1050 or 6 to start fresh, got 3" sr \
	    roll 1 2 3 &&
	expect_refused 1 "not expected now" sr bank &&
	expect_refused 2 "takes no arguments" sr continue 2 &&
	expect_exit 0 sr continue &&
	expect_out "Bob continues from 1050 with 2 dice" &&
	expect_refused 1 "needs an open roll-off offer" sr fresh &&
	expect_refused 1 "needs an open roll-off offer" sr continue &&
	expect_refused 1 "expected 2 values" sr roll 1 2 3 4 5 6 &&
	sr --json status >out &&
	json ".rolloff == null and .turn_total == 1050 and .dice_in_hand == 2" &&
	expect_exit 0 sr roll 4 4 &&
	expect_refused 1 "bank: nothing scored yet this turn" sr bank
'

test_expect_success 'TT-7: six values start fresh; status shows the advice' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	sr roll 5 2 3 4 6 6 >/dev/null && sr keep 5 >/dev/null &&
	sr bank >/dev/null &&
	expect_exit 0 sr status &&
	expect_out "Bob: roll off Ann'\''s 50 with 5 dice, or fresh with 6" &&
	expect_out "to win with best play" && expect_out "continue: " &&
	expect_out "coach: " &&
	expect_exit 0 sr roll 1 2 3 4 6 6 &&
	expect_out "Bob starts fresh; Bob rolled 1 2 3 4 6 6" &&
	sr --json status >out &&
	json ".turn_total == 0 and .dice_in_hand == 6 and .rolloff == null"
'

test_expect_success 'TT-8: the bank that reaches the target ends the game' '
	sr new --game 10000 --players Ann,Bob --option target=500 >/dev/null &&
	sr roll 5 5 5 2 3 4 >/dev/null && sr keep 5 5 5 >/dev/null &&
	expect_exit 0 sr bank &&
	expect_out "Ann banked 500: score 500, reaching 500: Ann wins (TT-8)" &&
	sr --json status >out &&
	json ".state == \"finished\" and .turn == null and .expect == []" &&
	expect_exit 3 sr roll 1 2 3 4 5 6 &&
	sr --json standings >out &&
	json ".winners == [\"Ann\"]" &&
	expect_exit 0 sr undo &&
	sr --json status >out &&
	json ".state == \"active\" and .turn == \"Ann\" and .turn_total == 500"
'

test_expect_success 'TT-6: after continue and doubles, status never says banking wins (issue 9)' '
	sr new --game 10000 --players Ann,Bob --option target=3000 >/dev/null &&
	printf "roll 1 1 1 1 2 3\nkeep 1 1 1 1\nbank\nfresh\nroll 1 1 1 1 2 3\nkeep 1 1 1 1\nbank\ncontinue\nroll 3 3\n" |
	    sr play >/dev/null &&
	expect_exit 0 sr status && ! grep -q "wins" out &&
	expect_out "no bank before a scoring keep this turn (TT-6)" &&
	expect_refused 1 "TT-6" sr bank &&
	sr roll 1 2 3 4 6 6 >/dev/null && sr keep 1 >/dev/null &&
	expect_exit 0 sr status &&
	expect_out "banking makes Ann${SQ}s score 4100 and wins"
'

test_done
