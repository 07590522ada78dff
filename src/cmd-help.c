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
	int v;

	fprintf(f, "usage: shakeref [-d DB] [-g ID] [--json] COMMAND "
	    "[ARG...]\n\ncommands:\n");
	for (c = cmd_table; *c != NULL; c++)
		fprintf(f, "  %-10s %s\n", (*c)->name, (*c)->summary);
	fprintf(f, "  %-10s %s: ", "VERB", cmd_verb_entry.summary);
	for (v = 0; v < V_UNDO; v++)
		fprintf(f, "%s%s", v ? ", " : "", verb_name((enum verb)v));
	fputc('\n', f);
	fprintf(f, "\n'shakeref help COMMAND' for one; 'man shakeref' for "
	    "all.\n");
}

/* A verb's usage from its row, and the games that take it. */
static void
verb_help(struct sr_ctx *ctx, enum verb v)
{
	const struct verb_info *vi = &verb_table[v];
	const struct game_rules *const *g;
	int n = 0;

	fprintf(ctx->out, "usage: shakeref %s%s%s\n%s\ngames:", vi->name,
	    vi->usage[0] != '\0' ? " " : "", vi->usage, vi->summary);
	for (g = game_table; *g != NULL; g++)
		if (game_has_verb(*g, v))
			fprintf(ctx->out, "%s %s", n++ ? "," : "", (*g)->name);
	fputc('\n', ctx->out);
}

/* help [COMMAND] */
static int
cmd_help_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	const struct cmd_entry *c;

	char *const *argv = args->argv;

	if (args->argc == 1) {
		sr_usage(ctx->out);
		return SR_OK;
	}
	if ((c = cmd_find(argv[1])) == NULL)
		return sr_error(ctx, SR_USAGE, "unknown command '%s'", argv[1]);
	if (c == &cmd_verb_entry)
		verb_help(ctx, (enum verb)verb_lookup(argv[1]));
	else
		fprintf(ctx->out, "usage: shakeref %s%s%s\n%s\n", c->name,
		    c->usage[0] ? " " : "", c->usage, c->summary);
	return SR_OK;
}

const struct cmd_entry cmd_help_entry = {
	.name = "help",
	.usage = "[COMMAND]",
	.summary = "this list, or the usage of one command",
	.spec = { .upper = 1, .count = "expected at most one COMMAND" },
	.exec = cmd_help_exec,
};
