/*
 * test-notice.c: the change notice's second source (notice_source: the
 * league's notification socket), here a pipe: a byte written wakes the
 * descriptor the views poll, notice_take() reads it through the
 * source's take() and asks for one look, with no settling looks after
 * it; one held in the source's buffer after a look (libpq reads them
 * during a query) makes the next look due at once (notice_looked);
 * the file's own events still wake it; a source that fails is
 * dropped, its end no longer wakes anyone, and looks come every
 * NOTICE_BLIND_MS until another is given.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/sys/notice.h"
#include "tap.h"

struct src {
	int	fd;
	int	calls;
	int	buffered;	/* one notification held, as libpq may */
};

/* The pipe's bytes read: 1 if any, -1 at its end (the source failed). */
static int
src_take(void *arg)
{
	struct src *s = arg;
	char b[64];
	ssize_t n;
	int got = 0;

	s->calls++;
	if (s->buffered) {
		s->buffered = 0;
		got = 1;
	}
	while ((n = read(s->fd, b, sizeof b)) > 0)
		got = 1;
	if (n == 0)
		return -1;
	return got;
}

/* 1 if the notice's descriptor is readable within ms. */
static int
woken(const struct notice *nt, int ms)
{
	struct pollfd pfd;

	pfd.fd = notice_fd(nt);
	pfd.events = POLLIN;
	return pfd.fd >= 0 && poll(&pfd, 1, ms) == 1;
}

int
main(void)
{
	char dir[] = "/tmp/test-notice.XXXXXX", path[64];
	struct notice *nt;
	struct src s;
	int p[2], fd;

	if (mkdtemp(dir) == NULL || pipe(p) < 0) {
		printf("Bail out! mkdtemp, pipe\n");
		return 1;
	}
	snprintf(path, sizeof path, "%s/state", dir);
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	s.fd = p[0];
	s.calls = 0;
	s.buffered = 0;
	nt = notice_open(path);
	ok(notice_source(nt, p[0], src_take, &s) == 0, "a source is taken");
	ok(notice_fd(nt) >= 0 && notice_fd(nt) != p[0],
	    "one descriptor to poll for the file and the source");
	ok(!woken(nt, 0), "nothing yet: not readable");
	is_int(notice_take(nt), 0, "nothing yet: no look");
	is_int(s.calls, 0, "take() is not called while the source is quiet");

	ok(write(p[1], "n", 1) == 1 && woken(nt, 1000),
	    "a notification wakes the descriptor polled");
	is_int(notice_take(nt), 1, "and notice_take() asks for a look");
	is_int(s.calls, 1, "having read it through take()");
	ok(!woken(nt, 0), "read: the descriptor sleeps again");
	ok(notice_timeout(nt) > 20 * NOTICE_SETTLE_MS,
	    "no settling looks after a notification (timeout %d ms)",
	    notice_timeout(nt));
	is_int(notice_take(nt), 0, "so no look until the next one");

	/* libpq reads notifications during a query into its own buffer. */
	s.buffered = 1;
	notice_looked(nt);
	is_int(notice_timeout(nt), 0,
	    "a notification buffered during a look: the next look is due");
	is_int(notice_take(nt), 1, "and notice_take() asks for it");
	ok(notice_timeout(nt) > NOTICE_BLIND_MS, "once");
	notice_looked(nt);
	ok(notice_timeout(nt) > NOTICE_BLIND_MS,
	    "nothing buffered: no look after a look");

	close(p[1]);
	ok(woken(nt, 1000), "the source's end wakes it");
	is_int(notice_take(nt), 1, "a failed source asks for a look");
	is_int(s.calls, 4, "found by take()");
	ok(!woken(nt, 0), "dropped: its end no longer wakes anyone");
	ok(notice_timeout(nt) <= NOTICE_BLIND_MS,
	    "looks every %d ms until a source is given again (%d)",
	    NOTICE_BLIND_MS, notice_timeout(nt));
	ok(pipe(p) == 0 && notice_source(nt, p[0], src_take, &s) == 0 &&
	    notice_timeout(nt) > NOTICE_BLIND_MS,
	    "a new source: the fallback look is rare again");
	s.fd = p[0];
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	ok(write(p[1], "n", 1) == 1 && woken(nt, 1000) &&
	    notice_take(nt) == 1, "and it wakes the descriptor");
	is_int(s.calls, 5, "read through take()");

	ok((fd = open(path, O_WRONLY | O_CREAT, 0600)) >= 0 &&
	    write(fd, "1", 1) == 1 && close(fd) == 0 && woken(nt, 1000),
	    "the file written still wakes it");
	is_int(notice_take(nt), 1, "and asks for a look");
	is_int(s.calls, 5, "without asking the source");

	notice_close(nt);
	close(p[0]);
	close(p[1]);
	unlink(path);
	rmdir(dir);
	return tap_done();
}
