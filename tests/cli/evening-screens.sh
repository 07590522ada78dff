#!/bin/sh
# tests/cli/evening-screens.sh: issue 36's "table's screens" on a
# terminal: `watch` for a German table of four (Jürgen, Zoë, Mary Ann,
# Ole) in LANG=de_DE.UTF-8, in tmux panes of 80x24 and 40 columns.  The
# title and every player's score line are on the screen (nothing
# scrolled away), the board fits the height (its oldest lines give way
# first) and the width: no line of the Shake pad is wider than the pane
# nor wrapped.
. "$SRCDIR/tests/cli/lib.sh"

LANG=de_DE.UTF-8
LANGUAGE=de
export LANG LANGUAGE
unset LC_ALL

# The first Shake scenario of four (SH-9, SH-10), the German table's
# names for Ann, Bob, Cid and Dan: Jürgen 100, Zoë 100, Mary Ann 220,
# Ole 220 (the scenario's own sums), over.
shake_of_four() {
	sr new --game shake --players "Jürgen,Zoë,Mary Ann,Ole" >/dev/null &&
	sed -e "s/#.*//" -e "/^ *\$/d" -e "s/Cid/\"Mary Ann\"/g" \
	    -e "s/Dan/Ole/g" -e "s/Bob/Zoë/g" -e "s/Ann\$/Jürgen/" \
	    "$SRCDIR/tests/scenarios/shake-shared-win.play" >in &&
	sr play <in >/dev/null
}

# watch alone in a pane $1 columns wide and $2 rows high, its screen (the
# visible rows alone, no history) into ./screen once it shows text $3
# and no longer changes.
watch_screen() {
	if watch_look "$@"; then
		tty_stop
	else
		tty_stop
		return 1
	fi
}

# watch_screen's look, the pane left running.
watch_look() {
	tmux -S "$PWD/tmux.sock" -f /dev/null new-session -d -x "$1" -y "$2" \
	    "exec env LANG=$LANG LANGUAGE=$LANGUAGE NO_COLOR=1 HOME='$HOME' SHAKEREF_DB='$SHAKEREF_DB' SHAKEREF_DICT_PATH='$SRCDIR/tests/data' '$SHAKEREF' watch" &&
	i=0 &&
	while ! tmux -S "$PWD/tmux.sock" capture-pane -p >screen ||
	    ! grep -qF -- "$3" screen; do
		tty_tick "watch never showed: $3" || return 1
	done &&
	# Drawn whole: the same screen on two looks in a row.
	while :; do
		cp screen before &&
		tmux -S "$PWD/tmux.sock" capture-pane -p >screen || return 1
		cmp -s before screen && return 0
		tty_tick "watch never stopped drawing" || return 1
	done
}

# No line of ./screen wider than $1 columns (wc -L: the columns of
# its widest line in UTF-8).
screen_within() {
	if [ "$(LC_ALL=C.UTF-8 wc -L <screen)" -gt "$1" ]; then
		sed "s/^/# /" screen
		return 1
	fi
}

# The Shake pad's rows on ./screen, whole (not wrapped): round 10, the
# All Shake and the total, as the scenario's rolls make them.
shake_pad_whole() {
	grep -qE "^ +10 +10 +10 +20 +20\$" screen &&
	grep -qE "^All-Shake +0 +0 +20 +20\$" screen &&
	grep -qE "^Summe +100 +100 +220 +220\$" screen &&
	grep -qE "^Runde +Jürgen +Zoë +Mary Ann +Ole\$" screen
}

# Every player's score line and the title of a finished Shake of four.
shake_scores_shown() {
	grep -qxF "Partie 1: shake, All-Shake" screen &&
	grep -qE "^  Jürgen +100\$" screen &&
	grep -qE "^  Zoë +100\$" screen &&
	grep -qE "^\\* Mary Ann +220 Sieger\$" screen &&
	grep -qE "^\\* Ole +220 Sieger\$" screen &&
	grep -qxF "Die Partie ist vorbei." screen
}

test_expect_success 'watch at 80x24: a finished Shake of four shows the title, every score and the whole pad (SH-10)' '
	shake_of_four &&
	watch_screen 80 24 "Die Partie ist vorbei." &&
	shake_scores_shown && shake_pad_whole && screen_within 80
'

test_expect_success 'watch at 40 columns: the Shake pad of four narrowed to fit, no row wrapped; the scores all there' '
	shake_of_four &&
	watch_screen 40 24 "Die Partie ist vorbei." &&
	shake_scores_shown && shake_pad_whole && screen_within 40 &&
	for r in 1 2 3 4 5 6 7 8 9; do
		grep -qE "^ +$r +10 +10 +20 +20\$" screen || return 1
	done
'

test_expect_success 'watch at 40x14: the pad shortened, its oldest rounds first (a heading, then "…"), the scores and what is next kept' '
	shake_of_four &&
	watch_screen 40 14 "Die Partie ist vorbei." &&
	shake_scores_shown && screen_within 40 &&
	grep -qE "^Summe +100 +100 +220 +220\$" screen &&
	grep -qE "^Runde +Jürgen" screen && grep -qxF "…" screen &&
	! grep -qE "^ +1 +10 +10" screen &&
	test "$(wc -l <screen)" -le 14
'

test_expect_success 'watch at 80x24 early in a Shake of four: the scores in big digits with the pad' '
	sr new --game shake --players "Jürgen,Zoë,Mary Ann,Ole" >/dev/null &&
	printf "roll 5 5 5 5\nroll 10 10 20 20\n" | sr play >/dev/null &&
	watch_screen 80 24 "Runde 2" &&
	grep -qF "Partie 1: shake, Runde 2" screen &&
	for n in Jürgen Zoë "Mary Ann" Ole; do
		grep -qE "^[ >] $n  " screen || return 1
	done &&
	# 20 in seven-segment digits: its middle row.
	grep -qE "^  Mary Ann +_\\| \\| \\|\$" screen &&
	grep -qE "^ +1 +10 +10 +20 +20\$" screen
'

# A round of Shake-A-Word of four on the test dictionary, checked and
# scored: long lists of words under the scores.
word_of_four() {
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	sr new --game word --players "Jürgen,Zoë,Mary Ann,Ole" \
	    --option dict=tiny >/dev/null &&
	printf "%s\n" "grid CATS ORED DOGS QUITE" \
	    "words Jürgen crates quite cats rest tae" \
	    "words Zoë cats dogs gets quit" \
	    "words \"Mary Ann\" dogs road rate god" \
	    "words Ole dogs road rate god cats" \
	    "challenge \"Mary Ann\" road" score >in &&
	sr play <in >/dev/null &&
	sr --json status >status.json
}

# Each player's score line on ./screen with the score status gave.
word_scores_shown() {
	for n in Jürgen Zoë "Mary Ann" Ole; do
		v=$(jq -r --arg n "$n" ".players[] | select(.name == \$n) |
		    .score" status.json) &&
		grep -qE "^[ >*] $n +$v( |\$)" screen || return 1
	done
}

for size in "80 24" "40 24"; do
	test_expect_success "watch at ${size% *} columns, ${size#* } rows: Shake-A-Word of four keeps the title and every score on the screen" '
		word_of_four &&
		jq -e "[.players[].score] | add > 0" status.json >/dev/null &&
		watch_screen $size "finish" &&
		grep -qxF "Partie 1: shake-a-word, Runde 1" screen &&
		word_scores_shown && screen_within ${size% *} &&
		test "$(wc -l <screen)" -le ${size#* }
	'
done

test_done
