/*
 * shake-a-word-text.c: Shake-A-Word in words: the rounds' scores, the
 * grid and the word table, the reasons of its rulings, the values a verb
 * takes now, the advice; and a round's view for solve and review.  Pure.
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

/* End a line of b: drop trailing spaces, add a newline. */
static void
end_line(struct buf *b)
{
	while (b->len > 0 && b->s[b->len - 1] == ' ')
		b->s[--b->len] = '\0';
	buf_puts(b, "\n");
}

/*
 * Match s against fmt, whose only conversions are %s: 1 with each %s's
 * text in a[] (WHY_ARGS of them at most, each cut to WHY_ARG bytes).
 */
#define WHY_ARGS	3
#define WHY_ARG		256
static int
why_match(const char *s, const char *fmt, char a[WHY_ARGS][WHY_ARG])
{
	const char *f = fmt, *pc, *end;
	size_t lit, n;
	int k = 0;

	for (;;) {
		pc = strstr(f, "%s");
		lit = pc != NULL ? (size_t)(pc - f) : strlen(f);
		if (strncmp(s, f, lit) != 0)
			return 0;
		s += lit;
		if (pc == NULL)
			return *s == '\0';
		f = pc + 2;
		/* The %s ends where the next literal text begins. */
		lit = (pc = strstr(f, "%s")) != NULL ? (size_t)(pc - f) :
		    strlen(f);
		if (lit == 0)
			end = s + strlen(s);
		else {
			char piece[128];

			if (lit >= sizeof piece || k >= WHY_ARGS)
				return 0;
			memcpy(piece, f, lit);
			piece[lit] = '\0';
			if (pc == NULL) {
				n = strlen(s);
				if (n < lit || strcmp(s + n - lit, piece) != 0)
					return 0;
				end = s + n - lit;
			} else if ((end = strstr(s, piece)) == NULL)
				return 0;
		}
		if (k >= WHY_ARGS)
			return 0;
		n = (size_t)(end - s) < WHY_ARG - 1 ? (size_t)(end - s) :
		    WHY_ARG - 1;
		memcpy(a[k], s, n);
		a[k++][n] = '\0';
		s = end;
	}
}

/*
 * A word's reason as the state keeps it (English: rule_word, do_vote)
 * into b in the user's words: each reason matched and worded again; one
 * that matches none (a count in it) as kept.
 */
static void
why_words(const char *why, struct buf *b)
{
	char a[WHY_ARGS][WHY_ARG];

	if (why_match(why, "the table accepted it", a) ||
	    why_match(why, "the table rejected it", a) ||
	    why_match(why, "an empty word is not on the grid", a))
		buf_puts(b, _(why));
	else if (why_match(why, "on the grid and in %s as '%s'", a))
		buf_printf(b, _("on the grid and in %s as '%s'"), a[0], a[1]);
	else if (why_match(why, "on the grid and in %s", a))
		buf_printf(b, _("on the grid and in %s"), a[0]);
	else if (why_match(why, "as a compound: %s, on the grid and by %s's "
	    "compounding rules", a))
		buf_printf(b, _("as a compound: %s, on the grid and by %s's "
		    "compounding rules"), a[0], a[1]);
	else if (why_match(why, "'%s' is not in %s (suggestions: %s)", a)) {
		buf_printf(b, _("'%s' is not in %s"), a[0], a[1]);
		buf_printf(b, _(" (suggestions: %s)"), a[2]);
	} else if (why_match(why, "'%s' is not in %s", a))
		buf_printf(b, _("'%s' is not in %s"), a[0], a[1]);
	else if (why_match(why, "'%s' is not on the grid: it has a Q without "
	    "U, and the Q die shows Qu", a))
		buf_printf(b, _("'%s' is not on the grid: it has a Q without "
		    "U, and the Q die shows Qu"), a[0]);
	else if (why_match(why, "'%s' is not on the grid: no die shows '%s'",
	    a))
		buf_printf(b, _("'%s' is not on the grid: no die shows '%s'"),
		    a[0], a[1]);
	else if (why_match(why, "'%s' is not on the grid: after '%s' no "
	    "unused neighbour shows '%s'", a))
		buf_printf(b, _("'%s' is not on the grid: after '%s' no unused "
		    "neighbour shows '%s'"), a[0], a[1], a[2]);
	else
		buf_puts(b, why);
}

/* What ruled a word, in words. */
static const char *
how_name(enum how how)
{
	switch (how) {
	case HOW_CHALLENGE:
		return _("challenge");
	case HOW_VOTE:
		return _("vote");
	case HOW_CHECK:
		return _("the check");
	case HOW_NONE:
		break;
	}
	return _("nobody");
}

/* Every round's scores and the totals (standings in words, SW-7). */
void
saw_rounds(const struct game_state *st, struct buf *b)
{
	const struct saw_rnd *rd;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], r, i;

	if (st->nrounds == 0)
		return;
	buf_puts(b, _("round "));
	for (i = 0; i < st->n; i++) {
		buf_puts(b, " ");
		utf8_cell(b, st->gs->names[i], 8, 1);
	}
	end_line(b);
	for (r = 0; r < st->nrounds; r++) {
		rd = &st->rounds[r];
		buf_printf(b, "%5d ", r + 1);
		for (i = 0; i < st->n; i++) {
			if (rd->open)
				buf_printf(b, " %8s", "-");
			else if (st->by_round)
				buf_printf(b, " %7ld%c", rd->score[i],
				    rd->won[i] ? '*' : ' ');
			else
				buf_printf(b, " %8ld", rd->score[i]);
		}
		if (rd->open)
			buf_puts(b, _("  (open)"));
		end_line(b);
	}
	saw_score(st, scores, winners);
	buf_puts(b, st->by_round ? _("won   ") : _("total "));
	for (i = 0; i < st->n; i++)
		buf_printf(b, " %8ld", scores[i]);
	end_line(b);
}

/*
 * The values of WORD in vote NAME WORD and challenge NAME WORD now, one a
 * line (completion): NAME's words this round, any for a vote (SW-6),
 * those with no ruling yet for a challenge (SW-5).
 */
void
saw_values(const struct game_state *st, int v, int argi,
    char *const *args, struct buf *b)
{
	const struct saw_rnd *rd = saw_open_round(st);
	const struct saw_list *l;
	int who, k;

	if ((v != V_VOTE && v != V_CHALLENGE) || argi != 1 || rd == NULL ||
	    (who = game_seat(st->gs, args[0])) < 0)
		return;
	l = &rd->pl[who];
	for (k = 0; k < l->n; k++)
		if (v == V_VOTE || l->v[k].valid < 0)
			buf_printf(b, "%s\n", l->v[k].w);
}

/* Every round's scores, then the grid and the word table of the last. */
void
saw_describe(const struct game_state *st, struct buf *b)
{
	const struct saw_rnd *rd;
	char up[16];
	int r, i, k, c;

	if (st->nrounds == 0)
		return;
	saw_rounds(st, b);

	rd = &st->rounds[st->nrounds - 1];
	buf_printf(b, _("grid of round %d:"), st->nrounds);
	end_line(b);
	for (r = 0; r < rd->g.n; r++) {
		buf_puts(b, " ");
		for (c = 0; c < rd->g.n; c++) {
			if (lang_upper(saw_lg(st), st->dict,
			    rd->g.cells[r * rd->g.n + c], up, sizeof up) != 0)
				snprintf(up, sizeof up, "?");
			buf_printf(b, " %s%*s", up, 3 - (int)lang_width(up),
			    "");
		}
		end_line(b);
	}
	if (!saw_any_word(st, rd, 0))
		return;
	buf_printf(b, _("words of round %d%s:"), st->nrounds, rd->open ?
	    _(" so far") : "");
	end_line(b);
	for (i = 0; i < st->n; i++)
		for (k = 0; k < rd->pl[i].n; k++) {
			const struct saw_word *sw = &rd->pl[i].v[k];
			long pts = saw_word_points(st, rd, i, sw);
			int x = saw_crossed(st, rd, i, sw->key);
			char num[24];

			buf_puts(b, "  ");
			utf8_pad(b, st->gs->names[i], 12);
			buf_puts(b, " ");
			utf8_pad(b, sw->w, 16);
			buf_printf(b, " %3s", saw_signed_points(pts, num,
			    sizeof num));
			if (x)
				buf_puts(b, _("  crossed out"));
			if (sw->valid >= 0) {
				buf_printf(b, _("%s %s by %s: "), x ? ";" :
				    " ", sw->valid ? _("stands") : _("struck"),
				    how_name(sw->how));
				why_words(sw->why, b);
			}
			end_line(b);
		}
}

/*
 * Advice for the table: what words are worth, the round so far, and the
 * words that cannot be traced on the grid (a challenge would strike them).
 */
void
saw_advise(const struct game_state *st, struct buf *b)
{
	const struct saw_rnd *rd = saw_open_round(st);
	char num[24], why[400];
	long s;
	int i, k, off = 0;

	if (st->finished)
		return;
	if (rd == NULL) {
		if (st->nrounds > 0)
			buf_puts(b, _("solve lists every word on the last grid "
			    "and the ones nobody found.\n"));
		return;
	}
	buf_printf(b, _("Unique words score: 3-4 letters %d, 5 letters %d, 6 "
	    "letters %d, 7 letters %d, 8 letters %d; a word two players "
	    "write scores 0 for both."), saw_word_value(st, 3),
	    saw_word_value(st, 5), saw_word_value(st, 6),
	    saw_word_value(st, 7), saw_word_value(st, 8));
	if (!saw_any_word(st, rd, 0)) {
		buf_puts(b, "\n");
		return;
	}
	buf_puts(b, _(" Now:"));
	for (i = 0; i < st->n; i++) {
		for (s = 0, k = 0; k < rd->pl[i].n; k++)
			s += saw_word_points(st, rd, i, &rd->pl[i].v[k]);
		buf_printf(b, "%s %s %s", i > 0 ? "," : "", st->gs->names[i],
		    saw_signed_points(s, num, sizeof num));
	}
	buf_puts(b, ".");
	for (i = 0; i < st->n; i++)
		for (k = 0; k < rd->pl[i].n; k++) {
			const struct saw_word *sw = &rd->pl[i].v[k];

			if (sw->valid >= 0 || saw_crossed(st, rd, i, sw->key) ||
			    grid_path(&rd->g, saw_lg(st), sw->key, NULL, why,
			    sizeof why) == 0)
				continue;
			buf_puts(b, off++ ? "," :
			    _(" Not on the grid, a challenge would strike:"));
			/* TRANSLATORS: a player's word: Bob's 'fad'. */
			buf_printf(b, E_(st->gs->names[i], _(" %s's '%s'"),
			    C_("elided", " %s's '%s'")), st->gs->names[i],
			    sw->w);
		}
	if (off > 0)
		buf_puts(b, ".");
	buf_puts(b, "\n");
}

/* The view of a round for solve and review (word_round); see game.h. */
int
saw_round_view(const struct game_state *st, int force, struct word_round *v)
{
	const struct saw_rnd *rd = NULL;
	int r, i;

	memset(v, 0, sizeof *v);
	for (r = st->nrounds - 1; r >= 0; r--)
		if (!st->rounds[r].open || force) {
			rd = &st->rounds[r];
			break;
		}
	if (rd == NULL)
		return -1;
	v->round = r + 1;
	v->open = rd->open;
	v->dict = st->dict;
	v->fold = st->fold;
	v->nouns = st->nouns;
	v->compounds = st->compounds;
	v->n = rd->g.n;
	memcpy(v->cells, rd->g.cells, sizeof v->cells);
	v->nplayers = st->n;
	for (i = 0; i < st->n; i++) {
		static const char *const none[] = { NULL };

		v->words[i] = rd->pl[i].words != NULL ?
		    (const char *const *)rd->pl[i].words : none;
		v->keys[i] = rd->pl[i].keys != NULL ?
		    (const char *const *)rd->pl[i].keys : none;
	}
	return 0;
}
