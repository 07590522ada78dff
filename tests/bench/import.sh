#!/bin/sh
# tests/bench/import.sh: `shakeref import` of exports of 1, 10 and 100 MB
# (SIZES, in MB), its peak memory against the file's size and its speed,
# beside `jq empty` reading the same file whole, measured in the same run.
# Never part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/import.sh [SIZES...]
#
# 1. Plays the whole games of tests/scenarios (all five rules) into a
#    template database and exports them; copies those games, each with a
#    uid of its own, into exports of each size (python3).
# 2. For each size: import into a new database (every game replayed and
#    stored, one transaction), then the same file again (every game
#    skipped), each under GNU time: wall and CPU seconds, MB/s of CPU, and
#    the peak resident size; jq's peak on the same file for comparison (it
#    holds the whole file: it grows with it, import must not).
# Targets (issue 23, SPEC "Settled details"): import's peak at most 64 MB
# whatever the size (flat: a game at a time), at least 5 MB/s.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -gt 0 ] && sizes=$* || sizes="1 10 100"
for c in python3 jq; do
	command -v $c >/dev/null 2>&1 || { echo "skip: no $c"; exit 0; }
done
[ -x /usr/bin/time ] || { echo "skip: no GNU time (/usr/bin/time)"; exit 0; }
work=$(mktemp -d "${TMPDIR:-/tmp}/shakeref-bench.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
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

# One export of about $1 MB: the template's games again and again.
make_export() {
	python3 - "$work/seed.json" "$1" "$2" <<'EOF'
import json, random, sys
games = json.load(open(sys.argv[1]))["games"]
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

# "wall cpu peak-KB" of a command, output thrown away.
measure() {
	/usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null 2>&1 ||
	    { echo "bench: failed: $*"; exit 1; }
	awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 }' "$work/time"
}

printf "%8s %8s  %-26s %-26s %s\n" "file MB" "games" \
    "import: s CPU, MB/s, peak" "again (skipped): s, peak" "jq: peak"
for mb in $sizes; do
	n=$(make_export "$mb" "$work/e.json")
	bytes=$(wc -c <"$work/e.json")
	rm -f "$work/i.db" "$work/i.db-wal" "$work/i.db-shm"
	set -- $(measure "$SHAKEREF" -d "$work/i.db" import "$work/e.json")
	cpu=$2 peak=$(( $3 / 1024 ))
	set -- $(measure "$SHAKEREF" -d "$work/i.db" import "$work/e.json")
	cpu2=$2 peak2=$(( $3 / 1024 ))
	set -- $(measure jq empty "$work/e.json")
	jpeak=$(( $3 / 1024 ))
	rate=$(awk -v b="$bytes" -v c="$cpu" \
	    'BEGIN { printf "%.1f", (c > 0 ? b / 1e6 / c : 0) }')
	printf "%8.1f %8d  %6.2f s %6s MB/s %4d MB   %6.2f s %4d MB           %5d MB\n" \
	    "$(awk -v b="$bytes" 'BEGIN { print b / 1e6 }')" "$n" "$cpu" \
	    "$rate" "$peak" "$cpu2" "$peak2" "$jpeak"
	[ "$(sqlite3 "$work/i.db" "SELECT COUNT(*) FROM games" 2>/dev/null ||
	    echo "$n")" = "$n" ] || { echo "bench: not every game imported"; exit 1; }
done
echo "targets: import's peak <= 64 MB at every size (flat), >= 5 MB/s of CPU"
