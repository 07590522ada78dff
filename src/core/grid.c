/*
 * grid.c: the Shake-A-Word grid (SW-1) and word paths on it (SW-2).
 * Pure.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "grid.h"
#include "lang.h"
#include "words.h"

/*
 * A reason in the user's words, or in English (en) for what a game's
 * state keeps: a state is the same in every language (snapshots).
 */
#define GW(en, s)		((en) ? (s) : _(s))
#define GP(en, s, p, n)		((en) ? ((n) == 1 ? (s) : (p)) : P_(s, p, n))

/*
 * The cells of row s (letters of dict's language; a Q followed by U is
 * one) into cells (max of them, lowercase); their count, or -1 with why.
 */
static int
row_cells(struct lang *lg, const char *dict, const char *s,
    char (*cells)[GRID_CELL], int max, char *why, size_t whylen)
{
	char low[256], bad[64], c[GRID_CELL];
	const char *p;
	size_t k;
	int n = 0, nl, shape;

	/* A row is shaped as a word, of any length. */
	shape = lang_word(lg, dict, s, low, sizeof low, &nl, bad, sizeof bad);
	if (shape & LANG_NOT_LETTERS) {
		snprintf(why, whylen, _("'%s': %s; a row is letters only"), s,
		    bad);
		return -1;
	}
	if (shape & LANG_LONE_Q) {
		snprintf(why, whylen, _("'%s': a lone Q; the Q die shows Qu, "
		    "entered as QU, Qu or qu"), s);
		return -1;
	}
	for (p = low; (k = lang_next(lg, p, c, sizeof c)) > 0; p += k, n++) {
		if (strcmp(c, "q") == 0) {
			snprintf(c, sizeof c, "qu");
			k++;
		}
		if (n < max)
			memcpy(cells[n], c, sizeof c);
	}
	return n;
}

/* Set the keys of the cells; see grid.h. */
void
grid_keys(struct grid *g, struct lang *lg, const char *dict, int fold)
{
	int i;

	for (i = 0; i < g->n * g->n; i++)
		if (lang_key(lg, dict, fold, g->cells[i], g->keys[i],
		    sizeof g->keys[i]) != 0)
			memcpy(g->keys[i], g->cells[i], sizeof g->cells[i]);
}

/* Parse the rows of a grid; see grid.h. */
int
grid_parse(struct grid *g, struct lang *lg, const char *dict, int fold,
    int nrows, char *const *rows, char *why, size_t whylen)
{
	char row[GRID_MAX + 1][GRID_CELL];
	int r, n;

	memset(g, 0, sizeof *g);
	if (nrows < GRID_MIN || nrows > GRID_MAX) {
		snprintf(why, whylen, P_("expected %d to %d rows of as many "
		    "letters, got %d row", "expected %d to %d rows of as many "
		    "letters, got %d rows", nrows), GRID_MIN, GRID_MAX, nrows);
		return -1;
	}
	for (r = 0; r < nrows; r++)
		if (row_cells(lg, dict, rows[r], row, GRID_MAX + 1, why,
		    whylen) < 0)
			return -1;
	for (r = 0; r < nrows; r++) {
		n = row_cells(lg, dict, rows[r], row, GRID_MAX + 1, why,
		    whylen);
		if (n != nrows) {
			snprintf(why, whylen, P_("row %d '%s' has %d cell, "
			    "expected %d: %d rows of %d letters (Qu is one "
			    "cell)", "row %d '%s' has %d cells, expected %d: %d "
			    "rows of %d letters (Qu is one cell)", n), r + 1,
			    rows[r], n, nrows, nrows, nrows);
			return -1;
		}
		memcpy(g->cells[r * nrows], row, (size_t)n * sizeof row[0]);
	}
	g->n = nrows;
	snprintf(g->dict, sizeof g->dict, "%s", dict != NULL ? dict : "");
	grid_keys(g, lg, dict, fold);
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
	const char *t = wk->g->keys[cell];
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

/* The letter at word[pos] as shown on a die: "T", "Qu", "Ä" or "Q". */
static void
die_face(const struct grid *g, struct lang *lg, const char *w, size_t pos,
    char *buf, size_t len)
{
	char c[GRID_CELL];

	if (w[pos] == 'q' && w[pos + 1] == 'u')
		snprintf(buf, len, "Qu");
	else if (lang_next(lg, w + pos, c, sizeof c) == 0 ||
	    lang_upper(lg, g->dict, c, buf, len) != 0)
		snprintf(buf, len, "?");
}

/*
 * The reason a word whose trace ran out of steps is not on the grid: a
 * letter it needs more often than the dice show it (else: no path).
 */
static int
too_many(const struct grid *g, struct lang *lg, const char *word, char *why,
    size_t whylen, int en)
{
	char c[GRID_CELL], face[16];
	const char *p, *q;
	size_t k, m;
	int need, have, i;

	for (p = word; (k = lang_next(lg, p, c, sizeof c)) > 0; p += k) {
		if (strcmp(c, "q") == 0 && p[1] == 'u')
			snprintf(c, sizeof c, "qu");
		for (need = 0, q = word; *q != '\0'; q += m) {
			m = strlen(c);
			if (strncmp(q, c, m) != 0)
				m = lang_next(lg, q, face, sizeof face);
			else
				need++;
			if (m == 0)
				break;
		}
		for (have = i = 0; i < g->n * g->n; i++)
			have += strcmp(g->keys[i], c) == 0;
		if (need > have) {
			die_face(g, lg, p, 0, face, sizeof face);
			snprintf(why, whylen, GP(en, "'%s' is not on the grid: it "
			    "needs %d '%s' die, the grid has %d", "'%s' is not "
			    "on the grid: it needs %d '%s' dice, the grid has "
			    "%d", need), word, need, face, have);
			return -1;
		}
	}
	snprintf(why, whylen, GW(en, "'%s' is not on the grid: no path found in %ld "
	    "steps"), word, WALK_BUDGET);
	return -1;
}

/* Find word on the grid; the reason in English if en (see grid.h). */
static int
path_why(const struct grid *g, struct lang *lg, const char *word, int *path,
    char *why, size_t whylen, int en)
{
	struct walk wk;
	char face[16], prefix[160], up[160];
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
		snprintf(why, whylen, GW(en, "an empty word is not on the grid"));
		return -1;
	}
	if (wk.steps > WALK_BUDGET)
		return too_many(g, lg, word, why, whylen, en);
	if (wk.best >= wk.len)
		wk.best = wk.len - 1;
	die_face(g, lg, word, wk.best, face, sizeof face);
	if (wk.best == 0 && strcmp(face, "Q") == 0) {
		snprintf(why, whylen, GW(en, "'%s' is not on the grid: it has a Q "
		    "without U, and the Q die shows Qu"), word);
		return -1;
	}
	if (wk.best == 0) {
		snprintf(why, whylen, GW(en, "'%s' is not on the grid: no die shows "
		    "'%s'"), word, face);
		return -1;
	}
	i = wk.best < sizeof prefix ? wk.best : sizeof prefix - 1;
	memcpy(prefix, word, i);
	prefix[i] = '\0';
	if (lang_upper(lg, g->dict, prefix, up, sizeof up) != 0)
		snprintf(up, sizeof up, "%s", prefix);
	snprintf(why, whylen, GW(en, "'%s' is not on the grid: after '%s' no unused "
	    "neighbour shows '%s'"), word, up, face);
	return -1;
}

/* Find word on the grid; see grid.h. */
int
grid_path(const struct grid *g, struct lang *lg, const char *word,
    int *path, char *why, size_t whylen)
{
	return path_why(g, lg, word, path, why, whylen, 0);
}

/* grid_path with the reason in English, as a state keeps it; grid.h. */
int
grid_path_en(const struct grid *g, struct lang *lg, const char *word,
    int *path, char *why, size_t whylen)
{
	return path_why(g, lg, word, path, why, whylen, 1);
}

/* Row r in capitals, a Qu cell as "Qu". */
void
grid_row(const struct grid *g, struct lang *lg, int r, char *buf,
    size_t len)
{
	char up[16];
	size_t k = 0, m;
	int c;

	buf[0] = '\0';
	for (c = 0; c < g->n; c++) {
		if (lang_upper(lg, g->dict, g->cells[r * g->n + c], up,
		    sizeof up) != 0)
			snprintf(up, sizeof up, "?");
		m = strlen(up);
		if (k + m >= len)
			break;
		memcpy(buf + k, up, m + 1);
		k += m;
	}
}
