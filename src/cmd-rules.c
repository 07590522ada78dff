/*
 * cmd-rules.c: the rules as refereed, short form.
 */
#include <stdio.h>

#include "cmd.h"
#include "lexicon.h"

/* rules [RULES] */
static int
cmd_rules_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	const struct game_rules *const *g, *one;
	const struct game_option *o;

	if (args->argc == 1) {
		for (g = game_table; *g != NULL; g++)
			fprintf(ctx->out, "%-13s %-6s %s\n", (*g)->name,
			    (*g)->alias != NULL ? (*g)->alias : "",
			    (*g)->summary);
		fprintf(ctx->out, "'shakeref rules RULES' shows one in full\n");
		return SR_OK;
	}
	if ((one = game_find(args->argv[1])) == NULL) {
		struct buf b = BUF_INIT;
		int status = sr_error(ctx, SR_USAGE, "%s",
		    sr_rules_unknown(&b, args->argv[1]));

		buf_free(&b);
		return status;
	}
	fputs(one->card, ctx->out);
	if (one->options[0].key != NULL)
		fprintf(ctx->out, "Options (new --option KEY=VALUE):\n");
	for (o = one->options; o->key != NULL; o++)
		fprintf(ctx->out, "  %s=%s (default %s)\n", o->key, o->values,
		    o->def);
	if (game_option_kind(one, GAME_OPT_DICT) >= 0) {
		struct buf b = BUF_INIT;

		lexicon_list(ctx->paths.dicts, &b);
		fprintf(ctx->out, "Dictionaries installed: %s\n",
		    b.len > 0 ? buf_str(&b) : "none (install one: "
		    "hunspell-en-us, hunspell-de-de, hunspell-fr ...)");
		buf_free(&b);
	}
	return SR_OK;
}

const struct cmd_entry cmd_rules_entry = {
	.name = "rules",
	.usage = "[RULES]",
	.summary = "the rules as refereed, short form",
	.spec = { .upper = 1, .count = "expected at most one RULES" },
	.exec = cmd_rules_exec,
};
