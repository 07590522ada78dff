/*
 * store-pg-caches.c: the caches of the entries: snapshots, the undo
 * cache, the dice tally, the coach's cache, history's notes (the
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
 * The key of a snapshot: a checksum of the game's last entry (each of
 * its six columns' text, v[i] NULL for a NULL, NULL and length first;
 * v NULL: no entry), the format and the state.  See store.c's
 * snapshot_key.
 */
void
pg_snapshot_key(const char *const *v, const char *format, const void *state,
    size_t len, char key[17])
{
	uint64_t h = STORE_FNV_START;
	int i, null, l;

	for (i = 0; v != NULL && i < 6; i++) {
		null = v[i] == NULL;
		l = null ? 0 : (int)strlen(v[i]);
		h = store_fnv(h, &null, sizeof null);
		h = store_fnv(h, &l, sizeof l);
		h = store_fnv(h, null ? "" : v[i], (size_t)l);
	}
	h = store_fnv(h, format, strlen(format) + 1);
	h = store_fnv(h, state, len);
	snprintf(key, 17, "%016llx", (unsigned long long)h);
}

/*
 * The last entry's columns (ENTRY_COLUMNS) at columns c.. of row 0 of
 * res into v, for pg_snapshot_key(), and its number; 0 and v untouched if
 * there is none.
 */
static int
last_entry(struct pgstore *s, PGresult *res, int c, const char *v[6])
{
	int i;

	if (s->pq.ntuples(res) == 0 || s->pq.getisnull(res, 0, c))
		return 0;
	for (i = 0; i < 6; i++)
		v[i] = pg_val(s, res, 0, c + i);
	return (int)pg_num(s, res, 0, c);
}

/*
 * Game's read ahead into s->pre, pre_last and pre_redo: read by the
 * game's load in this transaction, or read now (one round trip).
 */
static int
snap_row(struct pgstore *s, long long game, char **why)
{
	PGresult *r[3];
	int status;

	if (s->pre != NULL && s->pre_game == game)
		return SR_OK;
	if ((status = pg_lock_game(s, game, why)) != SR_OK)
		return status;
	pg_pre_send(s, game, r);
	status = pg_sync_take(s, NULL, why);
	pg_pre_keep(s, game, r, status == SR_OK);
	return status;
}

/* Load game's snapshot and whether it fits; see store.h. */
int
pg_snapshot_get(struct store *st, long long game, const char *format,
    struct store_snapshot *sn, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	const char *v[6];
	PGresult *res;
	char key[17];
	int status, n;

	memset(sn, 0, sizeof *sn);
	/* One round trip, or none: the snapshot, the last entry beside it. */
	if ((status = snap_row(s, game, why)) != SR_OK)
		return status;
	res = s->pre;
	if (s->pq.ntuples(res) == 0 || s->pq.getisnull(res, 0, 1)) {
		sn->fit = STORE_SNAP_MISSING;
		return SR_OK;
	}
	sn->n = (int)pg_num(s, res, 0, 0);
	sn->format = pg_text_dup(s, res, 0, 1);
	sn->key = pg_text_dup(s, res, 0, 2);
	sn->state = pg_blob(s, res, 0, 3, &sn->len);
	if (sn->state == NULL)
		sn->state = xmalloc(1);
	if (strcmp(sn->format, format) != 0) {
		sn->fit = STORE_SNAP_FORMAT;
		return SR_OK;
	}
	n = last_entry(s, s->pre_last, 0, v);
	pg_snapshot_key(n > 0 ? v : NULL, format, sn->state, sn->len, key);
	store_snapshot_judge(sn, n, key);
	return SR_OK;
}

/*
 * Store game's snapshot of its entries now; see store.h.  The last
 * entry is the one appended in this transaction, if one was (its
 * columns' text as sent), else read.
 */
int
pg_snapshot_put(struct store *st, long long game, const char *format,
    const void *state, size_t len, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	const char *v[6];
	PGresult *res = NULL;
	char key[17];
	int status, i, n, first;

	if (s->app_game == game && game != 0) {
		for (i = 0; i < 6; i++)
			v[i] = s->app[i];
		n = (int)strtol(s->app[0], NULL, 10);
	} else if ((status = pg_lock_game(s, game, why)) != SR_OK ||
	    (status = pg_q(s, &res, why, LAST_ENTRY_SQL, "I", game)) != SR_OK)
		return status;
	else
		n = last_entry(s, res, 0, v);
	pg_snapshot_key(n > 0 ? v : NULL, format, state, len, key);
	if (res != NULL)
		s->pq.clear(res);
	/*
	 * The undo head in the row is the old snapshot's: kept if same.
	 * The row's xmin, this transaction's, and its key are the token
	 * of the table's copy of the game (pg_commit), read with COMMIT:
	 * of a transaction's first snapshot only (another: no token).
	 */
	first = s->snapped == 0;
	s->snapped = first ? game : -1;
	pg_send_q(s, first ? &s->snap_res : NULL,
	    "INSERT INTO snapshots(game_id, n, format, key,"
	    " state) VALUES ($1, $2, $3, $4, $5) ON CONFLICT(game_id) DO"
	    " UPDATE SET n = excluded.n, format = excluded.format,"
	    " key = excluded.key, state = excluded.state,"
	    " depth = CASE WHEN snapshots.n = excluded.n AND"
	    " snapshots.key = excluded.key THEN snapshots.depth END,"
	    " nundone = CASE WHEN snapshots.n = excluded.n AND"
	    " snapshots.key = excluded.key THEN snapshots.nundone END"
	    " RETURNING xmin::text || '.' || key",
	    "Iittb", game, n, format, key, state, len);
	return pg_sent(s, why);
}

/* Run sql with a game id and up to two ints ($1, $2, $3), game locked. */
static int
exec_gii(struct pgstore *s, const char *sql, const char *types,
    long long game, int a, int b, char **why)
{
	int status;

	if ((status = pg_lock_game(s, game, why)) != SR_OK)
		return status;
	return pg_q(s, NULL, why, sql, types, game, a, b);
}

/* Forget game's snapshot. */
int
pg_snapshot_drop(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	s->snapped = s->snapped == 0 ? game : -1;
	return exec_gii(s, "DELETE FROM snapshots WHERE game_id = $1", "I",
	    game, 0, 0, why);
}

/*
 * The undo head's depth and nundone at columns c and c + 1 of row r,
 * and how many undone entries are kept.
 */
static void
undo_row(struct pgstore *s, PGresult *res, int r, int c, int kept,
    struct store_undo *u)
{
	u->depth = (int)pg_num(s, res, r, c);
	u->nundone = (int)pg_num(s, res, r, c + 1);
	u->kept_undone = kept;
	u->valid = u->depth >= 0 && u->nundone >= 0;
}

/* The undo cache's head, counted only with the snapshot stored now. */
int
pg_undo_head(struct store *st, long long game, const char *format,
    struct store_undo *u, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	struct store_snapshot sn;
	PGresult *res;
	int status, fit;

	memset(u, 0, sizeof *u);
	if ((status = pg_snapshot_get(&s->base, game, format, &sn, why)) !=
	    SR_OK)
		return status;
	fit = sn.fit;
	/* In a write, read with the snapshot: still s->pre. */
	res = s->pre;
	if (fit != STORE_SNAP_FITS || res == NULL || s->pre_game != game) {
		store_snapshot_clear(&sn);
		return SR_OK;
	}
	if (s->pre_redo == NULL) {
		status = pg_q(s, &res, why, "SELECT h.depth, h.nundone, (SELECT"
		    " count(*) FROM undo_states WHERE game_id = h.game_id AND"
		    " kind = 1) FROM snapshots h WHERE h.game_id = $1 AND"
		    " h.n = $2 AND h.key = $3 AND h.depth IS NOT NULL", "Iit",
		    game, sn.n, sn.key);
		store_snapshot_clear(&sn);
		if (status != SR_OK)
			return status;
		if (s->pq.ntuples(res) > 0)
			undo_row(s, res, 0, 0, (int)pg_num(s, res, 0, 2), u);
		s->pq.clear(res);
		return SR_OK;
	}
	store_snapshot_clear(&sn);
	if (!s->pq.getisnull(res, 0, 4))
		undo_row(s, res, 0, 4, s->pq.ntuples(s->pre_redo), u);
	return SR_OK;
}

/* One row of the undo cache. */
int
pg_undo_get(struct store *st, long long game, int kind, int pos,
    int *n, void **state, size_t *len, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	*n = 0;
	if (state != NULL) {
		*state = NULL;
		*len = 0;
	}
	/*
	 * Its entry read with it, kept for the pg_entry_load() that follows
	 * (cache.c): one round trip for the two.
	 */
	if ((status = pg_lock_game(s, game, why)) != SR_OK ||
	    (status = pg_q(s, &res, why, "SELECT u.n, u.state, "
	    ENTRY_COLUMNS " FROM undo_states u LEFT JOIN entries e"
	    " ON e.game_id = u.game_id AND e.n = u.n WHERE u.game_id = $1"
	    " AND u.kind = $2 AND u.pos = $3", "Iii", game, kind, pos)) !=
	    SR_OK)
		return status;
	if (s->pq.ntuples(res) == 0) {
		s->pq.clear(res);
		return SR_OK;
	}
	*n = (int)pg_num(s, res, 0, 0);
	if (state != NULL)
		*state = pg_blob(s, res, 0, 1, len);
	if (*n > 0 && !s->pq.getisnull(res, 0, 2)) {
		s->pre_entry = res;
		s->pre_entry_game = game;
		s->pre_entry_n = *n;
	} else
		s->pq.clear(res);
	return SR_OK;
}

/* Entry n pushed at depth, the snapshot stored now before it. */
int
pg_undo_push(struct store *st, long long game, int depth, int n,
    int keep, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = exec_gii(s, "INSERT INTO undo_states(game_id, kind, pos,"
	    " n, state) SELECT $1::bigint, 0, $2::integer, $3::integer, state"
	    " FROM snapshots"
	    " WHERE game_id = $1 ON CONFLICT(game_id, kind, pos) DO UPDATE"
	    " SET n = excluded.n, state = excluded.state", "Iii", game, depth,
	    n, why)) != SR_OK)
		return status;
	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = $1 AND"
	    " kind = 0 AND pos <= $2::integer - $3::integer", "Iii", game,
	    depth, keep, why);
}

/* The entry in effect at depth undone, to the redo stack at pos. */
int
pg_undo_pop(struct store *st, long long game, int depth, int pos,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = exec_gii(s, "INSERT INTO undo_states(game_id, kind, pos,"
	    " n, state) SELECT $1::bigint, 1, $3::integer, n, NULL"
	    " FROM undo_states"
	    " WHERE game_id = $1 AND kind = 0 AND pos = $2"
	    " ON CONFLICT(game_id, kind, pos) DO UPDATE SET n = excluded.n,"
	    " state = excluded.state", "Iii", game, depth, pos, why)) != SR_OK)
		return status;
	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = $1 AND"
	    " kind = 0 AND pos = $2", "Ii", game, depth, 0, why);
}

/* Undone rows from pos up forgotten. */
int
pg_undo_cut(struct store *st, long long game, int pos, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = $1 AND"
	    " kind = 1 AND pos >= $2", "Ii", game, pos, 0, why);
}

/* Whether an undone entry kept is of verb. */
int
pg_undo_has_verb(struct store *st, long long game, const char *verb,
    int *has, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	*has = 0;
	if ((status = pg_lock_game(s, game, why)) != SR_OK ||
	    (status = pg_q(s, &res, why, "SELECT 1 FROM undo_states u JOIN"
	    " entries e ON e.game_id = u.game_id AND e.n = u.n"
	    " WHERE u.game_id = $1 AND u.kind = 1 AND e.verb = $2 LIMIT 1",
	    "It", game, verb)) != SR_OK)
		return status;
	*has = s->pq.ntuples(res) > 0;
	s->pq.clear(res);
	return SR_OK;
}

/* The head, with the snapshot stored now. */
int
pg_undo_set(struct store *st, long long game, int depth,
    int nundone, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "UPDATE snapshots SET depth = $2, nundone = $3"
	    " WHERE game_id = $1", "Iii", game, depth, nundone, why);
}

/* Forget game's undo cache. */
int
pg_undo_drop(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = exec_gii(s, "UPDATE snapshots SET depth = NULL,"
	    " nundone = NULL WHERE game_id = $1", "I", game, 0, 0,
	    why)) != SR_OK)
		return status;
	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = $1", "I",
	    game, 0, 0, why);
}

/* Store one row of the undo cache (a rebuild). */
int
pg_undo_put(struct store *st, long long game, int kind, int pos,
    int n, const void *state, size_t len, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = pg_lock_game(s, game, why)) != SR_OK)
		return status;
	return pg_q(s, NULL, why,
	    "INSERT INTO undo_states(game_id, kind, pos, n,"
	    " state) VALUES ($1, $2, $3, $4, $5) ON CONFLICT(game_id, kind,"
	    " pos) DO UPDATE SET n = excluded.n, state = excluded.state",
	    state != NULL ? "Iiiib" : "Iiii-", game, kind, pos, n, state, len);
}

/* Every row of game's undo cache. */
int
pg_undo_rows(struct store *st, long long game,
    int (*fn)(void *, int, int, int, const void *, size_t), void *arg,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	void *p;
	size_t len;
	int status, rows, r, stop = 0;

	if ((status = pg_lock_game(s, game, why)) != SR_OK ||
	    (status = pg_q(s, &res, why, "SELECT kind, pos, n, state FROM"
	    " undo_states WHERE game_id = $1 ORDER BY kind, pos", "I",
	    game)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows && !stop; r++) {
		p = pg_blob(s, res, r, 3, &len);
		stop = fn(arg, (int)pg_num(s, res, r, 0), (int)pg_num(s, res, r,
		    1),
		    (int)pg_num(s, res, r, 2), p, len) != 0;
		free(p);
	}
	s->pq.clear(res);
	return SR_OK;
}

/* Add count to one face's tally of game. */
int
pg_dice_count(struct store *st, long long game, int seat, int kind,
    int face, long count, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = pg_lock_game(s, game, why)) != SR_OK)
		return status;
	return pg_q(s, NULL, why, "INSERT INTO dice_tally(game_id, seat, kind,"
	    " face, count) VALUES ($1, $2, $3, $4, $5) ON CONFLICT(game_id,"
	    " seat, kind, face) DO UPDATE SET count = dice_tally.count +"
	    " excluded.count", "IiiiI", game, seat, kind, face,
	    (long long)count);
}

/* Forget game's tally. */
int
pg_dice_drop(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "DELETE FROM dice_tally WHERE game_id = $1", "I",
	    game, 0, 0, why);
}

/* The tally's rows, of game (0: every game). */
int
pg_dice_rows(struct store *st, long long game,
    int (*fn)(void *, long long, int, int, int, long), void *arg,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r;

	if ((status = game != 0 ? pg_lock_game(s, game,
	    why) : SR_OK) != SR_OK ||
	    (status = game != 0 ? pg_q(s, &res, why,
	    "SELECT game_id, seat, kind,"
	    " face, count FROM dice_tally WHERE game_id = $1 AND count <> 0"
	    " ORDER BY seat, kind, face", "I", game) : pg_q(s, &res, why,
	    "SELECT game_id, seat, kind, face, count FROM dice_tally"
	    " WHERE count <> 0 ORDER BY game_id, seat, kind, face", "")) !=
	    SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++)
		if (fn(arg, pg_num(s, res, r, 0), (int)pg_num(s, res, r, 1),
		    (int)pg_num(s, res, r, 2), (int)pg_num(s, res, r, 3),
		    (long)pg_num(s, res, r, 4)) != 0)
			break;
	s->pq.clear(res);
	return SR_OK;
}

/* Store a row of game's coach cache. */
int
pg_coach_put(struct store *st, long long game, int n, int seat, int basis,
    long decisions, long long error, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = pg_lock_game(s, game, why)) != SR_OK)
		return status;
	return pg_q(s, NULL, why,
	    "INSERT INTO coach_tally(game_id, seat, basis,"
	    " n, decisions, error) VALUES ($1, $2, $3, $4, $5, $6)"
	    " ON CONFLICT(game_id, seat, basis) DO UPDATE SET n = excluded.n,"
	    " decisions = excluded.decisions, error = excluded.error",
	    "IiiiII", game, seat, basis, n, (long long)decisions, error);
}

/* Forget game's coach cache. */
int
pg_coach_drop(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "DELETE FROM coach_tally WHERE game_id = $1", "I",
	    game, 0, 0, why);
}

/* The coach cache's rows, of game (0: every game, by game). */
int
pg_coach_rows(struct store *st, long long game,
    int (*fn)(void *, const struct store_coach *), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	struct store_coach c;
	PGresult *res;
	int status, rows, r;

	if ((status = game != 0 ? pg_q(s, &res, why, "SELECT game_id, n, seat,"
	    " basis, decisions, error FROM coach_tally WHERE game_id = $1"
	    " ORDER BY seat, basis", "I", game) : pg_q(s, &res, why,
	    "SELECT game_id, n, seat, basis, decisions, error FROM"
	    " coach_tally ORDER BY game_id, seat, basis", "")) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++) {
		c.game = pg_num(s, res, r, 0);
		c.n = (int)pg_num(s, res, r, 1);
		c.seat = (int)pg_num(s, res, r, 2);
		c.basis = (int)pg_num(s, res, r, 3);
		c.decisions = (long)pg_num(s, res, r, 4);
		c.error = pg_num(s, res, r, 5);
		if (fn(arg, &c) != 0)
			break;
	}
	s->pq.clear(res);
	return SR_OK;
}

/* Store entry n's round, note and undone (history's cache). */
int
pg_note_put(struct store *st, long long game, int n, int round,
    int undone, const char *note, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = pg_lock_game(s, game, why)) != SR_OK)
		return status;
	return pg_q(s, NULL, why, "INSERT INTO entry_notes(game_id, n, round,"
	    " undone, note) VALUES ($1, $2, $3, $4, $5) ON CONFLICT(game_id, n)"
	    " DO UPDATE SET round = excluded.round, undone = excluded.undone,"
	    " note = excluded.note", "Iiiit", game, n, round, undone,
	    note != NULL ? note : "");
}

/* Entry n taken back (undone 1) or restored (0). */
int
pg_note_undone(struct store *st, long long game, int n, int undone,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "UPDATE entry_notes SET undone = $3 WHERE"
	    " game_id = $1 AND n = $2", "Iii", game, n, undone, why);
}

/* Forget game's notes. */
int
pg_notes_drop(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "DELETE FROM entry_notes WHERE game_id = $1", "I",
	    game, 0, 0, why);
}

/* Every note row of game, for check. */
int
pg_notes_rows(struct store *st, long long game,
    int (*fn)(void *, int, int, const char *, int), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r;

	if ((status = pg_lock_game(s, game, why)) != SR_OK ||
	    (status = pg_q(s, &res, why, "SELECT n, round, note, undone FROM"
	    " entry_notes WHERE game_id = $1 ORDER BY n", "I", game)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++)
		if (fn(arg, (int)pg_num(s, res, r, 0), (int)pg_num(s, res, r,
		    1),
		    pg_val(s, res, r, 2), (int)pg_num(s, res, r, 3)) != 0)
			break;
	s->pq.clear(res);
	return SR_OK;
}
