/*
 * cache.c: the caches of a game's entries beyond its snapshot (issue
 * 29): the undo cache (the stacks of entries in effect and undone, with
 * the state before each of the top STORE_UNDO_KEEP entries in effect),
 * so that undo and redo read a few rows instead of replaying the game,
 * and the dice audit's tally, so that `dice` reads counts instead of
 * every entry.  Both are derived data (DESIGN.md: a cache of the
 * entries): kept by the write path in the same transaction as the entry,
 * rebuilt from a replay (sr_caches_rebuild: a miss, import, check
 * --repair, a migration) and compared with one by check.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* The snapshot format of sg's rules into fmt. */
static const char *
format_of(const struct sr_game *sg, struct buf *fmt)
{
	buf_reset(fmt);
	replay_format(sg->rules, fmt);
	return buf_str(fmt);
}

/* Read the undo cache's head for sg in this transaction, once. */
static int
head_load(struct sr_ctx *ctx, struct sr_game *sg, char **why)
{
	struct buf fmt = BUF_INIT;
	int status = SR_OK;

	if (!sg->cache.loaded && game_snapshots(sg->rules))
		status = store_undo_head(ctx->store, sg->g.id,
		    format_of(sg, &fmt), &sg->cache.u, why);
	sg->cache.loaded = 1;
	buf_free(&fmt);
	return status;
}

/* Ready sg, resumed from its snapshot, for undo or redo; see cmd.h. */
int
sr_cache_ready(struct sr_ctx *ctx, struct sr_game *sg, enum verb v,
    char **why)
{
	struct store_undo *u = &sg->cache.u;
	struct stored_entry target;
	void *state = NULL;
	size_t len = 0;
	int status, undo = v == V_UNDO, n = 0, ready = 0;

	if (!sg->rp.resumed)
		return 1;
	if ((status = head_load(ctx, sg, why)) != SR_OK)
		return -1;
	if (!u->valid)
		return 0;
	if (undo ? u->depth == 0 : u->nundone == 0)
		return replay_cache_set(&sg->rp, u->depth, u->nundone, NULL,
		    NULL, 0) == 0;
	if (store_undo_get(ctx->store, sg->g.id, undo ? 0 : 1, undo ?
	    u->depth : u->nundone, &n, undo ? &state : NULL, &len, why) !=
	    SR_OK)
		return -1;
	if (n == 0 || (undo && state == NULL)) {
		free(state);
		return 0;
	}
	if (store_entry_load(ctx->store, sg->g.id, n, &target, why) != SR_OK) {
		free(state);
		return -1;
	}
	ready = replay_cache_set(&sg->rp, u->depth, u->nundone, &target,
	    state, len) == 0;
	stored_entry_clear(&target);
	free(state);
	return ready;
}

/*
 * Before entry se (verb v) is folded in: what its effect needs of the
 * undo cache read (the head; whether the cache can take in an undo or
 * redo; whether a title or abandon ends redo), so that effect_of()
 * asks the store nothing; see cmd.h.
 */
int
sr_cache_before(struct sr_ctx *ctx, struct sr_game *sg,
    const struct stored_entry *se, char **why)
{
	struct sr_cache *c = &sg->cache;
	const struct stored_entry *t;
	int n = 0;

	c->dice.nd = 0;
	c->rebuild = 0;
	c->has_verb = 1;
	if (head_load(ctx, sg, why) != SR_OK)
		return SR_SYSTEM;
	if (se->verb == V_REDO && (t = replay_redo_entry(&sg->rp)) != NULL) {
		c->dice.nd = replay_rolled(&sg->rp, t, 1, c->dice.d,
		    GAME_MAX_PLAYERS);
		c->dice.sign = 1;
	} else if (se->verb != V_UNDO && se->verb != V_REDO) {
		c->dice.nd = replay_rolled(&sg->rp, se, 0, c->dice.d,
		    GAME_MAX_PLAYERS);
		c->dice.sign = 1;
	}
	/* Which entries end redo: replay's ends_redo(). */
	if (c->u.valid && c->u.nundone > 0 &&
	    (se->verb == V_TITLE || se->verb == V_ABANDON) &&
	    store_undo_has_verb(ctx->store, sg->g.id, verb_name(se->verb),
	    &c->has_verb, why) != SR_OK)
		return SR_SYSTEM;
	if (!game_snapshots(sg->rules) || sg->rp.resumed)
		return SR_OK;
	/* Replayed whole: rebuild what the cache cannot take in. */
	if (!c->u.valid)
		c->rebuild = 1;
	else if (se->verb == V_UNDO || se->verb == V_REDO) {
		if (se->verb == V_UNDO ? c->u.depth == 0 : c->u.nundone == 0)
			return SR_OK;
		if (store_undo_get(ctx->store, sg->g.id, se->verb == V_UNDO ?
		    0 : 1, se->verb == V_UNDO ? c->u.depth : c->u.nundone, &n,
		    NULL, NULL, why) != SR_OK)
			return SR_SYSTEM;
		c->rebuild = n == 0;
	}
	return SR_OK;
}

/* The undo cache's head as effect_of() takes it; see cmd.h. */
void
sr_cache_head(const struct sr_game *sg, struct effect_head *h)
{
	const struct sr_cache *c = &sg->cache;

	h->valid = c->u.valid;
	h->depth = c->u.depth;
	h->nundone = c->u.nundone;
	h->kept_undone = c->u.kept_undone;
	h->rebuild = c->rebuild;
	h->has_verb = c->has_verb;
}

/* After effect_of(): the head h moved on, kept; see cmd.h. */
void
sr_cache_after(struct sr_game *sg, const struct effect_head *h,
    const struct effect *e)
{
	struct sr_cache *c = &sg->cache;

	c->loaded = 0;
	c->u.valid = h->valid;
	c->u.depth = h->depth;
	c->u.nundone = h->nundone;
	c->u.kept_undone = h->kept_undone;
	if (e->head == EFFECT_HEAD_REBUILD) {
		sr_caches_free(c->k);
		c->k = sr_caches_of(&sg->rp);
	}
}

static int caches_walk(const struct replay *, struct store_caches *, int);

/*
 * The caches of replay rp (not resumed): the dice tally, and with undo
 * the undo cache (else it is left as it is: cold after an import).
 */
static struct store_caches *
caches_of(const struct replay *rp, int undo)
{
	struct store_caches *k = xmalloc(sizeof *k);

	k->ok = caches_walk(rp, k, undo ? STORE_UNDO_KEEP : 0) == 0;
	k->undo = undo && game_snapshots(rp->rules);
	if (k->ok && k->undo) {
		int i;

		k->nundone = rp->nundone;
		k->undone = xcalloc((size_t)rp->nundone + 1,
		    sizeof *k->undone);
		for (i = 0; i < rp->nundone; i++)
			k->undone[i] = rp->entries[rp->undone[i]].n;
	}
	return k;
}

/* The caches of replay rp (not resumed), made whole; see cmd.h. */
struct store_caches *
sr_caches_of(const struct replay *rp)
{
	return caches_of(rp, 1);
}

/* One entry in effect of the walk: its dice, and its state if kept. */
static int
caches_one(void *arg, int depth, const struct stored_entry *se,
    const struct die_rolled *d, int nd, const void *snap, size_t len)
{
	struct store_caches *k = arg;
	int i, slot;

	for (i = 0; i < nd; i++)
		if (d[i].seat >= -1 && d[i].seat < GAME_MAX_PLAYERS &&
		    d[i].kind >= 0 && d[i].kind < 6 && d[i].face >= 0 &&
		    d[i].face < 7)
			k->dice[d[i].seat + 1][d[i].kind][d[i].face]++;
	if (snap != NULL && (slot = depth - (k->depth - STORE_UNDO_KEEP) - 1)
	    >= 0 && slot < STORE_UNDO_KEEP) {
		k->n[slot] = se->n;
		buf_add(&k->state[slot], snap, len);
	}
	return 0;
}

/*
 * Walk rp into k, the states of its last keep entries (0 or
 * STORE_UNDO_KEEP); 0, or -1 if an entry no longer replays.
 */
static int
caches_walk(const struct replay *rp, struct store_caches *k, int keep)
{
	memset(k, 0, sizeof *k);
	k->depth = rp->ndone;
	return replay_walk(rp, keep, caches_one, k);
}

/* Free k and its states (NULL: nothing); see cmd.h. */
void
sr_caches_free(struct store_caches *k)
{
	int i;

	if (k == NULL)
		return;
	for (i = 0; i < STORE_UNDO_KEEP; i++)
		buf_free(&k->state[i]);
	free(k->undone);
	free(k);
}

/*
 * Rebuild game id's caches from its replay rp (not resumed): the tally,
 * and with undo the undo cache (else it is left cold); see cmd.h.
 */
static int
caches_rebuild(struct sr_ctx *ctx, long long id, const struct replay *rp,
    int undo, char **why)
{
	struct store_caches *k;
	int status;

	if (rp->resumed)
		return SR_OK;
	k = caches_of(rp, undo);
	status = store_caches_put(ctx->store, id, k, why);
	sr_caches_free(k);
	return status;
}

/* Rebuild game id's caches from its replay rp (not resumed); see cmd.h. */
int
sr_caches_rebuild(struct sr_ctx *ctx, long long id, const struct replay *rp,
    char **why)
{
	return caches_rebuild(ctx, id, rp, 1, why);
}

/* Its dice tally alone, the undo cache left cold; see cmd.h. */
int
sr_dice_rebuild(struct sr_ctx *ctx, long long id, const struct replay *rp,
    char **why)
{
	return caches_rebuild(ctx, id, rp, 0, why);
}

/* What check compares: the replay's caches against the rows stored. */
struct cmp {
	const struct store_caches	*k;
	const struct replay	*rp;
	long			 dice[GAME_MAX_PLAYERS + 1][6][7];
	int			 bad_row;	/* a row the replay does not give */
	int			 rows;
};

/* One row of the tally stored. */
static int
cmp_dice(void *arg, long long game, int seat, int kind, int face,
    long count)
{
	struct cmp *m = arg;

	(void)game;
	if (seat < -1 || seat >= GAME_MAX_PLAYERS || kind < 0 || kind >= 6 ||
	    face < 0 || face >= 7)
		m->bad_row = 1;
	else
		m->dice[seat + 1][kind][face] += count;
	return 0;
}

/* One row of the undo cache stored, against the replay's. */
static int
cmp_undo(void *arg, int kind, int pos, int n, const void *state, size_t len)
{
	struct cmp *m = arg;
	const struct store_caches *k = m->k;
	const struct replay *rp = m->rp;
	int slot = pos - (k->depth - STORE_UNDO_KEEP) - 1;

	m->rows++;
	if (kind == 0 && (slot < 0 || slot >= STORE_UNDO_KEEP ||
	    k->n[slot] != n || state == NULL || k->state[slot].len != len ||
	    memcmp(k->state[slot].s, state, len) != 0))
		m->bad_row = 1;
	else if (kind == 1 && (pos < 1 || pos > rp->nundone ||
	    rp->entries[rp->undone[pos - 1]].n != n))
		m->bad_row = 1;
	else if (kind != 0 && kind != 1)
		m->bad_row = 1;
	return 0;
}

/* Compare game sg's caches with its replay; see cmd.h. */
int
sr_caches_check(struct sr_ctx *ctx, const struct sr_game *sg, int repair,
    void (*problem)(void *, const char *), void *arg, char **why)
{
	struct store_caches *k;
	struct cmp *m;
	struct store_undo u;
	struct buf fmt = BUF_INIT, b = BUF_INIT;
	long long id = sg->g.id;
	int status, bad = 0, cold = 0;

	if (sg->rp.resumed)
		return SR_OK;
	k = sr_caches_of(&sg->rp);
	m = xcalloc(1, sizeof *m);
	if (!k->ok) {
		/* The replay's own problem, which check reports. */
		status = SR_OK;
		goto out;
	}
	m->k = k;
	m->rp = &sg->rp;
	if ((status = store_dice_rows(ctx->store, id, cmp_dice, m, why)) !=
	    SR_OK)
		goto out;
	if (m->bad_row || memcmp(m->dice, k->dice, sizeof k->dice) != 0) {
		buf_printf(&b, _("game %lld: its dice tally differs from the "
		    "dice its entries in effect rolled"), id);
		problem(arg, buf_str(&b));
		bad = 1;
	}
	if (game_snapshots(sg->rules)) {
		if ((status = store_undo_head(ctx->store, id, format_of(sg,
		    &fmt), &u, why)) != SR_OK)
			goto out;
		cold = !u.valid;
		m->bad_row = 0;
		if (u.valid && (status = store_undo_rows(ctx->store, id,
		    cmp_undo, m, why)) != SR_OK)
			goto out;
		if (u.valid && (m->bad_row || u.depth != sg->rp.ndone ||
		    u.nundone != sg->rp.nundone)) {
			buf_reset(&b);
			buf_printf(&b, _("game %lld: its undo cache differs from "
			    "the replay of its entries"), id);
			problem(arg, buf_str(&b));
			bad = 1;
		}
	}
	/* A cold undo cache is no problem; a repair makes it anyway. */
	if ((bad || cold) && repair)
		status = sr_caches_rebuild(ctx, id, &sg->rp, why);
out:
	buf_free(&fmt);
	buf_free(&b);
	sr_caches_free(k);
	free(m);
	return status;
}

/* What check compares of history's notes: the replay's, the rows'. */
struct notes_cmp {
	const struct replay	*rp;
	int			 bad;
	int			 rows;
};

/* One note row against the replay's entry of its number. */
static int
notes_one(void *arg, int n, int round, const char *note, int undone)
{
	struct notes_cmp *m = arg;
	const struct stored_entry *se;

	m->rows++;
	if (n < 1 || n > m->rp->nentries) {
		m->bad = 1;
		return 0;
	}
	se = &m->rp->entries[n - 1];
	if (se->n != n || se->round != round || (undone != 0) != se->undone ||
	    strcmp(note, se->note != NULL ? se->note : "") != 0)
		m->bad = 1;
	return 0;
}

/* Compare game sg's notes (sg replayed with notes) with its replay; see cmd.h. */
int
sr_notes_check(struct sr_ctx *ctx, const struct sr_game *sg, int repair,
    void (*problem)(void *, const char *), void *arg, char **why)
{
	struct notes_cmp m;
	struct buf b = BUF_INIT;
	long long id = sg->g.id;
	int status, i;

	if (sg->rp.resumed || !sg->rp.notes)
		return SR_OK;
	memset(&m, 0, sizeof m);
	m.rp = &sg->rp;
	if ((status = store_notes_rows(ctx->store, id, notes_one, &m, why)) !=
	    SR_OK)
		return status;
	if (m.bad) {
		buf_printf(&b, _("game %lld: its entries' notes differ from "
		    "the replay of its entries"), id);
		problem(arg, buf_str(&b));
		buf_free(&b);
	}
	/* Missing notes are no problem (history replays); a repair makes them. */
	if (repair && (m.bad || m.rows != sg->rp.nentries)) {
		if ((status = store_notes_drop(ctx->store, id, why)) != SR_OK)
			return status;
		for (i = 0; i < sg->rp.nentries; i++)
			if ((status = store_note_put(ctx->store, id,
			    sg->rp.entries[i].n, sg->rp.entries[i].round,
			    sg->rp.entries[i].undone, sg->rp.entries[i].note,
			    why)) != SR_OK)
				return status;
	}
	return SR_OK;
}
