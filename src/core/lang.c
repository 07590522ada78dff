/*
 * lang.c: letters by language (see lang.h).  Pure: ICU (libicuuc) comes
 * from the loader the caller gives (lang-icu.c, dlopen), asked on the
 * first letter that is not plain ASCII: a command on an English game
 * never pays for it.  Each code point's lowercase,
 * capital and plain form is asked of ICU once and kept, in the caller's
 * struct lang: the core keeps no state.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "icu.h"
#include "lang.h"
#include "words.h"

struct cpinfo {
	uint32_t	 cp;
	int		 tr;		/* Turkish rules */
	int		 used;
	int		 letter;	/* 1 letter, 2 combining mark, 0 no */
	char		 lower[12], upper[12], fold[12];
};

#define CACHE	1024

/*
 * The letters' context (lang.h): the system's ICU loader, ICU once
 * loaded, and each code point asked (cache: open addressing, made on
 * first use; nused slots used, never all of them: a search always ends
 * at a free one).
 */
struct lang {
	int		(*loader)(struct lang_icu *);
	struct lang_icu	 icu;
	struct cpinfo	*cache;
	size_t		 nused;
};

/* A context with ICU's loader load (or NULL); see lang.h. */
struct lang *
lang_new(int (*load)(struct lang_icu *))
{
	struct lang *lg = xcalloc(1, sizeof *lg);

	lg->loader = load;
	return lg;
}

/* Free lg and what it keeps (ICU stays loaded); see lang.h. */
void
lang_free(struct lang *lg)
{
	if (lg == NULL)
		return;
	free(lg->cache);
	free(lg);
}

/* Load ICU once into lg, by its loader; 0, or -1 if it cannot be. */
static int
icu_load(struct lang *lg)
{
	if (lg == NULL)
		return -1;
	if (lg->icu.tried)
		return lg->icu.ok ? 0 : -1;
	lg->icu.tried = 1;
	lg->icu.ok = lg->loader != NULL && lg->loader(&lg->icu) == 0;
	return lg->icu.ok ? 0 : -1;
}

/* Decode one code point of s into *cp: its length, 0 at the end, -1 bad. */
static int
dec(const char *s, uint32_t *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	int k, i;

	if (*p == 0)
		return 0;
	if (*p < 0x80) {
		*cp = *p;
		return 1;
	}
	if ((*p & 0xe0) == 0xc0) {
		*cp = *p & 0x1f;
		k = 1;
	} else if ((*p & 0xf0) == 0xe0) {
		*cp = *p & 0x0f;
		k = 2;
	} else if ((*p & 0xf8) == 0xf0) {
		*cp = *p & 0x07;
		k = 3;
	} else
		return -1;
	for (i = 1; i <= k; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return -1;
		*cp = *cp << 6 | (p[i] & 0x3f);
	}
	return k + 1;
}

/* Encode cp as UTF-8 into out (5 bytes); its length. */
static int
enc(uint32_t cp, char *out)
{
	unsigned char *o = (unsigned char *)out;

	if (cp < 0x80) {
		o[0] = (unsigned char)cp;
		o[1] = 0;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (unsigned char)(0xc0 | cp >> 6);
		o[1] = (unsigned char)(0x80 | (cp & 0x3f));
		o[2] = 0;
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (unsigned char)(0xe0 | cp >> 12);
		o[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		o[2] = (unsigned char)(0x80 | (cp & 0x3f));
		o[3] = 0;
		return 3;
	}
	o[0] = (unsigned char)(0xf0 | cp >> 18);
	o[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
	o[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
	o[3] = (unsigned char)(0x80 | (cp & 0x3f));
	o[4] = 0;
	return 4;
}

/* UTF-16 u[0..n) as UTF-8 into out (len bytes); -1 if it does not fit. */
static int
from16(const UChar *u, int32_t n, char *out, size_t len)
{
	size_t k = 0;
	uint32_t cp;
	char b[5];
	int32_t i;
	int m;

	for (i = 0; i < n; i++) {
		cp = u[i];
		if (cp >= 0xd800 && cp < 0xdc00 && i + 1 < n)
			cp = 0x10000 + ((cp - 0xd800) << 10) +
			    (u[++i] - 0xdc00);
		m = enc(cp, b);
		if (k + (size_t)m >= len)
			return -1;
		memcpy(out + k, b, (size_t)m);
		k += (size_t)m;
	}
	out[k] = '\0';
	return 0;
}

/* cp as UTF-16 into u (2 units); how many. */
static int32_t
to16(uint32_t cp, UChar *u)
{
	if (cp < 0x10000) {
		u[0] = (UChar)cp;
		return 1;
	}
	u[0] = (UChar)(0xd800 + ((cp - 0x10000) >> 10));
	u[1] = (UChar)(0xdc00 + ((cp - 0x10000) & 0x3ff));
	return 2;
}

/* 1 if dict is Turkish or Azerbaijani (dotless i). */
static int
turkic(const char *dict)
{
	return dict != NULL && (strncmp(dict, "tr", 2) == 0 ||
	    strncmp(dict, "az", 2) == 0) && (dict[2] == '\0' ||
	    dict[2] == '_' || dict[2] == '-');
}

/* Ask lg's ICU about cp; into c.  -1 if ICU cannot be loaded. */
static int
icu_info(struct lang *lg, uint32_t cp, int tr, struct cpinfo *c)
{
	const struct lang_icu *icu = &lg->icu;
	UChar u[4], o[16], d[16];
	UErrorCode e = U_ZERO_ERROR;
	const char *loc = tr ? "tr" : "";
	int32_t n, m, i, k;
	int8_t t;

	if (icu_load(lg) != 0)
		return -1;
	t = icu->char_type((UChar32)cp);
	c->letter = icu->is_alpha((UChar32)cp) ? 1 :
	    (t == U_NON_SPACING_MARK || t == U_COMBINING_SPACING_MARK) ? 2 : 0;
	n = to16(cp, u);
	m = icu->to_lower(o, 16, u, n, loc, &e);
	if (U_FAILURE(e) || from16(o, m, c->lower, sizeof c->lower) != 0)
		enc(cp, c->lower);
	e = U_ZERO_ERROR;
	if (cp == 0xdf || cp == 0x1e9e)		/* ß: its capital ẞ */
		enc(0x1e9e, c->upper);
	else {
		m = icu->to_upper(o, 16, u, n, loc, &e);
		if (U_FAILURE(e) || from16(o, m, c->upper,
		    sizeof c->upper) != 0)
			enc(cp, c->upper);
	}
	/* The plain letters: the lowercase, NFD, no marks, ß ss, œ oe. */
	e = U_ZERO_ERROR;
	m = icu->to_lower(o, 16, u, n, loc, &e);
	if (U_FAILURE(e))
		m = 0;
	e = U_ZERO_ERROR;
	n = icu->normalize(icu->nfd(&e), o, m, d, 16, &e);
	if (U_FAILURE(e))
		n = 0;
	for (i = k = 0; i < n; i++) {
		t = icu->char_type(d[i]);
		if (t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK)
			continue;
		if (d[i] == 0xdf) {
			o[k++] = 's';
			o[k++] = 's';
		} else if (d[i] == 0x153) {
			o[k++] = 'o';
			o[k++] = 'e';
		} else if (d[i] == 0xe6) {
			o[k++] = 'a';
			o[k++] = 'e';
		} else
			o[k++] = d[i];
	}
	if (k == 0 || from16(o, k, c->fold, sizeof c->fold) != 0)
		memcpy(c->fold, c->lower, sizeof c->fold);
	return 0;
}

/*
 * What lg knows of cp, kept in its cache, or worked out into *own when
 * lg is NULL; NULL if ICU is needed and cannot be loaded.
 */
static const struct cpinfo *
info(struct lang *lg, uint32_t cp, int tr, struct cpinfo *own)
{
	struct cpinfo *c, *cache;
	size_t h;

	if (lg == NULL)
		c = own;
	else {
		if (lg->cache == NULL)
			lg->cache = xcalloc(CACHE, sizeof *lg->cache);
		cache = lg->cache;
		for (h = (cp * 2654435761u + (uint32_t)tr) & (CACHE - 1);
		    cache[h].used; h = (h + 1) & (CACHE - 1))
			if (cache[h].cp == cp && cache[h].tr == tr)
				return &cache[h];
		c = &cache[h];
	}
	memset(c, 0, sizeof *c);
	c->cp = cp;
	c->tr = tr;
	if (cp < 0x80 && !(tr && (cp == 'I' || cp == 'i'))) {
		c->letter = isalpha((int)cp) ? 1 : 0;
		c->lower[0] = c->fold[0] = (char)tolower((int)cp);
		c->upper[0] = (char)toupper((int)cp);
	} else if (lg == NULL || icu_info(lg, cp, tr, c) != 0)
		return NULL;
	/*
	 * A slot stays free, so that the search always ends: once the
	 * others are used, a letter is worked out again each time it is
	 * asked (it was kept in the free slot until the next one).
	 */
	if (lg != NULL && lg->nused + 1 < CACHE) {
		c->used = 1;
		lg->nused++;
	}
	return c;
}

/* 1 if s is plain ASCII. */
static int
ascii(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

/* Split into lowercase letters; see lang.h. */
int
lang_lower(struct lang *lg, const char *dict, const char *s, char *out,
    size_t len, int *nletters, char *why, size_t whylen)
{
	UChar u[256], v[256];
	UErrorCode e = U_ZERO_ERROR;
	char nfc[1024], b[8];
	struct cpinfo own;
	const struct cpinfo *c;
	size_t k = 0, m;
	uint32_t cp;
	int tr = turkic(dict), n, i;
	int32_t nu = 0;

	*nletters = 0;
	/* NFC first, so a letter typed with a combining accent is one. */
	if (!ascii(s)) {
		for (i = 0; (n = dec(s + i, &cp)) > 0 && nu < 250; i += n)
			nu += to16(cp, u + nu);
		if (n < 0 || nu >= 250) {
			snprintf(why, whylen, _("not UTF-8 text, or too long"));
			return -1;
		}
		if (icu_load(lg) != 0) {
			snprintf(why, whylen, _("letters beyond A to Z need "
			    "the ICU library (%s), which cannot be loaded"),
			    ICU_SONAME);
			return -1;
		}
		nu = lg->icu.normalize(lg->icu.nfc(&e), u, nu, v, 256, &e);
		if (U_FAILURE(e) || from16(v, nu, nfc, sizeof nfc) != 0) {
			snprintf(why, whylen, _("cannot normalise the text"));
			return -1;
		}
		s = nfc;
	}
	for (i = 0; (n = dec(s + i, &cp)) > 0; i += n) {
		if ((c = info(lg, cp, tr, &own)) == NULL) {
			snprintf(why, whylen, _("letters beyond A to Z need the "
			    "ICU library (%s), which cannot be loaded"),
			    ICU_SONAME);
			return -1;
		}
		if (c->letter == 0 || (c->letter == 2 && k == 0)) {
			memcpy(b, s + i, (size_t)n);
			b[n] = '\0';
			snprintf(why, whylen, _("'%s' is not a letter"), b);
			return -1;
		}
		m = strlen(c->lower);
		if (k + m >= len) {
			snprintf(why, whylen, _("too long"));
			return -1;
		}
		memcpy(out + k, c->lower, m);
		k += m;
		if (c->letter == 1)
			(*nletters)++;
	}
	if (n < 0) {
		snprintf(why, whylen, _("not UTF-8 text"));
		return -1;
	}
	out[k] = '\0';
	return 0;
}

/* The shape of s as a word on the dice; see lang.h. */
int
lang_word(struct lang *lg, const char *dict, const char *s, char *out,
    size_t len, int *nletters, char *why, size_t whylen)
{
	const char *p;
	int bad = 0;

	if (lang_lower(lg, dict, s, out, len, nletters, why, whylen) != 0)
		return LANG_NOT_LETTERS;
	if (*nletters < LANG_WORD_MIN)
		bad |= LANG_SHORT;
	for (p = out; (p = strchr(p, 'q')) != NULL; p++)
		if (p[1] != 'u') {
			bad |= LANG_LONE_Q;
			break;
		}
	return bad;
}

/* The first letter of s, with its marks; see lang.h. */
size_t
lang_next(struct lang *lg, const char *s, char *out, size_t len)
{
	struct cpinfo own;
	const struct cpinfo *c;
	uint32_t cp;
	size_t k;
	int n;

	if ((n = dec(s, &cp)) <= 0)
		return 0;
	for (k = (size_t)n; (n = dec(s + k, &cp)) > 0; k += (size_t)n)
		if ((c = info(lg, cp, 0, &own)) == NULL || c->letter != 2)
			break;
	if (k >= len)
		k = len - 1;
	memcpy(out, s, k);
	out[k] = '\0';
	return k;
}

/* Append the per-letter text of s (which says pick) to out. */
static int
map(struct lang *lg, const char *dict, const char *s, int pick,
    int first_only, char *out, size_t len)
{
	struct cpinfo own;
	const struct cpinfo *c;
	const char *t;
	size_t k = 0, m;
	uint32_t cp;
	int n, i, tr = turkic(dict);

	for (i = 0; (n = dec(s + i, &cp)) > 0; i += n) {
		if ((c = info(lg, cp, tr, &own)) == NULL)
			return -1;
		t = pick == 0 ? c->fold : c->upper;
		if (first_only && i > 0) {
			m = strlen(s + i);
			if (k + m >= len)
				return -1;
			memcpy(out + k, s + i, m + 1);
			return 0;
		}
		m = strlen(t);
		if (k + m >= len)
			return -1;
		memcpy(out + k, t, m);
		k += m;
	}
	out[k] = '\0';
	return n < 0 ? -1 : 0;
}

/* The key of lowercase text; see lang.h. */
int
lang_key(struct lang *lg, const char *dict, int fold, const char *lower,
    char *out, size_t len)
{
	if (!fold || ascii(lower)) {
		if (strlen(lower) >= len)
			return -1;
		memcpy(out, lower, strlen(lower) + 1);
		return 0;
	}
	return map(lg, dict, lower, 0, 0, out, len);
}

/* Capitalised; see lang.h. */
int
lang_cap(struct lang *lg, const char *dict, const char *lower, char *out,
    size_t len)
{
	return map(lg, dict, lower, 1, 1, out, len);
}

/* In capitals; see lang.h. */
int
lang_upper(struct lang *lg, const char *dict, const char *lower, char *out,
    size_t len)
{
	if (strcmp(lower, "qu") == 0) {
		snprintf(out, len, "Qu");
		return 0;
	}
	return map(lg, dict, lower, 1, 0, out, len);
}

/* Code points of s. */
size_t
lang_width(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}
