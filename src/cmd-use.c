/*
 * cmd-use.c: make a game current.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"

/* use ID */
static int
cmd_use_exec(struct sr_ctx *ctx, int argc, char **argv)
{
	struct sr_game sg;
	char *end, *why = NULL;
	long long id;
	int status, i;

	if (argc != 2)
		return sr_error(ctx, SR_USAGE, "expected one game ID");
	id = strtoll(argv[1], &end, 10);
	if (*argv[1] < '0' || *argv[1] > '9' || *end != '\0' || id <= 0)
		return sr_error(ctx, SR_USAGE, "'%s' is not a game ID",
		    argv[1]);
	ctx->game = id;
	if ((status = sr_game_load(ctx, 1, 0, &sg)) != SR_OK)
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
	fprintf(ctx->out, "game %lld is current: %s for ", id, sg.rules->name);
	for (i = 0; i < sg.g.nplayers; i++)
		fprintf(ctx->out, "%s%s", i ? ", " : "", sg.g.names[i]);
	fputc('\n', ctx->out);
	sr_game_free(&sg);
	return SR_OK;
}

const struct cmd_entry cmd_use_entry = {
	.name = "use",
	.usage = "ID",
	.summary = "make a game current",
	.exec = cmd_use_exec,
};
