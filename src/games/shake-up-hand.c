/*
 * shake-up-hand.c: Shake Up's hands and pawns: a hand classified
 * (SU-4) and named, the levels a pawn may move from and the pawns a
 * penalty may hit (SU-5, SU-6).  Pure.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game-shake-up.h"
#include "shake-up.h"
#include "utf8.h"

/* Sort n ints ascending. */
void
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
const char *
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
int
su_hand(const struct game_state *st, int *dice)
{
	memcpy(dice, st->held, (size_t)st->nheld * sizeof *dice);
	memcpy(dice + st->nheld, st->last, (size_t)st->nlast * sizeof *dice);
	return st->nheld + st->nlast;
}

/* Pawns of seat p that are safe (on the top level, SU-1). */
int
su_safe_count(const struct game_state *st, int p)
{
	int i, k = 0;

	for (i = 0; i < PAWNS; i++)
		k += st->pawn[p][i] == st->levels;
	return k;
}

/* Pawns of seat p on level l. */
int
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
int
su_may_move(const struct game_state *st, int p, int l)
{
	int k;

	if (l < 1 || l >= st->levels || (k = su_on_level(st, p, l)) == 0)
		return 0;
	return k >= 2 || l == su_lowest_level(st, p);
}

/* 1 if some opponent of seat p has a pawn to penalize (SU-5). */
int
su_has_target(const struct game_state *st, int p)
{
	int i, k;

	for (i = 0; i < st->n; i++)
		for (k = 0; k < PAWNS && i != p; k++)
			if (st->pawn[i][k] > 1 && st->pawn[i][k] < st->levels)
				return 1;
	return 0;
}

/* The levels seat p may move up from, "1, 3" into b. */
void
su_movable(const struct game_state *st, int p, struct buf *b)
{
	int l, k = 0;

	for (l = 1; l < st->levels; l++)
		if (su_may_move(st, p, l))
			buf_printf(b, "%s%d", k++ > 0 ? ", " : "", l);
}
