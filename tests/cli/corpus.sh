#!/bin/sh
# tests/cli/corpus.sh: the bad-input corpus (tests/corpus/bad-input) run
# against every command and every game (rules lists them): each input exits with its
# status, prints exactly one line on stderr ("shakeref: ...") with no raw
# control byte and valid UTF-8, and leaves `history --json` byte for byte
# as it was.  One game per rules is set up once; each input is one TAP
# test.
. "$SRCDIR/tests/cli/lib.sh"

CORPUS="$SRCDIR/tests/corpus/bad-input"
cd "$test_root" || exit 1
mkdir -p home
export HOME="$test_root/home" SHAKEREF_NOW=1795000000 \
    SHAKEREF_DICT_PATH="$SRCDIR/tests/data"
CTL=$(printf '[\001-\037\177]')
C1=$(printf '\302[\200-\237]')
BIDI=$(printf '\342\200[\252-\256]')

# A game of each rules with a few entries, and its history.
setup() {
	export SHAKEREF_DB="$test_root/$1.db"
	case $1 in
	shake)
		sr new --game shake --players Ann,Bob && sr roll 20 10 ;;
	shake-up)
		sr new --game shake-up --players Ann,Bob && sr roll 6 1 ;;
	ten-thousand)
		sr new --game ten-thousand --players Ann,Bob &&
		sr roll 1 5 2 3 4 6 ;;
	shake-a-word)
		sr new --game word --players Ann,Bob --option dict=tiny &&
		sr grid CATS ORED DOGS QUITE && sr words Ann dogs ;;
	stack-attack)
		sr new --game stack-attack --players Ann,Bob &&
		sr roll 5 4 1 1 1 && sr place 5 4 ;;
	*)
		# Any other game (Pig in shakeref-pig): a new game of it.
		sr new --game "$1" --players Ann,Bob ;;
	esac >/dev/null || { echo "Bail out! cannot set up $1"; exit 1; }
	sr --json history >"$1.history"
}

# Every game (rules lists them): the lines of its own, and those of every
# game ("*|..."), so a new game is in the corpus without a line here.
games=$(rules_names)
for g in $games; do
	setup "$g"
done
grep -q "^\*|" "$CORPUS" ||
    { echo "Bail out! $CORPUS has no line for every game"; exit 1; }

# Check the last run: $1 the status wanted, $2 the one got.
check() {
	if [ "$2" -ne "$1" ]; then
		echo "# exit $2, want $1"
		return 1
	fi
	if [ "$(wc -l <err)" -ne 1 ] || ! grep -q '^shakeref: ' err; then
		echo "# stderr is not one line 'shakeref: ...':"
		sed 's/^/#   /' err | head -n 5
		return 1
	fi
	if LC_ALL=C grep -q -e "$CTL" -e "$C1" -e "$BIDI" err ||
	    ! iconv -f UTF-8 -t UTF-8 err >/dev/null 2>&1; then
		echo "# raw control bytes or invalid UTF-8 on stderr:"
		od -c err | sed 's/^/#   /' | head -n 5
		return 1
	fi
	sr --json history >history.after 2>/dev/null
	if ! cmp -s "$game.history" history.after; then
		echo "# history --json changed"
		return 1
	fi
}

n=0
# Each line, a "*|..." line once per game.
while IFS= read -r line; do
	case $line in
	'#'*|'') ;;
	'*|'*) for g in $games; do printf '%s\n' "$g|${line#\*|}"; done ;;
	*) printf '%s\n' "$line" ;;
	esac
done <"$CORPUS" | while IFS= read -r line; do
	n=$((n + 1))
	# GAME|STATUS|ARG|...: the fields, each decoded (printf %b).
	set -f
	oldifs=$IFS
	IFS='|'
	# shellcheck disable=SC2086
	set -- $line
	IFS=$oldifs
	set +f
	game=$1 want=$2
	shift 2
	k=$#
	while [ "$k" -gt 0 ]; do
		f=$1
		shift
		if [ "$f" = "<empty>" ]; then
			f=
		else
			f=$(printf '%bx' "$f")
			f=${f%x}
		fi
		set -- "$@" "$f"
		k=$((k - 1))
	done
	export SHAKEREF_DB="$test_root/$game.db"
	if [ "$1" = "<" ]; then
		printf '%s\n' "$2" | sr play >out 2>err
	else
		sr "$@" >out 2>err
	fi
	got=$?
	if check "$want" "$got" >why 2>&1; then
		echo "ok $n - $game: $line"
	else
		echo "not ok $n - $game: $line"
		cat why
		test_failed=$((test_failed + 1))
	fi
	echo "$n $test_failed" >counts
done
read -r n test_failed <counts
[ "$n" -ge 300 ] || { echo "not ok $((n + 1)) - the corpus has $n inputs, fewer than 300"; n=$((n + 1)); test_failed=$((test_failed + 1)); }
test_count=$n
test_done
