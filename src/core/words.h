/*
 * words.h: the sentences a person reads, through GNU gettext (HACKING
 * "Words").  _() translates, N_() marks a string translated where it is
 * read (a table's), P_() chooses a plural form by a count.  The core
 * looks a string up with dgettext() and dngettext() alone: a lookup in
 * the catalog that main bound (src/sys/i18n.c), no I/O of its own
 * (tests/cli/pure.sh allows these two and nothing else of gettext).
 * Under the C locale, or a locale without a catalog, each returns its
 * English argument: today's words exactly.
 */
#ifndef SHAKEREF_WORDS_H
#define SHAKEREF_WORDS_H

#include <libintl.h>

#ifndef PACKAGE
#define PACKAGE	"shakeref"
#endif

#define _(s)		dgettext(PACKAGE, s)
#define N_(s)		(s)
#define P_(s, p, n)	dngettext(PACKAGE, s, p, (unsigned long)(n))

#endif
