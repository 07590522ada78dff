/*
 * shake.h: what the Shake module (game-shake.c) and its advice
 * (shake-advice.c) share; for those two alone (the rules are reached
 * through game_shake).
 */
#ifndef SHAKEREF_SHAKE_H
#define SHAKEREF_SHAKE_H

#include "buf.h"
#include "game.h"

#define ROUNDS		10
#define ALL_SHAKE	(ROUNDS + 1)

enum phase {
	P_ROLL,		/* round start: every colored die */
	P_CHOOSE,	/* the chooser: take or shake */
	P_SHAKE,	/* the shaker: roll (and bank after a shake) */
	P_TIE,		/* a tie group rolls its colored dice (SH-9) */
	P_ORDER,	/* the tie's highest roller names the order */
	P_OVER
};

struct game_state {
	const struct game_setup	*gs;
	int		 n;
	int		 faces;
	int		 round;			/* 1..10, 11 = ties + All Shake */
	enum phase	 phase;
	long		 score[GAME_MAX_PLAYERS];
	long		 pad[ALL_SHAKE + 1][GAME_MAX_PLAYERS]; /* -1: open */
	int		 die[GAME_MAX_PLAYERS];	/* colored die this round */
	int		 decided[GAME_MAX_PLAYERS];
	int		 chooser;		/* P_CHOOSE */
	int		 shaker;		/* P_SHAKE */
	int		 shakes;		/* shakes in this turn */
	long		 total;			/* shake total this turn */
	/* All Shake round */
	int		 order[GAME_MAX_PLAYERS];	/* shaking order */
	int		 norder;
	int		 next;			/* index into order */
	/* SH-9 tie groups */
	int		 group[GAME_MAX_PLAYERS];	/* members, seat order */
	int		 ngroup;
	int		 rollers[GAME_MAX_PLAYERS];	/* who rolls now */
	int		 nrollers;
	int		 high;			/* P_ORDER: the highest roller */
	int		 settled[GAME_MAX_PLAYERS];	/* tie order fixed */
	int		 void_rolls;
};

/* shake-advice.c: odds and advice for the chooser or the shaker. */
void	shake_advise(const struct game_state *st, struct buf *b);
/* shake-advice.c: the coach: take or shake, bank or shake on, pass. */
int	shake_advice(const struct game_state *st, struct advice *a);

#endif
