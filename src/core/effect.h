/*
 * effect.h: one entry's whole effect on the store (issue 39), computed
 * by the write path from the game before it and the entry, without the
 * store: the entry appended, the game's summary (summary set) and names
 * and title now (names not NULL), the dice it rolled or took back (sign
 * 1 or -1), history's note of it (note set) and the undone mark it
 * moves (undone_n > 0), the undo cache's row changes (push, pop, cut,
 * in order), the snapshot (format not NULL: state, or dropped when
 * state is NULL), then the undo cache's head (EFFECT_HEAD_*: set to
 * depth and nundone, dropped, or its rows rebuilt: the command hands
 * the store the rows it rebuilt beside the effect).
 *
 * The store takes it whole (store.h: store_write()); the effect names
 * no type of the store.
 */
#ifndef SHAKEREF_EFFECT_H
#define SHAKEREF_EFFECT_H

#include <stddef.h>

#include "game.h"

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
};

/* A game's summary, as the store keeps it (store_summary()). */
struct effect_summary {
	int	 state;			/* STORE_ACTIVE ... */
	long	 scores[GAME_MAX_PLAYERS];
	int	 won[GAME_MAX_PLAYERS];	/* winners of a game over */
};
int	effect_summary_same(const struct effect_summary *,
	    const struct effect_summary *, int nplayers);

/*
 * The undo cache's head as the read for the write found it (the
 * store's struct store_undo: valid, entries in effect, undone and
 * redo-able, of those the rows kept), and what was learnt before the
 * entry: rebuild, the rows cannot take it in; has_verb, an undone entry
 * is a title or abandon (redo ends).
 */
struct effect_head {
	int	 valid;
	int	 depth;
	int	 nundone;
	int	 kept_undone;
	int	 rebuild;
	int	 has_verb;
};

/* The dice an entry rolled (sign 1) or takes back (-1). */
struct effect_dice {
	struct die_rolled	 d[GAME_MAX_PLAYERS];
	int			 nd;
	int			 sign;
};

/*
 * What effect_of() needs besides the replay: the game, the summaries
 * before and after the entry, whether replay changed the names or
 * title, and whether the messages are translated (history keeps its
 * notes in English only).
 */
struct effect_in {
	long long		 game;
	int			 nplayers;
	const struct game_rules	*rules;
	struct effect_summary	 before;
	struct effect_summary	 now;
	int			 names_changed;
	int			 translated;
};

/*
 * The whole effect of the last entry of rp (just folded in by
 * replay_add()) into e: the entry, the summary where it differs, the
 * names and title where changed, the dice (d, rewritten for an undo to
 * the dice taken back), the note flag, the undone mark, the undo
 * cache's row changes and head (h moved on as the rows now are;
 * EFFECT_HEAD_REBUILD: the caller rebuilds the rows), and the snapshot
 * (its format and bytes in fmt and snap, which e points into).
 */
void	effect_of(const struct replay *rp, const struct effect_in *,
	    struct effect_head *h, struct effect_dice *d, struct effect *e,
	    struct buf *fmt, struct buf *snap);

#endif
