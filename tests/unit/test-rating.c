/*
 * test-rating.c: the ratings of `standings --all-time` (SPEC.md
 * "Ratings"), src/core/rating.c, against values worked out by hand from
 * Weng and Lin's algorithm 4 (Plackett-Luce), every player a team of one,
 * with openskill's constants: mu 25, sigma 25/3, beta 25/6, kappa 0.0001,
 * tau 25/300.  With s2 = sigma^2 + tau^2 (sigma grown by tau first) and
 * c = sqrt(sum over the players of s2 + beta^2), a player i gets
 * mu + s2/c * omega_i and sqrt(s2) * sqrt(1 - sqrt(s2)/c * delta_i *
 * s2/c^2), omega and delta summed over the places q no worse than i's.
 * Equal ratings make every exp(mu/c) the same, so each quotient below is
 * 1 over the number of players placed no better than q.
 */
#include <math.h>
#include <stdio.h>

#include "tap.h"
#include "rating.h"

/* Compare a double to 1e-9. */
static void
is_near(double got, double want, const char *name)
{
	if (!ok(fabs(got - want) < 1e-9, "%s", name))
		printf("#   got %.12f, want %.12f\n", got, want);
}

int
main(void)
{
	struct rating r[3];
	const double s2 = 625.0 / 9 + 625.0 / 90000, b2 = 625.0 / 36;
	double c;
	int rank2[2] = { 1, 2 }, rank3[3] = { 2, 1, 2 };

	/*
	 * Two players, Ann beats Bob.  c = sqrt(2 (s2 + b2)) = 13.17668...
	 * Ann: q = Ann alone, quotient 1/2: omega 1/2, delta 1/4.  Bob:
	 * q = Ann (1/2: omega -1/2, delta 1/4) and q = Bob (quotient 1:
	 * nothing).  So mu 25 +- s2/(2c) = 27.635389493, 22.364610507, and
	 * both sigma sqrt(s2 (1 - sqrt(s2) s2 / (4 c^3))) = 8.065901414.
	 */
	rating_init(&r[0]);
	rating_init(&r[1]);
	is_near(r[0].mu, 25, "a new player's mu is 25");
	is_near(r[0].sigma, 25.0 / 3, "a new player's sigma is 25/3");
	rating_update(r, rank2, 2);
	c = sqrt(2 * (s2 + b2));
	is_near(r[0].mu, 25 + s2 / c / 2, "2 players: the winner's mu");
	is_near(r[0].mu, 27.635389493140, "2 players: the winner's mu, "
	    "27.6354");
	is_near(r[1].mu, 22.364610506860, "2 players: the loser's mu, "
	    "22.3646");
	is_near(r[0].sigma, 8.065901413544, "2 players: the winner's sigma");
	is_near(r[1].sigma, 8.065901413544, "2 players: the loser's sigma, "
	    "the same");
	is_near(rating_ordinal(&r[0]), 27.635389493140 - 3 * 8.065901413544,
	    "the ordinal is mu - 3 sigma");

	/*
	 * Three players, Bob first, Ann and Cid tie second (ranks 2, 1, 2).
	 * c = sqrt(3 (s2 + b2)) = 16.13807...; sums over the places: Bob's
	 * 3 e, Ann's and Cid's 2 e; ties a: 1, 2, 2.  Bob: q = Bob,
	 * quotient 1/3: omega 2/3, delta 2/9.  Ann: q = Bob (1/3: omega
	 * -1/3, delta 2/9), q = Ann (1/2, halved by the tie: omega +1/4,
	 * delta 1/8), q = Cid (1/2, halved: omega -1/4, delta 1/8): omega
	 * -1/3, delta 2/9 + 1/4; Cid the same.
	 */
	rating_init(&r[0]);
	rating_init(&r[1]);
	rating_init(&r[2]);
	rating_update(r, rank3, 3);
	c = sqrt(3 * (s2 + b2));
	is_near(r[1].mu, 25 + s2 / c * 2 / 3, "3 players: the winner's mu");
	is_near(r[1].mu, 27.869048680749, "3 players: the winner's mu, "
	    "27.8690");
	is_near(r[1].sigma, 8.205243377398, "3 players: the winner's sigma");
	is_near(r[0].mu, 23.565475659625, "3 players, a tie for second: "
	    "Ann's mu");
	is_near(r[2].mu, r[0].mu, "3 players, a tie: Cid's mu is Ann's");
	is_near(r[0].sigma, 8.058224222802, "3 players, a tie: Ann's sigma");
	is_near(r[2].sigma, r[0].sigma, "3 players, a tie: Cid's sigma is "
	    "Ann's");
	/* Equal sigmas: the omegas 2/3, -1/3, -1/3 move the mus by 0 in all. */
	is_near(r[0].mu + r[1].mu + r[2].mu, 75, "3 players: the mus still "
	    "add up to 75");
	return tap_done();
}
