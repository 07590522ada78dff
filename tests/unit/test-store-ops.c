/*
 * test-store-ops.c: store.h's finer operations reach an engine as its
 * coarse ones (store-engine.h): each a get, put, scan or drop of its
 * kind with its arguments in the fields store-engine.h names beside the
 * kind, or a question of the engine's state, and the engine's answer
 * comes back as it is.  The engine here only records what it is handed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/store/store-engine.h"
#include "tap.h"

/* What the engine was last handed. */
static struct {
	struct store_get	get;
	struct store_put	put;
	struct store_scan	scan;
	long long		game;
	int			drop, state, calls;
	int			answer;		/* what get, put, scan return */
	int			zeroed;		/* setup: rec and credited 0 */
} seen;

static int
rec_get(struct store *s, struct store_get *q, char **why)
{
	int i;

	(void)s, (void)why;
	seen.get = *q;
	seen.calls++;
	if (q->what == STORE_GET_SETUP) {
		seen.zeroed = q->g->nplayers == 0 && q->g->uid == NULL;
		for (i = 0; i < GAME_MAX_PLAYERS; i++)
			seen.zeroed &= q->credited[i] == NULL;
	}
	return seen.answer;
}

static int
rec_put(struct store *s, const struct store_put *o, char **why)
{
	(void)s, (void)why;
	seen.put = *o;
	seen.calls++;
	return seen.answer;
}

static int
rec_scan(struct store *s, const struct store_scan *q, char **why)
{
	(void)s, (void)why;
	seen.scan = *q;
	seen.calls++;
	return seen.answer;
}

static int
rec_drop(struct store *s, long long game, enum store_drop_what what,
    char **why)
{
	(void)s, (void)why;
	seen.game = game;
	seen.drop = (int)what;
	seen.calls++;
	return seen.answer;
}

/* The state asked, answered as its kind plus 10. */
static int
rec_state(struct store *s, enum store_state_what what)
{
	(void)s;
	seen.state = (int)what;
	seen.calls++;
	return (int)what + 10;
}

static const struct store_engine recorder = {
	.name = "recorder",
	.state = rec_state,
	.get = rec_get,
	.put = rec_put,
	.scan = rec_scan,
	.drop = rec_drop,
};

static int
entry_fn(void *arg, const struct stored_entry *se)
{
	(void)arg, (void)se;
	return 0;
}

int
main(void)
{
	struct store st = { &recorder }, *s = &st;
	struct store_game rec;
	char *credited[GAME_MAX_PLAYERS], tag[] = "arg";
	long scores[3] = { 40, 25, 12 };
	int won[3] = { 1, 0, 0 }, n = 0, complete = 0;
	void *state = NULL;
	size_t len = 0;
	long long id = 0;

	is_int(store_undo_set(s, 7, 3, 2, NULL), SR_OK,
	    "store_undo_set: the engine's SR_OK");
	ok(seen.put.what == STORE_PUT_UNDO_HEAD && seen.put.game == 7 &&
	    seen.put.depth == 3 && seen.put.keep == 2,
	    "store_undo_set(7, depth 3, 2 undone): put UNDO_HEAD, game 7, "
	    "depth 3, keep 2");

	store_dice_count(s, 9, 1, 2, 6, -1, NULL);
	ok(seen.put.what == STORE_PUT_DIE && seen.put.game == 9 &&
	    seen.put.seat == 1 && seen.put.kind == 2 && seen.put.face == 6 &&
	    seen.put.count == -1,
	    "store_dice_count(9, seat 1, kind 2, face 6, -1): put DIE with "
	    "each in its field");

	store_coach_put(s, 4, 12, -1, 2, 30, 1500000LL, NULL);
	ok(seen.put.what == STORE_PUT_COACH && seen.put.game == 4 &&
	    seen.put.n == 12 && seen.put.seat == -1 && seen.put.kind == 2 &&
	    seen.put.count == 30 && seen.put.error == 1500000LL,
	    "store_coach_put: basis in kind, decisions in count, the error");

	store_summary(s, 5, STORE_FINISHED, scores, won, 3, NULL);
	ok(seen.put.what == STORE_PUT_SUMMARY && seen.put.game == 5 &&
	    seen.put.kind == STORE_FINISHED && seen.put.scores == scores &&
	    seen.put.won == won && seen.put.n == 3,
	    "store_summary: the state in kind, scores, winners, 3 seats");

	store_note_put(s, 6, 14, 3, 1, "a note", NULL);
	ok(seen.put.what == STORE_PUT_NOTE && seen.put.n == 14 &&
	    seen.put.round == 3 && seen.put.undone == 1 &&
	    strcmp(seen.put.text, "a note") == 0,
	    "store_note_put: entry 14, round 3, undone, the note in text");

	store_undo_get(s, 3, 1, 4, &n, &state, &len, NULL);
	ok(seen.get.what == STORE_GET_UNDO_ROW && seen.get.game == 3 &&
	    seen.get.kind == 1 && seen.get.pos == 4 && seen.get.np == &n &&
	    seen.get.state == &state && seen.get.len == &len,
	    "store_undo_get: get UNDO_ROW, kind 1, pos 4, the caller's "
	    "n, state and length");

	memset(&rec, 0xff, sizeof rec);
	memset(credited, 0xff, sizeof credited);
	store_setup_record(s, 8, &rec, credited, NULL);
	ok(seen.get.what == STORE_GET_SETUP && seen.get.game == 8 &&
	    seen.zeroed,
	    "store_setup_record: the record and credited names emptied "
	    "before the engine fills them in");

	seen.answer = SR_DATA;
	is_int(store_current(s, &id, NULL), SR_DATA,
	    "store_current: the engine's SR_DATA, as it is");
	ok(seen.get.what == STORE_GET_CURRENT && seen.get.id == &id,
	    "store_current: get CURRENT into the caller's id");
	seen.answer = SR_OK;

	store_history_scan(s, 11, entry_fn, tag, &n, &complete, NULL);
	ok(seen.scan.what == STORE_SCAN_HISTORY && seen.scan.game == 11 &&
	    seen.scan.fn.entry == entry_fn && seen.scan.arg == tag &&
	    seen.scan.np == &n && seen.scan.complete == &complete,
	    "store_history_scan: scan HISTORY of game 11 with the callback, "
	    "its argument, n and complete");

	store_notes_drop(s, 8, NULL);
	ok(seen.drop == STORE_DROP_NOTES && seen.game == 8,
	    "store_notes_drop(8): drop NOTES of game 8");
	store_tallies_rebuild(s, NULL);
	ok(seen.drop == STORE_DROP_TALLIES && seen.game == 0,
	    "store_tallies_rebuild: drop TALLIES (game 0)");

	is_int(store_try_write(s), STORE_STATE_TRY_WRITE + 10,
	    "store_try_write: the engine's answer to TRY_WRITE");
	is_int(store_busy(s), STORE_STATE_BUSY + 10,
	    "store_busy: the engine's answer to BUSY");
	is_int(store_in_doubt(s), STORE_STATE_IN_DOUBT + 10,
	    "store_in_doubt: the engine's answer to IN_DOUBT");
	is_int(seen.calls, 14, "one engine operation for each of the 14 "
	    "calls: no store.h operation asked more");
	return tap_done();
}
