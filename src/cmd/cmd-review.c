/*
 * cmd-review.c: the coach's look back at a game, finished or not (as GNU
 * Backgammon's analysis): every decision a player made, the coach's best
 * move there, what the move made cost (skill), and how much better or
 * worse the dice fell than the coach expected (luck), both in the units
 * of the game's advice; then a chart of every player's score over the
 * game.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "dawg.h"
#include "lang.h"
#include "solve.h"
#include "term.h"
#include "utf8.h"
#include "wordlist.h"

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

/* A word grid's round about to be scored: its grid and words, copied. */
static void
words_keep(struct review *rv, int i, const struct game_rules *rules,
    const struct game_state *st)
{
	struct scored *s;
	int p, k, n;

	rv->sc = xreallocarray(rv->sc, (size_t)rv->nsc + 1, sizeof *rv->sc);
	s = &rv->sc[rv->nsc];
	memset(s, 0, sizeof *s);
	s->i = i;
	s->grid = xcalloc(1, sizeof *s->grid);
	if (rules->word_round(st, 1, s->grid) != 0) {
		free(s->grid);
		return;
	}
	rv->nsc++;
	for (p = 0; p < s->grid->nplayers; p++) {
		for (n = 0; s->grid->words[p][n] != NULL; n++)
			continue;
		s->words[p] = xcalloc((size_t)n + 1, sizeof *s->words[p]);
		for (k = 0; k < n; k++)
			s->words[p][k] = xstrdup(s->grid->words[p][k]);
		s->grid->words[p] = NULL;
	}
}

/* Free what words_keep() kept. */
static void
words_drop(struct scored *s)
{
	int p, k;

	for (p = 0; p < GAME_MAX_PLAYERS; p++) {
		for (k = 0; s->words[p] != NULL && s->words[p][k] != NULL; k++)
			free(s->words[p][k]);
		free(s->words[p]);
	}
	free(s->grid);
}

/* 1 if the NULL-terminated list has w. */
static int
has_word(char *const *list, const char *w)
{
	for (; list != NULL && *list != NULL; list++)
		if (strcmp(*list, w) == 0)
			return 1;
	return 0;
}

/*
 * The word review's lines: the board's points, and each player's share
 * and best words missed (freed here).
 */
static void
words_put(struct buf *b, const struct sr_game *sg, int rounds, long total,
    const long *found, char *best[][3], const int *nbest)
{
	int p, k;

	buf_printf(b, P_("the board's points, every valid word of %d scored "
	    "round: %ld\n", "the board's points, every valid word of %d "
	    "scored rounds: %ld\n", rounds), rounds, total);
	for (p = 0; p < sg->g.nplayers; p++) {
		buf_printf(b, _("  %s found %ld (%.0f%%)"), sg->g.names[p],
		    found[p], total > 0 ? 100.0 * found[p] / total : 0);
		for (k = 0; k < nbest[p]; k++) {
			buf_printf(b, "%s%s", k == 0 ? _("; best missed: ") :
			    ", ", best[p][k]);
			free(best[p][k]);
		}
		buf_puts(b, "\n");
	}
}

/*
 * A word grid (word_round): for each player, the share of the board's
 * points (every valid word of each scored round, as solve finds them)
 * found, and the best words missed.  Returns -1 (with the message
 * printed) if the word list cannot be had.
 */
static int
words_review(struct sr_ctx *ctx, const struct sr_game *sg,
    const struct review *rv, struct buf *b)
{
	struct grid g;
	struct dawg *d;
	struct speller *sp;
	char **words, *why = NULL, *best[GAME_MAX_PLAYERS][3];
	const char *dict;
	struct word_round view;
	long found[GAME_MAX_PLAYERS] = { 0 }, total = 0;
	int nbest[GAME_MAX_PLAYERS] = { 0 }, di, i, p, k, rounds = 0, val;
	int rc = 0;
	size_t n, w;

	di = game_option_kind(sg->rules, GAME_OPT_DICT);
	dict = di >= 0 ? sg->opts[di] : "en_US";
	if ((d = wordlist_open(&ctx->paths, ctx->env.lang, dict,
	    isatty(STDERR_FILENO), &why)) == NULL) {
		sr_error(ctx, SR_SYSTEM, "no word list for '%s': %s", dict,
		    why != NULL ? why : "");
		free(why);
		return -1;
	}
	/* The game's language and options (SW-2). */
	if (sg->rules->word_round(sg->rp.st, 1, &view) != 0) {
		view.dict = dict;
		view.fold = 1;
		view.nouns = 0;
		view.compounds = 0;
	}
	sp = wordlist_speller_new(ctx->paths.dicts, view.dict);
	for (i = 0; i < rv->nsc && rc == 0; i++) {
		const struct scored *s = &rv->sc[i];

		rounds++;
		memset(&g, 0, sizeof g);
		g.n = s->grid->n;
		memcpy(g.cells, s->grid->cells, sizeof g.cells);
		snprintf(g.dict, sizeof g.dict, "%s", view.dict);
		n = solve_grid(d, &g, ctx->env.lang, view.dict, view.fold,
		    view.nouns, view.compounds, sp, &words);
		if (n == SOLVE_FAILED) {
			sr_error(ctx, SR_SYSTEM, "cannot ask the dictionary "
			    "'%s' about a compound: %s", view.dict,
			    wordlist_speller_why(sp) != NULL ?
			    wordlist_speller_why(sp) : _("no dictionary"));
			rc = -1;
			break;
		}
		for (w = 0; w < n; w++) {	/* longest first */
			/* Letters, as solve counts them (SW-4). */
			val = sg->rules->word_value(sg->rp.st,
			    (int)lang_width(words[w]));
			total += val;
			for (p = 0; p < sg->g.nplayers; p++)
				if (has_word(s->words[p], words[w]))
					found[p] += val;
				else if (nbest[p] < 3)
					best[p][nbest[p]++] = xstrdup(words[w]);
		}
		solve_free(words, n);
	}
	dawg_close(d);
	wordlist_speller_free(sp);
	if (rc != 0) {
		for (p = 0; p < sg->g.nplayers; p++)
			for (k = 0; k < nbest[p]; k++)
				free(best[p][k]);
		return -1;
	}
	words_put(b, sg, rounds, total, found, best, nbest);
	return 0;
}

/* The entry made as play accepts it ("roll 5 5", "order Zoë \"Mary Ann\""). */
static char *
entry_made(const struct replay *rp, const struct entry *e)
{
	struct buf made = BUF_INIT;

	game_entry_line(rp->rules, &rp->setup, e, &made);
	return made.s != NULL ? made.s : xstrdup("");
}

/*
 * The move made among a's (skip: not a keep): the move as typed, else
 * the move that is its verb alone (the decision "roll" of "roll 5 5":
 * what the dice then showed is not the player's choice), else NULL.
 */
static const struct advice_move *
made_move(const struct advice *a, const char *made)
{
	const struct advice_move *m;
	char verb[32];
	size_t n = strcspn(made, " ");

	if ((m = advice_find(a, made)) != NULL)
		return m;
	snprintf(verb, sizeof verb, "%.*s", (int)n, made);
	return advice_find(a, verb);
}

/* 1 if the move is a keep (of dice from the roll showing: VERB_KEEP). */
static int
is_keep(const struct review *rv, const char *entry)
{
	return rv->keep != NULL && strncmp(entry, rv->keep,
	    strlen(rv->keep)) == 0;
}

/* The best move of a that is no keep, or NULL. */
static const struct advice_move *
best_go(const struct review *rv, const struct advice *a)
{
	int i;

	for (i = 0; i < a->nmoves; i++)
		if (!is_keep(rv, a->moves[i].entry))
			return &a->moves[i];
	return NULL;
}

/* Ascending numbers first; words in the order typed after them. */
static int
by_number(const void *x, const void *y)
{
	const char *a = *(const char *const *)x, *b = *(const char *const *)y;
	long va = strtol(a, NULL, 10), vb = strtol(b, NULL, 10);

	return va < vb ? -1 : va > vb;
}

/* The keep verb and the values of vals (space-separated), ascending. */
static char *
keep_entry(const struct review *rv, const char *vals)
{
	struct buf b = BUF_INIT;
	char *copy = xstrdup(vals), *w, **v = NULL, *save = NULL;
	size_t n = 0, k;

	for (w = strtok_r(copy, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = w;
	}
	qsort(v, n, sizeof *v, by_number);
	buf_puts(&b, rv->keep != NULL ? rv->keep : "");
	for (k = 0; k < n; k++)
		buf_printf(&b, " %s", v[k]);
	free(v);
	free(copy);
	return b.s;
}

/* The cost of d from its values; never below 0. */
static void
decision_cost(struct decision *d)
{
	d->cost = d->best_v - d->made_v;
	if (d->cost < 1e-12)
		d->cost = 0;
}

/*
 * The keeps from one roll end: their decision is judged on everything
 * kept (the advice after the roll lists that keep, valued with the best
 * play after it); with reroll=free a keep names the whole set, the last.
 */
static void
group_close(struct review *rv)
{
	struct decision *d;
	const struct advice_move *m;
	char *all, *last;

	if (rv->grp < 0)
		return;
	d = &rv->d[rv->grp];
	all = keep_entry(rv, buf_str(&rv->grp_args));
	last = keep_entry(rv, buf_str(&rv->grp_last));
	if ((m = advice_find(rv->grp_a, all)) == NULL)
		m = advice_find(rv->grp_a, last);
	if (m != NULL) {
		free(d->made);
		d->made = xstrdup(m->entry);
		d->made_v = m->value;
		decision_cost(d);
		if (rv->pend[d->seat].on && !rv->pend[d->seat].rolled)
			rv->pend[d->seat].q = d->made_v;
	}
	free(all);
	free(last);
	advice_free(rv->grp_a);
	free(rv->grp_a);
	rv->grp_a = NULL;
	rv->grp = -1;
	buf_reset(&rv->grp_args);
	buf_reset(&rv->grp_last);
}

/*
 * Before entry i: the scores for the chart (score, filled), a word round
 * about to be scored kept, and the luck of a turn passed (x: the state's
 * expectation).
 */
static void
observe_scores(struct review *rv, const struct replay *rp, int i,
    const struct entry *e, const struct expectation *x, long *score)
{
	int winners[GAME_MAX_PLAYERS], p;

	memset(winners, 0, sizeof winners);
	memset(score, 0, GAME_MAX_PLAYERS * sizeof *score);
	rp->rules->score(rp->st, score, winners);
	for (p = 0; p < rv->nplayers; p++)
		rv->line[p][rv->npoints] = score[p];
	rv->npoints++;
	if ((game_verb(rp->rules, e->verb)->kind & VERB_CLOSE) &&
	    rp->rules->word_round != NULL)
		words_keep(rv, i, rp->rules, rp->st);
	/* The turn passed: what the dice gave against the value. */
	for (p = 0; p < rv->nplayers; p++) {
		struct pending *pd = &rv->pend[p];

		if (!pd->on || x->turn == p)
			continue;	/* none, or still p's turn */
		if (pd->rolled && pd->basis != ADVICE_WIN)
			rv->luck[p] += (pd->basis == ADVICE_POINTS ?
			    score[p] - pd->score : 0) - pd->q;
		pd->on = 0;
	}
}

/*
 * Player p's decision at entry i, judged by the advice there (a, freed
 * here or kept as the keeps' advice); the luck since p's last one.
 */
static void
observe_decide(struct review *rv, const struct replay *rp, int i,
    const struct entry *e, int p, struct advice *a, const long *score,
    int after_keeps, int keep)
{
	struct decision *d;
	const struct advice_move *m, *go, *mm;
	char *made;
	int k;

	made = entry_made(rp, e);
	mm = made_move(a, made);
	if (after_keeps && mm == NULL) {
		/*
		 * A move the advice after the keeps does not list completes
		 * them (reroll=free: the roll that shakes what was not
		 * kept): the keeps' decision was judged on it already.
		 */
		free(made);
		advice_free(a);
		free(a);
		return;
	}
	d = &rv->d[rv->nd++];
	memset(d, 0, sizeof *d);
	d->n = rp->entries[i].n;
	d->round = rp->entries[i].round;
	d->seat = p;
	d->basis = a->basis;
	/* After keeps from this roll: bank or roll on (keeps were judged). */
	go = after_keeps ? best_go(rv, a) : NULL;
	m = go != NULL ? go : &a->moves[0];
	d->best = xstrdup(m->entry);
	d->best_v = m->value;
	if (mm != NULL) {
		d->made = xstrdup(mm->entry);
		d->made_v = mm->value;
	} else {		/* not listed: as the worst listed */
		d->made = xstrdup(made);
		d->made_v = a->moves[a->nmoves - 1].value;
	}
	free(made);
	decision_cost(d);
	/* Luck: the dice since p's last decision, against its value. */
	if (rv->pend[p].on && rv->pend[p].rolled &&
	    rv->pend[p].basis == a->basis)
		rv->luck[p] += (a->basis == ADVICE_POINTS ?
		    score[p] - rv->pend[p].score : 0) + a->moves[0].value -
		    rv->pend[p].q;
	rv->pend[p].on = 1;
	rv->pend[p].rolled = 0;
	rv->pend[p].basis = a->basis;
	rv->pend[p].q = d->made_v;
	rv->pend[p].score = score[p];
	if (keep) {
		rv->grp = rv->nd - 1;
		rv->grp_a = a;
		rv->last_keep = 1;
		for (k = 0; k < e->argc; k++) {
			buf_printf(&rv->grp_args, " %s", e->argv[k]);
			buf_printf(&rv->grp_last, " %s", e->argv[k]);
		}
	} else {
		advice_free(a);
		free(a);
	}
}

/*
 * Before each entry in effect: the scores for the chart, the luck of a
 * turn passed, and the decision if a player had one.
 */
static void
review_observe(void *arg, const struct replay *rp, int i,
    const struct entry *e)
{
	struct review *rv = arg;
	struct expectation x;
	struct advice *a;
	long score[GAME_MAX_PLAYERS];
	int k, p, after_keeps, keep;

	if (i >= rv->n || rv->undone[i])
		return;
	memset(&x, 0, sizeof x);
	x.turn = -1;
	rp->rules->expect(rp->st, &x);
	observe_scores(rv, rp, i, e, &x, score);
	keep = (game_verb(rp->rules, e->verb)->kind & VERB_KEEP) != 0;
	after_keeps = rv->grp >= 0 && rv->last_keep &&
	    rv->d[rv->grp].seat == x.turn;
	if (after_keeps && keep) {
		/* One more keep from the same roll: the same decision. */
		for (k = 0; k < e->argc; k++)
			buf_printf(&rv->grp_args, " %s", e->argv[k]);
		buf_reset(&rv->grp_last);
		for (k = 0; k < e->argc; k++)
			buf_printf(&rv->grp_last, " %s", e->argv[k]);
		return;
	}
	group_close(rv);
	rv->last_keep = 0;
	if (x.turn >= 0 && !x.finished && rp->rules->advice != NULL) {
		a = xcalloc(1, sizeof *a);
		if (!rp->rules->advice(rp->st, a) || a->nmoves == 0) {
			advice_free(a);
			free(a);
		} else
			observe_decide(rv, rp, i, e, x.turn, a, score,
			    after_keeps, keep);
	}
	if (game_verb(rp->rules, e->verb)->kind & VERB_ROLL)
		for (p = 0; p < rv->nplayers; p++)
			rv->pend[p].rolled |= rv->pend[p].on;
}

/* Sort decisions by cost, the biggest first (then by entry). */
static int
by_cost(const void *x, const void *y)
{
	const struct decision *a = x, *b = y;

	if (a->cost != b->cost)
		return a->cost < b->cost ? 1 : -1;
	return a->n - b->n;
}

/*
 * How bad a decision is, 0 (the coach's move) to 1 (all thrown away): a
 * chance lost (win, chance), or the share of the best move's points lost.
 */
static double
decision_error(const struct decision *d)
{
	double e;

	if (d->cost <= 0)
		return 0;
	if (d->basis != ADVICE_POINTS)
		e = d->cost;
	else
		e = d->best_v > 0 ? d->cost / d->best_v : 1;
	return e > 1 ? 1 : e;
}

/*
 * The labels, as GNU Backgammon marks a move, by the error (above) per
 * basis: the least error of doubtful, bad and blunder (man/shakeref.1).
 */
enum label { FINE, DOUBTFUL, BAD, BLUNDER, NLABELS };

static const char *const label_name[NLABELS] = { N_("fine"),
    N_("doubtful"), N_("bad"), N_("a blunder") };
static const double label_from[3][NLABELS] = {
	[ADVICE_POINTS] = { 0, 0.03, 0.08, 0.15 },
	[ADVICE_WIN] = { 0, 0.02, 0.04, 0.08 },
	[ADVICE_CHANCE] = { 0, 0.03, 0.08, 0.15 },
};

/* The label of d. */
static enum label
decision_label(const struct decision *d)
{
	double e = decision_error(d);
	int k;

	for (k = BLUNDER; k > FINE; k--)
		if (e >= label_from[d->basis][k] - 1e-12)
			return (enum label)k;
	return FINE;
}

/*
 * A player's rating from the average error per decision (as GNU
 * Backgammon's, in words that fit a table of dice players): the first
 * whose bound the average is under.
 */
static const struct rating {
	double		 under;
	const char	*name;
} ratings[] = {
	{ 0.005, N_("world class") },
	{ 0.01, N_("expert") },
	{ 0.02, N_("advanced") },
	{ 0.04, N_("intermediate") },
	{ 0.08, N_("casual") },
	{ 2, N_("beginner") },
};

/* 1 for a value written 1.0 (one point), else 2: its plural form. */
static unsigned long
one(double v)
{
	return fabs(v - 1) < 1e-9 ? 1 : 2;
}

/* The rating of an average error per decision. */
static const char *
rating_name(double avg)
{
	size_t k;

	for (k = 0; k < sizeof ratings / sizeof ratings[0] - 1; k++)
		if (avg < ratings[k].under)
			return _(ratings[k].name);
	return _(ratings[k].name);
}

/* "48.6" or "4.1%" (a chance): a value in its basis. */
static void
put_value(struct buf *b, enum advice_basis basis, double v)
{
	if (basis == ADVICE_POINTS)
		buf_printf(b, "%.1f", v);
	else
		buf_printf(b, "%.1f%%", 100 * v);
}

/*
 * What a decision cost, in the player's terms: "30.2 points fewer on
 * average (58.4 instead of 88.6)", "a chance to win of 47.2% instead of
 * 52.0%".
 */
static void
put_cost(struct buf *b, const struct decision *d)
{
	if (d->basis == ADVICE_POINTS) {
		buf_printf(b, P_("%.1f point fewer on average (",
		    "%.1f points fewer on average (", one(d->cost)), d->cost);
		put_value(b, d->basis, d->made_v);
		buf_puts(b, _(" instead of "));
		put_value(b, d->basis, d->best_v);
		buf_puts(b, ")");
		return;
	}
	buf_puts(b, d->basis == ADVICE_WIN ? _("a chance to win of ") :
	    _("a chance of "));
	put_value(b, d->basis, d->made_v);
	buf_puts(b, _(" instead of "));
	put_value(b, d->basis, d->best_v);
}

/*
 * The chart: one line per player, their score after each entry in effect
 * resampled to the width left after the names, in eighths of a block
 * against the highest score of the game; the last score at the end.
 */
static void
review_chart(struct sr_ctx *ctx, const struct sr_game *sg, long **line,
    int npoints, struct buf *b)
{
	static const char *const bar[] = { " ", "\u2581", "\u2582", "\u2583",
	    "\u2584", "\u2585", "\u2586", "\u2587", "\u2588" };
	size_t namew = 0;
	long top = 0, v;
	int i, c, cols, p;
	int width = term_width(fileno(ctx->out), ctx->columns);

	for (p = 0; p < sg->g.nplayers; p++) {
		if (utf8_width(sg->g.names[p]) > namew)
			namew = utf8_width(sg->g.names[p]);
		for (i = 0; i < npoints; i++)
			if (line[p][i] > top)
				top = line[p][i];
	}
	cols = width - (int)namew - 10;
	if (cols < 10)
		cols = 10;
	if (cols > npoints)
		cols = npoints;
	buf_printf(b, _("scores over the game (%d entries; a full block is "
	    "%ld):\n"), npoints - 1, top);
	for (p = 0; p < sg->g.nplayers; p++) {
		buf_puts(b, "  ");
		utf8_pad(b, sg->g.names[p], namew);
		buf_puts(b, " ");
		for (c = 0; c < cols; c++) {
			i = cols == 1 ? npoints - 1 : (int)((long)c *
			    (npoints - 1) / (cols - 1));
			v = line[p][i];
			buf_puts(b, bar[top > 0 && v > 0 ? (int)((v * 8 + top -
			    1) / top) : 0]);
		}
		buf_printf(b, " %ld\n", line[p][npoints - 1]);
	}
}

/* A player's summary in words: decisions by label, cost, rating, luck. */
static void
put_player(struct buf *b, const char *name, const struct decision *d,
    int nd, int seat, enum advice_basis basis, double cost, double err,
    int ndec, double luck)
{
	int count[NLABELS] = { 0 }, i, k, n = 0;

	for (i = 0; i < nd; i++)
		if (d[i].seat == seat) {
			count[decision_label(&d[i])]++;
			n++;
		}
	buf_printf(b, P_("  %s: %d decision", "  %s: %d decisions", n), name,
	    n);
	if (n == 0) {
		buf_puts(b, "\n");
		return;
	}
	for (k = 0; k < NLABELS; k++)
		buf_printf(b, "%s%d %s", k == 0 ? " (" : ", ", count[k],
		    k == BLUNDER ? P_("blunder", "blunders", count[k]) :
		    _(label_name[k]));
	buf_puts(b, "); ");
	if (ndec > 0 && basis == ADVICE_POINTS)
		buf_printf(b, P_("%.1f point given away, %.1f a decision; ",
		    "%.1f points given away, %.1f a decision; ", one(cost)),
		    cost, cost / ndec);
	else if (ndec > 0)
		buf_printf(b, _("each decision lowered the %s by %.1f%% on "
		    "average; "), basis == ADVICE_WIN ? _("chance to win") :
		    _("chance"), 100 * cost / ndec);
	buf_printf(b, _("rating: %s"), rating_name(err / n));
	if (basis == ADVICE_POINTS)
		buf_printf(b, P_("; luck %s%.1f point", "; luck %s%.1f points",
		    one(fabs(luck))), luck >= 0 ? "+" : "", luck);
	buf_puts(b, "\n");
}

/* Each player's sums over the decisions, in the review's basis. */
struct totals {
	enum advice_basis basis;	/* the decisions' most common */
	double		 cost[GAME_MAX_PLAYERS];
	double		 err[GAME_MAX_PLAYERS];
	int		 ndec[GAME_MAX_PLAYERS];
};

/*
 * Replay the game with review_observe watching (rv set up here, freed by
 * review_free); returns SR_OK or the status of the message printed.
 */
static int
review_run(struct sr_ctx *ctx, struct sr_game *sg, struct review *rv,
    struct ruling *r)
{
	char *undone;
	int i, k, p;

	memset(rv, 0, sizeof *rv);
	rv->grp = -1;
	if ((k = game_verb_kind(sg->rules, VERB_KEEP)) >= 0)
		rv->keep = game_verb_name(sg->rules, k);
	rv->n = sg->rp.nentries;
	rv->nplayers = sg->g.nplayers;
	/* The entries in effect: a replay says which were taken back. */
	undone = xcalloc((size_t)rv->n + 1, 1);
	for (i = 0; i < rv->n; i++)
		undone[i] = sg->rp.entries[i].undone != 0 ||
		    sg->rp.entries[i].verb == V_UNDO ||
		    sg->rp.entries[i].verb == V_REDO;
	rv->undone = undone;
	rv->d = xcalloc((size_t)rv->n + 1, sizeof *rv->d);
	for (p = 0; p < rv->nplayers; p++)
		rv->line[p] = xcalloc((size_t)rv->n + 2, sizeof *rv->line[p]);
	sg->rp.observe = review_observe;
	sg->rp.observe_arg = rv;
	if (replay_run(&sg->rp, 1, r) != RULING_OK)
		return sr_error(ctx, SR_DATA, "game %lld: %s", sg->g.id,
		    buf_str(&r->why));
	group_close(rv);
	return SR_OK;
}

/*
 * The end of the replay: the scores now (the chart's last point), a turn
 * still pending counts for luck; then each player's sums (t).
 */
static void
review_totals(struct sr_game *sg, struct review *rv, struct totals *t)
{
	const struct decision *d = rv->d;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], count[3] = { 0 }, i, k, p;

	memset(t, 0, sizeof *t);
	t->basis = ADVICE_POINTS;
	memset(winners, 0, sizeof winners);
	memset(scores, 0, sizeof scores);
	sg->rules->score(sg->rp.st, scores, winners);
	for (p = 0; p < rv->nplayers; p++) {
		struct pending *pd = &rv->pend[p];

		rv->line[p][rv->npoints] = scores[p];
		if (pd->on && pd->rolled && pd->basis == ADVICE_POINTS &&
		    sg->rp.st != NULL) {
			struct expectation x;

			sr_expect(sg, &x, NULL);
			if (x.finished || x.turn != p)
				rv->luck[p] += scores[p] - pd->score - pd->q;
		}
	}
	rv->npoints++;
	for (i = 0; i < rv->nd; i++)
		count[d[i].basis]++;
	for (k = 1; k < 3; k++)
		if (count[k] > count[t->basis])
			t->basis = (enum advice_basis)k;
	for (i = 0; i < rv->nd; i++) {
		t->err[d[i].seat] += decision_error(&d[i]);
		if (d[i].basis == t->basis) {
			t->cost[d[i].seat] += d[i].cost;
			t->ndec[d[i].seat]++;
		}
	}
}

/* review --json */
static int
review_json(struct sr_ctx *ctx, const struct sr_game *sg,
    const struct review *rv, const struct totals *t)
{
	const struct decision *d = rv->d;
	json_t *o, *list, *j;
	double avg;
	int i, p;

	o = json_object();
	xjson_set(o, "game", json_integer(sg->g.id));
	xjson_set(o, "rules", json_string(sg->rules->name));
	xjson_set(o, "basis", json_string(advice_basis_name(t->basis)));
	list = json_array();
	for (i = 0; i < rv->nd; i++) {
		j = json_object();
		xjson_set(j, "n", json_integer(d[i].n));
		xjson_set(j, "player", xjson_text(sg->g.names[d[i].seat]));
		xjson_set(j, "made", json_string(d[i].made));
		xjson_set(j, "best", json_string(d[i].best));
		xjson_set(j, "cost", json_real(sr_round(
		    d[i].cost, d[i].basis == ADVICE_POINTS ? 1 : 4)));
		if (d[i].basis != t->basis)
			xjson_set(j, "basis", json_string(
			    advice_basis_name(d[i].basis)));
		xjson_push(list, j);
	}
	xjson_set(o, "decisions", list);
	list = json_array();
	for (p = 0; p < sg->g.nplayers; p++) {
		/* A chance is never summed: its average a decision. */
		avg = t->basis == ADVICE_POINTS || t->ndec[p] == 0 ? 1 :
		    t->ndec[p];
		j = json_object();
		xjson_set(j, "name", xjson_text(sg->g.names[p]));
		xjson_set(j, "decisions", json_integer(t->ndec[p]));
		xjson_set(j, "cost", json_real(sr_round(t->cost[p] / avg,
		    t->basis == ADVICE_POINTS ? 1 : 4)));
		xjson_set(j, "luck", json_real(sr_round(rv->luck[p] / avg,
		    t->basis == ADVICE_POINTS ? 1 : 4)));
		xjson_push(list, j);
	}
	xjson_set(o, "players", list);
	return sr_print_json(ctx, o);
}

/* review, as text (rv's decisions sorted by cost). */
static int
review_text(struct sr_ctx *ctx, const struct sr_game *sg,
    struct review *rv, const struct totals *t)
{
	struct decision *d = rv->d;
	struct buf b = BUF_INIT, text = BUF_INIT;
	int i, k, p, nd = rv->nd;

	buf_printf(&b, _("game %lld: %s, reviewed by the coach (%s)\n"),
	    sg->g.id, sg->rules->name, t->basis == ADVICE_POINTS ?
	    _("points") : t->basis == ADVICE_WIN ? _("chance to win") :
	    _("chances"));
	if (sg->rules->word_round != NULL) {
		if (words_review(ctx, sg, rv, &b) != 0) {
			buf_free(&b);
			return SR_SYSTEM;
		}
	} else if (nd == 0)
		buf_puts(&b, _("no decisions to review\n"));
	for (p = 0; p < sg->g.nplayers && sg->rules->advice != NULL; p++)
		put_player(&b, sg->g.names[p], d, nd, p, t->basis, t->cost[p],
		    t->err[p], t->ndec[p], rv->luck[p]);
	qsort(d, (size_t)nd, sizeof *d, by_cost);
	for (i = 0, k = 0; i < nd && k < 5; i++) {
		if (decision_label(&d[i]) == FINE)
			continue;
		if (k++ == 0)
			buf_puts(&b, _("biggest mistakes:\n"));
		buf_printf(&b, _("  entry %d, round %d, %s chose to %s; the "
		    "coach would %s: %s, "), d[i].n, d[i].round,
		    sg->g.names[d[i].seat], d[i].made, d[i].best,
		    _(label_name[decision_label(&d[i])]));
		put_cost(&b, &d[i]);
		buf_puts(&b, "\n");
	}
	if (nd > 0 && k == 0)
		buf_puts(&b, _("no mistakes: every decision was fine by the "
		    "coach\n"));
	review_chart(ctx, sg, rv->line, rv->npoints, &b);
	/*
	 * Its lines begin indented by 2 (a player, a mistake): a line that
	 * wraps goes on indented by 4, so that it reads as the same line.
	 */
	utf8_escape(&text, buf_str(&b), 0, 1);
	sr_fit(ctx, ctx->out, buf_str(&text), 4);
	buf_free(&text);
	buf_free(&b);
	return SR_OK;
}

/* Free what review_run() and review_observe() made. */
static void
review_free(struct review *rv)
{
	int i, p;

	group_close(rv);
	for (p = 0; p < rv->nplayers; p++)
		free(rv->line[p]);
	for (i = 0; i < rv->nd; i++) {
		free(rv->d[i].made);
		free(rv->d[i].best);
	}
	for (i = 0; i < rv->nsc; i++)
		words_drop(&rv->sc[i]);
	free(rv->sc);
	free(rv->d);
	free((char *)rv->undone);
	buf_free(&rv->grp_args);
	buf_free(&rv->grp_last);
}

/* review */
static int
cmd_review_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_game sg;
	struct review rv;
	struct ruling r = RULING_INIT;
	struct totals t;
	int status;

	(void)args;
	if ((status = sr_game_load(ctx, 0, 1, &sg)) != SR_OK)
		return status;
	store_rollback(ctx->store);
	if ((status = review_run(ctx, &sg, &rv, &r)) == SR_OK) {
		review_totals(&sg, &rv, &t);
		status = ctx->json ? review_json(ctx, &sg, &rv, &t) :
		    review_text(ctx, &sg, &rv, &t);
	}
	review_free(&rv);
	ruling_free(&r);
	sr_game_free(&sg);
	return status;
}

const struct cmd_entry cmd_review_entry = {
	.name = "review",
	.usage = "",
	.summary = N_("the coach's look back at a game: every decision, the "
	    "best move, what it cost, each player's luck and skill"),
	.spec = { .hint = N_("; review takes no arguments") },
	.exec = cmd_review_exec,
	.play = CMD_PLAY,
};
