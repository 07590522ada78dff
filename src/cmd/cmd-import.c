/*
 * cmd-import.c: add the games of an export (cmd-export.c) to the
 * database, all or nothing, in one transaction.  Every new game is
 * replayed through its rules first, with the facts stored in the file
 * (never asked again); a game already here with the same uid and the
 * same everything (rules, options, players, title, created, entries
 * with their facts) is skipped, one with the same uid and anything else
 * refuses the whole import.  The checks run as SPEC.md orders them: the
 * file's shape (2), then conflicts (3), then the rules (1).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "import.h"
#include "utf8.h"

/* One game of the file, checked for shape. */
struct imp_game {
	int			 index;		/* in the file, from 1 */
	const char		*uid;
	const struct game_rules	*rules;
	const char		*title;		/* as created, or NULL */
	char			*options;	/* canonical JSON text */
	char			*opts[16];	/* effective, rules order */
	long long		 created;
	int			 state;		/* STORE_*, as the file says */
	int			 nplayers;
	const char		*names[GAME_MAX_PLAYERS];
	int			 nentries;
	struct stored_entry	*entries;
	int			 skip;		/* already here */
};

/* Free a game's parsed parts (the strings it points at are the file's). */
static void
imp_game_free(struct imp_game *ig)
{
	int i;

	free(ig->options);
	for (i = 0; i < 16; i++)
		free(ig->opts[i]);
	for (i = 0; i < ig->nentries; i++)
		stored_entry_clear(&ig->entries[i]);
	free(ig->entries);
}

/* "game N (uid U)" for messages, malloc'd. */
static char *
game_label(const struct imp_game *ig)
{
	if (ig->uid != NULL)
		return xasprintf(_("game %d (uid %s)"), ig->index, ig->uid);
	return xasprintf(_("game %d"), ig->index);
}

/* Refuse the file's shape: exit 2, naming the game. */
static int __attribute__((format(printf, 3, 4)))
bad(struct sr_ctx *ctx, const struct imp_game *ig, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	char *label;
	va_list ap;

	if (ig != NULL) {
		label = game_label(ig);
		buf_printf(&b, "%s: ", label);
		free(label);
	}
	va_start(ap, fmt);
	buf_vprintf(&b, _(fmt), ap);
	va_end(ap);
	sr_error(ctx, SR_USAGE, "%s", buf_str(&b));
	buf_free(&b);
	return SR_USAGE;
}

/* UTC ISO 8601 "YYYY-MM-DDTHH:MM:SSZ" into *t, or -1. */
static int
parse_time(const char *s, long long *t)
{
	struct tm tm;
	char back[32];
	int n = 0;

	if (s == NULL)
		return -1;
	memset(&tm, 0, sizeof tm);
	if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &tm.tm_year, &tm.tm_mon,
	    &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &n) != 6 ||
	    s[n] != '\0')
		return -1;
	tm.tm_year -= 1900;
	tm.tm_mon--;
	*t = (long long)timegm(&tm);
	/* Only a time written as export writes it (no 25:61). */
	sr_iso_time(*t, back, sizeof back);
	return *t >= 0 && strcmp(back, s) == 0 ? 0 : -1;
}

/* 1 if s is 32 lowercase hexadecimal digits. */
static int
uid_valid(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");

	return n == 32 && s[n] == '\0';
}

/* options: known keys, valid values; the rest from the defaults. */
static int
parse_options(struct sr_ctx *ctx, struct imp_game *ig, json_t *o)
{
	const struct game_rules *g = ig->rules;
	json_t *all = json_object(), *v;
	const char *key;
	int i;

	if (!json_is_object(o)) {
		json_decref(all);
		return bad(ctx, ig, "'options' is not an object");
	}
	json_object_foreach(o, key, v) {
		if ((i = game_option_index(g, key)) < 0 || i >= 15) {
			json_decref(all);
			return bad(ctx, ig, "%s has no option '%s'", g->name,
			    key);
		}
		if (!json_is_string(v) ||
		    !g->options[i].valid(json_string_value(v))) {
			json_decref(all);
			return bad(ctx, ig, "option '%s' must be %s", key,
			    g->options[i].values);
		}
	}
	for (i = 0; g->options[i].key != NULL && i < 15; i++) {
		v = json_object_get(o, g->options[i].key);
		/* A file from before an option: as it was played. */
		ig->opts[i] = xstrdup(v != NULL ?
		    game_option_value(json_string_value(v)) :
		    game_option_old(g, i));
		xjson_set(all, g->options[i].key,
		    json_string(ig->opts[i]));
	}
	ig->options = json_dumps(all, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(all);
	return SR_OK;
}

/*
 * players: each a name as typed (text, no surrounding spaces), then held
 * to new's own check (sr_players_check: valid names, no two equal as
 * new compares them, as many as the rules take).
 */
static int
parse_players(struct sr_ctx *ctx, struct imp_game *ig, json_t *a)
{
	struct buf list = BUF_INIT;
	char *names[GAME_MAX_PLAYERS];
	const char *why, *name;
	size_t i;
	int n = 0, k, status;

	if (!json_is_array(a))
		return bad(ctx, ig, "'players' is not an array");
	if ((int)json_array_size(a) < ig->rules->min_players ||
	    (int)json_array_size(a) > ig->rules->max_players)
		return bad(ctx, ig, "%s is for %d to %d players, got %zu",
		    ig->rules->name, ig->rules->min_players,
		    ig->rules->max_players, json_array_size(a));
	for (i = 0; i < json_array_size(a); i++) {
		if ((name = json_string_value(json_array_get(a, i))) == NULL)
			return bad(ctx, ig, "player %zu is not a string",
			    i + 1);
		if ((why = utf8_text_why(name)) != NULL)
			return bad(ctx, ig, "player %zu %s", i + 1, why);
		if (!game_name_valid(name, &why))
			return bad(ctx, ig, "player name '%s' %s", name, why);
		if (name[0] == ' ' || name[strlen(name) - 1] == ' ')
			return bad(ctx, ig, "player name '%s' has surrounding "
			    "spaces", name);
		for (k = 0; k < ig->nplayers; k++)
			if (utf8_casecmp(ig->names[k], name) == 0)
				return bad(ctx, ig, "player '%s' is named "
				    "twice", name);
		ig->names[ig->nplayers++] = name;
	}
	for (k = 0; k < ig->nplayers; k++)
		buf_printf(&list, "%s%s", k > 0 ? "," : "", ig->names[k]);
	status = sr_players_check(ctx, ig->rules, buf_str(&list), names, &n);
	buf_free(&list);
	while (n > 0)
		free(names[--n]);
	return status;
}

/* One entry of the file into se (checked for shape only). */
static int
parse_entry(struct sr_ctx *ctx, struct imp_game *ig, int k, json_t *o,
    struct stored_entry *se)
{
	json_t *n = json_object_get(o, "n"), *args = json_object_get(o, "args");
	json_t *player = json_object_get(o, "player");
	json_t *fact = json_object_get(o, "fact");
	const char *verb = json_string_value(json_object_get(o, "verb"));
	size_t i;
	int v;

	memset(se, 0, sizeof *se);
	if (!json_is_object(o))
		return bad(ctx, ig, "entry %d is not an object", k + 1);
	if (!json_is_integer(n) || json_integer_value(n) != k + 1)
		return bad(ctx, ig, "entry %d: 'n' must be %d (entries are "
		    "numbered from 1, in order)", k + 1, k + 1);
	se->n = k + 1;
	if (verb == NULL || (v = verb_lookup(verb)) < 0 ||
	    (verb_kind(NULL, (enum verb)v) & VERB_TIMER))
		return bad(ctx, ig, "entry %d: 'verb' is not an entry's verb",
		    k + 1);
	se->verb = (enum verb)v;
	if (!json_is_array(args))
		return bad(ctx, ig, "entry %d: 'args' is not an array", k + 1);
	se->argv = xcalloc(json_array_size(args) + 1, sizeof *se->argv);
	for (i = 0; i < json_array_size(args); i++) {
		const char *a = json_string_value(json_array_get(args, i));

		if (a == NULL)
			return bad(ctx, ig, "entry %d: argument %zu is not a "
			    "string", k + 1, i + 1);
		if (utf8_text_why(a) != NULL)
			return bad(ctx, ig, "entry %d: argument %zu %s", k + 1,
			    i + 1, utf8_text_why(a));
		se->argv[se->argc++] = xstrdup(a);
	}
	if (player == NULL || (!json_is_null(player) &&
	    !json_is_string(player)))
		return bad(ctx, ig, "entry %d: 'player' must be a name or "
		    "null", k + 1);
	if (json_is_string(player) &&
	    utf8_text_why(json_string_value(player)) != NULL)
		return bad(ctx, ig, "entry %d: 'player' %s", k + 1,
		    utf8_text_why(json_string_value(player)));
	if (json_is_string(player))
		se->player = xstrdup(json_string_value(player));
	if (fact == NULL || (!json_is_null(fact) && !json_is_string(fact)))
		return bad(ctx, ig, "entry %d: 'fact' must be a string or "
		    "null", k + 1);
	if (json_is_string(fact) &&
	    utf8_text_why(json_string_value(fact)) != NULL)
		return bad(ctx, ig, "entry %d: 'fact' %s", k + 1,
		    utf8_text_why(json_string_value(fact)));
	if (json_is_string(fact))
		se->fact = xstrdup(json_string_value(fact));
	if (parse_time(json_string_value(json_object_get(o, "at")),
	    &se->at) != 0)
		return bad(ctx, ig, "entry %d: 'at' is not a UTC time "
		    "(YYYY-MM-DDTHH:MM:SSZ)", k + 1);
	return SR_OK;
}

/* One game of the file, checked for shape. */
static int
parse_game(struct sr_ctx *ctx, struct imp_game *ig, json_t *o)
{
	static const char *const states[] = { "active", "finished",
	    "abandoned" };
	json_t *title = json_object_get(o, "title");
	json_t *entries = json_object_get(o, "entries");
	const char *s;
	size_t k;
	int i, status;

	if (!json_is_object(o))
		return bad(ctx, ig, "not an object");
	if ((ig->uid = json_string_value(json_object_get(o, "uid"))) == NULL ||
	    !uid_valid(ig->uid)) {
		ig->uid = NULL;
		return bad(ctx, ig, "'uid' must be 32 lowercase hexadecimal "
		    "digits");
	}
	s = json_string_value(json_object_get(o, "rules"));
	if (s == NULL || (ig->rules = game_find(s)) == NULL)
		return bad(ctx, ig, "unknown rules '%s'", s != NULL ? s : "");
	if (title == NULL || (!json_is_null(title) && !json_is_string(title)))
		return bad(ctx, ig, "'title' must be a string or null");
	ig->title = json_string_value(title);
	if (ig->title != NULL && utf8_text_why(ig->title) != NULL)
		return bad(ctx, ig, "'title' %s", utf8_text_why(ig->title));
	if (ig->title != NULL && (ig->title[0] == '\0' ||
	    utf8_len(ig->title) > GAME_TEXT_MAX))
		return bad(ctx, ig, "'title' must be 1 to %d characters",
		    GAME_TEXT_MAX);
	if ((status = parse_options(ctx, ig, json_object_get(o,
	    "options"))) != SR_OK)
		return status;
	if (parse_time(json_string_value(json_object_get(o, "created")),
	    &ig->created) != 0)
		return bad(ctx, ig, "'created' is not a UTC time "
		    "(YYYY-MM-DDTHH:MM:SSZ)");
	s = json_string_value(json_object_get(o, "state"));
	for (i = 0; i < 3 && (s == NULL || strcmp(s, states[i]) != 0); i++)
		continue;
	if (i == 3)
		return bad(ctx, ig, "'state' must be active, finished or "
		    "abandoned");
	ig->state = i == 0 ? STORE_ACTIVE : i == 1 ? STORE_FINISHED :
	    STORE_ABANDONED;
	if ((status = parse_players(ctx, ig, json_object_get(o,
	    "players"))) != SR_OK)
		return status;
	if (!json_is_array(entries))
		return bad(ctx, ig, "'entries' is not an array");
	ig->entries = xcalloc(json_array_size(entries) + 1,
	    sizeof *ig->entries);
	for (k = 0; k < json_array_size(entries); k++) {
		status = parse_entry(ctx, ig, (int)k,
		    json_array_get(entries, k), &ig->entries[k]);
		ig->nentries++;
		if (status != SR_OK)
			return status;
	}
	return SR_OK;
}

/* 1 if two texts (either NULL) are the same. */
static int
same_text(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

/* 1 if two lists of entries are the same, field for field. */
static int
same_entries(const struct stored_entry *a, int na,
    const struct stored_entry *b, int nb)
{
	int i, k;

	if (na != nb)
		return 0;
	for (i = 0; i < na; i++) {
		if (a[i].n != b[i].n || a[i].verb != b[i].verb ||
		    a[i].at != b[i].at || a[i].argc != b[i].argc ||
		    !same_text(a[i].player, b[i].player) ||
		    !same_text(a[i].fact, b[i].fact))
			return 0;
		for (k = 0; k < a[i].argc; k++)
			if (strcmp(a[i].argv[k], b[i].argv[k]) != 0)
				return 0;
	}
	return 1;
}

/* 1 if stored options (JSON text) are in effect ig's options. */
static int
same_options(const char *stored, const struct imp_game *ig)
{
	const struct game_rules *g = ig->rules;
	json_t *o = stored != NULL ? json_loads(stored, 0, NULL) : NULL;
	const char *v;
	int i, same = json_is_object(o);

	for (i = 0; same && g->options[i].key != NULL && i < 15; i++) {
		v = json_string_value(json_object_get(o, g->options[i].key));
		same = strcmp(game_option_value(v != NULL ? v :
		    g->options[i].def), ig->opts[i]) == 0;
	}
	json_decref(o);
	return same;
}

/*
 * Is the file's game already here?  Sets ig->skip when a stored game has
 * its uid and the same rules, players and entries; SR_DATA (in *why)
 * when it has the uid and anything else.
 */
static int
check_stored(struct store *st, struct imp_game *ig, char **why)
{
	struct store_game g;
	struct stored_entry *e = NULL;
	struct buf b = BUF_INIT;
	long long id;
	int n = 0, i, same, status;
	char *label;

	if ((status = store_game_by_uid(st, ig->uid, &id, why)) != SR_OK ||
	    id == 0)
		return status;
	if ((status = store_game_load(st, id, &g, why)) != SR_OK)
		return status;
	if ((status = store_entries_load(st, id, &e, &n, why)) != SR_OK) {
		store_game_clear(&g);
		return status;
	}
	same = game_find(g.rules) == ig->rules && g.nplayers == ig->nplayers &&
	    g.created == ig->created && same_text(g.title0, ig->title) &&
	    same_options(g.options, ig);
	for (i = 0; same && i < g.nplayers; i++)
		same = strcmp(g.names0[i], ig->names[i]) == 0;
	same = same && same_entries(e, n, ig->entries, ig->nentries);
	for (i = 0; i < n; i++)
		stored_entry_clear(&e[i]);
	free(e);
	store_game_clear(&g);
	if (same) {
		ig->skip = 1;
		return SR_OK;
	}
	label = game_label(ig);
	buf_printf(&b, _("%s: game %lld here has the same uid and is another "
	    "game (its rules, options, players, title, created or entries "
	    "differ); nothing imported"), label, id);
	free(label);
	*why = b.s;
	return SR_DATA;
}

/* check_replay with r, the ruling of each step, and the game's label. */
static int
check_replay_r(struct sr_ctx *ctx, struct imp_game *ig, struct replay *rp,
    struct ruling *r, const char *label)
{
	struct stored_entry se, *in, *out;
	struct expectation x;
	int k, i, status;

	memset(rp, 0, sizeof *rp);
	rp->rules = ig->rules;
	rp->setup.nplayers = ig->nplayers;
	rp->setup.names = ig->names;
	rp->setup.options = (const char *const *)ig->opts;
	rp->setup.env = &ctx->env;
	rp->title0 = ig->title;
	rp->stored_facts = 1;
	if ((status = replay_run(rp, 0, r)) != RULING_OK)
		return sr_refusal(ctx, SR_RULES, "%s: %s", label,
		    buf_str(&r->why));
	for (k = 0; k < ig->nentries; k++) {
		in = &ig->entries[k];
		memset(&se, 0, sizeof se);
		se.n = in->n;
		se.verb = in->verb;
		/* undo and redo are typed bare; replay names their target. */
		if (in->verb != V_UNDO && in->verb != V_REDO)
			se.argc = in->argc;
		se.argv = xcalloc((size_t)se.argc + 1, sizeof *se.argv);
		for (i = 0; i < se.argc; i++)
			se.argv[i] = xstrdup(in->argv[i]);
		se.fact = in->fact != NULL ? xstrdup(in->fact) : NULL;
		se.at = in->at;
		status = replay_add(rp, &se, r);
		if (status != RULING_OK && status != RULING_UPHELD) {
			stored_entry_clear(&se);
			return sr_refusal(ctx, SR_RULES, _("%s: entry %d (%s) is "
			    "refused: %s; nothing imported"), label, in->n,
			    verb_name(in->verb), buf_str(&r->why));
		}
		out = &rp->entries[rp->nentries - 1];
		if (!same_entries(out, 1, in, 1))
			return sr_error(ctx, SR_RULES, "%s: entry %d (%s) "
			    "does not replay as the file has it (%s); nothing "
			    "imported", label, in->n, verb_name(in->verb),
			    !same_text(out->player, in->player) ?
			    _("whose entry it is") : _("what it acts on"));
	}
	replay_expect(rp, &x, NULL);
	if (sr_store_state(&x) != ig->state)
		return sr_error(ctx, SR_RULES, "%s: its entries leave it %s, "
		    "not as the file says; nothing imported", label,
		    _(sr_state_name(&x)));
	return SR_OK;
}

/*
 * Replay a new game through its rules, entry by entry on the live path,
 * with the file's facts; every entry must be accepted and come out as
 * the file has it (whose turn, what undo and redo act on), and the game
 * must end in the state the file says.  Leaves the replay in rp.
 */
static int
check_replay(struct sr_ctx *ctx, struct imp_game *ig, struct replay *rp)
{
	struct ruling r = RULING_INIT;
	char *label = game_label(ig);
	int status;

	status = check_replay_r(ctx, ig, rp, &r, label);
	ruling_free(&r);
	free(label);
	return status;
}

/*
 * Store a new game, replayed in rp: the game, its entries, its summary
 * and its caches.
 */
static int
store_new_game(struct sr_ctx *ctx, struct imp_game *ig, struct replay *rp,
    char **why)
{
	struct store_game g;
	struct expectation x;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], i, status;

	memset(&g, 0, sizeof g);
	g.uid = (char *)ig->uid;
	g.rules = (char *)ig->rules->name;
	g.title = (char *)ig->title;
	g.options = ig->options;
	g.created = ig->created;
	g.nplayers = ig->nplayers;
	for (i = 0; i < ig->nplayers; i++)
		g.names[i] = (char *)ig->names[i];
	if ((status = store_game_create(ctx->store, &g, why)) != SR_OK)
		return status;
	for (i = 0; i < rp->nentries; i++)
		if ((status = store_entry_append(ctx->store, g.id,
		    &rp->entries[i], why)) != SR_OK)
			return status;
	replay_expect(rp, &x, NULL);
	memset(winners, 0, sizeof winners);
	rp->rules->score(rp->st, scores, winners);
	if ((status = store_summary(ctx->store, g.id, sr_store_state(&x),
	    scores, winners, ig->nplayers, why)) != SR_OK ||
	    (status = store_game_names(ctx->store, g.id,
	    (const char *const *)rp->names, ig->nplayers, rp->title, why)) !=
	    SR_OK)
		return status;
	if (rp->nentries > 0 && (status = sr_snapshot_save(ctx, g.id, rp,
	    why)) != SR_OK)
		return status;
	/*
	 * A finished game's undo cache is left cold (check: no problem):
	 * it was most of what an import wrote (8 states a game, 85% of the
	 * database made), for an undo that seldom comes and rebuilds it if
	 * it does.
	 */
	if (sr_store_state(&x) == STORE_FINISHED)
		return sr_dice_rebuild(ctx, g.id, rp, why);
	return sr_caches_rebuild(ctx, g.id, rp, why);
}

/*
 * What the passes know of each game, in file order: its uid; for a uid
 * twice in the file, a hash of its whole text (canonical: keys sorted),
 * made by a pass of its own (pass_hash: rare, and making the canonical
 * text of every game was a tenth of an import); whether it is skipped
 * (here already, or an earlier copy in the file).
 */
struct seen {
	char		 uid[33];
	uint64_t	 hash;
	size_t		 index;		/* from 1 */
	int		 twice;		/* its uid is another game's too */
	int		 skip;
};

struct pass {
	struct sr_ctx	*ctx;
	struct scan	*sc;
	struct seen	*seen;
	size_t		 n, cap;
	int		 store;		/* 0: only replay (a fresh path) */
	long		 imported, skipped;
	char		*why;
};

/* 64-bit FNV-1a of s. */
static uint64_t
hash_text(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s != '\0'; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* Pass 1, the shape: each game parsed; its uid kept. */
static int
pass_shape(void *arg, size_t index, json_t *o)
{
	struct pass *ps = arg;
	struct imp_game ig;
	struct seen *sn;
	int status;

	memset(&ig, 0, sizeof ig);
	ig.index = (int)index;
	status = parse_game(ps->ctx, &ig, o);
	if (status == SR_OK) {
		if (ps->n == ps->cap) {
			ps->cap = ps->cap ? ps->cap * 2 : 64;
			ps->seen = xreallocarray(ps->seen, ps->cap,
			    sizeof *ps->seen);
		}
		sn = &ps->seen[ps->n++];
		memset(sn, 0, sizeof *sn);
		snprintf(sn->uid, sizeof sn->uid, "%s", ig.uid);
		sn->index = index;
	}
	imp_game_free(&ig);
	return status;
}

/* The pass for uids twice in the file: those games' hashes. */
static int
pass_hash(void *arg, size_t index, json_t *o)
{
	struct pass *ps = arg;
	struct seen *sn;
	char *text;

	if (index > ps->n || !(sn = &ps->seen[index - 1])->twice)
		return SR_OK;
	text = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
	sn->hash = hash_text(text != NULL ? text : "");
	free(text);
	return SR_OK;
}

/* Order seen games by uid, then by place in the file. */
static int
seen_cmp(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;
	int c = strcmp(x->uid, y->uid);

	if (c != 0)
		return c;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* Order seen games by place in the file. */
static int
seen_index_cmp(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;

	return x->index < y->index ? -1 : x->index > y->index;
}

/*
 * Data: a uid twice in the file.  The same game again is skipped; another
 * game under the same uid refuses the import (exit 3).
 */
static int
file_twice(struct pass *ps)
{
	size_t i, n, first = 0;
	int status = SR_OK, twice = 0;

	if (ps->n == 0)
		return SR_OK;
	qsort(ps->seen, ps->n, sizeof *ps->seen, seen_cmp);
	for (i = 1; i < ps->n; i++)
		if (strcmp(ps->seen[i].uid, ps->seen[i - 1].uid) == 0)
			twice = ps->seen[i].twice = ps->seen[i - 1].twice = 1;
	if (!twice)
		goto out;
	/* Their hashes, by index: every game passed pass 1, in order. */
	qsort(ps->seen, ps->n, sizeof *ps->seen, seen_index_cmp);
	if ((status = sr_scan_games(ps->sc, pass_hash, ps, &n)) != SR_OK)
		return status;
	qsort(ps->seen, ps->n, sizeof *ps->seen, seen_cmp);
	for (i = 1; i < ps->n && status == SR_OK; i++) {
		if (strcmp(ps->seen[i].uid, ps->seen[first].uid) != 0) {
			first = i;
			continue;
		}
		if (ps->seen[i].hash == ps->seen[first].hash)
			ps->seen[i].skip = 1;
		else
			status = sr_error(ps->ctx, SR_DATA, "game %zu (uid "
			    "%s): game %zu of the file has the same uid and "
			    "is another game; nothing imported",
			    ps->seen[i].index, ps->seen[i].uid,
			    ps->seen[first].index);
	}
out:
	qsort(ps->seen, ps->n, sizeof *ps->seen, seen_index_cmp);
	return status;
}

/* Pass 2 (a database there): a game here already, the same or not. */
static int
pass_stored(void *arg, size_t index, json_t *o)
{
	struct pass *ps = arg;
	struct imp_game ig;
	int status;

	if (ps->seen[index - 1].skip)
		return SR_OK;
	memset(&ig, 0, sizeof ig);
	ig.index = (int)index;
	if ((status = parse_game(ps->ctx, &ig, o)) == SR_OK &&
	    (status = check_stored(ps->ctx->store, &ig, &ps->why)) == SR_OK)
		ps->seen[index - 1].skip = ig.skip;
	imp_game_free(&ig);
	return status;
}

/* Pass 3: each new game replayed (and with ps->store, stored). */
static int
pass_replay(void *arg, size_t index, json_t *o)
{
	struct pass *ps = arg;
	struct imp_game ig;
	struct replay rp;
	int status;

	if (ps->seen[index - 1].skip) {
		ps->skipped++;
		return SR_OK;
	}
	memset(&ig, 0, sizeof ig);
	ig.index = (int)index;
	if ((status = parse_game(ps->ctx, &ig, o)) != SR_OK) {
		imp_game_free(&ig);
		return status;
	}
	status = check_replay(ps->ctx, &ig, &rp);
	if (status == SR_OK && ps->store)
		status = store_new_game(ps->ctx, &ig, &rp, &ps->why);
	replay_free(&rp);
	imp_game_free(&ig);
	ps->imported += status == SR_OK;
	return status;
}

/*
 * Where import may make the database: none there yet (no file, or an
 * empty one).  *missing: the shallowest of path's folders not there yet
 * (malloc'd), or NULL.  1 if fresh.
 */
static int
fresh_path(const char *path, char **missing)
{
	struct stat sb;
	char *dir, *p;

	*missing = NULL;
	/* A league's server makes nothing on the client. */
	if (!store_is_path(path))
		return 0;
	if (stat(path, &sb) == 0)
		return S_ISREG(sb.st_mode) && sb.st_size == 0;
	if (errno != ENOENT)
		return 0;
	dir = xstrdup(path);
	while ((p = strrchr(dir, '/')) != NULL && p != dir) {
		*p = '\0';
		if (stat(dir, &sb) == 0)
			break;
		free(*missing);
		*missing = xstrdup(dir);
	}
	free(dir);
	return 1;
}

/*
 * A refused import leaves a fresh path as it found it: the database it
 * made removed (or emptied again, if it was an empty file), with its
 * WAL and index, and every folder it made.
 */
static void
fresh_undo(struct sr_ctx *ctx, const char *path, int existed,
    const char *missing)
{
	char *side, *dir, *p;

	store_close(ctx->store);
	ctx->store = NULL;
	if (existed ? truncate(path, 0) != 0 : unlink(path) != 0)
		sr_error(ctx, SR_SYSTEM, "cannot remove what the refused "
		    "import made of '%s': %s", path, strerror(errno));
	side = xasprintf("%s-wal", path);
	unlink(side);
	free(side);
	side = xasprintf("%s-shm", path);
	unlink(side);
	free(side);
	if (missing == NULL)
		return;
	dir = xstrdup(path);
	while ((p = strrchr(dir, '/')) != NULL && p != dir &&
	    strlen(dir) > strlen(missing)) {
		*p = '\0';
		if (strlen(dir) < strlen(missing) || rmdir(dir) != 0)
			break;
	}
	free(dir);
}

/*
 * sr_doubt_look()'s look for an import: every game it stored (not
 * skipped) there by its uid.  All or nothing: *there only when each is.
 */
static int
import_there(struct sr_ctx *ctx, void *arg, int *there, char **why)
{
	const struct pass *ps = arg;
	long long id = 1;
	size_t i;
	int status;

	if ((status = store_begin(ctx->store, 0, why)) != SR_OK)
		return status;
	for (i = 0; i < ps->n && status == SR_OK && id != 0; i++)
		if (!ps->seen[i].skip)
			status = store_game_by_uid(ctx->store,
			    ps->seen[i].uid, &id, why);
	store_rollback(ctx->store);
	*there = status == SR_OK && id != 0;
	return status;
}

/* What import says of its COMMIT in doubt, once it looked. */
static const struct sr_doubt_words import_doubt = {
	N_("The server went away during the commit; connected again: the "
	    "import is recorded.\n"),
	N_("connected again: the import is not recorded (nothing "
	    "imported)"),
	N_("the league is still out of reach: whether the import is "
	    "recorded is not known (games tells once it is back)"),
};

/* import FILE|- */
static int
cmd_import_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct scan sc;
	struct pass ps;
	struct stat sb;
	char *missing = NULL;
	size_t n;
	int status, fresh = 0, existed = 0;

	memset(&ps, 0, sizeof ps);
	ps.ctx = ctx;
	ps.sc = &sc;
	if ((status = sr_scan_open(ctx, args->argv[1], &sc)) != SR_OK)
		goto out;
	/* Usage: the file's shape, every game; then uids twice in it. */
	if ((status = sr_scan_games(&sc, pass_shape, &ps, &n)) != SR_OK ||
	    (status = file_twice(&ps)) != SR_OK)
		goto out;
	/*
	 * No database yet (fresh): one is made, and a refused import
	 * removes it again with the folders it made (fresh_undo), so that
	 * it creates nothing; no uid can be here already.
	 */
	fresh = fresh_path(ctx->db_path, &missing);
	existed = fresh && stat(ctx->db_path, &sb) == 0;
	/* With new, the one command that creates a database. */
	if ((status = sr_store_create(ctx)) != SR_OK) {
		if (fresh)
			fresh_undo(ctx, ctx->db_path, existed, missing);
		goto out;
	}
	if ((status = store_begin(ctx->store, 1, &ps.why)) != SR_OK)
		goto fail;
	/* Data: uids already here; then the rules, each game stored. */
	ps.store = 1;
	if ((!fresh && (status = sr_scan_games(&sc, pass_stored, &ps, &n)) !=
	    SR_OK) ||
	    (status = sr_scan_games(&sc, pass_replay, &ps, &n)) != SR_OK) {
		if (ps.why != NULL)
			goto fail;
		goto rollback;
	}
	if ((status = store_commit(ctx->store, &ps.why)) != SR_OK) {
		/* A league's only: a fresh path is a file's. */
		if (!store_in_doubt(ctx->store))
			goto fail;
		store_rollback(ctx->store);
		if ((status = sr_doubt_look(ctx, import_there, &ps,
		    &import_doubt, ps.why)) != SR_OK)
			goto out;
	}
	if (ctx->json)
		status = sr_print_json(ctx, json_pack("{s:I, s:I}", "imported",
		    (json_int_t)ps.imported, "skipped",
		    (json_int_t)ps.skipped));
	else
		fprintf(ctx->out, P_("imported %ld game; skipped %ld already "
		    "here\n", "imported %ld games; skipped %ld already here\n",
		    ps.imported), ps.imported, ps.skipped);
	goto out;
fail:
	sr_error(ctx, status, "%s", ps.why != NULL ? ps.why :
	    _("database error"));
rollback:
	store_rollback(ctx->store);
	if (fresh)
		fresh_undo(ctx, ctx->db_path, existed, missing);
out:
	if (sc.f != NULL)
		fclose(sc.f);
	buf_free(&sc.text);
	free(ps.why);
	free(ps.seen);
	free(missing);
	return status;
}

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.usage = "FILE|-",
	.summary = N_("add the games of an export, each replayed first; all or "
	    "nothing"),
	.spec = { .lower = 1, .upper = 1,
	    .count = N_("expected one FILE (or - for standard input)") },
	.exec = cmd_import_exec,
};
