#!/bin/sh
# tests/bench/long-game.sh: a long game costs what a short one does
# (issue 29).  Never part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/long-game.sh [RUNS]
#
# A Shake game of 100 entries and one of 10,000 (void rolls, SH-4, copied
# with sqlite3 after one made by shakeref; `check --repair` then rebuilds
# the snapshot, the undo cache and the dice tally, as the entries played
# would have left them).
#
# 1. `undo` (each run prepared by a move, untimed), `redo` (prepared by
#    an undo), a move (`roll 30 30 30`), `dice`, `standings` and `status`
#    on the 10,000-entry game against the same on the 100-entry one:
#    target at most 1.3x (wall).
# 2. `history`, `history --json` and `export` of the 10,000-entry game
#    against sqlite3 printing the same rows (the entries' columns; for
#    --json and export the same JSON, byte for byte, made by SQL): target
#    at most 1.5x; their output grows with the game, their cost per row
#    must not.
# 3. Not flat yet, no target yet (found after the targets above were
#    met; the next of issue 29): `history 20` (the last 20 entries: the
#    whole game is scanned for them, store_history_scan() has no first
#    entry) and `play` with an empty input (its start loads and replays
#    every entry, sr_game_load(), not the snapshot; through sh -c for its
#    </dev/null, on both sides), 10,000 entries against 100.
# Every line also gives the command's peak memory, against 16 MB.
# Each pair is measured interleaved in the same run (lib.sh): medians of
# wall and CPU time, both ratios.  Exits 1 if a target is missed.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
command -v sqlite3 >/dev/null 2>&1 || { echo "skip: no sqlite3 command"; exit 77; }
. "$(dirname "$0")/lib.sh"
bench_init
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME

# entries DB N: a Shake game of N void rolls, its caches rebuilt.
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
	    { echo "bench: check --repair did not rebuild the caches"; exit 1; }
}

echo "building the games"
for n in 100 10000; do
	entries "$work/e$n.db" "$n"
done
[ "$(sqlite3 "$work/e10000.db" "SELECT depth FROM undo_heads")" = 10000 ] ||
    { echo "bench: no undo cache after check --repair"; exit 1; }

miss=0
for cmd in undo redo move dice standings status; do
	case $cmd in
	undo)	args=undo prep="roll 30 30 30" ;;
	redo)	args=redo prep=undo ;;
	move)	args="roll 30 30 30" prep= ;;
	*)	args=$cmd prep= ;;
	esac
	for n in 100 10000; do
		[ -z "$prep" ] ||
		    bench_prepare "${cmd}$n" "$SHAKEREF -d $work/e$n.db $prep"
	done
	bench_measure "$runs" "${cmd}100" "$SHAKEREF -d $work/e100.db $args" \
	    "${cmd}10000" "$SHAKEREF -d $work/e10000.db $args"
	echo "$cmd ($bench_tool, $runs runs, medians):"
	bench_line "${cmd}100" "100 entries"
	bench_report "${cmd}100" "${cmd}10000" 1.3 "10,000 entries" || miss=1
done

rows="SELECT n, player, verb, args, fact, at FROM entries WHERE game_id = 1 ORDER BY n"
json="SELECT json_object('uid', g.uid, 'rules', g.rules, 'title', g.title0,
 'options', json(g.options),
 'created', strftime('%Y-%m-%dT%H:%M:%SZ', g.created, 'unixepoch'),
 'state', CASE g.finished WHEN 1 THEN 'finished' WHEN 2 THEN 'abandoned'
 ELSE 'active' END,
 'players', (SELECT json_group_array(name0) FROM
 (SELECT name0 FROM seats WHERE game_id = g.id ORDER BY seat)),
 'entries', (SELECT json_group_array(json_object('n', n, 'player', player,
 'verb', verb, 'args', json(args), 'fact', fact,
 'at', strftime('%Y-%m-%dT%H:%M:%SZ', at, 'unixepoch'))) FROM
 (SELECT * FROM entries WHERE game_id = g.id ORDER BY n))) FROM games g"
json=$(printf '%s' "$json" | tr '\n' ' ')
hjson="SELECT json_object('game', 1, 'entries', (SELECT json_group_array(
 json_object('n', e.n, 'player', e.player, 'verb', e.verb, 'args', json(e.args),
 'undone', json(CASE t.undone WHEN 1 THEN 'true' ELSE 'false' END),
 'at', strftime('%Y-%m-%dT%H:%M:%SZ', e.at, 'unixepoch'))) FROM
 (SELECT * FROM entries WHERE game_id = 1 ORDER BY n) e
 JOIN entry_notes t ON t.game_id = e.game_id AND t.n = e.n))"
hjson=$(printf '%s' "$hjson" | tr '\n' ' ')
db=$work/e10000.db
"$SHAKEREF" -d "$db" --json history >"$work/hjson.out" &&
    sqlite3 "$db" "$hjson" | cmp -s - "$work/hjson.out" ||
    { echo "bench: history --json is not the JSON sqlite3 makes"; exit 1; }
bench_measure "$runs" sqrows "sqlite3 $db \"$rows\"" \
    history "$SHAKEREF -d $db history" \
    sqhjson "sqlite3 $db \"$hjson\"" \
    hjson "$SHAKEREF -d $db --json history" \
    sqjson "sqlite3 $db \"$json\"" \
    export "$SHAKEREF -d $db export"
echo "history and export of 10,000 entries ($bench_tool, $runs runs, medians):"
bench_line sqrows "sqlite3, the entries' rows"
bench_report sqrows history 1.5 "history" || miss=1
bench_line sqhjson "sqlite3, history's JSON"
bench_report sqhjson hjson 1.5 "history --json" || miss=1
bench_line sqjson "sqlite3, the export's JSON"
bench_report sqjson export 1.5 "export" || miss=1
# later LABEL WHAT CMD100 CMD10000: a measure with no target yet.
later() {
	bench_measure "$runs" "${1}100" "$3" "${1}10000" "$4"
	echo "$2 ($bench_tool, $runs runs, medians; no target yet):"
	bench_line "${1}100" "100 entries"
	bench_report "${1}100" "${1}10000" "" "10,000 entries" || miss=1
}
later last "history 20" "$SHAKEREF -d $work/e100.db history 20" \
    "$SHAKEREF -d $work/e10000.db history 20"
later play "play, an empty input" \
    "sh -c 'exec $SHAKEREF -d $work/e100.db play </dev/null'" \
    "sh -c 'exec $SHAKEREF -d $work/e10000.db play </dev/null'"
[ $miss -eq 0 ] && echo "every target met" || echo "a target was missed"
exit $miss
