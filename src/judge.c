/*
 * judge.c: the verdict on a word by a word list (see judge.h): its
 * forms, and its compounds put to the dictionary itself.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "buf.h"
#include "judge.h"
#include "lang.h"

struct pick {
	const char	*written;
	const char	*key;
	int		 nouns;
	int		 best;		/* 0 none, higher better */
	char		 form[128];
	unsigned	 v;
};

/* dawg_each: weigh one form of the key (rest: its text and verdict). */
static int
pick_form(void *arg, const char *rest)
{
	struct pick *p = arg;
	size_t n = strlen(rest);
	char form[128];
	unsigned v;
	int score;

	if (n == 0 || n >= sizeof form)
		return 0;
	v = DAWG_BITS(rest[n - 1]);
	memcpy(form, rest, n - 1);
	form[n - 1] = '\0';
	if (form[0] == '\0')
		snprintf(form, sizeof form, "%s", p->key);
	if (v & DAWG_LOWER)
		score = 3;
	else if (p->nouns && (v & DAWG_CAP))
		score = 1;
	else
		return 0;
	if (p->written != NULL && strcmp(form, p->written) == 0)
		score++;
	if (score > p->best) {
		p->best = score;
		p->v = v;
		snprintf(p->form, sizeof p->form, "%s", form);
	}
	return 0;
}

/* Weigh every form below a key's node into p; 1 if one stands. */
static int
judge_pick(const struct dawg *d, uint32_t node, int nouns, const char *key,
    const char *written, struct pick *p)
{
	uint32_t sep;
	int eow;

	p->best = 0;
	if (node == 0 || !dawg_step(d, node, DAWG_SEP, &sep, &eow))
		return 0;
	memset(p, 0, sizeof *p);
	p->written = written;
	p->key = key;
	p->nouns = nouns;
	dawg_each(d, sep, pick_form, p);
	return p->best > 0;
}

/* The verdict below a key's node; see judge.h. */
int
wordlist_judge_node(const struct dawg *d, uint32_t node, int nouns,
    const char *key, const char *written, char *form, size_t len)
{
	struct pick p;

	if (!judge_pick(d, node, nouns, key, written, &p))
		return 0;
	snprintf(form, len, "%s", p.form);
	return 1;
}

/* The subtree of keys for fold or exact; see judge.h. */
uint32_t
wordlist_root(const struct dawg *d, int fold)
{
	uint32_t node;
	int eow;

	if (!dawg_step(d, dawg_root(d), fold ? 'f' : 'x', &node, &eow))
		return 0;
	return node;
}

/*
 * The verdict on written by its forms in the list: 1 if one stands, as
 * written in lowercase or, with nouns, capitalised; the form found into
 * form (len bytes), preferring written itself.  0 if none.
 */
static int
wordlist_judge(const struct dawg *d, const char *dict, int fold, int nouns,
    const char *written, char *form, size_t len)
{
	struct pick p;
	char key[256];

	if (lang_key(dict, fold, written, key, sizeof key) != 0 ||
	    !judge_pick(d, dawg_walk(d, wordlist_root(d, fold), key), nouns,
	    key, written, &p))
		return 0;
	if (form != NULL && ((p.v & DAWG_LOWER) || lang_cap(dict, p.form, form,
	    len) != 0))
		snprintf(form, len, "%s", p.form);
	return 1;
}

/* 1 if the list has compound parts (its "c" record). */
int
wordlist_has_parts(const struct dawg *d)
{
	uint32_t node;
	int eow = 0;

	return dawg_step(d, dawg_root(d), 'c', &node, &eow) && eow;
}

/* dawg_each: or the bits of one form into *arg. */
static int
or_bits(void *arg, const char *rest)
{
	size_t n = strlen(rest);

	if (n > 0)
		*(unsigned *)arg |= DAWG_BITS(rest[n - 1]) & 127u;
	return 0;
}

/* The bits of the key at node; see judge.h. */
unsigned
wordlist_bits(const struct dawg *d, uint32_t node)
{
	unsigned char *m = dawg_memo(d, node);
	unsigned b = 0;
	uint32_t sep;
	int eow;

	if (m != NULL && (*m & 128u))
		return *m & 127u;	/* worked out before */
	if (node != 0 && dawg_step(d, node, DAWG_SEP, &sep, &eow))
		dawg_each(d, sep, or_bits, &b);
	if (m != NULL)
		*m = (unsigned char)(b | 128u);
	return b;
}

/* A growing list of strings. */
struct strs {
	char		**s;
	size_t		  n, cap;
	int		  done;
};

/* Add s to l (once). */
static void
strs_add(struct strs *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->s[i], s) == 0)
			return;
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->s = xreallocarray(l->s, l->cap, sizeof *l->s);
	}
	l->s[l->n++] = xstrdup(s);
}

struct compound {
	const struct dawg	*d;
	uint32_t		 root;
	const char		*key;
	size_t			 klen;
	struct strs		*tail;		/* by position in key */
	/* the forms of the part at hand, with the bits they need */
	struct strs		*into;
	unsigned		 need;
	const char		*part;		/* its key (a form = key) */
	size_t			 plen;
	int			 ask;		/* a FORBIDDENWORD's form met */
};

/* The length of the letter at s (a lead byte and its continuations). */
static size_t
letter_len(const char *s)
{
	size_t n = 1;

	while ((s[n] & 0xc0) == 0x80)
		n++;
	return n;
}

/*
 * The text of the form whose record's rest (n bytes, its verdict last)
 * is rest, below key (klen bytes: the text when the rest is the verdict
 * alone), into form (len bytes).  0, or -1 if it does not fit.
 */
static int
rest_form(const char *rest, size_t n, const char *key, size_t klen,
    char *form, size_t len)
{
	if (n == 1) {			/* the form is the key */
		rest = key;
		n = klen + 1;
	}
	if (n == 0 || n - 1 >= len)
		return -1;
	memcpy(form, rest, n - 1);
	form[n - 1] = '\0';
	return 0;
}

/* dawg_each: a form of the part with one of the bits needed, into c. */
static int
part_form(void *arg, const char *rest)
{
	struct compound *c = arg;
	size_t n = strlen(rest);
	char form[256];

	if (n > 0 && (DAWG_BITS(rest[n - 1]) & DAWG_ASK))
		c->ask = 1;
	if (n > 0 && (DAWG_BITS(rest[n - 1]) & c->need) &&
	    rest_form(rest, n, c->part, c->plen, form, sizeof form) == 0)
		strs_add(c->into, form);
	return 0;
}

/* The forms of key[from..to) that have a bit of need, into l. */
static void
part_forms(struct compound *c, uint32_t node, size_t from, size_t to,
    unsigned need, struct strs *l)
{
	uint32_t sep;
	int eow;

	if (!dawg_step(c->d, node, DAWG_SEP, &sep, &eow))
		return;
	c->into = l;
	c->need = need;
	c->part = c->key + from;
	c->plen = to - from;
	dawg_each(c->d, sep, part_form, c);
}

/* Free the strings of l. */
static void
strs_free(struct strs *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->s[i]);
	free(l->s);
	memset(l, 0, sizeof *l);
}

/* Follow the letter at key[*q] from *node; 0 if no record goes on. */
static int
one_letter(const struct compound *c, uint32_t *node, size_t *q)
{
	size_t m = letter_len(c->key + *q), i;
	int eow;

	for (i = 0; i < m && *node != 0; i++)
		if (!dawg_step(c->d, *node, c->key[*q + i], node, &eow))
			*node = 0;
	*q += m;
	return *node != 0 && *q <= c->klen;
}

/* Each a + b for a in x, b in y, into out. */
static void
concat(struct strs *out, const struct strs *x, const struct strs *y)
{
	char s[1024];
	size_t i, k;

	for (i = 0; i < x->n; i++)
		for (k = 0; k < y->n; k++)
			if ((size_t)snprintf(s, sizeof s, "%s%s", x->s[i],
			    y->s[k]) < sizeof s)
				strs_add(out, s);
}

/*
 * The spellings of key[pos..] as one part or more, parts inside a
 * compound (DAWG_MIDDLE) then one that ends it (DAWG_END): c->tail[pos].
 */
static struct strs *
tails(struct compound *c, size_t pos)
{
	struct strs *t = &c->tail[pos], forms;
	uint32_t node = c->root;
	size_t q = pos, i;

	if (t->done)
		return t;
	t->done = 1;
	while (q < c->klen && one_letter(c, &node, &q)) {
		memset(&forms, 0, sizeof forms);
		if (q == c->klen) {
			part_forms(c, node, pos, q, DAWG_END, &forms);
			for (i = 0; i < forms.n; i++)
				strs_add(t, forms.s[i]);
		} else {
			part_forms(c, node, pos, q, DAWG_MIDDLE, &forms);
			if (forms.n > 0)
				concat(t, &forms, tails(c, q));
		}
		strs_free(&forms);
	}
	return t;
}

/* Ask sp about L and, with nouns, its capital: 1 (*cap), 0, or -1. */
static int
ask(const struct speller *sp, const char *dict, int nouns, const char *l,
    int *cap)
{
	char c[1024];
	int v;

	*cap = 0;
	if (sp == NULL)
		return -1;
	if ((v = sp->spell(sp->arg, l)) != 0 || !nouns ||
	    lang_cap(dict, l, c, sizeof c) != 0)
		return v;
	*cap = 1;
	return sp->spell(sp->arg, c);
}

/* 1 if l has s. */
static int
strs_has(const struct strs *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->s[i], s) == 0)
			return 1;
	return 0;
}

/*
 * The verdict on spelling l (3+ letters) of a compound: it stands in
 * lowercase if its first part may begin one in lowercase (low), else
 * capitalised (cap: with nouns, a first part that begins one
 * capitalised); with a FORBIDDENWORD's form in it (c->ask), Hunspell
 * judges.  1 (*iscap), 0, or -1.
 */
static int
spelling(const struct compound *c, const struct strs *low,
    const struct strs *cap, const struct speller *sp, const char *dict,
    int nouns, const char *l, int *iscap)
{
	*iscap = 0;
	if (lang_width(l) < 3)
		return 0;
	if (c->ask)
		return ask(sp, dict, nouns, l, iscap);
	if (strs_has(low, l))
		return 1;
	*iscap = 1;
	return strs_has(cap, l);
}

/*
 * The bits of the form with text t (n bytes) of the key at node: the
 * verdict after its text (none when the form is the key, t == NULL).
 */
static unsigned
form_bits(const struct dawg *d, uint32_t node, const char *t, size_t n)
{
	const uint32_t *e;
	unsigned b = 0;
	size_t i;
	int eow;

	if (node == 0 || !dawg_step(d, node, DAWG_SEP, &node, &eow))
		return 0;
	for (i = 0; i < n && node != 0; i++)
		if (!dawg_step(d, node, (unsigned char)t[i], &node, &eow))
			return 0;
	for (e = dawg_edges(d, node); e != NULL; e++) {
		if (*e & DAWG_EOW)
			b |= DAWG_BITS(DAWG_LETTER(*e));
		if (*e & DAWG_LAST)
			break;
	}
	return b;
}

#define CUT_MAX	64		/* letters in a word cut fast */

enum cut { CUT_NONE, CUT_FOUND, CUT_OTHER, CUT_ASK };

struct firstform {
	unsigned	 need;
	const char	*key;		/* the part's key (a form = key) */
	size_t		 klen;
	char		 form[128];
	int		 found;
};

/* dawg_each: the first form with a bit of need, into arg. */
static int
first_form(void *arg, const char *rest)
{
	struct firstform *f = arg;
	size_t n = strlen(rest);

	if (n == 0 || !(DAWG_BITS(rest[n - 1]) & f->need) ||
	    rest_form(rest, n, f->key, f->klen, f->form, sizeof f->form) != 0)
		return 0;
	f->found = 1;
	return 1;
}

/*
 * The form of the part key[from..to) at node with a bit of need: its
 * text in written (wlen bytes) if that is one, else the first; into
 * out (len bytes).  1 if written's, 0 another, -1 if none fits.
 */
static int
part_form1(const struct dawg *d, uint32_t node, const char *key,
    size_t klen, const char *written, size_t wlen, unsigned need, char *out,
    size_t len)
{
	struct firstform f;
	uint32_t sep;
	int eow;

	if (written != NULL && wlen < len && (form_bits(d, node, written,
	    wlen) & need || (wlen == klen && memcmp(written, key, wlen) == 0 &&
	    (form_bits(d, node, NULL, 0) & need)))) {
		memcpy(out, written, wlen);
		out[wlen] = '\0';
		return 1;
	}
	memset(&f, 0, sizeof f);
	f.need = need;
	f.key = key;
	f.klen = klen;
	if (!dawg_step(d, node, DAWG_SEP, &sep, &eow))
		return -1;
	dawg_each(d, sep, first_form, &f);
	if (!f.found || strlen(f.form) >= len)
		return -1;
	memcpy(out, f.form, strlen(f.form) + 1);
	return 0;
}

/* A part of a cut: where it starts, its form, all written's so far. */
struct cutpart {
	int		 from;
	int		 written;
	char		 form[128];
};

/*
 * The cuts of key into parts (a first one, middle ones, a last one) by
 * the bits of each part's forms, into form (len bytes): written if it
 * is one, else the first cut met, each part written's letters if they
 * are a form of it, else its first form.  Lowercase first (DAWG_BEGIN), then
 * with nouns capitalised (DAWG_BEGINCAP: *cap).  CUT_FOUND, CUT_NONE,
 * CUT_ASK if a FORBIDDENWORD's form is met where a part may start (or
 * is the whole word): Hunspell judges; CUT_OTHER if the word is too
 * long to cut here.
 */
static enum cut
cut(const struct dawg *d, uint32_t root, const char *dict, int fold,
    int nouns, const char *key, const char *written, char *form, size_t len,
    int *cap)
{
	static const unsigned first[2] = { DAWG_BEGIN, DAWG_BEGINCAP };
	struct cutpart pt[2][CUT_MAX + 1];
	size_t kp[CUT_MAX + 1], wp[CUT_MAX + 1], klen = strlen(key), p, q, m,
	    o;
	struct cutpart part;
	char piece[32], one[8];
	int last[2] = { -1, -1 };
	unsigned b, f;
	uint32_t node;
	int n, i, j, t, w = written != NULL, eow, v;
	enum cut rc = CUT_NONE;

	for (n = 0, p = 0; p < klen; n++) {
		if (n == CUT_MAX)
			return CUT_OTHER;
		kp[n] = p;
		p += letter_len(key + p);
	}
	kp[n] = klen;
	/* Written's letters where their keys fall in key, if they do. */
	for (i = 0, p = 0; w && i < n; i++) {
		m = letter_len(written + p);
		if (m >= sizeof one)
			break;
		memcpy(one, written + p, m);
		one[m] = '\0';
		if (lang_key(dict, fold, one, piece, sizeof piece) != 0 ||
		    strlen(piece) != kp[i + 1] - kp[i] ||
		    memcmp(key + kp[i], piece, kp[i + 1] - kp[i]) != 0)
			break;
		wp[i] = p;
		p += m;
	}
	w = w && i == n && written[p] == '\0';
	wp[n] = p;
	for (t = 0; t < 2; t++)
		for (i = 0; i <= n; i++) {
			pt[t][i].from = -1;
			pt[t][i].written = 0;
		}
	pt[0][0].from = pt[1][0].from = 0;
	pt[0][0].written = pt[1][0].written = w;
	for (i = 0; i < n && rc != CUT_ASK; i++) {
		if (pt[0][i].from < 0 && pt[1][i].from < 0)
			continue;
		for (node = root, j = i; j < n && node != 0; j++) {
			for (q = kp[j]; q < kp[j + 1] && node != 0; q++)
				if (!dawg_step(d, node, (unsigned char)key[q],
				    &node, &eow))
					node = 0;
			if (node == 0)
				break;
			if ((b = wordlist_bits(d, node)) & DAWG_ASK) {
				rc = CUT_ASK;
				break;
			}
			for (t = 0; t < 2; t++) {
				if (pt[t][i].from < 0 || (t == 1 && !nouns))
					continue;
				f = i == 0 ? first[t] : j + 1 == n ?
				    DAWG_END : DAWG_MIDDLE;
				/* Once met, only written's may come again. */
				if (!(b & f) || (i == 0 && j + 1 == n) ||
				    (pt[t][j + 1].from >= 0 &&
				    (pt[t][j + 1].written ||
				    !pt[t][i].written)) ||
				    (v = part_form1(d, node, key + kp[i],
				    kp[j + 1] - kp[i], w ? written + wp[i] : NULL,
				    w ? wp[j + 1] - wp[i] : 0, f, part.form,
				    sizeof part.form)) < 0 ||
				    (pt[t][j + 1].from >= 0 && v == 0))
					continue;
				part.from = i;
				part.written = pt[t][i].written && v == 1;
				pt[t][j + 1] = part;
				if (j + 1 == n)
					last[t] = i;
			}
		}
	}
	/* The whole word a FORBIDDENWORD's form. */
	if (rc != CUT_ASK && (wordlist_bits(d, dawg_walk(d, root, key)) &
	    DAWG_ASK))
		rc = CUT_ASK;
	for (t = 0; t < 2 && rc == CUT_NONE; t++) {
		if (last[t] < 0)
			continue;
		/* The parts back to front, then each in place. */
		for (m = 0, j = n; j > 0; j = pt[t][j].from)
			m += strlen(pt[t][j].form);
		if (m >= len) {
			rc = CUT_OTHER;
			break;
		}
		form[m] = '\0';
		for (o = m, j = n; j > 0; j = pt[t][j].from) {
			o -= strlen(pt[t][j].form);
			memcpy(form + o, pt[t][j].form, strlen(pt[t][j].form));
		}
		*cap = t;
		rc = lang_width(form) < 3 ? CUT_NONE : CUT_FOUND;
	}
	return rc;
}

/* The verdict on key as a compound; see judge.h. */
int
wordlist_compound(const struct dawg *d, const char *dict, int fold,
    int nouns, const struct speller *sp, const char *key,
    const char *written, char *form, size_t len, int *cap)
{
	struct compound c;
	struct strs forms, low, caps, *into;
	uint32_t node;
	size_t q = 0, i, k;
	int v = 0;

	memset(&c, 0, sizeof c);
	memset(&low, 0, sizeof low);
	memset(&caps, 0, sizeof caps);
	c.d = d;
	c.key = key;
	c.klen = strlen(key);
	if ((c.root = node = wordlist_root(d, fold)) == 0 || c.klen == 0)
		return 0;
	/* The cuts by the keys' bits first: most words end there. */
	switch (cut(d, c.root, dict, fold, nouns, key, written, form, len,
	    cap)) {
	case CUT_NONE:
		return 0;
	case CUT_FOUND:
		return 1;
	case CUT_ASK:
		c.ask = 1;
		break;
	case CUT_OTHER:
		break;
	}
	/* The whole word a FORBIDDENWORD's form: Hunspell judges. */
	if (wordlist_bits(d, dawg_walk(d, c.root, key)) & DAWG_ASK)
		c.ask = 1;
	c.tail = xcalloc(c.klen + 1, sizeof *c.tail);
	while (q < c.klen && one_letter(&c, &node, &q) && q < c.klen) {
		for (k = 0; k < 2; k++) {
			if (k == 1 && !nouns)
				break;
			memset(&forms, 0, sizeof forms);
			into = k == 0 ? &low : &caps;
			part_forms(&c, node, 0, q, k == 0 ? DAWG_BEGIN :
			    DAWG_BEGINCAP, &forms);
			if (forms.n > 0)
				concat(into, &forms, tails(&c, q));
			strs_free(&forms);
		}
	}
	for (i = 0; i <= c.klen; i++)
		strs_free(&c.tail[i]);
	free(c.tail);
	/* The word as written first, then the others in turn. */
	if (written != NULL && (strs_has(&low, written) ||
	    strs_has(&caps, written)) && (v = spelling(&c, &low, &caps, sp,
	    dict, nouns, written, cap)) == 1)
		snprintf(form, len, "%s", written);
	for (k = 0; k < 2 && v == 0; k++) {
		into = k == 0 ? &low : &caps;
		for (i = 0; i < into->n && v == 0; i++)
			if ((written == NULL || strcmp(into->s[i],
			    written) != 0) && (v = spelling(&c, &low, &caps,
			    sp, dict, nouns, into->s[i], cap)) == 1)
				snprintf(form, len, "%s", into->s[i]);
	}
	strs_free(&low);
	strs_free(&caps);
	return v;
}

/* A form, else a compound; see judge.h. */
int
wordlist_judge_all(const struct dawg *d, const char *dict, int fold,
    int nouns, const struct speller *sp, const char *written, char *form,
    size_t len)
{
	char key[256], f[1024];
	int v = 0, cap;

	if (wordlist_judge(d, dict, fold, nouns, written, form, len))
		return 1;
	if (lang_key(dict, fold, written, key, sizeof key) != 0 ||
	    (v = wordlist_compound(d, dict, fold, nouns, sp, key, written, f,
	    sizeof f, &cap)) != 1)
		return v < 0 ? -1 : 0;
	if (form != NULL && (!cap || lang_cap(dict, f, form, len) != 0))
		snprintf(form, len, "%s", f);
	return 1;
}
