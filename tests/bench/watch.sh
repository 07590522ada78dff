#!/bin/sh
# tests/bench/watch.sh: how soon `shakeref watch` redraws after an entry
# made by another process (the change notice, src/sys/notice.c).  Never part
# of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/watch.sh [ENTRIES]
#
# watch runs on a pseudo-terminal (Python's pty, 100x40); ENTRIES
# (default 30) entries of a 10,000 game, each a `shakeref roll` process,
# one every 0.3 s.  For each: the wall time of the entry command itself
# (the baseline: its commit is inside it) and the time from starting it
# to the moment watch's redraw holds the entry's round.  Median, 99th
# percentile and most.  Target: redrawn within 250 ms of the entry
# (issue 25; the old watch looked every 2 s and waited 1 s after each
# redraw).
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
. "$(dirname "$0")/lib.sh"
entries=${1:-30}
bench_init
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME
db="$work/watch.db"
"$SHAKEREF" -d "$db" new --game 10000 --players Ann,Bob >/dev/null
echo "watch: $entries entries by another process, each until watch redraws it"
/usr/bin/python3 - "$SHAKEREF" "$db" "$entries" <<'EOF'
import os, pty, select, subprocess, sys, time, struct, fcntl, termios, signal

shakeref, db, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
pid, fd = pty.fork()
if pid == 0:
    os.environ["NO_COLOR"] = "1"
    os.environ["TERM"] = "xterm"
    os.execv(shakeref, [shakeref, "-d", db, "watch"])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
os.kill(pid, signal.SIGWINCH)
seen = b""


def wait_for(text, limit):
    global seen
    end = time.monotonic() + limit
    while text not in seen:
        left = end - time.monotonic()
        if left <= 0:
            return None
        r, _, _ = select.select([fd], [], [], left)
        if r:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                return None
    return time.monotonic()


if wait_for(b"Round 1.", 10) is None:
    sys.exit("watch never drew the game")
cmd, redraw = [], []
for i in range(n):
    time.sleep(0.3)
    seen = b""
    # A farkle: every entry a new turn, every second one a new round.
    t0 = time.monotonic()
    subprocess.run([shakeref, "-d", db, "roll", "2", "3", "4", "6", "2",
                    "3"], check=True, stdout=subprocess.DEVNULL)
    t1 = time.monotonic()
    who = b"Bob" if i % 2 == 0 else b"Ann"
    t2 = wait_for(b"Round %d. %s rolls" % (i // 2 + 1 + (i % 2), who), 5)
    if t2 is None:
        sys.exit("watch never redrew entry %d" % (i + 1))
    cmd.append((t1 - t0) * 1e3)
    redraw.append((t2 - t0) * 1e3)
os.kill(pid, signal.SIGINT)
os.waitpid(pid, 0)


def q(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(len(v) * p))]


print("  %-30s %10s %10s %10s" % ("ms", "median", "p99", "most"))
print("  %-30s %10.1f %10.1f %10.1f" % ("the entry command (baseline)",
      q(cmd, .5), q(cmd, .99), max(cmd)))
print("  %-30s %10.1f %10.1f %10.1f" % ("entry started to redrawn",
      q(redraw, .5), q(redraw, .99), max(redraw)))
print("  target redrawn within 250 ms: %s" %
      ("met" if q(redraw, .99) <= 250 else "NOT met"))
EOF
