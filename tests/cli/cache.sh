#!/bin/sh
# tests/cli/cache.sh: the caches beyond the snapshot (issue 29, src/cmd/cache.c):
# the undo cache (the state before each of the last entries in effect,
# the stacks of entries in effect and undone), which undo and redo read
# instead of replaying the game, and the dice audit's tally.  Both are
# derived data: what they give must be what a replay of the entries
# gives, byte for byte, and check compares and rebuilds them.
. "$SRCDIR/tests/cli/lib.sh"

# both ARGS...: `sr ARGS` on test.db (its caches in use) and on ref.db
# with every cache dropped first (snapshot, undo cache: the game is
# replayed from its entries); the same exit status, the same output, and
# the same `status --json` after.
both() {
	set +e
	sr "$@" >a.out 2>a.err
	a=$?
	db_sql -d ref "DELETE FROM snapshots; DELETE FROM undo_heads;
	    DELETE FROM undo_states"
	SHAKEREF_DB=$(db_url ref) sr "$@" >b.out 2>b.err
	b=$?
	set -e
	[ "$a" -eq "$b" ] || { echo "exit $a with the cache, $b without: $*"; return 1; }
	cmp a.out b.out || { echo "output differs: $*"; cat a.out b.out; return 1; }
	cmp a.err b.err || { echo "errors differ: $*"; cat a.err b.err; return 1; }
	sr --json status >a.json &&
	SHAKEREF_DB=$(db_url ref) sr --json status >b.json &&
	cmp a.json b.json || { echo "status differs after: $*"; return 1; }
}

# head: the undo cache's depth and undone count, as "DEPTH NUNDONE" (a
# league keeps it in the snapshot's row: schema 6).
head_row() {
	if [ "$sr_engine" = pg ]; then
		db_sql -s " " "SELECT depth, nundone FROM snapshots
		    WHERE depth IS NOT NULL"
	else
		db_sql -s " " "SELECT depth, nundone FROM undo_heads"
	fi
}

test_expect_success 'undo and redo from the undo cache: every output and status as a replay gives' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	db_copy ref &&
	test "$(head_row)" = "32 0" &&
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do both undo || return 1; done &&
	test "$(head_row)" = "20 12" &&
	both redo && both redo && both redo &&
	test "$(head_row)" = "23 9" &&
	both note a quiet table && both redo && both title Cup &&
	test "$(head_row)" = "26 8" &&
	both undo && both undo && both undo && both redo &&
	both take && test "$(head_row)" = "25 0" &&
	both redo && both undo && both undo &&
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do both undo || return 1; done &&
	both redo && both roll 30 30 && both undo && both redo &&
	expect_exit 0 sr check
'

test_expect_success 'undo back to the first entry and redo to the last, from the cache where it holds' '
	sr new --game ten-thousand --players Ann,Bob >/dev/null &&
	printf "%s\n" "roll 1 5 2 3 3 4" "keep 1" "roll 5 5 2 3 4" "keep 5 5" \
	    bank "roll 2 2 3 4 6 6" "roll 1 1 1 2 3 4" | sr play >/dev/null &&
	db_copy ref &&
	for i in 1 2 3 4 5 6 7 8; do both undo || return 1; done &&
	test "$(head_row)" = "0 7" &&
	for i in 1 2 3 4 5 6 7 8; do both redo || return 1; done &&
	test "$(head_row)" = "7 0" &&
	expect_exit 0 sr check
'

test_expect_success 'a kept state that does not decode is ignored: the game is replayed; check finds and rebuilds it' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 10 20 30 >/dev/null && sr take >/dev/null &&
	sr take >/dev/null && db_copy ref &&
	db_sql "UPDATE undo_states SET state = $(db_blob 00)" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its undo cache differs from the replay of its entries" &&
	both undo && both undo &&
	db_sql "UPDATE undo_states SET state = $(db_blob 5352533100)" &&
	both undo && both redo &&
	db_sql "UPDATE undo_states SET state = $(db_blob 00)" &&
	expect_exit 0 sr check --repair && expect_exit 0 sr check &&
	both undo && both redo
'

# The dice of the rolls in effect, counted from history's entries (not
# the tally): "NAME FACE COUNT" lines, sorted.  A ten-thousand roll is
# six-sided dice rolled by the player whose turn it is.
recount() {
	sr --json history | jq -r '.entries[] |
	    select(.verb == "roll" and (.undone | not)) |
	    .player as $p | .args[] | "\($p) \(.)"' | sort | uniq -c |
	    awk '{ print $2, $3, $1 }'
}
stored() {
	db_sql -s " " "SELECT s.name, t.face, t.count
	    FROM dice_tally t JOIN seats s ON s.game_id = t.game_id AND
	    s.seat = t.seat WHERE t.count > 0 AND t.kind = 0 ORDER BY 1, 2"
}

test_expect_success 'dice tally: kept with each entry, undo and redo; check --repair rebuilds it as a recount gives' '
	sr new --game ten-thousand --players Ann,Bob >/dev/null &&
	sr roll 1 5 2 3 3 4 >/dev/null && sr keep 1 >/dev/null &&
	sr roll 5 5 2 3 4 >/dev/null && sr undo >/dev/null &&
	sr roll 6 6 2 3 4 >/dev/null &&
	sr roll 1 1 1 2 3 4 >/dev/null && sr undo >/dev/null &&
	sr redo >/dev/null && sr undo >/dev/null &&
	recount >want && stored >got && cmp want got &&
	printf "Ann 1 1\nAnn 2 2\nAnn 3 3\nAnn 4 2\nAnn 5 1\nAnn 6 2\n" >hand &&
	cmp hand want &&
	sr --json dice >dice.before &&
	db_sql "UPDATE dice_tally SET count = count + 1 WHERE face = 6" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its dice tally differs from the dice its entries in effect rolled" &&
	expect_exit 0 sr check --repair && expect_exit 0 sr check &&
	stored >got && cmp want got &&
	db_sql "DELETE FROM dice_tally" &&
	expect_exit 0 sr check --repair && stored >got && cmp want got &&
	sr --json dice >out && cmp dice.before out
'

# A ten-thousand game with an undone roll; its recount in ./want, its
# dice --json in ./dice.before.
undone_roll() {
	sr new --game ten-thousand --players Ann,Bob >/dev/null &&
	sr roll 1 5 2 3 3 4 >/dev/null && sr keep 1 >/dev/null &&
	sr roll 5 5 2 3 4 >/dev/null && sr undo >/dev/null &&
	recount >want && sr --json dice >dice.before
}

test_expect_success 'dice tally: an import makes it as the entries give' '
	undone_roll &&
	sr export >game.json &&
	SHAKEREF_DB=$(db_url other) sr import game.json >/dev/null &&
	SHAKEREF_DB=$(db_url other) sr --json dice >out &&
	cmp dice.before out &&
	SHAKEREF_DB=$(db_url other) expect_exit 0 sr check
'

test_expect_success SQLITE 'dice tally: a migration makes it as the entries give' '
	undone_roll &&
	sqlite3 test.db "DROP TABLE undo_heads; DROP TABLE undo_states;
	    DROP TABLE dice_tally; DROP TABLE entry_notes; PRAGMA user_version = 6" &&
	expect_exit 0 sr check &&
	test "$(sqlite3 test.db "PRAGMA user_version")" -ge 7 &&
	stored >got && cmp want got && sr --json dice >out && cmp dice.before out
'

# hist: history, text and JSON, into h.txt and h.json.
hist() {
	sr history >h.txt && sr --json history >h.json &&
	sr history 5 >h5.txt
}

test_expect_success 'history from the notes kept with each entry: the same as a replay with notes' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr undo >/dev/null && sr undo >/dev/null && sr redo >/dev/null &&
	sr note a quiet table >/dev/null && sr rename Ann Ada >/dev/null &&
	sr title Cup >/dev/null && sr undo >/dev/null &&
	test "$(db_sql "SELECT COUNT(*) FROM entry_notes")" = 39 &&
	hist && mv h.txt a.txt && mv h.json a.json && mv h5.txt a5.txt &&
	grep -q "(undone) Ann passes and scores 0" a.txt &&
	db_sql "DELETE FROM entry_notes WHERE n = 7" &&
	hist && cmp a.txt h.txt && cmp a.json h.json && cmp a5.txt h5.txt &&
	expect_exit 0 sr check &&
	db_sql "UPDATE entry_notes SET note = '\''all wrong'\'' WHERE n = 3" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its entries'\'' notes differ from the replay of its entries" &&
	expect_exit 0 sr check --repair && expect_exit 0 sr check &&
	test "$(db_sql "SELECT COUNT(*) FROM entry_notes")" = 39 &&
	hist && cmp a.txt h.txt && cmp a.json h.json && cmp a5.txt h5.txt
'

test_done
