#!/bin/sh
# tests/cli/man-examples.sh: the manual cannot lie.  Every command shown
# in the EXAMPLES section of man/shakeref.1 is run, in order, on one fresh
# database, and must print exactly what the manual shows and exit 0 (an
# example that shows a refusal says so with `|| echo "exit status $?"`).
#
# The format, as the comment at the top of man/shakeref.1 says: in each
# .Bd -literal block of EXAMPLES, a line "$ COMMAND" is a command for sh
# (a here-document runs on to its terminator line); the lines after it, up
# to the next "$ " line or the end of the block, are its standard output
# and standard error together.  The roff escapes \- \(aq \(dq \e \& are
# read as the characters they print; any other escape fails the test.
. "$SRCDIR/tests/cli/lib.sh"

man1="$SRCDIR/man/shakeref.1"
man7="$SRCDIR/man/shakeref-games.7"
bindir=$(cd "$(dirname "$SHAKEREF")" && pwd)
work="$test_root/man"
mkdir -p "$work/steps"

# The literal lines of EXAMPLES, unescaped, each prefixed with its line
# number in the source: "712 $ shakeref roll 50 20".
sed -n '/^\.Sh EXAMPLES$/,/^\.Sh /{=;p;}' "$man1" | sed 'N;s/\n/ /' |
awk '
	{ n = $1; sub(/^[0-9]+ /, "") }
	/^\.Bd -literal/ { lit = 1; next }
	/^\.Ed/ { lit = 0; next }
	lit { print n " " $0 }
' >"$work/literal.roff"
sed -e 's/\\e/\001/g' -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" \
    -e 's/\\(dq/"/g' -e 's/\\&//g' "$work/literal.roff" >"$work/literal.x"
# Any escape left is one this reader does not know.
grep '\\' "$work/literal.x" >"$work/unknown" || :
tr '\001' '\\' <"$work/literal.x" >"$work/literal"

# Split into steps: steps/N.line, N.cmd, N.out.
awk -v dir="$work/steps" '
	{
		n = $1
		line = $0
		sub(/^[0-9]+ /, "", line)
	}
	term != "" {
		print line >> cmd
		if (line == term)
			term = ""
		next
	}
	/^[0-9]+ \$ / {
		k++
		cmd = dir "/" k ".cmd"
		out = dir "/" k ".out"
		print n > (dir "/" k ".line")
		close(dir "/" k ".line")
		c = substr(line, 3)
		print c > cmd
		printf "" > out
		if (match(c, /<<-?[ ]*["\047]?[A-Za-z_][A-Za-z_0-9]*/)) {
			term = substr(c, RSTART, RLENGTH)
			sub(/^<<-?[ ]*["\047]?/, "", term)
		}
		next
	}
	k == 0 { print "output before any command: " line > "/dev/stderr"; exit 1 }
	{ print line >> out }
' "$work/literal" 2>"$work/split.err"
split_status=$?
nsteps=$(ls "$work/steps" | grep -c '\.cmd$')

test_expect_success 'shakeref.1 EXAMPLES: read, with known escapes only' '
	cat "$work/split.err" "$work/unknown" &&
	[ "$split_status" -eq 0 ] && [ ! -s "$work/split.err" ] &&
	[ ! -s "$work/unknown" ] &&
	[ "$nsteps" -ge 20 ] &&
	grep -qx "shakeref new --game shake --players Ann,Bob" \
	    "$work/steps/1.cmd"
'

# One TAP test per command, all on the same database, in order.
db="$work/examples.db"
k=1
while [ "$k" -le "$nsteps" ]; do
	line=$(cat "$work/steps/$k.line")
	what=$(head -n 1 "$work/steps/$k.cmd")
	test_expect_success "shakeref.1:$line: $what" '
		export SHAKEREF_DB="$db" SHAKEREF_NOW=1795000000 &&
		PATH="$bindir:$PATH" sh "$work/steps/$k.cmd" >got 2>&1 &&
		diff -u "$work/steps/$k.out" got
	'
	k=$((k + 1))
done

# Both pages are clean for mandoc, when it is installed.
for page in "$man1" "$man7"; do
	if command -v mandoc >/dev/null 2>&1; then
		test_expect_success "mandoc -T lint $(basename "$page")" '
			mandoc -T lint -W style "$page" >lint 2>&1 || :
			! grep -v -e "mandoc\.db" -e "referenced manual not found" lint
		'
	else
		test_count=$((test_count + 1))
		echo "ok $test_count - mandoc -T lint $(basename "$page") # SKIP mandoc is not installed"
	fi
done
test_done
