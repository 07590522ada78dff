/*
 * test-grid.c: the Shake-A-Word grid (SW-1) and word paths (SW-2).
 */
#include <stdio.h>
#include <string.h>

#include "../../src/core/grid.h"
#include "../../src/sys/lang-icu.h"
#include "../../src/core/lang.h"
#include "tap.h"

/* The letters' context (lang.h): the tests', made in main. */
static struct lang *lg;

/* Parse the space-separated rows of s into g; 0 or -1 with why. */
static int
parse(struct grid *g, const char *s, char *why, size_t len)
{
	char buf[256], *rows[16], *p, *save = NULL;
	int n = 0;

	snprintf(buf, sizeof buf, "%s", s);
	for (p = strtok_r(buf, " ", &save); p != NULL && n < 16;
	    p = strtok_r(NULL, " ", &save))
		rows[n++] = p;
	return grid_parse(g, lg, "en_US", 1, n, rows, why, len);
}

/* 1 if path is a real path of word on g: neighbours, no cell twice. */
static int
path_ok(const struct grid *g, const char *word, const int *path)
{
	char spelled[128] = "";
	int i, k;

	for (i = 0; path[i] >= 0; i++) {
		strcat(spelled, g->cells[path[i]]);
		if (i > 0 && !grid_adjacent(g, path[i - 1], path[i]))
			return 0;
		for (k = 0; k < i; k++)
			if (path[k] == path[i])
				return 0;
	}
	return strcmp(spelled, word) == 0;
}

/* Find word; 1 if found along a verified path. */
static int
on_grid(const struct grid *g, const char *word)
{
	int path[GRID_CELLS + 1];
	char why[200];

	return grid_path(g, lg, word, path, why, sizeof why) == 0 &&
	    path_ok(g, word, path);
}

/* The reason word is not on g ("" if it is). */
static const char *
off_reason(const struct grid *g, const char *word)
{
	static char why[200];

	if (grid_path(g, lg, word, NULL, why, sizeof why) == 0)
		return "";
	return why;
}

int
main(void)
{
	struct grid g;
	char why[200], row[16];
	int path[GRID_CELLS + 1];

	lg = lang_new(icu_dlopen);
	/* SW-1: shapes */
	is_int(parse(&g, "CATS ORED DOGS QuITE", why, sizeof why), 0,
	    "SW-1: a 4x4 grid with a Qu cell parses");
	is_int(g.n, 4, "SW-1: its side is 4");
	is_str(g.cells[12], "qu", "SW-1: Qu is one cell, lowercase 'qu'");
	is_str(g.cells[13], "i", "SW-1: the cell after Qu is I");
	grid_row(&g, lg, 3, row, sizeof row);
	is_str(row, "QuITE", "SW-1: a row shows Qu as 'Qu'");
	grid_row(&g, lg, 0, row, sizeof row);
	is_str(row, "CATS", "SW-1: rows show uppercase");
	is_int(parse(&g, "cats ored dogs quite", why, sizeof why), 0,
	    "SW-1: lowercase letters are accepted");
	is_str(g.cells[12], "qu", "SW-1: 'qu' is one cell");
	is_int(parse(&g, "cats ored dogs QUite", why, sizeof why), 0,
	    "SW-1: 'QU' is one cell");
	is_int(parse(&g, "cats ored dogs qUite", why, sizeof why), 0,
	    "SW-1: 'qU' is one cell");
	is_int(parse(&g, "abc def ghi", why, sizeof why), 0,
	    "SW-1: 3x3 is the smallest grid");
	is_int(parse(&g, "abcdef ghijkl mnopRs tuvwxy zabcde fghijk", why,
	    sizeof why), 0, "SW-1: 6x6 is the largest grid");
	is_int(g.n, 6, "SW-1: its side is 6");
	is_int(parse(&g, "quququ QUQUQU abc", why, sizeof why), 0,
	    "SW-1: three Qu cells make a row");
	is_int(parse(&g, "ab cd", why, sizeof why), -1,
	    "SW-1: 2 rows are refused");
	ok(strstr(why, "3 to 6 rows") != NULL, "SW-1: the reason names 3 to "
	    "6 rows: %s", why);
	is_int(parse(&g, "abcdefg bcdefgh cdefghi defghij efghijk fghijkl "
	    "ghijklm", why, sizeof why), -1, "SW-1: 7 rows are refused");
	is_int(parse(&g, "abcd efgh ijk mnop", why, sizeof why), -1,
	    "SW-1: a short row is refused");
	ok(strstr(why, "row 3 'ijk' has 3 cells, expected 4") != NULL,
	    "SW-1: the reason names the row and its cells: %s", why);
	is_int(parse(&g, "abc defg hij", why, sizeof why), -1,
	    "SW-1: a long row is refused");
	is_int(parse(&g, "abc dqe fgh", why, sizeof why), -1,
	    "SW-1: a lone Q is refused");
	ok(strstr(why, "lone Q") != NULL && strstr(why, "'dqe'") != NULL,
	    "SW-1: the reason says lone Q and the row: %s", why);
	is_int(parse(&g, "abq def ghi", why, sizeof why), -1,
	    "SW-1: a Q at the end of a row is a lone Q");
	is_int(parse(&g, "ab1 def ghi", why, sizeof why), -1,
	    "SW-1: a digit is refused");
	ok(strstr(why, "'1' is not a letter") != NULL,
	    "SW-1: the reason names the character: %s", why);
	is_int(parse(&g, "ab- def ghi", why, sizeof why), -1,
	    "SW-1: a hyphen is refused");
	ok(strstr(why, "'-' is not a letter") != NULL, "SW-1: ... saying "
	    "so: %s", why);
	is_int(parse(&g, "ab\xc3\x89 def ghi", why, sizeof why), 0,
	    "SW-1: a letter of any language (\xc3\x89) is a cell");
	is_str(g.cells[2], "\xc3\xa9", "SW-1: ... kept in lowercase");
	grid_row(&g, lg, 0, why, sizeof why);
	is_str(why, "AB\xc3\x89", "SW-1: ... shown in capitals");
	is_int(parse(&g, "ab\xe2\x82\xac def ghi", why, sizeof why), -1,
	    "SW-1: a sign beyond ASCII is refused");
	ok(strstr(why, "'\xe2\x82\xac' is not a letter") != NULL,
	    "SW-1: ... naming it: %s", why);
	is_int(parse(&g, "abc dqu ghi", why, sizeof why), -1,
	    "SW-1: 'dqu' is 2 cells in a 3x3 grid: refused");

	/* SW-2: paths in every direction */
	parse(&g, "CATS ORED DOGS QuITE", why, sizeof why);
	ok(on_grid(&g, "cat"), "SW-2: left to right (cat)");
	ok(on_grid(&g, "tac"), "SW-2: right to left (tac)");
	ok(on_grid(&g, "cod"), "SW-2: downwards (cod)");
	ok(on_grid(&g, "doc"), "SW-2: upwards (doc)");
	ok(on_grid(&g, "crge"), "SW-2: diagonal down-right (crge)");
	ok(on_grid(&g, "egrc"), "SW-2: diagonal up-left (egrc)");
	ok(on_grid(&g, "seoqu"), "SW-2: diagonal down-left (seoqu)");
	ok(on_grid(&g, "quoes"), "SW-2: diagonal up-right (quoes)");
	ok(on_grid(&g, "quit"), "SW-2: Qu is two letters of a word (quit)");
	ok(on_grid(&g, "quite"), "SW-2: quite");
	ok(!on_grid(&g, "qit"), "SW-2: a Q without U is not on the grid");
	ok(strstr(off_reason(&g, "qit"), "Q without U") != NULL,
	    "SW-2: the reason says Q without U: %s", off_reason(&g, "qit"));
	ok(!on_grid(&g, "cts"), "SW-2: C and T do not touch");
	is_str(off_reason(&g, "cts"), "'cts' is not on the grid: after 'C' "
	    "no unused neighbour shows 'T'", "SW-2: the reason names where "
	    "the path breaks");
	is_str(off_reason(&g, "catx"), "'catx' is not on the grid: after "
	    "'CAT' no unused neighbour shows 'X'", "SW-2: a letter on no "
	    "die, after a prefix");
	is_str(off_reason(&g, "xyz"), "'xyz' is not on the grid: no die "
	    "shows 'X'", "SW-2: a first letter on no die");
	ok(!on_grid(&g, "cqu"), "SW-2: C(0,0) and Qu(3,0) are far apart");
	ok(!on_grid(&g, "so"), "SW-2: row ends do not wrap: S then O");

	/* SW-2: dice used once; equal letters on two dice */
	parse(&g, "SEE TAN ROD", why, sizeof why);
	ok(on_grid(&g, "seen"), "SW-2: a word needing two E dice (seen)");
	ok(on_grid(&g, "neat"), "SW-2: neat");
	ok(!on_grid(&g, "tat"), "SW-2: a word needing the one T twice is "
	    "refused (tat)");
	ok(strstr(off_reason(&g, "tat"), "after 'TA' no unused neighbour "
	    "shows 'T'") != NULL, "SW-2: ... breaking at the second T: %s",
	    off_reason(&g, "tat"));
	ok(!on_grid(&g, "seese"), "SW-2: three E needed, two dice");
	ok(on_grid(&g, "road"), "SW-2: road (down, right, up-right...)");
	ok(grid_path(&g, lg, "seen", path, why, sizeof why) == 0 &&
	    path[0] == 0 && path[4] == -1, "SW-2: the path starts at S and "
	    "ends after 4 cells");

	/* a word that would take forever to trace gives up with a reason */
	parse(&g, "EEEEEE EEEEEE EEEEEE EEEEEE EEEEEE EEEEEE", why, sizeof why);
	ok(on_grid(&g, "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"),
	    "SW-2: 36 E on 36 E dice: every die once");
	is_str(off_reason(&g, "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"),
	    "'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' is not on the grid: it "
	    "needs 38 'E' dice, the grid has 36", "SW-2: 38 E on 36 dice: the "
	    "trace gives up and says why");
	ok(!on_grid(&g, "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeex"),
	    "SW-2: 35 E and an X: not on the grid, in bounded time");

	/* adjacency */
	parse(&g, "abcd efgh ijkl mnop", why, sizeof why);
	ok(grid_adjacent(&g, 0, 5), "corner touches its diagonal");
	ok(!grid_adjacent(&g, 3, 4), "end of a row does not touch the next "
	    "row's start");
	ok(!grid_adjacent(&g, 5, 5), "a cell is not its own neighbour");
	ok(!grid_adjacent(&g, 0, 10), "two apart do not touch");
	return tap_done();
}
