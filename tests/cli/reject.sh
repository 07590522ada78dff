#!/bin/sh
# tests/cli/reject.sh: every kind of rejected entry (usage 2, data 3,
# rules 1) records nothing: `history --json` and `status --json` are the
# same before and after, stderr is one line `shakeref: VERB: ...`.
# Shake reaches every phase of the core's write path.
. "$SRCDIR/tests/cli/lib.sh"

# Expect CMD... (after the status $1) to be rejected with that exit status
# and one line on stderr, leaving history and status unchanged.
rejected() {
	want=$1
	shift
	sr --json history >h.before && sr --json status >s.before &&
	expect_exit "$want" sr "$@" && one_err_line && test ! -s out &&
	sr --json history >h.after && sr --json status >s.after &&
	cmp -s h.before h.after && cmp -s s.before s.after ||
	    { echo "# recorded something or printed wrong: $*"; return 1; }
}

# Three players; ten rounds where Ann and Bob match on 20 (SH-5) and Cid
# takes 10 (SH-6): Ann 200, Bob 200, Cid 100 after round 10, so Ann and
# Bob tie (SH-9).
tie_game() {
	for r in 1 2 3 4 5 6 7 8 9 10; do
		echo "roll 20 20 10"
		echo take
	done
}

test_expect_success 'at a round start: usage errors (2) record nothing' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null && sr take >/dev/null &&
	rejected 2 roll && rejected 2 roll x 20 && rejected 2 roll 10 -20 &&
	rejected 2 roll 10 2.0 && rejected 2 roll Ann=10 20 &&
	rejected 2 roll Ann=x Bob=10 && rejected 2 roll "" 10 &&
	rejected 2 take 1 && rejected 2 shake now && rejected 2 bank all &&
	rejected 2 pass 0 && rejected 2 order && rejected 2 undo 3 &&
	rejected 2 redo 3
'

test_expect_success 'data errors (3) record nothing: a NAME not a player, no such game' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	rejected 3 roll Ann=10 Zed=20 && rejected 3 order Zed &&
	rejected 3 -g 2 take && rejected 3 -g 2 roll 10 20 &&
	expect_err "no game 2"
'

test_expect_success 'SH-1 SH-4: a colored roll needs one face (10..60 or 1..6) per player' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	rejected 1 roll 10 20 && expect_err "expected 3 values (Ann, Bob, Cid), got 2" &&
	rejected 1 roll 10 20 30 40 &&
	rejected 1 roll 70 20 30 && expect_err "'\''70'\'' is not a face" &&
	rejected 1 roll 0 20 30 && rejected 1 roll 7 20 30 &&
	rejected 1 roll 15 20 30 && rejected 1 roll 10 20 600 &&
	rejected 1 roll Ann=10 Bob=20 &&
	rejected 1 roll Ann=10 ann=20 Bob=30 && expect_err "named twice" &&
	rejected 1 roll Ann=10 Bob=20 Cid=8
'

test_expect_success 'at a round start the other Shake verbs are not expected (SH-4)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	for v in take shake bank pass "order Ann Bob"; do
		rejected 1 $v && expect_err "is not expected now" || return 1
	done
'

test_expect_success 'SH-4: a void roll is recorded but scores nothing' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	expect_exit 0 sr roll 30 3 30 && expect_out "void" &&
	sr --json status >out &&
	json "[.players[].score] == [0,0,0] and .expect == [\"roll\"]" &&
	sr --json history >out && json ".entries | length == 1"
'

test_expect_success 'SH-6 SH-8: the chooser can only take or shake' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	rejected 1 roll 10 20 && rejected 1 bank && rejected 1 pass &&
	rejected 1 order Ann Bob
'

test_expect_success 'SH-2 SH-7: a shake is six values, each 0 or 10, and bank needs a shake first' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 10 20 30 >/dev/null && sr shake >/dev/null &&
	rejected 1 bank && rejected 1 take && rejected 1 pass &&
	rejected 1 roll 10 10 10 10 10 &&
	expect_err "expected 6 values" &&
	rejected 1 roll 10 10 10 10 10 10 10 &&
	rejected 1 roll 10 10 10 10 10 5 && expect_err "'\''5'\''" &&
	rejected 1 roll 10 10 10 10 10 20 &&
	rejected 1 roll 1 0 0 0 0 0 &&
	rejected 1 roll Ann=10 Bob=10 Cid=10 &&
	sr roll 10 0 0 0 0 0 >/dev/null &&
	rejected 1 take && rejected 1 pass
'

test_expect_success 'SH-6: at most one shake per round' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 10 20 30 >/dev/null && sr shake >/dev/null &&
	rejected 1 shake &&
	sr roll 10 10 0 0 0 0 >/dev/null &&
	rejected 1 shake
'

test_expect_success 'SH-9: tie rolls, then the order, refused when wrong' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	tie_game | sr play >/dev/null &&
	sr --json status >out &&
	json ".round == 11 and .turn == null and .expect == [\"roll\"]" &&
	rejected 1 roll 10 20 30 && expect_err "expected 2 values (Ann, Bob)" &&
	rejected 1 roll Ann=10 Cid=20 && expect_err "Cid does not roll now" &&
	rejected 3 roll Ann=10 Zed=20 &&
	rejected 1 order Ann Bob && rejected 1 pass && rejected 1 shake &&
	sr roll 30 40 >/dev/null &&
	sr --json status >out &&
	json ".turn == \"Bob\" and .expect == [\"order\"]" &&
	rejected 1 order Bob && expect_err "expected each of Ann and Bob exactly once" &&
	rejected 1 order Bob Bob && rejected 1 order Bob Ann Cid &&
	rejected 1 order Bob Cid && rejected 3 order Bob Zed &&
	rejected 1 roll 10 20 && rejected 1 take &&
	expect_exit 0 sr order ann BOB && expect_out "Ann then Bob" &&
	sr --json status >out && json ".turn == \"Ann\" and .expect == [\"roll\",\"pass\"]"
'

test_expect_success 'SH-8: in the All Shake round a turn opens with roll or pass, never shake or bank' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	tie_game | sr play >/dev/null &&
	sr roll 40 30 >/dev/null && sr order Ann Bob >/dev/null &&
	rejected 1 shake && expect_err "SH-8" &&
	rejected 1 bank && rejected 1 take &&
	sr roll 10 10 10 0 0 0 >/dev/null &&
	rejected 1 pass && rejected 1 shake &&
	sr bank >/dev/null &&
	sr --json status >out && json ".turn == \"Bob\""
'

test_expect_success 'SH-10: once the game is over every verb is refused with exit 3' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	{ tie_game; echo "roll 40 30"; echo "order Ann Bob"; echo pass;
	  echo pass; echo pass; } | sr play >/dev/null &&
	sr --json standings >out && json ".winners == [\"Ann\",\"Bob\"]" &&
	for v in "roll 10 20 30" take shake bank pass "order Ann Bob" \
	    "place 3" "keep 1"; do
		rejected 3 $v && expect_err "the game is over" || return 1
	done &&
	rejected 2 take now && rejected 1 redo
'

test_expect_success 'nothing to undo or redo: exit 1, nothing recorded' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	rejected 1 undo && rejected 1 redo &&
	sr roll 10 20 >/dev/null && rejected 1 redo &&
	sr undo >/dev/null && rejected 1 undo
'
test_done
