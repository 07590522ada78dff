/*
 * odds.h: probabilities and advice, pure.
 */
#ifndef SHAKEREF_ODDS_H
#define SHAKEREF_ODDS_H

/* Shake: chance that six Shake dice all show 0, with faces of six showing 10. */
double	odds_shake_crap(int faces);
/* Shake: the total below which one more shake gains on average. */
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
