/*
 * tt-coach.h: the coach for 10,000 (TT-1..TT-8), pure.
 *
 * Two bases.  "points": the expected points the player banks this turn
 * with best play from here, a bank counting at most what the player needs
 * to reach the target (so E[min(banked, target - score)] is maximized: a
 * bank that wins is worth exactly what it needs, and nothing is gained by
 * rolling on past it).  "win": for two players, the chance to win the game
 * with best play by both, the roll-off (TT-7) included.
 *
 * Every total is counted in levels of 50 points (every score of TT-1 is a
 * multiple of 50).  A turn is solved backwards over its total: rolling n
 * dice at level i leads, through each keep, to a higher level (a keep
 * always scores), except two equal dice (TT-5), which roll six at the same
 * level; so one pass from the top level down is exact.
 *
 * The two-player table (struct tt_win) holds, for every pair of scores
 * below the target, F(a, b): the chance of the player to move at a fresh
 * turn, and O(x, y, T, n): the chance of a player with score x offered a
 * roll-off of T with n dice by the banker (now at y) with best play
 * (continue or fresh).  Pairs are solved from the highest sum of scores
 * down (a bank raises the sum); a farkle swaps (a, b) into (b, a), the
 * only cycle, solved as a fixed point of the two.  tt_win_build() fills it;
 * src/sys/tt-table.c caches it on disk and maps it.
 */
#ifndef SHAKEREF_TT_COACH_H
#define SHAKEREF_TT_COACH_H

#include <stddef.h>
#include <stdint.h>

#define TT_LEVEL	50		/* points per level */
#define TT_SPAN		161		/* levels a keep can add, + 1 (8000) */
#define TT_WIN_MAX	10000		/* the largest target with a table */
#define TT_POINTS_CAP	1000		/* levels solved in points (50,000) */
#define TT_MAX_MOVES	80

/* The roll classes of 1..6 dice for one four-pair setting. */
struct tt_model;

/*
 * The model of four_pair: tt_model_new() takes it from the data worked
 * out at build time (tt_model_data, written by mktt -m into the build's
 * src/tt-model-data.c), so that no advice computes it (issue 29: it was
 * 60% of a status with the coach's line); tt_model_solve() computes it.
 */
struct tt_model	*tt_model_new(int four_pair);
struct tt_model	*tt_model_solve(int four_pair);
void		 tt_model_free(struct tt_model *);
/* 1 if two models hold the same classes and options, chances included. */
int		 tt_model_same(const struct tt_model *, const struct tt_model *);
/* The C source of tt_model_data[] for models m[0] (four_pair off), m[1]. */
struct buf;
void		 tt_model_source(struct tt_model *const m[2], struct buf *);

/* One way to keep from a roll: the levels it scores, the dice left. */
struct tt_opt {
	short	lev;
	short	left;
	int	at;			/* lev * 7 + left */
};

/* Rolls of n dice with the same ways to keep, their chance summed. */
struct tt_class {
	double	p;
	int	doubles;		/* TT-5: two equal dice */
	int	nopt;
	int	off;			/* into the model's options */
};

/* A model as data: per number of dice its classes, and their options. */
struct tt_model_data {
	int			 ncls[7];
	const struct tt_class	*cls[7];
	const struct tt_opt	*opts;
	int			 nopts;
};
extern const struct tt_model_data tt_model_data[2];

/* The two-player table for one target and four-pair setting. */
struct tt_win {
	int		 k;		/* target / 50: scores are levels 0..k-1 */
	int		 four_pair;
	const float	*f;		/* f[a*k+b] */
	const uint16_t	*o;		/* O(x, y, t, n) by tt-coach.c's index, value / 65535 */
};

/* Entries of f and o for k levels. */
size_t	tt_win_fsize(int k);
size_t	tt_win_osize(int k);
double	tt_win_o(const struct tt_win *, int x, int y, int t, int n);
/*
 * Solve the table into f and o (tt_win_fsize(k), tt_win_osize(k)
 * entries).  progress, if not NULL, is called now and then with the share
 * done (0..1).
 */
void	tt_win_build(const struct tt_model *, int k, float *f, uint16_t *o,
	    void (*progress)(void *, double), void *arg);

/* A 10,000 position, as the referee holds it, for the player to move. */
enum tt_phase { TT_OFFER, TT_ROLL, TT_ROLLED };

struct tt_position {
	long		 target;
	int		 four_pair;
	int		 nplayers;
	long		 score;		/* the player to move */
	long		 opp;		/* the other player (two players) */
	enum tt_phase	 phase;
	long		 total;		/* kept before this roll's set */
	int		 in_hand;	/* TT_ROLL: dice to roll */
	int		 scored;	/* a scoring keep this turn (TT-6) */
	int		 roll[6], nroll;	/* TT_ROLLED */
	int		 doubles;		/* the roll is TT-5 doubles */
	int		 set[6], nset;		/* kept from it so far */
	long		 set_score;
	long		 offer_total;	/* TT_OFFER */
	int		 offer_dice;
};

enum tt_basis { TT_POINTS, TT_WIN };

struct tt_move {
	char		 entry[32];	/* "keep 1 5", "bank", "roll", ... */
	double		 value;		/* points, or the chance 0..1 */
	char		 then[32];	/* after a keep: "roll 4" or "bank" */
	long		 banks;		/* the turn total it banks, or 0 */
};

struct tt_advice {
	enum tt_basis	 basis;
	int		 nmoves;	/* 0: no decision now (TT_ROLL) */
	struct tt_move	 moves[TT_MAX_MOVES];	/* best first */
	double		 value;		/* of the position with best play */
	char		 say[320];	/* one line, no newline */
};

/*
 * Where the two-player table comes from: a function the program gives
 * the coach (src/sys/tt-table.c maps the cached file) returning the
 * table for a target and four-pair setting, or NULL (then the basis is
 * points); arg is passed to it as given.
 */
typedef const struct tt_win *(*tt_win_source)(const void *arg, long target,
    int four_pair);

/*
 * The coach's memory, a context its caller owns (the core keeps no state
 * of its own: DESIGN.md): the models of four_pair (made on first use),
 * the turns solved for the next advice (a review asks at every decision,
 * and a turn's solution serves each of them), and the table's source
 * (NULL: points only).  The command context makes one (struct sr_ctx's
 * env) and lends it to the rules through struct game_env.
 */
struct tt_coach;
struct tt_coach	*tt_coach_new(tt_win_source, const void *arg);
void		 tt_coach_free(struct tt_coach *);

/*
 * The advice for p: every move with its value, best first, and a line in
 * words.  The basis is win for two players with a target up to
 * TT_WIN_MAX and a table from c's source, else points.  c NULL: a coach
 * of its own for this call alone (points; nothing kept).
 */
void	tt_coach_advise(struct tt_coach *c, const struct tt_position *,
	    struct tt_advice *);
/*
 * The same with the table given (NULL: points): c's models, none of its
 * turns (they are kept for its source's tables alone); c may be NULL.
 */
void	tt_coach_advise_with(struct tt_coach *c, const struct tt_position *,
	    const struct tt_win *, struct tt_advice *);

#endif
