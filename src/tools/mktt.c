/*
 * mktt.c: solve the two-player 10,000 table for a target at build time.
 *
 *	mktt -t TARGET [-f 0|1] -o FILE
 *	mktt -m -o FILE
 *
 * -m: the roll classes of 1..6 dice instead (tt_model_source), as the C
 * source of tt_model_data[], which no advice computes then.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "tt-coach.h"
#include "tt-table.h"

/* Write the model's C source to out; 0 or -1. */
static int
write_model(const char *out)
{
	struct tt_model *m[2];
	struct buf b = BUF_INIT;
	FILE *fp;
	int ok;

	m[0] = tt_model_solve(0);
	m[1] = tt_model_solve(1);
	tt_model_source(m, &b);
	tt_model_free(m[0]);
	tt_model_free(m[1]);
	if ((fp = fopen(out, "w")) == NULL) {
		buf_free(&b);
		return -1;
	}
	ok = fwrite(b.s, 1, b.len, fp) == b.len;
	buf_free(&b);
	return fclose(fp) == 0 && ok ? 0 : -1;
}

int
main(int argc, char **argv)
{
	const char *out = NULL;
	long target = 10000;
	int four_pair = 1, model = 0, c;

	while ((c = getopt(argc, argv, "f:mo:t:")) != -1)
		switch (c) {
		case 'm':
			model = 1;
			break;
		case 'f':
			four_pair = strcmp(optarg, "0") != 0;
			break;
		case 'o':
			out = optarg;
			break;
		case 't':
			target = strtol(optarg, NULL, 10);
			break;
		default:
			goto usage;
		}
	if (model && out != NULL) {
		if (write_model(out) == -1) {
			perror(out);
			return 1;
		}
		return 0;
	}
	if (out == NULL || target < TT_LEVEL || target > TT_WIN_MAX ||
	    target % TT_LEVEL != 0)
		goto usage;
	if (ttfile_write(out, target, four_pair, 0) == -1) {
		perror(out);
		return 1;
	}
	return 0;
usage:
	fprintf(stderr, "usage: mktt -t TARGET [-f 0|1] -o FILE\n"
	    "       mktt -m -o FILE\n");
	return 2;
}
