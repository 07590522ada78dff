/*
 * test-languages.c: solve against Hunspell itself, in one dictionary
 * (DICT: the program is built once for each of en_US, en_GB, de_DE,
 * fr_FR, es_ES and it_IT, so `make -j` runs them side by side).  SW-2:
 * solve lists exactly the words a challenge lets stand.
 *
 * 20 random 4x4 grids of the language's dice (umlauts, ß, accents, ñ):
 * every path of 3 to 8 cells is put to Hunspell here, directly, as the
 * rules say a challenge rules: the word in lowercase, or with nouns=on
 * capitalised (accents=exact; German also with nouns=off).  Then 20
 * random grids of the plain dice with accents=fold: every path of 3 to
 * 8 cells stands when one of its spellings with the accented letters
 * the dictionary uses (in its words or its affixes; a second table of
 * what folds to what, written here) stands, and each spelling that
 * Hunspell could accept at all is put to it.  Which could is decided
 * by G, a superset of every word Hunspell accepts, read from the .dic
 * and .aff files here (not our expansion in affix.c; why it is a
 * superset is proven where G is built): a path is followed while some
 * spelling of it begins a word of G, and a spelling is asked when it
 * is a word of G.  Nothing is left out: every path of 3 to 8 cells of
 * the 20 grids, every spelling.  (Asking every spelling of every path,
 * as before, took hours in French: up to 7 spellings of each a.)
 * en_US has no accented letter: accents=fold is accents=exact there.
 * Hunspell's answers are kept per string within a grid (paths that
 * spell the same string, both nouns settings).  German compounds
 * (Seebus, Analnote) stand as Hunspell accepts them (compounds=on).
 * With compounds=off (a dictionary with compounding rules: de_DE, the
 * English ones for numbers), the same exact grids against Hunspell
 * loaded with those rules taken out of a copy of the .aff: the forms
 * the dictionary lists.
 *
 * The word list is built into a temporary folder from the system's
 * dictionary, as on first use.  A dictionary not installed is skipped.
 * Under AddressSanitizer, 2 grids a check (every allocation of Hunspell
 * is recorded there).
 */
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

#include <hunspell.h>

#include "../../src/core/buf.h"
#include "../../src/core/dawg.h"
#include "../../src/sys/dawg-file.h"
#include "../../src/core/grid.h"
#include "../../src/core/solve.h"
#include "../../src/sys/wordlist.h"
#include "../../src/sys/lang-icu.h"
#include "../../src/core/lang.h"
#include "tap.h"

/* The letters' context (lang.h): the tests', made in main. */
static struct lang *lg;

#ifndef DICT
#error "DICT names the dictionary"
#endif

#define GRIDS_N		20
#define MAX_CELLS	8

struct lang {
	const char	*dict;
	int		 nouns;		/* the default: de_* */
	int		 fold;		/* checked with accents=fold */
	const char	*letters;	/* the dice, space-separated */
};

static const struct lang langs[] = {
	{ "en_US", 0, 0, "a a a b c d e e e e f g h i i i k l l m n n o o o "
	    "p r r s s s t t t u w y qu" },
	{ "en_GB", 0, 1, "a a a b c d e e e e f g h i i i k l l m n n o o o "
	    "p r r s s s t t t u w y qu" },
	{ "de_DE", 1, 1, "a a ä b d e e e e e g h i i i k l m n n n o ö r r "
	    "s s s t t u u ü ß z" },
	{ "fr_FR", 0, 1, "a a a é è ê b c ç d e e e e i i l l m n n o o p r "
	    "r s s s t t t u u qu" },
	{ "es_ES", 0, 1, "a a a á b c d e e e é i i í l l m n n ñ o o o ó p "
	    "r r s s s t t u ú qu" },
	/* Its affix classes flagged by bytes beyond ASCII (SFX £). */
	{ "it_IT", 0, 1, "a a a à b c c d e e e è é f g i i i ì l l m n n "
	    "o o o ò p r r s s t t u ù v z qu" },
};

/*
 * accents=fold, restated: the letters with diacritics (Latin-1 and
 * Latin Extended-A, lowercase and capital) and the plain letters they
 * fold to.  Only those the dictionary's words use are tried
 * (accents[]: for each plain letter, its accented ones).
 */
static const char *const folds[][2] = {
	{ "à", "a" }, { "á", "a" }, { "â", "a" }, { "ã", "a" }, { "ä", "a" },
	{ "å", "a" }, { "ā", "a" }, { "ă", "a" }, { "ą", "a" }, { "æ", "ae" },
	{ "ç", "c" }, { "ć", "c" }, { "č", "c" }, { "ď", "d" }, { "è", "e" },
	{ "é", "e" }, { "ê", "e" }, { "ë", "e" }, { "ē", "e" }, { "ė", "e" },
	{ "ę", "e" }, { "ě", "e" }, { "ģ", "g" }, { "ì", "i" }, { "í", "i" },
	{ "î", "i" }, { "ï", "i" }, { "ī", "i" }, { "į", "i" }, { "ķ", "k" },
	{ "ļ", "l" }, { "ľ", "l" }, { "ñ", "n" }, { "ń", "n" }, { "ņ", "n" },
	{ "ň", "n" }, { "ò", "o" }, { "ó", "o" }, { "ô", "o" }, { "õ", "o" },
	{ "ö", "o" }, { "ø", "o" }, { "ō", "o" }, { "ő", "o" }, { "œ", "oe" },
	{ "ŕ", "r" }, { "ř", "r" }, { "ß", "ss" }, { "ś", "s" }, { "ş", "s" },
	{ "š", "s" }, { "ș", "s" }, { "ţ", "t" }, { "ť", "t" }, { "ț", "t" },
	{ "ù", "u" }, { "ú", "u" }, { "û", "u" }, { "ü", "u" }, { "ū", "u" },
	{ "ů", "u" }, { "ű", "u" }, { "ų", "u" }, { "ŵ", "w" }, { "ý", "y" },
	{ "ÿ", "y" }, { "ŷ", "y" }, { "ź", "z" }, { "ż", "z" }, { "ž", "z" },
	{ "À", "à" }, { "Á", "á" }, { "Â", "â" }, { "Ã", "ã" }, { "Ä", "ä" },
	{ "Å", "å" }, { "Æ", "æ" }, { "Ç", "ç" }, { "È", "è" }, { "É", "é" },
	{ "Ê", "ê" }, { "Ë", "ë" }, { "Ì", "ì" }, { "Í", "í" }, { "Î", "î" },
	{ "Ï", "ï" }, { "Ñ", "ñ" }, { "Ò", "ò" }, { "Ó", "ó" }, { "Ô", "ô" },
	{ "Õ", "õ" }, { "Ö", "ö" }, { "Ø", "ø" }, { "Ù", "ù" }, { "Ú", "ú" },
	{ "Û", "û" }, { "Ü", "ü" }, { "Ý", "ý" }, { "Œ", "œ" }, { "Š", "š" },
	{ "Ž", "ž" }, { "Č", "č" }, { "Ō", "ō" }, { "Ș", "ș" }, { "Ć", "ć" },
	{ "Ś", "ś" }, { "ł", "l" }, { "Ă", "ă" },
};
#define NFOLDS	(sizeof folds / sizeof folds[0])

/* The accented letters of the dictionary: plain, then what folds to it. */
static const char *accents[32][24];

/*
 * Note each letter of folds[] the words of dic (its file) use, or the
 * affixes of aff (its PFX and SFX lines, whole: a superset).
 */
static void
dictionary_accents(const char *dic, const char *aff)
{
	char line[4096], *p;
	const char *low;
	int used[NFOLDS], i, k, a, fi;
	size_t n;
	FILE *f;

	memset(used, 0, sizeof used);
	memset(accents, 0, sizeof accents);
	for (fi = 0; fi < 2; fi++) {
		if ((f = fopen(fi ? aff : dic, "r")) == NULL)
			continue;
		while (fgets(line, sizeof line, f) != NULL) {
			if (fi == 0)
				line[strcspn(line, "/ \t\r\n")] = '\0';
			else if (strncmp(line, "PFX", 3) != 0 &&
			    strncmp(line, "SFX", 3) != 0)
				continue;
			for (p = line; *p != '\0'; p++)
				for (i = 0; (unsigned char)*p >= 0x80 &&
				    i < (int)NFOLDS; i++)
					if (strncmp(p, folds[i][0],
					    strlen(folds[i][0])) == 0)
						used[i] = 1;
		}
		fclose(f);
	}
	for (i = 0; i < (int)NFOLDS; i++) {
		if (!used[i])
			continue;
		/* A capital stands for its lowercase letter. */
		low = (unsigned char)folds[i][1][0] >= 0x80 ? folds[i][1] :
		    folds[i][0];
		for (k = 0; k < (int)NFOLDS && strcmp(folds[k][0], low) != 0;
		    k++)
			continue;
		if (k == (int)NFOLDS)
			continue;
		for (a = 0; accents[a][0] != NULL &&
		    strcmp(accents[a][0], folds[k][1]) != 0; a++)
			continue;
		accents[a][0] = folds[k][1];
		for (n = 1; accents[a][n] != NULL &&
		    strcmp(accents[a][n], low) != 0; n++)
			continue;
		accents[a][n] = folds[k][0];
	}
}

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED	1
#endif
#endif
#ifdef SANITIZED
#define NGRIDS		2
#else
#define NGRIDS		GRIDS_N
#endif

/*
 * Hunspell on the dictionary (hh), and on it with its compounding rules
 * taken out of a copy of its .aff (hh_nc: a form the dictionary lists,
 * which compounds=off asks for; NULL if the .aff has none); hcur is
 * the one asked.
 */
static Hunhandle *hh, *hh_nc, *hcur;
static const struct lang *L;

/*
 * A table of strings with an answer each: open addressing (FNV-1a).
 * Hunspell's answers, per string, for the grid at hand, are one,
 * cleared between grids.
 */
struct answer {
	char	*w;
	int	 v;
};
struct table {
	struct answer	*a;
	size_t		 n, cap;
};
static struct table cache;

/* FNV-1a of the n bytes at w. */
static size_t
hashn(const char *w, size_t n)
{
	size_t h = 2166136261u;

	while (n-- > 0)
		h = (h ^ (unsigned char)*w++) * 16777619u;
	return h;
}

/* Empty t. */
static void
table_clear(struct table *t)
{
	size_t i;

	for (i = 0; i < t->cap; i++) {
		free(t->a[i].w);
		t->a[i].w = NULL;
	}
	t->n = 0;
}

/* Forget every answer. */
static void
cache_clear(void)
{
	table_clear(&cache);
}

/*
 * The slot in t of the n bytes at w: theirs, or the empty slot they
 * would take.
 */
static struct answer *
table_slot(struct table *t, const char *w, size_t n)
{
	struct answer *old;
	size_t i, h, oldcap;

	if (2 * (t->n + 1) > t->cap) {
		old = t->a;
		oldcap = t->cap;
		t->cap = t->cap ? t->cap * 2 : 1 << 10;
		t->a = calloc(t->cap, sizeof *t->a);
		for (i = 0; i < oldcap; i++) {
			if (old[i].w == NULL)
				continue;
			for (h = hashn(old[i].w, strlen(old[i].w)) &
			    (t->cap - 1); t->a[h].w != NULL;
			    h = (h + 1) & (t->cap - 1))
				continue;
			t->a[h] = old[i];
		}
		free(old);
	}
	for (h = hashn(w, n) & (t->cap - 1); t->a[h].w != NULL;
	    h = (h + 1) & (t->cap - 1))
		if (strncmp(t->a[h].w, w, n) == 0 && t->a[h].w[n] == '\0')
			break;
	return &t->a[h];
}

/* The slot of answer w. */
static struct answer *
answer_slot(const char *w)
{
	return table_slot(&cache, w, strlen(w));
}

/* Whether an answer is kept for w, in *v. */
static int
answer_known(const char *w, int *v)
{
	struct answer *a = answer_slot(w);

	if (a->w == NULL)
		return 0;
	*v = a->v;
	return 1;
}

/* Keep answer v for w (not kept yet). */
static void
answer_keep(const char *w, int v)
{
	struct answer *a = answer_slot(w);

	a->w = strdup(w);
	a->v = v;
	cache.n++;
}

/* Calls of Hunspell_spell. */
static size_t nspell;

/* Hunspell on w exactly as written, asked once per string. */
static int
hunspell(const char *w)
{
	int v;

	if (answer_known(w, &v))
		return v;
	v = Hunspell_spell(hcur, w) != 0;
	nspell++;
	answer_keep(w, v);
	return v;
}

/* The speller solve asks about compounds: Hunspell itself. */
static int
spell(void *arg, const char *w)
{
	(void)arg;
	return hunspell(w);
}

static const struct speller speller = { spell, NULL };

/* A growing set of strings. */
struct set {
	char	**w;
	size_t	  n, cap;
};

/* Add w to s. */
static void
set_add(struct set *s, const char *w)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 256;
		s->w = realloc(s->w, s->cap * sizeof *s->w);
	}
	s->w[s->n++] = strdup(w);
}

/* qsort: strcmp. */
static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort and drop repeats. */
static void
set_uniq(struct set *s)
{
	size_t i, k = 0;

	if (s->n > 1)
		qsort(s->w, s->n, sizeof *s->w, cmp_str);
	for (i = 0; i < s->n; i++) {
		if (k > 0 && strcmp(s->w[k - 1], s->w[i]) == 0)
			free(s->w[i]);
		else
			s->w[k++] = s->w[i];
	}
	s->n = k;
}

/* Free a set. */
static void
set_free(struct set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->w[i]);
	free(s->w);
	memset(s, 0, sizeof *s);
}

/* Letters (code points) of UTF-8 w. */
static size_t
letters(const char *w)
{
	size_t n = 0;

	for (; *w != '\0'; w++)
		n += ((unsigned char)*w & 0xc0) != 0x80;
	return n;
}

/*
 * w with its first letter in capital: ASCII, or a Latin-1 lowercase
 * letter (U+00E0..U+00FE, C3 A0..BE: its capital is 0x20 lower).
 */
static void
capital(const char *w, char *out, size_t len)
{
	snprintf(out, len, "%s", w);
	if (out[0] >= 'a' && out[0] <= 'z')
		out[0] = (char)(out[0] - 'a' + 'A');
	else if ((unsigned char)out[0] == 0xc3 &&
	    (unsigned char)out[1] >= 0xa0 && (unsigned char)out[1] <= 0xbe &&
	    (unsigned char)out[1] != 0xb7)
		out[1] = (char)(out[1] - 0x20);
}

static int	name_only(const char *);

/*
 * The rule, asked of Hunspell: w stands as written or capitalised, and
 * not as a name (SW-2: names and places never stand).
 */
static int
stands(const char *w, int nouns)
{
	char cap[256];

	if (hunspell(w))
		return 1;
	capital(w, cap, sizeof cap);
	return nouns && hunspell(cap) && !name_only(cap);
}

/* The plain letters of a lowercase form (the table, backwards). */
static void
plain_of(const char *w, char *out, size_t len)
{
	size_t o = 0, i, m;
	int k, hit;

	while (*w != '\0' && o + 4 < len) {
		hit = 0;
		for (i = 0; accents[i][0] != NULL && !hit; i++)
			for (k = 1; accents[i][k] != NULL && !hit; k++) {
				m = strlen(accents[i][k]);
				if (strncmp(w, accents[i][k], m) == 0) {
					o += (size_t)snprintf(out + o, len - o,
					    "%s", accents[i][0]);
					w += m;
					hit = 1;
				}
			}
		if (!hit)
			out[o++] = *w++;
	}
	out[o] = '\0';
}

/* The cells next to cell not in used, into to[]; how many. */
static int
neighbours(const struct grid *g, int cell, unsigned used, int to[8])
{
	int n = g->n, r = cell / n, c = cell % n, dr, dc, k = 0;

	for (dr = -1; dr <= 1; dr++)
		for (dc = -1; dc <= 1; dc++)
			if (r + dr >= 0 && r + dr < n && c + dc >= 0 &&
			    c + dc < n && !(used & (1u << ((r + dr) * n +
			    c + dc))))
				to[k++] = (r + dr) * n + c + dc;
	return k;
}

struct walk {
	const struct grid	*g;
	int			 fold, nouns, maxcells;
	struct set		*want;
	char			 w[256];
};

/*
 * accents=fold, pruned soundly.  Asking Hunspell about every accented
 * spelling of every path is too costly (French: up to 5 spellings of
 * each e, 7 of each a), so a path is followed only while some spelling
 * of it can still begin a word of G, a language read here from the .dic
 * and .aff files that holds every word Hunspell can accept, and Hunspell
 * is asked only about the spellings G holds whole.  G is a generous
 * superset written from Hunspell's rules, not our expansion (affix.c):
 *
 *   word  = part | cpart cpart+   (cpart only if the .aff compounds)
 *   part  = pre{0,1} core suf{0,2}   (pre{0,2} under COMPLEXPREFIXES)
 *   cpart = the same, of COMPOUNDMIN letters, its core from a root
 *           whose flags may make it a compound's part (g_cflags)
 *   pre   = a PFX add, or (COMPLEXPREFIXES, an add that takes another
 *           affix) one with a PFX strip cut off its start
 *   suf   = a SFX add, or (an add that takes another affix: "add/fl")
 *           one with a SFX strip cut off its end
 *   core  = a .dic word less a head and a tail, empty only under
 *           FULLSTRIP or after a head that is not
 *   head  = "", a PFX strip, or (COMPLEXPREFIXES) the strip of an
 *           entry taking another affix, then a bite: the end of a PFX
 *           strip whose start is such an entry's add
 *   tail  = "", a SFX strip, or a bite, the start of a SFX strip whose
 *           end is the add of an entry taking another affix, then that
 *           kind of entry's strip
 *
 * all in lowercase (towlower) with ß and ẞ as ss.  Every PFX/SFX line
 * is read as an entry (headers too: strings more, never fewer), but an
 * entry whose add holds a letter no word asked here has (German "-a")
 * and that no other affix can cut is left out: it never forms one.
 *
 * Why Hunspell accepts no word asked here outside G.  It takes a word
 * as written, or lowercased, or capitalised, or with SS as ß
 * (CHECKSHARPS): the same once lowercased with ß as ss.  ICONV changes
 * only sequences no word asked here has (fr_FR: combining accents and
 * apostrophes; en: ’): checked below, as are the absence of IGNORE, AF,
 * CHECKCOMPOUNDPATTERN replacements and SIMPLIFIEDTRIPLE (compounds not
 * their parts written in full) and a UTF-8 SET; else G is every string.
 * An accepted word is a .dic root with a prefix and up to two suffixes
 * (prefix_check, suffix_check, their twofold and cross forms; two
 * prefixes and a suffix under COMPLEXPREFIXES), or a compound whose
 * parts are each such a form of at least COMPOUNDMIN letters
 * (compound_check), of a root with a compounding flag or an affix giving
 * one.  A suffix entry turns a stem ending in its strip s into the
 * stem less s, plus its add.  A second (outer) suffix applies only to
 * an entry listing it after its add's slash, and cuts its own strip off
 * that entry's result: off the first add's end (a suf cut by a strip),
 * or, longer than that add, off the stem too (the bite, then s).
 * Prefixes mirror this, and a prefix and suffixes cut opposite ends.
 * Every letter of the word is then in a pre, the core or a suf of its
 * part, in that order.  PfxEntry and SfxEntry::checkword (check_twosfx
 * for the outer suffix) ask that the word less the add they check be
 * longer than 0 but under FULLSTRIP: that is the core, or the prefix's
 * strip and the core in a cross check.  So every word Hunspell accepts
 * is in G.  (Were one missed anyway, and solve right, the check would
 * fail with it as "solve only".)
 */

/* A trie node: first child, next sibling, byte, kind, marks. */
struct tnode {
	int		child, next;
	unsigned char	c, kind, mark;
};
#define T_END	1		/* a pre, a suf or a core may end here */

static struct {
	struct tnode	*t;
	int		 n, cap;
	int		 root[4];	/* pre, core, suf, compound part core */
	int		 compound, complex, fullstrip, all;
	int		 cpdmin;	/* COMPOUNDMIN, 1..7 */
	/* Bytes of the flags that make a root a compound's part. */
	unsigned char	 cflag[256];
	size_t		 maxp, maxs;	/* longest strip, bytes */
	/* Strips; those of entries that take another affix, and adds. */
	struct table	 pstrip, sstrip, pistrip, sistrip, piadd, siadd;
	/* What a second strip cuts off the stem: pre y / suf y. */
	struct table	 pbite, sbite;
} G;
enum { K_PRE, K_CORE, K_SUF, K_CCORE };

/* Whether the n bytes at w are in s. */
static int
strset_has(struct table *s, const char *w, size_t n)
{
	return table_slot(s, w, n)->w != NULL;
}

/* Add the n bytes at w to s. */
static void
strset_add(struct table *s, const char *w, size_t n)
{
	struct answer *a = table_slot(s, w, n);

	if (a->w == NULL) {
		a->w = strndup(w, n);
		s->n++;
	}
}

/* Free a set of strings. */
static void
strset_free(struct table *s)
{
	table_clear(s);
	free(s->a);
	memset(s, 0, sizeof *s);
}

/*
 * SW-2's names, read here from the files on their own (the program's
 * reading is affix.c's AFFIX_NAME): a .dic entry marked po:npr, po:prn
 * or po:patr; or, where the .aff compounds, one whose every flag is a
 * suffix class whose every entry adds "s" or "'s" alone (no prefix, no
 * compound flag: igerman98's Hans, Zeus, Jürgen/S).  Single-byte flags
 * only (no FLAG directive; else names by their morphology alone).
 * names: the spellings of entries that are names; nonnames: of those
 * that are not.
 */
static struct table names, nonnames;

static void
names_read(const char *aff, const char *dic)
{
	char line[4096], f[4][1024], *fl;
	unsigned char sfx_s[256], pfx[256], seen[256];
	const unsigned char *b;
	size_t n, k;
	int compounds = 0, one = 1, nf, first = 1, name;
	FILE *fp;

	memset(sfx_s, 0, sizeof sfx_s);
	memset(pfx, 0, sizeof pfx);
	memset(seen, 0, sizeof seen);
	if ((fp = fopen(aff, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, fp) != NULL) {
		nf = sscanf(line, "%1023s %1023s %1023s %1023s", f[0], f[1],
		    f[2], f[3]);
		if (nf >= 1 && strcmp(f[0], "FLAG") == 0)
			one = 0;
		if (nf >= 1 && strncmp(f[0], "COMPOUND", 8) == 0 &&
		    (strcmp(f[0] + 8, "FLAG") == 0 ||
		    strcmp(f[0] + 8, "BEGIN") == 0 ||
		    strcmp(f[0] + 8, "RULE") == 0))
			compounds = 1;
		if (nf < 4 || (strcmp(f[0], "SFX") != 0 &&
		    strcmp(f[0], "PFX") != 0) || strlen(f[1]) != 1)
			continue;
		b = (const unsigned char *)f[1];
		if ((strcmp(f[2], "Y") == 0 || strcmp(f[2], "N") == 0) &&
		    strspn(f[3], "0123456789") == strlen(f[3])) {
			seen[*b] = 1;		/* a class's header */
			if (f[0][0] == 'P')
				pfx[*b] = 1;
			else
				sfx_s[*b] = 1;
		} else if (f[0][0] == 'S' && (strcmp(f[2], "0") != 0 ||
		    (strcmp(f[3], "s") != 0 && strcmp(f[3], "'s") != 0 &&
		    strcmp(f[3], "\xe2\x80\x99s") != 0)))
			sfx_s[*b] = 0;
	}
	fclose(fp);
	if ((fp = fopen(dic, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, fp) != NULL) {
		if (first || line[0] == '\t') {
			first = 0;
			continue;
		}
		name = 0;
		for (k = 0; k < 3 && !name; k++) {
			static const char *const po[] = { " po:npr",
			    " po:prn", " po:patr" };
			const char *m = strstr(line, po[k]);

			/* A whole field (strchr finds the NUL too). */
			name = m != NULL && strchr(" \t\r\n",
			    m[strlen(po[k])]) != NULL;
		}
		n = strcspn(line, "/\t \r\n");
		if (!name && compounds && one) {
			name = 1;
			if (line[n] == '/')
				for (fl = line + n + 1; *fl != '\0' &&
				    strchr(" \t\r\n", *fl) == NULL; fl++) {
					b = (const unsigned char *)fl;
					if (!seen[*b] || pfx[*b] || !sfx_s[*b])
						name = 0;
				}
		}
		strset_add(name ? &names : &nonnames, line, n);
	}
	fclose(fp);
}

/*
 * 1 if w, a capitalised spelling Hunspell accepts, is a name's alone:
 * every stem Hunspell gives it is a name's spelling and no other
 * entry's.
 */
static int
name_only(const char *w)
{
	char **st;
	int n, i, v = 1;

	if ((n = Hunspell_stem(hcur, &st, w)) <= 0)
		return 0;
	for (i = 0; i < n; i++)
		if (!strset_has(&names, st[i], strlen(st[i])) ||
		    strset_has(&nonnames, st[i], strlen(st[i])))
			v = 0;
	Hunspell_free_list(hcur, &st, n);
	return v;
}

/*
 * in, lowercase (towlower, the locale's UTF-8) with ß and ẞ as ss, into
 * out; a byte that is not UTF-8 is kept as it is.
 */
static void
gnorm(const char *in, char *out, size_t len)
{
	mbstate_t ms;
	wchar_t wc;
	size_t n, o = 0, m;
	char mb[MB_LEN_MAX];

	memset(&ms, 0, sizeof ms);
	while (*in != '\0' && o + 8 < len) {
		n = mbrtowc(&wc, in, strlen(in), &ms);
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			memset(&ms, 0, sizeof ms);
			out[o++] = *in++;
			continue;
		}
		in += n;
		if (wc == 0xdf || wc == 0x1e9e) {
			out[o++] = 's';
			out[o++] = 's';
			continue;
		}
		m = wcrtomb(mb, (wchar_t)towlower((wint_t)wc), &ms);
		if (m == (size_t)-1) {
			memcpy(out + o, in - n, n);
			o += n;
		} else {
			memcpy(out + o, mb, m);
			o += m;
		}
	}
	out[o] = '\0';
}

/* A new trie node of kind k. */
static int
t_new(int k)
{
	if (G.n == G.cap) {
		G.cap = G.cap ? G.cap * 2 : 1 << 16;
		G.t = realloc(G.t, (size_t)G.cap * sizeof *G.t);
	}
	memset(&G.t[G.n], 0, sizeof G.t[G.n]);
	G.t[G.n].child = G.t[G.n].next = -1;
	G.t[G.n].kind = (unsigned char)k;
	return G.n++;
}

/* The child of node x on byte c, made if make, else -1. */
static int
t_child(int x, unsigned char c, int make)
{
	int y;

	for (y = G.t[x].child; y >= 0; y = G.t[y].next)
		if (G.t[y].c == c)
			return y;
	if (!make)
		return -1;
	y = t_new(G.t[x].kind);
	G.t[y].c = c;
	G.t[y].next = G.t[x].child;
	G.t[x].child = y;
	return y;
}

/* Put the n bytes at w under root r, marking the node after end bytes. */
static void
t_add(int r, const char *w, size_t n, size_t end)
{
	size_t i;
	int x = r;

	for (i = 0; i < n; i++) {
		if (i == end)
			G.t[x].mark |= T_END;
		x = t_child(x, (unsigned char)w[i], 1);
	}
	if (end == n)
		G.t[x].mark |= T_END;
}

/*
 * A pre or suf: add a (normalised), and if it takes another affix
 * (inner), with that one's strip cut off it.
 */
static void
g_piece(int pfx, const char *a, int inner)
{
	size_t n = strlen(a), k;

	t_add(G.root[pfx ? K_PRE : K_SUF], a, n, n);
	for (k = 1; inner && k <= n; k++) {
		if (pfx && G.complex && strset_has(&G.pstrip, a, k))
			t_add(G.root[K_PRE], a + k, n - k, n - k);
		if (!pfx && strset_has(&G.sstrip, a + n - k, k))
			t_add(G.root[K_SUF], a, n - k, n - k);
	}
}

/*
 * A .dic word w (normalised): its cores, every head and tail, under
 * root r.
 */
static void
g_word(const char *w, int r)
{
	size_t n = strlen(w), heads[256], tails[256], nh = 0, nt = 0, i, j,
	    k;

	/* Heads: a PFX strip, or (twofold) an inner one and a bite. */
	heads[nh++] = 0;
	for (i = 1; i <= n && i <= G.maxp && nh < 256; i++)
		if (strset_has(&G.pstrip, w, i))
			heads[nh++] = i;
	for (i = 0; G.complex && i <= n && i <= G.maxp; i++) {
		if (!strset_has(&G.pistrip, w, i))
			continue;
		for (k = 0; i + k <= n && k <= G.maxp && nh < 256; k++)
			if (strset_has(&G.pbite, w + i, k))
				heads[nh++] = i + k;
	}
	/* Tails: a SFX strip, or (twofold) a bite and an inner one. */
	tails[nt++] = 0;
	for (i = 1; i <= n && i <= G.maxs && nt < 256; i++)
		if (strset_has(&G.sstrip, w + n - i, i))
			tails[nt++] = i;
	for (i = 0; i <= n && i <= G.maxs; i++) {
		if (!strset_has(&G.sistrip, w + n - i, i))
			continue;
		for (k = 0; i + k <= n && k <= G.maxs && nt < 256; k++)
			if (strset_has(&G.sbite, w + n - i - k, k))
				tails[nt++] = i + k;
	}
	/*
	 * A core is empty only under FULLSTRIP or after a prefix strip:
	 * PfxEntry and SfxEntry::checkword (and check_twosfx for the
	 * outer suffix) ask that the word less the add they check be
	 * longer than 0, and that is the core, after the strip of a
	 * prefix in a cross check.
	 */
	for (i = 0; i < nh; i++)
		for (j = 0; j < nt; j++)
			if (heads[i] + tails[j] < n || (heads[i] + tails[j] ==
			    n && (G.fullstrip || heads[i] > 0)))
				t_add(r, w + heads[i], n - heads[i] - tails[j],
				    n - heads[i] - tails[j]);
}

/*
 * Whether every letter of p may be in a word asked here (ASCII letters
 * and the letters of folds[], in either case).
 */
static int
can_occur(const char *p)
{
	size_t i, n;

	while (*p != '\0') {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
			p++;
			continue;
		}
		for (n = 1; (p[n] & 0xc0) == 0x80; n++)
			continue;
		for (i = 0; i < NFOLDS; i++)
			if (strlen(folds[i][0]) == n &&
			    memcmp(folds[i][0], p, n) == 0)
				break;
		if (i == NFOLDS)
			return 0;
		p += n;
	}
	return 1;
}

/*
 * Whether a byte of the n bytes at f is in G.cflag: whether flags f may
 * hold one that makes a root a compound's part (bytes: a superset for
 * two-letter, UTF-8 and numbered flags).
 */
static int
g_cflag(const char *f, size_t n)
{
	while (n-- > 0)
		if (G.cflag[(unsigned char)*f++])
			return 1;
	return 0;
}

/* Note the bytes of the n bytes at f in G.cflag; whether one is new. */
static int
g_cflag_add(const char *f, size_t n)
{
	int new = 0;

	for (; n-- > 0; f++) {
		new |= !G.cflag[(unsigned char)*f];
		G.cflag[(unsigned char)*f] = 1;
	}
	return new;
}

/*
 * The flags that make a root a compound's part: COMPOUNDRULE's, those
 * of COMPOUNDFLAG, BEGIN, MIDDLE, END, FIRST and LAST (a root's own,
 * hashmgr), and the flag of an affix whose entry gives one after its
 * add's slash (affix_check with IN_CPD_*: the contclass), to a fixed
 * point (an entry giving the flag of such an affix).
 */
static void
g_cflags(struct table *cont)
{
	size_t i;
	int more = 1;

	while (more)
		for (more = 0, i = 0; i < cont->cap; i++)
			if (cont->a[i].w != NULL && g_cflag(cont->a[i].w +
			    1 + cont->a[i].w[0], strlen(cont->a[i].w + 1 +
			    cont->a[i].w[0])) &&
			    g_cflag_add(cont->a[i].w + 1, (size_t)
			    cont->a[i].w[0]))
				more = 1;
}

/* Read G from the .aff and .dic files (G.all: no pruning). */
static void
g_read(const char *aff, const char *dic)
{
	char line[4096], f[4][1024], nw[4096], ns[1024], *sl;
	struct table cont = { NULL, 0, 0 };
	FILE *fp;
	size_t i, n;
	int pass, nf, pfx, inner;

	memset(&G, 0, sizeof G);
	G.cpdmin = 3;			/* Hunspell's default */
	for (i = 0; i < 4; i++)
		G.root[i] = t_new(i == K_CCORE ? K_CORE : (int)i);
	/* Directives, then strips and inner adds (cuts and bites need
	 * them), then pieces. */
	for (pass = 0; pass < 3; pass++) {
		if ((fp = fopen(aff, "r")) == NULL) {
			G.all = 1;
			return;
		}
		while (fgets(line, sizeof line, fp) != NULL) {
			nf = sscanf(line, "%1023s %1023s %1023s %1023s",
			    f[0], f[1], f[2], f[3]);
			if (nf < 1 || pass > 0)
				;
			else if ((strcmp(f[0], "SET") == 0 &&
			    (nf < 2 || strcmp(f[1], "UTF-8") != 0)) ||
			    strcmp(f[0], "IGNORE") == 0 ||
			    strcmp(f[0], "AF") == 0 ||
			    strcmp(f[0], "SIMPLIFIEDTRIPLE") == 0 ||
			    (strcmp(f[0], "CHECKCOMPOUNDPATTERN") == 0 &&
			    nf > 3) ||
			    (strcmp(f[0], "ICONV") == 0 && nf > 2 &&
			    can_occur(f[1])))
				G.all = 1;
			else if (strcmp(f[0], "COMPLEXPREFIXES") == 0)
				G.complex = 1;
			else if (strcmp(f[0], "FULLSTRIP") == 0)
				G.fullstrip = 1;
			else if (strcmp(f[0], "COMPOUNDMIN") == 0 && nf > 1) {
				/* Hunspell: under 1 is 1; past 7 is 7 here
				 * (a superset). */
				G.cpdmin = atoi(f[1]);
				G.cpdmin = G.cpdmin < 1 ? 1 : G.cpdmin > 7 ?
				    7 : G.cpdmin;
			}
			else if (strcmp(f[0], "COMPOUNDRULE") == 0 && nf > 1) {
				G.compound = 1;
				for (i = 0; f[1][i] != '\0'; i++)
					if (strchr("*?()", f[1][i]) == NULL)
						g_cflag_add(f[1] + i, 1);
			} else if ((strcmp(f[0], "COMPOUNDFLAG") == 0 ||
			    strcmp(f[0], "COMPOUNDBEGIN") == 0 ||
			    strcmp(f[0], "COMPOUNDMIDDLE") == 0 ||
			    strcmp(f[0], "COMPOUNDEND") == 0 ||
			    strcmp(f[0], "COMPOUNDLAST") == 0 ||
			    strcmp(f[0], "COMPOUNDFIRST") == 0) && nf > 1) {
				G.compound = 1;
				g_cflag_add(f[1], strlen(f[1]));
			}
			pfx = strcmp(f[0], "PFX") == 0;
			if (pass == 0 || nf < 4 ||
			    (!pfx && strcmp(f[0], "SFX") != 0))
				continue;
			if (strcmp(f[2], "0") == 0)
				f[2][0] = '\0';
			/* Its flag and contclass: length, flag, contclass. */
			if (pass == 1 && (sl = strchr(f[3], '/')) != NULL &&
			    strlen(f[1]) < 128) {
				snprintf(nw, sizeof nw, "%c%s%s",
				    (char)strlen(f[1]), f[1], sl + 1);
				strset_add(&cont, nw, strlen(nw));
			}
			/* Another affix may cut its add (prefixes: twofold
			 * only under COMPLEXPREFIXES). */
			inner = strchr(f[3], '/') != NULL &&
			    (!pfx || G.complex);
			f[3][strcspn(f[3], "/")] = '\0';
			if (strcmp(f[3], "0") == 0)
				f[3][0] = '\0';
			/*
			 * An entry whose add no word asked here holds, and no
			 * second strip can cut (inner), never forms one.
			 */
			if (!inner && !can_occur(f[3]))
				continue;
			gnorm(f[2], ns, sizeof ns);
			gnorm(f[3], nw, sizeof nw);
			n = strlen(ns);
			if (pass == 2) {
				g_piece(pfx, nw, inner);
				/* The bites: a strip less an inner add. */
				for (i = 0; i <= n; i++) {
					if (pfx && strset_has(&G.piadd, ns,
					    i))
						strset_add(&G.pbite, ns + i,
						    n - i);
					if (!pfx && strset_has(&G.siadd,
					    ns + i, n - i))
						strset_add(&G.sbite, ns, i);
				}
				continue;
			}
			if (pfx && n > G.maxp)
				G.maxp = n;
			if (!pfx && n > G.maxs)
				G.maxs = n;
			strset_add(pfx ? &G.pstrip : &G.sstrip, ns, n);
			if (inner) {
				strset_add(pfx ? &G.pistrip : &G.sistrip, ns,
				    n);
				strset_add(pfx ? &G.piadd : &G.siadd, nw,
				    strlen(nw));
			}
		}
		fclose(fp);
	}
	g_cflags(&cont);
	strset_free(&cont);
	if ((fp = fopen(dic, "r")) == NULL) {
		G.all = 1;
		return;
	}
	while (fgets(line, sizeof line, fp) != NULL) {
		/* The word ends at a slash, a tab or a space (a superset). */
		const char *fl = strchr(line, '/');
		int cpd = G.compound && fl != NULL && (fl[-1] == '\\' ||
		    g_cflag(fl + 1, strcspn(fl + 1, " \t\r\n")));

		line[strcspn(line, "/\t \r\n")] = '\0';
		if (line[0] == '\0')
			continue;
		gnorm(line, nw, sizeof nw);
		g_word(nw, G.root[K_CORE]);
		if (cpd)
			g_word(nw, G.root[K_CCORE]);
	}
	fclose(fp);
}

/* Free G. */
static void
g_free(void)
{
	free(G.t);
	strset_free(&G.pstrip);
	strset_free(&G.sstrip);
	strset_free(&G.pistrip);
	strset_free(&G.sistrip);
	strset_free(&G.piadd);
	strset_free(&G.siadd);
	strset_free(&G.pbite);
	strset_free(&G.sbite);
}

/*
 * A state of G: its node, the letters so far of its compound part (up
 * to 7; a compound part has at least COMPOUNDMIN letters), whether it
 * is in a compound, and the number of its pre or suf (1 or 2).  A set
 * of states, growing.
 */
#define S_MAKE(x, len, m, c)	((x) << 6 | (len) << 3 | (m) << 2 | (c))
#define S_NODE(s)		((s) >> 6)
#define S_LEN(s)		((s) >> 3 & 7)
#define S_CPD(s)		((s) >> 2 & 1)
#define S_CNT(s)		((s) & 3)
struct gset {
	int	*s;
	size_t	 n, cap;
};

/* Add state x to set v, once. */
static void
gset_add(struct gset *v, int x)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		if (v->s[i] == x)
			return;
	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 16;
		v->s = realloc(v->s, v->cap * sizeof *v->s);
	}
	v->s[v->n++] = x;
}

/*
 * Where a part may begin: a pre or its core, in a compound (cpd: its
 * cores from roots a compound may hold) or the whole word.
 */
static void
g_part(struct gset *v, int cpd)
{
	gset_add(v, S_MAKE(G.root[K_PRE], 0, cpd, 1));
	gset_add(v, S_MAKE(G.root[cpd ? K_CCORE : K_CORE], 0, cpd, 0));
}

/* Where a word begins. */
static void
g_start(struct gset *v)
{
	g_part(v, 0);
	if (G.compound)
		g_part(v, 1);
}

/* Add to v every state it reaches without a letter. */
static void
g_closure(struct gset *v)
{
	size_t i;
	int x, c, m, len;

	for (i = 0; i < v->n; i++) {
		x = S_NODE(v->s[i]);
		len = S_LEN(v->s[i]);
		m = S_CPD(v->s[i]);
		c = S_CNT(v->s[i]);
		if (!(G.t[x].mark & T_END))
			continue;
		switch (G.t[x].kind) {
		case K_PRE:
			gset_add(v, S_MAKE(G.root[m ? K_CCORE : K_CORE], len,
			    m, 0));
			if (c < 1 + G.complex)
				gset_add(v, S_MAKE(G.root[K_PRE], len, m, 2));
			break;
		case K_CORE:
			gset_add(v, S_MAKE(G.root[K_SUF], len, m, 1));
			if (m && len >= G.cpdmin)
				g_part(v, 1);
			break;
		default:
			if (c < 2)
				gset_add(v, S_MAKE(G.root[K_SUF], len, m, 2));
			if (m && len >= G.cpdmin)
				g_part(v, 1);
			break;
		}
	}
}

/* Whether a word of G may end at a state of v. */
static int
g_final(const struct gset *v)
{
	size_t i;
	int x;

	if (G.all)
		return 1;
	for (i = 0; i < v->n; i++) {
		x = S_NODE(v->s[i]);
		if ((G.t[x].mark & T_END) && G.t[x].kind != K_PRE &&
		    (!S_CPD(v->s[i]) || S_LEN(v->s[i]) >= G.cpdmin))
			return 1;
	}
	return 0;
}

/* v after the bytes of s, into out; 0 if no state is left. */
static int
g_step(const struct gset *v, const char *s, struct gset *out)
{
	static struct gset tmp;
	const struct gset *from;
	size_t i;
	int y;

	out->n = 0;
	if (G.all) {
		gset_add(out, 0);
		return 1;
	}
	for (i = 0; i < v->n; i++)
		gset_add(out, v->s[i]);
	for (from = out; *s != '\0'; s++) {
		tmp.n = 0;
		for (i = 0; i < from->n; i++) {
			int st = from->s[i], len = S_LEN(st);

			if ((y = t_child(S_NODE(st), (unsigned char)*s,
			    0)) < 0)
				continue;
			/* A letter begins with a byte not 10xxxxxx. */
			if (S_CPD(st) && len < 7 &&
			    ((unsigned char)*s & 0xc0) != 0x80)
				len++;
			gset_add(&tmp, S_MAKE(y, len, S_CPD(st),
			    S_CNT(st)));
		}
		g_closure(&tmp);
		out->n = 0;
		for (i = 0; i < tmp.n; i++)
			gset_add(out, tmp.s[i]);
		if (out->n == 0)
			return 0;
	}
	return 1;
}

/*
 * The spellings of a path's plain letters so far that G may still
 * continue: per plain letter, a level of hypotheses, each its spelling,
 * the plain letters its last letter still owes (ß: "s" after the first
 * s) and its states of G (st[s0 .. s0 + ns - 1] of its level).
 */
struct hyp {
	char	v[72];
	char	pend[4];
	size_t	s0, ns;
};
static struct level {
	struct hyp	*h;
	size_t		 nh, caph;
	struct gset	 st;
} lv[2 * MAX_CELLS + 1];

/* Each plain letter's spellings: as written, what G is fed, what is owed. */
struct spelling {
	const char	*v;
	char		 feed[16];
	const char	*pend;
};
static struct spelling spellings[26][24];

/* The spellings of each plain letter, from accents[] (after gnorm). */
static void
spellings_make(void)
{
	int x, i, k, n;

	memset(spellings, 0, sizeof spellings);
	for (x = 0; x < 26; x++) {
		n = 0;
		for (i = 0; accents[i][0] != NULL; i++) {
			if (accents[i][0][0] != 'a' + x)
				continue;
			for (k = 1; accents[i][k] != NULL && n < 23; k++, n++) {
				spellings[x][n].v = accents[i][k];
				gnorm(accents[i][k], spellings[x][n].feed,
				    sizeof spellings[x][n].feed);
				spellings[x][n].pend = accents[i][0] + 1;
			}
		}
	}
}

/* Push a hypothesis onto level l: h's spelling plus v, owing pend. */
static void
hyp_push(struct level *l, const struct hyp *h, const char *v,
    const char *pend, const struct gset *st)
{
	struct hyp *n;
	size_t i;

	if (l->nh == l->caph) {
		l->caph = l->caph ? l->caph * 2 : 64;
		l->h = realloc(l->h, l->caph * sizeof *l->h);
	}
	n = &l->h[l->nh++];
	snprintf(n->v, sizeof n->v, "%s%s", h->v, v);
	snprintf(n->pend, sizeof n->pend, "%s", pend);
	n->s0 = l->st.n;
	n->ns = st->n;
	for (i = 0; i < st->n; i++) {
		if (l->st.n == l->st.cap) {
			l->st.cap = l->st.cap ? l->st.cap * 2 : 256;
			l->st.s = realloc(l->st.s, l->st.cap *
			    sizeof *l->st.s);
		}
		l->st.s[l->st.n++] = st->s[i];
	}
}

/* Level l + 1: level l's hypotheses after plain letter x; 0 if none. */
static int
hyp_extend(int l, char x)
{
	static struct gset out;
	struct level *a = &lv[l], *b = &lv[l + 1];
	const struct spelling *sp;
	struct gset in;
	char one[2] = { x, '\0' };
	size_t i;
	int k;

	b->nh = b->st.n = 0;
	for (i = 0; i < a->nh; i++) {
		const struct hyp *h = &a->h[i];

		in.s = a->st.s + h->s0;
		in.n = in.cap = h->ns;
		if (h->pend[0] != '\0') {
			if (h->pend[0] == x)
				hyp_push(b, h, "", h->pend + 1, &in);
			continue;
		}
		if (g_step(&in, one, &out))
			hyp_push(b, h, one, "", &out);
		if (x < 'a' || x > 'z')
			continue;
		sp = spellings[x - 'a'];
		for (k = 0; sp[k].v != NULL; k++)
			if (g_step(&in, sp[k].feed, &out))
				hyp_push(b, h, sp[k].v, sp[k].pend, &out);
	}
	return b->nh > 0;
}

/* What the accents=fold walk did, for the report. */
static size_t fold_paths, fold_strings, fold_calls;

/*
 * Whether some spelling at level l, whole in G, stands: asked once per
 * plain string w (the answer kept under "\1" w).
 */
static int
fold_stands(const char *w, int l, int nouns)
{
	char key[260];
	size_t i;
	int v = 0;

	snprintf(key, sizeof key, "\1%s", w);
	if (answer_known(key, &v))
		return v;
	fold_strings++;
	for (i = 0; i < lv[l].nh && !v; i++) {
		const struct hyp *h = &lv[l].h[i];
		struct gset st;

		st.s = lv[l].st.s + h->s0;
		st.n = st.cap = h->ns;
		v = h->pend[0] == '\0' && g_final(&st) && stands(h->v, nouns);
	}
	answer_keep(key, v);
	return v;
}

/* Level 0: the empty spelling, where a word of G begins. */
static void
fold_start(void)
{
	static const struct hyp none;
	struct gset st = { NULL, 0, 0 };

	lv[0].nh = lv[0].st.n = 0;
	if (G.all)
		gset_add(&st, 0);
	else {
		g_start(&st);
		g_closure(&st);
	}
	hyp_push(&lv[0], &none, "", "", &st);
	free(st.s);
}

/*
 * Every path from cell, spelled in k->w (len bytes), cells used; with
 * accents=fold, its spellings so far at level l.
 */
static void
every_path(struct walk *k, int cell, size_t len, unsigned used, int ncells,
    int l)
{
	const char *c;
	int to[8], nto, i;

	for (c = k->g->cells[cell]; *c != '\0'; c++, l++, len++) {
		if (k->fold && !hyp_extend(l, *c))
			return;
		k->w[len] = *c;
	}
	k->w[len] = '\0';
	ncells++;
	fold_paths += k->fold;
	if (letters(k->w) >= 3 && (k->fold ? fold_stands(k->w, l,
	    k->nouns) : stands(k->w, k->nouns)))
		set_add(k->want, k->w);
	if (ncells == k->maxcells)
		return;
	used |= 1u << cell;
	nto = neighbours(k->g, cell, used, to);
	for (i = 0; i < nto; i++)
		every_path(k, to[i], len, used, ncells, l);
}

/* A random grid of the language's dice (plain ones only with fold). */
static void
random_grid(struct grid *g, int fold)
{
	char *dice = strdup(L->letters), *t, *save = NULL, *d[64];
	int nd = 0, i;

	for (t = strtok_r(dice, " ", &save); t != NULL && nd < 64;
	    t = strtok_r(NULL, " ", &save))
		if (!fold || (unsigned char)t[0] < 0x80)
			d[nd++] = t;
	memset(g, 0, sizeof *g);
	g->n = 4;
	snprintf(g->dict, sizeof g->dict, "%s", L->dict);
	for (i = 0; i < 16; i++)
		snprintf(g->cells[i], sizeof g->cells[i], "%s",
		    d[rand() % nd]);
	free(dice);
}

/* The grid as rows, for a diagnostic. */
static void
grid_text(const struct grid *g, char *out, size_t len)
{
	size_t o = 0;
	int i;

	for (i = 0; i < 16; i++)
		o += (size_t)snprintf(out + o, len - o, "%s%s",
		    i > 0 && i % 4 == 0 ? "/" : "", g->cells[i]);
}

/* What one way of checking found over the grids. */
struct tally {
	int		 fold, nouns, maxcells;
	int		 grids, bad;
	size_t		 words;
	int		 compounds;	/* compounds=on: asked of hh */
};

/* One grid, paths up to t->maxcells: solve equals Hunspell's words. */
static void
check_grid(const struct dawg *d, struct grid *g, struct tally *t)
{
	struct walk k;
	struct set want, got;
	char **w, key[256], gt[256];
	size_t n, i;
	int cell, path[GRID_CELLS + 1], c, bad = 0;

	memset(&want, 0, sizeof want);
	memset(&got, 0, sizeof got);
	memset(&k, 0, sizeof k);
	k.g = g;
	k.fold = t->fold;
	k.nouns = t->nouns;
	k.maxcells = t->maxcells;
	k.want = &want;
	if (t->fold)
		fold_start();
	for (cell = 0; cell < 16; cell++)
		every_path(&k, cell, 0, 0, 0, 0);
	set_uniq(&want);
	/* compounds=on: Hunspell builds compounds too (hh). */
	n = solve_grid(d, g, lg, L->dict, t->fold, t->nouns, t->compounds,
	    &speller, &w);
	if (n == SOLVE_FAILED) {
		diag("solve failed");
		n = 0;
		w = NULL;
		bad = 1;
	}
	/* Solve's keys whose path has at most maxcells cells. */
	grid_keys(g, lg, L->dict, t->fold);
	for (i = 0; i < n; i++) {
		if (t->fold)
			plain_of(w[i], key, sizeof key);
		else
			snprintf(key, sizeof key, "%s", w[i]);
		if (grid_path(g, lg, key, path, gt, sizeof gt) != 0) {
			diag("solve's '%s' is not on the grid: %s", w[i], gt);
			set_add(&got, "?");
			continue;
		}
		for (c = 0; path[c] >= 0; c++)
			continue;
		if (c <= t->maxcells)
			set_add(&got, key);
	}
	solve_free(w, n);
	set_uniq(&got);
	t->grids++;
	t->words += want.n;
	bad = bad || want.n != got.n;
	for (i = 0; !bad && i < want.n; i++)
		bad = strcmp(want.w[i], got.w[i]) != 0;
	if (bad && t->bad++ < 3) {
		grid_text(g, gt, sizeof gt);
		diag("%s %s nouns=%d grid %s: Hunspell %zu words, solve %zu",
		    L->dict, t->fold ? "fold" : "exact", t->nouns, gt, want.n,
		    got.n);
		for (i = 0; i < want.n; i++)
			if (!bsearch(&want.w[i], got.w, got.n, sizeof *got.w,
			    cmp_str))
				diag("  Hunspell only: %s", want.w[i]);
		for (i = 0; i < got.n; i++)
			if (!bsearch(&got.w[i], want.w, want.n, sizeof *want.w,
			    cmp_str))
				diag("  solve only: %s", got.w[i]);
	}
	set_free(&want);
	set_free(&got);
}

/*
 * Copy aff to out without the lines that let a word be a compound's
 * part (written here, not taken from lexicon.c): how many it left out,
 * or -1.
 */
static int
strip_compounding(const char *aff, const char *out)
{
	static const char *const keys[] = { "COMPOUNDFLAG", "COMPOUNDBEGIN",
	    "COMPOUNDMIDDLE", "COMPOUNDEND", "COMPOUNDRULE" };
	char line[8192];
	size_t i, n;
	FILE *in, *o;
	int left = 0, skip;

	if ((in = fopen(aff, "r")) == NULL)
		return -1;
	if ((o = fopen(out, "w")) == NULL) {
		fclose(in);
		return -1;
	}
	while (fgets(line, sizeof line, in) != NULL) {
		for (skip = 0, i = 0; i < sizeof keys / sizeof *keys; i++) {
			n = strlen(keys[i]);
			if (strncmp(line, keys[i], n) == 0 &&
			    strchr(" \t\r\n", line[n]) != NULL)
				skip = 1;
		}
		if (skip)
			left++;
		else
			fputs(line, o);
	}
	fclose(in);
	if (fclose(o) != 0)
		return -1;
	return left;
}

/* Report a tally. */
static void
report(const struct tally *t)
{
	ok(t->bad == 0, "SW-2: %s compounds=%s accents=%s nouns=%s: %d "
	    "random 4x4 grids, every path of 3 to %d cells put to "
	    "Hunspell%s: solve lists exactly the %zu words that stand",
	    L->dict, t->compounds ? "on" : "off", t->fold ? "fold" : "exact",
	    t->nouns ? "on" : "off", t->grids, t->maxcells, t->compounds ?
	    "" : " without the compounding rules of its .aff", t->words);
	ok(t->words > 0, "... and they hold words");
}

int
main(void)
{
	char dir[] = "/tmp/shakeref-lang.XXXXXX", path[512], aff[512],
	    dic[512], ncaff[512], *why = NULL;
	struct tally exact = { 0, 0, MAX_CELLS, 0, 0, 0, 1 }, noun = exact,
	    fold = exact, off = exact;
	struct grid g;
	struct dawg *d;
	size_t li, calls;
	int gi;

	lg = lang_new(icu_dlopen);
	for (li = 0; li < sizeof langs / sizeof langs[0]; li++)
		if (strcmp(langs[li].dict, DICT) == 0)
			L = &langs[li];
	if (L == NULL) {
		printf("Bail out! no dice for %s\n", DICT);
		return 1;
	}
	srand(20261123);
	snprintf(aff, sizeof aff, "/usr/share/hunspell/%s.aff", L->dict);
	snprintf(dic, sizeof dic, "/usr/share/hunspell/%s.dic", L->dict);
	if (access(aff, R_OK) != 0 || access(dic, R_OK) != 0) {
		printf("1..0 # SKIP %s is not installed\n", L->dict);
		return 0;
	}
	if (mkdtemp(dir) == NULL) {
		printf("Bail out! mkdtemp\n");
		return 1;
	}
	snprintf(path, sizeof path, "%s/%s.dawg", dir, L->dict);
	if (wordlist_write("/usr/share/hunspell", lg, L->dict, path, 0,
	    &why) != 0 ||
	    (d = dawgfile_open(path, &why)) == NULL) {
		ok(0, "the list of %s builds: %s", L->dict, why);
		free(why);
		rmdir(dir);
		return tap_done();
	}
	hcur = hh = Hunspell_create(aff, dic);
	snprintf(ncaff, sizeof ncaff, "%s/nc.aff", dir);
	if (strip_compounding(aff, ncaff) > 0)
		hh_nc = Hunspell_create(ncaff, dic);
	dictionary_accents(dic, aff);
	if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) {
		printf("Bail out! no C.UTF-8 locale (towlower)\n");
		return 1;
	}
	g_read(aff, dic);
	names_read(aff, dic);
	spellings_make();
	exact.nouns = L->nouns;
	fold.fold = 1;
	fold.nouns = L->nouns;
	off.nouns = L->nouns;
	off.compounds = 0;

	for (gi = 0; gi < NGRIDS; gi++) {
		random_grid(&g, 0);
		check_grid(d, &g, &exact);
		if (L->nouns)		/* the same grid, nouns=off */
			check_grid(d, &g, &noun);
		if (hh_nc != NULL) {	/* the same grid, compounds=off */
			cache_clear();
			hcur = hh_nc;
			check_grid(d, &g, &off);
			hcur = hh;
		}
		cache_clear();
		if (accents[0][0] == NULL || !L->fold)
			continue;
		random_grid(&g, 1);
		calls = nspell;
		check_grid(d, &g, &fold);
		fold_calls += nspell - calls;
		cache_clear();
	}
	report(&exact);
	if (L->nouns)
		report(&noun);
	if (hh_nc != NULL)
		report(&off);
	if (accents[0][0] != NULL && L->fold) {
		report(&fold);
		diag("%s accents=fold: %zu paths followed, %zu plain strings "
		    "decided, %zu Hunspell calls (G: %d trie nodes%s)",
		    L->dict, fold_paths, fold_strings, fold_calls, G.n,
		    G.all ? ", no pruning" : "");
	}
	g_free();
	strset_free(&names);
	strset_free(&nonnames);
	for (gi = 0; gi <= 2 * MAX_CELLS; gi++) {
		free(lv[gi].h);
		free(lv[gi].st.s);
	}
	cache_clear();
	free(cache.a);
	Hunspell_destroy(hh);
	if (hh_nc != NULL)
		Hunspell_destroy(hh_nc);
	unlink(ncaff);
	dawgfile_close(d);
	unlink(path);
	rmdir(dir);
	return tap_done();
}
