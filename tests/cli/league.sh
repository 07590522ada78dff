#!/bin/sh
# tests/cli/league.sh: the league (SPEC.md "League", issue 26) on a real
# PostgreSQL server the file starts itself (tests/pg.sh): the server as
# the tests get it (a Unix socket only, not root, a fresh database per
# test, stopped and removed at the end).
SHAKEREF_TEST_PG=1
. "$SRCDIR/tests/cli/lib.sh"

test_expect_success 'the test server: a Unix socket in its own folder, no TCP' '
	test -S "$PGHOST/.s.PGSQL.5432" &&
	test "$(pg_psql -c "SHOW listen_addresses")" = "" &&
	test "$(pg_psql -c "SHOW unix_socket_directories")" = "$PGHOST" &&
	if command -v ss >/dev/null 2>&1; then
		pid=$(head -n 1 "$PGHOST/data/postmaster.pid") &&
		! ss -Hltnp | grep -q "pid=$pid,"
	fi
'

test_expect_success 'the test server never runs as root' '
	pid=$(head -n 1 "$PGHOST/data/postmaster.pid") &&
	test "$(stat -c %u /proc/$pid)" -ne 0 &&
	test "$(stat -c %u "$PGHOST/data")" -ne 0
'

test_expect_success 'each test gets a database of its own, empty' '
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
	    sh "$SRCDIR/tests/cli/help.sh" >out 2>err &&
	expect_out "1..0 # SKIP no PostgreSQL server binaries" &&
	test "$(wc -l <out)" = 1 &&
	if SHAKEREF_PG_BINDIR=$PWD/nowhere SHAKEREF_TEST_PG=1 \
	    SHAKEREF_PG_REQUIRED=1 sh "$SRCDIR/tests/cli/help.sh" >out 2>err
	then
		false
	fi &&
	expect_out "Bail out! no PostgreSQL server binaries"
'

test_expect_success 'pg_stop: the server gone and its folder removed (also at exit)' '
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

test_done
