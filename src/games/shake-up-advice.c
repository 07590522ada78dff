/*
 * shake-up-advice.c: Shake Up's advice: the chances of a class, the best
 * hold, and the coach's judgement of a hold, a move and what follows
 * (the advice of struct game_rules).  Pure.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game-shake-up.h"
#include "shake-up.h"
#include "utf8.h"
#include "xjson.h"

/* Chances of A..D when the dice not held are rolled once, into p[4]. */
static void
class_odds(const int *held, int nheld, double *p)
{
	int d[DICE], roll = DICE - nheld, total = 1, i, k, c, cnt[4] = { 0 };

	for (i = 0; i < roll; i++)
		total *= 6;
	memcpy(d, held, (size_t)nheld * sizeof *d);
	for (i = 0; i < total; i++) {
		for (c = i, k = nheld; k < DICE; k++, c /= 6)
			d[k] = c % 6 + 1;
		cnt[shakeup_classify(d)]++;
	}
	for (i = 0; i < 4; i++)
		p[i] = (double)cnt[i] / total;
}

/*
 * Best play for a goal: the chance of ending the turn with a hand of
 * class goal or better (SU-4), keeping the best dice after each shake.
 * memo[k][key] caches v() for held sets of up to 3 dice (key: base-4
 * counts per face) with k shakes left; reroll=free may change the held
 * set after each shake (SU-3).
 */
struct best {
	enum su_class	 goal;
	int		 free;
	double		 memo[SHAKES + 1][4096];
	char		 known[SHAKES + 1][4096];
};

static double	best_after(struct best *, const int *, int, const int *,
		    int, int);

/* The memo key of a held set of up to 3 dice: 2 bits of count a face. */
static int
held_key(const int *held, int nheld)
{
	int i, key = 0;

	for (i = 0; i < nheld; i++)
		key += 1 << (2 * (held[i] - 1));
	return key;
}

/* The chance from held with k shakes left, before the next shake. */
static double
best_before(struct best *bp, const int *held, int nheld, int k)
{
	int roll = DICE - nheld, total = 1, i, j, c, out[DICE];
	int key = held_key(held, nheld);
	double sum = 0;

	if (bp->known[k][key])
		return bp->memo[k][key];
	for (i = 0; i < roll; i++)
		total *= 6;
	for (i = 0; i < total; i++) {
		for (c = i, j = 0; j < roll; j++, c /= 6)
			out[j] = c % 6 + 1;
		sum += best_after(bp, held, nheld, out, roll, k - 1);
	}
	bp->known[k][key] = 1;
	return bp->memo[k][key] = sum / total;
}

/*
 * The chance after a shake showing last (held kept aside) with k shakes
 * left: stand, or hold more (locked: out of last; free: out of the whole
 * hand) and shake on.
 */
static double
best_after(struct best *bp, const int *held, int nheld, const int *last,
    int nlast, int k)
{
	int d[DICE], pool[DICE], npool, keep[DICE], nkeep, mask, i;
	double best, v;

	memcpy(d, held, (size_t)nheld * sizeof *d);
	memcpy(d + nheld, last, (size_t)nlast * sizeof *d);
	best = shakeup_classify(d) <= bp->goal;
	if (k == 0 || best == 1)
		return best;
	if (bp->free) {
		memcpy(pool, d, sizeof pool);
		npool = DICE;
	} else {
		memcpy(pool, last, (size_t)nlast * sizeof *pool);
		npool = nlast;
	}
	for (mask = 0; mask < 1 << npool; mask++) {
		nkeep = 0;
		if (!bp->free)
			for (i = 0; i < nheld; i++)
				keep[nkeep++] = held[i];
		for (i = 0; i < npool; i++)
			if (mask & 1 << i)
				keep[nkeep++] = pool[i];
		if (nkeep >= DICE)	/* all held: the same as standing */
			continue;
		su_sort_ints(keep, nkeep);
		if ((v = best_before(bp, keep, nkeep, k)) > best)
			best = v;
	}
	return best;
}

/* The chance of goal or better with best play from the state now. */
static double
best_chance(const struct game_state *st, enum su_class goal)
{
	struct best *bp = xcalloc(1, sizeof *bp);
	double v;

	bp->goal = goal;
	bp->free = st->free;
	if (st->shakes == 0)
		v = best_before(bp, st->held, 0, SHAKES);
	else
		v = best_after(bp, st->held, st->nheld, st->last, st->nlast,
		    SHAKES - st->shakes);
	free(bp);
	return v;
}

/* Odds and advice for the player to move. */
void
su_advise(const struct game_state *st, struct buf *b)
{
	double p[4];
	int dice[DICE], i, k, first;

	switch (st->phase) {
	case P_SHAKE:
		class_odds(st->held, st->nheld, p);
		if (st->shakes == 0)
			buf_puts(b, _("A first shake of four dice gives "));
		else {
			su_hand(st, dice);
			buf_printf(b, P_("Standing now gives (%c). Shaking the "
			    "%d die not held once more gives ", "Standing now "
			    "gives (%c). Shaking the %d dice not held once more "
			    "gives ", DICE - st->nheld),
			    class_letter[shakeup_classify(dice)],
			    DICE - st->nheld);
		}
		/* TRANSLATORS: the chances of each hand, A to D. */
		buf_printf(b, _("A %.1f%%, B %.1f%%, C %.1f%%, D %.1f%%"),
		    100 * p[0], 100 * p[1], 100 * p[2], 100 * p[3]);
		if (st->shakes == 0)
			buf_puts(b, _(" (an A on this shake is a special advantage)"));
		buf_printf(b, P_("; %d shake left.\n", "; %d shakes left.\n",
		    SHAKES - st->shakes), SHAKES - st->shakes);
		buf_printf(b, _("With the best holds from here: (A) %.1f%%, "
		    "(A) or (B) %.1f%% by the end of the turn.\n"),
		    100 * best_chance(st, SU_A), 100 * best_chance(st, SU_B));
		break;
	case P_MOVE:
		buf_printf(b, _("%s can move up from level "),
		    st->gs->names[st->cur]);
		su_movable(st, st->cur, b);
		buf_puts(b, _(" (two-pawn rule).\n"));
		break;
	case P_AFTER:
		if (st->penalized || !su_has_target(st, st->cur)) {
			buf_puts(b, _("Another turn is free: again.\n"));
			break;
		}
		buf_puts(b, _("Penalty targets:"));
		for (i = 0, first = 1; i < st->n; i++) {
			if (i == st->cur)
				continue;
			for (k = PAWNS - 1; k >= 0; k--)
				if (st->pawn[i][k] > 1 &&
				    st->pawn[i][k] < st->levels)
					break;
			if (k < 0)
				continue;
			buf_printf(b, E_(st->gs->names[i], _("%s %s's "
			    "highest on level %d"), C_("elided", "%s %s's "
			    "highest on level %d")), first ? "" : ",",
			    st->gs->names[i],
			    st->pawn[i][k]);
			first = 0;
		}
		buf_printf(b, ".%s\n", st->special ? _(" With the special "
		    "advantage you may penalize and still take another turn.") :
		    "");
		break;
	default:
		break;
	}
}

/*
 * The coach (SU-3, SU-4): the chances of a turn's final hand with the
 * best holds, as a vector: (A) or (B) (what the holds aim at: a move up),
 * then (A), then (D), compared in that order (more, more, fewer).  The
 * holds follow the policy that is best for the first; the other two are
 * the chances under that same policy.
 */
struct su_val {
	double	 ab, a, d;
};

struct coach {
	int		 free;
	struct su_val	 memo[SHAKES + 1][4096];
	char		 known[SHAKES + 1][4096];
};

/* 1 if x is better than y: more (A) or (B), then more (A), fewer (D). */
static int
su_better(const struct su_val *x, const struct su_val *y)
{
	const double eps = 1e-12;

	if (x->ab > y->ab + eps || x->ab < y->ab - eps)
		return x->ab > y->ab;
	if (x->a > y->a + eps || x->a < y->a - eps)
		return x->a > y->a;
	return x->d < y->d - eps;
}

/* The chances of standing on four dice: 1 or 0 each. */
static struct su_val
su_stand(const int *dice)
{
	enum su_class c = shakeup_classify(dice);
	struct su_val v;

	v.ab = c <= SU_B;
	v.a = c == SU_A;
	v.d = c == SU_D;
	return v;
}

static struct su_val	coach_after(struct coach *, const int *, int,
			    const int *, int, int);

/* Before a shake: held (ascending, fewer than 4) with k shakes left. */
static struct su_val
coach_before(struct coach *c, const int *held, int nheld, int k)
{
	int roll = DICE - nheld, total = 1, i, j, x, out[DICE];
	int key = held_key(held, nheld);
	struct su_val v = { 0, 0, 0 }, w;

	if (c->known[k][key])
		return c->memo[k][key];
	for (i = 0; i < roll; i++)
		total *= 6;
	for (i = 0; i < total; i++) {
		for (x = i, j = 0; j < roll; j++, x /= 6)
			out[j] = x % 6 + 1;
		w = coach_after(c, held, nheld, out, roll, k - 1);
		v.ab += w.ab;
		v.a += w.a;
		v.d += w.d;
	}
	v.ab /= total;
	v.a /= total;
	v.d /= total;
	c->known[k][key] = 1;
	return c->memo[k][key] = v;
}

/*
 * The best hold for held plus pool[] chosen by mask (held is empty with
 * reroll=free, where pool is the whole hand), with k shakes left: the
 * better of standing on the hand and every hold that contains mask.
 */
static struct su_val
coach_hold(struct coach *c, const int *held, int nheld, const int *pool,
    int npool, int mask, int k, const int *dice)
{
	int keep[DICE], nkeep, z, i;
	struct su_val best = su_stand(dice), v;

	if (k == 0)
		return best;
	for (z = 0; z < 1 << npool; z++) {
		if ((z & mask) != mask)
			continue;
		if (nheld > 0)
			memcpy(keep, held, (size_t)nheld * sizeof *keep);
		for (nkeep = nheld, i = 0; i < npool; i++)
			if (z & 1 << i)
				keep[nkeep++] = pool[i];
		if (nkeep >= DICE)	/* all held: the same as standing */
			continue;
		su_sort_ints(keep, nkeep);
		v = coach_before(c, keep, nkeep, k);
		if (su_better(&v, &best))
			best = v;
	}
	return best;
}

/* After a shake showing last, held aside, with k shakes left. */
static struct su_val
coach_after(struct coach *c, const int *held, int nheld, const int *last,
    int nlast, int k)
{
	int d[DICE];

	memcpy(d, held, (size_t)nheld * sizeof *d);
	memcpy(d + nheld, last, (size_t)nlast * sizeof *d);
	if (c->free)
		return coach_hold(c, NULL, 0, d, DICE, 0, k, d);
	return coach_hold(c, held, nheld, last, nlast, 0, k, d);
}

/* "(A) 12.3%, (A) or (B) 56.1%, (D) 4.0%" into b. */
static void
su_put_val(struct buf *b, const struct su_val *v)
{
	buf_printf(b, _("(A) %.1f%%, (A) or (B) %.1f%%, (D) %.1f%%"),
	    100 * v->a, 100 * v->ab, 100 * v->d);
}

/* A move of the hold advice, with its chances for the tie-breaks. */
struct su_move {
	char		 entry[64];
	struct su_val	 v;
	int		 size;		/* dice held after it */
};

/* Sort moves best first: su_better, then the larger hold. */
static void
su_sort_moves(struct su_move *m, int n)
{
	struct su_move t;
	int i, k;

	for (i = 1; i < n; i++) {
		t = m[i];
		for (k = i; k > 0 && (su_better(&t.v, &m[k - 1].v) ||
		    (!su_better(&m[k - 1].v, &t.v) && t.size >
		    m[k - 1].size)); k--)
			m[k] = m[k - 1];
		m[k] = t;
	}
}

/* Which dice to keep, or stand, or shake the rest (SU-3). */
static int
su_hold_advice(const struct game_state *st, struct advice *a)
{
	struct coach *c = xcalloc(1, sizeof *c);
	struct su_move *m = xcalloc(64, sizeof *m);
	int dice[DICE], pool[DICE], npool, k = SHAKES - st->shakes;
	int mask, i, j, n = 0, dup;
	struct buf b = BUF_INIT;
	struct su_val now;

	c->free = st->free;
	su_hand(st, dice);
	if (st->free) {
		memcpy(pool, dice, sizeof pool);
		npool = DICE;
		su_sort_ints(pool, npool);
	} else {
		memcpy(pool, st->last, (size_t)st->nlast * sizeof *pool);
		npool = st->nlast;
	}
	snprintf(m[n].entry, sizeof m[n].entry, "stand");
	m[n].v = su_stand(dice);
	m[n++].size = DICE;
	if (!st->free) {
		snprintf(m[n].entry, sizeof m[n].entry, "roll");
		m[n].v = coach_before(c, st->held, st->nheld, k);
		m[n++].size = st->nheld;
	}
	for (mask = 1; mask < 1 << npool; mask++) {
		buf_reset(&b);
		buf_puts(&b, "keep");
		for (i = 0, j = 0; i < npool; i++)
			if (mask & 1 << i) {
				buf_printf(&b, " %d", pool[i]);
				j++;
			}
		if (st->free && j == DICE)	/* keep all: stand */
			continue;
		for (dup = 0, i = 0; i < n; i++)
			dup |= strcmp(m[i].entry, buf_str(&b)) == 0;
		if (dup)
			continue;
		snprintf(m[n].entry, sizeof m[n].entry, "%s", buf_str(&b));
		m[n].size = st->free ? j : st->nheld + j;
		if (st->free) {
			int keep[DICE], nk = 0;

			for (i = 0; i < npool; i++)
				if (mask & 1 << i)
					keep[nk++] = pool[i];
			m[n].v = coach_before(c, keep, nk, k);
		} else
			m[n].v = coach_hold(c, st->held, st->nheld, pool,
			    npool, mask, k, dice);
		n++;
	}
	su_sort_moves(m, n);
	a->basis = ADVICE_CHANCE;
	for (i = 0; i < n; i++)
		advice_add(a, m[i].v.ab, "%s", m[i].entry);
	buf_reset(&b);
	buf_printf(&b, _("%s: the best chance of (A) or (B) by the turn's end: "),
	    m[0].entry);
	su_put_val(&b, &m[0].v);
	if (st->nheld > 0 && !st->free) {
		now = coach_before(c, st->held, st->nheld, k);
		buf_puts(&b, _("; holding "));
		game_put_dice(&b, st->held, st->nheld);
		buf_puts(&b, _(" and shaking the rest: "));
		su_put_val(&b, &now);
	}
	buf_printf(&a->say, "%s", buf_str(&b));
	buf_free(&b);
	free(m);
	free(c);
	return 1;
}

/*
 * The levels a fresh turn of seat p gains on average with the best holds:
 * one for (A) or (B), less the levels (D) costs its highest pawn in play.
 */
static double
su_turn_levels(const struct game_state *st, int p, struct su_val *v)
{
	struct coach *c = xcalloc(1, sizeof *c);
	int i, top = 1, none[DICE] = { 0 };

	c->free = st->free;
	*v = coach_before(c, none, 0, SHAKES);
	free(c);
	for (i = 0; i < PAWNS; i++)
		if (st->pawn[p][i] < st->levels && st->pawn[p][i] > top)
			top = st->pawn[p][i];
	return v->ab - v->d * (top - 1);
}

/* After an (A) move: again, penalize whom, or pass (SU-5, SU-6). */
static int
su_after_advice(const struct game_state *st, struct advice *a)
{
	struct su_val v;
	struct buf who = BUF_INIT;
	double again = su_turn_levels(st, st->cur, &v), rest, best = 0;
	int i, k, bi = -1, bl = 0;

	a->basis = ADVICE_POINTS;
	rest = again > 0 ? again : 0;
	advice_add(a, again, "again");
	advice_add(a, 0, "pass");
	for (i = 0; i < st->n && !st->penalized; i++)
		for (k = 0; k < PAWNS && i != st->cur; k++) {
			int l = st->pawn[i][k];

			if (l <= 1 || l >= st->levels ||
			    (k > 0 && st->pawn[i][k - 1] == l))
				continue;
			buf_reset(&who);
			buf_word(&who, st->gs->names[i], 1);
			advice_add(a, l - 1 + (st->special ? rest : 0),
			    "penalize %s %d", buf_str(&who), l);
			if (l - 1 > best) {
				best = l - 1;
				bi = i;
				bl = l;
			}
		}
	advice_sort(a);
	buf_reset(&who);
	if (bi >= 0)
		buf_word(&who, st->gs->names[bi], 1);
	if (bi >= 0 && a->moves[0].entry[0] == 'p' &&
	    a->moves[0].entry[1] == 'e')
		buf_printf(&a->say, E_(st->gs->names[bi], P_("penalize %s "
		    "%d: %s's pawn loses %d level%s (another turn gains %.2f "
		    "on average)", "penalize %s %d: %s's pawn loses %d "
		    "levels%s (another turn gains %.2f on average)", bl - 1),
		    CP_("elided", "penalize %s %d: %s's pawn loses %d "
		    "level%s (another turn gains %.2f on average)", "penalize "
		    "%s %d: %s's pawn loses %d levels%s (another turn gains "
		    "%.2f on average)", bl - 1)), buf_str(&who), bl,
		    st->gs->names[bi], bl - 1, st->special ?
		    _(", and you may still take another turn") : "", again);
	else if (again > 0)
		buf_printf(&a->say, _("again: another turn gains "
		    "%.2f levels on average ((A) or (B) %.1f%%, (D) %.1f%%)"),
		    again, 100 * v.ab, 100 * v.d);
	else
		buf_printf(&a->say, _("pass: another turn loses "
		    "%.2f levels on average ((D) %.1f%% sends your highest "
		    "pawn back)"), -again, 100 * v.d);
	buf_free(&who);
	return 1;
}

/*
 * Which pawn to move: every move is the same level gained; the coach
 * prefers a pawn into the Safe Zone (it scores and cannot be sent back),
 * then the highest pawn (nearer to safety).
 */
static int
su_move_advice(const struct game_state *st, struct advice *a)
{
	int l, top = 0;

	a->basis = ADVICE_CHANCE;
	for (l = st->levels - 1; l >= 1; l--)
		if (su_may_move(st, st->cur, l)) {
			advice_add(a, 1, "move %d", l);
			if (top == 0)
				top = l;
		}
	if (top == 0)
		return 0;
	if (top + 1 == st->levels)
		buf_printf(&a->say, _("move %d: into the Safe Zone, "
		    "where it scores and no penalty reaches it"), top);
	else
		buf_printf(&a->say, _("move %d: the hand has (%c); "
		    "the coach moves the highest pawn it may, nearest the "
		    "Safe Zone"), top, class_letter[st->cls]);
	return 1;
}

/* The coach for Shake Up. */
int
su_advice(const struct game_state *st, struct advice *a)
{
	switch (st->phase) {
	case P_SHAKE:
		if (st->shakes == 0)
			return 0;
		return su_hold_advice(st, a);
	case P_MOVE:
		return su_move_advice(st, a);
	case P_AFTER:
		return su_after_advice(st, a);
	default:
		return 0;
	}
}
