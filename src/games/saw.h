/*
 * saw.h: what the Shake-A-Word module (game-shake-a-word.c), its rounds
 * (shake-a-word-round.c) and its words for people (shake-a-word-text.c)
 * share; for those three alone (shake-a-word.h is the module's face).
 */
#ifndef SHAKEREF_SAW_H
#define SHAKEREF_SAW_H

#include <stddef.h>

#include "buf.h"
#include "game.h"
#include "grid.h"
#include "lang.h"
#include "shake-a-word.h"

enum { OPT_DICT, OPT_SCORING, OPT_CHECK, OPT_MODE, OPT_COACH, OPT_NOUNS,
    OPT_ACCENTS, OPT_COMPOUNDS };

/* How a word got its ruling. */
enum how {
	HOW_NONE,
	HOW_CHALLENGE,		/* SW-5 */
	HOW_VOTE,		/* SW-6 */
	HOW_CHECK		/* check=all at score */
};

struct saw_word {
	char		*w;		/* lowercase letters, as written */
	char		*key;		/* what it compares by (lang.h) */
	int		 valid;		/* -1 no ruling, 0 struck, 1 stands */
	enum how	 how;
	char		*why;		/* the ruling in words, or NULL */
};

struct saw_list {
	struct saw_word	*v;
	const char	**words;	/* v[i].w, NULL-terminated */
	const char	**keys;		/* v[i].key, NULL-terminated */
	int		 n;
};

struct saw_rnd {
	struct grid	 g;
	int		 open;
	struct saw_list	 pl[GAME_MAX_PLAYERS];
	long		 score[GAME_MAX_PLAYERS];	/* once scored */
	int		 won[GAME_MAX_PLAYERS];		/* its highest score */
};

struct game_state {
	const struct game_setup	*gs;
	int		 n;
	const char	*dict;
	int		 nouns;		/* nouns=on (SW-2) */
	int		 fold;		/* accents=fold (SW-2) */
	int		 compounds;	/* compounds=on (SW-2) */
	int		 boggle;	/* scoring=boggle */
	int		 check_all;	/* check=all */
	int		 by_round;	/* scoring-mode=round */
	struct saw_rnd	*rounds;
	int		 nrounds;
	int		 finished;
};

/* Its verbs, in the row's order (an entry's verb is its index). */
enum {
	V_GRID, V_TIMER, V_WORDS, V_CHALLENGE, V_VOTE, V_SCORE, V_FINISH
};

/* shake-a-word-round.c: the open round, or NULL. */
struct saw_rnd	*saw_open_round(const struct game_state *st);
/* shake-a-word-round.c: the index of the word with key in l, or -1. */
int		 saw_list_find(const struct saw_list *l, const char *key);
/* shake-a-word-round.c: 1 if a player other than seat wrote key in rd. */
int		 saw_crossed(const struct game_state *st,
		    const struct saw_rnd *rd, int seat, const char *key);
/* shake-a-word-round.c: what a word counts now (SW-4, SW-5). */
long		 saw_word_points(const struct game_state *st,
		    const struct saw_rnd *rd, int seat,
		    const struct saw_word *sw);
/* shake-a-word-round.c: points as a score pad shows them: "+2", "-1". */
const char	*saw_signed_points(long v, char *buf, size_t len);
/* shake-a-word-round.c: the letters' context lent to the game, or NULL. */
struct lang	*saw_lg(const struct game_state *st);
/* shake-a-word-round.c: 1 if the open round has a word (unruled: one). */
int		 saw_any_word(const struct game_state *st,
		    const struct saw_rnd *rd, int unruled);
/* shake-a-word-round.c: scores, or rounds won (SW-7). */
void		 saw_score(const struct game_state *st, long *scores,
		    int *winners);

/* shake-a-word-text.c: every round's scores and the totals (SW-7). */
void		 saw_rounds(const struct game_state *st, struct buf *b);
/* shake-a-word-text.c: the values of a verb's argument now. */
void		 saw_values(const struct game_state *st, int v, int argi,
		    char *const *args, struct buf *b);
/* shake-a-word-text.c: the rounds' scores, the grid, the word table. */
void		 saw_describe(const struct game_state *st, struct buf *b);
/* shake-a-word-text.c: the advice (words a challenge would strike). */
void		 saw_advise(const struct game_state *st, struct buf *b);

#endif
