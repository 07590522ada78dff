#!/bin/sh
# tests/cli/shake.sh: Shake through the binary.
. "$SRCDIR/tests/cli/lib.sh"

test_expect_success 'SH-5 through the binary: matched dice score' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	expect_exit 0 sr roll 40 40 60 &&
	expect_out "Ann and Bob match on 40" &&
	sr --json status >out && json ".players[0].score == 40"
'
# SH-3 worked by hand: Ann rolls 10 and Bob 20 every round and both take
# (SH-6), so after round r Ann has 10r and Bob 20r; after round 10 (Ann
# 100, Bob 200) comes the All Shake round, numbered 11, Bob first (SH-8),
# and after its two passes the game is over.
test_expect_success 'SH-3: ten rounds, then the All Shake round' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	for r in 1 2 3 4 5 6 7 8 9 10; do
		sr --json status >out &&
		json ".round == $r and .turn == null and .expect == [\"roll\"]" &&
		sr roll 10 20 >/dev/null && sr take >/dev/null &&
		sr --json status >out &&
		json ".round == $r and .turn == \"Ann\"" &&
		sr take >/dev/null &&
		sr --json status >out &&
		json ".players[0].score == 10 * $r and .players[1].score == 20 * $r" ||
		return 1
	done &&
	json ".round == 11 and .turn == \"Bob\" and .expect == [\"roll\", \"pass\"]" &&
	expect_exit 1 sr shake && expect_err "SH-8" &&
	expect_exit 0 sr pass &&
	sr --json status >out &&
	json ".round == 11 and .turn == \"Ann\" and .state == \"active\"" &&
	expect_exit 0 sr pass &&
	sr --json status >out &&
	json ".round == 11 and .state == \"finished\" and .expect == []" &&
	sr --json standings >out && json ".winners == [\"Bob\"]" &&
	expect_exit 3 sr roll 10 20
'

test_expect_success 'SH-2: status odds are exact with shake-faces=4 and 5 (issue 9)' '
	sr new --game shake --players Ann,Bob --option shake-faces=4 >/dev/null &&
	sr roll 10 20 >/dev/null && expect_exit 0 sr status &&
	expect_out "coach: shake: worth 10735.3 on average, banking once the total reaches 29160; the die is worth 20" &&
	test "$(grep -c "worth 10735.3" out)" = 1 &&
	sr new --game shake --players Ann,Bob --option shake-faces=5 >/dev/null &&
	sr roll 10 20 >/dev/null && sr shake >/dev/null &&
	sr roll 10 0 0 0 0 0 >/dev/null && expect_exit 0 sr status &&
	expect_out "craps out 0.0021% of the time" &&
	expect_out "while the total is under 2332800: shake on, and bank once it reaches 2332800."
'

test_expect_success 'SH-4: a refusal naming six players of 32 four-byte characters comes out whole' '
	die=$(printf "\360\237\216\262") && d31= &&
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31; do
		d31="$d31$die" || return 1
	done &&
	sr new --game shake --players "${d31}A,${d31}B,${d31}C,${d31}D,${d31}E,${d31}F" >/dev/null &&
	expect_refused 1 "got 2" sr roll 20 30 &&
	printf "shakeref: roll: expected 6 values (%sA, %sB, %sC, %sD, %sE, %sF), got 2\n" \
	    "$d31" "$d31" "$d31" "$d31" "$d31" "$d31" >want &&
	expect_same want err &&
	expect_exit 0 sr status &&
	printf "Round 1. Roll the colored dice: one value each for %sA, %sB, %sC, %sD, %sE and %sF\n" \
	    "$d31" "$d31" "$d31" "$d31" "$d31" "$d31" >want &&
	grep -F "Round 1." out >got && expect_same want got
'

test_done
