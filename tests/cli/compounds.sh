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
# and why (the .aff rules the list encodes; see src/affix.h):
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
	sr new --game word --players Ann,Bob --option dict=de_DE >/dev/null &&
	sr grid BUSGE UAHDL STÜRT SSLIE EEART >/dev/null &&
	sr words Ann haustür seeart teilssee busgeld busgeldhaus >/dev/null &&
	sr --json solve --force >out.json &&
	agree haustür stands &&
	expect_out "as ${SQ}Haustür${SQ}" &&
	agree seeart stands &&
	agree busgeldhaus stands &&
	agree teilssee struck &&
	agree busgeld struck
'

# SEEARTEILHAUSUARTAU as a snake (then X).
#	S E E A R
#	H L I E T
#	A U S U A
#	X U A T R
#	X X X X X
test_expect_success 'SW-2: German compounds: arte is no last part (COMPOUNDEND), u is under COMPOUNDMIN, Art+au and Teil+haus stand; challenge and solve agree' '
	sr new --game word --players Ann,Bob --option dict=de_DE >/dev/null &&
	sr grid SEEAR HLIET AUSUA XUATR XXXXX >/dev/null &&
	sr words Ann seearte hausu artau teilhaus >/dev/null &&
	sr --json solve --force >out.json &&
	agree artau stands &&
	agree teilhaus stands &&
	expect_out "as ${SQ}Teilhaus${SQ}" &&
	agree seearte struck &&
	agree hausu struck
'

test_expect_success 'SW-2: German compounds with nouns=off: Teil begins one only capitalised, so teilhaus is struck and not listed' '
	sr new --game word --players Ann,Bob --option dict=de_DE \
	    --option nouns=off >/dev/null &&
	sr grid SEEAR HLIET AUSUA XUATR XXXXX >/dev/null &&
	sr words Ann teilhaus >/dev/null &&
	sr --json solve --force >out.json &&
	agree teilhaus struck
'

test_done
