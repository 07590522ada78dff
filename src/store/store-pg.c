/*
 * store-pg.c: the league engine: the store of store.h in a PostgreSQL
 * database (SPEC.md "League"), for a database named by a URI
 * (postgresql://, postgres://).  Its files (store-pg-*.c) and their
 * header store-pg.h are the only ones that include libpq-fe.h; libpq
 * (Debian's libpq5) is loaded with dlopen() at the first URI, so a run
 * on a file never loads it.  This file: the connection opened, the
 * schema migrated, transactions, the current game, change notices and
 * the engine's table: its get, put, scan and drop, each a switch on the
 * kind (store-engine.h) over the functions of its files.
 *
 * The schema keeps the SQLite one's guarantees in the server: entries are
 * append-only (triggers refuse UPDATE, DELETE and TRUNCATE, and every
 * role's privileges to do them, the owner's and the tables' role's, are
 * revoked), every write transaction
 * locks the row of each game it touches (SELECT ... FOR UPDATE) before
 * anything else of that game, so two tables on one game are serialised
 * and two games never wait for each other; summaries, tallies (kept by
 * triggers), snapshots and caches change in the entry's transaction;
 * synchronous_commit is on for every connection; the schema's version
 * (meta 'schema') is migrated forward in one transaction.  Players and
 * tallies, shared by every game, are changed under one transaction-level
 * advisory lock (STORE_PG_CATALOG), taken after the game's row: one
 * order for every writer, so no two writers deadlock on them.  A new
 * entry notifies channel 'shakeref' with its game's id (watch, serve),
 * by a statement in its transaction (pg_notify_game()).
 *
 * The current game is the table's own: a file under the client's state
 * folder (store_open()'s client_dir), one per URI, never in the
 * database; the schema's version the table saw last is kept beside it.
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "store-pg.h"


/*
 * Run migration v.  The schema is its owner's to make and to migrate
 * (README "Club league"): the tables' role, refused the right, is told
 * so, and who does it.
 */
static int
migrate_step(struct pgstore *s, int v, char **why)
{
	int status;

	if ((status = pg_script(s, pg_migrations[v], why)) == SR_OK ||
	    strcmp(s->state, "42501") != 0 ||
	    s->pq.status(s->conn) != CONNECTION_OK)
		return status;
	if (why != NULL) {
		free(*why);
		*why = NULL;
	}
	if (v == 0)
		return store_fail(why, SR_SYSTEM, "league '%s' has no schema "
		    "yet, and this role may not make it: its owner makes it (a "
		    "first 'shakeref import' or 'new' as the role that owns "
		    "the database)", s->name);
	return store_fail(why, SR_SYSTEM, "league '%s' has schema %d, which "
	    "this shakeref migrates to %d as the schema's owner alone: run "
	    "it once as that role", s->name, v, pg_nmigrations);
}

/*
 * Bring the schema to date in one transaction, under the advisory lock
 * (another table may be doing the same): created in an empty database,
 * migrated from an older version.  An older one's transaction stays
 * open for the caller's rebuild of the summaries (store_migrated).
 */
static int
migrate(struct pgstore *s, int create, char **why)
{
	char sql[160];
	int status, version, empty, v;

	s->intx = 1;
	if ((status = pg_exec_sql(s, "BEGIN", why)) != SR_OK ||
	    (status = pg_exec_sql(s, "SELECT pg_advisory_xact_lock("
	    STORE_PG_CATALOG ")", why)) != SR_OK ||
	    (status = pg_schema_version(s, 0, &version, &empty, why)) != SR_OK)
		goto out;
	if (version == pg_nmigrations)
		return pg_commit(&s->base, why);
	if (version == 0 && !create) {
		status = store_fail(why, SR_DATA, "no database at '%s'; "
		    "'shakeref new' creates it", s->name);
		goto out;
	}
	for (v = version; v < pg_nmigrations; v++)
		if ((status = migrate_step(s, v, why)) != SR_OK)
			goto out;
	snprintf(sql, sizeof sql, "INSERT INTO meta(key, value) VALUES "
	    "('schema', '%d') ON CONFLICT(key) DO UPDATE SET value = "
	    "excluded.value", pg_nmigrations);
	if ((status = pg_exec_sql(s, sql, why)) != SR_OK)
		goto out;
	/*
	 * Every game's token changed (store-pg-kept.c): a table's copy of
	 * a game kept before the migration never passes its guard.
	 */
	if (version > 0 && (status = pg_exec_sql(s, "UPDATE snapshots SET"
	    " n = n", why)) != SR_OK)
		goto out;
	/*
	 * The transaction stays open: an older schema's for the caller to
	 * rebuild the summaries in it (store_migrated()); a new one's for
	 * the command that made it (new, import) to write its games in
	 * it, so that a refused import leaves the database empty.
	 */
	s->migrated = version > 0;
	s->creating = version == 0;
	s->write = 1;
	s->catalog = 1;
	return SR_OK;
out:
	pg_rollback(&s->base);
	return status;
}

/*
 * A league keeps every name a file does: its database's encoding must
 * hold all of Unicode (UTF8).  Another (LATIN1, WIN1252 ...) would
 * refuse some names mid-evening; SQL_ASCII takes any bytes, checks
 * none, and one stored byte that is not UTF-8 then breaks history,
 * check and export: refused at once instead.  The server says it at
 * connection: no round trip.
 */
static int
server_encoding(struct pgstore *s, char **why)
{
	const char *enc = s->pq.parameter_status(s->conn, "server_encoding");

	if (enc == NULL || strcmp(enc, "UTF8") == 0)
		return SR_OK;
	return store_fail(why, SR_SYSTEM, "league '%s' keeps its text in "
	    "%.32s, not UTF8; make it with CREATE DATABASE ... ENCODING "
	    "'UTF8' TEMPLATE template0", s->name, enc);
}

/*
 * libpq writes a few warnings to stderr itself, past any notice
 * processor (a password file open to others, which it then ignores):
 * caught while it connects, so that a command's stderr stays one line.
 * stderr_catch() sends fd 2 to a temporary file (the saved fd, or -1:
 * nothing caught); stderr_release() puts it back and gives the first
 * line caught, malloc'd, or NULL.
 */
static int
stderr_catch(FILE **tmp)
{
	int saved;

	(void)fflush(stderr);
	if ((*tmp = tmpfile()) == NULL)
		return -1;
	if ((saved = dup(2)) == -1 || dup2(fileno(*tmp), 2) == -1) {
		if (saved != -1)
			close(saved);
		fclose(*tmp);
		*tmp = NULL;
		return -1;
	}
	return saved;
}

static char *
stderr_release(int saved, FILE *tmp)
{
	char line[512], *said = NULL;

	if (saved == -1)
		return NULL;
	(void)fflush(stderr);
	(void)dup2(saved, 2);
	close(saved);
	rewind(tmp);
	if (fgets(line, sizeof line, tmp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] != '\0')
			said = xstrdup(line);
	}
	fclose(tmp);
	return said;
}

/* Open the league at uri; see store.h's store_open. */
int
pg_open(const char *uri, const char *client_dir, int create,
    struct store **sp, char **why)
{
	static const char *const keys[] = {
		"dbname", "options", "application_name", "client_encoding",
		"connect_timeout", NULL
	};
	const char *vals[6];
	char secs[24];
	struct buf opts = BUF_INIT;
	struct pgstore *s;
	char *own = NULL, *said;
	FILE *caught = NULL;
	int saved;
	int status, version, empty;
	size_t i;

	*sp = NULL;
	s = xcalloc(1, sizeof *s);
	if ((status = pg_pq_load(&s->pq, why)) != SR_OK) {
		free(s);
		return status;
	}
	/* The scheme in lower case, as libpq reads it (RFC 3986: any case). */
	s->uri = xstrdup(uri);
	for (i = 0; s->uri[i] != '\0' && s->uri[i] != ':'; i++)
		if (s->uri[i] >= 'A' && s->uri[i] <= 'Z')
			s->uri[i] = (char)(s->uri[i] - 'A' + 'a');
	uri = s->uri;
	s->client = client_dir != NULL ? xstrdup(client_dir) : NULL;
	if ((status = pg_uri_parts(&s->pq, uri, &s->name, &own, &s->timeout,
	    why)) != SR_OK) {
		free(own);
		pg_close(&s->base);
		return status;
	}
	/*
	 * The URI's own settings first, then ours: an entry is durable on
	 * the server before it is acknowledged, whatever the server's
	 * default; shakeref's text is UTF-8, whatever PGCLIENTENCODING
	 * says (else one table's LATIN1 turns Zoë into ZoÃ« for the
	 * others).  Credentials come from libpq's own sources alone.  The
	 * URI's options= (or PGOPTIONS) are kept, before ours, which win.
	 */
	if (own != NULL)
		buf_printf(&opts, "%s ", own);
	free(own);
	buf_puts(&opts, "-c synchronous_commit=on -c lock_timeout=" PG_LOCK_MS);
	vals[0] = uri;
	vals[1] = opts.s;
	vals[2] = "shakeref";
	vals[3] = "UTF8";
	/* libpq waits 2 seconds at least (and 0: for ever). */
	if (s->timeout > 0 && s->timeout < 2)
		s->timeout = 2;
	snprintf(secs, sizeof secs, "%d", s->timeout);
	vals[4] = secs;
	vals[5] = NULL;
	s->wait_ms = s->timeout > 0 ? (s->timeout +
	    atoi(PG_LOCK_MS) / 1000) * 1000 : 0;
	saved = stderr_catch(&caught);
	s->conn = s->pq.connectdb_params(keys, vals, 1);
	said = stderr_release(saved, caught);
	buf_free(&opts);
	if (s->conn == NULL || s->pq.status(s->conn) != CONNECTION_OK) {
		char *line = pg_first_line(s->conn != NULL ?
		    s->pq.error_message(s->conn) : "out of memory");

		if (said != NULL)
			status = store_fail(why, SR_SYSTEM, "cannot connect to "
			    "the league '%s': %s; libpq also said: %s",
			    s->name, line, said);
		else
			status = store_fail(why, SR_SYSTEM, "cannot connect to "
			    "the league '%s': %s", s->name, line);
		free(line);
		free(said);
		pg_close(&s->base);
		return status;
	}
	free(said);
	s->pq.set_notice_processor(s->conn, pg_quiet_notice, NULL);
	if ((status = server_encoding(s, why)) != SR_OK) {
		pg_close(&s->base);
		return status;
	}
	s->pipe = s->pq.enter_pipeline != NULL &&
	    s->pq.enter_pipeline(s->conn);
	/*
	 * A command that makes nothing, at a table that saw this league
	 * at the current version last, asks the version with its first
	 * statement (after BEGIN: schema_send), one round trip fewer; the
	 * first sync judges it (schema_judge).  Else it is asked here, and
	 * a league at an older version migrated, with the caller's rebuild
	 * after (store_migrated).
	 */
	if (s->pipe && !create && pg_seen_version(s) == pg_nmigrations) {
		s->unverified = 1;
		s->schema_unsent = 1;
		*sp = &s->base;
		return SR_OK;
	}
	if ((status = pg_schema_version(s, 1, &version, &empty,
	    why)) != SR_OK ||
	    (version < pg_nmigrations &&
	    (status = migrate(s, create, why)) != SR_OK)) {
		pg_close(&s->base);
		return status;
	}
	if (version == pg_nmigrations)
		pg_seen_keep(s);
	*sp = &s->base;
	return SR_OK;
}

/*
 * The snapshot put's row (its token) forgotten, and owed no more: a
 * rolled-back transaction's answer, read later (a drain), is dropped.
 */
static void
snap_res_drop(struct pgstore *s)
{
	int i;

	for (i = 0; i < s->nowed; i++)
		if (s->owed[i].dst == &s->snap_res)
			s->owed[i].dst = NULL;
	if (s->snap_res != NULL)
		s->pq.clear(s->snap_res);
	s->snap_res = NULL;
}

/* Close the connection; see store.h. */
void
pg_close(struct store *st)
{
	struct pgstore *s = (struct pgstore *)st;

	if (s == NULL)
		return;
	/*
	 * A rollback's results read before the end (the server answers a
	 * client that left with "connection to client lost" in its log):
	 * sent long since, they are there by now.
	 */
	if (s->conn != NULL && s->pipe && s->nowed > 0 &&
	    s->pq.status(s->conn) == CONNECTION_OK)
		pg_drain(s);
	pg_txn_forget(s);
	snap_res_drop(s);
	free(s->fail_why);
	if (s->conn != NULL)
		s->pq.finish(s->conn);
	/* libpq stays loaded: its atexit handlers (OpenSSL) may run. */
	free(s->uri);
	free(s->name);
	free(s->client);
	free(s->notice_path);
	free(s);
}

static int	current_write(struct pgstore *, long long, char **);

/* The transaction over: nothing of it kept. */
static void
txn_end(struct pgstore *s)
{
	s->intx = 0;
	s->write = 0;
	s->nlocked = 0;
	s->catalog = 0;
	s->creating = 0;
	s->notified = 0;
	s->nowait = 0;
	s->nwrote = 0;
	s->snapped = 0;
	snap_res_drop(s);
	s->kept_trip = 0;
	pg_txn_forget(s);
}

/* Game was written in this write transaction (its token to change). */
static void
wrote_now(struct pgstore *s, long long game)
{
	int i;

	if (!s->write || game <= 0)
		return;
	for (i = 0; i < s->nwrote; i++)
		if (s->wrote[i] == game)
			return;
	/* A transaction over more games (check's): the oldest's now. */
	if (s->nwrote == PG_LOCKED) {
		pg_send_q(s, NULL, TOKEN_BUMP_SQL, "I", s->wrote[0]);
		memmove(s->wrote, s->wrote + 1,
		    (PG_LOCKED - 1) * sizeof *s->wrote);
		s->nwrote--;
	}
	s->wrote[s->nwrote++] = game;
}

/*
 * Before COMMIT: every game written whose snapshot this transaction did
 * not put (which changes its row), its row rewritten as it is, so that
 * its xmin, the token of any table's copy of the game, changes: check
 * --repair, a name synced, a cache rebuilt all end the copies of the
 * game kept before them (store-pg-kept.c).
 */
static void
tokens_bump(struct pgstore *s)
{
	int i;

	for (i = 0; i < s->nwrote; i++)
		if (s->wrote[i] != s->snapped)
			pg_send_q(s, NULL, TOKEN_BUMP_SQL, "I", s->wrote[i]);
	s->nwrote = 0;
}

/*
 * Begin: READ COMMITTED with game locks for writes, a snapshot for reads.
 * BEGIN is only sent (it goes with the transaction's first read); a
 * connection already gone says so here (play connects again).
 */
static int
pg_begin(struct store *st, int write, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status, nowait;

	/* The schema just made is written in the same transaction. */
	if (s->creating) {
		s->creating = 0;
		return SR_OK;
	}
	nowait = s->nowait;
	txn_end(s);
	s->token_game = 0;
	s->token[0] = '\0';
	s->nowait = nowait && write;
	s->busy = 0;
	s->doubt = 0;
	if (s->pipe && pg_lost(st))
		return pg_fail_pg(s, NULL, why);
	s->intx = 1;
	pg_send_q(s, NULL, write ? "BEGIN" :
	    "BEGIN ISOLATION LEVEL REPEATABLE READ", "");
	if ((!s->pipe || s->fail != SR_OK) &&
	    (status = pg_sync_take(s, NULL, why)) != SR_OK) {
		s->intx = 0;
		return status;
	}
	s->write = write;
	return SR_OK;
}

/*
 * Commit: durable on the server when it returns SR_OK.  Every statement
 * sent and owed goes with COMMIT, and is read before it.
 */
int
pg_commit(struct store *st, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res = NULL;
	int status, sent;

	/*
	 * The connection lost once COMMIT may have left (it runs when it
	 * arrives, not at the sync): done or not, only a look after
	 * connecting again tells (store_in_doubt).  A write's only: a
	 * read's COMMIT keeps nothing.
	 */
	sent = s->write && s->pq.status(s->conn) == CONNECTION_OK;
	s->doubt = 0;
	if (s->write)
		tokens_bump(s);
	pg_send_q(s, &res, "COMMIT", "");
	status = pg_sync_take(s, &res, why);
	/* A failed transaction's COMMIT succeeds as a ROLLBACK. */
	if (status == SR_OK && strcmp(s->pq.cmd_status(res), "COMMIT") != 0)
		status = store_fail(why, SR_SYSTEM, "league '%s': the "
		    "transaction was rolled back", s->name);
	if (res != NULL)
		s->pq.clear(res);
	/* The token of the game whose snapshot it put (pg_kept_put). */
	if (status == SR_OK && s->snapped > 0 && s->snap_res != NULL &&
	    s->pq.ntuples(s->snap_res) == 1 &&
	    strlen(s->pq.getvalue(s->snap_res, 0, 0)) < sizeof s->token) {
		strcpy(s->token, s->pq.getvalue(s->snap_res, 0, 0));
		s->token_game = s->snapped;
	}
	/* A write on a copy that failed: the version asked again. */
	if (status != SR_OK && s->kept_trip)
		s->unverified = s->schema_unsent = s->kept_unverified;
	if (status != SR_OK && sent && pg_lost(st))
		s->doubt = 1;
	/* A statement failed before COMMIT, which the server skipped. */
	if (status != SR_OK && s->pipe &&
	    s->pq.status(s->conn) == CONNECTION_OK)
		pg_rollback_send(s);
	txn_end(s);
	/* The current game set in the transaction: its game now exists. */
	if (s->has_current && status == SR_OK)
		status = current_write(s, s->current, why);
	s->has_current = 0;
	return status;
}

/* Roll back whatever is open (in pipeline mode, without waiting). */
void
pg_rollback(struct store *st)
{
	struct pgstore *s = (struct pgstore *)st;

	if (s->pq.status(s->conn) == CONNECTION_OK) {
		if (s->pipe) {
			if (s->intx)
				pg_rollback_send(s);
		} else if (s->pq.transaction_status(s->conn) != PQTRANS_IDLE)
			pg_exec_sql(s, "ROLLBACK", NULL);
	}
	pg_fail_take(s, NULL);
	if (s->kept_trip)
		s->unverified = s->schema_unsent = s->kept_unverified;
	txn_end(s);
	s->has_current = 0;
}

/* The current game's file under the client's state folder. */
static char *
current_file(struct pgstore *s)
{
	return pg_client_file(s, "current");
}

/* The current game of this table, or 0. */
static int
pg_current(struct store *st, long long *id, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	*id = 0;
	if (s->has_current) {
		*id = s->current;
		return SR_OK;
	}
	if ((*id = pg_current_read(s)) < 0) {
		*id = 0;
		return store_fail(why, SR_SYSTEM, "cannot read this table's "
		    "current game of the league '%s': %s", s->name,
		    strerror(errno));
	}
	/* No game to name: the league itself may be missing (pg_open). */
	return *id == 0 && s->unverified ? pg_sync_take(s, NULL, why) : SR_OK;
}

/* Keep id as the current game in the client's file (written whole). */
static int
current_write(struct pgstore *s, long long id, char **why)
{
	char *path = current_file(s), line[32];
	int status = SR_OK;

	if (path == NULL)
		return store_fail(why, SR_SYSTEM, "no folder for this table's "
		    "current game: set XDG_STATE_HOME or HOME");
	snprintf(line, sizeof line, "%lld\n", id);
	if (pg_client_put(path, line, 1) != 0)
		status = store_fail(why, SR_SYSTEM, "cannot keep this table's "
		    "current game in '%s': %s", path, strerror(errno));
	free(path);
	return status;
}

/*
 * Make id this table's current game: at once, or in a transaction when
 * it commits (a game made in it exists only then).
 */
static int
pg_set_current(struct store *st, long long id, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	if (!s->intx)
		return current_write(s, id, why);
	s->current = id;
	s->has_current = 1;
	return SR_OK;
}

/*
 * What watch and serve sleep on (store.h): this table's current-game file
 * (its folder made, for inotify to watch it), and the connection's
 * socket, listening on channel 'shakeref', which the triggers notify at
 * each entry and game change when it commits.
 */
static int
pg_notice(struct store *st, const char **path, int *fd, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if (!s->listening) {
		if ((status = pg_exec_sql(s, "LISTEN shakeref", why)) != SR_OK)
			return status;
		s->listening = 1;
	}
	free(s->notice_path);
	if ((s->notice_path = current_file(s)) != NULL)
		(void)paths_make_parents(s->notice_path, NULL);
	*path = s->notice_path;
	*fd = s->pq.socket(s->conn);
	return SR_OK;
}

/*
 * The notifications that came, read without waiting (libpq's socket is
 * non-blocking); -1 when the connection is gone.
 */
static int
pg_notice_take(struct store *st)
{
	struct pgstore *s = (struct pgstore *)st;
	PGnotify *n;
	int got = 0;

	/*
	 * A rollback's results first (libpq reads no notification behind
	 * a result not taken): sent, so they come at once.
	 */
	if (s->pipe && s->nowed > 0) {
		pg_drain(s);
		pg_fail_take(s, NULL);
	}
	if (!s->pq.consume_input(s->conn) ||
	    s->pq.status(s->conn) != CONNECTION_OK)
		return -1;
	while ((n = s->pq.notifies(s->conn)) != NULL) {
		s->pq.freemem(n);
		got = 1;
	}
	return got;
}

/*
 * The connection to the server is gone (a restart, the network).  libpq
 * can leave its status OK after a query found the server gone (a send
 * that met EPIPE, then its end read): reads without waiting tell.  Two:
 * the first one takes what came before the end (a rollback's results,
 * the server's FATAL), and only a read that finds nothing sees the end.
 */
int
pg_lost(const struct store *st)
{
	const struct pgstore *s = (const struct pgstore *)st;

	return s->conn == NULL || s->pq.status(s->conn) != CONNECTION_OK ||
	    s->pq.socket(s->conn) < 0 || !s->pq.consume_input(s->conn) ||
	    !s->pq.consume_input(s->conn) ||
	    s->pq.status(s->conn) != CONNECTION_OK;
}

/* The last COMMIT's fate unknown: the connection lost once it left. */
static int
pg_in_doubt(const struct store *st)
{
	return ((const struct pgstore *)st)->doubt;
}

/* The league engine: a database named by a postgresql:// URI. */
static const char *const pg_schemes[] = {
	"postgresql://", "postgres://", NULL
};

/* A read of the store (store-engine.h): the function of its kind. */
static int
pg_get(struct store *base, struct store_get *q, char **why)
{
	switch (q->what) {
	case STORE_GET_CURRENT:
		return pg_current(base, q->id, why);
	case STORE_GET_GAME:
		return pg_game_load(base, q->game, q->g, why);
	case STORE_GET_ENTRIES:
		return pg_entries_load(base, q->game, q->entries, q->np, why);
	case STORE_GET_ENTRY:
		return pg_entry_load(base, q->game, q->n, q->se, why);
	case STORE_GET_LAST_N:
		return pg_last_n(base, q->game, q->np, why);
	case STORE_GET_BY_UID:
		return pg_game_by_uid(base, q->text, q->id, why);
	case STORE_GET_SEATS:
		return pg_seats_shape(base, q->game, q->np, q->flag, why);
	case STORE_GET_SETUP:
		return pg_setup_record(base, q->game, q->g, q->credited, why);
	case STORE_GET_GAME_IDS:
		return pg_game_ids(base, q->ids, q->np, why);
	case STORE_GET_SUMMARY:
		return pg_summary_load(base, q->game, q->flag, q->scores,
		    q->won, q->n, why);
	case STORE_GET_SNAPSHOT:
		return pg_snapshot_get(base, q->game, q->text, q->sn, why);
	case STORE_GET_UNDO_HEAD:
		return pg_undo_head(base, q->game, q->text, q->u, why);
	case STORE_GET_UNDO_ROW:
		return pg_undo_get(base, q->game, q->kind, q->pos, q->np,
		    q->state, q->len, why);
	case STORE_GET_UNDO_VERB:
		return pg_undo_has_verb(base, q->game, q->text, q->flag, why);
	case STORE_GET_KEPT:
		return pg_kept_get(base, q->id, q->rd, why);
	}
	abort();	/* a kind of no enum value: a bug of the caller */
}

/* A write to the store (store-engine.h): the function of its kind. */
static int
pg_put(struct store *base, const struct store_put *o, char **why)
{
	if (o->what != STORE_PUT_CURRENT && o->what != STORE_PUT_KEPT &&
	    o->what != STORE_PUT_GUARD)
		wrote_now((struct pgstore *)base, o->game);
	switch (o->what) {
	case STORE_PUT_CURRENT:
		return pg_set_current(base, o->game, why);
	case STORE_PUT_GAME:
		return pg_game_create(base, o->g, why);
	case STORE_PUT_NAMES:
		return pg_game_names(base, o->game, o->names, o->n, o->text,
		    why);
	case STORE_PUT_ENTRY:
		return pg_entry_append(base, o->game, o->se, why);
	case STORE_PUT_SUMMARY:
		return pg_summary(base, o->game, o->kind, o->scores, o->won,
		    o->n, why);
	case STORE_PUT_SNAPSHOT:
		return pg_snapshot_put(base, o->game, o->text, o->state,
		    o->len, why);
	case STORE_PUT_UNDO_PUSH:
		return pg_undo_push(base, o->game, o->depth, o->n, o->keep,
		    why);
	case STORE_PUT_UNDO_POP:
		return pg_undo_pop(base, o->game, o->depth, o->pos, why);
	case STORE_PUT_UNDO_CUT:
		return pg_undo_cut(base, o->game, o->pos, why);
	case STORE_PUT_UNDO_HEAD:
		return pg_undo_set(base, o->game, o->depth, o->keep, why);
	case STORE_PUT_UNDO_ROW:
		return pg_undo_put(base, o->game, o->kind, o->pos, o->n,
		    o->state, o->len, why);
	case STORE_PUT_NOTE:
		return pg_note_put(base, o->game, o->n, o->round, o->undone,
		    o->text, why);
	case STORE_PUT_NOTE_UNDONE:
		return pg_note_undone(base, o->game, o->n, o->undone, why);
	case STORE_PUT_DIE:
		return pg_dice_count(base, o->game, o->seat, o->kind, o->face,
		    o->count, why);
	case STORE_PUT_COACH:
		return pg_coach_put(base, o->game, o->n, o->seat, o->kind,
		    o->count, o->error, why);
	case STORE_PUT_KEPT:
		return pg_kept_put(base, o->rd, why);
	case STORE_PUT_GUARD:
		return pg_kept_guard(base, o->game, why);
	}
	abort();	/* a kind of no enum value: a bug of the caller */
}

/* A scan of the store (store-engine.h): the function of its kind. */
static int
pg_scan(struct store *base, const struct store_scan *q, char **why)
{
	switch (q->what) {
	case STORE_SCAN_GAMES:
		return pg_games(base, q->flag, q->fn.game, q->arg, why);
	case STORE_SCAN_EXPORT:
		return pg_export_json(base, q->game, q->fn.text, q->arg, why);
	case STORE_SCAN_ROWS:
		return pg_export_rows(base, q->game, q->fn.cols, q->arg, why);
	case STORE_SCAN_TALLIES:
		return pg_tallies(base, q->fn.tally, q->arg, why);
	case STORE_SCAN_RESULTS:
		return pg_results(base, q->text, q->fn.result, q->arg, why);
	case STORE_SCAN_ORPHANS:
		return pg_orphans(base, q->flag, q->fn.orphan, q->arg, why);
	case STORE_SCAN_INTEGRITY:
		return pg_integrity(base, q->fn.text, q->arg, why);
	case STORE_SCAN_TALLY_CHECK:
		return pg_tallies_check(base, q->fn.tally_check, q->arg, why);
	case STORE_SCAN_UNDO:
		return pg_undo_rows(base, q->game, q->fn.undo, q->arg, why);
	case STORE_SCAN_HISTORY:
		return pg_history_scan(base, q->game, q->fn.entry, q->arg,
		    q->np, q->complete, why);
	case STORE_SCAN_NOTES:
		return pg_notes_rows(base, q->game, q->fn.note, q->arg, why);
	case STORE_SCAN_DICE:
		return pg_dice_rows(base, q->game, q->fn.die, q->arg, why);
	case STORE_SCAN_COACH:
		return pg_coach_rows(base, q->game, q->fn.coach, q->arg, why);
	}
	abort();	/* a kind of no enum value: a bug of the caller */
}

/* A cache dropped, or the tallies made again (store-engine.h). */
static int
pg_derived(struct store *base, long long game, enum store_drop_what what,
    char **why)
{
	wrote_now((struct pgstore *)base, game);
	switch (what) {
	case STORE_DROP_SNAPSHOT:
		return pg_snapshot_drop(base, game, why);
	case STORE_DROP_UNDO:
		return pg_undo_drop(base, game, why);
	case STORE_DROP_NOTES:
		return pg_notes_drop(base, game, why);
	case STORE_DROP_DICE:
		return pg_dice_drop(base, game, why);
	case STORE_DROP_COACH:
		return pg_coach_drop(base, game, why);
	case STORE_DROP_TALLIES:
		return pg_tallies_rebuild(base, why);
	}
	abort();	/* a kind of no enum value: a bug of the caller */
}

/* What the store answers without the database (store-engine.h). */
static int
pg_state(struct store *base, enum store_state_what what)
{
	switch (what) {
	case STORE_STATE_MIGRATED:
		return pg_migrated(base);
	case STORE_STATE_TRY_WRITE:
		return pg_try_write(base);
	case STORE_STATE_BUSY:
		return pg_busy(base);
	case STORE_STATE_NOTICE_TAKE:
		return pg_notice_take(base);
	case STORE_STATE_LOST:
		return pg_lost(base);
	case STORE_STATE_IN_DOUBT:
		return pg_in_doubt(base);
	}
	return 0;
}

const struct store_engine store_engine_pg = {
	.name = "postgresql",
	.schemes = pg_schemes,
	.open = pg_open,
	.close = pg_close,
	.state = pg_state,
	.begin = pg_begin,
	.commit = pg_commit,
	.rollback = pg_rollback,
	.get = pg_get,
	.put = pg_put,
	.scan = pg_scan,
	.drop = pg_derived,
	.notice = pg_notice,
};
