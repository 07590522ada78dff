#!/bin/sh
# tests/bench/export.sh: `shakeref export --all` of a big database against
# `sqlite3 -json` dumping the same tables, measured in the same run.  Never
# part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/export.sh [GAMES] [RUNS]
#
# 1. Plays one whole Shake game through `shakeref play` (55 entries, with a
#    rename and a note) as a template, and copies its rows GAMES times
#    (default 10000) with sqlite3 in one transaction, each copy with its
#    own uid and players (50 in all); checks that the export holds every
#    game and entry.
# 2. Measures, RUNS times each (default 5, medians of wall time, and the
#    CPU time of each), interleaved, with hyperfine if installed, else a
#    date +%s%N loop:
#	baseline   sqlite3 -json FILE 'SELECT * FROM games; SELECT * FROM
#		   seats; SELECT * FROM entries'
#	json       shakeref export --all                   target <= 3x
#	csv        shakeref export --all --format csv      (for the record)
#    and prints the ratios.
# 3. Memory: the peak resident size (GNU time's %M) of export --all on the
#    big database and on one of GAMES / 10 games: streaming means the two
#    are about the same (target: big <= 1.5x small).
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
ngames=${1:-10000}
runs=${2:-5}
command -v sqlite3 >/dev/null 2>&1 || { echo "skip: no sqlite3 command"; exit 0; }
command -v jq >/dev/null 2>&1 || { echo "skip: no jq"; exit 0; }
work=$(mktemp -d "${TMPDIR:-/tmp}/shakeref-bench.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME

# The template: two players, ten rounds of a colored roll, a shake of
# two rolls and a bank (SH-6, SH-7), a rename, a note, the All Shake
# round passed (SH-8).
template_game() {
	echo "rename Bob Robert"
	for r in 1 2 3 4 5 6 7 8 9 10; do
		echo "roll 10 20"
		echo shake
		echo "roll 10 0 0 0 0 0"
		echo "roll 0 10 0 0 0 0"
		echo bank
	done
	echo "note played at Cid's, new dice"
	echo pass
	echo pass
}

# Database $1 holding game 1 and $2 copies of it.
build() {
	db=$1
	n=$2
	rm -f "$db" "$db-wal" "$db-shm"
	"$SHAKEREF" -d "$db" new --game shake --players Ann,Bob >/dev/null || exit 1
	template_game | "$SHAKEREF" -d "$db" play >/dev/null ||
	    { echo "template game refused"; exit 1; }
	sqlite3 "$db" <<EOF || exit 1
PRAGMA foreign_keys = ON;
BEGIN;
CREATE TEMP TABLE pool(k INTEGER PRIMARY KEY, name TEXT);
WITH RECURSIVE c(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM c WHERE k < 49)
INSERT INTO pool SELECT k, printf('Player%02d', k) FROM c;
INSERT OR IGNORE INTO players(name) SELECT name FROM pool;
CREATE TEMP TABLE gen(id INTEGER PRIMARY KEY, a TEXT, b TEXT);
WITH RECURSIVE c(g) AS (SELECT 2 UNION ALL SELECT g + 1 FROM c WHERE g < $n + 1)
INSERT INTO gen SELECT g, (SELECT name FROM pool WHERE k = g % 50),
    (SELECT name FROM pool WHERE k = (g + 17) % 50) FROM c;
INSERT INTO games(id, rules, title, title0, options, created, finished, uid)
    SELECT gen.id, g.rules, g.title, g.title0, g.options, g.created + gen.id,
    g.finished, lower(hex(randomblob(16)))
    FROM gen, games g WHERE g.id = 1 ORDER BY gen.id;
INSERT INTO seats(game_id, seat, player_id, name, name0, score, won)
    SELECT gen.id, s.seat, p.id, p.name, p.name, s.score, s.won
    FROM gen JOIN seats s ON s.game_id = 1
    JOIN players p ON p.name = CASE s.seat WHEN 0 THEN gen.a ELSE gen.b END
    ORDER BY gen.id, s.seat;
INSERT INTO entries(game_id, n, player, verb, args, fact, at)
    SELECT gen.id, e.n, CASE e.player WHEN 'Ann' THEN gen.a
        WHEN 'Robert' THEN gen.b || 'x' END, e.verb,
        CASE e.verb WHEN 'rename' THEN json_array(gen.b, gen.b || 'x')
        ELSE e.args END, e.fact, e.at
    FROM gen JOIN entries e ON e.game_id = 1 ORDER BY gen.id, e.n;
UPDATE seats SET name = name || 'x' WHERE seat = 1 AND game_id > 1;
COMMIT;
EOF
	nent=$(sqlite3 "$db" "SELECT COUNT(*) FROM entries")
	"$SHAKEREF" -d "$db" export --all | jq -e --argjson g $((n + 1)) \
	    --argjson e "$nent" '(.games | length) == $g and
	    ([.games[].entries | length] | add) == $e' >/dev/null ||
	    { echo "the export of $db misses games or entries"; exit 1; }
}

now_ns() {
	date +%s%N
}

# Median (ms) of the numbers (s) in the JSON arrays on stdin.
median_ms() {
	jq -s 'add | sort | (.[(length - 1) / 2 | floor] + .[length / 2 | floor]) / 2 * 1000'
}

base_sql='SELECT * FROM games; SELECT * FROM seats; SELECT * FROM entries'

# Wall and CPU medians (ms) of the three commands on database $1.
measure() {
	db=$1
	rm -f "$work"/t.* "$work"/c.*
	r=0
	while [ $r -lt "$runs" ]; do
		k=0
		for c in base json csv; do
			t0=$(now_ns)
			case $c in
			base) /usr/bin/time -f "%U %S" -o "$work/cpu" \
			    sqlite3 -json "$db" "$base_sql" ;;
			json) /usr/bin/time -f "%U %S" -o "$work/cpu" \
			    "$SHAKEREF" -d "$db" export --all ;;
			csv) /usr/bin/time -f "%U %S" -o "$work/cpu" \
			    "$SHAKEREF" -d "$db" export --all --format csv ;;
			esac >/dev/null
			t1=$(now_ns)
			echo "[$(((t1 - t0) / 1000))e-6]" >>"$work/t.$k"
			awk '{ printf "[%s]\n", $1 + $2 }' "$work/cpu" >>"$work/c.$k"
			k=$((k + 1))
		done
		r=$((r + 1))
	done
	for k in 0 1 2; do
		eval "wall$k=\$(median_ms <\"\$work/t.$k\")"
		eval "cpu$k=\$(median_ms <\"\$work/c.$k\")"
	done
}

# One line: name, wall ms, CPU ms, wall ratio to the baseline, target.
report() {
	awk -v name="$1" -v ms="$2" -v cpu="$3" -v b="$4" -v t="$5" 'BEGIN {
		r = ms / b
		printf "  %-34s %9.1f ms wall %9.1f ms CPU  %5.2fx", name, ms, cpu, r
		if (t != "")
			printf "  (target <= %sx) %s", t,
			    (b > 0 && ms > 0 && r <= t) ? "PASS" : "MISS"
		printf "\n"
	}'
}

[ -x /usr/bin/time ] || { echo "skip: no GNU time (/usr/bin/time)"; exit 0; }
echo "shakeref export benchmark: $ngames games, $runs runs each (medians)"
build "$work/big.db" "$ngames"
echo "built $work/big.db: $((ngames + 1)) games, $(sqlite3 "$work/big.db" "SELECT COUNT(*) FROM entries") entries, $(du -k "$work/big.db" | cut -f1) KiB"
small=$((ngames / 10))
build "$work/small.db" "$small"
echo "built $work/small.db: $((small + 1)) games"

measure "$work/big.db"
echo "big database:"
report "sqlite3 -json (games, seats, entries)" "$wall0" "$cpu0" "$wall0" ""
report "export --all" "$wall1" "$cpu1" "$wall0" 3
report "export --all --format csv" "$wall2" "$cpu2" "$wall0" ""
echo "  bytes: sqlite3 -json $(sqlite3 -json "$work/big.db" "$base_sql" | wc -c), export --all $("$SHAKEREF" -d "$work/big.db" export --all | wc -c)"

# Peak memory, KiB.
rss() {
	/usr/bin/time -f %M -o "$work/rss" "$SHAKEREF" -d "$1" export --all >/dev/null
	cat "$work/rss"
}
big_rss=$(rss "$work/big.db")
small_rss=$(rss "$work/small.db")
awk -v b="$big_rss" -v s="$small_rss" -v ng="$ngames" -v sg="$small" 'BEGIN {
	r = b / s
	printf "memory (peak RSS of export --all): %d games %d KiB, %d games %d KiB, %.2fx (target <= 1.5x) %s\n",
	    ng + 1, b, sg + 1, s, r, r <= 1.5 ? "PASS" : "MISS"
}'
