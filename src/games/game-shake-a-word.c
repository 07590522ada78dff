/*
 * game-shake-a-word.c: Shake-A-Word (seed 003), rulings SW-1..SW-7.
 * Pure: dictionary verdicts arrive in entry->fact (see FACTS in game.h).
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

/* Its verbs: arguments, usage, whose entry, kind and what each does. */
static const struct game_verb saw_verbs[] = {
	[V_GRID] = { "grid", "ROW...",
	    N_("expected the rows of the grid"), WHO_TABLE, VERB_GRID,
	    N_("open a round: N rows of N letters, N = 3 to 6, "
	    "Qu as one die (grid ABCD EFGH IJKL MNQuP) (SW-1, SW-7)") },
	[V_TIMER] = { "timer", "[DURATION]",
	    N_("expected at most one DURATION"), WHO_TABLE, VERB_TIMER,
	    N_("run the round's timer (default 3m; 90, 90s, "
	    "1m30s); records nothing (SW-3)") },
	[V_WORDS] = { "words", "NAME W...",
	    N_("expected NAME and one or more words"), WHO_NAMED, 0,
	    N_("NAME's words this round, letters only, 3 at "
	    "least; repeatable until score (SW-3)") },
	[V_CHALLENGE] = { "challenge", "NAME WORD",
	    N_("expected NAME WORD"), WHO_NAMED, 0,
	    N_("the referee rules on NAME's WORD: on the "
	    "grid and in the dictionary, or struck (counts minus its value, "
	    "exit 5) (SW-2, SW-5)") },
	[V_VOTE] = { "vote", "NAME WORD accept|reject",
	    N_("expected NAME WORD accept|reject"), WHO_NAMED, 0,
	    N_("the table's last word on NAME's "
	    "WORD this round (reject counts as struck) (SW-6)") },
	[V_SCORE] = { "score", "",
	    NULL, WHO_TABLE, VERB_CLOSE,
	    N_("close the round: crossed-out words, values, rulings "
	    "(SW-4, SW-5)") },
	[V_FINISH] = { "finish", "",
	    NULL, WHO_TABLE, 0,
	    N_("between rounds: end the game; the highest total "
	    "wins (SW-7)") },
	{ NULL, NULL, NULL, WHO_TABLE, 0, NULL }
};

/* 1 if v has the shape of a dictionary name (en_US, de_DE_frami). */
static int
valid_dict(const char *v)
{
	size_t n = strlen(v), i;

	if (n == 0 || n > 64 || !isalpha((unsigned char)v[0]))
		return 0;
	for (i = 0; i < n; i++)
		if (!isascii((unsigned char)v[i]) ||
		    (!isalnum((unsigned char)v[i]) && v[i] != '_' &&
		    v[i] != '-'))
			return 0;
	return 1;
}

/* 1 if v is seed or boggle. */
static int
valid_scoring(const char *v)
{
	return strcmp(v, "seed") == 0 || strcmp(v, "boggle") == 0;
}

/* 1 if v is challenged or all. */
static int
valid_check(const char *v)
{
	return strcmp(v, "challenged") == 0 || strcmp(v, "all") == 0;
}

/* 1 if v is cumulative or round. */
static int
valid_mode(const char *v)
{
	return strcmp(v, "cumulative") == 0 || strcmp(v, "round") == 0;
}

/* 1 if v is on, off or auto. */
static int
valid_nouns(const char *v)
{
	return strcmp(v, "on") == 0 || strcmp(v, "off") == 0 ||
	    strcmp(v, "auto") == 0;
}

/* 1 if v is fold or exact. */
static int
valid_accents(const char *v)
{
	return strcmp(v, "fold") == 0 || strcmp(v, "exact") == 0;
}

/* nouns: auto is on for German and Luxembourgish dictionaries (SW-2). */
static const char *
nouns_effective(const char *v, const char *const *opts)
{
	const char *d = opts[OPT_DICT];

	if (strcmp(v, "auto") != 0)
		return v;
	return strncmp(d, "de_", 3) == 0 || strncmp(d, "lb_", 3) == 0 ||
	    strcmp(d, "de") == 0 || strcmp(d, "lb") == 0 ? "on" : "off";
}

static const struct game_option saw_options[] = {
	{ "dict", "en_US", N_("NAME (an installed Hunspell dictionary)"),
	    valid_dict, NULL, GAME_OPT_DICT },
	{ "scoring", "seed", "seed, boggle", valid_scoring, NULL, 0 },
	{ "check", "challenged", "challenged, all", valid_check, NULL, 0 },
	{ "scoring-mode", "cumulative", "cumulative, round", valid_mode, NULL,
	    0 },
	GAME_OPTION_COACH,
	{ "nouns", "auto", N_("on, off (auto: on for de_*, lb_*)"), valid_nouns,
	    nouns_effective, 0 },
	{ "accents", "fold", "fold, exact", valid_accents, NULL, 0 },
	/* Games before the option were judged with compounds (SW-2). */
	{ "compounds", "off", "off, on", game_option_on_off, NULL,
	    GAME_OPT_OLD_ON },
	{ NULL, NULL, NULL, NULL, NULL, 0 }
};

/* A new game: no grid yet. */
static struct game_state *
saw_new(const struct game_setup *gs)
{
	struct game_state *st = xcalloc(1, sizeof *st);

	st->gs = gs;
	st->n = gs->nplayers;
	st->dict = gs->options[OPT_DICT];
	st->fold = strcmp(gs->options[OPT_ACCENTS], "exact") != 0;
	st->compounds = strcmp(gs->options[OPT_COMPOUNDS], "on") == 0;
	st->nouns = strcmp(nouns_effective(gs->options[OPT_NOUNS],
	    gs->options), "on") == 0;
	st->boggle = strcmp(gs->options[OPT_SCORING], "boggle") == 0;
	st->check_all = strcmp(gs->options[OPT_CHECK], "all") == 0;
	st->by_round = strcmp(gs->options[OPT_MODE], "round") == 0;
	return st;
}

/* Free a state. */
static void
saw_free(struct game_state *st)
{
	int r, i, k;

	for (r = 0; r < st->nrounds; r++)
		for (i = 0; i < st->n; i++) {
			struct saw_list *l = &st->rounds[r].pl[i];

			for (k = 0; k < l->n; k++) {
				free(l->v[k].w);
				free(l->v[k].key);
				free(l->v[k].why);
			}
			free(l->v);
			free(l->words);
			free(l->keys);
		}
	free(st->rounds);
	free(st);
}

/* A deep copy of a state (undo and redo without a rebuild). */
static struct game_state *
saw_dup(const struct game_state *from)
{
	struct game_state *st = xmalloc(sizeof *st);
	int r, i, k;

	*st = *from;
	st->rounds = from->nrounds > 0 ? xcalloc((size_t)from->nrounds,
	    sizeof *st->rounds) : NULL;
	for (r = 0; r < from->nrounds; r++) {
		st->rounds[r] = from->rounds[r];
		for (i = 0; i < from->n; i++) {
			const struct saw_list *fl = &from->rounds[r].pl[i];
			struct saw_list *l = &st->rounds[r].pl[i];

			if (fl->n == 0) {
				l->v = NULL;
				l->words = l->keys = NULL;
				l->n = 0;
				continue;
			}
			l->v = xcalloc((size_t)fl->n, sizeof *l->v);
			l->words = xcalloc((size_t)fl->n + 1,
			    sizeof *l->words);
			l->keys = xcalloc((size_t)fl->n + 1, sizeof *l->keys);
			for (k = 0; k < fl->n; k++) {
				l->v[k] = fl->v[k];
				l->v[k].w = xstrdup(fl->v[k].w);
				l->v[k].key = xstrdup(fl->v[k].key);
				l->v[k].why = fl->v[k].why != NULL ?
				    xstrdup(fl->v[k].why) : NULL;
				l->words[k] = l->v[k].w;
				l->keys[k] = l->v[k].key;
			}
		}
	}
	return st;
}

/* Add w (its key: key) to l (not there yet). */
static void
list_add(struct saw_list *l, const char *w, const char *key)
{
	int i;

	l->v = xreallocarray(l->v, (size_t)l->n + 1, sizeof *l->v);
	memset(&l->v[l->n], 0, sizeof l->v[l->n]);
	l->v[l->n].w = xstrdup(w);
	l->v[l->n].key = xstrdup(key);
	l->v[l->n].valid = -1;
	l->n++;
	l->words = xreallocarray(l->words, (size_t)l->n + 1,
	    sizeof *l->words);
	l->keys = xreallocarray(l->keys, (size_t)l->n + 1, sizeof *l->keys);
	for (i = 0; i < l->n; i++) {
		l->words[i] = l->v[i].w;
		l->keys[i] = l->v[i].key;
	}
	l->words[l->n] = l->keys[l->n] = NULL;
}

/* The state as bytes, for the game's snapshot: rounds, words, rulings. */
static void
saw_save(const struct game_state *st, struct buf *b)
{
	const struct saw_rnd *rd;
	const struct saw_list *l;
	int r, i, k;

	state_put_int(b, st->finished);
	state_put_int(b, st->nrounds);
	for (r = 0; r < st->nrounds; r++) {
		rd = &st->rounds[r];
		/* The grid's text, not its bytes (what is past each NUL). */
		state_put_int(b, rd->g.n);
		for (i = 0; i < rd->g.n * rd->g.n; i++) {
			state_put_str(b, rd->g.cells[i]);
			state_put_str(b, rd->g.keys[i]);
		}
		state_put_str(b, rd->g.dict);
		state_put_int(b, rd->open);
		for (i = 0; i < st->n; i++) {
			l = &rd->pl[i];
			state_put_int(b, rd->score[i]);
			state_put_int(b, rd->won[i]);
			state_put_int(b, l->n);
			for (k = 0; k < l->n; k++) {
				state_put_str(b, l->v[k].w);
				state_put_str(b, l->v[k].key);
				state_put_int(b, l->v[k].valid);
				state_put_int(b, l->v[k].how);
				state_put_str(b, l->v[k].why);
			}
		}
	}
}

/*
 * Copy string s into the n bytes at d; -1 if it is missing or does not
 * fit.
 */
static int
text_load(char *d, size_t n, char *s)
{
	int status = s != NULL && strlen(s) < n ? 0 : -1;

	if (status == 0)
		memcpy(d, s, strlen(s) + 1);
	free(s);
	return status;
}

/* A grid as saw_save wrote it, into g (zeroed); 0 or -1. */
static int
grid_load(struct grid *g, struct state_in *in)
{
	long n = state_get_int(in);
	int i, bad = 0;

	if (in->bad || n < GRID_MIN || n > GRID_MAX)
		return -1;
	g->n = (int)n;
	for (i = 0; i < g->n * g->n; i++) {
		bad |= text_load(g->cells[i], sizeof g->cells[i],
		    state_get_str(in));
		bad |= text_load(g->keys[i], sizeof g->keys[i],
		    state_get_str(in));
	}
	bad |= text_load(g->dict, sizeof g->dict, state_get_str(in));
	return bad || in->bad ? -1 : 0;
}

/* A state from the bytes saw_save wrote, into st fresh from saw_new. */
static int
saw_load(struct game_state *st, const void *p, size_t len)
{
	struct state_in in;
	struct saw_rnd *rd;
	struct saw_word *v;
	char *w, *key, *why;
	long nrounds, nw, valid, how;
	int r, i, k;

	in.p = p;
	in.left = len;
	in.bad = 0;
	st->finished = (int)state_get_int(&in);
	nrounds = state_get_int(&in);
	if (in.bad || nrounds < 0 || (size_t)nrounds > len ||
	    st->finished < 0 || st->finished > 1)
		return -1;
	/* Each list grows as it is read: saw_free frees what was read. */
	st->rounds = nrounds > 0 ? xcalloc((size_t)nrounds,
	    sizeof *st->rounds) : NULL;
	st->nrounds = (int)nrounds;
	for (r = 0; r < st->nrounds && !in.bad; r++) {
		rd = &st->rounds[r];
		if (grid_load(&rd->g, &in) != 0)
			in.bad = 1;
		rd->open = (int)state_get_int(&in);
		/* Only the last round may be open. */
		if (rd->open < 0 || rd->open > 1 ||
		    (rd->open && r != st->nrounds - 1))
			in.bad = 1;
		for (i = 0; i < st->n && !in.bad; i++) {
			rd->score[i] = state_get_int(&in);
			rd->won[i] = (int)state_get_int(&in);
			nw = state_get_int(&in);
			if (nw < 0 || (size_t)nw > in.left ||
			    rd->score[i] < -1000000 || rd->score[i] > 1000000 ||
			    rd->won[i] < 0 || rd->won[i] > 1)
				in.bad = 1;
			for (k = 0; k < nw && !in.bad; k++) {
				w = state_get_str(&in);
				key = state_get_str(&in);
				valid = state_get_int(&in);
				how = state_get_int(&in);
				why = state_get_str(&in);
				if (!in.bad && w != NULL && key != NULL &&
				    valid >= -1 && valid <= 1 &&
				    how >= HOW_NONE && how <= HOW_CHECK) {
					list_add(&rd->pl[i], w, key);
					v = &rd->pl[i].v[rd->pl[i].n - 1];
					v->valid = (int)valid;
					v->how = (enum how)how;
					v->why = why;
					why = NULL;
				} else
					in.bad = 1;
				free(w);
				free(key);
				free(why);
			}
		}
	}
	return in.bad || in.left != 0 ? -1 : 0;
}

/*
 * Fold s into lowercase letters of the game's language in out and its
 * key in key (len bytes each): 0, or -1 with the reason appended to why
 * (unless NULL) if s has anything but letters or fewer than 3 (SW-3).
 * A lone Q is a word all the same: it is not on the grid (SW-5).
 */
static int
fold_word(const struct game_state *st, const char *s, char *out, char *key,
    size_t len, struct buf *why)
{
	char bad[64];
	int n, shape;

	shape = lang_word(saw_lg(st), st->dict, s, out, len, &n, bad,
	    sizeof bad);
	if (shape & LANG_NOT_LETTERS) {
		if (why != NULL)
			buf_printf(why, _("'%s' is not a word: letters only; %s "
			    "(SW-3)"), s, bad);
		return -1;
	}
	if (shape & LANG_SHORT) {
		if (why != NULL)
			buf_printf(why, _("'%s' is too short: a word has at "
			    "least %d letters (SW-3)"), s, LANG_WORD_MIN);
		return -1;
	}
	if (lang_key(saw_lg(st), st->dict, st->fold, out, key, len) != 0) {
		if (why != NULL)
			buf_printf(why, _("'%.20s...' is too long"), s);
		return -1;
	}
	return 0;
}

#define WORD_MAX	(8 * GRID_CELLS + 1)

static void	saw_expect(const struct game_state *, struct expectation *);

/* Refuse verb v as out of turn, saying what is expected. */
static int
not_now(const struct game_state *st, int v, struct ruling *r)
{
	struct expectation x;
	struct buf say = BUF_INIT;

	memset(&x, 0, sizeof x);
	x.say = &say;
	saw_expect(st, &x);
	if (v == V_WORDS || v == V_CHALLENGE || v == V_VOTE || v == V_SCORE)
		ruling_refuse(r, RULING_REFUSED, "'%s' needs an open round: "
		    "%s", saw_verbs[v].name, buf_str(&say));
	else
		ruling_refuse(r, RULING_REFUSED, "'%s' is not expected now: "
		    "%s", saw_verbs[v].name, buf_str(&say));
	buf_free(&say);
	return RULING_REFUSED;
}

/* grid ROW...: open the next round (SW-1, SW-7). */
static int
do_grid(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct saw_rnd *rd;
	struct grid g;
	struct buf b = BUF_INIT;
	char why[400], row[64];
	int i;

	if ((rd = saw_open_round(st)) != NULL) {
		ruling_refuse(r, RULING_REFUSED, "round %d is open: score it "
		    "before the next grid (SW-7)", st->nrounds);
		return RULING_REFUSED;
	}
	if (grid_parse(&g, saw_lg(st), st->dict, st->fold, e->argc, e->argv,
	    why, sizeof why) != 0) {
		ruling_refuse(r, RULING_REFUSED, "%s (SW-1)", why);
		return RULING_REFUSED;
	}
	st->rounds = xreallocarray(st->rounds, (size_t)st->nrounds + 1,
	    sizeof *st->rounds);
	rd = &st->rounds[st->nrounds++];
	memset(rd, 0, sizeof *rd);
	rd->g = g;
	rd->open = 1;
	for (i = 0; i < g.n; i++) {
		grid_row(&g, saw_lg(st), i, row, sizeof row);
		buf_printf(&b, "%s%s", i > 0 ? " " : "", row);
	}
	ruling_note(r, "round %d: %dx%d grid %s", st->nrounds, g.n, g.n,
	    buf_str(&b));
	buf_free(&b);
	return RULING_OK;
}

/* words NAME W...: the player's list, case folded, each word once (SW-3). */
static int
do_words(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct saw_rnd *rd = saw_open_round(st);
	struct saw_list *l;
	struct buf added = BUF_INIT, again = BUF_INIT, why = BUF_INIT;
	char w[WORD_MAX], key[WORD_MAX], k2[WORD_MAX], w2[WORD_MAX];
	int i, k, nadd = 0, nagain = 0;

	if (rd == NULL)
		return not_now(st, e->verb, r);
	for (i = 1; i < e->argc; i++)
		if (fold_word(st, e->argv[i], w, key, sizeof w, &why) != 0) {
			ruling_refuse(r, RULING_REFUSED, "%s", buf_str(&why));
			buf_free(&why);
			return RULING_REFUSED;
		}
	l = &rd->pl[e->who];
	for (i = 1; i < e->argc; i++) {
		fold_word(st, e->argv[i], w, key, sizeof w, NULL);
		for (k = 1; k < i; k++)
			if (fold_word(st, e->argv[k], w2, k2, sizeof w2,
			    NULL) == 0 && strcmp(k2, key) == 0)
				break;
		if (saw_list_find(l, key) >= 0) {
			if (k == i)
				buf_printf(&again, "%s%s", nagain++ ? ", " :
				    "", w);
			continue;
		}
		list_add(l, w, key);
		buf_printf(&added, "%s%s", nadd++ ? ", " : "", w);
	}
	if (nadd > 0)
		ruling_note(r, P_("%s wrote %s (%d word this round)%s%s%s",
		    "%s wrote %s (%d words this round)%s%s%s", l->n),
		    st->gs->names[e->who], buf_str(&added), l->n,
		    nagain ? _("; ") : "",
		    buf_str(&again), nagain ? _(" already written, counted "
		    "once") : "");
	else
		ruling_note(r, P_("%s: %s already written, counted once (%d "
		    "word this round)", "%s: %s already written, counted once "
		    "(%d words this round)", l->n), st->gs->names[e->who],
		    buf_str(&again), l->n);
	buf_free(&added);
	buf_free(&again);
	return RULING_OK;
}

/*
 * Find NAME's WORD in the open round for challenge and vote: the word, or
 * NULL with the refusal in r.
 */
static struct saw_word *
find_entered(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct saw_rnd *rd = saw_open_round(st);
	char w[WORD_MAX], key[WORD_MAX];
	int k;

	if (fold_word(st, e->argv[1], w, key, sizeof w, NULL) != 0 ||
	    (k = saw_list_find(&rd->pl[e->who], key)) < 0) {
		ruling_refuse(r, RULING_REFUSED, "%s did not write '%s' in "
		    "round %d", st->gs->names[e->who], e->argv[1],
		    st->nrounds);
		return NULL;
	}
	return &rd->pl[e->who].v[k];
}

/* The dictionary that ruled, from the fact, else the game's. */
static void
fact_dict_name(const struct game_state *st, const struct entry *e, char *buf,
    size_t len)
{
	if (!fact_dict(e->fact, buf, len))
		snprintf(buf, len, "%s", st->dict);
}

/*
 * Rule on sw by SW-2: the grid, then the dictionary's verdict from e's
 * fact.  Sets sw->valid and sw->why, and *compound if it stands as a
 * compound (compounds=on: the fact's form names its parts, Maus+abend);
 * -1 with a system refusal in r if the verdict is missing.
 */
/*
 * The reason into b in English (the state keeps it: a state is the same in
 * every language) and into words, if not NULL, in the user's.
 */
#define SAW_WHY(fmt, ...) do {						\
	buf_printf(&b, fmt, __VA_ARGS__);				\
	if (words != NULL)						\
		buf_printf(words, _(fmt), __VA_ARGS__);			\
} while (0)

static int
rule_word(struct game_state *st, const struct entry *e, struct saw_word *sw,
    enum how how, int *compound, struct buf *words, struct ruling *r)
{
	struct saw_rnd *rd = saw_open_round(st);
	struct buf b = BUF_INIT, s = BUF_INIT, f = BUF_INIT;
	char why[400], dict[72];
	int v;

	free(sw->why);
	sw->why = NULL;
	sw->how = how;
	*compound = 0;
	if (grid_path_en(&rd->g, saw_lg(st), sw->key, NULL, why,
	    sizeof why) != 0) {
		sw->valid = 0;
		sw->why = xstrdup(why);
		if (words != NULL && grid_path(&rd->g, saw_lg(st), sw->key,
		    NULL, why, sizeof why) != 0)
			buf_puts(words, why);
		return 0;
	}
	fact_dict_name(st, e, dict, sizeof dict);
	if ((v = fact_verdict(e->fact, sw->w)) < 0) {
		ruling_refuse(r, RULING_SYSTEM, "no verdict of the dictionary "
		    "'%s' on '%s'", dict, sw->w);
		return -1;
	}
	sw->valid = v;
	if (v && fact_form(e->fact, sw->w, &f) && strchr(buf_str(&f), '+')) {
		*compound = 1;
		SAW_WHY("as a compound: %s, on the grid and by %s's "
		    "compounding rules", buf_str(&f), dict);
	} else if (v && f.len > 0)
		SAW_WHY("on the grid and in %s as '%s'", dict, buf_str(&f));
	else if (v)
		SAW_WHY("on the grid and in %s", dict);
	else {
		SAW_WHY("'%s' is not in %s", sw->w, dict);
		if (fact_suggestions(e->fact, sw->w, &s) > 0)
			SAW_WHY(" (suggestions: %s)", buf_str(&s));
	}
	sw->why = xstrdup(buf_str(&b));
	buf_free(&b);
	buf_free(&s);
	buf_free(&f);
	return 0;
}

/* challenge NAME WORD: the referee rules by SW-2 (SW-5). */
static int
do_challenge(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct saw_rnd *rd = saw_open_round(st);
	struct saw_word *sw;
	struct buf words = BUF_INIT;
	const char *name;
	char num[24];
	long pts;
	int compound;

	if (rd == NULL)
		return not_now(st, e->verb, r);
	if ((sw = find_entered(st, e, r)) == NULL)
		return RULING_REFUSED;
	name = st->gs->names[e->who];
	if (sw->valid >= 0) {
		ruling_refuse(r, RULING_REFUSED, E_(name,
		    _("%s's '%s' already has a ruling (%s by %s); only a "
		    "vote can change it (SW-6)"), C_("elided", "%s's '%s' "
		    "already has a ruling (%s by %s); only a vote can change "
		    "it (SW-6)")), name, sw->w, sw->valid ? _("stands") : _("struck"),
		    sw->how == HOW_VOTE ? _("vote") : _("challenge"));
		return RULING_REFUSED;
	}
	if (rule_word(st, e, sw, HOW_CHALLENGE, &compound, &words, r) != 0) {
		buf_free(&words);
		return RULING_SYSTEM;
	}
	pts = saw_word_points(st, rd, e->who, sw);
	/* "stands as a compound: Maus+abend": a vote may overrule it. */
	if (sw->valid) {
		/* TRANSLATORS: "elided": the name begins with a vowel
		   or an h (French "d'Anaïs"); else the same sentence. */
		ruling_note(r, E_(name, _("%s's '%s' stands%s%s; it counts "
		    "%s%s (%sSW-5)"), C_("elided", "%s's '%s' stands%s%s; it "
		    "counts %s%s (%sSW-5)")), name, sw->w, compound ? " " : _(": "), buf_str(&words),
		    saw_signed_points(pts, num, sizeof num), pts == 0 ?
		    _(", crossed out") : "", compound ? "SW-2, " : "");
		buf_free(&words);
		return RULING_OK;
	}
	ruling_note(r, E_(name, _("challenge upheld: %s's '%s' is struck: "
	    "%s; it counts %s%s (SW-5)"), C_("elided", "challenge upheld: "
	    "%s's '%s' is struck: %s; it counts %s%s (SW-5)")), name, sw->w,
	    buf_str(&words), saw_signed_points(pts, num, sizeof num),
	    pts == 0 ? _(", crossed out") : "");
	buf_free(&words);
	return RULING_UPHELD;
}

/* vote NAME WORD accept|reject: the table's last word (SW-6). */
static int
do_vote(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct saw_rnd *rd = saw_open_round(st);
	struct saw_word *sw;
	char num[24], why[200];
	long pts;

	if (rd == NULL)
		return not_now(st, e->verb, r);
	if ((sw = find_entered(st, e, r)) == NULL)
		return RULING_REFUSED;
	/* A word with no path is not the table's to accept. */
	if (e->accept && grid_path(&rd->g, saw_lg(st), sw->w, NULL, why,
	    sizeof why) != 0) {
		ruling_refuse(r, RULING_REFUSED, E_(st->gs->names[e->who],
		    _("the table cannot accept %s's '%s': %s (SW-6)"),
		    C_("elided", "the table cannot accept %s's '%s': %s "
		    "(SW-6)")), st->gs->names[e->who], sw->w,
		    why);
		return RULING_REFUSED;
	}
	free(sw->why);
	sw->valid = e->accept;
	sw->how = HOW_VOTE;
	/* English in the state; translated where it is shown. */
	sw->why = xstrdup(e->accept ? N_("the table accepted it") :
	    N_("the table rejected it"));
	pts = saw_word_points(st, rd, e->who, sw);
	if (e->accept)
		ruling_note(r, E_(st->gs->names[e->who], _("the table "
		    "accepts %s's '%s': it counts %s%s (SW-6)"), C_("elided",
		    "the table accepts %s's '%s': it counts %s%s (SW-6)")),
		    st->gs->names[e->who], sw->w, saw_signed_points(pts,
		    num, sizeof num), pts == 0 ? _(", crossed out") : "");
	else
		ruling_note(r, E_(st->gs->names[e->who], _("the table "
		    "rejects %s's '%s': it counts %s%s (SW-6)"), C_("elided",
		    "the table rejects %s's '%s': it counts %s%s (SW-6)")),
		    st->gs->names[e->who], sw->w, saw_signed_points(pts,
		    num, sizeof num), pts == 0 ? _(", crossed out") : "");
	return RULING_OK;
}

/*
 * The round's winners: its highest score when it is above 0; a round
 * where nobody scores above 0 has none (SW-7).
 */
static void
round_winners(const struct game_state *st, struct saw_rnd *rd)
{
	long best = game_top(st->n, rd->score, rd->won);
	int i;

	for (i = 0; i < st->n; i++)
		rd->won[i] = best > 0 && rd->won[i];
}

/* score: close the round; check=all rules on every word left (SW-4, SW-5). */
static int
do_score(struct game_state *st, const struct entry *e, struct ruling *r)
{
	struct saw_rnd *rd = saw_open_round(st);
	struct buf b = BUF_INIT;
	int i, k, struck = 0, seats[GAME_MAX_PLAYERS], nw = 0, compound;

	if (rd == NULL)
		return not_now(st, e->verb, r);
	for (i = 0; i < st->n && st->check_all; i++)
		for (k = 0; k < rd->pl[i].n; k++) {
			struct saw_word *sw = &rd->pl[i].v[k];

			if (sw->valid >= 0)
				continue;
			if (rule_word(st, e, sw, HOW_CHECK, &compound, NULL, r) != 0)
				return RULING_SYSTEM;
			struck += !sw->valid;
		}
	for (i = 0; i < st->n; i++) {
		rd->score[i] = 0;
		for (k = 0; k < rd->pl[i].n; k++)
			rd->score[i] += saw_word_points(st, rd, i,
			    &rd->pl[i].v[k]);
	}
	round_winners(st, rd);
	rd->open = 0;
	buf_printf(&b, _("round %d scored:"), st->nrounds);
	for (i = 0; i < st->n; i++) {
		char num[24];

		buf_printf(&b, "%s %s %s", i > 0 ? "," : "",
		    st->gs->names[i], saw_signed_points(rd->score[i], num,
		    sizeof num));
		if (rd->won[i])
			seats[nw++] = i;
	}
	if (st->check_all)
		buf_printf(&b, P_("; the check struck %d word",
		    "; the check struck %d words", struck), struck);
	if (st->by_round && nw == 0)
		buf_puts(&b, _("; nobody scored above 0: no winner (SW-7)"));
	else if (st->by_round) {
		buf_puts(&b, _("; "));
		game_list_names(st->gs, seats, nw, N_("and"), &b);
		buf_puts(&b, P_(" wins the round", " share the round", nw));
	}
	return ruling_accept(r, &b);
}

/* Check e and fold it in. */
static int
saw_apply(struct game_state *st, const struct entry *e, struct ruling *r)
{
	switch (e->verb) {
	case V_GRID:
		return do_grid(st, e, r);
	case V_WORDS:
		return do_words(st, e, r);
	case V_CHALLENGE:
		return do_challenge(st, e, r);
	case V_VOTE:
		return do_vote(st, e, r);
	case V_SCORE:
		return do_score(st, e, r);
	case V_FINISH:
		if (saw_open_round(st) != NULL) {
			ruling_refuse(r, RULING_REFUSED, "round %d is open: "
			    "score it, then finish (SW-7)", st->nrounds);
			return RULING_REFUSED;
		}
		if (st->nrounds == 0) {
			ruling_refuse(r, RULING_REFUSED, "no round has been "
			    "played: enter a grid first (SW-7)");
			return RULING_REFUSED;
		}
		st->finished = 1;
		ruling_note(r, P_("the game ends after %d round",
		    "the game ends after %d rounds", st->nrounds),
		    st->nrounds);
		return RULING_OK;
	default:
		break;
	}
	return not_now(st, e->verb, r);
}

/* The words entry e needs the dictionary's verdict on, or NULL. */
static char **
saw_lookups(const struct game_state *st, const struct entry *e,
    const char **dict, int *mode, int *suggest)
{
	struct saw_rnd *rd = saw_open_round(st);
	char **out = NULL, w[WORD_MAX], key[WORD_MAX], why[400];
	int i, k, j, n = 0;

	*dict = st->dict;
	*mode = (st->fold ? GAME_LOOKUP_FOLD : 0) |
	    (st->nouns ? GAME_LOOKUP_NOUNS : 0) |
	    (st->compounds ? GAME_LOOKUP_COMPOUNDS : 0);
	*suggest = 0;
	if (rd == NULL || st->finished)
		return NULL;
	if (e->verb == V_CHALLENGE && e->who >= 0 && e->argc == 2) {
		if (fold_word(st, e->argv[1], w, key, sizeof w, NULL) != 0 ||
		    (k = saw_list_find(&rd->pl[e->who], key)) < 0 ||
		    rd->pl[e->who].v[k].valid >= 0 ||
		    grid_path(&rd->g, saw_lg(st), key, NULL, why,
		    sizeof why) != 0)
			return NULL;
		*suggest = 1;
		out = xcalloc(2, sizeof *out);
		out[0] = xstrdup(rd->pl[e->who].v[k].w);
		return out;
	}
	if (e->verb != V_SCORE || !st->check_all)
		return NULL;
	for (i = 0; i < st->n; i++)
		for (k = 0; k < rd->pl[i].n; k++) {
			const struct saw_word *sw = &rd->pl[i].v[k];

			if (sw->valid >= 0 || grid_path(&rd->g, saw_lg(st),
			    sw->key, NULL, why, sizeof why) != 0)
				continue;
			for (j = 0; j < n && strcmp(out[j], sw->w) != 0; j++)
				continue;
			if (j < n)
				continue;
			out = xreallocarray(out, (size_t)n + 2, sizeof *out);
			out[n++] = xstrdup(sw->w);
			out[n] = NULL;
		}
	return out;
}

/* Which verbs, and the sentence for the table; the table always enters. */
static void
saw_expect(const struct game_state *st, struct expectation *x)
{
	const struct saw_rnd *rd = saw_open_round(st);

	x->round = st->nrounds > 0 ? st->nrounds : 1;
	x->turn = -1;
	x->finished = st->finished;
	x->verbs = 0;
	if (st->finished) {
		game_say(x, "The game is over.");
		return;
	}
	if (rd != NULL) {
		x->verbs = VERB_BIT(V_TIMER) | VERB_BIT(V_WORDS) |
		    VERB_BIT(V_SCORE);
		if (saw_any_word(st, rd, 1))
			x->verbs |= VERB_BIT(V_CHALLENGE);
		if (saw_any_word(st, rd, 0))
			x->verbs |= VERB_BIT(V_VOTE);
		game_say(x, "Round %d. Run the timer, "
		    "enter each player's words (words NAME W...), challenge "
		    "or vote on any, then score", st->nrounds);
		return;
	}
	x->verbs = VERB_BIT(V_GRID);
	if (st->nrounds == 0) {
		game_say(x, "Round 1. Shake the cube and "
		    "enter the grid: grid ROW... (%d to %d rows of as many "
		    "letters)", GRID_MIN, GRID_MAX);
		return;
	}
	x->verbs |= VERB_BIT(V_FINISH);
	game_say(x, "Round %d is scored. Shake the cube "
	    "and enter the grid of round %d, or finish", st->nrounds,
	    st->nrounds + 1);
}

/* The grid of the open or last round, for status --json. */
static void
saw_status_json(const struct game_state *st, json_t *o)
{
	json_t *a = json_array();
	char row[64];
	int i;

	if (st->nrounds > 0) {
		const struct grid *g = &st->rounds[st->nrounds - 1].g;

		for (i = 0; i < g->n; i++) {
			grid_row(g, saw_lg(st), i, row, sizeof row);
			xjson_push(a, json_string(row));
		}
	}
	xjson_set(o, "grid", a);
}

/* The rule card: seeds/shake-a-word.md, made C by src/tools/mkcard. */
extern const struct card_block card_shake_a_word[];

const struct game_rules game_shake_a_word = {
	.name = "shake-a-word",
	.alias = "word",
	.summary = N_("Shake-A-Word: find words on a grid of letter dice; "
	    "unique words score"),
	.card = card_shake_a_word,
	.min_players = 2,
	.max_players = GAME_MAX_PLAYERS,
	.verbs = saw_verbs,
	.options = saw_options,
	.state_new = saw_new,
	.state_free = saw_free,
	.state_dup = saw_dup,
	.state_save = saw_save,
	.state_load = saw_load,
	.state_format = 1,
	.apply = saw_apply,
	.expect = saw_expect,
	.score = saw_score,
	.status_json = saw_status_json,
	.describe = saw_describe,
	.rounds = saw_rounds,
	.values = saw_values,
	.advise = saw_advise,
	.lookups = saw_lookups,
	.unrolled = N_("its letter dice are entered as the letters of the grid, "
	    "not recorded as dice"),
	.word_round = saw_round_view,
	.word_value = saw_word_value,
};
