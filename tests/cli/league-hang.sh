#!/bin/sh
# tests/cli/league-hang.sh: no command waits for a silent league for ever
# (README "Club league", shakeref(1) CLUB LEAGUE; issue 38): a socket that
# accepts and never answers, named as the league's host, and the test's
# own server stopped (SIGSTOP: the postmaster and its backends), every
# command exiting 4 with one line before a 15 s watchdog (timeout -s
# KILL) would kill it; a lock held by another session still waited for
# and told as a lock; serve answering all but the database's pages, and
# those 503 in their time; serve waiting for an entry past the deadline
# on the same connection (a wait for a notification is none for an
# answer).  The URIs say connect_timeout=2 (2 s to
# connect, 2 + 5 s for an answer), but serve's (the defaults: 10 and
# 15 s, past curl's 10 s).  A stopped server is always continued (trap).
SHAKEREF_TEST_PG=${SHAKEREF_TEST_PG-1}
. "$SRCDIR/tests/cli/lib.sh"

# The 15 s watchdog: CMD... with its exit status (137: it was killed).
bounded() {
	timeout -s KILL 15 "$@"
}

# A Unix socket at $1 that accepts (64 at most) and never answers, for
# $2 seconds at most; its pid in $silent.
silent_start() {
	/usr/bin/python3 - "$1" "$2" <<-\PY &
	import socket, sys, time
	s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
	s.bind(sys.argv[1])
	s.listen(64)
	s.settimeout(0.5)
	held, end = [], time.time() + float(sys.argv[2])
	while time.time() < end and len(held) < 64:
	    try:
	        held.append(s.accept()[0])
	    except socket.timeout:
	        pass
	PY
	silent=$!
	i=0
	while ! test -S "$1"; do
		i=$((i + 1)) && [ $i -lt 100 ] || return 1
		sleep 0.1
	done
}

# play in the background, under the watchdog, reading the fifo ./lines
# (held open on fd 3), its output in ./play.out and ./play.err, its
# process in $play.
play_bg() {
	: >play.out
	mkfifo lines
	bounded "$SHAKEREF" play <lines >play.out 2>play.err &
	play=$!
	exec 3>lines
}

# Database $1's row of game 1 locked for $2 seconds by psql in the
# background (its process in $holder); back when the lock is held.
hold_bg() {
	pg_psql -d "$1" -c "BEGIN" \
	    -c "SELECT 1 FROM games WHERE id = 1 FOR UPDATE" \
	    -c "SELECT pg_sleep($2)" -c "COMMIT" >/dev/null 2>&1 &
	holder=$!
	i=0
	while [ "$(pg_psql -d "$1" -c "SELECT count(*) FROM pg_locks l
	    JOIN pg_class c ON c.oid = l.relation
	    WHERE c.relname = 'games' AND l.mode = 'RowShareLock'
	    AND l.pid <> pg_backend_pid()")" = 0 ]; do
		i=$((i + 1)) && [ $i -lt 100 ] || return 1
		sleep 0.1
	done
}

# serve on 127.0.0.1, port 0, in the background (its pid in ./serve.pid,
# stopping by itself after 60 s); its URL with the token in $url.
serve_bg() {
	"$SHAKEREF" serve --listen 127.0.0.1:0 --max-seconds 60 \
	    >serve.out 2>serve.err &
	echo $! >serve.pid
	i=0
	while ! grep -q "^Ctrl-C stops it" serve.out 2>/dev/null; do
		i=$((i + 1)) && [ $i -lt 100 ] || return 1
		sleep 0.1
	done
	url=$(sed -n "s/^the scoreboard at //p" serve.out)
	test -n "$url"
}

# GET $1 with a 10 s watchdog: its HTTP status (000: none in time), its
# body in ./page.
get() {
	curl -s -m 10 -o page -w "%{http_code}" "$1"
}

# get $2 in the background: its status in ./$1.code, its process in $$1.
get_bg() {
	curl -s -m 10 -o "$1.page" -w "%{http_code}" "$2" >"$1.code" &
	eval "$1=\$!"
}

# Wait (10 s at most) until process $1 is gone.
wait_gone() {
	i=0
	while kill -0 "$1" 2>/dev/null; do
		i=$((i + 1)) && [ $i -lt 100 ] || return 1
		sleep 0.1
	done
}

# The test server's processes# The test server's processes, the postmaster first.
pg_procs() {
	pm=$(head -n 1 "$PGHOST/data/postmaster.pid") &&
	echo "$pm" $(ps -o pid= --ppid "$pm")
}

test_expect_success PG 'a socket that accepts and never answers: status, a verb, new, play'"'"'s line each exit 4 with one line, well before the watchdog' '
	mkdir silent && silent_start "$PWD/silent/.s.PGSQL.5432" 60 &&
	trap "kill $silent 2>/dev/null || :" EXIT &&
	SHAKEREF_DB="postgresql:///t?host=$PWD/silent&connect_timeout=2" &&
	export SHAKEREF_DB &&
	expect_exit 4 bounded "$SHAKEREF" status && one_err_line &&
	expect_err "cannot connect to the league" &&
	expect_exit 4 bounded "$SHAKEREF" roll 1 2 && one_err_line &&
	expect_exit 4 bounded "$SHAKEREF" new --game shake --players Ann,Bob &&
	one_err_line &&
	echo "roll 1 2" >line &&
	expect_exit 4 bounded "$SHAKEREF" play <line && one_err_line &&
	expect_err "cannot connect to the league" &&
	# PGCONNECT_TIMEOUT when the URI names none.
	SHAKEREF_DB="postgresql:///t?host=$PWD/silent" PGCONNECT_TIMEOUT=2 \
	    expect_exit 4 bounded "$SHAKEREF" status && one_err_line
'

test_expect_success PG 'the server stopped (SIGSTOP): new connections and play'"'"'s next line on its open one exit 4 with one line; continued, the league works' '
	SHAKEREF_DB="$SHAKEREF_DB?connect_timeout=2" && export SHAKEREF_DB &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	play_bg &&
	echo "roll 10 20" >&3 &&
	i=0 && while ! grep -q "^Round 1" play.out; do
		i=$((i + 1)) && [ $i -lt 150 ] || return 1
		sleep 0.1
	done &&
	sr --json history >before &&
	procs=$(pg_procs) && test -n "$procs" &&
	trap "kill -CONT $procs 2>/dev/null; exec 3>&-" EXIT &&
	kill -STOP $procs &&
	expect_exit 4 bounded "$SHAKEREF" status && one_err_line &&
	expect_err "cannot connect to the league" &&
	expect_exit 4 bounded "$SHAKEREF" roll 30 40 && one_err_line &&
	expect_exit 4 bounded "$SHAKEREF" new --game shake --players Cid,Dee &&
	one_err_line &&
	echo "roll 30 40" >&3 && exec 3>&- &&
	{ wait $play && rc=0 || rc=$?; } && test $rc -eq 4 &&
	test "$(wc -l <play.err)" = 1 &&
	grep -q "^shakeref: play: line 2: roll: the league .* did not answer within 7 seconds" play.err &&
	kill -CONT $procs &&
	bounded "$SHAKEREF" status >/dev/null &&
	sr --json history >after &&
	# The line play was cut off in may have been sent whole, its
	# COMMIT too: then it is there, the last and only one more.
	{ expect_same before after ||
	    jq -e "(.entries | length) == 2" after >/dev/null; }
'

test_expect_success PG 'a lock held by another session is still waited for and told as a lock, not as a silent server (connect_timeout=2)' '
	db=${SHAKEREF_DB#postgresql:///} &&
	SHAKEREF_DB="$SHAKEREF_DB?connect_timeout=2" && export SHAKEREF_DB &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	trap "kill \$holder 2>/dev/null || :" EXIT &&
	hold_bg "$db" 9 &&
	expect_exit 4 bounded "$SHAKEREF" roll 10 20 && one_err_line &&
	expect_err "is locked by another shakeref; try again" &&
	wait $holder &&
	sr roll 10 20 >/dev/null
'

test_expect_success PG 'serve with the server stopped: its static file, 404s and the board (rendered before) answered at once, a page from the database 503 in its time, then 200 once the server is back' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	serve_bg &&
	origin=${url%/*/} &&
	test "$(get "$url")" = 200 && grep -q "Ann" page &&
	procs=$(pg_procs) && test -n "$procs" &&
	trap "kill -CONT $procs 2>/dev/null; kill \$(cat serve.pid) 2>/dev/null || :" EXIT &&
	kill -STOP $procs &&
	get_bg games "${url}games" &&
	test "$(get "${url}style.css")" = 200 &&
	test "$(get "${url}nothing")" = 404 &&
	test "$(get "$origin/")" = 404 &&
	test "$(get "$url")" = 200 && grep -q "Ann" page &&
	test "$(get "${url}icon.svg")" = 200 &&
	wait $games && test "$(cat games.code)" = 503 &&
	test "$(get "${url}standings")" = 503 &&
	grep -q "the database does not answer" page &&
	kill -CONT $procs &&
	i=0 && while [ "$(get "${url}games")" != 200 ]; do
		i=$((i + 1)) && [ $i -lt 10 ] || return 1
	done &&
	grep -q "Ann" page &&
	kill -TERM "$(cat serve.pid)" && wait_gone "$(cat serve.pid)" &&
	{ wait "$(cat serve.pid)" && rc=0 || rc=$?; } && test $rc -eq 0 &&
	! test -s serve.err
'

test_expect_success PG 'serve waiting for the next entry is no answer awaited: idle past the deadline (connect_timeout=2: 7 s), its connection is the same and the entry reaches the board' '
	SHAKEREF_DB="$SHAKEREF_DB?connect_timeout=2" && export SHAKEREF_DB &&
	db=${SHAKEREF_DB#postgresql:///} && db=${db%%\?*} &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	serve_bg &&
	trap "kill \$(cat serve.pid) 2>/dev/null || :" EXIT &&
	test "$(get "$url")" = 200 && mv page before &&
	session="SELECT pid FROM pg_stat_activity
	    WHERE application_name = \$\$shakeref\$\$ AND datname = \$\$$db\$\$" &&
	pg_psql -c "$session" >pid.before && test "$(wc -l <pid.before)" = 1 &&
	sleep 9 &&
	sr roll 10 20 >/dev/null &&
	i=0 && while get "$url" >/dev/null && cmp -s before page; do
		i=$((i + 1)) && [ $i -lt 100 ] || return 1
		sleep 0.1
	done &&
	! cmp -s before page &&
	pg_psql -c "$session" >pid.after &&
	expect_same pid.before pid.after &&
	kill -TERM "$(cat serve.pid)" && wait_gone "$(cat serve.pid)"
'

test_done
