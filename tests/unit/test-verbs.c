/*
 * test-verbs.c: a game declares its verbs (struct game_verb in game.h):
 * their arguments, parsed and refused by that declaration alone, for a
 * fixture game here (in no game table) as for the five games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "tap.h"

extern const struct game_rules game_shake, game_ten_thousand;
extern const struct game_rules game_shake_a_word;

/* The fixture's verbs, in its row's order. */
enum { F_ROLL, F_HOLD, F_CALL, F_ANSWER, F_TELL };

static const struct game_verb fixture_verbs[] = {
	[F_ROLL] = { "roll", "V", NULL, WHO_TURN, VERB_ROLL,
	    "one die, its value" },
	[F_HOLD] = { "hold", "", NULL, WHO_TURN, 0, "bank the turn" },
	[F_CALL] = { "call", "NAME [LEVEL]", "expected NAME and a LEVEL",
	    WHO_NAMED, 0, "call NAME, at LEVEL if given" },
	[F_ANSWER] = { "answer", "yes|no", NULL, WHO_TABLE, 0,
	    "the table's answer" },
	[F_TELL] = { "tell", "[WORD...]", NULL, WHO_TABLE, 0,
	    "any words, or none" },
	{ NULL, NULL, NULL, WHO_TABLE, 0, NULL }
};

/* Only what parsing reads: a name and the row of verbs. */
static const struct game_rules fixture = {
	.name = "fixture",
	.verbs = fixture_verbs,
};

static const char *const names[] = { "Ann", "Bob" };

/* Parse "w0 w1 ..." (the arguments) for verb v of g; the status. */
static int
parse(const struct game_rules *g, int v, const char *line, struct entry *e,
    struct ruling *r)
{
	static char buf[256];
	static char *argv[16];
	struct game_setup gs = { 2, names, NULL, NULL };
	char *p, *save = NULL;

	memset(e, 0, sizeof *e);
	ruling_free(r);
	snprintf(buf, sizeof buf, "%s", line);
	e->verb = v;
	for (p = strtok_r(buf, " ", &save); p != NULL && e->argc < 15;
	    p = strtok_r(NULL, " ", &save))
		argv[e->argc++] = p;
	e->argv = argv;
	return game_parse(g, &gs, e, r);
}

/* The index of the verb named s in g's row. */
static int
in(const struct game_rules *g, const char *s)
{
	return game_verb_find(g, (enum verb)verb_lookup(s));
}

int
main(void)
{
	/* Every game verb once, in SPEC.md's rows' order. */
	static const char *const spec[] = { "roll", "take", "shake", "bank",
	    "pass", "order", "keep", "stand", "move", "again", "penalize",
	    "continue", "fresh", "grid", "timer", "words", "challenge",
	    "vote", "score", "finish", "place", "fall", NULL };
	struct entry e;
	struct ruling r = RULING_INIT;
	struct buf b = BUF_INIT;
	int i, same = 1;

	/* The fixture's own arguments decide usage (exit 2). */
	is_int(parse(&fixture, F_ROLL, "3", &e, &r), RULING_OK,
	    "a game's roll of one V takes one value");
	ok(e.nvals == 1 && e.vals[0] == 3, "... into vals: 3");
	entry_clear(&e);
	is_int(parse(&fixture, F_ROLL, "3 4", &e, &r), RULING_USAGE,
	    "its 'roll 3 4' is a usage error, not the rules'");
	is_str(buf_str(&r.why), "expected V",
	    "without expect, the error says the arguments: expected V");
	is_int(parse(&game_shake, in(&game_shake, "roll"), "3 4", &e, &r),
	    RULING_OK, "while Shake's roll V... takes both");
	entry_clear(&e);
	is_int(parse(&fixture, F_ROLL, "Ann=3", &e, &r), RULING_USAGE,
	    "a roll without VERB_PAIRS takes no NAME=V");
	is_str(buf_str(&r.why), "'Ann=3' is not a number", "... a number");
	is_int(parse(&game_shake, in(&game_shake, "roll"), "Bob=5 Ann=2", &e,
	    &r), RULING_OK, "Shake's roll (VERB_PAIRS) takes NAME=V pairs");
	ok(e.nvals == 2 && e.vals[0] == 5 && e.vals[1] == 2 &&
	    e.seats != NULL && e.seats[0] == 1 && e.seats[1] == 0,
	    "... values 5 2, seats Bob Ann");
	entry_clear(&e);
	is_int(parse(&fixture, F_HOLD, "now", &e, &r), RULING_USAGE,
	    "a verb of no arguments refuses one");
	is_str(buf_str(&r.why), "'hold' takes no arguments", "... so saying");

	/* Optional and repeated words; NAMEs after every form. */
	is_int(parse(&fixture, F_CALL, "", &e, &r), RULING_USAGE,
	    "NAME [LEVEL]: none is too few");
	is_str(buf_str(&r.why), "expected NAME and a LEVEL",
	    "... with the verb's own expect");
	is_int(parse(&fixture, F_CALL, "Bob", &e, &r), RULING_OK,
	    "NAME [LEVEL]: NAME alone");
	ok(e.who == 1 && e.level == 0, "... who is Bob's seat, no level");
	entry_clear(&e);
	is_int(parse(&fixture, F_CALL, "Ann 12", &e, &r), RULING_OK,
	    "NAME [LEVEL]: both");
	ok(e.who == 0 && e.level == 12, "... Ann at level 12");
	entry_clear(&e);
	is_int(parse(&fixture, F_CALL, "Ann 1 2", &e, &r), RULING_USAGE,
	    "NAME [LEVEL]: three is too many");
	is_int(parse(&fixture, F_CALL, "Cid x", &e, &r), RULING_USAGE,
	    "every form is checked before a NAME is looked up");
	is_str(buf_str(&r.why), "'x' is not a number", "... LEVEL's first");
	is_int(parse(&fixture, F_CALL, "Cid 2", &e, &r), RULING_DATA,
	    "an unknown NAME is a data error (exit 3)");
	is_int(parse(&fixture, F_TELL, "", &e, &r), RULING_OK,
	    "[WORD...]: none");
	is_int(parse(&fixture, F_TELL, "a b c d e f", &e, &r), RULING_OK,
	    "[WORD...]: any number");

	/* Keywords: the first gives accept 1. */
	is_int(parse(&fixture, F_ANSWER, "yes", &e, &r), RULING_OK, "yes|no");
	is_int(e.accept, 1, "... yes, the first, is 1");
	is_int(parse(&fixture, F_ANSWER, "no", &e, &r), RULING_OK, "no");
	is_int(e.accept, 0, "... no is 0");
	is_int(parse(&fixture, F_ANSWER, "maybe", &e, &r), RULING_USAGE,
	    "another word is a usage error");
	is_str(buf_str(&r.why), "'maybe' is neither yes nor no",
	    "... naming both keywords");

	/* What completion reads of a declaration. */
	ok(game_verb_arg(&fixture, F_CALL, 1) == 'N' &&
	    game_verb_arg(&fixture, F_CALL, 2) == 'L' &&
	    game_verb_arg(&fixture, F_CALL, 3) == 0,
	    "call's arguments: a NAME, a LEVEL, then none");
	ok(game_verb_arg(&fixture, F_TELL, 7) == 'W',
	    "a repeated word stands for every argument after it");
	ok(game_verb_keyword(&fixture, F_ANSWER, 1, 1, &b) &&
	    strcmp(buf_str(&b), "no") == 0, "keyword 1 of yes|no is no");
	buf_free(&b);
	is_str(game_verb_name(&fixture, F_HOLD), "hold", "a verb's name");
	ok(game_verb(&fixture, F_TELL + 1) == NULL, "past the row: none");
	ok(game_verb(&fixture, V_UNDO) != NULL &&
	    strcmp(game_verb(&fixture, V_UNDO)->name, "undo") == 0,
	    "every game takes undo, declared once in game.c");
	is_int(game_verb_kind(&fixture, VERB_ROLL), F_ROLL,
	    "the fixture's verb of kind VERB_ROLL is its roll");

	/* Verbs by name: one id per name, in the game table's order. */
	for (i = 0; spec[i] != NULL; i++)
		if (verb_nth(i) < 0 || strcmp(verb_name(verb_nth(i)),
		    spec[i]) != 0)
			same = 0;
	ok(same && verb_nth(i) == -1,
	    "the verbs of every game, each once, in SPEC.md's order");
	is_int(verb_lookup("undo"), V_UNDO, "undo is its own id");
	is_int(verb_lookup("hold"), -1, "a verb of no game in the table: -1");
	is_int(in(&game_ten_thousand, "grid"), -1,
	    "10,000 has no grid");
	is_int(in(&game_ten_thousand, "keep"), 1,
	    "10,000's keep is second in its row");
	ok(verb_kind(NULL, (enum verb)verb_lookup("timer")) & VERB_TIMER,
	    "timer is of kind VERB_TIMER in every game that has it");
	ok(!(verb_kind(&game_ten_thousand,
	    (enum verb)verb_lookup("timer")) & VERB_TIMER),
	    "... and of no kind in a game without it");
	is_int(parse(&game_shake_a_word, in(&game_shake_a_word, "timer"),
	    "1m30s", &e, &r), RULING_OK, "timer 1m30s (SW-3)");
	is_int(e.secs, 90, "... parsed once, into secs: 90");

	/* Every game's row: room for its verbs, each name once, known words. */
	for (i = 0; game_table[i] != NULL; i++) {
		const struct game_rules *g = game_table[i];
		int v, w, k, good = 1;

		for (v = 0; g->verbs[v].name != NULL; v++) {
			for (w = 0; w < v; w++)
				if (strcmp(g->verbs[w].name,
				    g->verbs[v].name) == 0)
					good = 0;
			if (verb_lookup(g->verbs[v].name) >= V_UNDO &&
			    verb_lookup(g->verbs[v].name) < V__COUNT)
				good = 0;
			for (k = 1; k < 8; k++)
				if (game_verb_arg(g, v, k) != 0 &&
				    strchr("VLNDKW", game_verb_arg(g, v,
				    k)) == NULL)
					good = 0;
			if (g->verbs[v].args == NULL ||
			    g->verbs[v].text == NULL)
				good = 0;
		}
		ok(good && v < GAME_VERBS_MAX, "%s: %d verbs (fewer than %d), "
		    "each once, none an entry every game takes, each with "
		    "its arguments and help", g->name, v, GAME_VERBS_MAX);
	}

	/* Before the game is known: usage by the games that have it. */
	{
		struct game_setup none = { 0, NULL, NULL, NULL };

		memset(&e, 0, sizeof e);
		e.argc = 0;
		is_int(game_parse_id(NULL, &none,
		    (enum verb)verb_lookup("keep"), &e, &r), RULING_USAGE,
		    "keep with nothing: a usage error in every game");
		is_str(buf_str(&r.why), "expected one or more die values",
		    "... the first game's words");
		is_int(e.verb, -1, "... no game's index");
	}
	ruling_free(&r);
	return tap_done();
}
