/*
 * wordlist.h: the compiled word list of a dictionary for the commands:
 * the one installed with shakeref, or one built on first use into the
 * user's cache folder (unmunch's forms that Hunspell accepts, compiled
 * by dawg_build).
 */
#ifndef SHAKEREF_WORDLIST_H
#define SHAKEREF_WORDLIST_H

#include "dawg.h"

/*
 * The list of dictionary name: the installed one (or in
 * SHAKEREF_DATA_DIR), else the cache's if it is newer than the
 * dictionary's files, else built now into the cache (a progress bar on
 * stderr when bar is set).  NULL with *why (malloc'd) if it can be
 * neither found nor built.
 */
struct dawg	*wordlist_open(const char *name, int bar, char **why);
/*
 * Build the list of dictionary name into the cache now; 0, or -1 with
 * *why (malloc'd).
 */
int		 wordlist_build(const char *name, int bar, char **why);

/*
 * The lists the lookup of a challenge may use (lexicon_cb_wordlist): a
 * valid word needs no Hunspell load.  Lists are opened on first use and
 * only used if the dictionary is installed and no newer than the list;
 * never built here.
 */
struct wordlists;

struct wordlists *wordlists_new(void);
void		 wordlists_free(struct wordlists *);
/* known() of lexicon_cb_wordlist: 1 in dict's list, 0 not, -1 no list. */
int		 wordlists_known(void *wordlists, const char *dict,
		    const char *word);

#endif
