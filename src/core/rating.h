/*
 * rating.h: a player's skill from the results of games, the Weng-Lin
 * Bayesian approximation with the Plackett-Luce model (Weng and Lin
 * 2011), as the openskill libraries compute it by default (SPEC.md
 * "Ratings").  Pure: the caller keeps the ratings and feeds the games in
 * the order they finished.
 */
#ifndef SHAKEREF_RATING_H
#define SHAKEREF_RATING_H

#define RATING_MU	25.0			/* a new player's mean */
#define RATING_SIGMA	(25.0 / 3)		/* and its deviation */
#define RATING_BETA	(25.0 / 6)		/* the performance's spread */
#define RATING_KAPPA	0.0001			/* sigma's floor, as a share */
#define RATING_TAU	(25.0 / 300)		/* added before each game */

struct rating {
	double	 mu;
	double	 sigma;
};

/* A new player's rating (mu 25, sigma 25/3). */
void	rating_init(struct rating *);
/*
 * One game of n players (2 or more): r[i] the ratings before it, rank[i]
 * player i's place (1 the best; equal places a tie, in any order of i).
 * Each sigma first grows by tau (sigma' = sqrt(sigma^2 + tau^2)), then
 * every r[i] becomes the rating after the game.
 */
void	rating_update(struct rating *r, const int *rank, int n);
/* The ordinal the players are ordered by: mu - 3 sigma. */
double	rating_ordinal(const struct rating *);

#endif
