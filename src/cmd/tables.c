/*
 * tables.c: the game table in words, for messages and completion: the
 * rules' names, the nearest to an unknown one, each option's keys and the
 * values it takes.  Messages name games this way, never by a list of
 * their own.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "lexicon.h"
#include "utf8.h"

/* The names of the rules keep accepts, "a, b or c"; see cmd.h. */
const char *
sr_rules_names(struct buf *b, int (*keep)(const struct game_rules *))
{
	const struct game_rules *const *g;
	int n = 0, k = 0;

	for (g = game_table; *g != NULL; g++)
		n += keep == NULL || keep(*g);
	for (g = game_table; *g != NULL; g++)
		if (keep == NULL || keep(*g))
			/* TRANSLATORS: before the last of a list of rules. */
			buf_printf(b, "%s%s", k++ == 0 ? "" : k == n ? _(" or ") :
			    ", ", (*g)->name);
	return buf_str(b);
}

/* "unknown rules 'S'" with the nearest name if near; see cmd.h. */
const char *
sr_rules_unknown(struct buf *b, const char *s)
{
	const struct game_rules *const *g;
	struct utf8_near nr = UTF8_NEAR_INIT;
	struct buf names = BUF_INIT;

	for (g = game_table; *g != NULL; g++) {
		utf8_near_add(&nr, s, (*g)->name);
		if ((*g)->alias != NULL)
			utf8_near_add(&nr, s, (*g)->alias);
	}
	buf_printf(b, _("unknown rules '%s'; "), s);
	if (utf8_near_ok(&nr, s)) {
		buf_puts(b, _("did you mean "));
		utf8_near_list(b, &nr);
		buf_puts(b, "? ");
	}
	buf_printf(b, _("expected one of %s"), sr_rules_names(&names, NULL));
	buf_free(&names);
	return buf_str(b);
}

/* Add line w to b (lines, one a value) unless b has it already. */
static void
add_line(struct buf *b, const char *w, size_t n)
{
	const char *s = buf_str(b), *p;

	for (p = s; (p = strstr(p, w)) != NULL; p++)
		if ((p == s || p[-1] == '\n') && strncmp(p, w, n) == 0 &&
		    p[n] == '\n')
			return;
	buf_add(b, w, n);
	buf_puts(b, "\n");
}

/* The values an option's table row names (see sr_option_values). */
static void
option_words(const struct game_option *o, struct buf *b)
{
	const char *p = o->values, *q;
	char w[32];
	long lo, hi;
	size_t n;

	if (o->valid(o->def))
		add_line(b, o->def, strlen(o->def));
	while (*p != '\0') {
		for (q = p; *q != '\0' && (isalnum((unsigned char)*q) ||
		    *q == '-' || *q == '_'); q++)
			continue;
		if ((n = (size_t)(q - p)) == 0) {
			p++;
			continue;
		}
		/* A short range "2..9": every value in it. */
		if (isdigit((unsigned char)*p) && strncmp(q, "..", 2) == 0 &&
		    isdigit((unsigned char)q[2])) {
			lo = strtol(p, NULL, 10);
			hi = strtol(q + 2, (char **)&q, 10);
			for (; hi - lo <= 20 && lo <= hi; lo++) {
				snprintf(w, sizeof w, "%ld", lo);
				if (o->valid(w))
					add_line(b, w, strlen(w));
			}
		} else if (n < sizeof w) {
			memcpy(w, p, n);
			w[n] = '\0';
			if (o->valid(w))
				add_line(b, w, n);
		}
		p = q;
	}
}

/* The values option key takes, one a line, for completion; see cmd.h. */
void
sr_option_values(const struct sr_ctx *ctx, const struct game_rules *only,
    const char *key, struct buf *b)
{
	const struct game_rules *const *g;
	struct buf l = BUF_INIT;
	const char *p, *q;
	int k;

	for (g = game_table; *g != NULL; g++) {
		if ((only != NULL && *g != only) ||
		    (k = game_option_index(*g, key)) < 0)
			continue;
		if ((*g)->options[k].kind != GAME_OPT_DICT) {
			option_words(&(*g)->options[k], b);
			continue;
		}
		buf_reset(&l);
		lexicon_list(ctx->paths.dicts, &l);
		for (p = buf_str(&l); *p != '\0'; p = *q ? q + 1 : q) {
			q = p + strcspn(p, " ");
			if (q > p)
				add_line(b, p, (size_t)(q - p));
		}
	}
	buf_free(&l);
}

/* "KEY=" for every option of only (of every rules if NULL); see cmd.h. */
void
sr_option_keys(const struct game_rules *only, struct buf *b)
{
	const struct game_rules *const *g;
	struct buf k = BUF_INIT;
	int i;

	for (g = game_table; *g != NULL; g++)
		for (i = 0; (only == NULL || *g == only) &&
		    (*g)->options[i].key != NULL; i++) {
			buf_reset(&k);
			buf_printf(&k, "%s=", (*g)->options[i].key);
			add_line(b, buf_str(&k), k.len);
		}
	buf_free(&k);
}
