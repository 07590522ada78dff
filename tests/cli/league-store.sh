#!/bin/sh
# tests/cli/league-store.sh: the league engine (src/store/store-pg.c,
# SPEC.md "League", issue 26) on the file's own PostgreSQL server
# (tests/pg.sh): the schema made at the first new or import, its
# guarantees kept by the server (append-only entries, a game's row
# locked by its writer, a schema version), the current game kept by
# each table, the same export as a file's, and what a lost connection
# or a password in the URI gives.
SHAKEREF_TEST_PG=1
. "$SRCDIR/tests/cli/lib.sh"
# The league's harness (tests/pg.sh through lib.sh) starts the server.
if [ "${sr_engine:-}" != pg ]; then
	echo "1..0 # SKIP lib.sh has no league harness (tests/pg.sh)"
	exit 0
fi

q="'"

# psql on this test's database ($SHAKEREF_DB is postgresql:///tN).
db_psql() {
	pg_psql -d "${PWD##*/}" "$@"
}

# The number of tables in this test's database.
db_tables() {
	db_psql -c "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
}

# hold LOCK: a psql session (in the background, fed by ./hold) that
# takes LOCK (SQL) in a transaction and holds it; release ends it.
hold() {
	rm -f hold held && mkfifo hold &&
	{ pg_psql -d "${PWD##*/}" <hold >held 2>&1 & } &&
	exec 3>hold &&
	echo "BEGIN; $1; SELECT 'held';" >&3 &&
	wait_for grep -q held held
}

# hold_game ID: game ID's row held locked as a writer would.
hold_game() {
	hold "SELECT 1 FROM games WHERE id = $1 FOR UPDATE"
}

release() {
	echo "COMMIT;" >&3 && exec 3>&- && wait
}

# wait_for CMD...: until CMD succeeds, at most 10 s.
wait_for() {
	i=0
	until "$@"; do
		i=$((i + 1))
		[ $i -lt 200 ] || { echo "# never: $*"; return 1; }
		sleep 0.05
	done
}

# waiting N: N shakeref connections wait for a lock.
waiting() {
	test "$(db_psql -c "SELECT count(*) FROM pg_stat_activity
	    WHERE application_name = 'shakeref' AND wait_event_type = 'Lock'")" = "$1"
}

# A game of Shake to its end (SH-10's shared win is not in it): Ann wins.
shake_game() {
	i=0
	while [ $i -lt 10 ]; do
		echo "roll 10 20" && i=$((i + 1)) || return 1
	done
}

test_expect_success 'an empty database: read commands refuse it (3) and make nothing; new makes the schema' '
	expect_exit 3 sr status && one_err_line &&
	expect_err "no database at '"'"'$SHAKEREF_DB'"'"'" &&
	expect_exit 3 sr games && test "$(db_tables)" = 0 &&
	expect_exit 0 sr new --game shake --players Ann,Bob &&
	test "$(db_tables)" -gt 5 &&
	test "$(db_psql -c "SELECT value FROM meta WHERE key = '"'"'schema'"'"'")" = 6 &&
	expect_exit 0 sr roll 10 20 && expect_out "Bob has the highest die (20)"
'

test_expect_success 'a refused import into an empty league leaves it empty' '
	SHAKEREF_DB=$PWD/file.db sr new --game shake --players Ann,Bob >/dev/null &&
	SHAKEREF_DB=$PWD/file.db sr roll 10 20 >/dev/null &&
	SHAKEREF_DB=$PWD/file.db sr export >good.json &&
	sed "s/\"args\":\[\"10\",\"20\"\]/\"args\":[\"10\",\"70\"]/" good.json >bad.json &&
	! cmp -s good.json bad.json &&
	expect_exit 1 sr import bad.json && one_err_line &&
	expect_err "nothing imported" && test "$(db_tables)" = 0 &&
	expect_exit 0 sr import good.json && test "$(db_tables)" -gt 5 &&
	sr export --all >out && expect_same good.json out
'

test_expect_success 'the same games, history, standings and export as a file (import from one, export back)' '
	SHAKEREF_DB=$PWD/file.db && export SHAKEREF_DB &&
	sr new --game shake --players Ann,Bob --title "Zoë\"s \\ night" >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players Bob,Cid >/dev/null &&
	printf "%s\n" "roll 10 20" take undo take "note ünï \"quoted\"" |
	    sr play >/dev/null &&
	sr new --game ten-thousand --players Ann,Cid >/dev/null &&
	sr export --all >file.json &&
	SHAKEREF_DB=postgresql:///${PWD##*/} &&
	sr import file.json >/dev/null &&
	sr export --all >out && expect_same file.json out &&
	sr use 3 >/dev/null &&
	for c in "-g 2 history" "-g 2 --json history" "-g 2 status" \
	    "-g 2 --json status" "standings --all-time" \
	    "--json standings --all-time" "games --all" "--json games --all" \
	    "-g 1 --json history" "-g 1 standings" "export --format csv --all" \
	    "-g 1 dice" "check" "-g 2 undo" "-g 2 --json status" "-g 2 roll 10" \
	    "status"; do
		st=0 && sr -d "$PWD/file.db" $c >want 2>&1 || st=$?
		expect_exit $st sr $c && cat err >>out && expect_same want out ||
		    return 1
	done
'

test_expect_success 'entries are append-only in the server: no UPDATE, DELETE or TRUNCATE, by the owner or anyone' '
	db_psql -c "CREATE ROLE tab_${PWD##*/} LOGIN" &&
	db_psql -c "ALTER DATABASE ${PWD##*/} OWNER TO tab_${PWD##*/}" &&
	db_psql -c "GRANT CREATE ON SCHEMA public TO tab_${PWD##*/}" &&
	SHAKEREF_DB="postgresql://tab_${PWD##*/}@/${PWD##*/}" &&
	sr new --game shake --players Ann,Bob >/dev/null && sr roll 10 20 >/dev/null &&
	for sql in "UPDATE entries SET args = '"'"'[]'"'"'" "DELETE FROM entries" \
	    "TRUNCATE entries CASCADE"; do
		if pg_psql -U tab_${PWD##*/} -d ${PWD##*/} -c "$sql" 2>err; then
			echo "# the owner could: $sql" && return 1
		fi &&
		grep -q "permission denied" err &&
		if db_psql -c "$sql" 2>err; then
			echo "# the superuser could: $sql" && return 1
		fi &&
		grep -q "entries are append-only" err || return 1
	done &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 1 &&
	expect_exit 0 sr check
'

test_expect_success 'each table keeps its own current game: new and use elsewhere never move it; games marks it' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	XDG_STATE_HOME=$PWD/other sr new --game shake --players Cid,Dan >/dev/null &&
	sr status >out && expect_out "game 1:" &&
	XDG_STATE_HOME=$PWD/other sr status >out && expect_out "game 2:" &&
	XDG_STATE_HOME=$PWD/other sr use 1 >/dev/null &&
	sr use 2 >/dev/null &&
	XDG_STATE_HOME=$PWD/other sr --json games >out &&
	json "[.games[] | select(.current) | .game] == [1]" &&
	sr --json games >out && json "[.games[] | select(.current) | .game] == [2]" &&
	ls "$HOME/.local/state/shakeref" | grep -q "^league-[0-9a-f]*\.current$"
'

# The table's files are written under NAME.PID and renamed into place: a
# kill between the two leaves NAME.PID, which the next write deletes when
# its process is gone (issue 38); a live one's is left alone.
test_expect_success 'a state file a killed table left (league-HASH.current.PID) is deleted by the next write; a live process'"'"'s is kept' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	f=$(ls "$HOME"/.local/state/shakeref/league-*.current) &&
	: >"$f.4194305" && : >"$f.$$" &&
	sr new --game shake --players Cid,Dan >/dev/null &&
	! test -e "$f.4194305" && test -e "$f.$$" &&
	sr status >out && expect_out "Cid"
'

test_expect_success 'two tables on one game: the second waits for the first to commit; another game never waits' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr new --game shake --players Cid,Dan >/dev/null &&
	hold_game 1 &&
	{ sr -g 1 roll 10 20 >waited 2>&1 & } &&
	wait_for waiting 1 &&
	expect_exit 0 sr -g 2 roll 10 20 &&
	waiting 1 &&
	test "$(db_psql -c "SELECT count(*) FROM entries WHERE game_id = 1")" = 0 &&
	release &&
	grep -q "Bob has the highest die" waited &&
	! grep -q -i "lock\|shakeref:" waited &&
	test "$(db_psql -c "SELECT count(*) FROM entries WHERE game_id = 1")" = 1
'

test_expect_success 'a connection lost mid-command: exit 4, one line, nothing recorded, no credentials' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	hold_game 1 &&
	{ { st=0 && sr -d "postgresql://shakeref@/${PWD##*/}" -g 1 roll \
	    10 20 >out 2>err || st=$?; echo $st >rc; } & } &&
	wait_for waiting 1 &&
	db_psql -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
	    WHERE application_name = '"'"'shakeref'"'"'" >/dev/null &&
	wait_for test -s rc &&
	release &&
	test "$(cat rc)" = 4 && one_err_line &&
	expect_err "lost the connection to the league" &&
	! grep -q "shakeref@" err &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 0
'

test_expect_success 'no server: exit 4, one line' '
	SHAKEREF_DB="postgresql:///${PWD##*/}?host=$PWD/nowhere" &&
	expect_exit 4 sr status && one_err_line &&
	expect_err "cannot connect to the league"
'

# libpq warns of a password file open to others on stderr itself, a
# second line beside shakeref's (issue 38): caught while it connects,
# and a failure to connect says it in its one line.
test_expect_success 'a password file open to others: no line of libpq'"'"'s; a failure to connect says it, in one line' '
	echo "*:*:*:*:not-this-one" >"$HOME/.pgpass" &&
	chmod 0644 "$HOME/.pgpass" &&
	expect_exit 0 sr new --game shake --players Ann,Bob && test ! -s err &&
	expect_exit 0 sr status && test ! -s err &&
	PGPASSFILE="$HOME/.pgpass" sr status >out 2>err && test ! -s err &&
	SHAKEREF_DB="postgresql:///${PWD##*/}?host=$PWD/nowhere" &&
	expect_exit 4 sr status && one_err_line &&
	expect_err "cannot connect to the league" &&
	expect_err "libpq also said: WARNING: password file \"$HOME/.pgpass\" has group or world access" &&
	! grep -q not-this-one err &&
	chmod 0600 "$HOME/.pgpass" &&
	expect_exit 4 sr status && one_err_line && ! grep -q "password file" err
'

test_expect_success 'a password in the URI is refused (2) and never printed; credentials come from libpq' '
	expect_exit 2 sr -d "postgresql://ann:s3cret@/${PWD##*/}" status &&
	one_err_line && expect_err "holds a password" && ! grep -q s3cret err &&
	SHAKEREF_DB="postgres:///${PWD##*/}?password=s3cret" &&
	expect_exit 2 sr new --game shake --players Ann,Bob &&
	one_err_line && ! grep -q s3cret err &&
	test "$(db_tables)" = 0
'

# URI schemes are case-insensitive (RFC 3986): POSTGRESQL:// is the
# league, never a file named so with the password in its path (issue 38).
test_expect_success 'a scheme in capitals is the league: a password in it refused (2), never printed, no file made; without one it plays' '
	expect_exit 2 sr -d "POSTGRESQL://ann:s3cret@/${PWD##*/}" status &&
	one_err_line && expect_err "holds a password" && ! grep -q s3cret err &&
	expect_exit 2 sr -d "Postgres://ann:s3cret@/${PWD##*/}" new \
	    --game shake --players Ann,Bob &&
	one_err_line && ! grep -q s3cret err &&
	test -z "$(find . -name "*s3cret*")" && ! test -e POSTGRESQL: &&
	SHAKEREF_DB="POSTGRESQL:///${PWD##*/}" &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	test "$(db_psql -c "SELECT count(*) FROM games")" = 1 &&
	SHAKEREF_DB="postgresql:///${PWD##*/}" &&
	sr status >out && expect_out "Ann" &&
	! test -e POSTGRESQL:
'

# A league at another version, as a table finds it: meta's version and
# the column of games only that version has (store-pg.h's SCHEMA_MARK:
# each migration renames it; none at 2), and every game's snapshot row
# rewritten, as every migration does (a table's copy of a game then
# fails its guard: store-pg-kept.c).
at_version() {
	case $1 in
	2) mark="DROP COLUMN schema6" ;;
	*) mark="RENAME COLUMN schema6 TO schema$1" ;;
	esac &&
	db_psql -c "UPDATE meta SET value = '$1' WHERE key = 'schema';
	    ALTER TABLE games $mark; UPDATE snapshots SET n = n"
}

test_expect_success 'a league from a newer shakeref is refused (3), one that is not shakeref'"'"'s (4)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	at_version 99 &&
	expect_exit 3 sr status && one_err_line && expect_err "newer shakeref" &&
	pg_createdb other_${PWD##*/} &&
	pg_psql -d other_${PWD##*/} -c "CREATE TABLE accounts(id int)" &&
	expect_exit 4 sr -d postgresql:///other_${PWD##*/} new --game shake --players Ann,Bob &&
	one_err_line && expect_err "not a shakeref database"
'

# The version a table saw last, kept beside its current game: a command
# asks it with its first statements, and the server refuses the rest of
# them (a COMMIT too) if the league is at another one now.
test_expect_success 'a table asks the schema it saw last with its first statements: at another version since, a move keeps nothing and says so (4), the next one looks first and goes in; a newer one is refused (3)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	test "$(cat "$HOME"/.local/state/shakeref/league-*.schema)" = 6 &&
	at_version 2 &&
	expect_exit 4 sr take && one_err_line &&
	expect_err "changed its schema (now 2) since this table last used it; try again" &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 1 &&
	! ls "$HOME"/.local/state/shakeref/league-*.schema 2>/dev/null &&
	expect_exit 0 sr take && expect_out "Bob takes" &&
	test "$(db_psql -c "SELECT value FROM meta WHERE key = '"'"'schema'"'"'")" = 6 &&
	sr status >/dev/null &&
	test "$(cat "$HOME"/.local/state/shakeref/league-*.schema)" = 6 &&
	at_version 99 &&
	expect_exit 3 sr roll 10 20 && one_err_line && expect_err "newer shakeref" &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 2
'

# listen_start: a psql session (in the background, fed by ./listen)
# listening on channel shakeref; listen_heard N prints the payloads of
# the notifications it has received by now, one a line (psql prints them
# after a statement's result: two statements asked, the second waited
# for); listen_stop ends it.
listen_start() {
	rm -f listen heard && mkfifo listen &&
	{ pg_psql -d "${PWD##*/}" <listen >heard 2>&1 & } &&
	exec 4>listen &&
	echo "LISTEN shakeref; SELECT 'listening';" >&4 &&
	wait_for grep -q listening heard
}
listen_heard() {
	echo "SELECT 'mark $1'; SELECT 'end $1';" >&4 &&
	wait_for grep -q "end $1" heard &&
	sed -n 's/^Asynchronous notification "shakeref" with payload "\([0-9]*\)".*/\1/p' heard
}
listen_stop() {
	echo '\q' >&4 && exec 4>&- && wait
}

# Schema 2 notified by a PL/pgSQL trigger (as migration 0 -> 1 made it).
v2_notify="CREATE FUNCTION shakeref_notify() RETURNS trigger LANGUAGE
    plpgsql AS \$\$BEGIN IF TG_TABLE_NAME = 'games' THEN PERFORM
    pg_notify('shakeref', NEW.id::text); ELSE PERFORM pg_notify('shakeref',
    NEW.game_id::text); END IF; RETURN NULL; END\$\$;
    CREATE TRIGGER entries_notify AFTER INSERT ON entries FOR EACH ROW
    EXECUTE FUNCTION shakeref_notify();
    CREATE TRIGGER games_notify AFTER INSERT OR UPDATE ON games FOR EACH ROW
    EXECUTE FUNCTION shakeref_notify();
    UPDATE meta SET value = '2' WHERE key = 'schema'"

test_expect_success 'a schema 2 league (notified by a PL/pgSQL trigger) is migrated to 3 at a table of an older shakeref: the triggers gone, the entries kept; an entry notifies once, when it commits, and a refused one never' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	db_psql -c "$v2_notify" >/dev/null &&
	rm -f "$HOME"/.local/state/shakeref/league-*.schema &&
	listen_start &&
	sr take >/dev/null &&
	test "$(db_psql -c "SELECT value FROM meta WHERE key = $q"schema"$q")" = 6 &&
	test "$(db_psql -c "SELECT count(*) FROM pg_trigger WHERE tgname
	    IN ($q"entries_notify"$q, $q"games_notify"$q)")" = 0 &&
	test "$(db_psql -c "SELECT count(*) FROM pg_proc
	    WHERE proname = $q"shakeref_notify"$q")" = 0 &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 2 &&
	test "$(listen_heard 1)" = 1 &&
	sr new --game shake --players Cid,Dan >/dev/null &&
	expect_exit 1 sr take &&
	sr roll 10 20 >/dev/null &&
	listen_heard 2 >heard.2 &&
	listen_stop &&
	printf "1\n2\n2\n" >expect.2 &&
	cmp expect.2 heard.2
'

# seats_read: how often the server has read the table seats (every read
# of a game reads its seats; a write on a table's copy does not).
seats_read() {
	db_psql -c "SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0)
	    FROM pg_stat_user_tables WHERE relname = 'seats'"
}

# fresh ARGS...: shakeref at a table that never played (no copy, no
# current game: -g 1), its stdout in fresh.out, stderr in fresh.err.
fresh() {
	rm -rf fresh && XDG_STATE_HOME=$PWD/fresh \
	    "$SHAKEREF" -g 1 "$@" >fresh.out 2>fresh.err
}

test_expect_success 'a table that kept the game from its last entry writes the next without reading the game; after another table'"'"'s entry, check --repair or a copy unreadable, it reads first and rules on the game as the server holds it (issue 39)' '
	kept="$HOME/.local/state/shakeref/league-*.kept" &&
	other="env XDG_STATE_HOME=$PWD/other $SHAKEREF -g 1" &&
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 30 30 30 >/dev/null && sr roll 30 30 30 >/dev/null &&
	ls $kept >/dev/null &&
	r=$(seats_read) &&
	expect_exit 0 sr roll 30 30 30 && expect_out "void" &&
	test "$(seats_read)" = "$r" &&
	test "$(db_psql -c "SELECT max(n) FROM entries")" = 3 &&
	$other roll 10 20 30 >/dev/null &&
	expect_exit 0 sr take && expect_out "Cid takes 30; Bob chooses" &&
	$other take >/dev/null &&
	expect_exit 0 sr take && expect_out "Ann takes 10; round 1 is over" &&
	$other roll 10 20 30 >/dev/null &&
	{ fresh roll 30 30 30; fs=$?; true; } && test $fs -ne 0 &&
	expect_exit $fs sr roll 30 30 30 && cmp fresh.err err &&
	test "$(db_psql -c "SELECT max(n), count(*) FROM entries")" = "8|8" &&
	sr take >/dev/null && sr take >/dev/null && sr take >out &&
	expect_out "round 2 is over" &&
	r=$(seats_read) &&
	expect_exit 0 sr roll 30 30 30 && test "$(seats_read)" = "$r" &&
	db_psql -c "UPDATE seats SET score = 999 WHERE seat = 1" &&
	expect_exit 0 sr check --repair &&
	r=$(seats_read) &&
	expect_exit 0 sr roll 30 30 30 && test "$(seats_read)" -gt "$r" &&
	echo "{not a copy" >$kept &&
	expect_exit 0 sr roll 30 30 30 &&
	python3 -c "import json, sys; json.load(open(sys.argv[1]))" $kept &&
	expect_exit 0 sr check &&
	sr --json history >out &&
	json "[.entries[].verb] == [\"roll\", \"roll\", \"roll\", \"roll\", \"take\", \"take\", \"take\", \"roll\", \"take\", \"take\", \"take\", \"roll\", \"roll\", \"roll\"]" &&
	json "[.entries[].player] == [null, null, null, null, \"Cid\", \"Bob\", \"Ann\", null, \"Cid\", \"Bob\", \"Ann\", null, null, null]"
'

test_expect_success 'a table'"'"'s copy never refuses: an entry it would refuse is judged on the game read; a game held by another writer: the copy waits for nothing, the entry waits for the lock as always, then goes in (issue 39)' '
	kept="$HOME/.local/state/shakeref/league-*.kept" &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	ls $kept >/dev/null &&
	{ fresh roll 10 20; fs=$?; true; } && test $fs -ne 0 &&
	expect_exit $fs sr roll 10 20 && cmp fresh.err err &&
	expect_err "'"'"'roll'"'"' is not expected now" &&
	{ fresh take 5; fs=$?; true; } && test $fs -ne 0 &&
	expect_exit $fs sr take 5 && cmp fresh.err err &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 2 &&
	ls $kept >/dev/null &&
	hold "SELECT pg_advisory_xact_lock(1)" &&
	{ sr take >late.out 2>late.err & } && late=$! &&
	wait_for waiting 1 &&
	echo "COMMIT;" >&3 && exec 3>&- && wait $late && wait &&
	grep -q "Ann takes 10; round 1 is over" late.out &&
	test ! -s late.err &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 3 &&
	expect_exit 0 sr check
'

test_expect_success 'standings --all-time from the tallies the server keeps, through undo and redo' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players bob,Cid >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr --json standings --all-time >out &&
	json "[.players[] | [.name, .played, .won]] | sort == [[\"Ann\",1,0],[\"Bob\",2,1],[\"Cid\",1,1]]" &&
	sr undo >/dev/null &&
	sr --json standings --all-time >out &&
	json "[.players[] | [.name, .played, .won]] | sort == [[\"Ann\",1,0],[\"Bob\",1,1]]" &&
	sr redo >/dev/null && expect_exit 0 sr check &&
	test "$(db_psql -c "SELECT sum(played) FROM tallies")" = 4
'

test_expect_success 'check finds a summary and tallies tampered in the server, and --repair rebuilds them' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	db_psql -c "UPDATE seats SET score = 999 WHERE seat = 0" &&
	db_psql -c "UPDATE tallies SET played = 7, won = 7" &&
	expect_exit 3 sr check &&
	expect_out "game 1: Ann'"'"'s score is stored as 999, its entries give 100" &&
	expect_out "tally of '"'"'Bob'"'"' at shake: played 7, won 7; the games give played 1, won 1" &&
	expect_exit 0 sr check --repair && expect_exit 0 sr check &&
	test "$(db_psql -c "SELECT string_agg(played || $q|$q || won, $q $q
	    ORDER BY player_id) FROM tallies")" = "1|0 1|1" &&
	test "$(db_psql -c "SELECT score FROM seats WHERE seat = 0")" = 100
'

test_expect_success 'an entry changed behind shakeref (triggers off) that it cannot read: exit 3, one line' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "%s\n" "roll 10 20" take take "roll 10 20" | sr play >/dev/null &&
	db_psql -c "ALTER TABLE entries DISABLE TRIGGER entries_append_only" &&
	db_psql -c "UPDATE entries SET args = $q[10, \"20\"]$q WHERE n = 3" &&
	db_psql -c "ALTER TABLE entries ENABLE TRIGGER entries_append_only" &&
	expect_exit 3 sr history && one_err_line && expect_err "cannot read" &&
	expect_exit 3 sr --json history && one_err_line
'

test_expect_success 'the URI'"'"'s options= and PGOPTIONS are kept beside shakeref'"'"'s own: a league in a schema of the club'"'"'s choosing' '
	db_psql -c "CREATE SCHEMA club; CREATE SCHEMA other" &&
	SHAKEREF_DB="$SHAKEREF_DB?options=-csearch_path%3Dclub" &&
	expect_exit 0 sr new --game shake --players Ann,Bob &&
	expect_exit 0 sr roll 10 20 &&
	test "$(db_tables)" = 0 &&
	test "$(db_psql -c "SELECT count(*) FROM club.entries")" = 1 &&
	SHAKEREF_DB=${SHAKEREF_DB%%\?*} &&
	PGOPTIONS=-csearch_path=other sr new --game shake --players Cid,Dee \
	    >/dev/null &&
	test "$(db_psql -c "SELECT string_agg(name, $q,$q ORDER BY name)
	    FROM other.players")" = "Cid,Dee" &&
	test "$(db_tables)" = 0
'

# Schema 5 as shakeref made it: the foreign keys to games (migration
# 0 -> 1 made them, 5 -> 6 dropped them) back, the undo cache's head in
# undo_heads (6 keeps it in the snapshot's row), no mark of the version
# in games (SCHEMA_MARK), the version 5.
v5_made="INSERT INTO undo_heads(game_id, n, key, depth, nundone)
    SELECT game_id, n, key, depth, nundone FROM snapshots
    WHERE depth IS NOT NULL;
    ALTER TABLE snapshots DROP COLUMN depth, DROP COLUMN nundone;
    ALTER TABLE games DROP COLUMN schema6;
    ALTER TABLE entries ADD FOREIGN KEY (game_id) REFERENCES games(id);
    ALTER TABLE snapshots ADD FOREIGN KEY (game_id) REFERENCES games(id);
    ALTER TABLE undo_heads ADD FOREIGN KEY (game_id) REFERENCES games(id);
    ALTER TABLE undo_states ADD FOREIGN KEY (game_id) REFERENCES games(id);
    ALTER TABLE dice_tally ADD FOREIGN KEY (game_id) REFERENCES games(id);
    ALTER TABLE entry_notes ADD FOREIGN KEY (game_id) REFERENCES games(id);
    UPDATE meta SET value = '5' WHERE key = 'schema'"

# Schema 2 as shakeref made it: schema 6's foreign keys back (v5_made),
# schema 5's coach_tally and schema 4's creation records, its seat
# trigger and its tallies' trigger undone, the notification triggers of
# migration 0 -> 1 back (v2_notify), the version 2.
v2_made="$v5_made; DROP TABLE setups; DROP TABLE coach_tally; DROP TRIGGER seats_player ON seats;
    DROP FUNCTION shakeref_seat_player(); DROP TRIGGER tallies_player ON seats;
    CREATE TRIGGER tallies_player AFTER UPDATE OF player_id ON seats
    FOR EACH ROW WHEN (OLD.player_id <> NEW.player_id)
    EXECUTE FUNCTION shakeref_tallies_player(); $v2_notify"

# The league whole at schema 2 or at 6, nothing between: its version,
# and the things each migration makes or drops, as one line.
schema_now() {
	db_psql -c "SELECT (SELECT value FROM meta WHERE key = 'schema') ||
	    ' notify=' || (SELECT count(*) FROM pg_trigger
	    WHERE tgname IN ('entries_notify', 'games_notify')) ||
	    ' setups=' || coalesce((SELECT count(*) FROM pg_class
	    WHERE relname = 'setups' AND relnamespace = 'public'::regnamespace
	    )::text, '0') || ' seat_trigger=' || (SELECT count(*) FROM pg_trigger
	    WHERE tgname = 'seats_player') || ' coach=' || (SELECT count(*)
	    FROM pg_class WHERE relname = 'coach_tally'
	    AND relnamespace = 'public'::regnamespace) || ' fk=' || (SELECT
	    count(*) FROM pg_constraint WHERE contype = 'f'
	    AND confrelid = 'games'::regclass AND conrelid::regclass::text
	    IN ('entries', 'snapshots', 'undo_heads', 'undo_states',
	    'dice_tally', 'entry_notes'))"
}

test_expect_success 'a schema 5 league is migrated to 6 at the next command: no foreign key from the entries and caches to games, the undo head moved into its snapshot'"'"'s row, every row kept, check passes; a move and its undo then work as before' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "%s\n" "roll 10 20" take take "roll 30 40" | sr play >/dev/null &&
	db_psql -c "$v5_made" >/dev/null &&
	test "$(schema_now)" = "5 notify=0 setups=1 seat_trigger=1 coach=1 fk=6" &&
	test "$(db_psql -c "SELECT depth || $q $q || nundone FROM undo_heads")" = "4 0" &&
	rm -f "$HOME"/.local/state/shakeref/league-*.schema &&
	expect_exit 0 sr check && expect_out "1 game checked: 0 problems" &&
	test "$(schema_now)" = "6 notify=0 setups=1 seat_trigger=1 coach=1 fk=0" &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 4 &&
	test "$(db_psql -c "SELECT count(*) FROM undo_heads")" = 0 &&
	test "$(db_psql -c "SELECT n || $q $q || depth || $q $q || nundone
	    FROM snapshots")" = "4 4 0" &&
	sr take >/dev/null && sr undo >/dev/null &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 6 &&
	expect_exit 0 sr check && expect_out "1 game checked: 0 problems"
'

# gone: no connection of shakeref's left (the server has seen the
# client go and ended its transaction).
gone() {
	test "$(db_psql -c "SELECT count(*) FROM pg_stat_activity
	    WHERE application_name = 'shakeref'")" = 0
}

# migrate_killed MOMENT: `status` at schema 2 migrates the league; killed
# -9 at MOMENT (a table it waits for, held against everyone: then in its
# transaction, or a delay in seconds from its start); then the league is
# whole at 2 or at 6, and the next command migrates it and check passes.
migrate_killed() {
	db_psql -c "$v2_made" >/dev/null &&
	rm -f "$HOME"/.local/state/shakeref/league-*.schema &&
	test "$(schema_now)" = "2 notify=2 setups=0 seat_trigger=0 coach=0 fk=6" &&
	case $1 in
	[a-z]*)
		hold "LOCK TABLE $1 IN ACCESS EXCLUSIVE MODE" &&
		{ "$SHAKEREF" status >/dev/null 2>&1 & } &&
		pid=$! &&
		wait_for waiting 1 &&
		kill -9 $pid && { wait $pid || :; } &&
		release ;;
	*)
		{ "$SHAKEREF" status >/dev/null 2>&1 & } &&
		pid=$! &&
		sleep "$1" &&
		{ kill -9 $pid 2>/dev/null || :; } && { wait $pid || :; } ;;
	esac &&
	wait_for gone &&
	now=$(schema_now) &&
	echo "# killed at $1: $now" &&
	case $now in
	"2 notify=2 setups=0 seat_trigger=0 coach=0 fk=6"|\
	"6 notify=0 setups=1 seat_trigger=1 coach=1 fk=0") ;;
	*) echo "# neither schema 2 nor 6 whole: $now"; return 1 ;;
	esac &&
	expect_exit 0 sr check && expect_out "3 games checked: 0 problems" &&
	test "$(schema_now)" = "6 notify=0 setups=1 seat_trigger=1 coach=1 fk=0" &&
	test "$(db_psql -c "SELECT count(*) FROM setups")" = 3 &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 65
}

# SPEC "Settled details": a migration is one transaction, a kill at any
# moment leaves the old schema or the new one, each passing check.  Ten
# moments of 2 -> 3 -> 4 -> 5 -> 6: five with the migration waiting in its
# transaction for a table another session holds (migration 3's triggers
# of entries, 4's of seats, the summaries' rebuild at tallies, snapshots
# and the notes), five at growing delays from its start (a few milliseconds: the
# migration of a small league takes some tens).
test_expect_success 'kill -9 at ten moments of a migration from schema 2 to 6: the league whole at 2 or at 6 each time; the next command migrates it, check passes' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players Cid,Dan >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players Eve,Fay >/dev/null &&
	sr roll 10 20 >/dev/null &&
	test "$(db_psql -c "SELECT count(*) FROM entries")" = 65 &&
	for moment in entries seats tallies snapshots entry_notes \
	    0.01 0.02 0.03 0.045 0.07; do
		migrate_killed $moment || return 1
	done
'

test_done
