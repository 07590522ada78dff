/*
 * cmd-solve.c: solve [--force]: every valid word on the grid of the last
 * scored round of a word-grid game (a rules with word_round: Shake-A-Word;
 * --force: of the open round), each with its value, the best possible
 * score, and the words each player missed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "dawg.h"
#include "lang.h"
#include "solve.h"
#include "wordlist.h"

/* Append words[0..n) to b as "prefix w, w, w" wrapped at 78 columns. */
static void
wrap(struct buf *b, const char *prefix, char *const *words, size_t n)
{
	size_t i, col;

	buf_puts(b, prefix);
	col = strlen(prefix);
	for (i = 0; i < n; i++) {
		size_t len = lang_width(words[i]) + (i + 1 < n ? 1 : 0);

		if (i > 0 && col + 1 + len > 78) {
			buf_puts(b, "\n   ");
			col = 3;
		} else if (i > 0) {
			buf_puts(b, " ");
			col++;
		}
		buf_puts(b, words[i]);
		if (i + 1 < n)
			buf_puts(b, ",");
		col += len;
	}
	buf_puts(b, "\n");
}

/* 1 if the NULL-terminated list of keys has key. */
static int
wrote(const char *const *list, const char *key)
{
	for (; list != NULL && *list != NULL; list++)
		if (strcmp(*list, key) == 0)
			return 1;
	return 0;
}

/* The words in text: by length, then what each player missed. */
static void
solve_text(const struct sr_game *sg, const struct word_round *v,
    char **words, size_t n, long best, char ***missed, size_t *nmissed,
    struct buf *b)
{
	char *head;
	size_t i, k, len;
	int p, val;

	buf_printf(b, "game %lld, round %d%s: %zu word%s on the grid, best "
	    "possible score %ld\n", sg->g.id, v->round, v->open ?
	    " (open)" : "", n, n == 1 ? "" : "s", best);
	for (i = 0; i < n; i = k) {
		len = lang_width(words[i]);
		for (k = i; k < n && lang_width(words[k]) == len; k++)
			continue;
		val = sg->rules->word_value(sg->rp.st, (int)len);
		head = xasprintf("%zu letters, %d point%s each: ", len, val,
		    val == 1 ? "" : "s");
		wrap(b, head, words + i, k - i);
		free(head);
	}
	for (p = 0; p < v->nplayers; p++) {
		head = xasprintf("%s missed %zu%s", sg->g.names[p],
		    nmissed[p], nmissed[p] > 0 ? ": " : "");
		wrap(b, head, missed[p], nmissed[p]);
		free(head);
	}
}

/* The words as the JSON object of SPEC.md. */
static json_t *
solve_json(const struct sr_game *sg, const struct word_round *v,
    char **words, size_t n, long best, char ***missed, size_t *nmissed)
{
	json_t *o = json_object(), *a, *m, *w;
	size_t i;
	int p;

	json_object_set_new(o, "game", json_integer(sg->g.id));
	json_object_set_new(o, "round", json_integer(v->round));
	json_object_set_new(o, "best_score", json_integer(best));
	a = json_array();
	for (i = 0; i < n; i++) {
		w = json_object();
		json_object_set_new(w, "word", json_string(words[i]));
		json_object_set_new(w, "value", json_integer(
		    sg->rules->word_value(sg->rp.st,
		    (int)lang_width(words[i]))));
		json_array_append_new(a, w);
	}
	json_object_set_new(o, "words", a);
	m = json_object();
	for (p = 0; p < v->nplayers; p++) {
		a = json_array();
		for (i = 0; i < nmissed[p]; i++)
			json_array_append_new(a, json_string(missed[p][i]));
		json_object_set_new(m, sg->g.names[p], a);
	}
	json_object_set_new(o, "missed", m);
	return o;
}

/* 1 if rules g is played on a grid of words (sr_rules_names' keep). */
static int
has_grid(const struct game_rules *g)
{
	return g->word_round != NULL;
}

/* solve [--force] */
static int
cmd_solve_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_game sg;
	struct word_round v;
	struct grid g;
	struct dawg *d;
	struct speller *sp;
	struct buf b = BUF_INIT;
	char **words = NULL, **keys = NULL, **missed[GAME_MAX_PLAYERS], *why = NULL;
	size_t n = 0, nmissed[GAME_MAX_PLAYERS], i;
	long best = 0;
	int force = args_has(args, "force"), status, p;

	if ((status = sr_game_load(ctx, 0, 0, &sg)) != SR_OK)
		return status;
	store_rollback(ctx->store);
	if (sg.rules->word_round == NULL) {
		status = sr_error(ctx, SR_RULES, "game %lld is %s: only %s "
		    "has a grid to solve", sg.g.id, sg.rules->name,
		    sr_rules_names(&b, has_grid));
		goto out;
	}
	if (sg.rules->word_round(sg.rp.st, force, &v) != 0) {
		status = sr_error(ctx, SR_RULES, force ? "no grid yet: enter "
		    "one with 'grid ROW...'" : "no round scored yet; 'solve "
		    "--force' solves the open round");
		goto out;
	}
	if ((d = wordlist_open(&ctx->paths, v.dict, isatty(STDERR_FILENO),
	    &why)) == NULL) {
		status = sr_error(ctx, SR_SYSTEM, "no word list for '%s': %s",
		    v.dict, why);
		free(why);
		goto out;
	}
	memset(&g, 0, sizeof g);
	g.n = v.n;
	memcpy(g.cells, v.cells, sizeof g.cells);
	snprintf(g.dict, sizeof g.dict, "%s", v.dict);
	sp = wordlist_speller_new(ctx->paths.dicts, v.dict);
	n = solve_grid_keys(d, &g, v.dict, v.fold, v.nouns, sp, &words,
	    &keys);
	dawg_close(d);
	if (n == SOLVE_FAILED) {
		status = sr_error(ctx, SR_SYSTEM, "cannot ask the dictionary "
		    "'%s' about a compound: %s", v.dict,
		    wordlist_speller_why(sp) != NULL ?
		    wordlist_speller_why(sp) : "no dictionary");
		wordlist_speller_free(sp);
		goto out;
	}
	wordlist_speller_free(sp);
	for (i = 0; i < n; i++)
		best += sg.rules->word_value(sg.rp.st,
		    (int)lang_width(words[i]));
	for (p = 0; p < v.nplayers; p++) {
		missed[p] = xcalloc(n + 1, sizeof *missed[p]);
		nmissed[p] = 0;
		for (i = 0; i < n; i++)
			if (!wrote(v.keys[p], keys[i]))
				missed[p][nmissed[p]++] = words[i];
	}
	if (ctx->json)
		status = sr_print_json(ctx, solve_json(&sg, &v, words, n, best,
		    missed, nmissed));
	else {
		solve_text(&sg, &v, words, n, best, missed, nmissed, &b);
		sr_print_text(ctx, buf_str(&b));
		buf_free(&b);
	}
	for (p = 0; p < v.nplayers; p++)
		free(missed[p]);
	solve_free(words, n);
	solve_free(keys, keys != NULL ? n : 0);
out:
	buf_free(&b);
	sr_game_free(&sg);
	return status;
}

const struct cmd_entry cmd_solve_entry = {
	.name = "solve",
	.usage = "[--force]",
	.summary = "shake-a-word: every word on the grid, the best score, "
	    "the words missed",
	.spec = { .opts = { { "force", 0 } }, .hint = "; expected [--force]" },
	.exec = cmd_solve_exec,
};
