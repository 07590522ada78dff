#!/bin/sh
# tests/cli/ratings.sh: the ratings of `standings --all-time` (SPEC.md
# "Ratings", issue 37): the Weng-Lin Plackett-Luce update checked against
# an independent implementation (the openskill package, npm) over 500
# random results with ties, against values worked out by hand, seasons
# (--since, --until), abandoned games left out, one player whatever the
# case of the name, and the coach's figures beside them: from a cache that
# check compares and --repair rebuilds.
. "$SRCDIR/tests/cli/lib.sh"

DATA="$SRCDIR/tests/data"
SQ="'"
GEN="/usr/bin/python3 $SRCDIR/tests/cli/ratings-gen.py"
OPENSKILL="$SRCDIR/tests/node/node_modules/openskill"
export SHAKEREF_DICT_PATH="$DATA"

# A shake-a-word game of players $1 (comma-separated) on the tiny
# dictionary, round mode, where the players in $2 (space-separated) each
# win one round alone, in that order; then finish.
word_game() {
	sr new --game word --players "$1" --option dict=tiny \
	    --option scoring-mode=round >/dev/null &&
	for p in $2; do
		sr grid CATS ORED DOGS QUITE >/dev/null &&
		sr words "$p" cats >/dev/null &&
		sr score >/dev/null || return 1
	done &&
	sr finish >/dev/null
}

# The value of jq filter $1 on ./out is $2 to 1e-9.
near() {
	jq -e --argjson w "$2" "($1) - \$w | fabs < 1e-9" out >/dev/null || {
		echo "# $1 is $(jq "$1" out), want $2"
		return 1
	}
}

# A whole two-player Shake game (lib.sh's two_player_game): each round
# both take what they rolled, 10 and 20, where the coach would shake
# (worth 88.6 points on average): every such decision gives away 78.6
# and 68.6 points of 88.6; the second player wins.
shake_game() {
	sr new --game shake --players "$1" >/dev/null &&
	two_player_game | sr play >/dev/null
}

if [ -f "$OPENSKILL/package.json" ] && command -v node >/dev/null 2>&1; then
test_expect_success 'the ratings of 500 random results of 2 to 8 players with ties agree with openskill (npm) to 1e-6' '
	$GEN 37 500 games.json results.json &&
	expect_exit 0 sr import games.json &&
	sr --json standings --all-time --rules word >out &&
	jq -c "[.players[] | {key: (.name | ascii_downcase), value:
	    [.by_rules[\"shake-a-word\"].rating.mu,
	    .by_rules[\"shake-a-word\"].rating.sigma]}] | from_entries" out \
	    >ours.json &&
	node "$SRCDIR/tests/cli/ratings-openskill.js" "$OPENSKILL" \
	    results.json >theirs.json &&
	jq -e -n --slurpfile a ours.json --slurpfile b theirs.json "
	    (\$a[0] | keys) == (\$b[0] | keys) and (\$a[0] | length) == 12 and
	    ([\$a[0] | keys[] as \$k | (\$a[0][\$k][0] - \$b[0][\$k][0] | fabs),
	    (\$a[0][\$k][1] - \$b[0][\$k][1] | fabs)] | max) < 1e-6" &&
	jq -e "[.players[].by_rules[\"shake-a-word\"].played] | add ==
	    $(jq "[.[].players | length] | add" results.json)" out &&
	jq -e "[.players[].by_rules[\"shake-a-word\"].rating.ordinal] |
	    . == (sort | reverse)" out
'
elif [ -n "${SHAKEREF_OPENSKILL_REQUIRED:-}" ]; then
	echo "Bail out! openskill not installed (npm): ./bootstrap installs it in tests/node"
	exit 1
else
	test_count=$((test_count + 1))
	echo "ok $test_count # SKIP skip: openskill not installed (npm)"
fi

test_expect_success 'a two-player game: the winner 27.6354, the loser 22.3646, both sigma 8.0659 (by hand: tau, then Plackett-Luce)' '
	word_game Ann,Bob Ann &&
	expect_exit 0 sr --json standings --all-time &&
	near ".players[0].by_rules[\"shake-a-word\"].rating.mu" 27.635389493140 &&
	near ".players[1].by_rules[\"shake-a-word\"].rating.mu" 22.364610506860 &&
	near ".players[0].by_rules[\"shake-a-word\"].rating.sigma" 8.065901413544 &&
	near ".players[0].by_rules[\"shake-a-word\"].rating.ordinal" \
	    3.437685252508 &&
	json "[.players[].name] == [\"Ann\",\"Bob\"]" &&
	expect_exit 0 sr standings --all-time &&
	expect_out "shake-a-word
  Ann  27.6 ± 8.1  1 game   1 win  no decisions
  Bob  22.4 ± 8.1  1 game  0 wins  no decisions"
'

test_expect_success 'a three-player game, two tied second: 27.8690, then 23.5655 each (by hand)' '
	word_game Ann,Bob,Cid Bob &&
	sr --json standings --all-time >out &&
	json "[.players[].name] == [\"Bob\",\"Ann\",\"Cid\"]" &&
	near ".players[0].by_rules[\"shake-a-word\"].rating.mu" 27.869048680749 &&
	near ".players[0].by_rules[\"shake-a-word\"].rating.sigma" 8.205243377398 &&
	near ".players[1].by_rules[\"shake-a-word\"].rating.mu" 23.565475659625 &&
	near ".players[2].by_rules[\"shake-a-word\"].rating.mu" 23.565475659625 &&
	near ".players[2].by_rules[\"shake-a-word\"].rating.sigma" 8.058224222802
'

# Two players' ratings after a game the first won, from mu and sigma
# before it (Weng and Lin's algorithm 4 for two, worked out: tau first,
# then the winner's quotient over both, the loser's over both and alone).
two_after() {
	/usr/bin/python3 -c "
from math import sqrt, exp
ma, sa, mb, sb = $1, $2, $3, $4
t2, b2 = (25 / 300) ** 2, (25 / 6) ** 2
a2, bb = sa * sa + t2, sb * sb + t2
c = sqrt(a2 + bb + 2 * b2)
qa = exp(ma / c) / (exp(ma / c) + exp(mb / c))
qb = 1 - qa
print(ma + a2 / c * (1 - qa), sqrt(a2) * sqrt(max(1 - sqrt(a2) / c * qa * qb * a2 / c ** 2, 1e-4)),
    mb - bb / c * qb, sqrt(bb) * sqrt(max(1 - sqrt(bb) / c * qb * qa * bb / c ** 2, 1e-4)))"
}

test_expect_success 'games count in the order they finished; one player whatever the case of the name' '
	SHAKEREF_NOW=1790000000 word_game Ann,Bob Ann &&
	SHAKEREF_NOW=1780000000 word_game bob,ANN bob &&
	sr --json standings --all-time >out &&
	json ".players | length == 2" &&
	json ".players[] | .played == 2 and .won == 1" &&
	set -- $(two_after 25 8.333333333333334 25 8.333333333333334) &&
	set -- $(two_after "$3" "$4" "$1" "$2") &&
	json "[.players[].name | ascii_downcase] == [\"ann\",\"bob\"]" &&
	near ".players[0].by_rules[\"shake-a-word\"].rating.mu" "$1" &&
	near ".players[0].by_rules[\"shake-a-word\"].rating.sigma" "$2" &&
	near ".players[1].by_rules[\"shake-a-word\"].rating.mu" "$3" &&
	near ".players[1].by_rules[\"shake-a-word\"].rating.sigma" "$4"
'

test_expect_success '--since and --until rate a season from scratch (local dates, inclusive); abandoned and unfinished games never count' '
	TZ=Europe/Berlin && export TZ &&
	SHAKEREF_NOW=1788213599 word_game Ann,Bob Bob &&
	SHAKEREF_NOW=1788300000 word_game Ann,Bob Ann &&
	sr new --game word --players Ann,Cid --option dict=tiny >/dev/null &&
	sr abandon >/dev/null &&
	sr new --game word --players Ann,Dee --option dict=tiny >/dev/null &&
	sr --json standings --all-time --since 2026-09-01 --until 2026-09-02 \
	    >out &&
	json ".since == \"2026-09-01\" and .until == \"2026-09-02\"" &&
	json "[.players[].name] == [\"Ann\",\"Bob\"]" &&
	json ".players[0].played == 1 and .players[0].won == 1" &&
	near ".players[0].by_rules[\"shake-a-word\"].rating.mu" 27.635389493140 &&
	sr --json standings --all-time --since 2026-09-01 --until 2026-09-01 \
	    >out &&
	json ".players == []" &&
	sr --json standings --all-time --until 2026-08-31 >out &&
	json ".players[0].name == \"Bob\" and .players[0].played == 1" &&
	sr --json standings --all-time >out &&
	json "[.players[].name] | sort == [\"Ann\",\"Bob\"]" &&
	json ".players[] | .played == 2" &&
	sr --json standings --all-time --since 2026-09-03 >out &&
	json ".players == []" &&
	expect_exit 0 sr standings --all-time --since 2026-09-03 &&
	expect_out "no finished games yet"
'

test_expect_success 'refusals: a malformed date, unknown rules, a filter without --all-time (2), one line, nothing made' '
	word_game Ann,Bob Ann &&
	for d in 2026-13-01 2026-02-30 26-09-01 2026-9-1 yesterday ""; do
		expect_exit 2 sr standings --all-time --since "$d" &&
		one_err_line || return 1
	done &&
	expect_exit 2 sr standings --all-time --until 2026-02-29 &&
	expect_err "--until ${SQ}2026-02-29${SQ} is not a date; expected YYYY-MM-DD" &&
	expect_exit 2 sr standings --all-time --rules chess &&
	one_err_line && expect_err "chess" &&
	expect_exit 2 sr standings --since 2026-09-01 && one_err_line &&
	expect_exit 0 sr --json standings --all-time --rules word &&
	json ".players | length == 2" &&
	expect_exit 0 sr --json standings --all-time --rules shake &&
	json ".players == []"
'

test_expect_success 'the coach beside the rating: decisions, error per decision and review'"'"'s word (a Shake game)' '
	shake_game Ann,Bob &&
	sr --json review >rev.json &&
	sr --json standings --all-time --rules shake >out &&
	json ".players[] | select(.name == \"Bob\") | .by_rules.shake |
	    .decisions == 11 and .decision_rating == \"beginner\"" &&
	jq -e "[.decisions[] | select(.player == \"Bob\")] | length == 11" \
	    rev.json &&
	jq -e ".players[] | select(.name == \"Bob\") | .by_rules.shake.error -
	    68.6 / 88.6 | fabs < 0.001" out &&
	jq -e ".players[] | select(.name == \"Ann\") | .by_rules.shake.error -
	    78.6 / 88.6 | fabs < 0.001" out &&
	sr review >rev.txt && grep -q "Bob: 11 decisions.*rating: beginner" rev.txt &&
	expect_exit 0 sr standings --all-time &&
	expect_out "  Bob  27.6 ± 8.1  1 game   1 win  beginner"
'

test_expect_success 'the coach'"'"'s figures come from a cache: made once, compared by check, rebuilt by check --repair' '
	shake_game Ann,Bob &&
	sr --json standings --all-time >want.json &&
	test "$(db_sql "SELECT COUNT(*) FROM coach_tally WHERE game_id = 1")" -ge 3 &&
	db_sql "UPDATE coach_tally SET decisions = 99 WHERE game_id = 1 AND seat = 0 AND basis = 0" &&
	sr --json standings --all-time >out &&
	json ".players[] | select(.name == \"Ann\") | .by_rules.shake.decisions == 100" &&
	expect_exit 3 sr check &&
	expect_out "game 1: its coach${SQ}s figures differ from the review of its entries" &&
	expect_exit 0 sr check --repair &&
	expect_exit 0 sr check &&
	sr --json standings --all-time >out && cmp out want.json &&
	db_sql "DELETE FROM coach_tally" &&
	sr --json standings --all-time >out && cmp out want.json &&
	test "$(db_sql "SELECT COUNT(*) FROM coach_tally WHERE seat = -1")" = 1
'

test_expect_success 'a game undone after it finished counts no more; finished again, its figures are made again' '
	shake_game Ann,Bob &&
	sr --json standings --all-time >out && json ".players | length == 2" &&
	sr undo >/dev/null &&
	sr --json standings --all-time >out && json ".players == []" &&
	sr pass >/dev/null &&
	sr --json standings --all-time >out &&
	json ".players[] | select(.name == \"Bob\") | .by_rules.shake.decisions == 11" &&
	expect_exit 0 sr check
'

test_expect_success SQLITE 'a schema 7 file is migrated: the coach cache made, the ratings the same' '
	shake_game Ann,Bob &&
	sr --json standings --all-time >want.json &&
	sqlite3 test.db "DROP TABLE coach_tally; PRAGMA user_version = 7" &&
	expect_exit 0 sr --json standings --all-time && cmp out want.json &&
	test "$(sqlite3 test.db "PRAGMA user_version")" -ge 8 &&
	test "$(sqlite3 test.db "SELECT COUNT(*) FROM coach_tally WHERE seat = -1")" = 1 &&
	expect_exit 0 sr check
'

test_done
