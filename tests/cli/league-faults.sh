#!/bin/sh
# tests/cli/league-faults.sh: play and the one-shot commands on a league
# whose server goes away (issue 38): a line play acknowledged is never
# named failed, and a line named failed is not in the league; any next
# line connects again (note, title, rename, abandon, new, use, history,
# standings, games, a verb, undo, redo, status); a COMMIT in doubt (the
# server gone once it was sent) is settled by a look after connecting
# again: "recorded" or "not recorded", as the league says (an entry,
# new, import, check --repair).  On the
# file's own PostgreSQL server (tests/pg.sh), restarted and stopped
# here; every wait bounded, what a test started stopped when it ends.
SHAKEREF_TEST_PG=${SHAKEREF_TEST_PG-1}
. "$SRCDIR/tests/cli/lib.sh"

# What a test started: killed when its shell exits, passed or failed.
faults_pids=
faults_cleanup() {
	for p in $faults_pids; do
		kill -9 "$p" 2>/dev/null || :
	done
	tty_stop || :
}

# ended PID: wait (at most 30 s) for background process PID to end;
# its exit status into $rc.  Killed and 1 if it does not.
ended() {
	e_i=0
	while kill -0 "$1" 2>/dev/null &&
	    [ "$(ps -o stat= -p "$1" 2>/dev/null | cut -c1)" != Z ]; do
		e_i=$((e_i + 1))
		if [ $e_i -ge 300 ]; then
			echo "# process $1 still running after 30 s"
			kill -9 "$1" 2>/dev/null || :
			return 1
		fi
		sleep 0.1
	done
	rc=0
	wait "$1" || rc=$?
}

# The server restarted at once (immediate: no checkpoint, the
# connections cut), as an administrator or a crash does.
restart_now() {
	pg_server pg_ctl -D "$pg_dir/data" -l "$pg_dir/server.log" \
	    -m immediate -w -t "${PG_WAIT:-30}" restart >/dev/null 2>&1
}

# psql on the test's database (or $2's database URL), one value a line.
db_q() {
	pg_psql -d "${2:-$SHAKEREF_DB}" -c "$1"
}

# until_true SQL: wait (at most 10 s) until SQL on the test's database
# says t.
until_true() {
	u_i=0
	while [ "$(db_q "$1")" != t ]; do
		u_i=$((u_i + 1))
		if [ $u_i -ge 100 ]; then
			echo "# never true: $1"
			db_q "SELECT pid, application_name, state, wait_event_type,
			    wait_event, query FROM pg_stat_activity" | sed "s/^/#   /"
			return 1
		fi
		sleep 0.1
	done
}

# shakeref's session on the test's database.
table_sql="FROM pg_stat_activity WHERE datname = current_database()
    AND application_name = 'shakeref'"

# Wait until shakeref's session waits on a lock (inside its transaction,
# behind a lock_hold), or for a standby at its COMMIT (commit_hangs).
table_waits_lock() {
	until_true "SELECT count(*) = 1 $table_sql AND wait_event_type = 'Lock'"
}
table_waits_standby() {
	until_true "SELECT count(*) = 1 $table_sql AND wait_event = 'SyncRep'"
}

# note_count WORD: how many times the league holds the entry "note WORD".
note_count() {
	db_q "SELECT count(*) FROM entries WHERE verb = 'note'
	    AND args = '[\"$1\"]'"
}

# The snapshot row of game 1 held (lock_hold): a write to game 1 waits
# inside its transaction, its entry written, its COMMIT sent with it.
hold_game1="SELECT 1 FROM snapshots WHERE game_id = 1 FOR UPDATE;"

# lock_hold NAME SQL: psql NAME in the background (its input the fifo
# ./NAME, held open on fd 7 for hold1, 9 for hold2) runs BEGIN and SQL,
# keeping what SQL takes until it is told COMMIT; it says "held" in
# ./NAME.out once SQL took it (a lock waited for: when it is granted).
lock_hold() {
	rm -f "$1" && mkfifo "$1" && : >"$1.out" &&
	{ "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -d "${SHAKEREF_DB##*/}" \
	    <"$1" >"$1.out" 2>&1 7>&- 9>&- 8>&- & } &&
	faults_pids="$faults_pids $!" &&
	eval "$1_pid=$!" &&
	if [ "$1" = hold1 ]; then exec 7>"$1"; else exec 9>"$1"; fi &&
	if [ "$1" = hold1 ]; then
		echo "BEGIN; $2 SELECT 'held';" >&7
	else
		echo "BEGIN; $2 SELECT 'held';" >&9
	fi
}

# play in the background reading the fifo ./in (held open on fd 8),
# ./play.out and ./play.err; its process in $play.
play_bg() {
	rm -f in && mkfifo in && : >play.out &&
	{ "$SHAKEREF" play <in >play.out 2>play.err 7>&- 9>&- & } &&
	play=$! &&
	faults_pids="$faults_pids $play" &&
	exec 8>in
}

# said FILE TEXT: wait (at most 15 s) until FILE holds TEXT.
said() {
	s_i=0
	while ! grep -qF -- "$2" "$1"; do
		s_i=$((s_i + 1))
		if [ $s_i -ge 150 ]; then
			echo "# $1 never said: $2"
			sed "s/^/#   /" "$1" play.err 2>/dev/null
			return 1
		fi
		sleep 0.1
	done
}

# count_of FILE TEXT: the lines of FILE that are TEXT.
count_of() {
	grep -cxF -- "$2" "$1" || :
}

# The entries of the test's database (or $1's), "verb|args" in order.
entries_of() {
	db_q "SELECT verb, args FROM entries ORDER BY game_id, n" ${1:+"$1"}
}

# want_of N FILE: the entries lines 1 to N of FILE make, "verb|args" as
# the league keeps them (note WORD, roll 30 30), worked out here.
want_of() {
	head -n "$1" "$2" | awk '$1 == "note" { printf "note|[\"%s\"]\n", $2 }
	    $1 == "roll" { printf "roll|[\"%s\",\"%s\"]\n", $2, $3 }'
}

# pipe_try K DELAY stop|restart: a game of its own, tN_K; play reads 400
# notes and void rolls (SH-4: legal whatever came before) from a file;
# after DELAY seconds the server restarts (immediate) or stops for a
# second and starts.  play either ends well (every line acknowledged)
# or at the one line it names failed (exit 4, one line): the league
# holds every line before it exactly once, in order, and nothing of it
# or after it.
pipe_try() {
	url=$(db_url "$1") &&
	SHAKEREF_DB=$url sr new --game shake --players Ann,Bob >/dev/null &&
	i=1 && while [ $i -le 200 ]; do
		echo "note t$1-$i" && echo "roll 30 30" || return 1
		i=$((i + 1))
	done >lines &&
	{ SHAKEREF_DB=$url "$SHAKEREF" play <lines >out 2>err 7>&- 9>&- & } &&
	p=$! && faults_pids="$faults_pids $p" &&
	sleep "$2" &&
	if [ "$3" = stop ]; then
		pg_stop_only immediate && sleep 1 && pg_ctl_start
	else
		restart_now
	fi &&
	ended $p &&
	if [ $rc = 0 ]; then
		test ! -s err && n=401
	else
		test $rc = 4 && test "$(wc -l <err)" = 1 &&
		n=$(sed -n "s/^shakeref: play: line \([0-9]*\): .*/\1/p" err) &&
		test -n "$n" || { echo "# try $1:"; cat err; return 1; }
	fi &&
	want_of $((n - 1)) lines >want &&
	entries_of "$url" >got &&
	if ! cmp -s want got; then
		echo "# try $1 ($3 after $2 s; play exit $rc, line $n):"
		cat err
		diff want got | head -n 20 | sed "s/^/#   /"
		return 1
	fi &&
	echo "# try $1 ($3 after $2 s): play exit $rc, line $n"
}

test_expect_success PG 'restarts and stops at different moments while play reads a file: every line before the one named failed is in the league once, in order; that line and the rest are not' '
	trap faults_cleanup EXIT &&
	pipe_try 1 0.2 restart && pipe_try 2 0.4 restart &&
	pipe_try 3 0.6 restart && pipe_try 4 0.8 restart &&
	pipe_try 5 1.0 restart && pipe_try 6 1.3 restart &&
	pipe_try 7 0.3 stop && pipe_try 8 0.7 stop && pipe_try 9 1.1 stop
'

test_expect_success PG 'the server gone after a line was acknowledged, while play reads the game again: the line stands (never named failed), the next line connects again' '
	trap faults_cleanup EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	play_bg &&
	echo "roll 10 20" >&8 && said play.out "Bob rolled 20" &&
	# The note waits inside its transaction (the snapshot row held);
	# then a lock on the entries that play reads the game again under,
	# queued behind it: play acknowledges the note and waits there.
	lock_hold hold1 "$hold_game1" && said hold1.out held &&
	echo "note after-1" >&8 &&
	table_waits_lock &&
	lock_hold hold2 "LOCK TABLE entries IN ACCESS EXCLUSIVE MODE;" &&
	until_true "SELECT count(*) = 1 FROM pg_locks WHERE NOT granted
	    AND mode = \$\$AccessExclusiveLock\$\$" &&
	echo "COMMIT;" >&7 && exec 7>&- && ended $hold1_pid &&
	said play.out "note: after-1" &&
	table_waits_lock &&
	restart_now &&
	exec 9>&- && ended $hold2_pid &&
	echo "take" >&8 &&
	said play.out "Bob takes 20" &&
	exec 8>&- && ended $play && test $rc = 0 &&
	test ! -s play.err &&
	test "$(entries_of)" = "$(printf "%s\n" "roll|[\"10\",\"20\"]" \
	    "note|[\"after-1\"]" "take|[]")"
'

test_expect_success PG 'every kind of line after a restart connects again and works, on a terminal: note, title, rename, history N, standings, games, status, a verb, undo, redo, new, use, abandon' '
	trap faults_cleanup EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	tty_start && tty_wait "round 1, table (roll)>" &&
	k=0 &&
	for line in "note hello" "title Club night" "rename Ann Anna" \
	    "history 2" standings games status "roll 10 20" undo redo \
	    "new --game shake --players Cid,Dan" "use 1" abandon; do
		tty_idle && pg_restart && tty_type "$line" &&
		k=$((k + 1)) && i=0 &&
		while [ "$(tmux -S "$PWD/tmux.sock" capture-pane -p -S -300 |
		    grep -cxF "The server went away; connected again.")" -lt $k ]
		do
			tty_tick "no connecting again for: $line" || return 1
		done
	done &&
	tty_wait "the game is abandoned, with no winner" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -300 >screen &&
	! grep "^shakeref: " screen &&
	grep -qxF "note: hello" screen &&
	grep -qxF "the title is now '"'"'Club night'"'"'" screen &&
	grep -qxF "game 1 is current: shake for Anna, Bob" screen &&
	test "$(db_q "SELECT game_id || \$\$ \$\$ || verb FROM entries
	    ORDER BY game_id, n" | tr "\n" ,)" = \
	    "1 note,1 title,1 rename,1 roll,1 undo,1 redo,1 abandon," &&
	test "$(db_q "SELECT count(*) FROM games")" = 2
'

# tty_try K DELAY: on a terminal, "note K-a" acknowledged; the server
# restarted (immediate) in the background while "note K-b" is typed
# DELAY seconds later; then "note K-c".  K-a and K-c are in the league
# once; K-b once if play acknowledged it, not at all if it named it failed.
tty_try() {
	tty_idle && tty_type "note $1-a" && tty_wait "note: $1-a" &&
	tty_idle &&
	{ restart_now & } && r=$! &&
	sleep "$2" && tty_type "note $1-b" &&
	ended $r && test $rc = 0 &&
	i=0 &&
	while ! tmux -S "$PWD/tmux.sock" capture-pane -p -S -300 >screen ||
	    ! awk -v t="> note $1-b" "index(\$0, t) { seen = NR }
	    seen && NR > seen && />\$/ { done = 1 } END { exit !done }" screen
	do
		tty_tick "play never came back after note $1-b" || return 1
	done &&
	tty_idle && tty_type "note $1-c" && tty_wait "note: $1-c" &&
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -300 >screen &&
	b=$(count_of screen "note: $1-b") &&
	test "$(note_count "$1-a")" = 1 &&
	test "$(note_count "$1-b")" = "$b" &&
	test "$(note_count "$1-c")" = 1 &&
	echo "# try $1: note $1-b acknowledged $b time(s)" &&
	tmux -S "$PWD/tmux.sock" clear-history
}

test_expect_success PG 'restarts at different moments during play on a terminal: a line acknowledged is in the league once, a line named failed is not, the next line goes in' '
	trap faults_cleanup EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	tty_start && tty_wait "round 1, table (roll)>" &&
	tty_try 1 0 && tty_try 2 0.05 && tty_try 3 0.1 && tty_try 4 0.2 &&
	tty_try 5 0.4 &&
	tty_end && test "$(cat exit)" -eq 0
'

test_expect_success PG 'a COMMIT in doubt that did not happen (the server gone while the entry waited inside its transaction, COMMIT sent): connected again, "not recorded", exit 4; the league has nothing of it' '
	trap faults_cleanup EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	lock_hold hold1 "$hold_game1" && said hold1.out held &&
	{ "$SHAKEREF" take >a.out 2>a.err 7>&- 9>&- & } && a=$! &&
	faults_pids="$faults_pids $a" &&
	table_waits_lock &&
	restart_now &&
	ended $a && test $rc = 4 &&
	mv a.err err && one_err_line &&
	expect_err "shakeref: take: lost the connection to the league" &&
	expect_err "; connected again: entry 2 is not recorded" &&
	test ! -s a.out &&
	test "$(entries_of)" = "roll|[\"10\",\"20\"]" &&
	exec 7>&- && ended $hold1_pid &&
	sr take >out && expect_out "Bob takes 20" &&
	expect_exit 0 sr check
'

# The server made to wait after each commit is durable on its disk, for
# a standby that never comes (synchronous_standby_names): a COMMIT that
# happened and was never answered.  The setting is taken back before the
# restart (ALTER SYSTEM RESET: read at start; not reloaded, which would
# answer the COMMIT waiting), and at once by the test's EXIT trap
# (commit_hangs_undone), should the test fail before.
#
# pg_reload_conf() only signals: commits wait for the standby once the
# checkpointer has read the setting, a moment later, and a table's
# COMMIT sent before would not (a race seen on a slow machine).  So it
# returns once a probe's commit (a row of its own, in the postgres
# database: a commit that wrote nothing waits for no standby) waits for
# it; the probe is then cancelled, its commit local.
commit_hangs() {
	pg_psql -c "CREATE TABLE IF NOT EXISTS commit_probe(n integer)" \
	    -c "ALTER SYSTEM SET synchronous_standby_names = 'nobody'" \
	    -c "SELECT pg_reload_conf()" >/dev/null || return 1
	{ PGAPPNAME=commit_probe pg_psql -c "INSERT INTO commit_probe
	    VALUES (1)" >/dev/null 2>&1 7>&- 8>&- 9>&- & } && c_probe=$!
	until_true "SELECT count(*) = 1 FROM pg_stat_activity
	    WHERE application_name = 'commit_probe'
	    AND wait_event = 'SyncRep'"
	c_rc=$?
	pg_psql -c "SELECT pg_cancel_backend(pid) FROM pg_stat_activity
	    WHERE application_name = 'commit_probe'" >/dev/null
	wait $c_probe
	return $c_rc
}
commit_hangs_no_more() {
	pg_psql -c "ALTER SYSTEM RESET synchronous_standby_names" >/dev/null
}
commit_hangs_undone() {
	pg_psql -c "ALTER SYSTEM RESET synchronous_standby_names" \
	    -c "SELECT pg_reload_conf()" >/dev/null 2>&1 || :
}

test_expect_success PG 'a COMMIT in doubt that happened (durable, never answered: the server gone while it waited for a standby): connected again, "recorded", the line stands, once' '
	trap "commit_hangs_undone; faults_cleanup" EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	commit_hangs &&
	{ "$SHAKEREF" take >a.out 2>a.err 7>&- 9>&- & } && a=$! &&
	faults_pids="$faults_pids $a" &&
	table_waits_standby &&
	commit_hangs_no_more && restart_now &&
	ended $a && test $rc = 0 && test ! -s a.err &&
	mv a.out out &&
	expect_out "The server went away during the commit; connected again: entry 2 is recorded." &&
	expect_out "Bob takes 20; Ann chooses" &&
	test "$(entries_of)" = "$(printf "%s\n" "roll|[\"10\",\"20\"]" "take|[]")" &&
	expect_exit 0 sr check
'

test_expect_success PG 'the same in play from a pipe: "recorded" and play goes on; "not recorded" names the line (exit 4) and it is not in the league' '
	trap "commit_hangs_undone; faults_cleanup" EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	play_bg &&
	echo "roll 10 20" >&8 && said play.out "Bob rolled 20" &&
	commit_hangs &&
	echo "take" >&8 &&
	table_waits_standby &&
	commit_hangs_no_more && restart_now &&
	said play.out "connected again: entry 2 is recorded." &&
	said play.out "Bob takes 20" &&
	lock_hold hold1 "$hold_game1" && said hold1.out held &&
	echo "take" >&8 &&
	table_waits_lock &&
	restart_now &&
	ended $play && test $rc = 4 &&
	mv play.err err && one_err_line &&
	expect_err "shakeref: play: line 3: take: lost the connection" &&
	expect_err "; connected again: entry 3 is not recorded" &&
	exec 7>&- && ended $hold1_pid &&
	test "$(entries_of)" = "$(printf "%s\n" "roll|[\"10\",\"20\"]" "take|[]")" &&
	expect_exit 0 sr check
'

test_expect_success PG 'a COMMIT in doubt on a terminal with the server down past the 15 s play waits: "not known", then the next line once it is back says "recorded"' '
	trap "commit_hangs_undone; faults_cleanup" EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	tty_start && tty_wait "round 1, table (roll)>" &&
	tty_type "roll 10 20" && tty_wait "round 1, Bob (take|shake)>" &&
	commit_hangs && tty_type "take" && table_waits_standby &&
	commit_hangs_no_more && pg_stop_only immediate &&
	# Its 15 s of trying, then the line: three of tty_grep'"'"'s 10 s at most.
	n=0 &&
	while ! tty_grep -qF "(history tells once it is back)" >/dev/null
	do
		n=$((n + 1)) && [ $n -lt 3 ] || return 1
	done &&
	tty_wait "The server went away; the next line connects again." &&
	pg_ctl_start && tty_idle && tty_type "status" &&
	tty_wait "Entry 2, left in doubt when the server went away during its commit, is recorded." &&
	tty_wait "Round 1. Ann rolled 10 and chooses: take 10 or shake" &&
	tty_end && test "$(cat exit)" -eq 0 &&
	test "$(entries_of)" = "$(printf "%s\n" "roll|[\"10\",\"20\"]" "take|[]")"
'

# A COMMIT held on the server before it happens, for as long as the
# test likes: a deferred trigger on TABLE (test-only, as the server's
# superuser) that sleeps at COMMIT, the statement sent and unanswered.
commit_sleeps() {
	db_q "CREATE FUNCTION test_sleep() RETURNS trigger LANGUAGE plpgsql
	    AS \$\$BEGIN PERFORM pg_sleep(60); RETURN NULL; END\$\$;
	    CREATE CONSTRAINT TRIGGER test_sleep AFTER INSERT ON $1
	    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	    EXECUTE FUNCTION test_sleep()" >/dev/null
}
table_sleeps() {
	until_true "SELECT count(*) = 1 $table_sql AND wait_event = 'PgSleep'"
}

# sleeps_then_restart CMD...: shakeref CMD in the background (a.out,
# a.err), its COMMIT held by commit_sleeps, the server restarted; CMD's
# exit status in $rc.
sleeps_then_restart() {
	{ "$SHAKEREF" "$@" >a.out 2>a.err 7>&- 9>&- & } &&
	a=$! && faults_pids="$faults_pids $a" &&
	table_sleeps && restart_now && ended $a
}

# hangs_then_restart CMD...: the same, its COMMIT durable and waiting for
# the standby that never comes (commit_hangs), the setting taken back.
hangs_then_restart() {
	commit_hangs &&
	{ "$SHAKEREF" "$@" >a.out 2>a.err 7>&- 9>&- & } &&
	a=$! && faults_pids="$faults_pids $a" &&
	table_waits_standby &&
	commit_hangs_no_more && restart_now && ended $a
}

test_expect_success PG 'new whose COMMIT is in doubt: "not recorded" when it did not happen (exit 4, no game, the current game kept); "recorded" when it did (the game made and current)' '
	trap "commit_hangs_undone; faults_cleanup" EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	commit_sleeps games &&
	sleeps_then_restart new --game shake --players Cid,Dan &&
	test $rc = 4 && test ! -s a.out &&
	mv a.err err && one_err_line &&
	expect_err "shakeref: new: lost the connection to the league" &&
	expect_err "; connected again: the game is not recorded" &&
	test "$(db_q "SELECT count(*) FROM games")" = 1 &&
	sr --json status >out && json ".game == 1" &&
	db_q "DROP TRIGGER test_sleep ON games" >/dev/null &&
	hangs_then_restart new --game shake --players Cid,Dan &&
	test $rc = 0 && test ! -s a.err &&
	mv a.out out &&
	# Its id: a sequence skips numbers after a crash.
	n=$(db_q "SELECT id FROM games WHERE id > 1") &&
	expect_out "The server went away during the commit; connected again: game $n is recorded." &&
	expect_out "game $n: shake for Cid, Dan" &&
	test "$(db_q "SELECT count(*) FROM games")" = 2 &&
	sr --json status >out && json ".game == $n" &&
	expect_exit 0 sr check
'

test_expect_success PG 'an entry whose COMMIT is held before it happens (a deferred trigger sleeping at COMMIT) and the server restarted: "not recorded", exit 4, nothing of it' '
	trap faults_cleanup EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	commit_sleeps entries &&
	{ "$SHAKEREF" note held >a.out 2>a.err 7>&- 9>&- & } && a=$! &&
	faults_pids="$faults_pids $a" &&
	table_sleeps && restart_now &&
	ended $a && test $rc = 4 && test ! -s a.out &&
	mv a.err err && one_err_line &&
	expect_err "shakeref: note: lost the connection to the league" &&
	expect_err "; connected again: entry 2 is not recorded" &&
	test "$(note_count held)" = 0 &&
	db_q "DROP TRIGGER test_sleep ON entries" >/dev/null &&
	sr note again >/dev/null && test "$(note_count again)" = 1 &&
	expect_exit 0 sr check
'

test_expect_success PG 'import whose COMMIT is in doubt (all or nothing, looked for by uid): "not recorded" when it did not happen (exit 4, no game of the file); "recorded" when it did (its games once)' '
	trap "commit_hangs_undone; faults_cleanup" EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	src=$(db_url src) &&
	SHAKEREF_DB=$src sr new --game shake --players Cid,Dan >/dev/null &&
	SHAKEREF_DB=$src sr roll 10 20 >/dev/null &&
	SHAKEREF_DB=$src sr new --game shake --players Eve,Fay >/dev/null &&
	SHAKEREF_DB=$src sr export --all >all.json &&
	commit_sleeps games &&
	sleeps_then_restart import all.json &&
	test $rc = 4 && test ! -s a.out &&
	mv a.err err && one_err_line &&
	expect_err "shakeref: import: lost the connection to the league" &&
	expect_err "; connected again: the import is not recorded (nothing imported)" &&
	test "$(db_q "SELECT count(*) FROM games")" = 1 &&
	test "$(db_q "SELECT count(*) FROM entries")" = 0 &&
	db_q "DROP TRIGGER test_sleep ON games" >/dev/null &&
	hangs_then_restart import all.json &&
	test $rc = 0 && test ! -s a.err &&
	mv a.out out &&
	expect_out "The server went away during the commit; connected again: the import is recorded." &&
	expect_out "imported 2 games; skipped 0 already here" &&
	test "$(db_q "SELECT count(*) FROM games")" = 3 &&
	test "$(entries_of)" = "roll|[\"10\",\"20\"]" &&
	sr import all.json >out &&
	expect_out "imported 0 games; skipped 2 already here" &&
	expect_exit 0 sr check
'

# A game over (SH-4: ten rounds of takes) with its summary and tallies
# tampered behind shakeref: what check --repair rebuilds, in one COMMIT.
repair_wanted() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	db_q "UPDATE seats SET score = 999 WHERE seat = 0" >/dev/null &&
	db_q "UPDATE tallies SET played = 7, won = 7" >/dev/null
}

test_expect_success PG 'check --repair whose COMMIT is in doubt (looked at by checking again): "not recorded" when it did not happen (exit 4, the tampering still there); "recorded" when it did (rebuilt)' '
	trap "commit_hangs_undone; faults_cleanup" EXIT &&
	repair_wanted &&
	commit_sleeps tallies &&
	sleeps_then_restart check --repair &&
	test $rc = 4 && test ! -s a.out &&
	mv a.err err && one_err_line &&
	expect_err "shakeref: check: lost the connection to the league" &&
	expect_err "; connected again: the repair is not recorded ('"'"'shakeref check --repair'"'"' rebuilds the derived data)" &&
	test "$(db_q "SELECT score FROM seats WHERE seat = 0")" = 999 &&
	test "$(db_q "SELECT sum(played) FROM tallies")" = 14 &&
	db_q "DROP TRIGGER test_sleep ON tallies" >/dev/null &&
	hangs_then_restart check --repair &&
	test $rc = 0 && test ! -s a.err &&
	mv a.out out &&
	expect_out "The server went away during the commit; connected again: the repair is recorded." &&
	expect_out "game 1: Ann'"'"'s score is stored as 999, its entries give 100" &&
	expect_out ", the derived data rebuilt from the entries" &&
	test "$(db_q "SELECT score FROM seats WHERE seat = 0")" = 100 &&
	test "$(db_q "SELECT sum(played) FROM tallies")" = 2 &&
	expect_exit 0 sr check
'

test_expect_success PG 'undo and abandon whose COMMIT is in doubt are entries, settled as one: "recorded", once each' '
	trap "commit_hangs_undone; faults_cleanup" EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	hangs_then_restart undo &&
	test $rc = 0 && test ! -s a.err && mv a.out out &&
	expect_out "The server went away during the commit; connected again: entry 2 is recorded." &&
	hangs_then_restart abandon &&
	test $rc = 0 && test ! -s a.err && mv a.out out &&
	expect_out "The server went away during the commit; connected again: entry 3 is recorded." &&
	test "$(db_q "SELECT verb FROM entries ORDER BY n")" = "$(printf "roll\nundo\nabandon")" &&
	expect_exit 0 sr check
'

test_expect_success PG 'use whose COMMIT is lost writes no row of the league (a lock only; the current game is the client'"'"'s): exit 4, the current game as it was, nothing to settle' '
	trap "commit_hangs_undone; faults_cleanup" EXIT &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr new --game shake --players Cid,Dan >/dev/null &&
	hangs_then_restart use 1 &&
	test $rc = 4 && test ! -s a.out &&
	mv a.err err && one_err_line &&
	expect_err "shakeref: use: lost the connection to the league" &&
	! grep -q "recorded" err &&
	sr --json status >out && json ".game == 2" &&
	sr use 1 >out && expect_out "game 1 is current"
'

test_done
