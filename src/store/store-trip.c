/*
 * store-trip.c: one entry, one trip (issue 39): the coarse operations
 * of store.h the write path uses, made of the finer ones whatever the
 * engine: the read for a write (store_read), an entry's whole effect
 * written and committed (store_write), a game's caches written whole
 * (store_caches_put), and the look that settles a COMMIT in doubt
 * (store_entry_recorded).  Over store-ops.c's; on a league each
 * read and each write is one round trip (the engine's pipeline).
 */
#include <stdlib.h>
#include <string.h>

#include "store-engine.h"

/* The read for a write or a view of one game, in one; see store.h. */
int
store_read(struct store *s, int write, long long *id,
    const char *(*format)(void *, const char *rules), void *arg,
    struct store_read *r, char **why)
{
	const char *fmt;
	int status;

	memset(r, 0, sizeof *r);
	if ((status = store_begin_game(s, write, id, why)) != SR_OK)
		return status;
	if ((status = store_game_load(s, *id, &r->g, why)) != SR_OK)
		goto fail;
	fmt = format != NULL ? format(arg, r->g.rules) : NULL;
	if (fmt == NULL)
		return SR_OK;
	if ((status = store_snapshot_get(s, *id, fmt, &r->sn, why)) != SR_OK)
		goto fail;
	r->snapshot = 1;
	if (write) {
		if ((status = store_undo_head(s, *id, fmt, &r->u, why)) !=
		    SR_OK)
			goto fail;
		r->undo = 1;
	}
	return SR_OK;
fail:
	store_rollback(s);
	store_read_clear(r);
	return status;
}

/* Free what store_read() read. */
void
store_read_clear(struct store_read *r)
{
	store_game_clear(&r->g);
	store_snapshot_clear(&r->sn);
	memset(r, 0, sizeof *r);
}

/* 1 if two texts are the same (NULL only as NULL). */
static int
text_same(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* 1 if entry got is se as appended: number, player, verb, words, fact, time. */
static int
entry_same(const struct stored_entry *se, const struct stored_entry *got)
{
	int i;

	if (got->n != se->n || got->verb != se->verb || got->at != se->at ||
	    got->argc != se->argc || !text_same(got->player, se->player) ||
	    !text_same(got->fact, se->fact))
		return 0;
	for (i = 0; i < se->argc; i++)
		if (!text_same(got->argv[i], se->argv[i]))
			return 0;
	return 1;
}

/* Whether entry se of game is stored as appended; see store.h. */
int
store_entry_recorded(struct store *s, long long game,
    const struct stored_entry *se, int *there, char **why)
{
	struct stored_entry got;
	int status;

	*there = 0;
	memset(&got, 0, sizeof got);
	if ((status = store_begin(s, 0, why)) != SR_OK)
		return status;
	status = store_entry_load(s, game, se->n, &got, why);
	store_rollback(s);
	if (status == SR_DATA) {
		/* Not there (or unreadable: not the one appended). */
		if (why != NULL) {
			free(*why);
			*why = NULL;
		}
		status = SR_OK;
	} else if (status == SR_OK)
		*there = entry_same(se, &got);
	stored_entry_clear(&got);
	return status;
}

/* Write a game's caches made from its replay over its own; see store.h. */
int
store_caches_put(struct store *s, long long game,
    const struct store_caches *k, char **why)
{
	int status, i, seat, kind, face, pos;

	if (!k->ok) {
		/* An entry no longer replays: check says so; keep nothing. */
		if ((status = store_undo_drop(s, game, why)) != SR_OK)
			return status;
		return store_dice_drop(s, game, why);
	}
	if ((status = store_dice_drop(s, game, why)) != SR_OK)
		return status;
	for (seat = 0; seat <= GAME_MAX_PLAYERS; seat++)
		for (kind = 0; kind < 6; kind++)
			for (face = 0; face < 7; face++)
				if (k->dice[seat][kind][face] != 0 &&
				    (status = store_dice_count(s, game,
				    seat - 1, kind, face,
				    k->dice[seat][kind][face], why)) != SR_OK)
					return status;
	if (!k->undo)
		return SR_OK;
	if ((status = store_undo_drop(s, game, why)) != SR_OK)
		return status;
	for (i = 0; i < STORE_UNDO_KEEP; i++) {
		pos = k->depth - STORE_UNDO_KEEP + 1 + i;
		if (pos >= 1 && k->n[i] != 0 && (status = store_undo_put(s,
		    game, 0, pos, k->n[i], k->state[i].s, k->state[i].len,
		    why)) != SR_OK)
			return status;
	}
	/* Every undone entry (a row with no state): redo needs each. */
	for (pos = 1; pos <= k->nundone; pos++)
		if ((status = store_undo_put(s, game, 1, pos,
		    k->undone[pos - 1], NULL, 0, why)) != SR_OK)
			return status;
	return store_undo_set(s, game, k->depth, k->nundone, why);
}

/* The undo cache's row changes of an effect, in order. */
static int
undo_ops(struct store *s, const struct effect *e, char **why)
{
	const struct effect_undo_op *o;
	int status = SR_OK, i;

	for (i = 0; i < e->nundo && status == SR_OK; i++) {
		o = &e->undo[i];
		switch (o->op) {
		case EFFECT_UNDO_PUSH:
			status = store_undo_push(s, e->game, o->a, o->b,
			    STORE_UNDO_KEEP, why);
			break;
		case EFFECT_UNDO_POP:
			status = store_undo_pop(s, e->game, o->a, o->b, why);
			break;
		default:
			status = store_undo_cut(s, e->game, o->a, why);
			break;
		}
	}
	return status;
}

/* The undo cache's head of an effect, after its snapshot. */
static int
undo_head_end(struct store *s, const struct effect *e,
    const struct store_caches *k, char **why)
{
	switch (e->head) {
	case EFFECT_HEAD_SET:
		return store_undo_set(s, e->game, e->depth, e->nundone, why);
	case EFFECT_HEAD_DROP:
		return store_undo_drop(s, e->game, why);
	case EFFECT_HEAD_REBUILD:
		return store_caches_put(s, e->game, k, why);
	default:
		return SR_OK;
	}
}

/*
 * Write one entry's whole effect and commit; see store.h.  The order is
 * the contract's: the undo cache's push takes the snapshot stored
 * before the entry, the head the one stored after it.
 */
int
store_write(struct store *s, const struct effect *e,
    const struct store_caches *k, char **why)
{
	const struct stored_entry *se = e->entry;
	long long id = e->game;

	if ((se != NULL && store_entry_append(s, id, se, why) != SR_OK) ||
	    (e->summary && store_summary(s, id, e->state, e->scores, e->won,
	    e->nplayers, why) != SR_OK) ||
	    (e->names != NULL && store_game_names(s, id, e->names,
	    e->nplayers, e->title, why) != SR_OK) ||
	    store_dice_add(s, id, e->dice, e->ndice, e->sign, why) != SR_OK ||
	    (e->note && se != NULL && store_note_put(s, id, se->n,
	    se->round, 0, se->note, why) != SR_OK) ||
	    (e->undone_n > 0 && store_note_undone(s, id, e->undone_n,
	    e->undone, why) != SR_OK) ||
	    undo_ops(s, e, why) != SR_OK ||
	    (e->format != NULL && (e->snapshot != NULL ?
	    store_snapshot_put(s, id, e->format, e->snapshot, e->len, why) :
	    store_snapshot_drop(s, id, why)) != SR_OK) ||
	    undo_head_end(s, e, k, why) != SR_OK ||
	    store_commit(s, why) != SR_OK) {
		store_rollback(s);
		return SR_SYSTEM;
	}
	return SR_OK;
}
