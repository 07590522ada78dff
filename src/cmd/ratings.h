/*
 * ratings.h: every player's rating per rules over the finished games
 * (src/cmd/ratings.c): `standings --all-time` and serve's standings page.
 * SPEC.md "Ratings": the Weng-Lin Plackett-Luce update of
 * src/core/rating.c, game by game in the order the games finished, and
 * beside it the coach's view of the same games, from the coach's cache
 * (coach.h), made for a game that has none.
 */
#ifndef SHAKEREF_RATINGS_H
#define SHAKEREF_RATINGS_H

#include "coach.h"
#include "rating.h"

/* One player at one rules. */
struct sr_rated {
	char		*name;		/* as first met */
	char		 rules[GAME_RULES_NAME_MAX + 1];
	long		 played;
	long		 won;
	struct rating	 r;
	long		 dec[SR_COACH_BASES];	/* decisions per basis */
	long long	 err[SR_COACH_BASES];	/* their error, millionths */
	/* With curves: mu after each of their games, and when. */
	double		*mu;
	long long	*at;
	int		 npoints;
};

struct sr_ratings {
	struct sr_rated	*p;
	int		 n;
};

/*
 * A local date (YYYY-MM-DD) as the time its day starts (end: the next
 * day starts, so that until is inclusive) into *t; -1 if s is no such
 * date.
 */
int	sr_date_parse(const char *s, int end, long long *t);
/*
 * Rate every finished game of rules (NULL: every rules) that finished
 * at or after since and before until (0: no bound), in a read
 * transaction of its own; the coach's figures of a game without them
 * are made, and with keep stored after it (a database that takes no
 * write keeps none: they are made again next time; serve, which never
 * writes, keeps none).  curves: keep each player's mu after each game.
 * SR_OK, or a store failure with *why set.
 */
int	sr_ratings_read(struct sr_ctx *, const char *rules, long long since,
	    long long until, int curves, int keep, struct sr_ratings *,
	    char **why);
/*
 * Players by rules (the game table's order), then by ordinal (mu - 3
 * sigma) best first, then by name.
 */
void	sr_ratings_sort(struct sr_ratings *);
/* The decisions of p, and their error per decision on the basis most
 * used (-1 when none). */
long	sr_rated_decisions(const struct sr_rated *);
double	sr_rated_error(const struct sr_rated *);
void	sr_ratings_free(struct sr_ratings *);

#endif
