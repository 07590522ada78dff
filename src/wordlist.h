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

#endif
