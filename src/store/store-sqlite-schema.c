/*
 * store-sqlite-schema.c: the schema of a SQLite file, one migration
 * per version, and the judgement of a version found at open (the
 * SQLite engine: store-sqlite.c; its own header store-sqlite.h).
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store-sqlite.h"

/*
 * The schema, one migration per version: migrations[v] takes a database
 * at user_version v to v + 1.  Forward only.
 */
static const char *const migrations[] = {
	/* 0 -> 1 */
	"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
	"CREATE TABLE players(id INTEGER PRIMARY KEY,"
	" name TEXT NOT NULL UNIQUE COLLATE NOCASE);"
	"CREATE TABLE games(id INTEGER PRIMARY KEY, rules TEXT NOT NULL,"
	" title TEXT, options TEXT NOT NULL, created INTEGER NOT NULL,"
	" finished INTEGER NOT NULL DEFAULT 0);"
	"CREATE INDEX games_finished ON games(finished, id);"
	"CREATE TABLE seats(game_id INTEGER NOT NULL REFERENCES games(id),"
	" seat INTEGER NOT NULL, player_id INTEGER NOT NULL"
	" REFERENCES players(id), name TEXT NOT NULL,"
	" score INTEGER NOT NULL DEFAULT 0, won INTEGER NOT NULL DEFAULT 0,"
	" PRIMARY KEY(game_id, seat)) WITHOUT ROWID;"
	"CREATE INDEX seats_player ON seats(player_id);"
	"CREATE TABLE entries(game_id INTEGER NOT NULL REFERENCES games(id),"
	" n INTEGER NOT NULL, player TEXT, verb TEXT NOT NULL,"
	" args TEXT NOT NULL, fact TEXT, at INTEGER NOT NULL,"
	" PRIMARY KEY(game_id, n)) WITHOUT ROWID;"
	/* entries are never changed or deleted */
	"CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries"
	" BEGIN SELECT RAISE(ABORT, 'entries are append-only'); END;"
	"CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries"
	" BEGIN SELECT RAISE(ABORT, 'entries are append-only'); END;",
	/*
	 * 1 -> 2: per player and rules, finished games played and won, so
	 * that `standings --all-time` reads one row per player and rules
	 * instead of every seat of every game.  Kept by triggers from the
	 * games' and seats' summaries, and rebuilt from them here.
	 */
	"CREATE TABLE tallies(player_id INTEGER NOT NULL"
	" REFERENCES players(id), rules TEXT NOT NULL,"
	" played INTEGER NOT NULL, won INTEGER NOT NULL,"
	" PRIMARY KEY(player_id, rules)) WITHOUT ROWID;"
	"INSERT INTO tallies(player_id, rules, played, won)"
	" SELECT s.player_id, g.rules, COUNT(*), SUM(s.won) FROM seats s"
	" JOIN games g ON g.id = s.game_id WHERE g.finished = 1"
	" GROUP BY s.player_id, g.rules;"
	/* A game finished, or made active again by undo. */
	"CREATE TRIGGER tallies_finished AFTER UPDATE OF finished ON games"
	" WHEN old.finished != new.finished BEGIN"
	" INSERT INTO tallies(player_id, rules, played, won)"
	" SELECT s.player_id, new.rules, new.finished - old.finished,"
	" (new.finished - old.finished) * s.won FROM seats s"
	" WHERE s.game_id = new.id"
	" ON CONFLICT(player_id, rules) DO UPDATE SET"
	" played = played + excluded.played, won = won + excluded.won; END;"
	/* A seat's win changed in a finished game. */
	"CREATE TRIGGER tallies_won AFTER UPDATE OF won ON seats"
	" WHEN old.won != new.won BEGIN"
	" UPDATE tallies SET won = won + new.won - old.won"
	" WHERE player_id = new.player_id AND rules ="
	" (SELECT rules FROM games WHERE id = new.game_id AND finished = 1);"
	" END;"
	/* A seat added to a finished game (an import). */
	"CREATE TRIGGER tallies_seat AFTER INSERT ON seats"
	" WHEN (SELECT finished FROM games WHERE id = new.game_id) = 1 BEGIN"
	" INSERT INTO tallies(player_id, rules, played, won)"
	" SELECT new.player_id, rules, 1, new.won FROM games"
	" WHERE id = new.game_id"
	" ON CONFLICT(player_id, rules) DO UPDATE SET"
	" played = played + 1, won = won + excluded.won; END;",
	/*
	 * 2 -> 3: every game gets a uid (kept by export and import); a game
	 * may be abandoned (finished = 2, counted nowhere); the title and
	 * the seats' names are those now (after title and rename entries),
	 * title0 and name0 those at creation, where replay starts.  A seat
	 * renamed in a finished game moves its tally to the new name.
	 */
	"ALTER TABLE games ADD COLUMN uid TEXT;"
	"UPDATE games SET uid = lower(hex(randomblob(16)));"
	"CREATE UNIQUE INDEX games_uid ON games(uid);"
	"ALTER TABLE games ADD COLUMN title0 TEXT;"
	"UPDATE games SET title0 = title;"
	"ALTER TABLE seats ADD COLUMN name0 TEXT;"
	"UPDATE seats SET name0 = name;"
	"DROP TRIGGER tallies_finished;"
	"CREATE TRIGGER tallies_finished AFTER UPDATE OF finished ON games"
	" WHEN (old.finished = 1) != (new.finished = 1) BEGIN"
	" INSERT INTO tallies(player_id, rules, played, won)"
	" SELECT s.player_id, new.rules, (new.finished = 1) - (old.finished = 1),"
	" ((new.finished = 1) - (old.finished = 1)) * s.won FROM seats s"
	" WHERE s.game_id = new.id"
	" ON CONFLICT(player_id, rules) DO UPDATE SET"
	" played = played + excluded.played, won = won + excluded.won; END;"
	"CREATE TRIGGER tallies_player AFTER UPDATE OF player_id ON seats"
	" WHEN old.player_id != new.player_id AND"
	" (SELECT finished FROM games WHERE id = new.game_id) = 1 BEGIN"
	" UPDATE tallies SET played = played - 1, won = won - old.won"
	" WHERE player_id = old.player_id AND rules ="
	" (SELECT rules FROM games WHERE id = new.game_id);"
	" INSERT INTO tallies(player_id, rules, played, won)"
	" SELECT new.player_id, rules, 1, new.won FROM games"
	" WHERE id = new.game_id"
	" ON CONFLICT(player_id, rules) DO UPDATE SET"
	" played = played + 1, won = won + excluded.won; END;",
	/*
	 * 3 -> 4: a snapshot of each game's replayed state (issue 10), so
	 * that a command reads one row instead of replaying every entry.  A
	 * cache of the entries like the summaries: n is the number of the
	 * last entry in it, key a checksum of that entry, the format and
	 * the state (see sq_snapshot_key()); one that does not match is
	 * ignored and the game replayed.  Empty here: the summaries'
	 * rebuild after a migration makes them.
	 */
	"CREATE TABLE snapshots(game_id INTEGER PRIMARY KEY"
	" REFERENCES games(id), n INTEGER NOT NULL, format TEXT NOT NULL,"
	" key TEXT NOT NULL, state BLOB NOT NULL);",
	/*
	 * 4 -> 5: INSERT OR REPLACE got round the append-only triggers
	 * (REPLACE deletes the row in the way without firing a DELETE
	 * trigger unless recursive_triggers is on): an entry whose place
	 * is taken is refused before any conflict handling.
	 */
	"CREATE TRIGGER entries_no_replace BEFORE INSERT ON entries"
	" WHEN EXISTS (SELECT 1 FROM entries WHERE game_id = new.game_id"
	" AND n = new.n)"
	" BEGIN SELECT RAISE(ABORT, 'entries are append-only'); END;",
	/*
	 * 5 -> 6: shake-a-word's option `compounds` (SW-2, issue 25),
	 * default off.  Every shake-a-word game stored before it was
	 * judged with compounds allowed, so it keeps them: compounds=on
	 * in its options (a dictionary without compounding rules judges
	 * alike either way), and its rulings, solve and review stay as
	 * they were.  The options stay one object with its keys sorted,
	 * as `new` and `import` write them.  A fact of history, so the
	 * rules and the key are named here (cmd.c's load_options gives a
	 * game without the key the same, by the option's kind).
	 */
	"UPDATE games SET options = (SELECT json_group_object(key, value)"
	" FROM (SELECT key, value FROM json_each(json_set(games.options,"
	" '$.compounds', 'on')) ORDER BY key))"
	" WHERE rules = 'shake-a-word' AND json_valid(options)"
	" AND json_type(options, '$.compounds') IS NULL;",
	/*
	 * 6 -> 7: caches for undo, redo and the dice audit (issue 29), so
	 * that none of them replays a long game.  undo_heads: per game the
	 * stacks of entries in effect (depth) and undone (nundone), written
	 * with the snapshot whose n and key it repeats (else it is ignored
	 * and rebuilt).  undo_states: the top of those stacks, kind 0 an
	 * entry in effect at depth pos with the snapshot of the state
	 * before it, kind 1 an undone one at pos of the redo stack.
	 * dice_tally: per game, seat (-1: none), kind of die and face, the
	 * dice of the entries in effect, kept like the seats' scores.
	 * entry_notes: per entry its round and its note in words as replay
	 * gives them (a function of the entries up to it), and whether a
	 * later undo takes it back, for history.
	 * Empty here: the rebuild after a migration makes them.  IF NOT
	 * EXISTS: a file set back to an earlier version to run a later
	 * migration again (a test) keeps them.
	 */
	"CREATE TABLE IF NOT EXISTS undo_heads(game_id INTEGER PRIMARY KEY"
	" REFERENCES games(id), n INTEGER NOT NULL, key TEXT NOT NULL,"
	" depth INTEGER NOT NULL, nundone INTEGER NOT NULL);"
	"CREATE TABLE IF NOT EXISTS undo_states(game_id INTEGER NOT NULL"
	" REFERENCES games(id), kind INTEGER NOT NULL, pos INTEGER NOT NULL,"
	" n INTEGER NOT NULL, state BLOB,"
	" PRIMARY KEY(game_id, kind, pos)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS dice_tally(game_id INTEGER NOT NULL"
	" REFERENCES games(id), seat INTEGER NOT NULL, kind INTEGER NOT NULL,"
	" face INTEGER NOT NULL, count INTEGER NOT NULL,"
	" PRIMARY KEY(game_id, seat, kind, face)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS entry_notes(game_id INTEGER NOT NULL"
	" REFERENCES games(id), n INTEGER NOT NULL, round INTEGER NOT NULL,"
	" undone INTEGER NOT NULL, note TEXT NOT NULL,"
	" PRIMARY KEY(game_id, n)) WITHOUT ROWID;",
	/*
	 * 7 -> 8: the coach's view of each finished game (issue 37), so
	 * that `standings --all-time` reads it instead of reviewing every
	 * game: per game, seat and basis (advice.h's enum advice_basis)
	 * the decisions review judges and their error summed, in
	 * millionths; seat -1 the game's head, written even with no
	 * decision.  n: the game's last entry when it was made (a row of
	 * other entries is ignored and made again).  Empty here: made
	 * lazily by standings, compared and rebuilt by check.
	 */
	"CREATE TABLE IF NOT EXISTS coach_tally(game_id INTEGER NOT NULL"
	" REFERENCES games(id), seat INTEGER NOT NULL, basis INTEGER NOT NULL,"
	" n INTEGER NOT NULL, decisions INTEGER NOT NULL,"
	" error INTEGER NOT NULL,"
	" PRIMARY KEY(game_id, seat, basis)) WITHOUT ROWID;",
	/*
	 * 8 -> 9: each game's creation record (issue 38): what `new` or
	 * `import` set up (rules, options, title, created, uid, the seats'
	 * names as a JSON array), written with the game and never changed
	 * (the entries' triggers), so that check finds a game's setup or a
	 * seat's player changed in the file and check --repair does not
	 * make it the game's.  A game stored before gets its setup as it is
	 * at this migration.  IF NOT EXISTS, NOT EXISTS: a file set back to
	 * an earlier version runs it again (a test).
	 */
	"CREATE TABLE IF NOT EXISTS setups(game_id INTEGER PRIMARY KEY"
	" REFERENCES games(id), rules TEXT NOT NULL, options TEXT NOT NULL,"
	" title TEXT, created INTEGER NOT NULL, uid TEXT, names TEXT NOT NULL);"
	"CREATE TRIGGER IF NOT EXISTS setups_no_update BEFORE UPDATE ON setups"
	" BEGIN SELECT RAISE(ABORT, 'creation records are append-only'); END;"
	"CREATE TRIGGER IF NOT EXISTS setups_no_delete BEFORE DELETE ON setups"
	" BEGIN SELECT RAISE(ABORT, 'creation records are append-only'); END;"
	"CREATE TRIGGER IF NOT EXISTS setups_no_replace BEFORE INSERT ON setups"
	" WHEN EXISTS (SELECT 1 FROM setups WHERE game_id = new.game_id)"
	" BEGIN SELECT RAISE(ABORT, 'creation records are append-only'); END;"
	"INSERT INTO setups(game_id, rules, options, title, created, uid,"
	" names) SELECT g.id, g.rules, g.options, g.title0, g.created, g.uid,"
	" (SELECT json_group_array(name0) FROM (SELECT name0 FROM seats"
	" WHERE game_id = g.id ORDER BY seat)) FROM games g"
	" WHERE NOT EXISTS (SELECT 1 FROM setups WHERE game_id = g.id);",
};
#define NMIGRATIONS	((int)(sizeof migrations / sizeof migrations[0]))

/* The schema version of the file (PRAGMA user_version) into *version. */
int
sq_schema_version(struct sqlite_store *s, int *version, char **why)
{
	struct query q;
	int status;

	*version = 0;
	if ((status = sq_query_start(&q, s, "PRAGMA user_version", why, "")) !=
	    SR_OK)
		return status;
	if (sq_query_row(&q))
		*version = sqlite3_column_int(q.st, 0);
	return sq_query_end(&q, why);
}

/* Refuse a file from a newer shakeref (exit 3). */
static int
refuse_newer(struct sqlite_store *s, int version, char **why)
{
	return store_fail(why, SR_DATA, "database '%s' is from a newer "
	    "shakeref (schema %d; this one knows up to %d)", s->path, version,
	    NMIGRATIONS);
}

static const char *const known_tables[] = {
	"meta", "players", "games", "seats", "entries", "tallies"
};

/*
 * What schema_known() compares, into *count: the objects of the file
 * not SQLite's own with objects, else how many of known_tables[] it has
 * as tables.  By a query on sqlite_master.
 */
static int
tables_counted(struct sqlite_store *s, int objects, int *count, char **why)
{
	const char *const *t = known_tables;
	struct query q;
	int status;

	if ((status = sq_query_start(&q, s, "SELECT (SELECT COUNT(*) FROM"
	    " sqlite_master WHERE name NOT LIKE 'sqlite_%'), (SELECT COUNT(*)"
	    " FROM sqlite_master WHERE type = 'table' AND name IN"
	    " (?, ?, ?, ?, ?, ?))", why, "tttttt", t[0], t[1], t[2], t[3],
	    t[4], t[5])) != SR_OK)
		return status;
	if (sq_query_row(&q))
		*count = sqlite3_column_int(q.st, objects ? 0 : 1);
	return sq_query_end(&q, why);
}

#ifdef HAVE_SQLITE3_TABLE_COLUMN_METADATA
/*
 * tables_counted() without objects, looked up in the schema SQLite reads
 * once for every query of the connection anyway: the query on
 * sqlite_master cost as much to prepare and run as every statement of
 * `status` together (issue 39).  Tables, not views, as the query's
 * type = 'table'.  A schema SQLite cannot read is its failure, not a
 * table missing.
 */
static int
tables_found(struct sqlite_store *s, int *count, char **why)
{
	size_t i;
	int rc;

	*count = 0;
	for (i = 0; i < sizeof known_tables / sizeof known_tables[0]; i++) {
		rc = sqlite3_table_column_metadata(s->db, "main",
		    known_tables[i], NULL, NULL, NULL, NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			++*count;
		else if (rc != SQLITE_ERROR || strncmp(sqlite3_errmsg(s->db),
		    "no such table", 13) != 0)
			return sq_fail_db(s, why);
	}
	return SR_OK;
}
#endif

/*
 * Whether the file's tables are shakeref's at schema version: none at all
 * at 0 (a new file), else at least those its migrations made.  Reads only:
 * a foreign file is refused exactly as it was.
 */
static int
schema_known(struct sqlite_store *s, int version, char **why)
{
	int status, count = -1, want;

	/* The tables made by migration 0 (five) and 1 (tallies). */
	want = version == 0 ? 0 : version == 1 ? 5 : 6;
#ifdef HAVE_SQLITE3_TABLE_COLUMN_METADATA
	if (version > 0)
		status = tables_found(s, &count, why);
	else
#endif
		status = tables_counted(s, version == 0, &count, why);
	if (status != SR_OK)
		return status;
	if (count != want)
		return store_fail(why, SR_SYSTEM, "'%s' is not a shakeref "
		    "database", s->path);
	return SR_OK;
}

/*
 * Refuse a version this shakeref cannot read (exit 4: negative, or
 * tables that are not shakeref's) or a newer one (exit 3); else SR_OK.
 */
int
sq_check_version(struct sqlite_store *s, int version, char **why)
{
	if (version < 0)
		return store_fail(why, SR_SYSTEM, "database '%s' has an "
		    "unknown schema version %d; it is not a shakeref database",
		    s->path, version);
	if (version > NMIGRATIONS)
		return refuse_newer(s, version, why);
	return schema_known(s, version, why);
}

/* Bring the schema up from version (as read) to date, or refuse it. */
int
sq_migrate(struct sqlite_store *s, int version, char **why)
{
	int status, v;
	char sql[64];

	if (version == NMIGRATIONS)
		return SR_OK;
	if (version > NMIGRATIONS)
		return refuse_newer(s, version, why);
	if ((status = sq_exec(s, "BEGIN IMMEDIATE", why)) != SR_OK)
		return status;
	/* Read again under the lock: another process may have migrated. */
	if ((status = sq_schema_version(s, &version, why)) != SR_OK ||
	    (status = sq_check_version(s, version, why)) != SR_OK)
		goto out;
	for (v = version; v < NMIGRATIONS; v++)
		if ((status = sq_exec(s, migrations[v], why)) != SR_OK)
			goto out;
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", NMIGRATIONS);
	if ((status = sq_exec(s, sql, why)) != SR_OK)
		goto out;
	/*
	 * An older file: the transaction stays open for the caller to
	 * rebuild the derived data in it, then commit (store_migrated()):
	 * a kill at any moment leaves the old schema or the new one whole.
	 */
	if ((s->migrated = version > 0))
		return SR_OK;
	return sq_exec(s, "COMMIT", why);
out:
	sq_roll_back(s);
	return status;
}

