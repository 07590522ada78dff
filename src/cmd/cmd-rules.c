/*
 * cmd-rules.c: the rules as refereed: the game's rule card (card.h).
 */
#include <stdio.h>

#include "card.h"
#include "cmd.h"
#include "lexicon.h"

#define RULES_COLUMNS	76	/* the card's width off a terminal */

/* rules [RULES] */
static int
cmd_rules_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	const struct game_rules *const *g, *one;
	const struct game_option *o;
	struct buf b = BUF_INIT, d = BUF_INIT;
	int cols;

	if (args->argc == 1) {
		for (g = game_table; *g != NULL; g++)
			buf_printf(&b, "%-13s %-6s %s\n", (*g)->name,
			    (*g)->alias != NULL ? (*g)->alias : "",
			    _((*g)->summary));
		/* On a terminal, each summary goes on under its column. */
		sr_fit(ctx, ctx->out, buf_str(&b), 21);
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
