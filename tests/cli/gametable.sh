#!/bin/sh
# tests/cli/gametable.sh: the game table as programs read it (rules
# --json, SPEC.md "JSON"), and every game of it through every step of
# adding a game (src/games/game-table.c's list): the suite fails when a
# step is skipped.  Run on shakeref and on shakeref-pig (SHAKEREF).
. "$SRCDIR/tests/cli/lib.sh"

# rules --json against `rules` in words and each card: the names and
# aliases are the words of the list's lines, the title the card's first
# line, the players its "(N-M players)", the options its "  KEY=VALUES
# (default D)" lines.
test_expect_success 'rules --json: names, aliases, titles, players and options of the list and the cards' '
	LC_ALL=C && export LC_ALL &&
	sr --json rules >out &&
	json ".rules | length >= 5" &&
	sr rules | sed "\$d" >list &&
	test "$(wc -l <list)" -eq "$(jq ".rules | length" out)" &&
	n=0 &&
	while read -r g rest; do
		j=".rules[$n]" &&
		json "$j.name == \"$g\"" &&
		sr rules "$g" >card &&
		title=$(sed -n "1s/ ([0-9]*-[0-9]* players)\$//p" card) &&
		test -n "$title" &&
		case $rest in
		"$title: "*)
			json "$j.aliases == []" ;;
		*)
			a=${rest%% *} && rest=${rest#"$a"} &&
			json "$j.aliases == [\"$a\"]" &&
			case $rest in " "*"$title: "*) ;; *) false ;; esac ;;
		esac &&
		json "$j.title == \"$title\"" &&
		json "$j.summary | startswith(\"$title: \")" &&
		min=$(sed -n "1s/.* (\([0-9]*\)-[0-9]* players)\$/\1/p" card) &&
		max=$(sed -n "1s/.* ([0-9]*-\([0-9]*\) players)\$/\1/p" card) &&
		json "$j.min_players == $min and $j.max_players == $max" &&
		sed -n "s/^  \([a-z-]*\)=\(.*\) (default \(.*\))\$/\1|\2|\3/p" card \
		    >want &&
		jq -r "$j.options[] | .key + \"|\" + .values + \"|\" + .default" out \
		    >got &&
		test -s want && expect_same want got &&
		n=$((n + 1)) || return 1
	done <list
'

# Every step of src/games/game-table.c's list, for every game of the
# table (rules --json): its module and card by its name, the lists
# ./bootstrap made from them (src/games/games.am, po/POTFILES.in), its
# tests on SQLite and on the league (PG_TESTS of the Makefile), a
# scenario, its catalog lines in every language of po/LINGUAS (the card's
# title and the summary translated), the manual's lists (shakeref(1)
# named by SHAKEREF_MAN1, as lists.sh).  A step skipped fails here,
# naming the game and the step.
test_expect_success 'every game of the table went through every step of adding one' '
	rules_names >games &&
	test "$(wc -l <games)" -ge 5 &&
	am="$SRCDIR/src/games/games.am" && pf="$SRCDIR/po/POTFILES.in" &&
	man1="${SHAKEREF_MAN1:-${BUILDDIR:-$SRCDIR}/man/shakeref.1}" &&
	langs=$(sed -e "s/#.*//" "$SRCDIR/po/LINGUAS") &&
	test -n "$langs" &&
	n=0 &&
	while read -r g; do
		c=$(echo "$g" | tr - _) &&
		sr --json rules "$g" >out &&
		title=$(jq -r .title out) &&
		min=$(jq -r .min_players out) && max=$(jq -r .max_players out) &&
		summary=$(jq -r .summary out) &&
		step() { echo "# $g: $*"; return 1; } &&
		{ [ ${#g} -le 32 ] || step "a name of more than 32 characters"; } &&
		{ grep -q "^const struct game_rules game_$c = {" \
		    "$SRCDIR/src/games/game-$g.c" 2>/dev/null ||
		    step "no src/games/game-$g.c defining game_$c"; } &&
		{ grep -q "^	&game_$c,\$" "$SRCDIR/src/games/game-table.c" ||
		    step "no line &game_$c, in game_table[]"; } &&
		{ head -n 1 "$SRCDIR/seeds/$g.md" 2>/dev/null |
		    grep -qxF "# $title ($min-$max players)" ||
		    step "no seeds/$g.md titled \"# $title ($min-$max players)\""; } &&
		{ grep -q "^	src/games/game-$g.c" "$am" &&
		    grep -q "^	\$(srcdir)/seeds/$g.md" "$am" &&
		    grep -qx "src/games/game-$g.c" "$pf" ||
		    step "not in src/games/games.am and po/POTFILES.in: ./bootstrap"; } &&
		{ test -f "$SRCDIR/tests/cli/$g.sh" ||
		    step "no tests of its own, tests/cli/$g.sh"; } &&
		{ grep -q "^	tests/cli/$g.sh" "$am" &&
		    grep -q "^	tests/league/$g.pg" "$am" &&
		    grep -q "^GAME_PG_TESTS = " "$BUILDDIR/Makefile" &&
		    grep -q "^PG_TESTS = \$(GAME_PG_TESTS)" "$BUILDDIR/Makefile" ||
		    step "its tests not run, or not on the league (PG_TESTS)"; } &&
		{ grep -l "^# new: --game $g " "$SRCDIR"/tests/scenarios/*.play \
		    >/dev/null 2>&1 ||
		    step "no scenario, tests/scenarios/$g-*.play"; } &&
		for l in $langs; do
			for m in "$title ($min-$max players)" "$summary"; do
				msggrep --no-wrap -K -F -e "$m" "$SRCDIR/po/$l.po" |
				    msgattrib --translated --no-fuzzy --no-wrap |
				    grep -qxF "msgid \"$m\"" ||
				    step "\"$m\" not translated in po/$l.po" ||
				    return 1
			done || return 1
		done &&
		{ grep -qx "\.Cm $g\( ,\| ;\)\{0,1\}" "$man1" &&
		    grep -qxF ".Ss $title" "$man1" ||
		    step "not in the lists of $man1 (src/tools/mklists)"; } &&
		n=$((n + 1)) || return 1
	done <games &&
	test "$n" -eq "$(wc -l <games)"
'

# The check above fails when a step is skipped: a copy of the sources
# read with the table of shakeref-pig, Pig's card, tests or scenario
# taken away in turn, fails it naming the step.
test_expect_success 'the check fails when a step is skipped, naming it' '
	if [ -n "${GAMETABLE_COPY:-}" ]; then return 0; fi &&
	pig="${BUILDDIR:-$SRCDIR}/shakeref-pig" &&
	g=$("$pig" --json rules | jq -r ".rules[-1].name") &&
	for skip in "seeds/$g.md|no seeds/$g.md" \
	    "tests/cli/$g.sh|no tests of its own" \
	    "tests/scenarios/$g-*.play|no scenario"; do
		rm -rf src && mkdir -p src/tests &&
		(cd "$SRCDIR" && tar cf - src/games/*.c src/games/games.am \
		    seeds po/LINGUAS po/POTFILES.in po/*.po tests/cli/*.sh \
		    tests/scenarios/*.play) | (cd src && tar xf -) &&
		rm src/${skip%%|*} &&
		{ GAMETABLE_COPY=1 SRCDIR="$PWD/src" SHAKEREF="$pig" \
		    SHAKEREF_MAN1="${BUILDDIR:-$SRCDIR}/man/pig/shakeref.1" \
		    sh src/tests/cli/gametable.sh >tap || :; } &&
		grep -q "^not ok 2 " tap &&
		grep -qF "# # $g: ${skip#*|}" tap || { cat tap; return 1; }
	done
'

test_done
