# tests/cli/serve_phone.py: what the tests of `shakeref serve --enter`
# share (tests/cli/serve-enter.py, tests/bench/serve-enter.py): serve's
# two links read from its terminal, a phone without a browser (its own
# cookies and language, plain HTTP through urllib, redirects not
# followed) that reads the forms of a page the way a browser without
# JavaScript would, and the database through the real binary.
#
# Nothing here knows serve's markup beyond HTML itself: a form is posted
# with the fields it carries (hidden ones: the entry number it was made
# against, its form id) and the one the test fills.
import html.parser
import json
import os
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request

SHAKEREF = os.environ.get("SHAKEREF", "shakeref")
failed = 0      # checks failed so far
posts = 0       # POSTs sent by Phone.request


def check(ok, what):
    """A TAP-like line for a check ("ok WHAT" or "not ok WHAT")."""
    global failed
    print(("ok " if ok else "not ok ") + what, flush=True)
    if not ok:
        failed += 1


def chromium(lang=None):
    """Headless Chromium through chromedriver (Debian's), its profile in
    ./chrome, 360x800, the browser's console kept; lang: its language
    and Accept-Language ("de-DE")."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    opts.add_argument("--headless=new")
    if os.geteuid() == 0:
        opts.add_argument("--no-sandbox")   # root: the sandbox refuses
    opts.add_argument("--disable-gpu")
    opts.add_argument("--disable-dev-shm-usage")  # a small /dev/shm
    opts.add_argument("--disable-extensions")
    opts.add_argument("--no-first-run")
    opts.add_argument("--user-data-dir=" +
                      os.path.join(os.getcwd(), "chrome"))
    opts.add_argument("--window-size=360,800")
    if lang:
        opts.add_argument("--lang=" + lang)
        opts.add_experimental_option("prefs", {
            "intl.accept_languages": "%s,%s" % (lang, lang.split("-")[0])})
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                              options=opts)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(30)
    return driver


def new_contexts(driver, n):
    """n tabs, each in a browser context of its own (Target domain, on
    the browser's own DevTools socket: chromedriver's is a page's)."""
    import trio
    import trio_websocket

    addr = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen("http://%s/json/version" % addr) as r:
        ws_url = json.load(r)["webSocketDebuggerUrl"]

    async def run():
        out = []
        async with trio_websocket.open_websocket_url(ws_url) as ws:
            for i in range(n):
                await ws.send_message(json.dumps({
                    "id": 2 * i + 1,
                    "method": "Target.createBrowserContext", "params": {}}))
                ctx = await answer(ws, 2 * i + 1)
                await ws.send_message(json.dumps({
                    "id": 2 * i + 2, "method": "Target.createTarget",
                    "params": {"url": "about:blank", "browserContextId":
                               ctx["browserContextId"]}}))
                out.append((await answer(ws, 2 * i + 2))["targetId"])
        return out

    async def answer(ws, i):
        while True:
            r = json.loads(await ws.get_message())
            if r.get("id") == i:
                if "error" in r:
                    raise RuntimeError(r["error"])
                return r["result"]
    return trio.run(run)


def sr(*args, check=True):
    """The binary's stdout (text); raises if it fails and check."""
    return subprocess.run([SHAKEREF, *args], check=check,
                          stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL).stdout.decode()


def sr_json(*args):
    return json.loads(sr("--json", *args))


def entries(game=None):
    """The game's entries in effect (history --json, undone ones out)."""
    h = sr_json("history", *(["-g", str(game)] if game else []))
    return [e for e in h["entries"] if not e.get("undone")]


def lines_of(es):
    """Entries as play lines: "verb args..." (the player aside)."""
    return [" ".join([e["verb"], *e["args"]]) for e in es]


def export_without_times(game=None):
    """export of one game, its uid, created and every entry's at out."""
    out = json.loads(sr("export", *(["-g", str(game)] if game else [])))
    g = out["games"][0]
    for k in ("uid", "created"):
        g.pop(k, None)
    for e in g["entries"]:
        e.pop("at", None)
    return g


def links(path="serve.out"):
    """The URLs serve printed, each link's first (the players' first
    with --enter), not the other addresses it answers at (indented)."""
    with open(path, encoding="utf-8") as f:
        return [m.group(0) for line in f if not line[:1].isspace()
                for m in [re.search(r"https?://\S+/", line)] if m]


# Accessibility (issue 35): axe-core's serious and critical violations,
# buttons too small for a thumb, controls without a name.
AXE_RUN_JS = """
var done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then(function (r) {
  done(r.violations.filter(function (v) {
    return v.impact === "serious" || v.impact === "critical";
  }).map(function (v) {
    return [v.id, v.impact, v.nodes.length,
            v.nodes.slice(0, 3).map(function (n) {
              return n.target.join(" "); }).join(", ")];
  }));
}, function (e) { done([["axe failed", String(e), 0, ""]]); });
"""

# Buttons (and what acts as one: a die of serve --enter's dice pad)
# smaller than 48 px either way.
SMALL_JS = """
var out = [];
document.querySelectorAll("button, select, [role=button], .pad a," +
    " input[type=submit]," +
    " input[type=button], input[type=reset], input[type=radio]," +
    " input[type=checkbox]").forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return;   /* not shown */
  if (r.width < 48 || r.height < 48)
    out.push([e.tagName + "." + e.className + " " +
              (e.innerText || e.value || "").slice(0, 20),
              Math.round(r.width), Math.round(r.height)]);
});
return out;
"""

CONTROL_ROLES = {"button", "textbox", "combobox", "checkbox", "radio",
                 "spinbutton", "searchbox", "listbox", "slider", "switch",
                 "menuitem", "tab"}


def unnamed_controls(driver):
    """Controls without a name in Chromium's own accessibility tree."""
    out = []
    for n in driver.execute_cdp_cmd("Accessibility.getFullAXTree",
                                    {})["nodes"]:
        if n.get("ignored"):
            continue
        role = n.get("role", {}).get("value", "")
        name = n.get("name", {}).get("value", "")
        if role in CONTROL_ROLES and not str(name).strip():
            out.append(role)
    return out


def a11y(driver, axe_js, what):
    """axe-core (its source axe_js), thumb-sized buttons and named
    controls on driver's page; what names it in the checks."""
    driver.execute_script(axe_js)
    bad = driver.execute_async_script(AXE_RUN_JS)
    for b in bad:
        print("# axe: %s (%s) on %d: %s" % tuple(b))
    check(not bad, "%s: no serious or critical axe-core violation" % what)
    small = driver.execute_script(SMALL_JS)
    for e in small[:10]:
        print("# smaller than a thumb: %s %dx%d px" % tuple(e))
    unnamed = unnamed_controls(driver)
    for r in unnamed[:10]:
        print("# a %s without a name" % r)
    check(not small and not unnamed,
          "%s: buttons 48 px or more, every control named" % what)


class Form:
    def __init__(self, action, method):
        self.action = action
        self.method = method.lower()
        self.hidden = {}        # name: value
        self.inputs = []        # (name, type, value, label-ish)
        self.buttons = []       # (name, value, text)
        self.selects = {}       # name: [option values]

    def text_fields(self):
        return [i[0] for i in self.inputs
                if i[1] in ("text", "search", "") and i[0]]

    def __repr__(self):
        return "<form %s %s hidden=%s inputs=%s buttons=%s>" % (
            self.method, self.action, self.hidden, self.inputs,
            self.buttons)


class FormParser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms = []
        self.links = []
        self.form = None
        self.button = None
        self.select = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.form = Form(a.get("action") or "", a.get("method") or "get")
            self.forms.append(self.form)
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif self.form is None:
            return
        elif tag == "input":
            t = (a.get("type") or "text").lower()
            if t == "hidden":
                self.form.hidden[a.get("name")] = a.get("value", "")
            elif t in ("submit", "button", "image"):
                self.form.buttons.append((a.get("name"), a.get("value", ""),
                                          a.get("value", "")))
            else:
                self.form.inputs.append((a.get("name"), t,
                                         a.get("value", ""),
                                         a.get("aria-label", "")))
        elif tag == "textarea":
            self.form.inputs.append((a.get("name"), "", "", ""))
        elif tag == "button":
            self.button = [a.get("name"), a.get("value", ""), ""]
        elif tag == "select":
            self.select = a.get("name")
            self.form.selects[self.select] = []
        elif tag == "option" and self.select:
            self.form.selects[self.select].append(a.get("value"))

    def handle_data(self, data):
        if self.button is not None:
            self.button[2] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "button" and self.button is not None:
            if self.form is not None:
                b = self.button
                self.form.buttons.append((b[0], b[1], b[2].strip()))
            self.button = None
        elif tag == "select":
            self.select = None


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Phone:
    """A phone without JavaScript: cookies, a language, no redirects
    followed (the tests read each answer's status)."""

    def __init__(self, base, lang="en"):
        self.base = base
        u = urllib.parse.urlsplit(base)
        self.origin = "%s://%s" % (u.scheme, u.netloc)
        self.lang = lang
        self.jar = urllib.request.HTTPCookieProcessor()
        self.opener = urllib.request.build_opener(self.jar, NoRedirect)
        self.page = ""
        self.forms = []

    def request(self, url, data=None, headers=None, method=None):
        """(status, headers, body) of one request; url absolute or a
        path after base."""
        global posts
        if not re.match(r"https?://", url):
            url = urllib.parse.urljoin(self.base, url)
        if method == "POST":
            posts += 1
        h = {"Accept-Language": self.lang}
        h.update(headers or {})
        req = urllib.request.Request(url, data=data, headers=h,
                                     method=method)
        try:
            with self.opener.open(req, timeout=20) as r:
                return r.status, r.headers, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.headers, e.read().decode(errors="replace")

    def get(self, path=""):
        """GET a page (following a redirect) and read its forms."""
        url = urllib.parse.urljoin(self.base, path)
        for _ in range(5):
            code, headers, body = self.request(url)
            if code in (301, 302, 303, 307) and headers.get("Location"):
                url = urllib.parse.urljoin(url, headers["Location"])
                continue
            break
        self.url = url
        self.page = body
        p = FormParser()
        p.feed(body)
        self.forms = p.forms
        self.links = p.links
        return code

    def post_forms(self):
        return [f for f in self.forms if f.method == "post"]

    def line_form(self):
        """The form of the one text line that takes anything play
        takes: a POST form with a field named line, else the POST form
        with a single text field."""
        for f in self.post_forms():
            if "line" in f.text_fields():
                return f, "line"
        for f in self.post_forms():
            t = f.text_fields()
            if len(t) == 1:
                return f, t[0]
        return None, None

    def body(self, form, fields):
        data = dict(form.hidden)
        data.update(fields)
        return urllib.parse.urlencode(data).encode()

    def send(self, form, body, origin=True, headers=None):
        """POST body to form's action: (status, headers, page)."""
        h = {"Content-Type": "application/x-www-form-urlencoded"}
        if origin is True:
            h["Origin"] = self.origin
        elif origin:
            h["Origin"] = origin
        h.update(headers or {})
        url = urllib.parse.urljoin(self.url, form.action or self.url)
        return self.request(url, data=body, headers=h, method="POST")

    def line(self, text):
        """Type text in the page's text line and send it: the status."""
        self.get()
        form, name = self.line_form()
        if form is None:
            raise AssertionError("no text line on %s" % self.url)
        return self.send(form, self.body(form, {name: text}))[0]

    def say_who(self, name):
        """Say who holds the phone: a form that sends who=name (a button
        or an option); "" is the table.  The status, or None."""
        self.get()
        for f in self.post_forms():
            values = [b[1] for b in f.buttons if b[0] == "who"]
            values += f.selects.get("who", [])
            values += [i[2] for i in f.inputs if i[0] == "who"]
            if name in values or "who" in f.text_fields():
                return self.send(f, self.body(f, {"who": name}))[0]
        return None
