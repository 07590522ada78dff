/*
 * dice.h: ten-thousand dice scoring (TT-1, TT-2) and farkle odds, pure.
 */
#ifndef SHAKEREF_DICE_H
#define SHAKEREF_DICE_H

#define DICE_MAX	6

/*
 * The score of the kept dice vals[0..n) (each 1..6, n 1..6, all from one
 * roll) at their best split over every combination of TT-1 (singles, three
 * to six of a kind, the straight, three pairs) and TT-2 (four of a kind
 * plus a pair as three pairs when four_pair is set).  Returns the score,
 * or -1 when some die belongs to no scoring combination, with *bad the
 * index of the first such die (-1 when n is 0 or a value is not 1..6).
 */
long	dice_keep_score(const int *vals, int n, int four_pair, int *bad);
/* 1 if some dice of the roll vals[0..n) score (TT-1): not a farkle. */
int	dice_roll_scores(const int *vals, int n);
/* The best score any subset of the roll vals[0..n) can keep. */
long	dice_best_keep(const int *vals, int n, int four_pair);
/*
 * The chance that a roll of n dice (1..6) is a farkle: nothing scores and,
 * with n == 2, the dice differ (TT-5 makes two equal dice no farkle).
 */
double	dice_farkle_odds(int n);

#endif
