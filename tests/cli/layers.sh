#!/bin/sh
# tests/cli/layers.sh: no dependency circle between the files of shakeref
# (issue 24, HACKING "Layout"): the file a function is defined in never
# calls, through any chain of files, back into a file that calls it.  A
# call is a function symbol one object needs (nm -u) and another defines
# (nm: T); a table's rows (cmd_table[]'s cmd_*_entry, game_table[]'s
# rules) are data and not calls, so the tables that name every command
# or game make no circle.  tsort reports a loop.
. "$SRCDIR/tests/cli/lib.sh"

if ! command -v nm >/dev/null 2>&1 || ! command -v tsort >/dev/null 2>&1
then
	test_count=$((test_count + 1))
	echo "ok 1 # SKIP nm or tsort is not installed"
	test_done
	exit
fi

# Every object of shakeref (the build tools are not part of it).
objects() {
	find "$BUILDDIR/src" -name "*.o" | sort | while read -r o; do
		case ${o##*/} in
		mkdawg.o|mktt*.o)
			continue ;;
		esac
		echo "$o"
	done
}

# "caller callee" for each call from one object into another, by files
# under src/ ("cmd/enter.c cmd/load.c"); each edge once.
calls() {
	objects >objs &&
	while read -r o; do
		f=${o#"$BUILDDIR/src/"}
		nm -P --defined-only "$o" |
		    awk -v f="${f%.o}.c" "\$2 == \"T\" { print \$1, f }" ||
		    return 1
	done <objs >defs &&
	while read -r o; do
		f=${o#"$BUILDDIR/src/"}
		nm -P -u "$o" | awk -v f="${f%.o}.c" "{ print \$1, f }" ||
		    return 1
	done <objs >uses &&
	sort -k1,1 defs >defs.s && sort -k1,1 uses >uses.s &&
	join defs.s uses.s | awk "\$2 != \$3 { print \$3, \$2 }" | sort -u
}

test_expect_success 'no file calls back into a file that calls it (tsort: no loop)' '
	calls >edges &&
	test -s edges &&
	grep -q "^shakeref.c cmd/cmd.c\$" edges &&
	{ tsort edges >order 2>loops || :; } &&
	if [ -s loops ]; then
		sed "s/^/# /" loops && false
	fi
'
test_done
