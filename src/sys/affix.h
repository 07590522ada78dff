/*
 * affix.h: every form a Hunspell dictionary derives from its stems, by
 * its own affix rules (NAME.aff, NAME.dic): the stem, up to two suffixes
 * and a prefix, and the suffixes and prefixes the continuation classes
 * allow.  A superset: forms the rules do not quite allow (NEEDAFFIX,
 * CIRCUMFIX, ONLYINCOMPOUND, FORBIDDENWORD) come out too, for Hunspell
 * to judge.  Unlike unmunch, it keeps entries with morphological fields
 * and strips whole words (FULLSTRIP).  Pure but for reading the files.
 */
#ifndef SHAKEREF_AFFIX_H
#define SHAKEREF_AFFIX_H

#include <iconv.h>
#include <stddef.h>

/*
 * The parts of a compound a form may be, as Hunspell's compound_check
 * finds them (affixmgr.cxx): first (AFFIX_BEGIN: COMPOUNDBEGIN or
 * COMPOUNDFLAG, or first in a COMPOUNDRULE, on its stem or on the affix
 * that made it; a suffix with COMPOUNDPERMITFLAG, never two suffixes,
 * no NEEDAFFIX or CIRCUMFIX alone), first in the rest of one
 * (AFFIX_MIDDLE: COMPOUNDMIDDLE, the same way), last (AFFIX_END:
 * COMPOUNDEND; a prefix with COMPOUNDPERMITFLAG, up to two suffixes, an
 * ONLYINCOMPOUND suffix only if it adds nothing), if it has the letters
 * of a part (COMPOUNDMIN).  AFFIX_ASK: its stem is a FORBIDDENWORD,
 * which makes Hunspell give up on a compound it meets inside.
 */
#define AFFIX_BEGIN	1u
#define AFFIX_MIDDLE	2u
#define AFFIX_END	4u
#define AFFIX_PARTS	7u
#define AFFIX_ASK	8u	/* its stem is a FORBIDDENWORD */
/*
 * AFFIX_NAME: its stem is written as the dictionary writes a proper name
 * (SW-2: names and places never stand): a morphological field po:npr,
 * po:prn or po:patr (the French dictionaries' names, places and
 * surnames); or, in a dictionary that compounds (COMPOUNDFLAG,
 * COMPOUNDBEGIN, COMPOUNDRULE: German's, whose common nouns go into
 * compounds), a stem that goes into none and takes no ending but a
 * genitive or possessive -s: igerman98's Hans, Zeus, Manz, Jürgen/S.
 * What matters is its capitalised forms (wordlist.c drops them).
 */
#define AFFIX_NAME	16u

/*
 * The encoding the .aff at path declares (its SET), malloc'd; NULL if it
 * declares none (Hunspell then reads ISO8859-1, but Debian's pt_BR is
 * UTF-8 without a SET: such a file is read as UTF-8 here).
 */
char	*affix_encoding(const char *path);
/* 1 if enc, a SET's value, names UTF-8. */
int	 affix_utf8(const char *enc);
/*
 * s converted by cd into out (len bytes): s itself for cd (iconv_t)-1,
 * NULL if it does not convert (a letter the encoding has not).
 */
const char *affix_convert(iconv_t cd, const char *s, char *out,
	    size_t len);

/*
 * Call emit(arg, form, risky, marks) for every form derived from dic
 * with the rules of aff (both in UTF-8, or in the encoding the SET of
 * aff names; the forms in UTF-8, and they may repeat; risky: a flag
 * that may forbid it alone, NEEDAFFIX, ONLYINCOMPOUND, CIRCUMFIX,
 * FORBIDDENWORD or KEEPCASE, is on its stem or affixes: only Hunspell
 * can tell; marks: AFFIX_BEGIN ...), and progress(arg, share) now and
 * then (progress may be NULL).  emit returns nonzero to stop (after the
 * forms of the stem at hand).  0, or -1 with *why (malloc'd) if a file
 * cannot be read or its encoding cannot be converted.
 */
int	affix_expand(const char *aff, const char *dic,
	    int (*emit)(void *, const char *, int, unsigned),
	    void (*progress)(void *, double), void *arg, char **why);

#endif
