/*
 * game.c: the game table, argument parsing common to every game, and
 * replay: one path for checking a new entry and for rebuilding a game from
 * its stored entries.
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"

extern const struct game_rules game_shake;
extern const struct game_rules game_shake_up;
extern const struct game_rules game_ten_thousand;
extern const struct game_rules game_shake_a_word;
extern const struct game_rules game_stack_attack;

const struct game_rules *const game_table[] = {
	&game_shake,
	&game_shake_up,
	&game_ten_thousand,
	&game_shake_a_word,
	&game_stack_attack,
	NULL
};

static const char *const verb_names[V__COUNT] = {
	"roll", "take", "shake", "bank", "pass", "order", "keep", "stand",
	"move", "again", "penalize", "continue", "fresh", "grid", "timer",
	"words", "challenge", "vote", "score", "finish", "place", "fall",
	"undo", "redo", "abandon", "rename", "title", "note"
};

/* The name of a verb. */
const char *
verb_name(enum verb v)
{
	return v < V__COUNT ? verb_names[v] : "?";
}

/* The verb named exactly s, or -1. */
int
verb_lookup(const char *s)
{
	int v;

	for (v = 0; v < V__COUNT; v++)
		if (strcmp(verb_names[v], s) == 0)
			return v;
	return -1;
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

/* 1 if v is in the rules' row of verbs. */
int
game_has_verb(const struct game_rules *g, enum verb v)
{
	const enum verb *p;

	for (p = g->verbs; *p != V__COUNT; p++)
		if (*p == v)
			return 1;
	return 0;
}

/* The help of verb v in rules g, or NULL if g has no v. */
const struct verb_help *
game_verb_help(const struct game_rules *g, enum verb v)
{
	const struct verb_help *h;

	for (h = g->help; h != NULL && h->verb != V__COUNT; h++)
		if (h->verb == v)
			return h;
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

/* Compare s, trimmed of surrounding spaces, with name, ASCII-nocase. */
static int
name_matches(const char *s, const char *name)
{
	size_t n;

	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n > 0 && s[n - 1] == ' ')
		n--;
	return n == strlen(name) && strncasecmp(s, name, n) == 0;
}

/* Seat of the player called s, or -1. */
int
game_seat(const struct game_setup *gs, const char *s)
{
	int i;

	for (i = 0; i < gs->nplayers; i++)
		if (name_matches(s, gs->names[i]))
			return i;
	return -1;
}

/* 1 if s (already trimmed) is a valid player name; else 0 and *why. */
int
game_name_valid(const char *s, const char **why)
{
	size_t n = strlen(s);
	const char *p;

	if (n == 0 || n > 32) {
		*why = "must be 1 to 32 characters";
		return 0;
	}
	if (strpbrk(s, ",=") != NULL) {
		*why = "must not contain ',' or '='";
		return 0;
	}
	if (s[0] == '-') {
		*why = "must not start with '-'";
		return 0;
	}
	for (p = s; *p != '\0' && isdigit((unsigned char)*p); p++)
		continue;
	if (*p == '\0') {
		*why = "must not be all digits";
		return 0;
	}
	for (p = s; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			*why = "must not contain control characters";
			return 0;
		}
	return 1;
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

/* Set a refusal: status and a formatted reason. */
void
ruling_refuse(struct ruling *r, int status, const char *fmt, ...)
{
	va_list ap;

	r->status = status;
	va_start(ap, fmt);
	vsnprintf(r->why, sizeof r->why, fmt, ap);
	va_end(ap);
}

/* Set the note of an accepted entry. */
void
ruling_note(struct ruling *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->note, sizeof r->note, fmt, ap);
	va_end(ap);
}

/* 1 if option value v is a number lo..hi and a multiple of step. */
int
game_option_number(const char *v, long lo, long hi, long step)
{
	long t = 0;
	const char *p;

	if (*v == '\0' || strlen(v) > 9)
		return 0;
	for (p = v; *p != '\0'; p++) {
		if (*p < '0' || *p > '9')
			return 0;
		t = t * 10 + (*p - '0');
	}
	return t >= lo && t <= hi && t % step == 0;
}

/*
 * Of the seats rollers[0..n), those whose vals[seat] is the highest, into
 * top (in the same order); *high is that value.  Returns how many share it.
 */
int
game_highest(const int *vals, const int *rollers, int n, int *top,
    int *high)
{
	int i, ntop = 0;

	*high = 0;
	for (i = 0; i < n; i++)
		if (vals[rollers[i]] > *high)
			*high = vals[rollers[i]];
	for (i = 0; i < n; i++)
		if (vals[rollers[i]] == *high)
			top[ntop++] = rollers[i];
	return ntop;
}

/* Refuse verb v as out of turn, saying what the rules expect now. */
int
game_not_now(const struct game_rules *g, const struct game_state *st,
    enum verb v, struct ruling *r)
{
	struct expectation x;

	memset(&x, 0, sizeof x);
	x.turn = -1;
	g->expect(st, &x);
	ruling_refuse(r, RULING_REFUSED, "'%s' is not expected now: %s",
	    verb_name(v), x.say);
	return RULING_REFUSED;
}

/* Copy score[] to scores[]; once over, the highest (shared) win. */
void
game_highest_wins(int n, const long *score, int over, long *scores,
    int *winners)
{
	long best = 0;
	int i;

	for (i = 0; i < n; i++) {
		scores[i] = score[i];
		if (i == 0 || score[i] > best)
			best = score[i];
	}
	for (i = 0; i < n; i++)
		winners[i] = over && score[i] == best;
}

/* Accept: the note is b's text; b is freed.  Returns RULING_OK. */
int
ruling_accept(struct ruling *r, struct buf *b)
{
	snprintf(r->note, sizeof r->note, "%s", buf_str(b));
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
			buf_printf(b, " %s ", conj);
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

	r->status = RULING_USAGE;
	va_start(ap, fmt);
	vsnprintf(r->why, sizeof r->why, fmt, ap);
	va_end(ap);
	return RULING_USAGE;
}

/* The seat of NAME argument s, or -1 with a data refusal in r. */
static int
parse_name(const struct game_setup *gs, const char *s, struct ruling *r)
{
	int seat;

	if ((seat = game_seat(gs, s)) < 0)
		ruling_refuse(r, RULING_DATA, "'%s' is not a player of this "
		    "game", s);
	return seat;
}

/* Parse roll's values: all plain numbers, or all NAME=V. */
static int
parse_roll(const struct game_setup *gs, struct entry *e, struct ruling *r)
{
	int i, named = 0, plain = 0;
	const char *eq;

	for (i = 0; i < e->argc; i++) {
		if ((eq = strchr(e->argv[i], '=')) != NULL) {
			named++;
			if (!is_number(eq + 1))
				return usage(r, "'%s' is not NAME=NUMBER",
				    e->argv[i]);
		} else {
			plain++;
			if (!is_number(e->argv[i]))
				return usage(r, "'%s' is not a number",
				    e->argv[i]);
		}
	}
	if (named > 0 && plain > 0)
		return usage(r, "%s", "give plain values or NAME=V pairs, "
		    "not both");
	e->nvals = e->argc;
	e->vals = xcalloc((size_t)e->argc, sizeof *e->vals);
	if (named > 0)
		e->seats = xcalloc((size_t)e->argc, sizeof *e->seats);
	for (i = 0; i < e->argc; i++) {
		if (named > 0) {
			char name[64];
			size_t n;

			eq = strchr(e->argv[i], '=');
			n = (size_t)(eq - e->argv[i]);
			if (n >= sizeof name)
				n = sizeof name - 1;
			memcpy(name, e->argv[i], n);
			name[n] = '\0';
			if ((e->seats[i] = parse_name(gs, name, r)) < 0)
				return RULING_DATA;
			e->vals[i] = number_value(eq + 1);
		} else
			e->vals[i] = number_value(e->argv[i]);
	}
	return RULING_OK;
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

/* The number of UTF-8 characters in s (bytes that do not continue one). */
size_t
game_text_chars(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

/* rename OLD NEW: NEW a valid name no other player has (usage), OLD one. */
static int
parse_rename(const struct game_setup *gs, struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *why;
	int seat, status = RULING_OK;

	if (e->argc != 2)
		return usage(r, "%s", "expected OLD NEW (a player's name, and "
		    "the new one)");
	entry_join(1, e->argv + 1, &b);
	if (!game_name_valid(buf_str(&b), &why))
		status = usage(r, "player name '%s' %s", buf_str(&b), why);
	else if ((e->who = parse_name(gs, e->argv[0], r)) < 0)
		status = RULING_DATA;
	else if ((seat = game_seat(gs, buf_str(&b))) >= 0 && seat != e->who)
		status = usage(r, "'%s' is already a player of this game; "
		    "names are unique within a game", gs->names[seat]);
	buf_free(&b);
	return status;
}

/* title [TEXT] and note TEXT...: at most GAME_TEXT_MAX characters. */
static int
parse_text(struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	size_t n;

	entry_join(e->argc, e->argv, &b);
	n = game_text_chars(buf_str(&b));
	buf_free(&b);
	if (e->verb == V_NOTE && n == 0)
		return usage(r, "%s", "expected the TEXT of the note");
	if (n > GAME_TEXT_MAX)
		return usage(r, "the %s has %zu characters; at most %d",
		    verb_name(e->verb), n, GAME_TEXT_MAX);
	return RULING_OK;
}

/* Parse e's arguments for its verb; see game.h. */
int
game_parse(const struct game_setup *gs, struct entry *e, struct ruling *r)
{
	int i;
	const char *vn = verb_name(e->verb);
	long secs;

	e->who = -1;
	e->nvals = e->nnames = 0;
	e->vals = NULL;
	e->seats = e->names = NULL;
	switch (e->verb) {
	case V_TAKE: case V_SHAKE: case V_BANK: case V_PASS: case V_STAND:
	case V_AGAIN: case V_CONTINUE: case V_FRESH: case V_SCORE:
	case V_FINISH: case V_UNDO: case V_REDO: case V_ABANDON:
		if (e->argc != 0)
			return usage(r, "'%s' takes no arguments", vn);
		return RULING_OK;
	case V_ROLL:
		if (e->argc == 0)
			return usage(r, "%s", "expected the values rolled");
		return parse_roll(gs, e, r);
	case V_KEEP: case V_PLACE:
		if (e->argc == 0)
			return usage(r, "%s", "expected one or more die values");
		for (i = 0; i < e->argc; i++)
			if (!is_number(e->argv[i]))
				return usage(r, "'%s' is not a number",
				    e->argv[i]);
		e->nvals = e->argc;
		e->vals = xcalloc((size_t)e->argc, sizeof *e->vals);
		for (i = 0; i < e->argc; i++)
			e->vals[i] = number_value(e->argv[i]);
		return RULING_OK;
	case V_ORDER:
		if (e->argc == 0)
			return usage(r, "%s", "expected the players' names in "
			    "shaking order");
		e->nnames = e->argc;
		e->names = xcalloc((size_t)e->argc, sizeof *e->names);
		for (i = 0; i < e->argc; i++)
			if ((e->names[i] = parse_name(gs, e->argv[i], r)) < 0)
				return RULING_DATA;
		return RULING_OK;
	case V_MOVE:
		if (e->argc != 1)
			return usage(r, "%s", "expected one LEVEL");
		if (!is_number(e->argv[0]))
			return usage(r, "'%s' is not a number", e->argv[0]);
		e->level = number_value(e->argv[0]);
		return RULING_OK;
	case V_PENALIZE:
		if (e->argc != 2)
			return usage(r, "%s", "expected NAME LEVEL");
		if (!is_number(e->argv[1]))
			return usage(r, "'%s' is not a number", e->argv[1]);
		e->level = number_value(e->argv[1]);
		if ((e->who = parse_name(gs, e->argv[0], r)) < 0)
			return RULING_DATA;
		return RULING_OK;
	case V_GRID:
		if (e->argc == 0)
			return usage(r, "%s", "expected the rows of the grid");
		return RULING_OK;
	case V_TIMER:
		if (e->argc > 1)
			return usage(r, "%s", "expected at most one DURATION");
		if (e->argc == 1 && game_duration(e->argv[0], &secs) != 0)
			return usage(r, "'%s' is not a duration (90, 90s, 3m, "
			    "1m30s)", e->argv[0]);
		return RULING_OK;
	case V_WORDS:
		if (e->argc < 2)
			return usage(r, "%s", "expected NAME and one or more "
			    "words");
		if ((e->who = parse_name(gs, e->argv[0], r)) < 0)
			return RULING_DATA;
		return RULING_OK;
	case V_CHALLENGE:
		if (e->argc != 2)
			return usage(r, "%s", "expected NAME WORD");
		if ((e->who = parse_name(gs, e->argv[0], r)) < 0)
			return RULING_DATA;
		return RULING_OK;
	case V_VOTE:
		if (e->argc != 3)
			return usage(r, "%s", "expected NAME WORD accept|reject");
		if (strcmp(e->argv[2], "accept") == 0)
			e->accept = 1;
		else if (strcmp(e->argv[2], "reject") == 0)
			e->accept = 0;
		else
			return usage(r, "'%s' is neither accept nor reject",
			    e->argv[2]);
		if ((e->who = parse_name(gs, e->argv[0], r)) < 0)
			return RULING_DATA;
		return RULING_OK;
	case V_FALL:
		if (e->argc > 1)
			return usage(r, "%s", "expected at most one NAME");
		if (e->argc == 1 &&
		    (e->who = parse_name(gs, e->argv[0], r)) < 0)
			return RULING_DATA;
		return RULING_OK;
	case V_RENAME:
		return parse_rename(gs, e, r);
	case V_TITLE: case V_NOTE:
		return parse_text(e, r);
	case V__COUNT:
		break;
	}
	return usage(r, "%s", "unknown verb");
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
 * Put the names, title and state back as the game was created: names0
 * and title0 remembered on first use, setup.names pointed at the names
 * now.
 */
static void
replay_reset_meta(struct replay *rp)
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

/* Fold in abandon, rename, title or note (parsed); see game.h. */
static int
meta_apply(struct replay *rp, const struct entry *e, struct ruling *r)
{
	struct buf b = BUF_INIT;
	const char *old;

	switch (e->verb) {
	case V_ABANDON:
		if (rp->abandoned) {
			ruling_refuse(r, RULING_DATA, "the game is over");
			return RULING_DATA;
		}
		rp->abandoned = 1;
		ruling_note(r, "the game is abandoned, with no winner");
		return RULING_OK;
	case V_RENAME:
		entry_join(1, e->argv + 1, &b);
		old = rp->names[e->who];
		if (strcmp(old, buf_str(&b)) == 0) {
			ruling_refuse(r, RULING_REFUSED, "the player is "
			    "already called '%s'", old);
			buf_free(&b);
			return RULING_REFUSED;
		}
		ruling_note(r, "%s is now called %s", old, buf_str(&b));
		free(rp->names[e->who]);
		rp->names[e->who] = xstrdup(buf_str(&b));
		buf_free(&b);
		return RULING_OK;
	case V_TITLE:
		entry_join(e->argc, e->argv, &b);
		if (b.len == 0 && rp->title == NULL) {
			ruling_refuse(r, RULING_REFUSED, "the game has no "
			    "title to clear");
			buf_free(&b);
			return RULING_REFUSED;
		}
		if (b.len > 0 && rp->title != NULL &&
		    strcmp(rp->title, buf_str(&b)) == 0) {
			ruling_refuse(r, RULING_REFUSED, "the title is "
			    "already '%s'", rp->title);
			buf_free(&b);
			return RULING_REFUSED;
		}
		free(rp->title);
		rp->title = b.len > 0 ? xstrdup(buf_str(&b)) : NULL;
		if (rp->title != NULL)
			ruling_note(r, "the title is now '%s'", rp->title);
		else
			ruling_note(r, "the title is cleared");
		buf_free(&b);
		return RULING_OK;
	case V_NOTE:
		entry_join(e->argc, e->argv, &b);
		ruling_note(r, "note: %s", buf_str(&b));
		buf_free(&b);
		return RULING_OK;
	default:
		break;
	}
	ruling_refuse(r, RULING_USAGE, "unknown verb");
	return RULING_USAGE;
}

/* The expectation now; see game.h. */
void
replay_expect(const struct replay *rp, struct expectation *x)
{
	memset(x, 0, sizeof *x);
	x->turn = -1;
	rp->rules->expect(rp->st, x);
	if (rp->abandoned) {
		x->finished = x->abandoned = 1;
		x->turn = -1;
		x->verbs = 0;
		snprintf(x->say, sizeof x->say, "%s",
		    "The game was abandoned: no winner.");
	}
}

/* Apply stored entry se to rp->st; returns the ruling's status. */
static int
apply_stored(struct replay *rp, struct stored_entry *se, struct ruling *r)
{
	struct entry e;
	int status;

	memset(&e, 0, sizeof e);
	memset(r, 0, sizeof *r);
	e.n = se->n;
	e.verb = se->verb;
	e.argc = se->argc;
	e.argv = se->argv;
	e.fact = se->fact;
	e.at = se->at;
	if ((status = game_parse(&rp->setup, &e, r)) == RULING_OK) {
		if (VERB_IS_META(e.verb))
			status = meta_apply(rp, &e, r);
		else
			status = rp->rules->apply(rp->st, &e, r);
		r->status = status;
	}
	entry_clear(&e);
	return status;
}

/* Rebuild rp->st from the entries in effect (the done stack). */
static int
rebuild(struct replay *rp, struct ruling *r)
{
	int i, status;

	if (rp->st != NULL)
		rp->rules->state_free(rp->st);
	replay_reset_meta(rp);
	rp->st = rp->rules->state_new(&rp->setup);
	for (i = 0; i < rp->ndone; i++) {
		struct stored_entry *se = &rp->entries[rp->done[i]];

		status = apply_stored(rp, se, r);
		if (status != RULING_OK && status != RULING_UPHELD) {
			char why[sizeof r->why];

			memcpy(why, r->why, sizeof why);
			ruling_refuse(r, RULING_DATA, "entry %d (%s) no longer "
			    "replays: %s", se->n, verb_name(se->verb), why);
			return RULING_DATA;
		}
	}
	return RULING_OK;
}

/* Grow the stacks to hold every entry. */
static void
replay_reserve(struct replay *rp, int n)
{
	rp->done = xreallocarray(rp->done, (size_t)n + 1, sizeof *rp->done);
	rp->undone = xreallocarray(rp->undone, (size_t)n + 1,
	    sizeof *rp->undone);
}

/* Set se->round, se->turn from the state before it is applied. */
static void
mark_position(struct replay *rp, struct stored_entry *se)
{
	struct expectation x;

	replay_expect(rp, &x);
	se->round = x.round;
	se->turn = x.turn;
}

/* Note for undo/redo of entry index t. */
static char *
undo_note(const struct replay *rp, const char *what, int t)
{
	struct buf b = BUF_INIT;
	const struct stored_entry *se = &rp->entries[t];
	int i;

	buf_printf(&b, "%s entry %d (", what, se->n);
	if (se->player != NULL)
		buf_printf(&b, "%s: ", se->player);
	buf_puts(&b, verb_name(se->verb));
	for (i = 0; i < se->argc; i++)
		buf_printf(&b, " %s", se->argv[i]);
	buf_puts(&b, ")");
	return b.s;
}

/* Rebuild the state from the stored entries; see game.h. */
int
replay_run(struct replay *rp, int notes, struct ruling *r)
{
	int i, t, status;

	memset(r, 0, sizeof *r);
	replay_reserve(rp, rp->nentries);
	replay_reset_meta(rp);
	rp->ndone = rp->nundone = 0;
	for (i = 0; i < rp->nentries; i++) {
		struct stored_entry *se = &rp->entries[i];

		se->undone = 0;
		if (se->verb == V_UNDO) {
			if (rp->ndone == 0)
				goto corrupt;
			t = rp->done[--rp->ndone];
			rp->undone[rp->nundone++] = t;
			rp->entries[t].undone = 1;
		} else if (se->verb == V_REDO) {
			if (rp->nundone == 0)
				goto corrupt;
			t = rp->undone[--rp->nundone];
			rp->done[rp->ndone++] = t;
			rp->entries[t].undone = 0;
		} else {
			rp->done[rp->ndone++] = i;
			rp->nundone = 0;
		}
	}
	if (!notes)
		return rebuild(rp, r);

	/* Chronologically, to give each entry its round, turn and note. */
	rp->ndone = rp->nundone = 0;
	if (rp->st != NULL)
		rp->rules->state_free(rp->st);
	replay_reset_meta(rp);
	rp->st = rp->rules->state_new(&rp->setup);
	for (i = 0; i < rp->nentries; i++) {
		struct stored_entry *se = &rp->entries[i];

		mark_position(rp, se);
		free(se->note);
		se->note = NULL;
		if (se->verb == V_UNDO) {
			t = rp->done[--rp->ndone];
			rp->undone[rp->nundone++] = t;
			se->note = undo_note(rp, "undid", t);
			if ((status = rebuild(rp, r)) != RULING_OK)
				return status;
		} else if (se->verb == V_REDO) {
			t = rp->undone[--rp->nundone];
			rp->done[rp->ndone++] = t;
			se->note = undo_note(rp, "redid", t);
			status = apply_stored(rp, &rp->entries[t], r);
			if (status != RULING_OK && status != RULING_UPHELD)
				goto corrupt;
		} else {
			status = apply_stored(rp, se, r);
			if (status != RULING_OK && status != RULING_UPHELD)
				goto corrupt;
			se->note = xstrdup(r->note);
			rp->done[rp->ndone++] = i;
			rp->nundone = 0;
		}
	}
	return RULING_OK;
corrupt:
	ruling_refuse(r, RULING_DATA, "entry %d (%s) no longer replays",
	    rp->entries[i].n, verb_name(rp->entries[i].verb));
	return RULING_DATA;
}

/* The player an entry is recorded for (SPEC.md history), or NULL. */
static const char *
entry_player(const struct replay *rp, const struct entry *e, int turn)
{
	switch (e->verb) {
	case V_WORDS: case V_CHALLENGE: case V_VOTE:
		return rp->setup.names[e->who];
	case V_GRID: case V_SCORE: case V_FINISH: case V_FALL:
	case V_UNDO: case V_REDO: case V_ABANDON: case V_RENAME:
	case V_TITLE: case V_NOTE:
		return NULL;
	default:
		return turn >= 0 ? rp->setup.names[turn] : NULL;
	}
}

/* Ask the dictionary about every word e needs; build e's fact (FACTS). */
static int
gather_facts(struct replay *rp, struct entry *e, char **fact,
    struct ruling *r)
{
	char **words, *why = NULL;
	const char *dict = NULL;
	struct buf b = BUF_INIT, sugg = BUF_INIT;
	int i, v = 0, suggest = 0, status = RULING_OK;

	*fact = NULL;
	if (rp->rules->lookups == NULL ||
	    (words = rp->rules->lookups(rp->st, e, &dict, &suggest)) == NULL)
		return RULING_OK;
	if (dict != NULL)
		buf_printf(&b, "dict:%s", dict);
	for (i = 0; words[i] != NULL; i++) {
		if (status == RULING_OK) {
			buf_reset(&sugg);
			v = rp->lookup != NULL ? rp->lookup(rp->lookup_arg,
			    dict, words[i], suggest ? &sugg : NULL, &why) : -1;
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
		}
		free(words[i]);
	}
	free(words);
	free(why);
	buf_free(&sugg);
	if (status != RULING_OK) {
		buf_free(&b);
		return status;
	}
	*fact = b.s != NULL ? b.s : xstrdup("");
	return RULING_OK;
}

/* Check and fold in a new entry; see game.h. */
int
replay_add(struct replay *rp, struct stored_entry *se, struct ruling *r)
{
	struct entry e;
	struct expectation x;
	int status, t;
	const char *player;
	char num[16];

	memset(&e, 0, sizeof e);
	memset(r, 0, sizeof *r);
	replay_expect(rp, &x);
	se->round = x.round;
	se->turn = x.turn;
	e.n = se->n;
	e.verb = se->verb;
	e.argc = se->argc;
	e.argv = se->argv;
	e.at = se->at;
	if ((status = game_parse(&rp->setup, &e, r)) != RULING_OK)
		goto out;

	replay_reserve(rp, rp->nentries + 1);
	if (se->verb == V_UNDO || se->verb == V_REDO) {
		if (se->verb == V_UNDO && rp->ndone == 0) {
			ruling_refuse(r, RULING_REFUSED, "nothing to undo");
			status = RULING_REFUSED;
			goto out;
		}
		if (se->verb == V_REDO && rp->nundone == 0) {
			ruling_refuse(r, RULING_REFUSED, "nothing to redo");
			status = RULING_REFUSED;
			goto out;
		}
		t = se->verb == V_UNDO ? rp->done[rp->ndone - 1] :
		    rp->undone[rp->nundone - 1];
		snprintf(num, sizeof num, "%d", rp->entries[t].n);
		free(se->argv);
		se->argc = 1;
		se->argv = xcalloc(1, sizeof *se->argv);
		se->argv[0] = xstrdup(num);
		se->note = undo_note(rp, se->verb == V_UNDO ? "undid" :
		    "redid", t);
		snprintf(r->note, sizeof r->note, "%s", se->note);
		if (se->verb == V_UNDO) {
			rp->ndone--;
			rp->undone[rp->nundone++] = t;
			rp->entries[t].undone = 1;
			status = rebuild(rp, r);
		} else {
			rp->nundone--;
			rp->done[rp->ndone++] = t;
			rp->entries[t].undone = 0;
			status = apply_stored(rp, &rp->entries[t], r);
			if (status == RULING_UPHELD)
				status = RULING_OK;
		}
		snprintf(r->note, sizeof r->note, "%s", se->note);
		r->status = status;
		goto append;
	}

	if (x.finished && (se->verb == V_ABANDON || !VERB_IS_META(se->verb))) {
		ruling_refuse(r, RULING_DATA, "the game is over");
		status = RULING_DATA;
		goto out;
	}
	if (VERB_IS_META(se->verb)) {
		if ((status = meta_apply(rp, &e, r)) != RULING_OK)
			goto out;
		player = NULL;
		goto accepted;
	}
	if (!rp->stored_facts &&
	    (status = gather_facts(rp, &e, &se->fact, r)) != RULING_OK)
		goto out;
	e.fact = se->fact;
	if (!game_has_verb(rp->rules, se->verb) || se->verb == V_TIMER) {
		ruling_refuse(r, RULING_REFUSED, "%s has no '%s'",
		    rp->rules->name, verb_name(se->verb));
		status = RULING_REFUSED;
		goto out;
	}
	player = entry_player(rp, &e, x.turn);
	status = rp->rules->apply(rp->st, &e, r);
	r->status = status;
	if (status != RULING_OK && status != RULING_UPHELD) {
		struct ruling r2;

		/* The state may be half-changed: rebuild it. */
		rebuild(rp, &r2);
		goto out;
	}
accepted:
	free(se->player);
	se->player = player != NULL ? xstrdup(player) : NULL;
	se->note = xstrdup(r->note);
	rp->done[rp->ndone++] = rp->nentries;
	rp->nundone = 0;
append:
	rp->entries = xreallocarray(rp->entries, (size_t)rp->nentries + 1,
	    sizeof *rp->entries);
	rp->entries[rp->nentries++] = *se;
	memset(se, 0, sizeof *se);
out:
	entry_clear(&e);
	return status;
}

/* Free everything the replay holds, the entries included. */
void
replay_free(struct replay *rp)
{
	int i;

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
	free(rp->entries);
	free(rp->done);
	free(rp->undone);
	rp->st = NULL;
	rp->entries = NULL;
	rp->done = rp->undone = NULL;
	rp->nentries = rp->ndone = rp->nundone = 0;
}
