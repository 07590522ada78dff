/*
 * dawg.c: walk a compiled word list (see dawg.h) held in memory.  Pure:
 * dawg-file.c finds, maps and builds the files.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "dawg.h"
#include "words.h"

struct dawg {
	const unsigned char	*map;
	size_t			 size;
	const dawg_edge		*e;
	uint32_t		 nedges, nwords, root;
	unsigned char		*memo;	/* a byte for each node; see dawg_memo */
};

/* Check a list of size bytes at map; see dawg.h. */
struct dawg *
dawg_new(const void *map, size_t size, const char **why)
{
	struct dawg *d;
	uint32_t h[4];

	*why = NULL;
	if (size < DAWG_HEADER + sizeof (dawg_edge) || size >
	    (size_t)DAWG_HEADER + sizeof (dawg_edge) * DAWG_MAXEDGES) {
		*why = _("not a shakeref word list (size)");
		return NULL;
	}
	d = xcalloc(1, sizeof *d);
	d->map = map;
	d->size = size;
	memcpy(h, d->map + 8, sizeof h);
	if (memcmp(d->map, DAWG_MAGIC, 8) != 0 || h[3] != DAWG_BOM ||
	    h[0] < 1 || h[0] > DAWG_MAXEDGES ||
	    (size_t)h[0] * sizeof (dawg_edge) + DAWG_HEADER != d->size ||
	    h[2] >= h[0]) {
		*why = _("not a shakeref word list of this version and machine "
		    "(header)");
		free(d);
		return NULL;
	}
	d->e = (const dawg_edge *)(const void *)(d->map + DAWG_HEADER);
	d->nedges = h[0];
	d->nwords = h[1];
	d->root = h[2];
	/*
	 * No scan of the edges here (it would cost more than a solve):
	 * dawg_step checks each index it reads instead.
	 */
	if (!(d->e[d->nedges - 1] & DAWG_LAST)) {
		*why = _("a damaged shakeref word list");
		free(d);
		return NULL;
	}
	/* Untouched pages cost nothing: calloc maps them zeroed. */
	d->memo = xcalloc(d->nedges, 1);
	return d;
}

/* Free what dawg_new gave (not the memory it reads). */
void
dawg_free(struct dawg *d)
{
	free(d->memo);
	free(d);
}

/* A byte for each node, zero until its user writes it; see dawg.h. */
unsigned char *
dawg_memo(const struct dawg *d, uint32_t node)
{
	return node == 0 || node >= d->nedges ? NULL : &d->memo[node];
}

/* The memory the list reads, and its size. */
const void *
dawg_map(const struct dawg *d, size_t *size)
{
	*size = d->size;
	return d->map;
}

/* The root node. */
uint32_t
dawg_root(const struct dawg *d)
{
	return d->root;
}

/* How many words. */
uint32_t
dawg_count(const struct dawg *d)
{
	return d->nwords;
}

/* Follow byte c from node; see dawg.h. */
int
dawg_step(const struct dawg *d, uint32_t node, int c, uint32_t *next,
    int *eow)
{
	dawg_edge e;
	unsigned l = (unsigned char)c;

	if (node == 0)
		return 0;
	for (;; node++) {
		if (node >= d->nedges)
			return 0;	/* a damaged list: no word goes on */
		e = d->e[node];
		if (DAWG_LETTER(e) == l) {
			*next = DAWG_CHILD(e) < d->nedges ? DAWG_CHILD(e) : 0;
			*eow = (e & DAWG_EOW) != 0;
			return 1;
		}
		if (DAWG_LETTER(e) > l || (e & DAWG_LAST))
			return 0;
	}
}

/* The edges of node; see dawg.h. */
const dawg_edge *
dawg_edges(const struct dawg *d, uint32_t node)
{
	return node == 0 || node >= d->nedges ? NULL : &d->e[node];
}

/* Every edge, their number and the memo; see dawg.h. */
const dawg_edge *
dawg_all(const struct dawg *d, uint32_t *n, unsigned char **memo)
{
	*n = d->nedges;
	*memo = d->memo;
	return d->e;
}

/* The node an edge leads to; see dawg.h. */
uint32_t
dawg_child(const struct dawg *d, dawg_edge e)
{
	return DAWG_CHILD(e) < d->nedges ? DAWG_CHILD(e) : 0;
}

/* Follow every byte of s from node; see dawg.h. */
uint32_t
dawg_walk(const struct dawg *d, uint32_t node, const char *s)
{
	int eow;

	for (; *s != '\0' && node != 0; s++)
		if (!dawg_step(d, node, *s, &node, &eow))
			return 0;
	return node;
}

/* Visit the records below node, text built in buf; see dawg_each. */
static int
each(const struct dawg *d, uint32_t node, char *buf, size_t len,
    int (*f)(void *, const char *), void *arg)
{
	dawg_edge e;
	int rc;

	if (len >= 63)
		return 0;
	for (; node != 0 && node < d->nedges; node++) {
		e = d->e[node];
		buf[len] = (char)DAWG_LETTER(e);
		buf[len + 1] = '\0';
		if ((e & DAWG_EOW) && (rc = f(arg, buf)) != 0)
			return rc;
		if (DAWG_CHILD(e) != 0 && DAWG_CHILD(e) < d->nedges &&
		    (rc = each(d, DAWG_CHILD(e), buf, len + 1, f, arg)) != 0)
			return rc;
		if (e & DAWG_LAST)
			break;
	}
	return 0;
}

/* Every record's rest below node; see dawg.h. */
int
dawg_each(const struct dawg *d, uint32_t node,
    int (*f)(void *, const char *), void *arg)
{
	char buf[64];

	return each(d, node, buf, 0, f, arg);
}

/* 1 if the text (a verdict) says Hunspell accepts the form as written. */
static int
accepted(void *arg, const char *rest)
{
	(void)arg;
	return rest[0] != '\0' && rest[1] == '\0' &&
	    (DAWG_BITS(rest[0]) & DAWG_LOWER);
}

/* 1 if word is in the list as written; see dawg.h. */
int
dawg_has(const struct dawg *d, const char *word)
{
	uint32_t node;
	int eow;

	if (*word == '\0' || !dawg_step(d, d->root, 'x', &node, &eow) ||
	    (node = dawg_walk(d, node, word)) == 0 ||
	    !dawg_step(d, node, DAWG_SEP, &node, &eow))
		return 0;
	return dawg_each(d, node, accepted, NULL);
}

