/*
 * serve-enter.c: an entry from a phone (serve --enter), made by the
 * reader thread, which alone touches the store: the words split as play
 * splits a line (sr_words_split), then sr_enter(), the write path every entry takes (the
 * same checks, ruling, refusal and stored entry as `play`), the form's
 * entry number checked in that write (ctx->at: 409 "the game moved on"),
 * its words and refusal kept for the phone, in its language.
 */
#include <errno.h>
#include <limits.h>
#include <time.h>
#include <unistd.h>

#include "serve.h"

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
 * Command c (one play takes: new, note, status ...) on words w[0..n),
 * as play runs it: the command line's parse, then its exec, on the
 * game shown (pinned, else the current one; new and use choose their
 * own); the exit status.
 */
static int
run_command(struct sr_ctx *ctx, const struct cmd_entry *c, long long game,
    int n, char **w)
{
	struct cmd_args a;
	long long was = ctx->game;
	int status;

	ctx->game = c->play & CMD_PLAY_GAME ? 0 : game;
	if ((status = cmd_parse(ctx, c, n, w, n, &a)) == SR_OK) {
		status = c->exec(ctx, &a);
		cmd_args_free(&a);
	}
	if (ctx->store != NULL)
		store_rollback(ctx->store);
	ctx->game = was;
	return status;
}

/*
 * sr_enter() on words w[0..n) (or command c, as play runs it): what it
 * prints on stdout (ctx->out) and stderr (fd 2, this thread alone
 * writing there meanwhile) into told; its exit status.
 */
static int
enter_words(struct sr_ctx *ctx, const struct cmd_entry *c, long long game,
    int n, char **w, struct buf *told)
{
	FILE *out = tmpfile(), *err = tmpfile(), *was = ctx->out;
	const char *cmd = ctx->cmd;
	int saved = -1, tty = ctx->tty, json = ctx->json, color = ctx->color;
	int status = SR_OK, i;

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
	/* Text from the user, each word checked as play checks it. */
	for (i = 0; i < n && status == SR_OK; i++)
		status = sr_text_check(ctx, "", w[i]);
	if (status == SR_OK)
		status = c != NULL ? run_command(ctx, c, game, n, w) :
		    sr_enter(ctx, n, w);
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

/*
 * A holder's own die (ph->mine) for the roll of every player's die that
 * game id expects at entry last: kept in sv->wait; once every player's
 * is in, the entry's words ("roll 3 5", seat order) into words and 1; else
 * 0 with "waiting for ..." into told, or -1 with the refusal there and
 * *status set.
 */
static int
enter_mine(struct serve *sv, struct job *j, int last, struct buf *words,
    struct buf *told, int *status)
{
	struct waiting *w = &sv->wait;
	const char *mine = j->ph.mine;
	struct buf t = BUF_INIT, names = BUF_INIT;
	struct expectation x;
	struct sr_game *sg;
	long long game = sv->game;
	int was = sv->last, seat, lv, i, ret = -1;
	char *who;

	*status = SR_SYSTEM;
	if ((sg = sv_board_load(sv, &t)) == NULL) {
		sv->game = game;
		buf_puts(told, _("the database does not answer"));
		buf_free(&t);
		return -1;
	}
	sv->game = game;
	sv->last = was;
	sr_expect(sg, &x, NULL);
	who = sv_phone_who(j->ph.cookies, sg->g.id);
	seat = sv_holder_seat(sg, who);
	free(who);
	lv = sv_waits(sg, &x);
	*status = SR_USAGE;
	if (seat < 0 || lv < 0 || !sv_rolls(&x, seat)) {
		buf_puts(told, _("no roll of every player's die waits for "
		    "this phone's holder now"));
		goto out;
	}
	if (mine[0] == '\0' || strlen(mine) >= sizeof w->val[0] ||
	    strspn(mine, "0123456789") != strlen(mine)) {
		buf_puts(told, _("expected a die's value"));
		goto out;
	}
	if (w->game != sg->g.id || w->n != last) {
		memset(w, 0, sizeof *w);
		w->game = sg->g.id;
		w->n = last;
	}
	snprintf(w->val[seat], sizeof w->val[seat], "%s", mine);
	for (i = 0; i < sg->g.nplayers; i++)
		if (sv_rolls(&x, i) && w->val[i][0] == '\0')
			buf_printf(&names, "%s%s", names.len > 0 ? ", " : "",
			    sg->g.names[i]);
	*status = SR_OK;
	if (names.len > 0) {
		buf_printf(told, _("waiting for %s"), buf_str(&names));
		ret = 0;
		goto out;
	}
	/*
	 * Every value in: the entry play would store for the same roll,
	 * the values of the seats it covers in seat order ("roll 5 3 6"),
	 * no names.
	 */
	buf_puts(words, sg->rules->verbs[lv].name);
	for (i = 0; i < sg->g.nplayers; i++)
		if (sv_rolls(&x, i))
			buf_printf(words, " %s", w->val[i]);
	ret = 1;
out:
	buf_free(&t);
	buf_free(&names);
	return ret;
}

/*
 * A timer verb from a phone (w[0..n): "timer [DURATION]"): checked as
 * sr_timer() checks it (DURATION by the verb's declaration, a round
 * open), then started in serve's memory for every page to count down:
 * SR_OK with what it said into told, or the refusal there.  Records
 * nothing, as the timer never does.
 */
static int
enter_timer(struct serve *sv, int n, char **w, struct buf *told)
{
	struct buf t = BUF_INIT;
	struct ruling r = RULING_INIT;
	struct expectation x;
	struct sr_game *sg;
	struct entry e;
	long long game = sv->game;
	int was = sv->last, status;
	long secs = SR_TIMER_SECS;

	if ((sg = sv_board_load(sv, &t)) == NULL) {
		sv->game = game;
		buf_puts(told, _("the database does not answer"));
		buf_free(&t);
		return SR_SYSTEM;
	}
	sv->game = game;
	sv->last = was;
	buf_free(&t);
	memset(&e, 0, sizeof e);
	e.argc = n - 1;
	e.argv = w + 1;
	status = game_parse_id(sg->rules, &sg->rp.setup, verb_lookup(w[0]), &e,
	    &r);
	if (status == RULING_OK && e.argc > 0)
		secs = e.secs;
	sr_expect(sg, &x, NULL);
	if (status != RULING_OK)
		buf_puts(told, buf_str(&r.why));
	else if (x.finished || !(x.verbs & VERB_BIT(e.verb))) {
		status = SR_RULES;
		buf_printf(told, _("'%s' needs an open round"), w[0]);
	} else {
		sv->timer_game = sg->g.id;
		sv->timer_end = time(NULL) + secs;
		sv->rerender = 1;
		buf_printf(told, _("the timer runs: %ld seconds"), secs);
	}
	entry_clear(&e);
	ruling_free(&r);
	return status;
}

/* The words of phone ph's entry, as posted, into b. */
static void
entry_words(const struct phone *ph, struct buf *b)
{
	if (ph->verb != NULL)
		buf_printf(b, "%s %s", ph->verb, ph->args != NULL ? ph->args :
		    "");
	else if (ph->line == NULL && ph->mine != NULL)
		buf_printf(b, "mine=%s", ph->mine);
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
	struct sr_entry_at at;
	struct words ws;
	const struct cmd_entry *c = NULL;
	const char *why = NULL;
	char **w = ws.w, *end;
	long long g = 0;
	long n = -1;
	int nw = -1, last = 0, v = -1, i;

	memset(&ws, 0, sizeof ws);
	entry_words(ph, &words);
	if (ph->n != NULL) {
		errno = 0;
		n = strtol(ph->n, &end, 10);
		if (errno != 0 || *end != '\0' || end == ph->n || n < 0 ||
		    n > INT_MAX)
			n = -1;
	}
	/* The form's game (g), where it says one: else the game shown. */
	if (ph->g != NULL) {
		errno = 0;
		g = strtoll(ph->g, &end, 10);
		if (errno != 0 || *end != '\0' || end == ph->g || g < 1)
			g = -1;
	}
	j->outcome = ENTER_LOST;
	*code = 503;
	if (game_last(sv, &j->id, &last) != 0)
		goto out;
	j->form_n = n;
	j->now_n = last;
	if (g != 0 && g != j->id)
		n = -1;			/* made against another game */
	*code = 303;
	if (ph->mine != NULL) {
		/* A value kept for the entry the form was made against. */
		if (n != last)
			goto stale;
		buf_reset(&words);
		if ((i = enter_mine(sv, j, last, &words, &told,
		    &j->status)) <= 0) {
			j->outcome = i == 0 ? ENTER_WAIT : ENTER_DONE;
			goto said;
		}
		/* The entry of every player's die: the terminal says it. */
		free(ph->line);
		ph->line = xstrdup(buf_str(&words));
		free(ph->verb);
		ph->verb = NULL;
	}
	/* The words as play splits a line (quotes, escapes, a comment). */
	if (sr_words_split(buf_str(&words), words.len, &ws, &why) == 0 &&
	    (nw = ws.n) > 0)
		v = verb_lookup(w[0]);
	/*
	 * An entry is checked against the form's entry number in the write
	 * itself (ctx->at: no other writer between); what records no entry
	 * (a command, the timer, a confirmation asked) is checked here.
	 */
	if ((v < 0 || (verb_kind(NULL, (enum verb)v) & VERB_TIMER) ||
	    ((v == V_UNDO || v == V_REDO) && (ph->yes == NULL ||
	    strcmp(ph->yes, "yes") != 0))) && n != last)
		goto stale;
	if (nw <= 0) {
		j->status = SR_USAGE;
		buf_puts(&told, why == NULL ? _("nothing to enter") : why);
	} else if (v < 0 && (c = cmd_find(w[0])) != NULL &&
	    (c->play & CMD_PLAY)) {
		/* A command play takes (new, note, status ...). */
		j->status = enter_words(sv->ctx, c, sv->pinned, nw, w, &told);
	} else if (v < 0) {
		j->status = SR_USAGE;
		buf_printf(&told, _("'%s' is neither a verb of the game nor a "
		    "command play takes"), w[0]);
	} else if (verb_kind(NULL, (enum verb)v) & VERB_TIMER) {
		j->status = enter_timer(sv, nw, w, &told);
	} else if ((v == V_UNDO || v == V_REDO) &&
	    (ph->yes == NULL || strcmp(ph->yes, "yes") != 0)) {
		/* Asked to confirm first: nothing entered. */
		j->arg = xasprintf("?confirm=%s", w[0]);
		j->outcome = ENTER_CONFIRM;
		goto out;
	} else {
		memset(&at, 0, sizeof at);
		at.game = g != 0 ? g : j->id;
		at.n = (int)n;
		sv->ctx->at = &at;
		j->status = enter_words(sv->ctx, NULL, 0, nw, w, &told);
		sv->ctx->at = NULL;
		if (at.moved) {
			j->now_n = at.now;
			goto stale;
		}
		if (ph->mine != NULL && j->status == SR_OK)
			memset(&sv->wait, 0, sizeof sv->wait);
	}
	j->outcome = ENTER_DONE;
said:
	j->told = xstrdup(buf_str(&told));
	j->arg = xasprintf("?r=%s", ph->fid != NULL ? ph->fid : "");
	goto out;
stale:
	/* Made against another game: the fresh page, said why; nothing. */
	j->outcome = ENTER_STALE;
	*code = 409;
	free(ph->said);
	ph->said = xstrdup(_("The game moved on: here it is now."));
	ph->said_status = SR_DATA;
	sv_page_board(sv, b, j);
out:
	sr_words_free(&ws);
	buf_free(&words);
	buf_free(&told);
}

/*
 * The reader, in serve's language: job j's line for serve's terminal
 * into line: who, what, the ruling (its words in the phone's language),
 * one line; the ruling's place in it.
 */
size_t
sv_enter_line(const struct job *j, struct buf *line)
{
	struct buf words = BUF_INIT;
	char *who = sv_phone_who(j->ph.cookies, j->id);
	size_t i, at;

	entry_words(&j->ph, &words);
	/* TRANSLATORS: serve's line for an entry from a phone: who, what. */
	buf_printf(line, _("phone (%s): %s: "), who == NULL ? "?" :
	    who[0] == '\0' ? _("the table") : who, buf_str(&words));
	at = line->len;
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
	case ENTER_WAIT:
		buf_printf(line, _("kept; %s"), j->told != NULL ? j->told :
		    "");
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
	return at;
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
	free(ph->mine);
	free(ph->phone);
	free(ph->cookies);
	memset(ph, 0, sizeof *ph);
}
