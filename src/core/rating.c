/*
 * rating.c: the Weng-Lin Bayesian approximation with the Plackett-Luce
 * model (Weng and Lin 2011, algorithm 4), every player a team of one, as
 * openskill's rate() computes it with its default model and constants
 * and tau given (no limit on sigma's growth): see rating.h.
 */
#include <math.h>

#include "game.h"
#include "rating.h"

/* A new player's rating. */
void
rating_init(struct rating *r)
{
	r->mu = RATING_MU;
	r->sigma = RATING_SIGMA;
}

/* One game's update; see rating.h. */
void
rating_update(struct rating *r, const int *rank, int n)
{
	double s2[GAME_MAX_PLAYERS], e[GAME_MAX_PLAYERS];
	double sumq[GAME_MAX_PLAYERS], dmu[GAME_MAX_PLAYERS];
	double keep[GAME_MAX_PLAYERS], c = 0, omega, delta, quot, gamma;
	int a[GAME_MAX_PLAYERS], i, q;

	if (n < 2 || n > GAME_MAX_PLAYERS)
		return;
	for (i = 0; i < n; i++) {
		s2[i] = r[i].sigma * r[i].sigma + RATING_TAU * RATING_TAU;
		c += s2[i] + RATING_BETA * RATING_BETA;
	}
	c = sqrt(c);
	for (i = 0; i < n; i++)
		e[i] = exp(r[i].mu / c);
	/* sumq[q]: over the players placed no better than q; a[q]: q's ties. */
	for (q = 0; q < n; q++) {
		sumq[q] = 0;
		a[q] = 0;
		for (i = 0; i < n; i++) {
			if (rank[i] >= rank[q])
				sumq[q] += e[i];
			if (rank[i] == rank[q])
				a[q]++;
		}
	}
	/* Every update from the ratings before the game: mu after sigma. */
	for (i = 0; i < n; i++) {
		omega = delta = 0;
		for (q = 0; q < n; q++) {
			if (rank[q] > rank[i])
				continue;
			quot = e[i] / sumq[q];
			omega += (i == q ? 1 - quot : -quot) / a[q];
			delta += quot * (1 - quot) / a[q];
		}
		gamma = sqrt(s2[i]) / c;
		keep[i] = fmax(1 - gamma * delta * s2[i] / (c * c),
		    RATING_KAPPA);
		dmu[i] = omega * s2[i] / c;
	}
	for (i = 0; i < n; i++) {
		r[i].mu += dmu[i];
		r[i].sigma = sqrt(s2[i]) * sqrt(keep[i]);
	}
}

/* mu - 3 sigma. */
double
rating_ordinal(const struct rating *r)
{
	return r->mu - 3 * r->sigma;
}
