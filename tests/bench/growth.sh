#!/bin/sh
# tests/bench/growth.sh: cost that must not grow (issue 10).  Never part
# of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/growth.sh [RUNS]
#
# 1. `games --all` on a database of 10 games and on one of 10,000 (rows
#    copied with sqlite3 from one game made by shakeref), each against
#    sqlite3 listing the same games with their players: flat in the number
#    of games (no statement per game, no count of anyone's entries), so
#    within 2x of sqlite3's own listing at 10 and at 10,000.
# 2. `status` and a move (`roll 30 30 30`, a void roll, SH-4: the whole
#    write path, repeatable) on a Shake game of 100, 1,000 and 10,000
#    entries (void rolls, written with sqlite3 after one made by
#    shakeref): the 10,000-entry game within 2x of the 100-entry one,
#    the 1,000-entry game within 1.3x.  Rows written behind shakeref's
#    back leave the game's snapshot (the cache of its replay that every
#    entry made by shakeref keeps) stale: `check --repair` rebuilds it
#    first, so that each game is as its entries played would leave it.
# 3. The commands that read every entry: `history`, `review`, `dice`,
#    `undo` and `redo` (each prepared by its opposite entry, untimed) on
#    the 10,000-entry game against the 100-entry one.  Reported, no
#    target: what they print or take back needs every entry.  With
#    SHAKEREF_BASE=OTHER_BINARY (say, main's build before a change) each
#    also runs that binary on the 10,000-entry game, as the baseline of
#    the change: the same database, interleaved.
# Each pair is measured interleaved in the same run (lib.sh): medians of
# wall and CPU time and both ratios.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-20}
command -v sqlite3 >/dev/null 2>&1 || { echo "skip: no sqlite3 command"; exit 0; }
. "$(dirname "$0")/lib.sh"
bench_init
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME

# games DB N: a database of N active Shake games.
games() {
	"$SHAKEREF" -d "$1" new --game shake --players Ann,Bob,Cid >/dev/null &&
	sqlite3 "$1" "BEGIN;
	    WITH RECURSIVE k(x) AS (SELECT 2 UNION ALL SELECT x + 1 FROM k
	    WHERE x < $2)
	    INSERT INTO games(id, rules, title, options, created, finished)
	    SELECT x, rules, title, options, created, finished FROM games, k
	    WHERE id = 1;
	    INSERT INTO seats(game_id, seat, player_id, name, score, won)
	    SELECT g.id, s.seat, s.player_id, s.name, 0, 0 FROM seats s,
	    games g WHERE s.game_id = 1 AND g.id > 1;
	    COMMIT;" || exit 1
}

# entries DB N: a Shake game of N void rolls.
entries() {
	"$SHAKEREF" -d "$1" new --game shake --players Ann,Bob,Cid >/dev/null &&
	"$SHAKEREF" -d "$1" roll 30 30 30 >/dev/null &&
	sqlite3 "$1" "BEGIN;
	    WITH RECURSIVE k(x) AS (SELECT 2 UNION ALL SELECT x + 1 FROM k
	    WHERE x < $2)
	    INSERT INTO entries(game_id, n, player, verb, args, fact, at)
	    SELECT game_id, x, player, verb, args, fact, at FROM entries, k
	    WHERE game_id = 1 AND n = 1;
	    COMMIT;" || exit 1
	"$SHAKEREF" -d "$1" check --repair >/dev/null 2>&1
	"$SHAKEREF" -d "$1" check >/dev/null ||
	    { echo "bench: check --repair did not rebuild the snapshot"; exit 1; }
}

echo "building the databases"
games "$work/g10.db" 10
games "$work/g10000.db" 10000
for n in 100 1000 10000; do
	entries "$work/e$n.db" "$n"
done
[ "$("$SHAKEREF" -d "$work/g10000.db" games --all | grep -c "^[* ] *[0-9]")" -eq 10000 ] ||
    { echo "bench: the 10,000 games do not list"; exit 1; }
"$SHAKEREF" -d "$work/e10000.db" history | grep -q '^10000 ' ||
    { echo "bench: the 10,000 entries do not replay"; exit 1; }

miss=0
echo "games --all, runs: $runs ($bench_tool)"
list="SELECT g.id, g.rules, group_concat(s.name, ', '), g.created FROM games g JOIN seats s ON s.game_id = g.id GROUP BY g.id ORDER BY g.id"
bench_measure "$runs" sq10 "sqlite3 $work/g10.db \"$list\"" \
    g10 "$SHAKEREF -d $work/g10.db games --all" \
    sq10000 "sqlite3 $work/g10000.db \"$list\"" \
    g10000 "$SHAKEREF -d $work/g10000.db games --all"
bench_line sq10 "sqlite3, 10 games"
bench_report sq10 g10 2 "games --all, 10 games" || miss=1
bench_line sq10000 "sqlite3, 10,000 games"
bench_report sq10000 g10000 2 "games --all, 10,000 games" || miss=1

for cmd in status move; do
	case $cmd in
	status)	args=status ;;
	move)	args="roll 30 30 30" ;;
	esac
	echo "$cmd, runs: $runs ($bench_tool)"
	bench_measure "$runs" "${cmd}100" "$SHAKEREF -d $work/e100.db $args" \
	    "${cmd}1000" "$SHAKEREF -d $work/e1000.db $args" \
	    "${cmd}10000" "$SHAKEREF -d $work/e10000.db $args"
	bench_line "${cmd}100" "100 entries"
	bench_report "${cmd}100" "${cmd}1000" 1.3 "1,000 entries" || miss=1
	bench_report "${cmd}100" "${cmd}10000" 2 "10,000 entries" || miss=1
done
base=${SHAKEREF_BASE:-}
for cmd in history review dice undo redo; do
	echo "$cmd, runs: $runs ($bench_tool)${base:+, against $base}"
	case $cmd in
	undo)	prep="roll 30 30 30" ;;
	redo)	prep=undo ;;
	*)	prep= ;;
	esac
	for n in 100 10000; do
		[ -z "$prep" ] ||
		    bench_prepare "${cmd}$n" "$SHAKEREF -d $work/e$n.db $prep"
	done
	if [ -n "$base" ]; then
		[ -z "$prep" ] || bench_prepare "${cmd}base" \
		    "$SHAKEREF -d $work/e10000.db $prep"
		bench_measure "$runs" "${cmd}100" "$SHAKEREF -d $work/e100.db $cmd" \
		    "${cmd}base" "$base -d $work/e10000.db $cmd" \
		    "${cmd}10000" "$SHAKEREF -d $work/e10000.db $cmd"
	else
		bench_measure "$runs" "${cmd}100" "$SHAKEREF -d $work/e100.db $cmd" \
		    "${cmd}10000" "$SHAKEREF -d $work/e10000.db $cmd"
	fi
	bench_line "${cmd}100" "100 entries"
	bench_report "${cmd}100" "${cmd}10000" "" "10,000 entries"
	if [ -n "$base" ]; then
		bench_line "${cmd}base" "10,000 entries, $(basename "$base")"
		bench_report "${cmd}base" "${cmd}10000" "" "10,000, this one against it"
	fi
done
[ $miss -eq 0 ] && echo "every target met" || echo "a target was missed"
exit 0
