/*
 * notice.h: the change notice of a database file, shared by `watch` and
 * `serve`: woken (inotify) when the file or its WAL is written by any
 * process, with a look now and then besides for a file system inotify
 * does not see.  No polling loop: a caller sleeps in poll() on
 * notice_fd() until notice_timeout() ends.
 */
#ifndef SHAKEREF_NOTICE_H
#define SHAKEREF_NOTICE_H

#include <signal.h>

/* A look without a wake-up, at most this often (ms); 1 s without inotify. */
#define NOTICE_FALLBACK_MS	30000
#define NOTICE_BLIND_MS		1000
/*
 * After a wake-up, looks again this much later, then twice, four and
 * eight times as much (ms: 5, 15, 35, 75 and 155 after it): see notice.c.
 */
#define NOTICE_SETTLE_MS	5
#define NOTICE_SETTLE_LOOKS	5

struct notice;

/*
 * The notice of database file path (a symbolic link followed, as SQLite
 * does, to the folder its WAL is in).  Never NULL: without inotify it
 * only times out, every NOTICE_BLIND_MS.
 */
struct notice *notice_open(const char *path);
void	notice_close(struct notice *);
/*
 * A second source of notices besides the file (the league: the server's
 * notification socket, store_notice()): fd, polled with the file's
 * inotify through notice_fd(), and take(arg), called by notice_take()
 * when fd is readable, to read what it holds: 1 a change was notified,
 * 0 nothing that matters, -1 the source failed.  A failed source (or a
 * hang-up on fd) is dropped, notice_take() says 1 so that the caller
 * looks, and looks come every NOTICE_BLIND_MS until the caller gives
 * another (its store connected again).  fd -1: none.  -1 if the source
 * cannot be polled (no epoll); the notice keeps working on the file.
 */
int	notice_source(struct notice *, int fd, int (*take)(void *),
	    void *arg);
/*
 * After a look: a source that reads its descriptor into a buffer of its
 * own (libpq) may hold notifications that came during the look, which
 * no poll() would see: take() asked now, and if it had any, the next
 * look is due at once (notice_timeout() 0, notice_take() 1).
 */
void	notice_looked(struct notice *);
/* The descriptor to poll for POLLIN, or -1 (no inotify, no source). */
int	notice_fd(const struct notice *);
/* The timeout for poll() (ms) until the next look is due. */
int	notice_timeout(const struct notice *);
/*
 * The monotonic clock in ms: the notice's looks, and the deadlines of
 * the views' waits (serve's connections, a league's answers).
 */
long long	notice_now_ms(void);
/*
 * After poll() returned (for whatever reason): the pending events read.
 * 1 when the caller should look at the database now: the file or its WAL
 * written, the look after such a wake-up, or the fallback due.
 */
int	notice_take(struct notice *);

/*
 * The signals a view stops on (SIGINT, SIGTERM: stop) and one more
 * (SIGWINCH for watch: other, unless 0), caught and blocked but inside
 * ppoll(..., &ns->wait): one that comes just before the wait ends it at
 * once, not at the next timeout.  notice_signals_end() puts back the
 * mask, then the handlers: a second Ctrl-C still pending meets stop.
 */
struct notice_signals {
	sigset_t		 wait;		/* the mask inside ppoll */
	int			 sig[3];
	struct sigaction	 old[3];
	int			 n;
};
void	notice_signals(struct notice_signals *, void (*stop)(int), int other,
	    void (*on_other)(int));
void	notice_signals_end(struct notice_signals *);

#endif
