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

struct walk {
	const struct dawg	*d;
	const struct grid	*g;
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
	/* Forms found, with their keys: "key\1form". */
	char			**w;
	size_t			 n, cap;
	/*
	 * Compounds left to wordlist_compound after the walk, "key\1text":
	 * those the cutter cannot judge (c), and those to judge unless a
	 * form of their key was kept on another path (c2).
	 */
	char			**c, **c2;
	size_t			 nc, ccap, nc2, ccap2;
	/* The keys of the forms found() kept, each followed by a NUL. */
	char			*fk;
	size_t			 nfk, fkcap;
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

/*
 * Keep form, which stands, as a word of key (klen bytes) on the grid:
 * every word the walk finds goes through here.
 */
static void
keep(struct walk *k, const char *key, size_t klen, const char *form)
{
	push(&k->w, &k->n, &k->cap, pair(key, klen, form));
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

	if (!wordlist_judge_node(k->d, node, k->nouns, k->key, k->text, form,
	    sizeof form))
		return 0;
	if (lang_width(form) < 3)
		return 2;
	keep(k, k->key, k->len, form);
	if (k->cu != NULL) {
		/* Its key, for the compounds of c2. */
		if (k->nfk + k->len + 1 > k->fkcap) {
			k->fkcap = k->fkcap * 2 + k->len + 1 + 4096;
			k->fk = xreallocarray(k->fk, k->fkcap, 1);
		}
		memcpy(k->fk + k->nfk, k->key, k->len + 1);
		k->nfk += k->len + 1;
	}
	return 1;
}

/* A hash of n bytes of s, from h: eight at a time. */
static uint64_t
mix(uint64_t h, const char *s, size_t n)
{
	uint64_t w;
	size_t i;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 29;
	}
	for (w = n, i = 0; i < n; i++)
		w = w << 8 | (unsigned char)s[i];
	h = (h ^ w) * 0x9e3779b97f4a7c15ull;
	return h ^ h >> 32;
}

/* The hash of key (klen bytes) with text (tlen). */
static uint64_t
seen_hash(const char *key, size_t klen, const char *text, size_t tlen)
{
	return mix(mix(0, key, klen), text, tlen);
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
 * for wordlist_compound after the walk: the walk's part of the verdict
 * a challenge gives (wordlist_judge_all), each path's key once.
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
	const uint32_t *edge;
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

/* bsearch: the keys of two "key\1..." strings. */
static int
key_cmp(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;

	/* A key ends at '\1' (no key holds one): the shorter first. */
	for (; *x == *y && *x != '\1'; x++, y++)
		continue;
	if (*x == *y)
		return 0;
	if (*x == '\1' || *y == '\1')
		return *x == '\1' ? -1 : 1;
	return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
}

/* 1 if "key\1form" a and b have the same key. */
static int
same_key(const char *a, const char *b)
{
	return key_cmp(&a, &b) == 0;
}

struct sortw {
	char	*w;
	size_t	 width;
};

/* qsort: longer first, then alphabetical. */
static int
sortw_cmp(const void *a, const void *b)
{
	const struct sortw *x = a, *y = b;

	if (x->width != y->width)
		return x->width > y->width ? -1 : 1;
	return strcmp(x->w, y->w);
}

/* Sort w[0..n): longer first (in letters), then alphabetical. */
static void
sort_words(char **w, size_t n)
{
	struct sortw *s;
	size_t i;

	if (n < 2)
		return;
	s = xcalloc(n, sizeof *s);
	for (i = 0; i < n; i++) {
		s[i].w = w[i];
		s[i].width = lang_width(w[i]);
	}
	qsort(s, n, sizeof *s, sortw_cmp);
	for (i = 0; i < n; i++)
		w[i] = s[i].w;
	free(s);
}

/* Every word on the grid; see solve.h. */
size_t
solve_grid(const struct dawg *d, const struct grid *grid, const char *dict,
    int fold, int nouns, const struct speller *sp, char ***words)
{
	return solve_grid_keys(d, grid, dict, fold, nouns, sp, words, NULL);
}

/*
 * Put the compounds of c[0..nc) ("key\1text") to wordlist_compound,
 * each once, unless their key is one of fk[0..nfk) (sorted); keep those
 * that stand, free c.  0, or -1 if sp cannot be asked.
 */
static int
put(struct walk *k, char **c, size_t nc, char **fk, size_t nfk,
    const char *dict, int fold, const struct speller *sp)
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
		if (nfk > 0 && bsearch(&w, fk, nfk, sizeof *fk, cmp_alpha))
			continue;
		v = wordlist_compound(k->d, dict, fold, k->nouns, sp, w,
		    sep + 1, form, sizeof form, &cap);
		if (v == 1)
			keep(k, w, strlen(w), form);
	}
	for (i = 0; i < nc; i++)
		free(c[i]);
	free(c);
	return v < 0 ? -1 : 0;
}

/*
 * Put the compounds the walk left to the dictionary: those of k->c, and
 * those of k->c2 unless a form of their key was kept (k->fk).  0, or -1
 * if sp cannot be asked.
 */
static int
compounds(struct walk *k, const char *dict, int fold,
    const struct speller *sp)
{
	char **fk = NULL;
	size_t nfk = 0, o;
	int rc;

	if (k->nc2 > 0) {
		for (o = 0; o < k->nfk; o += strlen(k->fk + o) + 1)
			nfk++;
		fk = xreallocarray(NULL, nfk + 1, sizeof *fk);
		for (nfk = 0, o = 0; o < k->nfk; o += strlen(k->fk + o) + 1)
			fk[nfk++] = k->fk + o;
		if (nfk > 1)
			qsort(fk, nfk, sizeof *fk, cmp_alpha);
	}
	rc = put(k, k->c, k->nc, NULL, 0, dict, fold, sp);
	if (put(k, k->c2, k->nc2, fk, nfk, dict, fold, sp) != 0)
		rc = -1;
	free(fk);
	free(k->fk);
	k->c = k->c2 = NULL;
	k->nc = k->nc2 = 0;
	k->fk = NULL;
	return rc;
}

/* Every word on the grid and its key; see solve.h. */
size_t
solve_grid_keys(const struct dawg *d, const struct grid *grid,
    const char *dict, int fold, int nouns, const struct speller *sp,
    char ***words, char ***keys)
{
	struct walk *k;
	struct grid g = *grid;
	char **out, **ko = NULL;
	size_t i, n = 0, m, l;
	int cell, dr, dc, r, c, failed;
	uint32_t node;

	*words = NULL;
	if (keys != NULL)
		*keys = NULL;
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
	for (cell = 0; cell < g.n * g.n; cell++) {
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
		k->cu = xmalloc(sizeof *k->cu);
		k->cu->st = NULL;
		cutter_init(k->cu, d, k->root, nouns);
		for (cell = 0; cell < g.n * g.n; cell++) {
			for (m = 0; g.keys[cell][m] != '\0'; m += l) {
				l = 1;
				while ((g.keys[cell][m + l] & 0xc0) == 0x80)
					l++;
				k->ko[cell][k->nl[cell]++] = (uint16_t)m;
			}
			k->ko[cell][k->nl[cell]] = (uint16_t)m;
			k->al[cell] = wordlist_aligned(dict, fold, g.keys[cell],
			    g.cells[cell], k->wo[cell], GRID_KEY + 1);
		}
		for (cell = 0; cell < g.n * g.n; cell++)
			for (i = 0; i < (size_t)k->nnb[cell]; i++)
				if (k->cu->next[(unsigned char)
				    g.keys[k->nb[cell][i]][0]] != 0)
					k->rootnb[cell] |= (uint8_t)(1u << i);
		for (cell = 0; cell < g.n * g.n; cell++) {
			if ((k->len = k->klen[cell]) == 0 || !enter(k, cell))
				continue;
			memcpy(k->key, g.keys[cell], k->len + 1);
			k->tlen = k->tlen_[cell];
			memcpy(k->text, g.cells[cell], k->tlen + 1);
			ends(k);
			branch(k, (uint64_t)1 << cell, cell);
			cutter_pop(k->cu, 0);
		}
		cutter_done(k->cu);
		free(k->cu);
		free(k->seen.slot);
		free(k->seen.a);
		k->cu = NULL;
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
	if (failed) {
		for (i = 0; i < k->n; i++)
			free(k->w[i]);
		free(k->w);
		free(k);
		return SOLVE_FAILED;
	}
	/* Each key once (two paths may spell it): its form. */
	if (k->n > 1)
		qsort(k->w, k->n, sizeof *k->w, cmp_alpha);
	out = k->n > 0 ? xcalloc(k->n, sizeof *out) : NULL;
	for (i = 0; i < k->n; i++)
		if (n == 0 || !same_key(out[n - 1], k->w[i]))
			out[n++] = k->w[i];	/* "key\1form", each once */
		else
			free(k->w[i]);
	free(k->w);
	/* "key\1form" to "form\0key" in place, then by form. */
	for (i = 0; i < n; i++) {
		char *sep = strchr(out[i], '\1'), *t;
		size_t kl = (size_t)(sep - out[i]);

		t = xmalloc(strlen(out[i]) + 1);
		memcpy(t, sep + 1, strlen(sep + 1) + 1);
		memcpy(t + strlen(t) + 1, out[i], kl);
		t[strlen(t) + 1 + kl] = '\0';
		free(out[i]);
		out[i] = t;
	}
	sort_words(out, n);
	if (keys != NULL && n > 0) {
		ko = xcalloc(n, sizeof *ko);
		for (i = 0; i < n; i++)
			ko[i] = xstrdup(out[i] + strlen(out[i]) + 1);
		*keys = ko;
	}
	*words = out;
	free(k);
	return n;
}

/* Free what solve_grid gave. */
void
solve_free(char **words, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(words[i]);
	free(words);
}
