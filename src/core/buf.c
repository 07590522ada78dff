/*
 * buf.c: a growing text buffer, and the allocation wrappers that are the
 * only functions besides fatal() allowed to exit.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "words.h"
#include "status.h"

/* Print a message and exit with status 4 (system); see buf.h. */
void
fatal(const char *fmt, ...)
{
	va_list ap;

	fputs("shakeref: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, _(fmt), ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(SR_SYSTEM);
}

/* malloc that never returns NULL. */
void *
xmalloc(size_t n)
{
	void *p;

	if ((p = malloc(n == 0 ? 1 : n)) == NULL)
		fatal("out of memory");
	return p;
}

/* calloc that never returns NULL. */
void *
xcalloc(size_t nmemb, size_t size)
{
	void *p;

	if ((p = calloc(nmemb == 0 ? 1 : nmemb, size == 0 ? 1 : size)) == NULL)
		fatal("out of memory");
	return p;
}

/* realloc of nmemb * size, checked for overflow. */
void *
xreallocarray(void *p, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		fatal("out of memory");
	if ((p = realloc(p, nmemb * size == 0 ? 1 : nmemb * size)) == NULL)
		fatal("out of memory");
	return p;
}

/* strdup that never returns NULL. */
char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

/* The first n bytes of s (fewer if it is shorter), NUL-terminated. */
char *
xstrndup(const char *s, size_t n)
{
	char *d;

	n = strnlen(s, n);
	d = xmalloc(n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

/* A malloc'd formatted string. */
char *
xasprintf(const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	return b.s != NULL ? b.s : xstrdup("");
}

/* Split NAME=V at its first '='; see buf.h. */
size_t
kv_split(const char *s, const char **value)
{
	const char *eq = strchr(s, '=');

	*value = eq != NULL ? eq + 1 : NULL;
	return eq != NULL ? (size_t)(eq - s) : strlen(s);
}

/* s as one word of a play line, quoted when it must be; see buf.h. */
void
buf_word(struct buf *b, const char *s, int close)
{
	if (*s != '\0' && strpbrk(s, " \t\r\n'\"\\#") == NULL) {
		buf_puts(b, s);
		return;
	}
	buf_puts(b, "\"");
	for (; *s != '\0'; s++)
		buf_printf(b, "%s%c", strchr("\"\\$`", *s) != NULL ? "\\" :
		    "", *s);
	if (close)
		buf_puts(b, "\"");
}

/* s without its surrounding spaces, appended; see buf.h. */
void
buf_trimmed(struct buf *b, const char *s)
{
	size_t n;

	s += strspn(s, " ");
	for (n = strlen(s); n > 0 && s[n - 1] == ' '; n--)
		continue;
	buf_add(b, s, n);
	buf_puts(b, "");
}

/* Make room for n more bytes and the NUL. */
static void
buf_grow(struct buf *b, size_t n)
{
	if (b->len + n + 1 <= b->cap)
		return;
	while (b->len + n + 1 > b->cap)
		b->cap = b->cap ? b->cap * 2 : 64;
	b->s = xreallocarray(b->s, b->cap, 1);
}

/* Append formatted text (a va_list). */
void
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	size_t room = b->cap > b->len ? b->cap - b->len : 0;
	int n;

	/* Formatted once where it fits, twice only when the buffer grows. */
	va_copy(aq, ap);
	n = vsnprintf(room > 0 ? b->s + b->len : NULL, room, fmt, aq);
	va_end(aq);
	if (n < 0) {
		if (b->s != NULL)
			b->s[b->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		buf_grow(b, (size_t)n);
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

/* Append formatted text. */
void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

/* Append a string. */
void
buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

/*
 * Append v in C's format, digits decimals; see buf.h.  printf's %.*f
 * rounds it (ties as printf breaks them), then whatever the locale put
 * for the decimal point (a comma, or more than one byte) becomes ".":
 * with no grouping flag it is the one thing there but digits and "-".
 */
void
buf_fixed(struct buf *b, double v, int digits)
{
	size_t at = b->len, i, j;
	int point = 0;

	buf_printf(b, "%.*f", digits < 0 ? 0 : digits > 9 ? 9 : digits, v);
	for (i = j = at; i < b->len; i++) {
		if ((b->s[i] >= '0' && b->s[i] <= '9') || b->s[i] == '-' ||
		    (b->s[i] >= 'a' && b->s[i] <= 'z')) {	/* inf, nan */
			b->s[j++] = b->s[i];
			point = 0;
		} else if (!point) {
			b->s[j++] = '.';
			point = 1;
		}
	}
	b->len = j;
	b->s[j] = '\0';
}

/* Append the n bytes at p (a NUL follows them). */
void
buf_add(struct buf *b, const void *p, size_t n)
{
	buf_grow(b, n);
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* Make room for n more bytes; see buf.h. */
char *
buf_reserve(struct buf *b, size_t n)
{
	buf_grow(b, n);
	return b->s + b->len;
}

/* Empty the buffer, keeping its memory. */
void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->s != NULL)
		b->s[0] = '\0';
}

/* Release the buffer's memory. */
void
buf_free(struct buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

/* The text so far. */
const char *
buf_str(const struct buf *b)
{
	return b->s != NULL ? b->s : "";
}
