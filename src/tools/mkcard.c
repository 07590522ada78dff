/*
 * mkcard.c: the rule cards (seeds/RULES.md), written once, made into
 * what reads them at build time.
 *
 *	mkcard -c OUT.c CARD.md...
 *	mkcard -m TEMPLATE OUT.7 CARD.md...
 *
 * -c: the C blocks of each card (card.h) as card_RULES[] (a '-' of the
 * file's name is '_'), each text in N_() for gettext: po/POTFILES.in
 * names the file made, so xgettext reads the cards' msgids from it.  -m: the manual,
 * TEMPLATE with its line `.\" @cards@` replaced by each card in mdoc,
 * in the order given: the title a .Sh, each heading a .Ss.
 *
 * A card is a small Markdown, one block per paragraph so that each is
 * translated whole: "# TITLE" first, "## HEADING", paragraphs, "- "
 * items and "1. " numbered items (their lines joined), tables of
 * "| cell | cell |" rows (the first a header, then a |---| row), fenced
 * code blocks, and two comments: "<!-- manual -->" (the rest is for the
 * manual only, not `shakeref rules`) and "<!-- run: COMMAND -->" (a
 * command tests/cli/man-examples.sh runs before the code block after
 * it).  Inline: `code` and **bold**.  Anything else is refused, with its
 * line, so that no card says what its readers would print differently.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "card.h"

enum {
	MK_CODE = 100,		/* a fenced code block, its lines */
	MK_RUN,			/* <!-- run: COMMAND --> */
	MK_MANUAL		/* <!-- manual --> */
};

struct mk_block {
	int		 kind;		/* enum card_kind or MK_* */
	struct buf	 text;
	int		 line;
};

struct mk_card {
	const char	*path;
	char		*name;		/* the file's name, no .md */
	struct mk_block	*b;
	size_t		 n, cap;
};

static int	 mk_errors;
static const char *mk_path;	/* the card and line mdoc is written for */
static int	 mk_line;

/* Say what is wrong with a card's line. */
static void
mk_error(const struct mk_card *c, int line, const char *what)
{
	fprintf(stderr, "mkcard: %s:%d: %s\n", c->path, line, what);
	mk_errors++;
}

/* A new block of kind at line. */
static struct mk_block *
mk_add(struct mk_card *c, int kind, int line)
{
	struct mk_block *b;

	if (c->n == c->cap) {
		c->cap = c->cap == 0 ? 64 : 2 * c->cap;
		c->b = xreallocarray(c->b, c->cap, sizeof *c->b);
	}
	b = &c->b[c->n++];
	b->kind = kind;
	b->text = (struct buf)BUF_INIT;
	b->line = line;
	return b;
}

/* Whether s is a table's |---| line. */
static int
mk_rule_row(const char *s)
{
	return s[0] == '|' && strspn(s, "|-: ") == strlen(s) &&
	    strchr(s, '-') != NULL;
}

/* Append a "| a | b |" row's cells, " | " between. */
static void
mk_row(struct buf *t, const char *s)
{
	const char *p, *q;
	size_t len = strlen(s);

	while (len > 0 && (s[len - 1] == '|' || s[len - 1] == ' '))
		len--;
	for (p = s + 1; p < s + len; p = q + 1) {
		while (*p == ' ')
			p++;
		if ((q = memchr(p, '|', (size_t)(s + len - p))) == NULL)
			q = s + len;
		if (t->len > 0)
			buf_puts(t, " | ");
		buf_add(t, p, (size_t)(q - p));
		while (t->len > 0 && t->s[t->len - 1] == ' ')
			t->s[--t->len] = '\0';
	}
}

/* Read a card's file into blocks; 0, or -1 when it cannot be read. */
static int
mk_read(struct mk_card *c)
{
	FILE *f;
	char line[4096], *s, *e;
	struct mk_block *open = NULL;
	int no = 0, code = 0, last = CARD_END;
	size_t len;

	if ((f = fopen(c->path, "r")) == NULL) {
		perror(c->path);
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		no++;
		len = strlen(line);
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		else if (!feof(f))
			mk_error(c, no, "line too long");
		if (code) {
			if (strcmp(line, "```") == 0)
				code = 0, open = NULL;
			else {
				buf_puts(&open->text, line);
				buf_puts(&open->text, "\n");
			}
			continue;
		}
		for (s = line; *s == ' '; s++)
			continue;
		if (*s == '\0') {
			open = NULL;
			continue;
		}
		if (no == 1 && strncmp(line, "# ", 2) != 0)
			mk_error(c, no, "a card begins with '# TITLE'");
		if (strncmp(line, "# ", 2) == 0 && no == 1) {
			open = mk_add(c, CARD_TITLE, no);
			buf_puts(&open->text, line + 2);
			open = NULL;
		} else if (strncmp(line, "## ", 3) == 0) {
			open = mk_add(c, CARD_HEAD, no);
			buf_puts(&open->text, line + 3);
			open = NULL;
		} else if (strcmp(line, "```") == 0 ||
		    strncmp(line, "```", 3) == 0) {
			open = mk_add(c, MK_CODE, no);
			code = 1;
		} else if (strcmp(line, "<!-- manual -->") == 0) {
			mk_add(c, MK_MANUAL, no);
			open = NULL;
		} else if (strncmp(line, "<!-- run: ", 10) == 0 &&
		    len > 14 && strcmp(line + len - 4, " -->") == 0) {
			open = mk_add(c, MK_RUN, no);
			buf_add(&open->text, line + 10, len - 14);
			open = NULL;
		} else if (line[0] == '|') {
			if (mk_rule_row(line)) {
				if (last != CARD_HROW)
					mk_error(c, no, "a |---| row not "
					    "second in its table");
				continue;
			}
			open = mk_add(c, last == CARD_HROW ||
			    last == CARD_ROW ? CARD_ROW : CARD_HROW, no);
			mk_row(&open->text, line);
			open = NULL;
		} else if (strncmp(line, "- ", 2) == 0) {
			open = mk_add(c, CARD_ITEM, no);
			buf_puts(&open->text, line + 2);
		} else if (isdigit((unsigned char)line[0]) &&
		    (e = strchr(line, '.')) != NULL && e[1] == ' ' &&
		    strspn(line, "0123456789") == (size_t)(e - line)) {
			open = mk_add(c, CARD_STEP, no);
			buf_puts(&open->text, e + 2);
		} else if (line[0] == '#' || line[0] == '>' ||
		    strncmp(line, "* ", 2) == 0 || strncmp(line, "<", 1) == 0)
			mk_error(c, no, "not in a card's Markdown");
		else if (open != NULL && s != line) {
			/* An item's next line, indented. */
			buf_puts(&open->text, " ");
			buf_puts(&open->text, s);
		} else if (open != NULL && open->kind == CARD_PARA) {
			buf_puts(&open->text, " ");
			buf_puts(&open->text, s);
		} else if (s != line)
			mk_error(c, no, "an indented line outside a list");
		else {
			open = mk_add(c, CARD_PARA, no);
			buf_puts(&open->text, s);
		}
		last = c->n > 0 ? c->b[c->n - 1].kind : CARD_END;
	}
	if (code)
		mk_error(c, no, "a code block not closed");
	if (ferror(f)) {
		perror(c->path);
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

/* Write s as the body of a C string literal. */
static void
mk_c_string(FILE *out, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else
			fputc(*s, out);
	}
}

/* Write the cards as C blocks. */
static void
mk_write_c(FILE *out, struct mk_card *cards, size_t n)
{
	static const char *const kind[] = { "CARD_END", "CARD_TITLE",
	    "CARD_HEAD", "CARD_PARA", "CARD_ITEM", "CARD_STEP", "CARD_HROW",
	    "CARD_ROW" };
	size_t i, k;
	char *p;

	fprintf(out, "/* Made by src/tools/mkcard from seeds/: edit the "
	    "cards, not this. */\n#include \"card.h\"\n\n#ifndef N_\n"
	    "#define N_(s) s\n#endif\n");
	for (i = 0; i < n; i++) {
		for (p = cards[i].name; *p != '\0'; p++)
			if (*p == '-')
				*p = '_';
		fprintf(out, "\n/* %s */\nextern const struct card_block "
		    "card_%s[];\nconst struct card_block card_%s[] = {\n",
		    cards[i].path, cards[i].name, cards[i].name);
		for (k = 0; k < cards[i].n; k++) {
			if (cards[i].b[k].kind == MK_MANUAL)
				break;
			if (cards[i].b[k].kind >= MK_CODE)
				continue;
			if (cards[i].b[k].kind == CARD_TITLE)
				fprintf(out, "\t/* TRANSLATORS: a rule card's "
				    "title (shakeref rules). */\n");
			else if (cards[i].b[k].kind == CARD_HROW ||
			    cards[i].b[k].kind == CARD_ROW)
				fprintf(out, "\t/* TRANSLATORS: a table's "
				    "row: as many cells, \" | \" between. */\n");
			fprintf(out, "\t{ %s, N_(\"",
			    kind[cards[i].b[k].kind]);
			mk_c_string(out, buf_str(&cards[i].b[k].text));
			fprintf(out, "\") },\n");
		}
		fprintf(out, "\t{ CARD_END, NULL }\n};\n");
	}
}

/* Write one word of a macro line: escaped, never read as a macro. */
static void
mk_arg(FILE *out, const char *s, size_t len)
{
	size_t i;

	fputs(" \\&", out);
	for (i = 0; i < len; i++) {
		if (s[i] == '\\')
			fputs("\\e", out);
		else if (s[i] == '"')
			fputs("\\(dq", out);
		else
			fputc(s[i], out);
	}
}

/*
 * Write the words of s[0..len) as arguments of a macro line, the last
 * one's closing punctuation as delimiters of their own (mandoc's "no
 * blank before trailing delimiter").
 */
static void
mk_args(FILE *out, const char *s, size_t len)
{
	const char *p = s, *q, *end = s + len, *punct;

	while (end > s && end[-1] == ' ')
		end--;
	for (punct = end; punct > s && strchr(".,;:?!)", punct[-1]) != NULL;
	    punct--)
		continue;
	if (punct > s && punct[-1] == ' ')
		punct = end;		/* punctuation alone is a word */
	for (;;) {
		while (p < punct && *p == ' ')
			p++;
		if (p >= punct)
			break;
		for (q = p; q < punct && *q != ' '; q++)
			continue;
		mk_arg(out, p, (size_t)(q - p));
		p = q;
	}
	for (; punct < end; punct++)
		fprintf(out, " %c", *punct);
}

/*
 * Write plain prose text[0..len) as text lines: a new line after each
 * sentence (mandoc's "new sentence, new line"), escapes where roff needs
 * them.  at_line: whether the output is at the start of a line.
 */
static void
mk_prose(FILE *out, const char *s, size_t len, int *at_line)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (*at_line && s[i] == ' ')
			continue;
		if (*at_line && (s[i] == '.' || s[i] == '\''))
			fputs("\\&", out);
		*at_line = 0;
		if (s[i] == '\\')
			fputs("\\e", out);
		else
			fputc(s[i], out);
		/* A sentence's end: ". X" with X a capital. */
		if ((s[i] == '.' || s[i] == '?' || s[i] == '!') &&
		    i + 2 < len && s[i + 1] == ' ' &&
		    isupper((unsigned char)s[i + 2]) &&
		    !(i >= 3 && strncmp(s + i - 3, "e.g", 3) == 0) &&
		    !(i >= 3 && strncmp(s + i - 3, "i.e", 3) == 0)) {
			fputc('\n', out);
			*at_line = 1;
		}
	}
}

/* The length of the inline span at s (`code` or **bold**), or 0. */
static size_t
mk_span(const char *s, size_t *inner, size_t *mark)
{
	const char *e;

	if (s[0] == '`' && (e = strchr(s + 1, '`')) != NULL) {
		*mark = 1;
		*inner = (size_t)(e - s - 1);
		return *inner + 2;
	}
	if (s[0] == '*' && s[1] == '*' && (e = strstr(s + 2, "**")) != NULL) {
		*mark = 2;
		*inner = (size_t)(e - s - 2);
		return *inner + 4;
	}
	return 0;
}

/*
 * Write a block's text as mdoc: prose as text lines, each span on a
 * macro line of its own (Ql for code, Sy for bold), the characters
 * that touch it before (Pf) and after (closing punctuation only, as
 * delimiters: Ql takes the rest of its line in its quotes) on that line
 * too.
 */
static void
mk_text(FILE *out, const char *s)
{
	const char *p = s, *q, *w, *after;
	size_t span, inner, mark, n;
	int at_line = 1;

	for (;;) {
		for (q = p; *q != '\0'; q++)
			if (mk_span(q, &inner, &mark) > 0)
				break;
		if (*q == '\0') {
			mk_prose(out, p, (size_t)(q - p), &at_line);
			break;
		}
		span = mk_span(q, &inner, &mark);
		/* What touches the span before it: from its last space. */
		for (w = q; w > p && w[-1] != ' '; w--)
			continue;
		mk_prose(out, p, (size_t)(w - p), &at_line);
		if (!at_line)
			fputc('\n', out);
		if (w < q) {
			fputs(".Pf", out);
			mk_arg(out, w, (size_t)(q - w));
			fputs(mark == 1 ? " Ql" : " Sy", out);
		} else
			fputs(mark == 1 ? ".Ql" : ".Sy", out);
		if (mark == 2 && q[2] == '`') {	/* **`x`**: the code bold */
			mk_args(out, q + 3, inner - 2);
		} else
			mk_args(out, q + mark, inner);
		/* What touches it after: punctuation alone. */
		after = q + span;
		n = strcspn(after, " `*");
		if (n > 0 && strspn(after, ".,;:)?!") >= n) {
			for (; n > 0; n--, after++)
				fprintf(out, " %c", *after);
		} else if (n > 0) {
			fprintf(stderr, "mkcard: %s:%d: a word touches a "
			    "span's end (a space or punctuation after it): "
			    "'%.20s'\n", mk_path, mk_line, after);
			mk_errors++;
		}
		fputc('\n', out);
		at_line = 1;
		p = after;
	}
	if (!at_line)
		fputc('\n', out);
}

/* Write a table cell's text on a macro line (.It's): spans as macros. */
static void
mk_cell(FILE *out, const char *s, size_t len, int head)
{
	const char *p = s, *q, *end = s + len;
	size_t inner = 0, mark = 0;

	if (head)
		fputs(" Sy", out);
	while (p < end) {
		for (q = p; q < end; q++)
			if (mk_span(q, &inner, &mark) > 0)
				break;
		/* Closing punctuation touching the span before: delimiters. */
		for (; p != s && p < q && strchr(".,;:?!)", *p) != NULL; p++)
			fprintf(out, " %c", *p);
		if (q > p) {
			if (p != s && !head && strspn(p, " ") < (size_t)(q - p))
				fputs(" No", out);
			/* An opening parenthesis touching the span. */
			if (q < end && q[-1] == '(') {
				mk_args(out, p, (size_t)(q - 1 - p));
				fputs(" (", out);
			} else
				mk_args(out, p, (size_t)(q - p));
		}
		if (q >= end)
			break;
		/* Cm, not Ql: Ql would quote the rest of the row. */
		fputs(mark == 1 ? " Cm" : " Sy", out);
		mk_args(out, q + mark, inner);
		p = q + inner + 2 * mark;
		if (p < end && *p != ' ' && !head &&
		    strchr(".,;:?!)", *p) == NULL)
			fputs(" Ns", out);
	}
}

/* Write a table row (cells " | " between) as a -column list's .It. */
static void
mk_table_row(FILE *out, const char *s, int head)
{
	const char *bar;

	fputs(".It", out);
	for (;;) {
		bar = strstr(s, " | ");
		mk_cell(out, s, bar != NULL ? (size_t)(bar - s) : strlen(s),
		    head);
		if (bar == NULL)
			break;
		fputs(" Ta", out);
		s = bar + 3;
	}
	fputc('\n', out);
}

/* Append text with its inline marks taken out (card.c's card_plain). */
static void
mk_plain(struct buf *b, const char *text)
{
	for (; *text != '\0'; text++) {
		if (*text == '`' || (text[0] == '*' && text[1] == '*' &&
		    text++ != NULL))
			continue;
		buf_add(b, text, 1);
	}
}

/* Write the -column list's head: each column's widest cell, cut. */
static void
mk_table_head(FILE *out, const struct mk_block *b, size_t n)
{
	struct buf plain = BUF_INIT;
	size_t width[16] = { 0 }, i, k, w, cols = 0;
	const char *s, *bar;
	char *best[16] = { NULL };

	for (k = 0; k < n && (k == 0 || b[k].kind == CARD_ROW); k++) {
		s = buf_str(&b[k].text);
		for (i = 0; i < 16; i++) {
			bar = strstr(s, " | ");
			w = bar != NULL ? (size_t)(bar - s) : strlen(s);
			if (w > width[i]) {
				width[i] = w;
				free(best[i]);
				best[i] = xstrndup(s, w);
			}
			if (i + 1 > cols)
				cols = i + 1;
			if (bar == NULL)
				break;
			s = bar + 3;
		}
	}
	fputs(".Bl -column", out);
	for (i = 0; i < cols; i++) {
		buf_reset(&plain);
		mk_plain(&plain, i + 1 < cols ? best[i] : "x");
		/* A long cell wraps in its column rather than crowd the last. */
		if (plain.len > 20)
			plain.s[plain.len = 20] = '\0';
		fputs(" \"", out);
		for (s = buf_str(&plain); *s != '\0'; s++)
			fputs(*s == '"' ? "\\(dq" : *s == '\\' ? "\\e" :
			    (char[]){ *s, '\0' }, out);
		fputs("\"", out);
		free(best[i]);
	}
	fputc('\n', out);
	buf_free(&plain);
}

/* Write a code block's lines as a literal display, escaped. */
static void
mk_code(FILE *out, const char *s)
{
	int at_line = 1;

	fputs(".Bd -literal -offset indent\n", out);
	for (; *s != '\0'; s++) {
		if (at_line && *s == '.')
			fputs("\\&", out);
		at_line = *s == '\n';
		if (*s == '\\')
			fputs("\\e", out);
		else if (*s == '-')
			fputs("\\-", out);
		else if (*s == '\'')
			fputs("\\(aq", out);
		else
			fputc(*s, out);
	}
	fputs(".Ed\n", out);
}

/* Write the title as .Sh: its words up to " (", in capitals. */
static void
mk_title(FILE *out, const char *s)
{
	const char *e = strstr(s, " (");
	size_t n = e != NULL ? (size_t)(e - s) : strlen(s);

	fputs(".Sh ", out);
	for (; n > 0; n--, s++)
		fputc(toupper((unsigned char)*s), out);
	fputc('\n', out);
}

/* Write one card as mdoc. */
static void
mk_write_mdoc(FILE *out, const struct mk_card *c)
{
	const struct mk_block *b;
	int list = CARD_END;
	size_t k;

	mk_path = c->path;
	for (k = 0; k < c->n; k++) {
		b = &c->b[k];
		mk_line = b->line;
		if (list != CARD_END && b->kind != list &&
		    !(list == CARD_HROW && b->kind == CARD_ROW)) {
			fputs(".El\n", out);
			list = CARD_END;
		}
		switch (b->kind) {
		case CARD_TITLE:
			mk_title(out, buf_str(&b->text));
			break;
		case CARD_HEAD:
			fputs(".Ss", out);
			mk_args(out, buf_str(&b->text), b->text.len);
			fputc('\n', out);
			break;
		case CARD_PARA:
			if (k > 0 && c->b[k - 1].kind != CARD_TITLE &&
			    c->b[k - 1].kind != CARD_HEAD)
				fputs(".Pp\n", out);
			mk_text(out, buf_str(&b->text));
			break;
		case CARD_ITEM:
		case CARD_STEP:
			if (list == CARD_END) {
				fputs(b->kind == CARD_ITEM ? ".Bl -bullet\n" :
				    ".Bl -enum\n", out);
				list = b->kind;
			}
			fputs(".It\n", out);
			mk_text(out, buf_str(&b->text));
			break;
		case CARD_HROW:
			mk_table_head(out, b, c->n - k);
			list = CARD_HROW;
			mk_table_row(out, buf_str(&b->text), 1);
			break;
		case CARD_ROW:
			mk_table_row(out, buf_str(&b->text), 0);
			break;
		case MK_RUN:
			fprintf(out, ".\\\" run: %s\n", buf_str(&b->text));
			break;
		case MK_CODE:
			mk_code(out, buf_str(&b->text));
			break;
		default:
			break;
		}
	}
	if (list != CARD_END)
		fputs(".El\n", out);
}

/* The bytes of [p, e) as mandoc counts them: \[uXXXX] for a letter. */
static size_t
mk_width(const char *p, const char *e)
{
	size_t w = 0;

	for (; p < e; p++)
		if ((unsigned char)*p < 0x80)
			w++;
		else if ((unsigned char)*p >= 0xc0)
			w += 8;
	return w;
}

/*
 * Write mdoc text to out as mandoc's style asks: no blank at a line's
 * end, text lines but a literal display's broken at a blank to 80 bytes
 * at most (a line that would begin with a control character begins with
 * \& instead).
 */
static void
mk_lines(FILE *out, const char *s)
{
	const char *end, *p, *brk, *q;
	size_t len;
	int literal = 0;

	for (; *s != '\0'; s = *end != '\0' ? end + 1 : end) {
		end = strchr(s, '\n');
		if (end == NULL)
			end = s + strlen(s);
		len = (size_t)(end - s);
		while (len > 0 && s[len - 1] == ' ')
			len--;
		p = s;
		if (strncmp(s, ".Bd -literal", 12) == 0)
			literal = 1;
		else if (strncmp(s, ".Ed", 3) == 0)
			literal = 0;
		while (s[0] != '.' && !literal && mk_width(p, s + len) > 80) {
			brk = NULL;
			for (q = p + 1; q < s + len &&
			    mk_width(p, q) < 80; q++)
				if (*q == ' ')
					brk = q;
			if (brk == NULL)
				break;
			fwrite(p, 1, (size_t)(brk - p), out);
			fputc('\n', out);
			for (p = brk; *p == ' '; p++)
				continue;
			if (*p == '.' || *p == '\'')
				fputs("\\&", out);
		}
		fwrite(p, 1, (size_t)(s + len - p), out);
		fputc('\n', out);
	}
}

/* Write the manual: the template with the cards in place of @cards@. */
static int
mk_write_man(FILE *out, const char *template, struct mk_card *cards,
    size_t n)
{
	FILE *in;
	char line[4096];
	size_t i;
	int found = 0;

	if ((in = fopen(template, "r")) == NULL) {
		perror(template);
		return -1;
	}
	while (fgets(line, sizeof line, in) != NULL) {
		if (strcmp(line, ".\\\" @cards@\n") != 0) {
			fputs(line, out);
			continue;
		}
		found = 1;
		for (i = 0; i < n; i++) {
			char *text = NULL;
			size_t size = 0;
			FILE *m = open_memstream(&text, &size);

			if (m == NULL) {
				perror("mkcard");
				fclose(in);
				return -1;
			}
			mk_write_mdoc(m, &cards[i]);
			fclose(m);
			mk_lines(out, text);
			free(text);
		}
	}
	fclose(in);
	if (!found) {
		fprintf(stderr, "mkcard: %s: no line '.\\\" @cards@'\n",
		    template);
		return -1;
	}
	return 0;
}

/* Release the cards read. */
static void
mk_free(struct mk_card *cards, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < cards[i].n; k++)
			buf_free(&cards[i].b[k].text);
		free(cards[i].b);
		free(cards[i].name);
	}
	free(cards);
}

int
main(int argc, char **argv)
{
	struct mk_card *cards;
	const char *outpath, *template = NULL, *base;
	FILE *out;
	int i, first, n, status;

	if (argc < 4 || (strcmp(argv[1], "-c") != 0 &&
	    strcmp(argv[1], "-m") != 0) ||
	    (strcmp(argv[1], "-m") == 0 && argc < 5)) {
		fprintf(stderr, "usage: mkcard -c OUT.c CARD.md...\n"
		    "       mkcard -m TEMPLATE OUT.7 CARD.md...\n");
		return 2;
	}
	if (strcmp(argv[1], "-m") == 0) {
		template = argv[2];
		outpath = argv[3];
		first = 4;
	} else {
		outpath = argv[2];
		first = 3;
	}
	n = argc - first;
	cards = xcalloc((size_t)n, sizeof *cards);
	for (i = 0; i < n; i++) {
		cards[i].path = argv[first + i];
		base = strrchr(cards[i].path, '/');
		base = base != NULL ? base + 1 : cards[i].path;
		cards[i].name = xstrdup(base);
		if (strlen(base) > 3 &&
		    strcmp(base + strlen(base) - 3, ".md") == 0)
			cards[i].name[strlen(base) - 3] = '\0';
		if (mk_read(&cards[i]) != 0) {
			mk_free(cards, (size_t)i + 1);
			return 1;
		}
	}
	if (mk_errors > 0) {
		mk_free(cards, (size_t)n);
		return 1;
	}
	if ((out = fopen(outpath, "w")) == NULL) {
		perror(outpath);
		mk_free(cards, (size_t)n);
		return 1;
	}
	if (template != NULL)
		status = mk_write_man(out, template, cards, (size_t)n);
	else {
		mk_write_c(out, cards, (size_t)n);
		status = 0;
	}
	if (fclose(out) != 0) {
		perror(outpath);
		status = -1;
	}
	mk_free(cards, (size_t)n);
	if (status != 0 || mk_errors > 0) {
		remove(outpath);
		return 1;
	}
	return 0;
}
