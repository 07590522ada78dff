/*
 * shake-a-word.h: the Shake-A-Word rules module.  The commands reach it
 * through its struct game_rules alone (the hooks word_round, word_value,
 * lookups and its dictionary option); the two functions below are its
 * hooks, exported for its unit test.
 */
#ifndef SHAKEREF_SHAKE_A_WORD_H
#define SHAKEREF_SHAKE_A_WORD_H

#include "game.h"

/* The last scored round's view, or with force the open round's; -1 if none. */
int	saw_round_view(const struct game_state *, int force,
	    struct word_round *);
/*
 * The value of a word of `letters` letters (a Qu cell counts 2) under the
 * game's scoring option.
 */
int	saw_word_value(const struct game_state *, int letters);

extern const struct game_rules game_shake_a_word;

#endif
