/*
 * import.h: import's reading of an export file (import-scan.c), for
 * cmd-import.c, which checks and stores the games it hands over.
 */
#ifndef SR_IMPORT_H
#define SR_IMPORT_H

#include <stdio.h>

#include "cmd.h"

/* The export format this shakeref writes and reads. */
#define IMPORT_FORMAT	1

/*
 * The file is read a game at a time (its memory does not grow with the
 * file): the outer object {"shakeref": N, "games": [...]} is scanned by
 * hand, structural characters only, and each game's text (one value of
 * "games") is handed to jansson on its own.  Each pass over the games
 * (shape, conflicts, the rules and the store) reads the file again from
 * the start; standard input is copied to a temporary file first.
 */
struct scan {
	struct sr_ctx	*ctx;
	const char	*path;		/* for messages */
	FILE		*f;
	long		 line;		/* of the next character, from 1 */
	struct buf	 text;		/* the value read last */
	long		 version;	/* "shakeref", once read */
};

/*
 * Open the file to scan (path, or "-": standard input, copied to a
 * temporary file); exit 4 on failure, said.  The caller closes sc->f and
 * frees sc->text, also after a failure.
 */
int	sr_scan_open(struct sr_ctx *, const char *path, struct scan *);
/*
 * One pass over the file from its start: fn(arg, index from 1, game)
 * for each game, in order; its first status other than SR_OK ends the
 * pass.  Every pass checks the outer shape (exit 2 or 3, said); *count,
 * the games.
 */
int	sr_scan_games(struct scan *, int (*fn)(void *, size_t, json_t *),
	    void *arg, size_t *count);

#endif
