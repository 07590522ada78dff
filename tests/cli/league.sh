#!/bin/sh
# tests/cli/league.sh: the league (SPEC.md "League", issue 26) on a real
# PostgreSQL server the file starts itself (tests/pg.sh): the server as
# the tests get it (a Unix socket only, not root, a fresh database per
# test, stopped and removed at the end); a club night's load (16 tables
# at once, two on one game, with watch and standings --all-time
# running); pg_ctl restart during play.  Every wait is bounded: a
# process that does not end in time is killed (wait_bounded) and the
# test fails; what a test started (play, watch's tmux) is stopped when it
# ends, passed or failed (league_cleanup).
SHAKEREF_TEST_PG=${SHAKEREF_TEST_PG-1}
. "$SRCDIR/tests/cli/lib.sh"

# wait_bounded SECONDS PID...: wait until each background process PID
# has ended (a zombie counts as ended), SECONDS at most for all; then 0,
# their statuses left for `wait PID`.  Past the time each one left is
# named, killed (kill -9) and 1.
wait_bounded() {
	wb_i=0 wb_n=$(($1 * 10))
	shift
	for wb_p in "$@"; do
		while kill -0 "$wb_p" 2>/dev/null &&
		    [ "$(ps -o stat= -p "$wb_p" 2>/dev/null | cut -c1)" != Z ]; do
			if [ "$wb_i" -ge "$wb_n" ]; then
				echo "# still running after the time allowed:"
				for wb_p in "$@"; do
					ps -o pid=,args= -p "$wb_p" 2>/dev/null |
					    sed "s/^/#   /"
					kill -9 "$wb_p" 2>/dev/null || :
				done
				return 1
			fi
			wb_i=$((wb_i + 1))
			sleep 0.1
		done
	done
}

# What a test started, stopped when its shell exits, passed or failed:
# the processes in $league_pids (killed), the tmux server (tty_stop).
# A test calls `trap league_cleanup EXIT` first.
league_pids=
league_cleanup() {
	for p in $league_pids; do
		kill -9 "$p" 2>/dev/null || :
	done
	tty_stop || :
}

# Start `shakeref ARGS watch` alone in a tmux pane.
watch_start() {
	tmux -S "$PWD/tmux.sock" -f /dev/null new-session -d -x 100 -y 30 \
	    "exec env NO_COLOR=1 HOME='$HOME' SHAKEREF_DB='$SHAKEREF_DB' '$SHAKEREF' $* watch"
}

# `standings --all-time` again and again until ./plays.done: its errors
# (and exit statuses) into ./standings.err, how many runs into
# ./standings.runs; its process in $standings.
standings_start() {
	: >standings.err
	(
		n=0
		# Ends with the file's shell, should the test fail first.
		while [ ! -e plays.done ] && kill -0 $$ 2>/dev/null; do
			sr standings --all-time >/dev/null 2>>standings.err ||
			    echo "exit $?" >>standings.err
			n=$((n + 1))
		done
		echo $n >standings.runs
	) &
	standings=$!
	league_pids="$league_pids $standings"
}

# Table $1 of the load, in the background: play with its own HOME (its
# current game), ./in$1 in, ./out$1, ./err$1; tables 1 and 2 on game 1.
# Its process (play itself) added to $pids.
table_start() {
	g=
	[ "$1" -gt 2 ] || g="-g 1"
	HOME=$PWD/h$1 "$SHAKEREF" $g play <"in$1" >"out$1" 2>"err$1" &
	pids="$pids $!"
	league_pids="$league_pids $!"
}

# The lines table $1 of the load enters: tables 1 and 2 share game 1,
# a note naming the table and the line, then a void roll (SH-4: legal
# whatever the other table entered); the others play six whole games of
# their own (two_player_game, 32 entries: Bob wins), the first after 8
# notes: 200 entries each.
load_lines() {
	if [ "$1" -le 2 ]; then
		i=1
		while [ $i -le 100 ]; do
			echo "note t$1-$i" && echo "roll 30 30" || return 1
			i=$((i + 1))
		done
		return 0
	fi
	i=1
	while [ $i -le 8 ]; do
		echo "note t$1-$i" && i=$((i + 1)) || return 1
	done
	two_player_game &&
	for g in 2 3 4 5 6; do
		echo "new --game shake --players Ann,Bob" && two_player_game ||
		    return 1
	done
}

test_expect_success PG 'the test server: a Unix socket in its own folder, no TCP' '
	test -S "$PGHOST/.s.PGSQL.5432" &&
	test "$(pg_psql -c "SHOW listen_addresses")" = "" &&
	test "$(pg_psql -c "SHOW unix_socket_directories")" = "$PGHOST" &&
	if command -v ss >/dev/null 2>&1; then
		pid=$(head -n 1 "$PGHOST/data/postmaster.pid") &&
		! ss -Hltnp | grep -q "pid=$pid,"
	fi
'

test_expect_success PG 'the test server never runs as root' '
	pid=$(head -n 1 "$PGHOST/data/postmaster.pid") &&
	test "$(stat -c %u /proc/$pid)" -ne 0 &&
	test "$(stat -c %u "$PGHOST/data")" -ne 0
'

test_expect_success PG 'each test gets a database of its own, empty' '
	n=$(basename "$PWD" | tr -d t) &&
	test "$SHAKEREF_DB" = "postgresql:///t$n" &&
	test "$(pg_psql -d "t$n" -c "SELECT current_database()")" = "t$n" &&
	test "$(pg_psql -d "t$n" -c "SELECT count(*) FROM pg_class c
	    JOIN pg_namespace s ON s.oid = c.relnamespace
	    WHERE s.nspname NOT IN (\$\$pg_catalog\$\$, \$\$information_schema\$\$)
	    AND s.nspname NOT LIKE \$\$pg_toast%\$\$")" = 0
'

test_expect_success 'no server binaries: a file run against PostgreSQL skips, or bails out where one is required (CI)' '
	SHAKEREF_PG_BINDIR=$PWD/nowhere SHAKEREF_TEST_PG=1 \
	    SHAKEREF_PG_REQUIRED= sh "$SRCDIR/tests/cli/help.sh" >out 2>err &&
	expect_out "1..0 # SKIP no PostgreSQL server binaries" &&
	test "$(wc -l <out)" = 1 &&
	if SHAKEREF_PG_BINDIR=$PWD/nowhere SHAKEREF_TEST_PG=1 \
	    SHAKEREF_PG_REQUIRED=1 sh "$SRCDIR/tests/cli/help.sh" >out 2>err
	then
		false
	fi &&
	expect_out "Bail out! no PostgreSQL server binaries"
'

test_expect_success PG 'pg_stop: the server gone and its folder removed (also at exit)' '
	(
		pg_dir= &&
		pg_start &&
		echo "$pg_dir" >dir &&
		head -n 1 "$pg_dir/data/postmaster.pid" >pid &&
		trap pg_stop EXIT
	) &&
	pid=$(cat pid) && dir=$(cat dir) &&
	test -n "$pid" && test -n "$dir" &&
	! test -e "$dir" &&
	! ps -o stat= -p "$pid" | grep -qv Z
'

test_expect_success PG 'a file of league tests interrupted (TERM, HUP): its server stopped and its folder removed' '
	for sig in TERM HUP; do
		rm -f dir sleep &&
		cat >stopped.sh <<-\EOF || return 1
		. "$SRCDIR/tests/cli/lib.sh"
		echo "$pg_dir" >dir.new && mv dir.new dir
		sleep 60 &
		echo $! >sleep
		wait
		EOF
		# Default dispositions: a shell cannot trap a signal it
		# was started ignoring (a suite run under nohup ignores HUP).
		SHAKEREF_TEST_PG=1 env --default-signal=TERM,HUP \
		    sh stopped.sh >out 2>err &
		file=$! && i=0 &&
		while [ ! -s dir ] || [ ! -s sleep ]; do
			i=$((i + 1)) && [ $i -lt 300 ] && sleep 0.1 || return 1
		done &&
		dir=$(cat dir) &&
		pid=$(head -n 1 "$dir/data/postmaster.pid") &&
		kill -$sig $file && wait_bounded 30 $file &&
		kill "$(cat sleep)" &&
		! test -e "$dir" &&
		! ps -o stat= -p "$pid" | grep -qv Z || return 1
	done
'

test_expect_success PG 'load: 16 tables enter 200 entries each at once, two on one game, watch and standings --all-time running: nothing lost, duplicated or out of order' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	k=1 &&
	while [ $k -le 16 ]; do
		mkdir h$k && load_lines $k >in$k &&
		if [ $k -gt 2 ]; then
			HOME=$PWD/h$k sr new --game shake --players Ann,Bob \
			    >/dev/null
		fi &&
		k=$((k + 1)) || return 1
	done &&
	test "$(wc -l <in1)" = 200 && test "$(grep -cv "^new" in16)" = 200 &&
	trap league_cleanup EXIT &&
	watch_start -g 1 &&
	tty_grep -qF "game 1: shake" &&
	standings_start &&
	pids= &&
	k=1 &&
	while [ $k -le 16 ]; do
		table_start $k && k=$((k + 1)) || return 1
	done &&
	wait_bounded 300 $pids &&
	touch plays.done && wait_bounded 30 $standings &&
	k=1 &&
	for p in $pids; do
		rc=0 && wait $p || rc=$?
		if [ $rc != 0 ] || [ -s err$k ]; then
			echo "# table $k: exit $rc" && cat err$k && return 1
		fi
		k=$((k + 1))
	done &&
	if [ -s standings.err ]; then
		echo "# standings --all-time during the load:" &&
		sed "s/^/#   /" standings.err && return 1
	fi &&
	test "$(cat standings.runs)" -gt 0 &&
	sr -g 1 --json history >out &&
	json ".entries | length == 400" &&
	json "[.entries[].n] == [range(1; 401)]" &&
	for k in 1 2; do
		i=1 && : >want$k &&
		while [ $i -le 100 ]; do
			echo "t$k-$i" >>want$k && i=$((i + 1)) || return 1
		done &&
		jq -r ".entries[] | select(.verb == \"note\") | .args[0] |
		    select(startswith(\"t$k-\"))" out >got$k &&
		expect_same want$k got$k || return 1
	done &&
	json "[.entries[] | select(.verb == \"roll\")] | length == 200" &&
	sr --json games --all >out &&
	json ".games | length == 85" &&
	json "[.games[] | select(.state == \"finished\")] | length == 84" &&
	sr --json standings --all-time >out &&
	json "[.players[] | select(.name == \"Bob\") | .won] == [84]" &&
	json "[.players[] | select(.name == \"Ann\") | .won] == [0]" &&
	json "[.players[] | .played] == [84, 84]" &&
	expect_exit 0 sr check && expect_out "85 games checked: 0 problems" &&
	sr -g 1 roll 10 20 >/dev/null &&
	tty_grep -qF "Bob rolled 20"
'

# sr_bg NAME ARGS: shakeref ARGS in the background, its output in
# ./NAME.out and ./NAME.err, its process in $NAME (and $league_pids).
# It keeps no fd 7 (hold_start's fifo).
sr_bg() {
	bg_name=$1
	shift
	"$SHAKEREF" "$@" >"$bg_name.out" 2>"$bg_name.err" 7>&- &
	eval "$bg_name=\$!"
	league_pids="$league_pids $!"
}

# bg_said NAME LINE: shakeref $NAME (sr_bg, ended: wait_bounded) exited
# 0, printed LINE and nothing on stderr; else what it printed shown.
bg_said() {
	bg_rc=0
	eval "wait \$$1" || bg_rc=$?
	[ $bg_rc = 0 ] && grep -qxF -- "$2" "$1.out" && test ! -s "$1.err" || {
		echo "# $1 (exit $bg_rc) did not say: $2"
		cat "$1.out" "$1.err" | sed "s/^/#   /"
		return 1
	}
}

# psql on the test's own database.
db_psql() {
	pg_psql -d "${SHAKEREF_DB##*/}" "$@"
}

# The game's snapshot row held, so that a table's write to game 1 waits
# inside its transaction after its entry (table_inside), while another
# game's does not.
hold_game1="SELECT 1 FROM snapshots WHERE game_id = 1 FOR UPDATE;"

# hold_start SQL: psql in the background (input: the fifo ./hold, on fd
# 7) runs BEGIN and SQL and keeps what SQL took until hold_end commits.
hold_start() {
	rm -f hold &&
	mkfifo hold && : >hold.out &&
	{ "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 \
	    -d "${SHAKEREF_DB##*/}" <hold >hold.out 2>&1 & } &&
	holder=$! &&
	league_pids="$league_pids $holder" &&
	exec 7>hold &&
	echo "BEGIN; $1 SELECT 'held';" >&7 &&
	i=0 &&
	while ! grep -q held hold.out; do
		i=$((i + 1)) && [ $i -lt 100 ] && sleep 0.1 ||
		    { echo "# psql never held: $1"; cat hold.out; return 1; }
	done
}

hold_end() {
	echo "COMMIT; \\q" >&7 && exec 7>&- &&
	wait_bounded 10 $holder && wait $holder
}

# pg_until SQL: wait (at most 10 s) until SQL (one value, on the test's
# database) is t; else the database's sessions shown and 1.
pg_until() {
	i=0
	while [ "$(db_psql -c "$1")" != t ]; do
		i=$((i + 1))
		if [ $i -ge 100 ]; then
			echo "# never true: $1"
			db_psql -c "SELECT pid, application_name, state,
			    wait_event_type, wait_event FROM pg_stat_activity
			    WHERE datname = current_database()" | sed "s/^/#   /"
			return 1
		fi
		sleep 0.1
	done
}

# The tables' sessions on the test's database (shakeref names itself).
tables_sql="FROM pg_stat_activity WHERE datname = current_database()
    AND application_name = 'shakeref'"

# table_inside NAME: wait until shakeref $NAME's session waits on a lock
# inside its entry's transaction, the entry written (it holds entries'
# RowExclusiveLock): psql holds the game's snapshot row (or the table),
# written after the entry (hold_start); its server process into
# $NAME_pid.  The table's COMMIT may be sent already, in the same
# pipeline as its writes (HACKING, the league): the session runs it once
# the lock is free, whatever became of the table.
table_inside() {
	pg_until "SELECT count(*) = 1 $tables_sql
	    AND wait_event_type = 'Lock'" &&
	pid=$(db_psql -c "SELECT pid $tables_sql
	    AND wait_event_type = 'Lock'") &&
	eval "$1_pid=$pid" &&
	test "$(db_psql -c "SELECT count(*) FROM pg_locks
	    WHERE pid = $pid AND relation = 'entries'::regclass
	    AND mode = 'RowExclusiveLock' AND granted")" = 1 || {
		echo "# table $1 waits before it wrote its entry"
		return 1
	}
}

test_expect_success PG 'kill -9 of a table inside its entry'"'"'s transaction: its entry wholly in or wholly out (out when its session ends too), every acknowledged entry there, the next entry goes in' '
	trap league_cleanup EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	hold_start "$hold_game1" &&
	sr_bg a take &&
	table_inside a &&
	kill -9 $a && { wait $a || test $? = 137; } &&
	hold_end &&
	pg_until "SELECT count(*) = 0 $tables_sql" &&
	test ! -s a.out &&
	sr --json history >out &&
	if json ".entries | length == 3" >/dev/null; then
		last=3 next="roll 10 20" &&
		json "[.entries[] | [.n, .verb, .player]] == [[1, \"roll\", null],
		    [2, \"take\", \"Bob\"], [3, \"take\", \"Ann\"]]"
	else
		last=2 next=take &&
		json "[.entries[] | [.n, .verb, .player]] ==
		    [[1, \"roll\", null], [2, \"take\", \"Bob\"]]"
	fi &&
	test "$(db_psql -c "SELECT n FROM snapshots")" = $last &&
	test "$(db_psql -c "SELECT string_agg(n::text, chr(32) ORDER BY n)
	    FROM entry_notes")" = "$(seq -s " " $last)" &&
	expect_exit 0 sr check && expect_out "1 game checked: 0 problems" &&
	hold_start "$hold_game1" &&
	sr_bg b $next &&
	table_inside b &&
	kill -9 $b && { wait $b || test $? = 137; } &&
	test "$(db_psql -c "SELECT pg_terminate_backend($b_pid)")" = t &&
	hold_end &&
	pg_until "SELECT count(*) = 0 $tables_sql" &&
	sr --json history >out &&
	json ".entries | length == $last" &&
	test "$(db_psql -c "SELECT n FROM snapshots")" = $last &&
	test "$(db_psql -c "SELECT count(*) FROM entry_notes")" = $last &&
	expect_exit 0 sr check && expect_out "1 game checked: 0 problems" &&
	sr $next >/dev/null &&
	sr --json history >out && json ".entries[-1].n == $last + 1" &&
	expect_exit 0 sr check && expect_out "1 game checked: 0 problems"
'

test_expect_success PG 'pg_ctl restart while a table is inside its entry'"'"'s transaction: it exits 4 with one line, nothing of it left, the next entry goes in' '
	trap league_cleanup EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	hold_start "LOCK TABLE snapshots IN EXCLUSIVE MODE;" &&
	sr_bg a take &&
	table_inside a &&
	pg_restart &&
	exec 7>&- && wait_bounded 10 $a $holder &&
	rc=0 && { wait $a || rc=$?; } && test $rc = 4 &&
	mv a.err err && one_err_line && expect_err "lost the connection" &&
	test ! -s a.out &&
	sr --json history >out &&
	json "[.entries[] | [.n, .verb, .player]] == [[1, \"roll\", null]]" &&
	test "$(db_psql -c "SELECT n FROM snapshots")" = 1 &&
	expect_exit 0 sr check && expect_out "1 game checked: 0 problems" &&
	sr take >out && expect_out "Bob takes 20; Ann chooses" &&
	expect_exit 0 sr check
'

test_expect_success PG 'two tables on one game: the second waits on the game'"'"'s row while the first is inside its transaction, then goes in after it, in order; a table on another game does not wait' '
	trap league_cleanup EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	mkdir h2 &&
	HOME=$PWD/h2 sr new --game shake --players Cid,Dan >/dev/null &&
	HOME=$PWD/h2 sr roll 10 20 >/dev/null &&
	hold_start "$hold_game1" &&
	sr_bg a -g 1 take &&
	table_inside a &&
	HOME=$PWD/h2 sr take >out && expect_out "Dan takes 20; Cid chooses" &&
	sr_bg b -g 1 take &&
	pg_until "SELECT count(*) = 1 $tables_sql
	    AND $a_pid = ANY (pg_blocking_pids(pid))" &&
	kill -0 $a && kill -0 $b &&
	hold_end &&
	wait_bounded 10 $a $b &&
	bg_said a "Bob takes 20; Ann chooses" &&
	bg_said b "Ann takes 10; round 1 is over" &&
	sr -g 1 --json history >out &&
	json "[.entries[] | [.n, .verb, .player]] == [[1, \"roll\", null],
	    [2, \"take\", \"Bob\"], [3, \"take\", \"Ann\"]]" &&
	sr -g 2 --json history >out &&
	json "[.entries[] | [.n, .verb, .player]] ==
	    [[1, \"roll\", null], [2, \"take\", \"Dan\"]]" &&
	expect_exit 0 sr check && expect_out "2 games checked: 0 problems"
'

# README's league: psql as its tables' role, `league`, on database
# `league`.
as_tables() {
	"$pg_bin/psql" -X -q -A -t -v ON_ERROR_STOP=1 -U league -d league "$@"
}

# rights_of ROLE TABLE: ROLE's rights to TABLE of league, in order.
rights_of() {
	pg_psql -d league -c "SELECT coalesce(string_agg(p, ','
	    ORDER BY p), '') FROM unnest(ARRAY['SELECT', 'INSERT', 'UPDATE',
	    'DELETE', 'TRUNCATE']) p WHERE has_table_privilege('$1', '$2', p)"
}

# The tables' role refused each change of an entry and each write of
# the schema's version for want of the right (not by a trigger), and
# the triggers' removal (the owner's alone).
tables_refused() {
	for sql in "UPDATE entries SET verb = 'x'" "DELETE FROM entries" \
	    "TRUNCATE entries" "UPDATE meta SET value = '9'" \
	    "DELETE FROM meta" "INSERT INTO meta VALUES ('x', 'y')"; do
		if as_tables -c "$sql" >out 2>err; then
			echo "# the tables' role may: $sql"
			return 1
		fi
		grep -q "permission denied for table" err ||
		    { echo "# $sql: $(cat err)"; return 1; }
	done
	if as_tables -c "ALTER TABLE entries DISABLE TRIGGER USER" 2>err; then
		echo "# the tables' role may disable the triggers"
		return 1
	fi
	grep -q "must be owner" err
}

test_expect_success PG 'README'"'"'s two roles: the owner makes the schema and alone migrates it; the tables'"'"' role plays, adds and reads entries, never changes, deletes or truncates one (psql as that role)' '
	sed -n "/^## Club league/,/^## [^C]/p" "$SRCDIR/README.md" >section &&
	awk "/^    /{ p = 1; print substr(\$0, 5); next } p { exit }" \
	    section >roles.sql &&
	grep -q "^CREATE ROLE league LOGIN" roles.sql &&
	pg_psql -f roles.sql >/dev/null &&
	SHAKEREF_DB=postgresql://league@/league &&
	expect_exit 4 sr new --game shake --players Ann,Bob && one_err_line &&
	expect_err "has no schema yet, and this role may not make it" &&
	test "$(pg_psql -d league -c "SELECT count(*) FROM pg_tables
	    WHERE schemaname = current_schema()")" = 0 &&
	awk "/^    echo/ { p = 1 } p && /^    / { print substr(\$0, 5); next }
	    p { exit }" section |
	    sed "s|^shakeref |\"\$SHAKEREF\" |; s|@club-server/|@/|" >owner.sh &&
	grep -q "league_owner@/league import" owner.sh &&
	sh owner.sh >out && expect_out "imported 0 games" &&
	test "$(rights_of league entries)" = "INSERT,SELECT" &&
	test "$(rights_of league meta)" = SELECT &&
	test "$(rights_of league games)" = "INSERT,SELECT" &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr undo >/dev/null && sr redo >/dev/null &&
	sr --json standings --all-time >out &&
	json "[.players[] | [.name, .played, .won]] ==
	    [[\"Bob\", 1, 1], [\"Ann\", 1, 0]]" &&
	sr export --all >all.json && sr import all.json >out &&
	expect_out "skipped 1 already here" &&
	expect_exit 0 sr check --repair &&
	# 32 entries of the game, the undo and the redo: all there.
	test "$(as_tables -c "SELECT count(*) FROM entries")" = 34 &&
	tables_refused &&
	test "$(as_tables -c "SELECT count(*) FROM entries")" = 34 &&
	pg_psql -d league -c "GRANT UPDATE, DELETE, TRUNCATE ON entries TO
	    league; GRANT UPDATE ON meta TO league; UPDATE meta SET value = 1
	    WHERE key = \$\$schema\$\$; ALTER TABLE games DROP COLUMN schema6" &&
	# This table saw the current schema last: its command asks with its
	# first statements (the mark of games schema 1 lacks), finds 1 and
	# keeps nothing; the next one asks first.
	expect_exit 4 sr status && one_err_line &&
	expect_err "changed its schema (now 1) since this table last used it; try again" &&
	expect_exit 4 sr status && one_err_line &&
	expect_err "as the schema'"'"'s owner alone" &&
	test "$(rights_of league entries)" = "DELETE,INSERT,SELECT,TRUNCATE,UPDATE" &&
	sr -d postgresql://league_owner@/league games >/dev/null &&
	test "$(rights_of league entries)" = "INSERT,SELECT" &&
	test "$(rights_of league meta)" = SELECT &&
	tables_refused &&
	sr status >out && expect_out "The game is over: Bob wins with 200." &&
	expect_exit 0 sr check
'

# play in the background reading ./in (a fifo, held open on fd 8), its
# output in ./play.out and ./play.err, its process (play itself) in
# $play.  Nothing started after it may keep fd 8 (tests/pg.sh's server
# closes it): play ends only when the last writer of its fifo is gone.
play_start() {
	# There before play opens it (play blocks on its fifo until then).
	: >play.out
	"$SHAKEREF" play <in >play.out 2>play.err &
	play=$!
	league_pids="$league_pids $play"
	exec 8>in
}

# Wait (at most 10 s) until play's output holds text $1.
out_wait() {
	i=0
	while ! grep -qF -- "$1" play.out; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || { echo "# play never said: $1"; cat play.out play.err; return 1; }
		sleep 0.1
	done
}

# play on a terminal, a game of Shake to Bob's first choice (take|shake).
play_to_bobs_choice() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	tty_start &&
	tty_wait "round 1, table (roll)>" &&
	tty_type "roll 10 20" &&
	tty_wait "round 1, Bob (take|shake)>"
}

test_expect_success PG 'pg_ctl restart between two commands: the next one connects again; nothing acknowledged lost' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	pg_restart &&
	sr take >/dev/null &&
	sr --json history >out &&
	json "[.entries[].verb] == [\"roll\", \"take\"]"
'

test_expect_success PG 'pg_ctl restart during play on a terminal: play says the server went away, the next line goes in; nothing acknowledged lost' '
	trap league_cleanup EXIT &&
	play_to_bobs_choice &&
	pg_restart &&
	tty_type "take" &&
	tty_wait "The server went away; connected again." &&
	tty_wait "round 1, Ann (take|shake)>" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	sr --json history >out &&
	json "[.entries[].verb] == [\"roll\", \"take\"]"
'

test_expect_success PG 'the server down during play on a terminal: the line refused (exit 4, one line), play goes on and connects at the next line once it is back' '
	trap league_cleanup EXIT &&
	play_to_bobs_choice &&
	pg_stop_only fast &&
	tty_type "take" &&
	tty_wait "The server went away; the next line connects again." &&
	pg_ctl_start &&
	tty_type "take" &&
	tty_wait "round 1, Ann (take|shake)>" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	sr --json history >out &&
	json "[.entries[].verb] == [\"roll\", \"take\"]" &&
	grep -c "^shakeref: " screen >n && test "$(cat n)" = 1
'

test_expect_success PG 'pg_ctl restart (immediate) while play reads a pipe: the next line connects again; every line acknowledged is there' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	trap league_cleanup EXIT &&
	mkfifo in &&
	play_start &&
	echo "roll 10 20" >&8 &&
	out_wait "Bob rolled 20" &&
	pg_stop_only immediate && pg_ctl_start &&
	echo take >&8 &&
	out_wait "connected again" &&
	exec 8>&- &&
	wait_bounded 10 $play && wait $play &&
	test ! -s play.err &&
	sr --json history >out &&
	json "[.entries[].verb] == [\"roll\", \"take\"]" &&
	expect_exit 0 sr check
'

test_expect_success PG 'the server gone: a command exits 4 with one line, no password in it; a password in the URI is refused' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_exit 2 sr -d "postgresql://shakeref:s3cret@/${SHAKEREF_DB##*/}" status &&
	one_err_line && ! grep -q s3cret err &&
	pg_stop_only fast &&
	PGPASSWORD=s3cret && export PGPASSWORD &&
	expect_exit 4 sr status && one_err_line && ! grep -q s3cret err &&
	expect_exit 4 sr roll 10 20 && one_err_line && ! grep -q s3cret err &&
	pg_ctl_start &&
	sr --json history >out && json ".entries == []"
'

test_done
