#!/bin/sh
# tests/cli/league-rights.sh: the rights of the league's two roles
# (README "Club league", issue 38): the tables' role, `league`, may do
# what a table does after `new` and no more: it never changes who
# played (a seat's player, a player's name), a game's rules or options,
# nor a game's creation record, and never deletes a game, a seat or a
# player; schema 4's migration (the owner's alone) takes those rights
# from a league made before.  On the file's own PostgreSQL server
# (tests/pg.sh), with the roles as README makes them.
SHAKEREF_TEST_PG=1
. "$SRCDIR/tests/cli/lib.sh"
if [ "${sr_engine:-}" != pg ]; then
	echo "1..0 # SKIP lib.sh has no league harness (tests/pg.sh)"
	exit 0
fi

q="'"

# psql as README's tables' role, `league`, on database `league`.
as_tables() {
	"$pg_bin/psql" -X -q -A -t -v ON_ERROR_STOP=1 -U league -d league "$@"
}

# psql as the server's superuser on database `league`.
as_super() {
	pg_psql -d league "$@"
}

# README's database and roles made, and its schema by the owner's
# import of nothing (README's own lines, run as written).  Roles are the
# server's: made once, by the first test.
readme_league() {
	sed -n "/^## Club league/,/^## [^C]/p" "$SRCDIR/README.md" >section &&
	awk "/^    /{ p = 1; print substr(\$0, 5); next } p { exit }" \
	    section >roles.sql &&
	grep -q "^CREATE ROLE league LOGIN" roles.sql &&
	if [ "$(pg_psql -c "SELECT count(*) FROM pg_roles
	    WHERE rolname = $q"league"$q")" = 1 ]; then
		pg_psql -c "DROP DATABASE IF EXISTS league" >/dev/null &&
		grep -v "^CREATE ROLE" roles.sql >roles2.sql &&
		mv roles2.sql roles.sql
	fi &&
	pg_psql -f roles.sql >/dev/null &&
	awk "/^    echo/ { p = 1 } p && /^    / { print substr(\$0, 5); next }
	    p { exit }" section |
	    sed "s|^shakeref |\"\$SHAKEREF\" |; s|@club-server/|@/|" >owner.sh &&
	grep -q "league_owner@/league import" owner.sh &&
	sh owner.sh >out && expect_out "imported 0 games"
}

# Each write that would change who played, the rules, the options or a
# creation record, refused to the tables' role for want of the right.
tables_refused() {
	for sql in \
	    "UPDATE seats SET player_id = (SELECT min(id) FROM players)" \
	    "UPDATE players SET name = name || 'x'" \
	    "UPDATE games SET options = '{}'" \
	    "UPDATE games SET rules = 'shake-up'" \
	    "UPDATE seats SET name0 = 'Zed'" \
	    "UPDATE games SET title0 = 'x', created = 1, uid = 'x'" \
	    "DELETE FROM seats" "DELETE FROM games" "DELETE FROM players" \
	    "UPDATE setups SET options = '{}'" "DELETE FROM setups" \
	    "TRUNCATE setups"; do
		if as_tables -c "$sql" >out 2>err; then
			echo "# the tables' role may: $sql"
			return 1
		fi
		grep -q "permission denied for table" err ||
		    { echo "# $sql: $(cat err)"; return 1; }
	done
}

test_expect_success 'the tables'"'"' role is refused a change of a seat'"'"'s player, a player'"'"'s name, the options, the rules and the creation record (permission denied), and plays, renames and repairs as ever' '
	readme_league &&
	SHAKEREF_DB=postgresql://league@/league &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	tables_refused &&
	sr --json standings --all-time >out &&
	json "[.players[] | [.name, .played, .won]] ==
	    [[\"Bob\", 1, 1], [\"Ann\", 1, 0]]" &&
	sr rename Bob Rob >/dev/null &&
	sr --json standings --all-time >out &&
	json "[.players[] | [.name, .played, .won]] ==
	    [[\"Rob\", 1, 1], [\"Ann\", 1, 0]]" &&
	as_tables -c "UPDATE seats SET score = 5, name = ${q}Ann${q}
	    WHERE seat = 1" &&
	expect_exit 3 sr check &&
	expect_out "game 1: seat 2 is stored as ${q}Ann${q}, its entries give ${q}Rob${q}" &&
	expect_exit 0 sr check --repair && expect_exit 0 sr check &&
	sr --json standings --all-time >out &&
	json "[.players[] | [.name, .played, .won]] ==
	    [[\"Rob\", 1, 1], [\"Ann\", 1, 0]]" &&
	test "$(as_super -c "SELECT names FROM setups")" = "[\"Ann\",\"Bob\"]" &&
	sr undo >/dev/null && sr redo >/dev/null && expect_exit 0 sr check
'

# The rights a league made by an older shakeref gave its tables' role
# (README's default privileges, and no creation records): schema 3 as
# migration 2 -> 3 left it.
v3_rights="DROP TABLE setups; DROP TABLE coach_tally;
    DROP TRIGGER seats_player ON seats;
    DROP FUNCTION shakeref_seat_player();
    DROP TRIGGER tallies_player ON seats;
    CREATE TRIGGER tallies_player AFTER UPDATE OF player_id ON seats
    FOR EACH ROW WHEN (OLD.player_id <> NEW.player_id)
    EXECUTE FUNCTION shakeref_tallies_player();
    GRANT SELECT, INSERT, UPDATE, DELETE ON games, seats, players TO league;
    UPDATE meta SET value = '3' WHERE key = 'schema'"

test_expect_success 'a schema 3 league is migrated to 4 (and 5, 6) by its owner alone: the tables'"'"' rights narrowed, each game'"'"'s setup recorded as it is' '
	readme_league &&
	SHAKEREF_DB=postgresql://league@/league &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr new --game shake --players Cid,Dan --title Cup >/dev/null &&
	sr rename Dan Dee >/dev/null &&
	as_super -c "$v3_rights" >/dev/null &&
	as_tables -c "UPDATE games SET title = title WHERE false" &&
	rm -f "$HOME"/.local/state/shakeref/league-*.schema &&
	expect_exit 4 sr status && one_err_line &&
	expect_err "as the schema${q}s owner alone" &&
	sr -d postgresql://league_owner@/league games >/dev/null &&
	test "$(as_super -c "SELECT value FROM meta WHERE key = ${q}schema${q}")" = 6 &&
	test "$(as_super -c "SELECT string_agg(names, ${q} ${q} ORDER BY game_id)
	    FROM setups")" = "[\"Ann\", \"Bob\"] [\"Cid\", \"Dan\"]" &&
	test "$(as_super -c "SELECT title FROM setups WHERE game_id = 2")" = Cup &&
	tables_refused &&
	expect_exit 0 sr check && expect_out "2 games checked: 0 problems" &&
	sr roll 10 20 >/dev/null && sr rename Dee Eve >/dev/null &&
	expect_exit 0 sr check
'

test_done
