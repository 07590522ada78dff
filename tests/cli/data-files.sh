#!/bin/sh
# tests/cli/data-files.sh: SPEC.md "Data files": the lists and tables the
# build made are found next to the binary run uninstalled from its build
# tree (its data/), before the installed folder, then the cache; a copy
# of the binary elsewhere (installed) and SHAKEREF_DATA_DIR never look
# there.  make check sets SHAKEREF_DATA_DIR: these tests unset it, as
# `./shakeref` from the build tree (the README's quick start) runs.
. "$SRCDIR/tests/cli/lib.sh"
: "${BUILDDIR:?BUILDDIR must name the build tree}"
: "${PKGDATADIR:=/usr/local/share/shakeref}"

# The files ($1, a folder) in it and under it, one a line.
files() {
	find "$1" -type f 2>/dev/null
}

test_expect_success 'from the build tree, the first two-player 10,000 status solves nothing' '
	test -s "$BUILDDIR/data/tt-win-10000-fp1.v1" &&
	unset SHAKEREF_DATA_DIR &&
	export XDG_CACHE_HOME="$PWD/cache" &&
	mkdir cache &&
	sr new --game ten-thousand --players Ann,Bob >/dev/null &&
	expect_exit 0 sr status &&
	! grep -q "solving" err && test ! -s err &&
	expect_out "the chance to win with best play" &&
	test -z "$(files cache)"
'

# The word list of the test dictionary tiny (nowhere but built): the
# paths shakeref looks for it at, in order, by strace ($1: the binary;
# the rest: the environment to run it in).
looked_at() {
	bin=$1 &&
	shift &&
	# Its status aside: LeakSanitizer gives up under ptrace.
	{ env "$@" strace -f -qq -e trace=access,openat -o trace \
	    "$bin" solve >/dev/null 2>&1 || :; } &&
	sed -n "s/.*\"\([^\"]*tiny\.dawg\)\".*/\1/p" trace | uniq
}

tiny_game() {
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	printf "%s\n" "grid CATS ORED DOGS QUITE" "words Ann cats" \
	    "words Bob dogs" score | sr play >/dev/null
}

test_expect_success 'the build tree data/, then the installed folder, then the cache; a copy elsewhere never looks in data/' '
	if ! strace -qq -o /dev/null true 2>/dev/null; then
		echo "# no strace (or no ptrace here): skipped" && return 0
	fi &&
	unset SHAKEREF_DATA_DIR &&
	tiny_game &&
	looked_at "$SHAKEREF" XDG_CACHE_HOME="$PWD/c1" >got &&
	head -n 3 got >first &&
	printf "%s\n" "$BUILDDIR/data/tiny.dawg" "$PKGDATADIR/tiny.dawg" \
	    "$PWD/c1/shakeref/tiny.dawg" >want &&
	expect_same want first &&
	mkdir bin && cp "$SHAKEREF" bin/shakeref &&
	looked_at bin/shakeref XDG_CACHE_HOME="$PWD/c2" >got &&
	! grep -q "^$BUILDDIR/data/" got &&
	grep -qx "$PKGDATADIR/tiny.dawg" got &&
	looked_at "$SHAKEREF" SHAKEREF_DATA_DIR="$PWD/mine" \
	    XDG_CACHE_HOME="$PWD/c3" >got &&
	! grep -q "^$BUILDDIR/data/" got &&
	! grep -q "^$PKGDATADIR/" got &&
	grep -qx "$PWD/mine/tiny.dawg" got
'

# A table built in the cache is written under a name of its process's
# and renamed into place once whole, the file made only once the table
# is worked out (issue 38): kill -9 while it is worked out leaves
# nothing; what a process that is gone left (tt-win-...v1.PID) is
# deleted by the next build.  Target 5000 is built on first use (seconds).
test_expect_success 'kill -9 while a 10,000 table is built leaves no file; one a gone process left is deleted by the next build' '
	unset SHAKEREF_DATA_DIR &&
	export XDG_CACHE_HOME="$PWD/cache" &&
	sr new --game ten-thousand --players Ann,Bob --option target=5000 >/dev/null &&
	{ "$SHAKEREF" status >/dev/null 2>&1 & } &&
	pid=$! &&
	sleep 0.5 &&
	kill -9 $pid && ! wait $pid &&
	test -z "$(files cache)" &&
	mkdir -p cache/shakeref &&
	: >cache/shakeref/tt-win-5000-fp1.v1.4194305 &&
	: >cache/shakeref/tt-win-5000-fp1.v1.$$ &&
	expect_exit 0 sr status &&
	test "$(files cache | sort)" = "$(printf "%s\n" \
	    cache/shakeref/tt-win-5000-fp1.v1 \
	    cache/shakeref/tt-win-5000-fp1.v1.$$)"
'

test_done
