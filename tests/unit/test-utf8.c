/*
 * test-utf8.c: text from the user (SPEC.md "Text from the user", "Player
 * names"): validation, the text rules, escaping, width, case folding.
 * Expected values are worked out by hand from the Unicode tables.
 */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#include "tap.h"
#include "utf8.h"

/* utf8_escape into a fresh string. */
static char *
esc(const char *s, size_t max, int newline)
{
	struct buf b = BUF_INIT;

	utf8_escape(&b, s, max, newline);
	return b.s;
}

/* utf8_message into a fresh string. */
static char *
msg(const char *s)
{
	struct buf b = BUF_INIT;

	utf8_message(&b, s);
	return b.s;
}

/* Check one escaping. */
static void
is_esc(const char *s, size_t max, int nl, const char *want,
    const char *name)
{
	char *got = esc(s, max, nl);

	is_str(got, want, name);
	free(got);
}

/* cp in UTF-8 into e (4 bytes and a NUL at most). */
static void
put_cp(uint32_t cp, char *e)
{
	if (cp < 0x80) {
		e[0] = (char)cp;
		e[1] = '\0';
	} else if (cp < 0x800) {
		e[0] = (char)(0xc0 | cp >> 6);
		e[1] = (char)(0x80 | (cp & 0x3f));
		e[2] = '\0';
	} else if (cp < 0x10000) {
		e[0] = (char)(0xe0 | cp >> 12);
		e[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		e[2] = (char)(0x80 | (cp & 0x3f));
		e[3] = '\0';
	} else {
		e[0] = (char)(0xf0 | cp >> 18);
		e[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		e[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		e[3] = (char)(0x80 | (cp & 0x3f));
		e[4] = '\0';
	}
}

/*
 * The case folds utf8.c has as build-time data (src/tools/mkctype.c)
 * against glibc's C.UTF-8 asked here: every code point is the same
 * character as towlower(towupper(it)), but U+0130 and U+0131.
 */
static void
folds_as_locale(void)
{
	locale_t loc;
	uint32_t cp, f, bad = 0;
	char a[5], b[5];

	if ((loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0)) ==
	    (locale_t)0) {
		ok(1, "# SKIP no C.UTF-8 locale");
		return;
	}
	for (cp = 0x80; cp <= 0x10ffff; cp++) {
		if ((cp >= 0xd800 && cp <= 0xdfff) || cp == 0x130 ||
		    cp == 0x131)
			continue;
		f = (uint32_t)towlower_l(towupper_l((wint_t)cp, loc), loc);
		if (f == cp)
			continue;
		put_cp(cp, a);
		put_cp(f, b);
		if (utf8_casecmp(a, b) != 0 && bad++ == 0)
			diag("U+%04X does not fold to U+%04X", (unsigned)cp,
			    (unsigned)f);
	}
	freelocale(loc);
	ok(bad == 0, "every case fold is C.UTF-8's (%u wrong)",
	    (unsigned)bad);
}

int
main(void)
{
	char big[10001], *m;
	uint32_t cp;
	size_t i;

	/* Decoding and validation. */
	is_int(utf8_decode("\xc3\xa9", 2, &cp), 2, "é is two bytes");
	is_int(cp, 0xe9, "é is U+00E9");
	is_int(utf8_decode("\xf0\x9f\x8e\xb2", 4, &cp), 4, "a die emoji");
	is_int(cp, 0x1f3b2, "... is U+1F3B2");
	is_int(utf8_decode("\xc0\xaf", 2, &cp), 0, "overlong '/' refused");
	is_int(utf8_decode("\xe0\x80\xaf", 3, &cp), 0, "overlong 3-byte");
	is_int(utf8_decode("\xed\xa0\x80", 3, &cp), 0, "a surrogate refused");
	is_int(utf8_decode("\xf4\x90\x80\x80", 4, &cp), 0, "above U+10FFFF");
	is_int(utf8_decode("\xc3", 1, &cp), 0, "truncated");
	ok(!utf8_valid("J\xfcrgen"), "Latin-1 J\\xfcrgen is not UTF-8");
	ok(utf8_valid("J\xc3\xbcrgen"), "Jürgen in UTF-8 is");

	/* The text rules. */
	ok(utf8_text_why("Zo\xc3\xab") == NULL, "Zoë passes");
	ok(utf8_text_why("\xd0\x96\xd0\xb5\xd0\xbd\xd1\x8f") == NULL,
	    "Cyrillic passes (letters of any language)");
	ok(utf8_text_why("\xe6\x97\xa5\xe6\x9c\xac") == NULL, "CJK passes");
	is_str(utf8_text_why("J\xfcrgen"), "is not valid UTF-8", "Latin-1");
	is_str(utf8_text_why("a\x1b[31mb"), "contains a control character",
	    "ESC is C0");
	is_str(utf8_text_why("a\tb"), "contains a control character", "tab");
	is_str(utf8_text_why("a\x7f"), "contains a control character", "DEL");
	is_str(utf8_text_why("a\xc2\x9b" "31m"),
	    "contains a control character", "U+009B (C1 CSI)");
	is_str(utf8_text_why("a\xe2\x80\xae"),
	    "contains a bidirectional override", "U+202E");
	is_str(utf8_text_why("a\xe2\x81\xa6"),
	    "contains a bidirectional override", "U+2066");
	ok(utf8_text_why("a\xe2\x80\xaf") == NULL, "U+202F is no override");

	/* Length in characters. */
	is_int(utf8_len("Jos\xc3\xa9"), 4, "José is 4 characters");
	is_int(utf8_len("\xe6\x97\xa5"), 1, "日 is 1 character");
	is_int(utf8_len("a\xff"), 2, "an invalid byte counts one");

	/* Escaping. */
	is_esc("J\xfcrgen", 0, 0, "J\\xFCrgen", "Latin-1 escaped");
	is_esc("a\nb", 0, 0, "a\\x0Ab", "newline escaped");
	is_esc("a\nb", 0, 1, "a\nb", "newline kept when asked");
	is_esc("\x1b[2J", 0, 0, "\\x1B[2J", "ESC escaped");
	is_esc("\xc2\x9b", 0, 0, "\\xC2\\x9B", "C1 CSI escaped byte by byte");
	is_esc("x\xe2\x80\xaey", 0, 0, "x\\xE2\\x80\\xAEy", "U+202E escaped");
	is_esc("Zo\xc3\xab", 0, 0, "Zo\xc3\xab", "Zoë as it is");
	is_esc("abcdef", 3, 0, "abc\xe2\x80\xa6", "cut after 3 with …");
	is_esc("\xc3\xa9\xc3\xa9\xc3\xa9", 2, 0, "\xc3\xa9\xc3\xa9\xe2\x80\xa6",
	    "cut by characters, not bytes");
	is_esc("abc", 3, 0, "abc", "not cut at exactly max");

	/* Display width (é precomposed 1, e + U+0301 1, 日 2). */
	is_int(utf8_width("Zo\xc3\xab"), 3, "Zoë is 3 columns");
	is_int(utf8_width("Jose\xcc\x81"), 4, "José with a combining acute");
	is_int(utf8_width("\xe6\x97\xa5\xe6\x9c\xac"), 4, "日本 is 4 columns");
	is_int(utf8_width("a\x1b"), 5, "ESC shows as \\x1B: 4 columns");
	{
		struct buf b = BUF_INIT;

		utf8_pad(&b, "Zo\xc3\xab", 6);
		is_str(buf_str(&b), "Zo\xc3\xab   ", "Zoë padded to 6");
		buf_free(&b);
	}

	{
		struct buf b = BUF_INIT;

		utf8_cell(&b, "Zo\xc3\xab", 8, 1);
		is_str(buf_str(&b), "     Zo\xc3\xab", "Zoë right in 8 columns");
		buf_reset(&b);
		utf8_cell(&b, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 8, 0);
		is_int(b.len, 16, "9 é cut to 8 whole characters (16 bytes)");
		buf_reset(&b);
		utf8_cell(&b, "\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5", 5, 0);
		is_str(buf_str(&b), "\xe6\x97\xa5\xe6\x97\xa5 ",
		    "日日日 in 5 columns: two and a space");
		buf_free(&b);
	}

	/* Lines fitted to a terminal (utf8_wrap), worked by hand. */
	{
		struct buf b = BUF_INIT;

		utf8_wrap(&b, "aaa bbb ccc ddd\n", 12, 2);
		is_str(buf_str(&b), "aaa bbb ccc\n  ddd\n", "15 columns in 12: "
		    "broken at the last space within 11, the rest indented");
		buf_reset(&b);
		utf8_wrap(&b, "aaa bbb ccc\n", 12, 2);
		is_str(buf_str(&b), "aaa bbb ccc\n", "11 columns in 12 stay");
		buf_reset(&b);
		utf8_wrap(&b, "abcdefghijklmnop", 12, 2);
		is_str(buf_str(&b), "abcdefghijk\n  lmnop", "no space: broken "
		    "after 11 columns");
		buf_reset(&b);
		utf8_wrap(&b, "x\naaa bbb ccc    ddd eee fff ggg\ny\n", 12, 2);
		is_str(buf_str(&b), "x\naaa bbb ccc\n  ddd eee\n  fff ggg\ny\n",
		    "the spaces at a break dropped; 9 columns a continuation; "
		    "other lines as they are");
		buf_reset(&b);
		utf8_wrap(&b, "aaa bbb ccc       \n", 12, 2);
		is_str(buf_str(&b), "aaa bbb ccc\n", "spaces past the width "
		    "at the end make no empty line");
		buf_reset(&b);
		utf8_wrap(&b, "\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5"
		    "\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5", 12, 2);
		is_str(buf_str(&b), "\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5"
		    "\xe6\x97\xa5\xe6\x97\xa5\n  \xe6\x97\xa5",
		    "six 日 (2 columns each) in 12: five, then one");
		buf_reset(&b);
		utf8_wrap(&b, "\033[1maaa\033[0m bbb ccc ddd\n", 12, 2);
		is_str(buf_str(&b), "\033[1maaa\033[0m bbb ccc\n  ddd\n",
		    "paint takes no room: as without it");
		buf_reset(&b);
		utf8_wrap(&b, "aaa bbb ccc ddd eee", 10, 2);
		is_str(buf_str(&b), "aaa bbb ccc ddd eee", "too narrow for the "
		    "indent to help: as it is");
		buf_free(&b);
	}

	/* Simple case folding (CaseFolding.txt, C and S). */
	ok(utf8_casecmp("Zo\xc3\xab", "ZO\xc3\x8b") == 0, "Zoë is ZOË");
	ok(utf8_casecmp("Jos\xc3\xa9", "JOS\xc3\x89") == 0, "José is JOSÉ");
	ok(utf8_casecmp("\xcf\x83", "\xcf\x82") == 0, "σ is ς (both σ)");
	ok(utf8_casecmp("\xce\xa3", "\xcf\x82") == 0, "Σ is ς");
	ok(utf8_casecmp("\xe1\xba\x9e", "\xc3\x9f") == 0, "ẞ folds to ß");
	ok(utf8_casecmp("\xc3\x9f", "ss") != 0,
	    "ß is not ss (that is full folding)");
	ok(utf8_casecmp("\xe2\x84\xaa", "k") == 0, "Kelvin sign is k");
	ok(utf8_casecmp("\xc4\xb0", "i") != 0, "İ is not i (no simple fold)");
	ok(utf8_casecmp("\xc4\xb1", "I") != 0, "ı is not I");
	ok(utf8_casecmp("\xd0\x96", "\xd0\xb6") == 0, "Ж is ж");
	ok(utf8_casecmp("Ann", "Anna") < 0, "Ann before Anna");
	ok(utf8_casecmp_n("Annx", 3, "ANN") == 0, "first n bytes only");
	ok(utf8_casecmp("J\xfcrgen", "J\xdcrgen") != 0,
	    "invalid bytes compare as themselves");

	/* Loose keys (SPEC.md "Player names"): case, accents, spaces. */
	{
		static const struct { const char *in, *key, *what; } lk[] = {
			{ "Zo\xc3\xab", "zoe", "Zoë" },
			{ "Zoe\xcc\x88", "zoe", "Zoë with a combining mark" },
			{ "Mary Ann", "maryann", "spaces" },
			{ " H\xc3\xa9l\xc3\xa8ne ", "helene", "Hélène" },
			{ "Strau\xc3\x9f", "strauss", "ß as ss" },
			{ "S\xc3\xb8ren", "soren", "ø as o" },
			{ "\xc5\x81ukasz", "lukasz", "Ł as l" },
			{ "\xc3\x85NGSTR\xc3\x96M", "angstrom", "ÅNGSTRÖM" },
			{ "Nguy\xe1\xbb\x85n", "nguyen", "ễ (Vietnamese)" },
			{ "\xce\x86\xce\xbd\xce\xbd\xce\xb1",
			    "\xce\xb1\xce\xbd\xce\xbd\xce\xb1", "Άννα" },
			{ "\xc4\xb0pek", "ipek", "İ as i" },
			{ "\xe6\x97\xa5", "\xe6\x97\xa5", "日 as itself" },
		};
		struct buf b = BUF_INIT;
		struct utf8_near nr = UTF8_NEAR_INIT;

		for (i = 0; i < sizeof lk / sizeof lk[0]; i++) {
			buf_reset(&b);
			utf8_loose(&b, lk[i].in);
			is_str(buf_str(&b), lk[i].key, lk[i].what);
		}
		buf_free(&b);
		ok(utf8_loose_eq("Zoe", "ZO\xc3\x8b"), "Zoe is ZOË loosely");
		ok(!utf8_loose_eq("Zoe", "Zoey"), "Zoe is not Zoey");
		is_int(utf8_distance("statsu", "status"), 1,
		    "a transposition is one edit");
		is_int(utf8_distance("ANN", "anne"), 1, "case folded");
		is_int(utf8_distance("Zo\xc3\xab", "Zoe"), 1,
		    "by characters: ë for e is one edit");
		utf8_near_add(&nr, "shakes", "shake");
		utf8_near_add(&nr, "shakes", "shake-up");
		utf8_near_add(&nr, "shakes", "stack-attack");
		ok(utf8_near_ok(&nr, "shakes") && nr.n == 1 &&
		    strcmp(nr.best[0], "shake") == 0, "shakes: shake");
		memset(&nr, 0, sizeof nr);
		utf8_near_add(&nr, "poker", "tower");
		ok(!utf8_near_ok(&nr, "poker"), "poker is not tower (2 of 5)");
	}

	/* Messages: one line, quoted text cut after 64 characters. */
	m = msg("player name 'a\nb' must not contain control characters");
	is_str(m, "player name 'a\\x0Ab' must not contain control characters",
	    "a newline in a message is escaped");
	free(m);
	memset(big, 'x', 10000);
	big[10000] = '\0';
	{
		struct buf b = BUF_INIT;
		char want[200];

		buf_printf(&b, "'%s' is not a number", big);
		m = msg(buf_str(&b));
		snprintf(want, sizeof want, "'%.64s\xe2\x80\xa6' is not a "
		    "number", big);
		is_str(m, want, "a 10 KB argument is cut after 64 characters");
		free(m);
		buf_free(&b);
		buf_printf(&b, "no dictionary in %s", big);
		m = msg(buf_str(&b));
		is_int(utf8_len(m), 401, "unquoted: cut after 400 characters");
		ok(strstr(m, "\xe2\x80\xa6") != NULL, "... with …");
		free(m);
		buf_free(&b);
	}
	{
		char cut[200], want[100];

		snprintf(cut, sizeof cut, "roll: '%.100s", big);
		snprintf(want, sizeof want, "roll: '%.64s\xe2\x80\xa6", big);
		m = msg(cut);
		is_str(m, want, "a quote cut short (no closing quote) is cut");
		free(m);
	}
	{
		char path[400], want[400];

		snprintf(path, sizeof path, "no database at '/%.100s'", big);
		m = msg(path);
		is_str(m, path, "a path of 101 characters is shown whole");
		free(m);
		snprintf(path, sizeof path, "no database at '/%.300s'", big);
		snprintf(want, sizeof want, "no database at '/%.255s\xe2\x80"
		    "\xa6'", big);
		m = msg(path);
		is_str(m, want, "a path is cut after 256 characters");
		free(m);
	}
	m = msg("player 'O'Brien' is named twice");
	is_str(m, "player 'O'Brien' is named twice", "a quote inside a name");
	free(m);
	m = msg("Ann's turn: 'x'");
	is_str(m, "Ann's turn: 'x'", "an apostrophe opens no quote");
	free(m);
	for (i = 0; i < 200; i++)
		big[i] = (char)(i % 2 ? '\x9b' : '\xc2');
	big[200] = '\0';
	m = msg(big);
	ok(strchr(m, '\x1b') == NULL && strchr(m, '\n') == NULL &&
	    strstr(m, "\xc2\x9b") == NULL, "no raw control byte left");
	free(m);

	/* utf8_note: a ruling's note keeps its lines, cuts each quote. */
	{
		struct buf b = BUF_INIT, w = BUF_INIT;

		for (i = 0; i < 100; i++)
			buf_puts(&w, "a");
		buf_printf(&b, "Ann's '%s' is struck\nround 1\n",
		    buf_str(&w));
		buf_reset(&w);
		utf8_note(&w, buf_str(&b));
		buf_reset(&b);
		buf_puts(&b, "Ann's '");
		for (i = 0; i < 64; i++)
			buf_puts(&b, "a");
		buf_puts(&b, "\xe2\x80\xa6' is struck\nround 1\n");
		is_str(buf_str(&w), buf_str(&b), "a note: a 100-letter quote "
		    "cut after 64 with …, its lines kept");
		buf_reset(&w);
		utf8_note(&w, "the players' dice\nAnn 'x' and Bob's\n");
		is_str(buf_str(&w), "the players' dice\nAnn 'x' and Bob's\n",
		    "a note: apostrophes open no quote, none across lines");
		buf_reset(&w);
		utf8_note(&w, "a 'b\nc' d\x01");
		is_str(buf_str(&w), "a 'b\nc' d\\x01", "a note: a quote "
		    "left open at a line's end is none; a control byte escaped");
		buf_free(&w);
		buf_free(&b);
	}
	folds_as_locale();
	return tap_done();
}
