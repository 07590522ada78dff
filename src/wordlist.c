/*
 * wordlist.c: find the compiled word list of a dictionary, or build it
 * into the cache folder: every form unmunch derives from NAME.dic and
 * NAME.aff that could be on a board and that Hunspell accepts, compiled
 * by dawg_build.  Runs unmunch (hunspell-tools); words go through
 * lexicon.c, so no Hunspell header here.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "dawg.h"
#include "lexicon.h"
#include "wordlist.h"

extern char **environ;

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
	fprintf(stderr, "\rshakeref: building the word list for %s [",
	    b->name);
	for (i = 0; i < 30; i++)
		fputc(i < pct * 30 / 100 ? '#' : ' ', stderr);
	fprintf(stderr, "] %3d%%", pct);
	if (pct >= 100)
		fputc('\n', stderr);
	fflush(stderr);
}

/* A malloc'd message. */
static char * __attribute__((format(printf, 1, 2)))
msg(const char *fmt, ...)
{
	char m[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m, sizeof m, fmt, ap);
	va_end(ap);
	return xstrdup(m);
}

/* mkdir -p the folder of path (mode 0700 for what it creates). */
static int
mkdirs(const char *path)
{
	char *p = xstrdup(path), *s;
	int rc = 0;

	for (s = p + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		if (mkdir(p, 0700) == -1 && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	free(p);
	return rc;
}

/* Run unmunch dic aff; its lines into *words.  0, or -1 with *why. */
static int
unmunch(const char *dic, const char *aff, char ***words, size_t *n,
    char **why)
{
	posix_spawn_file_actions_t fa;
	char *argv[] = { "unmunch", (char *)dic, (char *)aff, NULL };
	char *line = NULL;
	size_t len = 0, cap = 0;
	ssize_t r;
	pid_t pid;
	FILE *f;
	int fd[2], st, err;

	*words = NULL;
	*n = 0;
	if (pipe(fd) == -1) {
		*why = msg("cannot run unmunch: %s", strerror(errno));
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, fd[0]);
	posix_spawn_file_actions_addclose(&fa, fd[1]);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null",
	    O_WRONLY, 0);
	err = posix_spawnp(&pid, "unmunch", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[1]);
	if (err != 0) {
		close(fd[0]);
		*why = msg("cannot run unmunch (%s): install the Debian "
		    "package hunspell-tools", strerror(err));
		return -1;
	}
	f = fdopen(fd[0], "r");
	while (f != NULL && (r = getline(&line, &len, f)) != -1) {
		while (r > 0 && (line[r - 1] == '\n' || line[r - 1] == '\r'))
			line[--r] = '\0';
		if (!dawg_word_ok(line))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 65536;
			*words = xreallocarray(*words, cap, sizeof **words);
		}
		(*words)[(*n)++] = xstrdup(line);
	}
	free(line);
	if (f != NULL)
		fclose(f);
	else
		close(fd[0]);
	if (waitpid(pid, &st, 0) == -1 || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0) {
		*why = msg("unmunch failed on %s and %s", dic, aff);
		return -1;
	}
	return 0;
}

/* Build the list of name into the cache; see wordlist.h. */
int
wordlist_build(const char *name, int bar, char **why)
{
	struct bar b = { name, bar, -1 };
	struct lexicon *lx;
	char **w = NULL, *aff = NULL, *dic = NULL, *path = NULL, *tmp = NULL;
	size_t n = 0, i, k;
	FILE *f;
	int fd, rc = -1;

	*why = NULL;
	if ((path = dawg_cache_path(name)) == NULL) {
		*why = msg("no cache folder for the word list of %s: set "
		    "HOME or XDG_CACHE_HOME", name);
		return -1;
	}
	if (lexicon_files(name, &aff, &dic, why) != 0)
		goto out;
	if ((lx = lexicon_open(name, why)) == NULL)
		goto out;
	bar_draw(&b, 0);
	if (unmunch(dic, aff, &w, &n, why) != 0) {
		lexicon_free(lx);
		goto out;
	}
	/* Keep what Hunspell accepts: unmunch also gives forms it does not. */
	for (i = k = 0; i < n; i++) {
		if (i % 4096 == 0)
			bar_draw(&b, 0.7 * (double)i / (double)n);
		if (lexicon_check(lx, w[i]))
			w[k++] = w[i];
		else
			free(w[i]);
	}
	lexicon_free(lx);
	if (mkdirs(path) != 0) {
		*why = msg("cannot create the folder of %s: %s", path,
		    strerror(errno));
		goto out;
	}
	tmp = msg("%s.XXXXXX", path);
	if ((fd = mkstemp(tmp)) == -1 || (f = fdopen(fd, "wb")) == NULL) {
		*why = msg("cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	if (dawg_build(w, k, f, NULL, NULL) != 0 || fclose(f) != 0 ||
	    rename(tmp, path) != 0) {
		*why = msg("cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	bar_draw(&b, 1);
	rc = 0;
	n = k;
out:
	if (rc != 0 && b.on && b.shown >= 0)
		fputc('\n', stderr);
	for (i = 0; i < n; i++)
		free(w[i]);
	free(w);
	free(aff);
	free(dic);
	free(path);
	free(tmp);
	return rc;
}

/*
 * 1 if the list at path is older than the dictionary's files (or they
 * are not installed, when need_dict is set).
 */
static int
stale(const char *path, const char *name, int need_dict)
{
	struct stat sp, sf;
	char *aff, *dic, *why = NULL;
	int old;

	if (lexicon_files(name, &aff, &dic, &why) != 0) {
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
fresh_list(const char *name, int need_dict)
{
	char *p = dawg_find(name), *c;

	if (p != NULL && !stale(p, name, need_dict))
		return p;
	c = dawg_cache_path(name);
	if (p != NULL && c != NULL && strcmp(p, c) != 0 &&
	    access(c, R_OK) == 0 && !stale(c, name, need_dict)) {
		free(p);
		return c;
	}
	free(p);
	free(c);
	return NULL;
}

/* The list of name, found or built; see wordlist.h. */
struct dawg *
wordlist_open(const char *name, int bar, char **why)
{
	struct dawg *d;
	char *path, *cache, *b;
	const char *dir;

	*why = NULL;
	if ((path = fresh_list(name, 0)) == NULL) {
		cache = dawg_cache_path(name);
		if (wordlist_build(name, bar, why) != 0) {
			dir = getenv("SHAKEREF_DATA_DIR");
			if (dir == NULL || *dir == '\0')
				dir = SR_PKGDATADIR;
			b = *why;
			*why = msg("none in %s or %s, and it cannot be "
			    "built: %s", dir, cache != NULL ? cache :
			    "the cache", b);
			free(b);
			free(cache);
			return NULL;
		}
		path = cache;
	}
	d = dawg_open(path, why);
	free(path);
	return d;
}

#define WORDLISTS_MAX	4

struct wordlists {
	struct {
		char		*name;
		struct dawg	*d;	/* NULL: none fresh */
	}		 l[WORDLISTS_MAX];
	int		 n;
};

/* No list open yet. */
struct wordlists *
wordlists_new(void)
{
	return xcalloc(1, sizeof(struct wordlists));
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

/* Is word in dict's list; see wordlist.h. */
int
wordlists_known(void *arg, const char *dict, const char *word)
{
	struct wordlists *ws = arg;
	char w[128], *path, *why = NULL;
	int i;

	for (i = 0; i < ws->n && strcmp(ws->l[i].name, dict) != 0; i++)
		continue;
	if (i == ws->n) {
		if (ws->n == WORDLISTS_MAX)
			return -1;
		ws->l[i].name = xstrdup(dict);
		ws->l[i].d = NULL;
		if ((path = fresh_list(dict, 1)) != NULL)
			ws->l[i].d = dawg_open(path, &why);
		free(path);
		free(why);
		ws->n++;
	}
	if (ws->l[i].d == NULL)
		return -1;
	if (lexicon_normalise(word, w, sizeof w) != 0)
		return 0;
	return dawg_has(ws->l[i].d, w);
}
