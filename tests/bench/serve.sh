#!/bin/sh
# tests/bench/serve.sh: `shakeref serve` on loopback.  Never part of
# `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/serve.sh [REQUESTS] [CLIENTS] [LINES]
#
# 1. The board page against a static file of the same bytes served by
#    libmicrohttpd itself (tests/bench/serve-static.c, one thread, the
#    same headers), REQUESTS (default 2000) requests one after the other
#    per run, 5 runs each interleaved: a request's median and 99th
#    percentile wall time, and the server's CPU per request over all
#    runs (from /proc/PID/stat).  Target: serve / static <= 2 on both.
# 2. The load: CLIENTS (default 200) event streams holding the live board
#    (10 from each of 127.0.1.1, 127.0.1.2, ...: serve lets 16 in from
#    one address) while `shakeref play` is fed LINES (default 500) lines
#    of a 10,000 game, one every 20 ms (tests/bench/serve-client.c).
#    Targets: no client misses a change (each line an entry; an event
#    shows the board with its last six entries, so changes that come
#    close together as one event all reach the page with it); the 99th
#    percentile from the line written
#    to play to its event under 200 ms (play's own work included: commit
#    to event is less); the server's memory at the end within 10% (and
#    1 MB) of what it was after line 50.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
. "$(dirname "$0")/lib.sh"
requests=${1:-2000}
clients=${2:-200}
lines=${3:-500}
bench_init
here=$(cd "$(dirname "$0")" && pwd)
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME
mhd=$(pkg-config --cflags --libs libmicrohttpd) ||
    { echo "skip: no libmicrohttpd (./bootstrap installs it)"; exit 0; }
${CC:-cc} -O2 -o "$work/serve-static" "$here/serve-static.c" $mhd || exit 1
${CC:-cc} -O2 -o "$work/serve-client" "$here/serve-client.c" || exit 1

pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null; done; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

# serve_up DB: serve on a free port of 127.0.0.1; $port, $prefix, $spid.
serve_up() {
	rm -f "$work/serve.out"
	"$SHAKEREF" -d "$1" serve --listen 127.0.0.1:0 --max-seconds 900 \
	    >"$work/serve.out" 2>&1 &
	spid=$!
	pids="$pids $spid"
	i=0
	while ! grep -q "^Ctrl-C" "$work/serve.out"; do
		i=$((i + 1)); [ $i -lt 100 ] || { cat "$work/serve.out"; exit 1; }
		sleep 0.1
	done
	url=$(sed -n 's/^the scoreboard at //p' "$work/serve.out")
	port=${url#http://127.0.0.1:}
	port=${port%%/*}
	prefix=/${url#http://127.0.0.1:*/}
}

# The CPU ticks (user + system) of process $1 so far.
ticks() {
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# 1. The page.
db="$work/page.db"
"$SHAKEREF" -d "$db" new --game 10000 --players Ann,Bob,Cid >/dev/null
yes "roll 2 3 4 6 2 3" | head -n 60 | "$SHAKEREF" -d "$db" play >/dev/null
serve_up "$db"
curl -s -o "$work/board.html" "$url"
bytes=$(wc -c <"$work/board.html")
"$work/serve-static" "$work/board.html" >"$work/static.port" &
stpid=$!
pids="$pids $stpid"
i=0
while [ ! -s "$work/static.port" ]; do
	i=$((i + 1)); [ $i -lt 100 ] || exit 1; sleep 0.1; done
sport=$(cat "$work/static.port")
hz=$(getconf CLK_TCK)
echo "serve: the board page ($bytes bytes) against a static file of the same size"
: >"$work/m.serve"; : >"$work/m.static"
for r in 1 2 3 4 5; do
	for side in serve static; do
		if [ $side = serve ]; then p=$port; path=$prefix; pid=$spid
		else p=$sport; path=/board.html; pid=$stpid; fi
		c0=$(ticks "$pid")
		set -- $("$work/serve-client" page "$p" "$path" "$requests")
		c1=$(ticks "$pid")
		echo "$1 $2 $((c1 - c0))" >>"$work/m.$side"
		[ "$3" -eq "$bytes" ] || { echo "bench: $side served $3 bytes, not $bytes"; exit 1; }
	done
done
med() {
	sort -n -k"$2" "$1" | awk -v k="$2" '{ v[NR] = $k } END { print v[int((NR + 1) / 2)] }'
}
s50=$(med "$work/m.serve" 1); t50=$(med "$work/m.static" 1)
s99=$(med "$work/m.serve" 2); t99=$(med "$work/m.static" 2)
# CPU: the ticks of all runs (a tick is 1/CLK_TCK s) over all requests.
scpu=$(awk -v hz="$hz" -v n="$requests" '{ t += $3 } END { print t * 1e6 / hz / (n * NR) }' "$work/m.serve")
tcpu=$(awk -v hz="$hz" -v n="$requests" '{ t += $3 } END { print t * 1e6 / hz / (n * NR) }' "$work/m.static")
awk -v s50="$s50" -v t50="$t50" -v s99="$s99" -v t99="$t99" \
    -v sc="$scpu" -v tc="$tcpu" 'BEGIN {
	printf "  %-34s %10s %10s %8s\n", "per request, median of 5 runs", "serve", "static", "ratio"
	printf "  %-34s %10.1f %10.1f %8.2f\n", "wall, median (us)", s50, t50, s50 / t50
	printf "  %-34s %10.1f %10.1f %8.2f\n", "wall, 99th percentile (us)", s99, t99, s99 / t99
	printf "  %-34s %10.1f %10.1f %8.2f\n", "server CPU, all runs (us)", sc, tc, (tc > 0 ? sc / tc : 0)
	ok = s50 / t50 <= 2 && (tc <= 0 || sc / tc <= 2)
	printf "  target serve / static <= 2: %s\n", ok ? "met" : "NOT met"
}'
kill "$spid" "$stpid" 2>/dev/null
wait "$spid" "$stpid" 2>/dev/null

# 2. The load.
db="$work/load.db"
"$SHAKEREF" -d "$db" new --game 10000 --players Ann,Bob >/dev/null
serve_up "$db"
echo "serve: $clients event streams while play enters $lines lines, one every 20 ms"
"$work/serve-client" load "$port" "$prefix" "$clients" "$lines" 20 "$spid" \
    "roll 2 3 4 6 2 3" "$SHAKEREF" -d "$db" play >"$work/load.out"
sed '/^RESULT/d; s/^/  /' "$work/load.out"
sed -n 's/^RESULT //p' "$work/load.out" | tr ' ' '\n' >"$work/load.kv"
missed=$(sed -n 's/^missed=//p' "$work/load.kv")
p99=$(sed -n 's/^p99=//p' "$work/load.kv")
rss50=$(sed -n 's/^rss50=//p' "$work/load.kv")
rss1=$(sed -n 's/^rss1=//p' "$work/load.kv")
awk -v m="$missed" -v p="$p99" -v a="$rss50" -v b="$rss1" 'BEGIN {
	printf "  target every change to every client: %s\n", m == 0 ? "met" : "NOT met"
	printf "  target p99 under 200 ms: %s\n", p < 200 ? "met" : "NOT met"
	printf "  target memory flat (end within 10%% or 1 MB of line 50): %s\n", \
	    b <= a * 1.1 || b - a <= 1024 ? "met" : "NOT met"
}'
