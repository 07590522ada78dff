/*
 * game.c: argument parsing common to every game, and replay: one path
 * for checking a new entry and for rebuilding a game from its stored
 * entries.  The game table is src/games/game-table.c.
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
 * Compare s, trimmed of surrounding spaces, with name by Unicode simple
 * case folding (SPEC.md "Player names": Zoë is ZOË).
 */
static int
name_matches(const char *s, const char *name)
{
	size_t n;

	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n > 0 && s[n - 1] == ' ')
		n--;
	return utf8_casecmp_n(s, n, name) == 0;
}

/* Seat of the player called s by case folding alone, or -1. */
static int
seat_fold(const struct game_setup *gs, const char *s)
{
	int i;

	for (i = 0; i < gs->nplayers; i++)
		if (name_matches(s, gs->names[i]))
			return i;
	return -1;
}

/*
 * Seat of the player s names (SPEC.md "Player names"): equal by case
 * folding, else the one player equal loosely (utf8_loose: case, accents
 * and spaces ignored).  -1 if none, -2 if several are equal loosely.
 */
static int
seat_find(const struct game_setup *gs, const char *s)
{
	struct buf k = BUF_INIT, pk = BUF_INIT;
	int i, seat;

	if ((seat = seat_fold(gs, s)) >= 0)
		return seat;
	utf8_loose(&k, s);
	for (i = 0; i < gs->nplayers && k.len > 0; i++) {
		buf_reset(&pk);
		utf8_loose(&pk, gs->names[i]);
		if (strcmp(buf_str(&k), buf_str(&pk)) == 0)
			seat = seat == -1 ? i : -2;
	}
	buf_free(&k);
	buf_free(&pk);
	return seat;
}

/* Seat of the player s names, or -1; see game.h. */
int
game_seat(const struct game_setup *gs, const char *s)
{
	int seat = seat_find(gs, s);

	return seat < 0 ? -1 : seat;
}

/*
 * Why s names no player, into b: "'s' is not a player of this game", and
 * the nearest names (by their loose keys), or the players if none is near.
 */
void
game_name_unknown(const struct game_setup *gs, const char *s,
    struct buf *b)
{
	struct utf8_near nr = UTF8_NEAR_INIT;
	struct buf k = BUF_INIT, pk = BUF_INIT;
	int i, several = seat_find(gs, s) == -2, seats[GAME_MAX_PLAYERS];

	utf8_loose(&k, s);
	for (i = 0; i < gs->nplayers; i++) {
		buf_reset(&pk);
		utf8_loose(&pk, gs->names[i]);
		utf8_near_put(&nr, utf8_distance(buf_str(&k), buf_str(&pk)),
		    gs->names[i]);
		seats[i] = i;
	}
	if (s[strspn(s, " ")] == '\0')
		buf_puts(b, _("empty name where a player's is expected"));
	else
		buf_printf(b, _("'%s' is not a player of this game"), s);
	if (k.len > 0 && (several || utf8_near_ok(&nr, buf_str(&k)))) {
		buf_puts(b, _("; did you mean "));
		utf8_near_list(b, &nr);
		buf_puts(b, "?");
	} else if (gs->nplayers > 0) {
		buf_puts(b, " (");
		game_list_names(gs, seats, gs->nplayers, N_("and"), b);
		buf_puts(b, ")");
	}
	buf_free(&k);
	buf_free(&pk);
}

/*
 * The number of words from argv[0] (argc of them, at least 2) that
 * joined with spaces name a player: a name with a space the shell or
 * play split into words; 0 if none does.
 */
static int
split_name(const struct game_setup *gs, int argc, char *const *argv)
{
	struct buf b = BUF_INIT;
	int k, found = 0;

	buf_puts(&b, argv[0]);
	for (k = 1; k < argc && !found; k++) {
		buf_printf(&b, " %s", argv[k]);
		if (game_seat(gs, buf_str(&b)) >= 0)
			found = k + 1;
	}
	buf_free(&b);
	return found;
}

/* Refuse a name split into words: the player's name, to be quoted. */
static void
refuse_split(const struct game_setup *gs, int argc, char *const *argv,
    struct ruling *r)
{
	struct buf b = BUF_INIT;
	int k;

	for (k = 0; k < argc; k++)
		buf_printf(&b, "%s%s", k ? " " : "", argv[k]);
	ruling_refuse(r, RULING_DATA, "quote a name with a space: \"%s\"",
	    gs->names[game_seat(gs, buf_str(&b))]);
	buf_free(&b);
}

/* 1 if s (already trimmed) is a valid player name; else 0 and *why. */
int
game_name_valid(const char *s, const char **why)
{
	size_t n = utf8_len(s);
	const char *p;

	if ((*why = utf8_text_why(s)) != NULL)
		return 0;
	if (n == 0) {
		*why = _("is empty (a name is 1 to 32 characters)");
		return 0;
	}
	if (n > 32) {
		*why = _("must be 1 to 32 characters");
		return 0;
	}
	if (strpbrk(s, ",=") != NULL) {
		*why = _("must not contain ',' or '='");
		return 0;
	}
	if (s[0] == '-') {
		*why = _("must not start with '-'");
		return 0;
	}
	for (p = s; *p != '\0' && isdigit((unsigned char)*p); p++)
		continue;
	if (*p == '\0') {
		*why = _("must not be all digits");
		return 0;
	}
	return 1;
}

/* Why s cannot join players names[0..n) of one game; see game.h. */
char *
game_player_why(const char *const *names, int n, const char *s)
{
	const char *why;
	int i;

	if (!game_name_valid(s, &why))
		return xasprintf(_("player name '%s' %s"), s, why);
	for (i = 0; i < n; i++) {
		if (utf8_casecmp(names[i], s) == 0)
			return xasprintf(_("player '%s' is named twice"), s);
		if (utf8_loose_eq(names[i], s))
			return xasprintf(_("players '%s' and '%s' differ only in "
			    "case, accents or spaces; a game's names must "
			    "tell its players apart"), names[i], s);
	}
	return NULL;
}

/* 1 if s is a number: one or more ASCII digits. */
static int
is_number(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s != '\0'; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

/* The value of a number, clamped to 1000000000 (out of every range). */
static long
number_value(const char *s)
{
	long v = 0;

	for (; *s != '\0'; s++) {
		v = v * 10 + (*s - '0');
		if (v > 1000000000L)
			return 1000000000L;
	}
	return v;
}

/*
 * Set a refusal: status and a formatted reason, escaped and each user
 * text in it cut as a message cuts it; the reason itself is never cut
 * (utf8_message_whole).
 */
static void __attribute__((format(printf, 3, 0)))
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
static void
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

/* Free the parsed fields of e. */
void
entry_clear(struct entry *e)
{
	free(e->vals);
	free(e->seats);
	free(e->names);
	e->vals = NULL;
	e->seats = e->names = NULL;
	e->nvals = e->nnames = 0;
}

/* Refuse for usage: "VERB: ..." is added by the caller. */
static int __attribute__((format(printf, 2, 3)))
usage(struct ruling *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ruling_vrefuse(r, RULING_USAGE, fmt, ap);
	va_end(ap);
	return RULING_USAGE;
}

/* The seat of NAME argument s, or -1 with a data refusal in r. */
static int
parse_name(const struct game_setup *gs, const char *s, struct ruling *r)
{
	struct buf b = BUF_INIT;
	int seat;

	if ((seat = game_seat(gs, s)) < 0) {
		game_name_unknown(gs, s, &b);
		ruling_refuse(r, RULING_DATA, "%s", buf_str(&b));
		buf_free(&b);
	}
	return seat;
}

/*
 * One word of a verb's shape (struct game_verb's args): its kind ('V',
 * 'R': a V of VERB_PAIRS, 'L', 'N', 'D', 'K', 'W'), its text without
 * "[", "..." and "]", whether it repeats to the end and is optional.
 */
struct shape_word {
	char		 kind;
	const char	*s;
	size_t		 len;
	int		 rep, opt;
};

/* The kind of shape word w of verb gv (see game.h). */
static char
shape_kind(const struct game_verb *gv, const struct shape_word *w)
{
	static const struct {
		const char	*word;
		char		 kind;
	} kinds[] = {
		{ "V", 'V' }, { "LEVEL", 'L' }, { "NAME", 'N' }, { "OLD", 'N' },
		{ "DURATION", 'D' }
	};
	size_t k;

	if (memchr(w->s, '|', w->len) != NULL)
		return 'K';
	for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		if (strlen(kinds[k].word) == w->len &&
		    strncmp(kinds[k].word, w->s, w->len) == 0)
			return kinds[k].kind == 'V' && (gv->kind & VERB_PAIRS) ?
			    'R' : kinds[k].kind;
	return 'W';
}

/* A verb's shape, its words read once for a parse. */
#define SHAPE_MAX	8
struct shape {
	struct shape_word w[SHAPE_MAX];
	int		 n;		/* words */
	int		 least, most;	/* arguments (most -1: no limit) */
};

/* Read the words of verb gv's shape into sh. */
static void
shape_read(const struct game_verb *gv, struct shape *sh)
{
	const char *p = gv->args;
	struct shape_word *w;
	size_t n;

	memset(sh, 0, sizeof *sh);
	for (; *p != '\0' && sh->n < SHAPE_MAX && sh->most >= 0; p += n) {
		while (*p == ' ')
			p++;
		if ((n = strcspn(p, " ")) == 0)
			break;
		w = &sh->w[sh->n++];
		w->opt = p[0] == '[' && p[n - 1] == ']';
		w->s = p + w->opt;
		w->len = n - 2 * w->opt;
		if ((w->rep = w->len > 3 &&
		    strncmp(w->s + w->len - 3, "...", 3) == 0))
			w->len -= 3;
		w->kind = shape_kind(gv, w);
		if (!w->opt)
			sh->least++;
		sh->most = w->rep ? -1 : sh->most + 1;
	}
}

/*
 * The word of sh for argument i (from 0), a repeated last one standing
 * for every argument from its place on; NULL past the last.
 */
static const struct shape_word *
shape_arg(const struct shape *sh, int i)
{
	if (i < 0 || sh->n == 0)
		return NULL;
	if (i < sh->n)
		return &sh->w[i];
	return sh->w[sh->n - 1].rep ? &sh->w[sh->n - 1] : NULL;
}

/* The kind of argument i of sh (see struct shape_word), or '\0'. */
static char
shape_at(const struct shape *sh, int i)
{
	const struct shape_word *w = shape_arg(sh, i);

	return w != NULL ? w->kind : '\0';
}

/* Keyword k (0: the first) of K word w into b; 1, or 0 if none. */
static int
shape_keyword(const struct shape_word *w, int k, struct buf *b)
{
	size_t bar;

	if (w->kind != 'K')
		return 0;
	bar = (size_t)((const char *)memchr(w->s, '|', w->len) - w->s);
	if (k == 0)
		buf_add(b, w->s, bar);
	else
		buf_add(b, w->s + bar + 1, w->len - bar - 1);
	return 1;
}

/* 1 if a is keyword k of K word w. */
static int
is_keyword(const struct shape_word *w, int k, const char *a)
{
	struct buf b = BUF_INIT;
	int is = shape_keyword(w, k, &b) && strcmp(buf_str(&b), a) == 0;

	buf_free(&b);
	return is;
}

/* The kind of argument argi (from 1) of verb v of g; see game.h. */
int
game_verb_arg(const struct game_rules *g, int v, int argi)
{
	const struct game_verb *gv = game_verb(g, v);
	struct shape sh;
	char c;

	if (gv == NULL || argi < 1)
		return 0;
	shape_read(gv, &sh);
	c = shape_at(&sh, argi - 1);
	return c == 'R' ? 'V' : c;
}

/* Keyword k of argument argi of verb v of g into b; see game.h. */
int
game_verb_keyword(const struct game_rules *g, int v, int argi, int k,
    struct buf *b)
{
	const struct game_verb *gv = game_verb(g, v);
	struct shape sh;

	if (gv == NULL || argi < 1)
		return 0;
	shape_read(gv, &sh);
	if (shape_at(&sh, argi - 1) != 'K')
		return 0;
	return shape_keyword(shape_arg(&sh, argi - 1), k, b);
}

/* Usage of argument a of shape word w; RULING_OK or RULING_USAGE. */
static int
check_arg(const struct shape_word *w, const char *a, struct ruling *r)
{
	struct buf k0 = BUF_INIT, k1 = BUF_INIT;
	const char *v;
	long secs;
	int status = RULING_OK;

	switch (w->kind) {
	case 'V': case 'L':
		if (!is_number(a))
			return usage(r, "'%s' is not a number", a);
		break;
	case 'R':
		kv_split(a, &v);
		if (v != NULL && !is_number(v))
			return usage(r, "'%s' is not NAME=NUMBER", a);
		if (v == NULL && !is_number(a))
			return usage(r, "'%s' is not a number", a);
		break;
	case 'D':
		if (game_duration(a, &secs) != 0)
			return usage(r, "'%s' is not a duration (90, 90s, 3m, "
			    "1m30s)", a);
		break;
	case 'K':
		shape_keyword(w, 0, &k0);
		shape_keyword(w, 1, &k1);
		if (strcmp(a, buf_str(&k0)) != 0 &&
		    strcmp(a, buf_str(&k1)) != 0)
			status = usage(r, "'%s' is neither %s nor %s", a,
			    buf_str(&k0), buf_str(&k1));
		buf_free(&k0);
		buf_free(&k1);
		break;
	}
	return status;
}

/* The seat of the NAME in s[0..n) (NAME=V: n stops at '='), or -1. */
static int
parse_name_n(const struct game_setup *gs, const char *s, size_t n,
    struct ruling *r)
{
	char *name = xstrndup(s, n);
	int seat = parse_name(gs, name, r);

	free(name);
	return seat;
}

/* Join argc words with single spaces, trimmed of surrounding spaces. */
static void
entry_join(int argc, char *const *argv, struct buf *b)
{
	size_t start, end;
	int i;

	buf_reset(b);
	for (i = 0; i < argc; i++)
		buf_printf(b, "%s%s", i > 0 ? " " : "", argv[i]);
	if (b->s == NULL)
		return;
	for (end = b->len; end > 0 && b->s[end - 1] == ' '; end--)
		continue;
	for (start = 0; start < end && b->s[start] == ' '; start++)
		continue;
	memmove(b->s, b->s + start, end - start);
	b->len = end - start;
	b->s[b->len] = '\0';
}

/*
 * The usage rules of rename's NEW (a valid player name) and of a title or
 * note (at most GAME_TEXT_MAX characters, a note not empty).
 */
static int
parse_meta(struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *why;
	size_t n;
	int status = RULING_OK;

	if (e->verb == V_RENAME) {
		entry_join(1, e->argv + 1, &b);
		if (!game_name_valid(buf_str(&b), &why))
			status = usage(r, "player name '%s' %s", buf_str(&b),
			    why);
	} else if (e->verb == V_TITLE || e->verb == V_NOTE) {
		entry_join(e->argc, e->argv, &b);
		n = utf8_len(buf_str(&b));
		if (e->verb == V_NOTE && n == 0)
			status = usage(r, "%s", _("expected the TEXT of the note"));
		else if (n > GAME_TEXT_MAX)
			status = usage(r, "the %s has %zu characters; at most "
			    "%d", verb_name(e->verb), n, GAME_TEXT_MAX);
	}
	buf_free(&b);
	return status;
}

/*
 * rename OLD NEW: NEW must not be another player's name (usage), nor
 * equal to one loosely; a stored entry is held to case folding alone,
 * the rule it was entered under before the loose one, so that it
 * replays.
 */
static int
parse_rename(const struct game_setup *gs, struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	int seat, status = RULING_OK;

	entry_join(1, e->argv + 1, &b);
	seat = e->stored ? seat_fold(gs, buf_str(&b)) :
	    game_seat(gs, buf_str(&b));
	if (seat >= 0 && seat != e->who)
		status = usage(r, "'%s' is already a player of this game; "
		    "names are unique within a game", gs->names[seat]);
	buf_free(&b);
	return status;
}

/* 1 if argv[0..n) are all words that may be a name's (no number, no =). */
static int
name_words(int n, char *const *argv)
{
	int i;

	for (i = 0; i < n; i++)
		if (is_number(argv[i]) || strchr(argv[i], '=') != NULL)
			return 0;
	return 1;
}

/*
 * 1 if each of argv[0..n) begins with a capital (A to Z) or a letter
 * beyond ASCII: a name's words, as a guess where the players are not
 * known ("Mary Ann", not "Ann cat"); see game.h.
 */
int
game_capitalised(int n, char *const *argv)
{
	int i;

	for (i = 0; i < n; i++)
		if (!((argv[i][0] >= 'A' && argv[i][0] <= 'Z') ||
		    (unsigned char)argv[i][0] >= 0x80))
			return 0;
	return 1;
}

/* The usage error of verb gv for a wrong count: its expect, else args'. */
static int
usage_count(const struct game_verb *gv, const char *more, struct ruling *r)
{
	if (gv->expect != NULL)
		return usage(r, "%s%s", _(gv->expect), more);
	if (gv->args[0] == '\0')
		return usage(r, "'%s' takes no arguments%s", gv->name, more);
	return usage(r, "expected %s%s", gv->args, more);
}

/*
 * Too many arguments for gv, where the words at its NAME are a name with
 * a space split into words: with the players known, a data refusal if
 * they name one (RULING_OK if not: the count's usage error follows);
 * without, the count's usage error with the hint to quote when the words
 * look like a name's (capitalised).
 */
static int
split_count(const struct game_setup *gs, const struct game_verb *gv,
    const struct shape *sh, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT, name = BUF_INIT;
	int p, most = sh->most, extra = e->argc - most, i;
	int status = RULING_OK;

	for (p = 0; p < most; p++)
		if (shape_at(sh, p) == 'N' && !shape_arg(sh, p)->rep)
			break;
	if (p == most || !name_words(extra + 1, e->argv + p))
		return RULING_OK;
	if (gs->nplayers > 0) {
		if (split_name(gs, extra + 1, e->argv + p) == extra + 1) {
			refuse_split(gs, extra + 1, e->argv + p, r);
			return RULING_DATA;
		}
		return RULING_OK;
	}
	if (!game_capitalised(extra + 1, e->argv + p))
		return RULING_OK;
	for (i = 0; i <= extra; i++)
		buf_printf(&name, "%s%s", i ? " " : "", e->argv[p + i]);
	/* TRANSLATORS: between two parts of a sentence (fr: a narrow
	   no-break space before ;), and ": " before what follows. */
	buf_puts(&b, _("; "));
	buf_printf(&b, _("quote a name with a space: \"%s\""),
	    buf_str(&name));
	status = usage_count(gv, buf_str(&b), r);
	buf_free(&b);
	buf_free(&name);
	return status;
}

/*
 * Word i of a roll's NAME=V pairs is neither a number nor a pair: if it
 * begins a name with a space split into words ("Mary" "Ann=2"), with the
 * players known a data refusal if they name one; else the usage error,
 * with the hint to quote when the players are not known.
 */
static int
split_pair(const struct game_setup *gs, const struct entry *e, int i,
    struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *v, *w = e->argv[i];
	int j, status, first = i;

	for (j = i; j < e->argc && strchr(e->argv[j], '=') == NULL; j++)
		if (is_number(e->argv[j]))
			break;
	if (j == e->argc || strchr(e->argv[j], '=') == NULL)
		return usage(r, "'%s' is not a number", e->argv[i]);
	for (; i < j; i++)
		buf_printf(&b, "%s ", e->argv[i]);
	buf_add(&b, e->argv[j], kv_split(e->argv[j], &v));
	if (gs->nplayers > 0 && game_seat(gs, buf_str(&b)) >= 0) {
		ruling_refuse(r, RULING_DATA, "quote a name with a space: "
		    "\"%s\"", gs->names[game_seat(gs, buf_str(&b))]);
		status = RULING_DATA;
	} else if (gs->nplayers > 0 ||
	    !game_capitalised(j - first + 1, e->argv + first))
		status = usage(r, "'%s' is not a number", w);
	else
		status = usage(r, "'%s' is not a number; quote a name with a "
		    "space: \"%s\"", w, buf_str(&b));
	buf_free(&b);
	return status;
}

/* Usage of e by verb gv: the count, then every argument's form; see game.h. */
static int
parse_usage(const struct game_setup *gs, const struct game_verb *gv,
    const struct shape *sh, struct entry *e, int *named, struct ruling *r)
{
	int i, most = sh->most, status;

	if (most == 0 && e->argc != 0)
		return usage(r, "'%s' takes no arguments", gv->name);
	if (most >= 0 && e->argc > most &&
	    (status = split_count(gs, gv, sh, e, r)) != RULING_OK)
		return status;
	if (e->argc < sh->least || (most >= 0 && e->argc > most))
		return usage_count(gv, "", r);
	*named = 0;
	for (i = 0; i < e->argc; i++)
		if (shape_at(sh, i) == 'R' &&
		    strchr(e->argv[i], '=') != NULL)
			++*named;
	for (i = 0; i < e->argc; i++) {
		if (shape_at(sh, i) == 'R' && *named > 0 &&
		    strchr(e->argv[i], '=') == NULL && !is_number(e->argv[i]))
			return split_pair(gs, e, i, r);
		if (check_arg(shape_arg(sh, i), e->argv[i], r) != RULING_OK)
			return RULING_USAGE;
	}
	if (*named > 0 && *named < e->argc)
		return usage(r, "%s", "give plain values or NAME=V pairs, "
		    "not both");
	if (VERB_IS_META(e->verb) && parse_meta(e, r) != RULING_OK)
		return RULING_USAGE;
	return RULING_OK;
}

/* e's values, levels, durations and keywords, as the shape says. */
static void
parse_values(const struct shape *sh, struct entry *e)
{
	const char *v;
	int i;

	for (i = 0; i < e->argc; i++) {
		switch (shape_at(sh, i)) {
		case 'V': case 'R':
			if (e->vals == NULL)
				e->vals = xcalloc((size_t)e->argc,
				    sizeof *e->vals);
			v = NULL;
			if (shape_at(sh, i) == 'R')
				kv_split(e->argv[i], &v);
			e->vals[e->nvals++] = number_value(v != NULL ? v :
			    e->argv[i]);
			break;
		case 'L':
			e->level = number_value(e->argv[i]);
			break;
		case 'D':
			game_duration(e->argv[i], &e->secs);
			break;
		case 'K':
			e->accept = is_keyword(shape_arg(sh, i), 0,
			    e->argv[i]);
			break;
		}
	}
}

/* e's NAMEs, as the shape says: RULING_OK or RULING_DATA. */
static int
parse_names(const struct game_setup *gs, const struct shape *sh,
    struct entry *e, int named, struct ruling *r)
{
	const char *v;
	int i, k, seat;

	for (i = 0; i < e->argc; i++) {
		if (shape_at(sh, i) == 'R' && named > 0) {
			if (e->seats == NULL)
				e->seats = xcalloc((size_t)e->argc,
				    sizeof *e->seats);
			if ((e->seats[i] = parse_name_n(gs, e->argv[i],
			    kv_split(e->argv[i], &v), r)) < 0)
				return RULING_DATA;
		} else if (shape_at(sh, i) == 'N') {
			if (game_seat(gs, e->argv[i]) < 0 && i + 1 < e->argc &&
			    (k = split_name(gs, e->argc - i, e->argv + i)) > 0) {
				refuse_split(gs, k, e->argv + i, r);
				return RULING_DATA;
			}
			if ((seat = parse_name(gs, e->argv[i], r)) < 0)
				return RULING_DATA;
			if (shape_arg(sh, i)->rep) {
				if (e->names == NULL)
					e->names = xcalloc((size_t)e->argc,
					    sizeof *e->names);
				e->names[e->nnames++] = seat;
			} else if (e->who < 0)
				e->who = seat;
		}
	}
	return RULING_OK;
}

/* Parse e's arguments for its verb, as its declaration says; see game.h. */
int
game_parse(const struct game_rules *g, const struct game_setup *gs,
    struct entry *e, struct ruling *r)
{
	const struct game_verb *gv;
	struct shape sh;
	int named = 0, status;

	e->who = -1;
	e->nvals = e->nnames = 0;
	e->vals = NULL;
	e->seats = e->names = NULL;
	if ((gv = game_verb(g, e->verb)) == NULL)
		return usage(r, "%s", "unknown verb");
	/* Usage first; then the values; then the names (data). */
	shape_read(gv, &sh);
	if ((status = parse_usage(gs, gv, &sh, e, &named, r)) != RULING_OK)
		return status;
	parse_values(&sh, e);
	if ((status = parse_names(gs, &sh, e, named, r)) != RULING_OK)
		return status;
	if (e->verb == V_RENAME)
		return parse_rename(gs, e, r);
	return RULING_OK;
}

/* Parsed entry e as a line play accepts, into b; see game.h. */
void
game_entry_line(const struct game_rules *g, const struct game_setup *gs,
    const struct entry *e, struct buf *b)
{
	const struct game_verb *gv = game_verb(g, e->verb);
	const struct shape_word *w;
	struct shape sh;
	const char *word;
	int k, nk = 0;

	memset(&sh, 0, sizeof sh);
	if (gv != NULL)
		shape_read(gv, &sh);
	buf_puts(b, game_verb_name(g, e->verb));
	for (k = 0; k < e->argc; k++) {
		word = e->argv[k];
		if ((w = shape_arg(&sh, k)) != NULL && w->kind == 'N') {
			if (w->rep && nk < e->nnames)
				word = gs->names[e->names[nk++]];
			else if (!w->rep && e->who >= 0)
				word = gs->names[e->who];
		}
		buf_puts(b, " ");
		buf_word(b, word, 1);
	}
}

/* Parse e for the verb of an id, in g or as its games would; game.h. */
int
game_parse_id(const struct game_rules *g, const struct game_setup *gs,
    enum verb id, struct entry *e, struct ruling *r)
{
	const struct game_rules *const *o;
	struct ruling first = RULING_INIT;
	int status = RULING_USAGE;

	if (g != NULL && (e->verb = game_verb_find(g, id)) >= 0)
		return game_parse(g, gs, e, r);
	for (o = game_table; *o != NULL && status == RULING_USAGE; o++) {
		if ((e->verb = game_verb_find(*o, id)) < 0)
			continue;
		entry_clear(e);
		ruling_reset(r);
		if ((status = game_parse(*o, gs, e, r)) == RULING_USAGE &&
		    first.why.len == 0)
			buf_puts(&first.why, buf_str(&r->why));
	}
	e->verb = -1;
	if (status == RULING_USAGE) {
		ruling_reset(r);
		ruling_refuse(r, RULING_USAGE, "%s", buf_str(&first.why));
	}
	ruling_free(&first);
	return status;
}

/* The item of fact for word ("word=..."), or NULL. */
static const char *
fact_item(const char *fact, const char *word)
{
	size_t n = strlen(word);
	const char *p = fact;

	if (fact == NULL)
		return NULL;
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (strncmp(p, word, n) == 0 && p[n] == '=')
			return p;
		while (*p != '\0' && *p != ' ')
			p++;
	}
	return NULL;
}

/* The verdict on word in fact ("w=1 x=0"): 1, 0, or -1 if absent. */
int
fact_verdict(const char *fact, const char *word)
{
	const char *p = fact_item(fact, word);

	return p == NULL ? -1 : p[strlen(word) + 1] == '1';
}

/* The suggestions stored for word, "dog, ago" into b; 0 if none. */
int
fact_suggestions(const char *fact, const char *word, struct buf *b)
{
	const char *p = fact_item(fact, word);
	int n = 0;

	if (p == NULL)
		return 0;
	while (*p != '\0' && *p != ' ' && *p != ':')
		p++;
	if (*p != ':' || p[1] == '\0' || p[1] == ' ')
		return 0;
	for (p++; *p != '\0' && *p != ' '; p++) {
		if (*p == ',') {
			buf_puts(b, ", ");
			n++;
		} else
			buf_printf(b, "%c", *p);
	}
	return n + 1;
}

/* The dictionary form stored for a valid word into b; 0 if none. */
int
fact_form(const char *fact, const char *word, struct buf *b)
{
	const char *p = fact_item(fact, word);
	size_t n;

	if (p == NULL || p[strlen(word) + 1] != '1' ||
	    p[strlen(word) + 2] != ':')
		return 0;
	p += strlen(word) + 3;
	n = strcspn(p, " ");
	buf_printf(b, "%.*s", (int)n, p);
	return n > 0;
}

/* The dictionary named in fact into buf; 0 if none. */
int
fact_dict(const char *fact, char *buf, size_t len)
{
	const char *p = fact;
	size_t n;

	if (fact == NULL || len == 0)
		return 0;
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (strncmp(p, "dict:", 5) == 0) {
			p += 5;
			for (n = 0; p[n] != '\0' && p[n] != ' '; n++)
				continue;
			if (n >= len)
				n = len - 1;
			memcpy(buf, p, n);
			buf[n] = '\0';
			return 1;
		}
		while (*p != '\0' && *p != ' ')
			p++;
	}
	return 0;
}

/*
 * e, unparsed, for stored entry se of a game of g (its words are se's,
 * not copied); e->verb is -1 if g has no such verb.
 */
static void
entry_of(const struct game_rules *g, struct entry *e,
    const struct stored_entry *se)
{
	memset(e, 0, sizeof *e);
	e->n = se->n;
	e->verb = game_verb_find(g, se->verb);
	e->argc = se->argc;
	e->argv = se->argv;
	e->fact = se->fact;
	e->at = se->at;
}

/* Free one stored entry's memory. */
void
stored_entry_clear(struct stored_entry *se)
{
	int i;

	for (i = 0; i < se->argc; i++)
		free(se->argv[i]);
	free(se->argv);
	free(se->player);
	free(se->fact);
	free(se->note);
	memset(se, 0, sizeof *se);
}

/*
 * Replay.  One step, replay_step(), takes one entry in, whether it comes
 * from the store (replay_run) or is new (replay_add): undo and redo too.
 *
 * The state of a game is a function of the stack of entries in effect
 * (rp->done).  An entry's index identifies the game entries below it (an
 * entry is only ever redone above the game entries it was first entered
 * on: only notes, titles and abandons may have come between, ends_redo(),
 * and they change no game state), so a game state is tagged with its
 * depth and the index on top; the names, title and abandonment are
 * rewound apart (meta_rewind).  Undo keeps the
 * state it leaves in a small pool, so that redo takes it back; before an
 * entry that a later undo takes back, a copy of the state goes into the
 * pool, so that undo takes that back: history never rebuilds the game
 * once per undo.  Where no tagged state fits, the state is rebuilt from
 * the longest pooled prefix (or from scratch).
 */

/* A copy of st, or NULL if the rules cannot copy a state. */
static struct game_state *
state_dup(const struct game_rules *g, const struct game_state *st)
{
	void *p;

	if (g->state_dup != NULL)
		return g->state_dup(st);
	if (g->state_size == 0)
		return NULL;
	p = xmalloc(g->state_size);
	memcpy(p, st, g->state_size);
	return p;
}

/* The tag of the stack's top: its entry index, or -1 when empty. */
static int
top_tag(const struct replay *rp)
{
	return rp->ndone > 0 ? rp->done[rp->ndone - 1] : -1;
}

/* Put st, the state for (depth, top), in the pool; the oldest may go. */
static void
snap_put(struct replay *rp, struct game_state *st, int depth, int top)
{
	if (rp->nsnaps == REPLAY_SNAPS) {
		rp->rules->state_free(rp->snaps[0].st);
		memmove(&rp->snaps[0], &rp->snaps[1],
		    (REPLAY_SNAPS - 1) * sizeof rp->snaps[0]);
		rp->nsnaps--;
	}
	rp->snaps[rp->nsnaps].st = st;
	rp->snaps[rp->nsnaps].depth = depth;
	rp->snaps[rp->nsnaps].top = top;
	rp->nsnaps++;
}

/* Take pooled state k out of the pool. */
static struct game_state *
snap_take(struct replay *rp, int k)
{
	struct game_state *st = rp->snaps[k].st;

	memmove(&rp->snaps[k], &rp->snaps[k + 1],
	    (size_t)(rp->nsnaps - k - 1) * sizeof rp->snaps[0]);
	rp->nsnaps--;
	return st;
}

/* Free every pooled state. */
static void
snap_clear(struct replay *rp)
{
	while (rp->nsnaps > 0)
		rp->rules->state_free(rp->snaps[--rp->nsnaps].st);
}

/*
 * The names, title and state of a game are the replay's, not the rules'
 * (rp->names, rp->title, rp->abandoned): abandon, rename and title change
 * them, never the game state, so a pooled state serves whatever they are.
 */

/*
 * Put the names, title and state back as the game was created: names0
 * and title0 remembered on first use, setup.names pointed at the names
 * now.
 */
static void
meta_reset(struct replay *rp)
{
	int i;

	if (rp->names0 == NULL)
		rp->names0 = rp->setup.names;
	for (i = 0; i < rp->setup.nplayers && i < GAME_MAX_PLAYERS; i++) {
		free(rp->names[i]);
		rp->names[i] = xstrdup(rp->names0[i]);
	}
	rp->setup.names = (const char *const *)rp->names;
	free(rp->title);
	rp->title = rp->title0 != NULL ? xstrdup(rp->title0) : NULL;
	rp->abandoned = 0;
}

/* Fold in abandon, rename, title or note (parsed e). */
static int
meta_apply(struct replay *rp, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *old;
	int status = RULING_OK;

	switch (e->verb) {
	case V_ABANDON:
		if (rp->abandoned) {
			ruling_refuse(r, RULING_DATA, "the game is over");
			return RULING_DATA;
		}
		rp->abandoned = 1;
		ruling_note(r, "the game is abandoned, with no winner");
		break;
	case V_RENAME:
		entry_join(1, e->argv + 1, &b);
		old = rp->names[e->who];
		if (strcmp(old, buf_str(&b)) == 0) {
			ruling_refuse(r, RULING_REFUSED, "the player is "
			    "already called '%s'", old);
			status = RULING_REFUSED;
			break;
		}
		ruling_note(r, "%s is now called %s", old, buf_str(&b));
		free(rp->names[e->who]);
		rp->names[e->who] = xstrdup(buf_str(&b));
		break;
	case V_TITLE:
		entry_join(e->argc, e->argv, &b);
		if (b.len == 0 && rp->title == NULL) {
			ruling_refuse(r, RULING_REFUSED, "the game has no "
			    "title to clear");
			status = RULING_REFUSED;
		} else if (b.len > 0 && rp->title != NULL &&
		    strcmp(rp->title, buf_str(&b)) == 0) {
			ruling_refuse(r, RULING_REFUSED, "the title is "
			    "already '%s'", rp->title);
			status = RULING_REFUSED;
		} else {
			free(rp->title);
			rp->title = b.len > 0 ? xstrdup(buf_str(&b)) : NULL;
			if (rp->title != NULL)
				ruling_note(r, "the title is now '%s'",
				    rp->title);
			else
				ruling_note(r, "the title is cleared");
		}
		break;
	case V_NOTE:
		entry_join(e->argc, e->argv, &b);
		ruling_note(r, "note: %s", buf_str(&b));
		break;
	default:
		ruling_refuse(r, RULING_USAGE, "unknown verb");
		status = RULING_USAGE;
		break;
	}
	buf_free(&b);
	r->status = status;
	return status;
}

/* Append to what x says comes next; see game.h. */
void
game_say(struct expectation *x, const char *fmt, ...)
{
	va_list ap;

	if (x->say == NULL)
		return;
	va_start(ap, fmt);
	buf_vprintf(x->say, _(fmt), ap);
	va_end(ap);
}

/* The expectation now; see game.h. */
void
replay_expect(const struct replay *rp, struct expectation *x,
    struct buf *say)
{
	memset(x, 0, sizeof *x);
	x->turn = -1;
	/* An abandoned game says only that. */
	x->say = rp->abandoned ? NULL : say;
	rp->rules->expect(rp->st, x);
	x->say = say;
	if (rp->abandoned) {
		x->finished = x->abandoned = 1;
		x->turn = -1;
		x->verbs = 0;
		game_say(x, "The game was abandoned: no winner.");
	}
}

/*
 * Parse and apply stored entry se to st; returns the ruling's status.
 * abandon, rename, title and note change the replay's names, title and
 * state instead.
 */
static int
apply_stored(struct replay *rp, struct game_state *st,
    const struct stored_entry *se, struct ruling *r)
{
	struct entry e;
	int status;

	ruling_reset(r);
	entry_of(rp->rules, &e, se);
	e.stored = 1;
	if ((status = game_parse(rp->rules, &rp->setup, &e, r)) ==
	    RULING_OK) {
		if (VERB_IS_META(e.verb))
			status = meta_apply(rp, &e, r);
		else
			status = rp->rules->apply(st, &e, r);
		r->status = status;
	}
	entry_clear(&e);
	return status == RULING_UPHELD ? RULING_OK : status;
}

/* Refuse: stored entry se no longer replays. */
static int
corrupt(const struct stored_entry *se, struct ruling *r)
{
	char *why = r->why.len > 0 ? xstrdup(buf_str(&r->why)) : NULL;

	if (why != NULL)
		ruling_refuse(r, RULING_DATA, "entry %d (%s) no longer "
		    "replays: %s", se->n, verb_name(se->verb), why);
	else
		ruling_refuse(r, RULING_DATA, "entry %d (%s) no longer "
		    "replays", se->n, verb_name(se->verb));
	free(why);
	return RULING_DATA;
}

/*
 * The names, title and state after the first depth entries in effect:
 * back to the game as created, then their abandon, rename and title
 * entries again.
 */
static int
meta_rewind(struct replay *rp, int depth, struct ruling *r)
{
	struct entry e;
	const struct stored_entry *se;
	int i, status;

	meta_reset(rp);
	for (i = 0; i < depth; i++) {
		se = &rp->entries[rp->done[i]];
		if (!VERB_IS_META(se->verb) || se->verb == V_NOTE)
			continue;
		entry_of(rp->rules, &e, se);
		e.fact = NULL;
		e.stored = 1;
		if ((status = game_parse(rp->rules, &rp->setup, &e, r)) ==
		    RULING_OK)
			status = meta_apply(rp, &e, r);
		entry_clear(&e);
		if (status != RULING_OK)
			return corrupt(se, r);
	}
	return RULING_OK;
}

/*
 * Make rp->st the state of the stack in effect: a pooled state tagged
 * for it, else the longest pooled prefix (or a new state) brought up to
 * date.  old, the state replaced, goes into the pool as (depth, top).
 */
static int
state_settle(struct replay *rp, int depth, int top, struct ruling *r)
{
	struct game_state *st = NULL;
	int k, best = -1, from = 0, i, status;

	for (k = 0; k < rp->nsnaps; k++) {
		const struct replay_snap *sn = &rp->snaps[k];

		if (sn->depth > rp->ndone || (sn->depth > 0 &&
		    rp->done[sn->depth - 1] != sn->top))
			continue;
		if (best < 0 || sn->depth > rp->snaps[best].depth)
			best = k;
	}
	if (best >= 0) {
		from = rp->snaps[best].depth;
		st = snap_take(rp, best);
	}
	if (rp->st != NULL)
		snap_put(rp, rp->st, depth, top);
	if ((status = meta_rewind(rp, from, r)) != RULING_OK) {
		if (st != NULL)
			rp->rules->state_free(st);
		rp->st = rp->rules->state_new(&rp->setup);
		return status;
	}
	if (st == NULL)
		st = rp->rules->state_new(&rp->setup);
	rp->st = st;
	for (i = from; i < rp->ndone; i++) {
		const struct stored_entry *se = &rp->entries[rp->done[i]];

		if ((status = apply_stored(rp, st, se, r)) != RULING_OK)
			return corrupt(se, r);
	}
	return RULING_OK;
}

static char	*entry_undo_note(const struct stored_entry *, int);
static int	 step_undo_cached(struct replay *, struct stored_entry *, int,
		    struct ruling *);

/* Note for undo/redo of entry index t. */
static char *
undo_note(const struct replay *rp, int undo, int t)
{
	return entry_undo_note(&rp->entries[t], undo);
}

/* Note for undo/redo of stored entry se. */
static char *
entry_undo_note(const struct stored_entry *se, int undo)
{
	struct buf b = BUF_INIT;
	int i;

	buf_printf(&b, undo ? _("undid entry %d (") : _("redid entry %d ("),
	    se->n);
	if (se->player != NULL)
		buf_printf(&b, "%s: ", se->player);
	buf_puts(&b, verb_name(se->verb));
	for (i = 0; i < se->argc; i++)
		buf_printf(&b, " %s", se->argv[i]);
	buf_puts(&b, ")");
	return b.s;
}

/* The player an entry is recorded for (SPEC.md history), or NULL. */
static const char *
entry_player(const struct replay *rp, const struct entry *e, int turn)
{
	switch (game_verb(rp->rules, e->verb)->who) {
	case WHO_NAMED:
		return e->who >= 0 ? rp->setup.names[e->who] : NULL;
	case WHO_TURN:
		return turn >= 0 ? rp->setup.names[turn] : NULL;
	case WHO_TABLE:
		break;
	}
	return NULL;
}

/* Ask the dictionary about every word e needs; build e's fact (FACTS). */
static int
gather_facts(struct replay *rp, struct entry *e, char **fact,
    struct ruling *r)
{
	char **words, *why = NULL;
	const char *dict = NULL;
	struct buf b = BUF_INIT, sugg = BUF_INIT, form = BUF_INIT;
	int i, v = 0, suggest = 0, mode = 0, status = RULING_OK;

	*fact = NULL;
	if (rp->rules->lookups == NULL ||
	    (words = rp->rules->lookups(rp->st, e, &dict, &mode,
	    &suggest)) == NULL)
		return RULING_OK;
	if (dict != NULL)
		buf_printf(&b, "dict:%s", dict);
	for (i = 0; words[i] != NULL; i++) {
		if (status == RULING_OK) {
			buf_reset(&sugg);
			buf_reset(&form);
			v = rp->lookup != NULL ? rp->lookup(rp->lookup_arg,
			    dict, mode, words[i], &form, suggest ? &sugg :
			    NULL, &why) : -1;
		}
		if (v < 0 && status == RULING_OK) {
			if (why != NULL)
				ruling_refuse(r, RULING_SYSTEM, "%s", why);
			else
				ruling_refuse(r, RULING_SYSTEM, "the "
				    "dictionary '%s' is missing; install it "
				    "or set SHAKEREF_DICT_PATH",
				    dict != NULL ? dict : "?");
			status = RULING_SYSTEM;
		}
		if (status == RULING_OK) {
			buf_printf(&b, "%s%s=%d", b.len > 0 ? " " : "",
			    words[i], v > 0);
			if (v == 0 && sugg.len > 0)
				buf_printf(&b, ":%s", buf_str(&sugg));
			if (v > 0 && form.len > 0 &&
			    strcmp(buf_str(&form), words[i]) != 0)
				buf_printf(&b, ":%s", buf_str(&form));
		}
		free(words[i]);
	}
	free(words);
	free(why);
	buf_free(&sugg);
	buf_free(&form);
	if (status != RULING_OK) {
		buf_free(&b);
		return status;
	}
	*fact = b.s != NULL ? b.s : xstrdup("");
	return RULING_OK;
}

/*
 * Room for n + 1 items, rounded up to a power of two: an entry appended
 * at a time in play moves its arrays O(log n) times, not n times.
 */
static size_t
replay_cap(int n)
{
	size_t cap = 16;

	while (cap < (size_t)n + 1)
		cap *= 2;
	return cap;
}

/* Grow the stacks to hold n entries. */
static void
replay_reserve(struct replay *rp, int n)
{
	rp->done = xreallocarray(rp->done, replay_cap(n), sizeof *rp->done);
	rp->undone = xreallocarray(rp->undone, replay_cap(n),
	    sizeof *rp->undone);
}

/*
 * Whether accepting an entry of verb v ends redo (SPEC.md undo and redo:
 * a game verb does).  A note never does.  A rename does: the entries'
 * NAME arguments are the names of their time, and a redone one would be
 * read with the new names.  A title or an abandon does only when an
 * undone one of its kind waits to be redone: it would meet the title or
 * the end it repeats.
 */
static int
ends_redo(const struct replay *rp, enum verb v)
{
	int k;

	if (!VERB_IS_META(v) || v == V_RENAME)
		return 1;
	if (v == V_NOTE)
		return 0;
	for (k = 0; k < rp->nundone; k++)
		if (rp->entries[rp->undone[k]].verb == v)
			return 1;
	return 0;
}

/*
 * undo's or redo's own checks: no arguments given (live), something to
 * take back or restore (none: nothing).  RULING_OK, or the refusal.
 */
static int
undo_check(struct stored_entry *se, int live, int none, struct ruling *r)
{
	if (live && se->argc != 0) {
		ruling_refuse(r, RULING_USAGE, "'%s' takes no arguments",
		    verb_name(se->verb));
		return RULING_USAGE;
	}
	if (none) {
		if (!live)
			return corrupt(se, r);
		ruling_refuse(r, RULING_REFUSED, "nothing to %s",
		    verb_name(se->verb));
		return RULING_REFUSED;
	}
	return RULING_OK;
}

/* A live undo's or redo's argument: the number of the entry it takes. */
static void
undo_arg(struct stored_entry *se, int n)
{
	int k;

	for (k = 0; k < se->argc; k++)
		free(se->argv[k]);
	free(se->argv);
	se->argc = 1;
	se->argv = xcalloc(1, sizeof *se->argv);
	se->argv[0] = xasprintf("%d", n);
}

/*
 * undo (or redo) as entry se of a resumed replay, from what the caller
 * set with replay_cache_set(): the state before the entry taken back,
 * or the entry restored applied to the state now.  Once.
 */
static int
step_undo_cached(struct replay *rp, struct stored_entry *se, int live,
    struct ruling *r)
{
	struct replay_cache *c = &rp->cache;
	int undo = se->verb == V_UNDO, k, status;
	char *s;

	if ((status = undo_check(se, live, undo ? c->depth == 0 :
	    c->nundone == 0, r)) != RULING_OK)
		return status;
	if (c->target.n == 0 || (undo && c->st == NULL)) {
		ruling_refuse(r, RULING_SYSTEM, "'%s' needs the game's "
		    "entries, not its snapshot", verb_name(se->verb));
		return RULING_SYSTEM;
	}
	if (live)
		undo_arg(se, c->target.n);
	free(se->note);
	se->note = entry_undo_note(&c->target, undo);
	if (undo) {
		/* The state before the entry, with its names and title. */
		rp->rules->state_free(rp->st);
		rp->st = c->st;
		c->st = NULL;
		s = rp->title;
		rp->title = c->title;
		c->title = s;
		for (k = 0; k < rp->setup.nplayers; k++) {
			s = rp->names[k];
			rp->names[k] = c->names[k];
			c->names[k] = s;
		}
		rp->abandoned = c->abandoned;
		c->depth--;
		c->nundone++;
	} else {
		if (apply_stored(rp, rp->st, &c->target, r) != RULING_OK)
			return corrupt(&c->target, r);
		c->depth++;
		c->nundone--;
	}
	c->valid = 0;
	ruling_reset(r);
	buf_puts(&r->note, se->note);
	return RULING_OK;
}

/* undo (or redo) as entry i: take back (or restore) the latest. */
static int
step_undo(struct replay *rp, int i, int live, struct ruling *r)
{
	struct stored_entry *se = &rp->entries[i];
	struct game_state *pre;
	int undo = se->verb == V_UNDO, t, k, depth, top, status;

	if (rp->resumed && rp->cache.valid)
		return step_undo_cached(rp, se, live, r);
	if (rp->resumed) {
		/* The caller loads every entry for undo and redo. */
		ruling_refuse(r, RULING_SYSTEM, "'%s' needs the game's "
		    "entries, not its snapshot", verb_name(se->verb));
		return RULING_SYSTEM;
	}
	if ((status = undo_check(se, live, undo ? rp->ndone == 0 :
	    rp->nundone == 0, r)) != RULING_OK)
		return status;
	t = undo ? rp->done[rp->ndone - 1] : rp->undone[rp->nundone - 1];
	if (live)
		undo_arg(se, rp->entries[t].n);
	if (live || rp->notes) {
		free(se->note);
		se->note = undo_note(rp, undo, t);
	}
	depth = rp->ndone;
	top = top_tag(rp);
	if (undo) {
		rp->ndone--;
		rp->undone[rp->nundone++] = t;
		rp->entries[t].undone = 1;
		if ((status = state_settle(rp, depth, top, r)) != RULING_OK)
			return status;
	} else {
		rp->nundone--;
		rp->done[rp->ndone++] = t;
		rp->entries[t].undone = 0;
		for (k = 0; k < rp->nsnaps; k++)
			if (rp->snaps[k].depth == rp->ndone &&
			    rp->snaps[k].top == t)
				break;
		if (k < rp->nsnaps) {
			/* The state undo left: take it back. */
			pre = rp->st;
			rp->st = snap_take(rp, k);
			snap_put(rp, pre, depth, top);
			if (VERB_IS_META(rp->entries[t].verb) &&
			    apply_stored(rp, rp->st, &rp->entries[t], r) !=
			    RULING_OK)
				return corrupt(&rp->entries[t], r);
		} else {
			if (rp->entries[t].fate &&
			    (pre = state_dup(rp->rules, rp->st)) != NULL)
				snap_put(rp, pre, depth, top);
			if (apply_stored(rp, rp->st, &rp->entries[t], r) !=
			    RULING_OK)
				return corrupt(&rp->entries[t], r);
		}
	}
	ruling_reset(r);
	if (se->note != NULL)
		buf_puts(&r->note, se->note);
	return RULING_OK;
}

/*
 * With rp->players, refuse stored entry se unless its player is want
 * (NULL: none); RULING_OK or RULING_DATA.
 */
static int
player_check(const struct replay *rp, const struct stored_entry *se,
    const char *want, struct ruling *r)
{
	if (!rp->players || (se->player == NULL && want == NULL) ||
	    (se->player != NULL && want != NULL &&
	    strcmp(se->player, want) == 0))
		return RULING_OK;
	ruling_refuse(r, RULING_DATA, "entry %d (%s) no longer replays: its "
	    "player is stored as %s%s%s, the replay gives %s%s%s", se->n,
	    verb_name(se->verb), se->player != NULL ? "'" : "",
	    se->player != NULL ? se->player : _("no player"),
	    se->player != NULL ? "'" : "", want != NULL ? "'" : "",
	    want != NULL ? want : _("no player"), want != NULL ? "'" : "");
	return RULING_DATA;
}

/*
 * Parse e, of stored entry se, for the step: by the game's declaration,
 * or, for a verb the game lacks, as the games that have it would (usage
 * first, a game over next), then refused: "shake has no 'grid'".  A
 * stored one that no longer parses is corrupt.
 */
static int
step_parse(struct replay *rp, struct stored_entry *se, struct entry *e,
    int live, const struct expectation *x, struct ruling *r)
{
	const struct game_verb *gv;
	int status;

	if ((status = game_parse_id(rp->rules, &rp->setup, se->verb, e, r)) !=
	    RULING_OK)
		return live ? status : corrupt(se, r);
	gv = game_verb(rp->rules, e->verb);
	if (gv != NULL && !(gv->kind & VERB_TIMER))
		return RULING_OK;
	if (live && x->finished && !VERB_IS_META(se->verb)) {
		ruling_refuse(r, RULING_DATA, "the game is over");
		return RULING_DATA;
	}
	ruling_refuse(r, RULING_REFUSED, "%s has no '%s'", rp->rules->name,
	    verb_name(se->verb));
	return live ? RULING_REFUSED : corrupt(se, r);
}

/* The step of abandon, rename, title or note (parsed e). */
static int
step_meta(struct replay *rp, struct stored_entry *se, const struct entry *e,
    int live, const struct expectation *x, struct ruling *r)
{
	int status;

	/* No game state changes: nothing to pool. */
	if (live && x->finished && se->verb == V_ABANDON) {
		ruling_refuse(r, RULING_DATA, "the game is over");
		return RULING_DATA;
	}
	if (!live && (status = player_check(rp, se, NULL, r)) != RULING_OK)
		return status;
	if ((status = meta_apply(rp, e, r)) != RULING_OK)
		return live ? status : corrupt(se, r);
	if (live) {
		free(se->player);
		se->player = NULL;
	}
	return RULING_OK;
}

/*
 * The step of a game verb (parsed e): live, checked (game over, facts
 * gathered) and given its player; stored, its player checked.  The
 * rules apply it; a refused live entry leaves the state as it was.
 */
static int
step_game(struct replay *rp, int i, struct entry *e, int live,
    const struct expectation *x, struct ruling *r)
{
	struct stored_entry *se = &rp->entries[i];
	struct game_state *pre = NULL;
	const char *player = entry_player(rp, e, x->turn);
	int status, depth = rp->ndone, top = top_tag(rp);

	if (live && x->finished) {
		ruling_refuse(r, RULING_DATA, "the game is over");
		return RULING_DATA;
	}
	if (live && !rp->stored_facts && (status = gather_facts(rp, e,
	    &se->fact, r)) != RULING_OK)
		return status;
	if (live) {
		e->fact = se->fact;
		free(se->player);
		se->player = player != NULL ? xstrdup(player) : NULL;
	} else if ((status = player_check(rp, se, player, r)) != RULING_OK)
		return status;
	if (!live && rp->observe != NULL)
		rp->observe(rp->observe_arg, rp, i, e);
	if (live || se->fate)
		pre = state_dup(rp->rules, rp->st);
	status = r->status = rp->rules->apply(rp->st, e, r);
	if (status == RULING_OK || status == RULING_UPHELD) {
		if (pre != NULL)
			snap_put(rp, pre, depth, top);
		return status;
	}
	if (!live)
		status = corrupt(se, r);
	else if (pre != NULL) {
		/* The state may be half-changed: back to the one before. */
		rp->rules->state_free(rp->st);
		rp->st = pre;
		pre = NULL;
	} else {
		struct ruling r2 = RULING_INIT;

		rp->rules->state_free(rp->st);
		rp->st = NULL;
		state_settle(rp, depth, top, &r2);
		ruling_free(&r2);
	}
	if (pre != NULL)
		rp->rules->state_free(pre);
	return status;
}

/*
 * One step: entries[i] taken in.  live: a new entry, checked (game over,
 * the game's verbs, facts gathered) and given its player; else a stored
 * one, which must replay.  Returns the ruling's status; a refused live
 * entry leaves the state as it was.
 */
static int
replay_step(struct replay *rp, int i, int live, struct ruling *r)
{
	struct stored_entry *se = &rp->entries[i];
	struct expectation x;
	struct entry e;
	int status;

	ruling_reset(r);
	/* A stored entry's note is formatted only for those who read it. */
	r->quiet = !live && !rp->notes;
	memset(&x, 0, sizeof x);
	x.turn = -1;
	if (live || rp->notes || rp->players) {
		replay_expect(rp, &x, NULL);
		se->round = x.round;
		se->turn = x.turn;
	}
	se->undone = 0;
	if (se->verb == V_UNDO || se->verb == V_REDO) {
		if (!live && player_check(rp, se, NULL, r) != RULING_OK)
			return RULING_DATA;
		return step_undo(rp, i, live, r);
	}
	entry_of(rp->rules, &e, se);
	e.stored = !live;
	if ((status = step_parse(rp, se, &e, live, &x, r)) == RULING_OK)
		status = VERB_IS_META(se->verb) ?
		    step_meta(rp, se, &e, live, &x, r) :
		    step_game(rp, i, &e, live, &x, r);
	entry_clear(&e);
	if (status != RULING_OK && status != RULING_UPHELD)
		return status;
	if (live || rp->notes) {
		free(se->note);
		se->note = xstrdup(buf_str(&r->note));
	}
	if (ends_redo(rp, se->verb))
		rp->nundone = 0;
	rp->done[rp->ndone++] = i;
	return status;
}

/* Rebuild the state from the stored entries; see game.h. */
int
replay_run(struct replay *rp, int notes, struct ruling *r)
{
	int i, t, status;

	ruling_reset(r);
	snap_clear(rp);
	if (rp->st != NULL)
		rp->rules->state_free(rp->st);
	meta_reset(rp);
	rp->st = rp->rules->state_new(&rp->setup);
	rp->notes = notes;
	replay_reserve(rp, rp->nentries);

	/* Which entries a later undo takes back (their fate). */
	rp->ndone = rp->nundone = 0;
	for (i = 0; i < rp->nentries; i++) {
		struct stored_entry *se = &rp->entries[i];

		se->fate = 0;
		if (se->verb == V_UNDO && rp->ndone > 0) {
			t = rp->done[--rp->ndone];
			rp->undone[rp->nundone++] = t;
			rp->entries[t].fate = 1;
		} else if (se->verb == V_REDO && rp->nundone > 0)
			rp->done[rp->ndone++] = rp->undone[--rp->nundone];
		else if (se->verb != V_UNDO && se->verb != V_REDO) {
			if (ends_redo(rp, se->verb))
				rp->nundone = 0;
			rp->done[rp->ndone++] = i;
		}
	}
	rp->ndone = rp->nundone = 0;
	for (i = 0; i < rp->nentries; i++) {
		if (!notes) {
			free(rp->entries[i].note);
			rp->entries[i].note = NULL;
		}
		status = replay_step(rp, i, 0, r);
		if (status != RULING_OK && status != RULING_UPHELD) {
			r->quiet = 0;
			return status;
		}
	}
	ruling_reset(r);
	r->quiet = 0;
	return RULING_OK;
}

/* Check and fold in a new entry; see game.h. */
int
replay_add(struct replay *rp, struct stored_entry *se, struct ruling *r)
{
	int status;

	if (rp->names0 == NULL)
		meta_reset(rp);
	if (rp->st == NULL)
		rp->st = rp->rules->state_new(&rp->setup);
	replay_reserve(rp, rp->nentries + 1);
	rp->entries = xreallocarray(rp->entries, replay_cap(rp->nentries),
	    sizeof *rp->entries);
	rp->entries[rp->nentries] = *se;
	status = replay_step(rp, rp->nentries, 1, r);
	if (status != RULING_OK && status != RULING_UPHELD) {
		*se = rp->entries[rp->nentries];
		return status;
	}
	rp->nentries++;
	memset(se, 0, sizeof *se);
	return status;
}

/* The number of the last entry; see game.h. */
int
replay_last_n(const struct replay *rp)
{
	if (rp->nentries > 0)
		return rp->entries[rp->nentries - 1].n;
	return rp->resumed ? rp->base_n : 0;
}

/*
 * The snapshot's bytes: "SRS1", whether the game is abandoned, its title
 * (or none), its nplayers names, then the rules' state to the end; each
 * field as state_put_*() writes it.
 */
#define SNAP_MAGIC	"SRS1"
#define SNAP_NONE	0xffffffffU

/* Append a 4-byte little-endian length. */
static void
put_len(struct buf *b, uint32_t len)
{
	unsigned char n[4];
	int i;

	for (i = 0; i < 4; i++)
		n[i] = (unsigned char)(len >> (8 * i));
	buf_add(b, n, 4);
}

/* Read a 4-byte little-endian length. */
static uint32_t
get_len(struct state_in *in)
{
	uint32_t len = 0;
	int i;

	if (in->bad || in->left < 4) {
		in->bad = 1;
		return 0;
	}
	for (i = 0; i < 4; i++)
		len |= (uint32_t)in->p[i] << (8 * i);
	in->p += 4;
	in->left -= 4;
	return len;
}

/* 1 if k numbers (ints or longs: size) at a are in lo..hi; see game.h. */
int
state_nums_in(const void *a, size_t size, long k, long max, long lo,
    long hi)
{
	long i, v;

	if (k < 0 || k > max)
		return 0;
	for (i = 0; i < k; i++) {
		v = size == sizeof(int) ? (long)((const int *)a)[i] :
		    ((const long *)a)[i];
		if (v < lo || v > hi)
			return 0;
	}
	return 1;
}

/* Append a number; see game.h. */
void
state_put_int(struct buf *b, long v)
{
	uint64_t u = (uint64_t)(int64_t)v;

	put_len(b, (uint32_t)u);
	put_len(b, (uint32_t)(u >> 32));
}

/* Append a string or none; see game.h. */
void
state_put_str(struct buf *b, const char *s)
{
	size_t n = s != NULL ? strlen(s) : 0;

	put_len(b, s != NULL ? (uint32_t)n : SNAP_NONE);
	if (s != NULL)
		buf_add(b, s, n);
}

/* Read a number; see game.h. */
long
state_get_int(struct state_in *in)
{
	uint64_t u = get_len(in);

	u |= (uint64_t)get_len(in) << 32;
	return in->bad ? 0 : (long)(int64_t)u;
}

/* Read a string (malloc'd) or none; see game.h. */
char *
state_get_str(struct state_in *in)
{
	uint32_t len = get_len(in);
	char *s;

	if (in->bad || len == SNAP_NONE)
		return NULL;
	if (len > in->left || memchr(in->p, '\0', len) != NULL) {
		in->bad = 1;
		return NULL;
	}
	s = xstrndup((const char *)in->p, len);
	in->p += len;
	in->left -= len;
	return s;
}

/* 1 if the rules keep a snapshot; see game.h. */
int
game_snapshots(const struct game_rules *g)
{
	return g->state_size != 0 || (g->state_save != NULL &&
	    g->state_load != NULL);
}

/* Append state st's bytes: flat, its setup pointer as zeros, or saved. */
static void
state_save(const struct game_rules *g, const struct game_state *st,
    struct buf *b)
{
	const void *none = NULL;
	size_t at = b->len;

	if (g->state_save != NULL) {
		g->state_save(st, b);
		return;
	}
	buf_add(b, st, g->state_size);
	memcpy(b->s + at + g->state_setup, &none, sizeof none);
}

/* Read state bytes into st (fresh), keeping its setup pointer; 0 or -1. */
static int
state_load(const struct game_rules *g, struct game_state *st, const void *p,
    size_t len)
{
	const void *setup;
	void *fresh;
	int ok;

	if (g->state_load != NULL)
		return g->state_load(st, p, len);
	/* A flat state is read only where every value of it is checked. */
	if (len != g->state_size || g->state_valid == NULL)
		return -1;
	fresh = xmalloc(len);
	memcpy(fresh, st, len);
	memcpy(&setup, (char *)st + g->state_setup, sizeof setup);
	memcpy(st, p, len);
	memcpy((char *)st + g->state_setup, &setup, sizeof setup);
	ok = g->state_valid(st, fresh);
	free(fresh);
	return ok ? 0 : -1;
}

/* The snapshot of the replay now; see game.h. */
int
replay_snapshot(const struct replay *rp, struct buf *b)
{
	int i;

	if (!game_snapshots(rp->rules) || rp->st == NULL)
		return -1;
	buf_add(b, SNAP_MAGIC, 4);
	state_put_int(b, rp->abandoned);
	state_put_str(b, rp->title);
	for (i = 0; i < rp->setup.nplayers; i++)
		state_put_str(b, rp->names[i] != NULL ? rp->names[i] :
		    rp->setup.names[i]);
	state_save(rp->rules, rp->st, b);
	return 0;
}

/* The format of the rules' snapshots; see game.h. */
void
replay_format(const struct game_rules *g, struct buf *fmt)
{
	const uint16_t one = 1;

	buf_printf(fmt, "%s/%d/%s/%zu/%zu", g->name, g->state_format,
	    *(const unsigned char *)&one == 1 ? "le" : "be", sizeof(long),
	    g->state_size);
}

/* Take up a snapshot instead of replaying; see game.h. */
int
replay_resume(struct replay *rp, const void *p, size_t len, int last_n)
{
	struct state_in in;
	struct game_state *st;
	char *title, *names[GAME_MAX_PLAYERS];
	long abandoned;
	int i, n;

	if (!game_snapshots(rp->rules) || rp->st != NULL ||
	    rp->nentries != 0 || rp->setup.nplayers > GAME_MAX_PLAYERS ||
	    len < 4 || memcmp(p, SNAP_MAGIC, 4) != 0)
		return -1;
	in.p = (const unsigned char *)p + 4;
	in.left = len - 4;
	in.bad = 0;
	abandoned = state_get_int(&in);
	title = state_get_str(&in);
	for (n = 0; n < rp->setup.nplayers; n++)
		if ((names[n] = state_get_str(&in)) == NULL)
			in.bad = 1;
	if (in.bad || (abandoned != 0 && abandoned != 1)) {
		for (i = 0; i < n; i++)
			free(names[i]);
		free(title);
		return -1;
	}
	meta_reset(rp);
	st = rp->rules->state_new(&rp->setup);
	if (state_load(rp->rules, st, in.p, in.left) != 0) {
		rp->rules->state_free(st);
		for (i = 0; i < n; i++)
			free(names[i]);
		free(title);
		return -1;
	}
	rp->st = st;
	rp->abandoned = (int)abandoned;
	free(rp->title);
	rp->title = title;
	for (i = 0; i < n; i++) {
		free(rp->names[i]);
		rp->names[i] = names[i];
	}
	rp->resumed = 1;
	rp->base_n = last_n;
	return 0;
}

/* Free what replay_cache_set() left in rp. */
static void
cache_clear(struct replay *rp)
{
	struct replay_cache *c = &rp->cache;
	int i;

	if (c->st != NULL)
		rp->rules->state_free(c->st);
	free(c->title);
	for (i = 0; i < GAME_MAX_PLAYERS; i++)
		free(c->names[i]);
	stored_entry_clear(&c->target);
	memset(c, 0, sizeof *c);
}

/* Ready a resumed replay for one undo or redo; see game.h. */
int
replay_cache_set(struct replay *rp, int depth, int nundone,
    struct stored_entry *target, const void *p, size_t len)
{
	struct replay_cache *c = &rp->cache;
	struct game_state *st;
	char *title, *names[GAME_MAX_PLAYERS];
	int i, abandoned, ok;

	if (!rp->resumed || rp->names0 == NULL || rp->nentries != 0)
		return -1;
	cache_clear(rp);
	if (p != NULL) {
		/*
		 * Read as a snapshot is read (the same checks), into rp
		 * itself so that the state's setup is rp's; then what it
		 * read goes to the cache and rp's own state comes back.
		 */
		st = rp->st;
		title = rp->title;
		abandoned = rp->abandoned;
		for (i = 0; i < GAME_MAX_PLAYERS; i++) {
			names[i] = rp->names[i];
			rp->names[i] = NULL;
		}
		rp->st = NULL;
		rp->title = NULL;
		ok = replay_resume(rp, p, len, rp->base_n) == 0;
		if (ok) {
			c->st = rp->st;
			c->title = rp->title;
			c->abandoned = rp->abandoned;
			for (i = 0; i < GAME_MAX_PLAYERS; i++)
				c->names[i] = rp->names[i];
		} else {
			if (rp->st != NULL && rp->st != st)
				rp->rules->state_free(rp->st);
			if (rp->title != title)
				free(rp->title);
			for (i = 0; i < GAME_MAX_PLAYERS; i++)
				free(rp->names[i]);
		}
		rp->st = st;
		rp->title = title;
		rp->abandoned = abandoned;
		for (i = 0; i < GAME_MAX_PLAYERS; i++)
			rp->names[i] = names[i];
		rp->setup.names = (const char *const *)rp->names;
		rp->resumed = 1;
		if (!ok)
			return -1;
	}
	c->depth = depth;
	c->nundone = nundone;
	if (target != NULL) {
		c->target = *target;
		memset(target, 0, sizeof *target);
	}
	c->valid = 1;
	return 0;
}

/* The entry redo would restore now; see game.h. */
const struct stored_entry *
replay_redo_entry(const struct replay *rp)
{
	if (rp->resumed)
		return rp->cache.target.n != 0 ? &rp->cache.target : NULL;
	return rp->nundone > 0 ? &rp->entries[rp->undone[rp->nundone - 1]] :
	    NULL;
}

/* The dice an entry rolls against the state now; see game.h. */
int
replay_rolled(const struct replay *rp, const struct stored_entry *se,
    int stored, struct die_rolled *d, int max)
{
	const struct game_verb *gv;
	struct entry e;
	struct ruling r = RULING_INIT;
	int n = 0;

	if (rp->rules->rolled == NULL || rp->st == NULL)
		return 0;
	entry_of(rp->rules, &e, se);
	if ((gv = game_verb(rp->rules, e.verb)) == NULL ||
	    !(gv->kind & VERB_ROLL))
		return 0;
	e.stored = stored;
	r.quiet = 1;
	if (game_parse(rp->rules, &rp->setup, &e, &r) == RULING_OK)
		n = rp->rules->rolled(rp->st, &e, d, max);
	entry_clear(&e);
	ruling_free(&r);
	return n;
}

/* The entries in effect played again, in order; see game.h. */
int
replay_walk(const struct replay *rp, int keep,
    int (*fn)(void *, int, const struct stored_entry *,
    const struct die_rolled *, int, const void *, size_t), void *arg)
{
	struct replay tmp;
	struct ruling r = RULING_INIT;
	struct buf b = BUF_INIT;
	struct die_rolled d[GAME_MAX_PLAYERS];
	const struct stored_entry *se;
	int depth, nd, status = 0;

	if (rp->resumed)
		return -1;
	memset(&tmp, 0, sizeof tmp);
	tmp.rules = rp->rules;
	tmp.setup = rp->setup;
	if (rp->names0 != NULL)
		tmp.setup.names = rp->names0;
	tmp.title0 = rp->title0;
	meta_reset(&tmp);
	tmp.st = rp->rules->state_new(&tmp.setup);
	r.quiet = 1;
	for (depth = 1; depth <= rp->ndone && status == 0; depth++) {
		se = &rp->entries[rp->done[depth - 1]];
		buf_reset(&b);
		if (depth > rp->ndone - keep && replay_snapshot(&tmp, &b) != 0)
			buf_reset(&b);
		nd = replay_rolled(&tmp, se, 1, d, GAME_MAX_PLAYERS);
		status = fn(arg, depth, se, d, nd, b.len > 0 ? b.s : NULL,
		    b.len);
		if (status == 0 && apply_stored(&tmp, tmp.st, se, &r) !=
		    RULING_OK)
			status = -1;
	}
	buf_free(&b);
	ruling_free(&r);
	replay_free(&tmp);
	return status;
}

/* Free everything the replay holds, the entries included. */
void
replay_free(struct replay *rp)
{
	int i;

	cache_clear(rp);
	snap_clear(rp);
	if (rp->st != NULL)
		rp->rules->state_free(rp->st);
	for (i = 0; i < rp->nentries; i++)
		stored_entry_clear(&rp->entries[i]);
	for (i = 0; i < GAME_MAX_PLAYERS; i++) {
		free(rp->names[i]);
		rp->names[i] = NULL;
	}
	free(rp->title);
	rp->title = NULL;
	if (rp->names0 != NULL)
		rp->setup.names = rp->names0;
	rp->names0 = NULL;
	free(rp->entries);
	free(rp->done);
	free(rp->undone);
	rp->st = NULL;
	rp->entries = NULL;
	rp->done = rp->undone = NULL;
	rp->nentries = rp->ndone = rp->nundone = 0;
	rp->resumed = rp->base_n = 0;
}
