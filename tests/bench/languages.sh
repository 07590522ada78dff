#!/bin/sh
# tests/bench/languages.sh: Shake-A-Word in en_US, en_GB, de_DE, fr_FR
# and es_ES: the first build of each word list (a fresh cache: the cost
# of the first challenge or solve of a game in that language), then
# `solve` on a 5x5 grid of that language against `shakeref status` on the
# same game, measured in the same run, once the list exists.  Never part
# of `make check`.
#
#	SHAKEREF=build/shakeref sh tests/bench/languages.sh [RUNS]
#
# Targets: the first build at most 10 s (wall) for each dictionary;
# solve at most 1.5x status (medians over RUNS runs, default 21, with
# hyperfine if installed: lib.sh).  A dictionary not installed is
# skipped.  Exits 1 if a target is missed.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
. "$(dirname "$0")/lib.sh"
bench_init
bench_words
export SHAKEREF_DICT_PATH=/usr/share/hunspell
failed=0

# grid DICT: a 5x5 grid of the language's dice.
grid() {
	case $1 in
	de_DE) echo "STRAß ENZEH HAUEN MÄUSE RTEIL" ;;
	fr_FR) echo "ETAIS CHERT OMZTE FORÊN LAIRS" ;;
	es_ES) echo "CASAR ÑOTRE AÑOEL LUZSA MENTO" ;;
	*) echo "SERST TANIE QUOLDC RPEAT HGINS" ;;
	esac
}

for dict in en_US en_GB de_DE fr_FR es_ES; do
	if [ ! -r "/usr/share/hunspell/$dict.dic" ]; then
		echo "$dict: skip (not installed)"
		continue
	fi
	export SHAKEREF_DB="$work/$dict.db"
	rm -rf "$work/cache"
	"$SHAKEREF" new --game word --players Ann,Bob \
	    --option dict="$dict" >/dev/null &&
	# shellcheck disable=SC2046
	"$SHAKEREF" grid $(grid "$dict") >/dev/null &&
	"$SHAKEREF" words Ann stone >/dev/null &&
	"$SHAKEREF" score >/dev/null || { echo "$dict: setup failed"; exit 1; }
	# The first build: the list is not there (en_US: not from the
	# build's data folder either).
	b0=$(date +%s.%N)
	SHAKEREF_DATA_DIR="$work/none" "$SHAKEREF" solve >/dev/null ||
	    { echo "$dict: solve failed"; exit 1; }
	b1=$(date +%s.%N)
	build=$(awk "BEGIN { print $b1 - $b0 }")
	n=$(SHAKEREF_DATA_DIR="$work/none" "$SHAKEREF" --json solve |
	    jq '.words | length')
	ok=$(awk "BEGIN { print ($build <= 10) ? 1 : 0 }")
	printf '%s: first build of the list (with one solve) %.2f s '\
'(target <= 10 s)%s\n' "$dict" "$build" "$([ "$ok" = 1 ] || echo ' MISSED')"
	[ "$ok" = 1 ] || failed=1
	rm -f "$work"/m.*
	bench_measure "$runs" status \
	    "env SHAKEREF_DATA_DIR=$work/none $SHAKEREF status" \
	    solve "env SHAKEREF_DATA_DIR=$work/none $SHAKEREF solve"
	echo "$dict: solve 5x5, $n words ($bench_tool, $runs runs, medians):"
	bench_report status solve 1.5 "solve / status" || failed=1
done
exit $failed
