/*
 * test-shake.c: the Shake rules module, ruling by ruling (SH-1..SH-10),
 * every refusal, and whole games, through the real referee path.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"
#include "../../src/core/odds.h"

extern const struct game_rules game_shake;

/* A round where every die differs and everyone takes (3 players). */
static void
round_all_take(struct th *t, const char *roll)
{
	char line[64];

	snprintf(line, sizeof line, "roll %s", roll);
	th_must(t, line);
	th_must(t, "take");
	th_must(t, "take");
	th_must(t, "take");
}

/* Play rounds until round 11 with everyone taking the given roll. */
static void
to_all_shake(struct th *t, const char *roll)
{
	while (th_expect(t).round <= 10)
		round_all_take(t, roll);
}

static void
test_values(void)
{
	struct th t;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	is_int(th_do(&t, "roll 7 20 30"), RULING_REFUSED,
	    "SH-1: 7 is not a face of a colored die");
	ok(th_why_has(&t, "'7' is not a face of a colored die"),
	    "SH-1: the refusal names the value: %s", buf_str(&t.r.why));
	is_int(th_do(&t, "roll 70 20 30"), RULING_REFUSED, "SH-1: 70 refused");
	is_int(th_do(&t, "roll 0 20 30"), RULING_REFUSED, "SH-1: 0 refused");
	is_int(th_do(&t, "roll 25 20 30"), RULING_REFUSED, "SH-1: 25 refused");
	is_int(th_do(&t, "roll 99999999999999 20 30"), RULING_REFUSED,
	    "SH-1: a huge number is refused, not overflowed");
	is_int(th_do(&t, "roll x 20 30"), RULING_USAGE,
	    "SH-1: a value that is not a number is a usage error");
	is_int(th_do(&t, "roll -1 20 30"), RULING_USAGE,
	    "SH-1: a negative value is not a number");
	is_int(th_do(&t, "roll 4 4 6"), RULING_OK,
	    "SH-1: pips 1..6 mean tens");
	is_int(th_score(&t, "Ann"), 40, "SH-1: pips 4 score 40");
	is_int(th_expect(&t).turn, 2, "SH-1: 6 pips is the highest die");
	th_end(&t);
}

static void
test_counts_and_names(void)
{
	struct th t;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	is_int(th_do(&t, "roll 20 30"), RULING_REFUSED,
	    "SH-4: one value per player is expected");
	is_str(buf_str(&t.r.why), "expected 3 values (Ann, Bob, Cid), got 2",
	    "SH-4: the count refusal names the players");
	is_int(th_do(&t, "roll 20 30 40 50"), RULING_REFUSED,
	    "SH-4: too many values refused");
	is_int(th_do(&t, "roll Ann=20 Bob=30 40"), RULING_USAGE,
	    "NAME=V and plain values never mix");
	is_int(th_do(&t, "roll Ann=20 Zed=30 Cid=40"), RULING_DATA,
	    "a NAME that is not a player is a data error");
	is_int(th_do(&t, "roll Ann=20 Ann=30 Cid=40"), RULING_REFUSED,
	    "a player named twice is refused");
	ok(th_why_has(&t, "named twice"), "the refusal says named twice");
	is_int(th_do(&t, "roll Ann=x Bob=30 Cid=40"), RULING_USAGE,
	    "NAME=V with a V that is not a number is a usage error");
	is_int(th_do(&t, "roll cid=60 ann=40 BOB=40"), RULING_OK,
	    "SH-5: NAME=V in any order, names case-insensitive");
	is_int(th_score(&t, "Ann"), 40, "SH-5: Ann scores her match");
	is_int(th_score(&t, "Bob"), 40, "SH-5: Bob scores his match");
	is_str(th_turn(&t), "Cid", "SH-6: Cid chooses");
	th_end(&t);
}

static void
test_void(void)
{
	struct th t;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	is_int(th_do(&t, "roll 30 30 30"), RULING_OK,
	    "SH-4: all equal is accepted (recorded)");
	is_int(th_score(&t, "Ann"), 0, "SH-4: a void roll scores nothing");
	is_int(th_expect(&t).round, 1, "SH-4: still round 1");
	ok(th_can(&t, "roll") && th_expect(&t).turn == -1,
	    "SH-4: the table rolls again");
	is_int(t.rp.nentries, 1, "SH-4: the void roll is recorded");
	th_end(&t);

	th_start(&t, &game_shake, "Ann,Bob", NULL);
	th_must(&t, "roll 5 50");
	is_int(th_score(&t, "Ann") + th_score(&t, "Bob"), 0,
	    "SH-4: 5 pips and 50 are the same value: void");
	th_must(&t, "roll 20 50");
	is_str(th_turn(&t), "Bob", "SH-6: with two players the high die "
	    "chooses");
	th_end(&t);
}

static void
test_matches(void)
{
	struct th t;

	th_start(&t, &game_shake, "Ann,Bob,Cid,Dan", NULL);
	th_must(&t, "roll 20 30 20 30");
	is_int(th_score(&t, "Ann") + th_score(&t, "Cid"), 40,
	    "SH-5: Ann and Cid match on 20");
	is_int(th_score(&t, "Bob") + th_score(&t, "Dan"), 60,
	    "SH-5: Bob and Dan match on 30");
	is_int(th_expect(&t).round, 2, "SH-5: all matched: the round ends");
	th_must(&t, "roll 20 20 20 50");
	is_int(th_score(&t, "Ann"), 40, "SH-5: three of a value all score");
	is_str(th_turn(&t), "Dan", "SH-6: the one left chooses");
	th_must(&t, "take");
	is_int(th_score(&t, "Dan"), 80, "SH-6: Dan takes 50");
	is_int(th_expect(&t).round, 3, "SH-6: everyone decided: next round");
	th_end(&t);
}

static void
test_choice(void)
{
	struct th t;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	ok(!th_can(&t, "take") && !th_can(&t, "shake"),
	    "SH-6: no choice before the roll");
	is_int(th_do(&t, "take"), RULING_REFUSED,
	    "SH-6: take refused before the roll");
	ok(th_why_has(&t, "Roll the colored dice"),
	    "the refusal says what is expected: %s", buf_str(&t.r.why));
	th_must(&t, "roll 10 50 30");
	is_str(th_turn(&t), "Bob", "SH-6: the highest die chooses first");
	ok(th_can(&t, "take") && th_can(&t, "shake") && !th_can(&t, "roll"),
	    "SH-6: the chooser may take or shake, not roll");
	is_int(th_do(&t, "roll 10 10 10 10 10 10"), RULING_REFUSED,
	    "SH-6: no shake roll before shake");
	th_must(&t, "take");
	is_int(th_score(&t, "Bob"), 50,
	    "SH-6: a take counts the moment it is decided");
	is_str(th_turn(&t), "Cid", "SH-6: the choice passes to the next "
	    "highest");
	th_must(&t, "take");
	is_str(th_turn(&t), "Ann", "SH-6: then to the lowest");
	th_must(&t, "take");
	is_int(th_expect(&t).round, 2, "SH-6: everyone took: the round ends");
	is_int(th_score(&t, "Ann"), 10, "SH-6: Ann took 10");
	th_end(&t);

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	th_must(&t, "roll 10 50 30");
	th_must(&t, "take");
	th_must(&t, "shake");
	is_int(th_score(&t, "Ann"), 10,
	    "SH-6: once Cid shakes, Ann scores her die");
	is_int(th_score(&t, "Cid"), 0, "SH-7: the shaker starts at 0");
	is_int(th_do(&t, "shake"), RULING_REFUSED,
	    "SH-6: at most one shake per round");
	is_int(th_do(&t, "take"), RULING_REFUSED,
	    "SH-6: no take once someone shakes");
	th_end(&t);
}

static void
test_shaking(void)
{
	struct th t;
	char *j;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	th_must(&t, "roll 10 50 60");
	th_must(&t, "shake");
	is_str(th_turn(&t), "Cid", "SH-7: the shaker's turn");
	ok(th_can(&t, "roll") && !th_can(&t, "bank"),
	    "SH-7: no bank before the first shake");
	is_int(th_do(&t, "bank"), RULING_REFUSED, "SH-7: bank refused "
	    "before a shake");
	is_int(th_do(&t, "roll 10 10 10 10 10"), RULING_REFUSED,
	    "SH-2: a shake is exactly six values");
	ok(th_why_has(&t, "expected 6 values"), "SH-2: says six: %s", buf_str(&t.r.why));
	is_int(th_do(&t, "roll 10 10 10 10 10 10 10"), RULING_REFUSED,
	    "SH-2: seven values refused");
	is_int(th_do(&t, "roll 10 10 5 0 0 0"), RULING_REFUSED,
	    "SH-2: a Shake die shows 0 or 10 only");
	ok(th_why_has(&t, "'5' is not a face of a Shake die"),
	    "SH-2: the refusal names the value");
	is_int(th_do(&t, "roll Ann=10 Bob=0 Cid=0 Ann=0 Bob=0 Cid=0"),
	    RULING_REFUSED, "SH-2: a shake takes no names");
	th_must(&t, "roll 10 10 0 10 0 10");
	j = th_json(&t);
	is_str(j, "{\"shaker\":\"Cid\",\"shake_total\":40}",
	    "SH-7: status shows shaker and total");
	free(j);
	ok(th_can(&t, "bank") && th_can(&t, "roll"),
	    "SH-7: after a shake, bank or roll again");
	th_must(&t, "roll 10 10 10 0 0 0");
	th_must(&t, "bank");
	is_int(th_score(&t, "Cid"), 70, "SH-7: bank scores the running total");
	is_int(th_expect(&t).round, 2, "SH-7: the shaker's end ends the round");
	j = th_json(&t);
	is_str(j, "{\"shaker\":null,\"shake_total\":0}",
	    "SH-7: no shaker between rounds");
	free(j);

	th_must(&t, "roll 10 20 60");
	th_must(&t, "shake");
	th_must(&t, "roll 10 10 10 10 10 10");
	th_must(&t, "roll 0 0 0 0 0 0");
	is_int(th_score(&t, "Cid"), 70, "SH-7: a crap-out loses the round's "
	    "total (scores 0)");
	is_int(th_expect(&t).round, 3, "SH-7: a crap-out ends the round");
	ok(th_replays(&t), "replay gives the same state");
	th_end(&t);
}

static void
test_faces_option(void)
{
	struct th a, b;
	static const char *const lines[] = {
		"roll 10 50 60", "shake", "roll 10 0 0 0 0 10", "bank",
		"roll 20 20 40", "take", NULL
	};

	ok(!game_shake.options[0].valid("0") &&
	    !game_shake.options[0].valid("6") &&
	    game_shake.options[0].valid("1") &&
	    game_shake.options[0].valid("5"),
	    "SH-2: shake-faces takes 1..5");
	th_start(&a, &game_shake, "Ann,Bob,Cid", NULL);
	th_start(&b, &game_shake, "Ann,Bob,Cid", "shake-faces=5");
	th_all(&a, lines);
	th_all(&b, lines);
	ok(th_score(&a, "Ann") == th_score(&b, "Ann") &&
	    th_score(&a, "Bob") == th_score(&b, "Bob") &&
	    th_score(&a, "Cid") == th_score(&b, "Cid"),
	    "SH-2: shake-faces changes no ruling");
	th_end(&a);
	th_end(&b);
	ok(odds_shake_crap(2) > 0.087 && odds_shake_crap(2) < 0.088,
	    "SH-2: with two 10-faces a crap-out is (2/3)^6 = 8.78%%");
	is_int(odds_shake_stop(2), 230,
	    "SH-2: shaking gains on average below 20/0.0878 = 227.8");
	ok(odds_shake_value(2, 300) == 300.0, "odds: above the stop, bank");
	ok(odds_shake_reach(3, 0, 10) > 1 - 1.0 / 64 - 1e-9 &&
	    odds_shake_reach(3, 0, 10) < 1 - 1.0 / 64 + 1e-9,
	    "odds: reaching 10 in one shake is 1 - (1/2)^6 with 3 faces");
}

/*
 * The odds of SH-2 worked out here independently of src/core/odds.c: chances
 * from whole counts of the 6^6 outcomes, the best stop found by value
 * iteration with a max at every total (no stopping rule assumed), the
 * chance to reach a goal by pushing probability forward.
 */

/* Chance that i of six dice show 10 with faces of six showing 10. */
static double
exact_p(int faces, int i)
{
	long long ways = 1, k;
	int j;

	for (j = 0; j < i; j++)
		ways = ways * (6 - j) / (j + 1);
	for (k = 0; k < i; k++)
		ways *= faces;
	for (k = i; k < 6; k++)
		ways *= 6 - faces;
	return (double)ways / 46656.0;
}

/*
 * Value iteration: v(t) = max(t, sum p_i v(t + 10i)) below a bound far
 * past any stop (there v(t) = t), the first shake forced.  Sets *stop to
 * the least total from which banking is never worse.  Returns v(0).
 */
static double
best_value(int faces, long *stop)
{
	long n = 6000000 / 10, k;
	double *v = calloc((size_t)n + 7, sizeof *v), cont, v0;
	int i;

	for (k = n + 6; k >= 0; k--) {
		if (k >= n) {
			v[k] = 10.0 * k;
			continue;
		}
		cont = 0;
		for (i = 1; i <= 6; i++)
			cont += exact_p(faces, i) * v[k + i];
		/* banking: never worse, within rounding */
		v[k] = 10.0 * k >= cont - 1e-7 ? 10.0 * k : cont;
	}
	/* the least total of the last run of banking totals */
	for (k = n - 1; k > 0 && v[k] == 10.0 * k; k--)
		continue;
	*stop = 10 * (k + 1);
	cont = 0;
	for (i = 1; i <= 6; i++)
		cont += exact_p(faces, i) * v[i];
	v0 = cont;
	free(v);
	return v0;
}

/* Chance to end at or above goal from total, by pushing mass forward. */
static double
forward_reach(int faces, long total, long goal)
{
	long n = (goal - total) / 10 + 7, k;
	double *m = calloc((size_t)n, sizeof *m), got = 0;
	int i;

	if (total >= goal) {
		free(m);
		return 1;
	}
	m[0] = 1;
	for (k = 0; total + 10 * k < goal; k++)
		for (i = 1; i <= 6; i++)
			m[k + i] += m[k] * exact_p(faces, i);
	for (; k < n; k++)
		got += m[k];
	free(m);
	return got;
}

/* The advice in words for t's state. */
static void
advice(struct th *t, struct buf *b)
{
	buf_reset(b);
	game_shake.advise(t->rp.st, b);
}

static void
test_exact_odds(void)
{
	/* 10 f 6^6 / (6-f)^6 up to a multiple of 10, by hand */
	static const long stops[6] = { 0, 30, 230, 1920, 29160, 2332800 };
	struct th t;
	struct buf b = BUF_INIT;
	struct advice a;
	char want[128];
	long stop;
	double v, r;
	int f;

	for (f = 1; f <= 5; f++) {
		is_int(odds_shake_stop(f), stops[f], "SH-2: the stop with "
		    "each shake-faces value, exactly");
		v = best_value(f, &stop);
		is_int(stop, stops[f], "SH-2: value iteration stops there too");
		ok(fabs(odds_shake_value(f, 0) - v) <= 1e-9 * v,
		    "SH-2: a shake's worth with %d faces: %.3f, by value "
		    "iteration %.3f", f, odds_shake_value(f, 0), v);
		r = forward_reach(f, 0, 12210);
		ok(fabs(odds_shake_reach(f, 0, 12210) - r) <= 1e-9 * r,
		    "SH-2: the chance to reach 12210 with %d faces: %.6f, "
		    "pushed forward %.6f", f, odds_shake_reach(f, 0, 12210),
		    r);
		r = forward_reach(f, 40, 30000);
		ok(fabs(odds_shake_reach(f, 40, 30000) - r) <= 1e-9 * r,
		    "SH-2: from 40 to 30000 with %d faces: %.6g", f, r);
	}
	is_int(lround(odds_shake_value(4, 0)), 10735,
	    "SH-2: with 4 faces a shake is worth 10,735 (issue 9)");
	is_int(lround(odds_shake_value(5, 0)), 858199,
	    "SH-2: with 5 faces a shake is worth 858,199 (issue 9)");
	ok(fabs(odds_shake_reach(4, 0, 12210) - 0.658) < 0.0005,
	    "SH-2: 65.8%% to get 12,210 with 4 faces (issue 9)");
	ok(odds_shake_crap(5) == 1.0 / 46656,
	    "SH-2: a crap-out with 5 faces is 1/46656 exactly");

	/* the words: worth, the break-even, the crap-out, the chance */
	th_start(&t, &game_shake, "Ann,Bob,Cid", "shake-faces=5");
	th_must(&t, "roll 10 20 30");
	advice(&t, &b);
	is_str(buf_str(&b), "", "the chooser's odds are the coach's line "
	    "alone: the shake's worth is said once (issue 36)");
	memset(&a, 0, sizeof a);
	ok(game_shake.advice(t.rp.st, &a) && strcmp(buf_str(&a.say),
	    "shake: worth 858198.7 on average, banking once the total "
	    "reaches 2332800; the die is worth 30") == 0,
	    "SH-2: the chooser's advice with 5 faces: %s", buf_str(&a.say));
	advice_free(&a);
	th_must(&t, "shake");
	th_must(&t, "roll 10 0 0 0 0 0");
	advice(&t, &b);
	ok(strstr(buf_str(&b), "craps out 0.0021% of the time") != NULL &&
	    strstr(buf_str(&b), "One more shake gains on average while the "
	    "total is under 2332800: shake on, and bank once it reaches "
	    "2332800.") != NULL,
	    "SH-2: 1/46656 = 0.0021%%, break-even 2332800: %s",
	    buf_str(&b));
	th_end(&t);
	th_start(&t, &game_shake, "Ann,Bob,Cid", "shake-faces=3");
	th_must(&t, "roll 10 20 30");
	th_must(&t, "shake");
	/* 1920 = 10 * 3 * 6^6 / 3^6: one more shake neither gains nor loses */
	for (f = 0; f < 32; f++)
		th_must(&t, "roll 10 10 10 10 10 10");
	advice(&t, &b);
	ok(strstr(buf_str(&b), "At 1920 one more shake neither gains nor "
	    "loses") != NULL,
	    "SH-2: at exactly the break-even: %s", buf_str(&b));
	th_must(&t, "roll 10 0 0 0 0 0");
	advice(&t, &b);
	ok(strstr(buf_str(&b), "One more shake loses on average once the "
	    "total is over 1920 (from 1920 on): bank.") != NULL &&
	    strstr(buf_str(&b), "1.6%") != NULL,
	    "SH-2: past it, it loses; 1/64 is 1.6%%: %s", buf_str(&b));
	th_end(&t);
	th_start(&t, &game_shake, "Ann,Bob,Cid", "shake-faces=2");
	th_must(&t, "roll 10 20 30");
	th_must(&t, "shake");
	th_must(&t, "roll 10 0 0 0 0 0");
	advice(&t, &b);
	ok(strstr(buf_str(&b), "One more shake gains on average while the "
	    "total is under 227.81: shake on, and bank once it reaches 230.")
	    != NULL, "SH-2: 20 * 6^6 / 4^6 = 227.8125, so bank from 230: %s",
	    buf_str(&b));
	th_end(&t);

	/* SH-8: Bob needs 12210 in the All Shake round, 4 faces */
	th_start(&t, &game_shake, "Ann,Bob,Cid", "shake-faces=4");
	th_must(&t, "roll 10 20 30");
	th_must(&t, "shake");		/* Cid; Ann 10, Bob 20 */
	for (f = 0; f < 200; f++)
		th_must(&t, "roll 10 10 10 10 10 10");
	th_must(&t, "bank");		/* Cid 12000 */
	to_all_shake(&t, "10 20 30");	/* Ann 100, Bob 200, Cid 12270 */
	th_must(&t, "pass");		/* Cid */
	th_must(&t, "roll 10 0 0 0 0 0");	/* Bob at 10 */
	advice(&t, &b);
	/* to lead Bob needs 12280 - 200 = 12080 in all, 12070 more */
	snprintf(want, sizeof want, "Bob needs 12070 more to lead: %.1f%% to "
	    "get there", 100 * forward_reach(4, 10, 12080));
	ok(strstr(buf_str(&b), want) != NULL, "SH-8, SH-2: %s (%s)", want,
	    buf_str(&b));
	th_end(&t);
	buf_free(&b);
}

static void
test_rounds(void)
{
	struct th t;
	int r;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	for (r = 1; r <= 10; r++) {
		is_int(th_expect(&t).round, r, "SH-3: round counts up");
		round_all_take(&t, "10 20 30");
	}
	is_int(th_expect(&t).round, 11, "SH-3: after 10 rounds, round 11");
	is_int(th_do(&t, "roll 10 20 30"), RULING_REFUSED,
	    "SH-3: no 11th colored roll");
	is_str(th_turn(&t), "Cid", "SH-8: the highest total shakes first");
	th_end(&t);
}

static void
test_all_shake(void)
{
	struct th t;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	to_all_shake(&t, "10 20 30");	/* Ann 100, Bob 200, Cid 300 */
	ok(th_can(&t, "roll") && th_can(&t, "pass") && !th_can(&t, "shake")
	    && !th_can(&t, "bank"), "SH-8: a turn opens with roll or pass");
	is_int(th_do(&t, "shake"), RULING_REFUSED,
	    "SH-8: shake is refused in the All Shake round");
	ok(th_why_has(&t, "SH-8"), "SH-8: the refusal cites the ruling");
	is_int(th_do(&t, "bank"), RULING_REFUSED,
	    "SH-8: bank refused before a shake");
	th_must(&t, "roll 10 10 0 0 0 0");
	is_int(th_do(&t, "pass"), RULING_REFUSED,
	    "SH-8: pass only opens a turn");
	th_must(&t, "bank");
	is_int(th_score(&t, "Cid"), 320, "SH-8: Cid banks 20");
	is_str(th_turn(&t), "Bob", "SH-8: then the next highest total");
	th_must(&t, "pass");
	is_int(th_score(&t, "Bob"), 200, "SH-8: pass scores 0");
	is_str(th_turn(&t), "Ann", "SH-8: then Ann");
	th_must(&t, "roll 10 0 0 0 0 0");
	th_must(&t, "roll 0 0 0 0 0 0");
	is_int(th_score(&t, "Ann"), 100, "SH-8: a crap-out ends her turn "
	    "with 0");
	ok(th_expect(&t).finished, "SH-8: the game ends after the last "
	    "player");
	ok(th_won(&t, "Cid") && !th_won(&t, "Bob") && !th_won(&t, "Ann"),
	    "SH-10: the highest total wins");
	is_int(th_do(&t, "roll 10 0 0 0 0 0"), RULING_DATA,
	    "a finished game refuses game verbs (data)");
	is_int(th_do(&t, "place 1"), RULING_DATA,
	    "a finished game: data before the foreign verb");
	ok(th_replays(&t), "a whole game replays to the same state");
	is_int(th_do(&t, "undo"), RULING_OK, "undo works on a finished game");
	ok(!th_expect(&t).finished, "undoing the last entry reopens the game");
	is_str(th_turn(&t), "Ann", "Ann is shaking again");
	th_end(&t);
}

static void
test_tie_rolls(void)
{
	struct th t;

	/* Rounds: Ann 20/10, Bob 10/20 alternate: both 150; Cid 300. */
	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	while (th_expect(&t).round <= 10) {
		round_all_take(&t, "20 10 30");
		round_all_take(&t, "10 20 30");
	}
	is_int(th_score(&t, "Ann"), 150, "setup: Ann 150");
	is_int(th_score(&t, "Bob"), 150, "setup: Bob 150");
	is_int(th_expect(&t).turn, -1, "SH-9: the tie group rolls as a table");
	ok(th_can(&t, "roll") && !th_can(&t, "pass"),
	    "SH-9: the tie is settled before the first All Shake turn");
	is_int(th_do(&t, "roll 20 30 40"), RULING_REFUSED,
	    "SH-9: only the tied players roll");
	is_str(buf_str(&t.r.why), "expected 2 values (Ann, Bob), got 3",
	    "SH-9: the refusal names the tied players");
	is_int(th_do(&t, "roll Ann=20 Cid=30"), RULING_REFUSED,
	    "SH-9: Cid is not in the tie");
	th_must(&t, "roll 40 40");
	ok(th_can(&t, "roll") && !th_can(&t, "order"),
	    "SH-9: a shared highest value is rolled again");
	th_must(&t, "roll Bob=50 Ann=30");
	is_str(th_turn(&t), "Bob", "SH-9: the highest roller names the order");
	ok(th_can(&t, "order") && !th_can(&t, "roll"), "SH-9: order is "
	    "expected");
	is_int(th_do(&t, "order Bob"), RULING_REFUSED,
	    "SH-9: every member must be named (group of two too)");
	is_int(th_do(&t, "order Bob Bob"), RULING_REFUSED,
	    "SH-9: a member named twice is refused");
	is_int(th_do(&t, "order Bob Cid"), RULING_REFUSED,
	    "SH-9: a non-member is refused");
	is_int(th_do(&t, "order Bob Zed"), RULING_DATA,
	    "SH-9: an unknown name is a data error");
	th_must(&t, "order ann bob");
	is_str(th_turn(&t), "Cid", "SH-8: Cid, highest total, shakes first");
	th_must(&t, "pass");
	is_str(th_turn(&t), "Ann", "SH-9: Ann shakes before Bob as ordered");
	th_must(&t, "pass");
	is_str(th_turn(&t), "Bob", "SH-9: then Bob");
	th_must(&t, "roll 10 0 0 0 0 0");
	th_must(&t, "bank");
	ok(th_expect(&t).finished && th_won(&t, "Cid"), "SH-10: Cid wins");
	ok(th_replays(&t), "replay gives the same state");
	th_end(&t);
}

static void
test_two_tie_groups(void)
{
	struct th t;

	/* Ann=Bob=100... and Cid=Dan=200: the higher group first. */
	th_start(&t, &game_shake, "Ann,Bob,Cid,Dan", NULL);
	while (th_expect(&t).round <= 10) {
		th_must(&t, "roll 10 10 20 20");
	}
	is_int(th_score(&t, "Cid"), 200, "setup: Cid 200");
	is_int(th_do(&t, "roll 10 20"), RULING_OK,
	    "SH-9: the higher tie (Cid, Dan) rolls first");
	is_str(th_turn(&t), "Dan", "SH-9: Dan rolled highest");
	th_must(&t, "order Dan Cid");
	ok(th_can(&t, "roll") && th_expect(&t).turn == -1,
	    "SH-9: then the lower tie rolls, before any shaking");
	is_int(th_do(&t, "roll Cid=10 Dan=20"), RULING_REFUSED,
	    "SH-9: now only Ann and Bob roll");
	th_must(&t, "roll 60 10");
	th_must(&t, "order Bob Ann");
	is_str(th_turn(&t), "Dan", "SH-9: Dan shakes first");
	th_must(&t, "pass");
	is_str(th_turn(&t), "Cid", "SH-9: then Cid");
	th_must(&t, "pass");
	is_str(th_turn(&t), "Bob", "SH-9: then Bob");
	th_must(&t, "roll 10 0 0 0 0 0");
	th_must(&t, "bank");
	th_must(&t, "pass");
	ok(th_expect(&t).finished, "the game is over");
	ok(th_won(&t, "Cid") && th_won(&t, "Dan") && !th_won(&t, "Bob"),
	    "SH-10: equal highest totals share the win");
	th_end(&t);
}

static void
test_undo_redo(void)
{
	struct th t;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	is_int(th_do(&t, "undo"), RULING_REFUSED, "undo with nothing to undo");
	is_int(th_do(&t, "redo"), RULING_REFUSED, "redo with nothing undone");
	is_int(th_do(&t, "undo 3"), RULING_USAGE, "undo takes no arguments");
	th_must(&t, "roll 10 50 30");
	th_must(&t, "shake");
	is_int(th_score(&t, "Ann"), 10, "after shake Ann scored");
	th_must(&t, "undo");
	is_int(th_score(&t, "Ann"), 0, "undo takes the shake back");
	is_str(th_turn(&t), "Bob", "Bob chooses again");
	th_must(&t, "redo");
	is_int(th_score(&t, "Ann"), 10, "redo restores it");
	th_must(&t, "undo");
	th_must(&t, "undo");
	is_int(th_expect(&t).turn, -1, "undo back to the first entry");
	is_int(th_do(&t, "undo"), RULING_REFUSED, "nothing more to undo");
	th_must(&t, "roll 10 20 30");
	is_int(th_do(&t, "redo"), RULING_REFUSED,
	    "redo refused once a game verb was accepted since");
	is_int(t.rp.entries[0].undone, 1, "the undone roll shows undone");
	is_str(t.rp.entries[5].argv[0], "1", "undo's argument is the target");
	ok(th_replays(&t), "undo and redo replay");
	th_end(&t);
}

static void
test_foreign(void)
{
	struct th t;

	th_start(&t, &game_shake, "Ann,Bob", NULL);
	is_int(th_do(&t, "place 1"), RULING_REFUSED,
	    "a verb of another game is refused");
	is_str(buf_str(&t.r.why), "shake has no 'place'", "it says shake has no 'place'");
	is_int(th_do(&t, "keep 1"), RULING_REFUSED, "shake has no keep");
	is_int(th_do(&t, "take 1"), RULING_USAGE, "take takes no arguments");
	is_int(th_do(&t, "order"), RULING_USAGE, "order needs names");
	is_int(th_do(&t, "order Ann Bob"), RULING_REFUSED,
	    "order refused outside a tie");
	is_int(th_do(&t, "pass"), RULING_REFUSED,
	    "pass refused in rounds 1-10");
	th_end(&t);
}

/*
 * A ruling comes out whole at the longest SPEC.md allows: six players
 * (Shake's most) named with 32 characters of four bytes each, and a note
 * of 200 such characters (a note's most).  The words are built here
 * from the rules' own wording, never read back from the referee.
 */
static void
test_long_rulings(void)
{
	static const char die[] = "\xf0\x9f\x8e\xb2";	/* U+1F3B2, 4 bytes */
	struct buf players = BUF_INIT, want = BUF_INIT, line = BUF_INIT;
	char name[6][32 * 4 + 1];
	struct th t;
	int i, k;

	for (i = 0; i < 6; i++) {
		name[i][0] = '\0';
		for (k = 0; k < 31; k++)
			strcat(name[i], die);
		name[i][31 * 4] = (char)('A' + i);
		name[i][31 * 4 + 1] = '\0';
		buf_printf(&players, "%s%s", i ? "," : "", name[i]);
	}
	th_start(&t, &game_shake, buf_str(&players), NULL);
	/* What comes next names all six too (struct expectation). */
	buf_puts(&want, "Round 1. Roll the colored dice: one value each for ");
	for (i = 0; i < 6; i++)
		buf_printf(&want, "%s%s", i == 0 ? "" : i < 5 ? ", " : " and ",
		    name[i]);
	is_str(buf_str(th_expect(&t).say), buf_str(&want),
	    "SH-4: the round's start names all six players, whole");
	buf_reset(&want);
	is_int(th_do(&t, "roll 20 30"), RULING_REFUSED,
	    "SH-4: a short roll of six long-named players is refused");
	buf_puts(&want, "expected 6 values (");
	for (i = 0; i < 6; i++)
		buf_printf(&want, "%s%s", i ? ", " : "", name[i]);
	buf_puts(&want, "), got 2");
	ok(want.len > 700, "the refusal is %zu bytes", want.len);
	is_str(buf_str(&t.r.why), buf_str(&want),
	    "SH-4: ... naming all six, whole");

	/* SH-5: five match on 10 and score it; the sixth chooses. */
	is_int(th_do(&t, "roll 10 10 10 10 10 20"), RULING_OK,
	    "SH-5: five match");
	buf_reset(&want);
	for (i = 0; i < 5; i++)
		buf_printf(&want, "%s%s", i == 0 ? "" : i < 4 ? ", " : " and ",
		    name[i]);
	buf_printf(&want, " match on 10 and score it; %s has the highest "
	    "die (20) and chooses", name[5]);
	ok(want.len > 512, "the note is %zu bytes", want.len);
	is_str(buf_str(&t.r.note), buf_str(&want),
	    "SH-5: the note names the five and the chooser, whole");

	buf_puts(&line, "note ");
	buf_reset(&want);
	buf_puts(&want, "note: ");
	for (i = 0; i < GAME_TEXT_MAX; i++) {
		buf_puts(&line, die);
		buf_puts(&want, die);
	}
	is_int(th_do(&t, buf_str(&line)), RULING_OK,
	    "a note of 200 four-byte characters is taken");
	is_str(buf_str(&t.r.note), buf_str(&want),
	    "... and its ruling gives it whole (806 bytes)");
	th_end(&t);
	buf_free(&players);
	buf_free(&want);
	buf_free(&line);
}


/*
 * The count of values the roll expected now takes (the pad's "1 of 3")
 * and whose dice it covers: every player's at a round's start (SH-1),
 * six for a shake (SH-2), the tied alone in a tie roll (SH-9).
 */
static void
test_count(void)
{
	struct th t;
	struct expectation x;
	int i;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	x = th_expect(&t);
	is_int(x.count, 3, "SH-1: three colored dice, one a player");
	ok(x.count_verb == game_verb_find(&game_shake, verb_lookup("roll")),
	    "SH-1: the count is roll's");
	is_int((int)x.rolling, 0, "SH-1: every player's die");
	th_must(&t, "roll 10 20 30");
	th_must(&t, "shake");
	x = th_expect(&t);
	is_int(x.count, 6, "SH-2: a shake is six values");
	th_end(&t);

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	for (i = 0; i < 10; i++) {
		th_must(&t, "roll 10 20 20");
		th_must(&t, "take");
	}
	x = th_expect(&t);
	is_int(x.count, 2, "SH-9: Bob and Cid tie on 200: two values");
	is_int((int)x.rolling, 1 << 1 | 1 << 2, "SH-9: Bob's and Cid's dice");
	th_end(&t);
}

int
main(void)
{
	test_values();
	test_counts_and_names();
	test_void();
	test_matches();
	test_choice();
	test_shaking();
	test_faces_option();
	test_exact_odds();
	test_rounds();
	test_all_shake();
	test_tie_rolls();
	test_two_tie_groups();
	test_undo_redo();
	test_foreign();
	test_long_rulings();
	test_count();
	return tap_done();
}
