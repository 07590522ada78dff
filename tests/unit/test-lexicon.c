/*
 * test-lexicon.c: Hunspell through lexicon.c, on the tiny dictionary in
 * tests/data (never the system's): normalisation, checks, suggestions,
 * the missing-dictionary error, the replay lookup.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/lang.h"
#include "../../src/sys/lexicon.h"
#include "../../src/sys/lang-icu.h"
#include "../../src/core/lang.h"
#include "tap.h"

/* The letters' context (lang.h): the tests', made in main. */
static struct lang *lg;

/* A fake judge: tea stands (as "Tea"), xx_NOPE has no list. */
static int
fake_judge(void *arg, const char *dict, int mode, const char *word,
    char *form, size_t len, char **why)
{
	(*(int *)arg)++;
	(void)mode;
	if (strcmp(dict, "xx_NOPE") == 0) {
		free(*why);
		*why = strdup("no list for xx_NOPE");
		return -1;
	}
	if (strcmp(word, "tea") != 0)
		return 0;
	if (form != NULL)
		snprintf(form, len, "Tea");
	return 1;
}

/*
 * The letters' context is the caller's (issue 24: the core keeps no
 * state): two live side by side, one that cannot load ICU refusing what
 * the other reads; none (NULL) reads ASCII and keeps nothing; and one
 * asked more letters than its cache holds (1,024) gives each letter
 * what a fresh context asked that letter alone gives.
 */
static void
test_contexts(void)
{
	struct lang *none = lang_new(NULL), *fresh;
	char w[64], w2[64], why[128], in[8];
	unsigned cp;
	int n, bad = 0, asked = 0;

	is_int(lang_lower(none, "de_DE", "STRA\xc3\x9f" "E", w, sizeof w, &n,
	    why, sizeof why), -1, "a context without ICU's loader refuses "
	    "'STRAßE' ...");
	ok(strstr(why, "ICU") != NULL, "... as needing ICU: %s", why);
	is_int(lang_lower(lg, "de_DE", "STRA\xc3\x9f" "E", w, sizeof w, &n,
	    why, sizeof why), 0, "... which the tests' context reads at "
	    "the same time");
	is_str(w, "stra\xc3\x9f" "e", "... as 'straße'");
	is_int(lang_lower(NULL, "en_US", "Cats", w, sizeof w, &n, why,
	    sizeof why), 0, "no context: ASCII is read");
	is_str(w, "cats", "... as 'cats'");
	is_int(lang_lower(NULL, "fr_FR", "\xc3\x89T\xc3\x89", w, sizeof w,
	    &n, why, sizeof why), -1, "no context: 'ÉTÉ' is not");
	lang_free(none);
	/* Capitals of Latin Extended, Greek and Cyrillic: 1,792 of them. */
	none = lang_new(icu_dlopen);
	for (cp = 0x100; cp < 0x800; cp++) {
		in[0] = (char)(0xc0 | cp >> 6);
		in[1] = (char)(0x80 | (cp & 0x3f));
		in[2] = '\0';
		if (lang_lower(none, "", in, w, sizeof w, &n, why,
		    sizeof why) != 0)
			continue;
		asked++;
		fresh = lang_new(icu_dlopen);
		if (lang_lower(fresh, "", in, w2, sizeof w2, &n, why,
		    sizeof why) != 0 || strcmp(w, w2) != 0) {
			if (bad++ == 0)
				diag("U+%04X: '%s', fresh '%s'", cp, w, w2);
		}
		lang_free(fresh);
	}
	ok(asked > 1024 && bad == 0, "a context asked %d letters, more than "
	    "its cache holds, gives each what a fresh one gives (%d differ)",
	    asked, bad);
	lang_free(none);
}

int
main(void)
{
	struct lexicon *lx;
	struct lexicon_cb *cb;
	struct buf b = BUF_INIT;
	char path[1024], two[1100], nosys[1024], w[64], *why = NULL,
	    *sugg[LEXICON_SUGGEST_MAX], why2[128];
	const char *srcdir = getenv("SRCDIR");
	int n, i, found, calls = 0;

	lg = lang_new(icu_dlopen);
	/* The search path main makes of SHAKEREF_DICT_PATH (paths.h). */
	snprintf(path, sizeof path, "/nonexistent/one:%s/tests/data:"
	    "/usr/share/hunspell", srcdir != NULL ? srcdir : ".");
	/* ... and with DICPATH besides. */
	snprintf(two, sizeof two, "%s:/nonexistent/two", path);
	/*
	 * Without the system's folder: a dictionary of a known package is
	 * missing there whatever this machine has installed.
	 */
	snprintf(nosys, sizeof nosys, "/nonexistent/one:%s/tests/data",
	    srcdir != NULL ? srcdir : ".");

	/* letters by language (lang.h): SW-1, SW-2 */
	is_int(lang_lower(lg, "en_US", "Cats", w, sizeof w, &n, why2,
	    sizeof why2), 0, "'Cats' folds");
	is_str(w, "cats", "... to 'cats'");
	is_int(n, 4, "... 4 letters");
	is_int(lang_lower(lg, "de_DE", "STRA\xc3\x9f" "E", w, sizeof w, &n, why2,
	    sizeof why2), 0, "SW-2: 'STRAßE' folds");
	is_str(w, "stra\xc3\x9f" "e", "... to 'straße', 6 letters");
	is_int(lang_lower(lg, "fr_FR", "E\xcc\x81T\xc3\x89", w, sizeof w, &n,
	    why2, sizeof why2), 0, "a combining accent is one letter (NFC)");
	is_str(w, "\xc3\xa9t\xc3\xa9", "... 'été'");
	is_int(n, 3, "... 3 letters");
	is_int(lang_lower(lg, "tr_TR", "KIZ", w, sizeof w, &n, why2,
	    sizeof why2), 0, "Turkish KIZ");
	is_str(w, "k\xc4\xb1z", "... folds to 'kız' (dotless i)");
	is_int(lang_lower(lg, "en_US", "KIZ", w, sizeof w, &n, why2,
	    sizeof why2), 0, "English KIZ");
	is_str(w, "kiz", "... folds to 'kiz'");
	is_int(lang_lower(lg, "en_US", "cat-dog", w, sizeof w, &n, why2,
	    sizeof why2), -1, "'cat-dog' is no word");
	is_int(lang_lower(lg, "en_US", "don't", w, sizeof w, &n, why2,
	    sizeof why2), -1, "an apostrophe makes no word");
	is_int(lang_lower(lg, "en_US", "123", w, sizeof w, &n, why2,
	    sizeof why2), -1, "a number is no word");
	is_int(lang_key(lg, "fr_FR", 1, "\xc3\xa9tait", w, sizeof w), 0,
	    "accents=fold: the key of 'était'");
	is_str(w, "etait", "... is 'etait'");
	is_int(lang_key(lg, "de_DE", 1, "stra\xc3\x9f" "e", w, sizeof w), 0,
	    "accents=fold: the key of 'straße'");
	is_str(w, "strasse", "... is 'strasse' (ß as ss)");
	is_int(lang_key(lg, "de_DE", 0, "stra\xc3\x9f" "e", w, sizeof w), 0,
	    "accents=exact: the key of 'straße'");
	is_str(w, "stra\xc3\x9f" "e", "... is itself");
	is_int(lang_upper(lg, "de_DE", "\xc3\x9f", w, sizeof w), 0,
	    "a ß die in capitals");
	is_str(w, "\xe1\xba\x9e", "... shows ẞ");
	is_int(lang_cap(lg, "tr_TR", "istanbul", w, sizeof w), 0, "Turkish cap");
	is_str(w, "\xc4\xb0stanbul", "... 'İstanbul'");

	/*
	 * The shape of a word, written once (lang_word): letters, at least
	 * 3 of them (SW-2, SW-3), each q followed by u (SW-1).  Each case
	 * worked by hand.
	 */
	is_int(lang_word(lg, "en_US", "Cats", w, sizeof w, &n, why2,
	    sizeof why2), 0, "SW-2: 'Cats' is a word's shape");
	is_str(w, "cats", "... lowercased to 'cats'");
	is_int(n, 4, "... 4 letters");
	is_int(lang_word(lg, "en_US", "CAT", w, sizeof w, &n, why2, sizeof why2),
	    0, "SW-3: 3 letters are enough");
	is_int(lang_word(lg, "en_US", "at", w, sizeof w, &n, why2, sizeof why2),
	    LANG_SHORT, "SW-3: 'at', 2 letters, is short");
	is_int(n, 2, "... 2 letters counted");
	is_int(lang_word(lg, "en_US", "", w, sizeof w, &n, why2, sizeof why2),
	    LANG_SHORT, "SW-3: nothing is short");
	is_int(lang_word(lg, "en_US", "QUIT", w, sizeof w, &n, why2,
	    sizeof why2), 0, "SW-1: 'QUIT': its Q is followed by U");
	is_str(w, "quit", "... 'quit'");
	is_int(lang_word(lg, "en_US", "qat", w, sizeof w, &n, why2, sizeof why2),
	    LANG_LONE_Q, "SW-1: 'qat' has a lone Q");
	is_int(lang_word(lg, "en_US", "quq", w, sizeof w, &n, why2, sizeof why2),
	    LANG_LONE_Q, "SW-1: a Q at the end ('quq') is lone");
	is_int(lang_word(lg, "en_US", "QuQu", w, sizeof w, &n, why2,
	    sizeof why2), 0, "SW-1: 'QuQu', two Qu, 4 letters");
	is_int(lang_word(lg, "en_US", "Qi", w, sizeof w, &n, why2, sizeof why2),
	    LANG_SHORT | LANG_LONE_Q, "'Qi': short and a lone Q, both said");
	is_int(lang_word(lg, "en_US", "qu", w, sizeof w, &n, why2, sizeof why2),
	    LANG_SHORT, "'qu': two letters, no lone Q");
	why2[0] = '\0';
	is_int(lang_word(lg, "en_US", "don't", w, sizeof w, &n, why2,
	    sizeof why2), LANG_NOT_LETTERS, "SW-3: 'don't' is not letters");
	ok(strstr(why2, "''' is not a letter") != NULL,
	    "... the reason names the apostrophe: %s", why2);
	is_int(lang_word(lg, "en_US", "q1", w, sizeof w, &n, why2, sizeof why2),
	    LANG_NOT_LETTERS, "'q1': not letters, said alone");
	is_int(lang_word(lg, "de_DE", "STRA\xc3\x9f" "E", w, sizeof w, &n, why2,
	    sizeof why2), 0, "SW-1: 'STRAßE' (ß one letter) is a word's shape");
	is_int(n, 6, "... 6 letters");
	is_int(lang_word(lg, "fr_FR", "E\xcc\x81T\xc3\x89", w, sizeof w, &n,
	    why2, sizeof why2), 0, "'été' typed with a combining accent: "
	    "3 letters");
	is_int(lang_word(lg, "de_DE", "\xc3\x84u", w, sizeof w, &n, why2,
	    sizeof why2), LANG_SHORT, "'Äu': 2 letters");
	test_contexts();

	/* exists / open */
	is_int(lexicon_exists(path, "tiny", &why), 1, "the tiny dictionary "
	    "exists in a folder of the path");
	is_int(lexicon_exists(path, "xx_NOPE", &why), 0, "xx_NOPE does not");
	ok(why != NULL && strstr(why, "/nonexistent/one") != NULL &&
	    strstr(why, "/usr/share/hunspell") != NULL,
	    "the error names the folders searched: %s", why);
	ok(why != NULL && strstr(why, "hunspell-") == NULL &&
	    strstr(why, "shakeref rules shake-a-word") != NULL,
	    "... no package guessed for an unknown language, and how to "
	    "list the installed ones");
	free(why);
	why = NULL;
	is_int(lexicon_exists(nosys, "it_IT", &why), 0, "it_IT is not here");
	ok(why != NULL && strstr(why, "package hunspell-it,") != NULL,
	    "... the package named is Debian's hunspell-it: %s", why);
	free(why);
	why = NULL;
	is_int(lexicon_exists(nosys, "de_AT", &why), 0, "de_AT is not here");
	ok(why != NULL && strstr(why, "package hunspell-de-at,") != NULL,
	    "... hunspell-de-at");
	free(why);
	why = NULL;
	ok(lexicon_open(two, "xx_NOPE", &why) == NULL, "opening a missing "
	    "dictionary fails (Hunspell_create would not)");
	ok(why != NULL && strstr(why, "/nonexistent/two") != NULL,
	    "every folder of the path is searched: %s", why);
	free(why);
	why = NULL;
	ok(lexicon_open(path, "../tiny", &why) == NULL, "a name with a slash "
	    "is refused");
	free(why);
	why = NULL;

	if ((lx = lexicon_open(path, "tiny", &why)) == NULL) {
		printf("Bail out! %s\n", why);
		return 1;
	}
	is_str(lexicon_name(lx), "tiny", "its name");
	is_int(lexicon_spell(lx, "cat"), 1, "cat is a word");
	is_int(lexicon_spell(lx, "cats"), 1, "cats (an affix) is a word");
	is_int(lexicon_spell(lx, "dgo"), 0, "dgo is not");
	is_int(lexicon_spell(lx, "paris"), 0, "a proper noun is not a word "
	    "(paris)");
	is_int(lexicon_spell(lx, "Paris"), 1, "... Hunspell has it "
	    "capitalised (nouns=on lets 'paris' stand by it, SW-2)");

	n = lexicon_suggest(lx, lg, "dgo", sugg, LEXICON_SUGGEST_MAX, NULL,
	    NULL);
	ok(n >= 1 && n <= 5, "dgo gets 1 to 5 suggestions (%d)", n);
	for (found = 0, i = 0; i < n; i++) {
		found += strcmp(sugg[i], "dog") == 0;
		ok(lexicon_spell(lx, sugg[i]), "suggestion '%s' is a word",
		    sugg[i]);
		free(sugg[i]);
	}
	ok(found == 1, "dog is among them, once");
	n = lexicon_suggest(lx, lg, "pariss", sugg, 2, NULL, NULL);
	ok(n <= 2, "at most max suggestions");
	for (i = 0; i < n; i++) {
		ok(strcmp(sugg[i], "paris") != 0, "no proper noun suggested");
		free(sugg[i]);
	}
	lexicon_free(lx);

	/* the replay lookup: the judge's verdict, Hunspell's suggestions */
	cb = lexicon_cb_new(path, lg);
	lexicon_cb_wordlist(cb, fake_judge, &calls);
	is_int(lexicon_lookup(cb, "tiny", 0, "tea", &b, NULL, &why), 1,
	    "lookup: tea stands by the judge");
	is_str(buf_str(&b), "Tea", "... the form found");
	buf_reset(&b);
	is_int(lexicon_lookup(cb, "tiny", 0, "tae", NULL, &b, &why), 0,
	    "lookup: tae does not");
	ok(strchr(buf_str(&b), ' ') == NULL,
	    "lookup: comma-separated suggestions that stand: '%s'",
	    buf_str(&b));
	buf_reset(&b);
	is_int(lexicon_lookup(cb, "xx_NOPE", 0, "tea", NULL, &b, &why), -1,
	    "lookup with no list: -1");
	ok(why != NULL && strstr(why, "xx_NOPE") != NULL,
	    "with the reason: %s", why);
	free(why);
	why = NULL;
	ok(calls >= 3, "the judge was asked each time");
	lexicon_cb_free(cb);

	/* The system's en_US, where installed: what Hunspell accepts there. */
	if ((lx = lexicon_open("/usr/share/hunspell", "en_US", &why)) != NULL) {
		is_int(lexicon_spell(lx, "quite"), 1, "en_US: quite");
		is_int(lexicon_spell(lx, "crates"), 1, "en_US: crates");
		is_int(lexicon_spell(lx, "london"), 0, "en_US: a proper noun "
		    "(london) is not a word here");
		is_int(lexicon_spell(lx, "London"), 1, "en_US: ... but "
		    "London is");
		lexicon_free(lx);
	} else {
		diag("no en_US here: %s", why);
		free(why);
	}
	buf_free(&b);
	return tap_done();
}
