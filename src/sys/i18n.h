/*
 * i18n.h: the user's language (SPEC.md "Language"), set up once by main.
 *
 * main calls i18n_init() once.  It sets LC_MESSAGES, and LC_NUMERIC only
 * where a catalog speaks, so that C and a locale without a catalog print
 * today's English exactly.  The core only looks strings up (words.h).
 * serve switches languages by each thread's locale alone (uselocale: the
 * machine's ll_LL.UTF-8, which ./bootstrap makes).  LANGUAGE overrides
 * every thread's locale in gettext, and the environment is no thread's to
 * write: so serve calls i18n_settle() once, before any thread.
 */
#ifndef SHAKEREF_I18N_H
#define SHAKEREF_I18N_H

/*
 * Take the language from the locale (LANGUAGE, LC_ALL, LC_MESSAGES,
 * LANG) and bind the catalogs: those of folder dir when set (main:
 * SHAKEREF_LOCALEDIR, else the locale/ of the build tree the binary runs
 * from), else the installed ones.  Numbers in
 * words follow the locale (LC_NUMERIC) only where a catalog speaks it.
 * c_locale 1: the environment names a locale of messages that speaks
 * as C does, and gettext would not follow LANGUAGE (main reads the
 * environment: see c_messages() there); LC_MESSAGES is then left as the
 * program starts it, C.
 */
void	i18n_init(const char *dir, int c_locale);
/* 1 if a catalog serves the user's locale. */
int	i18n_active(void);
/* 1 if words are translated now: a catalog, and not within i18n_plain. */
int	i18n_translated(void);
/*
 * on 1: English words and C numbers from here on in this thread (what a
 * program reads: --json; history's notes kept in the database); on 0:
 * back to the user's after as many calls with 0 as with 1.
 */
void	i18n_plain(int on);

#include <locale.h>

/* A language spoken for a while (serve's page for a phone). */
struct i18n_speaking {
	locale_t	 loc;		/* this thread's, or 0: nothing changed */
};

/*
 * Before any thread, language the environment's LANGUAGE (main read it,
 * or NULL): the language spoken now (the first of LANGUAGE's list with
 * a catalog, else LC_MESSAGES') kept, but by LC_MESSAGES alone:
 * LANGUAGE unset (gettext lets it override every thread's locale),
 * LC_MESSAGES set to that language's locale if LANGUAGE chose another.
 * 0; -1 when the machine has no locale for it (LANGUAGE set again as it
 * was, and i18n_speak() can speak no other language).  The environment
 * is written here, never read.
 */
int	i18n_settle(const char *language);

/*
 * Speak language ll (a primary tag: de, fr, es; en: the msgids) in this
 * thread until i18n_speak_end(): its catalog and numbers, by this
 * thread's locale (uselocale), which needs the machine's ll_LL.UTF-8
 * and LANGUAGE unset (i18n_settle()); other threads speak on as they
 * did.  0, also when ll is spoken already; -1 if no catalog speaks ll
 * here (nothing changed).
 */
int	i18n_speak(struct i18n_speaking *, const char *ll);
void	i18n_speak_end(struct i18n_speaking *);

#endif
