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

#include "cmd.h"
#include "dawg.h"
#include "lang.h"
#include "solve.h"
#include "term.h"
#include "utf8.h"
#include "wordlist.h"

/* What the replay showed before one entry. */
struct seen {
	int		 decision;	/* a player had advice and made e */
	int		 turn;		/* seat to move, or -1 */
	int		 roll;		/* the entry is a roll */
	long		 score[GAME_MAX_PLAYERS];
	struct advice	*a;		/* the advice then (decision) */
	char		*made;		/* the entry as typed, malloc'd */
	/* A word grid (word_round), before a score: the grid and words */
	struct word_round *grid;
	char		**words[GAME_MAX_PLAYERS];
};

struct review {
	struct seen	*seen;
	int		 n;
	int		 nplayers;
};

/* A word grid's round about to be scored: its grid and words, copied. */
static void
words_keep(struct seen *s, const struct game_rules *rules,
    const struct game_state *st)
{
	int p, k, n;

	s->grid = xcalloc(1, sizeof *s->grid);
	if (rules->word_round(st, 1, s->grid) != 0) {
		free(s->grid);
		s->grid = NULL;
		return;
	}
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
words_drop(struct seen *s)
{
	int p, k;

	for (p = 0; p < GAME_MAX_PLAYERS; p++) {
		for (k = 0; s->words[p] != NULL && s->words[p][k] != NULL; k++)
			free(s->words[p][k]);
		free(s->words[p]);
	}
	free(s->grid);
	free(s->made);
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
	if ((d = wordlist_open(&ctx->paths, dict, 0, &why)) == NULL) {
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
	for (i = 0; i < rv->n && rc == 0; i++) {
		const struct seen *s = &rv->seen[i];

		if (s->grid == NULL || sg->rp.entries[i].undone)
			continue;
		rounds++;
		memset(&g, 0, sizeof g);
		g.n = s->grid->n;
		memcpy(g.cells, s->grid->cells, sizeof g.cells);
		snprintf(g.dict, sizeof g.dict, "%s", view.dict);
		n = solve_grid(d, &g, view.dict, view.fold, view.nouns,
		    view.compounds, sp, &words);
		if (n == SOLVE_FAILED) {
			sr_error(ctx, SR_SYSTEM, "cannot ask the dictionary "
			    "'%s' about a compound: %s", view.dict,
			    wordlist_speller_why(sp) != NULL ?
			    wordlist_speller_why(sp) : "no dictionary");
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
	buf_printf(b, "the board's points, every valid word of %d scored "
	    "round%s: %ld\n", rounds, rounds == 1 ? "" : "s", total);
	for (p = 0; p < sg->g.nplayers; p++) {
		buf_printf(b, "  %s found %ld (%.0f%%)", sg->g.names[p],
		    found[p], total > 0 ? 100.0 * found[p] / total : 0);
		for (k = 0; k < nbest[p]; k++) {
			buf_printf(b, "%s%s", k == 0 ? "; best missed: " :
			    ", ", best[p][k]);
			free(best[p][k]);
		}
		buf_puts(b, "\n");
	}
	return 0;
}

/* Before each entry: the scores, and the advice if a player decides. */
static void
review_observe(void *arg, const struct replay *rp, int i,
    const struct entry *e)
{
	struct review *rv = arg;
	struct seen *s;
	struct expectation x;
	struct buf made = BUF_INIT;
	int winners[GAME_MAX_PLAYERS], k;

	if (i >= rv->n)
		return;
	s = &rv->seen[i];
	memset(&x, 0, sizeof x);
	x.turn = -1;
	rp->rules->expect(rp->st, &x);
	memset(winners, 0, sizeof winners);
	rp->rules->score(rp->st, s->score, winners);
	s->turn = x.turn;
	s->roll = e->verb == V_ROLL;
	buf_puts(&made, verb_name(e->verb));
	if (e->verb == V_ORDER && e->nnames > 0)	/* names as the coach's */
		for (k = 0; k < e->nnames; k++)
			buf_printf(&made, " %s", rp->setup.names[e->names[k]]);
	else
		for (k = 0; k < e->argc; k++)
			buf_printf(&made, " %s", e->argv[k]);
	free(s->made);
	s->made = xstrdup(buf_str(&made));
	buf_free(&made);
	if (e->verb == V_SCORE && rp->rules->word_round != NULL)
		words_keep(s, rp->rules, rp->st);
	if (x.turn < 0 || x.finished || rp->rules->advice == NULL)
		return;
	s->a = xcalloc(1, sizeof *s->a);
	if (!rp->rules->advice(rp->st, s->a) || s->a->nmoves == 0) {
		advice_free(s->a);
		free(s->a);
		s->a = NULL;
		return;
	}
	s->decision = 1;
}

/*
 * The value of the move made: the move listed as typed, else the move
 * that is its verb alone ("roll" for "roll 3 5"), else the worst listed.
 */
static double
made_value(const struct advice *a, const char *made)
{
	const struct advice_move *m;
	char verb[32];
	size_t n = strcspn(made, " ");

	if ((m = advice_find(a, made)) != NULL)
		return m->value;
	snprintf(verb, sizeof verb, "%.*s", (int)n, made);
	if ((m = advice_find(a, verb)) != NULL)
		return m->value;
	return a->moves[a->nmoves - 1].value;
}

/* A decision, for the list of mistakes. */
struct decision {
	int		 n;		/* entry number */
	int		 round;
	int		 seat;
	const char	*made;
	const char	*best;
	double		 cost;
	enum advice_basis basis;
};

/* Sort decisions by cost, the biggest first (then by entry). */
static int
by_cost(const void *x, const void *y)
{
	const struct decision *a = x, *b = y;

	if (a->cost != b->cost)
		return a->cost < b->cost ? 1 : -1;
	return a->n - b->n;
}

/* "48.6 points", "12.3% chance", "4.0% chance to win" into b. */
static void
put_cost(struct buf *b, enum advice_basis basis, double v)
{
	if (basis == ADVICE_POINTS)
		buf_printf(b, "%.1f point%s", v, fabs(v - 1) < 1e-9 ? "" : "s");
	else
		buf_printf(b, "%.1f%% %s", 100 * v, basis == ADVICE_WIN ?
		    "chance to win" : "chance");
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
	buf_printf(b, "scores over the game (%d entries; a full block is "
	    "%ld):\n", npoints - 1, top);
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

/* review */
static int
cmd_review_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_game sg;
	struct review rv;
	struct ruling r = RULING_INIT;
	struct decision *d = NULL;
	struct buf b = BUF_INIT;
	struct seen *s;
	long *line[GAME_MAX_PLAYERS], scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], nd = 0, npoints = 0, i, k, p;
	int count[3] = { 0 }, ndec[GAME_MAX_PLAYERS] = { 0 };
	double cost[GAME_MAX_PLAYERS] = { 0 }, luck[GAME_MAX_PLAYERS] = { 0 };
	/* luck: each player's last decision, waiting for the dice */
	struct pending {
		int		 on;
		int		 rolled;
		enum advice_basis basis;
		double		 q;
		long		 score;
	} pend[GAME_MAX_PLAYERS];
	enum advice_basis basis = ADVICE_POINTS;
	json_t *o, *list, *j;
	int status;

	(void)args;
	if ((status = sr_game_load(ctx, 0, 1, &sg)) != SR_OK)
		return status;
	store_rollback(ctx->store);
	memset(&rv, 0, sizeof rv);
	rv.n = sg.rp.nentries;
	rv.nplayers = sg.g.nplayers;
	rv.seen = xcalloc((size_t)rv.n + 1, sizeof *rv.seen);
	sg.rp.observe = review_observe;
	sg.rp.observe_arg = &rv;
	if (replay_run(&sg.rp, 1, &r) != RULING_OK) {
		status = sr_error(ctx, SR_DATA, "game %lld: %s", sg.g.id,
		    buf_str(&r.why));
		goto out;
	}
	for (p = 0; p < sg.g.nplayers; p++)
		line[p] = xcalloc((size_t)rv.n + 2, sizeof *line[p]);
	memset(pend, 0, sizeof pend);
	d = xcalloc((size_t)rv.n + 1, sizeof *d);
	for (i = 0; i < rv.n; i++) {
		struct stored_entry *se = &sg.rp.entries[i];

		s = &rv.seen[i];
		if (se->verb == V_UNDO || se->verb == V_REDO || se->undone)
			continue;
		for (p = 0; p < sg.g.nplayers; p++)
			line[p][npoints] = s->score[p];
		npoints++;
		/* The turn passed: what the dice gave against the value. */
		for (p = 0; p < sg.g.nplayers; p++) {
			if (!pend[p].on || s->turn == p)
				continue;	/* none, or still p's turn */
			if (pend[p].rolled && pend[p].basis != ADVICE_WIN)
				luck[p] += (pend[p].basis == ADVICE_POINTS ?
				    s->score[p] - pend[p].score : 0) -
				    pend[p].q;
			pend[p].on = 0;
		}
		if (s->decision) {
			struct advice *a = s->a;
			double v = made_value(a, s->made);

			p = s->turn;
			if (pend[p].on && pend[p].rolled &&
			    pend[p].basis == a->basis)
				luck[p] += (a->basis == ADVICE_POINTS ?
				    s->score[p] - pend[p].score : 0) +
				    a->moves[0].value - pend[p].q;
			pend[p].on = 1;
			pend[p].rolled = 0;
			pend[p].basis = a->basis;
			pend[p].q = v;
			pend[p].score = s->score[p];
			d[nd].n = se->n;
			d[nd].round = se->round;
			d[nd].seat = p;
			d[nd].made = s->made;
			d[nd].best = a->moves[0].entry;
			d[nd].cost = a->moves[0].value - v;
			if (d[nd].cost < 1e-12)
				d[nd].cost = 0;
			d[nd].basis = a->basis;
			count[a->basis]++;
			nd++;
		}
		if (s->roll)
			for (p = 0; p < sg.g.nplayers; p++)
				pend[p].rolled |= pend[p].on;
	}
	/* The end: the scores now, and a turn still pending counts. */
	memset(winners, 0, sizeof winners);
	sg.rules->score(sg.rp.st, scores, winners);
	for (p = 0; p < sg.g.nplayers; p++) {
		line[p][npoints] = scores[p];
		if (pend[p].on && pend[p].rolled &&
		    pend[p].basis == ADVICE_POINTS && sg.rp.st != NULL) {
			struct expectation x;

			sr_expect(&sg, &x, NULL);
			if (x.finished || x.turn != p)
				luck[p] += scores[p] - pend[p].score -
				    pend[p].q;
		}
	}
	npoints++;
	for (k = 1; k < 3; k++)
		if (count[k] > count[basis])
			basis = (enum advice_basis)k;
	for (i = 0; i < nd; i++)
		if (d[i].basis == basis) {
			cost[d[i].seat] += d[i].cost;
			ndec[d[i].seat]++;
		}

	if (ctx->json) {
		o = json_object();
		json_object_set_new(o, "game", json_integer(sg.g.id));
		json_object_set_new(o, "rules", json_string(sg.rules->name));
		json_object_set_new(o, "basis",
		    json_string(advice_basis_name(basis)));
		list = json_array();
		for (i = 0; i < nd; i++) {
			j = json_object();
			json_object_set_new(j, "n", json_integer(d[i].n));
			json_object_set_new(j, "player",
			    json_string(sg.g.names[d[i].seat]));
			json_object_set_new(j, "made", json_string(d[i].made));
			json_object_set_new(j, "best", json_string(d[i].best));
			json_object_set_new(j, "cost", json_real(sr_round(
			    d[i].cost, d[i].basis == ADVICE_POINTS ? 1 : 4)));
			if (d[i].basis != basis)
				json_object_set_new(j, "basis", json_string(
				    advice_basis_name(d[i].basis)));
			json_array_append_new(list, j);
		}
		json_object_set_new(o, "decisions", list);
		list = json_array();
		for (p = 0; p < sg.g.nplayers; p++) {
			j = json_object();
			json_object_set_new(j, "name",
			    json_string(sg.g.names[p]));
			json_object_set_new(j, "decisions",
			    json_integer(ndec[p]));
			json_object_set_new(j, "cost", json_real(sr_round(
			    cost[p], basis == ADVICE_POINTS ? 1 : 4)));
			json_object_set_new(j, "luck", json_real(sr_round(
			    luck[p], basis == ADVICE_POINTS ? 1 : 4)));
			json_array_append_new(list, j);
		}
		json_object_set_new(o, "players", list);
		status = sr_print_json(ctx, o);
		goto done;
	}
	buf_printf(&b, "game %lld: %s, reviewed by the coach (%s)\n", sg.g.id,
	    sg.rules->name, basis == ADVICE_POINTS ? "points" : basis ==
	    ADVICE_WIN ? "chance to win" : "chances");
	if (sg.rules->word_round != NULL) {
		if (words_review(ctx, &sg, &rv, &b) != 0) {
			status = SR_SYSTEM;
			goto done;
		}
	} else if (nd == 0)
		buf_puts(&b, "no decisions to review\n");
	for (p = 0; p < sg.g.nplayers && sg.rules->advice != NULL; p++) {
		buf_printf(&b, "  %s: %d decision%s, cost ", sg.g.names[p],
		    ndec[p], ndec[p] == 1 ? "" : "s");
		put_cost(&b, basis, cost[p]);
		buf_puts(&b, ", luck ");
		if (luck[p] >= 0)
			buf_puts(&b, "+");
		put_cost(&b, basis, luck[p]);
		buf_puts(&b, "\n");
	}
	qsort(d, (size_t)nd, sizeof *d, by_cost);
	for (i = 0, k = 0; i < nd && k < 5; i++) {
		if (d[i].cost <= 0)
			break;
		if (k++ == 0)
			buf_puts(&b, "biggest mistakes:\n");
		buf_printf(&b, "  entry %d, round %d: %s made '%s', the coach "
		    "says '%s': it cost ", d[i].n, d[i].round,
		    sg.g.names[d[i].seat], d[i].made, d[i].best);
		put_cost(&b, d[i].basis, d[i].cost);
		buf_puts(&b, "\n");
	}
	if (nd > 0 && k == 0)
		buf_puts(&b, "no mistakes: every decision was the coach's\n");
	review_chart(ctx, &sg, line, npoints, &b);
	sr_print_text(ctx, buf_str(&b));
done:
	for (p = 0; p < sg.g.nplayers; p++)
		free(line[p]);
out:
	for (i = 0; i < rv.n; i++) {
		if (rv.seen[i].a != NULL)
			advice_free(rv.seen[i].a);
		free(rv.seen[i].a);
		words_drop(&rv.seen[i]);
	}
	free(rv.seen);
	free(d);
	buf_free(&b);
	ruling_free(&r);
	sr_game_free(&sg);
	return status;
}

const struct cmd_entry cmd_review_entry = {
	.name = "review",
	.usage = "",
	.summary = "the coach's look back at a game: every decision, the "
	    "best move, what it cost, each player's luck and skill",
	.spec = { .hint = "; review takes no arguments" },
	.exec = cmd_review_exec,
};
