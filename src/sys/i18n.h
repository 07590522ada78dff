/*
 * i18n.h: the user's language (SPEC.md "Language"), set up once by main.
 */
#ifndef SHAKEREF_I18N_H
#define SHAKEREF_I18N_H

/*
 * Take the language from the locale (LANGUAGE, LC_ALL, LC_MESSAGES,
 * LANG) and bind the catalogs: those of folder dir when set (main:
 * SHAKEREF_LOCALEDIR, else the locale/ of the build tree the binary runs
 * from), else the installed ones.  Numbers in
 * words follow the locale (LC_NUMERIC) only where a catalog speaks it.
 */
void	i18n_init(const char *dir);
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

#endif
