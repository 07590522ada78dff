/*
 * store-sqlite-db.c: the SQLite engine's statements: each prepared (or
 * kept prepared), bound, stepped and ended through one query helper,
 * SQLite's failures in the project's words (the league engine's
 * counterpart is store-pg-db.c; the engine: store-sqlite.c; its own
 * header store-sqlite.h).
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

/* Fail with SQLite's message for the last call. */
int
sq_fail_db(struct sqlite_store *s, char **why)
{
	int code = sqlite3_errcode(s->db);

	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		return store_fail(why, SR_SYSTEM, "database '%s' is locked by "
		    "another shakeref; try again", s->path);
	return store_fail(why, SR_SYSTEM, "database '%s': %s", s->path,
	    sqlite3_errmsg(s->db));
}

/* Create path's parent folders (0700) as needed. */
int
sq_make_parents(const char *path, char **why)
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
int
sq_exec(struct sqlite_store *s, const char *sql, char **why)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return sq_fail_db(s, why);
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
void
sq_roll_back(struct sqlite_store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		(void)sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

/*
 * Prepare a statement, or take the one kept for the same SQL text (sql is
 * a literal: its address names it); give it back with sq_finish().
 */
int
sq_prepare(struct sqlite_store *s, const char *sql, sqlite3_stmt **st,
    char **why)
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
		return sq_fail_db(s, why);
	if (free_slot != NULL) {
		free_slot->sql = sql;
		free_slot->st = *st;
		free_slot->busy = 1;
	}
	return SR_OK;
}

/*
 * Done with st: a kept one reset for its next use, else finalized.  The
 * code either gives back is the last step's, which sq_query_end() has seen.
 */
void
sq_finish(struct sqlite_store *s, sqlite3_stmt *st)
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


/* Start q: sql prepared or kept (sq_prepare()), bound as bind() says. */
static int
query_vstart(struct query *q, struct sqlite_store *s, const char *sql,
    char **why, const char *types, va_list ap)
{
	int status;

	q->s = s;
	q->st = NULL;
	q->rc = SQLITE_OK;
	if ((status = sq_prepare(s, sql, &q->st, why)) != SR_OK)
		return status;
	if ((status = bind(s, q->st, why, types, ap)) != SR_OK) {
		sq_finish(s, q->st);
		q->st = NULL;
	}
	return status;
}

/*
 * Start sql (a literal) with its parameters bound from 1 on, one letter
 * of types each ('i' an int, 'I' a long long, 't' a text or NULL, 'b' a
 * blob: a pointer and a size_t, '-' left NULL); SR_OK, else the failure
 * in *why and nothing to end.  Then sq_query_row() while it gives rows, and
 * sq_query_end() always.
 */
int
sq_query_start(struct query *q, struct sqlite_store *s, const char *sql,
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
int
sq_query_row(struct query *q)
{
	return (q->rc = sqlite3_step(q->st)) == SQLITE_ROW;
}

/*
 * End q (at its end, or stopped after a row): its statement given back;
 * SR_OK, or SQLite's failure of its last step in *why.
 */
int
sq_query_end(struct query *q, char **why)
{
	int status = SR_OK;

	if (q->rc != SQLITE_OK && q->rc != SQLITE_ROW && q->rc != SQLITE_DONE)
		status = sq_fail_db(q->s, why);
	sq_finish(q->s, q->st);
	q->st = NULL;
	return status;
}

/* Run sql, bound as sq_query_start() says, to its end (no rows to read). */
int
sq_query_exec(struct sqlite_store *s, const char *sql, char **why,
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
	while (sq_query_row(&q))
		continue;
	return sq_query_end(&q, why);
}

