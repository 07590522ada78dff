/*
 * serve-forms.c: the forms of a phone on the players' link (serve
 * --enter, SPEC.md "serve --enter"), made from the game's verb table and
 * the expectation alone, as play's Tab completion is (cmd-complete.c):
 * no game logic here.  A verb without arguments is a button; a verb
 * whose first argument is a die value (V) a dice pad; a verb taking one
 * NAME a name picker (the names the rules' values hook offers, else every
 * player); a keyword argument (accept|reject) a button each; any other a
 * field for its arguments.  Every form posts the entry's words, the
 * game (g) and entry number (n) it was made against and a form id
 * (fid).
 */
#include <sys/random.h>

#include "serve.h"

/* The hidden fields every entry form carries: its game, n, its id. */
static void
form_open(struct buf *b, const char *pfx, const struct sr_game *sg, int n,
    const char *fid, const char *cls)
{
	buf_printf(b, "<form method=\"post\" action=\"%senter\" class=\"%s\">"
	    "<input type=\"hidden\" name=\"g\" value=\"%lld\">"
	    "<input type=\"hidden\" name=\"n\" value=\"%d\">"
	    "<input type=\"hidden\" name=\"fid\" value=\"%s\">", pfx, cls,
	    sg->g.id, n, fid);
}

/* A submit button posting line (escaped), its label the same words. */
static void
line_button(struct buf *b, const char *line)
{
	buf_puts(b, "<button name=\"line\" value=\"");
	sv_html_text(b, line);
	buf_puts(b, "\">");
	sv_html_text(b, line);
	buf_puts(b, "</button>");
}

/*
 * The lines of the rules' values hook for argument argi (from 0) of
 * verb lv now, into b (one a line); 1 if any.
 */
static int
hook_values(const struct sr_game *sg, int lv, int argi, struct buf *b)
{
	char *none[1] = { NULL };

	buf_reset(b);
	if (sg->rules->values != NULL)
		sg->rules->values(sg->rp.st, lv, argi, none, b);
	return b->len > 0;
}

/*
 * The count of values verb lv takes when its verb table says it (every
 * argument a value, none repeated: Pig's "roll V" one); 0 when the
 * rules decide it ("V...": the game's apply alone knows how many).
 */
static int
pad_want(const struct game_rules *g, int lv)
{
	int k;

	if (game_verb_arg(g, lv, GAME_MAX_PLAYERS * 8) != 0)
		return 0;
	for (k = 1; game_verb_arg(g, lv, k) != 0; k++)
		if (game_verb_arg(g, lv, k) != 'V')
			return 0;
	return k - 1;
}

/* The count of values in pad ("3 5"). */
static int
pad_count(const char *pad)
{
	int k = 0;

	for (; *pad != '\0'; pad++)
		if (*pad != ' ' && (pad[1] == ' ' || pad[1] == '\0'))
			k++;
	return k;
}

/*
 * The dice pad of verb v (its first argument a value): a link per face
 * adding one die to ?pad= (no JavaScript needed: the values so far ride
 * in the address), the values so far, clear, and the entry's button.
 * Where the verb table (pad_want) or else the expectation (count, 0
 * when it does not know) gives the count, "1 of 2" beside the values, a
 * face adds nothing once they are all in, and the button enters only
 * the complete count.
 */
static void
dice_pad(struct buf *b, const char *pfx, const struct sr_game *sg, int lv,
    const char *name, const struct phone *ph, int count, int n,
    const char *fid)
{
	struct buf faces = BUF_INIT, line = BUF_INIT;
	const char *pad = ph->pad != NULL ? ph->pad : "";
	char *s, *e;
	int f, want = pad_want(sg->rules, lv), have = pad_count(pad);
	int full;

	if (want == 0)
		want = count;
	full = want > 0 && have >= want;

	/* The faces the rules offer (their values hook), else 1..6. */
	if (!hook_values(sg, lv, 0, &faces))
		for (f = 1; f <= 6; f++)
			buf_printf(&faces, "%d\n", f);
	buf_printf(b, "<section class=\"pad\" data-verb=\"%s\" "
	    "data-want=\"%d\"><h2>", name, want);
	sv_html_text(b, name);
	buf_puts(b, "</h2><p class=\"faces\" role=\"group\" aria-label=\"");
	sv_html_words(b, N_("add a die"));
	buf_puts(b, "\">");
	for (s = faces.s; s != NULL && (e = strchr(s, '\n')) != NULL;
	    s = e + 1) {
		*e = '\0';
		buf_printf(b, "<a class=\"die\" href=\"%s?pad=", pfx);
		sv_html_text(b, pad);
		if (!full) {
			buf_puts(b, pad[0] != '\0' ? "+" : "");
			sv_html_text(b, s);
		}
		buf_printf(b, "\"%s aria-label=\"", full ?
		    " aria-disabled=\"true\"" : "");
		sv_html_words(b, N_("die"));
		buf_puts(b, " ");
		sv_html_text(b, s);
		buf_puts(b, "\">");
		sv_html_text(b, s);
		buf_puts(b, "</a>");
	}
	buf_puts(b, "</p><p class=\"sofar\"><span>");
	sv_html_words(b, N_("so far:"));
	buf_puts(b, "</span> <output>");
	sv_html_text(b, pad);
	buf_puts(b, "</output>");
	if (want > 0) {
		/* TRANSLATORS: the dice entered so far, of the count the
		   rules expect ("1 of 2"); keep the numbers in this order. */
		char *t = xasprintf(_("%d of %d"), have, want);

		buf_puts(b, " <span class=\"count\" data-of=\"");
		sv_html_text(b, _("%d of %d"));
		buf_puts(b, "\">");
		sv_html_text(b, t);
		buf_puts(b, "</span>");
		free(t);
	}
	buf_printf(b, " <a class=\"clear\" href=\"%s\">", pfx);
	sv_html_words(b, N_("clear"));
	buf_puts(b, "</a></p>");
	form_open(b, pfx, sg, n, fid, "send");
	buf_printf(&line, "%s %s", name, pad);
	buf_puts(b, "<input type=\"hidden\" name=\"line\" value=\"");
	sv_html_text(b, buf_str(&line));
	buf_printf(b, "\"><button%s>", want > 0 && have != want ?
	    " disabled" : "");
	sv_html_words(b, N_("enter"));
	buf_puts(b, " <code>");
	sv_html_text(b, buf_str(&line));
	buf_puts(b, "</code></button></form></section>\n");
	buf_free(&faces);
	buf_free(&line);
}

/*
 * The verb (its index) of a roll of every player's die now: a verb of
 * die values that may name each (VERB_PAIRS) while the table enters;
 * -1 if none.
 */
int
sv_waits(const struct sr_game *sg, const struct expectation *x)
{
	int lv;

	if (x->finished || x->turn >= 0)
		return -1;
	for (lv = 0; sg->rules->verbs[lv].name != NULL; lv++)
		if ((x->verbs & VERB_BIT(lv)) &&
		    (sg->rules->verbs[lv].kind & VERB_PAIRS) &&
		    game_verb_arg(sg->rules, lv, 1) == 'V')
			return lv;
	return -1;
}

/* 1 if the roll the table enters now (x) covers seat's die. */
int
sv_rolls(const struct expectation *x, int seat)
{
	return x->rolling == 0 || (x->rolling & 1UL << seat) != 0;
}

/*
 * The holder's own die of a roll of every player's (verb lv): a button
 * per face, one tap sends it, if the roll covers the holder's (x); who
 * the roll still waits for.
 */
static void
own_die(struct buf *b, const char *pfx, const struct sr_game *sg, int lv,
    const struct expectation *x, int seat, const struct waiting *w, int n,
    const char *fid)
{
	struct buf faces = BUF_INIT, names = BUF_INIT;
	int fresh = w->game == sg->g.id && w->n == n, i;
	char *s, *e, *t;

	if (!hook_values(sg, lv, 0, &faces))
		for (i = 1; i <= 6; i++)
			buf_printf(&faces, "%d\n", i);
	buf_printf(b, "<section class=\"own\"><h2>%s</h2>",
	    sg->rules->verbs[lv].name);
	for (i = 0; i < sg->g.nplayers; i++)
		if (sv_rolls(x, i) && (!fresh || w->val[i][0] == '\0'))
			buf_printf(&names, "%s%s", names.len > 0 ? ", " : "",
			    sg->g.names[i]);
	if (fresh && w->val[seat][0] != '\0') {
		t = xasprintf(_("your die: %s"), w->val[seat]);
		buf_puts(b, "<p class=\"mine\">");
		sv_html_text(b, t);
		buf_puts(b, "</p>");
		free(t);
	}
	if (names.len > 0) {
		t = xasprintf(_("waiting for %s"), buf_str(&names));
		buf_puts(b, "<p class=\"waiting\" role=\"status\">");
		sv_html_text(b, t);
		buf_puts(b, " <small>");
		sv_html_words(b, N_("(the values sent are kept by serve "
		    "alone: a restart forgets them)"));
		buf_puts(b, "</small></p>");
		free(t);
	}
	if (!sv_rolls(x, seat)) {
		buf_puts(b, "</section>\n");
		goto out;
	}
	form_open(b, pfx, sg, n, fid, "faces");
	buf_puts(b, "<span id=\"mydie\">");
	sv_html_words(b, N_("my die:"));
	buf_puts(b, "</span>");
	for (s = faces.s; s != NULL && (e = strchr(s, '\n')) != NULL;
	    s = e + 1) {
		*e = '\0';
		buf_puts(b, "<button class=\"die\" name=\"mine\" value=\"");
		sv_html_text(b, s);
		buf_puts(b, "\" aria-describedby=\"mydie\">");
		sv_html_text(b, s);
		buf_puts(b, "</button>");
	}
	buf_puts(b, "</form></section>\n");
out:
	buf_free(&faces);
	buf_free(&names);
}

/* One verb legal now, as its form. */
static void
verb_form(struct buf *b, const char *pfx, const struct sr_game *sg, int lv,
    const struct phone *ph, const char *holder, int count, int n,
    const char *fid)
{
	const struct game_verb *v = &sg->rules->verbs[lv];
	struct buf vals = BUF_INIT, w = BUF_INIT, kw = BUF_INIT;
	char *s, *e;
	int a1 = game_verb_arg(sg->rules, lv, 1), a2;
	int i, k, own;

	if (a1 == 'V') {
		dice_pad(b, pfx, sg, lv, v->name, ph, count, n, fid);
		return;
	}
	a2 = game_verb_arg(sg->rules, lv, 2);
	/*
	 * A list of the named player's own ("words NAME W..."): the
	 * holder's name given, the table's phone a field for each player.
	 */
	own = a1 == 'N' && a2 != 0 && v->who == WHO_NAMED &&
	    strcmp(v->args + strlen(v->args) - (strlen(v->args) > 3 ? 3 : 0),
	    "...") == 0 && strchr(v->args, 'N') == v->args &&
	    strstr(v->args + 1, "NAME") == NULL;
	if (own && (holder == NULL || holder[0] == '\0')) {
		/* The table's phone: a field for each player's own. */
		for (i = 0; i < sg->g.nplayers; i++)
			verb_form(b, pfx, sg, lv, ph, sg->g.names[i], count,
			    n, fid);
		return;
	}
	form_open(b, pfx, sg, n, fid, "verb");
	if (a1 == 0 || (v->kind & VERB_TIMER)) {
		/* A timer: its round's own length (DURATION left out). */
		line_button(b, v->name);
	} else if (a1 == 'N' && a2 == 0 && strstr(v->args, "...") == NULL) {
		/*
		 * A name picker: the names the rules offer, else everyone;
		 * the bare verb first where the name is optional ("[NAME]").
		 */
		if (v->args[0] == '[')
			line_button(b, v->name);
		if (hook_values(sg, lv, 0, &vals)) {
			for (s = vals.s; (e = strchr(s, '\n')) != NULL;
			    s = e + 1) {
				*e = '\0';
				buf_reset(&w);
				buf_printf(&w, "%s %s", v->name, s);
				line_button(b, buf_str(&w));
			}
		} else
			for (i = 0; i < sg->g.nplayers; i++) {
				buf_reset(&w);
				buf_printf(&w, "%s %s", v->name,
				    sg->g.names[i]);
				line_button(b, buf_str(&w));
			}
	} else if (a1 == 'K' && a2 == 0) {
		if (v->args[0] == '[')	/* "[a|b]": the bare verb too */
			line_button(b, v->name);
		for (k = 0; k < 2; k++) {
			buf_reset(&kw);
			if (!game_verb_keyword(sg->rules, lv, 1, k, &kw))
				continue;
			buf_reset(&w);
			buf_printf(&w, "%s %s", v->name, buf_str(&kw));
			line_button(b, buf_str(&w));
		}
	} else {
		/*
		 * Its arguments typed: "vote NAME WORD"; the holder's own
		 * NAME given where the verb is the named player's (each
		 * player's "words W..." on their own phone).
		 */
		buf_reset(&w);
		buf_puts(&w, v->name);
		if (own && holder != NULL && holder[0] != '\0' &&
		    (s = strchr(v->args, ' ')) != NULL) {
			buf_puts(&w, " \"");
			for (e = (char *)holder; *e != '\0'; e++)
				buf_printf(&w, "%s%c", *e == '"' || *e == '\\' ?
				    "\\" : "", *e);
			buf_puts(&w, "\"");
			buf_reset(&kw);
			buf_printf(&kw, "%s %s", holder, s + 1);
		} else {
			buf_reset(&kw);
			buf_puts(&kw, v->args);
		}
		buf_puts(b, "<input type=\"hidden\" name=\"verb\" value=\"");
		sv_html_text(b, buf_str(&w));
		buf_puts(b, "\"><label><code>");
		sv_html_text(b, v->name);
		buf_puts(b, " ");
		sv_html_text(b, buf_str(&kw));
		buf_printf(b, "</code> <input name=\"args\" autocomplete=\"off\" "
		    "autocapitalize=\"none\" spellcheck=\"false\"></label>"
		    "<button>");
		sv_html_text(b, v->name);
		buf_puts(b, "</button>");
	}
	buf_puts(b, "</form>\n");
	buf_free(&vals);
	buf_free(&w);
	buf_free(&kw);
}

/*
 * Who holds the phone in game id, by its cookies ("ID\tNAME\n" lines):
 * a name, "" for the table, NULL if it has not said (malloc'd).
 */
char *
sv_phone_who(const char *cookies, long long id)
{
	char key[32];
	const char *s, *e;
	size_t k = (size_t)snprintf(key, sizeof key, "%lld\t", id);

	for (s = cookies; s != NULL && *s != '\0'; s = e + 1) {
		if ((e = strchr(s, '\n')) == NULL)
			break;
		if (strncmp(s, key, k) == 0)
			return xstrndup(s + k, (size_t)(e - s) - k);
	}
	return NULL;
}

/* The seat of the phone's holder who, -1 for the table (or not said). */
int
sv_holder_seat(const struct sr_game *sg, const char *who)
{
	int i;

	for (i = 0; who != NULL && i < sg->g.nplayers; i++)
		if (strcmp(sg->g.names[i], who) == 0)
			return i;
	return -1;
}

/*
 * A game over: the next one a tap away, each rules of the table that
 * takes these players, the same players in the same seats ("new --game
 * RULES --players A,B", as play takes it).
 */
static void
next_game(struct buf *b, const char *pfx, const struct sr_game *sg, int n,
    const char *fid)
{
	const struct game_rules *const *g;
	struct buf line = BUF_INIT;
	const char *q;
	int i;

	buf_puts(b, "<section class=\"next\"><h2>");
	sv_html_words(b, N_("The next game"));
	buf_puts(b, "</h2>");
	form_open(b, pfx, sg, n, fid, "verb");
	for (g = game_table; *g != NULL; g++) {
		if (sg->g.nplayers < (*g)->min_players ||
		    sg->g.nplayers > (*g)->max_players)
			continue;
		buf_reset(&line);
		buf_printf(&line, "new --game %s --players \"", (*g)->name);
		for (i = 0; i < sg->g.nplayers; i++)
			for (q = sg->g.names[i], buf_puts(&line, i > 0 ? "," :
			    ""); *q != '\0'; q++)
				buf_printf(&line, "%s%c", *q == '"' ||
				    *q == '\\' ? "\\" : "", *q);
		buf_puts(&line, "\"");
		buf_puts(b, "<button name=\"line\" value=\"");
		sv_html_text(b, buf_str(&line));
		buf_puts(b, "\">");
		sv_html_text(b, (*g)->name);
		buf_puts(b, "</button>");
	}
	buf_puts(b, "</form></section>\n");
	buf_free(&line);
}

/* "Who holds this phone?": a button per player and one for the table. */
static void
who_form(struct buf *b, const char *pfx, const struct sr_game *sg)
{
	int i;

	buf_printf(b, "<form method=\"post\" action=\"%swho\" class=\"who\">"
	    "<input type=\"hidden\" name=\"g\" value=\"%lld\"><h2>", pfx,
	    sg->g.id);
	sv_html_words(b, N_("Who holds this phone?"));
	buf_puts(b, "</h2>");
	for (i = 0; i < sg->g.nplayers; i++) {
		buf_puts(b, "<button name=\"who\" value=\"");
		sv_html_text(b, sg->g.names[i]);
		buf_puts(b, "\">");
		sv_html_text(b, sg->g.names[i]);
		buf_puts(b, "</button>");
	}
	buf_puts(b, "<button name=\"who\" value=\"\">");
	sv_html_words(b, N_("the table"));
	buf_puts(b, "</button></form>\n");
}

/* undo or redo asked from a phone: said again, to confirm. */
static void
confirm_form(struct buf *b, const char *pfx, const struct sr_game *sg,
    const char *what, int n, const char *fid)
{
	buf_puts(b, "<section class=\"confirm\"><p>");
	sv_html_words(b, strcmp(what, "redo") == 0 ?
	    N_("Restore the entry taken back last?") :
	    N_("Take back the last entry?"));
	buf_puts(b, "</p>");
	form_open(b, pfx, sg, n, fid, "verb");
	buf_printf(b, "<input type=\"hidden\" name=\"confirm\" value=\"yes\">"
	    "<button name=\"line\" value=\"%s\">", what);
	sv_html_words(b, strcmp(what, "redo") == 0 ? N_("yes, redo") :
	    N_("yes, undo"));
	buf_printf(b, "</button></form><p><a href=\"%s\">", pfx);
	sv_html_words(b, N_("no, back"));
	buf_puts(b, "</a></p></section>\n");
}

/*
 * The reader: the forms of phone ph for game sg, loaded (its latest
 * entry n), on the players' link pfx.
 */
void
sv_forms(struct buf *b, const char *pfx, const struct sr_game *sg,
    const struct phone *ph, const struct waiting *w)
{
	struct expectation x;
	unsigned char raw[8];
	char fid[SERVE_FID + 1], *who = sv_phone_who(ph->cookies, sg->g.id);
	int n = replay_last_n(&sg->rp), seat, lv, i;

	if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
		memset(raw, 0, sizeof raw);
	for (i = 0; i < (int)sizeof raw; i++)
		snprintf(fid + i * 2, 3, "%02x", raw[i]);
	sr_expect(sg, &x, NULL);
	buf_puts(b, "<div id=\"enter\">");
	if (ph->said != NULL) {
		buf_printf(b, "<p class=\"said %s\" role=\"status\">",
		    ph->said_status == SR_OK || ph->said_status == SR_UPHELD ?
		    "ok" : "refused");
		sv_html_text(b, ph->said);
		buf_puts(b, "</p>\n");
	}
	seat = sv_holder_seat(sg, who);
	if (who == NULL || ph->pick || (seat < 0 && who[0] != '\0')) {
		who_form(b, pfx, sg);
		buf_puts(b, "</div>\n");
		free(who);
		return;
	}
	free(who);
	buf_puts(b, "<p class=\"holder\">");
	if (seat >= 0) {
		char *t = xasprintf(_("I am %s"), sg->g.names[seat]);

		sv_html_text(b, t);
		free(t);
	} else
		sv_html_words(b, N_("This phone enters for the table."));
	buf_printf(b, " <a href=\"%s?who=change\">", pfx);
	sv_html_words(b, N_("change"));
	buf_puts(b, "</a></p>\n");
	if (ph->confirm != NULL && (strcmp(ph->confirm, "undo") == 0 ||
	    strcmp(ph->confirm, "redo") == 0)) {
		confirm_form(b, pfx, sg, ph->confirm, n, fid);
		buf_puts(b, "</div>\n");
		return;
	}
	if (!x.finished && x.turn >= 0 && seat >= 0 && seat != x.turn) {
		char *t = xasprintf(_("%s's turn"), sg->g.names[x.turn]);

		buf_puts(b, "<p class=\"wait\">");
		sv_html_text(b, t);
		buf_puts(b, "</p>\n");
		free(t);
	} else if (!x.finished) {
		buf_puts(b, "<div class=\"verbs\">");
		for (lv = 0; sg->rules->verbs[lv].name != NULL; lv++) {
			if (!(x.verbs & VERB_BIT(lv)))
				continue;
			/* Each player their own die, the table all. */
			if (seat >= 0 && lv == sv_waits(sg, &x))
				own_die(b, pfx, sg, lv, &x, seat, w, n, fid);
			else
				verb_form(b, pfx, sg, lv, ph, seat >= 0 ?
				    sg->g.names[seat] : NULL, x.count_verb ==
				    lv ? x.count : 0, n, fid);
		}
		buf_puts(b, "</div>\n");
	}
	if (x.finished)
		next_game(b, pfx, sg, n, fid);
	/* undo and redo, confirmed first; then the line. */
	form_open(b, pfx, sg, n, fid, "verb");
	if (sg->rp.ndone > 0)
		line_button(b, "undo");
	if (sg->rp.nundone > 0)
		line_button(b, "redo");
	buf_puts(b, "</form>\n");
	form_open(b, pfx, sg, n, fid, "line");
	buf_puts(b, "<label>");
	sv_html_words(b, N_("an entry, as play takes it"));
	buf_puts(b, " <input name=\"line\" autocomplete=\"off\" "
	    "autocapitalize=\"none\" spellcheck=\"false\"></label><button>");
	sv_html_words(b, N_("enter"));
	buf_puts(b, "</button></form></div>\n");
}
