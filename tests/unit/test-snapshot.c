/*
 * test-snapshot.c: no stored snapshot crashes a command (SPEC.md "Settled
 * details", issue 23).  Every position of every scenario game, its
 * snapshot edited one byte at a time (a random byte at a random place,
 * as someone would with the sqlite3 CLI, the key recomputed) and
 * replaced by random bytes behind a true beginning: each is either
 * ignored (the game replayed) or gives a state that `status` and the
 * next entries can use.  A deterministic short run of the fuzz target
 * tests/fuzz/fuzz-snapshot.c; build it with the sanitizers to see what
 * it would catch.  Before the snapshots were checked as they were read,
 * a Shake Up snapshot with a seat's byte set crashed `status`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz/snapshot-core.h"
#include "tap.h"

#define EDITS	40	/* single-byte edits per position */
#define RANDOMS	4	/* random tails per position */

/* xorshift64: the same edits on every run. */
static uint64_t
next_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

int
main(void)
{
	struct sc_set set;
	const char *srcdir = getenv("SRCDIR");
	const char *what = NULL;
	char dir[4096];
	unsigned char *b;
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	size_t at, len;
	int i, k, taken, bad = 0, tried = 0, took = 0, untouched = 0;
	int seat_bytes = 0;

	snprintf(dir, sizeof dir, "%s/tests/scenarios",
	    srcdir != NULL ? srcdir : ".");
	if (sc_load(&set, dir) != 0) {
		printf("Bail out! no scenarios in %s\n", dir);
		return 1;
	}
	for (i = 0; i < set.npos; i++) {
		const struct sc_pos *p = &set.pos[i];

		/* The snapshot as made is taken. */
		if (sc_try(p, p->snap, p->len, &taken, &what) != 0 || !taken)
			if (untouched++ < 5)
				diag("position %d of a %s game (entry %d) "
				    "not taken", i, p->game->g->name,
				    p->line);
		b = xmalloc(p->len + 64);
		for (k = 0; k < EDITS; k++) {
			memcpy(b, p->snap, p->len);
			at = (size_t)(next_rand(&x) % p->len);
			b[at] = (unsigned char)next_rand(&x);
			/* Now and then a value far out: a seat of 255. */
			if (k % 4 == 0 && at + 4 <= p->len) {
				b[at] = 0xff;
				seat_bytes++;
			}
			tried++;
			if (sc_try(p, b, p->len, &taken, &what) != 0) {
				if (bad++ < 5)
					diag("position %d of a %s game, byte "
					    "%zu: %s", i, p->game->g->name,
					    at, what);
			}
			took += taken;
		}
		for (k = 0; k < RANDOMS; k++) {
			len = (size_t)(next_rand(&x) % (p->len + 64));
			at = len < p->len ? len / 2 : p->len / 2;
			memcpy(b, p->snap, at);
			for (; at < len; at++)
				b[at] = (unsigned char)next_rand(&x);
			tried++;
			if (sc_try(p, b, len, &taken, &what) != 0 && bad++ < 5)
				diag("position %d of a %s game, random "
				    "bytes: %s", i, p->game->g->name, what);
			took += taken;
		}
		free(b);
	}
	ok(set.npos > 100, "positions from the scenarios: %d", set.npos);
	ok(untouched == 0, "every snapshot as made is taken up (%d not)",
	    untouched);
	ok(bad == 0, "%d edited snapshots (%d of them taken up, %d with a "
	    "byte 255): every one ignored or usable by status and the next "
	    "entries (%d not)", tried, took, seat_bytes, bad);
	sc_free(&set);
	printf("1..3\n");
	return bad != 0 || untouched != 0;
}
