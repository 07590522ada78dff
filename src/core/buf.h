/*
 * buf.h: a growing text buffer.
 *
 * The shared helpers of text; use them, do not write another.
 * xmalloc() and the other x*() wrappers call fatal() on out of memory,
 * the one case that prints and exits.  xasprintf() is the one way to
 * build a message into new memory: never snprintf a message into a fixed
 * array.  kv_split() is the one reading of NAME=V (roll Ann=40, --option
 * K=V, --title=T).  buf_word() quotes a word as play's line splitting
 * reads it back ("Mary Ann").
 */
#ifndef SHAKEREF_BUF_H
#define SHAKEREF_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct buf {
	char	*s;		/* always NUL-terminated once used */
	size_t	 len;
	size_t	 cap;
};

#define BUF_INIT	{ NULL, 0, 0 }

void	 buf_printf(struct buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 buf_vprintf(struct buf *, const char *, va_list)
	    __attribute__((format(printf, 2, 0)));
void	 buf_puts(struct buf *, const char *);
void	 buf_add(struct buf *, const void *, size_t);
/*
 * v with digits decimals (0..9) in C's format whatever the locale
 * (LC_NUMERIC may give a decimal comma), rounded as printf rounds:
 * "-12.5".  For the numbers a
 * machine reads (an SVG's coordinates, CSS); a person's go through
 * printf's %f and the locale.
 */
void	 buf_fixed(struct buf *, double v, int digits);
/*
 * Make room for n more bytes and a NUL: where they go (s + len).  The
 * caller writes up to n bytes there, then moves len past them and puts
 * the NUL.
 */
char	*buf_reserve(struct buf *, size_t n);
void	 buf_reset(struct buf *);
void	 buf_free(struct buf *);
/* The text so far ("" when empty). */
const char *buf_str(const struct buf *);

/*
 * "shakeref: MESSAGE" on stderr and exit 4 (system): out of memory only,
 * from the x*() wrappers here and xjson.h's; nothing else exits.
 */
void	 fatal(const char *, ...)
	    __attribute__((format(printf, 1, 2), noreturn));
void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
char	*xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
/*
 * NAME=V read once: the length of NAME, the text before the first '='
 * (all of s without one); *value is V, after the '=', or NULL.
 */
size_t	 kv_split(const char *s, const char **value);
/*
 * s as one word of a play line (POSIX shell quotes, as play splits
 * them) appended to b: as it is when nothing in it is special, else in
 * double quotes with \" \\ \$ \` escaped ("Mary Ann", "O'Neil");
 * close 0 leaves the quote open (Tab completing a longer word).
 */
void	 buf_word(struct buf *, const char *s, int close);
/*
 * s without its surrounding spaces appended to b ("level " of a catalog
 * whose spaces were once a table's layout: the table pads it itself).
 */
void	 buf_trimmed(struct buf *, const char *s);

#endif
