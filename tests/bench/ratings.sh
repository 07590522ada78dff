#!/bin/sh
# tests/bench/ratings.sh: `standings --all-time` (issue 37: every player's
# rating over a league's year, 10,000 finished games) against sqlite3
# reading the same games' results, measured in the same run.  Never part
# of `make check`.
#
#	SHAKEREF=build/shakeref sh tests/bench/ratings.sh [RUNS] [GAMES]
#
# It sets up everything it measures: GAMES (default 10,000) finished
# Shake-A-Word games of 2 to 8 players of a pool of 12, with ties
# (tests/cli/ratings-gen.py, seeded), imported into its own database;
# one `standings --all-time` outside the timing makes the coach's cache
# (each game reviewed once: never again on a later call).
#
# Then RUNS (default 21) interleaved runs of each, medians of wall and
# CPU time (lib.sh: hyperfine if installed):
#   base: sqlite3 reading every finished game's seats (name, score, win)
#         and the time of its last entry, in the order they finished;
#   ours: shakeref standings --all-time (the same read, the ratings
#         computed game by game, the coach's cache read, the tables).
# Targets: at most 0.5 s wall, at most 1.5x the base's wall time.
#
# Then the same games in a league (issue 37: the club's table, every
# table's games in one rating, as fast as on a file), on a PostgreSQL
# server of the bench's own (tests/pg.sh, defaults kept), where one can
# be started: `standings --all-time` against psql reading the same
# results, and against the file's figures above.  Same targets.
#
# Exits 1 if a target is missed, 77 if sqlite3, jq or python3 is missing.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
games=${2:-10000}
command -v sqlite3 >/dev/null 2>&1 || { echo "skip: no sqlite3"; exit 77; }
command -v jq >/dev/null 2>&1 || { echo "skip: no jq"; exit 77; }
[ -x /usr/bin/python3 ] || { echo "skip: no /usr/bin/python3"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(cd "$here/../.." && pwd)}
. "$here/lib.sh"
. "$SRCDIR/tests/pg.sh"
bench_init
trap 'pg_stop; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
export HOME="$work/home"
unset XDG_DATA_HOME XDG_STATE_HOME
mkdir -p "$HOME"
bin=$(command -v "$SHAKEREF")
export SHAKEREF_DICT_PATH="$here/../data"
export SHAKEREF_DB="$work/bench.db"

echo "setting up: $games finished games (import, then the coach's cache)"
/usr/bin/python3 "$here/../cli/ratings-gen.py" 37 "$games" "$work/games.json" \
    "$work/results.json" &&
"$bin" import "$work/games.json" >/dev/null &&
"$bin" standings --all-time >/dev/null &&
sqlite3 "$SHAKEREF_DB" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null ||
    { echo "setup failed"; exit 1; }
n=$("$bin" --json standings --all-time | jq "[.players[].played] | add")
[ "$n" -gt 0 ] || { echo "no game rated"; exit 1; }

cat >"$work/results.sql" <<'SQL'
SELECT g.id, s.seat, s.name, s.score, s.won, e.at FROM games g
 JOIN entries e ON e.game_id = g.id AND e.n = (SELECT MAX(n) FROM entries
 WHERE game_id = g.id) JOIN seats s ON s.game_id = g.id
 WHERE g.finished = 1 ORDER BY e.at, g.id, s.seat;
SQL
base="sqlite3 $SHAKEREF_DB '.read $work/results.sql'"
failed=0
echo "standings --all-time, $games games ($n seats; $bench_tool, $runs runs, medians):"
bench_measure "$runs" base "$base" ours "$bin standings --all-time"
bench_line base "sqlite3 (the games' results)"
bench_report base ours 1.5 "standings --all-time" || failed=1
# Within 0.5 s, whatever the baseline: label $1's median wall.
under_half_second() {
	awk -v w="$(bench_median "$work/m.$1.wall")" -v l="$2" 'BEGIN {
		printf "  %-30s wall %8.2f ms (target <= 500 ms) %s\n",
		    l, w, w <= 500 ? "PASS" : "MISS"
		exit w <= 500 ? 0 : 1
	}'
}
under_half_second ours "standings --all-time" || failed=1

# The league: the same games on a server of the bench's own.
if ! pg_start; then
	echo "league: skipped ($pg_why)"
	exit $failed
fi
pg_createdb league || { echo "bench: cannot make the database"; exit 1; }
db=postgresql:///league
"$bin" -d "$db" import "$work/games.json" >/dev/null &&
"$bin" -d "$db" standings --all-time >/dev/null ||
    { echo "bench: the league's setup failed"; exit 1; }
"$bin" -d "$db" --json standings --all-time >"$work/league.json" &&
"$bin" --json standings --all-time >"$work/file.json" &&
cmp -s "$work/league.json" "$work/file.json" ||
    { echo "bench: the league rates the games otherwise than the file"; exit 1; }
# libpq holds a statement's whole result: every seat of 10,000 games, as
# psql itself does (its own peak is printed beside it).
bench_mem league 24
bench_measure "$runs" psql "$pg_bin/psql -X -q -A -t -d league -f $work/results.sql" \
    league "$bin -d $db standings --all-time"
echo "the same games in a league ($bench_tool, $runs runs, medians):"
bench_line psql "psql (the games' results)"
bench_report psql league 1.5 "standings --all-time (league)" || failed=1
under_half_second league "standings --all-time (league)" || failed=1
awk -v l="$(bench_median "$work/m.league.wall")" \
    -v f="$(bench_median "$work/m.ours.wall")" 'BEGIN {
	printf "  %-30s %.2fx the file'"'"'s wall time\n", "the league", (f > 0 ? l / f : 0)
}'
exit $failed
