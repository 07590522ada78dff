#!/usr/bin/python3
# tests/cli/serve-enter.py CHECK: what a phone sends to `shakeref serve
# --enter` (SPEC.md "serve --enter"), without a browser (plain HTTP, as
# a browser without JavaScript sends it: tests/cli/serve_phone.py);
# called by tests/cli/serve-enter.sh, serve's terminal in ./serve.out,
# the current game in $SHAKEREF_DB a ten-thousand of Ann and Bob with no
# entry.  Prints "# " lines and "ok"/"not ok" per check; exits 1 if one
# failed.
#
# posts: nothing recorded twice or without right:
#  - a line from the players' link is one entry (a redirect, 303);
#  - the same POST again (a retry) records nothing more;
#  - a form made before an entry from the laptop: 409, nothing;
#  - two phones, one move (bank): one bank, the other 409;
#  - the watchers' link: 403, nothing; a foreign Origin, a foreign
#    Referer, neither: 403, nothing;
#  - a body over 8 KB: 413, nothing, and serve still answers;
#  - a flood of 30 entries from one phone: 429 for some, and exactly
#    the entries answered 303 recorded, in order;
#  - each POST (refused ones too) one line on serve's terminal.
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_phone  # noqa: E402
from serve_phone import (Phone, check, entries, lines_of, links,  # noqa
                         sr)


def told(what, code, want):
    print("# %s: %s (want %s)" % (what, code, want))


def players_and_watchers():
    """serve's two links: the players' is the one whose page has a
    POST form (or names itself first)."""
    urls = links()
    print("# links: %s" % urls)
    if len(urls) != 2:
        return None, None
    a = Phone(urls[0])
    a.get()
    if a.post_forms():
        return urls[0], urls[1]
    return urls[1], urls[0]


def posts():
    players, watchers = players_and_watchers()
    check(players is not None, "serve --enter prints two links")
    if players is None:
        return
    ann = Phone(players)
    code = ann.say_who("Ann")
    told("I am Ann", code, 303)
    check(code in (200, 303), "a phone says once who holds it (Ann)")

    # A line: one entry, a redirect to the page.
    ann.get()
    form, name = ann.line_form()
    check(form is not None, "the players' page has a text line")
    if form is None:
        print("# forms: %s" % ann.forms)
        return
    first = ann.body(form, {name: "roll 2 2 2 2 3 3"})
    code, headers, _ = ann.send(form, first)
    told("a line", code, 303)
    check(code == 303 and lines_of(entries()) == ["roll 2 2 2 2 3 3"],
          "a line from the players' link is one entry, then a redirect")

    # The same POST again: its first answer, nothing more.
    code, _, _ = ann.send(form, first)
    told("the same POST again", code, 303)
    check(len(entries()) == 1, "a retried POST (the same form id) "
          "records nothing more")

    # A stale form: made before the laptop's entry.
    ann.get()
    form, name = ann.line_form()
    sr("keep", "2", "2", "2", "2")
    code, _, page = ann.send(form, ann.body(form, {name: "keep 2 2"}))
    told("a stale form", code, 409)
    check(code == 409 and len(entries()) == 2,
          "a form made before the laptop's entry: 409, nothing recorded")

    # Two phones, one bank.
    bob = Phone(players)
    bob.say_who("")
    ann.get()
    fa, na = ann.line_form()
    bob.get()
    fb, nb = bob.line_form()
    ca = ann.send(fa, ann.body(fa, {na: "bank"}))[0]
    cb = bob.send(fb, bob.body(fb, {nb: "bank"}))[0]
    told("two phones bank", (ca, cb), (303, 409))
    check((ca, cb) == (303, 409) and
          lines_of(entries()).count("bank") == 1,
          "two phones tapping bank record one bank; the second gets 409")

    n = len(entries())

    def fresh(phone, text, **kw):
        phone.get()
        f, nm = phone.line_form()
        return phone.send(f, phone.body(f, {nm: text}), **kw)[0]

    # The watchers' link never writes.
    ann.get()
    f, nm = ann.line_form()
    body = ann.body(f, {nm: "roll 1 1 1 5 5 5"})
    w = Phone(watchers)
    w.url = watchers
    path = urllib.parse.urlsplit(urllib.parse.urljoin(ann.url, f.action))
    wurl = watchers + path.path.split("/", 2)[2]
    code = w.request(wurl, data=body, method="POST", headers={
        "Origin": w.origin,
        "Content-Type": "application/x-www-form-urlencoded"})[0]
    told("a POST to the watchers' link", code, 403)
    check(code == 403 and len(entries()) == n,
          "a POST to the watchers' link: 403, nothing recorded")

    # Another site's page.
    code = fresh(ann, "roll 1 1 1 5 5 5", origin="http://evil.example")
    told("a foreign Origin", code, 403)
    check(code == 403 and len(entries()) == n,
          "a foreign Origin: 403, nothing recorded")
    code = fresh(ann, "roll 1 1 1 5 5 5", origin=False,
                 headers={"Referer": "http://evil.example/x"})
    told("a foreign Referer", code, 403)
    check(code == 403 and len(entries()) == n,
          "a foreign Referer and no Origin: 403, nothing recorded")
    code = fresh(ann, "roll 1 1 1 5 5 5", origin=False)
    told("no Origin, no Referer", code, 403)
    check(code == 403 and len(entries()) == n,
          "neither Origin nor Referer: 403, nothing recorded")

    # A body over 8 KB.
    ann.get()
    f, nm = ann.line_form()
    big = ann.body(f, {nm: "roll 1 1 1 5 5 5", "pad": "x" * 8300})
    code = ann.send(f, big)[0]
    told("a body of %d bytes" % len(big), code, 413)
    check(code == 413 and len(entries()) == n,
          "a body over 8 KB: 413, nothing recorded")
    check(ann.get() == 200, "serve still answers after it")

    # A flood: one phone, 30 entries as fast as it can (each form
    # fetched first: the entry number it was made against).  Bob rolls
    # and farkles: every roll of 2 3 4 6 6 2 is a legal entry (TT-7:
    # six values start fresh, and it is a farkle either way), each
    # passing the turn.
    answered = []
    t0 = time.monotonic()
    for i in range(30):
        code = fresh(ann, "roll 2 3 4 6 6 2")
        answered.append(code)
    took = time.monotonic() - t0
    print("# flood: %s in %.2f s" % (answered, took))
    got = lines_of(entries())
    check(429 in answered and got[n:] == ["roll 2 3 4 6 6 2"] *
          answered.count(303) and set(answered) <= {303, 429},
          "a flood of 30 entries: some 429, exactly the ones answered "
          "303 recorded")
    check(answered.count(303) <= 5 * (int(took) + 2),
          "at most 5 entries a second from one phone")


    # One line on serve's terminal a POST, refused ones too (after the
    # line that says how to stop it).
    time.sleep(0.2)
    with open("serve.out", encoding="utf-8") as f:
        out = f.read().split("Ctrl-C stops it.\n", 1)[-1].splitlines()
    print("# %d POSTs, %d lines on serve's terminal" % (serve_phone.posts,
                                                       len(out)))
    check(len(out) == serve_phone.posts, "each POST one line on serve's "
          "terminal")


checks = {"posts": posts}
checks[sys.argv[1]]()
sys.exit(1 if serve_phone.failed else 0)
