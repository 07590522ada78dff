#!/usr/bin/python3
# tests/cli/serve-browser.py [--phone] URL: the pages of `shakeref serve`
# in a real browser (headless Chromium through Selenium and chromedriver),
# one browser for every check; called by tests/cli/serve.sh.  Prints "# "
# lines and "ok"/"not ok" per check; exits 1 if one failed.
#
# Without --phone: a game whose player is named
# <script>alert(1)</script> and whose title is <img src=x
# onerror=alert(1)>, current in $SHAKEREF_DB.
#
#  - at 360x800 the board fits the width and shows the names as text;
#  - an entry made with the CLI shows on the page without a reload (the
#    page's own window object survives: a mark set on it is still there);
#  - dark mode (prefers-color-scheme) turns the page dark;
#  - no dialog opened, no element from the names, no console error;
#  - with JavaScript off the entry shows after a reload;
#  - the games, standings, history and review pages load, the review with
#    its SVG race, without console errors;
#  - with --axe AXE_JS (axe-core's axe.min.js, tests/node): axe-core run in
#    every page (board, games, history, review, standings), light and
#    dark, with the Accept-Language of en, de, fr and es, finds no serious
#    or critical violation; every button is 48 px or more each way (a
#    thumb) and every control has a name in Chromium's accessibility tree
#    (what a screen reader reads).
#
# --phone (issue 36, a German table of four: Jürgen, Zoë, Mary Ann, Ole;
# serve and the phone's Accept-Language in German): games 1 to 4 in $SHAKEREF_DB are a Shake in play, a
# Stack Attack tower, a 10,000 turn and a long finished Shake; $SR_DATE
# the date games in words writes for them (TZ).  On a phone 360 px wide:
#
#  - the games page: no word broken across lines, nothing wider than the
#    screen, the dates local as $SR_DATE;
#  - the board of each of the first three: no word broken, no sideways
#    scroll, its <pre> within its box, the leader and the gap ("führt"
#    or "führen", "−");
#  - the history of the fourth paginated: 50 entries a page at most, the
#    newest page first, an older page a link away (without JavaScript);
#  - the standings and a review fit as well;
#  - without JavaScript the board says it reloads itself and does.
import os
import subprocess
import sys
import time

from selenium.common.exceptions import NoAlertPresentException

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_phone  # noqa: E402
from serve_phone import check  # noqa: E402

phone = "--phone" in sys.argv
axe_js = None
if "--axe" in sys.argv:
    with open(sys.argv[sys.argv.index("--axe") + 1]) as f:
        axe_js = f.read()
url = sys.argv[-1]
shakeref = os.environ["SHAKEREF"]

def sr(*args):
    subprocess.run([shakeref, *args], check=True, stdout=subprocess.DEVNULL)


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def main_text(driver):
    return driver.execute_script(
        "return document.getElementById('live').innerText")


def wait_for(fn, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if fn():
            return True
        time.sleep(0.02)
    return fn()


driver = serve_phone.chromium("de-DE" if phone else None)
def a11y_pages(pages, langs=("en", "de", "fr", "es")):
    """a11y() on each of pages (paths after the URL), in each language
    (the phone's Accept-Language) and both colour schemes."""
    driver.set_script_timeout(30)
    driver.execute_cdp_cmd("Network.enable", {})
    for lang in langs:
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders",
                               {"headers": {"Accept-Language": lang}})
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme",
                              "value": scheme}]})
            for page in pages:
                driver.get(url + page)
                shown = driver.execute_script(
                    "return document.documentElement.lang")
                if not shown.startswith(lang):
                    check(False, "%s in %s: the page says lang=%r"
                          % (page or "the board", lang, shown))
                serve_phone.a11y(driver, axe_js, "%s, %s, %s" % (
                    page or "the board", lang, scheme))
    driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def table_checks():
    driver.set_page_load_timeout(20)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 360, "height": 800, "deviceScaleFactor": 2,
        "mobile": True})
    driver.get(url)
    text = main_text(driver)
    check("<script>alert(1)</script>" in text and
          "<img src=x onerror=alert(1)>" in text,
          "the name and title show as text")
    check(driver.execute_script(
        "return document.querySelectorAll('main img, main script').length")
          == 0, "no element made of them")
    width = driver.execute_script(
        "return [document.documentElement.scrollWidth, window.innerWidth]")
    print("# width: page %d, window %d" % tuple(width))
    check(width[1] == 360 and width[0] <= 360,
          "the board fits 360 px without scrolling sideways")
    big = driver.execute_script(
        "return parseFloat(getComputedStyle("
        "document.querySelector('.scores .score')).fontSize)")
    print("# score font size: %.1f px" % big)
    check(big >= 40, "the scores are big (40 px or more)")
    check("Ann rolled 10" not in text, "before: not Ann's roll yet")
    driver.execute_script("window.srMark = 42")
    t0 = time.monotonic()
    sr("take")
    seen = wait_for(lambda: "Ann rolled 10" in main_text(driver), 10)
    print("# the entry on the page after %.3f s" % (time.monotonic() - t0))
    check(seen, "an entry made with the CLI shows without a reload")
    check(driver.execute_script("return window.srMark") == 42,
          "the page was not reloaded")
    check("take" in driver.execute_script(
        "return document.querySelector('.entries').innerText"),
          "the entry is among the last entries")
    light = driver.execute_script(
        "return getComputedStyle(document.body).backgroundColor")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    dark = driver.execute_script(
        "return getComputedStyle(document.body).backgroundColor")
    print("# background: light %s, dark %s" % (light, dark))
    check(light != dark and dark.startswith("rgb(18, 18, 18"),
          "dark mode turns the page dark")
    try:
        driver.switch_to.alert
        check(False, "no dialog opened")
    except NoAlertPresentException:
        check(True, "no dialog opened")
    errors = console_errors(driver)
    for e in errors:
        print("# console: %s" % e["message"])
    check(not errors, "no console error on the live board")

    # Without JavaScript: the same page, the entry after a reload.
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled",
                           {"value": True})
    driver.refresh()
    sr("shake")
    time.sleep(0.3)
    check("shake" not in driver.execute_script(
        "return document.querySelector('.entries').innerText")
          .split("take")[-1], "without JavaScript: no live update")
    driver.refresh()
    check("shake" in driver.execute_script(
        "return document.querySelector('.entries').innerText"),
          "without JavaScript: the entry shows after a reload")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled",
                           {"value": False})

    for page, want in (("games", "shake"), ("standings", "standings"),
                       ("game/1", "Round 1"), ("game/1/review", "scores")):
        driver.get(url + page)
        t = main_text(driver)
        check(want in t and "<script>alert(1)</script>" in t or
              page == "standings" and want in t.lower(),
              "the page %s loads, names as text" % page)
    check(driver.execute_script(
        "return document.querySelectorAll('svg polyline').length") == 2,
          "the review draws the race: a line for each player")
    errors = console_errors(driver)
    for e in errors:
        print("# console: %s" % e["message"])
    check(not errors, "no console error on the other pages")
    if axe_js:
        a11y_pages(("", "games", "game/1", "game/1/review", "standings"))


# Words broken across two lines in the rendered page (each word's
# Range.getClientRects() on more than one line), but at a hyphen or slash.
BROKEN_JS = """
var out = [], w = document.createTreeWalker(document.body,
    NodeFilter.SHOW_TEXT), n, m;
while ((n = w.nextNode())) {
  var re = /\\S+/g;
  while ((m = re.exec(n.data))) {
    if (/[-\\u2010-\\u2014\\/]/.test(m[0])) continue;
    var r = document.createRange();
    r.setStart(n, m.index);
    r.setEnd(n, m.index + m[0].length);
    var tops = {};
    Array.prototype.forEach.call(r.getClientRects(), function (x) {
      if (x.width > 0) tops[Math.round(x.bottom)] = 1;
    });
    if (Object.keys(tops).length > 1) out.push(m[0]);
  }
}
return out;
"""

# Elements (but the page) wider than their box: [tag.class, scroll, client].
WIDE_JS = """
var out = [];
document.querySelectorAll("main *, nav").forEach(function (e) {
  var s = getComputedStyle(e);
  if (s.display === "inline" || s.overflowX === "visible" &&
      e.tagName !== "PRE") return;
  if (e.scrollWidth > e.clientWidth + 1)
    out.push([e.tagName + "." + e.className, e.scrollWidth, e.clientWidth]);
});
return out;
"""


def fits(what):
    """No broken word, no sideways scroll, no element overflowing."""
    broken = driver.execute_script(BROKEN_JS)
    for b in broken[:10]:
        print("# broken across lines: %s" % b)
    check(not broken, "%s: no word broken across lines" % what)
    width = driver.execute_script(
        "return document.documentElement.scrollWidth")
    wide = driver.execute_script(WIDE_JS)
    for e in wide[:10]:
        print("# wider than its box: %s %d > %d" % tuple(e))
    check(width <= 360 and not wide,
          "%s: fits 360 px (page %d px), nothing scrolls sideways"
          % (what, width))


def board_of(game):
    sr("use", str(game))
    driver.get(url)
    return wait_for(lambda: driver.execute_script(
        "return document.querySelector('h1').innerText")
        .startswith("Partie %d:" % game), 10)


def phone_checks():
    driver.set_page_load_timeout(20)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 360, "height": 800, "deviceScaleFactor": 2,
        "mobile": True})
    driver.get(url + "games")
    fits("the games page")
    dates = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll("
        "'table.games time'), function (t) { return t.innerText; })")
    print("# dates: %s" % dates)
    check(len(dates) == 4 and all(d == os.environ["SR_DATE"]
                                  for d in dates),
          "the games page: the dates local, as games in words")
    label = driver.execute_script(
        "return getComputedStyle(document.querySelector("
        "'table.games td'), '::before').content")
    print("# a card's first line: %s" % label)
    check(label == '"Partie: "' and "Mary Ann" in main_text(driver),
          "the games page: a card a game, each line named")
    for game, what in ((1, "a Shake of four"), (2, "a Stack Attack tower"),
                       (3, "a 10,000 turn")):
        check(board_of(game), "the board of %s shown" % what)
        fits("the board of %s" % what)
        lead = driver.execute_script(
            "var l = document.querySelector('.lead');"
            "return l ? l.innerText : ''")
        print("# leader: %s" % lead)
        check("führ" in lead and "\u2212" in lead,
              "the board of %s: the leader and the gap" % what)
    driver.get(url + "game/4")
    n = driver.execute_script(
        "return document.querySelectorAll('.entries li').length")
    first = driver.execute_script(
        "return document.querySelector('.entries .n').innerText")
    pages = driver.execute_script(
        "var p = document.querySelector('nav.pages');"
        "return p ? p.innerText : ''")
    print("# history: %d entries from %s; %s" % (n, first, pages))
    check(0 < n <= 50 and int(first) % 50 == 1 and
          "Seite" in pages, "the history: a page of 50 entries at most, "
          "the newest")
    fits("the history")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled",
                           {"value": True})
    prev = driver.find_elements("css selector", "nav.pages a[rel=prev]")
    if prev:
        prev[0].click()
    older = driver.execute_script(
        "return document.querySelector('.entries .n').innerText")
    check(prev and int(older) == int(first) - 50 and
          "page=" in driver.current_url,
          "the history: the older page a link away, without JavaScript")
    for page in ("standings", "game/4/review"):
        driver.get(url + page)
        fits("the page " + page)
    board_of(1)
    hint = driver.execute_script(
        "var h = document.querySelector('.hint');"
        "return h && h.offsetHeight > 0 ? h.innerText : ''")
    print("# without JavaScript: %s" % hint)
    refresh = driver.execute_script(
        "var m = document.querySelector("
        "'meta[http-equiv=refresh]'); return m ? m.content : ''")
    check(hint != "" and refresh != "" and int(refresh) <= 30,
          "without JavaScript the board says it reloads itself and does")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled",
                           {"value": False})
    errors = console_errors(driver)
    for e in errors:
        print("# console: %s" % e["message"])
    check(not errors, "no console error on the phone")


try:
    if phone:
        phone_checks()
    else:
        table_checks()
finally:
    driver.quit()
sys.exit(1 if serve_phone.failed else 0)
