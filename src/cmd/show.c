/*
 * show.c: a loaded game shown: the status object (status --json, new
 * --json, every entry's --json), the status in words, what comes next or
 * who won, and the coach's advice.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* 1 if the game's option coach is on (RULES.md: every rules has it). */
static int
sr_coach_on(const struct sr_game *sg)
{
	int k = game_option_kind(sg->rules, GAME_OPT_COACH);

	return k < 0 || sg->opts[k] == NULL || strcmp(sg->opts[k], "off") != 0;
}

/* The coach's advice now; see cmd.h. */
int
sr_advice(const struct sr_game *sg, int review, struct advice *a)
{
	struct expectation x;

	memset(a, 0, sizeof *a);
	if (sg->rules->advice == NULL || (!review && !sr_coach_on(sg)))
		return 0;
	sr_expect(sg, &x, NULL);
	if (x.finished)
		return 0;
	return sg->rules->advice(sg->rp.st, a);
}

/* x rounded to digits decimals (JSON shows 419.2, 0.5312). */
double
sr_round(double x, int digits)
{
	double f = 1;

	while (digits-- > 0)
		f *= 10;
	return (double)llround(x * f) / f;
}

/* The advice object of status --json: null, or basis, moves and say. */
static json_t *
advice_json(const struct sr_game *sg)
{
	struct advice *a = xcalloc(1, sizeof *a);
	json_t *o, *moves, *m;
	int i;

	if (!sr_advice(sg, 0, a)) {
		advice_free(a);
		free(a);
		return json_null();
	}
	o = json_object();
	xjson_set(o, "basis",
	    json_string(advice_basis_name(a->basis)));
	moves = json_array();
	for (i = 0; i < a->nmoves; i++) {
		m = json_object();
		xjson_set(m, "entry", json_string(a->moves[i].entry));
		xjson_set(m, "value", json_real(sr_round(
		    a->moves[i].value, a->basis == ADVICE_POINTS ? 1 : 4)));
		xjson_push(moves, m);
	}
	xjson_set(o, "moves", moves);
	xjson_set(o, "say", json_string(buf_str(&a->say)));
	advice_free(a);
	free(a);
	return o;
}

/* The status object; see cmd.h. */
json_t *
sr_status_json(const struct sr_game *sg)
{
	struct expectation x;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS], i;
	const struct game_verb *v;
	json_t *o = json_object(), *a, *p;

	sr_expect(sg, &x, NULL);
	sr_ranks(sg, scores, winners, ranks);
	xjson_set(o, "game", json_integer(sg->g.id));
	xjson_set(o, "rules", json_string(sg->rules->name));
	xjson_set(o, "state", json_string(sr_state_name(&x)));
	xjson_set(o, "round", json_integer(x.round));
	xjson_set(o, "turn", !x.finished && x.turn >= 0 ?
	    xjson_text(sg->g.names[x.turn]) : json_null());
	a = json_array();
	for (v = sg->rules->verbs; v->name != NULL && !x.finished; v++)
		if (x.verbs & VERB_BIT(v - sg->rules->verbs))
			xjson_push(a, json_string(v->name));
	xjson_set(o, "expect", a);
	a = json_array();
	for (i = 0; i < sg->g.nplayers; i++) {
		p = json_object();
		xjson_set(p, "name", xjson_text(sg->g.names[i]));
		xjson_set(p, "score", json_integer(scores[i]));
		xjson_push(a, p);
	}
	xjson_set(o, "players", a);
	p = json_object();
	for (i = 0; sg->rules->options[i].key != NULL; i++)
		xjson_set(p, sg->rules->options[i].key,
		    json_string(sg->opts[i]));
	xjson_set(o, "options", p);
	sg->rules->status_json(sg->rp.st, o);
	xjson_set(o, "advice", advice_json(sg));
	return o;
}

/* "Ann wins with 320" / "Ann and Bob share the win with 320". */
static void
winners_line(const struct sr_game *sg, struct buf *b)
{
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS];
	int seats[GAME_MAX_PLAYERS], n = 0, i;

	sr_ranks(sg, scores, winners, ranks);
	for (i = 0; i < sg->g.nplayers; i++)
		if (winners[i])
			seats[n++] = i;
	if (n == 0) {
		buf_puts(b, _("The game is over."));
		return;
	}
	buf_puts(b, _("The game is over: "));
	game_list_names(&sg->rp.setup, seats, n, "and", b);
	buf_printf(b, P_(" wins with %ld.", " share the win with %ld.", n),
	    scores[seats[0]]);
}

/* The line that says what comes next. */
static void
next_line(const struct sr_game *sg, struct buf *b)
{
	struct expectation x;
	struct buf say = BUF_INIT;

	sr_expect(sg, &x, &say);
	if (x.finished && !x.abandoned)
		winners_line(sg, b);
	else
		buf_puts(b, buf_str(&say));
	buf_free(&say);
}

/* The coach in words: the odds, then "coach: " and the advice, a line. */
static void
sr_coach_text(const struct sr_game *sg, struct buf *b)
{
	struct advice *a;
	struct expectation x;

	if (!sr_coach_on(sg))
		return;
	sr_expect(sg, &x, NULL);
	if (x.finished)
		return;
	if (sg->rules->advise != NULL)
		sg->rules->advise(sg->rp.st, b);
	a = xcalloc(1, sizeof *a);
	if (sr_advice(sg, 0, a) && a->say.len > 0)
		buf_printf(b, _("coach: %s\n"), buf_str(&a->say));
	advice_free(a);
	free(a);
}

/* Print the status in words. */
void
sr_status_text(struct sr_ctx *ctx, const struct sr_game *sg)
{
	struct buf b = BUF_INIT, house = BUF_INIT;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS], i;

	sr_ranks(sg, scores, winners, ranks);
	buf_printf(&b, _("game %lld: %s for "), sg->g.id, sg->rules->name);
	for (i = 0; i < sg->g.nplayers; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", sg->g.names[i]);
	if (sg->g.title != NULL)
		buf_printf(&b, " (%s)", sg->g.title);
	buf_puts(&b, _("\nscores: "));
	for (i = 0; i < sg->g.nplayers; i++)
		buf_printf(&b, "%s%s %'ld", i ? ", " : "", sg->g.names[i],
		    scores[i]);
	buf_puts(&b, "\n");
	/*
	 * The house rules: every option not at its default (a stored value
	 * no option takes, written behind shakeref, cut).
	 */
	if (game_options_changed(sg->rules, &sg->rp.setup, &house) > 0) {
		struct buf cut = BUF_INIT;

		sr_stored_put(&cut, buf_str(&house), GAME_TEXT_MAX);
		buf_printf(&b, _("house rules: %s\n"), buf_str(&cut));
		buf_free(&cut);
	}
	buf_free(&house);
	if (sg->rules->describe != NULL)
		sg->rules->describe(sg->rp.st, &b);
	next_line(sg, &b);
	buf_puts(&b, "\n");
	sr_coach_text(sg, &b);
	sr_print_text(ctx, buf_str(&b));
	buf_free(&b);
}

/* What comes next in words (or who won); see cmd.h. */
void
sr_next_words(const struct sr_game *sg, struct buf *b)
{
	next_line(sg, b);
}
