/*
 * game-shake-up.c: Shake Up (seed 001), rulings SU-1..SU-10.  Pure.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game-shake-up.h"
#include "shake-up.h"
#include "utf8.h"
#include "xjson.h"

/* Its verbs, in the row's order (an entry's verb is its index). */
enum {
	V_ROLL, V_KEEP, V_STAND, V_MOVE, V_AGAIN, V_PENALIZE, V_PASS
};

/* Its verbs: arguments, usage, whose entry, kind and what each does. */
static const struct game_verb su_verbs[] = {
	[V_ROLL] = { "roll", "V...",
	    N_("expected the values rolled"), WHO_TURN, VERB_PAIRS | VERB_ROLL,
	    N_("the start roll: one die per player, the highest "
	    "starts (SU-2); in a turn: the dice shaken, 4 minus those held "
	    "(SU-3)") },
	[V_KEEP] = { "keep", "V...",
	    N_("expected one or more die values"), WHO_TURN, VERB_KEEP,
	    N_("set dice of the last shake aside; held dice stay "
	    "held (reroll=free: name the whole held set) (SU-3)") },
	[V_STAND] = { "stand", "",
	    NULL, WHO_TURN, 0,
	    N_("stop shaking: the hand is final and is classified "
	    "(A) to (D) (SU-3, SU-4)") },
	[V_MOVE] = { "move", "LEVEL",
	    N_("expected one LEVEL"), WHO_TURN, 0,
	    N_("move one of your pawns up from LEVEL, after an "
	    "(A) or (B) hand (SU-5, SU-7, two-pawn rule SU-8)") },
	[V_AGAIN] = { "again", "",
	    NULL, WHO_TURN, 0,
	    N_("after an (A) move: take another turn (SU-5, SU-6)") },
	[V_PENALIZE] = { "penalize", "NAME LEVEL",
	    N_("expected NAME LEVEL"), WHO_TURN, 0,
	    N_("after an (A) move: send one of NAME's "
	    "pawns on LEVEL (above 1, not safe) back to level 1 (SU-5, SU-6)") },
	[V_PASS] = { "pass", "",
	    NULL, WHO_TURN, 0,
	    N_("after an (A) move: end the turn without again or "
	    "penalize (SU-5)") },
	{ NULL, NULL, NULL, WHO_TABLE, 0, NULL }
};

/* 1 if v is a number of levels 2..9. */
static int
valid_levels(const char *v)
{
	return game_option_number(v, 2, 9, 1);
}

/* 1 if v is locked or free. */
static int
valid_reroll(const char *v)
{
	return strcmp(v, "locked") == 0 || strcmp(v, "free") == 0;
}

static const struct game_option su_options[] = {
	{ "levels", "5", "2..9", valid_levels, NULL, 0 },
	{ "reroll", "locked", "locked, free", valid_reroll, NULL, 0 },
	GAME_OPTION_COACH,
	{ NULL, NULL, NULL, NULL, NULL, 0 }
};

static void	su_expect(const struct game_state *, struct expectation *);

/* The rule card: seeds/shake-up.md, made C by src/tools/mkcard. */
extern const struct card_block card_shake_up[];

extern const struct game_rules game_shake_up;

/* A new game: every pawn on level 1, the start roll. */
static struct game_state *
su_new(const struct game_setup *gs)
{
	struct game_state *st = xcalloc(1, sizeof *st);
	int i, k;

	st->gs = gs;
	st->n = gs->nplayers < SU_MAX_PLAYERS ? gs->nplayers : SU_MAX_PLAYERS;
	st->levels = (int)strtol(gs->options[0], NULL, 10);
	st->free = strcmp(gs->options[1], "free") == 0;
	st->phase = P_START;
	st->round = 1;
	st->winner = -1;
	for (i = 0; i < st->n; i++) {
		st->rollers[i] = i;
		for (k = 0; k < PAWNS; k++)
			st->pawn[i][k] = 1;
	}
	st->nrollers = st->n;
	return st;
}

/* A snapshot's state: every count, seat and value in range (state_valid). */
static int
su_valid(const struct game_state *st, const struct game_state *fresh)
{
	int n = st->n, i, k;

	if (n != fresh->n || st->levels != fresh->levels ||
	    st->free != fresh->free || n < 1 ||
	    (int)st->phase < P_START || (int)st->phase > P_OVER ||
	    st->round < 1 || st->first < 0 || st->first >= n ||
	    st->cur < 0 || st->cur >= n ||
	    !state_ints_in(st->rollers, st->nrollers, n, 0, n - 1) ||
	    st->shakes < 0 || st->shakes > SHAKES ||
	    !state_ints_in(st->held, st->nheld, DICE, 1, 6) ||
	    !state_ints_in(st->last, st->nlast, DICE - st->nheld, 1, 6) ||
	    (int)st->cls < SU_A || (int)st->cls > SU_D ||
	    (st->special != 0 && st->special != 1) ||
	    (st->penalized != 0 && st->penalized != 1) ||
	    st->winner < (st->phase == P_OVER ? 0 : -1) || st->winner >= n ||
	    (st->phase == P_START && st->nrollers < 1))
		return 0;
	/* A turn's hand: none before its first shake, else all four dice. */
	if (st->phase == P_SHAKE && (st->shakes == SHAKES ||
	    (st->shakes == 0 && st->nheld + st->nlast != 0) ||
	    (st->shakes > 0 && st->nheld + st->nlast != DICE)))
		return 0;
	if ((st->phase == P_MOVE || st->phase == P_AFTER) &&
	    st->nheld + st->nlast != DICE)
		return 0;
	for (k = 1; k < st->nheld; k++)
		if (st->held[k] < st->held[k - 1])
			return 0;
	/* Each pawn on a level, ascending. */
	for (i = 0; i < n; i++)
		for (k = 0; k < PAWNS; k++)
			if (st->pawn[i][k] < 1 || st->pawn[i][k] > st->levels ||
			    (k > 0 && st->pawn[i][k] < st->pawn[i][k - 1]))
				return 0;
	return 1;
}

/* Free a state. */
static void
su_free(struct game_state *st)
{
	free(st);
}

/* Start a turn for the current player. */
static void
new_turn(struct game_state *st)
{
	st->phase = P_SHAKE;
	st->shakes = 0;
	st->nheld = st->nlast = 0;
	st->special = st->penalized = 0;
}

/* The turn passes to the left; the round counts returns to the first. */
static void
pass_turn(struct game_state *st, struct buf *b)
{
	st->cur = (st->cur + 1) % st->n;
	if (st->cur == st->first)
		st->round++;
	new_turn(st);
	buf_printf(b, E_(st->gs->names[st->cur], _("; %s's turn"),
	    C_("elided", "; %s's turn")), st->gs->names[st->cur]);
}

/* The start roll (SU-2): one die per roller; ties for highest re-roll. */
static int
roll_start(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	int vals[SU_MAX_PLAYERS], seen[SU_MAX_PLAYERS] = { 0 };
	/* Zeros past the top: the state's bytes are its snapshot's. */
	int top[SU_MAX_PLAYERS] = { 0 }, ntop = 0, high = 0, i, k, seat;

	if (e->nvals != st->nrollers) {
		game_list_names(st->gs, st->rollers, st->nrollers, NULL, &b);
		ruling_refuse(r, RULING_REFUSED, "expected %d values (%s), "
		    "got %d", st->nrollers, buf_str(&b), e->nvals);
		buf_free(&b);
		return RULING_REFUSED;
	}
	for (i = 0; i < st->nrollers; i++) {
		seat = st->rollers[i];
		if (e->seats != NULL) {
			seat = e->seats[i];
			for (k = 0; k < st->nrollers && st->rollers[k] != seat;
			    k++)
				continue;
			if (k == st->nrollers) {
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
		if (game_die_face(e, i, r) != RULING_OK)
			return RULING_REFUSED;
		vals[seat] = (int)e->vals[i];
	}
	ntop = game_highest(vals, st->rollers, st->nrollers, top, &high);
	if (ntop > 1) {
		memcpy(st->rollers, top, sizeof top);
		st->nrollers = ntop;
		game_list_names(st->gs, top, ntop, N_("and"), &b);
		ruling_note(r, "%s tie on %d and roll again (SU-2)",
		    buf_str(&b), high);
		buf_free(&b);
		return RULING_OK;
	}
	st->first = st->cur = top[0];
	new_turn(st);
	ruling_note(r, "%s rolls highest (%d) and starts",
	    st->gs->names[st->cur], high);
	return RULING_OK;
}

/*
 * The hand is final: classify it (SU-4) and apply what needs no choice:
 * (C) and (D) pass the turn (SU-7).
 */
static void
finalize(struct game_state *st, struct buf *b)
{
	const char *name = st->gs->names[st->cur];
	int dice[DICE], i, top = 0, *pw = st->pawn[st->cur];

	su_hand(st, dice);
	st->cls = shakeup_classify(dice);
	buf_printf(b, _("; %s has %s (%c)"), name, su_hand_name(dice),
	    class_letter[st->cls]);
	switch (st->cls) {
	case SU_A:
		st->special = st->shakes == 1;
		st->phase = P_MOVE;
		if (st->special)
			buf_puts(b, _(" on the first shake: special advantage "
			    "(SU-6)"));
		buf_puts(b, _(": move one pawn up"));
		break;
	case SU_B:
		st->phase = P_MOVE;
		buf_puts(b, _(": move one pawn up"));
		break;
	case SU_C:
		buf_puts(b, _(": no move"));
		pass_turn(st, b);
		break;
	case SU_D:
		for (i = 0; i < PAWNS; i++)
			if (pw[i] < st->levels)
				top = i;
		if (pw[top] > 1 && pw[top] < st->levels) {
			buf_printf(b, _(": penalty, the pawn on level %d goes "
			    "back to level 1"), pw[top]);
			pw[top] = 1;
			su_sort_ints(pw, PAWNS);
		} else
			buf_puts(b, _(": penalty, but no pawn is above level 1"));
		pass_turn(st, b);
		break;
	}
}

/* roll V... in a turn: the dice not held (SU-3). */
static int
roll_shake(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->cur];
	int want = DICE - st->nheld, i;

	if (e->seats != NULL) {
		ruling_refuse(r, RULING_REFUSED, "a shake is plain values, "
		    "without names");
		return RULING_REFUSED;
	}
	if (e->nvals != want) {
		ruling_refuse(r, RULING_REFUSED, P_("expected %d value (the "
		    "dice %s does not hold), got %d", "expected %d values (the "
		    "dice %s does not hold), got %d", want), want, name,
		    e->nvals);
		return RULING_REFUSED;
	}
	if (game_die_faces(e, r) != RULING_OK)
		return RULING_REFUSED;
	for (i = 0; i < want; i++)
		st->last[i] = (int)e->vals[i];
	st->nlast = want;
	su_sort_ints(st->last, want);
	st->shakes++;
	buf_printf(&b, _("%s shakes "), name);
	game_put_dice(&b, st->last, st->nlast);
	if (st->nheld > 0) {
		buf_puts(&b, _(", holding "));
		game_put_dice(&b, st->held, st->nheld);
	}
	if (st->shakes == SHAKES) {
		buf_puts(&b, _("; that was the third shake"));
		finalize(st, &b);
	}
	return ruling_accept(r, &b);
}

/*
 * Take the values of e out of pool[0..*npool) (a multiset); on success
 * move them to out[0..*nout) and return -1, else the index of the first
 * value missing.
 */
static int
take_values(const struct entry *e, int *pool, int *npool, int *out,
    int *nout)
{
	int tmp[DICE], n = *npool, i, k;

	memcpy(tmp, pool, sizeof tmp);
	for (i = 0; i < e->nvals; i++) {
		for (k = 0; k < n && tmp[k] != e->vals[i]; k++)
			continue;
		if (k == n)
			return i;
		tmp[k] = tmp[--n];
	}
	for (i = 0; i < e->nvals; i++)
		out[(*nout)++] = (int)e->vals[i];
	memcpy(pool, tmp, sizeof tmp);
	*npool = n;
	su_sort_ints(pool, n);
	su_sort_ints(out, *nout);
	return -1;
}

/* keep V...: set dice aside (SU-3; reroll=free: name the held set). */
static int
do_keep(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->cur];
	/* Zeros past the dice: the state's bytes are its snapshot's. */
	int bad, pool[DICE] = { 0 }, npool, held[DICE] = { 0 }, nheld = 0;

	if (st->free) {
		npool = su_hand(st, pool);
		su_sort_ints(pool, npool);
		if ((bad = take_values(e, pool, &npool, held, &nheld)) >= 0) {
			game_put_dice(&b, pool, npool);
			ruling_refuse(r, RULING_REFUSED, E_(name, _("'%s' is "
			    "not in %s's hand %s (reroll=free: keep names "
			    "every die to hold)"), C_("elided", "'%s' is not in "
			    "%s's hand %s (reroll=free: keep names every die "
			    "to hold)")), e->argv[bad], name, buf_str(&b));
			buf_free(&b);
			return RULING_REFUSED;
		}
		memcpy(st->held, held, sizeof held);
		st->nheld = nheld;
		memcpy(st->last, pool, sizeof pool);
		st->nlast = npool;
	} else if ((bad = take_values(e, st->last, &st->nlast, st->held,
	    &st->nheld)) >= 0) {
		if (st->nlast > 0)
			game_put_dice(&b, st->last, st->nlast);
		else
			buf_puts(&b, _("none"));
		ruling_refuse(r, RULING_REFUSED, "'%s' is not among the dice "
		    "of the last shake not yet held (%s)", e->argv[bad],
		    buf_str(&b));
		buf_free(&b);
		return RULING_REFUSED;
	}
	buf_printf(&b, _("%s holds "), name);
	game_put_dice(&b, st->held, st->nheld);
	if (st->nheld == DICE) {
		buf_puts(&b, _("; all four dice are held"));
		finalize(st, &b);
	} else
		buf_printf(&b, P_(", %d die to shake", ", %d dice to shake",
		    DICE - st->nheld), DICE - st->nheld);
	return ruling_accept(r, &b);
}

/* move LEVEL: one own pawn up one level (SU-5, SU-7, SU-8, SU-10). */
static int
do_move(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->cur];
	int *pw = st->pawn[st->cur], l = (int)e->level, i;

	if (e->level < 1 || e->level >= st->levels) {
		ruling_refuse(r, RULING_REFUSED, "'%s' is not a level a pawn "
		    "can move up from (1 to %d; level %d is safe)",
		    e->argv[0], st->levels - 1, st->levels);
		return RULING_REFUSED;
	}
	if (su_on_level(st, st->cur, l) == 0) {
		ruling_refuse(r, RULING_REFUSED, "%s has no pawn on level %d",
		    name, l);
		return RULING_REFUSED;
	}
	if (!su_may_move(st, st->cur, l)) {
		ruling_refuse(r, RULING_REFUSED, "%s has one pawn on level %d "
		    "(two-pawn rule)", name, l);
		return RULING_REFUSED;
	}
	for (i = PAWNS - 1; pw[i] != l; i--)
		continue;
	pw[i]++;
	su_sort_ints(pw, PAWNS);
	if (l + 1 == st->levels)
		buf_printf(&b, _("%s moves a pawn from level %d into the Safe "
		    "Zone (%d safe)"), name, l, su_safe_count(st, st->cur));
	else
		buf_printf(&b, _("%s moves a pawn from level %d to %d"), name, l,
		    l + 1);
	if (su_safe_count(st, st->cur) == PAWNS) {
		st->phase = P_OVER;
		st->winner = st->cur;
		buf_printf(&b, _("; all %d pawns are safe: %s wins (SU-10)"),
		    PAWNS, name);
	} else if (st->cls == SU_A) {
		st->phase = P_AFTER;
		buf_printf(&b, _("; %s: again%s"), st->special ?
		    _("special advantage") : _("then"),
		    su_has_target(st, st->cur) ?
		    _(", penalize NAME LEVEL, or pass") : _(" or pass"));
	} else
		pass_turn(st, &b);
	return ruling_accept(r, &b);
}

/* penalize NAME LEVEL: an opponent's pawn back to level 1 (SU-5, SU-6). */
static int
do_penalize(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->cur], *them;
	int *pw, l = (int)e->level, i;

	if (e->who == st->cur) {
		ruling_refuse(r, RULING_REFUSED, "%s cannot penalize their own "
		    "pawn: name an opponent", name);
		return RULING_REFUSED;
	}
	them = st->gs->names[e->who];
	pw = st->pawn[e->who];
	if (e->level <= 1) {
		ruling_refuse(r, RULING_REFUSED, "'%s' is not a level to send "
		    "a pawn back from: name a level above 1", e->argv[1]);
		return RULING_REFUSED;
	}
	if (e->level >= st->levels) {
		ruling_refuse(r, RULING_REFUSED, "'%s' is %s: safe pawns "
		    "cannot be penalized", e->argv[1], e->level == st->levels ?
		    _("the Safe Zone") : _("above the top level"));
		return RULING_REFUSED;
	}
	if (su_on_level(st, e->who, l) == 0) {
		ruling_refuse(r, RULING_REFUSED, "%s has no pawn on level %d",
		    them, l);
		return RULING_REFUSED;
	}
	for (i = 0; pw[i] != l; i++)
		continue;
	pw[i] = 1;
	su_sort_ints(pw, PAWNS);
	buf_printf(&b, E_(them, _("%s sends %s's pawn on level %d back to "
	    "level 1"), C_("elided", "%s sends %s's pawn on level %d back to "
	    "level 1")), name, them, l);
	if (st->special)
		st->penalized = 1;
	else
		pass_turn(st, &b);
	return ruling_accept(r, &b);
}

/* Check e and fold it in. */
static int
su_apply(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->cur];
	int dice[DICE];

	switch (e->verb) {
	case V_ROLL:
		if (st->phase == P_START)
			return roll_start(st, e, r);
		if (st->phase == P_SHAKE)
			return roll_shake(st, e, r);
		break;
	case V_KEEP:
		if (st->phase == P_SHAKE && st->shakes > 0)
			return do_keep(st, e, r);
		if (st->phase == P_MOVE || st->phase == P_AFTER) {
			ruling_refuse(r, RULING_REFUSED, "the hand is final: "
			    "%s", _("nothing more can be kept"));
			return RULING_REFUSED;
		}
		break;
	case V_STAND:
		if (st->phase == P_SHAKE && st->shakes > 0) {
			buf_printf(&b, _("%s stands on "), name);
			game_put_dice(&b, dice, su_hand(st, dice));
			finalize(st, &b);
			return ruling_accept(r, &b);
		}
		if (st->phase == P_MOVE || st->phase == P_AFTER) {
			ruling_refuse(r, RULING_REFUSED, "the hand is final: "
			    "%s", _("there is nothing to stand on"));
			return RULING_REFUSED;
		}
		break;
	case V_MOVE:
		if (st->phase == P_MOVE)
			return do_move(st, e, r);
		if (st->phase == P_SHAKE && st->shakes > 0) {
			/* SU-3: the hand is not final yet. */
			ruling_refuse(r, RULING_REFUSED, "the hand is not "
			    "final: stand first to score this hand (or keep "
			    "and roll again)");
			return RULING_REFUSED;
		}
		break;
	case V_AGAIN:
		if (st->phase != P_AFTER)
			break;
		new_turn(st);
		ruling_note(r, "%s takes another turn", name);
		return RULING_OK;
	case V_PENALIZE:
		if (st->phase != P_AFTER || st->penalized)
			break;
		if (!su_has_target(st, st->cur)) {
			ruling_refuse(r, RULING_REFUSED, "no opponent has a "
			    "pawn above level 1 and not safe: again or pass");
			return RULING_REFUSED;
		}
		return do_penalize(st, e, r);
	case V_PASS:
		if (st->phase != P_AFTER)
			break;
		buf_printf(&b, _("%s passes"), name);
		pass_turn(st, &b);
		return ruling_accept(r, &b);
	default:
		break;
	}
	return game_not_now(&game_shake_up, st, e->verb, r);
}

/*
 * The values of move LEVEL and of penalize NAME LEVEL now, one a line
 * (completion): the levels the player's pawn may move up from; while
 * penalize is legal, the opponents with a pawn above level 1 and not
 * safe, and the levels of NAME's such pawns (SU-5, SU-6).
 */
static void
su_values(const struct game_state *st, int v, int argi,
    char *const *args, struct buf *b)
{
	int l, who, k;

	if (v == V_PENALIZE && argi == 0 && st->phase == P_AFTER &&
	    !st->penalized) {
		for (who = 0; who < st->n; who++)
			for (k = 0; k < PAWNS && who != st->cur; k++)
				if (st->pawn[who][k] > 1 &&
				    st->pawn[who][k] < st->levels) {
					buf_printf(b, "%s\n",
					    st->gs->names[who]);
					break;
				}
	} else if (v == V_MOVE && argi == 0) {
		for (l = 1; l < st->levels; l++)
			if (su_may_move(st, st->cur, l))
				buf_printf(b, "%d\n", l);
	} else if (v == V_PENALIZE && argi == 1 &&
	    (who = game_seat(st->gs, args[0])) >= 0 && who != st->cur) {
		for (l = 2; l < st->levels; l++)
			if (su_on_level(st, who, l) > 0)
				buf_printf(b, "%d\n", l);
	}
}

/* Whose turn, which verbs, and the sentence for the table. */
static void
su_expect(const struct game_state *st, struct expectation *x)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->cur];
	int left = SHAKES - st->shakes, want = DICE - st->nheld;
	int target = su_has_target(st, st->cur), k;

	x->round = st->round;
	x->count_verb = V_ROLL;
	x->turn = st->cur;
	x->finished = 0;
	x->verbs = 0;
	switch (st->phase) {
	case P_START:
		x->turn = -1;
		x->verbs = VERB_BIT(V_ROLL);
		/* One die each for those who roll for the start. */
		x->count = st->nrollers;
		for (k = 0; k < st->nrollers; k++)
			x->rolling |= 1UL << st->rollers[k];
		if (x->say != NULL)	/* the words only when asked */
			game_list_names(st->gs, st->rollers, st->nrollers,
			    N_("and"), &b);
		game_say(x, "%s: one die each for %s (the "
		    "highest starts)", st->nrollers < st->n ? _("Tie for the "
		    "start") : _("Start roll"), buf_str(&b));
		break;
	case P_SHAKE:
		x->verbs = VERB_BIT(V_ROLL);
		x->count = want;	/* the dice not held */
		if (st->shakes == 0) {
			game_say(x, "Round %d. %s shakes: "
			    "roll %d values", st->round, name, want);
			break;
		}
		x->verbs |= VERB_BIT(V_KEEP) | VERB_BIT(V_STAND);
		if (st->nheld > 0) {
			buf_puts(&b, _("holds "));
			game_put_dice(&b, st->held, st->nheld);
			buf_puts(&b, _(" and "));
		}
		buf_puts(&b, _("shook "));
		game_put_dice(&b, st->last, st->nlast);
		game_say(x, P_("Round %d. %s %s (%d shake left): ",
		    "Round %d. %s %s (%d shakes left): ", left), st->round,
		    name, buf_str(&b), left);
		game_say(x, P_("keep, stand, or roll %d value",
		    "keep, stand, or roll %d values", want), want);
		break;
	case P_MOVE:
		x->verbs = VERB_BIT(V_MOVE);
		su_movable(st, st->cur, &b);
		game_say(x, "Round %d. %s has (%c): move "
		    "LEVEL, one pawn up from level %s", st->round, name,
		    class_letter[st->cls], buf_str(&b));
		break;
	case P_AFTER:
		x->verbs = VERB_BIT(V_AGAIN) | VERB_BIT(V_PASS);
		if (!st->penalized && target)
			x->verbs |= VERB_BIT(V_PENALIZE);
		if (st->penalized || !target)
			game_say(x, "Round %d. %s: again "
			    "(another turn) or pass", st->round, name);
		else if (st->special)
			game_say(x, "Round %d. %s, special "
			    "advantage: penalize NAME LEVEL, then again or "
			    "pass; or again or pass now", st->round, name);
		else
			game_say(x, "Round %d. %s: again "
			    "(another turn), penalize NAME LEVEL (and the turn "
			    "passes), or pass", st->round, name);
		break;
	case P_OVER:
		x->turn = -1;
		x->finished = 1;
		game_say(x, "The game is over: %s wins.",
		    st->gs->names[st->winner]);
		break;
	}
	buf_free(&b);
}

/* Scores: safe pawns (SPEC.md); the first with all five safe wins. */
static void
su_score(const struct game_state *st, long *scores, int *winners)
{
	int i;

	for (i = 0; i < st->n; i++) {
		scores[i] = su_safe_count(st, i);
		winners[i] = st->phase == P_OVER && st->winner == i;
	}
}

/* The per-rules keys of status --json. */
static void
su_status_json(const struct game_state *st, json_t *o)
{
	json_t *pawns = json_object(), *a, *h = json_array();
	int i, k, dice[DICE], n;
	int in_turn = st->phase == P_SHAKE || st->phase == P_MOVE ||
	    st->phase == P_AFTER;

	for (i = 0; i < st->n; i++) {
		a = json_array();
		for (k = 0; k < PAWNS; k++)
			xjson_push(a, json_integer(st->pawn[i][k]));
		xjson_set(pawns, st->gs->names[i], a);
	}
	xjson_set(o, "levels", json_integer(st->levels));
	xjson_set(o, "pawns", pawns);
	xjson_set(o, "shakes_left", json_integer(
	    st->phase == P_SHAKE ? SHAKES - st->shakes : 0));
	if (in_turn) {
		n = su_hand(st, dice);
		for (k = 0; k < n; k++)
			xjson_push(h, json_integer(dice[k]));
	}
	xjson_set(o, "hand", h);
}

/* Append line to b without its trailing blanks, then a newline. */
static void
put_line(struct buf *b, struct buf *line)
{
	size_t n = line->len;
	const char *s = buf_str(line);

	while (n > 0 && s[n - 1] == ' ')
		n--;
	buf_printf(b, "%.*s\n", (int)n, s);
	buf_reset(line);
}

/* The pyramid: each player's pawns level by level, the Safe Zone on top. */
static void
su_describe(const struct game_state *st, struct buf *b)
{
	struct buf line = BUF_INIT, level = BUF_INIT, safe = BUF_INIT, num;
	int i, l, k, w[SU_MAX_PLAYERS], c;
	size_t lw;

	/*
	 * The first column as wide as its widest word in the catalog's
	 * language, in columns ("sicher", "a salvo"): the heading on the
	 * left, the levels on the right.  The catalogs' words are trimmed
	 * of the spaces the English layout once put in them.
	 */
	buf_trimmed(&level, _("level "));
	buf_trimmed(&safe, _(" safe "));
	lw = utf8_widest(utf8_width(buf_str(&level)), buf_str(&safe));
	utf8_cell(&line, buf_str(&level), lw, 0);
	buf_puts(&line, " ");
	for (i = 0; i < st->n; i++) {
		w[i] = (int)utf8_width(st->gs->names[i]);
		if (w[i] < PAWNS)
			w[i] = PAWNS;
		buf_puts(&line, "  ");
		utf8_pad(&line, st->gs->names[i], (size_t)w[i]);
	}
	put_line(b, &line);
	for (l = st->levels; l >= 1; l--) {
		num = (struct buf)BUF_INIT;
		if (l == st->levels)
			buf_puts(&num, buf_str(&safe));
		else
			buf_printf(&num, "%d", l);
		utf8_cell(&line, buf_str(&num), lw, 1);
		buf_puts(&line, " ");
		buf_free(&num);
		for (i = 0; i < st->n; i++) {
			buf_puts(&line, "  ");
			c = su_on_level(st, i, l);
			for (k = 0; k < w[i]; k++)
				buf_puts(&line, k < c ? "o" : (k == 0 ? "." :
				    " "));
		}
		put_line(b, &line);
	}
	buf_free(&line);
	buf_free(&level);
	buf_free(&safe);
}
/* The dice a roll entry rolls (the dice audit): six-sided. */
static int
su_rolled(const struct game_state *st, const struct entry *e,
    struct die_rolled *d, int max)
{
	int i, n;

	n = game_rolled_d6(e, st->cur, d, max);
	for (i = 0; i < n && st->phase == P_START; i++)
		if (e->seats != NULL)
			d[i].seat = e->seats[i];
		else
			d[i].seat = i < st->nrollers ? st->rollers[i] : -1;
	return n;
}

const struct game_rules game_shake_up = {
	.name = "shake-up",
	.alias = NULL,
	.summary = N_("Shake Up: up to three shakes of four dice; runs and "
	    "sets move your pawns up the pyramid"),
	.card = card_shake_up,
	.min_players = 2,
	.max_players = SU_MAX_PLAYERS,
	.verbs = su_verbs,
	.options = su_options,
	.state_new = su_new,
	.state_free = su_free,
	.state_size = sizeof(struct game_state),
	.state_setup = offsetof(struct game_state, gs),
	.state_valid = su_valid,
	.state_format = 1,
	.apply = su_apply,
	.expect = su_expect,
	.score = su_score,
	.status_json = su_status_json,
	.describe = su_describe,
	.rounds = NULL,
	.values = su_values,
	.advise = su_advise,
	.advice = su_advice,
	.rolled = su_rolled,
	.lookups = NULL,
};
