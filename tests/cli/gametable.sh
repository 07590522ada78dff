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

test_done
