/*
 * serve-reply.c: answers: the headers every answer carries, pages, 404, the
 * event streams (server-sent events) and the board's event (serve, cmd-serve.c).
 */
#include "serve.h"

/* Drop a reference to an event's bytes. */
void
sv_blob_drop(struct blob *bl)
{
	if (bl != NULL && --bl->refs == 0) {
		free(bl->s);
		free(bl);
	}
}

/* The board in sv->board a new version, its event; every stream woken. */
void
sv_board_publish(struct serve *sv)
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
	sv_blob_drop(sv->event);
	sv->event = bl;
	for (st = sv->streams; st != NULL; st = st->next)
		if (st->suspended) {
			st->suspended = 0;
			sv->lib.resume(st->conn);
		}
}

/*
 * An event stream's next bytes: the event being sent, else the board's
 * when this stream has not had it, else a keep-alive when due; else it
 * waits suspended until sv_board_publish() or the keep-alive wakes it.
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
			sv_blob_drop(st->out);
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
	sv_blob_drop(st->out);
	free(st);
}

/*
 * The descriptors to poll: libmicrohttpd's, the notice's, and each
 * waiting stream's socket for its client hanging up (libmicrohttpd does
 * not look at a suspended connection: a phone gone would hold its place
 * until the keep-alive).  Returns how many; *pfd grown as needed.
 */
int
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
void
sv_streams_gone(struct serve *sv, const struct pollfd *pfd, int n)
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
void
sv_streams_keep(struct serve *sv)
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
	/*
	 * With --enter the forms post to serve alone, and a POST carries
	 * serve's own origin (a page without a referrer would send
	 * "Origin: null"); the token never leaves serve either way.
	 */
	sv->lib.add_header(r, "Content-Security-Policy", sv->enter ?
	    "default-src 'none'; script-src 'self'; style-src 'self'; "
	    "img-src 'self'; connect-src 'self'; base-uri 'none'; "
	    "form-action 'self'; frame-ancestors 'none'" :
	    "default-src 'none'; "
	    "script-src 'self'; style-src 'self'; img-src 'self'; "
	    "connect-src 'self'; base-uri 'none'; form-action 'none'; "
	    "frame-ancestors 'none'");
	sv->lib.add_header(r, "X-Content-Type-Options", "nosniff");
	sv->lib.add_header(r, "Referrer-Policy", sv->enter ? "same-origin" :
	    "no-referrer");
	sv->lib.add_header(r, "Cache-Control", "no-store");
	/* A page speaks the phone's language (serve_speak). */
	sv->lib.add_header(r, "Vary", "Accept-Language");
	if (sv->set_cookie != NULL)
		sv->lib.add_header(r, "Set-Cookie", sv->set_cookie);
}

/* Queue text (malloc'd, taken; NULL: "") with status code and type. */
enum MHD_Result
sv_answer(struct serve *sv, struct MHD_Connection *c, unsigned code,
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
		sv->lib.add_header(r, "Allow", sv->enter ? "GET, HEAD, POST" :
		    "GET, HEAD");
	ret = sv->lib.queue_response(c, code, r);
	sv->lib.destroy_response(r);
	return ret;
}

/* Answer with page b (taken). */
enum MHD_Result
sv_answer_page(struct serve *sv, struct MHD_Connection *c, struct buf *b)
{
	size_t len = b->len;

	return sv_answer(sv, c, MHD_HTTP_OK, "text/html; charset=utf-8", b->s,
	    len);
}

/* 404, the same for every path that is not a page. */
enum MHD_Result
sv_not_found(struct serve *sv, struct MHD_Connection *c)
{
	const char *t = _("not found\n");

	return sv_answer(sv, c, MHD_HTTP_NOT_FOUND, "text/plain; charset=utf-8",
	    xstrdup(t), strlen(t));
}

/* An event stream for the board: starts with the page's version. */
enum MHD_Result
sv_start_stream(struct serve *sv, struct MHD_Connection *c)
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

/* The place of the answer remembered for form id fid, or -1. */
int
sv_fid_find(struct serve *sv, const char *fid)
{
	int i;

	if (fid == NULL || fid[0] == '\0')
		return -1;
	for (i = 0; i < SERVE_ANSWERS; i++)
		if (strcmp(sv->answers[i].fid, fid) == 0)
			return i;
	return -1;
}

/*
 * Form id fid's answer remembered (code 0: asked, not answered yet),
 * the oldest forgotten; its place.
 */
int
sv_fid_keep(struct serve *sv, const char *fid, unsigned code, int status,
    const char *told)
{
	int i = sv_fid_find(sv, fid);

	if (i < 0) {
		i = sv->nanswer;
		sv->nanswer = (sv->nanswer + 1) % SERVE_ANSWERS;
		snprintf(sv->answers[i].fid, sizeof sv->answers[i].fid, "%s",
		    fid);
	}
	free(sv->answers[i].told);
	sv->answers[i].told = told != NULL ? xstrdup(told) : NULL;
	free(sv->answers[i].line);
	sv->answers[i].line = NULL;
	sv->answers[i].code = code;
	sv->answers[i].status = status;
	return i;
}

/*
 * 303 to the players' page (after it, loc: "?r=FID", "?confirm=undo";
 * NULL: the page), with a cookie to set (or NULL).
 */
enum MHD_Result
sv_see_other(struct serve *sv, struct MHD_Connection *c, const char *loc,
    const char *cookie)
{
	struct MHD_Response *r;
	enum MHD_Result ret;
	char *to = xasprintf("%s%s", sv->pprefix, loc != NULL ? loc : "");

	if ((r = sv->lib.from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT))
	    == NULL) {
		free(to);
		return MHD_NO;
	}
	headers(sv, r, "text/plain; charset=utf-8");
	sv->lib.add_header(r, "Location", to);
	if (cookie != NULL)
		sv->lib.add_header(r, "Set-Cookie", cookie);
	ret = sv->lib.queue_response(c, MHD_HTTP_SEE_OTHER, r);
	sv->lib.destroy_response(r);
	free(to);
	return ret;
}

/* Answer i (or none, -1) given job j's line on serve's terminal. */
static void
fid_line(struct serve *sv, int i, const struct job *j)
{
	if (i < 0 || j->line == NULL)
		return;
	free(sv->answers[i].line);
	sv->answers[i].line = xstrdup(j->line);
	sv->answers[i].at = j->line_at;
}

/*
 * The HTTP thread: the answer of an entry from a phone (j, done): 303 to
 * the page that shows its ruling, remembered by its form id, or 409
 * with the fresh page b (taken).
 */
enum MHD_Result
sv_post_answer(struct serve *sv, struct MHD_Connection *c, struct job *j,
    unsigned code, struct buf *b)
{
	size_t len = b->len;

	int i = -1;

	if (code == 409) {
		if (j->ph.fid != NULL)
			i = sv_fid_keep(sv, j->ph.fid, 409, SR_DATA,
			    j->ph.said);
		fid_line(sv, i, j);
		if (b->s == NULL)
			b->s = xstrdup("");
		return sv_answer(sv, c, MHD_HTTP_CONFLICT,
		    "text/html; charset=utf-8", b->s, len);
	}
	buf_free(b);
	if (j->told != NULL && j->ph.fid != NULL) {
		i = sv_fid_keep(sv, j->ph.fid, 303, j->status, j->told);
		fid_line(sv, i, j);
	} else if (j->ph.fid != NULL)	/* asked to confirm: not an answer */
		sv->answers[sv_fid_keep(sv, j->ph.fid, 0, 0, NULL)].fid[0] =
		    '\0';
	return sv_see_other(sv, c, j->arg, NULL);
}
