/*
 * wordlist.h: the compiled word list of a dictionary (dawg.h): the one
 * installed with shakeref, or one built on first use into the user's
 * cache folder from the dictionary's own affix rules (affix.h), each
 * form with Hunspell's verdict and its compound marks; challenges and
 * solve both rule by the list and judge.h, so they never disagree.
 */
#ifndef SHAKEREF_WORDLIST_H
#define SHAKEREF_WORDLIST_H

#include "dawg.h"
#include "judge.h"

struct lang;
struct sr_paths;

/*
 * The list of dictionary name: the installed one (paths' data folder),
 * else the cache's if it is newer than the dictionary's files, else
 * built now into the cache (a progress bar on stderr when bar is set).
 * NULL with *why (malloc'd) if it can be neither found nor built.  lg:
 * the letters' context (lang.h) a build reads the forms with.
 */
struct dawg	*wordlist_open(const struct sr_paths *, struct lang *lg,
		    const char *name, int bar, char **why);
/*
 * Build it into path (mkdawg at build time), the dictionary found in
 * dicts (colon-separated folders).
 */
int		 wordlist_write(const char *dicts, struct lang *lg,
		    const char *name, const char *path, int bar, char **why);

/*
 * A speller (judge.h) that asks Hunspell's dictionary dict (found in
 * dicts, colon-separated folders), opened on the first question (a list
 * with no compounds never opens it).
 */
struct speller	*wordlist_speller_new(const char *dicts, const char *dict);
void		 wordlist_speller_free(struct speller *);
/* Why it could not be asked (its last -1), or NULL. */
const char	*wordlist_speller_why(const struct speller *);

/*
 * The lists the lookup of a challenge uses: opened (built, with a
 * progress bar when bar is set) on first use, a few kept open.
 */
struct wordlists;

/* paths and lg (lang.h): kept (not copied) for the lists' life. */
struct wordlists *wordlists_new(const struct sr_paths *, struct lang *lg);
void		 wordlists_free(struct wordlists *);
/*
 * judge_all with dict's list and dictionary: 1, 0, or -1 with
 * *why: no list, or no dictionary to ask about a compound.
 */
int		 wordlists_judge(struct wordlists *, const char *dict, int fold,
		    int nouns, int compounds, const char *written, char *form,
		    size_t len, int bar, char **why);

#endif
