/*
 * play-tty.c: what play reads a line with: the words of a line, play's
 * own commands, the prompt and the coach's line beside it, a line from a
 * file or pipe, and on a terminal libedit (loaded with dlopen): line
 * editing, completion of what is legal now, history kept across sessions.
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

/* Set by SIGINT on a terminal: the line being typed is abandoned. */
static volatile sig_atomic_t play_sigint;
/* Set by SIGWINCH: the terminal changed size. */
static volatile sig_atomic_t play_sigwinch;
/*
 * libedit's el_get(), once loaded: its callbacks get only the EditLine,
 * and el_get(EL_CLIENTDATA) gives them the session.
 */
static int (*play_el_get)(EditLine *, int, ...);

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

void
sr_words_free(struct words *w)
{
	int i;

	for (i = 0; i < w->n; i++)
		free(w->w[i]);
	w->n = 0;
}

/*
 * Split s[0..len) into words (see cmd.h); w->open/quote/start say how
 * the line ends either way.
 */
int
sr_words_split(const char *s, size_t len, struct words *w, const char **why)
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
int
undo_redo_now(const struct play *p, enum verb v)
{
	return v == V_UNDO ? p->sg.rp.ndone > 0 : p->sg.rp.nundone > 0;
}

/* The command of play named exactly s into pc: 1, or 0 if none. */
int
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
int
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
const struct game_verb *
play_verb_help(const struct game_rules *g, enum verb id)
{
	if (VERB_IS_META(id))
		return NULL;
	return game_verb(g, game_verb_find(g, id));
}

/* "NAME ARGS: what it does" of a play command into b (0 if none). */
int
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
void
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
void
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
char *
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
void
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
	(void)sr_words_split(li->buffer, (size_t)(li->cursor - li->buffer), &w,
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
	sr_words_free(&w);
	buf_free(&vals);
	buf_free(&ins);
	return (unsigned char)ret;
}

/* Load libedit into ed and start it: 0, or -1 (then plain lines). */
int
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
void
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
void
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
char *
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
