/*
 * store-pg-db.c: the league engine's statements through libpq's
 * pipeline mode (a write's statements sent and their results owed
 * until a read or COMMIT syncs them: one round trip), deadlines on
 * every answer, the server's failures in the project's words, and the
 * schema's version judged with a command's first statements (the
 * engine: store-pg.c; its own header store-pg.h).
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

/* The first line of libpq's text t, without its end, malloc'd. */
char *
pg_first_line(const char *t)
{
	size_t n;

	if (t == NULL)
		return xstrdup("unknown error");
	if (strncmp(t, "FATAL:  ", 8) == 0 || strncmp(t, "ERROR:  ", 8) == 0)
		t += 8;
	n = strcspn(t, "\n");
	while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\r'))
		n--;
	return xstrndup(t, n);
}

/*
 * Fail with the server's words for res (or the connection's): one line,
 * never the URI (its credentials).  A connection gone is "lost"; a
 * deadlock or a serialisation failure asks to try again.
 */
int
pg_fail_pg(struct pgstore *s, PGresult *res, char **why)
{
	const char *state = NULL, *msg = NULL, *sev = NULL;
	char *line;
	int status;

	if (res != NULL) {
		state = s->pq.result_error_field(res, PG_DIAG_SQLSTATE);
		msg = s->pq.result_error_field(res, PG_DIAG_MESSAGE_PRIMARY);
		sev = s->pq.result_error_field(res,
		    PG_DIAG_SEVERITY_NONLOCALIZED);
	}
	/*
	 * A FATAL ends the connection: the server closes it after (a
	 * pipeline reads the error before the end).
	 */
	if (s->late) {
		line = NULL;
		status = store_fail(why, SR_SYSTEM, "the league '%s' did not "
		    "answer within %d seconds (connect_timeout)", s->name,
		    s->timeout + (int)(atoi(PG_LOCK_MS) / 1000));
	} else if (s->pq.status(s->conn) != CONNECTION_OK || (sev != NULL &&
	    (strcmp(sev, "FATAL") == 0 || strcmp(sev, "PANIC") == 0))) {
		line = pg_first_line(s->pq.status(s->conn) == CONNECTION_OK &&
		    msg != NULL ? msg : s->pq.error_message(s->conn));
		status = store_fail(why, SR_SYSTEM, "lost the connection to "
		    "the league '%s': %s", s->name, line);
	} else if (state != NULL && (strcmp(state, "40P01") == 0 ||
	    strcmp(state, "40001") == 0 || strcmp(state, "55P03") == 0)) {
		/* A lock held past lock_timeout (or a deadlock, none known). */
		line = NULL;
		status = store_fail(why, SR_SYSTEM, "league '%s' is locked by "
		    "another shakeref; try again", s->name);
	} else {
		line = pg_first_line(msg != NULL ? msg :
		    s->pq.error_message(s->conn));
		status = store_fail(why, SR_SYSTEM, "league '%s': %s", s->name,
		    line);
	}
	free(line);
	return status;
}

/*
 * The server's next result, waited for until the deadline (wait_ms): a
 * silent or frozen server never answers, and libpq would wait for ever.
 * Past it the connection is cut (its socket shut: the server, if it
 * wakes, rolls back what was open) and every result after is a failure,
 * told as s->late.  A cancel request would go to the same silent server
 * and wait as long (libpq's PQcancel has no timeout of its own).
 */
PGresult *
pg_result_next(struct pgstore *s)
{
	struct pollfd p;
	long long end = notice_now_ms() + s->wait_ms, left;

	while (!s->late && s->wait_ms > 0 && s->pq.is_busy(s->conn)) {
		if ((p.fd = s->pq.socket(s->conn)) < 0)
			break;
		if ((left = end - notice_now_ms()) <= 0) {
			s->late = 1;
			(void)shutdown(p.fd, SHUT_RDWR);
			(void)s->pq.consume_input(s->conn);
			break;
		}
		p.events = POLLIN;
		p.revents = 0;
		if (poll(&p, 1, (int)left) < 0 && errno != EINTR)
			break;
		if (!s->pq.consume_input(s->conn))
			break;	/* the connection's end: get_result tells */
	}
	return s->pq.get_result(s->conn);
}

/*
 * Run what was sent outside pipeline mode (send_query, send_params):
 * its last result, or its first failure (PQexec's), or NULL.
 */
PGresult *
pg_results_all(struct pgstore *s)
{
	PGresult *res, *kept = NULL;
	ExecStatusType rs = PGRES_COMMAND_OK;

	while ((res = pg_result_next(s)) != NULL) {
		if (rs != PGRES_TUPLES_OK && rs != PGRES_COMMAND_OK) {
			s->pq.clear(res);
			continue;
		}
		if (kept != NULL)
			s->pq.clear(kept);
		kept = res;
		rs = s->pq.result_status(res);
	}
	return kept;
}

/*
 * The statements go to the server in libpq's pipeline mode.  One whose
 * rows nobody reads (a write, a lock, BEGIN) inside a transaction is
 * sent and its result owed; the next statement whose rows are read, or
 * COMMIT, syncs the pipeline and reads every result owed, in order: all
 * of them one round trip.  A failure of a statement sent before is told
 * there, the first one, in the words its own call would have used; the
 * transaction fails with it.  A libpq without pipeline mode (before 14)
 * sends each statement as its own round trip.
 */

/* A statement's parameters: see pg_q(). */
struct params {
	const char	*vals[16];
	int		 lens[16];
	int		 fmts[16];
	int		 n;
	char		 nums[16][24];
};

/* Read the parameters of types (pg_q()'s letters) from ap into p. */
static void
params_read(struct params *p, const char *types, va_list ap)
{
	int n;

	for (n = 0; types[n] != '\0' && n < 16; n++) {
		p->lens[n] = 0;
		p->fmts[n] = 0;
		switch (types[n]) {
		case 'i':
			snprintf(p->nums[n], sizeof p->nums[n], "%d",
			    va_arg(ap, int));
			p->vals[n] = p->nums[n];
			break;
		case 'I':
			snprintf(p->nums[n], sizeof p->nums[n], "%lld",
			    va_arg(ap, long long));
			p->vals[n] = p->nums[n];
			break;
		case 't':
			p->vals[n] = va_arg(ap, const char *);
			break;
		case 'b':
			p->vals[n] = va_arg(ap, const char *);
			p->lens[n] = (int)va_arg(ap, size_t);
			p->fmts[n] = 1;
			if (p->vals[n] == NULL)
				p->vals[n] = "";
			break;
		default:
			p->vals[n] = NULL;
			break;
		}
	}
	p->n = n;
}

/* Keep the first failure (res: the server's words) until it is told. */
static void
fail_keep(struct pgstore *s, PGresult *res)
{
	const char *state;

	if (s->fail != SR_OK)
		return;
	state = res != NULL ? s->pq.result_error_field(res,
	    PG_DIAG_SQLSTATE) : NULL;
	snprintf(s->state, sizeof s->state, "%s", state != NULL ? state : "");
	s->fail = pg_fail_pg(s, res, &s->fail_why);
}

/* Tell the failure kept: its status and, in *why, its words. */
int
pg_fail_take(struct pgstore *s, char **why)
{
	int status = s->fail;

	if (status == SR_OK)
		return SR_OK;
	if (why != NULL)
		*why = s->fail_why;
	else
		free(s->fail_why);
	s->fail_why = NULL;
	s->fail = SR_OK;
	return status;
}

/* Owe one more result: a statement's (to *dst) or a sync point's. */
void
pg_owe(struct pgstore *s, PGresult **dst, int sync, int quiet)
{
	s->owed[s->nowed].dst = dst;
	s->owed[s->nowed].sync = (char)sync;
	s->owed[s->nowed].quiet = (char)quiet;
	s->owed[s->nowed++].schema = 0;
}

/* A connection gone: stop reading what it owed. */
static int
pipe_broken(struct pgstore *s, PGresult *res)
{
	if (res != NULL && s->pq.status(s->conn) == CONNECTION_OK)
		return 0;
	fail_keep(s, res);
	if (res != NULL)
		s->pq.clear(res);
	return 1;
}

/* 1 if res failed for want of SCHEMA_MARK: no such column, or table. */
static int
mark_missing(struct pgstore *s, PGresult *res)
{
	const char *state = res != NULL ? s->pq.result_error_field(res,
	    PG_DIAG_SQLSTATE) : NULL;

	return state != NULL && (strcmp(state, "42703") == 0 ||
	    strcmp(state, "42P01") == 0);
}

/*
 * Sync the pipeline and read every result it owes, in order: rows to
 * their caller, the first failure kept (fail_take tells it).
 */
void
pg_drain(struct pgstore *s)
{
	struct owed *o;
	PGresult *res;
	ExecStatusType rs;
	int i, n = s->nowed, end;

	s->nowed = 0;
	if (n == 0)
		return;
	/* A sync of its own, unless the last one owed is one (a rollback). */
	end = n + !s->owed[n - 1].sync;
	if (end > n && !s->pq.pipeline_sync(s->conn)) {
		fail_keep(s, NULL);
		return;
	}
	for (i = 0; i < end; i++) {
		o = i < n ? &s->owed[i] : NULL;
		res = pg_result_next(s);
		rs = res != NULL ? s->pq.result_status(res) :
		    PGRES_FATAL_ERROR;
		if (o == NULL || o->sync) {
			if (rs != PGRES_PIPELINE_SYNC && pipe_broken(s, res))
				return;
			if (res != NULL)
				s->pq.clear(res);
			continue;
		}
		if (res == NULL && pipe_broken(s, NULL))
			return;
		if (o->schema)
			s->schema_owed = 0;
		/*
		 * A read naming SCHEMA_MARK that failed for another cause
		 * than a missing column or table (a lock) found the mark:
		 * that failure is the command's.
		 */
		if (o->schema == 2 && !mark_missing(s, res))
			s->schema_marked = 1;
		if (rs == PGRES_TUPLES_OK || rs == PGRES_COMMAND_OK) {
			if (o->dst != NULL) {
				*o->dst = res;
				res = NULL;
			}
		} else if (o->schema && !s->schema_marked &&
		    s->pq.status(s->conn) == CONNECTION_OK) {
			/* judged by pg_schema_judge() */
			s->schema_err = res;
			res = NULL;
		} else if (!o->quiet ||
		    s->pq.status(s->conn) != CONNECTION_OK)
			fail_keep(s, res);
		if (res != NULL)
			s->pq.clear(res);
		/* The end of its results. */
		while ((res = pg_result_next(s)) != NULL)
			s->pq.clear(res);
		if (s->pq.status(s->conn) != CONNECTION_OK &&
		    pipe_broken(s, NULL))
			return;
	}
}

/* Drop the rows read ahead (a game's, an undo row's entry). */
static void
pre_drop(struct pgstore *s)
{
	if (s->pre != NULL)
		s->pq.clear(s->pre);
	if (s->pre_last != NULL)
		s->pq.clear(s->pre_last);
	if (s->pre_redo != NULL)
		s->pq.clear(s->pre_redo);
	if (s->pre_entry != NULL)
		s->pq.clear(s->pre_entry);
	s->pre = s->pre_last = s->pre_redo = NULL;
	s->pre_entry = NULL;
	s->pre_game = 0;
	s->pre_entry_game = 0;
	s->pre_entry_n = 0;
}

/* Forget the entry appended last in this transaction. */
void
pg_app_forget(struct pgstore *s)
{
	int i;

	for (i = 0; i < 6; i++) {
		free(s->app[i]);
		s->app[i] = NULL;
	}
	s->app_game = 0;
}

/* Forget what this transaction read ahead and appended. */
void
pg_txn_forget(struct pgstore *s)
{
	pre_drop(s);
	pg_app_forget(s);
}

/*
 * The schema's version asked (pg_open): just before the command's first
 * statement but BEGIN (an isolation level comes before any query), in
 * the same batch; a failure (no table meta) makes the server skip the
 * rest up to the sync, which pg_schema_judge() then explains.
 */

void
pg_schema_send(struct pgstore *s)
{
	s->schema_unsent = 0;
	pg_send_q(s, &s->schema_res, SCHEMA_NOW_SQL, "i", pg_nmigrations);
	if (s->nowed > 0 && s->owed[s->nowed - 1].dst == &s->schema_res) {
		s->owed[s->nowed - 1].schema = 1;
		s->schema_owed = 1;
	}
}


/*
 * Send sql with p and owe its result: its rows to *dst (NULL: only
 * checked).  Without pipeline mode, run it now.
 */
static void
send_params(struct pgstore *s, PGresult **dst, const char *sql,
    const struct params *p)
{
	PGresult *res;
	ExecStatusType rs;

	pre_drop(s);
	if (s->schema_unsent && strncmp(sql, "BEGIN", 5) != 0)
		pg_schema_send(s);
	if (!s->pipe) {
		res = s->pq.send_query_params(s->conn, sql, p->n, NULL,
		    p->vals, p->lens, p->fmts, 0) ? pg_results_all(s) : NULL;
		rs = res != NULL ? s->pq.result_status(res) :
		    PGRES_FATAL_ERROR;
		if (rs != PGRES_TUPLES_OK && rs != PGRES_COMMAND_OK)
			fail_keep(s, res);
		else if (dst != NULL) {
			*dst = res;
			res = NULL;
		}
		if (res != NULL)
			s->pq.clear(res);
		return;
	}
	if (s->nowed >= PG_OWED)
		pg_drain(s);
	if (!s->pq.send_query_params(s->conn, sql, p->n, NULL, p->vals,
	    p->lens, p->fmts, 0)) {
		fail_keep(s, NULL);
		return;
	}
	pg_owe(s, dst, 0, 0);
}

/* Send sql with parameters (pg_q()'s types) from ap, owing to *dst. */
static void
send_v(struct pgstore *s, PGresult **dst, const char *sql,
    const char *types, va_list ap)
{
	struct params p;

	params_read(&p, types, ap);
	send_params(s, dst, sql, &p);
}

/*
 * The same for a statement that names SCHEMA_MARK: if the version is
 * still to be asked, this asks it (pg_schema_judge()) instead of
 * SCHEMA_NOW_SQL, one statement and one table fewer.
 */
void
pg_send_marked(struct pgstore *s, PGresult **dst, const char *sql,
    const char *types, ...)
{
	va_list ap;
	int mark = s->schema_unsent && s->pipe;

	if (mark)
		s->schema_unsent = 0;
	va_start(ap, types);
	send_v(s, dst, sql, types, ap);
	va_end(ap);
	if (mark && s->nowed > 0 && s->owed[s->nowed - 1].dst == dst) {
		s->owed[s->nowed - 1].schema = 2;
		s->schema_owed = 1;
	}
}

/* Send sql with parameters (pg_q()'s types) and owe its result to *dst. */
void
pg_send_q(struct pgstore *s, PGresult **dst, const char *sql,
    const char *types, ...)
{
	va_list ap;

	va_start(ap, types);
	send_v(s, dst, sql, types, ap);
	va_end(ap);
}


/*
 * Sync: every result owed read; SR_OK, or the first failure with *why.
 * dst, a result read in it, is freed and NULL on a failure.
 */
int
pg_sync_take(struct pgstore *s, PGresult **dst, char **why)
{
	char *said = NULL;
	int status;

	if (s->schema_unsent)
		pg_schema_send(s);
	if (s->pipe)
		pg_drain(s);
	/* The schema's version read with them judged first: it says why. */
	if (s->unverified && !s->schema_owed &&
	    (status = pg_schema_judge(s, &said)) != SR_OK) {
		pg_fail_take(s, NULL);
		s->fail = status;
		s->fail_why = said;
	}
	if ((status = pg_fail_take(s, why)) != SR_OK && dst != NULL &&
	    *dst != NULL) {
		s->pq.clear(*dst);
		*dst = NULL;
	}
	return status;
}

/*
 * Run sql with parameters, one letter of types each: 'i' an int, 'I' a
 * long long, 't' a text (NULL: NULL), 'b' a bytea (a pointer and a
 * size_t), '-' NULL.  *res the rows (PQclear it), or NULL to drop them:
 * then, in a transaction, the statement is only sent (see above).
 */
int
pg_q(struct pgstore *s, PGresult **resp, char **why, const char *sql,
    const char *types, ...)
{
	va_list ap;

	if (resp != NULL)
		*resp = NULL;
	va_start(ap, types);
	send_v(s, resp, sql, types, ap);
	va_end(ap);
	return resp == NULL ? pg_sent(s, why) : pg_sync_take(s, resp, why);
}

/*
 * What was just sent, its rows not asked for: only sent in a pipelined
 * transaction with nothing failed and the version judged (SR_OK), else
 * synced and read now (pg_sync_take()).
 */
int
pg_sent(struct pgstore *s, char **why)
{
	if (s->intx && s->pipe && s->fail == SR_OK && !s->unverified)
		return SR_OK;
	return pg_sync_take(s, NULL, why);
}

/* Run one statement without parameters, its rows dropped (as pg_q()). */
int
pg_exec_sql(struct pgstore *s, const char *sql, char **why)
{
	return pg_q(s, NULL, why, sql, "");
}

/*
 * Run a script of statements (a migration) through libpq's simple
 * protocol, which pipeline mode does not speak: left for it, then
 * entered again.
 */
int
pg_script(struct pgstore *s, const char *sql, char **why)
{
	PGresult *res;
	ExecStatusType rs;

	if (s->pipe) {
		pg_drain(s);
		if (s->fail == SR_OK && !s->pq.exit_pipeline(s->conn))
			fail_keep(s, NULL);
		if (s->fail != SR_OK)
			return pg_fail_take(s, why);
	}
	res = s->pq.send_query(s->conn, sql) ? pg_results_all(s) : NULL;
	rs = res != NULL ? s->pq.result_status(res) : PGRES_FATAL_ERROR;
	if (rs != PGRES_TUPLES_OK && rs != PGRES_COMMAND_OK)
		fail_keep(s, res);
	if (res != NULL)
		s->pq.clear(res);
	if (s->pipe && !s->pq.enter_pipeline(s->conn))
		fail_keep(s, NULL);
	return pg_fail_take(s, why);
}

/*
 * Roll back, without waiting: a sync first if statements were sent
 * since the last one (a failure among them makes the server skip what
 * follows up to a sync), ROLLBACK, a sync that sends them; their results
 * are read with the next ones.  Whatever was owed before is nobody's.
 */
void
pg_rollback_send(struct pgstore *s)
{
	int i;

	if (s->nowed + 3 > PG_OWED)
		pg_drain(s);
	for (i = 0; i < s->nowed; i++)
		s->owed[i].quiet = 1;
	pg_fail_take(s, NULL);
	if (s->nowed > 0 && !s->owed[s->nowed - 1].sync) {
		if (!s->pq.pipeline_sync(s->conn))
			return;
		pg_owe(s, NULL, 1, 1);
	}
	if (!s->pq.send_query_params(s->conn, "ROLLBACK", 0, NULL, NULL, NULL,
	    NULL, 0))
		return;
	pg_owe(s, NULL, 0, 1);
	if (s->pq.pipeline_sync(s->conn))
		pg_owe(s, NULL, 1, 1);
}

/* Row r column c as text (NULL if NULL). */
const char *
pg_val(struct pgstore *s, PGresult *res, int r, int c)
{
	return s->pq.getisnull(res, r, c) ? NULL : s->pq.getvalue(res, r, c);
}

/* Row r column c as text, malloc'd, or NULL. */
char *
pg_text_dup(struct pgstore *s, PGresult *res, int r, int c)
{
	const char *t = pg_val(s, res, r, c);

	return t != NULL ? xstrdup(t) : NULL;
}

/* Row r column c as a number (0 if NULL). */
long long
pg_num(struct pgstore *s, PGresult *res, int r, int c)
{
	const char *t = pg_val(s, res, r, c);

	return t != NULL ? strtoll(t, NULL, 10) : 0;
}

/* Row r column c, a bytea, into a malloc'd copy (*len bytes); NULL if NULL. */
void *
pg_blob(struct pgstore *s, PGresult *res, int r, int c, size_t *len)
{
	unsigned char *u;
	void *p;

	*len = 0;
	if (s->pq.getisnull(res, r, c))
		return NULL;
	if ((u = s->pq.unescape_bytea((const unsigned char *)
	    s->pq.getvalue(res, r, c), len)) == NULL) {
		*len = 0;	/* out of memory: the cache is missed */
		return NULL;
	}
	p = xmalloc(*len + 1);
	memcpy(p, u, *len);
	s->pq.freemem(u);
	return p;
}

/*
 * The schema's version this table saw the league at last, or 0.  Only a
 * hint, never trusted: a command that goes by it asks the version with
 * its first statements all the same (SCHEMA_NOW_SQL).
 */
int
pg_seen_version(struct pgstore *s)
{
	char *path = pg_client_file(s, "schema"), line[16];
	FILE *f;

	s->seen = 0;
	if (path != NULL && (f = fopen(path, "r")) != NULL) {
		if (fgets(line, sizeof line, f) != NULL)
			s->seen = atoi(line);
		fclose(f);
	}
	free(path);
	return s->seen;
}

/*
 * Keep the current version as the one seen (when it is not already):
 * written whole (a temporary file renamed), not synced; a failure only
 * costs the next command a round trip.
 */
void
pg_seen_keep(struct pgstore *s)
{
	char *path, line[16];

	if (s->seen == pg_nmigrations ||
	    (path = pg_client_file(s, "schema")) == NULL)
		return;
	snprintf(line, sizeof line, "%d\n", pg_nmigrations);
	if (pg_client_put(path, line, 0) == 0)
		s->seen = pg_nmigrations;
	free(path);
}

/* The version seen is not the league's now: forgotten. */
static void
seen_forget(struct pgstore *s)
{
	char *path = pg_client_file(s, "schema");

	if (path != NULL)
		unlink(path);
	s->seen = 0;
	free(path);
}

/* A league at a version from a newer shakeref: refused. */
static int
newer(struct pgstore *s, int version, char **why)
{
	return store_fail(why, SR_DATA, "league '%s' is from a newer shakeref "
	    "(schema %d; this one knows up to %d)", s->name, version,
	    pg_nmigrations);
}

static int	schema_known(struct pgstore *, PGresult *, int *, char **);

/*
 * The schema's version into *version: 0 with *empty when the database
 * has no table in its schema, SR_SYSTEM when it has tables that are not
 * shakeref's.  Outside a transaction (fast), the usual case is one round
 * trip: meta read at once, its absence an error that costs nothing.
 */
int
pg_schema_version(struct pgstore *s, int fast, int *version, int *empty,
    char **why)
{
	PGresult *res;
	int status;

	*version = 0;
	*empty = 0;
	if (fast) {
		res = NULL;
		pg_send_q(s, &res, SCHEMA_SQL, "");
		if (s->pipe)
			pg_drain(s);
		if (s->fail == SR_OK)
			return schema_known(s, res, version, why);
		if (res != NULL)
			s->pq.clear(res);
		if (strcmp(s->state, "42P01") != 0)
			return pg_fail_take(s, why);
		pg_fail_take(s, NULL);	/* no table meta: see below */
	}
	if ((status = pg_q(s, &res, why,
	    "SELECT to_regclass('meta') IS NOT NULL,"
	    " (SELECT count(*) FROM pg_class c JOIN pg_namespace n"
	    " ON n.oid = c.relnamespace WHERE n.nspname = current_schema()"
	    " AND c.relkind IN ('r', 'v', 'p', 'm', 'f'))", "")) != SR_OK)
		return status;
	if (strcmp(s->pq.getvalue(res, 0, 0), "t") != 0) {
		*empty = pg_num(s, res, 0, 1) == 0;
		s->pq.clear(res);
		if (!*empty)
			return store_fail(why, SR_SYSTEM, "'%s' is not a "
			    "shakeref database", s->name);
		return SR_OK;
	}
	s->pq.clear(res);
	if ((status = pg_q(s, &res, why, SCHEMA_SQL, "")) != SR_OK)
		return status;
	return schema_known(s, res, version, why);
}

/*
 * The version read at open with the command's first statements (see
 * pg_open): current, or the failure pg_open would have told.  No table
 * meta: the transaction begun is rolled back, then the database looked
 * at (empty: no database; another program's).
 */
int
pg_schema_judge(struct pgstore *s, char **why)
{
	PGresult *res = s->schema_res, *err = s->schema_err;
	const char *state;
	int status, version, empty;

	s->unverified = 0;
	s->schema_res = NULL;
	s->schema_err = NULL;
	if (res != NULL)
		return schema_known(s, res, &version, why);
	if (s->schema_marked && err == NULL) {
		s->schema_marked = 0;
		return SR_OK;
	}
	state = err != NULL ? s->pq.result_error_field(err,
	    PG_DIAG_SQLSTATE) : NULL;
	if (state == NULL || (strcmp(state, "42P01") != 0 &&
	    strcmp(state, "22P02") != 0 && strcmp(state, "42703") != 0)) {
		status = pg_fail_pg(s, err, why);
		if (err != NULL)
			s->pq.clear(err);
		return status;
	}
	s->pq.clear(err);
	/* What failed after it failed for want of the schema. */
	pg_fail_take(s, NULL);
	if (s->intx) {
		pg_rollback_send(s);
		s->intx = 0;
	}
	seen_forget(s);
	if ((status = pg_schema_version(s, 0, &version, &empty, why)) != SR_OK)
		return status;
	if (version == 0)
		return store_fail(why, SR_DATA, "no database at '%s'; "
		    "'shakeref new' creates it", s->name);
	if (version > pg_nmigrations)
		return newer(s, version, why);
	if (version != pg_nmigrations)
		/*
		 * Not the version this table saw last (restored from an
		 * older copy, or migrated by a newer shakeref): nothing of
		 * this command was kept; the next one looks first.
		 */
		return store_fail(why, SR_SYSTEM, "league '%s' changed its "
		    "schema (now %d) since this table last used it; try "
		    "again", s->name, version);
	/* Made meanwhile by another table: this transaction is gone. */
	return store_fail(why, SR_SYSTEM, "league '%s' is locked by another "
	    "shakeref; try again", s->name);
}

/* The version in res (meta's 'schema' row), read and freed; see above. */
static int
schema_known(struct pgstore *s, PGresult *res, int *version, char **why)
{
	if (s->pq.ntuples(res) != 1) {
		s->pq.clear(res);
		return store_fail(why, SR_SYSTEM, "'%s' is not a shakeref "
		    "database", s->name);
	}
	*version = (int)pg_num(s, res, 0, 0);
	s->pq.clear(res);
	if (*version <= 0)
		return store_fail(why, SR_SYSTEM, "league '%s' has an unknown "
		    "schema version %d; it is not a shakeref database", s->name,
		    *version);
	if (*version > pg_nmigrations)
		return newer(s, *version, why);
	return SR_OK;
}

