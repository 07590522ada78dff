/*
 * serve-http.c: every request: the token, the connections (peers) without it,
 * the phone's language, the page asked (serve, cmd-serve.c).
 */
#include "serve.h"

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

/*
 * Close peer p: its socket shut, which libmicrohttpd finds at once and
 * closes (and tells sv_peer_notify); its place counted free from now.
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
long long
sv_peers_sweep(struct serve *sv)
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
void
sv_peer_notify(void *cls, struct MHD_Connection *c, void **ctx,
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
			(void)sv_peers_sweep(sv);
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
void
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
 * Ask the reader for page kind (see sv_job_start); on the players' link
 * (players) with what the phone says beside it (its holder ...).
 */
static enum MHD_Result
ask(struct serve *sv, struct MHD_Connection *c, enum job_kind kind,
    long long id, const char *ll, const char *arg, void **req, int players)
{
	struct job *j = sv_job_new(kind, id, ll, arg);

	if ((j->players = players) != 0)
		sv_phone_get(sv, c, &j->ph);
	return sv_job_queue(sv, c, j, req);
}

/*
 * The page at path p (after the token) for request c (*req its job):
 * the board in serve's language at once, a page read from the database
 * (or the board in a phone's language ll) asked of the reader thread.
 */
static enum MHD_Result
serve_page(struct serve *sv, struct MHD_Connection *c, const char *p,
    const char *ll, void **req, int players)
{
	struct buf b = BUF_INIT;
	const char *rest = "";
	long long id;

	if (*p == '/')
		p++;
	if (*p == '\0') {
		/* In the phone's language: the reader renders it. */
		if (ll[0] != '\0' || players)
			return ask(sv, c, JOB_BOARD, 0, ll, NULL, req,
			    players);
		sv_page_head(sv, &b, "board", N_("shakeref: the table"), 0);
		buf_puts(&b, buf_str(&sv->board));
		sv_page_foot(&b);
		return sv_answer_page(sv, c, &b);
	}
	if (strcmp(p, "events") == 0)
		return sv_start_stream(sv, c);
	if (strcmp(p, "games") == 0)
		return ask(sv, c, JOB_GAMES, 0, ll, NULL, req, players);
	if (strcmp(p, "standings") == 0)
		return ask(sv, c, JOB_STANDINGS, 0, ll, NULL, req, players);
	if (strcmp(p, "style.css") == 0)
		return sv_answer(sv, c, MHD_HTTP_OK, "text/css; charset=utf-8",
		    xstrdup(sv_style_css), strlen(sv_style_css));
	if (strcmp(p, "live.js") == 0)
		return sv_answer(sv, c, MHD_HTTP_OK,
		    "text/javascript; charset=utf-8", xstrdup(sv_live_js),
		    strlen(sv_live_js));
	if (strcmp(p, "icon.svg") == 0)
		return sv_answer(sv, c, MHD_HTTP_OK, "image/svg+xml",
		    xstrdup(sv_icon_svg), strlen(sv_icon_svg));
	if (strncmp(p, "game/", 5) == 0 &&
	    (id = path_game(p + 5, &rest)) > 0) {
		/* ?page=N read here: the reader never asks the request. */
		if (strcmp(rest, "") == 0)
			return ask(sv, c, JOB_HISTORY, id, ll,
			    sv->lib.lookup(c, MHD_GET_ARGUMENT_KIND, "page"),
			    req, players);
		if (strcmp(rest, "/review") == 0)
			return ask(sv, c, JOB_REVIEW, id, ll, NULL, req,
			    players);
	}
	return sv_not_found(sv, c);
}

/*
 * Which link url is: 1 the watchers', 2 the players' (serve --enter),
 * 0 neither; the path after the token into *p.
 */
static int
which_link(struct serve *sv, const char *url, const char **p)
{
	size_t tl = strlen(sv->token);

	if (url[0] != '/' || strlen(url) < tl + 1 ||
	    (url[tl + 1] != '/' && url[tl + 1] != '\0'))
		return 0;
	*p = url + tl + 1;
	if (same_secret(url + 1, sv->token, tl))
		return 1;
	if (sv->enter && same_secret(url + 1, sv->ptoken, tl))
		return 2;
	return 0;
}

/*
 * Every request: the token, GET or HEAD, then the page; with --enter a
 * POST to the players' link (serve-post.c), 403 to the watchers'.
 */
enum MHD_Result
serve_request(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **req)
{
	struct serve *sv = cls;
	struct i18n_speaking sp;
	const char *p = NULL, *path;
	char ll[SERVE_LL];
	enum MHD_Result ret;
	int link;

	(void)version;
	/* Refused at once (and the connection closed, a body unread). */
	if ((link = which_link(sv, url, &path)) == 0)
		return sv_not_found(sv, c);
	peer_has_token(sv, c);
	if (strcmp(method, "POST") == 0 && sv->enter) {
		serve_speak(sv, c, &sp, ll);
		if (link == 1) {
			p = N_("this link only watches: enter through the "
			    "players' link\n");
			sv->note_code = MHD_HTTP_FORBIDDEN;
			sv->note_msgid = p;
			ret = sv_answer(sv, c, MHD_HTTP_FORBIDDEN,
			    "text/plain; charset=utf-8", xstrdup(_(p)),
			    strlen(_(p)));
		} else
			ret = sv_post(sv, c, path + (*path == '/'), upload,
			    upload_size, req, ll);
		i18n_speak_end(&sp);
		sv_post_said(sv, path + (*path == '/'));
		return ret;
	}
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
		p = sv->enter ? _("GET, HEAD or POST only\n") :
		    _("GET or HEAD only\n");
		return sv_answer(sv, c, MHD_HTTP_METHOD_NOT_ALLOWED,
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
		ret = sv_job_answer(sv, c, *req);
	else
		ret = serve_page(sv, c, path, ll, req, link == 2);
	i18n_speak_end(&sp);
	return ret;
}
