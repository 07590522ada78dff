/*
 * utf8.c: text from the user: validation, the text rules, escaping,
 * display width and simple case folding.
 *
 * Widths and case mappings are glibc's C.UTF-8 locale's, asked at build
 * time (src/tools/mkctype.c writes them as const data, utf8-ctype.h): the
 * core opens no locale and keeps no memo, and output and parsing stay in
 * the C locale whatever LANG says.  towlower(towupper(c)) gives the same
 * classes as Unicode's simple case folding (C and S lines of
 * CaseFolding.txt) for every code point but U+0130 and U+0131, which
 * fold to themselves there (checked against ICU's u_foldCase over all of
 * Unicode); ICU itself would cost every run about a millisecond to load
 * for these few lookups.
 */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "utf8.h"
#include "utf8-plain.h"
#include "utf8-ctype.h"
#include "words.h"

/* Decode one character; see utf8.h. */
size_t
utf8_decode(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t c, min;
	size_t len, i;

	if (n == 0)
		return 0;
	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	if (u[0] >= 0xc2 && u[0] <= 0xdf) {
		len = 2;
		c = u[0] & 0x1f;
		min = 0x80;
	} else if (u[0] >= 0xe0 && u[0] <= 0xef) {
		len = 3;
		c = u[0] & 0x0f;
		min = 0x800;
	} else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
		len = 4;
		c = u[0] & 0x07;
		min = 0x10000;
	} else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (u[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

/* 1 if s is valid UTF-8. */
int
utf8_valid(const char *s)
{
	size_t n = strlen(s), k;
	uint32_t cp;

	while (n > 0) {
		if ((k = utf8_decode(s, n, &cp)) == 0)
			return 0;
		s += k;
		n -= k;
	}
	return 1;
}

/* 1 if cp is a control character: C0, DEL, C1. */
static int
is_control(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

/* 1 if cp overrides or isolates the direction of text. */
static int
is_bidi(uint32_t cp)
{
	return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 &&
	    cp <= 0x2069);
}

/* The text rules; see utf8.h. */
const char *
utf8_text_why(const char *s)
{
	size_t n = strlen(s), k;
	uint32_t cp;

	if (!utf8_valid(s))
		return _("is not valid UTF-8");
	while (n > 0) {
		k = utf8_decode(s, n, &cp);
		if (is_control(cp))
			return _("contains a control character");
		if (is_bidi(cp))
			return _("contains a bidirectional override");
		s += k;
		n -= k;
	}
	return NULL;
}

/* Characters in s. */
size_t
utf8_len(const char *s)
{
	size_t n = strlen(s), k, len = 0;
	uint32_t cp;

	while (n > 0) {
		if ((k = utf8_decode(s, n, &cp)) == 0)
			k = 1;
		s += k;
		n -= k;
		len++;
	}
	return len;
}

/*
 * What C.UTF-8 says of cp (utf8-ctype.h, asked at build time): UTF8_PRINT
 * if printable, and its width.
 */
static unsigned
ctype_of(uint32_t cp)
{
	size_t lo = 0, hi = utf8_nwide, mid;

	if (cp < 0x800)
		return utf8_narrow[cp];
	while (hi - lo > 1) {	/* the last run starting at or below cp */
		mid = lo + (hi - lo) / 2;
		if (utf8_wide[mid].lo <= cp)
			lo = mid;
		else
			hi = mid;
	}
	return utf8_wide[lo].v;
}

/* 1 if cp is printed as it is. */
static int
utf8_printable(uint32_t cp)
{
	if (is_control(cp) || is_bidi(cp) || cp == 0x2028 || cp == 0x2029)
		return 0;
	if (cp < 0x7f)
		return 1;
	return (ctype_of(cp) & UTF8_PRINT) != 0;
}

/* Append the bytes s[0..k) as \xNN each. */
static void
escape_bytes(struct buf *b, const char *s, size_t k)
{
	size_t i;

	for (i = 0; i < k; i++)
		buf_printf(b, "\\x%02X", (unsigned char)s[i]);
}

/*
 * The bytes at the start of s[0..n) that are printable ASCII, each one
 * character of one column printed as it is: the fast path of escaping
 * and widths (a listing of 10,000 games is almost all ASCII).
 */
static size_t
ascii_span(const char *s, size_t n)
{
	const uint64_t ones = 0x0101010101010101u, high = ones << 7;
	uint64_t v;
	size_t k = 0;

	/*
	 * Eight bytes at a time while none is under 0x20 or over 0x7e (a
	 * borrow or carry only marks a byte after one that is).
	 */
	for (; k + 8 <= n; k += 8) {
		memcpy(&v, s + k, 8);
		if (((v - 0x20 * ones) | (v + ones) | v) & high)
			break;
	}
	while (k < n && (unsigned char)s[k] >= 0x20 &&
	    (unsigned char)s[k] < 0x7f)
		k++;
	return k;
}

/* The printable ASCII bytes at the start of s[0..n); see utf8.h. */
size_t
utf8_ascii(const char *s, size_t n)
{
	return ascii_span(s, n);
}

/* Append one character (or invalid byte) at s, escaped if need be. */
static size_t
escape_one(struct buf *b, const char *s, size_t n, int newline)
{
	uint32_t cp;
	size_t k;

	if ((k = utf8_decode(s, n, &cp)) == 0) {
		escape_bytes(b, s, 1);
		return 1;
	}
	if (utf8_printable(cp) || (newline && cp == '\n'))
		buf_add(b, s, k);
	else
		escape_bytes(b, s, k);
	return k;
}

/*
 * The bytes at the start of s[0..n) printed as they are (printable
 * characters, and newlines if newline), at most max characters of them
 * (0: no limit), counted into *chars.
 */
static size_t
plain_span(const char *s, size_t n, size_t max, int newline, size_t *chars)
{
	size_t k = 0, c = 0, a, m;
	uint32_t cp;

	while (k < n && (max == 0 || c < max)) {
		if ((a = ascii_span(s + k, n - k)) > 0) {
			if (max > 0 && a > max - c)
				a = max - c;
			k += a;
			c += a;
			continue;
		}
		if ((m = utf8_decode(s + k, n - k, &cp)) == 0 ||
		    !(utf8_printable(cp) || (newline && cp == '\n')))
			break;
		k += m;
		c++;
	}
	*chars = c;
	return k;
}

/* Append s escaped and cut; see utf8.h. */
void
utf8_escape(struct buf *b, const char *s, size_t max, int newline)
{
	size_t n = strlen(s), k, count = 0, c;

	buf_puts(b, "");
	while (n > 0) {
		if (max > 0 && count == max) {
			buf_puts(b, "…");
			return;
		}
		/* A run printed as it is, in one piece. */
		if ((k = plain_span(s, n, max > 0 ? max - count : 0, newline,
		    &c)) > 0) {
			buf_add(b, s, k);
			s += k;
			n -= k;
			count += c;
			continue;
		}
		k = escape_one(b, s, n, newline);
		s += k;
		n -= k;
		count++;
	}
}

/* Columns of one printable character. */
static size_t
char_width(uint32_t cp)
{
	if (cp < 0x7f)
		return 1;
	return ctype_of(cp) & UTF8_WIDTH;
}

/* The larger of w and s's width; see utf8.h. */
size_t
utf8_widest(size_t w, const char *s)
{
	size_t sw = utf8_width(s);

	return sw > w ? sw : w;
}

/* Columns s takes as utf8_escape prints it. */
size_t
utf8_width(const char *s)
{
	size_t n = strlen(s), k, w = 0;
	uint32_t cp;

	while (n > 0) {
		if ((k = ascii_span(s, n)) > 0)
			w += k;
		else if ((k = utf8_decode(s, n, &cp)) == 0) {
			w += 4;
			k = 1;
		} else if (!utf8_printable(cp))
			w += 4 * k;
		else
			w += char_width(cp);
		s += k;
		n -= k;
	}
	return w;
}

/* Append s escaped, padded with spaces to width columns. */
void
utf8_pad(struct buf *b, const char *s, size_t width)
{
	static const char spaces[] = "                                ";
	size_t n = strlen(s), w, k;

	/* Printable ASCII: as it is, a column a byte (history's lines). */
	if (ascii_span(s, n) == n) {
		buf_add(b, s, n);
		w = n;
	} else {
		w = utf8_width(s);
		utf8_escape(b, s, 0, 0);
	}
	for (; w < width; w += k) {
		k = width - w < sizeof spaces - 1 ? width - w :
		    sizeof spaces - 1;
		buf_add(b, spaces, k);
	}
}

/* Append s escaped in a cell; see utf8.h. */
void
utf8_cell(struct buf *b, const char *s, size_t width, int right)
{
	struct buf t = BUF_INIT, one = BUF_INIT;
	size_t n = strlen(s), k, w = 0, cw;

	if (ascii_span(s, n) == n) {
		/* One column a byte: cut at width, no escaping. */
		w = n < width ? n : width;
		for (k = w; right && k < width; k++)
			buf_puts(b, " ");
		buf_add(b, s, w);
		for (k = w; !right && k < width; k++)
			buf_puts(b, " ");
		return;
	}
	while (n > 0) {
		buf_reset(&one);
		k = escape_one(&one, s, n, 0);
		cw = utf8_width(buf_str(&one));
		if (w + cw > width)
			break;
		buf_puts(&t, buf_str(&one));
		w += cw;
		s += k;
		n -= k;
	}
	for (; right && w < width; w++)
		buf_puts(b, " ");
	buf_puts(b, buf_str(&t));
	for (; w < width; w++)
		buf_puts(b, " ");
	buf_free(&t);
	buf_free(&one);
}

/* Append s with its long lines broken; see utf8.h. */
void
utf8_wrap(struct buf *b, const char *s, size_t cols, size_t indent)
{
	const char *end, *p, *q, *brk, *cut;
	size_t room, w, cw, k;
	uint32_t cp;

	if (cols < indent + 2 + 8) {		/* too narrow to help */
		buf_puts(b, s);
		return;
	}
	for (; *s != '\0'; s = *end != '\0' ? end + 1 : end) {
		if ((end = strchr(s, '\n')) == NULL)
			end = s + strlen(s);
		room = cols - 1;
		for (p = s;;) {
			/* The longest head of [p, end) in room columns. */
			brk = NULL;
			for (q = p, w = 0; q < end; q += k, w += cw) {
				if (*q == '\033' && q + 1 < end &&
				    q[1] == '[') {
					/* term.c's paint: no room. */
					for (k = 2; q + k < end &&
					    (q[k] < 0x40 || q[k] > 0x7e); k++)
						continue;
					if (q + k < end)
						k++;	/* the final byte */
					cw = 0;
				} else if ((k = utf8_decode(q,
				    (size_t)(end - q), &cp)) == 0) {
					k = 1;
					cw = 1;
				} else
					cw = char_width(cp);
				if (w + cw > room)
					break;
				if (*q == ' ' && q > p)
					brk = q;
			}
			if (q >= end) {
				buf_add(b, p, (size_t)(end - p));
				break;
			}
			/* At the last space that fits, else where it must. */
			if (*q == ' ')
				brk = q;
			if (brk == NULL)
				brk = q > p ? q : q + k;
			for (cut = brk; cut > p && cut[-1] == ' '; cut--)
				continue;
			buf_add(b, p, (size_t)(cut - p));
			for (p = brk; *p == ' '; p++)
				continue;
			if (p >= end)
				break;
			buf_puts(b, "\n");
			for (k = 0; k < indent; k++)
				buf_puts(b, " ");
			room = cols - 1 - indent;
		}
		if (*end == '\n')
			buf_puts(b, "\n");
	}
}

/* Simple case folding of one character. */
static uint32_t
utf8_fold(uint32_t cp)
{
	size_t lo = 0, hi = utf8_nfolds - 1, mid;	/* the last: the end */

	if (cp < 0x80)
		return cp >= 'A' && cp <= 'Z' ? cp + ('a' - 'A') : cp;
	while (lo < hi) {	/* the first pair at or above cp */
		mid = lo + (hi - lo) / 2;
		if (utf8_folds[mid][0] < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return utf8_folds[lo][0] == cp ? utf8_folds[lo][1] : cp;
}

/* The next folded character of s (n bytes left), or an invalid byte. */
static uint32_t
fold_next(const char **s, size_t *n)
{
	uint32_t cp;
	size_t k;

	if ((k = utf8_decode(*s, *n, &cp)) == 0) {
		cp = 0x110000 + (unsigned char)**s;	/* never a character */
		k = 1;
	} else
		cp = utf8_fold(cp);
	*s += k;
	*n -= k;
	return cp;
}

/* Compare n bytes of a with b by simple case folding. */
int
utf8_casecmp_n(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b);
	uint32_t x, y;

	while (n > 0 && m > 0) {
		x = fold_next(&a, &n);
		y = fold_next(&b, &m);
		if (x != y)
			return x < y ? -1 : 1;
	}
	return n > 0 ? 1 : m > 0 ? -1 : 0;
}

/* Compare a and b by simple case folding. */
int
utf8_casecmp(const char *a, const char *b)
{
	return utf8_casecmp_n(a, strlen(a), b);
}

/* The plain letters of cp (utf8-plain.h), or NULL if it has none. */
static const char *
plain_of(uint32_t cp)
{
	size_t lo = 0, hi = sizeof plain_table / sizeof plain_table[0], mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (plain_table[mid].cp == cp)
			return plain_table[mid].plain;
		if (plain_table[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* cp (a character) as UTF-8 into e; its length. */
static size_t
encode(uint32_t cp, char *e)
{
	unsigned char *o = (unsigned char *)e;

	if (cp < 0x80) {
		o[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (unsigned char)(0xc0 | cp >> 6);
		o[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (unsigned char)(0xe0 | cp >> 12);
		o[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		o[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (unsigned char)(0xf0 | cp >> 18);
	o[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
	o[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
	o[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

/* Append the loose key of s; see utf8.h. */
void
utf8_loose(struct buf *b, const char *s)
{
	size_t n = strlen(s);
	const char *p;
	uint32_t cp;
	char e[5];

	while (n > 0) {
		if ((cp = fold_next(&s, &n)) >= 0x110000) {
			buf_add(b, s - 1, 1);
			continue;
		}
		if (cp == ' ' || cp == 0xa0)
			continue;
		if (cp >= 0x80 && cp < 0x10000 && (p = plain_of(cp)) != NULL)
			buf_puts(b, p);
		else
			buf_add(b, e, encode(cp, e));
	}
}

/* 1 if a and b are equal loosely; see utf8.h. */
int
utf8_loose_eq(const char *a, const char *b)
{
	struct buf x = BUF_INIT, y = BUF_INIT;
	int eq;

	utf8_loose(&x, a);
	utf8_loose(&y, b);
	eq = strcmp(buf_str(&x), buf_str(&y)) == 0;
	buf_free(&x);
	buf_free(&y);
	return eq;
}

/* Up to 64 folded characters of s into cp; how many, or -1 if more. */
static int
fold_all(const char *s, uint32_t *cp)
{
	size_t n = strlen(s);
	int k = 0;

	while (n > 0) {
		if (k == 64)
			return -1;
		cp[k++] = fold_next(&s, &n);
	}
	return k;
}

/* Edit distance with transpositions, by characters; see utf8.h. */
int
utf8_distance(const char *a, const char *b)
{
	uint32_t x[64], y[64];
	int d[65][65], i, j, la, lb, c;

	if ((la = fold_all(a, x)) < 0 || (lb = fold_all(b, y)) < 0)
		return INT_MAX;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			c = x[i - 1] != y[j - 1];
			d[i][j] = d[i - 1][j - 1] + c;
			if (d[i - 1][j] + 1 < d[i][j])
				d[i][j] = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < d[i][j])
				d[i][j] = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && x[i - 1] == y[j - 2] &&
			    x[i - 2] == y[j - 1] && d[i - 2][j - 2] + 1 <
			    d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;
		}
	return d[la][lb];
}

/* Take cand into nr if it is as near to w as the nearest; see utf8.h. */
void
utf8_near_add(struct utf8_near *nr, const char *w, const char *cand)
{
	utf8_near_put(nr, utf8_distance(w, cand), cand);
}

/* Take cand, at distance d, into nr if it is as near as the nearest. */
void
utf8_near_put(struct utf8_near *nr, int d, const char *cand)
{
	int i;

	if (nr->n == 0 || d < nr->dist) {
		nr->dist = d;
		nr->n = 0;
	} else if (d > nr->dist)
		return;
	for (i = 0; i < nr->n; i++)
		if (strcmp(nr->best[i], cand) == 0)
			return;
	if (nr->n < UTF8_NEAR_MAX)
		nr->best[nr->n++] = cand;
}

/* 1 if the nearest are near enough to w to be meant; see utf8.h. */
int
utf8_near_ok(const struct utf8_near *nr, const char *w)
{
	size_t n = utf8_len(w);

	return nr->n > 0 && nr->dist <= (n <= 5 ? 1 : n <= 9 ? 2 : 3);
}

/* "'a'", "'a' or 'b'", "'a', 'b' or 'c'" into b; see utf8.h. */
void
utf8_near_list(struct buf *b, const struct utf8_near *nr)
{
	int i;

	for (i = 0; i < nr->n; i++)
		buf_printf(b, "%s'%s'", i == 0 ? "" : i == nr->n - 1 ? " or " :
		    ", ", nr->best[i]);
}

/* 1 if the byte c can be inside a word (so a quote next to it is not). */
static int
wordish(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
	    (c >= 'a' && c <= 'z') || c >= 0x80;
}

/*
 * The closing quote of a quote opened just before s, or the end of the
 * message if it has none (a message cut short inside a quote); with
 * lines, on the same line only, else NULL (no quote).
 */
static const char *
quote_end(const char *s, int lines)
{
	for (; *s != '\0'; s++) {
		/* A no-break space after it too: French "'nope' ;". */
		if (*s == '\'' && (!wordish((unsigned char)s[1]) ||
		    strncmp(s + 1, "\302\240", 2) == 0 ||
		    strncmp(s + 1, "\342\200\257", 3) == 0))
			return s;
		if (lines && *s == '\n')
			return NULL;
	}
	return lines ? NULL : s;
}

#define MESSAGE_MAX	400

/*
 * The message, the whole cut after max characters (0: never); with
 * lines, its newlines kept and a quote never open across one.
 */
static void
message(struct buf *b, const char *msg, size_t max_all, int lines)
{
	struct buf t = BUF_INIT;
	const char *s = msg, *end = NULL;
	size_t n = strlen(msg), count = 0, k, m, max = UTF8_QUOTE_MAX;

	/* Printable ASCII with no quote and short enough: as it is. */
	if (ascii_span(msg, n) == n && memchr(msg, '\'', n) == NULL &&
	    (max_all == 0 || n <= max_all)) {
		buf_add(b, msg, n);
		return;
	}
	/* Escape; cut each quoted text. */
	while (n > 0) {
		if (end == NULL && *s == '\'' && (s == msg ||
		    !wordish((unsigned char)s[-1])) &&
		    (end = quote_end(s + 1, lines)) != NULL) {
			/* A file path is worth more of its length. */
			max = s[1] == '/' ? UTF8_PATH_MAX : UTF8_QUOTE_MAX;
			buf_puts(&t, "'");
			s++;
			n--;
			count = 0;
			continue;
		}
		if (end != NULL && s == end && *s == '\'') {
			buf_puts(&t, "'");
			s++;
			n--;
			end = NULL;
			continue;
		}
		if (end != NULL && count == max) {
			buf_puts(&t, "…");
			n -= (size_t)(end - s);
			s = end;
			continue;
		}
		/* A run of printable ASCII but quotes goes as it is. */
		for (k = 0; k < n && (unsigned char)s[k] >= 0x20 &&
		    (unsigned char)s[k] < 0x7f && s[k] != '\'' &&
		    (end == NULL || count + k < max); k++)
			continue;
		if (k > 0) {
			buf_add(&t, s, k);
			s += k;
			n -= k;
			count += k;
			continue;
		}
		k = escape_one(&t, s, n, lines);
		s += k;
		n -= k;
		count++;
	}
	/* The whole, at most max_all characters. */
	buf_puts(b, "");
	s = buf_str(&t);
	n = t.len;
	for (count = 0, k = 0; max_all > 0 && k < n && count < max_all;
	    count++) {
		if ((m = utf8_decode(s + k, n - k, &(uint32_t){ 0 })) == 0)
			m = 1;
		k += m;
	}
	if (max_all == 0)
		k = n;
	buf_add(b, s, k);
	if (k < n)
		buf_puts(b, "…");
	buf_free(&t);
}

/* The message as sr_error prints it; see utf8.h. */
void
utf8_message(struct buf *b, const char *msg)
{
	message(b, msg, MESSAGE_MAX, 0);
}

/* The message of a ruling, never cut as a whole; see utf8.h. */
void
utf8_message_whole(struct buf *b, const char *msg)
{
	message(b, msg, 0, 0);
}

/* The note of an accepted entry; see utf8.h. */
void
utf8_note(struct buf *b, const char *msg)
{
	message(b, msg, 0, 1);
}
