/*
 * test-ten-thousand.c: 10,000: the keep scorer against a table worked out
 * by hand from TT-1 and TT-2, then the rules module ruling by ruling
 * (TT-1..TT-8), every refusal, and whole games.
 */
#include <math.h>
#include <stdio.h>

#include "harness.h"
#include "../../src/core/dice.h"

extern const struct game_rules game_ten_thousand;

/* One kept set: its dice, four-pair, and the score (or -1: refused). */
struct keep_case {
	const char	*dice;
	int		 four_pair;
	long		 want;
	int		 bad;		/* refused: the die named */
	const char	*why;
};

/* Worked out by hand from TT-1 and TT-2, never from the code. */
static const struct keep_case keep_cases[] = {
	/* singles */
	{ "1", 1, 100, 0, "TT-1: a single 1 is 100" },
	{ "5", 1, 50, 0, "TT-1: a single 5 is 50" },
	{ "1 1", 1, 200, 0, "TT-1: two 1s are two singles" },
	{ "5 5", 1, 100, 0, "TT-1: two 5s are two singles" },
	{ "1 5", 1, 150, 0, "TT-1: a 1 and a 5" },
	{ "1 1 5 5", 1, 300, 0, "TT-1: two 1s and two 5s" },
	{ "2", 1, -1, 2, "TT-2: a lone 2 does not score" },
	{ "3", 1, -1, 3, "TT-2: a lone 3 does not score" },
	{ "4", 1, -1, 4, "TT-2: a lone 4 does not score" },
	{ "6", 1, -1, 6, "TT-2: a lone 6 does not score" },
	{ "3 3", 1, -1, 3, "TT-2: a pair of 3s does not score" },
	/* three of a kind */
	{ "1 1 1", 1, 1000, 0, "TT-1: three 1s are 1000" },
	{ "2 2 2", 1, 200, 0, "TT-1: three 2s are 200" },
	{ "3 3 3", 1, 300, 0, "TT-1: three 3s are 300" },
	{ "4 4 4", 1, 400, 0, "TT-1: three 4s are 400" },
	{ "5 5 5", 1, 500, 0, "TT-1: three 5s are 500, not three singles" },
	{ "6 6 6", 1, 600, 0, "TT-1: three 6s are 600" },
	/* four, five, six of a kind: doubling */
	{ "1 1 1 1", 1, 2000, 0, "TT-1: four 1s are 2000" },
	{ "2 2 2 2", 1, 400, 0, "TT-1: four 2s are 400" },
	{ "5 5 5 5", 1, 1000, 0, "TT-1: four 5s are 1000" },
	{ "6 6 6 6", 1, 1200, 0, "TT-1: four 6s are 1200" },
	{ "1 1 1 1 1", 1, 4000, 0, "TT-1: five 1s are 4000" },
	{ "2 2 2 2 2", 1, 800, 0, "TT-1: five 2s are 800" },
	{ "3 3 3 3 3", 1, 1200, 0, "TT-1: five 3s are 1200" },
	{ "5 5 5 5 5", 1, 2000, 0, "TT-1: five 5s are 2000" },
	{ "1 1 1 1 1 1", 1, 8000, 0, "TT-1: six 1s are 8000" },
	{ "1 1 1 1 1 1", 0, 8000, 0, "TT-1: six 1s are 8000 (four-pair off)" },
	{ "2 2 2 2 2 2", 1, 1600, 0, "TT-1: six 2s are 1600, not three pairs" },
	{ "3 3 3 3 3 3", 1, 2400, 0, "TT-1: six 3s are 2400" },
	{ "4 4 4 4 4 4", 0, 3200, 0, "TT-1: six 4s are 3200" },
	{ "5 5 5 5 5 5", 1, 4000, 0, "TT-1: six 5s are 4000" },
	{ "6 6 6 6 6 6", 1, 4800, 0, "TT-1: six 6s are 4800" },
	/* six of a kind as six of a kind, four-pair on or off (TT-1) */
	{ "2 2 2 2 2 2", 0, 1600, 0, "TT-1: six 2s are 1600, four-pair off" },
	{ "3 3 3 3 3 3", 0, 2400, 0, "TT-1: six 3s are 2400, four-pair off" },
	{ "4 4 4 4 4 4", 1, 3200, 0, "TT-1: six 4s are 3200, four-pair on" },
	{ "5 5 5 5 5 5", 0, 4000, 0, "TT-1: six 5s are 4000, four-pair off" },
	{ "6 6 6 6 6 6", 0, 4800, 0, "TT-1: six 6s are 4800, four-pair off" },
	/* the straight */
	{ "1 2 3 4 5 6", 1, 1000, 0, "TT-1: the straight is 1000" },
	{ "6 5 4 3 2 1", 1, 1000, 0, "TT-1: the straight in any order" },
	{ "1 2 3 4 5", 1, -1, 2, "TT-2: five of the straight: the 2 is bare" },
	{ "2 3 4 5 6", 1, -1, 2, "TT-2: 2 to 6 is no straight" },
	/* three pairs */
	{ "2 2 3 3 4 4", 1, 1000, 0, "TT-1: three pairs are 1000" },
	{ "2 2 3 3 4 4", 0, 1000, 0, "TT-1: three pairs with four-pair off" },
	{ "2 3 2 3 6 6", 1, 1000, 0, "TT-1: three pairs in any order" },
	{ "1 1 2 2 3 3", 1, 1000, 0, "TT-1: three pairs beat 200 in 1s" },
	{ "1 1 5 5 6 6", 1, 1000, 0, "TT-1: 6 6 score only as three pairs" },
	{ "1 1 5 5 3 3", 1, 1000, 0, "TT-1: pairs of 1s and 5s as pairs" },
	{ "5 5 2 2 3 3", 0, 1000, 0, "TT-1: three pairs with a pair of 5s" },
	{ "1 5 1 5 1 5", 1, 1500, 0, "TT-1: three 1s and three 5s beat "
	    "three pairs" },
	{ "2 2 3 3 4 5", 1, -1, 2, "TT-2: two pairs and two odd dice: '2'" },
	/* four of a kind and a pair (TT-2) */
	{ "2 2 2 2 3 3", 1, 1000, 0, "TT-2: four 2s and a pair are three "
	    "pairs" },
	{ "2 2 2 2 3 3", 0, -1, 3, "TT-2: four-pair off: the 3s do not "
	    "score" },
	{ "3 3 6 6 6 6", 1, 1000, 0, "TT-2: a pair and four 6s are three "
	    "pairs" },
	{ "3 3 6 6 6 6", 0, -1, 3, "TT-2: four-pair off: '3' first" },
	{ "1 1 1 1 5 5", 1, 2100, 0, "TT-2: four 1s and two 5s beat three "
	    "pairs" },
	{ "5 5 5 5 1 1", 1, 1200, 0, "TT-2: four 5s and two 1s (1200) beat "
	    "three pairs" },
	{ "5 5 5 5 1 1", 0, 1200, 0, "TT-2: four 5s and two 1s, four-pair "
	    "off" },
	{ "4 4 4 4 5 5", 1, 1000, 0, "TT-2: three pairs (1000) beat four 4s "
	    "and two 5s (900)" },
	{ "4 4 4 4 5 5", 0, 900, 0, "TT-2: four-pair off: four 4s and two "
	    "5s" },
	{ "6 6 6 6 5 5", 1, 1300, 0, "TT-2: four 6s and two 5s (1300) beat "
	    "three pairs" },
	{ "5 6 6 6 6 5", 1, 1300, 0, "TT-2: the same in another order" },
	{ "2 2 2 2 1 1", 1, 1000, 0, "TT-2: three pairs (1000) beat 600" },
	{ "2 2 2 2 1 1", 0, 600, 0, "TT-2: four-pair off: four 2s and two "
	    "1s" },
	{ "1 1 3 3 3 3", 1, 1000, 0, "TT-2: three pairs (1000) beat 800" },
	{ "1 1 3 3 3 3", 0, 800, 0, "TT-2: four-pair off: 600 + 200" },
	/* two threes of a kind */
	{ "2 2 2 3 3 3", 1, 500, 0, "TT-1: two threes of a kind add up" },
	{ "1 1 1 5 5 5", 1, 1500, 0, "TT-1: three 1s and three 5s" },
	{ "4 4 4 6 6 6", 1, 1000, 0, "TT-1: three 4s and three 6s" },
	{ "2 2 2 4 4 4", 1, 600, 0, "TT-1: three 2s and three 4s" },
	/* mixed */
	{ "1 1 1 5", 1, 1050, 0, "TT-1: three 1s and a 5" },
	{ "5 5 5 1", 1, 600, 0, "TT-1: three 5s and a 1" },
	{ "2 2 2 1 5", 1, 350, 0, "TT-1: three 2s, a 1 and a 5" },
	{ "3 3 3 5 5", 1, 400, 0, "TT-1: three 3s and two 5s" },
	{ "6 6 6 6 1", 1, 1300, 0, "TT-1: four 6s and a 1" },
	{ "5 5 5 5 5 1", 1, 2100, 0, "TT-1: five 5s and a 1" },
	{ "1 1 1 1 1 5", 1, 4050, 0, "TT-1: five 1s and a 5" },
	{ "2 2 2 2 2 5", 1, 850, 0, "TT-1: five 2s and a 5" },
	{ "4 4 4 4 4 1", 1, 1700, 0, "TT-1: five 4s and a 1" },
	/* refusals naming the first die that cannot score */
	{ "2 2 2 2 2 3", 1, -1, 3, "TT-2: five 2s and a 3: '3'" },
	{ "1 1 1 1 2", 1, -1, 2, "TT-2: four 1s and a 2: '2'" },
	{ "2 2 1", 1, -1, 2, "TT-2: two 2s and a 1: '2'" },
	{ "1 2 2", 1, -1, 2, "TT-2: a 1 and two 2s: '2'" },
	{ "3 3 3 2", 1, -1, 2, "TT-2: three 3s and a 2: '2'" },
	{ "1 3 3 5", 1, -1, 3, "TT-2: two 3s between a 1 and a 5: '3'" },
	{ "6 1 2", 1, -1, 6, "TT-2: the first bare die is named: '6'" },
	{ "4 6 1", 1, -1, 4, "TT-2: the first bare die is named: '4'" },
};

/* Parse "1 2 3" into v; returns the count. */
static int
parse_dice(const char *s, int *v)
{
	int n = 0;

	for (; *s != '\0'; s++)
		if (*s >= '0' && *s <= '9' && n < DICE_MAX)
			v[n++] = *s - '0';
	return n;
}

/* The scoring table. */
static void
test_keep_table(void)
{
	size_t i;
	int v[DICE_MAX], n, bad;
	long got;
	char name[200];

	for (i = 0; i < sizeof keep_cases / sizeof keep_cases[0]; i++) {
		const struct keep_case *c = &keep_cases[i];

		n = parse_dice(c->dice, v);
		got = dice_keep_score(v, n, c->four_pair, &bad);
		snprintf(name, sizeof name, "%s: keep %s%s", c->why, c->dice,
		    c->four_pair ? "" : " (four-pair off)");
		if (c->want >= 0)
			is_int(got, c->want, name);
		else
			ok(got == -1 && bad >= 0 && bad < n &&
			    v[bad] == c->bad, "%s refused naming '%d' (got "
			    "%ld, '%d')", name, c->bad, got,
			    bad >= 0 && bad < n ? v[bad] : -1);
	}
	ok(sizeof keep_cases / sizeof keep_cases[0] >= 60,
	    "TT-1: the table has at least 60 cases (%zu)",
	    sizeof keep_cases / sizeof keep_cases[0]);
	v[0] = 7;
	ok(dice_keep_score(v, 1, 1, &bad) == -1 && bad == -1,
	    "dice_keep_score: a 7 is no die");
	ok(dice_keep_score(v, 0, 1, &bad) == -1 && bad == -1,
	    "dice_keep_score: nothing kept is no score");
}

/*
 * An independent judge: the best score of the dice counts c[1..6] (n
 * dice) as a partition into TT-1/TT-2 combinations, tried one combination
 * at a time with the lowest face left in it; -1 if there is none.
 */
static long
judge(int c[7], int n, int four_pair)
{
	long best = -1, sub, kind;
	int f, k, pairs, quads;

	if (n == 0)
		return 0;
	for (f = 1; c[f] == 0; f++)
		continue;
	if (n == 6) {
		for (k = 1; k <= 6 && c[k] == 1; k++)
			continue;
		if (k == 7)
			best = 1000;		/* the straight */
		for (pairs = 0, quads = 0, k = 1; k <= 6; k++) {
			if (c[k] == 2)
				pairs++;
			else if (c[k] == 4)
				quads++;
			else if (c[k] != 0)
				pairs = -9;
		}
		if ((pairs == 3 || (four_pair && pairs == 1 && quads == 1)) &&
		    best < 1000)
			best = 1000;		/* three pairs */
	}
	if (f == 1 || f == 5) {			/* a single */
		c[f]--;
		if ((sub = judge(c, n - 1, four_pair)) >= 0 &&
		    sub + (f == 1 ? 100 : 50) > best)
			best = sub + (f == 1 ? 100 : 50);
		c[f]++;
	}
	for (k = 3; k <= c[f]; k++) {		/* k of a kind */
		kind = (f == 1 ? 1000 : f * 100) << (k - 3);
		c[f] -= k;
		if ((sub = judge(c, n - k, four_pair)) >= 0 &&
		    sub + kind > best)
			best = sub + kind;
		c[f] += k;
	}
	return best;
}

/* Every multiset of 1 to 6 dice, both ways of four-pair, against judge. */
static void
test_keep_all(void)
{
	int v[DICE_MAX], c[7], n, i, fp, bad, wrong = 0, count = 0;
	long got, want;

	for (n = 1; n <= DICE_MAX; n++) {
		for (i = 0; i < n; i++)
			v[i] = 1;
		for (;;) {
			for (fp = 0; fp <= 1; fp++) {
				memset(c, 0, sizeof c);
				for (i = 0; i < n; i++)
					c[v[i]]++;
				want = judge(c, n, fp);
				got = dice_keep_score(v, n, fp, &bad);
				count++;
				if (got != want || (got < 0 && (bad < 0 ||
				    bad >= n))) {
					if (wrong++ < 5)
						diag("n %d four-pair %d: got "
						    "%ld, want %ld", n, fp,
						    got, want);
				}
			}
			/* the next non-decreasing sequence */
			for (i = n - 1; i >= 0 && v[i] == 6; i--)
				continue;
			if (i < 0)
				break;
			v[i]++;
			for (i++; i < n; i++)
				v[i] = v[i - 1];
		}
	}
	is_int(count, 2 * 923, "TT-1, TT-2: every kept set of 1 to 6 dice, "
	    "both ways of four-pair");
	is_int(wrong, 0, "TT-1, TT-2: the scorer agrees with an independent "
	    "partition judge on every one");
}

/* Rolls that score and farkles; the farkle odds counted by hand. */
static void
test_roll_scores(void)
{
	int v[DICE_MAX], n;

	n = parse_dice("2 3 4 6 2 3", v);
	ok(!dice_roll_scores(v, n), "TT-3: 2 3 4 6 2 3 is a farkle");
	n = parse_dice("2 2 3 3 4 4", v);
	ok(dice_roll_scores(v, n), "TT-3: three pairs is no farkle");
	n = parse_dice("2 3 4 6", v);
	ok(!dice_roll_scores(v, n), "TT-3: 2 3 4 6 is a farkle");
	n = parse_dice("3 3 3", v);
	ok(dice_roll_scores(v, n), "TT-3: three 3s score");
	n = parse_dice("6 5", v);
	ok(dice_roll_scores(v, n), "TT-3: a 5 scores");
	n = parse_dice("2 2 4 4 6 3", v);
	ok(!dice_roll_scores(v, n), "TT-3: two pairs of six dice farkle");
	n = parse_dice("2 2 4 4 1 3", v);
	is_int(dice_best_keep(v, n, 1), 100, "advice: the best keep of "
	    "2 2 4 4 1 3 is the 1");
	n = parse_dice("2 2 2 2 3 3", v);
	is_int(dice_best_keep(v, n, 1), 1000, "advice: the best keep of "
	    "2 2 2 2 3 3 is three pairs");
	is_int(dice_best_keep(v, n, 0), 400, "advice: four-pair off: four "
	    "2s");
	/* 4 of 6 faces neither 1 nor 5, without a triple (or three pairs). */
	ok(fabs(dice_farkle_odds(1) - 4.0 / 6) < 1e-9, "odds: 1 die farkles "
	    "4/6");
	ok(fabs(dice_farkle_odds(2) - 12.0 / 36) < 1e-9, "TT-5 odds: 2 dice "
	    "farkle 12/36 (doubles are no farkle)");
	ok(fabs(dice_farkle_odds(3) - 60.0 / 216) < 1e-9, "odds: 3 dice "
	    "farkle 60/216");
	ok(fabs(dice_farkle_odds(4) - 204.0 / 1296) < 1e-9, "odds: 4 dice "
	    "farkle 204/1296");
	ok(fabs(dice_farkle_odds(5) - 600.0 / 7776) < 1e-9, "odds: 5 dice "
	    "farkle 600/7776");
	ok(fabs(dice_farkle_odds(6) - 1080.0 / 46656) < 1e-9, "odds: 6 dice "
	    "farkle 1080/46656");
}

/* The exact set of verbs expected now. */
static unsigned long
verbs(struct th *t)
{
	return th_expect(t).verbs;
}

#define B(v)	th_bit(&t, #v)

/* The rules' table entry and options. */
static void
test_rules_entry(void)
{
	const struct game_option *o = game_ten_thousand.options;

	is_str(game_ten_thousand.name, "ten-thousand", "name ten-thousand");
	is_str(game_ten_thousand.alias, "10000", "alias 10000");
	ok(game_find("10000") == &game_ten_thousand, "game_find(\"10000\")");
	ok(game_find("ten-thousand") == &game_ten_thousand,
	    "game_find(\"ten-thousand\")");
	is_int(game_ten_thousand.min_players, 2, "2 players at least");
	is_int(game_ten_thousand.max_players, GAME_MAX_PLAYERS,
	    "up to GAME_MAX_PLAYERS");
	is_str(o[0].key, "target", "option target");
	is_str(o[0].def, "10000", "TT-8: target is 10000 by default");
	ok(o[0].valid("50") && o[0].valid("1000000") && o[0].valid("2500"),
	    "TT-8: target 50, 2500, 1000000 are valid");
	ok(!o[0].valid("0") && !o[0].valid("49") && !o[0].valid("75") &&
	    !o[0].valid("1000050") && !o[0].valid("") && !o[0].valid("1e4") &&
	    !o[0].valid("-50"), "TT-8: target 0, 49, 75, 1000050, '', 1e4, "
	    "-50 are not");
	is_str(o[1].key, "four-pair", "option four-pair");
	is_str(o[1].def, "on", "TT-2: four-pair is on by default");
	ok(o[1].valid("on") && o[1].valid("off") && !o[1].valid("yes") &&
	    !o[1].valid("ON"), "TT-2: four-pair is on or off");
	is_str(o[2].key, "coach", "option coach, last (RULES.md: every rules)");
	ok(o[3].key == NULL, "three options");
}

/* TT-1, TT-3: a keep scores within its roll; status keys. */
static void
test_keep_turn(void)
{
	struct th t;

	th_start(&t, &game_ten_thousand, "Ann,Bob,Cid", NULL);
	is_str(th_turn(&t), "Ann", "TT-3: the first player listed starts");
	is_int(th_expect(&t).round, 1, "round 1");
	ok(verbs(&t) == B(roll), "TT-3: a turn opens with roll only");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":6,\"rolloff\":null}",
	    "status: a fresh turn holds 6 dice");
	is_int(th_do(&t, "bank"), 1, "TT-6: bank before any roll is refused");
	is_int(th_do(&t, "keep 1"), 1, "TT-3: keep before a roll is refused");
	is_int(th_do(&t, "continue"), 1, "TT-7: continue without an offer "
	    "is refused");
	is_int(th_do(&t, "fresh"), 1, "TT-7: fresh without an offer is "
	    "refused");
	ok(strstr(buf_str(&t.r.why), "roll-off") != NULL, "TT-7: ... saying there is "
	    "no roll-off offer");
	is_int(th_do(&t, "roll 1 3 5 5 2"), 1, "TT-3: 5 values for 6 dice");
	is_str(buf_str(&t.r.why), "expected 6 values (the dice in Ann's hand), got 5",
	    "TT-3: ... says how many");
	is_int(th_do(&t, "roll 1 3 5 5 2 6 4"), 1, "TT-3: 7 values for 6 dice");
	is_int(th_do(&t, "roll 1 3 5 5 2 7"), 1, "TT-1: 7 is no face");
	is_str(buf_str(&t.r.why), "'7' is not a face of a die (1 to 6)", "... says so");
	is_int(th_do(&t, "roll 0 3 5 5 2 6"), 1, "TT-1: 0 is no face");
	is_int(th_do(&t, "roll Ann=1 Ann=3"), 1, "a roll takes no names");
	is_int(th_do(&t, "roll Zed=1"), 3, "roll Zed=1: no such player (3)");
	is_int(th_do(&t, "roll 1 x 5 5 2 6"), 2, "roll x: not a number (2)");
	is_int(th_do(&t, "bank now"), 2, "bank takes no arguments (2)");
	is_int(th_do(&t, "take"), 1, "a verb of another game is refused");

	is_int(th_do(&t, "roll 1 3 5 5 2 6"), 0, "TT-3: six values accepted");
	ok(verbs(&t) == B(keep), "TT-3: after a scoring roll only keep");
	is_int(th_do(&t, "bank"), 1, "TT-3: bank before a keep is refused");
	is_int(th_do(&t, "roll 1 2 3"), 1, "TT-3: a roll before a keep is "
	    "refused");
	is_int(th_do(&t, "keep 3"), 1, "TT-2: keep 3 is refused");
	is_str(buf_str(&t.r.why), "'3' does not score in 1 3 5 5 2 6",
	    "TT-2: ... naming the die and the roll");
	is_int(th_do(&t, "keep 1 5 5 2"), 1, "TT-2: keep 1 5 5 2 is refused");
	is_str(buf_str(&t.r.why), "'2' does not score in 1 3 5 5 2 6",
	    "TT-2: ... naming the 2");
	is_int(th_do(&t, "keep 1 1"), 1, "TT-3: a second 1 was not rolled");
	is_str(buf_str(&t.r.why), "'1' is not left in the roll 1 3 5 5 2 6",
	    "TT-3: ... says so");
	is_int(th_do(&t, "keep 7"), 1, "TT-1: keep 7 is no face");
	is_int(th_do(&t, "keep"), 2, "keep without values (2)");
	is_int(th_do(&t, "keep 1 5"), 0, "TT-1: keep 1 5");
	is_str(buf_str(&t.r.note), "Ann kept 1 5 for 150: turn 150, 4 dice left",
	    "TT-1: the note reads like a score pad");
	th_json_is(&t, "{\"turn_total\":150,\"dice_in_hand\":4,\"rolloff\":null}",
	    "TT-1: turn total 150 with 4 dice");
	ok(verbs(&t) == (B(roll) | B(keep) | B(bank)), "TT-3: keep more, "
	    "roll or bank");
	is_int(th_do(&t, "keep 5"), 0, "TT-3: a second keep from the roll");
	is_str(buf_str(&t.r.note), "Ann kept 1 5 5 for 200: turn 200, 3 dice left",
	    "TT-3: the kept set is scored as a whole");
	ok(verbs(&t) == (B(roll) | B(bank)), "TT-3: nothing left to keep");
	is_int(th_do(&t, "keep 5"), 1, "TT-3: no third 5 in the roll");
	is_str(buf_str(&t.r.why), "'5' is not left in the roll 1 3 5 5 2 6 (kept "
	    "already: 1 5 5)", "TT-3: ... says what is kept");
	is_int(th_do(&t, "roll 1 1 1 1"), 1, "TT-3: 3 dice in hand, not 4");
	is_int(th_do(&t, "roll 1 4 4"), 0, "TT-3: roll the 3 dice in hand");
	th_json_is(&t, "{\"turn_total\":200,\"dice_in_hand\":3,\"rolloff\":null}",
	    "TT-3: the roll's keep is not yet made");
	is_int(th_do(&t, "keep 1"), 0, "TT-1: keep the 1");
	is_str(buf_str(&t.r.note), "Ann kept 1 for 100: turn 300, 2 dice left",
	    "TT-1: dice of different rolls never combine (1 and 1 1 5 5 is "
	    "not three 1s)");
	is_int(th_do(&t, "roll 2 3"), 0, "roll 2 3");
	is_str(buf_str(&t.r.note), "Ann rolled 2 3: farkle, the turn total of 300 is "
	    "lost; Bob rolls 6 dice", "TT-3: a farkle loses the turn total");
	is_str(th_turn(&t), "Bob", "TT-3: the turn passes");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":6,\"rolloff\":null}",
	    "TT-7: no roll-off after a farkle");
	is_int(th_score(&t, "Ann"), 0, "TT-3: Ann scored nothing");
	ok(verbs(&t) == B(roll), "TT-7: Bob can only roll");
	is_int(th_do(&t, "continue"), 1, "TT-7: no continue after a farkle");
	ok(th_replays(&t), "replay gives the same state");
	th_end(&t);
}

/* TT-3: a kept set must score in full at every keep. */
static void
test_keep_in_full(void)
{
	struct th t;

	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	th_must(&t, "roll 2 2 2 1 3 4");
	is_int(th_do(&t, "keep 2"), 1, "TT-3: keep 2 of three 2s alone is "
	    "refused");
	is_str(buf_str(&t.r.why), "'2' does not score in 2 2 2 1 3 4: 2s score three "
	    "or more together", "TT-3: ... naming the 2, with a hint");
	is_int(th_do(&t, "keep 2 2"), 1, "TT-3: keep 2 2 is refused too");
	is_int(th_do(&t, "keep 1"), 0, "TT-3: keep 1 first");
	ok(verbs(&t) == (B(roll) | B(keep) | B(bank)), "TT-3: the 2s can "
	    "still be kept");
	is_int(th_do(&t, "keep 2 2"), 1, "TT-3: then 2 2 is still refused");
	is_int(th_do(&t, "keep 2 2 2"), 0, "TT-3: then 2 2 2 is accepted");
	is_str(buf_str(&t.r.note), "Ann kept 1 2 2 2 for 300: turn 300, 2 dice left",
	    "TT-3: one kept set of 300");
	th_end(&t);

	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	th_must(&t, "roll 1 1 1 2 3 4");
	th_must(&t, "keep 1");
	is_int(th_do(&t, "keep 1 1"), 0, "TT-3: keep 1 then keep 1 1");
	is_str(buf_str(&t.r.note), "Ann kept 1 1 1 for 1000: turn 1000, 3 dice left",
	    "TT-3: the kept set 1 1 1 is rescored as three 1s");
	th_end(&t);
}

/* TT-4: hot dice. */
static void
test_hot_dice(void)
{
	struct th t;

	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	th_must(&t, "roll 1 1 1 5 5 5");
	is_int(th_do(&t, "keep 1 1 1 5 5 5"), 0, "TT-4: keep all six");
	is_str(buf_str(&t.r.note), "Ann kept 1 1 1 5 5 5 for 1500: turn 1500, hot "
	    "dice, 6 dice in hand (TT-4)", "TT-4: hot dice in the note");
	th_json_is(&t, "{\"turn_total\":1500,\"dice_in_hand\":6,\"rolloff\":null}",
	    "TT-4: 6 dice in hand again");
	is_int(th_do(&t, "roll 2 3"), 1, "TT-4: the hand is 6, not 0 or 2");
	is_int(th_do(&t, "roll 5 2 3 4 6 6"), 0, "TT-4: roll 6 again");
	th_must(&t, "keep 5");
	is_int(th_do(&t, "roll 5 5 5 1 3"), 0, "roll the 5 left");
	is_int(th_do(&t, "keep 5 5 5 1"), 0, "keep 5 5 5 1");
	is_str(buf_str(&t.r.note), "Ann kept 5 5 5 1 for 600: turn 2150, 1 die left",
	    "TT-1: 1500 + 50 + 600");
	th_must(&t, "roll 1");
	is_int(th_do(&t, "keep 1"), 0, "TT-4: the last die");
	is_str(buf_str(&t.r.note), "Ann kept 1 for 100: turn 2250, hot dice, 6 dice "
	    "in hand (TT-4)", "TT-4: hot dice with the last single die");
	ok(th_replays(&t), "TT-4: replay gives the same state");
	th_end(&t);
}

/* TT-5: two dice showing doubles. */
static void
test_doubles(void)
{
	struct th t;

	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	th_must(&t, "roll 1 1 1 5 3 4");
	th_must(&t, "keep 1 1 1 5");
	th_json_is(&t, "{\"turn_total\":1050,\"dice_in_hand\":2,\"rolloff\":null}",
	    "TT-5: two dice left");
	is_int(th_do(&t, "roll 3 3"), 0, "TT-5: roll 3 3");
	is_str(buf_str(&t.r.note), "Ann rolled 3 3: doubles on two dice, the hand is 6 "
	    "again (TT-5)", "TT-5: doubles are no farkle");
	th_json_is(&t, "{\"turn_total\":1050,\"dice_in_hand\":6,\"rolloff\":null}",
	    "TT-5: the hand is 6, the total kept");
	ok(verbs(&t) == (B(roll) | B(bank)), "TT-5: roll six or bank, "
	    "nothing to keep");
	is_int(th_do(&t, "keep 3"), 1, "TT-5: the 3s still do not score");
	is_str(buf_str(&t.r.why), "'3' does not score in 3 3", "TT-5: ... says so");
	is_int(th_do(&t, "roll 1 2"), 1, "TT-5: roll 2 values is refused");
	is_int(th_do(&t, "roll 2 2 3 3 4 6"), 0, "TT-5: roll six dice");
	is_str(buf_str(&t.r.note), "Ann rolled 2 2 3 3 4 6: farkle, the turn total of "
	    "1050 is lost; Bob rolls 6 dice", "TT-5: then a farkle loses all");
	th_end(&t);

	/* Scoring doubles: the hand is 6 whatever is kept. */
	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	th_must(&t, "roll 1 1 1 5 3 4");
	th_must(&t, "keep 1 1 1 5");
	th_must(&t, "roll 5 5");
	ok(verbs(&t) == (B(roll) | B(keep) | B(bank)), "TT-5: 5 5: keep, "
	    "roll or bank");
	is_int(th_do(&t, "keep 5"), 0, "TT-5: keep one 5 of the doubles");
	is_str(buf_str(&t.r.note), "Ann kept 5 for 50: turn 1100, 6 dice left",
	    "TT-5: one 5 kept, the hand is still 6");
	is_int(th_do(&t, "bank"), 0, "TT-5: bank");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":6,\"rolloff\":"
	    "{\"total\":1100,\"dice\":6}}", "TT-7: after TT-5 the offer is "
	    "6 dice");
	th_end(&t);

	/* Bank at once on doubles, given a scoring keep this turn. */
	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	th_must(&t, "roll 1 1 1 5 3 4");
	th_must(&t, "keep 1 1 1 5");
	th_must(&t, "roll 4 4");
	is_int(th_do(&t, "bank"), 0, "TT-5: bank at once after doubles");
	is_str(buf_str(&t.r.note), "Ann banked 1050: score 1050; Bob may roll off 1050 "
	    "with 6 dice or start fresh", "TT-5: the roll-off is 6 dice");
	th_end(&t);
}

/* TT-6 and TT-7: roll-offs. */
static void
test_rolloff(void)
{
	struct th t;

	th_start(&t, &game_ten_thousand, "Ann,Bob,Cid", NULL);
	th_must(&t, "roll 1 1 1 5 3 4");
	th_must(&t, "keep 1 1 1 5");
	is_int(th_do(&t, "bank"), 0, "TT-6: bank after a keep");
	is_str(buf_str(&t.r.note), "Ann banked 1050: score 1050; Bob may roll off 1050 "
	    "with 2 dice or start fresh", "TT-7: the note offers the roll-off");
	is_int(th_score(&t, "Ann"), 1050, "TT-6: the total is banked");
	is_str(th_turn(&t), "Bob", "TT-7: the next player decides");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":6,\"rolloff\":"
	    "{\"total\":1050,\"dice\":2}}", "TT-7: the offer in status");
	ok(verbs(&t) == (B(roll) | B(continue) | B(fresh)),
	    "TT-7: roll, continue or fresh");
	is_int(th_do(&t, "bank"), 1, "TT-6: bank on an open offer is refused");
	is_int(th_do(&t, "keep 5"), 1, "TT-7: keep on an open offer is "
	    "refused");
	is_int(th_do(&t, "roll 1 2 3"), 1, "TT-7: 3 values neither continue "
	    "nor start fresh");
	is_str(buf_str(&t.r.why), "expected 2 values to continue from 1050 or 6 to "
	    "start fresh, got 3", "TT-7: ... says both");
	is_int(th_do(&t, "continue"), 0, "TT-7: continue");
	is_str(buf_str(&t.r.note), "Bob continues from 1050 with 2 dice", "TT-7: note");
	th_json_is(&t, "{\"turn_total\":1050,\"dice_in_hand\":2,\"rolloff\":null}",
	    "TT-7: the offer is closed, the turn starts from it");
	is_int(th_do(&t, "continue"), 1, "TT-7: continue once chosen is "
	    "refused");
	is_int(th_do(&t, "fresh"), 1, "TT-7: fresh once chosen is refused");
	is_int(th_do(&t, "bank"), 1, "TT-6: a continuing player must score "
	    "before banking");
	is_int(th_do(&t, "roll 1 2 3 4 5 6"), 1, "TT-7: after continue the "
	    "roll has the offered count");
	is_int(th_do(&t, "roll 6 6"), 0, "TT-5: doubles when continuing");
	ok(verbs(&t) == B(roll), "TT-6: no scoring keep yet: roll six only");
	is_int(th_do(&t, "bank"), 1, "TT-6: bank without a scoring keep "
	    "this turn is refused");
	ok(strstr(buf_str(&t.r.why), "TT-6") != NULL, "TT-6: ... naming TT-6");
	is_int(th_do(&t, "roll 5 2 3 4 6 6"), 0, "roll six");
	th_must(&t, "keep 5");
	is_int(th_do(&t, "bank"), 0, "TT-6: bank after scoring");
	is_int(th_score(&t, "Bob"), 1100, "TT-7: Bob banks 1050 + 50");
	is_int(th_score(&t, "Ann"), 1050, "TT-7: Ann keeps her bank");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":6,\"rolloff\":"
	    "{\"total\":1100,\"dice\":5}}", "TT-7: Cid is offered 1100 with 5");
	is_int(th_do(&t, "roll 1 2 3 4 6 6"), 0, "TT-7: 6 values start fresh");
	is_str(buf_str(&t.r.note), "Cid starts fresh; Cid rolled 1 2 3 4 6 6",
	    "TT-7: the note says fresh");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":6,\"rolloff\":null}",
	    "TT-7: fresh from 0, the six dice on the table");
	th_must(&t, "keep 1");
	th_json_is(&t, "{\"turn_total\":100,\"dice_in_hand\":5,\"rolloff\":null}",
	    "TT-7: 100 with 5 dice after the keep");
	th_must(&t, "bank");
	is_int(th_score(&t, "Cid"), 100, "TT-7: Cid banks 100 only");
	is_int(th_expect(&t).round, 2, "round 2: the turn came back to Ann");
	is_int(th_do(&t, "roll 1 2 3 4 5"), 0, "TT-7: the offered count "
	    "continues");
	is_str(buf_str(&t.r.note), "Ann continues from 100; Ann rolled 1 2 3 4 5",
	    "TT-7: the note says continue");
	th_json_is(&t, "{\"turn_total\":100,\"dice_in_hand\":5,\"rolloff\":null}",
	    "TT-7: from 100");
	ok(th_replays(&t), "TT-7: replay gives the same state");
	is_int(th_do(&t, "undo"), 0, "undo the roll");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":6,\"rolloff\":"
	    "{\"total\":100,\"dice\":5}}", "undo: the offer is open again");
	ok(th_replays(&t), "undo: replay gives the same state");
	is_int(th_do(&t, "redo"), 0, "redo the roll");
	th_json_is(&t, "{\"turn_total\":100,\"dice_in_hand\":5,\"rolloff\":null}",
	    "redo: continued again");
	ok(th_replays(&t), "redo: replay gives the same state");
	th_end(&t);

	/* Hot dice then a bank: continue with 6 (roll 6 values or fresh). */
	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	th_must(&t, "roll 1 2 3 4 5 6");
	th_must(&t, "keep 1 2 3 4 5 6");
	th_must(&t, "bank");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":6,\"rolloff\":"
	    "{\"total\":1000,\"dice\":6}}", "TT-7: after hot dice 6 dice");
	is_int(th_do(&t, "roll 2 3"), 1, "TT-7: 2 values for an offer of 6");
	is_str(buf_str(&t.r.why), "expected 6 values to continue from 1000 (or fresh "
	    "to start from 0), got 2", "TT-7: ... says 6 or fresh");
	is_int(th_do(&t, "roll 2 3 4 6 2 3"), 0, "TT-7: 6 values continue "
	    "when 6 were left");
	is_str(buf_str(&t.r.note), "Bob continues from 1000; Bob rolled 2 3 4 6 2 3: "
	    "farkle, the turn total of 1000 is lost; Ann rolls 6 dice",
	    "TT-7: a roll-off that ends in a farkle");
	is_int(th_score(&t, "Ann"), 1000, "TT-7: the banker keeps the bank");
	is_int(th_score(&t, "Bob"), 0, "TT-7: Bob scores nothing");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":6,\"rolloff\":null}",
	    "TT-7: no roll-off after a farkle");
	is_int(th_expect(&t).round, 2, "round 2");
	th_end(&t);

	/* fresh said explicitly. */
	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	th_must(&t, "roll 5 2 3 4 6 6");
	th_must(&t, "keep 5");
	th_must(&t, "bank");
	is_int(th_do(&t, "fresh"), 0, "TT-7: fresh");
	is_str(buf_str(&t.r.note), "Bob starts fresh with 6 dice", "TT-7: note");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":6,\"rolloff\":null}",
	    "TT-7: fresh: 0 with 6");
	is_int(th_do(&t, "roll 5 5 5 5 5"), 1, "TT-7: fresh rolls 6 dice");
	is_int(th_do(&t, "continue"), 1, "TT-7: continue after fresh is "
	    "refused");
	th_end(&t);
}

/* TT-8: the first banked score to reach the target wins at once. */
static void
test_target(void)
{
	struct th t;

	th_start(&t, &game_ten_thousand, "Ann,Bob", "target=500");
	th_must(&t, "roll 5 5 2 3 4 6");
	th_must(&t, "keep 5 5");
	th_must(&t, "bank");
	th_must(&t, "fresh");
	th_must(&t, "roll 5 5 5 2 3 4");
	th_must(&t, "keep 5 5 5");
	ok(th_won(&t, "Bob") == 0, "TT-8: a turn total is not a win");
	is_int(th_do(&t, "bank"), 0, "TT-8: Bob banks 500");
	is_str(buf_str(&t.r.note), "Bob banked 500: score 500, reaching 500: Bob wins "
	    "(TT-8)", "TT-8: the note says Bob wins");
	ok(th_won(&t, "Bob") && !th_won(&t, "Ann"), "TT-8: Bob alone wins");
	ok(th_expect(&t).finished && th_expect(&t).turn == -1 &&
	    verbs(&t) == 0, "TT-8: the game ends: no turn, no verbs");
	th_json_is(&t, "{\"turn_total\":0,\"dice_in_hand\":0,\"rolloff\":null}",
	    "TT-8: no roll-off once over");
	is_int(th_do(&t, "roll 1 2 3 4 5 6"), 3, "TT-8: over: roll exits 3");
	ok(th_replays(&t), "TT-8: replay gives the same state");
	is_int(th_do(&t, "undo"), 0, "undo the winning bank");
	ok(!th_expect(&t).finished, "undo: the game is active again");
	is_int(th_do(&t, "redo"), 0, "redo");
	ok(th_won(&t, "Bob"), "redo: Bob wins again");
	th_end(&t);

	/* Under the target nobody wins. */
	th_start(&t, &game_ten_thousand, "Ann,Bob", "target=550 four-pair=off");
	th_must(&t, "roll 5 5 5 2 3 4");
	th_must(&t, "keep 5 5 5");
	th_must(&t, "bank");
	ok(!th_won(&t, "Ann") && !th_expect(&t).finished, "TT-8: 500 of "
	    "550 does not win");
	th_must(&t, "fresh");
	th_must(&t, "roll 2 2 2 2 3 3");
	is_int(th_do(&t, "keep 2 2 2 2 3 3"), 1, "TT-2: four-pair=off: four "
	    "and a pair are no three pairs");
	is_str(buf_str(&t.r.why), "'3' does not score in 2 2 2 2 3 3", "TT-2: ... "
	    "naming the 3");
	is_int(th_do(&t, "keep 2 2 2 2"), 0, "TT-2: four 2s alone");
	is_str(buf_str(&t.r.note), "Bob kept 2 2 2 2 for 400: turn 400, 2 dice left",
	    "TT-1: four 2s are 400");
	th_end(&t);

	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	th_must(&t, "roll 2 2 2 2 3 3");
	is_int(th_do(&t, "keep 2 2 2 2 3 3"), 0, "TT-2: four and a pair as "
	    "three pairs");
	is_str(buf_str(&t.r.note), "Ann kept 2 2 2 2 3 3 for 1000: turn 1000, hot "
	    "dice, 6 dice in hand (TT-4)", "TT-2: 1000 and hot dice");
	th_end(&t);
}

/* Rounds count returns to the first player; say and advice. */
static void
test_rounds_and_words(void)
{
	static const char want_bank[] = "bank: 1050 banked (roll 2 dice: ";
	struct th t;
	struct buf b = BUF_INIT;
	struct expectation x;
	struct advice a;

	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	x = th_expect(&t);
	is_str(buf_str(x.say), "Round 1. Ann rolls 6 dice: roll 6 values", "say: a "
	    "fresh turn");
	game_ten_thousand.advise(t.rp.st, &b);
	ok(strstr(buf_str(&b), "2.3%") != NULL, "advice: 6 dice farkle "
	    "2.3%%");
	buf_reset(&b);
	th_must(&t, "roll 2 2 3 4 6 6");
	is_int(th_expect(&t).round, 1, "round 1: Bob's turn");
	th_must(&t, "roll 2 2 3 4 6 6");
	is_int(th_expect(&t).round, 2, "round 2: back to Ann");
	th_must(&t, "roll 1 1 1 5 3 4");
	th_must(&t, "keep 1 1 1 5");
	x = th_expect(&t);
	is_str(buf_str(x.say), "Round 2. Ann has 1050 with 2 dice in hand: roll 2 "
	    "values or bank", "say: after a keep");
	memset(&a, 0, sizeof a);
	ok(game_ten_thousand.advice(t.rp.st, &a) && a.basis == ADVICE_POINTS &&
	    strcmp(a.moves[0].entry, "bank") == 0 && a.moves[0].value == 1050 &&
	    strcmp(a.moves[1].entry, "roll") == 0 &&
	    strncmp(buf_str(&a.say), want_bank, strlen(want_bank)) == 0, "advice: bank "
	    "1050 rather than roll 2 dice (points: no table): %s", buf_str(&a.say));
	advice_free(&a);
	buf_reset(&b);
	th_must(&t, "bank");
	x = th_expect(&t);
	is_str(buf_str(x.say), "Round 2. Bob may continue from Ann's 1050 with 2 dice "
	    "or start fresh: roll 2 values to continue or 6 to start fresh",
	    "say: the roll-off");
	memset(&a, 0, sizeof a);
	ok(game_ten_thousand.advice(t.rp.st, &a) && a.nmoves == 2 &&
	    (strcmp(a.moves[0].entry, "continue") == 0 ||
	    strcmp(a.moves[1].entry, "continue") == 0) &&
	    (strcmp(a.moves[0].entry, "fresh") == 0 ||
	    strcmp(a.moves[1].entry, "fresh") == 0) &&
	    a.moves[0].value >= a.moves[1].value, "advice: TT-7 continue "
	    "or fresh, valued, best first");
	advice_free(&a);
	buf_reset(&b);
	game_ten_thousand.describe(t.rp.st, &b);
	ok(strstr(buf_str(&b), "Bob: roll off Ann's 1050 with 2 dice") != NULL,
	    "describe: the offer");
	buf_free(&b);
	th_must(&t, "roll 1 1");
	x = th_expect(&t);
	is_str(buf_str(x.say), "Round 2. Bob rolled doubles 1 1 with 1050: keep V... or "
	    "roll 6 values", "say: doubles when continuing, no bank");
	th_end(&t);
}

/* A whole game: roll-off after hot dice, a farkle, TT-5, the win. */
static void
test_whole_game(void)
{
	struct th t;
	static const char *const lines[] = {
		"roll 1 1 1 5 3 4", "keep 1 1 1 5", "bank",	/* Ann 1050 */
		"roll 5 2", "keep 5", "roll 1", "keep 1",	/* 1200, hot */
		"bank",						/* Bob 1200 */
		"fresh", "roll 2 3 4 6 6 2",			/* farkle */
		"roll 5 5 5 5 2 3", "keep 5 5 5 5",		/* 1000 */
		"roll 4 4", "bank",				/* Bob 2200 */
		NULL
	};

	th_start(&t, &game_ten_thousand, "Ann,Bob", "target=2000");
	th_all(&t, lines);
	is_int(th_score(&t, "Ann"), 1050, "whole game: Ann 1050");
	is_int(th_score(&t, "Bob"), 2200, "whole game: Bob 1200 + 1000");
	ok(th_won(&t, "Bob") && !th_won(&t, "Ann"), "TT-8: Bob wins");
	is_int(th_expect(&t).round, 2, "whole game: ended in round 2");
	ok(th_replays(&t), "whole game: replay gives the same state");
	is_int(th_do(&t, "undo"), 0, "undo the last bank");
	is_int(th_do(&t, "undo"), 0, "undo the doubles");
	th_json_is(&t, "{\"turn_total\":1000,\"dice_in_hand\":2,\"rolloff\":null}",
	    "undo: back to 1000 with 2 dice");
	ok(th_replays(&t), "undo: replay gives the same state");
	is_int(th_do(&t, "redo"), 0, "redo the doubles");
	th_json_is(&t, "{\"turn_total\":1000,\"dice_in_hand\":6,\"rolloff\":null}",
	    "redo: 6 dice again");
	ok(th_replays(&t), "redo: replay gives the same state");
	is_int(th_do(&t, "roll 1 2 3 4 5 6"), 0, "roll six instead of "
	    "banking");
	is_int(th_do(&t, "redo"), 1, "redo refused after a new entry");
	th_end(&t);
}


/*
 * The count of values roll takes now: 6 to start a turn (TT-3), the dice
 * left after a keep, 6 after hot dice (TT-4); none while only keep is
 * open.
 */
static void
test_count(void)
{
	struct th t;

	th_start(&t, &game_ten_thousand, "Ann,Bob", NULL);
	is_int(th_expect(&t).count, 6, "TT-3: a turn starts with 6 dice");
	th_must(&t, "roll 1 2 3 3 4 6");
	is_int(th_expect(&t).count, 0, "TT-3: keep first: no roll count");
	th_must(&t, "keep 1");
	is_int(th_expect(&t).count, 5, "TT-3: one kept, five to roll");
	th_must(&t, "roll 1 5 1 5 1");
	th_must(&t, "keep 1 5 1 5 1");
	is_int(th_expect(&t).count, 6, "TT-4: hot dice: 6 to roll");
	th_end(&t);
}

int
main(void)
{
	test_keep_table();
	test_keep_all();
	test_roll_scores();
	test_rules_entry();
	test_keep_turn();
	test_keep_in_full();
	test_hot_dice();
	test_doubles();
	test_rolloff();
	test_target();
	test_rounds_and_words();
	test_whole_game();
	test_count();
	return tap_done();
}
