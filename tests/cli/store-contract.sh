#!/bin/sh
# tests/cli/store-contract.sh: the store is a contract (src/store/store.h)
# kept by engines (HACKING "the store"): only an engine's file speaks to
# its database library (sqlite3.h, libpq-fe.h), the store needs nothing
# from the commands nor main, each engine fills in every operation of
# struct store_engine, and the SQLite engine runs every statement through
# its one query helper.  The SQLite engine is store-sqlite.c, its files
# store-sqlite-*.c and their header store-sqlite.h.
. "$SRCDIR/tests/cli/lib.sh"

src="$SRCDIR/src"

test_expect_success 'only src/store/ includes a database library (sqlite3.h, libpq-fe.h)' '
	find "$src" -name "*.[ch]" | sort >files &&
	test "$(wc -l <files)" -ge 40 &&
	xargs grep -n -E "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]([a-z]*/)?(sqlite3|libpq-fe)\.h[>\"]" <files >uses &&
	grep -q "^$src/store/store-sqlite\.h:" uses &&
	if grep -v "^$src/store/" uses >bad; then
		sed "s|^$src/|# |" bad && false
	fi &&
	if grep "sqlite3\.h" uses |
	    grep -v -E "^$src/store/store-sqlite(-[a-z]+)?\.[ch]:" >bad; then
		sed "s|^$src/|# |" bad && false
	fi
'

test_expect_success 'the store includes nothing of the commands nor main' '
	ls "$src"/cmd/*.h "$src"/shakeref.h | sed "s|.*/||" >cmd-headers &&
	test "$(wc -l <cmd-headers)" -ge 2 &&
	: >bad &&
	while read -r h; do
		grep -n -F "#include \"$h\"" "$src"/store/*.[ch] >>bad || :
	done <cmd-headers &&
	if [ -s bad ]; then
		sed "s|^$src/|# |" bad && false
	fi
'

test_expect_success 'no object but the SQLite engine calls SQLite' '
	if ! command -v nm >/dev/null 2>&1; then
		echo "# nm is not installed: only the includes were checked"
	else
		for o in "$BUILDDIR"/src/*.o "$BUILDDIR"/src/*/*.o; do
			nm -u "$o" | grep -q -E " sqlite3_" &&
			    echo "${o#$BUILDDIR/}" || :
		done >callers &&
		grep -q "^src/store/store-sqlite\.o$" callers &&
		if grep -v -E "^src/store/store-sqlite(-[a-z]+)?\.o$" callers \
		    >bad; then
			sed "s/^/# /" bad && false
		fi
	fi
'

test_expect_success 'every engine fills in every operation of struct store_engine' '
	sed -n "/^struct store_engine {/,/^};/p" "$src/store/store-engine.h" |
	    sed -n -e "s/^	[a-z]*[[:space:]]*(\*\([a-z_]*\))(.*/\1/p" \
	    -e "s/^[[:space:]]*const char[[:space:]*]*\([a-z_]*\);.*/\1/p" \
	    | sort -u >members &&
	test "$(wc -l <members)" -ge 10 &&
	# The contract stays narrow: a few coarse operations (issue 39).
	test "$(wc -l <members)" -le 15 &&
	grep -l "^const struct store_engine store_engine_" "$src"/store/*.c >engines &&
	test -s engines &&
	: >bad &&
	while read -r e; do
		sed -n "/^const struct store_engine store_engine_/,/^};/p" "$e" |
		    sed -n "s/^[[:space:]]*\.\([a-z_]*\)[[:space:]]*=.*/\1/p" |
		    sort -u >set &&
		comm -23 members set | sed "s|^|${e#$src/} lacks |" >>bad
	done <engines &&
	if [ -s bad ]; then
		sed "s/^/# /" bad && false
	fi
'

test_expect_success 'the SQLite engine prepares and steps a statement in one place (its query helper)' '
	ls "$src"/store/store-sqlite*.[ch] >engine &&
	test "$(wc -l <engine)" -ge 2 &&
	xargs cat <engine | grep -c -E "sqlite3_prepare(_v[23])?\(" >n-prepare &&
	test "$(cat n-prepare)" = 1 &&
	xargs cat <engine | grep -c -E "sqlite3_step\(" >n-step &&
	test "$(cat n-step)" = 1 &&
	sed -n "/^sq_query_row(/,/^}/p" "$src/store/store-sqlite-db.c" |
	    grep -q "sqlite3_step("
'
test_done
