/*
 * cmd-standings.c: the ranking of a game, or of every player over all
 * finished games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "ratings.h"
#include "utf8.h"

/*
 * Every player's rating per rules (SPEC.md "Ratings"), with games, wins
 * and the coach's view of their decisions, as a JSON object.
 */
static json_t *
all_time_json(const struct sr_ratings *rs, const char *since,
    const char *until)
{
	json_t *o, *a, *p, *r, *by, *rt;
	double err;
	int i, k, *done = xcalloc((size_t)rs->n + 1, sizeof *done);

	o = json_object();
	a = json_array();
	/* Players by their best ordinal: rs is sorted by rules, then it. */
	for (;;) {
		const struct sr_rated *best = NULL;
		long played = 0, won = 0;

		for (i = 0; i < rs->n; i++)
			if (!done[i] && (best == NULL ||
			    rating_ordinal(&rs->p[i].r) >
			    rating_ordinal(&best->r)))
				best = &rs->p[i];
		if (best == NULL)
			break;
		by = json_object();
		for (k = 0; k < rs->n; k++) {
			const struct sr_rated *q = &rs->p[k];

			if (done[k] || utf8_casecmp(q->name, best->name) != 0)
				continue;
			done[k] = 1;
			played += q->played;
			won += q->won;
			r = json_object();
			xjson_set(r, "played", json_integer(q->played));
			xjson_set(r, "won", json_integer(q->won));
			rt = json_object();
			xjson_set(rt, "mu", json_real(q->r.mu));
			xjson_set(rt, "sigma", json_real(q->r.sigma));
			xjson_set(rt, "ordinal", json_real(rating_ordinal(
			    &q->r)));
			xjson_set(r, "rating", rt);
			xjson_set(r, "decisions", json_integer(
			    sr_rated_decisions(q)));
			err = sr_rated_error(q);
			xjson_set(r, "error", err < 0 ? json_null() :
			    json_real(sr_round(err, 6)));
			xjson_set(r, "decision_rating", err < 0 ? json_null() :
			    json_string(sr_rating_name(err)));
			xjson_set(by, q->rules, r);
		}
		p = json_object();
		xjson_set(p, "name", xjson_text(best->name));
		xjson_set(p, "played", json_integer(played));
		xjson_set(p, "won", json_integer(won));
		xjson_set(p, "by_rules", by);
		xjson_push(a, p);
	}
	free(done);
	xjson_set(o, "players", a);
	xjson_set(o, "since", since != NULL ? json_string(since) :
	    json_null());
	xjson_set(o, "until", until != NULL ? json_string(until) :
	    json_null());
	return o;
}

/*
 * In words, one table per rules, best first: "Ann  27.3 ± 3.0  12 games
 * 5 wins  advanced", each column aligned by its display width.
 */
static void
all_time_text(const struct sr_ratings *rs, struct buf *b)
{
	struct buf cell[4] = { BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT };
	size_t w[4];
	double err;
	int i, k, c, first;

	if (rs->n == 0) {
		buf_puts(b, _("no finished games yet\n"));
		return;
	}
	for (i = 0; i < rs->n; i = k) {
		/* The table of rules rs->p[i].rules: rows i..k-1. */
		for (k = i; k < rs->n && strcmp(rs->p[k].rules,
		    rs->p[i].rules) == 0; k++)
			continue;
		memset(w, 0, sizeof w);
		for (first = 1; first >= 0; first--) {
			int j;

			if (!first)
				buf_printf(b, "%s%s\n", i > 0 ? "\n" : "",
				    rs->p[i].rules);
			for (j = i; j < k; j++) {
				const struct sr_rated *p = &rs->p[j];

				for (c = 0; c < 4; c++)
					buf_reset(&cell[c]);
				/* TRANSLATORS: a rating, mu ± sigma. */
				buf_printf(&cell[0], _("%.1f ± %.1f"),
				    p->r.mu, p->r.sigma);
				buf_printf(&cell[1], P_("%ld game",
				    "%ld games", p->played), p->played);
				buf_printf(&cell[2], P_("%ld win",
				    "%ld wins", p->won), p->won);
				err = sr_rated_error(p);
				buf_puts(&cell[3], err < 0 ?
				    _("no decisions") : sr_rating_name(err));
				if (first) {
					if (utf8_width(p->name) > w[0])
						w[0] = utf8_width(p->name);
					for (c = 0; c < 3; c++)
						if (utf8_width(buf_str(
						    &cell[c])) > w[c + 1])
							w[c + 1] = utf8_width(
							    buf_str(&cell[c]));
					continue;
				}
				buf_puts(b, "  ");
				utf8_pad(b, p->name, w[0]);
				for (c = 0; c < 3; c++) {
					buf_puts(b, "  ");
					utf8_cell(b, buf_str(&cell[c]),
					    w[c + 1], 1);
				}
				buf_printf(b, "  %s\n", buf_str(&cell[3]));
			}
		}
	}
	for (c = 0; c < 4; c++)
		buf_free(&cell[c]);
}

/* standings --all-time [--rules RULES] [--since DATE] [--until DATE] */
static int
all_time(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_ratings rs;
	struct buf b = BUF_INIT;
	const struct game_rules *g = NULL;
	const char *rules = args_get(args, "rules");
	const char *since = args_get(args, "since");
	const char *until = args_get(args, "until");
	long long from = 0, to = 0;
	char *why = NULL;
	int status;

	if (rules != NULL && (g = game_find(rules)) == NULL)
		status = sr_error(ctx, SR_USAGE, "%s", sr_rules_unknown(&b,
		    rules));
	else if (since != NULL && sr_date_parse(since, 0, &from) != 0)
		status = sr_error(ctx, SR_USAGE, "--since '%s' is not a date; "
		    "expected YYYY-MM-DD", since);
	else if (until != NULL && sr_date_parse(until, 1, &to) != 0)
		status = sr_error(ctx, SR_USAGE, "--until '%s' is not a date; "
		    "expected YYYY-MM-DD", until);
	else
		status = sr_store(ctx);
	buf_free(&b);
	if (status != SR_OK)
		return status;
	if ((status = sr_ratings_read(ctx, g != NULL ? g->name : NULL, from,
	    to, 0, 1, &rs, &why)) != SR_OK) {
		sr_error(ctx, status, "%s", why);
		free(why);
		return status;
	}
	sr_ratings_sort(&rs);
	if (ctx->json)
		status = sr_print_json(ctx, all_time_json(&rs, since, until));
	else {
		all_time_text(&rs, &b);
		sr_print_text(ctx, buf_str(&b));
	}
	buf_free(&b);
	sr_ratings_free(&rs);
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
		return all_time(ctx, args);
	if (args_has(args, "rules") || args_has(args, "since") ||
	    args_has(args, "until"))
		return sr_error(ctx, SR_USAGE, "--rules, --since and --until "
		    "go with --all-time");
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
	.usage = "[--all-time [--rules RULES] [--since DATE] [--until DATE]]",
	.summary = N_("ranking of this game; --all-time: every player's rating "
	    "over the finished games, and their decisions"),
	.spec = { .opts = { { "all-time", 0 },
	    { "rules", CMD_VALUE | CMD_NONEMPTY },
	    { "since", CMD_VALUE | CMD_NONEMPTY },
	    { "until", CMD_VALUE | CMD_NONEMPTY } },
	    .hint = N_("; expected [--all-time [--rules RULES] [--since DATE] "
	    "[--until DATE]]") },
	.exec = cmd_standings_exec,
	.play = CMD_PLAY,
};
