/*
 * test-stack-attack.c: the Stack Attack rules module, ruling by ruling
 * (SA-1..SA-7), every refusal, and whole games, through the real referee
 * path.
 */
#include <math.h>
#include <stdio.h>

#include "harness.h"

extern const struct game_rules game_stack_attack;

/* The text of describe (caller frees). */
static char *
describe(struct th *t)
{
	struct buf b = BUF_INIT;

	t->rp.rules->describe(t->rp.st, &b);
	return b.s != NULL ? b.s : xstrdup("");
}

/* The text of advise (caller frees). */
static char *
advise(struct th *t)
{
	struct buf b = BUF_INIT;

	t->rp.rules->advise(t->rp.st, &b);
	return b.s != NULL ? b.s : xstrdup("");
}

/* Check that refusing line leaves the per-rules JSON as it was. */
static void
refused_unchanged(struct th *t, const char *line, int want, const char *name)
{
	char *before = th_json(t), *after;
	int entries = t->rp.nentries;

	is_int(th_do(t, line), want, name);
	after = th_json(t);
	ok(strcmp(before, after) == 0 && t->rp.nentries == entries,
	    "%s: nothing recorded, state unchanged", name);
	free(before);
	free(after);
}

static void
test_setup(void)
{
	struct th t;
	const struct game_option *o = game_stack_attack.options;

	is_str(game_stack_attack.name, "stack-attack", "the canonical name");
	ok(game_find("tower") == &game_stack_attack, "alias tower");
	ok(game_find("stack-attack") == &game_stack_attack, "found by name");
	is_int(game_stack_attack.min_players, 2, "at least 2 players");
	is_int(game_stack_attack.max_players, 4, "at most 4 players");
	is_str(o[0].key, "target", "the option target");
	is_str(o[0].def, "20", "SA-7: target defaults to 20");
	is_str(o[1].key, "coach", "then coach (RULES.md: every rules)");
	ok(o[2].key == NULL, "target and coach are the options");
	ok(o[0].valid("1") && o[0].valid("20") && o[0].valid("1000"),
	    "SA-7: target 1, 20 and 1000 are valid");
	ok(!o[0].valid("0") && !o[0].valid("1001") && !o[0].valid("") &&
	    !o[0].valid("x") && !o[0].valid("-5") && !o[0].valid("2 0") &&
	    !o[0].valid("99999999999"),
	    "SA-7: target 0, 1001, empty, words, negatives refused");
	ok(game_verb_find(&game_stack_attack, verb_lookup("roll")) >= 0 &&
	    game_verb_find(&game_stack_attack, verb_lookup("place")) >= 0 &&
	    game_verb_find(&game_stack_attack, verb_lookup("fall")) >= 0 &&
	    game_verb_find(&game_stack_attack, verb_lookup("keep")) < 0,
	    "verbs: roll, place, fall");

	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", NULL);
	th_json_is(&t, "{\"tower\":[],\"top\":null,\"in_hand\":"
	    "{\"Ann\":5,\"Bob\":5,\"Cid\":5}}",
	    "SA-1: three players hold 5 dice each, empty plate");
	is_int(th_expect(&t).round, 1, "round 1");
	is_str(th_turn(&t), "Ann", "SA-6: the first player listed starts");
	is_int(th_expect(&t).verbs, th_bit(&t, "roll") | th_bit(&t, "fall"),
	    "SA-2: a turn opens with roll (or a fall)");
	is_str(buf_str(th_expect(&t).say), "Round 1. Ann rolls: roll 5 values "
	    "(on the empty plate, a 1 qualifies)", "the table is told to roll");
	is_int(th_do(&t, "keep 1"), RULING_REFUSED,
	    "a verb of another game is refused");
	is_str(buf_str(&t.r.why), "stack-attack has no 'keep'", "and says so");
	is_int(th_do(&t, "timer"), RULING_REFUSED, "no timer here");
	th_end(&t);

	th_start(&t, &game_stack_attack, "Ann,Bob,Cid,Dan", NULL);
	th_json_is(&t, "{\"tower\":[],\"top\":null,\"in_hand\":"
	    "{\"Ann\":4,\"Bob\":4,\"Cid\":4,\"Dan\":4}}",
	    "SA-1: four players hold 4 dice each");
	refused_unchanged(&t, "roll 1 2 3 4 5", RULING_REFUSED,
	    "SA-1: with four players a roll of 5 dice is refused");
	is_str(buf_str(&t.r.why), "expected 4 values (the dice Ann holds), got 5",
	    "SA-1: the count refusal says how many");
	is_int(th_do(&t, "roll 1 2 3 4"), RULING_OK,
	    "SA-1: four players roll 4 dice");
	th_end(&t);

	th_start(&t, &game_stack_attack, "Ann,Bob", NULL);
	th_json_is(&t, "{\"tower\":[],\"top\":6,\"in_hand\":{\"Ann\":5,"
	    "\"Bob\":5}}", "SA-1: two players: 6 on the base, base not "
	    "listed");
	is_str(buf_str(th_expect(&t).say), "Round 1. Ann rolls: roll 5 values "
	    "(on the base's 6, a 5 qualifies)",
	    "SA-1: the table is told a 5 qualifies on the base");
	th_must(&t, "roll 1 1 1 1 1");
	ok(th_note_has(&t, "nothing qualifies on the base's 6"),
	    "SA-1: a 1 does not qualify on the two-player base: %s",
	    buf_str(&t.r.note));
	is_str(th_turn(&t), "Bob", "SA-2: the turn passes to Bob");
	th_must(&t, "roll 5 6 6 4 1");
	is_int(th_do(&t, "place 4"), RULING_REFUSED,
	    "SA-1: a 4 cannot go on the base");
	is_str(buf_str(&t.r.why), "'4' (die 1 of the chain) cannot go on 6: expected "
	    "a 5 (SA-3)", "SA-1: the refusal names the base's 6");
	th_must(&t, "place 5 4");
	th_json_is(&t, "{\"tower\":[5,4],\"top\":4,\"in_hand\":{\"Ann\":5,"
	    "\"Bob\":3}}", "SA-1: the players' dice stand on the base");
	th_end(&t);
}

static void
test_roll(void)
{
	struct th t;

	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", NULL);
	refused_unchanged(&t, "roll 1 2 3 4", RULING_REFUSED,
	    "SA-2: too few values refused");
	is_str(buf_str(&t.r.why), "expected 5 values (the dice Ann holds), got 4",
	    "SA-2: the refusal says how many dice Ann holds");
	refused_unchanged(&t, "roll 1 2 3 4 5 6", RULING_REFUSED,
	    "SA-2: too many values refused");
	refused_unchanged(&t, "roll 1 2 3 4 7", RULING_REFUSED,
	    "SA-2: a 7 is refused");
	is_str(buf_str(&t.r.why), "'7' is not a face of a die (1 to 6)",
	    "SA-2: the refusal names the value");
	refused_unchanged(&t, "roll 0 2 3 4 5", RULING_REFUSED,
	    "SA-2: a 0 is refused");
	refused_unchanged(&t, "roll 99999999999999 2 3 4 5", RULING_REFUSED,
	    "SA-2: a huge value is refused, not overflowed");
	is_int(th_do(&t, "roll x 2 3 4 5"), RULING_USAGE,
	    "a value that is not a number is a usage error");
	is_int(th_do(&t, "roll"), RULING_USAGE, "roll needs values");
	refused_unchanged(&t, "roll Ann=1 Ann=2 Ann=3 Ann=4 Ann=5",
	    RULING_REFUSED, "SA-2: a player's roll takes no names");
	is_int(th_do(&t, "roll Zed=1"), RULING_DATA,
	    "a NAME that is not a player is a data error");
	refused_unchanged(&t, "place 1", RULING_REFUSED,
	    "SA-3: place before the roll is refused");
	ok(th_why_has(&t, "'place' is not expected now: Round 1. Ann rolls"),
	    "SA-3: the refusal says what is expected: %s", buf_str(&t.r.why));

	/* SA-2: on the empty plate only a 1 qualifies. */
	is_int(th_do(&t, "roll 2 3 4 5 6"), RULING_OK,
	    "SA-2: a roll without a 1 on the empty plate is accepted");
	ok(th_note_has(&t, "Ann rolls 2 3 4 5 6: nothing qualifies on "
	    "the empty plate, the turn passes to Bob (SA-2)"),
	    "SA-2: the referee says the turn ends: %s", buf_str(&t.r.note));
	is_str(th_turn(&t), "Bob", "SA-2: no qualifying die ends the turn");
	th_json_is(&t, "{\"tower\":[],\"top\":null,\"in_hand\":"
	    "{\"Ann\":5,\"Bob\":5,\"Cid\":5}}",
	    "SA-2: a turn without a qualifying die changes nothing else");
	th_must(&t, "roll 6 6 6 6 6");
	th_must(&t, "roll 5 5 5 5 5");
	is_str(th_turn(&t), "Ann", "SA-2: round the table back to Ann");
	th_must(&t, "roll 2 1 6 6 6");
	ok(th_note_has(&t, "Ann rolls 2 1 6 6 6: 1 qualifies on the empty "
	    "plate"), "SA-2: a 1 qualifies on the empty plate: %s",
	    buf_str(&t.r.note));
	is_str(th_turn(&t), "Ann", "SA-3: Ann places next");
	is_int(th_expect(&t).verbs, th_bit(&t, "place") | th_bit(&t, "fall"),
	    "SA-3: with a qualifying die, place is expected (or a fall)");
	refused_unchanged(&t, "roll 1 1 1 1 1", RULING_REFUSED,
	    "SA-3: a qualifying roll cannot be rolled again");
	ok(th_why_has(&t, "'roll' is not expected now: Round 1. Ann rolled "
	    "2 1 6 6 6 on the empty plate: place one or more"),
	    "SA-3: a player with a qualifying die must place: %s", buf_str(&t.r.why));
	is_int(th_do(&t, "place"), RULING_USAGE,
	    "SA-3: place needs at least one die");
	th_must(&t, "place 1 2");
	th_json_is(&t, "{\"tower\":[1,2],\"top\":2,\"in_hand\":"
	    "{\"Ann\":3,\"Bob\":5,\"Cid\":5}}",
	    "SA-3: 1 then 2 stand in the tower, Ann holds 3");
	is_str(th_turn(&t), "Bob", "SA-3: the turn passes after a place");
	th_must(&t, "roll 3 3 3 3 1");
	ok(th_note_has(&t, "3 3 3 3 1 qualify with 2 on top"),
	    "SA-2: one above and one below qualify: %s", buf_str(&t.r.note));
	th_must(&t, "place 3");
	is_str(th_turn(&t), "Cid", "to Cid");
	th_must(&t, "roll 4 2 1 2 2");
	th_must(&t, "place 2 1");
	is_str(th_turn(&t), "Ann", "to Ann");
	refused_unchanged(&t, "roll 1 2 3 4 5", RULING_REFUSED,
	    "SA-2: a roll is only the dice the player still holds");
	is_str(buf_str(&t.r.why), "expected 3 values (the dice Ann holds), got 5",
	    "SA-2: Ann holds 3 now");
	is_str(buf_str(th_expect(&t).say), "Round 1. Ann rolls: roll 3 values "
	    "(with 1 on top, a 2 qualifies)",
	    "SA-2: on a 1 only a 2 qualifies");
	th_must(&t, "roll 1 3 1");
	ok(th_note_has(&t, "nothing qualifies with 1 on top"),
	    "SA-2: a 1 or a 3 on a 1 does not qualify: %s", buf_str(&t.r.note));
	ok(th_replays(&t), "replay gives the same state");
	th_end(&t);
}

/* A three-player game with 4 on top and Bob to roll. */
static void
four_on_top(struct th *t)
{
	static const char *const lines[] = {
		"roll 1 2 3 4 6",	/* Ann */
		"place 1 2 3 4",
		NULL
	};

	th_start(t, &game_stack_attack, "Ann,Bob,Cid", NULL);
	th_all(t, lines);
}

static void
test_place(void)
{
	struct th t;
	char *s;

	four_on_top(&t);
	th_must(&t, "roll 2 3 3 5 6");
	ok(th_note_has(&t, "Bob rolls 2 3 3 5 6: 3 3 5 qualify with 4 on top"),
	    "SA-2: the qualifying dice are named: %s", buf_str(&t.r.note));
	is_str(buf_str(th_expect(&t).say), "Round 1. Bob rolled 2 3 3 5 6 with 4 "
	    "on top: place one or more of them, in order, each one above or "
	    "below the top (a 3 or a 5 first)", "SA-3: the table is told");
	s = advise(&t);
	is_str(s, "The longest chain places 3 dice: place 3 2 3.\n",
	    "advice: the chain that places the most dice");
	free(s);

	refused_unchanged(&t, "place 2", RULING_REFUSED,
	    "SA-3: a 2 does not go on 4");
	is_str(buf_str(&t.r.why), "'2' (die 1 of the chain) cannot go on 4: expected "
	    "a 3 or a 5 (SA-3)", "SA-3: the refusal names the die and top");
	refused_unchanged(&t, "place 5 6 3", RULING_REFUSED,
	    "SA-3: the chain breaks at its third die");
	is_str(buf_str(&t.r.why), "'3' (die 3 of the chain) cannot go on 6: expected "
	    "a 5 (SA-3)", "SA-3: the first die that breaks it, the top met");
	refused_unchanged(&t, "place 3 2 3 4", RULING_REFUSED,
	    "SA-3: a value not in the roll");
	is_str(buf_str(&t.r.why), "'4' is not in the roll 2 3 3 5 6",
	    "SA-3: the refusal names the value and the roll");
	refused_unchanged(&t, "place 3 2 3 2", RULING_REFUSED,
	    "SA-3: a die used more often than rolled");
	is_str(buf_str(&t.r.why), "'2' is in the roll 2 3 3 5 6 only once",
	    "SA-3: the refusal says how often it was rolled");
	refused_unchanged(&t, "place 3 2 3 2 3", RULING_REFUSED,
	    "SA-3: a chain longer than the roll");
	refused_unchanged(&t, "place 0", RULING_REFUSED,
	    "SA-3: a 0 is not in the roll");
	refused_unchanged(&t, "place 7", RULING_REFUSED,
	    "SA-3: a 7 is not in the roll");
	is_str(buf_str(&t.r.why), "'7' is not in the roll 2 3 3 5 6",
	    "SA-3: '7' not in the roll");
	is_int(th_do(&t, "place three"), RULING_USAGE,
	    "SA-3: a value that is not a number is a usage error");

	is_int(th_do(&t, "place 3 2 3"), RULING_OK,
	    "SA-3: the seed's example: on 4, roll 2 3 3 5, place 3 2 3");
	is_str(buf_str(&t.r.note), "Bob places 3 2 3: 3 on top, 7 in the tower; Bob "
	    "holds 2", "SA-3: the note reads like a pad line");
	th_json_is(&t, "{\"tower\":[1,2,3,4,3,2,3],\"top\":3,\"in_hand\":"
	    "{\"Ann\":1,\"Bob\":2,\"Cid\":5}}",
	    "SA-3: the chain stands in order, bottom to top");
	is_str(th_turn(&t), "Cid", "SA-3: the turn passes");
	s = describe(&t);
	is_str(s, "tower, bottom to top: 1 Ann, 2 Ann, 3 Ann, 4 Ann, 3 Bob, "
	    "2 Bob, 3 Bob\nin hand: Ann 1, Bob 2, Cid 5\n",
	    "describe: the tower with owners, and the hands");
	free(s);
	is_int(th_do(&t, "undo"), RULING_OK, "undo the chain");
	is_str(th_turn(&t), "Bob", "Bob places again");
	is_int(th_do(&t, "place 5"), RULING_OK,
	    "SA-3: or add the 5 and stop");
	th_json_is(&t, "{\"tower\":[1,2,3,4,5],\"top\":5,\"in_hand\":"
	    "{\"Ann\":1,\"Bob\":4,\"Cid\":5}}", "SA-3: one die placed");
	is_int(th_do(&t, "redo"), RULING_REFUSED,
	    "redo refused once a new entry was accepted");
	ok(th_replays(&t), "replay after undo gives the same state");
	th_must(&t, "roll 6 6 4 4 1");
	is_int(th_do(&t, "place 6 5"), RULING_REFUSED,
	    "SA-3: a die that does not qualify on the top it meets");
	is_str(buf_str(&t.r.why), "'5' is not in the roll 6 6 4 4 1",
	    "SA-3: Cid has no 5");
	is_int(th_do(&t, "place 4 6"), RULING_REFUSED,
	    "SA-3: 6 on 4 is refused");
	is_str(buf_str(&t.r.why), "'6' (die 2 of the chain) cannot go on 4: expected "
	    "a 3 or a 5 (SA-3)", "SA-3: named with the top it met");
	th_must(&t, "place 6");
	is_str(buf_str(th_expect(&t).say), "Round 1. Ann rolls: roll 1 value "
	    "(with 6 on top, a 5 qualifies)",
	    "SA-2: on a 6 only a 5 qualifies");
	th_end(&t);
}

static void
test_fall(void)
{
	struct th t;
	char *s;

	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", NULL);
	refused_unchanged(&t, "fall", RULING_REFUSED,
	    "SA-4: fall without NAME before anyone placed is refused");
	is_str(buf_str(&t.r.why), "nobody has placed a die this round: name who made "
	    "the tower fall (fall NAME) (SA-4)", "SA-4: and says why");
	is_int(th_do(&t, "fall Zed"), RULING_DATA,
	    "SA-4: a NAME that is not a player is a data error");
	is_int(th_do(&t, "fall Ann Bob"), RULING_USAGE,
	    "SA-4: fall takes at most one NAME");
	th_must(&t, "roll 1 2 3 5 5");
	th_must(&t, "place 1 2 3");		/* Ann: 3 in */
	th_must(&t, "roll 4 4 6 6 6");
	th_must(&t, "place 4");			/* Bob: 1 in */
	th_must(&t, "roll 5 5 1 1 1");		/* Cid rolled */
	is_int(th_expect(&t).verbs, th_bit(&t, "place") | th_bit(&t, "fall"),
	    "SA-4: fall is expected at any moment of a round");
	is_int(th_do(&t, "fall"), RULING_OK,
	    "SA-4: fall without NAME while Cid places");
	is_str(buf_str(&t.r.note), "the tower falls: Bob scores 0, Ann 3, Cid 0 "
	    "(SA-4); round 1 is over; Bob starts round 2",
	    "SA-4: the last to place (Bob) is the culprit; SA-6: Bob starts");
	is_int(th_score(&t, "Ann"), 3, "SA-4: Ann scores her 3 dice");
	is_int(th_score(&t, "Bob"), 0, "SA-4: the culprit scores 0");
	is_int(th_score(&t, "Cid"), 0, "SA-4: Cid had no die in the tower");
	is_int(th_expect(&t).round, 2, "SA-4: the round is over");
	is_str(th_turn(&t), "Bob", "SA-6: the culprit starts the next round");
	th_json_is(&t, "{\"tower\":[],\"top\":null,\"in_hand\":"
	    "{\"Ann\":5,\"Bob\":5,\"Cid\":5}}",
	    "SA-4: all dice go back to the players");
	refused_unchanged(&t, "fall", RULING_REFUSED,
	    "SA-4: nobody has placed this round yet");

	/* A fall during a placement: place what stood, then fall NAME. */
	th_must(&t, "roll 1 2 6 6 6");
	th_must(&t, "place 1 2");			/* Bob: 2 in */
	th_must(&t, "roll 3 4 5 1 1");
	th_must(&t, "place 3 4");			/* Cid: 2 in (5 toppled) */
	is_int(th_do(&t, "fall Cid"), RULING_OK, "SA-4: fall NAME");
	is_int(th_score(&t, "Bob"), 2, "SA-4: Bob scores his 2");
	is_int(th_score(&t, "Cid"), 0, "SA-4: Cid toppled it: 0");
	is_str(th_turn(&t), "Cid", "SA-6: Cid caused the fall and starts");

	/* A fall by someone who is not on turn, before a roll. */
	th_must(&t, "roll 1 1 1 1 1");
	th_must(&t, "place 1");			/* Cid: 1 in */
	th_must(&t, "roll 2 2 2 2 2");
	th_must(&t, "place 2");			/* Ann: 1 in */
	is_str(th_turn(&t), "Bob", "Bob to roll");
	is_int(th_do(&t, "fall Ann"), RULING_OK,
	    "SA-4: anyone can be named, at any moment");
	is_str(buf_str(&t.r.note), "the tower falls: Ann scores 0, Bob 0, Cid 1 "
	    "(SA-4); round 3 is over; Ann starts round 4", "SA-4: the note");
	is_int(th_score(&t, "Ann"), 3, "Ann 3");
	is_int(th_score(&t, "Bob"), 2, "Bob 2");
	is_int(th_score(&t, "Cid"), 1, "Cid 1");
	s = describe(&t);
	is_str(s, "tower, bottom to top: empty plate\nin hand: Ann 5, Bob 5, "
	    "Cid 5\n", "describe: an empty plate");
	free(s);

	/* A fall on the empty plate: the named culprit, nobody scores. */
	is_int(th_do(&t, "fall bob"), RULING_OK,
	    "SA-4: a fall before any place, names case-insensitive");
	is_int(th_score(&t, "Ann") + th_score(&t, "Bob") +
	    th_score(&t, "Cid"), 6, "SA-4: nobody scores on an empty plate");
	is_str(th_turn(&t), "Bob", "SA-6: Bob starts round 5");
	is_int(th_expect(&t).round, 5, "round 5");
	ok(th_replays(&t), "replay gives the same state");
	th_end(&t);

	/* A fall on the two-player base: the base is not anyone's. */
	th_start(&t, &game_stack_attack, "Ann,Bob", NULL);
	th_must(&t, "roll 5 4 3 1 1");
	th_must(&t, "place 5 4 3");
	th_must(&t, "roll 2 6 6 6 6");
	th_must(&t, "place 2");
	is_int(th_do(&t, "fall"), RULING_OK, "SA-4: fall in a two-player "
	    "game");
	is_int(th_score(&t, "Ann"), 3, "SA-4: Ann scores her 3, not the base");
	is_int(th_score(&t, "Bob"), 0, "SA-4: Bob placed last: 0");
	th_json_is(&t, "{\"tower\":[],\"top\":6,\"in_hand\":{\"Ann\":5,"
	    "\"Bob\":5}}", "SA-1: the base stands again for round 2");
	th_end(&t);
}

static void
test_full_tower(void)
{
	struct th t;
	char *s;

	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", NULL);
	th_must(&t, "roll 1 2 6 6 6");
	th_must(&t, "place 1 2");			/* Ann: 2 in */
	th_must(&t, "roll 3 4 6 6 6");
	th_must(&t, "place 3 4");			/* Bob: 2 in */
	th_must(&t, "roll 5 6 5 6 5");
	s = advise(&t);
	is_str(s, "The longest chain places 5 dice: place 5 6 5 6 5, which "
	    "puts all of Cid's dice in the tower and ends the round (SA-5).\n",
	    "advice: a chain that ends the round says so");
	free(s);
	is_int(th_do(&t, "place 5 6 5 6 5"), RULING_OK,
	    "SA-5: Cid places all 5 dice");
	is_str(buf_str(&t.r.note), "Cid places 5 6 5 6 5: all of Cid's dice are in the "
	    "tower; Cid scores 5, total 5 (SA-5); round 1 is over; Ann "
	    "starts round 2", "SA-5: the note");
	is_int(th_score(&t, "Cid"), 5, "SA-5: Cid scores one per die");
	is_int(th_score(&t, "Ann"), 0, "SA-5: Ann scores nothing");
	is_int(th_score(&t, "Bob"), 0, "SA-5: Bob scores nothing");
	is_int(th_expect(&t).round, 2, "SA-5: the round ends at once");
	is_str(th_turn(&t), "Ann", "SA-6: the player after Cid (Ann) starts");
	is_int(th_do(&t, "fall"), RULING_REFUSED,
	    "SA-4: no place yet in round 2");
	th_end(&t);

	/* Up and down with all five, over someone else's dice. */
	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", NULL);
	th_must(&t, "roll 1 2 6 6 6");
	th_must(&t, "place 1 2");
	th_must(&t, "roll 3 3 3 4 4");
	refused_unchanged(&t, "place 3 4 3 4 3 3", RULING_REFUSED,
	    "SA-3: a die used more often than rolled");
	is_str(buf_str(&t.r.why), "'3' is in the roll 3 3 3 4 4 only 3 times",
	    "SA-3: the refusal says how often it was rolled");
	is_int(th_do(&t, "place 3 4 3 4 3"), RULING_OK,
	    "SA-5: Bob places all five, up and down");
	is_int(th_score(&t, "Bob"), 5, "SA-5: Bob scores his 5");
	is_int(th_score(&t, "Ann"), 0, "SA-5: Ann's 2 in the tower score "
	    "nothing");
	th_end(&t);

	/* Over several turns, four players: 4 dice each. */
	th_start(&t, &game_stack_attack, "Ann,Bob,Cid,Dan", NULL);
	th_must(&t, "roll 1 2 6 6");
	th_must(&t, "place 1 2");			/* Ann: 2 in */
	th_must(&t, "roll 3 3 3 3");
	th_must(&t, "place 3");			/* Bob: 1 in */
	th_must(&t, "roll 6 6 6 6");		/* Cid: nothing */
	th_must(&t, "roll 2 1 5 5");
	th_must(&t, "place 2 1");			/* Dan: 2 in */
	th_must(&t, "roll 2 3");
	is_int(th_do(&t, "place 2 3"), RULING_OK,
	    "SA-5: Ann's last two dice");
	is_int(th_score(&t, "Ann"), 4, "SA-1, SA-5: four dice, four points");
	is_int(th_score(&t, "Dan"), 0, "SA-5: Dan scores nothing");
	is_str(th_turn(&t), "Bob", "SA-6: the player after Ann starts");
	ok(th_replays(&t), "replay gives the same state");
	th_end(&t);

	/* The last seat's full tower passes the start to the first. */
	th_start(&t, &game_stack_attack, "Ann,Bob", NULL);
	th_must(&t, "roll 3 3 3 3 3");		/* Ann: nothing on 6 */
	th_must(&t, "roll 5 4 3 2 1");
	is_int(th_do(&t, "place 5 4 3 2 1"), RULING_OK,
	    "SA-5: Bob places all five on the base");
	is_int(th_score(&t, "Bob"), 5, "SA-5: Bob 5");
	is_str(th_turn(&t), "Ann", "SA-6: after Bob, Ann starts");
	th_end(&t);
}

static void
test_advice_odds(void)
{
	struct th t;
	char *s, want[160];

	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", NULL);
	s = advise(&t);
	snprintf(want, sizeof want, "Ann has a %.0f%% chance to roll at "
	    "least one qualifying die with 5 dice.\n",
	    100 * (1 - pow(5.0 / 6, 5)));
	is_str(s, want, "advice: one face of six qualifies on the plate");
	ok(strstr(s, "60%") != NULL, "advice: 1 - (5/6)^5 is about 60%%");
	free(s);
	th_must(&t, "roll 1 2 3 6 6");
	th_must(&t, "place 1 2 3");
	s = advise(&t);
	snprintf(want, sizeof want, "Bob has a %.0f%% chance to roll at "
	    "least one qualifying die with 5 dice.\n",
	    100 * (1 - pow(4.0 / 6, 5)));
	is_str(s, want, "advice: two faces of six qualify on a 3");
	ok(strstr(s, "87%") != NULL, "advice: 1 - (4/6)^5 is about 87%%");
	free(s);
	th_must(&t, "roll 4 6 6 6 6");
	th_must(&t, "place 4");
	th_must(&t, "roll 5 5 6 6 6");
	th_must(&t, "place 5 6 5");
	th_must(&t, "roll 1 1");			/* Ann holds 2: nothing */
	s = advise(&t);
	snprintf(want, sizeof want, "Bob has a %.0f%% chance to roll at "
	    "least one qualifying die with 4 dice.\n",
	    100 * (1 - pow(4.0 / 6, 4)));
	is_str(s, want, "advice: Bob holds 4 now, a 4 or a 6 on the 5");
	free(s);
	th_must(&t, "roll 4 1 1 1");
	th_must(&t, "place 4");			/* Bob holds 3 */
	th_must(&t, "roll 5 1");
	th_must(&t, "place 5");			/* Cid holds 1 */
	th_must(&t, "roll 3 3");			/* Ann: nothing on 5 */
	th_must(&t, "roll 3 3 3");			/* Bob: nothing */
	s = advise(&t);
	snprintf(want, sizeof want, "Cid has a %.0f%% chance to roll at "
	    "least one qualifying die with 1 die.\n", 100 * (2.0 / 6));
	is_str(s, want, "advice: one die, two faces of six");
	free(s);
	th_must(&t, "roll 2");			/* Cid: nothing */
	th_must(&t, "roll 4 1");
	s = advise(&t);
	is_str(s, "The longest chain places 1 die: place 4.\n",
	    "advice: a single die");
	free(s);
	th_end(&t);
}

static void
test_next_round(void)
{
	struct th t;

	/* SA-6: round 1 with the first listed, whoever that is. */
	th_start(&t, &game_stack_attack, "Cid,Ann,Bob", NULL);
	is_str(th_turn(&t), "Cid", "SA-6: the first player listed starts");
	th_must(&t, "roll 1 2 3 4 5");
	th_must(&t, "place 1 2 3 4 5");
	is_str(th_turn(&t), "Ann", "SA-6: after a full tower, the player "
	    "after the one who played last starts");
	is_int(th_expect(&t).round, 2, "SA-6: round 2");
	th_must(&t, "roll 1 6 6 6 6");
	th_must(&t, "place 1");
	th_must(&t, "roll 2 6 6 6 6");
	th_must(&t, "place 2");
	th_must(&t, "fall Cid");
	is_str(th_turn(&t), "Cid", "SA-6: after a fall, the culprit starts "
	    "(named, not on turn)");
	th_must(&t, "roll 1 6 6 6 6");
	th_must(&t, "place 1");
	th_must(&t, "roll 2 6 6 6 6");		/* Ann */
	th_must(&t, "place 2");
	th_must(&t, "roll 1 1 1 1 1");		/* Bob */
	th_must(&t, "place 1");
	is_str(th_turn(&t), "Cid", "the turn passes round the table");
	th_must(&t, "fall");
	is_str(th_turn(&t), "Bob", "SA-6: the last to place caused the "
	    "fall and starts");
	is_int(th_score(&t, "Cid"), 6, "Cid 5 + 1");
	is_int(th_score(&t, "Ann"), 2, "Ann 1 + 1");
	is_int(th_score(&t, "Bob"), 1, "Bob 1 + 0 as the culprit");
	th_must(&t, "roll 6 6 6 6 6");		/* Bob: nothing */
	th_must(&t, "roll 6 6 6 6 6");		/* Cid: nothing */
	th_must(&t, "roll 1 2 3 4 5");
	th_must(&t, "place 1 2 3 4 5");		/* Ann: full */
	is_str(th_turn(&t), "Bob", "SA-6: after Ann, Bob starts: the one "
	    "after the last to play, not after the round's starter");
	ok(th_replays(&t), "replay gives the same state");
	th_end(&t);
}

static void
test_target(void)
{
	struct th t;
	char *s;

	/* SA-7: below the target the game goes on. */
	th_start(&t, &game_stack_attack, "Ann,Bob", "target=6");
	th_must(&t, "roll 5 4 3 2 1");
	th_must(&t, "place 5 4 3 2 1");
	is_int(th_score(&t, "Ann"), 5, "Ann 5");
	ok(!th_expect(&t).finished, "SA-7: 5 of 6: the game goes on");
	ok(!th_won(&t, "Ann"), "SA-7: no winner yet");
	th_must(&t, "roll 5 6 6 6 6");
	th_must(&t, "place 5");
	th_must(&t, "roll 4 6 6 6 6");
	th_must(&t, "place 4");
	is_int(th_do(&t, "fall Bob"), RULING_OK, "SA-7: Ann reaches 6");
	ok(th_note_has(&t, "round 2 is over; Ann wins with 6 (SA-7)"),
	    "SA-7: the note names the winner: %s", buf_str(&t.r.note));
	ok(th_expect(&t).finished, "SA-7: the game is over");
	is_int(th_expect(&t).verbs, 0, "SA-7: nothing is expected");
	is_int(th_expect(&t).turn, -1, "SA-7: nobody's turn");
	ok(th_won(&t, "Ann") && !th_won(&t, "Bob"), "SA-7: Ann wins");
	is_int(th_do(&t, "roll 1 2 3 4 5"), RULING_DATA,
	    "SA-7: entries after the end are refused (game over)");
	is_int(th_do(&t, "fall Ann"), RULING_DATA, "SA-7: a fall too");
	th_json_is(&t, "{\"tower\":[5,4],\"top\":4,\"in_hand\":{\"Ann\":4,"
	    "\"Bob\":4}}", "SA-7: status keeps the last round as it ended");
	s = advise(&t);
	is_str(s, "", "no advice once the game is over");
	free(s);
	is_int(th_do(&t, "undo"), RULING_OK, "undo the winning fall");
	ok(!th_expect(&t).finished, "undo reopens the game");
	is_int(th_score(&t, "Ann"), 5, "undo takes the round score back");
	is_int(th_do(&t, "redo"), RULING_OK, "redo it");
	ok(th_won(&t, "Ann"), "redo: Ann wins again");
	ok(th_replays(&t), "replay after undo/redo gives the same state");
	th_end(&t);

	/* SA-7: the highest total wins, not the first to reach it. */
	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", "target=2");
	th_must(&t, "roll 1 2 3 6 6");
	th_must(&t, "place 1 2 3");		/* Ann 3 in */
	th_must(&t, "roll 4 5 6 6 6");
	th_must(&t, "place 4 5");			/* Bob 2 in */
	th_must(&t, "fall Cid");
	ok(th_won(&t, "Ann") && !th_won(&t, "Bob"),
	    "SA-7: Ann 3 beats Bob 2, both at the target");
	th_end(&t);
}

static void
test_tie_break(void)
{
	struct th t;
	char *s;

	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", "target=1");
	th_must(&t, "roll 1 6 6 6 6");
	th_must(&t, "place 1");
	th_must(&t, "roll 2 6 6 6 6");
	th_must(&t, "place 2");
	th_must(&t, "roll 3 6 6 6 6");
	th_must(&t, "place 3");
	is_int(th_do(&t, "fall"), RULING_OK, "Cid knocks it over");
	is_str(buf_str(&t.r.note), "the tower falls: Cid scores 0, Ann 1, Bob 1 "
	    "(SA-4); round 1 is over; Ann and Bob tie on 1 and play a "
	    "tie-break round (SA-7); Ann starts round 2",
	    "SA-7: a tie at the top: a tie-break round");
	ok(!th_expect(&t).finished, "SA-7: a tie does not end the game");
	ok(!th_won(&t, "Ann") && !th_won(&t, "Bob"), "SA-7: no winner yet");
	is_int(th_expect(&t).round, 2, "SA-7: the tie-break is round 2");
	is_str(th_turn(&t), "Ann", "SA-7: SA-6 names Cid, who is not tied: "
	    "the next tied player after him (Ann) starts");
	th_json_is(&t, "{\"tower\":[],\"top\":6,\"in_hand\":{\"Ann\":5,"
	    "\"Bob\":5}}", "SA-7: two tied players play with SA-1's "
	    "two-player base, 5 dice each");
	is_str(buf_str(th_expect(&t).say), "Round 2 (tie-break). Ann rolls: roll 5 "
	    "values (on the base's 6, a 5 qualifies)",
	    "SA-7: the table is told it is a tie-break");
	s = describe(&t);
	is_str(s, "round 2, a tie-break round for Ann and Bob\ntower, bottom "
	    "to top: base (6)\nin hand: Ann 5, Bob 5\n",
	    "describe: the tie-break, the base, the hands");
	free(s);
	refused_unchanged(&t, "fall Cid", RULING_REFUSED,
	    "SA-7: Cid does not play the tie-break");
	is_str(buf_str(&t.r.why), "Cid does not play in this tie-break round (SA-4, "
	    "SA-7)", "SA-7: the refusal says so");
	th_must(&t, "roll 5 1 1 1 1");
	th_must(&t, "place 5");
	s = describe(&t);
	is_str(s, "round 2, a tie-break round for Ann and Bob\ntower, bottom "
	    "to top: base (6), 5 Ann\nin hand: Ann 4, Bob 5\n",
	    "describe: a die on the base");
	free(s);
	is_int(th_do(&t, "fall"), RULING_OK, "Ann topples her own die");
	ok(th_note_has(&t, "Ann and Bob tie on 1 and play another tie-break "
	    "round (SA-7); Ann starts round 3"),
	    "SA-7: still tied: another round, the culprit starts: %s",
	    buf_str(&t.r.note));
	is_int(th_score(&t, "Ann"), 1, "Ann still 1");
	is_int(th_score(&t, "Bob"), 1, "Bob still 1");
	th_must(&t, "roll 5 1 1 1 1");
	th_must(&t, "place 5");
	th_must(&t, "roll 4 1 1 1 1");
	th_must(&t, "place 4");
	th_must(&t, "fall Ann");
	ok(th_note_has(&t, "Bob wins with 2 (SA-7)"), "SA-7: Bob leads: %s",
	    buf_str(&t.r.note));
	ok(th_won(&t, "Bob") && !th_won(&t, "Ann") && !th_won(&t, "Cid"),
	    "SA-7: Bob alone wins");
	is_int(th_score(&t, "Cid"), 0, "SA-7: Cid's total is unchanged");
	ok(th_replays(&t), "replay gives the same state");
	th_end(&t);

	/* Three tied of four: 5 dice each, no base; the start after Bob. */
	th_start(&t, &game_stack_attack, "Ann,Bob,Cid,Dan", "target=1");
	th_must(&t, "roll 1 6 6 6");
	th_must(&t, "place 1");
	th_must(&t, "roll 2 6 6 6");
	th_must(&t, "place 2");
	th_must(&t, "roll 3 6 6 6");
	th_must(&t, "place 3");
	th_must(&t, "roll 4 6 6 6");
	th_must(&t, "place 4");
	th_must(&t, "fall Bob");
	th_json_is(&t, "{\"tower\":[],\"top\":null,\"in_hand\":{\"Ann\":5,"
	    "\"Cid\":5,\"Dan\":5}}", "SA-7: three tied players: SA-1 for "
	    "three, 5 dice each, an empty plate");
	is_str(th_turn(&t), "Cid", "SA-7: SA-6 names Bob, not tied: the "
	    "next tied player after Bob (Cid) starts");
	is_int(th_do(&t, "roll 1 2 3 4"), RULING_REFUSED,
	    "SA-1: four dice no more in a three-player tie-break");
	th_must(&t, "roll 1 2 3 4 5");
	th_must(&t, "place 1 2 3 4 5");
	ok(th_won(&t, "Cid"), "SA-5, SA-7: Cid's full tower wins it");
	is_int(th_score(&t, "Cid"), 6, "Cid 1 + 5");
	th_end(&t);
}

/* A whole two-player game to 20: full towers and falls. */
static void
test_game_two(void)
{
	struct th t;

	th_start(&t, &game_stack_attack, "Ann,Bob", NULL);
	th_must(&t, "roll 4 4 4 4 4");
	th_must(&t, "roll 5 4 3 2 1");
	th_must(&t, "place 5 4 3 2 1");		/* Bob 5 */
	th_must(&t, "roll 5 6 4 1 1");
	is_int(th_do(&t, "place 5 6 5"), RULING_REFUSED,
	    "one 5 cannot be placed twice");
	th_must(&t, "place 5 6");			/* Ann 2 in */
	th_must(&t, "roll 5 4 3 3 3");
	th_must(&t, "place 5 4 3");		/* Bob 3 in */
	th_must(&t, "roll 2 2 1");
	th_must(&t, "place 2 1");			/* Ann 4 in */
	th_must(&t, "fall");			/* Ann 0, Bob 3: Bob 8 */
	is_int(th_score(&t, "Bob"), 8, "Bob 8 after round 2");
	is_int(th_score(&t, "Ann"), 0, "Ann 0 after round 2");
	th_must(&t, "roll 5 4 3 2 1");
	th_must(&t, "place 5 4 3 2 1");		/* Ann full: Ann 5 */
	th_must(&t, "roll 5 4 3 2 1");
	th_must(&t, "place 5 4 3 2 1");		/* Bob full: Bob 13 */
	th_must(&t, "roll 5 4 3 2 1");
	th_must(&t, "place 5 4 3 2 1");		/* Ann full: Ann 10 */
	th_must(&t, "roll 5 5 5 5 5");
	th_must(&t, "place 5");			/* Bob 1 in */
	th_must(&t, "roll 6 6 4 4 4");
	th_must(&t, "place 4");			/* Ann 1 in */
	th_must(&t, "fall Bob");			/* Ann 11, Bob 13 */
	th_must(&t, "roll 5 1 1 1 1");
	th_must(&t, "place 5");			/* Bob 1 in */
	th_must(&t, "roll 6 4 1 1 1");
	th_must(&t, "place 6");			/* Ann 1 in */
	th_must(&t, "roll 5 4 3 2");
	th_must(&t, "place 5 4 3 2");		/* Bob full: Bob 18 */
	is_int(th_score(&t, "Bob"), 18, "Bob 18");
	is_int(th_score(&t, "Ann"), 11, "Ann 11");
	th_must(&t, "roll 5 4 3 2 1");
	th_must(&t, "place 5 4 3 2 1");		/* Ann full: Ann 16 */
	th_must(&t, "roll 5 4 3 2 1");
	th_must(&t, "place 5 4");			/* Bob 2 in */
	th_must(&t, "roll 3 3 3 3 3");
	th_must(&t, "place 3");			/* Ann 1 in */
	th_must(&t, "fall Ann");			/* Bob 20 */
	ok(th_expect(&t).finished, "a two-player game to 20 ends");
	is_int(th_score(&t, "Bob"), 20, "Bob 20");
	is_int(th_score(&t, "Ann"), 16, "Ann 16");
	ok(th_won(&t, "Bob") && !th_won(&t, "Ann"), "Bob wins");
	is_int(th_expect(&t).round, 9, "nine rounds, the last one's number "
	    "stays");
	ok(th_replays(&t), "a whole game replays to the same state");
	th_end(&t);
}

static void
test_undo_redo(void)
{
	struct th t;
	char *a, *b;

	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", NULL);
	is_int(th_do(&t, "undo"), RULING_REFUSED, "nothing to undo");
	th_must(&t, "roll 1 2 3 6 6");
	a = th_json(&t);
	th_must(&t, "place 1 2 3");
	b = th_json(&t);
	th_must(&t, "undo");
	th_json_is(&t, a, "undo takes the place back");
	ok(th_can(&t, "place"), "Ann places again after undo");
	th_must(&t, "redo");
	th_json_is(&t, b, "redo restores it");
	ok(th_replays(&t), "replay after undo and redo");
	th_must(&t, "undo");
	th_must(&t, "undo");
	is_str(th_turn(&t), "Ann", "undo back to the first entry");
	th_must(&t, "roll 6 6 6 6 6");
	is_int(th_do(&t, "redo"), RULING_REFUSED,
	    "redo refused after a new entry");
	ok(th_replays(&t), "replay after undo, undo, roll");
	free(a);
	free(b);
	th_end(&t);
}

/* A small deterministic generator for the random games. */
static unsigned
lcg(unsigned long *seed)
{
	*seed = *seed * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(*seed >> 33);
}

/*
 * The invariants of the status JSON: every die of the round is in a hand
 * or in the tower; the top is the last die, else 6 on the two-player
 * base, else null.  Returns the top (0 for null), or -1 if one fails.
 * Sets *nround and the hand of name.
 */
static int
check_state(struct th *t, const char *name, int *nround, int *held,
    const char **culprit, unsigned pick)
{
	json_t *o = json_object(), *tower, *top, *hand, *v;
	const char *k;
	long sum = 0, dice;
	size_t nt;
	int n = 0, result;

	t->rp.rules->status_json(t->rp.st, o);
	tower = json_object_get(o, "tower");
	top = json_object_get(o, "top");
	hand = json_object_get(o, "in_hand");
	nt = json_array_size(tower);
	*held = -1;
	*culprit = NULL;
	json_object_foreach(hand, k, v) {
		sum += json_integer_value(v);
		if (strcmp(k, name) == 0)
			*held = (int)json_integer_value(v);
		if (pick % json_object_size(hand) == (unsigned)n) {
			int i;

			for (i = 0; i < t->rp.setup.nplayers; i++)
				if (strcmp(t->names[i], k) == 0)
					*culprit = t->names[i];
		}
		n++;
	}
	dice = n == 4 ? 4 : 5;
	if (sum + (long)nt != n * dice)
		result = -1;
	else if (nt > 0)
		result = json_equal(top, json_array_get(tower, nt - 1)) ?
		    (int)json_integer_value(top) : -1;
	else if (n == 2)
		result = json_integer_value(top) == 6 ? 6 : -1;
	else
		result = json_is_null(top) ? 0 : -1;
	*nround = n;
	json_decref(o);
	return result;
}

/* Append " v" for each of v[0..n) to line. */
static void
put_line(char *line, size_t size, const char *verb, const int *v, int n)
{
	size_t len;
	int i;

	len = (size_t)snprintf(line, size, "%s", verb);
	for (i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(line + len, size - len, " %d", v[i]);
}

/*
 * Random games, played by the rules as restated here: each roll and each
 * legal chain must be accepted, each broken chain refused with nothing
 * changed, the dice always all accounted for, scores never falling, and
 * every game must end with one winner at the target who replays.
 */
static void
test_random_games(void)
{
	static const char *const tables[] = {
		"Ann,Bob", "Ann,Bob,Cid", "Ann,Bob,Cid,Dan"
	};
	unsigned long seed = 20261123;
	int game, fails = 0, games_ok = 0, placed = 0, broken = 0, falls = 0;

	for (game = 0; game < 300 && fails == 0; game++) {
		struct th t;
		char opt[32], line[64], *before, *after;
		long score[4], target = 1 + lcg(&seed) % 25;
		int np = 2 + (int)(lcg(&seed) % 3), steps, i, k, nround;
		int top, held, roll[5], nroll = 0, chain[6], nchain, left[7];
		int winners = 0, wscore = -1, others = -1;
		const char *name, *culprit;

		snprintf(opt, sizeof opt, "target=%ld", target);
		th_start(&t, &game_stack_attack, tables[np - 2], opt);
		for (steps = 0; steps < 5000 && fails == 0 &&
		    !th_expect(&t).finished; steps++) {
			struct expectation x = th_expect(&t);

			name = th_turn(&t);
			for (i = 0; i < np; i++)
				score[i] = th_score(&t, t.names[i]);
			top = check_state(&t, name, &nround, &held, &culprit,
			    lcg(&seed));
			if (top < 0 || held <= 0 || x.turn < 0) {
				diag("game %d step %d: bad state", game, steps);
				fails++;
				break;
			}
			if (lcg(&seed) % 60 == 0 && t.rp.ndone > 0) {
				before = th_json(&t);
				if (th_do(&t, "undo") != RULING_OK ||
				    th_do(&t, "redo") != RULING_OK) {
					diag("game %d: undo, redo refused",
					    game);
					fails++;
				}
				after = th_json(&t);
				if (strcmp(before, after) != 0) {
					diag("game %d: undo, redo: %s, not %s",
					    game, after, before);
					fails++;
				}
				free(before);
				free(after);
			}
			if (lcg(&seed) % 40 == 0) {
				snprintf(line, sizeof line, "fall %s", culprit);
				if (th_do(&t, line) != RULING_OK) {
					diag("game %d: '%s' refused", game,
					    line);
					fails++;
				}
				falls++;
				if (th_score(&t, culprit) !=
				    score[game_seat(&t.rp.setup, culprit)]) {
					diag("game %d: the culprit scored",
					    game);
					fails++;
				}
			} else if (x.verbs & th_bit(&t, "roll")) {
				int any = 0;

				nroll = held;
				for (i = 0; i < nroll; i++) {
					roll[i] = 1 + (int)(lcg(&seed) % 6);
					any |= roll[i] == top + 1 ||
					    roll[i] == top - 1;
				}
				put_line(line, sizeof line, "roll", roll,
				    nroll);
				if (th_do(&t, line) != RULING_OK) {
					diag("game %d: '%s' refused", game,
					    line);
					fails++;
				} else if (any != !!th_can(&t, "place") ||
				    (!any && strcmp(th_turn(&t), name) == 0)) {
					diag("game %d: after '%s' the turn is "
					    "wrong", game, line);
					fails++;
				}
			} else if (x.verbs & th_bit(&t, "place")) {
				memset(left, 0, sizeof left);
				for (i = 0; i < nroll; i++)
					left[roll[i]]++;
				for (nchain = 0, k = top;;) {
					int cand[2], nc = 0;

					if (k - 1 >= 1 && left[k - 1] > 0)
						cand[nc++] = k - 1;
					if (k + 1 <= 6 && left[k + 1] > 0)
						cand[nc++] = k + 1;
					if (nc == 0 || (nchain > 0 &&
					    lcg(&seed) % 3 == 0))
						break;
					k = cand[lcg(&seed) % (unsigned)nc];
					left[k]--;
					chain[nchain++] = k;
				}
				/* A die of the roll that does not fit on k. */
				for (i = 1; i <= 6; i++)
					if (left[i] > 0 && i != k - 1 &&
					    i != k + 1)
						break;
				if (i <= 6) {
					chain[nchain] = i;
					put_line(line, sizeof line, "place",
					    chain, nchain + 1);
					before = th_json(&t);
					if (th_do(&t, line) != RULING_REFUSED) {
						diag("game %d: '%s' accepted",
						    game, line);
						fails++;
					}
					after = th_json(&t);
					if (strcmp(before, after) != 0) {
						diag("game %d: refused '%s' "
						    "changed the state", game,
						    line);
						fails++;
					}
					free(before);
					free(after);
					broken++;
				}
				put_line(line, sizeof line, "place", chain,
				    nchain);
				if (th_do(&t, line) != RULING_OK) {
					diag("game %d: '%s' refused: %s", game,
					    line, buf_str(&t.r.why));
					fails++;
				}
				placed++;
			} else {
				diag("game %d: neither roll nor place", game);
				fails++;
			}
			for (i = 0; i < np; i++)
				if (th_score(&t, t.names[i]) < score[i]) {
					diag("game %d: %s's score fell", game,
					    t.names[i]);
					fails++;
				}
		}
		for (i = 0; i < np; i++) {
			long sc = th_score(&t, t.names[i]);

			if (th_won(&t, t.names[i])) {
				winners++;
				wscore = (int)sc;
			} else if (sc > others)
				others = (int)sc;
		}
		if (th_expect(&t).finished && winners == 1 &&
		    wscore >= target && wscore > others && th_replays(&t))
			games_ok++;
		else if (fails == 0) {
			diag("game %d: not over or no clear winner", game);
			fails++;
		}
		th_end(&t);
	}
	is_int(fails, 0, "random games: every legal entry accepted, every "
	    "broken chain refused, dice accounted for (SA-1..SA-5)");
	is_int(games_ok, 300, "random games: each ends with one winner at "
	    "the target, and replays (SA-7)");
	ok(placed > 1000 && broken > 100 && falls > 100,
	    "random games: %d placements, %d broken chains, %d falls",
	    placed, broken, falls);
}


/* The count of values the roll expected now takes: the dice held (SA-1). */
static void
test_count(void)
{
	struct th t;

	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", NULL);
	is_int(th_expect(&t).count, 5, "SA-1: three players hold 5 dice");
	th_end(&t);
	th_start(&t, &game_stack_attack, "Ann,Bob,Cid,Dan", NULL);
	is_int(th_expect(&t).count, 4, "SA-1: four players hold 4 dice");
	th_end(&t);
}

int
main(void)
{
	test_setup();
	test_roll();
	test_place();
	test_fall();
	test_full_tower();
	test_advice_odds();
	test_next_round();
	test_target();
	test_tie_break();
	test_game_two();
	test_undo_redo();
	test_random_games();
	test_count();
	return tap_done();
}
