#!/bin/sh
# tests/cli/evening-cuts.sh: issue 36's smaller cuts, as a German table
# of Jürgen, Zoë, Mary Ann and Ole met them: every move the program
# suggests is a line play accepts (a name with a space or a quote quoted
# as play splits it); Tab lists its choices under a line that wraps; the
# coach's line once a position; review's wrapped lines; the rule cards'
# wrapping; the word list's temporary file; dice --player; new's quote
# hint; the All Shake round's name.  Under LANG=de_DE.UTF-8 where the
# point is about German, through tmux where it is about the terminal.
. "$SRCDIR/tests/cli/lib.sh"
SQ="'"

# accepted FILE: each line of FILE (a move) typed into play is accepted,
# then undone, so that the next is tried at the same point.
accepted() {
	while IFS= read -r move; do
		printf "%s\n" "$move" | sr play >/dev/null 2>play.err || {
			echo "# play refused the suggested move: $move"
			sed "s/^/#   /" play.err
			return 1
		}
		sr undo >/dev/null || return 1
	done <"$1"
}

# A Shake game of five where Zoë, Mary Ann and D'Arcy tie on 200 and Zoë,
# highest on the tie roll, names their order (SH-9).
tie_of_three() {
	sr new --game shake --players "Jürgen,Zoë,Mary Ann,Ole,D'Arcy" \
	    >/dev/null &&
	for r in 1 2 3 4 5 6 7 8 9 10; do
		sr roll 10 20 20 10 20 >/dev/null || return 1
	done &&
	sr roll 30 20 10 >/dev/null
}

test_expect_success 'the coach'"$SQ"'s order quotes a name with a space or a quote, and play takes every one (SH-9)' '
	tie_of_three &&
	sr --json status >out &&
	json ".expect == [\"order\"] and .turn == \"Zoë\"" &&
	json -r ".advice.moves[].entry" >moves &&
	test "$(wc -l <moves)" -eq 6 &&
	grep -qxF "order Zoë \"Mary Ann\" \"D'\''Arcy\"" moves &&
	grep -qxF "order \"D'\''Arcy\" \"Mary Ann\" Zoë" moves &&
	accepted moves &&
	expect_exit 0 sr status &&
	grep "^coach: " out | sed "s/^coach: \(.*\): Zoë wins .*/\1/" >said &&
	test "$(wc -l <said)" -eq 1 && grep -qxF -f said moves &&
	accepted said
'

test_expect_success 'review names the order made and the best one as play takes them (SH-9)' '
	tie_of_three &&
	sr --json status >out && json -r ".advice.moves[0].entry" >best &&
	printf "%s\n" "order zoe maryann \"d'\''arcy\"" | sr play >/dev/null &&
	sr --json review >out &&
	json -r ".decisions[-1] | .made, .best" >moves &&
	printf "%s\n" "order Zoë \"Mary Ann\" \"D'\''Arcy\"" >want &&
	cat best >>want &&
	expect_same want moves &&
	expect_exit 0 sr review &&
	grep -F " chose to $(head -n 1 moves); " out | grep -qF " would $(cat best): " &&
	sr undo >/dev/null && accepted moves
'

# Shake Up to the A move of the second player, $1 starting: they may
# penalize the first, $1 (SU-5).
shake_up_penalty() {
	sr new --game shake-up --players "$1,$2" >/dev/null &&
	printf "%s\n" "roll 6 1" "roll 1 1 1 2" stand "move 1" "roll 1 1 3 6" \
	    stand "roll 1 1 5 6" "roll 1 2 3 4" stand "move 1" pass \
	    "roll 2 2 2 2" "roll 2 2 2 2" stand "move 1" | sr play >/dev/null
}

for who in "Mary Ann" "D'Arcy" 'Jo "JJ" $x\y'; do
	test_expect_success "penalize $who: the coach, status and review quote the name, play takes it (SU-5)" '
		shake_up_penalty "$who" Zoë &&
		sr --json status >out &&
		json -r ".advice.moves[].entry" >moves &&
		json -r ".advice.moves[0].entry" >best &&
		grep -c "^penalize " moves >n && test "$(cat n)" -eq 1 &&
		eval "set -- $(cat best)" && test $# -eq 3 &&
		test "$1 $2 $3" = "penalize $who 2" &&
		accepted moves &&
		expect_exit 0 sr status &&
		grep -qF "coach: $(cat best): " out &&
		sr penalize "$who" 2 >/dev/null &&
		sr --json review >out &&
		json -r ".decisions[-1] | .made, .best" >made &&
		test "$(sed -n 1p made)" = "$(cat best)" &&
		test "$(sed -n 2p made)" = "$(cat best)" &&
		sr undo >/dev/null && accepted best
	'
done

test_expect_success 'Tab lists its choices under a line that wraps (a terminal of 40 columns)' '
	sr new --game stack-attack --players "Mary Ann,Bob,Cid" >/dev/null &&
	printf "roll 1 2 3 4 5\nplace 1\n" | sr play >/dev/null &&
	TTY_WIDTH=40 && tty_start &&
	tty_wait "round 1, Bob>" &&
	tty_text "fall                                " && tty_keys Tab &&
	tty_line "Mary Ann  Bob       Cid" &&
	tty_text "M" && tty_keys Tab && tty_wait "\"Mary Ann\"" &&
	tty_keys Enter && tty_wait "round 2, Mary Ann>" &&
	tty_text "fall                                " && tty_keys Tab &&
	tty_twice "Mary Ann  Bob       Cid" &&
	tty_keys C-u && tty_end && tty_stop &&
	sr --json history >out && json ".entries[2].args == [\"Mary Ann\"]"
'

test_expect_success 'Tab lists its choices under a line that wraps twice, in German, after a name with an umlaut' '
	sr new --game stack-attack --players "Mary Ann,Zoë,Cid" >/dev/null &&
	printf "roll 1 2 3 4 5\nplace 1\n" | sr play >/dev/null &&
	LANG=de_DE.UTF-8 && export LANG && TTY_WIDTH=40 && tty_start &&
	tty_wait ", Zoë>" &&
	tty_text "fall$(printf "%70s" "")" && tty_keys Tab &&
	tty_line "Mary Ann  Zoë       Cid" &&
	tty_text "Ci" && tty_keys Tab && tty_wait "   Cid" &&
	tty_keys Enter && tty_wait ", Cid>" &&
	tty_end && tty_stop && unset LANG &&
	sr --json history >out && json ".entries[2].args == [\"Cid\"]"
'

# The lines of the pane that begin with "coach: ".
coach_lines() {
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 | grep -c "^coach: "
}

test_expect_success 'play shows the coach'"$SQ"'s line once a position: not again after a refusal, help, history, a note or status (SH-6)' '
	sr new --game shake --players "Zoë,Mary Ann" >/dev/null &&
	sr roll 40 20 >/dev/null &&
	tty_start && tty_wait "(take|shake)>" && tty_idle &&
	test "$(coach_lines)" -eq 1 &&
	tty_type "roll 7" && tty_wait "not expected now" && tty_idle &&
	tty_type "frobnicate" && tty_idle &&
	tty_type "help" && tty_idle &&
	tty_type "history" && tty_idle &&
	tty_type "note Zoë thinks" && tty_wait "Zoë thinks" && tty_idle &&
	test "$(coach_lines)" -eq 1 &&
	tty_type "status" && tty_idle &&
	test "$(coach_lines)" -eq 2 &&
	tty_type "help take" && tty_idle &&
	test "$(coach_lines)" -eq 2 &&
	tty_type "take" && tty_wait "Zoë takes 40" && tty_idle &&
	test "$(coach_lines)" -eq 3 &&
	tty_end && tty_stop
'

test_expect_success 'status says what a shake is worth once, in the coach'"$SQ"'s line (SH-6)' '
	sr new --game shake --players "Zoë,Mary Ann" >/dev/null &&
	sr roll 40 20 >/dev/null &&
	expect_exit 0 sr status &&
	test "$(grep -c "88\.6" out)" -eq 1 &&
	grep -q "^coach: shake: worth 88.6 on average" out &&
	LANG=de_DE.UTF-8 expect_exit 0 sr status &&
	test "$(grep -c "88,6" out)" -eq 1
'

# board_aligned: in ./out (status in words), each player's name in the
# board's heading starts at the column of their pawns' "." and "o" on
# every row below (characters counted, not bytes).
board_aligned() {
	/usr/bin/python3 -c '
import sys
lines = open("out", encoding="utf-8").read().split("\n")
names = ["Jürgen", "Zoë", "Mary Ann", "Ole"]
head = [i for i, l in enumerate(lines) if all(n in l for n in names) and ":" not in l][0]
cols = [lines[head].index(n) for n in names]
rows = lines[head + 1:head + 6]
ok = len(rows) == 5 and all(len(r) > c and r[c] in ".o" and r[c - 1] == " " for r in rows for c in cols)
ok = ok and lines[head + 1].split()[0] not in "0123456789"
sys.exit(0 if ok else "# misaligned:\n" + "\n".join(lines[head:head + 6]))
'
}

test_expect_success 'the Shake Up board lines up under its headings in German, French and Spanish (SU-10)' '
	sr new --game shake-up --players "Jürgen,Zoë,Mary Ann,Ole" >/dev/null &&
	sr roll 6 1 2 3 >/dev/null &&
	expect_exit 0 sr status && board_aligned &&
	for l in de_DE fr_FR es_ES; do
		LANG=$l.UTF-8 expect_exit 0 sr status && board_aligned || return 1
	done
'

test_expect_success 'review on a terminal: a wrapped line goes on indented deeper than the players'"$SQ"' lines (SH-9)' '
	tie_of_three &&
	printf "%s\n" "order zoe maryann \"d'\''arcy\"" | sr play >/dev/null &&
	TTY_WIDTH=60 && TTY_CMD=review && tty_start &&
	tty_wait "scores over the game" &&
	tmux -S "$PWD/tmux.sock" capture-pane -p -S -200 >screen &&
	tty_stop &&
	sed -n "/^game 1: /,/^scores over/p" screen >review &&
	grep -q "^    " review &&
	# Each line: a heading, a player or a mistake (2 spaces, then a
	# name and ":" or "entry"), or the one before it going on (4).
	! grep -v -e "^[^ ]" -e "^  \(Jürgen\|Zoë\|Mary Ann\|Ole\|D'\''Arcy\): " \
	    -e "^  entry " -e "^    [^ ]" review &&
	test "$(grep -c "^  Zoë: " review)" -eq 1
'

# Wait (at most 10 s) until the command in the pane has ended.
tty_ended() {
	i=0
	while [ ! -s exit ]; do
		tty_tick "the command never ended" || return 1
	done
}

# wrapped_once COLS: each paragraph of the card in ./screen (blocks
# between blank lines that are not a list, a step or a table: those
# indent their lines under their text by design) is its
# text wrapped once, greedily, to lines of at most COLS - 1 columns:
# no line goes on indented, none could have taken the next word.
wrapped_once() {
	/usr/bin/python3 -c '
import sys, textwrap, unicodedata
cols = int(sys.argv[1])
text = open("screen", encoding="utf-8").read().rstrip("\n").split("\n\n")
bad, seen = [], 0
for block in text:
	lines = block.strip("\n").split("\n")
	if len(lines) < 2 or lines[0][:1] in "-|0123456789 " or "  " in lines[0]:
		continue
	seen += 1
	want = textwrap.wrap(" ".join(lines), width=cols - 1,
	    break_long_words=False, break_on_hyphens=False)
	if lines != want:
		bad.append(block)
if bad or seen < 3:
	sys.exit("# %d paragraphs; wrapped twice:\n" % seen + "\n--\n".join(bad))
' "$1"
}

for cols in 40 60; do
	test_expect_success "rules on a terminal of $cols columns: each paragraph wrapped once, from its text" '
		for l in C de_DE.UTF-8; do
			TTY_WIDTH=$cols && TTY_CMD="rules shake-up" &&
			LANG=$l && export LANG && tty_start && tty_ended &&
			tmux -S "$PWD/tmux.sock" capture-pane -p -S -400 |
			    sed "/new --option/,\$d" >screen &&
			tty_stop && wrapped_once $cols || return 1
		done &&
		unset LANG
	'
done

# A dictionary big enough that its list takes a while to write:
# 200,000 made-up stems with two suffixes, in ./dict as xx_BIG.
big_dict() {
	mkdir -p dict &&
	/usr/bin/python3 -c '
import random
random.seed(36)
ws = set()
while len(ws) < 200000:
	ws.add("".join(random.choice("abcdefghijklmnopqrstuvwxyz")
	    for _ in range(random.randint(4, 9))))
print(len(ws))
for w in sorted(ws):
	print(w + "/A")
' >dict/xx_BIG.dic &&
	printf "SET UTF-8\nSFX A Y 2\nSFX A 0 s .\nSFX A 0 er .\n" \
	    >dict/xx_BIG.aff &&
	SHAKEREF_DICT_PATH="$PWD/dict" && XDG_CACHE_HOME="$PWD/cache" &&
	export SHAKEREF_DICT_PATH XDG_CACHE_HOME &&
	sr new --game word --players Jürgen,Zoë --option dict=xx_BIG \
	    >/dev/null &&
	sr grid ABCD EFGH IJKL MNOP >/dev/null &&
	sr words Jürgen abcd >/dev/null
}

# The files of the cache folder, one a line ("" when none).
cache_files() {
	ls cache/shakeref 2>/dev/null | sort
}

# interrupt_build SIG: a challenge that builds xx_BIG's list, sent SIG
# once its temporary file is there; its exit status into ./status.
# Tried up to 5 times (the list written before the signal could be sent:
# removed and built again); fails when the file never showed.
interrupt_build() {
	for try in 1 2 3 4 5; do
		rm -f cache/shakeref/xx_BIG.dawg
		# SIGINT as a terminal leaves it (a shell's & ignores it);
		# TERM and HUP too (a suite started under nohup ignores HUP).
		/usr/bin/python3 -c "import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
	signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])" "$SHAKEREF" challenge Jürgen abcd \
		    >/dev/null 2>&1 &
		pid=$!
		n=0
		while [ $n -lt 2000 ] &&
		    ! ls cache/shakeref 2>/dev/null | grep -q "^xx_BIG\.dawg\.......$"; do
			kill -0 $pid 2>/dev/null || break
			n=$((n + 1))
			sleep 0.005
		done
		if ls cache/shakeref 2>/dev/null | grep -q "^xx_BIG\.dawg\.......$"; then
			kill -s "$1" $pid
			wait $pid
			echo $? >status
			return 0
		fi
		wait $pid
	done
	echo "# the list's temporary file never showed"
	return 1
}

# hold_lock FILE: a process that holds FILE locked (flock) for at most
# 30 s, its id in $holder; back once the lock is taken.
hold_lock() {
	flock "$1" sh -c "touch locked; sleep 30" &
	holder=$!
	n=0
	while [ ! -e locked ] && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	test -e locked
}

for sig in INT TERM HUP; do
	test_expect_success "a word list's build ended by SIG$sig leaves no temporary file in the cache" '
		big_dict &&
		interrupt_build $sig &&
		test "$(cat status)" -eq $((128 + $(kill -l $sig))) &&
		cache_files >got && : >want && expect_same want got
	'
done

test_expect_success 'the next build removes what a killed one left, not a file another build holds' '
	big_dict &&
	interrupt_build KILL &&
	cache_files >left && test "$(grep -c "^xx_BIG\.dawg\.......$" left)" -eq 1 &&
	: >cache/shakeref/xx_BIG.dawg.aff.Ab12Cd &&
	: >cache/shakeref/xx_BIG.dawg.Held99 &&
	: >cache/shakeref/xx_BIG.dawg.notes &&
	hold_lock cache/shakeref/xx_BIG.dawg.Held99 &&
	{ sr challenge Jürgen abcd >/dev/null; test $? -ne 4; } &&
	kill $holder && cache_files >got &&
	printf "%s\n" xx_BIG.dawg xx_BIG.dawg.Held99 xx_BIG.dawg.notes >want &&
	expect_same want got
'

test_expect_success 'dice --player names the player as the game stores the name' '
	sr new --game shake --players "Jürgen,Zoë,Mary Ann,Ole" >/dev/null &&
	sr roll 10 20 30 40 >/dev/null &&
	for who in zoe ZOË Zoë; do
		LANG=de_DE.UTF-8 expect_exit 0 sr dice --player $who &&
		head -n 1 out | grep -q " Zoë " &&
		! grep -qi "zoe\b" out || return 1
	done &&
	expect_exit 0 sr dice --player "mary ann" &&
	head -n 1 out | grep -q "by Mary Ann (1 game)$"
'

test_expect_success 'new --players with a name a shell split at its space: the quote hint (SPEC.md "Player names")' '
	expect_refused 2 "unexpected argument '\''Ann,Ole'\''; quote a name with a space: \"Mary Ann\"" \
	    sr new --game shake --players Jürgen,Zoë,Mary Ann,Ole &&
	test ! -e test.db &&
	expect_refused 2 "quote a name with a space: \"Mary Jo Smith\"" \
	    sr new --players Jürgen,Mary Jo Smith,Ole --game shake &&
	LANG=de_DE.UTF-8 expect_refused 2 "\"Mary Ann\"" \
	    sr new --game shake --players Jürgen,Zoë,Mary Ann &&
	! grep -q "Ann,Bob,Cid" err &&
	expect_refused 2 "the players are one list" \
	    sr new --game shake --players Jürgen,Zoë extra &&
	sr new --game shake --players Jürgen,Zoë >/dev/null &&
	printf "%s\n" "new --game shake --players Jürgen,Zoë,Mary Ann,Ole" |
	    expect_exit 2 sr play &&
	expect_err "quote a name with a space: \"Mary Ann\""
'

test_expect_success 'the All Shake round has one name in the pad, in play'"$SQ"'s prompt and in watch'"$SQ"'s title, in every language (SH-8)' '
	sr new --game shake --players Jürgen,Zoë >/dev/null &&
	for r in 1 2 3 4 5 6 7 8 9 10; do
		printf "%s\n" "roll 10 20" take take || return 1
	done | sr play >/dev/null &&
	for l in C de_DE fr_FR es_ES; do
		LANG=$l.UTF-8 && export LANG &&
		expect_exit 0 sr status &&
		# The pad'"$SQ"'s last row but the totals: its label, the
		# two players'"$SQ"' columns taken off.
		label=$(grep -B 1 "^[^ ].*  *100  *200$" out | head -n 1 |
		    sed "s/  *-  *-$//") &&
		test -n "$label" && test "$label" != 11 &&
		# watch'"$SQ"'s title names it so too (printed once off a
		# terminal), not as a round 11.
		sr watch >w && head -n 1 w | grep -q ", $label\$" &&
		! grep -qE "(round|Runde|manche|ronda) 11" w &&
		tty_start && tty_wait "(roll|pass)>" &&
		tty_wait "$label, Zoë (roll|pass)>" &&
		tty_end && tty_stop || return 1
	done &&
	unset LANG
'

# The scenario $1 (tests/scenarios) played by Mary Ann, D'Arcy, Zoë and
# Jürgen in Ann's, Bob's, Cid's and Dan's seats, a line at a time; at
# each position the coach's best move and every move that names a
# player, each typed into play on a copy of the database, must be taken
# (but "roll" alone: the decision to roll, whose values the dice give).
# The moves tried go to ./tried.
every_move_taken() {
	rename='s/\bAnn\b/"Mary Ann"/g; s/\bBob\b/"D'\''Arcy"/g; s/\bCid\b/Zoë/g; s/\bDan\b/Jürgen/g'
	args=$(sed -n "1s/^# new: //p" "$1" | sed "s/--players [^ ]*//") &&
	players=$(sed -n "1s/.*--players \([^ ]*\).*/\1/p" "$1" |
	    sed "s/\bAnn\b/Mary Ann/; s/\bBob\b/D'Arcy/; s/\bCid\b/Zoë/; s/\bDan\b/Jürgen/") &&
	sr new $args --players "$players" >/dev/null &&
	grep -v "^ *#" "$1" | grep -v "^ *$" | sed "$rename" >lines &&
	while IFS= read -r line; do
		printf "%s\n" "$line" | sr play >/dev/null 2>&1 || {
			echo "# the scenario's line was refused: $line"
			return 1
		}
		sr --json status >st || return 1
		# "roll" alone is a decision whose values the dice give.
		jq -r ".advice.moves // [] | (.[0:1] + map(select(.entry |
		    test(\"\\\"\")))) | .[].entry" st | sort -u |
		    grep -vx roll >moves
		while IFS= read -r move; do
			sqlite3 "$SHAKEREF_DB" ".backup probe.db" &&
			printf "%s\n" "$move" | sr -d probe.db play \
			    >/dev/null 2>probe.err || {
				echo "# play refused the coach's move: $move"
				sed "s/^/#   /" probe.err
				return 1
			}
			echo "$move" >>tried
		done <moves || return 1
	done <lines
}

# The scenarios whose coach names a player: a tie's order, a penalty.
for f in shake-tie-before-all-shake shake-up-special-advantage \
    shake-up-three-players; do
	test_expect_success SQLITE "scenario $f played by Mary Ann, D'Arcy, Zoë, Jürgen: every move the coach names is taken (SH-9, SU-5)" '
		every_move_taken "$SRCDIR/tests/scenarios/$f.play" &&
		test -s tried && grep -q "\"" tried
	'
done

test_done
