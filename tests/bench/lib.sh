# tests/bench/lib.sh: what the benchmarks share.  Never part of `make
# check`.  A bench sets up everything it measures itself (its database,
# its caches, its word lists) in $work, then measures its commands against
# a baseline in the same run:
#
#	. "$(dirname "$0")/lib.sh"
#	bench_init			# $work, removed at exit unless KEEP=1
#	bench_measure 30 base "sqlite3 $work/x.db 'select 1'" \
#	    move "$SHAKEREF -d $work/x.db roll 30 30 30"
#	bench_report base move 1.5	# one line: wall and CPU, both ratios
#
# bench_prepare LABEL CMD, before bench_measure, runs CMD (untimed) before
# every timed run of LABEL: to put back what the command changes;
# bench_status LABEL N says that LABEL's command exits N (default 0).
#
# Peak memory (issue 29): every run through the runner records the
# command's peak resident set (wait4's ru_maxrss); under hyperfine each
# round runs each command once more through the runner for it.  Every
# line of bench_report and bench_line ends with it, against 16 MB, or
# the limit bench_mem LABEL MB sets for a command that must map a table
# or a word list (the bench says which and why); bench_report returns 1
# when it is over.
#
# bench_measure runs the commands in interleaved rounds (a busy machine
# slows them alike), with hyperfine when it is installed (-N: no shell in
# between; wall time per run, CPU as each round's mean user + system),
# else with a small C runner (fork, exec, wait4: wall and CPU per run).
# Never a `date` loop: a fork of date adds a millisecond to both sides.
# Each command is a string split as sh splits words (quotes allowed); its
# output goes to /dev/null and a non-zero exit fails the bench.
set -u

# Make $work and the runner; remove $work at exit unless KEEP is set.
bench_init() {
	work=$(mktemp -d "${TMPDIR:-/tmp}/shakeref-bench.XXXXXX")
	trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
	bench_tool=runner
	if command -v hyperfine >/dev/null 2>&1 && [ -z "${BENCH_RUNNER:-}" ]
	then
		bench_tool=hyperfine
	fi
	cat >"$work/runner.c" <<'CEOF'
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

/*
 * Run argv[1..] once, output to /dev/null; print wall and CPU in ms and
 * the peak resident set in KB.
 */
int
main(int argc, char **argv)
{
	struct timespec a, b;
	struct rusage ru;
	pid_t pid;
	int st, fd;

	if (argc < 2)
		return 2;
	clock_gettime(CLOCK_MONOTONIC, &a);
	if ((pid = fork()) == 0) {
		fd = open("/dev/null", O_WRONLY);
		dup2(fd, 1);
		dup2(fd, 2);
		execvp(argv[1], argv + 1);
		_exit(127);
	}
	if (wait4(pid, &st, 0, &ru) < 0)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.4f %.4f %ld\n", (double)(b.tv_sec - a.tv_sec) * 1e3 +
	    (double)(b.tv_nsec - a.tv_nsec) / 1e6,
	    (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3,
	    ru.ru_maxrss);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
CEOF
	${CC:-cc} -O2 -o "$work/runner" "$work/runner.c" ||
	    { echo "bench: cannot compile the runner (no C compiler?)"; exit 77; }
}

# bench_measure RUNS LABEL CMD [LABEL CMD]...: interleaved; appends each
# run's wall ms to $work/m.LABEL.wall and CPU ms to $work/m.LABEL.cpu,
# and its peak KB to $work/m.LABEL.mem.
bench_measure() {
	_runs=$1
	shift
	_per=3
	[ "$_runs" -ge "$_per" ] || _per=$_runs
	: >"$work/plan"
	while [ $# -ge 2 ]; do
		printf '%s\t%s\n' "$1" "$2" >>"$work/plan"
		shift 2
	done
	_r=0
	while [ $((_r * _per)) -lt "$_runs" ]; do
		if [ "$bench_tool" = hyperfine ]; then
			set --
			while IFS='	' read -r _l _c; do
				set -- "$@" "$_c"
			done <"$work/plan"
			_prep=
			while IFS='	' read -r _l _c; do
				if [ -f "$work/prep.$_l" ]; then
					_prep="$_prep --prepare 'sh $work/prep.$_l'"
				else
					_prep="$_prep --prepare true"
				fi
			done <"$work/plan"
			eval "hyperfine -N -i --warmup 0 --runs $_per $_prep \
			    --export-json $work/h.json -- \"\$@\"" \
			    </dev/null >/dev/null 2>"$work/h.err" ||
			    { echo "bench: hyperfine failed:"; cat "$work/h.err"; exit 1; }
			_n=0
			while IFS='	' read -r _l _c; do
				jq -r ".results[$_n].times[] * 1000" "$work/h.json" \
				    >>"$work/m.$_l.wall"
				jq -r ".results[$_n] | (.user + .system) * 1000" \
				    "$work/h.json" >>"$work/m.$_l.cpu"
				jq -e "[.results[$_n].exit_codes[]] |
				    all(. == $(bench_want "$_l"))" "$work/h.json" \
				    >/dev/null ||
				    { echo "bench: '$_l' exited other than $(bench_want "$_l"): $_c"; exit 1; }
				_n=$((_n + 1))
			done <"$work/plan"
			# Peak memory: each once more, through the runner.
			while IFS='	' read -r _l _c; do
				bench_one "$_l" "$_c"
				cut -d' ' -f3 "$work/one" >>"$work/m.$_l.mem"
			done <"$work/plan"
		else
			_k=0
			while [ $_k -lt "$_per" ]; do
				while IFS='	' read -r _l _c; do
					bench_one "$_l" "$_c"
					cut -d' ' -f1 "$work/one" >>"$work/m.$_l.wall"
					cut -d' ' -f2 "$work/one" >>"$work/m.$_l.cpu"
					cut -d' ' -f3 "$work/one" >>"$work/m.$_l.mem"
				done <"$work/plan"
				_k=$((_k + 1))
			done
		fi
		_r=$((_r + 1))
	done
}

# bench_one LABEL CMD: LABEL's preparation, then CMD once through the
# runner, its "wall cpu peak" into $work/one; exits if either fails.
bench_one() {
	if [ -f "$work/prep.$1" ]; then
		sh "$work/prep.$1" </dev/null >/dev/null 2>&1 ||
		    { echo "bench: preparing '$1' failed"; exit 1; }
	fi
	_bl=$1
	eval "set -- $2"
	"$work/runner" "$@" </dev/null >"$work/one"
	[ $? -eq "$(bench_want "$_bl")" ] ||
	    { echo "bench: '$_bl' exited other than $(bench_want "$_bl"): $*"; exit 1; }
}

# bench_mem LABEL MB: LABEL may take up to MB at its peak (a table or a
# word list it must map; the default is 16).
bench_mem() {
	echo "$2" >"$work/mem.$1"
}

# LABEL's peak memory over its runs in MB, and its limit: "PEAK LIMIT".
bench_peak() {
	_lim=$(cat "$work/mem.$1" 2>/dev/null || echo 16)
	sort -g "$work/m.$1.mem" 2>/dev/null | awk -v lim="$_lim" '
		{ m = $1 } END { printf "%.1f %s\n", m / 1024, lim }'
}

# bench_prepare LABEL CMD: CMD (a script for sh) runs before every timed
# run of LABEL, untimed.
bench_prepare() {
	printf '%s\n' "$2" >"$work/prep.$1"
}

# bench_words: a cache of the bench's own ($XDG_CACHE_HOME in $work), and
# the compiled en_US word list of the build beside the binary
# ($SHAKEREF's folder/data) unless SHAKEREF_DATA_DIR names one; sets bin,
# the binary's path.
bench_words() {
	export XDG_CACHE_HOME="$work/cache"
	bin=$(command -v "$SHAKEREF")
	if [ -z "${SHAKEREF_DATA_DIR:-}" ] &&
	    [ -f "$(dirname "$bin")/data/en_US.dawg" ]; then
		SHAKEREF_DATA_DIR=$(cd "$(dirname "$bin")/data" && pwd)
		export SHAKEREF_DATA_DIR
	fi
}

# bench_status LABEL N: LABEL's command must exit N (default 0).
bench_status() {
	echo "$2" >"$work/want.$1"
}

# The exit status LABEL's command must have.
bench_want() {
	cat "$work/want.$1" 2>/dev/null || echo 0
}

# The median of the numbers in file $1.
bench_median() {
	sort -g "$1" | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print 0; exit }
		print (v[int((NR + 1) / 2)] + v[int(NR / 2) + 1]) / 2 }'
}

# bench_report BASE LABEL [TARGET [WHAT]]: LABEL's medians, wall and CPU,
# against BASE's, and PASS or MISS of the wall ratio against TARGET (of
# the CPU ratio for a TARGET written cpu:N); its peak memory against its
# limit (bench_mem).  Returns 1 on a MISS.
bench_report() {
	_bw=$(bench_median "$work/m.$1.wall") _bc=$(bench_median "$work/m.$1.cpu")
	_w=$(bench_median "$work/m.$2.wall") _c=$(bench_median "$work/m.$2.cpu")
	awk -v l="${4:-$2}" -v w="$_w" -v c="$_c" -v bw="$_bw" -v bc="$_bc" \
	    -v t="${3:-}" -v tool="$bench_tool" -v pk="$(bench_peak "$2")" 'BEGIN {
		rw = bw > 0 ? w / bw : 0
		rc = bc > 0 ? c / bc : 0
		split(pk, m, " ")
		r = rw
		if (t ~ /^cpu:/) { t = substr(t, 5); r = rc; k = "cpu " }
		v = t == "" ? "" : (r <= t ? sprintf("(%starget <= %sx) PASS", k, t) : sprintf("(%starget <= %sx) MISS", k, t))
		printf "  %-30s wall %8.2f ms %6.2fx   cpu %8.2f ms %6.2fx  %s  peak %5.1f MB (<= %s MB %s)\n", l, w, rw, c, rc, v, m[1], m[2], m[1] <= m[2] ? "PASS" : "MISS"
		exit ((t != "" && r > t) || m[1] > m[2]) ? 1 : 0
	}'
}

# bench_line LABEL [WHAT]: LABEL's medians alone (the baseline's line),
# and its peak memory.
bench_line() {
	_w=$(bench_median "$work/m.$1.wall") _c=$(bench_median "$work/m.$1.cpu")
	printf '  %-30s wall %8.2f ms          cpu %8.2f ms          peak %5.1f MB\n' \
	    "${2:-$1}" "$_w" "$_c" "$(bench_peak "$1" | cut -d' ' -f1)"
}
