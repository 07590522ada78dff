/*
 * cmd-export.c: games on standard output, as JSON (whole games, entries
 * and all, which import reads back) or CSV (one row per player per game).
 * Streamed: one game at a time, whatever the number of games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd.h"
#include "utf8.h"

/* What each streamed game or row is written to. */
struct export_out {
	struct sr_ctx	*ctx;
	long		 count;
};

/* One game's JSON text, after a comma from the second on. */
static int
export_json_one(void *arg, const char *json)
{
	struct export_out *eo = arg;

	fputs(eo->count++ > 0 ? ",\n" : "\n", eo->ctx->out);
	fputs(json, eo->ctx->out);
	return ferror(eo->ctx->out) ? -1 : 0;
}

/* One CSV field, quoted as RFC 4180 asks when it needs to be. */
static void
csv_field(FILE *f, const char *s, int last)
{
	const char *p;

	if (s == NULL)
		s = "";
	if (strpbrk(s, ",\"\r\n") == NULL)
		fputs(s, f);
	else {
		fputc('"', f);
		for (p = s; *p != '\0'; p++) {
			if (*p == '"')
				fputc('"', f);
			fputc(*p, f);
		}
		fputc('"', f);
	}
	fputs(last ? "\r\n" : ",", f);
}

/*
 * A CSV cell of stored text: a leading ' where a spreadsheet would take
 * the cell for a formula (it begins with =, +, -, @, a tab or a carriage
 * return), every control character escaped as everywhere (\xNN).
 */
static void
csv_text(FILE *f, const char *s, int last)
{
	struct buf b = BUF_INIT;

	if (s != NULL && s[0] != '\0' && strchr("=+-@\t\r", s[0]) != NULL)
		buf_puts(&b, "'");
	utf8_escape(&b, s != NULL ? s : "", 0, 0);
	csv_field(f, buf_str(&b), last);
	buf_free(&b);
}

/*
 * One row: game (its number, as games shows it), uid, date and time
 * (local, YYYY-MM-DD and HH:MM), rules, title, state, player, seat (from
 * 1), score, rank, winner (1 or 0).
 */
static int
export_csv_one(void *arg, const char *const *c)
{
	struct export_out *eo = arg;
	FILE *f = eo->ctx->out;
	time_t t = (time_t)strtoll(c[1] != NULL ? c[1] : "0", NULL, 10);
	struct tm tm;
	char date[16], hm[16];

	localtime_r(&t, &tm);
	strftime(date, sizeof date, "%Y-%m-%d", &tm);
	strftime(hm, sizeof hm, "%H:%M", &tm);
	csv_field(f, c[10], 0);
	csv_text(f, c[0], 0);
	csv_field(f, date, 0);
	csv_field(f, hm, 0);
	csv_text(f, c[2], 0);
	csv_text(f, c[3], 0);
	csv_field(f, sr_stored_state_name(c[4] != NULL ? atoi(c[4]) : 0), 0);
	csv_text(f, c[5], 0);
	csv_field(f, c[6], 0);
	csv_field(f, c[7], 0);
	csv_field(f, c[8], 0);
	csv_field(f, c[9], 1);
	eo->count++;
	return ferror(f) ? -1 : 0;
}

/* The game to export: -g ID or the current one, which must exist. */
static int
export_game_id(struct sr_ctx *ctx, long long *id, char **why)
{
	struct store_game g;
	int status;

	*id = ctx->game;
	if (*id == 0 && (status = store_current(ctx->store, id, why)) !=
	    SR_OK)
		return status;
	if (*id == 0) {
		*why = xstrdup("no current game; choose one with -g ID or "
		    "'shakeref use ID', or export every game with --all");
		return SR_DATA;
	}
	if ((status = store_game_load(ctx->store, *id, &g, why)) != SR_OK)
		return status;
	store_game_clear(&g);
	return SR_OK;
}

/* export [--format json|csv] [--all] */
static int
cmd_export_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct export_out eo;
	const char *format = args_get(args, "format");
	char *why = NULL;
	long long id = 0;
	int all = args_has(args, "all"), status;

	if (format == NULL)
		format = "json";
	if (strcmp(format, "json") != 0 && strcmp(format, "csv") != 0)
		return sr_error(ctx, SR_USAGE, "unknown format '%s'; expected "
		    "json or csv", format);
	if (all && ctx->game != 0)
		return sr_error(ctx, SR_USAGE, "give -g ID or --all, not both");
	if ((status = sr_store(ctx)) != SR_OK)
		return status;
	/* One read transaction: every game as of one moment. */
	if ((status = store_begin(ctx->store, 0, &why)) != SR_OK ||
	    (!all && (status = export_game_id(ctx, &id, &why)) != SR_OK))
		goto fail;
	memset(&eo, 0, sizeof eo);
	eo.ctx = ctx;
	if (strcmp(format, "json") == 0) {
		fputs("{\"shakeref\":1,\"games\":[", ctx->out);
		status = store_export_json(ctx->store, id, export_json_one, &eo,
		    &why);
		if (status == SR_OK)
			fputs(eo.count > 0 ? "\n]}\n" : "]}\n", ctx->out);
	} else {
		fputs("game,uid,date,time,rules,title,state,player,seat,score,"
		    "rank,winner\r\n", ctx->out);
		status = store_export_rows(ctx->store, id, export_csv_one, &eo,
		    &why);
	}
	if (status != SR_OK)
		goto fail;
	store_rollback(ctx->store);
	return SR_OK;
fail:
	store_rollback(ctx->store);
	sr_error(ctx, status, "%s", why != NULL ? why : _("database error"));
	free(why);
	return status;
}

const struct cmd_entry cmd_export_entry = {
	.name = "export",
	.usage = "[--format json|csv] [--all]",
	.summary = N_("the game (--all: every game) on stdout, as JSON that "
	    "import reads back, or CSV"),
	.spec = { .opts = { { "format", CMD_VALUE | CMD_NONEMPTY },
	    { "all", 0 } }, .hint = N_("; expected [--format json|csv] [--all]") },
	.exec = cmd_export_exec,
};
