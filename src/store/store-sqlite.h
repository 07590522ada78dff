/*
 * store-sqlite.h: the SQLite engine's own header, for its files alone
 * (src/store/store-sqlite*.c), the only ones that include sqlite3.h.
 * Layered, no file calling back into one that calls it (layers.sh):
 * store-sqlite.c (open, transactions, the current game, the engine's
 * table) over -schema.c (migrations), -games.c (games and entries),
 * -check.c (what check and export read) and -caches.c (snapshots, undo
 * cache, dice tally, notes), all over -db.c (the one query helper).
 */
#ifndef SHAKEREF_STORE_SQLITE_H
#define SHAKEREF_STORE_SQLITE_H

#include <stddef.h>

#include <sqlite3.h>

#include "paths.h"
#include "store-engine.h"

/* Statements a store keeps prepared. */
#define STORE_KEPT	48

struct sqlite_store {
	struct store	 base;	/* first: see store-engine.h */
	sqlite3	*db;
	char	*path;
	int	 migrated;	/* an older schema was migrated at open */
	int	 wal_known;	/* the WAL's folder entry seen to be durable */
	/*
	 * Statements kept once prepared (sq_prepare() and sq_finish()),
	 * by their SQL text: preparing is most of what a row costs an
	 * import of thousands of games (the triggers are compiled into
	 * each).
	 */
	struct kept {
		const char	*sql;
		sqlite3_stmt	*st;
		int		 busy;
	}	 kept[STORE_KEPT];
};

/* The SQLite store of a store (its base: see store-engine.h). */
static inline struct sqlite_store *
sq(struct store *base)
{
	return (struct sqlite_store *)base;
}

/* sq() of a const store. */
static inline const struct sqlite_store *
csq(const struct store *base)
{
	return (const struct sqlite_store *)base;
}

/* WAL pages after which a commit checkpoints them into the database. */
#define STORE_WAL_PAGES	64
/*
 * Statement journals (a statement's undo inside a longer transaction:
 * every row of an import, with its triggers) kept in memory up to this
 * many bytes (SQLite's default: 64 KB).  Past it SQLite moves it to
 * a temporary file for the rest of the transaction: an import of 5 MB
 * wrote 97,000 pages there.  A bound per statement, not per file.
 */
#define STORE_STMTJRNL	(1024 * 1024)
/* How long a command waits for another one's lock. */
#define STORE_BUSY_MS	5000

/*
 * A query: every statement of the engine runs through sq_query_start(),
 * sq_query_row() and sq_query_end(), or sq_query_exec(), which check each code
 * SQLite returns, so that no caller prepares, binds, steps or finalizes
 * a statement of its own.
 */
struct query {
	struct sqlite_store	*s;
	sqlite3_stmt		*st;	/* its row, while sq_query_row() is 1 */
	int			 rc;	/* the last step's code */
};

int	sq_snapshot_key(struct sqlite_store *s, long long game,
    const char *format,
    const void *state, size_t len, int *n, char key[17], char **why);
int	sq_snapshot_get(struct store *base, long long game, const char *format,
    struct store_snapshot *sn, char **why);
int	sq_snapshot_put(struct store *base, long long game, const char *format,
    const void *state, size_t len, char **why);
int	sq_snapshot_drop(struct store *base, long long game, char **why);
int	sq_undo_head(struct store *base, long long game, const char *format,
    struct store_undo *u, char **why);
int	sq_undo_get(struct store *base, long long game, int kind, int pos,
    int *n,
    void **state, size_t *len, char **why);
int	sq_undo_push(struct store *base, long long game, int depth, int n,
    int keep,
    char **why);
int	sq_undo_pop(struct store *base, long long game, int depth, int pos,
    char **why);
int	sq_undo_cut(struct store *base, long long game, int pos, char **why);
int	sq_undo_has_verb(struct store *base, long long game, const char *verb,
    int *has, char **why);
int	sq_undo_set(struct store *base, long long game, int depth, int nundone,
    char **why);
int	sq_undo_drop(struct store *base, long long game, char **why);
int	sq_undo_put(struct store *base, long long game, int kind, int pos,
    int n,
    const void *state, size_t len, char **why);
int	sq_undo_rows(struct store *base, long long game,
    int (*fn)(void *, int kind, int pos, int n, const void *state,
    size_t len), void *arg, char **why);
int	sq_dice_count(struct store *base, long long game, int seat, int kind,
    int face, long count, char **why);
int	sq_dice_drop(struct store *base, long long game, char **why);
int	sq_dice_rows(struct store *base, long long game,
    int (*fn)(void *, long long game, int seat, int kind, int face,
    long count), void *arg, char **why);
int	sq_note_put(struct store *base, long long game, int n, int round,
    int undone, const char *note, char **why);
int	sq_note_undone(struct store *base, long long game, int n, int undone,
    char **why);
int	sq_notes_drop(struct store *base, long long game, char **why);
int	sq_history_scan(struct store *base, long long id,
    int (*fn)(void *, const struct stored_entry *), void *arg, int *n,
    int *complete, char **why);
int	sq_notes_rows(struct store *base, long long game,
    int (*fn)(void *, int n, int round, const char *note, int undone),
    void *arg, char **why);
int	sq_notice(struct store *base, const char **path, int *fd, char **why);
int	sq_notice_take(struct store *base);
int	sq_lost(const struct store *base);
int	sq_in_doubt(const struct store *base);
int	sq_coach_put(struct store *base, long long game, int n, int seat,
    int basis,
    long decisions, long long error, char **why);
int	sq_coach_drop(struct store *base, long long game, char **why);
int	sq_coach_rows(struct store *base, long long game,
    int (*fn)(void *, const struct store_coach *), void *arg, char **why);
int	sq_export_json(struct store *base, long long id,
    int (*fn)(void *, const char *), void *arg, char **why);
int	sq_export_rows(struct store *base, long long id,
    int (*fn)(void *, const char *const *), void *arg, char **why);
int	sq_integrity(struct store *base, int (*fn)(void *, const char *),
    void *arg, char **why);
int	sq_game_ids(struct store *base, long long **ids, int *n, char **why);
int	sq_seats_shape(struct store *base, long long game, int *n,
    int *numbered,
    char **why);
int	sq_orphans(struct store *base, int drop,
    int (*fn)(void *, const char *table, long long game, long rows),
    void *arg, char **why);
int	sq_setup_record(struct store *base, long long game,
    struct store_game *rec,
    char **credited, char **why);
int	sq_summary_load(struct store *base, long long game, int *finished,
    long *scores, int *won, int n, char **why);
int	sq_tallies_check(struct store *base,
    int (*fn)(void *, const char *name, const char *rules, long played,
    long won, long right_played, long right_won), void *arg, char **why);
int	sq_tallies_rebuild(struct store *base, char **why);
int	sq_migrated(const struct store *base);
int	sq_fail_db(struct sqlite_store *s, char **why);
int	sq_make_parents(const char *path, char **why);
int	sq_exec(struct sqlite_store *s, const char *sql, char **why);
void	sq_roll_back(struct sqlite_store *s);
int	sq_prepare(struct sqlite_store *s, const char *sql, sqlite3_stmt **st,
    char **why);
void	sq_finish(struct sqlite_store *s, sqlite3_stmt *st);
int	sq_query_start(struct query *q, struct sqlite_store *s, const char *sql,
    char **why, const char *types, ...);
int	sq_query_row(struct query *q);
int	sq_query_end(struct query *q, char **why);
int	sq_query_exec(struct sqlite_store *s, const char *sql, char **why,
    const char *types, ...);
char *	sq_column_dup(sqlite3_stmt *st, int i);
int	sq_game_load(struct store *base, long long id, struct store_game *g,
    char **why);
int	sq_entry_load(struct store *base, long long id, int n,
    struct stored_entry *se, char **why);
int	sq_entries_scan(struct sqlite_store *s, long long id, int notes,
    int (*fn)(void *, const struct stored_entry *), void *arg,
    struct stored_entry **ep, int *np, int *complete, char **why);
int	sq_entries_load(struct store *base, long long id,
    struct stored_entry **ep,
    int *np, char **why);
int	sq_last_n(struct store *base, long long id, int *n, char **why);
int	sq_player_id(struct sqlite_store *s, const char *name, long long *id,
    char **why);
int	sq_game_create(struct store *base, struct store_game *g, char **why);
int	sq_entry_append(struct store *base, long long game,
    const struct stored_entry *se, char **why);
int	sq_game_by_uid(struct store *base, const char *uid, long long *id,
    char **why);
int	sq_game_names(struct store *base, long long game,
    const char *const *names,
    int n, const char *title, char **why);
int	sq_summary(struct store *base, long long game, int finished,
    const long *scores, const int *winners, int n, char **why);
int	sq_games(struct store *base, int all,
    int (*fn)(void *, const struct store_game *, long), void *arg,
    char **why);
int	sq_tallies(struct store *base, int (*fn)(void *,
    const struct store_tally *),
    void *arg, char **why);
int	sq_results(struct store *base, const char *rules,
    int (*fn)(void *, const struct store_result *), void *arg, char **why);
int	sq_schema_version(struct sqlite_store *s, int *version, char **why);
int	sq_check_version(struct sqlite_store *s, int version, char **why);
int	sq_migrate(struct sqlite_store *s, int version, char **why);

#endif
