#!/bin/sh
# tests/cli/compounds.sh: German compounds judged by Hunspell's own
# compound rules, in shakeref's code (SW-2), through the real binary:
# a challenge and `solve` agree on each word.  The verdicts are
# Hunspell's, found by hand with `hunspell -d de_DE -a` (1.7.1, Debian's
# de_DE 20161207), each word asked in lowercase and capitalised:
#
#	Haustür  Seeart  Artau  Teilhaus  Busgeldhaus	accepted
#	haustür  seeart  artau  teilhaus  busgeldhaus	refused
#	Busgeld busgeld Teilssee teilssee Teilßee teilßee
#	Seearte seearte Hausu hausu			refused
#
# and why (the .aff rules the list encodes; see src/sys/affix.h):
# - teilssee: Teil+s is no first part: a suffix on a first part needs
#   COMPOUNDPERMITFLAG (c), which SFX S has not (Teil begins one by
#   SFX j, 0/xoc).
# - seearte: arte is a word (arten), but no last part: neither its stem
#   nor its suffix carries COMPOUNDEND (z).
# - hausu: u is one letter, under COMPOUNDMIN 2 (Haus+au+... aside).
# - busgeld: Busgeld is a FORBIDDENWORD (d), though Bus+geld would
#   stand; busgeldhaus stands all the same (Hunspell cuts Bus+geld+haus
#   before it meets Busgeld+haus) -- the one kind of compound put to
#   Hunspell itself.
# - teilhaus: Teil begins a compound only capitalised (SFX j on Teil),
#   so it stands with nouns=on and is struck with nouns=off.
. "$SRCDIR/tests/cli/lib.sh"

SQ="'"
XDG_CACHE_HOME="$test_root/cache"
export XDG_CACHE_HOME SHAKEREF_DICT_PATH=/usr/share/hunspell

if [ ! -r /usr/share/hunspell/de_DE.aff ] ||
    [ ! -r /usr/share/hunspell/de_DE.dic ]; then
	echo "1..0 # SKIP de_DE is not installed"
	exit 0
fi

# agree WORD VERDICT: Bob challenges WORD (Ann's): exit 0 if VERDICT is
# stands, 5 if struck; the list of the round's solve, in out.json,
# holds WORD exactly when it stands.
agree() {
	if [ "$2" = stands ]; then
		expect_exit 0 sr challenge Ann "$1" &&
		expect_out "${SQ}$1${SQ} stands" &&
		jq -e --arg w "$1" "[.words[].word] | index(\$w) != null" \
		    out.json >/dev/null
	else
		expect_exit 5 sr challenge Ann "$1" &&
		expect_out "${SQ}$1${SQ} is not in de_DE" &&
		jq -e --arg w "$1" "[.words[].word] | index(\$w) == null" \
		    out.json >/dev/null
	fi
}

# A snake: each row read left to right, then the next right to left,
# spells BUSGELDHAUSTÜRTEILSSEEART, so each stretch of it is a path.
#	B U S G E
#	U A H D L
#	S T Ü R T
#	S S L I E
#	E E A R T
test_expect_success 'SW-2: German compounds: Haus+tür, See+art stand; Teil+s is no first part (COMPOUNDPERMITFLAG); Busgeld is forbidden, Busgeldhaus stands; challenge and solve agree' '
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option compounds=on >/dev/null &&
	sr grid BUSGE UAHDL STÜRT SSLIE EEART >/dev/null &&
	sr words Ann haustür seeart teilssee busgeld busgeldhaus >/dev/null &&
	sr --json solve --force >out.json &&
	agree haustür stands &&
	expect_out "stands as a compound: Haus+tür, on the grid" &&
	agree seeart stands &&
	agree busgeldhaus stands &&
	agree teilssee struck &&
	agree busgeld struck &&
	sr history >out &&
	expect_out "${SQ}busgeldhaus${SQ} stands as a compound: Bus+geld+haus"
'

# SEEARTEILHAUSUARTAU as a snake (then X).
#	S E E A R
#	H L I E T
#	A U S U A
#	X U A T R
#	X X X X X
test_expect_success 'SW-2: German compounds: arte is no last part (COMPOUNDEND), u is under COMPOUNDMIN, Art+au and Teil+haus stand; challenge and solve agree' '
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option compounds=on >/dev/null &&
	sr grid SEEAR HLIET AUSUA XUATR XXXXX >/dev/null &&
	sr words Ann seearte hausu artau teilhaus >/dev/null &&
	sr --json solve --force >out.json &&
	agree artau stands &&
	agree teilhaus stands &&
	expect_out "stands as a compound: Teil+haus, on the grid" &&
	agree seearte struck &&
	agree hausu struck
'

test_expect_success 'SW-2: German compounds with nouns=off: Teil begins one only capitalised, so teilhaus is struck and not listed' '
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option compounds=on \
	    --option nouns=off >/dev/null &&
	sr grid SEEAR HLIET AUSUA XUATR XXXXX >/dev/null &&
	sr words Ann teilhaus >/dev/null &&
	sr --json solve --force >out.json &&
	agree teilhaus struck
'

# SW-2's option compounds, on a grid of snakes:
#	M A U S A	MAUSA, then row 2 right to left BEND: mausabend;
#	X D N E B	ABEND (from row 1's last A), then R O T: abendrot;
#	R O T X X	SEHBA, then U below: sehbau.
#	S E H B A
#	X X X X U
# Hunspell (`hunspell -d de_DE -a`) accepts Sehbau and Mausabend, built
# by its compounding rules from seh+bau and Maus+abend, and Abendrot,
# which de_DE.dic lists (Abendrot/Sm).  With the lines COMPOUNDBEGIN,
# COMPOUNDMIDDLE and COMPOUNDEND taken out of de_DE.aff it accepts
# Abendrot and abendrot, and neither Sehbau nor Mausabend, in any case.
# Values (SW-4): sehbau 3, abendrot 5, mausabend 6.
cgrid() {
	sr grid MAUSA XDNEB ROTXX SEHBA XXXXU >/dev/null
}

test_expect_success 'SW-2: compounds=off, the default: sehbau and mausabend, which only the compounding rules build, are struck (exit 5) and not listed; abendrot, which de_DE lists, stands' '
	sr new --game word --players Ann,Bob --option dict=de_DE >/dev/null &&
	sr --json status >out &&
	json ".options.compounds == \"off\"" &&
	cgrid &&
	sr words Ann sehbau mausabend abendrot >/dev/null &&
	sr --json solve --force >out.json &&
	agree sehbau struck &&
	agree mausabend struck &&
	agree abendrot stands &&
	expect_out "${SQ}abendrot${SQ} stands: on the grid and in de_DE; it counts +5 (SW-5)" &&
	sr score >out &&
	expect_out "Ann -4, Bob 0"
'

test_expect_success 'SW-2: compounds=on: sehbau and mausabend stand and are listed, each ruling naming the parts (stands as a compound: Maus+abend), which the fact keeps; the table may still vote one down' '
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option compounds=on >/dev/null &&
	sr status >out &&
	expect_out "house rules: dict=de_DE, compounds=on" &&
	cgrid &&
	sr words Ann sehbau mausabend abendrot >/dev/null &&
	sr --json solve --force >out.json &&
	agree sehbau stands &&
	expect_out "Ann${SQ}s ${SQ}sehbau${SQ} stands as a compound: Seh+bau, on the grid and by de_DE${SQ}s compounding rules; it counts +3 (SW-2, SW-5)" &&
	agree mausabend stands &&
	expect_out "${SQ}mausabend${SQ} stands as a compound: Maus+abend, on the grid" &&
	agree abendrot stands &&
	expect_out "${SQ}abendrot${SQ} stands: on the grid and in de_DE; it counts +5 (SW-5)" &&
	sr export >out &&
	json "[.games[0].entries[].fact] | index(\"dict:de_DE mausabend=1:Maus+abend\") != null" &&
	sr status >out &&
	expect_out "stands by challenge: as a compound: Maus+abend" &&
	sr vote Ann sehbau reject >/dev/null &&
	sr score >out &&
	expect_out "Ann +8, Bob 0"
'

test_expect_success 'SW-2: solve lists with compounds=off exactly the words of its compounds=on list that Hunspell accepts with the compounding rules taken out of de_DE.aff; review counts the same words' '
	if ! command -v hunspell >/dev/null; then exit 0; fi &&
	mkdir nc &&
	grep -v -E "^(COMPOUNDBEGIN|COMPOUNDMIDDLE|COMPOUNDEND|COMPOUNDFLAG|COMPOUNDRULE)([[:space:]]|\$)" \
	    /usr/share/hunspell/de_DE.aff >nc/de_NC.aff &&
	test "$(grep -c ^COMPOUND nc/de_NC.aff)" -lt \
	    "$(grep -c ^COMPOUND /usr/share/hunspell/de_DE.aff)" &&
	cp /usr/share/hunspell/de_DE.dic nc/de_NC.dic &&
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option compounds=on >/dev/null &&
	cgrid && sr words Ann abendrot >/dev/null && sr score >/dev/null &&
	sr --json solve >on.json &&
	sr new --game word --players Ann,Bob --option dict=de_DE >/dev/null &&
	cgrid && sr words Ann abendrot >/dev/null && sr score >/dev/null &&
	sr --json solve >off.json &&
	jq -r ".words[].word" on.json >on &&
	jq -r ".words[].word" off.json | sort >off &&
	grep -qx sehbau on && grep -qx mausabend on && grep -qx abendrot off &&
	test "$(wc -l <on)" -gt "$(wc -l <off)" &&
	LC_ALL=C.UTF-8 sed "s/^./\\U&/" on >on.cap &&
	cat on on.cap | LC_ALL=C.UTF-8 hunspell -d nc/de_NC -G | sort -u >yes &&
	while read -r w; do
		c=$(printf "%s\n" "$w" | LC_ALL=C.UTF-8 sed "s/^./\\U&/") &&
		if grep -qxF -- "$w" yes || grep -qxF -- "$c" yes; then
			echo "$w"
		fi || return 1
	done <on | sort >want &&
	expect_same want off &&
	total=$(jq .best_score off.json) &&
	sr review >out &&
	expect_out "every valid word of 1 scored round: $total" &&
	expect_out "Ann found 5 ($(awk -v t="$total" "BEGIN { printf \"%.0f\", 500 / t }")%)" &&
	sr -g 1 review >out &&
	expect_out "every valid word of 1 scored round: $(jq .best_score on.json)"
'

# The migration of compounds is 5 -> 6 in src/store/store-sqlite.c's migrations[]: a
# schema 5 database is the tables schema 5 has (those of later
# migrations dropped), the games' options without the key.
schema5="meta players games seats entries tallies snapshots"
test_expect_success SQLITE 'SW-2: a schema 5 database, from before compounds: its shake-a-word games are migrated to compounds=on, so their rulings and solve stay as they were, and an export of then is the same game; other games are untouched' '
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option compounds=on >/dev/null &&
	cgrid && sr words Ann sehbau mausabend >/dev/null &&
	sr challenge Ann sehbau >/dev/null && sr score >/dev/null &&
	sr --json solve >solve.before && sr history >history.before &&
	grep -q "stands as a compound: Seh+bau" history.before &&
	sr new --game word --players Cid,Dee >/dev/null &&
	sr new --game shake --players Ann,Bob >/dev/null &&
	sqlite3 test.db "SELECT options FROM games WHERE id = 3" >shake.before &&
	v=$(sqlite3 test.db "PRAGMA user_version") && test "$v" -ge 6 &&
	for t in $(sqlite3 test.db "SELECT name FROM sqlite_master
	    WHERE type = ${SQ}table${SQ}"); do
		case " $schema5 " in
		*" $t "*) ;;
		*) sqlite3 test.db "DROP TABLE $t" || return 1 ;;
		esac
	done &&
	sqlite3 test.db "UPDATE games SET options = json_remove(options,
	    ${SQ}\$.compounds${SQ}); PRAGMA user_version = 5" &&
	test "$(sqlite3 test.db "SELECT count(*) FROM games
	    WHERE options LIKE ${SQ}%compounds%${SQ}")" -eq 0 &&
	sr -g 1 --json solve >solve.after &&
	test "$(sqlite3 test.db "PRAGMA user_version")" -eq "$v" &&
	expect_same solve.before solve.after &&
	grep -q "\"sehbau\"" solve.after &&
	sr -g 1 history >history.after &&
	expect_same history.before history.after &&
	sqlite3 test.db "SELECT options FROM games WHERE id = 1" >out &&
	echo "{\"accents\":\"fold\",\"check\":\"challenged\",\"coach\":\"on\",\"compounds\":\"on\",\"dict\":\"de_DE\",\"nouns\":\"auto\",\"scoring\":\"seed\",\"scoring-mode\":\"cumulative\"}" >want &&
	expect_same want &&
	sr -g 2 --json status >out &&
	json ".options.compounds == \"on\"" &&
	sr -g 2 status >out &&
	expect_out "house rules: compounds=on" &&
	sqlite3 test.db "SELECT options FROM games WHERE id = 3" >out &&
	expect_same shake.before &&
	sr -g 1 export | jq "del(.games[0].options.compounds)" >old.json &&
	expect_exit 0 sr import old.json &&
	expect_out "imported 0 games; skipped 1 already here" &&
	sr check >out &&
	sr new --game word --players Ann,Bob --option dict=de_DE >/dev/null &&
	sr --json status >out &&
	json ".options.compounds == \"off\""
'

test_expect_success 'SW-2: an export from before compounds (a game whose options lack it) is imported with compounds=on, as it was played; an export with compounds=off keeps it' '
	sr new --game word --players Ann,Bob --option dict=de_DE >/dev/null &&
	cgrid && sr words Ann abendrot >/dev/null && sr score >/dev/null &&
	sr export >new.json &&
	jq -e ".games[0].options.compounds == \"off\"" new.json >/dev/null &&
	jq "del(.games[0].options.compounds)" new.json >old.json &&
	expect_exit 0 sr -d old.db import old.json &&
	sr -d old.db -g 1 --json status >out &&
	json ".options.compounds == \"on\"" &&
	sr -d old.db -g 1 --json solve >out &&
	json "[.words[].word] | index(\"sehbau\") != null and index(\"mausabend\") != null" &&
	expect_exit 0 sr -d new.db import new.json &&
	sr -d new.db -g 1 --json status >out &&
	json ".options.compounds == \"off\"" &&
	sr -d new.db -g 1 --json solve >out &&
	json "[.words[].word] | index(\"sehbau\") == null"
'

test_done
