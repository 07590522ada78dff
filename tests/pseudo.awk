# tests/pseudo.awk: a pseudo-translation of a catalog (tests/cli/evening.sh).
# Input: msgen's output with --no-wrap (each msgstr its msgid).  Output:
# the same, each run of ASCII letters of every msgstr marked with "ǂ",
# but in a conversion (%s, %2$ld, %%) or an escape (\n, \"); the header
# made a language's.  A sentence of shakeref that no catalog translates
# comes out unmarked, which the test finds.
function mark(s,   out, i, c, n, inword) {
	out = ""
	inword = 0
	n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (c == "\\") {
			out = out c substr(s, i + 1, 1)
			i++
			inword = 0
			continue
		}
		if (c == "%") {
			out = out c
			while (i < n && substr(s, i + 1, 1) ~ /[-+ #0-9.*$hlLzjt']/)
				out = out substr(s, ++i, 1)
			if (i < n)
				out = out substr(s, ++i, 1)
			inword = 0
			continue
		}
		if (c ~ /[A-Za-z]/) {
			if (!inword)
				out = out "ǂ"
			inword = 1
		} else
			inword = 0
		out = out c
	}
	return out
}
/^#, fuzzy$/ { next }
/^msgid / { header = ++entries == 1 }
/^(msgid|msgctxt|#)/ { instr = 0 }
/^"Plural-Forms: / { print "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\""; next }
/^"Language: / { print "\"Language: qps\\n\""; next }
/^msgstr(\[[0-9]\])? "/ { instr = !header }
(instr && /^msgstr/) || (instr && /^"/) {
	p = index($0, "\"")
	print substr($0, 1, p) mark(substr($0, p + 1, length($0) - p - 1)) "\""
	next
}
{ print }
