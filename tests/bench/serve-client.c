/*
 * tests/bench/serve-client.c: the clients of tests/bench/serve.sh, built
 * by it alone.
 *
 *	serve-client page PORT PATH N
 *	    N requests for PATH on one connection at a time (HTTP/1.1, a new
 *	    connection when the server closes one): prints the median and
 *	    99th percentile of a request's wall time in microseconds and the
 *	    bytes of a response.
 *	serve-client load PORT PREFIX CLIENTS LINES PERIOD PID LINE CMD...
 *	    CLIENTS event streams on PREFIX "events" (HTTP/1.0, from
 *	    127.0.1.1 on, 10 an address: serve allows 16 per address), then
 *	    CMD (`shakeref play`) fed LINES copies of LINE, one every PERIOD
 *	    ms.  The entry numbers of each event's last entries are read from
 *	    its HTML: a client has entry N from the first event that shows
 *	    it (changes close together come as one event, the board after
 *	    both, its last entries holding both), the latency of N the
 *	    arrival less the time line N was written to play (an upper bound
 *	    of commit to event: it holds play's own work).  Prints the
 *	    entries that never reached a client,
 *	    latency percentiles, and PID's (the server's) resident memory
 *	    after the streams opened, after line 50 and at the end.
 */
#define _GNU_SOURCE
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* A socket connected to 127.0.0.1:port from source address src (or any). */
static int
dial(int port, const char *src)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (src != NULL) {
		memset(&sa, 0, sizeof sa);
		sa.sin_family = AF_INET;
		inet_pton(AF_INET, src, &sa.sin_addr);
		if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
			perror("bind");
			exit(1);
		}
	}
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((unsigned short)port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
		perror("connect");
		exit(1);
	}
	return fd;
}

static void
write_all(int fd, const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, s, n)) <= 0) {
			perror("write");
			exit(1);
		}
		s += w;
		n -= (size_t)w;
	}
}

/* page: N requests, one after the other. */
static int
page(int port, const char *path, int n)
{
	static char buf[1 << 20];
	double *t = calloc((size_t)n, sizeof *t), t0;
	char req[512], *h, *cl;
	size_t have, need, body = 0;
	ssize_t r;
	int fd = -1, i, closing;

	snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: bench\r\n\r\n",
	    path);
	for (i = 0; i < n; i++) {
		t0 = now_ms();
		if (fd < 0)
			fd = dial(port, NULL);
		write_all(fd, req, strlen(req));
		have = 0;
		h = NULL;
		need = 0;
		for (;;) {
			if ((r = read(fd, buf + have, sizeof buf - have - 1)) <=
			    0) {
				fprintf(stderr, "short response\n");
				return 1;
			}
			have += (size_t)r;
			buf[have] = '\0';
			if (h == NULL && (h = strstr(buf, "\r\n\r\n")) != NULL) {
				if ((cl = strcasestr(buf, "Content-Length:")) ==
				    NULL)
					return 1;
				body = strtoul(cl + 15, NULL, 10);
				need = (size_t)(h + 4 - buf) + body;
			}
			if (h != NULL && have >= need)
				break;
		}
		closing = strcasestr(buf, "Connection: close") != NULL &&
		    strcasestr(buf, "Connection: close") < h;
		if (closing) {
			close(fd);
			fd = -1;
		}
		t[i] = (now_ms() - t0) * 1e3;
	}
	qsort(t, (size_t)n, sizeof *t, cmp_double);
	printf("%.1f %.1f %zu\n", t[n / 2], t[(n * 99) / 100], body);
	return 0;
}

/* The resident memory of pid (kB), from /proc; VmHWM too. */
static void
rss(int pid, long *now, long *peak)
{
	char path[64], line[256];
	FILE *f;

	*now = *peak = -1;
	snprintf(path, sizeof path, "/proc/%d/status", pid);
	if ((f = fopen(path, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		sscanf(line, "VmRSS: %ld", now);
		sscanf(line, "VmHWM: %ld", peak);
	}
	fclose(f);
}

struct client {
	int	 fd;
	char	*buf;
	size_t	 len, cap;
	int	 events;
};

/*
 * The entry numbers in an event's HTML (the board's last entries), into
 * e[0..max); returns how many.
 */
static int
event_entries(const char *s, size_t n, int *e, int max)
{
	const char *p, *key = "<span class=\"n\">";
	size_t k = strlen(key);
	int ne = 0;

	for (p = s; ne < max && p + k <= s + n && (p = memmem(p,
	    (size_t)(s + n - p), key, k)) != NULL; p += k)
		e[ne++] = atoi(p + k);
	return ne;
}

static int
load(int argc, char **argv)
{
	int port = atoi(argv[2]), nc = atoi(argv[4]), lines = atoi(argv[5]);
	int period = atoi(argv[6]), pid = atoi(argv[7]), i, c, n, k, ep;
	int in[2], child, ready = 0, written = 0, missed = 0, nlat = 0;
	const char *prefix = argv[3], *line = argv[8];
	struct client *cl = calloc((size_t)nc, sizeof *cl);
	struct epoll_event ev, evs[256];
	unsigned char *got = calloc((size_t)nc * (lines + 1), 1);
	double *tw = calloc((size_t)lines + 1, sizeof *tw);
	double *lat = calloc((size_t)nc * lines + 1, sizeof *lat);
	double next, end = 0, t;
	long rss0, rss50 = -1, rss1, hwm, dummy;
	char req[512], src[32];
	ssize_t r;
	char *sep;

	signal(SIGPIPE, SIG_IGN);
	ep = epoll_create1(0);
	snprintf(req, sizeof req, "GET %sevents?v=0 HTTP/1.0\r\n\r\n", prefix);
	for (c = 0; c < nc; c++) {
		snprintf(src, sizeof src, "127.0.1.%d", 1 + c / 10);
		cl[c].fd = dial(port, src);
		write_all(cl[c].fd, req, strlen(req));
		ev.events = EPOLLIN;
		ev.data.u32 = (unsigned)c;
		epoll_ctl(ep, EPOLL_CTL_ADD, cl[c].fd, &ev);
	}
	child = -1;
	next = 0;
	for (;;) {
		t = now_ms();
		if (ready == nc && child < 0) {
			rss(pid, &rss0, &dummy);
			pipe(in);
			if ((child = fork()) == 0) {
				dup2(in[0], 0);
				close(in[1]);
				freopen("/dev/null", "w", stdout);
				execvp(argv[9], argv + 9);
				_exit(127);
			}
			close(in[0]);
			next = t;
		}
		if (child > 0 && written < lines && t >= next) {
			tw[++written] = now_ms();
			write_all(in[1], line, strlen(line));
			write_all(in[1], "\n", 1);
			next += period;
			if (written == 50)
				rss(pid, &rss50, &dummy);
			if (written == lines) {
				close(in[1]);
				end = now_ms() + 3000;
			}
		}
		if (end > 0 && now_ms() > end)
			break;
		n = epoll_wait(ep, evs, 256, child > 0 && written < lines ?
		    (int)(next - now_ms() > 0 ? next - now_ms() : 0) : 100);
		for (i = 0; i < n; i++) {
			struct client *x = &cl[c = (int)evs[i].data.u32];

			if (x->cap - x->len < 65536) {
				x->cap = x->cap * 2 + 65536;
				x->buf = realloc(x->buf, x->cap);
			}
			if ((r = read(x->fd, x->buf + x->len, x->cap - x->len -
			    1)) <= 0) {
				epoll_ctl(ep, EPOLL_CTL_DEL, x->fd, NULL);
				continue;
			}
			t = now_ms();
			x->len += (size_t)r;
			/* Whole events: up to a blank line. */
			while ((sep = memmem(x->buf, x->len, "\n\n", 2)) !=
			    NULL) {
				size_t elen = (size_t)(sep + 2 - x->buf);

				if (memmem(x->buf, elen, "event: board", 12) !=
				    NULL) {
					int e[64], ne, j;

					if (x->events++ == 0)
						ready++;
					ne = event_entries(x->buf, elen, e, 64);
					for (j = 0; j < ne; j++) {
						k = e[j];
						if (k < 1 || k > lines ||
						    k > written || got[(size_t)c *
						    (lines + 1) + k])
							continue;
						got[(size_t)c * (lines + 1) +
						    k] = 1;
						lat[nlat++] = t - tw[k];
					}
				}
				memmove(x->buf, x->buf + elen, x->len - elen);
				x->len -= elen;
			}
		}
	}
	rss(pid, &rss1, &hwm);
	if (child > 0)
		waitpid(child, NULL, 0);
	for (c = 0; c < nc; c++)
		for (k = 1; k <= lines; k++)
			missed += !got[(size_t)c * (lines + 1) + k];
	qsort(lat, (size_t)nlat, sizeof *lat, cmp_double);
	printf("clients %d, lines %d, changes missed %d of %d\n", nc, lines,
	    missed, nc * lines);
	if (nlat > 0)
		printf("write to event (ms): median %.1f, p99 %.1f, max %.1f "
		    "(%d events)\n", lat[nlat / 2], lat[(size_t)nlat * 99 / 100],
		    lat[nlat - 1], nlat);
	printf("server memory (kB): %ld after the streams opened, %ld after "
	    "line 50, %ld at the end, peak %ld\n", rss0, rss50, rss1, hwm);
	printf("RESULT missed=%d p99=%.1f rss50=%ld rss1=%ld\n", missed,
	    nlat > 0 ? lat[(size_t)nlat * 99 / 100] : -1.0, rss50, rss1);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc == 5 && strcmp(argv[1], "page") == 0)
		return page(atoi(argv[2]), argv[3], atoi(argv[4]));
	if (argc >= 10 && strcmp(argv[1], "load") == 0)
		return load(argc, argv);
	fprintf(stderr, "usage: serve-client page PORT PATH N | load PORT "
	    "PREFIX CLIENTS LINES PERIOD PID LINE CMD...\n");
	return 2;
}
