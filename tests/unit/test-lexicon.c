/*
 * test-lexicon.c: Hunspell through lexicon.c, on the tiny dictionary in
 * tests/data (never the system's): normalisation, checks, suggestions,
 * the missing-dictionary error, the replay lookup.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lexicon.h"
#include "tap.h"

/* A fake compiled word list: tea only. */
static int
fake_known(void *arg, const char *dict, const char *word)
{
	(*(int *)arg)++;
	(void)dict;
	return strcmp(word, "tea") == 0;
}

int
main(void)
{
	struct lexicon *lx;
	struct lexicon_cb *cb;
	struct buf b = BUF_INIT;
	char path[1024], w[64], *why = NULL, *sugg[LEXICON_SUGGEST_MAX];
	const char *srcdir = getenv("SRCDIR");
	int n, i, found, calls = 0;

	snprintf(path, sizeof path, "/nonexistent/one:%s/tests/data",
	    srcdir != NULL ? srcdir : ".");
	setenv("SHAKEREF_DICT_PATH", path, 1);
	unsetenv("DICPATH");

	/* normalisation */
	is_int(lexicon_normalise("Cats", w, sizeof w), 0, "'Cats' folds");
	is_str(w, "cats", "... to 'cats'");
	is_int(lexicon_normalise("QUEST", w, sizeof w), 0, "'QUEST' folds");
	is_str(w, "quest", "... to 'quest'");
	is_int(lexicon_normalise("", w, sizeof w), -1, "'' is no word");
	is_int(lexicon_normalise("a", w, sizeof w), -1,
	    "a single letter is no word");
	is_int(lexicon_normalise("at", w, sizeof w), -1,
	    "two letters are no word");
	is_int(lexicon_normalise("123", w, sizeof w), -1,
	    "a number is no word");
	is_int(lexicon_normalise("cat-dog", w, sizeof w), -1,
	    "'cat-dog' is no word");
	is_int(lexicon_normalise("don't", w, sizeof w), -1,
	    "an apostrophe makes no word");
	is_int(lexicon_normalise("caf\xc3\xa9", w, sizeof w), -1,
	    "a non-ASCII letter makes no word");
	is_int(lexicon_normalise("abcdefghij", w, 8), -1,
	    "too long for the buffer");

	/* exists / open */
	is_int(lexicon_exists("tiny", &why), 1, "the tiny dictionary exists "
	    "in SHAKEREF_DICT_PATH");
	is_int(lexicon_exists("xx_NOPE", &why), 0, "xx_NOPE does not");
	ok(why != NULL && strstr(why, "/nonexistent/one") != NULL &&
	    strstr(why, "/usr/share/hunspell") != NULL,
	    "the error names the folders searched: %s", why);
	ok(why != NULL && strstr(why, "hunspell-xx-nope") != NULL,
	    "... and the Debian package to install");
	free(why);
	why = NULL;
	setenv("DICPATH", "/nonexistent/two", 1);
	ok(lexicon_open("xx_NOPE", &why) == NULL, "opening a missing "
	    "dictionary fails (Hunspell_create would not)");
	ok(why != NULL && strstr(why, "/nonexistent/two") != NULL,
	    "DICPATH is searched too: %s", why);
	free(why);
	why = NULL;
	unsetenv("DICPATH");
	ok(lexicon_open("../tiny", &why) == NULL, "a name with a slash is "
	    "refused");
	free(why);
	why = NULL;

	if ((lx = lexicon_open("tiny", &why)) == NULL) {
		printf("Bail out! %s\n", why);
		return 1;
	}
	is_str(lexicon_name(lx), "tiny", "its name");
	is_int(lexicon_check(lx, "cat"), 1, "cat is a word");
	is_int(lexicon_check(lx, "cats"), 1, "cats (an affix) is a word");
	is_int(lexicon_check(lx, "CATS"), 1, "CATS is checked lowercase");
	is_int(lexicon_check(lx, "dgo"), 0, "dgo is not");
	is_int(lexicon_check(lx, "paris"), 0, "a proper noun is not a word "
	    "(paris)");
	is_int(lexicon_check(lx, "Paris"), 0, "... even capitalised");
	is_int(lexicon_check(lx, "123"), 0, "a number is not");
	is_int(lexicon_check(lx, ""), 0, "'' is not");
	is_int(lexicon_check(lx, "cat-dog"), 0, "cat-dog is not");

	n = lexicon_suggest(lx, "dgo", sugg, LEXICON_SUGGEST_MAX);
	ok(n >= 1 && n <= 5, "dgo gets 1 to 5 suggestions (%d)", n);
	for (found = 0, i = 0; i < n; i++) {
		found += strcmp(sugg[i], "dog") == 0;
		ok(lexicon_check(lx, sugg[i]), "suggestion '%s' is a word",
		    sugg[i]);
		free(sugg[i]);
	}
	ok(found == 1, "dog is among them, once");
	n = lexicon_suggest(lx, "pariss", sugg, 2);
	ok(n <= 2, "at most max suggestions");
	for (i = 0; i < n; i++) {
		ok(strcmp(sugg[i], "paris") != 0, "no proper noun suggested");
		free(sugg[i]);
	}
	lexicon_free(lx);

	/* the replay lookup */
	cb = lexicon_cb_new();
	is_int(lexicon_lookup(cb, "tiny", "tea", &b, &why), 1,
	    "lookup: tea is valid");
	is_int(lexicon_lookup(cb, "tiny", "tae", &b, &why), 0,
	    "lookup: tae is not");
	ok(b.len > 0 && strchr(buf_str(&b), ' ') == NULL,
	    "lookup: comma-separated suggestions: %s", buf_str(&b));
	buf_reset(&b);
	is_int(lexicon_lookup(cb, "tiny", "tae", NULL, &why), 0,
	    "lookup without suggestions");
	is_int(lexicon_lookup(cb, "xx_NOPE", "tea", &b, &why), -1,
	    "lookup in a missing dictionary: -1");
	ok(why != NULL && strstr(why, "xx_NOPE") != NULL,
	    "with the reason: %s", why);
	free(why);
	why = NULL;
	is_int(lexicon_lookup(cb, "xx_NOPE", "tea", &b, &why), -1,
	    "again -1, without retrying");
	free(why);
	why = NULL;
	is_int(lexicon_lookup(cb, "tiny", "rat", &b, &why), 1,
	    "back to tiny: rat is valid");
	lexicon_cb_free(cb);

	cb = lexicon_cb_new();
	lexicon_cb_wordlist(cb, fake_known, &calls);
	is_int(lexicon_lookup(cb, "xx_NOPE", "tea", &b, &why), 1,
	    "a word of the compiled list is valid without Hunspell");
	is_int(lexicon_lookup(cb, "tiny", "rat", &b, &why), 1,
	    "a word not in the list goes to Hunspell");
	is_int(lexicon_lookup(cb, "tiny", "tae", &b, &why), 0,
	    "... and so does an invalid one");
	is_int(calls, 3, "the list was asked each time");
	lexicon_cb_free(cb);

	/* The system's en_US, where installed: what Hunspell accepts there. */
	unsetenv("SHAKEREF_DICT_PATH");
	if ((lx = lexicon_open("en_US", &why)) != NULL) {
		is_int(lexicon_check(lx, "quite"), 1, "en_US: quite");
		is_int(lexicon_check(lx, "crates"), 1, "en_US: crates");
		is_int(lexicon_check(lx, "london"), 0, "en_US: a proper noun "
		    "(london) is not a word here");
		is_int(lexicon_check(lx, "London"), 0, "en_US: ... even "
		    "typed capitalised");
		is_int(lexicon_check(lx, "123"), 0, "en_US: 123 is not");
		is_int(lexicon_check(lx, "a"), 0, "en_US: a single letter is "
		    "not");
		is_int(lexicon_check(lx, ""), 0, "en_US: '' is not");
		is_int(lexicon_check(lx, "cat-dog"), 0, "en_US: cat-dog is "
		    "not");
		is_int(lexicon_check(lx, "don't"), 0, "en_US: don't is not");
		lexicon_free(lx);
	} else {
		diag("no en_US here: %s", why);
		free(why);
	}
	buf_free(&b);
	return tap_done();
}
