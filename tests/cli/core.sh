#!/bin/sh
# tests/cli/core.sh: the commands common to every game, their output,
# --json shapes, global options and exit statuses.  Shake exercises the
# core (RULES.md SH-n named where a test checks a ruling).
. "$SRCDIR/tests/cli/lib.sh"

# A whole two-player Shake game: each round Ann rolls 10 and Bob 20, both
# take (SH-6), then both pass in the All Shake round (SH-8): Bob 200, Ann
# 100, Bob wins (SH-10).  32 entries.
two_player_game() {
	for r in 1 2 3 4 5 6 7 8 9 10; do
		echo "roll 10 20"
		echo take
		echo take
	done
	echo pass
	echo pass
}

# The ISO time SHAKEREF_NOW pins, computed without shakeref.
pinned_iso() {
	date -u -d "@$SHAKEREF_NOW" +%Y-%m-%dT%H:%M:%SZ
}

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

test_expect_success '--version, -h, --help and help exit 0 on stdout' '
	expect_exit 0 sr --version &&
	grep -Eq "^shakeref [0-9]+\.[0-9]+" out && test ! -s err &&
	expect_exit 0 sr -h && expect_out "usage: shakeref" &&
	test ! -s err &&
	expect_exit 0 sr --help && expect_out "usage: shakeref" &&
	expect_exit 0 sr help && expect_out "usage: shakeref" &&
	for c in new games use status standings history undo redo play \
	    rules help; do
		expect_exit 0 sr help $c && expect_out "usage: shakeref $c" ||
		    return 1
	done &&
	expect_exit 0 sr help roll && expect_out "usage: shakeref roll"
'

test_expect_success 'usage errors exit 2: no command, unknown command or option' '
	expect_exit 2 sr && expect_err "usage: shakeref" && test ! -s out &&
	expect_exit 2 sr frobnicate && one_err_line &&
	expect_err "unknown command '\''frobnicate'\''" &&
	expect_exit 2 sr --frobnicate && one_err_line &&
	expect_err "unknown option '\''--frobnicate'\''" &&
	expect_exit 2 sr help frobnicate && one_err_line &&
	expect_exit 2 sr help new games && one_err_line
'

test_expect_success 'command and verb names match exactly, no prefixes' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_exit 2 sr stat && expect_exit 2 sr STATUS &&
	expect_exit 2 sr Roll 10 20 && expect_exit 2 sr hist &&
	expect_exit 2 sr new --game Shake --players A,B &&
	expect_exit 2 sr new --game sha --players A,B &&
	sr games --all >out && test "$(grep -c shake out)" -eq 1
'

test_expect_success 'each command refuses stray arguments with exit 2' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr --json history >before.json &&
	for c in status history undo redo play; do
		expect_exit 2 sr $c extra && one_err_line &&
		expect_err "shakeref: $c: " || return 1
	done &&
	expect_exit 2 sr standings --bogus && one_err_line &&
	expect_exit 2 sr games --bogus && one_err_line &&
	expect_exit 2 sr use && expect_exit 2 sr use 1 2 &&
	expect_exit 2 sr use x && expect_exit 2 sr use 0 &&
	expect_exit 2 sr rules shake extra &&
	expect_exit 2 sr rules nope && one_err_line &&
	sr --json history >after.json && cmp before.json after.json
'

test_expect_success 'rules lists the games; rules shake shows the card' '
	expect_exit 0 sr rules && expect_out "shake" &&
	expect_out "stack-attack" &&
	expect_exit 0 sr rules shake && expect_out "SH-4" &&
	expect_out "shake-faces=1..5 (default 2)"
'

# SPEC.md Settled details: every game takes at most 16 players; the
# cards say the bounds new keeps (shake 2-6, shake-up and stack-attack
# 2-4, ten-thousand and shake-a-word 2-16).
test_expect_success 'each card names the player counts new accepts: 2 to 16 at most' '
	for g in "shake 2-6 6" "shake-up 2-4 4" "ten-thousand 2-16 16" \
	    "shake-a-word 2-16 16" "stack-attack 2-4 4"; do
		set -- $g &&
		sr rules $1 >out && head -n 1 out >first &&
		grep -q "($2 players" first &&
		players=$(seq -f "p%g" $3 | paste -sd, -) &&
		expect_exit 0 sr new --game $1 --players $players &&
		expect_exit 2 sr new --game $1 --players $players,extra &&
		one_err_line || return 1
	done
'

test_expect_success 'status with no game at all: exit 3, nothing on stdout' '
	empty_db &&
	for c in status history standings undo redo play "roll 10 20" take; do
		expect_exit 3 sr $c </dev/null && test ! -s out &&
		one_err_line && expect_err "no current game" || return 1
	done
'

test_expect_success 'games lists active games; --all adds finished ones' '
	empty_db &&
	expect_exit 0 sr games && expect_out "no active games" &&
	sr new --game shake --players Ann,Bob --title "Friday night" >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players Cid,Dee >/dev/null &&
	expect_exit 0 sr games && expect_out "Cid, Dee" &&
	! grep -q "Ann" out &&
	expect_exit 0 sr games --all && expect_out "Ann, Bob" &&
	expect_out "finished" && expect_out "Friday night" &&
	expect_out "Cid, Dee" && expect_out "active"
'

test_expect_success 'games --json: exactly the keys SPEC.md lists (game, uid, rules, title, current, state, players, created)' '
	sr new --game shake --players Ann,Bob --title Friday >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players Cid,Dee,Eve >/dev/null &&
	expect_exit 0 sr --json games &&
	json "keys == [\"games\"]" &&
	json ".games | length == 1" &&
	json ".games[0] | keys_unsorted == [\"game\",\"uid\",\"rules\",\"title\",\"current\",\"state\",\"players\",\"created\"]" &&
	json ".games[0].title == null and .games[0].current == true" &&
	json ".games[0].game == 2 and .games[0].rules == \"shake\"" &&
	json ".games[0].state == \"active\"" &&
	json ".games[0].players == [\"Cid\",\"Dee\",\"Eve\"]" &&
	json ".games[0].created == \"$(pinned_iso)\"" &&
	expect_exit 0 sr --json games --all &&
	json "[.games[].game] == [1, 2]" &&
	json "[.games[].state] == [\"finished\", \"active\"]" &&
	json "[.games[].title] == [\"Friday\", null]" &&
	json "[.games[].current] == [false, true]" &&
	sr use 1 >/dev/null && sr --json games --all >out &&
	json "[.games[].current] == [true, false]"
'

test_expect_success 'games --all: a header, the state column padded to one width' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players Cid,Dee >/dev/null && sr abandon >/dev/null &&
	sr new --game shake --players Eve,Fay --title Friday >/dev/null &&
	sr games --all >out &&
	test "$(head -n 1 out)" = "  game  rules         players   state      created           title" &&
	test "$(wc -l <out)" -eq 4 &&
	# each state padded to 9 ("abandoned"): the dates start in one column
	awk -v d="$(date -u -d "@$SHAKEREF_NOW" "+%Y-%m-%d %H:%M")" "NR > 1 { print index(\$0, d) }" out | sort -u >cols &&
	test "$(wc -l <cols)" -eq 1 &&
	test "$(cat cols)" -eq "$(head -n 1 out | awk "{ print index(\$0, \"created\") }")"
'

test_expect_success 'status --json: exactly the general and the shake keys' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	expect_exit 0 sr --json status &&
	json "keys == [\"advice\",\"expect\",\"game\",\"options\",\"players\",\"round\",\"rules\",\"shake_total\",\"shaker\",\"state\",\"turn\"]" &&
	json ".players[] | keys == [\"name\",\"score\"]" &&
	json ".game == 1 and .rules == \"shake\" and .state == \"active\"" &&
	json ".round == 1 and .turn == null and .expect == [\"roll\"]" &&
	json ".options == {\"shake-faces\": \"2\", \"coach\": \"on\"}" &&
	json "[.players[].name] == [\"Ann\",\"Bob\",\"Cid\"]" &&
	json ".shaker == null and .shake_total == 0"
'

test_expect_success 'status --json follows the game: turn, expect, shaker (SH-6, SH-7)' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 10 20 30 >/dev/null &&
	sr --json status >out &&
	json ".turn == \"Cid\" and .expect == [\"take\",\"shake\"]" &&
	sr shake >/dev/null &&
	sr --json status >out &&
	json ".turn == \"Cid\" and .expect == [\"roll\"] and .shaker == \"Cid\"" &&
	json "[.players[].score] == [10, 20, 0]" &&
	sr roll 10 10 10 0 0 0 >/dev/null &&
	sr --json status >out &&
	json ".expect == [\"roll\",\"bank\"] and .shake_total == 30" &&
	sr bank >/dev/null &&
	sr --json status >out &&
	json ".round == 2 and .turn == null and .shaker == null" &&
	json "[.players[].score] == [10, 20, 30]"
'

test_expect_success 'new --json prints the status object of the new game' '
	expect_exit 0 sr new --json --game shake --players Ann,Bob \
	    --option shake-faces=3 &&
	json "keys == [\"advice\",\"expect\",\"game\",\"options\",\"players\",\"round\",\"rules\",\"shake_total\",\"shaker\",\"state\",\"turn\"]" &&
	json ".options == {\"shake-faces\": \"3\", \"coach\": \"on\"} and .round == 1" &&
	sr --json status >status.json && cmp out status.json
'

test_expect_success 'status in words: scores, the pad, what comes next' '
	sr new --game shake --players Ann,Bob --title Friday >/dev/null &&
	sr roll 10 20 >/dev/null &&
	expect_exit 0 sr status &&
	expect_out "game 1: shake for Ann, Bob (Friday)" &&
	expect_out "scores: Ann 0, Bob 0" &&
	expect_out "Round 1. Bob rolled 20 and chooses: take 20 or shake"
'

test_expect_success 'standings --json: keys, rank order, winners (SH-10)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	expect_exit 0 sr --json standings &&
	json "keys == [\"game\",\"players\",\"rules\",\"state\",\"winners\"]" &&
	json ".state == \"active\" and .winners == []" &&
	two_player_game | sed 1d | sr play >/dev/null &&
	expect_exit 0 sr --json standings &&
	json ".players[] | keys == [\"name\",\"rank\",\"score\"]" &&
	json ".state == \"finished\" and .winners == [\"Bob\"]" &&
	json ".players == [{\"name\":\"Bob\",\"score\":200,\"rank\":1},{\"name\":\"Ann\",\"score\":100,\"rank\":2}]" &&
	expect_exit 0 sr standings && expect_out "Bob" && expect_out "winner"
'

test_expect_success 'standings: equal scores share a rank (1, 1, 3), in seat order' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 30 50 50 >/dev/null &&
	sr --json standings >out &&
	json "[.players[] | [.name, .rank]] == [[\"Bob\",1],[\"Cid\",1],[\"Ann\",3]]"
'

test_expect_success 'standings --all-time: keys, finished games only, shared wins count for each (SH-10)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players bob,Cid,Dee >/dev/null &&
	sr roll 20 20 10 >/dev/null &&
	expect_exit 0 sr --json standings --all-time &&
	json "keys == [\"players\",\"since\",\"until\"]" &&
	json ".since == null and .until == null" &&
	json ".players[] | keys == [\"by_rules\",\"name\",\"played\",\"won\"]" &&
	json ".players[].by_rules[] | keys == [\"decision_rating\",\"decisions\",\"error\",\"played\",\"rating\",\"won\"]" &&
	json ".players[].by_rules[].rating | keys == [\"mu\",\"ordinal\",\"sigma\"]" &&
	json "[.players[].name] == [\"Bob\",\"Ann\"]" &&
	json ".players[0].played == 1 and .players[0].won == 1" &&
	json ".players[1].by_rules.shake | .played == 1 and .won == 0" &&
	expect_exit 0 sr standings --all-time && expect_out "Bob" &&
	! grep -q Cid out
'

test_expect_success 'standings --all-time: names match across games whatever their case' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players ANN,bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr --json standings --all-time >out &&
	json ".players | length == 2" &&
	json ".players[] | select(.name | ascii_downcase == \"bob\") | .played == 2 and .won == 2" &&
	json ".players[] | select(.name | ascii_downcase == \"ann\") | .by_rules.shake | .played == 2 and .won == 0"
'

test_expect_success 'a shared win counts for each winner in --all-time (SH-10)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	for r in 1 2 3 4 5 6 7 8 9 10; do
		sr roll 10 20 >/dev/null && sr take >/dev/null &&
		sr take >/dev/null || return 1
	done &&
	sr --json status >out && json ".expect == [\"roll\",\"pass\"]" &&
	json ".turn == \"Bob\"" &&
	sr pass >/dev/null && sr roll 10 10 10 10 10 0 >/dev/null &&
	sr roll 10 10 10 10 10 0 >/dev/null &&
	expect_exit 0 sr bank && expect_out "share the win with 200" &&
	sr --json standings >out &&
	json ".winners == [\"Ann\",\"Bob\"] and ([.players[].rank] == [1,1])" &&
	sr --json standings --all-time >out &&
	json "[.players[].won] == [1,1]"
'

test_expect_success 'history --json: keys, args as typed, player, at (pinned)' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 1 20 030 >/dev/null && sr take >/dev/null &&
	expect_exit 0 sr --json history &&
	json "keys == [\"entries\",\"game\"]" &&
	json ".entries[] | keys == [\"args\",\"at\",\"n\",\"player\",\"undone\",\"verb\"]" &&
	json ".game == 1 and ([.entries[].n] == [1,2])" &&
	json ".entries[0].args == [\"1\",\"20\",\"030\"] and .entries[0].player == null" &&
	json ".entries[1].player == \"Cid\" and .entries[1].verb == \"take\" and .entries[1].args == []" &&
	json "[.entries[].undone] == [false,false]" &&
	json "[.entries[].at] == [\"$(pinned_iso)\",\"$(pinned_iso)\"]"
'

test_expect_success 'history --json: times through a day and across midnight, quotes and UTF-8 as typed; the same from a replay' '
	sr new --game shake --players "Ann \"A\"",Zoë >/dev/null &&
	# seconds since the epoch, each worked out into UTC by date(1)
	for t in 1795046399 1795046400 1795046401 1795046459 1795049999 \
	    1795132799 1795219200 1795000000; do
		SHAKEREF_NOW=$t sr note "at $t" >/dev/null || return 1
	done &&
	q="a \"quoted\" \\\\ word" &&
	SHAKEREF_NOW=1795000001 sr note "$q" >/dev/null &&
	SHAKEREF_NOW=1795000002 sr note "Zoë é" >/dev/null &&
	SHAKEREF_NOW=1795000003 sr roll 10 20 >/dev/null &&
	SHAKEREF_NOW=1795000004 sr take >/dev/null &&
	SHAKEREF_NOW=1795000005 sr undo >/dev/null &&
	for t in 1795046399 1795046400 1795046401 1795046459 1795049999 \
	    1795132799 1795219200 1795000000 1795000001 1795000002 \
	    1795000003 1795000004 1795000005; do
		date -u -d "@$t" +%Y-%m-%dT%H:%M:%SZ || return 1
	done >want &&
	sr --json history >a.json && jq -r ".entries[].at" a.json >got &&
	cmp want got &&
	test "$(jq -r ".entries[8].args[0]" a.json)" = "$q" &&
	grep -Fq "\"args\":[\"a \\\"quoted\\\" \\\\\\\\ word\"]" a.json &&
	jq -e ".entries[9].args == [\"Zoë é\"]" a.json &&
	jq -e "[.entries[10,11] | .player] == [null, \"Zoë\"]" a.json &&
	jq -e "[.entries[].undone] == [range(11) | false] + [true, false]" a.json &&
	jq -e "[.entries[].n] == [range(1; 14)]" a.json &&
	jq -c . a.json | cmp - a.json &&
	db_sql "DELETE FROM entry_notes" &&
	sr --json history | cmp - a.json
'

test_expect_success 'history in words: numbered entries round by round' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr take >/dev/null && sr roll 3 2 >/dev/null &&
	expect_exit 0 sr history &&
	expect_out "Round 1" && expect_out "Round 2" &&
	grep -Eq "^ +2 +Bob +take" out &&
	grep -Eq "^ +4 +roll 3 2" out
'

test_expect_success 'use makes a game current; -g acts on another one' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr new --game shake --players Cid,Dee >/dev/null &&
	expect_exit 0 sr -g 1 roll 10 20 && expect_out "Bob has the highest" &&
	sr --json status >out && json ".game == 2 and .round == 1" &&
	json "[.players[].score] == [0,0]" &&
	expect_exit 0 sr use 1 && expect_out "game 1 is current" &&
	sr --json status >out && json ".game == 1 and .turn == \"Bob\"" &&
	sr games >out && grep -Eq "^\* +1 " out
'

test_expect_success 'global options before or after the command, with = or apart' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr new --game shake --players Cid,Dee >/dev/null &&
	sr --json -g 1 status >a && sr status --json -g 1 >b &&
	sr status --id=1 --json >c && sr --id 1 status --json >d &&
	cmp a b && cmp a c && cmp a d &&
	jq -e ".game == 1" a &&
	expect_exit 0 sr roll 10 -g 1 20 && expect_out "Bob has the highest" &&
	sr -g 1 --json status >out && json ".turn == \"Bob\"" &&
	mkdir sub && expect_exit 3 sr status --db sub/x.db &&
	test ! -e sub/x.db &&
	sr new --db=sub/y.db --game shake --players A,B >/dev/null &&
	test -f sub/y.db && sr -d sub/y.db games >out && grep -q "A, B" out &&
	sr games >out && ! grep -q "A, B" out
'

test_expect_success '-- ends the options' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_exit 0 sr -- status && expect_out "game 1" &&
	expect_exit 2 sr status -- --json && one_err_line &&
	expect_err "unexpected argument '\''--json'\''" &&
	expect_exit 2 sr -- --json status && one_err_line &&
	expect_exit 0 sr -g 1 -- history
'

test_expect_success '-g and -d need a value; -g takes a game ID' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_exit 2 sr -d && expect_exit 2 sr status -d &&
	for g in "-g" "status -g" "status --id" "--id= status"; do
		expect_exit 2 sr $g && one_err_line &&
		expect_err "shakeref: -g needs an ID" || return 1
	done &&
	expect_exit 2 sr -d && one_err_line &&
	expect_err "shakeref: -d needs a PATH" &&
	expect_exit 2 sr -g x status && one_err_line &&
	expect_exit 2 sr -g 0 status && expect_exit 2 sr -g -1 status &&
	expect_exit 2 sr -g 1x status && expect_exit 2 sr status -g &&
	expect_exit 3 sr -g 99 status && one_err_line &&
	expect_err "no game 99" && test ! -s out &&
	expect_exit 3 sr use 99 && expect_exit 3 sr -g 99 history &&
	expect_exit 3 sr -g 99 standings && expect_exit 3 sr -g 99 undo
'

test_expect_success 'checks run usage (2) > data (3) > rules (1)' '
	expect_exit 2 sr roll x && expect_err "'\''x'\'' is not a number" &&
	expect_exit 2 sr take now &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_exit 2 sr -g 99 roll x && expect_exit 2 sr -g 99 bank 10 &&
	expect_exit 3 sr -g 99 roll 10 20 &&
	expect_exit 3 sr -g 99 place 3 &&
	expect_exit 2 sr roll Ann=10 20 &&
	expect_exit 3 sr roll Ann=10 Zed=20 &&
	expect_err "'\''Zed'\'' is not a player of this game" &&
	expect_exit 3 sr roll Zed=10 &&
	expect_exit 1 sr roll 10 &&
	expect_exit 1 sr place 3 && expect_err "shake has no '\''place'\''" &&
	two_player_game | sr play >/dev/null &&
	expect_exit 3 sr roll 10 20 30 && expect_err "the game is over" &&
	expect_exit 3 sr place 3 && expect_exit 3 sr take &&
	expect_exit 2 sr take 3 && expect_exit 2 sr keep
'

test_expect_success 'NAME=V rolls match names case-insensitively, in any order (SH-4)' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	expect_exit 0 sr roll cid=60 ANN=10 bOb=20 &&
	expect_out "Cid has the highest die (60)" &&
	sr --json history >out &&
	json ".entries[0].args == [\"cid=60\",\"ANN=10\",\"bOb=20\"]" &&
	expect_exit 0 sr take && expect_out "Cid takes 60"
'

test_expect_success 'a verb of another game is refused with exit 1' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr --json history >before.json &&
	for v in "keep 1" stand "move 1" again "penalize Ann 2" continue \
	    fresh "grid ABC DEF GHI" "words Ann cat" "challenge Ann cat" \
	    "vote Ann cat accept" score finish "place 1" fall timer; do
		expect_exit 1 sr $v && one_err_line &&
		expect_err "shake has no '\''${v%% *}'\''" || return 1
	done &&
	sr --json history >after.json && cmp before.json after.json
'

test_expect_success 'verbs with the wrong arguments exit 2' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr --json history >before.json &&
	for v in "take 1" "shake x" "bank 1" "pass 0" "stand 1" "again 1" \
	    "continue 1" "fresh 1" "score 1" "finish 1" "move" "move 1 2" \
	    "penalize Ann" "challenge Ann" "vote Ann cat" "vote Ann cat maybe" \
	    roll keep place grid order words "roll -1 20" "roll 1.5 20" \
	    "timer soon" "undo 1" "redo 1"; do
		expect_exit 2 sr $v && one_err_line || return 1
	done &&
	sr --json history >after.json && cmp before.json after.json
'
test_expect_success 'shakeref does not link Hunspell: loaded only when a word is checked' '
	if command -v ldd >/dev/null 2>&1; then
		ldd "$SHAKEREF" >out && ! grep -q -i hunspell out
	fi
'

test_expect_success 'history: a gap of two spaces at least between the entry and what it did' '
	sr new --game word --players Ann,Bob >/dev/null &&
	sr grid ABCD EFGH IJKL MNOP >/dev/null &&
	sr words Ann fab fib glib jinx >/dev/null &&
	sr words Bob mink >/dev/null &&
	sr history >out &&
	# 24 characters, then more: each still two spaces from the note
	grep -q "grid ABCD EFGH IJKL MNOP  round 1: " out &&
	grep -q "words Ann fab fib glib jinx  Ann wrote " out &&
	grep -q "words Bob mink  *Bob wrote " out
'

test_expect_success 'history: columns worked out by hand (names of 10 and 11, commands of 23 to 25, undone, UTF-8), from the notes and from a replay alike' '
	sr new --game shake --players Abcdefghij,Bcdefghijkl,Zoë >/dev/null &&
	sr note abcdefghijklmnopqr >/dev/null &&
	sr note abcdefghijklmnopqrs >/dev/null &&
	sr note abcdefghijklmnopqrst >/dev/null &&
	sr roll 30 20 10 >/dev/null && sr take >/dev/null &&
	sr take >/dev/null && sr undo >/dev/null &&
	sr note "Zoë é" >/dev/null &&
	# printf pads by bytes: the lines with Zoë in them are written out
	{
		echo "game 1: shake for Abcdefghij, Bcdefghijkl, Zoë" &&
		sr history | sed -n 2p &&
		printf "%5d  %-10s %-24s %s\n" \
		    1 "" "note abcdefghijklmnopqr" "note: abcdefghijklmnopqr" \
		    2 "" "note abcdefghijklmnopqrs" " note: abcdefghijklmnopqrs" \
		    3 "" "note abcdefghijklmnopqrst" " note: abcdefghijklmnopqrst" \
		    4 "" "roll 30 20 10" \
		    "Abcdefghij has the highest die (30) and chooses" \
		    5 Abcdefghij take "Abcdefghij takes 30; Bcdefghijkl chooses" &&
		printf "%5d  %-10s %-24s (undone) %s\n" 6 Bcdefghijkl take \
		    "Bcdefghijkl takes 20; Zoë chooses" &&
		printf "%5d  %-10s %-24s %s\n" 7 "" "undo 6" \
		    "undid entry 6 (Bcdefghijkl: take)" &&
		echo "    8             note Zoë é               note: Zoë é" &&
		echo "scores: Abcdefghij 30, Bcdefghijkl 0, Zoë 0"
	} >expect &&
	sr history >out && cmp expect out &&
	sed -n 2p out | grep -Eq "^Round 1  [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}\$" &&
	db_sql "DELETE FROM entry_notes" &&
	sr history >out && cmp expect out &&
	sr history 2 >out && sed -n "1,2p;9,\$p" expect | cmp - out
'

test_done
