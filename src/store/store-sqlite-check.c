/*
 * store-sqlite-check.c: the coach's cache, export, and what check reads
 * and rebuilds (the SQLite engine: store-sqlite.c; its own header
 * store-sqlite.h).
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

/* Store a row of game's coach cache; see store.h. */
int
sq_coach_put(struct store *base, long long game, int n, int seat, int basis,
    long decisions, long long error, char **why)
{
	return sq_query_exec(sq(base), "INSERT OR REPLACE INTO coach_tally("
	    "game_id, seat, basis, n, decisions, error) VALUES"
	    " (?, ?, ?, ?, ?, ?)", why, "IiiiII", game, seat, basis, n,
	    (long long)decisions, error);
}

/* Forget game's coach cache; see store.h. */
int
sq_coach_drop(struct store *base, long long game, char **why)
{
	return sq_query_exec(sq(base), "DELETE FROM coach_tally WHERE"
	    " game_id = ?", why, "I", game);
}

/* The coach cache's rows, of game (0: every game, by game); see store.h. */
int
sq_coach_rows(struct store *base, long long game,
    int (*fn)(void *, const struct store_coach *), void *arg, char **why)
{
	struct query q;
	struct store_coach c;
	int status;

	if ((status = sq_query_start(&q, sq(base), game != 0 ? "SELECT game_id,"
	    " n, seat, basis, decisions, error FROM coach_tally WHERE"
	    " game_id = ? ORDER BY seat, basis" : "SELECT game_id, n, seat,"
	    " basis, decisions, error FROM coach_tally ORDER BY game_id,"
	    " seat, basis", why, game != 0 ? "I" : "", game)) != SR_OK)
		return status;
	while (sq_query_row(&q)) {
		c.game = sqlite3_column_int64(q.st, 0);
		c.n = sqlite3_column_int(q.st, 1);
		c.seat = sqlite3_column_int(q.st, 2);
		c.basis = sqlite3_column_int(q.st, 3);
		c.decisions = (long)sqlite3_column_int64(q.st, 4);
		c.error = sqlite3_column_int64(q.st, 5);
		if (fn(arg, &c) != 0)
			break;
	}
	return sq_query_end(&q, why);
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
sq_export_json(struct store *base, long long id,
    int (*fn)(void *, const char *), void *arg, char **why)
{
	struct query q;
	int status;

	if ((status = sq_query_start(&q, sq(base), id != 0 ? EXPORT_JSON_SQL
	    " WHERE g.id = ?" : EXPORT_JSON_SQL " ORDER BY g.id", why,
	    id != 0 ? "I" : "", id)) != SR_OK)
		return status;
	while (sq_query_row(&q))
		if (fn(arg, (const char *)sqlite3_column_text(q.st, 0)) != 0)
			break;
	return sq_query_end(&q, why);
}

/* Export one row per player per game; see store.h. */
int
sq_export_rows(struct store *base, long long id,
    int (*fn)(void *, const char *const *), void *arg, char **why)
{
	struct query q;
	const char *cols[STORE_CSV_COLUMNS];
	int status, i;

	if ((status = sq_query_start(&q, sq(base), id != 0 ? EXPORT_ROWS_SQL
	    " WHERE g.id = ? ORDER BY s.seat" : EXPORT_ROWS_SQL
	    " ORDER BY g.id, s.seat", why, id != 0 ? "I" : "", id)) != SR_OK)
		return status;
	while (sq_query_row(&q)) {
		for (i = 0; i < STORE_CSV_COLUMNS; i++)
			cols[i] = (const char *)sqlite3_column_text(q.st, i);
		if (fn(arg, cols) != 0)
			break;
	}
	return sq_query_end(&q, why);
}

/*
 * check: SQLite's own integrity check; fn gets each line it reports
 * other than "ok".
 */
int
sq_integrity(struct store *base, int (*fn)(void *, const char *),
    void *arg, char **why)
{
	struct query q;
	const char *t;
	int status;

	if ((status = sq_query_start(&q, sq(base), "PRAGMA integrity_check",
	    why,
	    "")) != SR_OK)
		return status;
	while (sq_query_row(&q)) {
		t = (const char *)sqlite3_column_text(q.st, 0);
		if (t != NULL && strcmp(t, "ok") != 0 && fn(arg, t) != 0)
			break;
	}
	return sq_query_end(&q, why);
}

/* Every game's id, oldest first, into a malloc'd array. */
int
sq_game_ids(struct store *base, long long **ids, int *n, char **why)
{
	struct query q;
	int status;

	*ids = NULL;
	*n = 0;
	if ((status = sq_query_start(&q, sq(base), "SELECT id FROM games ORDER"
	    " BY id", why, "")) != SR_OK)
		return status;
	while (sq_query_row(&q)) {
		*ids = xreallocarray(*ids, (size_t)*n + 1, sizeof **ids);
		(*ids)[(*n)++] = sqlite3_column_int64(q.st, 0);
	}
	if ((status = sq_query_end(&q, why)) != SR_OK) {
		free(*ids);
		*ids = NULL;
		*n = 0;
	}
	return status;
}

/* check: game's seats: how many, and whether numbered 0..n-1. */
int
sq_seats_shape(struct store *base, long long game, int *n, int *numbered,
    char **why)
{
	struct query q;
	int status;

	*n = 0;
	*numbered = 1;
	if ((status = sq_query_start(&q, sq(base), "SELECT COUNT(*),"
	    " coalesce(MIN(seat), 0), coalesce(MAX(seat), -1) FROM seats"
	    " WHERE game_id = ?", why, "I", game)) != SR_OK)
		return status;
	if (sq_query_row(&q)) {
		*n = sqlite3_column_int(q.st, 0);
		*numbered = sqlite3_column_int64(q.st, 1) == 0 &&
		    sqlite3_column_int64(q.st, 2) == *n - 1;
	}
	return sq_query_end(&q, why);
}

/*
 * check: rows of entries, seats and snapshots whose game does not exist;
 * fn gets the table, the game id and the number of rows.  With drop,
 * such snapshots (a cache) are deleted.
 */
int
sq_orphans(struct store *base, int drop,
    int (*fn)(void *, const char *table, long long game, long rows),
    void *arg, char **why)
{
	struct sqlite_store *s = sq(base);
	struct query q;
	int status;

	if ((status = sq_query_start(&q, s, ORPHANS_SQL, why, "")) != SR_OK)
		return status;
	while (sq_query_row(&q))
		fn(arg, (const char *)sqlite3_column_text(q.st, 0),
		    sqlite3_column_int64(q.st, 1),
		    (long)sqlite3_column_int64(q.st, 2));
	if ((status = sq_query_end(&q, why)) != SR_OK || !drop)
		return status;
	return sq_exec(s, ORPHANS_DROP_SQL, why);
}

/* check: game's creation record and its seats' players; see store.h. */
int
sq_setup_record(struct store *base, long long game, struct store_game *rec,
    char **credited, char **why)
{
	struct query q;
	int status, seat;

	if ((status = sq_query_start(&q, sq(base), "SELECT rules, options,"
	    " title, created, uid, names FROM setups WHERE game_id = ?", why,
	    "I", game)) != SR_OK)
		return status;
	while (sq_query_row(&q)) {
		rec->id = game;
		rec->rules = sq_column_dup(q.st, 0);
		rec->options = sq_column_dup(q.st, 1);
		rec->title0 = sq_column_dup(q.st, 2);
		rec->created = sqlite3_column_int64(q.st, 3);
		rec->uid = sq_column_dup(q.st, 4);
		(void)store_names_decode((const char *)sqlite3_column_text(
		    q.st, 5), rec);
	}
	if ((status = sq_query_end(&q, why)) != SR_OK ||
	    (status = sq_query_start(&q, sq(base), "SELECT s.seat, p.name FROM"
	    " seats s LEFT JOIN players p ON p.id = s.player_id"
	    " WHERE s.game_id = ?", why, "I", game)) != SR_OK)
		return status;
	while (sq_query_row(&q))
		if ((seat = sqlite3_column_int(q.st, 0)) >= 0 &&
		    seat < GAME_MAX_PLAYERS && credited[seat] == NULL)
			credited[seat] = sq_column_dup(q.st, 1);
	return sq_query_end(&q, why);
}

/* The summary stored for game (store_summary's), n seats. */
int
sq_summary_load(struct store *base, long long game, int *finished,
    long *scores, int *won, int n, char **why)
{
	struct query q;
	int status, seat;

	*finished = 0;
	if ((status = sq_query_start(&q, sq(base), "SELECT g.finished, s.seat,"
	    " s.score, s.won FROM games g JOIN seats s ON s.game_id = g.id"
	    " WHERE g.id = ? ORDER BY s.seat", why, "I", game)) != SR_OK)
		return status;
	while (sq_query_row(&q)) {
		*finished = sqlite3_column_int(q.st, 0);
		seat = sqlite3_column_int(q.st, 1);
		if (seat >= 0 && seat < n) {
			scores[seat] = (long)sqlite3_column_int64(q.st, 2);
			won[seat] = sqlite3_column_int(q.st, 3);
		}
	}
	return sq_query_end(&q, why);
}

/*
 * check: each (player, rules) whose stored tally differs from the one the
 * games' summaries give; fn gets the player's name, the rules, and the
 * stored and the right numbers (played, won).
 */
int
sq_tallies_check(struct store *base,
    int (*fn)(void *, const char *name, const char *rules, long played,
    long won, long right_played, long right_won), void *arg, char **why)
{
	struct query q;
	int status;

	if ((status = sq_query_start(&q, sq(base),
	    TALLIES_CHECK_SQL, why, "")) != SR_OK)
		return status;
	while (sq_query_row(&q))
		if (fn(arg, (const char *)sqlite3_column_text(q.st, 0),
		    (const char *)sqlite3_column_text(q.st, 1),
		    (long)sqlite3_column_int64(q.st, 2),
		    (long)sqlite3_column_int64(q.st, 3),
		    (long)sqlite3_column_int64(q.st, 4),
		    (long)sqlite3_column_int64(q.st, 5)) != 0)
			break;
	return sq_query_end(&q, why);
}

/* Rebuild the tallies from the games' summaries (in a transaction). */
int
sq_tallies_rebuild(struct store *base, char **why)
{
	struct sqlite_store *s = sq(base);

	return sq_exec(s, "DELETE FROM tallies;"
	    "INSERT INTO tallies(player_id, rules, played, won) "
	    TALLIES_SQL ";", why);
}

/* 1 if store_open() migrated an older schema (its summaries to rebuild). */
int
sq_migrated(const struct store *base)
{
	const struct sqlite_store *s = csq(base);

	return s->migrated;
}

