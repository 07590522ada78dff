#!/bin/sh
# tests/cli/cards.sh: a game's rule card is written once, seeds/RULES.md,
# and `shakeref rules RULES` and shakeref-games(7) are made from it
# (src/tools/mkcard): every game has a card and a section in the manual,
# in the game table's order; the card describes every option the game
# has; mkcard refuses what it would not print the same in both.
. "$SRCDIR/tests/cli/lib.sh"

man7="${SHAKEREF_MAN7:-${BUILDDIR:-$SRCDIR}/man/shakeref-games.7}"
mkcard="${BUILDDIR:-$SRCDIR}/src/tools/mkcard-host"

test_expect_success 'every game of rules has its card, titled with its players' '
	rules_names >names &&
	[ "$(wc -l <names)" -ge 5 ] &&
	while read -r g; do
		sr rules "$g" >card &&
		head -n 1 card >title &&
		grep -Eq "^[^ ].* \([0-9]+-[0-9]+ players\)\$" title &&
		test -f "$SRCDIR/seeds/$g.md" &&
		head -n 1 "$SRCDIR/seeds/$g.md" | sed "s/^# //" | cmp - title &&
		[ "$(wc -l <card)" -ge 20 ] || { echo "# $g"; return 1; }
	done <names
'

# The counts in a card's title are the ones new keeps (core.sh checks
# them against SPEC.md for the five games).
test_expect_success 'each card title names the player counts new accepts and refuses' '
	rules_names >names &&
	while read -r g; do
		sr rules "$g" | sed -n "1s/.* (\([0-9]*\)-\([0-9]*\) players)\$/\1 \2/p" >counts &&
		read -r lo hi <counts &&
		players=$(seq -f "p%g" "$hi" | paste -sd, -) &&
		expect_exit 0 sr -d "$g.db" new --game "$g" --players "$players" &&
		expect_exit 2 sr -d "$g.db" new --game "$g" --players "$players,x" &&
		few=$(seq -f "p%g" $((lo - 1)) | paste -sd, -) &&
		expect_exit 2 sr -d "$g.db" new --game "$g" --players "$few" ||
		    { echo "# $g"; return 1; }
	done <names
'

# The manual's section of a game is its card's title, in capitals, up to
# " (": one per game, in the order rules lists them, and no other.
test_expect_success 'shakeref-games(7) has each card as a section, in the order of rules' '
	rules_names >names &&
	while read -r g; do
		sr rules "$g" | head -n 1 | sed "s/ (.*//" |
		    tr "[:lower:]" "[:upper:]" | sed "s/^/.Sh /" || return 1
	done <names >want &&
	sed -n "/^\.Sh DESCRIPTION/,/^\.Sh THE COACH/p" "$man7" |
	    grep "^\.Sh " | sed "1d;\$d" >got &&
	expect_same want got
'

# The keys status --json adds for a game are its card's to say (its
# manual part, "Status in detail"), and what its round and a score are:
# shakeref(1) lists only the keys every game has, and points there, so a
# new game needs no line in it.
test_expect_success 'the section of each game in shakeref-games(7) names every key its status --json adds, its round and score' '
	rules_names >names &&
	common="advice expect game options players round rules state turn" &&
	while read -r g; do
		sr -d "$g.db" new --game "$g" --players Ann,Bob >/dev/null &&
		sr -d "$g.db" --json status >st.json &&
		title=$(sr rules "$g" | head -n 1 | sed "s/ (.*//" |
		    tr "[:lower:]" "[:upper:]") &&
		sed -n "/^\.Sh $title\$/,/^\.Sh /p" "$man7" >section &&
		[ "$(wc -l <section)" -ge 10 ] &&
		jq -r "keys[]" st.json >keys &&
		for k in $common; do grep -qx "$k" keys || return 1; done &&
		grep -qF ".Ql \\&round" section && grep -q "score is" section ||
		    { echo "# $g: what round and a score are"; return 1; } &&
		for k in $(grep -vxF "$(echo $common | tr " " "\n")" keys); do
			grep -qF ".Ql \\&$k" section ||
			    { echo "# $g: $k"; return 1; }
		done || { echo "# $g"; return 1; }
	done <names
'

# Each card text made twice: a paragraph of the card is in both outputs.
test_expect_success 'rules shake and the manual say the same paragraph' '
	sr rules shake >card &&
	grep -q "^Have the highest total after ten rounds and the All Shake round\. \[SH-3\]\$" card &&
	grep -q "^Have the highest total after ten rounds and the All Shake round\.\$" "$man7" &&
	! grep -q "Status in detail\|^Examples" card &&
	grep -q "^\.Ss .*Examples\$" "$man7"
'

# A game's options (rules' list, coach aside: every game has it and the
# manual's THE COACH says it) each have an item "- `KEY`: ..." under the
# card's heading "## The option(s)", and the card names no other.
test_expect_success 'each card describes every option of its game, and only those' '
	rules_names >names &&
	while read -r g; do
		sr rules "$g" | sed -n "s/^  \([a-z-]*\)=.*/\1/p" |
		    grep -vx coach | sort >want &&
		sed -n "/^## The options*\$/,/^## /s/^- \`\([a-z-]*\)\`:.*/\1/p" \
		    "$SRCDIR/seeds/$g.md" | sort >got &&
		[ -s want ] && expect_same want got || { echo "# $g"; return 1; }
	done <names
'

test_expect_success 'mkcard refuses what a card may not say, naming the line' '
	printf "# T (2-4 players)\n\n### deeper\n" >bad.md &&
	expect_exit 1 "$mkcard" -c out.c bad.md &&
	expect_err "bad.md:3: not in a card" &&
	printf "# T (2-4 players)\n\nA \`span\`s touching word.\n" >touch.md &&
	expect_exit 1 "$mkcard" -m "$SRCDIR/man/shakeref-games.7.in" out.7 touch.md &&
	expect_err "touches a span" &&
	printf "Title\n" >untitled.md &&
	expect_exit 1 "$mkcard" -c out.c untitled.md &&
	expect_err "untitled.md:1: a card begins with" &&
	test ! -e out.7 &&
	printf "# T (2-4 players)\n\nText.\n\n<!-- manual -->\n\n## More\n\nManual.\n" >ok.md &&
	expect_exit 0 "$mkcard" -c out.c ok.md &&
	grep -q "N_(\"Text.\")" out.c && ! grep -q Manual out.c
'
test_done
