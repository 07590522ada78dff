/*
 * utf8.h: text from the user (SPEC.md "Text from the user"): UTF-8
 * validation, the text rules, escaping for messages and the terminal,
 * display width, length in characters and Unicode simple case folding.
 * Pure: no I/O.  Widths and case mappings are glibc's C.UTF-8 tables
 * (wcwidth, towupper, towlower), whatever the user's locale.
 */
#ifndef SHAKEREF_UTF8_H
#define SHAKEREF_UTF8_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* Messages quote user text cut after this many characters. */
#define UTF8_QUOTE_MAX	64
/* ... and a file path (quoted text that starts with '/') after this many. */
#define UTF8_PATH_MAX	256

/*
 * Decode the character at s (n bytes, n > 0): its length (1 to 4) and
 * *cp, or 0 if the bytes there are not valid UTF-8 (truncated, overlong,
 * a surrogate, above U+10FFFF).
 */
size_t		 utf8_decode(const char *s, size_t n, uint32_t *cp);
/* 1 if s is valid UTF-8. */
int		 utf8_valid(const char *s);
/*
 * The text rules: NULL if s is valid UTF-8 with no control character
 * (C0, DEL, C1) and no bidirectional override or isolate; else what is
 * wrong ("is not valid UTF-8", ...), for "'TEXT' WHY".
 */
const char	*utf8_text_why(const char *s);
/* Characters in s (an invalid byte counts as one). */
size_t		 utf8_len(const char *s);
/*
 * Append s to b with each byte of an invalid sequence or an unprintable
 * character written \xNN; keep '\n' if newline.  Cut after max characters
 * with "…" (max 0: never cut).
 */
void		 utf8_escape(struct buf *, const char *s, size_t max,
		    int newline);
/*
 * The bytes at the start of s[0..n) that are printable ASCII: as
 * utf8_escape prints them, one column each (a fast path for callers).
 */
size_t		 utf8_ascii(const char *s, size_t n);
/* Columns s takes on a terminal, as utf8_escape(s, 0, 0) prints it. */
size_t		 utf8_width(const char *s);
/* The larger of w and the columns s takes (a column's width). */
size_t		 utf8_widest(size_t w, const char *s);
/* Append s escaped, then spaces up to width columns. */
void		 utf8_pad(struct buf *, const char *s, size_t width);
/*
 * Append s escaped in a cell of width columns: cut to fit (whole
 * characters), padded with spaces on the right, or on the left if right.
 */
void		 utf8_cell(struct buf *, const char *s, size_t width,
		    int right);
/*
 * Append s (printable text, as utf8_escape makes it; lines end with
 * '\n') with each line wider than cols - 1 columns broken at its last
 * space that fits (else where it must), the rest on lines indented by
 * indent spaces: nothing cut.  As it is when cols is too narrow for
 * indent to leave room.  An escape sequence ESC [ ... (term.c's paint)
 * takes no room.
 */
void		 utf8_wrap(struct buf *, const char *s, size_t cols,
		    size_t indent);
/*
 * Compare a and b (n bytes of a, all of b) by simple case folding:
 * 0 if equal.  Invalid bytes compare as themselves.
 */
int		 utf8_casecmp_n(const char *a, size_t n, const char *b);
/* Compare a and b by simple case folding (a strcasecmp for names). */
int		 utf8_casecmp(const char *a, const char *b);
/*
 * Append the loose key of s (SPEC.md "Player names"): s with its case
 * folded, its accents off (the plain letters of utf8-plain.h: é e, ß ss,
 * combining marks nothing) and no spaces; two names are equal loosely
 * when their keys are ("zoe" is "Zoë", "maryann" is "Mary Ann").  A table
 * in the tree: the same on every build, so a stored entry replays the
 * same.
 */
void		 utf8_loose(struct buf *, const char *s);
/* 1 if a and b are equal loosely (utf8_loose). */
int		 utf8_loose_eq(const char *a, const char *b);
/*
 * Edit distance of a and b by characters, case folded, a transposition
 * one edit (Damerau's optimal string alignment); INT_MAX past 64
 * characters.
 */
int		 utf8_distance(const char *a, const char *b);

/* The nearest of candidates to a word, for "did you mean". */
#define UTF8_NEAR_MAX	4
struct utf8_near {
	const char	*best[UTF8_NEAR_MAX];	/* at the least distance */
	int		 n;
	int		 dist;
};
#define UTF8_NEAR_INIT	{ { NULL }, 0, 0 }
/* Consider cand (kept by pointer) as a meaning of w. */
void		 utf8_near_add(struct utf8_near *, const char *w,
		    const char *cand);
/* The same, with cand's distance d worked out by the caller. */
void		 utf8_near_put(struct utf8_near *, int d, const char *cand);
/*
 * 1 if the nearest are near enough to w to be what was meant: at most 1
 * edit for a word of up to 5 characters, 2 up to 9, else 3.
 */
int		 utf8_near_ok(const struct utf8_near *, const char *w);
/* The nearest quoted, "'a'", "'a' or 'b'", "'a', 'b' or 'c'", into b. */
void		 utf8_near_list(struct buf *, const struct utf8_near *);

/*
 * The message as sr_error prints it: every unprintable byte escaped
 * (never a newline), each user text in single quotes cut after
 * UTF8_QUOTE_MAX characters (a path UTF8_PATH_MAX), the whole cut after
 * 400 characters.
 */
void		 utf8_message(struct buf *, const char *msg);
/*
 * The same, but the whole never cut: a ruling, whose every user text is
 * already cut (names are at most 32 characters) and whose own words are
 * what the player must read whole.
 */
void		 utf8_message_whole(struct buf *, const char *msg);
/*
 * The note of an accepted entry as shown: as utf8_message_whole, its
 * newlines kept (a note of several lines, a quote on one line).
 */
void		 utf8_note(struct buf *, const char *msg);

#endif
