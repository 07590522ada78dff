/*
 * harness.h: drive a rules module through the real referee path
 * (game_parse, replay_add, undo/redo) from entry lines, for unit tests.
 *
 *	struct th t;
 *	th_start(&t, &game_shake, "Ann,Bob,Cid", "shake-faces=3");
 *	is_int(th_do(&t, "roll 40 40 60"), 0, "SH-5: ...");
 *	is_int(th_score(&t, "Ann"), 40, "...");
 *	th_end(&t);
 */
#ifndef SHAKEREF_HARNESS_H
#define SHAKEREF_HARNESS_H

#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../../src/sys/lang-icu.h"
#include "../../src/core/lang.h"
#include "tap.h"

/*
 * What the tests lend the games (game.h's struct game_env): the letters'
 * context, one for the process, made on the first th_start; no coach
 * (10,000 advises on points, from nothing, as without a table).
 */
static struct game_env th_env;

struct th {
	struct replay	 rp;
	struct ruling	 r;
	char		*names[GAME_MAX_PLAYERS];
	char		*opts[16];
	int		 next_n;
	/* a fake dictionary: space-separated valid words; NULL: missing */
	const char	*dict;
	long long	 now;
	/* what th_expect() said, kept until th_end() */
	struct buf	**says;
	int		 nsays;
};

/*
 * The fake dictionary lookup: 1 if word is in t->dict; for a word not in
 * it, the suggestions are its words of the same first letter, up to 5.
 */
static int __attribute__((unused))
th_lookup(void *arg, const char *dict, int mode, const char *word,
    struct buf *form, struct buf *sugg, char **why)
{
	struct th *t = arg;
	const char *p, *q;
	size_t n = strlen(word);
	int k = 0;

	(void)dict;
	(void)mode;
	(void)form;
	if (t->dict == NULL) {
		*why = xstrdup("the fake dictionary is missing");
		return -1;
	}
	for (p = t->dict; (p = strstr(p, word)) != NULL; p += n)
		if ((p == t->dict || p[-1] == ' ') &&
		    (p[n] == ' ' || p[n] == '\0'))
			return 1;
	for (p = t->dict; sugg != NULL && *p != '\0' && k < 5; p = q) {
		while (*p == ' ')
			p++;
		for (q = p; *q != '\0' && *q != ' '; q++)
			continue;
		if (q > p && *p == word[0]) {
			buf_printf(sugg, "%s%.*s", k++ ? "," : "",
			    (int)(q - p), p);
		}
	}
	return 0;
}

/* Start a game: players "A,B,C", options "k=v k=v" (or NULL). */
static void __attribute__((unused))
th_start(struct th *t, const struct game_rules *g, const char *players,
    const char *options)
{
	char *s = xstrdup(players), *p, *save = NULL;
	int n = 0, i;

	if (th_env.lang == NULL)
		th_env.lang = lang_new(icu_dlopen);
	memset(t, 0, sizeof *t);
	for (p = strtok_r(s, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save))
		t->names[n++] = xstrdup(p);
	free(s);
	for (i = 0; g->options[i].key != NULL; i++)
		t->opts[i] = xstrdup(g->options[i].def);
	if (options != NULL) {
		s = xstrdup(options);
		for (p = strtok_r(s, " ", &save); p != NULL;
		    p = strtok_r(NULL, " ", &save)) {
			char *eq = strchr(p, '=');
			int k;

			*eq = '\0';
			k = game_option_index(g, p);
			if (k < 0 || !g->options[k].valid(eq + 1)) {
				printf("Bail out! bad option %s\n", p);
				exit(1);
			}
			free(t->opts[k]);
			t->opts[k] = xstrdup(eq + 1);
		}
		free(s);
	}
	t->rp.rules = g;
	t->rp.setup.nplayers = n;
	t->rp.setup.names = (const char *const *)t->names;
	t->rp.setup.options = (const char *const *)t->opts;
	t->rp.setup.env = &th_env;
	t->rp.lookup = th_lookup;
	t->rp.lookup_arg = t;
	t->next_n = 1;
	t->now = 1795000000;
	t->dict = "";
	replay_run(&t->rp, 0, &t->r);
}

/* Enter one line "verb arg..."; returns the ruling's status. */
static int __attribute__((unused))
th_do(struct th *t, const char *line)
{
	struct stored_entry se;
	char *s = xstrdup(line), *p, *save = NULL;
	int v, status;

	memset(&se, 0, sizeof se);
	p = strtok_r(s, " ", &save);
	if (p == NULL || (v = verb_lookup(p)) < 0) {
		printf("Bail out! unknown verb in '%s'\n", line);
		exit(1);
	}
	se.verb = (enum verb)v;
	se.argv = xcalloc(32, sizeof *se.argv);
	while ((p = strtok_r(NULL, " ", &save)) != NULL && se.argc < 31)
		se.argv[se.argc++] = xstrdup(p);
	free(s);
	se.n = t->next_n;
	se.at = t->now++;
	status = replay_add(&t->rp, &se, &t->r);
	if (status == RULING_OK || status == RULING_UPHELD)
		t->next_n++;
	else
		stored_entry_clear(&se);
	return status;
}

/* Enter a line that must be accepted; bail out otherwise. */
static void __attribute__((unused))
th_must(struct th *t, const char *line)
{
	int status = th_do(t, line);

	if (status != RULING_OK) {
		printf("Bail out! '%s' refused (%d): %s\n", line, status,
		    buf_str(&t->r.why));
		exit(1);
	}
}

/* Enter lines that must all be accepted; bail out otherwise. */
static void __attribute__((unused))
th_all(struct th *t, const char *const *lines)
{
	for (; *lines != NULL; lines++)
		if (th_do(t, *lines) != RULING_OK) {
			printf("Bail out! '%s' refused: %s\n", *lines,
			    buf_str(&t->r.why));
			exit(1);
		}
}

/* The expectation now, its words (x.say) kept until th_end(). */
static struct expectation __attribute__((unused))
th_expect(struct th *t)
{
	struct expectation x;

	memset(&x, 0, sizeof x);
	x.turn = -1;
	t->says = xreallocarray(t->says, (size_t)t->nsays + 1,
	    sizeof *t->says);
	x.say = t->says[t->nsays++] = xcalloc(1, sizeof *x.say);
	t->rp.rules->expect(t->rp.st, &x);
	return x;
}

/* Score of the named player. */
static long __attribute__((unused))
th_score(struct th *t, const char *name)
{
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS];
	int seat = game_seat(&t->rp.setup, name);

	memset(winners, 0, sizeof winners);
	t->rp.rules->score(t->rp.st, scores, winners);
	return seat >= 0 ? scores[seat] : -999999;
}

/* 1 if the named player is a winner. */
static int __attribute__((unused))
th_won(struct th *t, const char *name)
{
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS];
	int seat = game_seat(&t->rp.setup, name);

	memset(winners, 0, sizeof winners);
	t->rp.rules->score(t->rp.st, scores, winners);
	return seat >= 0 && winners[seat];
}

/* The seat whose turn it is, by name ("" for the table). */
static __attribute__((unused)) const char *
th_turn(struct th *t)
{
	struct expectation x = th_expect(t);

	return x.turn >= 0 ? t->names[x.turn] : "";
}

/* The VERB_BIT of the game's verb named name (the test bails out if none). */
static unsigned long __attribute__((unused))
th_bit(struct th *t, const char *name)
{
	int v = game_verb_find(t->rp.rules, (enum verb)verb_lookup(name));

	if (v < 0) {
		printf("Bail out! %s has no '%s'\n", t->rp.rules->name, name);
		exit(1);
	}
	return VERB_BIT(v);
}

/* 1 if the verb named name is acceptable now. */
static int __attribute__((unused))
th_can(struct th *t, const char *name)
{
	return (th_expect(t).verbs & th_bit(t, name)) != 0;
}

/* The per-rules status JSON, as a compact string (caller frees). */
static char * __attribute__((unused))
th_json(struct th *t)
{
	json_t *o = json_object();
	char *s;

	t->rp.rules->status_json(t->rp.st, o);
	s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(o);
	return s;
}

/*
 * Rebuild the state from the stored entries (as every command does) and
 * check that it gives the same per-rules JSON: replay is the one path.
 */
static int __attribute__((unused))
th_replays(struct th *t)
{
	char *before = th_json(t), *after;
	int same;

	replay_run(&t->rp, 1, &t->r);
	after = th_json(t);
	same = strcmp(before, after) == 0;
	free(before);
	free(after);
	return same;
}

/* 1 if the last refusal's message contains s. */
static int __attribute__((unused))
th_why_has(struct th *t, const char *s)
{
	return strstr(buf_str(&t->r.why), s) != NULL;
}

/* 1 if the last accepted entry's note contains s. */
static int __attribute__((unused))
th_note_has(struct th *t, const char *s)
{
	return strstr(buf_str(&t->r.note), s) != NULL;
}

/* Test that the per-rules status JSON is exactly want. */
static int __attribute__((unused))
th_json_is(struct th *t, const char *want, const char *name)
{
	char *got = th_json(t);
	int same = is_str(got, want, name);

	free(got);
	return same;
}

/* Free the game. */
static void __attribute__((unused))
th_end(struct th *t)
{
	int i;

	replay_free(&t->rp);
	ruling_free(&t->r);
	for (i = 0; i < GAME_MAX_PLAYERS; i++)
		free(t->names[i]);
	for (i = 0; i < 16; i++)
		free(t->opts[i]);
	for (i = 0; i < t->nsays; i++) {
		buf_free(t->says[i]);
		free(t->says[i]);
	}
	free(t->says);
}

#endif
