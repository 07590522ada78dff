/*
 * load.c: a game read from the store inside the caller's transaction and
 * replayed (or taken up from its snapshot), and what the commands ask of
 * one loaded: the expectation, scores and ranks, its state's name, its
 * names and title kept in step with the replay.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "utf8.h"

/*
 * Options from the stored JSON; a key it lacks (a game from before that
 * option) takes the value such a game was played with (game_option_old).
 */
static void
load_options(struct sr_game *sg)
{
	json_t *o = json_loads(sg->g.options, 0, NULL);
	int i;

	for (i = 0; sg->rules->options[i].key != NULL && i < 15; i++) {
		json_t *v = json_object_get(o, sg->rules->options[i].key);

		sg->opts[i] = xstrdup(json_is_string(v) ?
		    json_string_value(v) : game_option_old(sg->rules, i));
	}
	game_options_effective(sg->rules, sg->opts);
	json_decref(o);
}

/* Store the snapshot of replay rp of game id; see cmd.h. */
int
sr_snapshot_save(struct sr_ctx *ctx, long long id, const struct replay *rp,
    char **why)
{
	struct buf fmt = BUF_INIT, b = BUF_INIT;
	int status;

	if (replay_snapshot(rp, &b) != 0)
		return store_snapshot_drop(ctx->store, id, why);
	replay_format(rp->rules, &fmt);
	status = store_snapshot_put(ctx->store, id, buf_str(&fmt), b.s, b.len,
	    why);
	buf_free(&fmt);
	buf_free(&b);
	return status;
}

/* Stored text s, cut if longer than any command takes; see cmd.h. */
void
sr_stored_put(struct buf *b, const char *s, size_t max)
{
	size_t n = 0, i;

	if ((n = utf8_len(s)) <= max || n <= 64) {
		buf_puts(b, s);
		return;
	}
	n = 0;
	for (i = 0; s[i] != '\0'; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80 && n++ == 64)
			break;
	buf_add(b, s, i);
	buf_puts(b, "\u2026");
}

/* *s as sr_stored_put() gives it. */
static void
stored_cut(char **s, size_t max)
{
	struct buf b = BUF_INIT;

	if (*s == NULL)
		return;
	sr_stored_put(&b, *s, max);
	free(*s);
	*s = b.s != NULL ? b.s : xstrdup("");
}

/*
 * Game sg->g's rules, options and replay set up, no entry in it yet:
 * SR_OK, or SR_DATA with *why for rules this shakeref does not know.
 */
static int
game_setup(struct sr_ctx *ctx, struct sr_game *sg, int players, char **why)
{
	int i;

	if ((sg->rules = game_find(sg->g.rules)) == NULL) {
		struct buf q = BUF_INIT;

		utf8_escape(&q, sg->g.rules != NULL ? sg->g.rules : "", 64, 0);
		*why = xasprintf(_("game %lld is of rules '%s', unknown to this "
		    "shakeref"), sg->g.id, buf_str(&q));
		buf_free(&q);
		return SR_DATA;
	}
	/*
	 * A command's load shows a name or title longer than any command
	 * takes cut (check's, players set, compares them whole).
	 */
	if (!players) {
		for (i = 0; i < sg->g.nplayers; i++)
			stored_cut(&sg->g.names[i], 32);
		stored_cut(&sg->g.title, GAME_TEXT_MAX);
	}
	load_options(sg);
	sg->rp.rules = sg->rules;
	sg->rp.setup.nplayers = sg->g.nplayers;
	/* Replay starts from the game as created; renames follow. */
	sg->rp.setup.names = (const char *const *)sg->g.names0;
	sg->rp.title0 = sg->g.title0;
	sg->rp.setup.options = (const char *const *)sg->opts;
	sg->rp.setup.env = &ctx->env;
	sg->rp.players = players;
	return SR_OK;
}

/* A text copied, NULL as NULL. */
static char *
dup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

/* The game just created, without the store; see cmd.h. */
int
sr_game_created(struct sr_ctx *ctx, const struct store_game *g,
    struct sr_game *sg, char **why)
{
	struct ruling r = RULING_INIT;
	int status, i;

	memset(sg, 0, sizeof *sg);
	sg->g.id = g->id;
	sg->g.uid = dup_or_null(g->uid);
	sg->g.rules = xstrdup(g->rules);
	sg->g.title = dup_or_null(g->title);
	sg->g.title0 = dup_or_null(g->title);
	sg->g.options = xstrdup(g->options);
	sg->g.created = g->created;
	sg->g.nplayers = g->nplayers;
	for (i = 0; i < g->nplayers; i++) {
		sg->g.names[i] = xstrdup(g->names[i]);
		sg->g.names0[i] = xstrdup(g->names[i]);
	}
	if ((status = game_setup(ctx, sg, 0, why)) == SR_OK &&
	    replay_run(&sg->rp, 0, &r) != RULING_OK) {
		*why = xasprintf(_("game %lld: %s"), g->id, buf_str(&r.why));
		status = SR_DATA;
	}
	ruling_free(&r);
	if (status != SR_OK)
		sr_game_free(sg);
	return status;
}

/*
 * The snapshot format of a game of rules (arg: a struct buf to hold
 * it), or NULL when its rules keep none or are unknown: store_read()'s.
 */
static const char *
snap_format(void *arg, const char *rules)
{
	const struct game_rules *g = game_find(rules);

	if (g == NULL || !game_snapshots(g))
		return NULL;
	buf_reset(arg);
	replay_format(g, arg);
	return buf_str(arg);
}

/*
 * Game sg from what store_read() (or its parts) read into rd, its game
 * taken over: set up, its undo cache's head kept if read, taken up from
 * the snapshot if it fits, else its entries loaded (in the caller's
 * transaction) and replayed.
 */
static int
game_take(struct sr_ctx *ctx, struct store_read *rd, int notes,
    int players, struct sr_game *sg, char **why)
{
	struct ruling r = RULING_INIT;
	long long id = rd->g.id;
	int status;

	memset(sg, 0, sizeof *sg);
	sg->g = rd->g;
	memset(&rd->g, 0, sizeof rd->g);
	if ((status = game_setup(ctx, sg, players, why)) != SR_OK) {
		sr_game_free(sg);
		return status;
	}
	if (rd->undo && game_snapshots(sg->rules)) {
		sg->cache.u = rd->u;
		sg->cache.loaded = 1;
	}
	if (rd->snapshot && game_snapshots(sg->rules) &&
	    rd->sn.fit == STORE_SNAP_FITS && replay_resume(&sg->rp,
	    rd->sn.state, rd->sn.len, rd->sn.n) == 0)
		return SR_OK;
	if ((status = store_entries_load(ctx->store, id, &sg->rp.entries,
	    &sg->rp.nentries, why)) != SR_OK) {
		sr_game_free(sg);
		return status;
	}
	if (replay_run(&sg->rp, notes, &r) != RULING_OK) {
		*why = xasprintf(_("game %lld: %s"), id, buf_str(&r.why));
		ruling_free(&r);
		sr_game_free(sg);
		return SR_DATA;
	}
	ruling_free(&r);
	return SR_OK;
}

/* Game sg from the table's copy of its game; see cmd.h. */
int
sr_game_kept(struct sr_ctx *ctx, struct sr_game *sg)
{
	struct store_read rd;
	struct buf fmt = BUF_INIT;
	const char *f;
	char *why = NULL;
	long long id = ctx->game;
	int ok;

	memset(sg, 0, sizeof *sg);
	if (!store_kept_get(ctx->store, &id, &rd))
		return 0;
	sg->g = rd.g;
	memset(&rd.g, 0, sizeof rd.g);
	f = snap_format(&fmt, sg->g.rules);
	ok = f != NULL && strcmp(f, rd.sn.format) == 0 && rd.undo &&
	    game_setup(ctx, sg, 0, &why) == SR_OK &&
	    replay_resume(&sg->rp, rd.sn.state, rd.sn.len, rd.sn.n) == 0;
	buf_free(&fmt);
	free(why);
	if (ok) {
		sg->cache.u = rd.u;
		sg->cache.loaded = 1;
		sg->kept = 1;
	} else
		sr_game_free(sg);
	store_read_clear(&rd);
	return ok;
}

/* Begin, read game *id (0: the current one) and load it; see cmd.h. */
int
sr_game_open(struct sr_ctx *ctx, int write, long long *id, int notes,
    int snap, struct sr_game *sg, char **why)
{
	struct store_read rd;
	struct buf fmt = BUF_INIT;
	int status;

	memset(sg, 0, sizeof *sg);
	status = store_read(ctx->store, write, id, snap ? snap_format : NULL,
	    &fmt, &rd, why);
	buf_free(&fmt);
	if (status != SR_OK)
		return status;
	if ((status = game_take(ctx, &rd, notes, 0, sg, why)) != SR_OK)
		store_rollback(ctx->store);
	store_read_clear(&rd);
	return status;
}

/* Load game id inside the caller's transaction; see cmd.h. */
int
sr_game_get(struct sr_ctx *ctx, long long id, int notes, int snap,
    int players, struct sr_game *sg, char **why)
{
	struct store_read rd;
	struct buf fmt = BUF_INIT;
	const char *f;
	int status;

	memset(sg, 0, sizeof *sg);
	memset(&rd, 0, sizeof rd);
	if ((status = store_game_load(ctx->store, id, &rd.g, why)) != SR_OK)
		return status;
	if (snap && (f = snap_format(&fmt, rd.g.rules)) != NULL) {
		if ((status = store_snapshot_get(ctx->store, id, f, &rd.sn,
		    why)) != SR_OK) {
			buf_free(&fmt);
			store_read_clear(&rd);
			return status;
		}
		rd.snapshot = 1;
	}
	buf_free(&fmt);
	status = game_take(ctx, &rd, notes, players, sg, why);
	store_read_clear(&rd);
	return status;
}

/* Load and replay game id inside the caller's transaction; see cmd.h. */
int
sr_game_read(struct sr_ctx *ctx, long long id, int notes, struct sr_game *sg,
    char **why)
{
	return sr_game_get(ctx, id, notes, 0, 1, sg, why);
}

/* Free a loaded game. */
void
sr_game_free(struct sr_game *sg)
{
	int i;

	replay_free(&sg->rp);
	store_game_clear(&sg->g);
	sr_caches_free(sg->cache.k);
	for (i = 0; i < 16; i++)
		free(sg->opts[i]);
	memset(sg, 0, sizeof *sg);
}

/* The expectation now. */
void
sr_expect(const struct sr_game *sg, struct expectation *x, struct buf *say)
{
	replay_expect(&sg->rp, x, say);
}

/* Scores, winners and ranks in seat order. */
void
sr_ranks(const struct sr_game *sg, long *scores, int *winners, int *ranks)
{
	int i, k, n = sg->g.nplayers;

	memset(winners, 0, sizeof(int) * GAME_MAX_PLAYERS);
	sg->rules->score(sg->rp.st, scores, winners);
	for (i = 0; i < n; i++) {
		ranks[i] = 1;
		for (k = 0; k < n; k++)
			if (scores[k] > scores[i])
				ranks[i]++;
	}
}

/* The state to store for expectation x (STORE_ACTIVE, ...). */
int
sr_store_state(const struct expectation *x)
{
	if (x->abandoned)
		return STORE_ABANDONED;
	return x->finished ? STORE_FINISHED : STORE_ACTIVE;
}

/* "active", "finished" or "abandoned". */
const char *
sr_state_name(const struct expectation *x)
{
	return sr_stored_state_name(sr_store_state(x));
}

/* The word for a stored state (games.finished). */
const char *
sr_stored_state_name(int state)
{
	switch (state) {
	/* N_: JSON keeps the name; a view in words translates it. */
	case STORE_FINISHED:
		return N_("finished");
	case STORE_ABANDONED:
		return N_("abandoned");
	default:
		return N_("active");
	}
}

/* 1 if a and b (either NULL) differ. */
static int
text_differs(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a != b;
	return strcmp(a, b) != 0;
}

/* 1 if replay changed the names or title (rename, title, an undo of either). */
int
sr_names_changed(const struct sr_game *sg)
{
	int i, changed = text_differs(sg->g.title, sg->rp.title);

	for (i = 0; i < sg->g.nplayers; i++)
		changed |= text_differs(sg->g.names[i], sg->rp.names[i]);
	return changed;
}

/* Show the names and title replay has from now on; see cmd.h. */
void
sr_names_take(struct sr_game *sg)
{
	int i;

	for (i = 0; i < sg->g.nplayers; i++) {
		free(sg->g.names[i]);
		sg->g.names[i] = xstrdup(sg->rp.names[i]);
	}
	free(sg->g.title);
	sg->g.title = sg->rp.title != NULL ? xstrdup(sg->rp.title) : NULL;
}

/*
 * Store the names and title now if replay changed them (rename, title,
 * an undo of either), and show them from now on.
 */
int
sr_names_sync(struct sr_ctx *ctx, struct sr_game *sg, char **why)
{
	int status;

	if (!sr_names_changed(sg))
		return SR_OK;
	if ((status = store_game_names(ctx->store, sg->g.id,
	    (const char *const *)sg->rp.names, sg->g.nplayers, sg->rp.title,
	    why)) != SR_OK)
		return status;
	sr_names_take(sg);
	return SR_OK;
}
