/*
 * notice.c: the change notice of a database file (notice.h), inotify on
 * its folder for the file itself, its WAL and its rollback journal (the
 * WAL comes and goes with its last connection: a watch on the folder
 * sees it made again); and, for the league, a second source: the
 * server's notification socket (LISTEN/NOTIFY, from the store), polled
 * together with inotify through one epoll descriptor.
 *
 * A commit writes the WAL's frames, syncs them, then writes the
 * shared-memory index that makes them visible (mmap: no event).  A
 * reader woken by the last write may look before the index says so (the
 * sync takes milliseconds); looks NOTICE_SETTLE_MS after the last event,
 * then at doubling intervals, NOTICE_SETTLE_LOOKS in all, see the commit
 * without waiting for the next one's events.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "notice.h"

struct notice {
	int		 fd;		/* inotify, or -1 */
	int		 ep;		/* epoll over fd and src, or -1 */
	int		 src;		/* the second source, or -1 */
	int		 had_src;	/* one was given (it may have failed) */
	int		 due;		/* a look at once (notice_looked) */
	int		(*take)(void *);
	void		*arg;
	char		*names[3];	/* the file, its WAL and journal */
	long long	 settle;	/* the next look after events (ms), or 0 */
	int		 step;		/* looks after the last event so far */
	long long	 next;		/* the fallback look due (ms) */
};

/* The monotonic clock in ms; see notice.h. */
long long
notice_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * The interval between fallback looks: blind without inotify, or when
 * the second source failed (the store's connection lost: each look may
 * find the server back).
 */
static int
fallback(const struct notice *n)
{
	if (n->had_src)
		return n->src >= 0 ? NOTICE_FALLBACK_MS : NOTICE_BLIND_MS;
	return n->fd >= 0 ? NOTICE_FALLBACK_MS : NOTICE_BLIND_MS;
}

/* The notice of path; see notice.h. */
struct notice *
notice_open(const char *path)
{
	struct notice *n = xcalloc(1, sizeof *n);
	char *real, *dir, *base;

	n->ep = n->src = -1;

	/* SQLite follows a symbolic link: its WAL is beside the target. */
	if ((real = realpath(path, NULL)) == NULL)
		real = xstrdup(path);
	if ((base = strrchr(real, '/')) != NULL) {
		*base++ = '\0';
		dir = xstrdup(*real != '\0' ? real : "/");
	} else {
		base = real;
		dir = xstrdup(".");
	}
	n->names[0] = xstrdup(base);
	n->names[1] = xasprintf("%s-wal", base);
	n->names[2] = xasprintf("%s-journal", base);
	if ((n->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) >= 0 &&
	    inotify_add_watch(n->fd, dir, IN_MODIFY | IN_CLOSE_WRITE |
	    IN_CREATE | IN_MOVED_TO) < 0) {
		close(n->fd);
		n->fd = -1;
	}
	free(dir);
	free(real);
	n->next = notice_now_ms() + fallback(n);
	return n;
}

/* Close the notice. */
void
notice_close(struct notice *n)
{
	int i;

	if (n == NULL)
		return;
	if (n->fd >= 0)
		close(n->fd);
	if (n->ep >= 0)
		close(n->ep);
	for (i = 0; i < 3; i++)
		free(n->names[i]);
	free(n);
}

/* The descriptor to poll: epoll when there is a second source. */
int
notice_fd(const struct notice *n)
{
	return n->ep >= 0 ? n->ep : n->fd;
}

/* Add fd to the epoll descriptor for POLLIN; -1 on failure. */
static int
epoll_add(int ep, int fd)
{
	struct epoll_event ev;

	memset(&ev, 0, sizeof ev);
	ev.events = EPOLLIN;
	ev.data.fd = fd;
	return epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
}

/* Forget the second source (not closed: it is the store's). */
static void
source_drop(struct notice *n)
{
	if (n->src >= 0 && n->ep >= 0)
		epoll_ctl(n->ep, EPOLL_CTL_DEL, n->src, NULL);
	n->src = -1;
	n->next = notice_now_ms() + fallback(n);
}

/* The second source; see notice.h. */
int
notice_source(struct notice *n, int fd, int (*take)(void *), void *arg)
{
	source_drop(n);
	n->had_src = 1;
	if (fd < 0)
		return -1;
	if (n->ep < 0) {
		if ((n->ep = epoll_create1(EPOLL_CLOEXEC)) < 0)
			return -1;
		if (n->fd >= 0 && epoll_add(n->ep, n->fd) < 0) {
			close(n->ep);
			n->ep = -1;
			return -1;
		}
	}
	if (epoll_add(n->ep, fd) < 0)
		return -1;
	n->src = fd;
	n->take = take;
	n->arg = arg;
	n->next = notice_now_ms() + fallback(n);
	return 0;
}

/*
 * The second source read when it has something: 1 a change was
 * notified; a source that failed is dropped (1: a look finds out).
 */
static int
source_take(struct notice *n)
{
	struct pollfd pfd;
	int r;

	if (n->src < 0)
		return 0;
	pfd.fd = n->src;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, 0) <= 0)
		return 0;
	if ((r = n->take(n->arg)) < 0 || (pfd.revents & (POLLHUP | POLLERR |
	    POLLNVAL)) != 0) {
		source_drop(n);
		return 1;
	}
	return r > 0;
}

/* The poll timeout until the next look. */
int
notice_timeout(const struct notice *n)
{
	long long due = n->settle > 0 && n->settle < n->next ? n->settle :
	    n->next, left = due - notice_now_ms();

	if (n->due)
		return 0;
	return left < 0 ? 0 : left > INT_MAX ? INT_MAX : (int)left;
}

/* 1 if an event of the buffer names one of the database's files. */
static int
events_match(const struct notice *n, const char *ev, ssize_t len)
{
	const struct inotify_event *ie;
	ssize_t off;
	int i;

	for (off = 0; off < len; off += sizeof *ie + ie->len) {
		ie = (const struct inotify_event *)(const void *)(ev + off);
		if (ie->len == 0)
			continue;
		for (i = 0; i < 3; i++)
			if (strcmp(ie->name, n->names[i]) == 0)
				return 1;
	}
	return 0;
}

/* Notifications buffered during a look: another look at once. */
void
notice_looked(struct notice *n)
{
	int r;

	if (n->src < 0)
		return;
	if ((r = n->take(n->arg)) < 0)
		source_drop(n);
	if (r != 0)
		n->due = 1;
}

/* Read the events; 1 when a look is due.  See notice.h. */
int
notice_take(struct notice *n)
{
	char ev[4096] __attribute__((aligned(__alignof__(struct
	    inotify_event))));
	ssize_t len;
	long long t;
	int hit = 0;

	if (n->fd >= 0)
		while ((len = read(n->fd, ev, sizeof ev)) > 0)
			hit |= events_match(n, ev, len);
	t = notice_now_ms();
	/* A notification follows its commit: no look after it is due. */
	if (source_take(n) || n->due) {
		n->due = 0;
		n->next = t + fallback(n);
		return 1;
	}
	if (hit) {
		n->step = 0;
		n->settle = t + NOTICE_SETTLE_MS;
		n->next = t + fallback(n);
		return 1;
	}
	if (n->settle > 0 && t >= n->settle) {
		n->settle = ++n->step < NOTICE_SETTLE_LOOKS ? t +
		    ((long long)NOTICE_SETTLE_MS << n->step) : 0;
		return 1;
	}
	if (t >= n->next) {
		n->next = t + fallback(n);
		return 1;
	}
	return 0;
}

/* Catch and block the signals of a view; see notice.h. */
void
notice_signals(struct notice_signals *ns, void (*stop)(int), int other,
    void (*on_other)(int))
{
	struct sigaction sa;
	sigset_t block;
	int i;

	ns->n = 0;
	ns->sig[ns->n++] = SIGINT;
	ns->sig[ns->n++] = SIGTERM;
	if (other != 0)
		ns->sig[ns->n++] = other;
	sigemptyset(&block);
	for (i = 0; i < ns->n; i++)
		sigaddset(&block, ns->sig[i]);
	sigprocmask(SIG_BLOCK, &block, &ns->wait);
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ns->n; i++) {
		sa.sa_handler = i < 2 ? stop : on_other;
		sigaction(ns->sig[i], &sa, &ns->old[i]);
	}
}

/* The mask, then the handlers, as they were. */
void
notice_signals_end(struct notice_signals *ns)
{
	int i;

	sigprocmask(SIG_SETMASK, &ns->wait, NULL);
	for (i = 0; i < ns->n; i++)
		sigaction(ns->sig[i], &ns->old[i], NULL);
}
