/*
 * tests/bench/serve-static.c: the baseline of tests/bench/serve.sh, built
 * by it alone: libmicrohttpd serving one file from memory at every path,
 * with the headers serve sends, on 127.0.0.1 and a free port (printed),
 * one thread as serve, until SIGTERM.
 *
 *	serve-static FILE
 */
#include <sys/types.h>
#include <sys/socket.h>

#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <microhttpd.h>

static char *body;
static size_t len;
static volatile sig_atomic_t stop;

static void
on_term(int sig)
{
	(void)sig;
	stop = 1;
}

static enum MHD_Result
answer(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **req)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	(void)cls; (void)url; (void)method; (void)version; (void)upload;
	/* As serve: on the second call, the connection kept alive. */
	if (*req == NULL) {
		*req = &len;
		return MHD_YES;
	}
	*upload_size = 0;
	r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_PERSISTENT);
	MHD_add_response_header(r, "Content-Type", "text/html; charset=utf-8");
	MHD_add_response_header(r, "Content-Security-Policy",
	    "default-src 'none'; script-src 'self'; style-src 'self'");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, "Cache-Control", "no-store");
	ret = MHD_queue_response(c, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return ret;
}

int
main(int argc, char **argv)
{
	struct MHD_Daemon *d;
	const union MHD_DaemonInfo *info;
	struct sockaddr_in sa;
	FILE *f;
	long n;

	if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL)
		return 2;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	body = malloc((size_t)n + 1);
	len = fread(body, 1, (size_t)n, f);
	fclose(f);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	signal(SIGTERM, on_term);
	d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL,
	    0, NULL, NULL, answer, NULL, MHD_OPTION_SOCK_ADDR, &sa,
	    MHD_OPTION_CONNECTION_LIMIT, 400U,
	    MHD_OPTION_CONNECTION_TIMEOUT, 30U, MHD_OPTION_END);
	if (d == NULL || (info = MHD_get_daemon_info(d,
	    MHD_DAEMON_INFO_BIND_PORT)) == NULL)
		return 1;
	printf("%u\n", (unsigned)info->port);
	fflush(stdout);
	while (!stop)
		pause();
	MHD_stop_daemon(d);
	return 0;
}
