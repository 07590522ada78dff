/*
 * store-pg-kept.c: the table's copy of a game on a league (store.h, "The
 * table's own copy"): a file under the client's state folder beside the
 * current game's (pg_client_file: "kept"), the copy and its token, which
 * is the xmin and key of the game's snapshot row as the write the copy
 * was kept from left them (pg_commit reads it; every write transaction
 * of a game changes it: tokens_bump).  A write on the copy
 * (pg_kept_guard) sends, after BEGIN and with the writes and COMMIT in
 * the same round trip:
 *
 *   SET LOCAL lock_timeout = 1	nothing in it waits (a lock another
 *				holds fails it at once: 55P03)
 *   GAME_LOCK_SQL		the game's lock, as every writer takes
 *				it before anything of the game
 *   KEPT_GUARD_SQL		the snapshot row still the one the copy
 *				was kept from (xmin and key), locked;
 *				else 1 / 0 (22012)
 *
 * A failure of any of them fails the COMMIT, which the server then runs
 * as a rollback; the command reads afresh (src/cmd/enter.c).  The guard
 * also stands for the schema's version: a migration changes every
 * token (migrate), so that a copy kept before it never passes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store-pg.h"

/*
 * Game $1's snapshot row, if its xmin and key are still $2 and $3 (the
 * key, a checksum of the game's last entry and state, tells another
 * database's game of the same number whose row an xid of the same
 * number wrote); else 1 / 0.
 */
#define KEPT_GUARD_SQL	"SELECT 1 / count(*) FROM (SELECT 1 FROM snapshots" \
	" WHERE game_id = $1 AND xmin = $2::xid AND key = $3 FOR UPDATE) k"

/* 1 if t is a token: XMIN.KEY (PG_TOKEN). */
static int
token_ok(const char *t)
{
	size_t d = strspn(t, "0123456789");

	return d > 0 && d <= 10 && t[d] == '.' &&
	    strspn(t + d + 1, "0123456789abcdef") == 16 && t[d + 17] == '\0';
}

/* A whole small file's text (at most max bytes), or NULL. */
static char *
slurp(const char *path, size_t max)
{
	FILE *f;
	char *t;
	size_t n;

	if (path == NULL || (f = fopen(path, "r")) == NULL)
		return NULL;
	t = xmalloc(max + 1);
	n = fread(t, 1, max, f);
	fclose(f);
	if (n == max) {
		/* Longer than any copy: not ours. */
		free(t);
		return NULL;
	}
	t[n] = '\0';
	return t;
}

/* The copy of game *id (0: the current game's), if kept; see store.h. */
int
pg_kept_get(struct store *st, long long *id, struct store_read *r,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	char *path, *text, *token;
	long long game = *id;

	(void)why;
	memset(r, 0, sizeof *r);
	s->kept_game = 0;
	s->kept_token[0] = '\0';
	if (game == 0)
		game = s->has_current ? s->current : pg_current_read(s);
	/* Without pipeline mode a write is a trip a statement: no gain. */
	if (game <= 0 || !s->pipe)
		return SR_OK;
	text = slurp(path = pg_client_file(s, "kept"), 1 << 20);
	free(path);
	if (text == NULL)
		return SR_OK;
	if (store_kept_decode(text, r, &token) != 0 || r->g.id != game ||
	    !token_ok(token)) {
		store_read_clear(r);
		free(text);
		free(token);
		return SR_OK;
	}
	free(text);
	memcpy(s->kept_token, token, strlen(token) + 1);
	free(token);
	s->kept_game = game;
	*id = game;
	return SR_OK;
}

/*
 * Keep r as the copy of its game with the last COMMIT's token, or
 * forget the copy (r NULL, no token of r's game): written whole (a
 * temporary file renamed), not synced: a copy lost costs a read.
 */
int
pg_kept_put(struct store *st, const struct store_read *r, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	char *path = pg_client_file(s, "kept"), *text = NULL;

	(void)why;
	if (path == NULL)
		return SR_OK;
	if (r != NULL && r->snapshot && r->g.id == s->token_game &&
	    s->token[0] != '\0')
		text = store_kept_encode(r, s->token);
	if (text == NULL || pg_client_put(path, text, 0) != 0)
		unlink(path);
	free(text);
	free(path);
	return SR_OK;
}

/* The guard of a write on game's copy, sent after BEGIN; see above. */
int
pg_kept_guard(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	char xmin[PG_TOKEN], *key;

	if (!s->intx || !s->write || game == 0 || s->kept_game != game ||
	    !token_ok(s->kept_token))
		return store_fail(why, SR_SYSTEM, "no copy of game %lld kept",
		    game);
	strcpy(xmin, s->kept_token);
	key = strchr(xmin, '.');
	*key++ = '\0';
	/*
	 * The version is judged by the guard (a migration changes every
	 * token): not asked.  A failure asks it again (pg_commit).
	 */
	s->kept_trip = 1;
	s->kept_unverified = s->unverified;
	s->unverified = 0;
	s->schema_unsent = 0;
	pg_send_q(s, NULL, "SET LOCAL lock_timeout = 1", "");
	pg_send_q(s, NULL, GAME_LOCK_SQL, "I", game);
	pg_send_q(s, NULL, KEPT_GUARD_SQL, "Itt", game, xmin, key);
	pg_game_locked_now(s, game);
	return pg_sent(s, why);
}
