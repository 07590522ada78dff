/*
 * odds.h: probabilities and advice, pure.
 */
#ifndef SHAKEREF_ODDS_H
#define SHAKEREF_ODDS_H

/* Shake: chance that six Shake dice all show 0, with faces of six showing 10. */
double	odds_shake_crap(int faces);
/*
 * Shake: the sign of what one more shake from total gains on average
 * (1, 0 at the break-even, -1), in integers.
 */
int	odds_shake_gain_sign(int faces, long total);
/* Shake: the first total (a multiple of 10) from which it gains no more. */
long	odds_shake_stop(int faces);
/*
 * Shake: the average round score of a shaker now holding total, who keeps
 * shaking below odds_shake_stop() and banks from it on.
 */
double	odds_shake_value(int faces, long total);
/* Shake: the chance that a shaker from total ends with at least goal. */
double	odds_shake_reach(int faces, long total, long goal);

/* n choose k, as a double. */
double	odds_choose(int n, int k);

#endif
