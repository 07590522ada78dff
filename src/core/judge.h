/*
 * judge.h: the verdict on a word by a compiled word list (dawg.h), as a
 * challenge rules it (SW-2) and solve lists it: a form of the list that
 * stands, or a compound of the list's parts by the dictionary's compound
 * rules (the dictionary itself asked through struct speller only about
 * a compound with a forbidden word's form in it).  Pure: the list is
 * memory, the dictionary a callback, the letters' context (lang.h) the
 * caller's.
 */
#ifndef SHAKEREF_JUDGE_H
#define SHAKEREF_JUDGE_H

#include <stddef.h>
#include <stdint.h>

#include "dawg.h"

struct lang;

/*
 * The dictionary itself (Hunspell, from the system): spell(arg, word) is
 * 1 if it accepts word exactly as written, 0 if not, -1 if it cannot be
 * asked (then why, malloc'd by the speller, says why).
 */
struct speller {
	int		(*spell)(void *arg, const char *word);
	void		*arg;
};

/* The node of the keys for accents=fold (fold) or exact, or 0. */
uint32_t	 judge_root(const struct dawg *, int fold);
/* 1 if some form of the list may begin a compound (its "c" record). */
int		 judge_has_parts(const struct dawg *);
/* The bits (DAWG_LOWER ...) of every form of the key at node, or 0. */
unsigned	 judge_bits(const struct dawg *, uint32_t node);
/*
 * The verdict on a key from the node it leads to (solve's walk): 1
 * with the form in lowercase (written preferred: the letters of the
 * dice), or 0.
 */
int		 judge_node(const struct dawg *, uint32_t node,
		    int nouns, const char *key, const char *written,
		    char *form, size_t len);
/*
 * The verdict on key as a compound, as Hunspell's compound rules give
 * it: some split of key into two parts or more, the first one that may
 * begin a compound (DAWG_BEGIN; with nouns DAWG_BEGINCAP, the word
 * capitalised), the last one that may end it, those between that may
 * stand inside, spells with the parts' forms a word L of 3+ letters.
 * Only if a form of a FORBIDDENWORD (DAWG_ASK) is a part or the whole
 * is sp asked about L in lowercase and, with nouns, capitalised.  1
 * with L into form (written if it is one; else a lowercase one before
 * a capitalised one, each part in written's letters where they are a
 * form of it) and *cap set if only its capital stands, with parts a
 * '+' between the parts ("maus+abend"); 0 if none; -1 if sp must be
 * asked and cannot (or is NULL).
 */
int		 judge_compound(const struct dawg *, struct lang *,
		    const char *dict, int fold, int nouns, int parts,
		    const struct speller *, const char *key,
		    const char *written, char *form, size_t len, int *cap);
/*
 * The verdict on written (lowercase letters, lang.h) by the list of
 * dictionary dict: a form of the dictionary with written's key
 * (lang_key with fold) that stands, as written in lowercase or, with
 * nouns, capitalised (SW-2), written itself preferred ("était",
 * "Haus"), else, with compounds (compounds=on), judge_compound with
 * its parts ("Maus+abend"; sp may be NULL for a list with no compounds):
 * 1 with the form found into form (len bytes), 0, or -1 if sp cannot be
 * asked.
 */
/*
 * The cutter: the cuts of a word into compound parts (judge_compound's
 * judge) worked out letter by letter, so that a walk adding letters and
 * taking them back (solve's) judges each word it meets from what it
 * worked out for the word's beginning.  A word of CUT_MAX letters or
 * fewer is judged here; CUT_OTHER and CUT_ASK send it to the slower
 * judge of judge_compound (every spelling of every cut, Hunspell).
 */
#define CUT_MAX		64	/* letters in a word the cutter judges */
#define CUTTER_LEN	576	/* bytes of key (and of written) it holds */
#define CUT_FORM	128	/* bytes of a part's form, with its NUL */

enum cut { CUT_NONE, CUT_FOUND, CUT_OTHER, CUT_ASK };

/* A part that may go on: letters from..n of the word, at node. */
struct cutstate {
	uint32_t	 node;
	uint16_t	 from;
	uint8_t		 bits;		/* judge_bits at node */
};

/*
 * The cut up to a letter for each mode (0: written's letters are the
 * key's, its parts preferred; 1: they are not) and each first part (t
 * 0: lowercase, DAWG_BEGIN; 1: capitalised, DAWG_BEGINCAP): where its
 * last part starts (-1: no cut reaches here) and that part's node.
 */
struct cutrow {
	int16_t		 from[2][2];	/* [mode][t] */
	uint32_t	 node[2][2];
	uint8_t		 wr[2];		/* mode 0: every part written's */
	uint8_t		 ask[2];	/* [mode] a FORBIDDENWORD's form met */
	uint8_t		 wok;		/* written's letters the key's so far */
	uint8_t		 formed;	/* bit 2 * mode + t: in forms */
};

struct cutter {
	const struct dawg	*d;
	const dawg_edge		*e;		/* dawg_all */
	uint32_t		 ne;
	unsigned char		*memo;
	uint32_t		 root;
	int			 nouns;
	int			 plus;		/* a '+' between a form's parts */
	int			 n;		/* letters pushed */
	uint16_t		 kp[CUTTER_LEN + 1], wp[CUTTER_LEN + 1];
	char			 key[CUTTER_LEN + 1];
	char			 written[CUTTER_LEN + 1];
	struct cutrow		 row[CUTTER_LEN + 1];
	/* The parts going on at letter p: st[base[p] .. base[p + 1]). */
	uint32_t		 base[CUTTER_LEN + 2];
	uint32_t		 next[256];	/* the root's child by byte */
	/* The form of a row's last part, once a verdict needed it. */
	char			 forms[CUT_MAX + 1][2][2][CUT_FORM];
	struct cutstate		*st;
	size_t			 stcap;
};

/* Start c on an empty word of list d from root (judge_root). */
void		 cutter_init(struct cutter *c, const struct dawg *d,
		    uint32_t root, int nouns);
/* Free what c holds (not c). */
void		 cutter_done(struct cutter *c);
/*
 * Add a letter of the key (klen bytes) and the written letter whose key
 * it is (wlen bytes; NULL if written's letters are not the key's, from
 * here on).  How many parts go on after it (the states at c->n: 0, the
 * word can go no further), or -1 if it does not fit (nothing added).
 */
int		 cutter_push(struct cutter *c, const char *key, size_t klen,
		    const char *written, size_t wlen);
/* Take the letters back to the first n. */
void		 cutter_pop(struct cutter *c, int n);
/*
 * The verdict on the letters so far as a whole word, as
 * judge_compound's first step gives it: CUT_FOUND with the form into
 * form (len bytes) and *cap, CUT_NONE, CUT_ASK (Hunspell must judge), or
 * CUT_OTHER (more than CUT_MAX letters, or the form does not fit).
 */
enum cut	 cutter_verdict(struct cutter *c, char *form, size_t len,
		    int *cap);
/*
 * The text of the form whose record's rest (n bytes, its verdict last)
 * is rest, below key (klen bytes: the text when the rest is the verdict
 * alone), into form (len bytes).  0, or -1 if it does not fit (cutter.c,
 * for judge.c too).
 */
int		 judge_rest_form(const char *rest, size_t n, const char *key,
		    size_t klen, char *form, size_t len);
/*
 * 1 if written's letters are key's letter by letter (each one's key,
 * lang_key with fold, is key's letter at its place, and both end
 * together), with the offset of written's letter i into wp[i] (max
 * entries at most); 0 if not.
 */
int		 judge_aligned(struct lang *, const char *dict, int fold,
		    const char *key, const char *written, uint16_t *wp,
		    size_t max);

int		 judge_all(const struct dawg *, struct lang *,
		    const char *dict, int fold, int nouns, int compounds,
		    const struct speller *, const char *written, char *form,
		    size_t len);

#endif
