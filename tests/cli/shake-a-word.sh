#!/bin/sh
# tests/cli/shake-a-word.sh: Shake-A-Word through the binary, on the tiny
# dictionary of tests/data (and en_US where the system has it).
. "$SRCDIR/tests/cli/lib.sh"

DATA="$SRCDIR/tests/data"
SQ="'"

# A game on the tiny dictionary with the grid of round 1 entered.
start() {
	sr new --game word --players Ann,Bob \
	    --option dict=tiny "$@" >/dev/null &&
	sr grid CATS ORED DOGS QUITE >/dev/null
}

export SHAKEREF_DICT_PATH="$DATA"

test_expect_success 'new: the alias word names shake-a-word' '
	expect_exit 0 sr new --game word --players Ann,Bob --option dict=tiny &&
	expect_out "game 1: shake-a-word for Ann, Bob" &&
	sr --json status >out &&
	json ".rules == \"shake-a-word\" and .grid == [] and .turn == null" &&
	json ".options == {\"dict\": \"tiny\", \"scoring\": \"seed\", \"check\": \"challenged\", \"scoring-mode\": \"cumulative\", \"coach\": \"on\", \"nouns\": \"off\", \"accents\": \"fold\", \"compounds\": \"off\"}" &&
	json ".expect == [\"grid\"]"
'

test_expect_success 'new: a dictionary not installed exits 4 and creates nothing' '
	expect_exit 4 sr new --game word --players Ann,Bob --option dict=xx_NOPE &&
	one_err_line &&
	expect_err "dictionary ${SQ}xx_NOPE${SQ} is not installed" &&
	expect_err "$DATA" &&
	expect_err "/usr/share/hunspell" &&
	expect_err "shakeref rules shake-a-word" &&
	db_none
'

test_expect_success 'new: bad option values exit 2' '
	expect_exit 2 sr new --game word --players Ann,Bob --option scoring=fast &&
	expect_err "seed, boggle" &&
	expect_exit 2 sr new --game word --players Ann,Bob --option check=some &&
	expect_exit 2 sr new --game word --players Ann,Bob --option scoring-mode=x &&
	expect_exit 2 sr new --game word --players Ann,Bob --option dict=../etc &&
	expect_exit 2 sr new --game word --players Ann &&
	db_none
'

test_expect_success 'SW-1: grid refusals exit 1 and record nothing' '
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	expect_refused 1 "" sr grid ABC DQE FGH &&
	expect_err "lone Q" &&
	expect_refused 1 "" sr grid AB CD &&
	expect_err "3 to 6 rows" &&
	expect_refused 1 "" sr grid ABCD EFGH IJK MNOP &&
	expect_err "row 3" &&
	expect_refused 1 "" sr grid AB1 CDE FGH &&
	expect_refused 2 "" sr grid &&
	expect_exit 0 sr grid cats ored dogs quite &&
	sr --json status >out &&
	json ".grid == [\"CATS\", \"ORED\", \"DOGS\", \"QuITE\"]" &&
	expect_refused 1 "" sr grid ABC DEF GHI &&
	expect_err "round 1 is open"
'

test_expect_success 'SW-3: words refusals' '
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	expect_refused 1 "" sr words Ann cats &&
	expect_err "needs an open round" &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	expect_refused 1 "" sr words Ann cats c4t &&
	expect_err "${SQ}c4t${SQ} is not a word" &&
	expect_refused 1 "" sr words Ann "don${SQ}t" &&
	expect_refused 1 "" sr words Ann at &&
	expect_err "too short" &&
	expect_refused 3 "" sr words Zed cats &&
	expect_refused 2 "" sr words Ann &&
	expect_exit 0 sr words Ann CATS cats tea &&
	expect_out "Ann wrote cats, tea"
'

test_expect_success 'SW-3, SW-5: a word with a lone Q is a word, not on the grid' '
	start &&
	expect_exit 0 sr words Ann qat &&
	expect_out "Ann wrote qat" &&
	expect_exit 5 sr challenge Ann qat &&
	expect_out "Q without U"
'

test_expect_success 'SW-5: challenges: upheld exits 5 and is recorded, valid exits 0' '
	start &&
	sr words Ann cats tae road >/dev/null &&
	sr words Bob star >/dev/null &&
	expect_exit 0 sr challenge Ann cats &&
	expect_out "${SQ}cats${SQ} stands: on the grid and in tiny" &&
	expect_exit 5 sr challenge Ann tae &&
	expect_out "${SQ}tae${SQ} is not in tiny (suggestions: " &&
	expect_exit 5 sr challenge Ann road &&
	expect_out "after ${SQ}ROA${SQ} no unused neighbour shows ${SQ}D${SQ}" &&
	sr --json history >out &&
	json "[.entries[] | select(.verb == \"challenge\")] | length == 3" &&
	expect_refused 1 "" sr challenge Ann cats &&
	expect_err "already has a ruling" &&
	expect_refused 1 "" sr challenge Ann star &&
	expect_err "Ann did not write ${SQ}star${SQ}" &&
	expect_refused 3 "" sr challenge Zed star &&
	expect_refused 2 "" sr challenge Ann &&
	expect_refused 2 "" sr challenge Ann star extra &&
	expect_exit 0 sr score &&
	expect_out "struck by challenge" &&
	sr --json status >out &&
	json ".players[0].score == -1 and .players[1].score == 1"
'

test_expect_success 'SW-5: no dictionary when a word is checked: exit 4, nothing recorded' '
	start &&
	sr words Ann cats road >/dev/null &&
	expect_refused 4 "" env SHAKEREF_DICT_PATH= "$SHAKEREF" challenge Ann cats &&
	expect_err "dictionary ${SQ}tiny${SQ} is not installed" &&
	expect_exit 5 env SHAKEREF_DICT_PATH= "$SHAKEREF" challenge Ann road &&
	expect_exit 0 env SHAKEREF_DICT_PATH= "$SHAKEREF" status &&
	expect_exit 0 env SHAKEREF_DICT_PATH= "$SHAKEREF" words Bob star &&
	expect_exit 0 env SHAKEREF_DICT_PATH= "$SHAKEREF" score
'

test_expect_success 'SW-5: a stored verdict is never recomputed' '
	start &&
	sr words Ann tae >/dev/null &&
	expect_exit 5 sr challenge Ann tae &&
	mkdir dict && cp "$DATA/tiny.aff" dict/ &&
	{ cat "$DATA/tiny.dic"; echo tae; } >dict/tiny.dic &&
	env SHAKEREF_DICT_PATH=dict "$SHAKEREF" score >/dev/null &&
	sr --json status >out &&
	json ".players[0].score == -1"
'

test_expect_success 'SW-5 check=all: score rules on every word' '
	start --option check=all &&
	sr words Ann cats tae road >/dev/null &&
	expect_exit 0 sr score &&
	expect_out "the check struck 2 words" &&
	sr --json status >out &&
	json ".players[0].score == -1"
'

test_expect_success 'SW-6: vote refusals and the last word' '
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	expect_refused 1 "" sr vote Ann cats accept &&
	expect_err "needs an open round" &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr words Ann tae >/dev/null &&
	expect_refused 2 "" sr vote Ann tae maybe &&
	expect_refused 2 "" sr vote Ann tae &&
	expect_refused 1 "" sr vote Ann star accept &&
	expect_exit 5 sr challenge Ann tae &&
	expect_exit 0 sr vote Ann tae accept &&
	expect_out "the table accepts Ann${SQ}s ${SQ}tae${SQ}: it counts +1" &&
	sr score >/dev/null &&
	sr --json status >out &&
	json ".players[0].score == 1"
'

test_expect_success 'timer: needs an open round; a pipe gets a start and an end line' '
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	expect_refused 1 "" sr timer 1 &&
	expect_err "needs an open round" &&
	expect_refused 2 "" sr timer 1x &&
	expect_refused 2 "" sr timer 1 2 &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	expect_exit 0 sr timer 1 &&
	expect_out "timer: 0:01 started" &&
	expect_out "timer: time is up" &&
	sr --json history >out &&
	json ".entries | length == 1"
'

test_expect_success 'timer: another game has none' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_refused 1 "" sr timer 1 &&
	expect_err "shake has no ${SQ}timer${SQ}"
'

test_expect_success 'SW-7: finish and grid between rounds only; verbs of other games' '
	start &&
	expect_refused 1 "" sr finish &&
	expect_err "round 1 is open" &&
	expect_refused 1 "" sr roll 1 2 &&
	expect_err "shake-a-word has no ${SQ}roll${SQ}" &&
	expect_refused 2 "" sr score now &&
	expect_refused 2 "" sr finish now &&
	sr words Ann cats >/dev/null &&
	sr words Bob quite >/dev/null &&
	expect_exit 0 sr score &&
	expect_out "round 1 scored: Ann +1, Bob +2" &&
	sr --json status >out &&
	json ".expect == [\"grid\", \"finish\"] and .round == 1" &&
	expect_refused 1 "" sr score &&
	expect_exit 0 sr finish &&
	sr --json standings >out &&
	json ".winners == [\"Bob\"] and .state == \"finished\"" &&
	expect_refused 3 "" sr grid ABC DEF GHI
'

test_expect_success 'play: an upheld challenge does not stop a script' '
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	printf "grid CATS ORED DOGS QUITE\nwords Ann tae cats\nchallenge Ann tae\nwords Bob quite\nscore\nfinish\n" >in &&
	expect_exit 0 sr play <in &&
	sr --json standings >out &&
	json ".winners == [\"Bob\"] and .players[0].name == \"Bob\""
'

if [ -r /usr/share/hunspell/en_US.dic ]; then
test_expect_success 'en_US: a real dictionary, from the system' '
	unset SHAKEREF_DICT_PATH &&
	sr new --game word --players Ann,Bob >/dev/null &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr words Ann quite cats tae >/dev/null &&
	expect_exit 0 sr challenge Ann quite &&
	expect_out "in en_US" &&
	expect_exit 5 sr challenge Ann tae &&
	expect_out "not in en_US (suggestions: "
'
fi

test_expect_success 'SW-6: vote accept on a word with no path: exit 1, where the path breaks (issue 9)' '
	start &&
	sr words Ann catz dogs >/dev/null &&
	expect_refused 1 "after ${SQ}CAT${SQ} no unused neighbour shows ${SQ}Z${SQ}" \
	    sr vote Ann catz accept &&
	expect_err "SW-6" &&
	expect_exit 0 sr vote Ann catz reject &&
	expect_exit 0 sr vote Ann dogs accept
'

test_expect_success 'SW-7: scoring-mode=round, a round where nobody scores above 0 has no winner (issue 9)' '
	start --option scoring-mode=round &&
	expect_exit 0 sr score && expect_out "no winner (SW-7)" &&
	sr --json status >out && json "[.players[].score] == [0, 0]" &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr words Bob cats >/dev/null && expect_exit 0 sr score &&
	expect_out "Bob wins the round" &&
	sr --json status >out && json "[.players[].score] == [0, 1]"
'

test_expect_success 'SW-2: nouns shows its effective value: on for a German dictionary, off otherwise; a house rule only when it differs' '
	mkdir dicts && cp "$DATA/tiny.aff" dicts/de_TINY.aff &&
	cp "$DATA/tiny.dic" dicts/de_TINY.dic &&
	SHAKEREF_DICT_PATH="$PWD/dicts:$DATA" && export SHAKEREF_DICT_PATH &&
	sr new --game word --players Ann,Bob --option dict=de_TINY >/dev/null &&
	sr --json status >out && json ".options.nouns == \"on\"" &&
	sr status >out && ! grep -q "nouns" out &&
	sr new --game word --players Ann,Bob --option dict=de_TINY \
	    --option nouns=on >/dev/null &&
	sr status >out && ! grep -q "nouns" out &&
	sr new --game word --players Ann,Bob --option dict=de_TINY \
	    --option nouns=off >/dev/null &&
	sr --json status >out && json ".options.nouns == \"off\"" &&
	sr status >out && expect_out "nouns=off" &&
	sr new --game word --players Ann,Bob --option dict=tiny \
	    --option nouns=on >/dev/null &&
	sr --json status >out && json ".options.nouns == \"on\"" &&
	sr status >out && expect_out "nouns=on" &&
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	sr --json status >out && json ".options.nouns == \"off\"" &&
	sr status >out && ! grep -q "nouns" out
'

test_done
