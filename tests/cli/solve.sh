#!/bin/sh
# tests/cli/solve.sh: `solve` through the binary, on the en_US word list
# of the build (SHAKEREF_DATA_DIR, set by make check).
. "$SRCDIR/tests/cli/lib.sh"

SQ="'"
LISTS=$SHAKEREF_DATA_DIR
GRID="SERST TANIE QUOLDC RPEAT HGINS"

# A game on en_US with round 1 scored: Ann and Bob share "stone".
scored() {
	sr new --game word --players Ann,Bob "$@" >/dev/null &&
	sr grid $GRID >/dev/null &&
	sr words Ann stone quote rest zzz >/dev/null &&
	sr words Bob stone plate >/dev/null &&
	sr score >/dev/null
}

test_expect_success 'solve: no current game exits 3' '
	expect_exit 3 sr solve &&
	one_err_line
'

test_expect_success 'solve: wrong arguments exit 2' '
	scored &&
	expect_refused 2 "" sr solve now &&
	expect_err "${SQ}now${SQ}" &&
	expect_refused 2 "" sr solve --force --force &&
	expect_refused 2 "" sr solve --force x
'

test_expect_success 'solve: nothing to solve yet exits 1, history unchanged' '
	sr new --game word --players Ann,Bob >/dev/null &&
	expect_refused 1 "" sr solve &&
	expect_err "no round scored yet" &&
	expect_refused 1 "" sr solve --force &&
	expect_err "no grid yet" &&
	sr grid $GRID >/dev/null &&
	expect_refused 1 "" sr solve &&
	expect_exit 0 sr solve --force
'

test_expect_success 'solve: a game of other rules exits 1' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_refused 1 "" sr solve &&
	expect_err "shake-a-word"
'

test_expect_success 'solve --json: the keys of SPEC.md, values by SW-4' '
	scored &&
	expect_exit 0 sr --json solve &&
	json "keys_unsorted == [\"game\", \"round\", \"best_score\", \"words\", \"missed\"]" &&
	json ".game == 1 and .round == 1" &&
	json ".words | length > 100" &&
	json "[.words[] | keys_unsorted == [\"word\", \"value\"]] | all" &&
	json "[.words[] | .value == (if (.word | length) <= 4 then 1 else (.word | length) - 3 end)] | all" &&
	json ".best_score == ([.words[].value] | add)" &&
	json "[.words[].word] | index(\"quote\") != null" &&
	json "[.words[].word] | index(\"zzz\") == null" &&
	json ".missed | keys_unsorted == [\"Ann\", \"Bob\"]"
'

test_expect_success 'solve --json: a name with quotes, a backslash and a slash is one JSON string, as written' '
	sr new --game word --players "Ann \"A\\B\" c/d,Bob" >/dev/null &&
	sr grid $GRID >/dev/null &&
	sr words "Ann \"A\\B\" c/d" stone >/dev/null &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json ".missed | keys_unsorted == [\"Ann \\\"A\\\\B\\\" c/d\", \"Bob\"]" &&
	json ".missed[\"Ann \\\"A\\\\B\\\" c/d\"] == ([.words[].word] - [\"stone\"])" &&
	grep -F "\"Ann \\\"A\\\\B\\\" c/d\":[" out
'

test_expect_success 'solve: longest first, then alphabetical, each word once' '
	scored &&
	sr --json solve >out &&
	json "[.words[].word] == ([.words[].word] | unique | sort_by(-length, .))" &&
	json ".missed.Ann == (.missed.Ann | unique | sort_by(-length, .))"
'

test_expect_success 'solve: the missed words are every word not written' '
	scored &&
	sr --json solve >out &&
	json ".missed.Ann == ([.words[].word] - [\"stone\", \"quote\", \"rest\"])" &&
	json ".missed.Bob == ([.words[].word] - [\"stone\", \"plate\"])"
'

test_expect_success 'SW-2: every word solve lists stands a challenge' '
	scored &&
	sr --json solve >out &&
	jq -r ".words[].word" out | awk "NR % 40 == 1" >sample &&
	test -s sample &&
	sr new --game word --players Ann,Bob >/dev/null &&
	sr grid $GRID >/dev/null &&
	while read w; do
		sr words Ann "$w" >/dev/null &&
		expect_exit 0 sr challenge Ann "$w" || exit 1
	done <sample
'

test_expect_success 'solve --force: the open round; plain solve: the last scored one' '
	scored &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr --json solve >out &&
	json ".round == 1 and ([.words[].word] | index(\"quote\") != null)" &&
	sr --json solve --force >out &&
	json ".round == 2 and ([.words[].word] | index(\"quit\") != null)" &&
	sr solve --force >out &&
	expect_out "round 2 (open)"
'

test_expect_success 'solve: in words, the words by length and what each missed' '
	scored &&
	expect_exit 0 sr solve &&
	expect_out "game 1, round 1:" &&
	expect_out "best possible score" &&
	expect_out "letters, 1 point each:" &&
	expect_out "Ann missed" &&
	expect_out "Bob missed" &&
	awk "length > 78 { exit 1 }" out
'

test_expect_success 'solve: scoring=boggle values' '
	scored --option scoring=boggle &&
	sr --json solve >out &&
	json "[.words[] | .value == ({\"3\": 1, \"4\": 1, \"5\": 2, \"6\": 3, \"7\": 5}[.word | length | tostring] // 11)] | all"
'

test_expect_success 'solve: a missing word list that cannot be built exits 4' '
	scored &&
	sr --json history >hist.before &&
	expect_exit 4 env SHAKEREF_DATA_DIR=/nonexistent/data \
	    XDG_CACHE_HOME=/dev/null/cache "$SHAKEREF" solve &&
	one_err_line &&
	expect_err "/nonexistent/data" &&
	expect_err "cannot create the folder of /dev/null/cache" &&
	sr --json history >hist.after &&
	cmp -s hist.before hist.after
'

test_expect_success 'solve: en_US built into the cache when not installed, as at build time' '
	scored &&
	export XDG_CACHE_HOME="$PWD/cache" &&
	env SHAKEREF_DATA_DIR=/nonexistent/data "$SHAKEREF" --json solve >out &&
	test -s cache/shakeref/en_US.dawg &&
	cmp -s cache/shakeref/en_US.dawg "$LISTS/en_US.dawg" &&
	jq -c . out >built.json &&
	unset XDG_CACHE_HOME &&
	sr --json solve >out &&
	jq -c . out | cmp -s - built.json
'

test_expect_success 'solve: dict=tiny, its list built on first use into ~/.cache' '
	export SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr words Ann cats quit >/dev/null &&
	sr score >/dev/null &&
	test ! -e "$HOME/.cache/shakeref/tiny.dawg" &&
	expect_exit 0 sr --json solve &&
	test -s "$HOME/.cache/shakeref/tiny.dawg" &&
	json "[.words[].word] | (index(\"quit\") != null and index(\"cats\") != null and index(\"paris\") == null)" &&
	json ".missed.Ann | (index(\"quit\") == null and index(\"cat\") != null)" &&
	for w in $(jq -r ".words[].word" out); do
		grep -qx "$w" "$SRCDIR/tests/data/tiny.words" || exit 1
	done
'

test_expect_success 'solve: standings and history are unchanged by solve' '
	scored &&
	sr --json history >h1 && sr --json standings >s1 &&
	sr solve >/dev/null && sr --json solve >/dev/null &&
	sr --json history >h2 && sr --json standings >s2 &&
	cmp -s h1 h2 && cmp -s s1 s2
'

test_expect_success 'solve: a player named at SPEC.md'"'"'s longest (32 four-byte characters) is named whole' '
	die=$(printf "\360\237\216\262") && long= &&
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32; do
		long="$long$die" || return 1
	done &&
	sr new --game word --players "$long,Bob" >/dev/null &&
	sr grid $GRID >/dev/null &&
	sr words "$long" stone >/dev/null &&
	sr score >/dev/null &&
	expect_exit 0 sr solve &&
	expect_out "$long missed " && expect_out "Bob missed "
'

test_done
