/*
 * i18n.c: the user's language: setlocale, the catalogs bound, and the
 * switch to plain English for what a program reads.
 */
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

#ifndef PACKAGE
#define PACKAGE	"shakeref"
#endif

static locale_t	plain_locale;	/* the C locale, made on first use */
static int	active;		/* a catalog speaks the user's language */
static int	plain;		/* depth of i18n_plain(1) calls */

/* Set the language up; see i18n.h. */
void
i18n_init(const char *dir, int c_locale)
{
	const char *h;

	/*
	 * Only messages and numbers: LC_CTYPE, LC_COLLATE stay C.  A C
	 * locale is the one the program starts in: no setlocale(), whose
	 * look into the locale archive for C.UTF-8 cost 0.07 ms a command
	 * (issue 39).
	 */
	if (!c_locale && setlocale(LC_MESSAGES, "") == NULL)
		return;
	bindtextdomain(PACKAGE, dir != NULL ? dir : SR_LOCALEDIR);
	bind_textdomain_codeset(PACKAGE, "UTF-8");
	textdomain(PACKAGE);
	/* The header ("") is translated only where a catalog is found. */
	h = gettext("");
	active = h != NULL && *h != '\0';
	if (active)
		setlocale(LC_NUMERIC, "");
}

/* 1 if a catalog speaks; see i18n.h. */
int
i18n_active(void)
{
	return active;
}

/* 1 if words are translated now; see i18n.h. */
int
i18n_translated(void)
{
	return active && plain == 0;
}

/* English and C numbers, or the user's again; see i18n.h. */
void
i18n_plain(int on)
{
	if (!active)
		return;
	plain += on ? 1 : -1;
	if (plain <= 0) {
		plain = 0;
		uselocale(LC_GLOBAL_LOCALE);
		return;
	}
	if (plain_locale == (locale_t)0 &&
	    (plain_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0)) ==
	    (locale_t)0) {
		plain = 0;
		return;
	}
	uselocale(plain_locale);
}

/* The name of language ll's locale, ll_LL.UTF-8 (de_DE, fr_FR), into name. */
static void
speak_name(const char *ll, char name[32])
{
	size_t i, n = strlen(ll);

	snprintf(name, 32, "%s_", ll);
	for (i = 0; ll[i] != '\0' && i < 8; i++)
		name[n + 1 + i] = (char)(ll[i] - 'a' + 'A');
	name[n + 1 + i] = '\0';
	strcat(name, ".UTF-8");
}

/*
 * The locale of language ll for messages and numbers: ll_LL.UTF-8 (de_DE,
 * fr_FR, es_ES) where the machine has it (./bootstrap makes them), else
 * 0: gettext finds a catalog by the name of the thread's LC_MESSAGES.
 */
static locale_t
speak_locale(const char *ll)
{
	char name[32];

	speak_name(ll, name);
	return newlocale(LC_MESSAGES_MASK | LC_NUMERIC_MASK, name,
	    (locale_t)0);
}

/* 1 if the catalog speaking now (this thread's) is ll's. */
static int
speaks(const char *ll)
{
	return strcmp(dgettext(PACKAGE, "en"), ll) == 0;
}

/* Speak by locale alone from now on; see i18n.h. */
int
i18n_settle(const char *language)
{
	extern int _nl_msg_cat_cntr;	/* gettext's cache of lookups */
	char own[16], name[32], *before;

	if (language == NULL || *language == '\0')
		return 0;
	snprintf(own, sizeof own, "%s", dgettext(PACKAGE, "en"));
	/*
	 * LANGUAGE has the last word over any locale but C in gettext, so
	 * it goes; the language it chose (the first of its list with a
	 * catalog) becomes LC_MESSAGES'.  Lookups are cached by locale
	 * name, hence the counter.
	 */
	unsetenv("LANGUAGE");
	++_nl_msg_cat_cntr;
	if (speaks(own))
		return 0;
	before = strdup(setlocale(LC_MESSAGES, NULL));
	if (strcmp(own, "en") == 0)
		snprintf(name, sizeof name, "C");
	else
		speak_name(own, name);
	if (before != NULL && (setlocale(LC_MESSAGES, name) == NULL ||
	    !speaks(own))) {
		/* No locale for it (qps): LANGUAGE as it was. */
		setlocale(LC_MESSAGES, before);
		setenv("LANGUAGE", language, 1);
		++_nl_msg_cat_cntr;
		free(before);
		return -1;
	}
	free(before);
	return 0;
}

/* Speak ll for a while; see i18n.h. */
int
i18n_speak(struct i18n_speaking *sp, const char *ll)
{
	const char *own = dgettext(PACKAGE, "en");

	sp->loc = (locale_t)0;
	if (strcmp(ll, own) == 0)
		return 0;
	if (strlen(ll) < 2 || strlen(ll) > 8 || strspn(ll,
	    "abcdefghijklmnopqrstuvwxyz") != strlen(ll))
		return -1;
	/* English: the msgids, C's numbers. */
	if (strcmp(ll, "en") == 0)
		sp->loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	else
		sp->loc = speak_locale(ll);
	if (sp->loc == (locale_t)0)
		return -1;
	uselocale(sp->loc);
	if (!speaks(ll)) {
		i18n_speak_end(sp);
		return -1;
	}
	return 0;
}

/* The language spoken before again; see i18n.h. */
void
i18n_speak_end(struct i18n_speaking *sp)
{
	if (sp->loc == (locale_t)0)
		return;
	uselocale(LC_GLOBAL_LOCALE);
	freelocale(sp->loc);
	sp->loc = (locale_t)0;
}
