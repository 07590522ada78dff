#!/bin/sh
# tests/bench/solve.sh: the cost of `solve` on a 5x5 board, cold (a fresh
# process: database, replay, word list), against the start of a trivial
# C program measured in the same run.  Never part of `make check`.
#
#	SHAKEREF=build/shakeref SHAKEREF_DATA_DIR=build/data \
#	    sh tests/bench/solve.sh [RUNS]
#
# SHAKEREF_DATA_DIR: the folder of en_US.dawg when shakeref is not
# installed.  Each run is timed by a small C runner (fork, exec, wait,
# clock_gettime), the two commands alternating, RUNS times each (default
# 21, at least 20); the medians are compared.  Target: at most 2x.
# Also shown, not judged: `shakeref --version` (the binary's own start:
# its shared libraries) and `shakeref status` (the same database and
# replay without the solve), to tell where the time goes.
# Exits 1 if the target is missed, 77 if no C compiler is found.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
[ "$runs" -ge 20 ] || runs=20
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || { echo "skip: no C compiler ($cc)"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/shakeref-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
export SHAKEREF_DB="$work/bench.db"

cat >"$work/trivial.c" <<'EOF'
int
main(void)
{
	return 0;
}
EOF
cat >"$work/runner.c" <<'EOF'
#include <sys/wait.h>
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

/* Run argv[1..] once, stdout and stderr to /dev/null; print the ms. */
int
main(int argc, char **argv)
{
	struct timespec a, b;
	pid_t pid;
	int st, fd;

	if (argc < 2)
		return 2;
	clock_gettime(CLOCK_MONOTONIC, &a);
	if ((pid = fork()) == 0) {
		fd = open("/dev/null", O_WRONLY);
		dup2(fd, 1);
		dup2(fd, 2);
		execv(argv[1], argv + 1);
		_exit(127);
	}
	waitpid(pid, &st, 0);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.3f\n", (double)(b.tv_sec - a.tv_sec) * 1e3 +
	    (double)(b.tv_nsec - a.tv_nsec) / 1e6);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
EOF
"$cc" -O2 -o "$work/trivial" "$work/trivial.c" &&
"$cc" -O2 -o "$work/runner" "$work/runner.c" ||
    { echo "skip: cannot compile the baseline"; exit 77; }

# A game with a scored round on a 5x5 board rich in words.
"$SHAKEREF" new --game word --players Ann,Bob >/dev/null &&
"$SHAKEREF" grid SERST TANIE QUOLDC RPEAT HGINS >/dev/null &&
"$SHAKEREF" words Ann stone quote >/dev/null &&
"$SHAKEREF" words Bob stone plate >/dev/null &&
"$SHAKEREF" score >/dev/null || { echo "setup failed"; exit 1; }
bin=$(command -v "$SHAKEREF")
n=$("$bin" --json solve | jq '.words | length' 2>/dev/null) ||
    { echo "solve failed: is en_US.dawg built (SHAKEREF_DATA_DIR)?"; exit 1; }

# Median of the numbers on stdin.
median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

: >"$work/base" && : >"$work/ours" && : >"$work/version" && : >"$work/status"
i=0
while [ $i -lt "$runs" ]; do
	"$work/runner" "$work/trivial" >>"$work/base" || exit 1
	"$work/runner" "$bin" --version >>"$work/version" || exit 1
	"$work/runner" "$bin" status >>"$work/status" || exit 1
	"$work/runner" "$bin" solve >>"$work/ours" ||
	    { echo "solve failed"; exit 1; }
	i=$((i + 1))
done
b=$(median <"$work/base")
o=$(median <"$work/ours")
verdict=$(awk -v o="$o" -v b="$b" 'BEGIN { r = o / b; printf "%.2fx %s", r, r <= 2 ? "ok" : "MISSED" }')
printf 'solve 5x5 (%s words)  trivial C program %6.2f ms  shakeref solve %6.2f ms  ratio %s (target <= 2x, %d runs)\n' \
    "$n" "$b" "$o" "$verdict" "$runs"
printf '  (shakeref --version %6.2f ms, shakeref status %6.2f ms)\n' \
    "$(median <"$work/version")" "$(median <"$work/status")"
case $verdict in *MISSED) exit 1 ;; esac
exit 0
