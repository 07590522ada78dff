/*
 * cmd-complete.c: the hidden command behind shell completion (bash and
 * zsh, data/completion/): given the words of a command line and the index
 * of the word being completed, print the candidates that start with it,
 * one a line, so that completion always knows what this shakeref knows:
 * its commands and options, the rules and their option keys, the games
 * of the database, the verbs legal now in the game and its players.
 *
 *	shakeref complete -- CWORD WORD...	(WORD 0: the program)
 *
 * A line holding only a tab and "files" asks the shell for file names.
 * It never creates a database and prints no error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "utf8.h"

#define MAX_TOKENS	256

struct cands {
	FILE		*out;
	const char	*cur;		/* the word being completed */
	int		 n;
	const char	*seen[512];	/* printed, to print each once */
};

/* Print w if it starts with the current word and was not printed yet. */
static void
add(struct cands *c, const char *w)
{
	int i;

	if (strncmp(w, c->cur, strlen(c->cur)) != 0)
		return;
	for (i = 0; i < c->n; i++)
		if (strcmp(c->seen[i], w) == 0)
			return;
	if (c->n < (int)(sizeof c->seen / sizeof c->seen[0]))
		c->seen[c->n++] = w;
	fprintf(c->out, "%s\n", w);
}

/* Print each word of a NULL-terminated list. */
static void
add_list(struct cands *c, const char *const *list)
{
	for (; *list != NULL; list++)
		add(c, *list);
}

/* Ask the shell for file names. */
static void
add_files(struct cands *c)
{
	fputs("\tfiles\n", c->out);
}

/* The rules names and aliases. */
static void
add_rules(struct cands *c)
{
	const struct game_rules *const *g;

	for (g = game_table; *g != NULL; g++) {
		add(c, (*g)->name);
		if ((*g)->alias != NULL)
			add(c, (*g)->alias);
	}
}

/* Each line of b after pre ("" or "KEY="), if it starts with the word. */
static void
add_lines(struct cands *c, const char *pre, const struct buf *b)
{
	const char *s, *e;
	struct buf w = BUF_INIT;

	for (s = buf_str(b); *s != '\0'; s = e + 1) {
		if ((e = strchr(s, '\n')) == NULL)
			break;
		buf_reset(&w);
		buf_puts(&w, pre);
		buf_add(&w, s, (size_t)(e - s));
		if (strncmp(buf_str(&w), c->cur, strlen(c->cur)) == 0)
			fprintf(c->out, "%s\n", buf_str(&w));
	}
	buf_free(&w);
}

/* "KEY=" for every option of rules (every rules if NULL). */
static void
add_option_keys(struct cands *c, const struct game_rules *only)
{
	struct buf b = BUF_INIT;

	sr_option_keys(only, &b);
	add_lines(c, "", &b);
	buf_free(&b);
}

/*
 * The values of option key of rules (every rules if NULL), each after
 * pre: "KEY=" when the word holds the key (zsh), "" after bash split it.
 */
static void
add_option_values(struct sr_ctx *ctx, struct cands *c,
    const struct game_rules *rules, const char *key, const char *pre)
{
	struct buf b = BUF_INIT;

	sr_option_values(ctx, rules, key, &b);
	add_lines(c, pre, &b);
	buf_free(&b);
}

/* 1 if the database exists: completion never creates one. */
static int
have_db(struct sr_ctx *ctx)
{
	return ctx->db_path != NULL && (!store_is_path(ctx->db_path) ||
	    access(ctx->db_path, F_OK) == 0);
}

/* One game's id (store_games). */
static int
game_id_one(void *arg, const struct store_game *g, long nentries)
{
	struct cands *c = arg;
	char buf[32];

	(void)nentries;
	snprintf(buf, sizeof buf, "%lld", g->id);
	if (strncmp(buf, c->cur, strlen(c->cur)) == 0)
		fprintf(c->out, "%s\n", buf);
	return 0;
}

/* Every game's id, oldest first. */
static void
add_game_ids(struct sr_ctx *ctx, struct cands *c)
{
	char *why = NULL;

	if (!have_db(ctx) || sr_store(ctx) != SR_OK)
		return;
	if (store_begin(ctx->store, 0, &why) == SR_OK)
		store_games(ctx->store, 1, game_id_one, c, &why);
	store_rollback(ctx->store);
	free(why);
}

/*
 * The game now (-g or current) into sg, or -1 if there is none; its
 * messages go nowhere.
 */
static int
load_game(struct sr_ctx *ctx, struct sr_game *sg)
{
	int status;

	if (!have_db(ctx))
		return -1;
	fflush(stderr);
	if (freopen("/dev/null", "w", stderr) == NULL)
		return -1;
	status = sr_game_load(ctx, 0, 0, sg);
	if (status != SR_OK)
		return -1;
	store_rollback(ctx->store);
	return 0;
}

/* One game's players (store_games), each name once in any case. */
static int
players_one(void *arg, const struct store_game *g, long nentries)
{
	struct buf *b = arg;
	const char *s;
	int i;

	(void)nentries;
	for (i = 0; i < g->nplayers; i++) {
		for (s = buf_str(b); *s != '\0'; s = strchr(s, '\n') + 1)
			if (utf8_casecmp_n(s, strcspn(s, "\n"),
			    g->names[i]) == 0)
				break;
		if (*s == '\0')
			buf_printf(b, "%s\n", g->names[i]);
	}
	return 0;
}

/* The players of every game (dice --player). */
static void
add_all_players(struct sr_ctx *ctx, struct cands *c)
{
	struct buf b = BUF_INIT;
	char *why = NULL;

	if (!have_db(ctx) || sr_store(ctx) != SR_OK)
		return;
	if (store_begin(ctx->store, 0, &why) == SR_OK)
		store_games(ctx->store, 1, players_one, &b, &why);
	store_rollback(ctx->store);
	free(why);
	add_lines(c, "", &b);
	buf_free(&b);
}

/* The players of the game now. */
static void
add_players(struct sr_ctx *ctx, struct cands *c)
{
	struct sr_game sg;
	int i;

	if (load_game(ctx, &sg) != 0)
		return;
	for (i = 0; i < sg.g.nplayers; i++) {
		if (strncmp(sg.g.names[i], c->cur, strlen(c->cur)) == 0)
			fprintf(c->out, "%s\n", sg.g.names[i]);
	}
	sr_game_free(&sg);
}

/* The commands, and the verbs the game now takes. */
static void
add_commands(struct sr_ctx *ctx, struct cands *c)
{
	const struct cmd_entry *const *e;
	const enum verb *v;
	struct expectation x;
	struct sr_game sg;

	for (e = cmd_table; *e != NULL; e++)
		if (strcmp((*e)->name, "undo") != 0 &&
		    strcmp((*e)->name, "redo") != 0)
			add(c, (*e)->name);
	if (load_game(ctx, &sg) != 0)
		return;
	sr_expect(&sg, &x, NULL);
	for (v = sg.rules->verbs; *v != V__COUNT; v++)
		if (!x.finished && (x.verbs & VERB_BIT(*v)))
			add(c, verb_name(*v));
	if (sg.rp.ndone > 0)
		add(c, "undo");
	if (sg.rp.nundone > 0)
		add(c, "redo");
	sr_game_free(&sg);
}

/* Every verb any rules takes (for help). */
static void
add_all_verbs(struct cands *c)
{
	int v;

	for (v = 0; v < V__COUNT; v++)
		add(c, verb_name((enum verb)v));
}

/* 1 if w is a global option that takes a value (-d, --db, -g, --id). */
static int
global_with_value(const char *w)
{
	return strcmp(w, "-d") == 0 || strcmp(w, "--db") == 0 ||
	    strcmp(w, "-g") == 0 || strcmp(w, "--id") == 0;
}

/* The option of command cmd named by word w ("--name"), or NULL. */
static const struct cmd_opt *
command_opt(const char *cmd, const char *w)
{
	const struct cmd_entry *e = cmd_find(cmd);
	int k;

	if (e == NULL || strncmp(w, "--", 2) != 0)
		return NULL;
	for (k = 0; k < CMD_MAX_OPTS && e->spec.opts[k].name != NULL; k++)
		if (strcmp(e->spec.opts[k].name, w + 2) == 0)
			return &e->spec.opts[k];
	return NULL;
}

/*
 * The candidates for the value of cmd's option prev (a word "--name"),
 * if it takes one: 1, else 0.  Values known here: rules names, option
 * keys of the rules given (or of every rules), export formats.
 */
static int
option_value(struct sr_ctx *ctx, struct cands *c, const char *cmd,
    const char *prev, const struct game_rules *rules)
{
	const struct cmd_opt *o = command_opt(cmd, prev);
	const char *eq;

	if (o == NULL || !(o->flags & CMD_VALUE))
		return 0;
	if (strcmp(o->name, "game") == 0 || strcmp(o->name, "rules") == 0)
		add_rules(c);
	else if (strcmp(o->name, "option") == 0 &&
	    (eq = strchr(c->cur, '=')) != NULL) {
		/* One word "KEY=VALUE" (zsh): each value after "KEY=". */
		char *pre = xstrndup(c->cur, (size_t)(eq - c->cur) + 1);
		char *key = xstrndup(c->cur, (size_t)(eq - c->cur));

		add_option_values(ctx, c, rules, key, pre);
		free(pre);
		free(key);
	} else if (strcmp(o->name, "option") == 0)
		add_option_keys(c, rules);
	else if (strcmp(o->name, "player") == 0)
		add_all_players(ctx, c);
	else if (strcmp(o->name, "format") == 0) {
		add(c, "json");
		add(c, "csv");
	}
	return 1;
}

/* The options of a command, from its entry in the command table. */
static void
command_options(struct cands *c, const char *cmd)
{
	const struct cmd_entry *e = cmd_find(cmd);
	char buf[64];
	int k;

	if (e == NULL || e->spec.raw)
		return;
	for (k = 0; k < CMD_MAX_OPTS && e->spec.opts[k].name != NULL; k++) {
		snprintf(buf, sizeof buf, "--%s", e->spec.opts[k].name);
		if (strncmp(buf, c->cur, strlen(c->cur)) == 0)
			fprintf(c->out, "%s\n", buf);
	}
}

/*
 * The few values argument k (from 1) of verb v may take now, after the
 * arguments args[0..k - 1): the game's values hook (move and penalize
 * levels, the words of vote and challenge), as play completes them.
 */
static int
add_values(struct sr_ctx *ctx, struct cands *c, enum verb v, int k,
    char *const *args)
{
	struct sr_game sg;
	struct buf b = BUF_INIT;
	char *s, *e;
	int n;

	if (load_game(ctx, &sg) != 0)
		return 0;
	if (sg.rules->values != NULL)
		sg.rules->values(sg.rp.st, v, k - 1, args, &b);
	for (s = b.s; s != NULL && *s != '\0'; s = e + 1) {
		if ((e = strchr(s, '\n')) == NULL)
			break;
		*e = '\0';
		if (strncmp(s, c->cur, strlen(c->cur)) == 0)
			fprintf(c->out, "%s\n", s);
	}
	n = b.len > 0;
	buf_free(&b);
	sr_game_free(&sg);
	return n;
}

/* The candidates for argument k (from 1) of a game verb: by its shape. */
static void
verb_argument(struct sr_ctx *ctx, struct cands *c, enum verb v, int k,
    char *const *args)
{
	switch (verb_arg_shape(v, k)) {
	case 'N':
		/* The players it may name now, else every one. */
		if (!add_values(ctx, c, v, k, args))
			add_players(ctx, c);
		break;
	case 'K':
		add(c, verb_keyword(v, 1));
		add(c, verb_keyword(v, 0));
		break;
	default:
		add_values(ctx, c, v, k, args);
		break;
	}
}

/* The rules of "--game RULES" (or --game=RULES) among words, or NULL. */
static const struct game_rules *
words_rules(char **words, int n)
{
	int i;

	for (i = 1; i + 1 < n; i++)
		if (strcmp(words[i], "--game") == 0) {
			if (strcmp(words[i + 1], "=") == 0 && i + 2 < n)
				i++;
			return game_find(words[i + 1]);
		}
	return NULL;
}

/*
 * The value after "KEY=" (bash splits words at '='): by KEY, before it
 * opt (the word before KEY: --option's KEY=VALUE), the words[0..n) of
 * the line for new's --game.
 */
static void
after_equals(struct sr_ctx *ctx, struct cands *c, const char *key,
    const char *opt, char **words, int n)
{
	if (key[0] != '-' && strcmp(opt, "--option") == 0)
		add_option_values(ctx, c, words_rules(words, n), key, "");
	else if (strcmp(key, "--db") == 0)
		add_files(c);
	else if (strcmp(key, "--id") == 0)
		return;
	else if (strcmp(key, "--format") == 0) {
		add(c, "json");
		add(c, "csv");
	} else if (strcmp(key, "--game") == 0 || strcmp(key, "--rules") == 0)
		add_rules(c);
}

/* The global options, for a word that starts with '-'. */
static const char *const globals[] = { "-d", "--db", "-g", "--id",
    "--json", "-h", "--help", "--version", NULL };

/*
 * Read the words tok[0..ntok) before the one completed: the global
 * options (-d and -g taken into ctx, so that the candidates come from
 * that database and game), the command into *cmd (NULL: none yet), new's
 * --game into *rules, the command's arguments into vargs[0..*nargs).
 */
static void
scan_words(struct sr_ctx *ctx, char **tok, int ntok, const char **cmd,
    const struct game_rules **rules, char **vargs, int *nargs)
{
	const struct cmd_opt *o;
	const char *w;
	int i;

	for (i = 0; i < ntok; i++) {
		w = tok[i];
		if (global_with_value(w) && i + 1 < ntok) {
			if (strcmp(w, "-d") == 0 || strcmp(w, "--db") == 0) {
				free(ctx->db_path);
				ctx->db_path = xstrdup(tok[i + 1]);
			} else
				ctx->game = strtoll(tok[i + 1], NULL, 10);
			i++;
			continue;
		}
		if (w[0] == '-' && w[1] != '\0') {
			if (*cmd != NULL && strcmp(*cmd, "new") == 0 &&
			    strcmp(w, "--game") == 0 && i + 1 < ntok)
				*rules = game_find(tok[i + 1]);
			/* A command's option with a value: skip the value. */
			if (*cmd != NULL && i + 1 < ntok &&
			    (o = command_opt(*cmd, w)) != NULL &&
			    (o->flags & CMD_VALUE) && strchr(w, '=') == NULL)
				i++;
			continue;
		}
		if (*cmd == NULL)
			*cmd = w;
		else
			vargs[(*nargs)++] = tok[i];
	}
}

/*
 * The candidates for the word after prev, of command cmd (NULL: none
 * yet) with its arguments vargs[0..nargs) so far.
 */
static void
complete_word(struct sr_ctx *ctx, struct cands *c, const char *cmd,
    const char *prev, const struct game_rules *rules, int nargs,
    char **vargs)
{
	int k;

	if (strcmp(prev, "-d") == 0 || strcmp(prev, "--db") == 0)
		add_files(c);
	else if (strcmp(prev, "-g") == 0 || strcmp(prev, "--id") == 0)
		add_game_ids(ctx, c);
	else if (cmd == NULL && c->cur[0] == '-')
		add_list(c, globals);
	else if (cmd == NULL)
		add_commands(ctx, c);
	else if (option_value(ctx, c, cmd, prev, rules))
		return;
	else if (c->cur[0] == '-') {
		command_options(c, cmd);
		add_list(c, globals);
	} else if (strcmp(cmd, "use") == 0 && nargs == 0)
		add_game_ids(ctx, c);
	else if (strcmp(cmd, "import") == 0 && nargs == 0)
		add_files(c);
	else if (strcmp(cmd, "rules") == 0 && nargs == 0)
		add_rules(c);
	else if (strcmp(cmd, "help") == 0 && nargs == 0) {
		add_commands(ctx, c);
		add_all_verbs(c);
	} else if ((k = verb_lookup(cmd)) >= 0)
		verb_argument(ctx, c, (enum verb)k, nargs + 1, vargs);
	else
		command_options(c, cmd);
}

/* complete -- CWORD WORD... */
static int
cmd_complete_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct cands c;
	int argc = args->argc;
	char **argv = args->argv;
	char **words = argv + 2, *tok[MAX_TOKENS], *vargs[MAX_TOKENS], *end;
	const char *cmd = NULL, *prev;
	const struct game_rules *rules = NULL;
	int nwords = argc - 2, ntok = 0, cword, i, nargs = 0;

	if (argc < 3)
		return SR_OK;
	cword = (int)strtol(argv[1], &end, 10);
	if (*end != '\0' || cword < 1 || cword > nwords)
		return SR_OK;
	memset(&c, 0, sizeof c);
	c.out = ctx->out;
	c.cur = cword < nwords ? words[cword] : "";
	/* "KEY=VALUE" split by bash into KEY, =, VALUE. */
	if (cword >= 2 && (strcmp(c.cur, "=") == 0 ||
	    strcmp(words[cword - 1], "=") == 0)) {
		i = strcmp(c.cur, "=") == 0 ? cword - 1 : cword - 2;
		if (strcmp(c.cur, "=") == 0)
			c.cur = "";
		after_equals(ctx, &c, words[i], i >= 2 ? words[i - 1] : "",
		    words, nwords);
		return SR_OK;
	}
	/* The words before it, "=" dropped: KEY=VALUE reads as KEY VALUE. */
	for (i = 1; i < cword && ntok < MAX_TOKENS; i++)
		if (strcmp(words[i], "=") != 0)
			tok[ntok++] = words[i];
	prev = ntok > 0 ? tok[ntok - 1] : "";
	/* Global options, the command and its arguments. */
	scan_words(ctx, tok, ntok, &cmd, &rules, vargs, &nargs);
	complete_word(ctx, &c, cmd, prev, rules, nargs, vargs);
	return SR_OK;
}

const struct cmd_entry cmd_complete_entry = {
	.name = "complete",
	.usage = "-- CWORD WORD...",
	.summary = "candidates for shell completion (used by the bash and "
	    "zsh completion scripts)",
	.spec = { .upper = -1, .raw = 1 },
	.exec = cmd_complete_exec,
};
