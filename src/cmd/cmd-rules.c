/*
 * cmd-rules.c: the rules as refereed: the game's rule card (card.h).
 */
#include <stdio.h>

#include "card.h"
#include "cmd.h"
#include "lexicon.h"

#define RULES_COLUMNS	76	/* the card's width off a terminal */

/*
 * g as `rules --json` lists it (SPEC.md "JSON"): its names, title,
 * players and options, in English, as a program types them.
 */
static json_t *
rules_json(const struct game_rules *g)
{
	const struct game_option *o;
	json_t *obj = json_object(), *a = json_array(), *opts = json_array();
	json_t *one;

	xjson_set(obj, "name", json_string(g->name));
	if (g->alias != NULL)
		xjson_push(a, json_string(g->alias));
	xjson_set(obj, "aliases", a);
	xjson_set(obj, "title", json_stringn(g->summary, game_title_len(g)));
	xjson_set(obj, "summary", json_string(g->summary));
	xjson_set(obj, "min_players", json_integer(g->min_players));
	xjson_set(obj, "max_players", json_integer(g->max_players));
	for (o = g->options; o->key != NULL; o++) {
		one = json_object();
		xjson_set(one, "key", json_string(o->key));
		xjson_set(one, "values", json_string(o->values));
		xjson_set(one, "default", json_string(o->def));
		xjson_push(opts, one);
	}
	xjson_set(obj, "options", opts);
	return obj;
}

/* rules [RULES] */
static int
cmd_rules_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	const struct game_rules *const *g, *one;
	const struct game_option *o;
	struct buf b = BUF_INIT, d = BUF_INIT;
	json_t *list, *one_json;
	int cols, wn, wa;

	if (args->argc == 1 && ctx->json) {
		list = json_array();
		for (g = game_table; *g != NULL; g++)
			xjson_push(list, rules_json(*g));
		one_json = json_object();
		xjson_set(one_json, "rules", list);
		return sr_print_json(ctx, one_json);
	}
	if (args->argc == 1) {
		/*
		 * Each column as wide as the table's longest, 13 and 6 at
		 * least (the widths of games' column and of the first lists).
		 */
		game_widths(&wn, &wa);
		wn = wn > 13 ? wn : 13;
		wa = wa > 6 ? wa : 6;
		for (g = game_table; *g != NULL; g++)
			buf_printf(&b, "%-*s %-*s %s\n", wn, (*g)->name, wa,
			    (*g)->alias != NULL ? (*g)->alias : "",
			    _((*g)->summary));
		/* On a terminal, each summary goes on under its column. */
		sr_fit(ctx, ctx->out, buf_str(&b), (size_t)(wn + wa + 2));
		sr_fit(ctx, ctx->out, _("'shakeref rules RULES' shows one in "
		    "full\n"), 2);
		buf_free(&b);
		return SR_OK;
	}
	if ((one = game_find(args->argv[1])) == NULL) {
		int status = sr_error(ctx, SR_USAGE, "%s",
		    sr_rules_unknown(&b, args->argv[1]));

		buf_free(&b);
		return status;
	}
	if (ctx->json)
		return sr_print_json(ctx, rules_json(one));
	/*
	 * Each paragraph wrapped once, from its text, to the terminal's
	 * width (76 off one): sr_print_text then finds nothing to break.
	 */
	cols = sr_columns(ctx);
	card_render(&b, one->card, cols > 0 ? (size_t)cols : RULES_COLUMNS);
	if (one->options[0].key != NULL)
		buf_puts(&b, _("\nOptions (new --option KEY=VALUE):\n"));
	for (o = one->options; o->key != NULL; o++)
		buf_printf(&b, _("  %s=%s (default %s)\n"), o->key, _(o->values),
		    o->def);
	if (game_option_kind(one, GAME_OPT_DICT) >= 0) {
		lexicon_list(ctx->paths.dicts, &d);
		buf_printf(&b, _("Dictionaries installed: %s\n"),
		    d.len > 0 ? buf_str(&d) : _("none (install one: "
		    "hunspell-en-us, hunspell-de-de, hunspell-fr ...)"));
		buf_free(&d);
	}
	sr_print_text(ctx, buf_str(&b));
	buf_free(&b);
	return SR_OK;
}

const struct cmd_entry cmd_rules_entry = {
	.name = "rules",
	.usage = "[RULES]",
	.summary = N_("the rules as refereed, short form"),
	.spec = { .upper = 1, .count = N_("expected at most one RULES") },
	.exec = cmd_rules_exec,
	.play = CMD_PLAY,
};
