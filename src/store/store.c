/*
 * store.c: games, players, seats and the append-only table of entries in
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

#include <jansson.h>
#include <sqlite3.h>

#include "shakeref.h"
#include "store.h"

/* Statements a store keeps prepared. */
#define STORE_KEPT	48

struct store {
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

/* WAL pages after which a commit checkpoints them into the database. */
#define STORE_WAL_PAGES	64
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
};
#define NMIGRATIONS	((int)(sizeof migrations / sizeof migrations[0]))

/* Set *why to a formatted, malloc'd message; return status. */
static int __attribute__((format(printf, 3, 4)))
fail(char **why, int status, const char *fmt, ...)
{
	va_list ap;
	struct buf b = BUF_INIT;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (why != NULL)
		*why = b.s != NULL ? b.s : xstrdup("");
	else
		buf_free(&b);
	return status;
}

/* Fail with SQLite's message for the last call. */
static int
fail_db(struct store *s, char **why)
{
	int code = sqlite3_errcode(s->db);

	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		return fail(why, SR_SYSTEM, "database '%s' is locked by "
		    "another shakeref; try again", s->path);
	return fail(why, SR_SYSTEM, "database '%s': %s", s->path,
	    sqlite3_errmsg(s->db));
}

/* Create path's parent folders (0700) as needed. */
static int
make_parents(const char *path, char **why)
{
	char *dir;

	if (paths_make_parents(path, &dir) == 0)
		return SR_OK;
	fail(why, SR_SYSTEM, "cannot create folder '%s': %s", dir,
	    strerror(errno));
	free(dir);
	return SR_SYSTEM;
}

/* Run SQL without results. */
static int
exec(struct store *s, const char *sql, char **why)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return fail_db(s, why);
	return SR_OK;
}

/*
 * Prepare a statement, or take the one kept for the same SQL text (sql is
 * a literal: its address names it); give it back with finish().
 */
static int
prepare(struct store *s, const char *sql, sqlite3_stmt **st, char **why)
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

/* Done with st: a kept one reset for its next use, else finalized. */
static void
finish(struct store *s, sqlite3_stmt *st)
{
	struct kept *k;

	for (k = s->kept; k < s->kept + STORE_KEPT; k++)
		if (k->st == st && k->sql != NULL) {
			sqlite3_reset(st);
			sqlite3_clear_bindings(st);
			k->busy = 0;
			return;
		}
	sqlite3_finalize(st);
}

/* Step a statement that returns no row; finalize it. */
static int
step_done(struct store *s, sqlite3_stmt *st, char **why)
{
	int rc = sqlite3_step(st);

	if (rc != SQLITE_DONE) {
		fail_db(s, why);
		finish(s, st);
		return SR_SYSTEM;
	}
	finish(s, st);
	return SR_OK;
}

/*
 * Bind st's parameters from 1 on, one letter of types each: 'i' an int,
 * 'I' a long long, 't' a text (NULL binds NULL), 'b' a blob (a pointer
 * and a size_t), '-' none (left NULL).
 * Every bind is checked: a value SQLite cannot bind (too big) would be
 * stored or looked up as NULL.  On failure st is finalized.
 */
static int
bind(struct store *s, sqlite3_stmt *st, char **why, const char *types, ...)
{
	va_list ap;
	const char *t;
	const void *p;
	size_t n;
	int i, rc = SQLITE_OK;

	va_start(ap, types);
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
	va_end(ap);
	if (rc == SQLITE_OK)
		return SR_OK;
	finish(s, st);
	return fail(why, SR_SYSTEM, "database '%s': cannot use value %d "
	    "exactly: %s", s->path, i - 1, sqlite3_errstr(rc));
}

/* The schema version of the file (PRAGMA user_version) into *version. */
static int
schema_version(struct store *s, int *version, char **why)
{
	sqlite3_stmt *st;
	int status;

	if ((status = prepare(s, "PRAGMA user_version", &st, why)) != SR_OK)
		return status;
	if (sqlite3_step(st) != SQLITE_ROW) {
		finish(s, st);
		return fail_db(s, why);
	}
	*version = sqlite3_column_int(st, 0);
	finish(s, st);
	return SR_OK;
}

/* Refuse a file from a newer shakeref (exit 3). */
static int
refuse_newer(struct store *s, int version, char **why)
{
	return fail(why, SR_DATA, "database '%s' is from a newer shakeref "
	    "(schema %d; this one knows up to %d)", s->path, version,
	    NMIGRATIONS);
}

/*
 * Whether the file's tables are shakeref's at schema version: none at all
 * at 0 (a new file), else at least those its migrations made.  Reads only:
 * a foreign file is refused exactly as it was.
 */
static int
schema_known(struct store *s, int version, char **why)
{
	static const char *const tables[] = {
		"meta", "players", "games", "seats", "entries", "tallies"
	};
	sqlite3_stmt *st;
	int status, count, want;

	/* The tables made by migration 0 (five) and 1 (tallies). */
	want = version == 0 ? 0 : version == 1 ? 5 : 6;
	if ((status = prepare(s, "SELECT (SELECT COUNT(*) FROM sqlite_master"
	    " WHERE name NOT LIKE 'sqlite_%'), (SELECT COUNT(*) FROM"
	    " sqlite_master WHERE type = 'table' AND name IN"
	    " (?, ?, ?, ?, ?, ?))", &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "tttttt", tables[0], tables[1],
	    tables[2], tables[3], tables[4], tables[5])) != SR_OK)
		return status;
	if (sqlite3_step(st) != SQLITE_ROW) {
		finish(s, st);
		return fail_db(s, why);
	}
	count = sqlite3_column_int(st, version == 0 ? 0 : 1);
	finish(s, st);
	if (count != want)
		return fail(why, SR_SYSTEM, "'%s' is not a shakeref database",
		    s->path);
	return SR_OK;
}

/*
 * Refuse a version this shakeref cannot read (exit 4: negative, or
 * tables that are not shakeref's) or a newer one (exit 3); else SR_OK.
 */
static int
check_version(struct store *s, int version, char **why)
{
	if (version < 0)
		return fail(why, SR_SYSTEM, "database '%s' has an unknown "
		    "schema version %d; it is not a shakeref database",
		    s->path, version);
	if (version > NMIGRATIONS)
		return refuse_newer(s, version, why);
	return schema_known(s, version, why);
}

/* Bring the schema up from version (as read) to date, or refuse it. */
static int
migrate(struct store *s, int version, char **why)
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
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return status;
}

/*
 * After a commit with pages in the WAL: past STORE_WAL_PAGES, checkpoint
 * them into the database and truncate the WAL.  Each command is the first
 * to open the file, so SQLite rebuilds the WAL index by reading the whole
 * WAL, and forgets what was checkpointed: its own automatic checkpoint
 * never restarted the WAL, which grew with every entry ever written (10 MB
 * and 11 ms a command after 1,000 entries).  A checkpoint that a reader
 * is in the way of is tried again at the next commit.
 */
static int
wal_hook(void *arg, sqlite3 *db, const char *name, int pages)
{
	(void)arg;
	if (pages < STORE_WAL_PAGES)
		return SQLITE_OK;
	/* The entry is durable: never make its author wait for a reader. */
	sqlite3_busy_timeout(db, 0);
	sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_TRUNCATE, NULL,
	    NULL);
	sqlite3_busy_timeout(db, STORE_BUSY_MS);
	return SQLITE_OK;
}

/*
 * The VFS every connection uses: the system's, except that a WAL file
 * that exists already is opened without SQLITE_OPEN_CREATE.  SQLite
 * fsyncs the folder after the first write to any WAL it opened with
 * CREATE (in case the file is new), so a command that finds the WAL kept
 * by the one before it would wait for two syncs a move instead of one.
 * A WAL that exists was made durable in its folder by the command that
 * created it.  Only xOpen differs; the file objects are the system's.
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

/* Register store_vfs once, on top of the default VFS. */
static int
store_vfs_init(void)
{
	sqlite3_vfs *sys;

	if (store_vfs.zName != NULL)
		return SQLITE_OK;
	if ((sys = sqlite3_vfs_find(NULL)) == NULL)
		return SQLITE_ERROR;
	store_vfs = *sys;
	store_vfs.pNext = NULL;
	store_vfs.zName = "shakeref";
	store_vfs.pAppData = sys;
	store_vfs.xOpen = store_vfs_open;
	return sqlite3_vfs_register(&store_vfs, 0);
}

/* Open the database; see store.h. */
int
store_open(const char *path, int create, struct store **sp, char **why)
{
	struct store *s;
	struct stat sb;
	int fd, status, version, one = 1;

	*sp = NULL;
	/*
	 * Only new and import make a database: a path with no file, or
	 * with an empty one (no database yet either), is left as it is.
	 */
	if (!create && ((stat(path, &sb) != 0 && errno == ENOENT) ||
	    (stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size == 0)))
		return fail(why, SR_DATA, "no database at '%s'; 'shakeref new' "
		    "creates it", path);
	if (create && (status = make_parents(path, why)) != SR_OK)
		return status;
	/* Create the file ourselves so that it is 0600 from the start. */
	if ((fd = open(path, O_RDWR | (create ? O_CREAT : 0) | O_CLOEXEC,
	    0600)) < 0)
		return fail(why, !create && errno == ENOENT ? SR_DATA :
		    SR_SYSTEM, "cannot open database '%s': %s", path,
		    strerror(errno));
	close(fd);
	if (store_vfs_init() != SQLITE_OK)
		return fail(why, SR_SYSTEM, "cannot set up SQLite's file "
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
		store_close(s);
		return status;
	}
	sqlite3_busy_timeout(s->db, STORE_BUSY_MS);
	/*
	 * Leave the WAL for the next command instead of checkpointing it at
	 * every close (two more fsyncs a command), and never remove it (the
	 * next command would make it anew and sync its folder): see
	 * store_vfs_open() and wal_hook(), which keeps it short.
	 */
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
	sqlite3_file_control(s->db, "main", SQLITE_FCNTL_PERSIST_WAL, &one);
	sqlite3_wal_hook(s->db, wal_hook, NULL);
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
			fail(why, SR_SYSTEM, "'%s' is not a shakeref database",
			    path);
		}
		store_close(s);
		return status;
	}
	*sp = s;
	return SR_OK;
}

/* Close the database. */
void
store_close(struct store *s)
{
	int i;

	if (s == NULL)
		return;
	for (i = 0; i < STORE_KEPT; i++)
		sqlite3_finalize(s->kept[i].st);
	sqlite3_close(s->db);
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
 * the usual command pays one stat and one read, not a sync; see HACKING.
 */
static int
wal_durable(struct store *s, char **why)
{
	sqlite3_stmt *st;
	struct stat sb;
	char *wal, id[64];
	const unsigned char *was;
	int status, same;

	s->wal_known = 1;
	wal = xasprintf("%s-wal", s->path);
	status = stat(wal, &sb);
	free(wal);
	if (status != 0)
		return SR_OK;	/* none yet: SQLite makes it, folder synced */
	snprintf(id, sizeof id, "%llu:%llu", (unsigned long long)sb.st_dev,
	    (unsigned long long)sb.st_ino);
	if ((status = prepare(s, "SELECT value FROM meta WHERE key = 'wal'",
	    &st, why)) != SR_OK)
		return status;
	same = sqlite3_step(st) == SQLITE_ROW &&
	    (was = sqlite3_column_text(st, 0)) != NULL &&
	    strcmp((const char *)was, id) == 0;
	finish(s, st);
	if (same)
		return SR_OK;
	/* As SQLite does, a folder that cannot be synced is no error. */
	if (sync_folder(s->path) != 0)
		return SR_OK;
	if ((status = prepare(s, "INSERT OR REPLACE INTO meta(key, value)"
	    " VALUES ('wal', ?)", &st, why)) != SR_OK ||
	    (status = bind(s, st, why, "t", id)) != SR_OK)
		return status;
	return step_done(s, st, why);
}

/* Begin a transaction: IMMEDIATE for writes. */
int
store_begin(struct store *s, int write, char **why)
{
	int status;

	if ((status = exec(s, write ? "BEGIN IMMEDIATE" : "BEGIN", why)) !=
	    SR_OK || !write || s->wal_known)
		return status;
	if ((status = wal_durable(s, why)) != SR_OK)
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return status;
}

/* Commit: durable when it returns SR_OK (WAL, synchronous FULL). */
int
store_commit(struct store *s, char **why)
{
	return exec(s, "COMMIT", why);
}

/* Roll back whatever is open. */
void
store_rollback(struct store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

/* The current game, or 0. */
int
store_current(struct store *s, long long *id, char **why)
{
	sqlite3_stmt *st;
	int status;

	*id = 0;
	if ((status = prepare(s, "SELECT value FROM meta WHERE key = "
	    "'current'", &st, why)) != SR_OK)
		return status;
	switch (sqlite3_step(st)) {
	case SQLITE_ROW:
		*id = sqlite3_column_int64(st, 0);
		break;
	case SQLITE_DONE:
		break;
	default:
		finish(s, st);
		return fail_db(s, why);
	}
	finish(s, st);
	return SR_OK;
}

/* Make id the current game. */
int
store_set_current(struct store *s, long long id, char **why)
{
	sqlite3_stmt *st;
	int status;

	if ((status = prepare(s, "INSERT OR REPLACE INTO meta(key, value) "
	    "VALUES ('current', ?)", &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "I", id)) != SR_OK)
		return status;
	return step_done(s, st, why);
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
load_seats(struct store *s, struct store_game *g, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	if ((status = prepare(s, "SELECT name, name0 FROM seats WHERE "
	    "game_id = ? ORDER BY seat", &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "I", g->id)) != SR_OK)
		return status;
	g->nplayers = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (g->nplayers < GAME_MAX_PLAYERS) {
			g->names[g->nplayers] = column_dup(st, 0);
			g->names0[g->nplayers++] = column_dup(st, 1);
		}
	finish(s, st);
	if (rc != SQLITE_DONE)
		return fail_db(s, why);
	return SR_OK;
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
int
store_game_load(struct store *s, long long id, struct store_game *g,
    char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	memset(g, 0, sizeof *g);
	if ((status = prepare(s, "SELECT " GAME_COLUMNS " FROM games "
	    "WHERE id = ?", &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "I", id)) != SR_OK)
		return status;
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		finish(s, st);
		return fail(why, SR_DATA, "no game %lld", id);
	}
	if (rc != SQLITE_ROW) {
		finish(s, st);
		return fail_db(s, why);
	}
	game_from_row(st, g);
	finish(s, st);
	return load_seats(s, g, why);
}

/* Free a game's strings. */
void
store_game_clear(struct store_game *g)
{
	int i;

	free(g->uid);
	free(g->rules);
	free(g->title);
	free(g->title0);
	free(g->options);
	for (i = 0; i < g->nplayers; i++) {
		free(g->names[i]);
		free(g->names0[i]);
	}
	memset(g, 0, sizeof *g);
}

/* 1 if c may stand in a plain argument: printable ASCII, no '"', '\\'. */
static int
plain_char(char c)
{
	return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\';
}

/*
 * The args column as store_entry_append() writes nearly every entry
 * (JSON_COMPACT: [] or ["30","30","30"], ", " between them allowed),
 * each argument printable ASCII with no '"' or '\\': then those
 * arguments are exactly the JSON strings' values, read without jansson.
 * The number of arguments when it is so; -1 leaves anything else
 * (escapes, UTF-8) to jansson.
 */
static int
plain_args(const char *text)
{
	const char *p;
	int n = 0;

	if (text == NULL || *text != '[')
		return -1;
	for (p = text + 1; *p != ']'; n++) {
		if (n > 0 && *p++ != ',')
			return -1;
		if (n > 0 && *p == ' ')
			p++;
		if (*p++ != '"')
			return -1;
		while (plain_char(*p))
			p++;
		if (*p++ != '"')
			return -1;
	}
	return p[1] == '\0' ? n : -1;
}

/*
 * The n arguments of a plain args text (plain_args) in argv: each
 * malloc'd, or with in (a copy of text), each where it stands in in, its
 * closing quote made its NUL.
 */
static void
split_plain(const char *text, char *in, int n, char **argv)
{
	const char *p = text, *q;
	int i;

	for (i = 0; i < n; i++) {
		while (*p != '"')
			p++;
		for (q = ++p; *q != '"'; q++)
			continue;
		if (in != NULL) {
			in[q - text] = '\0';
			argv[i] = in + (p - text);
		} else
			argv[i] = xstrndup(p, (size_t)(q - p));
		p = q + 1;
	}
	argv[n] = NULL;
}

/* Plain args (plain_args) into se, each argument malloc'd; 1, else 0. */
static int
decode_plain(const char *text, struct stored_entry *se)
{
	int n;

	if ((n = plain_args(text)) < 0)
		return 0;
	se->argc = n;
	se->argv = xcalloc((size_t)n + 1, sizeof *se->argv);
	split_plain(text, NULL, n, se->argv);
	return 1;
}

/* Decode an args column (a JSON array of strings) into se. */
static int
decode_args(const char *text, struct stored_entry *se)
{
	json_t *a;
	size_t i;

	if (decode_plain(text, se))
		return 0;
	if ((a = json_loads(text, 0, NULL)) == NULL || !json_is_array(a)) {
		json_decref(a);
		return -1;
	}
	se->argc = (int)json_array_size(a);
	se->argv = xcalloc((size_t)se->argc + 1, sizeof *se->argv);
	for (i = 0; i < json_array_size(a); i++) {
		const char *t = json_string_value(json_array_get(a, i));

		/* Never an argument read other than it was stored. */
		se->argv[i] = xstrdup(t != NULL ? t : "");
		if (t == NULL) {
			json_decref(a);
			return -1;
		}
	}
	json_decref(a);
	return 0;
}

/*
 * A row lent to a callback (history's scan): the entry's strings are the
 * row's own (valid until the next step, never copied) and its plain
 * arguments are split in memory kept from row to row; only other
 * arguments (escapes, UTF-8: jansson's) are malloc'd, owned says so.
 */
struct row_view {
	struct buf	  args;		/* the args column, its quotes NULs */
	char		**argv;
	int		  room;		/* argv's */
	int		  owned;
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
	int v, n;

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
	if (rv != NULL && (n = plain_args(args)) >= 0) {
		if (n >= rv->room) {
			rv->room = n + 1;
			rv->argv = xreallocarray(rv->argv, (size_t)rv->room,
			    sizeof *rv->argv);
		}
		buf_reset(&rv->args);
		buf_add(&rv->args, args, (size_t)sqlite3_column_bytes(st, 3));
		split_plain(args, rv->args.s, n, rv->argv);
		se->argc = n;
		se->argv = rv->argv;
		return 0;
	}
	if (rv != NULL)
		rv->owned = 1;
	return decode_args(args, se);
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

/*
 * The end of a load of n entries e of game id, its scan ended with rc:
 * handed over to *ep and *np when it is done and keep is set, else freed
 * (and the failure returned, if any).
 */
static int
entries_end(struct store *s, long long id, int rc, int keep,
    struct stored_entry *e, int n, struct stored_entry **ep, int *np,
    char **why)
{
	int i;

	if (rc == SQLITE_DONE && keep) {
		*ep = e;
		*np = n;
		return SR_OK;
	}
	for (i = 0; i < n; i++)
		stored_entry_clear(&e[i]);
	free(e);
	if (rc == SQLITE_DONE)
		return SR_OK;
	if (rc == SQLITE_CORRUPT)
		return fail(why, SR_DATA, "game %lld has an entry this "
		    "shakeref cannot read", id);
	return fail_db(s, why);
}

/* Load entry n of game id; see store.h. */
int
store_entry_load(struct store *s, long long id, int n,
    struct stored_entry *se, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	memset(se, 0, sizeof *se);
	if ((status = prepare(s, "SELECT n, player, verb, args, fact, at "
	    "FROM entries WHERE game_id = ? AND n = ?", &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "Ii", id, n)) != SR_OK)
		return status;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW &&
	    entry_from_row(st, se, NULL) != 0) {
		finish(s, st);
		stored_entry_clear(se);
		return fail(why, SR_DATA, "game %lld has an entry this "
		    "shakeref cannot read", id);
	}
	finish(s, st);
	if (rc == SQLITE_DONE)
		return fail(why, SR_DATA, "game %lld has no entry %d", id, n);
	if (rc != SQLITE_ROW)
		return fail_db(s, why);
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
entries_scan(struct store *s, long long id, int notes,
    int (*fn)(void *, const struct stored_entry *), void *arg,
    struct stored_entry **ep, int *np, int *complete, char **why)
{
	struct stored_entry one;
	struct row_view rv = { BUF_INIT, NULL, 0, 0 };
	sqlite3_stmt *st, *nt = NULL;
	struct stored_entry *e = NULL, *se;
	int n = 0, cap = 0, status, rc, k;

	if (ep != NULL)
		*ep = NULL;
	*np = 0;
	*complete = 1;
	if ((status = prepare(s, "SELECT n, player, verb, args, fact, at"
	    " FROM entries WHERE game_id = ? ORDER BY n", &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "I", id)) != SR_OK)
		return status;
	if (notes && ((status = prepare(s, "SELECT n, round, note, undone"
	    " FROM entry_notes WHERE game_id = ? ORDER BY n", &nt, why)) !=
	    SR_OK ||
	    (status = bind(s, nt, why, "I", id)) != SR_OK)) {
		finish(s, st);
		return status;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (nt != NULL && (sqlite3_step(nt) != SQLITE_ROW ||
		    sqlite3_column_int(nt, 0) != sqlite3_column_int(st, 0))) {
			*complete = 0;
			rc = SQLITE_DONE;
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
		if (entry_from_row(st, se, fn != NULL ? &rv : NULL) != 0) {
			rc = SQLITE_CORRUPT;
			if (fn != NULL)
				row_view_clear(se, &rv);
			break;
		}
		if (nt != NULL) {
			se->round = sqlite3_column_int(nt, 1);
			se->note = fn != NULL ?
			    (char *)sqlite3_column_text(nt, 2) : column_dup(nt, 2);
			se->undone = sqlite3_column_int(nt, 3) != 0;
		}
		if (fn != NULL) {
			n++;
			k = fn(arg, se);
			row_view_clear(se, &rv);
			if (k != 0) {
				rc = SQLITE_DONE;
				break;
			}
		}
	}
	if (fn != NULL) {
		*np = n;
		n = 0;
	}
	buf_free(&rv.args);
	free(rv.argv);
	finish(s, st);
	finish(s, nt);
	return entries_end(s, id, rc, *complete && fn == NULL, e, n, ep, np,
	    why);
}

/* Load a game's entries. */
int
store_entries_load(struct store *s, long long id, struct stored_entry **ep,
    int *np, char **why)
{
	int complete;

	return entries_scan(s, id, 0, NULL, NULL, ep, np, &complete, why);
}

/* The number of game id's latest entry (0 if none); see store.h. */
int
store_last_n(struct store *s, long long id, int *n, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	*n = 0;
	if ((status = prepare(s, "SELECT coalesce(max(n), 0) FROM entries "
	    "WHERE game_id = ?", &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "I", id)) != SR_OK)
		return status;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*n = sqlite3_column_int(st, 0);
	finish(s, st);
	if (rc != SQLITE_ROW)
		return fail_db(s, why);
	return SR_OK;
}

/* The id of the player called name (case-insensitive), created if new. */
static int
player_id(struct store *s, const char *name, long long *id, char **why)
{
	sqlite3_stmt *st;
	int status;

	if ((status = prepare(s, "INSERT INTO players(name) VALUES (?) "
	    "ON CONFLICT(name) DO NOTHING", &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "t", name)) != SR_OK ||
	    (status = step_done(s, st, why)) != SR_OK)
		return status;
	if ((status = prepare(s, "SELECT id FROM players WHERE name = ?",
	    &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "t", name)) != SR_OK)
		return status;
	if (sqlite3_step(st) != SQLITE_ROW) {
		finish(s, st);
		return fail_db(s, why);
	}
	*id = sqlite3_column_int64(st, 0);
	finish(s, st);
	return SR_OK;
}

/* Create a game and its seats. */
int
store_game_create(struct store *s, struct store_game *g, char **why)
{
	sqlite3_stmt *st;
	long long pid = 0;
	int status, i;

	if ((status = prepare(s, "INSERT INTO games(rules, title, title0, "
	    "options, created, uid) VALUES (?1, ?2, ?2, ?3, ?4, "
	    "coalesce(?5, lower(hex(randomblob(16))))) RETURNING id",
	    &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "tttIt", g->rules, g->title,
	    g->options, g->created, g->uid)) != SR_OK)
		return status;
	if (sqlite3_step(st) != SQLITE_ROW) {
		status = fail_db(s, why);
		finish(s, st);
		return status;
	}
	g->id = sqlite3_column_int64(st, 0);
	if ((status = step_done(s, st, why)) != SR_OK)
		return status;
	for (i = 0; i < g->nplayers; i++) {
		if ((status = player_id(s, g->names[i], &pid, why)) != SR_OK)
			return status;
		if ((status = prepare(s, "INSERT INTO seats(game_id, seat, "
		    "player_id, name, name0) VALUES (?1, ?2, ?3, ?4, ?4)", &st,
		    why)) != SR_OK)
			return status;
		if ((status = bind(s, st, why, "IiIt", g->id, i, pid,
		    g->names[i])) != SR_OK ||
		    (status = step_done(s, st, why)) != SR_OK)
			return status;
	}
	return SR_OK;
}

/* Append one entry. */
int
store_entry_append(struct store *s, long long game,
    const struct stored_entry *se, char **why)
{
	sqlite3_stmt *st;
	json_t *a = json_array();
	char *args;
	int status, i;

	/*
	 * Every argument exactly, or nothing: json_string() refuses what is
	 * not UTF-8 (NULL), and a dropped argument would be an entry stored
	 * other than it was acknowledged.
	 */
	for (i = 0; i < se->argc; i++)
		if (json_array_append_new(a, json_string(se->argv[i])) != 0) {
			json_decref(a);
			return fail(why, SR_SYSTEM, "cannot store the entry: "
			    "its argument %d is not valid UTF-8", i + 1);
		}
	args = json_dumps(a, JSON_COMPACT);
	json_decref(a);
	if (args == NULL)
		return fail(why, SR_SYSTEM, "cannot encode an entry");
	if ((status = prepare(s, "INSERT INTO entries(game_id, n, player, "
	    "verb, args, fact, at) VALUES (?, ?, ?, ?, ?, ?, ?)", &st, why)) !=
	    SR_OK) {
		free(args);
		return status;
	}
	if ((status = bind(s, st, why, "IittttI", game, se->n,
	    se->player, verb_name(se->verb), args, se->fact, se->at)) == SR_OK)
		status = step_done(s, st, why);
	free(args);
	return status;
}

/* The game with this uid, or 0. */
int
store_game_by_uid(struct store *s, const char *uid, long long *id,
    char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	*id = 0;
	if ((status = prepare(s, "SELECT id FROM games WHERE uid = ?", &st,
	    why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "t", uid)) != SR_OK)
		return status;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	finish(s, st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return fail_db(s, why);
	return SR_OK;
}

/* Record the names and title now where they changed. */
int
store_game_names(struct store *s, long long game, const char *const *names,
    int n, const char *title, char **why)
{
	sqlite3_stmt *st;
	long long pid;
	int status, i;

	if ((status = prepare(s, "UPDATE games SET title = ?1 WHERE id = ?2 "
	    "AND title IS NOT ?1", &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "tI", title, game)) != SR_OK ||
	    (status = step_done(s, st, why)) != SR_OK)
		return status;
	for (i = 0; i < n; i++) {
		if ((status = player_id(s, names[i], &pid, why)) != SR_OK)
			return status;
		/* Only the name and player: see the trigger tallies_player. */
		if ((status = prepare(s, "UPDATE seats SET name = ?1, "
		    "player_id = ?2 WHERE game_id = ?3 AND seat = ?4 AND "
		    "(name IS NOT ?1 OR player_id != ?2)", &st, why)) != SR_OK)
			return status;
		if ((status = bind(s, st, why, "tIIi", names[i], pid, game,
		    i)) != SR_OK ||
		    (status = step_done(s, st, why)) != SR_OK)
			return status;
	}
	return SR_OK;
}

/* Record the game's summary. */
int
store_summary(struct store *s, long long game, int finished,
    const long *scores, const int *winners, int n, char **why)
{
	sqlite3_stmt *st;
	int status, i;

	if ((status = prepare(s, "UPDATE games SET finished = ? WHERE id = ?",
	    &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "iI", finished, game)) != SR_OK ||
	    (status = step_done(s, st, why)) != SR_OK)
		return status;
	if ((status = prepare(s, "UPDATE seats SET score = ?, won = ? "
	    "WHERE game_id = ? AND seat = ?", &st, why)) != SR_OK)
		return status;
	for (i = 0; i < n; i++) {
		sqlite3_reset(st);
		if ((status = bind(s, st, why, "IiIi", (long long)scores[i],
		    finished && winners[i], game, i)) != SR_OK)
			return status;
		if (sqlite3_step(st) != SQLITE_DONE) {
			status = fail_db(s, why);
			finish(s, st);
			return status;
		}
	}
	finish(s, st);
	return SR_OK;
}

/* List games. */
int
store_games(struct store *s, int all,
    int (*fn)(void *, const struct store_game *, long), void *arg,
    char **why)
{
	sqlite3_stmt *st;
	struct store_game g;
	int status, rc = SQLITE_DONE, have = 0, stop = 0;

	/*
	 * Flat in the number of games: one statement, a row per seat in
	 * game and seat order, no count of anyone's entries.
	 */
	if ((status = prepare(s, all ?
	    "SELECT " GAME_COLUMNS ", s.name, s.name0"
	    " FROM games g JOIN seats s ON s.game_id = g.id"
	    " ORDER BY g.id, s.seat" :
	    "SELECT " GAME_COLUMNS ", s.name, s.name0"
	    " FROM games g JOIN seats s ON s.game_id = g.id"
	    " WHERE g.finished = 0 ORDER BY g.id, s.seat", &st, why)) !=
	    SR_OK)
		return status;
	memset(&g, 0, sizeof g);
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (have && g.id != sqlite3_column_int64(st, 0)) {
			stop = fn(arg, &g, -1) != 0;
			store_game_clear(&g);
			have = 0;
			if (stop)
				break;
		}
		if (!have) {
			game_from_row(st, &g);
			have = 1;
		}
		if (g.nplayers < GAME_MAX_PLAYERS) {
			g.names[g.nplayers] = column_dup(st, 8);
			g.names0[g.nplayers++] = column_dup(st, 9);
		}
	}
	if (have && !stop)
		fn(arg, &g, -1);
	store_game_clear(&g);
	finish(s, st);
	if (!stop && rc != SQLITE_DONE)
		return fail_db(s, why);
	return SR_OK;
}

/* Per player and rules over finished games. */
int
store_tallies(struct store *s, int (*fn)(void *, const struct store_tally *),
    void *arg, char **why)
{
	sqlite3_stmt *st;
	struct store_tally t;
	int status, rc;

	if ((status = prepare(s, "SELECT p.name, t.rules, t.played, t.won"
	    " FROM tallies t JOIN players p ON p.id = t.player_id"
	    " WHERE t.played > 0 ORDER BY p.id, t.rules", &st, why)) !=
	    SR_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		t.name = (const char *)sqlite3_column_text(st, 0);
		t.rules = (const char *)sqlite3_column_text(st, 1);
		t.played = sqlite3_column_int64(st, 2);
		t.won = sqlite3_column_int64(st, 3);
		if (fn(arg, &t) != 0)
			break;
	}
	finish(s, st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return fail_db(s, why);
	return SR_OK;
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
int
store_export_json(struct store *s, long long id,
    int (*fn)(void *, const char *), void *arg, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	if ((status = prepare(s, id != 0 ? EXPORT_JSON_SQL
	    " WHERE g.id = ?" : EXPORT_JSON_SQL " ORDER BY g.id", &st, why)) !=
	    SR_OK)
		return status;
	if (id != 0 && (status = bind(s, st, why, "I", id)) != SR_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (fn(arg, (const char *)sqlite3_column_text(st, 0)) != 0)
			break;
	finish(s, st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return fail_db(s, why);
	return SR_OK;
}

/* One row per seat: the names and title now, the summary's scores. */
#define EXPORT_ROWS_SQL \
	"SELECT g.uid, g.created, g.rules, g.title, g.finished, s.name," \
	" s.seat + 1, s.score, 1 + (SELECT COUNT(*) FROM seats t" \
	" WHERE t.game_id = s.game_id AND t.score > s.score), s.won, g.id" \
	" FROM games g JOIN seats s ON s.game_id = g.id"

/* Export one row per player per game; see store.h. */
int
store_export_rows(struct store *s, long long id,
    int (*fn)(void *, const char *const *), void *arg, char **why)
{
	sqlite3_stmt *st;
	const char *cols[STORE_CSV_COLUMNS];
	int status, rc, i;

	if ((status = prepare(s, id != 0 ? EXPORT_ROWS_SQL
	    " WHERE g.id = ? ORDER BY s.seat" : EXPORT_ROWS_SQL
	    " ORDER BY g.id, s.seat", &st, why)) != SR_OK)
		return status;
	if (id != 0 && (status = bind(s, st, why, "I", id)) != SR_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		for (i = 0; i < STORE_CSV_COLUMNS; i++)
			cols[i] = (const char *)sqlite3_column_text(st, i);
		if (fn(arg, cols) != 0)
			break;
	}
	finish(s, st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return fail_db(s, why);
	return SR_OK;
}

/*
 * check: SQLite's own integrity check; fn gets each line it reports
 * other than "ok".
 */
int
store_integrity(struct store *s, int (*fn)(void *, const char *),
    void *arg, char **why)
{
	sqlite3_stmt *st;
	const char *t;
	int status, rc;

	if ((status = prepare(s, "PRAGMA integrity_check", &st, why)) !=
	    SR_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		t = (const char *)sqlite3_column_text(st, 0);
		if (t != NULL && strcmp(t, "ok") != 0 && fn(arg, t) != 0)
			break;
	}
	finish(s, st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return fail_db(s, why);
	return SR_OK;
}

/* Every game's id, oldest first, into a malloc'd array. */
int
store_game_ids(struct store *s, long long **ids, int *n, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	*ids = NULL;
	*n = 0;
	if ((status = prepare(s, "SELECT id FROM games ORDER BY id", &st,
	    why)) != SR_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*ids = xreallocarray(*ids, (size_t)*n + 1, sizeof **ids);
		(*ids)[(*n)++] = sqlite3_column_int64(st, 0);
	}
	finish(s, st);
	if (rc != SQLITE_DONE) {
		free(*ids);
		*ids = NULL;
		*n = 0;
		return fail_db(s, why);
	}
	return SR_OK;
}

/* check: game's seats: how many, and whether numbered 0..n-1. */
int
store_seats_shape(struct store *s, long long game, int *n, int *numbered,
    char **why)
{
	sqlite3_stmt *st;
	int status;

	*n = 0;
	*numbered = 1;
	if ((status = prepare(s, "SELECT COUNT(*), coalesce(MIN(seat), 0),"
	    " coalesce(MAX(seat), -1) FROM seats WHERE game_id = ?", &st,
	    why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "I", game)) != SR_OK)
		return status;
	if (sqlite3_step(st) != SQLITE_ROW) {
		finish(s, st);
		return fail_db(s, why);
	}
	*n = sqlite3_column_int(st, 0);
	*numbered = sqlite3_column_int64(st, 1) == 0 &&
	    sqlite3_column_int64(st, 2) == *n - 1;
	finish(s, st);
	return SR_OK;
}

/*
 * check: rows of entries, seats and snapshots whose game does not exist;
 * fn gets the table, the game id and the number of rows.  With drop,
 * such snapshots (a cache) are deleted.
 */
int
store_orphans(struct store *s, int drop,
    int (*fn)(void *, const char *table, long long game, long rows),
    void *arg, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	if ((status = prepare(s, "SELECT 'entries', game_id, COUNT(*) FROM"
	    " entries WHERE game_id NOT IN (SELECT id FROM games)"
	    " GROUP BY game_id UNION ALL"
	    " SELECT 'seats', game_id, COUNT(*) FROM seats"
	    " WHERE game_id NOT IN (SELECT id FROM games) GROUP BY game_id"
	    " UNION ALL SELECT 'snapshots', game_id, 1 FROM snapshots"
	    " WHERE game_id NOT IN (SELECT id FROM games) ORDER BY 2, 1",
	    &st, why)) != SR_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		fn(arg, (const char *)sqlite3_column_text(st, 0),
		    sqlite3_column_int64(st, 1),
		    (long)sqlite3_column_int64(st, 2));
	finish(s, st);
	if (rc != SQLITE_DONE)
		return fail_db(s, why);
	if (drop)
		return exec(s, "DELETE FROM snapshots WHERE game_id NOT IN"
		    " (SELECT id FROM games)", why);
	return SR_OK;
}

/* The summary stored for game (store_summary's), n seats. */
int
store_summary_load(struct store *s, long long game, int *finished,
    long *scores, int *won, int n, char **why)
{
	sqlite3_stmt *st;
	int status, rc, seat;

	if ((status = prepare(s, "SELECT g.finished, s.seat, s.score, s.won"
	    " FROM games g JOIN seats s ON s.game_id = g.id WHERE g.id = ?"
	    " ORDER BY s.seat", &st, why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "I", game)) != SR_OK)
		return status;
	*finished = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*finished = sqlite3_column_int(st, 0);
		seat = sqlite3_column_int(st, 1);
		if (seat >= 0 && seat < n) {
			scores[seat] = (long)sqlite3_column_int64(st, 2);
			won[seat] = sqlite3_column_int(st, 3);
		}
	}
	finish(s, st);
	if (rc != SQLITE_DONE)
		return fail_db(s, why);
	return SR_OK;
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
int
store_tallies_check(struct store *s,
    int (*fn)(void *, const char *name, const char *rules, long played,
    long won, long right_played, long right_won), void *arg, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	if ((status = prepare(s, "WITH r AS (" TALLIES_SQL "),"
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
	    &st, why)) != SR_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (fn(arg, (const char *)sqlite3_column_text(st, 0),
		    (const char *)sqlite3_column_text(st, 1),
		    (long)sqlite3_column_int64(st, 2),
		    (long)sqlite3_column_int64(st, 3),
		    (long)sqlite3_column_int64(st, 4),
		    (long)sqlite3_column_int64(st, 5)) != 0)
			break;
	finish(s, st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return fail_db(s, why);
	return SR_OK;
}

/* Rebuild the tallies from the games' summaries (in a transaction). */
int
store_tallies_rebuild(struct store *s, char **why)
{
	return exec(s, "DELETE FROM tallies;"
	    "INSERT INTO tallies(player_id, rules, played, won) "
	    TALLIES_SQL ";", why);
}

/* 1 if store_open() migrated an older schema (its summaries to rebuild). */
int
store_migrated(const struct store *s)
{
	return s->migrated;
}

/*
 * 64-bit FNV-1a of n bytes at p, on from h: the snapshot's checksum (a
 * cache's key, not a defence against an attacker, who could rewrite the
 * entries as easily).
 */
static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *u = p;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= u[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* fnv() of column i of st, its type and length first. */
static uint64_t
fnv_column(uint64_t h, sqlite3_stmt *st, int i)
{
	const void *p = sqlite3_column_blob(st, i);
	int n = sqlite3_column_bytes(st, i), t = sqlite3_column_type(st, i);

	h = fnv(h, &t, sizeof t);
	h = fnv(h, &n, sizeof n);
	return p != NULL ? fnv(h, p, (size_t)n) : h;
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
snapshot_key(struct store *s, long long game, const char *format,
    const void *state, size_t len, int *n, char key[17], char **why)
{
	sqlite3_stmt *st;
	uint64_t h = 0xcbf29ce484222325ULL;
	int status, rc, i;

	*n = 0;
	if ((status = prepare(s, "SELECT n, player, verb, args, fact, at"
	    " FROM entries WHERE game_id = ? ORDER BY n DESC LIMIT 1", &st,
	    why)) != SR_OK)
		return status;
	if ((status = bind(s, st, why, "I", game)) != SR_OK)
		return status;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*n = sqlite3_column_int(st, 0);
		for (i = 0; i < 6; i++)
			h = fnv_column(h, st, i);
	}
	finish(s, st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return fail_db(s, why);
	h = fnv(h, format, strlen(format) + 1);
	h = fnv(h, state, len);
	snprintf(key, 17, "%016llx", (unsigned long long)h);
	return SR_OK;
}

/* Load game's snapshot; see store.h. */
int
store_snapshot_get(struct store *s, long long game, const char *format,
    struct store_snapshot *sn, char **why)
{
	sqlite3_stmt *st;
	const void *p;
	char key[17];
	int status, rc, n;

	memset(sn, 0, sizeof *sn);
	if ((status = prepare(s, "SELECT n, format, key, state FROM snapshots"
	    " WHERE game_id = ?", &st, why)) != SR_OK ||
	    (status = bind(s, st, why, "I", game)) != SR_OK)
		return status;
	if ((rc = sqlite3_step(st)) == SQLITE_DONE) {
		finish(s, st);
		sn->fit = STORE_SNAP_MISSING;
		return SR_OK;
	}
	if (rc != SQLITE_ROW) {
		finish(s, st);
		return fail_db(s, why);
	}
	sn->n = sqlite3_column_int(st, 0);
	sn->format = column_dup(st, 1);
	sn->key = column_dup(st, 2);
	sn->len = (size_t)sqlite3_column_bytes(st, 3);
	sn->state = xmalloc(sn->len);
	if ((p = sqlite3_column_blob(st, 3)) != NULL)
		memcpy(sn->state, p, sn->len);
	finish(s, st);
	if (sn->format == NULL || strcmp(sn->format, format) != 0) {
		sn->fit = STORE_SNAP_FORMAT;
		return SR_OK;
	}
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

/* Free a snapshot's memory. */
void
store_snapshot_clear(struct store_snapshot *sn)
{
	free(sn->format);
	free(sn->key);
	free(sn->state);
	memset(sn, 0, sizeof *sn);
}

/* Store game's snapshot; see store.h. */
int
store_snapshot_put(struct store *s, long long game, const char *format,
    const void *state, size_t len, char **why)
{
	sqlite3_stmt *st;
	char key[17];
	int status, n;

	if ((status = snapshot_key(s, game, format, state, len, &n, key,
	    why)) != SR_OK)
		return status;
	if ((status = prepare(s, "INSERT OR REPLACE INTO snapshots(game_id,"
	    " n, format, key, state) VALUES (?, ?, ?, ?, ?)", &st, why)) !=
	    SR_OK)
		return status;
	if ((status = bind(s, st, why, "Iittb", game, n, format, key, state,
	    len)) != SR_OK)
		return status;
	return step_done(s, st, why);
}

/* Forget game's snapshot (its rules keep none). */
int
store_snapshot_drop(struct store *s, long long game, char **why)
{
	sqlite3_stmt *st;
	int status;

	if ((status = prepare(s, "DELETE FROM snapshots WHERE game_id = ?",
	    &st, why)) != SR_OK ||
	    (status = bind(s, st, why, "I", game)) != SR_OK)
		return status;
	return step_done(s, st, why);
}

/*
 * The undo cache (migration 6 -> 7): the head says how deep the stacks
 * are; it counts only when written with the snapshot stored now, which
 * fits the game's entries now.
 */
int
store_undo_head(struct store *s, long long game, const char *format,
    struct store_undo *u, char **why)
{
	struct store_snapshot sn;
	sqlite3_stmt *st;
	int status, rc;

	memset(u, 0, sizeof *u);
	if ((status = store_snapshot_get(s, game, format, &sn, why)) != SR_OK)
		return status;
	if (sn.fit != STORE_SNAP_FITS) {
		store_snapshot_clear(&sn);
		return SR_OK;
	}
	if ((status = prepare(s, "SELECT h.depth, h.nundone, (SELECT"
	    " COUNT(*) FROM undo_states WHERE game_id = h.game_id AND"
	    " kind = 1) FROM undo_heads h WHERE h.game_id = ? AND h.n = ?"
	    " AND h.key = ?", &st, why)) != SR_OK ||
	    (status = bind(s, st, why, "Iit", game, sn.n, sn.key)) !=
	    SR_OK) {
		store_snapshot_clear(&sn);
		return status;
	}
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		u->depth = sqlite3_column_int(st, 0);
		u->nundone = sqlite3_column_int(st, 1);
		u->kept_undone = sqlite3_column_int(st, 2);
		u->valid = u->depth >= 0 && u->nundone >= 0;
	}
	finish(s, st);
	store_snapshot_clear(&sn);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return fail_db(s, why);
	return SR_OK;
}

/* One row of the undo cache; see store.h. */
int
store_undo_get(struct store *s, long long game, int kind, int pos, int *n,
    void **state, size_t *len, char **why)
{
	sqlite3_stmt *st;
	const void *p;
	int status, rc;

	*n = 0;
	if (state != NULL) {
		*state = NULL;
		*len = 0;
	}
	if ((status = prepare(s, "SELECT n, state FROM undo_states"
	    " WHERE game_id = ? AND kind = ? AND pos = ?", &st, why)) !=
	    SR_OK ||
	    (status = bind(s, st, why, "Iii", game, kind, pos)) != SR_OK)
		return status;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*n = sqlite3_column_int(st, 0);
		p = sqlite3_column_blob(st, 1);
		if (state != NULL && p != NULL) {
			*len = (size_t)sqlite3_column_bytes(st, 1);
			*state = xmalloc(*len + 1);
			memcpy(*state, p, *len);
		}
	}
	finish(s, st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return fail_db(s, why);
	return SR_OK;
}

/* Run SQL with a game id and up to two ints bound (?1, ?2, ?3). */
static int
exec_gii(struct store *s, const char *sql, long long game, int a, int b,
    char **why)
{
	static const char *const types[] = { "", "I", "Ii", "Iii" };
	sqlite3_stmt *st;
	int status, k;

	if ((status = prepare(s, sql, &st, why)) != SR_OK)
		return status;
	if ((k = sqlite3_bind_parameter_count(st)) > 3)
		k = 3;
	if ((status = bind(s, st, why, types[k], game, a, b)) != SR_OK)
		return status;
	return step_done(s, st, why);
}

/* Entry n pushed at depth, the snapshot stored now before it; see store.h. */
int
store_undo_push(struct store *s, long long game, int depth, int n, int keep,
    char **why)
{
	int status;

	if ((status = exec_gii(s, "INSERT OR REPLACE INTO undo_states(game_id,"
	    " kind, pos, n, state) SELECT ?1, 0, ?2, ?3, state FROM snapshots"
	    " WHERE game_id = ?1", game, depth, n, why)) != SR_OK)
		return status;
	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = ?1 AND"
	    " kind = 0 AND pos <= ?2 - ?3", game, depth, keep, why);
}

/* The entry in effect at depth undone, to the redo stack; see store.h. */
int
store_undo_pop(struct store *s, long long game, int depth, int pos,
    char **why)
{
	int status;

	if ((status = exec_gii(s, "INSERT OR REPLACE INTO undo_states(game_id,"
	    " kind, pos, n, state) SELECT ?1, 1, ?3, n, NULL FROM undo_states"
	    " WHERE game_id = ?1 AND kind = 0 AND pos = ?2", game, depth, pos,
	    why)) != SR_OK)
		return status;
	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = ?1 AND"
	    " kind = 0 AND pos = ?2", game, depth, 0, why);
}

/* Undone rows from pos up forgotten (0: all); see store.h. */
int
store_undo_cut(struct store *s, long long game, int pos, char **why)
{
	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = ?1 AND"
	    " kind = 1 AND pos >= ?2", game, pos, 0, why);
}

/* Whether an undone entry kept is of verb; see store.h. */
int
store_undo_has_verb(struct store *s, long long game, const char *verb,
    int *has, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	*has = 0;
	if ((status = prepare(s, "SELECT 1 FROM undo_states u JOIN entries e"
	    " ON e.game_id = u.game_id AND e.n = u.n WHERE u.game_id = ?"
	    " AND u.kind = 1 AND e.verb = ? LIMIT 1", &st, why)) != SR_OK ||
	    (status = bind(s, st, why, "It", game, verb)) != SR_OK)
		return status;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*has = 1;
	finish(s, st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return fail_db(s, why);
	return SR_OK;
}

/* The head, with the snapshot stored now; see store.h. */
int
store_undo_set(struct store *s, long long game, int depth, int nundone,
    char **why)
{
	return exec_gii(s, "INSERT OR REPLACE INTO undo_heads(game_id, n, key,"
	    " depth, nundone) SELECT ?1, n, key, ?2, ?3 FROM snapshots"
	    " WHERE game_id = ?1", game, depth, nundone, why);
}

/* Forget game's undo cache; see store.h. */
int
store_undo_drop(struct store *s, long long game, char **why)
{
	int status;

	if ((status = exec_gii(s, "DELETE FROM undo_heads WHERE game_id = ?1",
	    game, 0, 0, why)) != SR_OK)
		return status;
	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = ?1",
	    game, 0, 0, why);
}

/* Store one row of the undo cache (a rebuild); see store.h. */
int
store_undo_put(struct store *s, long long game, int kind, int pos, int n,
    const void *state, size_t len, char **why)
{
	sqlite3_stmt *st;
	int status;

	if ((status = prepare(s, "INSERT OR REPLACE INTO undo_states(game_id,"
	    " kind, pos, n, state) VALUES (?, ?, ?, ?, ?)", &st, why)) !=
	    SR_OK)
		return status;
	if ((status = bind(s, st, why, state != NULL ? "Iiiib" : "Iiii-",
	    game, kind, pos, n, state, len)) != SR_OK)
		return status;
	return step_done(s, st, why);
}

/* Every row of game's undo cache; see store.h. */
int
store_undo_rows(struct store *s, long long game,
    int (*fn)(void *, int kind, int pos, int n, const void *state,
    size_t len), void *arg, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	if ((status = prepare(s, "SELECT kind, pos, n, state FROM undo_states"
	    " WHERE game_id = ? ORDER BY kind, pos", &st, why)) != SR_OK ||
	    (status = bind(s, st, why, "I", game)) != SR_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (fn(arg, sqlite3_column_int(st, 0),
		    sqlite3_column_int(st, 1), sqlite3_column_int(st, 2),
		    sqlite3_column_blob(st, 3),
		    (size_t)sqlite3_column_bytes(st, 3)) != 0)
			break;
	finish(s, st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return fail_db(s, why);
	return SR_OK;
}

/* Add count to one face's tally of game; see store.h. */
int
store_dice_count(struct store *s, long long game, int seat, int kind,
    int face, long count, char **why)
{
	sqlite3_stmt *st;
	int status;

	if ((status = prepare(s, "INSERT INTO dice_tally(game_id, seat, kind,"
	    " face, count) VALUES (?, ?, ?, ?, ?) ON CONFLICT(game_id, seat,"
	    " kind, face) DO UPDATE SET count = count + excluded.count", &st,
	    why)) != SR_OK ||
	    (status = bind(s, st, why, "IiiiI", game, seat, kind, face,
	    (long long)count)) != SR_OK)
		return status;
	return step_done(s, st, why);
}

/* Add (sign 1) or take away (-1) dice from game's tally; see store.h. */
int
store_dice_add(struct store *s, long long game, const struct die_rolled *d,
    int n, int sign, char **why)
{
	int status, i;

	for (i = 0; i < n; i++)
		if ((status = store_dice_count(s, game, d[i].seat, d[i].kind,
		    d[i].face, sign, why)) != SR_OK)
			return status;
	return SR_OK;
}

/* Forget game's tally; see store.h. */
int
store_dice_drop(struct store *s, long long game, char **why)
{
	return exec_gii(s, "DELETE FROM dice_tally WHERE game_id = ?1",
	    game, 0, 0, why);
}

/* The tally's rows, of game (0: every game) ; see store.h. */
int
store_dice_rows(struct store *s, long long game,
    int (*fn)(void *, long long game, int seat, int kind, int face,
    long count), void *arg, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	if ((status = prepare(s, game != 0 ? "SELECT game_id, seat, kind,"
	    " face, count FROM dice_tally WHERE game_id = ? AND count != 0"
	    " ORDER BY seat, kind, face" : "SELECT game_id, seat, kind,"
	    " face, count FROM dice_tally WHERE count != 0 ORDER BY game_id",
	    &st, why)) != SR_OK)
		return status;
	if (game != 0 && (status = bind(s, st, why, "I", game)) != SR_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (fn(arg, sqlite3_column_int64(st, 0),
		    sqlite3_column_int(st, 1), sqlite3_column_int(st, 2),
		    sqlite3_column_int(st, 3),
		    (long)sqlite3_column_int64(st, 4)) != 0)
			break;
	finish(s, st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return fail_db(s, why);
	return SR_OK;
}

/* Store entry n's round, note and undone (history's cache); see store.h. */
int
store_note_put(struct store *s, long long game, int n, int round,
    int undone, const char *note, char **why)
{
	sqlite3_stmt *st;
	int status;

	if ((status = prepare(s, "INSERT OR REPLACE INTO entry_notes(game_id,"
	    " n, round, undone, note) VALUES (?, ?, ?, ?, ?)", &st, why)) !=
	    SR_OK ||
	    (status = bind(s, st, why, "Iiiit", game, n, round, undone,
	    note != NULL ? note : "")) != SR_OK)
		return status;
	return step_done(s, st, why);
}

/* Entry n taken back (undone 1) or restored (0); see store.h. */
int
store_note_undone(struct store *s, long long game, int n, int undone,
    char **why)
{
	return exec_gii(s, "UPDATE entry_notes SET undone = ?3 WHERE"
	    " game_id = ?1 AND n = ?2", game, n, undone, why);
}

/* Forget game's notes; see store.h. */
int
store_notes_drop(struct store *s, long long game, char **why)
{
	return exec_gii(s, "DELETE FROM entry_notes WHERE game_id = ?1",
	    game, 0, 0, why);
}

/* Each of game's entries with its note to fn, while it has one; see store.h. */
int
store_history_scan(struct store *s, long long id,
    int (*fn)(void *, const struct stored_entry *), void *arg, int *n,
    int *complete, char **why)
{
	return entries_scan(s, id, 1, fn, arg, NULL, n, complete, why);
}

/* Every note row of game, for check; see store.h. */
int
store_notes_rows(struct store *s, long long game,
    int (*fn)(void *, int n, int round, const char *note, int undone),
    void *arg, char **why)
{
	sqlite3_stmt *st;
	int status, rc;

	if ((status = prepare(s, "SELECT n, round, note, undone FROM"
	    " entry_notes WHERE game_id = ? ORDER BY n", &st, why)) != SR_OK ||
	    (status = bind(s, st, why, "I", game)) != SR_OK)
		return status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (fn(arg, sqlite3_column_int(st, 0), sqlite3_column_int(st, 1),
		    (const char *)sqlite3_column_text(st, 2),
		    sqlite3_column_int(st, 3)) != 0)
			break;
	finish(s, st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return fail_db(s, why);
	return SR_OK;
}
