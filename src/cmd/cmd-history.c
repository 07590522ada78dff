/*
 * cmd-history.c: every entry, numbered, round by round, in words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "utf8.h"

/* One entry as JSON. */
static json_t *
entry_json(const struct stored_entry *se)
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

/* n in decimal, right-aligned in width columns (printf's "%*d"). */
static void
put_number(struct buf *b, int n, int width)
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
		buf_puts(b, " ");
	while (k > 0)
		buf_add(b, &d[--k], 1);
}

/*
 * One entry as a score pad line; with cols (a terminal's), a long one goes
 * on under the note column (or indented by 2 when that leaves no room).
 * cmd, line and esc are the caller's, kept from line to line: the cost of
 * a line does not grow with the game, and stays a few copies (issue 29).
 */
static void
entry_text(struct buf *b, const struct stored_entry *se, int cols,
    struct buf *cmd, struct buf *line, struct buf *esc)
{
	struct buf *out = cols > 0 ? line : b;
	int i;

	buf_reset(cmd);
	buf_reset(line);
	buf_puts(cmd, verb_name(se->verb));
	for (i = 0; i < se->argc; i++) {
		buf_puts(cmd, " ");
		buf_puts(cmd, se->argv[i]);
	}
	put_number(out, se->n, 5);
	buf_puts(out, "  ");
	utf8_pad(out, se->player != NULL ? se->player : "", 10);
	buf_puts(out, " ");
	utf8_pad(out, buf_str(cmd), 24);
	if (utf8_width(buf_str(cmd)) >= 24)	/* a gap of two, always */
		buf_puts(out, " ");
	buf_puts(out, se->undone ? " (undone) " : " ");
	if (se->note != NULL)
		buf_puts(out, se->note);
	buf_puts(out, "\n");
	if (cols > 0) {
		buf_reset(esc);
		utf8_escape(esc, buf_str(line), 0, 1);
		utf8_wrap(b, buf_str(esc), (size_t)cols,
		    cols - 1 - NOTE_COLUMN >= 20 ? NOTE_COLUMN : 2);
	}
}

/* History being written: its text or its JSON entries, line by line. */
struct hist {
	struct buf	 b;		/* text */
	struct buf	 cmd, line, esc;
	json_t		*a;		/* JSON: the entries */
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
	if (h->a != NULL) {
		xjson_push(h->a, entry_json(se));
		return 0;
	}
	if (se->round != h->round) {
		/* When the round began, in the local time (TZ). */
		h->round = se->round;
		sr_local_time(se->at, when, sizeof when);
		buf_printf(&h->b, "Round %d  %s\n", h->round, when);
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
	if (h->a != NULL)
		json_array_clear(h->a);
	h->i = h->round = h->bad = 0;
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

	if (sg->rp.resumed && store_history_scan(ctx->store, id, hist_one, h,
	    &n, &complete, &why) == SR_OK && complete && !h->bad &&
	    n == replay_last_n(&sg->rp))
		return n;
	free(why);
	why = NULL;
	hist_reset(h, len);
	sr_game_free(sg);
	if ((status = sr_game_read(ctx, id, h->a == NULL, sg, &why)) !=
	    SR_OK) {
		h->status = sr_error(ctx, status, "%s", why != NULL ? why :
		    "database error");
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
	json_t *o = NULL;

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
	if (ctx->json) {
		o = json_object();
		xjson_set(o, "game", json_integer(sg.g.id));
		h.a = json_array();
	} else {
		buf_printf(&h.b, "game %lld: %s for ", sg.g.id,
		    sg.rules->name);
		for (i = 0; i < sg.g.nplayers; i++)
			buf_printf(&h.b, "%s%s", i ? ", " : "", sg.g.names[i]);
		buf_puts(&h.b, "\n");
	}
	n = hist_entries(ctx, &sg, &h);
	store_rollback(ctx->store);
	buf_free(&h.cmd);
	buf_free(&h.line);
	buf_free(&h.esc);
	if (n < 0) {
		json_decref(o);
		json_decref(h.a);
		buf_free(&h.b);
		sr_game_free(&sg);
		return h.status;
	}
	if (ctx->json) {
		xjson_set(o, "entries", h.a);
		status = sr_print_json(ctx, o);
		sr_game_free(&sg);
		return status;
	}
	if (n == 0)
		buf_puts(&h.b, "no entries yet\n");
	sr_ranks(&sg, scores, winners, ranks);
	buf_puts(&h.b, "scores:");
	for (i = 0; i < sg.g.nplayers; i++)
		buf_printf(&h.b, "%s %s %ld", i ? "," : "", sg.g.names[i],
		    scores[i]);
	buf_puts(&h.b, "\n");
	sr_print_text(ctx, buf_str(&h.b));
	buf_free(&h.b);
	sr_game_free(&sg);
	return SR_OK;
}

const struct cmd_entry cmd_history_entry = {
	.name = "history",
	.usage = "[N]",
	.summary = "every entry (the last N), numbered, with round and "
	    "turn, in words",
	.spec = { .upper = 1 },
	.exec = cmd_history_exec,
	.play = CMD_PLAY,
};
