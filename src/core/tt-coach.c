/*
 * tt-coach.c: the coach for 10,000: expected points and the two-player
 * win table (see tt-coach.h).  Pure: no I/O, no clock, no environment.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "dice.h"
#include "tt-coach.h"
#include "words.h"

struct tt_model {
	int		 four_pair;
	int		 ncls[7];
	struct tt_class	*cls[7];
	struct tt_opt	*opts;
	int		 nopts, capopts;
};

/* n! as a double. */
static double
fact(int n)
{
	double f = 1;

	while (n > 1)
		f *= n--;
	return f;
}

/* Order options by level, then dice left. */
static int
opt_cmp(const void *x, const void *y)
{
	const struct tt_opt *a = x, *b = y;

	if (a->lev != b->lev)
		return a->lev - b->lev;
	return a->left - b->left;
}

/* Step k to the next nonempty sub-multiset of c (face counts); 0 at end. */
static int
next_sub(int k[7], const int c[7])
{
	int f;

	for (f = 1; f <= 6; f++) {
		if (k[f] < c[f]) {
			k[f]++;
			return 1;
		}
		k[f] = 0;
	}
	return 0;
}

/* The distinct ways to keep from the roll with face counts c, into o. */
static int
roll_options(const int c[7], int n, int four_pair, int doubles,
    struct tt_opt *o)
{
	int k[7], vals[6], f, m, no = 0, i, bad;
	long sc;

	memset(k, 0, sizeof k);
	while (next_sub(k, c)) {
		for (m = 0, f = 1; f <= 6; f++)
			for (i = 0; i < k[f]; i++)
				vals[m++] = f;
		if ((sc = dice_keep_score(vals, m, four_pair, &bad)) <= 0)
			continue;
		o[no].lev = (short)(sc / TT_LEVEL);
		o[no].left = (short)(doubles || m == n ? 6 : n - m);
		o[no].at = o[no].lev * 7 + o[no].left;
		for (i = 0; i < no; i++)
			if (o[i].lev == o[no].lev && o[i].left == o[no].left)
				break;
		if (i == no)
			no++;
	}
	qsort(o, (size_t)no, sizeof o[0], opt_cmp);
	return no;
}

/* Add the roll (face counts c, chance p) of n dice to its class. */
static void
model_add(struct tt_model *m, int n, const int c[7], double p)
{
	struct tt_opt o[64];
	struct tt_class *cl;
	int no, doubles = 0, f, i;

	for (f = 1; f <= 6; f++)
		if (n == 2 && c[f] == 2)
			doubles = 1;
	no = roll_options(c, n, m->four_pair, doubles, o);
	for (i = 0; i < m->ncls[n]; i++) {
		cl = &m->cls[n][i];
		if (cl->doubles == doubles && cl->nopt == no && (no == 0 ||
		    memcmp(&m->opts[cl->off], o, sizeof o[0] * (size_t)no) ==
		    0)) {
			cl->p += p;
			return;
		}
	}
	m->cls[n] = xreallocarray(m->cls[n], (size_t)m->ncls[n] + 1,
	    sizeof m->cls[n][0]);
	if (m->nopts + no > m->capopts) {
		m->capopts = (m->capopts + no) * 2;
		m->opts = xreallocarray(m->opts, (size_t)m->capopts,
		    sizeof m->opts[0]);
	}
	cl = &m->cls[n][m->ncls[n]++];
	cl->p = p;
	cl->doubles = doubles;
	cl->nopt = no;
	cl->off = m->nopts;
	if (no > 0)
		memcpy(&m->opts[m->nopts], o, sizeof o[0] * (size_t)no);
	m->nopts += no;
}

/* Every roll of n dice as face counts, from face f on, rest dice left. */
static void
model_rolls(struct tt_model *m, int n, int c[7], int f, int rest)
{
	double p;
	int i;

	if (f == 6) {
		c[6] = rest;
		p = fact(n);
		for (i = 1; i <= 6; i++)
			p /= fact(c[i]);
		model_add(m, n, c, p / pow(6, n));
		return;
	}
	for (c[f] = 0; c[f] <= rest; c[f]++)
		model_rolls(m, n, c, f + 1, rest - c[f]);
}

/* The roll classes of 1..6 dice under four_pair (TT-1, TT-2, TT-5). */
struct tt_model *
tt_model_solve(int four_pair)
{
	struct tt_model *m = xcalloc(1, sizeof *m);
	int c[7], n;

	m->four_pair = four_pair;
	for (n = 1; n <= 6; n++) {
		memset(c, 0, sizeof c);
		model_rolls(m, n, c, 1, n);
	}
	return m;
}

/* The model of four_pair, from the build's data; see tt-coach.h. */
struct tt_model *
tt_model_new(int four_pair)
{
#ifdef TT_MODEL_HOST
	/* mktt itself, which writes the data. */
	return tt_model_solve(four_pair);
#else
	const struct tt_model_data *d = &tt_model_data[four_pair != 0];
	struct tt_model *m = xcalloc(1, sizeof *m);
	int n;

	m->four_pair = four_pair;
	for (n = 1; n <= 6; n++) {
		m->ncls[n] = d->ncls[n];
		m->cls[n] = xreallocarray(NULL, (size_t)d->ncls[n] + 1,
		    sizeof m->cls[n][0]);
		memcpy(m->cls[n], d->cls[n], (size_t)d->ncls[n] *
		    sizeof m->cls[n][0]);
	}
	m->nopts = m->capopts = d->nopts;
	m->opts = xreallocarray(NULL, (size_t)d->nopts + 1, sizeof m->opts[0]);
	memcpy(m->opts, d->opts, (size_t)d->nopts * sizeof m->opts[0]);
	return m;
#endif
}

/* 1 if a and b hold the same classes and options; see tt-coach.h. */
int
tt_model_same(const struct tt_model *a, const struct tt_model *b)
{
	int n, i;

	if (a->four_pair != b->four_pair || a->nopts != b->nopts ||
	    memcmp(a->opts, b->opts, (size_t)a->nopts * sizeof a->opts[0]) !=
	    0)
		return 0;
	for (n = 1; n <= 6; n++) {
		if (a->ncls[n] != b->ncls[n])
			return 0;
		for (i = 0; i < a->ncls[n]; i++)
			if (a->cls[n][i].p != b->cls[n][i].p ||
			    a->cls[n][i].doubles != b->cls[n][i].doubles ||
			    a->cls[n][i].nopt != b->cls[n][i].nopt ||
			    a->cls[n][i].off != b->cls[n][i].off)
				return 0;
	}
	return 1;
}

/* The C source of tt_model_data[]; see tt-coach.h. */
void
tt_model_source(struct tt_model *const m[2], struct buf *b)
{
	int f, n, i;

	buf_puts(b, "/*\n * tt-model-data.c: the roll classes of 1..6 dice "
	    "of 10,000, worked out\n * by mktt -m at build time "
	    "(tt_model_solve() in tt-coach.c).  Generated.\n */\n"
	    "#include <stddef.h>\n\n#include \"tt-coach.h\"\n");
	for (f = 0; f < 2; f++) {
		for (n = 1; n <= 6; n++) {
			buf_printf(b, "\nstatic const struct tt_class "
			    "cls%d_%d[] = {\n", f, n);
			for (i = 0; i < m[f]->ncls[n]; i++) {
				const struct tt_class *c = &m[f]->cls[n][i];

				buf_printf(b, "\t{ %a, %d, %d, %d },\n", c->p,
				    c->doubles, c->nopt, c->off);
			}
			buf_puts(b, "};\n");
		}
		buf_printf(b, "\nstatic const struct tt_opt opts%d[] = {\n",
		    f);
		for (i = 0; i < m[f]->nopts; i++)
			buf_printf(b, "\t{ %d, %d, %d },\n", m[f]->opts[i].lev,
			    m[f]->opts[i].left, m[f]->opts[i].at);
		buf_puts(b, "\t{ 0, 0, 0 }\n};\n");
	}
	buf_puts(b, "\nconst struct tt_model_data tt_model_data[2] = {\n");
	for (f = 0; f < 2; f++) {
		buf_puts(b, "\t{ { 0");
		for (n = 1; n <= 6; n++)
			buf_printf(b, ", %d", m[f]->ncls[n]);
		buf_puts(b, " },\n\t    { NULL");
		for (n = 1; n <= 6; n++)
			buf_printf(b, ", cls%d_%d", f, n);
		buf_printf(b, " },\n\t    opts%d, %d },\n", f, m[f]->nopts);
	}
	buf_puts(b, "};\n");
}

/* Free a model. */
void
tt_model_free(struct tt_model *m)
{
	int n;

	if (m == NULL)
		return;
	for (n = 1; n <= 6; n++)
		free(m->cls[n]);
	free(m->opts);
	free(m);
}

#define AT(a, i, k)	((a)[(size_t)(i) * 7 + (size_t)(k)])

/*
 * One turn solved backwards over its levels.  Levels 0..nlev-1 are solved; bank[i*7+k]
 * is the value of banking level i with k dice left (k 1..6), for i in
 * 0..nlev+TT_SPAN-1; from level nlev on, the player banks.  farkle is the
 * value of a farkle.  Out: roll[i*7+n], the value of rolling n dice at
 * level i after a scoring keep this turn; roll2s0[i], rolling two dice
 * before any (a roll-off continued with two dice: no bank on doubles);
 * cv[i*7+k] (i up to nlev+TT_SPAN-1), the better of banking and rolling k
 * dice at level i.
 */
static void
tt_sweep(const struct tt_model *m, int nlev, const double *bank,
    double farkle, double *roll, double *roll2s0, double *cv)
{
	static const int order[6] = { 6, 1, 2, 3, 4, 5 };
	const struct tt_class *cl, *end;
	const struct tt_opt *o, *oend;
	const double *c;
	double sum, sum0, v, w, r;
	int i, j, n, k;

	for (i = nlev + TT_SPAN - 1; i >= nlev; i--)
		for (k = 0; k < 7; k++)
			AT(cv, i, k) = AT(bank, i, k);
	for (i = nlev - 1; i >= 0; i--) {
		c = &AT(cv, i, 0);
		for (j = 0; j < 6; j++) {
			n = order[j];
			sum = sum0 = 0;
			cl = m->cls[n];
			for (end = cl + m->ncls[n]; cl < end; cl++) {
				if (cl->nopt == 0 && !cl->doubles) {
					sum += cl->p * farkle;
					sum0 += cl->p * farkle;
					continue;
				}
				v = -1e300;
				o = &m->opts[cl->off];
				for (oend = o + cl->nopt; o < oend; o++) {
					w = c[o->at];
					if (w > v)
						v = w;
				}
				if (cl->doubles) {
					/* TT-5: roll six, or bank at once. */
					w = AT(roll, i, 6);
					if (w > v)
						v = w;
					sum0 += cl->p * v;
					if (i > 0 && AT(bank, i, 6) > v)
						v = AT(bank, i, 6);
				} else
					sum0 += cl->p * v;
				sum += cl->p * v;
			}
			if (n == 2)
				roll2s0[i] = sum0;
			AT(roll, i, n) = sum;
		}
		for (k = 1; k < 7; k++) {
			r = AT(roll, i, k);
			AT(cv, i, k) = r > AT(bank, i, k) ? r : AT(bank, i, k);
		}
		AT(cv, i, 0) = 0;
	}
}

/* Entries of f for k levels. */
size_t
tt_win_fsize(int k)
{
	return (size_t)k * (size_t)k;
}

/* Entries of o for k levels. */
size_t
tt_win_osize(int k)
{
	return (size_t)k * 6 * ((size_t)k * (size_t)(k - 1) / 2);
}

/* Index of O(x, y, t, n): 0 <= x < k, 1 <= t <= y < k, 1 <= n <= 6. */
static size_t
tt_win_oindex(int k, int x, int y, int t, int n)
{
	size_t block = 6 * ((size_t)k * (size_t)(k - 1) / 2);

	return (size_t)x * block + 6 * ((size_t)(y - 1) * (size_t)y / 2 +
	    (size_t)(t - 1)) + (size_t)(n - 1);
}

/* O(x, y, t, n) as a chance. */
double
tt_win_o(const struct tt_win *w, int x, int y, int t, int n)
{
	return w->o[tt_win_oindex(w->k, x, y, t, n)] / 65535.0;
}

/* Working arrays for one player's turn in the build. */
struct side {
	int	 a, b;			/* the mover's level, the other's */
	int	 nlev;
	double	*bank, *roll, *roll2s0, *cv;
};

/* Levels a turn of a against b must solve: to the target, and b's offers. */
static int
side_levels(int k, int a, int b)
{
	return k - a > b + 1 ? k - a : b + 1;
}

/* Fill s->bank for a against b from the solved offers of o. */
static void
side_bank(const struct tt_win *w, struct side *s)
{
	int i, n, k = w->k;

	s->nlev = side_levels(k, s->a, s->b);
	for (i = 0; i < s->nlev + TT_SPAN; i++)
		for (n = 0; n < 7; n++)
			AT(s->bank, i, n) = i == 0 || n == 0 ? 0 :
			    s->a + i >= k ? 1 :
			    1 - tt_win_o(w, s->b, s->a + i, i, n);
}

/* The mover's chance at a fresh turn, given the value of a farkle. */
static double
side_solve(const struct tt_model *m, struct side *s, double farkle)
{
	tt_sweep(m, s->nlev, s->bank, farkle, s->roll, s->roll2s0, s->cv);
	return AT(s->roll, 0, 6);
}

/* Store the offers to s->a by s->b (T 1..b) once the turn is solved. */
static void
side_store(struct side *s, int k, float *f, uint16_t *o)
{
	double fresh = AT(s->roll, 0, 6), v;
	int t, n;

	f[(size_t)s->a * (size_t)k + (size_t)s->b] = (float)fresh;
	for (t = 1; t <= s->b; t++)
		for (n = 1; n <= 6; n++) {
			v = n == 2 ? s->roll2s0[t] : AT(s->roll, t, n);
			if (fresh > v)
				v = fresh;
			if (v < 0)
				v = 0;
			if (v > 1)
				v = 1;
			o[tt_win_oindex(k, s->a, s->b, t, n)] =
			    (uint16_t)lrint(v * 65535);
		}
}

/* F(a, b) given x, a guess of it: through b's turn after a's farkle. */
static double
pair_map(const struct tt_model *m, struct side *sa, struct side *sb,
    double x)
{
	double fb;

	if (sa->a == sa->b)
		return side_solve(m, sa, 1 - x);
	fb = side_solve(m, sb, 1 - x);
	return side_solve(m, sa, 1 - fb);
}

/* Solve the pair (a, b) and (b, a): the farkle cycle as a fixed point. */
static void
pair_solve(const struct tt_model *m, const struct tt_win *w, struct side *sa,
    struct side *sb, double guess, float *f, uint16_t *o)
{
	double x0, y0, x1, y1, x2, r0, r1;
	int it;

	side_bank(w, sa);
	if (sa->a != sa->b)
		side_bank(w, sb);
	x0 = guess;
	y0 = pair_map(m, sa, sb, x0);
	x1 = y0;
	y1 = pair_map(m, sa, sb, x1);
	for (it = 0; it < 100 && fabs(y1 - x1) > 1e-9; it++) {
		/* Secant on h(x) - x: exact once the policy settles. */
		r0 = y0 - x0;
		r1 = y1 - x1;
		x2 = r1 != r0 ? x1 - r1 * (x1 - x0) / (r1 - r0) : y1;
		if (!(x2 >= 0 && x2 <= 1))
			x2 = y1;
		x0 = x1;
		y0 = y1;
		x1 = x2;
		y1 = pair_map(m, sa, sb, x1);
	}
	/* The last map left both turns solved at the fixed point. */
	if (sa->a != sa->b)
		side_store(sb, w->k, f, o);
	side_store(sa, w->k, f, o);
}

/* Allocate a side's arrays for k levels. */
static void
side_init(struct side *s, int k)
{
	size_t n = (size_t)(2 * k + TT_SPAN);

	s->bank = xreallocarray(NULL, n * 7, sizeof s->bank[0]);
	s->roll = xreallocarray(NULL, n * 7, sizeof s->roll[0]);
	s->roll2s0 = xreallocarray(NULL, n, sizeof s->roll2s0[0]);
	s->cv = xreallocarray(NULL, n * 7, sizeof s->cv[0]);
}

/* Free a side's arrays. */
static void
side_free(struct side *s)
{
	free(s->bank);
	free(s->roll);
	free(s->roll2s0);
	free(s->cv);
}

/* Solve the two-player table, pairs from the highest sum down. */
void
tt_win_build(const struct tt_model *m, int k, float *f, uint16_t *o,
    void (*progress)(void *, double), void *arg)
{
	struct tt_win w = { k, m->four_pair, f, o };
	struct side sa, sb;
	double guess, done = 0, all = 0;
	int s, a, b;

	for (a = 0; a < k; a++)
		for (b = 0; b < k; b++)
			all += side_levels(k, a, b);
	side_init(&sa, k);
	side_init(&sb, k);
	for (s = 2 * (k - 1); s >= 0; s--) {
		for (a = s - (k - 1) > 0 ? s - (k - 1) : 0; a <= s / 2; a++) {
			b = s - a;
			sa.a = sb.b = a;
			sa.b = sb.a = b;
			guess = a + 1 < k ? f[(size_t)(a + 1) * k + b] : 0.5;
			pair_solve(m, &w, &sa, &sb, guess, f, o);
			done += side_levels(k, a, b) + side_levels(k, b, a);
		}
		if (progress != NULL)
			progress(arg, done / all);
	}
	side_free(&sa);
	side_free(&sb);
}

/* A turn solved for advice: its leaves and values, in output units. */
struct turn {
	int	 nlev;
	double	 unit;			/* points per level, or 1 */
	double	*bank, *roll, *roll2s0, *cv;
};

/*
 * The levels p's turn must solve: to the target (or TT_POINTS_CAP), and
 * at least the total on the table.  Solving more levels than that changes
 * no value below them (a bank there is worth the most any play is).
 */
static int
turn_levels(const struct tt_position *p, const struct tt_win *w,
    int need_lev)
{
	int a = (int)(p->score / TT_LEVEL), b = (int)(p->opp / TT_LEVEL);
	int nlev, top;

	top = (int)((p->total + p->set_score) / TT_LEVEL);
	if (p->phase == TT_OFFER)
		top = (int)(p->offer_total / TT_LEVEL);
	if (w != NULL)
		nlev = side_levels(w->k, a, b);
	else
		nlev = need_lev < TT_POINTS_CAP ? need_lev : TT_POINTS_CAP;
	return nlev < top + 1 ? top + 1 : nlev;
}

/* Solve nlev levels of the turn of p's mover under the basis w allows. */
static void
turn_solve(const struct tt_model *m, const struct tt_position *p,
    const struct tt_win *w, int need_lev, int nlev, struct turn *t)
{
	int a = (int)(p->score / TT_LEVEL), b = (int)(p->opp / TT_LEVEL);
	int i, n;
	double farkle;

	t->nlev = nlev;
	if (w != NULL) {
		t->unit = 1;
		farkle = 1 - w->f[(size_t)b * w->k + a];
	} else {
		t->unit = TT_LEVEL;
		farkle = 0;
	}
	t->bank = xreallocarray(NULL, (size_t)(t->nlev + TT_SPAN) * 7,
	    sizeof t->bank[0]);
	t->roll = xreallocarray(NULL, (size_t)t->nlev * 7, sizeof t->roll[0]);
	t->cv = xreallocarray(NULL, (size_t)(t->nlev + TT_SPAN) * 7,
	    sizeof t->cv[0]);
	t->roll2s0 = xreallocarray(NULL, (size_t)t->nlev,
	    sizeof t->roll2s0[0]);
	for (i = 0; i < t->nlev + TT_SPAN; i++)
		for (n = 0; n < 7; n++) {
			if (w == NULL)
				AT(t->bank, i, n) = i < need_lev ? i : need_lev;
			else if (i == 0 || n == 0)
				AT(t->bank, i, n) = 0;
			else
				AT(t->bank, i, n) = a + i >= w->k ? 1 :
				    1 - tt_win_o(w, b, a + i, i, n);
		}
	tt_sweep(m, t->nlev, t->bank, farkle, t->roll, t->roll2s0, t->cv);
}

/* Free a solved turn. */
static void
turn_free(struct turn *t)
{
	free(t->bank);
	free(t->roll);
	free(t->roll2s0);
	free(t->cv);
}

/*
 * Solved turns kept for the next advice (a review asks for one at every
 * decision; a turn's solution depends only on the key, not on where in
 * the turn the player is): the table and both scores (win), or the levels
 * a bank may count (points: min(level, need) for the levels solved).
 */
#define TURN_SLOTS	16

struct turn_slot {
	int			 used;
	unsigned long		 stamp;
	int			 four_pair;
	const struct tt_win	*w;
	int			 a, b, need;
	struct turn		 t;
};

/*
 * The coach's memory, its caller's (tt-coach.h): the models of four_pair
 * off and on (made on first use), the solved turns with the clock that
 * ages them, and where the two-player table comes from.
 */
struct tt_coach {
	struct tt_model		*models[2];
	struct turn_slot	 slots[TURN_SLOTS];
	unsigned long		 clock;
	tt_win_source		 source;
	const void		*source_arg;
};

/* A coach with nothing solved yet; see tt-coach.h. */
struct tt_coach *
tt_coach_new(tt_win_source source, const void *arg)
{
	struct tt_coach *c = xcalloc(1, sizeof *c);

	c->source = source;
	c->source_arg = arg;
	return c;
}

/* Free c: its models and turns; see tt-coach.h. */
void
tt_coach_free(struct tt_coach *c)
{
	int i;

	if (c == NULL)
		return;
	for (i = 0; i < TURN_SLOTS; i++)
		if (c->slots[i].used)
			turn_free(&c->slots[i].t);
	tt_model_free(c->models[0]);
	tt_model_free(c->models[1]);
	free(c);
}

/* The turn of p solved, from the slots when one fits, else solved there. */
static const struct turn *
turn_get(struct tt_coach *c, const struct tt_model *m,
    const struct tt_position *p, const struct tt_win *w, int need_lev)
{
	struct turn_slot *s, *old = &c->slots[0];
	int nlev = turn_levels(p, w, need_lev), a, b, need, i;

	a = w != NULL ? (int)(p->score / TT_LEVEL) : 0;
	b = w != NULL ? (int)(p->opp / TT_LEVEL) : 0;
	need = w != NULL ? 0 : need_lev < TT_POINTS_CAP + TT_SPAN ? need_lev :
	    TT_POINTS_CAP + TT_SPAN;
	for (i = 0; i < TURN_SLOTS; i++) {
		s = &c->slots[i];
		if (s->used && s->four_pair == p->four_pair && s->w == w &&
		    s->a == a && s->b == b && s->need == need &&
		    s->t.nlev == nlev) {
			s->stamp = ++c->clock;
			return &s->t;
		}
		if (!s->used || (old->used && s->stamp < old->stamp))
			old = s;
	}
	if (old->used)
		turn_free(&old->t);
	old->used = 1;
	old->stamp = ++c->clock;
	old->four_pair = p->four_pair;
	old->w = w;
	old->a = a;
	old->b = b;
	old->need = need;
	turn_solve(m, p, w, need_lev, nlev, &old->t);
	return &old->t;
}

/* Add a move; "then" says what follows a keep; banks: the total banked. */
static void
add_move(struct tt_advice *ad, const char *entry, double v, const char *then,
    long banks)
{
	struct tt_move *mv;

	if (ad->nmoves == TT_MAX_MOVES)
		return;
	mv = &ad->moves[ad->nmoves++];
	snprintf(mv->entry, sizeof mv->entry, "%s", entry);
	snprintf(mv->then, sizeof mv->then, "%s", then != NULL ? then : "");
	mv->value = v;
	mv->banks = banks;
}

/* Order moves best first, keeping the order of equals (stable). */
static void
sort_moves(struct tt_advice *ad)
{
	struct tt_move tmp;
	int i, j;

	for (i = 1; i < ad->nmoves; i++) {
		tmp = ad->moves[i];
		for (j = i; j > 0 && ad->moves[j - 1].value < tmp.value; j--)
			ad->moves[j] = ad->moves[j - 1];
		ad->moves[j] = tmp;
	}
}

/* The keeps, bank and roll after a roll (TT-3..TT-6). */
static void
rolled_moves(const struct tt_position *p, const struct turn *t,
    struct tt_advice *ad)
{
	int used[6], all[6], na, c[7], k[7], f, i, j, bad;
	int cur = (int)((p->total + p->set_score) / TT_LEVEL), lev, dl;
	char entry[32], then[32];
	double bv, rv;
	long sc;

	dl = p->doubles || p->nset == p->nroll ? 6 : p->nroll - p->nset;
	if (p->nset > 0 || p->doubles) {
		rv = AT(t->roll, cur, dl) * t->unit;
		snprintf(entry, sizeof entry, "roll %d", dl);
		add_move(ad, entry, rv, NULL, 0);
		if (p->nset > 0 || p->scored)
			add_move(ad, "bank", AT(t->bank, cur, dl) * t->unit,
			    NULL, p->total + p->set_score);
	}
	/* The dice not kept, as counts; each sub-multiset a keep. */
	memset(used, 0, sizeof used);
	for (j = 0; j < p->nset; j++)
		for (i = 0; i < p->nroll; i++)
			if (!used[i] && p->roll[i] == p->set[j]) {
				used[i] = 1;
				break;
			}
	memset(c, 0, sizeof c);
	for (i = 0; i < p->nroll; i++)
		if (!used[i])
			c[p->roll[i]]++;
	memset(k, 0, sizeof k);
	while (next_sub(k, c)) {
		memcpy(all, p->set, sizeof all[0] * (size_t)p->nset);
		na = p->nset;
		j = snprintf(entry, sizeof entry, "keep");
		for (f = 1; f <= 6; f++)
			for (i = 0; i < k[f]; i++) {
				all[na++] = f;
				j += snprintf(entry + j, sizeof entry -
				    (size_t)j, " %d", f);
			}
		if ((sc = dice_keep_score(all, na, p->four_pair, &bad)) <= 0)
			continue;
		lev = (int)((p->total + sc) / TT_LEVEL);
		dl = p->doubles || na == p->nroll ? 6 : p->nroll - na;
		bv = AT(t->bank, lev, dl);
		rv = lev < t->nlev ? AT(t->roll, lev, dl) : -1;
		if (rv > bv)
			snprintf(then, sizeof then, "roll %d", dl);
		else
			snprintf(then, sizeof then, "bank");
		add_move(ad, entry, (rv > bv ? rv : bv) * t->unit, then,
		    rv > bv ? 0 : p->total + sc);
	}
}

/* "1 die" or "3 dice". */
static const char *
dice_word(int n)
{
	return P_("die", "dice", n);
}

/*
 * What a move gives, in words: a bank that reaches the target "reaches
 * 2000 and wins"; else the chance to win ("51.7%"), or the points: a bank
 * its total, the rest their average this turn with best play.
 */
static void
put_value(struct buf *b, const struct tt_position *p,
    const struct tt_advice *ad, const struct tt_move *mv, int first)
{
	if (mv->banks > 0 && p->score + mv->banks >= p->target)
		buf_printf(b, _("reaches %ld and wins"), p->target);
	else if (ad->basis == TT_WIN)
		buf_printf(b, first ? _("%.1f%% to win with best play") :
		    _("%.1f%%"),
		    100 * mv->value);
	else if (mv->banks > 0)
		buf_printf(b, _("%ld banked"), mv->banks);
	else
		buf_printf(b, first ? _("%.1f points on average this turn with "
		    "best play") : _("%.1f on average"), mv->value);
}

/* A move in words: "keep 1 5, then roll 4" or "roll 6 dice". */
static void
put_move(struct buf *b, const struct tt_move *mv)
{
	int n;

	if (sscanf(mv->entry, "roll %d", &n) == 1)
		buf_printf(b, _("roll %d %s"), n, dice_word(n));
	else
		buf_puts(b, mv->entry);
	if (mv->then[0] != '\0') {
		if (sscanf(mv->then, "roll %d", &n) == 1)
			buf_printf(b, _(" and roll %d %s"), n, dice_word(n));
		else
			buf_printf(b, _(" and %s"), mv->then);
	}
}

/* The line in words: the best move, what it gives, the next two. */
static void
advice_say(const struct tt_position *p, struct tt_advice *ad)
{
	struct buf b = BUF_INIT;
	int i;

	put_move(&b, &ad->moves[0]);
	buf_puts(&b, _(": "));
	put_value(&b, p, ad, &ad->moves[0], 1);
	for (i = 1; i < ad->nmoves && i < 3; i++) {
		buf_puts(&b, i == 1 ? " (" : _("; "));
		put_move(&b, &ad->moves[i]);
		buf_puts(&b, _(": "));
		put_value(&b, p, ad, &ad->moves[i], 0);
	}
	if (ad->nmoves > 3)
		buf_puts(&b, _("; "));
	if (ad->nmoves > 1)
		buf_puts(&b, ad->nmoves > 3 ? "...)" : ")");
	buf_puts(&b, ".");
	snprintf(ad->say, sizeof ad->say, "%s", buf_str(&b));
	buf_free(&b);
}

/*
 * The advice for p with the table w (NULL: points), from coach c; keep:
 * w stays as it is for c's life (the source's), so its turns may be
 * kept in c.
 */
static void
advise(struct tt_coach *c, const struct tt_position *p,
    const struct tt_win *w, int keep, struct tt_advice *ad)
{
	struct turn own;
	const struct turn *t;
	struct tt_model *m;
	struct buf b = BUF_INIT;
	long need = p->target - p->score;
	int lev, n;
	double v;

	memset(ad, 0, sizeof *ad);
	if (w != NULL && (p->nplayers != 2 || w->k * TT_LEVEL != p->target ||
	    w->four_pair != p->four_pair))
		w = NULL;
	ad->basis = w != NULL ? TT_WIN : TT_POINTS;
	if ((m = c->models[p->four_pair != 0]) == NULL)
		m = c->models[p->four_pair != 0] = tt_model_new(p->four_pair);
	if (w == NULL || keep)
		t = turn_get(c, m, p, w, (int)(need / TT_LEVEL));
	else {
		turn_solve(m, p, w, (int)(need / TT_LEVEL), turn_levels(p, w,
		    (int)(need / TT_LEVEL)), &own);
		t = &own;
	}
	switch (p->phase) {
	case TT_OFFER:
		lev = (int)(p->offer_total / TT_LEVEL);
		n = p->offer_dice;
		v = n == 2 ? t->roll2s0[lev] : AT(t->roll, lev, n);
		add_move(ad, "continue", v * t->unit, NULL, 0);
		add_move(ad, "fresh", AT(t->roll, 0, 6) * t->unit, NULL, 0);
		break;
	case TT_ROLL:
		lev = (int)(p->total / TT_LEVEL);
		n = p->in_hand;
		v = n == 2 && !p->scored ? t->roll2s0[lev] :
		    AT(t->roll, lev, n);
		ad->value = v * t->unit;
		buf_printf(&b, _("%d %s farkle %.1f%% of the time"), n,
		    dice_word(n), 100 * dice_farkle_odds(n));
		if (p->total > 0)
			buf_printf(&b, _(", %ld at stake"), p->total);
		if (ad->basis == TT_WIN)
			buf_printf(&b, _("; the chance to win with best play: "
			    "%.1f%%."), 100 * ad->value);
		else
			buf_printf(&b, _("; with best play this turn banks "
			    "%.1f on average."), ad->value);
		snprintf(ad->say, sizeof ad->say, "%s", buf_str(&b));
		buf_free(&b);
		break;
	case TT_ROLLED:
		rolled_moves(p, t, ad);
		break;
	}
	if (t == &own)
		turn_free(&own);
	sort_moves(ad);
	if (ad->nmoves == 0)
		return;
	ad->value = ad->moves[0].value;
	advice_say(p, ad);
}

/* The advice for p with the table w (NULL: points); see tt-coach.h. */
void
tt_coach_advise_with(struct tt_coach *c, const struct tt_position *p,
    const struct tt_win *w, struct tt_advice *ad)
{
	struct tt_coach *own = c != NULL ? NULL : tt_coach_new(NULL, NULL);

	advise(c != NULL ? c : own, p, w, 0, ad);
	tt_coach_free(own);
}

/* The advice for p, with the table from c's source; see tt-coach.h. */
void
tt_coach_advise(struct tt_coach *c, const struct tt_position *p,
    struct tt_advice *ad)
{
	const struct tt_win *w = NULL;

	if (c == NULL) {
		tt_coach_advise_with(NULL, p, NULL, ad);
		return;
	}
	if (p->nplayers == 2 && p->target <= TT_WIN_MAX && c->source != NULL)
		w = c->source(c->source_arg, p->target, p->four_pair);
	advise(c, p, w, 1, ad);
}
