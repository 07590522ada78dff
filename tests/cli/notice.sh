#!/bin/sh
# The change notice (src/sys/notice.c) as `watch` uses it: an entry made by
# another process is on the screen at once, with the database reached
# through a symbolic link into another folder (SQLite keeps the WAL
# beside the link's target); an idle watch sleeps (no polling loop: its
# voluntary context switches do not grow while nothing is written); on
# the league the same through the server's notifications.
. "$SRCDIR/tests/cli/lib.sh"

# Start `shakeref watch` alone in a tmux pane (exec: the pane's process).
watch_start() {
	tmux -S "$PWD/tmux.sock" -f /dev/null new-session -d -x 100 -y 30 \
	    "exec env NO_COLOR=1 HOME='$HOME' SHAKEREF_DB='$SHAKEREF_DB' '$SHAKEREF' watch" &&
	pid=$(tmux -S "$PWD/tmux.sock" display-message -p "#{pane_pid}")
}

# The voluntary context switches of process $1 so far.
wakeups() {
	sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' "/proc/$1/status"
}

# The watch of the test: the entries, the pane, the sleep.
watch_entries() {
	if [ "$sr_engine" = sqlite ]; then
		mkdir real && ln -s real/t.db link.db &&
		SHAKEREF_DB=$PWD/link.db && export SHAKEREF_DB
	fi &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	if [ "$sr_engine" = sqlite ]; then test -f real/t.db; fi &&
	watch_start &&
	tty_grep -qF "Roll the colored dice" &&
	sr roll 10 20 >/dev/null &&
	tty_grep -qF "Bob rolled 20 and chooses" &&
	sr take >/dev/null &&
	tty_grep -qF "Ann rolled 10 and chooses" &&
	sleep 0.3 && before=$(wakeups "$pid") && sleep 2.5 &&
	after=$(wakeups "$pid") &&
	echo "# wake-ups while idle: $before then $after" &&
	test "$before" -eq "$after" &&
	sr take >/dev/null &&
	tty_grep -qF "Round 2"
}

if command -v tmux >/dev/null 2>&1 && [ -r /proc/self/status ]; then
	test_expect_success 'watch: an entry by another process is shown at once (a file through a link, or the league); asleep while idle' '
		if watch_entries; then rc=0; else rc=1; fi &&
		{ tmux -S "$PWD/tmux.sock" kill-server 2>/dev/null || :; } &&
		test $rc -eq 0
	'
fi
test_done
