/*
 * game.c: the verbs and options every game declares, and the rulings;
 * an entry is read by entry.c, replayed by replay.c (one path for
 * checking a new entry and for rebuilding a game from its stored
 * entries), its state kept by snapshot.c.  The game table is
 * src/games/game-table.c.
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game-core.h"
#include "game.h"
#include "utf8.h"

/*
 * The verbs every game takes, which replay applies itself, indexed by
 * enum verb from V_UNDO.  A game's own verbs are its row
 * (game_rules.verbs).
 */
static const struct game_verb common_verbs[V__COUNT - V_UNDO] = {
	[V_UNDO - V_UNDO] = { "undo", "", NULL, WHO_TABLE, 0,
	    N_("take back the latest entry still in effect") },
	[V_REDO - V_UNDO] = { "redo", "", NULL, WHO_TABLE, 0,
	    N_("restore the latest undone entry") },
	[V_ABANDON - V_UNDO] = { "abandon", "", NULL, WHO_TABLE, 0,
	    N_("end the game with no winner") },
	[V_RENAME - V_UNDO] = { "rename", "OLD NEW",
	    N_("expected OLD NEW (a player's name, and the new one)"), WHO_TABLE,
	    0, N_("change a player's name") },
	[V_TITLE - V_UNDO] = { "title", "[TEXT...]", NULL, WHO_TABLE, 0,
	    N_("set the game's title, or clear it") },
	[V_NOTE - V_UNDO] = { "note", "TEXT...",
	    N_("expected the TEXT of the note"), WHO_TABLE, 0,
	    N_("a note in the game's history") },
};

/*
 * The id of a game verb: where it is first declared, game gi's row at
 * li; above every index in a row and the common verbs' ids.
 */
#define VERB_ID_BASE	(2 * GAME_VERBS_MAX)
_Static_assert(V__COUNT <= 32, "a VERB_BIT of every verb fits 32 bits");
#define VERB_ID(gi, li)	(VERB_ID_BASE + (gi) * GAME_VERBS_MAX + (li))

/* The id of the verb named exactly s, or -1. */
int
verb_lookup(const char *s)
{
	const struct game_verb *gv;
	int gi, v;

	for (v = V_UNDO; v < V__COUNT; v++)
		if (strcmp(common_verbs[v - V_UNDO].name, s) == 0)
			return v;
	for (gi = 0; game_table[gi] != NULL; gi++)
		for (gv = game_table[gi]->verbs; gv->name != NULL; gv++)
			if (strcmp(gv->name, s) == 0)
				return VERB_ID(gi, gv - game_table[gi]->verbs);
	return -1;
}

/* The name of the verb of that id, "?" if none. */
const char *
verb_name(enum verb id)
{
	int gi, li, n;

	if (id >= V_UNDO && id < V__COUNT)
		return common_verbs[id - V_UNDO].name;
	if (id < VERB_ID_BASE)
		return "?";
	gi = (id - VERB_ID_BASE) / GAME_VERBS_MAX;
	li = (id - VERB_ID_BASE) % GAME_VERBS_MAX;
	for (n = 0; n < gi && game_table[n] != NULL; n++)
		continue;
	return n == gi ? game_verb_name(game_table[gi], li) : "?";
}

/* The id of the k-th game verb of every game; see game.h. */
int
verb_nth(int k)
{
	const struct game_verb *gv;
	int gi, id;

	for (gi = 0; game_table[gi] != NULL; gi++)
		for (gv = game_table[gi]->verbs; gv->name != NULL; gv++) {
			id = VERB_ID(gi, gv - game_table[gi]->verbs);
			if (verb_lookup(gv->name) == id && k-- == 0)
				return id;
		}
	return -1;
}

/* The index in g's row of the verb of that id; see game.h. */
int
game_verb_find(const struct game_rules *g, enum verb id)
{
	const struct game_verb *gv;
	const char *name;
	int n, gi, li;

	if (id >= V_UNDO && id < V__COUNT)
		return id;
	if (id < VERB_ID_BASE)
		return -1;
	/* The game that gave the id: its index at once. */
	gi = (id - VERB_ID_BASE) / GAME_VERBS_MAX;
	li = (id - VERB_ID_BASE) % GAME_VERBS_MAX;
	for (n = 0; n < gi && game_table[n] != NULL; n++)
		continue;
	if (n == gi && game_table[gi] == g)
		return li;
	name = verb_name(id);
	for (gv = g->verbs; gv->name != NULL; gv++)
		if (strcmp(gv->name, name) == 0)
			return (int)(gv - g->verbs);
	return -1;
}

/* Verb v of g, or NULL. */
const struct game_verb *
game_verb(const struct game_rules *g, int v)
{
	int i;

	if (v >= V_UNDO && v < V__COUNT)
		return &common_verbs[v - V_UNDO];
	if (g == NULL || v < 0)
		return NULL;
	for (i = 0; i < v && g->verbs[i].name != NULL; i++)
		continue;
	return g->verbs[i].name != NULL ? &g->verbs[i] : NULL;
}

/* The name of verb v of g. */
const char *
game_verb_name(const struct game_rules *g, int v)
{
	const struct game_verb *gv = game_verb(g, v);

	return gv != NULL ? gv->name : "?";
}

/* The first verb of g with kind k; see game.h. */
int
game_verb_kind(const struct game_rules *g, int kind)
{
	int v;

	for (v = 0; g->verbs[v].name != NULL; v++)
		if (g->verbs[v].kind & kind)
			return v;
	return -1;
}

/* The kind of the verb of an id in g, or in every game; see game.h. */
int
verb_kind(const struct game_rules *g, enum verb id)
{
	const struct game_rules *const *o;
	int v, kind = -1;

	if (g != NULL)
		return (v = game_verb_find(g, id)) >= 0 ?
		    game_verb(g, v)->kind : 0;
	for (o = game_table; *o != NULL; o++)
		if ((v = game_verb_find(*o, id)) >= 0)
			kind &= game_verb(*o, v)->kind;
	return kind < 0 ? 0 : kind;
}

/* The rules named or aliased exactly s, or NULL. */
const struct game_rules *
game_find(const char *s)
{
	const struct game_rules *const *g;

	for (g = game_table; *g != NULL; g++)
		if (strcmp((*g)->name, s) == 0 ||
		    ((*g)->alias != NULL && strcmp((*g)->alias, s) == 0))
			return *g;
	return NULL;
}

/* Index of option key in the rules' table, or -1. */
int
game_option_index(const struct game_rules *g, const char *key)
{
	int i;

	for (i = 0; g->options[i].key != NULL; i++)
		if (strcmp(g->options[i].key, key) == 0)
			return i;
	return -1;
}

/* Index of the first option of kind in the rules' table, or -1. */
int
game_option_kind(const struct game_rules *g, int kind)
{
	int i;

	for (i = 0; g->options[i].key != NULL; i++)
		if (g->options[i].kind == kind)
			return i;
	return -1;
}

/* The value of an option a game lacks; see game.h. */
const char *
game_option_old(const struct game_rules *g, int i)
{
	return g->options[i].kind == GAME_OPT_OLD_ON ? "on" :
	    g->options[i].def;
}

/* Replace each option in opts by its effective value (see game.h). */
void
game_options_effective(const struct game_rules *g, char **opts)
{
	const char *v;
	int i;

	for (i = 0; g->options[i].key != NULL; i++) {
		if (g->options[i].effective == NULL || opts[i] == NULL)
			continue;
		v = g->options[i].effective(opts[i], (const char *const *)opts);
		if (v != opts[i] && strcmp(v, opts[i]) != 0) {
			free(opts[i]);
			opts[i] = xstrdup(v);
		}
	}
}

/*
 * The options of gs that differ from their defaults, "k=v, k=v", into b
 * (a default that depends on the other options, by its effective value).
 */
int
game_options_changed(const struct game_rules *g,
    const struct game_setup *gs, struct buf *b)
{
	const char *def;
	int i, n = 0;

	for (i = 0; g->options[i].key != NULL; i++) {
		def = g->options[i].def;
		if (g->options[i].effective != NULL)
			def = g->options[i].effective(def, gs->options);
		if (gs->options[i] != NULL &&
		    strcmp(gs->options[i], def) != 0)
			buf_printf(b, "%s%s=%s", n++ ? ", " : "",
			    g->options[i].key, gs->options[i]);
	}
	return n;
}

/*
 * Set a refusal: status and a formatted reason, escaped and each user
 * text in it cut as a message cuts it; the reason itself is never cut
 * (utf8_message_whole).
 */
void __attribute__((format(printf, 3, 0)))
ruling_vrefuse(struct ruling *r, int status, const char *fmt, va_list ap)
{
	struct buf b = BUF_INIT;

	r->status = status;
	buf_vprintf(&b, _(fmt), ap);
	buf_reset(&r->why);
	utf8_message_whole(&r->why, buf_str(&b));
	buf_free(&b);
}

/* Back to an accepted ruling with no words, keeping the memory. */
void
ruling_reset(struct ruling *r)
{
	r->status = RULING_OK;
	buf_reset(&r->why);
	buf_reset(&r->note);
}

/* Release a ruling's words. */
void
ruling_free(struct ruling *r)
{
	buf_free(&r->why);
	buf_free(&r->note);
	r->status = RULING_OK;
}

/* Set a refusal: status and a formatted reason. */
void
ruling_refuse(struct ruling *r, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ruling_vrefuse(r, status, fmt, ap);
	va_end(ap);
}

/* Set the note of an accepted entry, each quoted text cut (utf8_note). */
void
ruling_note(struct ruling *r, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	buf_reset(&r->note);
	if (r->quiet)
		return;
	va_start(ap, fmt);
	buf_vprintf(&b, _(fmt), ap);
	va_end(ap);
	utf8_note(&r->note, buf_str(&b));
	buf_free(&b);
}

/* 1 if option value v is a number lo..hi and a multiple of step. */
int
game_option_number(const char *v, long lo, long hi, long step)
{
	long t = 0;
	const char *p;

	if (*v == '\0')
		return 0;
	v = game_option_value(v);
	if (strlen(v) > 9)
		return 0;
	for (p = v; *p != '\0'; p++) {
		if (*p < '0' || *p > '9')
			return 0;
		t = t * 10 + (*p - '0');
	}
	return t >= lo && t <= hi && t % step == 0;
}

/* An option value as stored; see game.h. */
const char *
game_option_value(const char *v)
{
	if (v[0] == '\0' || v[strspn(v, "0123456789")] != '\0')
		return v;
	while (v[0] == '0' && v[1] != '\0')
		v++;
	return v;
}

/*
 * Of the seats rollers[0..n), those whose vals[seat] is the highest, into
 * top (in the same order); *high is that value.  Returns how many share it.
 */
int
game_highest(const int *vals, const int *rollers, int n, int *top,
    int *high)
{
	long v[GAME_MAX_PLAYERS];
	int is[GAME_MAX_PLAYERS], i, ntop = 0;

	for (i = 0; i < n; i++)
		v[i] = vals[rollers[i]];
	*high = n > 0 ? (int)game_top(n, v, is) : 0;
	for (i = 0; i < n; i++)
		if (is[i])
			top[ntop++] = rollers[i];
	return ntop;
}

/* Refuse verb v as out of turn, saying what the rules expect now. */
int
game_not_now(const struct game_rules *g, const struct game_state *st,
    int v, struct ruling *r)
{
	struct expectation x;
	struct buf say = BUF_INIT;

	memset(&x, 0, sizeof x);
	x.turn = -1;
	x.say = &say;
	g->expect(st, &x);
	ruling_refuse(r, RULING_REFUSED, "'%s' is not expected now: %s",
	    game_verb_name(g, v), buf_str(&say));
	buf_free(&say);
	return RULING_REFUSED;
}

/* The highest of score[0..n); top[i] = 1 for each seat that has it. */
long
game_top(int n, const long *score, int *top)
{
	long best = 0;
	int i;

	for (i = 0; i < n; i++)
		if (i == 0 || score[i] > best)
			best = score[i];
	for (i = 0; i < n; i++)
		top[i] = score[i] == best;
	return best;
}

/* Copy score[] to scores[]; once over, the highest (shared) win. */
void
game_highest_wins(int n, const long *score, int over, long *scores,
    int *winners)
{
	int i;

	for (i = 0; i < n; i++)
		scores[i] = score[i];
	game_top(n, score, winners);
	for (i = 0; i < n; i++)
		winners[i] = over && winners[i];
}

/* Refuse e's value i unless a six-sided die shows it. */
int
game_die_face(const struct entry *e, int i, struct ruling *r)
{
	if (e->vals[i] >= 1 && e->vals[i] <= DIE_FACES)
		return RULING_OK;
	ruling_refuse(r, RULING_REFUSED, "'%s' is not a face of a die (1 to "
	    "%d)", e->argv[i], DIE_FACES);
	return RULING_REFUSED;
}

/* Refuse the first of e's values that a six-sided die does not show. */
int
game_die_faces(const struct entry *e, struct ruling *r)
{
	int i;

	for (i = 0; i < e->nvals; i++)
		if (game_die_face(e, i, r) != RULING_OK)
			return RULING_REFUSED;
	return RULING_OK;
}

/* Values v[0..n) separated by single spaces, into b. */
void
game_put_dice(struct buf *b, const int *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		buf_printf(b, "%s%d", i > 0 ? " " : "", v[i]);
}

/*
 * Accept: the note is b's text, each quoted text cut (utf8_note); b is
 * freed.  Returns RULING_OK.
 */
int
ruling_accept(struct ruling *r, struct buf *b)
{
	buf_reset(&r->note);
	if (!r->quiet)
		utf8_note(&r->note, buf_str(b));
	buf_free(b);
	return RULING_OK;
}

/* Append "Ann, Bob and Cid" (conj: "and", "or"; NULL: "Ann, Bob, Cid"). */
void
game_list_names(const struct game_setup *gs, const int *seats, int n,
    const char *conj, struct buf *b)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i > 0 && i == n - 1 && conj != NULL)
			buf_printf(b, " %s ", _(conj));
		else if (i > 0)
			buf_puts(b, ", ");
		buf_puts(b, gs->names[seats[i]]);
	}
}

/* Parse a timer duration: 90, 90s, 3m, 1m30s.  0, or -1 if malformed. */
int
game_duration(const char *s, long *secs)
{
	long total = 0, v;
	int any = 0, seen_s = 0, seen_m = 0;
	const char *p = s;

	while (*p != '\0') {
		if (!isdigit((unsigned char)*p))
			return -1;
		for (v = 0; isdigit((unsigned char)*p); p++) {
			v = v * 10 + (*p - '0');
			if (v > 86400)
				return -1;
		}
		if (*p == 'm' && !seen_m && !seen_s && any == 0) {
			seen_m = 1;
			total += v * 60;
			p++;
		} else if (*p == 's' && !seen_s) {
			seen_s = 1;
			total += v;
			p++;
		} else if (*p == '\0' && !seen_m && !seen_s) {
			total += v;
		} else
			return -1;
		any++;
	}
	if (any == 0 || total <= 0 || total > 86400)
		return -1;
	*secs = total;
	return 0;
}
