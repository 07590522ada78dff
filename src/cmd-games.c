/*
 * cmd-games.c: list the games.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"

struct games_out {
	struct sr_ctx	*ctx;
	json_t		*list;		/* --json */
	long long	 current;
	int		 count;
};

/* One game: a JSON object or a line. */
static int
games_one(void *arg, const struct store_game *g, long nentries)
{
	struct games_out *go = arg;
	char when[32];
	json_t *o, *names;
	int i;

	(void)nentries;
	sr_iso_time(g->created, when, sizeof when);
	go->count++;
	if (go->list != NULL) {
		o = json_object();
		json_object_set_new(o, "game", json_integer(g->id));
		json_object_set_new(o, "uid", json_string(g->uid));
		json_object_set_new(o, "rules", json_string(g->rules));
		json_object_set_new(o, "title", g->title != NULL ?
		    json_string(g->title) : json_null());
		json_object_set_new(o, "state",
		    json_string(sr_stored_state_name(g->finished)));
		names = json_array();
		for (i = 0; i < g->nplayers; i++)
			json_array_append_new(names, json_string(g->names[i]));
		json_object_set_new(o, "players", names);
		json_object_set_new(o, "created", json_string(when));
		json_object_set_new(o, "current",
		    json_boolean(g->id == go->current));
		json_array_append_new(go->list, o);
		return 0;
	}
	fprintf(go->ctx->out, "%c%5lld  %-13s ", g->id == go->current ? '*' :
	    ' ', g->id, g->rules);
	for (i = 0; i < g->nplayers; i++)
		fprintf(go->ctx->out, "%s%s", i ? ", " : "", g->names[i]);
	when[10] = '\0';
	fprintf(go->ctx->out, "  %s  %s%s%s\n", sr_stored_state_name(g->finished),
	    when, g->title != NULL ? "  " : "",
	    g->title != NULL ? g->title : "");
	return 0;
}

/* games [--all] */
static int
cmd_games_exec(struct sr_ctx *ctx, int argc, char **argv)
{
	struct games_out go;
	char *why = NULL;
	int all = 0, i, status;
	json_t *o;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--all") == 0)
			all = 1;
		else
			return sr_error(ctx, SR_USAGE, "unexpected argument "
			    "'%s'; expected [--all]", argv[i]);
	}
	if ((status = sr_store(ctx)) != SR_OK)
		return status;
	memset(&go, 0, sizeof go);
	go.ctx = ctx;
	if (ctx->json)
		go.list = json_array();
	if ((status = store_begin(ctx->store, 0, &why)) != SR_OK ||
	    (status = store_current(ctx->store, &go.current, &why)) != SR_OK ||
	    (status = store_games(ctx->store, all, games_one, &go, &why)) !=
	    SR_OK) {
		store_rollback(ctx->store);
		json_decref(go.list);
		sr_error(ctx, status, "%s", why);
		free(why);
		return status;
	}
	store_rollback(ctx->store);
	if (ctx->json) {
		o = json_object();
		json_object_set_new(o, "games", go.list);
		return sr_print_json(ctx, o);
	}
	if (go.count == 0)
		fprintf(ctx->out, all ? "no games yet\n" : "no active games "
		    "(games --all lists finished and abandoned ones too)\n");
	return SR_OK;
}

const struct cmd_entry cmd_games_entry = {
	.name = "games",
	.usage = "[--all]",
	.summary = "list the active games (--all: finished and abandoned "
	    "ones too)",
	.exec = cmd_games_exec,
};
