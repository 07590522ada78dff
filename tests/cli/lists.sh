#!/bin/sh
# tests/cli/lists.sh: every list of games, verbs, options and commands
# outside the program's tables (shakeref(1), the export schema, the fuzz
# dictionary) is made from the game table at build time (src/tools/
# mklists); each is checked here against the tables as the binary says
# them (`rules`, `rules RULES`, `help`, `help VERB`), so a game added
# without them, or a generator gone wrong, fails here.  pig.sh runs this
# file on the test binary shakeref-pig and its own lists (SHAKEREF_MAN1,
# SHAKEREF_SCHEMA, SHAKEREF_MKLISTS).  README.md lists no game: it points
# to `shakeref rules`.
. "$SRCDIR/tests/cli/lib.sh"

readme="$SRCDIR/README.md"
man1="${SHAKEREF_MAN1:-${BUILDDIR:-$SRCDIR}/man/shakeref.1}"
schema="${SHAKEREF_SCHEMA:-${BUILDDIR:-$SRCDIR}/data/export.schema.json}"
mklists="${SHAKEREF_MKLISTS:-${BUILDDIR:-$SRCDIR}/src/tools/mklists}"
dict="$SRCDIR/tests/fuzz/import.dict"

# The tables, as the binary says them (names and aliases: rules --json),
# into files of the test's folder:
# names (canonical, table order), aliases ("NAME ALIAS"), players
# ("NAME N-M", the card's title), verbs ("NAME VERB" for each game verb
# of each game), options ("NAME KEY DEFAULT"), commands (help's list);
# each test reads them afresh.
tables() {
	sr rules >rules.out &&
	rules_names >names &&
	[ "$(wc -l <names)" -ge 5 ] &&
	rules_aliases >aliases &&
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

# README's "The games" lists none of them: it says where they are.
test_expect_success 'README lists no game: it points to rules and shakeref-games(7)' '
	tables &&
	sed -n "/^## The games/,/^## /p" "$readme" >games.md &&
	grep -q "shakeref rules" games.md && grep -q "shakeref-games" games.md &&
	while read -r g; do
		! grep -q "^| \`$g\`" games.md &&
		! grep -q "^- $g[: ]" games.md || { echo "# $g"; return 1; }
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

# GAME VERBS: a section per game, titled as its card, with each of its
# verbs.
test_expect_success 'shakeref(1) GAME VERBS: every game a section with its verbs' '
	tables &&
	while read -r g; do
		t=$(sr rules "$g" | head -n 1 | sed "s/ (.*//") &&
		sed -n "/^\.Ss $t\$/,/^\.El/s/^\.It Cm \([a-z]*\).*/\1/p" \
		    "$man1" | sort >got &&
		sed -n "s/^$g //p" verbs | sort >want &&
		expect_same want got || { echo "# $g"; return 1; }
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

# make fuzz gives fuzz-import the format's words and the games' (the
# same tool's -d).
test_expect_success 'the fuzz dictionary has every game, alias, verb and option key' '
	tables &&
	{ cat names; cut -d" " -f2 aliases; cat allverbs;
	    cut -d" " -f2 options; } | sort -u >words &&
	{ cat "$dict" && "$mklists" -d; } >all.dict &&
	while read -r w; do
		grep -qFx "\"\\\"$w\\\"\"" all.dict || echo "$w"
	done <words >absent &&
	cat absent && [ ! -s absent ]
'
test_done
