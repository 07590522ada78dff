/*
 * serve-board.c: the board of the game shown (status's object and words as HTML),
 * the pages' head and foot, the one way store text enters a page (serve, cmd-serve.c).
 */
#include "serve.h"

/*
 * The one way text from the store (names, titles, notes, words, the
 * coach's and the rules' words) enters a page: & < > " ' as entities,
 * control characters but newline and tab as U+FFFD.
 */
void
sv_html_text(struct buf *b, const char *s)
{
	if (s == NULL)
		return;
	for (; *s != '\0'; s++)
		switch (*s) {
		case '&':
			buf_puts(b, "&amp;");
			break;
		case '<':
			buf_puts(b, "&lt;");
			break;
		case '>':
			buf_puts(b, "&gt;");
			break;
		case '"':
			buf_puts(b, "&quot;");
			break;
		case '\'':
			buf_puts(b, "&#39;");
			break;
		default:
			if ((unsigned char)*s < 0x20 && *s != '\n' &&
			    *s != '\t')
				buf_puts(b, "\xef\xbf\xbd");
			else
				buf_add(b, s, 1);
		}
}

/* b's text: s (a msgid, or NULL: nothing) translated, escaped. */
void
sv_html_words(struct buf *b, const char *s)
{
	if (s != NULL)
		sv_html_text(b, _(s));
}

/* A table of class cls opened, its head the words col[] (NULL ends). */
void
sv_table_head(struct buf *b, const char *cls, const char *const *col)
{
	buf_printf(b, "<table class=\"%s\"><thead><tr>", cls);
	for (; *col != NULL; col++) {
		buf_puts(b, "<th>");
		sv_html_words(b, *col);
		buf_puts(b, "</th>");
	}
	buf_puts(b, "</tr></thead><tbody>\n");
}

/* The board's version (written by the HTTP thread, read by both). */
static unsigned long
board_version(struct serve *sv)
{
	unsigned long v;

	pthread_mutex_lock(&sv->mu);
	v = sv->version;
	pthread_mutex_unlock(&sv->mu);
	return v;
}

/*
 * A page's top: its language (the catalog's that speaks, else English),
 * its title (translated here), the board's version for live.js, the
 * links to the pages.
 */
void
sv_page_head(struct serve *sv, struct buf *b, const char *page,
    const char *title, int fetch)
{
	buf_puts(b, "<!DOCTYPE html>\n<html lang=\"");
	/*
	 * TRANSLATORS: the language of this catalog as HTML's lang
	 * attribute writes it (de, fr, es): serve's pages say it.
	 */
	sv_html_words(b, N_("en"));
	buf_puts(b, "\"><head><meta charset=\"utf-8\">"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">"
	    "<meta name=\"color-scheme\" content=\"light dark\"><title>");
	sv_html_words(b, title);
	buf_puts(b, "</title>");
	/* Without JavaScript the board reloads itself (and says so). */
	if (strcmp(page, "board") == 0)
		buf_printf(b, "<noscript><meta http-equiv=\"refresh\" "
		    "content=\"%d\"></noscript>", SERVE_REFRESH_S);
	buf_printf(b, "<link rel=\"icon\" href=\"%sicon.svg\">"
	    "<link rel=\"stylesheet\" href=\"%sstyle.css\">"
	    "<script src=\"%slive.js\" defer></script></head>\n"
	    "<body data-page=\"%s\"%s data-events=\"%sevents?v=%lu\">"
	    "<nav><a href=\"%s\">", sv->prefix, sv->prefix, sv->prefix, page,
	    fetch ? " data-fetch" : "", sv->prefix, board_version(sv),
	    sv->prefix);
	/* TRANSLATORS: serve's links to its pages: the board, ... */
	sv_html_words(b, N_("Table"));
	buf_printf(b, "</a> <a href=\"%sgames\">", sv->prefix);
	sv_html_words(b, N_("Games"));
	buf_printf(b, "</a> <a href=\"%sstandings\">", sv->prefix);
	sv_html_words(b, N_("Standings"));
	buf_puts(b, "</a></nav>\n");
	if (strcmp(page, "board") == 0) {
		buf_puts(b, "<noscript><p class=\"hint\">");
		buf_printf(b, P_("Without JavaScript this page reloads itself "
		    "every %d second.", "Without JavaScript this page reloads "
		    "itself every %d seconds.", SERVE_REFRESH_S),
		    SERVE_REFRESH_S);
		buf_puts(b, "</p></noscript>\n");
	}
	buf_puts(b, "<main id=\"live\">");
}

/* The end of a page. */
void
sv_page_foot(struct buf *b)
{
	buf_puts(b, "</main></body></html>\n");
}

/* One entry as a list item: number, player, the entry, its note. */
void
sv_entry_html(struct buf *b, const struct stored_entry *se)
{
	int i;

	buf_printf(b, "<li%s><span class=\"n\">%d</span> <span class=\"what\">"
	    "<span class=\"who\">", se->undone ? " class=\"undone\"" : "",
	    se->n);
	sv_html_text(b, se->player != NULL ? se->player : "");
	buf_puts(b, "</span> <code>");
	sv_html_text(b, verb_name(se->verb));
	for (i = 0; i < se->argc; i++) {
		buf_puts(b, " ");
		sv_html_text(b, se->argv[i]);
	}
	buf_puts(b, "</code></span> <span class=\"note\">");
	if (se->undone)
		sv_html_words(b, N_("(undone) "));
	sv_html_text(b, se->note != NULL ? se->note : "");
	buf_puts(b, "</span></li>\n");
}

/* "game 7: shake (title)" of a game loaded. */
void
sv_game_heading(struct buf *b, const struct sr_game *sg)
{
	char *t = xasprintf(_("game %lld: %s"), sg->g.id, sg->rules->name);

	sv_html_text(b, t);
	free(t);
	if (sg->g.title != NULL) {
		buf_puts(b, " <span class=\"title\">(");
		sv_html_text(b, sg->g.title);
		buf_puts(b, ")</span>");
	}
}

/* 1 if a and b (either NULL) are the same text. */
static int
same_text(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/*
 * Game id's entries after the one kept loaded (sv->sg) up to n, folded
 * in as they are stored (their facts kept, as import takes them) and
 * the game's row read again: 0, or -1 when it must be read whole (an
 * undo or redo among them, whose fate rewrites the entries before; the
 * row's names, title or options changed; an entry that does not fold in).
 * Inside the caller's transaction.
 */
static int
board_catch_up(struct serve *sv, int n)
{
	struct sr_game *sg = &sv->sg;
	struct store *s = sv->ctx->store;
	struct stored_entry se;
	struct store_game g;
	struct ruling r = RULING_INIT;
	char *why = NULL;
	int k, i, ok = 1;

	for (k = replay_last_n(&sg->rp) + 1; ok && k <= n; k++) {
		memset(&se, 0, sizeof se);
		if (store_entry_load(s, sg->g.id, k, &se, &why) != SR_OK ||
		    se.verb == V_UNDO || se.verb == V_REDO) {
			stored_entry_clear(&se);
			ok = 0;
			break;
		}
		sg->rp.stored_facts = 1;
		i = replay_add(&sg->rp, &se, &r);
		sg->rp.stored_facts = 0;
		ok = i == RULING_OK || i == RULING_UPHELD;
		stored_entry_clear(&se);
	}
	ruling_free(&r);
	memset(&g, 0, sizeof g);
	if (ok && store_game_load(s, sg->g.id, &g, &why) == SR_OK &&
	    g.nplayers == sg->g.nplayers && same_text(g.title, sg->g.title) &&
	    same_text(g.options, sg->g.options)) {
		for (i = 0; i < g.nplayers; i++)
			ok = ok && strcmp(g.names[i], sg->g.names[i]) == 0;
		sg->g.finished = g.finished;
	} else
		ok = 0;
	store_game_clear(&g);
	free(why);
	return ok ? 0 : -1;
}

/*
 * The game shown (pinned, else the current one), with its notes, kept
 * loaded between requests in sv->sg as play keeps its own (play_sync):
 * read whole only when another game is shown, else the entries stored
 * since folded in (board_catch_up); sv->game set.  The game (the
 * reader's, not to be freed), or NULL with why not said into b (no game
 * yet, a database that cannot be read, a game that does not replay).
 */
struct sr_game *
sv_board_load(struct serve *sv, struct buf *b)
{
	struct sr_ctx *ctx = sv->ctx;
	char *why = NULL;
	long long id = sv->pinned;
	int status, n = -1;

	if ((status = store_begin_game(ctx->store, 0, &id, &why)) != SR_OK) {
		if (status == SR_DATA && id == 0) {
			buf_puts(b, "<p class=\"say\">");
			sv_html_words(b, N_("No game yet: start one with "));
			buf_puts(b, "<code>shakeref new</code>.</p>\n");
		} else {
			buf_puts(b, "<p class=\"say\">");
			sv_html_words(b, N_("The database cannot be read: "));
			sv_html_text(b, why != NULL ? why : "");
			buf_puts(b, "</p>\n");
		}
		free(why);
		return NULL;
	}
	sv->game = id;
	if (sv->loaded && sv->sg.g.id == id &&
	    store_last_n(ctx->store, id, &n, &why) == SR_OK &&
	    n >= replay_last_n(&sv->sg.rp) && (n == replay_last_n(&sv->sg.rp) ||
	    board_catch_up(sv, n) == 0)) {
		store_rollback(ctx->store);
		return &sv->sg;
	}
	free(why);
	why = NULL;
	if (sv->loaded)
		sr_game_free(&sv->sg);
	sv->loaded = 0;
	status = sr_game_read(ctx, id, 1, &sv->sg, &why);
	store_rollback(ctx->store);
	if (status != SR_OK) {
		buf_puts(b, "<p class=\"say\">");
		sv_html_text(b, why != NULL ? why : "");
		buf_puts(b, "</p>\n");
		free(why);
		return NULL;
	}
	sv->loaded = 1;
	return &sv->sg;
}

/*
 * A board's <pre> for text s: its class names the width of its widest
 * line to the next 5 columns (w25 ... w100), for which the style sheet
 * sizes the type to fit a phone's width (a Shake pad of four at 360
 * px); wider, the lines wrap at spaces.
 */
static void
pre_open(struct buf *b, const char *s)
{
	const char *nl;
	size_t w, widest = 0;
	char *line;

	for (; *s != '\0'; s = *nl != '\0' ? nl + 1 : nl) {
		if ((nl = strchr(s, '\n')) == NULL)
			nl = s + strlen(s);
		line = xstrndup(s, (size_t)(nl - s));
		if ((w = utf8_width(line)) > widest)
			widest = w;
		free(line);
	}
	widest = (widest + 4) / 5 * 5;
	if (widest < 25)
		widest = 25;
	if (widest <= 100)
		buf_printf(b, "<pre class=\"table w%zu\">", widest);
	else
		buf_puts(b, "<pre class=\"table\">");
}

/*
 * During play, who leads and how far each other player is behind:
 * "Ann leads, Bob −350, Cid −400" (ranks: the rules' order); all level,
 * as much.  Names escaped.
 */
static void
board_lead(const struct sr_game *sg, struct buf *b)
{
	struct expectation x;
	struct buf names = BUF_INIT;
	long scores[GAME_MAX_PLAYERS], best = 0;
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS], i, n = 0, k;
	char *t;

	sr_expect(sg, &x, NULL);
	if (x.finished || sg->g.nplayers < 2)
		return;
	sr_ranks(sg, scores, winners, ranks);
	for (i = 0; i < sg->g.nplayers; i++)
		if (ranks[i] == 1) {
			n++;
			best = scores[i];
		}
	buf_puts(b, "<p class=\"lead\">");
	if (n == sg->g.nplayers) {
		sv_html_words(b, N_("all level"));
		buf_puts(b, "</p>\n");
		return;
	}
	for (i = 0, k = 0; i < sg->g.nplayers; i++)
		if (ranks[i] == 1) {
			if (k > 0 && k == n - 1)
				buf_printf(&names, " %s ", _("and"));
			else if (k > 0)
				buf_puts(&names, ", ");
			buf_puts(&names, sg->g.names[i]);
			k++;
		}
	t = xasprintf(P_("%s leads", "%s lead", n), buf_str(&names));
	buf_puts(b, "<strong>");
	sv_html_text(b, t);
	buf_puts(b, "</strong>");
	free(t);
	for (i = 0; i < sg->g.nplayers; i++)
		if (ranks[i] != 1) {
			buf_puts(b, ", <span class=\"gap\">");
			sv_html_text(b, sg->g.names[i]);
			/*
			 * The gap, a minus sign (U+2212) before it,
			 * grouped as the language groups it (1.020).
			 */
			buf_printf(b, "&#160;\xe2\x88\x92%'ld</span>",
			    scores[i] > best ? scores[i] - best :
			    best - scores[i]);
		}
	buf_puts(b, "</p>\n");
	buf_free(&names);
}

/* Status o's scores as a list, the winners or whose turn it is marked. */
static void
board_scores(const struct sr_game *sg, json_t *o, struct buf *b)
{
	struct expectation x;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS], i;
	json_t *p;
	size_t k;

	sr_expect(sg, &x, NULL);
	sr_ranks(sg, scores, winners, ranks);
	buf_puts(b, "<ol class=\"scores\">\n");
	json_array_foreach(json_object_get(o, "players"), k, p) {
		i = (int)k;
		buf_printf(b, "<li%s><span class=\"name\">",
		    x.finished && winners[i] ? " class=\"won\"" :
		    !x.finished && x.turn == i ? " class=\"turn\"" : "");
		sv_html_text(b, json_string_value(json_object_get(p, "name")));
		buf_printf(b, "</span><span class=\"score\">%'lld</span>",
		    (long long)json_integer_value(json_object_get(p, "score")));
		if (x.finished && winners[i]) {
			buf_puts(b, "<span class=\"mark\">");
			sv_html_words(b, N_("winner"));
			buf_puts(b, "</span>");
		} else if (!x.finished && x.turn == i) {
			buf_puts(b, "<span class=\"mark\">");
			sv_html_words(b, N_("to play"));
			buf_puts(b, "</span>");
		}
		buf_puts(b, "</li>\n");
	}
	buf_puts(b, "</ol>\n");
}

/*
 * What status o expects, the coach's line, the module's table and the
 * last entries of sg, into b.
 */
static void
board_play(const struct sr_game *sg, json_t *o, struct buf *b)
{
	struct buf say = BUF_INIT;
	json_t *p, *v;
	size_t k;
	int i;

	if (json_array_size(v = json_object_get(o, "expect")) > 0) {
		buf_puts(b, "<p class=\"expect\">");
		sv_html_words(b, N_("expected: "));
		json_array_foreach(v, k, p) {
			buf_puts(b, k > 0 ? ", <code>" : "<code>");
			sv_html_text(b, json_string_value(p));
			buf_puts(b, "</code>");
		}
		buf_puts(b, "</p>\n");
	}
	/* The coach's line: null with coach=off. */
	if ((v = json_object_get(json_object_get(o, "advice"), "say")) !=
	    NULL && json_string_length(v) > 0) {
		buf_puts(b, "<p class=\"coach\">");
		sv_html_words(b, N_("coach: "));
		sv_html_text(b, json_string_value(v));
		buf_puts(b, "</p>\n");
	}
	if (sg->rules->describe != NULL)
		sg->rules->describe(sg->rp.st, &say);
	if (say.len > 0) {
		pre_open(b, buf_str(&say));
		sv_html_text(b, buf_str(&say));
		buf_puts(b, "</pre>\n");
	}
	buf_free(&say);
	if (sg->rp.nentries > 0) {
		i = sg->rp.nentries > SERVE_LAST ? sg->rp.nentries -
		    SERVE_LAST : 0;
		buf_puts(b, "<h2>");
		sv_html_words(b, N_("Last entries"));
		buf_puts(b, "</h2>\n<ol class=\"entries\">\n");
		for (; i < sg->rp.nentries; i++)
			sv_entry_html(b, &sg->rp.entries[i]);
		buf_puts(b, "</ol>\n");
	}
}

/*
 * The board of the game shown into b (the inside of <main>): status's
 * object and words, rendered.  Sets sv->game and sv->last.
 */
void
sv_board_render(struct serve *sv, struct buf *b)
{
	struct sr_game *sg;
	struct expectation x;
	struct buf say = BUF_INIT;
	json_t *o;

	buf_reset(b);
	sv->game = 0;
	sv->last = 0;
	if ((sg = sv_board_load(sv, b)) == NULL)
		return;
	sv->last = replay_last_n(&sg->rp);
	o = sr_status_json(sg);
	sr_expect(sg, &x, NULL);
	buf_puts(b, "<h1>");
	sv_game_heading(b, sg);
	buf_puts(b, "</h1>\n<p class=\"round\">");
	/* A round with a name of its own (Shake's All Shake) says it. */
	if (x.round_name != NULL)
		buf_printf(b, _("%s, "), _(x.round_name));
	else
		buf_printf(b, _("round %d, "), x.round);
	sv_html_words(b, sr_state_name(&x));
	buf_puts(b, "</p>\n");
	board_scores(sg, o, b);
	board_lead(sg, b);
	/* A round's timer started from a phone: its end, counted down. */
	if (sv->timer_game == sg->g.id && sv->timer_end > 0) {
		char at[32];
		struct tm tm;
		char *s;

		localtime_r(&sv->timer_end, &tm);
		strftime(at, sizeof at, "%H:%M:%S", &tm);
		s = xasprintf(_("the timer ends at %s"), at);
		buf_printf(b, "<p class=\"timer\" role=\"timer\" "
		    "data-end=\"%lld\">", (long long)sv->timer_end);
		sv_html_text(b, s);
		buf_puts(b, " <span class=\"left\"></span></p>\n");
		free(s);
	}
	buf_puts(b, "<p class=\"say\">");
	sr_next_words(sg, &say);
	sv_html_text(b, buf_str(&say));
	buf_puts(b, "</p>\n");
	board_play(sg, o, b);
	buf_printf(b, "<p class=\"more\"><a href=\"%sgame/%lld\">", sv->prefix,
	    sv->game);
	sv_html_words(b, N_("history"));
	buf_printf(b, "</a> <a href=\"%sgame/%lld/review\">", sv->prefix,
	    sv->game);
	sv_html_words(b, N_("review"));
	buf_puts(b, "</a></p>\n");
	json_decref(o);
	buf_free(&say);
}

/* 1 if the game shown or its entries changed in the store. */
int
sv_board_changed(struct serve *sv)
{
	struct store *s = sv->ctx->store;
	long long cur = sv->pinned != 0 ? sv->pinned : 0;
	char *why = NULL;
	int n = 0, changed = 1;

	if (store_begin(s, 0, &why) == SR_OK &&
	    (cur != 0 || store_current(s, &cur, &why) == SR_OK) &&
	    (cur == 0 || store_last_n(s, cur, &n, &why) == SR_OK))
		changed = cur != sv->game || n != sv->last;
	store_rollback(s);
	free(why);
	return changed;
}
