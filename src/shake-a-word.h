/*
 * shake-a-word.h: what the Shake-A-Word rules module shows of a round to
 * the commands that need more than the status (solve).
 */
#ifndef SHAKEREF_SHAKE_A_WORD_H
#define SHAKEREF_SHAKE_A_WORD_H

#include "game.h"
#include "grid.h"

struct saw_round {
	int      round;          /* number of that round */
	int      open;           /* 1 if it is the open round */
	int      n;              /* grid side */
	char     cells[36][GRID_CELL];	/* lowercase letters, "qu", row-major */
	const char *dict;	/* the game's dictionary and language */
	int      fold;		/* accents=fold */
	int      nouns;		/* nouns on */
	int      nplayers;
	/* words[i]: player i's words that round, lowercase as written, NULL-terminated */
	const char *const *words[GAME_MAX_PLAYERS];
	/* keys[i]: their keys (lang.h), by which words compare */
	const char *const *keys[GAME_MAX_PLAYERS];
};

/* The last scored round's view, or with force the open round's; -1 if none. */
int	saw_round_view(const struct game_state *, int force, struct saw_round *);
/* The value of a word of `letters` letters (a Qu cell counts 2) under the game's scoring option. */
int	saw_word_value(const struct game_state *, int letters);

extern const struct game_rules game_shake_a_word;

#endif
