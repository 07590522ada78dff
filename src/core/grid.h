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

#define GRID_CELL	9	/* one letter (lang.h) and its NUL */
#define GRID_KEY	16

struct lang;

struct grid {
	int	n;			/* side: GRID_MIN..GRID_MAX */
	char	cells[GRID_CELLS][GRID_CELL];	/* lowercase letter, "qu" */
	/* What a word meets on each cell (grid_keys): its key (lang.h). */
	char	keys[GRID_CELLS][GRID_KEY];
	char	dict[16];		/* the language, for capitals */
};

/*
 * Parse the rows of a grid (N rows of N cells, letters of the language
 * of dictionary dict in any case, a Q followed by U is one cell) and set
 * its keys for fold (grid_keys).  Returns 0, or -1 with why set to the
 * reason the grid is malformed.  Each function that reads letters takes
 * the caller's letters' context (lang.h).
 */
int	grid_parse(struct grid *, struct lang *, const char *dict, int fold,
	    int nrows, char *const *rows, char *why, size_t whylen);
/* Set the keys of the cells: with fold, their plain letters (lang.h). */
void	grid_keys(struct grid *, struct lang *, const char *dict, int fold);
/*
 * Find word (a key, lang.h) on the grid: a path of neighbouring cells (8
 * neighbours), no cell twice, each cell's key in turn.  Returns 0 with
 * path[] (cell indexes, up to GRID_CELLS, -1 after the last) if path is
 * not NULL, or -1 with why set to where the path breaks.
 */
int	grid_path(const struct grid *, struct lang *, const char *word,
	    int *path, char *why, size_t whylen);
/* grid_path, the reason in English: what a game's state keeps. */
int	grid_path_en(const struct grid *, struct lang *, const char *word,
	    int *path, char *why, size_t whylen);
/* Row r in capitals, a Qu cell as "Qu", into buf. */
void	grid_row(const struct grid *, struct lang *, int r, char *buf,
	    size_t len);
/* 1 if cells a and b are neighbours (8 directions). */
int	grid_adjacent(const struct grid *, int a, int b);

#endif
