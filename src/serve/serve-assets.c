/*
 * serve-assets.c: the style sheet, the live script and the icon (serve, cmd-serve.c).
 */
#include "serve.h"

/* pre.table.wN: type for N columns in a phone's width, at most 1rem. */
#define PRE_W(n)	"pre.w" #n "{font-size:clamp(.7rem,calc((100vw - " \
	"2.5rem) / " #n " / .61),1rem)}\n"

/* The style sheet: a phone's width to a TV, light and dark. */
const char sv_style_css[] =
    ":root{color-scheme:light dark;--bg:#fafafa;--fg:#111;--dim:#555;"
    "--card:#e8e8e8;--turn:#0b7a3e;--won:#b8860b}\n"
    "@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#eee;"
    "--dim:#aaa;--card:#262626;--turn:#3ddc84;--won:#ffd54f}}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0 auto;padding:.5rem;max-width:80rem;background:var(--bg);"
    "color:var(--fg);font:1rem/1.4 system-ui,sans-serif;"
    "overflow-wrap:break-word;hyphens:manual}\n"
    "nav{display:flex;gap:1rem;flex-wrap:wrap;margin-bottom:.5rem}\n"
    "a{color:inherit}\n"
    "h1{font-size:1.4rem;margin:.2rem 0}\n"
    "h2{font-size:1.1rem;margin:1rem 0 .3rem}\n"
    ".round,.expect,.more,figcaption,small{color:var(--dim)}\n"
    ".scores{list-style:none;padding:0;margin:.5rem 0;display:grid;gap:.5rem;"
    "grid-template-columns:repeat(auto-fit,minmax(9rem,1fr))}\n"
    ".scores li{background:var(--card);border-radius:.6rem;padding:.4rem;"
    "text-align:center;border:.25rem solid transparent}\n"
    ".scores li.turn{border-color:var(--turn)}\n"
    ".scores li.won{border-color:var(--won)}\n"
    ".scores .name{display:block;font-size:1.3rem;font-weight:600}\n"
    ".scores .score{display:block;font-size:clamp(3rem,14vw,8rem);"
    "font-weight:700;line-height:1.05;font-variant-numeric:tabular-nums}\n"
    ".scores .mark{display:block;color:var(--dim)}\n"
    ".say{font-size:1.25rem}\n"
    ".coach{font-style:italic}\n"
    "pre{overflow-x:auto;max-width:100%;background:var(--card);"
    "padding:.4rem;border-radius:.3rem}\n"
    /* A board's table: its type as wide as the phone allows (wNN: its
     * widest line in columns; a monospace column is .6em), at least
     * .7rem; what is still wider wraps at spaces, never sideways. */
    "pre.table{white-space:pre-wrap;overflow-wrap:normal;"
    "overflow-x:visible;font-size:.7rem}\n"
    PRE_W(25) PRE_W(30) PRE_W(35) PRE_W(40) PRE_W(45) PRE_W(50)
    PRE_W(55) PRE_W(60) PRE_W(65) PRE_W(70) PRE_W(75) PRE_W(80)
    PRE_W(85) PRE_W(90) PRE_W(95) PRE_W(100)
    ".lead{font-size:1.1rem}\n"
    ".lead .gap,.ps{white-space:nowrap}\n"
    ".hint{color:var(--dim)}\n"
    ".pages{display:flex;gap:1rem;flex-wrap:wrap;margin:.5rem 0}\n"
    /* An entry: its number, then who and what on a line, the sentence
     * under them. */
    ".entries{padding-left:0;list-style:none}\n"
    ".entries li{display:grid;grid-template-columns:2.2rem 1fr;"
    "column-gap:.5rem;padding:.3rem 0;border-bottom:1px solid var(--card)}\n"
    ".entries .n{color:var(--dim);grid-row:span 2;text-align:right;"
    "font-variant-numeric:tabular-nums}\n"
    ".entries .who{font-weight:600}\n"
    ".entries .note{grid-column:2}\n"
    ".entries .undone{opacity:.55;text-decoration:line-through}\n"
    "table{border-collapse:collapse;width:100%}\n"
    "th,td{text-align:left;padding:.25rem .4rem;"
    "border-bottom:1px solid var(--card)}\n"
    ".race>svg{width:100%;height:auto;max-height:70vh}\n"
    ".key svg{vertical-align:middle}\n"
    "pre.review{white-space:pre-wrap}\n"
    "figure{margin:0}\n"
    ".key{list-style:none;padding:0;display:flex;flex-wrap:wrap;"
    "gap:.3rem 1.2rem}\n"
    /* serve --enter: the forms, a thumb's 48 px at least, in the phone's
     * width (360 px), light and dark as the rest. */
    "#enter{margin:1rem 0}\n"
    "#enter form,#enter .faces{display:flex;flex-wrap:wrap;gap:.5rem;"
    "margin:.5rem 0;align-items:center}\n"
    "#enter button,#enter .die,#enter .clear{min-height:48px;"
    "min-width:48px;padding:.5rem .9rem;font:inherit;font-size:1.15rem;"
    "border-radius:.5rem;border:2px solid var(--turn);"
    "background:var(--card);color:var(--fg);text-decoration:none;"
    "display:inline-flex;align-items:center;justify-content:center}\n"
    "#enter button:focus-visible,#enter a:focus-visible{outline:3px solid "
    "var(--won);outline-offset:2px}\n"
    "#enter .die{font-size:1.5rem;font-weight:700;min-width:3.2rem}\n"
    "#enter label{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;"
    "flex:1 1 100%}\n"
    "#enter input[name=line],#enter input[name=args]{flex:1 1 12rem;"
    "min-height:48px;font:inherit;font-size:1.1rem;padding:.4rem;"
    "background:var(--bg);color:var(--fg);border:2px solid var(--dim);"
    "border-radius:.4rem;max-width:100%}\n"
    "#enter h2{margin:.6rem 0 .2rem}\n"
    "#enter .said{padding:.5rem;border-radius:.4rem;background:var(--card);"
    "border-left:.4rem solid var(--turn);white-space:pre-wrap}\n"
    "#enter .said.refused{border-left-color:#c62828}\n"
    "#enter .wait,#enter .holder{font-size:1.2rem}\n"
    "#enter output{font-size:1.3rem;font-weight:700}\n"
    ".timer{font-size:1.4rem;font-weight:700}\n"
    ".timer .left{font-variant-numeric:tabular-nums}\n"
    "@media (min-width:60rem){body{font-size:1.3rem}}\n"
    /* On a phone the games and standings are cards, a cell a line, named. */
    "@media (max-width:40rem){table.cards thead{display:none}"
    "table.cards,table.cards tbody,table.cards tr,table.cards td"
    "{display:block}"
    "table.cards tr{background:var(--card);border-radius:.5rem;"
    "padding:.4rem .6rem;margin:.5rem 0}"
    "table.cards td{border:0;padding:.05rem 0}"
    "table.cards td::before{content:attr(data-label) \": \";"
    "color:var(--dim)}}\n";

/*
 * The live update: the board's event replaces the board; on another page,
 * or a board in a phone's language other than serve's (data-fetch), it
 * fetches the page again and replaces its main part.  Without it (no
 * JavaScript) a reload shows the same.
 */
const char sv_live_js[] =
    "\"use strict\";\n"
    "(function () {\n"
    "  var body = document.body, url = body.getAttribute(\"data-events\");\n"
    "  if (!url || !window.EventSource) return;\n"
    "  var es = new EventSource(url);\n"
    "  es.addEventListener(\"board\", function (ev) {\n"
    "    var main = document.getElementById(\"live\");\n"
    "    if (body.getAttribute(\"data-page\") === \"board\" &&\n"
    "        !body.hasAttribute(\"data-fetch\")) {\n"
    "      main.innerHTML = ev.data;\n"
    "      return;\n"
    "    }\n"
    "    fetch(location.href, { cache: \"no-store\" }).then(function (r) {\n"
    "      return r.ok ? r.text() : null;\n"
    "    }).then(function (t) {\n"
    "      if (t === null) return;\n"
    "      var d = new DOMParser().parseFromString(t, \"text/html\");\n"
    "      var m = d.getElementById(\"live\");\n"
    "      if (!m) return;\n"
    /* serve --enter: what a phone was typing, and the pad so far, kept
     * across the refresh (each field known by its form's verb). */
    "      var keep = {}, focus = null, key = function (el) {\n"
    "        var f = el.closest(\"form\"), v = f && f.querySelector(\"[name=verb]\");\n"
    "        var p = el.closest(\".pad\");\n"
    "        return (p ? p.getAttribute(\"data-verb\") : \"\") + \"|\" +\n"
    "          (v ? v.value : \"\") + \"|\" + (el.name || el.tagName);\n"
    "      };\n"
    "      main.querySelectorAll(\"#enter input:not([type=hidden]), #enter .pad output\").forEach(function (el) {\n"
    "        keep[key(el)] = el.tagName === \"OUTPUT\" ? el.textContent : el.value;\n"
    "        if (el === document.activeElement) focus = key(el);\n"
    "      });\n"
    "      main.innerHTML = m.innerHTML;\n"
    "      main.querySelectorAll(\"#enter input:not([type=hidden]), #enter .pad output\").forEach(function (el) {\n"
    "        var k = key(el);\n"
    "        if (!(k in keep) || !keep[k]) return;\n"
    "        if (el.tagName === \"OUTPUT\")\n"
    "          padShow(el.closest(\".pad\"), keep[k].split(\" \").filter(Boolean));\n"
    "        else el.value = keep[k];\n"
    "        if (k === focus) el.focus();\n"
    "      });\n"
    "    }).catch(function () {});\n"
    "  });\n"
    "})();\n"
    /* serve --enter: a pad shows values vals: its line, the count of
     * those the verb table or the rules' expectation gives (data-want,
     * 0: the rules' apply alone decides) and the button only for the
     * complete count. */
    "function padShow(pad, vals) {\n"
    "  var want = +pad.getAttribute(\"data-want\") || 0;\n"
    "  var line = pad.querySelector(\"input[name=line]\");\n"
    "  var code = pad.querySelector(\"button code\");\n"
    "  var count = pad.querySelector(\".count\"), i = 0, v = [vals.length, want];\n"
    "  pad.querySelector(\"output\").textContent = vals.join(\" \");\n"
    "  line.value = pad.getAttribute(\"data-verb\") + \" \" + vals.join(\" \");\n"
    "  code.textContent = line.value;\n"
    "  if (!want) return;\n"
    "  if (count) count.textContent = count.getAttribute(\"data-of\").replace(/%d/g, function () { return v[i++]; });\n"
    "  code.parentNode.disabled = vals.length !== want;\n"
    "  pad.querySelectorAll(\"a.die\").forEach(function (d) {\n"
    "    if (vals.length >= want) d.setAttribute(\"aria-disabled\", \"true\");\n"
    "    else d.removeAttribute(\"aria-disabled\");\n"
    "  });\n"
    "}\n"
    /* serve --enter: a dice pad fills in place (without JavaScript each
     * tap is a link whose address carries the values so far). */
    "document.addEventListener(\"click\", function (ev) {\n"
    "  var a = ev.target.closest && ev.target.closest(\"a.die, a.clear\");\n"
    "  var pad = a && a.closest(\".pad\");\n"
    "  if (!pad) return;\n"
    "  ev.preventDefault();\n"
    "  var want = +pad.getAttribute(\"data-want\") || 0;\n"
    "  var vals = pad.querySelector(\"output\").textContent.split(\" \").filter(Boolean);\n"
    "  if (!a.classList.contains(\"die\")) vals = [];\n"
    "  else if (!want || vals.length < want) vals.push(a.textContent);\n"
    "  padShow(pad, vals);\n"
    "});\n"
    /* A round's timer started from a phone, counted down on each. */
    "setInterval(function () {\n"
    "  document.querySelectorAll(\".timer[data-end]\").forEach(function (p) {\n"
    "    var s = Math.max(0, Math.round(+p.getAttribute(\"data-end\") - Date.now() / 1000));\n"
    "    var left = p.querySelector(\".left\");\n"
    "    if (left) left.textContent = \"(\" + Math.floor(s / 60) + \":\" + (\"0\" + s % 60).slice(-2) + \")\";\n"
    "  });\n"
    "}, 1000);\n";

/* The icon: a die. */
const char sv_icon_svg[] =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\">"
    "<rect x=\"1\" y=\"1\" width=\"14\" height=\"14\" rx=\"3\" "
    "fill=\"#0b7a3e\"/><circle cx=\"5\" cy=\"5\" r=\"1.5\" fill=\"#fff\"/>"
    "<circle cx=\"8\" cy=\"8\" r=\"1.5\" fill=\"#fff\"/><circle cx=\"11\" "
    "cy=\"11\" r=\"1.5\" fill=\"#fff\"/></svg>\n";
