/*
 * check.c: the database's integrity checked (SQLite's own check, every
 * game replayed, every derived summary: each game's state, each seat's
 * score and win, the snapshots, the caches, the all-time tallies,
 * compared with what its entries give) and, with repair, the derived
 * data rebuilt from the entries (they are a cache of them, as git's
 * index is of its objects): for `check` and for a migration.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "coach.h"
#include "i18n.h"
#include "utf8.h"

/*
 * Record one problem (a line in words), every byte of stored text in it
 * escaped (\xNN): a line on a terminal, a valid JSON string.
 */
static void
vproblem(struct sr_check *ck, const char *fmt, va_list ap)
{
	struct buf b = BUF_INIT, e = BUF_INIT;

	buf_vprintf(&b, _(fmt), ap);
	utf8_escape(&e, buf_str(&b), 0, 0);
	xjson_push(ck->problems, json_string(buf_str(&e)));
	buf_free(&b);
	buf_free(&e);
}

/* A problem in the derived data: a rebuild mends it. */
static void __attribute__((format(printf, 2, 3)))
problem(struct sr_check *ck, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vproblem(ck, fmt, ap);
	va_end(ap);
}

/* A problem in what is not derived (the entries, the setup): it stays. */
static void __attribute__((format(printf, 2, 3)))
broken(struct sr_check *ck, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vproblem(ck, fmt, ap);
	va_end(ap);
	ck->lasting++;
}

/* Stored text s quoted in a problem: escaped, cut after 64 characters. */
static const char *
quote(struct buf *b, const char *s)
{
	buf_reset(b);
	utf8_escape(b, s != NULL ? s : "", 64, 0);
	return buf_str(b);
}

/* A line of SQLite's integrity check. */
static int
integrity_one(void *arg, const char *line)
{
	broken(arg, "sqlite: %s", line);
	return 0;
}

/* Rows of a game that does not exist. */
static int
orphan_one(void *arg, const char *table, long long game, long rows)
{
	struct sr_check *ck = arg;

	if (strcmp(table, "snapshots") == 0)
		problem(ck, "game %lld: a snapshot of a game that does not "
		    "exist", game);
	else if (strcmp(table, "entries") == 0)
		broken(ck, P_("game %lld: %ld entry of a game that does not "
		    "exist", "game %lld: %ld entries of a game that does not "
		    "exist", rows), game, rows);
	else if (strcmp(table, "seats") == 0)
		broken(ck, P_("game %lld: %ld seat of a game that does not "
		    "exist", "game %lld: %ld seats of a game that does not "
		    "exist", rows), game, rows);
	else if (strcmp(table, "setups") == 0)
		broken(ck, "game %lld: a creation record of a game that does "
		    "not exist", game);
	else if (strcmp(table, "tallies") == 0)
		problem(ck, P_("player %lld: %ld tally of a player that does "
		    "not exist", "player %lld: %ld tallies of a player that "
		    "does not exist", rows), game, rows);
	else
		problem(ck, P_("game %lld: %ld row of %s of a game that does "
		    "not exist", "game %lld: %ld rows of %s of a game that "
		    "does not exist", rows), game, rows, table);
	return 0;
}

/* A tally that differs from the games' summaries. */
static int
tally_one(void *arg, const char *name, const char *rules, long played,
    long won, long right_played, long right_won)
{
	struct buf q = BUF_INIT;

	problem(arg, "tally of '%s' at %s: played %ld, won %ld; the games "
	    "give played %ld, won %ld", quote(&q, name), rules, played, won,
	    right_played, right_won);
	buf_free(&q);
	return 0;
}

/* A cache beyond the snapshot that differs (src/cmd/cache.c). */
static void
caches_one(void *arg, const char *line)
{
	problem(arg, "%s", line);
}

/*
 * Compare game sg's snapshot (a cache of its replay: see
 * sr_game_load_state) with its replay; with repair, store the replay's.
 * A game with no entries needs none.  Returns SR_OK or a store failure.
 */
static int
check_snapshot(struct sr_check *ck, const struct sr_game *sg, int repair,
    char **why)
{
	struct store_snapshot sn;
	struct buf fmt = BUF_INIT, b = BUF_INIT, q = BUF_INIT;
	long long id = sg->g.id;
	int status, bad = 1;

	if (replay_snapshot(&sg->rp, &b) != 0)
		return SR_OK;
	replay_format(sg->rules, &fmt);
	if ((status = store_snapshot_get(ck->ctx->store, id, buf_str(&fmt),
	    &sn, why)) != SR_OK)
		goto out;
	switch (sn.fit) {
	case STORE_SNAP_MISSING:
		if ((bad = sg->rp.nentries > 0))
			problem(ck, "game %lld: it has no snapshot of its "
			    "replay", id);
		break;
	case STORE_SNAP_FORMAT:
		problem(ck, "game %lld: its snapshot is in format '%s', not "
		    "'%s'", id, quote(&q, sn.format), buf_str(&fmt));
		break;
	case STORE_SNAP_STALE:
		problem(ck, "game %lld: its snapshot is of its entries up to "
		    "%d; they end at %d", id, sn.n, sn.last);
		break;
	case STORE_SNAP_KEY:
		problem(ck, "game %lld: its snapshot does not match its "
		    "checksum", id);
		break;
	default:
		if ((bad = sn.len != b.len || memcmp(sn.state, b.s, b.len) !=
		    0))
			problem(ck, "game %lld: its snapshot differs from the "
			    "replay of its entries", id);
		break;
	}
	if (bad && repair)
		status = sr_snapshot_save(ck->ctx, id, &sg->rp, why);
out:
	store_snapshot_clear(&sn);
	buf_free(&fmt);
	buf_free(&b);
	buf_free(&q);
	return status;
}

/* 1 if a and b (either NULL) differ. */
static int
differs(const char *a, const char *b)
{
	return a == NULL || b == NULL ? a != b : strcmp(a, b) != 0;
}

/* 1 if names a and b differ beyond the case of ASCII letters (players'). */
static int
player_differs(const char *a, const char *b)
{
	char x, y;

	if (a == NULL || b == NULL)
		return 1;
	do {
		x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
		y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
		a++;
		b++;
	} while (x == y && x != '\0');
	return x != y;
}

/*
 * Game g's setup as stored compared with its creation record (written by
 * `new` or `import`, never changed): a difference is a change nobody
 * proves, so it is broken (never rebuilt: --repair would make it the
 * game's).  credited: the name of each seat's player, for
 * check_credited() (free them).  0, or -1 with *why set.
 */
static int
check_record(struct sr_check *ck, long long id, const struct store_game *g,
    char **credited, char **why)
{
	struct store_game rec;
	struct buf q1 = BUF_INIT, q2 = BUF_INIT;
	int i, n;

	if (store_setup_record(ck->ctx->store, id, &rec, credited, why) !=
	    SR_OK) {
		store_game_clear(&rec);
		return -1;
	}
	if (rec.id == 0)
		broken(ck, "game %lld: it has no creation record", id);
	else {
		if (differs(g->rules, rec.rules))
			broken(ck, "game %lld: its rules are stored as '%s', "
			    "its creation record says '%s'", id,
			    quote(&q1, g->rules), quote(&q2, rec.rules));
		if (differs(g->options, rec.options))
			broken(ck, "game %lld: its options are stored as "
			    "'%s', its creation record says '%s'", id,
			    quote(&q1, g->options), quote(&q2, rec.options));
		if (differs(g->title0, rec.title0) || differs(g->uid,
		    rec.uid) || g->created != rec.created)
			broken(ck, "game %lld: its title, uid or time of "
			    "creation differs from its creation record", id);
		if (rec.nplayers < 0)
			broken(ck, "game %lld: its creation record's names are "
			    "not a JSON array of at most %d", id,
			    GAME_MAX_PLAYERS);
		else if (rec.nplayers != g->nplayers)
			broken(ck, "game %lld: %d seats stored, its creation "
			    "record has %d", id, g->nplayers, rec.nplayers);
		n = rec.nplayers < g->nplayers ? rec.nplayers : g->nplayers;
		for (i = 0; i < n; i++)
			if (differs(g->names0[i], rec.names0[i]))
				broken(ck, "game %lld: seat %d was created as "
				    "'%s', its creation record says '%s'", id,
				    i + 1, quote(&q1, g->names0[i]),
				    quote(&q2, rec.names0[i]));
	}
	store_game_clear(&rec);
	buf_free(&q1);
	buf_free(&q2);
	return 0;
}

/*
 * The game's setup as stored, before any replay: its seats (as many as
 * the rules take, numbered from 1 without a gap), its options (a JSON
 * object of the rules' options, each value one they take), its stored
 * state a known one, its names and title text `new` would take.
 * Problems found are broken ones (no rebuild mends them); returns how
 * many, or -1 with *why set on a store failure.
 */
static int
check_setup(struct sr_check *ck, long long id, const struct store_game *g,
    const struct game_rules *rules, char **credited, char **why)
{
	struct buf q = BUF_INIT;
	const char *key, *t;
	json_t *o, *v;
	int n, numbered, k, i, before = ck->lasting;

	if (store_seats_shape(ck->ctx->store, id, &n, &numbered, why) !=
	    SR_OK) {
		buf_free(&q);
		return -1;
	}
	if (n < rules->min_players || n > rules->max_players)
		broken(ck, P_("game %lld: %d seat stored; %s is for %d to "
		    "%d players", "game %lld: %d seats stored; %s is for %d "
		    "to %d players", n), id, n, rules->name,
		    rules->min_players, rules->max_players);
	else if (!numbered)
		broken(ck, "game %lld: its seats are not numbered 1 to %d "
		    "without a gap", id, n);
	if (g->finished != STORE_ACTIVE && g->finished != STORE_FINISHED &&
	    g->finished != STORE_ABANDONED)
		problem(ck, "game %lld: stored with state %d, not one of "
		    "active, finished, abandoned", id, g->finished);
	o = g->options != NULL ? json_loads(g->options, 0, NULL) : NULL;
	if (!json_is_object(o))
		broken(ck, "game %lld: its options '%s' are not a JSON object",
		    id, quote(&q, g->options));
	else
		json_object_foreach(o, key, v) {
			if ((k = game_option_index(rules, key)) < 0) {
				broken(ck, "game %lld: %s has no option '%s'",
				    id, rules->name, quote(&q, key));
				continue;
			}
			if (!json_is_string(v) ||
			    !rules->options[k].valid(json_string_value(v)))
				broken(ck, "game %lld: option '%s' is stored "
				    "with a value it does not take (%s)", id,
				    key, rules->options[k].values);
		}
	json_decref(o);
	if (g->title0 != NULL && (t = utf8_text_why(g->title0)) != NULL)
		broken(ck, "game %lld: its title '%s' %s", id,
		    quote(&q, g->title0), t);
	for (i = 0; i < g->nplayers; i++)
		if (!game_name_valid(g->names0[i], &t) ||
		    (t = utf8_text_why(g->names0[i])) != NULL)
			broken(ck, "game %lld: seat %d's name '%s' %s", id,
			    i + 1, quote(&q, g->names0[i]), t);
	buf_free(&q);
	if (check_record(ck, id, g, credited, why) != 0)
		return -1;
	return ck->lasting - before;
}

/* The names check_record() gave, freed. */
static void
check_credited_free(char **credited)
{
	int i;

	for (i = 0; i < GAME_MAX_PLAYERS; i++) {
		free(credited[i]);
		credited[i] = NULL;
	}
}

/*
 * Each seat's player (credited, freed here) compared with the name its
 * creation and rename entries give it and with its stored name (which
 * the player follows: a stored name out of step is derived, and
 * check_summary() finds it): a player that is neither is a seat's
 * player or a player's name changed behind shakeref, broken.  How many.
 */
static int
check_credited(struct sr_check *ck, const struct sr_game *sg,
    char **credited)
{
	struct buf q1 = BUF_INIT, q2 = BUF_INIT;
	int i, before = ck->lasting;

	for (i = 0; i < GAME_MAX_PLAYERS; i++) {
		if (i < sg->g.nplayers && sg->rp.names[i] != NULL &&
		    player_differs(sg->rp.names[i], credited[i]) &&
		    player_differs(sg->g.names[i], credited[i]))
			broken(ck, "game %lld: seat %d ('%s') is credited to "
			    "player '%s'", sg->g.id, i + 1,
			    quote(&q1, sg->rp.names[i]),
			    quote(&q2, credited[i]));
	}
	check_credited_free(credited);
	buf_free(&q1);
	buf_free(&q2);
	return ck->lasting - before;
}

/* The entries numbered 1..n in order, without a gap; 0 or 1 (reported). */
static int
check_numbering(struct sr_check *ck, long long id, const struct replay *rp)
{
	int i;

	for (i = 0; i < rp->nentries; i++)
		if (rp->entries[i].n != i + 1) {
			broken(ck, "game %lld: entry %d is numbered %d; entries "
			    "are numbered from 1 without a gap", id, i + 1,
			    rp->entries[i].n);
			return 1;
		}
	return 0;
}

/*
 * Compare game sg's stored summary (its state, each seat's score and
 * win) and its names and title with what its replay gives (x, scores,
 * winners); problems into ck, *bad set if any differs.  SR_OK, or a
 * store failure with *why set.
 */
static int
check_summary(struct sr_check *ck, const struct sr_game *sg,
    const struct expectation *x, const long *scores, const int *winners,
    int *bad, char **why)
{
	struct buf q1 = BUF_INIT, q2 = BUF_INIT;
	long stored[GAME_MAX_PLAYERS];
	int won[GAME_MAX_PLAYERS], finished, i, status;
	long long id = sg->g.id;

	*bad = 0;
	memset(stored, 0, sizeof stored);
	memset(won, 0, sizeof won);
	if ((status = store_summary_load(ck->ctx->store, id, &finished,
	    stored, won, sg->g.nplayers, why)) != SR_OK)
		return status;
	if (finished != sr_store_state(x)) {
		problem(ck, "game %lld: stored as %s, its entries give %s", id,
		    _(sr_stored_state_name(finished)), _(sr_state_name(x)));
		*bad = 1;
	}
	/* The names and title now, as the rename and title entries give. */
	for (i = 0; i < sg->g.nplayers; i++)
		if (strcmp(sg->g.names[i], sg->rp.names[i]) != 0) {
			problem(ck, "game %lld: seat %d is stored as '%s', its "
			    "entries give '%s'", id, i + 1,
			    quote(&q1, sg->g.names[i]),
			    quote(&q2, sg->rp.names[i]));
			*bad = 1;
		}
	if ((sg->g.title == NULL) != (sg->rp.title == NULL) ||
	    (sg->g.title != NULL && strcmp(sg->g.title, sg->rp.title) != 0)) {
		problem(ck, "game %lld: its title is stored as '%s', its "
		    "entries give '%s'", id, quote(&q1, sg->g.title),
		    quote(&q2, sg->rp.title));
		*bad = 1;
	}
	for (i = 0; i < sg->g.nplayers; i++) {
		if (stored[i] != scores[i]) {
			problem(ck, E_(sg->rp.names[i], _("game %lld: %s's "
			    "score is stored as %ld, its entries give %ld"),
			    C_("elided", "game %lld: %s's score is stored as "
			    "%ld, its entries give %ld")), id,
			    quote(&q1, sg->rp.names[i]), stored[i], scores[i]);
			*bad = 1;
		}
		if ((won[i] != 0) != (x->finished && winners[i])) {
			problem(ck, "game %lld: %s is stored as %s, its "
			    "entries say %s", id, quote(&q1, sg->rp.names[i]),
			    won[i] ? _("a winner") : _("not a winner"),
			    x->finished && winners[i] ? _("a winner") :
			    _("not a winner"));
			*bad = 1;
		}
	}
	buf_free(&q1);
	buf_free(&q2);
	return SR_OK;
}

/*
 * Replay game id from its entries alone and compare everything stored
 * about it; with repair, store the derived data the replay gives (never
 * for a game whose setup or entries are broken: nothing is credited from
 * a log that is not a game).  Returns SR_OK or a store failure.
 */
static int
check_game(struct sr_check *ck, long long id, int repair, char **why)
{
	struct sr_ctx *ctx = ck->ctx;
	struct sr_game sg;
	struct expectation x;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS];
	int bad, status, nbroken;
	const struct game_rules *rules;
	struct store_game g;
	char *err = NULL, *credited[GAME_MAX_PLAYERS];

	/* The setup first: a replay of a broken one may fail for it. */
	memset(credited, 0, sizeof credited);
	if ((status = store_game_load(ctx->store, id, &g, why)) != SR_OK)
		return status;
	nbroken = (rules = game_find(g.rules)) != NULL ?
	    check_setup(ck, id, &g, rules, credited, why) : 0;
	store_game_clear(&g);
	if (nbroken < 0) {
		check_credited_free(credited);
		return SR_SYSTEM;
	}
	/* With notes, in English as kept: history's are compared too. */
	i18n_plain(1);
	status = sr_game_read(ctx, id, 1, &sg, &err);
	i18n_plain(0);
	if (status != SR_OK) {
		check_credited_free(credited);
		if (status != SR_DATA) {
			*why = err;
			return status;
		}
		broken(ck, "%s", err);
		free(err);
		return SR_OK;
	}
	if (nbroken == 0)
		nbroken = check_credited(ck, &sg, credited);
	check_credited_free(credited);
	if (nbroken > 0 || check_numbering(ck, id, &sg.rp) > 0) {
		sr_game_free(&sg);
		return SR_OK;
	}
	sr_expect(&sg, &x, NULL);
	sr_ranks(&sg, scores, winners, ranks);
	if ((status = check_summary(ck, &sg, &x, scores, winners, &bad,
	    why)) != SR_OK) {
		sr_game_free(&sg);
		return status;
	}
	if (bad && repair && (status = store_summary(ctx->store, id,
	    sr_store_state(&x), scores, winners, sg.g.nplayers, why)) ==
	    SR_OK)
		status = sr_names_sync(ctx, &sg, why);
	if (status == SR_OK)
		status = check_snapshot(ck, &sg, repair, why);
	if (status == SR_OK)
		status = sr_caches_check(ctx, &sg, repair, caches_one, ck,
		    why);
	if (status == SR_OK)
		status = sr_notes_check(ctx, &sg, repair, caches_one, ck, why);
	/* Last: the coach's review replays the game once more. */
	if (status == SR_OK)
		status = sr_coach_check(ctx, &sg, sr_store_state(&x) ==
		    STORE_FINISHED, repair, caches_one, ck, why);
	sr_game_free(&sg);
	return status;
}

/*
 * Check (with repair: and rebuild) everything into ck; SR_OK, or a store
 * failure with *why set.  Commits a repair that found a problem; begun:
 * in the transaction open already (a migration's), committed whatever it
 * found.
 */
int
sr_check_run(struct sr_check *ck, int repair, int begun, char **why)
{
	struct sr_ctx *ctx = ck->ctx;
	long long *ids = NULL;
	int n = 0, i, status;

	if (!begun && (status = store_begin(ctx->store, repair, why)) !=
	    SR_OK)
		return status;
	if ((status = store_integrity(ctx->store, integrity_one, ck,
	    why)) != SR_OK ||
	    (status = store_game_ids(ctx->store, &ids, &n, why)) != SR_OK)
		goto out;
	for (i = 0; i < n; i++)
		if ((status = check_game(ck, ids[i], repair, why)) != SR_OK)
			goto out;
	ck->games = n;
	if ((status = store_orphans(ctx->store, repair, orphan_one, ck,
	    why)) != SR_OK)
		goto out;
	/* The tallies, after the games' summaries are right. */
	if ((status = store_tallies_check(ctx->store, tally_one, ck,
	    why)) != SR_OK)
		goto out;
	if (repair && (begun || json_array_size(ck->problems) > 0) &&
	    ((status = store_tallies_rebuild(ctx->store, why)) != SR_OK ||
	    (status = store_commit(ctx->store, why)) != SR_OK))
		goto out;
out:
	store_rollback(ctx->store);
	free(ids);
	return status;
}

/*
 * Rebuild every summary from the entries in the migration's open
 * transaction, and commit it.
 */
int
sr_summaries_rebuild(struct sr_ctx *ctx)
{
	struct sr_check ck;
	char *why = NULL;
	int status;

	memset(&ck, 0, sizeof ck);
	ck.ctx = ctx;
	ck.problems = json_array();
	if ((status = sr_check_run(&ck, 1, 1, &why)) != SR_OK) {
		status = sr_error(ctx, status, "%s", why != NULL ? why :
		    _("database error"));
		free(why);
	}
	json_decref(ck.problems);
	return status;
}
