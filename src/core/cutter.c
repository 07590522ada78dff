/*
 * cutter.c: the cuts of a word into compound parts worked out letter by
 * letter (see judge.h), the forms of a part a cut may take, and the bits
 * of a key.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "buf.h"
#include "judge.h"
#include "lang.h"

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
judge_bits(const struct dawg *d, uint32_t node)
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


/*
 * The text of the form whose record's rest (n bytes, its verdict last)
 * is rest, below key (klen bytes: the text when the rest is the verdict
 * alone), into form (len bytes).  0, or -1 if it does not fit.
 */
int
judge_rest_form(const char *rest, size_t n, const char *key, size_t klen,
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

/*
 * The bits of the form with text t (n bytes) of the key at node: the
 * verdict after its text (none when the form is the key, t == NULL).
 */
static unsigned
form_bits(const struct dawg *d, uint32_t node, const char *t, size_t n)
{
	const dawg_edge *e;
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


struct firstform {
	unsigned	 need;
	const char	*key;		/* the part's key (a form = key) */
	size_t		 klen;
	char		 form[CUT_FORM];
	int		 found;
};

/* dawg_each: the first form with a bit of need, into arg. */
static int
first_form(void *arg, const char *rest)
{
	struct firstform *f = arg;
	size_t n = strlen(rest);

	if (n == 0 || !(DAWG_BITS(rest[n - 1]) & f->need) ||
	    judge_rest_form(rest, n, f->key, f->klen, f->form,
	    sizeof f->form) != 0)
		return 0;
	f->found = 1;
	return 1;
}

/*
 * 1 if written (wlen bytes, under CUT_FORM) is a form with a bit of
 * need of the part key (klen bytes) at node.
 */
static int
written_form(const struct dawg *d, uint32_t node, const char *key,
    size_t klen, const char *written, size_t wlen, unsigned need)
{
	return written != NULL && wlen < CUT_FORM && (form_bits(d, node,
	    written, wlen) & need || (wlen == klen && memcmp(written, key,
	    wlen) == 0 && (form_bits(d, node, NULL, 0) & need)));
}

/*
 * The form of the part key[from..to) at node with a bit of need: its
 * text in written (wlen bytes) if that is one, else the first; into
 * out (CUT_FORM bytes).  1 if written's, 0 another, -1 if none fits.
 */
static int
part_form1(const struct dawg *d, uint32_t node, const char *key,
    size_t klen, const char *written, size_t wlen, unsigned need, char *out)
{
	struct firstform f;
	uint32_t sep;
	int eow;

	if (written_form(d, node, key, klen, written, wlen, need)) {
		memcpy(out, written, wlen);
		out[wlen] = '\0';
		return 1;
	}
	f.found = 0;
	f.need = need;
	f.key = key;
	f.klen = klen;
	if (!dawg_step(d, node, DAWG_SEP, &sep, &eow))
		return -1;
	dawg_each(d, sep, first_form, &f);
	if (!f.found)
		return -1;
	memcpy(out, f.form, strlen(f.form) + 1);
	return 0;
}

/*
 * What part_form1 would give, without the form: 1, 0 or -1, for a part
 * at a node with a form that has a bit of need (its bits have one).
 * Such a form fits unless it is the key and the key does not (the text
 * of a form in the list is under 63 bytes: dawg_each): only then is
 * its form looked for.  want: 0 if 1 and 0 are the same to the caller.
 */
static int
part_ok(const struct dawg *d, uint32_t node, const char *key, size_t klen,
    const char *written, size_t wlen, unsigned need, int want)
{
	char f[CUT_FORM];

	if (want && written_form(d, node, key, klen, written, wlen, need))
		return 1;
	if (klen < CUT_FORM)
		return 0;
	return part_form1(d, node, key, klen, written, wlen, need, f);
}

/* Start a cutter; see judge.h. */
void
cutter_init(struct cutter *c, const struct dawg *d, uint32_t root,
    int nouns)
{
	struct cutrow *r = &c->row[0];
	const dawg_edge *e;
	int m;

	c->e = dawg_all(d, &c->ne, &c->memo);
	memset(c->next, 0, sizeof c->next);
	for (e = dawg_edges(d, root); e != NULL; e++) {
		c->next[DAWG_LETTER(*e)] = dawg_child(d, *e);
		if (*e & DAWG_LAST)
			break;
	}
	c->d = d;
	c->root = root;
	c->nouns = nouns;
	c->plus = 0;
	c->n = 0;
	c->kp[0] = c->wp[0] = 0;
	c->key[0] = c->written[0] = '\0';
	for (m = 0; m < 2; m++) {
		r->from[m][0] = r->from[m][1] = 0;
		r->node[m][0] = r->node[m][1] = root;
		r->ask[m] = 0;
	}
	r->wr[0] = r->wr[1] = 1;
	r->wok = 1;
	r->formed = 0;
	if (c->st == NULL) {
		c->stcap = 256;
		c->st = xreallocarray(NULL, c->stcap, sizeof *c->st);
	}
	c->st[0].node = root;
	c->st[0].from = 0;
	c->st[0].bits = 0;
	c->base[0] = 0;
	c->base[1] = 1;
}

/* Free what a cutter holds. */
void
cutter_done(struct cutter *c)
{
	free(c->st);
	c->st = NULL;
	c->stcap = 0;
}

/* From node, follow byte b (dawg_step's walk): the node reached, or 0. */
static inline uint32_t
cutter_step(const struct cutter *c, uint32_t node, unsigned b)
{
	const dawg_edge *e;

	if (node == 0 || node >= c->ne)
		return 0;
	for (e = c->e + node;; e++) {
		if (DAWG_LETTER(*e) == b)
			return DAWG_CHILD(*e) < c->ne ? DAWG_CHILD(*e) : 0;
		if (DAWG_LETTER(*e) > b || (*e & DAWG_LAST))
			return 0;
	}
}

/* judge_bits at node (under c->ne), from the memo if it is there. */
static inline unsigned
cutter_bits(const struct cutter *c, uint32_t node)
{
	unsigned m = c->memo[node];

	return (m & 128u) ? m & 127u : judge_bits(c->d, node);
}

/* Add state (node, from, bits) after the last. */
static inline void
cutter_add(struct cutter *c, uint32_t node, int from, unsigned bits)
{
	uint32_t i = c->base[c->n + 1];

	if (i == c->stcap) {
		c->stcap *= 2;
		c->st = xreallocarray(c->st, c->stcap, sizeof *c->st);
	}
	c->st[i].node = node;
	c->st[i].from = (uint16_t)from;
	c->st[i].bits = (uint8_t)bits;
	c->base[c->n + 1] = i + 1;
}

/* 1 if row r is reached in mode m (by a first part of either case). */
static int
reached(const struct cutrow *r, int m)
{
	return r->from[m][0] >= 0 || r->from[m][1] >= 0;
}

/*
 * The part s (its letters from s->from to p) with the bits of f as the
 * last of a cut to p, into r for first parts of case t, as cut keeps
 * one: the first met, and once met, only one all in written's letters
 * (mode 0) may replace it.
 */
static void
cutter_take(const struct cutter *c, struct cutrow *r, const struct cutstate *s,
    int p, int t, unsigned f)
{
	const struct cutrow *src = &c->row[s->from];
	size_t k0 = c->kp[s->from], kl = (size_t)c->kp[p] - k0;
	int v;

	/*
	 * Mode 0: written's parts preferred (its letters are the key's; a
	 * row where they are not is never read in mode 0).
	 */
	if (r->wok && src->from[0][t] >= 0 && !(r->from[0][t] >= 0 &&
	    (r->wr[t] || !src->wr[t]))) {
		v = part_ok(c->d, s->node, c->key + k0, kl, c->written +
		    c->wp[s->from], (size_t)c->wp[p] - c->wp[s->from], f,
		    src->wr[t]);
		if (v >= 0 && !(r->from[0][t] >= 0 && v == 0)) {
			r->from[0][t] = (int16_t)s->from;
			r->node[0][t] = s->node;
			r->wr[t] = src->wr[t] && v == 1;
		}
	}
	/* Mode 1: the first part met. */
	if (src->from[1][t] >= 0 && r->from[1][t] < 0 && part_ok(c->d,
	    s->node, c->key + k0, kl, NULL, 0, f, 0) >= 0) {
		r->from[1][t] = (int16_t)s->from;
		r->node[1][t] = s->node;
	}
}

/* Empty row r (no cut reaches it), with the marks of the row before. */
static void
cutter_row(struct cutrow *r, const struct cutrow *before)
{
	int m;

	for (m = 0; m < 2; m++) {
		r->from[m][0] = r->from[m][1] = -1;
		r->ask[m] = before->ask[m];
	}
	r->wr[0] = r->wr[1] = 0;
	r->formed = 0;
}

static const unsigned first_bits[2] = { DAWG_BEGIN, DAWG_BEGINCAP };

/* Add a letter; see judge.h. */
int
cutter_push(struct cutter *c, const char *key, size_t klen,
    const char *written, size_t wlen)
{
	const struct cutstate *s;
	struct cutrow *r;
	uint32_t i, end, node;
	unsigned b, f;
	size_t q;
	int n = c->n, m, t;

	if (n >= CUTTER_LEN || klen == 0 || c->kp[n] + klen > CUTTER_LEN ||
	    (written != NULL && c->wp[n] + wlen > CUTTER_LEN))
		return -1;
	for (q = 0; q < klen; q++)
		c->key[c->kp[n] + q] = key[q];
	c->kp[n + 1] = (uint16_t)(c->kp[n] + klen);
	c->key[c->kp[n + 1]] = '\0';
	r = &c->row[n + 1];
	cutter_row(r, &c->row[n]);
	r->wok = c->row[n].wok && written != NULL;
	if (r->wok) {
		for (q = 0; q < wlen; q++)
			c->written[c->wp[n] + q] = written[q];
		c->wp[n + 1] = (uint16_t)(c->wp[n] + wlen);
	} else
		c->wp[n + 1] = c->wp[n];
	c->written[c->wp[n + 1]] = '\0';
	c->base[n + 2] = c->base[n + 1];
	end = c->base[n + 1];
	c->n = n + 1;		/* cutter_add adds at c->n */
	for (i = c->base[n]; i < end; i++) {
		s = &c->st[i];
		/* A part that starts here: the root's table. */
		node = s->node == c->root ? c->next[(unsigned char)key[0]] :
		    s->node;
		for (q = s->node == c->root; q < klen && node != 0; q++)
			node = cutter_step(c, node, (unsigned char)key[q]);
		if (node == 0)
			continue;
		b = cutter_bits(c, node);
		for (m = 0; m < 2 && (b & DAWG_ASK); m++)
			if (reached(&c->row[s->from], m))
				r->ask[m] = 1;
		cutter_add(c, node, s->from, b);
		if (!(b & (s->from == 0 ? DAWG_BEGIN | DAWG_BEGINCAP :
		    DAWG_MIDDLE)))
			continue;	/* no cut to here */
		s = &c->st[c->base[n + 2] - 1];
		for (t = 0; t < 2; t++) {
			if (t == 1 && !c->nouns)
				break;
			f = s->from == 0 ? first_bits[t] : DAWG_MIDDLE;
			if (b & f)
				cutter_take(c, r, s, n + 1, t, f);
		}
	}
	if (reached(r, 0) || reached(r, 1))
		cutter_add(c, c->root, n + 1, 0);
	return (int)(c->base[n + 2] - c->base[n + 1]);
}

/* Take letters back; see judge.h. */
void
cutter_pop(struct cutter *c, int n)
{
	if (n >= 0 && n < c->n) {
		c->n = n;
		c->key[c->kp[n]] = '\0';
		c->written[c->wp[n]] = '\0';
	}
}

/*
 * The form of the n letters cut as end's way (mode m, capital t) says,
 * into form (len bytes): the parts back to front (a row's form kept for
 * the next verdict), then in place, with c->plus a '+' between them.
 * 0, or -1 if it cannot be.
 */
static int
cut_form(struct cutter *c, const struct cutrow *end, int n, int m, int t,
    char *form, size_t len)
{
	char last[CUT_FORM], *pf;
	const char *pp[CUT_MAX];
	const struct cutrow *r;
	size_t pl[CUT_MAX], o, total = 0;
	uint32_t node;
	unsigned f, bit = 1u << (2 * m + t);
	int p, from, np, j, w;

	for (np = 0, p = n, r = end; p > 0; np++, p = from,
	    r = &c->row[from]) {
		from = r->from[m][t];
		node = r->node[m][t];
		f = p == n ? DAWG_END : from == 0 ? first_bits[t] :
		    DAWG_MIDDLE;
		pf = p == n ? last : c->forms[p][m][t];
		/*
		 * Written's letters are no form of a part that follows
		 * written's parts and is not (cutter_take found that out):
		 * its first form.
		 */
		w = m == 0 && !(c->row[from].wr[t] && !r->wr[t]);
		if ((p == n || !(c->row[p].formed & bit)) &&
		    part_form1(c->d, node, c->key + c->kp[from],
		    (size_t)c->kp[p] - c->kp[from], w ?
		    c->written + c->wp[from] : NULL, w ?
		    (size_t)c->wp[p] - c->wp[from] : 0, f, pf) < 0)
			return -1;	/* cannot be */
		if (p < n)
			c->row[p].formed |= (uint8_t)bit;
		pp[np] = pf;
		pl[np] = strlen(pf);
		total += pl[np];
	}
	if (total + (c->plus ? (size_t)np - 1 : 0) >= len)
		return -1;
	for (o = 0, j = np - 1; j >= 0; j--) {
		memcpy(form + o, pp[j], pl[j]);
		o += pl[j];
		if (c->plus && j > 0)
			form[o++] = '+';
	}
	form[o] = '\0';
	return 0;
}

/* The verdict on the letters so far; see judge.h. */
enum cut
cutter_verdict(struct cutter *c, char *form, size_t len, int *cap)
{
	struct cutrow end;
	const struct cutstate *s;
	const char *pf;
	uint32_t i;
	int n = c->n, m, t, w;

	if (n > CUT_MAX)
		return CUT_OTHER;
	/* Written's letters are the key's, all of them: mode 0. */
	m = c->row[n].wok ? 0 : 1;
	if (c->row[n].ask[m])
		return CUT_ASK;
	cutter_row(&end, &c->row[n]);
	end.wok = c->row[n].wok;
	for (i = c->base[n]; i < c->base[n + 1]; i++) {
		s = &c->st[i];
		if (s->from == 0 || s->from == n || !(s->bits & DAWG_END))
			continue;
		for (t = 0; t < 2 && (t == 0 || c->nouns); t++)
			cutter_take(c, &end, s, n, t, DAWG_END);
	}
	for (t = 0; t < 2; t++) {
		if (end.from[m][t] < 0)
			continue;
		/* Every part written's: the word is written, n letters. */
		if (m == 0 && end.wr[t] && !c->plus) {
			if (c->wp[n] >= len)
				return CUT_OTHER;
			memcpy(form, c->written, (size_t)c->wp[n] + 1);
			*cap = t;
			if (n >= 3)
				return CUT_FOUND;
			continue;
		}
		if (cut_form(c, &end, n, m, t, form, len) < 0)
			return CUT_OTHER;
		*cap = t;
		/* 3 letters or more (lang_width, told apart at 3). */
		for (w = 0, pf = form; *pf != '\0' && w < 3; pf++)
			w += (*pf & 0xc0) != 0x80 && *pf != '+';
		if (w >= 3)
			return CUT_FOUND;
	}
	return CUT_NONE;
}
