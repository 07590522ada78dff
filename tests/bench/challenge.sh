#!/bin/sh
# tests/bench/challenge.sh: the cost of `challenge`, against Hunspell's own
# command measured in the same run.  Never part of `make check`.
#
#	SHAKEREF=build/shakeref sh tests/bench/challenge.sh [RUNS]
#
# 1. Cold: one `shakeref challenge` (a fresh process: database, replay,
#    dictionary) against `echo WORD | hunspell -d en_US -l`, RUNS times
#    each (default 21), alternating, medians compared.  Targets: a valid
#    word at most 0.5x, an invalid one (suggestions included) at most 1.5x.
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
unset SHAKEREF_DICT_PATH DICPATH
work=$(mktemp -d "${TMPDIR:-/tmp}/shakeref-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
export SHAKEREF_DB="$work/bench.db"

GRID="CATS ORED DOGS QUITE"
VALID=crates
INVALID=tae
WORDS="cat cats rat tea eat ate quit quite star arts tar rest dog dogs cod doc rate rates crate crates god get gets"

now_ns() {
	date +%s%N
}

# A fresh game with the grid and Ann's words in.
setup() {
	rm -f "$SHAKEREF_DB" "$SHAKEREF_DB-wal" "$SHAKEREF_DB-shm"
	"$SHAKEREF" new --game word --players Ann,Bob >/dev/null &&
	"$SHAKEREF" grid $GRID >/dev/null &&
	"$SHAKEREF" words Ann $VALID $INVALID >/dev/null
}

# Median of the numbers on stdin.
median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# Time (ms, fractional) of one run of the command line in "$@".
time_ms() {
	t0=$(now_ns)
	"$@" >/dev/null 2>&1
	t1=$(now_ns)
	echo "$t0 $t1" | awk '{ printf "%.2f\n", ($2 - $1) / 1e6 }'
}

failed=0
for kind in valid invalid; do
	if [ $kind = valid ]; then word=$VALID target=0.5 want=0; else word=$INVALID target=1.5 want=5; fi
	: >"$work/base" && : >"$work/ours"
	i=0
	while [ $i -lt "$runs" ]; do
		time_ms sh -c "echo $word | hunspell -d en_US -l" >>"$work/base"
		setup || { echo "setup failed"; exit 1; }
		t0=$(now_ns)
		"$SHAKEREF" challenge Ann $word >/dev/null 2>&1
		st=$?
		t1=$(now_ns)
		[ $st -eq $want ] || { echo "challenge $word exited $st, want $want"; exit 1; }
		echo "$t0 $t1" | awk '{ printf "%.2f\n", ($2 - $1) / 1e6 }' >>"$work/ours"
		i=$((i + 1))
	done
	b=$(median <"$work/base")
	o=$(median <"$work/ours")
	verdict=$(awk -v o="$o" -v b="$b" -v t="$target" 'BEGIN { r = o / b; printf "%.2fx %s", r, r <= t ? "ok" : "MISSED" }')
	printf '%-8s %-7s hunspell -l %7.2f ms  shakeref challenge %7.2f ms  ratio %s (target <= %sx)\n' \
	    "$kind" "$word" "$b" "$o" "$verdict" "$target"
	case $verdict in *MISSED) failed=1 ;; esac
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
: >"$work/pc" && : >"$work/pv"
i=0
while [ $i -lt 5 ]; do
	for kind in c v; do
		rm -f "$SHAKEREF_DB" "$SHAKEREF_DB-wal" "$SHAKEREF_DB-shm"
		"$SHAKEREF" new --game word --players Ann,Bob >/dev/null
		if [ $kind = c ]; then f=challenges; else f=votes; fi
		time_ms "$SHAKEREF" play <"$work/$f.play" >>"$work/p$kind"
	done
	i=$((i + 1))
done
c=$(median <"$work/pc")
v=$(median <"$work/pv")
awk -v c="$c" -v v="$v" -v n="$n" 'BEGIN {
	per = (c - v) / (n - 1)
	printf "play     %d challenges %.1f ms, 1 challenge + %d votes %.1f ms: %.3f ms a challenge (target < 1 ms) %s\n",
	    n, c, n - 1, v, per, per < 1 ? "ok" : "MISSED"
	exit per < 1 ? 0 : 1
}' || failed=1
exit $failed
