/*
 * cmd.c: the command table, and what every command shares: the store,
 * loading and replaying a game, the one write path, the status object.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "lexicon.h"
#include "term.h"
#include "timer.h"
#include "utf8.h"
#include "wordlist.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_new_entry,
	&cmd_games_entry,
	&cmd_use_entry,
	&cmd_status_entry,
	&cmd_standings_entry,
	&cmd_history_entry,
	&cmd_undo_entry,
	&cmd_redo_entry,
	&cmd_abandon_entry,
	&cmd_rename_entry,
	&cmd_title_entry,
	&cmd_note_entry,
	&cmd_play_entry,
	&cmd_rules_entry,
	&cmd_solve_entry,
	&cmd_review_entry,
	&cmd_dice_entry,
	&cmd_export_entry,
	&cmd_import_entry,
	&cmd_watch_entry,
	&cmd_serve_entry,
	&cmd_check_entry,
	&cmd_help_entry,
	NULL
};

/* The command named exactly name, or NULL. */
const struct cmd_entry *
cmd_find(const char *name)
{
	const struct cmd_entry *const *c;
	int v;

	for (c = cmd_table; *c != NULL; c++)
		if (strcmp((*c)->name, name) == 0)
			return *c;
	/* Hidden: for the shell completion scripts only. */
	if (strcmp(name, cmd_complete_entry.name) == 0)
		return &cmd_complete_entry;
	v = verb_lookup(name);
	if (v >= 0 && v != V_UNDO && v != V_REDO)
		return &cmd_verb_entry;
	return NULL;
}

/* Index of option name in spec, or -1. */
static int
opt_index(const struct cmd_spec *spec, const char *name, size_t len)
{
	int k;

	for (k = 0; k < CMD_MAX_OPTS && spec->opts[k].name != NULL; k++)
		if (strlen(spec->opts[k].name) == len &&
		    strncmp(spec->opts[k].name, name, len) == 0)
			return k;
	return -1;
}

/*
 * A CMD_LIST value v with the words after it (from words[*i + 1], up to
 * n) that a shell split off it at ", " ("Ann," "Mary" "Ann," "Bob"): when
 * v ends with a comma or the next word starts with one, every word after
 * it up to the next option joins it with a space (a command with a
 * CMD_LIST takes no arguments but options).  The list, kept in
 * a->joined[k].
 */
static const char *
join_list(struct cmd_args *a, int k, const char *v, char **words, int *i,
    int n)
{
	struct buf b = BUF_INIT;

	if (*i + 1 >= n || ((v[0] == '\0' || v[strlen(v) - 1] != ',') &&
	    words[*i + 1][0] != ','))
		return v;
	buf_puts(&b, v);
	while (*i + 1 < n && words[*i + 1][0] != '-')
		buf_printf(&b, " %s", words[++*i]);
	if (strcmp(buf_str(&b), v) == 0) {
		buf_free(&b);
		return v;
	}
	free(a->joined[k]);
	a->joined[k] = xstrdup(buf_str(&b));
	buf_free(&b);
	return a->joined[k];
}

/* Parse a command line against the command's spec; see cmd.h. */
int
cmd_parse(struct sr_ctx *ctx, const struct cmd_entry *c, int n,
    char **words, int raw, struct cmd_args *a)
{
	const struct cmd_spec *spec = &c->spec;
	struct buf b = BUF_INIT;
	const char *w, *after, *v;
	size_t len;
	int i, k, status;

	memset(a, 0, sizeof *a);
	a->spec = spec;
	a->argv = xcalloc((size_t)n + 1, sizeof *a->argv);
	a->argv[a->argc++] = words[0];
	for (i = 1; i < n; i++) {
		w = words[i];
		if (spec->raw || i >= raw || spec->opts[0].name == NULL ||
		    w[0] != '-' || w[1] == '\0') {
			a->argv[a->argc++] = words[i];
			continue;
		}
		len = kv_split(w, &after);	/* --name=V */
		k = -1;
		if (len > 2 && w[1] == '-')
			k = opt_index(spec, w + 2, len - 2);
		if (k < 0 || (after != NULL && !(spec->opts[k].flags &
		    CMD_VALUE))) {
			for (k = 0; k < CMD_MAX_OPTS &&
			    spec->opts[k].name != NULL; k++)
				buf_printf(&b, "%s--%s", k ? ", " : "",
				    spec->opts[k].name);
			status = sr_error(ctx, SR_USAGE, "unknown option '%s'; "
			    "expected %s", w, buf_str(&b));
			goto fail;
		}
		if (a->nvalues[k] > 0 && !(spec->opts[k].flags & CMD_MULTI)) {
			status = sr_error(ctx, SR_USAGE, "option '--%s' is "
			    "given twice", spec->opts[k].name);
			goto fail;
		}
		/*
		 * A value: after "=", or the next word unless that is another
		 * option ("--title --option k=v": a value that starts with
		 * "--" is given as "--name=V").
		 */
		v = "";
		if (after != NULL)
			v = after;
		else if (spec->opts[k].flags & CMD_VALUE) {
			if (i + 1 >= n || i + 1 >= raw ||
			    strncmp(words[i + 1], "--", 2) == 0) {
				status = sr_error(ctx, SR_USAGE, "--%s expects "
				    "a value", spec->opts[k].name);
				goto fail;
			}
			v = words[++i];
		}
		if (spec->opts[k].flags & CMD_LIST)
			v = join_list(a, k, v, words, &i, n < raw ? n : raw);
		if (*v == '\0' && (spec->opts[k].flags & CMD_NONEMPTY)) {
			status = sr_error(ctx, SR_USAGE, "--%s expects a value",
			    spec->opts[k].name);
			goto fail;
		}
		a->values[k] = xreallocarray(a->values[k],
		    (size_t)a->nvalues[k] + 1, sizeof *a->values[k]);
		a->values[k][a->nvalues[k]++] = (char *)v;
	}
	if (a->argc - 1 >= spec->lower && (spec->upper < 0 ||
	    a->argc - 1 <= spec->upper))
		return SR_OK;
	if (spec->count != NULL)
		status = sr_error(ctx, SR_USAGE, "%s", spec->count);
	else if (a->argc - 1 > spec->upper)
		status = sr_error(ctx, SR_USAGE, "unexpected argument '%s'%s",
		    a->argv[spec->upper + 1], spec->hint != NULL ?
		    spec->hint : "");
	else
		status = sr_error(ctx, SR_USAGE, "expected %s", c->usage);
fail:
	buf_free(&b);
	cmd_args_free(a);
	return status;
}

/* Free what cmd_parse() allocated. */
void
cmd_args_free(struct cmd_args *a)
{
	int k;

	for (k = 0; k < CMD_MAX_OPTS; k++) {
		free(a->values[k]);
		free(a->joined[k]);
	}
	free(a->argv);
	memset(a, 0, sizeof *a);
}

/* Index of option name in the parsed spec, or -1. */
static int
args_index(const struct cmd_args *a, const char *name)
{
	return opt_index(a->spec, name, strlen(name));
}

/* 1 if option name was given. */
int
args_has(const struct cmd_args *a, const char *name)
{
	int k = args_index(a, name);

	return k >= 0 && a->nvalues[k] > 0;
}

/* The last value of option name, or NULL. */
const char *
args_get(const struct cmd_args *a, const char *name)
{
	int k = args_index(a, name);

	return k >= 0 && a->nvalues[k] > 0 ?
	    a->values[k][a->nvalues[k] - 1] : NULL;
}

/* Every value of option name; *n of them. */
char *const *
args_values(const struct cmd_args *a, const char *name, int *n)
{
	int k = args_index(a, name);

	*n = k >= 0 ? a->nvalues[k] : 0;
	return k >= 0 ? a->values[k] : NULL;
}

/*
 * Print "shakeref: CMD: message" on stderr ("shakeref: play: line 12:
 * CMD: message" for a line of a script): always one line, with every
 * unprintable byte escaped and user text in quotes cut; the whole cut
 * after 400 characters (utf8_message) unless whole (a ruling: never
 * cut, utf8_message_whole); in red in play on a terminal.
 */
static int __attribute__((format(printf, 4, 0)))
sr_vmessage(const struct sr_ctx *ctx, int status, int whole,
    const char *fmt, va_list ap)
{
	struct buf b = BUF_INIT, m = BUF_INIT;
	int paint = ctx != NULL && ctx->paint;

	fflush(stdout);
	if (ctx != NULL && ctx->where != NULL)
		buf_printf(&b, "%s: ", ctx->where);
	if (ctx != NULL && ctx->cmd != NULL && (ctx->where == NULL ||
	    strcmp(ctx->cmd, "play") != 0))
		buf_printf(&b, "%s: ", ctx->cmd);
	buf_vprintf(&b, fmt, ap);
	if (whole)
		utf8_message_whole(&m, buf_str(&b));
	else
		utf8_message(&m, buf_str(&b));
	/* On a terminal broken at spaces: one line through a pipe. */
	buf_reset(&b);
	buf_printf(&b, "%sshakeref: %s%s\n", paint ? term_on(TERM_REFUSED) :
	    "", buf_str(&m), paint ? term_off() : "");
	sr_fit(ctx, stderr, buf_str(&b), 2);
	buf_free(&b);
	buf_free(&m);
	return status;
}

/* Print a diagnostic (see sr_vmessage); returns status. */
int
sr_error(const struct sr_ctx *ctx, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sr_vmessage(ctx, status, 0, fmt, ap);
	va_end(ap);
	return status;
}

/* Print a refusal that holds a ruling's words, never cut; returns status. */
int
sr_refusal(const struct sr_ctx *ctx, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sr_vmessage(ctx, status, 1, fmt, ap);
	va_end(ap);
	return status;
}

/* SPEC.md "Text from the user": SR_OK, or the refusal printed (exit 2). */
int
sr_text_check(const struct sr_ctx *ctx, const char *what, const char *s)
{
	const char *why;

	if ((why = utf8_text_why(s)) == NULL)
		return SR_OK;
	return sr_error(ctx, SR_USAGE, "%s'%s' %s; text must be UTF-8 "
	    "without control characters or direction overrides", what, s,
	    why);
}

/* Report a store failure and free its message. */
static int
store_error(struct sr_ctx *ctx, int status, char *why)
{
	sr_error(ctx, status, "%s", why != NULL ? why : "database error");
	free(why);
	return status;
}

/* Open the store on first use; only with create is a missing one made. */
static int
store_use(struct sr_ctx *ctx, int create)
{
	char *why = NULL;
	int status;

	if (ctx->store != NULL)
		return SR_OK;
	if ((status = store_open(ctx->db_path, create, &ctx->store, &why)) !=
	    SR_OK)
		return store_error(ctx, status, why);
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

/*
 * Take up game sg's snapshot instead of replaying it, if it fits its
 * entries (*resumed 1); else leave sg to be replayed (*resumed 0).
 */
static int
game_resume(struct sr_ctx *ctx, struct sr_game *sg, int *resumed,
    char **why)
{
	struct store_snapshot sn;
	struct buf fmt = BUF_INIT;
	int status;

	*resumed = 0;
	if (!game_snapshots(sg->rules))
		return SR_OK;
	replay_format(sg->rules, &fmt);
	status = store_snapshot_get(ctx->store, sg->g.id, buf_str(&fmt), &sn,
	    why);
	if (status == SR_OK && sn.fit == STORE_SNAP_FITS &&
	    replay_resume(&sg->rp, sn.state, sn.len, sn.n) == 0)
		*resumed = 1;
	store_snapshot_clear(&sn);
	buf_free(&fmt);
	return status;
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

/*
 * Load game id inside the caller's transaction: from its snapshot when
 * snap is set and the snapshot fits, else replayed (notes: with each
 * entry's note; players: each stored entry's player checked, for check).  SR_OK, or the status with *why set.
 */
static int
game_read(struct sr_ctx *ctx, long long id, int notes, int snap,
    int players, struct sr_game *sg, char **why)
{
	struct ruling r = RULING_INIT;
	int status, resumed = 0;

	memset(sg, 0, sizeof *sg);
	if ((status = store_game_load(ctx->store, id, &sg->g, why)) != SR_OK) {
		sr_game_free(sg);
		return status;
	}
	if ((sg->rules = game_find(sg->g.rules)) == NULL) {
		*why = xasprintf("game %lld is of rules '%s', unknown to this "
		    "shakeref", id, sg->g.rules);
		sr_game_free(sg);
		return SR_DATA;
	}
	load_options(sg);
	sg->rp.rules = sg->rules;
	sg->rp.setup.nplayers = sg->g.nplayers;
	/* Replay starts from the game as created; renames follow. */
	sg->rp.setup.names = (const char *const *)sg->g.names0;
	sg->rp.title0 = sg->g.title0;
	sg->rp.setup.options = (const char *const *)sg->opts;
	sg->rp.players = players;
	if (snap && (status = game_resume(ctx, sg, &resumed, why)) != SR_OK) {
		sr_game_free(sg);
		return status;
	}
	if (resumed)
		return SR_OK;
	if ((status = store_entries_load(ctx->store, id, &sg->rp.entries,
	    &sg->rp.nentries, why)) != SR_OK) {
		sr_game_free(sg);
		return status;
	}
	if (replay_run(&sg->rp, notes, &r) != RULING_OK) {
		*why = xasprintf("game %lld: %s", id, buf_str(&r.why));
		ruling_free(&r);
		sr_game_free(sg);
		return SR_DATA;
	}
	ruling_free(&r);
	return SR_OK;
}

/* Load and replay game id inside the caller's transaction; see cmd.h. */
int
sr_game_read(struct sr_ctx *ctx, long long id, int notes, struct sr_game *sg,
    char **why)
{
	return game_read(ctx, id, notes, 0, 1, sg, why);
}

/* Begin, find the game and load it (snap: from its snapshot if fits). */
static int
game_load(struct sr_ctx *ctx, int write, int notes, int snap,
    struct sr_game *sg)
{
	char *why = NULL;
	long long id = ctx->game;
	int status;

	memset(sg, 0, sizeof *sg);
	if ((status = sr_store(ctx)) != SR_OK)
		return status;
	if ((status = store_begin(ctx->store, write, &why)) != SR_OK)
		return store_error(ctx, status, why);
	if (id == 0) {
		if ((status = store_current(ctx->store, &id, &why)) != SR_OK)
			goto fail;
		if (id == 0) {
			store_rollback(ctx->store);
			return sr_error(ctx, SR_DATA, "no current game; start "
			    "one with 'shakeref new' or choose one with "
			    "'shakeref use ID'");
		}
	}
	if ((status = game_read(ctx, id, notes, snap, 0, sg, &why)) !=
	    SR_OK)
		goto fail;
	return SR_OK;
fail:
	store_rollback(ctx->store);
	return store_error(ctx, status, why);
}

/* Load and replay the game; see cmd.h. */
int
sr_game_load(struct sr_ctx *ctx, int write, int notes, struct sr_game *sg)
{
	return game_load(ctx, write, notes, 0, sg);
}

/* Load the game's state, from its snapshot if it fits; see cmd.h. */
int
sr_game_load_state(struct sr_ctx *ctx, int write, struct sr_game *sg)
{
	return game_load(ctx, write, 0, 1, sg);
}

/* Free a loaded game. */
void
sr_game_free(struct sr_game *sg)
{
	int i;

	replay_free(&sg->rp);
	store_game_clear(&sg->g);
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

/* The names of the rules keep accepts, "a, b or c"; see cmd.h. */
const char *
sr_rules_names(struct buf *b, int (*keep)(const struct game_rules *))
{
	const struct game_rules *const *g;
	int n = 0, k = 0;

	for (g = game_table; *g != NULL; g++)
		n += keep == NULL || keep(*g);
	for (g = game_table; *g != NULL; g++)
		if (keep == NULL || keep(*g))
			buf_printf(b, "%s%s", k++ == 0 ? "" : k == n ? " or " :
			    ", ", (*g)->name);
	return buf_str(b);
}

/* Add line w to b (lines, one a value) unless b has it already. */
static void
add_line(struct buf *b, const char *w, size_t n)
{
	const char *s = buf_str(b), *p;

	for (p = s; (p = strstr(p, w)) != NULL; p++)
		if ((p == s || p[-1] == '\n') && strncmp(p, w, n) == 0 &&
		    p[n] == '\n')
			return;
	buf_add(b, w, n);
	buf_puts(b, "\n");
}

/* The values an option's table row names (see sr_option_values). */
static void
option_words(const struct game_option *o, struct buf *b)
{
	const char *p = o->values, *q;
	char w[32];
	long lo, hi;
	size_t n;

	if (o->valid(o->def))
		add_line(b, o->def, strlen(o->def));
	while (*p != '\0') {
		for (q = p; *q != '\0' && (isalnum((unsigned char)*q) ||
		    *q == '-' || *q == '_'); q++)
			continue;
		if ((n = (size_t)(q - p)) == 0) {
			p++;
			continue;
		}
		/* A short range "2..9": every value in it. */
		if (isdigit((unsigned char)*p) && strncmp(q, "..", 2) == 0 &&
		    isdigit((unsigned char)q[2])) {
			lo = strtol(p, NULL, 10);
			hi = strtol(q + 2, (char **)&q, 10);
			for (; hi - lo <= 20 && lo <= hi; lo++) {
				snprintf(w, sizeof w, "%ld", lo);
				if (o->valid(w))
					add_line(b, w, strlen(w));
			}
		} else if (n < sizeof w) {
			memcpy(w, p, n);
			w[n] = '\0';
			if (o->valid(w))
				add_line(b, w, n);
		}
		p = q;
	}
}

/* The values option key takes, one a line, for completion; see cmd.h. */
void
sr_option_values(const struct sr_ctx *ctx, const struct game_rules *only,
    const char *key, struct buf *b)
{
	const struct game_rules *const *g;
	struct buf l = BUF_INIT;
	const char *p, *q;
	int k;

	for (g = game_table; *g != NULL; g++) {
		if ((only != NULL && *g != only) ||
		    (k = game_option_index(*g, key)) < 0)
			continue;
		if ((*g)->options[k].kind != GAME_OPT_DICT) {
			option_words(&(*g)->options[k], b);
			continue;
		}
		buf_reset(&l);
		lexicon_list(ctx->paths.dicts, &l);
		for (p = buf_str(&l); *p != '\0'; p = *q ? q + 1 : q) {
			q = p + strcspn(p, " ");
			if (q > p)
				add_line(b, p, (size_t)(q - p));
		}
	}
	buf_free(&l);
}

/* "KEY=" for every option of only (of every rules if NULL); see cmd.h. */
void
sr_option_keys(const struct game_rules *only, struct buf *b)
{
	const struct game_rules *const *g;
	struct buf k = BUF_INIT;
	int i;

	for (g = game_table; *g != NULL; g++)
		for (i = 0; (only == NULL || *g == only) &&
		    (*g)->options[i].key != NULL; i++) {
			buf_reset(&k);
			buf_printf(&k, "%s=", (*g)->options[i].key);
			add_line(b, buf_str(&k), k.len);
		}
	buf_free(&k);
}

/* "unknown rules 'S'" with the nearest name if near; see cmd.h. */
const char *
sr_rules_unknown(struct buf *b, const char *s)
{
	const struct game_rules *const *g;
	struct utf8_near nr = UTF8_NEAR_INIT;
	struct buf names = BUF_INIT;

	for (g = game_table; *g != NULL; g++) {
		utf8_near_add(&nr, s, (*g)->name);
		if ((*g)->alias != NULL)
			utf8_near_add(&nr, s, (*g)->alias);
	}
	buf_printf(b, "unknown rules '%s'; ", s);
	if (utf8_near_ok(&nr, s)) {
		buf_puts(b, "did you mean ");
		utf8_near_list(b, &nr);
		buf_puts(b, "? ");
	}
	buf_printf(b, "expected one of %s", sr_rules_names(&names, NULL));
	buf_free(&names);
	return buf_str(b);
}

/* "unknown command 'W'", the nearest command if near; see cmd.h. */
int
sr_command_unknown(struct buf *b, const char *w)
{
	const struct cmd_entry *const *c;
	struct utf8_near nr = UTF8_NEAR_INIT;
	int v;

	for (c = cmd_table; *c != NULL; c++)
		if (*c != &cmd_verb_entry)
			utf8_near_add(&nr, w, (*c)->name);
	for (v = 0; verb_nth(v) >= 0; v++)
		utf8_near_add(&nr, w, verb_name(verb_nth(v)));
	for (v = V_UNDO; v < V__COUNT; v++)
		utf8_near_add(&nr, w, verb_name((enum verb)v));
	buf_printf(b, "unknown command '%s'", w);
	if (!utf8_near_ok(&nr, w))
		return 0;
	buf_puts(b, "; did you mean ");
	utf8_near_list(b, &nr);
	buf_puts(b, "?");
	return 1;
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
	case STORE_FINISHED:
		return "finished";
	case STORE_ABANDONED:
		return "abandoned";
	default:
		return "active";
	}
}

/* UTC ISO 8601. */
void
sr_iso_time(long long t, char *buf, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/*
 * "2026-11-22 19:03" in the local time zone (TZ).  The zone is read once
 * a process: glibc's tzset() looks at the zone file every time it is
 * called (a stat each), which was a third of `games --all` on 10,000
 * games and of `history` on 10,000 entries.
 */
void
sr_local_time(long long t, char *buf, size_t len)
{
	static int tz_read;
	time_t tt = (time_t)t;
	struct tm tm;

	if (!tz_read) {
		tzset();
		tz_read = 1;
	}
	localtime_r(&tt, &tm);
	strftime(buf, len, "%Y-%m-%d %H:%M", &tm);
}

/* 1 if the game's option coach is on (RULES.md: every rules has it). */
static int
sr_coach_on(const struct sr_game *sg)
{
	int k = game_option_kind(sg->rules, GAME_OPT_COACH);

	return k < 0 || sg->opts[k] == NULL || strcmp(sg->opts[k], "off") != 0;
}

/* The coach's advice now; see cmd.h. */
int
sr_advice(const struct sr_game *sg, int review, struct advice *a)
{
	struct expectation x;

	memset(a, 0, sizeof *a);
	if (sg->rules->advice == NULL || (!review && !sr_coach_on(sg)))
		return 0;
	sr_expect(sg, &x, NULL);
	if (x.finished)
		return 0;
	return sg->rules->advice(sg->rp.st, a);
}

/* The advice object of status --json: null, or basis, moves and say. */
static json_t *
advice_json(const struct sr_game *sg)
{
	struct advice *a = xcalloc(1, sizeof *a);
	json_t *o, *moves, *m;
	int i;

	if (!sr_advice(sg, 0, a)) {
		advice_free(a);
		free(a);
		return json_null();
	}
	o = json_object();
	json_object_set_new(o, "basis",
	    json_string(advice_basis_name(a->basis)));
	moves = json_array();
	for (i = 0; i < a->nmoves; i++) {
		m = json_object();
		json_object_set_new(m, "entry", json_string(a->moves[i].entry));
		json_object_set_new(m, "value", json_real(sr_round(
		    a->moves[i].value, a->basis == ADVICE_POINTS ? 1 : 4)));
		json_array_append_new(moves, m);
	}
	json_object_set_new(o, "moves", moves);
	json_object_set_new(o, "say", json_string(buf_str(&a->say)));
	advice_free(a);
	free(a);
	return o;
}

/* x rounded to digits decimals (JSON shows 419.2, 0.5312). */
double
sr_round(double x, int digits)
{
	double f = 1;

	while (digits-- > 0)
		f *= 10;
	return (double)llround(x * f) / f;
}

/* The status object; see cmd.h. */
json_t *
sr_status_json(const struct sr_game *sg)
{
	struct expectation x;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS], i;
	const struct game_verb *v;
	json_t *o = json_object(), *a, *p;

	sr_expect(sg, &x, NULL);
	sr_ranks(sg, scores, winners, ranks);
	json_object_set_new(o, "game", json_integer(sg->g.id));
	json_object_set_new(o, "rules", json_string(sg->rules->name));
	json_object_set_new(o, "state", json_string(sr_state_name(&x)));
	json_object_set_new(o, "round", json_integer(x.round));
	json_object_set_new(o, "turn", !x.finished && x.turn >= 0 ?
	    json_string(sg->g.names[x.turn]) : json_null());
	a = json_array();
	for (v = sg->rules->verbs; v->name != NULL && !x.finished; v++)
		if (x.verbs & VERB_BIT(v - sg->rules->verbs))
			json_array_append_new(a, json_string(v->name));
	json_object_set_new(o, "expect", a);
	a = json_array();
	for (i = 0; i < sg->g.nplayers; i++) {
		p = json_object();
		json_object_set_new(p, "name", json_string(sg->g.names[i]));
		json_object_set_new(p, "score", json_integer(scores[i]));
		json_array_append_new(a, p);
	}
	json_object_set_new(o, "players", a);
	p = json_object();
	for (i = 0; sg->rules->options[i].key != NULL; i++)
		json_object_set_new(p, sg->rules->options[i].key,
		    json_string(sg->opts[i]));
	json_object_set_new(o, "options", p);
	sg->rules->status_json(sg->rp.st, o);
	json_object_set_new(o, "advice", advice_json(sg));
	return o;
}

/* The columns to fit words output to; see cmd.h. */
int
sr_columns(const struct sr_ctx *ctx)
{
	int fd = fileno(ctx->out);

	return isatty(fd) ? term_width(fd, ctx->columns) : 0;
}

/* Print printable text on f, fitted on a terminal; see cmd.h. */
void
sr_fit(const struct sr_ctx *ctx, FILE *f, const char *s, size_t indent)
{
	struct buf w = BUF_INIT;
	int fd = fileno(f), cols;

	if (!isatty(fd)) {
		fputs(s, f);
		return;
	}
	cols = term_width(fd, ctx != NULL ? ctx->columns : 0);
	/* Narrow: going on under a column would leave too little room. */
	if ((size_t)cols < indent + 1 + SR_FIT_ROOM && indent > 4)
		indent = 4;
	utf8_wrap(&w, s, (size_t)cols, indent);
	fputs(buf_str(&w), f);
	buf_free(&w);
}

/* Print text with unprintable bytes escaped, fitted; see cmd.h. */
void
sr_print_text(struct sr_ctx *ctx, const char *s)
{
	struct buf b = BUF_INIT;

	utf8_escape(&b, s, 0, 1);
	sr_fit(ctx, ctx->out, buf_str(&b), 2);
	buf_free(&b);
}

/* Print a JSON object and a newline; reals with 15 digits (88.6). */
int
sr_print_json(struct sr_ctx *ctx, json_t *o)
{
	char *s = json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT |
	    JSON_REAL_PRECISION(15));

	json_decref(o);
	if (s == NULL)
		return sr_error(ctx, SR_SYSTEM, "cannot encode JSON");
	fputs(s, ctx->out);
	fputc('\n', ctx->out);
	free(s);
	return SR_OK;
}

/* Flush the output: a full disk is not success. */
int
sr_flush(struct sr_ctx *ctx, int status)
{
	if (fflush(ctx->out) != 0 || ferror(ctx->out)) {
		ctx->cmd = ctx->cmd != NULL ? ctx->cmd : "output";
		return sr_error(ctx, SR_SYSTEM, "cannot write the output");
	}
	return status;
}

/* "Ann wins with 320" / "Ann and Bob share the win with 320". */
static void
winners_line(const struct sr_game *sg, struct buf *b)
{
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS];
	int seats[GAME_MAX_PLAYERS], n = 0, i;

	sr_ranks(sg, scores, winners, ranks);
	for (i = 0; i < sg->g.nplayers; i++)
		if (winners[i])
			seats[n++] = i;
	if (n == 0) {
		buf_puts(b, "The game is over.");
		return;
	}
	buf_puts(b, "The game is over: ");
	game_list_names(&sg->rp.setup, seats, n, "and", b);
	buf_printf(b, " %s with %ld.", n == 1 ? "wins" : "share the win",
	    scores[seats[0]]);
}

/* The line that says what comes next. */
static void
next_line(const struct sr_game *sg, struct buf *b)
{
	struct expectation x;
	struct buf say = BUF_INIT;

	sr_expect(sg, &x, &say);
	if (x.finished && !x.abandoned)
		winners_line(sg, b);
	else
		buf_puts(b, buf_str(&say));
	buf_free(&say);
}

/* The coach in words: the odds, then "coach: " and the advice, a line. */
static void
sr_coach_text(const struct sr_game *sg, struct buf *b)
{
	struct advice *a;
	struct expectation x;

	if (!sr_coach_on(sg))
		return;
	sr_expect(sg, &x, NULL);
	if (x.finished)
		return;
	if (sg->rules->advise != NULL)
		sg->rules->advise(sg->rp.st, b);
	a = xcalloc(1, sizeof *a);
	if (sr_advice(sg, 0, a) && a->say.len > 0)
		buf_printf(b, "coach: %s\n", buf_str(&a->say));
	advice_free(a);
	free(a);
}

/* Print the status in words. */
void
sr_status_text(struct sr_ctx *ctx, const struct sr_game *sg)
{
	struct buf b = BUF_INIT, house = BUF_INIT;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS], i;

	sr_ranks(sg, scores, winners, ranks);
	buf_printf(&b, "game %lld: %s for ", sg->g.id, sg->rules->name);
	for (i = 0; i < sg->g.nplayers; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", sg->g.names[i]);
	if (sg->g.title != NULL)
		buf_printf(&b, " (%s)", sg->g.title);
	buf_puts(&b, "\nscores: ");
	for (i = 0; i < sg->g.nplayers; i++)
		buf_printf(&b, "%s%s %ld", i ? ", " : "", sg->g.names[i],
		    scores[i]);
	buf_puts(&b, "\n");
	/* The house rules: every option not at its default. */
	if (game_options_changed(sg->rules, &sg->rp.setup, &house) > 0)
		buf_printf(&b, "house rules: %s\n", buf_str(&house));
	buf_free(&house);
	if (sg->rules->describe != NULL)
		sg->rules->describe(sg->rp.st, &b);
	next_line(sg, &b);
	buf_puts(&b, "\n");
	sr_coach_text(sg, &b);
	sr_print_text(ctx, buf_str(&b));
	buf_free(&b);
}

/* What comes next in words (or who won); see cmd.h. */
void
sr_next_words(const struct sr_game *sg, struct buf *b)
{
	next_line(sg, b);
}

/* The time now, for an entry. */
static long long
entry_time(const struct sr_ctx *ctx)
{
	return ctx->now;
}

/* lexicon_judge_fn: the list's verdict, the list built if need be. */
static int
judge(void *arg, const char *dict, int mode, const char *word, char *form,
    size_t len, char **why)
{
	char *w = NULL;
	int v;

	v = wordlists_judge(arg, dict, (mode & LEXICON_FOLD) != 0,
	    (mode & LEXICON_NOUNS) != 0, (mode & LEXICON_COMPOUNDS) != 0,
	    word, form, len, isatty(STDERR_FILENO), &w);
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
		ctx->lexicon = lexicon_cb_new(ctx->paths.dicts);
		/* Challenges rule by the word list, as solve does. */
		ctx->wordlists = wordlists_new(&ctx->paths);
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
	long secs = 180;
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

/*
 * Data before system (SPEC.md): what an entry names (the game, the current
 * game, the players) and a game over are checked in a read transaction
 * first, which another writer's lock does not hold up, so that they are
 * refused with exit 3 at once rather than 4 after the busy timeout.  The
 * write transaction checks everything again.
 */
static int
data_first(struct sr_ctx *ctx, enum verb v, int argc, char **argv)
{
	struct store_game g;
	struct game_setup gs;
	char *why = NULL;
	long long id = ctx->game;
	int status;

	if ((status = sr_store(ctx)) != SR_OK)
		return status;
	if ((status = store_begin(ctx->store, 0, &why)) != SR_OK)
		return store_error(ctx, status, why);
	if (id == 0 && (status = store_current(ctx->store, &id, &why)) !=
	    SR_OK) {
		store_rollback(ctx->store);
		return store_error(ctx, status, why);
	}
	if (id == 0) {
		store_rollback(ctx->store);
		return sr_error(ctx, SR_DATA, "no current game; start one with "
		    "'shakeref new' or choose one with 'shakeref use ID'");
	}
	if ((status = store_game_load(ctx->store, id, &g, &why)) != SR_OK) {
		store_rollback(ctx->store);
		return store_error(ctx, status, why);
	}
	store_rollback(ctx->store);
	memset(&gs, 0, sizeof gs);
	gs.nplayers = g.nplayers;
	gs.names = (const char *const *)g.names;
	status = sr_entry_data(ctx, game_find(g.rules), &gs, g.finished, v,
	    argc, argv);
	store_game_clear(&g);
	return status;
}

/* The data check of an entry against a game's players; see cmd.h. */
int
sr_entry_data(struct sr_ctx *ctx, const struct game_rules *g,
    const struct game_setup *gs, int finished, enum verb v, int argc,
    char **argv)
{
	struct entry e;
	struct ruling r = RULING_INIT;
	int status = SR_OK;

	memset(&e, 0, sizeof e);
	e.argc = argc - 1;
	e.argv = argv + 1;
	switch (game_parse_id(g, gs, v, &e, &r)) {
	case RULING_DATA:
		status = sr_refusal(ctx, SR_DATA, "%s", buf_str(&r.why));
		break;
	case RULING_USAGE:
		status = sr_refusal(ctx, SR_USAGE, "%s", buf_str(&r.why));
		break;
	default:
		if (finished && v != V_UNDO && v != V_REDO &&
		    (v == V_ABANDON || !VERB_IS_META(v)))
			status = sr_error(ctx, SR_DATA, "the game is over");
	}
	entry_clear(&e);
	ruling_free(&r);
	return status;
}

/* The state to store for expectation x (STORE_ACTIVE, ...). */
int
sr_store_state(const struct expectation *x)
{
	if (x->abandoned)
		return STORE_ABANDONED;
	return x->finished ? STORE_FINISHED : STORE_ACTIVE;
}

/* 1 if a and b (either NULL) differ. */
static int
text_differs(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a != b;
	return strcmp(a, b) != 0;
}

/*
 * Store the names and title now if replay changed them (rename, title,
 * an undo of either), and show them from now on.
 */
int
sr_names_sync(struct sr_ctx *ctx, struct sr_game *sg, char **why)
{
	int i, changed = text_differs(sg->g.title, sg->rp.title), status;

	for (i = 0; i < sg->g.nplayers; i++)
		changed |= text_differs(sg->g.names[i], sg->rp.names[i]);
	if (!changed)
		return SR_OK;
	if ((status = store_game_names(ctx->store, sg->g.id,
	    (const char *const *)sg->rp.names, sg->g.nplayers, sg->rp.title,
	    why)) != SR_OK)
		return status;
	for (i = 0; i < sg->g.nplayers; i++) {
		free(sg->g.names[i]);
		sg->g.names[i] = xstrdup(sg->rp.names[i]);
	}
	free(sg->g.title);
	sg->g.title = sg->rp.title != NULL ? xstrdup(sg->rp.title) : NULL;
	return SR_OK;
}

/* The usage check of an entry "verb argv..."; see cmd.h. */
int
sr_entry_usage(struct sr_ctx *ctx, int argc, char **argv, enum verb *vp)
{
	return sr_entry_usage_in(ctx, NULL, NULL, argc, argv, vp);
}

/* The usage check, knowing the players; see cmd.h. */
int
sr_entry_usage_in(struct sr_ctx *ctx, const struct game_rules *g,
    const struct game_setup *gs, int argc, char **argv, enum verb *vp)
{
	struct ruling r = RULING_INIT;
	struct game_setup none;
	struct entry e;
	int status, v;

	ctx->cmd = argv[0];
	if ((v = verb_lookup(argv[0])) < 0)
		return sr_error(ctx, SR_USAGE, "unknown command '%s'", argv[0]);
	memset(&none, 0, sizeof none);
	memset(&e, 0, sizeof e);
	e.argc = argc - 1;
	e.argv = argv + 1;
	status = game_parse_id(g, gs != NULL ? gs : &none, (enum verb)v, &e,
	    &r);
	entry_clear(&e);
	if (status == RULING_USAGE)
		status = sr_refusal(ctx, SR_USAGE, "%s", buf_str(&r.why));
	else {
		*vp = (enum verb)v;
		status = SR_OK;
	}
	ruling_free(&r);
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
	if ((status = data_first(ctx, v, argc, argv)) != SR_OK)
		return status;
	/* From the snapshot; undo and redo with the undo cache, else replayed. */
	if ((status = sr_game_load_state(ctx, 1, &sg)) != SR_OK)
		return status;
	if ((v == V_UNDO || v == V_REDO) &&
	    (ready = sr_cache_ready(ctx, &sg, v, &why)) != 1) {
		id = sg.g.id;
		sr_game_free(&sg);
		if (ready < 0 || (status = sr_game_read(ctx, id, 0, &sg,
		    &why)) != SR_OK) {
			store_rollback(ctx->store);
			return store_error(ctx, ready < 0 ? SR_SYSTEM : status,
			    why);
		}
	}
	status = sr_enter_loaded(ctx, &sg, v, argc, argv);
	sr_game_free(&sg);
	return status;
}

/* The write path for a game loaded in a write transaction; see cmd.h. */
int
sr_enter_loaded(struct sr_ctx *ctx, struct sr_game *sg, enum verb v,
    int argc, char **argv)
{
	struct stored_entry se;
	struct ruling r = RULING_INIT;
	struct buf b = BUF_INIT;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS];
	struct expectation x;
	char *why = NULL;
	int status, i;

	ctx->cmd = argv[0];
	memset(&se, 0, sizeof se);
	se.n = replay_last_n(&sg->rp) + 1;
	se.verb = v;
	se.argc = argc - 1;
	se.argv = xcalloc((size_t)argc, sizeof *se.argv);
	for (i = 1; i < argc; i++)
		se.argv[i - 1] = xstrdup(argv[i]);
	se.at = entry_time(ctx);
	lookup_install(ctx, sg);
	if (sr_cache_before(ctx, sg, &se, &why) != SR_OK) {
		stored_entry_clear(&se);
		store_rollback(ctx->store);
		sg->cache.loaded = 0;
		return store_error(ctx, SR_SYSTEM, why);
	}
	status = replay_add(&sg->rp, &se, &r);
	if (status != RULING_OK && status != RULING_UPHELD) {
		stored_entry_clear(&se);
		store_rollback(ctx->store);
		sg->cache.loaded = 0;
		sr_refusal(ctx, status, "%s", buf_str(&r.why));
		ruling_free(&r);
		return status;
	}
	sr_expect(sg, &x, NULL);
	sr_ranks(sg, scores, winners, ranks);
	if (store_entry_append(ctx->store, sg->g.id,
	    &sg->rp.entries[sg->rp.nentries - 1], &why) != SR_OK ||
	    store_summary(ctx->store, sg->g.id, sr_store_state(&x), scores,
	    winners, sg->g.nplayers, &why) != SR_OK ||
	    sr_names_sync(ctx, sg, &why) != SR_OK ||
	    sr_cache_after(ctx, sg, &sg->rp.entries[sg->rp.nentries - 1],
	    &why) != SR_OK ||
	    sr_snapshot_save(ctx, sg->g.id, &sg->rp, &why) != SR_OK ||
	    sr_cache_set(ctx, sg, &why) != SR_OK ||
	    store_commit(ctx->store, &why) != SR_OK) {
		store_rollback(ctx->store);
		sg->cache.loaded = 0;
		ruling_free(&r);
		return store_error(ctx, SR_SYSTEM, why);
	}
	sg->g.finished = sr_store_state(&x);
	/* Durable: now say what it did and what comes next. */
	if (ctx->json) {
		int jst = sr_print_json(ctx, sr_status_json(sg));

		ruling_free(&r);
		return jst != SR_OK ? jst : status;
	}
	if (r.note.len > 0)
		buf_printf(&b, "%s\n", buf_str(&r.note));
	ruling_free(&r);
	/* A round's close: the board, every word with its value. */
	if ((verb_kind(sg->rules, v) & VERB_CLOSE) &&
	    sg->rules->describe != NULL)
		sg->rules->describe(sg->rp.st, &b);
	if (x.finished && !x.abandoned && ctx->paint) {
		/* The win in colour: the sequences outside the escaping. */
		sr_print_text(ctx, buf_str(&b));
		buf_reset(&b);
		fputs(term_on(TERM_WIN), ctx->out);
		next_line(sg, &b);
		sr_print_text(ctx, buf_str(&b));
		fputs(term_off(), ctx->out);
		buf_reset(&b);
	} else
		next_line(sg, &b);
	buf_puts(&b, "\n");
	sr_print_text(ctx, buf_str(&b));
	buf_free(&b);
	return status;
}
