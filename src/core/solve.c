/*
 * solve.c: every word on the grid, by a walk of the grid and the list
 * together: a path is followed only while some word starts with it,
 * and each step tries every free neighbour in one scan of the list.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "lang.h"
#include "solve.h"

#define KEY_MAX	(GRID_KEY * GRID_CELLS)

#if defined(__GNUC__)
#define PREFETCH(p)	__builtin_prefetch(p)
#else
#define PREFETCH(p)	((void)(p))
#endif

/*
 * A set of strings "key\1text", each with a NUL in an arena (a), by
 * their offset + 1 in an open table (slot, cap a power of 2).
 */
struct seen {
	uint32_t	*slot;
	size_t		 cap, n;
	char		*a;
	size_t		 alen, acap;
};

/* A key found and the form kept for it, as offsets into walk's ar. */
struct found {
	uint32_t	 key, form;
	uint32_t	 klen, flen;
	uint32_t	 hash;
	int		 byfound;	/* a form of the list, kept by found() */
};

struct walk {
	const struct dawg	*d;
	const dawg_edge		*e;		/* dawg_all: its edges */
	uint32_t		 ne;
	const struct grid	*g;
	struct lang		*lg;		/* the caller's (lang.h) */
	uint32_t		 root;
	int			 nouns;
	int			 nb[GRID_CELLS][8];	/* neighbours */
	int			 nnb[GRID_CELLS];
	/* For each cell and byte, the neighbours whose key starts with it. */
	uint8_t			 first[GRID_CELLS][256];
	/* ... and those whose key's first byte the root has. */
	uint8_t			 rootnb[GRID_CELLS];
	size_t			 klen[GRID_CELLS], tlen_[GRID_CELLS];
	char			 key[KEY_MAX + 1];
	size_t			 len;
	char			 text[KEY_MAX + 1];	/* the dice's letters */
	size_t			 tlen;
	/*
	 * The cuts of the key spelled so far (a list with compound parts),
	 * fed each cell's letters: their offsets in its key (nl of them)
	 * and, if the cell's letters are its key's (al), in its text.
	 */
	struct cutter		*cu;
	int			 nl[GRID_CELLS], al[GRID_CELLS];
	uint16_t		 ko[GRID_CELLS][GRID_KEY + 1];
	uint16_t		 wo[GRID_CELLS][GRID_KEY + 1];
	/* Words found: each key once, in a table by its hash. */
	struct found		*w;
	size_t			 n, cap;
	char			*ar;		/* their keys' and forms' bytes */
	size_t			 arlen, arcap;
	uint32_t		*slot;		/* index in w + 1, or 0 */
	size_t			 nslot;		/* a power of 2 */
	/*
	 * Compounds left to judge_compound after the walk, "key\1text":
	 * those the cutter cannot judge (c), and those to judge unless a
	 * form of their key was kept on another path (c2).
	 */
	char			**c, **c2;
	size_t			 nc, ccap, nc2, ccap2;
	struct seen		 seen;		/* the compounds judged */
};

/* Add s to the growing array *a. */
static void
push(char ***a, size_t *n, size_t *cap, char *s)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*a = xreallocarray(*a, *cap, sizeof **a);
	}
	(*a)[(*n)++] = s;
}

/* "a\1b", malloc'd. */
static char *
pair(const char *a, size_t al, const char *b)
{
	size_t bl = strlen(b);
	char *w = xmalloc(al + bl + 2);

	memcpy(w, a, al);
	w[al] = '\1';
	memcpy(w + al + 1, b, bl + 1);
	return w;
}

/* A hash of the n bytes at s, eight at a time. */
static uint32_t
hash(const char *s, size_t n)
{
	const uint64_t m = 0x9e3779b97f4a7c15u;
	uint64_t h = n * m, v;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&v, s, 8);
		h = (h ^ v) * m;
		h ^= h >> 29;
	}
	if (n > 0) {
		v = 0;
		memcpy(&v, s, n);
		h = (h ^ v) * m;
		h ^= h >> 29;
	}
	return (uint32_t)(h >> 32 ^ h);
}

/* strcmp of a (al bytes) and b (bl bytes), neither holding a NUL. */
static int
cmp_bytes(const char *a, size_t al, const char *b, size_t bl)
{
	int c = memcmp(a, b, al < bl ? al : bl);

	if (c != 0 || al == bl)
		return c;
	return al < bl ? -1 : 1;
}

/* Append the n bytes at s and a NUL to k->ar; their offset. */
static uint32_t
ar_add(struct walk *k, const char *s, size_t n)
{
	size_t at = k->arlen;

	if (k->arlen + n + 1 > k->arcap) {
		while (k->arlen + n + 1 > k->arcap)
			k->arcap = k->arcap ? k->arcap * 2 : 4096;
		k->ar = xreallocarray(k->ar, k->arcap, 1);
	}
	memcpy(k->ar + at, s, n);
	k->ar[at + n] = '\0';
	k->arlen += n + 1;
	return (uint32_t)at;
}

/* The slot of key (klen bytes, hash h) in slot[0..nslot): its word's, or the empty one it would take. */
static size_t
find_slot(const uint32_t *slot, size_t nslot, const struct found *w,
    const char *ar, const char *key, size_t klen, uint32_t h)
{
	size_t i = h & (nslot - 1);
	const struct found *f;

	for (; slot[i] != 0; i = (i + 1) & (nslot - 1)) {
		f = &w[slot[i] - 1];
		if (f->hash == h && f->klen == klen &&
		    memcmp(ar + f->key, key, klen) == 0)
			break;
	}
	return i;
}

/* Twice the slots, each word put back by its hash. */
static void
grow_slots(struct walk *k)
{
	size_t i, j;

	free(k->slot);
	k->nslot = k->nslot ? k->nslot * 2 : 1024;
	k->slot = xcalloc(k->nslot, sizeof *k->slot);
	for (i = 0; i < k->n; i++) {
		for (j = k->w[i].hash & (k->nslot - 1); k->slot[j] != 0;
		    j = (j + 1) & (k->nslot - 1))
			continue;
		k->slot[j] = (uint32_t)i + 1;
	}
}

/* 1 if found() kept a form of key (klen bytes). */
static int
kept_by_found(const struct walk *k, const char *key, size_t klen)
{
	uint32_t x;

	if (k->nslot == 0)
		return 0;
	x = k->slot[find_slot(k->slot, k->nslot, k->w, k->ar, key, klen,
	    hash(key, klen))];
	return x != 0 && k->w[x - 1].byfound;
}

/*
 * Keep form, which stands, as a word of key (klen bytes) on the grid:
 * every word the walk finds goes through here.  A key met with several
 * forms keeps the least by strcmp.  Its entry.
 */
static struct found *
keep(struct walk *k, const char *key, size_t klen, const char *form)
{
	size_t flen = strlen(form), i;
	uint32_t h = hash(key, klen);
	struct found *f;

	if (2 * (k->n + 1) > k->nslot)
		grow_slots(k);
	i = find_slot(k->slot, k->nslot, k->w, k->ar, key, klen, h);
	if (k->slot[i] != 0) {
		f = &k->w[k->slot[i] - 1];
		if (cmp_bytes(form, flen, k->ar + f->form, f->flen) < 0) {
			f->form = ar_add(k, form, flen);
			f->flen = (uint32_t)flen;
		}
		return f;
	}
	if (k->n == k->cap) {
		k->cap = k->cap ? k->cap * 2 : 256;
		k->w = xreallocarray(k->w, k->cap, sizeof *k->w);
	}
	f = &k->w[k->n];
	f->key = ar_add(k, key, klen);
	f->klen = (uint32_t)klen;
	f->form = ar_add(k, form, flen);
	f->flen = (uint32_t)flen;
	f->hash = h;
	f->byfound = 0;
	k->slot[i] = (uint32_t)++k->n;
	return f;
}

/*
 * Keep the key spelled so far, if a form of it stands: 1 if kept, 2 if
 * one stands but is under 3 letters (another path's may not be), 0 if
 * none stands.
 */
static int
found(struct walk *k, uint32_t node)
{
	char form[256];

	/* No record ends here (the separator is a node's first edge). */
	if (node == 0 || node >= k->ne || DAWG_LETTER(k->e[node]) != DAWG_SEP)
		return 0;
	if (!judge_node(k->d, node, k->nouns, k->key, k->text, form,
	    sizeof form))
		return 0;
	if (lang_width(form) < 3)
		return 2;
	/* Marked, for the compounds of c2. */
	keep(k, k->key, k->len, form)->byfound = 1;
	return 1;
}

/* The hash of key (klen bytes) with text (tlen). */
static uint32_t
seen_hash(const char *key, size_t klen, const char *text, size_t tlen)
{
	return hash(key, klen) ^ hash(text, tlen) * 0x9e3779b9u;
}

/* Double the table of s (or make it), every string put back. */
static void
seen_grow(struct seen *s)
{
	uint32_t *old = s->slot, o;
	const char *e, *sep;
	size_t cap = s->cap, i, j;

	s->cap = cap ? cap * 2 : 4096;
	s->slot = xcalloc(s->cap, sizeof *s->slot);
	for (i = 0; i < cap; i++) {
		if ((o = old[i]) == 0)
			continue;
		e = s->a + o - 1;
		sep = strchr(e, '\1');
		for (j = seen_hash(e, (size_t)(sep - e), sep + 1,
		    strlen(sep + 1)) & (s->cap - 1); s->slot[j] != 0;
		    j = (j + 1) & (s->cap - 1))
			continue;
		s->slot[j] = o;
	}
	free(old);
}

/* 1 if key (klen bytes) with text (tlen) is in s; else put it in, 0. */
static int
seen_add(struct seen *s, const char *key, size_t klen, const char *text,
    size_t tlen)
{
	const char *e;
	size_t i, need = klen + tlen + 2;
	uint32_t o;

	if (2 * (s->n + 1) > s->cap)
		seen_grow(s);
	for (i = seen_hash(key, klen, text, tlen) & (s->cap - 1);
	    (o = s->slot[i]) != 0; i = (i + 1) & (s->cap - 1)) {
		e = s->a + o - 1;
		if (memcmp(e, key, klen) == 0 && e[klen] == '\1' &&
		    memcmp(e + klen + 1, text, tlen) == 0 &&
		    e[klen + 1 + tlen] == '\0')
			return 1;
	}
	if (s->alen + need > s->acap) {
		s->acap = s->acap * 2 + need + 65536;
		s->a = xreallocarray(s->a, s->acap, 1);
	}
	memcpy(s->a + s->alen, key, klen);
	s->a[s->alen + klen] = '\1';
	memcpy(s->a + s->alen + klen + 1, text, tlen);
	s->a[s->alen + need - 1] = '\0';
	s->slot[i] = (uint32_t)s->alen + 1;
	s->alen += need;
	s->n++;
	return 0;
}

/*
 * The key spelled so far as a whole word (a list with compound parts):
 * a form of it, else a compound the cutter judges (keep), else left
 * for judge_compound after the walk: the walk's part of the verdict
 * a challenge gives (judge_all), each path's key once.
 */
static void
ends(struct walk *k)
{
	const struct cutter *c = k->cu;
	const struct cutstate *s = c->st + c->base[c->n],
	    *e = c->st + c->base[c->n + 1];
	char form[1024];
	uint32_t node = 0;
	int comp = 0, cap;

	for (; s < e; s++)
		if (s->from == 0) {
			if (s->bits & (DAWG_LOWER | DAWG_CAP))
				node = s->node;
		} else if (s->from < c->n && (s->bits & DAWG_END))
			comp = 1;
	/* A compound only where no form of the key stands. */
	switch (node != 0 ? found(k, node) : 0) {
	case 1:
		return;
	case 2:
		if (comp)
			push(&k->c2, &k->nc2, &k->ccap2, pair(k->key, k->len,
			    k->text));
		return;
	}
	/* A key met with the same letters on another path: judged. */
	if (!comp || seen_add(&k->seen, k->key, k->len, k->text, k->tlen))
		return;
	switch (cutter_verdict(k->cu, form, sizeof form, &cap)) {
	case CUT_FOUND:
		keep(k, k->key, k->len, form);
		break;
	case CUT_NONE:
		break;
	case CUT_ASK:
	case CUT_OTHER:
		push(&k->c, &k->nc, &k->ccap, pair(k->key, k->len, k->text));
		break;
	}
}

/* Feed the cutter cell to's letters: 0 if no part goes on (none fed). */
static int
enter(struct walk *k, int to)
{
	const char *key = k->g->keys[to], *text = k->g->cells[to];
	const uint16_t *ko = k->ko[to], *wo = k->wo[to];
	int i, n0 = k->cu->n;

	for (i = 0; i < k->nl[to]; i++)
		if (cutter_push(k->cu, key + ko[i], (size_t)(ko[i + 1] - ko[i]),
		    k->al[to] ? text + wo[i] : NULL, (size_t)(wo[i + 1] -
		    wo[i])) <= 0) {
			cutter_pop(k->cu, n0);
			return 0;
		}
	return 1;
}

/*
 * The neighbours of cell (bits, k->nb's order) whose key's first byte
 * lets a part of k->cu go on: each part's node's edges read once, a
 * part starting here by the root's (k->rootnb).
 */
static unsigned
going_on(const struct walk *k, int cell)
{
	const struct cutter *c = k->cu;
	const struct cutstate *s = c->st + c->base[c->n],
	    *e = c->st + c->base[c->n + 1];
	const dawg_edge *edge;
	unsigned mask = 0;

	for (; s < e; s++) {
		if (s->node == k->root) {
			mask |= k->rootnb[cell];
			continue;
		}
		for (edge = dawg_edges(k->d, s->node); edge != NULL; edge++) {
			mask |= k->first[cell][DAWG_LETTER(*edge)];
			if (*edge & DAWG_LAST)
				break;
		}
	}
	return mask;
}

/*
 * With k->key spelled (a list with compound parts, its cuts in k->cu),
 * the last cell cell, go on to each neighbour not used yet.
 */
static void
branch(struct walk *k, uint64_t used, int cell)
{
	size_t len0 = k->len, tlen0 = k->tlen, m, mt, i;
	unsigned mask = going_on(k, cell);
	int j, to, n0 = k->cu->n;

	for (j = 0; mask != 0; j++, mask >>= 1) {
		to = k->nb[cell][j];
		if (!(mask & 1) || (used & ((uint64_t)1 << to)))
			continue;
		m = k->klen[to];
		mt = k->tlen_[to];
		if (m == 0 || k->len + m > KEY_MAX || k->tlen + mt > KEY_MAX ||
		    !enter(k, to))
			continue;
		for (i = 0; i <= m; i++)
			k->key[k->len + i] = k->g->keys[to][i];
		k->len += m;
		for (i = 0; i <= mt; i++)
			k->text[k->tlen + i] = k->g->cells[to][i];
		k->tlen += mt;
		ends(k);
		branch(k, used | (uint64_t)1 << to, to);
		cutter_pop(k->cu, n0);
		k->len = len0;
		k->key[k->len] = '\0';
		k->tlen = tlen0;
		k->text[k->tlen] = '\0';
	}
}

/*
 * The walk of a list with no compound parts: one place in the list.
 * With k->key spelled (the last cell cell) and the list at node, read
 * each edge of node once, meeting the free neighbours whose key starts
 * with its byte (k->first: a bit for each neighbour).
 */
static void
branch1(struct walk *k, uint32_t node, uint64_t used, int cell)
{
	const dawg_edge *e, *p;
	size_t len0 = k->len, tlen0 = k->tlen, m, mt, i;
	uint32_t next;
	unsigned bits;
	int j, to;

	if (node == 0 || node >= k->ne)
		return;
	e = k->e + node;
	/*
	 * The nodes the walk may go on to, fetched ahead: the walk is
	 * bound by reading the list (each node's edges met once, in no
	 * order the caches know), and this lets those reads overlap.
	 */
	for (p = e;; p++) {
		if (k->first[cell][DAWG_LETTER(*p)] != 0 &&
		    DAWG_CHILD(*p) < k->ne)
			PREFETCH(k->e + DAWG_CHILD(*p));
		if (*p & DAWG_LAST)
			break;
	}
	for (;; e++) {
		bits = k->first[cell][DAWG_LETTER(*e)];
		for (j = 0; bits != 0; j++, bits >>= 1) {
			to = k->nb[cell][j];
			if (!(bits & 1) || (used & ((uint64_t)1 << to)))
				continue;
			m = k->klen[to];
			mt = k->tlen_[to];
			if (k->len + m > KEY_MAX || k->tlen + mt > KEY_MAX ||
			    (next = DAWG_CHILD(*e)) == 0 || next >= k->ne ||
			    (m > 1 && (next = dawg_walk(k->d, next,
			    k->g->keys[to] + 1)) == 0))
				continue;
			/* A cell's letters: a byte or a few, with the NUL. */
			for (i = 0; i <= m; i++)
				k->key[k->len + i] = k->g->keys[to][i];
			k->len += m;
			for (i = 0; i <= mt; i++)
				k->text[k->tlen + i] = k->g->cells[to][i];
			k->tlen += mt;
			found(k, next);
			branch1(k, next, used | (uint64_t)1 << to, to);
			k->len = len0;
			k->key[k->len] = '\0';
			k->tlen = tlen0;
			k->text[k->tlen] = '\0';
		}
		if (*e & DAWG_LAST)
			break;
	}
}

/* qsort: strcmp of string pointers. */
static int
cmp_alpha(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Put the compounds of c[0..nc) ("key\1text") to judge_compound,
 * each once, unless (if byfound) found() kept a form of their key; keep
 * those that stand, free c.  0, or -1 if sp cannot be asked.
 */
static int
put(struct walk *k, char **c, size_t nc, int byfound, const char *dict,
    int fold, const struct speller *sp)
{
	char form[1024], *sep, *w;
	size_t i;
	int cap, v = 0;

	if (nc > 1)
		qsort(c, nc, sizeof *c, cmp_alpha);
	for (i = 0; i < nc && v >= 0; i++) {
		if (i > 0 && strcmp(c[i], c[i - 1]) == 0)
			continue;
		w = c[i];
		sep = strchr(w, '\1');
		*sep = '\0';
		if (byfound && kept_by_found(k, w, (size_t)(sep - w)))
			continue;
		v = judge_compound(k->d, k->lg, dict, fold, k->nouns, 0, sp,
		    w, sep + 1, form, sizeof form, &cap);
		if (v == 1)
			keep(k, w, (size_t)(sep - w), form);
	}
	for (i = 0; i < nc; i++)
		free(c[i]);
	free(c);
	return v < 0 ? -1 : 0;
}

/*
 * Put the compounds the walk left to the dictionary: those of k->c, and
 * those of k->c2 unless found() kept a form of their key.  0, or -1 if
 * sp cannot be asked.
 */
static int
put_compounds(struct walk *k, const char *dict, int fold,
    const struct speller *sp)
{
	int rc;

	rc = put(k, k->c, k->nc, 0, dict, fold, sp);
	if (put(k, k->c2, k->nc2, 1, dict, fold, sp) != 0)
		rc = -1;
	k->c = k->c2 = NULL;
	k->nc = k->nc2 = 0;
	return rc;
}

/*
 * A word to sort: its form and key (in walk's ar), its letters, and its
 * form's first 8 bytes as a number that compares as strcmp does.
 */
struct order {
	const char	*form, *key;
	size_t		 flen, klen;
	uint64_t	 pre;
	uint32_t	 i;		/* in walk's w */
	uint32_t	 width;
};

/* The first 8 bytes of s (n bytes; NULs after), most significant first. */
static uint64_t
prefix(const char *s, size_t n)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < 8; i++)
		v = v << 8 | (i < n ? (unsigned char)s[i] : 0);
	return v;
}

/* qsort: more letters first, then strcmp of the forms, then the keys. */
static int
order_cmp(const void *x, const void *y)
{
	const struct order *a = x, *b = y;
	int c;

	if (a->width != b->width)
		return a->width > b->width ? -1 : 1;
	if (a->pre != b->pre)
		return a->pre < b->pre ? -1 : 1;
	if ((c = cmp_bytes(a->form, a->flen, b->form, b->flen)) != 0)
		return c;
	return cmp_bytes(a->key, a->klen, b->key, b->klen);
}

/*
 * Hand the words k kept to l: longest first (in letters), then by
 * strcmp of the forms, each with its width; the table by key kept (its
 * indexes now the sorted ones).
 */
static void
finish(struct walk *k, struct solve_list *l)
{
	struct order *o;
	uint32_t *rank;
	const struct found *f;
	const char *form;
	size_t i, j, width;

	memset(l, 0, sizeof *l);
	if (k->n == 0) {
		free(k->ar);
		free(k->slot);
		free(k->w);
		return;
	}
	o = xreallocarray(NULL, k->n, sizeof *o);
	for (i = 0; i < k->n; i++) {
		f = &k->w[i];
		form = k->ar + f->form;
		for (width = 0, j = 0; j < f->flen; j++)
			width += ((unsigned char)form[j] & 0xc0) != 0x80;
		o[i].form = form;
		o[i].flen = f->flen;
		o[i].pre = prefix(form, f->flen);
		o[i].key = k->ar + f->key;
		o[i].klen = f->klen;
		o[i].i = (uint32_t)i;
		o[i].width = (uint32_t)width;
	}
	qsort(o, k->n, sizeof *o, order_cmp);
	l->w = xreallocarray(NULL, k->n, sizeof *l->w);
	rank = xreallocarray(NULL, k->n, sizeof *rank);
	for (i = 0; i < k->n; i++) {
		f = &k->w[o[i].i];
		rank[o[i].i] = (uint32_t)i;
		l->w[i].form = k->ar + f->form;
		l->w[i].key = k->ar + f->key;
		l->w[i].len = f->flen;
		l->w[i].width = o[i].width;
	}
	for (i = 0; i < k->nslot; i++)
		if (k->slot[i] != 0)
			k->slot[i] = rank[k->slot[i] - 1] + 1;
	l->n = k->n;
	l->text = k->ar;
	l->slot = k->slot;
	l->nslot = k->nslot;
	l->hash = xreallocarray(NULL, k->n, sizeof *l->hash);
	for (i = 0; i < k->n; i++)
		l->hash[rank[i]] = k->w[i].hash;
	free(rank);
	free(o);
	free(k->w);
}

/* Each cell's neighbours in k (nb, nnb) and the first letters of theirs. */
static void
walk_neighbours(struct walk *k, const struct grid *g)
{
	size_t i;
	int cell, dr, dc, r, c;

	for (cell = 0; cell < g->n * g->n; cell++) {
		k->klen[cell] = strlen(g->keys[cell]);
		k->tlen_[cell] = strlen(g->cells[cell]);
		for (dr = -1; dr <= 1; dr++)
			for (dc = -1; dc <= 1; dc++) {
				r = cell / g->n + dr;
				c = cell % g->n + dc;
				if ((dr == 0 && dc == 0) || r < 0 ||
				    r >= g->n || c < 0 || c >= g->n)
					continue;
				k->nb[cell][k->nnb[cell]++] = r * g->n + c;
			}
	}
	for (cell = 0; cell < g->n * g->n; cell++)
		for (i = 0; i < (size_t)k->nnb[cell]; i++)
			k->first[cell][(unsigned char)
			    g->keys[k->nb[cell][i]][0]] |= 1u << i;
}

/*
 * Compounds (compounds=on, a list with parts): the cutter's walk from
 * every cell of k's grid.
 */
static void
walk_compounds(struct walk *k, const char *dict, int fold)
{
	const struct grid *g = k->g;
	size_t i, m, l;
	int cell;

	k->cu = xmalloc(sizeof *k->cu);
	k->cu->st = NULL;
	cutter_init(k->cu, k->d, k->root, k->nouns);
	for (cell = 0; cell < g->n * g->n; cell++) {
		for (m = 0; g->keys[cell][m] != '\0'; m += l) {
			l = 1;
			while ((g->keys[cell][m + l] & 0xc0) == 0x80)
				l++;
			k->ko[cell][k->nl[cell]++] = (uint16_t)m;
		}
		k->ko[cell][k->nl[cell]] = (uint16_t)m;
		k->al[cell] = judge_aligned(k->lg, dict, fold,
		    g->keys[cell], g->cells[cell], k->wo[cell], GRID_KEY + 1);
	}
	for (cell = 0; cell < g->n * g->n; cell++)
		for (i = 0; i < (size_t)k->nnb[cell]; i++)
			if (k->cu->next[(unsigned char)
			    g->keys[k->nb[cell][i]][0]] != 0)
				k->rootnb[cell] |= (uint8_t)(1u << i);
	for (cell = 0; cell < g->n * g->n; cell++) {
		if ((k->len = k->klen[cell]) == 0 || !enter(k, cell))
			continue;
		memcpy(k->key, g->keys[cell], k->len + 1);
		k->tlen = k->tlen_[cell];
		memcpy(k->text, g->cells[cell], k->tlen + 1);
		ends(k);
		branch(k, (uint64_t)1 << cell, cell);
		cutter_pop(k->cu, 0);
	}
	cutter_done(k->cu);
	free(k->cu);
	free(k->seen.slot);
	free(k->seen.a);
	k->cu = NULL;
}

/* The forms alone from every cell of k's grid: one place (branch1). */
static void
walk_forms(struct walk *k)
{
	const struct grid *g = k->g;
	uint32_t node;
	int cell;

	for (cell = 0; cell < g->n * g->n; cell++) {
		if ((k->len = k->klen[cell]) == 0 ||
		    (node = dawg_walk(k->d, k->root, g->keys[cell])) == 0)
			continue;
		memcpy(k->key, g->keys[cell], k->len + 1);
		k->tlen = k->tlen_[cell];
		memcpy(k->text, g->cells[cell], k->tlen + 1);
		found(k, node);
		branch1(k, node, (uint64_t)1 << cell, cell);
	}
}

/* Every word on the grid and its key; see solve.h. */
size_t
solve_grid_list(const struct dawg *d, const struct grid *grid,
    struct lang *lg, const char *dict, int fold, int nouns, int compounds,
    const struct speller *sp, struct solve_list *list)
{
	struct walk *k;
	struct grid g = *grid;
	unsigned char *memo;

	memset(list, 0, sizeof *list);
	if (g.n < GRID_MIN || g.n > GRID_MAX ||
	    judge_root(d, fold) == 0)
		return 0;
	/* 30 KB: on the heap. */
	k = xcalloc(1, sizeof *k);
	k->root = judge_root(d, fold);
	grid_keys(&g, lg, dict, fold);
	k->lg = lg;
	k->d = d;
	k->e = dawg_all(d, &k->ne, &memo);
	k->g = &g;
	k->nouns = nouns;
	walk_neighbours(k, &g);
	if (compounds && judge_has_parts(d))
		walk_compounds(k, dict, fold);
	else
		walk_forms(k);
	if (put_compounds(k, dict, fold, sp)) {
		free(k->w);
		free(k->ar);
		free(k->slot);
		free(k);
		return SOLVE_FAILED;
	}
	finish(k, list);
	free(k);
	return list->n;
}

/* The index of the word of key in l; see solve.h. */
size_t
solve_find(const struct solve_list *l, const char *key)
{
	size_t klen = strlen(key), i;
	uint32_t h = hash(key, klen), x;

	if (l->nslot == 0)
		return SOLVE_FAILED;
	for (i = h & (l->nslot - 1); (x = l->slot[i]) != 0;
	    i = (i + 1) & (l->nslot - 1))
		if (l->hash[x - 1] == h && strcmp(l->w[x - 1].key, key) == 0)
			return x - 1;
	return SOLVE_FAILED;
}

/* Free what solve_grid_list gave. */
void
solve_list_free(struct solve_list *l)
{
	free(l->w);
	free(l->text);
	free(l->slot);
	free(l->hash);
	memset(l, 0, sizeof *l);
}

/* Every word on the grid; see solve.h. */
size_t
solve_grid(const struct dawg *d, const struct grid *grid, struct lang *lg,
    const char *dict, int fold, int nouns, int compounds,
    const struct speller *sp, char ***words)
{
	struct solve_list l;
	size_t n, i, size;
	char **w, *t;

	*words = NULL;
	if ((n = solve_grid_list(d, grid, lg, dict, fold, nouns, compounds,
	    sp, &l)) == SOLVE_FAILED || n == 0)
		return n;
	/* One block: the pointers, then the forms. */
	for (size = n * sizeof *w, i = 0; i < n; i++)
		size += l.w[i].len + 1;
	w = xmalloc(size);
	t = (char *)(w + n);
	for (i = 0; i < n; i++) {
		w[i] = memcpy(t, l.w[i].form, l.w[i].len + 1);
		t += l.w[i].len + 1;
	}
	solve_list_free(&l);
	*words = w;
	return n;
}

/* Free what solve_grid gave: one block (n is how many it gave). */
void
solve_free(char **words, size_t n)
{
	(void)n;
	free(words);
}
