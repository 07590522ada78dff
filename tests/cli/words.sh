#!/bin/sh
# tests/cli/words.sh: the table's own language (SPEC.md "Language", issue
# 28).  Every catalog of po/LINGUAS complete, the rule cards' paragraphs
# too (their ruling ids, cells and marks kept); C and a locale without
# a catalog speak today's English; --json the same bytes in every
# language; and, in each language, a refusal, a prompt, help, a rule
# card, a coach line and review of each game, plurals at 1 and 2 and
# numbers as the locale writes them, each against the sentence its
# translator wrote here by hand (a language of po/LINGUAS needs its
# words_LL below).  tests/cli/evening.sh finds a sentence no catalog
# has.
. "$SRCDIR/tests/cli/lib.sh"

po="$SRCDIR/po"
# A no-break space (de, es: before %; fr: before :) and a narrow one
# (fr: before ; ! ? %, and its thousands), as po/GLOSSARY writes them.
nb=$(printf "\302\240")
nn=$(printf "\342\200\257")
langs=$(sed -e 's/#.*//' "$po/LINGUAS" | tr -s ' \t\n' '  ')

# The locale a catalog is tried in: de -> de_DE.UTF-8.
locale_of() {
	case $1 in
	de) echo de_DE.UTF-8 ;;
	fr) echo fr_FR.UTF-8 ;;
	es) echo es_ES.UTF-8 ;;
	*) echo "$1.UTF-8" ;;
	esac
}

# 0 if locale $1 (de_DE.UTF-8) is on this machine (bootstrap makes it).
have_locale() {
	locale -a 2>/dev/null | grep -qix "$(echo "$1" | sed 's/UTF-8/utf-\\?8/')"
}

# The languages whose locale is here; a missing one fails the first test.
missing=
for l in $langs; do
	have_locale "$(locale_of "$l")" || missing="$missing $(locale_of "$l")"
done

test_expect_success 'every catalog of po/LINGUAS has its locale here (bootstrap generates them)' '
	if [ -n "$missing" ]; then
		echo "# missing locales:$missing (./bootstrap, or localedef)" &&
		false
	fi
'

# Every source, and src/games/cards.c: the rule cards' msgids, made by
# the build from seeds/ (in the build tree).
test_expect_success 'po/POTFILES.in lists every source of shakeref and the cards' '
	{ (cd "$SRCDIR" && find src -name "*.c" ! -path "src/tools/*" \
	    ! -name tt-model-data.c ! -name utf8-ctype.c ! -name i18n.c \
	    ! -name cards.c ! -name "card-*.c") &&
	    echo src/games/cards.c; } | sort >want &&
	sed -e "s/#.*//" -e "/^ *\$/d" "$po/POTFILES.in" | sort >got &&
	expect_same want got &&
	test -f "$BUILDDIR/src/games/cards.c"
'

# The msgids of the sources now, by po/Makevars' own xgettext options,
# as po/Makefile runs xgettext: in the build's po/, the source tree
# searched first, then the build tree (Makevars: the cards).
fresh_pot() {
	opts=$(printf "include %s\nall:\n\t@echo \$(XGETTEXT_OPTIONS)\n" \
	    "$po/Makevars" | env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
	    make -s --no-print-directory -f - top_builddir=..) &&
	(cd "$BUILDDIR/po" && xgettext --directory="$SRCDIR" $opts \
	    --files-from="$SRCDIR/po/POTFILES.in" -o "$1" 2>/dev/null)
}

test_expect_success 'po/shakeref.pot holds the msgids of the sources now' '
	fresh_pot "$PWD/fresh.pot" &&
	msgcmp --use-untranslated "$po/shakeref.pot" fresh.pot &&
	msgcmp --use-untranslated fresh.pot "$po/shakeref.pot"
'

test_expect_success 'each catalog translates every msgid: none missing, untranslated or fuzzy' '
	fresh_pot "$PWD/fresh.pot" &&
	for l in $langs; do
		msgcmp "$po/$l.po" fresh.pot || return 1
		msgfmt --check --statistics -o /dev/null "$po/$l.po" \
		    2>stats || return 1
		if ! grep -qx "[0-9]* translated messages\\." stats; then
			sed "s/^/# $l: /" stats
			return 1
		fi
	done
'

test_expect_success 'a catalog missing a message fails the check above' '
	fresh_pot "$PWD/fresh.pot" &&
	for l in $langs; do
		msgattrib --no-wrap "$po/$l.po" |
		    awk "/^msgid \"expected the values rolled\"/ { cut = 1 }
			cut && /^msgstr/ { print \"msgstr \\\"\\\"\"; cut = 0;
			next } { print }" >broken.po &&
		if msgcmp broken.po fresh.pot 2>/dev/null; then
			echo "# $l: an untranslated message passed" && return 1
		fi
	done
'

test_expect_success 'a catalog missing a rule card'"'"'s paragraph fails the check above' '
	fresh_pot "$PWD/fresh.pot" &&
	grep -qx "msgid \"What you need\"" fresh.pot &&
	for l in $langs; do
		msgattrib --no-wrap "$po/$l.po" |
		    awk "/^msgid \"What you need\"/ { cut = 1 }
			cut && /^msgstr/ { print \"msgstr \\\"\\\"\"; cut = 0;
			next } { print }" >broken.po &&
		if msgcmp broken.po fresh.pot 2>/dev/null; then
			echo "# $l: an untranslated card paragraph passed" &&
			return 1
		fi
	done
'

# The pairs of msgid and msgstr of catalog $1 from src/games/cards.c, a
# pair a line: msgid, a tab, msgstr (po escapes kept).
card_pairs() {
	msggrep --no-wrap -N src/games/cards.c "$1" |
	    msgattrib --no-wrap --no-fuzzy | awk '
		/^msgid "/ { id = substr($0, 8, length($0) - 8); next }
		/^msgstr "/ { if (id != "") print id "\t" \
		    substr($0, 9, length($0) - 9) }'
}

# The pairs of card_pairs whose msgstr lost or gained a ruling id, a
# table row's cell, a `code` or **bold** mark: "# " and the msgid.
card_marks_lost() {
	awk -F '\t' '
	function tally(s, sign,   n) {
		while (match(s, /\[[A-Z][A-Z]-[0-9][^]]*]/)) {
			seen[substr(s, RSTART, RLENGTH)] += sign
			s = substr(s, RSTART + RLENGTH)
		}
		n = s
		seen["|"] += sign * gsub(/ \| /, "", n)
		seen["`"] += sign * gsub(/`/, "", n)
		seen["**"] += sign * gsub(/\*\*/, "", n)
	}
	{
		split("", seen)
		tally($1, 1)
		tally($2, -1)
		for (k in seen)
			if (seen[k] != 0) {
				print "# " substr($1, 1, 70) " (" k ")"
				break
			}
	}'
}

# A card's translation keeps what a reader types or looks up: each
# ruling id, a table row's cells, the `code` and **bold** marks.
test_expect_success 'each rule card'"'"'s translation keeps its ruling ids, cells and marks' '
	for l in $langs; do
		card_pairs "$po/$l.po" >pairs &&
		test $(wc -l <pairs) -gt 150 &&
		card_marks_lost <pairs >lost &&
		if [ -s lost ]; then
			sed "s/^# /# $l: /" lost && return 1
		fi
	done &&
	printf "**[SH-1]** a | b\t**[SH-2]** a | b\n" | card_marks_lost >lost &&
	test -s lost &&
	printf "\`x\` a | b\tb \`x\` | a\n" | card_marks_lost >lost &&
	test ! -s lost
'

# A short game of each rules of the table (rules --json) in the current
# database, on stdout and stderr as a table sees it: new, an entry, a
# refusal, status, help, rules, review, standings, history.
play_each() {
	for g in $(rules_names); do
		sr new --game $g --players Ann,Bob &&
		sr status && sr rules $g && sr review && sr standings &&
		sr history || return 1
		sr roll 9 || :
	done
	sr games --all && sr help && sr check
}

test_expect_success 'C and a locale without a catalog speak the same English' '
	LANG=C LC_ALL=C SHAKEREF_DB="$PWD/c.db" play_each >c.out 2>&1 &&
	LANG=C.UTF-8 LC_ALL= LANGUAGE=xx SHAKEREF_DB="$PWD/x.db" \
	    play_each >x.out 2>&1 &&
	expect_same c.out x.out &&
	grep -qxF "game 1: shake for Ann, Bob" c.out &&
	grep -qxF "shakeref: roll: expected 2 values (Ann, Bob), got 1" c.out
'

# The locale's name decides as setlocale() and gettext read it (the first
# of LC_ALL, LC_MESSAGES, LANG set and not empty; LANGUAGE followed in any
# locale but C and POSIX), whether shakeref calls setlocale() or knows
# the answer without it (C, POSIX, C.UTF-8 without LANGUAGE: issue 39).
test_expect_success 'C and POSIX ignore LANGUAGE, C.UTF-8 follows it, as gettext does' '
	while read -r want vars; do
		got=$(env -u LC_ALL -u LC_MESSAGES -u LANG -u LANGUAGE $vars \
		    "$SHAKEREF" -d "$PWD/none.db" status 2>&1 | cut -d" " -f3-4 | tr " " _)
		[ "$got" = "$want" ] ||
		    { echo "$vars: $got, not $want"; return 1; }
	done <<-EOF
	no_database LC_ALL=C LANGUAGE=de
	no_database LC_ALL=POSIX LANGUAGE=de
	no_database LANG=C LANGUAGE=de
	no_database LANGUAGE=de
	keine_Datenbank LANG=C.UTF-8 LANGUAGE=de
	keine_Datenbank LC_MESSAGES=C.utf8 LANGUAGE=de
	no_database LC_ALL=C.UTF-8
	no_database LC_ALL=C.UTF-8 LANGUAGE=
	keine_Datenbank LC_ALL=de_DE.UTF-8
	no_database LANG=de_DE.UTF-8 LC_MESSAGES=C.UTF-8
	no_database LANG=de_DE.UTF-8 LC_ALL=C
	EOF
'

# A game's uid (random, made by new) as X.
no_uid() {
	sed -e "s/\"uid\":\"[0-9a-f]*\"/\"uid\":\"X\"/g" -e "s/,[0-9a-f]\{32\},/,X,/g"
}

# The id of the game of rules $1 in the current database, or nothing.
game_of() {
	sr --json games | jq -r ".games[] | select(.rules == \"$1\") | .game"
}

# Every command with --json once per game of the table (rules --json),
# a few entries in the shipped ones.
json_each() {
	for g in $(rules_names); do
		sr --json new --game $g --players Ann,Bob || return 1
	done
	sr use $(game_of shake) >/dev/null && sr --json roll 40 60 &&
	sr --json take &&
	sr use $(game_of shake-up) >/dev/null && sr --json roll 6 1 &&
	sr --json roll 1 1 2 3 &&
	sr use $(game_of ten-thousand) >/dev/null &&
	sr --json roll 1 5 2 3 4 6 && sr --json keep 1 5 &&
	sr use $(game_of stack-attack) >/dev/null &&
	sr --json roll 5 5 1 2 3 &&
	for id in $(seq 1 $(rules_names | wc -l)); do
		sr -g $id --json status && sr -g $id --json history &&
		sr -g $id --json review && sr -g $id --json standings &&
		sr -g $id export || return 1
	done
	sr --json games --all && sr --json standings --all-time &&
	sr --json check && sr --json dice && sr export --all --format csv
}

test_expect_success '--json and export: the same bytes in every language' '
	LANG=C LC_ALL=C SHAKEREF_DB="$PWD/c.db" json_each | no_uid >c.json &&
	grep -q "\"say\":\"shake: worth 88.6 on average" c.json &&
	for l in $langs; do
		LANG=$(locale_of $l) SHAKEREF_DB="$PWD/$l.db" json_each |
		    no_uid >$l.json || return 1
		expect_same c.json $l.json || return 1
	done
'

test_expect_success 'history kept in the database is English; a translated history replays' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	for l in $langs; do
		LANG=$(locale_of $l) sr roll 40 40 >/dev/null || return 1
	done &&
	sr roll 10 20 >/dev/null &&
	sr check >out &&
	expect_out "1 game checked: 0 problems" &&
	sqlite3 "$SHAKEREF_DB" "SELECT note FROM entry_notes" >notes &&
	echo "Bob has the highest die (20) and chooses" >want &&
	expect_same want notes &&
	sr history >out &&
	expect_out "all rolled 40: void, roll again (SH-4)" &&
	expect_out "Bob has the highest die (20) and chooses" &&
	for l in $langs; do
		LANG=$(locale_of $l) sr history >$l.out || return 1
		if grep -q "Bob has the highest" $l.out; then
			echo "# $l: history in English" && return 1
		fi
	done
'

# The plurals of a language at 1 and 2: check's games ($1, $2), the dice
# left after a keep in 10,000 ($3), a refusal counting 5 values ($4).
plurals_at_1_and_2() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr check >out &&
	expect_out "$1" &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr check >out &&
	expect_out "$2" &&
	sr new --game ten-thousand --players Ann,Bob >/dev/null &&
	sr roll 1 2 2 3 3 4 >/dev/null &&
	sr keep 1 >out &&
	expect_out "$3" &&
	expect_refused 1 "$4" sr roll 1
}

# play on a terminal in locale $1, Shake after 'roll 40 60': Bob's prompt
# ($2), the coach's line ($3), what 'take' says ($4), Ann's prompt ($5).
prompt_on_a_terminal() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 40 60 >/dev/null &&
	tmux -S "$PWD/tmux.sock" -f /dev/null new-session -d -x 160 -y 40 \
	    "cd '$PWD' && env NO_COLOR=1 LANG=$1 HOME='$HOME' SHAKEREF_DB='$SHAKEREF_DB' SHAKEREF_NOW='$SHAKEREF_NOW' '$SHAKEREF' play; echo \$? >exit; sleep 30" &&
	tty_grep -qF "$2" &&
	tty_grep -qF "$3" &&
	tmux -S "$PWD/tmux.sock" send-keys -l -- "take" &&
	tmux -S "$PWD/tmux.sock" send-keys Enter &&
	tty_grep -qF "$4" &&
	tty_grep -qF "$5" &&
	tmux -S "$PWD/tmux.sock" kill-server
}

# The rule cards of `rules shake` and of game $1 in the language set:
# no English left (the English headings and first words are not in
# them), and the lines given after "--" for shake, then "--" for $1.
cards_spoken() {
	game=$1
	shift
	sr rules shake >out &&
	sr rules $game >out2 &&
	for en in "What you need" "The aim" "players)" "One colored die" \
	    "Everyone rolls"; do
		if grep -qF "$en" out; then
			echo "# rules shake still English: $en" && return 1
		fi
	done &&
	if grep -q "^What you need\|^The aim\|^## " out2; then
		echo "# rules $game still English" && return 1
	fi &&
	shift &&
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		expect_out "$1" || return 1
		shift
	done &&
	shift &&
	mv out2 out &&
	for line in "$@"; do
		expect_out "$line" || return 1
	done
}

# What was still English (issue 28): standings --all-time's row (issue
# 37: the rating $1 with the locale's numbers, games $2, wins $3 and
# review's word $4 for the winner of a Shake game), an All Shake order's
# coach line ($5), Shake-A-Word's words a challenge would strike ($6),
# the "or" before the last of the rules listed ($7).
leftovers_spoken() {
	expect_refused 2 " $7 $(rules_names | tail -n 1)" sr rules nope &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr standings --all-time >out &&
	head -n 1 out >got && echo shake >want && expect_same want got &&
	sed -n 2p out >got &&
	grep -q "^  Bob  $1  $2 " got && grep -q "$3  $4\$" got &&
	order_game &&
	sr status >out &&
	expect_out "$5" &&
	dict_make xx "SET UTF-8\n" "3\nbad\nbed\nfad\n" &&
	sr new --game shake-a-word --players Ann,Bob --option dict=xx \
	    >/dev/null &&
	sr grid ABC DEF GHI >/dev/null &&
	sr words Bob bed fad >/dev/null &&
	sr status >out &&
	expect_out "$6"
}

# -- German (po/de.po; po/GLOSSARY's words)
words_de() {
	LANG=de_DE.UTF-8
	export LANG
}

if echo " $langs " | grep -q " de "; then

test_expect_success 'de: Shake: refusal, status, coach line, help, rule card, review' '
	words_de &&
	sr new --game shake --players Ann,Bob >out &&
	expect_out "Partie 1: shake für Ann, Bob" &&
	expect_out "Runde 1. Die farbigen Würfel werfen: je einen Wert für Ann und Bob" &&
	expect_refused 1 "shakeref: roll: erwartet 2 Werte (Ann, Bob), erhalten 1" sr roll 9 &&
	expect_refused 1 "shakeref: roll: '"'"'7'"'"' ist keine Seite eines farbigen Würfels" sr roll 7 20 &&
	sr roll 40 60 >out &&
	expect_out "Bob hat den höchsten Würfel (60) und wählt" &&
	expect_out "Runde 1. Bob wirft 60 und wählt: take 60 oder shake" &&
	sr status >out &&
	expect_out "Punktestand: Ann 0, Bob 0" &&
	expect_out "Coach: shake: im Schnitt" &&
	sr help take >out &&
	expect_out "der Wählende bekommt die Punkte seines farbigen Würfels; die Wahl geht an den nächsthöheren (SH-6)" &&
	sr rules >out &&
	expect_out "Shake: die farbigen Würfel werfen, nehmen oder schütteln, 10 Runden und die All-Shake-Runde" &&
	expect_out "'"'"'shakeref rules RULES'"'"' zeigt eines vollständig" &&
	sr rules shake >out &&
	expect_out "Optionen (new --option KEY=VALUE):" &&
	sr take >/dev/null &&
	sr review >out &&
	expect_out "Partie 1: shake, vom Coach durchgesehen (Punkte)" &&
	expect_out "Bob: 1 Entscheidung"
'

test_expect_success 'de: the coach'"'"'s numbers as German writes them, JSON'"'"'s as a program reads them' '
	words_de &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 40 60 >/dev/null &&
	sr --json status >out &&
	v=$(jq -r ".advice.moves[0].value" out) &&
	case $v in *.*) ;; *) echo "# not a decimal: $v"; false ;; esac &&
	de=$(echo "$v" | tr . ,) &&
	sr status >out &&
	expect_out "Coach: shake: im Schnitt $de wert" &&
	if grep -qF "$v wert" out; then echo "# a C number in words"; false; fi
'

test_expect_success 'de: Shake Up: refusal, status, coach line, help, rule card, review' '
	words_de &&
	sr new --game shake-up --players Ann,Bob >/dev/null &&
	sr roll 6 1 >out &&
	expect_out "Ann wirft am höchsten (6) und beginnt" &&
	sr roll 1 1 2 3 >out &&
	expect_out "Runde 1. Ann schüttelt 1 1 2 3 (noch 2 Schütteln): keep, stand, oder roll mit 4 Werten" &&
	expect_refused 1 "shakeref: keep: '"'"'9'"'"' ist nicht unter den noch nicht gehaltenen Würfeln des letzten Schüttelns (1 1 2 3)" sr keep 9 &&
	sr status >out &&
	expect_out "Coach: keep 1 2 3: die beste Chance auf (A) oder (B) bis zum Ende des Zugs" &&
	sr help stand >out &&
	expect_out "mit dem Schütteln aufhören: die Hand ist endgültig und wird als (A) bis (D) eingestuft (SU-3, SU-4)" &&
	sr rules >out &&
	expect_out "Shake Up: bis zu drei Mal vier Würfel schütteln; Straßen und Sätze lassen Ihre Figuren die Pyramide hinaufrücken" &&
	sr review >out &&
	expect_out "Partie 1: shake-up, vom Coach durchgesehen (Punkte)"
'

test_expect_success 'de: 10,000: refusal, status, coach line, help, rule card, review' '
	words_de &&
	sr new --game ten-thousand --players Ann,Bob >out &&
	expect_out "Runde 1. Ann wirft 6 Würfel: roll mit 6 Werten" &&
	expect_refused 1 "shakeref: roll: '"'"'9'"'"' ist keine Augenzahl eines Würfels (1 bis 6)" sr roll 9 1 1 1 1 1 &&
	sr roll 1 5 2 3 4 6 >/dev/null &&
	expect_refused 1 "shakeref: bank: vor dem Sichern mindestens einen zählenden Würfel aus dem Wurf behalten (TT-3)" sr bank &&
	sr keep 1 >out &&
	expect_out "Ann behält 1 für 100: Zugsumme 100, noch 5 Würfel" &&
	sr status >out &&
	expect_out "Runde 1. Ann hat 100 mit 5 Würfeln in der Hand: mehr behalten (keep), roll mit 5 Werten oder bank" &&
	expect_out "Coach: " && expect_out "Siegchance bei bestem Spiel" &&
	sr help bank >out &&
	expect_out "die Zugsumme zum Punktestand addieren; braucht in diesem Zug einen behaltenen Würfel, der zählt (TT-6)" &&
	sr rules >out &&
	expect_out "10.000: sechs Würfel, behalten, was zählt, sichern oder weiterwerfen, vom letzten Sichern weiterwerfen" &&
	sr review >out &&
	expect_out "Partie 1: ten-thousand, vom Coach durchgesehen (Siegchance)"
'

test_expect_success 'de: Stack Attack: refusal, status, coach line, help, rule card, review' '
	words_de &&
	sr new --game stack-attack --players Ann,Bob >/dev/null &&
	expect_refused 1 "shakeref: roll: erwartet 5 Werte (die Würfel, die Ann hält), erhalten 1" sr roll 5 &&
	sr roll 5 5 1 2 3 >out &&
	expect_out "Ann wirft 5 5 1 2 3: 5 5 passen bei der 6 der Basis" &&
	expect_refused 1 "shakeref: place: '"'"'3'"'"' (Würfel 1 der Kette) kann nicht auf 6: erwartet eine 5 (SA-3)" sr place 3 &&
	sr status >out &&
	expect_out "Die längste Kette setzt 1 Würfel: place 5." &&
	expect_out "Coach: place 5: 1 Würfel im Turm; Bob hat dann eine Chance von" &&
	sr help place >out &&
	expect_out "Ihr ganzes Setzen: ein oder mehrere geworfene Würfel, der Reihe nach" &&
	sr rules >out &&
	expect_out "Stack Attack: Würfel eins über oder unter der Spitze stapeln; ein Einsturz bringt dem Schuldigen 0" &&
	sr review >out &&
	expect_out "Partie 1: stack-attack, vom Coach durchgesehen"
'

test_expect_success 'de: Shake-A-Word: refusal, status, coach line, help, rule card, review' '
	words_de &&
	dict_make xx "SET UTF-8\n" "3\nbad\nbed\nfad\n" &&
	sr new --game shake-a-word --players Ann,Bob --option dict=xx >/dev/null &&
	expect_refused 1 "shakeref: words: '"'"'words'"'"' braucht eine offene Runde: Runde 1. Den Würfelkasten schütteln und das Raster eingeben" sr words Ann bad &&
	sr grid ABC DEF GHI >out &&
	expect_out "Runde 1: 3x3-Raster ABC DEF GHI" &&
	sr words Ann bad >out &&
	expect_out "Ann schreibt bad (1 Wort in dieser Runde)" &&
	sr words Bob bed fad >out &&
	expect_out "Bob schreibt bed, fad (2 Wörter in dieser Runde)" &&
	sr status >out &&
	expect_out "Einzigartige Wörter zählen: 3-4 Buchstaben 1" &&
	expect_out "Jetzt: Ann +1, Bob +2." &&
	sr challenge Bob bed >out &&
	expect_out "'"'"'bed'"'"' von Bob gilt: im Raster und in xx; es zählt +1 (SW-5)" &&
	expect_exit 5 sr challenge Bob fad &&
	expect_out "Einspruch stattgegeben: '"'"'fad'"'"' von Bob ist aberkannt: '"'"'fad'"'"' ist nicht im Raster" &&
	sr help vote >out &&
	expect_out "das letzte Wort des Tisches über WORD von NAME in dieser Runde (reject zählt als aberkannt) (SW-6)" &&
	sr rules shake-a-word >out &&
	expect_out "Optionen (new --option KEY=VALUE):" &&
	expect_out "NAME (ein installiertes Hunspell-Wörterbuch)" &&
	sr score >out &&
	expect_out "gilt durch Einspruch: im Raster und in xx" &&
	expect_out "aberkannt durch Einspruch: '"'"'fad'"'"' ist nicht im Raster" &&
	sr review >out &&
	expect_out "die Punkte des Rasters, jedes gültige Wort aus 1 ausgewerteten Runde"
'

test_expect_success 'de: plural forms at 1 and 2' '
	words_de &&
	plurals_at_1_and_2 "1 Partie geprüft: 0 Probleme" \
	    "2 Partien geprüft: 0 Probleme" "noch 5 Würfel" \
	    "erwartet 5 Werte (die Würfel in der Hand von Ann), erhalten 1"
'

test_expect_success 'de: the rule cards of shake and 10,000 in German' '
	words_de &&
	cards_spoken ten-thousand -- "Shake (2-6 Spieler)" \
	    "Was Sie brauchen" "- 2 bis 6 Spieler." \
	    "  und 60; bei einem Würfel mit Augen zählt jedes Auge 10. [SH-1]" \
	    "1. Alle werfen. Alle Spieler werfen gleichzeitig ihren farbigen Würfel, und" \
	    -- "10.000 (2-16 Spieler)" "Das Ziel" \
	    "eine einzelne 1                                    100" \
	    "drei 1er                                           1000"
'

test_expect_success 'de: standings --all-time, an order'"'"'s coach line, the words a challenge would strike, a list'"'"'s or' '
	words_de &&
	leftovers_spoken "27,6 ± 8,1" "1 Partie" "1 Sieg" Anfänger \
	    "der Fälle, wenn an 2. Stelle von den 2 Gleichstehenden geschüttelt wird (1. " \
	    "Nicht im Raster, ein Einspruch würde aberkennen: '"'"'fad'"'"' von Bob." \
	    oder
'

test_expect_success SQLITE 'de: check'"'"'s problems: a state and a winner stored wrong, in German' '
	words_de &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sqlite3 test.db "UPDATE seats SET won = 1 WHERE seat = 0;
	    UPDATE games SET finished = 0" &&
	expect_exit 3 sr check &&
	expect_out "Partie 1: als laufend gespeichert, ihre Einträge ergeben beendet" &&
	expect_out "Partie 1: Ann ist als Sieger gespeichert, ihre Einträge sagen nicht Sieger"
'

test_expect_success 'de: a name with a space to quote, in German' '
	words_de &&
	sr new --game shake-a-word --players "Ann,Mary Ann" >/dev/null &&
	expect_refused 2 "erwartet NAME WORD; einen Namen mit Leerzeichen in Anführungszeichen setzen: \"Mary Ann\"" \
	    sr challenge Mary Ann fab
'

test_expect_success 'de: play'"'"'s prompt and words on a terminal' '
	words_de &&
	prompt_on_a_terminal de_DE.UTF-8 "Runde 1, Bob (take|shake)>" \
	    "Coach: shake: im Schnitt" "Bob nimmt 60; Ann wählt" \
	    "Runde 1, Ann (take|shake)>"
'

fi

# -- Spanish (po/es.po; po/GLOSSARY's words)
words_es() {
	LANG=es_ES.UTF-8
	export LANG
}

if echo " $langs " | grep -q " es "; then

test_expect_success 'es: Shake: refusal, status, coach line, help, rule card, review' '
	words_es &&
	sr new --game shake --players Ann,Bob >out &&
	expect_out "partida 1: shake para Ann, Bob" &&
	expect_out "Ronda 1. Tiren los dados de color: un valor cada uno para Ann y Bob" &&
	expect_refused 1 "shakeref: roll: se esperaban 2 valores (Ann, Bob), se recibieron 1" sr roll 9 &&
	expect_refused 1 "shakeref: roll: '"'"'7'"'"' no es una cara de un dado de color" sr roll 7 20 &&
	sr roll 40 60 >out &&
	expect_out "Bob tiene el dado más alto (60) y elige" &&
	expect_out "Ronda 1. Bob saca 60 y elige: take 60 o shake" &&
	sr status >out &&
	expect_out "puntuaciones: Ann 0, Bob 0" &&
	expect_out "entrenador: shake: vale 88,6 de media, asegurando cuando el total llega a 230; el dado vale 60" &&
	sr help take >out &&
	expect_out "quien elige se anota su dado de color; la elección pasa al siguiente más alto (SH-6)" &&
	sr rules >out &&
	expect_out "Shake: tire los dados de color, tome o agite, 10 rondas y la ronda All Shake" &&
	expect_out "'"'"'shakeref rules RULES'"'"' muestra una entera" &&
	sr rules shake >out &&
	expect_out "Opciones (new --option KEY=VALUE):" &&
	sr take >out &&
	expect_out "Bob toma 60; Ann elige" &&
	sr review >out &&
	expect_out "partida 1: shake, revisada por el entrenador (puntos)" &&
	expect_out "Bob: 1 decisión (0 bien, 0 dudosa, 0 mala, 1 error garrafal); 28,6 puntos regalados, 28,6 por decisión; nivel: principiante"
'

test_expect_success 'es: Shake Up: refusal, status, coach line, help, rule card, review' '
	words_es &&
	sr new --game shake-up --players Ann,Bob >/dev/null &&
	sr roll 6 1 >out &&
	expect_out "Ann saca lo más alto (6) y empieza" &&
	sr roll 1 1 2 3 >out &&
	expect_out "Ronda 1. Ann agita 1 1 2 3 (2 agitadas restantes): keep, stand, o roll con 4 valores" &&
	expect_refused 1 "shakeref: keep: '"'"'9'"'"' no está entre los dados de la última agitada aún no retenidos (1 1 2 3)" sr keep 9 &&
	sr status >out &&
	expect_out "quedan 2 agitadas." &&
	expect_out "entrenador: keep 1 2 3: la mejor probabilidad de (A) o (B) al final del turno: (A) 30,6${nb}%, (A) o (B) 100,0${nb}%, (D) 0,0${nb}%" &&
	sr help stand >out &&
	expect_out "deja de agitar: la mano es definitiva y se clasifica de (A) a (D) (SU-3, SU-4)" &&
	sr rules >out &&
	expect_out "Shake Up: hasta tres agitadas de cuatro dados; escaleras y grupos suben sus peones por la pirámide" &&
	sr review >out &&
	expect_out "partida 1: shake-up, revisada por el entrenador (puntos)"
'

test_expect_success 'es: 10,000: refusal, status, coach line, help, rule card, review' '
	words_es &&
	sr new --game ten-thousand --players Ann,Bob >out &&
	expect_out "Ronda 1. Ann tira 6 dados: roll con 6 valores" &&
	expect_refused 1 "shakeref: roll: '"'"'9'"'"' no es una cara de un dado (de 1 a 6)" sr roll 9 1 1 1 1 1 &&
	sr roll 1 5 2 3 4 6 >/dev/null &&
	expect_refused 1 "shakeref: bank: guarde al menos un dado que puntúe de la tirada antes de asegurar (TT-3)" sr bank &&
	sr keep 1 >out &&
	expect_out "Ann guarda 1 por 100: total del turno 100, 5 dados restantes" &&
	sr status >out &&
	expect_out "Ronda 1. Ann tiene 100 con 5 dados en la mano: keep para guardar más, roll con 5 valores o bank" &&
	expect_out "de ganar jugando lo mejor" &&
	sr help bank >out &&
	expect_out "suma el total del turno a su puntuación; necesita haber guardado algo que puntúe en este turno (TT-6)" &&
	sr rules >out &&
	expect_out "10.000: seis dados, guarde lo que puntúa, asegure o siga tirando, continúe desde lo último asegurado" &&
	sr review >out &&
	expect_out "partida 1: ten-thousand, revisada por el entrenador (probabilidad de ganar)"
'

test_expect_success 'es: Stack Attack: refusal, status, coach line, help, rule card, review' '
	words_es &&
	sr new --game stack-attack --players Ann,Bob >/dev/null &&
	expect_refused 1 "shakeref: roll: se esperaban 5 valores (los dados que tiene Ann), se recibieron 1" sr roll 5 &&
	sr roll 5 5 1 2 3 >out &&
	expect_out "Ann tira 5 5 1 2 3: 5 5 valen sobre el 6 de la base" &&
	expect_refused 1 "shakeref: place: '"'"'3'"'"' (dado 1 de la cadena) no puede ir sobre 6: se esperaba un 5 (SA-3)" sr place 3 &&
	sr status >out &&
	expect_out "La cadena más larga coloca 1 dado: place 5." &&
	expect_out "entrenador: place 5: 1 dado en la torre; Bob tiene entonces un 86,8${nb}% de probabilidad de sacar un dado que vaya sobre 5" &&
	sr help place >out &&
	expect_out "toda su colocación: uno o más dados tirados, en orden, cada uno sobre la cima que encuentra" &&
	sr rules >out &&
	expect_out "Stack Attack: apile dados uno por encima o por debajo de la cima; una caída da 0 a su culpable" &&
	sr review >out &&
	expect_out "partida 1: stack-attack, revisada por el entrenador"
'

test_expect_success 'es: Shake-A-Word: refusal, status, coach line, help, rule card, review' '
	words_es &&
	dict_make xx "SET UTF-8\n" "3\nbad\nbed\nfad\n" &&
	sr new --game shake-a-word --players Ann,Bob --option dict=xx >/dev/null &&
	expect_refused 1 "shakeref: words: '"'"'words'"'"' necesita una ronda abierta: Ronda 1. Agite el cubo e introduzca la cuadrícula" sr words Ann bad &&
	sr grid ABC DEF GHI >out &&
	expect_out "ronda 1: cuadrícula de 3x3 ABC DEF GHI" &&
	sr words Ann bad >out &&
	expect_out "Ann escribe bad (1 palabra en esta ronda)" &&
	sr words Bob bed fad >out &&
	expect_out "Bob escribe bed, fad (2 palabras en esta ronda)" &&
	sr status >out &&
	expect_out "Las palabras únicas puntúan: 3-4 letras 1" &&
	sr challenge Bob bed >out &&
	expect_out "'"'"'bed'"'"' de Bob vale: en la cuadrícula y en xx; cuenta +1 (SW-5)" &&
	expect_exit 5 sr challenge Bob fad &&
	expect_out "impugnación aceptada: '"'"'fad'"'"' de Bob queda invalidada: '"'"'fad'"'"' no está en la cuadrícula" &&
	sr help vote >out &&
	expect_out "la última palabra de la mesa sobre la WORD de NAME en esta ronda (reject cuenta como invalidada) (SW-6)" &&
	sr rules shake-a-word >out &&
	expect_out "NAME (un diccionario Hunspell instalado)" &&
	sr score >out &&
	expect_out "ronda 1 puntuada:" &&
	sr review >out &&
	expect_out "los puntos del tablero, cada palabra válida de 1 ronda puntuada"
'

test_expect_success 'es: plural forms at 1 and 2' '
	words_es &&
	plurals_at_1_and_2 "1 partida comprobada: 0 problemas" \
	    "2 partidas comprobadas: 0 problemas" "5 dados restantes" \
	    "se esperaban 5 valores (los dados de la mano de Ann), se recibieron 1"
'

test_expect_success 'es: the rule cards of shake and Shake Up in Spanish' '
	words_es &&
	cards_spoken shake-up -- "Shake (2-6 jugadores)" "Qué se necesita" \
	    "- De 2 a 6 jugadores." \
	    "  en un dado con puntos cada punto vale 10. [SH-1]" \
	    -- "clase  manos" \
	    "A      una escalera de cuatro (1-2-3-4, 2-3-4-5, 3-4-5-6) o cuatro iguales"
'

test_expect_success 'es: standings --all-time, an order'"'"'s coach line, the words a challenge would strike, a list'"'"'s or' '
	words_es &&
	leftovers_spoken "27,6 ± 8,1" "1 partida" "1 victoria" principiante \
	    "de las veces agitando el 2.º de los 2 empatados (1.º " \
	    "una impugnación las invalidaría: '"'"'fad'"'"' de Bob." \
	    o
'

test_expect_success 'es: play'"'"'s prompt and words on a terminal' '
	words_es &&
	prompt_on_a_terminal es_ES.UTF-8 "ronda 1, Bob (take|shake)>" \
	    "entrenador: shake: vale 88,6 de media" \
	    "Bob toma 60; Ann elige" "ronda 1, Ann (take|shake)>"
'

fi

# -- French (po/fr.po; po/GLOSSARY's words)
words_fr() {
	LANG=fr_FR.UTF-8
	export LANG
}

if echo " $langs " | grep -q " fr "; then

test_expect_success 'fr: Shake: refusal, status, coach line, help, rule card, review' '
	words_fr &&
	sr new --game shake --players Ann,Bob >out &&
	expect_out "partie 1${nb}: shake pour Ann, Bob" &&
	expect_out "Manche 1. Lancez les dés de couleur${nb}: une valeur chacun pour Ann et Bob" &&
	expect_refused 1 "shakeref: roll: attendu 2 valeurs (Ann, Bob), reçu 1" sr roll 9 &&
	expect_refused 1 "shakeref: roll: '"'"'7'"'"' n'"'"'est pas une face d'"'"'un dé de couleur" sr roll 7 20 &&
	sr roll 40 60 >out &&
	expect_out "Bob a le dé le plus haut (60) et choisit" &&
	expect_out "Manche 1. Bob fait 60 et choisit${nb}: take 60 ou shake" &&
	sr status >out &&
	expect_out "scores${nb}: Ann 0, Bob 0" &&
	expect_out "coach${nb}: shake${nb}: vaut " &&
	sr help take >out &&
	expect_out "celui qui choisit marque son dé de couleur${nn}; le choix passe au suivant le plus haut (SH-6)" &&
	sr rules >out &&
	expect_out "Shake${nb}: lancez les dés de couleur, prenez ou secouez, 10 manches et la manche All Shake" &&
	expect_out "'"'"'shakeref rules RULES'"'"' en montre une en entier" &&
	sr rules shake >out &&
	expect_out "Options (new --option KEY=VALUE)${nb}:" &&
	expect_out "shake-faces=1..5 (par défaut 2)" &&
	sr take >/dev/null &&
	sr review >out &&
	expect_out "partie 1${nb}: shake, revue par le coach (points)" &&
	expect_out "Bob${nb}: 1 décision" &&
	expect_out "le coach ferait shake${nb}: une gaffe"
'

test_expect_success 'fr: the coach'"'"'s numbers as French writes them, JSON'"'"'s as a program reads them' '
	words_fr &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 40 60 >/dev/null &&
	sr --json status >out &&
	v=$(jq -r ".advice.moves[0].value" out) &&
	case $v in *.*) ;; *) echo "# not a decimal: $v"; false ;; esac &&
	fr=$(echo "$v" | tr . ,) &&
	sr status >out &&
	expect_out "coach${nb}: shake${nb}: vaut $fr en moyenne" &&
	if grep -qF "vaut $v " out; then echo "# a C number in words"; false; fi
'

test_expect_success 'fr: Shake Up: refusal, status, coach line, help, rule card, review' '
	words_fr &&
	sr new --game shake-up --players Ann,Bob >out &&
	expect_out "Lancer de départ${nb}: un dé chacun pour Ann et Bob (le plus haut commence)" &&
	sr roll 6 1 >out &&
	expect_out "Ann fait le plus haut (6) et commence" &&
	sr roll 1 1 2 3 >out &&
	expect_out "Manche 1. Ann secoue 1 1 2 3 (2 secouées restantes)${nb}: keep, stand, ou roll avec 4 valeurs" &&
	expect_refused 1 "shakeref: keep: '"'"'9'"'"' n'"'"'est pas parmi les dés de la dernière secouée pas encore tenus (1 1 2 3)" sr keep 9 &&
	sr status >out &&
	expect_out "niveau   Ann    Bob" &&
	expect_out " sûrs   .      ." &&
	expect_out "coach${nb}: keep 1 2 3${nb}: la meilleure chance de (A) ou (B) d'"'"'ici la fin du tour" &&
	sr help stand >out &&
	expect_out "arrêter de secouer${nb}: la main est finale et classée de (A) à (D) (SU-3, SU-4)" &&
	sr rules >out &&
	expect_out "Shake Up${nb}: jusqu'"'"'à trois secouées de quatre dés${nn}; les suites et les séries font monter vos pions sur la pyramide" &&
	sr review >out &&
	expect_out "partie 1${nb}: shake-up, revue par le coach (points)" &&
	expect_out "aucune décision à revoir"
'

test_expect_success 'fr: 10,000: refusal, status, coach line, help, rule card, review' '
	words_fr &&
	sr new --game ten-thousand --players Ann,Bob >out &&
	expect_out "Manche 1. Ann lance 6 dés${nb}: roll avec 6 valeurs" &&
	expect_refused 1 "shakeref: roll: '"'"'9'"'"' n'"'"'est pas une face de dé (1 à 6)" sr roll 9 1 1 1 1 1 &&
	sr roll 1 5 2 3 4 6 >/dev/null &&
	expect_refused 1 "shakeref: bank: gardez au moins un dé qui compte du lancer avant d'"'"'encaisser (TT-3)" sr bank &&
	sr keep 1 >out &&
	expect_out "Ann garde 1 pour 100${nb}: total du tour 100, encore 5 dés" &&
	sr status >out &&
	expect_out "Manche 1. Ann a 100 avec 5 dés en main${nb}: keep pour en garder plus, roll avec 5 valeurs ou bank" &&
	expect_out "coach${nb}: " && expect_out "de gagner en jouant au mieux" &&
	sr help bank >out &&
	expect_out "ajouter le total du tour à votre score${nn}; il faut avoir gardé des dés qui comptent ce tour (TT-6)" &&
	sr rules >out &&
	expect_out "10 000${nb}: six dés, gardez ce qui compte, encaissez ou relancez, faites un barrage sur le dernier encaissement" &&
	sr review >out &&
	expect_out "partie 1${nb}: ten-thousand, revue par le coach (chance de gagner)" &&
	expect_out "une chance de gagner de "
'

test_expect_success 'fr: Stack Attack: refusal, status, coach line, help, rule card, review' '
	words_fr &&
	sr new --game stack-attack --players Ann,Bob >/dev/null &&
	expect_refused 1 "shakeref: roll: attendu 5 valeurs (les dés que tient Ann), reçu 1" sr roll 5 &&
	sr roll 5 5 1 2 3 >out &&
	expect_out "Ann lance 5 5 1 2 3${nb}: 5 5 conviennent sur le 6 de la base" &&
	expect_refused 1 "shakeref: place: '"'"'3'"'"' (dé 1 de la chaîne) ne peut pas aller sur 6${nb}: attendu un 5 (SA-3)" sr place 3 &&
	sr status >out &&
	expect_out "La plus longue chaîne met 1 dé dans la tour${nb}: place 5." &&
	expect_out "coach${nb}: place 5${nb}: 1 dé dans la tour${nn}; Bob a alors " &&
	sr help place >out &&
	expect_out "tout votre placement${nb}: un ou plusieurs dés lancés, dans l'"'"'ordre" &&
	sr rules >out &&
	expect_out "Stack Attack${nb}: empilez des dés d'"'"'un au-dessus ou d'"'"'un au-dessous du sommet${nn}; une chute vaut 0 à son coupable" &&
	sr review >out &&
	expect_out "partie 1${nb}: stack-attack, revue par le coach"
'

test_expect_success 'fr: Shake-A-Word: refusal, status, coach line, help, rule card, review' '
	words_fr &&
	dict_make xx "SET UTF-8\n" "3\nbad\nbed\nfad\n" &&
	sr new --game shake-a-word --players Ann,Bob --option dict=xx >/dev/null &&
	expect_refused 1 "shakeref: words: '"'"'words'"'"' a besoin d'"'"'une manche ouverte${nb}: Manche 1. Secouez le cube et entrez la grille" sr words Ann bad &&
	sr grid ABC DEF GHI >out &&
	expect_out "manche 1${nb}: grille 3x3 ABC DEF GHI" &&
	sr words Ann bad >out &&
	expect_out "Ann écrit bad (1 mot cette manche)" &&
	sr words Bob bed fad >out &&
	expect_out "Bob écrit bed, fad (2 mots cette manche)" &&
	sr status >out &&
	expect_out "Les mots uniques marquent${nb}: 3-4 lettres 1" &&
	expect_out "Maintenant${nb}: Ann +1, Bob +2." &&
	sr challenge Bob bed >out &&
	expect_out "'"'"'bed'"'"' de Bob est valide${nb}: sur la grille et dans xx${nn}; il compte +1 (SW-5)" &&
	expect_exit 5 sr challenge Bob fad &&
	expect_out "contestation retenue${nb}: '"'"'fad'"'"' de Bob est invalidé${nb}: '"'"'fad'"'"' n'"'"'est pas sur la grille" &&
	sr help vote >out &&
	expect_out "le dernier mot de la table sur le WORD de NAME cette manche (reject compte comme invalidé) (SW-6)" &&
	sr rules shake-a-word >out &&
	expect_out "Options (new --option KEY=VALUE)${nb}:" &&
	expect_out "NAME (un dictionnaire Hunspell installé)" &&
	sr score >out &&
	expect_out "est valide par contestation${nb}: sur la grille et dans xx" &&
	expect_out "invalidé par contestation${nb}: '"'"'fad'"'"' n'"'"'est pas sur la grille" &&
	sr review >out &&
	expect_out "les points de la grille, chaque mot valide de 1 manche comptée"
'

test_expect_success 'fr: plural forms at 1 and 2 (0 and 1 singular)' '
	words_fr &&
	plurals_at_1_and_2 "1 partie vérifiée${nb}: 0 problème" \
	    "2 parties vérifiées${nb}: 0 problème" "encore 5 dés" \
	    "attendu 5 valeurs (les dés en main d'"'"'Ann), reçu 1"
'

test_expect_success 'fr: the rule cards of shake and Stack Attack in French' '
	words_fr &&
	cards_spoken stack-attack -- "Shake (2-6 joueurs)" \
	    "Ce qu'"'"'il vous faut" "- De 2 à 6 joueurs." \
	    "- Un dé de couleur par joueur. Ses faces portent 10, 20, 30, 40, 50 et 60${nn};" \
	    -- "Stack Attack (2-4 joueurs)" "Le but" \
	    "- Le plateau branlant sur lequel la tour se dresse, sur une table que tout"
'

test_expect_success 'fr: standings --all-time, an order'"'"'s coach line, the words a challenge would strike, a list'"'"'s or' '
	words_fr &&
	leftovers_spoken "27,6 ± 8,1" "1 partie" "1 victoire" débutant \
	    "du temps en secouant en 2e parmi les 2 à égalité (1er " \
	    "une contestation invaliderait${nb}: '"'"'fad'"'"' de Bob." \
	    ou
'

test_expect_success 'fr: play'"'"'s prompt and words on a terminal' '
	words_fr &&
	prompt_on_a_terminal fr_FR.UTF-8 "manche 1, Bob (take|shake)>" \
	    "coach${nb}: shake${nb}: vaut " "Bob prend 60${nn}; Ann choisit" \
	    "manche 1, Ann (take|shake)>"
'

fi

# The round timer's bar on a terminal in each language: the time left
# in the catalog's words (src/sys/timer.c; issue 36: "0:03 left" was
# English), from po/LL.po's msgstr of " %ld:%02ld left".
test_expect_success 'the timer'"'"'s bar speaks the table'"'"'s language (noch 0:0N, encore 0:0N, quedan 0:0N)' '
	dict_make xx "SET UTF-8\n" "3\nbad\nbed\nfad\n" &&
	sr new --game shake-a-word --players Ann,Bob --option dict=xx >/dev/null &&
	sr grid ABC DEF GHI >/dev/null &&
	for l in $langs; do
		case $l in
		de) left="] noch 0:0" ;;
		fr) left="] encore 0:0" ;;
		es) left="] quedan 0:0" ;;
		*) echo "# no timer words for $l" && return 1 ;;
		esac &&
		LANG=$(locale_of $l) && export LANG &&
		TTY_CMD="timer 3" tty_start &&
		tty_wait "$left" &&
		tmux -S "$PWD/tmux.sock" capture-pane -p >screen &&
		if grep -qF " left" screen; then
			echo "# $l: the timer is English" && return 1
		fi &&
		tty_stop || return 1
	done
'

# thousands LOCALE KEPT BANKED: a 10,000 turn of 1,050 in LOCALE, what
# 'keep 1 1 1 5' and 'bank' say (worked out by hand from the catalog,
# the grouping as the C library's LC_NUMERIC of that locale writes it);
# --json and export keep the plain number.
thousands() {
	LANG=$1 && export LANG &&
	sr new --game ten-thousand --players Ann,Bob >/dev/null &&
	sr roll 1 1 1 5 2 3 >/dev/null &&
	sr keep 1 1 1 5 >out && expect_out "$2" &&
	sr bank >out && expect_out "$3" &&
	sr --json status >out &&
	json ".players[0].score == 1050" &&
	sr export >out && grep -q "\"verb\":\"bank\"" out &&
	! grep -q "1[^0-9\"]050" out &&
	LANG=C sr history >out && ! grep -q "1[.,]050" out
}

test_expect_success 'numbers in words as the locale writes them: 1.050 (de, es), 1 050 with a narrow no-break space (fr); 1050 in --json, export and C' '
	nnbsp=$(printf "\342\200\257") &&
	for l in $langs; do
		case $l in
		de) thousands de_DE.UTF-8 \
		    "Ann behält 1 1 1 5 für 1.050: Zugsumme 1.050, noch 2 Würfel" \
		    "Ann sichert 1.050: Punktestand 1.050" || return 1;;
		es) thousands es_ES.UTF-8 \
		    "Ann guarda 1 1 1 5 por 1.050: total del turno 1.050" \
		    "Ann asegura 1.050: puntuación 1.050" || return 1;;
		fr) thousands fr_FR.UTF-8 \
		    "Ann garde 1 1 1 5 pour 1${nnbsp}050${nb}: total du tour 1${nnbsp}050" \
		    "Ann encaisse 1${nnbsp}050${nb}: score 1${nnbsp}050" || return 1;;
		*) echo "# no thousands test for $l" && return 1;;
		esac
	done
'

# -- The glossary's words (issue 36)

# The msgstrs of catalog $1, one a line (po escapes kept).
msgstrs() {
	msgattrib --no-wrap --no-obsolete "$1" |
	    sed -n 's/^msgstr\(\[[0-9]\]\)\{0,1\} "\(.*\)"$/\2/p'
}

# The msgstrs of catalog $2 that use a word po/GLOSSARY forbids in
# language $1 ("forbid LL REGEX -> USE"): "# LL: REGEX: msgstr" each.
forbidden_in() {
	sed -n "s/^forbid $1 \(.*\) -> .*/\1/p" "$po/GLOSSARY" >rx.$1 &&
	test -s rx.$1 &&
	msgstrs "$2" >strs.$1 &&
	while IFS= read -r rx; do
		LC_ALL=C.UTF-8 grep -E -- "$rx" strs.$1 | cut -c 1-100 |
		    sed "s/^/# $1: $rx: /"
	done <rx.$1
}

test_expect_success 'no catalog uses a word po/GLOSSARY forbids (Vorgabe, Telefon, wertet, Zug 100, 8,8%, tire 5 valores ...)' '
	for l in $langs; do
		forbidden_in $l "$po/$l.po" >found || return 1
		if [ -s found ]; then cat found && return 1; fi
	done
'

# The check fails on a forbidden word put back: a catalog with one
# msgstr changed back to the old word.
test_expect_success 'a forbidden word put back fails the check above' '
	for l in $langs; do
		case $l in
		de) old="auf jedem Handy am Tisch" new="auf jedem Telefon am Tisch" ;;
		fr) old="%.1f${nn}%%" new="%.1f%%" ;;
		es) old="roll con %d valores" new="tire %d valores" ;;
		*) echo "# no forbidden word to put back in $l" && return 1 ;;
		esac &&
		grep -qF -- "$old" "$po/$l.po" &&
		awk -v o="$old" -v n="$new" "/^msgstr/ && !done && index(\$0, o) {
		    i = index(\$0, o); \$0 = substr(\$0, 1, i - 1) n \
		    substr(\$0, i + length(o)); done = 1 } { print }" \
		    "$po/$l.po" >back.po &&
		forbidden_in $l back.po >found &&
		if [ ! -s found ]; then
			echo "# $l: '"'"'$new'"'"' put back passed" && return 1
		fi
	done
'

# The verbs a player types, in every msgid where the player is told to
# type them, and unchanged in each msgstr: a `code` span (a rule card),
# a verb before its arguments ("roll %d value", "take %d", "penalize
# NAME LEVEL"), a coach line's move ("shake: worth", "bank %ld: ..."),
# and a prompt's choices (": keep, stand, or roll", ", or finish").  A
# rules' one-line summary names what is done, not what is typed.
typed_verbs_kept() {
	/usr/bin/python3 - "$@" <<-\EOF
	import re, subprocess, sys
	GAME = ("roll|take|shake|bank|pass|order|keep|stand|move|again|"
	        "penalize|place|fall|continue|fresh|finish|challenge|vote|"
	        "score|grid|words")
	ALL = GAME + "|timer|undo|redo|abandon|rename|title|note"
	ARGV = GAME.replace("|score", "")
	ARG = (r"(?:%(?:\d\$)?'?l?d(?! %s)(?! (?:dice|die)\b)|six values|"
	       r"6 values|V\.\.\.|NAME|LEVEL|WORD|ROW|TEXT|OLD)")
	RULES = [
	    re.compile(r"`(" + ALL + r")(?=[ `])"),
	    re.compile(r"(?<![\w'-])(?<!the )(" + ARGV + r") " + ARG),
	    re.compile(r"^(" + GAME + r")(?=:| %)(?! %d %s)"),
	    re.compile(r"(?:^|: |, |\bor |\bthen |\()(" + GAME +
	               r")(?=,| or\b|\)|$|\.|;| \(|\\n)"),
	]
	PROSE = re.compile(r"^(?:Shake|Shake Up|10,000|Stack Attack|"
	                   r"Shake-A-Word): ")
	def typed(msgid):
	    if PROSE.match(msgid) or re.fullmatch(r"\w+", msgid):
	        return []
	    card = "`" in msgid or "**" in msgid or (msgid[:1].isupper()
	                                              and len(msgid) > 120)
	    return [v for _, v in sorted({(m.start(1), m.group(1))
	            for r in (RULES[:1] if card else RULES)
	            for m in r.finditer(msgid)})]
	bad = 0
	for path in sys.argv[1:]:
	    txt = subprocess.run(["msgattrib", "--no-wrap", "--no-obsolete",
	                          path], capture_output=True, text=True,
	                         check=True).stdout
	    mid, strs = None, []
	    for line in txt.split("\n") + ['msgid "-"']:
	        if line.startswith('msgid "'):
	            want = {}
	            for v in typed(mid or ""):
	                want[v] = want.get(v, 0) + 1
	            for v, n in want.items():
	                for s in strs:
	                    got = len(re.findall(r"(?<![\w-])" + v +
	                                         r"(?![\w-])", s))
	                    if got < n:
	                        print("# %s: '%s' translated: %s -> %s" %
	                              (path, v, mid[:60], s[:70]))
	                        bad += 1
	            mid, strs = line[7:-1], []
	        elif line.startswith("msgstr"):
	            strs.append(line[line.index('"') + 1:-1])
	sys.exit(1 if bad else 0)
	EOF
}

test_expect_success 'the verbs a player types stay untranslated in every say-line, prompt, coach line and card' '
	for l in $langs; do
		typed_verbs_kept "$po/$l.po" || return 1
	done &&
	sed "s/roll con %d valores/tire %d valores/" "$po/es.po" >back.po &&
	! typed_verbs_kept back.po >/dev/null &&
	sed "s/^\(msgstr\[0\] \"\)keep, stand, oder roll mit %d Wert\"/\1behalten, stand, oder roll mit %d Wert\"/" \
	    "$po/de.po" >back.po &&
	! typed_verbs_kept back.po >/dev/null
'

test_expect_success 'es: the say-line keeps the verb the player types (roll con 5 valores, not tire 5 valores)' '
	words_es &&
	sr new --game ten-thousand --players Ann,Bob >/dev/null &&
	sr roll 1 5 2 3 4 6 >/dev/null &&
	sr keep 1 >/dev/null &&
	sr status >out &&
	expect_out "Ronda 1. Ann tiene 100 con 5 dados en la mano: keep para guardar más, roll con 5 valores o bank" &&
	if grep -q "tire 5 valores" out; then false; fi
'

# French typography: a no-break space (U+00A0) before ":" and a narrow
# one (U+202F) before ";", "!" and "?" where the sign ends a clause,
# outside `code` spans (po/GLOSSARY).
french_spacing_lost() {
	msgstrs "$1" | sed "s/\`[^\`]*\`//g" |
	    LC_ALL=C.UTF-8 grep -E -e "(^|[^$nb]):( |\$|\\\\n)" \
		-e "(^|[^$nn])[;!?]( |\$|\\\\n)" | cut -c 1-100 | sed "s/^/# /"
}

test_expect_success 'fr: a no-break space before : and a narrow one before ; ! ? in every msgstr and sentence' '
	if echo " $langs " | grep -q " fr "; then
		french_spacing_lost "$po/fr.po" >found &&
		if [ -s found ]; then cat found && return 1; fi &&
		sed "s/^msgstr \"coach${nb}: %s\\\\n\"/msgstr \"coach: %s\\\\n\"/" \
		    "$po/fr.po" >back.po &&
		french_spacing_lost back.po >found && test -s found &&
		words_fr &&
		sr new --game shake --players Ann,Bob >/dev/null &&
		sr roll 40 60 >out &&
		expect_out "Manche 1. Bob fait 60 et choisit${nb}: take 60 ou shake" &&
		sr take >out &&
		expect_out "Bob prend 60${nn}; Ann choisit" &&
		sr new --game stack-attack --players Ann,Bob >/dev/null &&
		sr roll 5 5 1 2 3 >out &&
		expect_out "Ann lance 5 5 1 2 3${nb}: 5 5 conviennent" &&
		sr status >out &&
		expect_out "coach${nb}: place 5${nb}: 1 dé dans la tour${nn}; Bob a alors " &&
		if grep "^coach" out | grep -q "[^${nb}]: \\|[^${nn}]; "; then
			echo "# a sign without its space in the coach line" &&
			cat out && false
		fi
	fi
'

# The lines of files $@ where French writes "de" before a name that
# begins with a vowel or an h ("de Anaïs", "de Ole", "de Hélène": d'
# there), each "# de before a vowel: LINE"; nothing when none does.
de_before_vowel() {
	LC_ALL=C.UTF-8 grep -h -E \
	    "(^|[^[:alpha:]'])[dD]e [AEIOUYHÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜ]" "$@" |
	    cut -c 1-100 | sed "s/^/# de before a vowel: /"
}

# French elides "de" before a vowel or an h: "d'Anaïs", "d'Hélène", "de
# Bob" (two msgids, the second in the context "elided": words.h E_);
# German, Spanish and English say it as before.
test_expect_success 'fr: a name after "de" elides before a vowel or an h (d'"'"'Anaïs, d'"'"'Hélène, de Bob); de, es and C unchanged' '
	dict_make xx "SET UTF-8\n" "3\nbad\nbed\nfad\n" &&
	sr new --game shake-a-word --players Anaïs,Bob,Hélène \
	    --option dict=xx >/dev/null &&
	sr grid ABC DEF GHI >/dev/null &&
	sr words Anaïs bed >/dev/null && sr words Bob bad >/dev/null &&
	sr words Hélène fad >/dev/null &&
	LANG=fr_FR.UTF-8 sr challenge Anaïs bed >out &&
	expect_out "'"'"'bed'"'"' d'"'"'Anaïs est valide${nb}: sur la grille et dans xx" &&
	LANG=fr_FR.UTF-8 sr challenge Bob bad >out &&
	expect_out "'"'"'bad'"'"' de Bob est valide${nb}: sur la grille et dans xx" &&
	LANG=fr_FR.UTF-8 expect_exit 5 sr challenge Hélène fad &&
	expect_out "contestation retenue${nb}: '"'"'fad'"'"' d'"'"'Hélène est invalidé" &&
	LANG=fr_FR.UTF-8 sr history >out &&
	de_before_vowel out >found &&
	if [ -s found ]; then cat found && false; fi &&
	LANG=de_DE.UTF-8 sr history >out &&
	expect_out "'"'"'bed'"'"' von Anaïs gilt" &&
	LANG=es_ES.UTF-8 sr history >out &&
	expect_out "'"'"'bed'"'"' de Anaïs vale" &&
	LANG=C sr history >out &&
	expect_out "Anaïs'"'"'s '"'"'bed'"'"' stands: on the grid and in xx" &&
	sr new --game shake-up --players Bob,Ole >/dev/null &&
	LANG=fr_FR.UTF-8 sr roll 6 1 >out &&
	expect_out "Bob fait le plus haut (6) et commence" &&
	LANG=fr_FR.UTF-8 sr roll 1 1 4 6 >/dev/null &&
	LANG=fr_FR.UTF-8 sr stand >out &&
	expect_out "${nn}; au tour d'"'"'Ole"
'

# The four sentences with a name and a number that elide too (CP_: a
# plural in the context "elided"; check's C_): 10,000's dice in hand,
# Stack Attack's roll without names (its one die and its five), Shake
# Up's coach line on a penalty, check's stored score.  A name with a
# vowel or an h (Ole, Anaïs, Hélène) takes d', Bob de; German, Spanish
# and English say both alike.
test_expect_success 'fr: the plural sentences elide too (les dés en main d'"'"'Ole, des 5 dés d'"'"'Anaïs, le pion d'"'"'Hélène, le score d'"'"'Ole; de Bob); de, es and C unchanged' '
	sr new --game ten-thousand --players Ole,Bob >/dev/null &&
	LANG=fr_FR.UTF-8 expect_refused 1 "roll: attendu 6 valeurs (les dés en main d'"'"'Ole), reçu 3" sr roll 1 2 3 &&
	cat err >fr.all &&
	LANG=de_DE.UTF-8 expect_refused 1 "roll: erwartet 6 Werte (die Würfel in der Hand von Ole), erhalten 3" sr roll 1 2 3 &&
	LANG=es_ES.UTF-8 expect_refused 1 "roll: se esperaban 6 valores (los dados de la mano de Ole), se recibieron 3" sr roll 1 2 3 &&
	LANG=C expect_refused 1 "roll: expected 6 values (the dice in Ole'"'"'s hand), got 3" sr roll 1 2 3 &&
	sr new --game ten-thousand --players Bob,Ole >/dev/null &&
	LANG=fr_FR.UTF-8 expect_refused 1 "roll: attendu 6 valeurs (les dés en main de Bob), reçu 3" sr roll 1 2 3 &&
	cat err >>fr.all &&
	sr new --game stack-attack --players Anaïs,Bob >/dev/null &&
	LANG=fr_FR.UTF-8 expect_refused 1 "roll: un lancer, ce sont les valeurs des 5 dés d'"'"'Anaïs, sans noms" sr roll Anaïs=1 Anaïs=2 &&
	cat err >>fr.all &&
	sr roll 5 4 3 2 2 >/dev/null && sr place 5 4 3 2 >/dev/null &&
	LANG=fr_FR.UTF-8 expect_refused 1 "roll: un lancer, ce sont les valeurs des 5 dés de Bob, sans noms" sr roll Bob=6 &&
	cat err >>fr.all &&
	sr roll 6 6 6 6 6 >/dev/null &&
	LANG=fr_FR.UTF-8 expect_refused 1 "roll: un lancer, c'"'"'est la valeur du dé d'"'"'Anaïs (1 dé), sans noms" sr roll Anaïs=3 &&
	cat err >>fr.all &&
	LANG=de_DE.UTF-8 expect_refused 1 "roll: ein Wurf ist der Wert des einen Würfels von Anaïs, ohne Namen" sr roll Anaïs=3 &&
	LANG=es_ES.UTF-8 expect_refused 1 "roll: una tirada es el valor del único dado de Anaïs, sin nombres" sr roll Anaïs=3 &&
	LANG=C expect_refused 1 "roll: a roll is the value of Anaïs'"'"'s 1 die, without names" sr roll Anaïs=3 &&
	for p in Hélène,Bob Bob,Zed; do
		sr new --game shake-up --players $p >/dev/null &&
		sr roll 6 2 >/dev/null && sr roll 2 3 3 1 >/dev/null &&
		sr stand >/dev/null && sr move 1 >/dev/null &&
		sr roll 1 2 3 4 >/dev/null && sr stand >/dev/null &&
		sr move 1 >/dev/null || return 1
	done &&
	LANG=fr_FR.UTF-8 sr status >out &&
	expect_out "coach${nb}: penalize Bob 2${nb}: le pion de Bob perd 1 niveau, et vous pouvez" &&
	cat out >>fr.all &&
	LANG=fr_FR.UTF-8 sr -g 4 status >out &&
	expect_out "coach${nb}: penalize Hélène 2${nb}: le pion d'"'"'Hélène perd 1 niveau, et vous pouvez" &&
	cat out >>fr.all &&
	LANG=de_DE.UTF-8 sr -g 4 status >out &&
	expect_out "penalize Hélène 2: die Figur von Hélène verliert 1 Stufe, " &&
	LANG=es_ES.UTF-8 sr -g 4 status >out &&
	expect_out "penalize Hélène 2: el peón de Hélène baja 1 nivel, " &&
	LANG=C sr -g 4 status >out &&
	expect_out "penalize Hélène 2: Hélène'"'"'s pawn loses 1 level, " &&
	sr new --game shake --players Ole,Hélène,Bob >/dev/null &&
	db_sql "UPDATE seats SET score = 7 WHERE game_id = 6" &&
	LANG=fr_FR.UTF-8 expect_exit 3 sr check &&
	expect_out "partie 6${nb}: le score d'"'"'Ole est enregistré comme 7, ses entrées donnent 0" &&
	expect_out "partie 6${nb}: le score d'"'"'Hélène est enregistré comme 7, ses entrées donnent 0" &&
	expect_out "partie 6${nb}: le score de Bob est enregistré comme 7, ses entrées donnent 0" &&
	cat out >>fr.all &&
	LANG=de_DE.UTF-8 expect_exit 3 sr check &&
	expect_out "Partie 6: der Punktestand von Ole ist als 7 gespeichert" &&
	LANG=es_ES.UTF-8 expect_exit 3 sr check &&
	expect_out "partida 6: la puntuación de Ole está guardada como 7" &&
	LANG=C expect_exit 3 sr check &&
	expect_out "game 6: Ole'"'"'s score is stored as 7, its entries give 0" &&
	de_before_vowel fr.all >found &&
	if [ -s found ]; then cat found && false; fi
'

# French never writes "de" before a name with a vowel or an h in what a
# table reads: each scenario of tests/scenarios played in French, Cid
# and Dan named Ole and Hélène (Ann as she is), its history, status and
# review.  The same check fails on the elided msgstr of 10,000's dice
# in hand put back to "de %s" (a catalog of that, SHAKEREF_LOCALEDIR).
test_expect_success 'fr: no "de" before a vowel-initial name anywhere in the scenarios played in French (Ann, Ole, Hélène)' '
	words_fr &&
	for f in $(scenarios); do
		args=$(sed -n "1s/^# new: //p" "$f" |
		    sed "s/\bCid\b/Ole/; s/\bDan\b/Hélène/") &&
		sr new $args >/dev/null &&
		sed "s/\bCid\b/Ole/g; s/\bDan\b/Hélène/g" "$f" |
		    sr play >>fr.all 2>&1 &&
		sr history >>fr.all && sr status >>fr.all &&
		sr review >>fr.all || { echo "# $f in French"; return 1; }
	done &&
	grep -q "Hélène" fr.all && grep -q "Ole" fr.all &&
	de_before_vowel fr.all >found &&
	if [ -s found ]; then cat found && false; fi &&
	mkdir -p loc/fr/LC_MESSAGES &&
	sed "s/(les dés en main d'"'"'%s)/(les dés en main de %s)/" \
	    "$po/fr.po" >back.po &&
	! cmp -s "$po/fr.po" back.po &&
	msgfmt -o loc/fr/LC_MESSAGES/shakeref.mo back.po &&
	sr new --game ten-thousand --players Ole,Bob >/dev/null &&
	SHAKEREF_LOCALEDIR="$PWD/loc" expect_exit 1 sr roll 1 2 3 &&
	de_before_vowel err >found &&
	grep -q "de before a vowel: .*les dés en main de Ole" found
'

# The sentences issue 36 named, numbers grouped in each language: the
# scores line (status, history), the phone's score card, review's
# points (1.050,0).  A 10,000 game of three: Ann banks 1,050, Bob rolls
# on from 1,050 and farkles (the coach would bank: 1,050.0).
grouped_in() {
	LANG=$1 && export LANG &&
	sr new --game ten-thousand --players Ann,Bob,Cid >/dev/null &&
	printf "roll 1 1 1 5 2 3\nkeep 1 1 1 5\nbank\nroll 1 1 1 5 2 3\nkeep 1 1 1 5\nroll 2 3\n" |
	    sr play >/dev/null &&
	sr status >out && expect_out "$2" &&
	sr history >out && expect_out "$2" &&
	sr review >out && expect_out "$3" &&
	board_of &&
	if ! grep -qF "<span class=\"score\">$4</span>" board; then
		echo "# the phone's card lacks $4:" &&
		grep -o "class=\"score\">[^<]*" board && return 1
	fi
}

# The coach's 10,000 line names the typed move, then what follows
# ("keep 1, dann 5 Würfel werfen", not "keep 1 und 5 Würfel werfen":
# "keep 1 and 5"), its points grouped (three players: points).
test_expect_success 'de: the coach'"'"'s move stands apart from what follows (keep 1, dann 5 Würfel werfen), its points grouped' '
	words_de &&
	sr new --game ten-thousand --players Ann,Bob,Cid >/dev/null &&
	sr roll 1 5 2 3 4 6 >/dev/null &&
	sr status >out &&
	expect_out "keep 1, dann 5 Würfel werfen: " &&
	if grep -q "keep 1 und 5" out; then false; fi &&
	grep "^Coach: keep 1 2 3 4 5 6, dann 6 Würfel werfen: " out |
	    grep -q ": [1-9]\.[0-9][0-9][0-9],[0-9] Punkte im Schnitt in diesem Zug"
'

# The board page of serve (the phones' page) into ./board: serve
# started on a free port of loopback, stopped after the page.
board_of() {
	rm -f serve.out
	"$SHAKEREF" serve --listen 127.0.0.1:0 --max-seconds 30 \
	    >serve.out 2>serve.err &
	echo $! >serve.pid
	for i in $(seq 100); do	# its URL, at most 10 s
		grep -q "http://" serve.out 2>/dev/null && break
		sleep 0.1
	done
	url=$(grep -o "http://[^ ]*" serve.out | head -n 1)
	[ -n "$url" ] || { echo "# serve did not start"; cat serve.err; return 1; }
	curl -s -o board "$url"
	kill -TERM "$(cat serve.pid)"
	wait "$(cat serve.pid)" || :
	test -s board
}

test_expect_success 'numbers grouped where a person reads them: the scores line, the phone'"'"'s card, review'"'"'s points (de 1.050, fr 1 050, es 1.050)' '
	for l in $langs; do
		case $l in
		de) grouped_in de_DE.UTF-8 "Punktestand: Ann 1.050, Bob 0, Cid 0" \
		    "(846,6 statt 1.050,0)" "1.050" ;;
		fr) grouped_in fr_FR.UTF-8 "scores${nb}: Ann 1${nn}050, Bob 0, Cid 0" \
		    "1${nn}050,0)" "1${nn}050" ;;
		es) grouped_in es_ES.UTF-8 "puntuaciones: Ann 1.050, Bob 0, Cid 0" \
		    "1.050,0)" "1.050" ;;
		*) echo "# no grouped numbers for $l" && false ;;
		esac || return 1
	done &&
	LANG=C && export LANG &&
	sr status >out && expect_out "scores: Ann 1050, Bob 0, Cid 0" &&
	sr review >out && expect_out "(846.6 instead of 1050.0)"
'

# serve'"'"'s <html lang> is the catalog'"'"'s msgstr of "en" (src/serve/serve-board.c).
test_expect_success 'each catalog says its language for <html lang>: msgid "en" is LL' '
	for l in $langs; do
		msggrep --no-wrap -K -e "^en\$" "$po/$l.po" |
		    sed -n "/^msgid \"en\"\$/{n;s/^msgstr \"\(.*\)\"\$/\1/p;}" \
		    >got &&
		echo "$l" >want &&
		expect_same want got || return 1
	done
'

test_expect_success 'each language of po/LINGUAS has its words here (words_LL)' '
	for l in $langs; do
		if ! grep -q "^words_$l()" "$SRCDIR/tests/cli/words.sh"; then
			echo "# po/$l.po has no words_$l in tests/cli/words.sh" &&
			return 1
		fi
	done
'
test_done
