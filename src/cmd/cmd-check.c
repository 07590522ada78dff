/*
 * cmd-check.c: check [--repair]: the database's integrity (src/cmd/check.c):
 * SQLite's own check, every game replayed, every derived summary compared
 * with what its entries give; --repair rebuilds them from the entries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* check [--repair] */
static int
cmd_check_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_check ck;
	char *why = NULL;
	int repair = args_has(args, "repair"), status, nbad, left;
	size_t k;
	json_t *o, *v;

	memset(&ck, 0, sizeof ck);
	ck.ctx = ctx;
	ck.problems = json_array();
	if ((status = sr_store(ctx)) != SR_OK)
		goto out;
	if ((status = sr_check_run(&ck, repair, 0, &why)) != SR_OK) {
		status = sr_error(ctx, status, "%s", why != NULL ? why :
		    "database error");
		free(why);
		goto out;
	}
	nbad = (int)json_array_size(ck.problems);
	/* What is wrong now: with --repair, what no rebuild mended. */
	left = repair ? ck.lasting : nbad;
	if (ctx->json) {
		o = json_object();
		xjson_set(o, "ok", json_boolean(left == 0));
		xjson_set(o, "games", json_integer(ck.games));
		xjson_set(o, "problems", json_incref(ck.problems));
		if (repair)
			xjson_set(o, "repaired",
			    json_boolean(nbad > ck.lasting));
		status = sr_print_json(ctx, o);
	} else {
		json_array_foreach(ck.problems, k, v)
			fprintf(ctx->out, "%s\n", json_string_value(v));
		fprintf(ctx->out, "%d game%s checked: %d problem%s%s\n",
		    ck.games, ck.games == 1 ? "" : "s", nbad, nbad == 1 ? "" :
		    "s", repair && nbad > ck.lasting ? ", the derived data "
		    "rebuilt from the entries" : "");
	}
	if (status == SR_OK && left > 0)
		status = sr_error(ctx, SR_DATA, "%d problem%s %s%s", left,
		    left == 1 ? "" : "s", repair ? "no rebuild mends (the "
		    "entries or the setup)" : "found", repair ? "" :
		    ck.lasting < nbad ? "; 'shakeref check --repair' rebuilds "
		    "the derived data" : "; the entries or the setup are "
		    "wrong, which no rebuild mends");
out:
	json_decref(ck.problems);
	return status;
}

const struct cmd_entry cmd_check_entry = {
	.name = "check",
	.usage = "[--repair]",
	.summary = "check the database: every game replayed, every summary "
	    "compared (--repair: rebuilt from the entries)",
	.spec = { .opts = { { "repair", 0 } }, .hint = "; expected [--repair]" },
	.exec = cmd_check_exec,
};
