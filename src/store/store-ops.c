/*
 * store-ops.c: the finer operations of store.h (what check, import, the
 * views and store-trip.c use) made of an engine's few coarse ones
 * (store-engine.h): each fills in one get, put or scan of its kind and
 * hands it to the engine of its store, or asks the engine's state.  No
 * engine implements these one by one.
 */
#include <stdlib.h>
#include <string.h>

#include "store-engine.h"

/* Declare the one get (q), put (o) or scan (q) of an operation. */
#define GET(what_)	struct store_get q = { .what = (what_) }
#define PUT(what_, game_) \
	struct store_put o = { .what = (what_), .game = (game_) }
#define SCAN(what_, game_, arg_) \
	struct store_scan q = { .what = (what_), .game = (game_), \
	    .arg = (arg_) }

/* The engine's answer about s, which it reads without changing. */
static int
ask(const struct store *s, enum store_state_what what)
{
	/* The state is asked, never changed, for a const store. */
	return s->engine->state((struct store *)s, what);
}

/* Whether open migrated an older schema; see store.h. */
int
store_migrated(const struct store *s)
{
	return ask(s, STORE_STATE_MIGRATED);
}

/* The next write's lock not waited for, if the engine can; see store.h. */
int
store_try_write(struct store *s)
{
	return s->engine->state(s, STORE_STATE_TRY_WRITE);
}

/* The last failure was a lock another held; see store.h. */
int
store_busy(const struct store *s)
{
	return ask(s, STORE_STATE_BUSY);
}

/* The notifications that arrived; see store.h. */
int
store_notice_take(struct store *s)
{
	return s->engine->state(s, STORE_STATE_NOTICE_TAKE);
}

/* Whether the connection is lost; see store.h. */
int
store_lost(const struct store *s)
{
	return ask(s, STORE_STATE_LOST);
}

/* Whether the last commit is in doubt; see store.h. */
int
store_in_doubt(const struct store *s)
{
	return ask(s, STORE_STATE_IN_DOUBT);
}

/* The current game, or 0; see store.h. */
int
store_current(struct store *s, long long *id, char **why)
{
	GET(STORE_GET_CURRENT);

	q.id = id;
	return s->engine->get(s, &q, why);
}

/* Make id the current game; see store.h. */
int
store_set_current(struct store *s, long long id, char **why)
{
	PUT(STORE_PUT_CURRENT, id);

	return s->engine->put(s, &o, why);
}

/* Load a game; see store.h. */
int
store_game_load(struct store *s, long long id, struct store_game *g,
    char **why)
{
	GET(STORE_GET_GAME);

	q.game = id;
	q.g = g;
	return s->engine->get(s, &q, why);
}

/* Load a game's entries; see store.h. */
int
store_entries_load(struct store *s, long long id, struct stored_entry **ep,
    int *np, char **why)
{
	GET(STORE_GET_ENTRIES);

	q.game = id;
	q.entries = ep;
	q.np = np;
	return s->engine->get(s, &q, why);
}

/* Load entry n of game id; see store.h. */
int
store_entry_load(struct store *s, long long id, int n,
    struct stored_entry *se, char **why)
{
	GET(STORE_GET_ENTRY);

	q.game = id;
	q.n = n;
	q.se = se;
	return s->engine->get(s, &q, why);
}

/* The number of game id's latest entry; see store.h. */
int
store_last_n(struct store *s, long long id, int *n, char **why)
{
	GET(STORE_GET_LAST_N);

	q.game = id;
	q.np = n;
	return s->engine->get(s, &q, why);
}

/* Create a game and its seats; see store.h. */
int
store_game_create(struct store *s, struct store_game *g, char **why)
{
	PUT(STORE_PUT_GAME, 0);

	o.g = g;
	return s->engine->put(s, &o, why);
}

/* The game with this uid, or 0; see store.h. */
int
store_game_by_uid(struct store *s, const char *uid, long long *id,
    char **why)
{
	GET(STORE_GET_BY_UID);

	q.text = uid;
	q.id = id;
	return s->engine->get(s, &q, why);
}

/* Record the names and title now; see store.h. */
int
store_game_names(struct store *s, long long game, const char *const *names,
    int n, const char *title, char **why)
{
	PUT(STORE_PUT_NAMES, game);

	o.names = names;
	o.n = n;
	o.text = title;
	return s->engine->put(s, &o, why);
}

/* Append one entry; see store.h. */
int
store_entry_append(struct store *s, long long game,
    const struct stored_entry *se, char **why)
{
	PUT(STORE_PUT_ENTRY, game);

	o.se = se;
	return s->engine->put(s, &o, why);
}

/* Record the game's summary; see store.h. */
int
store_summary(struct store *s, long long game, int state,
    const long *scores, const int *winners, int n, char **why)
{
	PUT(STORE_PUT_SUMMARY, game);

	o.kind = state;
	o.scores = scores;
	o.won = winners;
	o.n = n;
	return s->engine->put(s, &o, why);
}

/* List games; see store.h. */
int
store_games(struct store *s, int all,
    int (*fn)(void *, const struct store_game *, long), void *arg,
    char **why)
{
	SCAN(STORE_SCAN_GAMES, 0, arg);

	q.flag = all;
	q.fn.game = fn;
	return s->engine->scan(s, &q, why);
}

/* Export games as JSON texts; see store.h. */
int
store_export_json(struct store *s, long long id,
    int (*fn)(void *, const char *), void *arg, char **why)
{
	SCAN(STORE_SCAN_EXPORT, id, arg);

	q.fn.text = fn;
	return s->engine->scan(s, &q, why);
}

/* Export one row per player per game; see store.h. */
int
store_export_rows(struct store *s, long long id,
    int (*fn)(void *, const char *const *), void *arg, char **why)
{
	SCAN(STORE_SCAN_ROWS, id, arg);

	q.fn.cols = fn;
	return s->engine->scan(s, &q, why);
}

/* Per player and rules over finished games; see store.h. */
int
store_tallies(struct store *s, int (*fn)(void *, const struct store_tally *),
    void *arg, char **why)
{
	SCAN(STORE_SCAN_TALLIES, 0, arg);

	q.fn.tally = fn;
	return s->engine->scan(s, &q, why);
}

/* check: game's seats; see store.h. */
int
store_seats_shape(struct store *s, long long game, int *n, int *numbered,
    char **why)
{
	GET(STORE_GET_SEATS);

	q.game = game;
	q.np = n;
	q.flag = numbered;
	return s->engine->get(s, &q, why);
}

/* check: rows whose game does not exist; see store.h. */
int
store_orphans(struct store *s, int drop,
    int (*fn)(void *, const char *table, long long game, long rows),
    void *arg, char **why)
{
	SCAN(STORE_SCAN_ORPHANS, 0, arg);

	q.flag = drop;
	q.fn.orphan = fn;
	return s->engine->scan(s, &q, why);
}

/* check: game's creation record; see store.h. */
int
store_setup_record(struct store *s, long long game, struct store_game *rec,
    char **credited, char **why)
{
	GET(STORE_GET_SETUP);

	memset(rec, 0, sizeof *rec);
	memset(credited, 0, GAME_MAX_PLAYERS * sizeof *credited);
	q.game = game;
	q.g = rec;
	q.credited = credited;
	return s->engine->get(s, &q, why);
}

/* check: the engine's own integrity check; see store.h. */
int
store_integrity(struct store *s, int (*fn)(void *, const char *),
    void *arg, char **why)
{
	SCAN(STORE_SCAN_INTEGRITY, 0, arg);

	q.fn.text = fn;
	return s->engine->scan(s, &q, why);
}

/* Every game's id; see store.h. */
int
store_game_ids(struct store *s, long long **ids, int *n, char **why)
{
	GET(STORE_GET_GAME_IDS);

	q.ids = ids;
	q.np = n;
	return s->engine->get(s, &q, why);
}

/* The summary stored for game; see store.h. */
int
store_summary_load(struct store *s, long long game, int *finished,
    long *scores, int *won, int n, char **why)
{
	GET(STORE_GET_SUMMARY);

	q.game = game;
	q.flag = finished;
	q.scores = scores;
	q.won = won;
	q.n = n;
	return s->engine->get(s, &q, why);
}

/* Finished games in the order they finished; see store.h. */
int
store_results(struct store *s, const char *rules,
    int (*fn)(void *, const struct store_result *), void *arg, char **why)
{
	SCAN(STORE_SCAN_RESULTS, 0, arg);

	q.text = rules;
	q.fn.result = fn;
	return s->engine->scan(s, &q, why);
}

/* Store a row of game's coach cache; see store.h. */
int
store_coach_put(struct store *s, long long game, int n, int seat, int basis,
    long decisions, long long error, char **why)
{
	PUT(STORE_PUT_COACH, game);

	o.n = n;
	o.seat = seat;
	o.kind = basis;
	o.count = decisions;
	o.error = error;
	return s->engine->put(s, &o, why);
}

/* Forget game's coach cache; see store.h. */
int
store_coach_drop(struct store *s, long long game, char **why)
{
	return s->engine->drop(s, game, STORE_DROP_COACH, why);
}

/* The coach cache's rows; see store.h. */
int
store_coach_rows(struct store *s, long long game,
    int (*fn)(void *, const struct store_coach *), void *arg, char **why)
{
	SCAN(STORE_SCAN_COACH, game, arg);

	q.fn.coach = fn;
	return s->engine->scan(s, &q, why);
}

/* check: the tallies that differ from the summaries'; see store.h. */
int
store_tallies_check(struct store *s,
    int (*fn)(void *, const char *name, const char *rules, long played,
    long won, long right_played, long right_won), void *arg, char **why)
{
	SCAN(STORE_SCAN_TALLY_CHECK, 0, arg);

	q.fn.tally_check = fn;
	return s->engine->scan(s, &q, why);
}

/* Rebuild the tallies from the summaries; see store.h. */
int
store_tallies_rebuild(struct store *s, char **why)
{
	return s->engine->drop(s, 0, STORE_DROP_TALLIES, why);
}

/* Load game's snapshot; see store.h. */
int
store_snapshot_get(struct store *s, long long game, const char *format,
    struct store_snapshot *sn, char **why)
{
	GET(STORE_GET_SNAPSHOT);

	q.game = game;
	q.text = format;
	q.sn = sn;
	return s->engine->get(s, &q, why);
}

/* Store game's snapshot; see store.h. */
int
store_snapshot_put(struct store *s, long long game, const char *format,
    const void *state, size_t len, char **why)
{
	PUT(STORE_PUT_SNAPSHOT, game);

	o.text = format;
	o.state = state;
	o.len = len;
	return s->engine->put(s, &o, why);
}

/* Forget game's snapshot; see store.h. */
int
store_snapshot_drop(struct store *s, long long game, char **why)
{
	return s->engine->drop(s, game, STORE_DROP_SNAPSHOT, why);
}

/* The undo cache's head; see store.h. */
int
store_undo_head(struct store *s, long long game, const char *format,
    struct store_undo *u, char **why)
{
	GET(STORE_GET_UNDO_HEAD);

	q.game = game;
	q.text = format;
	q.u = u;
	return s->engine->get(s, &q, why);
}

/* One row of the undo cache; see store.h. */
int
store_undo_get(struct store *s, long long game, int kind, int pos, int *n,
    void **state, size_t *len, char **why)
{
	GET(STORE_GET_UNDO_ROW);

	q.game = game;
	q.kind = kind;
	q.pos = pos;
	q.np = n;
	q.state = state;
	q.len = len;
	return s->engine->get(s, &q, why);
}

/* Entry n pushed at depth; see store.h. */
int
store_undo_push(struct store *s, long long game, int depth, int n, int keep,
    char **why)
{
	PUT(STORE_PUT_UNDO_PUSH, game);

	o.depth = depth;
	o.n = n;
	o.keep = keep;
	return s->engine->put(s, &o, why);
}

/* The entry in effect at depth undone; see store.h. */
int
store_undo_pop(struct store *s, long long game, int depth, int pos,
    char **why)
{
	PUT(STORE_PUT_UNDO_POP, game);

	o.depth = depth;
	o.pos = pos;
	return s->engine->put(s, &o, why);
}

/* Undone rows from pos up forgotten; see store.h. */
int
store_undo_cut(struct store *s, long long game, int pos, char **why)
{
	PUT(STORE_PUT_UNDO_CUT, game);

	o.pos = pos;
	return s->engine->put(s, &o, why);
}

/* Whether an undone entry kept is of verb; see store.h. */
int
store_undo_has_verb(struct store *s, long long game, const char *verb,
    int *has, char **why)
{
	GET(STORE_GET_UNDO_VERB);

	q.game = game;
	q.text = verb;
	q.flag = has;
	return s->engine->get(s, &q, why);
}

/* The undo cache's head, with the snapshot stored now; see store.h. */
int
store_undo_set(struct store *s, long long game, int depth, int nundone,
    char **why)
{
	PUT(STORE_PUT_UNDO_HEAD, game);

	o.depth = depth;
	o.keep = nundone;
	return s->engine->put(s, &o, why);
}

/* Forget game's undo cache; see store.h. */
int
store_undo_drop(struct store *s, long long game, char **why)
{
	return s->engine->drop(s, game, STORE_DROP_UNDO, why);
}

/* Store one row of the undo cache; see store.h. */
int
store_undo_put(struct store *s, long long game, int kind, int pos, int n,
    const void *state, size_t len, char **why)
{
	PUT(STORE_PUT_UNDO_ROW, game);

	o.kind = kind;
	o.pos = pos;
	o.n = n;
	o.state = state;
	o.len = len;
	return s->engine->put(s, &o, why);
}

/* Every row of game's undo cache; see store.h. */
int
store_undo_rows(struct store *s, long long game,
    int (*fn)(void *, int kind, int pos, int n, const void *state,
    size_t len), void *arg, char **why)
{
	SCAN(STORE_SCAN_UNDO, game, arg);

	q.fn.undo = fn;
	return s->engine->scan(s, &q, why);
}

/* Store entry n's round, note and undone; see store.h. */
int
store_note_put(struct store *s, long long game, int n, int round,
    int undone, const char *note, char **why)
{
	PUT(STORE_PUT_NOTE, game);

	o.n = n;
	o.round = round;
	o.undone = undone;
	o.text = note;
	return s->engine->put(s, &o, why);
}

/* Entry n taken back or restored; see store.h. */
int
store_note_undone(struct store *s, long long game, int n, int undone,
    char **why)
{
	PUT(STORE_PUT_NOTE_UNDONE, game);

	o.n = n;
	o.undone = undone;
	return s->engine->put(s, &o, why);
}

/* Forget game's notes; see store.h. */
int
store_notes_drop(struct store *s, long long game, char **why)
{
	return s->engine->drop(s, game, STORE_DROP_NOTES, why);
}

/* Each of game's entries with its note; see store.h. */
int
store_history_scan(struct store *s, long long id,
    int (*fn)(void *, const struct stored_entry *), void *arg, int *n,
    int *complete, char **why)
{
	SCAN(STORE_SCAN_HISTORY, id, arg);

	q.fn.entry = fn;
	q.np = n;
	q.complete = complete;
	return s->engine->scan(s, &q, why);
}

/* Every note row of game; see store.h. */
int
store_notes_rows(struct store *s, long long game,
    int (*fn)(void *, int n, int round, const char *note, int undone),
    void *arg, char **why)
{
	SCAN(STORE_SCAN_NOTES, game, arg);

	q.fn.note = fn;
	return s->engine->scan(s, &q, why);
}

/* Add count to one face's tally of game; see store.h. */
int
store_dice_count(struct store *s, long long game, int seat, int kind,
    int face, long count, char **why)
{
	PUT(STORE_PUT_DIE, game);

	o.seat = seat;
	o.kind = kind;
	o.face = face;
	o.count = count;
	return s->engine->put(s, &o, why);
}

/* Forget game's tally; see store.h. */
int
store_dice_drop(struct store *s, long long game, char **why)
{
	return s->engine->drop(s, game, STORE_DROP_DICE, why);
}

/* The tally's rows; see store.h. */
int
store_dice_rows(struct store *s, long long game,
    int (*fn)(void *, long long game, int seat, int kind, int face,
    long count), void *arg, char **why)
{
	SCAN(STORE_SCAN_DICE, game, arg);

	q.fn.die = fn;
	return s->engine->scan(s, &q, why);
}
