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

/*
 * The n bytes at s into dst (size bytes), cut as snprintf would: what
 * solve's walk does for each word it meets, without snprintf's cost.
 */
static void
put_text(char *dst, size_t size, const char *s, size_t n)
{
	if (size == 0)
		return;
	if (n >= size)
		n = size - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

/* Weigh the form of text (n bytes) with verdict v into p. */
static void
pick_one(struct pick *p, const char *text, size_t n, unsigned v)
{
	int score;

	if (v & DAWG_LOWER)
		score = 3;
	else if (p->nouns && (v & DAWG_CAP))
		score = 1;
	else
		return;
	if (p->written != NULL && strncmp(text, p->written, n) == 0 &&
	    p->written[n] == '\0')
		score++;
	if (score > p->best) {
		p->best = score;
		p->v = v;
		put_text(p->form, sizeof p->form, text, n);
	}
}

/* dawg_each: weigh one form of the key (rest: its text and verdict). */
static int
pick_form(void *arg, const char *rest)
{
	struct pick *p = arg;
	size_t n = strlen(rest);

	if (n == 0 || n >= sizeof p->form)
		return 0;
	if (n == 1)		/* the form is the key */
		pick_one(p, p->key, strlen(p->key), DAWG_BITS(rest[0]));
	else
		pick_one(p, rest, n - 1, DAWG_BITS(rest[n - 1]));
	return 0;
}

/*
 * Weigh every form below a key's node into p; 1 if one stands.  Most
 * keys have one form, the key itself: its verdict is the one edge after
 * the separator, read without dawg_each.
 */
static int
judge_pick(const struct dawg *d, uint32_t node, int nouns, const char *key,
    const char *written, struct pick *p)
{
	const dawg_edge *e;
	uint32_t sep;
	int eow;

	p->best = 0;
	if (node == 0 || !dawg_step(d, node, DAWG_SEP, &sep, &eow))
		return 0;
	p->written = written;
	p->key = key;
	p->nouns = nouns;
	p->v = 0;
	p->form[0] = '\0';
	if ((e = dawg_edges(d, sep)) != NULL && (*e & DAWG_LAST) &&
	    (*e & DAWG_EOW) && DAWG_CHILD(*e) == 0) {
		pick_one(p, key, strlen(key), DAWG_BITS(DAWG_LETTER(*e)));
		return p->best > 0;
	}
	dawg_each(d, sep, pick_form, p);
	return p->best > 0;
}

/* The verdict below a key's node; see judge.h. */
int
judge_node(const struct dawg *d, uint32_t node, int nouns,
    const char *key, const char *written, char *form, size_t len)
{
	struct pick p;

	if (!judge_pick(d, node, nouns, key, written, &p))
		return 0;
	put_text(form, len, p.form, strlen(p.form));
	return 1;
}

/* The subtree of keys for fold or exact; see judge.h. */
uint32_t
judge_root(const struct dawg *d, int fold)
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
judge_form(const struct dawg *d, struct lang *lg, const char *dict,
    int fold, int nouns, const char *written, char *form, size_t len)
{
	struct pick p;
	char key[256];

	if (lang_key(lg, dict, fold, written, key, sizeof key) != 0 ||
	    !judge_pick(d, dawg_walk(d, judge_root(d, fold), key), nouns,
	    key, written, &p))
		return 0;
	if (form != NULL && ((p.v & DAWG_LOWER) || lang_cap(lg, dict, p.form,
	    form, len) != 0))
		snprintf(form, len, "%s", p.form);
	return 1;
}

/* 1 if the list has compound parts (its "c" record). */
int
judge_has_parts(const struct dawg *d)
{
	uint32_t node;
	int eow = 0;

	return dawg_step(d, dawg_root(d), 'c', &node, &eow) && eow;
}

/* A growing list of strings. */
struct strs {
	char		**s;
	size_t		  n, cap;
	int		  done;
};

/*
 * 1 if a and b are the same letters: the spellings of compounds below
 * hold a '+' between their parts, which does not count.
 */
static int
same_letters(const char *a, const char *b)
{
	for (;; a++, b++) {
		while (*a == '+')
			a++;
		while (*b == '+')
			b++;
		if (*a != *b)
			return 0;
		if (*a == '\0')
			return 1;
	}
}

/* Add s to l (once: the first of its letters kept). */
static void
strs_add(struct strs *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (same_letters(l->s[i], s))
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
static int
part_form(void *arg, const char *rest)
{
	struct compound *c = arg;
	size_t n = strlen(rest);
	char form[256];

	if (n > 0 && (DAWG_BITS(rest[n - 1]) & DAWG_ASK))
		c->ask = 1;
	if (n > 0 && (DAWG_BITS(rest[n - 1]) & c->need) &&
	    judge_rest_form(rest, n, c->part, c->plen, form, sizeof form) == 0)
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

/* Each a+b for a in x, b in y (the parts told apart), into out. */
static void
concat(struct strs *out, const struct strs *x, const struct strs *y)
{
	char s[1024];
	size_t i, k;

	for (i = 0; i < x->n; i++)
		for (k = 0; k < y->n; k++)
			if ((size_t)snprintf(s, sizeof s, "%s+%s", x->s[i],
			    y->s[k]) < sizeof s)
				strs_add(out, s);
}

/* s without its '+' into out (len bytes, as long as s at least). */
static void
letters_of(const char *s, char *out, size_t len)
{
	size_t o = 0;

	for (; *s != '\0' && o + 1 < len; s++)
		if (*s != '+')
			out[o++] = *s;
	out[o] = '\0';
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
ask(const struct speller *sp, struct lang *lg, const char *dict, int nouns,
    const char *l, int *cap)
{
	char c[1024];
	int v;

	*cap = 0;
	if (sp == NULL)
		return -1;
	if ((v = sp->spell(sp->arg, l)) != 0 || !nouns ||
	    lang_cap(lg, dict, l, c, sizeof c) != 0)
		return v;
	*cap = 1;
	return sp->spell(sp->arg, c);
}

/* The spelling of l with s's letters, or NULL. */
static const char *
strs_find(const struct strs *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (same_letters(l->s[i], s))
			return l->s[i];
	return NULL;
}

/* 1 if l has s's letters. */
static int
strs_has(const struct strs *l, const char *s)
{
	return strs_find(l, s) != NULL;
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
    const struct strs *cap, const struct speller *sp, struct lang *lg,
    const char *dict, int nouns, const char *l, int *iscap)
{
	*iscap = 0;
	if (lang_width(l) < 3)
		return 0;
	if (c->ask)
		return ask(sp, lg, dict, nouns, l, iscap);
	if (strs_has(low, l))
		return 1;
	*iscap = 1;
	return strs_has(cap, l);
}

/* 1 if written's letters are key's; see judge.h. */
int
judge_aligned(struct lang *lg, const char *dict, int fold,
    const char *key, const char *written, uint16_t *wp, size_t max)
{
	char piece[32], one[8];
	const char *pk;
	size_t i, p, q, m, kl, pl;

	for (i = 0, p = 0, q = 0; key[q] != '\0'; i++) {
		kl = letter_len(key + q);
		if (written[p] == '\0')
			return 0;
		m = letter_len(written + p);
		if (i + 1 >= max || m >= sizeof one)
			return 0;
		/* A letter's key is itself unless folded and not ASCII. */
		if (!fold || (unsigned char)written[p] < 0x80) {
			pk = written + p;
			pl = m;
		} else {
			memcpy(one, written + p, m);
			one[m] = '\0';
			if (lang_key(lg, dict, fold, one, piece,
			    sizeof piece) != 0)
				return 0;
			pk = piece;
			pl = strlen(piece);
		}
		if (pl != kl || memcmp(key + q, pk, pl) != 0)
			return 0;
		wp[i] = (uint16_t)p;
		p += m;
		q += kl;
	}
	wp[i] = (uint16_t)p;
	return written[p] == '\0';
}

/*
 * The cuts of key into parts (a first one, middle ones, a last one) by
 * the bits of each part's forms, by a cutter fed every letter of key,
 * with written's letters where they are key's (cutter_verdict).
 */
static enum cut
cut(const struct dawg *d, uint32_t root, struct lang *lg, const char *dict,
    int fold, int nouns, int parts, const char *key, const char *written,
    char *form, size_t len, int *cap)
{
	struct cutter *c;
	uint16_t wp[CUT_MAX + 1];
	size_t p, m;
	int n, w;
	enum cut rc;

	for (n = 0, p = 0; key[p] != '\0'; n++, p += letter_len(key + p))
		if (n == CUT_MAX)
			return CUT_OTHER;
	w = written != NULL && judge_aligned(lg, dict, fold, key, written,
	    wp, CUT_MAX + 1);
	c = xmalloc(sizeof *c);
	c->st = NULL;
	cutter_init(c, d, root, nouns);
	c->plus = parts;
	for (n = 0, p = 0; key[p] != '\0'; n++, p += m) {
		m = letter_len(key + p);
		if (cutter_push(c, key + p, m, w ? written + wp[n] : NULL,
		    w ? (size_t)(wp[n + 1] - wp[n]) : 0) <= 0)
			break;
	}
	/* No part goes on: the letters left change nothing. */
	rc = key[p] != '\0' && !c->row[c->n].ask[w ? 0 : 1] ? CUT_NONE :
	    cutter_verdict(c, form, len, cap);
	cutter_done(c);
	free(c);
	return rc;
}

/* The verdict on key as a compound; see judge.h. */
int
judge_compound(const struct dawg *d, struct lang *lg, const char *dict,
    int fold, int nouns, int parts, const struct speller *sp,
    const char *key, const char *written, char *form, size_t len, int *cap)
{
	struct compound c;
	struct strs forms, low, caps, *into;
	const char *x;
	char l[1024];
	uint32_t node;
	size_t q = 0, i, k;
	int v = 0;

	memset(&c, 0, sizeof c);
	memset(&low, 0, sizeof low);
	memset(&caps, 0, sizeof caps);
	c.d = d;
	c.key = key;
	c.klen = strlen(key);
	if ((c.root = node = judge_root(d, fold)) == 0 || c.klen == 0)
		return 0;
	/* The cuts by the keys' bits first: most words end there. */
	switch (cut(d, c.root, lg, dict, fold, nouns, parts, key, written,
	    form, len, cap)) {
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
	if (judge_bits(d, dawg_walk(d, c.root, key)) & DAWG_ASK)
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
	/*
	 * The word as written first, then the others in turn; a spelling
	 * holds a '+' between its parts, kept with parts.
	 */
	if (written != NULL && ((x = strs_find(&low, written)) != NULL ||
	    (x = strs_find(&caps, written)) != NULL) && (v = spelling(&c,
	    &low, &caps, sp, lg, dict, nouns, written, cap)) == 1)
		snprintf(form, len, "%s", parts ? x : written);
	for (k = 0; k < 2 && v == 0; k++) {
		into = k == 0 ? &low : &caps;
		for (i = 0; i < into->n && v == 0; i++) {
			letters_of(into->s[i], l, sizeof l);
			if ((written == NULL || strcmp(l, written) != 0) &&
			    (v = spelling(&c, &low, &caps, sp, lg, dict, nouns,
			    l, cap)) == 1)
				snprintf(form, len, "%s", parts ? into->s[i] :
				    l);
		}
	}
	strs_free(&low);
	strs_free(&caps);
	return v;
}

/* A form, else a compound; see judge.h. */
int
judge_all(const struct dawg *d, struct lang *lg, const char *dict,
    int fold, int nouns, int compounds, const struct speller *sp,
    const char *written, char *form, size_t len)
{
	char key[256], f[1024];
	int v = 0, cap;

	if (judge_form(d, lg, dict, fold, nouns, written, form, len))
		return 1;
	if (!compounds)
		return 0;
	if (lang_key(lg, dict, fold, written, key, sizeof key) != 0 ||
	    (v = judge_compound(d, lg, dict, fold, nouns, 1, sp, key,
	    written, f, sizeof f, &cap)) != 1)
		return v < 0 ? -1 : 0;
	if (form != NULL && (!cap || lang_cap(lg, dict, f, form, len) != 0))
		snprintf(form, len, "%s", f);
	return 1;
}
