/*
 * game-ten-thousand.c: 10,000 (seed 002), rulings TT-1..TT-8.  Pure.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "game.h"
#include "tt-coach.h"
#include "xjson.h"

enum phase {
	P_OFFER,	/* the next player: roll off the bank, or fresh */
	P_ROLL,		/* the player rolls the dice in hand */
	P_ROLLED,	/* the roll is on the table: keep, roll, bank */
	P_OVER
};

struct game_state {
	const struct game_setup	*gs;
	int		 n;
	long		 target;
	int		 four_pair;
	enum phase	 phase;
	int		 round;			/* 1 + returns to seat 0 */
	int		 seat;			/* whose turn */
	long		 score[GAME_MAX_PLAYERS];
	int		 winner;		/* P_OVER */
	/* the turn */
	long		 total;		/* kept before the current roll */
	int		 in_hand;		/* P_ROLL: dice to roll */
	int		 scored;		/* a scoring keep (TT-6) */
	int		 roll[DICE_MAX];	/* P_ROLLED: the roll */
	int		 nroll;
	int		 doubles;		/* the roll is TT-5 doubles */
	int		 set[DICE_MAX];		/* kept from this roll */
	int		 nset;
	long		 set_score;
	/* P_OFFER: the roll-off (TT-7) */
	long		 offer_total;
	int		 offer_dice;
	int		 banker;
};

/* Its verbs, in the row's order (an entry's verb is its index). */
enum {
	V_ROLL, V_KEEP, V_BANK, V_CONTINUE, V_FRESH
};

/* Its verbs: arguments, usage, whose entry, kind and what each does. */
static const struct game_verb tt_verbs[] = {
	[V_ROLL] = { "roll", "V...",
	    N_("expected the values rolled"), WHO_TURN, VERB_PAIRS | VERB_ROLL,
	    N_("exactly the dice in hand (6 at a fresh start); "
	    "no scoring die is a farkle (TT-3, TT-5); at a roll-off offer, "
	    "the dice left mean continue and 6 mean fresh (TT-7)") },
	[V_KEEP] = { "keep", "V...",
	    N_("expected one or more die values"), WHO_TURN, VERB_KEEP,
	    N_("set scoring dice of the last roll aside: 1 = 100, "
	    "5 = 50, three of a kind and more, a straight, three pairs; "
	    "every kept die must score, keeps after one roll score as one set "
	    "(TT-1, TT-2, TT-3)") },
	[V_BANK] = { "bank", "",
	    NULL, WHO_TURN, 0,
	    N_("add the turn total to your score; needs a scoring "
	    "keep this turn (TT-6); the next player may roll off (TT-7)") },
	[V_CONTINUE] = { "continue", "",
	    NULL, WHO_TURN, 0,
	    N_("at a roll-off offer: go on from the banked total "
	    "with the dice left (TT-7)") },
	[V_FRESH] = { "fresh", "",
	    NULL, WHO_TURN, 0,
	    N_("at a roll-off offer: start at 0 with 6 dice (TT-7)") },
	{ NULL, NULL, NULL, WHO_TABLE, 0, NULL }
};

/* 1 if v is a target: a multiple of 50 in 50..1000000 (TT-8). */
static int
valid_target(const char *v)
{
	return game_option_number(v, 50, 1000000, 50);
}

/* 1 if v is on or off (TT-2). */
static int
valid_on_off(const char *v)
{
	return strcmp(v, "on") == 0 || strcmp(v, "off") == 0;
}

static const struct game_option tt_options[] = {
	{ "target", "10000", N_("50..1000000, a multiple of 50"), valid_target,
	    NULL, 0 },
	{ "four-pair", "on", "on, off", valid_on_off, NULL, 0 },
	GAME_OPTION_COACH,
	{ NULL, NULL, NULL, NULL, NULL, 0 }
};

/* The rule card: seeds/ten-thousand.md, made C by src/tools/mkcard. */
extern const struct card_block card_ten_thousand[];

const struct game_rules game_ten_thousand;

/* A new game: the first player listed rolls six dice (TT-3). */
static struct game_state *
tt_new(const struct game_setup *gs)
{
	struct game_state *st = xcalloc(1, sizeof *st);

	st->gs = gs;
	st->n = gs->nplayers;
	st->target = strtol(gs->options[0], NULL, 10);
	st->four_pair = strcmp(gs->options[1], "on") == 0;
	st->phase = P_ROLL;
	st->round = 1;
	st->seat = 0;
	st->in_hand = 6;
	st->winner = -1;
	return st;
}

/* A score or total far above any target (a snapshot's bound). */
#define TT_MAX_SCORE	4000000L

/* 1 if v is a number of points: a multiple of 50 in 0..TT_MAX_SCORE. */
static int
tt_points(long v)
{
	return v >= 0 && v <= TT_MAX_SCORE && v % TT_LEVEL == 0;
}

/* A snapshot's state: every count, seat and value in range (state_valid). */
static int
tt_valid(const struct game_state *st, const struct game_state *fresh)
{
	int n = st->n, i, k, used[DICE_MAX];

	if (n != fresh->n || st->target != fresh->target ||
	    st->four_pair != fresh->four_pair || n < 1 ||
	    n > GAME_MAX_PLAYERS ||
	    (int)st->phase < P_OFFER || (int)st->phase > P_OVER ||
	    st->round < 1 || st->seat < 0 || st->seat >= n ||
	    st->winner < (st->phase == P_OVER ? 0 : -1) || st->winner >= n ||
	    st->banker < 0 || st->banker >= n ||
	    !tt_points(st->total) || !tt_points(st->set_score) ||
	    !tt_points(st->offer_total) ||
	    st->in_hand < 1 || st->in_hand > DICE_MAX ||
	    (st->scored != 0 && st->scored != 1) ||
	    (st->doubles != 0 && st->doubles != 1) ||
	    !state_ints_in(st->roll, st->nroll, DICE_MAX, 1, 6) ||
	    !state_ints_in(st->set, st->nset, st->nroll, 1, 6) ||
	    st->offer_dice < 0 || st->offer_dice > DICE_MAX ||
	    (st->phase == P_OFFER && st->offer_dice < 1) ||
	    (st->phase == P_ROLLED && st->nroll < 1))
		return 0;
	/* The dice kept are dice of the roll. */
	memset(used, 0, sizeof used);
	for (k = 0; k < st->nset; k++) {
		for (i = 0; i < st->nroll; i++)
			if (!used[i] && st->roll[i] == st->set[k])
				break;
		if (i == st->nroll)
			return 0;
		used[i] = 1;
	}
	/* Scores: a game goes on only while every score is short of it. */
	for (i = 0; i < n; i++)
		if (!tt_points(st->score[i]) ||
		    (st->phase != P_OVER && st->score[i] >= st->target))
			return 0;
	return 1;
}

/* Free a state. */
static void
tt_free(struct game_state *st)
{
	free(st);
}

/* "1 die" or "3 dice". */
static const char *
dice_word(int n)
{
	return P_("die", "dice", n);
}

/* The dice in hand after the current roll's keeps (TT-4, TT-5). */
static int
hand_after(const struct game_state *st)
{
	if (st->doubles || st->nset == st->nroll)
		return 6;
	return st->nroll - st->nset;
}

/* The turn total now. */
static long
turn_total(const struct game_state *st)
{
	switch (st->phase) {
	case P_ROLL:
		return st->total;
	case P_ROLLED:
		return st->total + st->set_score;
	default:
		return 0;
	}
}

/* Pass the turn to the next seat; a return to seat 0 is a new round. */
static void
next_seat(struct game_state *st)
{
	st->seat = (st->seat + 1) % st->n;
	if (st->seat == 0)
		st->round++;
}

/* Start a turn: fresh with 6 dice (total 0) or from a roll-off. */
static void
start_turn(struct game_state *st, long total, int dice)
{
	st->phase = P_ROLL;
	st->total = total;
	st->in_hand = dice;
	st->scored = 0;
	st->nroll = st->nset = 0;
	st->set_score = 0;
	st->doubles = 0;
}

/* 1 if some dice left in the roll extend the kept set to a full score. */
static int
can_keep_more(const struct game_state *st)
{
	int left[DICE_MAX], nleft = 0, used[DICE_MAX], all[DICE_MAX];
	int i, k, m, na, bad;

	memset(used, 0, sizeof used);
	for (k = 0; k < st->nset; k++)
		for (i = 0; i < st->nroll; i++)
			if (!used[i] && st->roll[i] == st->set[k]) {
				used[i] = 1;
				break;
			}
	for (i = 0; i < st->nroll; i++)
		if (!used[i])
			left[nleft++] = st->roll[i];
	for (m = 1; m < (1 << nleft); m++) {
		memcpy(all, st->set, sizeof st->set[0] * (size_t)st->nset);
		na = st->nset;
		for (i = 0; i < nleft; i++)
			if (m & (1 << i))
				all[na++] = left[i];
		if (dice_keep_score(all, na, st->four_pair, &bad) > 0)
			return 1;
	}
	return 0;
}

/* 1 if the player may roll now (P_ROLLED: after a keep, or TT-5). */
static int
may_roll_on(const struct game_state *st)
{
	return st->nset > 0 || st->doubles;
}

/* 1 if the player may bank now (TT-6). */
static int
may_bank(const struct game_state *st)
{
	return st->phase == P_ROLLED &&
	    (st->nset > 0 || (st->doubles && st->scored));
}

/* Read a roll of want dice values into v; refuse otherwise. */
static int
read_roll(const struct game_state *st, const struct entry *e, int want,
    int *v, struct ruling *r)
{
	int i;

	if (e->seats != NULL) {
		ruling_refuse(r, RULING_REFUSED, "a roll is the dice values, "
		    "without names");
		return RULING_REFUSED;
	}
	if (game_die_faces(e, r) != RULING_OK)
		return RULING_REFUSED;
	if (e->nvals != want) {
		ruling_refuse(r, RULING_REFUSED, E_(st->gs->names[st->seat],
		    P_("expected %d value (the dice in %s's hand), got %d",
		    "expected %d values (the dice in %s's hand), got %d",
		    want), CP_("elided", "expected %d value (the dice in "
		    "%s's hand), got %d", "expected %d values (the dice in "
		    "%s's hand), got %d", want)), want,
		    st->gs->names[st->seat], e->nvals);
		return RULING_REFUSED;
	}
	for (i = 0; i < want; i++)
		v[i] = (int)e->vals[i];
	return RULING_OK;
}

/* The roll v[0..n) of the dice in hand: farkle, doubles or dice to keep. */
static void
take_roll(struct game_state *st, const int *v, int n, struct buf *b)
{
	const char *name = st->gs->names[st->seat];

	memcpy(st->roll, v, sizeof v[0] * (size_t)n);
	st->nroll = n;
	st->nset = 0;
	st->set_score = 0;
	st->doubles = n == 2 && v[0] == v[1];
	buf_printf(b, _("%s rolled "), name);
	game_put_dice(b, v, n);
	if (st->doubles) {
		st->phase = P_ROLLED;
		buf_puts(b, _(": doubles on two dice, the hand is 6 again "
		    "(TT-5)"));
		return;
	}
	if (dice_roll_scores(v, n)) {
		st->phase = P_ROLLED;
		return;
	}
	if (st->total > 0)
		buf_printf(b, _(": farkle, the turn total of %ld is lost"),
		    st->total);
	else
		buf_puts(b, _(": farkle, nothing scores"));
	next_seat(st);
	start_turn(st, 0, 6);
	buf_printf(b, _("; %s rolls 6 dice"), st->gs->names[st->seat]);
}

/* roll V...: the dice in hand, a roll-off's choice, or the next roll. */
static int
tt_roll(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	int v[DICE_MAX], want, status;
	const char *name = st->gs->names[st->seat];

	switch (st->phase) {
	case P_OFFER:
		/* TT-7: the offered count continues; six values start fresh. */
		if (e->seats == NULL && st->offer_dice == 6 &&
		    e->nvals != 6) {
			ruling_refuse(r, RULING_REFUSED, "expected 6 values "
			    "to continue from %ld (or fresh to start from 0), "
			    "got %d", st->offer_total, e->nvals);
			return RULING_REFUSED;
		}
		if (e->seats == NULL && e->nvals != st->offer_dice &&
		    e->nvals != 6) {
			ruling_refuse(r, RULING_REFUSED, P_("expected %d value "
			    "to continue from %ld or 6 to start fresh, got %d",
			    "expected %d values to continue from %ld or 6 to "
			    "start fresh, got %d", st->offer_dice),
			    st->offer_dice, st->offer_total, e->nvals);
			return RULING_REFUSED;
		}
		want = e->nvals == st->offer_dice ? st->offer_dice : 6;
		if ((status = read_roll(st, e, want, v, r)) != RULING_OK)
			return status;
		if (want == st->offer_dice) {
			buf_printf(&b, _("%s continues from %ld; "), name,
			    st->offer_total);
			start_turn(st, st->offer_total, want);
		} else {
			buf_printf(&b, _("%s starts fresh; "), name);
			start_turn(st, 0, 6);
		}
		break;
	case P_ROLL:
		if ((status = read_roll(st, e, st->in_hand, v, r)) !=
		    RULING_OK)
			return status;
		break;
	case P_ROLLED:
		if (!may_roll_on(st)) {
			ruling_refuse(r, RULING_REFUSED, "keep at least one "
			    "scoring die from the roll before rolling again "
			    "(TT-3)");
			return RULING_REFUSED;
		}
		want = hand_after(st);
		if ((status = read_roll(st, e, want, v, r)) != RULING_OK)
			return status;
		st->total += st->set_score;
		st->in_hand = want;
		break;
	default:
		return game_not_now(&game_ten_thousand, st, e->verb, r);
	}
	take_roll(st, v, e->nvals, &b);
	return ruling_accept(r, &b);
}

/* keep V...: scoring dice from the latest roll (TT-1..TT-3). */
static int
tt_keep(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT, rb = BUF_INIT;
	int all[DICE_MAX], used[DICE_MAX], na, i, k, bad;
	long s;

	if (st->phase != P_ROLLED)
		return game_not_now(&game_ten_thousand, st, e->verb, r);
	game_put_dice(&rb, st->roll, st->nroll);
	if (game_die_faces(e, r) != RULING_OK) {
		buf_free(&rb);
		return RULING_REFUSED;
	}
	/* Match the kept set, then the new dice, against the roll. */
	memset(used, 0, sizeof used);
	na = 0;
	for (k = 0; k < st->nset + e->nvals; k++) {
		int v = k < st->nset ? st->set[k] : (int)e->vals[k - st->nset];

		for (i = 0; i < st->nroll; i++)
			if (!used[i] && st->roll[i] == v)
				break;
		if (i == st->nroll) {
			if (st->nset > 0) {
				game_put_dice(&b, st->set, st->nset);
				ruling_refuse(r, RULING_REFUSED, "'%s' is not "
				    "left in the roll %s (kept already: %s)",
				    e->argv[k - st->nset], buf_str(&rb),
				    buf_str(&b));
			} else
				ruling_refuse(r, RULING_REFUSED, "'%s' is not "
				    "left in the roll %s", e->argv[k -
				    st->nset], buf_str(&rb));
			buf_free(&b);
			buf_free(&rb);
			return RULING_REFUSED;
		}
		used[i] = 1;
		all[na++] = v;
	}
	if ((s = dice_keep_score(all, na, st->four_pair, &bad)) < 0) {
		for (k = 0, i = 0; i < st->nroll; i++)
			k += st->roll[i] == all[bad];
		if (k >= 3 && all[bad] != 1 && all[bad] != 5)
			ruling_refuse(r, RULING_REFUSED, "'%d' does not score "
			    "in %s: %ds score three or more together",
			    all[bad], buf_str(&rb), all[bad]);
		else
			ruling_refuse(r, RULING_REFUSED, "'%d' does not score "
			    "in %s", all[bad], buf_str(&rb));
		buf_free(&rb);
		return RULING_REFUSED;
	}
	buf_free(&rb);
	memcpy(st->set, all, sizeof all[0] * (size_t)na);
	st->nset = na;
	st->set_score = s;
	st->scored = 1;
	buf_printf(&b, _("%s kept "), st->gs->names[st->seat]);
	game_put_dice(&b, st->set, st->nset);
	buf_printf(&b, _(" for %ld: turn %ld, "), s, turn_total(st));
	k = hand_after(st);
	if (!st->doubles && st->nset == st->nroll)
		buf_puts(&b, _("hot dice, 6 dice in hand (TT-4)"));
	else
		buf_printf(&b, _("%d %s left"), k, dice_word(k));
	return ruling_accept(r, &b);
}

/* bank: the turn total goes to the score (TT-6); win or roll-off. */
static int
tt_bank(struct game_state *st, struct ruling *r)
{
	struct buf b = BUF_INIT;
	int seat = st->seat, dice;
	long total;

	if (!may_bank(st)) {
		if (st->phase == P_ROLLED && st->doubles)
			ruling_refuse(r, RULING_REFUSED, "nothing scored yet "
			    "this turn: keep a scoring die or roll 6 before "
			    "banking (TT-6)");
		else if (st->phase == P_ROLLED)
			ruling_refuse(r, RULING_REFUSED, "keep at least one "
			    "scoring die from the roll before banking (TT-3)");
		else if (st->phase == P_ROLL)
			ruling_refuse(r, RULING_REFUSED, "nothing scored yet "
			    "this turn: roll %d %s first (TT-6)", st->in_hand,
			    dice_word(st->in_hand));
		else
			return game_not_now(&game_ten_thousand, st, V_BANK, r);
		return RULING_REFUSED;
	}
	total = turn_total(st);
	dice = hand_after(st);
	st->score[seat] += total;
	buf_printf(&b, _("%s banked %ld: score %ld"), st->gs->names[seat], total,
	    st->score[seat]);
	if (st->score[seat] >= st->target) {
		st->phase = P_OVER;
		st->winner = seat;
		buf_printf(&b, _(", reaching %ld: %s wins (TT-8)"), st->target,
		    st->gs->names[seat]);
	} else {
		next_seat(st);
		start_turn(st, 0, 6);
		st->phase = P_OFFER;
		st->offer_total = total;
		st->offer_dice = dice;
		st->banker = seat;
		buf_printf(&b, _("; %s may roll off %ld with %d %s or start "
		    "fresh"), st->gs->names[st->seat], total, dice,
		    dice_word(dice));
	}
	return ruling_accept(r, &b);
}

/* continue / fresh: the roll-off choice said explicitly (TT-7). */
static int
tt_choose(struct game_state *st, const struct entry *e, struct ruling *r)
{
	const char *name = st->gs->names[st->seat];

	if (st->phase != P_OFFER) {
		ruling_refuse(r, RULING_REFUSED, "'%s' needs an open roll-off "
		    "offer, and there is none (TT-7)", tt_verbs[e->verb].name);
		return RULING_REFUSED;
	}
	if (e->verb == V_CONTINUE) {
		ruling_note(r, "%s continues from %ld with %d %s", name,
		    st->offer_total, st->offer_dice,
		    dice_word(st->offer_dice));
		start_turn(st, st->offer_total, st->offer_dice);
	} else {
		ruling_note(r, "%s starts fresh with 6 dice", name);
		start_turn(st, 0, 6);
	}
	return RULING_OK;
}

/* Check e and fold it in. */
static int
tt_apply(struct game_state *st, const struct entry *e, struct ruling *r)
{
	switch (e->verb) {
	case V_ROLL:
		return tt_roll(st, e, r);
	case V_KEEP:
		return tt_keep(st, e, r);
	case V_BANK:
		return tt_bank(st, r);
	case V_CONTINUE:
	case V_FRESH:
		return tt_choose(st, e, r);
	default:
		return game_not_now(&game_ten_thousand, st, e->verb, r);
	}
}

/* Whose turn, which verbs, and the sentence for the table. */
static void
tt_expect(const struct game_state *st, struct expectation *x)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->seat];
	int k;

	x->round = st->round;
	x->turn = st->seat;
	x->finished = 0;
	x->verbs = 0;
	x->count_verb = V_ROLL;
	switch (st->phase) {
	case P_OFFER:
		x->verbs = VERB_BIT(V_ROLL) | VERB_BIT(V_CONTINUE) |
		    VERB_BIT(V_FRESH);
		/* Continuing with 6 dice or fresh: 6; else two counts. */
		x->count = st->offer_dice == 6 ? 6 : 0;
		if (st->offer_dice == 6)
			game_say(x, E_(st->gs->names[st->banker],
			    _("Round %d. %s may continue from %s's %ld with 6 "
			    "dice or start fresh: roll 6 values to continue, "
			    "or fresh"), C_("elided", "Round %d. %s may "
			    "continue from %s's %ld with 6 dice or start "
			    "fresh: roll 6 values to continue, or fresh")),
			    st->round, name, st->gs->names[st->banker],
			    st->offer_total);
		else
			game_say(x, E_(st->gs->names[st->banker],
			    P_("Round %d. %s may continue from %s's %ld with "
			    "%d die or start fresh: roll %d value to continue "
			    "or 6 to start fresh", "Round %d. %s may continue "
			    "from %s's %ld with %d dice or start fresh: roll %d "
			    "values to continue or 6 to start fresh",
			    st->offer_dice), CP_("elided", "Round %d. %s may "
			    "continue from %s's %ld with %d die or start fresh: "
			    "roll %d value to continue or 6 to start fresh",
			    "Round %d. %s may continue from %s's %ld with %d "
			    "dice or start fresh: roll %d values to continue or "
			    "6 to start fresh", st->offer_dice)), st->round, name,
			    st->gs->names[st->banker], st->offer_total,
			    st->offer_dice, st->offer_dice);
		break;
	case P_ROLL:
		x->verbs = VERB_BIT(V_ROLL);
		x->count = st->in_hand;	/* the dice in hand */
		if (st->total > 0)
			game_say(x, P_("Round %d. %s has %ld and rolls %d "
			    "die: roll %d value", "Round %d. %s has %ld and "
			    "rolls %d dice: roll %d values", st->in_hand),
			    st->round, name, st->total, st->in_hand,
			    st->in_hand);
		else
			game_say(x, P_("Round %d. %s rolls %d die: roll %d "
			    "value", "Round %d. %s rolls %d dice: roll %d "
			    "values", st->in_hand), st->round, name,
			    st->in_hand, st->in_hand);
		break;
	case P_ROLLED:
		if (can_keep_more(st))
			x->verbs |= VERB_BIT(V_KEEP);
		if (may_bank(st))
			x->verbs |= VERB_BIT(V_BANK);
		k = hand_after(st);
		if (may_roll_on(st)) {
			x->verbs |= VERB_BIT(V_ROLL);
			x->count = k;	/* the dice left, or 6 (TT-4, TT-5) */
		}
		game_put_dice(&b, st->roll, st->nroll);
		if (st->nset == 0 && !st->doubles)
			game_say(x, "Round %d. %s rolled "
			    "%s and must keep at least one scoring die: "
			    "keep V...", st->round, name, buf_str(&b));
		else if (st->nset == 0)
			game_say(x, "Round %d. %s rolled "
			    "doubles %s with %ld: %sroll 6 values%s",
			    st->round, name, buf_str(&b), turn_total(st),
			    (x->verbs & VERB_BIT(V_KEEP)) ? (may_bank(st) ?
			    _("keep V..., ") : _("keep V... or ")) : "",
			    may_bank(st) ? _(" or bank") : "");
		else
			game_say(x, P_("Round %d. %s has %ld with %d die in "
			    "hand: %sroll %d value or bank", "Round %d. %s has "
			    "%ld with %d dice in hand: %sroll %d values or bank",
			    k), st->round, name, turn_total(st), k,
			    (x->verbs & VERB_BIT(V_KEEP)) ? _("keep more, ") : "",
			    k);
		break;
	case P_OVER:
		x->turn = -1;
		x->finished = 1;
		game_say(x, "The game is over: %s won "
		    "with %ld.", st->gs->names[st->winner],
		    st->score[st->winner]);
		break;
	}
	buf_free(&b);
}

/* Scores; the first to reach the target wins (TT-8). */
static void
tt_score(const struct game_state *st, long *scores, int *winners)
{
	int i;

	for (i = 0; i < st->n; i++) {
		scores[i] = st->score[i];
		winners[i] = st->phase == P_OVER && i == st->winner;
	}
}

/* The per-rules keys of status --json. */
static void
tt_status_json(const struct game_state *st, json_t *o)
{
	json_t *off = json_null();
	int dice;

	switch (st->phase) {
	case P_OFFER:
		dice = 6;
		off = json_object();
		xjson_set(off, "total",
		    json_integer(st->offer_total));
		xjson_set(off, "dice",
		    json_integer(st->offer_dice));
		break;
	case P_ROLL:
		dice = st->in_hand;
		break;
	case P_ROLLED:
		dice = hand_after(st);
		break;
	default:
		dice = 0;
		break;
	}
	xjson_set(o, "turn_total", json_integer(turn_total(st)));
	xjson_set(o, "dice_in_hand", json_integer(dice));
	xjson_set(o, "rolloff", off);
}

/* The board: the turn in play (the house rules are status's). */
static void
tt_describe(const struct game_state *st, struct buf *b)
{
	switch (st->phase) {
	case P_OFFER:
		buf_printf(b, E_(st->gs->names[st->banker], _("%s: roll off "
		    "%s's %ld with %d %s, or fresh with 6\n"), C_("elided",
		    "%s: roll off %s's %ld with %d %s, or fresh with 6\n")),
		    st->gs->names[st->seat],
		    st->gs->names[st->banker], st->offer_total,
		    st->offer_dice, dice_word(st->offer_dice));
		break;
	case P_ROLL:
		buf_printf(b, _("%s: turn total %ld, %d %s in hand\n"),
		    st->gs->names[st->seat], st->total, st->in_hand,
		    dice_word(st->in_hand));
		break;
	case P_ROLLED:
		buf_printf(b, _("%s: roll "), st->gs->names[st->seat]);
		game_put_dice(b, st->roll, st->nroll);
		if (st->nset > 0) {
			buf_puts(b, _(", kept "));
			game_put_dice(b, st->set, st->nset);
		}
		buf_printf(b, _("; turn total %ld\n"), turn_total(st));
		break;
	default:
		break;
	}
}

/* The position for the coach (tt-coach.h), for the player to move. */
static void
tt_position_of(const struct game_state *st, struct tt_position *p)
{
	memset(p, 0, sizeof *p);
	p->target = st->target;
	p->four_pair = st->four_pair;
	p->nplayers = st->n;
	p->score = st->score[st->seat];
	p->opp = st->score[(st->seat + 1) % st->n];
	p->phase = st->phase == P_OFFER ? TT_OFFER : st->phase == P_ROLL ?
	    TT_ROLL : TT_ROLLED;
	p->total = st->total;
	p->in_hand = st->in_hand;
	p->scored = st->scored;
	memcpy(p->roll, st->roll, sizeof p->roll);
	p->nroll = st->nroll;
	p->doubles = st->doubles;
	memcpy(p->set, st->set, sizeof p->set);
	p->nset = st->nset;
	p->set_score = st->set_score;
	p->offer_total = st->offer_total;
	p->offer_dice = st->offer_dice;
}

/* The coach's advice for the player to move (NULL when the game is over). */
static int
tt_game_advice(const struct game_state *st, struct tt_advice *ad)
{
	struct tt_position p;

	if (st->phase == P_OVER)
		return 0;
	tt_position_of(st, &p);
	tt_coach_advise(st->gs->env != NULL ? st->gs->env->tt : NULL, &p, ad);
	return 1;
}

/*
 * The odds in words: before a roll, the farkle chance and the value of the
 * position (no decision, so no advice); after a keep or on doubles, what a
 * bank would do, or why there is none (TT-6, TT-8).
 */
static void
tt_advise(const struct game_state *st, struct buf *b)
{
	struct tt_advice ad;

	if (st->phase == P_ROLL) {
		if (tt_game_advice(st, &ad) && ad.say[0] != '\0')
			buf_printf(b, "%s\n", ad.say);
		return;
	}
	if (st->phase != P_ROLLED || (st->nset == 0 && !st->doubles))
		return;
	if (!may_bank(st))
		buf_puts(b, _("There is no bank before a scoring keep this turn "
		    "(TT-6).\n"));
	else if (st->score[st->seat] + turn_total(st) >= st->target)
		buf_printf(b, E_(st->gs->names[st->seat], _("Now banking "
		    "makes %s's score %ld and wins.\n"), C_("elided", "Now "
		    "banking makes %s's score %ld and wins.\n")),
		    st->gs->names[st->seat],
		    st->score[st->seat] + turn_total(st));
}

/* The coach (struct advice): every move valued, best first (tt-coach.h). */
static int
tt_advice(const struct game_state *st, struct advice *a)
{
	struct tt_advice ad;
	int i;

	if (!tt_game_advice(st, &ad) || ad.nmoves == 0)
		return 0;
	a->basis = ad.basis == TT_WIN ? ADVICE_WIN : ADVICE_POINTS;
	for (i = 0; i < ad.nmoves; i++)
		advice_add(a, ad.moves[i].value, "%s",
		    strncmp(ad.moves[i].entry, "roll", 4) == 0 ? "roll" :
		    ad.moves[i].entry);
	buf_printf(&a->say, "%s", ad.say);
	return 1;
}

/* The dice a roll entry rolls (the dice audit): six-sided, the mover's. */
static int
tt_rolled(const struct game_state *st, const struct entry *e,
    struct die_rolled *d, int max)
{
	return game_rolled_d6(e, st->seat, d, max);
}

const struct game_rules game_ten_thousand = {
	.name = "ten-thousand",
	.alias = "10000",
	.summary = N_("10,000: six dice, keep what scores, bank or roll on, "
	    "roll off the last bank"),
	.card = card_ten_thousand,
	.min_players = 2,
	.max_players = GAME_MAX_PLAYERS,
	.verbs = tt_verbs,
	.options = tt_options,
	.state_new = tt_new,
	.state_free = tt_free,
	.state_size = sizeof(struct game_state),
	.state_setup = offsetof(struct game_state, gs),
	.state_valid = tt_valid,
	.state_format = 1,
	.apply = tt_apply,
	.expect = tt_expect,
	.score = tt_score,
	.status_json = tt_status_json,
	.describe = tt_describe,
	.rounds = NULL,
	.advise = tt_advise,
	.advice = tt_advice,
	.rolled = tt_rolled,
	.lookups = NULL,
};
