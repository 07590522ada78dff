#!/bin/sh
# tests/bench/solve.sh: the cost of `solve` on a 5x5 board, cold (a fresh
# process: database, replay, word list), against two baselines measured
# in the same run: a trivial C program (the cost of any process start)
# and `shakeref status` on the same game (the database and the replay
# without the solve).  Never part of `make check`.
#
#	SHAKEREF=build/shakeref sh tests/bench/solve.sh [RUNS]
#
# It sets up what it measures: its database, an empty cache, and the
# compiled en_US word list of the build beside the binary (build/data)
# unless SHAKEREF_DATA_DIR names one; one solve outside the timing.
# Medians of wall and CPU time over RUNS runs each (default 21), with
# hyperfine if installed (lib.sh).  Targets: at most 2x the trivial
# program, at most 1.5x `status`.  Also shown, not judged: `shakeref
# --version` (the binary's own start: its shared libraries).  Then the
# German bench grid (STRAß ENZEH HAUEN MÄUSE RTEIL, de_DE's list built
# into the bench's cache first, untimed) at the default options
# (compounds=off): at most 1.5x `status`, each beside its baseline;
# skipped if de_DE is not installed.
# Exits 1 if a target is missed, 77 if no C compiler is found.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
command -v jq >/dev/null 2>&1 || { echo "skip: no jq"; exit 77; }
. "$(dirname "$0")/lib.sh"
bench_init
export SHAKEREF_DB="$work/bench.db"
bench_words

printf 'int\nmain(void)\n{\n\treturn 0;\n}\n' >"$work/trivial.c"
${CC:-cc} -O2 -o "$work/trivial" "$work/trivial.c" ||
    { echo "skip: cannot compile the baseline"; exit 77; }

# A game with a scored round on a 5x5 board rich in words.
"$bin" new --game word --players Ann,Bob >/dev/null &&
"$bin" grid SERST TANIE QUOLDC RPEAT HGINS >/dev/null &&
"$bin" words Ann stone quote >/dev/null &&
"$bin" words Bob stone plate >/dev/null &&
"$bin" score >/dev/null || { echo "setup failed"; exit 1; }
n=$("$bin" --json solve | jq '.words | length' 2>/dev/null) ||
    { echo "solve failed: is en_US.dawg built (SHAKEREF_DATA_DIR)?"; exit 1; }

bench_measure "$runs" trivial "$work/trivial" version "$bin --version" \
    status "$bin status" solve "$bin solve"
failed=0
echo "solve 5x5, $n words ($bench_tool, $runs runs, medians):"
bench_line trivial "trivial C program"
bench_report trivial version "" "shakeref --version"
bench_report trivial status "" "shakeref status"
bench_report trivial solve 2 "shakeref solve" || failed=1
bench_report status solve 1.5 "shakeref solve / status" || failed=1

# The German bench grid, compounds=off (the default).
if [ -r /usr/share/hunspell/de_DE.aff ] && [ -r /usr/share/hunspell/de_DE.dic ]
then
	export SHAKEREF_DB="$work/de.db" SHAKEREF_DICT_PATH=/usr/share/hunspell
	"$bin" new --game word --players Ann,Bob --option dict=de_DE \
	    >/dev/null &&
	"$bin" grid STRAß ENZEH HAUEN MÄUSE RTEIL >/dev/null &&
	"$bin" words Ann straße >/dev/null &&
	"$bin" score >/dev/null || { echo "de_DE setup failed"; exit 1; }
	n=$("$bin" --json solve | jq '.words | length') ||
	    { echo "de_DE solve failed"; exit 1; }
	rm -f "$work"/m.*
	bench_measure "$runs" status "$bin status" solve "$bin solve"
	echo "de_DE solve 5x5 STRAß ENZEH HAUEN MÄUSE RTEIL, compounds=off," \
	    "$n words ($bench_tool, $runs runs, medians):"
	bench_line status "shakeref status (the baseline)"
	bench_report status solve 1.5 "shakeref solve / status" || failed=1
else
	echo "de_DE: skip (not installed)"
fi
exit $failed
