/*
 * test-languages.c: solve against Hunspell itself, in en_US, en_GB,
 * de_DE, fr_FR and es_ES (SW-2: solve lists exactly the words a
 * challenge lets stand).  For each dictionary, random 4x4 grids of its
 * letters (umlauts, ß, accents, ñ); every path of 3 cells and more is put
 * to Hunspell here, directly, as the rules say a challenge rules: the
 * word in lowercase, or with nouns=on capitalised; with accents=fold,
 * every spelling of it with the language's accented letters.  The word
 * lists are built into a temporary folder from the system's
 * dictionaries, as on first use.
 *
 * SHAKEREF_LANG_FULL=1: 20 grids, paths of 3 to 8 cells, in both modes
 * (many minutes).  By default (make check, under a minute): 20 grids
 * with paths of 3 to 6 cells and one with paths of 3 to 8, exact; 20
 * grids with paths of 3 to 4 cells, fold (each path tried in every
 * spelling with accents).  A dictionary not installed is skipped.
 * Under AddressSanitizer, 2 grids a check.
 *
 * German compounds (Analnote, Teeei, Seebus) that no stem of de_DE
 * lists stand as Hunspell accepts them: solve cuts each path into the
 * list's compound parts and asks Hunspell (the speller) about each
 * compound.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hunspell.h>

#include "../../src/buf.h"
#include "../../src/dawg.h"
#include "../../src/grid.h"
#include "../../src/solve.h"
#include "../../src/wordlist.h"
#include "../../src/lang-icu.h"
#include "../../src/lang.h"
#include "tap.h"

struct lang {
	const char	*dict;
	int		 nouns;		/* the default: de_* */
	const char	*letters;	/* the dice, space-separated */
	/* accents=fold: plain letter, then the letters that fold to it */
	const char	*accents[12][8];
};

static const struct lang langs[] = {
	{ "en_US", 0, "a a a b c d e e e e f g h i i i k l l m n n o o o p "
	    "r r s s s t t t u w y qu", { { NULL } } },
	{ "en_GB", 0, "a a a b c d e e e e f g h i i i k l l m n n o o o p "
	    "r r s s s t t t u w y qu", { { NULL } } },
	{ "de_DE", 1, "a a ä b d e e e e e g h i i i k l m n n n o ö r r s "
	    "s s t t u u ü ß z", {
	    { "a", "ä", NULL }, { "o", "ö", NULL }, { "u", "ü", NULL },
	    { "ss", "ß", NULL }, { NULL } } },
	{ "fr_FR", 0, "a a a é è ê b c ç d e e e e i i l l m n n o o p r r "
	    "s s s t t t u u qu", {
	    { "a", "à", "â", "ä", NULL }, { "e", "é", "è", "ê", "ë", NULL },
	    { "i", "î", "ï", NULL }, { "o", "ô", "ö", NULL },
	    { "u", "ù", "û", "ü", NULL }, { "c", "ç", NULL },
	    { "y", "ÿ", NULL }, { "oe", "œ", NULL }, { "ae", "æ", NULL },
	    { "n", "ñ", NULL }, { NULL } } },
	{ "es_ES", 0, "a a a á b c d e e e é i i í l l m n n ñ o o o ó p r "
	    "r s s s t t u ú qu", {
	    { "a", "á", NULL }, { "e", "é", NULL }, { "i", "í", NULL },
	    { "o", "ó", NULL }, { "u", "ú", "ü", NULL }, { "n", "ñ", NULL },
	    { NULL } } },
};

/*
 * Under AddressSanitizer every allocation of Hunspell records its stack
 * (minutes for this test): 2 grids a check there, the same paths.
 */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED	1
#endif
#endif
#ifdef SANITIZED
#define GRIDS(n)	((n) < 2 ? (n) : 2)
#else
#define GRIDS(n)	(n)
#endif

static Hunhandle *hh;

/* The speller solve asks about compounds: Hunspell itself. */
static int
spell(void *arg, const char *w)
{
	(void)arg;
	return Hunspell_spell(hh, w) != 0;
}

static const struct speller speller = { spell, NULL };
static const struct lang *L;
static int full;

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

/* The rule, asked of Hunspell: w stands as written or capitalised. */
static int
stands(const char *w, int nouns)
{
	char cap[256];

	if (Hunspell_spell(hh, w))
		return 1;
	capital(w, cap, sizeof cap);
	return nouns && Hunspell_spell(hh, cap);
}

/*
 * accents=fold: some spelling of plain (ASCII letters) with the
 * language's accented letters stands; from byte pos on.
 */
static int
any_spelling(const char *plain, size_t pos, char *out, size_t olen,
    int nouns)
{
	size_t i, n;
	int k;

	if (plain[pos] == '\0') {
		out[olen] = '\0';
		return stands(out, nouns);
	}
	for (i = 0; L->accents[i][0] != NULL; i++) {
		n = strlen(L->accents[i][0]);
		if (strncmp(plain + pos, L->accents[i][0], n) != 0)
			continue;
		for (k = 1; L->accents[i][k] != NULL; k++) {
			size_t m = strlen(L->accents[i][k]);

			memcpy(out + olen, L->accents[i][k], m);
			if (any_spelling(plain, pos + n, out, olen + m, nouns))
				return 1;
		}
	}
	out[olen] = plain[pos];
	return any_spelling(plain, pos + 1, out, olen + 1, nouns);
}

/* The plain letters of a lowercase form (the table, backwards). */
static void
plain_of(const char *w, char *out, size_t len)
{
	size_t o = 0, i, m;
	int k, hit;

	while (*w != '\0' && o + 4 < len) {
		hit = 0;
		for (i = 0; L->accents[i][0] != NULL && !hit; i++)
			for (k = 1; L->accents[i][k] != NULL && !hit; k++) {
				m = strlen(L->accents[i][k]);
				if (strncmp(w, L->accents[i][k], m) == 0) {
					o += (size_t)snprintf(out + o, len - o,
					    "%s", L->accents[i][0]);
					w += m;
					hit = 1;
				}
			}
		if (!hit)
			out[o++] = *w++;
	}
	out[o] = '\0';
}

struct walk {
	const struct grid	*g;
	int			 fold, nouns, maxcells;
	struct set		*want;
	char			 w[256];
	long			 asked;
};

/* Every path from cell, spelled in k->w (len bytes), cells used. */
static void
every_path(struct walk *k, int cell, size_t len, unsigned used, int ncells)
{
	char buf[512];
	size_t m = strlen(k->g->cells[cell]);
	int n = k->g->n, r = cell / n, c = cell % n, dr, dc;

	memcpy(k->w + len, k->g->cells[cell], m + 1);
	len += m;
	ncells++;
	if (ncells >= 3 || letters(k->w) >= 3) {
		k->asked++;
		if (letters(k->w) >= 3 && (k->fold ? any_spelling(k->w, 0,
		    buf, 0, k->nouns) : stands(k->w, k->nouns)))
			set_add(k->want, k->w);
	}
	if (ncells == k->maxcells)
		return;
	used |= 1u << cell;
	for (dr = -1; dr <= 1; dr++)
		for (dc = -1; dc <= 1; dc++) {
			int to = (r + dr) * n + c + dc;

			if (r + dr < 0 || r + dr >= n || c + dc < 0 ||
			    c + dc >= n || (used & (1u << to)))
				continue;
			every_path(k, to, len, used, ncells);
		}
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

/* ngrids grids, paths up to maxcells: solve equals Hunspell's words. */
static void
check(const struct dawg *d, int fold, int nouns, int ngrids, int maxcells)
{
	struct grid g;
	struct walk k;
	struct set want, got;
	char **w, key[256], gt[256];
	size_t n, i, total = 0;
	int gi, cell, bad = 0;

	ngrids = GRIDS(ngrids);
	for (gi = 0; gi < ngrids && !bad; gi++) {
		memset(&want, 0, sizeof want);
		memset(&got, 0, sizeof got);
		random_grid(&g, fold);
		memset(&k, 0, sizeof k);
		k.g = &g;
		k.fold = fold;
		k.nouns = nouns;
		k.maxcells = maxcells;
		k.want = &want;
		for (cell = 0; cell < 16; cell++)
			every_path(&k, cell, 0, 0, 0);
		set_uniq(&want);
		n = solve_grid(d, &g, L->dict, fold, nouns, &speller, &w);
		/* Solve's keys whose path has at most maxcells cells. */
		grid_keys(&g, L->dict, fold);
		for (i = 0; i < n; i++) {
			int path[GRID_CELLS + 1], c;

			if (fold)
				plain_of(w[i], key, sizeof key);
			else
				snprintf(key, sizeof key, "%s", w[i]);
			if (grid_path(&g, key, path, gt, sizeof gt) != 0) {
				diag("solve's '%s' is not on the grid: %s",
				    w[i], gt);
				set_add(&got, "?");
				continue;
			}
			for (c = 0; path[c] >= 0; c++)
				continue;
			if (c <= maxcells)
				set_add(&got, key);
		}
		solve_free(w, n);
		set_uniq(&got);
		total += want.n;
		if (want.n != got.n)
			bad = 1;
		for (i = 0; !bad && i < want.n; i++)
			bad = strcmp(want.w[i], got.w[i]) != 0;
		if (bad) {
			grid_text(&g, gt, sizeof gt);
			diag("%s %s nouns=%d grid %s: Hunspell %zu words, "
			    "solve %zu", L->dict, fold ? "fold" : "exact",
			    nouns, gt, want.n, got.n);
			for (i = 0; i < want.n; i++)
				if (!bsearch(&want.w[i], got.w, got.n,
				    sizeof *got.w, cmp_str))
					diag("  Hunspell only: %s", want.w[i]);
			for (i = 0; i < got.n; i++)
				if (!bsearch(&got.w[i], want.w, want.n,
				    sizeof *want.w, cmp_str))
					diag("  solve only: %s", got.w[i]);
		}
		set_free(&want);
		set_free(&got);
	}
	ok(!bad, "SW-2: %s accents=%s nouns=%s: %d random 4x4 grids, every "
	    "path of 3 to %d cells put to Hunspell: solve lists exactly the "
	    "%zu words that stand", L->dict, fold ? "fold" : "exact",
	    nouns ? "on" : "off", ngrids, maxcells, total);
	ok(total > 0, "... and they hold words");
}

int
main(void)
{
	char dir[] = "/tmp/shakeref-lang.XXXXXX", path[512], aff[512],
	    dic[512], *why = NULL;
	struct dawg *d;
	size_t li;

	lang_set_loader(lang_icu_dlopen);
	full = getenv("SHAKEREF_LANG_FULL") != NULL;
	srand(20261123);
	if (mkdtemp(dir) == NULL) {
		printf("Bail out! mkdtemp\n");
		return 1;
	}
	for (li = 0; li < sizeof langs / sizeof langs[0]; li++) {
		L = &langs[li];
		snprintf(aff, sizeof aff, "/usr/share/hunspell/%s.aff", L->dict);
		snprintf(dic, sizeof dic, "/usr/share/hunspell/%s.dic", L->dict);
		if (access(aff, R_OK) != 0 || access(dic, R_OK) != 0) {
			printf("ok %d # SKIP %s is not installed\n",
			    ++tap_n, L->dict);
			continue;
		}
		snprintf(path, sizeof path, "%s/%s.dawg", dir, L->dict);
		if (wordlist_write("/usr/share/hunspell", L->dict, path, 0,
		    &why) != 0 ||
		    (d = dawg_open(path, &why)) == NULL) {
			ok(0, "the list of %s builds: %s", L->dict, why);
			free(why);
			why = NULL;
			continue;
		}
		hh = Hunspell_create(aff, dic);
		check(d, 0, L->nouns, 20, full ? 8 : 6);
		if (!full)
			check(d, 0, L->nouns, 1, 8);
		if (L->nouns)
			check(d, 0, 0, full ? 20 : 5, full ? 8 : 5);
		if (L->accents[0][0] != NULL)
			check(d, 1, L->nouns, 20, full ? 8 : 4);
		Hunspell_destroy(hh);
		dawg_close(d);
		unlink(path);
	}
	rmdir(dir);
	return tap_done();
}
