#!/bin/sh
# tests/cli/export.sh: export (JSON checked against data/export.schema.json,
# CSV read by Python's csv module) and import (replayed, all or nothing,
# idempotent, conflicts refused).
. "$SRCDIR/tests/cli/lib.sh"

SCHEMA="${BUILDDIR:-$SRCDIR}/data/export.schema.json"
DATA="$SRCDIR/tests/data"

# two_player_game (lib.sh): the second player wins 200 to 100 (SH-10).

# Validate JSON file $1 against the export schema.
valid_export() {
	python3 -c '
import json, sys, jsonschema
jsonschema.Draft202012Validator(json.load(open(sys.argv[2]))).validate(
    json.load(open(sys.argv[1])))' "$1" "$SCHEMA"
}

q="'"

# Three games: 1 finished (Bob renamed Robert after it), 2 abandoned with
# a title and a note, 3 active and current.
three_games() {
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr rename Bob Robert >/dev/null &&
	sr new --game stack-attack --players Cid,Dan --title "Cup, \"final\"" >/dev/null &&
	sr note rain stopped play >/dev/null &&
	sr abandon >/dev/null &&
	sr new --game ten-thousand --players Eve,Fay >/dev/null &&
	sr roll 1 5 2 3 4 6 >/dev/null
}

# Every game's history, status and standings, and --all-time, into $1.
snapshot() {
	: >"$1" &&
	for g in $(sr --json games --all | jq -r ".games[].game"); do
		sr --json -g "$g" history >>"$1" &&
		sr --json -g "$g" status >>"$1" &&
		sr -g "$g" standings >>"$1" || return 1
	done &&
	sr --json standings --all-time >>"$1" &&
	sr --json games --all | jq -c "[.games[] | del(.current)]" >>"$1"
}

test_expect_success 'export: the current game as JSON, valid against the schema, entries as recorded' '
	sr new --game shake --players Ann,Bob --title Friday >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr rename Ann Annie >/dev/null && sr undo >/dev/null &&
	expect_exit 0 sr export && valid_export out &&
	json "keys == [\"games\", \"shakeref\"] and .shakeref == 1" &&
	json ".games | length == 1" &&
	json ".games[0] | keys == [\"created\",\"entries\",\"options\",\"players\",\"rules\",\"state\",\"title\",\"uid\"]" &&
	uid=$(sr --json games | jq -r ".games[0].uid") &&
	json ".games[0] | .uid == \"$uid\" and .rules == \"shake\" and .title == \"Friday\" and .state == \"active\"" &&
	json ".games[0] | .players == [\"Ann\", \"Bob\"] and .options[\"shake-faces\"] == \"2\"" &&
	opts=$(sr --json status | jq -c .options) &&
	json ".games[0].options == $opts" &&
	json ".games[0].created == \"2026-11-18T11:06:40Z\"" &&
	json "[.games[0].entries[] | [.n, .player, .verb, .args, .fact]] == [[1, null, \"roll\", [\"10\", \"20\"], null], [2, \"Bob\", \"take\", [], null], [3, null, \"rename\", [\"Ann\", \"Annie\"], null], [4, null, \"undo\", [\"3\"], null]]" &&
	json "[.games[0].entries[].at] | unique == [\"2026-11-18T11:06:40Z\"]"
'

test_expect_success 'export --all: every game, abandoned ones too, oldest first; -g ID one game' '
	three_games &&
	expect_exit 0 sr export --all && valid_export out &&
	json "[.games[] | [.rules, .state, .players]] == [[\"shake\", \"finished\", [\"Ann\", \"Bob\"]], [\"stack-attack\", \"abandoned\", [\"Cid\", \"Dan\"]], [\"ten-thousand\", \"active\", [\"Eve\", \"Fay\"]]]" &&
	json ".games[0].entries | length == 33" &&
	json ".games[0].entries[32] | .verb == \"rename\" and .args == [\"Bob\", \"Robert\"]" &&
	json ".games[1].title == \"Cup, \\\"final\\\"\"" &&
	expect_exit 0 sr -g 2 export --format json && valid_export out &&
	json "[.games[].rules] == [\"stack-attack\"]" &&
	expect_exit 0 sr export --all --format=json && json ".games | length == 3"
'

test_expect_success 'export refusals: format, arguments (2), no database, no game (3); nothing written' '
	expect_exit 3 sr export --all && one_err_line && expect_err "no database" &&
	db_none &&
	echo "{\"shakeref\": 1, \"games\": []}" >none.json &&
	sr import none.json >/dev/null &&
	expect_exit 3 sr export && one_err_line && expect_err "no current game" &&
	test ! -s out &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	expect_exit 2 sr export --format xml && one_err_line &&
	expect_err "unknown format '\''xml'\''" && test ! -s out &&
	expect_exit 2 sr export --format && one_err_line &&
	expect_exit 2 sr export now && one_err_line &&
	expect_exit 2 sr -g 1 export --all && one_err_line &&
	expect_exit 3 sr -g 7 export && one_err_line && expect_err "no game 7" &&
	test ! -s out
'

test_expect_success 'export and import of no games at all: still valid' '
	echo "{\"shakeref\": 1, \"games\": []}" >none.json &&
	valid_export none.json &&
	expect_exit 0 sr --json import none.json &&
	json ". == {\"imported\": 0, \"skipped\": 0}" &&
	expect_exit 0 sr export --all && valid_export out &&
	json ".games == []"
'

test_expect_success 'export --format csv: one row per player per game, RFC 4180, read by Python csv' '
	three_games &&
	TZ=UTC expect_exit 0 sr export --all --format csv &&
	uids=$(sr --json games --all | jq -r "[.games[].uid] | join(\" \")") &&
	python3 - out $uids $(date -u -d "@$SHAKEREF_NOW" "+%Y-%m-%d %H:%M") <<-\EOF &&
	import csv, sys
	rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
	u1, u2, u3, d, t = sys.argv[2:7]
	want = [
	    ["game", "uid", "date", "time", "rules", "title", "state", "player",
	     "seat", "score", "rank", "winner"],
	    ["1", u1, d, t, "shake", "", "finished", "Ann", "1", "100", "2", "0"],
	    ["1", u1, d, t, "shake", "", "finished", "Robert", "2", "200", "1", "1"],
	    ["2", u2, d, t, "stack-attack", "Cup, \"final\"", "abandoned",
	     "Cid", "1", "0", "1", "0"],
	    ["2", u2, d, t, "stack-attack", "Cup, \"final\"", "abandoned",
	     "Dan", "2", "0", "1", "0"],
	    ["3", u3, d, t, "ten-thousand", "", "active", "Eve", "1", "0", "1", "0"],
	    ["3", u3, d, t, "ten-thousand", "", "active", "Fay", "2", "0", "1", "0"],
	]
	assert rows == want, rows
	raw = open(sys.argv[1], "rb").read()
	assert raw.count(b"\r\n") == 7 and raw.count(b"\n") == 7, raw
	EOF
	grep -q "\"Cup, \"\"final\"\"\"" out &&
	expect_exit 0 sr -g 1 export --format=csv && test "$(wc -l <out)" -eq 3
'

test_expect_success 'export --format csv: the date is local (TZ)' '
	SHAKEREF_NOW=1794967200 sr new --game shake --players Ann,Bob >/dev/null &&
	TZ=UTC sr export --format csv >utc.csv &&
	TZ=America/New_York sr export --format csv >ny.csv &&
	sed -n 2p utc.csv | grep -q ",2026-11-18,02:00,shake," &&
	sed -n 2p ny.csv | grep -q "^1,.*,2026-11-17,21:00,shake,"
'

# SPEC "Settled details": CSV cells.  A title =HYPERLINK(...) would be a
# formula in a spreadsheet; a name @SUM too; ESC, C1 and RLO stored in a
# title (behind shakeref's back) are escaped as everywhere.
test_expect_success 'export --format csv: formula cells get a leading quote, control characters escaped' '
	sr new --game shake --players "@SUM(A1),+Bob" --title "=HYPERLINK(\"http://x\")" >/dev/null &&
	TZ=UTC expect_exit 0 sr export --format csv &&
	python3 - out <<-\EOF &&
	import csv, sys
	rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
	assert [r[5] for r in rows[1:]] == ["\x27=HYPERLINK(\"http://x\")"] * 2, rows
	assert [r[7] for r in rows[1:]] == ["\x27@SUM(A1)", "\x27+Bob"], rows
	EOF
	db_sql "UPDATE games SET title = $(db_text 1B5B33316D78C285E280AE2D31)" &&
	db_sql "UPDATE games SET title0 = title" &&
	expect_exit 0 sr export --format csv &&
	if grep -q "$(printf "\033")" out; then false; fi &&
	sed -n 2p out | grep -qF ",\x1B[31mx\xC2\x85\xE2\x80\xAE-1," &&
	db_sql "UPDATE games SET title = ${q}-1+1${q}" &&
	expect_exit 0 sr export --format csv &&
	sed -n 2p out | grep -qF ",${q}-1+1,"
'

test_expect_success 'import: the round trip gives the same games, uids kept; --json counts' '
	three_games &&
	sr export --all >all.json &&
	snapshot before.txt &&
	expect_exit 0 sr -d "$(db_url fresh)" --json import all.json &&
	json ". == {\"imported\": 3, \"skipped\": 0}" &&
	SHAKEREF_DB=$(db_url fresh) snapshot after.txt &&
	diff before.txt after.txt &&
	sr -d "$(db_url fresh)" export --all >again.json && cmp all.json again.json
'

test_expect_success 'import: the same file twice adds nothing (idempotent), from a file or -' '
	three_games &&
	sr export --all >all.json &&
	sr -d "$(db_url b)" import all.json >/dev/null &&
	SHAKEREF_DB=$(db_url b) snapshot one.txt &&
	expect_exit 0 sr -d "$(db_url b)" import all.json &&
	expect_out "imported 0 games; skipped 3 already here" &&
	expect_exit 0 sr -d "$(db_url b)" --json import - <all.json &&
	json ". == {\"imported\": 0, \"skipped\": 3}" &&
	SHAKEREF_DB=$(db_url b) snapshot two.txt && cmp one.txt two.txt &&
	expect_exit 0 sr --json import all.json &&
	json ". == {\"imported\": 0, \"skipped\": 3}"
'

test_expect_success 'import: a game grown since is a conflict (3): the whole import refused' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	sr export >one.json &&
	sr new --game shake --players Cid,Dan >/dev/null &&
	sr export --all >two.json &&
	sr -d "$(db_url b)" import one.json >/dev/null &&
	sr -d "$(db_url b)" -g 1 take >/dev/null &&
	SHAKEREF_DB=$(db_url b) snapshot before.txt &&
	expect_exit 3 sr -d "$(db_url b)" import two.json && one_err_line &&
	expect_err "uid $(jq -r ".games[0].uid" one.json)" &&
	expect_err "same uid and is another game" &&
	SHAKEREF_DB=$(db_url b) snapshot after.txt && cmp before.txt after.txt
'

test_expect_success 'import: the same uid twice in one file with other entries is a conflict (3)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	sr export >one.json &&
	jq ".games += [.games[0] | .entries = []]" one.json >twice.json &&
	expect_exit 3 sr -d "$(db_url b)" import twice.json && one_err_line &&
	expect_err "game 2 (uid" &&
	db_none b
'

test_expect_success 'import: the same uid twice in one file, keys in another order, is the same game: skipped' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null &&
	sr export >one.json &&
	jq ".games += [.games[0]] | .games[1] |= (to_entries | reverse |
	    from_entries)" one.json >twice.json &&
	test "$(jq -c ".games[0] | keys_unsorted" twice.json)" != \
	    "$(jq -c ".games[1] | keys_unsorted" twice.json)" &&
	expect_exit 0 sr -d "$(db_url b)" --json import twice.json &&
	json ". == {\"imported\": 1, \"skipped\": 1}"
'

# An imported finished game keeps no undo states (issue 39: they were
# most of what an import wrote); its undo replays it instead, and gives
# what undo gives on the table it came from, whose cache is warm.
test_expect_success 'import: a finished game undoes and redoes as on its own table; no undo state kept, check content' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	two_player_game | sr play >/dev/null &&
	sr --json status | jq -e ".state == \"finished\"" >/dev/null &&
	sr export >one.json &&
	sr -d "$(db_url b)" import one.json >/dev/null &&
	test "$(db_sql -d b "SELECT count(*) FROM undo_states")" = 0 &&
	expect_exit 0 sr -d "$(db_url b)" --json check &&
	json ".ok == true and .problems == []" &&
	for db in "$SHAKEREF_DB" "$(db_url b)"; do
		sr -d "$db" -g 1 undo && sr -d "$db" -g 1 undo &&
		sr -d "$db" -g 1 redo && sr -d "$db" --json -g 1 status &&
		sr -d "$db" -g 1 history || return 1
	done >both.txt 2>&1 &&
	n=$(($(wc -l <both.txt) / 2)) &&
	head -n "$n" both.txt >here.txt && tail -n "$n" both.txt >there.txt &&
	grep -q "undid entry 32 (Ann: pass)" here.txt &&
	cmp here.txt there.txt &&
	expect_exit 0 sr -d "$(db_url b)" --json check &&
	json ".ok == true and .problems == []"
'

test_expect_success 'import: an illegal entry is refused naming game and entry (1); nothing imported' '
	three_games &&
	sr export --all >all.json &&
	jq ".games[2].uid = \"00000000000000000000000000000001\" |
	    .games[0].uid = \"00000000000000000000000000000002\" |
	    .games[2].entries[0].args = [\"1\", \"5\", \"2\", \"3\", \"4\", \"7\"]" \
	    all.json >bad.json &&
	expect_exit 1 sr import bad.json && one_err_line &&
	expect_err "game 3 (uid 00000000000000000000000000000001): entry 1 (roll)" &&
	sr --json games --all >out && json ".games | length == 3" &&
	expect_exit 1 sr -d "$(db_url b)" import bad.json &&
	db_none b
'

test_expect_success 'import: entries must replay as the file has them (whose turn, undo target, state)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null && sr undo >/dev/null &&
	sr export >one.json &&
	jq ".games[0].entries[1].player = \"Ann\"" one.json >p.json &&
	expect_exit 1 sr -d "$(db_url b)" import p.json && one_err_line &&
	expect_err "entry 2 (take)" &&
	jq ".games[0].entries[2].args = [\"1\"]" one.json >u.json &&
	expect_exit 1 sr -d "$(db_url b)" import u.json && expect_err "entry 3 (undo)" &&
	jq ".games[0].state = \"finished\"" one.json >s.json &&
	expect_exit 1 sr -d "$(db_url b)" import s.json && expect_err "leave it active" &&
	jq ".games[0].entries += [{\"n\": 4, \"player\": null, \"verb\": \"timer\", \"args\": [], \"fact\": null, \"at\": \"2026-11-18T11:06:40Z\"}]" one.json >t.json &&
	expect_exit 2 sr -d "$(db_url b)" import t.json && one_err_line
'

test_expect_success 'import: the facts stored in the file are used, never asked again (dictionary gone)' '
	SHAKEREF_DICT_PATH="$DATA" sr new --game word --players Ann,Bob \
	    --option dict=tiny >/dev/null &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr words Ann cats >/dev/null &&
	SHAKEREF_DICT_PATH="$DATA" sr challenge Ann cats >/dev/null &&
	sr export >w.json &&
	jq -e ".games[0].entries[2].fact == \"dict:tiny cats=1\"" w.json &&
	jq ".games[0].entries[2].fact = \"dict:tiny cats=0\" |
	    .games[0].uid = \"0123456789abcdef0123456789abcdef\"" w.json >w0.json &&
	expect_exit 0 sr -d "$(db_url b)" import w.json &&
	expect_exit 0 sr -d "$(db_url b)" import w0.json &&
	sr -d "$(db_url b)" -g 1 history >out && expect_out "cats" &&
	! grep -q "not in tiny" out &&
	sr -d "$(db_url b)" -g 2 history >out && expect_out "'\''cats'\'' is not in tiny" &&
	jq ".games[0].entries[2].fact = null | .games[0].uid = \"f0123456789abcdef0123456789abcde\"" w.json >wn.json &&
	expect_exit 1 sr -d "$(db_url b)" import wn.json && expect_err "entry 3 (challenge)"
'

# SPEC.md: import is all or nothing, and bad input records nothing: a
# refused import onto a path with no database creates none, folders too.
test_expect_success SQLITE 'a refused import (exit 1, exit 3) to a new path creates no database' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr take >/dev/null &&
	sr export >one.json &&
	jq ".games[0].entries[0].args = [\"70\", \"20\"]" one.json >bad1.json &&
	expect_exit 1 sr -d fresh/dir/x.db import bad1.json && one_err_line &&
	expect_err "entry 1 (roll) is refused" &&
	test ! -e fresh &&
	jq ".games += [.games[0] | .entries = []]" one.json >bad3.json &&
	expect_exit 3 sr -d fresh/dir/x.db import bad3.json && one_err_line &&
	expect_err "same uid and is another game" &&
	test ! -e fresh &&
	jq ".games += [.games[0]]" one.json >twice.json &&
	expect_exit 0 sr -d fresh/dir/x.db --json import twice.json &&
	json ". == {\"imported\": 1, \"skipped\": 1}" &&
	test -f fresh/dir/x.db &&
	sr -d fresh/dir/x.db export --all >before.json &&
	expect_exit 3 sr -d fresh/dir/x.db import bad1.json &&
	expect_err "game 1 here has the same uid and is another game" &&
	sr -d fresh/dir/x.db export --all >after.json && cmp before.json after.json
'

# SPEC "Settled details": import holds a file to new's rules, and "the
# same game" means the same everything.
test_expect_success 'import: a fact with C0, C1 or a bidi override is refused (2); Zoë beside ZOË too' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr note hello >/dev/null &&
	sr export >one.json &&
	for f in "\u001b[31m" "a\u0085b" "x\u202ey"; do
		jq ".games[0].entries[1].fact = \"$f\"" one.json >f.json &&
		expect_exit 2 sr -d "$(db_url b)" import f.json && one_err_line &&
		expect_err "entry 2: ${q}fact${q}" &&
		db_none b || return 1
	done &&
	jq ".games[0].players = [\"Zoë\", \"ZOË\"] | .games[0].entries = [] |
	    .games[0].state = \"active\"" one.json >z.json &&
	expect_exit 2 sr -d "$(db_url b)" import z.json && one_err_line &&
	expect_err "is named twice" && db_none b &&
	jq ".games[0].players = [\"Zoe\", \"Zoë\"] | .games[0].entries = [] |
	    .games[0].state = \"active\"" one.json >z.json &&
	expect_exit 2 sr -d "$(db_url b)" import z.json && one_err_line &&
	expect_err "Zoe" && db_none b &&
	if sr new --game shake --players Zoe,Zoë 2>new.err; then false; fi &&
	test "$(sed "s/^shakeref: new: //" new.err)" = "$(sed "s/^shakeref: import: //" err)"
'

test_expect_success 'import: the same uid with another title, options, players or created refuses the import (3); the same game is skipped' '
	sr new --game ten-thousand --players Ann,Bob --title Cup >/dev/null &&
	sr roll 1 5 2 2 3 4 >/dev/null &&
	sr export >one.json &&
	sr -d "$(db_url b)" import one.json >/dev/null &&
	SHAKEREF_DB=$(db_url b) snapshot before.txt &&
	for change in ".title = \"Final\"" ".title = null" \
	    ".options.target = \"5000\"" ".players = [\"Ann\", \"Bea\"]" \
	    ".created = \"2020-01-01T00:00:00Z\""; do
		jq ".games[0] |= ($change)" one.json >c.json &&
		expect_exit 3 sr -d "$(db_url b)" import c.json && one_err_line &&
		expect_err "same uid and is another game" || return 1
	done &&
	SHAKEREF_DB=$(db_url b) snapshot after.txt && cmp before.txt after.txt &&
	expect_exit 0 sr -d "$(db_url b)" --json import one.json &&
	json ". == {\"imported\": 0, \"skipped\": 1}"
'

test_expect_success SQLITE 'a refused import onto a new path leaves nothing, even on a full disk (exit 4); on an empty file, an empty file' '
	three_games && sr export --all >all.json &&
	if (trap "" XFSZ && ulimit -f 8 && "$SHAKEREF" -d fresh/dir/x.db import all.json) >out 2>err
	then false; fi &&
	one_err_line && test ! -e fresh &&
	: >empty.db &&
	if (trap "" XFSZ && ulimit -f 8 && "$SHAKEREF" -d empty.db import all.json) >out 2>err
	then false; fi &&
	test -f empty.db && test ! -s empty.db && test ! -e empty.db-wal &&
	jq ".games[0].entries[0].args = [\"7\"]" all.json >bad.json &&
	expect_exit 1 sr -d empty.db import bad.json &&
	test ! -s empty.db &&
	expect_exit 0 sr -d empty.db import all.json &&
	sr -d empty.db --json games --all >out && json ".games | length == 3"
'

test_expect_success 'import: a number option with leading zeros is stored as the number' '
	sr new --game 10000 --players Ann,Bob --option target=500 >/dev/null &&
	sr export >t.json &&
	jq ".games[0].options.target = \"0500\"" t.json >t0.json &&
	expect_exit 0 sr -d "$(db_url z)" import t0.json &&
	sr -d "$(db_url z)" -g 1 --json status >out &&
	json ".options.target == \"500\"" &&
	sr -d "$(db_url z)" -g 1 export >out &&
	json ".games[0].options.target == \"500\""
'

test_expect_success 'import refusals: no FILE, not JSON, not an export, bad fields (2), newer format (3), unreadable (4)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr export >one.json &&
	sr --json games --all >games.before &&
	expect_exit 2 sr import && one_err_line &&
	expect_exit 2 sr import a b && one_err_line &&
	echo "{not json" >bad.json &&
	expect_exit 2 sr import bad.json && one_err_line &&
	expect_err "is not an export of shakeref" &&
	echo "[1, 2]" >bad.json &&
	expect_exit 2 sr import bad.json && one_err_line &&
	jq ".shakeref = 2" one.json >newer.json &&
	expect_exit 3 sr import newer.json && one_err_line &&
	expect_err "format 2" &&
	for f in ".games[0].uid = \"XYZ\"" ".games[0].rules = \"chess\"" \
	    ".games[0].players = [\"Ann\"]" ".games[0].players = [\"Ann\", \"ann\"]" \
	    ".games[0].players = [\"Ann\", \"12\"]" ".games[0].options = {\"shake-faces\": \"9\"}" \
	    ".games[0].options = {\"colour\": \"red\"}" ".games[0].created = \"yesterday\"" \
	    ".games[0].state = \"paused\"" "del(.games[0].entries)" \
	    ".games[0].entries = [{\"n\": 2, \"player\": null, \"verb\": \"roll\", \"args\": [\"10\", \"20\"], \"fact\": null, \"at\": \"2026-11-18T11:06:40Z\"}]" \
	    ".games[0].title = \"\"" ".games[0].title = (\"x\" * 201)"; do
		jq "$f" one.json >bad.json &&
		expect_exit 2 sr import bad.json && one_err_line &&
		expect_err "game 1" || { echo "# for: $f"; return 1; }
	done &&
	expect_exit 4 sr import missing.json && one_err_line &&
	expect_err "cannot read '\''missing.json'\''" &&
	sr --json games --all >games.after && cmp games.before games.after
'

# The file is read a game at a time (tests/bench/import.sh measures the
# memory): the outer object is scanned by hand, so what JSON allows there
# must be read as jansson reads it, and what it refuses refused.
test_expect_success 'import reads any JSON layout of an export: keys in any order, others ignored, strings with brackets; from a file or -' '
	sr new --game shake --players Ann,Bob --title "a [x] {\"y\": \"]}\\\\\"}" >/dev/null &&
	sr roll 10 20 >/dev/null && sr note "}]," >/dev/null &&
	sr export >one.json &&
	jq -c "{games: .games, extra: {\"games\": [1]}, shakeref: 1}" one.json >swapped.json &&
	expect_exit 0 sr -d "$(db_url b)" --json import swapped.json &&
	json ". == {\"imported\": 1, \"skipped\": 0}" &&
	sr -d "$(db_url b)" -g 1 export >out && cmp one.json out &&
	jq . one.json | expect_exit 0 sr -d "$(db_url b)" --json import - &&
	json ". == {\"imported\": 0, \"skipped\": 1}" &&
	printf "{\"shakeref\":1,\"games\":[]}" >empty.json &&
	expect_exit 0 sr -d "$(db_url b)" --json import empty.json &&
	json ". == {\"imported\": 0, \"skipped\": 0}"
'

test_expect_success 'import refuses what JSON refuses around the games: two games keys, text after the end, a cut file, a missing comma (2)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 10 20 >/dev/null && sr export >one.json &&
	jq -c . one.json >c.json &&
	sed "s/^{/{\"games\":[],/" c.json >twice.json &&
	{ cat c.json && echo "x"; } >after.json &&
	head -c 100 c.json >cut.json &&
	sed "s/},{/}{/; s/\"shakeref\":1,/\"shakeref\":1 /" c.json >comma.json &&
	for f in twice after cut comma; do
		expect_exit 2 sr -d "$(db_url b)" import $f.json && one_err_line &&
		expect_err "is not an export of shakeref" &&
		db_none b || { echo "# for: $f"; return 1; }
	done
'
test_done
