/*
 * solve.h: every word of a compiled list on a Shake-A-Word grid (SW-2).
 * Pure but for reading the mapped list.
 */
#ifndef SHAKEREF_SOLVE_H
#define SHAKEREF_SOLVE_H

#include <stddef.h>

#include "dawg.h"
#include "grid.h"

/*
 * Every word of d that is a path on g (8 neighbours, no cell twice, a Qu
 * cell giving both letters) and stands as a challenge would rule it
 * (wordlist_judge with dict's language, fold and nouns): the form found
 * of each key once, in lowercase, longest first then alphabetical, into
 * *words (a malloc'd array of malloc'd strings; free with solve_free).
 * Returns how many.
 */
size_t	solve_grid(const struct dawg *d, const struct grid *g,
	    const char *dict, int fold, int nouns, char ***words);
/* The same, with each word's key (lang.h) into (*keys)[i] if not NULL. */
size_t	solve_grid_keys(const struct dawg *d, const struct grid *g,
	    const char *dict, int fold, int nouns, char ***words,
	    char ***keys);
void	solve_free(char **words, size_t n);
/* qsort order of char *: longer first, then alphabetical. */
int	solve_cmp(const void *, const void *);

#endif
