/*
 * solve.c: every word on the grid, by a walk of the grid and the list
 * together: a path is followed only while some word starts with it,
 * and each step tries every free neighbour in one scan of the list.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "lang.h"
#include "solve.h"
#include "wordlist.h"

#define KEY_MAX	(GRID_KEY * GRID_CELLS)

struct walk {
	const struct dawg	*d;
	const struct grid	*g;
	int			 nouns;
	int			 nb[GRID_CELLS][8];	/* neighbours */
	int			 nnb[GRID_CELLS];
	size_t			 klen[GRID_CELLS], tlen_[GRID_CELLS];
	char			 key[KEY_MAX + 1];
	size_t			 len;
	char			 text[KEY_MAX + 1];	/* the dice's letters */
	size_t			 tlen;
	/* Forms found, with their keys: "key\1form". */
	char			**w;
	size_t			 n, cap;
};

/* Keep the key spelled so far, if a form of it stands. */
static void
found(struct walk *k, uint32_t node)
{
	char form[256], *w;
	size_t fl;

	if (!wordlist_judge_node(k->d, node, k->nouns, k->key, k->text, form,
	    sizeof form) || lang_width(form) < 3)
		return;
	if (k->n == k->cap) {
		k->cap = k->cap ? k->cap * 2 : 64;
		k->w = xreallocarray(k->w, k->cap, sizeof *k->w);
	}
	fl = strlen(form);
	w = xmalloc(k->len + fl + 2);
	memcpy(w, k->key, k->len);
	w[k->len] = '\1';
	memcpy(w + k->len + 1, form, fl + 1);
	k->w[k->n++] = w;
}

/*
 * With k->key spelled and the list at node, go on to each cell of
 * cand[] not used yet.
 */
static void
branch(struct walk *k, uint32_t node, uint64_t used, const int *cand,
    int ncand)
{
	size_t len0 = k->len, tlen0 = k->tlen, m, mt;
	uint32_t next;
	const char *t;
	int i, to;

	for (i = 0; i < ncand; i++) {
		to = cand[i];
		if (used & ((uint64_t)1 << to))
			continue;
		t = k->g->keys[to];
		m = k->klen[to];
		mt = k->tlen_[to];
		if (m == 0 || k->len + m > KEY_MAX || k->tlen + mt > KEY_MAX ||
		    (next = dawg_walk(k->d, node, t)) == 0)
			continue;
		memcpy(k->key + k->len, t, m + 1);
		k->len += m;
		memcpy(k->text + k->tlen, k->g->cells[to], mt + 1);
		k->tlen += mt;
		found(k, next);
		branch(k, next, used | (uint64_t)1 << to, k->nb[to],
		    k->nnb[to]);
		k->len = len0;
		k->key[k->len] = '\0';
		k->tlen = tlen0;
		k->text[k->tlen] = '\0';
	}
}

/* qsort: strcmp of string pointers. */
static int
cmp_alpha(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Longer first (in letters), then alphabetical. */
int
solve_cmp(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	size_t lx = lang_width(x), ly = lang_width(y);

	if (lx != ly)
		return lx > ly ? -1 : 1;
	return strcmp(x, y);
}

/* 1 if "key\1form" a and b have the same key. */
static int
same_key(const char *a, const char *b)
{
	size_t n = strcspn(a, "\1");

	return strncmp(a, b, n) == 0 && b[n] == '\1';
}

struct sortw {
	char	*w;
	size_t	 width;
};

/* qsort: longer first, then alphabetical. */
static int
sortw_cmp(const void *a, const void *b)
{
	const struct sortw *x = a, *y = b;

	if (x->width != y->width)
		return x->width > y->width ? -1 : 1;
	return strcmp(x->w, y->w);
}

/* Sort w[0..n) as solve_cmp does, each width counted once. */
static void
sort_words(char **w, size_t n)
{
	struct sortw *s;
	size_t i;

	if (n < 2)
		return;
	s = xcalloc(n, sizeof *s);
	for (i = 0; i < n; i++) {
		s[i].w = w[i];
		s[i].width = lang_width(w[i]);
	}
	qsort(s, n, sizeof *s, sortw_cmp);
	for (i = 0; i < n; i++)
		w[i] = s[i].w;
	free(s);
}

/* Every word on the grid; see solve.h. */
size_t
solve_grid(const struct dawg *d, const struct grid *grid, const char *dict,
    int fold, int nouns, char ***words)
{
	return solve_grid_keys(d, grid, dict, fold, nouns, words, NULL);
}

/* Every word on the grid and its key; see solve.h. */
size_t
solve_grid_keys(const struct dawg *d, const struct grid *grid,
    const char *dict, int fold, int nouns, char ***words, char ***keys)
{
	struct walk k;
	struct grid g = *grid;
	char **out, **ko = NULL;
	size_t i, n = 0;
	int all[GRID_CELLS], cell, dr, dc, r, c;
	uint32_t root;

	memset(&k, 0, sizeof k);
	*words = NULL;
	if (keys != NULL)
		*keys = NULL;
	if (g.n < GRID_MIN || g.n > GRID_MAX ||
	    (root = wordlist_root(d, fold)) == 0)
		return 0;
	grid_keys(&g, dict, fold);
	k.d = d;
	k.g = &g;
	k.nouns = nouns;
	for (cell = 0; cell < g.n * g.n; cell++) {
		all[cell] = cell;
		k.klen[cell] = strlen(g.keys[cell]);
		k.tlen_[cell] = strlen(g.cells[cell]);
		for (dr = -1; dr <= 1; dr++)
			for (dc = -1; dc <= 1; dc++) {
				r = cell / g.n + dr;
				c = cell % g.n + dc;
				if ((dr == 0 && dc == 0) || r < 0 ||
				    r >= g.n || c < 0 || c >= g.n)
					continue;
				k.nb[cell][k.nnb[cell]++] = r * g.n + c;
			}
	}
	branch(&k, root, 0, all, g.n * g.n);
	/* Each key once (two paths may spell it): its form. */
	if (k.n > 1)
		qsort(k.w, k.n, sizeof *k.w, cmp_alpha);
	out = k.n > 0 ? xcalloc(k.n, sizeof *out) : NULL;
	for (i = 0; i < k.n; i++)
		if (n == 0 || !same_key(out[n - 1], k.w[i]))
			out[n++] = k.w[i];	/* "key\1form", each once */
		else
			free(k.w[i]);
	free(k.w);
	/* "key\1form" to "form\0key" in place, then by form. */
	for (i = 0; i < n; i++) {
		char *sep = strchr(out[i], '\1'), *t;
		size_t kl = (size_t)(sep - out[i]);

		t = xmalloc(strlen(out[i]) + 1);
		memcpy(t, sep + 1, strlen(sep + 1) + 1);
		memcpy(t + strlen(t) + 1, out[i], kl);
		t[strlen(t) + 1 + kl] = '\0';
		free(out[i]);
		out[i] = t;
	}
	sort_words(out, n);
	if (keys != NULL && n > 0) {
		ko = xcalloc(n, sizeof *ko);
		for (i = 0; i < n; i++)
			ko[i] = xstrdup(out[i] + strlen(out[i]) + 1);
		*keys = ko;
	}
	*words = out;
	return n;
}

/* Free what solve_grid gave. */
void
solve_free(char **words, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(words[i]);
	free(words);
}
