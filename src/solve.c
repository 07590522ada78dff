/*
 * solve.c: every word on the grid, by a walk of the grid and the list
 * together: a path is followed only while some word starts with it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "solve.h"

struct walk {
	const struct dawg	*d;
	const struct grid	*g;
	char			 w[2 * GRID_CELLS + 1];
	size_t			 len;
	char			**out;
	size_t			 nout, cap;
};

/* Keep the word spelled so far. */
static void
found(struct walk *k)
{
	if (k->nout == k->cap) {
		k->cap = k->cap ? k->cap * 2 : 64;
		k->out = xreallocarray(k->out, k->cap, sizeof *k->out);
	}
	k->out[k->nout++] = xstrdup(k->w);
}

/* Enter cell from node (the list after the letters so far), cells used. */
static void
walk(struct walk *k, int cell, uint32_t node, uint64_t used)
{
	const char *l = k->g->cells[cell];
	size_t len0 = k->len;
	int eow = 0, n = k->g->n, r, c, dr, dc;

	for (; *l != '\0'; l++) {
		if (!dawg_step(k->d, node, *l, &node, &eow))
			goto out;
		k->w[k->len++] = *l;
	}
	k->w[k->len] = '\0';
	if (eow && k->len >= 3)
		found(k);
	if (node == 0)
		goto out;
	used |= (uint64_t)1 << cell;
	r = cell / n;
	c = cell % n;
	for (dr = -1; dr <= 1; dr++)
		for (dc = -1; dc <= 1; dc++) {
			int nr = r + dr, nc = c + dc, to = nr * n + nc;

			if (nr < 0 || nr >= n || nc < 0 || nc >= n ||
			    (used & ((uint64_t)1 << to)))
				continue;
			walk(k, to, node, used);
		}
out:
	k->len = len0;
	k->w[k->len] = '\0';
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
	size_t i, n = 0;
	int cell;

	memset(&k, 0, sizeof k);
	k.d = d;
	k.g = g;
	if (g->n < GRID_MIN || g->n > GRID_MAX) {
		*words = NULL;
		return 0;
	}
	for (cell = 0; cell < g->n * g->n; cell++)
		walk(&k, cell, dawg_root(d), 0);
	if (k.nout > 0) {
		qsort(k.out, k.nout, sizeof *k.out, solve_cmp);
		for (i = 0; i < k.nout; i++) {
			if (n > 0 && strcmp(k.out[n - 1], k.out[i]) == 0)
				free(k.out[i]);
			else
				k.out[n++] = k.out[i];
		}
	}
	*words = k.out;
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
