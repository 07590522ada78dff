/*
 * serve-enter.c: an entry from a phone (serve --enter), made by the
 * reader thread, which alone touches the store: the form's entry number
 * against the game's (409 "the game moved on"), the words split as play
 * splits a line, then sr_enter(), the write path every entry takes (the
 * same checks, ruling, refusal and stored entry as `play`), its words
 * and refusal kept for the phone, in its language.
 */
#include <errno.h>
#include <unistd.h>

#include "serve.h"

#define ENTER_WORDS	128	/* as play: words on one line, at most */

/*
 * Split s into words as play splits a line: blanks separate words,
 * '...' and "..." keep what they hold (\" and \\ inside "..."), a
 * backslash keeps the next character.  The count, or -1 (a quote left
 * open, too many words).
 */
static int
enter_split(const char *s, char **w, int max)
{
	struct buf b = BUF_INIT;
	int n = 0;
	char q;

	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
			s++;
		if (*s == '\0')
			break;
		buf_reset(&b);
		buf_puts(&b, "");
		for (; *s != '\0' && strchr(" \t\r\n", *s) == NULL; s++) {
			if (*s == '\'' || *s == '"') {
				for (q = *s++; *s != '\0' && *s != q; s++) {
					if (q == '"' && *s == '\\' &&
					    (s[1] == '"' || s[1] == '\\'))
						s++;
					buf_add(&b, s, 1);
				}
				if (*s == '\0')
					goto bad;
			} else if (*s == '\\' && s[1] != '\0')
				buf_add(&b, ++s, 1);
			else
				buf_add(&b, s, 1);
		}
		if (n == max)
			goto bad;
		w[n++] = xstrdup(buf_str(&b));
	}
	buf_free(&b);
	return n;
bad:
	buf_free(&b);
	while (n > 0)
		free(w[--n]);
	return -1;
}

/* The game shown's latest entry into *last; 0, or -1 (none, or lost). */
static int
game_last(struct serve *sv, long long *id, int *last)
{
	struct store *s = sv->ctx->store;
	long long cur = sv->pinned;
	char *why = NULL;
	int ok;

	ok = store_begin(s, 0, &why) == SR_OK &&
	    (cur != 0 || store_current(s, &cur, &why) == SR_OK) && cur != 0 &&
	    store_last_n(s, cur, last, &why) == SR_OK;
	store_rollback(s);
	free(why);
	*id = cur;
	return ok ? 0 : -1;
}

/* The text of stream f (rewound) appended to b, less its last newline. */
static void
take_text(FILE *f, struct buf *b)
{
	char chunk[512];
	size_t k;

	fflush(f);
	rewind(f);
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(b, chunk, k);
	while (b->len > 0 && b->s[b->len - 1] == '\n')
		b->s[--b->len] = '\0';
}

/*
 * sr_enter() on words w[0..n): what it prints on stdout (ctx->out) and
 * stderr (fd 2, this thread alone writing there meanwhile) into told;
 * its exit status.
 */
static int
enter_words(struct sr_ctx *ctx, int n, char **w, struct buf *told)
{
	FILE *out = tmpfile(), *err = tmpfile(), *was = ctx->out;
	const char *cmd = ctx->cmd;
	int saved = -1, tty = ctx->tty, json = ctx->json, color = ctx->color;
	int status;

	if (out == NULL || err == NULL || (saved = dup(2)) < 0 ||
	    dup2(fileno(err), 2) < 0) {
		if (saved >= 0)
			close(saved);
		if (out != NULL)
			fclose(out);
		if (err != NULL)
			fclose(err);
		buf_puts(told, strerror(errno));
		return SR_SYSTEM;
	}
	fflush(stderr);
	ctx->out = out;
	ctx->cmd = w[0];
	ctx->tty = 0;
	ctx->json = 0;
	ctx->color = 0;
	status = sr_enter(ctx, n, w);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	ctx->out = was;
	ctx->cmd = cmd;
	ctx->tty = tty;
	ctx->json = json;
	ctx->color = color;
	take_text(out, told);
	if (told->len > 0)
		buf_puts(told, "\n");
	take_text(err, told);
	fclose(out);
	fclose(err);
	return status;
}

/* The words of phone ph's entry, as posted, into b. */
static void
entry_words(const struct phone *ph, struct buf *b)
{
	if (ph->verb != NULL)
		buf_printf(b, "%s %s", ph->verb, ph->args != NULL ? ph->args :
		    "");
	else
		buf_puts(b, ph->line != NULL ? ph->line : "");
}

/*
 * The reader: job j's entry (JOB_ENTER), in the phone's language: *code
 * 303 (the page to show next in j->arg: ?r=FID, or ?confirm=undo), or
 * 409 with the fresh page into b, or 503.
 */
void
sv_enter_run(struct serve *sv, struct job *j, struct buf *b, unsigned *code)
{
	struct phone *ph = &j->ph;
	struct buf words = BUF_INIT, told = BUF_INIT;
	char *w[ENTER_WORDS], *end;
	long n = -1;
	int nw = -1, last = 0, i;

	entry_words(ph, &words);
	if (ph->n != NULL) {
		errno = 0;
		n = strtol(ph->n, &end, 10);
		if (errno != 0 || *end != '\0' || end == ph->n)
			n = -1;
	}
	j->outcome = ENTER_LOST;
	*code = 503;
	if (game_last(sv, &j->id, &last) != 0)
		goto out;
	j->form_n = n;
	j->now_n = last;
	if (n != last) {
		/* Made against another game: the fresh page, said why. */
		j->outcome = ENTER_STALE;
		*code = 409;
		free(ph->said);
		ph->said = xstrdup(_("The game moved on: here it is now."));
		ph->said_status = SR_DATA;
		sv_page_board(sv, b, j);
		goto out;
	}
	*code = 303;
	nw = enter_split(buf_str(&words), w, ENTER_WORDS);
	if (nw <= 0) {
		j->status = SR_USAGE;
		buf_puts(&told, nw == 0 ? _("nothing to enter") :
		    _("a quote is not closed, or too many words"));
	} else if (verb_lookup(w[0]) < 0 ||
	    (verb_kind(NULL, (enum verb)verb_lookup(w[0])) & VERB_TIMER)) {
		j->status = SR_USAGE;
		buf_printf(&told, _("'%s' is not an entry; expected a verb of "
		    "the game, undo or redo"), w[0]);
	} else if ((strcmp(w[0], "undo") == 0 || strcmp(w[0], "redo") == 0) &&
	    (ph->yes == NULL || strcmp(ph->yes, "yes") != 0)) {
		/* Asked to confirm first: nothing entered. */
		j->arg = xasprintf("?confirm=%s", w[0]);
		j->outcome = ENTER_CONFIRM;
		goto out;
	} else
		j->status = enter_words(sv->ctx, nw, w, &told);
	j->outcome = ENTER_DONE;
	j->told = xstrdup(buf_str(&told));
	j->arg = xasprintf("?r=%s", ph->fid != NULL ? ph->fid : "");
out:
	for (i = 0; i < nw; i++)
		free(w[i]);
	buf_free(&words);
	buf_free(&told);
}

/*
 * The reader, in serve's language: job j's line for serve's terminal
 * into line: who, what, the ruling (its words in the phone's language),
 * one line.
 */
void
sv_enter_line(const struct job *j, struct buf *line)
{
	struct buf words = BUF_INIT;
	char *who = sv_phone_who(j->ph.cookies, j->id);
	size_t i;

	entry_words(&j->ph, &words);
	/* TRANSLATORS: serve's line for an entry from a phone: who, what. */
	buf_printf(line, _("phone (%s): %s: "), who == NULL ? "?" :
	    who[0] == '\0' ? _("the table") : who, buf_str(&words));
	switch (j->outcome) {
	case ENTER_LOST:
		buf_puts(line, _("the database does not answer"));
		break;
	case ENTER_STALE:
		buf_printf(line, _("refused: the game moved on (entry %ld, "
		    "now %d)"), j->form_n, j->now_n);
		break;
	case ENTER_CONFIRM:
		buf_puts(line, _("asked to confirm"));
		break;
	default:
		buf_printf(line, "%s (%d) %s", j->status == SR_OK ||
		    j->status == SR_UPHELD ? _("recorded") : _("refused"),
		    j->status, j->told != NULL ? j->told : "");
		break;
	}
	for (i = 0; i < line->len; i++)
		if (line->s[i] == '\n')
			line->s[i] = ' ';
	free(who);
	buf_free(&words);
}

/* Free what a phone's request holds. */
void
sv_phone_free(struct phone *ph)
{
	free(ph->who);
	free(ph->pad);
	free(ph->said);
	free(ph->confirm);
	free(ph->line);
	free(ph->verb);
	free(ph->args);
	free(ph->n);
	free(ph->fid);
	free(ph->yes);
	free(ph->set_who);
	free(ph->g);
	free(ph->cookies);
	memset(ph, 0, sizeof *ph);
}
