/*
 * cmd-undo.c: undo and redo, entries of their own.
 */
#include "cmd.h"

/* Take back the latest entry in effect, or restore the latest undone. */
static int
cmd_undo_exec(struct sr_ctx *ctx, int argc, char **argv)
{
	return sr_enter(ctx, argc, argv);
}

const struct cmd_entry cmd_undo_entry = {
	.name = "undo",
	.usage = "",
	.summary = "take back the latest entry in effect",
	.exec = cmd_undo_exec,
};

const struct cmd_entry cmd_redo_entry = {
	.name = "redo",
	.usage = "",
	.summary = "restore the latest undone entry",
	.exec = cmd_undo_exec,
};
