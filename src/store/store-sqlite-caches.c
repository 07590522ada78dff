/*
 * store-sqlite-caches.c: the caches of the entries: snapshots, the undo
 * cache, the dice tally, history's notes; change notices (the SQLite
 * engine: store-sqlite.c; its own header store-sqlite.h).
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

/* store_fnv() of column i of st, its type and length first. */
static uint64_t
fnv_column(uint64_t h, sqlite3_stmt *st, int i)
{
	const void *p = sqlite3_column_blob(st, i);
	int n = sqlite3_column_bytes(st, i), t = sqlite3_column_type(st, i);

	h = store_fnv(h, &t, sizeof t);
	h = store_fnv(h, &n, sizeof n);
	return p != NULL ? store_fnv(h, p, (size_t)n) : h;
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
int
sq_snapshot_key(struct sqlite_store *s, long long game, const char *format,
    const void *state, size_t len, int *n, char key[17], char **why)
{
	struct query q;
	uint64_t h = STORE_FNV_START;
	int status, i;

	*n = 0;
	if ((status = sq_query_start(&q, s,
	    "SELECT n, player, verb, args, fact,"
	    " at FROM entries WHERE game_id = ? ORDER BY n DESC LIMIT 1", why,
	    "I", game)) != SR_OK)
		return status;
	if (sq_query_row(&q)) {
		*n = sqlite3_column_int(q.st, 0);
		for (i = 0; i < 6; i++)
			h = fnv_column(h, q.st, i);
	}
	if ((status = sq_query_end(&q, why)) != SR_OK)
		return status;
	h = store_fnv(h, format, strlen(format) + 1);
	h = store_fnv(h, state, len);
	snprintf(key, 17, "%016llx", (unsigned long long)h);
	return SR_OK;
}

/* Load game's snapshot; see store.h. */
int
sq_snapshot_get(struct store *base, long long game, const char *format,
    struct store_snapshot *sn, char **why)
{
	struct sqlite_store *s = sq(base);
	struct query q;
	const void *p;
	char key[17];
	int status, n;

	memset(sn, 0, sizeof *sn);
	sn->fit = STORE_SNAP_MISSING;
	if ((status = sq_query_start(&q, s, "SELECT n, format, key, state FROM"
	    " snapshots WHERE game_id = ?", why, "I", game)) != SR_OK)
		return status;
	if (sq_query_row(&q)) {
		sn->fit = STORE_SNAP_FORMAT;
		sn->n = sqlite3_column_int(q.st, 0);
		sn->format = sq_column_dup(q.st, 1);
		sn->key = sq_column_dup(q.st, 2);
		p = sqlite3_column_blob(q.st, 3);
		sn->len = (size_t)sqlite3_column_bytes(q.st, 3);
		sn->state = xmalloc(sn->len);
		if (p != NULL)
			memcpy(sn->state, p, sn->len);
	}
	if ((status = sq_query_end(&q, why)) != SR_OK) {
		store_snapshot_clear(sn);
		return status;
	}
	if (sn->fit == STORE_SNAP_MISSING || sn->format == NULL ||
	    strcmp(sn->format, format) != 0)
		return SR_OK;
	if ((status = sq_snapshot_key(s, game, format, sn->state, sn->len, &n,
	    key, why)) != SR_OK) {
		store_snapshot_clear(sn);
		return status;
	}
	store_snapshot_judge(sn, n, key);
	return SR_OK;
}

/* Store game's snapshot; see store.h. */
int
sq_snapshot_put(struct store *base, long long game, const char *format,
    const void *state, size_t len, char **why)
{
	struct sqlite_store *s = sq(base);
	char key[17];
	int status, n;

	if ((status = sq_snapshot_key(s, game, format, state, len, &n, key,
	    why)) != SR_OK)
		return status;
	return sq_query_exec(s, "INSERT OR REPLACE INTO snapshots(game_id, n,"
	    " format, key, state) VALUES (?, ?, ?, ?, ?)", why, "Iittb", game,
	    n, format, key, state, len);
}

/* Forget game's snapshot (its rules keep none). */
int
sq_snapshot_drop(struct store *base, long long game, char **why)
{
	return sq_query_exec(sq(base),
	    "DELETE FROM snapshots WHERE game_id = ?",
	    why, "I", game);
}

/*
 * The undo cache (migration 6 -> 7): the head says how deep the stacks
 * are; it counts only when written with the snapshot stored now, which
 * fits the game's entries now.
 */
int
sq_undo_head(struct store *base, long long game, const char *format,
    struct store_undo *u, char **why)
{
	struct sqlite_store *s = sq(base);
	struct store_snapshot sn;
	struct query q;
	int status;

	memset(u, 0, sizeof *u);
	if ((status = sq_snapshot_get(base, game, format, &sn, why)) != SR_OK)
		return status;
	if (sn.fit != STORE_SNAP_FITS) {
		store_snapshot_clear(&sn);
		return SR_OK;
	}
	status = sq_query_start(&q, s, "SELECT h.depth, h.nundone, (SELECT"
	    " COUNT(*) FROM undo_states WHERE game_id = h.game_id AND"
	    " kind = 1) FROM undo_heads h WHERE h.game_id = ? AND h.n = ?"
	    " AND h.key = ?", why, "Iit", game, sn.n, sn.key);
	if (status == SR_OK) {
		if (sq_query_row(&q)) {
			u->depth = sqlite3_column_int(q.st, 0);
			u->nundone = sqlite3_column_int(q.st, 1);
			u->kept_undone = sqlite3_column_int(q.st, 2);
			u->valid = u->depth >= 0 && u->nundone >= 0;
		}
		status = sq_query_end(&q, why);
	}
	store_snapshot_clear(&sn);
	return status;
}

/* One row of the undo cache; see store.h. */
int
sq_undo_get(struct store *base, long long game, int kind, int pos, int *n,
    void **state, size_t *len, char **why)
{
	struct query q;
	const void *p;
	int status;

	*n = 0;
	if (state != NULL) {
		*state = NULL;
		*len = 0;
	}
	if ((status = sq_query_start(&q, sq(base), "SELECT n, state FROM"
	    " undo_states WHERE game_id = ? AND kind = ? AND pos = ?", why,
	    "Iii", game, kind, pos)) != SR_OK)
		return status;
	if (sq_query_row(&q)) {
		*n = sqlite3_column_int(q.st, 0);
		p = sqlite3_column_blob(q.st, 1);
		if (state != NULL && p != NULL) {
			*len = (size_t)sqlite3_column_bytes(q.st, 1);
			*state = xmalloc(*len + 1);
			memcpy(*state, p, *len);
		}
	}
	if ((status = sq_query_end(&q, why)) != SR_OK && state != NULL) {
		free(*state);
		*state = NULL;
		*len = 0;
	}
	return status;
}

/* Entry n pushed at depth, the snapshot stored now before it; see store.h. */
int
sq_undo_push(struct store *base, long long game, int depth, int n, int keep,
    char **why)
{
	struct sqlite_store *s = sq(base);
	int status;

	if ((status = sq_query_exec(s, "INSERT OR REPLACE INTO undo_states("
	    "game_id, kind, pos, n, state) SELECT ?1, 0, ?2, ?3, state FROM"
	    " snapshots WHERE game_id = ?1", why, "Iii", game, depth, n)) !=
	    SR_OK)
		return status;
	return sq_query_exec(s, "DELETE FROM undo_states WHERE game_id = ?1 AND"
	    " kind = 0 AND pos <= ?2 - ?3", why, "Iii", game, depth, keep);
}

/* The entry in effect at depth undone, to the redo stack; see store.h. */
int
sq_undo_pop(struct store *base, long long game, int depth, int pos,
    char **why)
{
	struct sqlite_store *s = sq(base);
	int status;

	if ((status = sq_query_exec(s, "INSERT OR REPLACE INTO undo_states("
	    "game_id, kind, pos, n, state) SELECT ?1, 1, ?3, n, NULL FROM"
	    " undo_states WHERE game_id = ?1 AND kind = 0 AND pos = ?2", why,
	    "Iii", game, depth, pos)) != SR_OK)
		return status;
	return sq_query_exec(s, "DELETE FROM undo_states WHERE game_id = ?1 AND"
	    " kind = 0 AND pos = ?2", why, "Ii", game, depth);
}

/* Undone rows from pos up forgotten (0: all); see store.h. */
int
sq_undo_cut(struct store *base, long long game, int pos, char **why)
{
	return sq_query_exec(sq(base), "DELETE FROM undo_states WHERE"
	    " game_id = ?1 AND kind = 1 AND pos >= ?2", why, "Ii", game, pos);
}

/* Whether an undone entry kept is of verb; see store.h. */
int
sq_undo_has_verb(struct store *base, long long game, const char *verb,
    int *has, char **why)
{
	struct query q;
	int status;

	*has = 0;
	if ((status = sq_query_start(&q, sq(base), "SELECT 1 FROM undo_states u"
	    " JOIN entries e ON e.game_id = u.game_id AND e.n = u.n WHERE"
	    " u.game_id = ? AND u.kind = 1 AND e.verb = ? LIMIT 1", why, "It",
	    game, verb)) != SR_OK)
		return status;
	*has = sq_query_row(&q);
	if ((status = sq_query_end(&q, why)) != SR_OK)
		*has = 0;
	return status;
}

/* The head, with the snapshot stored now; see store.h. */
int
sq_undo_set(struct store *base, long long game, int depth, int nundone,
    char **why)
{
	return sq_query_exec(sq(base), "INSERT OR REPLACE INTO undo_heads("
	    "game_id, n, key, depth, nundone) SELECT ?1, n, key, ?2, ?3 FROM"
	    " snapshots WHERE game_id = ?1", why, "Iii", game, depth, nundone);
}

/* Forget game's undo cache; see store.h. */
int
sq_undo_drop(struct store *base, long long game, char **why)
{
	struct sqlite_store *s = sq(base);
	int status;

	if ((status = sq_query_exec(s,
	    "DELETE FROM undo_heads WHERE game_id = ?",
	    why, "I", game)) != SR_OK)
		return status;
	return sq_query_exec(s, "DELETE FROM undo_states WHERE game_id = ?",
	    why,
	    "I", game);
}

/* Store one row of the undo cache (a rebuild); see store.h. */
int
sq_undo_put(struct store *base, long long game, int kind, int pos, int n,
    const void *state, size_t len, char **why)
{
	return sq_query_exec(sq(base), "INSERT OR REPLACE INTO undo_states("
	    "game_id, kind, pos, n, state) VALUES (?, ?, ?, ?, ?)", why,
	    state != NULL ? "Iiiib" : "Iiii-", game, kind, pos, n, state, len);
}

/* Every row of game's undo cache; see store.h. */
int
sq_undo_rows(struct store *base, long long game,
    int (*fn)(void *, int kind, int pos, int n, const void *state,
    size_t len), void *arg, char **why)
{
	struct query q;
	const void *p;
	int status;

	if ((status = sq_query_start(&q, sq(base), "SELECT kind, pos, n, state"
	    " FROM undo_states WHERE game_id = ? ORDER BY kind, pos", why, "I",
	    game)) != SR_OK)
		return status;
	while (sq_query_row(&q)) {
		p = sqlite3_column_blob(q.st, 3);
		if (fn(arg, sqlite3_column_int(q.st, 0),
		    sqlite3_column_int(q.st, 1), sqlite3_column_int(q.st, 2), p,
		    (size_t)sqlite3_column_bytes(q.st, 3)) != 0)
			break;
	}
	return sq_query_end(&q, why);
}

/* Add count to one face's tally of game; see store.h. */
int
sq_dice_count(struct store *base, long long game, int seat, int kind,
    int face, long count, char **why)
{
	return sq_query_exec(sq(base), "INSERT INTO dice_tally(game_id, seat,"
	    " kind, face, count) VALUES (?, ?, ?, ?, ?) ON CONFLICT(game_id,"
	    " seat, kind, face) DO UPDATE SET count = count + excluded.count",
	    why, "IiiiI", game, seat, kind, face, (long long)count);
}

/* Forget game's tally; see store.h. */
int
sq_dice_drop(struct store *base, long long game, char **why)
{
	return sq_query_exec(sq(base),
	    "DELETE FROM dice_tally WHERE game_id = ?",
	    why, "I", game);
}

/* The tally's rows, of game (0: every game) ; see store.h. */
int
sq_dice_rows(struct store *base, long long game,
    int (*fn)(void *, long long game, int seat, int kind, int face,
    long count), void *arg, char **why)
{
	struct query q;
	int status;

	if ((status = sq_query_start(&q, sq(base), game != 0 ? "SELECT game_id,"
	    " seat, kind, face, count FROM dice_tally WHERE game_id = ? AND"
	    " count != 0 ORDER BY seat, kind, face" : "SELECT game_id, seat,"
	    " kind, face, count FROM dice_tally WHERE count != 0 ORDER BY"
	    " game_id", why, game != 0 ? "I" : "", game)) != SR_OK)
		return status;
	while (sq_query_row(&q))
		if (fn(arg, sqlite3_column_int64(q.st, 0),
		    sqlite3_column_int(q.st, 1), sqlite3_column_int(q.st, 2),
		    sqlite3_column_int(q.st, 3),
		    (long)sqlite3_column_int64(q.st, 4)) != 0)
			break;
	return sq_query_end(&q, why);
}

/* Store entry n's round, note and undone (history's cache); see store.h. */
int
sq_note_put(struct store *base, long long game, int n, int round,
    int undone, const char *note, char **why)
{
	return sq_query_exec(sq(base), "INSERT OR REPLACE INTO entry_notes("
	    "game_id, n, round, undone, note) VALUES (?, ?, ?, ?, ?)", why,
	    "Iiiit", game, n, round, undone, note != NULL ? note : "");
}

/* Entry n taken back (undone 1) or restored (0); see store.h. */
int
sq_note_undone(struct store *base, long long game, int n, int undone,
    char **why)
{
	return sq_query_exec(sq(base),
	    "UPDATE entry_notes SET undone = ?3 WHERE"
	    " game_id = ?1 AND n = ?2", why, "Iii", game, n, undone);
}

/* Forget game's notes; see store.h. */
int
sq_notes_drop(struct store *base, long long game, char **why)
{
	return sq_query_exec(sq(base), "DELETE FROM entry_notes WHERE"
	    " game_id = ?", why, "I", game);
}

/* Each of game's entries with its note to fn, while it has one; see store.h. */
int
sq_history_scan(struct store *base, long long id,
    int (*fn)(void *, const struct stored_entry *), void *arg, int *n,
    int *complete, char **why)
{
	struct sqlite_store *s = sq(base);

	return sq_entries_scan(s, id, 1, fn, arg, NULL, n, complete, why);
}

/* Every note row of game, for check; see store.h. */
int
sq_notes_rows(struct store *base, long long game,
    int (*fn)(void *, int n, int round, const char *note, int undone),
    void *arg, char **why)
{
	struct query q;
	int status;

	if ((status = sq_query_start(&q, sq(base),
	    "SELECT n, round, note, undone"
	    " FROM entry_notes WHERE game_id = ? ORDER BY n", why, "I",
	    game)) != SR_OK)
		return status;
	while (sq_query_row(&q))
		if (fn(arg, sqlite3_column_int(q.st, 0),
		    sqlite3_column_int(q.st, 1),
		    (const char *)sqlite3_column_text(q.st, 2),
		    sqlite3_column_int(q.st, 3)) != 0)
			break;
	return sq_query_end(&q, why);
}

/*
 * Change notices: the file itself, its WAL and journal, which notice.c
 * watches by the database's name; no descriptor of SQLite's own.
 */
int
sq_notice(struct store *base, const char **path, int *fd, char **why)
{
	(void)base;
	(void)why;
	*path = NULL;
	*fd = -1;
	return SR_OK;
}

/* Nothing is notified but through the file. */
int
sq_notice_take(struct store *base)
{
	(void)base;
	return 0;
}

/* A file has no connection to lose. */
int
sq_lost(const struct store *base)
{
	(void)base;
	return 0;
}

/* A file's commit is never in doubt: it returned, or it did not happen. */
int
sq_in_doubt(const struct store *base)
{
	(void)base;
	return 0;
}
