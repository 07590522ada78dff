/*
 * output.c: what a command prints: diagnostics on stderr (sr_error, one
 * line, "shakeref: CMD: what is wrong"), results on stdout (text fitted
 * to a terminal, JSON), the output flushed and checked, times in words.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "term.h"
#include "utf8.h"

/*
 * Print "shakeref: CMD: message" on stderr ("shakeref: play: line 12:
 * CMD: message" for a line of a script): always one line, with every
 * unprintable byte escaped and user text in quotes cut; the whole cut
 * after 400 characters (utf8_message) unless whole (a ruling: never
 * cut, utf8_message_whole); in red in play on a terminal.
 */
static int __attribute__((format(printf, 4, 0)))
sr_vmessage(const struct sr_ctx *ctx, int status, int whole,
    const char *fmt, va_list ap)
{
	struct buf b = BUF_INIT, m = BUF_INIT;
	int paint = ctx != NULL && ctx->paint;

	fflush(stdout);
	if (ctx != NULL && ctx->where != NULL)
		buf_printf(&b, "%s: ", ctx->where);
	if (ctx != NULL && ctx->cmd != NULL && (ctx->where == NULL ||
	    strcmp(ctx->cmd, "play") != 0))
		buf_printf(&b, "%s: ", ctx->cmd);
	/* The words translated, never the "shakeref: CMD: " before them. */
	buf_vprintf(&b, _(fmt), ap);
	if (whole)
		utf8_message_whole(&m, buf_str(&b));
	else
		utf8_message(&m, buf_str(&b));
	/* On a terminal broken at spaces: one line through a pipe. */
	buf_reset(&b);
	buf_printf(&b, "%sshakeref: %s%s\n", paint ? term_on(TERM_REFUSED) :
	    "", buf_str(&m), paint ? term_off() : "");
	sr_fit(ctx, stderr, buf_str(&b), 2);
	buf_free(&b);
	buf_free(&m);
	return status;
}

/* Print a diagnostic (see sr_vmessage); returns status. */
int
sr_error(const struct sr_ctx *ctx, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sr_vmessage(ctx, status, 0, fmt, ap);
	va_end(ap);
	return status;
}

/* Print a refusal that holds a ruling's words, never cut; returns status. */
int
sr_refusal(const struct sr_ctx *ctx, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sr_vmessage(ctx, status, 1, fmt, ap);
	va_end(ap);
	return status;
}

/* SPEC.md "Text from the user": SR_OK, or the refusal printed (exit 2). */
int
sr_text_check(const struct sr_ctx *ctx, const char *what, const char *s)
{
	const char *why;

	if ((why = utf8_text_why(s)) == NULL)
		return SR_OK;
	return sr_error(ctx, SR_USAGE, "%s'%s' %s; text must be UTF-8 "
	    "without control characters or direction overrides", what, s,
	    why);
}

/* Report a store failure and free its message; see cmd.h. */
int
sr_store_error(struct sr_ctx *ctx, int status, char *why)
{
	sr_error(ctx, status, "%s", why != NULL ? why : _("database error"));
	free(why);
	return status;
}

/* The columns to fit words output to; see cmd.h. */
int
sr_columns(const struct sr_ctx *ctx)
{
	int fd = fileno(ctx->out);

	return isatty(fd) ? term_width(fd, ctx->columns) : 0;
}

/* Print printable text on f, fitted on a terminal; see cmd.h. */
void
sr_fit(const struct sr_ctx *ctx, FILE *f, const char *s, size_t indent)
{
	struct buf w = BUF_INIT;
	int fd = fileno(f), cols;

	if (!isatty(fd)) {
		fputs(s, f);
		return;
	}
	cols = term_width(fd, ctx != NULL ? ctx->columns : 0);
	/* Narrow: going on under a column would leave too little room. */
	if ((size_t)cols < indent + 1 + SR_FIT_ROOM && indent > 4)
		indent = 4;
	utf8_wrap(&w, s, (size_t)cols, indent);
	fputs(buf_str(&w), f);
	buf_free(&w);
}

/* Print text with unprintable bytes escaped, fitted; see cmd.h. */
void
sr_print_text(struct sr_ctx *ctx, const char *s)
{
	struct buf b = BUF_INIT;

	utf8_escape(&b, s, 0, 1);
	sr_fit(ctx, ctx->out, buf_str(&b), 2);
	buf_free(&b);
}

/* A line beside the command's own output; see cmd.h. */
void
sr_print_aside(struct sr_ctx *ctx, const char *s)
{
	if (ctx->json)
		fputs(s, stderr);
	else
		sr_print_text(ctx, s);
}

/* Print a JSON object and a newline; reals with 15 digits (88.6). */
int
sr_print_json(struct sr_ctx *ctx, json_t *o)
{
	char *s = json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT |
	    JSON_REAL_PRECISION(15));

	json_decref(o);
	if (s == NULL)
		return sr_error(ctx, SR_SYSTEM, "cannot encode JSON");
	fputs(s, ctx->out);
	fputc('\n', ctx->out);
	free(s);
	return SR_OK;
}

/* Flush the output: a full disk is not success. */
int
sr_flush(struct sr_ctx *ctx, int status)
{
	if (fflush(ctx->out) != 0 || ferror(ctx->out)) {
		ctx->cmd = ctx->cmd != NULL ? ctx->cmd : "output";
		return sr_error(ctx, SR_SYSTEM, "cannot write the output");
	}
	return status;
}

/*
 * The time of an entry or a new game: SHAKEREF_NOW's when it pins it
 * (tests), else the clock's now, read each time (play makes its entries
 * over an evening).
 */
long long
sr_now(const struct sr_ctx *ctx)
{
	return ctx->now == SR_NOW_CLOCK ? (long long)time(NULL) : ctx->now;
}

/* UTC ISO 8601. */
void
sr_iso_time(long long t, char *buf, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/*
 * "2026-11-22 19:03" in the local time zone (TZ).  The zone is read once
 * a process: glibc's tzset() looks at the zone file every time it is
 * called (a stat each), which was a third of `games --all` on 10,000
 * games and of `history` on 10,000 entries.
 */
void
sr_local_time(long long t, char *buf, size_t len)
{
	static int tz_read;
	time_t tt = (time_t)t;
	struct tm tm;

	if (!tz_read) {
		tzset();
		tz_read = 1;
	}
	localtime_r(&tt, &tm);
	strftime(buf, len, "%Y-%m-%d %H:%M", &tm);
}
