#!/bin/sh
# tests/cli/json-writes.sh: with --json every command that records an
# entry (game verbs, undo, redo) and `use` print the status object of the
# game after it (SPEC.md, --json): one object on one line with the general
# keys and those of its rules, the same as `status --json` then prints; an
# upheld challenge too, with exit 5; a refusal prints nothing on stdout.
. "$SRCDIR/tests/cli/lib.sh"

export SHAKEREF_DICT_PATH="$SRCDIR/tests/data"

general='"expect","game","options","players","round","rules","state","turn"'

# wrote KEYS CMD...: CMD (with --json) exits 0 and prints one line, a JSON
# object holding the general keys and KEYS, equal to `status --json` now.
wrote() {
	keys=$1
	shift
	expect_exit "${want:-0}" sr --json "$@" &&
	test "$(wc -l <out)" -eq 1 &&
	jq -e "type == \"object\" and
	    ([$general,$keys] - keys == [])" out >/dev/null ||
	    { echo "# keys missing after: $*"; cat out; return 1; }
	sr --json status >now &&
	cmp -s out now || { echo "# differs from status --json: $*"; return 1; }
}

test_expect_success 'shake: roll, take, undo, redo and use print the status after them (SH-5, SH-6)' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	k="\"shaker\",\"shake_total\"" &&
	wrote "$k" roll 40 40 60 &&
	json "[.players[].score] == [40, 40, 0] and .turn == \"Cid\"" &&
	json ".expect == [\"take\", \"shake\"] and .round == 1" &&
	wrote "$k" take &&
	json "[.players[].score] == [40, 40, 60] and .round == 2" &&
	json ".turn == null and .expect == [\"roll\"]" &&
	wrote "$k" undo &&
	json "[.players[].score] == [40, 40, 0] and .turn == \"Cid\"" &&
	wrote "$k" redo &&
	json "[.players[].score] == [40, 40, 60]" &&
	sr new --game shake --players Dee,Eve >/dev/null &&
	wrote "$k" use 1 &&
	json ".game == 1 and [.players[].name] == [\"Ann\", \"Bob\", \"Cid\"]"
'

test_expect_success 'shake-up: the start roll and a shake (SU-2, SU-3)' '
	sr new --game shake-up --players Ann,Bob >/dev/null &&
	k="\"levels\",\"pawns\",\"shakes_left\",\"hand\"" &&
	wrote "$k" roll 2 5 &&
	json ".turn == \"Bob\" and .shakes_left == 3 and .hand == []" &&
	wrote "$k" roll 6 1 4 4 &&
	json ".turn == \"Bob\" and .shakes_left == 2 and .hand == [1, 4, 4, 6]"
'

test_expect_success 'ten-thousand: roll, keep and bank (TT-3, TT-6)' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	k="\"turn_total\",\"dice_in_hand\",\"rolloff\"" &&
	wrote "$k" roll 1 2 3 4 6 6 &&
	json ".turn == \"Ann\" and .expect == [\"keep\"]" &&
	wrote "$k" keep 1 &&
	json ".turn_total == 100 and .dice_in_hand == 5" &&
	wrote "$k" bank &&
	json "[.players[].score] == [100, 0] and .turn == \"Bob\"" &&
	json ".rolloff == {\"total\": 100, \"dice\": 5}"
'

test_expect_success 'shake-a-word: grid, words, and an upheld challenge exits 5 with the status (SW-5)' '
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	k="\"grid\"" &&
	wrote "$k" grid CATS ORED DOGS QUITE &&
	json ".grid == [\"CATS\", \"ORED\", \"DOGS\", \"QuITE\"]" &&
	wrote "$k" words Ann cats tae &&
	want=5 wrote "$k" challenge Ann tae &&
	wrote "$k" score &&
	json "[.players[].score] == [0, 0]"
'

test_expect_success 'stack-attack: roll and place (SA-2, SA-3)' '
	sr new --game stack-attack --players Ann,Bob >/dev/null &&
	k="\"tower\",\"top\",\"in_hand\"" &&
	wrote "$k" roll 5 1 1 2 2 &&
	wrote "$k" place 5 &&
	json ".tower == [5] and .top == 5 and .turn == \"Bob\"" &&
	json ".in_hand == {\"Ann\": 4, \"Bob\": 5}"
'

test_expect_success 'a refused entry with --json: nothing on stdout, one line on stderr' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_refused 1 "expected 2 values" sr --json roll 10 &&
	test ! -s out &&
	expect_exit 3 sr --json use 9 && test ! -s out && one_err_line
'

test_done
