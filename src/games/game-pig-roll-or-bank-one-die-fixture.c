/*
 * game-pig-roll-or-bank-one-die-fixture.c: Pig, Roll and Bank, the
 * fixture game (rulings PG-1..PG-4).  Pure.
 *
 * Added through the steps of src/games/game-table.c and nothing else,
 * as every game, but built into the test binary shakeref-pig alone
 * (Makefile.am "-- pig"), so that the steps stay complete and the
 * generic checks run on a game no command knows
 * (tests/cli/pig-roll-or-bank-one-die-fixture.sh, gametable.sh): a rules
 * name and an alias as long as one may be (32 characters), a title with
 * a word that is English ("and").  Roll one die; a 1 loses the turn's
 * total; bank it, or pass; the first to bank the target wins.
 */
#include <stddef.h>
#include <stdlib.h>

#include "game.h"
#include "xjson.h"

#define PIG_MAX_PLAYERS	6

struct game_state {
	const struct game_setup	*gs;
	int		 n;
	long		 target;
	long		 score[PIG_MAX_PLAYERS];
	long		 total;		/* the turn's total, not banked */
	int		 turn;		/* seat to move, -1 once over */
	int		 round;		/* from 1: each time seat 0 starts */
	int		 over;
};

/* Its verbs, in the row's order (an entry's verb is its index). */
enum {
	V_ROLL, V_BANK, V_PASS
};

/* Its verbs: arguments, usage, whose entry, kind and what each does. */
static const struct game_verb pig_verbs[] = {
	[V_ROLL] = { "roll", "V", N_("expected the one die rolled"), WHO_TURN,
	    VERB_ROLL, N_("the one die you rolled, 1 to 6: a 1 loses the "
	    "turn's total and ends the turn, else it adds to it (PG-1)") },
	[V_BANK] = { "bank", "", NULL, WHO_TURN, 0, N_("add the turn's total to "
	    "your score and end the turn; the first to bank the target wins "
	    "(PG-2, PG-4)") },
	[V_PASS] = { "pass", "", NULL, WHO_TURN, 0,
	    N_("end your turn, its total lost (PG-3)") },
	{ NULL, NULL, NULL, WHO_TABLE, 0, NULL }
};

/* 1 if v is a target: a number 10..1000. */
static int
valid_target(const char *v)
{
	return game_option_number(v, 10, 1000, 1);
}

static const struct game_option pig_options[] = {
	{ "target", "100", "10..1000", valid_target, NULL, 0 },
	GAME_OPTION_COACH,
	{ NULL, NULL, NULL, NULL, NULL, 0 }
};

extern const struct card_block card_pig_roll_or_bank_one_die_fixture[];
extern const struct game_rules game_pig_roll_or_bank_one_die_fixture;

/* A new game: seat 0 rolls first. */
static struct game_state *
pig_new(const struct game_setup *gs)
{
	struct game_state *st = xcalloc(1, sizeof *st);

	st->gs = gs;
	st->n = gs->nplayers < PIG_MAX_PLAYERS ? gs->nplayers :
	    PIG_MAX_PLAYERS;
	st->target = strtol(gs->options[0], NULL, 10);
	st->round = 1;
	return st;
}

static void
pig_free(struct game_state *st)
{
	free(st);
}

/* A snapshot's state: every value in range for the setup. */
static int
pig_valid(const struct game_state *st, const struct game_state *fresh)
{
	return st->n == fresh->n && st->target == fresh->target &&
	    state_longs_in(st->score, st->n, st->n, 0, 1000000) &&
	    st->total >= 0 && st->total <= 1000000 && st->round >= 1 &&
	    (st->over == 0 || st->over == 1) &&
	    st->turn >= (st->over ? -1 : 0) && st->turn < st->n;
}

/* End the turn: the next seat moves, a round more when seat 0 does. */
static void
next_turn(struct game_state *st)
{
	st->total = 0;
	st->turn = (st->turn + 1) % st->n;
	if (st->turn == 0)
		st->round++;
}

/* The turn passes on: "; Bob's turn" after b. */
static void
turn_passes(struct game_state *st, struct buf *b)
{
	const char *name;

	next_turn(st);
	name = st->gs->names[st->turn];
	buf_printf(b, E_(name, _("; %s's turn"), C_("elided", "; %s's turn")),
	    name);
}

/* roll V: one die (PG-1). */
static int
do_roll(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->turn];

	/* One value, no NAME=V: its declaration ("V") says so (exit 2). */
	if (game_die_faces(e, r) != RULING_OK)
		return RULING_REFUSED;
	if (e->vals[0] == 1) {
		buf_printf(&b, _("%s rolls 1: the turn's %ld is lost (PG-1)"),
		    name, st->total);
		turn_passes(st, &b);
	} else {
		st->total += e->vals[0];
		buf_printf(&b, _("%s rolls %ld, %ld this turn"), name,
		    e->vals[0], st->total);
	}
	return ruling_accept(r, &b);
}

/* bank: the turn's total scores; the target wins at once (PG-2, PG-4). */
static int
do_bank(struct game_state *st, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->turn];

	if (st->total == 0) {
		ruling_refuse(r, RULING_REFUSED, "%s has nothing to bank: roll "
		    "first (PG-2)", name);
		return RULING_REFUSED;
	}
	st->score[st->turn] += st->total;
	buf_printf(&b, _("%s banks %ld: score %ld"), name, st->total,
	    st->score[st->turn]);
	if (st->score[st->turn] >= st->target) {
		buf_printf(&b, _("; %s reaches %ld and wins (PG-4)"), name,
		    st->target);
		st->over = 1;
		st->total = 0;
		st->turn = -1;
	} else {
		turn_passes(st, &b);
	}
	return ruling_accept(r, &b);
}

/* pass: the turn ends, its total lost (PG-3). */
static int
do_pass(struct game_state *st, struct ruling *r)
{
	struct buf b = BUF_INIT;

	buf_printf(&b, _("%s passes, losing %ld (PG-3)"),
	    st->gs->names[st->turn], st->total);
	turn_passes(st, &b);
	return ruling_accept(r, &b);
}

static int
pig_apply(struct game_state *st, const struct entry *e, struct ruling *r)
{
	if (st->over)
		return game_not_now(&game_pig_roll_or_bank_one_die_fixture, st, e->verb, r);
	switch (e->verb) {
	case V_ROLL:
		return do_roll(st, e, r);
	case V_BANK:
		return do_bank(st, r);
	case V_PASS:
		return do_pass(st, r);
	default:
		return game_not_now(&game_pig_roll_or_bank_one_die_fixture, st, e->verb, r);
	}
}

static void
pig_expect(const struct game_state *st, struct expectation *x)
{
	const char *name;

	x->round = st->round;
	x->turn = st->turn;
	x->finished = st->over;
	x->verbs = 0;
	if (st->over) {
		game_say(x, "The game is over.");
		return;
	}
	name = st->gs->names[st->turn];
	x->verbs = VERB_BIT(V_ROLL) | VERB_BIT(V_PASS);
	if (st->total == 0)
		game_say(x, "Round %d. %s rolls: roll 1 value, or pass",
		    st->round, name);
	else {
		x->verbs |= VERB_BIT(V_BANK);
		game_say(x, "Round %d. %s has %ld this turn: roll 1 value, "
		    "bank %ld or pass", st->round, name, st->total, st->total);
	}
}

static void
pig_score(const struct game_state *st, long *scores, int *winners)
{
	game_highest_wins(st->n, st->score, st->over, scores, winners);
}

static void
pig_status_json(const struct game_state *st, json_t *o)
{
	xjson_set(o, "turn_total", json_integer(st->total));
}

static int
pig_rolled(const struct game_state *st, const struct entry *e,
    struct die_rolled *d, int max)
{
	return game_rolled_d6(e, st->turn, d, max);
}

const struct game_rules game_pig_roll_or_bank_one_die_fixture = {
	.name = "pig-roll-or-bank-one-die-fixture",
	.alias = "hog-dice-roll-one-die-or-bank-it",
	.summary = N_("Pig, Roll and Bank: roll one die, a 1 loses the turn, "
	    "bank the rest; first to 100"),
	.card = card_pig_roll_or_bank_one_die_fixture,
	.min_players = 2,
	.max_players = PIG_MAX_PLAYERS,
	.verbs = pig_verbs,
	.options = pig_options,
	.state_new = pig_new,
	.state_free = pig_free,
	.state_size = sizeof(struct game_state),
	.state_setup = offsetof(struct game_state, gs),
	.state_valid = pig_valid,
	.state_format = 1,
	.apply = pig_apply,
	.expect = pig_expect,
	.score = pig_score,
	.status_json = pig_status_json,
	.rolled = pig_rolled,
};
