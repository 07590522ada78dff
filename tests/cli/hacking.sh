#!/bin/sh
# tests/cli/hacking.sh: HACKING stays an index (issue 39): at most 400
# lines, every file path it names there (in the source tree, or made by
# the build), and every section it sends a reader to, PATH ("Title"),
# in that file.  The rules themselves live in the headers they govern.
. "$SRCDIR/tests/cli/lib.sh"

hacking=$SRCDIR/HACKING

# The paths a text names: words under a folder of the tree, without a
# placeholder (NAME, GAME, LL, XX-N) or a glob; a folder's trailing
# slash and a sentence's last dot are not part of it.
hk_paths() {
	grep -oE '(^|[^A-Za-z0-9_.-])(\.ci|src|tests|po|man|seeds|data)/[A-Za-z0-9_./-]*' "$1" |
	sed -e 's/^[^.a-z]//' -e 's/[./]*$//' |
	grep -v -e 'NAME' -e 'GAME' -e 'LL' -e 'XX' |
	sort -u
}

# The paths of hk_paths $1 that are neither in the source tree nor in
# the build tree, one a line.
hk_missing() {
	hk_paths "$1" | while read -r p; do
		[ -e "$SRCDIR/$p" ] || [ -e "$BUILDDIR/$p" ] || echo "$p"
	done
}

test_expect_success 'HACKING is at most 400 lines' '
	n=$(awk "END { print NR }" "$hacking") &&
	echo "# HACKING: $n lines" &&
	test "$n" -le 400 &&
	# and it is an index, not empty: its sections are there
	for s in "Layout" "One entry" "How to add a game" "How to add a command" \
	    "Tests" "Translations"; do
		grep -q "^$s" "$hacking" || { echo "# no section $s"; return 1; }
	done
'

test_expect_success 'the path check finds a path that is not there' '
	printf "%s\n" "see src/cmd/cmd.h and src/core/no-such-file.h." \
	    "tests/cli/NAME.sh is a placeholder; src/core/ is a folder." >text &&
	hk_paths text >paths &&
	printf "%s\n" src/cmd/cmd.h src/core src/core/no-such-file.h >want &&
	sort want >want.sorted &&
	expect_same want.sorted paths &&
	hk_missing text >missing &&
	echo src/core/no-such-file.h >want &&
	expect_same want missing
'

test_expect_success 'every file path HACKING names exists' '
	hk_paths "$hacking" >paths &&
	n=$(wc -l <paths) &&
	echo "# $n paths named" &&
	test "$n" -ge 60 &&
	hk_missing "$hacking" >missing &&
	if test -s missing; then sed "s/^/# missing: /" missing; false; fi
'

test_expect_success 'every section HACKING points to is in its file' '
	grep -oE "(src|tests|po)/[A-Za-z0-9_./-]+ \(\"[^\"]+\"" "$hacking" |
	    sed "s/ (\"/|/; s/\"\$//" | sort -u >refs &&
	test -s refs &&
	while IFS="|" read -r file title; do
		grep -qF "$title" "$SRCDIR/$file" ||
		{ echo "# $file has no \"$title\""; return 1; }
	done <refs
'

test_done
