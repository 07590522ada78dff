/*
 * lexicon.h: Hunspell dictionaries, the words they accept here (SW-2),
 * and the lookup the command line gives the replay.  lexicon.c is the
 * only file that includes <hunspell.h>.
 *
 * Hunspell is loaded with dlopen().  The Debian package of each
 * dictionary is named in data/hunspell-packages.def.  A dictionary whose
 * .aff names another encoding (SET ISO8859-2: pl_PL) is read in it by
 * affix.c and spoken to in it here (iconv); everything else is UTF-8.
 */
#ifndef SHAKEREF_LEXICON_H
#define SHAKEREF_LEXICON_H

#include <stddef.h>

#include "buf.h"

#define LEXICON_SUGGEST_MAX	5

struct lexicon;

/*
 * Open dictionary name (NAME.aff and NAME.dic) from the first folder of
 * dicts (colon-separated: struct sr_paths' dicts, paths.h) that holds
 * both.  NULL with *why (malloc'd) naming the folders searched and the
 * Debian package to install.
 */
struct lexicon	*lexicon_open(const char *dicts, const char *name,
		    char **why);
/*
 * The same with its compounding rules taken out of its .aff
 * (COMPOUNDFLAG, COMPOUNDBEGIN, COMPOUNDMIDDLE, COMPOUNDEND,
 * COMPOUNDRULE): what it accepts is a form it lists, a stem with its
 * affixes (SW-2, compounds=off).  The .aff is copied into a file
 * tmp.aff.XXXXXX, removed once Hunspell has read it.
 */
struct lexicon	*lexicon_open_forms(const char *dicts, const char *name,
		    const char *tmp, char **why);
void		 lexicon_free(struct lexicon *);
/*
 * The files of dictionary name, found as lexicon_open finds them: 0 with
 * *aff and *dic (malloc'd), or -1 with *why (malloc'd).
 */
int		 lexicon_files(const char *dicts, const char *name, char **aff,
		    char **dic, char **why);
const char	*lexicon_name(const struct lexicon *);
/* The names of the installed dictionaries, space-separated, into out. */
void		 lexicon_list(const char *dicts, struct buf *out);
/* 1 if dictionary name is installed (both files found), else 0 and *why. */
int		 lexicon_exists(const char *dicts, const char *name,
		    char **why);
/* 1 if Hunspell accepts word exactly as written (UTF-8). */
int		 lexicon_spell(struct lexicon *, const char *word);
/*
 * Up to max (at most LEXICON_SUGGEST_MAX) of Hunspell's suggestions for
 * word, each in lowercase letters (lang.h), distinct, not word itself,
 * and kept by keep(arg, s) if keep is not NULL, into out[] (malloc'd
 * strings).  Returns how many.  Slow (10-35 ms): only to explain a word
 * found invalid.
 */
struct lang;
int		 lexicon_suggest(struct lexicon *, struct lang *,
		    const char *word, char **out, int max,
		    int (*keep)(void *, const char *), void *arg);

/*
 * The lookup of struct replay (game.h): dictionaries opened on first use
 * and kept open (inside `play` a second challenge costs no load).
 */
struct lexicon_cb;

/*
 * dicts: the folders to search, and lg, the letters' context (lang.h),
 * kept (not copied) for the lookup's life.
 */
struct lexicon_cb *lexicon_cb_new(const char *dicts, struct lang *lg);
void		 lexicon_cb_free(struct lexicon_cb *);
/*
 * At exit: free the lookup but leave Hunspell's tables to the kernel
 * (Hunspell_destroy of en_US costs about 10 ms, a fifth of a challenge).
 * Sanitizer builds free everything, to keep leak checks meaningful.
 */
void		 lexicon_cb_leave(struct lexicon_cb *);
/*
 * The judge of the lookup: judge(arg, dict, mode, word, form, len, why)
 * is wordlists_judge (wordlist.h) with mode's GAME_LOOKUP_FOLD,
 * GAME_LOOKUP_NOUNS and GAME_LOOKUP_COMPOUNDS (game.h; compounds=on: a
 * compound of the dictionary's rules stands too, its form "Maus+abend"):
 * 1 (form set, if not NULL), 0, or -1 with *why.
 */
typedef int (*lexicon_judge_fn)(void *, const char *dict, int mode,
    const char *word, char *form, size_t len, char **why);
void		 lexicon_cb_wordlist(struct lexicon_cb *, lexicon_judge_fn,
		    void *arg);
/*
 * replay.lookup with replay.lookup_arg a struct lexicon_cb: the judge's
 * verdict, the form found into form, and for a word that does not
 * stand, Hunspell's suggestions that would (sugg not NULL).
 */
int		 lexicon_lookup(void *cb, const char *dict, int mode,
		    const char *word, struct buf *form, struct buf *sugg,
		    char **why);

#endif
