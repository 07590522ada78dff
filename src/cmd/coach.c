/*
 * coach.c: the coach's look back at a game (as GNU Backgammon's
 * analysis), worked out in one replay: every decision a player made, the
 * coach's best move there, what the move made cost (skill), and how much
 * better or worse the dice fell than the coach expected (luck).  Shown
 * by review (cmd-review.c); summed per game, seat and basis for the
 * decisions beside the ratings of `standings --all-time`, whose cache
 * (coach_tally) is made here and checked by check.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coach.h"

/* A word grid's round about to be scored: its grid and words, copied. */
static void
words_keep(struct review *rv, int i, const struct game_rules *rules,
    const struct game_state *st)
{
	struct scored *s;
	int p, k, n;

	rv->sc = xreallocarray(rv->sc, (size_t)rv->nsc + 1, sizeof *rv->sc);
	s = &rv->sc[rv->nsc];
	memset(s, 0, sizeof *s);
	s->i = i;
	s->grid = xcalloc(1, sizeof *s->grid);
	if (rules->word_round(st, 1, s->grid) != 0) {
		free(s->grid);
		return;
	}
	rv->nsc++;
	for (p = 0; p < s->grid->nplayers; p++) {
		for (n = 0; s->grid->words[p][n] != NULL; n++)
			continue;
		s->words[p] = xcalloc((size_t)n + 1, sizeof *s->words[p]);
		for (k = 0; k < n; k++)
			s->words[p][k] = xstrdup(s->grid->words[p][k]);
		s->grid->words[p] = NULL;
	}
}

/* Free what words_keep() kept. */
static void
words_drop(struct scored *s)
{
	int p, k;

	for (p = 0; p < GAME_MAX_PLAYERS; p++) {
		for (k = 0; s->words[p] != NULL && s->words[p][k] != NULL; k++)
			free(s->words[p][k]);
		free(s->words[p]);
	}
	free(s->grid);
}

/* The entry made as play accepts it ("roll 5 5", "order Zoë \"Mary Ann\""). */
static char *
entry_made(const struct replay *rp, const struct entry *e)
{
	struct buf made = BUF_INIT;

	game_entry_line(rp->rules, &rp->setup, e, &made);
	return made.s != NULL ? made.s : xstrdup("");
}

/*
 * The move made among a's (skip: not a keep): the move as typed, else
 * the move that is its verb alone (the decision "roll" of "roll 5 5":
 * what the dice then showed is not the player's choice), else NULL.
 */
static const struct advice_move *
made_move(const struct advice *a, const char *made)
{
	const struct advice_move *m;
	char verb[32];
	size_t n = strcspn(made, " ");

	if ((m = advice_find(a, made)) != NULL)
		return m;
	snprintf(verb, sizeof verb, "%.*s", (int)n, made);
	return advice_find(a, verb);
}

/* 1 if the move is a keep (of dice from the roll showing: VERB_KEEP). */
static int
is_keep(const struct review *rv, const char *entry)
{
	return rv->keep != NULL && strncmp(entry, rv->keep,
	    strlen(rv->keep)) == 0;
}

/* The best move of a that is no keep, or NULL. */
static const struct advice_move *
best_go(const struct review *rv, const struct advice *a)
{
	int i;

	for (i = 0; i < a->nmoves; i++)
		if (!is_keep(rv, a->moves[i].entry))
			return &a->moves[i];
	return NULL;
}

/* Ascending numbers first; words in the order typed after them. */
static int
by_number(const void *x, const void *y)
{
	const char *a = *(const char *const *)x, *b = *(const char *const *)y;
	long va = strtol(a, NULL, 10), vb = strtol(b, NULL, 10);

	return va < vb ? -1 : va > vb;
}

/* The keep verb and the values of vals (space-separated), ascending. */
static char *
keep_entry(const struct review *rv, const char *vals)
{
	struct buf b = BUF_INIT;
	char *copy = xstrdup(vals), *w, **v = NULL, *save = NULL;
	size_t n = 0, k;

	for (w = strtok_r(copy, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = w;
	}
	qsort(v, n, sizeof *v, by_number);
	buf_puts(&b, rv->keep != NULL ? rv->keep : "");
	for (k = 0; k < n; k++)
		buf_printf(&b, " %s", v[k]);
	free(v);
	free(copy);
	return b.s;
}

/* The cost of d from its values; never below 0. */
static void
decision_cost(struct decision *d)
{
	d->cost = d->best_v - d->made_v;
	if (d->cost < 1e-12)
		d->cost = 0;
}

/*
 * The keeps from one roll end: their decision is judged on everything
 * kept (the advice after the roll lists that keep, valued with the best
 * play after it); with reroll=free a keep names the whole set, the last.
 */
static void
group_close(struct review *rv)
{
	struct decision *d;
	const struct advice_move *m;
	char *all, *last;

	if (rv->grp < 0)
		return;
	d = &rv->d[rv->grp];
	all = keep_entry(rv, buf_str(&rv->grp_args));
	last = keep_entry(rv, buf_str(&rv->grp_last));
	if ((m = advice_find(rv->grp_a, all)) == NULL)
		m = advice_find(rv->grp_a, last);
	if (m != NULL) {
		free(d->made);
		d->made = xstrdup(m->entry);
		d->made_v = m->value;
		decision_cost(d);
		if (rv->pend[d->seat].on && !rv->pend[d->seat].rolled)
			rv->pend[d->seat].q = d->made_v;
	}
	free(all);
	free(last);
	advice_free(rv->grp_a);
	free(rv->grp_a);
	rv->grp_a = NULL;
	rv->grp = -1;
	buf_reset(&rv->grp_args);
	buf_reset(&rv->grp_last);
}

/*
 * Before entry i: the scores for the chart (score, filled), a word round
 * about to be scored kept, and the luck of a turn passed (x: the state's
 * expectation).
 */
static void
observe_scores(struct review *rv, const struct replay *rp, int i,
    const struct entry *e, const struct expectation *x, long *score)
{
	int winners[GAME_MAX_PLAYERS], p;

	memset(winners, 0, sizeof winners);
	memset(score, 0, GAME_MAX_PLAYERS * sizeof *score);
	rp->rules->score(rp->st, score, winners);
	for (p = 0; p < rv->nplayers; p++)
		rv->line[p][rv->npoints] = score[p];
	rv->npoints++;
	if ((game_verb(rp->rules, e->verb)->kind & VERB_CLOSE) &&
	    rp->rules->word_round != NULL)
		words_keep(rv, i, rp->rules, rp->st);
	/* The turn passed: what the dice gave against the value. */
	for (p = 0; p < rv->nplayers; p++) {
		struct pending *pd = &rv->pend[p];

		if (!pd->on || x->turn == p)
			continue;	/* none, or still p's turn */
		if (pd->rolled && pd->basis != ADVICE_WIN)
			rv->luck[p] += (pd->basis == ADVICE_POINTS ?
			    score[p] - pd->score : 0) - pd->q;
		pd->on = 0;
	}
}

/*
 * Player p's decision at entry i, judged by the advice there (a, freed
 * here or kept as the keeps' advice); the luck since p's last one.
 */
static void
observe_decide(struct review *rv, const struct replay *rp, int i,
    const struct entry *e, int p, struct advice *a, const long *score,
    int after_keeps, int keep)
{
	struct decision *d;
	const struct advice_move *m, *go, *mm;
	char *made;
	int k;

	made = entry_made(rp, e);
	mm = made_move(a, made);
	if (after_keeps && mm == NULL) {
		/*
		 * A move the advice after the keeps does not list completes
		 * them (reroll=free: the roll that shakes what was not
		 * kept): the keeps' decision was judged on it already.
		 */
		free(made);
		advice_free(a);
		free(a);
		return;
	}
	d = &rv->d[rv->nd++];
	memset(d, 0, sizeof *d);
	d->n = rp->entries[i].n;
	d->round = rp->entries[i].round;
	d->seat = p;
	d->basis = a->basis;
	/* After keeps from this roll: bank or roll on (keeps were judged). */
	go = after_keeps ? best_go(rv, a) : NULL;
	m = go != NULL ? go : &a->moves[0];
	d->best = xstrdup(m->entry);
	d->best_v = m->value;
	if (mm != NULL) {
		d->made = xstrdup(mm->entry);
		d->made_v = mm->value;
	} else {		/* not listed: as the worst listed */
		d->made = xstrdup(made);
		d->made_v = a->moves[a->nmoves - 1].value;
	}
	free(made);
	decision_cost(d);
	/* Luck: the dice since p's last decision, against its value. */
	if (rv->pend[p].on && rv->pend[p].rolled &&
	    rv->pend[p].basis == a->basis)
		rv->luck[p] += (a->basis == ADVICE_POINTS ?
		    score[p] - rv->pend[p].score : 0) + a->moves[0].value -
		    rv->pend[p].q;
	rv->pend[p].on = 1;
	rv->pend[p].rolled = 0;
	rv->pend[p].basis = a->basis;
	rv->pend[p].q = d->made_v;
	rv->pend[p].score = score[p];
	if (keep) {
		rv->grp = rv->nd - 1;
		rv->grp_a = a;
		rv->last_keep = 1;
		for (k = 0; k < e->argc; k++) {
			buf_printf(&rv->grp_args, " %s", e->argv[k]);
			buf_printf(&rv->grp_last, " %s", e->argv[k]);
		}
	} else {
		advice_free(a);
		free(a);
	}
}

/*
 * Before each entry in effect: the scores for the chart, the luck of a
 * turn passed, and the decision if a player had one.
 */
static void
review_observe(void *arg, const struct replay *rp, int i,
    const struct entry *e)
{
	struct review *rv = arg;
	struct expectation x;
	struct advice *a;
	long score[GAME_MAX_PLAYERS];
	int k, p, after_keeps, keep;

	if (i >= rv->n || rv->undone[i])
		return;
	memset(&x, 0, sizeof x);
	x.turn = -1;
	rp->rules->expect(rp->st, &x);
	observe_scores(rv, rp, i, e, &x, score);
	keep = (game_verb(rp->rules, e->verb)->kind & VERB_KEEP) != 0;
	after_keeps = rv->grp >= 0 && rv->last_keep &&
	    rv->d[rv->grp].seat == x.turn;
	if (after_keeps && keep) {
		/* One more keep from the same roll: the same decision. */
		for (k = 0; k < e->argc; k++)
			buf_printf(&rv->grp_args, " %s", e->argv[k]);
		buf_reset(&rv->grp_last);
		for (k = 0; k < e->argc; k++)
			buf_printf(&rv->grp_last, " %s", e->argv[k]);
		return;
	}
	group_close(rv);
	rv->last_keep = 0;
	if (x.turn >= 0 && !x.finished && rp->rules->advice != NULL) {
		a = xcalloc(1, sizeof *a);
		if (!rp->rules->advice(rp->st, a) || a->nmoves == 0) {
			advice_free(a);
			free(a);
		} else
			observe_decide(rv, rp, i, e, x.turn, a, score,
			    after_keeps, keep);
	}
	if (game_verb(rp->rules, e->verb)->kind & VERB_ROLL)
		for (p = 0; p < rv->nplayers; p++)
			rv->pend[p].rolled |= rv->pend[p].on;
}

/*
 * How bad a decision is, 0 (the coach's move) to 1 (all thrown away): a
 * chance lost (win, chance), or the share of the best move's points lost.
 */
double
sr_decision_error(const struct decision *d)
{
	double e;

	if (d->cost <= 0)
		return 0;
	if (d->basis != ADVICE_POINTS)
		e = d->cost;
	else
		e = d->best_v > 0 ? d->cost / d->best_v : 1;
	return e > 1 ? 1 : e;
}

/*
 * A player's rating from the average error per decision (as GNU
 * Backgammon's, in words that fit a table of dice players): the first
 * whose bound the average is under.
 */
static const struct skill_word {
	double		 under;
	const char	*name;
} skill_words[] = {
	{ 0.005, N_("world class") },
	{ 0.01, N_("expert") },
	{ 0.02, N_("advanced") },
	{ 0.04, N_("intermediate") },
	{ 0.08, N_("casual") },
	{ 2, N_("beginner") },
};

/* The rating of an average error per decision. */
const char *
sr_rating_name(double avg)
{
	size_t k;

	for (k = 0; k < sizeof skill_words / sizeof skill_words[0] - 1; k++)
		if (avg < skill_words[k].under)
			return _(skill_words[k].name);
	return _(skill_words[k].name);
}

/*
 * Replay the game with review_observe watching (rv set up here, freed by
 * sr_review_free); returns RULING_OK, or the replay's failure with its
 * words in r (nothing printed).
 */
int
sr_review_run(struct sr_game *sg, struct review *rv, struct ruling *r)
{
	int status;
	char *undone;
	int i, k, p;

	memset(rv, 0, sizeof *rv);
	rv->grp = -1;
	if ((k = game_verb_kind(sg->rules, VERB_KEEP)) >= 0)
		rv->keep = game_verb_name(sg->rules, k);
	rv->n = sg->rp.nentries;
	rv->nplayers = sg->g.nplayers;
	/* The entries in effect: a replay says which were taken back. */
	undone = xcalloc((size_t)rv->n + 1, 1);
	for (i = 0; i < rv->n; i++)
		undone[i] = sg->rp.entries[i].undone != 0 ||
		    sg->rp.entries[i].verb == V_UNDO ||
		    sg->rp.entries[i].verb == V_REDO;
	rv->undone = undone;
	rv->d = xcalloc((size_t)rv->n + 1, sizeof *rv->d);
	for (p = 0; p < rv->nplayers; p++)
		rv->line[p] = xcalloc((size_t)rv->n + 2, sizeof *rv->line[p]);
	sg->rp.observe = review_observe;
	sg->rp.observe_arg = rv;
	status = replay_run(&sg->rp, 1, r);
	sg->rp.observe = NULL;
	sg->rp.observe_arg = NULL;
	if (status != RULING_OK)
		return status;
	group_close(rv);
	return RULING_OK;
}

/*
 * The end of the replay: the scores now (the chart's last point), a turn
 * still pending counts for luck; then each player's sums (t).
 */
void
sr_review_totals(struct sr_game *sg, struct review *rv, struct totals *t)
{
	const struct decision *d = rv->d;
	long scores[GAME_MAX_PLAYERS];
	int winners[GAME_MAX_PLAYERS], count[3] = { 0 }, i, k, p;

	memset(t, 0, sizeof *t);
	t->basis = ADVICE_POINTS;
	memset(winners, 0, sizeof winners);
	memset(scores, 0, sizeof scores);
	sg->rules->score(sg->rp.st, scores, winners);
	for (p = 0; p < rv->nplayers; p++) {
		struct pending *pd = &rv->pend[p];

		rv->line[p][rv->npoints] = scores[p];
		if (pd->on && pd->rolled && pd->basis == ADVICE_POINTS &&
		    sg->rp.st != NULL) {
			struct expectation x;

			sr_expect(sg, &x, NULL);
			if (x.finished || x.turn != p)
				rv->luck[p] += scores[p] - pd->score - pd->q;
		}
	}
	rv->npoints++;
	for (i = 0; i < rv->nd; i++)
		count[d[i].basis]++;
	for (k = 1; k < 3; k++)
		if (count[k] > count[t->basis])
			t->basis = (enum advice_basis)k;
	for (i = 0; i < rv->nd; i++) {
		t->err[d[i].seat] += sr_decision_error(&d[i]);
		if (d[i].basis == t->basis) {
			t->cost[d[i].seat] += d[i].cost;
			t->ndec[d[i].seat]++;
		}
	}
}

/* Free what sr_review_run() and review_observe() made. */
void
sr_review_free(struct review *rv)
{
	int i, p;

	group_close(rv);
	for (p = 0; p < rv->nplayers; p++)
		free(rv->line[p]);
	for (i = 0; i < rv->nd; i++) {
		free(rv->d[i].made);
		free(rv->d[i].best);
	}
	for (i = 0; i < rv->nsc; i++)
		words_drop(&rv->sc[i]);
	free(rv->sc);
	free(rv->d);
	free((char *)rv->undone);
	buf_free(&rv->grp_args);
	buf_free(&rv->grp_last);
}

/* Sum rv's decisions per seat and basis into c. */
static void
coach_sum(const struct review *rv, struct sr_coach *c)
{
	int i;

	memset(c, 0, sizeof *c);
	for (i = 0; i < rv->nd; i++) {
		const struct decision *d = &rv->d[i];

		if (d->seat < 0 || d->seat >= GAME_MAX_PLAYERS ||
		    (int)d->basis < 0 || (int)d->basis >= SR_COACH_BASES)
			continue;
		c->decisions[d->seat][d->basis]++;
		c->error[d->seat][d->basis] += llround(1e6 *
		    sr_decision_error(d));
	}
}

/* The figures of sg, loaded and replayed; see coach.h. */
int
sr_coach_of(struct sr_game *sg, struct sr_coach *c, char **why)
{
	struct review rv;
	struct ruling r = RULING_INIT;
	int status = SR_OK;

	if (sr_review_run(sg, &rv, &r) != RULING_OK) {
		status = SR_DATA;
		if (why != NULL)
			*why = xstrdup(buf_str(&r.why));
	} else
		coach_sum(&rv, c);
	sr_review_free(&rv);
	ruling_free(&r);
	return status;
}

/* Review game id into c; see coach.h. */
int
sr_coach_game(struct sr_ctx *ctx, long long id, struct sr_coach *c,
    int *nplayers, char **why)
{
	struct sr_game sg;
	int status;

	if ((status = sr_game_get(ctx, id, 0, 0, 0, &sg, why)) != SR_OK)
		return status;
	*nplayers = sg.g.nplayers;
	status = sr_coach_of(&sg, c, why);
	sr_game_free(&sg);
	return status;
}

/* Store c as game id's coach cache; see coach.h. */
int
sr_coach_save(struct sr_ctx *ctx, long long id, int n,
    const struct sr_coach *c, int nplayers, char **why)
{
	int p, b, status;

	if ((status = store_coach_drop(ctx->store, id, why)) != SR_OK ||
	    (status = store_coach_put(ctx->store, id, n, -1, -1, 0, 0,
	    why)) != SR_OK)
		return status;
	for (p = 0; p < nplayers; p++)
		for (b = 0; b < SR_COACH_BASES; b++)
			if (c->decisions[p][b] > 0 && (status =
			    store_coach_put(ctx->store, id, n, p, b,
			    c->decisions[p][b], c->error[p][b], why)) !=
			    SR_OK)
				return status;
	return SR_OK;
}

/* What check reads of a game's coach cache. */
struct coach_read {
	int		 head;		/* its head row, made at n */
	int		 n;
	int		 stray;		/* a row of another n or seat */
	int		 nplayers;
	struct sr_coach	 c;
};

/* Fold a row of the cache in. */
static int
coach_row(void *arg, const struct store_coach *row)
{
	struct coach_read *k = arg;

	if (row->seat == -1) {
		k->head = 1;
		k->n = row->n;
		return 0;
	}
	if (row->seat < 0 || row->seat >= k->nplayers || row->basis < 0 ||
	    row->basis >= SR_COACH_BASES) {
		k->stray = 1;
		return 0;
	}
	k->c.decisions[row->seat][row->basis] = row->decisions;
	k->c.error[row->seat][row->basis] = row->error;
	return 0;
}

/* Compare and rebuild a game's coach cache; see coach.h. */
int
sr_coach_check(struct sr_ctx *ctx, struct sr_game *sg, int finished,
    int repair, void (*fn)(void *, const char *), void *arg, char **why)
{
	struct coach_read k;
	struct sr_coach right;
	struct buf b = BUF_INIT;
	long long id = sg->g.id;
	int status, last = sg->rp.nentries > 0 ?
	    sg->rp.entries[sg->rp.nentries - 1].n : 0;

	/* Only a finished game's counts (a stale one is made again). */
	if (!finished)
		return SR_OK;
	memset(&k, 0, sizeof k);
	k.nplayers = sg->g.nplayers;
	if ((status = store_coach_rows(ctx->store, id, coach_row, &k, why)) !=
	    SR_OK)
		return status;
	if ((status = sr_coach_of(sg, &right, why)) != SR_OK)
		return status == SR_DATA ? SR_OK : status;
	/*
	 * None yet, or made from other entries (the game was finished
	 * before an undo): standings makes them anew, nothing is wrong.
	 */
	if (!k.head || k.n != last)
		return SR_OK;
	if (k.stray || memcmp(&k.c, &right, sizeof right) != 0)
		buf_printf(&b, _("game %lld: its coach's figures differ from "
		    "the review of its entries"), id);
	if (b.len > 0) {
		fn(arg, buf_str(&b));
		if (repair)
			status = sr_coach_save(ctx, id, last, &right,
			    sg->g.nplayers, why);
	}
	buf_free(&b);
	return status;
}
