/*
 * dawg-file.c: the files of compiled word lists (see dawg.h): find
 * them, map them (the walk is dawg.c's), and build one from records.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "dawg-file.h"
#include "paths.h"
#include "words.h"

/* A malloc'd "dir/name.dawg". */
static char *
dawgfile_path(const char *dir, const char *name)
{
	struct buf b = BUF_INIT;

	buf_printf(&b, "%s/%s.dawg", dir, name);
	return b.s;
}

/* The cache file for name; see dawg.h. */
char *
dawgfile_cache_path(const struct sr_paths *paths, const char *name)
{
	if (paths->cache == NULL)
		return NULL;
	return dawgfile_path(paths->cache, name);
}

/* The first list of name that exists; see dawg.h. */
char *
dawgfile_find(const struct sr_paths *paths, const char *name)
{
	char *p;

	if (paths->build != NULL) {
		p = dawgfile_path(paths->build, name);
		if (access(p, R_OK) == 0)
			return p;
		free(p);
	}
	p = dawgfile_path(paths->data, name);
	if (access(p, R_OK) == 0)
		return p;
	free(p);
	if ((p = dawgfile_cache_path(paths, name)) != NULL &&
	    access(p, R_OK) == 0)
		return p;
	free(p);
	return NULL;
}

/* Set *why to a malloc'd message about path. */
static void
dawgfile_why(char **why, const char *path, const char *what)
{
	struct buf b = BUF_INIT;

	buf_printf(&b, "%s: %s", path, what);
	*why = b.s;
}

/* Map and check the list at path; see dawg.h. */
struct dawg *
dawgfile_open(const char *path, char **why)
{
	struct dawg *d;
	struct stat sb;
	const char *bad;
	void *m;
	int fd;

	*why = NULL;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		dawgfile_why(why, path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &sb) == -1) {
		dawgfile_why(why, path, strerror(errno));
		close(fd);
		return NULL;
	}
	if (sb.st_size < (off_t)(DAWG_HEADER + sizeof (dawg_edge)) ||
	    sb.st_size > (off_t)DAWG_HEADER + (off_t)sizeof (dawg_edge) *
	    DAWG_MAXEDGES) {
		dawgfile_why(why, path, _("not a shakeref word list (size)"));
		close(fd);
		return NULL;
	}
	m = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED) {
		dawgfile_why(why, path, strerror(errno));
		return NULL;
	}
	if ((d = dawg_new(m, (size_t)sb.st_size, &bad)) == NULL) {
		dawgfile_why(why, path, bad);
		munmap(m, (size_t)sb.st_size);
	}
	return d;
}

/* Unmap a list. */
void
dawgfile_close(struct dawg *d)
{
	const void *m;
	size_t size;

	if (d == NULL)
		return;
	m = dawg_map(d, &size);
	munmap((void *)m, size);
	dawg_free(d);
}

/* The build: a trie of edges, then its nodes shared bottom-up. */
struct tedge {
	int32_t		 child;		/* first edge of the child node, -1 */
	int32_t		 next;		/* next sibling, -1 */
	uint8_t		 c;
	uint8_t		 eow;
};

struct builder {
	struct tedge	*t;
	size_t		 nt, ct;
	dawg_edge	*out;		/* the file's edges */
	size_t		 nout, cout;
	uint32_t	*hash;		/* offsets into out, 0 = empty */
	size_t		 hmask;
	int		 full;
};

/* A new trie edge. */
static int32_t
tedge_new(struct builder *b, int c)
{
	if (b->nt == b->ct) {
		b->ct = b->ct ? b->ct * 2 : 4096;
		b->t = xreallocarray(b->t, b->ct, sizeof *b->t);
	}
	b->t[b->nt].child = b->t[b->nt].next = -1;
	b->t[b->nt].c = (uint8_t)c;
	b->t[b->nt].eow = 0;
	return (int32_t)b->nt++;
}

/* Add a word to the trie whose first edge is *root. */
static void
trie_add(struct builder *b, int32_t *root, const char *w)
{
	int32_t parent = -1, e, prev;

	for (; *w != '\0'; w++) {
		e = parent == -1 ? *root : b->t[parent].child;
		for (prev = -1; e != -1 && b->t[e].c != (uint8_t)*w;
		    e = b->t[e].next)
			prev = e;
		if (e == -1) {
			/* tedge_new may move b->t: indices only here. */
			e = tedge_new(b, (unsigned char)*w);
			if (prev != -1)
				b->t[prev].next = e;
			else if (parent != -1)
				b->t[parent].child = e;
			else
				*root = e;
		}
		if (w[1] == '\0')
			b->t[e].eow = 1;
		parent = e;
	}
}

/* The hash of n encoded edges. */
static size_t
edges_hash(const dawg_edge *k, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ k[i]) * 1099511628211ull;
	return (size_t)(h ^ (h >> 29));
}

/* 1 if the node at out[off] has exactly the edges k[0..n). */
static int
edges_same(const struct builder *b, uint32_t off, const dawg_edge *k,
    size_t n)
{
	return off + n <= b->nout &&
	    memcmp(&b->out[off], k, n * sizeof *k) == 0;
}

/* Emit the node whose first edge is head (shared if already out). */
static uint32_t
emit(struct builder *b, int32_t head)
{
	dawg_edge k[256];
	uint32_t child;
	size_t n = 0, h;
	int32_t e;

	if (head == -1)
		return 0;
	for (e = head; e != -1 && n < 256; e = b->t[e].next) {
		child = emit(b, b->t[e].child);
		k[n++] = (dawg_edge)b->t[e].c |
		    (b->t[e].eow ? DAWG_EOW : 0) | (dawg_edge)child << 10;
	}
	/* Siblings were added in order of the sorted words: ascending. */
	k[n - 1] |= DAWG_LAST;
	for (h = edges_hash(k, n) & b->hmask; b->hash[h] != 0;
	    h = (h + 1) & b->hmask)
		if (edges_same(b, b->hash[h], k, n))
			return b->hash[h];
	if (b->nout + n > DAWG_MAXEDGES) {
		b->full = 1;
		return 0;
	}
	if (b->nout + n > b->cout) {
		b->cout = (b->nout + n) * 2;
		b->out = xreallocarray(b->out, b->cout, sizeof *b->out);
	}
	memcpy(&b->out[b->nout], k, n * sizeof *k);
	b->hash[h] = (uint32_t)b->nout;
	b->nout += n;
	return b->hash[h];
}

/* qsort: strcmp of two string pointers. */
static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Compile a list; see dawg.h. */
int
dawgfile_build(char **words, size_t n, FILE *f,
    void (*progress)(void *, double), void *arg)
{
	struct builder b;
	uint32_t h[4], root;
	int32_t head = -1;
	size_t i, nw = 0, hs;
	const char *prev = "";
	int rc = 0;

	memset(&b, 0, sizeof b);
	qsort(words, n, sizeof *words, str_cmp);
	for (i = 0; i < n; i++) {
		if (progress != NULL && i % 8192 == 0)
			progress(arg, 0.8 * (double)i / (double)n);
		if (words[i][0] == '\0' || strcmp(words[i], prev) == 0)
			continue;
		if (b.nt + strlen(words[i]) >= INT32_MAX) {
			b.full = 1;	/* trie indices are int32_t */
			break;
		}
		trie_add(&b, &head, words[i]);
		prev = words[i];
		nw++;
	}
	for (hs = 1024; hs < b.nt * 2; hs *= 2)
		continue;
	b.hash = xcalloc(hs, sizeof *b.hash);
	b.hmask = hs - 1;
	b.cout = 1024;
	b.out = xcalloc(b.cout, sizeof *b.out);
	b.out[0] = DAWG_LAST;		/* the dummy: offset 0 means none */
	b.nout = 1;
	root = emit(&b, head);
	if (root == 0) {		/* no word: a root of one dead edge */
		b.out[b.nout++] = DAWG_LAST;
		root = (uint32_t)b.nout - 1;
	}
	if (progress != NULL)
		progress(arg, 1.0);
	h[0] = (uint32_t)b.nout;
	h[1] = (uint32_t)nw;
	h[2] = root;
	h[3] = DAWG_BOM;
	if (b.full)
		rc = DAWGFILE_TOO_BIG;
	else if (fwrite(DAWG_MAGIC, 1, 8, f) != 8 ||
	    fwrite(h, sizeof h, 1, f) != 1 ||
	    fwrite(b.out, sizeof *b.out, b.nout, f) != b.nout)
		rc = -1;
	free(b.t);
	free(b.out);
	free(b.hash);
	return rc;
}
