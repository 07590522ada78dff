/*
 * notice.h: the change notice of a database file, shared by `watch` and
 * `serve`: woken (inotify) when the file or its WAL is written by any
 * process, with a look now and then besides for a file system inotify
 * does not see.  No polling loop: a caller sleeps in poll() on
 * notice_fd() until notice_timeout() ends.
 */
#ifndef SHAKEREF_NOTICE_H
#define SHAKEREF_NOTICE_H

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
/* The descriptor to poll for POLLIN, or -1 (no inotify). */
int	notice_fd(const struct notice *);
/* The timeout for poll() (ms) until the next look is due. */
int	notice_timeout(const struct notice *);
/*
 * After poll() returned (for whatever reason): the pending events read.
 * 1 when the caller should look at the database now: the file or its WAL
 * written, the look after such a wake-up, or the fallback due.
 */
int	notice_take(struct notice *);

#endif
