/*
 * lang.h: the letters of a game's language (SW-1, SW-2): lowercase by
 * the language (Turkish dotless i for tr_*, az_*), the capital of a die
 * (ß shows ẞ), the key two words compare by (accents=fold: no
 * diacritics, ß as ss, œ as oe, æ as ae).  ICU does the case mapping and
 * normalisation; it is loaded (by the loader given to lang_new) only
 * for text that is not plain ASCII (or for a Turkish dictionary), each
 * letter asked once.
 *
 * struct lang is a context the caller owns and lends (game.h): every
 * lang_* function, grid, judge and solve take it, and the commands pass
 * ctx->env.lang to the word lists and the lookup.  Made by lang_new()
 * with the loader main gives (src/sys/lang-icu.c); a NULL one reads
 * ASCII alone.
 */
#ifndef SHAKEREF_LANG_H
#define SHAKEREF_LANG_H

#include <stddef.h>

#define LANG_LETTER_MAX	8	/* bytes of one letter (with its marks) */

struct lang_icu;
/*
 * The letters' context, its caller's (the core keeps no state:
 * DESIGN.md): how to load ICU, ICU once loaded, and each letter's
 * lowercase, capital and plain form once asked.  load: the system's
 * loader (icu_dlopen of lang-icu.h); NULL, a letter beyond ASCII is
 * refused as unreadable.  main makes one (struct sr_ctx's env: the
 * commands pass it on, to the rules through struct game_env), the build
 * tools and tests their own.  Every function below takes it (lg); a NULL
 * lg reads ASCII alone and keeps nothing.  Not for two threads at once.
 */
struct lang;
struct lang	*lang_new(int (*load)(struct lang_icu *));
void		 lang_free(struct lang *);

/*
 * Split s (UTF-8) into letters in the language of dictionary dict,
 * lowercase and NFC: out gets the lowercase text (len bytes), *nletters
 * how many letters.  0, or -1 with why set: not a letter (the first
 * one, quoted), or a letter ICU cannot be loaded to read.
 */
int	lang_lower(struct lang *lg, const char *dict, const char *s,
	    char *out, size_t len, int *nletters, char *why, size_t whylen);
/*
 * The shape of a word on the dice (SW-1 to SW-3), written once: what
 * lang_word finds wrong with a text, as bits.
 */
#define LANG_WORD_MIN		3	/* letters in a word (SW-2, SW-3) */
#define LANG_NOT_LETTERS	0x1	/* anything but letters: why says so */
#define LANG_SHORT		0x2	/* under LANG_WORD_MIN letters */
#define LANG_LONE_Q		0x4	/* a q not followed by u: no die */
/*
 * s as a word: lowercased into out as lang_lower does (*nletters its
 * letters).  0 if it is letters, at least LANG_WORD_MIN of them, each q
 * followed by u; else the LANG_* bits it breaks (LANG_NOT_LETTERS alone,
 * with why set, when it is not letters).  Each caller keeps the bits
 * that matter to it: a word entered (SW-3) ignores LANG_LONE_Q (it is
 * simply not on the grid), a grid's row LANG_SHORT, a compound's part
 * in a word list LANG_SHORT.
 */
int	lang_word(struct lang *lg, const char *dict, const char *s,
	    char *out, size_t len, int *nletters, char *why, size_t whylen);
/*
 * The first letter of s (lowercase, as lang_lower gives) into out: its
 * length in bytes, 0 at the end.
 */
size_t	lang_next(struct lang *lg, const char *s, char *out, size_t len);
/* The key of lowercase text: as is, or with fold its plain letters. */
int	lang_key(struct lang *lg, const char *dict, int fold,
	    const char *lower, char *out, size_t len);
/* Lowercase text with its first letter in capital (Haus) into out. */
int	lang_cap(struct lang *lg, const char *dict, const char *lower,
	    char *out, size_t len);
/* Lowercase text in capitals into out (a die: ß shows ẞ, qu Qu). */
int	lang_upper(struct lang *lg, const char *dict, const char *lower,
	    char *out, size_t len);
/* Display width of UTF-8 text: its code points. */
size_t	lang_width(const char *s);

#endif
