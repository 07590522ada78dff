/*
 * cmd-watch.c: a live scoreboard for a second screen: the whole table of
 * the game, the scores in big digits, redrawn when the game changes
 * (woken by the change notice of the database, notice.h: an entry by any
 * process is on the screen at once), until Ctrl-C.  Not on a terminal:
 * printed once.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "notice.h"
#include "term.h"
#include "utf8.h"

static volatile sig_atomic_t watch_stop, watch_resized;

/* SIGINT, SIGTERM: leave at the next wake-up. */
static void
on_stop(int sig)
{
	(void)sig;
	watch_stop = 1;
}

/* SIGWINCH: draw again for the new size. */
static void
on_winch(int sig)
{
	(void)sig;
	watch_resized = 1;
}

/* Seven-segment digits, three rows of three columns each. */
static const char *const big_rows[3] = {
	" _     _  _     _  _  _  _  _ ",
	"| |  | _| _||_||_ |_   ||_||_|",
	"|_|  ||_  _|  | _||_|  ||_| _|",
};

/* Row r (0..2) of n in big digits ('-' as a bar) into b. */
static void
big_number(long n, int r, struct buf *b)
{
	char s[24], *p;

	snprintf(s, sizeof s, "%ld", n);
	for (p = s; *p != '\0'; p++) {
		if (*p == '-')
			buf_puts(b, r == 1 ? " _ " : "   ");
		else
			buf_printf(b, "%.3s", big_rows[r] + (*p - '0') * 3);
		buf_puts(b, " ");
	}
}

/*
 * Append the words in esc (printable, paint at most) to b, broken at
 * spaces to fit cols columns on a screen (utf8_wrap), as they are when
 * cols is 0; esc is emptied.
 */
static void
watch_words(struct buf *b, struct buf *esc, int cols)
{
	if (cols > 0)
		utf8_wrap(b, buf_str(esc), (size_t)cols, 2);
	else
		buf_puts(b, buf_str(esc));
	buf_reset(esc);
}

/* Lines in s (each ends with '\n'). */
static int
watch_lines(const char *s)
{
	int n = 0;

	for (; *s != '\0'; s++)
		n += *s == '\n';
	return n;
}

/* Columns of the character at s (n bytes left) into *w; its length. */
static size_t
watch_char(const char *s, size_t n, size_t *w)
{
	char one[8];
	uint32_t cp;
	size_t k = utf8_decode(s, n, &cp);

	if (k == 0 || k >= sizeof one)
		k = 1;
	memcpy(one, s, k);
	one[k] = '\0';
	*w = utf8_width(one);
	return k;
}

/*
 * The lines s[0..n) (a paragraph of printable text, no paint) into b,
 * narrowed to fit cols - 1 columns where they are wider: a column that
 * is a space on every line (or past its end) goes, one of each run of
 * such columns at a time, the widest runs first, and one of each run
 * stays, so that a table keeps its columns aligned (the Shake pad at 40
 * columns).  What is still too wide is wrapped after; so is a line
 * alone.
 */
static void
watch_narrow(struct buf *b, const char *s, size_t n, int cols)
{
	char *blank, *drop;
	const char *p, *e = s + n;
	size_t width = 0, col, w, k, c, run, best, at, over;

	for (p = s, col = 0; p < e; p += k) {
		if (*p == '\033') {
			buf_add(b, s, n);
			return;
		}
		if (*p == '\n') {
			col = 0;
			k = 1;
			continue;
		}
		k = watch_char(p, (size_t)(e - p), &w);
		if ((col += w) > width)
			width = col;
	}
	/* A line alone is words, not a table: wrapped. */
	if (cols <= 1 || width <= (size_t)cols - 1 ||
	    memchr(s, '\n', n) == s + n - 1) {
		buf_add(b, s, n);
		return;
	}
	blank = xmalloc(width + 1);
	drop = xcalloc(width + 1, 1);
	memset(blank, 1, width + 1);
	for (p = s, col = 0; p < e; p += k) {
		if (*p == '\n') {
			col = 0;
			k = 1;
			continue;
		}
		k = watch_char(p, (size_t)(e - p), &w);
		if (*p != ' ')
			for (c = col; c < col + w && c < width; c++)
				blank[c] = 0;
		col += w;
	}
	/* One column of the widest run left at a time, while too wide. */
	for (over = width - ((size_t)cols - 1); over > 0; over--) {
		best = 0;
		at = 0;
		for (c = 0; c < width; c = run > 0 ? c + run : c + 1) {
			/* A run of blank columns, those dropped in it. */
			for (run = 0, k = 0; c + run < width && blank[c + run];
			    run++)
				if (!drop[c + run]) {
					k++;
					at = k > best ? c + run : at;
				}
			if (k > best)
				best = k;
		}
		if (best < 2)
			break;
		drop[at] = 1;
	}
	for (p = s, col = 0; p < e; p += k) {
		if (*p == '\n') {
			buf_puts(b, "\n");
			col = 0;
			k = 1;
			continue;
		}
		k = watch_char(p, (size_t)(e - p), &w);
		if (!(*p == ' ' && col < width && drop[col]))
			buf_add(b, p, k);
		col += w;
	}
	free(blank);
	free(drop);
}

/*
 * The board's text s (printable, lines ending with '\n') into b for a
 * screen cols wide: each run of lines too wide (a table's rows)
 * narrowed together (watch_narrow), then wrapped at spaces.
 */
static void
watch_fit(struct buf *b, const char *s, int cols)
{
	struct buf t = BUF_INIT;
	const char *p = s, *q, *run = s, *e;
	size_t w, col, k;

	for (; *p != '\0'; p = q) {
		e = strchr(p, '\n');
		q = e != NULL ? e + 1 : p + strlen(p);
		for (col = 0, e = p; *e != '\n' && *e != '\0'; e += k) {
			k = watch_char(e, (size_t)(q - e), &w);
			col += w;
		}
		if (col > (size_t)cols - 1)
			continue;
		/* A line that fits ends the run before it. */
		watch_narrow(&t, run, (size_t)(p - run), cols);
		buf_add(&t, p, (size_t)(q - p));
		run = q;
	}
	watch_narrow(&t, run, (size_t)(p - run), cols);
	utf8_wrap(b, buf_str(&t), (size_t)cols, 2);
	buf_free(&t);
}

/*
 * The board's text s into b in at most room lines: the first (a
 * table's heading), "…", then the last; nothing when room is below 3.
 */
static void
watch_cut(struct buf *b, const char *s, int room)
{
	int n = watch_lines(s), skip;
	const char *p;

	if (n <= room) {
		buf_puts(b, s);
		return;
	}
	if (room < 3)
		return;
	p = strchr(s, '\n') + 1;
	buf_add(b, s, (size_t)(p - s));
	buf_puts(b, "\xe2\x80\xa6\n");
	for (skip = n - (room - 2) - 1; skip > 0; skip--)
		p = strchr(p, '\n') + 1;
	buf_puts(b, p);
}

/* The scores of sg into b, big (three rows each) or not, with paint. */
static void
watch_scores(const struct sr_game *sg, const struct expectation *x,
    int cols, int big, int paint, struct buf *b)
{
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], ranks[GAME_MAX_PLAYERS], i, r;
	size_t namew = 0, w;

	sr_ranks(sg, scores, winners, ranks);
	for (i = 0; i < sg->g.nplayers; i++)
		if ((w = utf8_width(sg->g.names[i])) > namew)
			namew = w;
	if (namew > (size_t)cols / 3)
		namew = cols / 3 > 8 ? (size_t)cols / 3 : 8;
	for (i = 0; i < sg->g.nplayers; i++) {
		int turn = !x->finished && x->turn == i, won = x->finished &&
		    winners[i];
		enum term_paint pt = won ? TERM_WIN : turn ? TERM_TURN :
		    TERM_STRONG;

		for (r = 0; r < (big ? 3 : 1); r++) {
			if (r == (big ? 1 : 0)) {
				buf_printf(b, "%s %s", turn ? ">" : won ? "*" :
				    " ", paint ? term_on(pt) : "");
				utf8_cell(b, sg->g.names[i], namew, 0);
				buf_printf(b, "%s  ", paint ? term_off() : "");
			} else
				buf_printf(b, "  %*s  ", (int)namew, "");
			if (big)
				big_number(scores[i], r, b);
			else
				buf_printf(b, "%8ld", scores[i]);
			if (r == (big ? 1 : 0) && won)
				buf_puts(b, _(" winner"));
			buf_puts(b, "\n");
		}
	}
	buf_puts(b, "\n");
}

/*
 * The board of sg into b, for a screen cols wide and rows high (big
 * digits, paint), or as long as it is (rows 0).  On a screen it fits:
 * the title, the scores and what is expected are always there; the
 * scores in big digits if the whole board fits with them; the board
 * narrowed to the width, and shortened to the height, its oldest lines
 * first (watch_cut).
 */
static void
watch_board(const struct sr_game *sg, int cols, int rows, int big,
    int paint, struct buf *b)
{
	struct expectation x;
	struct buf t = BUF_INIT, say = BUF_INIT, esc = BUF_INIT;
	struct buf title = BUF_INIT, board = BUF_INIT, next = BUF_INIT;
	struct buf scores = BUF_INIT;
	int room;

	sr_expect(sg, &x, &say);
	/* Text from the store is escaped; the paint is added around it. */
	buf_printf(&t, _("game %lld: %s%s%s%s, "), sg->g.id,
	    sg->rules->name, sg->g.title != NULL ? " (" : "",
	    sg->g.title != NULL ? sg->g.title : "", sg->g.title != NULL ?
	    ")" : "");
	/* A round with a name of its own (Shake's All Shake) says it. */
	if (x.round_name != NULL)
		buf_puts(&t, _(x.round_name));
	else
		buf_printf(&t, _("round %d"), x.round);
	buf_puts(&esc, paint ? term_on(TERM_STRONG) : "");
	utf8_escape(&esc, buf_str(&t), 0, 0);
	buf_printf(&esc, "%s\n\n", paint ? term_off() : "");
	watch_words(&title, &esc, big ? cols : 0);
	buf_reset(&t);
	if (sg->rules->describe != NULL)
		sg->rules->describe(sg->rp.st, &t);
	utf8_escape(&esc, buf_str(&t), 0, 1);
	if (big)
		watch_fit(&board, buf_str(&esc), cols);
	else
		buf_puts(&board, buf_str(&esc));
	buf_reset(&esc);
	buf_reset(&t);
	buf_puts(&t, "\n");
	if (x.finished)
		buf_puts(&t, _("The game is over.\n"));
	else
		buf_printf(&t, "%s\n", buf_str(&say));
	utf8_escape(&esc, buf_str(&t), 0, 1);
	watch_words(&next, &esc, big ? cols : 0);
	watch_scores(sg, &x, cols, big, paint, &scores);
	/* The last row stays empty: a line feed there would scroll. */
	room = rows - 1 - watch_lines(buf_str(&title)) -
	    watch_lines(buf_str(&next));
	if (rows > 0 && big && watch_lines(buf_str(&scores)) +
	    watch_lines(buf_str(&board)) > room) {
		buf_reset(&scores);
		watch_scores(sg, &x, cols, 0, paint, &scores);
	}
	buf_puts(b, buf_str(&title));
	buf_puts(b, buf_str(&scores));
	if (rows > 0)
		watch_cut(b, buf_str(&board), room -
		    watch_lines(buf_str(&scores)));
	else
		buf_puts(b, buf_str(&board));
	buf_puts(b, buf_str(&next));
	buf_free(&t);
	buf_free(&say);
	buf_free(&esc);
	buf_free(&title);
	buf_free(&board);
	buf_free(&next);
	buf_free(&scores);
}

/*
 * Print s on the screen from the top, each line wrapped at cols - 1
 * columns (escape sequences and UTF-8 continuation bytes take none).
 */
static void
watch_show(FILE *out, const char *s, int cols)
{
	int col = 0;

	fputs("\033[H", out);
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '\n') {
			fprintf(out, "%s%s\n", term_off(), term_eol());
			col = 0;
			continue;
		}
		if (c == '\033') {
			/* ESC [ parameters, then a final byte: no room. */
			fputc(*s, out);
			if (s[1] == '[')
				fputc(*++s, out);
			while (s[1] != '\0' && !(s[1] >= 0x40 && s[1] <= 0x7e))
				fputc(*++s, out);
			if (s[1] != '\0')
				fputc(*++s, out);
			continue;
		}
		if ((c & 0xc0) != 0x80 && ++col > cols - 1) {
			fprintf(out, "%s\n  ", term_eol());
			col = 3;
		}
		fputc(*s, out);
	}
	fputs("\033[J", out);
	fflush(out);
}

/*
 * The game to show: -g ID, else the current one (followed when another
 * terminal starts or chooses a game).  Load it, render it into b; *last
 * gets its latest entry number.
 */
static int
watch_load(struct sr_ctx *ctx, long long pinned, int cols, int rows,
    int big, int paint, struct buf *b, long long *id, int *last)
{
	struct sr_game sg;
	int status;

	ctx->game = pinned;
	if ((status = sr_game_load_state(ctx, 0, &sg)) != SR_OK)
		return status;
	store_rollback(ctx->store);
	*id = sg.g.id;
	*last = replay_last_n(&sg.rp);
	buf_reset(b);
	watch_board(&sg, cols, rows, big, paint, b);
	sr_game_free(&sg);
	return SR_OK;
}

/* 1 if the game shown is no longer what the store holds. */
static int
watch_changed(struct sr_ctx *ctx, long long pinned, long long id, int last)
{
	long long cur = id;
	char *why = NULL;
	int n = last;

	if (store_begin(ctx->store, 0, &why) != SR_OK ||
	    (pinned == 0 && store_current(ctx->store, &cur, &why) != SR_OK) ||
	    store_last_n(ctx->store, id, &n, &why) != SR_OK) {
		free(why);
		store_rollback(ctx->store);
		return 1;
	}
	store_rollback(ctx->store);
	return cur != id || n != last;
}

/* watch */
static int
cmd_watch_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	struct notice_signals ns;
	struct buf b = BUF_INIT;
	struct pollfd pfd;
	struct timespec ts;
	int ms;
	struct notice *nt;
	long long pinned = ctx->game, id = 0;
	int status, last = 0, cols, rows, tty = isatty(STDOUT_FILENO);
	int paint;

	(void)args;
	/* On a terminal: big digits, colour unless NO_COLOR. */
	cols = tty ? term_width(STDOUT_FILENO, ctx->columns) : 80;
	rows = tty ? term_height(STDOUT_FILENO) : 0;
	paint = tty && term_color(STDOUT_FILENO, ctx->color);
	if ((status = watch_load(ctx, pinned, cols, rows, tty, paint, &b, &id,
	    &last)) != SR_OK)
		return status;
	if (!tty) {
		fputs(buf_str(&b), ctx->out);
		buf_free(&b);
		return SR_OK;
	}
	watch_stop = watch_resized = 0;
	notice_signals(&ns, on_stop, SIGWINCH, on_winch);
	nt = sr_notice_open(ctx);
	term_alt(ctx->out, 1);
	term_cursor(ctx->out, 0);
	term_clear(ctx->out);
	watch_show(ctx->out, buf_str(&b), cols);
	while (!watch_stop) {
		pfd.fd = notice_fd(nt);
		pfd.events = POLLIN;
		ms = notice_timeout(nt);
		ts.tv_sec = ms / 1000;
		ts.tv_nsec = (long)(ms % 1000) * 1000000;
		if (ppoll(&pfd, pfd.fd >= 0 ? 1 : 0, &ts, &ns.wait) < 0 &&
		    errno != EINTR)
			break;
		if (watch_stop)
			break;
		/* One look for many events; none between them. */
		if (!notice_take(nt) && !watch_resized)
			continue;
		/* A server gone: connected again, else the next look. */
		if (!sr_notice_look(ctx, nt))
			continue;
		if (watch_resized || watch_changed(ctx, pinned, id, last)) {
			if (watch_resized) {
				watch_resized = 0;
				term_clear(ctx->out);
			}
			cols = term_width(STDOUT_FILENO, ctx->columns);
			rows = term_height(STDOUT_FILENO);
			if (watch_load(ctx, pinned, cols, rows, 1, paint, &b,
			    &id, &last) == SR_OK)
				watch_show(ctx->out, buf_str(&b), cols);
		}
		/* What the server notified during the look: look again. */
		notice_looked(nt);
	}
	notice_close(nt);
	term_cursor(ctx->out, 1);
	term_alt(ctx->out, 0);
	notice_signals_end(&ns);
	buf_free(&b);
	ctx->cmd = "watch";
	return SR_OK;
}

const struct cmd_entry cmd_watch_entry = {
	.name = "watch",
	.usage = "",
	.summary = N_("a live scoreboard for a second screen, redrawn when the "
	    "game changes, until Ctrl-C"),
	.spec = { .upper = 0 },
	.exec = cmd_watch_exec,
};
