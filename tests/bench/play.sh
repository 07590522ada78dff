#!/bin/sh
# tests/bench/play.sh: a long `shakeref play` session costs the same per
# line at its end as at its start (the game is loaded once, each entry
# appended in its own transaction), against the sqlite3 CLI inserting a
# row per statement, each in its own transaction, read from a pipe, in
# the same database, measured in the same run.  Never part of
# `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/play.sh [LINES] [RUNS]
#
# Each run (default 3; medians printed) makes a fresh database with a
# 10,000 game of Ann and Bob and feeds it LINES lines (default 10000) of
# `roll 2 3 4 6 2 3`, a farkle (TT-3): every line an entry, the game never
# ends.  Timed, as CPU (user + system of the process) and wall per line:
#	start      the first 1,000 lines, in one play process
#	end        the last 1,000 lines, in one play process (the game of
#		   LINES - 1,000 entries is loaded once when it starts)
#	baseline   sqlite3 DB reading 1,000 `INSERT INTO bench_insert ...;`
#		   from a pipe (each its own transaction, synchronous=FULL as
#		   shakeref's), in the same database after the session
# Targets: end/start <= 1.5 (CPU and wall); start/baseline and
# end/baseline <= 2 (wall: both wait for the disk once a line).
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
lines=${1:-10000}
runs=${2:-3}
block=1000
command -v sqlite3 >/dev/null 2>&1 || { echo "skip: no sqlite3 command"; exit 0; }
[ "$lines" -ge $((2 * block)) ] || { echo "LINES must be at least $((2 * block))"; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/shakeref-bench.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME

yes "roll 2 3 4 6 2 3" | head -n "$block" >"$work/block.play"
yes "roll 2 3 4 6 2 3" | head -n $((lines - 2 * block)) >"$work/middle.play"
{
	echo "PRAGMA synchronous = FULL;"
	yes "INSERT INTO bench_insert(v) VALUES ('roll 2 3 4 6 2 3');" |
	    head -n "$block"
} >"$work/block.sql"

# Run "$@" with stdin from $IN; print "CPU_us WALL_us" for the whole run
# (CPU: user + system of the children, from the shell's times).
measure() {
	t0=$(date +%s%N)
	sh -c '"$@" <"$IN" >/dev/null || exit 1; times' sh "$@" >"$work/times" ||
	    { echo "bench: '$*' failed" >&2; exit 1; }
	t1=$(date +%s%N)
	# The second line of times: the children's user and system time.
	cpu=$(sed -n 2p "$work/times" | awk '{
		n = split($0, f, " ");
		s = 0;
		for (i = 1; i <= n; i++) {
			split(f[i], ms, "m");
			sub("s", "", ms[2]);
			s += ms[1] * 60 + ms[2];
		}
		printf "%d", s * 1000000;
	}')
	echo "$cpu $(((t1 - t0) / 1000))"
}

: >"$work/start" && : >"$work/end" && : >"$work/base"
r=0
while [ "$r" -lt "$runs" ]; do
	r=$((r + 1))
	DB="$work/run$r.db"
	"$SHAKEREF" -d "$DB" new --game 10000 --players Ann,Bob >/dev/null
	IN="$work/block.play" measure "$SHAKEREF" -d "$DB" play >>"$work/start"
	IN="$work/middle.play" measure "$SHAKEREF" -d "$DB" play >/dev/null
	IN="$work/block.play" measure "$SHAKEREF" -d "$DB" play >>"$work/end"
	n=$("$SHAKEREF" -d "$DB" --json history | jq '.entries | length' 2>/dev/null || echo "?")
	[ "$n" = "?" ] || [ "$n" -eq "$lines" ] ||
	    { echo "bench: expected $lines entries, found $n"; exit 1; }
	sqlite3 "$DB" "CREATE TABLE bench_insert(v TEXT)"
	IN="$work/block.sql" measure sqlite3 "$DB" >>"$work/base"
	echo "run $r of $runs done"
done

# The median of column $2 of file $1, per line of a block, in us.
median() {
	cut -d' ' -f"$2" "$1" | sort -n | awk -v b="$block" '
		{ v[NR] = $1 }
		END {
			m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
			printf "%.1f", m / b;
		}'
}

sc=$(median "$work/start" 1); sw=$(median "$work/start" 2)
ec=$(median "$work/end" 1); ew=$(median "$work/end" 2)
bc=$(median "$work/base" 1); bw=$(median "$work/base" 2)
printf "%-34s %12s %12s\n" "per line (medians of $runs runs)" "CPU us" "wall us"
printf "%-34s %12s %12s\n" "play, first $block lines" "$sc" "$sw"
printf "%-34s %12s %12s\n" "play, last $block of $lines" "$ec" "$ew"
printf "%-34s %12s %12s\n" "sqlite3 CLI, one INSERT a line" "$bc" "$bw"
awk -v sc="$sc" -v sw="$sw" -v ec="$ec" -v ew="$ew" -v bc="$bc" -v bw="$bw" '
function verdict(x, t) { return x > 0 && x <= t ? "PASS" : "MISS" }
BEGIN {
	printf "%-34s %12.2f %12.2f  %s (target <= 1.5)\n", "end / start",
	    ec / sc, ew / sw, verdict(ew / sw > ec / sc ? ew / sw : ec / sc, 1.5);
	printf "%-34s %12.2f %12.2f  %s (target <= 2, wall)\n",
	    "start / baseline", sc / bc, sw / bw, verdict(sw / bw, 2);
	printf "%-34s %12.2f %12.2f  %s (target <= 2, wall)\n",
	    "end / baseline", ec / bc, ew / bw, verdict(ew / bw, 2);
}'
