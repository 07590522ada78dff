/*
 * store-engine.h: what an engine of the store gives store.c (the
 * dispatch), for the engines alone (src/store/store-*.c); the commands
 * include store.h and never know which engine they talk to.
 *
 * An engine is one struct store_engine: a function for each operation of
 * store.h, with the same arguments and the same promises (store.h says
 * them, above each operation).  store_open() picks the engine by the
 * database's name: a URI whose scheme one engine lists in its schemes
 * goes to that engine, anything else is a path and goes to the engine
 * whose schemes is NULL (SQLite).  The engine's open makes its own store,
 * a struct that begins with a struct store (its base, which store.c fills
 * in), and close frees it.
 *
 * What is the same for every engine is not an engine's: the coarse
 * operations of the write path (store_read, store_write,
 * store_caches_put, store_entry_recorded: store-trip.c) are made of the
 * operations below, and a snapshot's fit (store_snapshot_judge), an
 * entry's arguments as JSON, messages and checksums are store.c's.  An
 * engine that sends its statements in a batch (the league's pipeline
 * mode) makes each read and each write of an entry one round trip by
 * sending the writes of a transaction without waiting and reading
 * their results at the next read or at COMMIT.
 */
#ifndef SHAKEREF_STORE_ENGINE_H
#define SHAKEREF_STORE_ENGINE_H

#include <stdint.h>

#include "store.h"

/* The part of every engine's store that store.c reads. */
struct store {
	const struct store_engine	*engine;
};

struct store_engine {
	const char		 *name;		/* "sqlite" */
	/* URI prefixes it takes ("postgresql://"); NULL: a path. */
	const char *const	 *schemes;

	int	(*open)(const char *name, const char *client_dir, int create,
		    struct store **, char **why);
	void	(*close)(struct store *);
	int	(*migrated)(const struct store *);

	int	(*begin)(struct store *, int write, char **why);
	/* Optional (NULL: cannot; store_busy() is then 0). */
	int	(*try_write)(struct store *);
	int	(*busy)(const struct store *);
	int	(*commit)(struct store *, char **why);
	void	(*rollback)(struct store *);

	int	(*current)(struct store *, long long *id, char **why);
	int	(*set_current)(struct store *, long long id, char **why);

	int	(*game_load)(struct store *, long long id,
		    struct store_game *, char **why);
	int	(*entries_load)(struct store *, long long id,
		    struct stored_entry **, int *n, char **why);
	int	(*entry_load)(struct store *, long long id, int n,
		    struct stored_entry *, char **why);
	int	(*last_n)(struct store *, long long id, int *n, char **why);
	int	(*game_create)(struct store *, struct store_game *,
		    char **why);
	int	(*game_by_uid)(struct store *, const char *uid,
		    long long *id, char **why);
	int	(*game_names)(struct store *, long long game,
		    const char *const *names, int n, const char *title,
		    char **why);
	int	(*entry_append)(struct store *, long long game,
		    const struct stored_entry *, char **why);
	int	(*summary)(struct store *, long long game, int state,
		    const long *scores, const int *winners, int n,
		    char **why);

	int	(*games)(struct store *, int all,
		    int (*fn)(void *, const struct store_game *, long),
		    void *arg, char **why);
	int	(*export_json)(struct store *, long long id,
		    int (*fn)(void *, const char *json), void *arg,
		    char **why);
	int	(*export_rows)(struct store *, long long id,
		    int (*fn)(void *, const char *const *cols), void *arg,
		    char **why);
	int	(*tallies)(struct store *,
		    int (*fn)(void *, const struct store_tally *), void *arg,
		    char **why);

	int	(*results)(struct store *, const char *rules,
		    int (*fn)(void *, const struct store_result *),
		    void *arg, char **why);

	int	(*seats_shape)(struct store *, long long game, int *n,
		    int *numbered, char **why);
	int	(*orphans)(struct store *, int drop,
		    int (*fn)(void *, const char *table, long long game,
		    long rows), void *arg, char **why);
	int	(*setup_record)(struct store *, long long game,
		    struct store_game *rec, char **credited, char **why);
	int	(*integrity)(struct store *, int (*fn)(void *, const char *),
		    void *arg, char **why);
	int	(*game_ids)(struct store *, long long **ids, int *n,
		    char **why);
	int	(*summary_load)(struct store *, long long game,
		    int *finished, long *scores, int *won, int n, char **why);
	int	(*tallies_check)(struct store *,
		    int (*fn)(void *, const char *name, const char *rules,
		    long played, long won, long right_played, long right_won),
		    void *arg, char **why);
	int	(*tallies_rebuild)(struct store *, char **why);

	int	(*snapshot_get)(struct store *, long long game,
		    const char *format, struct store_snapshot *, char **why);
	int	(*snapshot_put)(struct store *, long long game,
		    const char *format, const void *state, size_t len,
		    char **why);

	int	(*undo_head)(struct store *, long long game,
		    const char *format, struct store_undo *, char **why);
	int	(*undo_get)(struct store *, long long game, int kind,
		    int pos, int *n, void **state, size_t *len, char **why);
	int	(*undo_push)(struct store *, long long game, int depth,
		    int n, int keep, char **why);
	int	(*undo_pop)(struct store *, long long game, int depth,
		    int pos, char **why);
	int	(*undo_cut)(struct store *, long long game, int pos,
		    char **why);
	int	(*undo_has_verb)(struct store *, long long game,
		    const char *verb, int *has, char **why);
	int	(*undo_set)(struct store *, long long game, int depth,
		    int nundone, char **why);
	int	(*undo_put)(struct store *, long long game, int kind,
		    int pos, int n, const void *state, size_t len, char **why);
	int	(*undo_rows)(struct store *, long long game,
		    int (*fn)(void *, int kind, int pos, int n,
		    const void *state, size_t len), void *arg, char **why);

	int	(*note_put)(struct store *, long long game, int n, int round,
		    int undone, const char *note, char **why);
	int	(*note_undone)(struct store *, long long game, int n,
		    int undone, char **why);
	int	(*history_scan)(struct store *, long long id,
		    int (*fn)(void *, const struct stored_entry *), void *arg,
		    int *n, int *complete, char **why);
	int	(*notes_rows)(struct store *, long long game,
		    int (*fn)(void *, int n, int round, const char *note,
		    int undone), void *arg, char **why);

	int	(*dice_count)(struct store *, long long game, int seat,
		    int kind, int face, long count, char **why);
	int	(*dice_rows)(struct store *, long long game,
		    int (*fn)(void *, long long game, int seat, int kind,
		    int face, long count), void *arg, char **why);

	int	(*coach_put)(struct store *, long long game, int n,
		    int seat, int basis, long decisions, long long error,
		    char **why);
	int	(*coach_rows)(struct store *, long long game,
		    int (*fn)(void *, const struct store_coach *),
		    void *arg, char **why);

	/*
	 * Forget game's caches of the kinds in what (STORE_DROP_*: the
	 * snapshot, the undo cache's head and rows, history's notes, the
	 * dice tally, the coach's rows), each kind as its store_*_drop().
	 */
	int	(*drop)(struct store *, long long game, int what, char **why);

	int	(*notice)(struct store *, const char **path, int *fd,
		    char **why);
	int	(*notice_take)(struct store *);
	int	(*lost)(const struct store *);
	int	(*in_doubt)(const struct store *);
};

/* The caches an engine's drop forgets. */
#define STORE_DROP_SNAPSHOT	0x01
#define STORE_DROP_UNDO		0x02
#define STORE_DROP_NOTES	0x04
#define STORE_DROP_DICE		0x08
#define STORE_DROP_COACH	0x10

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
 * Whether snapshot sn, read in the format asked, fits the game's entries
 * now: last, the number of its last entry (0: none), and key, the key
 * the engine makes of that entry, the format and sn's state (a checksum
 * of the same bytes as the one it stored with sn); sets sn->last and
 * sn->fit (STALE, KEY or FITS), the same for every engine.
 */
void	store_snapshot_judge(struct store_snapshot *sn, int last,
	    const char *key);

/* 64-bit FNV-1a of n bytes at p, on from h (start: STORE_FNV_START). */
#define STORE_FNV_START	0xcbf29ce484222325ULL
uint64_t store_fnv(uint64_t h, const void *p, size_t n);

#endif
