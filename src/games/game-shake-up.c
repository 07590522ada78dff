/*
 * game-shake-up.c: Shake Up (seed 001), rulings SU-1..SU-10.  Pure.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game-shake-up.h"
#include "utf8.h"
#include "xjson.h"

#define SU_MAX_PLAYERS	4
#define PAWNS		5
#define DICE		4
#define SHAKES		3

enum phase {
	P_START,	/* the start roll (SU-2), the table enters */
	P_SHAKE,	/* a turn: roll, keep, stand (SU-3) */
	P_MOVE,		/* (A) or (B): move LEVEL (SU-5, SU-7) */
	P_AFTER,	/* after an (A) move: again, penalize, pass */
	P_OVER
};

struct game_state {
	const struct game_setup	*gs;
	int		 n;
	int		 levels;		/* the top level: safe */
	int		 free;			/* reroll=free */
	enum phase	 phase;
	int		 round;
	int		 first;			/* took the first turn */
	int		 cur;			/* whose turn */
	int		 pawn[SU_MAX_PLAYERS][PAWNS];	/* ascending */
	int		 rollers[SU_MAX_PLAYERS];	/* P_START */
	int		 nrollers;
	/* the turn */
	int		 shakes;
	int		 held[DICE], nheld;	/* ascending */
	int		 last[DICE], nlast;	/* the last shake, not held */
	enum su_class	 cls;
	int		 special;		/* SU-6 */
	int		 penalized;		/* SU-6: the penalty is taken */
	int		 winner;
};

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

static const char *const class_letter = "ABCD";

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

/* Sort n ints ascending. */
static void
su_sort_ints(int *v, int n)
{
	int i, k, t;

	for (i = 1; i < n; i++)
		for (k = i; k > 0 && v[k - 1] > v[k]; k--) {
			t = v[k];
			v[k] = v[k - 1];
			v[k - 1] = t;
		}
}

/* Classify four dice (SU-4): sorted, then read left to right. */
enum su_class
shakeup_classify(const int *dice)
{
	int d[DICE], u[DICE], nu = 0, i;

	memcpy(d, dice, sizeof d);
	su_sort_ints(d, DICE);
	for (i = 0; i < DICE; i++)
		if (nu == 0 || u[nu - 1] != d[i])
			u[nu++] = d[i];
	if (nu == 1 || (nu == 4 && d[3] - d[0] == 3))
		return SU_A;
	if (nu == 2)		/* three of a kind or two pair */
		return SU_B;
	for (i = 0; i + 2 < nu; i++)
		if (u[i + 2] - u[i] == 2)
			return SU_B;
	return nu == 3 ? SU_C : SU_D;
}

/* The combination a hand of four dice makes, in words. */
static const char *
su_hand_name(const int *dice)
{
	int c[7] = { 0 }, i, most = 0, pairs = 0;

	for (i = 0; i < DICE; i++)
		c[dice[i]]++;
	for (i = 1; i <= 6; i++) {
		if (c[i] > most)
			most = c[i];
		pairs += c[i] == 2;
	}
	switch (shakeup_classify(dice)) {
	case SU_A:
		return most == 4 ? _("four of a kind") : _("a run of four");
	case SU_B:
		if (most == 3)
			return _("three of a kind");
		return pairs == 2 ? _("two pair") : _("a run of three");
	case SU_C:
		return _("one pair");
	case SU_D:
		break;
	}
	return _("no combination");
}

/* The hand: held dice, then the last shake, into dice; returns the count. */
static int
su_hand(const struct game_state *st, int *dice)
{
	memcpy(dice, st->held, (size_t)st->nheld * sizeof *dice);
	memcpy(dice + st->nheld, st->last, (size_t)st->nlast * sizeof *dice);
	return st->nheld + st->nlast;
}

/* Pawns of seat p that are safe (on the top level, SU-1). */
static int
su_safe_count(const struct game_state *st, int p)
{
	int i, k = 0;

	for (i = 0; i < PAWNS; i++)
		k += st->pawn[p][i] == st->levels;
	return k;
}

/* Pawns of seat p on level l. */
static int
su_on_level(const struct game_state *st, int p, int l)
{
	int i, k = 0;

	for (i = 0; i < PAWNS; i++)
		k += st->pawn[p][i] == l;
	return k;
}

/* The lowest level seat p has a pawn in play on, or 0 if none. */
static int
su_lowest_level(const struct game_state *st, int p)
{
	return st->pawn[p][0] < st->levels ? st->pawn[p][0] : 0;
}

/* 1 if seat p may move a pawn up from level l (SU-8). */
static int
su_may_move(const struct game_state *st, int p, int l)
{
	int k;

	if (l < 1 || l >= st->levels || (k = su_on_level(st, p, l)) == 0)
		return 0;
	return k >= 2 || l == su_lowest_level(st, p);
}

/* 1 if some opponent of seat p has a pawn to penalize (SU-5). */
static int
su_has_target(const struct game_state *st, int p)
{
	int i, k;

	for (i = 0; i < st->n; i++)
		for (k = 0; k < PAWNS && i != p; k++)
			if (st->pawn[i][k] > 1 && st->pawn[i][k] < st->levels)
				return 1;
	return 0;
}

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

/* The levels seat p may move up from, "1, 3" into b. */
static void
su_movable(const struct game_state *st, int p, struct buf *b)
{
	int l, k = 0;

	for (l = 1; l < st->levels; l++)
		if (su_may_move(st, p, l))
			buf_printf(b, "%s%d", k++ > 0 ? ", " : "", l);
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
	int target = su_has_target(st, st->cur);

	x->round = st->round;
	x->turn = st->cur;
	x->finished = 0;
	x->verbs = 0;
	switch (st->phase) {
	case P_START:
		x->turn = -1;
		x->verbs = VERB_BIT(V_ROLL);
		if (x->say != NULL)	/* the words only when asked */
			game_list_names(st->gs, st->rollers, st->nrollers,
			    N_("and"), &b);
		game_say(x, "%s: one die each for %s (the "
		    "highest starts)", st->nrollers < st->n ? _("Tie for the "
		    "start") : _("Start roll"), buf_str(&b));
		break;
	case P_SHAKE:
		x->verbs = VERB_BIT(V_ROLL);
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

/* Chances of A..D when the dice not held are rolled once, into p[4]. */
static void
class_odds(const int *held, int nheld, double *p)
{
	int d[DICE], roll = DICE - nheld, total = 1, i, k, c, cnt[4] = { 0 };

	for (i = 0; i < roll; i++)
		total *= 6;
	memcpy(d, held, (size_t)nheld * sizeof *d);
	for (i = 0; i < total; i++) {
		for (c = i, k = nheld; k < DICE; k++, c /= 6)
			d[k] = c % 6 + 1;
		cnt[shakeup_classify(d)]++;
	}
	for (i = 0; i < 4; i++)
		p[i] = (double)cnt[i] / total;
}

/*
 * Best play for a goal: the chance of ending the turn with a hand of
 * class goal or better (SU-4), keeping the best dice after each shake.
 * memo[k][key] caches v() for held sets of up to 3 dice (key: base-4
 * counts per face) with k shakes left; reroll=free may change the held
 * set after each shake (SU-3).
 */
struct best {
	enum su_class	 goal;
	int		 free;
	double		 memo[SHAKES + 1][4096];
	char		 known[SHAKES + 1][4096];
};

static double	best_after(struct best *, const int *, int, const int *,
		    int, int);

/* The memo key of a held set of up to 3 dice: 2 bits of count a face. */
static int
held_key(const int *held, int nheld)
{
	int i, key = 0;

	for (i = 0; i < nheld; i++)
		key += 1 << (2 * (held[i] - 1));
	return key;
}

/* The chance from held with k shakes left, before the next shake. */
static double
best_before(struct best *bp, const int *held, int nheld, int k)
{
	int roll = DICE - nheld, total = 1, i, j, c, out[DICE];
	int key = held_key(held, nheld);
	double sum = 0;

	if (bp->known[k][key])
		return bp->memo[k][key];
	for (i = 0; i < roll; i++)
		total *= 6;
	for (i = 0; i < total; i++) {
		for (c = i, j = 0; j < roll; j++, c /= 6)
			out[j] = c % 6 + 1;
		sum += best_after(bp, held, nheld, out, roll, k - 1);
	}
	bp->known[k][key] = 1;
	return bp->memo[k][key] = sum / total;
}

/*
 * The chance after a shake showing last (held kept aside) with k shakes
 * left: stand, or hold more (locked: out of last; free: out of the whole
 * hand) and shake on.
 */
static double
best_after(struct best *bp, const int *held, int nheld, const int *last,
    int nlast, int k)
{
	int d[DICE], pool[DICE], npool, keep[DICE], nkeep, mask, i;
	double best, v;

	memcpy(d, held, (size_t)nheld * sizeof *d);
	memcpy(d + nheld, last, (size_t)nlast * sizeof *d);
	best = shakeup_classify(d) <= bp->goal;
	if (k == 0 || best == 1)
		return best;
	if (bp->free) {
		memcpy(pool, d, sizeof pool);
		npool = DICE;
	} else {
		memcpy(pool, last, (size_t)nlast * sizeof *pool);
		npool = nlast;
	}
	for (mask = 0; mask < 1 << npool; mask++) {
		nkeep = 0;
		if (!bp->free)
			for (i = 0; i < nheld; i++)
				keep[nkeep++] = held[i];
		for (i = 0; i < npool; i++)
			if (mask & 1 << i)
				keep[nkeep++] = pool[i];
		if (nkeep >= DICE)	/* all held: the same as standing */
			continue;
		su_sort_ints(keep, nkeep);
		if ((v = best_before(bp, keep, nkeep, k)) > best)
			best = v;
	}
	return best;
}

/* The chance of goal or better with best play from the state now. */
static double
best_chance(const struct game_state *st, enum su_class goal)
{
	struct best *bp = xcalloc(1, sizeof *bp);
	double v;

	bp->goal = goal;
	bp->free = st->free;
	if (st->shakes == 0)
		v = best_before(bp, st->held, 0, SHAKES);
	else
		v = best_after(bp, st->held, st->nheld, st->last, st->nlast,
		    SHAKES - st->shakes);
	free(bp);
	return v;
}

/* Odds and advice for the player to move. */
static void
su_advise(const struct game_state *st, struct buf *b)
{
	double p[4];
	int dice[DICE], i, k, first;

	switch (st->phase) {
	case P_SHAKE:
		class_odds(st->held, st->nheld, p);
		if (st->shakes == 0)
			buf_puts(b, _("A first shake of four dice gives "));
		else {
			su_hand(st, dice);
			buf_printf(b, P_("Standing now gives (%c). Shaking the "
			    "%d die not held once more gives ", "Standing now "
			    "gives (%c). Shaking the %d dice not held once more "
			    "gives ", DICE - st->nheld),
			    class_letter[shakeup_classify(dice)],
			    DICE - st->nheld);
		}
		/* TRANSLATORS: the chances of each hand, A to D. */
		buf_printf(b, _("A %.1f%%, B %.1f%%, C %.1f%%, D %.1f%%"),
		    100 * p[0], 100 * p[1], 100 * p[2], 100 * p[3]);
		if (st->shakes == 0)
			buf_puts(b, _(" (an A on this shake is a special advantage)"));
		buf_printf(b, P_("; %d shake left.\n", "; %d shakes left.\n",
		    SHAKES - st->shakes), SHAKES - st->shakes);
		buf_printf(b, _("With the best holds from here: (A) %.1f%%, "
		    "(A) or (B) %.1f%% by the end of the turn.\n"),
		    100 * best_chance(st, SU_A), 100 * best_chance(st, SU_B));
		break;
	case P_MOVE:
		buf_printf(b, _("%s can move up from level "),
		    st->gs->names[st->cur]);
		su_movable(st, st->cur, b);
		buf_puts(b, _(" (two-pawn rule).\n"));
		break;
	case P_AFTER:
		if (st->penalized || !su_has_target(st, st->cur)) {
			buf_puts(b, _("Another turn is free: again.\n"));
			break;
		}
		buf_puts(b, _("Penalty targets:"));
		for (i = 0, first = 1; i < st->n; i++) {
			if (i == st->cur)
				continue;
			for (k = PAWNS - 1; k >= 0; k--)
				if (st->pawn[i][k] > 1 &&
				    st->pawn[i][k] < st->levels)
					break;
			if (k < 0)
				continue;
			buf_printf(b, E_(st->gs->names[i], _("%s %s's "
			    "highest on level %d"), C_("elided", "%s %s's "
			    "highest on level %d")), first ? "" : ",",
			    st->gs->names[i],
			    st->pawn[i][k]);
			first = 0;
		}
		buf_printf(b, ".%s\n", st->special ? _(" With the special "
		    "advantage you may penalize and still take another turn.") :
		    "");
		break;
	default:
		break;
	}
}

/*
 * The coach (SU-3, SU-4): the chances of a turn's final hand with the
 * best holds, as a vector: (A) or (B) (what the holds aim at: a move up),
 * then (A), then (D), compared in that order (more, more, fewer).  The
 * holds follow the policy that is best for the first; the other two are
 * the chances under that same policy.
 */
struct su_val {
	double	 ab, a, d;
};

struct coach {
	int		 free;
	struct su_val	 memo[SHAKES + 1][4096];
	char		 known[SHAKES + 1][4096];
};

/* 1 if x is better than y: more (A) or (B), then more (A), fewer (D). */
static int
su_better(const struct su_val *x, const struct su_val *y)
{
	const double eps = 1e-12;

	if (x->ab > y->ab + eps || x->ab < y->ab - eps)
		return x->ab > y->ab;
	if (x->a > y->a + eps || x->a < y->a - eps)
		return x->a > y->a;
	return x->d < y->d - eps;
}

/* The chances of standing on four dice: 1 or 0 each. */
static struct su_val
su_stand(const int *dice)
{
	enum su_class c = shakeup_classify(dice);
	struct su_val v;

	v.ab = c <= SU_B;
	v.a = c == SU_A;
	v.d = c == SU_D;
	return v;
}

static struct su_val	coach_after(struct coach *, const int *, int,
			    const int *, int, int);

/* Before a shake: held (ascending, fewer than 4) with k shakes left. */
static struct su_val
coach_before(struct coach *c, const int *held, int nheld, int k)
{
	int roll = DICE - nheld, total = 1, i, j, x, out[DICE];
	int key = held_key(held, nheld);
	struct su_val v = { 0, 0, 0 }, w;

	if (c->known[k][key])
		return c->memo[k][key];
	for (i = 0; i < roll; i++)
		total *= 6;
	for (i = 0; i < total; i++) {
		for (x = i, j = 0; j < roll; j++, x /= 6)
			out[j] = x % 6 + 1;
		w = coach_after(c, held, nheld, out, roll, k - 1);
		v.ab += w.ab;
		v.a += w.a;
		v.d += w.d;
	}
	v.ab /= total;
	v.a /= total;
	v.d /= total;
	c->known[k][key] = 1;
	return c->memo[k][key] = v;
}

/*
 * The best hold for held plus pool[] chosen by mask (held is empty with
 * reroll=free, where pool is the whole hand), with k shakes left: the
 * better of standing on the hand and every hold that contains mask.
 */
static struct su_val
coach_hold(struct coach *c, const int *held, int nheld, const int *pool,
    int npool, int mask, int k, const int *dice)
{
	int keep[DICE], nkeep, z, i;
	struct su_val best = su_stand(dice), v;

	if (k == 0)
		return best;
	for (z = 0; z < 1 << npool; z++) {
		if ((z & mask) != mask)
			continue;
		if (nheld > 0)
			memcpy(keep, held, (size_t)nheld * sizeof *keep);
		for (nkeep = nheld, i = 0; i < npool; i++)
			if (z & 1 << i)
				keep[nkeep++] = pool[i];
		if (nkeep >= DICE)	/* all held: the same as standing */
			continue;
		su_sort_ints(keep, nkeep);
		v = coach_before(c, keep, nkeep, k);
		if (su_better(&v, &best))
			best = v;
	}
	return best;
}

/* After a shake showing last, held aside, with k shakes left. */
static struct su_val
coach_after(struct coach *c, const int *held, int nheld, const int *last,
    int nlast, int k)
{
	int d[DICE];

	memcpy(d, held, (size_t)nheld * sizeof *d);
	memcpy(d + nheld, last, (size_t)nlast * sizeof *d);
	if (c->free)
		return coach_hold(c, NULL, 0, d, DICE, 0, k, d);
	return coach_hold(c, held, nheld, last, nlast, 0, k, d);
}

/* "(A) 12.3%, (A) or (B) 56.1%, (D) 4.0%" into b. */
static void
su_put_val(struct buf *b, const struct su_val *v)
{
	buf_printf(b, _("(A) %.1f%%, (A) or (B) %.1f%%, (D) %.1f%%"),
	    100 * v->a, 100 * v->ab, 100 * v->d);
}

/* A move of the hold advice, with its chances for the tie-breaks. */
struct su_move {
	char		 entry[64];
	struct su_val	 v;
	int		 size;		/* dice held after it */
};

/* Sort moves best first: su_better, then the larger hold. */
static void
su_sort_moves(struct su_move *m, int n)
{
	struct su_move t;
	int i, k;

	for (i = 1; i < n; i++) {
		t = m[i];
		for (k = i; k > 0 && (su_better(&t.v, &m[k - 1].v) ||
		    (!su_better(&m[k - 1].v, &t.v) && t.size >
		    m[k - 1].size)); k--)
			m[k] = m[k - 1];
		m[k] = t;
	}
}

/* Which dice to keep, or stand, or shake the rest (SU-3). */
static int
su_hold_advice(const struct game_state *st, struct advice *a)
{
	struct coach *c = xcalloc(1, sizeof *c);
	struct su_move *m = xcalloc(64, sizeof *m);
	int dice[DICE], pool[DICE], npool, k = SHAKES - st->shakes;
	int mask, i, j, n = 0, dup;
	struct buf b = BUF_INIT;
	struct su_val now;

	c->free = st->free;
	su_hand(st, dice);
	if (st->free) {
		memcpy(pool, dice, sizeof pool);
		npool = DICE;
		su_sort_ints(pool, npool);
	} else {
		memcpy(pool, st->last, (size_t)st->nlast * sizeof *pool);
		npool = st->nlast;
	}
	snprintf(m[n].entry, sizeof m[n].entry, "stand");
	m[n].v = su_stand(dice);
	m[n++].size = DICE;
	if (!st->free) {
		snprintf(m[n].entry, sizeof m[n].entry, "roll");
		m[n].v = coach_before(c, st->held, st->nheld, k);
		m[n++].size = st->nheld;
	}
	for (mask = 1; mask < 1 << npool; mask++) {
		buf_reset(&b);
		buf_puts(&b, "keep");
		for (i = 0, j = 0; i < npool; i++)
			if (mask & 1 << i) {
				buf_printf(&b, " %d", pool[i]);
				j++;
			}
		if (st->free && j == DICE)	/* keep all: stand */
			continue;
		for (dup = 0, i = 0; i < n; i++)
			dup |= strcmp(m[i].entry, buf_str(&b)) == 0;
		if (dup)
			continue;
		snprintf(m[n].entry, sizeof m[n].entry, "%s", buf_str(&b));
		m[n].size = st->free ? j : st->nheld + j;
		if (st->free) {
			int keep[DICE], nk = 0;

			for (i = 0; i < npool; i++)
				if (mask & 1 << i)
					keep[nk++] = pool[i];
			m[n].v = coach_before(c, keep, nk, k);
		} else
			m[n].v = coach_hold(c, st->held, st->nheld, pool,
			    npool, mask, k, dice);
		n++;
	}
	su_sort_moves(m, n);
	a->basis = ADVICE_CHANCE;
	for (i = 0; i < n; i++)
		advice_add(a, m[i].v.ab, "%s", m[i].entry);
	buf_reset(&b);
	buf_printf(&b, _("%s: the best chance of (A) or (B) by the turn's end: "),
	    m[0].entry);
	su_put_val(&b, &m[0].v);
	if (st->nheld > 0 && !st->free) {
		now = coach_before(c, st->held, st->nheld, k);
		buf_puts(&b, _("; holding "));
		game_put_dice(&b, st->held, st->nheld);
		buf_puts(&b, _(" and shaking the rest: "));
		su_put_val(&b, &now);
	}
	buf_printf(&a->say, "%s", buf_str(&b));
	buf_free(&b);
	free(m);
	free(c);
	return 1;
}

/*
 * The levels a fresh turn of seat p gains on average with the best holds:
 * one for (A) or (B), less the levels (D) costs its highest pawn in play.
 */
static double
su_turn_levels(const struct game_state *st, int p, struct su_val *v)
{
	struct coach *c = xcalloc(1, sizeof *c);
	int i, top = 1, none[DICE] = { 0 };

	c->free = st->free;
	*v = coach_before(c, none, 0, SHAKES);
	free(c);
	for (i = 0; i < PAWNS; i++)
		if (st->pawn[p][i] < st->levels && st->pawn[p][i] > top)
			top = st->pawn[p][i];
	return v->ab - v->d * (top - 1);
}

/* After an (A) move: again, penalize whom, or pass (SU-5, SU-6). */
static int
su_after_advice(const struct game_state *st, struct advice *a)
{
	struct su_val v;
	struct buf who = BUF_INIT;
	double again = su_turn_levels(st, st->cur, &v), rest, best = 0;
	int i, k, bi = -1, bl = 0;

	a->basis = ADVICE_POINTS;
	rest = again > 0 ? again : 0;
	advice_add(a, again, "again");
	advice_add(a, 0, "pass");
	for (i = 0; i < st->n && !st->penalized; i++)
		for (k = 0; k < PAWNS && i != st->cur; k++) {
			int l = st->pawn[i][k];

			if (l <= 1 || l >= st->levels ||
			    (k > 0 && st->pawn[i][k - 1] == l))
				continue;
			buf_reset(&who);
			buf_word(&who, st->gs->names[i], 1);
			advice_add(a, l - 1 + (st->special ? rest : 0),
			    "penalize %s %d", buf_str(&who), l);
			if (l - 1 > best) {
				best = l - 1;
				bi = i;
				bl = l;
			}
		}
	advice_sort(a);
	buf_reset(&who);
	if (bi >= 0)
		buf_word(&who, st->gs->names[bi], 1);
	if (bi >= 0 && a->moves[0].entry[0] == 'p' &&
	    a->moves[0].entry[1] == 'e')
		buf_printf(&a->say, E_(st->gs->names[bi], P_("penalize %s "
		    "%d: %s's pawn loses %d level%s (another turn gains %.2f "
		    "on average)", "penalize %s %d: %s's pawn loses %d "
		    "levels%s (another turn gains %.2f on average)", bl - 1),
		    CP_("elided", "penalize %s %d: %s's pawn loses %d "
		    "level%s (another turn gains %.2f on average)", "penalize "
		    "%s %d: %s's pawn loses %d levels%s (another turn gains "
		    "%.2f on average)", bl - 1)), buf_str(&who), bl,
		    st->gs->names[bi], bl - 1, st->special ?
		    _(", and you may still take another turn") : "", again);
	else if (again > 0)
		buf_printf(&a->say, _("again: another turn gains "
		    "%.2f levels on average ((A) or (B) %.1f%%, (D) %.1f%%)"),
		    again, 100 * v.ab, 100 * v.d);
	else
		buf_printf(&a->say, _("pass: another turn loses "
		    "%.2f levels on average ((D) %.1f%% sends your highest "
		    "pawn back)"), -again, 100 * v.d);
	buf_free(&who);
	return 1;
}

/*
 * Which pawn to move: every move is the same level gained; the coach
 * prefers a pawn into the Safe Zone (it scores and cannot be sent back),
 * then the highest pawn (nearer to safety).
 */
static int
su_move_advice(const struct game_state *st, struct advice *a)
{
	int l, top = 0;

	a->basis = ADVICE_CHANCE;
	for (l = st->levels - 1; l >= 1; l--)
		if (su_may_move(st, st->cur, l)) {
			advice_add(a, 1, "move %d", l);
			if (top == 0)
				top = l;
		}
	if (top == 0)
		return 0;
	if (top + 1 == st->levels)
		buf_printf(&a->say, _("move %d: into the Safe Zone, "
		    "where it scores and no penalty reaches it"), top);
	else
		buf_printf(&a->say, _("move %d: the hand has (%c); "
		    "the coach moves the highest pawn it may, nearest the "
		    "Safe Zone"), top, class_letter[st->cls]);
	return 1;
}

/* The coach for Shake Up. */
static int
su_advice(const struct game_state *st, struct advice *a)
{
	switch (st->phase) {
	case P_SHAKE:
		if (st->shakes == 0)
			return 0;
		return su_hold_advice(st, a);
	case P_MOVE:
		return su_move_advice(st, a);
	case P_AFTER:
		return su_after_advice(st, a);
	default:
		return 0;
	}
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
