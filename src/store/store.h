/*
 * store.h: the SQLite store (src/store/store.c is the only file that includes
 * sqlite3.h).  Every function returns an exit status (SR_OK, SR_DATA,
 * SR_SYSTEM) and sets *why, a malloc'd message, when it fails.
 */
#ifndef SHAKEREF_STORE_H
#define SHAKEREF_STORE_H

#include "game.h"

#define STORE_SCHEMA	7

/* A game's state (games.finished). */
#define STORE_ACTIVE	0
#define STORE_FINISHED	1
#define STORE_ABANDONED	2

struct store;

struct store_game {
	long long	 id;
	char		*uid;		/* 32 hex digits, made at create */
	char		*rules;
	char		*title;		/* now, or NULL */
	char		*title0;	/* as created (replay starts there) */
	char		*options;	/* JSON object text: {"key": "value"} */
	long long	 created;
	int		 finished;	/* STORE_ACTIVE, _FINISHED, _ABANDONED */
	int		 nplayers;
	char		*names[GAME_MAX_PLAYERS];	/* now */
	char		*names0[GAME_MAX_PLAYERS];	/* as created */
};

/* One row of `standings --all-time`, per player and rules. */
struct store_tally {
	const char	*name;
	const char	*rules;
	long		 played;
	long		 won;
};

/*
 * A store is used by one thread at a time (its SQLite connection is
 * opened without a lock of its own: SQLITE_OPEN_NOMUTEX); a second
 * thread opens its own.
 *
 * Open the database at path; migrate an older schema; refuse a newer one
 * (SR_DATA).  With create, make it (its folders and the file 0600) if
 * need be; without, a missing file is SR_DATA and nothing is made.
 */
int	store_open(const char *path, int create, struct store **,
	    char **why);
void	store_close(struct store *);

/* BEGIN IMMEDIATE (write) or BEGIN (read); COMMIT; ROLLBACK. */
int	store_begin(struct store *, int write, char **why);
int	store_commit(struct store *, char **why);
void	store_rollback(struct store *);

/* The current game's id, or 0 if none. */
int	store_current(struct store *, long long *id, char **why);
int	store_set_current(struct store *, long long id, char **why);

/* Load game id (SR_DATA if there is none). */
int	store_game_load(struct store *, long long id, struct store_game *,
	    char **why);
void	store_game_clear(struct store_game *);
/* Load game id's entries, in order, into a malloc'd array. */
int	store_entries_load(struct store *, long long id,
	    struct stored_entry **, int *n, char **why);
/*
 * The number of game id's latest entry, 0 if it has none: another
 * process's entries are noticed by it (entries are only ever appended).
 */
int	store_last_n(struct store *, long long id, int *n, char **why);

/*
 * Create a game and its seats, as created (title0 and names0 the same as
 * title and names), with g->uid if set, else a new random one; sets
 * g->id.
 */
int	store_game_create(struct store *, struct store_game *, char **why);
/* The game whose uid is uid into *id, or 0 if none. */
int	store_game_by_uid(struct store *, const char *uid, long long *id,
	    char **why);
/*
 * Record the names and title now (after rename and title entries) where
 * they differ from those stored; a renamed seat counts for the new name.
 */
int	store_game_names(struct store *, long long game,
	    const char *const *names, int n, const char *title, char **why);
/* Append an entry. */
int	store_entry_append(struct store *, long long game,
	    const struct stored_entry *, char **why);
/*
 * Record the game's summary, which replay can always rebuild: its state
 * (STORE_ACTIVE, ...), each seat's score and whether it won.
 */
int	store_summary(struct store *, long long game, int state,
	    const long *scores, const int *winners, int n, char **why);

/*
 * Games, oldest first; all: finished ones too.  fn returns 0 to go on;
 * its third argument is unused (-1).
 */
int	store_games(struct store *, int all,
	    int (*fn)(void *, const struct store_game *, long nentries),
	    void *arg, char **why);
/*
 * Export: each game (game id, or every game with id 0) as one JSON text
 * (SPEC.md's export object), oldest first; fn returns 0 to go on.
 */
int	store_export_json(struct store *, long long id,
	    int (*fn)(void *, const char *json), void *arg, char **why);
/*
 * One row per player per game, for CSV (cols: STORE_CSV_COLUMNS): uid,
 * created, rules, title, state, name, seat (from 1), score, rank, won,
 * the game's number.
 */
#define STORE_CSV_COLUMNS	11
int	store_export_rows(struct store *, long long id,
	    int (*fn)(void *, const char *const *cols), void *arg,
	    char **why);

/* Per player and rules over finished games, players in first-seen order. */
int	store_tallies(struct store *,
	    int (*fn)(void *, const struct store_tally *), void *arg,
	    char **why);

/* check: game's seats: how many, and whether numbered 0..n-1. */
int	store_seats_shape(struct store *, long long game, int *n,
	    int *numbered, char **why);
/*
 * check: rows of entries, seats and snapshots whose game does not exist
 * (fn: the table, the game, how many); drop deletes such snapshots.
 */
int	store_orphans(struct store *, int drop,
	    int (*fn)(void *, const char *table, long long game, long rows),
	    void *arg, char **why);
/*
 * check: SQLite's integrity check (fn gets each line other than "ok");
 * every game's id; the summary stored for a game of n seats; the tallies
 * that differ from what the games' summaries give; and the tallies
 * rebuilt from those.
 */
int	store_integrity(struct store *, int (*fn)(void *, const char *),
	    void *arg, char **why);
int	store_game_ids(struct store *, long long **ids, int *n, char **why);
int	store_summary_load(struct store *, long long game, int *finished,
	    long *scores, int *won, int n, char **why);
int	store_tallies_check(struct store *,
	    int (*fn)(void *, const char *name, const char *rules,
	    long played, long won, long right_played, long right_won),
	    void *arg, char **why);
int	store_tallies_rebuild(struct store *, char **why);
/*
 * Snapshots: a game's replayed state (replay_snapshot's bytes), a cache
 * of its entries.  store_snapshot_get() loads the one stored and says
 * whether it fits: written in format, over the game's entries as they
 * are (the last entry's number and a checksum of that entry, the format
 * and the state).  store_snapshot_put() stores st as the snapshot of the
 * game's entries as they are now (in the caller's transaction, after the
 * entry it folds in); store_snapshot_drop() forgets it.
 */
#define STORE_SNAP_FITS		0
#define STORE_SNAP_MISSING	1	/* none stored */
#define STORE_SNAP_FORMAT	2	/* another format (shakeref) */
#define STORE_SNAP_STALE	3	/* of other entries (n != last) */
#define STORE_SNAP_KEY		4	/* its checksum does not match */
struct store_snapshot {
	int	 fit;		/* STORE_SNAP_* */
	int	 n;		/* the last entry it folds in, as stored */
	int	 last;		/* the game's last entry now */
	char	*format;
	char	*key;
	void	*state;
	size_t	 len;
};
int	store_snapshot_get(struct store *, long long game, const char *format,
	    struct store_snapshot *, char **why);
void	store_snapshot_clear(struct store_snapshot *);
int	store_snapshot_put(struct store *, long long game, const char *format,
	    const void *state, size_t len, char **why);
int	store_snapshot_drop(struct store *, long long game, char **why);

/* Load entry n of game id into se (SR_DATA if there is none). */
int	store_entry_load(struct store *, long long id, int n,
	    struct stored_entry *, char **why);

/*
 * The undo cache (a cache of the entries, as the snapshot is): per game
 * the depth of the stack of entries in effect and of the undone ones
 * (redo-able), with, for the top STORE_UNDO_KEEP entries in effect, the
 * snapshot of the state before each (kind 0, pos its depth), and the
 * undone ones (kind 1, pos its place in the redo stack, 1 the oldest).
 * store_undo_head() says whether it counts (valid): written with the
 * snapshot stored now (in format), which fits the entries now.  Every
 * write keeps it in the same transaction as its entry: push (before the
 * snapshot is stored: the state before the entry is the one stored
 * then), pop, cut, then set (after the snapshot is stored), or drop.
 */
#define STORE_UNDO_KEEP		8
struct store_undo {
	int	 valid;
	int	 depth;		/* entries in effect */
	int	 nundone;	/* undone, redo-able */
	int	 kept_undone;	/* of those, rows kept */
};
int	store_undo_head(struct store *, long long game, const char *format,
	    struct store_undo *, char **why);
/* Row (kind, pos): *n its entry (0: no such row), *state its bytes. */
int	store_undo_get(struct store *, long long game, int kind, int pos,
	    int *n, void **state, size_t *len, char **why);
int	store_undo_push(struct store *, long long game, int depth, int n,
	    int keep, char **why);
int	store_undo_pop(struct store *, long long game, int depth, int pos,
	    char **why);
/* Undone rows from pos up forgotten (redone, or redo ended: 1). */
int	store_undo_cut(struct store *, long long game, int pos, char **why);
/* *has 1 if an undone entry kept is of verb (ends_redo for a title). */
int	store_undo_has_verb(struct store *, long long game, const char *verb,
	    int *has, char **why);
int	store_undo_set(struct store *, long long game, int depth,
	    int nundone, char **why);
int	store_undo_drop(struct store *, long long game, char **why);
int	store_undo_put(struct store *, long long game, int kind, int pos,
	    int n, const void *state, size_t len, char **why);
int	store_undo_rows(struct store *, long long game,
	    int (*fn)(void *, int kind, int pos, int n, const void *state,
	    size_t len), void *arg, char **why);

/*
 * History's cache (entry_notes): per entry its round and its note in
 * words as a replay with notes gives them, written with the entry (a
 * function of the entries up to it, so they never change), and whether
 * it is undone (set by each undo and redo).  store_history_scan() gives
 * a game's entries with them to fn one at a time, *n of them, and
 * *complete 0 at the first that has none (the game is replayed then).
 * The entry fn gets, and every string in it, is lent for the call only:
 * nothing is copied per entry (issue 29).
 */
int	store_note_put(struct store *, long long game, int n, int round,
	    int undone, const char *note, char **why);
int	store_note_undone(struct store *, long long game, int n, int undone,
	    char **why);
int	store_notes_drop(struct store *, long long game, char **why);
int	store_history_scan(struct store *, long long id,
	    int (*fn)(void *, const struct stored_entry *), void *arg, int *n,
	    int *complete, char **why);
int	store_notes_rows(struct store *, long long game,
	    int (*fn)(void *, int n, int round, const char *note, int undone),
	    void *arg, char **why);

/*
 * The dice audit's tally (dice_tally): per game, seat (-1: nobody's),
 * kind of die and face, how many the entries in effect rolled (the
 * rolled hook, against the state each met).  A summary like the seats'
 * scores: kept by every write in the same transaction, compared and
 * rebuilt by check.
 */
int	store_dice_add(struct store *, long long game,
	    const struct die_rolled *, int n, int sign, char **why);
int	store_dice_count(struct store *, long long game, int seat, int kind,
	    int face, long count, char **why);
int	store_dice_drop(struct store *, long long game, char **why);
/* fn for each row with a count of game (0: of every game, by game). */
int	store_dice_rows(struct store *, long long game,
	    int (*fn)(void *, long long game, int seat, int kind, int face,
	    long count), void *arg, char **why);

/*
 * 1 if store_open() migrated an older schema: its write transaction is
 * still open, for the caller to rebuild the summaries in it and commit
 * (or roll back: the file keeps its old schema).
 */
int	store_migrated(const struct store *);

#endif
