/*
 * affix-aff.h: a dictionary's affix rules in memory (struct aff), as
 * affix-read.c reads them from its .aff and affix.c expands its stems
 * by them; for those two alone (affix.h is the interface).
 */
#ifndef SHAKEREF_AFFIX_AFF_H
#define SHAKEREF_AFFIX_AFF_H

#include <iconv.h>
#include <stdint.h>

#define WMAX	128		/* code points in a word we expand */
#define CMAX	32		/* positions in a condition */

enum flagtype { FT_CHAR, FT_LONG, FT_NUM, FT_UTF8 };

struct flags {
	uint32_t	*f;
	int		 n;
};

struct cond {
	int		 npos;
	struct {
		int		 any, neg, n;
		uint32_t	*c;
	}		 pos[CMAX];
};

struct rule {
	uint32_t	 strip[WMAX], add[WMAX];
	int		 nstrip, nadd;
	struct flags	 cont;
	struct cond	 cond;
};

struct aclass {
	uint32_t	 flag;
	int		 sfx;		/* 1 suffix, 0 prefix */
	int		 cross;
	struct rule	*r;
	int		 nr, cap;
};

struct aff {
	enum flagtype	 ft;
	struct flags	*af;		/* AF aliases, 1-based */
	int		 naf, afcap;
	struct aclass	*cls;
	int		 ncls;
	int		*hash;		/* index + 1 into cls, 0 empty */
	size_t		 hmask;
	int		(*emit)(void *, const char *, int, unsigned);
	int		 stop;		/* emit said no more */
	/* Files in another encoding (SET ISO8859-2): to UTF-8, or -1. */
	iconv_t		 cd;
	char		*cv;
	size_t		 cvcap;
	void		*arg;
	/* NEEDAFFIX, ONLYINCOMPOUND, CIRCUMFIX, FORBIDDENWORD, KEEPCASE */
	struct flags	 special;
	uint32_t	 needaffix;	/* NEEDAFFIX, or 0 */
	int		 risky;		/* the form at hand has one */
	/*
	 * Compounds: the flags that let a form begin, continue and end a
	 * compound (COMPOUNDFLAG in all three; COMPOUNDBEGIN, MIDDLE, END;
	 * the flags of COMPOUNDRULE by where a rule lets them stand), the
	 * least letters of a part (COMPOUNDMIN), the stem's marks.
	 */
	struct flags	 cpd[3];
	int		 cpdmin;	/* -1: none said (3) */
	int		 ncpdrule;	/* COMPOUNDRULE lines seen */
	/* COMPOUNDPERMITFLAG, CIRCUMFIX, ONLYINCOMPOUND, FORBIDDENWORD */
	uint32_t	 permit, circumfix, onlyin, forbidden;
	/*
	 * The making of the form at hand: the stem's flags, the prefix,
	 * the suffix on the stem and the one on that (NULL: none), and
	 * whether two prefixes were put (Hunspell reads one).
	 */
	const struct flags	*sfl;
	const struct aclass	*pc, *s1c, *s2c;
	const struct rule	*p, *s1, *s2;
	int		 twop;
	int		 name;		/* the stem is a name: AFFIX_NAME */
	char		 out[WMAX * 4 + 1];
};

/* affix-read.c: UTF-8 s decoded into cp (at most max): the count, or -1. */
int	aff_utf8_decode(const char *s, uint32_t *cp, int max);
/* affix-read.c: cp[0..n) encoded as UTF-8 into out (4n + 1 bytes). */
void	aff_utf8_encode(const uint32_t *cp, int n, char *out);
/* affix-read.c: a flag string (or an AF alias number) parsed into fl. */
void	aff_parse_flags(const struct aff *a, const char *s,
	    struct flags *fl);
/* affix-read.c: the class of flag (sfx or prefix), or NULL. */
struct aclass *aff_class_find(const struct aff *a, uint32_t flag,
	    int sfx);
/* affix-read.c: 1 if w[0..n) meets c: at its end (sfx) or its start. */
int	aff_cond_ok(const struct cond *c, const uint32_t *w, int n, int sfx);
/* affix-read.c: the entry of a .dic line, cut where Hunspell cuts it. */
char	*aff_dic_entry(char *line);
/* affix-read.c: 1 if the .dic line marks its entry a name (AFFIX_NAME). */
int	aff_morph_name(const char *line);
/* affix-read.c: line (of the .aff's encoding) in UTF-8, or NULL. */
char	*aff_to_utf8(struct aff *a, char *line);
/* affix-read.c: the .aff file at path read into a: 0, or -1 with *why. */
int	aff_read(struct aff *a, const char *path, char **why);

#endif
