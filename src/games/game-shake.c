/*
 * game-shake.c: Shake (seed 000), rulings SH-1..SH-10.  Pure.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "odds.h"
#include "utf8.h"
#include "xjson.h"

#define ROUNDS		10
#define ALL_SHAKE	(ROUNDS + 1)
/* The All Shake round's name, in the pad and the prompt. */
static const char all_shake_name[] = N_("All Shake");

enum phase {
	P_ROLL,		/* round start: every colored die */
	P_CHOOSE,	/* the chooser: take or shake */
	P_SHAKE,	/* the shaker: roll (and bank after a shake) */
	P_TIE,		/* a tie group rolls its colored dice (SH-9) */
	P_ORDER,	/* the tie's highest roller names the order */
	P_OVER
};

struct game_state {
	const struct game_setup	*gs;
	int		 n;
	int		 faces;
	int		 round;			/* 1..10, 11 = ties + All Shake */
	enum phase	 phase;
	long		 score[GAME_MAX_PLAYERS];
	long		 pad[ALL_SHAKE + 1][GAME_MAX_PLAYERS]; /* -1: open */
	int		 die[GAME_MAX_PLAYERS];	/* colored die this round */
	int		 decided[GAME_MAX_PLAYERS];
	int		 chooser;		/* P_CHOOSE */
	int		 shaker;		/* P_SHAKE */
	int		 shakes;		/* shakes in this turn */
	long		 total;			/* shake total this turn */
	/* All Shake round */
	int		 order[GAME_MAX_PLAYERS];	/* shaking order */
	int		 norder;
	int		 next;			/* index into order */
	/* SH-9 tie groups */
	int		 group[GAME_MAX_PLAYERS];	/* members, seat order */
	int		 ngroup;
	int		 rollers[GAME_MAX_PLAYERS];	/* who rolls now */
	int		 nrollers;
	int		 high;			/* P_ORDER: the highest roller */
	int		 settled[GAME_MAX_PLAYERS];	/* tie order fixed */
	int		 void_rolls;
};

/* Its verbs, in the row's order (an entry's verb is its index). */
enum {
	V_ROLL, V_TAKE, V_SHAKE, V_BANK, V_PASS, V_ORDER
};

/* Its verbs: arguments, usage, whose entry, kind and what each does. */
static const struct game_verb shake_verbs[] = {
	[V_ROLL] = { "roll", "V...",
	    N_("expected the values rolled"), WHO_TURN, VERB_PAIRS | VERB_ROLL,
	    N_("the colored dice at a round's start or a tie roll: one "
	    "value per player (10..60, or 1..6 pips), in seat order or as "
	    "NAME=V (SH-1, SH-4, SH-9); while shaking: the six Shake dice, "
	    "each 0 or 10 (SH-2, SH-7)") },
	[V_TAKE] = { "take", "",
	    NULL, WHO_TURN, 0,
	    N_("the chooser scores their colored die; the choice "
	    "passes to the next highest (SH-6)") },
	[V_SHAKE] = { "shake", "",
	    NULL, WHO_TURN, 0,
	    N_("the chooser shakes instead: every other undecided "
	    "player scores their die; then roll the Shake dice (SH-6, SH-7)") },
	[V_BANK] = { "bank", "",
	    NULL, WHO_TURN, 0,
	    N_("the shaker scores the total shaken so far and the turn "
	    "ends (SH-7, SH-8)") },
	[V_PASS] = { "pass", "",
	    NULL, WHO_TURN, 0,
	    N_("in the All Shake round, skip your shake and score 0 "
	    "(SH-8)") },
	[V_ORDER] = { "order", "NAME...",
	    N_("expected the players' names in shaking order"), WHO_TURN, 0,
	    N_("after a tie roll, the highest roller names "
	    "every member of the tied group once: their shaking order (SH-9)") },
	{ NULL, NULL, NULL, WHO_TABLE, 0, NULL }
};

/* 1 if v is a face count 1..5. */
static int
valid_faces(const char *v)
{
	return game_option_number(v, 1, 5, 1);
}

static const struct game_option shake_options[] = {
	{ "shake-faces", "2", "1..5", valid_faces, NULL, GAME_OPT_FACES },
	GAME_OPTION_COACH,
	{ NULL, NULL, NULL, NULL, NULL, 0 }
};

/* A new game: round 1, every die to roll. */
static struct game_state *
shake_new(const struct game_setup *gs)
{
	struct game_state *st = xcalloc(1, sizeof *st);
	int r, i;

	st->gs = gs;
	st->n = gs->nplayers;
	st->faces = (int)strtol(gs->options[0], NULL, 10);
	st->round = 1;
	st->phase = P_ROLL;
	for (r = 0; r <= ALL_SHAKE; r++)
		for (i = 0; i < GAME_MAX_PLAYERS; i++)
			st->pad[r][i] = -1;
	return st;
}

/* Free a state. */
static void
shake_free(struct game_state *st)
{
	free(st);
}

/* A score or total far above any game's (a snapshot's bound). */
#define SHAKE_MAX_SCORE	100000L

/* A snapshot's state: every count, seat and value in range (state_valid). */
static int
shake_valid(const struct game_state *st, const struct game_state *fresh)
{
	int n = st->n, r;

	if (n != fresh->n || st->faces != fresh->faces || n < 1 ||
	    st->round < 1 || st->round > ALL_SHAKE ||
	    (int)st->phase < P_ROLL || (int)st->phase > P_OVER ||
	    !state_longs_in(st->score, n, n, 0, SHAKE_MAX_SCORE) ||
	    !state_ints_in(st->die, n, n, 0, 60) ||
	    !state_ints_in(st->decided, n, n, 0, 1) ||
	    !state_ints_in(st->settled, n, n, 0, 1) ||
	    st->chooser < 0 || st->chooser >= n ||
	    st->shaker < 0 || st->shaker >= n ||
	    st->high < 0 || st->high >= n ||
	    st->shakes < 0 || st->shakes > SHAKE_MAX_SCORE ||
	    st->total < 0 || st->total > SHAKE_MAX_SCORE ||
	    st->void_rolls < 0 ||
	    !state_ints_in(st->order, st->norder, n, 0, n - 1) ||
	    st->next < 0 || st->next > st->norder ||
	    !state_ints_in(st->group, st->ngroup, n, 0, n - 1) ||
	    !state_ints_in(st->rollers, st->nrollers, n, 0, n - 1))
		return 0;
	for (r = 0; r <= ALL_SHAKE; r++)
		if (!state_longs_in(st->pad[r], n, n, -1, SHAKE_MAX_SCORE))
			return 0;
	/* What each phase reads. */
	if ((st->phase == P_CHOOSE && st->decided[st->chooser]) ||
	    ((st->phase == P_TIE || st->phase == P_ORDER) &&
	    (st->ngroup < 1 || st->nrollers < 1)) ||
	    (st->phase == P_SHAKE && st->round > ROUNDS &&
	    st->next >= st->norder))
		return 0;
	return 1;
}

/* Score v for seat i in this round (SH-6: it counts at once). */
static void
award(struct game_state *st, int i, long v)
{
	st->pad[st->round][i] = v;
	st->score[i] += v;
	st->decided[i] = 1;
}

/* The undecided seat with the highest die, or -1. */
static int
highest_undecided(const struct game_state *st)
{
	int i, best = -1;

	for (i = 0; i < st->n; i++)
		if (!st->decided[i] && (best < 0 || st->die[i] > st->die[best]))
			best = i;
	return best;
}

/* A colored die value: 1..6 or 10..60 by tens (SH-1); 0 if neither. */
static int
colored_value(long v)
{
	if (v >= 1 && v <= 6)
		return (int)v * 10;
	if (v >= 10 && v <= 60 && v % 10 == 0)
		return (int)v;
	return 0;
}

/*
 * Read one colored value for each seat in who[0..nwho) from e (plain values
 * in seat order, or NAME=V naming each exactly once) into vals[seat].
 */
static int
read_colored(const struct game_state *st, const struct entry *e,
    const int *who, int nwho, int *vals, struct ruling *r)
{
	struct buf b = BUF_INIT;
	int i, k, seen[GAME_MAX_PLAYERS];

	if (e->nvals != nwho) {
		game_list_names(st->gs, who, nwho, NULL, &b);
		ruling_refuse(r, RULING_REFUSED, P_("expected %d value (%s), "
		    "got %d", "expected %d values (%s), got %d", nwho), nwho,
		    buf_str(&b), e->nvals);
		buf_free(&b);
		return RULING_REFUSED;
	}
	memset(seen, 0, sizeof seen);
	for (i = 0; i < nwho; i++) {
		int seat = who[i];

		if (e->seats != NULL) {
			seat = e->seats[i];
			for (k = 0; k < nwho && who[k] != seat; k++)
				continue;
			if (k == nwho) {
				ruling_refuse(r, RULING_REFUSED, "%s does not "
				    "roll now", st->gs->names[seat]);
				return RULING_REFUSED;
			}
			if (seen[seat]++) {
				ruling_refuse(r, RULING_REFUSED, "%s is named "
				    "twice", st->gs->names[seat]);
				return RULING_REFUSED;
			}
		}
		if ((vals[seat] = colored_value(e->vals[i])) == 0) {
			ruling_refuse(r, RULING_REFUSED, "'%s' is not a face "
			    "of a colored die (10, 20, 30, 40, 50, 60, or 1-6 "
			    "pips)", e->argv[i]);
			return RULING_REFUSED;
		}
	}
	return RULING_OK;
}

/* Every seat in order 0..n-1, into who; returns n. */
static int
all_seats(const struct game_state *st, int *who)
{
	int i;

	for (i = 0; i < st->n; i++)
		who[i] = i;
	return st->n;
}

static void	end_round(struct game_state *, struct buf *);

/* The rule card: seeds/shake.md, made C by src/tools/mkcard. */
extern const struct card_block card_shake[];

extern const struct game_rules game_shake;

/* Round start: the colored dice (SH-4, SH-5, SH-6). */
static int
roll_colored(struct game_state *st, const struct entry *e, struct ruling *r)
{
	int who[GAME_MAX_PLAYERS], vals[GAME_MAX_PLAYERS];
	int n = all_seats(st, who), i, k, status, same, count;
	struct buf b = BUF_INIT;
	int match[GAME_MAX_PLAYERS], nm;

	if ((status = read_colored(st, e, who, n, vals, r)) != RULING_OK)
		return status;
	for (same = 1, i = 1; i < n; i++)
		if (vals[i] != vals[0])
			same = 0;
	if (same) {
		st->void_rolls++;
		ruling_note(r, "all rolled %d: void, roll again (SH-4)",
		    vals[0]);
		return RULING_OK;
	}
	memset(st->decided, 0, sizeof st->decided);
	for (i = 0; i < n; i++)
		st->die[i] = vals[i];
	/* SH-5: every value rolled by two or more scores for them. */
	for (i = 0; i < n; i++) {
		if (st->decided[i])
			continue;
		for (nm = 0, k = i; k < n; k++)
			if (vals[k] == vals[i])
				match[nm++] = k;
		if (nm < 2)
			continue;
		for (k = 0; k < nm; k++)
			award(st, match[k], vals[i]);
		if (b.len > 0)
			buf_puts(&b, _("; "));
		game_list_names(st->gs, match, nm, N_("and"), &b);
		buf_printf(&b, _(" match on %d and score it"), vals[i]);
	}
	for (count = 0, i = 0; i < n; i++)
		count += !st->decided[i];
	if (count == 0) {
		if (b.len > 0)
			buf_puts(&b, _("; "));
		end_round(st, &b);
	} else {
		st->chooser = highest_undecided(st);
		st->phase = P_CHOOSE;
		if (b.len > 0)
			buf_puts(&b, _("; "));
		buf_printf(&b, _("%s has the highest die (%d) and chooses"),
		    st->gs->names[st->chooser], st->die[st->chooser]);
	}
	return ruling_accept(r, &b);
}

/* Compare seats by total, highest first, then seat order. */
static void
sort_by_total(const struct game_state *st, int *seats, int n)
{
	int i, k, t;

	for (i = 1; i < n; i++)
		for (k = i; k > 0; k--) {
			if (st->score[seats[k - 1]] >= st->score[seats[k]])
				break;
			t = seats[k];
			seats[k] = seats[k - 1];
			seats[k - 1] = t;
		}
}

/*
 * After round 10 and after each settled tie: find the next tie group,
 * highest total first (SH-9), or start the All Shake round's first turn.
 */
static void
next_tie_or_all_shake(struct game_state *st, struct buf *b)
{
	int i, k;

	/* order holds every seat by total, ties in seat order until set. */
	for (i = 0; i < st->n; i++) {
		int seat = st->order[i];

		if (st->settled[seat])
			continue;
		st->ngroup = 0;
		for (k = 0; k < st->n; k++)
			if (st->score[k] == st->score[seat])
				st->group[st->ngroup++] = k;
		if (st->ngroup < 2) {
			st->settled[seat] = 1;
			continue;
		}
		memcpy(st->rollers, st->group, sizeof st->rollers);
		st->nrollers = st->ngroup;
		st->phase = P_TIE;
		buf_puts(b, _("tie on "));
		buf_printf(b, "%ld: ", st->score[seat]);
		game_list_names(st->gs, st->group, st->ngroup, N_("and"), b);
		buf_puts(b, _(" roll for the shaking order (SH-9)"));
		return;
	}
	st->next = 0;
	st->shaker = st->order[0];
	st->total = 0;
	st->shakes = 0;
	st->phase = P_SHAKE;
	buf_printf(b, _("the All Shake round: %s shakes first"),
	    st->gs->names[st->shaker]);
}

/* End the round; after round 10, the tie rolls or the All Shake round. */
static void
end_round(struct game_state *st, struct buf *b)
{
	buf_printf(b, _("round %d is over"), st->round);
	st->round++;
	memset(st->decided, 0, sizeof st->decided);
	st->total = 0;
	st->shakes = 0;
	if (st->round <= ROUNDS) {
		st->phase = P_ROLL;
		return;
	}
	st->norder = all_seats(st, st->order);
	sort_by_total(st, st->order, st->norder);
	buf_puts(b, _("; "));
	next_tie_or_all_shake(st, b);
}

/* The end of a shaker's turn: end of round, or the next All Shake turn. */
static void
end_shake_turn(struct game_state *st, struct buf *b)
{
	st->total = 0;
	st->shakes = 0;
	if (st->round <= ROUNDS) {
		end_round(st, b);
		return;
	}
	if (++st->next < st->norder) {
		st->shaker = st->order[st->next];
		buf_printf(b, _("%s shakes next"), st->gs->names[st->shaker]);
		return;
	}
	st->phase = P_OVER;
	buf_puts(b, _("the game is over"));
}

/* A shake: six values, each 0 or 10 (SH-2, SH-7). */
static int
roll_shake(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->shaker];
	long sum = 0;
	int i;

	if (e->seats != NULL) {
		ruling_refuse(r, RULING_REFUSED, "a shake is six values, "
		    "each 0 or 10, without names");
		return RULING_REFUSED;
	}
	if (e->nvals != 6) {
		ruling_refuse(r, RULING_REFUSED, E_(name, _("expected 6 "
		    "values for %s's shake (each 0 or 10), got %d"),
		    C_("elided", "expected 6 values for %s's shake (each 0 "
		    "or 10), got %d")), name, e->nvals);
		return RULING_REFUSED;
	}
	for (i = 0; i < 6; i++) {
		if (e->vals[i] != 0 && e->vals[i] != 10) {
			ruling_refuse(r, RULING_REFUSED, "'%s' is not a face "
			    "of a Shake die (0 or 10)", e->argv[i]);
			return RULING_REFUSED;
		}
		sum += e->vals[i];
	}
	st->shakes++;
	if (sum == 0) {
		award(st, st->shaker, 0);
		buf_printf(&b, _("%s craps out and scores 0; "), name);
		end_shake_turn(st, &b);
	} else {
		st->total += sum;
		buf_printf(&b, _("%s shakes %ld, %ld so far"), name, sum,
		    st->total);
	}
	return ruling_accept(r, &b);
}

/* A tie roll (SH-9): the group, or those sharing its highest value. */
static int
roll_tie(struct game_state *st, const struct entry *e, struct ruling *r)
{
	/* Zeros past the top: the state's bytes are its snapshot's. */
	int vals[GAME_MAX_PLAYERS], top[GAME_MAX_PLAYERS] = { 0 };
	int ntop, high, status;
	struct buf b = BUF_INIT;

	if ((status = read_colored(st, e, st->rollers, st->nrollers, vals,
	    r)) != RULING_OK)
		return status;
	ntop = game_highest(vals, st->rollers, st->nrollers, top, &high);
	if (ntop > 1) {
		memcpy(st->rollers, top, sizeof top);
		st->nrollers = ntop;
		game_list_names(st->gs, top, ntop, N_("and"), &b);
		ruling_note(r, "%s share the highest roll (%d) and roll again",
		    buf_str(&b), high);
		buf_free(&b);
		return RULING_OK;
	}
	st->high = top[0];
	st->phase = P_ORDER;
	ruling_note(r, "%s rolls highest (%d) and names the shaking order",
	    st->gs->names[st->high], high);
	return RULING_OK;
}

/* order NAME...: the tie group's shaking order (SH-9). */
static int
do_order(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	int seen[GAME_MAX_PLAYERS], i, k, first;

	memset(seen, 0, sizeof seen);
	for (i = 0; i < e->nnames; i++) {
		for (k = 0; k < st->ngroup && st->group[k] != e->names[i]; k++)
			continue;
		if (k == st->ngroup || seen[e->names[i]]++ ||
		    e->nnames != st->ngroup) {
			game_list_names(st->gs, st->group, st->ngroup, N_("and"),
			    &b);
			ruling_refuse(r, RULING_REFUSED, "expected each of %s "
			    "exactly once", buf_str(&b));
			buf_free(&b);
			return RULING_REFUSED;
		}
	}
	if (e->nnames != st->ngroup) {
		game_list_names(st->gs, st->group, st->ngroup, N_("and"), &b);
		ruling_refuse(r, RULING_REFUSED, "expected each of %s exactly "
		    "once", buf_str(&b));
		buf_free(&b);
		return RULING_REFUSED;
	}
	/* The group's places in the order are consecutive: rewrite them. */
	for (first = 0; first < st->norder; first++)
		if (st->score[st->order[first]] == st->score[st->group[0]])
			break;
	for (i = 0; i < st->ngroup; i++) {
		st->order[first + i] = e->names[i];
		st->settled[e->names[i]] = 1;
	}
	game_list_names(st->gs, e->names, e->nnames, N_("then"), &b);
	buf_puts(&b, _(" shake in that order; "));
	next_tie_or_all_shake(st, &b);
	return ruling_accept(r, &b);
}

/* Check e and fold it in. */
static int
shake_apply(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *name;
	int i;

	switch (e->verb) {
	case V_ROLL:
		if (st->phase == P_ROLL)
			return roll_colored(st, e, r);
		if (st->phase == P_SHAKE)
			return roll_shake(st, e, r);
		if (st->phase == P_TIE)
			return roll_tie(st, e, r);
		break;
	case V_TAKE:
		if (st->phase != P_CHOOSE)
			break;
		name = st->gs->names[st->chooser];
		award(st, st->chooser, st->die[st->chooser]);
		buf_printf(&b, _("%s takes %d"), name, st->die[st->chooser]);
		if ((i = highest_undecided(st)) < 0) {
			buf_puts(&b, _("; "));
			end_round(st, &b);
		} else {
			st->chooser = i;
			buf_printf(&b, _("; %s chooses"), st->gs->names[i]);
		}
		return ruling_accept(r, &b);
	case V_SHAKE:
		if (st->phase == P_SHAKE && st->round > ROUNDS &&
		    st->shakes == 0) {
			ruling_refuse(r, RULING_REFUSED, "in the All Shake "
			    "round a turn opens with roll or pass, not shake "
			    "(SH-8)");
			return RULING_REFUSED;
		}
		if (st->phase != P_CHOOSE)
			break;
		st->shaker = st->chooser;
		st->phase = P_SHAKE;
		st->total = 0;
		st->shakes = 0;
		st->decided[st->shaker] = 1;
		buf_printf(&b, _("%s shakes"), st->gs->names[st->shaker]);
		for (i = 0; i < st->n; i++)
			if (!st->decided[i]) {
				award(st, i, st->die[i]);
				buf_printf(&b, _("; %s scores %d"),
				    st->gs->names[i], st->die[i]);
			}
		return ruling_accept(r, &b);
	case V_BANK:
		if (st->phase != P_SHAKE || st->shakes == 0)
			break;
		name = st->gs->names[st->shaker];
		award(st, st->shaker, st->total);
		buf_printf(&b, _("%s banks %ld; "), name, st->total);
		end_shake_turn(st, &b);
		return ruling_accept(r, &b);
	case V_PASS:
		if (st->phase != P_SHAKE || st->round <= ROUNDS ||
		    st->shakes != 0)
			break;
		award(st, st->shaker, 0);
		buf_printf(&b, _("%s passes and scores 0; "),
		    st->gs->names[st->shaker]);
		end_shake_turn(st, &b);
		return ruling_accept(r, &b);
	case V_ORDER:
		if (st->phase == P_ORDER)
			return do_order(st, e, r);
		break;
	default:
		break;
	}
	return game_not_now(&game_shake, st, e->verb, r);
}

/* Whose turn, which verbs, and the sentence for the table. */
static void
shake_expect(const struct game_state *st, struct expectation *x)
{
	struct buf b = BUF_INIT;
	int who[GAME_MAX_PLAYERS];
	const char *name;

	x->round = st->round;
	x->round_name = st->round == ALL_SHAKE ? all_shake_name : NULL;
	x->turn = -1;
	x->finished = 0;
	x->verbs = 0;
	switch (st->phase) {
	case P_ROLL:
		x->verbs = VERB_BIT(V_ROLL);
		if (x->say != NULL)	/* the words only when asked */
			game_list_names(st->gs, who, all_seats(st, who),
			    N_("and"), &b);
		game_say(x, "Round %d. Roll the colored "
		    "dice: one value each for %s", st->round, buf_str(&b));
		break;
	case P_CHOOSE:
		x->turn = st->chooser;
		x->verbs = VERB_BIT(V_TAKE) | VERB_BIT(V_SHAKE);
		name = st->gs->names[st->chooser];
		game_say(x, "Round %d. %s rolled %d and "
		    "chooses: take %d or shake", st->round, name,
		    st->die[st->chooser], st->die[st->chooser]);
		break;
	case P_SHAKE:
		x->turn = st->shaker;
		name = st->gs->names[st->shaker];
		if (st->shakes > 0) {
			x->verbs = VERB_BIT(V_ROLL) | VERB_BIT(V_BANK);
			if (st->round <= ROUNDS)
				game_say(x, "Round %d. %s has %ld: bank "
				    "%ld or roll the next shake (six values, "
				    "0 or 10)", st->round, name, st->total,
				    st->total);
			else
				game_say(x, "All Shake round. %s has %ld: "
				    "bank %ld or roll the next shake (six "
				    "values, 0 or 10)", name, st->total,
				    st->total);
		} else if (st->round > ROUNDS) {
			x->verbs = VERB_BIT(V_ROLL) | VERB_BIT(V_PASS);
			game_say(x, "All Shake round. %s "
			    "shakes: roll six values (0 or 10) or pass",
			    name);
		} else {
			x->verbs = VERB_BIT(V_ROLL);
			game_say(x, "Round %d. %s shakes: "
			    "roll six values (0 or 10)", st->round, name);
		}
		break;
	case P_TIE:
		x->verbs = VERB_BIT(V_ROLL);
		if (x->say != NULL)
			game_list_names(st->gs, st->rollers, st->nrollers,
			    N_("and"), &b);
		game_say(x, "Tie on %ld. Roll the colored "
		    "dice: one value each for %s", st->score[st->group[0]],
		    buf_str(&b));
		break;
	case P_ORDER:
		x->turn = st->high;
		x->verbs = VERB_BIT(V_ORDER);
		if (x->say != NULL)
			game_list_names(st->gs, st->group, st->ngroup, NULL,
			    &b);
		game_say(x, "Tie on %ld. %s rolled "
		    "highest and names the shaking order of %s: order NAME..., "
		    "each once", st->score[st->group[0]],
		    st->gs->names[st->high], buf_str(&b));
		break;
	case P_OVER:
		x->finished = 1;
		game_say(x, "The game is over.");
		break;
	}
	buf_free(&b);
}

/* Scores; once over, the highest total wins, equal totals share (SH-10). */
static void
shake_score(const struct game_state *st, long *scores, int *winners)
{
	game_highest_wins(st->n, st->score, st->phase == P_OVER, scores,
	    winners);
}

/* The per-rules keys of status --json. */
static void
shake_status_json(const struct game_state *st, json_t *o)
{
	int shaking = st->phase == P_SHAKE;

	xjson_set(o, "shaker", shaking ?
	    xjson_text(st->gs->names[st->shaker]) : json_null());
	xjson_set(o, "shake_total", json_integer(shaking ?
	    st->total : 0));
}

/*
 * The score pad so far.  Its first column as wide as its widest word in
 * the catalog's language, in columns: the heading and the total on the
 * left, the rounds on the right, the All Shake round by its name (as
 * the prompt names it: expect's round_name).
 */
static void
shake_describe(const struct game_state *st, struct buf *b)
{
	struct buf round = BUF_INIT, total = BUF_INIT, label = BUF_INIT;
	int r, i, last = st->round < ALL_SHAKE ? st->round : ALL_SHAKE;
	size_t lw;

	buf_trimmed(&round, _("round "));
	buf_trimmed(&total, _("total "));
	lw = utf8_widest(utf8_widest(utf8_width(buf_str(&round)),
	    buf_str(&total)), _(all_shake_name));
	utf8_cell(b, buf_str(&round), lw, 0);
	buf_puts(b, " ");
	for (i = 0; i < st->n; i++) {
		buf_puts(b, " ");
		utf8_cell(b, st->gs->names[i], 8, 1);
	}
	buf_puts(b, "\n");
	for (r = 1; r <= last; r++) {
		buf_reset(&label);
		if (r == ALL_SHAKE)
			buf_puts(&label, _(all_shake_name));
		else
			buf_printf(&label, "%d", r);
		utf8_cell(b, buf_str(&label), lw, 1);
		buf_puts(b, " ");
		for (i = 0; i < st->n; i++) {
			if (st->pad[r][i] >= 0)
				buf_printf(b, " %8ld", st->pad[r][i]);
			else
				buf_printf(b, " %8s", "-");
		}
		buf_puts(b, "\n");
	}
	utf8_cell(b, buf_str(&total), lw, 0);
	buf_puts(b, " ");
	for (i = 0; i < st->n; i++)
		buf_printf(b, " %8ld", st->score[i]);
	buf_puts(b, "\n");
	buf_free(&round);
	buf_free(&total);
	buf_free(&label);
}

/*
 * A chance as a percentage into b: one decimal, more below 1% (and above
 * 99%) so that a chance neither certain nor nil never reads 0% or 100%:
 * 0.0021%, 99.48%; beyond six decimals, "under 0.000001%".
 */
static void
put_percent(struct buf *b, double p)
{
	double pc = 100 * p, m = pc < 50 ? pc : 100 - pc;
	int digits = 1;

	if (m > 0 && m < 5e-7) {
		buf_puts(b, pc < 50 ? _("under 0.000001%") : _("over 99.999999%"));
		return;
	}
	if (m > 0 && m < 1)
		digits = (int)ceil(-log10(m)) + 1;
	/* TRANSLATORS: a chance; a space before % as the language writes it. */
	buf_printf(b, _("%.*f%%"), digits, pc);
}

/*
 * The exact break-even total 10 faces 6^6 / (6-faces)^6 into b: whole, or
 * to two decimals (227.81 with two faces).
 */
static void
put_break_even(struct buf *b, int faces)
{
	long long num = 10LL * faces * 46656, den = 1;
	int i;

	for (i = 0; i < 6; i++)
		den *= 6 - faces;
	if (num % den == 0)
		buf_printf(b, "%lld", num / den);
	else
		buf_printf(b, "%.2f", (double)num / (double)den);
}

/* Odds and advice for the chooser or the shaker. */
static void
shake_advise(const struct game_state *st, struct buf *b)
{
	long stop = odds_shake_stop(st->faces), lead = 0;
	int i, sign;

	switch (st->phase) {
	case P_CHOOSE:
		/* The coach's line says the shake's worth (shake_advice). */
		break;
	case P_SHAKE:
		buf_puts(b, _("Each shake craps out "));
		put_percent(b, odds_shake_crap(st->faces));
		buf_puts(b, _(" of the time."));
		if (st->round > ROUNDS) {
			for (i = 0; i < st->n; i++)
				if (i != st->shaker && st->score[i] > lead)
					lead = st->score[i];
			if (st->score[st->shaker] + st->total > lead)
				buf_printf(b, _(" %s leads if the turn ends now.\n"),
				    st->gs->names[st->shaker]);
			else {
				buf_printf(b, _(" %s needs %ld more to lead: "),
				    st->gs->names[st->shaker], lead + 10 -
				    st->score[st->shaker] - st->total);
				put_percent(b, odds_shake_reach(st->faces,
				    st->total, lead + 10 -
				    st->score[st->shaker]));
				buf_puts(b, _(" to get there.\n"));
			}
		} else if (st->shakes > 0) {
			/* One sentence: the break-even and the stop. */
			sign = odds_shake_gain_sign(st->faces, st->total);
			if (sign > 0) {
				buf_puts(b, _(" One more shake gains on average "
				    "while the total is under "));
				put_break_even(b, st->faces);
				buf_printf(b, _(": shake on, and bank once it "
				    "reaches %ld.\n"), stop);
			} else if (sign < 0) {
				buf_puts(b, _(" One more shake loses on average "
				    "once the total is over "));
				put_break_even(b, st->faces);
				buf_printf(b, _(" (from %ld on): bank.\n"), stop);
			} else {
				buf_puts(b, _(" At "));
				put_break_even(b, st->faces);
				buf_puts(b, _(" one more shake neither gains nor "
				    "loses on average.\n"));
			}
		} else
			buf_puts(b, "\n");
		break;
	default:
		break;
	}
}

/* Chance that i of six Shake dice show 10, with faces of six showing 10. */
static double
shake_dice_p(int faces, int i)
{
	double p = faces / 6.0;

	return odds_choose(6, i) * pow(p, i) * pow(1 - p, 6 - i);
}

/*
 * The All Shake model of one turn (SH-8, SH-10): the shaker's total
 * before it, the highest final total of those who shook before (-1: none)
 * and how many hold it, and the totals of those still to shake after.
 */
struct as_turn {
	long		 s;
	long		 done;
	int		 ties;
	long		 later[GAME_MAX_PLAYERS];
	int		 nlater;
};

/*
 * The chance that the shaker, ending the round with final total f,
 * finishes first.  Each still to shake, in order, shakes until strictly
 * above the leader (their best play for the win), so f stands only if
 * each of them fails: reach[m] is the chance that a turn from 0 reaches
 * m tens before a crap-out (0 from nreach on).  A tie with players
 * already done shares the win, and so does one with a player still to
 * shake whose total is f (they fail only by a crap-out, ending on f).
 */
static double
all_shake_win(const struct as_turn *u, const double *reach, int nreach,
    long f)
{
	double w = 1;
	long m;
	int i, eq = 0;

	if (f < u->done)
		return 0;
	for (i = 0; i < u->nlater; i++) {
		m = (f - u->later[i]) / 10 + 1;
		if (m <= 0)
			return 0;
		w *= 1 - (m < nreach ? reach[m] : 0);
		/* One who fails from f itself ends on f: a share. */
		if (u->later[i] == f)
			eq++;
	}
	return w / (1 + (f == u->done ? u->ties : 0) + eq);
}

/* The chances that i of six Shake dice show 10, i = 0..6, into p. */
static void
shake_dice_ps(int faces, double *p)
{
	int i;

	for (i = 0; i <= 6; i++)
		p[i] = shake_dice_p(faces, i);
}

/*
 * reach[k], k < n, the chance a turn from 0 reaches k tens before a
 * crap-out, grown in *reach (of *have computed) as needed.
 */
static void
all_shake_reach(const double *p, double **reach, int *have, int n)
{
	int i, k;

	if (n <= *have)
		return;
	*reach = xreallocarray(*reach, (size_t)n, sizeof **reach);
	for (k = *have; k < n; k++) {
		(*reach)[k] = k == 0 ? 1 : 0;
		for (i = 1; i <= 6 && k > 0; i++)
			(*reach)[k] += p[i] * (k - i <= 0 ? 1 : (*reach)[k - i]);
	}
	*have = n;
}

/*
 * Best play of the turn u by backward induction over the total, k tens
 * (0..K+6; from K on the shaker stops): go[k] is 1 where shaking on beats
 * stopping; *bank and *roll are the two chances at t tens.  v is scratch
 * of K+7 values.
 */
static void
all_shake_play(const struct as_turn *u, const double *p,
    const double *reach, int K, int t, double *v, char *go, double *bank,
    double *roll)
{
	double w0 = all_shake_win(u, reach, K + 8, u->s), b, r;
	int i, k;

	for (k = K + 6; k >= 0; k--) {
		b = all_shake_win(u, reach, K + 8, u->s + 10L * k);
		if (k >= K) {
			v[k] = b;
			go[k] = 0;
			continue;
		}
		r = p[0] * w0;
		for (i = 1; i <= 6; i++)
			r += p[i] * v[k + i];
		v[k] = r > b ? r : b;
		go[k] = r > b;
		if (k == t) {
			*bank = b;
			*roll = r;
		}
	}
}

/* The cap of the backward induction: 400 shakes' worth above every score. */
static int
all_shake_cap(long hi, long s, int t)
{
	return (int)((hi - s) / 10) + t + 400;
}

/*
 * The All Shake shaker's chances to finish first: *bank (or pass, at 0)
 * and *roll (one more shake, then best play), by backward induction over
 * the total up to a cap far above every score.
 */
static void
all_shake_odds(const struct game_state *st, double *bank, double *roll)
{
	struct as_turn u;
	double p[7], *reach = NULL, *v;
	char *go;
	long hi = 0;
	int i, K, have = 0, t = (int)(st->total / 10);

	*bank = *roll = 0;
	u.s = st->score[st->shaker];
	u.done = -1;
	u.ties = 0;
	for (i = 0; i < st->next; i++) {
		long f = st->score[st->order[i]];

		if (f > u.done) {
			u.done = f;
			u.ties = 1;
		} else if (f == u.done)
			u.ties++;
	}
	u.nlater = 0;
	for (i = st->next + 1; i < st->norder; i++)
		u.later[u.nlater++] = st->score[st->order[i]];
	for (i = 0; i < st->n; i++)
		if (st->score[i] > hi)
			hi = st->score[i];
	K = all_shake_cap(hi, u.s, t);
	shake_dice_ps(st->faces, p);
	all_shake_reach(p, &reach, &have, K + 8);
	v = xcalloc((size_t)K + 7, sizeof *v);
	go = xcalloc((size_t)K + 7, 1);
	all_shake_play(&u, p, reach, K, t, v, go, bank, roll);
	free(reach);
	free(v);
	free(go);
}

/*
 * One state of the All Shake round between two turns: the highest final
 * total so far (-1: none) and how many hold it; mass[0] its chance and
 * mass[1 + q] the chance that the player in place q of the order holds it
 * (so far, among those who shook).
 */
struct as_state {
	long		 done;
	int		 ties;
	double		 mass[1 + GAME_MAX_PLAYERS];
};

/* The state (done, ties) in the list s[0..*n), added if new. */
static struct as_state *
as_state_at(struct as_state **s, int *n, int *cap, long done, int ties)
{
	int i;

	for (i = 0; i < *n; i++)
		if ((*s)[i].done == done && (*s)[i].ties == ties)
			return &(*s)[i];
	if (*n == *cap) {
		*cap = *cap == 0 ? 64 : 2 * *cap;
		*s = xreallocarray(*s, (size_t)*cap, sizeof **s);
	}
	memset(&(*s)[*n], 0, sizeof **s);
	(*s)[*n].done = done;
	(*s)[*n].ties = ties;
	return &(*s)[(*n)++];
}

/*
 * The chance fin[k] that a turn played by go (all_shake_play) ends k tens
 * above the shaker's total, k = 0..K+6 (a crap-out or a pass: 0); mass is
 * scratch of K+7 values.
 */
static void
all_shake_final(const double *p, const char *go, int K, double *mass,
    double *fin)
{
	int i, q;

	memset(mass, 0, (size_t)(K + 7) * sizeof *mass);
	memset(fin, 0, (size_t)(K + 7) * sizeof *fin);
	mass[0] = 1;
	for (i = 0; i < K + 7; i++) {
		if (mass[i] == 0)
			continue;
		if (!go[i]) {
			fin[i] += mass[i];
			continue;
		}
		fin[0] += mass[i] * p[0];
		for (q = 1; q <= 6; q++)
			mass[i + q] += mass[i] * p[q];
	}
}

/*
 * The All Shake round (SH-8, SH-10) played out with every shaker on the
 * coach's best play (all_shake_play, as at their turn): sc[0..n) the
 * totals after round 10 in shaking order; win[q] the chance that the
 * player in place q finishes first (a shared win as a share).  Only the
 * totals matter, not who holds them: tied players are interchangeable.
 */
static void
all_shake_round(int faces, const long *sc, int n, double *win)
{
	struct as_state *cur = NULL, *nxt = NULL, *x, *y;
	struct as_turn u;
	double p[7], *reach = NULL, *v = NULL, *mass = NULL, bank, roll;
	char *go = NULL;
	int ncur = 0, ccur = 0, nnxt = 0, cnxt = 0, have = 0, size = 0;
	int j, i, k, q, K, ties;
	long hi, f, done;

	shake_dice_ps(faces, p);
	x = as_state_at(&cur, &ncur, &ccur, -1, 0);
	x->mass[0] = 1;
	for (j = 0; j < n; j++) {
		u.s = sc[j];
		u.nlater = 0;
		for (i = j + 1; i < n; i++)
			u.later[u.nlater++] = sc[i];
		nnxt = 0;
		for (k = 0; k < ncur; k++) {
			x = &cur[k];
			u.done = x->done;
			u.ties = x->ties;
			hi = x->done > u.s ? x->done : u.s;
			K = all_shake_cap(hi, u.s, 0);
			all_shake_reach(p, &reach, &have, K + 8);
			if (K + 7 > size) {
				size = K + 7;
				v = xreallocarray(v, (size_t)size, sizeof *v);
				go = xreallocarray(go, (size_t)size, 1);
				mass = xreallocarray(mass, (size_t)size,
				    sizeof *mass);
			}
			all_shake_play(&u, p, reach, K, 0, v, go, &bank,
			    &roll);
			all_shake_final(p, go, K, mass, v);
			for (i = 0; i < K + 7; i++) {
				if (v[i] == 0)
					continue;
				f = u.s + 10L * i;
				done = f > x->done ? f : x->done;
				ties = f > x->done ? 1 : f == x->done ?
				    x->ties + 1 : x->ties;
				y = as_state_at(&nxt, &nnxt, &cnxt, done, ties);
				y->mass[0] += v[i] * x->mass[0];
				for (q = 0; q < j; q++)
					if (f <= x->done)
						y->mass[1 + q] += v[i] *
						    x->mass[1 + q];
				if (f >= x->done)
					y->mass[1 + j] += v[i] * x->mass[0];
			}
		}
		x = cur;
		cur = nxt;
		nxt = x;
		q = ccur;
		ccur = cnxt;
		cnxt = q;
		ncur = nnxt;
	}
	for (q = 0; q < n; q++) {
		win[q] = 0;
		for (k = 0; k < ncur; k++)
			win[q] += cur[k].mass[1 + q] / cur[k].ties;
	}
	free(cur);
	free(nxt);
	free(reach);
	free(v);
	free(go);
	free(mass);
}

/*
 * SH-9: the chooser's chance to win by their place in the tied group's
 * shaking order, w[0..ngroup) (the group's places are consecutive; the
 * order of the others in it does not change the chooser's chance).
 */
static void
order_wins(const struct game_state *st, double *w)
{
	long sc[GAME_MAX_PLAYERS];
	double win[GAME_MAX_PLAYERS];
	int i, first = -1;

	for (i = 0; i < st->norder; i++) {
		sc[i] = st->score[st->order[i]];
		if (first < 0 && sc[i] == st->score[st->group[0]])
			first = i;
	}
	all_shake_round(st->faces, sc, st->norder, win);
	for (i = 0; i < st->ngroup; i++)
		w[i] = win[first + i];
}

/* "1st", "2nd", ... for place i (from 0). */
static const char *
ordinal(int i)
{
	/*
	 * TRANSLATORS: a place in the order of shaking, in "...of the
	 * time shaking %s of the %d tied (" and in the list after it.
	 */
	static const char *const o[] = { N_("1st"), N_("2nd"), N_("3rd"),
	    N_("4th"), N_("5th"), N_("6th") };

	return _(i >= 0 && i < 6 ? o[i] : N_("last"));
}

/* The next permutation of perm[0..n) in lexicographic order; 0 after the last. */
static int
next_perm(int *perm, int n)
{
	int i, k, t;

	for (i = n - 2; i >= 0 && perm[i] > perm[i + 1]; i--)
		continue;
	if (i < 0)
		return 0;
	for (k = n - 1; perm[k] < perm[i]; k--)
		continue;
	t = perm[i];
	perm[i] = perm[k];
	perm[k] = t;
	for (i++, k = n - 1; i < k; i++, k--) {
		t = perm[i];
		perm[i] = perm[k];
		perm[k] = t;
	}
	return 1;
}

/*
 * The coach for `order` (SH-9): every order of the group, valued by the
 * chooser's chance to win the game (SH-8, SH-10), best first.
 */
static int
order_advice(const struct game_state *st, struct advice *a)
{
	double w[GAME_MAX_PLAYERS];
	int perm[GAME_MAX_PLAYERS], i, k, me = 0, best = 0;
	struct buf e = BUF_INIT;
	const char *name = st->gs->names[st->high];

	a->basis = ADVICE_WIN;
	order_wins(st, w);
	for (i = 0; i < st->ngroup; i++) {
		perm[i] = i;
		if (st->group[i] == st->high)
			me = i;
		if (w[i] > w[best])
			best = i;
	}
	do {
		buf_reset(&e);
		buf_puts(&e, "order");
		for (i = 0; i < st->ngroup; i++) {
			buf_puts(&e, " ");
			buf_word(&e, st->gs->names[st->group[perm[i]]], 1);
		}
		for (i = 0; perm[i] != me; i++)
			continue;
		advice_add(a, w[i], "%s", buf_str(&e));
	} while (next_perm(perm, st->ngroup));
	buf_free(&e);
	advice_sort(a);
	buf_printf(&a->say, _("%s: %s wins "), a->moves[0].entry, name);
	put_percent(&a->say, w[best]);
	buf_printf(&a->say, _(" of the time shaking %s of the %d tied ("),
	    ordinal(best), st->ngroup);
	for (i = 0, k = 0; i < st->ngroup; i++) {
		if (i == best)
			continue;
		buf_printf(&a->say, "%s%s ", k++ ? ", " : "", ordinal(i));
		put_percent(&a->say, w[i]);
	}
	buf_printf(&a->say, E_(name, _("); only %s's own place counts"),
	    C_("elided", "); only %s's own place counts")), name);
	return 1;
}

/* The points of one more shake from total, then best play (SH-7). */
static double
shake_on_value(int faces, long total)
{
	double r = 0;
	int i;

	for (i = 1; i <= 6; i++)
		r += shake_dice_p(faces, i) *
		    odds_shake_value(faces, total + 10L * i);
	return r;
}

/* The coach: take or shake, bank or shake on, pass or shake (SH-6..8). */
static int
shake_advice(const struct game_state *st, struct advice *a)
{
	const char *name;
	double shake, bank, roll;
	int die;

	switch (st->phase) {
	case P_CHOOSE:
		a->basis = ADVICE_POINTS;
		die = st->die[st->chooser];
		shake = odds_shake_value(st->faces, 0);
		advice_add(a, die, "take");
		advice_add(a, shake, "shake");
		advice_sort(a);
		if (shake > die)
			buf_printf(&a->say, _("shake: worth %.1f on "
			    "average, banking once the total reaches %ld; the "
			    "die is worth %d"), shake, odds_shake_stop(st->faces),
			    die);
		else
			buf_printf(&a->say, _("take %d: the die "
			    "beats the %.1f a shake is worth on average"), die,
			    shake);
		return 1;
	case P_SHAKE:
		name = st->gs->names[st->shaker];
		if (st->round > ROUNDS) {
			a->basis = ADVICE_WIN;
			all_shake_odds(st, &bank, &roll);
			advice_add(a, bank, st->shakes > 0 ? "bank" : "pass");
			advice_add(a, roll, "roll");
			advice_sort(a);
			buf_printf(&a->say, st->shakes > 0 ? _("%s: %s "
			    "finishes first %.1f%% of the time by shaking on, "
			    "%.1f%% by banking now (%d still to shake after)") :
			    _("%s: %s finishes first %.1f%% of the time by "
			    "shaking on, %.1f%% by passing now (%d still to "
			    "shake after)"),
			    roll > bank ? "roll" : a->moves[0].entry, name,
			    100 * roll, 100 * bank, st->norder - st->next - 1);
			return 1;
		}
		if (st->shakes == 0)
			return 0;
		a->basis = ADVICE_POINTS;
		roll = shake_on_value(st->faces, st->total);
		advice_add(a, (double)st->total, "bank");
		advice_add(a, roll, "roll");
		advice_sort(a);
		if (roll > st->total)
			buf_printf(&a->say, _("roll: shaking on is "
			    "worth %.1f on average against %ld banked now "
			    "(crap-out %.1f%%)"), roll, st->total,
			    100 * shake_dice_p(st->faces, 0));
		else
			buf_printf(&a->say, _("bank %ld: shaking on "
			    "is worth %.1f on average (crap-out %.1f%%)"),
			    st->total, roll, 100 * shake_dice_p(st->faces, 0));
		return 1;
	case P_ORDER:
		return order_advice(st, a);
	default:
		return 0;
	}
}

/* The dice a roll entry rolls (the dice audit): colored or Shake dice. */
static int
shake_rolled(const struct game_state *st, const struct entry *e,
    struct die_rolled *d, int max)
{
	int who[GAME_MAX_PLAYERS], nwho = 0, i, n = 0;

	if (st->phase == P_SHAKE) {
		for (i = 0; i < e->nvals && n < max; i++, n++) {
			d[n].kind = st->faces;
			d[n].face = e->vals[i] != 0;
			d[n].seat = st->shaker;
		}
		return n;
	}
	if (st->phase == P_ROLL)
		nwho = all_seats(st, who);
	else if (st->phase == P_TIE) {
		memcpy(who, st->rollers, sizeof who);
		nwho = st->nrollers;
	}
	for (i = 0; i < e->nvals && i < nwho && n < max; i++, n++) {
		d[n].kind = 0;
		d[n].face = colored_value(e->vals[i]) / 10;
		d[n].seat = e->seats != NULL ? e->seats[i] : who[i];
	}
	return n;
}

const struct game_rules game_shake = {
	.name = "shake",
	.alias = NULL,
	.summary = N_("Shake: roll the colored dice, take or shake, 10 rounds "
	    "and the All Shake round"),
	.card = card_shake,
	.min_players = 2,
	.max_players = 6,
	.verbs = shake_verbs,
	.options = shake_options,
	.state_new = shake_new,
	.state_free = shake_free,
	.state_size = sizeof(struct game_state),
	.state_setup = offsetof(struct game_state, gs),
	.state_valid = shake_valid,
	.state_format = 1,
	.apply = shake_apply,
	.expect = shake_expect,
	.score = shake_score,
	.status_json = shake_status_json,
	.describe = shake_describe,
	.advise = shake_advise,
	.advice = shake_advice,
	.rolled = shake_rolled,
	.lookups = NULL,
};
