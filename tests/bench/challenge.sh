#!/bin/sh
# tests/bench/challenge.sh: the cost of `challenge`, against Hunspell's own
# command measured in the same run.  Never part of `make check`.
#
#	SHAKEREF=build/shakeref sh tests/bench/challenge.sh [RUNS]
#
# It sets up everything it measures: its own database, an empty cache
# ($XDG_CACHE_HOME in its folder), and the compiled en_US word list of
# the build beside the binary (build/data) unless SHAKEREF_DATA_DIR names
# one (an installed shakeref finds its own); a first challenge outside the
# timing builds whatever the cache needs.
#
# 1. Cold: one `shakeref challenge` (a fresh process: database, replay,
#    dictionary) against `echo WORD | hunspell -d en_US -l`, RUNS times
#    each (default 21), interleaved; medians of wall and CPU time (lib.sh:
#    hyperfine if installed).  Targets: a valid word at most 0.5x, an
#    invalid one (suggestions included) at most 1.5x.
# 2. Inside `play` the dictionary stays loaded: a script of N challenges
#    against the same script with votes (no dictionary) instead; the
#    difference per challenge, after the first, must stay under 1 ms.
#
# Exits 1 if a target is missed, 77 if hunspell or en_US is missing.
set -u
: "${SHAKEREF:?SHAKEREF must name the binary}"
runs=${1:-21}
command -v hunspell >/dev/null 2>&1 || { echo "skip: no hunspell command (apt install hunspell)"; exit 77; }
[ -r /usr/share/hunspell/en_US.dic ] || { echo "skip: no en_US (apt install hunspell-en-us)"; exit 77; }
command -v jq >/dev/null 2>&1 || { echo "skip: no jq"; exit 77; }
. "$(dirname "$0")/lib.sh"
bench_init
unset SHAKEREF_DICT_PATH DICPATH
export SHAKEREF_DB="$work/bench.db"
bench_words

GRID="CATS ORED DOGS QUITE"
VALID=crates
INVALID=tae
WORDS="cat cats rat tea eat ate quit quite star arts tar rest dog dogs cod doc rate rates crate crates god get gets"

# The template: a game with the grid and Ann's words in; a first
# challenge on a copy fills any cache.
"$bin" -d "$work/template.db" new --game word --players Ann,Bob >/dev/null &&
"$bin" -d "$work/template.db" grid $GRID >/dev/null &&
"$bin" -d "$work/template.db" words Ann $VALID $INVALID >/dev/null &&
sqlite3 "$work/template.db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null ||
    { echo "setup failed"; exit 1; }
cp "$work/template.db" "$SHAKEREF_DB"
"$bin" challenge Ann $VALID >/dev/null 2>&1
"$bin" challenge Ann $INVALID >/dev/null 2>&1
[ $? -eq 5 ] || { echo "challenge $INVALID is not upheld"; exit 1; }
restore="rm -f $SHAKEREF_DB-wal $SHAKEREF_DB-shm; cp $work/template.db $SHAKEREF_DB"

failed=0
echo "challenge, cold ($bench_tool, $runs runs, medians):"
for kind in valid invalid; do
	if [ $kind = valid ]; then word=$VALID target=0.5; else word=$INVALID target=1.5; fi
	bench_prepare "ours.$kind" "$restore"
	[ $kind = valid ] || bench_status "ours.$kind" 5
	bench_measure "$runs" "base.$kind" "sh -c 'echo $word | hunspell -d en_US -l'" \
	    "ours.$kind" "$bin challenge Ann $word"
	bench_line "base.$kind" "hunspell -l ($word)"
	bench_report "base.$kind" "ours.$kind" "$target" "challenge ($kind: $word)" ||
	    failed=1
done

# Inside play: N challenges against N votes.
n=0
for w in $WORDS; do n=$((n + 1)); done
{
	echo "grid $GRID"
	echo "words Ann $WORDS"
	for w in $WORDS; do echo "challenge Ann $w"; done
} >"$work/challenges.play"
{
	echo "grid $GRID"
	echo "words Ann $WORDS"
	first=1
	for w in $WORDS; do
		if [ $first = 1 ]; then echo "challenge Ann $w"; first=0; else echo "vote Ann $w accept"; fi
	done
} >"$work/votes.play"
"$bin" -d "$work/fresh.db" new --game word --players Ann,Bob >/dev/null
sqlite3 "$work/fresh.db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
fresh="rm -f $work/p.db $work/p.db-wal $work/p.db-shm; cp $work/fresh.db $work/p.db"
bench_prepare pc "$fresh"
bench_prepare pv "$fresh"
bench_measure 6 pc "sh -c '$bin -d $work/p.db play <$work/challenges.play'" \
    pv "sh -c '$bin -d $work/p.db play <$work/votes.play'"
c=$(bench_median "$work/m.pc.wall")
v=$(bench_median "$work/m.pv.wall")
awk -v c="$c" -v v="$v" -v n="$n" 'BEGIN {
	per = (c - v) / (n - 1)
	printf "play: %d challenges %.1f ms, 1 challenge + %d votes %.1f ms: %.3f ms a challenge (target < 1 ms) %s\n",
	    n, c, n - 1, v, per, per < 1 ? "PASS" : "MISS"
	exit per < 1 ? 0 : 1
}' || failed=1
exit $failed
