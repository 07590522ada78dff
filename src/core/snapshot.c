/*
 * snapshot.c: a replay's state kept: the snapshot's bytes written and
 * resumed, the undo cache, the walk over the entries, the replay freed.
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
	replay_meta_reset(rp);
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
	replay_meta_reset(&tmp);
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
		if (status == 0 && replay_apply(&tmp, tmp.st, se, &r) !=
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
	replay_snap_clear(rp);
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
