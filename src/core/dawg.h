/*
 * dawg.h: a compiled word list (a minimal DAWG over bytes), built by
 * mkdawg at build time or into the cache on first use, opened with
 * mmap, walked by prefix.  The walk (dawg.c) is pure, in libsr.a: it
 * reads memory it is given; finding, mapping and building the files is
 * the system's (dawg-file.h, libsrsys.a).
 *
 * The file: a 24-byte header ("SRDAWG07", then four uint32 in the byte
 * order of the machine that built it: the number of edges, the number of
 * records, the root's first edge, and DAWG_BOM, which refuses a file of
 * the other order), then the edges, one uint64 each (dawg_edge
 * below: 32 bits held too few for the lists of pt_BR and tr_TR, of 6 to
 * 8 million edges).  An edge: bits 0-7 the byte, bit 8 a record ends
 * here, bit 9 the last edge of its node, bits 10-63 the first edge of
 * the node it leads to (0: none; edge 0 is a dummy).  A node is a run of
 * edges in ascending byte order ending with the last bit.  The magic
 * changes whenever a list's format or what it holds for a dictionary
 * does, so that a list an older shakeref left in the cache is built
 * again.
 *
 * The records of a word list (wordlist.h): for each lowercase form F of
 * the dictionary (UTF-8 letters, no lone q; 3+ letters, or a part of a
 * compound) with verdict V, one byte '0' + the bits DAWG_LOWER ...:
 *	"x" F "\1" V			exact keys (accents=exact)
 *	"f" K "\1" V			K = F's plain letters = F
 *	"f" K "\1" F V			K = F's plain letters, not F
 *	"c"				a form may begin a compound
 */
#ifndef SHAKEREF_DAWG_H
#define SHAKEREF_DAWG_H

#include <stddef.h>
#include <stdint.h>

#define DAWG_MAGIC	"SRDAWG08"
#define DAWG_BOM	0x01020304u
#define DAWG_HEADER	24
#define DAWG_EOW	(1u << 8)
#define DAWG_LAST	(1u << 9)
typedef uint64_t dawg_edge;	/* an edge, as above */
#define DAWG_LETTER(e)	((unsigned)((e) & 255u))
#define DAWG_CHILD(e)	((uint32_t)((e) >> 10))
#define DAWG_MAXEDGES	(1u << 30)
#define DAWG_SEP	'\1'	/* after a key: its forms and verdicts */

/* A verdict's bits (affix.h: the compound marks). */
#define DAWG_LOWER	1u	/* F as written is a form the dictionary
				   lists (Hunspell, no compounding) */
#define DAWG_CAP	2u	/* ... F with its first letter capital */
#define DAWG_BEGIN	4u	/* F may begin a compound */
#define DAWG_BEGINCAP	8u	/* ... F capitalised may */
#define DAWG_MIDDLE	16u	/* F may stand inside one */
#define DAWG_END	32u	/* F may end one */
#define DAWG_ASK	64u	/* F is a FORBIDDENWORD's: Hunspell judges */
#define DAWG_BITS(c)	((unsigned)(unsigned char)(c) - '0')
#define DAWG_VERDICT(b)	((char)('0' + (b)))

struct dawg;

/*
 * A list of size bytes at map (a file's contents), checked: NULL with
 * *why (static text) if it is not a list of this version and machine.
 * The list reads map until dawg_free.
 */
struct dawg	*dawg_new(const void *map, size_t size, const char **why);
/* Free a list (not the memory it reads). */
void		 dawg_free(struct dawg *);
/* The memory a list reads, its size into *size. */
const void	*dawg_map(const struct dawg *, size_t *size);

/* The root node (never 0 for a list with a record). */
uint32_t	 dawg_root(const struct dawg *);
/*
 * A byte kept for node (0 at first) for one user to remember what it
 * worked out there (judge.c: judge_bits); NULL for no node.
 */
unsigned char	*dawg_memo(const struct dawg *, uint32_t node);
/* How many records the list holds. */
uint32_t	 dawg_count(const struct dawg *);
/*
 * From node, follow byte c: 1 and *next (the node reached, 0 if no
 * record goes further) and *eow (a record ends on c), or 0 if no record
 * continues with c.  node 0 has no edges.
 */
int		 dawg_step(const struct dawg *, uint32_t node, int c,
		    uint32_t *next, int *eow);
/*
 * The edges of node (a run ending with DAWG_LAST), for a walk that
 * reads each once: NULL for node 0 or out of the list.  An edge's
 * DAWG_CHILD is checked with dawg_child.
 */
const dawg_edge	*dawg_edges(const struct dawg *, uint32_t node);
/*
 * Every edge of the list, their number into *n and the memo bytes
 * (dawg_memo's, by node) into *memo, for a walk that steps by itself:
 * a run of edges from an index under *n ends (DAWG_LAST) under *n; a
 * DAWG_CHILD of *n or more is none.
 */
const dawg_edge	*dawg_all(const struct dawg *, uint32_t *n,
		    unsigned char **memo);
/* The node edge e leads to, 0 if none (or out of the list). */
uint32_t	 dawg_child(const struct dawg *, dawg_edge e);
/* From node, follow every byte of s: the node reached, or 0. */
uint32_t	 dawg_walk(const struct dawg *, uint32_t node, const char *s);
/*
 * Call f(arg, text) for each record's rest below node (its bytes after
 * node, up to 63); stops early if f returns nonzero, and returns that.
 */
int		 dawg_each(const struct dawg *, uint32_t node,
		    int (*f)(void *, const char *), void *arg);
/*
 * 1 if word (lowercase, exact) is a word of the list: its "x" record has
 * a verdict with DAWG_LOWER (Hunspell accepts it as written).
 */
int		 dawg_has(const struct dawg *, const char *word);

#endif
