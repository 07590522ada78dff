#!/bin/sh
# tests/cli/shake.sh: Shake through the binary.
. "$SRCDIR/tests/cli/lib.sh"

test_expect_success 'SH-5 through the binary: matched dice score' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	expect_exit 0 sr roll 40 40 60 &&
	expect_out "Ann and Bob match on 40" &&
	sr --json status >out && json ".players[0].score == 40"
'
test_expect_success 'SH-2: status odds are exact with shake-faces=4 and 5 (issue 9)' '
	sr new --game shake --players Ann,Bob --option shake-faces=4 >/dev/null &&
	sr roll 10 20 >/dev/null && expect_exit 0 sr status &&
	expect_out "A shake is worth 10735 on average from 0 (shaking until 29160)" &&
	expect_out "shaking pays" &&
	sr new --game shake --players Ann,Bob --option shake-faces=5 >/dev/null &&
	sr roll 10 20 >/dev/null && sr shake >/dev/null &&
	sr roll 10 0 0 0 0 0 >/dev/null && expect_exit 0 sr status &&
	expect_out "craps out 0.0021% of the time" &&
	expect_out "break-even total is 2332800"
'

test_done
