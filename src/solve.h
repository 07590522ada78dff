/*
 * solve.h: every word of a compiled list on a Shake-A-Word grid (SW-2),
 * exactly the words a challenge lets stand (judge.h).  Pure: the list
 * is memory, the dictionary a callback.
 */
#ifndef SHAKEREF_SOLVE_H
#define SHAKEREF_SOLVE_H

#include <stddef.h>

#include "dawg.h"
#include "grid.h"
#include "judge.h"

#define SOLVE_FAILED	((size_t)-1)

/*
 * Every word that is a path on g (8 neighbours, no cell twice, a Qu
 * cell giving both letters) and stands as a challenge would rule it
 * (wordlist_judge_all with dict's language, fold and nouns): a form of
 * the list d, or a compound of its parts by the dictionary's rules (the
 * walk follows every way to cut the path into parts; sp is asked only
 * about a compound with a forbidden word's form in it, wordlist_compound,
 * and never on a list without compound parts).  The form
 * found of each key once, in lowercase, longest first then
 * alphabetical, into *words (a malloc'd array of malloc'd strings; free
 * with solve_free).  Returns how many, or SOLVE_FAILED if sp cannot be
 * asked.
 */
size_t	solve_grid(const struct dawg *d, const struct grid *g,
	    const char *dict, int fold, int nouns, const struct speller *sp,
	    char ***words);
/* The same, with each word's key (lang.h) into (*keys)[i] if not NULL. */
size_t	solve_grid_keys(const struct dawg *d, const struct grid *g,
	    const char *dict, int fold, int nouns, const struct speller *sp,
	    char ***words, char ***keys);
void	solve_free(char **words, size_t n);

#endif
