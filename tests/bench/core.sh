#!/bin/sh
# tests/bench/core.sh: the referee core's latency against
# `sqlite3 FILE 'select 1'` measured in the same run.  Never part of
# `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/core.sh [GAMES] [RUNS]
#
# 1. Plays one whole Shake game through `shakeref play` (114 entries: three
#    players, every round a shake of eight rolls) as a template.
# 2. Builds a database of GAMES finished games (default 10000, about 1.1
#    million entries) by copying the template's rows with new game ids,
#    seats and players (50 players in all), with sqlite3 in one
#    transaction; checks that shakeref reads them (`-g N status`,
#    `standings --all-time`).  Then starts an active game (5 rounds in).
# 3. Measures, RUNS times each (default 30, medians of wall and CPU time;
#    hyperfine if installed, else a fork/exec/wait4 runner: lib.sh),
#    interleaved in rounds, in the same run:
#	baseline   sqlite3 FILE 'select 1'
#	move       shakeref roll 30 30 30 (a void roll, SH-4: the whole write
#		   path, repeatable; it waits for one fdatasync, of the WAL,
#		   so a busy disk shows)                 target <= 1.5x
#	status     shakeref status                        target <= 1.5x
#	all-time   shakeref standings --all-time          target <= 10x
#    on that database and on one of 10 games, and prints the ratios and
#    PASS or MISS per target, and the big/small ratio per command (latency
#    must not grow with the number of games).
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
ngames=${1:-10000}
runs=${2:-30}
command -v sqlite3 >/dev/null 2>&1 || { echo "skip: no sqlite3 command"; exit 0; }
command -v jq >/dev/null 2>&1 || { echo "skip: no jq"; exit 0; }
. "$(dirname "$0")/lib.sh"
bench_init
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME
sr() {
	"$SHAKEREF" -d "$DB" "$@"
}

# One round: the colored dice, Cid shakes (Ann and Bob score their dice,
# SH-6), eight shakes of 10, bank (SH-7).  11 entries.
shake_round() {
	echo "roll 10 20 30"
	echo shake
	for k in 1 2 3 4 5 6 7 8; do
		echo "roll 10 0 0 0 0 0"
	done
	echo bank
}

# The whole template game: 10 rounds, then the All Shake round in order of
# total (Cid 800, Bob 200, Ann 100; SH-8).  114 entries.
template_game() {
	for r in 1 2 3 4 5 6 7 8 9 10; do
		shake_round
	done
	echo "roll 10 0 0 0 0 0"
	echo bank
	echo pass
	echo pass
}

# Build database $1 holding $2 finished copies of the template game.
build() {
	DB=$1
	n=$2
	rm -f "$DB" "$DB-wal" "$DB-shm"
	sr new --game shake --players Ann,Bob,Cid >/dev/null || exit 1
	template_game | sr play >/dev/null || { echo "template game refused"; exit 1; }
	sr --json status | jq -e '.state == "finished"' >/dev/null ||
	    { echo "template game not finished"; exit 1; }
	# Copies 2..n+1 of game 1, in one transaction.
	sqlite3 "$DB" <<EOF || exit 1
PRAGMA foreign_keys = ON;
BEGIN;
CREATE TEMP TABLE pool(k INTEGER PRIMARY KEY, name TEXT);
WITH RECURSIVE c(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM c WHERE k < 49)
INSERT INTO pool SELECT k, printf('Player%02d', k) FROM c;
INSERT OR IGNORE INTO players(name) SELECT name FROM pool;
CREATE TEMP TABLE gen(id INTEGER PRIMARY KEY, a TEXT, b TEXT, c TEXT);
WITH RECURSIVE c(g) AS (SELECT 2 UNION ALL SELECT g + 1 FROM c WHERE g < $n + 1)
INSERT INTO gen SELECT g,
    (SELECT name FROM pool WHERE k = g % 50),
    (SELECT name FROM pool WHERE k = (g + 17) % 50),
    (SELECT name FROM pool WHERE k = (g + 33) % 50) FROM c;
INSERT INTO games(id, rules, title, options, created, finished, uid)
    SELECT gen.id, g.rules, NULL, g.options, g.created + gen.id, g.finished,
    lower(hex(randomblob(16)))
    FROM gen, games g WHERE g.id = 1 ORDER BY gen.id;
INSERT INTO seats(game_id, seat, player_id, name, name0, score, won)
    SELECT gen.id, s.seat, p.id, p.name, p.name, s.score, s.won
    FROM gen JOIN seats s ON s.game_id = 1
    JOIN players p ON p.name = CASE s.seat WHEN 0 THEN gen.a
        WHEN 1 THEN gen.b ELSE gen.c END
    ORDER BY gen.id, s.seat;
INSERT INTO entries(game_id, n, player, verb, args, fact, at)
    SELECT gen.id, e.n, CASE e.player WHEN 'Ann' THEN gen.a
        WHEN 'Bob' THEN gen.b WHEN 'Cid' THEN gen.c END,
        e.verb, e.args, e.fact, e.at
    FROM gen JOIN entries e ON e.game_id = 1 ORDER BY gen.id, e.n;
COMMIT;
EOF
	# shakeref reads the copies.
	last=$((n + 1))
	sr --json -g "$last" status | jq -e '.state == "finished" and
	    ([.players[].score] == [100, 200, 810])' >/dev/null ||
	    { echo "shakeref does not read game $last"; exit 1; }
	sr --json -g "$last" history | jq -e '.entries | length == 114' \
	    >/dev/null || { echo "game $last lacks entries"; exit 1; }
	# The active game: 5 rounds in, at the round start of round 6.
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	for r in 1 2 3 4 5; do shake_round; done | sr play >/dev/null &&
	sr roll 30 30 30 >/dev/null || { echo "cannot start the active game"; exit 1; }
	sr --json standings --all-time | jq -e "([.players[].played] | add) == 3 * ($n + 1)" \
	    >/dev/null || { echo "standings --all-time miscounts"; exit 1; }
}

now_ns() {
	date +%s%N
}

echo "shakeref core benchmark: $ngames games, $runs runs each (medians)"
t0=$(now_ns)
build "$work/big.db" "$ngames"
t1=$(now_ns)
entries=$(sqlite3 "$work/big.db" "SELECT COUNT(*) FROM entries")
echo "built $work/big.db: $((ngames + 2)) games, $entries entries, $(du -k "$work/big.db" | cut -f1) KiB, in $(((t1 - t0) / 1000000)) ms"
build "$work/small.db" 8
echo "built $work/small.db: 10 games, $(sqlite3 "$work/small.db" "SELECT COUNT(*) FROM entries") entries"

for size in big small; do
	DB=$work/$size.db
	bench_measure "$runs" "$size.base" "sqlite3 $DB 'select 1'" \
	    "$size.move" "$SHAKEREF -d $DB roll 30 30 30" \
	    "$size.status" "$SHAKEREF -d $DB status" \
	    "$size.all" "$SHAKEREF -d $DB standings --all-time"
	echo "$size database ($bench_tool, medians):"
	bench_line "$size.base" "sqlite3 FILE 'select 1'"
	bench_report "$size.base" "$size.move" 1.5 "move (roll 30 30 30)"
	bench_report "$size.base" "$size.status" 1.5 "status"
	bench_report "$size.base" "$size.all" 10 "standings --all-time"
done

echo "growth, $ngames games against 10 (1.00x: none):"
for c in base move status all; do
	bench_report "small.$c" "big.$c" "" "$c"
done
exit 0
