/*
 * store-sqlite-games.c: games, seats, players and entries: loaded,
 * created, appended, summarised, listed (the SQLite engine:
 * store-sqlite.c; its own header store-sqlite.h).
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

/* Text of column i, malloc'd, or NULL. */
char *
sq_column_dup(sqlite3_stmt *st, int i)
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
	if ((status = sq_query_start(&q, s, "SELECT name, name0 FROM seats"
	    " WHERE game_id = ? ORDER BY seat", why, "I", g->id)) != SR_OK)
		return status;
	while (sq_query_row(&q))
		if (g->nplayers < GAME_MAX_PLAYERS) {
			g->names[g->nplayers] = sq_column_dup(q.st, 0);
			g->names0[g->nplayers++] = sq_column_dup(q.st, 1);
		}
	return sq_query_end(&q, why);
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
	g->rules = sq_column_dup(st, 1);
	g->title = sq_column_dup(st, 2);
	g->options = sq_column_dup(st, 3);
	g->created = sqlite3_column_int64(st, 4);
	g->finished = sqlite3_column_int(st, 5);
	g->uid = sq_column_dup(st, 6);
	g->title0 = sq_column_dup(st, 7);
}

/* Load a game. */
int
sq_game_load(struct store *base, long long id, struct store_game *g,
    char **why)
{
	struct sqlite_store *s = sq(base);
	struct query q;
	int status, found = 0;

	memset(g, 0, sizeof *g);
	if ((status = sq_query_start(&q, s, "SELECT " GAME_COLUMNS " FROM games"
	    " WHERE id = ?", why, "I", id)) != SR_OK)
		return status;
	if (sq_query_row(&q)) {
		game_from_row(q.st, g);
		found = 1;
	}
	if ((status = sq_query_end(&q, why)) != SR_OK) {
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
		se->player = sq_column_dup(st, 1);
		se->fact = sq_column_dup(st, 4);
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
int
sq_entry_load(struct store *base, long long id, int n,
    struct stored_entry *se, char **why)
{
	struct query q;
	int status, found = 0, bad = 0;

	memset(se, 0, sizeof *se);
	if ((status = sq_query_start(&q, sq(base), "SELECT n, player, verb,"
	    " args, fact, at FROM entries WHERE game_id = ? AND n = ?", why,
	    "Ii", id, n)) != SR_OK)
		return status;
	if (sq_query_row(&q)) {
		found = 1;
		bad = entry_from_row(q.st, se, NULL) != 0;
	}
	status = sq_query_end(&q, why);
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
int
sq_entries_scan(struct sqlite_store *s, long long id, int notes,
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
	if ((status = sq_query_start(&q, s,
	    "SELECT n, player, verb, args, fact,"
	    " at FROM entries WHERE game_id = ? ORDER BY n", why, "I", id)) !=
	    SR_OK)
		return status;
	if (notes && (status = sq_query_start(&nq, s, "SELECT n, round, note,"
	    " undone FROM entry_notes WHERE game_id = ? ORDER BY n", why, "I",
	    id)) != SR_OK) {
		(void)sq_query_end(&q, NULL);
		return status;
	}
	while (sq_query_row(&q)) {
		if (notes && (!sq_query_row(&nq) ||
		    sqlite3_column_int(nq.st, 0) !=
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
			    sq_column_dup(nq.st, 2);
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
	status = sq_query_end(&q, why);
	if (notes && (k = sq_query_end(&nq, status == SR_OK ? why : NULL)) !=
	    SR_OK && status == SR_OK)
		status = k;
	return store_entries_end(id, status, bad, *complete && fn == NULL, e, n,
	    ep,
	    np, why);
}

/* Load a game's entries. */
int
sq_entries_load(struct store *base, long long id, struct stored_entry **ep,
    int *np, char **why)
{
	struct sqlite_store *s = sq(base);
	int complete;

	return sq_entries_scan(s, id, 0, NULL, NULL, ep, np, &complete, why);
}

/* The number of game id's latest entry (0 if none); see store.h. */
int
sq_last_n(struct store *base, long long id, int *n, char **why)
{
	struct query q;
	int status;

	*n = 0;
	if ((status = sq_query_start(&q, sq(base), "SELECT coalesce(max(n), 0)"
	    " FROM entries WHERE game_id = ?", why, "I", id)) != SR_OK)
		return status;
	if (sq_query_row(&q))
		*n = sqlite3_column_int(q.st, 0);
	return sq_query_end(&q, why);
}

/* The id of the player called name (case-insensitive), created if new. */
int
sq_player_id(struct sqlite_store *s, const char *name, long long *id,
    char **why)
{
	struct query q;
	int status;

	*id = 0;
	if ((status = sq_query_exec(s, "INSERT INTO players(name) VALUES (?)"
	    " ON CONFLICT(name) DO NOTHING", why, "t", name)) != SR_OK ||
	    (status = sq_query_start(&q, s, "SELECT id FROM players WHERE"
	    " name = ?", why, "t", name)) != SR_OK)
		return status;
	if (sq_query_row(&q))
		*id = sqlite3_column_int64(q.st, 0);
	return sq_query_end(&q, why);
}

/* Write game g's creation record (it has its id and seats). */
static int
setup_write(struct sqlite_store *s, const struct store_game *g, char **why)
{
	char *names = store_names_encode(g);
	int status;

	status = sq_query_exec(s, "INSERT INTO setups(game_id, rules, options,"
	    " title, created, uid, names) SELECT id, rules, options, title0,"
	    " created, uid, ?2 FROM games WHERE id = ?1", why, "It", g->id,
	    names);
	free(names);
	return status;
}

/* Create a game and its seats. */
int
sq_game_create(struct store *base, struct store_game *g, char **why)
{
	struct sqlite_store *s = sq(base);
	struct query q;
	long long pid = 0;
	int status, i;

	if ((status = sq_query_start(&q, s, "INSERT INTO games(rules, title,"
	    " title0, options, created, uid) VALUES (?1, ?2, ?2, ?3, ?4,"
	    " coalesce(?5, lower(hex(randomblob(16))))) RETURNING id", why,
	    "tttIt", g->rules, g->title, g->options, g->created, g->uid)) !=
	    SR_OK)
		return status;
	while (sq_query_row(&q))
		g->id = sqlite3_column_int64(q.st, 0);
	if ((status = sq_query_end(&q, why)) != SR_OK)
		return status;
	for (i = 0; i < g->nplayers; i++)
		if ((status = sq_player_id(s, g->names[i], &pid,
		    why)) != SR_OK ||
		    (status = sq_query_exec(s,
		    "INSERT INTO seats(game_id, seat,"
		    " player_id, name, name0) VALUES (?1, ?2, ?3, ?4, ?4)",
		    why, "IiIt", g->id, i, pid, g->names[i])) != SR_OK)
			return status;
	return setup_write(s, g, why);
}

/* Append one entry. */
int
sq_entry_append(struct store *base, long long game,
    const struct stored_entry *se, char **why)
{
	char *args;
	int status;

	if ((status = store_args_encode(se, &args, why)) != SR_OK)
		return status;
	status = sq_query_exec(sq(base),
	    "INSERT INTO entries(game_id, n, player,"
	    " verb, args, fact, at) VALUES (?, ?, ?, ?, ?, ?, ?)", why,
	    "IittttI", game, se->n, se->player, verb_name(se->verb), args,
	    se->fact, se->at);
	free(args);
	return status;
}

/* The game with this uid, or 0. */
int
sq_game_by_uid(struct store *base, const char *uid, long long *id,
    char **why)
{
	struct query q;
	int status;

	*id = 0;
	if ((status = sq_query_start(&q, sq(base), "SELECT id FROM games WHERE"
	    " uid = ?", why, "t", uid)) != SR_OK)
		return status;
	if (sq_query_row(&q))
		*id = sqlite3_column_int64(q.st, 0);
	return sq_query_end(&q, why);
}

/* Record the names and title now where they changed. */
int
sq_game_names(struct store *base, long long game, const char *const *names,
    int n, const char *title, char **why)
{
	struct sqlite_store *s = sq(base);
	long long pid;
	int status, i;

	if ((status = sq_query_exec(s, "UPDATE games SET title = ?1 WHERE"
	    " id = ?2 AND title IS NOT ?1", why, "tI", title, game)) != SR_OK)
		return status;
	/* Only the name and player: see the trigger tallies_player. */
	for (i = 0; i < n; i++)
		if ((status = sq_player_id(s, names[i], &pid, why)) != SR_OK ||
		    (status = sq_query_exec(s, "UPDATE seats SET name = ?1,"
		    " player_id = ?2 WHERE game_id = ?3 AND seat = ?4 AND"
		    " (name IS NOT ?1 OR player_id != ?2)", why, "tIIi",
		    names[i], pid, game, i)) != SR_OK)
			return status;
	return SR_OK;
}

/* Record the game's summary. */
int
sq_summary(struct store *base, long long game, int finished,
    const long *scores, const int *winners, int n, char **why)
{
	struct sqlite_store *s = sq(base);
	int status, i;

	if ((status = sq_query_exec(s, "UPDATE games SET finished = ? WHERE"
	    " id = ?", why, "iI", finished, game)) != SR_OK)
		return status;
	for (i = 0; i < n; i++)
		if ((status = sq_query_exec(s, "UPDATE seats SET score = ?,"
		    " won = ? WHERE game_id = ? AND seat = ?", why, "IiIi",
		    (long long)scores[i], finished && winners[i], game, i)) !=
		    SR_OK)
			return status;
	return SR_OK;
}

/* List games. */
int
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
	if ((status = sq_query_start(&q, sq(base), all ?
	    "SELECT " GAME_COLUMNS ", s.name, s.name0"
	    " FROM games g JOIN seats s ON s.game_id = g.id"
	    " ORDER BY g.id, s.seat" :
	    "SELECT " GAME_COLUMNS ", s.name, s.name0"
	    " FROM games g JOIN seats s ON s.game_id = g.id"
	    " WHERE g.finished = 0 ORDER BY g.id, s.seat", why, "")) != SR_OK)
		return status;
	memset(&g, 0, sizeof g);
	while (sq_query_row(&q)) {
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
			g.names[g.nplayers] = sq_column_dup(q.st, 8);
			g.names0[g.nplayers++] = sq_column_dup(q.st, 9);
		}
	}
	if ((status = sq_query_end(&q, why)) == SR_OK && have && !stop)
		fn(arg, &g, -1);
	store_game_clear(&g);
	return status;
}

/* Per player and rules over finished games. */
int
sq_tallies(struct store *base, int (*fn)(void *, const struct store_tally *),
    void *arg, char **why)
{
	struct query q;
	struct store_tally t;
	int status;

	if ((status = sq_query_start(&q, sq(base), "SELECT p.name, t.rules,"
	    " t.played, t.won FROM tallies t JOIN players p ON"
	    " p.id = t.player_id WHERE t.played > 0 ORDER BY p.id, t.rules",
	    why, "")) != SR_OK)
		return status;
	while (sq_query_row(&q)) {
		t.name = (const char *)sqlite3_column_text(q.st, 0);
		t.rules = (const char *)sqlite3_column_text(q.st, 1);
		t.played = sqlite3_column_int64(q.st, 2);
		t.won = sqlite3_column_int64(q.st, 3);
		if (fn(arg, &t) != 0)
			break;
	}
	return sq_query_end(&q, why);
}

/*
 * Finished games with their seats' scores now, in the order they
 * finished (their last entry's time, then id): one statement, a row per
 * seat; see store.h.
 */
int
sq_results(struct store *base, const char *rules,
    int (*fn)(void *, const struct store_result *), void *arg, char **why)
{
	struct query q;
	struct store_result r;
	int status, have = 0, stop = 0, seat;

	if ((status = sq_query_start(&q, sq(base),
	    "WITH f AS (SELECT g.id AS id,"
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
	while (sq_query_row(&q)) {
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
	return sq_query_end(&q, why);
}

