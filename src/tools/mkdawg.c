/*
 * mkdawg: compile the word list of Hunspell dictionary NAME (wordlist.h)
 * into OUT, or compile a plain word list (one word a line, on standard
 * input or in FILE; every word valid as written) into shakeref's
 * compiled form (dawg.h).  Lines that are not a lowercase word of 3+
 * letters with each q followed by u are skipped.
 *
 *	mkdawg -d en_US -o data/en_US.dawg
 *	mkdawg [-n MIN] -o tests/data/words.dawg [FILE]
 *
 * -n MIN: fail unless at least MIN words are kept (a broken pipeline
 * upstream gives an empty list, not a word list).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "dawg-file.h"
#include "lang.h"
#include "lang-icu.h"
#include "paths.h"
#include "wordlist.h"

/* Read every line of f into a growing array. */
static char **
read_words(FILE *f, size_t *n)
{
	char **w = NULL, *line = NULL;
	size_t cap = 0, len = 0;
	ssize_t r;

	*n = 0;
	while ((r = getline(&line, &len, f)) != -1) {
		while (r > 0 && (line[r - 1] == '\n' || line[r - 1] == '\r'))
			line[--r] = '\0';
		if (*n == cap) {
			cap = cap ? cap * 2 : 65536;
			w = xreallocarray(w, cap, sizeof *w);
		}
		w[(*n)++] = xstrdup(line);
	}
	free(line);
	return w;
}

/* The records of a plain word: "x" w "\1" "3" and its "f" record. */
static int
word_records(struct lang *lg, const char *w, char **out)
{
	char low[256], key[256], why[64];
	struct buf b = BUF_INIT;
	int n;

	if (lang_word(lg, "", w, low, sizeof low, &n, why, sizeof why) != 0 ||
	    strcmp(low, w) != 0)
		return 0;
	if (lang_key(lg, "", 1, low, key, sizeof key) != 0)
		return 0;
	buf_printf(&b, "x%s%c3", low, DAWG_SEP);
	out[0] = b.s;
	b.s = NULL;
	b.len = b.cap = 0;
	buf_printf(&b, "f%s%c%s3", key, DAWG_SEP, strcmp(key, low) == 0 ?
	    "" : low);
	out[1] = b.s;
	return 2;
}

/* mkdawg -d NAME -o OUT | mkdawg [-n MIN] -o OUT [FILE] */
int
main(int argc, char **argv)
{
	FILE *in = stdin, *out;
	const char *outpath = NULL, *dict = NULL, *dicts;
	char **w, **rec, *why = NULL;
	size_t n, i, kept, min = 0;
	int c, rc;
	struct lang *lg = lang_new(icu_dlopen);	/* the tool's own */

	while ((c = getopt(argc, argv, "d:n:o:")) != -1) {
		if (c == 'o')
			outpath = optarg;
		else if (c == 'd')
			dict = optarg;
		else if (c == 'n')
			min = (size_t)strtoul(optarg, NULL, 10);
		else {
			fprintf(stderr, "usage: mkdawg -d NAME -o OUT | "
			    "mkdawg [-n MIN] -o OUT [FILE]\n");
			return 2;
		}
	}
	if (outpath == NULL || argc - optind > 1) {
		fprintf(stderr, "usage: mkdawg [-n MIN] -o OUT [FILE]\n");
		return 2;
	}
	if (dict != NULL) {
		/* A build tool: it reads its own environment. */
		if ((dicts = getenv("SHAKEREF_DICT_PATH")) == NULL ||
		    *dicts == '\0')
			dicts = SR_SYSTEM_DICT_DIR;
		if (wordlist_write(dicts, lg, dict, outpath, 0, &why) != 0) {
			fprintf(stderr, "mkdawg: %s\n", why);
			free(why);
			return 1;
		}
		lang_free(lg);
		return 0;
	}
	if (optind < argc && (in = fopen(argv[optind], "r")) == NULL) {
		perror(argv[optind]);
		return 1;
	}
	w = read_words(in, &n);
	if (ferror(in)) {
		fprintf(stderr, "mkdawg: cannot read the words\n");
		return 1;
	}
	rec = xcalloc(2 * n + 1, sizeof *rec);
	for (i = kept = 0; i < n; i++)
		kept += (size_t)word_records(lg, w[i], rec + kept);
	kept /= 2;
	if (kept < min) {
		fprintf(stderr, "mkdawg: only %zu words of 3+ letters a-z, "
		    "expected at least %zu\n", kept, min);
		return 1;
	}
	if ((out = fopen(outpath, "wb")) == NULL) {
		perror(outpath);
		return 1;
	}
	rc = dawgfile_build(rec, 2 * kept, out, NULL, NULL);
	if (fclose(out) != 0 || rc != 0) {
		fprintf(stderr, "mkdawg: cannot write %s\n", outpath);
		unlink(outpath);
		return 1;
	}
	for (i = 0; i < n; i++)
		free(w[i]);
	free(w);
	for (i = 0; i < 2 * kept; i++)
		free(rec[i]);
	free(rec);
	lang_free(lg);
	return 0;
}
