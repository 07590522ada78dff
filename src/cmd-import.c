/*
 * cmd-import.c: add the games of an export (cmd-export.c) to the
 * database, all or nothing, in one transaction.  Every new game is
 * replayed through its rules first, with the facts stored in the file
 * (never asked again); a game already here with the same uid and the
 * same entries is skipped, one with the same uid and other entries
 * refuses the whole import.  The checks run as SPEC.md orders them: the
 * file's shape (2), then conflicts (3), then the rules (1).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cmd.h"
#include "utf8.h"

/* The export format this shakeref writes and reads. */
#define IMPORT_FORMAT	1

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
		return xasprintf("game %d (uid %s)", ig->index, ig->uid);
	return xasprintf("game %d", ig->index);
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
	buf_vprintf(&b, fmt, ap);
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
		ig->opts[i] = xstrdup(v != NULL ?
		    game_option_value(json_string_value(v)) :
		    g->options[i].def);
		json_object_set_new(all, g->options[i].key,
		    json_string(ig->opts[i]));
	}
	ig->options = json_dumps(all, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(all);
	return SR_OK;
}

/* players: valid names, unique, as many as the rules take. */
static int
parse_players(struct sr_ctx *ctx, struct imp_game *ig, json_t *a)
{
	const char *why, *name;
	size_t i;
	int k;

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
			if (strcasecmp(ig->names[k], name) == 0)
				return bad(ctx, ig, "player '%s' is named "
				    "twice", name);
		ig->names[ig->nplayers++] = name;
	}
	return SR_OK;
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
	if (verb == NULL || (v = verb_lookup(verb)) < 0 || v == V_TIMER)
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

/* 1 if two games of the file are the same game (rules, players, entries). */
static int
same_game(const struct imp_game *a, const struct imp_game *b)
{
	int i;

	if (a->rules != b->rules || a->nplayers != b->nplayers)
		return 0;
	for (i = 0; i < a->nplayers; i++)
		if (strcmp(a->names[i], b->names[i]) != 0)
			return 0;
	return same_entries(a->entries, a->nentries, b->entries, b->nentries);
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
	same = game_find(g.rules) == ig->rules && g.nplayers == ig->nplayers;
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
	buf_printf(&b, "%s: game %lld here has the same uid and other "
	    "entries; nothing imported", label, id);
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
			return sr_refusal(ctx, SR_RULES, "%s: entry %d (%s) is "
			    "refused: %s; nothing imported", label, in->n,
			    verb_name(in->verb), buf_str(&r->why));
		}
		out = &rp->entries[rp->nentries - 1];
		if (!same_entries(out, 1, in, 1))
			return sr_error(ctx, SR_RULES, "%s: entry %d (%s) "
			    "does not replay as the file has it (%s); nothing "
			    "imported", label, in->n, verb_name(in->verb),
			    !same_text(out->player, in->player) ?
			    "whose entry it is" : "what it acts on");
	}
	replay_expect(rp, &x, NULL);
	if (sr_store_state(&x) != ig->state)
		return sr_error(ctx, SR_RULES, "%s: its entries leave it %s, "
		    "not as the file says; nothing imported", label,
		    sr_state_name(&x));
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
	return sr_caches_rebuild(ctx, g.id, rp, why);
}

/* Read the file (or standard input) as JSON; exit 2 or 4 on failure. */
static int
load_file(struct sr_ctx *ctx, const char *path, json_t **root)
{
	json_error_t err;
	FILE *f;

	if (strcmp(path, "-") == 0)
		f = stdin;
	else if ((f = fopen(path, "r")) == NULL)
		return sr_error(ctx, SR_SYSTEM, "cannot read '%s': %s", path,
		    strerror(errno));
	*root = json_loadf(f, JSON_REJECT_DUPLICATES, &err);
	if (f != stdin)
		fclose(f);
	if (*root == NULL)
		return sr_error(ctx, SR_USAGE, "'%s' is not an export of "
		    "shakeref: line %d: %s", path, err.line, err.text);
	return SR_OK;
}

/* import FILE|- */
static int
cmd_import_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	char **argv = args->argv;
	struct imp_game *games = NULL;
	struct replay rp;
	struct stat sb;
	json_t *root = NULL, *list, *version;
	char *why = NULL;
	size_t n = 0, i, k;
	long imported = 0, skipped = 0;
	int status;

	if ((status = load_file(ctx, argv[1], &root)) != SR_OK)
		return status;
	version = json_object_get(root, "shakeref");
	list = json_object_get(root, "games");
	if (!json_is_object(root) || !json_is_integer(version) ||
	    !json_is_array(list)) {
		status = bad(ctx, NULL, "'%s' is not an export of shakeref: "
		    "expected {\"shakeref\": 1, \"games\": [...]}", argv[1]);
		goto out;
	}
	if (json_integer_value(version) != IMPORT_FORMAT) {
		status = sr_error(ctx, json_integer_value(version) >
		    IMPORT_FORMAT ? SR_DATA : SR_USAGE, "'%s' is an export "
		    "of format %lld; this shakeref reads format %d", argv[1],
		    (long long)json_integer_value(version), IMPORT_FORMAT);
		goto out;
	}
	n = json_array_size(list);
	games = xcalloc(n + 1, sizeof *games);
	for (i = 0; i < n; i++) {
		games[i].index = (int)i + 1;
		if ((status = parse_game(ctx, &games[i],
		    json_array_get(list, i))) != SR_OK)
			goto out;
	}
	/* Data: uids twice in the file. */
	for (i = 0; i < n; i++) {
		for (k = 0; k < i; k++)
			if (strcmp(games[k].uid, games[i].uid) == 0)
				break;
		if (k == i)
			continue;
		if (!same_game(&games[k], &games[i])) {
			status = sr_error(ctx, SR_DATA, "game %zu (uid %s): "
			    "game %zu of the file has the same uid and other "
			    "entries; nothing imported", i + 1, games[i].uid,
			    k + 1);
			goto out;
		}
		games[i].skip = 1;
	}
	/*
	 * No database yet: every game replayed before one is made, so that
	 * a refused import creates nothing (no uid can be here already).
	 */
	if (stat(ctx->db_path, &sb) != 0 && errno == ENOENT)
		for (i = 0; i < n; i++) {
			if (games[i].skip)
				continue;
			status = check_replay(ctx, &games[i], &rp);
			replay_free(&rp);
			if (status != SR_OK)
				goto out;
		}
	/* With new, the one command that creates a database. */
	if ((status = sr_store_create(ctx)) != SR_OK)
		goto out;
	if ((status = store_begin(ctx->store, 1, &why)) != SR_OK)
		goto fail;
	/* Data: uids already here. */
	for (i = 0; i < n; i++)
		if (!games[i].skip && (status = check_stored(ctx->store,
		    &games[i], &why)) != SR_OK)
			goto fail;
	/* Rules: every new game replayed, then stored. */
	for (i = 0; i < n; i++) {
		if (games[i].skip) {
			skipped++;
			continue;
		}
		status = check_replay(ctx, &games[i], &rp);
		if (status == SR_OK)
			status = store_new_game(ctx, &games[i], &rp, &why);
		replay_free(&rp);
		if (status != SR_OK) {
			if (why != NULL)
				goto fail;
			goto rollback;
		}
		imported++;
	}
	if ((status = store_commit(ctx->store, &why)) != SR_OK)
		goto fail;
	if (ctx->json) {
		status = sr_print_json(ctx, json_pack("{s:I, s:I}", "imported",
		    (json_int_t)imported, "skipped", (json_int_t)skipped));
		goto out;
	}
	fprintf(ctx->out, "imported %ld game%s; skipped %ld already here\n",
	    imported, imported == 1 ? "" : "s", skipped);
	status = SR_OK;
	goto out;
fail:
	sr_error(ctx, status, "%s", why != NULL ? why : "database error");
	free(why);
rollback:
	store_rollback(ctx->store);
out:
	for (i = 0; i < n && games != NULL; i++)
		imp_game_free(&games[i]);
	free(games);
	json_decref(root);
	return status;
}

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.usage = "FILE|-",
	.summary = "add the games of an export, each replayed first; all or "
	    "nothing",
	.spec = { .lower = 1, .upper = 1,
	    .count = "expected one FILE (or - for standard input)" },
	.exec = cmd_import_exec,
};
