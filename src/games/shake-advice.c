/*
 * shake-advice.c: Shake's advice: chances in words, the odds of a take,
 * a shake, a bank and of the All Shake round, the order's, and the
 * coach's judgement (SH-6..8; the advice of struct game_rules).  Pure.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "odds.h"
#include "shake.h"
#include "utf8.h"
#include "xjson.h"

/*
 * A chance as a percentage into b: one decimal, more below 1% (and above
 * 99%) so that a chance neither certain nor nil never reads 0% or 100%:
 * 0.0021%, 99.48%; beyond six decimals, "under 0.000001%".
 */
static void
put_percent(struct buf *b, double p)
{
	double pc = 100 * p, m = pc < 50 ? pc : 100 - pc;
	int digits = 1;

	if (m > 0 && m < 5e-7) {
		buf_puts(b, pc < 50 ? _("under 0.000001%") : _("over 99.999999%"));
		return;
	}
	if (m > 0 && m < 1)
		digits = (int)ceil(-log10(m)) + 1;
	/* TRANSLATORS: a chance; a space before % as the language writes it. */
	buf_printf(b, _("%.*f%%"), digits, pc);
}

/*
 * The exact break-even total 10 faces 6^6 / (6-faces)^6 into b: whole, or
 * to two decimals (227.81 with two faces).
 */
static void
put_break_even(struct buf *b, int faces)
{
	long long num = 10LL * faces * 46656, den = 1;
	int i;

	for (i = 0; i < 6; i++)
		den *= 6 - faces;
	if (num % den == 0)
		buf_printf(b, "%lld", num / den);
	else
		buf_printf(b, "%.2f", (double)num / (double)den);
}

/* Odds and advice for the chooser or the shaker. */
void
shake_advise(const struct game_state *st, struct buf *b)
{
	long stop = odds_shake_stop(st->faces), lead = 0;
	int i, sign;

	switch (st->phase) {
	case P_CHOOSE:
		/* The coach's line says the shake's worth (shake_advice). */
		break;
	case P_SHAKE:
		buf_puts(b, _("Each shake craps out "));
		put_percent(b, odds_shake_crap(st->faces));
		buf_puts(b, _(" of the time."));
		if (st->round > ROUNDS) {
			for (i = 0; i < st->n; i++)
				if (i != st->shaker && st->score[i] > lead)
					lead = st->score[i];
			if (st->score[st->shaker] + st->total > lead)
				buf_printf(b, _(" %s leads if the turn ends now.\n"),
				    st->gs->names[st->shaker]);
			else {
				buf_printf(b, _(" %s needs %ld more to lead: "),
				    st->gs->names[st->shaker], lead + 10 -
				    st->score[st->shaker] - st->total);
				put_percent(b, odds_shake_reach(st->faces,
				    st->total, lead + 10 -
				    st->score[st->shaker]));
				buf_puts(b, _(" to get there.\n"));
			}
		} else if (st->shakes > 0) {
			/* One sentence: the break-even and the stop. */
			sign = odds_shake_gain_sign(st->faces, st->total);
			if (sign > 0) {
				buf_puts(b, _(" One more shake gains on average "
				    "while the total is under "));
				put_break_even(b, st->faces);
				buf_printf(b, _(": shake on, and bank once it "
				    "reaches %ld.\n"), stop);
			} else if (sign < 0) {
				buf_puts(b, _(" One more shake loses on average "
				    "once the total is over "));
				put_break_even(b, st->faces);
				buf_printf(b, _(" (from %ld on): bank.\n"), stop);
			} else {
				buf_puts(b, _(" At "));
				put_break_even(b, st->faces);
				buf_puts(b, _(" one more shake neither gains nor "
				    "loses on average.\n"));
			}
		} else
			buf_puts(b, "\n");
		break;
	default:
		break;
	}
}

/* Chance that i of six Shake dice show 10, with faces of six showing 10. */
static double
shake_dice_p(int faces, int i)
{
	double p = faces / 6.0;

	return odds_choose(6, i) * pow(p, i) * pow(1 - p, 6 - i);
}

/*
 * The All Shake model of one turn (SH-8, SH-10): the shaker's total
 * before it, the highest final total of those who shook before (-1: none)
 * and how many hold it, and the totals of those still to shake after.
 */
struct as_turn {
	long		 s;
	long		 done;
	int		 ties;
	long		 later[GAME_MAX_PLAYERS];
	int		 nlater;
};

/*
 * The chance that the shaker, ending the round with final total f,
 * finishes first.  Each still to shake, in order, shakes until strictly
 * above the leader (their best play for the win), so f stands only if
 * each of them fails: reach[m] is the chance that a turn from 0 reaches
 * m tens before a crap-out (0 from nreach on).  A tie with players
 * already done shares the win, and so does one with a player still to
 * shake whose total is f (they fail only by a crap-out, ending on f).
 */
static double
all_shake_win(const struct as_turn *u, const double *reach, int nreach,
    long f)
{
	double w = 1;
	long m;
	int i, eq = 0;

	if (f < u->done)
		return 0;
	for (i = 0; i < u->nlater; i++) {
		m = (f - u->later[i]) / 10 + 1;
		if (m <= 0)
			return 0;
		w *= 1 - (m < nreach ? reach[m] : 0);
		/* One who fails from f itself ends on f: a share. */
		if (u->later[i] == f)
			eq++;
	}
	return w / (1 + (f == u->done ? u->ties : 0) + eq);
}

/* The chances that i of six Shake dice show 10, i = 0..6, into p. */
static void
shake_dice_ps(int faces, double *p)
{
	int i;

	for (i = 0; i <= 6; i++)
		p[i] = shake_dice_p(faces, i);
}

/*
 * reach[k], k < n, the chance a turn from 0 reaches k tens before a
 * crap-out, grown in *reach (of *have computed) as needed.
 */
static void
all_shake_reach(const double *p, double **reach, int *have, int n)
{
	int i, k;

	if (n <= *have)
		return;
	*reach = xreallocarray(*reach, (size_t)n, sizeof **reach);
	for (k = *have; k < n; k++) {
		(*reach)[k] = k == 0 ? 1 : 0;
		for (i = 1; i <= 6 && k > 0; i++)
			(*reach)[k] += p[i] * (k - i <= 0 ? 1 : (*reach)[k - i]);
	}
	*have = n;
}

/*
 * Best play of the turn u by backward induction over the total, k tens
 * (0..K+6; from K on the shaker stops): go[k] is 1 where shaking on beats
 * stopping; *bank and *roll are the two chances at t tens.  v is scratch
 * of K+7 values.
 */
static void
all_shake_play(const struct as_turn *u, const double *p,
    const double *reach, int K, int t, double *v, char *go, double *bank,
    double *roll)
{
	double w0 = all_shake_win(u, reach, K + 8, u->s), b, r;
	int i, k;

	for (k = K + 6; k >= 0; k--) {
		b = all_shake_win(u, reach, K + 8, u->s + 10L * k);
		if (k >= K) {
			v[k] = b;
			go[k] = 0;
			continue;
		}
		r = p[0] * w0;
		for (i = 1; i <= 6; i++)
			r += p[i] * v[k + i];
		v[k] = r > b ? r : b;
		go[k] = r > b;
		if (k == t) {
			*bank = b;
			*roll = r;
		}
	}
}

/* The cap of the backward induction: 400 shakes' worth above every score. */
static int
all_shake_cap(long hi, long s, int t)
{
	return (int)((hi - s) / 10) + t + 400;
}

/*
 * The All Shake shaker's chances to finish first: *bank (or pass, at 0)
 * and *roll (one more shake, then best play), by backward induction over
 * the total up to a cap far above every score.
 */
static void
all_shake_odds(const struct game_state *st, double *bank, double *roll)
{
	struct as_turn u;
	double p[7], *reach = NULL, *v;
	char *go;
	long hi = 0;
	int i, K, have = 0, t = (int)(st->total / 10);

	*bank = *roll = 0;
	u.s = st->score[st->shaker];
	u.done = -1;
	u.ties = 0;
	for (i = 0; i < st->next; i++) {
		long f = st->score[st->order[i]];

		if (f > u.done) {
			u.done = f;
			u.ties = 1;
		} else if (f == u.done)
			u.ties++;
	}
	u.nlater = 0;
	for (i = st->next + 1; i < st->norder; i++)
		u.later[u.nlater++] = st->score[st->order[i]];
	for (i = 0; i < st->n; i++)
		if (st->score[i] > hi)
			hi = st->score[i];
	K = all_shake_cap(hi, u.s, t);
	shake_dice_ps(st->faces, p);
	all_shake_reach(p, &reach, &have, K + 8);
	v = xcalloc((size_t)K + 7, sizeof *v);
	go = xcalloc((size_t)K + 7, 1);
	all_shake_play(&u, p, reach, K, t, v, go, bank, roll);
	free(reach);
	free(v);
	free(go);
}

/*
 * One state of the All Shake round between two turns: the highest final
 * total so far (-1: none) and how many hold it; mass[0] its chance and
 * mass[1 + q] the chance that the player in place q of the order holds it
 * (so far, among those who shook).
 */
struct as_state {
	long		 done;
	int		 ties;
	double		 mass[1 + GAME_MAX_PLAYERS];
};

/* The state (done, ties) in the list s[0..*n), added if new. */
static struct as_state *
as_state_at(struct as_state **s, int *n, int *cap, long done, int ties)
{
	int i;

	for (i = 0; i < *n; i++)
		if ((*s)[i].done == done && (*s)[i].ties == ties)
			return &(*s)[i];
	if (*n == *cap) {
		*cap = *cap == 0 ? 64 : 2 * *cap;
		*s = xreallocarray(*s, (size_t)*cap, sizeof **s);
	}
	memset(&(*s)[*n], 0, sizeof **s);
	(*s)[*n].done = done;
	(*s)[*n].ties = ties;
	return &(*s)[(*n)++];
}

/*
 * The chance fin[k] that a turn played by go (all_shake_play) ends k tens
 * above the shaker's total, k = 0..K+6 (a crap-out or a pass: 0); mass is
 * scratch of K+7 values.
 */
static void
all_shake_final(const double *p, const char *go, int K, double *mass,
    double *fin)
{
	int i, q;

	memset(mass, 0, (size_t)(K + 7) * sizeof *mass);
	memset(fin, 0, (size_t)(K + 7) * sizeof *fin);
	mass[0] = 1;
	for (i = 0; i < K + 7; i++) {
		if (mass[i] == 0)
			continue;
		if (!go[i]) {
			fin[i] += mass[i];
			continue;
		}
		fin[0] += mass[i] * p[0];
		for (q = 1; q <= 6; q++)
			mass[i + q] += mass[i] * p[q];
	}
}

/*
 * The All Shake round (SH-8, SH-10) played out with every shaker on the
 * coach's best play (all_shake_play, as at their turn): sc[0..n) the
 * totals after round 10 in shaking order; win[q] the chance that the
 * player in place q finishes first (a shared win as a share).  Only the
 * totals matter, not who holds them: tied players are interchangeable.
 */
static void
all_shake_round(int faces, const long *sc, int n, double *win)
{
	struct as_state *cur = NULL, *nxt = NULL, *x, *y;
	struct as_turn u;
	double p[7], *reach = NULL, *v = NULL, *mass = NULL, bank, roll;
	char *go = NULL;
	int ncur = 0, ccur = 0, nnxt = 0, cnxt = 0, have = 0, size = 0;
	int j, i, k, q, K, ties;
	long hi, f, done;

	shake_dice_ps(faces, p);
	x = as_state_at(&cur, &ncur, &ccur, -1, 0);
	x->mass[0] = 1;
	for (j = 0; j < n; j++) {
		u.s = sc[j];
		u.nlater = 0;
		for (i = j + 1; i < n; i++)
			u.later[u.nlater++] = sc[i];
		nnxt = 0;
		for (k = 0; k < ncur; k++) {
			x = &cur[k];
			u.done = x->done;
			u.ties = x->ties;
			hi = x->done > u.s ? x->done : u.s;
			K = all_shake_cap(hi, u.s, 0);
			all_shake_reach(p, &reach, &have, K + 8);
			if (K + 7 > size) {
				size = K + 7;
				v = xreallocarray(v, (size_t)size, sizeof *v);
				go = xreallocarray(go, (size_t)size, 1);
				mass = xreallocarray(mass, (size_t)size,
				    sizeof *mass);
			}
			all_shake_play(&u, p, reach, K, 0, v, go, &bank,
			    &roll);
			all_shake_final(p, go, K, mass, v);
			for (i = 0; i < K + 7; i++) {
				if (v[i] == 0)
					continue;
				f = u.s + 10L * i;
				done = f > x->done ? f : x->done;
				ties = f > x->done ? 1 : f == x->done ?
				    x->ties + 1 : x->ties;
				y = as_state_at(&nxt, &nnxt, &cnxt, done, ties);
				y->mass[0] += v[i] * x->mass[0];
				for (q = 0; q < j; q++)
					if (f <= x->done)
						y->mass[1 + q] += v[i] *
						    x->mass[1 + q];
				if (f >= x->done)
					y->mass[1 + j] += v[i] * x->mass[0];
			}
		}
		x = cur;
		cur = nxt;
		nxt = x;
		q = ccur;
		ccur = cnxt;
		cnxt = q;
		ncur = nnxt;
	}
	for (q = 0; q < n; q++) {
		win[q] = 0;
		for (k = 0; k < ncur; k++)
			win[q] += cur[k].mass[1 + q] / cur[k].ties;
	}
	free(cur);
	free(nxt);
	free(reach);
	free(v);
	free(go);
	free(mass);
}

/*
 * SH-9: the chooser's chance to win by their place in the tied group's
 * shaking order, w[0..ngroup) (the group's places are consecutive; the
 * order of the others in it does not change the chooser's chance).
 */
static void
order_wins(const struct game_state *st, double *w)
{
	long sc[GAME_MAX_PLAYERS];
	double win[GAME_MAX_PLAYERS];
	int i, first = -1;

	for (i = 0; i < st->norder; i++) {
		sc[i] = st->score[st->order[i]];
		if (first < 0 && sc[i] == st->score[st->group[0]])
			first = i;
	}
	all_shake_round(st->faces, sc, st->norder, win);
	for (i = 0; i < st->ngroup; i++)
		w[i] = win[first + i];
}

/* "1st", "2nd", ... for place i (from 0). */
static const char *
ordinal(int i)
{
	/*
	 * TRANSLATORS: a place in the order of shaking, in "...of the
	 * time shaking %s of the %d tied (" and in the list after it.
	 */
	static const char *const o[] = { N_("1st"), N_("2nd"), N_("3rd"),
	    N_("4th"), N_("5th"), N_("6th") };

	return _(i >= 0 && i < 6 ? o[i] : N_("last"));
}

/* The next permutation of perm[0..n) in lexicographic order; 0 after the last. */
static int
next_perm(int *perm, int n)
{
	int i, k, t;

	for (i = n - 2; i >= 0 && perm[i] > perm[i + 1]; i--)
		continue;
	if (i < 0)
		return 0;
	for (k = n - 1; perm[k] < perm[i]; k--)
		continue;
	t = perm[i];
	perm[i] = perm[k];
	perm[k] = t;
	for (i++, k = n - 1; i < k; i++, k--) {
		t = perm[i];
		perm[i] = perm[k];
		perm[k] = t;
	}
	return 1;
}

/*
 * The coach for `order` (SH-9): every order of the group, valued by the
 * chooser's chance to win the game (SH-8, SH-10), best first.
 */
static int
order_advice(const struct game_state *st, struct advice *a)
{
	double w[GAME_MAX_PLAYERS];
	int perm[GAME_MAX_PLAYERS], i, k, me = 0, best = 0;
	struct buf e = BUF_INIT;
	const char *name = st->gs->names[st->high];

	a->basis = ADVICE_WIN;
	order_wins(st, w);
	for (i = 0; i < st->ngroup; i++) {
		perm[i] = i;
		if (st->group[i] == st->high)
			me = i;
		if (w[i] > w[best])
			best = i;
	}
	do {
		buf_reset(&e);
		buf_puts(&e, "order");
		for (i = 0; i < st->ngroup; i++) {
			buf_puts(&e, " ");
			buf_word(&e, st->gs->names[st->group[perm[i]]], 1);
		}
		for (i = 0; perm[i] != me; i++)
			continue;
		advice_add(a, w[i], "%s", buf_str(&e));
	} while (next_perm(perm, st->ngroup));
	buf_free(&e);
	advice_sort(a);
	buf_printf(&a->say, _("%s: %s wins "), a->moves[0].entry, name);
	put_percent(&a->say, w[best]);
	buf_printf(&a->say, _(" of the time shaking %s of the %d tied ("),
	    ordinal(best), st->ngroup);
	for (i = 0, k = 0; i < st->ngroup; i++) {
		if (i == best)
			continue;
		buf_printf(&a->say, "%s%s ", k++ ? ", " : "", ordinal(i));
		put_percent(&a->say, w[i]);
	}
	buf_printf(&a->say, E_(name, _("); only %s's own place counts"),
	    C_("elided", "); only %s's own place counts")), name);
	return 1;
}

/* The points of one more shake from total, then best play (SH-7). */
static double
shake_on_value(int faces, long total)
{
	double r = 0;
	int i;

	for (i = 1; i <= 6; i++)
		r += shake_dice_p(faces, i) *
		    odds_shake_value(faces, total + 10L * i);
	return r;
}

/* The coach: take or shake, bank or shake on, pass or shake (SH-6..8). */
int
shake_advice(const struct game_state *st, struct advice *a)
{
	const char *name;
	double shake, bank, roll;
	int die;

	switch (st->phase) {
	case P_CHOOSE:
		a->basis = ADVICE_POINTS;
		die = st->die[st->chooser];
		shake = odds_shake_value(st->faces, 0);
		advice_add(a, die, "take");
		advice_add(a, shake, "shake");
		advice_sort(a);
		if (shake > die)
			buf_printf(&a->say, _("shake: worth %.1f on "
			    "average, banking once the total reaches %ld; the "
			    "die is worth %d"), shake, odds_shake_stop(st->faces),
			    die);
		else
			buf_printf(&a->say, _("take %d: the die "
			    "beats the %.1f a shake is worth on average"), die,
			    shake);
		return 1;
	case P_SHAKE:
		name = st->gs->names[st->shaker];
		if (st->round > ROUNDS) {
			a->basis = ADVICE_WIN;
			all_shake_odds(st, &bank, &roll);
			advice_add(a, bank, st->shakes > 0 ? "bank" : "pass");
			advice_add(a, roll, "roll");
			advice_sort(a);
			buf_printf(&a->say, st->shakes > 0 ? _("%s: %s "
			    "finishes first %.1f%% of the time by shaking on, "
			    "%.1f%% by banking now (%d still to shake after)") :
			    _("%s: %s finishes first %.1f%% of the time by "
			    "shaking on, %.1f%% by passing now (%d still to "
			    "shake after)"),
			    roll > bank ? "roll" : a->moves[0].entry, name,
			    100 * roll, 100 * bank, st->norder - st->next - 1);
			return 1;
		}
		if (st->shakes == 0)
			return 0;
		a->basis = ADVICE_POINTS;
		roll = shake_on_value(st->faces, st->total);
		advice_add(a, (double)st->total, "bank");
		advice_add(a, roll, "roll");
		advice_sort(a);
		if (roll > st->total)
			buf_printf(&a->say, _("roll: shaking on is "
			    "worth %.1f on average against %ld banked now "
			    "(crap-out %.1f%%)"), roll, st->total,
			    100 * shake_dice_p(st->faces, 0));
		else
			buf_printf(&a->say, _("bank %ld: shaking on "
			    "is worth %.1f on average (crap-out %.1f%%)"),
			    st->total, roll, 100 * shake_dice_p(st->faces, 0));
		return 1;
	case P_ORDER:
		return order_advice(st, a);
	default:
		return 0;
	}
}
