/*
 * wordlist.h: the compiled word list of a dictionary (dawg.h): the one
 * installed with shakeref, or one built on first use into the user's
 * cache folder from the dictionary's own affix rules (affix.h), each
 * form with Hunspell's verdict; and the verdict on a word by it (SW-2):
 * challenges and solve both rule by the list, so they never disagree.
 */
#ifndef SHAKEREF_WORDLIST_H
#define SHAKEREF_WORDLIST_H

#include "dawg.h"

struct sr_paths;

/*
 * The list of dictionary name: the installed one (paths' data folder),
 * else the cache's if it is newer than the dictionary's files, else
 * built now into the cache (a progress bar on stderr when bar is set).
 * NULL with *why (malloc'd) if it can be neither found nor built.
 */
struct dawg	*wordlist_open(const struct sr_paths *, const char *name,
		    int bar, char **why);
/*
 * Build the list of dictionary name into the cache now; 0, or -1 with
 * *why (malloc'd).
 */
int		 wordlist_build(const struct sr_paths *, const char *name,
		    int bar, char **why);
/*
 * Build it into path (mkdawg at build time), the dictionary found in
 * dicts (colon-separated folders).
 */
int		 wordlist_write(const char *dicts, const char *name,
		    const char *path, int bar, char **why);

/* The node of the keys for accents=fold (fold) or exact, or 0. */
uint32_t	 wordlist_root(const struct dawg *, int fold);
/*
 * The verdict on written (lowercase letters, lang.h) by the list of
 * dictionary dict: 1 if a form of the dictionary with written's key
 * (lang_key with fold) stands, as written in lowercase or, with nouns,
 * capitalised (SW-2); the form found into form (len bytes; "était",
 * "Haus"), preferring written itself.  0 if none.
 */
int		 wordlist_judge(const struct dawg *, const char *dict, int fold,
		    int nouns, const char *written, char *form, size_t len);
/*
 * The same from the node key leads to (solve's walk): 1 with the form
 * in lowercase (written preferred: the letters of the dice), or 0.
 */
int		 wordlist_judge_node(const struct dawg *, uint32_t node,
		    int nouns, const char *key, const char *written,
		    char *form, size_t len);

/*
 * The lists the lookup of a challenge uses: opened (built, with a
 * progress bar when bar is set) on first use, a few kept open.
 */
struct wordlists;

/* paths: kept (not copied) for the lists' life. */
struct wordlists *wordlists_new(const struct sr_paths *);
void		 wordlists_free(struct wordlists *);
/* wordlist_judge with dict's list: 1, 0, or -1 with *why: no list. */
int		 wordlists_judge(struct wordlists *, const char *dict, int fold,
		    int nouns, const char *written, char *form, size_t len,
		    int bar, char **why);

#endif
