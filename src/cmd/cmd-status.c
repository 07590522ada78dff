/*
 * cmd-status.c: the table now.
 */
#include "cmd.h"

/* Print the current game's status, in words or JSON. */
static int
sr_show_status(struct sr_ctx *ctx)
{
	struct sr_game sg;
	int status;

	if ((status = sr_game_load_state(ctx, 0, &sg)) != SR_OK)
		return status;
	store_rollback(ctx->store);
	if (ctx->json)
		status = sr_print_json(ctx, sr_status_json(&sg));
	else
		sr_status_text(ctx, &sg);
	sr_game_free(&sg);
	return status;
}

/* status */
static int
cmd_status_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	(void)args;
	return sr_show_status(ctx);
}

const struct cmd_entry cmd_status_entry = {
	.name = "status",
	.usage = "",
	.summary = "the table now: scores, round, whose turn, what is "
	    "expected",
	.spec = { .upper = 0 },
	.exec = cmd_status_exec,
	.play = CMD_PLAY,
};
