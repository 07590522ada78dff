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
#include "play.h"
#include "term.h"
#include "utf8.h"

/* Free the words. */
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
		if (vb >= 0 && (h = play_verb_help(p->sg.rules,
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
	if (sr_words_split(line, len, &w, &why) != 0) {
		sr_words_free(&w);
		return sr_error(ctx, SR_USAGE, "%s", why);
	}
	if (w.n == 0)
		return SR_OK;
	for (i = 0; i < (size_t)w.n; i++)
		if ((status = sr_text_check(ctx, "", w.w[i])) != SR_OK) {
			sr_words_free(&w);
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
	sr_words_free(&w);
	return status;
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
