/*
 * cmd-play.c: a session at the table: entries and commands one per line
 * from standard input, the game loaded once and kept replayed in memory.
 * On a terminal: libedit (loaded with dlopen) for line editing,
 * completion of what is legal now, history kept across sessions; a
 * prompt naming whose turn it is, the scores after each turn, colour.
 */
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

#include <dlfcn.h>
#include <histedit.h>

#include "cmd.h"
#include "term.h"
#include "utf8.h"

#ifndef LIBEDIT_SONAME
#define LIBEDIT_SONAME	"libedit.so.2"
#endif

#define PLAY_MAX_WORDS	128
#define PLAY_HISTORY	1000		/* lines kept across sessions */

/* Set by SIGINT on a terminal: the line being typed is abandoned. */
static volatile sig_atomic_t play_sigint;
/* Set by SIGWINCH: the terminal changed size. */
static volatile sig_atomic_t play_sigwinch;
/*
 * libedit's el_get(), once loaded: its callbacks get only the EditLine,
 * and el_get(EL_CLIENTDATA) gives them the session.
 */
static int (*play_el_get)(EditLine *, int, ...);

/* What a word of play does besides the game verbs. */
enum play_kind {
	PK_CMD, PK_HELP, PK_STATUS, PK_HISTORY, PK_QUIT
};

/*
 * The commands of play (SPEC.md "play") are those of the command table
 * with CMD_PLAY (cmd.h), each run by its exec (play_command).  These are
 * the ones play runs its own way (help: what is legal in the game in
 * memory; status: of it; history: its N checked first) and play's own
 * words (quit, exit), with play's own help where it has one.
 */
static const struct play_own {
	const char	*name;
	enum play_kind	 kind;
	const char	*args;		/* play's own help, else the table's */
	const char	*says;
} play_own[] = {
	{ "help", PK_HELP, "[VERB]", N_("the verbs legal now, or what one does "
	    "in this game") },
	{ "status", PK_STATUS, NULL, NULL },
	{ "history", PK_HISTORY, NULL, NULL },
	{ "quit", PK_QUIT, "", N_("leave play (also exit, Ctrl-D)") },
	{ "exit", PK_QUIT, "", N_("leave play (also quit, Ctrl-D)") },
	{ NULL, PK_CMD, NULL, NULL }
};

/* A command of play: its row of the command table, play's own, or both. */
struct play_cmd {
	const char		*name;
	const struct cmd_entry	*c;	/* or NULL: play's own word */
	const struct play_own	*own;	/* or NULL: run by c's exec */
	enum play_kind		 kind;
};

/* undo and redo, which every game takes: play offers them with its verbs. */
static const enum verb play_undo[] = { V_UNDO, V_REDO };
#define PLAY_UNDO	(int)(sizeof play_undo / sizeof play_undo[0])

/*
 * libedit, loaded with dlopen() on a terminal only: the commands that
 * edit no line do not pay for loading it (tests/bench/core.sh).
 */
struct editor {
	EditLine	*(*init)(const char *, FILE *, FILE *, FILE *);
	void		 (*end)(EditLine *);
	int		 (*set)(EditLine *, int, ...);
	int		 (*wset)(EditLine *, int, ...);
	int		 (*get)(EditLine *, int, ...);
	const char	*(*gets)(EditLine *, int *);
	const LineInfo	*(*line)(EditLine *);
	int		 (*insertstr)(EditLine *, const char *);
	void		 (*deletestr)(EditLine *, int);
	void		 (*reset)(EditLine *);
	void		 (*resize)(EditLine *);
	History		*(*hinit)(void);
	void		 (*hend)(History *);
	int		 (*history)(History *, HistEvent *, int, ...);
	EditLine	*el;
	History		*hist;
	char		*histfile;	/* or NULL: not kept */
};

/* A play session. */
struct play {
	struct sr_ctx	*ctx;
	struct sr_game	 sg;
	int		 loaded;	/* sg holds the game, replayed */
	long long	 id;		/* the session's game, 0: current */
	int		 tty;		/* stdin is a terminal */
	int		 scores;	/* show the scores line (stdout too) */
	long		 lineno;
	/* the position whose coach's line was shown last: */
	long long	 coach_id;	/* its game (0: none yet) */
	int		 coach_n;	/* play_position() then */
	char		*prompt;
	struct editor	 ed;
};

/* The words of a line, as a POSIX shell splits them for quotes only. */
struct words {
	int		 n;
	char		*w[PLAY_MAX_WORDS];
	/* where the line ends (completion): */
	int		 open;		/* the last word runs to the end */
	char		 quote;		/* the quote left open there, or 0 */
	size_t		 start;		/* where the last word began */
};

/* Free the words. */
static void
words_free(struct words *w)
{
	int i;

	for (i = 0; i < w->n; i++)
		free(w->w[i]);
	w->n = 0;
}

/*
 * Split s[0..len) into words: blanks separate words; '...' keeps
 * everything literally; "..." too but for \" \\ \$ \` (backslash-newline
 * removed); a backslash outside quotes keeps the next character; a #
 * at the start of a word starts a comment.  Returns 0, or -1 with *why
 * set (a quote left open, too many words); w->open/quote/start say how
 * the line ends either way.
 */
static int
words_split(const char *s, size_t len, struct words *w, const char **why)
{
	struct buf b = BUF_INIT;
	size_t i = 0;

	memset(w, 0, sizeof *w);
	*why = NULL;
	for (;;) {
		while (i < len && strchr(" \t\r\n", s[i]) != NULL)
			i++;
		if (i == len || s[i] == '#')
			return 0;
		w->start = i;
		buf_reset(&b);
		buf_puts(&b, "");
		while (i < len && strchr(" \t\r\n", s[i]) == NULL) {
			if (s[i] == '\'') {
				for (i++; i < len && s[i] != '\''; i++)
					buf_printf(&b, "%c", s[i]);
				if (i == len) {
					w->quote = '\'';
					break;
				}
				i++;
			} else if (s[i] == '"') {
				for (i++; i < len && s[i] != '"'; i++) {
					if (s[i] == '\\' && i + 1 < len &&
					    strchr("\"\\$`\n", s[i + 1]) != NULL) {
						if (s[++i] != '\n')
							buf_printf(&b, "%c", s[i]);
					} else
						buf_printf(&b, "%c", s[i]);
				}
				if (i == len) {
					w->quote = '"';
					break;
				}
				i++;
			} else if (s[i] == '\\') {
				if (++i < len) {
					if (s[i] != '\n')
						buf_printf(&b, "%c", s[i]);
					i++;
				}
			} else
				buf_printf(&b, "%c", s[i++]);
		}
		if (w->n == PLAY_MAX_WORDS) {
			buf_free(&b);
			*why = _("too many words on one line (at most 128)");
			return -1;
		}
		w->w[w->n++] = xstrdup(buf_str(&b));
		w->open = i == len;
		if (w->quote != 0) {
			buf_free(&b);
			*why = w->quote == '"' ? _("a double quote (\") is not "
			    "closed") : _("a single quote (') is not closed");
			return -1;
		}
		buf_free(&b);
		if (i == len)
			return 0;
	}
}

/* 1 if undo (redo) has an entry to take back (restore) now. */
static int
undo_redo_now(const struct play *p, enum verb v)
{
	return v == V_UNDO ? p->sg.rp.ndone > 0 : p->sg.rp.nundone > 0;
}

/* The command of play named exactly s into pc: 1, or 0 if none. */
static int
play_cmd_find(const char *s, struct play_cmd *pc)
{
	const struct play_own *o;

	memset(pc, 0, sizeof *pc);
	for (o = play_own; o->name != NULL; o++)
		if (strcmp(o->name, s) == 0)
			pc->own = o;
	if ((pc->c = cmd_find(s)) != NULL && !(pc->c->play & CMD_PLAY))
		pc->c = NULL;
	if (pc->c == NULL && pc->own == NULL)
		return 0;
	pc->name = pc->c != NULL ? pc->c->name : pc->own->name;
	pc->kind = pc->own != NULL ? pc->own->kind : PK_CMD;
	return 1;
}

/*
 * The command of play number i (from 0) into pc: the command table's in
 * its order, then play's own words; 0 past the last.
 */
static int
play_cmd_at(int i, struct play_cmd *pc)
{
	const struct cmd_entry *const *c;
	const struct play_own *o;

	for (c = cmd_table; *c != NULL; c++)
		if (((*c)->play & CMD_PLAY) && i-- == 0)
			return play_cmd_find((*c)->name, pc);
	for (o = play_own; o->name != NULL; o++)
		if (cmd_find(o->name) == NULL && i-- == 0)
			return play_cmd_find(o->name, pc);
	return 0;
}

/*
 * The declaration of the verb of id in game g (its help line; undo, redo
 * too), or NULL: the entries about the game are play's commands.
 */
static const struct game_verb *
verb_help_find(const struct game_rules *g, enum verb id)
{
	if (VERB_IS_META(id))
		return NULL;
	return game_verb(g, game_verb_find(g, id));
}

/* "NAME ARGS: what it does" of a play command into b (0 if none). */
static int
play_cmd_help(const struct play_cmd *pc, struct buf *b)
{
	const struct cmd_entry *c = pc->c;

	if (pc->own != NULL && pc->own->says != NULL)
		buf_printf(b, "%s%s%s: %s\n", pc->name, pc->own->args[0] ?
		    " " : "", pc->own->args, _(pc->own->says));
	else if (c != NULL)
		buf_printf(b, "%s%s%s: %s\n", c->name, c->usage[0] ? " " : "",
		    c->usage, _(c->summary));
	else
		return 0;
	return 1;
}

/* Forget the loaded game (it may hold what the store does not). */
static void
play_forget(struct play *p)
{
	if (p->loaded)
		sr_game_free(&p->sg);
	p->loaded = 0;
}

/*
 * Connect again, the server gone: at once on a terminal (the person
 * sees it and types the line again), else waiting for a restart to end
 * (a pipe's next line is there already).
 */
static int
play_again(struct play *p, char **why)
{
	return p->tty ? sr_store_again(p->ctx, why) :
	    sr_store_back(p->ctx, why);
}

/*
 * Begin the line's transaction.  A store whose server went away since
 * the last line (a league's server restarted: nothing was sent yet) is
 * connected again first (play_again) and play says so; the line goes on.
 */
static int
play_begin(struct play *p, int write)
{
	struct sr_ctx *ctx = p->ctx;
	char *why = NULL;
	int status;

	if ((status = sr_store(ctx)) != SR_OK)
		return status;
	if ((status = store_begin(ctx->store, write, &why)) != SR_OK &&
	    store_lost(ctx->store)) {
		free(why);
		why = NULL;
		play_forget(p);
		if ((status = play_again(p, &why)) == SR_OK) {
			fputs(_("The server went away; connected again.\n"),
			    ctx->out);
			status = store_begin(ctx->store, write, &why);
		}
	}
	if (status != SR_OK)
		return sr_store_error(ctx, status, why);
	return SR_OK;
}

/*
 * Before a command of play (note, new, games ...) runs its own exec: a
 * store whose server went away since it was last used (a line failed on
 * it, or a restart between lines) is connected again, and play says so,
 * as for an entry (play_begin).  SR_OK, or the failure printed (exit 4:
 * the line did nothing).
 */
static int
play_connect(struct play *p)
{
	struct sr_ctx *ctx = p->ctx;
	char *why = NULL;
	int status;

	if (ctx->store == NULL || !store_lost(ctx->store))
		return SR_OK;
	play_forget(p);
	if ((status = play_again(p, &why)) != SR_OK)
		return sr_store_error(ctx, status, why);
	fputs(_("The server went away; connected again.\n"), ctx->out);
	return SR_OK;
}

/*
 * Bring the session's game up to date: loaded once, then read again only
 * when another process added entries since (its entries replayed first).
 * With write, a write transaction is left open on success; else none.
 */
static int
play_sync(struct play *p, int write)
{
	struct sr_ctx *ctx = p->ctx;
	char *why = NULL;
	int status, n, last;

	if ((status = play_begin(p, write)) != SR_OK)
		return status;
	if (p->loaded) {
		if ((status = store_last_n(ctx->store, p->sg.g.id, &n, &why)) !=
		    SR_OK) {
			store_rollback(ctx->store);
			status = sr_error(ctx, status, "%s", why != NULL ?
			    why : _("database error"));
			free(why);
			return status;
		}
		last = p->sg.rp.nentries > 0 ?
		    p->sg.rp.entries[p->sg.rp.nentries - 1].n : 0;
		if (n == last) {
			if (!write)
				store_rollback(ctx->store);
			return SR_OK;
		}
		sr_game_free(&p->sg);
		p->loaded = 0;
	}
	store_rollback(ctx->store);
	ctx->game = p->id;
	if ((status = sr_game_load(ctx, write, 0, &p->sg)) != SR_OK)
		return status;
	p->loaded = 1;
	p->id = p->sg.g.id;
	if (!write)
		store_rollback(ctx->store);
	return SR_OK;
}

/* "Ann 120, Bob 90" with the leaders painted, into b. */
static void
scores_line(const struct play *p, struct buf *b)
{
	long scores[GAME_MAX_PLAYERS], top = 0;
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS], i;
	int paint = p->ctx->paint;

	sr_ranks(&p->sg, scores, winners, ranks);
	for (i = 0; i < p->sg.g.nplayers; i++)
		if (i == 0 || scores[i] > top)
			top = scores[i];
	buf_puts(b, _("scores now: "));
	for (i = 0; i < p->sg.g.nplayers; i++) {
		int lead = paint && scores[i] == top && top > 0;

		buf_printf(b, "%s%s", i ? ", " : "",
		    lead ? term_on(TERM_STRONG) : "");
		utf8_escape(b, p->sg.g.names[i], 0, 0);
		/* grouped as the locale writes it: 2.050 */
		buf_printf(b, " %'ld%s", scores[i], lead ? term_off() : "");
	}
	buf_puts(b, "\n");
}

/* An unknown first word: exit 2, with the nearest word of this game. */
static int
unknown_word(struct play *p, const char *w)
{
	struct play_cmd pc;
	const struct game_verb *v;
	struct utf8_near nr = UTF8_NEAR_INIT;
	struct buf b = BUF_INIT;
	int i, status;

	p->ctx->cmd = "play";
	if (p->loaded)
		for (v = p->sg.rules->verbs; v->name != NULL; v++)
			utf8_near_add(&nr, w, v->name);
	for (i = 0; i < PLAY_UNDO; i++)
		utf8_near_add(&nr, w, verb_name(play_undo[i]));
	for (i = 0; play_cmd_at(i, &pc); i++)
		utf8_near_add(&nr, w, pc.name);
	if (utf8_near_ok(&nr, w)) {
		buf_puts(&b, _("; did you mean "));
		utf8_near_list(&b, &nr);
		buf_puts(&b, "?");
	}
	status = sr_error(p->ctx, SR_USAGE, "'%s' is not a verb of %s or a "
	    "command%s (help lists them)", w, p->loaded ?
	    p->sg.rules->name : _("this game"), buf_str(&b));
	buf_free(&b);
	return status;
}

/*
 * An example of a name quoted, from g's first verb whose every argument is
 * a NAME or a LEVEL (`penalize "Mary Ann" 2`), into b; 0 if g has none.
 */
static int
name_example(const struct game_rules *g, struct buf *b)
{
	const struct game_verb *h;
	const char *a;
	size_t n;
	int names;

	for (h = g->verbs; h->name != NULL; h++) {
		buf_reset(b);
		buf_puts(b, h->name);
		for (a = h->args, names = 0; *a != '\0'; a += n) {
			a += strspn(a, " [");
			n = strcspn(a, " ]");
			if (n == 0)
				continue;
			if (strncmp(a, "NAME", 4) == 0 && (n == 4 ||
			    strncmp(a + 4, "...", n - 4) == 0)) {
				/* TRANSLATORS: a player's name with a
				 * space, quoted in play's help. */
				buf_printf(b, " \"%s\"", _("Mary Ann"));
				names++;
			} else if (n == 5 && strncmp(a, "LEVEL", 5) == 0)
				buf_puts(b, " 2");
			else
				break;
			if (a[n] == ']')
				n++;
		}
		if (*a == '\0' && names > 0)
			return 1;
	}
	buf_reset(b);
	return 0;
}

/* The column of what a verb does in help's lines ("  %-10s %-12s "). */
#define HELP_COLUMN	26

/* help [VERB]: what is legal now, or what one verb or command does. */
static int
play_help(struct play *p, int argc, char **argv)
{
	struct sr_ctx *ctx = p->ctx;
	struct expectation x;
	struct buf b = BUF_INIT, ex = BUF_INIT;
	const struct game_verb *h;
	struct play_cmd pc;
	int status, vb, i;

	ctx->cmd = "help";
	if (argc > 2)
		return sr_error(ctx, SR_USAGE, "expected at most one VERB");
	if ((status = play_sync(p, 0)) != SR_OK)
		return status;
	if (argc == 2) {
		vb = verb_lookup(argv[1]);
		if (vb >= 0 && (h = verb_help_find(p->sg.rules,
		    (enum verb)vb)) != NULL)
			buf_printf(&b, "%s%s%s: %s\n", argv[1], h->args[0] ?
			    " " : "", h->args, _(h->text));
		else if (vb >= 0 && !VERB_IS_META(vb))
			return sr_error(ctx, SR_RULES, "%s has no '%s'",
			    p->sg.rules->name, argv[1]);
		else if (play_cmd_find(argv[1], &pc)) {
			if (!play_cmd_help(&pc, &b))
				return sr_error(ctx, SR_USAGE, "'%s' is not in "
				    "this shakeref yet", argv[1]);
		} else
			return unknown_word(p, argv[1]);
		sr_fit(ctx, ctx->out, buf_str(&b), 2);
		buf_free(&b);
		return SR_OK;
	}
	sr_expect(&p->sg, &x, NULL);
	buf_printf(&b, _("%s, game %lld. "), p->sg.rules->name, p->sg.g.id);
	buf_puts(&b, x.finished ? _("The game is over.\n") : _("Legal now:\n"));
	for (h = p->sg.rules->verbs; h->name != NULL && !x.finished; h++)
		if (x.verbs & VERB_BIT(h - p->sg.rules->verbs))
			buf_printf(&b, "  %-10s %-12s %s\n", h->name,
			    h->args, _(h->text));
	for (i = 0; i < PLAY_UNDO; i++)
		if (undo_redo_now(p, play_undo[i])) {
			h = game_verb(p->sg.rules, play_undo[i]);
			buf_printf(&b, "  %-10s %-12s %s\n", h->name,
			    h->args, _(h->text));
		}
	/* Each verb's words go on under their column. */
	sr_fit(ctx, ctx->out, buf_str(&b), HELP_COLUMN);
	buf_reset(&b);
	buf_puts(&b, _("Commands: "));
	for (i = 0; play_cmd_at(i, &pc); i++)
		buf_printf(&b, "%s%s", i == 0 ? "" : ", ", pc.name);
	if (name_example(p->sg.rules, &ex))
		buf_printf(&b, _(".\n'help VERB' for one; quote a name with a "
		    "space: %s\n"), buf_str(&ex));
	else
		buf_puts(&b, _(".\n'help VERB' for one.\n"));
	sr_fit(ctx, ctx->out, buf_str(&b), 2);
	buf_free(&ex);
	buf_free(&b);
	return SR_OK;
}

/* A game verb, undo or redo: the one write path, on the loaded game. */
static int
play_entry(struct play *p, int argc, char **argv)
{
	struct sr_ctx *ctx = p->ctx;
	struct expectation before, after;
	struct buf b = BUF_INIT;
	enum verb v;
	int status;

	if ((status = sr_entry_usage_in(ctx, p->loaded ? p->sg.rules : NULL,
	    p->loaded ? &p->sg.rp.setup : NULL, argc, argv, &v)) != SR_OK)
		return status;
	if (verb_kind(p->loaded ? p->sg.rules : NULL, v) & VERB_TIMER) {
		if ((status = play_sync(p, 0)) != SR_OK)
			return status;
		return sr_timer(ctx, &p->sg, argc, argv);
	}
	/*
	 * Data before system (SPEC.md): what the entry names and a game
	 * over, against the game in memory, before waiting for the lock.
	 */
	if (p->loaded && (status = sr_entry_data(ctx, p->sg.rules,
	    &p->sg.rp.setup, p->sg.g.finished, v, argc, argv)) != SR_OK)
		return status;
	if ((status = play_sync(p, 1)) != SR_OK)
		return status;
	sr_expect(&p->sg, &before, NULL);
	status = sr_enter_loaded(ctx, &p->sg, v, argc, argv);
	if (status == SR_SYSTEM)
		play_forget(p);
	if ((status != SR_OK && status != SR_UPHELD) || !p->scores)
		return status;
	sr_expect(&p->sg, &after, NULL);
	/* A turn passed (not the table's roll that names the first), a
	 * round ended, or the game. */
	if ((before.turn >= 0 && after.turn != before.turn) ||
	    after.round != before.round || after.finished != before.finished) {
		scores_line(p, &b);
		sr_fit(ctx, ctx->out, buf_str(&b), 2);
		buf_free(&b);
	}
	return status;
}

/*
 * After a command that did what it said (abandon, rename, note ...): the
 * game as it left it, for the prompt and the next line.  The line is
 * done, whatever happens here: a failure (the server gone since) is
 * never its own, nor said here; the game is forgotten and the next line
 * that needs it reads it again (connecting again first), and fails
 * itself if it cannot.
 */
static void
play_refresh(struct play *p)
{
	struct sr_ctx *ctx = p->ctx;
	char *why = NULL;
	long long id = p->id;
	int n, last;

	if (ctx->store == NULL || store_lost(ctx->store) ||
	    store_begin_game(ctx->store, 0, &id, &why) != SR_OK) {
		free(why);
		play_forget(p);
		return;
	}
	if (p->loaded) {
		last = p->sg.rp.nentries > 0 ?
		    p->sg.rp.entries[p->sg.rp.nentries - 1].n : 0;
		if (store_last_n(ctx->store, p->sg.g.id, &n, &why) == SR_OK &&
		    n == last) {
			store_rollback(ctx->store);
			return;
		}
		free(why);
		why = NULL;
		play_forget(p);
	}
	/* Replayed whole, as play_sync loads it. */
	if (sr_game_get(ctx, id, 0, 0, 0, &p->sg, &why) == SR_OK) {
		p->loaded = 1;
		p->id = id;
	} else
		free(why);
	store_rollback(ctx->store);
}

/* A command of play (but help, status and quit): its own exec. */
static int
play_command(struct play *p, const struct play_cmd *pc, int argc,
    char **argv)
{
	struct sr_ctx *ctx = p->ctx;
	const struct cmd_entry *c;
	struct cmd_args a;
	int status;

	ctx->cmd = pc->name;
	if ((c = pc->c) == NULL)
		return sr_error(ctx, SR_USAGE, "'%s' is not in this shakeref "
		    "yet", pc->name);
	/* new and use choose the game; the others act on the session's. */
	ctx->game = c->play & CMD_PLAY_GAME ? 0 : p->id;
	/* The command line's path: the command table and its spec. */
	if ((status = cmd_parse(ctx, c, argc, argv, argc, &a)) != SR_OK)
		return status;
	if ((status = play_connect(p)) == SR_OK)
		status = c->exec(ctx, &a);
	cmd_args_free(&a);
	if (status != SR_OK)
		return status;
	if (c->play & CMD_PLAY_GAME) {
		/* The session goes on with that game. */
		play_forget(p);
		p->id = ctx->game;
	}
	/* Acknowledged now, whatever reading the game again meets. */
	fflush(ctx->out);
	play_refresh(p);
	return SR_OK;
}

/* history [N]: the command's own, N checked here. */
static int
play_history(struct play *p, const struct play_cmd *pc, int argc,
    char **argv)
{
	const char *s;

	if (argc == 2) {
		for (s = argv[1]; *s >= '0' && *s <= '9'; s++)
			;
		if (*s != '\0' || s == argv[1] || s - argv[1] > 6) {
			p->ctx->cmd = "history";
			return sr_error(p->ctx, SR_USAGE, "'%s' is not a number "
			    "of entries", argv[1]);
		}
	}
	return play_command(p, pc, argc, argv);
}

/* play_line's "leave": quit or exit (no exit status: play ends well). */
#define PLAY_LEAVE	(-1)

/*
 * The position now, as the coach's line goes with it: the number of the
 * top game entry in effect (a note, a title or a rename between moves
 * is no new position), 0 if none.
 */
static int
play_position(const struct play *p)
{
	const struct replay *rp = &p->sg.rp;
	int k;

	for (k = rp->ndone - 1; k >= 0; k--)
		if (!VERB_IS_META(rp->entries[rp->done[k]].verb))
			return rp->entries[rp->done[k]].n;
	return 0;
}

/* The position now is the one whose coach's line was shown. */
static void
play_coached(struct play *p)
{
	p->coach_id = p->sg.g.id;
	p->coach_n = play_position(p);
}

/* The coach's line above the prompt (none with coach=off). */
static void
play_coach(struct play *p)
{
	struct advice *a;
	struct buf b = BUF_INIT;

	if (!p->loaded)
		return;
	a = xcalloc(1, sizeof *a);
	if (sr_advice(&p->sg, 0, a) && a->say.len > 0) {
		buf_printf(&b, _("coach: %s\n"), buf_str(&a->say));
		sr_print_text(p->ctx, buf_str(&b));
		buf_free(&b);
		fflush(p->ctx->out);
	}
	advice_free(a);
	free(a);
}

/*
 * Run one line; returns its exit status (SR_OK for blank lines), or
 * PLAY_LEAVE (quit, exit).
 */
static int
play_line(struct play *p, const char *line)
{
	struct sr_ctx *ctx = p->ctx;
	struct play_cmd pc;
	struct words w;
	const char *why;
	char *t;
	size_t len = strlen(line), i;
	int status;

	/*
	 * The door: the line as typed, without its end (\n or \r\n); a tab
	 * separates words as a space does (a shell's blanks), every word is
	 * checked again once split.
	 */
	ctx->cmd = "play";
	if (len > 0 && line[len - 1] == '\n')
		len--;
	if (len > 0 && line[len - 1] == '\r')
		len--;
	t = xmalloc(len + 1);
	for (i = 0; i < len; i++)
		t[i] = line[i] == '\t' ? ' ' : line[i];
	t[len] = '\0';
	status = utf8_text_why(t) == NULL ? SR_OK : sr_text_check(ctx, "", t);
	free(t);
	if (status != SR_OK)
		return status;
	if (words_split(line, len, &w, &why) != 0) {
		words_free(&w);
		return sr_error(ctx, SR_USAGE, "%s", why);
	}
	if (w.n == 0)
		return SR_OK;
	for (i = 0; i < (size_t)w.n; i++)
		if ((status = sr_text_check(ctx, "", w.w[i])) != SR_OK) {
			words_free(&w);
			return status;
		}
	if (play_cmd_find(w.w[0], &pc)) {
		switch (pc.kind) {
		case PK_QUIT:
			ctx->cmd = pc.name;
			status = w.n == 1 ? PLAY_LEAVE : sr_error(ctx, SR_USAGE,
			    "unexpected argument '%s'", w.w[1]);
			break;
		case PK_HELP:
			status = play_help(p, w.n, w.w);
			break;
		case PK_STATUS:
			ctx->cmd = "status";
			if (w.n != 1)
				status = sr_error(ctx, SR_USAGE, "unexpected "
				    "argument '%s'", w.w[1]);
			else if ((status = play_sync(p, 0)) != SR_OK)
				break;
			else if (ctx->json)
				status = sr_print_json(ctx,
				    sr_status_json(&p->sg));
			else {
				sr_status_text(ctx, &p->sg);
				play_coached(p);
			}
			break;
		case PK_HISTORY:
			status = play_history(p, &pc, w.n, w.w);
			break;
		default:
			status = play_command(p, &pc, w.n, w.w);
			break;
		}
	} else if (verb_lookup(w.w[0]) >= 0)
		status = play_entry(p, w.n, w.w);
	else
		status = unknown_word(p, w.w[0]);
	words_free(&w);
	return status;
}

/* The columns a prompt leaves to type in, at least, else it is shortened. */
#define PROMPT_ROOM	24

/*
 * The prompt: round, whose turn (painted), what is expected; on a
 * terminal too narrow to leave PROMPT_ROOM columns after it, without
 * the list of what is expected ("round 2, Bob> ").
 */
static char *
play_prompt(struct play *p)
{
	struct expectation x;
	struct buf b = BUF_INIT, list = BUF_INIT;
	const struct game_verb *v;
	int first = 1, paint = p->ctx->paint && p->ed.el != NULL;
	size_t cols = (size_t)term_width(fileno(p->ctx->out),
	    p->ctx->columns), w;

	if (!p->loaded)
		return xstrdup("> ");
	sr_expect(&p->sg, &x, NULL);
	if (x.finished) {
		buf_puts(&b, x.abandoned ? _("game abandoned") : _("game over"));
		if (b.len + 17 + PROMPT_ROOM <= cols)
			buf_puts(&b, _(" (undo, status)"));
		buf_puts(&b, "> ");
		return b.s;
	}
	buf_puts(&list, " (");
	for (v = p->sg.rules->verbs; v->name != NULL; v++)
		if (x.verbs & VERB_BIT(v - p->sg.rules->verbs)) {
			buf_printf(&list, "%s%s", first ? "" : "|", v->name);
			first = 0;
		}
	buf_puts(&list, ")");
	/*
	 * The prompt's width: "round N, NAME" (a round with a name of its
	 * own by it, as the status names it: "All Shake, Zoë"), then the
	 * list and "> ".
	 */
	if (x.round_name != NULL)
		buf_printf(&b, _("%s, "), _(x.round_name));
	else
		buf_printf(&b, _("round %d, "), x.round);
	w = utf8_width(buf_str(&b)) + (x.turn >= 0 ?
	    utf8_width(p->sg.g.names[x.turn]) : 5);
	/* \1 brackets what takes no room on the screen (EL_PROMPT_ESC). */
	/* A name from the store is never sent to the terminal raw. */
	if (paint && x.turn >= 0)
		buf_printf(&b, "\1%s\1", term_on(TERM_TURN));
	if (x.turn >= 0)
		utf8_escape(&b, p->sg.g.names[x.turn], 0, 0);
	else
		buf_puts(&b, _("table"));
	if (paint && x.turn >= 0)
		buf_printf(&b, "\1%s\1", term_off());
	if (w + list.len + 2 + PROMPT_ROOM <= cols)
		buf_puts(&b, buf_str(&list));
	buf_puts(&b, "> ");
	buf_free(&list);
	return b.s;
}

/* SIGINT on a terminal: abandon the line (or stop the timer). */
static void
on_sigint(int sig)
{
	(void)sig;
	play_sigint = 1;
}

/*
 * Read a line from a file or pipe (malloc'd), or NULL at the end; *nul
 * (unless NULL) is 1 if it holds a NUL byte, which would cut it short:
 * such a line is refused whole (nul_refuse), as any control character.
 */
static char *
read_plain(FILE *f, int *nul)
{
	char *line = NULL, *p;
	size_t cap = 0;
	ssize_t n;

	if ((n = getline(&line, &cap, f)) < 0) {
		free(line);
		return NULL;
	}
	if (nul != NULL)
		*nul = memchr(line, '\0', (size_t)n) != NULL;
	/* The NULs shown as \x00 in the refusal's quote of the line. */
	if (nul != NULL && *nul) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			n--;
		p = line;
		line = xmalloc((size_t)n * 4 + 1);
		line[0] = '\0';
		for (cap = 0; cap < (size_t)n; cap++)
			if (p[cap] == '\0')
				strcat(line, "\\x00");
			else
				strncat(line, p + cap, 1);
		free(p);
	}
	return line;
}

/* Refuse a line that held a NUL byte (exit 2), as sr_text_check would. */
static int
nul_refuse(struct sr_ctx *ctx, const char *shown)
{
	ctx->cmd = "play";
	return sr_error(ctx, SR_USAGE, "'%s' contains a control character "
	    "(a NUL byte); text must be UTF-8 without control characters or "
	    "direction overrides", shown);
}

/* The history file in the state folder (paths.h), its folders made. */
static char *
history_path(const struct sr_paths *paths)
{
	char *path;

	if (paths->state == NULL)
		return NULL;
	path = xasprintf("%s/history", paths->state);
	if (paths_make_parents(path, NULL) != 0) {
		free(path);
		return NULL;
	}
	return path;
}

/* The session an EditLine belongs to. */
static struct play *
editor_play(EditLine *el)
{
	void *d = NULL;

	play_el_get(el, EL_CLIENTDATA, &d);
	return d;
}

/* libedit's prompt function: the session's prompt. */
static char *
editor_prompt(EditLine *el)
{
	struct play *p = editor_play(el);

	return p != NULL && p->prompt != NULL ? p->prompt : (char *)"> ";
}

/* SIGWINCH: note it; the next read resizes the editor. */
static void
on_sigwinch(int sig)
{
	(void)sig;
	play_sigwinch = 1;
}

/*
 * libedit's read function: one character from the terminal, decoded from
 * the locale's multibyte form; -1 when Ctrl-C interrupts (the line is
 * abandoned), 0 at the end of input.
 */
static int
editor_getc(EditLine *el, wchar_t *wc)
{
	struct play *p = editor_play(el);
	mbstate_t ps;
	char c;
	ssize_t r;
	size_t k;

	memset(&ps, 0, sizeof ps);
	for (;;) {
		if (play_sigint)
			return -1;
		if ((r = read(STDIN_FILENO, &c, 1)) == 1) {
			k = mbrtowc(wc, &c, 1, &ps);
			if (k == (size_t)-2)
				continue;
			if (k == (size_t)-1) {
				memset(&ps, 0, sizeof ps);
				*wc = (wchar_t)(unsigned char)c;
			}
			return 1;
		}
		if (r == 0)
			return 0;
		if (errno != EINTR)
			return -1;
		if (play_sigwinch && p != NULL) {
			play_sigwinch = 0;
			/* The prompt for the new width (narrow: shorter). */
			free(p->prompt);
			p->prompt = play_prompt(p);
			p->ed.resize(el);
			p->ed.set(el, EL_REFRESH);
		}
	}
}

/* Add the candidates of b (one a line) that start with pre to list. */
static void
cands_lines(const char *b, const char *pre, char **list, int *n, int max)
{
	const char *s, *e;
	size_t len = strlen(pre);

	for (s = b; *s != '\0' && *n < max; s = *e ? e + 1 : e) {
		e = strchr(s, '\n');
		if (e == NULL)
			e = s + strlen(s);
		if ((size_t)(e - s) >= len && strncmp(s, pre, len) == 0) {
			list[*n] = xmalloc((size_t)(e - s) + 1);
			memcpy(list[*n], s, (size_t)(e - s));
			list[*n][e - s] = '\0';
			(*n)++;
		}
	}
}

/*
 * Word argi (from 1) of a play command of the command table (new, dice,
 * standings ...): the value of the option before it (new --game: the
 * rules names; --option: the keys of the rules of --game, and after
 * "KEY=" the values it takes; dice --player: the players; --rules,
 * --format), else its options.  One a line into b.
 */
static void
complete_options(struct play *p, const struct words *w, int argi,
    struct buf *b)
{
	const struct cmd_entry *c = cmd_find(w->w[0]);
	const struct game_rules *rules = NULL;
	const char *prev = w->w[argi - 1], *cur, *opt, *eq;
	struct buf vals = BUF_INIT;
	int i, k;

	cur = argi < w->n ? w->w[argi] : "";
	if (c == NULL || c == &cmd_verb_entry || c->spec.raw)
		return;
	for (i = 1; i + 1 < argi; i++)
		if (strcmp(w->w[i], "--game") == 0)
			rules = game_find(w->w[i + 1]);
	for (k = 0; k < CMD_MAX_OPTS && c->spec.opts[k].name != NULL; k++)
		if (strncmp(prev, "--", 2) == 0 &&
		    strcmp(prev + 2, c->spec.opts[k].name) == 0 &&
		    (c->spec.opts[k].flags & CMD_VALUE))
			break;
	if (k == CMD_MAX_OPTS || c->spec.opts[k].name == NULL) {
		for (k = 0; k < CMD_MAX_OPTS && c->spec.opts[k].name != NULL;
		    k++)
			buf_printf(b, "--%s\n", c->spec.opts[k].name);
		return;
	}
	opt = c->spec.opts[k].name;
	if (strcmp(opt, "game") == 0 || strcmp(opt, "rules") == 0) {
		for (i = 0; game_table[i] != NULL; i++)
			buf_printf(b, "%s\n%s%s", game_table[i]->name,
			    game_table[i]->alias != NULL ?
			    game_table[i]->alias : "",
			    game_table[i]->alias != NULL ? "\n" : "");
	} else if (strcmp(opt, "option") == 0 &&
	    (eq = strchr(cur, '=')) != NULL) {
		char *key = xstrndup(cur, (size_t)(eq - cur));
		const char *s, *e;

		sr_option_values(p->ctx, rules, key, &vals);
		for (s = buf_str(&vals); (e = strchr(s, '\n')) != NULL;
		    s = e + 1)
			buf_printf(b, "%s=%.*s\n", key, (int)(e - s), s);
		free(key);
	} else if (strcmp(opt, "option") == 0)
		sr_option_keys(rules, b);
	else if (strcmp(opt, "player") == 0)
		for (i = 0; i < p->sg.g.nplayers; i++)
			buf_printf(b, "%s\n", p->sg.g.names[i]);
	else if (strcmp(opt, "format") == 0)
		buf_puts(b, "json\ncsv\n");
	buf_free(&vals);
}

/*
 * What may stand in word argi (0: the verb) after the words w now, one a
 * line into b: the verbs legal now and the commands; then player names;
 * then the few values a verb takes (move LEVEL, penalize NAME LEVEL,
 * vote NAME WORD accept|reject: its rules module's values hook).
 * Never file names.
 */
static void
complete_values(struct play *p, const struct words *w, int argi,
    struct buf *b)
{
	struct expectation x;
	struct play_cmd pc;
	const struct game_verb *v;
	int i, vb, lv;

	sr_expect(&p->sg, &x, NULL);
	if (argi == 0) {
		for (v = p->sg.rules->verbs; v->name != NULL; v++)
			if (!x.finished &&
			    (x.verbs & VERB_BIT(v - p->sg.rules->verbs)))
				buf_printf(b, "%s\n", v->name);
		for (i = 0; i < PLAY_UNDO; i++)
			if (undo_redo_now(p, play_undo[i]))
				buf_printf(b, "%s\n", verb_name(play_undo[i]));
		for (i = 0; play_cmd_at(i, &pc); i++)
			buf_printf(b, "%s\n", pc.name);
		return;
	}
	if (strcmp(w->w[0], "help") == 0 && argi == 1) {
		for (v = p->sg.rules->verbs; v->name != NULL; v++)
			buf_printf(b, "%s\n", v->name);
		for (i = 0; play_cmd_at(i, &pc); i++)
			buf_printf(b, "%s\n", pc.name);
		return;
	}
	if (strcmp(w->w[0], "rules") == 0 && argi == 1) {
		for (i = 0; game_table[i] != NULL; i++)
			buf_printf(b, "%s\n", game_table[i]->name);
		return;
	}
	if (play_cmd_find(w->w[0], &pc)) {
		complete_options(p, w, argi, b);
		return;
	}
	/* A verb of this game, or one of every game (rename ...). */
	if ((vb = verb_lookup(w->w[0])) < 0 ||
	    (lv = game_verb_find(p->sg.rules, (enum verb)vb)) < 0)
		return;
	if (game_verb_arg(p->sg.rules, lv, argi) == 'K') {
		game_verb_keyword(p->sg.rules, lv, argi, 0, b);
		buf_puts(b, "\n");
		game_verb_keyword(p->sg.rules, lv, argi, 1, b);
		buf_puts(b, "\n");
		return;
	}
	if (p->sg.rules->values != NULL) {
		size_t before = b->len;

		p->sg.rules->values(p->sg.rp.st, lv, argi - 1, w->w + 1, b);
		if (b->len != before)
			return;
	}
	/* A NAME where the verb takes one (its shape, game.c): none the
	 * module named (penalize: the opponents it reaches), every one. */
	if (game_verb_arg(p->sg.rules, lv, argi) != 'N')
		return;
	for (i = 0; i < p->sg.g.nplayers; i++)
		buf_printf(b, "%s\n", p->sg.g.names[i]);
}

/*
 * The candidates list[0..n) in columns as ls shows them (down, then
 * across), two spaces apart, as many columns as the terminal's width
 * holds.
 */
static void
cands_columns(struct play *p, char **list, int n)
{
	struct buf b = BUF_INIT;
	size_t w = 0, k, cols = (size_t)term_width(fileno(p->ctx->out),
	    p->ctx->columns);
	int i, r, c, ncol, rows;

	for (i = 0; i < n; i++)
		if ((k = utf8_width(list[i])) > w)
			w = k;
	ncol = (int)((cols + 1) / (w + 2));
	if (ncol < 1)
		ncol = 1;
	rows = (n + ncol - 1) / ncol;
	for (r = 0; r < rows; r++) {
		for (c = 0; c < ncol && (i = c * rows + r) < n; c++) {
			if (c > 0)
				buf_puts(&b, "  ");
			if (c + 1 < ncol && i + rows < n)
				utf8_pad(&b, list[i], w);
			else
				utf8_escape(&b, list[i], 0, 0);
		}
		buf_puts(&b, "\n");
	}
	fputs(buf_str(&b), p->ctx->out);
	buf_free(&b);
}

/*
 * After a list under a line that wraps: as many blank lines as the rows
 * above the cursor's, which libedit's redisplay climbs to find where the
 * prompt began; without them it would clear the list and draw there.
 */
static void
editor_rows(struct play *p, const LineInfo *li)
{
	struct buf b = BUF_INIT;
	const char *s;
	size_t cols = (size_t)term_width(fileno(p->ctx->out),
	    p->ctx->columns), w, rows;
	int esc = 0;

	/* The prompt's columns: what \1 brackets takes none (PROMPT_ESC). */
	for (s = p->prompt != NULL ? p->prompt : ""; *s != '\0'; s++)
		if (*s == '\1')
			esc = !esc;
		else if (!esc)
			buf_add(&b, s, 1);
	w = utf8_width(buf_str(&b));
	buf_reset(&b);
	buf_add(&b, li->buffer, (size_t)(li->cursor - li->buffer));
	w += utf8_width(buf_str(&b));
	buf_free(&b);
	for (rows = cols > 0 ? w / cols : 0; rows > 0; rows--)
		fputc('\n', p->ctx->out);
}

/*
 * The characters of the n bytes at s of libedit's line: el_line() gives
 * the line in bytes (the locale's multibyte text), el_deletestr() counts
 * characters, so "Jü" is 2 to delete, not 3 (nor the space before it).
 * A byte that starts no character counts as one, as libedit shows it.
 */
static int
line_chars(const char *s, size_t n)
{
	mbstate_t st;
	size_t k;
	int chars = 0;

	memset(&st, 0, sizeof st);
	while (n > 0) {
		k = mbrlen(s, n, &st);
		if (k == 0 || k > n) {		/* NUL, invalid, truncated */
			k = 1;
			memset(&st, 0, sizeof st);
		}
		s += k;
		n -= k;
		chars++;
	}
	return chars;
}

/* Tab: complete the word before the cursor; list the choices if several. */
static unsigned char
editor_complete(EditLine *el, int ch)
{
	struct play *p = editor_play(el);
	const LineInfo *li;
	struct words w;
	struct buf vals = BUF_INIT, ins = BUF_INIT;
	char *list[64], *pre;
	const char *why;
	size_t common;
	int n = 0, i, argi, ret = CC_REFRESH_BEEP;

	(void)ch;
	if (p == NULL || !p->loaded)
		return CC_ERROR;
	li = p->ed.line(el);
	(void)words_split(li->buffer, (size_t)(li->cursor - li->buffer), &w,
	    &why);
	if (w.open && w.n > 0) {		/* completing the last word */
		argi = w.n - 1;
		pre = w.w[argi];
	} else {
		argi = w.n;
		pre = (char *)"";
	}
	complete_values(p, &w, argi, &vals);
	cands_lines(buf_str(&vals), pre, list, &n, 64);
	if (n == 0 && argi == 0) {
		/* Nothing legal now starts so: the game's other verbs. */
		const struct game_verb *v;

		buf_reset(&vals);
		for (v = p->sg.rules->verbs; v->name != NULL; v++)
			buf_printf(&vals, "%s\n", v->name);
		cands_lines(buf_str(&vals), pre, list, &n, 64);
	}
	if (n == 0)
		goto out;
	/* The longest prefix the candidates share, whole characters
	 * (Zoë and Zoé share "Zo", not a byte of ë). */
	common = strlen(list[0]);
	for (i = 1; i < n; i++) {
		size_t k = 0;

		while (k < common && list[i][k] == list[0][k])
			k++;
		common = k;
	}
	while (n > 1 && common > 0 &&
	    ((unsigned char)list[0][common] & 0xc0) == 0x80)
		common--;
	if (n == 1 || common > strlen(pre)) {
		char *c = xstrdup(list[0]);

		c[common] = '\0';
		if (w.open && w.n > 0)
			p->ed.deletestr(el, line_chars(li->buffer + w.start,
			    (size_t)(li->cursor - li->buffer) - w.start));
		buf_word(&ins, c, n == 1);
		/* A finished word gets its space; KEY= waits for its value. */
		if (n == 1 && (common == 0 || c[common - 1] != '='))
			buf_puts(&ins, " ");
		p->ed.insertstr(el, buf_str(&ins));
		free(c);
		ret = CC_REFRESH;
	} else {
		/* Several: list them under the line, then the line again. */
		fputc('\n', p->ctx->out);
		cands_columns(p, list, n);
		editor_rows(p, li);
		fflush(p->ctx->out);
		ret = CC_REDISPLAY;
	}
out:
	for (i = 0; i < n; i++)
		free(list[i]);
	words_free(&w);
	buf_free(&vals);
	buf_free(&ins);
	return (unsigned char)ret;
}

/* Load libedit into ed and start it: 0, or -1 (then plain lines). */
static int
editor_load(struct play *p)
{
	struct editor *ed = &p->ed;
	HistEvent ev;
	void *dl;

	memset(ed, 0, sizeof *ed);
	if ((dl = dlopen(LIBEDIT_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL)
		return -1;
#define SYM(f, name)	(*(void **)&ed->f = dlsym(dl, name))
	if (SYM(init, "el_init") == NULL || SYM(end, "el_end") == NULL ||
	    SYM(set, "el_set") == NULL || SYM(wset, "el_wset") == NULL ||
	    SYM(get, "el_get") == NULL ||
	    SYM(gets, "el_gets") == NULL || SYM(line, "el_line") == NULL ||
	    SYM(insertstr, "el_insertstr") == NULL ||
	    SYM(deletestr, "el_deletestr") == NULL ||
	    SYM(reset, "el_reset") == NULL ||
	    SYM(resize, "el_resize") == NULL ||
	    SYM(hinit, "history_init") == NULL ||
	    SYM(hend, "history_end") == NULL ||
	    SYM(history, "history") == NULL) {
		memset(ed, 0, sizeof *ed);
		return -1;
	}
#undef SYM
	play_el_get = ed->get;
	setlocale(LC_CTYPE, "");
	if ((ed->el = ed->init("shakeref", stdin, stdout, stderr)) == NULL ||
	    (ed->hist = ed->hinit()) == NULL) {
		if (ed->el != NULL)
			ed->end(ed->el);
		memset(ed, 0, sizeof *ed);
		return -1;
	}
	ed->history(ed->hist, &ev, H_SETSIZE, PLAY_HISTORY);
	ed->history(ed->hist, &ev, H_SETUNIQUE, 1);
	if ((ed->histfile = history_path(&p->ctx->paths)) != NULL)
		ed->history(ed->hist, &ev, H_LOAD, ed->histfile);
	ed->set(ed->el, EL_CLIENTDATA, p);
	ed->set(ed->el, EL_EDITOR, "emacs");
	ed->set(ed->el, EL_PROMPT_ESC, editor_prompt, '\1');
	ed->set(ed->el, EL_HIST, ed->history, ed->hist);
	ed->set(ed->el, EL_GETCFN, editor_getc);
	/* Wide strings: el_set() copies them into memory never freed. */
	ed->wset(ed->el, EL_ADDFN, L"sr-complete", L"complete what is legal "
	    "now", editor_complete);
	ed->set(ed->el, EL_BIND, "^I", "sr-complete", NULL);
	return 0;
}

/* Keep an accepted line in the history, saved at once. */
static void
editor_remember(struct play *p, const char *line)
{
	struct editor *ed = &p->ed;
	HistEvent ev;
	char *s;
	size_t n;

	if (ed->hist == NULL)
		return;
	s = xstrdup(line);
	n = strlen(s);
	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == ' '))
		s[--n] = '\0';
	if (n > 0) {
		ed->history(ed->hist, &ev, H_ENTER, s);
		if (ed->histfile != NULL)
			ed->history(ed->hist, &ev, H_SAVE, ed->histfile);
	}
	free(s);
}

/* Stop libedit. */
static void
editor_end(struct play *p)
{
	struct editor *ed = &p->ed;

	if (ed->el != NULL)
		ed->end(ed->el);
	if (ed->hist != NULL)
		ed->hend(ed->hist);
	free(ed->histfile);
	memset(ed, 0, sizeof *ed);
}

/*
 * Read a line on a terminal after the prompt (malloc'd), or NULL at the
 * end; *intr is set when Ctrl-C abandoned the line.
 */
static char *
read_tty(struct play *p, int *intr)
{
	const char *s;
	char *line;
	int count;

	*intr = 0;
	play_sigint = 0;
	/*
	 * Once a position: not again after a refusal, help or history, nor
	 * after status's words, which end with it.
	 */
	if (p->loaded && (p->coach_id != p->sg.g.id ||
	    p->coach_n != play_position(p))) {
		play_coach(p);
		play_coached(p);
	}
	free(p->prompt);
	p->prompt = play_prompt(p);
	if (p->ed.el == NULL) {
		fputs(p->prompt, p->ctx->out);
		fflush(p->ctx->out);
		line = read_plain(stdin, NULL);
		if (line == NULL && play_sigint) {
			clearerr(stdin);
			*intr = 1;
		}
		return line;
	}
	s = p->ed.gets(p->ed.el, &count);
	if (play_sigint) {
		p->ed.reset(p->ed.el);
		*intr = 1;
		return NULL;
	}
	return s != NULL && count > 0 ? xstrdup(s) : NULL;
}

/*
 * On a terminal: colour, Ctrl-C and a resize caught (the old handlers
 * into oldint, oldwinch), the game and what comes next said, libedit
 * loaded.
 */
static void
play_tty_begin(struct play *p, struct sigaction *oldint,
    struct sigaction *oldwinch)
{
	struct sr_ctx *ctx = p->ctx;
	struct buf intro = BUF_INIT, say = BUF_INIT;
	struct sigaction sa;
	struct expectation x;

	ctx->paint = term_color(STDOUT_FILENO, ctx->color) &&
	    term_color(STDERR_FILENO, ctx->color);
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_sigint;	/* no SA_RESTART: wake read */
	sigaction(SIGINT, &sa, oldint);
	sa.sa_handler = on_sigwinch;
	sigaction(SIGWINCH, &sa, oldwinch);
	sr_expect(&p->sg, &x, &say);
	buf_printf(&intro, _("game %lld: %s. One entry a line; help, "
	    "status, undo; Tab completes; Ctrl-D or quit to leave.\n"
	    "%s\n"), p->sg.g.id, p->sg.rules->name, x.finished &&
	    !x.abandoned ? _("The game is over.") : buf_str(&say));
	buf_free(&say);
	sr_print_text(ctx, buf_str(&intro));
	buf_free(&intro);
	fflush(ctx->out);
	(void)editor_load(p);
}

/*
 * An entry an earlier line left in doubt (the server out of reach when
 * it looked): told before this line, once the server is there again.
 */
static void
play_settle(struct play *p)
{
	struct sr_ctx *ctx = p->ctx;
	char *why = NULL;

	if (ctx->doubt == NULL)
		return;
	if ((ctx->store == NULL || store_lost(ctx->store)) &&
	    sr_store_again(ctx, &why) != SR_OK) {
		free(why);
		return;
	}
	sr_doubt_settle(ctx);
}

/*
 * Run the lines until the end of the input (*eof set), quit, a refused
 * line when not on a terminal, or a write error; the exit status.
 */
static int
play_lines(struct play *p, int *eof)
{
	struct sr_ctx *ctx = p->ctx;
	char *line, where[48];
	int status, intr, nul = 0;

	for (;;) {
		if (p->tty) {
			line = read_tty(p, &intr);
			if (intr) {
				/* Ctrl-C: the line is abandoned, play goes on. */
				fputs("\n", ctx->out);
				fflush(ctx->out);
				continue;
			}
		} else
			line = read_plain(stdin, &nul);
		if (line == NULL) {
			*eof = 1;
			return SR_OK;
		}
		p->lineno++;
		if (!p->tty) {
			snprintf(where, sizeof where, "play: line %ld",
			    p->lineno);
			ctx->where = where;
		}
		play_settle(p);
		status = nul ? nul_refuse(ctx, line) : play_line(p, line);
		/* The line's words are freed: name play from here. */
		ctx->cmd = "play";
		ctx->where = NULL;
		if (status == SR_OK || status == SR_UPHELD)
			editor_remember(p, line);
		free(line);
		if (status == PLAY_LEAVE)
			return SR_OK;
		if (fflush(ctx->out) != 0)
			return SR_SYSTEM;
		/* The server gone mid-line: its next line connects again. */
		if (status == SR_SYSTEM && (ctx->store == NULL ||
		    store_lost(ctx->store))) {
			play_forget(p);
			if (p->tty)
				fputs(_("The server went away; the next line "
				    "connects again.\n"), ctx->out);
		}
		if (status != SR_OK && status != SR_UPHELD && !p->tty)
			return status;
	}
}

/* play */
static int
cmd_play_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct play p;
	struct sigaction oldint, oldwinch;
	int status, eof = 0;

	(void)args;
	memset(&p, 0, sizeof p);
	p.ctx = ctx;
	p.id = ctx->game;
	p.tty = isatty(STDIN_FILENO);
	p.scores = p.tty && isatty(STDOUT_FILENO);
	/* The game must exist before the first line. */
	if ((status = play_sync(&p, 0)) != SR_OK)
		return status;
	if (p.tty)
		play_tty_begin(&p, &oldint, &oldwinch);
	status = play_lines(&p, &eof);
	if (p.tty) {
		if (eof)
			fputc('\n', ctx->out);
		editor_end(&p);
		sigaction(SIGINT, &oldint, NULL);
		sigaction(SIGWINCH, &oldwinch, NULL);
	}
	free(p.prompt);
	play_forget(&p);
	ctx->cmd = "play";
	return status;
}

const struct cmd_entry cmd_play_entry = {
	.name = "play",
	.usage = "",
	.summary = N_("a session at the table: entries and commands one per "
	    "line from standard input"),
	.spec = { .upper = 0,
	    .hint = N_("; play reads entries from standard input") },
	.exec = cmd_play_exec,
};
