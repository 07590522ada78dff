/*
 * cmd-help.c: usage, of everything, of one command, or of one game verb
 * in each game that has it.  The texts are the command table's and the
 * rules modules' (struct verb_help): the same in `play`.
 */
#include <stdio.h>

#include "cmd.h"

/* The column of the commands' summaries in the usage. */
#define SUMMARY_COLUMN	13

/* Print the whole usage to f (fitted to a terminal: sr_fit). */
void	sr_usage(const struct sr_ctx *, FILE *);

/* Print the whole usage to f (fitted to a terminal: sr_fit). */
void
sr_usage(const struct sr_ctx *ctx, FILE *f)
{
	const struct cmd_entry *const *c;
	struct buf b = BUF_INIT;
	int v;

	sr_fit(ctx, f, "usage: shakeref [-d DB] [-g ID] [--json] COMMAND "
	    "[ARG...]\n\ncommands:\n", 2);
	for (c = cmd_table; *c != NULL; c++)
		buf_printf(&b, "  %-10s %s\n", (*c)->name, (*c)->summary);
	buf_printf(&b, "  %-10s %s: ", "VERB", cmd_verb_entry.summary);
	for (v = 0; v < V_UNDO; v++)
		buf_printf(&b, "%s%s", v ? ", " : "", verb_name((enum verb)v));
	buf_puts(&b, "\n");
	sr_fit(ctx, f, buf_str(&b), SUMMARY_COLUMN);
	sr_fit(ctx, f, "\n'shakeref help COMMAND' or 'shakeref COMMAND "
	    "--help' for one; 'man shakeref' for all.\n", 2);
	buf_free(&b);
}

/* "usage: shakeref VERB ARGS (RULES)" and what VERB does there, into b. */
static void
sr_verb_help(struct buf *b, const struct game_rules *g, enum verb v)
{
	const struct verb_help *h = game_verb_help(g, v);

	if (h == NULL)
		return;
	buf_printf(b, "usage: shakeref %s%s%s (%s)\n  %s\n", verb_name(v),
	    h->args[0] != '\0' ? " " : "", h->args, g->name, h->text);
}

/* help [COMMAND] */
static int
cmd_help_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	const struct cmd_entry *c;
	const struct game_rules *const *g;
	char *const *argv = args->argv;
	struct buf b = BUF_INIT;
	int v;

	if (args->argc == 1) {
		sr_usage(ctx, ctx->out);
		return SR_OK;
	}
	if ((c = cmd_find(argv[1])) == NULL) {
		sr_command_unknown(&b, argv[1]);
		v = sr_error(ctx, SR_USAGE, "%s", buf_str(&b));
		buf_free(&b);
		return v;
	}
	if (c != &cmd_verb_entry)
		buf_printf(&b, "usage: shakeref %s%s%s\n  %s\n", c->name,
		    c->usage[0] ? " " : "", c->usage, c->summary);
	else {
		v = verb_lookup(argv[1]);
		for (g = game_table; *g != NULL; g++)
			sr_verb_help(&b, *g, (enum verb)v);
	}
	sr_fit(ctx, ctx->out, buf_str(&b), 2);
	buf_free(&b);
	return SR_OK;
}

const struct cmd_entry cmd_help_entry = {
	.name = "help",
	.usage = "[COMMAND]",
	.summary = "this list, or the usage of one command or game verb",
	.spec = { .upper = 1, .count = "expected at most one COMMAND" },
	.exec = cmd_help_exec,
	.play = CMD_PLAY,
};
