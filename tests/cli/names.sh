#!/bin/sh
# tests/cli/names.sh: SPEC.md "Player names" as people type them: a NAME
# matched by simple case folding, else loosely (case, accents and spaces
# ignored) when that names one player; "did you mean" with the nearest
# names; "quote a name with a space" for a name the shell or play split
# into words; new refusing two names equal loosely, and an empty name
# saying where it is; "did you mean" for commands and rules names.
. "$SRCDIR/tests/cli/lib.sh"

SQ="'"

# A shake-a-word game of Ann, Mary Ann, Zoë and Hélène with a grid.
word_game() {
	sr new --game word --players "Ann,Mary Ann,Zoë,Hélène" >/dev/null &&
	sr grid ABCD EFGH IJKL MNOP >/dev/null
}

test_expect_success 'words: zoe is Zoë, helene is Hélène, maryann is Mary Ann; stored as typed' '
	word_game &&
	expect_exit 0 sr words zoe fab && expect_out "Zoë wrote fab" &&
	expect_exit 0 sr words helene fin && expect_out "Hélène wrote fin" &&
	expect_exit 0 sr words maryann mob && expect_out "Mary Ann wrote mob" &&
	expect_exit 0 sr words "ZOË" jin && expect_out "Zoë wrote" &&
	expect_exit 0 sr words "  HeLeNe " mon && expect_out "Hélène wrote" &&
	sr --json history >out &&
	json "[.entries[1:][] | [.player, .args[0]]] == [[\"Zoë\", \"zoe\"], [\"Hélène\", \"helene\"], [\"Mary Ann\", \"maryann\"], [\"Zoë\", \"ZOË\"], [\"Hélène\", \"  HeLeNe \"]]" &&
	expect_exit 0 sr check &&
	expect_exit 0 sr undo && expect_exit 0 sr redo &&
	sr --json history >out &&
	json "[.entries[] | select(.verb == \"words\") | .player] == [\"Zoë\", \"Hélène\", \"Mary Ann\", \"Zoë\", \"Hélène\"]"
'

test_expect_success 'a loose NAME replays to the same ruling: export, import elsewhere, check' '
	word_game &&
	sr words zoe fab >/dev/null && sr words maryann mob >/dev/null &&
	sr export >game.json &&
	expect_exit 0 sr -d "$(db_url other)" import game.json &&
	sr -d "$(db_url other)" -g 1 --json history >out &&
	json "[.entries[] | select(.verb == \"words\") | .player] == [\"Zoë\", \"Mary Ann\"]" &&
	expect_exit 0 sr -d "$(db_url other)" check
'

test_expect_success 'roll NAME=V: names matched loosely (SH-9 colored dice)' '
	sr new --game shake --players "Zoë,Mary Ann,Bob" >/dev/null &&
	expect_exit 0 sr roll bob=30 zoe=10 MARYANN=20 &&
	sr --json history >out &&
	json ".entries[0].args == [\"bob=30\", \"zoe=10\", \"MARYANN=20\"]" &&
	sr --json status >out &&
	json ".turn == \"Bob\""
'

test_expect_success 'a NAME of no player: did you mean the nearest; far off: the players' '
	word_game &&
	expect_refused 3 "${SQ}zoey${SQ} is not a player of this game; did you mean ${SQ}Zoë${SQ}?" sr words zoey fab &&
	expect_refused 3 "did you mean ${SQ}Hélène${SQ}?" sr words helen fab &&
	expect_refused 3 "${SQ}xyzzy${SQ} is not a player of this game (Ann, Mary Ann, Zoë and Hélène)" sr words xyzzy fab &&
	expect_refused 3 "did you mean ${SQ}Ann${SQ}?" sr challenge Anm fab &&
	expect_refused 3 "empty name where a player${SQ}s is expected (Ann, Mary Ann, Zoë and Hélène)" sr words " " fab
'

test_expect_success 'a name with a space split into words: quote it' '
	word_game &&
	expect_refused 3 "quote a name with a space: \"Mary Ann\"" sr words Mary Ann fab &&
	expect_refused 3 "quote a name with a space: \"Mary Ann\"" sr words mary ann fab &&
	expect_refused 2 "expected NAME WORD; quote a name with a space: \"Mary Ann\"" sr challenge Mary Ann fab &&
	expect_refused 2 "quote a name with a space: \"Mary Ann\"" sr vote Mary Ann fab accept &&
	sr new --game shake --players "Ann,Mary Ann,Bob" >/dev/null &&
	expect_refused 2 "${SQ}Mary${SQ} is not a number; quote a name with a space: \"Mary Ann\"" sr roll Ann=4 Mary Ann=2 Bob=6 &&
	expect_refused 2 "${SQ}Cid${SQ} is not a number" sr roll Ann=4 Cid 2 Bob=6 &&
	expect_refused 2 "${SQ}x${SQ} is not a number" sr roll Ann=4 x Bob=6 &&
	! grep -q quote err &&
	sr new --game word --players "Ann,Bob" >/dev/null &&
	expect_refused 2 "expected NAME WORD accept|reject" sr vote Ann cat dog accept &&
	! grep -q quote err
'

test_expect_success 'play knows the players: a split name that names one is a data refusal naming it' '
	sr new --game shake-up --players "Ann,Mary Ann" >/dev/null &&
	printf "roll Ann=4 Mary Ann=2\n" | expect_exit 3 sr play &&
	one_err_line && expect_err "line 1: roll: quote a name with a space: \"Mary Ann\"" &&
	printf "roll Ann=4 Cid Dan=2\n" | expect_exit 2 sr play &&
	expect_err "${SQ}Cid${SQ} is not a number" && ! grep -q quote err &&
	printf "roll 4 2\npenalize mary ann 2\n" | expect_exit 3 sr play &&
	expect_err "line 2: penalize: quote a name with a space: \"Mary Ann\"" &&
	printf "penalize Cid Dan 2\n" | expect_exit 2 sr play &&
	expect_err "expected NAME LEVEL" && ! grep -q quote err &&
	printf "penalize \"mary ann\" 2\n" | expect_exit 1 sr play
'

test_expect_success 'rename: a NEW name equal loosely to another player is refused' '
	sr new --game shake --players "Ann,Zoë" >/dev/null &&
	expect_refused 2 "${SQ}Zoë${SQ} is already a player of this game" sr rename Ann zoe &&
	expect_exit 0 sr rename zoe Zoe && expect_exit 0 sr check &&
	sr --json status >out && json "[.players[].name] == [\"Ann\", \"Zoe\"]"
'

# players_refused LIST MSG: new --players LIST exits 2 with MSG, one line.
players_refused() {
	expect_exit 2 sr new --game shake --players "$1" && one_err_line &&
	    expect_err "$2"
}

test_expect_success 'a rename stored before the loose rule (Ann to Zoe beside Zoë) still replays; a new one is refused' '
	sr new --game shake --players "Ann,Zoë" >/dev/null &&
	db_sql "INSERT INTO entries VALUES(1, 1, NULL, '"'"'rename'"'"', '"'"'[\"Ann\",\"Zoe\"]'"'"', NULL, 1700000000)" &&
	expect_exit 0 sr check --repair &&
	expect_exit 0 sr --json status &&
	json "[.players[].name] == [\"Zoe\", \"Zoë\"]" &&
	expect_exit 0 sr undo && expect_exit 0 sr redo &&
	expect_exit 0 sr check &&
	expect_refused 2 "${SQ}Zoe${SQ} is already a player of this game" sr rename Zoë zoe
'

test_expect_success 'new: two names equal by case, accents or spaces are refused' '
	players_refused "Zoe,Zoë" "players ${SQ}Zoe${SQ} and ${SQ}Zoë${SQ} differ only in case, accents or spaces" &&
	players_refused "Mary Ann,maryann" "players ${SQ}Mary Ann${SQ} and ${SQ}maryann${SQ} differ only" &&
	players_refused "Hélène,HELENE,Bob" "differ only" &&
	players_refused "Ann,ANN" "player ${SQ}ANN${SQ} is named twice" &&
	test ! -e "$HOME/.local/share/shakeref/shakeref.db"
'

test_expect_success 'import: two players equal loosely are refused as new refuses them' '
	sr new --game shake --players "Ann,Zoë" >/dev/null &&
	sr export >game.json &&
	sed "s/\"Ann\"/\"Zoe\"/g" game.json >zoe.json &&
	expect_exit 2 sr -d "$(db_url other)" import zoe.json && one_err_line &&
	expect_err "players ${SQ}Zoe${SQ} and ${SQ}Zoë${SQ} differ only in case, accents or spaces" &&
	db_none other
'

test_expect_success 'new --players split by the shell at its spaces is one list' '
	expect_exit 0 sr --json new --game shake --players Ann, Mary Ann, Bob &&
	json "[.players[].name] == [\"Ann\", \"Mary Ann\", \"Bob\"]" &&
	expect_exit 0 sr --json new --game shake --players Ann , Mary Ann --title T &&
	json "[.players[].name] == [\"Ann\", \"Mary Ann\"]" &&
	expect_exit 2 sr new --game shake --players Ann,Bob extra && one_err_line &&
	expect_err "unexpected argument ${SQ}extra${SQ}" &&
	expect_exit 2 sr new --game shake --players Ann Bob && one_err_line &&
	expect_err "unexpected argument ${SQ}Bob${SQ}; the players are one list: --players Ann,Bob,Cid"
'

test_expect_success 'new --players: an empty name says where it is' '
	players_refused "Ann,Bob," "empty name at the end of --players: a trailing comma?" &&
	players_refused ",Ann,Bob" "empty name at the start of --players: a leading comma?" &&
	players_refused "Ann, ,Bob" "empty name after ${SQ}Ann${SQ} in --players: two commas in a row?" &&
	players_refused " , " "has no name" &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_refused 2 "player name ${SQ}${SQ} is empty" sr rename Ann " "
'

test_expect_success 'did you mean: unknown commands, help VERB, rules names' '
	expect_exit 2 sr statsu && one_err_line &&
	expect_err "unknown command ${SQ}statsu${SQ}; did you mean ${SQ}status${SQ}?" &&
	expect_exit 2 sr rol 4 && expect_err "did you mean ${SQ}roll${SQ}?" &&
	expect_exit 2 sr frobnicate && ! grep -q "did you mean" err &&
	expect_exit 2 sr help stauts && expect_err "did you mean ${SQ}status${SQ}?" &&
	expect_exit 2 sr new --game shakes --players Ann,Bob && one_err_line &&
	expect_err "unknown rules ${SQ}shakes${SQ}; did you mean ${SQ}shake${SQ}?" &&
	expect_exit 2 sr new --game 1000 --players Ann,Bob &&
	expect_err "did you mean ${SQ}10000${SQ}?" &&
	expect_exit 2 sr rules towr && expect_err "did you mean ${SQ}tower${SQ}?" &&
	expect_exit 2 sr new --game poker --players Ann,Bob &&
	! grep -q "did you mean" err && expect_err "stack-attack"
'

test_expect_success 'SU-3: move before stand is refused: stand first to score this hand' '
	sr new --game shake-up --players Ann,Bob >/dev/null &&
	sr roll 6 2 >/dev/null &&
	sr roll 1 2 3 5 >/dev/null &&
	expect_refused 1 "stand first to score this hand" sr move 1 &&
	sr stand >/dev/null &&
	expect_exit 0 sr move 1
'

test_expect_success 'dice --player: a NAME matched loosely in each game; did you mean across games' '
	sr new --game shake --players "Zoë,Bob" >/dev/null &&
	sr roll 10 20 >/dev/null &&
	sr new --game shake --players "Cid,Dan" >/dev/null &&
	sr roll 30 40 >/dev/null &&
	expect_exit 0 sr --json dice --player zoe &&
	json ".dice[0].rolls == 1" &&
	expect_refused 3 "${SQ}zoey${SQ} is not a player of any game; did you mean ${SQ}Zoë${SQ}?" sr dice --player zoey &&
	expect_refused 3 "${SQ}xyz${SQ} is not a player of any game" sr dice --player xyz &&
	! grep -q "did you mean" err
'

test_expect_success 'play help lists undo and redo only when there is an entry to take back or restore' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	printf "help\n" | expect_exit 0 sr play &&
	! grep -Eq "^  (undo|redo) " out &&
	printf "roll 10 20\nhelp\n" | expect_exit 0 sr play &&
	grep -Eq "^  undo " out && ! grep -Eq "^  redo " out &&
	printf "undo\nhelp\n" | expect_exit 0 sr play &&
	grep -Eq "^  redo " out && ! grep -Eq "^  undo " out
'

test_done
