#!/bin/sh
# tests/bench/serve-enter.sh: `shakeref serve --enter` (issue 35) on
# loopback.  Never part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/serve-enter.sh [POSTS] [TAPS] [PHONES]
#
# 1. A POST on a 10,000-entry game (a farkle from the table's phone,
#    imported: 10,000 farkles of Ann and Bob), POSTS (default 500) one
#    after the other, each from an address of its own turn (serve slows
#    5 entries a second from one address): the 99th percentile of the
#    client's wall time on loopback (serve's time and loopback's: an
#    upper bound of serve's), beside the same for a GET of the board of
#    the same game and a POST on a fresh game (the baselines, same run),
#    and serve's CPU per POST (/proc/PID/stat).  Target: POST p99 <= 5 ms.
# 2. A tap to every phone: PHONES (default 8) phones in headless Chromium
#    (tests/cli/serve_phone.py: each a tab of its own browser context,
#    JavaScript on) hold the players of a 10,000 game, `shakeref watch`
#    open on a terminal (tmux); TAPS (default 100) times the phone whose
#    turn it is taps a farkle on its dice pad: from the last tap to every
#    phone's page showing the entry (each page records when it first
#    shows an entry number, on load or by the live update), beside the
#    same from an entry typed on the laptop (the CLI, the baseline: the
#    read path alone).  Target: tap p99 <= 150 ms.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
. "$(dirname "$0")/lib.sh"
posts=${1:-500}
taps=${2:-100}
phones=${3:-8}
bench_init
[ -z "${KEEP:-}" ] || echo "bench: kept in $work"
here=$(cd "$(dirname "$0")" && pwd)
unset SHAKEREF_NOW XDG_DATA_HOME
export SHAKEREF
command -v chromium >/dev/null 2>&1 && command -v tmux >/dev/null 2>&1 ||
    { echo "skip: chromium and tmux are needed (./bootstrap installs them)"; exit 0; }

pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null; done
[ -z "${tmux_on:-}" ] || tmux -S "$work/tmux.sock" kill-server 2>/dev/null
[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

# serve_up DB: serve --enter on a free port of 127.0.0.1, from $work.
serve_up() {
	export SHAKEREF_DB="$1"
	rm -f "$work/serve.out"
	(cd "$work" && exec "$SHAKEREF" serve --enter --listen 127.0.0.1:0 \
	    --max-seconds 900 >serve.out 2>serve.err) &
	spid=$!
	echo "$spid" >"$work/serve.pid"
	pids="$pids $spid"
	i=0
	while ! grep -q "^Ctrl-C" "$work/serve.out" 2>/dev/null; do
		i=$((i + 1)); [ $i -lt 100 ] || { cat "$work/serve.err"; exit 1; }
		sleep 0.1
	done
}

serve_down() {
	kill "$spid" 2>/dev/null
	wait "$spid" 2>/dev/null
}

# A game of ten-thousand for players $2 with $3 farkles, imported into
# database $1 and current.
farkles() {
	/usr/bin/python3 - "$2" "$3" >"$work/game.json" <<'EOF'
import json, sys
players = sys.argv[1].split(",")
n = int(sys.argv[2])
at = "2026-12-02T12:00:00Z"
print(json.dumps({"shakeref": 1, "games": [{
    "uid": "%032x" % (n + len(players)), "rules": "ten-thousand",
    "title": None, "options": {"coach": "on", "four-pair": "on",
                               "target": "10000"},
    "created": at, "state": "active", "players": players,
    "entries": [{"n": i + 1, "player": players[i % len(players)],
                 "verb": "roll", "args": ["2", "3", "4", "6", "2", "3"],
                 "fact": None, "at": at} for i in range(n)]}]}))
EOF
	"$SHAKEREF" -d "$1" import "$work/game.json" >/dev/null &&
	"$SHAKEREF" -d "$1" use 1 >/dev/null
}

# 1. A POST.
hz=$(getconf CLK_TCK)
post_on() {
	serve_up "$1"
	(cd "$work" && /usr/bin/python3 "$here/serve-enter.py" post "$posts") \
	    >"$work/post.$2" || exit 1
	serve_down
}
farkles "$work/big.db" Ann,Bob 10000 || exit 1
farkles "$work/small.db" Ann,Bob 2 || exit 1
post_on "$work/big.db" big
post_on "$work/small.db" small
echo "serve --enter: $posts POSTs (a farkle each), client's wall time on loopback"
awk -v hz="$hz" -v n="$posts" '
	FILENAME ~ /big$/ && $1 == "post" { b50 = $2; b99 = $3 }
	FILENAME ~ /big$/ && $1 == "get" { g50 = $2; g99 = $3 }
	FILENAME ~ /big$/ && $1 == "ticks" { bt = $2 }
	FILENAME ~ /small$/ && $1 == "post" { s50 = $2; s99 = $3 }
	FILENAME ~ /small$/ && $1 == "ticks" { st = $2 }
	END {
	printf "  %-44s %9s %9s %12s\n", "", "p50 (ms)", "p99 (ms)", "CPU/req (ms)"
	printf "  %-44s %9.2f %9.2f %12.2f\n", "POST, 10,000-entry game", b50, b99, bt * 1000 / hz / n
	printf "  %-44s %9.2f %9.2f %12s\n", "GET board, same game (baseline)", g50, g99, "-"
	printf "  %-44s %9.2f %9.2f %12.2f\n", "POST, 2-entry game (baseline)", s50, s99, st * 1000 / hz / n
	printf "  target POST p99 <= 5 ms on 10,000 entries: %s\n", b99 <= 5 ? "met" : "NOT met"
}' "$work/post.big" "$work/post.small"

# 2. A tap to every phone.
names=$(echo Ann Bob Cid Dan Eve Fay Gus Hal Ida Jon Kim Lea Max Ned Oda Pia |
    cut -d' ' -f1-"$phones" | tr ' ' ',')
farkles "$work/taps.db" "$names" 0 || exit 1
serve_up "$work/taps.db"
tmux_on=1
tmux -S "$work/tmux.sock" -f /dev/null new-session -d -x 100 -y 40 \
    "SHAKEREF_DB='$work/taps.db' '$SHAKEREF' watch"
echo "serve --enter: $phones phones and watch; $taps entries each way"
(cd "$work" && /usr/bin/python3 "$here/serve-enter.py" taps "$taps" "$phones") \
    >"$work/taps.out" || exit 1
awk '
	$1 == "tap" { t50 = $2; t99 = $3; tm = $4 }
	$1 == "cli" { c50 = $2; c99 = $3; cm = $4 }
	$1 == "missed" { missed = $0; m = $2 }
	END {
	if (m > 0)
		printf "  %d times a phone did not show an entry within 5 s (reloaded, left out below): %s\n", m, missed
	printf "  %-44s %9s %9s %9s\n", "to every phone'"'"'s page", "p50 (ms)", "p99 (ms)", "max (ms)"
	printf "  %-44s %9.1f %9.1f %9.1f\n", "a tap on a phone (the dice pad)", t50, t99, tm
	printf "  %-44s %9.1f %9.1f %9.1f\n", "an entry on the laptop (baseline)", c50, c99, cm
	printf "  target tap p99 <= 150 ms (every tap shown): %s\n", t99 <= 150 && m == 0 ? "met" : "NOT met"
}' "$work/taps.out"
