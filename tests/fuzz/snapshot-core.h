/*
 * snapshot-core.h: a game's snapshot decoded from bytes it was not made
 * from (SPEC.md "Settled details": a stored snapshot is a cache; one that
 * does not decode to a state the rules could reach is ignored, never
 * trusted into a crash).  Shared by the fuzz target fuzz-snapshot.c (in
 * `make fuzz`) and the unit test tests/unit/test-snapshot.c (a short
 * deterministic run in `make check`).
 *
 * The positions are every state of the games of the scenarios (tests/scenarios),
 * entry by entry, each with its snapshot (replay_snapshot).  sc_try()
 * takes bytes as a stored snapshot of a position, as a command would
 * once the key matched (the key is a checksum anyone can recompute):
 * replay_resume(), and where it is taken, what `status` and every entry
 * ask of the state: expect() in words, score(), status_json(),
 * describe(), advise(), advice(), the snapshot again, then the next
 * entries of the scenario through replay_add().  It returns 0, or -1
 * with *what naming a broken invariant (the sanitizers catch the rest).
 */
#ifndef SHAKEREF_SNAPSHOT_CORE_H
#define SHAKEREF_SNAPSHOT_CORE_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "game.h"

#define SC_MAX_LINES	400
#define SC_MAX_WORDS	32
#define SC_NEXT		3	/* entries tried after a resumed state */

struct sc_game {
	const struct game_rules	*g;
	char			*names[GAME_MAX_PLAYERS];
	char			*opts[16];
	int			 n;
	char			*lines[SC_MAX_LINES];	/* the entries */
	int			 nlines;
};

struct sc_pos {
	const struct sc_game	*game;
	int			 line;	/* the next entry of the game */
	int			 last_n;
	unsigned char		*snap;
	size_t			 len;
};

struct sc_set {
	struct sc_game		*games;
	int			 ngames;
	struct sc_pos		*pos;
	int			 npos;
};

/* Every word of 3+ letters is a word but "z...": a fake dictionary. */
static int
sc_lookup(void *arg, const char *dict, int mode, const char *word,
    struct buf *form, struct buf *sugg, char **why)
{
	(void)arg;
	(void)dict;
	(void)mode;
	(void)form;
	(void)sugg;
	(void)why;
	return word[0] != 'z';
}

/* rp set up for game gm, as a command sets it up before loading. */
static void
sc_setup(const struct sc_game *gm, struct replay *rp)
{
	memset(rp, 0, sizeof *rp);
	rp->rules = gm->g;
	rp->setup.nplayers = gm->n;
	rp->setup.names = (const char *const *)gm->names;
	rp->setup.options = (const char *const *)gm->opts;
	rp->lookup = sc_lookup;
}

/* A replay of game gm with no entries. */
static void
sc_replay(const struct sc_game *gm, struct replay *rp)
{
	struct ruling r = RULING_INIT;

	sc_setup(gm, rp);
	replay_run(rp, 0, &r);
	ruling_free(&r);
}

/* Enter line (not changed) as entry n; the ruling's status or -1. */
static int
sc_line(struct replay *rp, const char *line, int n)
{
	struct stored_entry se;
	struct ruling r = RULING_INIT;
	char *s = xstrdup(line), *w, *save = NULL;
	int v, status;

	if ((w = strtok_r(s, " \t", &save)) == NULL ||
	    (v = verb_lookup(w)) < 0) {
		free(s);
		return -1;
	}
	memset(&se, 0, sizeof se);
	se.verb = (enum verb)v;
	se.argv = xcalloc(SC_MAX_WORDS, sizeof *se.argv);
	while ((w = strtok_r(NULL, " \t", &save)) != NULL &&
	    se.argc < SC_MAX_WORDS - 1)
		se.argv[se.argc++] = xstrdup(w);
	free(s);
	se.n = n;
	se.at = 1795000000 + n;
	status = replay_add(rp, &se, &r);
	if (status != RULING_OK && status != RULING_UPHELD)
		stored_entry_clear(&se);
	ruling_free(&r);
	return status;
}

/* Read a scenario: its header "# new: --game R --players A,B --option K=V". */
static int
sc_game_read(struct sc_game *gm, const char *path)
{
	FILE *f;
	char buf[1024], *p, *w, *v, *save, *eq;
	int k;

	if ((f = fopen(path, "r")) == NULL)
		return -1;
	memset(gm, 0, sizeof *gm);
	while (fgets(buf, sizeof buf, f) != NULL) {
		buf[strcspn(buf, "\r\n")] = '\0';
		if (strncmp(buf, "# new:", 6) == 0 && gm->g == NULL) {
			save = NULL;
			for (w = strtok_r(buf + 6, " ", &save); w != NULL &&
			    (v = strtok_r(NULL, " ", &save)) != NULL;
			    w = strtok_r(NULL, " ", &save)) {
				if (strcmp(w, "--game") == 0)
					gm->g = game_find(v);
				else if (strcmp(w, "--players") == 0)
					for (p = strtok(v, ","); p != NULL &&
					    gm->n < GAME_MAX_PLAYERS;
					    p = strtok(NULL, ","))
						gm->names[gm->n++] = xstrdup(p);
				else if (strcmp(w, "--option") == 0 &&
				    gm->g != NULL &&
				    (eq = strchr(v, '=')) != NULL) {
					*eq = '\0';
					if ((k = game_option_index(gm->g,
					    v)) >= 0) {
						free(gm->opts[k]);
						gm->opts[k] = xstrdup(eq + 1);
					}
				}
				if (gm->g != NULL && gm->opts[0] == NULL)
					for (k = 0; gm->g->options[k].key !=
					    NULL; k++)
						gm->opts[k] = xstrdup(
						    gm->g->options[k].def);
			}
			continue;
		}
		if ((p = strchr(buf, '#')) != NULL)
			*p = '\0';
		if (strspn(buf, " \t") == strlen(buf) ||
		    gm->nlines == SC_MAX_LINES)
			continue;
		gm->lines[gm->nlines++] = xstrdup(buf);
	}
	fclose(f);
	if (gm->g == NULL || gm->opts[0] == NULL) {
		/* A game this binary does not know (shakeref-pig's): none. */
		for (k = 0; k < gm->n; k++)
			free(gm->names[k]);
		for (k = 0; k < 16; k++)
			free(gm->opts[k]);
		for (k = 0; k < gm->nlines; k++)
			free(gm->lines[k]);
		memset(gm, 0, sizeof *gm);
		return -1;
	}
	game_options_effective(gm->g, gm->opts);
	return 0;
}

/* Every position of every scenario in dir, with its snapshot. */
static int
sc_load(struct sc_set *set, const char *dir)
{
	DIR *d;
	struct dirent *de;
	struct replay rp;
	struct buf b = BUF_INIT;
	char path[4096];
	size_t len;
	int i, n, have = 0;

	memset(set, 0, sizeof *set);
	if ((d = opendir(dir)) == NULL)
		return -1;
	set->games = xcalloc(64, sizeof *set->games);
	while ((de = readdir(d)) != NULL && set->ngames < 64) {
		len = strlen(de->d_name);
		if (len < 6 || strcmp(de->d_name + len - 5, ".play") != 0)
			continue;
		if (strlen(dir) + len + 2 > sizeof path)
			continue;
		memcpy(path, dir, strlen(dir));
		path[strlen(dir)] = '/';
		memcpy(path + strlen(dir) + 1, de->d_name, len + 1);
		if (sc_game_read(&set->games[set->ngames], path) == 0)
			set->ngames++;
	}
	closedir(d);
	for (i = 0; i < set->ngames; i++) {
		const struct sc_game *gm = &set->games[i];

		if (!game_snapshots(gm->g))
			continue;
		sc_replay(gm, &rp);
		for (n = 0; n <= gm->nlines; n++) {
			if (n > 0 && sc_line(&rp, gm->lines[n - 1],
			    replay_last_n(&rp) + 1) != RULING_OK)
				continue;
			buf_reset(&b);
			if (replay_snapshot(&rp, &b) != 0)
				break;
			if (set->npos == have) {
				have = have ? have * 2 : 256;
				set->pos = xreallocarray(set->pos,
				    (size_t)have, sizeof *set->pos);
			}
			set->pos[set->npos].game = gm;
			set->pos[set->npos].line = n;
			set->pos[set->npos].last_n = replay_last_n(&rp);
			set->pos[set->npos].snap = xmalloc(b.len);
			memcpy(set->pos[set->npos].snap, b.s, b.len);
			set->pos[set->npos++].len = b.len;
		}
		replay_free(&rp);
	}
	buf_free(&b);
	return set->npos > 0 ? 0 : -1;
}

/* Free what sc_load made. */
static void
sc_free(struct sc_set *set)
{
	int i, k;

	for (i = 0; i < set->npos; i++)
		free(set->pos[i].snap);
	for (i = 0; i < set->ngames; i++) {
		for (k = 0; k < set->games[i].n; k++)
			free(set->games[i].names[k]);
		for (k = 0; k < 16; k++)
			free(set->games[i].opts[k]);
		for (k = 0; k < set->games[i].nlines; k++)
			free(set->games[i].lines[k]);
	}
	free(set->games);
	free(set->pos);
	memset(set, 0, sizeof *set);
}

/*
 * Take bytes (len) as the stored snapshot of position p; see the top.
 * *taken: 1 if replay_resume took them.
 */
static int
sc_try(const struct sc_pos *p, const unsigned char *bytes, size_t len,
    int *taken, const char **what)
{
	const struct sc_game *gm = p->game;
	const struct game_rules *g = gm->g;
	struct replay rp;
	struct expectation x;
	struct advice a;
	struct buf say = BUF_INIT, b = BUF_INIT;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], i, k, status = 0;
	json_t *o;

	*taken = 0;
	sc_setup(gm, &rp);
	if (replay_resume(&rp, bytes, len, p->last_n) != 0) {
		replay_free(&rp);
		return 0;
	}
	*taken = 1;
	memset(&x, 0, sizeof x);
	x.say = &say;
	replay_expect(&rp, &x, &say);
	if (x.turn < -1 || x.turn >= gm->n || x.round < 0) {
		*what = "expect() names no seat of the game";
		status = -1;
	}
	memset(winners, 0, sizeof winners);
	g->score(rp.st, scores, winners);
	for (i = 0; i < gm->n; i++)
		if (winners[i] != 0 && winners[i] != 1) {
			*what = "score() gives a winner flag not 0 or 1";
			status = -1;
		}
	o = json_object();
	g->status_json(rp.st, o);
	json_decref(o);
	if (g->describe != NULL)
		g->describe(rp.st, &b);
	if (g->rounds != NULL)
		g->rounds(rp.st, &b);
	if (g->advise != NULL && !x.finished)
		g->advise(rp.st, &b);
	if (g->advice != NULL && !x.finished) {
		memset(&a, 0, sizeof a);
		g->advice(rp.st, &a);
		advice_free(&a);
	}
	buf_reset(&b);
	replay_snapshot(&rp, &b);
	for (k = 0; k < SC_NEXT && p->line + k < gm->nlines; k++)
		sc_line(&rp, gm->lines[p->line + k], replay_last_n(&rp) + 1);
	buf_free(&say);
	buf_free(&b);
	replay_free(&rp);
	return status;
}

#endif
