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
#include "serve.h"

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
	SYM(h, post_new, "MHD_create_post_processor");
	SYM(h, post_process, "MHD_post_process");
	SYM(h, post_free, "MHD_destroy_post_processor");
	SYM(h, values, "MHD_get_connection_values");
	SYM(h, unescape, "MHD_http_unescape");
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
 * One link, the players' (with players) or the watchers': the URL of
 * listening socket fd with its token, the other addresses it answers
 * at, its QR code, on ctx->out; the URL into url.
 */
static void
serve_link(struct serve *sv, int fd, int players, struct buf *url)
{
	const char *prefix = players ? sv->pprefix : sv->prefix;
	struct sr_ctx *ctx = sv->ctx;
	struct buf also = BUF_INIT;
	const char *line, *nl;

	buf_reset(url);
	url_host(fd, url, &also);
	buf_puts(url, prefix);
	fprintf(ctx->out, players ? _("the players' link (phones that enter) "
	    "at %s\n") : _("the scoreboard at %s\n"), buf_str(url));
	for (line = buf_str(&also); *line != '\0'; line = nl + 1) {
		nl = strchr(line, '\n');
		fprintf(ctx->out, _("  also at %.*s%s\n"), (int)(nl - line),
		    line, prefix);
	}
	buf_free(&also);
	qr_print(sv, ctx->out, buf_str(url), term_color(fileno(ctx->out),
	    ctx->color));
}

/*
 * Say where the scoreboard is on ctx->out: with --enter the players'
 * link first (its phones enter), then the watchers' (read-only).
 */
static void
serve_announce(struct serve *sv, int fd, struct buf *url)
{
	struct sr_ctx *ctx = sv->ctx;

	if (sv->enter)
		serve_link(sv, fd, 1, url);
	serve_link(sv, fd, 0, url);
	if (sv->enter)
		fprintf(ctx->out, "%s", _("The scoreboard's link only "
		    "watches (a TV, a guest); the players' link enters.\n"));
	fprintf(ctx->out, "%s", _("Ctrl-C stops it.\n"));
	fflush(ctx->out);
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
	if (sv_reader_start(sv) != 0)
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
		if ((due = sv_peers_sweep(sv)) >= 0 && due < wait)
			wait = due;
		if ((due = sv_jobs_sweep(sv, 0)) >= 0 && due < wait)
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
		sv_streams_gone(sv, pfd, npfd);
		sv_board_take(sv);
		(void)sv_jobs_sweep(sv, 0);
		if (now >= keep_at) {
			sv_streams_keep(sv);
			keep_at = now + SERVE_KEEP_MS;
		}
		sv->lib.run(sv->d);
	}
	free(pfd);
	sv_reader_stop(sv);
	(void)sv_jobs_sweep(sv, 1);
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

/* serve [--enter] [--listen ADDR:PORT] [--max-seconds N] */
static int
cmd_serve_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct serve *sv;
	struct buf url = BUF_INIT;
	const union MHD_DaemonInfo *info;
	const char *listen_on = args_get(args, "listen"), *max;
	unsigned char raw[TOKEN_BYTES], praw[TOKEN_BYTES];
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
	sv->term = ctx->out;
	sv->pinned = ctx->game;
	if (serve_load(ctx, &sv->lib) != 0 ||
	    getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw ||
	    getrandom(praw, sizeof praw, 0) != (ssize_t)sizeof praw) {
		close(fd);
		free(sv);
		return sr_error(ctx, SR_SYSTEM, "cannot start: %s",
		    errno != 0 ? strerror(errno) : _("no library"));
	}
	for (i = 0; i < TOKEN_BYTES; i++)
		snprintf(sv->token + i * 2, 3, "%02x", raw[i]);
	snprintf(sv->prefix, sizeof sv->prefix, "/%s/", sv->token);
	sv->enter = args_has(args, "enter");
	for (i = 0; i < TOKEN_BYTES; i++)
		snprintf(sv->ptoken + i * 2, 3, "%02x", praw[i]);
	snprintf(sv->pprefix, sizeof sv->pprefix, "/%s/", sv->ptoken);
	pthread_mutex_init(&sv->mu, NULL);
	sv_board_render(sv, &sv->board);
	sv_board_publish(sv);
	sv->d = sv->lib.start_daemon(MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
	    (v6 ? MHD_USE_IPv6 : 0), 0, NULL, NULL, serve_request, sv,
	    MHD_OPTION_LISTEN_SOCKET, fd,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned)SERVE_CONNS,
	    MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)SERVE_PER_IP,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SERVE_IDLE_S,
	    MHD_OPTION_NOTIFY_CONNECTION, sv_peer_notify, sv,
	    MHD_OPTION_NOTIFY_COMPLETED, sv_request_done, sv,
	    MHD_OPTION_END);
	if (sv->d == NULL || (info = sv->lib.get_daemon_info(sv->d,
	    MHD_DAEMON_INFO_EPOLL_FD)) == NULL) {
		close(fd);
		sv_blob_drop(sv->event);
		buf_free(&sv->board);
		pthread_mutex_destroy(&sv->mu);
		free(sv);
		return sr_error(ctx, SR_SYSTEM, "cannot start the web server");
	}
	serve_announce(sv, fd, &url);
	serve_loop(sv, info->epoll_fd, limit_ms);
	sv_blob_drop(sv->event);
	buf_free(&sv->board);
	buf_free(&sv->fresh);
	pthread_mutex_destroy(&sv->mu);
	buf_free(&url);
	free(sv->note_who);
	for (i = 0; i < SERVE_ANSWERS; i++) {
		free(sv->answers[i].told);
		free(sv->answers[i].line);
	}
	free(sv);
	fprintf(ctx->out, "%s", _("stopped\n"));
	ctx->cmd = "serve";
	return SR_OK;
}

const struct cmd_entry cmd_serve_entry = {
	.name = "serve",
	.usage = "[--enter] [--listen ADDR:PORT] [--max-seconds N]",
	.summary = N_("the scoreboard on every phone at the table: read-only "
	    "web pages of the game, live"),
	.spec = { .opts = { { "listen", CMD_VALUE | CMD_NONEMPTY },
	    { "max-seconds", CMD_VALUE | CMD_NONEMPTY }, { "enter", 0 } },
	    .hint = N_("; expected [--enter] [--listen ADDR:PORT] "
	    "[--max-seconds N]") },
	.exec = cmd_serve_exec,
};
