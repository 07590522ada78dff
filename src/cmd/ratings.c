/*
 * ratings.c: every player's rating per rules over the finished games, and
 * the coach's view of their decisions beside it (ratings.h).  One read of
 * the games' results in the order they finished and one of the coach's
 * cache: no game replayed but one whose figures are not cached yet.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ratings.h"
#include "utf8.h"

/* A game whose coach's figures are to be made: its seats' players. */
struct missing {
	long long	 game;
	int		 last;
	int		 nplayers;
	int		 who[GAME_MAX_PLAYERS];
};

/* The read in progress. */
struct rate_run {
	struct sr_ratings	*rs;
	long long		 since, until;
	int			 curves;
	int			 keep;		/* store the figures made */
	struct store_coach	*rows;		/* the cache, by game */
	size_t			 nrows;
	struct missing		*miss;
	int			 nmiss;
	/* Each spelling met ("rules\037name") to its player: hashed. */
	struct spelling {
		char		*key;
		int		 who;
	}			*names;
	size_t			 nnames, room;
};

/* A local date's start (or its end) into *t; see ratings.h. */
int
sr_date_parse(const char *s, int end, long long *t)
{
	struct tm tm;
	int y, m, d, i;
	time_t when;

	if (s == NULL || strlen(s) != 10 || s[4] != '-' || s[7] != '-')
		return -1;
	for (i = 0; i < 10; i++)
		if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
			return -1;
	y = atoi(s);
	m = atoi(s + 5);
	d = atoi(s + 8);
	if (y < 1970 || m < 1 || m > 12 || d < 1 || d > 31)
		return -1;
	memset(&tm, 0, sizeof tm);
	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	tm.tm_isdst = -1;
	/* 2026-02-30 is no date: mktime would make it March 2nd. */
	if ((when = mktime(&tm)) == (time_t)-1 || tm.tm_mday != d ||
	    tm.tm_mon != m - 1)
		return -1;
	if (end) {
		memset(&tm, 0, sizeof tm);
		tm.tm_year = y - 1900;
		tm.tm_mon = m - 1;
		tm.tm_mday = d + 1;
		tm.tm_isdst = -1;
		if ((when = mktime(&tm)) == (time_t)-1)
			return -1;
	}
	*t = (long long)when;
	return 0;
}

/* 64-bit FNV-1a of s. */
static uint64_t
spelling_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

/* The slot of key in k's table: its own, or the empty one it would take. */
static size_t
spelling_slot(const struct rate_run *k, const char *key)
{
	size_t i = (size_t)spelling_hash(key) & (k->room - 1);

	while (k->names[i].key != NULL && strcmp(k->names[i].key, key) != 0)
		i = (i + 1) & (k->room - 1);
	return i;
}

/* Remember that key is player who's (the table at most half full). */
static void
spelling_add(struct rate_run *k, char *key, int who)
{
	struct spelling *old = k->names;
	size_t n = k->room, i;

	if (2 * (k->nnames + 1) > k->room) {
		k->room = k->room == 0 ? 64 : 2 * k->room;
		k->names = xcalloc(k->room, sizeof *k->names);
		for (i = 0; i < n; i++)
			if (old[i].key != NULL)
				k->names[spelling_slot(k, old[i].key)] = old[i];
		free(old);
	}
	i = spelling_slot(k, key);
	k->names[i].key = key;
	k->names[i].who = who;
	k->nnames++;
}

/*
 * The player called name at rules: found by this spelling (hashed), else
 * by any case of it (Zoë is ZOË: the spelling is remembered), else added
 * with a new rating.
 */
static int
rated_find(struct rate_run *k, const char *name, const char *rules)
{
	struct sr_ratings *rs = k->rs;
	struct sr_rated *p;
	struct buf key = BUF_INIT;
	size_t slot;
	int i;

	buf_printf(&key, "%s\037%s", rules, name);
	if (k->room > 0 && k->names[slot = spelling_slot(k,
	    buf_str(&key))].key != NULL) {
		buf_free(&key);
		return k->names[slot].who;
	}
	for (i = 0; i < rs->n; i++)
		if (strcmp(rs->p[i].rules, rules) == 0 &&
		    utf8_casecmp(rs->p[i].name, name) == 0)
			break;
	if (i == rs->n) {
		rs->p = xreallocarray(rs->p, (size_t)rs->n + 1,
		    sizeof *rs->p);
		p = &rs->p[rs->n++];
		memset(p, 0, sizeof *p);
		p->name = xstrdup(name);
		snprintf(p->rules, sizeof p->rules, "%s", rules);
		rating_init(&p->r);
	}
	spelling_add(k, key.s, i);
	return i;
}

/* Keep a row of the coach's cache. */
static int
coach_keep(void *arg, const struct store_coach *row)
{
	struct rate_run *k = arg;

	if ((k->nrows & (k->nrows + 1)) == 0 || k->nrows == 0)
		k->rows = xreallocarray(k->rows, 2 * k->nrows + 2,
		    sizeof *k->rows);
	k->rows[k->nrows++] = *row;
	return 0;
}

/* The first row of game's cache (rows are by game), or NULL. */
static const struct store_coach *
coach_first(const struct rate_run *k, long long game)
{
	size_t lo = 0, hi = k->nrows, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (k->rows[mid].game < game)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < k->nrows && k->rows[lo].game == game ? &k->rows[lo] :
	    NULL;
}

/* Add c's figures of seat to player p. */
static void
coach_add(struct sr_rated *p, const long *dec, const long long *err)
{
	int b;

	for (b = 0; b < SR_COACH_BASES; b++) {
		p->dec[b] += dec[b];
		p->err[b] += err[b];
	}
}

/* One finished game: its players' ratings, tallies and coach's figures. */
static int
rate_one(void *arg, const struct store_result *res)
{
	struct rate_run *k = arg;
	struct sr_ratings *rs = k->rs;
	struct rating r[GAME_MAX_PLAYERS];
	const struct store_coach *c, *end;
	long dec[GAME_MAX_PLAYERS][SR_COACH_BASES];
	long long err[GAME_MAX_PLAYERS][SR_COACH_BASES];
	int who[GAME_MAX_PLAYERS], rank[GAME_MAX_PLAYERS], i, j, n;
	int fits = 0;

	n = res->nplayers;
	if (n < 2 || (k->since != 0 && res->at < k->since) ||
	    (k->until != 0 && res->at >= k->until))
		return 0;
	for (i = 0; i < n; i++) {
		who[i] = rated_find(k, res->names[i], res->rules);
		/* Equal scores share a rank (1, 1, 3): a tie. */
		rank[i] = 1;
		for (j = 0; j < n; j++)
			if (res->scores[j] > res->scores[i])
				rank[i]++;
		r[i] = rs->p[who[i]].r;
	}
	rating_update(r, rank, n);
	for (i = 0; i < n; i++) {
		struct sr_rated *p = &rs->p[who[i]];

		p->r = r[i];
		p->played++;
		p->won += res->won[i] != 0;
		if (k->curves) {
			p->mu = xreallocarray(p->mu, (size_t)p->npoints + 1,
			    sizeof *p->mu);
			p->at = xreallocarray(p->at, (size_t)p->npoints + 1,
			    sizeof *p->at);
			p->mu[p->npoints] = r[i].mu;
			p->at[p->npoints++] = res->at;
		}
	}
	/* The coach's figures: those cached for its entries now, else made. */
	memset(dec, 0, sizeof dec);
	memset(err, 0, sizeof err);
	end = k->rows + k->nrows;
	for (c = coach_first(k, res->game); c != NULL && c < end &&
	    c->game == res->game; c++) {
		if (c->n != res->last)
			break;
		if (c->seat == -1)
			fits = 1;
		else if (c->seat >= 0 && c->seat < n && c->basis >= 0 &&
		    c->basis < SR_COACH_BASES) {
			dec[c->seat][c->basis] = c->decisions;
			err[c->seat][c->basis] = c->error;
		}
	}
	if (!fits) {
		struct missing *m;

		k->miss = xreallocarray(k->miss, (size_t)k->nmiss + 1,
		    sizeof *k->miss);
		m = &k->miss[k->nmiss++];
		m->game = res->game;
		m->last = res->last;
		m->nplayers = n;
		memcpy(m->who, who, sizeof who);
		return 0;
	}
	for (i = 0; i < n; i++)
		coach_add(&rs->p[who[i]], dec[i], err[i]);
	return 0;
}

/*
 * The coach's figures of the games that had none: made in the read
 * transaction still open, added, then stored in a write of their own
 * (one that fails is let go: they are made again next time).
 */
static int
coach_fill(struct sr_ctx *ctx, struct rate_run *k, char **why)
{
	struct sr_coach *c;
	int i, p, np, status = SR_OK;
	char *err = NULL;

	if (k->nmiss == 0)
		return SR_OK;
	c = xcalloc((size_t)k->nmiss, sizeof *c);
	for (i = 0; i < k->nmiss; i++) {
		struct missing *m = &k->miss[i];

		status = sr_coach_game(ctx, m->game, &c[i], &np, &err);
		if (status == SR_DATA || (status == SR_OK && np !=
		    m->nplayers)) {
			/* A game that does not replay: check says so. */
			free(err);
			err = NULL;
			m->game = 0;
			status = SR_OK;
			continue;
		}
		if (status != SR_OK) {
			*why = err;
			free(c);
			return status;
		}
		for (p = 0; p < m->nplayers; p++)
			coach_add(&k->rs->p[m->who[p]], c[i].decisions[p],
			    c[i].error[p]);
	}
	store_rollback(ctx->store);
	if (k->keep && store_begin(ctx->store, 1, &err) == SR_OK) {
		for (i = 0; i < k->nmiss && status == SR_OK; i++)
			if (k->miss[i].game != 0)
				status = sr_coach_save(ctx, k->miss[i].game,
				    k->miss[i].last, &c[i],
				    k->miss[i].nplayers, &err);
		if (status == SR_OK)
			(void)store_commit(ctx->store, &err);
	}
	store_rollback(ctx->store);
	free(err);
	free(c);
	return SR_OK;
}

/* Rate the finished games; see ratings.h. */
int
sr_ratings_read(struct sr_ctx *ctx, const char *rules, long long since,
    long long until, int curves, int keep, struct sr_ratings *rs,
    char **why)
{
	struct rate_run k;
	size_t i;
	int status;

	memset(rs, 0, sizeof *rs);
	memset(&k, 0, sizeof k);
	k.rs = rs;
	k.since = since;
	k.until = until;
	k.curves = curves;
	k.keep = keep;
	if ((status = store_begin(ctx->store, 0, why)) != SR_OK)
		return status;
	if ((status = store_coach_rows(ctx->store, 0, coach_keep, &k,
	    why)) == SR_OK &&
	    (status = store_results(ctx->store, rules, rate_one, &k, why)) ==
	    SR_OK)
		status = coach_fill(ctx, &k, why);
	store_rollback(ctx->store);
	free(k.rows);
	free(k.miss);
	for (i = 0; i < k.room; i++)
		free(k.names[i].key);
	free(k.names);
	return status;
}

/* The position of rules in the game table (unknown ones last). */
static int
rules_order(const char *rules)
{
	const struct game_rules *g = game_find(rules);
	int i;

	for (i = 0; g != NULL && game_table[i] != NULL; i++)
		if (game_table[i] == g)
			return i;
	return 1000;
}

/* By rules, then the best ordinal first, then by name. */
static int
rated_cmp(const void *a, const void *b)
{
	const struct sr_rated *x = a, *y = b;
	double ox = rating_ordinal(&x->r), oy = rating_ordinal(&y->r);
	int rx = rules_order(x->rules), ry = rules_order(y->rules);

	if (rx != ry)
		return rx < ry ? -1 : 1;
	if (strcmp(x->rules, y->rules) != 0)
		return strcmp(x->rules, y->rules);
	if (ox != oy)
		return ox > oy ? -1 : 1;
	return utf8_casecmp(x->name, y->name);
}

/* Sort the players; see ratings.h. */
void
sr_ratings_sort(struct sr_ratings *rs)
{
	if (rs->n > 1)
		qsort(rs->p, (size_t)rs->n, sizeof *rs->p, rated_cmp);
}

/* Every decision of p. */
long
sr_rated_decisions(const struct sr_rated *p)
{
	long n = 0;
	int b;

	for (b = 0; b < SR_COACH_BASES; b++)
		n += p->dec[b];
	return n;
}

/* The error per decision on the basis most used, or -1. */
double
sr_rated_error(const struct sr_rated *p)
{
	int b, best = 0;

	for (b = 1; b < SR_COACH_BASES; b++)
		if (p->dec[b] > p->dec[best])
			best = b;
	if (p->dec[best] == 0)
		return -1;
	return (double)p->err[best] / 1e6 / (double)p->dec[best];
}

/* Free what sr_ratings_read() made. */
void
sr_ratings_free(struct sr_ratings *rs)
{
	int i;

	for (i = 0; i < rs->n; i++) {
		free(rs->p[i].name);
		free(rs->p[i].mu);
		free(rs->p[i].at);
	}
	free(rs->p);
	memset(rs, 0, sizeof *rs);
}
