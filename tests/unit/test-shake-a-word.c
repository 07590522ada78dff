/*
 * test-shake-a-word.c: the Shake-A-Word rules module, ruling by ruling,
 * through the real referee path, with harness.h's fake dictionary.
 */
#include "harness.h"
#include "../../src/games/shake-a-word.h"

#define DICT	"cat cats tea eat ate quit quite rat star arts tar rest " \
		"act tact dog dogs cod doc road"
#define GRID	"grid CATS ORED DOGS QuITE"

/* The fact stored with the latest entry ("" if none). */
static const char *
last_fact(struct th *t)
{
	const struct stored_entry *se = &t->rp.entries[t->rp.nentries - 1];

	return se->fact != NULL ? se->fact : "";
}

/* 1 if s contains sub. */
static int
has(const char *s, const char *sub)
{
	return s != NULL && strstr(s, sub) != NULL;
}

/* Advice into a static buffer. */
static const char *
advised(struct th *t)
{
	static char text[2048];
	struct buf b = BUF_INIT;

	t->rp.rules->advise(t->rp.st, &b);
	snprintf(text, sizeof text, "%s", buf_str(&b));
	buf_free(&b);
	return text;
}

/* Describe into a static buffer. */
static const char *
described(struct th *t)
{
	static char text[8192];
	struct buf b = BUF_INIT;

	t->rp.rules->describe(t->rp.st, &b);
	snprintf(text, sizeof text, "%s", buf_str(&b));
	buf_free(&b);
	return text;
}

static void
test_grid(void)
{
	struct th t;
	struct expectation x;
	int n;

	th_start(&t, &game_shake_a_word, "Ann,Bob", NULL);
	th_json_is(&t, "{\"grid\":[]}", "SW-1: no grid before the first");
	x = th_expect(&t);
	is_int(x.verbs, th_bit(&t, "grid"), "before the first grid only grid "
	    "is expected");
	is_int(x.turn, -1, "the table enters (turn -1)");
	is_int(x.round, 1, "round 1 before the first grid");
	n = t.rp.nentries;
	is_int(th_do(&t, "grid ABC DQE FGH"), RULING_REFUSED,
	    "SW-1: a lone Q is refused");
	ok(has(buf_str(&t.r.why), "lone Q"), "SW-1: ... saying so: %s", buf_str(&t.r.why));
	is_int(th_do(&t, "grid AB CD"), RULING_REFUSED,
	    "SW-1: a 2x2 grid is refused");
	is_int(th_do(&t, "grid ABCDEFG BCDEFGH CDEFGHI DEFGHIJ EFGHIJK "
	    "FGHIJKL GHIJKLM"), RULING_REFUSED, "SW-1: a 7x7 grid is refused");
	is_int(th_do(&t, "grid ABCD EFGH IJK MNOP"), RULING_REFUSED,
	    "SW-1: a row of the wrong length is refused");
	ok(has(buf_str(&t.r.why), "row 3 'IJK' has 3 cells, expected 4"),
	    "SW-1: ... naming the row: %s", buf_str(&t.r.why));
	is_int(th_do(&t, "grid AB1 CDE FGH"), RULING_REFUSED,
	    "SW-1: a digit in a row is refused");
	is_int(t.rp.nentries, n, "refused grids record nothing");
	is_int(th_do(&t, "grid cats ored dogs quite"), RULING_OK,
	    "SW-1: letters in any case, qu as one cell");
	th_json_is(&t, "{\"grid\":[\"CATS\",\"ORED\",\"DOGS\",\"QuITE\"]}",
	    "SW-1: status grid: uppercase rows, Qu");
	ok(has(buf_str(&t.r.note), "round 1: 4x4 grid CATS ORED DOGS QuITE"),
	    "the note shows the grid: %s", buf_str(&t.r.note));
	is_int(th_do(&t, "grid ABC DEF GHI"), RULING_REFUSED,
	    "SW-7: grid is refused while a round is open");
	ok(has(buf_str(&t.r.why), "round 1 is open"), "SW-7: ... saying so: %s",
	    buf_str(&t.r.why));
	is_int(th_do(&t, "score"), RULING_OK, "score closes round 1");
	is_int(th_do(&t, "grid ABC DEF GHI"), RULING_OK,
	    "SW-1: N may change between rounds (3x3 after 4x4)");
	th_json_is(&t, "{\"grid\":[\"ABC\",\"DEF\",\"GHI\"]}",
	    "status shows the new grid");
	is_int(th_expect(&t).round, 2, "round 2");
	ok(th_replays(&t), "replays to the same state");
	th_end(&t);
}

static void
test_words(void)
{
	struct th t;
	int n;

	th_start(&t, &game_shake_a_word, "Ann,Bob", NULL);
	is_int(th_do(&t, "words Ann cat"), RULING_REFUSED,
	    "SW-3: words before any grid are refused");
	ok(has(buf_str(&t.r.why), "needs an open round"), "... saying why: %s",
	    buf_str(&t.r.why));
	th_do(&t, GRID);
	n = t.rp.nentries;
	is_int(th_do(&t, "words Ann cat c4t"), RULING_REFUSED,
	    "SW-3: a word with a digit is refused");
	ok(has(buf_str(&t.r.why), "'c4t' is not a word: letters only"),
	    "SW-3: ... naming it: %s", buf_str(&t.r.why));
	is_int(th_do(&t, "words Ann cat-dog"), RULING_REFUSED,
	    "SW-3: a hyphen is refused");
	is_int(th_do(&t, "words Ann don't"), RULING_REFUSED,
	    "SW-3: an apostrophe is refused");
	is_int(th_do(&t, "words Ann ca\xe2\x82\xac"), RULING_REFUSED,
	    "SW-3: a sign beyond ASCII is refused");
	ok(has(buf_str(&t.r.why), "'\xe2\x82\xac' is not a letter"), "SW-3: ... "
	    "naming it, without cutting the character: %s", buf_str(&t.r.why));
	{
		/* 200 two-byte letters and a digit: 401 bytes. */
		struct buf line = BUF_INIT, want = BUF_INIT;
		int i;

		buf_puts(&line, "words Ann ");
		buf_puts(&want, "'");
		for (i = 0; i < 200; i++) {
			buf_puts(&line, "\xc3\xa9");
			if (i < 64)
				buf_puts(&want, "\xc3\xa9");
		}
		buf_puts(&line, "1");
		buf_puts(&want, "\xe2\x80\xa6' is not a word: letters only;");
		is_int(th_do(&t, buf_str(&line)), RULING_REFUSED,
		    "SW-3: a 401-byte word with a digit is refused");
		ok(strncmp(buf_str(&t.r.why), buf_str(&want), want.len) == 0 &&
		    has(buf_str(&t.r.why), "(SW-3)"), "SW-3: ... its reason "
		    "whole, the word cut after 64 letters: %s",
		    buf_str(&t.r.why));
		buf_free(&line);
		buf_free(&want);
	}
	is_int(th_do(&t, "words Ann at"), RULING_REFUSED,
	    "SW-3: a word under 3 letters is refused");
	ok(has(buf_str(&t.r.why), "'at' is too short"), "SW-3: ... saying so: %s",
	    buf_str(&t.r.why));
	is_int(t.rp.nentries, n, "SW-3: a refused list records nothing, "
	    "not even its good words");
	is_int(th_do(&t, "words Zed cat"), RULING_DATA,
	    "words for a stranger: exit 3");
	is_int(th_do(&t, "words Ann"), RULING_USAGE,
	    "words without a word: exit 2");
	is_int(th_do(&t, "words Ann CAT Tea"), RULING_OK,
	    "SW-3: words are case folded");
	ok(has(buf_str(&t.r.note), "Ann wrote cat, tea"), "the note lists them: %s",
	    buf_str(&t.r.note));
	is_int(th_do(&t, "words ann cat rat rat"), RULING_OK,
	    "SW-3: words repeat until score");
	ok(has(buf_str(&t.r.note), "rat") && has(buf_str(&t.r.note), "cat already written"),
	    "SW-3: a word entered twice counts once: %s", buf_str(&t.r.note));
	is_int(th_do(&t, "words Ann CAT"), RULING_OK,
	    "SW-3: only a repeat is still accepted");
	is_int(th_do(&t, "score"), RULING_OK, "score");
	is_int(th_score(&t, "Ann"), 3, "SW-3/SW-4: cat, tea, rat: 3 points, "
	    "cat once");
	is_int(th_do(&t, "words Ann star"), RULING_REFUSED,
	    "SW-3: words after score are refused");
	ok(th_replays(&t), "replays");
	th_end(&t);
}

static void
test_values(void)
{
	struct th t;
	static const int seed[] = { 0, 0, 0, 1, 1, 2, 3, 4, 5, 6 };
	static const int boggle[] = { 0, 0, 0, 1, 1, 2, 3, 5, 11, 11 };
	int n;

	th_start(&t, &game_shake_a_word, "Ann,Bob", NULL);
	for (n = 3; n <= 9; n++)
		is_int(saw_word_value(t.rp.st, n), seed[n], "SW-4: seed "
		    "scoring by length");
	th_end(&t);
	th_start(&t, &game_shake_a_word, "Ann,Bob", "scoring=boggle");
	for (n = 3; n <= 9; n++)
		is_int(saw_word_value(t.rp.st, n), boggle[n], "SW-4: "
		    "scoring=boggle by length");
	th_do(&t, GRID);
	th_do(&t, "words Ann quite star");
	th_do(&t, "score");
	is_int(th_score(&t, "Ann"), 2 + 1, "SW-4: boggle: quite (Qu counts 2 "
	    "letters: 5) 2, star 1");
	th_end(&t);

	th_start(&t, &game_shake_a_word, "Ann,Bob,Cid", NULL);
	th_do(&t, GRID);
	th_do(&t, "words Ann cats quite rest");
	th_do(&t, "words Bob cats dogs");
	th_do(&t, "words Cid dogs cod");
	th_do(&t, "score");
	is_int(th_score(&t, "Ann"), 0 + 2 + 1, "SW-4: Ann: cats crossed out, "
	    "quite (Qu is two letters) 2, rest 1");
	is_int(th_score(&t, "Bob"), 0, "SW-4: Bob: cats and dogs crossed "
	    "out");
	is_int(th_score(&t, "Cid"), 1, "SW-4: Cid: dogs crossed out, cod 1");
	ok(has(described(&t), "crossed out"), "the word table says crossed "
	    "out");
	th_end(&t);
}

static void
test_challenge(void)
{
	struct th t;
	int n;

	th_start(&t, &game_shake_a_word, "Ann,Bob,Cid", NULL);
	t.dict = DICT;
	is_int(th_do(&t, "challenge Ann cat"), RULING_REFUSED,
	    "SW-5: a challenge needs an open round");
	th_do(&t, GRID);
	ok(!th_can(&t, "challenge"), "no challenge expected before words");
	th_do(&t, "words Ann cats road tae orc quite");
	th_do(&t, "words Bob orc star");
	ok(th_can(&t, "challenge"), "challenge expected once words are in");
	n = t.rp.nentries;
	is_int(th_do(&t, "challenge Ann star"), RULING_REFUSED,
	    "SW-5: a challenge of a word NAME did not enter is refused");
	ok(has(buf_str(&t.r.why), "Ann did not write 'star' in round 1"),
	    "SW-5: ... saying so: %s", buf_str(&t.r.why));
	is_int(th_do(&t, "challenge Ann c4t"), RULING_REFUSED,
	    "SW-5: a challenge of a non-word is refused");
	is_int(th_do(&t, "challenge Zed cats"), RULING_DATA,
	    "challenge of a stranger: exit 3");
	is_int(th_do(&t, "challenge Ann"), RULING_USAGE,
	    "challenge without WORD: exit 2");
	is_int(t.rp.nentries, n, "refused challenges record nothing");

	is_int(th_do(&t, "challenge Ann CATS"), RULING_OK,
	    "SW-2/SW-5: a word on the grid and in the dictionary survives its "
	    "challenge (exit 0)");
	ok(has(buf_str(&t.r.note), "'cats' stands: on the grid and in en_US"),
	    "SW-5: ... and the referee says why: %s", buf_str(&t.r.note));
	ok(has(last_fact(&t), "dict:en_US") && has(last_fact(&t), "cats=1"),
	    "the verdict and the dictionary are stored: %s", last_fact(&t));
	is_int(th_do(&t, "challenge Ann cats"), RULING_REFUSED,
	    "SW-5: a word already ruled cannot be challenged");
	ok(has(buf_str(&t.r.why), "already has a ruling"), "SW-5: ... saying so: %s",
	    buf_str(&t.r.why));

	is_int(th_do(&t, "challenge Ann road"), RULING_UPHELD,
	    "SW-2/SW-5: a word not on the grid: challenge upheld (exit 5)");
	ok(has(buf_str(&t.r.note), "after 'ROA' no unused neighbour shows 'D'"),
	    "SW-5: ... saying where the path breaks: %s", buf_str(&t.r.note));
	is_str(last_fact(&t), "", "SW-5: no dictionary asked for a word not "
	    "on the grid");

	is_int(th_do(&t, "challenge Ann tae"), RULING_UPHELD,
	    "SW-2/SW-5: a word not in the dictionary: upheld (exit 5)");
	ok(has(buf_str(&t.r.note), "'tae' is not in en_US (suggestions: tea, tar, "
	    "tact)"), "SW-5: ... with suggestions: %s", buf_str(&t.r.note));
	ok(has(last_fact(&t), "tae=0:tea,tar,tact"),
	    "the suggestions are stored: %s", last_fact(&t));
	ok(has(buf_str(&t.r.note), "counts -1"), "SW-5: it counts minus its value");

	is_int(th_do(&t, "challenge Ann orc"), RULING_UPHELD,
	    "SW-5: Ann's orc is not in the dictionary");
	ok(has(buf_str(&t.r.note), "counts 0, crossed out"),
	    "SW-5: a crossed-out word counts 0 either way: %s", buf_str(&t.r.note));

	t.dict = NULL;
	n = t.rp.nentries;
	is_int(th_do(&t, "challenge Ann quite"), RULING_SYSTEM,
	    "SW-5: no dictionary: exit 4");
	ok(has(buf_str(&t.r.why), "fake dictionary is missing"),
	    "... with the lookup's reason: %s", buf_str(&t.r.why));
	is_int(t.rp.nentries, n, "... and nothing recorded");
	t.dict = DICT;
	th_do(&t, "score");
	/* Ann: cats +1, road -1, tae -1, orc 0 (crossed), quite +2 */
	is_int(th_score(&t, "Ann"), 1 - 1 - 1 + 0 + 2, "SW-5: Ann's round: "
	    "1 - 1 - 1 + 0 + 2");
	is_int(th_score(&t, "Bob"), 0 + 1, "SW-5: Bob: orc crossed out, star "
	    "1; a rejected challenge costs nothing");
	is_int(th_score(&t, "Cid"), 0, "Cid wrote nothing");
	/* Facts are never recomputed: another dictionary, same game. */
	t.dict = "";
	ok(th_replays(&t), "replays to the same JSON");
	is_int(th_score(&t, "Ann"), 1, "the stored verdicts stand whatever "
	    "the dictionary says now");
	th_end(&t);
}

static void
test_check_all(void)
{
	struct th t;

	th_start(&t, &game_shake_a_word, "Ann,Bob", "check=all");
	t.dict = DICT;
	th_do(&t, GRID);
	th_do(&t, "words Ann cats tae road");
	th_do(&t, "words Bob tae quite");
	is_int(th_do(&t, "challenge Bob quite"), RULING_OK,
	    "check=all: a challenge still rules first");
	is_int(th_do(&t, "score"), RULING_OK, "check=all: score rules on "
	    "every word left (exit 0)");
	ok(has(buf_str(&t.r.note), "the check struck 3 words"),
	    "check=all: the note counts the struck words: %s", buf_str(&t.r.note));
	ok(has(last_fact(&t), "cats=1") && has(last_fact(&t), "tae=0") &&
	    !has(last_fact(&t), "road") && !has(last_fact(&t), "quite"),
	    "check=all: the dictionary is asked once a word, only for words "
	    "on the grid without a ruling: %s", last_fact(&t));
	is_int(th_score(&t, "Ann"), 1 + 0 - 1, "SW-5 check=all: cats 1, tae "
	    "crossed out, road -1");
	is_int(th_score(&t, "Bob"), 0 + 2, "SW-5 check=all: tae crossed out, "
	    "quite 2");
	ok(th_replays(&t), "replays");
	th_end(&t);

	th_start(&t, &game_shake_a_word, "Ann,Bob", "check=all");
	t.dict = NULL;
	th_do(&t, GRID);
	th_do(&t, "words Ann cats");
	is_int(th_do(&t, "score"), RULING_SYSTEM, "check=all without a "
	    "dictionary: score exits 4");
	ok(th_can(&t, "score"), "... and the round stays open");
	th_end(&t);

	th_start(&t, &game_shake_a_word, "Ann,Bob", NULL);
	t.dict = NULL;
	th_do(&t, GRID);
	th_do(&t, "words Ann cats xyz");
	is_int(th_do(&t, "score"), RULING_OK, "check=challenged: score needs "
	    "no dictionary");
	is_int(th_score(&t, "Ann"), 2, "SW-5: unchallenged words stand "
	    "(even xyz)");
	th_end(&t);
}

static void
test_vote(void)
{
	struct th t;

	th_start(&t, &game_shake_a_word, "Ann,Bob", NULL);
	t.dict = DICT;
	is_int(th_do(&t, "vote Ann cat accept"), RULING_REFUSED,
	    "SW-6: vote without an open round is refused");
	ok(!th_can(&t, "vote"), "vote is not expected before a grid");
	th_do(&t, GRID);
	ok(!th_can(&t, "vote"), "vote is not expected before words");
	th_do(&t, "words Ann tae cats orc eat");
	ok(th_can(&t, "vote"), "vote is expected once words are in");
	is_int(th_do(&t, "vote Ann star accept"), RULING_REFUSED,
	    "SW-6: a vote on a word NAME did not enter is refused");
	is_int(th_do(&t, "vote Ann tae maybe"), RULING_USAGE,
	    "SW-6: vote without accept or reject: exit 2");
	is_int(th_do(&t, "challenge Ann tae"), RULING_UPHELD, "tae struck");
	is_int(th_do(&t, "vote Ann tae accept"), RULING_OK,
	    "SW-6: the table accepts a struck word (exit 0)");
	ok(has(buf_str(&t.r.note), "the table accepts Ann's 'tae': it counts +1"),
	    "SW-6: the note: %s", buf_str(&t.r.note));
	is_int(th_do(&t, "vote Ann cats reject"), RULING_OK,
	    "SW-6: the table rejects an unchallenged word (exit 0)");
	is_int(th_do(&t, "challenge Ann cats"), RULING_REFUSED,
	    "SW-6: a word the table voted on cannot be challenged");
	is_int(th_do(&t, "vote Ann cats accept"), RULING_OK,
	    "SW-6: a later vote replaces the earlier one");
	is_int(th_do(&t, "vote Ann orc reject"), RULING_OK,
	    "SW-6: reject counts as upheld");
	is_int(th_do(&t, "challenge Ann eat"), RULING_OK, "eat stands");
	is_int(th_do(&t, "vote Ann eat reject"), RULING_OK,
	    "SW-6: a vote overrules a challenge ruling");
	th_do(&t, "score");
	is_int(th_score(&t, "Ann"), 1 + 1 - 1 - 1, "SW-6: tae +1, cats +1, "
	    "orc -1, eat -1");
	ok(th_replays(&t), "replays");
	is_int(th_do(&t, "vote Ann tae reject"), RULING_REFUSED,
	    "SW-6: vote after score is refused");
	th_end(&t);

	/* SW-6: a word with no path on the grid is not the table's to accept */
	th_start(&t, &game_shake_a_word, "Ann,Bob", NULL);
	t.dict = DICT;
	th_do(&t, GRID);
	th_do(&t, "words Ann catz dogs stag");
	is_int(th_do(&t, "vote Ann catz accept"), RULING_REFUSED,
	    "SW-6: vote accept on a word with no path is refused (exit 1)");
	ok(has(buf_str(&t.r.why), "after 'CAT' no unused neighbour shows 'Z'"),
	    "SW-6: ... saying where the path breaks: %s", buf_str(&t.r.why));
	is_int(th_do(&t, "vote Ann stag accept"), RULING_REFUSED,
	    "SW-6: stag: S, T, A on the grid but no G next to that A");
	ok(has(buf_str(&t.r.why), "no unused neighbour shows 'G'"),
	    "SW-6: ... %s", buf_str(&t.r.why));
	is_int(th_do(&t, "vote Ann catz reject"), RULING_OK,
	    "SW-6: rejecting it stands");
	is_int(th_do(&t, "vote Ann dogs accept"), RULING_OK,
	    "SW-6: a word on the grid may be accepted");
	th_do(&t, "score");
	ok(th_replays(&t), "SW-6: replays");
	th_end(&t);
}

static void
test_rounds(void)
{
	struct th t;
	struct word_round v;

	th_start(&t, &game_shake_a_word, "Ann,Bob,Cid", NULL);
	is_int(th_do(&t, "finish"), RULING_REFUSED,
	    "SW-7: finish before any round is refused");
	is_int(saw_round_view(t.rp.st, 1, &v), -1, "no round to view");
	th_do(&t, GRID);
	ok(th_can(&t, "timer"), "timer is expected while a round is open");
	ok(!th_can(&t, "grid") && !th_can(&t, "finish"),
	    "SW-7: neither grid nor finish while a round is open");
	is_int(th_do(&t, "finish"), RULING_REFUSED,
	    "SW-7: finish is refused while a round is open");
	th_do(&t, "words Ann cats quite");
	th_do(&t, "words Bob star");
	is_int(saw_round_view(t.rp.st, 0, &v), -1, "no scored round yet");
	is_int(saw_round_view(t.rp.st, 1, &v), 0, "force: the open round");
	is_int(v.open, 1, "... it is open");
	th_do(&t, "score");
	ok(!th_can(&t, "timer"), "timer is not expected between rounds");
	ok(th_can(&t, "grid") && th_can(&t, "finish"),
	    "grid or finish between rounds");
	is_int(saw_round_view(t.rp.st, 0, &v), 0, "the scored round");
	is_int(v.round, 1, "round 1");
	is_int(v.open, 0, "closed");
	is_int(v.n, 4, "a 4x4 grid");
	is_str(v.cells[12], "qu", "Qu cell");
	is_int(v.nplayers, 3, "3 players");
	is_str(v.words[0][0], "cats", "Ann's first word");
	is_str(v.words[0][1], "quite", "Ann's second word");
	ok(v.words[0][2] == NULL, "Ann's list ends");
	ok(v.words[2][0] == NULL, "Cid's list is empty");
	th_do(&t, "grid SEE TAN ROD");
	th_do(&t, "words Cid seen neat road");
	th_do(&t, "score");
	ok(has(described(&t), "    1         3        1        0\n"
	    "    2         0        0        3\n"
	    "total         3        1        3\n"),
	    "standings in words show each round's scores:\n%s",
	    described(&t));
	is_int(th_score(&t, "Ann"), 3, "SW-7: cumulative: Ann 3");
	is_int(th_score(&t, "Cid"), 3, "SW-7: cumulative: Cid 3");
	ok(!th_won(&t, "Ann"), "nobody wins before finish");
	is_int(th_do(&t, "finish"), RULING_OK, "SW-7: finish between rounds");
	ok(th_expect(&t).finished, "the game is over");
	is_int(th_expect(&t).verbs, 0, "nothing is expected");
	ok(th_won(&t, "Ann") && th_won(&t, "Cid") && !th_won(&t, "Bob"),
	    "SW-7: equal highest scores share the win");
	is_int(th_do(&t, "grid ABC DEF GHI"), RULING_DATA,
	    "after finish: the game is over (exit 3)");
	is_int(th_do(&t, "undo"), RULING_OK, "undo the finish");
	ok(!th_expect(&t).finished, "the game is active again");
	is_int(th_do(&t, "redo"), RULING_OK, "redo the finish");
	ok(th_expect(&t).finished, "over again");
	ok(th_replays(&t), "replays after undo and redo");
	th_end(&t);

	th_start(&t, &game_shake_a_word, "Ann,Bob,Cid", "scoring-mode=round");
	th_do(&t, GRID);
	th_do(&t, "words Ann cats quite");
	th_do(&t, "words Bob star");
	th_do(&t, "score");
	ok(has(buf_str(&t.r.note), "Ann wins the round"), "SW-7 round mode: the round's "
	    "winner: %s", buf_str(&t.r.note));
	th_do(&t, "grid SEE TAN ROD");
	th_do(&t, "words Bob seen");
	th_do(&t, "words Cid neat");
	th_do(&t, "score");
	ok(has(buf_str(&t.r.note), "Bob and Cid share the round"),
	    "SW-7 round mode: a shared round: %s", buf_str(&t.r.note));
	is_int(th_score(&t, "Ann"), 1, "SW-7 round mode: Ann won 1 round");
	is_int(th_score(&t, "Bob"), 1, "SW-7 round mode: Bob won 1 round");
	is_int(th_score(&t, "Cid"), 1, "SW-7 round mode: Cid won 1 round");
	th_do(&t, "grid SEE TAN ROD");
	th_do(&t, "words Ann neat");
	th_do(&t, "score");
	th_do(&t, "finish");
	ok(th_won(&t, "Ann") && !th_won(&t, "Bob"), "SW-7 round mode: most "
	    "rounds won wins");
	ok(th_replays(&t), "replays");
	th_end(&t);

	/* SW-7: a round where nobody scores above 0 has no winner */
	th_start(&t, &game_shake_a_word, "Ann,Bob", "scoring-mode=round");
	t.dict = DICT;
	th_do(&t, GRID);
	is_int(th_do(&t, "score"), RULING_OK, "SW-7: a round with no words");
	ok(has(buf_str(&t.r.note), "no winner"), "SW-7: nobody above 0, no winner: "
	    "%s", buf_str(&t.r.note));
	is_int(th_score(&t, "Ann") + th_score(&t, "Bob"), 0,
	    "SW-7: no round won by anyone");
	th_do(&t, GRID);
	th_do(&t, "words Ann tae");
	th_do(&t, "words Bob eat");
	th_do(&t, "challenge Ann tae");
	th_do(&t, "vote Bob eat reject");
	is_int(th_do(&t, "score"), RULING_OK, "SW-7: a round of struck words");
	ok(has(buf_str(&t.r.note), "no winner"), "SW-7: every score 0 or less, no "
	    "winner: %s", buf_str(&t.r.note));
	is_int(th_score(&t, "Ann") + th_score(&t, "Bob"), 0,
	    "SW-7: still no round won");
	th_do(&t, GRID);
	th_do(&t, "words Bob cats");
	th_do(&t, "score");
	is_int(th_score(&t, "Bob"), 1, "SW-7: Bob wins round 3");
	ok(th_replays(&t), "SW-7: replays");
	th_end(&t);
}

static void
test_undo(void)
{
	struct th t;

	th_start(&t, &game_shake_a_word, "Ann,Bob", NULL);
	t.dict = DICT;
	th_do(&t, GRID);
	th_do(&t, "words Ann tae cats");
	is_int(th_do(&t, "challenge Ann tae"), RULING_UPHELD, "tae struck");
	is_int(th_do(&t, "undo"), RULING_OK, "undo the challenge");
	ok(th_can(&t, "challenge"), "tae can be challenged again");
	is_int(th_do(&t, "redo"), RULING_OK, "redo it (an upheld challenge "
	    "replays)");
	is_int(th_do(&t, "challenge Ann tae"), RULING_REFUSED,
	    "after redo it has its ruling again");
	ok(th_replays(&t), "replays after undo and redo");
	th_do(&t, "score");
	is_int(th_score(&t, "Ann"), 0, "tae -1, cats +1");
	th_do(&t, "undo");
	is_int(th_score(&t, "Ann"), 0, "undo score: no round scored");
	ok(th_can(&t, "words"), "the round is open again");
	th_end(&t);
}

static void
test_expect(void)
{
	struct th t;
	struct expectation x;

	th_start(&t, &game_shake_a_word, "Ann,Bob", NULL);
	th_do(&t, GRID);
	x = th_expect(&t);
	is_int(x.verbs, th_bit(&t, "timer") | th_bit(&t, "words") |
	    th_bit(&t, "score"), "an open round without words: timer, words, "
	    "score");
	is_int(x.turn, -1, "the table enters");
	ok(has(buf_str(x.say), "Round 1."), "say names the round: %s", buf_str(x.say));
	th_do(&t, "words Ann cats road");
	th_do(&t, "words Bob tea");
	ok(has(advised(&t), "Now: Ann +2, Bob +1. Not on the grid, a "
	    "challenge would strike: Ann's 'road'."), "advice: the round so "
	    "far and the words a challenge would strike: %s", advised(&t));
	/* road has no path: the table may reject it, not accept it (SW-6) */
	th_do(&t, "vote Ann road reject");
	th_do(&t, "vote Bob tea accept");
	th_do(&t, "vote Ann cats accept");
	ok(!th_can(&t, "challenge") && th_can(&t, "vote"),
	    "every word ruled: vote but no challenge");
	th_end(&t);
}

int
main(void)
{
	test_grid();
	test_words();
	test_values();
	test_challenge();
	test_check_all();
	test_vote();
	test_rounds();
	test_undo();
	test_expect();
	return tap_done();
}
