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

#include "affix-aff.h"
#include "affix.h"
#include "buf.h"
#include "words.h"

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
