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
#include "wordlist.h"

#define KEY_MAX	(GRID_KEY * GRID_CELLS)
#define NSTATE	(KEY_MAX + 2)	/* a part may start at each letter */

/*
 * Where the walk may be in the list: in the first part of a word (a
 * word of its own, or a compound's first part), or in a later part of a
 * compound (later), which starts again at the root.
 */
struct state {
	uint32_t	 node;
	unsigned	 bits;		/* wordlist_bits at node */
	int		 later;
};

/* A key found and the form kept for it, as offsets into walk's ar. */
struct found {
	uint32_t	 key, form;
	uint32_t	 klen, flen;
	uint32_t	 hash;
};

struct walk {
	const struct dawg	*d;
	const struct grid	*g;
	uint32_t		 root;
	int			 nouns;
	unsigned		 begin;		/* bits a first part needs */
	int			 nb[GRID_CELLS][8];	/* neighbours */
	int			 nnb[GRID_CELLS];
	/* For each cell and byte, the neighbours whose key starts with it. */
	uint8_t			 first[GRID_CELLS][256];
	size_t			 klen[GRID_CELLS], tlen_[GRID_CELLS];
	char			 key[KEY_MAX + 1];
	size_t			 len;
	char			 text[KEY_MAX + 1];	/* the dice's letters */
	size_t			 tlen;
	struct state		*st[GRID_CELLS + 2];	/* by depth */
	struct state		 tmp[2][NSTATE];
	/* Words found: each key once, in a table by its hash. */
	struct found		*w;
	size_t			 n, cap;
	char			*ar;		/* their keys' and forms' bytes */
	size_t			 arlen, arcap;
	uint32_t		*slot;		/* index in w + 1, or 0 */
	size_t			 nslot;		/* a power of 2 */
	/* Compounds to put to the dictionary: "key\1text". */
	char			**c;
	size_t			 nc, ccap;
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

/* 1 if a form of key (klen bytes) is among the first n words kept. */
static int
kept(const struct walk *k, const char *key, size_t klen, size_t n)
{
	uint32_t x;

	if (k->nslot == 0)
		return 0;
	x = k->slot[find_slot(k->slot, k->nslot, k->w, k->ar, key, klen,
	    hash(key, klen))];
	return x != 0 && x <= n;
}

/*
 * Keep form, which stands, as a word of key (klen bytes) on the grid:
 * every word the walk finds goes through here.  A key met with several
 * forms keeps the least by strcmp.
 */
static void
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
		return;
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
	k->slot[i] = (uint32_t)++k->n;
}

/* Keep the key spelled so far, if a form of it stands. */
static void
found(struct walk *k, uint32_t node)
{
	char form[256];

	if (!wordlist_judge_node(k->d, node, k->nouns, k->key, k->text, form,
	    sizeof form) || lang_width(form) < 3)
		return;
	keep(k, k->key, k->len, form);
}

/* Add state (node, later) to s[0..*n) unless it is there. */
static void
state_add(struct state *s, int *n, uint32_t node, int later)
{
	int i;

	for (i = 0; i < *n; i++)
		if (s[i].node == node && s[i].later == later)
			return;
	if (*n == NSTATE)
		return;		/* cannot be: one part starts a letter */
	s[*n].node = node;
	s[*n].later = later;
	s[*n].bits = 0;
	(*n)++;
}

/*
 * From states in[0..nin), follow the letters of key (a cell's) into
 * out: after each letter a part that may go on to another starts one
 * at the root.  How many states.
 */
static int
advance(struct walk *k, const struct state *in, int nin, const char *key,
    struct state *out)
{
	const struct state *cur = in;
	struct state *nxt;
	uint32_t node;
	size_t m, i;
	int ncur = nin, n, j, s, eow, flip = 0;

	while (*key != '\0' && ncur > 0) {
		for (m = 1; (key[m] & 0xc0) == 0x80; m++)
			continue;
		nxt = key[m] == '\0' ? out : k->tmp[flip];
		flip = !flip;
		n = 0;
		for (s = 0; s < ncur; s++) {
			node = cur[s].node;
			for (i = 0; i < m && node != 0; i++)
				if (!dawg_step(k->d, node, key[i], &node,
				    &eow))
					node = 0;
			if (node != 0)
				state_add(nxt, &n, node, cur[s].later);
		}
		for (j = n - 1; j >= 0; j--) {
			nxt[j].bits = wordlist_bits(k->d, nxt[j].node);
			if (nxt[j].bits & (nxt[j].later ? DAWG_MIDDLE :
			    k->begin))
				state_add(nxt, &n, k->root, 1);
		}
		cur = nxt;
		ncur = n;
		key += m;
	}
	return *key == '\0' ? ncur : 0;
}

/*
 * With k->key spelled and the list in states st[0..nst) (depth deep),
 * go on to each cell of cand[] not used yet.
 */
static void
branch(struct walk *k, int depth, int nst, uint64_t used, const int *cand,
    int ncand)
{
	size_t len0 = k->len, tlen0 = k->tlen, m, mt;
	struct state *out = k->st[depth + 1];
	int i, to, n, s;

	for (i = 0; i < ncand; i++) {
		to = cand[i];
		if (used & ((uint64_t)1 << to))
			continue;
		m = k->klen[to];
		mt = k->tlen_[to];
		if (m == 0 || k->len + m > KEY_MAX || k->tlen + mt > KEY_MAX ||
		    (n = advance(k, k->st[depth], nst, k->g->keys[to],
		    out)) == 0)
			continue;
		memcpy(k->key + k->len, k->g->keys[to], m + 1);
		k->len += m;
		memcpy(k->text + k->tlen, k->g->cells[to], mt + 1);
		k->tlen += mt;
		for (s = 0; s < n; s++) {
			if (!out[s].later &&
			    (out[s].bits & (DAWG_LOWER | DAWG_CAP)))
				found(k, out[s].node);
			else if (out[s].later && out[s].node != k->root &&
			    (out[s].bits & DAWG_END))
				push(&k->c, &k->nc, &k->ccap, pair(k->key,
				    k->len, k->text));
		}
		branch(k, depth + 1, n, used | (uint64_t)1 << to, k->nb[to],
		    k->nnb[to]);
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
	const uint32_t *e = dawg_edges(k->d, node);
	size_t len0 = k->len, tlen0 = k->tlen, m, mt;
	uint32_t next;
	unsigned bits;
	int j, to;

	for (; e != NULL; e++) {
		bits = k->first[cell][DAWG_LETTER(*e)];
		for (j = 0; bits != 0; j++, bits >>= 1) {
			to = k->nb[cell][j];
			if (!(bits & 1) || (used & ((uint64_t)1 << to)))
				continue;
			m = k->klen[to];
			mt = k->tlen_[to];
			if (k->len + m > KEY_MAX || k->tlen + mt > KEY_MAX ||
			    (next = dawg_child(k->d, *e)) == 0 ||
			    (m > 1 && (next = dawg_walk(k->d, next,
			    k->g->keys[to] + 1)) == 0))
				continue;
			memcpy(k->key + k->len, k->g->keys[to], m + 1);
			k->len += m;
			memcpy(k->text + k->tlen, k->g->cells[to], mt + 1);
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
 * Put the compounds the walk met to the dictionary: each key (with the
 * dice's letters) once, unless a form of it stands already.  0, or -1
 * if sp cannot be asked.
 */
static int
compounds(struct walk *k, const char *dict, int fold,
    const struct speller *sp)
{
	char form[1024], *sep, *w;
	size_t i, nw = k->n;
	int cap, v;

	if (k->nc > 1)
		qsort(k->c, k->nc, sizeof *k->c, cmp_alpha);
	for (i = 0; i < k->nc; i++) {
		if (i > 0 && strcmp(k->c[i], k->c[i - 1]) == 0)
			continue;
		w = k->c[i];
		sep = strchr(w, '\1');
		if (kept(k, w, (size_t)(sep - w), nw))
			continue;
		*sep = '\0';
		v = wordlist_compound(k->d, dict, fold, k->nouns, sp, w,
		    sep + 1, form, sizeof form, &cap);
		if (v < 0)
			return -1;
		if (v == 1)
			keep(k, w, strlen(w), form);
		*sep = '\1';
	}
	return 0;
}

/* A word to sort: 8 bytes of its form (big-endian), its letters. */
struct order {
	uint64_t	 pre;
	uint32_t	 i;		/* in walk's w */
	uint32_t	 width;
};

/* Bytes at..at+8 of s (len bytes) as a big-endian number, 0 past its end. */
static uint64_t
chunk(const char *s, size_t len, size_t at)
{
	uint64_t v = 0;
	size_t j;

	for (j = at; j < at + 8; j++)
		v = v << 8 | (j < len ? (unsigned char)s[j] : 0);
	return v;
}

/* Digit pass of o (LSD radix): pre's bytes, then width's, inverted. */
static unsigned
digit(const struct order *o, int pass)
{
	if (pass < 8)
		return (unsigned)(o->pre >> (8 * pass)) & 0xff;
	return (unsigned)(~o->width >> (8 * (pass - 8))) & 0xff;
}

/*
 * Sort o[0..n) by pre (and before it by width, more first, if bywidth):
 * a pass for each byte, stable, none for a byte all share; tmp holds n.
 */
static void
radix(struct order *o, struct order *tmp, size_t n, int bywidth)
{
	struct order *from = o, *to = tmp, *t;
	size_t count[256], i, sum, c;
	int pass;

	for (pass = 0; pass < (bywidth ? 10 : 8); pass++) {
		memset(count, 0, sizeof count);
		for (i = 0; i < n; i++)
			count[digit(&from[i], pass)]++;
		if (count[digit(&from[0], pass)] == n)
			continue;
		for (sum = 0, i = 0; i < 256; i++) {
			c = count[i];
			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			to[count[digit(&from[i], pass)]++] = from[i];
		t = from;
		from = to;
		to = t;
	}
	if (from != o)
		memcpy(o, from, n * sizeof *o);
}

/* strcmp of the forms of a and b (of k's w), then of their keys. */
static int
order_cmp(const struct walk *k, const struct order *a, const struct order *b)
{
	const struct found *f = &k->w[a->i], *g = &k->w[b->i];
	int c;

	if ((c = cmp_bytes(k->ar + f->form, f->flen, k->ar + g->form,
	    g->flen)) != 0)
		return c;
	return cmp_bytes(k->ar + f->key, f->klen, k->ar + g->key, g->klen);
}

/* Sort o[0..n) by order_cmp, one at a time: for a few. */
static void
insertion(const struct walk *k, struct order *o, size_t n)
{
	struct order x;
	size_t i, j;

	for (i = 1; i < n; i++) {
		x = o[i];
		for (j = i; j > 0 && order_cmp(k, &o[j - 1], &x) > 0; j--)
			o[j] = o[j - 1];
		o[j] = x;
	}
}

/*
 * Sort o[0..n), words of one width whose forms agree on their first at
 * bytes, by strcmp of the forms (then keys, though two keys never share
 * a form): a few by insertion, more by their next 8 bytes, then each run
 * that agrees on those by the 8 after.
 */
static void
sort_run(const struct walk *k, struct order *o, struct order *tmp, size_t n,
    size_t at)
{
	const struct found *f;
	size_t i, e;

	if (n < 32) {
		insertion(k, o, n);
		return;
	}
	for (i = 0; i < n; i++) {
		f = &k->w[o[i].i];
		o[i].pre = chunk(k->ar + f->form, f->flen, at);
	}
	radix(o, tmp, n, 0);
	for (i = 0; i < n; i = e) {
		for (e = i + 1; e < n && o[e].pre == o[i].pre; e++)
			continue;
		/* A run that ends inside these 8 bytes: one form. */
		if (e - i > 1 && (o[i].pre & 0xff) != 0)
			sort_run(k, o + i, tmp, e - i, at + 8);
		else if (e - i > 1)
			insertion(k, o + i, e - i);
	}
}

/*
 * Hand the words k kept to l: longest first (in letters), then by
 * strcmp of the forms, each with its width; the table by key kept (its
 * indexes now the sorted ones).
 */
static void
finish(struct walk *k, struct solve_list *l)
{
	struct order *o, *tmp;
	uint32_t *rank;
	const struct found *f;
	const char *form;
	size_t i, j, e, width;

	memset(l, 0, sizeof *l);
	if (k->n == 0) {
		free(k->ar);
		free(k->slot);
		free(k->w);
		return;
	}
	o = xreallocarray(NULL, k->n, sizeof *o);
	tmp = xreallocarray(NULL, k->n, sizeof *tmp);
	for (i = 0; i < k->n; i++) {
		f = &k->w[i];
		form = k->ar + f->form;
		for (width = 0, j = 0; j < f->flen; j++)
			width += ((unsigned char)form[j] & 0xc0) != 0x80;
		o[i].pre = chunk(form, f->flen, 0);
		o[i].i = (uint32_t)i;
		o[i].width = (uint32_t)width;
	}
	radix(o, tmp, k->n, 1);
	for (i = 0; i < k->n; i = e) {
		for (e = i + 1; e < k->n && o[e].pre == o[i].pre &&
		    o[e].width == o[i].width; e++)
			continue;
		if (e - i > 1)
			sort_run(k, o + i, tmp, e - i, 0);
	}
	free(tmp);
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

/* Every word on the grid and its key; see solve.h. */
size_t
solve_grid_list(const struct dawg *d, const struct grid *grid,
    const char *dict, int fold, int nouns, const struct speller *sp,
    struct solve_list *l)
{
	struct walk *k;
	struct grid g = *grid;
	size_t i;
	int all[GRID_CELLS], cell, dr, dc, r, c, failed;
	uint32_t node;

	memset(l, 0, sizeof *l);
	if (g.n < GRID_MIN || g.n > GRID_MAX ||
	    wordlist_root(d, fold) == 0)
		return 0;
	/* 30 KB: on the heap. */
	k = xcalloc(1, sizeof *k);
	k->root = wordlist_root(d, fold);
	grid_keys(&g, dict, fold);
	k->d = d;
	k->g = &g;
	k->nouns = nouns;
	k->begin = DAWG_BEGIN | (nouns ? DAWG_BEGINCAP : 0);
	for (cell = 0; cell < g.n * g.n; cell++) {
		all[cell] = cell;
		k->klen[cell] = strlen(g.keys[cell]);
		k->tlen_[cell] = strlen(g.cells[cell]);
		for (dr = -1; dr <= 1; dr++)
			for (dc = -1; dc <= 1; dc++) {
				r = cell / g.n + dr;
				c = cell % g.n + dc;
				if ((dr == 0 && dc == 0) || r < 0 ||
				    r >= g.n || c < 0 || c >= g.n)
					continue;
				k->nb[cell][k->nnb[cell]++] = r * g.n + c;
			}
	}
	for (cell = 0; cell < g.n * g.n; cell++)
		for (i = 0; i < (size_t)k->nnb[cell]; i++)
			k->first[cell][(unsigned char)
			    g.keys[k->nb[cell][i]][0]] |= 1u << i;
	if (wordlist_has_parts(d)) {
		for (i = 0; i < GRID_CELLS + 2; i++)
			k->st[i] = xcalloc(NSTATE, sizeof *k->st[i]);
		k->st[0][0].node = k->root;
		branch(k, 0, 1, 0, all, g.n * g.n);
		for (i = 0; i < GRID_CELLS + 2; i++)
			free(k->st[i]);
	} else
		for (cell = 0; cell < g.n * g.n; cell++) {
			if ((k->len = k->klen[cell]) == 0 ||
			    (node = dawg_walk(d, k->root, g.keys[cell])) == 0)
				continue;
			memcpy(k->key, g.keys[cell], k->len + 1);
			k->tlen = k->tlen_[cell];
			memcpy(k->text, g.cells[cell], k->tlen + 1);
			found(k, node);
			branch1(k, node, (uint64_t)1 << cell, cell);
		}
	failed = compounds(k, dict, fold, sp);
	for (i = 0; i < k->nc; i++)
		free(k->c[i]);
	free(k->c);
	if (failed) {
		free(k->w);
		free(k->ar);
		free(k->slot);
		free(k);
		return SOLVE_FAILED;
	}
	finish(k, l);
	free(k);
	return l->n;
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
solve_grid(const struct dawg *d, const struct grid *grid, const char *dict,
    int fold, int nouns, const struct speller *sp, char ***words)
{
	struct solve_list l;
	size_t n, i, size;
	char **w, *t;

	*words = NULL;
	if ((n = solve_grid_list(d, grid, dict, fold, nouns, sp, &l)) ==
	    SOLVE_FAILED || n == 0)
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
