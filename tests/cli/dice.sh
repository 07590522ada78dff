#!/bin/sh
# tests/cli/dice.sh: the dice audit through the binary; the chi-square and
# its p-value computed here by awk (a numerical integral of the density),
# independently of GSL.
. "$SRCDIR/tests/cli/lib.sh"

# chi2 COUNT:P ...: the chi-square of counts against chances P.
chi2() {
	printf '%s\n' "$@" | awk -F: '
	{ c[NR] = $1; p[NR] = $2; n += $1 }
	END { for (i = 1; i <= NR; i++) { e = n * p[i]; x += (c[i] - e) ^ 2 / e }
	      printf "%.6f\n", x }'
}

# chi2_q X DF: the chance a chi-square of DF (1 or 5) degrees of freedom
# is above X: 1 - the integral of its density, by Simpson's rule (for 1,
# over u = sqrt(t), where the density is 2 exp(-u^2/2) / sqrt(2 pi)).
chi2_q() {
	awk -v x="$1" -v df="$2" 'BEGIN {
		pi = atan2(0, -1); n = 20000
		if (df == 1) { a = sqrt(x) } else { a = x }
		h = a / n; s = 0
		for (i = 0; i <= n; i++) {
			t = i * h
			if (df == 1)
				f = 2 * exp(-t * t / 2) / sqrt(2 * pi)
			else
				f = t ^ 1.5 * exp(-t / 2) / (2 ^ 2.5 * 0.75 * sqrt(pi))
			w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2)
			s += w * f
		}
		printf "%.6f\n", 1 - s * h / 3
	}'
}

# near A B: |A - B| < 1e-4.
near() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 1e-4 && d > -1e-4) }' ||
	    { echo "# $1 is not $2"; return 1; }
}

test_expect_success 'dice: no database, no dice' '
	expect_exit 3 sr dice && one_err_line &&
	sr new --game tower --players Ann,Bob >/dev/null &&
	expect_exit 0 sr dice && expect_out "no dice yet" &&
	sr --json dice >out && json ".dice == []"
'

test_expect_success 'dice: a die with no 5 (SA-2 passes the turn): counts, chi-square and p against a fair die' '
	sr new --game tower --players Ann,Bob >/dev/null &&
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		sr roll 1 2 3 4 6 >/dev/null || return 1
	done &&
	sr --json dice >out &&
	json "(.dice | length) == 1 and .dice[0].kind == \"d6\" and .dice[0].rolls == 100" &&
	json ".dice[0].faces == {\"1\":20,\"2\":20,\"3\":20,\"4\":20,\"5\":0,\"6\":20}" &&
	x=$(chi2 20:0.1666666667 20:0.1666666667 20:0.1666666667 20:0.1666666667 0:0.1666666667 20:0.1666666667) &&
	near "$(jq .dice[0].chi2 out)" "$x" &&
	near "$(jq .dice[0].p out)" "$(chi2_q "$x" 5)" &&
	expect_exit 0 sr dice &&
	# In words, 1 in 1/p to two figures: p = 0.00125 is 1 in 800.
	n=$(awk -v p="$(chi2_q "$x" 5)" "BEGIN { n = 1 / p; m = int(log(n) / log(10)) - 1; f = 10 ^ m; printf \"%d\", int(n / f + 0.5) * f }") &&
	expect_out "face 5 comes up too seldom: fair dice are this uneven about 1 in $n times" &&
	! grep -q "p = " out
'

test_expect_success 'dice: a p-value far below 0.000001 keeps its figures in JSON; in words less than 1 in a billion' '
	sr new --game tower --players Ann,Bob >/dev/null &&
	# SA-2: on the base'"'"'s 6 only a 5 qualifies, so each roll passes.
	for i in $(seq 60); do echo "roll 1 2 3 4 6"; done >lines &&
	for i in $(seq 15); do echo "roll 1 1 1 1 1"; done >>lines &&
	sr play <lines >/dev/null &&
	sr --json dice >out &&
	json ".dice[0].faces == {\"1\":135,\"2\":60,\"3\":60,\"4\":60,\"5\":0,\"6\":60}" &&
	x=$(chi2 135:0.1666666667 60:0.1666666667 60:0.1666666667 60:0.1666666667 0:0.1666666667 60:0.1666666667) &&
	# The tail of five degrees of freedom in closed form: erfc(z) (z =
	# sqrt(x/2), its asymptotic series) + sqrt(2x/pi) e^(-x/2) (1 + x/3).
	q=$(awk -v x="$x" "BEGIN { pi = atan2(0, -1); z = sqrt(x / 2)
		e = exp(-z * z) / (z * sqrt(pi)) * (1 - 1 / (2 * z * z) + 3 / (4 * z ^ 4))
		printf \"%.6g\", e + sqrt(2 * x / pi) * exp(-x / 2) * (1 + x / 3) }") &&
	json ".dice[0].p > 0 and .dice[0].p < 1e-20" &&
	json "(.dice[0].p / $q - 1) | fabs < 0.001" &&
	grep -q "\"p\":[0-9.]*e-" out &&
	expect_exit 0 sr dice &&
	expect_out "face 1 comes up too often: fair dice are this uneven less than 1 in a billion times"
'

test_expect_success 'dice --rules word: its letter dice are not recorded, said so (not 0 games)' '
	sr new --game word --players Ann,Bob >/dev/null &&
	sr new --game word --players Ann,Cid >/dev/null &&
	expect_exit 0 sr dice --rules word &&
	expect_out "dice recorded in shake-a-word: none; its letter dice are entered as the letters of the grid, not recorded as dice (2 games)" &&
	! grep -q "0 games" out
'

test_expect_success 'dice: an undone roll does not count, a roll after it does' '
	sr new --game tower --players Ann,Bob >/dev/null &&
	for i in 1 2 3 4 5 6; do
		sr roll 1 2 3 4 6 >/dev/null && sr roll 2 3 4 6 1 >/dev/null &&
		sr roll 6 6 3 1 2 >/dev/null || return 1
	done &&
	sr roll 3 3 3 3 3 >/dev/null && sr undo >/dev/null &&
	sr roll 5 1 1 1 1 >/dev/null && sr --json dice >out &&
	x=$(chi2 22:0.1666666667 18:0.1666666667 18:0.1666666667 12:0.1666666667 1:0.1666666667 24:0.1666666667) &&
	near "$(jq .dice[0].chi2 out)" "$x" &&
	json ".dice[0].rolls == 95 and .dice[0].faces[\"5\"] == 1"
'

test_expect_success 'dice: Shake dice against shake-faces, colored dice as six-sided, --player and --rules' '
	sr new --game shake --players Ann,Bob --option shake-faces=2 >/dev/null &&
	sr roll 40 20 >/dev/null && sr shake >/dev/null &&
	for i in 1 2 3 4 5; do sr roll 10 10 10 10 10 10 >/dev/null || return 1; done &&
	sr --json dice >out &&
	json ".dice[0].kind == \"d6\" and .dice[0].rolls == 2" &&
	json ".dice[1].kind == \"shake-faces=2\" and .dice[1].faces == {\"0\": 0, \"10\": 30}" &&
	x=$(chi2 0:0.6666666667 30:0.3333333333) &&
	near "$(jq .dice[1].chi2 out)" "$x" &&
	near "$(jq .dice[1].p out)" "$(chi2_q "$x" 1)" &&
	expect_exit 0 sr dice && expect_out "face 10 comes up too often" &&
	sr --json dice --player bob >out &&
	json "(.dice | length) == 1 and .dice[0].faces[\"2\"] == 1" &&
	sr --json dice --rules tower >out && json ".dice == []" &&
	expect_exit 3 sr dice --player Zed && one_err_line &&
	expect_exit 2 sr dice --rules chess && one_err_line &&
	expect_exit 2 sr dice extra && one_err_line
'

test_expect_success 'dice: an even sample of colored dice says nothing unusual (SH-4)' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	for i in 1 2 3 4 5; do
		sr roll 10 20 30 >/dev/null && sr take >/dev/null &&
		sr take >/dev/null && sr take >/dev/null &&
		sr roll 40 50 60 >/dev/null && sr take >/dev/null &&
		sr take >/dev/null && sr take >/dev/null || return 1
	done &&
	sr --json dice >out &&
	json ".dice[0].faces == {\"1\":5,\"2\":5,\"3\":5,\"4\":5,\"5\":5,\"6\":5}" &&
	json ".dice[0].chi2 == 0 and .dice[0].p == 1" &&
	expect_exit 0 sr dice && expect_out "nothing unusual"
'

test_done
