/*
 * cmd-undo.c: undo and redo, entries of their own.
 */
#include "cmd.h"

/* Take back the latest entry in effect, or restore the latest undone. */
static int
cmd_undo_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	return sr_enter(ctx, args->argc, args->argv);
}

const struct cmd_entry cmd_undo_entry = {
	.name = "undo",
	.usage = "",
	.summary = N_("take back the latest entry in effect"),
	.spec = { .upper = -1, .raw = 1 },
	.exec = cmd_undo_exec,
};

const struct cmd_entry cmd_redo_entry = {
	.name = "redo",
	.usage = "",
	.summary = N_("restore the latest undone entry"),
	.spec = { .upper = -1, .raw = 1 },
	.exec = cmd_undo_exec,
};
