/*
 * cmd-verb.c: a game verb (roll, take, keep, ...) for the current game.
 */
#include "cmd.h"

/* Enter a game verb through the write path. */
static int
cmd_verb_exec(struct sr_ctx *ctx, int argc, char **argv)
{
	return sr_enter(ctx, argc, argv);
}

const struct cmd_entry cmd_verb_entry = {
	.name = "VERB",
	.usage = "[ARG...]",
	.summary = "a game verb: roll, take, shake, bank, pass, order, keep, "
	    "stand, move, again, penalize, continue, fresh, grid, timer, "
	    "words, challenge, vote, score, finish, place, fall",
	.exec = cmd_verb_exec,
};
