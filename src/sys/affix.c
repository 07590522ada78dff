/*
 * affix.c: expand a Hunspell dictionary's stems by its affix rules (see
 * affix.h).  Words are handled as arrays of code points; flags as
 * numbers (FLAG char, long, num or UTF-8; AF aliases).
 */
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "affix.h"
#include "buf.h"
#include "words.h"

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

/* Decode UTF-8 s into cp (at most max); the count, or -1 if malformed. */
static int
aff_utf8_decode(const char *s, uint32_t *cp, int max)
{
	const unsigned char *p = (const unsigned char *)s;
	int n = 0, k, i;
	uint32_t c;

	while (*p != '\0') {
		if (n == max)
			return -1;
		if (*p < 0x80) {
			c = *p++;
			k = 0;
		} else if ((*p & 0xe0) == 0xc0) {
			c = *p++ & 0x1f;
			k = 1;
		} else if ((*p & 0xf0) == 0xe0) {
			c = *p++ & 0x0f;
			k = 2;
		} else if ((*p & 0xf8) == 0xf0) {
			c = *p++ & 0x07;
			k = 3;
		} else
			return -1;
		for (i = 0; i < k; i++, p++) {
			if ((*p & 0xc0) != 0x80)
				return -1;
			c = c << 6 | (*p & 0x3f);
		}
		cp[n++] = c;
	}
	return n;
}

/* Encode cp[0..n) as UTF-8 into out (4n + 1 bytes). */
static void
aff_utf8_encode(const uint32_t *cp, int n, char *out)
{
	unsigned char *o = (unsigned char *)out;
	int i;

	for (i = 0; i < n; i++) {
		uint32_t c = cp[i];

		if (c < 0x80)
			*o++ = (unsigned char)c;
		else if (c < 0x800) {
			*o++ = (unsigned char)(0xc0 | c >> 6);
			*o++ = (unsigned char)(0x80 | (c & 0x3f));
		} else if (c < 0x10000) {
			*o++ = (unsigned char)(0xe0 | c >> 12);
			*o++ = (unsigned char)(0x80 | (c >> 6 & 0x3f));
			*o++ = (unsigned char)(0x80 | (c & 0x3f));
		} else {
			*o++ = (unsigned char)(0xf0 | c >> 18);
			*o++ = (unsigned char)(0x80 | (c >> 12 & 0x3f));
			*o++ = (unsigned char)(0x80 | (c >> 6 & 0x3f));
			*o++ = (unsigned char)(0x80 | (c & 0x3f));
		}
	}
	*o = '\0';
}

/* Parse a flag string (or an AF alias number) into fl. */
static void
aff_parse_flags(const struct aff *a, const char *s, struct flags *fl)
{
	uint32_t cp[WMAX];
	const char *p;
	int n, i;

	fl->f = NULL;
	fl->n = 0;
	if (a->naf > 0 && s[0] >= '0' && s[0] <= '9') {
		n = atoi(s);
		if (n >= 1 && n <= a->naf) {
			fl->n = a->af[n - 1].n;
			fl->f = xreallocarray(NULL, (size_t)fl->n + 1,
			    sizeof *fl->f);
			memcpy(fl->f, a->af[n - 1].f, (size_t)fl->n *
			    sizeof *fl->f);
		}
		return;
	}
	switch (a->ft) {
	case FT_NUM:
		fl->f = xreallocarray(NULL, strlen(s) + 1, sizeof *fl->f);
		for (p = s; *p != '\0'; ) {
			fl->f[fl->n++] = (uint32_t)strtoul(p, (char **)&p, 10);
			while (*p != '\0' && (*p < '0' || *p > '9'))
				p++;
		}
		break;
	case FT_LONG:
		n = (int)strlen(s) / 2;
		fl->f = xreallocarray(NULL, (size_t)n + 1, sizeof *fl->f);
		for (i = 0; i < n; i++)
			fl->f[fl->n++] = (uint32_t)(unsigned char)s[2 * i] <<
			    8 | (unsigned char)s[2 * i + 1];
		break;
	case FT_UTF8:
		if ((n = aff_utf8_decode(s, cp, WMAX)) < 0)
			n = 0;
		fl->f = xreallocarray(NULL, (size_t)n + 1, sizeof *fl->f);
		memcpy(fl->f, cp, (size_t)n * sizeof *cp);
		fl->n = n;
		break;
	case FT_CHAR:
		n = (int)strlen(s);
		fl->f = xreallocarray(NULL, (size_t)n + 1, sizeof *fl->f);
		for (i = 0; i < n; i++)
			fl->f[fl->n++] = (unsigned char)s[i];
		break;
	}
}

/*
 * The flag of s where the .aff names one (an affix class, NEEDAFFIX,
 * COMPOUNDFLAG ...): its first, as Hunspell's decode_flag reads it (a
 * FLAG char file's "£" is its first byte).  0 if s holds none.
 */
static int
one_flag(const struct aff *a, const char *s, uint32_t *f)
{
	struct flags fl;

	aff_parse_flags(&(struct aff){ .ft = a->ft }, s, &fl);
	*f = fl.n > 0 ? fl.f[0] : 0;
	free(fl.f);
	return fl.n > 0;
}

/* Add flag f to fl. */
static void
flags_add(struct flags *fl, uint32_t f)
{
	fl->f = xreallocarray(fl->f, (size_t)fl->n + 1, sizeof *fl->f);
	fl->f[fl->n++] = f;
}

/*
 * One COMPOUNDRULE: its flags (one character each, or "(flag)" with
 * long and numeric flags), each maybe followed by * or ?.  A flag that
 * can come first may begin a compound, one that can come last may end
 * it, any may stand inside.
 */
static void
compound_rule(struct aff *a, const char *rule)
{
	struct flags tok[64];
	char q[64], one[8], *t;
	const char *p = rule, *e;
	int n = 0, i, k;

	while (*p != '\0' && n < 64) {
		if (*p == '(' && (e = strchr(p, ')')) != NULL) {
			t = xstrdup(p + 1);
			t[e - p - 1] = '\0';
			aff_parse_flags(&(struct aff){ .ft = a->ft }, t,
			    &tok[n]);
			free(t);
			p = e + 1;
		} else {
			/* One character: a byte, or a UTF-8 letter. */
			for (i = 1; (p[i] & 0xc0) == 0x80 && i < 7; i++)
				continue;
			memcpy(one, p, (size_t)i);
			one[i] = '\0';
			aff_parse_flags(&(struct aff){ .ft = a->ft }, one,
			    &tok[n]);
			p += i;
		}
		q[n] = *p == '*' || *p == '?' ? *p++ : '\0';
		n++;
	}
	for (i = 0; i < n; i++)			/* any may stand inside */
		for (k = 0; k < tok[i].n; k++)
			flags_add(&a->cpd[1], tok[i].f[k]);
	for (i = 0; i < n; i++) {		/* what may come first */
		for (k = 0; k < tok[i].n; k++)
			flags_add(&a->cpd[0], tok[i].f[k]);
		if (q[i] == '\0')
			break;
	}
	for (i = n - 1; i >= 0; i--) {		/* what may come last */
		for (k = 0; k < tok[i].n; k++)
			flags_add(&a->cpd[2], tok[i].f[k]);
		if (q[i] == '\0')
			break;
	}
	for (i = 0; i < n; i++)
		free(tok[i].f);
}

/* The class of flag (sfx or prefix), or NULL. */
static struct aclass *
aff_class_find(const struct aff *a, uint32_t flag, int sfx)
{
	size_t h;
	int i;

	if (a->hash == NULL)
		return NULL;
	for (h = (flag * 2654435761u + (uint32_t)sfx) & a->hmask;
	    (i = a->hash[h]) != 0; h = (h + 1) & a->hmask)
		if (a->cls[i - 1].flag == flag && a->cls[i - 1].sfx == sfx)
			return &a->cls[i - 1];
	return NULL;
}

/* Index every class by flag (after the .aff is read). */
static void
class_index(struct aff *a)
{
	size_t hs, h;
	int i;

	for (hs = 64; hs < (size_t)a->ncls * 4; hs *= 2)
		continue;
	a->hash = xcalloc(hs, sizeof *a->hash);
	a->hmask = hs - 1;
	for (i = 0; i < a->ncls; i++) {
		for (h = (a->cls[i].flag * 2654435761u +
		    (uint32_t)a->cls[i].sfx) & a->hmask; a->hash[h] != 0;
		    h = (h + 1) & a->hmask)
			continue;
		a->hash[h] = i + 1;
	}
}

/* Parse condition text into c; -1 if it is malformed. */
static int
parse_cond(const char *s, struct cond *c)
{
	uint32_t cp[256];
	int n, i, k;

	memset(c, 0, sizeof *c);
	if (strcmp(s, ".") == 0)
		return 0;
	if ((n = aff_utf8_decode(s, cp, 256)) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (c->npos == CMAX)
			return -1;
		if (cp[i] == '.') {
			c->pos[c->npos++].any = 1;
			continue;
		}
		if (cp[i] != '[') {
			c->pos[c->npos].c = xcalloc(1, sizeof(uint32_t));
			c->pos[c->npos].c[0] = cp[i];
			c->pos[c->npos++].n = 1;
			continue;
		}
		i++;
		if (i < n && cp[i] == '^') {
			c->pos[c->npos].neg = 1;
			i++;
		}
		for (k = i; k < n && cp[k] != ']'; k++)
			continue;
		if (k == n)
			return -1;
		c->pos[c->npos].n = k - i;
		c->pos[c->npos].c = xcalloc((size_t)(k - i) + 1,
		    sizeof(uint32_t));
		memcpy(c->pos[c->npos].c, cp + i, (size_t)(k - i) *
		    sizeof(uint32_t));
		c->npos++;
		i = k;
	}
	return 0;
}

/* 1 if code point ch satisfies position p of c. */
static int
cond_pos(const struct cond *c, int p, uint32_t ch)
{
	int i, in = 0;

	if (c->pos[p].any)
		return 1;
	for (i = 0; i < c->pos[p].n && !in; i++)
		in = c->pos[p].c[i] == ch;
	return c->pos[p].neg ? !in : in;
}

/* 1 if w[0..n) meets c: at its end (sfx) or its start. */
static int
aff_cond_ok(const struct cond *c, const uint32_t *w, int n, int sfx)
{
	int p;

	if (c->npos > n)
		return 0;
	for (p = 0; p < c->npos; p++)
		if (!cond_pos(c, p, w[sfx ? n - c->npos + p : p]))
			return 0;
	return 1;
}

/* Split s at the first run of blanks; return the rest (or ""). */
static char *
field(char **s)
{
	char *p = *s, *t;

	while (*p == ' ' || *p == '\t')
		p++;
	t = p;
	while (*p != '\0' && *p != ' ' && *p != '\t')
		p++;
	if (*p != '\0')
		*p++ = '\0';
	*s = p;
	return t;
}

/*
 * The entry of a .dic line, cut where Hunspell cuts it: before the
 * blanks ahead of its first morphological field ("po:noun", a colon
 * three bytes after a blank), or at the first tab if that comes first;
 * else the whole line, spaces and all (pt_BR's "mea culpa", which no
 * grid spells: never "mea").
 */
static char *
aff_dic_entry(char *line)
{
	char *c, *e = NULL, *tab;

	for (c = line; (c = strchr(c, ':')) != NULL; c++)
		if (c - line > 3 && (c[-3] == ' ' || c[-3] == '\t')) {
			for (e = c - 3; e > line && (e[-1] == ' ' ||
			    e[-1] == '\t'); e--)
				continue;
			if (e == line)
				e = NULL;	/* no entry before it: no cut */
			break;
		}
	if ((tab = strchr(line, '\t')) != NULL && (e == NULL || tab < e))
		e = tab;
	if (e != NULL)
		*e = '\0';
	return line;
}

/*
 * 1 if the .dic line marks its entry a name by a morphological field
 * (affix.h, AFFIX_NAME): " po:npr", " po:prn" or " po:patr", a whole
 * field after a blank.
 */
static int
aff_morph_name(const char *line)
{
	static const char *const names[] = { "po:npr", "po:prn", "po:patr" };
	const char *c;
	size_t i, k;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		for (c = line; (c = strstr(c, names[i])) != NULL; c++) {
			k = strlen(names[i]);
			if (c > line && (c[-1] == ' ' || c[-1] == '\t') &&
			    (c[k] == '\0' || c[k] == ' ' || c[k] == '\t'))
				return 1;
		}
	return 0;
}

/* 1 if enc (a SET) names UTF-8. */
int
affix_utf8(const char *enc)
{
	return strcasecmp(enc, "UTF-8") == 0 || strcasecmp(enc, "UTF8") == 0;
}

/* The encoding the .aff at path declares (SET); see affix.h. */
char *
affix_encoding(const char *path)
{
	FILE *f;
	char *line = NULL, *p, *enc = NULL;
	size_t len = 0;

	if ((f = fopen(path, "r")) == NULL)
		return NULL;
	while (enc == NULL && getline(&line, &len, f) != -1) {
		p = line;
		if (strncmp(p, "\xef\xbb\xbf", 3) == 0)
			p += 3;
		if (strcmp(field(&p), "SET") == 0 && *(p = field(&p)) != '\0')
			enc = xstrdup(p);
	}
	free(line);
	fclose(f);
	return enc;
}

/* s converted by cd into out; see affix.h. */
const char *
affix_convert(iconv_t cd, const char *s, char *out, size_t len)
{
	char *in = (char *)(uintptr_t)s, *o = out;
	size_t il = strlen(s), ol = len - 1;

	if (cd == (iconv_t)-1)
		return s;
	iconv(cd, NULL, NULL, NULL, NULL);
	if (iconv(cd, &in, &il, &o, &ol) == (size_t)-1 ||
	    iconv(cd, NULL, NULL, &o, &ol) == (size_t)-1)
		return NULL;
	*o = '\0';
	return out;
}

/*
 * line (from a file of a->cd's encoding) in UTF-8: line itself for a
 * file in UTF-8, else a->cv; NULL if it does not convert.
 */
static char *
aff_to_utf8(struct aff *a, char *line)
{
	size_t need = 4 * strlen(line) + 1;

	if (a->cd == (iconv_t)-1)
		return line;
	if (a->cvcap < need) {
		a->cvcap = need;
		a->cv = xreallocarray(a->cv, a->cvcap, 1);
	}
	return affix_convert(a->cd, line, a->cv, a->cvcap) == NULL ? NULL :
	    a->cv;
}

/*
 * A line of a keyword that names one flag (kw, its flag the next field
 * of *p): NEEDAFFIX, ONLYINCOMPOUND, CIRCUMFIX, FORBIDDENWORD, KEEPCASE,
 * COMPOUNDFLAG, COMPOUNDBEGIN, COMPOUNDMIDDLE, COMPOUNDEND or
 * COMPOUNDPERMITFLAG: its flag kept.  0 if kw is none of them.
 */
static int
aff_flag_line(struct aff *a, const char *kw, char **p)
{
	uint32_t fl;
	int i, special = strcmp(kw, "NEEDAFFIX") == 0 ||
	    strcmp(kw, "ONLYINCOMPOUND") == 0 ||
	    strcmp(kw, "CIRCUMFIX") == 0 ||
	    strcmp(kw, "FORBIDDENWORD") == 0 ||
	    strcmp(kw, "KEEPCASE") == 0;
	int compound = strcmp(kw, "COMPOUNDFLAG") == 0 ||
	    strcmp(kw, "COMPOUNDBEGIN") == 0 ||
	    strcmp(kw, "COMPOUNDMIDDLE") == 0 ||
	    strcmp(kw, "COMPOUNDEND") == 0;
	int permit = strcmp(kw, "COMPOUNDPERMITFLAG") == 0;

	if (!special && !compound && !permit)
		return 0;
	if (!one_flag(a, field(p), &fl))
		return 1;
	if (permit)
		a->permit = fl;
	else if (compound) {
		for (i = 0; i < 3; i++)
			if (kw[8] == 'F' || (i == 0 && kw[8] == 'B') ||
			    (i == 1 && kw[8] == 'M') ||
			    (i == 2 && kw[8] == 'E'))
				flags_add(&a->cpd[i], fl);
	} else {
		if (strcmp(kw, "NEEDAFFIX") == 0)
			a->needaffix = fl;
		if (strcmp(kw, "CIRCUMFIX") == 0)
			a->circumfix = fl;
		if (strcmp(kw, "ONLYINCOMPOUND") == 0)
			a->onlyin = fl;
		if (strcmp(kw, "FORBIDDENWORD") == 0)
			a->forbidden = fl;
		flags_add(&a->special, fl);
	}
	return 1;
}

/* An AF line, x its field: the count first, then each alias's flags. */
static void
aff_alias(struct aff *a, const char *x)
{
	int i;

	if (a->af == NULL) {	/* the count line */
		a->afcap = atoi(x) > 0 ? atoi(x) : 0;
		a->af = xcalloc((size_t)a->afcap + 1, sizeof *a->af);
		return;
	}
	if (a->naf < a->afcap) {
		/* Aliases are flags, never numbers here. */
		i = a->naf;
		a->naf = 0;
		aff_parse_flags(a, x, &a->af[i]);
		a->naf = i + 1;
	}
}

/*
 * A PFX or SFX line (sfx), its fields from *p: a class's header makes
 * it *c; a rule of *c is added to it.
 */
static void
aff_affix(struct aff *a, int sfx, char **p, struct aclass **c)
{
	char *x = field(p), *y = field(p), *z = field(p), *w = field(p);
	struct rule *r;
	uint32_t fl;

	if (!one_flag(a, x, &fl))
		return;
	if (*w == '\0' && (strcmp(y, "Y") == 0 || strcmp(y, "N") == 0)) {
		/* A header: flag, cross product, count. */
		a->cls = xreallocarray(a->cls, (size_t)a->ncls + 1,
		    sizeof *a->cls);
		*c = &a->cls[a->ncls++];
		memset(*c, 0, sizeof **c);
		(*c)->flag = fl;
		(*c)->sfx = sfx;
		(*c)->cross = y[0] == 'Y';
		return;
	}
	if (*c == NULL || (*c)->flag != fl || (*c)->sfx != sfx)
		return;
	if ((*c)->nr == (*c)->cap) {
		(*c)->cap = (*c)->cap ? (*c)->cap * 2 : 8;
		(*c)->r = xreallocarray((*c)->r, (size_t)(*c)->cap,
		    sizeof *(*c)->r);
	}
	r = &(*c)->r[(*c)->nr];
	memset(r, 0, sizeof *r);
	if ((x = strchr(z, '/')) != NULL) {
		*x++ = '\0';
		aff_parse_flags(a, x, &r->cont);
	}
	r->nstrip = strcmp(y, "0") == 0 ? 0 :
	    aff_utf8_decode(y, r->strip, WMAX);
	r->nadd = strcmp(z, "0") == 0 ? 0 : aff_utf8_decode(z, r->add, WMAX);
	if (r->nstrip < 0 || r->nadd < 0 ||
	    parse_cond(*w ? w : ".", &r->cond) != 0) {
		free(r->cont.f);
		return;
	}
	(*c)->nr++;
}

/* One line of the .aff file (its keyword kw, its fields from *p). */
static void
aff_line(struct aff *a, const char *kw, char **p, struct aclass **c)
{
	char *x;

	if (strcmp(kw, "FLAG") == 0) {
		x = field(p);
		a->ft = strcmp(x, "long") == 0 ? FT_LONG :
		    strcmp(x, "num") == 0 ? FT_NUM :
		    strcmp(x, "UTF-8") == 0 ? FT_UTF8 : FT_CHAR;
	} else if (aff_flag_line(a, kw, p))
		return;
	else if (strcmp(kw, "COMPOUNDMIN") == 0) {
		a->cpdmin = atoi(field(p));
		if (a->cpdmin < 1)
			a->cpdmin = 1;
	} else if (strcmp(kw, "COMPOUNDRULE") == 0) {
		x = field(p);
		if (a->ncpdrule++ > 0)	/* the first: the count */
			compound_rule(a, x);
	} else if (strcmp(kw, "AF") == 0)
		aff_alias(a, field(p));
	else if (strcmp(kw, "PFX") == 0 || strcmp(kw, "SFX") == 0)
		aff_affix(a, kw[0] == 'S', p, c);
}

/* Read the .aff file. */
static int
aff_read(struct aff *a, const char *path, char **why)
{
	FILE *f;
	char *line = NULL, *p, *kw;
	size_t len = 0;
	struct aclass *c = NULL;
	ssize_t got;

	if ((f = fopen(path, "r")) == NULL) {
		struct buf b = BUF_INIT;

		buf_printf(&b, _("cannot read %s"), path);
		*why = b.s;
		return -1;
	}
	while ((got = getline(&line, &len, f)) != -1) {
		while (got > 0 && (line[got - 1] == '\n' ||
		    line[got - 1] == '\r'))
			line[--got] = '\0';
		if ((p = aff_to_utf8(a, line)) == NULL)
			continue;
		kw = field(&p);
		aff_line(a, kw, &p, &c);
	}
	free(line);
	fclose(f);
	class_index(a);
	return 0;
}

/* 1 if fl has one of the flags that make a form uncertain. */
static int
special(const struct aff *a, const struct flags *fl)
{
	int i, k;

	for (i = 0; i < fl->n; i++)
		for (k = 0; k < a->special.n; k++)
			if (fl->f[i] == a->special.f[k])
				return 1;
	return 0;
}

/*
 * 1 if the stem's flags fl make its forms uncertain: a special flag but
 * NEEDAFFIX (which forbids the bare stem only).
 */
static int
special_stem(const struct aff *a, const struct flags *fl)
{
	int i, k;

	for (i = 0; i < fl->n; i++)
		for (k = 0; k < a->special.n; k++)
			if (fl->f[i] == a->special.f[k] &&
			    fl->f[i] != a->needaffix)
				return 1;
	return 0;
}

/* 1 if fl has flag f. */
static int
has_flag(const struct flags *fl, uint32_t f)
{
	int i;

	for (i = 0; i < fl->n; i++)
		if (fl->f[i] == f)
			return 1;
	return 0;
}

/* 1 if fl has flag f (0: a flag the .aff does not name). */
static int
hasf(const struct flags *fl, uint32_t f)
{
	return f != 0 && has_flag(fl, f);
}

/* 1 if fl has a flag of set. */
static int
anyf(const struct flags *fl, const struct flags *set)
{
	int i;

	for (i = 0; i < set->n; i++)
		if (has_flag(fl, set->f[i]))
			return 1;
	return 0;
}

static const struct flags noflags = { NULL, 0 };

/* The continuation flags of rule r, none if r is NULL. */
static const struct flags *
cont(const struct rule *r)
{
	return r != NULL ? &r->cont : &noflags;
}

/*
 * CIRCUMFIX as Hunspell's suffix_check reads it, for suffix s with
 * prefix p (or none): neither has the flag, or both.
 */
static int
circ_ok(const struct aff *a, const struct rule *p, const struct rule *s)
{
	int cp = p != NULL && hasf(&p->cont, a->circumfix),
	    cs = hasf(&s->cont, a->circumfix);

	return (!cp && !cs) || (p != NULL && cp && cs);
}

/*
 * Whether the form at hand (a->sfl, a->p, a->s1, a->s2) is a part
 * Hunspell's compound_check takes first in a compound (k 0, the flags
 * a->cpd[0], COMPOUNDBEGIN) or first in the rest of one (k 1,
 * COMPOUNDMIDDLE): the stem, a suffix with COMPOUNDPERMITFLAG
 * (suffix_check, IN_CPD_BEGIN), or a prefix with or without a crossed
 * suffix (prefix_check); never two suffixes.  The flag may stand on the
 * stem or on the affix that carries it (needflag).
 */
static int
first_part(const struct aff *a, int k)
{
	const struct flags *sf = a->sfl, *fk = &a->cpd[k];

	if (a->s2 != NULL)
		return 0;
	if (a->p == NULL && a->s1 == NULL)
		return anyf(sf, fk) && !hasf(sf, a->needaffix);
	if (a->p == NULL)
		return hasf(&a->s1->cont, a->permit) &&
		    (anyf(sf, fk) || anyf(&a->s1->cont, fk)) &&
		    !hasf(&a->s1->cont, a->circumfix) &&
		    !hasf(&a->s1->cont, a->needaffix);
	if (a->s1 == NULL)
		return (anyf(sf, fk) || anyf(&a->p->cont, fk)) &&
		    !hasf(&a->p->cont, a->needaffix);
	return a->pc->cross && a->s1c->cross &&
	    hasf(&a->s1->cont, a->permit) && circ_ok(a, a->p, a->s1) &&
	    (!hasf(&a->s1->cont, a->needaffix) ||
	    !hasf(&a->p->cont, a->needaffix)) &&
	    (anyf(sf, fk) || anyf(&a->s1->cont, fk));
}

/*
 * Whether the form at hand is a part Hunspell takes last in a compound
 * (COMPOUNDEND): the stem; or affix_check with IN_CPD_END: a prefix
 * with COMPOUNDPERMITFLAG (and maybe a crossed suffix), a suffix (not
 * ONLYINCOMPOUND unless it adds nothing), two suffixes (neither the
 * inner one nor the stem ONLYINCOMPOUND), a prefix and two suffixes.
 */
static int
last_part(const struct aff *a)
{
	const struct flags *sf = a->sfl, *fk = &a->cpd[2],
	    *c1 = cont(a->s1);

	if (a->p == NULL && a->s1 == NULL)
		return anyf(sf, fk) && !hasf(sf, a->needaffix);
	if (a->s1 == NULL)
		return hasf(&a->p->cont, a->permit) &&
		    !hasf(&a->p->cont, a->needaffix) &&
		    (anyf(sf, fk) || anyf(&a->p->cont, fk));
	if (!anyf(sf, fk) && !anyf(c1, fk))
		return 0;
	if (a->p == NULL && a->s2 == NULL)
		return !hasf(c1, a->circumfix) && !hasf(c1, a->needaffix) &&
		    (a->s1->nadd == 0 || !hasf(c1, a->onlyin));
	if (a->s2 == NULL)
		return hasf(&a->p->cont, a->permit) && a->pc->cross &&
		    a->s1c->cross && circ_ok(a, a->p, a->s1) &&
		    (!hasf(c1, a->needaffix) ||
		    !hasf(&a->p->cont, a->needaffix));
	if (hasf(c1, a->onlyin) || hasf(sf, a->onlyin))
		return 0;
	if (a->p == NULL)
		return !hasf(c1, a->circumfix);
	return a->pc->cross && a->s2c->cross &&
	    (has_flag(&a->s2->cont, a->pc->flag) ? !hasf(c1, a->circumfix) :
	    a->s1c->cross && circ_ok(a, a->p, a->s1));
}

/* The parts (AFFIX_BEGIN ...) the form at hand may be in a compound. */
static unsigned
parts(const struct aff *a)
{
	unsigned m = 0;

	if (a->twop)
		return 0;
	if (first_part(a, 0))
		m |= AFFIX_BEGIN;
	if (first_part(a, 1))
		m |= AFFIX_MIDDLE;
	if (last_part(a))
		m |= AFFIX_END;
	return m;
}

/* What the flags fl of an affix give the forms it makes: 1 risky. */
static unsigned
traits(const struct aff *a, const struct flags *fl)
{
	return (unsigned)special(a, fl);
}

/*
 * Emit w[0..n) as UTF-8 with the traits t of its affixes: risky if a
 * flag of its making is special; the parts it may be in a compound if
 * it is long enough for one (COMPOUNDMIN, by default 3); AFFIX_ASK if
 * its stem is a FORBIDDENWORD.
 */
static void
put(struct aff *a, const uint32_t *w, int n, unsigned t)
{
	unsigned m;

	if (n <= 0)
		return;
	m = parts(a);
	if (n < (a->cpdmin > 0 ? a->cpdmin : 3))
		m = 0;
	if (hasf(a->sfl, a->forbidden))
		m |= AFFIX_ASK;
	if (a->name)
		m |= AFFIX_NAME;
	aff_utf8_encode(w, n, a->out);
	if (a->emit(a->arg, a->out, (t & 1) || a->risky, m) != 0)
		a->stop = 1;
}

/*
 * Apply rule r of a suffix class to w[0..n) into out; the new length, or
 * -1 if it does not apply.
 */
static int
apply_sfx(const struct rule *r, const uint32_t *w, int n, uint32_t *out)
{
	int k;

	if (r->nstrip > n || n - r->nstrip + r->nadd > WMAX ||
	    !aff_cond_ok(&r->cond, w, n, 1))
		return -1;
	for (k = 0; k < r->nstrip; k++)
		if (w[n - r->nstrip + k] != r->strip[k])
			return -1;
	memcpy(out, w, (size_t)(n - r->nstrip) * sizeof *w);
	memcpy(out + n - r->nstrip, r->add, (size_t)r->nadd * sizeof *w);
	return n - r->nstrip + r->nadd;
}

/* Apply prefix rule r to w[0..n) into out; the new length, or -1. */
static int
apply_pfx(const struct rule *r, const uint32_t *w, int n, uint32_t *out)
{
	int k;

	if (r->nstrip > n || n - r->nstrip + r->nadd > WMAX ||
	    !aff_cond_ok(&r->cond, w, n, 0))
		return -1;
	for (k = 0; k < r->nstrip; k++)
		if (w[k] != r->strip[k])
			return -1;
	memcpy(out, r->add, (size_t)r->nadd * sizeof *w);
	memcpy(out + r->nadd, w + r->nstrip, (size_t)(n - r->nstrip) *
	    sizeof *w);
	return n - r->nstrip + r->nadd;
}

/*
 * Emit every prefix of the flags in fl (cross: only crossing ones) on
 * w, made with traits t so far.
 */
static void
prefixes(struct aff *a, const struct flags *fl, const uint32_t *w, int n,
    int need_cross, unsigned t)
{
	uint32_t out[WMAX];
	struct aclass *c;
	int i, k, m;

	for (i = 0; i < fl->n; i++) {
		if ((c = aff_class_find(a, fl->f[i], 0)) == NULL ||
		    (need_cross && !c->cross))
			continue;
		for (k = 0; k < c->nr; k++) {
			if ((m = apply_pfx(&c->r[k], w, n, out)) <= 0)
				continue;
			if (a->p != NULL)
				a->twop = 1;
			else {
				a->pc = c;
				a->p = &c->r[k];
			}
			put(a, out, m, t | traits(a, &c->r[k].cont));
			if (a->twop)
				a->twop = 0;
			else
				a->p = NULL;
		}
	}
}

/*
 * Every suffixed form of w by the suffix flags in fl (and a second
 * suffix from their continuation), each with the prefixes of pfl and of
 * the continuations; t the traits of what made w.
 */
static void
suffixes(struct aff *a, const struct flags *fl, const struct flags *pfl,
    const uint32_t *w, int n, unsigned t)
{
	uint32_t o1[WMAX], o2[WMAX];
	struct aclass *c, *c2;
	const struct rule *r;
	unsigned t1, t2;
	int i, k, j, l, m1, m2;

	for (i = 0; i < fl->n; i++) {
		if ((c = aff_class_find(a, fl->f[i], 1)) == NULL)
			continue;
		for (k = 0; k < c->nr; k++) {
			r = &c->r[k];
			if ((m1 = apply_sfx(r, w, n, o1)) <= 0)
				continue;
			t1 = t | traits(a, &r->cont);
			a->s1c = c;
			a->s1 = r;
			put(a, o1, m1, t1);
			if (c->cross)
				prefixes(a, pfl, o1, m1, 1, t1);
			prefixes(a, &r->cont, o1, m1, 0, t1);
			for (j = 0; j < r->cont.n; j++) {
				if ((c2 = aff_class_find(a, r->cont.f[j], 1)) ==
				    NULL)
					continue;
				for (l = 0; l < c2->nr; l++) {
					if ((m2 = apply_sfx(&c2->r[l], o1, m1,
					    o2)) <= 0)
						continue;
					t2 = t1 | traits(a, &c2->r[l].cont);
					a->s2c = c2;
					a->s2 = &c2->r[l];
					put(a, o2, m2, t2);
					if (c->cross && c2->cross)
						prefixes(a, pfl, o2, m2, 1, t2);
					prefixes(a, &r->cont, o2, m2, 0, t2);
					prefixes(a, &c2->r[l].cont, o2, m2,
					    0, t2);
					a->s2 = NULL;
				}
			}
			a->s1 = NULL;
		}
	}
}

/* 1 if rule r adds a genitive or possessive -s alone: "s", "'s", "’s". */
static int
adds_s(const struct rule *r)
{
	return r->nstrip == 0 && r->cont.n == 0 &&
	    ((r->nadd == 1 && r->add[0] == 's') || (r->nadd == 2 &&
	    (r->add[0] == '\'' || r->add[0] == 0x2019) && r->add[1] == 's'));
}

/*
 * 1 if a stem with flags fl is written as a name is in a dictionary
 * that compounds (affix.h, AFFIX_NAME): no compound flag, and no affix
 * but a -s.
 */
static int
name_flags(const struct aff *a, const struct flags *fl)
{
	const struct aclass *c;
	int i, k;

	if (a->cpd[0].n == 0 && a->cpd[1].n == 0 && a->cpd[2].n == 0)
		return 0;		/* compounds nothing: no sign */
	for (i = 0; i < fl->n; i++) {
		if (aff_class_find(a, fl->f[i], 0) != NULL ||
		    (c = aff_class_find(a, fl->f[i], 1)) == NULL)
			return 0;	/* a prefix, or no affix at all */
		for (k = 0; k < c->nr; k++)
			if (!adds_s(&c->r[k]))
				return 0;
	}
	return 1;
}

/*
 * Every form of one stem with its flags; name: its morphology marks it
 * a name (po:npr ...).
 */
static void
expand_stem(struct aff *a, const uint32_t *w, int n, const struct flags *fl,
    int name)
{
	uint32_t o[WMAX];
	struct aclass *c;
	struct flags none = { NULL, 0 };
	int i, k, m;

	a->name = name || name_flags(a, fl);
	a->risky = special_stem(a, fl);
	a->sfl = fl;
	a->p = a->s1 = a->s2 = NULL;
	a->twop = 0;
	/* A NEEDAFFIX stem is no word alone; its affixed forms are. */
	if (a->needaffix == 0 || !has_flag(fl, a->needaffix))
		put(a, w, n, 0);
	suffixes(a, fl, fl, w, n, 0);
	prefixes(a, fl, w, n, 0, 0);
	/* A prefix whose continuation allows suffixes: those, then it. */
	for (i = 0; i < fl->n; i++) {
		if ((c = aff_class_find(a, fl->f[i], 0)) == NULL)
			continue;
		for (k = 0; k < c->nr; k++) {
			if (c->r[k].cont.n == 0 ||
			    (m = apply_pfx(&c->r[k], w, n, o)) <= 0)
				continue;
			a->pc = c;
			a->p = &c->r[k];
			suffixes(a, &c->r[k].cont, &none, o, m,
			    traits(a, &c->r[k].cont));
			a->p = NULL;
		}
	}
}

/* Free what aff_read allocated. */
static void
aff_free(struct aff *a)
{
	int i, k, p;

	for (i = 0; i < a->ncls; i++) {
		for (k = 0; k < a->cls[i].nr; k++) {
			free(a->cls[i].r[k].cont.f);
			for (p = 0; p < a->cls[i].r[k].cond.npos; p++)
				free(a->cls[i].r[k].cond.pos[p].c);
		}
		free(a->cls[i].r);
	}
	free(a->cls);
	for (i = 0; i < a->naf; i++)
		free(a->af[i].f);
	free(a->af);
	free(a->hash);
	free(a->special.f);
	for (i = 0; i < 3; i++)
		free(a->cpd[i].f);
	if (a->cd != (iconv_t)-1)
		iconv_close(a->cd);
	free(a->cv);
}

/* Expand every stem of dic; see affix.h. */
int
affix_expand(const char *aff, const char *dic,
    int (*emit)(void *, const char *, int, unsigned),
    void (*progress)(void *, double),
    void *arg, char **why)
{
	struct aff a;
	struct flags fl;
	uint32_t w[WMAX];
	char *line = NULL, *p, *word, *sl;
	size_t len = 0;
	ssize_t got;
	long total = 0, done = 0;
	FILE *f;
	int n, name, first = 1;

	memset(&a, 0, sizeof a);
	a.cpdmin = -1;
	a.emit = emit;
	a.arg = arg;
	a.cd = (iconv_t)-1;
	if ((p = affix_encoding(aff)) != NULL && !affix_utf8(p) &&
	    (a.cd = iconv_open("UTF-8", p)) == (iconv_t)-1) {
		*why = xasprintf(_("%s is in %s, which this system cannot "
		    "convert"), aff, p);
		free(p);
		return -1;
	}
	free(p);
	if (aff_read(&a, aff, why) != 0) {
		aff_free(&a);
		return -1;
	}
	if ((f = fopen(dic, "r")) == NULL) {
		struct buf b = BUF_INIT;

		buf_printf(&b, _("cannot read %s"), dic);
		*why = b.s;
		aff_free(&a);
		return -1;
	}
	while ((got = getline(&line, &len, f)) != -1) {
		while (got > 0 && (line[got - 1] == '\n' ||
		    line[got - 1] == '\r'))
			line[--got] = '\0';
		if ((p = aff_to_utf8(&a, line)) == NULL)
			continue;	/* not in the declared encoding */
		if (first) {		/* the count, maybe after a BOM */
			first = 0;
			if (strncmp(p, "\xef\xbb\xbf", 3) == 0)
				p += 3;
			total = atol(p);
			continue;
		}
		if (progress != NULL && total > 0 && ++done % 8192 == 0)
			progress(arg, (double)done / (double)total);
		if (*p == '\t')
			continue;	/* a comment, as Hunspell reads it */
		/* word[/flags][ morphology]; a "\/" is a slash in the word */
		name = aff_morph_name(p);
		word = aff_dic_entry(p);
		fl.f = NULL;
		fl.n = 0;
		for (sl = word; (sl = strchr(sl, '/')) != NULL; sl++)
			if (sl == word || sl[-1] != '\\') {
				*sl = '\0';
				aff_parse_flags(&a, sl + 1, &fl);
				break;
			}
		if ((n = aff_utf8_decode(word, w, WMAX)) > 0)
			expand_stem(&a, w, n, &fl, name);
		free(fl.f);
		if (a.stop)
			break;
	}
	free(line);
	fclose(f);
	aff_free(&a);
	return 0;
}
