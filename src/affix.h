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

/*
 * The compound marks of a form: a flag of its stem or of an affix that
 * made it lets it begin (COMPOUNDFLAG, COMPOUNDBEGIN, or first in a
 * COMPOUNDRULE), continue (COMPOUNDMIDDLE, ...) or end (COMPOUNDEND,
 * ...) a compound, and it has the letters of a part (COMPOUNDMIN).  A
 * superset of what Hunspell lets a part be: it asks more of a part
 * (COMPOUNDPERMITFLAG on a suffix inside, ...), and judges the whole.
 */
#define AFFIX_BEGIN	1u
#define AFFIX_MIDDLE	2u
#define AFFIX_END	4u
#define AFFIX_PARTS	7u

/*
 * Call emit(arg, form, risky, marks) for every form derived from dic
 * with the rules of aff (both UTF-8; forms may repeat; risky: a flag
 * that may forbid it alone, NEEDAFFIX, ONLYINCOMPOUND, CIRCUMFIX,
 * FORBIDDENWORD or KEEPCASE, is on its stem or affixes: only Hunspell
 * can tell; marks: AFFIX_BEGIN ...), and progress(arg, share) now and
 * then (progress may be NULL).  0, or -1 with *why (malloc'd) if a file
 * cannot be read or is not UTF-8.
 */
int	affix_expand(const char *aff, const char *dic,
	    void (*emit)(void *, const char *, int, unsigned),
	    void (*progress)(void *, double), void *arg, char **why);

#endif
