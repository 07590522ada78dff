/*
 * lexicon.c: Hunspell dictionaries for Shake-A-Word (SW-2).  The only file
 * that includes <hunspell.h>.  The Hunspell library is loaded with
 * dlopen() when a dictionary is first opened: the commands that check no
 * word do not pay for loading it and the C++ runtime it pulls in (0.8 ms
 * of every command's start, tests/bench/core.sh).
 */
#include <sys/file.h>

#include <dirent.h>
#include <errno.h>
#include <dlfcn.h>
#include <iconv.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hunspell.h>

#include "affix.h"
#include "game.h"
#include "lang.h"
#include "lexicon.h"
#include "words.h"

#ifndef HUNSPELL_SONAME
#define HUNSPELL_SONAME	"libhunspell-1.7.so.0"
#endif

struct lexicon {
	char		*name;
	Hunhandle	*h;
	void		*dl;		/* the Hunspell library */
	Hunhandle	*(*create)(const char *, const char *);
	void		 (*destroy)(Hunhandle *);
	int		 (*spell)(Hunhandle *, const char *);
	int		 (*suggest)(Hunhandle *, char ***, const char *);
	void		 (*free_list)(Hunhandle *, char ***, int);
	/*
	 * A dictionary in another encoding than UTF-8 (pl_PL: ISO8859-2):
	 * words to it (to) and from it (from); (iconv_t)-1 for UTF-8.
	 */
	iconv_t		 to, from;
};

/* Load the Hunspell library into lx; -1 with *why if it cannot be. */
static int
hunspell_load(struct lexicon *lx, char **why)
{
	struct buf b = BUF_INIT;
	const char *err;

	if ((lx->dl = dlopen(HUNSPELL_SONAME, RTLD_NOW | RTLD_LOCAL)) != NULL) {
		lx->create = (Hunhandle *(*)(const char *, const char *))
		    dlsym(lx->dl, "Hunspell_create");
		lx->destroy = (void (*)(Hunhandle *))
		    dlsym(lx->dl, "Hunspell_destroy");
		lx->spell = (int (*)(Hunhandle *, const char *))
		    dlsym(lx->dl, "Hunspell_spell");
		lx->suggest = (int (*)(Hunhandle *, char ***, const char *))
		    dlsym(lx->dl, "Hunspell_suggest");
		lx->free_list = (void (*)(Hunhandle *, char ***, int))
		    dlsym(lx->dl, "Hunspell_free_list");
		if (lx->create != NULL && lx->destroy != NULL &&
		    lx->spell != NULL && lx->suggest != NULL &&
		    lx->free_list != NULL)
			return 0;
	}
	err = dlerror();
	buf_printf(&b, _("cannot load the Hunspell library '%s': %s"),
	    HUNSPELL_SONAME, err != NULL ? err : _("a function is missing"));
	*why = b.s;
	return -1;
}

/* 1 if path names a readable regular file. */
static int
readable(const char *path)
{
	FILE *f;

	if ((f = fopen(path, "r")) == NULL)
		return 0;
	fclose(f);
	return 1;
}

/* The Debian package of dictionary name (data/), or NULL if unknown. */
static const char *
package(const char *name)
{
	static const struct {
		const char	*name, *pkg;
	} table[] = {
#define PKG(n, p)	{ n, p },
#include "../../data/hunspell-packages.def"
#undef PKG
	};
	size_t i, lang = strcspn(name, "_-");

	for (i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strcmp(table[i].name, name) == 0)
			return table[i].pkg;
	for (i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strlen(table[i].name) == lang &&
		    strncmp(table[i].name, name, lang) == 0)
			return table[i].pkg;
	return NULL;
}

/*
 * The rules whose card lists the installed dictionaries: the first game of
 * the table with a dictionary option (every such `rules` lists them).
 */
static const char *
dict_rules(void)
{
	const struct game_rules *const *g;

	for (g = game_table; *g != NULL; g++)
		if (game_option_kind(*g, GAME_OPT_DICT) >= 0)
			return (*g)->name;
	return "RULES";
}

/*
 * Find name.aff and name.dic in one folder of the search path: 0 with
 * *aff, *dic malloc'd, or -1 with *why.
 */
static int
find_files(const char *dicts, const char *name, char **aff, char **dic,
    char **why)
{
	struct buf tried = BUF_INIT, b = BUF_INIT;
	char *dirs, *dir, *save = NULL;
	const char *pkg;
	int ntried = 0;

	*aff = *dic = NULL;
	if (name == NULL || *name == '\0' || strchr(name, '/') != NULL) {
		buf_printf(&b, _("'%s' is not a dictionary name"), name ? name :
		    "");
		*why = b.s;
		return -1;
	}
	dirs = xstrdup(dicts);
	for (dir = strtok_r(dirs, ":", &save); dir != NULL;
	    dir = strtok_r(NULL, ":", &save)) {
		buf_reset(&b);
		buf_printf(&b, "%s/%s.aff", dir, name);
		if (readable(buf_str(&b))) {
			*aff = xstrdup(buf_str(&b));
			buf_reset(&b);
			buf_printf(&b, "%s/%s.dic", dir, name);
			if (readable(buf_str(&b))) {
				*dic = xstrdup(buf_str(&b));
				break;
			}
			free(*aff);
			*aff = NULL;
		}
		buf_printf(&tried, "%s%s", ntried++ ? ", " : "", dir);
	}
	free(dirs);
	buf_free(&b);
	if (*dic != NULL) {
		buf_free(&tried);
		return 0;
	}
	buf_printf(&b, _("dictionary '%s' is not installed: no %s.aff and "
	    "%s.dic in %s; "), name, name, name, buf_str(&tried));
	if ((pkg = package(name)) != NULL)
		buf_printf(&b, _("install the Debian package %s, "), pkg);
	buf_printf(&b, _("put them in a folder of SHAKEREF_DICT_PATH, or pick "
	    "an installed one ('shakeref rules %s' lists them)"), dict_rules());
	buf_free(&tried);
	*why = b.s;
	return -1;
}

/* qsort: strcmp of two string pointers. */
static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The installed dictionaries; see lexicon.h. */
void
lexicon_list(const char *dicts, struct buf *out)
{
	char *dirs, *dir, *save = NULL, *aff, *dic, *why, **names = NULL;
	struct dirent *de;
	size_t n = 0, i, len;
	DIR *dp;

	dirs = xstrdup(dicts);
	for (dir = strtok_r(dirs, ":", &save); dir != NULL;
	    dir = strtok_r(NULL, ":", &save)) {
		if ((dp = opendir(dir)) == NULL)
			continue;
		while ((de = readdir(dp)) != NULL) {
			len = strlen(de->d_name);
			if (len < 5 || strcmp(de->d_name + len - 4,
			    ".aff") != 0)
				continue;
			de->d_name[len - 4] = '\0';
			for (i = 0; i < n && strcmp(names[i],
			    de->d_name) != 0; i++)
				continue;
			why = NULL;
			if (i < n || find_files(dicts, de->d_name, &aff,
			    &dic, &why) != 0) {
				free(why);
				continue;
			}
			free(aff);
			free(dic);
			names = xreallocarray(names, n + 1, sizeof *names);
			names[n++] = xstrdup(de->d_name);
		}
		closedir(dp);
	}
	free(dirs);
	if (n > 0)
		qsort(names, n, sizeof *names, name_cmp);
	for (i = 0; i < n; i++) {
		buf_printf(out, "%s%s", i > 0 ? " " : "", names[i]);
		free(names[i]);
	}
	free(names);
}

/* The files of a dictionary; see lexicon.h. */
int
lexicon_files(const char *dicts, const char *name, char **aff, char **dic,
    char **why)
{
	return find_files(dicts, name, aff, dic, why);
}

/*
 * Open dictionary name from its files aff and dic; frees both, and
 * with drop set removes aff once Hunspell has read it.
 */
static struct lexicon *
open_files(const char *name, char *aff, char *dic, int drop, char **why)
{
	struct lexicon *lx;
	char *enc;

	lx = xcalloc(1, sizeof *lx);
	lx->name = xstrdup(name);
	lx->to = lx->from = (iconv_t)-1;
	if (hunspell_load(lx, why) != 0) {
		if (drop)
			unlink(aff);
		free(aff);
		free(dic);
		lexicon_free(lx);
		return NULL;
	}
	lx->h = lx->create(aff, dic);
	enc = affix_encoding(aff);
	if (drop)
		unlink(aff);
	free(aff);
	free(dic);
	if (lx->h == NULL) {
		lexicon_free(lx);
		*why = xstrdup(_("Hunspell could not load the dictionary"));
		return NULL;
	}
	if (enc != NULL && !affix_utf8(enc) &&
	    ((lx->to = iconv_open(enc, "UTF-8")) == (iconv_t)-1 ||
	    (lx->from = iconv_open("UTF-8", enc)) == (iconv_t)-1)) {
		*why = xasprintf(_("the dictionary %s is in %s, which this "
		    "system cannot convert"), name, enc);
		free(enc);
		lexicon_free(lx);
		return NULL;
	}
	free(enc);
	return lx;
}

/* Open a dictionary by name; see lexicon.h. */
struct lexicon *
lexicon_open(const char *dicts, const char *name, char **why)
{
	char *aff, *dic;

	if (find_files(dicts, name, &aff, &dic, why) != 0)
		return NULL;
	return open_files(name, aff, dic, 0, why);
}

/* The directives that let a word be a compound's part (SW-2). */
static const char *const compounding[] = {
	"COMPOUNDFLAG", "COMPOUNDBEGIN", "COMPOUNDMIDDLE", "COMPOUNDEND",
	"COMPOUNDRULE", NULL
};

/* 1 if line is one of compounding[]'s directives. */
static int
compounding_line(const char *line)
{
	size_t n;
	int i;

	for (i = 0; compounding[i] != NULL; i++) {
		n = strlen(compounding[i]);
		if (strncmp(line, compounding[i], n) == 0 && (line[n] == ' ' ||
		    line[n] == '\t' || line[n] == '\n' || line[n] == '\r' ||
		    line[n] == '\0'))
			return 1;
	}
	return 0;
}

/* The dictionary without its compounds; see lexicon.h. */
struct lexicon *
lexicon_open_forms(const char *dicts, const char *name, const char *tmp,
    char **why)
{
	char *aff, *dic, *copy, *line = NULL;
	size_t cap = 0;
	FILE *in, *out = NULL;
	struct lexicon *lx;
	sigset_t set, was;
	int fd = -1, bad, lock = -1;

	if (find_files(dicts, name, &aff, &dic, why) != 0)
		return NULL;
	copy = xasprintf("%s.aff.XXXXXX", tmp);
	/*
	 * The copy lives until Hunspell has read it: a signal that would
	 * end the process waits for it to go; locked meanwhile, so that a
	 * build's cleaning of what a killed one left passes it by.
	 */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, &was);
	if ((in = fopen(aff, "rb")) == NULL || (fd = mkstemp(copy)) == -1 ||
	    (lock = dup(fd)) == -1 || flock(lock, LOCK_EX | LOCK_NB) == -1 ||
	    (out = fdopen(fd, "wb")) == NULL) {
		*why = xasprintf(_("cannot copy %s without its compounds: %s"),
		    aff, strerror(errno));
		if (in != NULL)
			fclose(in);
		if (fd != -1) {
			close(fd);
			unlink(copy);
		}
		if (lock != -1)
			close(lock);
		sigprocmask(SIG_SETMASK, &was, NULL);
		free(aff);
		free(dic);
		free(copy);
		return NULL;
	}
	/* Every line as it is (any encoding), but compounding's. */
	while (getline(&line, &cap, in) != -1)
		if (!compounding_line(line))
			fputs(line, out);
	free(line);
	bad = ferror(in) || fclose(out) != 0;
	fclose(in);
	if (bad) {
		*why = xasprintf(_("cannot copy %s into %s"), aff, copy);
		unlink(copy);
		close(lock);
		sigprocmask(SIG_SETMASK, &was, NULL);
		free(aff);
		free(dic);
		free(copy);
		return NULL;
	}
	free(aff);
	lx = open_files(name, copy, dic, 1, why);
	close(lock);
	sigprocmask(SIG_SETMASK, &was, NULL);
	return lx;
}

/* Close a dictionary. */
void
lexicon_free(struct lexicon *lx)
{
	if (lx == NULL)
		return;
	/* The library stays loaded (as if linked): no dlclose(). */
	if (lx->h != NULL)
		lx->destroy(lx->h);
	if (lx->to != (iconv_t)-1)
		iconv_close(lx->to);
	if (lx->from != (iconv_t)-1)
		iconv_close(lx->from);
	free(lx->name);
	free(lx);
}

/* The dictionary's name. */
const char *
lexicon_name(const struct lexicon *lx)
{
	return lx->name;
}

/* 1 if the dictionary is installed; else 0 and *why. */
int
lexicon_exists(const char *dicts, const char *name, char **why)
{
	char *aff, *dic;

	if (find_files(dicts, name, &aff, &dic, why) != 0)
		return 0;
	free(aff);
	free(dic);
	return 1;
}

/* 1 if Hunspell accepts word exactly as written (UTF-8). */
int
lexicon_spell(struct lexicon *lx, const char *word)
{
	char b[1024];
	const char *w = affix_convert(lx->to, word, b, sizeof b);

	return w != NULL && lx->spell(lx->h, w) != 0;
}

/* Up to max suggestions for word; see lexicon.h. */
int
lexicon_suggest(struct lexicon *lx, struct lang *lg, const char *word,
    char **out, int max, int (*keep)(void *, const char *), void *arg)
{
	char **list = NULL, s[128], why[64], b[1024], u[512];
	const char *w = affix_convert(lx->to, word, b, sizeof b), *sg;
	int n, i, k, got = 0, nl;

	if (max > LEXICON_SUGGEST_MAX)
		max = LEXICON_SUGGEST_MAX;
	if (w == NULL)
		return 0;
	n = lx->suggest(lx->h, &list, w);
	for (i = 0; i < n && got < max; i++) {
		if ((sg = affix_convert(lx->from, list[i], u, sizeof u)) == NULL ||
		    lang_lower(lg, lx->name, sg, s, sizeof s, &nl, why,
		    sizeof why) != 0 || nl < 3 || strcmp(s, word) == 0 ||
		    (keep != NULL && !keep(arg, s)))
			continue;
		for (k = 0; k < got && strcmp(out[k], s) != 0; k++)
			continue;
		if (k == got)
			out[got++] = xstrdup(s);
	}
	if (list != NULL)
		lx->free_list(lx->h, &list, n);
	return got;
}

struct lexicon_cb {
	const char	*dicts;		/* the folders to search */
	struct lang	*lg;		/* the letters' context (lang.h) */
	struct lexicon	*lx;		/* the last dictionary opened */
	char		*failed;	/* the last name that did not open */
	char		*why;
	lexicon_judge_fn judge;
	void		*judge_arg;
	/* for the suggestions' filter */
	const char	*dict;
	int		 mode;
};

/* A lookup with no dictionary open yet, finding them in dicts. */
struct lexicon_cb *
lexicon_cb_new(const char *dicts, struct lang *lg)
{
	struct lexicon_cb *cb;

	cb = xcalloc(1, sizeof *cb);
	cb->dicts = dicts;
	cb->lg = lg;
	return cb;
}

/* Close the lookup's dictionary. */
void
lexicon_cb_free(struct lexicon_cb *cb)
{
	if (cb == NULL)
		return;
	lexicon_free(cb->lx);
	free(cb->failed);
	free(cb->why);
	free(cb);
}

/* Give the lookup its judge; see lexicon.h. */
void
lexicon_cb_wordlist(struct lexicon_cb *cb, lexicon_judge_fn judge,
    void *arg)
{
	cb->judge = judge;
	cb->judge_arg = arg;
}

#if defined(__SANITIZE_ADDRESS__)
#define LEXICON_FREE_AT_EXIT	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LEXICON_FREE_AT_EXIT	1
#endif
#endif

/* Free the lookup at exit, Hunspell's tables left to the kernel. */
void
lexicon_cb_leave(struct lexicon_cb *cb)
{
#ifndef LEXICON_FREE_AT_EXIT
	if (cb != NULL && cb->lx != NULL) {
		free(cb->lx->name);
		free(cb->lx);
		cb->lx = NULL;
	}
#endif
	lexicon_cb_free(cb);
}

/* lexicon_suggest's keep: a suggestion that would stand. */
static int
suggestion_stands(void *arg, const char *s)
{
	struct lexicon_cb *cb = arg;
	char *why = NULL;
	int v;

	v = cb->judge(cb->judge_arg, cb->dict, cb->mode, s, NULL, 0, &why);
	free(why);
	return v == 1;
}

/* replay.lookup: the verdict on word in dict, opened on first use. */
int
lexicon_lookup(void *arg, const char *dict, int mode, const char *word,
    struct buf *form, struct buf *sugg, char **why)
{
	struct lexicon_cb *cb = arg;
	char *out[LEXICON_SUGGEST_MAX], f[256];
	int n, i, v;

	if (dict == NULL)
		dict = "en_US";
	if (cb->judge == NULL) {
		free(*why);
		*why = xstrdup(_("no word lists"));
		return -1;
	}
	f[0] = '\0';
	if ((v = cb->judge(cb->judge_arg, dict, mode, word, f, sizeof f,
	    why)) != 0) {
		if (v == 1 && form != NULL)
			buf_puts(form, f);
		return v;
	}
	if (sugg == NULL)
		return 0;
	if (cb->lx == NULL || strcmp(lexicon_name(cb->lx), dict) != 0) {
		lexicon_free(cb->lx);
		free(cb->why);
		cb->why = NULL;
		if ((cb->lx = lexicon_open(cb->dicts, dict, &cb->why)) == NULL)
			return 0;	/* no suggestions, the verdict stays */
	}
	cb->dict = dict;
	cb->mode = mode;
	n = lexicon_suggest(cb->lx, cb->lg, word, out, LEXICON_SUGGEST_MAX,
	    suggestion_stands, cb);
	for (i = 0; i < n; i++) {
		buf_printf(sugg, "%s%s", i > 0 ? "," : "", out[i]);
		free(out[i]);
	}
	return 0;
}
