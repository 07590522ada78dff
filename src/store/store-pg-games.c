/*
 * store-pg-games.c: games, seats, players and entries: locked, loaded,
 * created, appended, summarised, listed (the league engine:
 * store-pg.c; its own header store-pg.h).
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
 * In a write transaction, lock game's row before anything of it is read
 * or written: a second table's write to the game waits here until the
 * first commits, then reads what it wrote.  Once per game per
 * transaction.
 */
int
pg_lock_game(struct pgstore *s, long long game, char **why)
{
	int status;

	if (!s->write || game == 0 || pg_game_locked(s, game))
		return SR_OK;
	pg_game_locked_now(s, game);
	if ((status = pg_q(s, NULL, why, GAME_LOCK_SQL, "I", game)) != SR_OK)
		return status;
	return pg_q(s, NULL, why,
	    "SELECT 1 FROM games WHERE id = $1 FOR UPDATE",
	    "I", game);
}

/*
 * Send game's lock (GAME_LOCK_SQL; with res, GAME_TRY_SQL, its answer
 * owed to *res) just before the read that names SCHEMA_MARK, which
 * still asks the version (pg_send_marked): the lock asks nothing.
 */
static void
game_lock_send(struct pgstore *s, long long game, PGresult **res)
{
	int unsent = s->schema_unsent;

	s->schema_unsent = 0;
	pg_send_q(s, res, res != NULL ? GAME_TRY_SQL : GAME_LOCK_SQL, "I",
	    game);
	s->schema_unsent = unsent;
}

/* 1 if this write transaction has locked game's row. */
int
pg_game_locked(const struct pgstore *s, long long game)
{
	int i;

	for (i = 0; i < s->nlocked; i++)
		if (s->locked[i] == game)
			return 1;
	return 0;
}

/*
 * Remember that game's row is locked: the last PG_LOCKED games (a
 * transaction over more, check's, locks an older one again: a no-op
 * for the server, one round trip).
 */
void
pg_game_locked_now(struct pgstore *s, long long game)
{
	s->locked[s->nlocks++ % PG_LOCKED] = game;
	if (s->nlocked < PG_LOCKED)
		s->nlocked++;
}

/* In a write transaction, take the lock around players and tallies. */
int
pg_lock_catalog(struct pgstore *s, char **why)
{
	if (!s->write || s->catalog)
		return SR_OK;
	s->catalog = 1;
	return pg_exec_sql(s,
	    "SELECT pg_advisory_xact_lock(" STORE_PG_CATALOG ")",
	    why);
}

/* Fill g from row r of GAME_COLUMNS. */
void
pg_game_row(struct pgstore *s, PGresult *res, int r, struct store_game *g)
{
	memset(g, 0, sizeof *g);
	g->id = pg_num(s, res, r, 0);
	g->rules = pg_text_dup(s, res, r, 1);
	g->title = pg_text_dup(s, res, r, 2);
	g->options = pg_text_dup(s, res, r, 3);
	g->created = pg_num(s, res, r, 4);
	g->finished = (int)pg_num(s, res, r, 5);
	g->uid = pg_text_dup(s, res, r, 6);
	g->title0 = pg_text_dup(s, res, r, 7);
}

/* The next write's game lock not waited for; see store.h. */
int
pg_try_write(struct store *st)
{
	((struct pgstore *)st)->nowait = 1;
	return 1;
}

/* The last failure was a lock another held; see store.h. */
int
pg_busy(const struct store *st)
{
	return ((const struct pgstore *)st)->busy;
}

/*
 * A game's row (then a lock: pg_game_load) and its seats: two tables,
 * two statements (a join costs a new backend more: store-pg.h).
 */
#define GAME_SQL	"SELECT " GAME_COLUMNS ", g." SCHEMA_MARK \
	" FROM games g WHERE g.id = $1"
/*
 * Its seats in order: the last entry's ORDER BY (LAST_ENTRY_SQL), read
 * ahead in the same backend, pays a sort's first use either way.
 */
#define SEATS_SQL	"SELECT name, name0 FROM seats WHERE game_id = $1" \
	" ORDER BY seat"

/* Send game's read ahead, owed to r; see store-pg.h. */
void
pg_pre_send(struct pgstore *s, long long game, PGresult *r[3])
{
	r[0] = r[1] = r[2] = NULL;
	pg_send_q(s, &r[0], SNAP_ROW_SQL, "I", game);
	pg_send_q(s, &r[1], LAST_ENTRY_SQL, "I", game);
	if (s->write)
		pg_send_q(s, &r[2], REDO_ROWS_SQL, "I", game);
}

/* Keep (or free) the read ahead of game in r; see store-pg.h. */
void
pg_pre_keep(struct pgstore *s, long long game, PGresult *r[3], int keep)
{
	int i;

	if (keep && r[0] != NULL && r[1] != NULL &&
	    (r[2] != NULL || !s->write)) {
		s->pre = r[0];
		s->pre_last = r[1];
		s->pre_redo = r[2];
		s->pre_game = game;
		return;
	}
	for (i = 0; i < 3; i++)
		if (r[i] != NULL)
			s->pq.clear(r[i]);
}

/* Load game id and its seats. */
int
pg_game_load(struct store *st, long long id, struct store_game *g,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res = NULL, *seats = NULL, *pre[3] = { NULL, NULL, NULL };
	PGresult *lock = NULL;
	int status, ahead, i, n, held = 0;

	memset(g, 0, sizeof *g);
	/*
	 * In a write, the game's lock, then its row locked by this very
	 * read; with store_try_write(), neither waited for if another
	 * holds it.
	 */
	if (s->write && !pg_game_locked(s, id))
		game_lock_send(s, id, s->nowait ? &lock : NULL);
	pg_send_marked(s, &res, !s->write || pg_game_locked(s, id) ? GAME_SQL :
	    s->nowait ? GAME_SQL " FOR UPDATE NOWAIT" :
	    GAME_SQL " FOR UPDATE", "I", id);
	pg_send_q(s, &seats, SEATS_SQL, "I", id);
	/*
	 * In a transaction, its snapshot and undo head read ahead in the
	 * same round trip: status and a move ask for them next.
	 */
	if ((ahead = s->pipe && s->intx))
		pg_pre_send(s, id, pre);
	status = pg_sync_take(s, &res, why);
	/* The game's lock another's (f), not waited for. */
	if (lock != NULL) {
		held = status == SR_OK && s->pq.ntuples(lock) == 1 &&
		    strcmp(s->pq.getvalue(lock, 0, 0), "t") != 0;
		s->pq.clear(lock);
	}
	if (held) {
		s->pq.clear(res);
		res = NULL;
		status = store_fail(why, SR_SYSTEM, "league '%s' is locked by "
		    "another shakeref; try again", s->name);
	}
	/* lock_not_available: another's, not waited for. */
	s->busy = status != SR_OK && s->nowait &&
	    (held || strcmp(s->state, "55P03") == 0);
	s->nowait = 0;
	if (status != SR_OK) {
		if (ahead)
			pg_pre_keep(s, id, pre, 0);
		if (seats != NULL)
			s->pq.clear(seats);
		return status;
	}
	if (ahead)
		pg_pre_keep(s, id, pre, 1);
	if (s->write && s->pq.ntuples(res) > 0)
		pg_game_locked_now(s, id);
	if (s->pq.ntuples(res) == 0) {
		s->pq.clear(res);
		s->pq.clear(seats);
		return store_fail(why, SR_DATA, "no game %lld", id);
	}
	pg_game_row(s, res, 0, g);
	n = s->pq.ntuples(seats);
	for (i = 0; i < n && g->nplayers < GAME_MAX_PLAYERS; i++)
		if (!s->pq.getisnull(seats, i, 0)) {
			g->names[g->nplayers] = pg_text_dup(s, seats, i, 0);
			g->names0[g->nplayers++] = pg_text_dup(s, seats, i, 1);
		}
	s->pq.clear(res);
	s->pq.clear(seats);
	return SR_OK;
}

/* Fill se from row r of ENTRY_COLUMNS at column c; 0 or -1. */
int
pg_entry_row(struct pgstore *s, PGresult *res, int r, int c,
    struct stored_entry *se)
{
	const char *verb = pg_val(s, res, r, c + 2);
	int v;

	memset(se, 0, sizeof *se);
	se->n = (int)pg_num(s, res, r, c);
	se->player = pg_text_dup(s, res, r, c + 1);
	se->fact = pg_text_dup(s, res, r, c + 4);
	se->at = pg_num(s, res, r, c + 5);
	v = verb != NULL ? verb_lookup(verb) : -1;
	if (v < 0 || store_args_decode(pg_val(s, res, r, c + 3), se) != 0)
		return -1;
	se->verb = (enum verb)v;
	return 0;
}

/* Load entry n of game id. */
int
pg_entry_load(struct store *st, long long id, int n,
    struct stored_entry *se, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, c;

	memset(se, 0, sizeof *se);
	/* Read with an undo row just before (pg_undo_get), or now. */
	c = 0;
	if (s->pre_entry != NULL && s->pre_entry_game == id &&
	    s->pre_entry_n == n) {
		res = s->pre_entry;
		s->pre_entry = NULL;
		c = 2;
	} else if ((status = pg_lock_game(s, id, why)) != SR_OK ||
	    (status = pg_q(s, &res, why,
	    "SELECT " ENTRY_COLUMNS " FROM entries e"
	    " WHERE e.game_id = $1 AND e.n = $2", "Ii", id, n)) != SR_OK)
		return status;
	if (s->pq.ntuples(res) == 0) {
		s->pq.clear(res);
		return store_fail(why, SR_DATA, "game %lld has no entry %d", id,
		    n);
	}
	if (pg_entry_row(s, res, 0, c, se) != 0) {
		s->pq.clear(res);
		stored_entry_clear(se);
		return store_fail(why, SR_DATA, "game %lld has an entry this "
		    "shakeref cannot read", id);
	}
	s->pq.clear(res);
	return SR_OK;
}

/*
 * Game id's entries into a malloc'd array, or each to fn (0 to go on);
 * with notes, each with its round, note and undone, and *complete 0 at
 * the first that has none; see store.c's entries_scan.
 */
static int
entries_scan(struct pgstore *s, long long id, int notes,
    int (*fn)(void *, const struct stored_entry *), void *arg,
    struct stored_entry **ep, int *np, int *complete, char **why)
{
	struct stored_entry one, *e = NULL, *se;
	PGresult *res;
	int status, rows, r, n = 0, bad = 0;

	if (ep != NULL)
		*ep = NULL;
	*np = 0;
	*complete = 1;
	if ((status = pg_lock_game(s, id, why)) != SR_OK ||
	    (status = pg_q(s, &res, why, notes ?
	    "SELECT " ENTRY_COLUMNS ", t.n, t.round, t.note, t.undone"
	    " FROM entries e LEFT JOIN entry_notes t ON t.game_id = e.game_id"
	    " AND t.n = e.n WHERE e.game_id = $1 ORDER BY e.n" :
	    "SELECT " ENTRY_COLUMNS " FROM entries e WHERE e.game_id = $1"
	    " ORDER BY e.n", "I", id)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	if (fn == NULL)
		e = xcalloc((size_t)rows + 1, sizeof *e);
	for (r = 0; r < rows; r++) {
		if (notes && s->pq.getisnull(res, r, 6)) {
			*complete = 0;
			break;
		}
		se = fn != NULL ? &one : &e[n];
		if (pg_entry_row(s, res, r, 0, se) != 0) {
			stored_entry_clear(se);
			bad = 1;
			break;
		}
		if (notes) {
			se->round = (int)pg_num(s, res, r, 7);
			se->note = pg_text_dup(s, res, r, 8);
			se->undone = pg_num(s, res, r, 9) != 0;
		}
		n++;
		if (fn != NULL) {
			status = fn(arg, se);
			stored_entry_clear(se);
			if (status != 0)
				break;
		}
	}
	s->pq.clear(res);
	if (fn != NULL) {
		if (!bad)
			*np = n;
		n = 0;
	}
	return store_entries_end(id, SR_OK, bad, *complete && fn == NULL, e,
	    n, ep, np, why);
}

/* Load a game's entries. */
int
pg_entries_load(struct store *st, long long id,
    struct stored_entry **ep, int *np, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int complete;

	return entries_scan(s, id, 0, NULL, NULL, ep, np, &complete, why);
}

/* Each entry with its note to fn, while it has one; see store.h. */
int
pg_history_scan(struct store *st, long long id,
    int (*fn)(void *, const struct stored_entry *), void *arg, int *n,
    int *complete, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return entries_scan(s, id, 1, fn, arg, NULL, n, complete, why);
}

/* The number of game id's latest entry (0 if none). */
int
pg_last_n(struct store *st, long long id, int *n, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	*n = 0;
	if ((status = pg_lock_game(s, id, why)) != SR_OK ||
	    (status = pg_q(s, &res, why,
	    "SELECT coalesce(max(n), 0) FROM entries"
	    " WHERE game_id = $1", "I", id)) != SR_OK)
		return status;
	*n = (int)pg_num(s, res, 0, 0);
	s->pq.clear(res);
	return SR_OK;
}

/* The id of the player called name (ASCII case folded), created if new. */
int
pg_player_id(struct pgstore *s, const char *name, long long *id, char **why)
{
	PGresult *res;
	int status;

	if ((status = pg_lock_catalog(s, why)) != SR_OK ||
	    (status = pg_q(s, &res, why, "WITH i AS (INSERT INTO players(name)"
	    " VALUES ($1) ON CONFLICT (shakeref_nocase(name)) DO NOTHING"
	    " RETURNING id) SELECT id FROM i UNION ALL SELECT id FROM players"
	    " WHERE shakeref_nocase(name) = shakeref_nocase($1)", "t",
	    name)) != SR_OK)
		return status;
	if (s->pq.ntuples(res) < 1) {
		s->pq.clear(res);
		return store_fail(why, SR_SYSTEM, "league '%s': no player row "
		    "for a name", s->name);
	}
	*id = pg_num(s, res, 0, 0);
	s->pq.clear(res);
	return SR_OK;
}

/*
 * Notify channel 'shakeref' of game's change (watch, serve): sent with
 * the transaction's statements, delivered by the server when it commits
 * (never if it does not); once per game in a row.
 */
int
pg_notify_game(struct pgstore *s, long long game, char **why)
{
	if (s->notified == game)
		return SR_OK;
	s->notified = game;
	return pg_q(s, NULL, why, "SELECT pg_notify('shakeref', $1)", "I",
	    game);
}

/* Create a game and its seats. */
int
pg_game_create(struct store *st, struct store_game *g, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	long long pid = 0;
	char *names;
	int status, i;

	if ((status = pg_q(s, &res, why,
	    "INSERT INTO games(rules, title, title0,"
	    " options, created, uid) VALUES ($1, $2, $2, $3, $4,"
	    " coalesce($5, replace(gen_random_uuid()::text, '-', '')))"
	    " RETURNING id", "tttIt", g->rules, g->title, g->options,
	    g->created, g->uid)) != SR_OK)
		return status;
	g->id = pg_num(s, res, 0, 0);
	s->pq.clear(res);
	if (s->write)
		pg_game_locked_now(s, g->id);	/* its own, new */
	if ((status = pg_notify_game(s, g->id, why)) != SR_OK)
		return status;
	for (i = 0; i < g->nplayers; i++)
		if ((status = pg_player_id(s, g->names[i], &pid,
		    why)) != SR_OK ||
		    (status = pg_q(s, NULL, why,
		    "INSERT INTO seats(game_id, seat,"
		    " player_id, name, name0) VALUES ($1, $2, $3, $4, $4)",
		    "IiIt", g->id, i, pid, g->names[i])) != SR_OK)
			return status;
	/* Its creation record (pg_migrations[3]). */
	names = store_names_encode(g);
	status = pg_q(s, NULL, why,
	    "INSERT INTO setups(game_id, rules, options,"
	    " title, created, uid, names) SELECT id, rules, options, title0,"
	    " created, uid, $2 FROM games WHERE id = $1", "It", g->id, names);
	free(names);
	return status;
}

/* Append one entry (its arguments as store_args_encode() writes them). */
int
pg_entry_append(struct store *st, long long game,
    const struct stored_entry *se, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	char *args;
	int status;

	if ((status = store_args_encode(se, &args, why)) != SR_OK)
		return status;
	if ((status = pg_lock_game(s, game, why)) == SR_OK)
		status = pg_q(s, NULL, why, "INSERT INTO entries(game_id, n,"
		    " player, verb, args, fact, at) VALUES ($1, $2, $3, $4,"
		    " $5, $6, $7)", "IittttI", game, se->n, se->player,
		    verb_name(se->verb), args, se->fact, se->at);
	if (status == SR_OK)
		status = pg_notify_game(s, game, why);
	/*
	 * Its columns as the server gives them back (ENTRY_COLUMNS' text),
	 * for the snapshot's key: the game's last entry, as entries are
	 * appended in order.
	 */
	pg_app_forget(s);
	if (status == SR_OK && s->intx) {
		s->app_game = game;
		s->app[0] = xasprintf("%d", se->n);
		s->app[1] = se->player != NULL ? xstrdup(se->player) : NULL;
		s->app[2] = xstrdup(verb_name(se->verb));
		s->app[3] = args;
		s->app[4] = se->fact != NULL ? xstrdup(se->fact) : NULL;
		s->app[5] = xasprintf("%lld", se->at);
		args = NULL;
	}
	free(args);
	return status;
}

/* The game with this uid, or 0. */
int
pg_game_by_uid(struct store *st, const char *uid, long long *id,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	*id = 0;
	if ((status = pg_q(s, &res, why, "SELECT id FROM games WHERE uid = $1",
	    "t", uid)) != SR_OK)
		return status;
	if (s->pq.ntuples(res) > 0)
		*id = pg_num(s, res, 0, 0);
	s->pq.clear(res);
	return SR_OK;
}

/* Record the names and title now where they changed. */
int
pg_game_names(struct store *st, long long game,
    const char *const *names, int n, const char *title, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	long long pid;
	int status, i;

	if ((status = pg_lock_game(s, game, why)) != SR_OK ||
	    (status = pg_q(s, NULL, why,
	    "WITH u AS (UPDATE games SET title = $1"
	    " WHERE id = $2 AND title IS DISTINCT FROM $1 RETURNING id)"
	    " SELECT pg_notify('shakeref', id::text) FROM u", "tI", title,
	    game)) != SR_OK)
		return status;
	for (i = 0; i < n; i++)
		if ((status = pg_player_id(s, names[i], &pid, why)) != SR_OK ||
		    (status = pg_q(s, NULL, why, "UPDATE seats SET name = $1"
		    " WHERE game_id = $3 AND seat = $4 AND"
		    " (name IS DISTINCT FROM $1 OR player_id <> $2)", "tIIi",
		    names[i], pid, game, i)) != SR_OK)
			return status;
	return SR_OK;
}

/* Record the game's summary. */
int
pg_summary(struct store *st, long long game, int finished,
    const long *scores, const int *winners, int n, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	struct buf sc = BUF_INIT, wo = BUF_INIT;
	int status, i;

	/* One statement: the state, then every seat (the tallies' order). */
	buf_puts(&sc, "{");
	buf_puts(&wo, "{");
	for (i = 0; i < n; i++) {
		buf_printf(&sc, "%s%ld", i > 0 ? "," : "", scores[i]);
		buf_printf(&wo, "%s%d", i > 0 ? "," : "",
		    finished && winners[i] ? 1 : 0);
	}
	buf_puts(&sc, "}");
	buf_puts(&wo, "}");
	if ((status = pg_lock_game(s, game, why)) == SR_OK &&
	    (status = pg_q(s, NULL, why, "WITH u AS (UPDATE games SET"
	    " finished = $1 WHERE id = $2 AND finished <> $1 RETURNING id)"
	    " SELECT pg_notify('shakeref', id::text) FROM u", "iI",
	    finished, game)) == SR_OK)
		status = pg_q(s, NULL, why,
		    "UPDATE seats s SET score = v.score,"
		    " won = v.won FROM unnest($2::bigint[], $3::integer[])"
		    " WITH ORDINALITY AS v(score, won, i) WHERE s.game_id = $1"
		    " AND s.seat = v.i - 1 AND (s.score <> v.score OR"
		    " s.won <> v.won)", "Itt", game, buf_str(&sc),
		    buf_str(&wo));
	buf_free(&sc);
	buf_free(&wo);
	return status;
}

/* List games, oldest first; all: finished ones too. */
int
pg_games(struct store *st, int all,
    int (*fn)(void *, const struct store_game *, long), void *arg,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	struct store_game g;
	int status, rows, r, have = 0, stop = 0;

	if ((status = pg_q(s, &res, why, all ?
	    "SELECT " GAME_COLUMNS ", s.name, s.name0"
	    " FROM games g JOIN seats s ON s.game_id = g.id"
	    " ORDER BY g.id, s.seat" :
	    "SELECT " GAME_COLUMNS ", s.name, s.name0"
	    " FROM games g JOIN seats s ON s.game_id = g.id"
	    " WHERE g.finished = 0 ORDER BY g.id, s.seat", "")) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	memset(&g, 0, sizeof g);
	for (r = 0; r < rows && !stop; r++) {
		if (have && g.id != pg_num(s, res, r, 0)) {
			stop = fn(arg, &g, -1) != 0;
			store_game_clear(&g);
			have = 0;
			if (stop)
				break;
		}
		if (!have) {
			pg_game_row(s, res, r, &g);
			have = 1;
		}
		if (g.nplayers < GAME_MAX_PLAYERS) {
			g.names[g.nplayers] = pg_text_dup(s, res, r, 8);
			g.names0[g.nplayers++] = pg_text_dup(s, res, r, 9);
		}
	}
	if (have && !stop)
		fn(arg, &g, -1);
	store_game_clear(&g);
	s->pq.clear(res);
	return SR_OK;
}

/* Per player and rules over finished games. */
int
pg_tallies(struct store *st,
    int (*fn)(void *, const struct store_tally *), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	struct store_tally t;
	PGresult *res;
	int status, rows, r;

	if ((status = pg_q(s, &res, why, "SELECT p.name, t.rules, t.played,"
	    " t.won FROM tallies t JOIN players p ON p.id = t.player_id"
	    " WHERE t.played > 0 ORDER BY p.id, t.rules", "")) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++) {
		t.name = pg_val(s, res, r, 0);
		t.rules = pg_val(s, res, r, 1);
		t.played = (long)pg_num(s, res, r, 2);
		t.won = (long)pg_num(s, res, r, 3);
		if (fn(arg, &t) != 0)
			break;
	}
	s->pq.clear(res);
	return SR_OK;
}

/*
 * Finished games with their seats' scores now, in the order they
 * finished (their last entry's time, then id): one statement, a row per
 * seat.
 */
int
pg_results(struct store *st, const char *rules,
    int (*fn)(void *, const struct store_result *), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	struct store_result r;
	PGresult *res;
	int status, rows, i, seat;

	if ((status = pg_q(s, &res, why, "SELECT g.id, g.rules, e.at, e.n,"
	    " s.seat, s.name, s.score, s.won FROM games g CROSS JOIN LATERAL"
	    " (SELECT n, at FROM entries WHERE game_id = g.id ORDER BY n DESC"
	    " LIMIT 1) e JOIN seats s ON s.game_id = g.id"
	    " WHERE g.finished = 1 AND ($1::text IS NULL OR g.rules = $1)"
	    " ORDER BY e.at, g.id, s.seat", "t", rules)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	memset(&r, 0, sizeof r);
	for (i = 0; i <= rows; i++) {
		if (i > 0 && (i == rows || r.game != pg_num(s, res, i, 0)) &&
		    fn(arg, &r) != 0)
			break;
		if (i == rows)
			break;
		if (i == 0 || r.game != pg_num(s, res, i, 0)) {
			memset(&r, 0, sizeof r);
			r.game = pg_num(s, res, i, 0);
			snprintf(r.rules, sizeof r.rules, "%s",
			    pg_val(s, res, i, 1));
			r.at = pg_num(s, res, i, 2);
			r.last = (int)pg_num(s, res, i, 3);
		}
		seat = (int)pg_num(s, res, i, 4);
		if (seat == r.nplayers && seat < GAME_MAX_PLAYERS) {
			snprintf(r.names[seat], sizeof r.names[seat], "%s",
			    pg_val(s, res, i, 5));
			r.won[seat] = (int)pg_num(s, res, i, 7);
			r.scores[r.nplayers++] = (long)pg_num(s, res, i, 6);
		}
	}
	s->pq.clear(res);
	return SR_OK;
}

