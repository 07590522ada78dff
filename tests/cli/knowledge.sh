#!/bin/sh
# tests/cli/knowledge.sh: where each kind of knowledge lives (HACKING).
# What is particular to one game reaches the generic code (main, the
# commands, the store, the system modules) through the hooks and the
# option kinds of its struct game_rules: no generic file names a game
# module or includes its header (the game table, src/games/game-table.c,
# alone lists them),
# and none looks an option up by its key.
. "$SRCDIR/tests/cli/lib.sh"
SQ="'"

src="$SRCDIR/src"

# The generic sources: every .c under src/ but src/core/game.c (replay,
# whose comments give examples) and the modules and the game table in
# src/games/.
generic() {
	find "$src" -name "*.c" ! -path "$src/games/*" \
	    ! -path "$src/core/game.c" | sort
}

test_expect_success 'no generic file names a game module or includes its header' '
	sed -n "s/^[[:space:]]*&\(game_[a-z_]*\),.*/\1/p" "$src/games/game-table.c" >modules &&
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

# A game's verbs are its own (its row of struct game_verb): the generic
# code names none, neither by a constant (only enum verb's in game.h, the
# entries every game takes) nor in a message ('timer'); it asks for a
# kind (VERB_TIMER ...).  The verbs are the binary's own list (help).
test_expect_success 'generic code names no game verb: a kind, never V_NAME or a quoted verb' '
	sed -n "/^enum verb {/,/^};/p" "$src/core/game.h" |
	    grep -o "\<V_[A-Z_]*" | sort -u >common &&
	grep -q -x V_UNDO common &&
	sr help | sed -n "s/^  VERB .*: //p" | tr -d "," | tr " " "\n" |
	    grep . >verbs &&
	test "$(wc -l <verbs)" -ge 20 &&
	generic >files &&
	: >bad &&
	{ xargs grep -n -o -w "V_[A-Z_]*" <files |
	    grep -v -w -F -f common >>bad || :; } &&
	while read -r v; do
		xargs grep -n -e "'\''$v'\''" -e "'\''$v [A-Z[]" <files >>bad || :
	done <verbs &&
	if [ -s bad ]; then
		sed "s|^$src/|# |" bad && false
	fi
'

# Nor by a word: no game's name or alias, no option's KEY=, no verb
# opening an example with a quoted name ("penalize \"Mary Ann\" 2") in a
# string of a generic file: such words come from the tables (game_table,
# a hook, an option's kind), so that a new game needs no line here.  Not
# comments; not the store engines, whose schema migrations are history
# (HACKING: they may name the rules and keys as stored).
test_expect_success 'generic code names no game, alias, option key or verb example in a string' '
	rules_names >games &&
	test "$(wc -l <games)" -ge 5 &&
	rules_aliases | while read -r g a; do
		echo "${SQ}$a${SQ}"; echo "--game $a"; echo "rules $a"
	done >aliases &&
	test "$(wc -l <aliases)" -ge 3 &&
	cp games names &&
	while read -r g; do
		sr rules "$g" | sed -n "s/^  \([a-z-]*\)=.* (default .*)\$/\1=/p" ||
		    return 1
	done <names | sort -u | sed "s/^/(^|[^a-z-])/" >keys &&
	test "$(wc -l <keys)" -ge 10 &&
	sr help | sed -n "s/^  VERB .*: //p" | tr -d "," | tr " " "\n" |
	    grep . | sed "s/\$/ \\\\\"/" >examples &&
	generic | grep -v -e "^$src/store/store-" -e "^$src/tools/" >files &&
	: >strings &&
	while read -r f; do
		sed -e "s|/\*.*||" -e "/^[[:space:]]*\*/d" "$f" |
		    grep -n -o "\"\([^\"\\\\]\|\\\\.\)*\"" |
		    sed "s|^|${f#$src/}:|" >>strings || :
	done <files &&
	test "$(wc -l <strings)" -ge 1000 &&
	{ grep -w -F -f games strings || :; grep -E -f keys strings || :;
	    grep -F -f aliases strings || :;
	    grep -F -f examples strings || :; } >bad &&
	if [ -s bad ]; then
		sed "s|^|# |" bad && false
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
