/*
 * cmd-help.c: usage, of everything, of one command, or of one game verb
 * in each game that has it.  The texts are the command table's and the
 * rules modules' (struct verb_help): the same in `play`.
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
	fprintf(f, "\n'shakeref help COMMAND' or 'shakeref COMMAND --help' "
	    "for one; 'man shakeref' for all.\n");
}

/* Print "usage: shakeref VERB ARGS (RULES)" and what VERB does there. */
static void
sr_verb_help(FILE *f, const struct game_rules *g, enum verb v)
{
	const struct verb_help *h = game_verb_help(g, v);

	if (h == NULL)
		return;
	fprintf(f, "usage: shakeref %s%s%s (%s)\n  %s\n", verb_name(v),
	    h->args[0] != '\0' ? " " : "", h->args, g->name, h->text);
}

/* help [COMMAND] */
static int
cmd_help_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	const struct cmd_entry *c;
	const struct game_rules *const *g;
	char *const *argv = args->argv;
	int v;

	if (args->argc == 1) {
		sr_usage(ctx->out);
		return SR_OK;
	}
	if ((c = cmd_find(argv[1])) == NULL) {
		struct buf b = BUF_INIT;

		sr_command_unknown(&b, argv[1]);
		v = sr_error(ctx, SR_USAGE, "%s", buf_str(&b));
		buf_free(&b);
		return v;
	}
	if (c != &cmd_verb_entry) {
		fprintf(ctx->out, "usage: shakeref %s%s%s\n  %s\n", c->name,
		    c->usage[0] ? " " : "", c->usage, c->summary);
		return SR_OK;
	}
	v = verb_lookup(argv[1]);
	for (g = game_table; *g != NULL; g++)
		sr_verb_help(ctx->out, *g, (enum verb)v);
	return SR_OK;
}

const struct cmd_entry cmd_help_entry = {
	.name = "help",
	.usage = "[COMMAND]",
	.summary = "this list, or the usage of one command or game verb",
	.spec = { .upper = 1, .count = "expected at most one COMMAND" },
	.exec = cmd_help_exec,
};
