/*
 * cmd-use.c: make a game current.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"

/* use ID */
static int
cmd_use_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_game sg;
	struct buf b = BUF_INIT;
	char *end, *why = NULL;
	long long id;
	int status, i;

	id = strtoll(args->argv[1], &end, 10);
	if (*args->argv[1] < '0' || *args->argv[1] > '9' || *end != '\0' ||
	    id <= 0)
		return sr_error(ctx, SR_USAGE, "'%s' is not a game ID",
		    args->argv[1]);
	ctx->game = id;
	if ((status = sr_game_load_state(ctx, 1, &sg)) != SR_OK)
		return status;
	if ((status = store_set_current(ctx->store, id, &why)) != SR_OK ||
	    (status = store_commit(ctx->store, &why)) != SR_OK) {
		store_rollback(ctx->store);
		sr_game_free(&sg);
		sr_error(ctx, status, "%s", why);
		free(why);
		return status;
	}
	if (ctx->json) {
		status = sr_print_json(ctx, sr_status_json(&sg));
		sr_game_free(&sg);
		return status;
	}
	buf_printf(&b, "game %lld is current: %s for ", id, sg.rules->name);
	for (i = 0; i < sg.g.nplayers; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", sg.g.names[i]);
	buf_puts(&b, "\n");
	sr_print_text(ctx, buf_str(&b));
	buf_free(&b);
	sr_game_free(&sg);
	return SR_OK;
}

const struct cmd_entry cmd_use_entry = {
	.name = "use",
	.usage = "ID",
	.summary = "make a game current",
	.spec = { .lower = 1, .upper = 1, .count = "expected one game ID" },
	.exec = cmd_use_exec,
	.play = CMD_PLAY | CMD_PLAY_GAME,
};
