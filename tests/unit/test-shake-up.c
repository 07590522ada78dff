/*
 * test-shake-up.c: the Shake Up rules module, ruling by ruling
 * (SU-1..SU-10), every refusal, and whole games, through the real referee
 * path; the hand classifier over all 1296 hands of four dice.
 */
#include <stdio.h>

#include "harness.h"
#include "../../src/games/game-shake-up.h"

extern const struct game_rules game_shake_up;

/* The per-rules JSON key k as a compact string (caller frees). */
static char *
json_key(struct th *t, const char *k)
{
	json_t *o = json_object();
	char *s;

	t->rp.rules->status_json(t->rp.st, o);
	s = json_dumps(json_object_get(o, k), JSON_COMPACT | JSON_ENCODE_ANY |
	    JSON_PRESERVE_ORDER);
	json_decref(o);
	return s;
}

/* Check the per-rules JSON key k against want exactly. */
static int
key_is(struct th *t, const char *k, const char *want, const char *name)
{
	char *got = json_key(t, k);
	int same = is_str(got, want, name);

	free(got);
	return same;
}

/* A player's pawns, "[1,1,1,2,5]". */
static int
pawns_are(struct th *t, const char *who, const char *want, const char *name)
{
	json_t *o = json_object();
	char *got;
	int same;

	t->rp.rules->status_json(t->rp.st, o);
	got = json_dumps(json_object_get(json_object_get(o, "pawns"), who),
	    JSON_COMPACT);
	same = is_str(got, want, name);
	free(got);
	json_decref(o);
	return same;
}

/* The text of describe or advise (caller frees). */
static char *
text_of(struct th *t, int advice)
{
	struct buf b = BUF_INIT;

	if (advice)
		t->rp.rules->advise(t->rp.st, &b);
	else
		t->rp.rules->describe(t->rp.st, &b);
	return b.s != NULL ? b.s : xstrdup("");
}

/* Refuse line with status and a message containing msg; nothing changes. */
static void
refused(struct th *t, const char *line, int status, const char *msg)
{
	char *before = th_json(t), *after;
	struct expectation x0 = th_expect(t), x1;
	char name[200];

	snprintf(name, sizeof name, "'%s' refused (%d)", line, status);
	is_int(th_do(t, line), status, name);
	if (msg != NULL && !ok(th_why_has(t, msg), "'%s': says '%s'", line, msg))
		diag("why: %s", buf_str(&t->r.why));
	after = th_json(t);
	x1 = th_expect(t);
	ok(strcmp(before, after) == 0 && x0.verbs == x1.verbs &&
	    x0.turn == x1.turn && x0.round == x1.round,
	    "'%s': the state is unchanged", line);
	free(before);
	free(after);
}

/*
 * The independent classifier: face counts and a bit mask of the faces
 * present, no sorting.  0..3 for A..D.
 */
static int
count_class(const int *d)
{
	int c[8] = { 0 }, i, mask = 0, most = 0, pairs = 0, run3 = 0, run4 = 0;

	for (i = 0; i < 4; i++) {
		c[d[i]]++;
		mask |= 1 << d[i];
	}
	for (i = 1; i <= 6; i++) {
		most = c[i] > most ? c[i] : most;
		pairs += c[i] == 2;
	}
	for (i = 1; i <= 4; i++)
		run3 |= (mask >> i & 7) == 7;
	for (i = 1; i <= 3; i++)
		run4 |= (mask >> i & 15) == 15;
	if (most == 4 || run4)
		return 0;
	if (most == 3 || pairs == 2 || run3)
		return 1;
	return pairs == 1 ? 2 : 3;
}

/* SU-4 over all 1296 hands, both ways, and the totals. */
static void
test_classifier(void)
{
	int d[4], n, i, agree = 0, count[4] = { 0 }, mine[4] = { 0 };
	static const struct {
		int d[4];
		enum su_class c;
		const char *what;
	} cases[] = {
		{ { 1, 2, 3, 4 }, SU_A, "1-2-3-4 is a run of four" },
		{ { 5, 3, 6, 4 }, SU_A, "3-4-5-6 in any order" },
		{ { 2, 2, 2, 2 }, SU_A, "four of a kind" },
		{ { 6, 2, 4, 3 }, SU_B, "2-3-4 and a 6: run of three" },
		{ { 1, 2, 3, 3 }, SU_B, "run of three with a pair" },
		{ { 5, 1, 5, 5 }, SU_B, "three of a kind" },
		{ { 2, 5, 5, 2 }, SU_B, "two pair" },
		{ { 1, 1, 4, 6 }, SU_C, "one pair" },
		{ { 1, 2, 2, 4 }, SU_C, "a pair and no run of three" },
		{ { 1, 2, 4, 5 }, SU_D, "no combination" },
		{ { 1, 3, 5, 6 }, SU_D, "no combination (5-6 is no run)" },
	};

	for (n = 0; n < 1296; n++) {
		for (i = 0; i < 4; i++)
			d[i] = n / (i == 0 ? 1 : i == 1 ? 6 : i == 2 ? 36 :
			    216) % 6 + 1;
		count[count_class(d)]++;
		mine[shakeup_classify(d)]++;
		if ((int)shakeup_classify(d) == count_class(d))
			agree++;
		else if (agree + 10 > n)
			diag("%d %d %d %d: got %d want %d", d[0], d[1], d[2],
			    d[3], shakeup_classify(d), count_class(d));
	}
	is_int(agree, 1296, "SU-4: the classifier agrees with an independent "
	    "count on all 1296 hands");
	/*
	 * By hand: A = 6 fours of a kind + 3 runs x 24 orders = 78; D = the
	 * 6 sets of four different faces with no three in a row x 24 = 144;
	 * B and C from the enumeration above, which must add up.
	 */
	is_int(count[0], 78, "SU-4: 78 hands are (A)");
	is_int(count[3], 144, "SU-4: 144 hands are (D)");
	is_int(count[0] + count[1] + count[2] + count[3], 1296,
	    "SU-4: every hand has one class");
	for (i = 0; i < 4; i++) {
		char name[80];

		snprintf(name, sizeof name, "SU-4: class %c count matches",
		    "ABCD"[i]);
		is_int(mine[i], count[i], name);
	}
	diag("A %d, B %d, C %d, D %d", count[0], count[1], count[2],
	    count[3]);
	for (i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++)
		is_int(shakeup_classify(cases[i].d), cases[i].c, cases[i].what);
}

/* Start a two-player game where Ann starts. */
static void
start2(struct th *t, const char *options)
{
	th_start(t, &game_shake_up, "Ann,Bob", options);
	th_must(t, "roll 6 1");
}

/* One (B) turn for the player to move: three of a kind, move level l. */
static void
turn_b(struct th *t, int l)
{
	char line[32];

	th_must(t, "roll 1 1 1 2");
	th_must(t, "stand");
	snprintf(line, sizeof line, "move %d", l);
	th_must(t, line);
}

/* One (C) turn: a pair; the turn passes. */
static void
turn_c(struct th *t)
{
	th_must(t, "roll 1 1 3 6");
	th_must(t, "stand");
}

/* SU-1, SU-2: the board and the start roll. */
static void
test_start(void)
{
	struct th t;
	struct expectation x;

	th_start(&t, &game_shake_up, "Ann,Bob,Cid", NULL);
	key_is(&t, "levels", "5", "SU-1: five levels by default");
	key_is(&t, "pawns", "{\"Ann\":[1,1,1,1,1],\"Bob\":[1,1,1,1,1],"
	    "\"Cid\":[1,1,1,1,1]}", "SU-1: five pawns each on level 1");
	key_is(&t, "shakes_left", "0", "SU-2: no turn yet: shakes_left 0");
	key_is(&t, "hand", "[]", "SU-2: no turn yet: hand []");
	x = th_expect(&t);
	is_int(x.turn, -1, "SU-2: the table rolls for the start");
	is_int(x.verbs, th_bit(&t, "roll"), "SU-2: only roll is expected");
	is_int(x.round, 1, "SU-2: round 1");
	refused(&t, "roll 6 1", 1, "expected 3 values (Ann, Bob, Cid), "
	    "got 2");
	refused(&t, "roll 6 1 7", 1, "'7' is not a face of a die (1 to 6)");
	refused(&t, "roll 0 1 2", 1, "'0' is not a face");
	refused(&t, "roll Ann=1 Ann=2 Bob=3", 1, "Ann is named twice");
	refused(&t, "roll Ann=1 Bob=2", 1, "expected 3 values");
	refused(&t, "roll Dan=1 Bob=2 Cid=3", 3, "'Dan' is not a player");
	refused(&t, "roll 1 2 x", 2, NULL);
	refused(&t, "stand", 1, "'stand' is not expected now");
	refused(&t, "move 1", 1, "not expected now");
	refused(&t, "take", 1, "shake-up has no 'take'");
	is_int(th_do(&t, "roll 5 2 5"), 0, "SU-2: a tie among the highest");
	ok(th_note_has(&t, "Ann and Cid tie on 5"), "SU-2: the note names the tie");
	x = th_expect(&t);
	is_int(x.turn, -1, "SU-2: the tie re-rolls at the table");
	ok(strstr(buf_str(x.say), "Ann and Cid") != NULL, "SU-2: say names who rolls");
	refused(&t, "roll 1 2 3", 1, "expected 2 values (Ann, Cid), got 3");
	refused(&t, "roll Bob=3 Ann=2", 1, "Bob does not roll now");
	is_int(th_do(&t, "roll Cid=4 Ann=3"), 0, "SU-2: NAME=V in any order");
	is_str(th_turn(&t), "Cid", "SU-2: the highest re-roll starts");
	ok(th_note_has(&t, "Cid rolls highest (4) and starts"), "SU-2: note");
	key_is(&t, "shakes_left", "3", "SU-3: three shakes before the first");
	is_int(th_expect(&t).round, 1, "SU-2: still round 1");
	th_end(&t);

	th_start(&t, &game_shake_up, "Ann,Bob", "levels=3 reroll=free");
	key_is(&t, "levels", "3", "SU-1: option levels=3");
	th_end(&t);

	/*
	 * SU-2 with names as typed (SPEC.md "Player names"): a game stored
	 * before new refused Zoe beside Zoë; a NAME equal to both loosely
	 * names neither, and gets both.
	 */
	th_start(&t, &game_shake_up, "Zoe,Zo\xc3\xab,Mary Ann", NULL);
	refused(&t, "roll zo\xc3\xa9=1 Zoe=2 maryann=3", 3, "'zo\xc3\xa9' is "
	    "not a player of this game; did you mean 'Zoe' or 'Zo\xc3\xab'?");
	is_int(th_do(&t, "roll ZO\xc3\x8b=1 zoe=2 maryann=3"), 0,
	    "SU-2: ZOË is Zoë by case folding, maryann is Mary Ann loosely");
	is_str(th_turn(&t), "Mary Ann", "SU-2: Mary Ann rolled highest");
	th_end(&t);
}

/* SU-3: shakes, holds, stand, the final hand. */
static void
test_shakes(void)
{
	struct th t;
	struct expectation x;

	start2(&t, NULL);
	x = th_expect(&t);
	is_str(th_turn(&t), "Ann", "SU-3: Ann shakes first");
	is_int(x.verbs, th_bit(&t, "roll"), "SU-3: before a shake only roll");
	refused(&t, "keep 1", 1, "'keep' is not expected now");
	refused(&t, "stand", 1, "'stand' is not expected now");
	refused(&t, "roll 1 2 3", 1, "expected 4 values (the dice Ann does "
	    "not hold), got 3");
	refused(&t, "roll 1 2 3 9", 1, "'9' is not a face of a die (1 to 6)");
	refused(&t, "roll Ann=1 Ann=2 Ann=3 Ann=4", 1, "without names");
	refused(&t, "again", 1, "not expected now");
	refused(&t, "pass", 1, "not expected now");
	refused(&t, "penalize Bob 2", 1, "not expected now");
	is_int(th_do(&t, "roll 6 3 5 1"), 0, "SU-3: the first shake");
	key_is(&t, "hand", "[1,3,5,6]", "SU-3: hand ascending");
	key_is(&t, "shakes_left", "2", "SU-3: two shakes left");
	x = th_expect(&t);
	is_int(x.verbs, th_bit(&t, "roll") | th_bit(&t, "keep") |
	    th_bit(&t, "stand"), "SU-3: roll, keep or stand");
	refused(&t, "keep 2", 1, "'2' is not among the dice of the last "
	    "shake not yet held (1 3 5 6)");
	refused(&t, "keep 5 5", 1, "'5' is not among");
	/* SU-3: the hand is not final yet. */
	refused(&t, "move 1", 1, "the hand is not final: stand first "
	    "to score this hand");
	is_int(th_do(&t, "keep 5"), 0, "SU-3: keep one die");
	ok(th_note_has(&t, "Ann holds 5, 3 dice to shake"), "SU-3: keep note");
	is_int(th_do(&t, "undo"), 0, "SU-3: undo a keep");
	key_is(&t, "hand", "[1,3,5,6]", "SU-3: undo: the 5 is free again");
	ok(th_replays(&t), "SU-3: undo: replays");
	is_int(th_do(&t, "redo"), 0, "SU-3: redo the keep");
	key_is(&t, "hand", "[5,1,3,6]", "SU-3: redo: the 5 is held");
	ok(th_replays(&t), "SU-3: redo: replays");
	is_int(th_do(&t, "keep 6"), 0, "SU-3: a second keep adds to the held");
	key_is(&t, "hand", "[5,6,1,3]", "SU-3: held first, then the shake");
	is_str(buf_str(th_expect(&t).say), "Round 1. Ann holds 5 6 and shook 1 3 (2 "
	    "shakes left): keep, stand, or roll 2 values", "SU-3: say tells "
	    "what is held and what may follow");
	refused(&t, "keep 5", 1, "(1 3)");
	refused(&t, "roll 1 2 3", 1, "expected 2 values");
	is_int(th_do(&t, "roll 2 2"), 0, "SU-3: the second shake: 2 dice");
	key_is(&t, "hand", "[5,6,2,2]", "SU-3: the held dice stay held");
	key_is(&t, "shakes_left", "1", "SU-3: one shake left");
	refused(&t, "keep 6", 1, "(2 2)");
	is_int(th_do(&t, "roll 4 3"), 0, "SU-3: the third shake");
	ok(th_note_has(&t, "third shake") && th_note_has(&t, "a run of four (A)"),
	    "SU-3: the third shake makes the hand final: 3 4 5 6 (A)");
	key_is(&t, "shakes_left", "0", "SU-3: 0 once the hand is final");
	key_is(&t, "hand", "[5,6,3,4]", "SU-3: the final hand is shown");
	refused(&t, "stand", 1, "the hand is final");
	refused(&t, "keep 3", 1, "the hand is final");
	refused(&t, "roll 1 2", 1, "not expected now");
	ok(th_expect(&t).verbs == th_bit(&t, "move"), "SU-5: move is required");
	ok(th_replays(&t), "SU-3: replays");
	th_end(&t);

	/* All four held: final at once; a stand after a keep. */
	start2(&t, NULL);
	th_must(&t, "roll 1 1 2 2");
	th_must(&t, "roll 3 3 4 4");
	is_int(th_do(&t, "keep 4 3 4 3"), 0, "SU-3: keep all four");
	ok(th_note_has(&t, "all four dice are held") && th_note_has(&t,
	    "two pair (B)"), "SU-3: all four held makes the hand final");
	key_is(&t, "shakes_left", "0", "SU-3: 0 shakes left when all held");
	refused(&t, "keep 3", 1, "the hand is final");
	refused(&t, "stand", 1, "the hand is final");
	th_end(&t);

	/* reroll=free: keep names the whole held set. */
	start2(&t, "reroll=free");
	th_must(&t, "roll 1 2 5 6");
	th_must(&t, "keep 5 6");
	th_must(&t, "roll 1 1");
	key_is(&t, "hand", "[5,6,1,1]", "SU-3: free: held then the shake");
	is_int(th_do(&t, "keep 1 1"), 0, "SU-3: free: keep replaces the held "
	    "set");
	key_is(&t, "hand", "[1,1,5,6]", "SU-3: free: 5 and 6 are free again");
	refused(&t, "keep 2", 1, "'2' is not in Ann's hand 1 1 5 6");
	refused(&t, "keep 1 1 1", 1, "'1' is not in Ann's hand");
	refused(&t, "roll 1 2 3", 1, "expected 2 values");
	is_int(th_do(&t, "roll 1 4"), 0, "SU-3: free: the third shake");
	ok(th_note_has(&t, "three of a kind (B)"), "SU-3: 1 1 1 4 is (B)");
	th_end(&t);

	/* locked: dice held earlier cannot be given back. */
	start2(&t, NULL);
	th_must(&t, "roll 1 2 5 6");
	th_must(&t, "keep 5 6");
	th_must(&t, "roll 1 1");
	refused(&t, "keep 1 1 5", 1, "'5' is not among");
	th_end(&t);
}

/* SU-4..SU-7 through play: what each class does. */
static void
test_classes(void)
{
	struct th t;
	struct expectation x;
	char *s;

	/* (B): move, then the turn passes. */
	start2(&t, NULL);
	th_must(&t, "roll 2 3 4 6");
	is_int(th_do(&t, "stand"), 0, "SU-4: stand on 2 3 4 6");
	ok(th_note_has(&t, "Ann stands on 2 3 4 6") && th_note_has(&t,
	    "a run of three (B): move one pawn up"), "SU-4: (B) named");
	x = th_expect(&t);
	is_int(x.verbs, th_bit(&t, "move"), "SU-7: (B): move is expected");
	is_int(th_do(&t, "move 1"), 0, "SU-7: (B): move 1");
	ok(th_note_has(&t, "Ann moves a pawn from level 1 to 2") &&
	    th_note_has(&t, "Bob's turn"), "SU-7: (B): the turn passes");
	pawns_are(&t, "Ann", "[1,1,1,1,2]", "SU-7: one pawn on level 2");
	key_is(&t, "hand", "[]", "SU-3: hand [] in a new turn");
	key_is(&t, "shakes_left", "3", "SU-3: 3 shakes in a new turn");
	is_int(th_expect(&t).round, 1, "round 1 still: Bob's first turn");
	/* (C): nothing; the turn passes. */
	th_must(&t, "roll 1 1 3 6");
	is_int(th_do(&t, "stand"), 0, "SU-7: (C)");
	ok(th_note_has(&t, "one pair (C): no move") && th_note_has(&t,
	    "Ann's turn"), "SU-7: (C): no move, the turn passes");
	pawns_are(&t, "Bob", "[1,1,1,1,1]", "SU-7: (C): Bob's pawns stay");
	is_int(th_expect(&t).round, 2, "round 2: the turn came back to Ann");
	th_end(&t);

	/* (D): the highest pawn in play back to 1; safe pawns stay. */
	start2(&t, "levels=3");
	turn_b(&t, 1);		/* Ann 1 1 1 1 2 */
	turn_c(&t);		/* Bob */
	turn_b(&t, 1);		/* Ann 1 1 1 2 2 */
	turn_c(&t);
	turn_b(&t, 2);		/* Ann 1 1 1 2 3 (safe) */
	pawns_are(&t, "Ann", "[1,1,1,2,3]", "SU-1: a pawn reached the top");
	is_int(th_score(&t, "Ann"), 1, "SU-1: one pawn safe scores 1");
	turn_c(&t);
	th_must(&t, "roll 1 2 4 6");
	is_int(th_do(&t, "stand"), 0, "SU-7: (D) stand on 1 2 4 6");
	ok(th_note_has(&t, "no combination (D): penalty, the pawn on level 2 "
	    "goes back to level 1") && th_note_has(&t, "Bob's turn"),
	    "SU-7: (D): the highest pawn in play goes back; the turn passes");
	pawns_are(&t, "Ann", "[1,1,1,1,3]", "SU-7: (D): the safe pawn stays");
	th_must(&t, "roll 1 2 4 6");
	is_int(th_do(&t, "stand"), 0, "SU-7: (D) with nothing above 1");
	ok(th_note_has(&t, "no pawn is above level 1"), "SU-7: (D) does nothing");
	pawns_are(&t, "Bob", "[1,1,1,1,1]", "SU-7: Bob's pawns unchanged");
	ok(th_replays(&t), "SU-7: replays");
	s = text_of(&t, 0);
	ok(strstr(s, " safe ") != NULL && strstr(s, "Ann") != NULL,
	    "describe: the pyramid with the Safe Zone on top");
	free(s);
	th_end(&t);
}

/* SU-5: (A) after more than one shake: move, then again/penalize/pass. */
static void
test_a(void)
{
	struct th t;
	struct expectation x;

	start2(&t, NULL);
	turn_b(&t, 1);		/* Ann 1 1 1 1 2 */
	turn_b(&t, 1);		/* Bob 1 1 1 1 2 */
	th_must(&t, "roll 1 1 5 6");
	th_must(&t, "roll 1 2 3 4");
	is_int(th_do(&t, "stand"), 0, "SU-5: (A) on the second shake");
	ok(th_note_has(&t, "a run of four (A): move one pawn up") &&
	    !th_note_has(&t, "special"), "SU-5: (A), no special advantage");
	refused(&t, "again", 1, "not expected now");
	refused(&t, "penalize Bob 2", 1, "not expected now");
	refused(&t, "pass", 1, "not expected now");
	is_int(th_do(&t, "move 1"), 0, "SU-5: the move first");
	x = th_expect(&t);
	is_int(x.verbs, th_bit(&t, "again") | th_bit(&t, "penalize") |
	    th_bit(&t, "pass"), "SU-5: then again, penalize or pass");
	is_str(th_turn(&t), "Ann", "SU-5: still Ann's turn");
	key_is(&t, "shakes_left", "0", "SU-5: the hand stays final");
	refused(&t, "move 1", 1, "not expected now");
	refused(&t, "penalize Ann 3", 1, "Ann cannot penalize their own pawn");
	refused(&t, "penalize Bob 1", 1, "'1' is not a level to send a pawn "
	    "back from: name a level above 1");
	refused(&t, "penalize Bob 5", 1, "'5' is the Safe Zone: safe pawns "
	    "cannot be penalized");
	refused(&t, "penalize Bob 7", 1, "safe pawns cannot be penalized");
	refused(&t, "penalize Bob 3", 1, "Bob has no pawn on level 3");
	refused(&t, "penalize Cid 2", 3, "'Cid' is not a player");
	refused(&t, "penalize Bob", 2, NULL);
	refused(&t, "penalize Bob x", 2, NULL);
	is_int(th_do(&t, "penalize Bob 2"), 0, "SU-5: penalize Bob's pawn");
	ok(th_note_has(&t, "Ann sends Bob's pawn on level 2 back to level 1") &&
	    th_note_has(&t, "Bob's turn"), "SU-5: penalty, then the turn passes");
	pawns_are(&t, "Bob", "[1,1,1,1,1]", "SU-5: Bob's pawn is on 1");
	pawns_are(&t, "Ann", "[1,1,1,2,2]", "SU-5: Ann moved 1 to 2");

	/* again: another turn, the round unchanged. */
	turn_c(&t);		/* Bob; round 3 starts with Ann */
	is_int(th_expect(&t).round, 3, "round 3");
	th_must(&t, "roll 2 2 2 3");
	th_must(&t, "roll 2 2 2 2");
	th_must(&t, "stand");
	th_must(&t, "move 1");
	x = th_expect(&t);
	is_int(x.verbs, th_bit(&t, "again") | th_bit(&t, "pass"),
	    "SU-5: no opponent pawn above 1: no penalize");
	refused(&t, "penalize Bob 2", 1, "no opponent has a pawn above level "
	    "1 and not safe");
	is_int(th_do(&t, "again"), 0, "SU-5: again");
	ok(th_note_has(&t, "Ann takes another turn"), "SU-5: again note");
	is_str(th_turn(&t), "Ann", "SU-5: Ann again");
	key_is(&t, "shakes_left", "3", "SU-5: a fresh turn: 3 shakes");
	is_int(th_expect(&t).round, 3, "round: an extra turn does not count");
	turn_c(&t);
	is_str(th_turn(&t), "Bob", "Bob after Ann's extra turn");
	is_int(th_expect(&t).round, 3, "round 3 until the turn is back to Ann");
	turn_c(&t);
	is_int(th_expect(&t).round, 4, "round 4");
	/* pass */
	th_must(&t, "roll 1 1 1 6");
	th_must(&t, "roll 1 1 1 1");
	th_must(&t, "stand");
	th_must(&t, "move 1");
	is_int(th_do(&t, "pass"), 0, "SU-5: pass");
	ok(th_note_has(&t, "Ann passes; Bob's turn"), "SU-5: pass: the turn "
	    "passes");
	ok(th_replays(&t), "SU-5: replays");
	th_end(&t);
}

/* SU-6: (A) with the hand final after one shake. */
static void
test_special(void)
{
	struct th t;
	struct expectation x;

	start2(&t, NULL);
	turn_c(&t);
	turn_b(&t, 1);		/* Bob 1 1 1 1 2 */
	th_must(&t, "roll 4 4 4 4");
	is_int(th_do(&t, "stand"), 0, "SU-6: four of a kind on one shake");
	ok(th_note_has(&t, "four of a kind (A) on the first shake: special "
	    "advantage (SU-6)"), "SU-6: announced");
	is_int(th_expect(&t).verbs, th_bit(&t, "move"), "SU-6: move first");
	th_must(&t, "move 1");
	x = th_expect(&t);
	is_int(x.verbs, th_bit(&t, "again") | th_bit(&t, "penalize") |
	    th_bit(&t, "pass"), "SU-6: penalize, again or pass");
	ok(strstr(buf_str(x.say), "special advantage") != NULL, "SU-6: say names it");
	is_int(th_do(&t, "penalize Bob 2"), 0, "SU-6: penalize");
	is_str(th_turn(&t), "Ann", "SU-6: the turn stays after the penalty");
	ok(!th_note_has(&t, "Bob's turn"), "SU-6: the note does not pass");
	x = th_expect(&t);
	is_int(x.verbs, th_bit(&t, "again") | th_bit(&t, "pass"),
	    "SU-6: then again or pass");
	refused(&t, "penalize Bob 2", 1, "not expected now");
	is_int(th_do(&t, "again"), 0, "SU-6: and another turn");
	is_str(th_turn(&t), "Ann", "SU-6: Ann shakes again");
	ok(th_replays(&t), "SU-6: replays");

	/* all four kept after one shake is a first-shake hand too */
	th_must(&t, "roll 3 4 5 6");
	is_int(th_do(&t, "keep 3 4 5 6"), 0, "SU-6: keep all four");
	ok(th_note_has(&t, "special advantage"), "SU-6: final after one shake");
	th_must(&t, "move 1");
	is_int(th_do(&t, "pass"), 0, "SU-6: pass without a penalty");
	is_str(th_turn(&t), "Bob", "SU-6: pass: Bob's turn");
	th_end(&t);
}

/* SU-8, SU-9: the two-pawn rule and the lowest level. */
static void
test_two_pawn(void)
{
	struct th t;
	char *s;

	start2(&t, NULL);
	turn_b(&t, 1);		/* Ann 1 1 1 1 2 */
	turn_c(&t);
	th_must(&t, "roll 1 1 1 3");
	th_must(&t, "stand");
	refused(&t, "move 2", 1, "Ann has one pawn on level 2 "
	    "(two-pawn rule)");
	is_str(buf_str(&t.r.why), "Ann has one pawn on level 2 (two-pawn rule)",
	    "SU-8: the refusal as SPEC.md writes it");
	refused(&t, "move 3", 1, "Ann has no pawn on level 3");
	refused(&t, "move 0", 1, "'0' is not a level a pawn can move up "
	    "from (1 to 4; level 5 is safe)");
	refused(&t, "move 5", 1, "'5' is not a level");
	refused(&t, "move x", 2, NULL);
	refused(&t, "move", 2, NULL);
	refused(&t, "move 1 2", 2, NULL);
	s = text_of(&t, 1);
	ok(strstr(s, "can move up from level 1 (two-pawn rule)") != NULL,
	    "SU-8: advice names the movable levels");
	free(s);
	is_int(th_do(&t, "move 1"), 0, "SU-8: two or more on level 1");
	turn_c(&t);
	turn_b(&t, 2);		/* Ann 1 1 1 2 3 */
	turn_c(&t);
	th_must(&t, "roll 1 1 1 3");
	th_must(&t, "stand");
	refused(&t, "move 3", 1, "Ann has one pawn on level 3 (two-pawn rule)");
	refused(&t, "move 2", 1, "Ann has one pawn on level 2 (two-pawn rule)");
	th_must(&t, "move 1");	/* 1 1 2 2 3 */
	turn_c(&t);
	turn_b(&t, 1);		/* 1 2 2 2 3 */
	turn_c(&t);
	th_must(&t, "roll 1 1 1 3");
	th_must(&t, "stand");
	is_int(th_do(&t, "move 1"), 0, "SU-8, SU-9: the last pawn on the "
	    "lowest level moves");
	pawns_are(&t, "Ann", "[2,2,2,2,3]", "SU-9: Ann 2 2 2 2 3");
	turn_c(&t);
	turn_b(&t, 2);		/* 2 2 2 3 3 */
	turn_c(&t);
	turn_b(&t, 2);		/* 2 2 3 3 3 */
	turn_c(&t);
	turn_b(&t, 2);		/* 2 3 3 3 3 */
	turn_c(&t);
	th_must(&t, "roll 1 1 1 3");
	th_must(&t, "stand");
	is_int(th_do(&t, "move 2"), 0, "SU-9: a lone pawn on the lowest level "
	    "above 1 moves");
	pawns_are(&t, "Ann", "[3,3,3,3,3]", "SU-9: Ann 3 3 3 3 3");
	ok(th_replays(&t), "SU-8: replays");
	th_end(&t);
}

/* A small generator for random play. */
static unsigned long
rnd(unsigned long *s)
{
	*s = *s * 6364136223846793005UL + 1442695040888963407UL;
	return (*s >> 33);
}

/*
 * SU-9, SU-10 and replay over random games: at every move the lowest
 * occupied level is accepted (a move is never lost); every game ends
 * with one winner holding five safe pawns.
 */
static void
test_random(void)
{
	unsigned long seed = 12345;
	int g, lost = 0, ended = 0, replayed = 0, safe_ok = 0, steps;

	for (g = 0; g < 60; g++) {
		struct th t;
		const char *players = g % 3 == 0 ? "Ann,Bob" : g % 3 == 1 ?
		    "Ann,Bob,Cid" : "Ann,Bob,Cid,Dan";
		char opts[40];

		snprintf(opts, sizeof opts, "levels=%lu reroll=%s",
		    2 + rnd(&seed) % 4, g % 2 ? "free" : "locked");
		th_start(&t, &game_shake_up, players, opts);
		for (steps = 0; steps < 20000 && !th_expect(&t).finished;
		    steps++) {
			struct expectation x = th_expect(&t);
			char line[64];
			json_t *o;

			if (x.verbs & th_bit(&t, "move")) {
				const char *who = th_turn(&t);
				json_t *p;

				o = json_object();
				t.rp.rules->status_json(t.rp.st, o);
				p = json_object_get(json_object_get(o, "pawns"),
				    who);
				snprintf(line, sizeof line, "move %lld",
				    (long long)json_integer_value(
				    json_array_get(p, 0)));
				json_decref(o);
				if (th_do(&t, line) != 0) {
					lost++;
					diag("%s refused: %s", line, buf_str(&t.r.why));
					break;
				}
			} else if (x.turn < 0) {
				int k, i, n = t.rp.setup.nplayers;
				size_t len;

				/* the start roll, or a tie's re-roll */
				for (k = n; k >= 2; k--) {
					strcpy(line, "roll");
					len = 4;
					for (i = 0; i < k; i++, len += 2)
						snprintf(line + len,
						    sizeof line - len, " %lu",
						    1 + rnd(&seed) % 6);
					if (th_do(&t, line) == 0)
						break;
				}
			} else if (x.verbs & th_bit(&t, "again")) {
				th_must(&t, rnd(&seed) % 2 ? "again" : "pass");
			} else if ((x.verbs & th_bit(&t, "stand")) &&
			    rnd(&seed) % 3 == 0) {
				th_must(&t, "stand");
			} else {
				char *sl = json_key(&t, "shakes_left");
				int left = atoi(sl), k;
				size_t len;

				free(sl);
				/* roll the dice not held: try 4..1 */
				for (k = 4; k >= 1; k--) {
					int i;

					strcpy(line, "roll");
					len = 4;
					for (i = 0; i < k; i++, len += 2)
						snprintf(line + len,
						    sizeof line - len, " %lu",
						    1 + rnd(&seed) % 6);
					if (th_do(&t, line) == 0)
						break;
				}
				if (k > 1 && left < 3 && rnd(&seed) % 2 &&
				    (th_expect(&t).verbs & th_bit(&t, "keep")))
					th_do(&t, "keep 1");
			}
		}
		if (th_expect(&t).finished) {
			long scores[GAME_MAX_PLAYERS];
			int winners[GAME_MAX_PLAYERS], i, nw = 0, good = 1;

			ended++;
			t.rp.rules->score(t.rp.st, scores, winners);
			for (i = 0; i < t.rp.setup.nplayers; i++) {
				nw += winners[i];
				if (winners[i] && scores[i] != 5)
					good = 0;
				if (!winners[i] && scores[i] >= 5)
					good = 0;
			}
			safe_ok += good && nw == 1;
			refused(&t, "roll 1 2 3 4", 3, "the game is over");
		}
		replayed += th_replays(&t);
		th_end(&t);
	}
	is_int(lost, 0, "SU-9: the lowest occupied level always moves");
	is_int(ended, 60, "SU-10: 60 random games all end");
	is_int(safe_ok, 60, "SU-10: one winner, with all 5 pawns safe");
	is_int(replayed, 60, "replay gives the same state after each game");
}

/* SU-10: a whole game on two levels; undo and redo. */
static void
test_win(void)
{
	struct th t;
	struct expectation x;
	int i;

	start2(&t, "levels=2");
	for (i = 0; i < 4; i++) {
		turn_b(&t, 1);	/* Ann */
		turn_c(&t);	/* Bob */
	}
	is_int(th_score(&t, "Ann"), 4, "SU-10: Ann has 4 safe");
	pawns_are(&t, "Ann", "[1,2,2,2,2]", "SU-1: safe pawns on the top");
	th_must(&t, "roll 1 1 1 2");
	th_must(&t, "stand");
	is_int(th_do(&t, "move 1"), 0, "SU-10: the fifth pawn reaches safety");
	ok(th_note_has(&t, "all 5 pawns are safe: Ann wins (SU-10)"),
	    "SU-10: the note says so");
	x = th_expect(&t);
	ok(x.finished && x.turn == -1 && x.verbs == 0, "SU-10: the game ends "
	    "at once");
	ok(th_won(&t, "Ann") && !th_won(&t, "Bob"), "SU-10: Ann wins");
	is_int(th_score(&t, "Ann"), 5, "SU-10: score = safe pawns");
	key_is(&t, "hand", "[]", "SU-10: no hand after the game");
	key_is(&t, "shakes_left", "0", "SU-10: no shakes after the game");
	refused(&t, "roll 1 2 3 4", 3, "the game is over");
	ok(th_replays(&t), "SU-10: replays");
	is_int(th_do(&t, "undo"), 0, "undo the winning move");
	ok(!th_expect(&t).finished && th_can(&t, "move"),
	    "undo: the move is expected again");
	ok(th_replays(&t), "undo: replays");
	is_int(th_do(&t, "redo"), 0, "redo the winning move");
	ok(th_expect(&t).finished && th_won(&t, "Ann"), "redo: Ann wins");
	ok(th_replays(&t), "redo: replays");
	th_end(&t);

	/* a full game with penalties, a special advantage, three players */
	th_start(&t, &game_shake_up, "Ann,Bob,Cid", "levels=3");
	th_must(&t, "roll 2 5 3");		/* Bob starts */
	is_str(th_turn(&t), "Bob", "Bob starts");
	turn_b(&t, 1);				/* Bob 1 1 1 1 2 */
	turn_c(&t);				/* Cid */
	is_int(th_expect(&t).round, 1, "round 1 for Cid, then Ann");
	turn_c(&t);				/* Ann */
	is_int(th_expect(&t).round, 2, "round 2 when Bob, first, is back");
	turn_b(&t, 1);				/* Bob 1 1 1 2 2 */
	th_must(&t, "roll 5 6 3 4");		/* Cid: special */
	th_must(&t, "stand");
	th_must(&t, "move 1");
	th_must(&t, "penalize Bob 2");
	th_must(&t, "again");
	pawns_are(&t, "Bob", "[1,1,1,1,2]", "SU-6: Bob lost a pawn to 1");
	turn_c(&t);				/* Cid */
	turn_c(&t);				/* Ann */
	ok(th_replays(&t), "three players: replays");
	th_end(&t);
}

/* status: describe, advise, JSON. */
static void
test_status(void)
{
	struct th t;
	char *s;

	start2(&t, NULL);
	s = text_of(&t, 1);
	ok(strstr(s, "A 6.0%, B 38.4%, C 44.4%, D 11.1%") != NULL,
	    "advise: the odds of a first shake (78, 498, 576, 144 of 1296)");
	free(s);
	th_end(&t);

	/* 1 2 3 held, two shakes left: a 4 on either, 1/6 + 5/6 * 1/6. */
	start2(&t, NULL);
	th_must(&t, "roll 1 2 3 5");
	th_must(&t, "keep 1 2 3");
	s = text_of(&t, 1);
	ok(strstr(s, "Standing now gives (B). Shaking the 1 die not held once "
	    "more gives A 16.7%, B 83.3%") != NULL &&
	    strstr(s, "(A) 30.6%, (A) or (B) 100.0%") != NULL,
	    "advise: 1 2 3 held: best play for (A) is 11/36, (B) is sure");
	free(s);
	th_end(&t);

	start2(&t, NULL);
	th_must(&t, "roll 1 1 5 6");
	th_must(&t, "keep 1 1");
	s = text_of(&t, 1);
	/*
	 * 1 1 and two dice: A 1/36 (1 1); B: one more 1 (10/36), another
	 * pair (5/36) or 2 3 for a run (2/36), 17/36; C the other 18/36.
	 */
	ok(strstr(s, "Standing now gives (C)") != NULL &&
	    strstr(s, "A 2.8%, B 47.2%, C 50.0%, D 0.0%") != NULL,
	    "advise: from 1 1 held, shaking two dice");
	/*
	 * Best play for (A) from 1 1 held (locked) with two shakes: each of
	 * the two free dice must show a 1 within two tries, (11/36)^2.
	 */
	ok(strstr(s, "(A) 9.3%") != NULL, "advise: best holds for (A) from "
	    "1 1 held, two shakes left: (11/36)^2");
	free(s);
	key_is(&t, "pawns", "{\"Ann\":[1,1,1,1,1],\"Bob\":[1,1,1,1,1]}",
	    "status: pawns by name");
	s = th_json(&t);
	is_str(s, "{\"levels\":5,\"pawns\":{\"Ann\":[1,1,1,1,1],\"Bob\":"
	    "[1,1,1,1,1]},\"shakes_left\":2,\"hand\":[1,1,5,6]}",
	    "status: exactly the keys of SPEC.md");
	free(s);
	s = text_of(&t, 0);
	ok(strstr(s, "level   Ann    Bob") != NULL &&
	    strstr(s, "    1   ooooo  ooooo") != NULL,
	    "describe: five pawns each on level 1");
	free(s);
	th_end(&t);
}


/*
 * The count of values the roll expected now takes: one die each for the
 * start, the tied alone after a tie (SU-2); the 4 dice not held (SU-3).
 */
static void
test_count(void)
{
	struct th t;
	struct expectation x;

	th_start(&t, &game_shake_up, "Ann,Bob,Cid", NULL);
	x = th_expect(&t);
	is_int(x.count, 3, "SU-2: one die each");
	is_int((int)x.rolling, 1 << 0 | 1 << 1 | 1 << 2, "SU-2: every seat");
	th_must(&t, "roll 5 2 5");
	x = th_expect(&t);
	is_int(x.count, 2, "SU-2: Ann and Cid tie: two dice");
	is_int((int)x.rolling, 1 << 0 | 1 << 2, "SU-2: Ann's and Cid's");
	th_must(&t, "roll 6 3");
	x = th_expect(&t);
	is_int(x.count, 4, "SU-3: a shake of 4 dice");
	is_int((int)x.rolling, 0, "SU-3: the turn's roll names no seats");
	th_end(&t);
}

int
main(void)
{
	test_classifier();
	test_start();
	test_shakes();
	test_classes();
	test_a();
	test_special();
	test_two_pawn();
	test_random();
	test_win();
	test_status();
	test_count();
	return tap_done();
}
