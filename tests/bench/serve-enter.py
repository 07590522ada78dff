#!/usr/bin/python3
# tests/bench/serve-enter.py: the measures of tests/bench/serve-enter.sh
# (which starts serve and says what each line means).  Run from $work,
# serve's terminal in ./serve.out, $SHAKEREF and $SHAKEREF_DB set.
#
#   serve-enter.py post N: N POSTs (a farkle each, the table's phone) on
#     the current game, each from an address of its own turn
#     (127.0.2.X: serve slows 5 entries a second from one address), one
#     after the other on loopback; then N GETs of the board the same way
#     (the baseline: a read of the same game).  Prints "post P50 P99" and
#     "get P50 P99" (ms, the client's wall time: serve's time and
#     loopback's) and "ticks T" (serve's CPU over the POSTs, from
#     /proc/PID/stat, PID in ./serve.pid).
#   serve-enter.py taps N PHONES: PHONES phones (Chromium tabs, each its
#     own browser context, JavaScript on) hold the players of the current
#     game; N times the phone whose turn it is taps a farkle on its dice
#     pad, and the time from the last tap to every phone's page showing
#     the entry is measured; then N entries typed from the laptop (the
#     CLI) the same way (the baseline: the read path alone).  Prints
#     "tap P50 P99 MAX" and "cli P50 P99 MAX" (ms).
import http.client
import json
import os
import secrets
import sys
import time
import urllib.parse

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "cli"))
import serve_phone  # noqa: E402
from serve_phone import links, sr, sr_json  # noqa: E402

FARKLE = "roll 2 3 4 6 2 3"


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def ticks(pid):
    with open("/proc/%d/stat" % pid) as f:
        v = f.read().rsplit(")", 1)[1].split()
    return int(v[11]) + int(v[12])


def post(n):
    players = links()[0]
    u = urllib.parse.urlsplit(players)
    game = sr_json("status")["game"]
    last = max(e["n"] for e in sr_json("history")["entries"])
    pid = int(open("serve.pid").read())
    walls = []
    t0 = ticks(pid)
    for i in range(n):
        c = http.client.HTTPConnection(
            u.hostname, u.port, timeout=10,
            source_address=("127.0.2.%d" % (1 + i % 200), 0))
        body = urllib.parse.urlencode({"line": FARKLE, "n": last,
                                       "fid": secrets.token_hex(8)})
        c.connect()
        a = time.perf_counter()
        c.request("POST", u.path + "enter", body=body, headers={
            "Origin": "%s://%s" % (u.scheme, u.netloc),
            "Cookie": "who_%d=" % game,
            "Content-Type": "application/x-www-form-urlencoded"})
        r = c.getresponse()
        r.read()
        walls.append((time.perf_counter() - a) * 1000)
        c.close()
        if r.status != 303:
            sys.exit("bench: POST %d answered %d" % (i, r.status))
        last += 1
    cpu = ticks(pid) - t0
    gets = []
    for i in range(n):
        c = http.client.HTTPConnection(
            u.hostname, u.port, timeout=10,
            source_address=("127.0.2.%d" % (1 + i % 200), 0))
        c.connect()
        a = time.perf_counter()
        c.request("GET", u.path, headers={"Cookie": "who_%d=" % game})
        r = c.getresponse()
        r.read()
        gets.append((time.perf_counter() - a) * 1000)
        c.close()
    got = len(sr_json("history")["entries"])
    print("post %.2f %.2f" % (pct(walls, 50), pct(walls, 99)))
    print("get %.2f %.2f" % (pct(gets, 50), pct(gets, 99)))
    print("ticks %d" % cpu)
    print("entries %d" % got)


# Recorded on every document of a tab (window.name outlives the
# navigation of a POST's redirect, and serve's pages may have no storage):
# when each entry number was first shown in the page's forms, on load or
# by the live update.
SEEN_JS = """
(function () {
  function look() {
    var seen = {}, ns = document.querySelectorAll("form input[name=n]"), i;
    try { seen = JSON.parse(window.name || "{}"); } catch (e) {}
    for (i = 0; i < ns.length; i++)
      if (!seen[ns[i].value]) seen[ns[i].value] = Date.now();
    window.name = JSON.stringify(seen);
  }
  document.addEventListener("DOMContentLoaded", function () {
    look();
    new MutationObserver(look).observe(document.body,
        {childList: true, subtree: true});
  });
})();
"""


def taps(n, phones):
    from selenium.webdriver.common.by import By
    driver = serve_phone.chromium()
    players = links()[0]
    st = sr_json("status")
    names = [p["name"] for p in st["players"]]
    game = st["game"]
    tabs = []
    try:
        for name, handle in zip(names, serve_phone.new_contexts(driver,
                                                                 phones)):
            driver.switch_to.window(handle)
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                   {"source": SEEN_JS})
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": 360, "height": 800, "deviceScaleFactor": 2,
                "mobile": True})
            driver.get(players)
            driver.execute_script(
                "document.cookie = 'who_%d=%s; path=' + location.pathname"
                % (game, name))
            driver.get(players)
            tabs.append((name, handle))

        def seen(k):
            out = []
            for _, h in tabs:
                driver.switch_to.window(h)
                v = driver.execute_script(
                    "try { return JSON.parse(window.name)['%d']; }"
                    "catch (e) { return null; }" % k)
                out.append(int(v) if v else None)
            return out

        missed = []

        def wait_all(k, t0):
            """ms from t0 to every phone showing entry k; a phone that
            has not in 5 s is reloaded (and counted: missed)."""
            end = time.monotonic() + 5
            while time.monotonic() < end:
                s = seen(k)
                if all(s):
                    return max(s) - t0
                time.sleep(0.05)
            for (name, h), v in zip(tabs, s):
                if v is None:
                    driver.switch_to.window(h)
                    missed.append((k, name, driver.execute_script(
                        "var s = document.querySelector('p.said');"
                        "return [location.search, window.name.length,"
                        " s ? s.innerText.slice(0, 60) : '']")))
                    driver.get(players)
            return None

        tap_ms, cli_ms = [], []
        for i in range(n):
            turn = sr_json("status")["turn"]
            k = max([e["n"] for e in sr_json("history")["entries"]],
                    default=0) + 1
            driver.switch_to.window(tabs[names.index(turn)][1])
            pad = "section.pad[data-verb=roll]"
            for v in FARKLE.split()[1:]:
                for a in driver.find_elements(By.CSS_SELECTOR,
                                              pad + " a.die"):
                    if a.text == v:
                        a.click()
                        break
            button = driver.find_element(By.CSS_SELECTOR,
                                         pad + " form button")
            t0 = time.time() * 1000
            button.click()
            tap_ms.append(wait_all(k, t0))
            time.sleep(0.25)    # 5 entries a second at most (429)
        for i in range(n):
            k = max([e["n"] for e in sr_json("history")["entries"]],
                    default=0) + 1
            t0 = time.time() * 1000
            sr(*FARKLE.split())
            cli_ms.append(wait_all(k, t0))
    finally:
        driver.quit()
    for what, xs in (("tap", tap_ms), ("cli", cli_ms)):
        xs = [x for x in xs if x is not None]
        print("%s %.1f %.1f %.1f %d" % (what, pct(xs, 50), pct(xs, 99),
                                        max(xs), len(xs)))
    print("missed %d %s" % (len(missed), missed[:10]))


if sys.argv[1] == "post":
    post(int(sys.argv[2]))
else:
    taps(int(sys.argv[2]), int(sys.argv[3]))
