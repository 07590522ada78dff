/*
 * cmd-serve.c: the scoreboard on every phone at the table (SPEC.md
 * "serve"): read-only web pages of the current game, the games, each
 * game's history and review, the all-time standings, behind a secret
 * token, live through server-sent events woken by the change notice
 * (notice.h) that `watch` sleeps on.
 *
 * A view, no game logic: the board is status's own (sr_status_json,
 * sr_next_words), the other pages the JSON or words of games, standings
 * and review run in this process; HTML is rendered here, every text from
 * the store through html_text() alone.  libmicrohttpd (the HTTP) and
 * libqrencode (the code on the terminal) are loaded with dlopen() by
 * this command alone, so no other command pays for loading them.
 *
 * Two threads.  The HTTP thread: poll() on libmicrohttpd's epoll
 * descriptor, the reader's pokes and the time left; an event stream
 * waits suspended until the board changes (or its keep-alive is due),
 * then every stream is resumed and sent the same bytes.  It never waits
 * for the database: the reader thread alone reads it (the board when
 * the change notice says the game changed, the pages asked, which wait
 * suspended for it, 503 past their time).
 */
#include <sys/types.h>
#include <sys/random.h>
#include <sys/socket.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>
#include <qrencode.h>

#include "cmd.h"
#include "i18n.h"
#include "ratings.h"
#include "notice.h"
#include "term.h"
#include "utf8.h"

#ifndef MHD_SONAME
#define MHD_SONAME	"libmicrohttpd.so.12"
#endif
#ifndef QRENCODE_SONAME
#define QRENCODE_SONAME	"libqrencode.so.4"
#endif

#define SERVE_LISTEN	"127.0.0.1:8080"
#define SERVE_CONNS	400	/* connections at once, in all */
#define SERVE_PER_IP	16	/* from one address: a phone, a TV */
#define SERVE_IDLE_S	30	/* an idle connection is closed */
#define SERVE_TOKEN_MS	10000	/* a connection without the token is closed */
#define SERVE_SPARE	32	/* free places kept for holders of the token */
#define SERVE_PAGE_MS	5000	/* a page the database has not given: 503 */
#define SERVE_LL	9	/* a language's code (de), its NUL */
#define SERVE_KEEP_MS	15000	/* an event stream's keep-alive */
#define SERVE_LAST	6	/* the board's last entries */
#define SERVE_PAGE	50	/* entries on a page of a game's history */
#define SERVE_REFRESH_S	10	/* the board reloads itself without JS */
#define TOKEN_BYTES	16

/* libmicrohttpd and libqrencode, as loaded. */
struct serve_lib {
	__typeof__(MHD_start_daemon)			*start_daemon;
	__typeof__(MHD_stop_daemon)			*stop_daemon;
	__typeof__(MHD_quiesce_daemon)			*quiesce_daemon;
	__typeof__(MHD_run)				*run;
	__typeof__(MHD_get_timeout)			*get_timeout;
	__typeof__(MHD_get_daemon_info)			*get_daemon_info;
	__typeof__(MHD_create_response_from_buffer)	*from_buffer;
	__typeof__(MHD_create_response_from_callback)	*from_callback;
	__typeof__(MHD_add_response_header)		*add_header;
	__typeof__(MHD_queue_response)			*queue_response;
	__typeof__(MHD_destroy_response)		*destroy_response;
	__typeof__(MHD_suspend_connection)		*suspend;
	__typeof__(MHD_resume_connection)		*resume;
	__typeof__(MHD_lookup_connection_value)		*lookup;
	__typeof__(MHD_get_connection_info)		*conn_info;
	__typeof__(QRcode_encodeString)			*qr_encode;
	__typeof__(QRcode_free)				*qr_free;
};

/* The bytes of one event, shared by every stream sending it. */
struct blob {
	char		*s;
	size_t		 len;
	int		 refs;
};

/* One event stream (a page holding the live board). */
struct stream {
	struct serve		*sv;
	struct MHD_Connection	*conn;
	struct blob		*out;	/* being sent, or NULL */
	size_t			 off;
	unsigned long		 seen;	/* the board version sent */
	int			 fd;	/* its socket */
	int			 suspended;
	int			 keep;	/* a keep-alive is due */
	int			 gone;	/* the client hung up */
	struct stream		*prev, *next;
};

/*
 * A connection, from its accept on (MHD_OPTION_NOTIFY_CONNECTION): a
 * request with the token marks it; one without it is closed
 * SERVE_TOKEN_MS after its accept, however slowly its headers trickle
 * in, and the oldest one without it first when the places run out.
 */
struct peer {
	int			 fd;
	long long		 at;		/* accepted: notice_now_ms() */
	int			 token;		/* a request had it */
	int			 cut;		/* its socket shut */
	struct peer		*prev, *next;	/* oldest first */
};

/*
 * A page read from the database (games, standings, a game's history or
 * review, the board in a phone's language), asked of the reader thread
 * while its request waits suspended: the reader's answer, in the
 * language the HTTP thread chose for the phone (ll) and with the
 * request's ?page= (arg) copied, or 503 past SERVE_PAGE_MS.  Shared by
 * the two threads (refs, done, code and page under serve's mu); freed
 * by the last to drop it.
 */
enum job_kind { JOB_GAMES, JOB_STANDINGS, JOB_HISTORY, JOB_REVIEW,
    JOB_BOARD };
struct job {
	enum job_kind		 kind;
	long long		 id;		/* the game's */
	char			 ll[SERVE_LL];	/* the phone's language, "": serve's */
	char			*arg;		/* a history's ?page=, or NULL */
	int			 refs;
	int			 done;		/* the reader's answer is in */
	unsigned		 code;		/* 200, 404 or 503 */
	struct buf		 page;
	struct job		*queued;	/* the reader's queue */
	/* The HTTP thread's alone: */
	struct MHD_Connection	*conn;
	long long		 at;		/* asked: notice_now_ms() */
	struct job		*prev, *next;	/* waiting, suspended */
};

struct serve {
	struct sr_ctx		*ctx;
	struct serve_lib	 lib;
	struct MHD_Daemon	*d;
	char			 token[TOKEN_BYTES * 2 + 1];
	char			 prefix[TOKEN_BYTES * 2 + 3]; /* /TOKEN/ */
	long long		 pinned;	/* -g ID, or 0: current */
	long long		 game;		/* the board's, or 0 */
	int			 last;		/* its latest entry */
	unsigned long		 version;	/* of the board */
	struct buf		 board;		/* its HTML */
	struct blob		*event;		/* it as an event */
	struct stream		*streams;
	int			 nstreams;
	struct peer		*peers, *last_peer;
	int			 npeers;	/* not cut */
	/*
	 * The database is the reader thread's alone (ctx, its store, the
	 * change notice, board_changed/board_render: game, last): the HTTP
	 * thread never waits for it.  Under mu: the reader's queue, the
	 * board it rendered last (fresh), quit, version (written by the
	 * HTTP thread, read by both).
	 */
	pthread_t		 reader;
	int			 reading;	/* the thread runs */
	pthread_mutex_t		 mu;
	struct job		*queue, *queue_end;
	struct buf		 fresh;
	int			 has_fresh;
	int			 quit;
	int			 to_reader[2];	/* a byte: look at the queue */
	int			 to_http[2];	/* a byte: an answer, a board */
	struct job		*waiting;	/* the HTTP thread's */
	int			 stopping;
	int			 foreign;	/* the reader's: a phone's language */
};

static volatile sig_atomic_t serve_stop;

/* SIGINT, SIGTERM: stop at the next wake-up. */
static void
on_stop(int sig)
{
	(void)sig;
	serve_stop = 1;
}

/* Load the two libraries; 0, or -1 with the message printed. */
static int
serve_load(struct sr_ctx *ctx, struct serve_lib *l)
{
	void *h, *q;

	if ((h = dlopen(MHD_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		sr_error(ctx, SR_SYSTEM, "cannot load libmicrohttpd (%s): %s",
		    MHD_SONAME, dlerror());
		return -1;
	}
	if ((q = dlopen(QRENCODE_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		sr_error(ctx, SR_SYSTEM, "cannot load libqrencode (%s): %s",
		    QRENCODE_SONAME, dlerror());
		return -1;
	}
#define SYM(lib, f, name)	\
	if ((*(void **)&l->f = dlsym(lib, name)) == NULL) goto missing
	SYM(h, start_daemon, "MHD_start_daemon");
	SYM(h, stop_daemon, "MHD_stop_daemon");
	SYM(h, quiesce_daemon, "MHD_quiesce_daemon");
	SYM(h, run, "MHD_run");
	SYM(h, get_timeout, "MHD_get_timeout");
	SYM(h, get_daemon_info, "MHD_get_daemon_info");
	SYM(h, from_buffer, "MHD_create_response_from_buffer");
	SYM(h, from_callback, "MHD_create_response_from_callback");
	SYM(h, add_header, "MHD_add_response_header");
	SYM(h, queue_response, "MHD_queue_response");
	SYM(h, destroy_response, "MHD_destroy_response");
	SYM(h, suspend, "MHD_suspend_connection");
	SYM(h, resume, "MHD_resume_connection");
	SYM(h, lookup, "MHD_lookup_connection_value");
	SYM(h, conn_info, "MHD_get_connection_info");
	SYM(q, qr_encode, "QRcode_encodeString");
	SYM(q, qr_free, "QRcode_free");
#undef SYM
	return 0;
missing:
	sr_error(ctx, SR_SYSTEM, "cannot load libmicrohttpd or libqrencode: "
	    "%s", dlerror());
	return -1;
}

/*
 * The one way text from the store (names, titles, notes, words, the
 * coach's and the rules' words) enters a page: & < > " ' as entities,
 * control characters but newline and tab as U+FFFD.
 */
static void
html_text(struct buf *b, const char *s)
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
static void
html_words(struct buf *b, const char *s)
{
	if (s != NULL)
		html_text(b, _(s));
}

/* A table of class cls opened, its head the words col[] (NULL ends). */
static void
table_head(struct buf *b, const char *cls, const char *const *col)
{
	buf_printf(b, "<table class=\"%s\"><thead><tr>", cls);
	for (; *col != NULL; col++) {
		buf_puts(b, "<th>");
		html_words(b, *col);
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
static void
page_head(struct serve *sv, struct buf *b, const char *page,
    const char *title, int fetch)
{
	buf_puts(b, "<!DOCTYPE html>\n<html lang=\"");
	/*
	 * TRANSLATORS: the language of this catalog as HTML's lang
	 * attribute writes it (de, fr, es): serve's pages say it.
	 */
	html_words(b, N_("en"));
	buf_puts(b, "\"><head><meta charset=\"utf-8\">"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">"
	    "<meta name=\"color-scheme\" content=\"light dark\"><title>");
	html_words(b, title);
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
	html_words(b, N_("Table"));
	buf_printf(b, "</a> <a href=\"%sgames\">", sv->prefix);
	html_words(b, N_("Games"));
	buf_printf(b, "</a> <a href=\"%sstandings\">", sv->prefix);
	html_words(b, N_("Standings"));
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
static void
page_foot(struct buf *b)
{
	buf_puts(b, "</main></body></html>\n");
}

/* One entry as a list item: number, player, the entry, its note. */
static void
entry_html(struct buf *b, const struct stored_entry *se)
{
	int i;

	buf_printf(b, "<li%s><span class=\"n\">%d</span> <span class=\"what\">"
	    "<span class=\"who\">", se->undone ? " class=\"undone\"" : "",
	    se->n);
	html_text(b, se->player != NULL ? se->player : "");
	buf_puts(b, "</span> <code>");
	html_text(b, verb_name(se->verb));
	for (i = 0; i < se->argc; i++) {
		buf_puts(b, " ");
		html_text(b, se->argv[i]);
	}
	buf_puts(b, "</code></span> <span class=\"note\">");
	if (se->undone)
		html_words(b, N_("(undone) "));
	html_text(b, se->note != NULL ? se->note : "");
	buf_puts(b, "</span></li>\n");
}

/* "game 7: shake (title)" of a game loaded. */
static void
game_heading(struct buf *b, const struct sr_game *sg)
{
	char *t = xasprintf(_("game %lld: %s"), sg->g.id, sg->rules->name);

	html_text(b, t);
	free(t);
	if (sg->g.title != NULL) {
		buf_puts(b, " <span class=\"title\">(");
		html_text(b, sg->g.title);
		buf_puts(b, ")</span>");
	}
}

/*
 * Read the game shown (pinned, else the current one) into sg, with its
 * notes; sv->game set.  0, or -1 with why not said into b (no game yet,
 * a database that cannot be read, a game that does not replay).
 */
static int
board_load(struct serve *sv, struct sr_game *sg, struct buf *b)
{
	struct sr_ctx *ctx = sv->ctx;
	char *why = NULL;
	long long id = sv->pinned;
	int status;

	if ((status = store_begin_game(ctx->store, 0, &id, &why)) != SR_OK) {
		if (status == SR_DATA && id == 0) {
			buf_puts(b, "<p class=\"say\">");
			html_words(b, N_("No game yet: start one with "));
			buf_puts(b, "<code>shakeref new</code>.</p>\n");
		} else {
			buf_puts(b, "<p class=\"say\">");
			html_words(b, N_("The database cannot be read: "));
			html_text(b, why != NULL ? why : "");
			buf_puts(b, "</p>\n");
		}
		free(why);
		return -1;
	}
	status = sr_game_read(ctx, id, 1, sg, &why);
	store_rollback(ctx->store);
	sv->game = id;
	if (status != SR_OK) {
		buf_puts(b, "<p class=\"say\">");
		html_text(b, why != NULL ? why : "");
		buf_puts(b, "</p>\n");
		free(why);
		return -1;
	}
	return 0;
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
		html_words(b, N_("all level"));
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
	html_text(b, t);
	buf_puts(b, "</strong>");
	free(t);
	for (i = 0; i < sg->g.nplayers; i++)
		if (ranks[i] != 1) {
			buf_puts(b, ", <span class=\"gap\">");
			html_text(b, sg->g.names[i]);
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
		html_text(b, json_string_value(json_object_get(p, "name")));
		buf_printf(b, "</span><span class=\"score\">%'lld</span>",
		    (long long)json_integer_value(json_object_get(p, "score")));
		if (x.finished && winners[i]) {
			buf_puts(b, "<span class=\"mark\">");
			html_words(b, N_("winner"));
			buf_puts(b, "</span>");
		} else if (!x.finished && x.turn == i) {
			buf_puts(b, "<span class=\"mark\">");
			html_words(b, N_("to play"));
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
		html_words(b, N_("expected: "));
		json_array_foreach(v, k, p) {
			buf_puts(b, k > 0 ? ", <code>" : "<code>");
			html_text(b, json_string_value(p));
			buf_puts(b, "</code>");
		}
		buf_puts(b, "</p>\n");
	}
	/* The coach's line: null with coach=off. */
	if ((v = json_object_get(json_object_get(o, "advice"), "say")) !=
	    NULL && json_string_length(v) > 0) {
		buf_puts(b, "<p class=\"coach\">");
		html_words(b, N_("coach: "));
		html_text(b, json_string_value(v));
		buf_puts(b, "</p>\n");
	}
	if (sg->rules->describe != NULL)
		sg->rules->describe(sg->rp.st, &say);
	if (say.len > 0) {
		pre_open(b, buf_str(&say));
		html_text(b, buf_str(&say));
		buf_puts(b, "</pre>\n");
	}
	buf_free(&say);
	if (sg->rp.nentries > 0) {
		i = sg->rp.nentries > SERVE_LAST ? sg->rp.nentries -
		    SERVE_LAST : 0;
		buf_puts(b, "<h2>");
		html_words(b, N_("Last entries"));
		buf_puts(b, "</h2>\n<ol class=\"entries\">\n");
		for (; i < sg->rp.nentries; i++)
			entry_html(b, &sg->rp.entries[i]);
		buf_puts(b, "</ol>\n");
	}
}

/*
 * The board of the game shown into b (the inside of <main>): status's
 * object and words, rendered.  Sets sv->game and sv->last.
 */
static void
board_render(struct serve *sv, struct buf *b)
{
	struct sr_game sg;
	struct expectation x;
	struct buf say = BUF_INIT;
	json_t *o;

	buf_reset(b);
	sv->game = 0;
	sv->last = 0;
	if (board_load(sv, &sg, b) != 0)
		return;
	sv->last = replay_last_n(&sg.rp);
	o = sr_status_json(&sg);
	sr_expect(&sg, &x, NULL);
	buf_puts(b, "<h1>");
	game_heading(b, &sg);
	buf_puts(b, "</h1>\n<p class=\"round\">");
	/* A round with a name of its own (Shake's All Shake) says it. */
	if (x.round_name != NULL)
		buf_printf(b, _("%s, "), _(x.round_name));
	else
		buf_printf(b, _("round %d, "), x.round);
	html_words(b, sr_state_name(&x));
	buf_puts(b, "</p>\n");
	board_scores(&sg, o, b);
	board_lead(&sg, b);
	buf_puts(b, "<p class=\"say\">");
	sr_next_words(&sg, &say);
	html_text(b, buf_str(&say));
	buf_puts(b, "</p>\n");
	board_play(&sg, o, b);
	buf_printf(b, "<p class=\"more\"><a href=\"%sgame/%lld\">", sv->prefix,
	    sv->game);
	html_words(b, N_("history"));
	buf_printf(b, "</a> <a href=\"%sgame/%lld/review\">", sv->prefix,
	    sv->game);
	html_words(b, N_("review"));
	buf_puts(b, "</a></p>\n");
	json_decref(o);
	buf_free(&say);
	sr_game_free(&sg);
}

/* Drop a reference to an event's bytes. */
static void
blob_drop(struct blob *bl)
{
	if (bl != NULL && --bl->refs == 0) {
		free(bl->s);
		free(bl);
	}
}

/* The board in sv->board a new version, its event; every stream woken. */
static void
board_publish(struct serve *sv)
{
	struct blob *bl = xcalloc(1, sizeof *bl);
	struct buf e = BUF_INIT;
	struct stream *st;
	const char *s, *nl;

	pthread_mutex_lock(&sv->mu);
	sv->version++;
	pthread_mutex_unlock(&sv->mu);
	/* "event: board", "id: N", the HTML as data lines, a blank line. */
	buf_printf(&e, "event: board\nid: %lu\n", sv->version);
	for (s = buf_str(&sv->board); *s != '\0'; s = nl + 1) {
		if ((nl = strchr(s, '\n')) == NULL)
			nl = s + strlen(s) - 1;
		buf_puts(&e, "data: ");
		buf_add(&e, s, (size_t)(nl - s) + (*nl == '\n' ? 0 : 1));
		buf_puts(&e, "\n");
	}
	buf_puts(&e, "\n");
	bl->len = e.len;
	bl->s = e.s != NULL ? e.s : xstrdup("");
	bl->refs = 1;
	blob_drop(sv->event);
	sv->event = bl;
	for (st = sv->streams; st != NULL; st = st->next)
		if (st->suspended) {
			st->suspended = 0;
			sv->lib.resume(st->conn);
		}
}

/* 1 if the game shown or its entries changed in the store. */
static int
board_changed(struct serve *sv)
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

/*
 * An event stream's next bytes: the event being sent, else the board's
 * when this stream has not had it, else a keep-alive when due; else it
 * waits suspended until board_publish() or the keep-alive wakes it.
 */
static ssize_t
stream_read(void *cls, uint64_t pos, char *out, size_t max)
{
	struct stream *st = cls;
	struct serve *sv = st->sv;
	size_t n;

	(void)pos;
	if (st->gone || (st->out == NULL && sv->stopping))
		return MHD_CONTENT_READER_END_OF_STREAM;
	if (st->out == NULL && st->seen != sv->version) {
		st->out = sv->event;
		st->out->refs++;
		st->off = 0;
		st->seen = sv->version;
	}
	if (st->out != NULL) {
		n = st->out->len - st->off;
		if (n > max)
			n = max;
		memcpy(out, st->out->s + st->off, n);
		if ((st->off += n) == st->out->len) {
			blob_drop(st->out);
			st->out = NULL;
		}
		return (ssize_t)n;
	}
	if (st->keep) {
		st->keep = 0;
		if (max >= 3) {
			memcpy(out, ":\n\n", 3);
			return 3;
		}
	}
	st->suspended = 1;
	sv->lib.suspend(st->conn);
	return 0;
}

/* A stream's connection is over: forget it. */
static void
stream_free(void *cls)
{
	struct stream *st = cls;
	struct serve *sv = st->sv;

	if (st->prev != NULL)
		st->prev->next = st->next;
	else
		sv->streams = st->next;
	if (st->next != NULL)
		st->next->prev = st->prev;
	sv->nstreams--;
	blob_drop(st->out);
	free(st);
}

/*
 * The descriptors to poll: libmicrohttpd's, the notice's, and each
 * waiting stream's socket for its client hanging up (libmicrohttpd does
 * not look at a suspended connection: a phone gone would hold its place
 * until the keep-alive).  Returns how many; *pfd grown as needed.
 */
static int
serve_pollfds(struct serve *sv, int epfd, int nfd, struct pollfd **pfd,
    int *cap)
{
	struct stream *st;
	int n = 0;

	if (*cap < 2 + sv->nstreams) {
		*cap = 2 + sv->nstreams + 64;
		*pfd = xreallocarray(*pfd, (size_t)*cap, sizeof **pfd);
	}
	(*pfd)[n].fd = epfd;
	(*pfd)[n++].events = POLLIN;
	(*pfd)[n].fd = nfd;
	(*pfd)[n++].events = POLLIN;
	for (st = sv->streams; st != NULL; st = st->next)
		if (st->suspended && st->fd >= 0) {
			(*pfd)[n].fd = st->fd;
			(*pfd)[n++].events = POLLRDHUP;
		}
	return n;
}

/* The streams whose client hung up (pfd from 2 on): ended. */
static void
streams_gone(struct serve *sv, const struct pollfd *pfd, int n)
{
	struct stream *st, *next;
	int i;

	for (i = 2; i < n; i++) {
		if (pfd[i].revents == 0)
			continue;
		for (st = sv->streams; st != NULL; st = next) {
			next = st->next;
			if (st->fd == pfd[i].fd && st->suspended) {
				st->gone = 1;
				st->suspended = 0;
				sv->lib.resume(st->conn);
			}
		}
	}
}

/* Wake every waiting stream for a keep-alive (and to find it gone). */
static void
streams_keep(struct serve *sv)
{
	struct stream *st;

	for (st = sv->streams; st != NULL; st = st->next) {
		st->keep = 1;
		if (st->suspended) {
			st->suspended = 0;
			sv->lib.resume(st->conn);
		}
	}
}

/* The headers every answer carries: no inline script, no referrer. */
static void
headers(struct serve *sv, struct MHD_Response *r, const char *type)
{
	sv->lib.add_header(r, "Content-Type", type);
	sv->lib.add_header(r, "Content-Security-Policy", "default-src 'none'; "
	    "script-src 'self'; style-src 'self'; img-src 'self'; "
	    "connect-src 'self'; base-uri 'none'; form-action 'none'; "
	    "frame-ancestors 'none'");
	sv->lib.add_header(r, "X-Content-Type-Options", "nosniff");
	sv->lib.add_header(r, "Referrer-Policy", "no-referrer");
	sv->lib.add_header(r, "Cache-Control", "no-store");
	/* A page speaks the phone's language (serve_speak). */
	sv->lib.add_header(r, "Vary", "Accept-Language");
}

/* Queue text (malloc'd, taken; NULL: "") with status code and type. */
static enum MHD_Result
answer(struct serve *sv, struct MHD_Connection *c, unsigned code,
    const char *type, char *text, size_t len)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	if (text == NULL) {
		text = xstrdup("");
		len = 0;
	}
	if ((r = sv->lib.from_buffer(len, text, MHD_RESPMEM_MUST_FREE)) ==
	    NULL) {
		free(text);
		return MHD_NO;
	}
	headers(sv, r, type);
	if (code == MHD_HTTP_METHOD_NOT_ALLOWED)
		sv->lib.add_header(r, "Allow", "GET, HEAD");
	ret = sv->lib.queue_response(c, code, r);
	sv->lib.destroy_response(r);
	return ret;
}

/* Answer with page b (taken). */
static enum MHD_Result
answer_page(struct serve *sv, struct MHD_Connection *c, struct buf *b)
{
	size_t len = b->len;

	return answer(sv, c, MHD_HTTP_OK, "text/html; charset=utf-8", b->s,
	    len);
}

/* 404, the same for every path that is not a page. */
static enum MHD_Result
not_found(struct serve *sv, struct MHD_Connection *c)
{
	const char *t = _("not found\n");

	return answer(sv, c, MHD_HTTP_NOT_FOUND, "text/plain; charset=utf-8",
	    xstrdup(t), strlen(t));
}

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
	html_words(b, col);
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
static void
page_games(struct serve *sv, struct buf *b)
{
	char *words[] = { "games", "--all" };
	json_t *o = run_json(sv, &cmd_games_entry, 2, words, 0), *g, *p;
	/* TRANSLATORS: the columns of serve's games page. */
	const char *const col[] = { N_("game"), N_("rules"), N_("players"),
	    N_("state"), N_("started"), NULL };
	char when[32];
	size_t i, k;

	page_head(sv, b, "games", N_("shakeref: games"),
	    sv->foreign);
	buf_puts(b, "<h1>");
	html_words(b, N_("Games"));
	buf_puts(b, "</h1>\n");
	if (o == NULL || json_array_size(json_object_get(o, "games")) == 0) {
		buf_puts(b, "<p>");
		html_words(b, N_("No games yet."));
		buf_puts(b, "</p>\n");
		json_decref(o);
		page_foot(b);
		return;
	}
	table_head(b, "games cards", col);
	json_array_foreach(json_object_get(o, "games"), i, g) {
		long long id = json_integer_value(json_object_get(g, "game"));
		const char *iso = json_string_value(json_object_get(g,
		    "created"));

		/* On a phone a card a game: each cell says its column. */
		games_cell(b, "<tr>", col[0]);
		buf_printf(b, "<a href=\"%sgame/%lld\">%lld</a>", sv->prefix,
		    id, id);
		games_cell(b, "</td>", col[1]);
		html_text(b, json_string_value(json_object_get(g, "rules")));
		games_cell(b, "</td>", col[2]);
		json_array_foreach(json_object_get(g, "players"), k, p) {
			if (k > 0)
				buf_puts(b, ", ");
			html_text(b, json_string_value(p));
		}
		games_cell(b, "</td>", col[3]);
		/* The state's name, English in JSON, is a msgid. */
		html_words(b, json_string_value(json_object_get(g, "state")));
		games_cell(b, "</td>", col[4]);
		/* The date local (TZ), as games in words; UTC for machines. */
		buf_puts(b, "<time datetime=\"");
		html_text(b, iso);
		buf_puts(b, "\">");
		html_text(b, local_date(iso, when, sizeof when));
		buf_puts(b, "</time></td></tr>\n");
	}
	buf_puts(b, "</tbody></table>\n");
	json_decref(o);
	page_foot(b);
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
	html_words(b, label);
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
	html_words(b, N_("each player's rating (mu) over the season"));
	buf_puts(b, "</figcaption><ul class=\"key\">\n");
	for (i = first; i < last; i++) {
		chart_key(b, i - first);
		html_text(b, rs->p[i].name);
		buf_printf(b, " %.1f</li>\n", rs->p[i].r.mu);
	}
	buf_puts(b, "</ul></figure>\n");
}

/*
 * Every player's rating over the finished games (standings --all-time):
 * a table per rules, best first, and the season's chart of it.
 */
static void
page_standings(struct serve *sv, struct buf *b)
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
	page_head(sv, b, "standings", N_("shakeref: all-time standings"),
	    sv->foreign);
	buf_puts(b, "<h1>");
	html_words(b, N_("All-time standings"));
	buf_puts(b, "</h1>\n");
	if (!ok || rs.n == 0) {
		buf_puts(b, "<p>");
		html_words(b, N_("No finished games yet."));
		buf_puts(b, "</p>\n");
		if (ok)
			sr_ratings_free(&rs);
		page_foot(b);
		return;
	}
	sr_ratings_sort(&rs);
	for (i = 0; i < rs.n; i = k) {
		for (k = i; k < rs.n && strcmp(rs.p[k].rules, rs.p[i].rules) ==
		    0; k++)
			continue;
		first = i;
		buf_puts(b, "<h2>");
		html_text(b, rs.p[i].rules);
		buf_puts(b, "</h2>\n");
		/* TRANSLATORS: the columns of serve's all-time standings. */
		table_head(b, "standings cards", (const char *[]){ N_("player"),
		    N_("rating"), N_("played"), N_("won"), N_("decisions"),
		    NULL });
		for (; i < k; i++) {
			const struct sr_rated *p = &rs.p[i];

			games_cell(b, "<tr>", N_("player"));
			html_text(b, p->name);
			buf_reset(&cell);
			buf_printf(&cell, _("%.1f ± %.1f"), p->r.mu,
			    p->r.sigma);
			games_cell(b, "</td>", N_("rating"));
			html_text(b, buf_str(&cell));
			games_cell(b, "</td>", N_("played"));
			buf_printf(b, "%'ld", p->played);
			games_cell(b, "</td>", N_("won"));
			buf_printf(b, "%'ld", p->won);
			games_cell(b, "</td>", N_("decisions"));
			err = sr_rated_error(p);
			html_text(b, err < 0 ? _("no decisions") :
			    sr_rating_name(err));
			buf_puts(b, "</td></tr>\n");
		}
		buf_puts(b, "</tbody></table>\n");
		season_svg(b, &rs, first, k);
	}
	buf_free(&cell);
	sr_ratings_free(&rs);
	page_foot(b);
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
		html_words(b, N_("\xe2\x86\x90 older"));
		buf_puts(b, "</a> ");
	}
	buf_puts(b, "<span>");
	buf_printf(b, _("page %d of %d"), page, pages);
	buf_puts(b, "</span>");
	if (page < pages) {
		buf_printf(b, " <a rel=\"next\" href=\"%sgame/%lld?page=%d\">",
		    sv->prefix, id, page + 1);
		/* TRANSLATORS: a link to the next page of a history. */
		html_words(b, N_("newer \xe2\x86\x92"));
		buf_puts(b, "</a>");
	}
	buf_puts(b, "</nav>\n");
}

/*
 * Game id's entries in words, SERVE_PAGE a page: page (from 1) given by
 * ?page=N, else the last (the newest entries); -1 if there is no such
 * game or page.
 */
static int
page_history(struct serve *sv, struct buf *b, long long id, const char *arg)
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
	page_head(sv, b, "history", N_("shakeref: history"),
	    sv->foreign);
	buf_puts(b, "<h1>");
	game_heading(b, &sg);
	buf_printf(b, "</h1>\n<p class=\"more\"><a href=\"%sgame/%lld/review\">",
	    sv->prefix, id);
	html_words(b, N_("review"));
	buf_puts(b, "</a></p>\n");
	sr_ranks(&sg, scores, winners, ranks);
	buf_puts(b, "<p class=\"say\">");
	html_words(b, N_("scores: "));
	/* A name and its score never apart on a phone's line. */
	for (i = 0; i < sg.g.nplayers; i++) {
		buf_puts(b, i > 0 ? ", <span class=\"ps\">" :
		    "<span class=\"ps\">");
		html_text(b, sg.g.names[i]);
		buf_printf(b, " %'ld</span>", scores[i]);
	}
	buf_puts(b, "</p>\n");
	if (sg.rp.nentries == 0) {
		buf_puts(b, "<p>");
		html_words(b, N_("No entries yet."));
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
			html_text(b, when);
			buf_puts(b, "</small></h2>\n<ol class=\"entries\">\n");
		}
		entry_html(b, se);
	}
	if (to > from)
		buf_puts(b, "</ol>\n");
	history_pages(sv, b, id, page, pages);
	page_foot(b);
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
		html_text(b, sg->g.names[p]);
		buf_printf(b, " %'ld</li>\n", scores[p]);
	}
	buf_puts(b, "</ul></figure>\n");
	for (p = 0; p < rc.nplayers; p++)
		free(rc.score[p]);
	free(keep);
}

/* Game id's review: the race as SVG, then the coach's words. */
static int
page_review(struct serve *sv, struct buf *b, long long id)
{
	struct sr_game sg;
	char *words[] = { "review" }, *text;

	if (game_get(sv, id, &sg) != 0)
		return -1;
	page_head(sv, b, "review", N_("shakeref: review"),
	    sv->foreign);
	buf_puts(b, "<h1>");
	game_heading(b, &sg);
	buf_printf(b, "</h1>\n<p class=\"more\"><a href=\"%sgame/%lld\">",
	    sv->prefix, id);
	html_words(b, N_("history"));
	buf_puts(b, "</a></p>\n");
	race_svg(b, &sg);
	sr_game_free(&sg);
	if ((text = run_cmd(sv, &cmd_review_entry, 1, words, 0, id)) !=
	    NULL) {
		buf_puts(b, "<pre class=\"review\">");
		html_text(b, text);
		buf_puts(b, "</pre>\n");
		free(text);
	}
	page_foot(b);
	return 0;
}

/* pre.table.wN: type for N columns in a phone's width, at most 1rem. */
#define PRE_W(n)	"pre.w" #n "{font-size:clamp(.7rem,calc((100vw - " \
	"2.5rem) / " #n " / .61),1rem)}\n"

/* The style sheet: a phone's width to a TV, light and dark. */
static const char style_css[] =
    ":root{color-scheme:light dark;--bg:#fafafa;--fg:#111;--dim:#555;"
    "--card:#e8e8e8;--turn:#0b7a3e;--won:#b8860b}\n"
    "@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#eee;"
    "--dim:#aaa;--card:#262626;--turn:#3ddc84;--won:#ffd54f}}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0 auto;padding:.5rem;max-width:80rem;background:var(--bg);"
    "color:var(--fg);font:1rem/1.4 system-ui,sans-serif;"
    "overflow-wrap:break-word;hyphens:manual}\n"
    "nav{display:flex;gap:1rem;flex-wrap:wrap;margin-bottom:.5rem}\n"
    "a{color:inherit}\n"
    "h1{font-size:1.4rem;margin:.2rem 0}\n"
    "h2{font-size:1.1rem;margin:1rem 0 .3rem}\n"
    ".round,.expect,.more,figcaption,small{color:var(--dim)}\n"
    ".scores{list-style:none;padding:0;margin:.5rem 0;display:grid;gap:.5rem;"
    "grid-template-columns:repeat(auto-fit,minmax(9rem,1fr))}\n"
    ".scores li{background:var(--card);border-radius:.6rem;padding:.4rem;"
    "text-align:center;border:.25rem solid transparent}\n"
    ".scores li.turn{border-color:var(--turn)}\n"
    ".scores li.won{border-color:var(--won)}\n"
    ".scores .name{display:block;font-size:1.3rem;font-weight:600}\n"
    ".scores .score{display:block;font-size:clamp(3rem,14vw,8rem);"
    "font-weight:700;line-height:1.05;font-variant-numeric:tabular-nums}\n"
    ".scores .mark{display:block;color:var(--dim)}\n"
    ".say{font-size:1.25rem}\n"
    ".coach{font-style:italic}\n"
    "pre{overflow-x:auto;max-width:100%;background:var(--card);"
    "padding:.4rem;border-radius:.3rem}\n"
    /* A board's table: its type as wide as the phone allows (wNN: its
     * widest line in columns; a monospace column is .6em), at least
     * .7rem; what is still wider wraps at spaces, never sideways. */
    "pre.table{white-space:pre-wrap;overflow-wrap:normal;"
    "overflow-x:visible;font-size:.7rem}\n"
    PRE_W(25) PRE_W(30) PRE_W(35) PRE_W(40) PRE_W(45) PRE_W(50)
    PRE_W(55) PRE_W(60) PRE_W(65) PRE_W(70) PRE_W(75) PRE_W(80)
    PRE_W(85) PRE_W(90) PRE_W(95) PRE_W(100)
    ".lead{font-size:1.1rem}\n"
    ".lead .gap,.ps{white-space:nowrap}\n"
    ".hint{color:var(--dim)}\n"
    ".pages{display:flex;gap:1rem;flex-wrap:wrap;margin:.5rem 0}\n"
    /* An entry: its number, then who and what on a line, the sentence
     * under them. */
    ".entries{padding-left:0;list-style:none}\n"
    ".entries li{display:grid;grid-template-columns:2.2rem 1fr;"
    "column-gap:.5rem;padding:.3rem 0;border-bottom:1px solid var(--card)}\n"
    ".entries .n{color:var(--dim);grid-row:span 2;text-align:right;"
    "font-variant-numeric:tabular-nums}\n"
    ".entries .who{font-weight:600}\n"
    ".entries .note{grid-column:2}\n"
    ".entries .undone{opacity:.55;text-decoration:line-through}\n"
    "table{border-collapse:collapse;width:100%}\n"
    "th,td{text-align:left;padding:.25rem .4rem;"
    "border-bottom:1px solid var(--card)}\n"
    ".race>svg{width:100%;height:auto;max-height:70vh}\n"
    ".key svg{vertical-align:middle}\n"
    "pre.review{white-space:pre-wrap}\n"
    "figure{margin:0}\n"
    ".key{list-style:none;padding:0;display:flex;flex-wrap:wrap;"
    "gap:.3rem 1.2rem}\n"
    "@media (min-width:60rem){body{font-size:1.3rem}}\n"
    /* On a phone the games and standings are cards, a cell a line, named. */
    "@media (max-width:40rem){table.cards thead{display:none}"
    "table.cards,table.cards tbody,table.cards tr,table.cards td"
    "{display:block}"
    "table.cards tr{background:var(--card);border-radius:.5rem;"
    "padding:.4rem .6rem;margin:.5rem 0}"
    "table.cards td{border:0;padding:.05rem 0}"
    "table.cards td::before{content:attr(data-label) \": \";"
    "color:var(--dim)}}\n";

/*
 * The live update: the board's event replaces the board; on another page,
 * or a board in a phone's language other than serve's (data-fetch), it
 * fetches the page again and replaces its main part.  Without it (no
 * JavaScript) a reload shows the same.
 */
static const char live_js[] =
    "\"use strict\";\n"
    "(function () {\n"
    "  var body = document.body, url = body.getAttribute(\"data-events\");\n"
    "  if (!url || !window.EventSource) return;\n"
    "  var es = new EventSource(url);\n"
    "  es.addEventListener(\"board\", function (ev) {\n"
    "    var main = document.getElementById(\"live\");\n"
    "    if (body.getAttribute(\"data-page\") === \"board\" &&\n"
    "        !body.hasAttribute(\"data-fetch\")) {\n"
    "      main.innerHTML = ev.data;\n"
    "      return;\n"
    "    }\n"
    "    fetch(location.href, { cache: \"no-store\" }).then(function (r) {\n"
    "      return r.ok ? r.text() : null;\n"
    "    }).then(function (t) {\n"
    "      if (t === null) return;\n"
    "      var d = new DOMParser().parseFromString(t, \"text/html\");\n"
    "      var m = d.getElementById(\"live\");\n"
    "      if (m) main.innerHTML = m.innerHTML;\n"
    "    }).catch(function () {});\n"
    "  });\n"
    "})();\n";

/* The icon: a die. */
static const char icon_svg[] =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\">"
    "<rect x=\"1\" y=\"1\" width=\"14\" height=\"14\" rx=\"3\" "
    "fill=\"#0b7a3e\"/><circle cx=\"5\" cy=\"5\" r=\"1.5\" fill=\"#fff\"/>"
    "<circle cx=\"8\" cy=\"8\" r=\"1.5\" fill=\"#fff\"/><circle cx=\"11\" "
    "cy=\"11\" r=\"1.5\" fill=\"#fff\"/></svg>\n";

/* A byte to the other thread's pipe fd (full: it has one already). */
static void
poke(int fd)
{
	ssize_t n;

	do
		n = write(fd, "", 1);
	while (n < 0 && errno == EINTR);
}

/* Read every byte poked at pipe fd (non-blocking). */
static void
drain_pokes(int fd)
{
	char b[64];

	while (read(fd, b, sizeof b) > 0)
		;
}

/* Drop a reference to job (under sv->mu); freed with the last. */
static void
job_drop(struct job *j)
{
	if (--j->refs > 0)
		return;
	buf_free(&j->page);
	free(j->arg);
	free(j);
}

/*
 * The reader: the board in this thread's language (a phone's) as a
 * page, the board's own game and entry kept.
 */
static void
page_board(struct serve *sv, struct buf *b)
{
	struct buf t = BUF_INIT;
	long long game = sv->game;
	int last = sv->last;

	page_head(sv, b, "board", N_("shakeref: the table"), sv->foreign);
	board_render(sv, &t);
	sv->game = game;
	sv->last = last;
	buf_puts(b, buf_str(&t));
	buf_free(&t);
	page_foot(b);
}

/*
 * The reader: job's page from the database (code 200, 404 for a game
 * that is not there, 503 when the database did not answer: the store
 * lost and not connected again), in the phone's language: this thread
 * speaks it meanwhile (uselocale; sv->foreign set).
 */
static void
job_run(struct serve *sv, struct job *j, struct buf *b, unsigned *code)
{
	struct sr_ctx *ctx = sv->ctx;
	struct i18n_speaking sp;
	char *why = NULL;
	int found = 1;

	*code = 503;
	if (ctx->store != NULL && store_lost(ctx->store) &&
	    sr_store_again(ctx, &why) != SR_OK) {
		free(why);
		return;
	}
	sp.loc = (locale_t)0;
	if (j->ll[0] != '\0' && i18n_speak(&sp, j->ll) != 0)
		sp.loc = (locale_t)0;
	sv->foreign = sp.loc != (locale_t)0;
	switch (j->kind) {
	case JOB_BOARD:
		page_board(sv, b);
		break;
	case JOB_GAMES:
		page_games(sv, b);
		break;
	case JOB_STANDINGS:
		page_standings(sv, b);
		break;
	case JOB_HISTORY:
		found = page_history(sv, b, j->id, j->arg) == 0;
		break;
	case JOB_REVIEW:
		found = page_review(sv, b, j->id) == 0;
		break;
	}
	i18n_speak_end(&sp);
	sv->foreign = 0;
	if (ctx->store == NULL || store_lost(ctx->store))
		return;
	*code = found ? 200 : 404;
}

/* The reader: the next job asked, or NULL. */
static struct job *
job_next(struct serve *sv)
{
	struct job *j;

	pthread_mutex_lock(&sv->mu);
	if ((j = sv->queue) != NULL && (sv->queue = j->queued) == NULL)
		sv->queue_end = NULL;
	pthread_mutex_unlock(&sv->mu);
	return j;
}

/*
 * The reader thread: the change notice (the board rendered again when
 * the game changed, handed to the HTTP thread) and the pages asked,
 * until quit.  Every wait for the database is here, bounded by the
 * store's own deadline (a league's connect_timeout).
 */
static void *
reader_main(void *arg)
{
	struct serve *sv = arg;
	struct sr_ctx *ctx = sv->ctx;
	struct notice *nt = sr_notice_open(ctx);
	struct pollfd pfd[2];
	struct buf b = BUF_INIT;
	struct job *j;
	unsigned code;
	int quit = 0, renew;

	while (!quit) {
		pfd[0].fd = sv->to_reader[0];
		pfd[0].events = POLLIN;
		pfd[1].fd = notice_fd(nt);
		pfd[1].events = POLLIN;
		if (poll(pfd, 2, notice_timeout(nt)) < 0 && errno != EINTR)
			break;
		drain_pokes(sv->to_reader[0]);
		pthread_mutex_lock(&sv->mu);
		quit = sv->quit;
		pthread_mutex_unlock(&sv->mu);
		if (quit)
			break;
		renew = notice_take(nt) && sr_notice_look(ctx, nt) &&
		    board_changed(sv);
		if (renew) {
			board_render(sv, &b);
			pthread_mutex_lock(&sv->mu);
			buf_free(&sv->fresh);
			sv->fresh = b;
			sv->has_fresh = 1;
			pthread_mutex_unlock(&sv->mu);
			memset(&b, 0, sizeof b);
			poke(sv->to_http[1]);
		}
		while ((j = job_next(sv)) != NULL) {
			pthread_mutex_lock(&sv->mu);
			renew = j->refs > 1;	/* still asked for */
			pthread_mutex_unlock(&sv->mu);
			code = 503;
			if (renew)
				job_run(sv, j, &b, &code);
			pthread_mutex_lock(&sv->mu);
			j->page = b;
			j->code = code;
			j->done = 1;
			job_drop(j);
			pthread_mutex_unlock(&sv->mu);
			memset(&b, 0, sizeof b);
			poke(sv->to_http[1]);
		}
		/* Notified while the pages read the store: look again. */
		notice_looked(nt);
	}
	notice_close(nt);
	return NULL;
}

/*
 * The HTTP thread: ask the reader for page kind (game id, ?page= arg or
 * NULL) for c, in language ll ("": serve's).
 */
static enum MHD_Result
job_start(struct serve *sv, struct MHD_Connection *c, enum job_kind kind,
    long long id, const char *ll, const char *arg, void **req)
{
	struct job *j = xcalloc(1, sizeof *j);

	j->kind = kind;
	j->id = id;
	snprintf(j->ll, sizeof j->ll, "%s", ll);
	j->arg = arg != NULL ? xstrdup(arg) : NULL;
	j->refs = 2;		/* the request's and the reader's */
	j->code = 503;
	j->conn = c;
	j->at = notice_now_ms();
	j->next = sv->waiting;
	if (sv->waiting != NULL)
		sv->waiting->prev = j;
	sv->waiting = j;
	*req = j;
	sv->lib.suspend(c);
	pthread_mutex_lock(&sv->mu);
	if (sv->queue_end != NULL)
		sv->queue_end->queued = j;
	else
		sv->queue = j;
	sv->queue_end = j;
	pthread_mutex_unlock(&sv->mu);
	poke(sv->to_reader[1]);
	return MHD_YES;
}

/* The HTTP thread: job's request no longer waits (resumed, or gone). */
static void
job_unwait(struct serve *sv, struct job *j)
{
	if (j->prev != NULL)
		j->prev->next = j->next;
	else if (sv->waiting == j)
		sv->waiting = j->next;
	if (j->next != NULL)
		j->next->prev = j->prev;
	j->prev = j->next = NULL;
}

/*
 * The HTTP thread: the requests whose page came, or that waited past
 * SERVE_PAGE_MS (or all, with all: stopping), resumed to be answered
 * at the next libmicrohttpd turn.  The milliseconds until the next one
 * is due (0: one was resumed), or -1.
 */
static long long
jobs_sweep(struct serve *sv, int all)
{
	struct job *j, *next;
	long long now = notice_now_ms(), due = -1, left;
	int done;

	for (j = sv->waiting; j != NULL; j = next) {
		next = j->next;
		pthread_mutex_lock(&sv->mu);
		done = j->done;
		pthread_mutex_unlock(&sv->mu);
		left = j->at + SERVE_PAGE_MS - now;
		if (done || all || left <= 0) {
			job_unwait(sv, j);
			sv->lib.resume(j->conn);
			due = 0;
		} else if (due < 0 || left < due)
			due = left;
	}
	return due;
}

/* The HTTP thread: answer job's request, resumed: its page, or 503. */
static enum MHD_Result
job_answer(struct serve *sv, struct MHD_Connection *c, struct job *j)
{
	struct buf b = BUF_INIT;
	unsigned code = 503;
	const char *t;

	pthread_mutex_lock(&sv->mu);
	if (j->done) {
		code = j->code;
		b = j->page;
		memset(&j->page, 0, sizeof j->page);
	}
	pthread_mutex_unlock(&sv->mu);
	if (code == 200)
		return answer_page(sv, c, &b);
	buf_free(&b);
	if (code == 404)
		return not_found(sv, c);
	t = _("the database does not answer; try again\n");
	return answer(sv, c, MHD_HTTP_SERVICE_UNAVAILABLE,
	    "text/plain; charset=utf-8", xstrdup(t), strlen(t));
}

/* A request over (MHD_OPTION_NOTIFY_COMPLETED): its job dropped. */
static void
request_done(void *cls, struct MHD_Connection *c, void **req,
    enum MHD_RequestTerminationCode why)
{
	struct serve *sv = cls;
	struct job *j = *req;

	(void)c;
	(void)why;
	if (j == NULL || (void *)j == (void *)sv)
		return;
	job_unwait(sv, j);
	pthread_mutex_lock(&sv->mu);
	job_drop(j);
	pthread_mutex_unlock(&sv->mu);
	*req = NULL;
}

/* 1 if the n bytes at a and b are equal, in time not telling where not. */
static int
same_secret(const char *a, const char *b, size_t n)
{
	unsigned char d = 0;
	size_t i;

	for (i = 0; i < n; i++)
		d |= (unsigned char)a[i] ^ (unsigned char)b[i];
	return d == 0;
}

/* A game's number from the path ("7", "7/review"); -1 if it is none. */
static long long
path_game(const char *p, const char **rest)
{
	long long id = 0;

	if (*p < '1' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (id > 100000000000LL)
			return -1;
		id = id * 10 + (*p - '0');
	}
	*rest = p;
	return id;
}

/* An event stream for the board: starts with the page's version. */
static enum MHD_Result
start_stream(struct serve *sv, struct MHD_Connection *c)
{
	struct stream *st = xcalloc(1, sizeof *st);
	struct MHD_Response *r;
	enum MHD_Result ret;
	const char *v = sv->lib.lookup(c, MHD_GET_ARGUMENT_KIND, "v");

	const union MHD_ConnectionInfo *ci = sv->lib.conn_info(c,
	    MHD_CONNECTION_INFO_CONNECTION_FD);

	st->sv = sv;
	st->conn = c;
	st->fd = ci != NULL ? ci->connect_fd : -1;
	st->seen = v != NULL ? strtoul(v, NULL, 10) : 0;
	st->keep = 1;		/* the first bytes: the headers go out */
	if ((r = sv->lib.from_callback(MHD_SIZE_UNKNOWN, 16384, stream_read,
	    st, stream_free)) == NULL) {
		free(st);
		return MHD_NO;
	}
	st->next = sv->streams;
	if (sv->streams != NULL)
		sv->streams->prev = st;
	sv->streams = st;
	sv->nstreams++;
	headers(sv, r, "text/event-stream");
	ret = sv->lib.queue_response(c, MHD_HTTP_OK, r);
	sv->lib.destroy_response(r);
	return ret;
}

/*
 * Close peer p: its socket shut, which libmicrohttpd finds at once and
 * closes (and tells peer_notify); its place counted free from now.
 */
static void
peer_cut(struct serve *sv, struct peer *p)
{
	if (p->cut)
		return;
	p->cut = 1;
	sv->npeers--;
	(void)shutdown(p->fd, SHUT_RDWR);
}

/*
 * Close the connections without the token that are past their time,
 * and the oldest ones while fewer than SERVE_SPARE places are free: a
 * holder of the token (a phone) always finds one.  The milliseconds
 * until the next one is due, or -1.
 */
static long long
peers_sweep(struct serve *sv)
{
	struct peer *p;
	long long now = notice_now_ms(), next = -1;

	for (p = sv->peers; p != NULL; p = p->next) {
		if (p->cut || p->token)
			continue;
		if (now - p->at >= SERVE_TOKEN_MS ||
		    sv->npeers > SERVE_CONNS - SERVE_SPARE)
			peer_cut(sv, p);
		else if (next < 0 || p->at + SERVE_TOKEN_MS - now < next)
			next = p->at + SERVE_TOKEN_MS - now;
	}
	return next;
}

/* A connection accepted or closed (MHD_OPTION_NOTIFY_CONNECTION). */
static void
peer_notify(void *cls, struct MHD_Connection *c, void **ctx,
    enum MHD_ConnectionNotificationCode what)
{
	struct serve *sv = cls;
	struct peer *p = *ctx;
	const union MHD_ConnectionInfo *ci;

	if (what == MHD_CONNECTION_NOTIFY_STARTED) {
		ci = sv->lib.conn_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
		p = xcalloc(1, sizeof *p);
		p->fd = ci != NULL ? ci->connect_fd : -1;
		p->at = notice_now_ms();
		p->prev = sv->last_peer;
		if (sv->last_peer != NULL)
			sv->last_peer->next = p;
		else
			sv->peers = p;
		sv->last_peer = p;
		sv->npeers++;
		*ctx = p;
		if (sv->npeers > SERVE_CONNS - SERVE_SPARE)
			(void)peers_sweep(sv);
		return;
	}
	if (p == NULL)
		return;
	if (p->prev != NULL)
		p->prev->next = p->next;
	else
		sv->peers = p->next;
	if (p->next != NULL)
		p->next->prev = p->prev;
	else
		sv->last_peer = p->prev;
	if (!p->cut)
		sv->npeers--;
	free(p);
	*ctx = NULL;
}

/* Connection c's request holds the token: it is kept. */
static void
peer_has_token(struct serve *sv, struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci = sv->lib.conn_info(c,
	    MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	struct peer *p = ci != NULL ? ci->socket_context : NULL;

	if (p != NULL)
		p->token = 1;
}

/*
 * Speak the phone's language in this (the HTTP) thread for this
 * request: the first of its Accept-Language, by weight (q=), that a
 * catalog speaks, else serve's own.  Its code into ll (what a job
 * carries to the reader thread, which speaks it in turn); "" for
 * serve's own.
 */
static void
serve_speak(struct serve *sv, struct MHD_Connection *c,
    struct i18n_speaking *sp, char ll[SERVE_LL])
{
	const char *h = sv->lib.lookup(c, MHD_HEADER_KIND, "Accept-Language");
	struct { char ll[SERVE_LL]; int q; } cand[16];
	int n = 0, i, best, d;
	size_t k;

	sp->loc = (locale_t)0;
	ll[0] = '\0';
	for (; h != NULL && *h != '\0' && n < 16; h += *h != '\0') {
		/* "de-AT;q=0.8": the primary tag, lower case, and q. */
		h += strspn(h, " \t");
		for (k = 0; (h[k] >= 'a' && h[k] <= 'z') || (h[k] >= 'A' &&
		    h[k] <= 'Z'); k++)
			if (k < 8)
				cand[n].ll[k] = (char)(h[k] | 0x20);
		cand[n].ll[k < 8 ? k : 8] = '\0';
		cand[n].q = 1000;
		h += strcspn(h, ";,");
		if (strncmp(h, ";q=", 3) == 0) {
			h += 3;
			cand[n].q = (*h == '1') ? 1000 : 0;
			if (*h >= '0' && *h <= '1' && h[1] == '.')
				for (d = 100, h += 2; *h >= '0' && *h <= '9' &&
				    d > 0; h++, d /= 10)
					cand[n].q += (*h - '0') * d;
		}
		h += strcspn(h, ",");
		if (k >= 2 && k <= 8 && cand[n].q > 0)
			n++;
	}
	/* The heaviest first, in the header's order when equal. */
	for (;;) {
		for (best = -1, i = 0; i < n; i++)
			if (cand[i].q > 0 && (best < 0 || cand[i].q >
			    cand[best].q))
				best = i;
		if (best < 0)
			return;
		if (i18n_speak(sp, cand[best].ll) == 0)
			break;
		cand[best].q = 0;
	}
	if (sp->loc != (locale_t)0)
		memcpy(ll, cand[best].ll, SERVE_LL);
}

/*
 * The page at path p (after the token) for request c (*req its job):
 * the board in serve's language at once, a page read from the database
 * (or the board in a phone's language ll) asked of the reader thread.
 */
static enum MHD_Result
serve_page(struct serve *sv, struct MHD_Connection *c, const char *p,
    const char *ll, void **req)
{
	struct buf b = BUF_INIT;
	const char *rest = "";
	long long id;

	if (*p == '/')
		p++;
	if (*p == '\0') {
		/* In the phone's language: the reader renders it. */
		if (ll[0] != '\0')
			return job_start(sv, c, JOB_BOARD, 0, ll, NULL, req);
		page_head(sv, &b, "board", N_("shakeref: the table"), 0);
		buf_puts(&b, buf_str(&sv->board));
		page_foot(&b);
		return answer_page(sv, c, &b);
	}
	if (strcmp(p, "events") == 0)
		return start_stream(sv, c);
	if (strcmp(p, "games") == 0)
		return job_start(sv, c, JOB_GAMES, 0, ll, NULL, req);
	if (strcmp(p, "standings") == 0)
		return job_start(sv, c, JOB_STANDINGS, 0, ll, NULL, req);
	if (strcmp(p, "style.css") == 0)
		return answer(sv, c, MHD_HTTP_OK, "text/css; charset=utf-8",
		    xstrdup(style_css), sizeof style_css - 1);
	if (strcmp(p, "live.js") == 0)
		return answer(sv, c, MHD_HTTP_OK,
		    "text/javascript; charset=utf-8", xstrdup(live_js),
		    sizeof live_js - 1);
	if (strcmp(p, "icon.svg") == 0)
		return answer(sv, c, MHD_HTTP_OK, "image/svg+xml",
		    xstrdup(icon_svg), sizeof icon_svg - 1);
	if (strncmp(p, "game/", 5) == 0 &&
	    (id = path_game(p + 5, &rest)) > 0) {
		/* ?page=N read here: the reader never asks the request. */
		if (strcmp(rest, "") == 0)
			return job_start(sv, c, JOB_HISTORY, id, ll,
			    sv->lib.lookup(c, MHD_GET_ARGUMENT_KIND, "page"),
			    req);
		if (strcmp(rest, "/review") == 0)
			return job_start(sv, c, JOB_REVIEW, id, ll, NULL, req);
	}
	return not_found(sv, c);
}

/* Every request: the token, GET or HEAD, then the page. */
static enum MHD_Result
serve_request(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **req)
{
	struct serve *sv = cls;
	struct i18n_speaking sp;
	size_t tl = strlen(sv->token);
	const char *p;
	char ll[SERVE_LL];
	enum MHD_Result ret;

	(void)version;
	(void)upload;
	/* Refused at once (and the connection closed, a body unread). */
	if (url[0] != '/' || strlen(url) < tl + 1 ||
	    !same_secret(url + 1, sv->token, tl) ||
	    (url[tl + 1] != '/' && url[tl + 1] != '\0'))
		return not_found(sv, c);
	peer_has_token(sv, c);
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
		p = _("GET or HEAD only\n");
		return answer(sv, c, MHD_HTTP_METHOD_NOT_ALLOWED,
		    "text/plain; charset=utf-8", xstrdup(p), strlen(p));
	}
	/* A page on the second call: the request read, the connection kept. */
	if (*req == NULL) {
		*req = sv;
		return MHD_YES;
	}
	if (*req == (void *)sv && *upload_size > 0) {
		*upload_size = 0;
		return MHD_YES;
	}
	/* This thread speaks the phone's language (uselocale) meanwhile. */
	serve_speak(sv, c, &sp, ll);
	/* A third, resumed: the page the reader gave, or 503. */
	if (*req != (void *)sv)
		ret = job_answer(sv, c, *req);
	else
		ret = serve_page(sv, c, url + tl + 1, ll, req);
	i18n_speak_end(&sp);
	return ret;
}
/*
 * Listen on ADDR:PORT ([ADDR]:PORT for IPv6): the socket, or -1 with
 * the message printed and *status set; *v6 set for an IPv6 address.
 */
static int
serve_listen(struct sr_ctx *ctx, const char *spec, int *v6, int *status)
{
	struct addrinfo hints, *ai = NULL;
	char *host = xstrdup(spec), *port = strrchr(host, ':'), *h = host;
	char *end;
	long pn;
	int fd = -1, one = 1, e;

	if (port == NULL || port == host || port[1] == '\0')
		goto bad;
	*port++ = '\0';
	pn = strtol(port, &end, 10);
	if (*end != '\0' || pn < 0 || pn > 65535 || *port < '0' ||
	    *port > '9')
		goto bad;
	if (*h == '[' && h[strlen(h) - 1] == ']') {
		h++;
		h[strlen(h) - 1] = '\0';
	}
	memset(&hints, 0, sizeof hints);
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE;
	if ((e = getaddrinfo(h, port, &hints, &ai)) != 0)
		goto bad;
	*v6 = ai->ai_family == AF_INET6;
	if ((fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC |
	    SOCK_NONBLOCK, 0)) < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
	    bind(fd, ai->ai_addr, ai->ai_addrlen) < 0 || listen(fd, 64) < 0) {
		*status = sr_error(ctx, SR_SYSTEM, "cannot listen on '%s': %s",
		    spec, strerror(errno));
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	freeaddrinfo(ai);
	free(host);
	return fd;
bad:
	*status = sr_error(ctx, SR_USAGE, "'%s' is not an address to listen "
	    "on; expected ADDR:PORT, such as 127.0.0.1:8080 or 0.0.0.0:8080",
	    spec);
	free(host);
	return -1;
}

/*
 * The host for the URL: the address listened on, or for 0.0.0.0 and ::
 * (every address) the first of this machine's that is not loopback, the
 * others into also ("http://HOST:PORT" a line: a phone may be on another
 * of the machine's networks).
 */
static void
url_host(int fd, struct buf *b, struct buf *also)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof ss;
	struct ifaddrs *ifs, *i;
	char a[INET6_ADDRSTRLEN] = "127.0.0.1";
	int port = 0, any = 0, v6 = 0;

	if (getsockname(fd, (struct sockaddr *)&ss, &len) == 0) {
		if (ss.ss_family == AF_INET) {
			struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;

			port = ntohs(s4->sin_port);
			any = s4->sin_addr.s_addr == htonl(INADDR_ANY);
			inet_ntop(AF_INET, &s4->sin_addr, a, sizeof a);
		} else {
			struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;

			port = ntohs(s6->sin6_port);
			any = IN6_IS_ADDR_UNSPECIFIED(&s6->sin6_addr);
			inet_ntop(AF_INET6, &s6->sin6_addr, a, sizeof a);
			v6 = 1;
		}
	}
	if (any && getifaddrs(&ifs) == 0) {
		char o[INET6_ADDRSTRLEN];
		int found = 0;

		snprintf(a, sizeof a, "%s", v6 ? "::1" : "127.0.0.1");
		for (i = ifs; i != NULL; i = i->ifa_next) {
			if (i->ifa_addr == NULL || i->ifa_addr->sa_family !=
			    AF_INET || !(i->ifa_flags & IFF_UP) ||
			    (i->ifa_flags & IFF_LOOPBACK))
				continue;
			inet_ntop(AF_INET, &((struct sockaddr_in *)(void *)
			    i->ifa_addr)->sin_addr, o, sizeof o);
			if (found++ == 0) {
				snprintf(a, sizeof a, "%s", o);
				v6 = 0;
			} else
				buf_printf(also, "http://%s:%d\n", o, port);
		}
		freeifaddrs(ifs);
	}
	buf_printf(b, v6 ? "http://[%s]:%d" : "http://%s:%d", a, port);
}

/*
 * The URL as a QR code on out in UTF-8 half blocks, two rows of modules
 * a line, light modules drawn (a dark terminal's way, as `qrencode -t
 * UTF8`); with paint, white on black whatever the terminal's colours.
 */
static void
qr_print(struct serve *sv, FILE *out, const char *url, int paint)
{
	static const char *const half[4] = { " ", "\u2580", "\u2584",
	    "\u2588" };
	QRcode *q;
	int w, x, y, m = 2, top, bot;

	if ((q = sv->lib.qr_encode(url, 0, QR_ECLEVEL_M, QR_MODE_8, 1)) ==
	    NULL)
		return;
	w = q->width;
	for (y = -m; y < w + m; y += 2) {
		fputs(paint ? term_on(TERM_CODE) : "", out);
		for (x = -m; x < w + m; x++) {
			/* 1: a light module (outside the code too). */
			top = x < 0 || x >= w || y < 0 || y >= w ||
			    !(q->data[y * w + x] & 1);
			bot = x < 0 || x >= w || y + 1 < 0 || y + 1 >= w ||
			    !(q->data[(y + 1) * w + x] & 1);
			fputs(half[top | bot << 1], out);
		}
		fprintf(out, "%s\n", paint ? term_off() : "");
	}
	sv->lib.qr_free(q);
}

/* Stop: every stream ended, the daemon stopped. */
static void
serve_end(struct serve *sv)
{
	struct stream *st;
	int i;

	sv->stopping = 1;
	for (st = sv->streams; st != NULL; st = st->next)
		if (st->suspended) {
			st->suspended = 0;
			sv->lib.resume(st->conn);
		}
	/* A few turns to end the streams (bounded): then stopped anyway. */
	for (i = 0; i < 20 && sv->streams != NULL; i++) {
		sv->lib.run(sv->d);
		if (sv->streams != NULL)
			poll(NULL, 0, 5);
	}
	for (st = sv->streams; st != NULL; st = st->next)
		if (st->suspended) {
			st->suspended = 0;
			sv->lib.resume(st->conn);
		}
	sv->lib.run(sv->d);
	sv->lib.stop_daemon(sv->d);
}

/*
 * Say where the scoreboard is (the URL of listening socket fd with the
 * token, the other addresses it answers at, the QR code) on ctx->out;
 * the URL into url.
 */
static void
serve_announce(struct serve *sv, int fd, struct buf *url)
{
	struct sr_ctx *ctx = sv->ctx;
	struct buf also = BUF_INIT;
	const char *line, *nl;

	url_host(fd, url, &also);
	buf_puts(url, sv->prefix);
	fprintf(ctx->out, _("the scoreboard at %s\n"), buf_str(url));
	for (line = buf_str(&also); *line != '\0'; line = nl + 1) {
		nl = strchr(line, '\n');
		fprintf(ctx->out, _("  also at %.*s%s\n"), (int)(nl - line),
		    line, sv->prefix);
	}
	buf_free(&also);
	qr_print(sv, ctx->out, buf_str(url), term_color(fileno(ctx->out),
	    ctx->color));
	fprintf(ctx->out, "%s", _("Ctrl-C stops it.\n"));
	fflush(ctx->out);
}

/* The reader thread started (0), or not (-1, errno set). */
static int
reader_start(struct serve *sv)
{
	int e;

	if (pipe2(sv->to_reader, O_NONBLOCK | O_CLOEXEC) != 0)
		return -1;
	if (pipe2(sv->to_http, O_NONBLOCK | O_CLOEXEC) != 0) {
		e = errno;
		close(sv->to_reader[0]);
		close(sv->to_reader[1]);
		errno = e;
		return -1;
	}
	if ((e = pthread_create(&sv->reader, NULL, reader_main, sv)) != 0) {
		close(sv->to_reader[0]);
		close(sv->to_reader[1]);
		close(sv->to_http[0]);
		close(sv->to_http[1]);
		errno = e;
		return -1;
	}
	sv->reading = 1;
	return 0;
}

/*
 * The reader thread told to end, and waited for: at most the store's
 * deadline, should it be waiting for the database.
 */
static void
reader_stop(struct serve *sv)
{
	struct job *j;

	if (!sv->reading)
		return;
	pthread_mutex_lock(&sv->mu);
	sv->quit = 1;
	pthread_mutex_unlock(&sv->mu);
	poke(sv->to_reader[1]);
	pthread_join(sv->reader, NULL);
	sv->reading = 0;
	/* The jobs it never took: its references dropped. */
	while ((j = job_next(sv)) != NULL) {
		pthread_mutex_lock(&sv->mu);
		job_drop(j);
		pthread_mutex_unlock(&sv->mu);
	}
	close(sv->to_reader[0]);
	close(sv->to_reader[1]);
	close(sv->to_http[0]);
	close(sv->to_http[1]);
}

/* The HTTP thread, poked: the board the reader rendered, published. */
static void
board_take(struct serve *sv)
{
	int fresh;

	drain_pokes(sv->to_http[0]);
	pthread_mutex_lock(&sv->mu);
	if ((fresh = sv->has_fresh) != 0) {
		buf_free(&sv->board);
		sv->board = sv->fresh;
		memset(&sv->fresh, 0, sizeof sv->fresh);
		sv->has_fresh = 0;
	}
	pthread_mutex_unlock(&sv->mu);
	if (fresh)
		board_publish(sv);
}

/*
 * Serve until SIGINT or SIGTERM (or limit_ms, unless -1): one poll over
 * libmicrohttpd's epoll descriptor epfd, the reader thread's pokes and
 * the waiting streams; the board the reader rendered published, the
 * pages it gave answered (503 past their time), the streams kept alive,
 * the connections without the token swept.  Then the reader and the
 * daemon stopped.  Nothing here waits for the database.
 */
static void
serve_loop(struct serve *sv, int epfd, long long limit_ms)
{
	struct sigaction sa, oldpipe;
	struct notice_signals ns;
	struct pollfd *pfd = NULL;
	MHD_UNSIGNED_LONG_LONG mt;
	struct timespec t0, t, ts;
	long long keep_at, now, wait, due;
	int timeout, npfd, cap = 0;

	/*
	 * The signals wait blocked, let in only inside ppoll(): none lost
	 * (the reader thread, started after, keeps them blocked).
	 */
	serve_stop = 0;
	notice_signals(&ns, on_stop, 0, NULL);
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, &oldpipe);
	if (reader_start(sv) != 0)
		serve_stop = 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	keep_at = SERVE_KEEP_MS;
	while (!serve_stop) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		now = (long long)(t.tv_sec - t0.tv_sec) * 1000 +
		    (t.tv_nsec - t0.tv_nsec) / 1000000;
		if (limit_ms >= 0 && now >= limit_ms)
			break;
		wait = keep_at - now;
		if (limit_ms >= 0 && limit_ms - now < wait)
			wait = limit_ms - now;
		if (sv->lib.get_timeout(sv->d, &mt) == MHD_YES &&
		    (long long)mt < wait)
			wait = (long long)mt;
		if ((due = peers_sweep(sv)) >= 0 && due < wait)
			wait = due;
		if ((due = jobs_sweep(sv, 0)) >= 0 && due < wait)
			wait = due;
		timeout = wait < 0 ? 0 : (int)wait;
		npfd = serve_pollfds(sv, epfd, sv->to_http[0], &pfd, &cap);
		ts.tv_sec = timeout / 1000;
		ts.tv_nsec = (long)(timeout % 1000) * 1000000;
		if (ppoll(pfd, (nfds_t)npfd, &ts, &ns.wait) < 0 &&
		    errno != EINTR)
			break;
		if (serve_stop)
			break;
		streams_gone(sv, pfd, npfd);
		board_take(sv);
		(void)jobs_sweep(sv, 0);
		if (now >= keep_at) {
			streams_keep(sv);
			keep_at = now + SERVE_KEEP_MS;
		}
		sv->lib.run(sv->d);
	}
	free(pfd);
	reader_stop(sv);
	(void)jobs_sweep(sv, 1);
	serve_end(sv);
	notice_signals_end(&ns);
	sigaction(SIGPIPE, &oldpipe, NULL);
}

/*
 * The database answers before anything is served, so that no database is
 * exit 3 as for every other command: a league's open asks the server
 * nothing (the schema's version comes with the first read), and the
 * board's reads show a failure on the page.
 */
static int
serve_check(struct sr_ctx *ctx)
{
	char *why = NULL;
	long long cur;
	int status;

	if ((status = store_begin(ctx->store, 0, &why)) == SR_OK)
		status = store_current(ctx->store, &cur, &why);
	store_rollback(ctx->store);
	return status == SR_OK ? SR_OK : sr_store_error(ctx, status, why);
}

/* serve [--listen ADDR:PORT] [--max-seconds N] */
static int
cmd_serve_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct serve *sv;
	struct buf url = BUF_INIT;
	const union MHD_DaemonInfo *info;
	const char *listen_on = args_get(args, "listen"), *max;
	unsigned char raw[TOKEN_BYTES];
	long long limit_ms = -1;
	char *end;
	int fd, v6 = 0, i, status;

	if ((max = args_get(args, "max-seconds")) != NULL) {
		limit_ms = strtoll(max, &end, 10);
		if (*max < '0' || *max > '9' || *end != '\0' ||
		    limit_ms < 1 || limit_ms > 31536000)
			return sr_error(ctx, SR_USAGE, "'%s' is not a number "
			    "of seconds (1 to 31536000)", max);
		limit_ms *= 1000;
	}
	/*
	 * Still one thread: serve's language kept by the locale alone, so
	 * that each thread may speak a phone's by its own (uselocale);
	 * never the environment, which every thread's gettext reads.
	 */
	(void)i18n_settle(ctx->language);
	if ((fd = serve_listen(ctx, listen_on != NULL ? listen_on :
	    SERVE_LISTEN, &v6, &status)) < 0)
		return status;
	if ((status = sr_store(ctx)) != SR_OK ||
	    (status = serve_check(ctx)) != SR_OK) {
		close(fd);
		return status;
	}
	sv = xcalloc(1, sizeof *sv);
	sv->ctx = ctx;
	sv->pinned = ctx->game;
	if (serve_load(ctx, &sv->lib) != 0 ||
	    getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw) {
		close(fd);
		free(sv);
		return sr_error(ctx, SR_SYSTEM, "cannot start: %s",
		    errno != 0 ? strerror(errno) : _("no library"));
	}
	for (i = 0; i < TOKEN_BYTES; i++)
		snprintf(sv->token + i * 2, 3, "%02x", raw[i]);
	snprintf(sv->prefix, sizeof sv->prefix, "/%s/", sv->token);
	pthread_mutex_init(&sv->mu, NULL);
	board_render(sv, &sv->board);
	board_publish(sv);
	sv->d = sv->lib.start_daemon(MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
	    (v6 ? MHD_USE_IPv6 : 0), 0, NULL, NULL, serve_request, sv,
	    MHD_OPTION_LISTEN_SOCKET, fd,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned)SERVE_CONNS,
	    MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)SERVE_PER_IP,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SERVE_IDLE_S,
	    MHD_OPTION_NOTIFY_CONNECTION, peer_notify, sv,
	    MHD_OPTION_NOTIFY_COMPLETED, request_done, sv,
	    MHD_OPTION_END);
	if (sv->d == NULL || (info = sv->lib.get_daemon_info(sv->d,
	    MHD_DAEMON_INFO_EPOLL_FD)) == NULL) {
		close(fd);
		blob_drop(sv->event);
		buf_free(&sv->board);
		pthread_mutex_destroy(&sv->mu);
		free(sv);
		return sr_error(ctx, SR_SYSTEM, "cannot start the web server");
	}
	serve_announce(sv, fd, &url);
	serve_loop(sv, info->epoll_fd, limit_ms);
	blob_drop(sv->event);
	buf_free(&sv->board);
	buf_free(&sv->fresh);
	pthread_mutex_destroy(&sv->mu);
	buf_free(&url);
	free(sv);
	fprintf(ctx->out, "%s", _("stopped\n"));
	ctx->cmd = "serve";
	return SR_OK;
}

const struct cmd_entry cmd_serve_entry = {
	.name = "serve",
	.usage = "[--listen ADDR:PORT] [--max-seconds N]",
	.summary = N_("the scoreboard on every phone at the table: read-only "
	    "web pages of the game, live"),
	.spec = { .opts = { { "listen", CMD_VALUE | CMD_NONEMPTY },
	    { "max-seconds", CMD_VALUE | CMD_NONEMPTY } },
	    .hint = N_("; expected [--listen ADDR:PORT] [--max-seconds N]") },
	.exec = cmd_serve_exec,
};
