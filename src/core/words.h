/*
 * words.h: the sentences a person reads, through GNU gettext (po/README
 * and below).  _() translates, N_() marks a string translated where it is
 * read (a table's), P_() chooses a plural form by a count.  The core
 * looks a string up with dgettext() and dngettext() alone: a lookup in
 * the catalog that main bound (src/sys/i18n.c), no I/O of its own
 * (tests/cli/pure.sh allows these two and nothing else of gettext).
 * Under the C locale, or a locale without a catalog, each returns its
 * English argument: today's words exactly.
 *
 * Every sentence a person reads goes through these (po/README says how
 * to translate; tests/cli/words.sh checks the catalogs).
 * - The message functions translate their own format (sr_error,
 *   ruling_refuse, ruling_note, game_say, check's problem and broken,
 *   import's bad, the store's fail).  Their call sites stay plain; each
 *   is an xgettext keyword in po/Makevars.
 * - Mark a sentence whole where it can be.  A plural is P_(), never a
 *   "%s" of "s".  Never put an English word in with %s: write two msgids
 *   ("too often", "too seldom").
 * - The ": " and "; " that join pieces are _(": ") and _("; ") (French
 *   writes a no-break space before).  A score in words is %'ld (grouped
 *   as the locale writes it; never in a column or JSON).  A chance is
 *   _("%.1f%%") ("8,8 %").
 * - A number a machine reads (an SVG's, CSS's) is put with buf_fixed()
 *   (buf.h), never %f, so a decimal comma never reaches it.  JSON's reals
 *   are jansson's: C's whatever the locale.
 * - What a program reads is never translated: verbs, command and option
 *   names, JSON (--json runs in English: i18n_plain()), export, exit
 *   statuses, the "shakeref: VERB:" prefix.
 * - Nor what is kept.  A game's state stays English (snapshots compare
 *   bytes): keep a reason English in the state and translate it where it
 *   is shown (shake-a-word's SAW_WHY, grid_path_en).  History's notes in
 *   the database are English: written only when untranslated, so a
 *   translated history replays; check replays in English.
 * - serve's pages are translated as they are made (cmd-serve.c's
 *   html_words()); a JSON value shown, such as a state's name, is a
 *   msgid; <html lang> is the catalog's msgstr of "en".
 * - A new source file goes into po/POTFILES.in and a new message into
 *   every po/LL.po (words.sh fails on one missing or untranslated).  A
 *   sentence printed without the catalog is found by tests/cli/evening.sh:
 *   a game of each rules played in the pseudo-translation qps (make check
 *   builds it into locale/qps with tests/pseudo.awk, every word of every
 *   msgstr marked; never installed), where a word left unmarked is English.
 */
#ifndef SHAKEREF_WORDS_H
#define SHAKEREF_WORDS_H

#include <libintl.h>
#include <string.h>

#ifndef PACKAGE
#define PACKAGE	"shakeref"
#endif

#define _(s)		dgettext(PACKAGE, s)
#define N_(s)		(s)
#define P_(s, p, n)	dngettext(PACKAGE, s, p, (unsigned long)(n))

/*
 * A msgid in a context (msgctxt c): C_("elided", "%s's '%s'"), CP_ its
 * plural.  Without the context in the catalog, the plain msgid's
 * translation (English under C).
 */
#define C_(c, s)	words_pgettext(c "\004" s, s)
#define CP_(c, s, p, n)	words_npgettext(c "\004" s, s, p, (unsigned long)(n))

/*
 * A sentence with a name put in after a word that elides before a
 * vowel (French "de Bob" but "d'Anaïs", po/GLOSSARY): E_(name, plain,
 * elided) is the elided form, the msgid in the context "elided", when
 * the name begins with a vowel or an h.  Both are the same sentence in
 * English; a catalog gives the context its own translation.
 */
#define E_(name, s, e)	(name_elides(name) ? (e) : (s))

static inline const char *words_pgettext(const char *, const char *)
    __attribute__((format_arg(2)));
static inline const char *words_npgettext(const char *, const char *,
    const char *, unsigned long) __attribute__((format_arg(2)))
    __attribute__((format_arg(3)));

static inline const char *
words_pgettext(const char *key, const char *s)
{
	const char *t = dgettext(PACKAGE, key);

	return t == key ? dgettext(PACKAGE, s) : t;
}

static inline const char *
words_npgettext(const char *key, const char *s, const char *p,
    unsigned long n)
{
	const char *t = dngettext(PACKAGE, key, p, n);

	return t == key || t == p ? dngettext(PACKAGE, s, p, n) : t;
}

/* 1 if name begins with a vowel (accented too), a y or an h. */
static inline int
name_elides(const char *name)
{
	const unsigned char *u = (const unsigned char *)name;

	if (u[0] < 0x80)
		return u[0] != '\0' && strchr("AEIOUYHaeiouyh", u[0]) != NULL;
	if (u[0] == 0xc3)	/* U+00C0..U+00FF: A-grave .. y-diaeresis */
		return (u[1] >= 0x80 && u[1] <= 0x86) ||
		    (u[1] >= 0x88 && u[1] <= 0x8f) ||
		    (u[1] >= 0x92 && u[1] <= 0x96) ||
		    (u[1] >= 0x98 && u[1] <= 0x9d) ||
		    (u[1] >= 0xa0 && u[1] <= 0xa6) ||
		    (u[1] >= 0xa8 && u[1] <= 0xaf) ||
		    (u[1] >= 0xb2 && u[1] <= 0xb6) ||
		    (u[1] >= 0xb8 && u[1] <= 0xbd) || u[1] == 0xbf;
	return u[0] == 0xc5 && (u[1] == 0x92 || u[1] == 0x93);	/* OE */
}

#endif
