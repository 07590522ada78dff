/*
 * game-stack-attack.c: Stack Attack (seed 004), rulings SA-1..SA-7.  Pure.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "xjson.h"

#define SA_MAX_PLAYERS	4
#define SA_MAX_DICE	5
#define SA_MAX_TOWER	(SA_MAX_PLAYERS * SA_MAX_DICE)
#define SA_CHAINS	64		/* chains the coach compares at most */

enum phase {
	P_ROLL,		/* the player to move rolls the dice held */
	P_PLACE,	/* the roll has a qualifying die: place a chain */
	P_OVER
};

struct game_state {
	const struct game_setup	*gs;
	int		 n;
	long		 target;
	int		 round;			/* from 1; tie-breaks count */
	enum phase	 phase;
	long		 score[SA_MAX_PLAYERS];
	int		 in_round[SA_MAX_PLAYERS];	/* plays this round */
	int		 nround;		/* players in the round */
	int		 tie;			/* a tie-break round (SA-7) */
	int		 base;			/* two-player base (SA-1) */
	int		 held[SA_MAX_PLAYERS];	/* dice in hand */
	int		 tval[SA_MAX_TOWER];	/* players' dice, bottom up */
	int		 towner[SA_MAX_TOWER];
	int		 ntower;
	int		 turn;			/* seat to move */
	int		 roll[SA_MAX_DICE];	/* P_PLACE: the roll */
	int		 nroll;
	int		 placer;		/* last accepted place, or -1 */
};

/* Its verbs, in the row's order (an entry's verb is its index). */
enum {
	V_ROLL, V_PLACE, V_FALL
};

/* Its verbs: arguments, usage, whose entry, kind and what each does. */
static const struct game_verb sa_verbs[] = {
	[V_ROLL] = { "roll", "V...",
	    N_("expected the values rolled"), WHO_TURN, VERB_PAIRS | VERB_ROLL,
	    N_("every die you hold; a die one above or below the "
	    "top qualifies (on the empty plate only a 1) (SA-2)") },
	[V_PLACE] = { "place", "V...",
	    N_("expected one or more die values"), WHO_TURN, 0,
	    N_("your whole placement: one or more rolled dice, in "
	    "order, each on the top it meets; then the turn passes (SA-3, "
	    "SA-5)") },
	[V_FALL] = { "fall", "[NAME]",
	    N_("expected at most one NAME"), WHO_TABLE, 0,
	    N_("the tower fell: NAME (by default the last to "
	    "place) scores 0, the others a point per own die in it (SA-4)") },
	{ NULL, NULL, NULL, WHO_TABLE, 0, NULL }
};

/* 1 if v is a target: a number 1..1000. */
static int
valid_target(const char *v)
{
	return game_option_number(v, 1, 1000, 1);
}

static const struct game_option sa_options[] = {
	{ "target", "20", "1..1000", valid_target, NULL, 0 },
	GAME_OPTION_COACH,
	{ NULL, NULL, NULL, NULL, NULL, 0 }
};

/* The value on top: 6 on the bare two-player base, 0 on an empty plate. */
static int
top_value(const struct game_state *st)
{
	if (st->ntower > 0)
		return st->tval[st->ntower - 1];
	return st->base ? 6 : 0;
}

/* 1 if die v goes on top t: one above or below (SA-2); t 0 takes a 1. */
static int
qualifies(int v, int t)
{
	return v >= 1 && v <= 6 && (v == t + 1 || v == t - 1);
}

/* "with 4 on top", "on the base's 6" or "on the empty plate". */
static void
top_phrase(const struct game_state *st, struct buf *b)
{
	if (st->ntower > 0)
		buf_printf(b, _("with %d on top"), top_value(st));
	else if (st->base)
		buf_puts(b, _("on the base's 6"));
	else
		buf_puts(b, _("on the empty plate"));
}

/* "a 3 or a 5", the faces that qualify on top t, into b. */
static void
wanted_phrase(int t, struct buf *b)
{
	if (t == 0 || t == 1 || t == 6)
		buf_printf(b, _("a %d"), t == 6 ? 5 : t + 1);
	else
		buf_printf(b, _("a %d or a %d"), t - 1, t + 1);
}

/* The seats in the round, in seat order, into seats; returns the count. */
static int
round_seats(const struct game_state *st, int *seats)
{
	int i, k = 0;

	for (i = 0; i < st->n; i++)
		if (st->in_round[i])
			seats[k++] = i;
	return k;
}

/* The first seat of the round after seat s (s itself if self), cyclic. */
static int
seat_from(const struct game_state *st, int s, int self)
{
	int i, k;

	for (i = self ? 0 : 1; i <= st->n; i++) {
		k = (s + i) % st->n;
		if (st->in_round[k])
			return k;
	}
	return s;
}

/* Start a round for the players in in_round, starting with seat first. */
static void
start_round(struct game_state *st, int first)
{
	int i, dice;

	for (st->nround = 0, i = 0; i < st->n; i++)
		st->nround += st->in_round[i];
	dice = st->nround == 4 ? 4 : 5;			/* SA-1 */
	for (i = 0; i < st->n; i++)
		st->held[i] = st->in_round[i] ? dice : 0;
	st->base = st->nround == 2;			/* SA-1 */
	st->ntower = 0;
	st->nroll = 0;
	st->placer = -1;
	st->turn = first;
	st->phase = P_ROLL;
}

/* A new game: round 1, the first player listed starts (SA-6). */
static struct game_state *
sa_new(const struct game_setup *gs)
{
	struct game_state *st = xcalloc(1, sizeof *st);
	int i;

	st->gs = gs;
	st->n = gs->nplayers < SA_MAX_PLAYERS ? gs->nplayers : SA_MAX_PLAYERS;
	st->target = strtol(gs->options[0], NULL, 10);
	st->round = 1;
	for (i = 0; i < st->n; i++)
		st->in_round[i] = 1;
	start_round(st, 0);
	return st;
}

/* A snapshot's state: every count, seat and value in range (state_valid). */
static int
sa_valid(const struct game_state *st, const struct game_state *fresh)
{
	int n = st->n, i, k = 0;

	if (n != fresh->n || st->target != fresh->target || n < 1 ||
	    st->round < 1 ||
	    (int)st->phase < P_ROLL || (int)st->phase > P_OVER ||
	    !state_longs_in(st->score, n, n, -100000, 100000) ||
	    !state_ints_in(st->in_round, n, n, 0, 1) ||
	    !state_ints_in(st->held, n, n, 0, SA_MAX_DICE) ||
	    (st->tie != 0 && st->tie != 1) ||
	    (st->base != 0 && st->base != 1) ||
	    !state_ints_in(st->tval, st->ntower, SA_MAX_TOWER, 1, 6) ||
	    !state_ints_in(st->towner, st->ntower, SA_MAX_TOWER, 0, n - 1) ||
	    st->turn < (st->phase == P_OVER ? -1 : 0) || st->turn >= n ||
	    !state_ints_in(st->roll, st->nroll, SA_MAX_DICE, 1, 6) ||
	    st->placer < -1 || st->placer >= n)
		return 0;
	for (i = 0; i < n; i++)
		k += st->in_round[i];
	return st->nround >= 0 && st->nround <= n &&
	    (st->phase == P_OVER || (k >= 1 && st->in_round[st->turn]));
}

/* Free a state. */
static void
sa_free(struct game_state *st)
{
	free(st);
}

/* Dice of seat s in the tower. */
static int
in_tower(const struct game_state *st, int s)
{
	int i, k = 0;

	for (i = 0; i < st->ntower; i++)
		k += st->towner[i] == s;
	return k;
}

/*
 * The round is over (its points added to the totals already).  SA-7: with
 * anyone at the target, the highest total wins or the leaders play a
 * tie-break round; else a new round for everyone.  SA-6: the next round
 * starts with from (the culprit) if self, else after from.
 */
static void
end_round(struct game_state *st, int from, int self, struct buf *b)
{
	int i, lead[SA_MAX_PLAYERS], nlead = 0, reached = 0;
	long best = 0;

	buf_printf(b, _("; round %d is over"), st->round);
	for (i = 0; i < st->n; i++) {
		if (st->score[i] >= st->target)
			reached = 1;
		if (i == 0 || st->score[i] > best)
			best = st->score[i];
	}
	if (reached) {
		for (i = 0; i < st->n; i++)
			if (st->score[i] == best)
				lead[nlead++] = i;
		if (nlead == 1) {
			st->phase = P_OVER;
			st->turn = -1;
			buf_printf(b, _("; %s wins with %ld (SA-7)"),
			    st->gs->names[lead[0]], best);
			return;
		}
		buf_puts(b, _("; "));
		game_list_names(st->gs, lead, nlead, N_("and"), b);
		buf_printf(b, st->tie ? _(" tie on %ld and play another "
		    "tie-break round (SA-7)") : _(" tie on %ld and play a "
		    "tie-break round (SA-7)"), best);
		st->tie = 1;
		for (i = 0; i < st->n; i++)
			st->in_round[i] = 0;
		for (i = 0; i < nlead; i++)
			st->in_round[lead[i]] = 1;
	}
	st->round++;
	start_round(st, seat_from(st, from, self));
	buf_printf(b, _("; %s starts round %d"), st->gs->names[st->turn],
	    st->round);
}

/* The rule card: seeds/stack-attack.md, made C by src/tools/mkcard. */
extern const struct card_block card_stack_attack[];

extern const struct game_rules game_stack_attack;


/* roll V...: the dice the player holds (SA-2). */
static int
do_roll(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *name = st->gs->names[st->turn];
	int i, k, t = top_value(st), nq = 0, q[SA_MAX_DICE];

	if (e->seats != NULL) {
		ruling_refuse(r, RULING_REFUSED, E_(name, P_("a roll is the "
		    "value of %s's %d die, without names", "a roll is the "
		    "values of %s's %d dice, without names",
		    st->held[st->turn]), CP_("elided", "a roll is the value "
		    "of %s's %d die, without names", "a roll is the values "
		    "of %s's %d dice, without names", st->held[st->turn])),
		    name, st->held[st->turn]);
		return RULING_REFUSED;
	}
	if (e->nvals != st->held[st->turn]) {
		ruling_refuse(r, RULING_REFUSED, P_("expected %d value (the "
		    "dice %s holds), got %d", "expected %d values (the dice %s "
		    "holds), got %d", st->held[st->turn]), st->held[st->turn],
		    name, e->nvals);
		return RULING_REFUSED;
	}
	if (game_die_faces(e, r) != RULING_OK)
		return RULING_REFUSED;
	st->nroll = e->nvals;
	for (i = 0; i < e->nvals; i++) {
		st->roll[i] = (int)e->vals[i];
		if (qualifies(st->roll[i], t))
			q[nq++] = st->roll[i];
	}
	buf_printf(&b, _("%s rolls "), name);
	game_put_dice(&b, st->roll, st->nroll);
	if (nq == 0) {
		buf_puts(&b, _(": nothing qualifies "));
		top_phrase(st, &b);
		k = seat_from(st, st->turn, 0);
		buf_printf(&b, _(", the turn passes to %s (SA-2)"),
		    st->gs->names[k]);
		st->turn = k;
		st->nroll = 0;
	} else {
		buf_puts(&b, _(": "));
		game_put_dice(&b, q, nq);
		buf_puts(&b, P_(" qualifies ", " qualify ", nq));
		top_phrase(st, &b);
		st->phase = P_PLACE;
	}
	return ruling_accept(r, &b);
}

/* place V...: a chain from the roll, each die on the top it meets (SA-3). */
static int
do_place(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT, rb = BUF_INIT;
	const char *name = st->gs->names[st->turn];
	int left[7], inroll[7], i, k, v, t = top_value(st), p = st->turn;

	memset(left, 0, sizeof left);
	for (i = 0; i < st->nroll; i++)
		left[st->roll[i]]++;
	memcpy(inroll, left, sizeof inroll);
	game_put_dice(&rb, st->roll, st->nroll);
	for (i = 0; i < e->nvals; i++) {
		v = e->vals[i] >= 1 && e->vals[i] <= 6 ? (int)e->vals[i] : 0;
		if (v == 0 || inroll[v] == 0) {
			ruling_refuse(r, RULING_REFUSED, "'%s' is not in the "
			    "roll %s", e->argv[i], buf_str(&rb));
			goto refused;
		}
		if (left[v] == 0) {
			buf_reset(&b);
			if (inroll[v] <= 2)
				buf_puts(&b, inroll[v] == 1 ? _("once") : _("twice"));
			else
				buf_printf(&b, _("%d times"), inroll[v]);
			ruling_refuse(r, RULING_REFUSED, "'%s' is in the roll "
			    "%s only %s", e->argv[i], buf_str(&rb),
			    buf_str(&b));
			goto refused;
		}
		if (!qualifies(v, t)) {
			buf_reset(&b);
			wanted_phrase(t, &b);
			if (t == 0)
				ruling_refuse(r, RULING_REFUSED, "'%s' (die %d "
				    "of the chain) cannot go on the empty "
				    "plate: expected %s (SA-3)", e->argv[i],
				    i + 1, buf_str(&b));
			else
				ruling_refuse(r, RULING_REFUSED, "'%s' (die %d "
				    "of the chain) cannot go on %d: expected "
				    "%s (SA-3)", e->argv[i], i + 1, t,
				    buf_str(&b));
			goto refused;
		}
		left[v]--;
		t = v;
	}
	for (i = 0; i < e->nvals; i++) {
		st->tval[st->ntower] = (int)e->vals[i];
		st->towner[st->ntower++] = p;
	}
	st->held[p] -= e->nvals;
	st->placer = p;
	st->nroll = 0;
	st->phase = P_ROLL;
	buf_reset(&b);
	buf_printf(&b, _("%s places "), name);
	for (i = 0; i < e->nvals; i++)
		buf_printf(&b, "%s%ld", i > 0 ? " " : "", e->vals[i]);
	if (st->held[p] == 0) {
		/* SA-5: all in the tower; only they score. */
		k = in_tower(st, p);
		st->score[p] += k;
		buf_printf(&b, E_(name, _(": all of %s's dice are in the "
		    "tower; %s scores %d, total %ld (SA-5)"), C_("elided",
		    ": all of %s's dice are in the tower; %s scores %d, total "
		    "%ld (SA-5)")), name, name, k,
		    st->score[p]);
		end_round(st, p, 0, &b);
	} else {
		st->turn = seat_from(st, p, 0);
		buf_printf(&b, _(": %d on top, %d in the tower; %s holds %d"),
		    top_value(st), st->ntower, name, st->held[p]);
	}
	ruling_note(r, "%s", buf_str(&b));
	buf_free(&b);
	buf_free(&rb);
	return RULING_OK;
refused:
	buf_free(&b);
	buf_free(&rb);
	return RULING_REFUSED;
}

/* fall [NAME]: the tower fell; the culprit scores 0, others their dice. */
static int
do_fall(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	int culprit = e->who, i, k;

	if (culprit < 0) {
		if (st->placer < 0) {
			ruling_refuse(r, RULING_REFUSED, "nobody has placed a "
			    "die this round: name who made the tower fall "
			    "(fall NAME) (SA-4)");
			return RULING_REFUSED;
		}
		culprit = st->placer;
	} else if (culprit >= st->n || !st->in_round[culprit]) {
		ruling_refuse(r, RULING_REFUSED, "%s does not play in this "
		    "tie-break round (SA-4, SA-7)", st->gs->names[culprit]);
		return RULING_REFUSED;
	}
	buf_printf(&b, _("the tower falls: %s scores 0"),
	    st->gs->names[culprit]);
	for (i = 0; i < st->n; i++) {
		if (!st->in_round[i] || i == culprit)
			continue;
		k = in_tower(st, i);
		st->score[i] += k;
		buf_printf(&b, ", %s %d", st->gs->names[i], k);
	}
	buf_puts(&b, _(" (SA-4)"));
	end_round(st, culprit, 1, &b);
	return ruling_accept(r, &b);
}

/* Check e and fold it in. */
static int
sa_apply(struct game_state *st, const struct entry *e, struct ruling *r)
{
	if (st->phase == P_OVER)
		return game_not_now(&game_stack_attack, st, e->verb, r);
	switch (e->verb) {
	case V_ROLL:
		if (st->phase == P_ROLL)
			return do_roll(st, e, r);
		break;
	case V_PLACE:
		if (st->phase == P_PLACE)
			return do_place(st, e, r);
		break;
	case V_FALL:
		return do_fall(st, e, r);
	default:
		break;
	}
	return game_not_now(&game_stack_attack, st, e->verb, r);
}

/* Whose turn, which verbs, and the sentence for the table. */
static void
sa_expect(const struct game_state *st, struct expectation *x)
{
	struct buf b = BUF_INIT, w = BUF_INIT;
	const char *name;

	x->round = st->round;
	x->turn = -1;
	x->finished = 0;
	x->verbs = 0;
	if (st->phase == P_OVER) {
		x->finished = 1;
		game_say(x, "The game is over.");
		return;
	}
	name = st->gs->names[st->turn];
	x->turn = st->turn;
	top_phrase(st, &b);
	wanted_phrase(top_value(st), &w);
	if (st->phase == P_ROLL) {
		x->verbs = VERB_BIT(V_ROLL) | VERB_BIT(V_FALL);
		x->count_verb = V_ROLL;
		x->count = st->held[st->turn];	/* the dice held */
		game_say(x, P_("Round %d%s. %s rolls: roll %d value (%s, %s "
		    "qualifies)", "Round %d%s. %s rolls: roll %d values (%s, "
		    "%s qualifies)", st->held[st->turn]), st->round,
		    st->tie ? _(" (tie-break)") : "", name, st->held[st->turn],
		    buf_str(&b), buf_str(&w));
	} else {
		struct buf rb = BUF_INIT;

		game_put_dice(&rb, st->roll, st->nroll);
		x->verbs = VERB_BIT(V_PLACE) | VERB_BIT(V_FALL);
		game_say(x, "Round %d%s. %s rolled %s "
		    "%s: place one or more of them, in order, each one above "
		    "or below the top (%s first)", st->round,
		    st->tie ? _(" (tie-break)") : "", name, buf_str(&rb),
		    buf_str(&b), buf_str(&w));
		buf_free(&rb);
	}
	buf_free(&b);
	buf_free(&w);
}

/* Scores; once over, the one highest total wins (SA-7). */
static void
sa_score(const struct game_state *st, long *scores, int *winners)
{
	game_highest_wins(st->n, st->score, st->phase == P_OVER, scores,
	    winners);
}

/* The per-rules keys of status --json. */
static void
sa_status_json(const struct game_state *st, json_t *o)
{
	json_t *tower = json_array(), *hand = json_object();
	int i;

	for (i = 0; i < st->ntower; i++)
		xjson_push(tower, json_integer(st->tval[i]));
	xjson_set(o, "tower", tower);
	xjson_set(o, "top", st->ntower > 0 || st->base ?
	    json_integer(top_value(st)) : json_null());
	for (i = 0; i < st->n; i++)
		if (st->in_round[i])
			xjson_set(hand, st->gs->names[i],
			    json_integer(st->held[i]));
	xjson_set(o, "in_hand", hand);
}

/* The tower bottom to top with each die's owner, and the dice in hand. */
static void
sa_describe(const struct game_state *st, struct buf *b)
{
	int seats[SA_MAX_PLAYERS], n = round_seats(st, seats), i;

	if (st->tie) {
		buf_printf(b, _("round %d, a tie-break round for "), st->round);
		game_list_names(st->gs, seats, n, N_("and"), b);
		buf_puts(b, "\n");
	}
	buf_puts(b, _("tower, bottom to top:"));
	if (st->base)
		buf_puts(b, _(" base (6)"));
	for (i = 0; i < st->ntower; i++)
		buf_printf(b, "%s %d %s", i > 0 || st->base ? "," : "",
		    st->tval[i], st->gs->names[st->towner[i]]);
	if (!st->base && st->ntower == 0)
		buf_puts(b, _(" empty plate"));
	buf_puts(b, _("\nin hand:"));
	for (i = 0; i < n; i++)
		buf_printf(b, "%s %s %d", i > 0 ? "," : "",
		    st->gs->names[seats[i]], st->held[seats[i]]);
	buf_puts(b, "\n");
}

/*
 * The longest chain from top t with the dice left[1..6]: its length, and
 * the chain itself into best (cur is the chain so far, depth long).
 */
static int
longest_chain(int *left, int t, int *cur, int depth, int *best, int nbest)
{
	int v, d;

	if (depth > nbest) {
		memcpy(best, cur, (size_t)depth * sizeof *cur);
		nbest = depth;
	}
	for (d = 0; d < 2; d++) {
		v = d == 0 ? t - 1 : t + 1;
		if (v < 1 || v > 6 || left[v] == 0)
			continue;
		left[v]--;
		cur[depth] = v;
		nbest = longest_chain(left, v, cur, depth + 1, best, nbest);
		left[v]++;
	}
	return nbest;
}

/* Odds and advice for the player to move. */
static void
sa_advise(const struct game_state *st, struct buf *b)
{
	int t, q, k, i, left[7], cur[SA_MAX_DICE], best[SA_MAX_DICE], nbest;
	const char *name;

	if (st->phase == P_OVER)
		return;
	name = st->gs->names[st->turn];
	t = top_value(st);
	if (st->phase == P_ROLL) {
		for (q = 0, i = 1; i <= 6; i++)
			q += qualifies(i, t);
		k = st->held[st->turn];
		buf_printf(b, P_("%s has a %.0f%% chance to roll at least one "
		    "qualifying die with %d die.\n", "%s has a %.0f%% chance to "
		    "roll at least one qualifying die with %d dice.\n", k),
		    name, 100 * (1 - pow((6.0 - q) / 6, k)), k);
		return;
	}
	memset(left, 0, sizeof left);
	for (i = 0; i < st->nroll; i++)
		left[st->roll[i]]++;
	nbest = longest_chain(left, t, cur, 0, best, 0);
	buf_printf(b, P_("The longest chain places %d die: place ",
	    "The longest chain places %d dice: place ", nbest), nbest);
	game_put_dice(b, best, nbest);
	if (nbest == st->held[st->turn])
		buf_printf(b, E_(name, _(", which puts all of %s's dice in "
		    "the tower and ends the round (SA-5)"), C_("elided", ", "
		    "which puts all of %s's dice in the tower and ends the "
		    "round (SA-5)")), name);
	buf_puts(b, ".\n");
}

/* The chance that a player rolling k dice has one qualifying on top t. */
static double
sa_qualify_chance(int t, int k)
{
	int q = 0, v;

	for (v = 1; v <= 6; v++)
		q += qualifies(v, t);
	return 1 - pow((6.0 - q) / 6, k);
}

/* A chain for the coach: its dice, and the next player's chance. */
struct sa_chain {
	int	 v[SA_MAX_DICE];
	int	 n;
	double	 next;
};

/* Every chain from the dice left on top t, depth placed so far, into c. */
static int
sa_chains(int *left, int t, int *cur, int depth, struct sa_chain *c, int nc)
{
	int v, i, dup;

	if (depth > 0 && nc < SA_CHAINS) {
		for (dup = 0, i = 0; i < nc && !dup; i++)
			dup = c[i].n == depth && memcmp(c[i].v, cur,
			    (size_t)depth * sizeof *cur) == 0;
		if (!dup) {
			memcpy(c[nc].v, cur, (size_t)depth * sizeof *cur);
			c[nc++].n = depth;
		}
	}
	for (v = 1; v <= 6; v++) {
		if (left[v] == 0 || !qualifies(v, t))
			continue;
		left[v]--;
		cur[depth] = v;
		nc = sa_chains(left, v, cur, depth + 1, c, nc);
		left[v]++;
	}
	return nc;
}

/*
 * The coach (SA-3, SA-5): which chain to place.  Each die placed is a
 * point at the round's end (value: the dice placed); longest first, and
 * among equals the one that leaves the next player the least chance to
 * roll a qualifying die (a chain that empties the hand ends the round).
 */
static int
sa_advice(const struct game_state *st, struct advice *a)
{
	struct sa_chain *c, t;
	int left[7], cur[SA_MAX_DICE], i, k, nc, next, p = st->turn;
	struct buf b = BUF_INIT;

	if (st->phase != P_PLACE)
		return 0;
	c = xcalloc(SA_CHAINS, sizeof *c);
	memset(left, 0, sizeof left);
	for (i = 0; i < st->nroll; i++)
		left[st->roll[i]]++;
	nc = sa_chains(left, top_value(st), cur, 0, c, 0);
	next = seat_from(st, p, 0);
	for (i = 0; i < nc; i++)
		c[i].next = c[i].n == st->held[p] ? 0 :
		    sa_qualify_chance(c[i].v[c[i].n - 1], st->held[next]);
	for (i = 1; i < nc; i++) {
		t = c[i];
		for (k = i; k > 0 && (c[k - 1].n < t.n || (c[k - 1].n ==
		    t.n && c[k - 1].next > t.next + 1e-12)); k--)
			c[k] = c[k - 1];
		c[k] = t;
	}
	a->basis = ADVICE_POINTS;
	for (i = 0; i < nc; i++) {
		buf_reset(&b);
		game_put_dice(&b, c[i].v, c[i].n);
		advice_add(a, c[i].n, "place %s", buf_str(&b));
	}
	if (nc == 0) {
		free(c);
		return 0;
	}
	if (c[0].n == st->held[p])
		buf_printf(&a->say, E_(st->gs->names[p], _("%s: all of "
		    "%s's dice in the tower end the round, and only %s scores "
		    "(SA-5)"), C_("elided", "%s: all of %s's dice in the tower "
		    "end the round, and only %s scores (SA-5)")),
		    a->moves[0].entry, st->gs->names[p], st->gs->names[p]);
	else
		buf_printf(&a->say, P_("%s: %d die in the tower; %s then has a "
		    "%.1f%% chance to roll a die that goes on %d", "%s: %d dice "
		    "in the tower; %s then has a %.1f%% chance to roll a die "
		    "that goes on %d", c[0].n), a->moves[0].entry, c[0].n,
		    st->gs->names[next], 100 * c[0].next,
		    c[0].v[c[0].n - 1]);
	buf_free(&b);
	free(c);
	return 1;
}

/* The dice a roll entry rolls (the dice audit): six-sided, the mover's. */
static int
sa_rolled(const struct game_state *st, const struct entry *e,
    struct die_rolled *d, int max)
{
	return game_rolled_d6(e, st->turn, d, max);
}

const struct game_rules game_stack_attack = {
	.name = "stack-attack",
	.alias = "tower",
	.summary = N_("Stack Attack: stack dice one above or below the top; "
	    "a fall scores 0 for its culprit"),
	.card = card_stack_attack,
	.min_players = 2,
	.max_players = SA_MAX_PLAYERS,
	.verbs = sa_verbs,
	.options = sa_options,
	.state_new = sa_new,
	.state_free = sa_free,
	.state_size = sizeof(struct game_state),
	.state_setup = offsetof(struct game_state, gs),
	.state_valid = sa_valid,
	.state_format = 1,
	.apply = sa_apply,
	.expect = sa_expect,
	.score = sa_score,
	.status_json = sa_status_json,
	.describe = sa_describe,
	.advise = sa_advise,
	.advice = sa_advice,
	.rolled = sa_rolled,
	.lookups = NULL,
};
