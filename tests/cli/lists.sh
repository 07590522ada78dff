#!/bin/sh
# tests/cli/lists.sh: every list of games, verbs, options and commands
# written outside the program's tables (README.md, shakeref(1), the
# export schema, the fuzz dictionary) is the tables' list, read from the
# binary (`rules`, `rules RULES`, `help`, `help VERB`): a game, verb or
# option added without them, or taken away, fails here.
. "$SRCDIR/tests/cli/lib.sh"

readme="$SRCDIR/README.md"
man1="${BUILDDIR:-$SRCDIR}/man/shakeref.1"
schema="$SRCDIR/data/export.schema.json"
dict="$SRCDIR/tests/fuzz/import.dict"

# The tables, as the binary says them (rules: NAME in columns 1-13,
# ALIAS in 15-20), into files of the test's folder:
# names (canonical, table order), aliases ("NAME ALIAS"), players
# ("NAME N-M", the card's title), verbs ("NAME VERB" for each game verb
# of each game), options ("NAME KEY DEFAULT"), commands (help's list);
# each test reads them afresh.
tables() {
	sr rules >rules.out &&
	rules_names >names &&
	[ "$(wc -l <names)" -ge 5 ] &&
	cut -c1-20 rules.out | while read -r g a; do
		if grep -qx -- "$g" names && [ -n "$a" ]; then echo "$g $a"; fi
	done >aliases &&
	: >players && : >options &&
	while read -r g; do
		sr rules "$g" >card &&
		sed -n "1s/^.* (\([0-9]*-[0-9]*\) players)\$/$g \1/p" card \
		    >>players &&
		sed -n "s/^  \([a-z-]*\)=.* (default \(.*\))\$/$g \1 \2/p" card \
		    >>options || return 1
	done <names &&
	[ "$(wc -l <players)" -eq "$(wc -l <names)" ] &&
	sr help >help.out &&
	game_verbs >allverbs &&
	[ "$(wc -l <allverbs)" -ge 20 ] &&
	: >verbs &&
	while read -r v; do
		sr help "$v" >one &&
		sed -n "s/^usage: shakeref $v\\b.* (\([a-z0-9-]*\))\$/\1 $v/p" \
		    one >>verbs || return 1
	done <allverbs &&
	sed -n "/^commands:/,/^\$/s/^  \([a-z][a-z-]*\) .*/\1/p" help.out \
	    >commands &&
	[ "$(wc -l <commands)" -ge 11 ]
}

# README's "The games": | `NAME` | `ALIAS` | N–M | card | per game.
test_expect_success 'README lists every game with its alias and players, in table order' '
	tables &&
	while read -r g; do
		a=$(sed -n "s/^$g //p" aliases) &&
		p=$(sed -n "s/^$g //p" players | sed "s/-/–/") &&
		if [ -n "$a" ]; then a=" \`$a\` "; else a=" "; fi &&
		echo "| \`$g\` |$a| $p | [seeds/$g.md](seeds/$g.md) |" || return 1
	done <names >want &&
	sed -n "/^## The games/,/^## /s/^| \`.*/&/p" "$readme" >got &&
	expect_same want got
'

# README's verbs: "- NAME...: `verb ...`, ..." for each game: the words
# that begin its `spans` and are game verbs are exactly that game's.
test_expect_success 'README names each game verb under its games, and no other' '
	tables &&
	while read -r g; do
		sed -n "s/^$g \(.*\)/\1/p" verbs | sort >want &&
		sed -n "/^## The games/,/^## /p" "$readme" |
		    sed -n "/^- $g[: ]/,/^- /p" | sed "1!{/^- /d;}" |
		    tr "\n" " " | grep -o "\`[a-z]*" | tr -d "\`" |
		    grep -Fxf allverbs | sort -u >got &&
		expect_same want got || { echo "# $g"; return 1; }
	done <names
'

test_expect_success 'shakeref(1): new names every game and alias, and no other' '
	tables &&
	{ cat names; cut -d" " -f2 aliases; } | sort >want &&
	sed -n "/^is one of\$/,/^every output names/s/^\.Cm \([a-z0-9-]*\).*/\1/p" \
	    "$man1" | sort >got &&
	expect_same want got
'

test_expect_success 'shakeref(1) GAME OPTIONS: every option of every game with its default, and no other' '
	tables &&
	sort options >want &&
	sed -n "/^\.Sh GAME OPTIONS/,/^\.Sh /s/^\.It \([a-z0-9-]*\) Ta Cm \([a-z-]*\) Ta \([^ ]*\) Ta.*/\1 \2 \3/p" \
	    "$man1" | sort >got &&
	expect_same want got
'

# Each list of shakeref(1) that gives every game an item (.It NAME) has
# them all: as many items for each game as for the first.
test_expect_success 'shakeref(1): each per-game list has every game' '
	tables &&
	first=$(head -n 1 names) &&
	n=$(grep -c "^\.It $first\$" "$man1") && [ "$n" -ge 1 ] &&
	while read -r g; do
		[ "$(grep -c "^\.It $g\$" "$man1")" -eq "$n" ] ||
		    { echo "# $g: not in every list"; return 1; }
	done <names
'

# The schema's lists: the rules are the games; the verbs every game verb
# that makes an entry (a verb whose help says it records nothing makes
# none) and the commands that make one, nothing else.
test_expect_success 'export schema: the rules are the games, the verbs those that make entries' '
	tables &&
	python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))[\"\$defs\"]
print(\"\\n\".join(s[\"game\"][\"properties\"][\"rules\"][\"enum\"]))
open(\"verbs.got\", \"w\").write(\"\\n\".join(sorted(s[\"entry\"][\"properties\"][\"verb\"][\"enum\"])) + \"\\n\")
" "$schema" >got &&
	expect_same names got &&
	: >entry-verbs &&
	while read -r v; do
		sr help "$v" >one &&
		if ! grep -q "records nothing" one; then echo "$v"; fi ||
		    return 1
	done <allverbs >entry-verbs &&
	grep -Fvxf allverbs verbs.got >others &&
	grep -Fxf commands others >known &&
	expect_same others known &&
	grep -Fxf allverbs verbs.got >got &&
	sort entry-verbs >want && expect_same want got
'

test_expect_success 'the fuzz dictionary has every game, alias, verb and option key' '
	tables &&
	{ cat names; cut -d" " -f2 aliases; cat allverbs;
	    cut -d" " -f2 options; } | sort -u >words &&
	while read -r w; do
		grep -qFx "\"\\\"$w\\\"\"" "$dict" || echo "$w"
	done <words >absent &&
	cat absent && [ ! -s absent ]
'
test_done
