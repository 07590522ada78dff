#!/bin/sh
# tests/cli/languages.sh: whole Shake-A-Word rounds in en_US, en_GB,
# de_DE, fr_FR and es_ES (SW-1, SW-2, SW-4, SW-5): letters of the
# language on the grid and in words, nouns=on/off, accents=fold/exact,
# rulings naming the dictionary form, solve agreeing with the challenges.
# The system's dictionaries (./bootstrap installs them); one missing is
# skipped.  Word lists are built once into a shared cache.
. "$SRCDIR/tests/cli/lib.sh"

SQ="'"
XDG_CACHE_HOME="$test_root/cache"
export XDG_CACHE_HOME SHAKEREF_DICT_PATH=/usr/share/hunspell

# have DICT: the dictionary is installed.
have() {
	[ -r "/usr/share/hunspell/$1.aff" ] && [ -r "/usr/share/hunspell/$1.dic" ]
}

# hunspell_rejects NAME REJECTED ASKED [OPTIONS]: the hunspell command
# itself, asked about ASKED (a printf format, a word a line) in
# dict/NAME with OPTIONS, rejects exactly REJECTED (space-separated, ""
# for none); true without a hunspell command.
hunspell_rejects() {
	command -v hunspell >/dev/null || return 0
	set -- "$1" "$2" "$(printf "$3" | hunspell -d "dict/$1" ${4:-} -l |
	    tr "\n" " ")"
	[ "$3" = "$2${2:+ }" ]
}

# skip DICT NAME: report a test skipped for a dictionary not installed.
skip() {
	test_count=$((test_count + 1))
	echo "ok $test_count # SKIP $2: $1 is not installed"
}

# The German grid: STRAßE, HAUS and MÄUSE are paths on it.
#	S T R A
#	E N Z ß
#	H A U E
#	M Ä U S
de_grid() {
	sr grid STRA ENZß HAUE MÄUS >out
}

if have de_DE; then
test_expect_success 'SW-1, SW-2: German: umlauts and ß on the grid and in words; nouns stand by their capital (nouns on by default); ß and ss are one word (accents=fold)' '
	sr new --game word --players Ann,Bob --option dict=de_DE >/dev/null &&
	de_grid &&
	expect_out "4x4 grid STRA ENZẞ HAUE MÄUS" &&
	sr words Ann haus straße MÄUSE >out &&
	expect_out "Ann wrote haus, straße, mäuse" &&
	sr words Bob Strasse >/dev/null &&
	expect_exit 0 sr challenge Ann haus &&
	expect_out "${SQ}haus${SQ} stands: on the grid and in de_DE as ${SQ}Haus${SQ}" &&
	expect_exit 0 sr challenge Ann mäuse &&
	expect_out "as ${SQ}Mäuse${SQ}" &&
	expect_exit 0 sr challenge Bob strasse &&
	expect_out "${SQ}strasse${SQ} stands: on the grid and in de_DE as ${SQ}Straße${SQ}; it counts 0, crossed out" &&
	sr --json status >out &&
	json ".grid == [\"STRA\", \"ENZẞ\", \"HAUE\", \"MÄUS\"]" &&
	json ".options.nouns == \"on\" and .options.accents == \"fold\"" &&
	sr status >out &&
	expect_out "  S   T   R   A" &&
	expect_out "  E   N   Z   ẞ" &&
	expect_out "crossed out" &&
	sr score >out &&
	expect_out "Ann +3, Bob 0" &&
	sr --json solve >out &&
	json "[.words[].word] | index(\"haus\") != null and index(\"straße\") != null and index(\"mäuse\") != null" &&
	json ".missed.Ann | index(\"straße\") == null" &&
	json ".missed.Bob | index(\"straße\") == null and index(\"haus\") != null"
'

test_expect_success 'SW-2: German with nouns=off: a noun in lowercase is struck' '
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option nouns=off >/dev/null &&
	de_grid &&
	sr words Ann haus >/dev/null &&
	expect_exit 5 sr challenge Ann haus &&
	expect_out "${SQ}haus${SQ} is not in de_DE" &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json "[.words[].word] | index(\"haus\") == null"
'

test_expect_success 'SW-2: German with accents=exact: strasse is not on a grid with ß, straße is' '
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option accents=exact >/dev/null &&
	de_grid &&
	sr words Ann strasse >/dev/null &&
	sr words Bob straße >/dev/null &&
	expect_exit 5 sr challenge Ann strasse &&
	expect_out "${SQ}strasse${SQ} is not on the grid" &&
	expect_exit 0 sr challenge Bob straße &&
	expect_out "as ${SQ}Straße${SQ}; it counts +3"
'

# A German grid of compounds: HAUSTÜR (Haus+Tür), SEEBUS (See+Bus) and
# HAUTSEE (Haut+See) are paths, and compounds no stem of de_DE lists;
# BUSEE is a path Hunspell refuses, capitalised or not.
#	H A U S
#	R Ü T E
#	N B E E
#	K S U B
test_expect_success 'SW-2: German compounds (compounds=on): what Hunspell accepts stands, its parts named, and solve lists it; what it refuses is struck and not listed' '
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option compounds=on >/dev/null &&
	sr grid HAUS RÜTE NBEE KSUB >/dev/null &&
	sr words Ann seebus haustür hautsee >/dev/null &&
	sr words Bob busee >/dev/null &&
	expect_exit 0 sr challenge Ann seebus &&
	expect_out "${SQ}seebus${SQ} stands as a compound: See+bus, on the grid and by de_DE${SQ}s compounding rules" &&
	expect_exit 0 sr challenge Ann haustür &&
	expect_out "as a compound: Haus+tür" &&
	expect_exit 5 sr challenge Bob busee &&
	expect_out "${SQ}busee${SQ} is not in de_DE" &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json "[.words[].word] | index(\"seebus\") != null and index(\"haustür\") != null and index(\"hautsee\") != null and index(\"busee\") == null"
'

test_expect_success 'SW-2: German compounds with nouns=off: a compound Hunspell knows only capitalised is struck and not listed' '
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option compounds=on --option nouns=off >/dev/null &&
	sr grid HAUS RÜTE NBEE KSUB >/dev/null &&
	sr words Ann seebus >/dev/null &&
	expect_exit 5 sr challenge Ann seebus &&
	expect_out "${SQ}seebus${SQ} is not in de_DE" &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json "[.words[].word] | index(\"seebus\") == null"
'
else
	skip de_DE "German rounds"
fi

# The French grid: ÉTAIT (as ETAIT), CHEZ, FORÊT.
#	E T A I
#	C H E T
#	O M Z T
#	F O R Ê
fr_grid() {
	sr grid ETAI CHET OMZT FORÊ >/dev/null
}

if have fr_FR; then
test_expect_success 'SW-2: French: words without accents stand by their accented form (accents=fold); chez, which unmunch lost, stands' '
	sr new --game word --players Ann,Bob --option dict=fr_FR >/dev/null &&
	fr_grid &&
	sr words Ann etait chez forêt >/dev/null &&
	expect_exit 0 sr challenge Ann etait &&
	expect_out "${SQ}etait${SQ} stands: on the grid and in fr_FR as ${SQ}était${SQ}" &&
	expect_exit 0 sr challenge Ann chez &&
	expect_out "${SQ}chez${SQ} stands: on the grid and in fr_FR;" &&
	expect_exit 0 sr challenge Ann forêt &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json "[.words[].word] | index(\"était\") != null and index(\"chez\") != null" &&
	json "[.words[].word] | index(\"foret\") != null or index(\"forêt\") != null" &&
	json ".missed.Ann | index(\"était\") == null and index(\"chez\") == null and index(\"foret\") == null and index(\"forêt\") == null" &&
	json ".missed.Bob | index(\"était\") != null"
'

test_expect_success 'SW-2: French with accents=exact: etait is struck, était stands' '
	sr new --game word --players Ann,Bob --option dict=fr_FR \
	    --option accents=exact >/dev/null &&
	fr_grid &&
	sr words Ann etait >/dev/null &&
	sr words Bob forêt >/dev/null &&
	expect_exit 5 sr challenge Ann etait &&
	expect_out "${SQ}etait${SQ} is not in fr_FR" &&
	expect_exit 0 sr challenge Bob forêt &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json "[.words[].word] | index(\"etait\") == null and index(\"chez\") != null"
'
else
	skip fr_FR "French rounds"
fi

if have es_ES; then
test_expect_success 'SW-1, SW-4: Spanish: Ñ on the grid, año in words, crossed out when two write it' '
	sr new --game word --players Ann,Bob --option dict=es_ES >/dev/null &&
	sr grid CASA ÑOTR AÑOE LUZS >out &&
	expect_out "4x4 grid CASA ÑOTR AÑOE LUZS" &&
	sr words Ann año casa >/dev/null &&
	sr words Bob AÑO luz >out &&
	expect_out "Bob wrote año, luz" &&
	expect_exit 0 sr challenge Ann casa &&
	expect_exit 0 sr challenge Bob luz &&
	sr score >out &&
	expect_out "Ann +1, Bob +1" &&
	sr --json solve >out &&
	json "[.words[].word] | index(\"año\") != null and index(\"casa\") != null and index(\"luz\") != null"
'
else
	skip es_ES "Spanish round"
fi

# The English grid: COLOUR and COLOR.
#	C O L O
#	R U O U
#	T E S R
#	A B C D
if have en_GB && have en_US; then
test_expect_success 'SW-2: British and American English: colour stands in en_GB, is struck in en_US' '
	sr new --game word --players Ann,Bob --option dict=en_GB >/dev/null &&
	sr grid COLO RUOU TESR ABCD >/dev/null &&
	sr words Ann colour >/dev/null &&
	expect_exit 0 sr challenge Ann colour &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json "[.words[].word] | index(\"colour\") != null" &&
	sr new --game word --players Ann,Bob --option dict=en_US >/dev/null &&
	sr grid COLO RUOU TESR ABCD >/dev/null &&
	sr words Ann colour color >/dev/null &&
	expect_exit 5 sr challenge Ann colour &&
	expect_exit 0 sr challenge Ann color &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json "[.words[].word] | index(\"colour\") == null and index(\"color\") != null"
'
else
	skip en_GB "English rounds"
fi

test_expect_success 'a word list of an older shakeref in the cache is built again' '
	if ! have en_GB; then exit 0; fi &&
	export XDG_CACHE_HOME="$PWD/cache" &&
	sr new --game word --players Ann,Bob --option dict=en_GB >/dev/null &&
	sr grid COLO RUOU TESR ABCD >/dev/null &&
	sr words Ann colour >/dev/null &&
	sr score >/dev/null &&
	mkdir -p cache/shakeref &&
	printf "SRDAWG03%032d" 0 >cache/shakeref/en_GB.dawg &&
	sr --json solve >out &&
	json "[.words[].word] | index(\"colour\") != null" &&
	magic=$(sed -n "s/^#define DAWG_MAGIC.*\"\(SRDAWG[0-9]*\)\"/\1/p" \
	    "$SRCDIR/src/core/dawg.h") && test -n "$magic" &&
	head -c 8 cache/shakeref/en_GB.dawg | grep -q "$magic"
'

# A dictionary whose affix classes are named by a letter beyond ASCII in
# a FLAG char file (it_IT's Roman numerals: "SFX £"): Hunspell reads a
# class's flag as its first byte, and so must the list.  By hand, the
# words of xx_TEST: bak, rebak (PFX £), baking (SFX é), rebaking (both,
# cross products), tor; all five are paths of the grid:
#	R E B A
#	G N I K
#	T O R S
#	X X X X
test_expect_success 'SW-2: affix classes flagged by a byte beyond ASCII: the words Hunspell accepts stand and solve lists them' '
	dict_make xx_TEST \
	    "SET UTF-8\nPFX £ Y 1\nPFX £ 0 re .\nSFX é Y 1\nSFX é 0 ing .\n" \
	    "2\nbak/£é\ntor\n" &&
	hunspell_rejects xx_TEST "" "bak\nrebak\nbaking\nrebaking\ntor\n" &&
	sr new --game word --players Ann,Bob --option dict=xx_TEST >/dev/null &&
	sr grid REBA GNIK TORS XXXX >/dev/null &&
	sr words Ann rebaking rebak >/dev/null &&
	sr words Bob baking tor >/dev/null &&
	expect_exit 0 sr challenge Ann rebaking &&
	expect_exit 0 sr challenge Bob baking &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json "[.words[].word] | sort == [\"bak\", \"baking\", \"rebak\", \"rebaking\", \"tor\"]"
'

# A .dic entry is cut where Hunspell cuts it: before a morphological
# field ("rex po:noun" is rex), at a tab, else never (pt_BR's "mea
# culpa" is one entry with a space: neither mea nor culpa is a word).
#	M E A X
#	C U L P
#	R E X A
#	X X X X
test_expect_success 'SW-2: a dictionary entry with a space is no word of its parts; one with a morphological field is its word' '
	dict_make xx_ENTRY "SET UTF-8\n" "2\nmea culpa\nrex po:noun\n" &&
	hunspell_rejects xx_ENTRY "mea culpa" "mea\nculpa\nrex\n" &&
	sr new --game word --players Ann,Bob --option dict=xx_ENTRY >/dev/null &&
	sr grid MEAX CULP REXA XXXX >/dev/null &&
	sr words Ann mea rex >/dev/null &&
	sr words Bob culpa >/dev/null &&
	expect_exit 5 sr challenge Ann mea &&
	expect_exit 5 sr challenge Bob culpa &&
	expect_exit 0 sr challenge Ann rex &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json "[.words[].word] == [\"rex\"]"
'

# A dictionary updated after its list was built: the list is built again
# on its next use, even within the second the list was written in (the
# times compared to the nanosecond where the file system keeps them).
test_expect_success 'a word list older than its dictionary is built again, to the nanosecond' '
	dict_make xx_UPD "SET UTF-8\n" "1\ncat\n" &&
	sr new --game word --players Ann,Bob --option dict=xx_UPD >/dev/null &&
	sr grid CATX DOGX EELS XXXX >/dev/null &&
	sr words Ann cat dog eel >/dev/null &&
	expect_exit 0 sr challenge Ann cat &&
	expect_exit 5 sr challenge Ann dog &&
	list="$XDG_CACHE_HOME/shakeref/xx_UPD.dawg" &&
	test -s "$list" &&
	printf "2\ncat\ndog\n" >dict/xx_UPD.dic &&
	touch -d "@$(($(date +%s) + 20))" dict/xx_UPD.dic &&
	sr undo >/dev/null &&
	expect_exit 0 sr challenge Ann dog &&
	t=$(($(date +%s) + 40)) &&
	printf "3\ncat\ndog\neel\n" >dict/xx_UPD.dic &&
	touch -d "@$t.2" "$list" && touch -d "@$t.7" dict/xx_UPD.dic &&
	expect_exit 0 sr challenge Ann eel
'

# A dictionary in another encoding than UTF-8 (pl_PL is ISO8859-2): its
# files are read in it and words are put to Hunspell in it.  By hand,
# xx_LAT (ISO8859-1) holds café and, by SFX A, cafés; both are paths:
#	C A F É
#	X X X S
#	X X X X
test_expect_success 'SW-2: a dictionary in ISO8859-1: its words with accents stand and solve lists them' '
	dict_make xx_LAT "SET ISO8859-1\nSFX A Y 1\nSFX A 0 s .\n" \
	    "1\ncaf\351/A\n" &&
	hunspell_rejects xx_LAT "" "caf\351\ncaf\351s\n" "-i ISO8859-1" &&
	sr new --game word --players Ann,Bob --option dict=xx_LAT \
	    --option accents=exact >/dev/null &&
	sr grid CAFÉ XXXS XXXX XXXX >/dev/null &&
	sr words Ann café >/dev/null &&
	sr words Bob cafés >/dev/null &&
	expect_exit 0 sr challenge Ann café &&
	expect_exit 0 sr challenge Bob cafés &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json "[.words[].word] | sort == [\"café\", \"cafés\"]"
'

test_expect_success 'rules shake-a-word lists the installed dictionaries' '
	sr rules shake-a-word >out &&
	expect_out "Dictionaries installed:" &&
	expect_out " en_US" &&
	{ ! have de_DE || expect_out " de_DE"; }
'

test_expect_success 'a missing dictionary names the Debian package that provides it' '
	if have da_DK; then exit 0; fi &&
	expect_exit 4 sr new --game word --players Ann,Bob --option dict=da_DK &&
	one_err_line &&
	expect_err "install the Debian package hunspell-da," &&
	expect_err "shakeref rules shake-a-word"
'

test_expect_success 'SW-1: a letter outside the language is refused with its name, a sign too' '
	sr new --game word --players Ann,Bob >/dev/null &&
	expect_refused 1 "${SQ}€${SQ} is not a letter" sr grid CAT€ DOGS TEAS RATS &&
	sr grid CATS DOGS TEAS RATS >/dev/null &&
	expect_refused 1 "${SQ}€${SQ} is not a letter" sr words Ann ca€
'

test_done
