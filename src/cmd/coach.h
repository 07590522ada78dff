/*
 * coach.h: the coach's look back at a game (src/cmd/coach.c), the engine
 * of `review` (cmd-review.c shows it), of the decisions beside the
 * ratings of `standings --all-time`, and of their cache, which check
 * compares and rebuilds.
 *
 * review asks a game's advice() hook (game.h) once per entry, in one
 * replay (review_observe), and keeps only each decision's values.  So a
 * module's advice lists every move a player can make.  Keeps from one
 * roll are grouped there: the move made is the whole keep, found in the
 * advice after the roll.  Each move is a line play accepts (a name
 * through buf_word()); review writes the move made the same way
 * (game_entry_line()), so made and best compare and play takes both.
 * An advice that solves something big keeps what it solved for the next
 * call in the context its caller lends, never in a static (10,000's
 * turns in struct tt_coach: src/core/tt-coach.c, turn_get).
 */
#ifndef SHAKEREF_COACH_H
#define SHAKEREF_COACH_H

#include "cmd.h"

/* A decision as the review judges it. */
struct decision {
	int		 n;		/* entry number */
	int		 round;
	int		 seat;
	char		*made;		/* the move made, as advice lists it */
	char		*best;		/* the coach's move */
	double		 best_v;	/* their values, in the basis' unit */
	double		 made_v;
	double		 cost;
	enum advice_basis basis;
};

/* A word grid's round about to be scored (word_round): grid and words. */
struct scored {
	int		 i;		/* the score entry's index */
	struct word_round *grid;
	char		**words[GAME_MAX_PLAYERS];
};

/*
 * The review, worked out in one pass of the replay (review_observe, before
 * each entry in effect): the decisions, each player's luck, the chart.
 */
struct review {
	const char	*undone;	/* per entry: taken back for good */
	int		 n;		/* entries */
	int		 nplayers;
	struct decision	*d;
	int		 nd;
	long		*line[GAME_MAX_PLAYERS];	/* scores, per entry */
	int		 npoints;
	double		 luck[GAME_MAX_PLAYERS];
	/* luck: each player's last decision, waiting for the dice */
	struct pending {
		int		 on;
		int		 rolled;
		enum advice_basis basis;
		double		 q;
		long		 score;
	} pend[GAME_MAX_PLAYERS];
	/*
	 * Keeps from one roll (TT-3, SU-3) are one decision: the advice
	 * after the roll is kept until the keeps end, then the decision is
	 * judged on what was kept in all (grp_args).
	 */
	int		 grp;		/* its decision, or -1 */
	struct advice	*grp_a;
	struct buf	 grp_args;	/* every value kept, as typed */
	struct buf	 grp_last;	/* the last keep's values */
	int		 last_keep;	/* the entry before was grp's keep */
	const char	*keep;		/* the game's keep verb (VERB_KEEP) */
	struct scored	*sc;
	int		 nsc;
};

/* Each player's sums over the decisions, in the review's basis. */
struct totals {
	enum advice_basis basis;	/* the decisions' most common */
	double		 cost[GAME_MAX_PLAYERS];
	double		 err[GAME_MAX_PLAYERS];
	int		 ndec[GAME_MAX_PLAYERS];
};

/*
 * Replay sg with the coach watching every entry in effect (rv made here,
 * freed by sr_review_free): RULING_OK, or the replay's failure, its
 * words in r.
 */
int	sr_review_run(struct sr_game *sg, struct review *rv, struct ruling *r);
/* The end of the replay: each player's sums, in the basis most used. */
void	sr_review_totals(struct sr_game *sg, struct review *rv,
	    struct totals *t);
void	sr_review_free(struct review *rv);
/* How bad a decision is, 0 (the coach's move) to 1 (all thrown away). */
double	sr_decision_error(const struct decision *d);
/* An average error per decision in review's words ("advanced"), translated. */
const char *sr_rating_name(double avg);

/*
 * The coach's view of a game for `standings --all-time`: per seat and
 * basis (enum advice_basis), the decisions review judges and their
 * errors summed (sr_decision_error), in millionths as the cache keeps
 * them.
 */
#define SR_COACH_BASES	3
struct sr_coach {
	long		 decisions[GAME_MAX_PLAYERS][SR_COACH_BASES];
	long long	 error[GAME_MAX_PLAYERS][SR_COACH_BASES];
};
/*
 * Review game id (loaded and replayed here, in the caller's
 * transaction) into c; SR_OK, or the status with *why set (a game that
 * does not replay: SR_DATA).
 */
int	sr_coach_game(struct sr_ctx *, long long id, struct sr_coach *c,
	    int *nplayers, char **why);
/* The figures of an sg loaded and replayed (check's), into c. */
int	sr_coach_of(struct sr_game *sg, struct sr_coach *c, char **why);
/*
 * Store c as game id's coach cache, made from its entries up to n, in
 * the caller's write transaction (the rows before it dropped).
 */
int	sr_coach_save(struct sr_ctx *, long long id, int n,
	    const struct sr_coach *c, int nplayers, char **why);
/*
 * check: compare the coach cache of the finished game sg (replayed) with
 * its review; fn gets each difference in words; with repair store the
 * review's.  A game that is not finished has none (one stored is
 * dropped with repair).
 */
int	sr_coach_check(struct sr_ctx *, struct sr_game *sg, int finished,
	    int repair, void (*fn)(void *, const char *), void *arg,
	    char **why);

#endif
