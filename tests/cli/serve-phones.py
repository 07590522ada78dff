#!/usr/bin/python3
# tests/cli/serve-phones.py CHECK...: phones at a table with `shakeref
# serve --enter` (SPEC.md "serve --enter", issue 35), in one headless
# Chromium (Selenium, chromedriver); each phone a tab of its own browser
# context (its own cookies: who holds it), 360 px wide, touch, tapping.
# Called by tests/cli/serve-enter.sh with serve's terminal in ./serve.out
# and play's tmux socket in ./tmux.sock.  Prints "# " lines and
# "ok"/"not ok" per check; exits 1 if one failed.
#
#  games: four phones (Ann, Bob, Cid, Dan) and play on the laptop (tmux)
#    play a whole game of each of the five games together, each phone
#    tapping its holder's own moves (the dice pad for values, a button
#    for a verb without arguments, a name's button, the words' field),
#    the laptop the moves of nobody's turn (a grid, a score); each stored
#    game the same as the same lines typed in play alone (export, uid
#    and times aside: ./alone.db).
#  nojs: one whole 10,000 from one phone (the table) with JavaScript off.
#  langs: the players' page in de, fr and es, and axe-core (--axe FILE)
#    on every page of a phone: no serious or critical violation, light
#    and dark, en de fr es; buttons 48 px; every control named.
import json
import os
import re
import shlex
import subprocess
import sys
import time

from selenium.common.exceptions import (StaleElementReferenceException,
                                        WebDriverException)
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_phone  # noqa: E402
from serve_phone import (check, entries, export_without_times,  # noqa
                         links, sr, sr_json)

SRCDIR = os.environ.get("SRCDIR", ".")
NAMES = ["Ann", "Bob", "Cid", "Dan"]
PACE = 0.25     # seconds between two entries: serve slows 5 a second
                # from one address (429), and every phone here is 127.0.0.1

# The five games, four players each: options and lines.
TT = ["roll 1 1 1 5 5 5", "keep 1 1 1 5 5 5", "bank", "roll 2 3 4 6 6 2",
      "roll 2 3 4 6 6 2", "roll 5 5 5 2 3 4", "keep 5 5 5", "bank",
      "roll 1 1 1 5 5 5", "keep 1 1 1 5 5 5", "bank"]
WORD = ["grid cats ored dogs quite", "words Ann quite", "words Bob crates",
        "words Cid cat", "words Dan dogs", "score", "finish"]


def scenario(name):
    """The lines of tests/scenarios/NAME.play (comments out) and the
    options of its first line."""
    with open(os.path.join(SRCDIR, "tests/scenarios", name + ".play")) as f:
        text = f.read().splitlines()
    opts = text[0].split("--players")[1].split()[1:]
    lines = [ln.split("#")[0].strip() for ln in text[1:]]
    return opts, [ln for ln in lines if ln]


def pips(line):
    """Shake's roll of every player's die in pips, as a phone's own die
    offers them (1 to 6), for one in points (10 to 60): the same roll."""
    verb, *args = line.split()
    if verb == "roll" and len(args) == len(NAMES) and all(
            a in ("10", "20", "30", "40", "50", "60") for a in args):
        return " ".join([verb] + [a[0] for a in args])
    return line


def games():
    """(rules, options, lines) of the five games."""
    out = []
    for rules, name in (("shake", "shake-shared-win"),
                        ("shake-up", "shake-up-four-players-free"),
                        ("stack-attack", "stack-attack-tie-break")):
        opts, lines = scenario(name)
        if rules == "shake":
            lines = [pips(ln) for ln in lines]
        out.append((rules, opts, lines))
    out.append(("ten-thousand", ["--option", "target=3000"], TT))
    out.append(("shake-a-word", [], WORD))
    return out


# One browser; each phone a tab in a browser context of its own.
driver = serve_phone.chromium()
HOME = driver.current_window_handle


class Tab:
    """A phone: a tab, 360x800, touch, its language."""

    def __init__(self, handle, who, lang="en"):
        self.handle = handle
        self.who = who
        self.lang = lang
        self.on()
        for cmd, arg in (
                ("Emulation.setDeviceMetricsOverride", {
                    "width": 360, "height": 800, "deviceScaleFactor": 2,
                    "mobile": True}),
                ("Emulation.setTouchEmulationEnabled", {
                    "enabled": True, "maxTouchPoints": 5}),
                ("Network.enable", {}),
                ("Network.setExtraHTTPHeaders", {
                    "headers": {"Accept-Language": lang}})):
            driver.execute_cdp_cmd(cmd, arg)

    def close(self):
        """Close the tab: its live page holds one of the 16 connections
        serve allows an address (every phone here is 127.0.0.1)."""
        self.on()
        driver.close()
        driver.switch_to.window(HOME)

    def on(self):
        if driver.current_window_handle != self.handle:
            driver.switch_to.window(self.handle)
        return self

    def js(self, script, *args):
        return self.on() and driver.execute_script(script, *args)

    def get(self, url):
        self.on()
        driver.get(url)


def tap(el):
    """A finger's tap on element el (scrolled into view first)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})",
                          el)
    ab = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH,
                                                  "finger"), duration=0)
    ab.pointer_action.move_to(el).pointer_down().pointer_up()
    ab.perform()


def tap_fresh(get):
    """Tap the first element get() finds; found again should the live
    update replace the page under the finger (a person taps again)."""
    for _ in range(10):
        els = get()
        if els:
            try:
                tap(els[0])
                return True
            except StaleElementReferenceException:
                pass
        time.sleep(0.1)
    return False


FIND_JS = """
var css = arguments[0], text = arguments[1], value = arguments[2];
return Array.prototype.filter.call(document.querySelectorAll(css),
  function (e) {
    var r = e.getBoundingClientRect();
    return (r.width > 0 || r.height > 0) &&
      (text === null || e.innerText.trim() === text) &&
      (value === null || e.value === value);
  });
"""


def find(css, text=None, value=None):
    """The shown elements matching css (and text or value) on the page,
    in one round trip."""
    try:
        return driver.execute_script(FIND_JS, css, text, value)
    except WebDriverException:
        return []


def wait_for(fn, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if fn():
                return True
        except WebDriverException:
            pass
        time.sleep(0.05)
    return fn()


def last_n():
    """The number of the game's latest entry (0: none), as serve's forms
    carry it."""
    es = serve_phone.sr_json("history")["entries"]
    return max([e["n"] for e in es], default=0)


def form_n():
    """The entry number the page's forms were made against, or None."""
    ns = [e.get_attribute("value") for e in
          driver.find_elements(By.CSS_SELECTOR, "form input[name=n]")]
    return int(ns[0]) if ns else None


class Table:
    """The game at the table: who entered what, and how."""

    def __init__(self, players_url, tabs):
        self.url = players_url
        self.tabs = tabs
        self.last_post = 0.0
        self.how = {}           # way of entering: count
        self.stale = 0          # a phone's forms behind the game
        self.refused = []       # (who, line, what the page said)
        self.typed = []         # lines no form but the text line took
        self.typed_all = []

    def pace(self):
        wait = self.last_post + PACE - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.last_post = time.monotonic()

    def say_who(self, tab, name):
        tab.get(self.url)
        b = find("form button[name=who]", value=name)
        if not b:   # it said before: "change"
            driver.get(self.url + "?who=change")
            b = find("form button[name=who]", value=name)
        if not b:
            return False
        tap_fresh(lambda: find("form button[name=who]", value=name))
        return wait_for(lambda: not find("form button[name=who]"), 5)

    def fresh(self, tab):
        """The tab's forms made against the game now: followed live
        (JavaScript) within 3 s, else (counted) a reload."""
        tab.on()
        want = last_n()
        if wait_for(lambda: form_n() == want, 3):
            return
        self.stale += 1
        print("# %s's forms made against entry %s, the game at %d: "
              "reloaded" % (tab.who or "the table", form_n(), want))
        driver.get(self.url)

    def enter(self, tab, line):
        """Tap line on tab's phone: the pad, a button, a field, else the
        text line.  1 if one entry more is recorded."""
        t0 = time.monotonic()
        self.fresh(tab)
        t1 = time.monotonic()
        before = len(entries())
        verb, *args = line.split()
        self.pace()
        how = self.tap_line(verb, args, line)
        t2 = time.monotonic()
        self.how[how] = self.how.get(how, 0) + 1
        if how == "text line":
            self.typed.append(line)
            self.typed_all.append(line + self.why)
        ok = wait_for(lambda: len(entries()) == before + 1, 10)
        if time.monotonic() - t0 > 2:
            print("# slow: %r on %s's phone: fresh %.2f s, taps %.2f s, "
                  "recorded %.2f s" % (line, tab.who or "the table",
                                       t1 - t0, t2 - t1,
                                       time.monotonic() - t2))
        if not ok:
            said = find("p.said")
            self.refused.append((tab.who, line, how,
                                 said[0].text if said else "",
                                 driver.current_url))
        return ok

    def own_dice(self, values):
        """Shake's roll of every player's die: each phone taps its
        holder's value (in seat order); one entry, made with the last.
        1 if so."""
        before = len(entries())
        for tab, v in zip(self.tabs, values):
            tab.on()
            mine = "button.die[name=mine]"
            if not wait_for(lambda: find(mine, value=v), 3):
                driver.get(self.url)
            b = find(mine, value=v)
            if not b:
                self.refused.append((tab.who, "my die " + v, "no die",
                                     "", driver.current_url))
                return 0
            self.pace()
            tap_fresh(lambda: find(mine, value=v))
            last = tab is self.tabs[len(values) - 1]
            if not last and not wait_for(
                    lambda: len(entries()) == before and find("p.mine"),
                    5):
                return 0
        self.how["my die"] = self.how.get("my die", 0) + len(values)
        return wait_for(lambda: len(entries()) == before + 1, 10)

    def tap_line(self, verb, args, line):
        pad = "section.pad[data-verb='%s']" % verb
        if args and find(pad) and all(
                find(pad + " a.die", text=a) for a in set(args)):
            for a in args:
                tap_fresh(lambda: find(pad + " a.die", text=a))
                wait_for(lambda: False, 0)
            # The values so far shown, then the entry's button.
            wait_for(lambda: find(pad + " output") and find(
                pad + " output")[0].text.split() == args, 5)
            tap_fresh(lambda: find(pad + " form button"))
            return "pad"
        if find("form button[name=line]", value=line):
            tap_fresh(lambda: find("form button[name=line]", value=line))
            return "button"
        # A field for the arguments: its form's verb the line's first
        # words, as play splits them ("words" or 'words "Ann"'), the
        # field the rest.
        f = [(x, shlex.split(x.get_attribute("value"))) for x in
             driver.find_elements(By.CSS_SELECTOR, "form input[name=verb]")]
        f = [(x, w) for x, w in f if shlex.split(line)[:len(w)] == w]
        if f:
            form = f[0][0].find_element(By.XPATH, "./ancestor::form")
            field = form.find_element(By.CSS_SELECTOR, "input[name=args]")
            tap(field)
            field.send_keys(" ".join(line.split()[len(f[0][1]):]))
            tap(form.find_element(By.CSS_SELECTOR, "button"))
            return "field"
        faces = [e.text for e in find(pad + " a.die")]
        self.why = " (its pad offers %s)" % faces if faces else " (no form)"
        field = find("input[name=line]")[0]
        tap(field)
        field.send_keys(line)
        tap(field.find_element(By.XPATH, "./ancestor::form//button"))
        return "text line"


class Laptop:
    """play on the laptop, in tmux (./tmux.sock), as lib.sh's tty_*."""

    def __init__(self):
        self.sock = os.path.join(os.getcwd(), "tmux.sock")

    def tmux(self, *args):
        return subprocess.run(["tmux", "-S", self.sock, *args],
                              check=True, stdout=subprocess.PIPE).stdout

    def start(self):
        cmd = ("cd '%s' && env NO_COLOR=1 '%s' play; echo $? >exit; "
               "sleep 30" % (os.getcwd(), serve_phone.SHAKEREF))
        self.tmux("-f", "/dev/null", "new-session", "-d", "-x", "160",
                  "-y", "40", cmd)

    def type(self, line):
        before = len(entries())
        self.tmux("send-keys", "-l", "--", line)
        self.tmux("send-keys", "Enter")
        return wait_for(lambda: len(entries()) == before + 1, 10)

    def end(self):
        """Ctrl-D at play's prompt (one sent while play is busy, its
        terminal not yet raw, is lost: lib.sh's tty_idle), again if need
        be; 1 if play ended."""
        def ended():
            return (os.path.exists("exit") and
                    open("exit").read().strip() != "")
        ok = False
        for _ in range(3):
            wait_for(lambda: self.tmux("capture-pane", "-p").decode()
                     .rstrip().endswith(">"), 5)
            self.tmux("send-keys", "C-d")
            ok = wait_for(ended, 4)
            if ok:
                break
        if not ok:
            print("# play on the laptop did not end: %s" % self.tmux(
                "capture-pane", "-p").decode().strip()[-600:])
        self.tmux("kill-server")
        if os.path.exists("exit"):
            os.unlink("exit")
        return ok


def holder(rules, line, status):
    """Whose phone taps line: the player whose turn it is, the named
    one for words, None (the laptop) for nobody's."""
    verb, *args = line.split()
    if verb == "words":
        return args[0]
    return status.get("turn")


def alone(rules, options, lines):
    """The same game typed in play alone (./alone.db): its export."""
    env = dict(os.environ, SHAKEREF_DB=os.path.join(os.getcwd(),
                                                    "alone.db"))
    run = lambda *a, **k: subprocess.run(  # noqa: E731
        [serve_phone.SHAKEREF, *a], env=env, check=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, **k)
    run("new", "--game", rules, "--players", ",".join(NAMES), *options)
    run("play", input="\n".join(lines).encode() + b"\n")
    out = json.loads(run("export").stdout)["games"][-1]
    for k in ("uid", "created"):
        out.pop(k, None)
    for e in out["entries"]:
        e.pop("at", None)
    return out


def play_games(players_url):
    tabs = [Tab(h, name) for h, name in
            zip(serve_phone.new_contexts(driver, 4), NAMES)]
    table = Table(players_url, tabs)
    laptop = Laptop()
    for rules, options, lines in games():
        sr("new", "--game", rules, "--players", ",".join(NAMES), *options)
        laptop.start()
        said = all(table.say_who(t, t.who) for t in tabs)
        check(said, "%s: each phone says once who holds it" % rules)
        by = {"laptop": 0}
        ok = True
        for line in lines:
            st = sr_json("status")
            who = holder(rules, line, st)
            if (who is None and rules == "shake" and line.startswith(
                    "roll ") and len(line.split()) == len(NAMES) + 1):
                ok = table.own_dice(line.split()[1:]) and ok
                by["each phone its die"] = by.get("each phone its die",
                                                  0) + 1
            elif who is None:
                ok = laptop.type(line) and ok
                by["laptop"] += 1
            else:
                tab = tabs[NAMES.index(who)]
                ok = table.enter(tab, line) and ok
                by[who] = by.get(who, 0) + 1
            if not ok:
                print("# %s: %r (%s) not recorded" % (rules, line,
                                                     who or "nobody"))
                break
        print("# %s: entered by %s; %s; stale forms %d; typed in the "
              "text line: %s" % (rules, by, table.how, table.stale,
                                 table.typed))
        table.typed = []
        for r in table.refused:
            print("# refused: %s tapped %r (%s): %r at %s" % r)
        table.refused = []
        ended = laptop.end()
        check(ok and ended, "%s: a whole game of %d lines, each "
              "phone its holder's moves, the laptop the others" %
              (rules, len(lines)))
        ours = export_without_times()
        theirs = alone(rules, options, lines)
        if ours != theirs:
            print("# ours:   %s" % json.dumps(ours)[:2000])
            print("# alone:  %s" % json.dumps(theirs)[:2000])
        check(ours == theirs, "%s: the stored game is the game typed in "
              "play alone (export, uid and times aside)" % rules)
    check(all(table.how.get(k, 0) > 0 for k in ("pad", "button", "field",
                                                 "my die")),
          "the phones tapped the dice pad, the verbs' buttons, the "
          "words' field and their own die (Shake): %s" % table.how)
    for t in tabs:
        t.close()
    check(not table.typed_all, "every move had a form of its own (none "
          "typed in the text line): %s" % table.typed_all)
    check(table.stale == 0, "every phone's forms followed the game live "
          "(%d reloads)" % table.stale)


def nojs(players_url):
    tab = Tab(serve_phone.new_contexts(driver, 1)[0], "")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled",
                           {"value": True})
    sr("new", "--game", "ten-thousand", "--players", ",".join(NAMES),
       "--option", "target=3000")
    table = Table(players_url, [tab])
    check(table.say_who(tab, ""), "without JavaScript: the phone says it "
          "is the table")
    ok = all(table.enter(tab, line) for line in TT)
    for r in table.refused:
        print("# refused: %s tapped %r (%s): %r at %s" % r)
    print("# how: %s" % table.how)
    check(ok and sr_json("status")["state"] == "finished" and
          table.how.get("text line", 0) == 0,
          "a whole 10,000 without JavaScript, by the pad and buttons")
    tab.close()
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled",
                           {"value": False})
    check(export_without_times() == alone("ten-thousand",
                                          ["--option", "target=3000"], TT),
          "without JavaScript: the game typed in play alone")


# English words of a phone's page (SPEC.md "Language": each phone its
# Accept-Language): on the English phone every one, on the German,
# French and Spanish none (whole words).
ENGLISH = ["Who holds this phone?", "the table", "I am Ann", "so far:",
           "clear", "an entry, as play takes it", "Take back the last entry?",
           "yes, undo", "no, back", "Ann's turn", "change"]


def phone_states(table, tab, game):
    """Each state of a phone's page in turn (yielding its name): the
    holder asked, Ann's pad, values tapped, undo to confirm, a refusal
    shown, another's turn, and the read-only pages."""
    tab.get(table.url)
    yield "who holds it"
    check(table.say_who(tab, "Ann"), "%s: the phone says it is Ann's"
          % tab.lang)
    yield "Ann's forms"
    driver.get(table.url + "?pad=1+1")
    yield "the pad, two dice tapped"
    driver.get(table.url + "?confirm=undo")
    yield "undo to confirm"
    driver.get(table.url)
    field = find("input[name=line]")
    if not field:
        check(False, "%s: Ann's phone has its text line (%s)" % (
            tab.lang, driver.execute_script(
                "return document.body.innerText")[:300]))
    else:
        tap(field[0])
        field[0].send_keys("bank 3")
        table.pace()
        tap(field[0].find_element(By.XPATH, "./ancestor::form//button"))
        wait_for(lambda: find("p.said"), 5)
        yield "a refusal shown"
    table.say_who(tab, "Bob")
    yield "another's turn"
    for page in ("games", "game/%d" % game, "game/%d/review" % game,
                 "standings"):
        driver.get(table.url + page)
        yield page


def langs(players_url, axe_js):
    """A phone in each language: its pages in it, and accessible."""
    sr("new", "--game", "ten-thousand", "--players", ",".join(NAMES),
       "--option", "target=3000")
    sr("roll", "1", "1", "1", "5", "5", "5")
    game = sr_json("status")["game"]
    for lang in ("en", "de", "fr", "es"):
        tab = Tab(serve_phone.new_contexts(driver, 1)[0], "Ann", lang)
        table = Table(players_url, [tab])
        texts = []
        for state in phone_states(table, tab, game):
            shown = driver.execute_script(
                "return document.documentElement.lang")
            if shown != lang:
                check(False, "%s, %s: the page says lang=%r" %
                      (state, lang, shown))
            texts.append(driver.execute_script(
                "return document.body.innerText"))
            for scheme in ("light", "dark") if axe_js else ():
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme",
                                  "value": scheme}]})
                serve_phone.a11y(driver, axe_js, "the players' link, %s, "
                                 "%s, %s" % (state, lang, scheme))
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": []})
        tab.close()
        text = "\n".join(texts)
        found = [w for w in ENGLISH if re.search(
            r"(?<!\w)%s(?!\w)" % re.escape(w), text)]
        if lang == "en":
            check(found == ENGLISH, "the English phone's pages say %s"
                  % [w for w in ENGLISH if w not in found])
        else:
            check(not found, "the %s phone's pages have no English word "
                  "(%s)" % (lang, found))
    check(len(entries()) == 1, "nothing recorded by looking (a refusal "
          "and an undo not confirmed)")


def players_link():
    urls = links()
    print("# links: %s" % urls)
    return urls[0] if len(urls) >= 2 else None


axe_js = None
if "--axe" in sys.argv:
    i = sys.argv.index("--axe")
    with open(sys.argv[i + 1]) as f:
        axe_js = f.read()
    del sys.argv[i:i + 2]
url = players_link()
try:
    check(url is not None, "serve --enter prints the players' link")
    for what in sys.argv[1:]:
        if url and what == "games":
            play_games(url)
        elif url and what == "nojs":
            nojs(url)
        elif url and what == "langs":
            langs(url, axe_js)
finally:
    driver.quit()
    # play on the laptop, should a check have stopped half-way.
    subprocess.run(["tmux", "-S", os.path.join(os.getcwd(), "tmux.sock"),
                    "kill-server"], stderr=subprocess.DEVNULL)
sys.exit(1 if serve_phone.failed else 0)
