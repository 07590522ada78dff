/*
 * odds.c: probabilities and advice for the players, pure.
 */
#include <math.h>

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
	return shake_p(faces, 0);
}

/*
 * One more shake from t gains (1-c)(t) + E[S] - t = E[S] - c t on average:
 * worth it while t < E[S] / c.  The rule is optimal (the gain falls as t
 * grows), so the stop is the first multiple of 10 at or above E[S] / c.
 */
long
odds_shake_stop(int faces)
{
	double c = odds_shake_crap(faces), es = 60.0 * faces / 6.0;
	long t = 0;

	if (c <= 0)
		return 1000000;
	while (es - c * t > 0)
		t += 10;
	return t;
}

/* Average final score from total, shaking below the stop, by recursion. */
double
odds_shake_value(int faces, long total)
{
	long stop = odds_shake_stop(faces), t;
	double v[1200];
	int i, k;

	if (total >= stop || stop / 10 + 7 >= 1200)
		return (double)total;
	/* v[k]: value holding 10k; from the stop on, bank. */
	for (k = (int)(stop / 10) + 6; k >= 0; k--) {
		t = 10L * k;
		if (t >= stop) {
			v[k] = (double)t;
			continue;
		}
		v[k] = 0;
		for (i = 1; i <= SHAKE_DICE; i++)
			v[k] += shake_p(faces, i) * v[k + i];
	}
	return v[total / 10];
}

/* Chance that a shaker from total reaches goal, shaking until there. */
double
odds_shake_reach(int faces, long total, long goal)
{
	double v[1200];
	int i, k, kg;

	if (total >= goal)
		return 1;
	kg = (int)((goal + 9) / 10);
	if (kg + 7 >= 1200)
		return 0;
	for (k = kg + 6; k >= 0; k--) {
		if (k >= kg) {
			v[k] = 1;
			continue;
		}
		v[k] = 0;
		for (i = 1; i <= SHAKE_DICE; i++)
			v[k] += shake_p(faces, i) * v[k + i];
	}
	return v[total / 10];
}
