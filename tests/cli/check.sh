#!/bin/sh
# tests/cli/check.sh: check [--repair] (SPEC.md): every game replayed and
# its summaries (state, scores, wins, the all-time tallies) compared with
# what its entries give; --repair rebuilds them; exit 3 on a problem.
. "$SRCDIR/tests/cli/lib.sh"

# A finished game: the scenario shake-shared-win, whose standings were
# worked out by hand (Ann 100, Bob 100, Cid 220 and Dan 220 share the win,
# SH-10).
finished_game() {
	sr new --game shake --players Ann,Bob,Cid,Dan >/dev/null &&
	sr play <"$SRCDIR/tests/scenarios/shake-shared-win.play" >/dev/null
}

test_expect_success 'check: a sound database, exit 0, one line of count' '
	finished_game &&
	sr new --game ten-thousand --players Cid,Dee >/dev/null &&
	expect_exit 0 sr check &&
	expect_out "2 games checked: 0 problems" &&
	test ! -s err &&
	expect_exit 0 sr --json check &&
	json ".ok == true and .games == 2 and .problems == []"
'

test_expect_success 'check: a tampered seats.score is found (exit 3) and repaired' '
	finished_game &&
	sr --json status >out && json "[.players[].score] == [100, 100, 220, 220]" &&
	db_sql "UPDATE seats SET score = 999 WHERE seat = 1" &&
	expect_exit 3 sr check && one_err_line &&
	expect_out "game 1: Bob'"'"'s score is stored as 999, its entries give 100" &&
	expect_out "1 game checked: 1 problem" &&
	expect_exit 3 sr --json check &&
	json ".ok == false and .games == 1 and (.problems | length) == 1" &&
	json "keys == [\"games\", \"ok\", \"problems\"]" &&
	expect_exit 0 sr check --repair && test ! -s err &&
	expect_out "Bob'"'"'s score is stored as 999" &&
	expect_out "1 game checked: 1 problem, the derived data rebuilt from the entries" &&
	test "$(db_sql "SELECT score FROM seats WHERE seat = 1")" = 100 &&
	db_sql "UPDATE seats SET score = 999 WHERE seat = 1" &&
	expect_exit 0 sr --json check --repair &&
	json "keys == [\"games\", \"ok\", \"problems\", \"repaired\"] and .ok == true and .repaired == true and (.problems | length) == 1" &&
	expect_exit 0 sr --json check --repair &&
	json ". == {\"ok\": true, \"games\": 1, \"problems\": [], \"repaired\": false}" &&
	expect_exit 0 sr check && expect_out "0 problems"
'

test_expect_success 'check: a tampered win and game state are found and repaired, tallies with them' '
	finished_game &&
	db_sql "UPDATE seats SET won = 1 WHERE seat = 1;
	    UPDATE games SET finished = 0" &&
	expect_exit 3 sr check &&
	expect_out "game 1: stored as active, its entries give finished" &&
	expect_out "game 1: Bob is stored as a winner, its entries say not a winner" &&
	expect_exit 0 sr check --repair &&
	expect_exit 0 sr check &&
	sr --json standings --all-time >out &&
	json "[.players[] | select(.name == \"Cid\") | .won] == [1]" &&
	json "[.players[] | select(.name == \"Bob\") | .won] == [0]"
'

test_expect_success 'check: tallies out of step with the games are found and rebuilt' '
	finished_game &&
	db_sql "UPDATE tallies SET played = 7, won = 7" &&
	expect_exit 3 sr check &&
	expect_out "tally of '"'"'Ann'"'"' at shake: played 7, won 7; the games give played 1, won 0" &&
	expect_out "tally of '"'"'Cid'"'"' at shake: played 7, won 7; the games give played 1, won 1" &&
	expect_exit 0 sr check --repair &&
	expect_exit 0 sr check &&
	test "$(db_sql "SELECT played, won FROM tallies ORDER BY player_id" |
	    tr "\n" " ")" = "1|0 1|0 1|1 1|1 "
'

test_expect_success 'check: a game whose entries no longer replay is a problem --repair cannot mend' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 60 10 >/dev/null &&
	db_unguarded "UPDATE entries SET args = '"'"'[\"7\",\"10\"]'"'"' WHERE n = 1" &&
	expect_exit 3 sr check &&
	expect_out "game 1: entry 1 (roll) no longer replays" &&
	expect_exit 3 sr check --repair && one_err_line &&
	expect_err "1 problem no rebuild mends" &&
	expect_exit 3 sr check
'

test_expect_success SQLITE 'a migration rebuilds the summaries from the entries' '
	finished_game &&
	sqlite3 test.db "UPDATE seats SET score = 999 WHERE seat = 1;
	    DROP TRIGGER tallies_finished; DROP TRIGGER tallies_won;
	    DROP TRIGGER tallies_seat; DROP TRIGGER tallies_player;
	    DROP TABLE tallies; DROP INDEX games_uid;
	    ALTER TABLE games DROP COLUMN uid; ALTER TABLE games DROP COLUMN title0;
	    ALTER TABLE seats DROP COLUMN name0; DROP TABLE snapshots;
	    DROP TRIGGER entries_no_replace;
	    DROP TABLE undo_heads;
	    DROP TABLE undo_states; DROP TABLE dice_tally; DROP TABLE entry_notes; DROP TABLE setups; PRAGMA user_version = 1" &&
	expect_exit 0 sr check && expect_out "1 game checked: 0 problems" &&
	test "$(sqlite3 test.db "SELECT score FROM seats WHERE seat = 1")" = 100 &&
	test "$(sqlite3 test.db "SELECT COUNT(*) FROM snapshots")" = 1
'

# SPEC "Settled details": a migration is one transaction.  A failure
# injected into the summaries' rebuild (a trigger refusing any change to a
# seat, on a schema 3 file with a stale score to rebuild) must leave the
# old schema whole: user_version 3, no snapshots table; with the trigger
# gone, the next command migrates and check is clean.  Before, the version
# was committed before the rebuild: schema 4 with no snapshot, check failed.
test_expect_success SQLITE 'a migration is one transaction: a failure in its rebuild leaves the old schema, passing check' '
	finished_game &&
	sqlite3 test.db "DROP TABLE snapshots; DROP TRIGGER entries_no_replace;
	    DROP TABLE undo_heads;
	    DROP TABLE undo_states; DROP TABLE dice_tally; DROP TABLE entry_notes; PRAGMA user_version = 3;
	    UPDATE seats SET score = 999 WHERE seat = 1;
	    CREATE TRIGGER boom BEFORE UPDATE ON seats
	    BEGIN SELECT RAISE(ABORT, '"'"'injected failure'"'"'); END" &&
	expect_exit 4 sr status && one_err_line &&
	expect_err "injected failure" &&
	test "$(sqlite3 test.db "PRAGMA user_version")" = 3 &&
	test "$(sqlite3 test.db "SELECT COUNT(*) FROM sqlite_master
	    WHERE name = '"'"'snapshots'"'"'")" = 0 &&
	test "$(sqlite3 test.db "SELECT score FROM seats WHERE seat = 1")" = 999 &&
	sqlite3 test.db "DROP TRIGGER boom" &&
	expect_exit 0 sr check && expect_out "1 game checked: 0 problems" &&
	test "$(sqlite3 test.db "PRAGMA user_version")" -ge 5 &&
	test "$(sqlite3 test.db "SELECT score FROM seats WHERE seat = 1")" = 100
'

# kill -9 at many moments of a migration (a schema 3 file of 40 games):
# whatever the moment, the file is at the old version or the new one,
# and check passes on it.
test_expect_success SQLITE 'a migration killed at any moment leaves the old or the new schema, each passing check' '
	for i in 1 2 3 4 5 6 7 8 9 10; do
		finished_game || return 1
	done &&
	for i in $(seq 1 30); do
		sr new --game ten-thousand --players Ann,Bob >/dev/null &&
		sr roll 1 5 2 2 3 4 >/dev/null || return 1
	done &&
	sqlite3 test.db "DROP TABLE snapshots; DROP TRIGGER entries_no_replace;
	    DROP TABLE undo_heads;
	    DROP TABLE undo_states; DROP TABLE dice_tally; DROP TABLE entry_notes; PRAGMA user_version = 3" &&
	cp test.db v3.db &&
	for d in 0 0.005 0.01 0.02 0.03 0.05 0.08 0.1 0.15 0.2; do
		cp v3.db test.db && rm -f test.db-wal test.db-shm &&
		{ "$SHAKEREF" -d test.db status >/dev/null 2>&1 & pid=$! ; } &&
		sleep $d && { kill -9 $pid 2>/dev/null; wait $pid; true; } &&
		v=$(sqlite3 test.db "PRAGMA user_version") &&
		n=$(sqlite3 test.db "SELECT COUNT(*) FROM sqlite_master
		    WHERE name = '"'"'snapshots'"'"'") &&
		if [ "$v" = 3 ]; then test "$n" = 0; else test "$n" = 1; fi &&
		"$SHAKEREF" -d test.db check >out 2>err &&
		grep -q "40 games checked: 0 problems" out || return 1
	done
'

# Snapshots (issue 10): the replayed state of a game, a cache of its
# entries that status and every entry but undo and redo read instead of
# replaying.  What each game gives was worked out by hand: after the void
# roll 30 30 30 (SH-4), roll 10 20 50 leaves Cid, the highest die, to
# choose (SH-5).
test_expect_success 'snapshot: each entry keeps one; status reads the same without it; check finds it missing' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 30 30 30 >/dev/null && sr roll 10 20 50 >/dev/null &&
	test "$(db_sql "SELECT n FROM snapshots WHERE game_id = 1")" = 2 &&
	sr --json status >out && cp out with.json &&
	json ".turn == \"Cid\" and .expect == [\"take\", \"shake\"]" &&
	db_sql "DELETE FROM snapshots" &&
	sr --json status >without.json && cmp with.json without.json &&
	expect_exit 3 sr check &&
	expect_out "game 1: it has no snapshot of its replay" &&
	expect_exit 0 sr check --repair &&
	test "$(db_sql "SELECT n FROM snapshots")" = 2 &&
	expect_exit 0 sr check &&
	db_sql "DELETE FROM snapshots" &&
	sr note a quiet table >/dev/null &&
	test "$(db_sql "SELECT n FROM snapshots")" = 3 &&
	expect_exit 0 sr check
'

test_expect_success 'snapshot: a stale one (an entry written behind shakeref'"'"'s back) is not read; the next entry rebuilds it' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 30 30 30 >/dev/null &&
	db_sql "INSERT INTO entries(game_id, n, player, verb, args, at)
	    VALUES (1, 2, NULL, '"'"'roll'"'"', '"'"'[\"10\",\"20\",\"50\"]'"'"', 1795000000)" &&
	sr --json status >out &&
	json ".turn == \"Cid\" and .expect == [\"take\", \"shake\"]" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its snapshot is of its entries up to 1; they end at 2" &&
	sr take >/dev/null &&
	test "$(db_sql "SELECT n FROM snapshots")" = 3 &&
	expect_exit 0 sr check &&
	sr --json status >out && json "[.players[].score] == [0, 0, 50]"
'

test_expect_success 'snapshot: a tampered one (state or format changed in its row) is not read; check finds it' '
	finished_game &&
	if [ "$sr_engine" = pg ]; then
		zeros="decode(repeat('"'"'00'"'"', length(state)), '"'"'hex'"'"')"
	else
		zeros="zeroblob(length(state))"
	fi &&
	db_sql "UPDATE snapshots SET state = $zeros" &&
	sr --json status >out && json "[.players[].score] == [100, 100, 220, 220]" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its snapshot does not match its checksum" &&
	expect_exit 0 sr check --repair && expect_exit 0 sr check &&
	db_sql "UPDATE snapshots SET format = '"'"'shake/0'"'"'" &&
	sr --json status >out && json "[.players[].score] == [100, 100, 220, 220]" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its snapshot is in format '"'"'shake/0'"'"', not" &&
	expect_exit 0 sr check --repair && expect_exit 0 sr check
'

test_expect_success 'snapshot: undo reads every entry; what it leaves is snapshotted' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 30 30 30 >/dev/null && sr roll 10 20 50 >/dev/null &&
	sr undo >/dev/null &&
	sr --json status >out &&
	json ".turn == null and .expect == [\"roll\"]" &&
	test "$(db_sql "SELECT n FROM snapshots")" = 3 &&
	expect_exit 0 sr check &&
	sr redo >/dev/null && sr --json status >out &&
	json ".turn == \"Cid\"" && expect_exit 0 sr check
'

# SPEC "Settled details": check is an fsck.  Each tampering below is what
# someone with the sqlite3 CLI can do; each is a line naming the game,
# and --repair never turns a log that is not a game into one (exit 3,
# nothing credited).  Worked out by hand: in ten-thousand, entry 1 is
# Ann's roll (seat 1 starts), entry 2 Ann's keep.
tt_game() {
	sr new --game ten-thousand --players Ann,Bob >/dev/null &&
	sr roll 1 5 2 2 3 4 >/dev/null && sr keep 1 5 >/dev/null &&
	sr bank >/dev/null && sr roll 1 1 1 2 3 4 >/dev/null
}
q="'"

test_expect_success 'check (fsck): entry 1 stored as another player'"'"'s is found; --repair leaves it, exit 3' '
	tt_game &&
	db_unguarded "UPDATE entries SET player = ${q}Bob${q} WHERE n = 1" &&
	expect_exit 3 sr check && one_err_line &&
	expect_out "game 1: entry 1 (roll) no longer replays: its player is stored as ${q}Bob${q}, the replay gives ${q}Ann${q}" &&
	expect_exit 3 sr check --repair &&
	expect_err "1 problem no rebuild mends" &&
	expect_exit 3 sr --json check --repair &&
	json ".ok == false and .repaired == false and (.problems | length) == 1"
'

test_expect_success 'check (fsck): entries numbered 12 after 8, and -1, are found' '
	tt_game &&
	db_sql "INSERT INTO entries(game_id, n, player, verb, args, at)
	    VALUES (1, 12, NULL, ${q}note${q}, ${q}[\"x\"]${q}, 1795000000)" &&
	expect_exit 3 sr check &&
	expect_out "game 1: entry 5 is numbered 12; entries are numbered from 1 without a gap" &&
	db_unguarded "DELETE FROM entries WHERE n = 12;
	    INSERT INTO entries(game_id, n, player, verb, args, at)
	    VALUES (1, -1, NULL, ${q}note${q}, ${q}[\"x\"]${q}, 1795000000)" &&
	expect_exit 3 sr check &&
	expect_out "game 1: entry 1 is numbered -1" &&
	expect_exit 3 sr check --repair
'

test_expect_success 'check (fsck): a seat deleted, a Ghost seat added: found, never credited' '
	sr new --game ten-thousand --players Ann,Bob,Cid >/dev/null &&
	sr roll 1 5 2 2 3 4 >/dev/null && sr keep 1 5 >/dev/null && sr bank >/dev/null &&
	db_sql "DELETE FROM seats WHERE seat = 1" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its seats are not numbered 1 to 2 without a gap" &&
	db_fresh &&
	tt_game && sr keep 1 1 1 >/dev/null && sr bank >/dev/null &&
	sr roll 5 2 2 3 4 6 >/dev/null &&
	db_sql "INSERT INTO players(name) VALUES (${q}Ghost${q});
	    INSERT INTO seats(game_id, seat, player_id, name, name0)
	    VALUES (1, 2, (SELECT id FROM players WHERE name = ${q}Ghost${q}),
	    ${q}Ghost${q}, ${q}Ghost${q})" &&
	expect_exit 3 sr check &&
	expect_out "game 1: entry 7 (roll) no longer replays: its player is stored as ${q}Ann${q}, the replay gives ${q}Ghost${q}" &&
	expect_exit 3 sr check --repair &&
	test "$(db_sql "SELECT score FROM seats WHERE seat = 2")" = 0 &&
	test "$(db_sql "SELECT score FROM seats WHERE seat = 0")" = 150
'

test_expect_success SQLITE 'INSERT OR REPLACE cannot rewrite an entry (append-only in the schema)' '
	tt_game &&
	if sqlite3 test.db "INSERT OR REPLACE INTO entries(game_id, n, player, verb, args, at)
	    VALUES (1, 1, ${q}Ann${q}, ${q}roll${q}, ${q}[\"5\",\"5\",\"5\",\"2\",\"3\",\"4\"]${q}, 1)" 2>err
	then false; fi &&
	grep -q "append-only" err &&
	test "$(sqlite3 test.db "SELECT args FROM entries WHERE n = 1")" = "[\"1\",\"5\",\"2\",\"2\",\"3\",\"4\"]" &&
	expect_exit 0 sr check
'

test_expect_success SQLITE 'check (fsck): stored text that is not UTF-8 is reported escaped, JSON valid' '
	tt_game &&
	sqlite3 test.db "UPDATE games SET title = CAST(X${q}41FF42${q} AS TEXT)" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its title is stored as ${q}A\\xFFB${q}, its entries give ${q}${q}" &&
	expect_exit 3 sr --json check &&
	json ".problems | length == 1" && jq -r ".problems[0]" out >p &&
	grep -qF "its title is stored as ${q}A\\xFFB${q}" p &&
	expect_exit 0 sr check --repair && expect_exit 0 sr check
'

test_expect_success 'check (fsck): stored text that holds ESC is reported escaped' '
	tt_game &&
	db_sql "UPDATE games SET title = $(db_text 1B5D303B6F776E65641B5C)" &&
	expect_exit 3 sr check &&
	if grep -q "$(printf "\033")" out; then false; fi &&
	expect_out "\\x1B]0;owned\\x1B" &&
	expect_exit 0 sr check --repair && expect_exit 0 sr check
'

test_expect_success 'check (fsck): games.finished 7, options not JSON, entries of no game' '
	tt_game &&
	db_sql "UPDATE games SET finished = 7" &&
	expect_exit 3 sr check &&
	expect_out "game 1: stored with state 7, not one of active, finished, abandoned" &&
	expect_exit 0 sr check --repair &&
	test "$(db_sql "SELECT finished FROM games")" = 0 &&
	db_sql "UPDATE games SET options = ${q}not json${q}" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its options ${q}not json${q} are not a JSON object" &&
	db_sql "UPDATE games SET options = ${q}{\"target\": \"7\"}${q}" &&
	expect_exit 3 sr check &&
	expect_out "game 1: option ${q}target${q} is stored with a value it does not take (50..1000000, a multiple of 50)" &&
	db_unguarded "UPDATE games SET options = ${q}{}${q};
	    INSERT INTO entries(game_id, n, player, verb, args, at)
	    VALUES (9, 1, NULL, ${q}note${q}, ${q}[\"x\"]${q}, 1795000000)" &&
	expect_exit 3 sr check &&
	expect_out "game 9: 1 entry of a game that does not exist" &&
	expect_exit 3 sr check --repair
'

# Issue 38: who played, the rules and the options are the creation
# record's (written by new, never changed) and the entries'; a change
# of them behind shakeref (the owner's, or anyone's with the file) is
# named by check and never made the game's by --repair.  Seat 3 is Cid,
# one of the shared winners of finished_game (SH-10).
test_expect_success 'check (fsck): a seat credited to another player is named; --repair refuses it (3); standings rate the seats as the entries name them' '
	finished_game &&
	db_sql "UPDATE seats SET player_id = (SELECT id FROM players
	    WHERE name = ${q}Ann${q}) WHERE seat = 2" &&
	sr --json standings --all-time >out &&
	json "[.players[] | select(.name == \"Ann\") | .won] == [0]" &&
	json "[.players[] | select(.name == \"Cid\") | .won] == [1]" &&
	expect_exit 3 sr check &&
	expect_out "game 1: seat 3 (${q}Cid${q}) is credited to player ${q}Ann${q}" &&
	expect_exit 3 sr check --repair &&
	expect_exit 3 sr check &&
	expect_out "game 1: seat 3 (${q}Cid${q}) is credited to player ${q}Ann${q}"
'

test_expect_success 'check (fsck): a player renamed behind shakeref is named on each of its seats' '
	finished_game &&
	db_sql "UPDATE players SET name = ${q}Zed${q} WHERE name = ${q}Bob${q}" &&
	expect_exit 3 sr check &&
	expect_out "game 1: seat 2 (${q}Bob${q}) is credited to player ${q}Zed${q}" &&
	expect_exit 3 sr check --repair &&
	test "$(db_sql "SELECT name FROM players ORDER BY id" | tr "\n" " ")" = "Ann Zed Cid Dan "
'

test_expect_success 'check (fsck): options and rules changed behind shakeref are named; --repair never makes them the game'"'"'s' '
	finished_game &&
	o=$(db_sql "SELECT options FROM games") &&
	db_sql "UPDATE games SET options = ${q}{\"coach\":\"off\"}${q};
	    UPDATE seats SET score = 7 WHERE seat = 0" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its options are stored as ${q}{\"coach\":\"off\"}${q}, its creation record says ${q}$o${q}" &&
	expect_exit 3 sr check --repair &&
	expect_exit 3 sr check &&
	expect_out "game 1: its options are stored as" &&
	test "$(db_sql "SELECT score FROM seats WHERE seat = 0")" = 7 &&
	db_sql "UPDATE games SET options = ${q}$o${q}, rules = ${q}shake-up${q}" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its rules are stored as ${q}shake-up${q}, its creation record says ${q}shake${q}" &&
	expect_exit 3 sr check --repair &&
	db_sql "UPDATE games SET rules = ${q}shake${q}" &&
	expect_exit 0 sr check --repair &&
	test "$(db_sql "SELECT score FROM seats WHERE seat = 0")" = 100 &&
	expect_exit 0 sr check
'

test_expect_success 'the creation record cannot be changed or deleted (append-only, as the entries)' '
	finished_game &&
	! db_sql "UPDATE setups SET options = ${q}{}${q}" 2>err &&
	grep -q "append-only" err &&
	! db_sql "DELETE FROM setups" 2>err && grep -q "append-only" err &&
	test "$(db_sql "SELECT rules FROM setups")" = shake
'

test_expect_success SQLITE 'the creation record cannot be replaced (INSERT OR REPLACE); one changed with its triggers gone is named' '
	finished_game &&
	! db_sql "INSERT OR REPLACE INTO setups SELECT game_id, rules,
	    ${q}{}${q}, title, created, uid, names FROM setups" 2>err &&
	grep -q "append-only" err &&
	expect_exit 0 sr check &&
	db_sql "DROP TRIGGER setups_no_update;
	    UPDATE setups SET names = ${q}[\"Ann\",\"Bob\",\"Cid\",\"Zed\"]${q}" &&
	expect_exit 3 sr check &&
	expect_out "game 1: seat 4 was created as ${q}Dan${q}, its creation record says ${q}Zed${q}" &&
	db_sql "UPDATE setups SET names = ${q}{}${q}" &&
	expect_exit 3 sr check --repair &&
	expect_out "game 1: its creation record${q}s names are not a JSON array of at most 16"
'

test_expect_success 'check (fsck): notes, dice tallies, undo rows of no game and tallies of no player are found and dropped by --repair' '
	finished_game &&
	db_unguarded "INSERT INTO entry_notes VALUES (9, 1, 1, 0, ${q}x${q});
	    INSERT INTO dice_tally VALUES (9, 0, 0, 1, 3), (9, 0, 0, 2, 1);
	    INSERT INTO undo_states(game_id, kind, pos, n) VALUES (9, 0, 0, 1);
	    INSERT INTO undo_heads VALUES (9, 1, ${q}k${q}, 1, 0);
	    INSERT INTO tallies VALUES (99, ${q}shake${q}, 1, 1)" &&
	expect_exit 3 sr check &&
	expect_out "game 9: 2 rows of dice_tally of a game that does not exist" &&
	expect_out "game 9: 1 row of entry_notes of a game that does not exist" &&
	expect_out "game 9: 1 row of undo_heads of a game that does not exist" &&
	expect_out "game 9: 1 row of undo_states of a game that does not exist" &&
	expect_out "player 99: 1 tally of a player that does not exist" &&
	expect_out "1 game checked: 5 problems" &&
	expect_exit 0 sr check --repair &&
	expect_exit 0 sr check &&
	test "$(db_sql "SELECT (SELECT count(*) FROM entry_notes WHERE game_id = 9)
	    + (SELECT count(*) FROM dice_tally WHERE game_id = 9)
	    + (SELECT count(*) FROM undo_states WHERE game_id = 9)
	    + (SELECT count(*) FROM undo_heads WHERE game_id = 9)
	    + (SELECT count(*) FROM tallies WHERE player_id = 99)")" = 0
'

# SPEC "Text": a message quotes user text cut after 64 characters;
# stored text forged long is quoted so too (issue 38): the 64 first and
# an ellipsis, one short line.
test_expect_success 'a forged 10,000-character snapshot format (check), title (status, games) and 5,000-character name (status, games, check) are shown cut at 64' '
	finished_game &&
	long=$(printf "%10000s" "" | tr " " x) &&
	db_sql "UPDATE snapshots SET format = ${q}$long${q}" &&
	expect_exit 3 sr check &&
	x64=$(printf "%64s" "" | tr " " x) &&
	expect_out "game 1: its snapshot is in format ${q}$x64…${q}, not ${q}shake/" &&
	test "$(awk "length(\$0) > 200" out | wc -l)" = 0 &&
	expect_exit 0 sr check --repair &&
	name=$(printf "%5000s" "" | tr " " N) &&
	db_sql "UPDATE seats SET name = ${q}$name${q} WHERE seat = 0" &&
	expect_exit 0 sr status &&
	n64=$(printf "%64s" "" | tr " " N) &&
	expect_out "$n64…" && ! grep -q "${n64}N" out &&
	expect_exit 3 sr check &&
	expect_out "game 1: seat 1 is stored as ${q}$n64…${q}, its entries give ${q}Ann${q}" &&
	test "$(awk "length(\$0) > 300" out | wc -l)" = 0 &&
	sr games --all >out && expect_out "$n64…" &&
	expect_exit 0 sr check --repair &&
	sr status >out && expect_out "Ann" &&
	db_sql "UPDATE games SET title = ${q}$long${q}" &&
	for c in status "games --all"; do
		sr $c >out && expect_out "$x64…" &&
		test "$(awk "length(\$0) > 300" out | wc -l)" = 0 || return 1
	done &&
	db_sql "UPDATE games SET title = NULL,
	    options = ${q}{\"coach\":\"$long\"}${q}" &&
	x58=$(printf "%58s" "" | tr " " x) &&
	sr status >out && expect_out "house rules: coach=$x58…" &&
	test "$(awk "length(\$0) > 300" out | wc -l)" = 0
'

test_expect_success 'check: usage' '
	expect_exit 2 sr check --fix && one_err_line &&
	expect_err "unknown option '"'"'--fix'"'"'" &&
	expect_exit 2 sr check extra && one_err_line
'
test_done
