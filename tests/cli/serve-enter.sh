#!/bin/sh
# shakeref serve --enter (SPEC.md "serve --enter", issue 35): the phones
# at the table write.  Without a browser (tests/cli/serve-enter.py, plain
# HTTP as a phone without JavaScript sends it): nothing recorded twice or
# without right (a retried POST, a stale form, two phones one move, the
# watchers' link, a foreign Origin, an oversized body, a flood).  In
# headless Chromium (tests/cli/serve-phones.py, one browser for the
# file): four phones 360 px wide and play on the laptop (tmux) play a
# whole game of each of the five games, the stored game the same as the
# game typed in play alone; a whole 10,000 without JavaScript; the pages
# in de, fr and es; axe-core on the phones' pages.  Each server listens
# on 127.0.0.1, port 0, and stops by itself (--max-seconds).
. "$SRCDIR/tests/cli/lib.sh"
. "$SRCDIR/tests/cli/serve-lib.sh"

# The phones' games take a minute or two (more under the sanitizers).
serve_at=none serve_opts=--enter serve_max=600

test_expect_success 'serve --enter: a retried POST, a stale form, two phones one bank, the watchers link, a foreign Origin or Referer, a body over 8 KB, a flood: nothing recorded twice or without right; each POST one line on the terminal' '
	sr new --game ten-thousand --players Ann,Bob --option four-pair=off \
	    --option target=1500 >/dev/null &&
	serve_start &&
	if /usr/bin/python3 "$SRCDIR/tests/cli/serve-enter.py" posts; then rc=0; else rc=1; fi &&
	sed -n "/^Ctrl-C/,\$s/^/# serve: /p" serve.out | tail -n 60 &&
	serve_stop TERM && test $rc -eq 0 && test "$(cat serve.rc)" -eq 0 &&
	sr --json history >h &&
	jq -e "[.entries[] | select(.verb == \"bank\")] | length == 1" h
'

if command -v chromium >/dev/null 2>&1 &&
    command -v chromedriver >/dev/null 2>&1 && command -v tmux >/dev/null 2>&1 &&
    /usr/bin/python3 -c "import selenium, trio_websocket" 2>/dev/null; then
	# axe-core (npm, in tests/node by ./bootstrap) checks the phones'
	# pages in the same browser, or its check is skipped with a line.
	axe_find "; axe-core: no serious or critical violation, light and dark, buttons 48 px, every control named"
	# The browser once, on a file (the league: the POSTs above).
	test_expect_success SQLITE "serve --enter in headless Chromium: four phones 360 px wide (touch) and play on the laptop (tmux) play a whole game of each of the five games, each phone its holder's moves (Shake: each its own die); each stored game the game typed in play alone (export, uid and times aside); a whole 10,000 from the table's phone without JavaScript; a phone's every page in en, de, fr and es$axe_what" '
		SHAKEREF_DICT_PATH=$SRCDIR/tests/data && export SHAKEREF_DICT_PATH &&
		sr new --game ten-thousand --players Ann,Bob >/dev/null &&
		serve_start &&
		if /usr/bin/python3 "$SRCDIR/tests/cli/serve-phones.py" $axe games nojs langs; then rc=0; else rc=1; fi &&
		serve_stop TERM && test $rc -eq 0 && test "$(cat serve.rc)" -eq 0 &&
		test "$(sr --json games --all | jq "[.games[] | select(.state == \"finished\")] | length")" -eq 6
	'
	axe_skip "the phones' pages"
else
	echo "# chromium, chromedriver, tmux or python3-selenium missing: the phones in the browser skipped (./bootstrap installs them)"
fi

test_done
