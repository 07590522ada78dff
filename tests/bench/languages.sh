#!/bin/sh
# tests/bench/languages.sh: Shake-A-Word in en_US, en_GB, de_DE, fr_FR
# and es_ES: the first build of each word list (the cost of the first
# challenge or solve of a game in that language), then `solve` on a 5x5
# grid of that language against `shakeref status` on the same game,
# measured in the same run, once the list exists.  Never part of `make
# check`.
#
#	SHAKEREF=build/shakeref sh tests/bench/languages.sh [RUNS [FIRST]]
#
# A first build is a true one: before each of FIRST runs (default 5) the
# cache folder is emptied (and checked empty), and no data folder holds
# the list (en_US: not the build's); after each, the list must be in the
# cache (checked before the next run, a `solve` with the list, which is
# the first build's baseline).  Its size is printed.
#
# Targets: the first build at most 10 s (wall, the median first solve
# less the median solve with the list) for each dictionary; solve at
# most 1.5x status at the default options (compounds=off), on the fixed
# grid and on every random grid (CPU medians over RUNS runs, default 21,
# with hyperfine if installed: lib.sh; wall shown), each grid's line
# showing status (the baseline) and solve side by side.  Where the
# dictionary has compounding rules (de_DE), solve with compounds=on on
# the fixed grid is shown too, not judged.  A dictionary not installed
# is skipped.
# Exits 1 if a target is missed.
#
# Random grids: GRIDS (default 10) for each dictionary, each cell a face
# of the language's dice (the letter lists of tests/unit/test-languages.c
# langs[], read from there), drawn by awk's rand() from SEED (default 1)
# and printed, so a run is repeated with the same SEED.  On each grid,
# solve and status on its own game, GRID_RUNS times each (default 7),
# interleaved; the grid's ratio is of the medians, and each grid must
# meet 1.5x (CPU).  Reported besides: the median and the worst ratio
# over the grids, wall and CPU.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
firsts=${2:-5}
grids=${3:-10}
gridruns=${4:-7}
seed=${SEED:-1}
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

# dice DICT: the faces of the language's dice, one line, from the test.
dice() {
	awk -v d="\"$1\"" '
		/langs\[\] = \{/ { on = 1; next }
		on && /^\};/ { exit }
		on { t = t $0 }
		END {
			if ((i = index(t, d)) == 0)
				exit 1
			t = substr(t, i + length(d))
			s = ""
			# The string literals after the two numbers, joined.
			while (match(t, /"[^"]*"/)) {
				s = s substr(t, RSTART + 1, RLENGTH - 2)
				t = substr(t, RSTART + RLENGTH)
				if (t ~ /^[ \t]*\}/)
					break
			}
			print s
		}' "$(dirname "$0")/../unit/test-languages.c"
}

# random_grid FACES N: grid N (from 1) of SEED: 5 rows of 5 faces.
random_grid() {
	echo "$1" | awk -v seed="$seed" -v n="$2" '{
		srand(seed * 1000 + n)
		for (r = 0; r < 5; r++) {
			row = ""
			for (c = 0; c < 5; c++)
				row = row $(int(rand() * NF) + 1)
			printf "%s%s", r ? " " : "", row
		}
		print ""
	}'
}

# ratios FILE: "median worst" of the numbers in FILE.
ratios() {
	printf '%s %s\n' "$(bench_median "$1")" "$(sort -g "$1" | tail -n 1)"
}

# side BASE LABEL WHAT [-]: one line, BASE's medians (the baseline)
# beside LABEL's, with LABEL's ratios, PASS or MISS of the CPU ratio
# against 1.5x (as issue 29 measured: CPU medians, the same run; on a
# machine others load, wall time measures the queue); returns 1 on a
# MISS.  With -, shown only: "not judged".
side() {
	awk -v l="$3" -v nj="${4:-}" -v bw="$(bench_median "$work/m.$1.wall")" \
	    -v bc="$(bench_median "$work/m.$1.cpu")" \
	    -v w="$(bench_median "$work/m.$2.wall")" \
	    -v c="$(bench_median "$work/m.$2.cpu")" 'BEGIN {
		rw = bw > 0 ? w / bw : 0
		rc = bc > 0 ? c / bc : 0
		printf "  %-32s status wall %6.2f cpu %6.2f ms | solve wall %6.2f %5.2fx cpu %6.2f %5.2fx  %s\n", l, bw, bc, w, rw, c, rc, nj != "" ? "not judged" : rc <= 1.5 ? "PASS" : "MISS"
		exit nj != "" || rc <= 1.5 ? 0 : 1
	}'
}

for dict in en_US en_GB de_DE fr_FR es_ES; do
	if [ ! -r "/usr/share/hunspell/$dict.dic" ]; then
		echo "$dict: skip (not installed)"
		continue
	fi
	export SHAKEREF_DB="$work/$dict.db"
	rm -rf "$work/cache"
	# shellcheck disable=SC2046
	"$SHAKEREF" new --game word --players Ann,Bob \
	    --option dict="$dict" >/dev/null &&
	"$SHAKEREF" grid $(grid "$dict") >/dev/null &&
	"$SHAKEREF" words Ann stone >/dev/null &&
	"$SHAKEREF" score >/dev/null || { echo "$dict: setup failed"; exit 1; }
	# The first build: the cache emptied before each run, no data
	# folder (en_US: not the build's list); the list must be there
	# after each (checked before the next, and before each solve with
	# the list).
	list="$work/cache/shakeref/$dict.dawg"
	rm -f "$work"/m.* "$work/ran"
	bench_prepare first "{ test ! -e '$work/ran' || test -s '$list'; } &&
	    touch '$work/ran' && rm -rf '$work/cache' && test ! -e '$list'"
	bench_prepare warm "test -s '$list'"
	# The first solve builds the word list: it holds the dictionary's
	# forms while it does (peak memory allowed 512 MB, printed below).
	bench_mem first 512
	bench_measure "$firsts" first \
	    "env SHAKEREF_DATA_DIR=$work/none $SHAKEREF solve" \
	    warm "env SHAKEREF_DATA_DIR=$work/none $SHAKEREF solve"
	rm -f "$work/prep.first" "$work/prep.warm"
	[ -s "$list" ] || { echo "$dict: no list in the cache"; exit 1; }
	size=$(wc -c <"$list")
	n=$(SHAKEREF_DATA_DIR="$work/none" "$SHAKEREF" --json solve |
	    jq '.words | length')
	# The build alone: the first solve less a solve with the list.
	bw=$(awk -v f="$(bench_median "$work/m.first.wall")" \
	    -v w="$(bench_median "$work/m.warm.wall")" 'BEGIN { print f - w }')
	bc=$(awk -v f="$(bench_median "$work/m.first.cpu")" \
	    -v w="$(bench_median "$work/m.warm.cpu")" 'BEGIN { print f - w }')
	ok=$(awk "BEGIN { print ($bw <= 10000) ? 1 : 0 }")
	echo "$dict: first build of the list ($size bytes, in a fresh cache;" \
	    "$bench_tool, $firsts runs, medians):"
	bench_line warm "solve with the list"
	bench_report warm first "" "first solve (builds the list)"
	printf '  %-30s wall %8.2f ms          cpu %8.2f ms  %s\n' \
	    "the build (first - with list)" "$bw" "$bc" \
	    "(target <= 10 s) $([ "$ok" = 1 ] && echo PASS || echo MISS)"
	[ "$ok" = 1 ] || failed=1
	rm -f "$work"/m.*
	bench_measure "$runs" status \
	    "env SHAKEREF_DATA_DIR=$work/none $SHAKEREF status" \
	    solve "env SHAKEREF_DATA_DIR=$work/none $SHAKEREF solve"
	echo "$dict: solve 5x5, $n words ($bench_tool, $runs runs, medians;" \
	    "target: cpu <= 1.5x):"
	side status solve "$(grid "$dict")" || failed=1
	# compounds=on, where the list has compound parts: shown, not judged.
	if grep -q "^COMPOUND\(FLAG\|BEGIN\)" "/usr/share/hunspell/$dict.aff"
	then
		export SHAKEREF_DB="$work/$dict.on.db"
		# shellcheck disable=SC2046
		"$SHAKEREF" new --game word --players Ann,Bob \
		    --option dict="$dict" --option compounds=on >/dev/null &&
		"$SHAKEREF" grid $(grid "$dict") >/dev/null &&
		"$SHAKEREF" score >/dev/null ||
		    { echo "$dict: setup with compounds=on failed"; exit 1; }
		rm -f "$work"/m.*
		bench_measure "$runs" status \
		    "env SHAKEREF_DATA_DIR=$work/none $SHAKEREF status" \
		    solve "env SHAKEREF_DATA_DIR=$work/none $SHAKEREF solve"
		n=$(SHAKEREF_DATA_DIR="$work/none" "$SHAKEREF" --json solve |
		    jq '.words | length')
		echo "$dict: the same grid with compounds=on, $n words (not" \
		    "judged):"
		side status solve "compounds=on" -
	fi
	# Random grids of the dice, each on its own game.
	faces=$(dice "$dict") && [ -n "$faces" ] ||
	    { echo "$dict: no dice in tests/unit/test-languages.c"; exit 1; }
	rm -f "$work"/m.* "$work/r.wall" "$work/r.cpu"
	echo "$dict: $grids random 5x5 grids of its dice (SEED=$seed;" \
	    "$bench_tool, $gridruns runs each, medians; target: cpu <= 1.5x):"
	i=1
	while [ "$i" -le "$grids" ]; do
		g=$(random_grid "$faces" "$i")
		export SHAKEREF_DB="$work/$dict.$i.db"
		# shellcheck disable=SC2086
		"$SHAKEREF" new --game word --players Ann,Bob \
		    --option dict="$dict" >/dev/null &&
		"$SHAKEREF" grid $g >/dev/null &&
		"$SHAKEREF" words Ann stone >/dev/null &&
		"$SHAKEREF" score >/dev/null ||
		    { echo "$dict: setup of grid '$g' failed"; exit 1; }
		bench_measure "$gridruns" st \
		    "env SHAKEREF_DATA_DIR=$work/none $SHAKEREF status" \
		    so "env SHAKEREF_DATA_DIR=$work/none $SHAKEREF solve"
		n=$(SHAKEREF_DATA_DIR="$work/none" "$SHAKEREF" --json solve |
		    jq '.words | length')
		side st so "$g ($n words)" || failed=1
		for m in wall cpu; do
			awk -v s="$(bench_median "$work/m.so.$m")" \
			    -v b="$(bench_median "$work/m.st.$m")" \
			    'BEGIN { print (b > 0 ? s / b : 0) }' >>"$work/r.$m"
		done
		rm -f "$work"/m.*
		i=$((i + 1))
	done
	# shellcheck disable=SC2046
	set -- $(ratios "$work/r.wall") $(ratios "$work/r.cpu")
	ok=$(awk -v r="$4" 'BEGIN { print (r <= 1.5) ? 1 : 0 }')
	printf '  %-30s wall median %6.2fx worst %6.2fx   cpu median %6.2fx worst %6.2fx  %s\n' \
	    "solve / status, $grids grids" "$1" "$2" "$3" "$4" \
	    "(target: every grid, cpu <= 1.5x) $([ "$ok" = 1 ] && echo PASS || echo MISS)"
	[ "$ok" = 1 ] || failed=1
done
exit $failed
