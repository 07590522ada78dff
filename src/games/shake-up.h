/*
 * shake-up.h: what the Shake Up module (game-shake-up.c), its hands and
 * levels (shake-up-hand.c) and its advice (shake-up-advice.c) share; for
 * those three alone (the rules are reached through game_shake_up).
 */
#ifndef SHAKEREF_SHAKE_UP_H
#define SHAKEREF_SHAKE_UP_H

#include "buf.h"
#include "game.h"
#include "game-shake-up.h"

#define SU_MAX_PLAYERS	4
#define PAWNS		5
#define DICE		4
#define SHAKES		3

enum phase {
	P_START,	/* the start roll (SU-2), the table enters */
	P_SHAKE,	/* a turn: roll, keep, stand (SU-3) */
	P_MOVE,		/* (A) or (B): move LEVEL (SU-5, SU-7) */
	P_AFTER,	/* after an (A) move: again, penalize, pass */
	P_OVER
};

struct game_state {
	const struct game_setup	*gs;
	int		 n;
	int		 levels;		/* the top level: safe */
	int		 free;			/* reroll=free */
	enum phase	 phase;
	int		 round;
	int		 first;			/* took the first turn */
	int		 cur;			/* whose turn */
	int		 pawn[SU_MAX_PLAYERS][PAWNS];	/* ascending */
	int		 rollers[SU_MAX_PLAYERS];	/* P_START */
	int		 nrollers;
	/* the turn */
	int		 shakes;
	int		 held[DICE], nheld;	/* ascending */
	int		 last[DICE], nlast;	/* the last shake, not held */
	enum su_class	 cls;
	int		 special;		/* SU-6 */
	int		 penalized;		/* SU-6: the penalty is taken */
	int		 winner;
};

static const char *const class_letter = "ABCD";

/* shake-up-hand.c: n ints sorted ascending. */
void		 su_sort_ints(int *v, int n);
/* shake-up-hand.c: the combination a hand of four dice makes, in words. */
const char	*su_hand_name(const int *dice);
/*
 * shake-up-hand.c: the hand (held dice, then the last shake) into dice;
 * the count.
 */
int		 su_hand(const struct game_state *st, int *dice);
/* shake-up-hand.c: the pawns of seat p that are safe (SU-1). */
int		 su_safe_count(const struct game_state *st, int p);
/* shake-up-hand.c: the pawns of seat p on level l. */
int		 su_on_level(const struct game_state *st, int p, int l);
/* shake-up-hand.c: 1 if seat p may move a pawn up from level l (SU-8). */
int		 su_may_move(const struct game_state *st, int p, int l);
/* shake-up-hand.c: 1 if an opponent of seat p has a pawn to penalize. */
int		 su_has_target(const struct game_state *st, int p);
/* shake-up-hand.c: the levels seat p may move up from, "1, 3" into b. */
void		 su_movable(const struct game_state *st, int p, struct buf *b);

/* shake-up-advice.c: odds and advice for the player to move. */
void		 su_advise(const struct game_state *st, struct buf *b);
/* shake-up-advice.c: the coach for Shake Up. */
int		 su_advice(const struct game_state *st, struct advice *a);

#endif
