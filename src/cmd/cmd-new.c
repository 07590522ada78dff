/*
 * cmd-new.c: start a game and make it current.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

#include "cmd.h"
#include "lexicon.h"
#include "utf8.h"

/* The list of rules names for messages. */
static void
rules_list(struct buf *b)
{
	const struct game_rules *const *g;

	for (g = game_table; *g != NULL; g++) {
		buf_printf(b, "%s%s", g == game_table ? "" : ", ", (*g)->name);
		if ((*g)->alias != NULL)
			buf_printf(b, " (%s)", (*g)->alias);
	}
}

/*
 * An empty name in --players list, after n names (last: at its end): say
 * where, and the comma that made it.
 */
static int
empty_name(struct sr_ctx *ctx, const char *list, char **names, int n,
    int last)
{
	if (strspn(list, " ,") == strlen(list))
		return sr_error(ctx, SR_USAGE, "expected --players NAME,NAME"
		    "[,...]: '%s' has no name", list);
	if (last)
		return sr_error(ctx, SR_USAGE, "empty name at the end of "
		    "--players: a trailing comma?");
	if (n == 0)
		return sr_error(ctx, SR_USAGE, "empty name at the start of "
		    "--players: a leading comma?");
	return sr_error(ctx, SR_USAGE, "empty name after '%s' in --players: "
	    "two commas in a row?", names[n - 1]);
}

/* Split and check --players; fills names (trimmed). */
static int
parse_players(struct sr_ctx *ctx, const struct game_rules *g,
    const char *list, char **names, int *np)
{
	char *s = xstrdup(list), *p = s, *q, *end, *why;
	int n = 0, i, status = SR_OK;

	for (;;) {
		q = strchr(p, ',');
		if (q != NULL)
			*q = '\0';
		while (*p == ' ')
			p++;
		end = p + strlen(p);
		while (end > p && end[-1] == ' ')
			*--end = '\0';
		if (n == GAME_MAX_PLAYERS) {
			status = sr_error(ctx, SR_USAGE, "too many players "
			    "(at most %d)", g->max_players);
			goto out;
		}
		if (*p == '\0') {
			status = empty_name(ctx, list, names, n, q == NULL);
			goto out;
		}
		if ((why = game_player_why((const char *const *)names, n,
		    p)) != NULL) {
			status = sr_error(ctx, SR_USAGE, "%s", why);
			free(why);
			goto out;
		}
		names[n++] = xstrdup(p);
		if (q == NULL)
			break;
		p = q + 1;
	}
	if (n < g->min_players || n > g->max_players) {
		status = sr_error(ctx, SR_USAGE, "%s is for %d to %d players, "
		    "got %d", g->name, g->min_players, g->max_players, n);
		goto out;
	}
	*np = n;
out:
	free(s);
	if (status != SR_OK)
		for (i = 0; i < n; i++)
			free(names[i]);
	return status;
}

/* Check one --option K=V against the rules; set it in o. */
static int
parse_option(struct sr_ctx *ctx, const struct game_rules *g,
    const char *kv, json_t *o)
{
	const char *v;
	char *key = xstrndup(kv, kv_split(kv, &v));
	struct buf b = BUF_INIT;
	int k, i, status = SR_OK;

	if ((k = game_option_index(g, key)) < 0) {
		for (i = 0; g->options[i].key != NULL; i++)
			buf_printf(&b, "%s%s", i ? ", " : "",
			    g->options[i].key);
		status = sr_error(ctx, SR_USAGE, "%s has no option '%s'; its "
		    "options: %s", g->name, key, b.len ? buf_str(&b) :
		    "none");
	} else if (v == NULL || !g->options[k].valid(v)) {
		status = sr_error(ctx, SR_USAGE, "option '%s' takes %s, got "
		    "'%s'", key, _(g->options[k].values), v != NULL ? v : "");
	} else if (json_object_get(o, key) != NULL) {
		status = sr_error(ctx, SR_USAGE, "option '%s' is given twice",
		    key);
	} else if (json_object_set_new(o, key,
	    json_string(game_option_value(v))) != 0)
		/* Never a game stored with an option other than given. */
		status = sr_error(ctx, SR_SYSTEM, "cannot store option '%s' "
		    "exactly: its value is not valid UTF-8", key);
	buf_free(&b);
	free(key);
	return status;
}

/* --game RULES: its rules into *g; SR_OK, or the refusal printed. */
static int
new_rules(struct sr_ctx *ctx, const char *rules,
    const struct game_rules **g)
{
	struct buf b = BUF_INIT;
	int status = SR_OK;

	rules_list(&b);
	if (rules == NULL || *rules == '\0')
		status = sr_error(ctx, SR_USAGE, "expected --game RULES, one "
		    "of %s", buf_str(&b));
	else if ((*g = game_find(rules)) == NULL) {
		buf_reset(&b);
		status = sr_error(ctx, SR_USAGE, "%s", sr_rules_unknown(&b,
		    rules));
	}
	buf_free(&b);
	return status;
}

/*
 * The options of o (each --option given) completed with every other
 * option's default, a dictionary option checked installed (exit 4), as
 * the text to store into *opts (malloc'd).  SR_OK, or the refusal
 * printed.
 */
static int
new_options(struct sr_ctx *ctx, const struct game_rules *g, json_t *o,
    char **opts)
{
	char *why = NULL;
	int i, k;

	*opts = NULL;
	/* Every option with its effective value. */
	for (i = 0; g->options[i].key != NULL; i++)
		if (json_object_get(o, g->options[i].key) == NULL)
			xjson_set(o, g->options[i].key,
			    json_string(g->options[i].def));
	/* A dictionary option must name an installed dictionary (exit 4). */
	if ((k = game_option_kind(g, GAME_OPT_DICT)) >= 0 &&
	    !lexicon_exists(ctx->paths.dicts, json_string_value(
	    json_object_get(o, g->options[k].key)), &why)) {
		i = sr_error(ctx, SR_SYSTEM, "%s", why);
		free(why);
		return i;
	}
	*opts = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
	return SR_OK;
}

/*
 * A new game's uid (32 hex digits), made here rather than by the store,
 * so that a COMMIT in doubt can look for it; "" when the system gives no
 * random bytes (the store makes one).
 */
static void
new_uid(char uid[33])
{
	unsigned char raw[16];
	size_t i;

	uid[0] = '\0';
	if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
		return;
	for (i = 0; i < sizeof raw; i++)
		snprintf(uid + i * 2, 3, "%02x", raw[i]);
}

/*
 * The COMMIT of game sg in doubt (store_in_doubt): connect again and look
 * for its uid.  Recorded: said, made current, SR_OK.  Not recorded, or
 * not known (the server still out of reach): said in one line,
 * SR_SYSTEM.  why: the loss, freed.
 */
static int
new_doubt(struct sr_ctx *ctx, struct store_game *sg, char *why)
{
	struct buf b = BUF_INIT;
	char *again = NULL;
	long long id = 0;
	int status = SR_SYSTEM;

	if (sg->uid != NULL && (status = sr_store_back(ctx, &again)) ==
	    SR_OK && (status = store_begin(ctx->store, 0, &again)) == SR_OK) {
		status = store_game_by_uid(ctx->store, sg->uid, &id, &again);
		store_rollback(ctx->store);
	}
	if (status == SR_OK && id != 0) {
		sg->id = id;
		buf_printf(&b, _("The server went away during the commit; "
		    "connected again: game %lld is recorded.\n"), id);
		sr_print_aside(ctx, buf_str(&b));
		buf_free(&b);
		free(again);
		again = NULL;
		if ((status = store_set_current(ctx->store, id, &again)) !=
		    SR_OK)
			status = sr_store_error(ctx, status, again);
		again = NULL;
	} else if (status == SR_OK)
		status = sr_error(ctx, SR_SYSTEM, "%s; connected again: the "
		    "game is not recorded", why);
	else
		status = sr_error(ctx, SR_SYSTEM, "%s; the league is still out "
		    "of reach: whether the game is recorded is not known "
		    "(games tells once it is back)", why);
	free(again);
	free(why);
	return status;
}

/* Store game sg and make it current, in a transaction of its own. */
static int
new_store(struct sr_ctx *ctx, struct store_game *sg)
{
	char *why = NULL;
	int status;

	if ((status = sr_store_create(ctx)) != SR_OK)
		return status;
	if ((status = store_begin(ctx->store, 1, &why)) != SR_OK ||
	    (status = store_game_create(ctx->store, sg, &why)) != SR_OK ||
	    (status = store_set_current(ctx->store, sg->id, &why)) != SR_OK)
		store_rollback(ctx->store);
	else if ((status = store_commit(ctx->store, &why)) != SR_OK) {
		store_rollback(ctx->store);
		if (store_in_doubt(ctx->store))
			return new_doubt(ctx, sg, why);
	}
	if (status != SR_OK) {
		sr_error(ctx, status, "%s", why);
		free(why);
	}
	return status;
}

/* Say what new made: its status object, or its line and what is next. */
static int
new_say(struct sr_ctx *ctx, const struct store_game *sg)
{
	struct sr_game game;
	struct expectation x;
	struct buf say = BUF_INIT, out = BUF_INIT;
	char *why = NULL;
	int status, i;

	/* Made and committed: what it is needs the store no more. */
	ctx->game = sg->id;
	if ((status = sr_game_created(ctx, sg, &game, &why)) != SR_OK)
		return sr_store_error(ctx, status, why);
	if (ctx->json)
		status = sr_print_json(ctx, sr_status_json(&game));
	else {
		buf_printf(&out, _("game %lld: %s for "), sg->id, sg->rules);
		for (i = 0; i < sg->nplayers; i++)
			buf_printf(&out, "%s%s", i == 0 ? "" : ", ",
			    sg->names[i]);
		sr_expect(&game, &x, &say);
		buf_printf(&out, "\n%s\n", buf_str(&say));
		sr_print_text(ctx, buf_str(&out));
		buf_free(&say);
		buf_free(&out);
	}
	sr_game_free(&game);
	return status;
}

/* new --game RULES --players A,B,C [--option K=V]... [--title T] */
static int
cmd_new_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	const char *players = args_get(args, "players");
	const char *title = args_get(args, "title");
	char *const *optv;
	const struct game_rules *g = NULL;
	struct store_game sg;
	char *names[GAME_MAX_PLAYERS], *opts = NULL, uid[33];
	json_t *o;
	int i, nopt, n = 0, status;

	optv = args_values(args, "option", &nopt);
	if (title != NULL && utf8_len(title) > 200)
		return sr_error(ctx, SR_USAGE, "the title is %zu characters; "
		    "at most 200", utf8_len(title));
	if ((status = new_rules(ctx, args_get(args, "game"), &g)) != SR_OK)
		return status;
	if (players == NULL || *players == '\0')
		return sr_error(ctx, SR_USAGE, "expected --players NAME,NAME"
		    "[,...] (%d to %d players)", g->min_players,
		    g->max_players);
	o = json_object();
	for (i = 0; i < nopt && status == SR_OK; i++)
		status = parse_option(ctx, g, optv[i], o);
	if (status == SR_OK)
		status = parse_players(ctx, g, players, names, &n);
	if (status == SR_OK)
		status = new_options(ctx, g, o, &opts);
	json_decref(o);
	if (status == SR_OK) {
		memset(&sg, 0, sizeof sg);
		sg.rules = (char *)g->name;
		sg.title = (char *)title;
		sg.options = opts;
		sg.created = sr_now(ctx);
		new_uid(uid);
		sg.uid = uid[0] != '\0' ? uid : NULL;
		sg.nplayers = n;
		for (i = 0; i < n; i++)
			sg.names[i] = names[i];
		if ((status = new_store(ctx, &sg)) == SR_OK)
			status = new_say(ctx, &sg);
	}
	free(opts);
	for (i = 0; i < n; i++)
		free(names[i]);
	return status;
}

/* new's check of players, for import; see cmd.h. */
int
sr_players_check(struct sr_ctx *ctx, const struct game_rules *g,
    const char *list, char **names, int *np)
{
	return parse_players(ctx, g, list, names, np);
}

const struct cmd_entry cmd_new_entry = {
	.name = "new",
	.usage = "--game RULES --players A,B[,...] [--option K=V]... "
	    "[--title T]",
	.summary = N_("start a game and make it current"),
	.spec = { .opts = { { "game", CMD_VALUE }, { "players", CMD_VALUE | CMD_LIST },
	    { "option", CMD_VALUE | CMD_MULTI },
	    { "title", CMD_VALUE | CMD_NONEMPTY } },
	    .hint = N_("; the players are one list: --players Ann,Bob,Cid") },
	.exec = cmd_new_exec,
	.play = CMD_PLAY | CMD_PLAY_GAME,
};
