#!/bin/sh
# tests/cli/new.sh: every refusal of `new` exits 2 and creates nothing;
# player names per SPEC.md (trimmed, 1-32 characters, no ',' or '=', not
# starting with '-', not all digits, unique ignoring ASCII case).
. "$SRCDIR/tests/cli/lib.sh"

# Run `sr new ARGS`, expect exit 2 with one line on stderr and nothing on
# stdout, and check the database holds no game.
refused() {
	expect_exit 2 sr new "$@" && one_err_line && test ! -s out &&
	{ test ! -e "$SHAKEREF_DB" ||
	  { sr --json games --all >games.json &&
	    jq -e ".games == []" games.json >/dev/null; }; } ||
	    { echo "# a game was created by: new $*"; return 1; }
}

test_expect_success 'new without --game, or with unknown rules: exit 2, the rules listed' '
	refused --players Ann,Bob && expect_err "expected --game RULES" &&
	expect_err "shake" &&
	refused --game --players Ann,Bob &&
	refused --game nope --players Ann,Bob &&
	expect_err "unknown rules '\''nope'\''" && expect_err "stack-attack" &&
	refused --game= --players Ann,Bob &&
	refused --game SHAKE --players Ann,Bob &&
	refused --game shak --players Ann,Bob &&
	refused --players Ann,Bob --game
'

test_expect_success 'new without players or with the wrong number: exit 2' '
	refused --game shake && expect_err "expected --players" &&
	refused --game shake --players && refused --game shake --players= &&
	refused --game shake --players Ann &&
	expect_err "shake is for 2 to 6 players, got 1" &&
	refused --game shake --players A,B,C,D,E,F,G &&
	expect_err "got 7" &&
	refused --game shake --players A,B,C,D,E,F,G,H,I,J,K,L,M,N,O,P,Q,R
'

test_expect_success 'bad player names: empty, too long, , or =, leading -, all digits' '
	refused --game shake --players "Ann,,Bob" &&
	expect_err "empty name after '\''Ann'\'' in --players: two commas in a row?" &&
	refused --game shake --players "Ann,Bob," &&
	refused --game shake --players "Ann,   ,Bob" &&
	refused --game shake --players "Ann,abcdefghijklmnopqrstuvwxyzABCDEFG" &&
	expect_err "1 to 32" &&
	refused --game shake --players "Ann,B=b" && expect_err "'\''='\''" &&
	refused --game shake --players "Ann,-Bob" && expect_err "'\''-'\''" &&
	refused --game shake --players "Ann,42" && expect_err "all digits" &&
	refused --game shake --players "Ann,007"
'

test_expect_success 'names are trimmed, may hold digits and spaces inside, 32 characters at most' '
	expect_exit 0 sr new --game shake --players "  Ann  , Mary Jo,R2D2,abcdefghijklmnopqrstuvwxyzABCDEF" &&
	expect_out "game 1: shake for Ann, Mary Jo, R2D2, abcdefghijklmnopqrstuvwxyzABCDEF" &&
	sr --json status >out &&
	json "[.players[].name] == [\"Ann\",\"Mary Jo\",\"R2D2\",\"abcdefghijklmnopqrstuvwxyzABCDEF\"]"
'

test_expect_success 'a name given twice, in any case or spacing: exit 2' '
	refused --game shake --players Ann,Bob,ann &&
	expect_err "named twice" &&
	refused --game shake --players "Ann, ANN " &&
	refused --game shake --players Ann,Ann
'

test_expect_success 'unknown --option key or a bad value: exit 2, the valid ones listed' '
	refused --game shake --players Ann,Bob --option faces=3 &&
	expect_err "shake has no option '\''faces'\''" &&
	expect_err "shake-faces" &&
	refused --game shake --players Ann,Bob --option Shake-Faces=3 &&
	refused --game shake --players Ann,Bob --option shake-faces=0 &&
	expect_err "1..5" &&
	refused --game shake --players Ann,Bob --option shake-faces=6 &&
	refused --game shake --players Ann,Bob --option shake-faces=two &&
	refused --game shake --players Ann,Bob --option shake-faces= &&
	refused --game shake --players Ann,Bob --option shake-faces &&
	refused --game shake --players Ann,Bob --option &&
	refused --game shake --players Ann,Bob --option shake-faces=3 \
	    --option shake-faces=4
'

# SPEC.md: a number is one or more ASCII digits, so 02 is the number 2;
# options lists each value as status shows it: the number, 2.
test_expect_success 'a number option with leading zeros is that number, shown without them' '
	for o in "shake shake-faces=02 shake-faces 2" "shake-up levels=09 levels 9" \
	    "ten-thousand target=00050 target 50" \
	    "ten-thousand target=0000000000000100 target 100" \
	    "stack-attack target=01 target 1"; do
		set -- $o &&
		expect_exit 0 sr --json new --game $1 --players Ann,Bob \
		    --option $2 &&
		json ".options[\"$3\"] == \"$4\"" || return 1
	done &&
	sr --json status >out && json ".options.target == \"1\"" &&
	sr --json games >games.before &&
	for o in "stack-attack target=000" "shake-up levels=010" \
	    "shake shake-faces=00"; do
		set -- $o &&
		expect_exit 2 sr new --game $1 --players Ann,Bob --option $2 &&
		one_err_line || return 1
	done &&
	sr --json games >games.after && cmp games.before games.after
'

test_expect_success 'unknown options and stray arguments to new: exit 2' '
	refused --game shake --players Ann,Bob --colour red &&
	expect_err "unknown option '\''--colour'\''" &&
	refused --game shake --players Ann,Bob extra &&
	refused -x --game shake --players Ann,Bob
'

test_expect_success 'a refused new leaves the current game and every game as they were' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	sr --json games --all >before.json &&
	sr --json status >status.json &&
	expect_exit 2 sr new --game shake --players Cid &&
	expect_exit 2 sr new --game shake --players Cid,cid &&
	expect_exit 2 sr new --game shake --players Cid,Dee --option x=1 &&
	sr --json games --all >after.json && cmp before.json after.json &&
	sr --json status >out && cmp out status.json
'

test_expect_success 'new: --option and --title, with = or apart; options shown with their values' '
	expect_exit 0 sr new --game=shake --players=Ann,Bob --option=shake-faces=4 \
	    --title="Friday night" &&
	sr --json status >out && json ".options == {\"shake-faces\":\"4\",\"coach\":\"on\"}" &&
	sr games >out && expect_out "Friday night" &&
	expect_exit 0 sr new --title Saturday --players Cid,Dee --game shake &&
	expect_out "game 2: shake for Cid, Dee" &&
	sr --json status >out && json ".options == {\"shake-faces\":\"2\",\"coach\":\"on\"}"
'

test_expect_success 'new: --title with no value exits 2, nothing created (issue 9)' '
	expect_exit 2 sr new --game shake --players Ann,Bob --title &&
	one_err_line && expect_err "--title expects a value" &&
	expect_exit 2 sr new --game shake --players Ann,Bob --title --option shake-faces=3 &&
	one_err_line && expect_err "--title expects a value" &&
	expect_exit 2 sr new --game shake --title --players Ann,Bob &&
	expect_exit 2 sr new --game shake --players Ann,Bob --title "" &&
	expect_exit 2 sr new --game shake --players Ann,Bob --title= &&
	expect_exit 2 sr new --game shake --players Ann,Bob --option &&
	expect_exit 2 sr new --players Ann,Bob --game &&
	expect_exit 2 sr new --game shake --players &&
	db_none &&
	sr new --game shake --players Cid,Dee >/dev/null &&
	expect_exit 2 sr new --game shake --players Ann,Bob --title &&
	expect_exit 2 sr new --game shake --players Ann,Bob --title --option shake-faces=3 &&
	sr --json games --all >out && json "[.games[].game] == [1]" &&
	expect_exit 0 sr new --game shake --players Ann,Bob --title=--late &&
	sr games >out && expect_out "--late"
'

test_expect_success 'status in words names every option not at its default, every game (issue 9)' '
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" && export SHAKEREF_DICT_PATH &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr status >out && ! grep -q "house rules" out &&
	sr new --game shake --players Ann,Bob --option shake-faces=4 >/dev/null &&
	sr status >out && expect_out "house rules: shake-faces=4" &&
	sr new --game shake-up --players Ann,Bob --option reroll=free >/dev/null &&
	sr status >out && expect_out "house rules: reroll=free" &&
	sr new --game shake-up --players Ann,Bob --option levels=7 --option reroll=free >/dev/null &&
	sr status >out && expect_out "house rules: levels=7, reroll=free" &&
	sr new --game shake-up --players Ann,Bob --option reroll=locked >/dev/null &&
	sr status >out && ! grep -q "house rules" out &&
	sr new --game 10000 --players Ann,Bob --option four-pair=off --option target=5000 >/dev/null &&
	sr status >out && expect_out "house rules: target=5000, four-pair=off" &&
	test "$(grep -c 5000 out)" = 1 &&
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	sr status >out && ! grep -q "house rules" out &&
	sr new --game word --players Ann,Bob --option dict=tiny --option check=all \
	    --option scoring=boggle --option scoring-mode=round >/dev/null &&
	sr status >out &&
	expect_out "house rules: dict=tiny, scoring=boggle, check=all, scoring-mode=round" &&
	sr new --game tower --players Ann,Bob --option target=7 >/dev/null &&
	sr status >out && expect_out "house rules: target=7" &&
	sr new --game tower --players Ann,Bob >/dev/null &&
	sr status >out && ! grep -q "house rules" out
'

test_expect_success 'dictionaries: SHAKEREF_DICT_PATH, then DICPATH, then /usr/share/hunspell, empty ones skipped' '
	expect_refused 4 "in /nope/one, /nope/two, /nope/three, /usr/share/hunspell;" \
	    env SHAKEREF_DICT_PATH=/nope/one:/nope/two DICPATH=/nope/three \
	    "$SHAKEREF" new --game word --players A,B --option dict=xx_NOPE &&
	expect_refused 4 "in /nope/three, /usr/share/hunspell;" \
	    env SHAKEREF_DICT_PATH= DICPATH=/nope/three \
	    "$SHAKEREF" new --game word --players A,B --option dict=xx_NOPE &&
	expect_exit 0 env SHAKEREF_DICT_PATH= DICPATH="/nope:$SRCDIR/tests/data" \
	    "$SHAKEREF" new --game word --players A,B --option dict=tiny
'

test_expect_success 'new makes the new game current' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr new --game shake --players Cid,Dee >/dev/null &&
	sr --json status >out && json ".game == 2" &&
	sr use 1 >/dev/null && sr --json status >out && json ".game == 1" &&
	sr new --game shake --players Eve,Fay >/dev/null &&
	sr --json status >out && json ".game == 3"
'
test_expect_success 'an unknown option key of 100 characters is quoted as any user text: cut after 64, with …' '
	k=$(printf "k%.0s" $(seq 1 100)) && k64=$(printf "k%.0s" $(seq 1 64)) &&
	expect_refused 2 "shake has no option '"'"'$k64…'"'"'" \
	    sr new --game shake --players Ann,Bob --option "$k=1"
'

test_done
