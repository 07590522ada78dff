/*
 * affix-read.c: a Hunspell dictionary's .aff read into struct aff
 * (affix-aff.h): its flags, classes, conditions and compound marks,
 * converted to UTF-8; and the entries of its .dic lines.
 */
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "affix-aff.h"
#include "affix.h"
#include "buf.h"
#include "words.h"

/* Decode UTF-8 s into cp (at most max); the count, or -1 if malformed. */
int
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
void
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
void
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
struct aclass *
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
int
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
char *
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
int
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
char *
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
int
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
