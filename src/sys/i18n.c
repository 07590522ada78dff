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
i18n_init(const char *dir)
{
	const char *h;

	/* Only messages and numbers: LC_CTYPE, LC_COLLATE stay C. */
	if (setlocale(LC_MESSAGES, "") == NULL)
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

/*
 * The locale of language ll for messages and numbers: ll_LL.UTF-8 (de_DE,
 * fr_FR, es_ES) where the machine has it, else C.UTF-8 for the messages
 * alone (numbers as C writes them); 0 if neither.
 */
static locale_t
speak_locale(const char *ll)
{
	char name[32];
	locale_t l;
	size_t i;

	snprintf(name, sizeof name, "%s_", ll);
	for (i = 0; ll[i] != '\0' && i < 8; i++)
		name[strlen(ll) + 1 + i] = (char)(ll[i] - 'a' + 'A');
	name[strlen(ll) + 1 + i] = '\0';
	strcat(name, ".UTF-8");
	if ((l = newlocale(LC_MESSAGES_MASK | LC_NUMERIC_MASK, name,
	    (locale_t)0)) != (locale_t)0)
		return l;
	return newlocale(LC_MESSAGES_MASK, "C.UTF-8", (locale_t)0);
}

/* Speak ll for a while; see i18n.h. */
int
i18n_speak(struct i18n_speaking *sp, const char *ll)
{
	const char *own = dgettext(PACKAGE, "en");

	sp->loc = (locale_t)0;
	snprintf(sp->own, sizeof sp->own, "%s", own);
	if (strcmp(ll, sp->own) == 0)
		return 0;
	if (strlen(ll) < 2 || strlen(ll) > 8 || strspn(ll,
	    "abcdefghijklmnopqrstuvwxyz") != strlen(ll))
		return -1;
	/* English: the msgids, C's numbers (the C locale ignores LANGUAGE). */
	if (strcmp(ll, "en") == 0)
		sp->loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	else
		sp->loc = speak_locale(ll);
	if (sp->loc == (locale_t)0)
		return -1;
	if (strcmp(ll, "en") != 0)
		setenv("LANGUAGE", ll, 1);
	uselocale(sp->loc);
	if (strcmp(dgettext(PACKAGE, "en"), ll) != 0) {
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
	/* The catalog of before: its language named (English: none). */
	setenv("LANGUAGE", sp->own, 1);
}
