/*
 * session.c: the store opened on first use (a migrated one has its
 * summaries rebuilt, src/cmd/check.c), and a command's game found (-g or
 * the current one) and loaded in a transaction it begins.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd.h"
#include "notice.h"

/* Open the store on first use; only with create is a missing one made. */
static int
store_use(struct sr_ctx *ctx, int create)
{
	char *why = NULL;
	int status;

	if (ctx->store != NULL)
		return SR_OK;
	if ((status = store_open(ctx->db_path, ctx->paths.state, create,
	    &ctx->store, &why)) != SR_OK)
		return sr_store_error(ctx, status, why);
	/*
	 * Summaries are a cache of the entries: a migration rebuilds them,
	 * in its own transaction (committed by the rebuild).
	 */
	if (store_migrated(ctx->store) &&
	    (status = sr_summaries_rebuild(ctx)) != SR_OK) {
		store_rollback(ctx->store);
		store_close(ctx->store);
		ctx->store = NULL;
		return status;
	}
	return SR_OK;
}

/* Open the store on first use; a missing database is SR_DATA. */
int
sr_store(struct sr_ctx *ctx)
{
	return store_use(ctx, 0);
}

/* Open the store on first use, creating it (new, import). */
int
sr_store_create(struct sr_ctx *ctx)
{
	return store_use(ctx, 1);
}

/* The store lost: closed and opened again; see cmd.h. */
int
sr_store_again(struct sr_ctx *ctx, char **why)
{
	store_close(ctx->store);
	ctx->store = NULL;
	return store_open(ctx->db_path, ctx->paths.state, 0, &ctx->store,
	    why);
}

/*
 * sr_store_back()'s patience: a try every SR_BACK_NAP_MS, SR_BACK_TRIES
 * of them (a server restarting takes a few seconds to take connections
 * again, after recovery).
 */
#define SR_BACK_TRIES	60
#define SR_BACK_NAP_MS	250

/* The store lost: opened again, waiting for its server; see cmd.h. */
int
sr_store_back(struct sr_ctx *ctx, char **why)
{
	struct timespec nap = { 0, SR_BACK_NAP_MS * 1000000L }, left;
	int status, i;

	for (i = 0;; i++) {
		if ((status = sr_store_again(ctx, why)) == SR_OK ||
		    i + 1 >= SR_BACK_TRIES)
			return status;
		free(*why);
		*why = NULL;
		left = nap;
		while (nanosleep(&left, &left) != 0 && errno == EINTR)
			;
	}
}

/* A commit in doubt: connected again, looked at and said; see cmd.h. */
int
sr_doubt_look(struct sr_ctx *ctx, sr_doubt_fn *look, void *arg,
    const struct sr_doubt_words *words, const char *why)
{
	char *again = NULL;
	int status, there = 0;

	if ((status = sr_store_back(ctx, &again)) == SR_OK)
		status = look(ctx, arg, &there, &again);
	free(again);
	if (status == SR_OK && there) {
		sr_print_aside(ctx, _(words->recorded));
		return SR_OK;
	}
	return sr_error(ctx, SR_SYSTEM, "%s; %s", why, status == SR_OK ?
	    _(words->not_recorded) : _(words->not_known));
}

/* notice_source()'s take: the store's notifications read. */
static int
notice_take_store(void *arg)
{
	return store_notice_take(arg);
}

/* What the store says a view should sleep on (none if it cannot say). */
static void
notice_of_store(struct sr_ctx *ctx, const char **path, int *fd)
{
	char *why = NULL;

	if (store_notice(ctx->store, path, fd, &why) != SR_OK) {
		free(why);
		*path = NULL;
		*fd = -1;
	}
}

/* A view's change notice; see cmd.h. */
struct notice *
sr_notice_open(struct sr_ctx *ctx)
{
	struct notice *nt;
	const char *path;
	int fd;

	notice_of_store(ctx, &path, &fd);
	nt = notice_open(path != NULL ? path : ctx->db_path);
	if (fd >= 0)
		(void)notice_source(nt, fd, notice_take_store, ctx->store);
	return nt;
}

/* Before a view's look: the store connected again if it was lost. */
int
sr_notice_look(struct sr_ctx *ctx, struct notice *nt)
{
	char *why = NULL;
	const char *path;
	int fd;

	if (ctx->store != NULL && !store_lost(ctx->store))
		return 1;
	if (sr_store_again(ctx, &why) != SR_OK) {
		free(why);
		return 0;
	}
	notice_of_store(ctx, &path, &fd);
	if (fd >= 0)
		(void)notice_source(nt, fd, notice_take_store, ctx->store);
	return 1;
}

/*
 * Begin, find the game and load it (snap: from its snapshot if fits).
 * With busy, a write that does not wait for another's lock: *busy 1, no
 * message and nothing loaded, when another holds it or the engine
 * cannot tell (store_try_write).
 */
static int
game_load(struct sr_ctx *ctx, int write, int notes, int snap,
    struct sr_game *sg, int *busy)
{
	char *why = NULL;
	long long id = ctx->game;
	int status;

	memset(sg, 0, sizeof *sg);
	if ((status = sr_store(ctx)) != SR_OK)
		return status;
	if (busy != NULL && (*busy = !store_try_write(ctx->store)))
		return SR_OK;
	status = sr_game_open(ctx, write, &id, notes, snap, sg, &why);
	if (status != SR_OK && busy != NULL && store_busy(ctx->store)) {
		free(why);
		*busy = 1;
		return SR_OK;
	}
	return status != SR_OK ? sr_store_error(ctx, status, why) : SR_OK;
}

/* Load and replay the game; see cmd.h. */
int
sr_game_load(struct sr_ctx *ctx, int write, int notes, struct sr_game *sg)
{
	return game_load(ctx, write, notes, 0, sg, NULL);
}

/* Load the game's state, from its snapshot if it fits; see cmd.h. */
int
sr_game_load_state(struct sr_ctx *ctx, int write, struct sr_game *sg)
{
	return game_load(ctx, write, 0, 1, sg, NULL);
}

/* The same in a write that does not wait for another's lock; cmd.h. */
int
sr_game_load_at_once(struct sr_ctx *ctx, struct sr_game *sg, int *busy)
{
	return game_load(ctx, 1, 0, 1, sg, busy);
}
