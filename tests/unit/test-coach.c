/*
 * test-coach.c: the coach's advice (game.h struct advice) for Shake Up,
 * Stack Attack and Shake's All Shake round, against values computed here
 * by a search written independently of the modules.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

extern const struct game_rules game_shake, game_shake_up, game_stack_attack;

/* Free advice a and what it holds. */
static void
advice_drop(struct advice *a)
{
	advice_free(a);
	free(a);
}

/* The advice now, or NULL (the caller drops it: advice_drop). */
static struct advice *
advice_of(struct th *t)
{
	struct advice *a = xcalloc(1, sizeof *a);

	if (t->rp.rules->advice == NULL || !t->rp.rules->advice(t->rp.st, a)) {
		advice_drop(a);
		return NULL;
	}
	return a;
}

/* The value of the move entry in a, or -1 if it is not listed. */
static double
value_of(const struct advice *a, const char *entry)
{
	int i;

	for (i = 0; i < a->nmoves; i++)
		if (strcmp(a->moves[i].entry, entry) == 0)
			return a->moves[i].value;
	return -1;
}

/* ---- Shake Up: the hold search, again, by face counts ---- */

/* 1 if four dice given as face counts make (A) or (B) (SU-4). */
static int
t_ab(const int *c)
{
	int f, most = 0, pairs = 0;

	for (f = 1; f <= 6; f++) {
		if (c[f] > most)
			most = c[f];
		pairs += c[f] == 2;
	}
	if (most >= 3 || pairs == 2)
		return 1;
	for (f = 1; f + 2 <= 6; f++)
		if (c[f] && c[f + 1] && c[f + 2])
			return 1;
	return 0;
}

static int t_free;
static double t_memo[4][15625];
static char t_known[4][15625];

static double	t_after(const int *, const int *, int);

/* The key of face counts c (each 0..4): base 5. */
static int
t_key(const int *c)
{
	int f, k = 0;

	for (f = 6; f >= 1; f--)
		k = k * 5 + c[f];
	return k;
}

/* Best chance of (A) or (B) before a shake holding counts h, k left. */
static double
t_before(const int *h, int k)
{
	int n = 0, f, i, j, x, total = 1, o[7];
	double sum = 0;

	for (f = 1; f <= 6; f++)
		n += h[f];
	if (t_known[k][t_key(h)])
		return t_memo[k][t_key(h)];
	for (i = 0; i < 4 - n; i++)
		total *= 6;
	for (i = 0; i < total; i++) {
		memset(o, 0, sizeof o);
		for (x = i, j = 0; j < 4 - n; j++, x /= 6)
			o[x % 6 + 1]++;
		sum += t_after(h, o, k - 1);
	}
	t_known[k][t_key(h)] = 1;
	return t_memo[k][t_key(h)] = sum / total;
}

/*
 * After a shake: held counts h, shaken counts o, k left: stand, or hold
 * sub-counts s of o (locked) or of the hand (free) and shake on.
 */
static double
t_after(const int *h, const int *o, int k)
{
	int c[7], s[7], pool[7], f, n;
	double best, v;

	for (f = 1; f <= 6; f++)
		c[f] = h[f] + o[f];
	best = t_ab(c);
	if (k == 0)
		return best;
	for (f = 1; f <= 6; f++)
		pool[f] = t_free ? c[f] : o[f];
	memset(s, 0, sizeof s);
	for (;;) {		/* every sub-count s of pool */
		int hs[7];

		for (n = 0, f = 1; f <= 6; f++) {
			hs[f] = (t_free ? 0 : h[f]) + s[f];
			n += hs[f];
		}
		if (n < 4 && (v = t_before(hs, k)) > best)
			best = v;
		for (f = 1; f <= 6 && s[f] == pool[f]; f++)
			s[f] = 0;
		if (f > 6)
			break;
		s[f]++;
	}
	return best;
}

/* Counts of the values in s ("3 4 6 6") into c. */
static void
t_counts(const char *s, int *c)
{
	memset(c, 0, 7 * sizeof *c);
	for (; *s != '\0'; s++)
		if (*s >= '1' && *s <= '6')
			c[*s - '0']++;
}

/*
 * Check every move of the hold advice: held and last as text, k shakes
 * left.  Locked: keep X is worth the best of standing and every hold of
 * held + a superset of X out of last; free: keep X is worth shaking with
 * X held.  Returns the number of moves that disagree.
 */
static int
check_holds(const struct advice *a, const char *held, const char *last,
    int k, int free_)
{
	int h[7], o[7], c[7], x[7], s[7], f, i, bad = 0, n;
	double want, v, stand;
	const char *p;

	t_free = free_;
	memset(t_known, 0, sizeof t_known);
	t_counts(held, h);
	t_counts(last, o);
	for (f = 1; f <= 6; f++)
		c[f] = h[f] + o[f];
	stand = t_ab(c);
	for (i = 0; i < a->nmoves; i++) {
		p = a->moves[i].entry;
		if (strcmp(p, "stand") == 0)
			want = stand;
		else if (strcmp(p, "roll") == 0)
			want = t_before(h, k);
		else if (strncmp(p, "keep ", 5) == 0 && free_) {
			t_counts(p + 5, x);
			want = t_before(x, k);
		} else if (strncmp(p, "keep ", 5) == 0) {
			t_counts(p + 5, x);
			want = stand;
			memset(s, 0, sizeof s);
			for (;;) {
				int ok_ = 1, hs[7];

				for (n = 0, f = 1; f <= 6; f++) {
					ok_ &= s[f] >= x[f];
					hs[f] = h[f] + s[f];
					n += hs[f];
				}
				if (ok_ && n < 4 && (v = t_before(hs, k)) >
				    want)
					want = v;
				for (f = 1; f <= 6 && s[f] == o[f]; f++)
					s[f] = 0;
				if (f > 6)
					break;
				s[f]++;
			}
		} else {
			diag("unexpected move '%s'", p);
			bad++;
			continue;
		}
		if (fabs(want - a->moves[i].value) > 1e-9) {
			diag("%s: %.6f, the test's search says %.6f", p,
			    a->moves[i].value, want);
			bad++;
		}
		if (i > 0 && a->moves[i].value > a->moves[i - 1].value + 1e-12) {
			diag("%s listed after a worse move", p);
			bad++;
		}
	}
	return bad;
}

/* Shake Up: which dice to keep, by the chance of (A) or (B). */
static void
test_shake_up(void)
{
	struct th t;
	struct advice *a;

	th_start(&t, &game_shake_up, "Ann,Bob", NULL);
	th_must(&t, "roll 6 2");
	ok(advice_of(&t) == NULL, "SU-3: no advice before the first shake "
	    "(the roll is forced)");
	th_must(&t, "roll 3 4 6 6");
	a = advice_of(&t);
	ok(a != NULL && a->basis == ADVICE_CHANCE, "SU-4: the hold advice is "
	    "a chance");
	is_int(check_holds(a, "", "3 4 6 6", 2, 0), 0, "SU-3: every hold of 3 "
	    "4 6 6 (2 shakes left) as the independent search values it");
	is_int(a->nmoves, 13, "stand, roll and the 11 sub-multisets of "
	    "3 4 6 6");
	ok(value_of(a, "keep 3 4") >= a->moves[0].value - 1e-12,
	    "the best hold keeps the run's start: keep 3 4");
	ok(strncmp(buf_str(&a->say), "keep 3 4:", 9) == 0 && strstr(buf_str(&a->say), "(D)") &&
	    strstr(buf_str(&a->say), "(A) or (B)"), "say: keep 3 4, with the chances "
	    "of (A), (A) or (B) and (D)");
	advice_drop(a);
	th_must(&t, "keep 3 4");
	a = advice_of(&t);
	is_int(check_holds(a, "3 4", "6 6", 2, 0), 0, "SU-3: after keep 3 4, "
	    "each move as the search values it");
	ok(strstr(buf_str(&a->say), "holding 3 4 and shaking the rest") != NULL,
	    "say: the chances of what was just kept");
	advice_drop(a);
	th_must(&t, "roll 1 1");
	a = advice_of(&t);
	is_int(check_holds(a, "3 4", "1 1", 1, 0), 0, "SU-3: the last shake "
	    "left, each move as the search values it");
	advice_drop(a);
	th_end(&t);

	th_start(&t, &game_shake_up, "Ann,Bob", "reroll=free");
	th_must(&t, "roll 6 2");
	th_must(&t, "roll 1 1 5 6");
	a = advice_of(&t);
	is_int(check_holds(a, "", "1 1 5 6", 2, 1), 0, "SU-3 reroll=free: "
	    "each hold out of the whole hand as the search values it");
	advice_drop(a);
	th_end(&t);
}

/* Shake Up after (A): again, penalize whom, or pass. */
static void
test_shake_up_after(void)
{
	struct th t;
	struct advice *a;

	th_start(&t, &game_shake_up, "Ann,Bob", NULL);
	th_must(&t, "roll 6 2");
	th_must(&t, "roll 2 3 3 1");	/* B: Ann moves */
	th_must(&t, "stand");
	a = advice_of(&t);
	ok(a != NULL && a->nmoves == 1 && strcmp(a->moves[0].entry,
	    "move 1") == 0, "SU-8: the only move is move 1");
	advice_drop(a);
	th_must(&t, "move 1");
	th_must(&t, "roll 1 2 3 4");	/* Bob: A on the first shake */
	th_must(&t, "stand");
	th_must(&t, "move 1");
	a = advice_of(&t);
	ok(a != NULL && a->basis == ADVICE_POINTS, "SU-5: after (A) the "
	    "coach counts levels");
	ok(value_of(a, "penalize Ann 2") > 1 - 1e-9, "SU-6: penalizing Ann's "
	    "pawn on 2 takes a level and keeps another turn");
	ok(value_of(a, "pass") == 0, "pass gains nothing");
	ok(strcmp(a->moves[0].entry, "penalize Ann 2") == 0, "the special "
	    "advantage: penalize first");
	advice_drop(a);
	th_end(&t);
}

/*
 * The same with Ann named at SPEC.md's longest (32 characters of four
 * bytes): the move and the coach's line name her whole.
 */
static void
test_shake_up_long_name(void)
{
	static const char die[] = "\xf0\x9f\x8e\xb2";	/* U+1F3B2 */
	struct buf ann = BUF_INIT, players = BUF_INIT, want = BUF_INIT;
	struct th t;
	struct advice *a;
	int i;

	for (i = 0; i < 32; i++)
		buf_puts(&ann, die);
	buf_printf(&players, "%s,Bob", buf_str(&ann));
	th_start(&t, &game_shake_up, buf_str(&players), NULL);
	th_must(&t, "roll 6 2");
	th_must(&t, "roll 2 3 3 1");
	th_must(&t, "stand");
	th_must(&t, "move 1");
	th_must(&t, "roll 1 2 3 4");
	th_must(&t, "stand");
	th_must(&t, "move 1");
	a = advice_of(&t);
	buf_printf(&want, "penalize %s 2", buf_str(&ann));
	ok(a != NULL && strcmp(a->moves[0].entry, buf_str(&want)) == 0,
	    "SU-6: the move names a 128-byte name whole (%zu bytes)",
	    want.len);
	buf_printf(&want, ": %s's pawn loses 1 level, and you may still "
	    "take another turn (another turn gains ", buf_str(&ann));
	ok(a != NULL && strncmp(buf_str(&a->say), buf_str(&want), want.len) == 0,
	    "... and so does the coach's line");
	/* To its end: a number and " on average)", nothing cut. */
	if (a != NULL && a->say.len > want.len) {
		char *end;

		(void)strtod(buf_str(&a->say) + want.len, &end);
		is_str(end, " on average)", "... whole, to its last "
		    "character");
	} else
		ok(0, "... whole, to its last character");
	advice_drop(a);
	th_end(&t);
	buf_free(&ann);
	buf_free(&players);
	buf_free(&want);
}

/*
 * What comes next with Shake Up's most players (4), each named at SPEC.md's
 * longest (32 characters of four bytes): the start roll names all four
 * whole (a growing line, struct expectation's say).
 */
static void
test_shake_up_longest_say(void)
{
	static const char die[] = "\xf0\x9f\x8e\xb2";	/* U+1F3B2 */
	struct buf name[4], players = BUF_INIT, want = BUF_INIT;
	struct th t;
	int i, k;

	buf_puts(&want, "Start roll: one die each for ");
	for (i = 0; i < 4; i++) {
		memset(&name[i], 0, sizeof name[i]);
		for (k = 0; k < 31; k++)
			buf_puts(&name[i], die);
		buf_printf(&name[i], "%c", 'A' + i);
		buf_printf(&players, "%s%s", i ? "," : "", buf_str(&name[i]));
		buf_printf(&want, "%s%s", i == 0 ? "" : i < 3 ? ", " : " and ",
		    buf_str(&name[i]));
	}
	buf_puts(&want, " (the highest starts)");
	th_start(&t, &game_shake_up, buf_str(&players), NULL);
	is_str(buf_str(th_expect(&t).say), buf_str(&want),
	    "SU-2: the start roll names four players at the longest, whole");
	ok(want.len > 4 * 125, "... %zu bytes", want.len);
	th_end(&t);
	for (i = 0; i < 4; i++)
		buf_free(&name[i]);
	buf_free(&players);
	buf_free(&want);
}

/* Stack Attack: the longest chain, then the one that blocks. */
static void
test_stack_attack(void)
{
	struct th t;
	struct advice *a;

	th_start(&t, &game_stack_attack, "Ann,Bob,Cid", NULL);
	ok(advice_of(&t) == NULL, "SA-2: no advice before the roll");
	th_must(&t, "roll 1 2 3 3 5");
	a = advice_of(&t);
	ok(a != NULL && a->nmoves == 3 && strcmp(a->moves[0].entry,
	    "place 1 2 3") == 0 && a->moves[0].value == 3 &&
	    strcmp(a->moves[1].entry, "place 1 2") == 0 &&
	    strcmp(a->moves[2].entry, "place 1") == 0, "SA-3: every chain, "
	    "longest first");
	/* Bob rolls 5 dice on a 3: 2 and 4 qualify. */
	ok(a != NULL && strstr(buf_str(&a->say), "86.8%") != NULL, "Bob's chance on 3: "
	    "1 - (4/6)^5 = 86.8%% (%s)", a != NULL ? buf_str(&a->say) : "");
	advice_drop(a);
	th_end(&t);

	th_start(&t, &game_stack_attack, "Ann,Bob", NULL);
	th_must(&t, "roll 5 4 6 1 1");
	a = advice_of(&t);
	ok(a != NULL && a->nmoves == 3 && strcmp(a->moves[0].entry,
	    "place 5 6") == 0 && strcmp(a->moves[1].entry, "place 5 4") == 0,
	    "SA-3: of two chains of two, the one ending on 6 (Bob's chance "
	    "1 - (5/6)^5) before the one on 4 (1 - (4/6)^5)");
	ok(a != NULL && strstr(buf_str(&a->say), "59.8%") != NULL, "say: 59.8%% (%s)",
	    a != NULL ? buf_str(&a->say) : "");
	advice_drop(a);
	th_end(&t);
}

/*
 * Shake, the All Shake round (SH-8, SH-10): Bob (200) shakes first, Ann
 * (100) last.  The chance a turn from 0 reaches m tens before a crap-out
 * is computed forwards here, by the distribution of the total.
 */
static double reach_fw[1200];

/* reach_fw[m] for faces of six showing 10, m < n. */
static void
fill_reach(int faces, int n)
{
	double p[7], *mass = xcalloc((size_t)n + 7, sizeof *mass), c;
	int i, m, s, k;

	for (i = 0; i <= 6; i++) {
		c = 1;
		for (k = 1; k <= i; k++)
			c = c * (6 - k + 1) / k;
		p[i] = c * pow(faces / 6.0, i) * pow(1 - faces / 6.0, 6 - i);
	}
	/* mass[s]: chance the total ever sits at exactly s tens. */
	mass[0] = 1;
	for (s = 1; s < n + 7; s++)
		for (i = 1; i <= 6 && i <= s; i++)
			mass[s] += mass[s - i] * p[i];
	/* Reaching m: being at some s < m, then a shake landing on >= m. */
	for (m = 0; m < n; m++) {
		if (m == 0) {
			reach_fw[0] = 1;
			continue;
		}
		reach_fw[m] = 0;
		for (s = m - 6 < 0 ? 0 : m - 6; s < m; s++)
			for (i = m - s; i <= 6; i++)
				reach_fw[m] += mass[s] * p[i];
	}
	free(mass);
}

static void
test_all_shake(void)
{
	struct th t;
	struct advice *a;
	double p[7], v[700], w, c, bank = 0, roll, roll3 = 0;
	int i, k, r;
	char line[64];

	th_start(&t, &game_shake, "Ann,Bob", NULL);
	for (r = 0; r < 10; r++) {
		th_must(&t, "roll 10 20");
		th_must(&t, "take");
		th_must(&t, "take");
	}
	is_int(th_score(&t, "Bob"), 200, "Bob has 200 after round 10");
	a = advice_of(&t);
	ok(a != NULL && a->basis == ADVICE_WIN, "SH-8: the All Shake round "
	    "is advised by the chance to win");
	fill_reach(2, 1000);
	for (i = 0; i <= 6; i++) {
		c = 1;
		for (k = 1; k <= i; k++)
			c = c * (6 - k + 1) / k;
		p[i] = c * pow(1 / 3.0, i) * pow(2 / 3.0, 6 - i);
	}
	/* Bob ends on 200 + 10k: Ann (100) must reach 10k + 110 to pass. */
	for (k = 650; k >= 0; k--) {
		w = 1 - reach_fw[k + 11];
		if (k >= 640) {
			v[k] = w;
			continue;
		}
		roll = p[0] * (1 - reach_fw[11]);
		for (i = 1; i <= 6; i++)
			roll += p[i] * v[k + i];
		v[k] = roll > w ? roll : w;
		if (k == 3)
			roll3 = roll;
		if (k == 0) {
			bank = w;
			snprintf(line, sizeof line, "%.6f", roll);
		}
	}
	ok(a != NULL && fabs(value_of(a, "pass") - bank) < 1e-9 &&
	    fabs(value_of(a, "roll") - atof(line)) < 1e-6, "SH-8: Bob's chance "
	    "to finish first: pass %.4f, roll %.4f (got %.4f, %.4f)", bank,
	    atof(line), a ? value_of(a, "pass") : -1,
	    a ? value_of(a, "roll") : -1);
	advice_drop(a);
	th_must(&t, "roll 10 10 10 0 0 0");
	a = advice_of(&t);
	ok(a != NULL && fabs(value_of(a, "bank") - (1 - reach_fw[14])) < 1e-9 &&
	    fabs(value_of(a, "roll") - roll3) < 1e-9, "SH-8: at 30, bank "
	    "leaves Ann %.4f to pass 230 (%.4f), roll on %.4f", reach_fw[14],
	    1 - reach_fw[14], roll3);
	advice_drop(a);
	th_must(&t, "bank");
	/* Ann, last, needs 130 to tie (a share) and 140 to win. */
	a = advice_of(&t);
	ok(a != NULL && value_of(a, "pass") == 0, "SH-10: passing at 100 "
	    "against 230 cannot win");
	/* Best play: shake until past 230 (1 - crap-out beats a share). */
	ok(a != NULL && fabs(value_of(a, "roll") - reach_fw[14]) < 1e-9,
	    "SH-8: the last shaker's chance is to reach 140: %.4f (got %.4f)",
	    reach_fw[14], a ? value_of(a, "roll") : -1);
	advice_drop(a);
	th_end(&t);
}

/*
 * Shake, the order of a tie (SH-9) by the All Shake round (SH-8, SH-10),
 * again: the round is enumerated here final total by final total, each
 * shaker's best play found by backward induction over their total (the
 * coach's model: the later players each shake until strictly above the
 * final total, a turn stops 400 tens above the highest score, reach[m]
 * beyond the table counts 0), and the winners of every outcome shared.
 */
static double o_p[7];

/* The chance that a final total f finishes first: done/ties so far. */
static double
o_win(long f, long done, int ties, const long *later, int nlater, int nreach)
{
	double w = 1;
	long m;
	int i;

	if (f < done)
		return 0;
	for (i = 0; i < nlater; i++) {
		m = (f - later[i]) / 10 + 1;
		if (m <= 0)
			return 0;
		w *= 1 - (m < nreach ? reach_fw[m] : 0);
	}
	return f == done ? w / (1 + ties) : w;
}

/*
 * Shakers j..n-1 of totals sc[] still to shake after finals fin[0..j):
 * adds to share[q] the chance (times pr) that q finishes first.
 */
static void
o_round(const long *sc, int n, int j, long *fin, double pr, double *share)
{
	double v[1300], dist[1300], mass[1300], w0, b, r;
	char go[1300];
	long done = -1, hi;
	int ties = 0, i, k, q, K;

	for (q = 0; q < j; q++)
		if (fin[q] > done) {
			done = fin[q];
			ties = 1;
		} else if (fin[q] == done)
			ties++;
	if (j == n) {
		for (q = 0; q < n; q++)
			if (fin[q] == done)
				share[q] += pr / ties;
		return;
	}
	hi = done > sc[j] ? done : sc[j];
	K = (int)((hi - sc[j]) / 10) + 400;
	if (K + 13 > 1200) {
		ok(0, "the test's tables are too small for K = %d", K);
		return;
	}
	w0 = o_win(sc[j], done, ties, sc + j + 1, n - j - 1, K + 8);
	for (k = K + 6; k >= 0; k--) {
		b = o_win(sc[j] + 10L * k, done, ties, sc + j + 1, n - j - 1,
		    K + 8);
		r = o_p[0] * w0;
		for (i = 1; i <= 6 && k < K; i++)
			r += o_p[i] * v[k + i];
		go[k] = k < K && r > b;
		v[k] = go[k] ? r : b;
	}
	for (k = 0; k < K + 13; k++)
		mass[k] = dist[k] = 0;
	mass[0] = 1;
	for (k = 0; k <= K + 6; k++) {
		if (!go[k]) {
			dist[k] += mass[k];
			continue;
		}
		dist[0] += mass[k] * o_p[0];
		for (i = 1; i <= 6; i++)
			mass[k + i] += mass[k] * o_p[i];
	}
	for (k = 0; k <= K + 6; k++) {
		if (dist[k] == 0)
			continue;
		fin[j] = sc[j] + 10L * k;
		o_round(sc, n, j + 1, fin, pr * dist[k], share);
	}
}

/* The chance of each place of the order sc[0..n) to finish first. */
static void
o_places(int faces, const long *sc, int n, double *share)
{
	long fin[8];
	double c;
	int i, k;

	for (i = 0; i <= 6; i++) {
		c = 1;
		for (k = 1; k <= i; k++)
			c = c * (6 - k + 1) / k;
		o_p[i] = c * pow(faces / 6.0, i) * pow(1 - faces / 6.0, 6 - i);
	}
	fill_reach(faces, 1200);
	for (i = 0; i < n; i++)
		share[i] = 0;
	o_round(sc, n, 0, fin, 1, share);
}

/* Cid far ahead (500), Ann and Bob tied on 100: Ann names the order. */
static void
test_order_two(const char *opts, int faces)
{
	static const long sc[] = { 500, 100, 100 };
	struct th t;
	struct advice *a;
	double share[3];
	int r;

	th_start(&t, &game_shake, "Ann,Bob,Cid", opts);
	for (r = 0; r < 10; r++) {
		th_must(&t, "roll 10 10 50");
		th_must(&t, "take");
	}
	th_must(&t, "roll 30 20");
	o_places(faces, sc, 3, share);
	a = advice_of(&t);
	ok(a != NULL && a->basis == ADVICE_WIN && a->nmoves == 2,
	    "SH-9: the order of a tie of two is advised by the chance to win "
	    "(faces %d), both orders listed", faces);
	ok(share[2] > share[1] + 0.005, "SH-8: with the leader far ahead, "
	    "shaking second of the tie is clearly better: %.4f against %.4f "
	    "(faces %d)", share[2], share[1], faces);
	ok(a != NULL && a->nmoves == 2 &&
	    strcmp(a->moves[0].entry, "order Bob Ann") == 0 &&
	    fabs(a->moves[0].value - share[2]) < 1e-9 &&
	    fabs(value_of(a, "order Ann Bob") - share[1]) < 1e-9,
	    "SH-9: order Bob Ann first, Ann's chance %.6f second, %.6f "
	    "first (got %s %.6f, %.6f)", share[2], share[1],
	    a && a->nmoves ? a->moves[0].entry : "-",
	    a && a->nmoves ? a->moves[0].value : -1,
	    a ? value_of(a, "order Ann Bob") : -1);
	ok(a != NULL && strstr(buf_str(&a->say), "order Bob Ann") ==
	    buf_str(&a->say), "SH-9: the coach's line names the best order "
	    "first: %s", a ? buf_str(&a->say) : "-");
	advice_drop(a);
	th_end(&t);
}

/*
 * Dan ahead (500), Ann, Bob and Cid tied on 100: six orders, each worth
 * Ann's chance at her place; Bob rolls highest and chooses.
 */
static void
test_order_three(void)
{
	static const long sc[] = { 500, 100, 100, 100 };
	struct th t;
	struct advice *a;
	double share[4];
	int r, i, good = 1, place;
	const char *e;

	th_start(&t, &game_shake, "Ann,Bob,Cid,Dan", NULL);
	for (r = 0; r < 10; r++) {
		th_must(&t, "roll 10 10 10 50");
		th_must(&t, "take");
	}
	is_int(th_score(&t, "Ann"), 100, "Ann has 100 after round 10");
	th_must(&t, "roll 20 30 10");
	o_places(2, sc, 4, share);
	a = advice_of(&t);
	ok(a != NULL && a->nmoves == 6, "SH-9: a tie of three has 6 orders "
	    "(got %d)", a ? a->nmoves : -1);
	for (i = 0; a != NULL && i < a->nmoves; i++) {
		/* Bob's place: where his name stands among the three. */
		e = a->moves[i].entry;
		place = strncmp(e + 6, "Bob", 3) == 0 ? 1 :
		    strncmp(e + 10, "Bob", 3) == 0 ? 2 : 3;
		if (fabs(a->moves[i].value - share[place]) > 1e-9 ||
		    (i > 0 && a->moves[i].value > a->moves[i - 1].value))
			good = 0;
	}
	ok(a != NULL && good, "SH-9: each order is worth Bob's chance at his "
	    "place, best first: 1st %.6f, 2nd %.6f, 3rd %.6f", share[1],
	    share[2], share[3]);
	ok(fabs(share[0] + share[1] + share[2] + share[3] - 1) < 1e-9,
	    "SH-10: the places' chances add up to 1 (%.9f)",
	    share[0] + share[1] + share[2] + share[3]);
	advice_drop(a);
	th_end(&t);
}

/*
 * Six players all tied: 720 orders, every one listed; the chooser's
 * places add up, with the other five's, to a whole win (SH-10).
 */
static void
test_order_six(void)
{
	struct th t;
	struct advice *a;
	double place[6];
	int r, i, k, seen[6] = { 0 }, good = 1;
	const char *e;
	double sum = 0;

	th_start(&t, &game_shake, "Ann,Bob,Cid,Dan,Eve,Fay", NULL);
	for (r = 0; r < 10; r++)	/* pairs: 40 every two rounds */
		th_must(&t, r % 2 ? "roll 30 30 20 20 10 10" :
		    "roll 10 10 20 20 30 30");
	th_must(&t, "roll 60 10 20 30 40 50");
	a = advice_of(&t);
	ok(a != NULL && a->nmoves == 720, "SH-9: a tie of six lists all 720 "
	    "orders (got %d)", a ? a->nmoves : -1);
	for (i = 0; a != NULL && i < a->nmoves; i++) {
		e = a->moves[i].entry + 6;
		for (k = 0; strncmp(e, "Ann", 3) != 0; k++)
			e += 4;
		if (seen[k] && fabs(place[k] - a->moves[i].value) > 1e-12)
			good = 0;
		place[k] = a->moves[i].value;
		seen[k] = 1;
	}
	for (k = 0; k < 6; k++)
		sum += seen[k] ? place[k] : 0;
	ok(good && fabs(sum - 1) < 1e-9, "SH-9: only Ann's place counts, "
	    "and her six places' chances add up to 1 (%.9f)", sum);
	advice_drop(a);
	th_end(&t);
}

/*
 * Ann and Bob tied on 150, Ann shaking first: passing leaves Bob, on
 * 150 too, to go past; he fails only by a crap-out on his first shake
 * ((2/3)^6 with two faces of six showing 10) and then ends on 150, level
 * with Ann: a shared win, half of it hers (SH-10).
 */
static void
test_all_shake_level(void)
{
	struct th t;
	struct advice *a;
	double p0 = pow(2 / 3.0, 6);
	int r;

	th_start(&t, &game_shake, "Ann,Bob", NULL);
	/* Each takes: 10 and 20 by turns, 150 each. */
	for (r = 0; r < 10; r++) {
		th_must(&t, r % 2 ? "roll 20 10" : "roll 10 20");
		th_must(&t, "take");
		th_must(&t, "take");
	}
	is_int(th_score(&t, "Ann"), 150, "Ann has 150 after round 10");
	is_int(th_score(&t, "Bob"), 150, "... and Bob too");
	th_must(&t, "roll 30 20");
	th_must(&t, "order Ann Bob");
	a = advice_of(&t);
	ok(a != NULL && fabs(value_of(a, "pass") - p0 / 2) < 1e-9,
	    "SH-8, SH-10: Ann passing on 150 before Bob on 150 wins half of "
	    "Bob's crap-out: %.6f (got %.6f)", p0 / 2,
	    a ? value_of(a, "pass") : -1);
	advice_drop(a);
	th_end(&t);
}

int
main(void)
{
	test_shake_up();
	test_shake_up_after();
	test_shake_up_long_name();
	test_shake_up_longest_say();
	test_stack_attack();
	test_all_shake();
	test_all_shake_level();
	test_order_two(NULL, 2);
	test_order_two("shake-faces=3", 3);
	test_order_three();
	test_order_six();
	return tap_done();
}
