/*
 * cmd-standings.c: the ranking of a game, or of every player over all
 * finished games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "utf8.h"

struct tally {
	char	*name;
	long	 played, won;
	json_t	*by_rules;		/* {"shake": {"played": 4, "won": 2}} */
};

struct tallies {
	struct tally	*t;
	int		 n;
};

/* Fold one (player, rules) row in. */
static int
tally_row(void *arg, const struct store_tally *row)
{
	struct tallies *ts = arg;
	struct tally *t = NULL;
	json_t *r;
	long played = row->played, won = row->won;
	int i;

	/* One player across games by simple case folding: Zoë is ZOË. */
	for (i = 0; i < ts->n; i++)
		if (utf8_casecmp(ts->t[i].name, row->name) == 0)
			t = &ts->t[i];
	if (t == NULL) {
		ts->t = xreallocarray(ts->t, (size_t)ts->n + 1, sizeof *ts->t);
		t = &ts->t[ts->n++];
		t->name = xstrdup(row->name);
		t->played = t->won = 0;
		t->by_rules = json_object();
	}
	t->played += row->played;
	t->won += row->won;
	if ((r = json_object_get(t->by_rules, row->rules)) != NULL) {
		played += (long)json_integer_value(json_object_get(r,
		    "played"));
		won += (long)json_integer_value(json_object_get(r, "won"));
	}
	r = json_object();
	xjson_set(r, "played", json_integer(played));
	xjson_set(r, "won", json_integer(won));
	xjson_set(t->by_rules, row->rules, r);
	return 0;
}

/* Most wins first, then most played, then by name. */
static int
tally_cmp(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;

	if (x->won != y->won)
		return x->won > y->won ? -1 : 1;
	if (x->played != y->played)
		return x->played > y->played ? -1 : 1;
	return utf8_casecmp(x->name, y->name);
}

/* The names column: 32 columns, or wider for a wide name. */
static size_t
name_width(const struct tally *t, int n)
{
	size_t w = 32;
	int i;

	for (i = 0; i < n; i++)
		if (utf8_width(t[i].name) > w)
			w = utf8_width(t[i].name);
	return w;
}

/* standings --all-time */
static int
all_time(struct sr_ctx *ctx)
{
	struct tallies ts = { NULL, 0 };
	struct buf b = BUF_INIT;
	size_t width = 0, cols[2];
	char *why = NULL;
	const char *key, *head[2];
	json_t *o, *a, *p, *v;
	int status, i;

	if ((status = sr_store(ctx)) != SR_OK)
		return status;
	if ((status = store_begin(ctx->store, 0, &why)) != SR_OK ||
	    (status = store_tallies(ctx->store, tally_row, &ts, &why)) !=
	    SR_OK) {
		store_rollback(ctx->store);
		sr_error(ctx, status, "%s", why);
		free(why);
		goto out;
	}
	store_rollback(ctx->store);
	if (ts.n > 1)
		qsort(ts.t, (size_t)ts.n, sizeof *ts.t, tally_cmp);
	if (ctx->json) {
		o = json_object();
		a = json_array();
		for (i = 0; i < ts.n; i++) {
			p = json_object();
			xjson_set(p, "name",
			    xjson_text(ts.t[i].name));
			xjson_set(p, "played",
			    json_integer(ts.t[i].played));
			xjson_set(p, "won",
			    json_integer(ts.t[i].won));
			xjson_set(p, "by_rules", json_incref(ts.t[i].by_rules));
			xjson_push(a, p);
		}
		xjson_set(o, "players", a);
		status = sr_print_json(ctx, o);
		goto out;
	}
	/* TRANSLATORS: the columns of standings --all-time. */
	head[0] = _("played");
	head[1] = _("won");
	for (i = 0; i < 2; i++)
		if ((cols[i] = utf8_width(head[i])) < 6)
			cols[i] = 6;
	if (ts.n == 0)
		buf_puts(&b, _("no finished games yet\n"));
	else {
		utf8_pad(&b, _("player"), width = name_width(ts.t, ts.n));
		for (i = 0; i < 2; i++) {
			buf_puts(&b, " ");
			utf8_cell(&b, head[i], cols[i], 1);
		}
		buf_printf(&b, "  %s\n", _("by rules (won/played)"));
	}
	for (i = 0; i < ts.n; i++) {
		utf8_pad(&b, ts.t[i].name, width);
		buf_printf(&b, " %*ld %*ld ", (int)cols[0], ts.t[i].played,
		    (int)cols[1], ts.t[i].won);
		json_object_foreach(ts.t[i].by_rules, key, v)
			buf_printf(&b, " %s %lld/%lld", key,
			    (long long)json_integer_value(
			    json_object_get(v, "won")),
			    (long long)json_integer_value(
			    json_object_get(v, "played")));
		buf_puts(&b, "\n");
	}
	sr_print_text(ctx, buf_str(&b));
out:
	buf_free(&b);
	for (i = 0; i < ts.n; i++) {
		free(ts.t[i].name);
		json_decref(ts.t[i].by_rules);
	}
	free(ts.t);
	return status;
}

/* Seats in rank order, equal ranks in seat order. */
static void
rank_order(const struct sr_game *sg, const int *ranks, int *order)
{
	int i, k, n = 0, r;

	for (r = 1; r <= sg->g.nplayers; r++)
		for (i = 0; i < sg->g.nplayers; i++)
			if (ranks[i] == r)
				order[n++] = i;
	for (k = n; k < sg->g.nplayers; k++)
		order[k] = k;
}

/* standings [--all-time] */
static int
cmd_standings_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_game sg;
	struct expectation x;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS];
	int order[GAME_MAX_PLAYERS], i, s, status;
	json_t *o, *a, *p;

	if (args_has(args, "all-time"))
		return all_time(ctx);
	if ((status = sr_game_load_state(ctx, 0, &sg)) != SR_OK)
		return status;
	store_rollback(ctx->store);
	sr_expect(&sg, &x, NULL);
	sr_ranks(&sg, scores, winners, ranks);
	rank_order(&sg, ranks, order);
	if (ctx->json) {
		o = json_object();
		xjson_set(o, "game", json_integer(sg.g.id));
		xjson_set(o, "rules", json_string(sg.rules->name));
		xjson_set(o, "state", json_string(sr_state_name(&x)));
		a = json_array();
		for (i = 0; i < sg.g.nplayers; i++) {
			s = order[i];
			p = json_object();
			xjson_set(p, "name",
			    xjson_text(sg.g.names[s]));
			xjson_set(p, "score",
			    json_integer(scores[s]));
			xjson_set(p, "rank", json_integer(ranks[s]));
			xjson_push(a, p);
		}
		xjson_set(o, "players", a);
		a = json_array();
		for (i = 0; i < sg.g.nplayers && x.finished; i++)
			if (winners[i])
				xjson_push(a,
				    xjson_text(sg.g.names[i]));
		xjson_set(o, "winners", a);
		status = sr_print_json(ctx, o);
	} else {
		struct buf b = BUF_INIT;
		size_t width = 32;

		for (i = 0; i < sg.g.nplayers; i++)
			if (utf8_width(sg.g.names[i]) > width)
				width = utf8_width(sg.g.names[i]);
		buf_printf(&b, _("game %lld: %s, %s\n"), sg.g.id,
		    sg.rules->name, _(sr_state_name(&x)));
		for (i = 0; i < sg.g.nplayers; i++) {
			s = order[i];
			buf_printf(&b, "%2d. ", ranks[s]);
			utf8_pad(&b, sg.g.names[s], width);
			buf_printf(&b, " %6ld%s\n", scores[s], x.finished &&
			    winners[s] ? _("  winner") : "");
		}
		if (sg.rules->rounds != NULL)
			sg.rules->rounds(sg.rp.st, &b);
		sr_print_text(ctx, buf_str(&b));
		buf_free(&b);
	}
	sr_game_free(&sg);
	return status;
}

const struct cmd_entry cmd_standings_entry = {
	.name = "standings",
	.usage = "[--all-time]",
	.summary = N_("ranking of this game; --all-time: every player over all "
	    "finished games"),
	.spec = { .opts = { { "all-time", 0 } },
	    .hint = N_("; expected [--all-time]") },
	.exec = cmd_standings_exec,
	.play = CMD_PLAY,
};
