/*
 * store.h: the store's contract.  What a store promises, in words above
 * each operation, and kept by every engine behind it: SQLite (a path,
 * src/store/store-sqlite*.c, the only files that include sqlite3.h), the
 * league (a postgresql:// URI, store-pg*.c) and any other an engine
 * table names.  An engine implements eleven coarse operations (open,
 * close, state, begin, commit, rollback, get, put, scan, drop, notice:
 * store-engine.h); the operations below are made of those once, whatever
 * the engine (store.c, store-ops.c, store-trip.c).  The commands include
 * this file alone and never know which engine they talk to; an engine
 * needs nothing from the commands (only the core's types: struct
 * stored_entry, die_rolled).
 *
 * The promises every operation keeps:
 *
 * - Status.  Each returns an exit status: SR_OK; SR_DATA for what the
 *   data says (no such game or entry, no database at a path, a schema
 *   from a newer shakeref, an entry this shakeref cannot read); SR_SYSTEM
 *   for the engine failing (I/O, a lock held past the wait, a lost
 *   connection, a foreign database).  On failure *why is set (if why is
 *   not NULL) to a malloc'd message, "what is wrong" in the project's
 *   words, naming the database by its path (never a password or other
 *   credentials of a URI), for the caller to print after "shakeref:
 *   CMD: " and free.  Nothing is printed by the store.
 * - Transactions.  Every operation but open, close and migrated runs
 *   inside a transaction the caller began with store_begin() (or
 *   store_begin_game()) and ends with store_commit() or store_rollback().
 *   A read transaction sees one state of the database throughout
 *   (snapshot isolation); a write transaction holds the write lock of at
 *   least the games it writes from its start (SQLite: the file; a
 *   server: the game's row), so that two tables writing to one game are
 *   serialised and the second sees the first's entry, and waits for
 *   another's lock a bounded time (then SR_SYSTEM, "locked by another
 *   shakeref; try again").
 * - Durability.  Whatever a write transaction did is durable when
 *   store_commit() returns SR_OK, and none of it is if it does not:
 *   an entry, its game's summary, the tallies, snapshot, undo cache,
 *   notes and dice tally written with it are one atomic change.  The
 *   caller acknowledges an entry only after that.
 * - Entries are append-only: numbered 1, 2, ... in each game by the
 *   caller, never changed or deleted, which the engine's schema itself
 *   enforces (a
 *   trigger, a role without the right), not only this code.  Everything
 *   else (summaries, tallies, snapshots, the undo cache, notes, the dice
 *   tally) is derived from the entries and can be rebuilt from them (the
 *   caller's check --repair does), so a derived row that does not fit is
 *   ignored, never trusted.
 * - Change notices.  A commit that appends an entry can be noticed by
 *   another process reading the same database without reading it in a
 *   loop: SQLite's file, WAL and journal change (src/sys/notice.c watches
 *   them); a server's engine sends a notification of its own
 *   (store_notice(), below).  What was noticed is confirmed with
 *   store_last_n().
 * - Threads.  A store is used by one thread at a time; a second thread
 *   opens its own.
 * - One trip (issue 39).  An entry is one read and one write:
 *   store_read() begins, takes the game's lock and reads the game with
 *   its snapshot and undo head; store_write() writes the entry's whole
 *   effect (struct effect, computed without the store) and
 *   commits.  On a server each is one round trip (the league's pipeline
 *   mode); the finer operations below are what store-trip.c makes them
 *   of, and what check, import and the views use.
 */
#ifndef SHAKEREF_STORE_H
#define SHAKEREF_STORE_H

#include "effect.h"
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
 * A finished game's result, for the ratings of `standings --all-time`:
 * its seats' names, scores and wins now (the summary), when it finished (the
 * time of its last entry) and that entry's number.
 */
#define STORE_NAME_MAX	(GAME_NAME_BYTES + 1)
struct store_result {
	long long	 game;
	char		 rules[GAME_RULES_NAME_MAX + 1];
	long long	 at;
	int		 last;
	int		 nplayers;
	char		 names[GAME_MAX_PLAYERS][STORE_NAME_MAX];
	long		 scores[GAME_MAX_PLAYERS];
	int		 won[GAME_MAX_PLAYERS];
};

/*
 * A row of the coach's cache of a game (coach_tally): for a seat (-1:
 * the game's head, there even when nobody decided) and a basis (enum
 * advice_basis), the decisions review judges and their error summed, in
 * millionths; n the game's last entry when it was made.
 */
struct store_coach {
	long long	 game;
	int		 n;
	int		 seat;
	int		 basis;
	long		 decisions;
	long long	 error;
};

/*
 * Open the database called name (a path, or a URI an engine takes);
 * migrate an older schema forward, in one transaction; refuse a newer
 * one (SR_DATA) and a database that is not shakeref's (SR_SYSTEM)
 * before changing anything in it.  With create (new, import), make it
 * (a file: its folders and the file 0600) if need be; without, a
 * missing database is SR_DATA and nothing is made.  client_dir is the
 * folder of this client's own state ($XDG_STATE_HOME/shakeref, or NULL):
 * a database many tables share (a league) keeps there, one file per
 * database name and never in the database, each table's current game
 * and what the table last saw of the database (its schema's version,
 * so that a command need not ask it before its first statement); a
 * file keeps its current game in itself and ignores the folder.
 */
int	store_open(const char *path, const char *client_dir, int create,
	    struct store **, char **why);
/* Close it (NULL: nothing); a transaction still open is rolled back. */
void	store_close(struct store *);
/*
 * 1 if the database called name is a path (a file the store makes),
 * 0 if it is a URI (a league's server: SPEC.md "League").
 */
int	store_is_path(const char *name);
/*
 * Begin a transaction: with write, one that holds the write lock from
 * its start (SQLite: BEGIN IMMEDIATE), else a read (see above).
 */
int	store_begin(struct store *, int write, char **why);
/*
 * store_begin() and the game it is about: *id, or with *id 0 the current
 * game, whose id it puts in *id.  With no current game: SR_DATA (its
 * only SR_DATA), *id 0 and "no current game; ..." in *why.  On any
 * failure no transaction is left open.  The set-up every command that
 * reads or writes one game starts with.
 */
int	store_begin_game(struct store *, int write, long long *id,
	    char **why);
/*
 * Make the next write transaction's lock (the one store_game_load()
 * takes: a server's engine locks the game's row there) fail at once when
 * another holds it, rather than wait: SR_SYSTEM and store_busy() 1.  For
 * a command that checks its data in the write itself when nobody else
 * writes, and first in a read transaction only when someone does (data
 * before system, SPEC.md).  Cleared by the transaction's end.  0 if the
 * engine cannot (it then waits, as always; SQLite's lock is the file's:
 * the caller reads first).
 */
int	store_try_write(struct store *);
/* 1 if the last failure was a lock another held (store_try_write). */
int	store_busy(const struct store *);
/* Commit: all of it durable when it returns SR_OK, else none of it. */
int	store_commit(struct store *, char **why);
/* Roll back the transaction open, if any (none: nothing happens). */
void	store_rollback(struct store *);

/*
 * The current game's id, or 0 if none: the game `new` made or `use`
 * chose last, as this database keeps it (a server's engine keeps it on
 * the client, one per database, so that one table never moves
 * another's).
 */
int	store_current(struct store *, long long *id, char **why);
int	store_set_current(struct store *, long long id, char **why);

/*
 * Load game id with its seats, as created and as now (SR_DATA if there
 * is none); store_game_clear() frees what it loaded.
 */
int	store_game_load(struct store *, long long id, struct store_game *,
	    char **why);
void	store_game_clear(struct store_game *);
/*
 * Load game id's entries, in order of n, into a malloc'd array (each
 * freed with stored_entry_clear()): every argument exactly as it was
 * appended.  An entry this shakeref cannot read (an unknown verb,
 * arguments that are not a list of strings) is SR_DATA.
 */
int	store_entries_load(struct store *, long long id,
	    struct stored_entry **, int *n, char **why);
/*
 * The number of game id's latest entry, 0 if it has none: another
 * process's entries are noticed by it (entries are only ever appended).
 */
int	store_last_n(struct store *, long long id, int *n, char **why);

/*
 * Create a game and its seats, as created (title0 and names0 the same as
 * title and names), with g->uid if set, else a new random one (32 hex
 * digits, unique in the database); sets g->id, which is larger than
 * every game's before it (games are listed oldest first by id).  Each
 * name is a player, the same in every game (names that differ only in
 * ASCII case are one player).
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
/*
 * Append an entry to game: its number se->n the game's last plus one,
 * every argument stored exactly (an argument that is not UTF-8 is
 * refused, SR_SYSTEM, rather than stored otherwise), with its player,
 * fact and time.  Atomic with the rest of the transaction: the caller
 * writes the game's summary, snapshot and caches in the same one, before
 * store_commit().  An entry whose number is taken is refused by the
 * schema (append-only).
 */
int	store_entry_append(struct store *, long long game,
	    const struct stored_entry *, char **why);
/*
 * Record the game's summary, which replay can always rebuild: its state
 * (STORE_ACTIVE, ...), each seat's score and whether it won.  The
 * tallies follow it in the same transaction (the schema keeps them: a
 * game finished, or active again after undo, counts or stops counting).
 */
int	store_summary(struct store *, long long game, int state,
	    const long *scores, const int *winners, int n, char **why);

/*
 * Games with their seats, oldest first; all: finished and abandoned ones
 * too, else the active ones.  fn returns 0 to go on; its third argument
 * is unused (-1).  In time flat in the number of games (no entry read).
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

/*
 * Per player and rules over finished games (played, won), players in
 * first-seen order: `standings --all-time`, one row per player and
 * rules, however many games.
 */
int	store_tallies(struct store *,
	    int (*fn)(void *, const struct store_tally *), void *arg,
	    char **why);

/*
 * The finished games (of rules, or every one with NULL) to fn, in the
 * order they finished: by their last entry's time, then by id.  One
 * statement however many games; no entry but each game's last is read.
 */
int	store_results(struct store *, const char *rules,
	    int (*fn)(void *, const struct store_result *), void *arg,
	    char **why);
/*
 * The coach's cache (a cache of the entries, like the dice tally): put
 * one row (replacing the row of that seat and basis), drop a game's,
 * give each row of game (0: of every game, by game) to fn.  Made by
 * `standings --all-time` for a finished game that has none that fits,
 * compared and rebuilt by check.
 */
int	store_coach_put(struct store *, long long game, int n, int seat,
	    int basis, long decisions, long long error, char **why);
int	store_coach_drop(struct store *, long long game, char **why);
int	store_coach_rows(struct store *, long long game,
	    int (*fn)(void *, const struct store_coach *), void *arg,
	    char **why);

/*
 * For check, which looks for what no write of shakeref's leaves and
 * repairs what is derived: game's seats: how many, and whether numbered
 * 0..n-1.
 */
int	store_seats_shape(struct store *, long long game, int *n,
	    int *numbered, char **why);
/*
 * check: rows of entries, seats, snapshots and the other caches
 * (entry_notes, dice_tally, undo_states, undo_heads) whose game does not
 * exist, and tallies whose player does not (table "tallies", game the
 * player's id) (fn: the table, the game, how many); drop deletes such
 * caches (tallies: their rebuild).
 */
int	store_orphans(struct store *, int drop,
	    int (*fn)(void *, const char *table, long long game, long rows),
	    void *arg, char **why);
/*
 * check: game's creation record, written with the game by `new` or
 * `import` and never changed (append-only: no role of a league may
 * change it): its rules, options, title0, created, uid and names0 into
 * rec (rec->id 0 when the game has none; clear it with
 * store_game_clear()); and in credited[i] the name of the player seat
 * i's row credits now (malloc'd; NULL for a seat without a player).
 */
int	store_setup_record(struct store *, long long game,
	    struct store_game *rec, char **credited, char **why);
/*
 * check: the engine's own integrity check (fn gets each problem it
 * reports, SQLite's lines other than "ok"); every game's id, oldest
 * first; the summary stored for a game of n seats; the tallies that
 * differ from what the games' summaries give; and the tallies rebuilt
 * from those.
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

/*
 * Load entry n of game id into se (SR_DATA if there is none, or if this
 * shakeref cannot read it).
 */
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
 * The read for a write (or a view) of one game, as one operation:
 * store_begin_game() (write: the game's lock held from its start), the
 * game (store_game_load()) into r->g and, when format(arg, rules) gives
 * the snapshot format of the game's rules (NULL: its rules keep none, or
 * are unknown), its snapshot judged in that format (store_snapshot_get())
 * into r->sn, and for a write the undo cache's head stored with it
 * (store_undo_head()) into r->u, r->undo then 1.  On a server it is one
 * round trip.  SR_OK with the transaction open (the caller ends it);
 * on failure nothing is open and r holds nothing to free.
 * store_read_clear() frees what it read.
 */
struct store_read {
	struct store_game	 g;
	int			 snapshot;	/* sn read */
	struct store_snapshot	 sn;
	int			 undo;		/* u read */
	struct store_undo	 u;
};
int	store_read(struct store *, int write, long long *id,
	    const char *(*format)(void *, const char *rules), void *arg,
	    struct store_read *, char **why);
void	store_read_clear(struct store_read *);

/*
 * A game's caches beyond its snapshot made whole from a replay of its
 * entries (issue 29): the dice tally (per seat + 1, kind and face) and,
 * for rules that keep snapshots (undo), the undo cache's rows: the
 * state before each of the top STORE_UNDO_KEEP entries in effect (n[i]
 * the entry at depth depth - STORE_UNDO_KEEP + 1 + i, 0: none) and the
 * entries undone (undone[pos - 1], pos 1 the oldest).  ok 0: an entry
 * no longer replays, and both caches are dropped instead.
 * store_caches_put() writes them over the game's, in the caller's write
 * transaction.
 */
struct store_caches {
	int		 ok;
	int		 undo;
	long		 dice[GAME_MAX_PLAYERS + 1][6][7];
	int		 depth;
	int		 n[STORE_UNDO_KEEP];
	struct buf	 state[STORE_UNDO_KEEP];
	int		 nundone;
	int		*undone;
};
int	store_caches_put(struct store *, long long game,
	    const struct store_caches *, char **why);

/*
 * store_write() writes an entry's whole effect (effect.h) in the write
 * transaction the read for the write began (store_begin_game(), the
 * game's lock held) and commits: SR_OK when durable; else nothing of it
 * is (rolled back), and store_in_doubt() says whether a lost COMMIT
 * leaves that unknown.  k: when the effect's head is EFFECT_HEAD_REBUILD,
 * the game's caches rebuilt by the command from its replay, written over
 * the game's (store_caches_put()); else unused, may be NULL.  On a server
 * (the league) it is one round trip.
 */
int	store_write(struct store *, const struct effect *,
	    const struct store_caches *k, char **why);

/*
 * The table's own copy of a game (issue 39: on a league, an entry is one
 * round trip, with no read before it).  After an entry's write commits
 * (store_write), the command keeps what the next read for a write of
 * the game would give (r: the game, its snapshot as written, fitting,
 * and the undo cache's head after it) with store_kept_put(); the engine
 * keeps it with a token of that write, or forgets its copy when it has
 * none (r NULL; SQLite never keeps one: its read costs no trip).
 * store_kept_get() gives it back without the database: 1 and r filled
 * for game *id (0: the current one, *id then set), 0 when none is kept
 * for it.  store_kept_begin() begins a write transaction on the copy:
 * instead of the read, a guard that waits for no lock, and whose
 * failure fails the COMMIT (nothing of the transaction durable) unless
 * no other write of the game committed since the one the copy was kept
 * from.  A caller whose write on a copy fails (not in doubt), or whose
 * entry the copy would refuse, reads and judges afresh (store_read): a
 * copy never refuses an entry nor says a failure.  The engine keeps its
 * guard honest: every write transaction of a game (check --repair, a
 * migration) changes its token.
 */
int	store_kept_get(struct store *, long long *id, struct store_read *);
void	store_kept_put(struct store *, const struct store_read *);
int	store_kept_begin(struct store *, long long game, char **why);

/*
 * 1 if store_open() migrated an older schema: its write transaction is
 * still open, for the caller to rebuild the derived data in it and
 * commit (or roll back: the database keeps its old schema, whole).
 */
int	store_migrated(const struct store *);

/*
 * Change notices (above), for a view (watch, serve) to sleep on, outside
 * any transaction.  *path: the file whose changes matter, or NULL for
 * the database's own name as opened (SQLite: the file, its WAL and
 * journal beside it; a server's engine: the file on this client that
 * keeps the current game, which another terminal's `new` or `use` may
 * change).  *fd: a descriptor that becomes readable when another
 * connection commits a change (a server's engine: LISTEN on the
 * connection's socket), or -1 when the engine has none (SQLite: the
 * file is the notice).  store_notice_take() reads what arrived on *fd
 * without waiting: 1 a change was notified, 0 nothing, -1 the
 * connection is lost.
 */
int	store_notice(struct store *, const char **path, int *fd, char **why);
int	store_notice_take(struct store *);
/*
 * A COMMIT in doubt settled by a look (store_in_doubt(), once connected
 * again): *there 1 if entry se of game is stored exactly as it was
 * appended (number, player, verb, every argument, fact, time), 0 if
 * not (none, or another table's entry of that number), in a read
 * transaction of its own; SR_OK, or the failure (*why).
 */
int	store_entry_recorded(struct store *, long long game,
	    const struct stored_entry *se, int *there, char **why);
/*
 * 1 if the store's connection to its server is lost (an operation
 * failed with SR_SYSTEM because of it; SQLite: never).  Nothing it
 * acknowledged is lost; the caller may close the store and open it
 * again (play does at its next line, watch and serve at their next look).
 */
int	store_lost(const struct store *);
/*
 * 1 if the last store_commit() failed because the connection was lost
 * once COMMIT may have reached the server: the transaction may be
 * durable or not, and only a look at the database after connecting
 * again tells (SQLite: never; a failure before COMMIT was sent, or with
 * the connection still there, is never in doubt: none of it is durable).
 */
int	store_in_doubt(const struct store *);

#endif
