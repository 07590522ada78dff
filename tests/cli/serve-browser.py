#!/usr/bin/python3
# tests/cli/serve-browser.py URL: the pages of `shakeref serve` in a real
# browser (headless Chromium through Selenium and chromedriver), one
# browser for every check; called by tests/cli/serve.sh with a game whose
# player is named <script>alert(1)</script> and whose title is
# <img src=x onerror=alert(1)>, current in $SHAKEREF_DB.  Prints "# "
# lines and "ok"/"not ok" per check; exits 1 if one failed.
#
#  - at 360x800 the board fits the width and shows the names as text;
#  - an entry made with the CLI shows on the page without a reload (the
#    page's own window object survives: a mark set on it is still there);
#  - dark mode (prefers-color-scheme) turns the page dark;
#  - no dialog opened, no element from the names, no console error;
#  - with JavaScript off the entry shows after a reload;
#  - the games, standings, history and review pages load, the review with
#    its SVG race, without console errors.
import os
import subprocess
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.service import Service

url = sys.argv[1]
shakeref = os.environ["SHAKEREF"]
failed = 0


def check(ok, what):
    global failed
    print(("ok " if ok else "not ok ") + what, flush=True)
    if not ok:
        failed += 1


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


opts = webdriver.ChromeOptions()
opts.binary_location = "/usr/bin/chromium"
opts.add_argument("--headless=new")
if os.geteuid() == 0:
    opts.add_argument("--no-sandbox")   # root: Chromium's sandbox refuses
opts.add_argument("--disable-gpu")
opts.add_argument("--disable-dev-shm-usage")  # a small /dev/shm in containers
opts.add_argument("--disable-extensions")
opts.add_argument("--no-first-run")
opts.add_argument("--user-data-dir=" + os.path.join(os.getcwd(), "chrome"))
opts.add_argument("--window-size=360,800")
opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                          options=opts)
try:
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
finally:
    driver.quit()
sys.exit(1 if failed else 0)
