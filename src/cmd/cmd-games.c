/*
 * cmd-games.c: list the games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "utf8.h"

/* The state column's width: "abandoned". */
#define STATE_WIDTH	9

/* A game's line in words: the players column is padded when all are in. */
struct games_row {
	char	*head;		/* "*    7  " */
	char	*rules;		/* "shake", padded when all are in */
	char	*players;	/* "Ann, Bob" */
	char	*tail;		/* "active  2026-11-22  title" */
};

struct games_out {
	struct sr_ctx		*ctx;
	json_t			*list;		/* --json */
	struct games_row	*rows;		/* in words */
	long long		 current;
	int			 count;
	int			 cap;		/* rows allocated */
};

/* One game: a JSON object or a line. */
static int
games_one(void *arg, const struct store_game *g, long nentries)
{
	struct games_out *go = arg;
	struct games_row *row;
	struct buf b = BUF_INIT;
	char when[32], head[16];
	json_t *o, *names;
	int i;

	(void)nentries;
	go->count++;
	if (go->list != NULL) {
		sr_iso_time(g->created, when, sizeof when);
		o = json_object();
		xjson_set(o, "game", json_integer(g->id));
		xjson_set(o, "uid", xjson_text(g->uid));
		xjson_set(o, "rules", xjson_text(g->rules));
		xjson_set(o, "title", g->title != NULL ?
		    xjson_text(g->title) : json_null());
		xjson_set(o, "current",
		    json_boolean(g->id == go->current));
		xjson_set(o, "state",
		    json_string(sr_stored_state_name(g->finished)));
		names = json_array();
		for (i = 0; i < g->nplayers; i++)
			xjson_push(names, xjson_text(g->names[i]));
		xjson_set(o, "players", names);
		xjson_set(o, "created", json_string(when));
		xjson_push(go->list, o);
		return 0;
	}
	if (go->count > go->cap) {
		go->cap = go->cap > 0 ? go->cap * 2 : 64;
		go->rows = xreallocarray(go->rows, (size_t)go->cap,
		    sizeof *go->rows);
	}
	/* Pieces put together, not formatted: 10,000 games list flat. */
	row = &go->rows[go->count - 1];
	snprintf(head, sizeof head, "%c%5lld  ", g->id == go->current ?
	    '*' : ' ', g->id);
	row->head = xstrdup(head);
	sr_stored_put(&b, g->rules, GAME_RULES_NAME_MAX);
	row->rules = b.s != NULL ? b.s : xstrdup("");
	memset(&b, 0, sizeof b);
	for (i = 0; i < g->nplayers; i++) {
		if (i > 0)
			buf_add(&b, ", ", 2);
		sr_stored_put(&b, g->names[i], 32);
	}
	row->players = b.s != NULL ? b.s : xstrdup("");
	memset(&b, 0, sizeof b);
	/* The date in words: local (TZ); JSON keeps UTC. */
	sr_local_time(g->created, when, sizeof when);
	buf_add(&b, "  ", 2);
	utf8_pad(&b, _(sr_stored_state_name(g->finished)), STATE_WIDTH);
	buf_add(&b, "  ", 2);
	buf_puts(&b, when);
	if (g->title != NULL) {
		buf_add(&b, "  ", 2);
		sr_stored_put(&b, g->title, GAME_TEXT_MAX);
	}
	buf_add(&b, "\n", 1);
	row->tail = b.s;
	return 0;
}

/*
 * Print the lines in words (if any and print), the rules and players
 * columns padded to their widest by display width (rules 13 at least:
 * its heading's), and free them.
 */
static void
games_print(struct games_out *go, int print)
{
	struct buf b = BUF_INIT;
	size_t width = 0, rw = 13;
	int i, cols;

	if (go->rows == NULL)
		return;
	for (i = 0; i < go->count; i++) {
		if (utf8_width(go->rows[i].players) > width)
			width = utf8_width(go->rows[i].players);
		if (utf8_width(go->rows[i].rules) > rw)
			rw = utf8_width(go->rows[i].rules);
	}
	/*
	 * On a terminal the line fits its width: the players are cut (the
	 * number and rules before them, 8 + rw columns, and state and date,
	 * 31).
	 */
	if ((cols = sr_columns(go->ctx) - 1 - 8 - (int)rw - 31) >= 12 &&
	    width > (size_t)cols)
		width = (size_t)cols;
	if (width < 7)
		width = 7;	/* "players" */
	/* The header, in the columns of the lines (rules 13 wide in it). */
	buf_puts(&b, _("  game  rules         "));
	buf_printf(&b, "%*s", (int)(rw - 13), "");
	/* TRANSLATORS: a column heading, 7 columns at most. */
	utf8_pad(&b, _("players"), width);
	buf_puts(&b, "  ");
	/* TRANSLATORS: a column heading, 9 columns at most. */
	utf8_pad(&b, _("state"), STATE_WIDTH);
	buf_puts(&b, _("  created           title\n"));
	for (i = 0; i < go->count; i++) {
		buf_puts(&b, go->rows[i].head);
		utf8_pad(&b, go->rows[i].rules, rw);
		buf_add(&b, " ", 1);
		utf8_cell(&b, go->rows[i].players, width, 0);
		buf_puts(&b, go->rows[i].tail);
		free(go->rows[i].head);
		free(go->rows[i].rules);
		free(go->rows[i].players);
		free(go->rows[i].tail);
	}
	if (print)
		sr_print_text(go->ctx, buf_str(&b));
	buf_free(&b);
	free(go->rows);
	go->rows = NULL;
}

/* games [--all] */
static int
cmd_games_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct games_out go;
	char *why = NULL;
	int all = args_has(args, "all"), status;
	json_t *o;

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
		games_print(&go, 0);
		sr_error(ctx, status, "%s", why);
		free(why);
		return status;
	}
	store_rollback(ctx->store);
	if (ctx->json) {
		o = json_object();
		xjson_set(o, "games", go.list);
		return sr_print_json(ctx, o);
	}
	games_print(&go, 1);
	if (go.count == 0)
		fprintf(ctx->out, all ? _("no games yet\n") : _("no active games "
		    "(games --all lists finished and abandoned ones too)\n"));
	return SR_OK;
}

const struct cmd_entry cmd_games_entry = {
	.name = "games",
	.usage = "[--all]",
	.summary = N_("list the active games (--all: finished and abandoned "
	    "ones too)"),
	.spec = { .opts = { { "all", 0 } }, .hint = N_("; expected [--all]") },
	.exec = cmd_games_exec,
	.play = CMD_PLAY,
};
