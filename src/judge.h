/*
 * judge.h: the verdict on a word by a compiled word list (dawg.h), as a
 * challenge rules it (SW-2) and solve lists it: a form of the list that
 * stands, or a compound of the list's parts by the dictionary's compound
 * rules (the dictionary itself asked through struct speller only about
 * a compound with a forbidden word's form in it).  Pure: the list is
 * memory, the dictionary a callback.
 */
#ifndef SHAKEREF_JUDGE_H
#define SHAKEREF_JUDGE_H

#include <stddef.h>
#include <stdint.h>

#include "dawg.h"

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
uint32_t	 wordlist_root(const struct dawg *, int fold);
/* 1 if some form of the list may begin a compound (its "c" record). */
int		 wordlist_has_parts(const struct dawg *);
/* The bits (DAWG_LOWER ...) of every form of the key at node, or 0. */
unsigned	 wordlist_bits(const struct dawg *, uint32_t node);
/*
 * The verdict on a key from the node it leads to (solve's walk): 1
 * with the form in lowercase (written preferred: the letters of the
 * dice), or 0.
 */
int		 wordlist_judge_node(const struct dawg *, uint32_t node,
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
 * form of it) and *cap set if only its capital stands; 0 if none; -1
 * if sp must be asked and cannot (or is NULL).
 */
int		 wordlist_compound(const struct dawg *, const char *dict,
		    int fold, int nouns, const struct speller *,
		    const char *key, const char *written, char *form,
		    size_t len, int *cap);
/*
 * The verdict on written (lowercase letters, lang.h) by the list of
 * dictionary dict: a form of the dictionary with written's key
 * (lang_key with fold) that stands, as written in lowercase or, with
 * nouns, capitalised (SW-2), written itself preferred ("était",
 * "Haus"), else wordlist_compound (sp may be NULL for a list with no
 * compounds): 1 with the form found into form (len bytes), 0, or
 * -1 if sp cannot be asked.
 */
int		 wordlist_judge_all(const struct dawg *, const char *dict,
		    int fold, int nouns, const struct speller *,
		    const char *written, char *form, size_t len);

#endif
