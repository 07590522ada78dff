/*
 * store-sqlite.c: games, players, seats and the append-only table of
 * entries in one SQLite file: the file opened (migrated, its WAL made
 * durable), transactions, the current game, and the engine's table:
 * its get, put, scan and drop, each a switch on the kind
 * (store-engine.h) over the functions of its files.
 * Its files (store-sqlite-*.c) and their header store-sqlite.h are the
 * only ones that include sqlite3.h.
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
	/*
	 * No count of SQLite's memory: nothing reads it (no soft heap
	 * limit, no sqlite3_memory_used()), and keeping it took a mutex
	 * and two counters at every allocation: a tenth of the CPU SQLite
	 * spends reading the schema and a game (issue 39).
	 */
	(void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	/*
	 * No page cache allocated ahead: SQLite's default of 20 pages in one
	 * block wrote a header into each of them at the first read, 20 pages
	 * of memory touched for the dozen a command reads (0.07 ms of the
	 * CPU of status, issue 39).  Each page is allocated when read.
	 */
	(void)sqlite3_config(SQLITE_CONFIG_PAGECACHE, NULL, 0, 0);
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
	if (create && (status = sq_make_parents(path, why)) != SR_OK)
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
		status = sq_fail_db(s, why);
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
	if ((status = sq_schema_version(s, &version, why)) != SR_OK ||
	    (status = sq_check_version(s, version, why)) != SR_OK ||
	    (status = sq_exec(s, "PRAGMA journal_mode = WAL;"
	    "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON", why)) !=
	    SR_OK || (status = sq_migrate(s, version, why)) != SR_OK) {
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
 * the usual command pays one stat and one read, not a sync; see HACKING.
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
	if ((status = sq_query_start(&q, s, "SELECT value FROM meta WHERE key ="
	    " 'wal'", why, "")) != SR_OK)
		return status;
	if (sq_query_row(&q))
		same = (was = sqlite3_column_text(q.st, 0)) != NULL &&
		    strcmp((const char *)was, id) == 0;
	if ((status = sq_query_end(&q, why)) != SR_OK || same)
		return status;
	/* As SQLite does, a folder that cannot be synced is no error. */
	if (sync_folder(s->path) != 0)
		return SR_OK;
	return sq_query_exec(s, "INSERT OR REPLACE INTO meta(key, value)"
	    " VALUES ('wal', ?)", why, "t", id);
}

/* Begin a transaction: IMMEDIATE for writes. */
static int
sq_begin(struct store *base, int write, char **why)
{
	struct sqlite_store *s = sq(base);
	int status;

	if ((status = sq_exec(s, write ? "BEGIN IMMEDIATE" : "BEGIN", why)) !=
	    SR_OK || !write || s->wal_known)
		return status;
	if ((status = wal_durable(s, why)) != SR_OK)
		sq_roll_back(s);
	return status;
}

/* Commit: durable when it returns SR_OK (WAL, synchronous FULL). */
static int
sq_commit(struct store *base, char **why)
{
	struct sqlite_store *s = sq(base);

	return sq_exec(s, "COMMIT", why);
}

/* Roll back whatever is open. */
static void
sq_rollback(struct store *base)
{
	sq_roll_back(sq(base));
}

/* The current game, or 0. */
static int
sq_current(struct store *base, long long *id, char **why)
{
	struct sqlite_store *s = sq(base);
	struct query q;
	int status;

	*id = 0;
	if ((status = sq_query_start(&q, s, "SELECT value FROM meta WHERE key ="
	    " 'current'", why, "")) != SR_OK)
		return status;
	if (sq_query_row(&q))
		*id = sqlite3_column_int64(q.st, 0);
	return sq_query_end(&q, why);
}

/* Make id the current game. */
static int
sq_set_current(struct store *base, long long id, char **why)
{
	return sq_query_exec(sq(base), "INSERT OR REPLACE INTO meta(key, value)"
	    " VALUES ('current', ?)", why, "I", id);
}

/* The SQLite engine: a path names its file (store-engine.h). */
/* A read of the store (store-engine.h): the function of its kind. */
static int
sq_get(struct store *base, struct store_get *q, char **why)
{
	switch (q->what) {
	case STORE_GET_CURRENT:
		return sq_current(base, q->id, why);
	case STORE_GET_GAME:
		return sq_game_load(base, q->game, q->g, why);
	case STORE_GET_ENTRIES:
		return sq_entries_load(base, q->game, q->entries, q->np, why);
	case STORE_GET_ENTRY:
		return sq_entry_load(base, q->game, q->n, q->se, why);
	case STORE_GET_LAST_N:
		return sq_last_n(base, q->game, q->np, why);
	case STORE_GET_BY_UID:
		return sq_game_by_uid(base, q->text, q->id, why);
	case STORE_GET_SEATS:
		return sq_seats_shape(base, q->game, q->np, q->flag, why);
	case STORE_GET_SETUP:
		return sq_setup_record(base, q->game, q->g, q->credited, why);
	case STORE_GET_GAME_IDS:
		return sq_game_ids(base, q->ids, q->np, why);
	case STORE_GET_SUMMARY:
		return sq_summary_load(base, q->game, q->flag, q->scores,
		    q->won, q->n, why);
	case STORE_GET_SNAPSHOT:
		return sq_snapshot_get(base, q->game, q->text, q->sn, why);
	case STORE_GET_UNDO_HEAD:
		return sq_undo_head(base, q->game, q->text, q->u, why);
	case STORE_GET_UNDO_ROW:
		return sq_undo_get(base, q->game, q->kind, q->pos, q->np,
		    q->state, q->len, why);
	case STORE_GET_UNDO_VERB:
		return sq_undo_has_verb(base, q->game, q->text, q->flag, why);
	case STORE_GET_KEPT:
		/* No copy: a file's read is no round trip (store.h). */
		return SR_OK;
	}
	abort();	/* a kind of no enum value: a bug of the caller */
}

/* A write to the store (store-engine.h): the function of its kind. */
static int
sq_put(struct store *base, const struct store_put *o, char **why)
{
	switch (o->what) {
	case STORE_PUT_CURRENT:
		return sq_set_current(base, o->game, why);
	case STORE_PUT_GAME:
		return sq_game_create(base, o->g, why);
	case STORE_PUT_NAMES:
		return sq_game_names(base, o->game, o->names, o->n, o->text,
		    why);
	case STORE_PUT_ENTRY:
		return sq_entry_append(base, o->game, o->se, why);
	case STORE_PUT_SUMMARY:
		return sq_summary(base, o->game, o->kind, o->scores, o->won,
		    o->n, why);
	case STORE_PUT_SNAPSHOT:
		return sq_snapshot_put(base, o->game, o->text, o->state,
		    o->len, why);
	case STORE_PUT_UNDO_PUSH:
		return sq_undo_push(base, o->game, o->depth, o->n, o->keep,
		    why);
	case STORE_PUT_UNDO_POP:
		return sq_undo_pop(base, o->game, o->depth, o->pos, why);
	case STORE_PUT_UNDO_CUT:
		return sq_undo_cut(base, o->game, o->pos, why);
	case STORE_PUT_UNDO_HEAD:
		return sq_undo_set(base, o->game, o->depth, o->keep, why);
	case STORE_PUT_UNDO_ROW:
		return sq_undo_put(base, o->game, o->kind, o->pos, o->n,
		    o->state, o->len, why);
	case STORE_PUT_NOTE:
		return sq_note_put(base, o->game, o->n, o->round, o->undone,
		    o->text, why);
	case STORE_PUT_NOTE_UNDONE:
		return sq_note_undone(base, o->game, o->n, o->undone, why);
	case STORE_PUT_DIE:
		return sq_dice_count(base, o->game, o->seat, o->kind, o->face,
		    o->count, why);
	case STORE_PUT_COACH:
		return sq_coach_put(base, o->game, o->n, o->seat, o->kind,
		    o->count, o->error, why);
	case STORE_PUT_KEPT:
		return SR_OK;
	case STORE_PUT_GUARD:
		/* Never asked: store_kept_get() gives no copy. */
		return store_fail(why, SR_SYSTEM, "no copy of game %lld kept",
		    o->game);
	}
	abort();	/* a kind of no enum value: a bug of the caller */
}

/* A scan of the store (store-engine.h): the function of its kind. */
static int
sq_scan(struct store *base, const struct store_scan *q, char **why)
{
	switch (q->what) {
	case STORE_SCAN_GAMES:
		return sq_games(base, q->flag, q->fn.game, q->arg, why);
	case STORE_SCAN_EXPORT:
		return sq_export_json(base, q->game, q->fn.text, q->arg, why);
	case STORE_SCAN_ROWS:
		return sq_export_rows(base, q->game, q->fn.cols, q->arg, why);
	case STORE_SCAN_TALLIES:
		return sq_tallies(base, q->fn.tally, q->arg, why);
	case STORE_SCAN_RESULTS:
		return sq_results(base, q->text, q->fn.result, q->arg, why);
	case STORE_SCAN_ORPHANS:
		return sq_orphans(base, q->flag, q->fn.orphan, q->arg, why);
	case STORE_SCAN_INTEGRITY:
		return sq_integrity(base, q->fn.text, q->arg, why);
	case STORE_SCAN_TALLY_CHECK:
		return sq_tallies_check(base, q->fn.tally_check, q->arg, why);
	case STORE_SCAN_UNDO:
		return sq_undo_rows(base, q->game, q->fn.undo, q->arg, why);
	case STORE_SCAN_HISTORY:
		return sq_history_scan(base, q->game, q->fn.entry, q->arg,
		    q->np, q->complete, why);
	case STORE_SCAN_NOTES:
		return sq_notes_rows(base, q->game, q->fn.note, q->arg, why);
	case STORE_SCAN_DICE:
		return sq_dice_rows(base, q->game, q->fn.die, q->arg, why);
	case STORE_SCAN_COACH:
		return sq_coach_rows(base, q->game, q->fn.coach, q->arg, why);
	}
	abort();	/* a kind of no enum value: a bug of the caller */
}

/* A cache dropped, or the tallies made again (store-engine.h). */
static int
sq_derived(struct store *base, long long game, enum store_drop_what what,
    char **why)
{
	switch (what) {
	case STORE_DROP_SNAPSHOT:
		return sq_snapshot_drop(base, game, why);
	case STORE_DROP_UNDO:
		return sq_undo_drop(base, game, why);
	case STORE_DROP_NOTES:
		return sq_notes_drop(base, game, why);
	case STORE_DROP_DICE:
		return sq_dice_drop(base, game, why);
	case STORE_DROP_COACH:
		return sq_coach_drop(base, game, why);
	case STORE_DROP_TALLIES:
		return sq_tallies_rebuild(base, why);
	}
	abort();	/* a kind of no enum value: a bug of the caller */
}

/* What the store answers without the database (store-engine.h). */
static int
sq_state(struct store *base, enum store_state_what what)
{
	switch (what) {
	case STORE_STATE_MIGRATED:
		return sq_migrated(base);
	case STORE_STATE_TRY_WRITE:	/* the lock is the file's: a write */
	case STORE_STATE_BUSY:		/* reads first (store_try_write) */
		return 0;
	case STORE_STATE_NOTICE_TAKE:
		return sq_notice_take(base);
	case STORE_STATE_LOST:
		return sq_lost(base);
	case STORE_STATE_IN_DOUBT:
		return sq_in_doubt(base);
	}
	return 0;
}

const struct store_engine store_engine_sqlite = {
	.name = "sqlite",
	.schemes = NULL,
	.open = sq_open,
	.close = sq_close,
	.state = sq_state,
	.begin = sq_begin,
	.commit = sq_commit,
	.rollback = sq_rollback,
	.get = sq_get,
	.put = sq_put,
	.scan = sq_scan,
	.drop = sq_derived,
	.notice = sq_notice,
};
