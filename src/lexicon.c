/*
 * lexicon.c: Hunspell dictionaries for Shake-A-Word (SW-2).  The only file
 * that includes <hunspell.h>.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hunspell.h>

#include "lexicon.h"

#define SYSTEM_DICT_DIR	"/usr/share/hunspell"

struct lexicon {
	char		*name;
	Hunhandle	*h;
};

/* The folders to search, in order, into dirs (a buf of NUL-free text). */
static void
search_path(struct buf *b)
{
	const char *env;

	if ((env = getenv("SHAKEREF_DICT_PATH")) != NULL && *env != '\0')
		buf_printf(b, "%s:", env);
	if ((env = getenv("DICPATH")) != NULL && *env != '\0')
		buf_printf(b, "%s:", env);
	buf_puts(b, SYSTEM_DICT_DIR);
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

/*
 * Find name.aff and name.dic in one folder of the search path: 0 with
 * *aff, *dic malloc'd, or -1 with *why.
 */
static int
find_files(const char *name, char **aff, char **dic, char **why)
{
	struct buf path = BUF_INIT, tried = BUF_INIT, b = BUF_INIT;
	char *dirs, *dir, *save = NULL, *pkg, *p;
	int ntried = 0;

	*aff = *dic = NULL;
	if (name == NULL || *name == '\0' || strchr(name, '/') != NULL) {
		buf_printf(&b, "'%s' is not a dictionary name", name ? name :
		    "");
		*why = b.s;
		return -1;
	}
	search_path(&path);
	dirs = xstrdup(buf_str(&path));
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
	buf_free(&path);
	buf_free(&b);
	if (*dic != NULL) {
		buf_free(&tried);
		return 0;
	}
	pkg = xstrdup(name);
	for (p = pkg; *p != '\0'; p++)
		*p = *p == '_' ? '-' : (char)tolower((unsigned char)*p);
	buf_printf(&b, "dictionary '%s' is not installed: no %s.aff and "
	    "%s.dic in %s; install the Debian package hunspell-%s, or put "
	    "them in a folder of SHAKEREF_DICT_PATH", name, name, name,
	    buf_str(&tried), pkg);
	free(pkg);
	buf_free(&tried);
	*why = b.s;
	return -1;
}

/* The files of a dictionary; see lexicon.h. */
int
lexicon_files(const char *name, char **aff, char **dic, char **why)
{
	return find_files(name, aff, dic, why);
}

/* Open a dictionary by name; see lexicon.h. */
struct lexicon *
lexicon_open(const char *name, char **why)
{
	struct lexicon *lx;
	char *aff, *dic;

	if (find_files(name, &aff, &dic, why) != 0)
		return NULL;
	lx = xcalloc(1, sizeof *lx);
	lx->name = xstrdup(name);
	lx->h = Hunspell_create(aff, dic);
	free(aff);
	free(dic);
	if (lx->h == NULL) {
		lexicon_free(lx);
		*why = xstrdup("Hunspell could not load the dictionary");
		return NULL;
	}
	return lx;
}

/* Close a dictionary. */
void
lexicon_free(struct lexicon *lx)
{
	if (lx == NULL)
		return;
	if (lx->h != NULL)
		Hunspell_destroy(lx->h);
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
lexicon_exists(const char *name, char **why)
{
	char *aff, *dic;

	if (find_files(name, &aff, &dic, why) != 0)
		return 0;
	free(aff);
	free(dic);
	return 1;
}

/* Fold a word to lowercase a-z; -1 unless letters only, at least 3. */
int
lexicon_normalise(const char *word, char *out, size_t len)
{
	size_t i, n = strlen(word);

	if (n < 3 || n >= len)
		return -1;
	for (i = 0; i < n; i++) {
		if (!isascii((unsigned char)word[i]) ||
		    !isalpha((unsigned char)word[i]))
			return -1;
		out[i] = (char)tolower((unsigned char)word[i]);
	}
	out[n] = '\0';
	return 0;
}

/* 1 if word is a word here (SW-2). */
int
lexicon_check(struct lexicon *lx, const char *word)
{
	char w[128];

	if (lexicon_normalise(word, w, sizeof w) != 0)
		return 0;
	return Hunspell_spell(lx->h, w) != 0;
}

/* Up to max suggestions for word; see lexicon.h. */
int
lexicon_suggest(struct lexicon *lx, const char *word, char **out, int max)
{
	char **list = NULL, w[128], s[128];
	int n, i, k, got = 0;

	if (max > LEXICON_SUGGEST_MAX)
		max = LEXICON_SUGGEST_MAX;
	if (lexicon_normalise(word, w, sizeof w) != 0)
		return 0;
	n = Hunspell_suggest(lx->h, &list, w);
	for (i = 0; i < n && got < max; i++) {
		if (lexicon_normalise(list[i], s, sizeof s) != 0 ||
		    strcmp(s, w) == 0 || !Hunspell_spell(lx->h, s))
			continue;
		for (k = 0; k < got && strcmp(out[k], s) != 0; k++)
			continue;
		if (k == got)
			out[got++] = xstrdup(s);
	}
	if (list != NULL)
		Hunspell_free_list(lx->h, &list, n);
	return got;
}

struct lexicon_cb {
	struct lexicon	*lx;		/* the last dictionary opened */
	char		*failed;	/* the last name that did not open */
	char		*why;
	int		(*known)(void *, const char *, const char *);
	void		*known_arg;
};

/* A lookup with no dictionary open yet. */
struct lexicon_cb *
lexicon_cb_new(void)
{
	return xcalloc(1, sizeof(struct lexicon_cb));
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

/* Give the lookup a compiled word list; see lexicon.h. */
void
lexicon_cb_wordlist(struct lexicon_cb *cb,
    int (*known)(void *, const char *, const char *), void *arg)
{
	cb->known = known;
	cb->known_arg = arg;
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

/* replay.lookup: the verdict on word in dict, opened on first use. */
int
lexicon_lookup(void *arg, const char *dict, const char *word,
    struct buf *sugg, char **why)
{
	struct lexicon_cb *cb = arg;
	char *out[LEXICON_SUGGEST_MAX];
	int n, i;

	if (dict == NULL)
		dict = "en_US";
	/* A word of the compiled list needs no Hunspell load. */
	if (cb->known != NULL && cb->known(cb->known_arg, dict, word) == 1)
		return 1;
	if (cb->lx == NULL || strcmp(lexicon_name(cb->lx), dict) != 0) {
		if (cb->failed != NULL && strcmp(cb->failed, dict) == 0) {
			free(*why);
			*why = xstrdup(cb->why);
			return -1;
		}
		lexicon_free(cb->lx);
		free(cb->failed);
		free(cb->why);
		cb->failed = cb->why = NULL;
		if ((cb->lx = lexicon_open(dict, &cb->why)) == NULL) {
			cb->failed = xstrdup(dict);
			free(*why);
			*why = xstrdup(cb->why);
			return -1;
		}
	}
	if (lexicon_check(cb->lx, word))
		return 1;
	if (sugg != NULL) {
		n = lexicon_suggest(cb->lx, word, out, LEXICON_SUGGEST_MAX);
		for (i = 0; i < n; i++) {
			buf_printf(sugg, "%s%s", i > 0 ? "," : "", out[i]);
			free(out[i]);
		}
	}
	return 0;
}
