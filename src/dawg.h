/*
 * dawg.h: a compiled word list (a minimal DAWG), built by mkdawg at build
 * time or into the cache on first use, opened with mmap, walked by prefix.
 *
 * The file: a 24-byte header ("SRDAWG01", then four uint32 in the byte
 * order of the machine that built it: the number of edges, the number of
 * words, the root's first edge, and DAWG_BOM, which refuses a file of
 * the other order), then the edges, one uint32 each.  An edge: bits 0-4
 * the letter (0 = 'a'), bit 5 a word ends here, bit 6 the last edge of
 * its node, bits 7-31 the first edge of the node it leads to (0: none;
 * edge 0 is a dummy).  A node is a run of edges in ascending letter
 * order ending with the last bit.  Only lowercase a-z words of 3+
 * letters, each q followed by u, are stored (SW-1, SW-2).
 */
#ifndef SHAKEREF_DAWG_H
#define SHAKEREF_DAWG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DAWG_MAGIC	"SRDAWG01"
#define DAWG_BOM	0x01020304u
#define DAWG_HEADER	24
#define DAWG_EOW	(1u << 5)
#define DAWG_LAST	(1u << 6)
#define DAWG_LETTER(e)	((e) & 31u)
#define DAWG_CHILD(e)	((e) >> 7)
#define DAWG_MAXEDGES	(1u << 25)

struct dawg;

/*
 * The file of dictionary name's list: $SHAKEREF_DATA_DIR/NAME.dawg when
 * SHAKEREF_DATA_DIR is set and not empty (tests), else the installed
 * package data folder, else the user's cache folder
 * ($XDG_CACHE_HOME/shakeref or ~/.cache/shakeref).  The first that
 * exists, malloc'd; NULL if none does.
 */
char		*dawg_find(const char *name);
/* The cache file for name (it may not exist), malloc'd; NULL without HOME. */
char		*dawg_cache_path(const char *name);
/*
 * Map the file at path; NULL with *why (malloc'd) if it is unreadable or
 * not a list.
 */
struct dawg	*dawg_open(const char *path, char **why);
void		 dawg_close(struct dawg *);
/* The root node (never 0 for a list with a word). */
uint32_t	 dawg_root(const struct dawg *);
/* How many words the list holds. */
uint32_t	 dawg_count(const struct dawg *);
/*
 * From node, follow letter c ('a'..'z'): 1 and *next (the node reached, 0
 * if no word goes further) and *eow (a word ends on c), or 0 if no word
 * continues with c.  node 0 has no edges.
 */
int		 dawg_step(const struct dawg *, uint32_t node, int c,
		    uint32_t *next, int *eow);
/*
 * Every letter that follows node, at once: returns the mask of letters
 * (bit 0 = 'a'); child[l] is the node after letter l and bit l of *eow
 * says a word ends there.  0 for node 0.
 */
uint32_t	 dawg_children(const struct dawg *, uint32_t node,
		    uint32_t child[26], uint32_t *eow);
/* 1 if word (lowercase a-z) is in the list. */
int		 dawg_has(const struct dawg *, const char *word);

/* 1 if word is one the list can hold: a-z only, 3+ letters, q then u. */
int		 dawg_word_ok(const char *word);
/*
 * Compile words (any order, duplicates allowed; those not dawg_word_ok
 * skipped) into a list written to f.  progress, if not NULL, is called
 * now and then with the share done (0..1).  0, or -1 on a write error or
 * a list too big.
 */
int		 dawg_build(char **words, size_t n, FILE *f,
		    void (*progress)(void *, double), void *arg);

#endif
