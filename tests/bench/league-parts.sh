#!/bin/sh
# tests/bench/league-parts.sh: what each table a league move touches
# costs the server (issue 39), beside psql's one-row insert, in the same
# run.  Never part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/league-parts.sh [RUNS]
#
# league.sh times the whole command; this one says where the server's
# part of it goes, for whoever sets out to make it smaller.
#
# 1. A server of its own (tests/pg.sh) logs every statement with its
#    parameters (log_statement = all).  shakeref makes a Shake game and
#    rolls 30 30 30 (a void roll, SH-4: the game never ends) three times;
#    the third roll's statements, read back from the log with their
#    parameters (each a pgbench variable, -D: sent apart from the
#    statement, as the client sends them), are the move replayed here:
#    what the real binary sent, not a copy of its SQL kept in this file.
# 2. pgbench -C (a new connection for each transaction, as each command
#    makes one) runs RUNS transactions (default 1000) of each script, in
#    interleaved rounds, extended protocol, the two round trips the
#    command makes (up to the first write; the rest and COMMIT) each one
#    pipeline:
#	base	   INSERT of one row into a table of its own, as league.sh's
#		   psql baseline
#	move	   every statement of the move
#	-PART	   the move without the statements of PART: a table, the
#		   one each statement writes or first reads (one script
#		   per table the move names), or pg_notify
#	-reads	   the move without its read trip: BEGIN, the writes and
#		   COMMIT, one round trip, no lock: what a client that
#		   kept the game's state from its last write would send
#		   (an upper bound of what that would save: the check
#		   that no other writer came between is not in it)
#    An entry's number (entries, entry_notes) is a random one in each
#    transaction, so that the primary keys never collide.
# 3. Prints the median of pgbench's per-transaction latency (the
#    connection's start excluded) of each, the move's excess over base,
#    and what leaving each table out saves.  The first use of a table in
#    a new backend (its catalog rows read, its indexes opened, each
#    statement parsed and planned) is most of each table's share.
#    The first SELECT on a table costs about 1 ms whatever the table
#    (the planner's first look at it: its indexes, their operator
#    classes, its statistics), where an INSERT of one row with its
#    values costs next to nothing over psql's: a read trip costs about
#    as much as every table the writes add.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-1000}
rounds=5
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/pg.sh"
bench_init
trap 'pg_stop; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
py=/usr/bin/python3
[ -x "$py" ] || { echo "skip: no /usr/bin/python3"; exit 77; }
pg_start "log_statement = all" "log_line_prefix = '[%p] '" \
    "log_parameter_max_length = -1" || { echo "skip: $pg_why"; exit 77; }
[ -x "$pg_bin/pgbench" ] || { echo "skip: no pgbench in $pg_bin"; exit 77; }
export SHAKEREF_NOW=1795000000 HOME="$work/home"
unset SHAKEREF_DB XDG_DATA_HOME XDG_STATE_HOME
mkdir -p "$HOME"

pg_createdb league || { echo "bench: cannot make the database"; exit 1; }
db=postgresql:///league
log=$pg_dir/server.log
"$SHAKEREF" -d "$db" new --game shake --players Ann,Bob,Cid >/dev/null &&
    "$SHAKEREF" -d "$db" roll 30 30 30 >/dev/null &&
    "$SHAKEREF" -d "$db" roll 30 30 30 >/dev/null ||
    { echo "bench: shakeref cannot write to the league"; exit 1; }
pg_psql -d league -c "CREATE TABLE bench_rows (n serial PRIMARY KEY,
    verb text, args text)" >/dev/null ||
    { echo "bench: cannot make the baseline's table"; exit 1; }
# The move on the table's copy (the last roll kept the game), then one
# that reads first (the copy deleted, as after another table's entry).
from=$(wc -l <"$log")
"$SHAKEREF" -d "$db" roll 30 30 30 >/dev/null ||
    { echo "bench: the measured move failed"; exit 1; }
tail -n +"$((from + 1))" "$log" >"$work/kept.log"
rm -f "$HOME"/.local/state/shakeref/league-*.kept
from=$(wc -l <"$log")
"$SHAKEREF" -d "$db" roll 30 30 30 >/dev/null ||
    { echo "bench: the measured move failed"; exit 1; }
tail -n +"$((from + 1))" "$log" >"$work/move.log"
# The log off again: what is measured is a server's usual work.
pg_psql -c "ALTER SYSTEM SET log_statement = 'none'" -c \
    "SELECT pg_reload_conf()" >/dev/null ||
    { echo "bench: cannot turn the log off"; exit 1; }

# The move's statements from the log into pgbench scripts, one a table.
"$py" - "$work" <<'PYEOF' || { echo "bench: the move's log did not parse"; exit 1; }
import re, sys
work = sys.argv[1]
# Entries of the log: "[pid] LOG:  execute <name>: SQL" (one or more
# lines), then "[pid] DETAIL:  parameters: $1 = '...', ...".
def statements(name):
    text = open(work + "/" + name, encoding="utf-8").read()
    chunks = re.split(r"^(?=\[\d+\] )", text, flags=re.M)
    stmts = []
    pid = None
    for c in chunks:
        m = re.match(r"\[(\d+)\] LOG:  execute [^:]*: (.*)", c, re.S)
        if m:
            if pid is None:
                pid = m.group(1)
            if m.group(1) == pid:
                stmts.append([m.group(2).strip(), {}])
            continue
        m = re.match(r"\[(\d+)\] DETAIL:  parameters: (.*)", c, re.S)
        if m and m.group(1) == pid and stmts:
            params = {}
            for p in re.finditer(r"\$(\d+) = (NULL|'(?:[^']|'')*')",
                                 m.group(2)):
                params[int(p.group(1))] = p.group(2)
            stmts[-1][1] = params
    if not stmts or not stmts[0][0].startswith("BEGIN") or \
            not stmts[-1][0].startswith("COMMIT"):
        sys.exit("no move in " + name)
    return stmts
defs = []
def pgbench_sql(stmts, tag):
    out = []
    for sql, params in stmts:
        # The guard of a write on the copy (store-pg-kept.c): the token
        # of the one write it was kept from, which the first replay
        # changes; compared with the row's own, planned the same.
        if "xmin = $2::xid AND key = $3" in sql:
            sql = sql.replace("xmin = $2::xid AND key = $3",
                              "xmin = xmin AND key = key")
            params = {1: params[1]}
        out.append(one(sql, params, len(out), tag))
    return out
def one(sql, params, k, tag):
    # The entry's number: a fresh one in each transaction.
    if re.match(r"INSERT INTO (entries|entry_notes)\b", sql):
        params = dict(params)
        params[2] = ":n"
    # Each parameter a pgbench variable (-D), sent as the client sends
    # it, apart from the statement; a NULL written in.
    def var(m):
        i = int(m.group(1))
        if i not in params:
            sys.exit("a parameter left unset: " + sql)
        v = params[i]
        if v in ("NULL", ":n"):
            return v
        name = "%s%d_%d" % (tag, k, i)
        defs.append("%s=%s" % (name, v[1:-1].replace("''", "'")))
        return ":" + name
    lit = re.sub(r"\$(\d+)", var, sql)
    # A statement's part: the table it writes or first reads.
    m = re.search(r"(?:INSERT INTO|UPDATE|DELETE FROM|FROM)\s+(\w+)", sql)
    part = m.group(1) if m else "pg_notify" if "pg_notify" in sql else None
    write = re.match(r"(INSERT|UPDATE|DELETE)\b", sql) is not None
    return (" ".join(lit.split()) + ";", part, write)
out = pgbench_sql(statements("move.log"), "p")
kept = pgbench_sql(statements("kept.log"), "k")
# Each part but the games row and the entry (psql's insert's match).
parts = []
for _, part, _ in out:
    if part not in parts + [None, "games", "entries"]:
        parts.append(part)
def script(name, drop):
    lines = ["\\set n random(1000, 2000000000)", "\\startpipeline"]
    wrote = False
    for sql, part, write in out:
        if drop is not None and part == drop:
            continue
        # The read trip left out: BEGIN alone, with the writes.
        if drop == "reads" and not wrote and not write and \
                not sql.startswith("BEGIN"):
            continue
        if write and not wrote:
            if drop != "reads":
                lines += ["\\endpipeline", "\\startpipeline"]
            wrote = True
        lines.append(sql)
    lines.append("\\endpipeline")
    open("%s/%s.sql" % (work, name), "w", encoding="utf-8").write(
        "\n".join(lines) + "\n")
script("move", None)
for t in parts:
    script("-" + t, t)
script("-reads", "reads")
# The move on the table's copy: one round trip, as the client sends it.
open(work + "/kept.sql", "w", encoding="utf-8").write("\n".join(
    ["\\set n random(1000, 2000000000)", "\\startpipeline"] +
    [sql for sql, _, _ in kept] + ["\\endpipeline"]) + "\n")
open(work + "/base.sql", "w").write(
    "INSERT INTO bench_rows (verb, args) VALUES ('roll', '[30,30,30]');\n")
names = ["base", "move"] + ["-" + t for t in parts] + ["-reads", "kept"]
open(work + "/defs", "w", encoding="utf-8").write(
    "".join("-D\0%s\0" % d for d in defs))
open(work + "/scripts", "w").write("\n".join(names) + "\n")
print("the move: %d statements; left out in turn: %s; on the copy: %d"
    % (len(out), ", ".join(parts), len(kept)))
PYEOF

# Measure: rounds interleaved, each script RUNS / rounds transactions.
per=$(( (runs + rounds - 1) / rounds ))
r=1
while [ $r -le $rounds ]; do
	while read -r s; do
		(cd "$work" && xargs -0 -a defs "$pg_bin/pgbench" -C -n \
		    -M extended -t "$per" -f "$s.sql" -l \
		    --log-prefix="lat.$s.$r" league \
		    >"pgbench.$s.$r.out" 2>&1) ||
		    { echo "bench: pgbench failed on $s:"; \
		      tail -n 3 "$work/pgbench.$s.$r.out"; exit 1; }
	done <"$work/scripts"
	r=$((r + 1))
done

# Medians (pgbench's log: the third field, microseconds).
median() {
	cat "$work"/lat."$1".* | awk '{ print $3 }' | sort -n |
	    awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}
base=$(median base)
move=$(median move)
echo "a league move's server time, by table (pgbench -C, $runs transactions each, medians):"
awk -v b="$base" -v m="$move" 'BEGIN {
	printf "  %-34s %8.3f ms\n", "psql baseline: one row inserted", b / 1000
	printf "  %-34s %8.3f ms   %.2fx   excess %.3f ms\n",
	    "the move, every statement", m / 1000, m / b, (m - b) / 1000
}'
while read -r s; do
	case $s in base|move) continue ;; esac
	v=$(median "$s")
	awk -v s="$s" -v v="$v" -v m="$move" -v b="$base" 'BEGIN {
		w = s == "-reads" ? "its read trip" : substr(s, 2)
		printf "  %-34s %8.3f ms   %.2fx   saves %.3f ms\n",
		    s == "kept" ? "the move on the table'"'"'s copy" : \
		    "the move without " w, v / 1000, v / b, (m - v) / 1000
	}'
done <"$work/scripts"
exit 0
