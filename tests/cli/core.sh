#!/bin/sh
# tests/cli/core.sh: the commands common to every game, their output and
# exit statuses.
. "$SRCDIR/tests/cli/lib.sh"

test_expect_success 'new starts a game and says what comes next' '
	expect_exit 0 sr new --game shake --players Ann,Bob,Cid &&
	expect_out "game 1: shake for Ann, Bob, Cid" &&
	expect_out "Round 1. Roll the colored dice"
'

test_expect_success 'a refused entry records nothing' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 40 40 60 >/dev/null && sr take >/dev/null &&
	sr --json history >before.json &&
	expect_exit 1 sr roll 20 30 &&
	one_err_line &&
	expect_err "shakeref: roll: expected 3 values (Ann, Bob, Cid), got 2" &&
	sr --json history >after.json &&
	cmp before.json after.json
'
test_done
