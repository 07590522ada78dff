#!/bin/sh
# tests/cli/shake.sh: Shake through the binary.
. "$SRCDIR/tests/cli/lib.sh"

test_expect_success 'SH-5 through the binary: matched dice score' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	expect_exit 0 sr roll 40 40 60 &&
	expect_out "Ann and Bob match on 40" &&
	sr --json status >out && json ".players[0].score == 40"
'
test_done
