/*
 * cmd-tidy.c: abandon, rename, title and note: entries about the game
 * itself, through the one write path like every other entry.
 */
#include "cmd.h"

/* Enter abandon, rename, title or note. */
static int
cmd_tidy_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	return sr_enter(ctx, args->argc, args->argv);
}

const struct cmd_entry cmd_abandon_entry = {
	.name = "abandon",
	.usage = "",
	.summary = "end the game with no winner (an entry: undo restores it)",
	.spec = { .upper = -1, .raw = 1 },
	.exec = cmd_tidy_exec,
	.play = CMD_PLAY,
};

const struct cmd_entry cmd_rename_entry = {
	.name = "rename",
	.usage = "OLD NEW",
	.summary = "rename a player of this game (an entry)",
	.spec = { .upper = -1, .raw = 1 },
	.exec = cmd_tidy_exec,
	.play = CMD_PLAY,
};

const struct cmd_entry cmd_title_entry = {
	.name = "title",
	.usage = "[TEXT]",
	.summary = "set the game's title, or clear it (an entry)",
	.spec = { .upper = -1, .raw = 1 },
	.exec = cmd_tidy_exec,
	.play = CMD_PLAY,
};

const struct cmd_entry cmd_note_entry = {
	.name = "note",
	.usage = "TEXT...",
	.summary = "a remark in the game's history (an entry)",
	.spec = { .upper = -1, .raw = 1 },
	.exec = cmd_tidy_exec,
	.play = CMD_PLAY,
};
