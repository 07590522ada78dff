/*
 * grid.h: the Shake-A-Word grid (SW-1) and the path of a word on it
 * (SW-2).  Pure.
 */
#ifndef SHAKEREF_GRID_H
#define SHAKEREF_GRID_H

#include <stddef.h>

#define GRID_MIN	3
#define GRID_MAX	6
#define GRID_CELLS	(GRID_MAX * GRID_MAX)

struct grid {
	int	n;			/* side: GRID_MIN..GRID_MAX */
	char	cells[GRID_CELLS][3];	/* lowercase "a".."z" or "qu" */
};

/*
 * Parse the rows of a grid (N rows of N cells, letters in any case, a Q
 * followed by U is one cell).  Returns 0, or -1 with why set to the
 * reason the grid is malformed.
 */
int	grid_parse(struct grid *, int nrows, char *const *rows, char *why,
	    size_t whylen);
/*
 * Find word (lowercase a-z) on the grid: a path of neighbouring cells (8
 * neighbours), no cell twice.  Returns 0 with path[] (cell indexes, up
 * to GRID_CELLS, -1 after the last) if path is not NULL, or -1 with why
 * set to where the path breaks.
 */
int	grid_path(const struct grid *, const char *word, int *path,
	    char *why, size_t whylen);
/* Row r in uppercase, a Qu cell as "Qu", into buf. */
void	grid_row(const struct grid *, int r, char *buf, size_t len);
/* 1 if cells a and b are neighbours (8 directions). */
int	grid_adjacent(const struct grid *, int a, int b);

#endif
