#!/bin/sh
# src/tools/mkgames.sh: the lists a game's files join, made from their
# names (src/games/game-table.c says the steps of adding a game), run by
# ./bootstrap before autoreconf; both files are never edited by hand and
# never committed (.gitignore):
#
#   src/games/games.am  (Makefile.am includes it): GAME_SOURCES, every
#	file of src/games/ (the modules, their headers, the table);
#	GAME_CARDS, every seeds/NAME.md (src/games/cards.c: card_NAME),
#	the table's first, in its order;
#	SHIPPED_CARDS, the cards of the games of the table (shakeref-games(7),
#	in the table's order; not a fixture's, under #ifdef); each module's
#	own tests: tests/unit/test-NAME.c, tests/cli/NAME.sh, and
#	tests/league/NAME.pg (the same on the league).
#   po/POTFILES.in: every source with sentences, and the cards.
#
# A module is src/games/game-NAME.c, NAME its rules name.
set -e
cd "$(dirname "$0")/../.."
LC_ALL=C
export LC_ALL

stems=$(ls src/games/game-*.c | sed -n \
    's|^src/games/game-\([a-z0-9-]*\)\.c$|\1|p' | grep -v '^table$')
# The shipped games, in the table's order: its lines "&game_NAME," out
# of any #if.
shipped=$(awk '
	/^#if/ { depth++ } /^#endif/ { depth-- }
	/^const struct game_rules \*const game_table\[\]/ { t = 1; next }
	t && /^};/ { t = 0 }
	t && !depth && match($0, /&game_[a-z0-9_]+/) {
		s = substr($0, RSTART + 6, RLENGTH - 6); gsub(/_/, "-", s)
		print s
	}' src/games/game-table.c)

list() {
	printf '%s =' "$1"
	shift
	for f in "$@"; do
		printf ' \\\n\t%s' "$f"
	done
	printf '\n'
}

am=src/games/games.am
{
	echo "# $am: made by src/tools/mkgames.sh (./bootstrap) from the"
	echo "# names of the games' files; never edited, never committed."
	list GAME_SOURCES $(ls src/games/*.c src/games/*.h |
	    grep -v -e '^src/games/cards\.c$' -e '^src/games/card-')
	list GAME_CARDS $({ echo "$shipped"; for s in $stems; do
			echo "$shipped" | grep -qx -e "$s" || echo "$s"
		done; } | sed 's|.*|$(srcdir)/seeds/&.md|')
	list SHIPPED_CARDS $(for s in $shipped; do
		echo "\$(srcdir)/seeds/$s.md"; done)
	list GAME_CLI_TESTS $(for s in $stems; do
		test ! -f "tests/cli/$s.sh" || echo "tests/cli/$s.sh"; done)
	list GAME_PG_TESTS $(for s in $stems; do
		test ! -f "tests/cli/$s.sh" || echo "tests/league/$s.pg"; done)
	for s in $stems; do
		test -f "tests/unit/test-$s.c" || continue
		echo "check_PROGRAMS += tests/unit/test-$s"
		echo "tests_unit_test_$(echo "$s" | tr - _)_LDADD = \$(LIBSR) \$(LIBS_ALL)"
	done
} >$am.tmp
mv $am.tmp $am

pf=po/POTFILES.in
{
	echo "# $pf: made by src/tools/mkgames.sh (./bootstrap); never edited,"
	echo "# never committed.  Every file with sentences (po/README;"
	echo "# tests/cli/words.sh checks it is current): every source of"
	echo "# shakeref, and src/games/cards.c, made by the build from seeds/"
	echo "# (src/tools/mkcard), which xgettext finds in the build tree"
	echo "# (po/Makevars)."
	{
		find src -name "*.c" ! -path "src/tools/*" \
		    ! -name tt-model-data.c ! -name utf8-ctype.c \
		    ! -name i18n.c ! -name cards.c ! -name "card-*.c"
		echo src/games/cards.c
	} | sort
} >$pf.tmp
mv $pf.tmp $pf
