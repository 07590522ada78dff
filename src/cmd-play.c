/*
 * cmd-play.c: entries one per line from standard input; on a terminal
 * with line editing, history and a prompt that says whose turn it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dlfcn.h>

#include "cmd.h"
#include "utf8.h"

#ifndef LIBEDIT_SONAME
#define LIBEDIT_SONAME	"libedit.so.2"
#endif

#define PLAY_MAX_TOKENS	128

/* The prompt: round, whose turn, what is expected; the coach above it. */
static char *
play_prompt(struct sr_ctx *ctx, int *over)
{
	struct sr_game sg;
	struct expectation x;
	struct buf b = BUF_INIT, e = BUF_INIT;
	struct advice *a;
	const enum verb *v;
	int first = 1;

	*over = 0;
	if (sr_game_load(ctx, 0, 0, &sg) != SR_OK)
		return xstrdup("> ");
	store_rollback(ctx->store);
	sr_expect(&sg, &x);
	if (x.finished) {
		*over = 1;
		buf_puts(&b, "game over (undo, status)> ");
	} else {
		/* The coach's line above the prompt (none with coach=off). */
		a = xcalloc(1, sizeof *a);
		if (sr_advice(&sg, 0, a) && a->say[0] != '\0') {
			buf_printf(&e, "coach: %s\n", a->say);
			sr_print_text(ctx, buf_str(&e));
			buf_reset(&e);
			fflush(ctx->out);
		}
		free(a);
		buf_printf(&b, "round %d, %s (", x.round, x.turn >= 0 ?
		    sg.g.names[x.turn] : "table");
		for (v = sg.rules->verbs; *v != V__COUNT; v++)
			if (x.verbs & VERB_BIT(*v)) {
				buf_printf(&b, "%s%s", first ? "" : "|",
				    verb_name(*v));
				first = 0;
			}
		buf_puts(&b, ")> ");
	}
	sr_game_free(&sg);
	/* A name from the store is never sent to the terminal raw. */
	utf8_escape(&e, buf_str(&b), 0, 0);
	buf_free(&b);
	return e.s;
}

/* Run one line; returns its exit status (0 for blank lines). */
static int
play_line(struct sr_ctx *ctx, char *line)
{
	const struct cmd_entry *c;
	struct cmd_args a;
	char *tok[PLAY_MAX_TOKENS], *p, *save = NULL;
	size_t len = strlen(line);
	int n = 0, v, status;

	/*
	 * The door: the line as typed, without its end (\n or \r\n); a tab
	 * separates words as a space does (a shell's blanks), every word is
	 * checked again once split.
	 */
	if (len > 0 && line[len - 1] == '\n')
		line[--len] = '\0';
	if (len > 0 && line[len - 1] == '\r')
		line[--len] = '\0';
	ctx->cmd = "play";
	p = xstrdup(line);
	for (n = 0; p[n] != '\0'; n++)
		if (p[n] == '\t')
			p[n] = ' ';
	status = utf8_text_why(p) == NULL ? SR_OK :
	    sr_text_check(ctx, "", line);
	free(p);
	if (status != SR_OK)
		return status;
	n = 0;
	if ((p = strchr(line, '#')) != NULL)
		*p = '\0';
	for (p = strtok_r(line, " \t\r\n", &save); p != NULL;
	    p = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == PLAY_MAX_TOKENS) {
			ctx->cmd = "play";
			return sr_error(ctx, SR_USAGE, "too many words on one "
			    "line (at most %d)", PLAY_MAX_TOKENS);
		}
		tok[n++] = p;
	}
	if (n == 0)
		return SR_OK;
	for (v = 0; v < n; v++)
		if ((status = sr_text_check(ctx, "", tok[v])) != SR_OK)
			return status;
	if (strcmp(tok[0], "status") != 0 && verb_lookup(tok[0]) < 0) {
		ctx->cmd = "play";
		return sr_error(ctx, SR_USAGE, "'%s' is not a game verb, undo, "
		    "redo or status", tok[0]);
	}
	/* The command line's path: the command table and its spec. */
	c = cmd_find(tok[0]);
	ctx->cmd = tok[0];
	if ((status = cmd_parse(ctx, c, n, tok, n, &a)) != SR_OK)
		return status;
	status = c->exec(ctx, &a);
	cmd_args_free(&a);
	return status;
}

/* Read a line from a file or pipe (malloc'd), or NULL at the end. */
static char *
read_plain(FILE *f)
{
	char *line = NULL;
	size_t cap = 0;

	if (getline(&line, &cap, f) < 0) {
		free(line);
		return NULL;
	}
	return line;
}

/*
 * libedit's readline interface, loaded with dlopen() on a terminal only:
 * the commands that edit no line do not pay for loading it and the
 * libraries it pulls in (tests/bench/core.sh).
 */
struct editor {
	char	*(*readline)(const char *);
	int	 (*add_history)(const char *);
	void	 (*using_history)(void);
};

/* Load libedit into ed: 0, or -1 (then plain lines after a prompt). */
static int
editor_load(struct editor *ed)
{
	void *dl;

	memset(ed, 0, sizeof *ed);
	if ((dl = dlopen(LIBEDIT_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL)
		return -1;
	ed->readline = (char *(*)(const char *))dlsym(dl, "readline");
	ed->add_history = (int (*)(const char *))dlsym(dl, "add_history");
	ed->using_history = (void (*)(void))dlsym(dl, "using_history");
	if (ed->readline == NULL || ed->add_history == NULL ||
	    ed->using_history == NULL) {
		memset(ed, 0, sizeof *ed);
		return -1;
	}
	return 0;
}

/* Read a line on a terminal after the prompt (malloc'd), or NULL. */
static char *
read_tty(struct sr_ctx *ctx, const struct editor *ed, const char *prompt)
{
	char *line;

	if (ed->readline == NULL) {
		fputs(prompt, ctx->out);
		fflush(ctx->out);
		return read_plain(stdin);
	}
	line = ed->readline(prompt);
	if (line != NULL && strspn(line, " \t") != strlen(line))
		ed->add_history(line);
	return line;
}

/* play */
static int
cmd_play_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_game sg;
	struct editor ed;
	char *line, *prompt;
	int status, tty = isatty(STDIN_FILENO), over;

	(void)args;
	/* The game must exist before the first line. */
	if ((status = sr_game_load(ctx, 0, 0, &sg)) != SR_OK)
		return status;
	store_rollback(ctx->store);
	if (tty) {
		struct expectation x;

		struct buf b = BUF_INIT;

		sr_expect(&sg, &x);
		buf_printf(&b, "game %lld: %s. One entry a line; status, "
		    "undo, redo; Ctrl-D to leave.\n%s\n", sg.g.id,
		    sg.rules->name, x.finished ? "The game is over." : x.say);
		sr_print_text(ctx, buf_str(&b));
		buf_free(&b);
		fflush(ctx->out);
		if (editor_load(&ed) == 0)
			ed.using_history();
	}
	sr_game_free(&sg);
	for (;;) {
		if (tty) {
			prompt = play_prompt(ctx, &over);
			line = read_tty(ctx, &ed, prompt);
			free(prompt);
		} else
			line = read_plain(stdin);
		if (line == NULL)
			break;
		status = play_line(ctx, line);
		/* The line's verb is freed with it: name play from here. */
		ctx->cmd = "play";
		free(line);
		if (fflush(ctx->out) != 0)
			return SR_SYSTEM;
		if (status != SR_OK && status != SR_UPHELD && !tty)
			return status;
	}
	if (tty)
		fputc('\n', ctx->out);
	ctx->cmd = "play";
	return SR_OK;
}

const struct cmd_entry cmd_play_entry = {
	.name = "play",
	.usage = "",
	.summary = "read entries (game verbs, undo, redo, status) one per "
	    "line from standard input",
	.spec = { .upper = 0,
	    .hint = "; play reads entries from standard input" },
	.exec = cmd_play_exec,
};
