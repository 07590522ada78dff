/*
 * cmd-verb.c: a game verb (roll, take, keep, ...) for the current game.
 */
#include "cmd.h"

/* Enter a game verb through the write path. */
static int
cmd_verb_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	return sr_enter(ctx, args->argc, args->argv);
}

const struct cmd_entry cmd_verb_entry = {
	.name = "VERB",
	.usage = "[ARG...]",
	.summary = N_("a game verb"),
	.spec = { .upper = -1, .raw = 1 },
	.exec = cmd_verb_exec,
};
