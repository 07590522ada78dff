/*
 * fuzz-play.c: a libFuzzer (or AFL++) target over what `play` does with a
 * line: the door (utf8_text_why), the message (utf8_message), splitting,
 * the entry parsers (game_parse, through replay_add) and the rules of all
 * five games, with undo and redo.  An input is a play script: a first
 * line "# new: --game RULES --players A,B[,...] [--option K=V]..." (as
 * tests/scenarios/ has it; else shake for Ann, Bob, Cid), then one entry
 * a line.  It checks, besides the sanitizers:
 *	- a message about any line is one line with no raw control byte;
 *	- a line refused at the door never reaches the rules;
 *	- the accepted entries, replayed from scratch as the store would,
 *	  replay without a refusal to the same scores and winners.
 * See README.md "Development" for how to build and run it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "snapshot-core.h"
#include "utf8.h"

#define MAX_LINES	400
#define MAX_WORDS	32

struct fz {
	const struct game_rules	*g;
	char			*names[GAME_MAX_PLAYERS];
	char			*opts[16];
	int			 n;
};

/* Stop the run: an invariant does not hold. */
static void
fz_fail(const char *what, const char *line)
{
	fprintf(stderr, "fuzz-play: %s: '%s'\n", what, line);
	abort();
}

/* A message must be one line without a raw control byte. */
static void
fz_message(const char *text)
{
	struct buf b = BUF_INIT;
	const unsigned char *p;

	utf8_message(&b, text);
	for (p = (const unsigned char *)buf_str(&b); *p != '\0'; p++)
		if (*p < 0x20 || *p == 0x7f)
			fz_fail("a raw control byte in a message", text);
	if (utf8_text_why(buf_str(&b)) != NULL)
		fz_fail("a message that is not clean text", text);
	if (utf8_len(buf_str(&b)) > 401)
		fz_fail("a message longer than 400 characters", text);
	buf_reset(&b);
	utf8_escape(&b, text, 64, 0);
	(void)utf8_width(text);
	(void)utf8_casecmp(text, buf_str(&b));
	buf_free(&b);
}

/* The game from the header line, else shake for Ann, Bob, Cid. */
static void
fz_setup(struct fz *f, char *header)
{
	char *w, *v, *save = NULL, *p, *q, *optv[16], *eq;
	const char *why;
	int i, k, nopt = 0;

	memset(f, 0, sizeof *f);
	f->g = game_find("shake");
	if (header != NULL && strncmp(header, "# new:", 6) == 0) {
		for (w = strtok_r(header + 6, " ", &save); w != NULL &&
		    (v = strtok_r(NULL, " ", &save)) != NULL;
		    w = strtok_r(NULL, " ", &save)) {
			if (strcmp(w, "--game") == 0 && game_find(v) != NULL)
				f->g = game_find(v);
			else if (strcmp(w, "--players") == 0 && f->n == 0) {
				for (p = v; p != NULL && f->n <
				    GAME_MAX_PLAYERS; p = q) {
					if ((q = strchr(p, ',')) != NULL)
						*q++ = '\0';
					if (game_name_valid(p, &why))
						f->names[f->n++] = xstrdup(p);
				}
			} else if (strcmp(w, "--option") == 0 && nopt < 16)
				optv[nopt++] = v;
		}
	}
	for (i = 0; f->g->options[i].key != NULL; i++)
		f->opts[i] = xstrdup(f->g->options[i].def);
	/* The options given, where the rules take them. */
	for (i = 0; i < nopt; i++) {
		if ((eq = strchr(optv[i], '=')) == NULL)
			continue;
		*eq = '\0';
		if ((k = game_option_index(f->g, optv[i])) >= 0 &&
		    f->g->options[k].valid(eq + 1)) {
			free(f->opts[k]);
			f->opts[k] = xstrdup(eq + 1);
		}
	}
	if (f->n < (int)f->g->min_players || f->n > (int)f->g->max_players) {
		for (k = 0; k < f->n; k++)
			free(f->names[k]);
		f->n = 3;
		f->names[0] = xstrdup("Ann");
		f->names[1] = xstrdup("Bob");
		f->names[2] = xstrdup("Cid");
	}
}

/* Free the game's names and options. */
static void
fz_free(struct fz *f)
{
	int i;

	for (i = 0; i < f->n; i++)
		free(f->names[i]);
	for (i = 0; i < 16; i++)
		free(f->opts[i]);
}

/* A replay of the game with no entries. */
static void
fz_replay(struct fz *f, struct replay *rp)
{
	struct ruling r = RULING_INIT;

	memset(rp, 0, sizeof *rp);
	rp->rules = f->g;
	rp->setup.nplayers = f->n;
	rp->setup.names = (const char *const *)f->names;
	rp->setup.options = (const char *const *)f->opts;
	rp->lookup = sc_lookup;
	replay_run(rp, 0, &r);
	ruling_free(&r);
}

/* Enter one line as play does; returns the ruling's status or -1. */
static int
fz_line(struct replay *rp, char *line, int *n)
{
	struct stored_entry se;
	struct ruling r = RULING_INIT;
	char *w, *save = NULL, *p;
	int v, status;

	fz_message(line);
	for (p = line; *p != '\0'; p++)
		if (*p == '\t')
			*p = ' ';
	if (utf8_text_why(line) != NULL)
		return -1;		/* refused at the door */
	if ((p = strchr(line, '#')) != NULL)
		*p = '\0';
	if ((w = strtok_r(line, " ", &save)) == NULL ||
	    (v = verb_lookup(w)) < 0)
		return -1;
	memset(&se, 0, sizeof se);
	se.verb = (enum verb)v;
	se.argv = xcalloc(MAX_WORDS, sizeof *se.argv);
	while ((w = strtok_r(NULL, " ", &save)) != NULL &&
	    se.argc < MAX_WORDS - 1)
		se.argv[se.argc++] = xstrdup(w);
	se.n = *n;
	se.at = 1795000000 + *n;
	status = replay_add(rp, &se, &r);
	if (status == RULING_OK || status == RULING_UPHELD)
		(*n)++;
	else {
		fz_message(buf_str(&r.why));
		stored_entry_clear(&se);
	}
	ruling_free(&r);
	return status;
}

/* Copy the entries as the store would give them back. */
static struct stored_entry *
fz_copy(const struct replay *rp)
{
	struct stored_entry *c;
	int i, k;

	c = xcalloc((size_t)rp->nentries + 1, sizeof *c);
	for (i = 0; i < rp->nentries; i++) {
		const struct stored_entry *se = &rp->entries[i];

		c[i].n = se->n;
		c[i].verb = se->verb;
		c[i].at = se->at;
		c[i].player = se->player ? xstrdup(se->player) : NULL;
		c[i].fact = se->fact ? xstrdup(se->fact) : NULL;
		c[i].argc = se->argc;
		c[i].argv = xcalloc((size_t)se->argc + 1, sizeof *c[i].argv);
		for (k = 0; k < se->argc; k++)
			c[i].argv[k] = xstrdup(se->argv[k]);
	}
	return c;
}

/* The longest input. */
#define FUZZ_MAX_LEN	(64 * 1024)

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* One input: a play script. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz f;
	struct replay rp, again;
	struct ruling r = RULING_INIT;
	long s1[GAME_MAX_PLAYERS], s2[GAME_MAX_PLAYERS];
	int w1[GAME_MAX_PLAYERS], w2[GAME_MAX_PLAYERS];
	char *text, *line, *next, *header = NULL;
	int n = 1, lines = 0, i;

	if (size > FUZZ_MAX_LEN)
		return 0;
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	for (i = 0; (size_t)i < size; i++)
		if (text[i] == '\0')
			text[i] = ' ';		/* argv and lines hold no NUL */
	if ((next = strchr(text, '\n')) != NULL)
		*next++ = '\0';
	header = xstrdup(text);
	fz_setup(&f, header);
	free(header);
	fz_replay(&f, &rp);
	for (line = next; line != NULL && lines++ < MAX_LINES; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		fz_line(&rp, line, &n);
	}

	/* What was accepted replays from scratch to the same table. */
	fz_replay(&f, &again);
	again.entries = fz_copy(&rp);
	again.nentries = rp.nentries;
	if (replay_run(&again, 1, &r) != RULING_OK)
		fz_fail("accepted entries no longer replay", buf_str(&r.why));
	ruling_free(&r);
	memset(w1, 0, sizeof w1);
	memset(w2, 0, sizeof w2);
	rp.rules->score(rp.st, s1, w1);
	again.rules->score(again.st, s2, w2);
	for (i = 0; i < f.n; i++)
		if (s1[i] != s2[i] || w1[i] != w2[i])
			fz_fail("a replay gives other scores", f.names[i]);
	replay_free(&again);
	replay_free(&rp);
	fz_free(&f);
	free(text);
	return 0;
}

#include "fuzz-main.h"
