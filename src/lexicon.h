/*
 * lexicon.h: Hunspell dictionaries, the words they accept here (SW-2),
 * and the lookup the command line gives the replay.  lexicon.c is the
 * only file that includes <hunspell.h>.
 */
#ifndef SHAKEREF_LEXICON_H
#define SHAKEREF_LEXICON_H

#include <stddef.h>

#include "buf.h"

#define LEXICON_SUGGEST_MAX	5

struct lexicon;

/*
 * Open dictionary name (NAME.aff and NAME.dic) from the first folder of
 * SHAKEREF_DICT_PATH, DICPATH (both colon-separated), /usr/share/hunspell
 * that holds both.  NULL with *why (malloc'd) naming the folders searched
 * and the Debian package to install.
 */
struct lexicon	*lexicon_open(const char *name, char **why);
void		 lexicon_free(struct lexicon *);
/*
 * The files of dictionary name, found as lexicon_open finds them: 0 with
 * *aff and *dic (malloc'd), or -1 with *why (malloc'd).
 */
int		 lexicon_files(const char *name, char **aff, char **dic,
		    char **why);
const char	*lexicon_name(const struct lexicon *);
/* 1 if dictionary name is installed (both files found), else 0 and *why. */
int		 lexicon_exists(const char *name, char **why);
/*
 * Fold word into lowercase a-z in out (len bytes): 0, or -1 if it has
 * anything but ASCII letters, or fewer than 3 of them.
 */
int		 lexicon_normalise(const char *word, char *out, size_t len);
/* 1 if word is a word here: it normalises and the dictionary has it. */
int		 lexicon_check(struct lexicon *, const char *word);
/*
 * Up to max (at most LEXICON_SUGGEST_MAX) suggestions for word, each
 * normalised, distinct, accepted by lexicon_check, and not word itself,
 * into out[] (malloc'd strings).  Returns how many.  Slow (10-35 ms):
 * only to explain a word found invalid.
 */
int		 lexicon_suggest(struct lexicon *, const char *word, char **out,
		    int max);

/*
 * The lookup of struct replay (game.h): dictionaries opened on first use
 * and kept open (inside `play` a second challenge costs no load).
 */
struct lexicon_cb;

struct lexicon_cb *lexicon_cb_new(void);
void		 lexicon_cb_free(struct lexicon_cb *);
/*
 * At exit: free the lookup but leave Hunspell's tables to the kernel
 * (Hunspell_destroy of en_US costs about 10 ms, a fifth of a challenge).
 * Sanitizer builds free everything, to keep leak checks meaningful.
 */
void		 lexicon_cb_leave(struct lexicon_cb *);
/*
 * Give the lookup a compiled word list (the solver's): known(arg, dict,
 * word) returns 1 if word is in dict's list, else 0 (or -1: no list).  A
 * word in the list is valid without loading Hunspell, so the list must
 * hold only words Hunspell accepts; any other word goes to Hunspell.
 */
void		 lexicon_cb_wordlist(struct lexicon_cb *,
		    int (*known)(void *, const char *, const char *),
		    void *arg);
/* replay.lookup with replay.lookup_arg a struct lexicon_cb. */
int		 lexicon_lookup(void *cb, const char *dict, const char *word,
		    struct buf *sugg, char **why);

#endif
