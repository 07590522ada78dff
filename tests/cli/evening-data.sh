#!/bin/sh
# tests/cli/evening-data.sh: issue 36's German evening, the data a table
# keeps and the machine reads, under LANG=de_DE.UTF-8: each entry of a
# long play session stamped when it is made; numbers a machine reads in
# C's format; Tab after an umlaut; a copied build tree still German and
# with its data; proper names never stand in German Shake-A-Word.
. "$SRCDIR/tests/cli/lib.sh"
: "${BUILDDIR:?BUILDDIR must name the build tree}"

LANG=de_DE.UTF-8
export LANG
unset LC_ALL LANGUAGE LC_NUMERIC LC_MESSAGES

# The Unix seconds of ISO time $1 (UTC), worked out by date(1).
epoch() {
	date -u -d "$1" +%s
}

# play from a slow pipe: real time passes between its lines, and each
# entry, and the game a `new` in it makes, bears the time it was made
# (the clock read then, not when play started), in order; the times lie
# between a clock read before play and one after.
test_expect_success 'play stamps each entry and each new with the time it is made' '
	sr new --game shake --players Jürgen,Zoë >/dev/null &&
	unset SHAKEREF_NOW &&
	before=$(date +%s) &&
	# play has started (slow under a sanitizer) and waits when the first
	# line comes; entries are stamped in whole seconds, and each line
	# takes its own time to be written: two seconds between lines make
	# at least one between their stamps.
	{
		sleep 2 &&
		echo "note \"eins\"" && sleep 2 &&
		echo "new --game shake --players \"Mary Ann\",Ole" && sleep 2 &&
		echo "note \"zwei\""
	} | sr play >/dev/null &&
	after=$(date +%s) &&
	sr -g 1 --json history >h1 &&
	sr -g 2 --json history >h2 &&
	sr --json games >g &&
	a1=$(epoch "$(jq -r ".entries[-1].at" h1)") &&
	c2=$(epoch "$(jq -r ".games[] | select(.game == 2) | .created" g)") &&
	a2=$(epoch "$(jq -r ".entries[-1].at" h2)") &&
	echo "# $before $a1 $c2 $a2 $after" &&
	test "$a1" -ge "$before" &&
	test "$c2" -ge $((a1 + 1)) &&
	test "$a2" -ge $((c2 + 1)) &&
	test "$a2" -le "$after"
'

test_expect_success 'SHAKEREF_NOW still pins every time of a slow play session' '
	sr new --game shake --players Jürgen,Zoë >/dev/null &&
	{
		echo "note \"eins\"" && sleep 1 &&
		echo "new --game shake --players \"Mary Ann\",Ole" && sleep 1 &&
		echo "note \"zwei\""
	} | sr play >/dev/null &&
	pinned=$(date -u -d "@$SHAKEREF_NOW" +%Y-%m-%dT%H:%M:%SZ) &&
	sr -g 1 --json history | jq -r ".entries[].at" >at &&
	sr -g 2 --json history | jq -r ".entries[].at" >>at &&
	sr --json games | jq -r ".games[].created" >>at &&
	printf "%s\n" "$pinned" "$pinned" "$pinned" "$pinned" >want &&
	expect_same want at
'

# The review page's score race from serve, in LANG $1: the points of
# each polyline, one a line, into ./points.  serve listens on 127.0.0.1,
# port 0, and stops by itself after --max-seconds should a test leave
# it running.
race_points() {
	rm -f serve.out
	LANG=$1 "$SHAKEREF" serve --listen 127.0.0.1:0 --max-seconds 60 \
	    >serve.out 2>serve.err &
	pid=$!
	i=0
	while ! grep -q "http://127\.0\.0\.1:[0-9]*/[0-9a-f]*/" serve.out 2>/dev/null
	do
		i=$((i + 1))
		[ $i -lt 100 ] || { echo "# serve did not start"; cat serve.err; return 1; }
		sleep 0.1
	done
	url=$(grep -o "http://127\.0\.0\.1:[0-9]*/[0-9a-f]*/" serve.out) &&
	curl -s -o review "${url}game/1/review" &&
	kill -TERM "$pid" && wait "$pid" &&
	sed -n "s/.*<polyline [^>]*points=\"\([^\"]*\)\".*/\1/p" review >points
}

# Jürgen and Zoë's game of Shake, 32 entries: Jürgen ends on 100, Zoë
# on 200 (two_player_game).  On the race's 600 by 300 view (40 left, 10
# right, 10 top and 20 bottom for the axes) the points are at x = 40 +
# 550 i / 32, the last at 590; the top score is 200, so Zoë ends at y =
# 10 and Jürgen at 280 - 270 * 100 / 200 = 145.  Worked out here by awk
# in the C locale, each to one decimal; every number is C's (a point),
# in German and in French, where a person reads a decimal comma.
test_expect_success 'numbers a machine reads are C'"'"'s in German and French: the race'"'"'s SVG points, JSON, export' '
	sr new --game shake --players Jürgen,Zoë >/dev/null &&
	two_player_game | sr play >/dev/null &&
	LC_ALL=C awk "BEGIN { for (i = 0; i <= 32; i++)
	    printf \"%s%.1f\", i ? \" \" : \"\", 40 + 550 * i / 32
	    print \"\" }" >xs &&
	for l in de_DE.UTF-8 fr_FR.UTF-8; do
		race_points $l &&
		test "$(wc -l <points)" -eq 2 &&
		tr " " "\n" <points >each &&
		test "$(wc -l <each)" -eq 66 &&
		{ grep -v -x "[0-9]*\.[0-9],[0-9]*\.[0-9]" each >bad || :; } &&
		if [ -s bad ]; then
			sed "s/^/# not C: /" bad && return 1
		fi &&
		sed -n 1p points | tr " " "\n" | cut -d, -f1 | paste -s -d " " >got &&
		expect_same xs got &&
		sed -n 1p points | tr " " "\n" | sed -n "1p;\$p" >ends &&
		sed -n 2p points | tr " " "\n" | sed -n "\$p" >>ends &&
		printf "%s\n" 40.0,280.0 590.0,145.0 590.0,10.0 >want &&
		expect_same want ends || return 1
	done &&
	LANG=de_DE.UTF-8 sr review | grep -q "78,6 Punkte weniger" &&
	LANG=de_DE.UTF-8 sr --json review >r.json &&
	jq -e "[.decisions[].cost] | index(78.6) != null" r.json &&
	grep -q "\"cost\":78\.6" r.json &&
	LANG=fr_FR.UTF-8 sr export >e.json &&
	jq -e ".games[0].players == [\"Jürgen\", \"Zoë\"]" e.json &&
	LANG=de_DE.UTF-8 sr export --format csv | tr -d "\r" | cut -d, -f8- >csv &&
	printf "%s\n" player,seat,score,rank,winner Jürgen,1,100,2,0 \
	    Zoë,2,200,1,1 >want &&
	expect_same want csv
'

# Tab after a typed umlaut, on a terminal (tmux) in German: the prefix
# "Jü" is two characters of three bytes, and Tab replaces those two with
# "Jürgen " (the space kept before it, one after); so too with the
# cursor in the middle of a line, text after it.
test_expect_success 'Tab after an umlaut completes the name and keeps the spaces' '
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	sr new --game word --players "Jürgen,Zoë,Mary Ann,Ole" \
	    --option dict=tiny >/dev/null &&
	echo "grid CATS ORED DOGS QUITE" | sr play >/dev/null &&
	tty_start &&
	tty_wait "(timer|words|score)>" &&
	tty_text "words Jü" && tty_keys Tab && tty_text "x" &&
	tty_wait "(timer|words|score)> words Jürgen x" && tty_keys C-u &&
	tty_text "words Zo" && tty_keys Tab && tty_text "x" &&
	tty_wait "(timer|words|score)> words Zoë x" && tty_keys C-u &&
	tty_text "words Zoë cats" && tty_keys Left Left Left Left Left &&
	tty_keys BSpace && tty_keys Tab &&
	tty_wait "(timer|words|score)> words Zoë  cats" && tty_keys C-u &&
	tty_text "words Jü cats" && tty_keys Left Left Left Left Left &&
	tty_keys Tab && tty_wait "(timer|words|score)> words Jürgen  cats" &&
	tty_keys Enter &&
	tty_wait "Jürgen" &&
	tty_type "quit" &&
	i=0 && while [ ! -s exit ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done &&
	tty_stop &&
	sr --json history >out &&
	json "[.entries[-1].verb, .entries[-1].args] == [\"words\", [\"Jürgen\", \"cats\"]]"
'

# German as the catalog says it (gettext(1) on the build's locale/), the
# text of msgid $1 before its first "%".
catalog_de() {
	TEXTDOMAINDIR="$BUILDDIR/locale" gettext shakeref "$1" | sed "s/%.*//"
}

# A copy of the build tree elsewhere (what it needs, in its layout: the
# binary, data/ with the coach's table, locale/ with the German catalog)
# runs in German, and its first two-player 10,000 status advises from
# the table it carries: no progress bar, nothing built in the cache.
# SHAKEREF_LOCALEDIR names the catalogs for a binary with none beside
# it.  make check's SHAKEREF_DATA_DIR unset, as a person runs it.
test_expect_success 'a copied build tree speaks German and solves nothing; SHAKEREF_LOCALEDIR' '
	unset SHAKEREF_DATA_DIR &&
	XDG_CACHE_HOME="$PWD/cache" &&
	export XDG_CACHE_HOME &&
	mkdir -p cache tree/data tree/locale/de/LC_MESSAGES lone &&
	cp -a "$SHAKEREF" tree/shakeref &&
	cp -a "$BUILDDIR/data/tt-win-10000-fp1.v1" tree/data/ &&
	cp -a "$BUILDDIR/locale/de/LC_MESSAGES/shakeref.mo" \
	    tree/locale/de/LC_MESSAGES/ &&
	win=$(catalog_de "; the chance to win with best play: %.1f%%.") &&
	test -n "$win" && test "$win" != "; the chance to win with best play: " &&
	tree/shakeref new --game ten-thousand --players Jürgen,Zoë >/dev/null &&
	tree/shakeref status >out 2>err &&
	test ! -s err &&
	grep -qF -- "$win" out &&
	test -z "$(find cache -type f)" &&
	cp -a "$SHAKEREF" lone/shakeref &&
	mkdir -p mine/de/LC_MESSAGES &&
	printf "%s\n" "msgid \"\"" "msgstr \"Content-Type: text/plain; charset=UTF-8\\n\"" \
	    "msgid \"the table now: scores, round, whose turn, what is expected\"" \
	    "msgstr \"Tisch aus mine\"" >mine.po &&
	msgfmt -o mine/de/LC_MESSAGES/shakeref.mo mine.po &&
	SHAKEREF_LOCALEDIR="$PWD/mine" lone/shakeref help status >out &&
	grep -qx "  Tisch aus mine" out &&
	SHAKEREF_LOCALEDIR="$PWD/mine" tree/shakeref help status >out &&
	grep -qx "  Tisch aus mine" out
'

# SW-2: names and places never stand, with nouns=on (auto for German)
# either.  de_DE (igerman98) marks a name by its affixes: it goes into no
# compound and takes no ending but the genitive s (Hans, Zeus, Manz;
# Jürgen/S), where a common noun goes into compounds (Haus/Tpmij).  The
# grid's rows spell hans; zeus, haus (H A U S from the first two rows),
# ziel down the left, manz on the last row: judged at score (check=all)
# and listed by solve or not.
test_expect_success 'SW-2: German with nouns=auto lets no name stand: hans, zeus, manz struck, haus and ziel stand; solve alike' '
	if [ ! -f /usr/share/hunspell/de_DE.dic ]; then
		echo "# de_DE is not installed: skipped" && return 0
	fi &&
	sr new --game word --players Jürgen,Zoë --option dict=de_DE \
	    --option check=all >/dev/null &&
	sr grid HANS ZEUT ILOR MANZ >/dev/null &&
	sr --json solve --force | jq -r ".words[].word" >solved &&
	for w in haus ziel; do
		grep -qx $w solved || { echo "# solve lacks $w"; return 1; }
	done &&
	for w in hans zeus manz; do
		! grep -qx $w solved || { echo "# solve lists $w"; return 1; }
	done &&
	sr words Jürgen hans zeus manz haus ziel >/dev/null &&
	LANG=C sr score >out &&
	awk "\$1 == \"Jürgen\" && NF >= 3 { print \$2, \$3 }" out >got &&
	printf "%s\n" "hans -1" "zeus -1" "manz -1" "haus +1" "ziel +1" >want &&
	expect_same want got
'

# The same by a dictionary of the test's own (tests/data/names): Hans
# (no affix) and Anna/S in a dictionary that compounds are names; Paris
# is one by its morphological field po:npr (as the French dictionaries
# mark names), though it may go into a compound; Haus/EX and Zelt/SE,
# with a plural, are common nouns.  With nouns=on the nouns stand and
# the names do not; with nouns=off, none.
test_expect_success 'SW-2: a name by its affixes or by po:npr never stands, nouns=on or off' '
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	for nouns in on off; do
		sr new --game word --players Jürgen,Zoë --option dict=names \
		    --option nouns=$nouns >/dev/null &&
		sr grid HANSB ANNAB PARIS HAUSB ZELTB >/dev/null &&
		sr --json solve --force | jq -r ".words[].word" | sort >got-$nouns ||
		return 1
	done &&
	printf "%s\n" haus zelt zelts >want &&
	expect_same want got-on &&
	: >none && expect_same none got-off
'

test_done
