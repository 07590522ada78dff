/*
 * advice.c: the coach's advice object and the dice audit's helper (game.h),
 * shared by every rules module.  Pure.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

/* Free what a holds; see game.h. */
void
advice_free(struct advice *a)
{
	int i;

	for (i = 0; i < a->nmoves; i++)
		free(a->moves[i].entry);
	free(a->moves);
	a->moves = NULL;
	a->nmoves = a->cap = 0;
	buf_free(&a->say);
}

/* Add a move to a; NULL when a is full. */
struct advice_move *
advice_add(struct advice *a, double value, const char *fmt, ...)
{
	struct advice_move *m;
	struct buf b = BUF_INIT;
	va_list ap;

	if (a->nmoves >= ADVICE_MOVES)
		return NULL;
	if (a->nmoves == a->cap) {
		a->cap = a->cap == 0 ? 8 : 2 * a->cap;
		a->moves = xreallocarray(a->moves, (size_t)a->cap,
		    sizeof *a->moves);
	}
	m = &a->moves[a->nmoves++];
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	m->entry = xstrdup(buf_str(&b));
	buf_free(&b);
	m->value = value;
	return m;
}

/* Sort best first; a stable insertion sort (equal values keep order). */
void
advice_sort(struct advice *a)
{
	struct advice_move t;
	int i, k;

	for (i = 1; i < a->nmoves; i++) {
		t = a->moves[i];
		for (k = i; k > 0 && a->moves[k - 1].value < t.value; k--)
			a->moves[k] = a->moves[k - 1];
		a->moves[k] = t;
	}
}

/* The move whose entry is entry (compared word by word), or NULL. */
const struct advice_move *
advice_find(const struct advice *a, const char *entry)
{
	int i;

	for (i = 0; i < a->nmoves; i++)
		if (strcmp(a->moves[i].entry, entry) == 0)
			return &a->moves[i];
	return NULL;
}

/* "points", "win", "chance". */
const char *
advice_basis_name(enum advice_basis b)
{
	switch (b) {
	case ADVICE_WIN:
		return "win";
	case ADVICE_CHANCE:
		return "chance";
	case ADVICE_POINTS:
	default:
		return "points";
	}
}

/* 1 if v is "on" or "off". */
int
game_option_on_off(const char *v)
{
	return strcmp(v, "on") == 0 || strcmp(v, "off") == 0;
}

/* e's values as six-sided dice rolled by seat, into d (at most max). */
int
game_rolled_d6(const struct entry *e, int seat, struct die_rolled *d,
    int max)
{
	int n;

	for (n = 0; n < e->nvals && n < max; n++) {
		d[n].kind = 0;
		d[n].face = (int)e->vals[n];
		d[n].seat = seat;
	}
	return n;
}
