/*
 * enter.c: the one write path of an entry.  Its journey, top to bottom
 * (sr_enter, then sr_enter_loaded):
 *
 * 1. usage: the words checked against the verb (sr_entry_usage), no
 *    store yet;
 * 2. on a league, first the table's copy of the game (kept_enter:
 *    sr_game_kept, store_kept_begin): where the table kept the game
 *    from its last entry, steps 3 to 6 run on the copy, without a read,
 *    the write guarded (one round trip in all); an entry the copy would
 *    refuse, or a guard failed (another write since), comes back here,
 *    nothing said, for the read;
 *    else the read for the write, one store operation (sr_game_open:
 *    store_read): begun with the game's lock, the game, its snapshot
 *    and undo cache's head; data before system (SPEC.md) checked in it,
 *    or first in a read when another writer holds the lock
 *    (write_at_once, data_first); a form's game and last entry
 *    (ctx->at, serve --enter) checked there too (entry_at);
 * 3. the rules, in the core: replay_add() folds the entry in (undo and
 *    redo from the undo cache: sr_cache_ready; sr_cache_before makes
 *    the last reads the effect needs);
 * 4. the effect, in the core: entry_effect() gathers what it needs
 *    (summary_of, the names' change, the undo cache's head:
 *    sr_cache_head) and the core's effect_of() computes it whole (the
 *    entry, the summary, the names, the dice, the note, the undone
 *    mark, the undo cache's rows and head, the snapshot) into one
 *    struct effect, without the store; sr_cache_after keeps the head
 *    moved on (and rebuilds the rows when the effect says so);
 * 5. the write, one store operation: store_write() writes it all and
 *    commits (on a league one round trip); a COMMIT in doubt is
 *    settled by a look (entry_doubt);
 * 6. durable, and only then: the table's copy of the game kept for
 *    the next entry (kept_keep), what it did and what comes next.
 *
 * timer, which records nothing, is checked the same way.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "effect.h"
#include "i18n.h"
#include "lexicon.h"
#include "term.h"
#include "timer.h"
#include "wordlist.h"

/* lexicon_judge_fn: the list's verdict, the list built if need be. */
static int
judge(void *arg, const char *dict, int mode, const char *word, char *form,
    size_t len, char **why)
{
	char *w = NULL;
	int v;

	v = wordlists_judge(arg, dict, (mode & GAME_LOOKUP_FOLD) != 0,
	    (mode & GAME_LOOKUP_NOUNS) != 0,
	    (mode & GAME_LOOKUP_COMPOUNDS) != 0, word, form, len,
	    isatty(STDERR_FILENO), &w);
	if (v < 0) {
		free(*why);
		*why = w;
	} else
		free(w);
	return v;
}

/* Give the replay its dictionary, loaded only if a word is checked. */
static void
lookup_install(struct sr_ctx *ctx, struct sr_game *sg)
{
	sg->rp.lookup = NULL;
	sg->rp.lookup_arg = NULL;
	if (sg->rules->lookups == NULL)
		return;
	if (ctx->lexicon == NULL) {
		ctx->lexicon = lexicon_cb_new(ctx->paths.dicts, ctx->env.lang);
		/* Challenges rule by the word list, as solve does. */
		ctx->wordlists = wordlists_new(&ctx->paths, ctx->env.lang);
		lexicon_cb_wordlist(ctx->lexicon, judge, ctx->wordlists);
	}
	sg->rp.lookup = lexicon_lookup;
	sg->rp.lookup_arg = ctx->lexicon;
}

/*
 * A timer verb ("timer [DURATION]") for the loaded game sg: its DURATION
 * parsed, checked, then run with no transaction open (no lock while it
 * counts down).  Records nothing.
 */
int
sr_timer(struct sr_ctx *ctx, const struct sr_game *sg, int argc, char **argv)
{
	struct expectation x;
	struct entry e;
	struct ruling r = RULING_INIT;
	long secs = SR_TIMER_SECS;
	int status;

	memset(&e, 0, sizeof e);
	e.argc = argc - 1;
	e.argv = argv + 1;
	status = game_parse_id(sg->rules, &sg->rp.setup, verb_lookup(argv[0]),
	    &e, &r);
	if (status == RULING_OK && e.argc > 0)
		secs = e.secs;
	entry_clear(&e);
	if (status == RULING_USAGE || status == RULING_DATA)
		status = sr_refusal(ctx, status, "%s", buf_str(&r.why));
	ruling_free(&r);
	if (status != RULING_OK)
		return status;
	sr_expect(sg, &x, NULL);
	if (x.finished)
		return sr_error(ctx, SR_DATA, "the game is over");
	if (!(verb_kind(sg->rules, verb_lookup(argv[0])) & VERB_TIMER))
		return sr_error(ctx, SR_RULES, "%s has no '%s'",
		    sg->rules->name, argv[0]);
	if (!(x.verbs & VERB_BIT(e.verb))) {
		struct buf say = BUF_INIT;

		sr_expect(sg, &x, &say);
		status = sr_error(ctx, SR_RULES, "'%s' needs an open round: "
		    "%s", argv[0], buf_str(&say));
		buf_free(&say);
		return status;
	}
	if (timer_run(secs, ctx->tty, ctx->columns, ctx->out) == TIMER_ERROR)
		return sr_error(ctx, SR_SYSTEM, "cannot write the timer");
	return SR_OK;
}

/* A timer verb from the command line: the game loaded, then run. */
static int
run_timer(struct sr_ctx *ctx, int argc, char **argv)
{
	struct sr_game sg;
	int status;

	if ((status = sr_game_load_state(ctx, 0, &sg)) != SR_OK)
		return status;
	store_rollback(ctx->store);
	status = sr_timer(ctx, &sg, argc, argv);
	sr_game_free(&sg);
	return status;
}

/* 1 if ctx->at (a form's game and last entry) is game id at last, or none. */
static int
at_holds(const struct sr_ctx *ctx, long long id, int last)
{
	const struct sr_entry_at *at = ctx->at;

	return at == NULL || ((at->game == 0 || at->game == id) &&
	    at->n == last);
}

/*
 * ctx->at against game id whose last entry is last: SR_OK, or the
 * refusal "the game moved on" said (exit 3) and at->moved set.
 */
static int
entry_at(struct sr_ctx *ctx, long long id, int last)
{
	struct sr_entry_at *at = ctx->at;

	if (at_holds(ctx, id, last))
		return SR_OK;
	at->moved = 1;
	at->now = last;
	return sr_error(ctx, SR_DATA, "the game moved on: its last entry is "
	    "%d, not %d", last, at->n);
}

/*
 * Data before system (SPEC.md): what an entry names (the game, the current
 * game, the players) and a game over are refused with exit 3 at once,
 * never 4 after waiting for another writer's lock.  Where the engine can
 * take the game's lock without waiting (store_try_write: a league's row),
 * the write transaction is begun and the data checked in it: 1 and *sg
 * loaded in it, or the status of a refusal or failure (said).  0 when
 * another writer holds the game, or the engine cannot tell (SQLite's
 * lock is the file's): then data_first() checks in a read transaction,
 * which no lock holds up, before the write waits.
 */
static int
write_at_once(struct sr_ctx *ctx, enum verb v, int argc, char **argv,
    struct sr_game *sg)
{
	int status, busy;

	if ((status = sr_game_load_at_once(ctx, sg, &busy)) != SR_OK)
		return -status;
	if (busy)
		return 0;
	if ((status = entry_at(ctx, sg->g.id, replay_last_n(&sg->rp))) !=
	    SR_OK || (status = sr_entry_data(ctx, sg->rules, &sg->rp.setup,
	    sg->g.finished, v, argc, argv)) != SR_OK) {
		store_rollback(ctx->store);
		sr_game_free(sg);
		return -status;
	}
	return 1;
}

/*
 * The same in a read transaction, which another writer's lock does not
 * hold up; the write transaction (after it) checks everything again.
 */
static int
data_first(struct sr_ctx *ctx, enum verb v, int argc, char **argv)
{
	struct store_read rd;
	struct game_setup gs;
	char *why = NULL;
	long long id = ctx->game;
	int status, last = 0;

	if ((status = sr_store(ctx)) != SR_OK)
		return status;
	if ((status = store_read(ctx->store, 0, &id, NULL, NULL, &rd,
	    &why)) != SR_OK)
		return sr_store_error(ctx, status, why);
	if (ctx->at != NULL && (status = store_last_n(ctx->store, rd.g.id,
	    &last, &why)) != SR_OK) {
		store_rollback(ctx->store);
		store_read_clear(&rd);
		return sr_store_error(ctx, status, why);
	}
	store_rollback(ctx->store);
	if ((status = entry_at(ctx, rd.g.id, last)) != SR_OK) {
		store_read_clear(&rd);
		return status;
	}
	memset(&gs, 0, sizeof gs);
	gs.nplayers = rd.g.nplayers;
	gs.names = (const char *const *)rd.g.names;
	gs.env = &ctx->env;
	status = sr_entry_data(ctx, game_find(rd.g.rules), &gs,
	    rd.g.finished, v, argc, argv);
	store_read_clear(&rd);
	return status;
}

/* What sr_entry_data() checks, nothing said. */
enum entry_data { ENTRY_DATA_OK, ENTRY_DATA_DATA, ENTRY_DATA_USAGE,
	ENTRY_DATA_OVER };

/* The data check of entry "v argv..." with its why in r, said by none. */
static enum entry_data
entry_data(const struct game_rules *g, const struct game_setup *gs,
    int finished, enum verb v, int argc, char **argv, struct ruling *r)
{
	struct entry e;
	enum entry_data d = ENTRY_DATA_OK;

	memset(&e, 0, sizeof e);
	e.argc = argc - 1;
	e.argv = argv + 1;
	switch (game_parse_id(g, gs, v, &e, r)) {
	case RULING_DATA:
		d = ENTRY_DATA_DATA;
		break;
	case RULING_USAGE:
		d = ENTRY_DATA_USAGE;
		break;
	default:
		if (finished && v != V_UNDO && v != V_REDO &&
		    (v == V_ABANDON || !VERB_IS_META(v)))
			d = ENTRY_DATA_OVER;
	}
	entry_clear(&e);
	return d;
}

/* The data check of an entry against a game's players; see cmd.h. */
int
sr_entry_data(struct sr_ctx *ctx, const struct game_rules *g,
    const struct game_setup *gs, int finished, enum verb v, int argc,
    char **argv)
{
	struct ruling r = RULING_INIT;
	int status = SR_OK;

	switch (entry_data(g, gs, finished, v, argc, argv, &r)) {
	case ENTRY_DATA_DATA:
		status = sr_refusal(ctx, SR_DATA, "%s", buf_str(&r.why));
		break;
	case ENTRY_DATA_USAGE:
		status = sr_refusal(ctx, SR_USAGE, "%s", buf_str(&r.why));
		break;
	case ENTRY_DATA_OVER:
		status = sr_error(ctx, SR_DATA, "the game is over");
		break;
	case ENTRY_DATA_OK:
		break;
	}
	ruling_free(&r);
	return status;
}

/* The usage check of an entry "verb argv..."; see cmd.h. */
int
sr_entry_usage(struct sr_ctx *ctx, int argc, char **argv, enum verb *vp)
{
	return sr_entry_usage_in(ctx, NULL, NULL, argc, argv, vp);
}

/*
 * The rules of the game an entry from the command line is for (-g, else
 * the current game), looked up without a word: NULL when there is no
 * database, no such game, or a migration is due (the store then left
 * closed, unmigrated).  Only for the words of a usage error.
 */
static const struct game_rules *
entry_rules(struct sr_ctx *ctx)
{
	const struct game_rules *g = NULL;
	struct store_read rd;
	long long id = ctx->game;
	char *why = NULL;

	if (ctx->store == NULL) {
		if (store_open(ctx->db_path, ctx->paths.state, 0, &ctx->store,
		    &why) != SR_OK) {
			free(why);
			ctx->store = NULL;
			return NULL;
		}
		if (store_migrated(ctx->store)) {
			store_rollback(ctx->store);
			store_close(ctx->store);
			ctx->store = NULL;
			return NULL;
		}
	}
	if (store_read(ctx->store, 0, &id, NULL, NULL, &rd, &why) != SR_OK) {
		free(why);
		return NULL;
	}
	store_rollback(ctx->store);
	g = game_find(rd.g.rules);
	store_read_clear(&rd);
	return g;
}

/* The usage check, knowing the players; see cmd.h. */
int
sr_entry_usage_in(struct sr_ctx *ctx, const struct game_rules *g,
    const struct game_setup *gs, int argc, char **argv, enum verb *vp)
{
	struct ruling r = RULING_INIT;
	struct game_setup none;
	struct entry e;
	const struct game_rules *own;
	int status, v;

	ctx->cmd = argv[0];
	if ((v = verb_lookup(argv[0])) < 0)
		return sr_error(ctx, SR_USAGE, "unknown command '%s'", argv[0]);
	memset(&none, 0, sizeof none);
	none.env = &ctx->env;
	memset(&e, 0, sizeof e);
	e.argc = argc - 1;
	e.argv = argv + 1;
	status = game_parse_id(g, gs != NULL ? gs : &none, (enum verb)v, &e,
	    &r);
	entry_clear(&e);
	/*
	 * A usage error in every game that has the verb, before the game is
	 * known: in the words of the entry's own game where it has the verb
	 * (Pig's `roll` is not Shake's), else of the first.
	 */
	if (status == RULING_USAGE && g == NULL &&
	    (own = entry_rules(ctx)) != NULL &&
	    game_verb_find(own, (enum verb)v) >= 0) {
		ruling_free(&r);
		memset(&e, 0, sizeof e);
		e.argc = argc - 1;
		e.argv = argv + 1;
		status = game_parse_id(own, &none, (enum verb)v, &e, &r);
		entry_clear(&e);
	}
	if (status == RULING_USAGE)
		status = sr_refusal(ctx, SR_USAGE, "%s", buf_str(&r.why));
	else {
		*vp = (enum verb)v;
		status = SR_OK;
	}
	ruling_free(&r);
	return status;
}

/*
 * The entry on the table's copy of the game (sr_game_kept): judged on
 * it without the store, then written in one round trip, guarded
 * (store_kept_begin): the journey's step 2 without its read.  -1 when
 * it cannot be, nothing said and nothing recorded, for the caller to
 * read afresh: no copy; an entry the copy would refuse (the data, the
 * game over, a form's game moved on, the rules), which only a read may
 * refuse; one whose effect needs a read (undo, redo, a title or abandon
 * over undone entries: sr_cache_before); another write since the copy
 * (the guard failed, or a lock: the copy forgotten).  Else the entry's
 * status, said as sr_enter_loaded() says it.
 */
static int
kept_enter(struct sr_ctx *ctx, enum verb v, int argc, char **argv)
{
	struct sr_game sg;
	struct ruling r = RULING_INIT;
	char *why = NULL;
	int status, ok;

	if (v == V_UNDO || v == V_REDO || !sr_game_kept(ctx, &sg))
		return -1;
	ok = entry_data(sg.rules, &sg.rp.setup, sg.g.finished, v, argc,
	    argv, &r) == ENTRY_DATA_OK &&
	    at_holds(ctx, sg.g.id, replay_last_n(&sg.rp)) &&
	    !(sg.cache.u.valid && sg.cache.u.nundone > 0 &&
	    (v == V_TITLE || v == V_ABANDON));
	ruling_free(&r);
	if (!ok || store_kept_begin(ctx->store, sg.g.id, &why) != SR_OK) {
		free(why);
		sr_game_free(&sg);
		return -1;
	}
	status = sr_enter_loaded(ctx, &sg, v, argc, argv);
	/* A guard failed: the copy is another write's past, forgotten. */
	if (sg.kept_missed == SR_KEPT_STALE)
		store_kept_put(ctx->store, NULL);
	if (sg.kept_missed)
		status = -1;
	sr_game_free(&sg);
	return status;
}

/* The write path; see cmd.h. */
int
sr_enter(struct sr_ctx *ctx, int argc, char **argv)
{
	struct sr_game sg;
	enum verb v;
	char *why = NULL;
	long long id;
	int status, ready;

	/* Usage first, before the game is even looked at. */
	if ((status = sr_entry_usage(ctx, argc, argv, &v)) != SR_OK)
		return status;
	if (verb_kind(NULL, v) & VERB_TIMER)
		return run_timer(ctx, argc, argv);
	/* On the table's copy of the game, if it can be, without a read. */
	if ((status = sr_store(ctx)) != SR_OK)
		return status;
	if ((status = kept_enter(ctx, v, argc, argv)) >= 0)
		return status;
	/* From the snapshot; undo and redo with the undo cache, else replayed. */
	if ((status = write_at_once(ctx, v, argc, argv, &sg)) < 0)
		return -status;
	if (status == 0 &&
	    ((status = data_first(ctx, v, argc, argv)) != SR_OK ||
	    (status = sr_game_load_state(ctx, 1, &sg)) != SR_OK))
		return status;
	/* A form's game, checked again where no other writer can come. */
	if ((status = entry_at(ctx, sg.g.id, replay_last_n(&sg.rp))) !=
	    SR_OK) {
		store_rollback(ctx->store);
		sr_game_free(&sg);
		return status;
	}
	if ((v == V_UNDO || v == V_REDO) &&
	    (ready = sr_cache_ready(ctx, &sg, v, &why)) != 1) {
		id = sg.g.id;
		sr_game_free(&sg);
		if (ready < 0 || (status = sr_game_read(ctx, id, 0, &sg,
		    &why)) != SR_OK) {
			store_rollback(ctx->store);
			return sr_store_error(ctx, ready < 0 ? SR_SYSTEM : status,
			    why);
		}
	}
	status = sr_enter_loaded(ctx, &sg, v, argc, argv);
	sr_game_free(&sg);
	return status;
}

/* sg's summary, as store_summary() keeps it; x its expectation. */
static void
summary_of(const struct sr_game *sg, const struct expectation *x,
    struct effect_summary *sm)
{
	int ranks[GAME_MAX_PLAYERS], i;

	memset(sm, 0, sizeof *sm);
	sr_ranks(sg, sm->scores, sm->won, ranks);
	sm->state = sr_store_state(x);
	for (i = 0; i < sg->g.nplayers; i++)
		sm->won[i] = sm->state != STORE_ACTIVE && sm->won[i];
}

/*
 * The whole effect on the store of what replay_add() folded into sg, the
 * last of its entries (x the expectation after it, before the summary
 * the store holds), into e, without the store: what the core's
 * effect_of() needs gathered (the summaries, whether the names or title
 * changed, the undo cache's head: sr_cache_head), computed there (the
 * snapshot's format and state in fmt and snap, which e points into),
 * then the head moved on kept and its rows rebuilt when due
 * (sr_cache_after).  The game takes the names it shows from replay.
 */
static void
entry_effect(struct sr_game *sg, const struct expectation *x,
    const struct effect_summary *before, struct effect *e, struct buf *fmt,
    struct buf *snap)
{
	struct effect_in in;
	struct effect_head h;

	memset(&in, 0, sizeof in);
	in.game = sg->g.id;
	in.nplayers = sg->g.nplayers;
	in.rules = sg->rules;
	in.before = *before;
	summary_of(sg, x, &in.now);
	in.names_changed = sr_names_changed(sg);
	in.translated = i18n_translated();
	sr_cache_head(sg, &h);
	effect_of(&sg->rp, &in, &h, &sg->cache.dice, e, fmt, snap);
	sr_cache_after(sg, &h, e);
	if (in.names_changed)
		sr_names_take(sg);
}

/* Keep entry se of game as ctx's doubt, for a next line to settle. */
static void
doubt_keep(struct sr_ctx *ctx, long long game,
    const struct stored_entry *se)
{
	struct stored_entry *c;
	int i;

	sr_doubt_free(ctx);
	ctx->doubt = xcalloc(1, sizeof *ctx->doubt);
	ctx->doubt->game = game;
	c = &ctx->doubt->se;
	c->n = se->n;
	c->verb = se->verb;
	c->at = se->at;
	c->player = se->player != NULL ? xstrdup(se->player) : NULL;
	c->fact = se->fact != NULL ? xstrdup(se->fact) : NULL;
	c->argc = se->argc;
	c->argv = xcalloc((size_t)se->argc + 1, sizeof *c->argv);
	for (i = 0; i < se->argc; i++)
		c->argv[i] = xstrdup(se->argv[i]);
}

/* Forget ctx's doubt; see cmd.h. */
void
sr_doubt_free(struct sr_ctx *ctx)
{
	if (ctx->doubt == NULL)
		return;
	stored_entry_clear(&ctx->doubt->se);
	free(ctx->doubt);
	ctx->doubt = NULL;
}

/* Settle ctx's doubt by a look; see cmd.h. */
void
sr_doubt_settle(struct sr_ctx *ctx)
{
	struct buf b = BUF_INIT;
	char *why = NULL;
	int there;

	if (ctx->doubt == NULL || ctx->store == NULL)
		return;
	if (store_entry_recorded(ctx->store, ctx->doubt->game,
	    &ctx->doubt->se, &there, &why) != SR_OK) {
		free(why);
		return;
	}
	buf_printf(&b, there ? _("Entry %d, left in doubt when the server "
	    "went away during its commit, is recorded.\n") : _("Entry %d, "
	    "left in doubt when the server went away during its commit, is "
	    "not recorded.\n"), ctx->doubt->se.n);
	sr_print_aside(ctx, buf_str(&b));
	buf_free(&b);
	sr_doubt_free(ctx);
}

/*
 * The commit of sg's last entry in doubt (store_in_doubt: the connection
 * lost once COMMIT left): connect again and look whether the entry is
 * there, as appended.  Recorded: said on stdout, SR_OK (the entry
 * stands).  Not recorded, or not known (the server still out of reach:
 * kept in ctx->doubt for a next line): said in one line, SR_SYSTEM.
 * why: the loss, freed.
 */
static int
entry_doubt(struct sr_ctx *ctx, const struct sr_game *sg, char *why)
{
	const struct stored_entry *se = &sg->rp.entries[sg->rp.nentries - 1];
	struct buf b = BUF_INIT;
	char *again = NULL;
	int status, there = 0;

	if ((status = sr_store_back(ctx, &again)) == SR_OK)
		status = store_entry_recorded(ctx->store, sg->g.id, se,
		    &there, &again);
	if (status == SR_OK && there) {
		buf_printf(&b, _("The server went away during the commit; "
		    "connected again: entry %d is recorded.\n"), se->n);
		sr_print_aside(ctx, buf_str(&b));
		buf_free(&b);
	} else if (status == SR_OK)
		/* Not there, or another table's entry in its place. */
		status = sr_error(ctx, SR_SYSTEM, "%s; connected again: entry "
		    "%d is not recorded", why, se->n);
	else {
		doubt_keep(ctx, sg->g.id, se);
		status = sr_error(ctx, SR_SYSTEM, "%s; the league is still out "
		    "of reach: whether entry %d is recorded is not known "
		    "(history tells once it is back)", why, se->n);
	}
	free(again);
	free(why);
	return status;
}

/*
 * Say what entry v did (r's note; a round's close: the board) and what
 * comes next (x: the game over, in colour in play on a terminal).
 */
static void
entry_say(struct sr_ctx *ctx, const struct sr_game *sg, enum verb v,
    const struct ruling *r, const struct expectation *x)
{
	struct buf b = BUF_INIT;

	if (r->note.len > 0)
		buf_printf(&b, "%s\n", buf_str(&r->note));
	/* A round's close: the board, every word with its value. */
	if ((verb_kind(sg->rules, v) & VERB_CLOSE) &&
	    sg->rules->describe != NULL)
		sg->rules->describe(sg->rp.st, &b);
	if (x->finished && !x->abandoned && ctx->paint) {
		/* The win in colour: the sequences outside the escaping. */
		sr_print_text(ctx, buf_str(&b));
		buf_reset(&b);
		fputs(term_on(TERM_WIN), ctx->out);
		sr_next_words(sg, &b);
		sr_print_text(ctx, buf_str(&b));
		fputs(term_off(), ctx->out);
		buf_reset(&b);
	} else
		sr_next_words(sg, &b);
	buf_puts(&b, "\n");
	sr_print_text(ctx, buf_str(&b));
	buf_free(&b);
}

/*
 * Keep sg as the table's copy of its game after effect e, entry n,
 * committed: what the next read for a write would read (store.h), or
 * no copy when the effect stored no snapshot.
 */
static void
kept_keep(struct sr_ctx *ctx, const struct sr_game *sg,
    const struct effect *e, int n)
{
	struct store_read k;

	if (e->format == NULL || e->snapshot == NULL || !sg->cache.u.valid) {
		store_kept_put(ctx->store, NULL);
		return;
	}
	memset(&k, 0, sizeof k);
	k.g = sg->g;
	k.snapshot = 1;
	k.sn.fit = STORE_SNAP_FITS;
	k.sn.n = k.sn.last = n;
	k.sn.format = (char *)e->format;
	k.sn.state = (void *)e->snapshot;
	k.sn.len = e->len;
	k.undo = 1;
	k.u = sg->cache.u;
	/* Lent: the copy is written, nothing of k freed. */
	store_kept_put(ctx->store, &k);
}

/* The write path for a game loaded in a write transaction; see cmd.h. */
int
sr_enter_loaded(struct sr_ctx *ctx, struct sr_game *sg, enum verb v,
    int argc, char **argv)
{
	struct stored_entry se;
	struct ruling r = RULING_INIT;
	struct expectation x;
	struct effect_summary before;
	struct effect effect;
	struct buf fmt = BUF_INIT, snap = BUF_INIT;
	char *why = NULL;
	int status, i, jst, wst;

	ctx->cmd = argv[0];
	/* What the store holds now: the summary of the last entry's game. */
	sr_expect(sg, &x, NULL);
	summary_of(sg, &x, &before);
	memset(&se, 0, sizeof se);
	se.n = replay_last_n(&sg->rp) + 1;
	se.verb = v;
	se.argc = argc - 1;
	se.argv = xcalloc((size_t)argc, sizeof *se.argv);
	for (i = 1; i < argc; i++)
		se.argv[i - 1] = xstrdup(argv[i]);
	se.at = sr_now(ctx);
	lookup_install(ctx, sg);
	if (sr_cache_before(ctx, sg, &se, &why) != SR_OK) {
		stored_entry_clear(&se);
		store_rollback(ctx->store);
		sg->cache.loaded = 0;
		return sr_store_error(ctx, SR_SYSTEM, why);
	}
	status = replay_add(&sg->rp, &se, &r);
	if (status != RULING_OK && status != RULING_UPHELD) {
		stored_entry_clear(&se);
		store_rollback(ctx->store);
		sg->cache.loaded = 0;
		/* A copy's refusal is only a read's to say (kept_enter). */
		if (sg->kept)
			sg->kept_missed = SR_KEPT_REFUSED;
		else
			sr_refusal(ctx, status, "%s", buf_str(&r.why));
		ruling_free(&r);
		return status;
	}
	/* Its whole effect, computed; written and committed in one. */
	sr_expect(sg, &x, NULL);
	entry_effect(sg, &x, &before, &effect, &fmt, &snap);
	wst = store_write(ctx->store, &effect, sg->cache.k, &why);
	if (wst != SR_OK) {
		sg->cache.loaded = 0;
		buf_free(&fmt);
		buf_free(&snap);
		if (sg->kept && (ctx->store == NULL ||
		    !store_in_doubt(ctx->store))) {
			/* Another write since the copy, or a lock: read. */
			free(why);
			ruling_free(&r);
			sg->kept_missed = SR_KEPT_STALE;
			return SR_SYSTEM;
		}
		if (ctx->store == NULL || !store_in_doubt(ctx->store)) {
			ruling_free(&r);
			return sr_store_error(ctx, SR_SYSTEM, why);
		}
		/* Recorded after all: the entry stands, said as always. */
		if ((jst = entry_doubt(ctx, sg, why)) != SR_OK) {
			ruling_free(&r);
			return jst;
		}
		if (ctx->store != NULL)
			store_kept_put(ctx->store, NULL);
	}
	sg->g.finished = sr_store_state(&x);
	/* Durable: the table's copy of the game kept for the next entry. */
	if (wst == SR_OK)
		kept_keep(ctx, sg, &effect, replay_last_n(&sg->rp));
	buf_free(&fmt);
	buf_free(&snap);
	/* Durable: now say what it did and what comes next. */
	if (ctx->json) {
		jst = sr_print_json(ctx, sr_status_json(sg));
		ruling_free(&r);
		return jst != SR_OK ? jst : status;
	}
	entry_say(ctx, sg, v, &r, &x);
	ruling_free(&r);
	return status;
}
