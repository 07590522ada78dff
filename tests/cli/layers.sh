#!/bin/sh
# tests/cli/layers.sh: the layers of shakeref (issues 24 and 39, HACKING
# "Layout"), seen four ways.
#
# Includes: a file includes the headers of its own layer and of those
# below it alone: core/ nothing but core/; games/ core/ and games/; sys/
# core/ and sys/; store/ those and store/; the commands (cmd/, serve/,
# main) any.  What the core needs of the system it declares itself (a
# struct of function pointers or a type in a core header: lang.h's
# loader of icu.h, tt-coach.h's table source, game.h's lookup), the
# system implements it and main wires it.  Every folder is on the
# include path, so a header is known by its name, which is unique.
#
# Types: no code of core/ or games/ names a type of the store or the
# commands, not even declared opaque (type_check below).
#
# Prefixes: one prefix (a global symbol's name up to its first "_")
# names one layer: the core (core/ and games/, libsr.a), the system
# (sys/), the store (store/) or the commands (cmd/, serve/, main): the
# core's dawg_ walks a list, the system's dawgfile_ maps its file.
#
# Calls: no dependency circle between the files: the file a function is
# defined in never calls, through any chain of files, back into a file
# that calls it.  A call is a function symbol one object needs (nm -u)
# and another defines (nm: T); a table's rows (cmd_table[]'s
# cmd_*_entry, game_table[]'s rules) are data and not calls, so the
# tables that name every command or game make no circle.  tsort reports
# a loop.
. "$SRCDIR/tests/cli/lib.sh"

# The layer of a folder under src/ ("." for main's); empty if none.
layer() {
	case $1 in
	core|games) echo core ;;
	sys) echo sys ;;
	store) echo store ;;
	cmd|serve|.) echo cmd ;;
	esac
}

# The folders a file in folder $1 may include headers of.
may_include() {
	case $1 in
	core) echo core ;;
	games) echo core games ;;
	sys) echo core sys ;;
	store) echo core sys store ;;
	cmd|serve|.) echo core games sys store cmd serve ;;
	esac
}

# "name folder" for each header of shakeref under $1/src (and the build
# tree's generated ones), sorted by name.
headers() {
	for d in core games sys store cmd serve; do
		for h in "$1/src/$d"/*.h "$BUILDDIR/src/$d"/*.h; do
			[ -e "$h" ] && echo "${h##*/} $d"
		done
	done | sort -u
}

# Check the includes of the tree at $1 (a copy of the source tree, or
# it): print each file that includes a header of a layer above its own,
# "src/FOLDER/FILE:LINE: includes NAME (FOLDER)", and each header name
# two folders hold; fail if there is one.  The number of includes of
# shakeref's own headers read goes to the file includes-read.
include_check() {
	headers "$1" >headers.all &&
	awk "{ print \$1 }" headers.all | uniq -d >headers.twice &&
	for f in "$1"/src/*.c "$1"/src/*/*.[ch]; do
		d=${f%/*}; d=${d#"$1/src"}; d=${d#/}
		[ -n "$d" ] || d=.
		[ -n "$(layer "$d")" ] || continue
		grep -n -E "^[[:space:]]*#[[:space:]]*include[[:space:]]*\"" "$f" |
		    sed -e "s|^\([0-9]*\):.*\"\([^\"]*\)\".*|\1 \2|" |
		    while read -r n h; do
			echo "${h##*/} ${f#"$1/"}:$n $d"
		    done || return 1
	done | sort -k1,1 >includes &&
	join headers.all includes >resolved &&
	wc -l <resolved >includes-read &&
	: >violations &&
	while read -r h hd where d; do
		case " $(may_include "$d") " in
		*" $hd "*) ;;
		*) echo "$where: includes $h ($hd)" >>violations ;;
		esac
	done <resolved &&
	sed "s/^/header in two folders: /" headers.twice >>violations &&
	sort violations >violations.s &&
	cat violations.s &&
	! test -s violations.s
}

test_expect_success 'core/ and games/ include nothing of sys/, store/ or cmd/; each layer only its own and those below' '
	if ! include_check "$SRCDIR" >got; then
		sed "s/^/# /" got && false
	fi &&
	test "$(cat includes-read)" -ge 200
'

# The check sees a violation: on a copy of the tree, the core's letters
# including the system's loader again (issue 39: lang.c included
# lang-icu.h), a rules module the dictionary, and the system the store.
test_expect_success 'the include check fails on a core file that includes a system header (a copy of the tree)' '
	mkdir tree &&
	cp -R "$SRCDIR/src" tree/ &&
	sed "1i #include \"lang-icu.h\"" "$SRCDIR/src/core/lang.c" >tree/src/core/lang.c &&
	sed "1i #include \"lexicon.h\"" "$SRCDIR/src/games/game-shake-a-word.c" >tree/src/games/game-shake-a-word.c &&
	sed "1i #include \"store.h\"" "$SRCDIR/src/sys/paths.c" >tree/src/sys/paths.c &&
	if include_check "$PWD/tree" >got; then
		echo "# the check passed a tree that breaks the layers" && false
	fi &&
	cat >want <<-\EOF &&
	src/core/lang.c:1: includes lang-icu.h (sys)
	src/games/game-shake-a-word.c:1: includes lexicon.h (sys)
	src/sys/paths.c:1: includes store.h (store)
	EOF
	expect_same want got
'

# Types: no code line of core/ or games/ names a type of the store or
# the commands (struct store_*, pg_*, sqlite_*; struct sr_*, cmd_*,
# serve_*), not even as an opaque pointer: the effect once pointed to
# the store's rebuilt caches (issue 39).  Comment lines are not code.
# Print "src/FOLDER/FILE:LINE: struct NAME" for each; fail if one.
type_check() {
	for f in "$1"/src/core/*.[ch] "$1"/src/games/*.[ch]; do
		grep -n -E "struct[[:space:]]+(store|pg|sqlite|sr|cmd|serve)_" \
		    "$f" | grep -v -E "^[0-9]+:[[:space:]]*(/\*|\*)" |
		    sed -e "s|^\([0-9]*\):.*struct[[:space:]]*\([A-Za-z0-9_]*\).*|${f#"$1/"}:\1: struct \2|" ||
		    return 1
	done >types &&
	cat types &&
	! test -s types
}

test_expect_success 'core/ and games/ name no type of the store or the commands' '
	if ! type_check "$SRCDIR" >got; then
		sed "s/^/# /" got && false
	fi
'

test_expect_success 'the type check fails on a core header that declares a store type and a rules module that names a command type (a copy of the tree)' '
	mkdir ttree &&
	cp -R "$SRCDIR/src" ttree/ &&
	sed "/^#include \"game.h\"/a struct store_caches;" "$SRCDIR/src/core/effect.h" >ttree/src/core/effect.h &&
	printf "static const struct sr_ctx *no_ctx;\n" >>ttree/src/games/game-pig-roll-or-bank-one-die-fixture.c &&
	if type_check "$PWD/ttree" >got; then
		echo "# the check passed a tree that names types above the core" && false
	fi &&
	n=$(grep -n "^struct store_caches;" ttree/src/core/effect.h | cut -d: -f1) &&
	m=$(wc -l <ttree/src/games/game-pig-roll-or-bank-one-die-fixture.c) &&
	printf "src/core/effect.h:%s: struct store_caches\nsrc/games/game-pig-roll-or-bank-one-die-fixture.c:%s: struct sr_ctx\n" "$n" "$m" >want &&
	expect_same want got
'

if ! command -v nm >/dev/null 2>&1 || ! command -v tsort >/dev/null 2>&1
then
	for t in prefixes "prefixes seen" calls; do
		test_count=$((test_count + 1))
		echo "ok $test_count # SKIP $t: nm or tsort is not installed"
	done
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

# "symbol file" for each global symbol an object of shakeref defines
# (file under src/: "core/judge.c"), the compiler's and sanitizers' own
# ("_" first) left out.
symbols() {
	objects >objs &&
	while read -r o; do
		f=${o#"$BUILDDIR/src/"}
		nm -P -g --defined-only "$o" |
		    awk -v f="${f%.o}.c" "\$2 ~ /^[TDRBCGVW]\$/ && \$1 !~ /^_/ {
		        print \$1, f }" ||
		    return 1
	done <objs
}

# Check the symbols of file $1 ("symbol file"): print each prefix (the
# name up to its first "_") that two layers define, "PREFIX_ in LAYER:
# FILE ..." for each of its layers; fail if there is one.
prefix_check() {
	for d in core games sys store cmd serve .; do
		echo "$d $(layer "$d")"
	done >layers.map &&
	awk "FNR == NR { l[\$1] = \$2; next }
	    { d = \$2; if (sub(/\/[^\/]*\$/, \"\", d) == 0) d = \".\";
	      if (l[d] == \"\") next; p = \$1; sub(/_.*/, \"\", p);
	      print p, l[d], \$2 }" layers.map "$1" | sort -u >prefixes &&
	awk "{ print \$1, \$2 }" prefixes | uniq | awk "{ print \$1 }" |
	    uniq -d >shared &&
	join shared prefixes | awk "
	    \$1 \"_ in \" \$2 != k { if (k != \"\") print k \":\" f;
	        k = \$1 \"_ in \" \$2; f = \"\" }
	    { f = f \" \" \$3 } END { if (k != \"\") print k \":\" f }" >violations &&
	cat violations &&
	! test -s violations
}

test_expect_success 'one prefix names one layer (core, system, store, commands)' '
	symbols >syms &&
	test "$(wc -l <syms)" -ge 400 &&
	grep -q "^judge_all core/judge\.c\$" syms &&
	grep -q "^dawgfile_open sys/dawg-file\.c\$" syms &&
	if ! prefix_check syms >got; then
		sed "s/^/# /" got && false
	fi
'

# The check sees a violation: the symbols with two of issue 39's (the
# core's judge.c defined wordlist_*, the system's dawg-file.c dawg_*).
test_expect_success 'the prefix check fails on a prefix two layers define' '
	symbols >syms &&
	echo "wordlist_root core/judge.c" >>syms &&
	echo "dawg_open sys/dawg-file.c" >>syms &&
	if prefix_check syms >got; then
		echo "# the check passed a prefix of two layers" && false
	fi &&
	grep "^dawg_ in core:" got | grep -q " core/dawg\.c" &&
	grep -q "^dawg_ in sys: sys/dawg-file\.c\$" got &&
	grep -q "^wordlist_ in core: core/judge\.c\$" got &&
	grep -q "^wordlist_ in sys: sys/wordlist\.c\$" got &&
	test "$(wc -l <got)" -eq 4
'

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
