/*
 * fuzz-snapshot.c: a libFuzzer (or AFL++) target over a stored snapshot
 * (tests/fuzz/snapshot-core.h): every position of the scenario games
 * (FUZZ_SCENARIOS, the folder tests/scenarios), one chosen by the input's
 * first two bytes; its third byte chooses how the rest is used:
 *	even: as the whole snapshot (random bytes, its true beginning kept
 *	      for as many bytes as the fourth byte says);
 *	odd:  as edits of the snapshot, three bytes each (a place, little-
 *	      endian, then the byte put there): the single-byte edits of
 *	      someone with the sqlite3 CLI, the key recomputed.
 * Then `status` and the next entries on whatever replay_resume takes.
 * The invariants: sc_try's, and the sanitizers'.  README.md
 * "Development" says how to build and run it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot-core.h"

#ifndef FUZZ_SCENARIOS
#define FUZZ_SCENARIOS "tests/scenarios"
#endif

/* The longest input. */
#define FUZZ_MAX_LEN	(64 * 1024)

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct sc_set set;

/* One input; see the top. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct sc_pos *p;
	const char *what = NULL;
	unsigned char *b;
	size_t len, keep, i, at;
	int taken;

	if (set.npos == 0 && sc_load(&set, FUZZ_SCENARIOS) != 0) {
		fprintf(stderr, "fuzz-snapshot: no scenarios in %s\n",
		    FUZZ_SCENARIOS);
		abort();
	}
	if (size < 4 || size > FUZZ_MAX_LEN)
		return 0;
	p = &set.pos[(data[0] | (size_t)data[1] << 8) % (size_t)set.npos];
	if (data[2] % 2 == 0) {
		keep = (size_t)data[3] * p->len / 255;
		len = keep + size - 4;
		b = xmalloc(len + 1);
		memcpy(b, p->snap, keep);
		memcpy(b + keep, data + 4, size - 4);
	} else {
		len = p->len;
		b = xmalloc(len + 1);
		memcpy(b, p->snap, len);
		for (i = 3; i + 3 <= size; i += 3) {
			at = ((size_t)data[i] | (size_t)data[i + 1] << 8) % len;
			b[at] = data[i + 2];
		}
	}
	if (sc_try(p, b, len, &taken, &what) != 0) {
		fprintf(stderr, "fuzz-snapshot: %s\n", what);
		abort();
	}
	free(b);
	return 0;
}

#ifdef FUZZ_MAIN
#include "fuzz-main.h"
#endif
