#!/bin/sh
# tests/cli/complete.sh: shell completion.  bash's completion function
# (data/completion/shakeref) is driven as bash drives it: COMP_WORDS and
# COMP_CWORD set, _shakeref called, COMPREPLY read.
. "$SRCDIR/tests/cli/lib.sh"

command -v bash >/dev/null 2>&1 || { echo "1..0 # SKIP no bash"; exit 0; }

# comp WORD...: complete the last WORD of "shakeref WORD..." into ./out,
# one candidate a line, sorted.
comp() {
	bash -c '
		. "$1" || exit 1
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_shakeref
		printf "%s\n" "${COMPREPLY[@]}"
	' _ "$SRCDIR/data/completion/shakeref" "$SHAKEREF" "$@" | sort >out
}

# is LIST: ./out holds exactly the words of LIST (in any order).
is() {
	printf "%s\n" "$@" | sort >want
	diff -u want out || { echo "# candidates differ"; return 1; }
}

# has WORD...: ./out holds every WORD; lacks WORD...: none of them.
has() {
	for w in "$@"; do
		grep -qxF -- "$w" out || { echo "# missing: $w"; sed "s/^/#   /" out; return 1; }
	done
}
lacks() {
	for w in "$@"; do
		! grep -qxF -- "$w" out || { echo "# unexpected: $w"; return 1; }
	done
}

test_expect_success 'commands: every command, never the hidden one; no database is created' '
	comp "" &&
	has new games use status standings history abandon rename title note \
	    play rules solve export import help &&
	lacks complete roll undo redo &&
	comp ex && is export &&
	db_none &&
	comp --j && is --json &&
	comp - && has -d --db -g --id --json --help --version
'

test_expect_success 'the verbs legal now, undo and redo when they apply (SH-6)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	comp r && has roll rename rules && lacks redo take &&
	comp t && has title && lacks take &&
	sr roll 10 20 >/dev/null &&
	comp t && has take title && lacks timer &&
	comp sh && is shake &&
	comp u && has undo use &&
	sr undo >/dev/null &&
	comp re && has redo rename &&
	comp -g 1 ro && is roll
'

test_expect_success 'rules names after --game and rules, option keys after --option' '
	rules_names >names &&
	{ cat names && rules_aliases | cut -d " " -f 2; } >rules &&
	[ "$(wc -l <rules)" -ge 8 ] &&
	comp new --game "" && is $(cat rules) &&
	comp rules sha && is shake shake-up shake-a-word &&
	comp new --game shake --option sh && is shake-faces= &&
	comp new --game word --option s &&
	has scoring= scoring-mode= && lacks shake-faces= &&
	comp new --g && is --game &&
	comp new --game shake --p && is --players
'

test_expect_success 'option values from the rules option table: KEY=VALUE as one word or split at =' '
	comp new --option coach = "" && is on off &&
	comp new --option "coach=" && is coach=on coach=off &&
	comp new --option "coach=of" && is coach=off &&
	comp new --game shake-up --option levels = "" && is 2 3 4 5 6 7 8 9 &&
	comp new --game shake-up --option reroll = "" && is locked free &&
	comp new --game 10000 --option four-pair = o && is on off &&
	comp new --game word --option accents = "" && is fold exact &&
	comp new --game word --option nouns = "" && is auto on off &&
	comp new --game word --option scoring-mode = "" && is cumulative round &&
	comp new --game shake --option shake-faces = "" && is 1 2 3 4 5 &&
	db_none
'

test_expect_success 'dict= from the installed dictionaries' '
	mkdir -p dicts/a dicts/b &&
	: >dicts/a/xx_XX.aff && : >dicts/a/xx_XX.dic &&
	: >dicts/b/yy_YY.aff && : >dicts/b/yy_YY.dic && : >dicts/b/zz_ZZ.aff &&
	SHAKEREF_DICT_PATH="$PWD/dicts/a:$PWD/dicts/b" &&
	export SHAKEREF_DICT_PATH &&
	comp new --game word --option dict = "" && has xx_XX yy_YY &&
	lacks zz_ZZ &&
	comp new --game word --option dict=x && is dict=xx_XX
'

test_expect_success 'dice --player: the players of every game, each name once in any case' '
	sr new --game shake --players "Ann,Mary Ann" >/dev/null &&
	sr new --game shake-up --players "ANN,Bob" >/dev/null &&
	comp dice --player "" && is Ann "Mary\\ Ann" Bob &&
	comp dice --rules shake --player B && is Bob &&
	comp -d none.db dice --player "" && is && test ! -e none.db
'

test_expect_success 'penalize NAME: only the opponents it can reach while it is legal (SU-5, SU-6)' '
	shake_up_to_penalty &&
	comp penalize "" && is Ann &&
	sr penalize Ann 3 >/dev/null &&
	comp penalize "" && is Ann Bob
'

test_expect_success 'game ids after -g, --id and use' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr new --game stack-attack --players Cid,Dan >/dev/null &&
	sr new --game shake --players Eve,Fay >/dev/null &&
	comp -g "" && is 1 2 3 &&
	comp --id "" && is 1 2 3 &&
	comp use "" && is 1 2 3 &&
	comp use 2 "" && is
'

test_expect_success 'player names of the game after NAME verbs, as named now' '
	sr new --game shake-up --players "Ann,Bob,Mary Ann" >/dev/null &&
	comp penalize "" && is Ann Bob "Mary\\ Ann" &&
	comp penalize M && is "Mary\\ Ann" &&
	comp penalize Ann "" && is &&
	sr rename Ann Annie >/dev/null &&
	comp rename "" && is Annie Bob "Mary\\ Ann" &&
	sr new --game word --players Cid,Dan >/dev/null &&
	comp vote C && is Cid &&
	comp vote Cid cat "" && is accept reject &&
	comp vote Cid "" && is &&
	comp words Cid "" && is &&
	comp -g 1 penalize B && is Bob &&
	sr new --game shake --players Eve,Fay >/dev/null &&
	comp order Fay "" && is Eve Fay &&
	sr new --game stack-attack --players Gil,Hal >/dev/null &&
	comp fall "" && is Gil Hal &&
	comp fall Gil "" && is
'

test_expect_success 'the values a verb takes now, as play completes them: move and penalize levels (SU-5, SU-8), vote and challenge words (SW-5, SW-6)' '
	shake_up_to_penalty &&
	sr --json status >out &&
	json ".pawns == {\"Ann\": [1,1,1,2,3], \"Bob\": [1,1,1,1,2]}" &&
	comp penalize Ann "" && is 2 3 &&
	comp penalize Ann 3 && is 3 &&
	comp penalize Bob "" && is &&
	comp move "" && is 1 &&
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	export SHAKEREF_DICT_PATH &&
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	comp vote Ann "" && is &&
	printf "%s\n" "grid CATS ORED DOGS QUITE" "words Ann cats tea" |
	    sr play >/dev/null &&
	comp vote Ann "" && is cats tea &&
	comp challenge Ann t && is tea &&
	sr challenge Ann cats >/dev/null &&
	comp challenge Ann "" && is tea &&
	comp vote Ann "" && is cats tea &&
	comp vote Bob "" && is
'

test_expect_success 'export formats, command options; file names after -d and import' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	: >league.json && : >league2.json &&
	comp export --format "" && is json csv &&
	comp export --format = c && is csv &&
	comp export -- && has --format --all &&
	comp games - && has --all &&
	comp standings --a && is --all-time &&
	comp import le && is league.json league2.json &&
	comp -d lea && is league.json league2.json &&
	comp -d other.db -g "" && is &&
	test ! -e other.db
'

test_expect_success 'zsh: the completion function parses' '
	if command -v zsh >/dev/null 2>&1; then
		zsh -n "$SRCDIR/data/completion/_shakeref"
	fi &&
	head -n 1 "$SRCDIR/data/completion/_shakeref" | grep -qx "#compdef shakeref"
'

# -- Real shells on a terminal (tmux): Tab pressed at a prompt, the line
# as the shell leaves it.  `shakeref` is found on PATH, as installed.

# sh_start SHELL: start an interactive SHELL (bash or zsh) without the
# user's start-up files, with our completion loaded, at the prompt "$ ";
# an environment of its own, but what reaches the test's database (on the
# league the server's PGHOST and PGUSER).
sh_start() {
	mkdir -p bin &&
	ln -sf "$SHAKEREF" bin/shakeref &&
	case $1 in
	bash)	run="bash --norc --noprofile" &&
		init=". \"$SRCDIR/data/completion/shakeref\"" ;;
	zsh)	run="zsh -f" &&
		init="fpath=(\"$SRCDIR/data/completion\" \$fpath); autoload -Uz compinit; compinit -u -D" ;;
	esac &&
	tmux -S "$PWD/tmux.sock" -f /dev/null new-session -d -x 150 -y 30 \
	    "cd '$PWD' && env -i HOME='$HOME' TERM=xterm PATH='$PWD/bin:/usr/bin:/bin' SHAKEREF_DB='$SHAKEREF_DB' ${PGHOST:+PGHOST='$PGHOST' PGUSER='$PGUSER'} SHAKEREF_NOW='$SHAKEREF_NOW' $run" &&
	tmux -S "$PWD/tmux.sock" send-keys -l -- "$init; PS1=\"\$ \"; PS2=; clear" &&
	tmux -S "$PWD/tmux.sock" send-keys Enter &&
	tty_grep -qE "^\\$ ?$"
}

# sh_tab TEXT LINE: type TEXT, press Tab, then a Z (the pane does not
# show trailing blanks: the Z shows the space a finished word gets), and
# wait until the prompt's line is exactly "$ LINE" then Z; then clear the
# line for the next.
sh_tab() {
	tmux -S "$PWD/tmux.sock" send-keys -l -- "$1" &&
	tmux -S "$PWD/tmux.sock" send-keys Tab &&
	tmux -S "$PWD/tmux.sock" send-keys -l Z &&
	tty_grep -qxF "\$ ${2}Z" &&
	tmux -S "$PWD/tmux.sock" send-keys C-e C-u &&
	tty_grep -qE "^\\$ ?$"
}

# Stop the test's tmux server and wait until it is gone (the trap of a
# test's subshell runs it, passed or failed).
sh_stop() {
	tmux -S "$sock" kill-server 2>/dev/null
	i=0
	while tmux -S "$sock" has-session 2>/dev/null && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	return 0
}

# The same session for both shells: a unique command, a player named with
# a space (one word, escaped), an option key waiting for its value (no
# space after =), a file name, a verb legal now; and two candidates
# listed (Tab twice in bash, once in zsh: each shell's own way).
for shell in bash zsh; do
	if ! command -v tmux >/dev/null 2>&1 ||
	    ! command -v $shell >/dev/null 2>&1; then
		test_count=$((test_count + 1))
		echo "ok $test_count # SKIP $shell or tmux is not installed"
		continue
	fi
	test_expect_success "$shell on a terminal: Tab completes commands, names, option keys, files and the verbs legal now" '
		sr new --game shake-up --players "Ann,Bob,Mary Ann" >/dev/null &&
		: >league.json &&
		sock=$PWD/tmux.sock &&
		trap sh_stop EXIT &&
		sh_start '"$shell"' &&
		sh_tab "shakeref ex" "shakeref export " &&
		sh_tab "shakeref penalize M" "shakeref penalize Mary\\ Ann " &&
		sh_tab "shakeref new --game shake --option sh" \
		    "shakeref new --game shake --option shake-faces=" &&
		sh_tab "shakeref import lea" "shakeref import league.json " &&
		sh_tab "shakeref ro" "shakeref roll " &&
		sh_tab "shakeref new --game shake --option coach=of" \
		    "shakeref new --game shake --option coach=off " &&
		sh_tab "shakeref dice --player Ma" \
		    "shakeref dice --player Mary\\ Ann " &&
		sh_tab "bin/shakeref ex" "bin/shakeref export " &&
		tmux -S "$PWD/tmux.sock" send-keys -l -- "shakeref rules shake-" &&
		tmux -S "$PWD/tmux.sock" send-keys Tab Tab &&
		tty_grep -qF "shake-a-word" && grep -q "shake-up" screen &&
		! grep -q "ten-thousand" screen
	'
done
test_done
