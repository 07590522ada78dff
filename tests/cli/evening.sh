#!/bin/sh
# tests/cli/evening.sh: issue 28's "done": a German table plays a whole
# evening in play and never reads an English sentence.  The evening: one
# whole game of each rules (the first scenario of tests/scenarios of
# each, typed as a table types it) in play from a pipe, with help, help
# of a verb and of a command, status, undo and redo, review, history,
# standings, dice, rules and games around it, refused lines each in a
# play of their own (a pipe stops at the first), and Shake in play on a
# terminal (tmux).  Played twice in LANG=de_DE.UTF-8: with the German
# catalog, against its sentences and with no English word in it; and
# with the pseudo-translation qps (tests/pseudo.awk, built by make check:
# every word of every msgstr marked "ǂ"), where a word left unmarked is
# a sentence no catalog translates, but for what the table typed and the
# names a program reads (verbs, commands, rules names, options and their
# values, dictionaries), capitals (NAME, SH-1), pawns (o), the words a
# dictionary finds on a grid (solve, review) or suggests, and play's
# "line N" of a refused line (SPEC.md "play": the prefix).  Then every
# scenario in qps with status after each entry: the coach's line of
# every position they reach.
. "$SRCDIR/tests/cli/lib.sh"

# The first scenario of each rules of this binary's table, in the table's
# order, one path a line.
evening_plays() {
	: >seen &&
	for f in $(scenarios); do
		"$SHAKEREF" -d which.db --json new \
		    $(sed -n "1s/^# new: //p" "$f") | jq -r .rules >rules &&
		rm -f which.db which.db-wal which.db-shm &&
		if ! grep -q "^$(cat rules) " seen; then
			echo "$(cat rules) $f" >>seen
		fi || return 1
	done &&
	for g in $(rules_names); do
		sed -n "s|^$g ||p" seen || return 1
	done &&
	rm -f seen rules
}

# play's input for scenario $1: the table's commands around its lines.
evening_input() {
	echo help
	echo status
	echo "help undo"
	echo "help status"
	sed -e 's/#.*//' -e '/^ *$/d' "$1"
	echo undo
	echo redo
	echo status
	echo review
	echo history
	echo standings
	echo dice
	echo rules "$(jq -r .rules new.json)"
	echo games
}

# Lines refused, each in a play of its own, at a game's start: a value
# out of range (or a verb the game has not), a command that is none, an
# undo of what is not there; solve after the game (a refusal but in a
# word game).
evening_refused="roll 999|xyzzy|undo 99"

# The words a dictionary finds on each grid of scenario $1 (a word game),
# one a line: data, not sentences.
grid_words() {
	grep "^grid " "$1" | while read -r line; do
		rm -f grid.db grid.db-wal grid.db-shm &&
		sr -d grid.db new $(sed -n "1s/^# new: //p" "$1") >/dev/null &&
		sr -d grid.db $line >/dev/null &&
		sr -d grid.db --json solve --force |
		    jq -r ".words[].word, .missed[]?" || return 1
	done
	rm -f grid.db grid.db-wal grid.db-shm
}

# The words Hunspell suggests for a word struck in file $1 (qps: after
# "ǂsuggestions: "), one a line: the dictionary's, not sentences.
suggestions() {
	sed -n "s/.*ǂsuggestions: \\([^)]*\\)).*/\\1/p" "$1" | tr -s ", " "\\n\\n"
}

# The evening in the language of $LANG and $LANGUAGE: what the table
# reads into ./evening.out, what it typed into ./typed; one tmux pane of
# Shake into ./screen.
evening() {
	: >evening.out && : >typed &&
	for f in $(evening_plays); do
		sr --json new $(sed -n "1s/^# new: //p" "$f") >new.json &&
		sr -g "$(jq .game new.json)" status >>evening.out 2>&1 &&
		echo "$evening_refused" | tr "|" "\n" >refused &&
		while read -r line; do
			echo "$line" | sr play >>evening.out 2>&1 &&
			{ echo "# accepted: $line"; return 1; }
			echo "$line" >>typed
		done <refused &&
		evening_input "$f" >in &&
		sr play <in >>evening.out 2>&1 &&
		cat in >>typed &&
		{ echo solve | sr play >>evening.out 2>&1 || :; } &&
		if grep -q "^grid " "$f"; then
			grid_words "$f" >>typed
		fi || return 1
	done &&
	sr new --game shake --players Ann,Bob >>evening.out &&
	tmux -S "$PWD/tmux.sock" -f /dev/null new-session -d -x 100 -y 50 \
	    "cd '$PWD' && env NO_COLOR=1 LANG=$LANG LANGUAGE=${LANGUAGE:-} HOME='$HOME' SHAKEREF_DB='$SHAKEREF_DB' SHAKEREF_NOW='$SHAKEREF_NOW' '$SHAKEREF' play; echo \$? >exit; sleep 30" &&
	for line in help "roll 40 60" xyzzy "take 10" take status undo review \
	    history standings; do
		tty_idle && tty_type "$line" && echo "$line" >>typed ||
		    return 1
	done &&
	tty_end &&
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -300 >screen &&
	tty_stop
}

test_expect_success 'the pseudo-translation qps is built (make check) and speaks' '
	test -f "$BUILDDIR/locale/qps/LC_MESSAGES/shakeref.mo" &&
	LANG=de_DE.UTF-8 LANGUAGE=qps "$SHAKEREF" help >out &&
	expect_out "ǂusage: ǂshakeref"
'

test_expect_success 'a German evening in play: the catalog'"'"'s sentences, no English word' '
	LANG=de_DE.UTF-8 && export LANG &&
	evening &&
	allowed_words &&
	for f in evening.out screen; do
		no_english $f " the and of is are to with for from not this that which would your you when into each only were has have " ||
		    return 1
	done &&
	mv evening.out out &&
	expect_out "Partie 1: shake" &&
	expect_out "Jetzt erlaubt:" &&
	expect_out "Befehle: " &&
	expect_out "undo: den letzten noch gültigen Eintrag zurücknehmen" &&
	expect_out "vom Coach durchgesehen" &&
	expect_out "aufgezeichnete Würfel" &&
	expect_out "shakeref: play: line 1: '"'"'xyzzy'"'"' ist weder ein Verb von shake noch ein Befehl (help zeigt sie)" &&
	test $(grep -c "^Die Partie ist vorbei" out) -ge $(rules_names | wc -l) &&
	mv screen out &&
	expect_out "Runde 1, Bob (take|shake)>" &&
	expect_out "Bob nimmt 60; Ann wählt"
'

test_expect_success 'the same evening in qps: every word read is a catalog'"'"'s (marked), none English' '
	LANG=de_DE.UTF-8 LANGUAGE=qps && export LANG LANGUAGE &&
	evening &&
	allowed_words &&
	test $(wc -l <evening.out) -gt 1000 &&
	grep -q "ǂ" screen &&
	no_english evening.out &&
	no_english screen
'

# Every scenario's lines in play, status after each (the coach's line
# of every position): in qps, no English.
test_expect_success 'every scenario in qps, status after each entry: no English' '
	LANG=de_DE.UTF-8 LANGUAGE=qps && export LANG LANGUAGE &&
	: >all.out && : >typed &&
	for f in $(scenarios); do
		sr new $(sed -n "1s/^# new: //p" "$f") >>all.out &&
		sed -e "s/#.*//" -e "/^ *\$/d" "$f" >in &&
		sed "a status" in | sr play >>all.out 2>&1 &&
		cat in >>typed &&
		if grep -q "^grid " "$f"; then
			grid_words "$f" >>typed
		fi || return 1
	done &&
	suggestions all.out >>typed &&
	allowed_words &&
	test $(grep -c "ǂ" all.out) -gt 5000 &&
	no_english all.out
'

# A game's title is a name every language keeps: taken out whole (Pig,
# Roll and Bank, the fixture's, in a German line), its words still found
# anywhere else.
test_expect_success 'a game'"'"'s title is no English sentence; its words elsewhere are' '
	: >allowed &&
	printf "Shake Up\nPig, Roll and Bank\n" >titles &&
	printf "Pig, Roll and Bank (2-6 Spieler)\nund and Shake Up up\n" >t &&
	english_words t " the and " >found &&
	echo "2: and" >want &&
	expect_same want found &&
	rm titles && english_words t " the and " >found &&
	printf "1: and\n2: and\n" >want &&
	expect_same want found
'

test_expect_success 'the check finds a sentence left English' '
	: >allowed &&
	printf "ǂround 1 ǂis ǂover\\nthe game is over\\nSH-1 NAME ooo\\n" >t &&
	english_words t >found &&
	printf "2: the\\n2: game\\n2: is\\n2: over\\n" >want &&
	expect_same want found &&
	english_words t " the of " >found &&
	echo "2: the" >want &&
	expect_same want found
'

test_done
