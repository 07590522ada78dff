/*
 * cmd-history.c: every entry, numbered, round by round, in words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "i18n.h"
#include "utf8.h"

/* One entry as a JSON object, made by jansson. */
static json_t *
entry_jansson(const struct stored_entry *se)
{
	json_t *o = json_object(), *a = json_array();
	char when[32];
	int i;

	xjson_set(o, "n", json_integer(se->n));
	xjson_set(o, "player", se->player != NULL ?
	    xjson_text(se->player) : json_null());
	xjson_set(o, "verb", json_string(verb_name(se->verb)));
	for (i = 0; i < se->argc; i++)
		xjson_push(a, json_string(se->argv[i]));
	xjson_set(o, "args", a);
	xjson_set(o, "undone", json_boolean(se->undone));
	sr_iso_time(se->at, when, sizeof when);
	xjson_set(o, "at", json_string(when));
	return o;
}

/* Where the note begins: the number, the player and the entry before. */
#define NOTE_COLUMN	(5 + 2 + 10 + 1 + 24 + 1)

/*
 * n in decimal, right-aligned in width columns (printf's "%*d"), at p
 * (room for width and 11 bytes); returns the end.
 */
static char *
put_number(char *p, int n, int width)
{
	char d[16];
	unsigned int u = n < 0 ? 0U - (unsigned int)n : (unsigned int)n;
	int k = 0;

	do
		d[k++] = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (n < 0)
		d[k++] = '-';
	for (; width > k; width--)
		*p++ = ' ';
	while (k > 0)
		*p++ = d[--k];
	return p;
}

/* s, then spaces up to width columns (s is printable ASCII: len columns). */
static char *
put_padded(char *p, const char *s, size_t len, size_t width)
{
	memcpy(p, s, len);
	p += len;
	if (len < width) {
		memset(p, ' ', width - len);
		p += width - len;
	}
	return p;
}

/* 1 if s is a JSON string's text as it is: printable ASCII, no '"', '\\'. */
static int
json_plain(const char *s)
{
	for (; *s != '\0'; s++)
		if (*s < 0x20 || *s > 0x7e || *s == '"' || *s == '\\')
			return 0;
	return 1;
}

/* "s" at p (s, of len bytes, is json_plain); returns the end. */
static char *
json_put(char *p, const char *s, size_t len)
{
	*p++ = '"';
	memcpy(p, s, len);
	p += len;
	*p++ = '"';
	return p;
}

/*
 * sr_iso_time(at) in when, kept from the entry before: within its day
 * only the time of day changes (issue 29: a gmtime and a strftime an
 * entry were a fifth of history --json).
 */
static void
iso_time(long long at, char when[32], long long *day)
{
	long long s = at % 86400;

	if (at < 0 || at / 86400 != *day) {
		sr_iso_time(at, when, 32);
		*day = at < 0 || strlen(when) != 20 ? -1 : at / 86400;
		return;
	}
	when[11] = (char)('0' + s / 36000);
	when[12] = (char)('0' + s / 3600 % 10);
	when[14] = (char)('0' + s % 3600 / 600);
	when[15] = (char)('0' + s % 600 / 60);
	when[17] = (char)('0' + s % 60 / 10);
	when[18] = (char)('0' + s % 10);
}

/*
 * One entry as JSON text (--json's compact form, keys in this order), to
 * b: written directly when its strings are plain (json_plain, nearly
 * always), else by jansson, whose escaping is the contract; 0, or -1 out
 * of memory.  when and day are the caller's (iso_time).
 */
static int
entry_json(struct buf *b, const struct stored_entry *se, char when[32],
    long long *day)
{
	const char *verb = verb_name(se->verb);
	size_t lp = se->player != NULL ? strlen(se->player) : 0;
	size_t lv = strlen(verb), k;
	json_t *o;
	char *t, *p, *start;
	int i, plain = se->player == NULL || json_plain(se->player);

	for (i = 0; plain && i < se->argc; i++)
		plain = json_plain(se->argv[i]);
	if (!plain) {
		o = entry_jansson(se);
		t = json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT);
		json_decref(o);
		if (t == NULL)
			return -1;
		buf_puts(b, t);
		free(t);
		return 0;
	}
	iso_time(se->at, when, day);
	k = lp + lv + 160;	/* the keys, n, when: 110 at most */
	for (i = 0; i < se->argc; i++)
		k += strlen(se->argv[i]) + 3;
	p = start = buf_reserve(b, k);
	p = put_padded(p, "{\"n\":", 5, 5);
	p = put_number(p, se->n, 0);
	p = put_padded(p, ",\"player\":", 10, 10);
	p = se->player != NULL ? json_put(p, se->player, lp) :
	    put_padded(p, "null", 4, 4);
	p = put_padded(p, ",\"verb\":", 8, 8);
	p = json_put(p, verb, lv);
	p = put_padded(p, ",\"args\":[", 9, 9);
	for (i = 0; i < se->argc; i++) {
		if (i > 0)
			*p++ = ',';
		p = json_put(p, se->argv[i], strlen(se->argv[i]));
	}
	p = se->undone ? put_padded(p, "],\"undone\":true,\"at\":", 21, 21) :
	    put_padded(p, "],\"undone\":false,\"at\":", 22, 22);
	p = json_put(p, when, strlen(when));
	*p++ = '}';
	b->len += (size_t)(p - start);
	b->s[b->len] = '\0';
	return 0;
}

/*
 * entry_text's line when all of it is printable ASCII (nearly every line:
 * nothing to escape, a column a byte), written into b in one piece; 0
 * (nothing written) when it is not.
 */
static int
entry_ascii(struct buf *b, const struct stored_entry *se)
{
	const char *verb = verb_name(se->verb);
	const char *player = se->player != NULL ? se->player : "";
	const char *note = se->note != NULL ? se->note : "";
	size_t lp = strlen(player), ln = strlen(note), lv = strlen(verb);
	size_t lc = lv, k;
	char *p, *start;
	int i;

	/* Translated, " (undone) " has other widths: entry_text's. */
	if (i18n_translated() || utf8_ascii(player, lp) != lp ||
	    utf8_ascii(note, ln) != ln)
		return 0;
	for (i = 0; i < se->argc; i++) {
		k = strlen(se->argv[i]);
		if (utf8_ascii(se->argv[i], k) != k)
			return 0;
		lc += 1 + k;
	}
	p = start = buf_reserve(b, 16 + 2 + lp + 10 + 1 + lc + 24 + 1 + 10 +
	    ln + 1);
	p = put_number(p, se->n, 5);
	p = put_padded(p, "  ", 2, 2);
	p = put_padded(p, player, lp, 10);
	*p++ = ' ';
	memcpy(p, verb, lv);
	p += lv;
	for (i = 0; i < se->argc; i++) {
		*p++ = ' ';
		k = strlen(se->argv[i]);
		memcpy(p, se->argv[i], k);
		p += k;
	}
	if (lc < 24)		/* to 24 columns; a gap of two, always */
		p = put_padded(p, "", 0, 24 - lc);
	else
		*p++ = ' ';
	p = se->undone ? put_padded(p, " (undone) ", 10, 10) :
	    put_padded(p, " ", 1, 1);
	p = put_padded(p, note, ln, ln);
	*p++ = '\n';
	b->len += (size_t)(p - start);
	b->s[b->len] = '\0';
	return 1;
}

/*
 * One entry as a score pad line, escaped; with cols (a terminal's), a
 * long one goes on under the note column (or indented by 2 when that
 * leaves no room).  cmd, line and esc are the caller's, kept from line to
 * line: the cost of a line does not grow with the game, and stays a few
 * copies (issue 29).
 */
static void
entry_text(struct buf *b, const struct stored_entry *se, int cols,
    struct buf *cmd, struct buf *line, struct buf *esc)
{
	char num[32];
	int i;

	if (cols == 0 && entry_ascii(b, se))
		return;
	buf_reset(cmd);
	buf_reset(line);
	buf_puts(cmd, verb_name(se->verb));
	for (i = 0; i < se->argc; i++) {
		buf_puts(cmd, " ");
		buf_puts(cmd, se->argv[i]);
	}
	buf_add(line, num, (size_t)(put_number(num, se->n, 5) - num));
	buf_puts(line, "  ");
	utf8_pad(line, se->player != NULL ? se->player : "", 10);
	buf_puts(line, " ");
	utf8_pad(line, buf_str(cmd), 24);
	if (utf8_width(buf_str(cmd)) >= 24)	/* a gap of two, always */
		buf_puts(line, " ");
	buf_puts(line, se->undone ? _(" (undone) ") : " ");
	if (se->note != NULL)
		buf_puts(line, se->note);
	buf_puts(line, "\n");
	if (cols == 0) {
		utf8_escape(b, buf_str(line), 0, 1);
		return;
	}
	buf_reset(esc);
	utf8_escape(esc, buf_str(line), 0, 1);
	utf8_wrap(b, buf_str(esc), (size_t)cols,
	    cols - 1 - NOTE_COLUMN >= 20 ? NOTE_COLUMN : 2);
}

/* History being written: its text or its JSON entries, line by line. */
struct hist {
	struct buf	 b;		/* text */
	struct buf	 cmd, line, esc;
	int		 json;		/* b is JSON text */
	int		 shown;		/* entries written */
	int		 oom;		/* jansson out of memory */
	char		 when[32];	/* JSON: iso_time()'s */
	long long	 day;
	int		 cols;
	int		 from;		/* entries before it are not shown */
	int		 i;		/* entries met */
	int		 round;
	int		 bad;		/* entries not numbered 1..n */
	int		 status;	/* a failure's, said */
};

/* One entry to the history (a callback of store_history_scan). */
static int
hist_one(void *arg, const struct stored_entry *se)
{
	struct hist *h = arg;
	char when[32];

	if (se->n != ++h->i) {
		h->bad = 1;
		return 1;
	}
	if (h->i <= h->from)
		return 0;
	if (h->json) {
		if (h->shown++ > 0)
			buf_add(&h->b, ",", 1);
		if (entry_json(&h->b, se, h->when, &h->day) != 0)
			h->oom = 1;
		return 0;
	}
	if (se->round != h->round) {
		/* When the round began, in the local time (TZ). */
		h->round = se->round;
		sr_local_time(se->at, when, sizeof when);
		buf_printf(&h->b, _("Round %d  %s\n"), h->round, when);
	}
	entry_text(&h->b, se, h->cols, &h->cmd, &h->line, &h->esc);
	return 0;
}

/* Back to no entry written (the game is replayed instead). */
static void
hist_reset(struct hist *h, size_t len)
{
	h->b.len = len;
	if (h->b.s != NULL)
		h->b.s[len] = '\0';
	h->i = h->round = h->bad = h->shown = h->oom = 0;
}

/*
 * The entries of sg (loaded in a read transaction) to h: from the notes
 * kept with each (history's cache, entry_notes: round, note, undone)
 * read with the entries one at a time, when sg came from its snapshot
 * and every entry has its notes; else the game replayed with notes.
 * Returns the number of entries, or -1 (a failure, said).
 */
static int
hist_entries(struct sr_ctx *ctx, struct sr_game *sg, struct hist *h)
{
	char *why = NULL;
	size_t len = h->b.len;
	long long id = sg->g.id;
	int status, n = 0, complete = 0, i;

	/* The notes kept are English: a translation replays (i18n.h). */
	if (sg->rp.resumed && !i18n_translated() &&
	    store_history_scan(ctx->store, id, hist_one, h, &n, &complete,
	    &why) == SR_OK && complete && !h->bad &&
	    n == replay_last_n(&sg->rp))
		return n;
	free(why);
	why = NULL;
	hist_reset(h, len);
	sr_game_free(sg);
	if ((status = sr_game_read(ctx, id, !h->json, sg, &why)) !=
	    SR_OK) {
		h->status = sr_error(ctx, status, "%s", why != NULL ? why :
		    _("database error"));
		free(why);
		return -1;
	}
	for (i = 0; i < sg->rp.nentries; i++)
		hist_one(h, &sg->rp.entries[i]);
	return sg->rp.nentries;
}

/* history */
static int
cmd_history_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_game sg;
	struct hist h;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS];
	int status, i, n;
	long last = -1;
	char *end;

	if (args->argc == 2) {
		last = strtol(args->argv[1], &end, 10);
		if (*args->argv[1] < '0' || *args->argv[1] > '9' ||
		    *end != '\0' || last > 1000000)
			return sr_error(ctx, SR_USAGE, "'%s' is not a number "
			    "of entries", args->argv[1]);
	}
	if ((status = sr_game_load_state(ctx, 0, &sg)) != SR_OK)
		return status;
	memset(&h, 0, sizeof h);
	h.cols = sr_columns(ctx);
	/* The last N: the entries are numbered 1..n, n the last's. */
	n = replay_last_n(&sg.rp);
	if (last >= 0 && last < n)
		h.from = n - (int)last;
	if ((h.json = ctx->json))
		buf_printf(&h.b, "{\"game\":%lld,\"entries\":[", sg.g.id);
	else {
		buf_printf(&h.line, _("game %lld: %s for "), sg.g.id,
		    sg.rules->name);
		for (i = 0; i < sg.g.nplayers; i++)
			buf_printf(&h.line, "%s%s", i ? ", " : "",
			    sg.g.names[i]);
		buf_puts(&h.line, "\n");
		utf8_escape(&h.b, buf_str(&h.line), 0, 1);
	}
	n = hist_entries(ctx, &sg, &h);
	store_rollback(ctx->store);
	buf_free(&h.cmd);
	buf_free(&h.line);
	buf_free(&h.esc);
	if (n >= 0 && h.oom)
		h.status = sr_error(ctx, SR_SYSTEM, "cannot encode JSON");
	if (n < 0 || h.oom) {
		buf_free(&h.b);
		sr_game_free(&sg);
		return h.status;
	}
	if (h.json) {
		/* As sr_print_json() prints it (compact, keys in order). */
		buf_puts(&h.b, "]}\n");
		fputs(buf_str(&h.b), ctx->out);
		buf_free(&h.b);
		sr_game_free(&sg);
		return SR_OK;
	}
	if (n == 0)
		buf_puts(&h.b, _("no entries yet\n"));
	sr_ranks(&sg, scores, winners, ranks);
	buf_reset(&h.line);
	buf_puts(&h.line, _("scores:"));
	for (i = 0; i < sg.g.nplayers; i++)
		buf_printf(&h.line, "%s %s %'ld", i ? "," : "", sg.g.names[i],
		    scores[i]);
	buf_puts(&h.line, "\n");
	utf8_escape(&h.b, buf_str(&h.line), 0, 1);
	buf_free(&h.line);
	/* Escaped line by line already (sr_print_text's escaping). */
	sr_fit(ctx, ctx->out, buf_str(&h.b), 2);
	buf_free(&h.b);
	sr_game_free(&sg);
	return SR_OK;
}

const struct cmd_entry cmd_history_entry = {
	.name = "history",
	.usage = "[N]",
	.summary = N_("every entry (the last N), numbered, with round and "
	    "turn, in words"),
	.spec = { .upper = 1 },
	.exec = cmd_history_exec,
	.play = CMD_PLAY,
};
