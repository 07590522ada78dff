/*
 * cmd-history.c: every entry, numbered, round by round, in words.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "utf8.h"

/* One entry as JSON. */
static json_t *
entry_json(const struct stored_entry *se)
{
	json_t *o = json_object(), *a = json_array();
	char when[32];
	int i;

	json_object_set_new(o, "n", json_integer(se->n));
	json_object_set_new(o, "player", se->player != NULL ?
	    json_string(se->player) : json_null());
	json_object_set_new(o, "verb", json_string(verb_name(se->verb)));
	for (i = 0; i < se->argc; i++)
		json_array_append_new(a, json_string(se->argv[i]));
	json_object_set_new(o, "args", a);
	json_object_set_new(o, "undone", json_boolean(se->undone));
	sr_iso_time(se->at, when, sizeof when);
	json_object_set_new(o, "at", json_string(when));
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

/*
 * Load the game for history in a read transaction: its state from its
 * snapshot and its entries with the note and round kept with each
 * (history's cache, entry_notes), the undone ones marked by the undo and
 * redo entries' arguments, as a replay would mark them: *own 1, the
 * entries the caller's to free.  Else (a note missing, no snapshot) the
 * game replayed with notes: the entries are sg's.
 */
static int
history_load(struct sr_ctx *ctx, struct sr_game *sg,
    struct stored_entry **ep, int *np, int *own)
{
	struct stored_entry *e = NULL;
	char *why = NULL;
	long long id;
	int status, n = 0, complete = 0, i, t;

	*own = 0;
	if ((status = sr_game_load_state(ctx, 0, sg)) != SR_OK)
		return status;
	if (sg->rp.resumed && store_history_load(ctx->store, sg->g.id, &e,
	    &n, &complete, &why) != SR_OK) {
		free(why);
		why = NULL;
		complete = 0;
	}
	for (i = 0; complete && i < n; i++)
		complete = e[i].n == i + 1;
	if (complete && n == replay_last_n(&sg->rp)) {
		for (i = 0; i < n; i++)
			if ((e[i].verb == V_UNDO || e[i].verb == V_REDO) &&
			    e[i].argc == 1 && (t = atoi(e[i].argv[0])) >= 1 &&
			    t <= n)
				e[t - 1].undone = e[i].verb == V_UNDO;
		*ep = e;
		*np = n;
		*own = 1;
		return SR_OK;
	}
	for (i = 0; i < n; i++)
		stored_entry_clear(&e[i]);
	free(e);
	id = sg->g.id;
	sr_game_free(sg);
	if ((status = sr_game_read(ctx, id, !ctx->json, sg, &why)) != SR_OK) {
		store_rollback(ctx->store);
		sr_error(ctx, status, "%s", why != NULL ? why : "database "
		    "error");
		free(why);
		return status;
	}
	*ep = sg->rp.entries;
	*np = sg->rp.nentries;
	return SR_OK;
}

/* Free what history_load() loaded. */
static void
history_free(struct sr_game *sg, struct stored_entry *e, int n, int own)
{
	int i;

	for (i = 0; own && i < n; i++)
		stored_entry_clear(&e[i]);
	if (own)
		free(e);
	sr_game_free(sg);
}

/* history */
static int
cmd_history_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct sr_game sg;
	struct stored_entry *ents;
	struct buf b = BUF_INIT, cmd = BUF_INIT, line = BUF_INIT;
	struct buf esc = BUF_INIT;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS];
	int status, i, round = 0, from = 0, cols = sr_columns(ctx);
	int nents, own;
	long last = -1;
	char *end, when[32];
	json_t *o, *a;

	if (args->argc == 2) {
		last = strtol(args->argv[1], &end, 10);
		if (*args->argv[1] < '0' || *args->argv[1] > '9' ||
		    *end != '\0' || last > 1000000)
			return sr_error(ctx, SR_USAGE, "'%s' is not a number "
			    "of entries", args->argv[1]);
	}
	if ((status = history_load(ctx, &sg, &ents, &nents, &own)) != SR_OK)
		return status;
	store_rollback(ctx->store);
	if (last >= 0 && last < nents)
		from = nents - (int)last;
	if (ctx->json) {
		o = json_object();
		json_object_set_new(o, "game", json_integer(sg.g.id));
		a = json_array();
		for (i = from; i < nents; i++)
			json_array_append_new(a, entry_json(&ents[i]));
		json_object_set_new(o, "entries", a);
		status = sr_print_json(ctx, o);
		history_free(&sg, ents, nents, own);
		return status;
	}
	buf_printf(&b, "game %lld: %s for ", sg.g.id, sg.rules->name);
	for (i = 0; i < sg.g.nplayers; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", sg.g.names[i]);
	buf_puts(&b, "\n");
	for (i = from; i < nents; i++) {
		const struct stored_entry *se = &ents[i];

		if (se->round != round) {
			/* When the round began, in the local time (TZ). */
			round = se->round;
			sr_local_time(se->at, when, sizeof when);
			buf_printf(&b, "Round %d  %s\n", round, when);
		}
		entry_text(&b, se, cols, &cmd, &line, &esc);
	}
	buf_free(&cmd);
	buf_free(&line);
	buf_free(&esc);
	if (nents == 0)
		buf_puts(&b, "no entries yet\n");
	sr_ranks(&sg, scores, winners, ranks);
	buf_puts(&b, "scores:");
	for (i = 0; i < sg.g.nplayers; i++)
		buf_printf(&b, "%s %s %ld", i ? "," : "", sg.g.names[i],
		    scores[i]);
	buf_puts(&b, "\n");
	sr_print_text(ctx, buf_str(&b));
	buf_free(&b);
	history_free(&sg, ents, nents, own);
	return SR_OK;
}

const struct cmd_entry cmd_history_entry = {
	.name = "history",
	.usage = "[N]",
	.summary = "every entry (the last N), numbered, with round and "
	    "turn, in words",
	.spec = { .upper = 1 },
	.exec = cmd_history_exec,
};
