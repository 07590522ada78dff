/*
 * test-store.c: the store on its own, under the door (src/core/utf8.c) that
 * refuses bad text first: an entry is stored exactly as given, or not at
 * all (exit 4), and what is read back is what was stored.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/store/store-engine.h"
#include "tap.h"

/* A fresh database in a temporary folder, with a game of Ann and a name. */
static struct store *
open_game(char *path, size_t len, const char *name, long long *id)
{
	struct store *s = NULL;
	struct store_game g;
	char *why = NULL, tmpl[] = "/tmp/test-store.XXXXXX";

	if (mkdtemp(tmpl) == NULL)
		return NULL;
	snprintf(path, len, "%s/t.db", tmpl);
	if (store_open(path, NULL, 1, &s, &why) != SR_OK) {
		printf("# %s\n", why);
		free(why);
		return NULL;
	}
	memset(&g, 0, sizeof g);
	g.rules = "shake-a-word";
	g.options = "{}";
	g.created = 1795000000;
	g.nplayers = 2;
	g.names[0] = "Ann";
	g.names[1] = (char *)name;
	if (store_begin(s, 1, &why) != SR_OK ||
	    store_game_create(s, &g, &why) != SR_OK ||
	    store_commit(s, &why) != SR_OK) {
		printf("# %s\n", why);
		free(why);
		store_close(s);
		return NULL;
	}
	*id = g.id;
	return s;
}

/* Append one entry (verb, args) in its own transaction; the status. */
static int
append(struct store *s, long long id, int n, const char *player,
    enum verb verb, int argc, char **argv, char **why)
{
	struct stored_entry se;
	int status;

	memset(&se, 0, sizeof se);
	se.n = n;
	se.player = (char *)player;
	se.verb = verb;
	se.argc = argc;
	se.argv = argv;
	se.at = 1795000000;
	if ((status = store_begin(s, 1, why)) != SR_OK)
		return status;
	if ((status = store_entry_append(s, id, &se, why)) != SR_OK) {
		store_rollback(s);
		return status;
	}
	return store_commit(s, why);
}

/* Remove the database and its folder. */
static void
cleanup(const char *path)
{
	char dir[512], f[600];
	char *slash;

	snprintf(dir, sizeof dir, "%s", path);
	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	snprintf(f, sizeof f, "%s-wal", path);
	unlink(f);
	snprintf(f, sizeof f, "%s-shm", path);
	unlink(f);
	unlink(path);
	rmdir(dir);
}

/*
 * The table's copy of a game (store-kept.c) as text and back: every
 * field, a state of every byte value; a name that is not UTF-8 (a copy
 * would change it) keeps no copy; text that is not a whole copy reads
 * as none, nothing filled.
 */
static void
kept_text(void)
{
	struct store_read r, back;
	unsigned char state[256];
	char *text, *token = NULL, *cut;
	char name0[] = "Zo\xc3\xab \"Z\"", name1[] = "Bob", title[] = "Fri",
	    rules[] = "shake", fmt[] = "shake/3", latin1[] = "J\xfcrgen";
	int i;

	for (i = 0; i < 256; i++)
		state[i] = (unsigned char)(255 - i);
	memset(&r, 0, sizeof r);
	r.g.id = 12;
	r.g.rules = rules;
	r.g.title = title;
	r.g.nplayers = 2;
	r.g.names[0] = r.g.names0[0] = name0;
	r.g.names[1] = name1;
	r.g.names0[1] = latin1;
	r.g.created = 1795000000;
	r.g.finished = 1;
	r.snapshot = 1;
	r.sn.n = 41;
	r.sn.format = fmt;
	r.sn.state = state;
	r.sn.len = sizeof state;
	r.undo = 1;
	r.u.valid = 1;
	r.u.depth = 40;
	r.u.nundone = 1;
	r.u.kept_undone = 1;
	text = store_kept_encode(&r, "4021");
	ok(text == NULL, "a name that is not UTF-8: no copy kept");
	free(text);
	r.g.names0[1] = name1;
	text = store_kept_encode(&r, "4021");
	ok(text != NULL && store_kept_decode(text, &back, &token) == 0 &&
	    strcmp(token, "4021") == 0, "a copy as text and back, its token");
	if (text == NULL || token == NULL) {
		free(text);
		return;
	}
	ok(back.g.id == 12 && strcmp(back.g.rules, rules) == 0 &&
	    strcmp(back.g.title, title) == 0 && back.g.title0 == NULL &&
	    back.g.uid == NULL && back.g.options == NULL &&
	    back.g.nplayers == 2 && strcmp(back.g.names[0], name0) == 0 &&
	    strcmp(back.g.names0[0], name0) == 0 &&
	    strcmp(back.g.names[1], name1) == 0 &&
	    strcmp(back.g.names0[1], name1) == 0 &&
	    back.g.created == 1795000000 && back.g.finished == 1,
	    "the game read back: id, rules, title, names, times");
	ok(back.snapshot && back.sn.fit == STORE_SNAP_FITS &&
	    back.sn.n == 41 && back.sn.last == 41 &&
	    strcmp(back.sn.format, fmt) == 0 && back.sn.len == 256 &&
	    memcmp(back.sn.state, state, 256) == 0, "the snapshot read "
	    "back byte for byte, fitting at its entry");
	ok(back.undo && back.u.valid == 1 && back.u.depth == 40 &&
	    back.u.nundone == 1 && back.u.kept_undone == 1,
	    "the undo cache's head read back");
	free(token);
	token = NULL;
	store_read_clear(&back);
	cut = strdup(text);
	cut[strlen(cut) / 2] = '\0';
	ok(store_kept_decode(cut, &back, &token) == -1 && token == NULL &&
	    back.g.rules == NULL, "half a copy is none, nothing filled");
	free(cut);
	ok(store_kept_decode("{\"token\": \"1\"}", &back, &token) == -1 &&
	    store_kept_decode("[]", &back, &token) == -1 &&
	    store_kept_decode("", &back, &token) == -1,
	    "a copy without its fields is none");
	free(text);
}

int
main(void)
{
	struct store *s;
	struct stored_entry *e = NULL;
	char path[512], *why = NULL;
	char latin1[] = "J\xfcrgen", utf8[] = "J\xc3\xbcrgen";
	char dogs[] = "dogs", *argv[3];
	long long id = 0;
	int n = 0, i, status;

	if ((s = open_game(path, sizeof path, latin1, &id)) == NULL) {
		ok(0, "a database to test in");
		return tap_done();
	}

	/*
	 * The entry of issue 9: `words J\xfcrgen dogs`.  jansson cannot
	 * encode the name (json_string() is NULL): it used to be dropped and
	 * the entry stored as ["dogs"], acknowledged.
	 */
	argv[0] = latin1;
	argv[1] = dogs;
	argv[2] = NULL;
	status = append(s, id, 1, latin1, verb_lookup("words"), 2, argv, &why);
	is_int(status, SR_SYSTEM, "an argument that is not UTF-8 cannot be "
	    "stored exactly: the entry is refused, exit 4");
	ok(why != NULL && strstr(why, "argument 1") != NULL,
	    "the refusal names the argument: %s", why ? why : "(none)");
	free(why);
	why = NULL;
	is_int(store_entries_load(s, id, &e, &n, &why), SR_OK,
	    "the game still loads");
	is_int(n, 0, "nothing was recorded");
	free(e);
	e = NULL;

	/* The last argument too, not only the first. */
	argv[0] = dogs;
	argv[1] = latin1;
	status = append(s, id, 1, "Ann", verb_lookup("words"), 2, argv, &why);
	is_int(status, SR_SYSTEM, "a bad last argument: refused too");
	free(why);
	why = NULL;

	/* What can be stored is stored exactly, and read back the same. */
	argv[0] = utf8;
	argv[1] = dogs;
	is_int(append(s, id, 1, utf8, verb_lookup("words"), 2, argv, &why), SR_OK,
	    "a UTF-8 name is stored");
	is_int(store_entries_load(s, id, &e, &n, &why), SR_OK,
	    "and loads");
	if (is_int(n, 1, "one entry")) {
		is_int(e[0].argc, 2, "with both its arguments");
		is_str(e[0].argv[0], utf8, "the name byte for byte");
		is_str(e[0].argv[1], "dogs", "the word");
		is_str(e[0].player, utf8, "the player column byte for byte");
	}
	for (i = 0; i < n; i++)
		stored_entry_clear(&e[i]);
	free(e);
	e = NULL;

	/*
	 * Arguments read back exactly, whichever way they are read: plain
	 * printable ASCII without jansson (commas, brackets and spaces inside
	 * an argument included), the rest (quotes, backslashes, control
	 * characters, UTF-8, escapes) by jansson.
	 */
	{
		static char *const args[][4] = {
			{ NULL },
			{ "30", "30", "30", NULL },
			{ "Mary Ann", "a,b", "]", NULL },
			{ "[\"x\"]", "", NULL },
			{ "say \"hi\"", "back\\slash", NULL },
			{ "tab\there", "\xc3\xa9t\xc3\xa9", NULL },
		};
		int k, m, want = 2, same;

		for (k = 0; k < (int)(sizeof args / sizeof args[0]); k++) {
			for (m = 0; args[k][m] != NULL; m++)
				continue;
			if (append(s, id, want, "Ann", V_NOTE, m,
			    (char **)args[k], &why) != SR_OK) {
				ok(0, "append: %s", why);
				free(why);
				why = NULL;
			}
			want++;
		}
		is_int(store_entries_load(s, id, &e, &n, &why), SR_OK,
		    "the entries load");
		for (k = 0; k < (int)(sizeof args / sizeof args[0]) &&
		    k + 1 < n; k++) {
			for (m = 0; args[k][m] != NULL; m++)
				continue;
			same = e[k + 1].argc == m;
			for (i = 0; same && i < m; i++)
				same = strcmp(e[k + 1].argv[i], args[k][i]) == 0;
			ok(same, "entry %d: its %d arguments read back exactly",
			    k + 2, m);
		}
		is_int(n, 7, "every entry read");
		for (i = 0; i < n; i++)
			stored_entry_clear(&e[i]);
		free(e);
	}

	/*
	 * store_begin_game(): the set-up of a command on one game.  No
	 * current game yet (open_game made one but chose none): SR_DATA,
	 * the id 0, and no transaction left open (a BEGIN inside one
	 * fails); -g's id is taken as given; the current game once chosen.
	 */
	{
		long long g = 0;

		status = store_begin_game(s, 0, &g, &why);
		is_int(status, SR_DATA, "no current game: exit 3");
		is_int(g, 0, "and no game");
		is_str(why, "no current game; start one with 'shakeref new' "
		    "or choose one with 'shakeref use ID'", "the message says "
		    "how to get one");
		free(why);
		why = NULL;
		is_int(store_begin(s, 1, &why), SR_OK, "no transaction was "
		    "left open");
		is_int(store_set_current(s, id, &why), SR_OK, "a game chosen");
		is_int(store_commit(s, &why), SR_OK, "and committed");
		g = id + 100;
		is_int(store_begin_game(s, 0, &g, &why), SR_OK, "-g ID: begun");
		is_int(g, id + 100, "on that game, as given");
		store_rollback(s);
		g = 0;
		is_int(store_begin_game(s, 1, &g, &why), SR_OK, "no -g: begun "
		    "for writing");
		is_int(g, id, "on the current game");
		is_int(store_begin(s, 0, &why), SR_SYSTEM, "inside a "
		    "transaction (a second BEGIN fails)");
		free(why);
		why = NULL;
		store_rollback(s);
	}
	store_close(s);
	cleanup(path);
	kept_text();
	return tap_done();
}
