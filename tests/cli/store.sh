#!/bin/sh
# tests/cli/store.sh: where the database is (-d, SHAKEREF_DB,
# XDG_DATA_HOME, ~/.local/share), how it is created (folders, mode 0600),
# and the files shakeref refuses: a newer schema (3), not SQLite (4), a
# lock held past the busy timeout (4).
. "$SRCDIR/tests/cli/lib.sh"

# The octal mode of a file.
mode() {
	stat -c %a "$1"
}

# Hold a write lock on database $1 with sqlite3 in the background until
# unlock; the lock is held when this returns.
lock() {
	rm -f lock.fifo lock.out
	mkfifo lock.fifo
	sqlite3 "$1" <lock.fifo >lock.out 2>&1 &
	lock_pid=$!
	exec 7>lock.fifo
	echo "BEGIN IMMEDIATE; INSERT INTO meta(key, value) VALUES ('lock', 'held'); SELECT 'locked';" >&7
	i=0
	while ! grep -q locked lock.out; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || { echo "# cannot take the lock"; cat lock.out; return 1; }
		sleep 0.1
	done
}

# Release the lock (sqlite3 sees the end of its input and rolls back).
unlock() {
	exec 7>&-
	wait "$lock_pid"
}

# Release the lock $1 seconds from now, without waiting.
unlock_after() {
	sleep "$1" &
	exec 7>&-
}

test_expect_success 'SHAKEREF_DB names the database; folders are created, file mode 0600' '
	SHAKEREF_DB="$PWD/a/b/c/my.db" &&
	expect_exit 0 sr new --game shake --players Ann,Bob &&
	test -f a/b/c/my.db && test "$(mode a/b/c/my.db)" = 600 &&
	test ! -e "$HOME/.local/share/shakeref"
'

test_expect_success 'the file is 0600 whatever the umask' '
	umask 000 &&
	expect_exit 0 sr games && test "$(mode test.db)" = 600 &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	test "$(mode test.db)" = 600
'

test_expect_success 'without SHAKEREF_DB: $XDG_DATA_HOME/shakeref/shakeref.db when absolute' '
	unset SHAKEREF_DB &&
	XDG_DATA_HOME="$PWD/xdg/data" && export XDG_DATA_HOME &&
	expect_exit 0 sr new --game shake --players Ann,Bob &&
	test -f xdg/data/shakeref/shakeref.db &&
	test "$(mode xdg/data/shakeref/shakeref.db)" = 600 &&
	test ! -e "$HOME/.local/share/shakeref" &&
	expect_exit 0 sr status && expect_out "game 1"
'

test_expect_success 'an empty XDG_DATA_HOME is ignored: ~/.local/share/shakeref/shakeref.db' '
	unset SHAKEREF_DB && XDG_DATA_HOME= && export XDG_DATA_HOME &&
	expect_exit 0 sr new --game shake --players Ann,Bob &&
	test -f "$HOME/.local/share/shakeref/shakeref.db" &&
	test "$(mode "$HOME/.local/share/shakeref/shakeref.db")" = 600
'

test_expect_success 'a relative XDG_DATA_HOME is ignored' '
	unset SHAKEREF_DB && XDG_DATA_HOME=rel/data && export XDG_DATA_HOME &&
	expect_exit 0 sr new --game shake --players Ann,Bob &&
	test -f "$HOME/.local/share/shakeref/shakeref.db" &&
	test ! -e rel && test ! -e "$HOME/rel"
'

test_expect_success 'no XDG_DATA_HOME: ~/.local/share/shakeref/shakeref.db' '
	unset SHAKEREF_DB XDG_DATA_HOME &&
	expect_exit 0 sr new --game shake --players Ann,Bob &&
	test -f "$HOME/.local/share/shakeref/shakeref.db" &&
	HOME="$PWD/elsewhere" && mkdir elsewhere &&
	expect_exit 3 sr status && expect_err "no current game"
'

test_expect_success 'an empty SHAKEREF_DB is ignored' '
	SHAKEREF_DB= && XDG_DATA_HOME="$PWD/xdg" && export XDG_DATA_HOME &&
	expect_exit 0 sr new --game shake --players Ann,Bob &&
	test -f xdg/shakeref/shakeref.db
'

test_expect_success 'SHAKEREF_DB comes before XDG_DATA_HOME; -d before both' '
	XDG_DATA_HOME="$PWD/xdg" && export XDG_DATA_HOME &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	test -f test.db && test ! -e xdg &&
	sr -d other.db new --game shake --players Cid,Dee >/dev/null &&
	test -f other.db && test ! -e xdg &&
	sr --json games >out && json "[.games[].players[0]] == [\"Ann\"]" &&
	sr --db other.db --json games >out &&
	json "[.games[].players[0]] == [\"Cid\"]"
'

test_expect_success 'a database from a newer shakeref is refused with exit 3, untouched' '
	sqlite3 newer.db "PRAGMA user_version=99" &&
	cp newer.db before.db &&
	for c in status games "games --all" history standings \
	    "standings --all-time" "new --game shake --players Ann,Bob" \
	    "roll 10 20" undo "use 1"; do
		expect_exit 3 sr -d newer.db $c && one_err_line &&
		expect_err "newer" && test ! -s out || return 1
	done &&
	expect_exit 2 sr -d newer.db roll x &&
	test "$(sqlite3 newer.db "PRAGMA user_version")" = 99 &&
	test -z "$(sqlite3 newer.db ".tables")" &&
	cmp newer.db before.db
'

test_expect_success 'an empty file is taken as a new database (schema 0, migrated)' '
	: >empty.db &&
	expect_exit 0 sr -d empty.db new --game shake --players Ann,Bob &&
	test "$(sqlite3 empty.db "PRAGMA user_version")" -ge 1 &&
	expect_exit 0 sr -d empty.db status
'

test_expect_success 'a file that is not SQLite is refused with exit 4, untouched' '
	printf "shopping list\neggs\n" >notes.txt && cp notes.txt before.txt &&
	for c in status games history standings "standings --all-time" \
	    "new --game shake --players Ann,Bob" "roll 10 20" undo redo; do
		expect_exit 4 sr -d notes.txt $c && one_err_line &&
		expect_err "notes.txt" && test ! -s out || return 1
	done &&
	expect_exit 2 sr -d notes.txt roll x &&
	expect_exit 2 sr -d notes.txt new --game nope --players Ann,Bob &&
	cmp notes.txt before.txt && test ! -e notes.txt-wal
'

test_expect_success 'a path that cannot be created exits 4' '
	: >plain &&
	expect_exit 4 sr -d plain/sub/x.db games && one_err_line &&
	mkdir adir &&
	expect_exit 4 sr -d adir status && one_err_line
'

test_expect_success 'a write lock held past the busy timeout: exit 4, nothing recorded; reads go on' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr --json history >before.json &&
	lock test.db &&
	start=$(date +%s) &&
	expect_exit 4 sr roll 10 20 && one_err_line &&
	expect_err "locked" &&
	end=$(date +%s) &&
	test $((end - start)) -ge 4 &&
	expect_exit 2 sr roll x &&
	expect_exit 0 sr status && expect_out "Round 1" &&
	expect_exit 0 sr --json history && cmp out before.json &&
	unlock &&
	expect_exit 0 sr roll 10 20 &&
	sr --json history >out && json ".entries | length == 1"
'

test_expect_success 'locked: system (4) comes before rules (1); a refused move waits too' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	lock test.db &&
	expect_exit 4 sr roll 10 20 30 &&
	expect_err "locked" &&
	unlock &&
	expect_exit 1 sr roll 10 20 30
'

test_expect_success 'a lock released within the busy timeout: the entry waits and is accepted' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	lock test.db &&
	unlock_after 1 &&
	expect_exit 0 sr roll 10 20 &&
	wait "$lock_pid" &&
	sr --json history >out && json ".entries | length == 1"
'
test_done
