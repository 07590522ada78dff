/*
 * test-solve.c: the compiled word list (dawg.c) and every word on the
 * board (solve.c), against a walk of every path, the referee's own path
 * check (grid.c) and the words read back from the text list; one test of
 * the en_US list against Hunspell (SW-2).
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/dawg.h"
#include "../../src/sys/dawg-file.h"
#include "../../src/core/grid.h"
#include "../../src/sys/lexicon.h"
#include "../../src/sys/paths.h"
#include "../../src/core/solve.h"
#include "../../src/sys/wordlist.h"
#include "../../src/sys/lang-icu.h"
#include "../../src/core/lang.h"
#include "tap.h"

/* The letters' context (lang.h): the tests', made in main. */
static struct lang *lg;

/* The test list, as text: the words a list may hold, sorted, unique. */
static char	**list;
static size_t	  nlist;

/*
 * A word the list may hold, by the rules restated: lowercase letters
 * (a-z, or a UTF-8 letter: 2-byte sequences here, 'café'), 3+ of them,
 * q then u.
 */
static int
holdable(const char *w)
{
	size_t i, n = 0;

	for (i = 0; w[i] != '\0'; i++) {
		if ((unsigned char)w[i] >= 0xc0)
			continue;	/* the lead byte of a letter */
		if ((unsigned char)w[i] >= 0x80) {
			n++;		/* its last byte */
			continue;
		}
		if (w[i] < 'a' || w[i] > 'z' ||
		    (w[i] == 'q' && w[i + 1] != 'u'))
			return 0;
		n++;
	}
	return n >= 3;
}

/* qsort: strcmp of string pointers. */
static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Read path into list[], keeping the holdable words. */
static int
load_list(const char *path)
{
	char line[256];
	size_t cap = 0, i, n = 0;
	FILE *f = fopen(path, "r");

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!holdable(line))
			continue;
		if (nlist == cap) {
			cap = cap ? cap * 2 : 1024;
			list = realloc(list, cap * sizeof *list);
		}
		list[nlist++] = strdup(line);
	}
	fclose(f);
	qsort(list, nlist, sizeof *list, cmp_str);
	for (i = 0; i < nlist; i++)
		if (n == 0 || strcmp(list[n - 1], list[i]) != 0)
			list[n++] = list[i];
		else
			free(list[i]);
	nlist = n;
	return 0;
}

/* 1 if w is in the text list. */
static int
listed(const char *w)
{
	return bsearch(&w, list, nlist, sizeof *list, cmp_str) != NULL;
}

/* A random cell, letters about as often as in English words. */
static void
random_cell(char *cell)
{
	static const char pool[] = "eeeeeeeeeeeettttttttaaaaaaaaoooooooiiiiiii"
	    "nnnnnnnsssssshhhhhrrrrrrddddlllluuuccmmmwwffggyyppbbvkjxqz";
	char c = pool[rand() % (int)(sizeof pool - 1)];

	if (c == 'q')
		strcpy(cell, "qu");
	else {
		cell[0] = c;
		cell[1] = '\0';
	}
}

/* A random n x n grid. */
static void
random_grid(struct grid *g, int n)
{
	int i;

	memset(g, 0, sizeof *g);
	g->n = n;
	for (i = 0; i < n * n; i++)
		random_cell(g->cells[i]);
	snprintf(g->dict, sizeof g->dict, "en_US");
	grid_keys(g, lg, "en_US", 1);
}

/* The brute force: a growing set of strings. */
struct set {
	char	**w;
	size_t	  n, cap;
};

/* Add w to s. */
static void
set_add(struct set *s, const char *w)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->w = realloc(s->w, s->cap * sizeof *s->w);
	}
	s->w[s->n++] = strdup(w);
}

/* Every path from cell on, spelled in buf; listed words into s. */
static void
every_path(const struct grid *g, int cell, int *used, char *buf,
    struct set *s)
{
	size_t len = strlen(buf);
	int to, n = g->n;

	strcat(buf, g->cells[cell]);
	used[cell] = 1;
	if (strlen(buf) >= 3 && listed(buf))
		set_add(s, buf);
	for (to = 0; to < n * n; to++) {
		int dr = to / n - cell / n, dc = to % n - cell % n;

		if (!used[to] && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1)
			every_path(g, to, used, buf, s);
	}
	used[cell] = 0;
	buf[len] = '\0';
}

/* Longer first, then alphabetical: the order restated. */
static int
cmp_order(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;

	if (strlen(x) != strlen(y))
		return strlen(x) > strlen(y) ? -1 : 1;
	return strcmp(x, y);
}

/* Sort s in the solver's order, each word once. */
static void
set_finish(struct set *s)
{
	size_t i, n = 0;

	if (s->n > 0)
		qsort(s->w, s->n, sizeof *s->w, cmp_order);
	for (i = 0; i < s->n; i++)
		if (n == 0 || strcmp(s->w[n - 1], s->w[i]) != 0)
			s->w[n++] = s->w[i];
		else
			free(s->w[i]);
	s->n = n;
}

/* Free s. */
static void
set_free(struct set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->w[i]);
	free(s->w);
	memset(s, 0, sizeof *s);
}

/* 1 if the two lists are the same, word for word; else say where not. */
static int
same_words(char **a, size_t na, char **b, size_t nb)
{
	size_t i;

	for (i = 0; i < na && i < nb; i++)
		if (strcmp(a[i], b[i]) != 0) {
			diag("word %zu: solver '%s', expected '%s'", i, a[i],
			    b[i]);
			return 0;
		}
	if (na != nb)
		diag("solver %zu words, expected %zu", na, nb);
	return na == nb;
}

/* The grid as text, for diagnostics. */
static const char *
grid_text(const struct grid *g)
{
	static char s[256];
	int i;

	s[0] = '\0';
	for (i = 0; i < g->n * g->n; i++) {
		strcat(s, g->cells[i]);
		if (i % g->n == g->n - 1 && i + 1 < g->n * g->n)
			strcat(s, "/");
	}
	return s;
}

/* Parse space-separated rows into g with the referee's grid parser. */
static int
parse(struct grid *g, const char *rows)
{
	char buf[256], *r[8], *p, *save = NULL, why[256];
	int n = 0;

	snprintf(buf, sizeof buf, "%s", rows);
	for (p = strtok_r(buf, " ", &save); p != NULL && n < 8;
	    p = strtok_r(NULL, " ", &save))
		r[n++] = p;
	return grid_parse(g, lg, "en_US", 1, n, r, why, sizeof why);
}

/* 1 if words holds w. */
static int
has(char **words, size_t n, const char *w)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(words[i], w) == 0)
			return 1;
	return 0;
}

/* The test list compiled: exactly the holdable words of the text. */
static void
test_list(const struct dawg *d)
{
	size_t i, miss = 0;

	is_int(dawg_count(d), 2 * nlist, "the compiled list counts the "
	    "holdable words of the text, each once under each of its two "
	    "keys");
	for (i = 0; i < nlist; i++)
		if (!dawg_has(d, list[i]))
			miss++;
	is_int(miss, 0, "every holdable word of the text is in the list");
	ok(!dawg_has(d, "qat") && !dawg_has(d, "ab") && !dawg_has(d, "it") &&
	    !dawg_has(d, "Cat") && !dawg_has(d, "tea4") &&
	    !dawg_has(d, "ca-t") && !dawg_has(d, ""),
	    "SW-2: no word under 3 letters, with a q not followed by u, or "
	    "with anything but a-z");
	ok(dawg_has(d, "quit") && dawg_has(d, "squid") && !dawg_has(d, "qui")
	    && !dawg_has(d, "quitx") && !dawg_has(d, "quits_"),
	    "words with qu are there, their prefixes and extensions not");
}

/* Random 3x3 boards: the solver's words are exactly every path's. */
static void
test_3x3(const struct dawg *d)
{
	struct grid g;
	struct set s;
	char **w, buf[64];
	int used[GRID_CELLS], b, cell, bad = 0;
	size_t n, total = 0;

	for (b = 0; b < 300 && !bad; b++) {
		random_grid(&g, 3);
		memset(&s, 0, sizeof s);
		memset(used, 0, sizeof used);
		for (cell = 0; cell < 9; cell++) {
			buf[0] = '\0';
			every_path(&g, cell, used, buf, &s);
		}
		set_finish(&s);
		n = solve_grid(d, &g, lg, "en_US", 1, 0, 0, NULL, &w);
		if (!same_words(w, n, s.w, s.n)) {
			diag("board %s", grid_text(&g));
			bad = 1;
		}
		total += n;
		solve_free(w, n);
		set_free(&s);
	}
	ok(!bad, "SW-2: 300 random 3x3 boards: the solver finds exactly the "
	    "listed words of a walk of every path");
	ok(total > 300, "the random 3x3 boards hold words (%zu)", total);
}

/* Random n x n boards: every word checks, none is missing. */
static void
test_big(const struct dawg *d, int side, int boards)
{
	struct grid g;
	struct set s;
	char **w, why[256];
	size_t n, i, total = 0;
	int b, bad = 0;

	for (b = 0; b < boards && !bad; b++) {
		random_grid(&g, side);
		n = solve_grid(d, &g, lg, "en_US", 1, 0, 0, NULL, &w);
		for (i = 0; i < n && !bad; i++) {
			if (grid_path(&g, lg, w[i], NULL, why,
			    sizeof why) != 0 ||
			    !listed(w[i])) {
				diag("board %s: '%s' %s", grid_text(&g),
				    w[i], listed(w[i]) ? why : "not listed");
				bad = 1;
			}
			if (i > 0 && cmp_order(&w[i - 1], &w[i]) >= 0) {
				diag("'%s' before '%s'", w[i - 1], w[i]);
				bad = 1;
			}
		}
		/* Every listed word the referee can trace is found. */
		memset(&s, 0, sizeof s);
		for (i = 0; i < nlist; i++)
			if (grid_path(&g, lg, list[i], NULL, why,
			    sizeof why) == 0)
				set_add(&s, list[i]);
		set_finish(&s);
		if (!bad && !same_words(w, n, s.w, s.n)) {
			diag("board %s", grid_text(&g));
			bad = 1;
		}
		total += n;
		set_free(&s);
		solve_free(w, n);
	}
	ok(!bad, "SW-2: %d random %dx%d boards: each word found is listed "
	    "and traced by the referee, longest first then alphabetical, "
	    "and no traceable listed word is missed", boards, side, side);
	ok(total > (size_t)boards, "the random %dx%d boards hold words "
	    "(%zu)", side, side, total);
}

/*
 * Random 5x5 boards: solve_grid_list gives solve_grid's words in its
 * order, each with its width counted here and its key (the list is
 * a-z and café: the word itself, 'cafe' for café), and finds each by its
 * key; a key not on the board is not found.
 */
static void
test_list_api(const struct dawg *d)
{
	struct grid g;
	struct solve_list l;
	char **w, key[64];
	const char *p;
	size_t n, i, j, width, total = 0;
	int b, bad = 0;

	for (b = 0; b < 30 && !bad; b++) {
		random_grid(&g, 5);
		n = solve_grid(d, &g, lg, "en_US", 1, 0, 0, NULL, &w);
		if (solve_grid_list(d, &g, lg, "en_US", 1, 0, 0, NULL,
		    &l) != n) {
			diag("board %s: %zu words, the list %zu",
			    grid_text(&g), n, l.n);
			bad = 1;
		}
		for (i = 0; i < n && !bad; i++) {
			for (width = 0, p = w[i]; *p != '\0'; p++)
				width += ((unsigned char)*p & 0xc0) != 0x80;
			for (j = 0, p = w[i]; *p != '\0' && j + 1 < sizeof key;
			    p++)
				if (strncmp(p, "\xc3\xa9", 2) == 0)
					key[j++] = 'e', p++;
				else
					key[j++] = *p;
			key[j] = '\0';
			if (strcmp(l.w[i].form, w[i]) != 0 ||
			    l.w[i].len != strlen(w[i]) ||
			    l.w[i].width != width ||
			    strcmp(l.w[i].key, key) != 0 ||
			    solve_find(&l, key) != i) {
				diag("board %s: word %zu '%s' width %zu key "
				    "'%s' found at %zu", grid_text(&g), i,
				    l.w[i].form, l.w[i].width, l.w[i].key,
				    solve_find(&l, key));
				bad = 1;
			}
		}
		if (!bad && (solve_find(&l, "zzzzz") != SOLVE_FAILED ||
		    solve_find(&l, "") != SOLVE_FAILED)) {
			diag("board %s: a key not on it is found",
			    grid_text(&g));
			bad = 1;
		}
		total += n;
		solve_list_free(&l);
		solve_free(w, n);
	}
	ok(!bad, "30 random 5x5 boards: the list has solve_grid's words in "
	    "order, each with its width and key, found by its key");
	ok(total > 300, "those boards hold words (%zu)", total);
	if (ok(parse(&g, "CAFE XXXX XXXX XXXX") == 0, "a grid with café")) {
		solve_grid_list(d, &g, lg, "en_US", 1, 0, 0, NULL, &l);
		i = solve_find(&l, "cafe");
		ok(i != SOLVE_FAILED && strcmp(l.w[i].key, "cafe") == 0 &&
		    strcmp(l.w[i].form, "cafe") == 0 && l.w[i].width == 4,
		    "accents=fold: cafe and café are one key, 4 letters, "
		    "kept once as cafe (the dice's letters, and the least "
		    "by strcmp)");
		solve_list_free(&l);
	}
}

/* Boards made by hand: Qu, diagonals, twin letters, no die twice. */
static void
test_hand(const struct dawg *d)
{
	struct grid g;
	char **w;
	size_t n;

	if (!ok(parse(&g, "QuITS XXXX XXXX XXXX") == 0, "a 4x4 grid with Qu"))
		return;
	n = solve_grid(d, &g, lg, "en_US", 1, 0, 0, NULL, &w);
	ok(has(w, n, "quit") && has(w, n, "quits"),
	    "SW-1: a Qu cell gives both letters (quit, quits)");
	ok(!has(w, n, "qui") && !has(w, n, "uit"),
	    "SW-1: a Qu cell is never split");
	solve_free(w, n);

	if (!ok(parse(&g, "SXX XEX XXA") == 0, "a 3x3 diagonal grid"))
		return;
	n = solve_grid(d, &g, lg, "en_US", 1, 0, 0, NULL, &w);
	ok(has(w, n, "sea"), "SW-2: a word along a diagonal (sea)");
	solve_free(w, n);

	/* "sees" needs two s dice: one s die would be used twice. */
	ok(listed("sees"), "the test list has 'sees'");
	ok(parse(&g, "SEE ZZZ ZZZ") == 0, "a grid with one s");
	n = solve_grid(d, &g, lg, "en_US", 1, 0, 0, NULL, &w);
	ok(!has(w, n, "sees"), "SW-2: a word needing a die twice is not "
	    "found");
	solve_free(w, n);
	ok(parse(&g, "SEX XES XXX") == 0, "a grid with two e and two s");
	n = solve_grid(d, &g, lg, "en_US", 1, 0, 0, NULL, &w);
	ok(has(w, n, "sees"), "SW-2: two dice with the same letter both "
	    "count (sees)");
	solve_free(w, n);
}

/* A file that is not a list, and no file, are refused with a reason. */
static void
test_open_errors(const char *tmp)
{
	char *why = NULL;
	struct dawg *d;
	FILE *f;

	d = dawgfile_open("/nonexistent/x.dawg", &why);
	ok(d == NULL && why != NULL && strstr(why, "/nonexistent/x.dawg"),
	    "a missing list is refused, naming the path");
	free(why);
	if ((f = fopen(tmp, "w")) != NULL) {
		fputs("SRDAWG01 but not really a list of words at all", f);
		fclose(f);
	}
	d = dawgfile_open(tmp, &why);
	ok(d == NULL && why != NULL, "a file that is not a list is refused");
	free(why);
	remove(tmp);
}

/* The lookup a challenge uses: the en_US list, Hunspell's verdicts. */
static void
test_known(const struct sr_paths *paths)
{
	struct wordlists *ws = wordlists_new(paths, lg);
	struct lexicon *lex;
	char *why = NULL;
	int agree = 1;
	size_t i;
	static const char *const w[] = { "crates", "quest", "walked", "tae",
	    "paris", "xyzzy", "ab" };

	if ((lex = lexicon_open(paths->dicts, "en_US", &why)) == NULL) {
		ok(0, "en_US opens in Hunspell: %s", why);
		free(why);
		wordlists_free(ws);
		return;
	}
	for (i = 0; i < sizeof w / sizeof *w; i++)
		if (wordlists_judge(ws, "en_US", 0, 0, 0, w[i], NULL, 0, 0,
		    &why) != (strlen(w[i]) >= 3 && lexicon_spell(lex, w[i]))) {
			diag("'%s': list %d, Hunspell %d", w[i],
			    wordlists_judge(ws, "en_US", 0, 0, 0, w[i], NULL, 0,
			    0, &why), lexicon_spell(lex, w[i]));
			agree = 0;
		}
	ok(agree, "SW-2: the challenge lookup's list agrees with Hunspell");
	is_int(wordlists_judge(ws, "en_US", 0, 1, 0, "paris", NULL, 0, 0,
	    &why), 0, "SW-2: nouns=on: 'paris' does not stand: Paris/M is "
	    "a name (no ending but the possessive 's, in a dictionary that "
	    "compounds)");
	is_int(wordlists_judge(ws, "xx_NOPE", 0, 0, 0, "cat", NULL, 0, 0,
	    &why), -1, "no list for a dictionary not installed");
	free(why);
	lexicon_free(lex);
	wordlists_free(ws);
}

/* The en_US list of the build: its size, and a board checked by Hunspell. */
static void
test_en_us(const struct sr_paths *paths)
{
	struct grid g;
	struct lexicon *lex;
	struct dawg *d;
	struct stat sb;
	char **w, *path, *why = NULL, pwhy[256];
	size_t n, i, bad = 0;

	if ((path = dawgfile_find(paths, "en_US")) == NULL) {
		ok(0, "the en_US list is found (SHAKEREF_DATA_DIR)");
		return;
	}
	if (stat(path, &sb) != 0)
		sb.st_size = -1;
	ok(sb.st_size > 0 && sb.st_size <= 4 * 1024 * 1024,
	    "the compiled en_US list is at most 4 MB (%lld bytes)",
	    (long long)sb.st_size);
	d = dawgfile_open(path, &why);
	free(path);
	if (!ok(d != NULL, "the en_US list opens")) {
		diag("%s", why);
		free(why);
		return;
	}
	if ((lex = lexicon_open(paths->dicts, "en_US", &why)) == NULL) {
		ok(0, "en_US opens in Hunspell: %s", why);
		free(why);
		dawgfile_close(d);
		return;
	}
	parse(&g, "SERST TANIE QuOLDC RPEAT HGINS");
	n = solve_grid(d, &g, lg, "en_US", 1, 0, 0, NULL, &w);
	for (i = 0; i < n; i++)
		if (!lexicon_spell(lex, w[i]) ||
		    grid_path(&g, lg, w[i], NULL, pwhy, sizeof pwhy) != 0) {
			diag("'%s' fails", w[i]);
			bad++;
		}
	ok(n > 100 && bad == 0, "SW-2: en_US, a 5x5 board: each of the %zu "
	    "words is traced on the grid and accepted by Hunspell", n);
	ok(has(w, n, "quoit") || has(w, n, "quote"), "SW-1: en_US words "
	    "through the Qu die are found");
	ok(dawg_has(d, "quest") && dawg_has(d, "walked") &&
	    !dawg_has(d, "paris") && !dawg_has(d, "qatar") &&
	    !dawg_has(d, "walkeds"),
	    "en_US: derived forms are in, proper nouns and forms the affix "
	    "rules do not allow are out");
	solve_free(w, n);
	lexicon_free(lex);
	dawgfile_close(d);
}

/* The test list: SRCDIR, compiled in BUILDDIR; en_US: SHAKEREF_DATA_DIR. */
int
main(void)
{
	const char *src = getenv("SRCDIR"), *bld = getenv("BUILDDIR");
	char path[4096], tmp[4096], *why = NULL, dicts[] = SR_SYSTEM_DICT_DIR,
	    here[] = ".";
	struct sr_paths paths = { NULL, NULL, NULL, dicts, NULL };
	struct dawg *d;
	unsigned seed = 20261123;

	lg = lang_new(icu_dlopen);
	if (src == NULL)
		src = ".";
	if (bld == NULL)
		bld = ".";
	srand(seed);
	diag("seed %u", seed);
	snprintf(path, sizeof path, "%s/tests/data/words.txt", src);
	if (!ok(load_list(path) == 0, "the test word list reads"))
		return tap_done();
	snprintf(path, sizeof path, "%s/tests/data/words.dawg", bld);
	if ((d = dawgfile_open(path, &why)) == NULL) {
		ok(0, "the compiled test list opens: %s", why);
		free(why);
		return tap_done();
	}
	test_list(d);
	test_hand(d);
	test_3x3(d);
	test_big(d, 4, 100);
	test_big(d, 5, 50);
	test_big(d, 6, 10);
	test_list_api(d);
	dawgfile_close(d);
	snprintf(tmp, sizeof tmp, "%s/tests/data/not-a-list.dawg", bld);
	test_open_errors(tmp);
	/* As main would find them: the build's lists, no cache. */
	if ((paths.data = getenv("SHAKEREF_DATA_DIR")) == NULL)
		paths.data = here;
	test_en_us(&paths);
	test_known(&paths);
	while (nlist > 0)
		free(list[--nlist]);
	free(list);
	return tap_done();
}
