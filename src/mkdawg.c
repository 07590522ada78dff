/*
 * mkdawg: compile a word list (one word a line, on standard input or in
 * FILE) into shakeref's compiled form (dawg.h).  Lines that are not a
 * lowercase a-z word of 3+ letters with each q followed by u are skipped.
 *
 *	mkdawg [-n MIN] -o data/en_US.dawg [FILE]
 *
 * -n MIN: fail unless at least MIN words are kept (a broken pipeline
 * upstream gives an empty list, not a word list).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "dawg.h"

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

/* mkdawg [-n MIN] -o OUT [FILE] */
int
main(int argc, char **argv)
{
	FILE *in = stdin, *out;
	const char *outpath = NULL;
	char **w;
	size_t n, i, kept, min = 0;
	int c, rc;

	while ((c = getopt(argc, argv, "n:o:")) != -1) {
		if (c == 'o')
			outpath = optarg;
		else if (c == 'n')
			min = (size_t)strtoul(optarg, NULL, 10);
		else {
			fprintf(stderr, "usage: mkdawg [-n MIN] -o OUT "
			    "[FILE]\n");
			return 2;
		}
	}
	if (outpath == NULL || argc - optind > 1) {
		fprintf(stderr, "usage: mkdawg [-n MIN] -o OUT [FILE]\n");
		return 2;
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
	for (i = kept = 0; i < n; i++)
		kept += dawg_word_ok(w[i]);
	if (kept < min) {
		fprintf(stderr, "mkdawg: only %zu words of 3+ letters a-z, "
		    "expected at least %zu\n", kept, min);
		return 1;
	}
	if ((out = fopen(outpath, "wb")) == NULL) {
		perror(outpath);
		return 1;
	}
	rc = dawg_build(w, n, out, NULL, NULL);
	if (fclose(out) != 0 || rc != 0) {
		fprintf(stderr, "mkdawg: cannot write %s\n", outpath);
		unlink(outpath);
		return 1;
	}
	for (i = 0; i < n; i++)
		free(w[i]);
	free(w);
	return 0;
}
