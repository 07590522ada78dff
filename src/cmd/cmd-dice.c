/*
 * cmd-dice.c: the dice audit.  Every die value recorded in the database
 * (only dice really rolled: start and tie rolls, shakes, rolls; entries
 * later undone left out), per kind of die, against a fair die: counts per
 * face, chi-square and its p-value.  The counts come from each game's
 * tally (dice_tally, kept with every entry by src/cmd/cache.c), so the audit
 * reads no entry (issue 29).  GSL's gsl_cdf_chisq_Q gives the
 * p-value; libgsl is loaded with dlopen() by this command alone, so no
 * other command pays for loading it.
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "cmd.h"
#include "utf8.h"

#ifndef GSL_SONAME
#define GSL_SONAME	"libgsl.so.27"
#endif

#define KINDS		6	/* d6, then Shake dice with 1..5 faces of 10 */

struct tally {
	long		 count[KINDS][7];
};

struct audit {
	struct tally	 t;
	const char	*rules;		/* --rules (canonical), or NULL */
	const char	*player;	/* --player, or NULL */
	char		*named;		/* the player as stored (the first
					   game that matched), or NULL */
	int		 found;		/* games where the player plays */
	int		 games;		/* games counted */
	int		 unrolled;	/* games of rules that record no dice */
	/* the games counted, by id, with the player's seat (-1: all) */
	long long	*id;
	int		*seat;
	int		 n;
	int		 at;		/* the merge's place in id[] */
	struct buf	 names;		/* every player met, one a line */
};

/* Keep the names of gs's players in au->names, each once. */
static void
dice_names(struct audit *au, const struct game_setup *gs)
{
	const char *s;
	int i;

	for (i = 0; i < gs->nplayers; i++) {
		for (s = buf_str(&au->names); *s != '\0';
		    s = strchr(s, '\n') + 1)
			if (utf8_casecmp_n(s, strcspn(s, "\n"),
			    gs->names[i]) == 0)
				break;
		if (*s == '\0')
			buf_printf(&au->names, "%s\n", gs->names[i]);
	}
}

/*
 * "'NAME' is not a player of any game", with the nearest of the names
 * met (by their loose keys, as a game's NAME is matched), into b.
 */
static void
dice_unknown(struct audit *au, const char *of, struct buf *b)
{
	struct utf8_near nr = UTF8_NEAR_INIT;
	struct buf k = BUF_INIT, nk = BUF_INIT;
	char *names = xstrdup(buf_str(&au->names)), *s, *e;

	utf8_loose(&k, au->player);
	for (s = names; (e = strchr(s, '\n')) != NULL; s = e + 1) {
		*e = '\0';
		buf_reset(&nk);
		utf8_loose(&nk, s);
		utf8_near_put(&nr, utf8_distance(buf_str(&k), buf_str(&nk)),
		    s);
	}
	buf_printf(b, _("'%s' is not a player of any game%s"), au->player, of);
	if (utf8_near_ok(&nr, buf_str(&k))) {
		buf_puts(b, _("; did you mean "));
		utf8_near_list(b, &nr);
		buf_puts(b, "?");
	}
	free(names);
	buf_free(&k);
	buf_free(&nk);
}

/* A game of the listing: counted if its rules roll dice and it fits. */
static int
dice_collect(void *arg, const struct store_game *g, long nentries)
{
	struct audit *au = arg;
	const struct game_rules *rules = game_find(g->rules);
	struct game_setup gs;
	int seat = -1;

	(void)nentries;
	if (rules == NULL || rules->rolled == NULL || (au->rules != NULL &&
	    strcmp(rules->name, au->rules) != 0)) {
		if (rules != NULL && rules->rolled == NULL &&
		    au->rules != NULL && strcmp(rules->name, au->rules) == 0)
			au->unrolled++;
		return 0;
	}
	memset(&gs, 0, sizeof gs);
	gs.nplayers = g->nplayers;
	gs.names = (const char *const *)g->names;
	dice_names(au, &gs);
	if (au->player != NULL && (seat = game_seat(&gs, au->player)) < 0)
		return 0;
	if (seat >= 0 && au->named == NULL)
		au->named = xstrdup(gs.names[seat]);
	au->found++;
	au->games++;
	au->id = xreallocarray(au->id, (size_t)au->n + 1, sizeof *au->id);
	au->seat = xreallocarray(au->seat, (size_t)au->n + 1,
	    sizeof *au->seat);
	au->id[au->n] = g->id;
	au->seat[au->n++] = seat;
	return 0;
}

/*
 * A row of the tally (src/cmd/cache.c keeps it with every entry: the dice of
 * the entries in effect), by game id as the games are listed: counted
 * if its game is, and by the player asked for.
 */
static int
dice_row(void *arg, long long game, int seat, int kind, int face,
    long count)
{
	struct audit *au = arg;

	while (au->at < au->n && au->id[au->at] < game)
		au->at++;
	if (au->at == au->n || au->id[au->at] != game ||
	    (au->seat[au->at] >= 0 && seat != au->seat[au->at]))
		return 0;
	if (kind >= 0 && kind < KINDS && face >= 0 && face <= 6)
		au->t.count[kind][face] += count;
	return 0;
}

/*
 * The option that says how many faces of a Shake die show 10 (its kind,
 * GAME_OPT_FACES): the audit names a kind of Shake die KEY=K by it.
 */
static const char *
faces_key(void)
{
	const struct game_rules *const *g;
	int k;

	for (g = game_table; *g != NULL; g++)
		if ((k = game_option_kind(*g, GAME_OPT_FACES)) >= 0)
			return (*g)->options[k].key;
	return "faces";
}

/* A kind's faces: first face, last face, and each face's chance. */
static int
kind_faces(int kind, double *p, const char **label)
{
	int f;

	if (kind == 0) {
		for (f = 1; f <= 6; f++)
			p[f] = 1 / 6.0;
		return 1;
	}
	p[1] = kind / 6.0;	/* 10 */
	p[0] = 1 - p[1];	/* 0 */
	label[0] = "0";
	label[1] = "10";
	return 0;
}

/*
 * The chance p in words, as "about 1 in 25,000 times" or "about 7 in 10
 * times" (1 in N to two figures, N with thousands separated).
 */
static void
put_chance(struct buf *b, double p)
{
	char digits[32];
	double n;
	int i, len, mag;

	if (p >= 0.95) {
		buf_puts(b, _("nearly always"));
		return;
	}
	if (p >= 0.1) {
		buf_printf(b, _("about %.0f in 10 times"), p * 10);
		return;
	}
	if (!(p >= 1e-9)) {
		buf_puts(b, _("less than 1 in a billion times"));
		return;
	}
	n = 1 / p;
	mag = (int)floor(log10(n)) - 1;		/* keep two figures */
	n = mag > 0 ? floor(n / pow(10, mag) + 0.5) * pow(10, mag) :
	    floor(n + 0.5);
	len = snprintf(digits, sizeof digits, "%.0f", n);
	buf_puts(b, _("about 1 in "));
	for (i = 0; i < len; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			buf_puts(b, ",");
		buf_printf(b, "%c", digits[i]);
	}
	buf_puts(b, _(" times"));
}

/*
 * x to six significant figures: a p-value of 2.65e-30 stays 2.65e-30
 * (SPEC: never 0.0), 0.67 stays 0.67.
 */
static double
significant(double x)
{
	char s[64];

	snprintf(s, sizeof s, "%.6g", x);
	return strtod(s, NULL);
}

/* The verdict in words into b; chi2's p-value is p. */
static void
verdict(const long *c, const double *pf, int lo, int hi, long n, double p,
    const char *const *label, struct buf *b)
{
	double z, worst = 0, e;
	int f, wf = lo, few = 0;

	for (f = lo; f <= hi; f++) {
		e = n * pf[f];
		few |= e < 5;
		z = (c[f] - e) / sqrt(e);
		if (fabs(z) > fabs(worst)) {
			worst = z;
			wf = f;
		}
	}
	if (few) {
		buf_puts(b, _("too few dice to judge yet (a face is expected "
		    "under 5 times)"));
		return;
	}
	if (p >= 0.01)
		buf_puts(b, _("nothing unusual: fair dice are at least this "
		    "uneven "));
	else if (worst > 0)
		buf_printf(b, _("face %s comes up too often: fair dice are "
		    "this uneven "), label[wf]);
	else
		buf_printf(b, _("face %s comes up too seldom: fair dice are "
		    "this uneven "), label[wf]);
	put_chance(b, p);
}

/* One kind of die counted, and its test against a fair die. */
struct kind_test {
	int		 kind;
	const long	*c;		/* count per face */
	double		 pf[7];		/* a fair die's chance per face */
	const char	*label[7];
	int		 lo, hi;	/* the faces */
	long		 n;		/* dice */
	double		 chi2, p;
};

/* Test kind's counts in au with chisq_q: 0, or -1 if none was rolled. */
static int
kind_test(const struct audit *au, int kind,
    double (*chisq_q)(double, double), struct kind_test *t)
{
	static const char *d6[] = { "0", "1", "2", "3", "4", "5", "6" };
	double e;
	int f;

	t->kind = kind;
	t->c = au->t.count[kind];
	memcpy(t->label, d6, sizeof t->label);
	t->lo = kind_faces(kind, t->pf, t->label);
	t->hi = kind == 0 ? 6 : 1;
	for (t->n = 0, f = t->lo; f <= t->hi; f++)
		t->n += t->c[f];
	if (t->n == 0)
		return -1;
	for (t->chi2 = 0, f = t->lo; f <= t->hi; f++) {
		e = t->n * t->pf[f];
		t->chi2 += (t->c[f] - e) * (t->c[f] - e) / e;
	}
	t->p = chisq_q(t->chi2, t->hi - t->lo);
	return 0;
}

/* A kind's object of dice --json. */
static json_t *
kind_json(const struct kind_test *t)
{
	json_t *k = json_object(), *faces = json_object();
	char name[32];
	int f;

	if (t->kind == 0)
		xjson_set(k, "kind", json_string("d6"));
	else {
		snprintf(name, sizeof name, "%s=%d", faces_key(), t->kind);
		xjson_set(k, "kind", json_string(name));
	}
	xjson_set(k, "rolls", json_integer(t->n));
	for (f = t->lo; f <= t->hi; f++)
		xjson_set(faces, t->label[f], json_integer(t->c[f]));
	xjson_set(k, "faces", faces);
	xjson_set(k, "chi2", json_real(sr_round(t->chi2, 4)));
	xjson_set(k, "p", json_real(significant(t->p)));
	return k;
}

/* A kind in words into b: its table, the chi-square, the verdict. */
static void
kind_text(const struct kind_test *t, struct buf *b)
{
	int f, lo = t->lo, hi = t->hi;

	if (t->kind == 0)
		buf_printf(b, _("six-sided dice: %ld\n"), t->n);
	else
		buf_printf(b, P_("Shake dice with %d face of 6 showing 10 "
		    "(%s=%d): %ld\n", "Shake dice with %d faces of 6 "
		    "showing 10 (%s=%d): %ld\n", t->kind), t->kind,
		    faces_key(), t->kind, t->n);
	buf_puts(b, _("  face    "));
	for (f = lo; f <= hi; f++)
		buf_printf(b, " %7s", t->label[f]);
	buf_puts(b, _("\n  rolled  "));
	for (f = lo; f <= hi; f++)
		buf_printf(b, " %7ld", t->c[f]);
	buf_puts(b, _("\n  expected"));
	for (f = lo; f <= hi; f++)
		buf_printf(b, " %7.1f", t->n * t->pf[f]);
	buf_printf(b, P_("\n  chi-square %.2f with %d degree of freedom\n  ",
	    "\n  chi-square %.2f with %d degrees of freedom\n  ", hi - lo),
	    t->chi2, hi - lo);
	verdict(t->c, t->pf, lo, hi, t->n, t->p, t->label, b);
	buf_puts(b, "\n");
}

/*
 * The words before the kinds into b: what was counted (g: --rules, n:
 * the dice in all), or that g records no dice.
 */
static void
dice_heading(const struct audit *au, const struct game_rules *g, long n,
    struct buf *b)
{
	if (g != NULL && g->rolled == NULL) {
		/* Not "(0 games)": its games record no die values. */
		buf_printf(b, P_("dice recorded in %s: none; %s (%d game)\n",
		    "dice recorded in %s: none; %s (%d games)\n", au->unrolled),
		    g->name, g->unrolled != NULL ? _(g->unrolled) : _("its dice "
		    "are not recorded"), au->unrolled);
		return;
	}
	buf_puts(b, _("dice recorded"));
	if (g != NULL)
		buf_printf(b, _(" in %s"), g->name);
	if (au->player != NULL)
		buf_printf(b, _(" by %s"), au->named != NULL ? au->named :
		    au->player);
	buf_printf(b, P_(" (%d game)\n", " (%d games)\n", au->games),
	    au->games);
	if (n == 0)
		buf_puts(b, _("no dice yet\n"));
}

/*
 * Count the dice of the games au asks for, in a read transaction of its
 * own; then --player naming no player is exit 3.  SR_OK, or the message
 * printed.
 */
static int
dice_read(struct sr_ctx *ctx, const struct game_rules *g, struct audit *au)
{
	struct buf of = BUF_INIT, m = BUF_INIT;
	char *why = NULL;
	int status;

	if ((status = store_begin(ctx->store, 0, &why)) != SR_OK ||
	    (status = store_games(ctx->store, 1, dice_collect, au, &why)) !=
	    SR_OK ||
	    (status = store_dice_rows(ctx->store, 0, dice_row, au, &why)) !=
	    SR_OK) {
		store_rollback(ctx->store);
		return sr_store_error(ctx, status, why);
	}
	store_rollback(ctx->store);
	if (au->player == NULL || au->found > 0)
		return SR_OK;
	if (g != NULL)
		buf_printf(&of, _(" of %s"), g->name);
	dice_unknown(au, buf_str(&of), &m);
	status = sr_error(ctx, SR_DATA, "%s", buf_str(&m));
	buf_free(&of);
	buf_free(&m);
	return status;
}

/* GSL's gsl_cdf_chisq_Q into *q, GSL loaded into *dl; or the message. */
static int
load_chisq(struct sr_ctx *ctx, void **dl, double (**q)(double, double))
{
	if ((*dl = dlopen(GSL_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL ||
	    (*(void **)q = dlsym(*dl, "gsl_cdf_chisq_Q")) == NULL)
		return sr_error(ctx, SR_SYSTEM, "cannot load GSL (%s) for the "
		    "chi-square test: %s", GSL_SONAME, dlerror());
	return SR_OK;
}

/* dice [--rules RULES] [--player NAME] */
static int
cmd_dice_exec(struct sr_ctx *ctx, struct cmd_args *args)
{
	const char *rules = args_get(args, "rules");
	const struct game_rules *g = NULL;
	struct kind_test t;
	struct audit *au;
	struct buf b = BUF_INIT;
	double (*chisq_q)(double, double) = NULL;
	void *dl = NULL;
	long n;
	int status, kind, f;
	json_t *list = json_array(), *o;

	if (rules != NULL && (g = game_find(rules)) == NULL)
		status = sr_error(ctx, SR_USAGE, "%s", sr_rules_unknown(&b,
		    rules));
	else
		status = sr_store(ctx);
	if (status != SR_OK) {
		json_decref(list);
		buf_free(&b);
		return status;
	}
	au = xcalloc(1, sizeof *au);
	au->player = args_get(args, "player");
	au->rules = g != NULL ? g->name : NULL;
	if ((status = dice_read(ctx, g, au)) != SR_OK)
		goto out;
	for (kind = 0, n = 0; kind < KINDS; kind++)
		for (f = 0; f <= 6; f++)
			n += au->t.count[kind][f];
	if (n > 0 && (status = load_chisq(ctx, &dl, &chisq_q)) != SR_OK)
		goto out;
	if (!ctx->json)
		dice_heading(au, g, n, &b);
	for (kind = 0; kind < KINDS; kind++) {
		if (kind_test(au, kind, chisq_q, &t) != 0)
			continue;
		if (ctx->json)
			xjson_push(list, kind_json(&t));
		else
			kind_text(&t, &b);
	}
	if (ctx->json) {
		o = json_object();
		xjson_set(o, "dice", json_incref(list));
		status = sr_print_json(ctx, o);
	} else
		sr_print_text(ctx, buf_str(&b));
out:
	if (dl != NULL)
		dlclose(dl);
	json_decref(list);
	buf_free(&b);
	free(au->id);
	free(au->seat);
	buf_free(&au->names);
	free(au->named);
	free(au);
	return status;
}

const struct cmd_entry cmd_dice_entry = {
	.name = "dice",
	.usage = "[--rules RULES] [--player NAME]",
	.summary = N_("the dice audit: every die recorded, face counts against "
	    "a fair die (chi-square, p-value)"),
	.spec = { .opts = { { "rules", CMD_VALUE | CMD_NONEMPTY },
	    { "player", CMD_VALUE | CMD_NONEMPTY } },
	    .hint = N_("; expected [--rules RULES] [--player NAME]") },
	.exec = cmd_dice_exec,
	.play = CMD_PLAY,
};
