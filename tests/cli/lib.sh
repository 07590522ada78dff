# tests/cli/lib.sh: TAP for shell tests of the shakeref binary, in the
# manner of git's test-lib: each test runs in a fresh temporary folder
# with its own database, HOME and a pinned clock.
#
#	. "$SRCDIR/tests/cli/lib.sh"
#	test_expect_success 'roll: a colored die has no 7' '
#		sr new --game shake --players Ann,Bob &&
#		expect_exit 1 sr roll 7 20 &&
#		expect_err "not a face"
#	'
#	test_done
#
# Inside a test: `sr ARGS` runs the binary; `expect_exit N CMD...` runs
# CMD, keeping its stdout in ./out and stderr in ./err, and fails unless
# it exits N; `expect_out TEXT` / `expect_err TEXT` check that the output
# contains TEXT; `one_err_line` checks stderr is exactly one line;
# `json FILTER` runs jq on ./out; `expect_refused N MSG CMD...` checks a
# refusal: exit N, one line on stderr holding MSG, nothing recorded;
# `expect_same FILE [FILE2]` compares FILE with ./out (or FILE2) exactly,
# line by line, where expect_out only looks for a substring.
# With SHAKEREF_TEST_PG set the file runs against PostgreSQL (a server
# of its own, tests/pg.sh; SHAKEREF_DB=postgresql:///tN, a database per
# test); `test_expect_success SQLITE|PG TITLE BODY` runs on one engine.
# The test's database in SQL, whichever the engine: `db_sql [-d NAME]
# [-s SEP] SQL` (sqlite3 on the file, psql on the league), `db_unguarded
# SQL` (the same with entries writable: tampering), `db_copy NAME` (a
# copy to compare with), `db_url NAME` (a second one's SHAKEREF_DB),
# `db_fresh` (made again empty), `db_none [NAME]` (none made), `db_blob HEX` (a blob literal), `db_text HEX` (a text's bytes).
# On a terminal (a tmux server on ./tmux.sock): `tty_grep OPTS TEXT`
# waits until the pane shows TEXT (grep's OPTS), at most 10 s;
# `tty_start` runs play (or $TTY_CMD) in a pane, `tty_type LINE`,
# `tty_wait TEXT`, `tty_idle` (play waits at its prompt), `tty_end`
# (Ctrl-D there), `tty_stop` (the tmux server gone): play.sh's and
# league.sh's sessions.
#
# Chain lint (git's test_chain_lint): before it runs, each test's body is
# evaluated once behind a failing command, `(exit 117) && BODY`: if every
# command is joined with && (or sits inside if, { }, a loop), nothing runs
# and the status is 117; anything else is a broken chain and the test
# fails without running.  Write `if ! CMD; then ...; fi` rather than a
# top-level `CMD || ...`, and `|| return 1` only inside loops and groups.
#
# On a terminal, wait on what the pane shows (tty_wait), never a fixed
# sleep.  Send a key libedit must read (Ctrl-D, Tab, Up) only once play
# waits at its prompt (tty_idle, as tty_end does): a key sent while play
# is busy with a line meets a cooked terminal, and a Ctrl-D there is lost.
#
# Both engines.  With SHAKEREF_TEST_PG set, lib.sh starts one server per
# file and gives each test a database of its own: the previous test's
# emptied and renamed (every schema dropped, a fifth of the cost of a
# CREATE DATABASE), made anew where that cannot be done.  Makefile.am's
# PG_TESTS (tests/league/NAME.pg, made by make) run tests/cli/NAME.sh so
# a second time.  What a test does behind shakeref's back goes through
# the db_* helpers above, on either engine.  Name a test SQLITE only
# where it is about the file (its path, mode, WAL, locks, fsyncs, its
# migrations from older SQLite schemas) or stores what PostgreSQL cannot
# hold (text that is not UTF-8).  A test's tmux pane or `env -i` keeps
# PGHOST and PGUSER.  A test that moves XDG_STATE_HOME does so before
# `new` (the league's current game is kept there).  Every wait is
# bounded, and lib.sh stops the server when the file is interrupted.  A
# process started during a test must not inherit the writer of a fifo
# play reads: a server started again with it held play's fifo open, so
# play never saw its end (tests/pg.sh's pg_server closes fds 7-9).

set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
: "${SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
command -v jq >/dev/null 2>&1 || { echo "Bail out! jq is needed"; exit 1; }

test_count=0
test_failed=0
test_root=$(mktemp -d "${TMPDIR:-/tmp}/shakeref-test.XXXXXX")
trap 'rm -rf "$test_root"' EXIT
# The engine the tests run against: SQLite (a file, test.db) unless
# SHAKEREF_TEST_PG is set (Makefile.am's *.pg tests): then the file's own
# PostgreSQL server (tests/pg.sh) and each test a fresh database on it,
# postgresql:///tN.  A test only one engine can run names it first:
# test_expect_success SQLITE 'title' 'body' (it reads the file with
# sqlite3, say), or PG; on the other engine it is reported as skipped.
sr_engine=sqlite
if [ -n "${SHAKEREF_TEST_PG:-}" ]; then
	sr_engine=pg
	. "$SRCDIR/tests/pg.sh"
	trap 'pg_stop; rm -rf "$test_root"' EXIT
	# Interrupted (make's ^C, a CI timeout): the server stopped too.
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM
	if ! pg_start "fsync = off"; then
		# CI has the server (bootstrap): there, never a skip.
		if [ -z "$pg_bin" ] && [ -z "${SHAKEREF_PG_REQUIRED:-}" ]; then
			echo "1..0 # SKIP $pg_why"
			exit 0
		fi
		echo "Bail out! $pg_why"
		exit 1
	fi
fi
unset XDG_DATA_HOME XDG_CACHE_HOME XDG_STATE_HOME SHAKEREF_DICT_PATH DICPATH
# Dates in words are local: the tests read them in UTC unless they say.
TZ=UTC
export TZ
export NO_COLOR=1

sr() {
	"$SHAKEREF" "$@"
}

# The games, canonical names in the game table's order, as `rules --json`
# lists them (SPEC.md "JSON"): a test's list of games is this, never one
# by hand (tests/cli/lists.sh).
rules_names() {
	"$SHAKEREF" --json rules | jq -r '.rules[].name'
}

# "NAME ALIAS", one a line, for each alias of each game (rules --json).
rules_aliases() {
	"$SHAKEREF" --json rules | jq -r '.rules[] | .name + " " + .aliases[]'
}

# The games' titles (rules --json), one a line: names in words, kept in
# every language ("Shake Up").
rules_titles() {
	"$SHAKEREF" --json rules | jq -r '.rules[].title'
}

# The scenarios (tests/scenarios/*.play) of the games of this binary's
# table, one path a line: a fixture's (Pig's) are shakeref-pig's alone
# (tests/cli/gametable.sh: every game of a table has one).
scenarios() {
	{ rules_names && rules_aliases | cut -d " " -f 2; } \
	    >"$test_root/scenario-games" &&
	for f in "$SRCDIR"/tests/scenarios/*.play; do
		sed -n "1s/^# new: --game \([^ ]*\) .*/\1/p" "$f" |
		    grep -qxF -f "$test_root/scenario-games" && echo "$f"
	done
	return 0
}

# The game verbs, as help lists them, one a line.
game_verbs() {
	"$SHAKEREF" help | sed -n 's/^  VERB .*game verb: //p' | tr -d , |
	    tr ' ' '\n'
}

expect_exit() {
	want=$1
	shift
	set +e
	"$@" >out 2>err
	got=$?
	set -e
	if [ "$got" -ne "$want" ]; then
		echo "# expected exit $want, got $got from: $*"
		sed 's/^/#   err: /' err
		sed 's/^/#   out: /' out | head -n 5
		return 1
	fi
}

expect_out() {
	grep -qF -- "$1" out || { echo "# stdout lacks: $1"; sed 's/^/#   /' out | head -n 20; return 1; }
}

expect_err() {
	grep -qF -- "$1" err || { echo "# stderr lacks: $1"; sed 's/^/#   /' err; return 1; }
}

# A database with no game in it ($SHAKEREF_DB): made by importing an empty
# export, as only new and import make one (an empty file is none).
empty_db() {
	echo '{"shakeref": 1, "games": []}' >empty-export.json &&
	sr import empty-export.json >/dev/null
}

one_err_line() {
	n=$(wc -l <err)
	[ "$n" -eq 1 ] || { echo "# expected one line on stderr, got $n"; sed 's/^/#   /' err; return 1; }
	grep -q '^shakeref: ' err || { echo "# stderr line lacks 'shakeref: '"; return 1; }
}

# expect_refused N MSG CMD...: CMD exits N with one line on stderr that
# holds MSG, and the game's `history --json` is the same after it.
expect_refused() {
	want=$1 msg=$2
	shift 2
	sr --json history >hist.before 2>/dev/null || :
	expect_exit "$want" "$@" && one_err_line && expect_err "$msg" || return 1
	sr --json history >hist.after 2>/dev/null || :
	cmp -s hist.before hist.after ||
	    { echo "# history changed after: $*"; return 1; }
}

json() {
	jq -e "$@" out
}

# A Shake Up game of Ann and Bob played to Bob's special advantage (SU-6)
# after his move: Ann's pawns on 1 1 1 2 3, Bob's on 1 1 1 1 2.
shake_up_to_penalty() {
	sr new --game shake-up --players Ann,Bob >/dev/null &&
	printf "%s\n" "roll 6 1" "roll 1 1 1 2" stand "move 1" "roll 1 1 3 6" \
	    stand "roll 1 1 1 2" stand "move 1" "roll 1 1 3 6" stand \
	    "roll 1 1 1 2" stand "move 2" "roll 2 2 2 2" stand "move 1" |
	    sr play >/dev/null
}

# A whole two-player Shake game on stdout, 32 entries: each round the
# first player rolls 10 and the second 20, both take (SH-6), then both
# pass in the All Shake round (SH-8): the second player 200, the first
# 100, the second wins (SH-10).
two_player_game() {
	for r in 1 2 3 4 5 6 7 8 9 10; do
		echo "roll 10 20"
		echo take
		echo take
	done
	echo pass
	echo pass
}

# Four players, ten rounds of pairs (SH-5, no decisions): Ann and Bob on
# 100, Cid and Dan on 200; Cid rolls highest of the 200s (SH-9).
order_game() {
	sr new --game shake --players Ann,Bob,Cid,Dan "$@" >/dev/null &&
	for r in 1 2 3 4 5 6 7 8 9 10; do
		sr roll 10 10 20 20 >/dev/null || return 1
	done &&
	sr roll 30 20 >/dev/null
}

# dict_make NAME AFF DIC: a Hunspell dictionary NAME in ./dict, its .aff
# and .dic written by printf from AFF and DIC, and ./dict exported as
# SHAKEREF_DICT_PATH.
dict_make() {
	mkdir -p dict &&
	printf "$2" >"dict/$1.aff" &&
	printf "$3" >"dict/$1.dic" &&
	SHAKEREF_DICT_PATH="$PWD/dict" &&
	export SHAKEREF_DICT_PATH
}

# expect_same FILE [FILE2]: FILE2 (default ./out) is FILE exactly.
expect_same() {
	diff -u -- "$1" "${2:-out}" >diff.out || {
		echo "# ${2:-out} differs from $1:"
		sed 's/^/#   /' diff.out | head -n 40
		return 1
	}
}

# -- The test's database in SQL, on either engine: what a test does behind
# shakeref's back (tampering, dropping a cache) and reads to compare.

# db_url NAME: the SHAKEREF_DB of a second database NAME beside the
# test's: the file NAME.db, or on the league the database tN_NAME (made
# empty at the first call, as the test's own is: only new and import
# make a league's schema).
db_url() {
	if [ "$sr_engine" = pg ]; then
		if [ "$(pg_psql -c "SELECT 1 FROM pg_database
		    WHERE datname = '${test_dbname}_$1'")" != 1 ]; then
			pg_createdb "${test_dbname}_$1" || return 1
		fi
		echo "postgresql:///${test_dbname}_$1"
	else
		echo "$1.db"
	fi
}

# db_sql [-d NAME] [-s SEP] SQL: SQL run on the test's database ($SHAKEREF_DB,
# or db_url NAME): sqlite3 on the file, psql on the league as the test
# server's superuser; rows printed as sqlite3 prints them (columns joined
# by | or SEP, no header), stopping at the first error.
db_sql() {
	db_sql_db=$SHAKEREF_DB db_sql_sep='|'
	while [ $# -gt 1 ]; do
		case $1 in
		-d) db_sql_db=$(db_url "$2") ;;
		-s) db_sql_sep=$2 ;;
		*) break ;;
		esac
		shift 2
	done
	if [ "$sr_engine" = pg ]; then
		"$pg_bin/psql" -X -q -A -t -v ON_ERROR_STOP=1 \
		    -F "$db_sql_sep" -d "$db_sql_db" -c "$1"
	else
		sqlite3 -bail -separator "$db_sql_sep" "$db_sql_db" "$1"
	fi
}

# db_unguarded SQL: SQL with the entries' append-only guard lifted, as
# someone with the database's own tool can (SQLite: its triggers dropped;
# the league: triggers off for the session, as a superuser may).
db_unguarded() {
	if [ "$sr_engine" = pg ]; then
		db_sql "SET session_replication_role = replica; $1"
	else
		db_sql "DROP TRIGGER IF EXISTS entries_no_update;
		    DROP TRIGGER IF EXISTS entries_no_delete; $1"
	fi
}

# db_copy NAME: the test's database copied whole into db_url NAME
# (sqlite3's .backup; on the league, a database made from it as template,
# and its current game, which the table keeps, made the test's current).
db_copy() {
	if [ "$sr_engine" = pg ]; then
		pg_psql -c "DROP DATABASE IF EXISTS \"${test_dbname}_$1\"" \
		    -c "CREATE DATABASE \"${test_dbname}_$1\" TEMPLATE \"$test_dbname\"" &&
		if db_copy_cur=$(sr --json status 2>/dev/null | jq -e .game); then
			sr -d "$(db_url "$1")" use "$db_copy_cur" >/dev/null
		fi
	else
		sqlite3 "$SHAKEREF_DB" ".backup $1.db"
	fi
}

# db_fresh: the test's database gone, made again empty (the file
# removed; on the league the database dropped and created anew).
db_fresh() {
	if [ "$sr_engine" = pg ]; then
		pg_psql -c "DROP DATABASE \"$test_dbname\"" &&
		pg_createdb "$test_dbname"
	else
		rm -f "$SHAKEREF_DB" "$SHAKEREF_DB-wal" "$SHAKEREF_DB-shm"
	fi
}

# db_none [NAME]: no database made: no file at $SHAKEREF_DB (or
# db_url NAME); on the league no table in that (empty) database.
db_none() {
	if [ "$sr_engine" = pg ]; then
		test "$(db_sql ${1:+-d "$1"} "SELECT count(*) FROM pg_tables
		    WHERE schemaname = current_schema()")" = 0
	else
		if [ $# -gt 0 ]; then
			test ! -e "$1.db"
		else
			test ! -e "$SHAKEREF_DB"
		fi
	fi
}

# db_text HEX: an SQL expression of the text whose UTF-8 bytes are HEX
# (on SQLite any bytes: text that is not UTF-8 too).
db_text() {
	if [ "$sr_engine" = pg ]; then
		printf "convert_from('\\\\x%s'::bytea, 'UTF8')\n" "$1"
	else
		printf "CAST(x'%s' AS TEXT)\n" "$1"
	fi
}

# db_blob HEX: the SQL literal of the bytes HEX.
db_blob() {
	if [ "$sr_engine" = pg ]; then
		printf "'\\\\x%s'::bytea\n" "$1"
	else
		printf "x'%s'\n" "$1"
	fi
}

# test_chain_lint BODY: 0 if BODY's commands are all joined (see above).
# -- Terminals, through tmux (a test's server on ./tmux.sock).

# One more tenth of a second of a wait (counted in i, at most 10 s); 1
# and the screen shown, saying $1, when the time is up.
tty_tick() {
	i=$((i + 1))
	if [ "$i" -ge 100 ]; then
		echo "# $1"
		grep -v "^ *$" screen | sed "s/^/#   /"
		return 1
	fi
	sleep 0.1
}

# Wait (at most 10 s) until the pane shows text $2, grep's options $1
# (-qF: anywhere, -qxF: a whole line).
tty_grep() {
	i=0
	while ! tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 >screen ||
	    ! grep "$1" -- "$2" screen; do
		tty_tick "the terminal never showed: $2" || return 1
	done
}

# Start `shakeref play` ($*: more arguments) in a detached tmux pane; its
# exit status goes to ./exit when it ends.
# TTY_WIDTH: the pane's columns (160); TTY_CMD: the command (play);
# TTY_COLOR: set for colour (NO_COLOR unset).
tty_start() {
	rm -f exit
	nc="NO_COLOR=1"
	[ -z "${TTY_COLOR:-}" ] || nc="-u NO_COLOR"
	tmux -S "$PWD/tmux.sock" -f /dev/null new-session -d -x "${TTY_WIDTH:-160}" -y 40 \
	    "cd '$PWD' && env $nc HOME='$HOME' SHAKEREF_DB='$SHAKEREF_DB' SHAKEREF_NOW='$SHAKEREF_NOW' SHAKEREF_DICT_PATH='$SRCDIR/tests/data' '$SHAKEREF' $* ${TTY_CMD:-play}; echo \$? >exit; sleep 30"
}

# Wait (at most 10 s) until the pane shows text $1.
tty_wait() {
	tty_grep -qF "$1"
}

# Wait (at most 10 s) until a whole line of the pane is text $1.
tty_line() {
	tty_grep -qxF "$1"
}

# Wait (at most 10 s) until the pane shows text $1 twice.
tty_twice() {
	i=0
	while [ "$(tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 |
	    grep -cF -- "$1")" -lt 2 ]; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || { echo "# not twice: $1"; return 1; }
		sleep 0.1
	done
}

# Type a line into the pane.
tty_type() {
	tmux -S "$PWD/tmux.sock" send-keys -l -- "$1" &&
	tmux -S "$PWD/tmux.sock" send-keys Enter
}

# Wait (at most 10 s) until play waits at an empty prompt: the text left
# of the cursor ends with the prompt's ">".  libedit prints the prompt
# once the terminal is in its raw mode, so a key sent from then on reaches
# it; a Ctrl-D sent earlier, while play is busy with the last line and
# the terminal is cooked, is lost (it ends no read in raw mode).
tty_idle() {
	i=0
	while :; do
		# The cursor and the screen in one go (line 1: x y width); a
		# prompt that fills its line leaves the cursor at the next.
		tmux -S "$PWD/tmux.sock" display-message -p \
		    "#{cursor_x} #{cursor_y} #{pane_width}" \; \
		    capture-pane -p >screen &&
		# A character beyond ASCII one byte for awk's columns (a
		# translated prompt: "Würfel").
		left=$(LC_ALL=C.UTF-8 sed "s/[^ -~]/_/g" screen |
		    awk "NR == 1 { x = \$1; y = \$2 + 2; w = \$3 }
		    x > 0 && NR == y { print substr(\$0, 1, x) }
		    x == 0 && NR == y - 1 && length(\$0) >= w - 1 { print }") &&
		case "$left" in *">"|*"> ") return 0 ;; esac
		tty_tick "play never waited at an empty prompt" || return 1
	done
}

# Send Ctrl-D at an empty prompt and wait for play to end.
tty_end() {
	tty_idle &&
	tmux -S "$PWD/tmux.sock" send-keys C-d &&
	i=0 &&
	while [ ! -s exit ]; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || { echo "# play did not end"; return 1; }
		sleep 0.1
	done
}

# Send keys (tmux key names) to the pane.
tty_keys() {
	tmux -S "$PWD/tmux.sock" send-keys "$@"
}

# Type text without Enter.
tty_text() {
	tmux -S "$PWD/tmux.sock" send-keys -l -- "$1"
}

# Stop the tmux server of this test.
tty_stop() {
	unset TTY_WIDTH TTY_CMD TTY_COLOR
	tmux -S "$PWD/tmux.sock" kill-server 2>/dev/null
	# Gone before a next tty_start on the same socket.
	i=0
	while tmux -S "$PWD/tmux.sock" has-session 2>/dev/null &&
	    [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	rm -f "$PWD/tmux.sock"
	return 0
}

# -- Words left English: the pseudo-translation qps (make check builds it
# into locale/qps from the pot, tests/pseudo.awk: every word of every
# msgstr marked "ǂ"), LANGUAGE=qps: a word shown unmarked is a sentence
# no catalog translates (tests/cli/evening.sh, serve.sh).

# The words a program reads, never translated, one a line: the verbs, the
# commands (play's quit and exit too), the rules names and aliases, the
# options, their values and the dictionaries (as `rules` lists them in
# English), shakeref, and Qu (a letter die's face, SW-1).
names_read() {
	(
	LC_ALL=C && export LC_ALL &&
	game_verbs &&
	"$SHAKEREF" help | sed -n "s/^  \\([a-z]*\\)  .*/\\1/p" &&
	rules_names && rules_aliases &&
	for g in $(rules_names); do
		"$SHAKEREF" rules "$g" | sed -n "/^Options/,\$p" | sed 1d ||
		    return 1
	done
	) &&
	echo shakeref quit exit Qu
}

# The words of file $1 that are English, "N: WORD" (N its line): every
# word of two or more letters, all ASCII, that is neither marked "ǂ" nor
# in ./allowed, nor capitals, nor pawns (o); with $2 set, only the
# English words of a German text (the list below).  play's "line N" of a
# refused line (the prefix, SPEC.md "play") is no sentence; nor is a
# game's title (./titles), a name every language keeps ("Shake Up"), its
# words English or not ("Pig, Roll and Bank"): each is taken out of the
# line, whole, before its words are read (its words are not allowed
# elsewhere).
english_words() {
	sed -e "s/^shakeref: play: line [0-9]*: /shakeref: play: /" "$1" |
	    LC_ALL=C awk '
		BEGIN { while ((getline l <"titles") > 0) if (l != "") t[++n] = l }
		{
			for (i = 1; i <= n; i++)
				while ((k = index($0, t[i])) > 0)
					$0 = substr($0, 1, k - 1) \
					    substr($0, k + length(t[i]))
			print
		}' |
	    LC_ALL=C.UTF-8 grep -on "ǂ*[[:alpha:]]\\+" |
	    LC_ALL=C awk -F : -v stop="${2:-}" "
		FILENAME == \"allowed\" { ok[\$0] = 1; next }
		{
			w = \$2
			if (substr(w, 1, 2) == \"ǂ\" || w ~ /[^A-Za-z]/ ||
			    length(w) < 2 || w ~ /^[A-Z]+\$/ || w ~ /^o+\$/ ||
			    (tolower(w) in ok))
				next
			if (stop == \"\" || index(stop, \" \" tolower(w) \" \"))
				print \$1 \": \" w
		}" allowed -
}

# ./allowed: the words of ./typed (what the table typed) and names_read's;
# ./titles: the games' titles (english_words takes them out).
allowed_words() {
	rules_titles >titles &&
	{ cat typed && names_read; } | LC_ALL=C.UTF-8 grep -o "[[:alpha:]]\\+" |
	    tr A-Z a-z | sort -u >allowed
}

# Fail, saying the words and their lines, if english_words found any.
no_english() {
	english_words "$@" >english &&
	if [ -s english ]; then
		echo "# English in $1:" &&
		sort -t : -k 1n -u english | head -n 30 | while IFS=: read -r n w; do
			echo "#  $w: $(sed -n "${n}p" "$1")"
		done &&
		return 1
	fi
}

test_chain_lint() {
	(
		cd "$dir" && export HOME="$dir/home" SHAKEREF_DB="$dir/lint.db"
		eval "(exit 117) && $1"
	) >/dev/null 2>&1 </dev/null
	[ $? -eq 117 ]
}

# pg_test_db NAME: the test's database NAME, empty: the previous test's
# emptied and renamed (every schema dropped, public made again as
# initdb makes it, its settings reset), which takes about a fifth of the
# time of CREATE DATABASE (two checkpoints); made anew when that cannot
# be done (a process of that test still connected, say).
pg_test_db() {
	if [ -n "${pg_last_db:-}" ] &&
	    pg_psql -c "ALTER DATABASE \"$pg_last_db\" RENAME TO \"$1\"" \
	    -c "ALTER DATABASE \"$1\" RESET ALL" 2>/dev/null; then
		pg_last_db=
		if ! pg_psql -d "$1" -c "DO \$\$DECLARE r record; BEGIN
		    FOR r IN SELECT nspname FROM pg_namespace
		    WHERE nspname NOT LIKE 'pg\\_%'
		    AND nspname <> 'information_schema' LOOP
		    EXECUTE format('DROP SCHEMA %I CASCADE', r.nspname);
		    END LOOP; END\$\$" \
		    -c "CREATE SCHEMA public AUTHORIZATION pg_database_owner" \
		    -c "GRANT USAGE ON SCHEMA public TO PUBLIC" 2>/dev/null; then
			pg_psql -c "DROP DATABASE \"$1\"" || return 1
			pg_createdb "$1" || return 1
		fi
	else
		pg_createdb "$1" || return 1
	fi
	pg_last_db=$1
}

test_expect_success() {
	test_count=$((test_count + 1))
	if [ $# -eq 3 ]; then
		test_prereq=$1
		shift
		case $test_prereq in
		SQLITE|PG) ;;
		*) echo "Bail out! unknown prerequisite '$test_prereq'"; exit 1;;
		esac
		if [ "$test_prereq" != "$(echo "$sr_engine" | tr a-z A-Z)" ]
		then
			echo "ok $test_count # skip $1 (needs $test_prereq)"
			return 0
		fi
	fi
	dir="$test_root/t$test_count"
	mkdir -p "$dir/home"
	test_db="$dir/test.db"
	test_dbname=t$test_count
	if [ "$sr_engine" = pg ]; then
		test_db="postgresql:///t$test_count"
		if ! pg_test_db "t$test_count" >"$dir.log" 2>&1; then
			echo "not ok $test_count - $1"
			echo "# no database t$test_count on the test server:"
			sed 's/^/# /' "$dir.log"
			test_failed=$((test_failed + 1))
			return 0
		fi
	fi
	if [ -z "${TEST_NO_CHAIN_LINT:-}" ] && ! test_chain_lint "$2"; then
		echo "not ok $test_count - $1"
		echo "# broken && chain in the test's body (tests/cli/lib.sh)"
		test_failed=$((test_failed + 1))
		return 0
	fi
	if (
		cd "$dir" &&
		export HOME="$dir/home" SHAKEREF_DB="$test_db" \
		    SHAKEREF_NOW=1795000000 &&
		set -e &&
		eval "$2"
	) >"$dir.log" 2>&1; then
		echo "ok $test_count - $1"
	else
		echo "not ok $test_count - $1"
		sed 's/^/# /' "$dir.log"
		test_failed=$((test_failed + 1))
	fi
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" -eq 0 ]
}
