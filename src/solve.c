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
	/* Forms found, with their keys: "key\1form". */
	char			**w;
	size_t			 n, cap;
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

/*
 * Keep form, which stands, as a word of key (klen bytes) on the grid:
 * every word the walk finds goes through here.
 */
static void
keep(struct walk *k, const char *key, size_t klen, const char *form)
{
	push(&k->w, &k->n, &k->cap, pair(key, klen, form));
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
	if (nw > 1)
		qsort(k->w, nw, sizeof *k->w, cmp_alpha);
	for (i = 0; i < k->nc; i++) {
		if (i > 0 && strcmp(k->c[i], k->c[i - 1]) == 0)
			continue;
		w = k->c[i];
		if (nw > 0 && bsearch(&w, k->w, nw, sizeof *k->w, key_cmp))
			continue;
		sep = strchr(w, '\1');
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

/* Every word on the grid and its key; see solve.h. */
size_t
solve_grid_keys(const struct dawg *d, const struct grid *grid,
    const char *dict, int fold, int nouns, const struct speller *sp,
    char ***words, char ***keys)
{
	struct walk *k;
	struct grid g = *grid;
	char **out, **ko = NULL;
	size_t i, n = 0;
	int all[GRID_CELLS], cell, dr, dc, r, c, failed;
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
