/*
 * i18n.c: the user's language: setlocale, the catalogs bound, and the
 * switch to plain English for what a program reads.
 */
#include <libintl.h>
#include <locale.h>
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
