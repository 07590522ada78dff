/*
 * mktt.c: solve the two-player 10,000 table for a target at build time.
 *
 *	mktt -t TARGET [-f 0|1] -o FILE
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tt-table.h"

int
main(int argc, char **argv)
{
	const char *out = NULL;
	long target = 10000;
	int four_pair = 1, c;

	while ((c = getopt(argc, argv, "f:o:t:")) != -1)
		switch (c) {
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
	if (out == NULL || target < TT_LEVEL || target > TT_WIN_MAX ||
	    target % TT_LEVEL != 0)
		goto usage;
	if (tt_table_write(out, target, four_pair, 0) == -1) {
		perror(out);
		return 1;
	}
	return 0;
usage:
	fprintf(stderr, "usage: mktt -t TARGET [-f 0|1] -o FILE\n");
	return 2;
}
