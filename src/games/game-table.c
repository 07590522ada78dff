/*
 * game-table.c: the game table, every game shakeref referees in the
 * order every list shows them (rules, the manuals, completion ...).
 *
 * Adding a game: its module, its card, one line here, its own tests and
 * its catalog lines; nothing else names a game (the lists of the build,
 * of the catalogs and of the tests are made from these files):
 *
 *  1. src/games/game-NAME.c, the module, NAME its rules name (a-z, 0-9,
 *     '-', at most GAME_RULES_NAME_MAX characters, as an alias):
 *     const struct game_rules game_NAME, '-' as '_' (game.h says what
 *     each member is; game-pig-roll-or-bank-one-die-fixture.c is the
 *     smallest whole game to copy).  Its summary begins with its title and ": ".
 *  2. seeds/NAME.md, the rule card (card.h): the build makes it
 *     card_NAME, and its section of shakeref-games(7).
 *  3. One line in game_table[] below, and its extern.
 *  4. Its tests: tests/cli/NAME.sh (a ruling's id in the names of the
 *     tests that check it), run on SQLite and on the league
 *     (tests/league/NAME.pg), and tests/unit/test-NAME.c if it has one.
 *  5. ./bootstrap: src/games/games.am and po/POTFILES.in (never
 *     committed) list the files of steps 1, 2 and 4 by their names.
 *  6. make, then its catalog lines in po/de.po, po/fr.po and po/es.po
 *     (po/README): tests/cli/words.sh names any missing or fuzzy one.
 *
 * tests/cli/gametable.sh fails for any game of this table with a step
 * skipped; the tests read the table from `shakeref rules --json`.
 */
#include <string.h>

#include "game.h"

extern const struct game_rules game_shake;
extern const struct game_rules game_shake_up;
extern const struct game_rules game_ten_thousand;
extern const struct game_rules game_shake_a_word;
extern const struct game_rules game_stack_attack;
#ifdef SR_FIXTURE_PIG
extern const struct game_rules game_pig_roll_or_bank_one_die_fixture;
#endif

const struct game_rules *const game_table[] = {
	&game_shake,
	&game_shake_up,
	&game_ten_thousand,
	&game_shake_a_word,
	&game_stack_attack,
#ifdef SR_FIXTURE_PIG
	/* the fixture game: shakeref-pig alone */
	&game_pig_roll_or_bank_one_die_fixture,
#endif
	NULL
};

void
game_widths(int *name, int *alias)
{
	const struct game_rules *const *g;
	size_t n;

	*name = *alias = 0;
	for (g = game_table; *g != NULL; g++) {
		if ((n = strlen((*g)->name)) > (size_t)*name)
			*name = (int)n;
		if ((*g)->alias != NULL &&
		    (n = strlen((*g)->alias)) > (size_t)*alias)
			*alias = (int)n;
	}
}

size_t
game_title_len(const struct game_rules *g)
{
	const char *c = strstr(g->summary, ": ");

	return c != NULL ? (size_t)(c - g->summary) : strlen(g->summary);
}
