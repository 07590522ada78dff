/*
 * game-shake-up.h: the Shake Up hand classifier (SU-4), exported for its
 * unit test; the rest of the module is reached through game_shake_up.
 */
#ifndef SHAKEREF_GAME_SHAKE_UP_H
#define SHAKEREF_GAME_SHAKE_UP_H

/* The classes of a final hand, best first (SU-4). */
enum su_class {
	SU_A,		/* run of four, four of a kind */
	SU_B,		/* run of three, three of a kind, two pair */
	SU_C,		/* one pair */
	SU_D		/* none of the above */
};

/* Classify four dice, each 1..6, in any order. */
enum su_class	 shakeup_classify(const int *dice);

#endif
