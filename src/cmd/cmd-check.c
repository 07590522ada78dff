/*
 * cmd-check.c: check [--repair]: the database's integrity (src/cmd/check.c):
 * SQLite's own check, every game replayed, every derived summary compared
 * with what its entries give; --repair rebuilds them from the entries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/*
 * sr_doubt_look()'s look for a repair: the check run again (no repair);
 * *there when it finds nothing a rebuild mends, the rebuild in place.
 */
static int
repair_there(struct sr_ctx *ctx, void *arg, int *there, char **why)
{
	struct sr_check ck;
	int status;

	(void)arg;
	memset(&ck, 0, sizeof ck);
	ck.ctx = ctx;
	ck.problems = json_array();
	status = sr_check_run(&ck, 0, 0, why);
	*there = status == SR_OK &&
	    (int)json_array_size(ck.problems) == ck.lasting;
	json_decref(ck.problems);
	return status;
}

/* What check --repair says of its COMMIT in doubt, once it looked. */
static const struct sr_doubt_words repair_doubt = {
	N_("The server went away during the commit; connected again: the "
	    "repair is recorded.\n"),
	N_("connected again: the repair is not recorded ('shakeref check "
	    "--repair' rebuilds the derived data)"),
	N_("the league is still out of reach: whether the repair is "
	    "recorded is not known (check tells once it is back)"),
};

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
		/* A repair's COMMIT in doubt: stands if a look finds it. */
		if (repair && why != NULL && store_in_doubt(ctx->store))
			status = sr_doubt_look(ctx, repair_there, NULL,
			    &repair_doubt, why);
		else
			status = sr_error(ctx, status, "%s", why != NULL ?
			    why : _("database error"));
		free(why);
		if (status != SR_OK)
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
		fprintf(ctx->out, P_("%d game checked: ", "%d games checked: ",
		    ck.games), ck.games);
		fprintf(ctx->out, P_("%d problem%s\n", "%d problems%s\n", nbad),
		    nbad, repair && nbad > ck.lasting ? _(", the derived data "
		    "rebuilt from the entries") : "");
	}
	if (status == SR_OK && left > 0 && repair)
		status = sr_error(ctx, SR_DATA, P_("%d problem no rebuild mends "
		    "(the entries or the setup)", "%d problems no rebuild "
		    "mends (the entries or the setup)", left), left);
	else if (status == SR_OK && left > 0)
		status = sr_error(ctx, SR_DATA, P_("%d problem found%s",
		    "%d problems found%s", left), left, ck.lasting < nbad ?
		    _("; 'shakeref check --repair' rebuilds the derived data") :
		    _("; the entries or the setup are wrong, which no rebuild "
		    "mends"));
out:
	json_decref(ck.problems);
	return status;
}

const struct cmd_entry cmd_check_entry = {
	.name = "check",
	.usage = "[--repair]",
	.summary = N_("check the database: every game replayed, every summary "
	    "compared (--repair: rebuilt from the entries)"),
	.spec = { .opts = { { "repair", 0 } }, .hint = N_("; expected [--repair]") },
	.exec = cmd_check_exec,
};
