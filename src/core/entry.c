/*
 * entry.c: an entry read, common to every game: player names matched
 * and checked, the words of a verb parsed by its shape (game_parse), and
 * the facts an entry carries (a dictionary's verdicts).
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
void
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
