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
	expect_err "shakeref: play: line 3: bank: " &&
	test "$(entries)" -eq 2 &&
	sr --json status >out && json ".turn == \"Ann\""
'

test_expect_success 'play stops at a usage error with exit 2: a bad value, an unknown word' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "roll 10 20\ntake 5\ntake\n" | expect_exit 2 sr play &&
	one_err_line && expect_err "shakeref: play: line 2: take: " &&
	test "$(entries)" -eq 1 &&
	printf "take\nfrobnicate\ntake\n" | expect_exit 2 sr play &&
	one_err_line && expect_err "frobnicate" &&
	test "$(entries)" -eq 2 &&
	printf "status now\ntake\n" | expect_exit 2 sr play &&
	test "$(entries)" -eq 2 &&
	printf "new --game nope --players A,B\n" | expect_exit 2 sr play &&
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
	if ! test -w /dev/full; then
		echo "# no /dev/full: skipped" && return 0
	fi &&
	sr new --game ten-thousand --players Ann,Bob >/dev/null &&
	{ echo "roll 2 2 3 3 4 6" | sr play >/dev/full 2>err && st=0 ||
	    st=$?; } &&
	test "$st" -eq 4 &&
	test "$(cat err)" = "shakeref: play: cannot write the output" &&
	printf "status\nroll 2 2 3 3 4 6\n" >in.play &&
	{ sr play <in.play >/dev/full 2>err && st=0 || st=$?; } &&
	test "$st" -eq 4 &&
	test "$(cat err)" = "shakeref: play: cannot write the output"
'

test_expect_success 'play with no game: exit 3 before reading; play ARG: exit 2' '
	empty_db &&
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

test_expect_success 'a line splits into words as a shell would for quotes: "Mary Ann", '"'"'Mary Ann'"'"', \"' '
	sr new --game stack-attack --players "Mary Ann,Bob,Cid" >/dev/null &&
	printf "%s\n" "roll 1 2 3 4 5" "place 1" "fall \"Mary Ann\"" \
	    "roll 1 2 3 4 5" "place 1" "fall '"'"'mary ann'"'"' # the same" \
	    "roll 1 2 3 4 5" "place 1" "fall Mary\\ Ann" | expect_exit 0 sr play &&
	sr --json history >out &&
	json "[.entries[] | select(.verb == \"fall\") | .args[0]] == [\"Mary Ann\", \"mary ann\", \"Mary Ann\"]" &&
	printf "fall \"Mary Ann\n" | expect_exit 2 sr play && one_err_line &&
	expect_err "shakeref: play: line 1: a double quote (\") is not closed" &&
	printf "fall '"'"'Bob\n" | expect_exit 2 sr play &&
	expect_err "a single quote ('"'"') is not closed" &&
	test "$(entries)" -eq 9
'

test_expect_success 'a piped script names the refused line: shakeref: play: line N: VERB: ...' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	printf "# a comment\n\nroll 10 20 30\ntake\ntake 5\n" |
	    expect_exit 2 sr play && one_err_line &&
	expect_err "shakeref: play: line 5: take: " &&
	printf "take\n  bank\n" | expect_exit 1 sr play && one_err_line &&
	expect_err "shakeref: play: line 2: bank: " &&
	test "$(entries)" -eq 3
'

SQ="'"
# The example of a quoted name is the game's own verb that takes a NAME
# (and a LEVEL): none in 10,000 (above) or Shake-A-Word.
test_expect_success 'play help: a quoted name in a verb of this game: penalize in Shake Up, order in Shake' '
	sr new --game shake-up --players Ann,Bob >/dev/null &&
	echo help | expect_exit 0 sr play &&
	tail -n 1 out >last &&
	grep -qx "${SQ}help VERB${SQ} for one; quote a name with a space: penalize \"Mary Ann\" 2" last &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	echo help | expect_exit 0 sr play &&
	tail -n 1 out >last &&
	grep -qx "${SQ}help VERB${SQ} for one; quote a name with a space: order \"Mary Ann\"" last &&
	sr new --game word --players Ann,Bob >/dev/null &&
	echo help | expect_exit 0 sr play &&
	tail -n 1 out >last && grep -qx "${SQ}help VERB${SQ} for one\." last
'

test_expect_success 'commands inside play: help, help VERB for this game, history N, rules, games, quit' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	printf "help\nroll 1 5 2 3 4 6\nhelp keep\nhelp\nhistory 1\nrules\ngames\nquit\nbank\n" |
	    expect_exit 0 sr play &&
	expect_out "keep V...: set scoring dice of the last roll aside: 1 = 100" &&
	grep -Eq "^  roll +V\.\.\." out && grep -Eq "^  keep +V\.\.\." out &&
	test "$(grep -c "^  bank " out)" -eq 0 &&
	! grep -q "quote a name" out &&
	expect_out "    1  Ann" && expect_out "ten-thousand  10000" &&
	grep -Eq "^\* +1 +ten-thousand +Ann, Bob +active" out &&
	test "$(entries)" -eq 1 &&
	printf "help take\n" | expect_exit 1 sr play &&
	expect_err "ten-thousand has no '"'"'take'"'"'" &&
	printf "quit now\n" | expect_exit 2 sr play && printf "exit\nroll 1\n" | expect_exit 0 sr play &&
	test "$(entries)" -eq 1
'

test_expect_success 'review, standings, dice and status inside play: the commands of the command table' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "roll 10 20\ntake\nreview\nstandings\ndice\nstatus\n" |
	    expect_exit 0 sr play && test ! -s err &&
	expect_out "game 1: shake, reviewed by the coach" &&
	expect_out "scores: Ann 0, Bob 20" &&
	printf "help review\nhelp standings\n" | expect_exit 0 sr play &&
	expect_out "review: " &&
	expect_out "standings [--all-time [--rules RULES] [--since DATE] [--until DATE]]: " &&
	test "$(entries)" -eq 2
'

test_expect_success 'play takes the commands of the command table marked for it, in its order (as help lists them), then quit and exit: SPEC.md "play"'"'"'s list' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	echo help | expect_exit 0 sr play &&
	sed -n "s/^Commands: \(.*\)\.\$/\1/p" out | sed "s/, /\n/g" >got &&
	sr help >usage &&
	for c in $(sed -n "s/^  \([a-z]*\) .*/\1/p" usage); do
		case " status standings history rules review solve dice games help new use abandon rename title note " in
		*" $c "*) echo "$c" ;;
		esac
	done >want &&
	printf "quit\nexit\n" >>want &&
	test "$(wc -l <want)" -eq 17 &&
	expect_same want got
'

test_expect_success 'an unknown word: exit 2 and the nearest verb of this game (tke -> take)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "roll 10 20\ntke\n" | expect_exit 2 sr play && one_err_line &&
	expect_err "shakeref: play: line 2: '"'"'tke'"'"' is not a verb of shake or a command; did you mean '"'"'take'"'"'?" &&
	printf "stauts\n" | expect_exit 2 sr play && expect_err "did you mean '"'"'status'"'"'?" &&
	printf "xyzzy\n" | expect_exit 2 sr play && ! grep -q "did you mean" err &&
	printf "place 3\n" | expect_exit 1 sr play && expect_err "shake has no '"'"'place'"'"'" &&
	test "$(entries)" -eq 1
'

test_expect_success 'new and use inside play: the session goes on with that game' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "%s\n" "roll 10 20" "new --game stack-attack --players Cid,Dee" \
	    "roll 1 2 3 4 5" "use 1" "take" "status" | expect_exit 0 sr play &&
	expect_out "game 2: stack-attack for Cid, Dee" && expect_out "game 1 is current" &&
	sr --json -g 1 history >out && json "[.entries[].verb] == [\"roll\",\"take\"]" &&
	sr --json -g 2 history >out && json "[.entries[].verb] == [\"roll\"]" &&
	sr --json status >out && json ".game == 1"
'

test_expect_success 'games and history show the local time (TZ); JSON keeps UTC' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	TZ=Asia/Tokyo sr games >out &&
	expect_out "$(TZ=Asia/Tokyo date -d "@$SHAKEREF_NOW" "+%Y-%m-%d %H:%M")" &&
	TZ=America/New_York sr history >out &&
	expect_out "Round 1  $(TZ=America/New_York date -d "@$SHAKEREF_NOW" "+%Y-%m-%d %H:%M")" &&
	TZ=Asia/Tokyo sr --json games >out && json ".games[0].created == \"$(date -u -d "@$SHAKEREF_NOW" +%Y-%m-%dT%H:%M:%SZ)\""
'

# Play reads a fifo; between its lines another process enters a line.
two_writers() {
	sr new --game shake --players Ann,Bob >/dev/null && mkfifo lines || return 1
	sr play <lines >play.out 2>play.err &
	pid=$!
	exec 7>lines
	echo "roll 10 20" >&7
	i=0
	while [ "$(entries)" -lt 1 ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
	sr take >/dev/null
	echo "take" >&7 && echo "roll 30 40" >&7
	exec 7>&-
	wait $pid
}

test_expect_success 'two writers on one game: play replays the other process'"'"'s entries first' '
	two_writers && test ! -s play.err &&
	sr --json history >out &&
	json "[.entries[] | [.player, .verb]] == [[null,\"roll\"],[\"Bob\",\"take\"],[\"Ann\",\"take\"],[null,\"roll\"]]" &&
	sr --json status >out && json "[.players[].score] == [10,20] and .round == 2"
'

test_expect_success 'watch not on a terminal: the table printed once, exit 0' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	expect_exit 0 sr watch && test ! -s err &&
	expect_out "game 1: shake, round 1" &&
	grep -Eq "^> Ann +0$" out && grep -Eq "^  Bob +20$" out &&
	grep -Eq "^ +1 +- +20$" out &&
	expect_out "Round 1. Ann rolled 10 and chooses: take 10 or shake" &&
	expect_exit 2 sr watch now && one_err_line &&
	expect_exit 3 sr -g 9 watch && one_err_line
'

# -- On a terminal, through tmux.

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
	tty_wait "All Shake, Ann (roll|pass)>" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	sr --json status >out && json ".state == \"active\""
}


# Ctrl-C abandons the line being typed; play goes on; Ctrl-D leaves, 0.
tty_ctrl_c() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	tty_start &&
	tty_wait "round 1, table (roll)>" &&
	tty_text "roll 10" && tty_keys C-c &&
	tty_twice "round 1, table (roll)>" &&
	tty_type "roll 10 20" &&
	tty_wait "round 1, Bob (take|shake)>" &&
	tty_keys C-c && tty_twice "round 1, Bob (take|shake)>" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	sr --json history >out && json "[.entries[].args] == [[\"10\",\"20\"]]"
}

# Tab completes a verb legal now, then a name with a space, quoted; the
# scores line follows the entry that ended the round.
tty_tab() {
	sr new --game stack-attack --players "Mary Ann,Bob,Cid" >/dev/null &&
	printf "roll 1 2 3 4 5\nplace 1\n" | sr play >/dev/null &&
	tty_start &&
	tty_wait "round 1, Bob (roll|fall)>" &&
	tty_text "fa" && tty_keys Tab && tty_wait "(roll|fall)> fall" &&
	tty_text "M" && tty_keys Tab &&
	tty_wait "(roll|fall)> fall \"Mary Ann\"" && tty_keys Enter &&
	tty_wait "round 2, Mary Ann (roll|fall)>" &&
	tty_wait "scores now: Mary Ann 0, Bob 0, Cid 0" &&
	tty_text "h" && tty_keys Tab && tty_text "x" && tty_keys Tab &&
	tty_wait "(roll|fall)> hx" && tty_keys C-u && tty_type "quit" &&
	i=0 && while [ ! -s exit ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done &&
	test "$(cat exit)" -eq 0 &&
	sr --json history >out && json ".entries[2].args == [\"Mary Ann\"]"
}

# Tab completes penalize NAME LEVEL from the board: the levels of NAME's
# pawns above level 1 and not safe (SU-5); Ann's pawns are 1 1 1 2 3,
# so 2 and 3; none for Bob's own.
tty_tab_level() {
	shake_up_to_penalty &&
	sr --json status >out &&
	json ".pawns.Ann == [1,1,1,2,3] and .turn == \"Bob\"" &&
	tty_start &&
	tty_wait "round 3, Bob (again|penalize|pass)>" &&
	tty_text "penalize Bob " && tty_keys Tab && tty_text "x" &&
	tty_wait "(again|penalize|pass)> penalize Bob x" && tty_keys C-u &&
	tty_text "penalize A" && tty_keys Tab &&
	tty_wait "(again|penalize|pass)> penalize Ann" && tty_keys Tab &&
	tty_line "2  3" && tty_text "3" && tty_keys Enter &&
	tty_wait "Bob sends Ann's pawn on level 3 back to level 1" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	sr --json history >out &&
	json "[.entries[-1].verb, .entries[-1].args] == [\"penalize\", [\"Ann\", \"3\"]]"
}

# Tab completes vote NAME WORD with NAME's words this round (SW-6), then
# accept|reject; challenge NAME WORD with NAME's words not ruled yet
# (SW-5): after the vote on tea only cats, after its challenge none.
tty_tab_word() {
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	printf "%s\n" "grid CATS ORED DOGS QUITE" "words Ann cats tea" \
	    "words Bob dogs" | sr play >/dev/null &&
	tty_start &&
	tty_wait "(timer|words|challenge|vote|score)>" &&
	tty_text "vote Ann " && tty_keys Tab && tty_line "cats  tea" &&
	tty_text "t" && tty_keys Tab && tty_wait "vote|score)> vote Ann tea" &&
	tty_keys Tab && tty_line "accept  reject" &&
	tty_text "a" && tty_keys Tab &&
	tty_wait "vote|score)> vote Ann tea accept" && tty_keys Enter &&
	tty_wait "the table accepts Ann's 'tea'" &&
	tty_text "challenge Ann " && tty_keys Tab &&
	tty_wait "vote|score)> challenge Ann cats" && tty_keys Enter &&
	tty_wait "Ann's 'cats' stands" &&
	tty_text "challenge Ann " && tty_keys Tab && tty_text "x" &&
	tty_wait "vote|score)> challenge Ann x" && tty_keys C-u &&
	tty_text "vote Bob " && tty_keys Tab &&
	tty_wait "vote|score)> vote Bob dogs" && tty_keys C-u &&
	tty_end && test "$(cat exit)" -eq 0 &&
	sr --json history >out &&
	json "[.entries[3:][] | [.verb] + .args] == [[\"vote\", \"Ann\", \"tea\", \"accept\"], [\"challenge\", \"Ann\", \"cats\"]]"
}

# Tab completes new's options, the rules names after --game, the option
# keys of those rules after --option (KEY= waits for its value) and their
# values (the dictionaries installed: tiny); penalize offers only the
# opponents it can reach while it is legal (SU-5: Ann, not Bob himself);
# redo is no candidate with nothing undone.
tty_tab_new() {
	shake_up_to_penalty &&
	tty_start &&
	tty_wait "round 3, Bob (again|penalize|pass)>" &&
	tty_text "penalize " && tty_keys Tab &&
	tty_wait "(again|penalize|pass)> penalize Ann" && tty_keys C-u &&
	tty_text "red" && tty_keys Tab && tty_text "x" &&
	tty_wait "(again|penalize|pass)> redx" && tty_keys C-u &&
	tty_text "new --g" && tty_keys Tab &&
	tty_wait "pass)> new --game" && tty_text "wo" && tty_keys Tab &&
	tty_wait "pass)> new --game word" && tty_text "--p" && tty_keys Tab &&
	tty_wait "pass)> new --game word --players" &&
	tty_text "Ann,Bob --o" && tty_keys Tab &&
	tty_wait "new --game word --players Ann,Bob --option" &&
	tty_text "di" && tty_keys Tab && tty_text "ti" && tty_keys Tab &&
	tty_wait "--option dict=tiny" && tty_text "--option coa" &&
	tty_keys Tab && tty_wait "--option coach=" && tty_keys Tab &&
	tty_wait "--option coach=o" && tty_keys Tab &&
	tty_grep -qxE "coach=on +coach=off" && tty_text "f" && tty_keys Tab &&
	tty_wait "--option dict=tiny --option coach=off" && tty_keys Enter &&
	tty_wait "game 2: shake-a-word for Ann, Bob" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	sr --json status >out &&
	json ".rules == \"shake-a-word\" and .options.dict == \"tiny\" and .options.coach == \"off\""
}

# The pane's text against the same command through a pipe ($1, a file):
# every line of the pane within $2 - 1 columns, the pipe had a longer one,
# and not a character lost or moved (spaces and line ends aside).
tty_fits() {
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 >screen &&
	awk -v w="$2" "length > w - 1 { bad = 1 } END { exit bad }" screen &&
	awk -v w="$2" "length > w - 1 { long = 1 } END { exit !long }" "$1" &&
	test "$(tr -d " \n" <screen)" = "$(tr -d " \n" <"$1")"
}

# history in an 80-column pane: each long note goes on under the note
# column (43: number 5, 2, player 10, 1, entry 24, 1), broken at the last
# space within 79 columns, nothing cut.  The first note, by hand: 43 + 35
# columns, then "10 and score it; Fay has the highest" (36, exactly the
# room), then the rest.
tty_fit_history() {
	sr new --game shake --players Ann,Bob,Cid,Dee,Eve,Fay >/dev/null &&
	printf "%s\n" "roll 10 10 10 10 10 20" "note the longest note of the \
evening, written to be longer than any terminal line of eighty columns" |
	    sr play >/dev/null &&
	sr history >piped &&
	TTY_WIDTH=80 TTY_CMD=history tty_start && tty_wait "scores:" &&
	tty_fits piped 80 &&
	printf "%5d%13s%-24s %s\n%43s%s\n%43s%s\n" 1 "" \
	    "roll 10 10 10 10 10 20" "Ann, Bob, Cid, Dee and Eve match on" \
	    "" "10 and score it; Fay has the highest" "" \
	    "die (20) and chooses" >want &&
	grep -A2 "^    1 " screen >got &&
	expect_same want got
}

# status and standings (the rules module's tables) in a 40-column pane:
# fitted, nothing cut.
tty_fit_tables() {
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	sr new --game word --players "Mary Ann Longname,Bob" --option dict=tiny \
	    >/dev/null &&
	printf "%s\n" "grid CATS ORED DOGS QUITE" \
	    "words \"Mary Ann Longname\" cats tea quite" "words Bob dogs" score |
	    sr play >/dev/null &&
	sr status >piped &&
	TTY_WIDTH=40 TTY_CMD=status tty_start && tty_wait "house rules:" &&
	tty_fits piped 40 && tty_stop &&
	sr standings >piped &&
	TTY_WIDTH=40 TTY_CMD=standings tty_start && tty_wait "Mary Ann" &&
	tty_fits piped 40
}

# The history of accepted lines is kept across sessions (XDG_STATE_HOME);
# a refused line is not kept.
tty_history() {
	XDG_STATE_HOME="$PWD/state" && export XDG_STATE_HOME &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	tty_start &&
	tty_wait "round 1, table (roll)>" &&
	tty_type "roll 10 20" && tty_wait "round 1, Bob (take|shake)>" &&
	tty_type "bank" && tty_wait "shakeref: bank: " &&
	tty_end && tty_stop &&
	test -f state/shakeref/history && grep -q "roll" state/shakeref/history &&
	! grep -q "bank" state/shakeref/history &&
	tty_start &&
	tty_wait "round 1, Bob (take|shake)>" &&
	tty_type "undo" && tty_wait "round 1, table (roll)>" &&
	tty_keys Up Up && tty_wait "(roll)> roll 10 20" && tty_keys Enter &&
	tty_wait "round 1, Bob (take|shake)>" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	sr --json history >out && json "[.entries[].verb] == [\"roll\",\"undo\",\"roll\"]" &&
	grep -q "^undo$" state/shakeref/history &&
	{ echo "_HiStOrY_V2_"; i=0; while [ $i -lt 1200 ]; do printf "%s\\n" "history\\040$i"; i=$((i + 1)); done; } \
	    >state/shakeref/history &&
	tty_start && tty_wait "round 1, Bob (take|shake)>" &&
	tty_type "status" && tty_wait "scores: Ann 0, Bob 0" &&
	tty_end && tty_stop &&
	test "$(wc -l <state/shakeref/history)" -eq 1001 &&
	test "$(tail -n 1 state/shakeref/history)" = "status" &&
	grep -q "^history.040201$" state/shakeref/history &&
	! grep -q "^history.040200$" state/shakeref/history
}

# The timer in a 36-column pane: one line, redrawn in place.
tty_timer() {
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	sr grid CATS ORED DOGS TIME >/dev/null &&
	TTY_WIDTH=36 tty_start &&
	tty_wait "round 1, table>" &&
	tty_type "timer 3s" && tty_wait "0:01 left" &&
	tty_wait "timer: time is up" &&
	tmux -S "$PWD/tmux.sock" capture-pane -p -J -S -100 >screen &&
	test "$(grep -c "left" screen)" -eq 1 &&
	grep "left" screen | grep -Eq "^\[#+-*\] 0:00 left *$" &&
	test "$(grep "left" screen | sed "s/ *$//" | wc -c)" -le 36 &&
	tty_end && test "$(cat exit)" -eq 0
}

# The pane with its escape sequences (tmux capture-pane -e).
tty_screen_e() {
	tmux -S "$PWD/tmux.sock" capture-pane -e -p -S -100 >screen.e
}

# Colour on a terminal: whose turn (cyan), a refusal (red); none with
# NO_COLOR (and none through a pipe: the tests above).
tty_color() {
	ESC=$(printf "\033") &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "roll 10 20\n" | sr play >/dev/null &&
	TTY_COLOR=1 tty_start &&
	tty_wait "(take|shake)>" && tty_type "bank" && tty_wait "shakeref: bank:" &&
	tty_screen_e &&
	grep -q "${ESC}\[[0-9;]*36m${ESC}*\[*[0-9;]*m*Bob" screen.e &&
	grep -q "31mshakeref: bank: " screen.e &&
	tty_end && tty_stop &&
	tty_start &&
	tty_wait "(take|shake)>" && tty_type "bank" && tty_wait "shakeref: bank:" &&
	tty_screen_e && ! grep -q "${ESC}\[" screen.e &&
	tty_end && test "$(cat exit)" -eq 0
}

# In play, Ctrl-C stops a running timer and play goes on.
tty_timer_stop() {
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	sr grid CATS ORED DOGS TIME >/dev/null &&
	tty_start &&
	tty_wait "(timer|words|score)>" &&
	tty_type "timer 90" && tty_wait "1:2" &&
	tty_keys C-c && tty_wait "timer: stopped with 1:" &&
	tty_twice "(timer|words|score)>" &&
	tty_type "words Ann cats" && tty_wait "Ann wrote cats" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	sr --json history >out && json "[.entries[].verb] == [\"grid\",\"words\"]"
}

# watch in a pane: redrawn after entries made by other processes; Ctrl-C
# leaves it with 0.
tty_watch() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	TTY_CMD=watch tty_start &&
	tty_wait "game 1: shake, round 1" &&
	tty_wait "Round 1. Roll the colored dice" &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	tty_wait "Round 1. Ann rolled 10 and chooses: take 10 or shake" &&
	tty_wait "> Ann" &&
	sr new --game stack-attack --players Cid,Dee >/dev/null &&
	tty_wait "game 2: stack-attack, round 1" &&
	tty_keys C-c &&
	i=0 && while [ ! -s exit ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done &&
	test "$(cat exit)" -eq 0
}

# The coach's line above the prompt, none with coach=off.
tty_coach() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	tty_start &&
	tty_type "roll 40 20" &&
	tty_wait "coach: shake: worth 88.6 on average" &&
	tty_wait "round 1, Ann (take|shake)>" &&
	tty_end && tty_stop &&
	sr new --game shake --players Ann,Bob --option coach=off >/dev/null &&
	tty_start &&
	tty_type "roll 40 20" &&
	tty_wait "round 1, Ann (take|shake)>" &&
	! grep -q "coach:" screen &&
	tty_end
}

# The coach's line for a tie's order above the prompt (SH-9); none with
# coach=off.
tty_order() {
	for o in on off; do
		sr new --game shake --players Ann,Bob,Cid,Dan --option coach=$o \
		    >/dev/null &&
		for r in 1 2 3 4 5 6 7 8 9 10; do
			sr roll 10 10 20 20 >/dev/null || return 1
		done &&
		tty_start &&
		tty_type "roll 30 20" &&
		tty_wait "All Shake, Cid (order)>" || return 1
		if [ $o = on ]; then
			tty_wait "coach: order Dan Cid: Cid wins" || return 1
		elif grep -q "coach:" screen; then
			return 1
		fi
		tty_end && tty_stop || return 1
	done
}

if command -v tmux >/dev/null 2>&1; then
	test_expect_success 'play on a terminal: the coach names the best order of a tie above the prompt (SH-9); coach=off hides it' '
		if tty_order; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'play on a terminal: the coach says what to do above the prompt; coach=off hides it' '
		if tty_coach; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'play on a terminal: prompts, refusals reported, keeps going' '
		if tty_session; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'play on a terminal with the game over: the prompt says so, undo works' '
		if tty_over; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal Ctrl-C abandons the line and play goes on' '
		if tty_ctrl_c; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal Tab completes a legal verb and a quoted name, never a file; the scores after a round' '
		touch hxfile && if tty_tab; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal Tab completes penalize NAME LEVEL from the board (SU-5)' '
		if tty_tab_level; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal Tab completes vote and challenge NAME WORD from the round (SW-5, SW-6)' '
		if tty_tab_word; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal Tab completes new: options, rules names, option keys and values; penalize only its targets (SU-5); no redo with nothing undone' '
		if tty_tab_new; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal history fits the width: long notes go on under the note column' '
		if tty_fit_history; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal the tables of status and standings fit the width, nothing cut' '
		if tty_fit_tables; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal Up recalls an accepted line of the previous session (XDG_STATE_HOME); 1,000 lines kept' '
		if tty_history; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal 36 columns wide the timer stays on one line' '
		if tty_timer; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'watch on a terminal redraws after an entry made by another process, follows a new game' '
		if tty_watch; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal colour shows whose turn and a refusal; NO_COLOR turns it off' '
		if tty_color; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal Ctrl-C stops a running timer and play goes on' '
		if tty_timer_stop; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
else
	for t in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do
		test_count=$((test_count + 1))
		echo "ok $test_count # SKIP tmux is not installed"
	done
fi
# After abandon the prompt says the game is abandoned and the coach says
# nothing more; status in play gives the coach's line once.
tty_abandon() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	tty_start &&
	tty_type "roll 40 20" &&
	tty_wait "round 1, Ann (take|shake)>" &&
	tty_type "status" && tty_twice "round 1, Ann (take|shake)>" &&
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 >screen &&
	sed -n "/(take|shake)> status/,\$p" screen >after &&
	test "$(grep -c "^coach: " after)" -eq 1 &&
	tty_type "abandon" &&
	tty_wait "game abandoned (undo, status)>" &&
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 >screen &&
	sed "1,/(take|shake)> abandon/d" screen >after &&
	! grep -q "coach:" after && ! grep -q "round 1, Ann" after &&
	tty_type "undo" && tty_wait "undid entry 2 (abandon)" &&
	tty_end && test "$(cat exit)" -eq 0
}

# The words of file $1, one a line: a word broken at a line's end shows.
words() {
	tr -s " \n" "\n\n" <"$1" | grep -v "^$"
}

# The pane ($2 columns) against the same text through a pipe ($1, a
# file): every line of the pane within $2 - 1 columns, the pipe had a
# longer one, and the same words in the same order: nothing broken
# inside a word.  $3, if given: a sed script picking the part to compare
# from the pane and the pipe alike.
tty_words() {
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 >screen &&
	if [ -n "${3:-}" ]; then
		sed -n "$3" screen >part && mv part screen &&
		sed -n "$3" "$1" >part && mv part "$1"
	fi &&
	awk -v w="$2" "length > w - 1 { bad = 1 } END { exit bad }" screen &&
	awk -v w="$2" "length > w - 1 { long = 1 } END { exit !long }" "$1" &&
	words "$1" >want.words && words screen >got.words &&
	expect_same want.words got.words
}

# help, a refusal and watch on the command line, then help and a
# refusal in play, in a pane $1 columns wide: broken at spaces only.
# Through a pipe each is as long as it is (the words to compare with).
tty_fit_words() {
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	sr new --game word --players Ann,Bob --option dict=tiny \
	    --option coach=off >/dev/null &&
	sr help >piped &&
	TTY_WIDTH=$1 TTY_CMD=help tty_start && tty_wait "for all." &&
	tty_words piped "$1" && tty_stop &&
	expect_exit 1 sr words Ann cats && cp err piped &&
	TTY_WIDTH=$1 TTY_CMD="words Ann cats" tty_start &&
	tty_wait "letters)" && tty_words piped "$1" && tty_stop &&
	echo help | sr play >piped &&
	TTY_WIDTH=$1 tty_start && tty_wait "letters)" && tty_idle &&
	tty_type "help" && tty_wait "for one." && tty_idle &&
	tty_words piped "$1" "/^shake-a-word, game 1/,/for one\\./p" &&
	tty_type "words Ann cats" && tty_twice "letters)" && tty_idle &&
	expect_exit 1 sr words Ann cats && cp err piped &&
	tty_words piped "$1" "/^shakeref: words:/,/letters)/p" && tty_stop &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr watch >piped &&
	TTY_WIDTH=$1 TTY_CMD=watch tty_start && tty_wait "NAME W...)" &&
	tty_words piped "$1" "/^Round 1\./,\$p"
}

# solve's lists of words in a pane 40 columns wide: within the width,
# the words as through a pipe (where lines run to 78 columns), each
# list going on under itself (3 columns in), not broken a second time.
tty_fit_solve() {
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	printf "%s\n" "grid CATS ORED DOGS QUITE" "words Ann cats" \
	    "words Bob dogs" score | sr play >/dev/null &&
	sr solve >piped &&
	TTY_WIDTH=40 TTY_CMD=solve tty_start && tty_wait "Bob missed" &&
	tty_words piped 40 &&
	grep -q "^   [a-z]" screen && ! grep -qE "^  [a-z]+(,|$)" screen
}

# The prompt follows the width: a pane narrowed to 40 columns while play
# waits redraws the line being typed after the short prompt.
tty_prompt_resize() {
	sr new --game shake-up --players Ann,Bob >/dev/null &&
	TTY_WIDTH=100 tty_start && tty_wait "round 1, table (roll)>" &&
	tty_idle && tty_text "rol" && tty_wait "(roll)> rol" &&
	tmux -S "$PWD/tmux.sock" resize-window -x 40 &&
	tty_grep -qE "^(round 1, table)?> rol$" &&
	! grep -q "(roll)> rol$" screen
}

# Tab's list in columns that fit a pane $1 columns wide, the same words
# as in a pane 160 wide (the list at an empty prompt: every choice).
tty_tab_columns() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	for w in 160 "$1"; do
		TTY_WIDTH=$w tty_start && tty_wait "round 1, table" &&
		tty_idle && tty_keys Tab && tty_twice "round 1, table" &&
		tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 >screen &&
		sed "1,/^round 1, table/d; /^round 1, table/,\$d" screen \
		    >list.$w &&
		tr -s " " "\n" <list.$w | grep -v "^$" | sort >words.$w &&
		tty_stop || return 1
	done &&
	test "$(wc -l <words.160)" -gt 10 &&
	test "$(wc -l <list.$1)" -gt 1 &&
	awk -v w="$1" "length > w - 1 { bad = 1 } END { exit bad }" list.$1 &&
	awk "NR == 1 && NF < 2 { bad = 1 } END { exit bad }" list.$1 &&
	expect_same words.160 words.$1
}

# A first use that builds something (the two-player table for target
# 5000, a few seconds, as play starts: its coach) in a pane 40 columns
# wide: one bar line that fits, none left after; "help" typed ahead
# meanwhile is never inside the bar (no echo while it runs) and is
# play's first line.
tty_bar() {
	sr new --game ten-thousand --players Ann,Bob --option target=5000 \
	    >/dev/null &&
	TTY_WIDTH=40 tty_start && tty_grep -qE "\] +[0-9]+%" &&
	tty_type "help" &&
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 >during &&
	grep -E "\] +[0-9]+%" during >bars &&
	test "$(wc -l <bars)" -eq 1 &&
	awk "length > 39 { bad = 1 } END { exit bad }" bars &&
	! grep -q "help" bars &&
	tty_slow "Legal now:" &&
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 >screen &&
	! grep -qE "\] +[0-9]+%" screen && ! grep -q "solving.*help" screen &&
	grep -A1 "^round 1, Ann> help$" screen | grep -q "Legal now:" &&
	tty_end && test "$(cat exit)" -eq 0
}

# Wait (at most a minute: a build under sanitizers) for text $1.
tty_slow() {
	for t in 1 2 3 4 5 6; do
		if tty_grep -qF "$1" >/dev/null; then
			return 0
		fi
	done
	tty_grep -qF "$1"
}

# Ctrl-C (SIGINT) and SIGTERM during a bar: the terminal echoes again.
tty_bar_signal() {
	for sig in INT TERM; do
		rm -rf home/.cache &&
		sr new --game ten-thousand --players Ann,Bob \
		    --option target=5000 >/dev/null &&
		TTY_WIDTH=40 TTY_CMD=status tty_start &&
		tty_grep -qE "\] +[0-9]+%" &&
		pane=$(tmux -S "$PWD/tmux.sock" display -p "#{pane_pid}") &&
		pty=$(tmux -S "$PWD/tmux.sock" display -p "#{pane_tty}") &&
		stty -F "$pty" -a >quiet && grep -q -- "-echo " quiet &&
		pid=$(ps -o pid= --ppid "$pane") &&
		kill -s $sig $pid &&
		i=0 && while [ ! -s exit ] && [ $i -lt 100 ]; do
			sleep 0.1; i=$((i + 1)); done &&
		test -s exit &&
		stty -F "$pty" -a >after && grep -q " echo " after &&
		tty_stop || return 1
	done
}

# The prompt, the coach's line, fitting the width (issue 25).
if command -v tmux >/dev/null 2>&1; then
	test_expect_success 'on a terminal after abandon the prompt says so, no coach; status gives the coach once' '
		if tty_abandon; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	for w in 40 100; do
		test_expect_success "on a terminal $w columns wide help, a refusal, watch and play break lines at spaces only" '
			if tty_fit_words $w; then rc=0; else rc=1; fi &&
			{ tty_stop || :; } && test $rc -eq 0
		'
	done
	test_expect_success 'on a terminal 40 columns wide Tab lists the choices in columns that fit' '
		if tty_tab_columns 40; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal narrowed while play waits the prompt drops the verbs expected' '
		if tty_prompt_resize; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal 40 columns wide solve lists its words within the width' '
		if tty_fit_solve; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal 40 columns wide a first use building a table: one bar that fits; text typed meanwhile is the next line, never in the bar' '
		if tty_bar; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
	test_expect_success 'on a terminal Ctrl-C or SIGTERM during a bar gives the terminal its echo back' '
		if tty_bar_signal; then rc=0; else rc=1; fi &&
		{ tty_stop || :; } && test $rc -eq 0
	'
else
	for t in 1 2 3 4 5 6 7 8; do
		test_count=$((test_count + 1))
		echo "ok $test_count # SKIP tmux is not installed"
	done
fi
test_done
