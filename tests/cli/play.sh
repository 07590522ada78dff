#!/bin/sh
# tests/cli/play.sh: `play` reading a pipe or a file (no prompt, stops at
# the first refused line with that line's status, what came before stays
# recorded) and on a terminal (driven through tmux: a prompt naming whose
# turn it is and the verbs expected, going on after a refused line).
. "$SRCDIR/tests/cli/lib.sh"

# Ten rounds of Ann 10, Bob 20, both take (SH-6), the All Shake round's
# two passes (SH-8): Bob wins 200 to 100 (SH-10).
two_player_game() {
	for r in 1 2 3 4 5 6 7 8 9 10; do
		echo "roll 10 20"
		echo take
		echo take
	done
	echo pass
	echo pass
}

# The number of entries of the current game.
entries() {
	sr --json history | jq ".entries | length"
}

test_expect_success 'play from a pipe: a whole game, no prompt, exit 0 (SH-10)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game >game.play &&
	two_player_game | expect_exit 0 sr play &&
	expect_out "The game is over: Bob wins with 200." &&
	! grep -q "(roll)>" out && ! grep -q "table" out && test ! -s err &&
	test "$(entries)" -eq 32 &&
	sr --json standings >out && json ".winners == [\"Bob\"]"
'

test_expect_success 'play from a file: comments, blank lines and spaces are skipped' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "# round 1\n\n  roll   10\t20   # Ann 10, Bob 20\n\t\ntake\n   # end\ntake\n" >in.play &&
	expect_exit 0 sr play <in.play &&
	test "$(entries)" -eq 3 &&
	sr --json history >out &&
	json ".entries[0].args == [\"10\",\"20\"]" &&
	sr --json status >out && json ".round == 2"
'

test_expect_success 'play stops at a line the rules refuse: exit 1, earlier lines stay' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "roll 10 20\ntake\nbank\ntake\n" >in.play &&
	expect_exit 1 sr play <in.play && one_err_line &&
	expect_err "shakeref: bank: " &&
	test "$(entries)" -eq 2 &&
	sr --json status >out && json ".turn == \"Ann\""
'

test_expect_success 'play stops at a usage error with exit 2: a bad value, an unknown word' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "roll 10 20\ntake 5\ntake\n" | expect_exit 2 sr play &&
	one_err_line && expect_err "shakeref: take: " &&
	test "$(entries)" -eq 1 &&
	printf "take\nfrobnicate\ntake\n" | expect_exit 2 sr play &&
	one_err_line && expect_err "frobnicate" &&
	test "$(entries)" -eq 2 &&
	printf "status now\ntake\n" | expect_exit 2 sr play &&
	test "$(entries)" -eq 2 &&
	printf "new --game shake --players A,B\n" | expect_exit 2 sr play &&
	test "$(entries)" -eq 2 && sr --json games >out &&
	json ".games | length == 1"
'

test_expect_success 'play stops at a data error with exit 3: a NAME not a player, the game over' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "roll Ann=10 Zed=20\nroll 10 20\n" | expect_exit 3 sr play &&
	one_err_line && expect_err "'\''Zed'\'' is not a player" &&
	test "$(entries)" -eq 0 &&
	{ two_player_game; echo "roll 10 20"; echo "undo"; } |
	    expect_exit 3 sr play &&
	one_err_line && expect_err "the game is over" &&
	test "$(entries)" -eq 32
'

test_expect_success 'play takes status, undo and redo lines' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "roll 10 20\ntake\nundo\nstatus\nredo\ntake\n" |
	    expect_exit 0 sr play &&
	expect_out "undid entry 2" && expect_out "redid entry 2" &&
	expect_out "scores: Ann 0, Bob 0" &&
	test "$(entries)" -eq 5 &&
	printf "status\n" | sr --json play >out &&
	json ".round == 2 and .expect == [\"roll\"]"
'

test_expect_success 'play whose output fails: exit 4, the message names play (no freed memory)' '
	test -w /dev/full || { echo "# no /dev/full: skipped"; return 0; }
	sr new --game ten-thousand --players Ann,Bob >/dev/null &&
	set +e; echo "roll 2 2 3 3 4 6" | sr play >/dev/full 2>err; st=$?; set -e &&
	test "$st" -eq 4 &&
	test "$(cat err)" = "shakeref: play: cannot write the output" &&
	printf "status\nroll 2 2 3 3 4 6\n" >in.play &&
	set +e; sr play <in.play >/dev/full 2>err; st=$?; set -e &&
	test "$st" -eq 4 &&
	test "$(cat err)" = "shakeref: play: cannot write the output"
'

test_expect_success 'play with no game: exit 3 before reading; play ARG: exit 2' '
	: >test.db &&
	echo "roll 10 20" | expect_exit 3 sr play && one_err_line &&
	expect_err "no current game" &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	echo "roll 10 20" | expect_exit 2 sr play game.play &&
	test "$(entries)" -eq 0 &&
	echo "roll 10 20" | expect_exit 3 sr -g 7 play && test "$(entries)" -eq 0
'

test_expect_success 'play -g N enters into that game' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr new --game shake --players Cid,Dee >/dev/null &&
	echo "roll 10 20" | expect_exit 0 sr -g 1 play &&
	expect_out "Bob has the highest die" &&
	sr --json -g 1 history >out && json ".entries | length == 1" &&
	sr --json history >out && json ".game == 2 and .entries == []"
'

test_expect_success 'an empty input is fine: exit 0, nothing recorded' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_exit 0 sr play </dev/null && test "$(entries)" -eq 0
'

# -- On a terminal, through tmux.

# Start `shakeref play` ($*: more arguments) in a detached tmux pane; its
# exit status goes to ./exit when it ends.
tty_start() {
	tmux -S "$PWD/tmux.sock" -f /dev/null new-session -d -x 160 -y 60 \
	    "cd '$PWD' && env HOME='$HOME' SHAKEREF_DB='$SHAKEREF_DB' SHAKEREF_NOW='$SHAKEREF_NOW' NO_COLOR=1 '$SHAKEREF' $* play; echo \$? >exit; sleep 30"
}

# Wait (at most 10 s) until the pane shows text $1.
tty_wait() {
	i=0
	while ! tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 >screen ||
	    ! grep -qF -- "$1" screen; do
		i=$((i + 1))
		if [ "$i" -ge 100 ]; then
			echo "# the terminal never showed: $1"
			grep -v "^ *$" screen | sed "s/^/#   /"
			return 1
		fi
		sleep 0.1
	done
}

# Wait (at most 10 s) until the pane shows text $1 twice.
tty_twice() {
	i=0
	while [ "$(tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 |
	    grep -cF -- "$1")" -lt 2 ]; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || { echo "# not twice: $1"; return 1; }
		sleep 0.1
	done
}

# Type a line into the pane.
tty_type() {
	tmux -S "$PWD/tmux.sock" send-keys -l -- "$1" &&
	tmux -S "$PWD/tmux.sock" send-keys Enter
}

# Send Ctrl-D and wait for play to end.
tty_end() {
	tmux -S "$PWD/tmux.sock" send-keys C-d &&
	i=0 &&
	while [ ! -s exit ]; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || { echo "# play did not end"; return 1; }
		sleep 0.1
	done
}

# Stop the tmux server of this test.
tty_stop() {
	tmux -S "$PWD/tmux.sock" kill-server 2>/dev/null
	return 0
}

# A session: prompts name whose turn and what is expected; a refused line
# is reported and play goes on; the Up key recalls the last line (libedit's
# history); Ctrl-D leaves with exit 0.
tty_session() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	tty_start &&
	tty_wait "round 1, table (roll)>" &&
	tty_type "roll 10 20" &&
	tty_wait "round 1, Bob (take|shake)>" &&
	tty_type "take 5" &&
	tty_wait "shakeref: take: " &&
	tty_type "bank" &&
	tty_wait "shakeref: bank: " &&
	tty_type "take" &&
	tty_wait "round 1, Ann (take|shake)>" &&
	tty_type "shake" &&
	tty_wait "round 1, Ann (roll)>" &&
	tty_type "roll 10 10 0 0 0 0" &&
	tty_wait "round 1, Ann (roll|bank)>" &&
	tty_type "status" &&
	tty_wait "scores: Ann 0, Bob 20" &&
	tmux -S "$PWD/tmux.sock" send-keys Up Enter &&
	tty_twice "scores: Ann 0, Bob 20" &&
	tty_end &&
	test "$(cat exit)" -eq 0 &&
	test "$(entries)" -eq 4 &&
	sr --json status >out &&
	json ".turn == \"Ann\" and .shake_total == 20 and .expect == [\"roll\",\"bank\"]"
}

# A finished game: the prompt says so; undo still works.
tty_over() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	tty_start &&
	tty_wait "The game is over" &&
	tty_wait "game over (undo, status)>" &&
	tty_type "take" &&
	tty_wait "the game is over" &&
	tty_type "undo" &&
	tty_wait "round 11, Ann (roll|pass)>" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	sr --json status >out && json ".state == \"active\""
}

if command -v tmux >/dev/null 2>&1; then
	test_expect_success 'play on a terminal: prompts, refusals reported, keeps going' '
		if tty_session; then rc=0; else rc=1; fi; tty_stop; test $rc -eq 0
	'
	test_expect_success 'play on a terminal with the game over: the prompt says so, undo works' '
		if tty_over; then rc=0; else rc=1; fi; tty_stop; test $rc -eq 0
	'
else
	for t in 1 2; do
		test_count=$((test_count + 1))
		echo "ok $test_count # SKIP tmux is not installed"
	done
fi
test_done
