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
#include "coach.h"
#include "dawg-file.h"
#include "lang.h"
#include "solve.h"
#include "term.h"
#include "utf8.h"
#include "wordlist.h"

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
	dawgfile_close(d);
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
	double e = sr_decision_error(d);
	int k;

	for (k = BLUNDER; k > FINE; k--)
		if (e >= label_from[d->basis][k] - 1e-12)
			return (enum label)k;
	return FINE;
}


/* 1 for a value written 1.0 (one point), else 2: its plural form. */
static unsigned long
one(double v)
{
	return fabs(v - 1) < 1e-9 ? 1 : 2;
}


/* "48.6" or "4.1%" (a chance): a value in its basis. */
static void
put_value(struct buf *b, enum advice_basis basis, double v)
{
	if (basis == ADVICE_POINTS)
		buf_printf(b, "%'.1f", v);	/* grouped: 2.971,4 */
	else
		/* TRANSLATORS: a chance; a space before % as the language
		   writes it. */
		buf_printf(b, _("%.1f%%"), 100 * v);
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
	buf_printf(b, _("rating: %s"), sr_rating_name(err / n));
	if (basis == ADVICE_POINTS)
		buf_printf(b, P_("; luck %s%.1f point", "; luck %s%.1f points",
		    one(fabs(luck))), luck >= 0 ? "+" : "", luck);
	buf_puts(b, "\n");
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
	if (sr_review_run(&sg, &rv, &r) != RULING_OK)
		status = sr_error(ctx, SR_DATA, "game %lld: %s", sg.g.id,
		    buf_str(&r.why));
	else {
		sr_review_totals(&sg, &rv, &t);
		status = ctx->json ? review_json(ctx, &sg, &rv, &t) :
		    review_text(ctx, &sg, &rv, &t);
	}
	sr_review_free(&rv);
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
