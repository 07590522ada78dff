/*
 * test-languages.c: solve against Hunspell itself, in one dictionary
 * (DICT: the program is built once for each of en_US, en_GB, de_DE,
 * fr_FR and es_ES, so `make -j` runs them side by side).  SW-2: solve
 * lists exactly the words a challenge lets stand.
 *
 * 20 random 4x4 grids of the language's dice (umlauts, ß, accents, ñ):
 * every path of 3 to 8 cells is put to Hunspell here, directly, as the
 * rules say a challenge rules: the word in lowercase, or with nouns=on
 * capitalised (accents=exact; German also with nouns=off).  Then 20
 * random grids of the plain dice with accents=fold: every path of 3 to
 * fold_cells cells (4 or 5), in every spelling with the accented
 * letters the dictionary's words use (a second table of what folds to
 * what, written here), which multiplies the questions (French: up to 5
 * spellings of an e, German é and ê as well as ä), hence fewer cells.
 * en_US has no accented letter: accents=fold is accents=exact there.
 * Hunspell's answers are kept per string within a grid (paths that
 * spell the same string, both nouns settings).  German compounds
 * (Seebus, Analnote) stand as Hunspell accepts them.
 *
 * The word list is built into a temporary folder from the system's
 * dictionary, as on first use.  A dictionary not installed is skipped.
 * Under AddressSanitizer, 2 grids a check (every allocation of Hunspell
 * is recorded there).
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

#ifndef DICT
#error "DICT names the dictionary"
#endif

#define GRIDS_N		20
#define MAX_CELLS	8

struct lang {
	const char	*dict;
	int		 nouns;		/* the default: de_* */
	int		 fold_cells;	/* paths with accents=fold */
	const char	*letters;	/* the dice, space-separated */
};

static const struct lang langs[] = {
	{ "en_US", 0, 0, "a a a b c d e e e e f g h i i i k l l m n n o o o "
	    "p r r s s s t t t u w y qu" },
	{ "en_GB", 0, 4, "a a a b c d e e e e f g h i i i k l l m n n o o o "
	    "p r r s s s t t t u w y qu" },
	{ "de_DE", 1, 5, "a a ä b d e e e e e g h i i i k l m n n n o ö r r "
	    "s s s t t u u ü ß z" },
	{ "fr_FR", 0, 4, "a a a é è ê b c ç d e e e e i i l l m n n o o p r "
	    "r s s s t t t u u qu" },
	{ "es_ES", 0, 5, "a a a á b c d e e e é i i í l l m n n ñ o o o ó p "
	    "r r s s s t t u ú qu" },
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

/* Note each letter of folds[] the words of dic (its file) use. */
static void
dictionary_accents(const char *dic)
{
	char line[1024], *p;
	const char *low;
	int used[NFOLDS], i, k, a;
	size_t n;
	FILE *f;

	memset(used, 0, sizeof used);
	memset(accents, 0, sizeof accents);
	if ((f = fopen(dic, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "/ \t\r\n")] = '\0';
		for (p = line; *p != '\0'; p++)
			for (i = 0; (unsigned char)*p >= 0x80 &&
			    i < (int)NFOLDS; i++)
				if (strncmp(p, folds[i][0],
				    strlen(folds[i][0])) == 0)
					used[i] = 1;
	}
	fclose(f);
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

static Hunhandle *hh;
static const struct lang *L;

/*
 * Hunspell's answers, per string, for the grid at hand: open addressing
 * (FNV-1a), cleared between grids.
 */
struct answer {
	char	*w;
	int	 v;
};
static struct answer *cache;
static size_t ncache, capcache;

/* FNV-1a of w. */
static size_t
hash(const char *w)
{
	size_t h = 2166136261u;

	for (; *w != '\0'; w++)
		h = (h ^ (unsigned char)*w) * 16777619u;
	return h;
}

/* Forget every answer. */
static void
cache_clear(void)
{
	size_t i;

	for (i = 0; i < capcache; i++) {
		free(cache[i].w);
		cache[i].w = NULL;
	}
	ncache = 0;
}

/* Hunspell on w exactly as written, asked once per string. */
static int
hunspell(const char *w)
{
	struct answer *old;
	size_t i, h, oldcap;

	if (2 * (ncache + 1) > capcache) {
		old = cache;
		oldcap = capcache;
		capcache = capcache ? capcache * 2 : 1 << 16;
		cache = calloc(capcache, sizeof *cache);
		for (i = 0; i < oldcap; i++) {
			if (old[i].w == NULL)
				continue;
			for (h = hash(old[i].w) & (capcache - 1);
			    cache[h].w != NULL; h = (h + 1) & (capcache - 1))
				continue;
			cache[h] = old[i];
		}
		free(old);
	}
	for (h = hash(w) & (capcache - 1); cache[h].w != NULL;
	    h = (h + 1) & (capcache - 1))
		if (strcmp(cache[h].w, w) == 0)
			return cache[h].v;
	cache[h].w = strdup(w);
	cache[h].v = Hunspell_spell(hh, w) != 0;
	ncache++;
	return cache[h].v;
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

/* The rule, asked of Hunspell: w stands as written or capitalised. */
static int
stands(const char *w, int nouns)
{
	char cap[256];

	if (hunspell(w))
		return 1;
	capital(w, cap, sizeof cap);
	return nouns && hunspell(cap);
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
	for (i = 0; accents[i][0] != NULL; i++) {
		n = strlen(accents[i][0]);
		if (strncmp(plain + pos, accents[i][0], n) != 0)
			continue;
		for (k = 1; accents[i][k] != NULL; k++) {
			size_t m = strlen(accents[i][k]);

			memcpy(out + olen, accents[i][k], m);
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

struct walk {
	const struct grid	*g;
	int			 fold, nouns, maxcells;
	struct set		*want;
	char			 w[256];
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
	if (letters(k->w) >= 3 && (k->fold ? any_spelling(k->w, 0, buf, 0,
	    k->nouns) : stands(k->w, k->nouns)))
		set_add(k->want, k->w);
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

/* What one way of checking found over the grids. */
struct tally {
	int		 fold, nouns, maxcells;
	int		 grids, bad;
	size_t		 words;
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
	for (cell = 0; cell < 16; cell++)
		every_path(&k, cell, 0, 0, 0);
	set_uniq(&want);
	n = solve_grid(d, g, L->dict, t->fold, t->nouns, &speller, &w);
	if (n == SOLVE_FAILED) {
		diag("solve failed");
		n = 0;
		w = NULL;
		bad = 1;
	}
	/* Solve's keys whose path has at most maxcells cells. */
	grid_keys(g, L->dict, t->fold);
	for (i = 0; i < n; i++) {
		if (t->fold)
			plain_of(w[i], key, sizeof key);
		else
			snprintf(key, sizeof key, "%s", w[i]);
		if (grid_path(g, key, path, gt, sizeof gt) != 0) {
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

/* Report a tally. */
static void
report(const struct tally *t)
{
	ok(t->bad == 0, "SW-2: %s accents=%s nouns=%s: %d random 4x4 grids, "
	    "every path of 3 to %d cells put to Hunspell: solve lists "
	    "exactly the %zu words that stand", L->dict, t->fold ? "fold" :
	    "exact", t->nouns ? "on" : "off", t->grids, t->maxcells,
	    t->words);
	ok(t->words > 0, "... and they hold words");
}

int
main(void)
{
	char dir[] = "/tmp/shakeref-lang.XXXXXX", path[512], aff[512],
	    dic[512], *why = NULL;
	struct tally exact = { 0, 0, MAX_CELLS, 0, 0, 0 }, noun = exact,
	    fold = exact;
	struct grid g;
	struct dawg *d;
	size_t li;
	int gi;

	lang_set_loader(lang_icu_dlopen);
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
	if (wordlist_write("/usr/share/hunspell", L->dict, path, 0,
	    &why) != 0 ||
	    (d = dawg_open(path, &why)) == NULL) {
		ok(0, "the list of %s builds: %s", L->dict, why);
		free(why);
		rmdir(dir);
		return tap_done();
	}
	hh = Hunspell_create(aff, dic);
	dictionary_accents(dic);
	exact.nouns = L->nouns;
	fold.fold = 1;
	fold.nouns = L->nouns;
	fold.maxcells = L->fold_cells;
	for (gi = 0; gi < NGRIDS; gi++) {
		random_grid(&g, 0);
		check_grid(d, &g, &exact);
		if (L->nouns)		/* the same grid, nouns=off */
			check_grid(d, &g, &noun);
		cache_clear();
		if (accents[0][0] == NULL || L->fold_cells == 0)
			continue;
		random_grid(&g, 1);
		check_grid(d, &g, &fold);
		cache_clear();
	}
	report(&exact);
	if (L->nouns)
		report(&noun);
	if (accents[0][0] != NULL && L->fold_cells > 0)
		report(&fold);
	cache_clear();
	free(cache);
	Hunspell_destroy(hh);
	dawg_close(d);
	unlink(path);
	rmdir(dir);
	return tap_done();
}
