/*
 * solve.h: every word of a compiled list on a Shake-A-Word grid (SW-2),
 * exactly the words a challenge lets stand (judge.h).  Pure: the list
 * is memory, the dictionary a callback.
 */
#ifndef SHAKEREF_SOLVE_H
#define SHAKEREF_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "dawg.h"
#include "grid.h"
#include "judge.h"

#define SOLVE_FAILED	((size_t)-1)

/*
 * Every word that is a path on g (8 neighbours, no cell twice, a Qu
 * cell giving both letters) and stands as a challenge would rule it
 * (judge_all with dict's language, lg the caller's letters'
 * context, fold, nouns and compounds):
 * a form of the list d, or with compounds (compounds=on) a compound of
 * its parts by the dictionary's rules (the walk follows every way to
 * cut the path into parts; sp is asked only about a compound with a
 * forbidden word's form in it, judge_compound, and never without
 * compounds or on a list without compound parts).  The form
 * found of each key once, in lowercase, longest first then
 * alphabetical, into *words (a malloc'd array of strings; free with
 * solve_free).  Returns how many, or SOLVE_FAILED if sp cannot be
 * asked.
 */
size_t	solve_grid(const struct dawg *d, const struct grid *g,
	    struct lang *lg, const char *dict, int fold, int nouns,
	    int compounds,
	    const struct speller *sp, char ***words);
/* Free what solve_grid gave (one block; n as it returned). */
void	solve_free(char **words, size_t n);

/* A word solve found. */
struct solve_word {
	const char	*form;	/* as solve_grid gives it */
	const char	*key;	/* its key (lang.h): what a player's word matches */
	size_t		 len;	/* bytes of form */
	size_t		 width;	/* letters of form (lang_width) */
};

/*
 * What solve_grid_list found: the words in solve_grid's order, and a
 * table to find one by its key.
 */
struct solve_list {
	struct solve_word	*w;
	size_t			 n;
	char			*text;	/* the forms' and keys' bytes */
	uint32_t		*slot;	/* by the key's hash: index + 1, or 0 */
	size_t			 nslot;	/* a power of 2, or 0 */
	uint32_t		*hash;	/* each word's key's */
};

/*
 * The same as solve_grid, into *l (free with solve_list_free): each
 * word with its key and width.  Returns how many, or SOLVE_FAILED.
 */
size_t	solve_grid_list(const struct dawg *d, const struct grid *g,
	    struct lang *lg, const char *dict, int fold, int nouns,
	    int compounds,
	    const struct speller *sp, struct solve_list *l);
/* The index in l->w of the word whose key is key, or SOLVE_FAILED. */
size_t	solve_find(const struct solve_list *l, const char *key);
void	solve_list_free(struct solve_list *l);

#endif
