/*
 * solve.c: every word on the grid, by a walk of the grid and the list
 * together: a path is followed only while some word starts with it,
 * and each step tries every free neighbour in one scan of the list.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "solve.h"

#define WORD_MAX	(2 * GRID_CELLS)	/* every die a Qu */

struct walk {
	const struct dawg	*d;
	const struct grid	*g;
	int			 nb[GRID_CELLS][8];	/* neighbours */
	int			 nnb[GRID_CELLS];
	char			 w[WORD_MAX + 1];
	size_t			 len;
	/* Words found, by length (sorting them needs no strlen then). */
	struct {
		char		**w;
		size_t		  n, cap;
	}			 by[WORD_MAX + 1];
};

/* Keep the word spelled so far. */
static void
found(struct walk *k)
{
	size_t l = k->len;

	if (k->by[l].n == k->by[l].cap) {
		k->by[l].cap = k->by[l].cap ? k->by[l].cap * 2 : 64;
		k->by[l].w = xreallocarray(k->by[l].w, k->by[l].cap,
		    sizeof *k->by[l].w);
	}
	k->by[l].w[k->by[l].n++] = xstrdup(k->w);
}

/* qsort: strcmp of string pointers. */
static int
cmp_alpha(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * With k->w spelled and the list at node, go on to each cell of cand[]
 * not used yet (one scan of the node's letters for all of them).
 */
static void
branch(struct walk *k, uint32_t node, uint64_t used, const int *cand,
    int ncand)
{
	uint32_t child[26], eowm, mask, next;
	size_t len0 = k->len;
	const char *l;
	int i, to, c, eow;

	if ((mask = dawg_children(k->d, node, child, &eowm)) == 0)
		return;
	for (i = 0; i < ncand; i++) {
		to = cand[i];
		l = k->g->cells[to];
		c = l[0] - 'a';
		if ((used & ((uint64_t)1 << to)) || c < 0 || c > 25 ||
		    !(mask & (1u << c)))
			continue;
		next = child[c];
		eow = (eowm >> c) & 1;
		k->w[k->len++] = l[0];
		if (l[1] != '\0') {		/* the Qu die: both letters */
			if (!dawg_step(k->d, next, l[1], &next, &eow)) {
				k->len = len0;
				continue;
			}
			k->w[k->len++] = l[1];
		}
		k->w[k->len] = '\0';
		if (eow && k->len >= 3)
			found(k);
		if (next != 0)
			branch(k, next, used | (uint64_t)1 << to, k->nb[to],
			    k->nnb[to]);
		k->len = len0;
		k->w[k->len] = '\0';
	}
}

/* Longer first, then alphabetical. */
int
solve_cmp(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	size_t lx = strlen(x), ly = strlen(y);

	if (lx != ly)
		return lx > ly ? -1 : 1;
	return strcmp(x, y);
}

/* Every word on the grid; see solve.h. */
size_t
solve_grid(const struct dawg *d, const struct grid *g, char ***words)
{
	struct walk k;
	char **out;
	size_t i, l, n = 0, total = 0;
	int all[GRID_CELLS], cell, dr, dc, r, c;

	memset(&k, 0, sizeof k);
	k.d = d;
	k.g = g;
	if (g->n < GRID_MIN || g->n > GRID_MAX) {
		*words = NULL;
		return 0;
	}
	for (cell = 0; cell < g->n * g->n; cell++) {
		all[cell] = cell;
		for (dr = -1; dr <= 1; dr++)
			for (dc = -1; dc <= 1; dc++) {
				r = cell / g->n + dr;
				c = cell % g->n + dc;
				if ((dr == 0 && dc == 0) || r < 0 ||
				    r >= g->n || c < 0 || c >= g->n)
					continue;
				k.nb[cell][k.nnb[cell]++] = r * g->n + c;
			}
	}
	branch(&k, dawg_root(d), 0, all, g->n * g->n);
	for (l = 0; l <= WORD_MAX; l++)
		total += k.by[l].n;
	out = total > 0 ? xcalloc(total, sizeof *out) : NULL;
	/* Longest first; within a length, alphabetical, each word once. */
	for (l = WORD_MAX + 1; l-- > 0; ) {
		if (k.by[l].n > 1)
			qsort(k.by[l].w, k.by[l].n, sizeof *k.by[l].w,
			    cmp_alpha);
		for (i = 0; i < k.by[l].n; i++) {
			if (i > 0 && strcmp(k.by[l].w[i - 1],
			    k.by[l].w[i]) == 0)
				free(k.by[l].w[i - 1]);
			else if (i > 0)
				out[n++] = k.by[l].w[i - 1];
			if (i + 1 == k.by[l].n)
				out[n++] = k.by[l].w[i];
		}
		free(k.by[l].w);
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
