/*
 * effect.h: one entry's whole effect on the store (issue 39), computed
 * by the write path from the game before it and the entry, without the
 * store: the entry appended, the game's summary (summary set) and names
 * and title now (names not NULL), the dice it rolled or took back (sign
 * 1 or -1), history's note of it (note set) and the undone mark it
 * moves (undone_n > 0), the undo cache's row changes (push, pop, cut,
 * in order), the snapshot (format not NULL: state, or dropped when
 * state is NULL), then the undo cache's head (EFFECT_HEAD_*: set to
 * depth and nundone, dropped, or its rows rebuilt from caches).
 *
 * The store takes it whole (store.h: store_write()); the core never
 * looks into caches (the store's rebuilt rows, made by the command).
 */
#ifndef SHAKEREF_EFFECT_H
#define SHAKEREF_EFFECT_H

#include <stddef.h>

#include "game.h"

struct store_caches;

#define EFFECT_UNDO_PUSH	1	/* a: depth, b: entry */
#define EFFECT_UNDO_POP	2	/* a: depth, b: pos undone */
#define EFFECT_UNDO_CUT	3	/* a: pos */
#define EFFECT_HEAD_KEEP	0	/* the head as it is */
#define EFFECT_HEAD_SET	1
#define EFFECT_HEAD_DROP	2
#define EFFECT_HEAD_REBUILD	3
struct effect_undo_op {
	int	 op;
	int	 a;
	int	 b;
};
struct effect {
	long long			 game;
	const struct stored_entry	*entry;
	int				 summary;
	int				 state;
	long				 scores[GAME_MAX_PLAYERS];
	int				 won[GAME_MAX_PLAYERS];
	int				 nplayers;
	const char *const		*names;
	const char			*title;
	const struct die_rolled		*dice;
	int				 ndice;
	int				 sign;
	int				 note;
	int				 undone_n;
	int				 undone;
	struct effect_undo_op		 undo[3];
	int				 nundo;
	const char			*format;
	const void			*snapshot;
	size_t				 len;
	int				 head;
	int				 depth;
	int				 nundone;
	const struct store_caches	*caches;
};

#endif
