# tests/pg.sh: a PostgreSQL server of the test's own, for the league
# tests (SPEC.md "League") and tests/bench/league.sh.  No system service,
# no root, no TCP: initdb and pg_ctl into a temporary folder, the server
# listening on a Unix socket in that folder only, stopped and removed at
# the end.  Sourced (POSIX sh):
#
#	. "$SRCDIR/tests/pg.sh"
#	pg_start || exit		# or skip: $pg_why says why not
#	pg_createdb t1 && SHAKEREF_DB=postgresql:///t1 ...
#	pg_stop				# also at exit (pg_cleanup in a trap)
#
# pg_start exports PGHOST (the socket's folder) and PGUSER (the server's
# superuser, "shakeref"), so a URI without a host, `postgresql:///NAME`,
# and psql reach it; nothing else in the environment changes.  As root
# the server runs as an unprivileged user (SHAKEREF_PG_USER, else
# "postgres" if there is one, else "nobody"; setpriv, or runuser), since
# PostgreSQL refuses to run as root; the clients stay who they are.
#
# pg_start [CONF...]: extra postgresql.conf lines (the tests add
# "fsync = off": they kill clients and restart the server, never the
# machine; the bench keeps the defaults).  Every wait is bounded
# (pg_ctl -t, PG_WAIT seconds, 30 unless set).  pg_restart stops the
# server (fast: the connections are cut) and starts it again;
# pg_psql ARGS runs psql on database postgres unless ARGS name another;
# pg_createdb NAME makes an empty database.
#
# The binaries: SHAKEREF_PG_BINDIR (that folder alone), else
# `pg_config --bindir` when it has initdb, else the newest
# /usr/lib/postgresql/N/bin (Debian's), else initdb on PATH.  None: the
# tests of a file run against PostgreSQL are skipped, unless
# SHAKEREF_PG_REQUIRED is set (.ci/run): then they bail out.

pg_dir=
pg_bin=
pg_why=
pg_as=

# Find the server's binaries into pg_bin; 1 and pg_why if there are none.
pg_find() {
	if [ -n "${SHAKEREF_PG_BINDIR:-}" ]; then
		set -- "$SHAKEREF_PG_BINDIR"
	else
		set -- "$(pg_config --bindir 2>/dev/null)" \
		    $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null |
		    sort -t/ -k5 -n -r) \
		    "$(dirname "$(command -v initdb 2>/dev/null || echo /)")"
	fi
	for d in "$@"; do
		if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] &&
		    [ -x "$d/postgres" ]; then
			pg_bin=$d
			return 0
		fi
	done
	pg_why="no PostgreSQL server binaries (initdb, pg_ctl: Debian's postgresql)"
	return 1
}

# Who runs the server: nobody to change to unless we are root.
pg_user() {
	pg_as=
	[ "$(id -u)" -eq 0 ] || return 0
	pg_as=${SHAKEREF_PG_USER:-}
	if [ -z "$pg_as" ]; then
		if id postgres >/dev/null 2>&1; then
			pg_as=postgres
		else
			pg_as=nobody
		fi
	fi
	if ! id "$pg_as" >/dev/null 2>&1; then
		pg_why="no user '$pg_as' to run the server as (SHAKEREF_PG_USER)"
		return 1
	fi
	if ! command -v setpriv >/dev/null 2>&1 &&
	    ! command -v runuser >/dev/null 2>&1; then
		pg_why="running as root, and neither setpriv nor runuser is there"
		return 1
	fi
}

# pg_server CMD ARGS: a server binary, as the server's user, from its
# folder (initdb and postgres look at their working folder).
pg_server() {
	cmd=$1
	shift
	# The server keeps no descriptor of the test's (a fifo's writer
	# held open would keep its reader from ever seeing the end).
	if [ -z "$pg_as" ]; then
		(cd "$pg_dir" && "$pg_bin/$cmd" "$@") 7>&- 8>&- 9>&-
	elif command -v setpriv >/dev/null 2>&1; then
		(cd "$pg_dir" && setpriv --reuid="$pg_as" \
		    --regid="$(id -g "$pg_as")" --clear-groups \
		    --reset-env -- "$pg_bin/$cmd" "$@") 7>&- 8>&- 9>&-
	else
		(cd "$pg_dir" && runuser -u "$pg_as" -- "$pg_bin/$cmd" "$@") \
		    7>&- 8>&- 9>&-
	fi
}

# pg_start [CONF...]: a fresh cluster, started; 1 and pg_why if not.
pg_start() {
	pg_find && pg_user || return 1
	# The socket's path must fit in sun_path (108 bytes): a short folder.
	pg_dir=$(mktemp -d /tmp/srpg.XXXXXX) || {
		pg_why="mktemp failed"
		return 1
	}
	chmod 0755 "$pg_dir"
	[ -z "$pg_as" ] || chown "$pg_as" "$pg_dir"
	if ! pg_server initdb -D "$pg_dir/data" -U shakeref -A trust \
	    -E UTF8 --locale=C --no-sync >"$pg_dir/initdb.log" 2>&1; then
		pg_why="initdb failed: $(tail -n 1 "$pg_dir/initdb.log")"
		return 1
	fi
	{
		echo "listen_addresses = ''"
		echo "unix_socket_directories = '$pg_dir'"
		echo "unix_socket_permissions = 0777"
		echo "max_connections = 100"
		echo "shared_buffers = 16MB"
		echo "logging_collector = off"
		for line in "$@"; do
			echo "$line"
		done
	} >>"$pg_dir/data/postgresql.conf"
	PGHOST=$pg_dir PGUSER=shakeref
	export PGHOST PGUSER
	unset PGPORT PGDATABASE PGSERVICE PGSERVICEFILE PGPASSFILE PGSSLMODE \
	    PGHOSTADDR PGOPTIONS PGCLIENTENCODING 2>/dev/null || :
	pg_ctl_start
}

# Start the cluster made by pg_start (again, after pg_stop_only).
pg_ctl_start() {
	if ! pg_server pg_ctl -D "$pg_dir/data" -l "$pg_dir/server.log" \
	    -w -t "${PG_WAIT:-30}" start >/dev/null 2>&1; then
		pg_why="the server did not start: $(tail -n 2 "$pg_dir/server.log")"
		return 1
	fi
}

# Stop the server, keeping its cluster (fast: connections cut, clean).
pg_stop_only() {
	pg_server pg_ctl -D "$pg_dir/data" -m "${1:-fast}" -w \
	    -t "${PG_WAIT:-30}" stop >/dev/null 2>&1
}

# pg_ctl restart, as an administrator does it during a club night.
pg_restart() {
	pg_server pg_ctl -D "$pg_dir/data" -l "$pg_dir/server.log" -m fast \
	    -w -t "${PG_WAIT:-30}" restart >/dev/null 2>&1
}

# pg_gone PID: wait (bounded) until process PID is gone or a zombie; the
# postmaster removes its pid file a moment before it exits.
pg_gone() {
	i=0
	while kill -0 "$1" 2>/dev/null &&
	    [ "$(ps -o stat= -p "$1" 2>/dev/null | cut -c1)" != Z ]; do
		i=$((i + 1))
		[ "$i" -lt $((${PG_WAIT:-30} * 20)) ] || return 1
		sleep 0.05
	done
}

# Stop the server and remove its folder; quiet, for traps.
pg_stop() {
	[ -n "$pg_dir" ] || return 0
	if [ -f "$pg_dir/data/postmaster.pid" ]; then
		pg_pid=$(head -n 1 "$pg_dir/data/postmaster.pid")
		pg_stop_only immediate || kill -9 "$pg_pid" 2>/dev/null || :
		pg_gone "$pg_pid" || kill -9 "$pg_pid" 2>/dev/null || :
	fi
	rm -rf "$pg_dir"
	pg_dir=
}

# psql, quiet, stopping at the first error, no ~/.psqlrc.
pg_psql() {
	"$pg_bin/psql" -X -q -A -t -v ON_ERROR_STOP=1 -d postgres "$@"
}

# pg_createdb NAME: a new empty database NAME.  Copied as files
# (STRATEGY FILE_COPY, PostgreSQL 15 and later), not written through the
# WAL: about 0.6x of the time, for a database per test.
pg_createdb() {
	pg_psql -c "CREATE DATABASE \"$1\" STRATEGY FILE_COPY" \
	    >/dev/null 2>&1 ||
	    pg_psql -c "CREATE DATABASE \"$1\"" >/dev/null
}
