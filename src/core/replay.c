/*
 * replay.c: replay, one path for checking a new entry and for rebuilding
 * a game from its stored entries: each entry applied, the meta verbs,
 * undo and redo.
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
 * e, unparsed, for stored entry se of a game of g (its words are se's,
 * not copied); e->verb is -1 if g has no such verb.
 */
void
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
void
replay_snap_clear(struct replay *rp)
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
void
replay_meta_reset(struct replay *rp)
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
int
replay_apply(struct replay *rp, struct game_state *st,
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

	replay_meta_reset(rp);
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

		if ((status = replay_apply(rp, st, se, r)) != RULING_OK)
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
		if (replay_apply(rp, rp->st, &c->target, r) != RULING_OK)
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
			    replay_apply(rp, rp->st, &rp->entries[t], r) !=
			    RULING_OK)
				return corrupt(&rp->entries[t], r);
		} else {
			if (rp->entries[t].fate &&
			    (pre = state_dup(rp->rules, rp->st)) != NULL)
				snap_put(rp, pre, depth, top);
			if (replay_apply(rp, rp->st, &rp->entries[t], r) !=
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
 * first, a game over next), then refused: "RULES has no 'VERB'".  A
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
	replay_snap_clear(rp);
	if (rp->st != NULL)
		rp->rules->state_free(rp->st);
	replay_meta_reset(rp);
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
		replay_meta_reset(rp);
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
