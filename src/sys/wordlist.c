/*
 * wordlist.c: find the compiled word list of a dictionary, or build it
 * into the cache folder: every form the dictionary's affix rules derive
 * (affix.c) that could be on a board, with Hunspell's verdict on it (the
 * rules alone where no flag makes it uncertain), compiled by dawgfile_build;
 * and the verdict on a word by the list (SW-2).
 */
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "affix.h"
#include "buf.h"
#include "dawg-file.h"
#include "lang.h"
#include "lexicon.h"
#include "paths.h"
#include "term.h"
#include "wordlist.h"
#include "words.h"


struct gather {
	struct lang	*lg;		/* the caller's (lang.h) */
	const char	*dicts;
	const char	*name;
	const char	*path;		/* the list's: a copy of the .aff there */
	struct lexicon	*lx;		/* opened for the first risky form */
	char		*why;
	char		**w;		/* "lower\1V" */
	size_t		 n, cap;
	struct term_bar	*bar;
};

/*
 * The verdict of Hunspell on lower and its capital (DAWG_LOWER ...) as a
 * form the dictionary lists: asked with its compounding rules taken out
 * (lexicon_open_forms), as compounds=off rules (SW-2).  A compound
 * stands by the list's parts (judge.h), with compounds=on.
 */
static unsigned
ask(struct gather *g, const char *lower, int cap_only)
{
	char cap[256];
	unsigned v = 0;

	if (g->lx == NULL && g->why == NULL &&
	    (g->lx = lexicon_open_forms(g->dicts, g->name, g->path,
	    &g->why)) == NULL)
		return 0;
	if (g->lx == NULL)
		return 0;
	if (!cap_only && lexicon_spell(g->lx, lower))
		v |= DAWG_LOWER;
	if (lang_cap(g->lg, g->name, lower, cap, sizeof cap) == 0 &&
	    lexicon_spell(g->lx, cap))
		v |= DAWG_CAP;
	return v;
}

/*
 * The most forms a list is built from: pt_BR, the largest of Debian's
 * dictionaries that make a list, derives 2.7 million (a list of 58 MB);
 * hu_HU derives hundreds of millions, and would take minutes and
 * gigabytes to fail without it.
 */
#define FORMS_MAX	8000000

/*
 * affix_expand's emit: keep a form that can be a word on the grid, or
 * a part of one (a compound's: marks).  1 (no more) once FORMS_MAX are
 * kept, with g->why.
 */
static int
gather_form(void *arg, const char *form, int risky, unsigned marks)
{
	struct gather *g = arg;
	char low[256], cap[256], why[64];
	const char *p;
	unsigned v, m = 0, name = marks & AFFIX_NAME;
	int nl, bad;

	marks &= ~AFFIX_NAME;
	for (p = form; *p != '\0'; p++)
		if ((unsigned char)*p < 0x80 &&
		    !isalpha((unsigned char)*p))
			return 0;		/* apostrophes, hyphens, digits */
	/* A part of a compound (marks) may be short, never a lone Q. */
	bad = lang_word(g->lg, g->name, form, low, sizeof low - 2, &nl, why,
	    sizeof why);
	if ((bad & ~LANG_SHORT) != 0 || (bad != 0 && marks == 0))
		return 0;
	if (strcmp(low, form) == 0) {
		v = risky ? ask(g, low, 0) : DAWG_LOWER | DAWG_CAP;
		m = (marks & AFFIX_BEGIN ? DAWG_BEGIN : 0) |
		    (marks & AFFIX_MIDDLE ? DAWG_MIDDLE : 0) |
		    (marks & AFFIX_END ? DAWG_END : 0);
	} else if (lang_cap(g->lg, g->name, low, cap, sizeof cap) == 0 &&
	    strcmp(cap, form) == 0) {
		/* A name or a place, as the dictionary writes one: never a
		 * word, nor a part of one (SW-2; affix.h, AFFIX_NAME). */
		if (name)
			return 0;
		v = risky ? ask(g, low, 1) : DAWG_CAP;
		/* Capitalised, only the first part of a compound. */
		m = marks & AFFIX_BEGIN ? DAWG_BEGINCAP : 0;
	} else
		return 0;			/* NASA, McDonald: never lowercase */
	if (marks & AFFIX_ASK)
		m |= DAWG_ASK;		/* a FORBIDDENWORD's: Hunspell judges */
	if (bad & LANG_SHORT)
		v = 0;			/* a part, never a word alone */
	if ((v | m) == 0)
		return 0;
	if (g->n == FORMS_MAX) {
		if (g->why == NULL)	/* once: the stem at hand goes on */
			g->why = xasprintf(_("%s derives more than %d forms, "
			    "too many for a word list: Shake-A-Word cannot "
			    "use it"), g->name, FORMS_MAX);
		return 1;
	}
	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 65536;
		g->w = xreallocarray(g->w, g->cap, sizeof *g->w);
	}
	nl = (int)strlen(low);
	low[nl] = DAWG_SEP;
	low[nl + 1] = DAWG_VERDICT(v | m);
	low[nl + 2] = '\0';
	g->w[g->n++] = xstrdup(low);
	return 0;
}

/* affix_expand's progress. */
static void
gather_progress(void *arg, double done)
{
	struct gather *g = arg;

	term_bar_draw(g->bar, 0.6 * done);
}

/* qsort: strcmp of two string pointers. */
static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The records of the forms gathered (dawg.h): each form once, its
 * verdicts merged, under its exact key and its plain key; "c" if a form
 * may begin a compound (without one there is none).
 */
static char **
records(struct gather *g, size_t *nrec)
{
	struct buf b = BUF_INIT;
	char **r, key[256], *sep;
	size_t i, k, n = 0;
	unsigned v, parts = 0;

	qsort(g->w, g->n, sizeof *g->w, str_cmp);
	r = xcalloc(2 * g->n + 1, sizeof *r);
	for (i = 0; i < g->n; i = k) {
		sep = strchr(g->w[i], DAWG_SEP);
		*sep = '\0';
		v = DAWG_BITS(sep[1]);
		for (k = i + 1; k < g->n && strncmp(g->w[k], g->w[i],
		    (size_t)(sep - g->w[i])) == 0 &&
		    g->w[k][sep - g->w[i]] == DAWG_SEP; k++)
			v |= DAWG_BITS(g->w[k][sep - g->w[i] + 1]);
		parts |= v & (DAWG_BEGIN | DAWG_BEGINCAP);
		buf_reset(&b);
		buf_printf(&b, "x%s%c%c", g->w[i], DAWG_SEP, DAWG_VERDICT(v));
		r[n++] = xstrdup(buf_str(&b));
		if (lang_key(g->lg, g->name, 1, g->w[i], key, sizeof key) != 0)
			continue;
		buf_reset(&b);
		buf_printf(&b, "f%s%c%s%c", key, DAWG_SEP,
		    strcmp(key, g->w[i]) == 0 ? "" : g->w[i], DAWG_VERDICT(v));
		r[n++] = xstrdup(buf_str(&b));
	}
	if (parts)
		r[n++] = xstrdup("c");
	buf_free(&b);
	*nrec = n;
	return r;
}

/*
 * The temporary file of the list being written, for a signal that ends
 * the process meanwhile (SIGINT, SIGTERM, SIGHUP left to their default
 * by the program): removed, then the signal's own end.  A handler's
 * state, as timer.c's flag; "" when no list is being written.
 */
static char building[4096];
static const int build_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define NBUILD_SIGNALS	(sizeof build_signals / sizeof build_signals[0])

/* Remove the list's temporary file, then end as the signal would. */
static void
on_build_signal(int sig)
{
	if (building[0] != '\0')
		unlink(building);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Block (how SIG_BLOCK) or unblock the build's signals. */
static void
build_mask(int how)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < NBUILD_SIGNALS; i++)
		sigaddset(&set, build_signals[i]);
	sigprocmask(how, &set, NULL);
}

/*
 * Make the temporary file of path, locked (a later build leaves it to
 * its writer: stale_temps) and removed by a signal that ends the process
 * while it lives (old: the dispositions to restore); its descriptor, or
 * -1 with errno.  *lock: a second descriptor that keeps the lock after
 * the file is closed, until build_done.
 */
static int
build_temp(char *tmp, int *lock, struct sigaction *old)
{
	struct sigaction sa;
	size_t i;
	int fd, e;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_build_signal;
	sigemptyset(&sa.sa_mask);
	build_mask(SIG_BLOCK);
	for (i = 0; i < NBUILD_SIGNALS; i++) {
		sigaction(build_signals[i], NULL, &old[i]);
		if (old[i].sa_handler == SIG_DFL)
			sigaction(build_signals[i], &sa, NULL);
	}
	*lock = -1;
	if ((fd = mkstemp(tmp)) != -1) {
		snprintf(building, sizeof building, "%s", tmp);
		if ((*lock = dup(fd)) != -1)
			(void)flock(*lock, LOCK_EX | LOCK_NB);
	}
	e = errno;
	build_mask(SIG_UNBLOCK);
	errno = e;
	return fd;
}

/* The temporary file renamed or removed: signals as they were. */
static void
build_done(int lock, const struct sigaction *old)
{
	size_t i;

	build_mask(SIG_BLOCK);
	building[0] = '\0';
	for (i = 0; i < NBUILD_SIGNALS; i++)
		sigaction(build_signals[i], &old[i], NULL);
	if (lock != -1)
		close(lock);
	build_mask(SIG_UNBLOCK);
}

/*
 * Remove the temporary files an interrupted build of path left in its
 * folder (PATH.XXXXXX, the list; PATH.aff.XXXXXX, the .aff's copy):
 * those no writer holds locked (a build under way keeps its own).
 */
static void
stale_temps(const char *path)
{
	const char *base = strrchr(path, '/');
	struct dirent *de;
	char *dir, *p;
	size_t n, k;
	DIR *d;
	int fd;

	base = base != NULL ? base + 1 : path;
	dir = base > path ? xstrndup(path, (size_t)(base - path)) :
	    xstrdup(".");
	n = strlen(base);
	if ((d = opendir(dir)) == NULL) {
		free(dir);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		const char *rest = de->d_name + n + 1;

		if (strncmp(de->d_name, base, n) != 0 || de->d_name[n] != '.')
			continue;
		if (strncmp(rest, "aff.", 4) == 0)
			rest += 4;
		for (k = 0; isalnum((unsigned char)rest[k]); k++)
			continue;
		if (k != 6 || rest[k] != '\0')
			continue;
		p = xasprintf("%s/%s", dir, de->d_name);
		if ((fd = open(p, O_RDONLY | O_NOFOLLOW)) != -1) {
			if (flock(fd, LOCK_EX | LOCK_NB) == 0)
				unlink(p);
			close(fd);
		}
		free(p);
	}
	closedir(d);
	free(dir);
}

/* Build the list of name into path; see wordlist.h. */
int
wordlist_write(const char *dicts, struct lang *lg, const char *name,
    const char *path, int bar, char **why)
{
	struct term_bar b;
	struct gather g;
	char **rec = NULL, *aff = NULL, *dic = NULL, *tmp = NULL;
	char *label = NULL, *brief = NULL;
	struct sigaction old[NBUILD_SIGNALS];
	size_t nrec = 0, i;
	FILE *f;
	int fd, lock = -1, rc = -1, built = 0, temp = 0;

	*why = NULL;
	memset(&g, 0, sizeof g);
	g.lg = lg;
	g.dicts = dicts;
	g.name = name;
	g.path = path;
	g.bar = &b;
	b.on = 0;
	if (lexicon_files(dicts, name, &aff, &dic, why) != 0)
		goto out;
	/* Its folder first: a copy of the .aff goes there (ask). */
	if (paths_make_parents(path, NULL) != 0) {
		*why = xasprintf(_("cannot create the folder of %s: %s"), path,
		    strerror(errno));
		goto out;
	}
	stale_temps(path);
	label = xasprintf(_("shakeref: building the word list of %s, once "
	    "(up to 10 s)"), name);
	brief = xasprintf(_("%s word list"), name);
	term_bar_start(&b, label, brief, bar);
	term_bar_draw(&b, 0);
	if (affix_expand(aff, dic, gather_form, gather_progress, &g,
	    why) != 0)
		goto out;
	if (g.why != NULL) {
		*why = g.why;
		g.why = NULL;
		goto out;
	}
	rec = records(&g, &nrec);
	term_bar_draw(&b, 0.7);
	tmp = xasprintf("%s.XXXXXX", path);
	fd = build_temp(tmp, &lock, old);
	temp = 1;
	if (fd == -1 || fchmod(fd, 0644) == -1 ||
	    (f = fdopen(fd, "wb")) == NULL) {
		*why = xasprintf(_("cannot write %s: %s"), tmp, strerror(errno));
		if (fd != -1) {
			close(fd);
			unlink(tmp);
		}
		goto out;
	}
	built = dawgfile_build(rec, nrec, f, NULL, NULL);
	if (fclose(f) != 0 || built != 0 || rename(tmp, path) != 0) {
		*why = built == DAWGFILE_TOO_BIG ?
		    xasprintf(_("the word list of %s is too big: "
		    "Shake-A-Word cannot use it"), name) :
		    xasprintf(_("cannot write %s: %s"), path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	term_bar_draw(&b, 1);
	rc = 0;
out:
	if (temp)
		build_done(lock, old);
	term_bar_end(&b);
	free(label);
	free(brief);
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

/*
 * Build the list of dictionary name into the cache now; 0, or -1 with
 * *why (malloc'd).
 */
static int
wordlist_build(const struct sr_paths *paths, struct lang *lg,
    const char *name, int bar, char **why)
{
	char *path;
	int rc;

	*why = NULL;
	if ((path = dawgfile_cache_path(paths, name)) == NULL) {
		*why = xasprintf(_("no cache folder for the word list of %s: set "
		    "HOME or XDG_CACHE_HOME"), name);
		return -1;
	}
	rc = wordlist_write(paths->dicts, lg, name, path, bar, why);
	free(path);
	return rc;
}

/* 1 if a was modified after b (to the nanosecond, where kept). */
static int
later(const struct stat *a, const struct stat *b)
{
	return a->st_mtim.tv_sec > b->st_mtim.tv_sec ||
	    (a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	    a->st_mtim.tv_nsec > b->st_mtim.tv_nsec);
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
	    (stat(aff, &sf) == 0 && later(&sf, &sp)) ||
	    (stat(dic, &sf) == 0 && later(&sf, &sp));
	free(aff);
	free(dic);
	return old;
}

/* The installed list, else the cache's, if one is fresh; or NULL. */
static char *
fresh_list(const struct sr_paths *paths, const char *name, int need_dict)
{
	char *p = dawgfile_find(paths, name), *c;

	if (p != NULL && !stale(paths, p, name, need_dict))
		return p;
	c = dawgfile_cache_path(paths, name);
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
wordlist_open(const struct sr_paths *paths, struct lang *lg,
    const char *name, int bar, char **why)
{
	struct dawg *d;
	char *path, *cache, *b;

	*why = NULL;
	if ((path = fresh_list(paths, name, 0)) == NULL) {
		cache = dawgfile_cache_path(paths, name);
		if (wordlist_build(paths, lg, name, bar, why) != 0) {
			b = *why;
			*why = xasprintf(_("none in %s or %s, and it cannot be "
			    "built: %s"), paths->data, cache != NULL ? cache :
			    _("the cache"), b);
			free(b);
			free(cache);
			return NULL;
		}
		path = cache;
	}
	d = dawgfile_open(path, why);
	cache = dawgfile_cache_path(paths, name);
	/* A list of an older shakeref in the cache: built again. */
	if (d == NULL && cache != NULL && strcmp(path, cache) == 0) {
		free(*why);
		*why = NULL;
		if (wordlist_build(paths, lg, name, bar, why) == 0)
			d = dawgfile_open(path, why);
	}
	free(cache);
	free(path);
	return d;
}

struct lazy {
	struct speller	 sp;		/* first: the speller is the lazy */
	char		*dicts, *dict;
	struct lexicon	*lx;
	char		*why;
};

/* struct speller's spell: Hunspell's verdict, opened on first use. */
static int
lazy_spell(void *arg, const char *word)
{
	struct lazy *z = arg;

	if (z->lx == NULL) {
		free(z->why);
		z->why = NULL;
		if ((z->lx = lexicon_open(z->dicts, z->dict, &z->why)) ==
		    NULL)
			return -1;
	}
	return lexicon_spell(z->lx, word);
}

/* A speller of dict, opened on first use; see wordlist.h. */
struct speller *
wordlist_speller_new(const char *dicts, const char *dict)
{
	struct lazy *z = xcalloc(1, sizeof *z);

	z->dicts = xstrdup(dicts);
	z->dict = xstrdup(dict);
	z->sp.spell = lazy_spell;
	z->sp.arg = z;
	return &z->sp;
}

/* Close a speller. */
void
wordlist_speller_free(struct speller *sp)
{
	struct lazy *z = (struct lazy *)(void *)sp;

	if (z == NULL)
		return;
	lexicon_free(z->lx);
	free(z->dicts);
	free(z->dict);
	free(z->why);
	free(z);
}

/* Why the speller could not ask; see wordlist.h. */
const char *
wordlist_speller_why(const struct speller *sp)
{
	const struct lazy *z = (const struct lazy *)(const void *)sp;

	return z->why;
}

#define WORDLISTS_MAX	4

struct wordlists {
	const struct sr_paths *paths;
	struct lang	*lg;
	struct {
		char		*name;
		struct dawg	*d;	/* NULL: none fresh */
		struct speller	*sp;	/* its dictionary, for compounds */
	}		 l[WORDLISTS_MAX];
	int		 n;
};

/* No list open yet. */
struct wordlists *
wordlists_new(const struct sr_paths *paths, struct lang *lg)
{
	struct wordlists *ws;

	ws = xcalloc(1, sizeof *ws);
	ws->paths = paths;
	ws->lg = lg;
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
		dawgfile_close(ws->l[i].d);
		wordlist_speller_free(ws->l[i].sp);
	}
	free(ws);
}

/*
 * Open dict's list (building it if need be) into ws, its speller into
 * *sp; NULL and *why.
 */
static struct dawg *
wordlists_get(struct wordlists *ws, const char *dict, int bar,
    struct speller **sp, char **why)
{
	int i;

	for (i = 0; i < ws->n && strcmp(ws->l[i].name, dict) != 0; i++)
		continue;
	if (i < ws->n && ws->l[i].d != NULL) {
		*sp = ws->l[i].sp;
		return ws->l[i].d;
	}
	if (i == ws->n) {
		if (ws->n == WORDLISTS_MAX) {
			free(ws->l[0].name);
			dawgfile_close(ws->l[0].d);
			wordlist_speller_free(ws->l[0].sp);
			memmove(&ws->l[0], &ws->l[1], (WORDLISTS_MAX - 1) *
			    sizeof ws->l[0]);
			i = --ws->n;
		}
		ws->l[i].name = xstrdup(dict);
		ws->l[i].d = NULL;
		ws->l[i].sp = wordlist_speller_new(ws->paths->dicts, dict);
		ws->n++;
	}
	ws->l[i].d = wordlist_open(ws->paths, ws->lg, dict, bar, why);
	*sp = ws->l[i].sp;
	return ws->l[i].d;
}

/* Judge a word by dict's list, built if need be; see wordlist.h. */
int
wordlists_judge(struct wordlists *ws, const char *dict, int fold, int nouns,
    int compounds, const char *written, char *form, size_t len, int bar,
    char **why)
{
	struct speller *sp;
	struct dawg *d;
	int v;

	if ((d = wordlists_get(ws, dict, bar, &sp, why)) == NULL)
		return -1;
	if ((v = judge_all(d, ws->lg, dict, fold, nouns, compounds,
	    sp, written, form, len)) < 0)
		*why = xstrdup(wordlist_speller_why(sp) != NULL ?
		    wordlist_speller_why(sp) : _("no dictionary to ask"));
	return v;
}
