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
#include "shake.h"
#include "utf8.h"
#include "xjson.h"

/* The All Shake round's name, in the pad and the prompt. */
static const char all_shake_name[] = N_("All Shake");

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
	int k;

	x->round = st->round;
	x->count_verb = V_ROLL;
	x->round_name = st->round == ALL_SHAKE ? all_shake_name : NULL;
	x->turn = -1;
	x->finished = 0;
	x->verbs = 0;
	switch (st->phase) {
	case P_ROLL:
		x->verbs = VERB_BIT(V_ROLL);
		x->count = st->n;
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
		x->count = 6;	/* a shake: six values (SH-2) */
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
		/* Only the tied roll, in seat order (SH-9). */
		x->verbs = VERB_BIT(V_ROLL);
		x->count = st->nrollers;
		for (k = 0; k < st->nrollers; k++)
			x->rolling |= 1UL << st->rollers[k];
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

/*
 * The values of a die of roll now, one a line (completion, a phone's
 * dice pad): during a shake each of the six Shake dice is 0 or 10
 * (SH-2); the colored dice's roll says none (1 to 6 pips or 10 to 60,
 * SH-1: whoever asks offers its own).
 */
static void
shake_values(const struct game_state *st, int v, int argi,
    char *const *args, struct buf *b)
{
	(void)args;
	if (v == V_ROLL && st->phase == P_SHAKE && argi < 6)
		buf_puts(b, "0\n10\n");
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
	.values = shake_values,
	.lookups = NULL,
};
