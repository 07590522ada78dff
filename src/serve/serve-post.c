/*
 * serve-post.c: a POST from a phone on the players' link (serve
 * --enter, SPEC.md "serve --enter"), in the HTTP thread: serve's own
 * Origin (else Referer) or 403, a body of SERVE_BODY bytes at most (413)
 * read by libmicrohttpd's post processor, SERVE_RATE entries a second
 * from one phone (its cookie, else its address: 429), a form id already answered given its first
 * answer again; then "who" answered here (a cookie for the game) and an
 * entry asked of the reader thread, which alone writes.  And what a
 * phone's GET on the players' link carries (cookies, ?pad= ...).
 */
#include <arpa/inet.h>
#include <netinet/in.h>

#include "serve.h"

/* A field's value kept (the first of its name; at most SERVE_BODY). */
static void
field_set(char **to, const char *data, uint64_t off, size_t size)
{
	size_t had = *to != NULL ? strlen(*to) : 0;

	if (off != had || had + size > SERVE_BODY)
		return;
	*to = xreallocarray(*to, had + size + 1, 1);
	memcpy(*to + had, data, size);
	(*to)[had + size] = '\0';
}

/* The post processor's iterator: the fields a form sends. */
static enum MHD_Result
post_field(void *cls, enum MHD_ValueKind kind, const char *key,
    const char *filename, const char *type, const char *encoding,
    const char *data, uint64_t off, size_t size)
{
	struct phone *ph = cls;
	static const char *const name[] = { "line", "verb", "args", "n",
	    "fid", "confirm", "who", "g", "mine", NULL };
	char **to[] = { &ph->line, &ph->verb, &ph->args, &ph->n, &ph->fid,
	    &ph->yes, &ph->set_who, &ph->g, &ph->mine };
	int i;

	(void)kind;
	(void)filename;
	(void)type;
	(void)encoding;
	for (i = 0; name[i] != NULL; i++)
		if (strcmp(key, name[i]) == 0) {
			if (ph->set_who == NULL && i == 6 && size == 0)
				ph->set_who = xstrdup("");
			field_set(to[i], data, off, size);
			break;
		}
	return MHD_YES;
}

/* A who_ID cookie, collected as "ID\tNAME\n" (MHD_get_connection_values). */
static enum MHD_Result
cookie_who(void *cls, enum MHD_ValueKind kind, const char *key,
    const char *value)
{
	struct buf *b = cls;
	const char *p;

	(void)kind;
	if (strncmp(key, "who_", 4) != 0 || key[4] < '1' || key[4] > '9' ||
	    value == NULL || strlen(value) > 3 * STORE_NAME_MAX)
		return MHD_YES;
	for (p = key + 4; *p >= '0' && *p <= '9'; p++)
		;
	if (*p == '\0' && p - key < 20)
		buf_printf(b, "%s\t%s\n", key + 4, value);
	return MHD_YES;
}

/* What phone c's request says beside its page: cookies, ?pad= ... */
void
sv_phone_get(struct serve *sv, struct MHD_Connection *c, struct phone *ph)
{
	struct buf b = BUF_INIT;
	const char *v;
	char *s, *e;
	int i;

	sv->lib.values(c, MHD_COOKIE_KIND, cookie_who, &b);
	/* The names percent-encoded (sv_post's cookie): decoded here. */
	for (s = b.s; s != NULL && (e = strchr(s, '\n')) != NULL; s = e + 1) {
		*e = '\0';
		(void)sv->lib.unescape(s);
		s[strlen(s)] = '\n';
		e = s + strlen(s) - 1;
	}
	/* A name with a tab or newline in it is no cookie of serve's. */
	ph->cookies = xstrdup(buf_str(&b));
	buf_free(&b);
	if ((v = sv->lib.lookup(c, MHD_COOKIE_KIND, "phone")) != NULL &&
	    strlen(v) > 0 && strlen(v) <= 32 &&
	    strspn(v, "0123456789abcdef") == strlen(v))
		ph->phone = xstrdup(v);
	if ((v = sv->lib.lookup(c, MHD_GET_ARGUMENT_KIND, "pad")) != NULL &&
	    strlen(v) < 200)
		ph->pad = xstrdup(v);
	if ((v = sv->lib.lookup(c, MHD_GET_ARGUMENT_KIND, "confirm")) != NULL &&
	    strlen(v) < 8)
		ph->confirm = xstrdup(v);
	v = sv->lib.lookup(c, MHD_GET_ARGUMENT_KIND, "who");
	ph->pick = v != NULL && strcmp(v, "change") == 0;
	v = sv->lib.lookup(c, MHD_GET_ARGUMENT_KIND, "r");
	if ((i = sv_fid_find(sv, v)) >= 0 && sv->answers[i].told != NULL) {
		ph->said = xstrdup(sv->answers[i].told);
		ph->said_status = sv->answers[i].status;
	}
}

/*
 * 1 if c's Origin is serve's own (http:// and the Host the phone asked),
 * else its Referer begins with it; no Origin nor Referer: 0.
 */
static int
same_origin(struct serve *sv, struct MHD_Connection *c)
{
	const char *host = sv->lib.lookup(c, MHD_HEADER_KIND, "Host");
	const char *o = sv->lib.lookup(c, MHD_HEADER_KIND, "Origin");
	const char *r = sv->lib.lookup(c, MHD_HEADER_KIND, "Referer");
	size_t hl;

	if (host == NULL || host[0] == '\0')
		return 0;
	hl = strlen(host);
	if (o != NULL && strcmp(o, "null") != 0)
		return strncmp(o, "http://", 7) == 0 &&
		    strncmp(o + 7, host, hl) == 0 && o[7 + hl] == '\0';
	return r != NULL && strncmp(r, "http://", 7) == 0 &&
	    strncmp(r + 7, host, hl) == 0 && r[7 + hl] == '/';
}

/*
 * 1 if the phone (its cookie, phone; else c's address) made most
 * entries in this second already.
 */
static int
too_fast(struct serve *sv, struct MHD_Connection *c, const char *phone,
    int most)
{
	const union MHD_ConnectionInfo *ci = sv->lib.conn_info(c,
	    MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	char a[48] = "";
	long long now = notice_now_ms();
	int i, old = 0;

	if (phone != NULL)
		snprintf(a, sizeof a, "%s", phone);
	else if (ci != NULL && ci->client_addr != NULL) {
		if (ci->client_addr->sa_family == AF_INET6)
			inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)
			    (const void *)ci->client_addr)->sin6_addr, a,
			    sizeof a);
		else
			inet_ntop(AF_INET, &((const struct sockaddr_in *)
			    (const void *)ci->client_addr)->sin_addr, a,
			    sizeof a);
	}
	for (i = 0; i < SERVE_PHONES; i++) {
		if (strcmp(sv->phones[i].addr, a) == 0)
			break;
		if (sv->phones[i].at < sv->phones[old].at)
			old = i;
	}
	if (i == SERVE_PHONES) {
		i = old;
		snprintf(sv->phones[i].addr, sizeof sv->phones[i].addr, "%s",
		    a);
		sv->phones[i].n = 0;
		sv->phones[i].at = now;
	}
	if (now - sv->phones[i].at >= 1000) {
		sv->phones[i].at = now;
		sv->phones[i].n = 0;
	}
	return ++sv->phones[i].n > most;
}

/* A plain-text refusal with code. */
static enum MHD_Result
refuse(struct serve *sv, struct MHD_Connection *c, unsigned code,
    const char *msg)
{
	const char *t = _(msg);

	sv->note_code = code;
	sv->note_msgid = msg;
	return sv_answer(sv, c, code, "text/plain; charset=utf-8",
	    xstrdup(t), strlen(t));
}

/* "who": the holder said, kept in a cookie for the game; 303. */
static enum MHD_Result
post_who(struct serve *sv, struct MHD_Connection *c, struct phone *ph)
{
	struct buf v = BUF_INIT;
	enum MHD_Result ret;
	char *cookie;
	const char *g = ph->g != NULL ? ph->g : "";
	const unsigned char *s;

	if (ph->set_who == NULL || g[0] < '1' || g[0] > '9' ||
	    strspn(g, "0123456789") != strlen(g) || strlen(g) > 18)
		return refuse(sv, c, MHD_HTTP_BAD_REQUEST,
		    N_("expected the fields who and g\n"));
	for (s = (const unsigned char *)ph->set_who; *s != '\0'; s++)
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9'))
			buf_printf(&v, "%c", *s);
		else
			buf_printf(&v, "%%%02X", *s);
	cookie = xasprintf("who_%s=%s; Path=%s; Max-Age=31536000; "
	    "HttpOnly; SameSite=Strict", g, buf_str(&v), sv->pprefix);
	ret = sv_see_other(sv, c, NULL, cookie);
	sv->note_code = MHD_HTTP_SEE_OTHER;
	free(sv->note_who);
	sv->note_who = xstrdup(ph->set_who);
	free(cookie);
	buf_free(&v);
	return ret;
}

/*
 * The line on serve's terminal for a POST answered here (sv->note_*),
 * in serve's language (the phone's no longer spoken), then forgotten.
 */
void
sv_post_said(struct serve *sv, const char *path)
{
	size_t len;
	char *t;

	if (sv->note_code == 0)
		return;
	if (sv->note_who != NULL) {
		t = sv->note_who[0] == '\0' ?
		    xstrdup(_("This phone enters for the table.")) :
		    xasprintf(_("I am %s"), sv->note_who);
		fprintf(sv->term, _("phone: %s: %s\n"), path, t);
		free(t);
	} else {
		t = xstrdup(sv->note_msgid != NULL ? _(sv->note_msgid) : "");
		if ((len = strlen(t)) > 0 && t[len - 1] == '\n')
			t[len - 1] = '\0';
		/* TRANSLATORS: serve's line for a POST refused: path, code. */
		fprintf(sv->term, _("phone: %s: refused (%u) %s\n"), path,
		    sv->note_code, t);
		free(t);
	}
	fflush(sv->term);
	free(sv->note_who);
	sv->note_who = NULL;
	sv->note_code = 0;
	sv->note_msgid = NULL;
}

/*
 * The line on serve's terminal for a form sent again (answer i): the
 * first one's who and what, "again:" and its ruling (nothing recorded
 * more); a form whose first answer is not given yet, said so.
 */
static void
said_again(struct serve *sv, int i)
{
	const char *l = sv->answers[i].line;
	size_t at = sv->answers[i].at;

	if (l != NULL && at <= strlen(l))
		/* TRANSLATORS: serve's line for a form sent again: who and
		   what (as first said), then the first answer's ruling. */
		fprintf(sv->term, _("%.*sagain: %s\n"), (int)at, l, l + at);
	else
		fprintf(sv->term, _("phone: enter: a form sent again before "
		    "its first answer: nothing entered\n"));
	fflush(sv->term);
}

/*
 * A POST to path (after the players' token) for c: the first call (*req
 * NULL) checks what it can before the body; then the body through the
 * post processor; at its end, answered (who) or asked of the reader
 * (an entry), in language ll.
 */
enum MHD_Result
sv_post(struct serve *sv, struct MHD_Connection *c, const char *path,
    const char *upload, size_t *upload_size, void **req, const char *ll)
{
	struct job *j = *req;
	enum MHD_Result ret;
	const char *len;
	char *loc;
	int i;

	if (j == NULL) {
		if (strcmp(path, "enter") != 0 && strcmp(path, "who") != 0) {
			sv->note_code = MHD_HTTP_NOT_FOUND;
			sv->note_msgid = N_("not found\n");
			return sv_not_found(sv, c);
		}
		if (!same_origin(sv, c))
			return refuse(sv, c, MHD_HTTP_FORBIDDEN,
			    N_("only a page of this server's players' link "
			    "may enter\n"));
		len = sv->lib.lookup(c, MHD_HEADER_KIND, "Content-Length");
		if (len != NULL && strtoull(len, NULL, 10) > SERVE_BODY)
			return refuse(sv, c, 413,
			    N_("a form's body is 8 KB at most\n"));
		j = sv_job_new(JOB_ENTER, 0, ll, strcmp(path, "who") == 0 ?
		    "who" : NULL);
		j->players = 1;
		j->pp = sv->lib.post_new(c, 1024, post_field, &j->ph);
		*req = j;
		if (j->pp == NULL)
			j->bad = MHD_HTTP_UNSUPPORTED_MEDIA_TYPE;
		return MHD_YES;
	}
	if (*upload_size > 0) {
		j->got += *upload_size;
		if (j->got > SERVE_BODY)
			j->bad = 413;
		if (j->bad == 0 && sv->lib.post_process(j->pp, upload,
		    *upload_size) != MHD_YES)
			j->bad = MHD_HTTP_BAD_REQUEST;
		*upload_size = 0;
		return MHD_YES;
	}
	if (j->conn != NULL)	/* resumed: the reader's answer */
		return sv_job_answer(sv, c, j);
	if (j->pp != NULL)
		sv->lib.post_free(j->pp);
	j->pp = NULL;
	if (j->bad == 413)
		return refuse(sv, c, j->bad,
		    N_("a form's body is 8 KB at most\n"));
	if (j->bad != 0)
		return refuse(sv, c, j->bad, N_("expected a form "
		    "(application/x-www-form-urlencoded or "
		    "multipart/form-data)\n"));
	if (j->arg != NULL)
		return post_who(sv, c, &j->ph);
	/*
	 * The same form again: its first answer, nothing entered; its line
	 * on serve's terminal all the same.
	 */
	if ((i = sv_fid_find(sv, j->ph.fid)) >= 0) {
		loc = sv->answers[i].code == 303 ? xasprintf("?r=%s",
		    j->ph.fid) : NULL;
		ret = sv_see_other(sv, c, loc, NULL);
		free(loc);
		said_again(sv, i);
		return ret;
	}
	sv_phone_get(sv, c, &j->ph);
	/* Each phone its rate; an address, phones behind it or not, 16's. */
	if (too_fast(sv, c, j->ph.phone, SERVE_RATE) ||
	    (j->ph.phone != NULL && too_fast(sv, c, NULL, SERVE_RATE *
	    SERVE_ADDR_PHONES)))
		return refuse(sv, c, MHD_HTTP_TOO_MANY_REQUESTS,
		    N_("more than 5 entries a second from this phone; wait a "
		    "moment\n"));
	if (j->ph.fid != NULL && strlen(j->ph.fid) <= SERVE_FID &&
	    j->ph.fid[0] != '\0')
		sv_fid_keep(sv, j->ph.fid, 0, 0, NULL);
	else {
		free(j->ph.fid);
		j->ph.fid = NULL;
	}
	return sv_job_queue(sv, c, j, req);
}
