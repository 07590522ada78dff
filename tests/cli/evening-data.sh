#!/bin/sh
# tests/cli/evening-data.sh: issue 36's German evening, the data a table
# keeps and the machine reads, under LANG=de_DE.UTF-8: each entry of a
# long play session stamped when it is made; numbers a machine reads in
# C's format; Tab after an umlaut; a copied build tree still German and
# with its data; proper names never stand in German Shake-A-Word.
. "$SRCDIR/tests/cli/lib.sh"

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
	{
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
	test "$c2" -ge $((a1 + 2)) &&
	test "$a2" -ge $((c2 + 2)) &&
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

test_done
