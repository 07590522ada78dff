/*
 * test-cutter.c: the cutter (judge.h), the judge of compounds that solve
 * feeds letter by letter and takes back, on a small list of our own
 * whose verdicts are worked out by hand below (SW-2): pushed and popped
 * in any order, it gives each word the verdict a fresh judge of the
 * whole word gives (judge_compound, what a challenge asks).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/dawg.h"
#include "../../src/sys/dawg-file.h"
#include "../../src/core/judge.h"
#include "tap.h"

/*
 * The list (accents=fold keys, "f" KEY "\1" [FORM] VERDICT), a German
 * look-alike:
 *	rot	lowercase word; begins or ends a compound
 *	ro	lowercase word; begins one
 *	haus	a noun (capitalised); begins one capitalised, stands
 *		inside or at the end
 *	tür	(key tur) a noun; ends one
 *	see	a noun; begins one capitalised, inside, at the end;
 *		also written "sée" (its key see), inside or at the end
 *	tsée	(key tsee) ends one; "tsee" is no form
 *	teil	a noun; begins one only capitalised; ends one
 *	busgeld	a FORBIDDENWORD's form: Hunspell must judge
 *	a, b	a begins one, b ends one (too short together)
 */
#define V(b)	((char)('0' + (b)))

static const struct {
	const char	*key, *form;
	unsigned	 bits;
} forms[] = {
	{ "rot", NULL, DAWG_LOWER | DAWG_BEGIN | DAWG_END },
	{ "ro", NULL, DAWG_LOWER | DAWG_BEGIN },
	{ "haus", NULL, DAWG_CAP | DAWG_BEGINCAP | DAWG_MIDDLE | DAWG_END },
	{ "tur", "tür", DAWG_CAP | DAWG_END },
	{ "see", NULL, DAWG_CAP | DAWG_BEGINCAP | DAWG_MIDDLE | DAWG_END },
	{ "see", "sée", DAWG_MIDDLE | DAWG_END },
	{ "tsee", "tsée", DAWG_END },
	{ "teil", NULL, DAWG_CAP | DAWG_BEGINCAP | DAWG_END },
	{ "busgeld", NULL, DAWG_CAP | DAWG_BEGINCAP | DAWG_END | DAWG_ASK },
	{ "a", NULL, DAWG_LOWER | DAWG_BEGIN },
	{ "b", NULL, DAWG_END },
};

static struct dawg *d;
static void *mem;

/* Compile forms[] into d. */
static int
build(void)
{
	char *rec[sizeof forms / sizeof forms[0] + 1], buf[64];
	const char *why;
	size_t i, n = sizeof forms / sizeof forms[0], size;
	FILE *f = tmpfile();

	if (f == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		snprintf(buf, sizeof buf, "f%s\1%s%c", forms[i].key,
		    forms[i].form != NULL ? forms[i].form : "",
		    V(forms[i].bits));
		rec[i] = strdup(buf);
	}
	rec[n] = strdup("c");
	if (dawgfile_build(rec, n + 1, f, NULL, NULL) != 0)
		return -1;
	for (i = 0; i <= n; i++)
		free(rec[i]);
	size = (size_t)ftell(f);
	rewind(f);
	mem = malloc(size);
	if (fread(mem, 1, size, f) != size)
		return -1;
	fclose(f);
	return (d = dawg_new(mem, size, &why)) == NULL ? -1 : 0;
}

/* The length of the letter at s. */
static size_t
letter(const char *s)
{
	size_t n = 1;

	while ((s[n] & 0xc0) == 0x80)
		n++;
	return n;
}

/*
 * Push key's letters, with written's (letter for letter; NULL: written
 * unusable) if it is given.  The last push's count of parts going on.
 */
static int
push(struct cutter *c, const char *key, const char *written)
{
	size_t p = 0, q = 0, m, wm = 0;
	int r = -1;

	for (; key[p] != '\0'; p += m, q += wm) {
		m = letter(key + p);
		wm = written != NULL ? letter(written + q) : 0;
		r = cutter_push(c, key + p, m, written != NULL ? written + q :
		    NULL, wm);
	}
	return r;
}

/* The cutter's verdict as "found FORM cap N", "none", "ask", "other". */
static const char *
verdict(struct cutter *c)
{
	static char s[300];
	char form[256];
	int cap = -1;

	switch (cutter_verdict(c, form, sizeof form, &cap)) {
	case CUT_FOUND:
		snprintf(s, sizeof s, "found %s cap %d", form, cap);
		return s;
	case CUT_NONE:
		return "none";
	case CUT_ASK:
		return "ask";
	case CUT_OTHER:
		return "other";
	}
	return "?";
}

/* judge_compound's verdict on key, in verdict()'s words. */
static const char *
fresh(const char *key, const char *written, int nouns)
{
	static char s[300];
	char form[256];
	int cap = -1, v;

	v = judge_compound(d, NULL, "de_DE", 1, nouns, 0, NULL, key,
	    written, form, sizeof form, &cap);
	if (v == 1)
		snprintf(s, sizeof s, "found %s cap %d", form, cap);
	else
		snprintf(s, sizeof s, v == 0 ? "none" : "ask");
	return s;
}

/* Fresh cutters: each word's verdict worked out by hand. */
static void
test_fresh(void)
{
	static const struct {
		const char	*key, *written;
		int		 nouns;
		const char	*want, *why;
	} t[] = {
		{ "haustur", "haustür", 1, "found haustür cap 1",
		    "Haus begins one capitalised, tür ends it" },
		{ "haustur", NULL, 1, "found haustür cap 1",
		    "without the dice's letters: tür, tur's only form" },
		{ "haustur", "haustür", 0, "none",
		    "nouns=off: Haus begins none in lowercase" },
		{ "rothaus", "rothaus", 0, "found rothaus cap 0",
		    "rot begins one in lowercase" },
		{ "rotseehaus", "rotseehaus", 1, "found rotseehaus cap 0",
		    "rot + see inside + haus" },
		{ "rotsee", "rotsée", 1, "found rotsée cap 0",
		    "the dice's sée, a form of see that ends one" },
		{ "rotsee", "rotsee", 1, "found rotsee cap 0",
		    "the dice's see, the key's own form" },
		{ "rotsee", NULL, 1, "found rotsée cap 0",
		    "no written letters: the first cut met, ro + tsée" },
		{ "teilhaus", "teilhaus", 1, "found teilhaus cap 1",
		    "Teil begins one capitalised" },
		{ "teilhaus", "teilhaus", 0, "none",
		    "nouns=off: teil begins none" },
		{ "hausbusgeld", "hausbusgeld", 1, "ask",
		    "busgeld, a forbidden word's form, where a part starts" },
		{ "hausbusgeld", "hausbusgeld", 0, "none",
		    "nouns=off: no part starts after haus, no forbidden part" },
		{ "busgeldhaus", "busgeldhaus", 1, "ask",
		    "busgeld begins the word" },
		{ "ab", "ab", 0, "none", "a + b: under 3 letters" },
		{ "rot", "rot", 0, "none", "one part is no compound" },
		{ "seeteil", "seeteil", 1, "found seeteil cap 1",
		    "See begins one capitalised, teil ends it" },
	};
	struct cutter *c = calloc(1, sizeof *c);
	char name[200];
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		cutter_init(c, d, judge_root(d, 1), t[i].nouns);
		push(c, t[i].key, t[i].written);
		snprintf(name, sizeof name, "SW-2: %s written %s, nouns=%s: %s "
		    "(%s)", t[i].key, t[i].written ? t[i].written : "(none)",
		    t[i].nouns ? "on" : "off", t[i].want, t[i].why);
		is_str(verdict(c), t[i].want, name);
		snprintf(name, sizeof name, "SW-2: a challenge of %s gives "
		    "the same", t[i].key);
		if (strcmp(t[i].want, "ask") == 0)
			is_str(fresh(t[i].key, t[i].written, t[i].nouns),
			    "ask", name);
		else
			is_str(fresh(t[i].key, t[i].written, t[i].nouns),
			    t[i].want, name);
	}
	cutter_done(c);
	free(c);
}

/*
 * One cutter pushed and popped as solve's walk does: each verdict the
 * one worked out for the whole word.
 */
static void
test_walk(void)
{
	struct cutter *c = calloc(1, sizeof *c);
	char big[80];

	cutter_init(c, d, judge_root(d, 1), 1);
	push(c, "rot", "rot");
	is_str(verdict(c), "none", "SW-2: rot alone: no compound");
	push(c, "see", "see");
	is_str(verdict(c), "found rotsee cap 0",
	    "SW-2: rot then see: rotsee");
	push(c, "haus", "haus");
	is_str(verdict(c), "found rotseehaus cap 0",
	    "SW-2: rotsee then haus: rotseehaus");
	cutter_pop(c, 3);
	is_int(c->n, 3, "popped back to rot");
	push(c, "haus", "haus");
	is_str(verdict(c), "found rothaus cap 0",
	    "SW-2: back to rot, then haus: rothaus");
	cutter_pop(c, 3);
	push(c, "see", "sée");
	is_str(verdict(c), "found rotsée cap 0",
	    "SW-2: back to rot, then the dice's sée: rotsée");
	cutter_pop(c, 3);
	is_int(push(c, "x", "x"), 0, "rot then x: no part goes on");
	cutter_pop(c, 0);
	push(c, "haus", "haus");
	push(c, "busgeld", "busgeld");
	is_str(verdict(c), "ask", "SW-2: haus then busgeld: ask Hunspell");
	cutter_pop(c, 4);
	is_str(verdict(c), "none",
	    "SW-2: back to haus: the forbidden part is forgotten");
	push(c, "tur", "tür");
	is_str(verdict(c), "found haustür cap 1",
	    "SW-2: back to haus, then tür: haustür, capitalised");
	cutter_pop(c, 4);
	push(c, "tur", NULL);
	is_str(verdict(c), "found haustür cap 1",
	    "SW-2: haus then tur with no written letters: haustür");
	cutter_pop(c, 0);
	push(c, "rot", "rot");
	push(c, "see", NULL);
	is_str(verdict(c), "found rotsée cap 0",
	    "SW-2: rot (written) then see (not): no written letters, "
	    "the first cut met, as a fresh judge of rotsee");
	cutter_pop(c, 0);
	push(c, "teil", "teil");
	push(c, "see", "see");
	is_str(verdict(c), "found teilsee cap 1",
	    "SW-2: teil then see: teilsee, capitalised");
	cutter_pop(c, 0);
	memset(big, 'a', CUT_MAX + 1);
	big[CUT_MAX + 1] = '\0';
	push(c, big, big);
	is_str(verdict(c), "other",
	    "a word over CUT_MAX letters is left to the slow judge");
	cutter_done(c);
	free(c);
}

int
main(void)
{
	if (build() != 0) {
		printf("Bail out! the test list does not build\n");
		return 1;
	}
	test_fresh();
	test_walk();
	dawg_free(d);
	free(mem);
	return tap_done();
}
