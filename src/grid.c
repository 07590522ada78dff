/*
 * grid.c: the Shake-A-Word grid (SW-1) and word paths on it (SW-2).
 * Pure.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "grid.h"

/* Count the cells of row s (a Q followed by U is one); -1 if malformed. */
static int
row_cells(const char *s, char *why, size_t whylen)
{
	const char *p;
	int n = 0;

	for (p = s; *p != '\0'; p++, n++) {
		if (!isascii((unsigned char)*p)) {
			snprintf(why, whylen, "'%s': a row is letters A to Z "
			    "only", s);
			return -1;
		}
		if (!isalpha((unsigned char)*p)) {
			snprintf(why, whylen, "'%s': '%c' is not a letter; "
			    "a row is letters only", s, *p);
			return -1;
		}
		if (tolower((unsigned char)*p) == 'q') {
			if (tolower((unsigned char)p[1]) != 'u') {
				snprintf(why, whylen, "'%s': a lone Q; the Q "
				    "die shows Qu, entered as QU, Qu or qu",
				    s);
				return -1;
			}
			p++;
		}
	}
	return n;
}

/* Parse the rows of a grid; see grid.h. */
int
grid_parse(struct grid *g, int nrows, char *const *rows, char *why,
    size_t whylen)
{
	const char *p;
	int r, n, c;

	memset(g, 0, sizeof *g);
	if (nrows < GRID_MIN || nrows > GRID_MAX) {
		snprintf(why, whylen, "expected %d to %d rows of as many "
		    "letters, got %d row%s", GRID_MIN, GRID_MAX, nrows,
		    nrows == 1 ? "" : "s");
		return -1;
	}
	for (r = 0; r < nrows; r++)
		if (row_cells(rows[r], why, whylen) < 0)
			return -1;
	for (r = 0; r < nrows; r++) {
		n = row_cells(rows[r], why, whylen);
		if (n != nrows) {
			snprintf(why, whylen, "row %d '%s' has %d cell%s, "
			    "expected %d: %d rows of %d letters (Qu is one "
			    "cell)", r + 1, rows[r], n, n == 1 ? "" : "s",
			    nrows, nrows, nrows);
			return -1;
		}
	}
	g->n = nrows;
	for (r = 0; r < nrows; r++)
		for (p = rows[r], c = 0; *p != '\0'; p++, c++) {
			char *cell = g->cells[r * nrows + c];

			cell[0] = (char)tolower((unsigned char)*p);
			if (cell[0] == 'q') {
				cell[1] = 'u';
				p++;
			}
		}
	return 0;
}

/* 1 if cells a and b are neighbours (8 directions). */
int
grid_adjacent(const struct grid *g, int a, int b)
{
	int ra = a / g->n, ca = a % g->n, rb = b / g->n, cb = b % g->n;

	return a != b && ra - rb <= 1 && rb - ra <= 1 && ca - cb <= 1 &&
	    cb - ca <= 1;
}

struct walk {
	const struct grid	*g;
	const char		*w;
	size_t			 len;
	uint64_t		 used;
	int			 path[GRID_CELLS + 1];
	size_t			 best;		/* longest prefix traced */
	long			 steps;		/* cells tried: bounded */
};

/* Cells a word may try before the trace gives up (never, for words). */
#define WALK_BUDGET	2000000L

/* The cell's text if it matches word at pos, its length; else 0. */
static size_t
cell_match(const struct walk *wk, int cell, size_t pos)
{
	const char *t = wk->g->cells[cell];
	size_t n = strlen(t);

	return strncmp(wk->w + pos, t, n) == 0 ? n : 0;
}

/* Trace the word on from cell, which matches at pos; 1 if it ends. */
static int
walk_from(struct walk *wk, int cell, size_t pos, int depth)
{
	int n = wk->g->n, r = cell / n, c = cell % n, dr, dc, nb;
	size_t m = cell_match(wk, cell, pos);

	pos += m;
	wk->path[depth] = cell;
	if (pos == wk->len) {
		wk->path[depth + 1] = -1;
		return 1;
	}
	if (pos > wk->best)
		wk->best = pos;
	if (++wk->steps > WALK_BUDGET)
		return 0;
	wk->used |= (uint64_t)1 << cell;
	for (dr = -1; dr <= 1; dr++)
		for (dc = -1; dc <= 1; dc++) {
			if (r + dr < 0 || r + dr >= n || c + dc < 0 ||
			    c + dc >= n)
				continue;
			nb = (r + dr) * n + c + dc;
			if ((wk->used & ((uint64_t)1 << nb)) ||
			    cell_match(wk, nb, pos) == 0)
				continue;
			if (walk_from(wk, nb, pos, depth + 1))
				return 1;
		}
	wk->used &= ~((uint64_t)1 << cell);
	return 0;
}

/* The letter at word[pos] as shown on a die: "T", "Qu" or "Q". */
static void
die_face(const char *w, size_t pos, char *buf, size_t len)
{
	if (w[pos] == 'q' && w[pos + 1] == 'u')
		snprintf(buf, len, "Qu");
	else
		snprintf(buf, len, "%c", toupper((unsigned char)w[pos]));
}

/*
 * The reason a word whose trace ran out of steps is not on the grid: a
 * letter it needs more often than the dice show it (else: no path).
 */
static int
too_many(const struct grid *g, const char *word, char *why, size_t whylen)
{
	int need[26], have[26], i, k;
	char face[4];
	const char *p;

	memset(need, 0, sizeof need);
	memset(have, 0, sizeof have);
	for (i = 0; i < g->n * g->n; i++)
		have[g->cells[i][0] - 'a']++;
	for (p = word; *p != '\0'; p++) {
		if (*p < 'a' || *p > 'z')
			continue;
		need[*p - 'a']++;
		if (*p == 'q' && p[1] == 'u')
			p++;
	}
	for (k = 0; k < 26; k++)
		if (need[k] > have[k]) {
			if (k == 'q' - 'a')
				snprintf(face, sizeof face, "Qu");
			else
				snprintf(face, sizeof face, "%c", 'A' + k);
			snprintf(why, whylen, "'%s' is not on the grid: it "
			    "needs %d '%s' di%s, the grid has %d", word,
			    need[k], face, need[k] == 1 ? "e" : "ce",
			    have[k]);
			return -1;
		}
	snprintf(why, whylen, "'%s' is not on the grid: no path found in %ld "
	    "steps", word, WALK_BUDGET);
	return -1;
}

/* Find word on the grid; see grid.h. */
int
grid_path(const struct grid *g, const char *word, int *path, char *why,
    size_t whylen)
{
	struct walk wk;
	char face[4], prefix[80];
	int cell, cells = g->n * g->n;
	size_t i;

	memset(&wk, 0, sizeof wk);
	wk.g = g;
	wk.w = word;
	wk.len = strlen(word);
	if (wk.len > 0 && wk.len <= 2 * GRID_CELLS)
		for (cell = 0; cell < cells; cell++) {
			if (cell_match(&wk, cell, 0) == 0)
				continue;
			if (walk_from(&wk, cell, 0, 0)) {
				if (path != NULL)
					memcpy(path, wk.path, sizeof wk.path);
				return 0;
			}
		}
	if (wk.len == 0) {
		snprintf(why, whylen, "an empty word is not on the grid");
		return -1;
	}
	if (wk.steps > WALK_BUDGET)
		return too_many(g, word, why, whylen);
	if (wk.best >= wk.len)
		wk.best = wk.len - 1;
	die_face(word, wk.best, face, sizeof face);
	if (wk.best == 0 && strcmp(face, "Q") == 0) {
		snprintf(why, whylen, "'%s' is not on the grid: it has a Q "
		    "without U, and the Q die shows Qu", word);
		return -1;
	}
	if (wk.best == 0) {
		snprintf(why, whylen, "'%s' is not on the grid: no die shows "
		    "'%s'", word, face);
		return -1;
	}
	for (i = 0; i < wk.best && i + 1 < sizeof prefix; i++)
		prefix[i] = (char)toupper((unsigned char)word[i]);
	prefix[i] = '\0';
	snprintf(why, whylen, "'%s' is not on the grid: after '%s' no unused "
	    "neighbour shows '%s'", word, prefix, face);
	return -1;
}

/* Row r in uppercase, a Qu cell as "Qu". */
void
grid_row(const struct grid *g, int r, char *buf, size_t len)
{
	size_t k = 0;
	int c;

	for (c = 0; c < g->n && k + 3 < len; c++) {
		const char *t = g->cells[r * g->n + c];

		buf[k++] = (char)toupper((unsigned char)t[0]);
		if (t[1] != '\0')
			buf[k++] = t[1];
	}
	buf[k] = '\0';
}
