/*
 * store-engine.h: what an engine of the store implements, for the
 * engines alone (src/store/store-*.c); the commands include store.h and
 * never know which engine they talk to.
 *
 * An engine is one struct store_engine of eleven operations:
 *
 *   open, close	its store made from a database's name, and freed
 *   state		answers without the database (migrated, busy,
 *			lost, in doubt, notices taken, try the lock)
 *   begin, commit,	a transaction, with store.h's promises
 *   rollback
 *   get		one read of a kind (STORE_GET_*: the current game,
 *			a game, its entries, its snapshot, undo head ...)
 *   put		one write of a kind (STORE_PUT_*: an entry, a
 *			summary, a snapshot, an undo row, a note ...)
 *   scan		the rows of a kind, each to a callback
 *			(STORE_SCAN_*: list, history, export, check ...)
 *   drop		a game's derived caches forgotten, or the tallies
 *			made again (STORE_DROP_*)
 *   notice		what a view sleeps on
 *
 * Each kind of get, put and scan is the store.h operation its comment
 * names, with the same arguments and the same promises (store.h says
 * them, above each operation); an engine switches on the kind (-Wswitch
 * warns of a kind it leaves out; no other comes).  store_open() picks
 * the engine by the database's name: a URI whose scheme one engine lists
 * in its schemes goes to that engine, anything else is a path and goes
 * to the engine whose schemes is NULL (SQLite).  The engine's open makes
 * its own store, a struct that begins with a struct store (its base,
 * which store.c fills in), and close frees it.  A new operation of
 * store.h that needs the database is a new kind: its enum value here,
 * its function in store-ops.c, a case in each engine's switch.
 *
 * What is the same for every engine is not an engine's: store-ops.c
 * makes store.h's finer operations of get, put, scan and drop;
 * store-trip.c makes the write path's coarse ones of those (store_read,
 * store_write, store_caches_put, store_entry_recorded), store-kept.c
 * the table's copy of a game (store_kept_*); a snapshot's fit
 * (store_snapshot_judge), an entry's arguments as JSON, messages and
 * checksums are store.c's.  An engine that sends its statements in a
 * batch (the league's pipeline mode) makes each read and each write of
 * an entry one round trip by sending the puts of a transaction without
 * waiting and reading their results at the next get or at COMMIT.
 */
#ifndef SHAKEREF_STORE_ENGINE_H
#define SHAKEREF_STORE_ENGINE_H

#include <stdint.h>

#include "store.h"

/* The part of every engine's store that store.c reads. */
struct store {
	const struct store_engine	*engine;
};

/*
 * A read (get): one of STORE_GET_*, with its arguments and where its
 * results go; each kind is the store.h operation of that name (the same
 * arguments, the same promises), and the fields not named beside it are
 * unused.  store-ops.c fills it in.
 */
enum store_get_what {
	STORE_GET_CURRENT,	/* store_current: id */
	STORE_GET_GAME,		/* store_game_load: game, g */
	STORE_GET_ENTRIES,	/* store_entries_load: game, entries, np */
	STORE_GET_ENTRY,	/* store_entry_load: game, n, se */
	STORE_GET_LAST_N,	/* store_last_n: game, np */
	STORE_GET_BY_UID,	/* store_game_by_uid: text (uid), id */
	STORE_GET_SEATS,	/* store_seats_shape: game, np, flag */
	STORE_GET_SETUP,	/* store_setup_record: game, g, credited */
	STORE_GET_GAME_IDS,	/* store_game_ids: ids, np */
	STORE_GET_SUMMARY,	/* store_summary_load: game, flag, scores,
				   won, n */
	STORE_GET_SNAPSHOT,	/* store_snapshot_get: game, text (format),
				   sn */
	STORE_GET_UNDO_HEAD,	/* store_undo_head: game, text (format), u */
	STORE_GET_UNDO_ROW,	/* store_undo_get: game, kind, pos, np,
				   state, len */
	STORE_GET_UNDO_VERB,	/* store_undo_has_verb: game, text (verb),
				   flag */
	STORE_GET_KEPT		/* store_kept_get: id, rd (the engine's
				   own file, never the database) */
};
struct store_get {
	enum store_get_what	  what;
	long long		  game;
	const char		 *text;
	int			  n, kind, pos;
	long long		 *id;
	long long		**ids;
	int			 *np;
	int			 *flag;
	struct store_game	 *g;
	char			**credited;
	struct stored_entry	 *se;
	struct stored_entry	**entries;
	long			 *scores;
	int			 *won;
	struct store_snapshot	 *sn;
	struct store_undo	 *u;
	void			**state;
	size_t			 *len;
	struct store_read	 *rd;
};

/* A write (put): one of STORE_PUT_*, as a get. */
enum store_put_what {
	STORE_PUT_CURRENT,	/* store_set_current: game */
	STORE_PUT_GAME,		/* store_game_create: g */
	STORE_PUT_NAMES,	/* store_game_names: game, names, n, text
				   (title) */
	STORE_PUT_ENTRY,	/* store_entry_append: game, se */
	STORE_PUT_SUMMARY,	/* store_summary: game, kind (state),
				   scores, won, n */
	STORE_PUT_SNAPSHOT,	/* store_snapshot_put: game, text (format),
				   state, len */
	STORE_PUT_UNDO_PUSH,	/* store_undo_push: game, depth, n, keep */
	STORE_PUT_UNDO_POP,	/* store_undo_pop: game, depth, pos */
	STORE_PUT_UNDO_CUT,	/* store_undo_cut: game, pos */
	STORE_PUT_UNDO_HEAD,	/* store_undo_set: game, depth, keep
				   (nundone) */
	STORE_PUT_UNDO_ROW,	/* store_undo_put: game, kind, pos, n, state,
				   len */
	STORE_PUT_NOTE,		/* store_note_put: game, n, round, undone,
				   text (note) */
	STORE_PUT_NOTE_UNDONE,	/* store_note_undone: game, n, undone */
	STORE_PUT_DIE,		/* store_dice_count: game, seat, kind, face,
				   count */
	STORE_PUT_COACH,	/* store_coach_put: game, n, seat, kind
				   (basis), count (decisions), error */
	STORE_PUT_KEPT,		/* store_kept_put: rd (NULL: forget) */
	STORE_PUT_GUARD		/* store_kept_begin's guard: game */
};
struct store_put {
	enum store_put_what	  what;
	long long		  game;
	const char		 *text;
	int			  n, kind, pos, depth, keep, round, undone;
	int			  seat, face;
	long			  count;
	long long		  error;
	const char *const	 *names;
	struct store_game	 *g;
	const struct stored_entry *se;
	const long		 *scores;
	const int		 *won;
	const void		 *state;
	size_t			  len;
	const struct store_read	 *rd;
};

/*
 * A scan: one of STORE_SCAN_*, each row handed to the callback of its
 * kind in fn (stop: the callback's nonzero return, returned), as a get.
 */
enum store_scan_what {
	STORE_SCAN_GAMES,	/* store_games: flag (all), fn.game */
	STORE_SCAN_EXPORT,	/* store_export_json: game, fn.text */
	STORE_SCAN_ROWS,	/* store_export_rows: game, fn.cols */
	STORE_SCAN_TALLIES,	/* store_tallies: fn.tally */
	STORE_SCAN_RESULTS,	/* store_results: text (rules), fn.result */
	STORE_SCAN_ORPHANS,	/* store_orphans: flag (drop), fn.orphan */
	STORE_SCAN_INTEGRITY,	/* store_integrity: fn.text */
	STORE_SCAN_TALLY_CHECK,	/* store_tallies_check: fn.tally_check */
	STORE_SCAN_UNDO,	/* store_undo_rows: game, fn.undo */
	STORE_SCAN_HISTORY,	/* store_history_scan: game, fn.entry, np,
				   complete */
	STORE_SCAN_NOTES,	/* store_notes_rows: game, fn.note */
	STORE_SCAN_DICE,	/* store_dice_rows: game, fn.die */
	STORE_SCAN_COACH	/* store_coach_rows: game, fn.coach */
};
struct store_scan {
	enum store_scan_what	  what;
	long long		  game;
	const char		 *text;
	int			  flag;
	int			 *np;
	int			 *complete;
	void			 *arg;
	union {
		int	(*game)(void *, const struct store_game *, long);
		int	(*text)(void *, const char *);
		int	(*cols)(void *, const char *const *cols);
		int	(*tally)(void *, const struct store_tally *);
		int	(*result)(void *, const struct store_result *);
		int	(*orphan)(void *, const char *table, long long game,
			    long rows);
		int	(*tally_check)(void *, const char *name,
			    const char *rules, long played, long won,
			    long right_played, long right_won);
		int	(*undo)(void *, int kind, int pos, int n,
			    const void *state, size_t len);
		int	(*entry)(void *, const struct stored_entry *);
		int	(*note)(void *, int n, int round, const char *note,
			    int undone);
		int	(*die)(void *, long long game, int seat, int kind,
			    int face, long count);
		int	(*coach)(void *, const struct store_coach *);
	}			  fn;
};

/* What an engine's state answers (STORE_STATE_*: store.h's of the name). */
enum store_state_what {
	STORE_STATE_MIGRATED,	/* store_migrated */
	STORE_STATE_TRY_WRITE,	/* store_try_write (0: cannot) */
	STORE_STATE_BUSY,	/* store_busy (0: cannot tell) */
	STORE_STATE_NOTICE_TAKE, /* store_notice_take */
	STORE_STATE_LOST,	/* store_lost */
	STORE_STATE_IN_DOUBT	/* store_in_doubt */
};

/* What an engine's drop forgets or makes again (STORE_DROP_*). */
enum store_drop_what {
	STORE_DROP_SNAPSHOT,	/* store_snapshot_drop: game */
	STORE_DROP_UNDO,	/* store_undo_drop: game */
	STORE_DROP_NOTES,	/* store_notes_drop: game */
	STORE_DROP_DICE,	/* store_dice_drop: game */
	STORE_DROP_COACH,	/* store_coach_drop: game */
	STORE_DROP_TALLIES	/* store_tallies_rebuild (game 0) */
};

struct store_engine {
	const char		 *name;		/* "sqlite" */
	/* URI prefixes it takes ("postgresql://"); NULL: a path. */
	const char *const	 *schemes;

	int	(*open)(const char *name, const char *client_dir, int create,
		    struct store **, char **why);
	void	(*close)(struct store *);
	/* One of the answers of STORE_STATE_*, without the database. */
	int	(*state)(struct store *, enum store_state_what);

	int	(*begin)(struct store *, int write, char **why);
	int	(*commit)(struct store *, char **why);
	void	(*rollback)(struct store *);

	int	(*get)(struct store *, struct store_get *, char **why);
	int	(*put)(struct store *, const struct store_put *, char **why);
	int	(*scan)(struct store *, const struct store_scan *,
		    char **why);
	/*
	 * A game's derived cache of a kind forgotten, or the tallies made
	 * again from the summaries (STORE_DROP_*).
	 */
	int	(*drop)(struct store *, long long game, enum store_drop_what,
		    char **why);

	int	(*notice)(struct store *, const char **path, int *fd,
		    char **why);
};

/* The engines (store.c's table lists them). */
extern const struct store_engine store_engine_sqlite;
extern const struct store_engine store_engine_pg;	/* store-pg.c */

/*
 * Helpers every engine may use (store.c), so that an entry, a message and
 * a snapshot's checksum are the same whichever engine keeps them.
 */

/* Set *why to a formatted, malloc'd message (if why); return status. */
int	store_fail(char **why, int status, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/*
 * An entry's arguments as the args column holds them: a JSON array of
 * strings (JSON_COMPACT), malloc'd into *json; SR_SYSTEM with *why if an
 * argument is not UTF-8 (it could not be stored exactly).
 */
/*
 * The names of a creation record: g's names (as `new` makes the game:
 * they are its names0) as a JSON array of
 * strings (malloc'd); and such an array's strings into rec's names0
 * (0, or -1 for text that is not one: rec->nplayers then -1).
 */
char	*store_names_encode(const struct store_game *g);
int	store_names_decode(const char *json, struct store_game *rec);
int	store_args_encode(const struct stored_entry *, char **json,
	    char **why);
/* The args column's text decoded into se's argc and argv; 0 or -1. */
int	store_args_decode(const char *text, struct stored_entry *se);
/*
 * The same read lent (an engine's history scan: issue 29): when the args
 * column's text (len bytes) is plain (printable ASCII arguments, no '"'
 * or '\\': nearly every entry), se's argc and argv are set, argv and its
 * strings in l's memory (kept from row to row, valid until the next
 * call), and 1 is returned; else 0, nothing done (store_args_decode).
 */
struct store_args_lent {
	struct buf	  text;		/* the column, its closing quotes NULs */
	char		**argv;
	int		  room;		/* argv's */
};
int	store_args_lend(const char *text, size_t len, struct stored_entry *se,
	    struct store_args_lent *l);
void	store_args_lent_free(struct store_args_lent *l);
/*
 * The end of a load of n entries e of game id, its scan ended with status
 * (bad: at an entry this shakeref cannot read): handed over to *ep and
 * *np when all is well and keep is set, else freed (and the failure
 * returned, if any).
 */
int	store_entries_end(long long id, int status, int bad, int keep,
	    struct stored_entry *e, int n, struct stored_entry **ep, int *np,
	    char **why);
/*
 * check: rows whose game does not exist (a table's name, the game, how
 * many), and tallies whose player does not (the player's id); the same
 * SQL for both engines.  ORPHANS_DROP_SQL deletes such caches (the
 * tallies are rebuilt whole after).
 */
#define ORPHAN_ROWS(t, c) \
	" UNION ALL SELECT '" t "', game_id, " c " FROM " t \
	" WHERE game_id NOT IN (SELECT id FROM games) GROUP BY game_id"
#define ORPHANS_SQL \
	"SELECT 'entries', game_id, COUNT(*) FROM entries" \
	" WHERE game_id NOT IN (SELECT id FROM games) GROUP BY game_id" \
	ORPHAN_ROWS("seats", "COUNT(*)") \
	ORPHAN_ROWS("setups", "COUNT(*)") \
	ORPHAN_ROWS("snapshots", "1") \
	ORPHAN_ROWS("undo_heads", "1") \
	ORPHAN_ROWS("undo_states", "COUNT(*)") \
	ORPHAN_ROWS("dice_tally", "COUNT(*)") \
	ORPHAN_ROWS("entry_notes", "COUNT(*)") \
	" UNION ALL SELECT 'tallies', player_id, COUNT(*) FROM tallies" \
	" WHERE player_id NOT IN (SELECT id FROM players)" \
	" GROUP BY player_id ORDER BY 2, 1"
#define ORPHANS_DROP_SQL \
	"DELETE FROM snapshots WHERE game_id NOT IN (SELECT id FROM games);" \
	"DELETE FROM undo_heads WHERE game_id NOT IN (SELECT id FROM games);" \
	"DELETE FROM undo_states WHERE game_id NOT IN (SELECT id FROM games);" \
	"DELETE FROM dice_tally WHERE game_id NOT IN (SELECT id FROM games);" \
	"DELETE FROM entry_notes WHERE game_id NOT IN (SELECT id FROM games)"

/*
 * export --csv: one row per seat (the names and title now, the summary's
 * scores, the place, won, the game's id), the same SQL for both engines
 * (a WHERE and an ORDER BY follow).
 */
#define EXPORT_ROWS_SQL \
	"SELECT g.uid, g.created, g.rules, g.title, g.finished, s.name," \
	" s.seat + 1, s.score, 1 + (SELECT count(*) FROM seats t" \
	" WHERE t.game_id = s.game_id AND t.score > s.score), s.won, g.id" \
	" FROM games g JOIN seats s ON s.game_id = g.id"

/*
 * check: the tallies the games' summaries give (per player and rules,
 * over finished games: TALLIES_SQL, which the tallies are rebuilt from),
 * and each (player, rules) whose stored tally differs from those: the
 * player's name, the rules, the stored and the right played and won
 * (TALLIES_CHECK_SQL); the same SQL for both engines.
 */
#define TALLIES_SQL \
	"SELECT s.player_id AS player_id, g.rules AS rules," \
	" count(*) AS played, sum(s.won) AS won FROM seats s" \
	" JOIN games g ON g.id = s.game_id WHERE g.finished = 1" \
	" GROUP BY s.player_id, g.rules"
#define TALLIES_CHECK_SQL \
	"WITH r AS (" TALLIES_SQL ")," \
	" t AS (SELECT player_id, rules, played, won FROM tallies" \
	" WHERE played > 0)" \
	" SELECT p.name, x.rules, x.tp, x.tw, x.rp, x.rw FROM (" \
	" SELECT t.player_id AS pid, t.rules AS rules, t.played AS tp," \
	" t.won AS tw, coalesce(r.played, 0) AS rp," \
	" coalesce(r.won, 0) AS rw FROM t LEFT JOIN r" \
	" ON r.player_id = t.player_id AND r.rules = t.rules" \
	" UNION ALL" \
	" SELECT r.player_id, r.rules, 0, 0, r.played, r.won FROM r" \
	" WHERE NOT EXISTS (SELECT 1 FROM t WHERE t.player_id =" \
	" r.player_id AND t.rules = r.rules)) x" \
	" JOIN players p ON p.id = x.pid" \
	" WHERE x.tp <> x.rp OR x.tw <> x.rw ORDER BY p.id, x.rules"

/*
 * Whether snapshot sn, read in the format asked, fits the game's entries
 * now: last, the number of its last entry (0: none), and key, the key
 * the engine makes of that entry, the format and sn's state (a checksum
 * of the same bytes as the one it stored with sn); sets sn->last and
 * sn->fit (STALE, KEY or FITS), the same for every engine.
 */
void	store_snapshot_judge(struct store_snapshot *sn, int last,
	    const char *key);

/*
 * The table's copy of a game (store_kept_put) as one line of JSON, with
 * the engine's token (malloc'd; NULL when a text in it is not UTF-8: a
 * copy would change it, so none is kept), and read back (0, r and
 * *token filled, r's snapshot fitting at its entry n; -1 unreadable,
 * nothing filled), so that every engine keeps the same.
 */
char	*store_kept_encode(const struct store_read *r, const char *token);
int	 store_kept_decode(const char *text, struct store_read *r,
	    char **token);

/* 64-bit FNV-1a of n bytes at p, on from h (start: STORE_FNV_START). */
#define STORE_FNV_START	0xcbf29ce484222325ULL
uint64_t store_fnv(uint64_t h, const void *p, size_t n);

#endif
