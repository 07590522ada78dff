#!/bin/sh
# tests/bench/import.sh: `shakeref import` of exports of 1 and 10 MB
# (SIZES, in MB: 100 too if asked), its speed in MB of export per CPU
# second and its peak memory, beside `jq empty` reading the same file whole,
# measured in the same run.  Never part of `make check`; it never fails a
# build.
#
#	SHAKEREF=build/shakeref sh tests/bench/import.sh [SIZES...]
#	RUNS=5 SHAKEREF=... sh tests/bench/import.sh 1	(default 3 runs)
#
# 1. Plays the whole games of tests/scenarios (all five rules) into a
#    template database and exports them; copies those games, each with a
#    uid of its own, into exports of each size (python3), of two kinds:
#	mixed   every scenario game in turn (1.6 to 15 KB of text each)
#	small   only those of at most 3 KB (11 to 24 entries): many small
#		games, each paying what every game pays (issue 39's case)
# 2. For each export, RUNS times each, interleaved (lib.sh: medians of
#    wall and CPU time, peak memory):
#	jq       jq empty FILE (the baseline: the file read and parsed whole)
#	import   into a new database (every game replayed and stored, one
#		 transaction; the database removed before each run, untimed)
#	again    the same file into a database that has its games (every
#		 game skipped)
#    then MB of export per CPU second of each median.
# Targets (issue 23, SPEC "Settled details"; issue 39): import's peak at
# most 64 MB whatever the size (flat: a game at a time; jq's grows with
# the file), at least 5 MB of export per CPU second on the small games.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -gt 0 ] && sizes=$* || sizes="1 10"
runs=${RUNS:-3}
for c in python3 jq sqlite3; do
	command -v $c >/dev/null 2>&1 || { echo "skip: no $c"; exit 0; }
done
. "$(dirname "$0")/lib.sh"
bench_init
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME

# The template: every scenario's game, played as the scenario has it.
for f in "$srcdir"/tests/scenarios/*.play; do
	args=$(sed -n "1s/^# new: //p" "$f")
	[ -n "$args" ] || continue
	# shellcheck disable=SC2086
	"$SHAKEREF" -d "$work/t.db" new $args >/dev/null 2>&1 || continue
	SHAKEREF_DICT_PATH="$srcdir/tests/data" \
	    "$SHAKEREF" -d "$work/t.db" play <"$f" >/dev/null 2>&1
done
"$SHAKEREF" -d "$work/t.db" export --all >"$work/seed.json" ||
    { echo "bench: no template export"; exit 1; }

# One export of about $1 MB into $2, of kind $3 (mixed or small): the
# template's games again and again; prints the number of games.
make_export() {
	/usr/bin/python3 - "$work/seed.json" "$1" "$2" "$3" <<'EOF'
import json, random, sys
games = json.load(open(sys.argv[1]))["games"]
if sys.argv[4] == "small":
    games = [g for g in games if len(json.dumps(g)) <= 3000]
want, out = int(sys.argv[2]) * 1000000, open(sys.argv[3], "w")
random.seed(want)
out.write('{"shakeref": 1, "games": [\n')
size, i = 0, 0
while size < want:
    g = dict(games[i % len(games)])
    g["uid"] = "%032x" % random.getrandbits(128)
    t = json.dumps(g)
    out.write((",\n" if i else "") + t)
    size += len(t) + 2
    i += 1
out.write("\n]}\n")
print(i)
EOF
}

# MB of $1 bytes per CPU second of label $2's median.
rate() {
	awk -v b="$1" -v c="$(bench_median "$work/m.$2.cpu")" \
	    'BEGIN { printf "%.2f", (c > 0 ? b / 1e6 / (c / 1e3) : 0) }'
}

miss=0
for mb in $sizes; do
	for kind in small mixed; do
		e=$work/e.$kind.$mb.json
		n=$(make_export "$mb" "$e" "$kind")
		bytes=$(wc -c <"$e")
		rm -f "$work"/m.* "$work"/a.db*
		"$SHAKEREF" -d "$work/a.db" import "$e" >/dev/null ||
		    { echo "bench: import refused $e"; exit 1; }
		bench_prepare import "rm -f $work/i.db $work/i.db-wal $work/i.db-shm"
		bench_mem import 64
		bench_mem again 64
		bench_measure "$runs" jq "jq empty $e" \
		    import "$SHAKEREF -d $work/i.db import $e" \
		    again "$SHAKEREF -d $work/a.db import $e"
		[ "$(sqlite3 "$work/i.db" "SELECT COUNT(*) FROM games")" = "$n" ] ||
		    { echo "bench: not every game imported"; exit 1; }
		printf '%s MB, %s games (%s), %s runs (%s, medians):\n' \
		    "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" \
		    "$n" "$kind" "$runs" "$bench_tool"
		bench_line jq "jq empty FILE"
		bench_report jq import "" "import (new database)" || miss=1
		bench_report jq again "" "import again (all skipped)" || miss=1
		r=$(rate "$bytes" import)
		v=PASS
		if [ "$kind" = small ] &&
		    awk -v r="$r" 'BEGIN { exit !(r < 5) }'; then
			v=MISS
			miss=1
		fi
		[ "$kind" = small ] || v="(no target)"
		printf '  import %s MB of export per CPU second, jq %s, again %s: >= 5 %s\n' \
		    "$r" "$(rate "$bytes" jq)" "$(rate "$bytes" again)" "$v"
	done
done
[ $miss -eq 0 ] && echo "every target met" || echo "a target was missed"
exit 0
