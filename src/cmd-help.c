/*
 * cmd-help.c: usage, of everything or of one command.
 */
#include <stdio.h>

#include "cmd.h"

/* Print the whole usage to f. */
void	sr_usage(FILE *);

/* Print the whole usage to f. */
void
sr_usage(FILE *f)
{
	const struct cmd_entry *const *c;

	fprintf(f, "usage: shakeref [-d DB] [-g ID] [--json] COMMAND "
	    "[ARG...]\n\ncommands:\n");
	for (c = cmd_table; *c != NULL; c++)
		fprintf(f, "  %-10s %s\n", (*c)->name, (*c)->summary);
	fprintf(f, "  %-10s %s\n", "VERB", cmd_verb_entry.summary);
	fprintf(f, "\n'shakeref help COMMAND' for one; 'man shakeref' for "
	    "all.\n");
}

/* help [COMMAND] */
static int
cmd_help_exec(struct sr_ctx *ctx, int argc, char **argv)
{
	const struct cmd_entry *c;

	if (argc == 1) {
		sr_usage(ctx->out);
		return SR_OK;
	}
	if (argc > 2)
		return sr_error(ctx, SR_USAGE, "expected at most one COMMAND");
	if ((c = cmd_find(argv[1])) == NULL)
		return sr_error(ctx, SR_USAGE, "unknown command '%s'", argv[1]);
	if (c == &cmd_verb_entry)
		fprintf(ctx->out, "usage: shakeref %s [ARG...]\n%s\n'shakeref "
		    "rules RULES' says which verbs each game takes\n",
		    argv[1], c->summary);
	else
		fprintf(ctx->out, "usage: shakeref %s%s%s\n%s\n", c->name,
		    c->usage[0] ? " " : "", c->usage, c->summary);
	return SR_OK;
}

const struct cmd_entry cmd_help_entry = {
	.name = "help",
	.usage = "[COMMAND]",
	.summary = "this list, or the usage of one command",
	.exec = cmd_help_exec,
};
