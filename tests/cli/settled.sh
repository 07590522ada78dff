#!/bin/sh
# tests/cli/settled.sh: the "Settled details" at the end of SPEC.md, each
# through the binary.
. "$SRCDIR/tests/cli/lib.sh"
SQ="'"

test_expect_success SQLITE 'Settled details: an empty SHAKEREF_DB counts as unset' '
	SHAKEREF_DB= && export SHAKEREF_DB &&
	expect_exit 0 sr new --game shake --players Ann,Bob &&
	test -f "$HOME/.local/share/shakeref/shakeref.db" && test ! -e test.db
'

test_expect_success 'Settled details: a finished ten-thousand game shows turn_total 0 and dice_in_hand 0 (TT-8)' '
	sr new --game 10000 --players Ann,Bob --option target=50 >/dev/null &&
	sr roll 5 2 3 4 6 6 >/dev/null && sr keep 5 >/dev/null &&
	expect_exit 0 sr bank && expect_out "Ann wins" &&
	sr --json status >out &&
	json ".state == \"finished\" and .turn_total == 0 and .dice_in_hand == 0 and .rolloff == null"
'

test_expect_success 'Settled details: timer stopped by Ctrl-C exits 0, nothing recorded' '
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" && export SHAKEREF_DICT_PATH &&
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr --json history >before.json &&
	unset SHAKEREF_NOW &&
	{ "$SHAKEREF" timer 90 >tout 2>terr & pid=$!; } &&
	i=0 && while ! grep -q started tout; do
		i=$((i + 1)); [ "$i" -lt 100 ] || return 1; sleep 0.1
	done &&
	kill -INT "$pid" &&
	{ wait "$pid" && st=0 || st=$?; } &&
	test "$st" -eq 0 && grep -q "stopped" tout && test ! -s terr &&
	sr --json history >after.json && cmp before.json after.json
'

test_expect_success 'Settled details: solve works on a finished game' '
	sr new --game word --players Ann,Bob >/dev/null &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr words Ann cats >/dev/null && sr score >/dev/null &&
	expect_exit 0 sr finish &&
	expect_exit 0 sr --json solve && json ".round == 1" &&
	json "[.words[].word] | index(\"quite\") != null" &&
	json ".missed.Ann | index(\"cats\") == null"
'

test_expect_success 'Settled details: a finished stack-attack game keeps its last tower in status (SA-7)' '
	sr new --game tower --players Ann,Bob,Cid --option target=1 >/dev/null &&
	printf "%s\n" "roll 1 6 6 6 6" "place 1" "roll 2 6 6 6 6" "place 2" \
	    "fall Cid" "roll 5 1 1 1 1" "place 5" "roll 4 1 1 1 1" "place 4" \
	    "fall Ann" | sr play >/dev/null &&
	sr --json status >out &&
	json ".state == \"finished\" and .tower == [5, 4] and .top == 4" &&
	expect_exit 0 sr status && expect_out "base (6), 5 Ann, 4 Bob"
'

test_expect_success 'Settled details: ten-thousand takes 2 to 16 players' '
	expect_exit 0 sr new --game 10000 --players A,B,C,D,E,F,G,H,I,J,K,L,M,N,O,P &&
	sr --json status >out && json ".players | length == 16" &&
	expect_exit 2 sr new --game 10000 --players A,B,C,D,E,F,G,H,I,J,K,L,M,N,O,P,Q &&
	one_err_line && expect_err "16" &&
	expect_exit 2 sr new --game 10000 --players Ann &&
	sr --json games >out && json ".games | length == 1"
'

test_expect_success 'Settled details: shake-up hand: held dice first, then the rest showing, each ascending' '
	sr new --game shake-up --players Ann,Bob >/dev/null &&
	sr roll 6 1 >/dev/null &&
	sr roll 6 5 3 1 >/dev/null && sr keep 6 5 >/dev/null &&
	sr roll 4 2 >/dev/null &&
	sr --json status >out && json ".hand == [5, 6, 2, 4]"
'

# A NUL byte cut a play line short: note a\0b\e[31m recorded "a".
test_expect_success 'Settled details: a NUL byte in a play line is refused like any control character (2, its line number)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "roll 10 20\nnote a\000b\033[31m\nnote c\n" >nul.play &&
	expect_exit 2 sr play <nul.play && one_err_line &&
	expect_err "play: line 2: ${SQ}note a\\x00b\\x1B[31m${SQ} contains a control character" &&
	sr --json history >out &&
	json "[.entries[].verb] == [\"roll\"]"
'

test_expect_success 'shakeref -d status (no command left): one line, exit 2, not the usage' '
	expect_exit 2 sr -d status && one_err_line &&
	expect_err "${SQ}status${SQ} was taken as the value of -d" &&
	expect_exit 2 sr -g history && one_err_line &&
	expect_exit 2 sr -d x.db && one_err_line && test ! -e x.db
'
test_done
