/*
 * store-sqlite.c: games, players, seats and the append-only table of entries in
 * one SQLite file.  The only file that includes sqlite3.h.
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

#include <sqlite3.h>

#include "paths.h"
#include "store-engine.h"

/* Statements a store keeps prepared. */
#define STORE_KEPT	48

struct sqlite_store {
	struct store	 base;	/* first: see store-engine.h */
	sqlite3	*db;
	char	*path;
	int	 migrated;	/* an older schema was migrated at open */
	int	 wal_known;	/* the WAL's folder entry seen to be durable */
	/*
	 * Statements kept once prepared (prepare() and finish()), by their
	 * SQL text: preparing is most of what a row costs an import of
	 * thousands of games (the triggers are compiled into each).
	 */
	struct kept {
		const char	*sql;
		sqlite3_stmt	*st;
		int		 busy;
	}	 kept[STORE_KEPT];
};

/* The SQLite store of a store (its base: see store-engine.h). */
static struct sqlite_store *
sq(struct store *base)
{
	return (struct sqlite_store *)base;
}

/* sq() of a const store. */
static const struct sqlite_store *
csq(const struct store *base)
{
	return (const struct sqlite_store *)base;
}

/* WAL pages after which a commit checkpoints them into the database. */
#define STORE_WAL_PAGES	64
/*
 * Statement journals (a statement's undo inside a longer transaction:
 * every row of an import, with its triggers) kept in memory up to this
 * many bytes (SQLite's default: 64 KB).  Past it SQLite moves it to
 * a temporary file for the rest of the transaction: an import of 5 MB
 * wrote 97,000 pages there.  A bound per statement, not per file.
 */
#define STORE_STMTJRNL	(1024 * 1024)
/* How long a command waits for another one's lock. */
#define STORE_BUSY_MS	5000

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
	 * the state (see snapshot_key()); one that does not match is
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

/* Fail with SQLite's message for the last call. */
static int
fail_db(struct sqlite_store *s, char **why)
{
	int code = sqlite3_errcode(s->db);

	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		return store_fail(why, SR_SYSTEM, "database '%s' is locked by "
		    "another shakeref; try again", s->path);
	return store_fail(why, SR_SYSTEM, "database '%s': %s", s->path,
	    sqlite3_errmsg(s->db));
}

/* Create path's parent folders (0700) as needed. */
static int
make_parents(const char *path, char **why)
{
	char *dir;

	if (paths_make_parents(path, &dir) == 0)
		return SR_OK;
	store_fail(why, SR_SYSTEM, "cannot create folder '%s': %s", dir,
	    strerror(errno));
	free(dir);
	return SR_SYSTEM;
}

/* Run SQL without results. */
static int
exec(struct sqlite_store *s, const char *sql, char **why)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return fail_db(s, why);
	return SR_OK;
}

/*
 * Roll back the transaction open, if any.  Its code needs no more than
 * this: a ROLLBACK that fails (the transaction is gone already, or an I/O
 * error while undoing it) leaves nothing of the transaction committed,
 * which only COMMIT does, and SQLite rolls it back at the next open of
 * the file; a store still in it refuses the next BEGIN with SQLite's
 * message.
 */
static void
rollback(struct sqlite_store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		(void)sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

/*
 * Prepare a statement, or take the one kept for the same SQL text (sql is
 * a literal: its address names it); give it back with finish().
 */
static int
prepare(struct sqlite_store *s, const char *sql, sqlite3_stmt **st, char **why)
{
	struct kept *k, *free_slot = NULL;

	for (k = s->kept; k < s->kept + STORE_KEPT; k++) {
		if (k->sql == sql && !k->busy) {
			k->busy = 1;
			*st = k->st;
			return SR_OK;
		}
		if (k->sql == NULL && free_slot == NULL)
			free_slot = k;
	}
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK)
		return fail_db(s, why);
	if (free_slot != NULL) {
		free_slot->sql = sql;
		free_slot->st = *st;
		free_slot->busy = 1;
	}
	return SR_OK;
}

/*
 * Done with st: a kept one reset for its next use, else finalized.  The
 * code either gives back is the last step's, which query_end() has seen.
 */
static void
finish(struct sqlite_store *s, sqlite3_stmt *st)
{
	struct kept *k;

	if (st == NULL)
		return;
	for (k = s->kept; k < s->kept + STORE_KEPT; k++)
		if (k->st == st && k->sql != NULL) {
			(void)sqlite3_reset(st);
			(void)sqlite3_clear_bindings(st);
			k->busy = 0;
			return;
		}
	(void)sqlite3_finalize(st);
}

/*
 * Bind st's parameters from 1 on, one letter of types each: 'i' an int,
 * 'I' a long long, 't' a text (NULL binds NULL), 'b' a blob (a pointer
 * and a size_t), '-' none (left NULL).
 * Every bind is checked: a value SQLite cannot bind (too big) would be
 * stored or looked up as NULL.
 */
static int
bind(struct sqlite_store *s, sqlite3_stmt *st, char **why, const char *types,
    va_list ap)
{
	const char *t;
	const void *p;
	size_t n;
	int i, rc = SQLITE_OK;

	for (i = 1; *types != '\0' && rc == SQLITE_OK; types++, i++) {
		switch (*types) {
		case 'i':
			rc = sqlite3_bind_int(st, i, va_arg(ap, int));
			break;
		case 'I':
			rc = sqlite3_bind_int64(st, i, va_arg(ap, long long));
			break;
		case 't':
			if ((t = va_arg(ap, const char *)) != NULL)
				rc = sqlite3_bind_text(st, i, t, -1,
				    SQLITE_STATIC);
			break;
		case 'b':
			p = va_arg(ap, const void *);
			n = va_arg(ap, size_t);
			rc = sqlite3_bind_blob64(st, i, n > 0 ? p : "", n,
			    SQLITE_STATIC);
			break;
		default:
			break;
		}
	}
	if (rc == SQLITE_OK)
		return SR_OK;
	return store_fail(why, SR_SYSTEM, "database '%s': cannot use value %d "
	    "exactly: %s", s->path, i - 1, sqlite3_errstr(rc));
}

/*
 * A query: every statement of the engine runs through query_start(),
 * query_row() and query_end(), or query_exec(), which check each code
 * SQLite returns, so that no caller prepares, binds, steps or finalizes
 * a statement of its own.
 */
struct query {
	struct sqlite_store	*s;
	sqlite3_stmt		*st;	/* its row, while query_row() is 1 */
	int			 rc;	/* the last step's code */
};

/* Start q: sql prepared or kept (prepare()), bound as bind() says. */
static int
query_vstart(struct query *q, struct sqlite_store *s, const char *sql,
    char **why, const char *types, va_list ap)
{
	int status;

	q->s = s;
	q->st = NULL;
	q->rc = SQLITE_OK;
	if ((status = prepare(s, sql, &q->st, why)) != SR_OK)
		return status;
	if ((status = bind(s, q->st, why, types, ap)) != SR_OK) {
		finish(s, q->st);
		q->st = NULL;
	}
	return status;
}

/*
 * Start sql (a literal) with its parameters bound from 1 on, one letter
 * of types each ('i' an int, 'I' a long long, 't' a text or NULL, 'b' a
 * blob: a pointer and a size_t, '-' left NULL); SR_OK, else the failure
 * in *why and nothing to end.  Then query_row() while it gives rows, and
 * query_end() always.
 */
static int
query_start(struct query *q, struct sqlite_store *s, const char *sql,
    char **why, const char *types, ...)
{
	va_list ap;
	int status;

	va_start(ap, types);
	status = query_vstart(q, s, sql, why, types, ap);
	va_end(ap);
	return status;
}

/* Step q: 1 with a row in q->st, 0 at the end or on a failure. */
static int
query_row(struct query *q)
{
	return (q->rc = sqlite3_step(q->st)) == SQLITE_ROW;
}

/*
 * End q (at its end, or stopped after a row): its statement given back;
 * SR_OK, or SQLite's failure of its last step in *why.
 */
static int
query_end(struct query *q, char **why)
{
	int status = SR_OK;

	if (q->rc != SQLITE_OK && q->rc != SQLITE_ROW && q->rc != SQLITE_DONE)
		status = fail_db(q->s, why);
	finish(q->s, q->st);
	q->st = NULL;
	return status;
}

/* Run sql, bound as query_start() says, to its end (no rows to read). */
static int
query_exec(struct sqlite_store *s, const char *sql, char **why,
    const char *types, ...)
{
	struct query q;
	va_list ap;
	int status;

	va_start(ap, types);
	status = query_vstart(&q, s, sql, why, types, ap);
	va_end(ap);
	if (status != SR_OK)
		return status;
	while (query_row(&q))
		continue;
	return query_end(&q, why);
}

/* The schema version of the file (PRAGMA user_version) into *version. */
static int
schema_version(struct sqlite_store *s, int *version, char **why)
{
	struct query q;
	int status;

	*version = 0;
	if ((status = query_start(&q, s, "PRAGMA user_version", why, "")) !=
	    SR_OK)
		return status;
	if (query_row(&q))
		*version = sqlite3_column_int(q.st, 0);
	return query_end(&q, why);
}

/* Refuse a file from a newer shakeref (exit 3). */
static int
refuse_newer(struct sqlite_store *s, int version, char **why)
{
	return store_fail(why, SR_DATA, "database '%s' is from a newer "
	    "shakeref (schema %d; this one knows up to %d)", s->path, version,
	    NMIGRATIONS);
}

/*
 * Whether the file's tables are shakeref's at schema version: none at all
 * at 0 (a new file), else at least those its migrations made.  Reads only:
 * a foreign file is refused exactly as it was.
 */
static int
schema_known(struct sqlite_store *s, int version, char **why)
{
	static const char *const tables[] = {
		"meta", "players", "games", "seats", "entries", "tallies"
	};
	struct query q;
	int status, count = -1, want;

	/* The tables made by migration 0 (five) and 1 (tallies). */
	want = version == 0 ? 0 : version == 1 ? 5 : 6;
	if ((status = query_start(&q, s, "SELECT (SELECT COUNT(*) FROM"
	    " sqlite_master WHERE name NOT LIKE 'sqlite_%'), (SELECT COUNT(*)"
	    " FROM sqlite_master WHERE type = 'table' AND name IN"
	    " (?, ?, ?, ?, ?, ?))", why, "tttttt", tables[0], tables[1],
	    tables[2], tables[3], tables[4], tables[5])) != SR_OK)
		return status;
	if (query_row(&q))
		count = sqlite3_column_int(q.st, version == 0 ? 0 : 1);
	if ((status = query_end(&q, why)) != SR_OK)
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
static int
check_version(struct sqlite_store *s, int version, char **why)
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
static int
migrate(struct sqlite_store *s, int version, char **why)
{
	int status, v;
	char sql[64];

	if (version == NMIGRATIONS)
		return SR_OK;
	if (version > NMIGRATIONS)
		return refuse_newer(s, version, why);
	if ((status = exec(s, "BEGIN IMMEDIATE", why)) != SR_OK)
		return status;
	/* Read again under the lock: another process may have migrated. */
	if ((status = schema_version(s, &version, why)) != SR_OK ||
	    (status = check_version(s, version, why)) != SR_OK)
		goto out;
	for (v = version; v < NMIGRATIONS; v++)
		if ((status = exec(s, migrations[v], why)) != SR_OK)
			goto out;
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", NMIGRATIONS);
	if ((status = exec(s, sql, why)) != SR_OK)
		goto out;
	/*
	 * An older file: the transaction stays open for the caller to
	 * rebuild the derived data in it, then commit (store_migrated()):
	 * a kill at any moment leaves the old schema or the new one whole.
	 */
	if ((s->migrated = version > 0))
		return SR_OK;
	return exec(s, "COMMIT", why);
out:
	rollback(s);
	return status;
}

/*
 * After a commit with pages in the WAL: past STORE_WAL_PAGES, checkpoint
 * them into the database and truncate the WAL.  Each command is the first
 * to open the file, so SQLite rebuilds the WAL index by reading the whole
 * WAL, and forgets what was checkpointed: its own automatic checkpoint
 * never restarted the WAL, which grew with every entry ever written (10 MB
 * and 11 ms a command after 1,000 entries).  A checkpoint that a reader
 * is in the way of (SQLITE_BUSY), or that fails, is tried again at the
 * next commit: the entry is durable in the WAL whatever it returns, so
 * its code is no failure of the commit.
 */
static int
wal_hook(void *arg, sqlite3 *db, const char *name, int pages)
{
	(void)arg;
	if (pages < STORE_WAL_PAGES)
		return SQLITE_OK;
	/* The entry is durable: never make its author wait for a reader. */
	if (sqlite3_busy_timeout(db, 0) != SQLITE_OK)
		return SQLITE_OK;
	(void)sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_TRUNCATE,
	    NULL, NULL);
	(void)sqlite3_busy_timeout(db, STORE_BUSY_MS);
	return SQLITE_OK;
}

/*
 * The VFS every connection uses: the system's, except that a WAL file
 * that exists already is opened without SQLITE_OPEN_CREATE.  SQLite
 * fsyncs the folder after the first write to any WAL it opened with
 * CREATE (in case the file is new), so a command that finds the WAL kept
 * by the one before it would wait for two syncs a move instead of one.
 * A WAL that exists was made durable in its folder by the command that
 * created it (or wal_durable() makes it so).  Only xOpen differs; the
 * file objects are the system's.
 *
 * The store's one piece of state outside a struct store, and of SQLite's
 * kind: a VFS is registered with SQLite for the whole process and must
 * outlive every connection that uses it, so it cannot be one store's.
 * It is written once, by the first store_open() of the process, under
 * the mutex SQLite keeps for the application (SQLITE_MUTEX_STATIC_APP1,
 * so two threads opening their first stores at once cannot both write
 * it), and only read after: a copy of the system's VFS with xOpen
 * replaced, the same for every store.
 */
static sqlite3_vfs store_vfs;

/* xOpen: the system's, without CREATE for a WAL that is there already. */
static int
store_vfs_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f,
    int flags, int *outflags)
{
	sqlite3_vfs *sys = vfs->pAppData;
	int rc, exists = 0;

	if ((flags & SQLITE_OPEN_WAL) && (flags & SQLITE_OPEN_CREATE) &&
	    name != NULL &&
	    sys->xAccess(sys, name, SQLITE_ACCESS_EXISTS, &exists) ==
	    SQLITE_OK && exists) {
		rc = sys->xOpen(sys, name, f, flags & ~SQLITE_OPEN_CREATE,
		    outflags);
		if (rc == SQLITE_OK)
			return rc;
		/* Gone in between (another program removed it). */
	}
	return sys->xOpen(sys, name, f, flags, outflags);
}

/* Register store_vfs once, on top of the default VFS; SQLite's code. */
static int
store_vfs_init(void)
{
	sqlite3_mutex *m;
	sqlite3_vfs *sys;
	int rc = SQLITE_OK;

	/* Before SQLite starts; refused (and harmless) after. */
	(void)sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, STORE_STMTJRNL);
	if ((rc = sqlite3_initialize()) != SQLITE_OK)
		return rc;
	/* NULL when SQLite is built without threads: then no lock. */
	m = sqlite3_mutex_alloc(SQLITE_MUTEX_STATIC_APP1);
	sqlite3_mutex_enter(m);
	if (store_vfs.zName == NULL) {
		if ((sys = sqlite3_vfs_find(NULL)) == NULL)
			rc = SQLITE_ERROR;
		else {
			store_vfs = *sys;
			store_vfs.pNext = NULL;
			store_vfs.zName = "shakeref";
			store_vfs.pAppData = sys;
			store_vfs.xOpen = store_vfs_open;
			if ((rc = sqlite3_vfs_register(&store_vfs, 0)) !=
			    SQLITE_OK)
				store_vfs.zName = NULL;
		}
	}
	sqlite3_mutex_leave(m);
	return rc;
}

static void	sq_close(struct store *);

/*
 * SQLITE_OK from a call that sets the connection up (rc), else the
 * failure, naming what it was for.
 */
static int
set_up(struct sqlite_store *s, int rc, const char *what, char **why)
{
	if (rc == SQLITE_OK)
		return SR_OK;
	return store_fail(why, SR_SYSTEM, "database '%s': cannot %s: %s",
	    s->path, what, sqlite3_errstr(rc));
}

/* Open the database; see store.h. */
static int
sq_open(const char *path, const char *client_dir, int create,
    struct store **sp, char **why)
{
	(void)client_dir;	/* the current game is kept in the file */
	struct sqlite_store *s;
	struct stat sb;
	int fd, status, version, one = 1;

	*sp = NULL;
	/*
	 * Only new and import make a database: a path with no file, or
	 * with an empty one (no database yet either), is left as it is.
	 */
	memset(&sb, 0, sizeof sb);
	if (!create && (stat(path, &sb) != 0 ? errno == ENOENT :
	    S_ISREG(sb.st_mode) && sb.st_size == 0))
		return store_fail(why, SR_DATA, "no database at '%s'; "
		    "'shakeref new' creates it", path);
	if (create && (status = make_parents(path, why)) != SR_OK)
		return status;
	/*
	 * Create the file ourselves so that it is 0600 from the start.  A
	 * file that is there is opened once, by SQLite: asked first whether
	 * it could be opened for writing (SQLite would fall back to reading
	 * it, silently), with the error open() gives.
	 */
	if (create) {
		if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) >= 0)
			close(fd);
	} else if ((fd = faccessat(AT_FDCWD, path, R_OK | W_OK,
	    AT_EACCESS)) == 0 && S_ISDIR(sb.st_mode)) {
		fd = -1;
		errno = EISDIR;
	}
	if (fd < 0)
		return store_fail(why, !create && errno == ENOENT ? SR_DATA :
		    SR_SYSTEM, "cannot open database '%s': %s", path,
		    strerror(errno));
	if (store_vfs_init() != SQLITE_OK)
		return store_fail(why, SR_SYSTEM, "cannot set up SQLite's file "
		    "system layer");
	s = xcalloc(1, sizeof *s);
	s->path = xstrdup(path);
	/*
	 * NOMUTEX: a store is one thread's at a time (store.h); SQLite's own
	 * lock around every call was 15% of a long history's instructions.
	 */
	if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_NOMUTEX, "shakeref") != SQLITE_OK) {
		status = fail_db(s, why);
		sq_close(&s->base);
		return status;
	}
	/*
	 * Leave the WAL for the next command instead of checkpointing it at
	 * every close (two more fsyncs a command), and never remove it (the
	 * next command would make it anew and sync its folder): see
	 * store_vfs_open() and wal_hook(), which keeps it short.
	 */
	if ((status = set_up(s, sqlite3_busy_timeout(s->db, STORE_BUSY_MS),
	    "set its busy timeout", why)) != SR_OK ||
	    (status = set_up(s, sqlite3_db_config(s->db,
	    SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL),
	    "keep its WAL at close", why)) != SR_OK ||
	    (status = set_up(s, sqlite3_file_control(s->db, "main",
	    SQLITE_FCNTL_PERSIST_WAL, &one), "keep its WAL", why)) != SR_OK) {
		sq_close(&s->base);
		return status;
	}
	(void)sqlite3_wal_hook(s->db, wal_hook, NULL);	/* the old hook */
	/*
	 * A newer file, a foreign one or one of an unknown version is
	 * refused before anything is changed in it (not even its journal
	 * mode).
	 */
	if ((status = schema_version(s, &version, why)) != SR_OK ||
	    (status = check_version(s, version, why)) != SR_OK ||
	    (status = exec(s, "PRAGMA journal_mode = WAL;"
	    "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON", why)) !=
	    SR_OK || (status = migrate(s, version, why)) != SR_OK) {
		if (status == SR_SYSTEM && why != NULL && *why != NULL &&
		    strstr(*why, "not a database") != NULL) {
			free(*why);
			store_fail(why, SR_SYSTEM, "'%s' is not a shakeref "
			    "database", path);
		}
		sq_close(&s->base);
		return status;
	}
	*sp = &s->base;
	return SR_OK;
}

/*
 * Close the database.  Every statement is finalized first (their codes
 * repeat their last steps', which were checked), so sqlite3_close() can
 * only refuse (SQLITE_BUSY) for a statement not given back, a defect:
 * then every statement still open is finalized and it is closed again.
 * Nothing is lost either way: every commit was durable when it returned,
 * and a transaction still open is rolled back.
 */
static void
sq_close(struct store *base)
{
	struct sqlite_store *s = sq(base);
	sqlite3_stmt *st;
	int i;

	if (s == NULL)
		return;
	for (i = 0; i < STORE_KEPT; i++)
		(void)sqlite3_finalize(s->kept[i].st);
	if (sqlite3_close(s->db) != SQLITE_OK) {
		while ((st = sqlite3_next_stmt(s->db, NULL)) != NULL)
			(void)sqlite3_finalize(st);
		(void)sqlite3_close(s->db);
	}
	free(s->path);
	free(s);
}

/* fsync the folder that holds path; 0 or -1. */
static int
sync_folder(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	int fd, rc = -1;

	if (slash == NULL)
		strcpy(dir, ".");
	else
		*(slash == dir ? slash + 1 : slash) = '\0';
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		rc = fsync(fd);
		close(fd);
	}
	free(dir);
	return rc;
}

/*
 * Before the first write of a process: make sure the WAL's folder entry
 * is durable.  store_vfs_open() opens a WAL that is there already without
 * CREATE, so SQLite does not sync its folder: right when a shakeref made
 * the WAL and SQLite synced the folder then, not when another program
 * left it (synchronous=OFF) or a writer was killed before that sync.  A
 * shakeref that has synced the folder of a WAL records the WAL's device
 * and inode in meta ('wal'), in the transaction of its write; a WAL
 * that is not the one recorded gets its folder synced once, here.  So
 * the usual command pays one stat and one read, not a sync.  Why once
 * per process and only at its first write: a read never needs it, and a
 * sync per write would double the cost of every move for a window that
 * only a foreign or killed writer opens.
 */
static int
wal_durable(struct sqlite_store *s, char **why)
{
	struct query q;
	struct stat sb;
	char *wal, id[64];
	const unsigned char *was;
	int status, same = 0;

	s->wal_known = 1;
	wal = xasprintf("%s-wal", s->path);
	status = stat(wal, &sb);
	free(wal);
	if (status != 0)
		return SR_OK;	/* none yet: SQLite makes it, folder synced */
	snprintf(id, sizeof id, "%llu:%llu", (unsigned long long)sb.st_dev,
	    (unsigned long long)sb.st_ino);
	if ((status = query_start(&q, s, "SELECT value FROM meta WHERE key ="
	    " 'wal'", why, "")) != SR_OK)
		return status;
	if (query_row(&q))
		same = (was = sqlite3_column_text(q.st, 0)) != NULL &&
		    strcmp((const char *)was, id) == 0;
	if ((status = query_end(&q, why)) != SR_OK || same)
		return status;
	/* As SQLite does, a folder that cannot be synced is no error. */
	if (sync_folder(s->path) != 0)
		return SR_OK;
	return query_exec(s, "INSERT OR REPLACE INTO meta(key, value)"
	    " VALUES ('wal', ?)", why, "t", id);
}

/* Begin a transaction: IMMEDIATE for writes. */
static int
sq_begin(struct store *base, int write, char **why)
{
	struct sqlite_store *s = sq(base);
	int status;

	if ((status = exec(s, write ? "BEGIN IMMEDIATE" : "BEGIN", why)) !=
	    SR_OK || !write || s->wal_known)
		return status;
	if ((status = wal_durable(s, why)) != SR_OK)
		rollback(s);
	return status;
}

/* Commit: durable when it returns SR_OK (WAL, synchronous FULL). */
static int
sq_commit(struct store *base, char **why)
{
	struct sqlite_store *s = sq(base);

	return exec(s, "COMMIT", why);
}

/* Roll back whatever is open. */
static void
sq_rollback(struct store *base)
{
	rollback(sq(base));
}

/* The current game, or 0. */
static int
sq_current(struct store *base, long long *id, char **why)
{
	struct sqlite_store *s = sq(base);
	struct query q;
	int status;

	*id = 0;
	if ((status = query_start(&q, s, "SELECT value FROM meta WHERE key ="
	    " 'current'", why, "")) != SR_OK)
		return status;
	if (query_row(&q))
		*id = sqlite3_column_int64(q.st, 0);
	return query_end(&q, why);
}

/* Make id the current game. */
static int
sq_set_current(struct store *base, long long id, char **why)
{
	return query_exec(sq(base), "INSERT OR REPLACE INTO meta(key, value)"
	    " VALUES ('current', ?)", why, "I", id);
}

/* Text of column i, malloc'd, or NULL. */
static char *
column_dup(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);

	return t != NULL ? xstrdup((const char *)t) : NULL;
}

/* Fill g's seats. */
static int
load_seats(struct sqlite_store *s, struct store_game *g, char **why)
{
	struct query q;
	int status;

	g->nplayers = 0;
	if ((status = query_start(&q, s, "SELECT name, name0 FROM seats"
	    " WHERE game_id = ? ORDER BY seat", why, "I", g->id)) != SR_OK)
		return status;
	while (query_row(&q))
		if (g->nplayers < GAME_MAX_PLAYERS) {
			g->names[g->nplayers] = column_dup(q.st, 0);
			g->names0[g->nplayers++] = column_dup(q.st, 1);
		}
	return query_end(&q, why);
}

/* The columns game_from_row() reads, in its order. */
#define GAME_COLUMNS	"id, rules, title, options, created, finished, " \
	"uid, title0"

/* Fill g from a row of GAME_COLUMNS. */
static void
game_from_row(sqlite3_stmt *st, struct store_game *g)
{
	memset(g, 0, sizeof *g);
	g->id = sqlite3_column_int64(st, 0);
	g->rules = column_dup(st, 1);
	g->title = column_dup(st, 2);
	g->options = column_dup(st, 3);
	g->created = sqlite3_column_int64(st, 4);
	g->finished = sqlite3_column_int(st, 5);
	g->uid = column_dup(st, 6);
	g->title0 = column_dup(st, 7);
}

/* Load a game. */
static int
sq_game_load(struct store *base, long long id, struct store_game *g,
    char **why)
{
	struct sqlite_store *s = sq(base);
	struct query q;
	int status, found = 0;

	memset(g, 0, sizeof *g);
	if ((status = query_start(&q, s, "SELECT " GAME_COLUMNS " FROM games"
	    " WHERE id = ?", why, "I", id)) != SR_OK)
		return status;
	if (query_row(&q)) {
		game_from_row(q.st, g);
		found = 1;
	}
	if ((status = query_end(&q, why)) != SR_OK) {
		store_game_clear(g);
		return status;
	}
	if (!found)
		return store_fail(why, SR_DATA, "no game %lld", id);
	return load_seats(s, g, why);
}

/*
 * A row lent to a callback (history's scan, issue 29): the entry's
 * strings are the row's own (valid until the next step, never copied),
 * its plain arguments split in memory kept from row to row
 * (store_args_lend); only other arguments (escapes, UTF-8: jansson's) are
 * malloc'd, and owned says so.
 */
struct row_view {
	struct store_args_lent	 args;
	int			 owned;
};

/*
 * Fill se from a row of n, player, verb, args, fact, at, each string
 * malloc'd, or with rv lent (row_view_clear, not stored_entry_clear,
 * then); 0 or -1.
 */
static int
entry_from_row(sqlite3_stmt *st, struct stored_entry *se,
    struct row_view *rv)
{
	const char *args = (const char *)sqlite3_column_text(st, 3);
	int v;

	memset(se, 0, sizeof *se);
	se->n = sqlite3_column_int(st, 0);
	v = verb_lookup((const char *)sqlite3_column_text(st, 2));
	se->at = sqlite3_column_int64(st, 5);
	if (rv != NULL) {
		se->player = (char *)sqlite3_column_text(st, 1);
		se->fact = (char *)sqlite3_column_text(st, 4);
		rv->owned = 0;
	} else {
		se->player = column_dup(st, 1);
		se->fact = column_dup(st, 4);
	}
	if (v < 0)
		return -1;
	se->verb = (enum verb)v;
	if (rv != NULL && store_args_lend(args,
	    (size_t)sqlite3_column_bytes(st, 3), se, &rv->args))
		return 0;
	if (rv != NULL)
		rv->owned = 1;
	return store_args_decode(args, se);
}

/* Done with an entry entry_from_row() lent through rv. */
static void
row_view_clear(struct stored_entry *se, struct row_view *rv)
{
	if (rv->owned) {
		se->player = se->fact = se->note = NULL;
		stored_entry_clear(se);
	}
	memset(se, 0, sizeof *se);
}

/* Load entry n of game id; see store.h. */
static int
sq_entry_load(struct store *base, long long id, int n,
    struct stored_entry *se, char **why)
{
	struct query q;
	int status, found = 0, bad = 0;

	memset(se, 0, sizeof *se);
	if ((status = query_start(&q, sq(base), "SELECT n, player, verb,"
	    " args, fact, at FROM entries WHERE game_id = ? AND n = ?", why,
	    "Ii", id, n)) != SR_OK)
		return status;
	if (query_row(&q)) {
		found = 1;
		bad = entry_from_row(q.st, se, NULL) != 0;
	}
	status = query_end(&q, why);
	if (status != SR_OK || bad)
		stored_entry_clear(se);
	if (status != SR_OK)
		return status;
	if (bad)
		return store_fail(why, SR_DATA, "game %lld has an entry this "
		    "shakeref cannot read", id);
	if (!found)
		return store_fail(why, SR_DATA, "game %lld has no entry %d", id,
		    n);
	return SR_OK;
}

/*
 * Load game id's entries into a malloc'd array, in order, or with fn,
 * give each to fn (which returns 0 to go on) and keep none; with notes,
 * each with its round, note and undone (entry_notes), and *complete 0
 * (the scan stopped there) at the first that has none.  Two scans in
 * step, by n (both tables are ordered by game and n): no lookup per
 * entry.
 */
static int
entries_scan(struct sqlite_store *s, long long id, int notes,
    int (*fn)(void *, const struct stored_entry *), void *arg,
    struct stored_entry **ep, int *np, int *complete, char **why)
{
	struct stored_entry one, *e = NULL, *se;
	struct row_view rv;
	struct query q, nq;
	int n = 0, cap = 0, status, bad = 0, k;

	memset(&rv, 0, sizeof rv);
	if (ep != NULL)
		*ep = NULL;
	*np = 0;
	*complete = 1;
	if ((status = query_start(&q, s, "SELECT n, player, verb, args, fact,"
	    " at FROM entries WHERE game_id = ? ORDER BY n", why, "I", id)) !=
	    SR_OK)
		return status;
	if (notes && (status = query_start(&nq, s, "SELECT n, round, note,"
	    " undone FROM entry_notes WHERE game_id = ? ORDER BY n", why, "I",
	    id)) != SR_OK) {
		(void)query_end(&q, NULL);
		return status;
	}
	while (query_row(&q)) {
		if (notes && (!query_row(&nq) || sqlite3_column_int(nq.st, 0) !=
		    sqlite3_column_int(q.st, 0))) {
			*complete = 0;
			break;
		}
		if (fn != NULL)
			se = &one;
		else {
			if (n == cap) {
				cap = cap ? cap * 2 : 64;
				e = xreallocarray(e, (size_t)cap, sizeof *e);
			}
			se = &e[n++];
		}
		if (entry_from_row(q.st, se, fn != NULL ? &rv : NULL) != 0) {
			bad = 1;
			if (fn != NULL)
				row_view_clear(se, &rv);
			break;
		}
		if (notes) {
			se->round = sqlite3_column_int(nq.st, 1);
			se->note = fn != NULL ?
			    (char *)sqlite3_column_text(nq.st, 2) :
			    column_dup(nq.st, 2);
			se->undone = sqlite3_column_int(nq.st, 3) != 0;
		}
		if (fn != NULL) {
			n++;
			k = fn(arg, se);
			row_view_clear(se, &rv);
			if (k != 0)
				break;
		}
	}
	if (fn != NULL) {
		*np = n;
		n = 0;
	}
	store_args_lent_free(&rv.args);
	status = query_end(&q, why);
	if (notes && (k = query_end(&nq, status == SR_OK ? why : NULL)) !=
	    SR_OK && status == SR_OK)
		status = k;
	return store_entries_end(id, status, bad, *complete && fn == NULL, e, n, ep,
	    np, why);
}

/* Load a game's entries. */
static int
sq_entries_load(struct store *base, long long id, struct stored_entry **ep,
    int *np, char **why)
{
	struct sqlite_store *s = sq(base);
	int complete;

	return entries_scan(s, id, 0, NULL, NULL, ep, np, &complete, why);
}

/* The number of game id's latest entry (0 if none); see store.h. */
static int
sq_last_n(struct store *base, long long id, int *n, char **why)
{
	struct query q;
	int status;

	*n = 0;
	if ((status = query_start(&q, sq(base), "SELECT coalesce(max(n), 0)"
	    " FROM entries WHERE game_id = ?", why, "I", id)) != SR_OK)
		return status;
	if (query_row(&q))
		*n = sqlite3_column_int(q.st, 0);
	return query_end(&q, why);
}

/* The id of the player called name (case-insensitive), created if new. */
static int
player_id(struct sqlite_store *s, const char *name, long long *id, char **why)
{
	struct query q;
	int status;

	*id = 0;
	if ((status = query_exec(s, "INSERT INTO players(name) VALUES (?)"
	    " ON CONFLICT(name) DO NOTHING", why, "t", name)) != SR_OK ||
	    (status = query_start(&q, s, "SELECT id FROM players WHERE"
	    " name = ?", why, "t", name)) != SR_OK)
		return status;
	if (query_row(&q))
		*id = sqlite3_column_int64(q.st, 0);
	return query_end(&q, why);
}

/* Write game g's creation record (it has its id and seats). */
static int
setup_write(struct sqlite_store *s, const struct store_game *g, char **why)
{
	char *names = store_names_encode(g);
	int status;

	status = query_exec(s, "INSERT INTO setups(game_id, rules, options,"
	    " title, created, uid, names) SELECT id, rules, options, title0,"
	    " created, uid, ?2 FROM games WHERE id = ?1", why, "It", g->id,
	    names);
	free(names);
	return status;
}

/* Create a game and its seats. */
static int
sq_game_create(struct store *base, struct store_game *g, char **why)
{
	struct sqlite_store *s = sq(base);
	struct query q;
	long long pid = 0;
	int status, i;

	if ((status = query_start(&q, s, "INSERT INTO games(rules, title,"
	    " title0, options, created, uid) VALUES (?1, ?2, ?2, ?3, ?4,"
	    " coalesce(?5, lower(hex(randomblob(16))))) RETURNING id", why,
	    "tttIt", g->rules, g->title, g->options, g->created, g->uid)) !=
	    SR_OK)
		return status;
	while (query_row(&q))
		g->id = sqlite3_column_int64(q.st, 0);
	if ((status = query_end(&q, why)) != SR_OK)
		return status;
	for (i = 0; i < g->nplayers; i++)
		if ((status = player_id(s, g->names[i], &pid, why)) != SR_OK ||
		    (status = query_exec(s, "INSERT INTO seats(game_id, seat,"
		    " player_id, name, name0) VALUES (?1, ?2, ?3, ?4, ?4)",
		    why, "IiIt", g->id, i, pid, g->names[i])) != SR_OK)
			return status;
	return setup_write(s, g, why);
}

/* Append one entry. */
static int
sq_entry_append(struct store *base, long long game,
    const struct stored_entry *se, char **why)
{
	char *args;
	int status;

	if ((status = store_args_encode(se, &args, why)) != SR_OK)
		return status;
	status = query_exec(sq(base), "INSERT INTO entries(game_id, n, player,"
	    " verb, args, fact, at) VALUES (?, ?, ?, ?, ?, ?, ?)", why,
	    "IittttI", game, se->n, se->player, verb_name(se->verb), args,
	    se->fact, se->at);
	free(args);
	return status;
}

/* The game with this uid, or 0. */
static int
sq_game_by_uid(struct store *base, const char *uid, long long *id,
    char **why)
{
	struct query q;
	int status;

	*id = 0;
	if ((status = query_start(&q, sq(base), "SELECT id FROM games WHERE"
	    " uid = ?", why, "t", uid)) != SR_OK)
		return status;
	if (query_row(&q))
		*id = sqlite3_column_int64(q.st, 0);
	return query_end(&q, why);
}

/* Record the names and title now where they changed. */
static int
sq_game_names(struct store *base, long long game, const char *const *names,
    int n, const char *title, char **why)
{
	struct sqlite_store *s = sq(base);
	long long pid;
	int status, i;

	if ((status = query_exec(s, "UPDATE games SET title = ?1 WHERE"
	    " id = ?2 AND title IS NOT ?1", why, "tI", title, game)) != SR_OK)
		return status;
	/* Only the name and player: see the trigger tallies_player. */
	for (i = 0; i < n; i++)
		if ((status = player_id(s, names[i], &pid, why)) != SR_OK ||
		    (status = query_exec(s, "UPDATE seats SET name = ?1,"
		    " player_id = ?2 WHERE game_id = ?3 AND seat = ?4 AND"
		    " (name IS NOT ?1 OR player_id != ?2)", why, "tIIi",
		    names[i], pid, game, i)) != SR_OK)
			return status;
	return SR_OK;
}

/* Record the game's summary. */
static int
sq_summary(struct store *base, long long game, int finished,
    const long *scores, const int *winners, int n, char **why)
{
	struct sqlite_store *s = sq(base);
	int status, i;

	if ((status = query_exec(s, "UPDATE games SET finished = ? WHERE"
	    " id = ?", why, "iI", finished, game)) != SR_OK)
		return status;
	for (i = 0; i < n; i++)
		if ((status = query_exec(s, "UPDATE seats SET score = ?,"
		    " won = ? WHERE game_id = ? AND seat = ?", why, "IiIi",
		    (long long)scores[i], finished && winners[i], game, i)) !=
		    SR_OK)
			return status;
	return SR_OK;
}

/* List games. */
static int
sq_games(struct store *base, int all,
    int (*fn)(void *, const struct store_game *, long), void *arg,
    char **why)
{
	struct query q;
	struct store_game g;
	int status, have = 0, stop = 0;

	/*
	 * Flat in the number of games: one statement, a row per seat in
	 * game and seat order, no count of anyone's entries.
	 */
	if ((status = query_start(&q, sq(base), all ?
	    "SELECT " GAME_COLUMNS ", s.name, s.name0"
	    " FROM games g JOIN seats s ON s.game_id = g.id"
	    " ORDER BY g.id, s.seat" :
	    "SELECT " GAME_COLUMNS ", s.name, s.name0"
	    " FROM games g JOIN seats s ON s.game_id = g.id"
	    " WHERE g.finished = 0 ORDER BY g.id, s.seat", why, "")) != SR_OK)
		return status;
	memset(&g, 0, sizeof g);
	while (query_row(&q)) {
		if (have && g.id != sqlite3_column_int64(q.st, 0)) {
			stop = fn(arg, &g, -1) != 0;
			store_game_clear(&g);
			have = 0;
			if (stop)
				break;
		}
		if (!have) {
			game_from_row(q.st, &g);
			have = 1;
		}
		if (g.nplayers < GAME_MAX_PLAYERS) {
			g.names[g.nplayers] = column_dup(q.st, 8);
			g.names0[g.nplayers++] = column_dup(q.st, 9);
		}
	}
	if ((status = query_end(&q, why)) == SR_OK && have && !stop)
		fn(arg, &g, -1);
	store_game_clear(&g);
	return status;
}

/* Per player and rules over finished games. */
static int
sq_tallies(struct store *base, int (*fn)(void *, const struct store_tally *),
    void *arg, char **why)
{
	struct query q;
	struct store_tally t;
	int status;

	if ((status = query_start(&q, sq(base), "SELECT p.name, t.rules,"
	    " t.played, t.won FROM tallies t JOIN players p ON"
	    " p.id = t.player_id WHERE t.played > 0 ORDER BY p.id, t.rules",
	    why, "")) != SR_OK)
		return status;
	while (query_row(&q)) {
		t.name = (const char *)sqlite3_column_text(q.st, 0);
		t.rules = (const char *)sqlite3_column_text(q.st, 1);
		t.played = sqlite3_column_int64(q.st, 2);
		t.won = sqlite3_column_int64(q.st, 3);
		if (fn(arg, &t) != 0)
			break;
	}
	return query_end(&q, why);
}

/*
 * Finished games with their seats' scores now, in the order they
 * finished (their last entry's time, then id): one statement, a row per
 * seat; see store.h.
 */
static int
sq_results(struct store *base, const char *rules,
    int (*fn)(void *, const struct store_result *), void *arg, char **why)
{
	struct query q;
	struct store_result r;
	int status, have = 0, stop = 0, seat;

	if ((status = query_start(&q, sq(base), "WITH f AS (SELECT g.id AS id,"
	    " g.rules AS rules, e.n AS n, e.at AS at FROM games g"
	    " JOIN entries e ON e.game_id = g.id AND e.n = (SELECT MAX(n)"
	    " FROM entries WHERE game_id = g.id) WHERE g.finished = 1"
	    " AND (?1 IS NULL OR g.rules = ?1))"
	    " SELECT f.id, f.rules, f.at, f.n, s.seat, s.name, s.score, s.won"
	    " FROM f"
	    " JOIN seats s ON s.game_id = f.id ORDER BY f.at, f.id, s.seat",
	    why, "t", rules)) != SR_OK)
		return status;
	memset(&r, 0, sizeof r);
	while (query_row(&q)) {
		if (have && r.game != sqlite3_column_int64(q.st, 0)) {
			stop = fn(arg, &r) != 0;
			have = 0;
			if (stop)
				break;
		}
		if (!have) {
			memset(&r, 0, sizeof r);
			r.game = sqlite3_column_int64(q.st, 0);
			snprintf(r.rules, sizeof r.rules, "%s",
			    (const char *)sqlite3_column_text(q.st, 1));
			r.at = sqlite3_column_int64(q.st, 2);
			r.last = sqlite3_column_int(q.st, 3);
			have = 1;
		}
		seat = sqlite3_column_int(q.st, 4);
		if (seat == r.nplayers && seat < GAME_MAX_PLAYERS) {
			snprintf(r.names[seat], sizeof r.names[seat], "%s",
			    (const char *)sqlite3_column_text(q.st, 5));
			r.won[seat] = sqlite3_column_int(q.st, 7);
			r.scores[r.nplayers++] = (long)sqlite3_column_int64(
			    q.st, 6);
		}
	}
	if (have && !stop)
		fn(arg, &r);
	return query_end(&q, why);
}

/* Store a row of game's coach cache; see store.h. */
static int
sq_coach_put(struct store *base, long long game, int n, int seat, int basis,
    long decisions, long long error, char **why)
{
	return query_exec(sq(base), "INSERT OR REPLACE INTO coach_tally("
	    "game_id, seat, basis, n, decisions, error) VALUES"
	    " (?, ?, ?, ?, ?, ?)", why, "IiiiII", game, seat, basis, n,
	    (long long)decisions, error);
}

/* Forget game's coach cache; see store.h. */
static int
sq_coach_drop(struct store *base, long long game, char **why)
{
	return query_exec(sq(base), "DELETE FROM coach_tally WHERE"
	    " game_id = ?", why, "I", game);
}

/* The coach cache's rows, of game (0: every game, by game); see store.h. */
static int
sq_coach_rows(struct store *base, long long game,
    int (*fn)(void *, const struct store_coach *), void *arg, char **why)
{
	struct query q;
	struct store_coach c;
	int status;

	if ((status = query_start(&q, sq(base), game != 0 ? "SELECT game_id,"
	    " n, seat, basis, decisions, error FROM coach_tally WHERE"
	    " game_id = ? ORDER BY seat, basis" : "SELECT game_id, n, seat,"
	    " basis, decisions, error FROM coach_tally ORDER BY game_id,"
	    " seat, basis", why, game != 0 ? "I" : "", game)) != SR_OK)
		return status;
	while (query_row(&q)) {
		c.game = sqlite3_column_int64(q.st, 0);
		c.n = sqlite3_column_int(q.st, 1);
		c.seat = sqlite3_column_int(q.st, 2);
		c.basis = sqlite3_column_int(q.st, 3);
		c.decisions = (long)sqlite3_column_int64(q.st, 4);
		c.error = sqlite3_column_int64(q.st, 5);
		if (fn(arg, &c) != 0)
			break;
	}
	return query_end(&q, why);
}

/* A game as SPEC.md's export object, made by SQLite's JSON functions. */
#define EXPORT_JSON_SQL \
	"SELECT json_object('uid', g.uid, 'rules', g.rules, 'title', g.title0," \
	" 'options', json(g.options)," \
	" 'created', strftime('%Y-%m-%dT%H:%M:%SZ', g.created, 'unixepoch')," \
	" 'state', CASE g.finished WHEN 1 THEN 'finished'" \
	" WHEN 2 THEN 'abandoned' ELSE 'active' END," \
	" 'players', (SELECT json_group_array(name0) FROM" \
	" (SELECT name0 FROM seats WHERE game_id = g.id ORDER BY seat))," \
	" 'entries', (SELECT json_group_array(json_object('n', n," \
	" 'player', player, 'verb', verb, 'args', json(args), 'fact', fact," \
	" 'at', strftime('%Y-%m-%dT%H:%M:%SZ', at, 'unixepoch'))) FROM" \
	" (SELECT * FROM entries WHERE game_id = g.id ORDER BY n)))" \
	" FROM games g"

/* Export games as JSON texts; see store.h. */
static int
sq_export_json(struct store *base, long long id,
    int (*fn)(void *, const char *), void *arg, char **why)
{
	struct query q;
	int status;

	if ((status = query_start(&q, sq(base), id != 0 ? EXPORT_JSON_SQL
	    " WHERE g.id = ?" : EXPORT_JSON_SQL " ORDER BY g.id", why,
	    id != 0 ? "I" : "", id)) != SR_OK)
		return status;
	while (query_row(&q))
		if (fn(arg, (const char *)sqlite3_column_text(q.st, 0)) != 0)
			break;
	return query_end(&q, why);
}

/* One row per seat: the names and title now, the summary's scores. */
#define EXPORT_ROWS_SQL \
	"SELECT g.uid, g.created, g.rules, g.title, g.finished, s.name," \
	" s.seat + 1, s.score, 1 + (SELECT COUNT(*) FROM seats t" \
	" WHERE t.game_id = s.game_id AND t.score > s.score), s.won, g.id" \
	" FROM games g JOIN seats s ON s.game_id = g.id"

/* Export one row per player per game; see store.h. */
static int
sq_export_rows(struct store *base, long long id,
    int (*fn)(void *, const char *const *), void *arg, char **why)
{
	struct query q;
	const char *cols[STORE_CSV_COLUMNS];
	int status, i;

	if ((status = query_start(&q, sq(base), id != 0 ? EXPORT_ROWS_SQL
	    " WHERE g.id = ? ORDER BY s.seat" : EXPORT_ROWS_SQL
	    " ORDER BY g.id, s.seat", why, id != 0 ? "I" : "", id)) != SR_OK)
		return status;
	while (query_row(&q)) {
		for (i = 0; i < STORE_CSV_COLUMNS; i++)
			cols[i] = (const char *)sqlite3_column_text(q.st, i);
		if (fn(arg, cols) != 0)
			break;
	}
	return query_end(&q, why);
}

/*
 * check: SQLite's own integrity check; fn gets each line it reports
 * other than "ok".
 */
static int
sq_integrity(struct store *base, int (*fn)(void *, const char *),
    void *arg, char **why)
{
	struct query q;
	const char *t;
	int status;

	if ((status = query_start(&q, sq(base), "PRAGMA integrity_check", why,
	    "")) != SR_OK)
		return status;
	while (query_row(&q)) {
		t = (const char *)sqlite3_column_text(q.st, 0);
		if (t != NULL && strcmp(t, "ok") != 0 && fn(arg, t) != 0)
			break;
	}
	return query_end(&q, why);
}

/* Every game's id, oldest first, into a malloc'd array. */
static int
sq_game_ids(struct store *base, long long **ids, int *n, char **why)
{
	struct query q;
	int status;

	*ids = NULL;
	*n = 0;
	if ((status = query_start(&q, sq(base), "SELECT id FROM games ORDER"
	    " BY id", why, "")) != SR_OK)
		return status;
	while (query_row(&q)) {
		*ids = xreallocarray(*ids, (size_t)*n + 1, sizeof **ids);
		(*ids)[(*n)++] = sqlite3_column_int64(q.st, 0);
	}
	if ((status = query_end(&q, why)) != SR_OK) {
		free(*ids);
		*ids = NULL;
		*n = 0;
	}
	return status;
}

/* check: game's seats: how many, and whether numbered 0..n-1. */
static int
sq_seats_shape(struct store *base, long long game, int *n, int *numbered,
    char **why)
{
	struct query q;
	int status;

	*n = 0;
	*numbered = 1;
	if ((status = query_start(&q, sq(base), "SELECT COUNT(*),"
	    " coalesce(MIN(seat), 0), coalesce(MAX(seat), -1) FROM seats"
	    " WHERE game_id = ?", why, "I", game)) != SR_OK)
		return status;
	if (query_row(&q)) {
		*n = sqlite3_column_int(q.st, 0);
		*numbered = sqlite3_column_int64(q.st, 1) == 0 &&
		    sqlite3_column_int64(q.st, 2) == *n - 1;
	}
	return query_end(&q, why);
}

/*
 * check: rows of entries, seats and snapshots whose game does not exist;
 * fn gets the table, the game id and the number of rows.  With drop,
 * such snapshots (a cache) are deleted.
 */
static int
sq_orphans(struct store *base, int drop,
    int (*fn)(void *, const char *table, long long game, long rows),
    void *arg, char **why)
{
	struct sqlite_store *s = sq(base);
	struct query q;
	int status;

	if ((status = query_start(&q, s, ORPHANS_SQL, why, "")) != SR_OK)
		return status;
	while (query_row(&q))
		fn(arg, (const char *)sqlite3_column_text(q.st, 0),
		    sqlite3_column_int64(q.st, 1),
		    (long)sqlite3_column_int64(q.st, 2));
	if ((status = query_end(&q, why)) != SR_OK || !drop)
		return status;
	return exec(s, ORPHANS_DROP_SQL, why);
}

/* check: game's creation record and its seats' players; see store.h. */
static int
sq_setup_record(struct store *base, long long game, struct store_game *rec,
    char **credited, char **why)
{
	struct query q;
	int status, seat;

	if ((status = query_start(&q, sq(base), "SELECT rules, options,"
	    " title, created, uid, names FROM setups WHERE game_id = ?", why,
	    "I", game)) != SR_OK)
		return status;
	while (query_row(&q)) {
		rec->id = game;
		rec->rules = column_dup(q.st, 0);
		rec->options = column_dup(q.st, 1);
		rec->title0 = column_dup(q.st, 2);
		rec->created = sqlite3_column_int64(q.st, 3);
		rec->uid = column_dup(q.st, 4);
		(void)store_names_decode((const char *)sqlite3_column_text(
		    q.st, 5), rec);
	}
	if ((status = query_end(&q, why)) != SR_OK ||
	    (status = query_start(&q, sq(base), "SELECT s.seat, p.name FROM"
	    " seats s LEFT JOIN players p ON p.id = s.player_id"
	    " WHERE s.game_id = ?", why, "I", game)) != SR_OK)
		return status;
	while (query_row(&q))
		if ((seat = sqlite3_column_int(q.st, 0)) >= 0 &&
		    seat < GAME_MAX_PLAYERS && credited[seat] == NULL)
			credited[seat] = column_dup(q.st, 1);
	return query_end(&q, why);
}

/* The summary stored for game (store_summary's), n seats. */
static int
sq_summary_load(struct store *base, long long game, int *finished,
    long *scores, int *won, int n, char **why)
{
	struct query q;
	int status, seat;

	*finished = 0;
	if ((status = query_start(&q, sq(base), "SELECT g.finished, s.seat,"
	    " s.score, s.won FROM games g JOIN seats s ON s.game_id = g.id"
	    " WHERE g.id = ? ORDER BY s.seat", why, "I", game)) != SR_OK)
		return status;
	while (query_row(&q)) {
		*finished = sqlite3_column_int(q.st, 0);
		seat = sqlite3_column_int(q.st, 1);
		if (seat >= 0 && seat < n) {
			scores[seat] = (long)sqlite3_column_int64(q.st, 2);
			won[seat] = sqlite3_column_int(q.st, 3);
		}
	}
	return query_end(&q, why);
}

/* The tallies as the seats and games give them (migration 1 -> 2). */
#define TALLIES_SQL \
	"SELECT s.player_id AS player_id, g.rules AS rules," \
	" COUNT(*) AS played, SUM(s.won) AS won FROM seats s" \
	" JOIN games g ON g.id = s.game_id WHERE g.finished = 1" \
	" GROUP BY s.player_id, g.rules"

/*
 * check: each (player, rules) whose stored tally differs from the one the
 * games' summaries give; fn gets the player's name, the rules, and the
 * stored and the right numbers (played, won).
 */
static int
sq_tallies_check(struct store *base,
    int (*fn)(void *, const char *name, const char *rules, long played,
    long won, long right_played, long right_won), void *arg, char **why)
{
	struct query q;
	int status;

	if ((status = query_start(&q, sq(base), "WITH r AS (" TALLIES_SQL "),"
	    " t AS (SELECT player_id, rules, played, won FROM tallies"
	    " WHERE played > 0)"
	    " SELECT p.name, x.rules, x.tp, x.tw, x.rp, x.rw FROM ("
	    " SELECT t.player_id AS pid, t.rules AS rules, t.played AS tp,"
	    " t.won AS tw, coalesce(r.played, 0) AS rp,"
	    " coalesce(r.won, 0) AS rw FROM t LEFT JOIN r"
	    " ON r.player_id = t.player_id AND r.rules = t.rules"
	    " UNION ALL"
	    " SELECT r.player_id, r.rules, 0, 0, r.played, r.won FROM r"
	    " WHERE NOT EXISTS (SELECT 1 FROM t WHERE t.player_id ="
	    " r.player_id AND t.rules = r.rules)) x"
	    " JOIN players p ON p.id = x.pid"
	    " WHERE x.tp != x.rp OR x.tw != x.rw ORDER BY p.id, x.rules",
	    why, "")) != SR_OK)
		return status;
	while (query_row(&q))
		if (fn(arg, (const char *)sqlite3_column_text(q.st, 0),
		    (const char *)sqlite3_column_text(q.st, 1),
		    (long)sqlite3_column_int64(q.st, 2),
		    (long)sqlite3_column_int64(q.st, 3),
		    (long)sqlite3_column_int64(q.st, 4),
		    (long)sqlite3_column_int64(q.st, 5)) != 0)
			break;
	return query_end(&q, why);
}

/* Rebuild the tallies from the games' summaries (in a transaction). */
static int
sq_tallies_rebuild(struct store *base, char **why)
{
	struct sqlite_store *s = sq(base);

	return exec(s, "DELETE FROM tallies;"
	    "INSERT INTO tallies(player_id, rules, played, won) "
	    TALLIES_SQL ";", why);
}

/* 1 if store_open() migrated an older schema (its summaries to rebuild). */
static int
sq_migrated(const struct store *base)
{
	const struct sqlite_store *s = csq(base);

	return s->migrated;
}

/* store_fnv() of column i of st, its type and length first. */
static uint64_t
fnv_column(uint64_t h, sqlite3_stmt *st, int i)
{
	const void *p = sqlite3_column_blob(st, i);
	int n = sqlite3_column_bytes(st, i), t = sqlite3_column_type(st, i);

	h = store_fnv(h, &t, sizeof t);
	h = store_fnv(h, &n, sizeof n);
	return p != NULL ? store_fnv(h, p, (size_t)n) : h;
}

/*
 * The key of a snapshot of game in format with state (len bytes): a
 * checksum of the game's last entry (every column), the format and the
 * state, as 16 hex digits; *n the number of that entry (0: none).
 * Entries are only ever appended (the triggers refuse the rest), so the
 * last one names the whole list; an entry written behind shakeref's back
 * ends the list with another, and a state or format changed in the row
 * no longer sums to its key.
 */
static int
snapshot_key(struct sqlite_store *s, long long game, const char *format,
    const void *state, size_t len, int *n, char key[17], char **why)
{
	struct query q;
	uint64_t h = STORE_FNV_START;
	int status, i;

	*n = 0;
	if ((status = query_start(&q, s, "SELECT n, player, verb, args, fact,"
	    " at FROM entries WHERE game_id = ? ORDER BY n DESC LIMIT 1", why,
	    "I", game)) != SR_OK)
		return status;
	if (query_row(&q)) {
		*n = sqlite3_column_int(q.st, 0);
		for (i = 0; i < 6; i++)
			h = fnv_column(h, q.st, i);
	}
	if ((status = query_end(&q, why)) != SR_OK)
		return status;
	h = store_fnv(h, format, strlen(format) + 1);
	h = store_fnv(h, state, len);
	snprintf(key, 17, "%016llx", (unsigned long long)h);
	return SR_OK;
}

/* Load game's snapshot; see store.h. */
static int
sq_snapshot_get(struct store *base, long long game, const char *format,
    struct store_snapshot *sn, char **why)
{
	struct sqlite_store *s = sq(base);
	struct query q;
	const void *p;
	char key[17];
	int status, n;

	memset(sn, 0, sizeof *sn);
	sn->fit = STORE_SNAP_MISSING;
	if ((status = query_start(&q, s, "SELECT n, format, key, state FROM"
	    " snapshots WHERE game_id = ?", why, "I", game)) != SR_OK)
		return status;
	if (query_row(&q)) {
		sn->fit = STORE_SNAP_FORMAT;
		sn->n = sqlite3_column_int(q.st, 0);
		sn->format = column_dup(q.st, 1);
		sn->key = column_dup(q.st, 2);
		p = sqlite3_column_blob(q.st, 3);
		sn->len = (size_t)sqlite3_column_bytes(q.st, 3);
		sn->state = xmalloc(sn->len);
		if (p != NULL)
			memcpy(sn->state, p, sn->len);
	}
	if ((status = query_end(&q, why)) != SR_OK) {
		store_snapshot_clear(sn);
		return status;
	}
	if (sn->fit == STORE_SNAP_MISSING || sn->format == NULL ||
	    strcmp(sn->format, format) != 0)
		return SR_OK;
	if ((status = snapshot_key(s, game, format, sn->state, sn->len, &n,
	    key, why)) != SR_OK) {
		store_snapshot_clear(sn);
		return status;
	}
	sn->last = n;
	if (n != sn->n)
		sn->fit = STORE_SNAP_STALE;
	else if (sn->key == NULL || strcmp(sn->key, key) != 0)
		sn->fit = STORE_SNAP_KEY;
	else
		sn->fit = STORE_SNAP_FITS;
	return SR_OK;
}

/* Store game's snapshot; see store.h. */
static int
sq_snapshot_put(struct store *base, long long game, const char *format,
    const void *state, size_t len, char **why)
{
	struct sqlite_store *s = sq(base);
	char key[17];
	int status, n;

	if ((status = snapshot_key(s, game, format, state, len, &n, key,
	    why)) != SR_OK)
		return status;
	return query_exec(s, "INSERT OR REPLACE INTO snapshots(game_id, n,"
	    " format, key, state) VALUES (?, ?, ?, ?, ?)", why, "Iittb", game,
	    n, format, key, state, len);
}

/* Forget game's snapshot (its rules keep none). */
static int
sq_snapshot_drop(struct store *base, long long game, char **why)
{
	return query_exec(sq(base), "DELETE FROM snapshots WHERE game_id = ?",
	    why, "I", game);
}

/*
 * The undo cache (migration 6 -> 7): the head says how deep the stacks
 * are; it counts only when written with the snapshot stored now, which
 * fits the game's entries now.
 */
static int
sq_undo_head(struct store *base, long long game, const char *format,
    struct store_undo *u, char **why)
{
	struct sqlite_store *s = sq(base);
	struct store_snapshot sn;
	struct query q;
	int status;

	memset(u, 0, sizeof *u);
	if ((status = sq_snapshot_get(base, game, format, &sn, why)) != SR_OK)
		return status;
	if (sn.fit != STORE_SNAP_FITS) {
		store_snapshot_clear(&sn);
		return SR_OK;
	}
	status = query_start(&q, s, "SELECT h.depth, h.nundone, (SELECT"
	    " COUNT(*) FROM undo_states WHERE game_id = h.game_id AND"
	    " kind = 1) FROM undo_heads h WHERE h.game_id = ? AND h.n = ?"
	    " AND h.key = ?", why, "Iit", game, sn.n, sn.key);
	if (status == SR_OK) {
		if (query_row(&q)) {
			u->depth = sqlite3_column_int(q.st, 0);
			u->nundone = sqlite3_column_int(q.st, 1);
			u->kept_undone = sqlite3_column_int(q.st, 2);
			u->valid = u->depth >= 0 && u->nundone >= 0;
		}
		status = query_end(&q, why);
	}
	store_snapshot_clear(&sn);
	return status;
}

/* One row of the undo cache; see store.h. */
static int
sq_undo_get(struct store *base, long long game, int kind, int pos, int *n,
    void **state, size_t *len, char **why)
{
	struct query q;
	const void *p;
	int status;

	*n = 0;
	if (state != NULL) {
		*state = NULL;
		*len = 0;
	}
	if ((status = query_start(&q, sq(base), "SELECT n, state FROM"
	    " undo_states WHERE game_id = ? AND kind = ? AND pos = ?", why,
	    "Iii", game, kind, pos)) != SR_OK)
		return status;
	if (query_row(&q)) {
		*n = sqlite3_column_int(q.st, 0);
		p = sqlite3_column_blob(q.st, 1);
		if (state != NULL && p != NULL) {
			*len = (size_t)sqlite3_column_bytes(q.st, 1);
			*state = xmalloc(*len + 1);
			memcpy(*state, p, *len);
		}
	}
	if ((status = query_end(&q, why)) != SR_OK && state != NULL) {
		free(*state);
		*state = NULL;
		*len = 0;
	}
	return status;
}

/* Entry n pushed at depth, the snapshot stored now before it; see store.h. */
static int
sq_undo_push(struct store *base, long long game, int depth, int n, int keep,
    char **why)
{
	struct sqlite_store *s = sq(base);
	int status;

	if ((status = query_exec(s, "INSERT OR REPLACE INTO undo_states("
	    "game_id, kind, pos, n, state) SELECT ?1, 0, ?2, ?3, state FROM"
	    " snapshots WHERE game_id = ?1", why, "Iii", game, depth, n)) !=
	    SR_OK)
		return status;
	return query_exec(s, "DELETE FROM undo_states WHERE game_id = ?1 AND"
	    " kind = 0 AND pos <= ?2 - ?3", why, "Iii", game, depth, keep);
}

/* The entry in effect at depth undone, to the redo stack; see store.h. */
static int
sq_undo_pop(struct store *base, long long game, int depth, int pos,
    char **why)
{
	struct sqlite_store *s = sq(base);
	int status;

	if ((status = query_exec(s, "INSERT OR REPLACE INTO undo_states("
	    "game_id, kind, pos, n, state) SELECT ?1, 1, ?3, n, NULL FROM"
	    " undo_states WHERE game_id = ?1 AND kind = 0 AND pos = ?2", why,
	    "Iii", game, depth, pos)) != SR_OK)
		return status;
	return query_exec(s, "DELETE FROM undo_states WHERE game_id = ?1 AND"
	    " kind = 0 AND pos = ?2", why, "Ii", game, depth);
}

/* Undone rows from pos up forgotten (0: all); see store.h. */
static int
sq_undo_cut(struct store *base, long long game, int pos, char **why)
{
	return query_exec(sq(base), "DELETE FROM undo_states WHERE"
	    " game_id = ?1 AND kind = 1 AND pos >= ?2", why, "Ii", game, pos);
}

/* Whether an undone entry kept is of verb; see store.h. */
static int
sq_undo_has_verb(struct store *base, long long game, const char *verb,
    int *has, char **why)
{
	struct query q;
	int status;

	*has = 0;
	if ((status = query_start(&q, sq(base), "SELECT 1 FROM undo_states u"
	    " JOIN entries e ON e.game_id = u.game_id AND e.n = u.n WHERE"
	    " u.game_id = ? AND u.kind = 1 AND e.verb = ? LIMIT 1", why, "It",
	    game, verb)) != SR_OK)
		return status;
	*has = query_row(&q);
	if ((status = query_end(&q, why)) != SR_OK)
		*has = 0;
	return status;
}

/* The head, with the snapshot stored now; see store.h. */
static int
sq_undo_set(struct store *base, long long game, int depth, int nundone,
    char **why)
{
	return query_exec(sq(base), "INSERT OR REPLACE INTO undo_heads("
	    "game_id, n, key, depth, nundone) SELECT ?1, n, key, ?2, ?3 FROM"
	    " snapshots WHERE game_id = ?1", why, "Iii", game, depth, nundone);
}

/* Forget game's undo cache; see store.h. */
static int
sq_undo_drop(struct store *base, long long game, char **why)
{
	struct sqlite_store *s = sq(base);
	int status;

	if ((status = query_exec(s, "DELETE FROM undo_heads WHERE game_id = ?",
	    why, "I", game)) != SR_OK)
		return status;
	return query_exec(s, "DELETE FROM undo_states WHERE game_id = ?", why,
	    "I", game);
}

/* Store one row of the undo cache (a rebuild); see store.h. */
static int
sq_undo_put(struct store *base, long long game, int kind, int pos, int n,
    const void *state, size_t len, char **why)
{
	return query_exec(sq(base), "INSERT OR REPLACE INTO undo_states("
	    "game_id, kind, pos, n, state) VALUES (?, ?, ?, ?, ?)", why,
	    state != NULL ? "Iiiib" : "Iiii-", game, kind, pos, n, state, len);
}

/* Every row of game's undo cache; see store.h. */
static int
sq_undo_rows(struct store *base, long long game,
    int (*fn)(void *, int kind, int pos, int n, const void *state,
    size_t len), void *arg, char **why)
{
	struct query q;
	const void *p;
	int status;

	if ((status = query_start(&q, sq(base), "SELECT kind, pos, n, state"
	    " FROM undo_states WHERE game_id = ? ORDER BY kind, pos", why, "I",
	    game)) != SR_OK)
		return status;
	while (query_row(&q)) {
		p = sqlite3_column_blob(q.st, 3);
		if (fn(arg, sqlite3_column_int(q.st, 0),
		    sqlite3_column_int(q.st, 1), sqlite3_column_int(q.st, 2), p,
		    (size_t)sqlite3_column_bytes(q.st, 3)) != 0)
			break;
	}
	return query_end(&q, why);
}

/* Add count to one face's tally of game; see store.h. */
static int
sq_dice_count(struct store *base, long long game, int seat, int kind,
    int face, long count, char **why)
{
	return query_exec(sq(base), "INSERT INTO dice_tally(game_id, seat,"
	    " kind, face, count) VALUES (?, ?, ?, ?, ?) ON CONFLICT(game_id,"
	    " seat, kind, face) DO UPDATE SET count = count + excluded.count",
	    why, "IiiiI", game, seat, kind, face, (long long)count);
}

/* Forget game's tally; see store.h. */
static int
sq_dice_drop(struct store *base, long long game, char **why)
{
	return query_exec(sq(base), "DELETE FROM dice_tally WHERE game_id = ?",
	    why, "I", game);
}

/* The tally's rows, of game (0: every game) ; see store.h. */
static int
sq_dice_rows(struct store *base, long long game,
    int (*fn)(void *, long long game, int seat, int kind, int face,
    long count), void *arg, char **why)
{
	struct query q;
	int status;

	if ((status = query_start(&q, sq(base), game != 0 ? "SELECT game_id,"
	    " seat, kind, face, count FROM dice_tally WHERE game_id = ? AND"
	    " count != 0 ORDER BY seat, kind, face" : "SELECT game_id, seat,"
	    " kind, face, count FROM dice_tally WHERE count != 0 ORDER BY"
	    " game_id", why, game != 0 ? "I" : "", game)) != SR_OK)
		return status;
	while (query_row(&q))
		if (fn(arg, sqlite3_column_int64(q.st, 0),
		    sqlite3_column_int(q.st, 1), sqlite3_column_int(q.st, 2),
		    sqlite3_column_int(q.st, 3),
		    (long)sqlite3_column_int64(q.st, 4)) != 0)
			break;
	return query_end(&q, why);
}

/* Store entry n's round, note and undone (history's cache); see store.h. */
static int
sq_note_put(struct store *base, long long game, int n, int round,
    int undone, const char *note, char **why)
{
	return query_exec(sq(base), "INSERT OR REPLACE INTO entry_notes("
	    "game_id, n, round, undone, note) VALUES (?, ?, ?, ?, ?)", why,
	    "Iiiit", game, n, round, undone, note != NULL ? note : "");
}

/* Entry n taken back (undone 1) or restored (0); see store.h. */
static int
sq_note_undone(struct store *base, long long game, int n, int undone,
    char **why)
{
	return query_exec(sq(base), "UPDATE entry_notes SET undone = ?3 WHERE"
	    " game_id = ?1 AND n = ?2", why, "Iii", game, n, undone);
}

/* Forget game's notes; see store.h. */
static int
sq_notes_drop(struct store *base, long long game, char **why)
{
	return query_exec(sq(base), "DELETE FROM entry_notes WHERE"
	    " game_id = ?", why, "I", game);
}

/* Each of game's entries with its note to fn, while it has one; see store.h. */
static int
sq_history_scan(struct store *base, long long id,
    int (*fn)(void *, const struct stored_entry *), void *arg, int *n,
    int *complete, char **why)
{
	struct sqlite_store *s = sq(base);

	return entries_scan(s, id, 1, fn, arg, NULL, n, complete, why);
}

/* Every note row of game, for check; see store.h. */
static int
sq_notes_rows(struct store *base, long long game,
    int (*fn)(void *, int n, int round, const char *note, int undone),
    void *arg, char **why)
{
	struct query q;
	int status;

	if ((status = query_start(&q, sq(base), "SELECT n, round, note, undone"
	    " FROM entry_notes WHERE game_id = ? ORDER BY n", why, "I",
	    game)) != SR_OK)
		return status;
	while (query_row(&q))
		if (fn(arg, sqlite3_column_int(q.st, 0),
		    sqlite3_column_int(q.st, 1),
		    (const char *)sqlite3_column_text(q.st, 2),
		    sqlite3_column_int(q.st, 3)) != 0)
			break;
	return query_end(&q, why);
}

/*
 * Change notices: the file itself, its WAL and journal, which notice.c
 * watches by the database's name; no descriptor of SQLite's own.
 */
static int
sq_notice(struct store *base, const char **path, int *fd, char **why)
{
	(void)base;
	(void)why;
	*path = NULL;
	*fd = -1;
	return SR_OK;
}

/* Nothing is notified but through the file. */
static int
sq_notice_take(struct store *base)
{
	(void)base;
	return 0;
}

/* A file has no connection to lose. */
static int
sq_lost(const struct store *base)
{
	(void)base;
	return 0;
}

/* A file's commit is never in doubt: it returned, or it did not happen. */
static int
sq_in_doubt(const struct store *base)
{
	(void)base;
	return 0;
}

/* The SQLite engine: a path names its file (store-engine.h). */
const struct store_engine store_engine_sqlite = {
	.name = "sqlite",
	.schemes = NULL,
	.open = sq_open,
	.close = sq_close,
	.migrated = sq_migrated,
	.begin = sq_begin,
	/* The lock is the file's: a write reads first (store_try_write). */
	.try_write = NULL,
	.busy = NULL,
	.commit = sq_commit,
	.rollback = sq_rollback,
	.current = sq_current,
	.set_current = sq_set_current,
	.game_load = sq_game_load,
	.entries_load = sq_entries_load,
	.entry_load = sq_entry_load,
	.last_n = sq_last_n,
	.game_create = sq_game_create,
	.game_by_uid = sq_game_by_uid,
	.game_names = sq_game_names,
	.entry_append = sq_entry_append,
	.summary = sq_summary,
	.games = sq_games,
	.export_json = sq_export_json,
	.export_rows = sq_export_rows,
	.tallies = sq_tallies,
	.results = sq_results,
	.seats_shape = sq_seats_shape,
	.orphans = sq_orphans,
	.setup_record = sq_setup_record,
	.integrity = sq_integrity,
	.game_ids = sq_game_ids,
	.summary_load = sq_summary_load,
	.tallies_check = sq_tallies_check,
	.tallies_rebuild = sq_tallies_rebuild,
	.snapshot_get = sq_snapshot_get,
	.snapshot_put = sq_snapshot_put,
	.snapshot_drop = sq_snapshot_drop,
	.undo_head = sq_undo_head,
	.undo_get = sq_undo_get,
	.undo_push = sq_undo_push,
	.undo_pop = sq_undo_pop,
	.undo_cut = sq_undo_cut,
	.undo_has_verb = sq_undo_has_verb,
	.undo_set = sq_undo_set,
	.undo_drop = sq_undo_drop,
	.undo_put = sq_undo_put,
	.undo_rows = sq_undo_rows,
	.note_put = sq_note_put,
	.note_undone = sq_note_undone,
	.notes_drop = sq_notes_drop,
	.history_scan = sq_history_scan,
	.notes_rows = sq_notes_rows,
	.dice_count = sq_dice_count,
	.dice_drop = sq_dice_drop,
	.dice_rows = sq_dice_rows,
	.coach_put = sq_coach_put,
	.coach_drop = sq_coach_drop,
	.coach_rows = sq_coach_rows,
	.notice = sq_notice,
	.notice_take = sq_notice_take,
	.lost = sq_lost,
	.in_doubt = sq_in_doubt,
};
