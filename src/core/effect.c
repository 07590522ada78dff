/*
 * effect.c: an entry's whole effect on the store, computed from the
 * replay without the store (effect.h).
 */
#include <stdlib.h>
#include <string.h>

#include "effect.h"

/* 1 if two summaries of a game of n players say the same. */
int
effect_summary_same(const struct effect_summary *a,
    const struct effect_summary *b, int n)
{
	int i;

	if (a->state != b->state)
		return 0;
	for (i = 0; i < n; i++)
		if (a->scores[i] != b->scores[i] || a->won[i] != b->won[i])
			return 0;
	return 1;
}

/* Add an undo cache row change to e. */
static void
undo_op(struct effect *e, int op, int a, int b)
{
	e->undo[e->nundo].op = op;
	e->undo[e->nundo].a = a;
	e->undo[e->nundo++].b = b;
}

/* The undo cache's row changes of entry se into e; h moved on. */
static void
undo_rows(const struct stored_entry *se, struct effect_head *h,
    struct effect *e)
{
	switch (se->verb) {
	case V_UNDO:
		if (h->depth == 0)
			break;
		undo_op(e, EFFECT_UNDO_POP, h->depth, h->nundone + 1);
		h->depth--;
		h->nundone++;
		h->kept_undone++;
		break;
	case V_REDO:
		if (h->nundone == 0 || se->argc != 1)
			break;
		undo_op(e, EFFECT_UNDO_CUT, h->nundone, 0);
		undo_op(e, EFFECT_UNDO_PUSH, h->depth + 1, atoi(se->argv[0]));
		h->depth++;
		h->nundone--;
		h->kept_undone--;
		break;
	default:
		undo_op(e, EFFECT_UNDO_PUSH, h->depth + 1, se->n);
		h->depth++;
		if (se->verb == V_NOTE || h->nundone == 0)
			break;
		if (h->has_verb) {
			undo_op(e, EFFECT_UNDO_CUT, 1, 0);
			h->nundone = h->kept_undone = 0;
		} else if (h->kept_undone < h->nundone)
			h->valid = 0;	/* unknown: forget the cache */
		break;
	}
}

void
effect_of(const struct replay *rp, const struct effect_in *in,
    struct effect_head *h, struct effect_dice *d, struct effect *e,
    struct buf *fmt, struct buf *snap)
{
	const struct stored_entry *se = &rp->entries[rp->nentries - 1];
	const struct stored_entry *t;

	memset(e, 0, sizeof *e);
	e->game = in->game;
	e->entry = se;
	e->nplayers = in->nplayers;
	if (!effect_summary_same(&in->before, &in->now, in->nplayers)) {
		e->summary = 1;
		e->state = in->now.state;
		memcpy(e->scores, in->now.scores, sizeof e->scores);
		memcpy(e->won, in->now.won, sizeof e->won);
	}
	if (in->names_changed) {
		e->names = (const char *const *)rp->names;
		e->title = rp->title;
	}
	if (se->verb == V_UNDO && (t = replay_redo_entry(rp)) != NULL) {
		/* Now the state before the entry taken back. */
		d->nd = replay_rolled(rp, t, 1, d->d, GAME_MAX_PLAYERS);
		d->sign = -1;
	}
	e->dice = d->d;
	e->ndice = d->nd;
	e->sign = d->sign;
	/*
	 * history's notes are kept in English: a note in another language
	 * is not kept (history replays for an entry without one).
	 */
	e->note = !in->translated;
	/* What undo or redo takes back or restores: undone, or not now. */
	if ((se->verb == V_UNDO || se->verb == V_REDO) && se->argc == 1) {
		e->undone_n = atoi(se->argv[0]);
		e->undone = se->verb == V_UNDO;
	}
	if (h->valid && !h->rebuild)
		undo_rows(se, h, e);
	/* After the snapshot: the head, a rebuild, or nothing kept. */
	if (!game_snapshots(in->rules))
		e->head = EFFECT_HEAD_KEEP;
	else if (h->rebuild)
		e->head = rp->resumed ? EFFECT_HEAD_KEEP : EFFECT_HEAD_REBUILD;
	else if (h->valid) {
		e->head = EFFECT_HEAD_SET;
		e->depth = h->depth;
		e->nundone = h->nundone;
	} else
		e->head = EFFECT_HEAD_DROP;
	/* The snapshot of the game now, or none kept (dropped). */
	replay_format(in->rules, fmt);
	e->format = buf_str(fmt);
	if (replay_snapshot(rp, snap) == 0) {
		e->snapshot = snap->s != NULL ? snap->s : "";
		e->len = snap->len;
	}
}
