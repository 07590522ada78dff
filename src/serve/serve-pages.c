/*
 * serve-pages.c: the pages read from the database: games, standings, a
 * game's history and review (the race as SVG) (serve, cmd-serve.c).
 */
#include "serve.h"

/*
 * Run command c (words[0..n)) in this process with its output into a
 * string: --json when json is set.  NULL if it failed.
 */
static char *
run_cmd(struct serve *sv, const struct cmd_entry *c, int n, char **words,
    int json, long long game)
{
	struct sr_ctx *ctx = sv->ctx;
	struct cmd_args a;
	FILE *out, *saved = ctx->out;
	char *text = NULL;
	size_t len = 0;
	int status, savedjson = ctx->json;
	long long savedgame = ctx->game;

	if ((out = open_memstream(&text, &len)) == NULL)
		return NULL;
	ctx->out = out;
	ctx->json = json;
	ctx->game = game;
	if ((status = cmd_parse(ctx, c, n, words, n, &a)) == SR_OK) {
		status = c->exec(ctx, &a);
		cmd_args_free(&a);
	}
	store_rollback(ctx->store);
	ctx->out = saved;
	ctx->json = savedjson;
	ctx->game = savedgame;
	ctx->cmd = "serve";
	if (fclose(out) != 0 || status != SR_OK) {
		free(text);
		return NULL;
	}
	return text;
}

/* Run c for JSON; the object, or NULL. */
static json_t *
run_json(struct serve *sv, const struct cmd_entry *c, int n, char **words,
    long long game)
{
	char *text = run_cmd(sv, c, n, words, 1, game);
	json_t *o;

	if (text == NULL)
		return NULL;
	o = json_loads(text, 0, NULL);
	free(text);
	return o;
}

/*
 * A cell of the games page opened for column col (a msgid), the one
 * before closed (pre): its column's name in data-label, which the style
 * sheet shows on a phone's card.
 */
static void
games_cell(struct buf *b, const char *pre, const char *col)
{
	buf_puts(b, pre);
	buf_puts(b, "<td data-label=\"");
	sv_html_words(b, col);
	buf_puts(b, "\">");
}

/*
 * The date of "2026-11-22T19:03:00Z" (JSON's UTC) in the local time
 * zone as `games` in words writes it, into buf; iso itself if it is
 * none.
 */
static const char *
local_date(const char *iso, char *buf, size_t len)
{
	struct tm tm;
	const char *end;

	if (iso == NULL)
		return "";
	memset(&tm, 0, sizeof tm);
	if ((end = strptime(iso, "%Y-%m-%dT%H:%M:%SZ", &tm)) == NULL ||
	    *end != '\0')
		return iso;
	sr_local_time((long long)timegm(&tm), buf, len);
	return buf;
}

/* The games, every one, newest first as `games --all` lists them. */
void
sv_page_games(struct serve *sv, struct buf *b)
{
	char *words[] = { "games", "--all" };
	json_t *o = run_json(sv, &cmd_games_entry, 2, words, 0), *g, *p;
	/* TRANSLATORS: the columns of serve's games page. */
	const char *const col[] = { N_("game"), N_("rules"), N_("players"),
	    N_("state"), N_("started"), NULL };
	char when[32];
	size_t i, k;

	sv_page_head(sv, b, "games", N_("shakeref: games"),
	    sv->foreign);
	buf_puts(b, "<h1>");
	sv_html_words(b, N_("Games"));
	buf_puts(b, "</h1>\n");
	if (o == NULL || json_array_size(json_object_get(o, "games")) == 0) {
		buf_puts(b, "<p>");
		sv_html_words(b, N_("No games yet."));
		buf_puts(b, "</p>\n");
		json_decref(o);
		sv_page_foot(b);
		return;
	}
	sv_table_head(b, "games cards", col);
	json_array_foreach(json_object_get(o, "games"), i, g) {
		long long id = json_integer_value(json_object_get(g, "game"));
		const char *iso = json_string_value(json_object_get(g,
		    "created"));

		/* On a phone a card a game: each cell says its column. */
		games_cell(b, "<tr>", col[0]);
		buf_printf(b, "<a href=\"%sgame/%lld\">%lld</a>", sv->prefix,
		    id, id);
		games_cell(b, "</td>", col[1]);
		sv_html_text(b, json_string_value(json_object_get(g, "rules")));
		games_cell(b, "</td>", col[2]);
		json_array_foreach(json_object_get(g, "players"), k, p) {
			if (k > 0)
				buf_puts(b, ", ");
			sv_html_text(b, json_string_value(p));
		}
		games_cell(b, "</td>", col[3]);
		/* The state's name, English in JSON, is a msgid. */
		sv_html_words(b, json_string_value(json_object_get(g, "state")));
		games_cell(b, "</td>", col[4]);
		/* The date local (TZ), as games in words; UTC for machines. */
		buf_puts(b, "<time datetime=\"");
		sv_html_text(b, iso);
		buf_puts(b, "\">");
		sv_html_text(b, local_date(iso, when, sizeof when));
		buf_puts(b, "</time></td></tr>\n");
	}
	buf_puts(b, "</tbody></table>\n");
	json_decref(o);
	sv_page_foot(b);
}

/* Line colours of the race, by seat (both schemes readable). */
static const char *const race_colour[] = { "#e6194b", "#3cb44b", "#4363d8",
    "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324" };

/*
 * A number in SVG, one decimal, as C writes it whatever the locale (a
 * German one would write 12,5: two numbers to a viewer).
 */
static void
svg_num(struct buf *b, double v)
{
	buf_fixed(b, v, 1);
}

/* A point of a polyline, "x,y" (after a space unless it is the first). */
static void
svg_point(struct buf *b, int first, double x, double y)
{
	if (!first)
		buf_puts(b, " ");
	svg_num(b, x);
	buf_puts(b, ",");
	svg_num(b, y);
}

/* The charts' frame (viewBox), and the plot's margins in it. */
enum { CHART_W = 600, CHART_H = 300, CHART_L = 40, CHART_R = 10,
    CHART_T = 10, CHART_B = 20 };

/*
 * A chart opened: its figure and SVG named label (a msgid), the axes,
 * the values top and bottom written at the y axis.
 */
static void
chart_open(struct buf *b, const char *label, const char *top,
    const char *bottom)
{
	buf_printf(b, "<figure class=\"race\"><svg viewBox=\"0 0 %d %d\" "
	    "role=\"img\" aria-label=\"", CHART_W, CHART_H);
	sv_html_words(b, label);
	buf_puts(b, "\" xmlns=\"http://www.w3.org/2000/svg\">\n");
	buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	    "stroke=\"currentColor\"/><line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\" stroke=\"currentColor\"/>\n", CHART_L, CHART_T, CHART_L,
	    CHART_H - CHART_B, CHART_L, CHART_H - CHART_B, CHART_W - CHART_R,
	    CHART_H - CHART_B);
	buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\" "
	    "text-anchor=\"end\" fill=\"currentColor\">%s</text>\n",
	    CHART_L - 4, CHART_T + 10, top);
	buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\" "
	    "text-anchor=\"end\" fill=\"currentColor\">%s</text>\n",
	    CHART_L - 4, CHART_H - CHART_B, bottom);
}

/* A line of the chart's key opened: line i's colour (its name follows). */
static void
chart_key(struct buf *b, int i)
{
	buf_printf(b, "<li><svg width=\"16\" height=\"16\" "
	    "viewBox=\"0 0 16 16\" aria-hidden=\"true\"><rect x=\"1\" "
	    "y=\"6\" width=\"14\" height=\"4\" fill=\"%s\"/></svg> ",
	    race_colour[i % 8]);
}

/*
 * The ratings of one rules (rs's players first..last-1, best first) over
 * the season as SVG: each player's mu after each of their games, by the
 * time it finished, from 25 before their first; the key in HTML.
 */
static void
season_svg(struct buf *b, const struct sr_ratings *rs, int first, int last)
{
	const int W = CHART_W, H = CHART_H, L = CHART_L, R = CHART_R;
	const int T = CHART_T, B = CHART_B;
	struct buf top = BUF_INIT, bottom = BUF_INIT;
	long long t0 = 0, t1 = 0;
	double lo = RATING_MU, hi = RATING_MU, x, y;
	int i, k;

	for (i = first; i < last; i++)
		for (k = 0; k < rs->p[i].npoints; k++) {
			const struct sr_rated *p = &rs->p[i];

			if ((i == first && k == 0) || p->at[k] < t0)
				t0 = p->at[k];
			if ((i == first && k == 0) || p->at[k] > t1)
				t1 = p->at[k];
			lo = p->mu[k] < lo ? p->mu[k] : lo;
			hi = p->mu[k] > hi ? p->mu[k] : hi;
		}
	lo = floor(lo - 1);
	hi = ceil(hi + 1);
	svg_num(&top, hi);
	svg_num(&bottom, lo);
	chart_open(b, N_("each player's rating (mu) over the season"),
	    buf_str(&top), buf_str(&bottom));
	buf_free(&top);
	buf_free(&bottom);
	for (i = first; i < last; i++) {
		const struct sr_rated *p = &rs->p[i];

		buf_printf(b, "<polyline fill=\"none\" stroke-width=\"3\" "
		    "stroke=\"%s\" points=\"", race_colour[(i - first) % 8]);
		for (k = -1; k < p->npoints; k++) {
			x = L + (double)(W - L - R) * (t1 > t0 ?
			    (double)(p->at[k < 0 ? 0 : k] - t0) /
			    (double)(t1 - t0) : 1);
			y = H - B - (double)(H - T - B) *
			    ((k < 0 ? RATING_MU : p->mu[k]) - lo) / (hi - lo);
			svg_point(b, k < 0, x, y);
		}
		buf_puts(b, "\"/>\n");
	}
	buf_puts(b, "</svg><figcaption>");
	sv_html_words(b, N_("each player's rating (mu) over the season"));
	buf_puts(b, "</figcaption><ul class=\"key\">\n");
	for (i = first; i < last; i++) {
		chart_key(b, i - first);
		sv_html_text(b, rs->p[i].name);
		buf_printf(b, " %.1f</li>\n", rs->p[i].r.mu);
	}
	buf_puts(b, "</ul></figure>\n");
}

/*
 * Every player's rating over the finished games (standings --all-time):
 * a table per rules, best first, and the season's chart of it.
 */
void
sv_page_standings(struct serve *sv, struct buf *b)
{
	struct sr_ratings rs;
	struct buf cell = BUF_INIT;
	char *why = NULL;
	double err;
	int i, k, first, ok;

	/* Nothing written through the web: the coach's figures not kept. */
	ok = sr_store(sv->ctx) == SR_OK && sr_ratings_read(sv->ctx, NULL, 0,
	    0, 1, 0, &rs, &why) == SR_OK;
	free(why);
	sv_page_head(sv, b, "standings", N_("shakeref: all-time standings"),
	    sv->foreign);
	buf_puts(b, "<h1>");
	sv_html_words(b, N_("All-time standings"));
	buf_puts(b, "</h1>\n");
	if (!ok || rs.n == 0) {
		buf_puts(b, "<p>");
		sv_html_words(b, N_("No finished games yet."));
		buf_puts(b, "</p>\n");
		if (ok)
			sr_ratings_free(&rs);
		sv_page_foot(b);
		return;
	}
	sr_ratings_sort(&rs);
	for (i = 0; i < rs.n; i = k) {
		for (k = i; k < rs.n && strcmp(rs.p[k].rules, rs.p[i].rules) ==
		    0; k++)
			continue;
		first = i;
		buf_puts(b, "<h2>");
		sv_html_text(b, rs.p[i].rules);
		buf_puts(b, "</h2>\n");
		/* TRANSLATORS: the columns of serve's all-time standings. */
		sv_table_head(b, "standings cards", (const char *[]){ N_("player"),
		    N_("rating"), N_("played"), N_("won"), N_("decisions"),
		    NULL });
		for (; i < k; i++) {
			const struct sr_rated *p = &rs.p[i];

			games_cell(b, "<tr>", N_("player"));
			sv_html_text(b, p->name);
			buf_reset(&cell);
			buf_printf(&cell, _("%.1f ± %.1f"), p->r.mu,
			    p->r.sigma);
			games_cell(b, "</td>", N_("rating"));
			sv_html_text(b, buf_str(&cell));
			games_cell(b, "</td>", N_("played"));
			buf_printf(b, "%'ld", p->played);
			games_cell(b, "</td>", N_("won"));
			buf_printf(b, "%'ld", p->won);
			games_cell(b, "</td>", N_("decisions"));
			err = sr_rated_error(p);
			sv_html_text(b, err < 0 ? _("no decisions") :
			    sr_rating_name(err));
			buf_puts(b, "</td></tr>\n");
		}
		buf_puts(b, "</tbody></table>\n");
		season_svg(b, &rs, first, k);
	}
	buf_free(&cell);
	sr_ratings_free(&rs);
	sv_page_foot(b);
}

/* Game id loaded with its entries' notes; 0, or -1 (none such). */
static int
game_get(struct serve *sv, long long id, struct sr_game *sg)
{
	char *why = NULL;
	int status = store_begin(sv->ctx->store, 0, &why);

	if (status == SR_OK)
		status = sr_game_read(sv->ctx, id, 1, sg, &why);
	store_rollback(sv->ctx->store);
	free(why);
	return status == SR_OK ? 0 : -1;
}

/*
 * The links to the pages of a game's history around page (of pages):
 * older, "page N of M", newer.
 */
static void
history_pages(struct serve *sv, struct buf *b, long long id, int page,
    int pages)
{
	if (pages < 2)
		return;
	buf_puts(b, "<nav class=\"pages\">");
	if (page > 1) {
		buf_printf(b, "<a rel=\"prev\" href=\"%sgame/%lld?page=%d\">",
		    sv->prefix, id, page - 1);
		/* TRANSLATORS: a link to the previous page of a history. */
		sv_html_words(b, N_("\xe2\x86\x90 older"));
		buf_puts(b, "</a> ");
	}
	buf_puts(b, "<span>");
	buf_printf(b, _("page %d of %d"), page, pages);
	buf_puts(b, "</span>");
	if (page < pages) {
		buf_printf(b, " <a rel=\"next\" href=\"%sgame/%lld?page=%d\">",
		    sv->prefix, id, page + 1);
		/* TRANSLATORS: a link to the next page of a history. */
		sv_html_words(b, N_("newer \xe2\x86\x92"));
		buf_puts(b, "</a>");
	}
	buf_puts(b, "</nav>\n");
}

/*
 * Game id's entries in words, SERVE_PAGE a page: page (from 1) given by
 * ?page=N, else the last (the newest entries); -1 if there is no such
 * game or page.
 */
int
sv_page_history(struct serve *sv, struct buf *b, long long id, const char *arg)
{
	struct sr_game sg;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS], i, round = 0;
	int page, pages, from, to;
	char when[32];

	if (game_get(sv, id, &sg) != 0)
		return -1;
	pages = (sg.rp.nentries + SERVE_PAGE - 1) / SERVE_PAGE;
	page = pages > 0 ? pages : 1;
	if (arg != NULL && (strspn(arg, "0123456789") != strlen(arg) ||
	    strlen(arg) > 6 || (page = atoi(arg)) < 1 ||
	    page > (pages > 0 ? pages : 1))) {
		sr_game_free(&sg);
		return -1;
	}
	from = (page - 1) * SERVE_PAGE;
	to = from + SERVE_PAGE < sg.rp.nentries ? from + SERVE_PAGE :
	    sg.rp.nentries;
	sv_page_head(sv, b, "history", N_("shakeref: history"),
	    sv->foreign);
	buf_puts(b, "<h1>");
	sv_game_heading(b, &sg);
	buf_printf(b, "</h1>\n<p class=\"more\"><a href=\"%sgame/%lld/review\">",
	    sv->prefix, id);
	sv_html_words(b, N_("review"));
	buf_puts(b, "</a></p>\n");
	sr_ranks(&sg, scores, winners, ranks);
	buf_puts(b, "<p class=\"say\">");
	sv_html_words(b, N_("scores: "));
	/* A name and its score never apart on a phone's line. */
	for (i = 0; i < sg.g.nplayers; i++) {
		buf_puts(b, i > 0 ? ", <span class=\"ps\">" :
		    "<span class=\"ps\">");
		sv_html_text(b, sg.g.names[i]);
		buf_printf(b, " %'ld</span>", scores[i]);
	}
	buf_puts(b, "</p>\n");
	if (sg.rp.nentries == 0) {
		buf_puts(b, "<p>");
		sv_html_words(b, N_("No entries yet."));
		buf_puts(b, "</p>\n");
	}
	history_pages(sv, b, id, page, pages);
	for (i = from; i < to; i++) {
		const struct stored_entry *se = &sg.rp.entries[i];

		if (se->round != round || i == from) {
			if (i > from)
				buf_puts(b, "</ol>\n");
			round = se->round;
			sr_local_time(se->at, when, sizeof when);
			buf_puts(b, "<h2>");
			buf_printf(b, _("Round %d"), round);
			buf_puts(b, " <small>");
			sv_html_text(b, when);
			buf_puts(b, "</small></h2>\n<ol class=\"entries\">\n");
		}
		sv_entry_html(b, se);
	}
	if (to > from)
		buf_puts(b, "</ol>\n");
	history_pages(sv, b, id, page, pages);
	sv_page_foot(b);
	sr_game_free(&sg);
	return 0;
}

/* The scores before each entry in effect, for the race. */
struct race {
	long	*score[GAME_MAX_PLAYERS];
	int	 n;		/* entries replayed */
	int	 nplayers;
};

/* replay's observer: the scores before entry i. */
static void
race_observe(void *arg, const struct replay *rp, int i, const struct entry *e)
{
	struct race *rc = arg;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], p;

	(void)e;
	if (i >= rc->n)
		return;
	memset(winners, 0, sizeof winners);
	rp->rules->score(rp->st, scores, winners);
	for (p = 0; p < rc->nplayers; p++)
		rc->score[p][i] = scores[p];
}

/*
 * The score race of sg as SVG: each player's score after every entry in
 * effect (undo and redo and what they took back left out), as review's
 * chart draws it, and each name at its line's end.
 */
static void
race_svg(struct buf *b, struct sr_game *sg)
{
	struct race rc;
	struct ruling r = RULING_INIT;
	long top = 1, scores[GAME_MAX_PLAYERS], v;
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS];
	int i, p, np = 0, *keep;
	const int W = CHART_W, H = CHART_H, L = CHART_L, R = CHART_R;
	const int T = CHART_T, B = CHART_B;
	char topv[24];

	memset(&rc, 0, sizeof rc);
	rc.n = sg->rp.nentries;
	rc.nplayers = sg->g.nplayers;
	for (p = 0; p < rc.nplayers; p++)
		rc.score[p] = xcalloc((size_t)rc.n + 1, sizeof *rc.score[p]);
	keep = xcalloc((size_t)rc.n + 1, sizeof *keep);
	sg->rp.observe = race_observe;
	sg->rp.observe_arg = &rc;
	if (replay_run(&sg->rp, 0, &r) != RULING_OK)
		rc.n = 0;
	ruling_free(&r);
	sg->rp.observe = NULL;
	for (i = 0; i < rc.n; i++) {
		const struct stored_entry *se = &sg->rp.entries[i];

		if (se->verb == V_UNDO || se->verb == V_REDO || se->undone)
			continue;
		keep[np++] = i;
	}
	sr_ranks(sg, scores, winners, ranks);
	for (p = 0; p < rc.nplayers; p++) {
		for (i = 0; i < np; i++)
			if (rc.score[p][keep[i]] > top)
				top = rc.score[p][keep[i]];
		if (scores[p] > top)
			top = scores[p];
	}
	snprintf(topv, sizeof topv, "%ld", top);
	chart_open(b, N_("the score race"), topv, "0");
	for (p = 0; p < rc.nplayers; p++) {
		const char *col = race_colour[p % 8];
		double x, y;

		buf_printf(b, "<polyline fill=\"none\" stroke-width=\"3\" "
		    "stroke=\"%s\" points=\"", col);
		for (i = 0; i <= np; i++) {
			v = i < np ? rc.score[p][keep[i]] : scores[p];
			x = L + (double)(W - L - R) * i / (np > 0 ? np : 1);
			y = H - B - (double)(H - T - B) * (v < 0 ? 0 : v) / top;
			svg_point(b, i == 0, x, y);
		}
		buf_puts(b, "\"/>\n");
	}
	/* The key: names in HTML (readable at a phone's width), not in SVG. */
	buf_puts(b, "</svg><figcaption>");
	buf_printf(b, P_("scores over the game, %d entry",
	    "scores over the game, %d entries", np), np);
	buf_puts(b, "</figcaption><ul class=\"key\">\n");
	for (p = 0; p < rc.nplayers; p++) {
		chart_key(b, p);
		sv_html_text(b, sg->g.names[p]);
		buf_printf(b, " %'ld</li>\n", scores[p]);
	}
	buf_puts(b, "</ul></figure>\n");
	for (p = 0; p < rc.nplayers; p++)
		free(rc.score[p]);
	free(keep);
}

/* Game id's review: the race as SVG, then the coach's words. */
int
sv_page_review(struct serve *sv, struct buf *b, long long id)
{
	struct sr_game sg;
	char *words[] = { "review" }, *text;

	if (game_get(sv, id, &sg) != 0)
		return -1;
	sv_page_head(sv, b, "review", N_("shakeref: review"),
	    sv->foreign);
	buf_puts(b, "<h1>");
	sv_game_heading(b, &sg);
	buf_printf(b, "</h1>\n<p class=\"more\"><a href=\"%sgame/%lld\">",
	    sv->prefix, id);
	sv_html_words(b, N_("history"));
	buf_puts(b, "</a></p>\n");
	race_svg(b, &sg);
	sr_game_free(&sg);
	if ((text = run_cmd(sv, &cmd_review_entry, 1, words, 0, id)) !=
	    NULL) {
		buf_puts(b, "<pre class=\"review\">");
		sv_html_text(b, text);
		buf_puts(b, "</pre>\n");
		free(text);
	}
	sv_page_foot(b);
	return 0;
}

/*
 * The reader: the board in this thread's language (a phone's) as a
 * page, the board's own game and entry kept; for a phone on the
 * players' link (j, else NULL) its forms under the board.
 */
void
sv_page_board(struct serve *sv, struct buf *b, const struct job *j)
{
	struct buf t = BUF_INIT;
	struct sr_game *sg;
	long long game = sv->game;
	int last = sv->last, players = j != NULL && j->players;

	sv_page_head(sv, b, "board", N_("shakeref: the table"),
	    sv->foreign || players);
	sv_board_render(sv, &t);
	buf_puts(b, buf_str(&t));
	buf_reset(&t);
	if (players && (sg = sv_board_load(sv, &t)) != NULL)
		sv_forms(b, sv->pprefix, sg, &j->ph, &sv->wait);
	sv->game = game;
	sv->last = last;
	buf_free(&t);
	sv_page_foot(b);
}
