/*
 * shake-a-word-round.c: Shake-A-Word's rounds: the open one, a word's
 * value and points (SW-4, a cross-out), the scores (SW-7).  Pure.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "grid.h"
#include "lang.h"
#include "saw.h"
#include "shake-a-word.h"
#include "utf8.h"
#include "xjson.h"

/* The open round, or NULL. */
struct saw_rnd *
saw_open_round(const struct game_state *st)
{
	if (st->nrounds > 0 && st->rounds[st->nrounds - 1].open)
		return &st->rounds[st->nrounds - 1];
	return NULL;
}

/* The value of a word of this many letters (SW-4). */
int
saw_word_value(const struct game_state *st, int letters)
{
	static const int boggle[] = { 0, 0, 0, 1, 1, 2, 3, 5, 11 };

	if (letters < 3)
		return 0;
	if (st->boggle)
		return boggle[letters < 8 ? letters : 8];
	return letters <= 4 ? 1 : 1 + letters - 4;
}

/* Index of the word with key in l, or -1. */
int
saw_list_find(const struct saw_list *l, const char *key)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i].key, key) == 0)
			return i;
	return -1;
}

/* 1 if a player other than seat wrote key in round rd (SW-4 cross-out). */
int
saw_crossed(const struct game_state *st, const struct saw_rnd *rd, int seat,
    const char *key)
{
	int i;

	for (i = 0; i < st->n; i++)
		if (i != seat && saw_list_find(&rd->pl[i], key) >= 0)
			return 1;
	return 0;
}

/* What a word counts now: 0 crossed out, minus its value if struck. */
long
saw_word_points(const struct game_state *st, const struct saw_rnd *rd, int seat,
    const struct saw_word *sw)
{
	int v = saw_word_value(st, (int)lang_width(sw->w));

	if (saw_crossed(st, rd, seat, sw->key))
		return 0;
	return sw->valid == 0 ? -v : v;
}

/* Points as a score pad shows them: "+2", "-1", "0". */
const char *
saw_signed_points(long v, char *buf, size_t len)
{
	snprintf(buf, len, v == 0 ? "%ld" : "%+ld", v);
	return buf;
}

/* The letters' context the caller lends the game (game.h), or NULL. */
struct lang *
saw_lg(const struct game_state *st)
{
	return st->gs->env != NULL ? st->gs->env->lang : NULL;
}

/* 1 if the open round has a word, and with unruled, one without ruling. */
int
saw_any_word(const struct game_state *st, const struct saw_rnd *rd, int unruled)
{
	int i, k;

	for (i = 0; i < st->n; i++)
		for (k = 0; k < rd->pl[i].n; k++)
			if (!unruled || rd->pl[i].v[k].valid < 0)
				return 1;
	return 0;
}

/* Scores: points, or rounds won with scoring-mode=round (SW-7). */
void
saw_score(const struct game_state *st, long *scores, int *winners)
{
	int i, r;

	for (i = 0; i < st->n; i++) {
		scores[i] = 0;
		for (r = 0; r < st->nrounds; r++) {
			if (st->rounds[r].open)
				continue;
			scores[i] += st->by_round ? st->rounds[r].won[i] :
			    st->rounds[r].score[i];
		}
	}
	game_highest_wins(st->n, scores, st->finished, scores, winners);
}
