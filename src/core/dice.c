/*
 * dice.c: ten-thousand dice scoring (TT-1, TT-2) and farkle odds, pure.
 */
#include <string.h>

#include "dice.h"

/* Count the faces of vals[0..n) into c[1..6]; -1 if a value is not 1..6. */
static int
count_faces(const int *vals, int n, int c[7])
{
	int i;

	memset(c, 0, 7 * sizeof c[0]);
	for (i = 0; i < n; i++) {
		if (vals[i] < 1 || vals[i] > 6)
			return -1;
		c[vals[i]]++;
	}
	return 0;
}

/* k (3..6) of a kind of face f: f x 100 (1s: 1000), doubled per extra die. */
static long
kind_score(int f, int k)
{
	long s = f == 1 ? 1000 : f * 100L;

	for (; k > 3; k--)
		s *= 2;
	return s;
}

/*
 * The best score of k dice of face f split into of-a-kind groups (three
 * or more) and singles (1s and 5s only); -1 if they cannot all score.
 */
static long
face_best(int f, int k)
{
	long single = f == 1 ? 100 : f == 5 ? 50 : -1, best = -1, s;
	int g, h;

	if (k == 0)
		return 0;
	/* g: the dice in a first group (0 or 3..k), h: in a second. */
	for (g = 0; g <= k; g++) {
		if (g == 1 || g == 2)
			continue;
		for (h = 0; g + h <= k; h++) {
			if (h == 1 || h == 2 || (h > 0 && g == 0))
				continue;
			s = (g ? kind_score(f, g) : 0) +
			    (h ? kind_score(f, h) : 0);
			if (g + h < k) {
				if (single < 0)
					continue;
				s += single * (k - g - h);
			}
			if (s > best)
				best = s;
		}
	}
	return best;
}

/* 1 if c[1..6] is the straight 1-2-3-4-5-6 (TT-1). */
static int
is_straight(const int c[7])
{
	int f;

	for (f = 1; f <= 6; f++)
		if (c[f] != 1)
			return 0;
	return 1;
}

/* 1 if six dice c[1..6] are three pairs (TT-1), 4+2 if four_pair (TT-2). */
static int
is_three_pairs(const int c[7], int four_pair)
{
	int f, pairs = 0;

	for (f = 1; f <= 6; f++) {
		if (c[f] % 2 != 0)
			return 0;
		if (c[f] > 2 && !four_pair)
			return 0;
		pairs += c[f] / 2;
	}
	return pairs == 3;
}

/* Score a kept set at its best split; see dice.h. */
long
dice_keep_score(const int *vals, int n, int four_pair, int *bad)
{
	int c[7], f, i;
	long best = -1, sum = 0, s;

	*bad = -1;
	if (n <= 0 || n > DICE_MAX || count_faces(vals, n, c) != 0)
		return -1;
	if (n == 6 && is_straight(c))
		best = 1000;
	if (n == 6 && is_three_pairs(c, four_pair) && best < 1000)
		best = 1000;
	for (f = 1; f <= 6; f++) {
		if ((s = face_best(f, c[f])) < 0) {
			sum = -1;
			break;
		}
		sum += s;
	}
	if (sum > best)
		best = sum;
	if (best >= 0)
		return best;
	for (i = 0; i < n; i++)
		if (face_best(vals[i], c[vals[i]]) < 0) {
			*bad = i;
			break;
		}
	return -1;
}

/* 1 if some dice of the roll score; see dice.h. */
int
dice_roll_scores(const int *vals, int n)
{
	int c[7], f;

	if (n <= 0 || n > DICE_MAX || count_faces(vals, n, c) != 0)
		return 0;
	if (c[1] > 0 || c[5] > 0)
		return 1;
	for (f = 1; f <= 6; f++)
		if (c[f] >= 3)
			return 1;
	/* Without a 1 there is no straight; three pairs need six dice. */
	return n == 6 && is_three_pairs(c, 0);
}

/* The best score of any subset of the roll; see dice.h. */
long
dice_best_keep(const int *vals, int n, int four_pair)
{
	int sub[DICE_MAX], m, i, k, bad;
	long best = 0, s;

	if (n <= 0 || n > DICE_MAX)
		return 0;
	for (m = 1; m < (1 << n); m++) {
		for (k = 0, i = 0; i < n; i++)
			if (m & (1 << i))
				sub[k++] = vals[i];
		if ((s = dice_keep_score(sub, k, four_pair, &bad)) > best)
			best = s;
	}
	return best;
}

/*
 * The chance that n dice farkle; see dice.h.  The farkles among the 6^n
 * rolls of n dice, counted once (no state kept: DESIGN.md; the rolls are
 * enumerated against dice_roll_scores by tests/unit/test-ten-thousand.c
 * and test-tt-coach.c): a lone 1 or 5 scores, so 4 of 6; two dice also
 * score as a pair (TT-5), 12 of 36; three, 60 of 216; four, 204 of
 * 1,296; five, 600 of 7,776; six, 1,080 of 46,656.
 */
double
dice_farkle_odds(int n)
{
	static const int farkles[DICE_MAX + 1] = { 0, 4, 12, 60, 204, 600,
	    1080 };
	int i, total = 1;

	if (n < 1 || n > DICE_MAX)
		return 0;
	for (i = 0; i < n; i++)
		total *= 6;
	return (double)farkles[n] / total;
}
