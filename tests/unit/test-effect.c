/*
 * test-effect.c: src/core/effect.c, an entry's whole effect computed
 * without the store (issue 39), on a real Shake replay (harness.h), the
 * values worked out by hand: a roll's dice as the command gathered
 * them, an undo's dice taken back (the undone roll's three colored
 * dice: pips 4, 2 and 3 by seats 0, 1 and 2, sign -1), the undo
 * cache's row changes and head of a roll, an undo, a redo and an entry
 * after an undo.
 */
#include <stdio.h>

#include "harness.h"
#include "../../src/core/effect.h"

extern const struct game_rules game_shake;

static struct effect_in
in_of(struct th *t)
{
	struct effect_in in;

	memset(&in, 0, sizeof in);
	in.game = 7;
	in.nplayers = 3;
	in.rules = t->rp.rules;
	in.translated = 0;
	return in;
}

static void
head_is(const struct effect *e, int head, int depth, int nundone,
    const char *what)
{
	char name[128];

	snprintf(name, sizeof name, "%s: the head", what);
	is_int(e->head, head, name);
	snprintf(name, sizeof name, "%s: depth", what);
	is_int(e->depth, depth, name);
	snprintf(name, sizeof name, "%s: undone", what);
	is_int(e->nundone, nundone, name);
}

static void
op_is(const struct effect *e, int i, int op, int a, int b, const char *what)
{
	char name[128];

	snprintf(name, sizeof name, "%s: row change %d", what, i + 1);
	ok(i < e->nundo && e->undo[i].op == op && e->undo[i].a == a &&
	    e->undo[i].b == b, "%s", name);
}

int
main(void)
{
	struct th t;
	struct effect_in in;
	struct effect_head h;
	struct effect_dice d;
	struct effect e;
	struct buf fmt = BUF_INIT, snap = BUF_INIT;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);

	/* A roll: its dice as gathered, one row pushed, the head set. */
	th_must(&t, "roll 40 20 30");
	in = in_of(&t);
	in.now.scores[0] = 40;
	memset(&h, 0, sizeof h);
	h.valid = 1;
	memset(&d, 0, sizeof d);
	d.nd = 1;
	d.d[0].face = 4;
	d.sign = 1;
	effect_of(&t.rp, &in, &h, &d, &e, &fmt, &snap);
	is_int(e.game, 7, "roll: the game");
	is_int(e.entry->n, 1, "roll: the entry appended is entry 1");
	is_int(e.summary, 1, "roll: Ann's 40 changes the summary");
	is_int(e.scores[0], 40, "roll: the summary's score");
	ok(e.names == NULL && e.title == NULL, "roll: names unchanged");
	ok(e.dice == d.d && e.ndice == 1 && e.sign == 1,
	    "roll: the dice gathered, added");
	is_int(e.note, 1, "roll: the note kept (English)");
	is_int(e.undone_n, 0, "roll: no undone mark");
	is_int(e.nundo, 1, "roll: one row change");
	op_is(&e, 0, EFFECT_UNDO_PUSH, 1, 1, "roll");
	head_is(&e, EFFECT_HEAD_SET, 1, 0, "roll");
	ok(e.format != NULL && e.snapshot != NULL && e.len > 0,
	    "roll: the snapshot kept");
	is_int(h.depth, 1, "roll: the head moved on");

	/* The same summary before and after: none written. */
	in.before = in.now;
	memset(&h, 0, sizeof h);
	effect_of(&t.rp, &in, &h, &d, &e, &fmt, &snap);
	is_int(e.summary, 0, "roll: an unchanged summary is not written");
	is_int(e.nundo, 0, "roll: no cache, no row change");
	head_is(&e, EFFECT_HEAD_DROP, 0, 0, "roll with no cache");

	/*
	 * The roll after undos (depth 3, 2 undone): an undone title
	 * (has_verb) ends redo: the row pushed at 4, then the undone
	 * rows cut from 1, none undone now.
	 */
	h.valid = 1;
	h.depth = 3;
	h.nundone = h.kept_undone = 2;
	h.has_verb = 1;
	effect_of(&t.rp, &in, &h, &d, &e, &fmt, &snap);
	is_int(e.nundo, 2, "after undos, a title undone: two row changes");
	op_is(&e, 0, EFFECT_UNDO_PUSH, 4, 1, "after undos, a title undone");
	op_is(&e, 1, EFFECT_UNDO_CUT, 1, 0, "after undos, a title undone");
	head_is(&e, EFFECT_HEAD_SET, 4, 0, "after undos, a title undone");
	/* No title undone, both undone rows kept: redo stays. */
	memset(&h, 0, sizeof h);
	h.valid = 1;
	h.depth = 3;
	h.nundone = h.kept_undone = 2;
	effect_of(&t.rp, &in, &h, &d, &e, &fmt, &snap);
	is_int(e.nundo, 1, "after undos: one row change");
	op_is(&e, 0, EFFECT_UNDO_PUSH, 4, 1, "after undos");
	head_is(&e, EFFECT_HEAD_SET, 4, 2, "after undos");
	/* One undone row not kept: unknown, the head dropped. */
	h.depth = 3;
	h.nundone = 2;
	h.kept_undone = 1;
	effect_of(&t.rp, &in, &h, &d, &e, &fmt, &snap);
	op_is(&e, 0, EFFECT_UNDO_PUSH, 4, 1, "an undone row not kept");
	is_int(e.head, EFFECT_HEAD_DROP, "an undone row not kept: dropped");
	/* A rebuild (replayed whole): no row change, the rows rebuilt. */
	memset(&h, 0, sizeof h);
	h.valid = 1;
	h.rebuild = 1;
	effect_of(&t.rp, &in, &h, &d, &e, &fmt, &snap);
	is_int(e.nundo, 0, "rebuild: no row change");
	is_int(e.head, EFFECT_HEAD_REBUILD, "rebuild: the rows rebuilt");

	/* An undo: the roll's three dice taken back, a row popped. */
	th_must(&t, "undo");
	in = in_of(&t);
	in.translated = 1;
	memset(&h, 0, sizeof h);
	h.valid = 1;
	h.depth = 1;
	memset(&d, 0, sizeof d);
	effect_of(&t.rp, &in, &h, &d, &e, &fmt, &snap);
	is_int(e.ndice, 3, "undo: the three dice of the roll");
	is_int(e.sign, -1, "undo: taken back");
	ok(e.ndice == 3 &&
	    e.dice[0].kind == 0 && e.dice[0].face == 4 && e.dice[0].seat == 0 &&
	    e.dice[1].kind == 0 && e.dice[1].face == 2 && e.dice[1].seat == 1 &&
	    e.dice[2].kind == 0 && e.dice[2].face == 3 && e.dice[2].seat == 2,
	    "undo: pips 4, 2, 3 of seats 0, 1, 2");
	is_int(e.note, 0, "undo: a translated note is not kept");
	is_int(e.entry->argc, 1, "undo: stored naming the entry undone");
	is_int(e.undone_n, 1, "undo: entry 1 marked");
	is_int(e.undone, 1, "undo: marked undone");
	is_int(e.nundo, 1, "undo: one row change");
	op_is(&e, 0, EFFECT_UNDO_POP, 1, 1, "undo");
	head_is(&e, EFFECT_HEAD_SET, 0, 1, "undo");
	is_int(h.kept_undone, 1, "undo: its row kept");

	/* A redo: the undone row cut, the entry pushed back. */
	th_must(&t, "redo");
	in = in_of(&t);
	memset(&d, 0, sizeof d);
	effect_of(&t.rp, &in, &h, &d, &e, &fmt, &snap);
	is_int(e.entry->argc, 1, "redo: stored naming the entry redone");
	is_int(e.undone_n, 1, "redo: entry 1's mark moved");
	is_int(e.undone, 0, "redo: no longer undone");
	is_int(e.nundo, 2, "redo: two row changes");
	op_is(&e, 0, EFFECT_UNDO_CUT, 1, 0, "redo");
	op_is(&e, 1, EFFECT_UNDO_PUSH, 1, 1, "redo");
	head_is(&e, EFFECT_HEAD_SET, 1, 0, "redo");

	buf_free(&fmt);
	buf_free(&snap);
	th_end(&t);
	return tap_done();
}
