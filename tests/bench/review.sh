#!/bin/sh
# tests/bench/review.sh: `review` costs the same per decision however long
# the game (issue 29).  Never part of `make check`; it never fails a build.
#
#	SHAKEREF=build/shakeref sh tests/bench/review.sh [RUNS]
#
# Games of 10,000 (TT-1..TT-8) of 100, 300 and 10,000 entries, each the
# beginning of one stream of legal play (rolls, keeps from one roll in two
# entries, banks, farkles, roll-offs started fresh): three players on
# points (target 1,000,000, so nobody wins) and two players on the
# win table (target 10,000, fewer banks so nobody gets there).  For each,
# `review` against `status` on the same game (the baseline, in the same
# run, interleaved: lib.sh): the CPU medians, the CPU per decision, and
# the peak memory (the largest resident set of one run, from wait4).  Targets: 10,000 entries under
# 500 ms of CPU, 300 under 50 ms, the CPU per decision of 10,000 within
# 1.5x of that of 300 (flat: one replay, the advice of each decision once).
# The two-player games map the win table (48 MB, data/tt-win-*): their
# peak memory counts the pages of it the review touched.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-10}
command -v jq >/dev/null 2>&1 || { echo "skip: no jq"; exit 0; }
. "$(dirname "$0")/lib.sh"
bench_init
bench_words
export SHAKEREF_NOW=1795000000
unset SHAKEREF_DB XDG_DATA_HOME

# lines N BANK: N entries of play; BANK, the share of turns that bank.
lines() {
	awk -v n="$1" -v pb="$2" 'BEGIN { srand(7); k = 0; offer = 0
	    while (k < n) {
		if (offer) { print "fresh"; k++ }
		r = rand()
		if (r < 0.4) {
			print "roll 1 2 3 4 6 6"; print "keep 1"
			print "roll 2 3 4 6 6"; k += 3; offer = 0
		} else if (r < 0.4 + pb) {
			print "roll 1 2 3 4 6 6"; print "keep 1"; print "bank"
			k += 3; offer = 1
		} else {
			print "roll 5 5 5 2 3 4"; print "keep 5 5"
			print "keep 5"; print "roll 2 3 4"; k += 4; offer = 0
		}
	    } }' | head -n "$1"
}

# game DB PLAYERS TARGET N BANK: a game of N entries.
game() {
	"$SHAKEREF" -d "$1" new --game 10000 --players "$2" \
	    --option target="$3" >/dev/null &&
	lines "$4" "$5" | "$SHAKEREF" -d "$1" play >/dev/null ||
	    { echo "bench: the game of $4 entries does not play"; exit 1; }
	[ "$("$SHAKEREF" -d "$1" --json history | jq '.entries | length')" \
	    -eq "$4" ] || { echo "bench: $1 has not $4 entries"; exit 1; }
}

# The peak resident set of one run, from wait4 (a small C parent: a
# child forked from a big one starts with the parent's pages counted).
cat >"$work/peak.c" <<'CEOF'
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct rusage ru;
	pid_t pid;
	int st, fd;

	if (argc < 2)
		return 2;
	if ((pid = fork()) == 0) {
		fd = open("/dev/null", O_WRONLY);
		dup2(fd, 1);
		execvp(argv[1], argv + 1);
		_exit(127);
	}
	if (wait4(pid, &st, 0, &ru) < 0)
		return 1;
	printf("%.1f\n", ru.ru_maxrss / 1024.0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
CEOF
${CC:-cc} -O2 -o "$work/peak" "$work/peak.c" ||
    { echo "bench: cannot compile the peak runner"; exit 1; }

# peak CMD...: the peak resident set of one run of CMD, in MB.
peak() {
	"$work/peak" "$@"
}

echo "building the games"
for n in 100 300 10000; do
	game "$work/p$n.db" Ann,Bob,Cid 1000000 "$n" 0.3
	game "$work/w$n.db" Ann,Bob 10000 "$n" 0.03
done
"$SHAKEREF" -d "$work/w10000.db" --json review >"$work/w.json" &&
    jq -e '.basis == "win"' "$work/w.json" >/dev/null ||
    { echo "bench: the two-player game is not on the win table"; exit 1; }

miss=0
for kind in p w; do
	case $kind in
	p)	echo "three players, points; runs: $runs ($bench_tool)" ;;
	w)	echo "two players, the win table; runs: $runs ($bench_tool)" ;;
	esac
	for n in 100 300 10000; do
		bench_measure "$runs" "s$kind$n" \
		    "$SHAKEREF -d $work/$kind$n.db status" \
		    "r$kind$n" "$SHAKEREF -d $work/$kind$n.db review"
	done
	for n in 100 300 10000; do
		dec=$("$SHAKEREF" -d "$work/$kind$n.db" --json review |
		    jq '[.players[].decisions] | add')
		eval "dec$n=$dec"
		bench_line "s$kind$n" "status, $n entries"
		bench_report "s$kind$n" "r$kind$n" "" "review, $n entries"
		c=$(bench_median "$work/m.r$kind$n.cpu")
		eval "cpu$n=$c"
		ms=$(peak "$SHAKEREF" -d "$work/$kind$n.db" review)
		msb=$(peak "$SHAKEREF" -d "$work/$kind$n.db" status)
		awk -v c="$c" -v d="$dec" -v m="$ms" -v mb="$msb" 'BEGIN {
			printf "  %-30s %d decisions, %.1f us of CPU a decision; peak %s MB (status %s MB)\n", "", d, (d > 0 ? 1000 * c / d : 0), m, mb }'
	done
	awk -v a="$cpu300" -v b="$cpu10000" -v da="$dec300" -v db="$dec10000" 'BEGIN {
		pa = a / da; pb = b / db
		printf "  %-30s 10,000: %.1f ms (target < 500) %s; 300: %.1f ms (target < 50) %s\n", "targets", b, b < 500 ? "PASS" : "MISS", a, a < 50 ? "PASS" : "MISS"
		printf "  %-30s a decision at 10,000 / at 300: %.2fx (target <= 1.5x) %s\n", "", pb / pa, pb / pa <= 1.5 ? "PASS" : "MISS"
		exit (b < 500 && a < 50 && pb / pa <= 1.5) ? 0 : 1 }' || miss=1
done
[ $miss -eq 0 ] && echo "every target met" || echo "a target was missed"
exit 0
