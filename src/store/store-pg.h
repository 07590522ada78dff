/*
 * store-pg.h: the league engine's own header, for its files alone
 * (src/store/store-pg*.c), the only ones that include libpq-fe.h.
 * Layered, no file calling back into one that calls it (layers.sh):
 * store-pg.c (open, transactions, the current game, change notices,
 * the engine's table) over -games.c (games and entries, their locks),
 * -check.c (what check and export read) and -caches.c (snapshots, undo
 * cache, dice tally, coach, notes), all over -db.c (statements through
 * libpq's pipeline mode, the schema judged), over -conn.c (libpq
 * loaded, the URI, the client's files); -schema.c holds the migrations.
 */
#ifndef SHAKEREF_STORE_PG_H
#define SHAKEREF_STORE_PG_H

#include <stdarg.h>
#include <stddef.h>

#include <libpq-fe.h>

#include "buf.h"
#include "notice.h"
#include "paths.h"
#include "status.h"
#include "store-engine.h"

#ifndef LIBPQ_SONAME
#define LIBPQ_SONAME	"libpq.so.5"

#endif

/* The advisory lock (two keys) around players and tallies. */
#define STORE_PG_CATALOG	"1397245010, 1"
/* How long a command waits for another one's lock (SQLite's busy time). */
#define PG_LOCK_MS	"5000"
/*
 * How long a command waits for the server (README "Club league"): the
 * connection (libpq's connect_timeout), then each answer, that time
 * plus PG_LOCK_MS (a lock waited for is not a silent server).  The
 * URI's connect_timeout, else PGCONNECT_TIMEOUT, else this; 0 waits
 * for ever, as libpq's.
 */
#define PG_TIMEOUT	10
/* Games a write transaction remembers having locked. */
#define PG_LOCKED	16
/* The schema's version. */
#define SCHEMA_SQL	"SELECT value FROM meta WHERE key = 'schema'"
/*
 * The same, asked with a command's first statements when the table saw
 * the league at version $1 last (pg_open): a failure (22P02) if it is at
 * another now, so that the server skips the rest up to the sync, a
 * COMMIT among it too, and pg_schema_judge() looks again.
 */
#define SCHEMA_NOW_SQL	"SELECT CASE WHEN value = $1 THEN value ELSE" \
	" ('schema ' || value)::integer::text END FROM meta" \
	" WHERE key = 'schema'"

/*
 * The column of games only this version has (migration 5 -> 6 makes
 * it, each later one renames it): a game's first read names it
 * (GAME_SQL) instead of reading meta; a league at another version
 * fails it (42703: undefined column, or 42P01 without games) and
 * pg_schema_judge() looks at meta then.  Its name says the version.
 */
#define SCHEMA_MARK	"schema6"

/* The libpq functions the engine calls, looked up once per store. */
struct pq {
	void		*dl;
	PGconn		*(*connectdb_params)(const char *const *,
			    const char *const *, int);
	ConnStatusType	 (*status)(const PGconn *);
	char		*(*error_message)(const PGconn *);
	void		 (*finish)(PGconn *);
	int		 (*send_query)(PGconn *, const char *);
	int		 (*send_query_params)(PGconn *, const char *, int,
			    const Oid *, const char *const *, const int *,
			    const int *, int);
	PGresult	*(*get_result)(PGconn *);
	int		 (*is_busy)(PGconn *);
	ExecStatusType	 (*result_status)(const PGresult *);
	char		*(*result_error_field)(const PGresult *, int);
	void		 (*clear)(PGresult *);
	int		 (*ntuples)(const PGresult *);
	char		*(*getvalue)(const PGresult *, int, int);
	int		 (*getisnull)(const PGresult *, int, int);
	int		 (*getlength)(const PGresult *, int, int);
	char		*(*cmd_status)(PGresult *);
	unsigned char	*(*unescape_bytea)(const unsigned char *,
			    size_t *);
	void		 (*freemem)(void *);
	PQnoticeProcessor (*set_notice_processor)(PGconn *, PQnoticeProcessor,
			    void *);
	PQconninfoOption *(*conninfo_parse)(const char *, char **);
	PQconninfoOption *(*conndefaults)(void);
	void		 (*conninfo_free)(PQconninfoOption *);
	PGTransactionStatusType (*transaction_status)(const PGconn *);
	int		 (*socket)(const PGconn *);
	int		 (*consume_input)(PGconn *);
	PGnotify	*(*notifies)(PGconn *);
	const char	*(*parameter_status)(const PGconn *, const char *);
	/* Pipeline mode (libpq 14): NULL in an older libpq, never used. */
	int		 (*enter_pipeline)(PGconn *);
	int		 (*exit_pipeline)(PGconn *);
	int		 (*pipeline_sync)(PGconn *);
};

/*
 * A result the pipeline owes: a statement's (its rows to *dst, or only
 * checked) or a sync point's.  Quiet: sent before a rollback, its
 * failure is nobody's.
 */
struct owed {
	PGresult	**dst;
	char		 sync;
	char		 quiet;
	char		 schema;	/* the version read at open (2: */
					/* a read naming SCHEMA_MARK) */
};

/*
 * The token of a table's copy of a game (store-pg-kept.c): its snapshot
 * row's xmin and key as the write it was kept from left them,
 * "XMIN.KEY" (at most 10 digits, a dot, 16 hex digits).
 */
#define PG_TOKEN	32

/* Results the pipeline may owe before it is synced and read. */
#define PG_OWED		64

struct pgstore {
	struct store	 base;		/* first: store.c reads it */
	struct pq	 pq;
	PGconn		*conn;
	char		*uri;		/* as given: names the current */
	char		*name;		/* no credentials: for messages */
	char		*client;	/* the client's state folder */
	int		 write;		/* in a write transaction */
	int		 migrated;
	int		 nlocked;	/* games locked in this one */
	unsigned	 nlocks;	/* games locked: the next slot */
	long long	 locked[PG_LOCKED];
	int		 catalog;	/* STORE_PG_CATALOG held */
	long long	 notified;	/* the game notified last in this one */
	int		 nowait;	/* the next game's lock not waited for */
	int		 busy;		/* it was another's */
	int		 creating;	/* schema made, transaction open */
	int		 has_current;	/* current game set in it */
	long long	 current;	/* that game */
	int		 listening;	/* LISTEN shakeref sent */
	char		*notice_path;	/* store_notice()'s file */
	int		 pipe;		/* in libpq's pipeline mode */
	int		 intx;		/* BEGIN sent, no COMMIT or ROLLBACK */
	int		 doubt;		/* the last COMMIT's fate unknown */
	int		 nowed;		/* owed[]: results not read yet */
	struct owed	 owed[PG_OWED];
	int		 fail;		/* the first failure read, untold */
	char		*fail_why;
	char		 state[6];	/* the SQLSTATE of the last failure */
	PGresult	*pre;		/* SNAP_ROW_SQL's of game pre_game, */
	PGresult	*pre_last;	/* LAST_ENTRY_SQL's, and */
	PGresult	*pre_redo;	/* REDO_ROWS_SQL's (a write, else NULL) */
	long long	 pre_game;
	PGresult	*pre_entry;	/* entry pre_entry_n of game */
	long long	 pre_entry_game; /* pre_entry_game, read with an */
	int		 pre_entry_n;	/* undo row (pg_undo_get) */
	long long	 app_game;	/* the last entry appended in this */
	char		*app[6];	/* transaction: ENTRY_COLUMNS' texts */
	int		 wait_ms;	/* an answer's deadline (0: none) */
	int		 timeout;	/* PG_TIMEOUT's seconds, for messages */
	int		 late;		/* the server missed one: cut off */
	int		 seen;		/* the version the table saw last */
	int		 unverified;	/* the version not judged yet */
	int		 schema_unsent;	/* not asked yet */
	int		 schema_owed;	/* its result not read yet */
	PGresult	*schema_res;	/* its rows, or */
	PGresult	*schema_err;	/* its failure */
	int		 schema_marked;	/* SCHEMA_MARK read: current */
	/*
	 * The table's copy of a game (store-kept.c) and its token: the
	 * xmin of the game's snapshot row, which every write transaction
	 * of the game changes (pg_commit: tokens_bump).
	 */
	long long	 wrote[PG_LOCKED]; /* games written in this one */
	int		 nwrote;
	long long	 snapped;	/* its snapshot put or dropped in it */
	PGresult	*snap_res;	/* the put's row: its xmin */
	long long	 token_game;	/* the last COMMIT's snapshot: game */
	char		 token[PG_TOKEN];  /* and token ("": none) */
	long long	 kept_game;	/* the copy read last: its game */
	char		 kept_token[PG_TOKEN]; /* and token */
	int		 kept_trip;	/* a write on it (the guard sent) */
	int		 kept_unverified; /* the version unjudged before */
};

/*
 * A game's lock for a write, taken before anything of the game (its row
 * FOR UPDATE, or a write on the table's copy): a transaction-level
 * advisory lock keyed by the game's id (the one-key space: the
 * catalog's two keys never meet it).
 */
#define GAME_LOCK_SQL	"SELECT pg_advisory_xact_lock($1::bigint)"
#define GAME_TRY_SQL	"SELECT pg_try_advisory_xact_lock($1::bigint)"
/* Game $1's snapshot row rewritten as it is: its token changed. */
#define TOKEN_BUMP_SQL	"UPDATE snapshots SET n = n WHERE game_id = $1"

/* The entry columns, in pg_entry_row()'s order. */
#define ENTRY_COLUMNS	"e.n, e.player, e.verb, e.args, e.fact, e.at"

/* The game's last entry, for pg_snapshot_key(). */
#define LAST_ENTRY_SQL	"SELECT " ENTRY_COLUMNS " FROM entries e" \
	" WHERE e.game_id = $1 ORDER BY e.n DESC LIMIT 1"

/*
 * The read ahead of a game in a transaction (pg_game_load, snap_row):
 * one table each, no join.  A new backend plans a join of two tables
 * and its sort at about twice the server time of the two reads apart
 * (the server's log, log_min_duration_statement = 0: tests/bench/
 * league.sh): each statement here is one table's, all sent in the same
 * round trip.
 *
 * Game $1's snapshot row: n, format, key, state (0-3) and the undo head
 * stored with that snapshot (4-5); no row: none.
 */
#define SNAP_ROW_SQL	"SELECT n, format, key, state, depth, nundone" \
	" FROM snapshots WHERE game_id = $1"

/* In a write, the undone entries kept (the redo stack): a row each. */
#define REDO_ROWS_SQL	"SELECT pos FROM undo_states WHERE game_id = $1" \
	" AND kind = 1"

/* The columns pg_game_row() reads, in its order. */
#define GAME_COLUMNS	"g.id, g.rules, g.title, g.options, g.created, " \
	"g.finished, g.uid, g.title0"

/* The migrations (store-pg-schema.c): pg_migrations[v] takes v to v + 1. */
extern const char *const pg_migrations[];
extern const int pg_nmigrations;

int	pg_open(const char *uri, const char *client_dir, int create,
    struct store **sp, char **why);
void	pg_close(struct store *st);
int	pg_commit(struct store *st, char **why);
void	pg_rollback(struct store *st);
int	pg_lost(const struct store *st);
void	pg_snapshot_key(const char *const *v, const char *format,
    const void *state,
    size_t len, char key[17]);
int	pg_snapshot_get(struct store *st, long long game, const char *format,
    struct store_snapshot *sn, char **why);
int	pg_snapshot_put(struct store *st, long long game, const char *format,
    const void *state, size_t len, char **why);
int	pg_snapshot_drop(struct store *st, long long game, char **why);
int	pg_undo_head(struct store *st, long long game, const char *format,
    struct store_undo *u, char **why);
int	pg_undo_get(struct store *st, long long game, int kind, int pos,
    int *n, void **state, size_t *len, char **why);
int	pg_undo_push(struct store *st, long long game, int depth, int n,
    int keep, char **why);
int	pg_undo_pop(struct store *st, long long game, int depth, int pos,
    char **why);
int	pg_undo_cut(struct store *st, long long game, int pos, char **why);
int	pg_undo_has_verb(struct store *st, long long game, const char *verb,
    int *has, char **why);
int	pg_undo_set(struct store *st, long long game, int depth,
    int nundone, char **why);
int	pg_undo_drop(struct store *st, long long game, char **why);
int	pg_undo_put(struct store *st, long long game, int kind, int pos,
    int n, const void *state, size_t len, char **why);
int	pg_undo_rows(struct store *st, long long game,
    int (*fn)(void *, int, int, int, const void *, size_t), void *arg,
    char **why);
int	pg_dice_count(struct store *st, long long game, int seat, int kind,
    int face, long count, char **why);
int	pg_dice_drop(struct store *st, long long game, char **why);
int	pg_dice_rows(struct store *st, long long game,
    int (*fn)(void *, long long, int, int, int, long), void *arg,
    char **why);
int	pg_coach_put(struct store *st, long long game, int n, int seat,
    int basis,
    long decisions, long long error, char **why);
int	pg_coach_drop(struct store *st, long long game, char **why);
int	pg_coach_rows(struct store *st, long long game,
    int (*fn)(void *, const struct store_coach *), void *arg, char **why);
int	pg_note_put(struct store *st, long long game, int n, int round,
    int undone, const char *note, char **why);
int	pg_note_undone(struct store *st, long long game, int n, int undone,
    char **why);
int	pg_notes_drop(struct store *st, long long game, char **why);
int	pg_notes_rows(struct store *st, long long game,
    int (*fn)(void *, int, int, const char *, int), void *arg, char **why);
int	pg_export_json(struct store *st, long long id,
    int (*fn)(void *, const char *), void *arg, char **why);
int	pg_export_rows(struct store *st, long long id,
    int (*fn)(void *, const char *const *), void *arg, char **why);
int	pg_integrity(struct store *st, int (*fn)(void *, const char *),
    void *arg, char **why);
int	pg_game_ids(struct store *st, long long **ids, int *n, char **why);
int	pg_seats_shape(struct store *st, long long game, int *n,
    int *numbered, char **why);
int	pg_orphans(struct store *st, int drop,
    int (*fn)(void *, const char *, long long, long), void *arg, char **why);
int	pg_setup_record(struct store *st, long long game,
    struct store_game *rec,
    char **credited, char **why);
int	pg_summary_load(struct store *st, long long game, int *finished,
    long *scores, int *won, int n, char **why);
int	pg_tallies_check(struct store *st,
    int (*fn)(void *, const char *, const char *, long, long, long, long),
    void *arg, char **why);
int	pg_tallies_rebuild(struct store *st, char **why);
int	pg_migrated(const struct store *st);
int	pg_pq_load(struct pq *pq, char **why);
int	pg_uri_parts(struct pq *pq, const char *uri, char **name,
    char **options,
    int *timeout, char **why);
void	pg_quiet_notice(void *arg, const char *message);
char *	pg_client_file(struct pgstore *s, const char *what);
int	pg_client_put(const char *path, const char *line, int sync);
char *	pg_first_line(const char *t);
int	pg_fail_pg(struct pgstore *s, PGresult *res, char **why);
PGresult * pg_result_next(struct pgstore *s);
PGresult * pg_results_all(struct pgstore *s);
int	pg_fail_take(struct pgstore *s, char **why);
void	pg_owe(struct pgstore *s, PGresult **dst, int sync, int quiet);
void	pg_drain(struct pgstore *s);
void	pg_app_forget(struct pgstore *s);
void	pg_txn_forget(struct pgstore *s);
void	pg_schema_send(struct pgstore *s);
void	pg_send_marked(struct pgstore *s, PGresult **dst, const char *sql,
    const char *types, ...);
void	pg_send_q(struct pgstore *s, PGresult **dst, const char *sql,
    const char *types, ...);
int	pg_sync_take(struct pgstore *s, PGresult **dst, char **why);
int	pg_q(struct pgstore *s, PGresult **resp, char **why, const char *sql,
    const char *types, ...);
int	pg_exec_sql(struct pgstore *s, const char *sql, char **why);
int	pg_script(struct pgstore *s, const char *sql, char **why);
void	pg_rollback_send(struct pgstore *s);
const char * pg_val(struct pgstore *s, PGresult *res, int r, int c);
char *	pg_text_dup(struct pgstore *s, PGresult *res, int r, int c);
long long pg_num(struct pgstore *s, PGresult *res, int r, int c);
void *	pg_blob(struct pgstore *s, PGresult *res, int r, int c, size_t *len);
int	pg_seen_version(struct pgstore *s);
void	pg_seen_keep(struct pgstore *s);
int	pg_schema_version(struct pgstore *s, int fast, int *version, int *empty,
    char **why);
int	pg_schema_judge(struct pgstore *s, char **why);
int	pg_sent(struct pgstore *s, char **why);
long long pg_current_read(struct pgstore *s);
int	pg_lock_game(struct pgstore *s, long long game, char **why);
/* The table's copy of a game (store-pg-kept.c). */
int	pg_kept_get(struct store *st, long long *id, struct store_read *r,
	    char **why);
int	pg_kept_put(struct store *st, const struct store_read *r,
	    char **why);
int	pg_kept_guard(struct store *st, long long game, char **why);
/*
 * Send the read ahead of game (SNAP_ROW_SQL, LAST_ENTRY_SQL, in a write
 * REDO_ROWS_SQL) owed to r[0..2]; once read, pg_pre_keep() keeps them as
 * s->pre, pre_last and pre_redo (or frees them: keep 0).
 */
void	pg_pre_send(struct pgstore *s, long long game, PGresult *r[3]);
void	pg_pre_keep(struct pgstore *s, long long game, PGresult *r[3],
    int keep);
int	pg_game_locked(const struct pgstore *s, long long game);
void	pg_game_locked_now(struct pgstore *s, long long game);
int	pg_lock_catalog(struct pgstore *s, char **why);
void	pg_game_row(struct pgstore *s, PGresult *res, int r,
    struct store_game *g);
int	pg_try_write(struct store *st);
int	pg_busy(const struct store *st);
int	pg_game_load(struct store *st, long long id, struct store_game *g,
    char **why);
int	pg_entry_row(struct pgstore *s, PGresult *res, int r, int c,
    struct stored_entry *se);
int	pg_entry_load(struct store *st, long long id, int n,
    struct stored_entry *se, char **why);
int	pg_entries_load(struct store *st, long long id,
    struct stored_entry **ep, int *np, char **why);
int	pg_history_scan(struct store *st, long long id,
    int (*fn)(void *, const struct stored_entry *), void *arg, int *n,
    int *complete, char **why);
int	pg_last_n(struct store *st, long long id, int *n, char **why);
int	pg_player_id(struct pgstore *s, const char *name, long long *id,
    char **why);
int	pg_notify_game(struct pgstore *s, long long game, char **why);
int	pg_game_create(struct store *st, struct store_game *g, char **why);
int	pg_entry_append(struct store *st, long long game,
    const struct stored_entry *se, char **why);
int	pg_game_by_uid(struct store *st, const char *uid, long long *id,
    char **why);
int	pg_game_names(struct store *st, long long game,
    const char *const *names, int n, const char *title, char **why);
int	pg_summary(struct store *st, long long game, int finished,
    const long *scores, const int *winners, int n, char **why);
int	pg_games(struct store *st, int all,
    int (*fn)(void *, const struct store_game *, long), void *arg,
    char **why);
int	pg_tallies(struct store *st,
    int (*fn)(void *, const struct store_tally *), void *arg, char **why);
int	pg_results(struct store *st, const char *rules,
    int (*fn)(void *, const struct store_result *), void *arg, char **why);

#endif
