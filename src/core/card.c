/*
 * card.c: a rule card (card.h) as plain text, for `shakeref rules`.
 */
#include <string.h>

#include "buf.h"
#include "card.h"
#include "utf8.h"

#define CARD_CELLS	8		/* a table's columns, at most */
#define CARD_ROOM	24		/* a table's last column, at least */

/* Append text with its inline marks as plain text; see card.h. */
void
card_plain(struct buf *b, const char *text)
{
	const char *p;

	for (p = text; *p != '\0'; p++) {
		if (*p == '`') {
			buf_puts(b, "'");
			continue;
		}
		if (p[0] == '*' && p[1] == '*') {
			p++;
			continue;
		}
		buf_add(b, p, 1);
	}
}

/* Append block text wrapped to cols after prefix, its lines under it. */
static void
card_wrap(struct buf *b, const char *prefix, const char *text, size_t cols)
{
	struct buf t = BUF_INIT;

	buf_puts(&t, prefix);
	card_plain(&t, text);
	buf_puts(&t, "\n");
	utf8_wrap(b, buf_str(&t), cols, utf8_width(prefix));
	buf_free(&t);
}

/* Split a row's plain text at " | " into cells; how many. */
static size_t
card_cells(struct buf *plain, const char *text, char **cell)
{
	char *s, *bar;
	size_t n = 0;

	buf_reset(plain);
	card_plain(plain, text);
	if (plain->s == NULL)
		*buf_reserve(plain, 1) = '\0';
	for (s = plain->s; n < CARD_CELLS; s = bar + 3) {
		cell[n++] = s;
		if ((bar = strstr(s, " | ")) == NULL)
			break;
		*bar = '\0';
	}
	return n;
}

/*
 * Append the table of rows t[0..] (one CARD_HROW, then CARD_ROWs): the
 * columns but the last padded to their widest, the last wrapped under
 * itself; where that would leave the last fewer than CARD_ROOM columns,
 * it goes under the others instead, indented.  The first block after it.
 */
static const struct card_block *
card_table(struct buf *b, const struct card_block *t, size_t cols)
{
	const struct card_block *r;
	struct buf plain = BUF_INIT, line = BUF_INIT;
	size_t width[CARD_CELLS] = { 0 }, n, i, k, w, left = 0;
	int under;
	char *cell[CARD_CELLS];

	for (r = t; r->kind == CARD_ROW || r == t; r++) {
		n = card_cells(&plain, r->text, cell);
		for (i = 0; i + 1 < n; i++)
			if ((w = utf8_width(cell[i])) > width[i])
				width[i] = w;
	}
	for (i = 0; i < CARD_CELLS && width[i] > 0; i++)
		left += width[i] + 2;
	under = left + CARD_ROOM > cols;
	for (r = t; r->kind == CARD_ROW || r == t; r++) {
		n = card_cells(&plain, r->text, cell);
		buf_reset(&line);
		for (i = 0; i + 1 < n; i++) {
			buf_puts(&line, cell[i]);
			if (under && i + 2 == n)
				break;
			for (k = utf8_width(cell[i]); k < width[i] + 2; k++)
				buf_puts(&line, " ");
		}
		if (under && n > 1) {
			buf_puts(&line, "\n    ");
			buf_puts(&line, cell[n - 1]);
			buf_puts(&line, "\n");
			utf8_wrap(b, buf_str(&line), cols, 4);
		} else {
			buf_puts(&line, cell[n - 1]);
			buf_puts(&line, "\n");
			utf8_wrap(b, buf_str(&line), cols, left);
		}
	}
	buf_free(&plain);
	buf_free(&line);
	return r;
}

/* Append the card as plain text; see card.h. */
void
card_render(struct buf *b, const struct card_block *c, size_t cols)
{
	enum card_kind last = CARD_END;
	unsigned int step = 0;
	struct buf num = BUF_INIT;

	while (c->kind != CARD_END) {
		/* A blank line between blocks, but inside a list. */
		if (last != CARD_END && !(c->kind == last &&
		    (c->kind == CARD_ITEM || c->kind == CARD_STEP)))
			buf_puts(b, "\n");
		if (c->kind != CARD_STEP)
			step = 0;
		last = c->kind;
		switch (c->kind) {
		case CARD_ITEM:
			card_wrap(b, "- ", c->text, cols);
			break;
		case CARD_STEP:
			buf_reset(&num);
			buf_printf(&num, "%u. ", ++step);
			card_wrap(b, buf_str(&num), c->text, cols);
			break;
		case CARD_HROW:
		case CARD_ROW:
			c = card_table(b, c, cols);
			last = CARD_ROW;
			continue;
		default:
			card_wrap(b, "", c->text, cols);
			break;
		}
		c++;
	}
	buf_free(&num);
}
