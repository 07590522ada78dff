#!/bin/sh
# tests/cli/shake-up.sh: Shake Up through the binary: the verbs, every
# refusal's exit status, and that a refused entry records nothing.
. "$SRCDIR/tests/cli/lib.sh"

# A game of Ann and Bob on the given options where Ann starts.
ann_starts() {
	sr new --game shake-up --players Ann,Bob "$@" >/dev/null &&
	sr roll 6 1 >/dev/null
}

test_expect_success 'new: shake-up, its options and status keys' '
	expect_exit 0 sr new --game shake-up --players Ann,Bob,Cid &&
	expect_out "game 1: shake-up for Ann, Bob, Cid" &&
	expect_out "Start roll: one die each for Ann, Bob and Cid (the highest starts)" &&
	sr --json status >out &&
	json ".rules == \"shake-up\" and .round == 1 and .turn == null" &&
	json ".expect == [\"roll\"]" &&
	json ".options == {\"levels\": \"5\", \"reroll\": \"locked\", \"coach\": \"on\"}" &&
	json ".levels == 5 and .shakes_left == 0 and .hand == []" &&
	json ".pawns == {\"Ann\": [1,1,1,1,1], \"Bob\": [1,1,1,1,1], \"Cid\": [1,1,1,1,1]}" &&
	json "[.players[].score] == [0, 0, 0]"
'

test_expect_success 'new: levels and reroll are checked, players 2 to 4' '
	expect_exit 2 sr new --game shake-up --players Ann,Bob --option levels=1 &&
	expect_err "levels" &&
	expect_exit 2 sr new --game shake-up --players Ann,Bob --option levels=10 &&
	expect_exit 2 sr new --game shake-up --players Ann,Bob --option reroll=maybe &&
	expect_err "reroll" &&
	expect_exit 2 sr new --game shake-up --players Ann &&
	expect_exit 2 sr new --game shake-up --players A,B,C,D,E &&
	expect_exit 3 sr status &&
	expect_exit 0 sr new --game shake-up --players Ann,Bob \
	    --option levels=9 --option reroll=free &&
	sr --json status >out &&
	json ".levels == 9 and .options.reroll == \"free\""
'

test_expect_success 'SU-2: start roll refusals record nothing; a tie re-rolls' '
	sr new --game shake-up --players Ann,Bob,Cid >/dev/null &&
	expect_refused 1 "roll: expected 3 values (Ann, Bob, Cid), got 2" sr roll 1 2 &&
	expect_refused 1 "roll: '\''7'\'' is not a face of a die (1 to 6)" sr roll 1 2 7 &&
	expect_refused 1 "Ann is named twice" sr roll Ann=1 Ann=2 Bob=3 &&
	expect_refused 2 "not a number" sr roll 1 2 x &&
	expect_refused 2 "roll" sr roll &&
	expect_refused 3 "not a player" sr roll Zed=1 Ann=2 Bob=3 &&
	expect_refused 1 "'\''keep'\'' is not expected now" sr keep 1 &&
	expect_refused 1 "shake-up has no '\''take'\''" sr take &&
	expect_refused 1 "shake-up has no '\''place'\''" sr place 1 &&
	expect_exit 0 sr roll 5 2 5 &&
	expect_out "Ann and Cid tie on 5 and roll again (SU-2)" &&
	expect_refused 1 "Bob does not roll now" sr roll Bob=3 Ann=2 &&
	expect_exit 0 sr roll Cid=6 Ann=3 &&
	expect_out "Cid rolls highest (6) and starts" &&
	sr --json status >out &&
	json ".turn == \"Cid\" and .shakes_left == 3 and .expect == [\"roll\"]"
'

test_expect_success 'SU-3: shake and keep refusals exit 1 or 2 and record nothing' '
	ann_starts &&
	expect_refused 1 "'\''stand'\'' is not expected now" sr stand &&
	expect_refused 1 "expected 4 values (the dice Ann does not hold), got 3" sr roll 1 2 3 &&
	expect_refused 1 "'\''0'\'' is not a face of a die" sr roll 0 1 2 3 &&
	expect_refused 2 "takes no arguments" sr stand 1 &&
	expect_exit 0 sr roll 6 3 5 1 &&
	expect_out "Ann shakes 1 3 5 6" &&
	expect_refused 1 "keep: '\''2'\'' is not among the dice of the last shake not yet held (1 3 5 6)" sr keep 2 &&
	expect_refused 2 "not a number" sr keep five &&
	expect_refused 2 "keep" sr keep &&
	expect_exit 0 sr keep 5 6 &&
	expect_out "Ann holds 5 6, 2 dice to shake" &&
	sr --json status >out &&
	json ".hand == [5, 6, 1, 3] and .shakes_left == 2" &&
	json ".expect == [\"roll\", \"keep\", \"stand\"]" &&
	expect_refused 1 "expected 2 values" sr roll 1 2 3 4 &&
	expect_exit 0 sr roll 4 4 &&
	expect_exit 0 sr roll 3 4 &&
	expect_out "that was the third shake; Ann has a run of four (A)" &&
	expect_refused 1 "stand: the hand is final" sr stand &&
	expect_refused 1 "keep: the hand is final" sr keep 3 &&
	sr --json status >out &&
	json ".hand == [5, 6, 3, 4] and .shakes_left == 0 and .expect == [\"move\"]"
'

test_expect_success 'SU-3: reroll=free: keep names the whole held set' '
	ann_starts --option reroll=free &&
	sr roll 1 2 5 6 >/dev/null && sr keep 5 6 >/dev/null &&
	sr roll 1 1 >/dev/null &&
	expect_exit 0 sr keep 1 1 &&
	sr --json status >out && json ".hand == [1, 1, 5, 6]" &&
	expect_refused 1 "'\''2'\'' is not in Ann'\''s hand 1 1 5 6" sr keep 2
'

test_expect_success 'SU-5, SU-8: move and penalize refusals record nothing' '
	ann_starts &&
	sr roll 1 1 1 2 >/dev/null && sr stand >/dev/null &&
	sr move 1 >/dev/null &&
	sr roll 1 1 3 6 >/dev/null && sr stand >/dev/null &&
	sr roll 1 1 5 6 >/dev/null && sr roll 1 2 3 4 >/dev/null &&
	expect_exit 0 sr stand &&
	expect_out "Ann has a run of four (A): move one pawn up" &&
	expect_refused 1 "move: Ann has one pawn on level 2 (two-pawn rule)" sr move 2 &&
	expect_refused 1 "Ann has no pawn on level 3" sr move 3 &&
	expect_refused 1 "'\''5'\'' is not a level a pawn can move up from (1 to 4; level 5 is safe)" sr move 5 &&
	expect_refused 2 "not a number" sr move x &&
	expect_refused 2 "expected one LEVEL" sr move &&
	expect_refused 2 "expected one LEVEL" sr move 1 2 &&
	expect_refused 1 "'\''again'\'' is not expected now" sr again &&
	expect_refused 1 "'\''pass'\'' is not expected now" sr pass &&
	expect_exit 0 sr move 1 &&
	sr --json status >out &&
	json ".expect == [\"again\", \"pass\"] and .turn == \"Ann\"" &&
	expect_refused 1 "no opponent has a pawn above level 1" sr penalize Bob 2 &&
	expect_exit 0 sr pass &&
	expect_out "Ann passes; Bob" &&
	sr roll 2 2 2 2 >/dev/null && sr roll 2 2 2 2 >/dev/null &&
	sr stand >/dev/null && sr move 1 >/dev/null &&
	sr --json status >out &&
	json ".expect == [\"again\", \"penalize\", \"pass\"]" &&
	expect_refused 1 "Bob cannot penalize their own pawn" sr penalize Bob 2 &&
	expect_refused 1 "name a level above 1" sr penalize Ann 1 &&
	expect_refused 1 "safe pawns cannot be penalized" sr penalize Ann 5 &&
	expect_refused 1 "Ann has no pawn on level 3" sr penalize Ann 3 &&
	expect_refused 3 "not a player" sr penalize Zed 2 &&
	expect_refused 2 "expected NAME LEVEL" sr penalize Ann &&
	expect_refused 2 "not a number" sr penalize Ann two &&
	expect_exit 0 sr penalize Ann 2 &&
	expect_out "Bob sends Ann'\''s pawn on level 2 back to level 1; Ann'\''s turn" &&
	sr --json status >out &&
	json ".pawns.Ann == [1,1,1,1,2] and .pawns.Bob == [1,1,1,1,2]" &&
	json ".round == 3 and .turn == \"Ann\""
'

test_expect_success 'SU-6: special advantage: move, penalize, again' '
	ann_starts &&
	sr roll 1 1 1 2 >/dev/null && sr stand >/dev/null &&
	sr move 1 >/dev/null &&
	sr roll 3 4 5 6 >/dev/null &&
	expect_exit 0 sr stand &&
	expect_out "special advantage (SU-6)" &&
	sr move 1 >/dev/null &&
	expect_exit 0 sr penalize Ann 2 &&
	sr --json status >out &&
	json ".turn == \"Bob\" and .expect == [\"again\", \"pass\"]" &&
	expect_refused 1 "'\''penalize'\'' is not expected now" sr penalize Ann 2 &&
	expect_exit 0 sr again &&
	sr --json status >out &&
	json ".turn == \"Bob\" and .shakes_left == 3 and .round == 1"
'

# SU-4 worked by hand: each hand's class, best first (a run of three with
# a pair in it is a run of three, B, not one pair, C).
test_expect_success 'SU-4: the referee classifies the final hand, best first' '
	for h in "1 2 3 4:a run of four (A)" "3 4 5 6:a run of four (A)" \
	    "2 2 2 2:four of a kind (A)" "1 2 3 5:a run of three (B)" \
	    "2 3 4 4:a run of three (B)" "4 4 4 1:three of a kind (B)" \
	    "2 2 5 5:two pair (B)" "1 1 3 6:one pair (C)" \
	    "1 2 4 6:no combination (D)" "6 5 3 1:no combination (D)"; do
		ann_starts &&
		sr roll ${h%%:*} >/dev/null &&
		expect_exit 0 sr stand &&
		expect_out "Ann has ${h#*:}" &&
		sr --json status >out &&
		case $h in
		*"(A)"|*"(B)") json ".turn == \"Ann\" and .expect == [\"move\"]" ;;
		*) json ".turn == \"Bob\" and .expect == [\"roll\"]" ;;
		esac || return 1
	done &&
	ann_starts &&
	sr roll 1 2 5 5 >/dev/null && sr keep 1 2 >/dev/null &&
	sr roll 3 6 >/dev/null && sr keep 3 >/dev/null &&
	expect_exit 0 sr roll 4 &&
	expect_out "Ann has a run of four (A): move one pawn up" &&
	sr --json status >out && json ".hand == [1, 2, 3, 4] and .shakes_left == 0"
'

test_expect_success 'SU-7: a (D) hand sends the highest pawn back' '
	ann_starts &&
	sr roll 1 1 1 2 >/dev/null && sr stand >/dev/null &&
	sr move 1 >/dev/null &&
	sr roll 1 1 3 6 >/dev/null && sr stand >/dev/null &&
	sr roll 1 2 4 6 >/dev/null &&
	expect_exit 0 sr stand &&
	expect_out "no combination (D): penalty, the pawn on level 2 goes back to level 1" &&
	sr --json status >out &&
	json ".pawns.Ann == [1,1,1,1,1] and .turn == \"Bob\" and .hand == []"
'

test_expect_success 'SU-10: the win ends the game; status draws the pyramid' '
	ann_starts --option levels=2 &&
	for i in 1 2 3 4; do
		sr roll 6 6 6 1 >/dev/null && sr stand >/dev/null &&
		sr move 1 >/dev/null &&
		sr roll 1 1 2 6 >/dev/null && sr stand >/dev/null || exit 1
	done &&
	expect_exit 0 sr status &&
	expect_out " safe   oooo   ." &&
	expect_out "    1   o      ooooo" &&
	sr roll 6 6 6 1 >/dev/null && sr stand >/dev/null &&
	expect_exit 0 sr move 1 &&
	expect_out "all 5 pawns are safe: Ann wins (SU-10)" &&
	expect_refused 3 "the game is over" sr roll 1 2 3 4 &&
	sr --json standings >out &&
	json ".winners == [\"Ann\"] and .players[0].score == 5" &&
	expect_exit 0 sr undo &&
	sr --json status >out &&
	json ".state == \"active\" and .expect == [\"move\"]" &&
	expect_exit 0 sr redo &&
	sr --json status >out &&
	json ".state == \"finished\" and .turn == null and .expect == []"
'

test_done
