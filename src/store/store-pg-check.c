/*
 * store-pg-check.c: export, and what check reads and rebuilds (the
 * league engine: store-pg.c; its own header store-pg.h).
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
 * A string as SQLite's json_object() writes it: '"' and '\\' escaped,
 * \b \t \n \f \r, other controls \u00xx; everything else as it is.
 */
static void
json_str(struct buf *b, const char *t)
{
	const unsigned char *p;

	if (t == NULL) {
		buf_puts(b, "null");
		return;
	}
	buf_puts(b, "\"");
	for (p = (const unsigned char *)t; *p != '\0'; p++) {
		switch (*p) {
		case '"':
		case '\\':
			buf_puts(b, "\\");
			buf_add(b, p, 1);
			break;
		case '\b':
			buf_puts(b, "\\b");
			break;
		case '\t':
			buf_puts(b, "\\t");
			break;
		case '\n':
			buf_puts(b, "\\n");
			break;
		case '\f':
			buf_puts(b, "\\f");
			break;
		case '\r':
			buf_puts(b, "\\r");
			break;
		default:
			if (*p < 0x20)
				buf_printf(b, "\\u00%02x", *p);
			else
				buf_add(b, p, 1);
			break;
		}
	}
	buf_puts(b, "\"");
}

/* A time as the export writes it: "YYYY-MM-DDTHH:MM:SSZ" (UTC). */
static void
json_time(struct buf *b, long long at)
{
	time_t t = (time_t)at;
	struct tm tm;
	char s[32];

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(s, sizeof s, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		buf_puts(b, "null");
	else
		buf_printf(b, "\"%s\"", s);
}

/* JSON text as stored (args, options: jansson's compact), else null. */
static void
json_raw(struct buf *b, const char *t)
{
	buf_puts(b, t != NULL && *t != '\0' ? t : "null");
}

/*
 * One game as SPEC.md's export object, byte for byte as store.c's
 * EXPORT_JSON_SQL makes it: a row of games (GAME_COLUMNS), its seats'
 * and its entries' rows.
 */
static void
export_one(struct pgstore *s, struct buf *b, PGresult *g, int r,
    PGresult *seats, PGresult *ents)
{
	static const char *const state[] = { "active", "finished",
	    "abandoned" };
	int i, fin = (int)pg_num(s, g, r, 5), rows;

	buf_puts(b, "{\"uid\":");
	json_str(b, pg_val(s, g, r, 6));
	buf_puts(b, ",\"rules\":");
	json_str(b, pg_val(s, g, r, 1));
	buf_puts(b, ",\"title\":");
	json_str(b, pg_val(s, g, r, 7));
	buf_puts(b, ",\"options\":");
	json_raw(b, pg_val(s, g, r, 3));
	buf_puts(b, ",\"created\":");
	json_time(b, pg_num(s, g, r, 4));
	buf_printf(b, ",\"state\":\"%s\",\"players\":[",
	    state[fin == 1 || fin == 2 ? fin : 0]);
	rows = s->pq.ntuples(seats);
	for (i = 0; i < rows; i++) {
		if (i > 0)
			buf_puts(b, ",");
		json_str(b, pg_val(s, seats, i, 0));
	}
	buf_puts(b, "],\"entries\":[");
	rows = s->pq.ntuples(ents);
	for (i = 0; i < rows; i++) {
		buf_printf(b, "%s{\"n\":%s,\"player\":", i > 0 ? "," : "",
		    s->pq.getvalue(ents, i, 0));
		json_str(b, pg_val(s, ents, i, 1));
		buf_puts(b, ",\"verb\":");
		json_str(b, pg_val(s, ents, i, 2));
		buf_puts(b, ",\"args\":");
		json_raw(b, pg_val(s, ents, i, 3));
		buf_puts(b, ",\"fact\":");
		json_str(b, pg_val(s, ents, i, 4));
		buf_puts(b, ",\"at\":");
		json_time(b, pg_num(s, ents, i, 5));
		buf_puts(b, "}");
	}
	buf_puts(b, "]}");
}

/* Export games as JSON texts, one game at a time; see store.h. */
int
pg_export_json(struct store *st, long long id,
    int (*fn)(void *, const char *), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *g, *seats, *ents;
	struct buf b = BUF_INIT;
	int status, rows, r, stop = 0;

	if ((status = id != 0 ? pg_q(s, &g, why, "SELECT " GAME_COLUMNS
	    " FROM games g WHERE g.id = $1", "I", id) : pg_q(s, &g, why,
	    "SELECT " GAME_COLUMNS " FROM games g ORDER BY g.id", "")) !=
	    SR_OK)
		return status;
	rows = s->pq.ntuples(g);
	for (r = 0; r < rows && !stop && status == SR_OK; r++) {
		if ((status = pg_q(s, &seats, why, "SELECT name0 FROM seats"
		    " WHERE game_id = $1 ORDER BY seat", "I",
		    pg_num(s, g, r, 0))) != SR_OK)
			break;
		if ((status = pg_q(s, &ents, why,
		    "SELECT n, player, verb, args,"
		    " fact, at FROM entries WHERE game_id = $1 ORDER BY n", "I",
		    pg_num(s, g, r, 0))) != SR_OK) {
			s->pq.clear(seats);
			break;
		}
		buf_reset(&b);
		export_one(s, &b, g, r, seats, ents);
		s->pq.clear(seats);
		s->pq.clear(ents);
		stop = fn(arg, buf_str(&b)) != 0;
	}
	buf_free(&b);
	s->pq.clear(g);
	return status;
}

/* One row per player per game; see store.h. */
int
pg_export_rows(struct store *st, long long id,
    int (*fn)(void *, const char *const *), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	const char *cols[STORE_CSV_COLUMNS];
	PGresult *res;
	int status, rows, r, i;

	if ((status = id != 0 ? pg_q(s, &res, why, EXPORT_ROWS_SQL
	    " WHERE g.id = $1 ORDER BY s.seat", "I", id) : pg_q(s, &res, why,
	    EXPORT_ROWS_SQL " ORDER BY g.id, s.seat", "")) != SR_OK)
		return status;
#undef EXPORT_ROWS_SQL
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++) {
		for (i = 0; i < STORE_CSV_COLUMNS; i++)
			cols[i] = pg_val(s, res, r, i);
		if (fn(arg, cols) != 0)
			break;
	}
	s->pq.clear(res);
	return SR_OK;
}

/*
 * check: the server keeps its own pages; what the schema promises is
 * checked instead: the append-only triggers in place and enabled.
 */
int
pg_integrity(struct store *st, int (*fn)(void *, const char *),
    void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	if ((status = pg_q(s, &res, why, "SELECT count(*) FROM pg_trigger"
	    " WHERE tgrelid = 'entries'::regclass AND tgenabled <> 'D' AND"
	    " tgname IN ('entries_append_only', 'entries_no_truncate')",
	    "")) != SR_OK)
		return status;
	if (pg_num(s, res, 0, 0) != 2)
		fn(arg, "the entries' append-only triggers are missing or "
		    "disabled");
	s->pq.clear(res);
	return SR_OK;
}

/* Every game's id, oldest first, into a malloc'd array. */
int
pg_game_ids(struct store *st, long long **ids, int *n, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, r;

	*ids = NULL;
	*n = 0;
	if ((status = pg_q(s, &res, why, "SELECT id FROM games ORDER BY id",
	    "")) != SR_OK)
		return status;
	*n = s->pq.ntuples(res);
	*ids = xcalloc((size_t)*n + 1, sizeof **ids);
	for (r = 0; r < *n; r++)
		(*ids)[r] = pg_num(s, res, r, 0);
	s->pq.clear(res);
	return SR_OK;
}

/* check: game's seats: how many, and whether numbered 0..n-1. */
int
pg_seats_shape(struct store *st, long long game, int *n,
    int *numbered, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	*n = 0;
	*numbered = 1;
	if ((status = pg_lock_game(s, game, why)) != SR_OK ||
	    (status = pg_q(s, &res, why,
	    "SELECT count(*), coalesce(min(seat), 0),"
	    " coalesce(max(seat), -1) FROM seats WHERE game_id = $1", "I",
	    game)) != SR_OK)
		return status;
	*n = (int)pg_num(s, res, 0, 0);
	*numbered = pg_num(s, res, 0, 1) == 0 && pg_num(s, res, 0, 2) == *n - 1;
	s->pq.clear(res);
	return SR_OK;
}

/* check: rows whose game does not exist (the foreign keys allow none). */
int
pg_orphans(struct store *st, int drop,
    int (*fn)(void *, const char *, long long, long), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r;

	if ((status = pg_q(s, &res, why, ORPHANS_SQL, "")) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++)
		fn(arg, pg_val(s, res, r, 0), pg_num(s, res, r, 1),
		    (long)pg_num(s, res, r, 2));
	s->pq.clear(res);
	if (drop)
		return pg_script(s, ORPHANS_DROP_SQL, why);
	return SR_OK;
}

/* check: game's creation record and its seats' players; see store.h. */
int
pg_setup_record(struct store *st, long long game, struct store_game *rec,
    char **credited, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r, seat;

	if ((status = pg_q(s, &res, why,
	    "SELECT rules, options, title, created,"
	    " uid, names FROM setups WHERE game_id = $1", "I", game)) !=
	    SR_OK)
		return status;
	if (s->pq.ntuples(res) > 0) {
		rec->id = game;
		rec->rules = pg_text_dup(s, res, 0, 0);
		rec->options = pg_text_dup(s, res, 0, 1);
		rec->title0 = pg_text_dup(s, res, 0, 2);
		rec->created = pg_num(s, res, 0, 3);
		rec->uid = pg_text_dup(s, res, 0, 4);
		(void)store_names_decode(pg_val(s, res, 0, 5), rec);
	}
	s->pq.clear(res);
	if ((status = pg_q(s, &res, why, "SELECT s.seat, p.name FROM seats s"
	    " LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = $1",
	    "I", game)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++)
		if ((seat = (int)pg_num(s, res, r, 0)) >= 0 &&
		    seat < GAME_MAX_PLAYERS && credited[seat] == NULL)
			credited[seat] = pg_text_dup(s, res, r, 1);
	s->pq.clear(res);
	return SR_OK;
}

/* The summary stored for game, n seats. */
int
pg_summary_load(struct store *st, long long game, int *finished,
    long *scores, int *won, int n, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r, seat;

	*finished = 0;
	if ((status = pg_lock_game(s, game, why)) != SR_OK ||
	    (status = pg_q(s, &res, why, "SELECT g.finished, s.seat, s.score,"
	    " s.won FROM games g JOIN seats s ON s.game_id = g.id"
	    " WHERE g.id = $1 ORDER BY s.seat", "I", game)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++) {
		*finished = (int)pg_num(s, res, r, 0);
		seat = (int)pg_num(s, res, r, 1);
		if (seat >= 0 && seat < n) {
			scores[seat] = (long)pg_num(s, res, r, 2);
			won[seat] = (int)pg_num(s, res, r, 3);
		}
	}
	s->pq.clear(res);
	return SR_OK;
}

/* check: each tally that differs from the games' summaries. */
int
pg_tallies_check(struct store *st,
    int (*fn)(void *, const char *, const char *, long, long, long, long),
    void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r;

	if ((status = pg_q(s, &res, why, TALLIES_CHECK_SQL, ""))
	    != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++)
		if (fn(arg, pg_val(s, res, r, 0), pg_val(s, res, r, 1),
		    (long)pg_num(s, res, r, 2), (long)pg_num(s, res, r, 3),
		    (long)pg_num(s, res, r, 4), (long)pg_num(s, res, r,
		    5)) != 0)
			break;
	s->pq.clear(res);
	return SR_OK;
}

/* Rebuild the tallies from the games' summaries (in a transaction). */
int
pg_tallies_rebuild(struct store *st, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = pg_lock_catalog(s, why)) != SR_OK)
		return status;
	if ((status = pg_exec_sql(s, "DELETE FROM tallies", why)) != SR_OK)
		return status;
	return pg_exec_sql(s,
	    "INSERT INTO tallies(player_id, rules, played, won) "
	    TALLIES_SQL, why);
}

/* 1 if pg_open() migrated an older schema. */
int
pg_migrated(const struct store *st)
{
	const struct pgstore *s = (const struct pgstore *)st;

	return s->migrated;
}

