#!/bin/sh
# tests/cli/help.sh: help for every command and every verb of every game
# (one line of what it does there), `shakeref COMMAND --help` the same as
# `shakeref help COMMAND`, and neither needs or makes a database.
. "$SRCDIR/tests/cli/lib.sh"

SQ="'"

# The verbs of each rules, as SPEC.md's table lists them (a game SPEC.md
# does not list is held to what help says: the test after the first).
rows='shake:roll take shake bank pass order
shake-up:roll keep stand move again penalize pass
ten-thousand:roll keep bank continue fresh
shake-a-word:grid timer words challenge vote score finish
stack-attack:roll place fall'
all_rules=$(rules_names)

test_expect_success 'help VERB: a usage line and what it does, for every game that has it and no other' '
	echo "$rows" | while IFS=: read -r rules verbs; do
		for v in $verbs; do
			expect_exit 0 sr help "$v" && one=$(grep -c "^usage: shakeref $v\\b.* ($rules)\$" out) &&
			test "$one" -eq 1 || { echo "# $rules $v"; cat out; return 1; }
			# the line after it: what it does, a sentence
			text=$(sed -n "/ ($rules)\$/{n;p;}" out) &&
			test "${#text}" -ge 20 || { echo "# $rules $v: $text"; return 1; }
			case $text in "  "[!\ ]*) ;; *) echo "# $rules $v: $text"; return 1 ;; esac
		done
	done &&
	for r in $all_rules; do
		# a game SPEC.md does not list (Pig in shakeref-pig): its
		# verbs are what help says, checked in the next test
		echo "$rows" | grep -q "^$r:" || continue
		for v in $(game_verbs); do
			sr help "$v" >out &&
			if grep -q " ($r)\$" out; then
				echo "$rows" | grep "^$r:" | tr " :" "\n\n" | grep -qx "$v" ||
				    { echo "# $v is not a verb of $r"; return 1; }
			fi || return 1
		done
	done &&
	db_none
'

# Every game of rules, SPEC.md's or not: each usage line of help VERB
# names a game of rules and is followed by what the verb does there.
test_expect_success 'help VERB: each usage line names a game of rules, then a line of what it does' '
	rules_names >names &&
	for v in $(game_verbs); do
		expect_exit 0 sr help "$v" &&
		sed -n "s/^usage: shakeref $v\\b.* (\\([a-z0-9-]*\\))\$/\\1/p" out >games &&
		test -s games &&
		for r in $(cat games); do
			grep -qx "$r" names &&
			text=$(sed -n "/ ($r)\$/{n;p;}" out) &&
			test "${#text}" -ge 20 ||
			    { echo "# $v in $r: $text"; return 1; }
		done || return 1
	done
'

test_expect_success 'help keep says what keep does in 10,000 and in Shake Up, with their rulings' '
	expect_exit 0 sr help keep &&
	test "$(grep -c "^usage: shakeref keep V\\.\\.\\. (" out)" -eq 2 &&
	sed -n "/(ten-thousand)\$/{n;p;}" out >tt && grep -q "TT-3" tt && grep -q "100" tt &&
	sed -n "/(shake-up)\$/{n;p;}" out >su && grep -q "SU-3" su &&
	expect_exit 0 sr help penalize && expect_out "usage: shakeref penalize NAME LEVEL (shake-up)" &&
	expect_exit 0 sr help vote && expect_out "usage: shakeref vote NAME WORD accept|reject (shake-a-word)"
'

test_expect_success 'help COMMAND for every command of the list; COMMAND --help is the same' '
	sr help >list &&
	sed -n "/^commands:/,/^\$/s/^  \\([a-z][a-z-]*\\) .*/\\1/p" list >commands &&
	test "$(wc -l <commands)" -ge 12 &&
	while read -r c; do
		expect_exit 0 sr help "$c" && grep -q "^usage: shakeref $c\\b" out &&
		test "$(wc -l <out)" -ge 2 && cp out a &&
		expect_exit 0 sr "$c" --help && cmp -s a out &&
		expect_exit 0 sr --help "$c" && cmp -s a out ||
		    { echo "# $c"; return 1; }
	done <commands &&
	for v in roll keep fall; do
		sr help "$v" >a && sr "$v" --help >b && cmp -s a b || return 1
	done &&
	db_none
'

test_expect_success 'help of what does not exist: exit 2, one line' '
	expect_exit 2 sr help nope && one_err_line && expect_err "unknown command ${SQ}nope${SQ}" &&
	expect_exit 2 sr nope --help && one_err_line &&
	expect_exit 2 sr help roll keep && one_err_line &&
	db_none
'

test_done
