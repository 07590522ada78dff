#!/bin/sh
# tests/cli/tidy.sh: abandon, rename, title and note (entries like every
# other: undo and redo apply, history shows them, standings --all-time
# follows them), games --all / --json, and the schema 3 migration (uids).
. "$SRCDIR/tests/cli/lib.sh"

# two_player_game (lib.sh): the second player wins 200 to 100 (SH-10).

# The game's entries as "verb args..." lines, from history --json.
entry_lines() {
	sr --json history | jq -r '.entries[] | ([.verb] + .args) | join(" ")'
}

# [name, played, won] of standings --all-time, in its order.
all_time() {
	sr --json standings --all-time |
	    jq -c '[.players[] | [.name, .played, .won]] | sort_by(.[0])'
}

test_expect_success 'abandon: an entry; the game is over with no winner' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 40 40 60 >/dev/null &&
	expect_exit 0 sr abandon &&
	expect_out "abandoned" &&
	expect_exit 0 sr --json status &&
	json ".state == \"abandoned\" and .expect == [] and .turn == null" &&
	expect_exit 0 sr --json standings &&
	json ".state == \"abandoned\" and .winners == []" &&
	sr --json history >out &&
	json ".entries[1] | .verb == \"abandon\" and .args == [] and .player == null" &&
	expect_refused 3 "the game is over" sr take &&
	expect_refused 3 "the game is over" sr abandon
'

test_expect_success 'abandon: undo makes the game active again, redo abandons it again' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	sr abandon >/dev/null &&
	expect_exit 0 sr undo && expect_out "undid entry 2 (abandon)" &&
	sr --json status >out &&
	json ".state == \"active\" and .expect == [\"take\", \"shake\"]" &&
	expect_exit 0 sr redo &&
	sr --json status >out && json ".state == \"abandoned\"" &&
	test "$(entry_lines | tr "\n" "|")" = "roll 10 20|abandon|undo 2|redo 2|"
'

test_expect_success 'abandon refusals record nothing: arguments (2), no game (3), finished (3)' '
	expect_exit 3 sr abandon && one_err_line && expect_err "no database" &&
	test ! -e test.db &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_refused 2 "takes no arguments" sr abandon now &&
	two_player_game | sr play >/dev/null &&
	expect_refused 3 "the game is over" sr abandon
'

test_expect_success 'an abandoned game counts nowhere in standings --all-time' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	test "$(all_time)" = "[[\"Ann\",1,0],[\"Bob\",1,1]]" &&
	sr undo >/dev/null &&
	expect_exit 0 sr --json standings --all-time && json ".players == []" &&
	sr abandon >/dev/null &&
	expect_exit 0 sr --json standings --all-time && json ".players == []" &&
	sr new --game shake --players Bob,Cid >/dev/null &&
	two_player_game | sr play >/dev/null &&
	test "$(all_time)" = "[[\"Bob\",1,0],[\"Cid\",1,1]]" &&
	sr -g 1 undo >/dev/null &&
	test "$(all_time)" = "[[\"Bob\",1,0],[\"Cid\",1,1]]" &&
	sr -g 1 pass >/dev/null &&
	test "$(all_time)" = "[[\"Ann\",1,0],[\"Bob\",2,1],[\"Cid\",1,1]]" &&
	sr -g 1 undo >/dev/null &&
	test "$(all_time)" = "[[\"Bob\",1,0],[\"Cid\",1,1]]"
'

test_expect_success 'games: abandoned games with --all only, the title and the current game in words; --json the uid' '
	sr new --game shake --players Ann,Bob --title "Friday night" >/dev/null &&
	sr abandon >/dev/null &&
	sr new --game stack-attack --players Cid,Dan >/dev/null &&
	expect_exit 0 sr games &&
	expect_out "stack-attack" && ! grep -q "Ann" out &&
	expect_exit 0 sr games --all &&
	grep "Ann, Bob" out | grep -q "abandoned" &&
	grep "Ann, Bob" out | grep -q "Friday night" &&
	grep "Cid, Dan" out | grep -q "^\*" &&
	! grep "Ann, Bob" out | grep -q "^\*" &&
	expect_exit 0 sr --json games --all &&
	json "[.games[].game] == [1, 2]" &&
	json ".games[0].state == \"abandoned\" and .games[1].state == \"active\"" &&
	json "[.games[] | keys] | unique == [[\"created\",\"current\",\"game\",\"players\",\"rules\",\"state\",\"title\",\"uid\"]]" &&
	json "[.games[] | [.title, .current]] == [[\"Friday night\", false], [null, true]]" &&
	json "[.games[].uid | test(\"^[0-9a-f]{32}$\")] == [true, true]" &&
	json ".games[0].uid != .games[1].uid" &&
	expect_exit 0 sr --json games && json "[.games[].game] == [2]"
'

test_expect_success 'rename: an entry; the new name is the player in every command after it' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_exit 0 sr rename Ann Annie &&
	expect_out "Ann is now called Annie" &&
	sr --json status >out &&
	json "[.players[].name] == [\"Annie\", \"Bob\"]" &&
	expect_refused 3 "'\''Ann'\'' is not a player" sr roll Ann=10 Bob=20 &&
	expect_exit 0 sr roll annie=10 Bob=20 &&
	sr --json history >out &&
	json ".entries[0] | .verb == \"rename\" and .args == [\"Ann\", \"Annie\"] and .player == null" &&
	sr history >out && expect_out "Ann is now called Annie" &&
	expect_exit 0 sr games && expect_out "Annie, Bob"
'

test_expect_success 'rename: undo brings the old name back; redo the new one' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr rename Bob Robert >/dev/null &&
	sr undo >/dev/null &&
	sr --json status >out && json "[.players[].name] == [\"Ann\", \"Bob\"]" &&
	sr games >out && expect_out "Ann, Bob" &&
	sr redo >/dev/null &&
	sr --json status >out && json "[.players[].name] == [\"Ann\", \"Robert\"]" &&
	sr roll Ann=10 Robert=20 >/dev/null &&
	sr take >/dev/null &&
	sr --json history >out &&
	json ".entries[-1] | .verb == \"take\" and .player == \"Robert\""
'

test_expect_success 'undo and redo across a rename: the entries before it replay under the old name' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll Ann=10 Bob=20 >/dev/null &&
	sr rename Ann Annie >/dev/null &&
	sr take >/dev/null && sr take >/dev/null &&
	sr roll Annie=20 Bob=10 >/dev/null &&
	sr undo >/dev/null && sr undo >/dev/null && sr undo >/dev/null &&
	sr --json status >out &&
	json "[.players[].name] == [\"Annie\", \"Bob\"] and .expect == [\"take\", \"shake\"]" &&
	sr undo >/dev/null &&
	sr --json status >out && json "[.players[].name] == [\"Ann\", \"Bob\"]" &&
	sr redo >/dev/null &&
	sr --json status >out && json "[.players[].name] == [\"Annie\", \"Bob\"]" &&
	sr take >/dev/null &&
	sr --json history >out &&
	json "[.entries[] | [.verb, .player, .undone]] == [[\"roll\", null, false], [\"rename\", null, false], [\"take\", \"Bob\", true], [\"take\", \"Annie\", true], [\"roll\", null, true], [\"undo\", null, false], [\"undo\", null, false], [\"undo\", null, false], [\"undo\", null, false], [\"redo\", null, false], [\"take\", \"Bob\", false]]" &&
	sr export >g.json && sr -d b.db import g.json >/dev/null &&
	sr --json status >a.json && sr -d b.db -g 1 --json status >b.json &&
	cmp a.json b.json
'

test_expect_success 'rename refusals record nothing: arguments and names (2), not a player (3), same name (1)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_refused 2 "expected OLD NEW" sr rename Ann &&
	expect_refused 2 "expected OLD NEW" sr rename Ann B C &&
	expect_refused 2 "must not be all digits" sr rename Ann 123 &&
	expect_refused 2 "must not contain" sr rename Ann "A,B" &&
	expect_refused 2 "must not contain" sr rename Ann "A=B" &&
	expect_refused 2 "1 to 32 characters" sr rename Ann \
	    "abcdefghijklmnopqrstuvwxyzabcdefg" &&
	expect_refused 2 "already a player" sr rename Ann bob &&
	expect_refused 3 "'\''Cid'\'' is not a player" sr rename Cid Dan &&
	expect_refused 1 "already called" sr rename Ann " Ann " &&
	expect_exit 0 sr rename Ann ann &&
	sr --json status >out && json ".players[0].name == \"ann\""
'

test_expect_success 'rename in a finished game: standings --all-time counts the new name' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	expect_exit 0 sr rename Bob Robert &&
	test "$(all_time)" = "[[\"Ann\",1,0],[\"Robert\",1,1]]" &&
	sr --json standings >out && json ".winners == [\"Robert\"]" &&
	sr new --game shake --players Bob,Cid >/dev/null &&
	two_player_game | sr play >/dev/null &&
	test "$(all_time)" = "[[\"Ann\",1,0],[\"Bob\",1,0],[\"Cid\",1,1],[\"Robert\",1,1]]" &&
	sr -g 1 undo >/dev/null &&
	test "$(all_time)" = "[[\"Ann\",1,0],[\"Bob\",2,1],[\"Cid\",1,1]]"
'

test_expect_success 'title: set, shown, cleared; undo brings the one before back' '
	sr new --game shake --players Ann,Bob --title "Friday" >/dev/null &&
	expect_exit 0 sr title Friday at Cid &&
	expect_out "the title is now '\''Friday at Cid'\''" &&
	sr status >out && expect_out "(Friday at Cid)" &&
	sr games >out && expect_out "  Friday at Cid" &&
	expect_exit 0 sr title && expect_out "the title is cleared" &&
	sr games >out && ! grep -q Friday out &&
	sr undo >/dev/null && sr undo >/dev/null &&
	sr games >out && grep -q "  Friday$" out &&
	sr --json history >out &&
	json "[.entries[] | [.verb, .args]] == [[\"title\", [\"Friday\", \"at\", \"Cid\"]], [\"title\", []], [\"undo\", [\"2\"]], [\"undo\", [\"1\"]]]"
'

test_expect_success 'title and note: at most 200 characters (characters, not bytes)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	t200=$(printf "%0200d" 0 | tr 0 "\351" | iconv -f latin1 -t utf-8) &&
	test "$(printf %s "$t200" | wc -c)" -eq 400 &&
	expect_exit 0 sr title "$t200" &&
	expect_exit 0 sr note "$t200" &&
	expect_refused 2 "at most 200" sr title "${t200}x" &&
	expect_refused 2 "at most 200" sr note "$t200" x
'

test_expect_success 'title refusals record nothing: nothing to clear (1), the same title (1)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_refused 1 "no title to clear" sr title &&
	expect_refused 1 "no title to clear" sr title "  " &&
	sr title Finals >/dev/null &&
	expect_refused 1 "already" sr title Finals
'

test_expect_success 'note: a remark in the history, no effect on play; undo takes it back' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	sr --json status >before.json &&
	expect_exit 0 sr note new dice, played at Cid &&
	expect_out "note: new dice, played at Cid" &&
	sr --json status >after.json && cmp before.json after.json &&
	sr history >out && expect_out "note: new dice, played at Cid" &&
	expect_exit 0 sr undo && expect_out "undid entry 2 (note new dice," &&
	sr take >/dev/null &&
	sr --json history >out &&
	json "[.entries[] | [.verb, .undone]] == [[\"roll\", false], [\"note\", true], [\"undo\", false], [\"take\", false]]" &&
	expect_refused 2 "expected the TEXT" sr note &&
	expect_refused 2 "expected the TEXT" sr note " "
'

test_expect_success 'rename, title and note work on a finished or abandoned game' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	expect_exit 0 sr note a fine game &&
	expect_exit 0 sr title League round 1 &&
	sr --json status >out && json ".state == \"finished\"" &&
	sr new --game shake --players Cid,Dan >/dev/null &&
	sr abandon >/dev/null &&
	expect_exit 0 sr rename Dan Daniel &&
	expect_exit 0 sr note rain stopped play &&
	sr --json status >out &&
	json ".state == \"abandoned\" and .players[1].name == \"Daniel\""
'

test_expect_success 'check: an abandoned, renamed, retitled game is sound; a stored name or state out of step is repaired' '
	sr new --game shake --players Ann,Bob --title Cup >/dev/null &&
	sr rename Ann Annie >/dev/null && sr title Final >/dev/null &&
	sr abandon >/dev/null &&
	expect_exit 0 sr check &&
	db_sql "UPDATE seats SET name = '"'"'Zed'"'"' WHERE seat = 0;
	    UPDATE games SET finished = 0, title = NULL" &&
	expect_exit 3 sr --json check &&
	json ".problems | length == 3" &&
	expect_exit 0 sr check --repair &&
	expect_exit 0 sr check &&
	sr --json games --all >out &&
	json ".games[0] | .players == [\"Annie\", \"Bob\"] and .state == \"abandoned\"" &&
	sr games --all >out && grep -q "Annie, Bob .*  Final$" out
'

test_expect_success 'help abandon, rename, title and note' '
	for c in abandon rename title note; do
		expect_exit 0 sr help $c && expect_out "usage: shakeref $c" ||
		    return 1
	done
'

test_expect_success 'in play, help abandon, rename, title and note is the command'\''s, as help in the shell' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	for c in abandon rename title note; do
		sr help $c | sed -n "s/^usage: shakeref //p" >want &&
		printf "help %s\n" $c | expect_exit 0 sr play &&
		grep -F -q "$(cat want):" out || return 1
	done
'

# The v2 trigger migration 2 -> 3 replaces.
v2_trigger="CREATE TRIGGER tallies_finished AFTER UPDATE OF finished ON games
 WHEN old.finished != new.finished BEGIN
 INSERT INTO tallies(player_id, rules, played, won)
 SELECT s.player_id, new.rules, new.finished - old.finished,
 (new.finished - old.finished) * s.won FROM seats s
 WHERE s.game_id = new.id
 ON CONFLICT(player_id, rules) DO UPDATE SET
 played = played + excluded.played, won = won + excluded.won; END;"

test_expect_success SQLITE 'a schema 2 database is migrated: every game gets its own uid, nothing else changes' '
	sr new --game shake --players Ann,Bob --title "Cup" >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players Bob,Cid >/dev/null &&
	sr roll 10 20 >/dev/null &&
	sr --json standings --all-time >all.before &&
	sr --json -g 1 history >h1.before && sr --json -g 2 status >s2.before &&
	sqlite3 test.db "DROP TRIGGER tallies_player; DROP INDEX games_uid;
	    ALTER TABLE games DROP COLUMN uid; ALTER TABLE games DROP COLUMN title0;
	    ALTER TABLE seats DROP COLUMN name0; DROP TRIGGER tallies_finished;
	    DROP TABLE snapshots; DROP TRIGGER entries_no_replace;
	    DROP TABLE undo_heads;
	    DROP TABLE undo_states; DROP TABLE dice_tally; DROP TABLE entry_notes; $v2_trigger PRAGMA user_version = 2" &&
	expect_exit 0 sr --json games --all &&
	test "$(sqlite3 test.db "PRAGMA user_version")" -ge 5 &&
	json "[.games[].uid | test(\"^[0-9a-f]{32}$\")] == [true, true]" &&
	json ".games[0].uid != .games[1].uid" &&
	json ".games[0].players == [\"Ann\", \"Bob\"]" &&
	sr games --all >games.words && grep -q "Ann, Bob .*  Cup$" games.words &&
	sr --json standings --all-time >all.after && cmp all.before all.after &&
	sr --json -g 1 history >h1.after && cmp h1.before h1.after &&
	sr --json -g 2 status >s2.after && cmp s2.before s2.after &&
	sr -g 1 rename Bob Robert >/dev/null &&
	test "$(all_time)" = "[[\"Ann\",1,0],[\"Robert\",1,1]]" &&
	sr abandon >/dev/null &&
	sr --json games --all >out && json ".games[1].state == \"abandoned\""
'
test_done
