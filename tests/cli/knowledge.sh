#!/bin/sh
# tests/cli/knowledge.sh: where each kind of knowledge lives (HACKING).
# What is particular to one game reaches the generic code (main, the
# commands, the store, the system modules) through the hooks and the
# option kinds of its struct game_rules: no generic file names a game
# module or includes its header (game.c's game table alone lists them),
# and none looks an option up by its key.
. "$SRCDIR/tests/cli/lib.sh"

src="$SRCDIR/src"

# The generic sources: every .c under src/ but src/core/game.c and the
# modules in src/games/.
generic() {
	find "$src" -name "*.c" ! -path "$src/games/*" \
	    ! -path "$src/core/game.c" | sort
}

test_expect_success 'no generic file names a game module or includes its header' '
	sed -n "s/^[[:space:]]*&\(game_[a-z_]*\),.*/\1/p" "$src/core/game.c" >modules &&
	test "$(wc -l <modules)" -ge 5 &&
	find "$src" -name "*.h" | xargs grep -l "extern const struct game_rules game_" |
	    sed "s|.*/||" >headers &&
	test -s headers &&
	generic >files &&
	test "$(wc -l <files)" -ge 20 &&
	: >bad &&
	while read -r m; do
		xargs grep -n -w "$m" <files >>bad || :
	done <modules &&
	while read -r h; do
		xargs grep -n -F "#include \"$h\"" <files >>bad || :
	done <headers &&
	if [ -s bad ]; then
		sed "s|^$src/|# |" bad && false
	fi
'

test_expect_success 'generic code finds an option by its kind, never by its key' '
	generic >files &&
	if xargs grep -n -E "game_option_index\([^,]*, *\"|\"dict\"" <files >bad
	then
		sed "s|^$src/|# |" bad && false
	fi
'

test_expect_success 'exit statuses are named (src/core/status.h), never a number' '
	generic >files && ls "$src"/core/game.c "$src"/games/*.c >>files &&
	grep -v -E "/(mkdawg|mktt)\.c$" files >shakeref-files &&
	if xargs grep -n -E "\<(_?exit|sr_flush) *\( *[0-9]|\<(sr_error|sr_refusal|ruling_refuse|sr_flush) *\([^,()]*, *[0-9]" <shakeref-files >bad
	then
		sed "s|^$src/|# |" bad && false
	fi
'
test_done
