/*
 * odds.c: probabilities and advice for the players, pure.
 */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "odds.h"

#define SHAKE_DICE	6

/* n choose k. */
double
odds_choose(int n, int k)
{
	double r = 1;
	int i;

	if (k < 0 || k > n)
		return 0;
	for (i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

/* 6^6: the outcomes of six Shake dice, each face equally likely. */
#define SHAKE_OUTCOMES	46656LL

/* (6 - faces)^6: the outcomes of six Shake dice that all show 0. */
static long long
shake_crap_outcomes(int faces)
{
	long long r = 1;
	int i;

	for (i = 0; i < SHAKE_DICE; i++)
		r *= SHAKE_DICE - faces;
	return r;
}

/* Chance that i of six Shake dice show 10. */
static double
shake_p(int faces, int i)
{
	double p = faces / 6.0;

	return odds_choose(SHAKE_DICE, i) * pow(p, i) *
	    pow(1 - p, SHAKE_DICE - i);
}

/* Chance of a crap-out: all six dice at 0. */
double
odds_shake_crap(int faces)
{
	return (double)shake_crap_outcomes(faces) / SHAKE_OUTCOMES;
}

/*
 * One more shake from t gains (1-c)(t) + E[S] - t = E[S] - c t on average,
 * with E[S] = 10 faces and c = (6-faces)^6 / 6^6: its sign is that of
 * 10 faces 6^6 - (6-faces)^6 t, in integers (exact for every option).
 */
int
odds_shake_gain_sign(int faces, long total)
{
	long long gain = 10LL * faces * SHAKE_OUTCOMES -
	    shake_crap_outcomes(faces) * total;

	return gain > 0 ? 1 : gain < 0 ? -1 : 0;
}

/*
 * The rule "shake while the gain is positive" is optimal (the gain falls
 * as t grows, and t only grows), so the stop is the first multiple of 10
 * at or above E[S] / c = 10 faces 6^6 / (6-faces)^6.
 */
long
odds_shake_stop(int faces)
{
	long long num = 10LL * faces * SHAKE_OUTCOMES,
	    den = 10 * shake_crap_outcomes(faces);

	if (den == 0)
		return LONG_MAX;
	return (long)((num + den - 1) / den * 10);
}

/*
 * The chance-weighted sum over the next shake: w[i-1] holds the value at
 * 10i more than now, i = 1..6, and shifts by one for the total 10 less.
 */
static double
shake_step(const double *p, double *w)
{
	double v = 0;
	int i;

	for (i = 0; i < SHAKE_DICE; i++)
		v += p[i] * w[i];
	memmove(w + 1, w, (SHAKE_DICE - 1) * sizeof *w);
	w[0] = v;
	return v;
}

/*
 * Shaking from total until at least goal, then stopping: the average
 * final total, or with reach the chance to get there.  By recursion down
 * from goal with a window of six values: no table, so no size caps it.
 */
static double
shake_until(int faces, long total, long goal, int reach)
{
	double p[SHAKE_DICE], w[SHAKE_DICE], v = 0;
	long k, kt, kg;
	int i;

	kt = total / 10;
	kg = goal / 10 + (goal % 10 != 0);
	if (faces < 1 || faces >= SHAKE_DICE || kt >= kg)
		return reach ? 1 : (double)total;
	for (i = 0; i < SHAKE_DICE; i++) {
		p[i] = shake_p(faces, i + 1);
		w[i] = reach ? 1 : 10.0 * (kg + i);
	}
	for (k = kg - 1; k >= kt; k--)
		v = shake_step(p, w);
	return v;
}

/* Average final score from total, shaking below the stop. */
double
odds_shake_value(int faces, long total)
{
	return shake_until(faces, total, odds_shake_stop(faces), 0);
}

/* Chance that a shaker from total reaches goal, shaking until there. */
double
odds_shake_reach(int faces, long total, long goal)
{
	return shake_until(faces, total, goal, 1);
}
