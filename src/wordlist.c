/*
 * wordlist.c: find the compiled word list of a dictionary, or build it
 * into the cache folder: every form the dictionary's affix rules derive
 * (affix.c) that could be on a board, with Hunspell's verdict on it (the
 * rules alone where no flag makes it uncertain), compiled by dawg_build;
 * and the verdict on a word by the list (SW-2).
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "affix.h"
#include "buf.h"
#include "dawg.h"
#include "lang.h"
#include "lexicon.h"
#include "paths.h"
#include "wordlist.h"


struct bar {
	const char	*name;
	int		 on;
	int		 shown;		/* percent last drawn, -1 */
};

/* Draw the progress bar at share done (0..1), if it moved. */
static void
bar_draw(void *arg, double done)
{
	struct bar *b = arg;
	int pct = (int)(done * 100), i;

	if (!b->on || pct == b->shown)
		return;
	b->shown = pct;
	fprintf(stderr, "\rshakeref: building the word list of %s, once "
	    "(up to 10 s) [",
	    b->name);
	for (i = 0; i < 30; i++)
		fputc(i < pct * 30 / 100 ? '#' : ' ', stderr);
	fprintf(stderr, "] %3d%%", pct);
	if (pct >= 100)
		fputc('\n', stderr);
	fflush(stderr);
}

struct gather {
	const char	*dicts;
	const char	*name;
	struct lexicon	*lx;		/* opened for the first risky form */
	char		*why;
	char		**w;		/* "lower\1V" */
	size_t		 n, cap;
	struct bar	*bar;
};

/* The verdict of Hunspell on lower and its capital ('0'..'3'). */
static char
ask(struct gather *g, const char *lower, int cap_only)
{
	char cap[256];
	int v = 0;

	if (g->lx == NULL && g->why == NULL &&
	    (g->lx = lexicon_open(g->dicts, g->name, &g->why)) == NULL)
		return '0';
	if (g->lx == NULL)
		return '0';
	if (!cap_only && lexicon_spell(g->lx, lower))
		v |= 1;
	if (lang_cap(g->name, lower, cap, sizeof cap) == 0 &&
	    lexicon_spell(g->lx, cap))
		v |= 2;
	return (char)('0' + v);
}

/* affix_expand's emit: keep a form that can be a word on the grid. */
static void
gather_form(void *arg, const char *form, int risky)
{
	struct gather *g = arg;
	char low[256], cap[256], why[64];
	const char *p;
	char v;
	int nl;

	for (p = form; *p != '\0'; p++)
		if ((unsigned char)*p < 0x80 &&
		    !isalpha((unsigned char)*p))
			return;		/* apostrophes, hyphens, digits */
	if (lang_lower(g->name, form, low, sizeof low - 2, &nl, why,
	    sizeof why) != 0 || nl < 3)
		return;
	for (p = low; (p = strchr(p, 'q')) != NULL; p++)
		if (p[1] != 'u')
			return;		/* no die shows a lone Q */
	if (strcmp(low, form) == 0)
		v = risky ? ask(g, low, 0) : '3';
	else if (lang_cap(g->name, low, cap, sizeof cap) == 0 &&
	    strcmp(cap, form) == 0)
		v = risky ? ask(g, low, 1) : '2';
	else
		return;			/* NASA, McDonald: never lowercase */
	if (v == '0')
		return;
	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 65536;
		g->w = xreallocarray(g->w, g->cap, sizeof *g->w);
	}
	nl = (int)strlen(low);
	low[nl] = DAWG_SEP;
	low[nl + 1] = v;
	low[nl + 2] = '\0';
	g->w[g->n++] = xstrdup(low);
}

/* affix_expand's progress. */
static void
gather_progress(void *arg, double done)
{
	struct gather *g = arg;

	bar_draw(g->bar, 0.6 * done);
}

/* qsort: strcmp of two string pointers. */
static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The records of the forms gathered (dawg.h): each form once, its
 * verdicts merged, under its exact key and its plain key.
 */
static char **
records(struct gather *g, size_t *nrec)
{
	struct buf b = BUF_INIT;
	char **r, key[256], *sep;
	size_t i, k, n = 0;
	int v;

	qsort(g->w, g->n, sizeof *g->w, str_cmp);
	r = xcalloc(2 * g->n + 1, sizeof *r);
	for (i = 0; i < g->n; i = k) {
		sep = strchr(g->w[i], DAWG_SEP);
		*sep = '\0';
		v = sep[1] - '0';
		for (k = i + 1; k < g->n && strncmp(g->w[k], g->w[i],
		    (size_t)(sep - g->w[i])) == 0 &&
		    g->w[k][sep - g->w[i]] == DAWG_SEP; k++)
			v |= g->w[k][sep - g->w[i] + 1] - '0';
		buf_reset(&b);
		buf_printf(&b, "x%s%c%c", g->w[i], DAWG_SEP, '0' + v);
		r[n++] = xstrdup(buf_str(&b));
		if (lang_key(g->name, 1, g->w[i], key, sizeof key) != 0)
			continue;
		buf_reset(&b);
		buf_printf(&b, "f%s%c%s%c", key, DAWG_SEP,
		    strcmp(key, g->w[i]) == 0 ? "" : g->w[i], '0' + v);
		r[n++] = xstrdup(buf_str(&b));
	}
	buf_free(&b);
	*nrec = n;
	return r;
}

/* Build the list of name into path; see wordlist.h. */
int
wordlist_write(const char *dicts, const char *name, const char *path, int bar,
    char **why)
{
	struct bar b = { name, bar, -1 };
	struct gather g;
	char **rec = NULL, *aff = NULL, *dic = NULL, *tmp = NULL;
	size_t nrec = 0, i;
	FILE *f;
	int fd, rc = -1;

	*why = NULL;
	memset(&g, 0, sizeof g);
	g.dicts = dicts;
	g.name = name;
	g.bar = &b;
	if (lexicon_files(dicts, name, &aff, &dic, why) != 0)
		goto out;
	bar_draw(&b, 0);
	if (affix_expand(aff, dic, gather_form, gather_progress, &g,
	    why) != 0)
		goto out;
	if (g.why != NULL) {
		*why = g.why;
		g.why = NULL;
		goto out;
	}
	rec = records(&g, &nrec);
	bar_draw(&b, 0.7);
	if (paths_make_parents(path, NULL) != 0) {
		*why = xasprintf("cannot create the folder of %s: %s", path,
		    strerror(errno));
		goto out;
	}
	tmp = xasprintf("%s.XXXXXX", path);
	if ((fd = mkstemp(tmp)) == -1 || fchmod(fd, 0644) == -1 ||
	    (f = fdopen(fd, "wb")) == NULL) {
		*why = xasprintf("cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	if (dawg_build(rec, nrec, f, NULL, NULL) != 0 || fclose(f) != 0 ||
	    rename(tmp, path) != 0) {
		*why = xasprintf("cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	bar_draw(&b, 1);
	rc = 0;
out:
	if (rc != 0 && b.on && b.shown >= 0)
		fputc('\n', stderr);
	lexicon_free(g.lx);
	free(g.why);
	for (i = 0; i < g.n; i++)
		free(g.w[i]);
	free(g.w);
	for (i = 0; i < nrec; i++)
		free(rec[i]);
	free(rec);
	free(aff);
	free(dic);
	free(tmp);
	return rc;
}

/* Build the list of name into the cache; see wordlist.h. */
int
wordlist_build(const struct sr_paths *paths, const char *name, int bar,
    char **why)
{
	char *path;
	int rc;

	*why = NULL;
	if ((path = dawg_cache_path(paths, name)) == NULL) {
		*why = xasprintf("no cache folder for the word list of %s: set "
		    "HOME or XDG_CACHE_HOME", name);
		return -1;
	}
	rc = wordlist_write(paths->dicts, name, path, bar, why);
	free(path);
	return rc;
}

/*
 * 1 if the list at path is older than the dictionary's files (or they
 * are not installed, when need_dict is set).
 */
static int
stale(const struct sr_paths *paths, const char *path, const char *name,
    int need_dict)
{
	struct stat sp, sf;
	char *aff, *dic, *why = NULL;
	int old;

	if (lexicon_files(paths->dicts, name, &aff, &dic, &why) != 0) {
		free(why);
		return need_dict;	/* nothing newer to rebuild it from */
	}
	old = stat(path, &sp) != 0 ||
	    (stat(aff, &sf) == 0 && sf.st_mtime > sp.st_mtime) ||
	    (stat(dic, &sf) == 0 && sf.st_mtime > sp.st_mtime);
	free(aff);
	free(dic);
	return old;
}

/* The installed list, else the cache's, if one is fresh; or NULL. */
static char *
fresh_list(const struct sr_paths *paths, const char *name, int need_dict)
{
	char *p = dawg_find(paths, name), *c;

	if (p != NULL && !stale(paths, p, name, need_dict))
		return p;
	c = dawg_cache_path(paths, name);
	if (p != NULL && c != NULL && strcmp(p, c) != 0 &&
	    access(c, R_OK) == 0 && !stale(paths, c, name, need_dict)) {
		free(p);
		return c;
	}
	free(p);
	free(c);
	return NULL;
}

/* The list of name, found or built; see wordlist.h. */
struct dawg *
wordlist_open(const struct sr_paths *paths, const char *name, int bar,
    char **why)
{
	struct dawg *d;
	char *path, *cache, *b;

	*why = NULL;
	if ((path = fresh_list(paths, name, 0)) == NULL) {
		cache = dawg_cache_path(paths, name);
		if (wordlist_build(paths, name, bar, why) != 0) {
			b = *why;
			*why = xasprintf("none in %s or %s, and it cannot be "
			    "built: %s", paths->data, cache != NULL ? cache :
			    "the cache", b);
			free(b);
			free(cache);
			return NULL;
		}
		path = cache;
	}
	d = dawg_open(path, why);
	cache = dawg_cache_path(paths, name);
	/* A list of an older shakeref in the cache: built again. */
	if (d == NULL && cache != NULL && strcmp(path, cache) == 0) {
		free(*why);
		*why = NULL;
		if (wordlist_build(paths, name, bar, why) == 0)
			d = dawg_open(path, why);
	}
	free(cache);
	free(path);
	return d;
}

#define WORDLISTS_MAX	4

struct wordlists {
	const struct sr_paths *paths;
	struct {
		char		*name;
		struct dawg	*d;	/* NULL: none fresh */
	}		 l[WORDLISTS_MAX];
	int		 n;
};

/* No list open yet. */
struct wordlists *
wordlists_new(const struct sr_paths *paths)
{
	struct wordlists *ws;

	ws = xcalloc(1, sizeof *ws);
	ws->paths = paths;
	return ws;
}

/* Close every list. */
void
wordlists_free(struct wordlists *ws)
{
	int i;

	if (ws == NULL)
		return;
	for (i = 0; i < ws->n; i++) {
		free(ws->l[i].name);
		dawg_close(ws->l[i].d);
	}
	free(ws);
}

/* Open dict's list (building it if need be) into ws; NULL and *why. */
static struct dawg *
wordlists_get(struct wordlists *ws, const char *dict, int bar, char **why)
{
	int i;

	for (i = 0; i < ws->n && strcmp(ws->l[i].name, dict) != 0; i++)
		continue;
	if (i < ws->n && ws->l[i].d != NULL)
		return ws->l[i].d;
	if (i == ws->n) {
		if (ws->n == WORDLISTS_MAX) {
			free(ws->l[0].name);
			dawg_close(ws->l[0].d);
			memmove(&ws->l[0], &ws->l[1], (WORDLISTS_MAX - 1) *
			    sizeof ws->l[0]);
			i = --ws->n;
		}
		ws->l[i].name = xstrdup(dict);
		ws->l[i].d = NULL;
		ws->n++;
	}
	ws->l[i].d = wordlist_open(ws->paths, dict, bar, why);
	return ws->l[i].d;
}

struct pick {
	const char	*written;
	const char	*key;
	int		 nouns;
	int		 best;		/* 0 none, higher better */
	char		 form[128];
	int		 v;
};

/* dawg_each: weigh one form of the key (rest: its text and verdict). */
static int
pick_form(void *arg, const char *rest)
{
	struct pick *p = arg;
	size_t n = strlen(rest);
	char form[128];
	int v = rest[n - 1] - '0', score;

	if (n == 0 || n >= sizeof form)
		return 0;
	memcpy(form, rest, n - 1);
	form[n - 1] = '\0';
	if (form[0] == '\0')
		snprintf(form, sizeof form, "%s", p->key);
	if (v & 1)
		score = 3;
	else if (p->nouns && (v & 2))
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

/* The verdict below a key's node; see wordlist.h. */
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

/* The subtree of keys for fold or exact; see wordlist.h. */
uint32_t
wordlist_root(const struct dawg *d, int fold)
{
	uint32_t node;
	int eow;

	if (!dawg_step(d, dawg_root(d), fold ? 'f' : 'x', &node, &eow))
		return 0;
	return node;
}

/* The verdict on a written word; see wordlist.h. */
int
wordlist_judge(const struct dawg *d, const char *dict, int fold, int nouns,
    const char *written, char *form, size_t len)
{
	struct pick p;
	char key[256];

	if (lang_key(dict, fold, written, key, sizeof key) != 0 ||
	    !judge_pick(d, dawg_walk(d, wordlist_root(d, fold), key), nouns,
	    key, written, &p))
		return 0;
	if (form != NULL && ((p.v & 1) || lang_cap(dict, p.form, form,
	    len) != 0))
		snprintf(form, len, "%s", p.form);
	return 1;
}

/* Judge a word by dict's list, built if need be; see wordlist.h. */
int
wordlists_judge(struct wordlists *ws, const char *dict, int fold, int nouns,
    const char *written, char *form, size_t len, int bar, char **why)
{
	struct dawg *d;

	if ((d = wordlists_get(ws, dict, bar, why)) == NULL)
		return -1;
	return wordlist_judge(d, dict, fold, nouns, written, form, len);
}
