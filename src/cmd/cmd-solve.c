/*
 * cmd-solve.c: solve [--force]: every valid word on the grid of the last
 * scored round of a word-grid game (a rules with word_round: Shake-A-Word;
 * --force: of the open round), each with its value, the best possible
 * score, and the words each player missed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "dawg-file.h"
#include "lang.h"
#include "solve.h"
#include "wordlist.h"

/*
 * Append words w[0..n) (each at its index in at[], or all in a row when
 * at is NULL) to b as "prefix w, w, w" wrapped at max columns (a word's
 * width in letters).
 */
static void
wrap(struct buf *b, const char *prefix, const struct solve_word *w,
    const size_t *at, size_t n, size_t max)
{
	const struct solve_word *x;
	size_t i, col, len, room;
	char *p;

	col = strlen(prefix);
	for (room = col + 1, i = 0; i < n; i++)
		room += (at != NULL ? w[at[i]] : w[i]).len + 6;
	/* At most ", \n   " beside each word: written in place. */
	p = buf_reserve(b, room);
	memcpy(p, prefix, col);
	p += col;
	for (i = 0; i < n; i++) {
		x = at != NULL ? &w[at[i]] : &w[i];
		len = x->width + (i + 1 < n ? 1 : 0);
		if (i > 0 && col + 1 + len > max) {
			memcpy(p, "\n   ", 4);
			p += 4;
			col = 3;
		} else if (i > 0) {
			*p++ = ' ';
			col++;
		}
		memcpy(p, x->form, x->len);
		p += x->len;
		if (i + 1 < n)
			*p++ = ',';
		col += len;
	}
	*p++ = '\n';
	*p = '\0';
	b->len = (size_t)(p - b->s);
}

/*
 * The words in text: by length, then what each player missed; lines of
 * words within max columns.
 */
static void
solve_text(const struct sr_game *sg, const struct word_round *v,
    const struct solve_list *l, long best, size_t **missed,
    const size_t *nmissed, size_t max, struct buf *b)
{
	char *head;
	size_t i, k, len;
	int p, val;

	buf_printf(b, P_("game %lld, round %d%s: %zu word on the grid, best "
	    "possible score %ld\n", "game %lld, round %d%s: %zu words on the "
	    "grid, best possible score %ld\n", l->n), sg->g.id, v->round,
	    v->open ? _(" (open)") : "", l->n, best);
	for (i = 0; i < l->n; i = k) {
		len = l->w[i].width;
		for (k = i; k < l->n && l->w[k].width == len; k++)
			continue;
		val = sg->rules->word_value(sg->rp.st, (int)len);
		head = xasprintf(P_("%zu letters, %d point each: ",
		    "%zu letters, %d points each: ", val), len, val);
		wrap(b, head, l->w + i, NULL, k - i, max);
		free(head);
	}
	for (p = 0; p < v->nplayers; p++) {
		head = xasprintf(_("%s missed %zu%s"), sg->g.names[p],
		    nmissed[p], nmissed[p] > 0 ? _(": ") : "");
		wrap(b, head, l->w, missed[p], nmissed[p], max);
		free(head);
	}
}

/*
 * The words as the JSON object of SPEC.md (a word that is not UTF-8
 * has no "word", as jansson makes no string of it).
 */
static json_t *
solve_json(const struct sr_game *sg, const struct word_round *v,
    const struct solve_list *l, long best, size_t **missed,
    const size_t *nmissed)
{
	const struct solve_word *w;
	json_t *o = json_object(), *a, *m, *x;
	size_t i;
	int p, val = 0;

	xjson_set(o, "game", json_integer(sg->g.id));
	xjson_set(o, "round", json_integer(v->round));
	xjson_set(o, "best_score", json_integer(best));
	a = json_array();
	for (i = 0; i < l->n; i++) {
		w = &l->w[i];
		/* Each width's value once: longest first. */
		if (i == 0 || w->width != l->w[i - 1].width)
			val = sg->rules->word_value(sg->rp.st, (int)w->width);
		x = json_object();
		xjson_set(x, "word", json_stringn(w->form, w->len));
		xjson_set(x, "value", json_integer(val));
		xjson_push(a, x);
	}
	xjson_set(o, "words", a);
	m = json_object();
	for (p = 0; p < v->nplayers; p++) {
		a = json_array();
		for (i = 0; i < nmissed[p]; i++)
			xjson_push(a, json_stringn(
			    l->w[missed[p][i]].form, l->w[missed[p][i]].len));
		xjson_set(m, sg->g.names[p], a);
	}
	xjson_set(o, "missed", m);
	return o;
}

_Static_assert(GAME_MAX_PLAYERS <= 32, "a bit for each player");

/* 1 if rules g is played on a grid of words (sr_rules_names' keep). */
static int
has_grid(const struct game_rules *g)
{
	return g->word_round != NULL;
}

/*
 * Every word of round v's grid, by its word list (built if need be) and,
 * for a compound only Hunspell can judge, the dictionary, into l; their
 * number into *n.  SR_OK, or the message printed.
 */
static int
solve_round(struct sr_ctx *ctx, const struct word_round *v,
    struct solve_list *l, size_t *n)
{
	struct grid g;
	struct dawg *d;
	struct speller *sp;
	char *why = NULL;
	int status = SR_OK;

	if ((d = wordlist_open(&ctx->paths, ctx->env.lang, v->dict,
	    isatty(STDERR_FILENO), &why)) == NULL) {
		status = sr_error(ctx, SR_SYSTEM, "no word list for '%s': %s",
		    v->dict, why);
		free(why);
		return status;
	}
	memset(&g, 0, sizeof g);
	g.n = v->n;
	memcpy(g.cells, v->cells, sizeof g.cells);
	snprintf(g.dict, sizeof g.dict, "%s", v->dict);
	sp = wordlist_speller_new(ctx->paths.dicts, v->dict);
	*n = solve_grid_list(d, &g, ctx->env.lang, v->dict, v->fold, v->nouns,
	    v->compounds, sp, l);
	dawgfile_close(d);
	if (*n == SOLVE_FAILED)
		status = sr_error(ctx, SR_SYSTEM, "cannot ask the dictionary "
		    "'%s' about a compound: %s", v->dict,
		    wordlist_speller_why(sp) != NULL ?
		    wordlist_speller_why(sp) : _("no dictionary"));
	wordlist_speller_free(sp);
	return status;
}

/*
 * For each player p of round v, the words of l[0..n) p did not write
 * (by their keys), as indexes into missed[p] (malloc'd), nmissed[p] of
 * them.
 */
static void
solve_missed(const struct word_round *v, const struct solve_list *l,
    size_t n, size_t **missed, size_t *nmissed)
{
	const char *const *wk;
	uint32_t *wrote;
	size_t i, x;
	int p;

	/* Who wrote each word (a bit for each player), by its key. */
	wrote = xcalloc(n, sizeof *wrote);
	for (p = 0; p < v->nplayers; p++)
		for (wk = v->keys[p]; wk != NULL && *wk != NULL; wk++)
			if ((x = solve_find(l, *wk)) != SOLVE_FAILED)
				wrote[x] |= (uint32_t)1 << p;
	for (p = 0; p < v->nplayers; p++) {
		missed[p] = xreallocarray(NULL, n + 1, sizeof *missed[p]);
		nmissed[p] = 0;
		for (i = 0; i < n; i++)
			if (!(wrote[i] & (uint32_t)1 << p))
				missed[p][nmissed[p]++] = i;
	}
	free(wrote);
}

/* solve [--force] */
static int
cmd_solve_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_game sg;
	struct word_round v;
	struct buf b = BUF_INIT;
	struct solve_list l;
	size_t *missed[GAME_MAX_PLAYERS], nmissed[GAME_MAX_PLAYERS], n, i;
	long best = 0;
	int force = args_has(args, "force"), status, p, val = 0, cols;

	if ((status = sr_game_load_state(ctx, 0, &sg)) != SR_OK)
		return status;
	store_rollback(ctx->store);
	if (sg.rules->word_round == NULL) {
		status = sr_error(ctx, SR_RULES, "game %lld is %s: only %s "
		    "has a grid to solve", sg.g.id, sg.rules->name,
		    sr_rules_names(&b, has_grid));
		goto out;
	}
	if (sg.rules->word_round(sg.rp.st, force, &v) != 0) {
		const struct game_verb *gv = game_verb(sg.rules,
		    game_verb_kind(sg.rules, VERB_GRID));

		if (force && gv != NULL)
			status = sr_error(ctx, SR_RULES, "no grid yet: enter "
			    "one with '%s %s'", gv->name, gv->args);
		else
			status = sr_error(ctx, SR_RULES, force ? "no grid "
			    "yet" : _("no round scored yet; 'solve --force' "
			    "solves the open round"));
		goto out;
	}
	if ((status = solve_round(ctx, &v, &l, &n)) != SR_OK)
		goto out;
	/* Each width's value once; words are longest first. */
	for (i = 0; i < n; i++) {
		if (i == 0 || l.w[i].width != l.w[i - 1].width)
			val = sg.rules->word_value(sg.rp.st,
			    (int)l.w[i].width);
		best += val;
	}
	solve_missed(&v, &l, n, missed, nmissed);
	if (ctx->json)
		status = sr_print_json(ctx, solve_json(&sg, &v, &l, best,
		    missed, nmissed));
	else {
		/* 78 columns, or a narrower terminal's width. */
		cols = sr_columns(ctx);
		solve_text(&sg, &v, &l, best, missed, nmissed, cols > 1 &&
		    cols - 1 < 78 ? (size_t)cols - 1 : 78, &b);
		sr_print_text(ctx, buf_str(&b));
	}
	for (p = 0; p < v.nplayers; p++)
		free(missed[p]);
	solve_list_free(&l);
out:
	buf_free(&b);
	sr_game_free(&sg);
	return status;
}

const struct cmd_entry cmd_solve_entry = {
	.name = "solve",
	.usage = "[--force]",
	.summary = N_("a grid of words: every word on it, the best score, "
	    "the words missed"),
	.spec = { .opts = { { "force", 0 } }, .hint = N_("; expected [--force]") },
	.exec = cmd_solve_exec,
	.play = CMD_PLAY,
};
