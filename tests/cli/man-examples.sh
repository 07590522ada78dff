#!/bin/sh
# tests/cli/man-examples.sh: the manual cannot lie.  The examples of the
# manual pages are run through the binary and must print exactly what the
# pages show, and both pages must be clean for mandoc.
#
# Which blocks are run:
# - man/shakeref.1 (as make built it from man/shakeref.1.in): every .Bd -literal block of EXAMPLES, in order, all on
#   one fresh database (a single session);
# - man/shakeref-games.7 (made from man/shakeref-games.7.in and the rule
#   cards, seeds/*.md): every .Bd -literal block right after one or more
#   comment lines `.\" run: COMMAND`, each block on a fresh database of its
#   own; its `run:` commands are run first (for sh, unescaped, output
#   ignored, they must succeed) to set the table up.
#
# Inside a block a line "$ COMMAND" is a command for sh (a here-document
# runs on to its terminator line); the lines after it, up to the next "$ "
# line or the end of the block, are its standard output and standard error
# together, exactly, and the command must exit 0 (an example that shows a
# refusal says so with `|| echo "exit status $?"`).  The roff escapes \-
# \(aq \(dq \e \& are read as the characters they print; any other escape
# fails the test.
. "$SRCDIR/tests/cli/lib.sh"

man1="${SHAKEREF_MAN1:-${BUILDDIR:-$SRCDIR}/man/shakeref.1}"	# made from man/shakeref.1.in
man7="${SHAKEREF_MAN7:-${BUILDDIR:-$SRCDIR}/man/shakeref-games.7}"	# made from the rule cards
# "shakeref" in the examples is $SHAKEREF, whatever its name (shakeref-pig).
bindir="$test_root/bin"
mkdir -p "$bindir" &&
    ln -s "$(cd "$(dirname "$SHAKEREF")" && pwd)/$(basename "$SHAKEREF")" \
    "$bindir/shakeref" || exit 1
work="$test_root/man"

# Split page's examples (mode: examples or run) into $work/NAME/K.*:
# K.cmd, K.out (expected), K.line (source line), K.db (the database's
# name), K.setup (present for a run: command).  Escapes it cannot read go
# to $work/NAME.unknown, other problems to $work/NAME.err.
split_examples() {
	page=$1 mode=$2 name=$3
	mkdir -p "$work/$name"
	awk -v dir="$work/$name" -v mode="$mode" \
	    -v unknown="$work/$name.unknown" '
	function unescape(s) {
		gsub(/\\e/, "\001", s)
		gsub(/\\-/, "-", s)
		gsub(/\\\(aq/, "\047", s)
		gsub(/\\\(dq/, "\"", s)
		gsub(/\\&/, "", s)
		if (s ~ /\\/)
			print FILENAME ":" FNR ": " s > unknown
		gsub(/\001/, "\\", s)
		return s
	}
	function step(text, setup, at) {
		k++
		cmd = dir "/" k ".cmd"
		out = dir "/" k ".out"
		print at > (dir "/" k ".line")
		print db > (dir "/" k ".db")
		close(dir "/" k ".line")
		close(dir "/" k ".db")
		if (setup) {
			print "" > (dir "/" k ".setup")
			close(dir "/" k ".setup")
		}
		print text > cmd
		printf "" > out
	}
	/^\.Sh / { inex = ($0 == ".Sh EXAMPLES") }
	lit && /^\.Ed/ {
		if (term != "")
			print FILENAME ":" FNR ": unfinished here-document" \
			    > "/dev/stderr"
		lit = 0
		next
	}
	lit {
		line = unescape($0)
		if (term != "") {
			print line >> cmd
			if (line == term)
				term = ""
			next
		}
		if (line ~ /^\$ /) {
			c = substr(line, 3)
			step(c, 0, FNR)
			if (match(c, /<<-?[ ]*["\047]?[A-Za-z_][A-Za-z_0-9]*/)) {
				term = substr(c, RSTART, RLENGTH)
				sub(/^<<-?[ ]*["\047]?/, "", term)
			}
		} else if (fresh)
			print FILENAME ":" FNR ": output before any command" \
			    > "/dev/stderr"
		else
			print line >> out
		fresh = 0
		next
	}
	mode == "run" && /^\.\\" run: / {
		pending[++npending] = substr($0, 10)
		pline[npending] = FNR
		next
	}
	/^\.Bd -literal/ && (mode == "run" ? npending > 0 : inex) {
		lit = 1
		fresh = 1
		if (mode == "run" || db == "")
			db = "db" FNR
		for (i = 1; i <= npending; i++)
			step(pending[i], 1, pline[i])
		npending = 0
		next
	}
	{ npending = 0 }
	' "$page" 2>"$work/$name.err"
	[ $? -eq 0 ] || echo "awk failed" >>"$work/$name.err"
	ls "$work/$name" | grep -c '\.cmd$'
}

# Run the examples split into $work/NAME, one TAP test each.
run_examples() {
	name=$1 label=$2
	k=1
	while [ -f "$work/$name/$k.cmd" ]; do
		line=$(cat "$work/$name/$k.line")
		db="$work/$name-$(cat "$work/$name/$k.db").db"
		# (echo may read backslashes in a test name as escapes)
		what=$(head -n 1 "$work/$name/$k.cmd" | tr -d '\\')
		if [ -f "$work/$name/$k.setup" ]; then
			what="set-up"
		fi
		test_expect_success "$label:$line: $what" '
			export SHAKEREF_DB="$db" SHAKEREF_NOW=1795000000 &&
			if [ -f "$work/$name/$k.setup" ]; then
				PATH="$bindir:$PATH" sh "$work/$name/$k.cmd" \
				    >got 2>&1 || { cat got; false; }
			else
				PATH="$bindir:$PATH" sh "$work/$name/$k.cmd" >got 2>&1 &&
				diff -u "$work/$name/$k.out" got
			fi
		'
		k=$((k + 1))
	done
}

n1=$(split_examples "$man1" examples shakeref.1)
test_expect_success 'shakeref.1: EXAMPLES read, with known escapes only' '
	{ cat "$work/shakeref.1.err" "$work/shakeref.1.unknown" 2>/dev/null ||
	    :; } &&
	[ ! -s "$work/shakeref.1.err" ] && [ ! -s "$work/shakeref.1.unknown" ] &&
	[ "$n1" -ge 20 ] &&
	grep -qx "shakeref new --game shake --players Ann,Bob" \
	    "$work/shakeref.1/1.cmd"
'
run_examples shakeref.1 shakeref.1

n7=$(split_examples "$man7" run shakeref-games.7)
test_expect_success 'shakeref-games.7: examples read, with known escapes only' '
	{ cat "$work/shakeref-games.7.err" \
	    "$work/shakeref-games.7.unknown" 2>/dev/null || :; } &&
	[ ! -s "$work/shakeref-games.7.err" ] &&
	[ ! -s "$work/shakeref-games.7.unknown" ] &&
	[ "$n7" -ge 5 ]
'
run_examples shakeref-games.7 shakeref-games.7

# The manual leaves nothing out: every command and verb the binary
# lists, and every rules name and option it knows, has its entry.
# The entries of shakeref.1: ".It Cm NAME ..." or ".It Xo" then ".Cm NAME".
awk '
	xo && /^\.Cm / { print $2 }
	{ xo = ($0 == ".It Xo") }
	/^\.It Cm / { print $3 }
' "$man1" | sort -u >"$work/entries"

# Print each line of file $1 that is not a word of $2.
missing() {
	while read -r w; do
		grep -qx -- "$w" "$2" || echo "$w"
	done <"$1"
}

test_expect_success 'shakeref.1 has an entry for every command of help' '
	sr help >help &&
	sed -n "/^commands:/,/^\$/s/^  \([a-z][a-z-]*\) .*/\1/p" help \
	    >commands &&
	[ "$(wc -l <commands)" -ge 11 ] &&
	missing commands "$work/entries" >absent &&
	cat absent && [ ! -s absent ]
'
test_expect_success 'shakeref.1 has an entry for every game verb' '
	sr help >help &&
	sed -n "s/^  VERB .*game verb: //p" help | tr -d "," |
	    tr " " "\n" >verbs &&
	[ "$(wc -l <verbs)" -ge 22 ] &&
	missing verbs "$work/entries" >absent &&
	cat absent && [ ! -s absent ]
'
test_expect_success 'shakeref.1 names every rules and lists its options' '
	sr rules >rules &&
	sed -n "s/^\([a-z][a-z-]*\) .*/\1/p" rules >names &&
	[ "$(wc -l <names)" -ge 1 ] &&
	: >absent &&
	while read -r g; do
		grep -q "^\.Cm $g" "$man1" || echo "rules $g" >>absent
		sr rules "$g" >card || echo "rules $g: exit $?" >>absent
		sed -n "s/^  \([a-z-]*\)=.*/\1/p" card >opts
		while read -r o; do
			grep -q "^\.It $g Ta Cm $o Ta" "$man1" ||
			    echo "option $g $o" >>absent
		done <opts
	done <names &&
	cat absent && [ ! -s absent ]
'

test_expect_success 'shakeref.1 FILES names the data folder configure chose' '
	test -n "${PKGDATADIR:-}" &&
	grep -qx "\.It Pa $PKGDATADIR/en_US\.dawg" "$man1" &&
	! grep -q "@pkgdatadir@" "$man1"
'

# Both pages are clean for mandoc, when it is installed.
for page in "$man1" "$man7"; do
	if command -v mandoc >/dev/null 2>&1; then
		test_expect_success "mandoc -T lint $(basename "$page")" '
			{ mandoc -T lint -W style "$page" >lint 2>&1 || :; } &&
			! grep -v -e "mandoc\.db" \
			    -e "referenced manual not found" lint
		'
	else
		test_count=$((test_count + 1))
		echo "ok $test_count - mandoc -T lint $(basename "$page") # SKIP mandoc is not installed"
	fi
done
test_done
