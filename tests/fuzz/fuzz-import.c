/*
 * fuzz-import.c: a libFuzzer (or AFL++) target over `shakeref import`.
 * An input is the import file, byte for byte; it is imported by the real
 * program (shakeref.c's main, renamed: the door, cmd_parse, cmd-import.c,
 * the rules of all five games, store.c) into a temporary database that
 * holds one game already (tests/fuzz/import-store.json, imported first:
 * an input with its uid is a game already here, or a conflict).  It
 * checks, besides the sanitizers:
 *	- a refused import exits 1, 2 or 3 (never 4: the file is not the
 *	  system), says why in one line on stderr ("shakeref: import: ...",
 *	  clean text: no raw control byte, valid UTF-8) and records nothing:
 *	  every table of the database, row for row, as it was;
 *	- an accepted import round-trips: `export --all` has each game of the
 *	  file with its uid, rules, title, creation, state, players, options
 *	  and every entry (n, player, verb, args, fact, at) as the file has
 *	  them, the game that was there unchanged, and no other game;
 *	  importing that export again skips every game and records nothing;
 *	  `check` finds no problem; nothing on stderr;
 *	- the same file onto a path with no database (in a folder not there
 *	  yet): refused, it creates nothing, neither the file nor its folder;
 *	  refused for its shape (2), it is so with the database too, in the
 *	  same words; accepted, the new database checks clean.
 * See README.md "Development" for how to build and run it.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <sqlite3.h>

/* The real main, under another name: libFuzzer has the main. */
#define main shakeref_main
#include "../../src/shakeref.c"
#undef main

#ifndef FUZZ_STORE
#define FUZZ_STORE "tests/fuzz/import-store.json"
#endif

/* The temporary folder and what is in it. */
static char	 fz_dir[] = "/tmp/fuzz-import.XXXXXX";
static char	*fz_db, *fz_in, *fz_out, *fz_err;
/* The folder not there yet, and the database in it. */
static char	*fz_newdir, *fz_newdb;
/* The database with the store's game, checkpointed: its bytes. */
static char	*fz_template;
static size_t	 fz_template_len;
/* Its rows, and its export. */
static char	*fz_rows;
static json_t	*fz_export;

/* Stop the run: an invariant does not hold. */
static void
fz_fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz-import: %s%s%s\n", what, detail != NULL ?
	    ": " : "", detail != NULL ? detail : "");
	abort();
}

/* Remove a database and its WAL, where they are. */
static void
fz_unlink_db(const char *db)
{
	const char *const ext[] = { "", "-wal", "-shm" };
	char *p;
	size_t i;

	for (i = 0; i < 3; i++) {
		p = xasprintf("%s%s", db, ext[i]);
		unlink(p);
		free(p);
	}
}

/* Remove the temporary folder (atexit). */
static void
fz_cleanup(void)
{
	fz_unlink_db(fz_db);
	fz_unlink_db(fz_newdb);
	rmdir(fz_newdir);
	unlink(fz_in);
	unlink(fz_out);
	unlink(fz_err);
	rmdir(fz_dir);
}

/* Write len bytes to path; aborts on failure. */
static void
fz_write(const char *path, const void *data, size_t len)
{
	FILE *f;

	if ((f = fopen(path, "wb")) == NULL)
		fz_fail("cannot write", path);
	if (len > 0 && fwrite(data, 1, len, f) != len)
		fz_fail("cannot write", path);
	if (fclose(f) != 0)
		fz_fail("cannot write", path);
}

/* The whole of path, malloc'd, its length in *len; NULL if unreadable. */
static char *
fz_read(const char *path, size_t *len)
{
	struct buf b = BUF_INIT;
	char chunk[8192];
	FILE *f;
	size_t n;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(&b, chunk, n);
	fclose(f);
	*len = b.len;
	buf_add(&b, "", 1);
	return b.s;
}

/* The sanitizers' reports to another descriptor, where there are any. */
void	__sanitizer_set_report_fd(void *) __attribute__((weak));

/*
 * shakeref -d db ARGS...: its exit status; what it wrote on standard
 * output into fz_out, on standard error into fz_err (stdout pointed at
 * one file, descriptor 2 at the other, for the call; the sanitizers
 * report to the real standard error meanwhile).
 */
static int
fz_run(const char *db, const char *a1, const char *a2, const char *a3)
{
	char *argv[] = { "shakeref", "-d", (char *)db, (char *)a1, (char *)a2,
	    (char *)a3, NULL };
	FILE *saved = stdout, *f;
	int argc = 4 + (a2 != NULL) + (a2 != NULL && a3 != NULL), status;
	int err, fd;

	if ((f = fopen(fz_out, "w")) == NULL)
		fz_fail("cannot write", fz_out);
	fflush(stderr);
	if ((err = dup(2)) < 0 || (fd = open(fz_err, O_WRONLY | O_CREAT |
	    O_TRUNC, 0600)) < 0 || dup2(fd, 2) < 0)
		fz_fail("cannot write", fz_err);
	close(fd);
	if (__sanitizer_set_report_fd != NULL)
		__sanitizer_set_report_fd((void *)(intptr_t)err);
	stdout = f;
	status = shakeref_main(argc, argv);
	stdout = saved;
	fclose(f);
	fflush(stderr);
	dup2(err, 2);
	close(err);
	if (__sanitizer_set_report_fd != NULL)
		__sanitizer_set_report_fd((void *)(intptr_t)2);
	return status;
}

/*
 * What the last run said on stderr is nothing (ok), else one line
 * "shakeref: CMD: ..." of clean text.
 */
static void
fz_said(const char *cmd, int ok)
{
	struct buf want = BUF_INIT;
	char *text, *nl;
	size_t len;

	if ((text = fz_read(fz_err, &len)) == NULL)
		fz_fail("cannot read", fz_err);
	if (ok) {
		if (len != 0)
			fz_fail("a message where all is well", text);
		free(text);
		return;
	}
	buf_printf(&want, "shakeref: %s: ", cmd);
	if (strlen(text) != len)
		fz_fail("a NUL byte in the message", NULL);
	if (strncmp(text, buf_str(&want), want.len) != 0)
		fz_fail("a message not 'shakeref: CMD: ...'", text);
	if (len == 0 || (nl = strchr(text, '\n')) != text + len - 1)
		fz_fail("a message that is not one line", text);
	*nl = '\0';
	if (utf8_text_why(text) != NULL)
		fz_fail("a message that is not clean text", text);
	buf_free(&want);
	free(text);
}

/* Every row of every table of the database, as text, malloc'd. */
static char *
fz_rows_now(void)
{
	struct buf b = BUF_INIT;
	sqlite3 *db;
	sqlite3_stmt *tables, *rows;
	char *sql;
	int i;

	if (sqlite3_open_v2(fz_db, &db, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK)
		fz_fail("cannot open the database", sqlite3_errmsg(db));
	if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE "
	    "type = 'table' ORDER BY name", -1, &tables, NULL) != SQLITE_OK)
		fz_fail("cannot read the tables", sqlite3_errmsg(db));
	while (sqlite3_step(tables) == SQLITE_ROW) {
		buf_printf(&b, "[%s]\n", sqlite3_column_text(tables, 0));
		sql = xasprintf("SELECT * FROM \"%s\"",
		    sqlite3_column_text(tables, 0));
		if (sqlite3_prepare_v2(db, sql, -1, &rows, NULL) != SQLITE_OK)
			fz_fail("cannot read a table", sqlite3_errmsg(db));
		free(sql);
		while (sqlite3_step(rows) == SQLITE_ROW) {
			for (i = 0; i < sqlite3_column_count(rows); i++) {
				buf_printf(&b, "%d:", sqlite3_column_type(rows,
				    i));
				if (sqlite3_column_type(rows, i) != SQLITE_NULL)
					buf_add(&b, sqlite3_column_blob(rows,
					    i), (size_t)sqlite3_column_bytes(
					    rows, i));
				buf_puts(&b, "|");
			}
			buf_puts(&b, "\n");
		}
		sqlite3_finalize(rows);
	}
	sqlite3_finalize(tables);
	sqlite3_close(db);
	return b.s != NULL ? b.s : xstrdup("");
}

/* The database as it was before any input: the store's game alone. */
static void
fz_reset(void)
{
	const char *const ext[] = { "-wal", "-shm" };
	char *p;
	size_t i;

	for (i = 0; i < 2; i++) {
		p = xasprintf("%s%s", fz_db, ext[i]);
		if (unlink(p) != 0 && errno != ENOENT)
			fz_fail("cannot remove", p);
		free(p);
	}
	fz_write(fz_db, fz_template, fz_template_len);
}

/* `export --all` now, parsed. */
static json_t *
fz_export_now(void)
{
	json_error_t err;
	json_t *j;

	if (fz_run(fz_db, "export", "--all", NULL) != 0)
		fz_fail("export --all failed", NULL);
	fz_said("export", 1);
	if ((j = json_load_file(fz_out, JSON_REJECT_DUPLICATES, &err)) ==
	    NULL)
		fz_fail("export --all is not JSON", err.text);
	return j;
}

/* Once: the folder, the environment, the database with the store's game. */
static void
fz_init(void)
{
	const char *store;
	sqlite3 *db;
	char *p;

	if (fz_db != NULL)
		return;
	if (mkdtemp(fz_dir) == NULL)
		fz_fail("cannot make a temporary folder", strerror(errno));
	fz_db = xasprintf("%s/db.sqlite", fz_dir);
	fz_in = xasprintf("%s/in.json", fz_dir);
	fz_out = xasprintf("%s/out", fz_dir);
	fz_err = xasprintf("%s/err", fz_dir);
	fz_newdir = xasprintf("%s/new", fz_dir);
	fz_newdb = xasprintf("%s/db.sqlite", fz_newdir);
	atexit(fz_cleanup);
	setenv("SHAKEREF_NOW", "1795000000", 1);
	setenv("TZ", "UTC", 1);
	setenv("NO_COLOR", "1", 1);
	setenv("XDG_CACHE_HOME", fz_dir, 1);
	setenv("XDG_STATE_HOME", fz_dir, 1);
	unsetenv("SHAKEREF_DB");
	if ((store = getenv("FUZZ_IMPORT_STORE")) == NULL)
		store = FUZZ_STORE;
	if (fz_run(fz_db, "import", store, NULL) != 0)
		fz_fail("cannot import the store's game", store);
	/* One file: the WAL folded into it. */
	if (sqlite3_open(fz_db, &db) != SQLITE_OK || sqlite3_exec(db,
	    "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL) != SQLITE_OK)
		fz_fail("cannot checkpoint", sqlite3_errmsg(db));
	sqlite3_close(db);
	if ((fz_template = fz_read(fz_db, &fz_template_len)) == NULL)
		fz_fail("cannot read", fz_db);
	fz_reset();
	fz_rows = fz_rows_now();
	fz_export = fz_export_now();
	if (json_array_size(json_object_get(fz_export, "games")) != 1)
		fz_fail("the store is not one game", store);
	p = fz_rows_now();
	if (strcmp(p, fz_rows) != 0)
		fz_fail("the database changes when read", NULL);
	free(p);
}

/* The game of list with this uid, or NULL. */
static json_t *
fz_game(json_t *list, const char *uid)
{
	json_t *g;
	size_t i;

	json_array_foreach(list, i, g)
		if (uid != NULL && json_is_string(json_object_get(g, "uid")) &&
		    strcmp(json_string_value(json_object_get(g, "uid")),
		    uid) == 0)
			return g;
	return NULL;
}

/*
 * 1 if two option values are the same: equal, or the same number
 * (SPEC.md: a number is ASCII digits; "09" is 9, stored as "9").
 */
static int
fz_same_value(json_t *a, json_t *b)
{
	const char *x = json_string_value(a), *y = json_string_value(b);

	if (x == NULL || y == NULL)
		return json_equal(a, b);
	if (x[0] != '\0' && y[0] != '\0' &&
	    x[strspn(x, "0123456789")] == '\0' &&
	    y[strspn(y, "0123456789")] == '\0') {
		while (x[0] == '0' && x[1] != '\0')
			x++;
		while (y[0] == '0' && y[1] != '\0')
			y++;
	}
	return strcmp(x, y) == 0;
}

/* The file's game in (accepted) and the exported one out are the same. */
static void
fz_same_game(json_t *in, json_t *out)
{
	static const char *const keys[] = { "title", "created", "state",
	    "players" };
	static const char *const ekeys[] = { "n", "player", "verb", "args",
	    "fact", "at" };
	const char *uid = json_string_value(json_object_get(in, "uid"));
	const struct game_rules *g;
	json_t *ein, *eout, *v, *o;
	const char *key;
	size_t i, k;

	g = game_find(json_string_value(json_object_get(in, "rules")));
	v = json_object_get(out, "rules");
	if (g == NULL || !json_is_string(v) ||
	    strcmp(json_string_value(v), g->name) != 0)
		fz_fail("other rules exported", uid);
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (!json_equal(json_object_get(in, keys[i]),
		    json_object_get(out, keys[i])))
			fz_fail("exported otherwise", keys[i]);
	/* Options: those the file gives, the defaults for the others. */
	o = json_object_get(out, "options");
	json_object_foreach(json_object_get(in, "options"), key, v)
		if (!fz_same_value(v, json_object_get(o, key)))
			fz_fail("an option exported otherwise", key);
	ein = json_object_get(in, "entries");
	eout = json_object_get(out, "entries");
	if (json_array_size(ein) != json_array_size(eout))
		fz_fail("another number of entries exported", uid);
	for (i = 0; i < json_array_size(ein); i++)
		for (k = 0; k < sizeof ekeys / sizeof ekeys[0]; k++)
			if (!json_equal(json_object_get(json_array_get(ein, i),
			    ekeys[k]), json_object_get(json_array_get(eout,
			    i), ekeys[k])))
				fz_fail("an entry exported otherwise",
				    ekeys[k]);
}

/* An accepted import: the round trip. */
static void
fz_accepted(const char *text)
{
	json_error_t err;
	json_t *in, *out, *list, *g, *mine, *seen;
	const char *uid;
	char *rows, *again;
	size_t i, games;

	if ((in = json_loads(text, JSON_REJECT_DUPLICATES, &err)) == NULL)
		fz_fail("accepted, but not JSON", err.text);
	out = fz_export_now();
	list = json_object_get(out, "games");
	seen = json_object();
	/* The game that was there, unchanged. */
	mine = json_array_get(json_object_get(fz_export, "games"), 0);
	uid = json_string_value(json_object_get(mine, "uid"));
	if (!json_equal(mine, fz_game(list, uid)))
		fz_fail("the stored game changed", uid);
	json_object_set(seen, uid, json_true());
	json_array_foreach(json_object_get(in, "games"), i, g) {
		uid = json_string_value(json_object_get(g, "uid"));
		if (uid == NULL || fz_game(list, uid) == NULL)
			fz_fail("a game accepted is not exported", uid);
		/*
		 * A uid met before (the stored game's, or twice in the file)
		 * is skipped as the same game: compared with the first only.
		 */
		if (json_object_get(seen, uid) != NULL)
			continue;
		json_object_set(seen, uid, json_true());
		fz_same_game(g, fz_game(list, uid));
	}
	games = json_object_size(seen);
	if (json_array_size(list) != games)
		fz_fail("other games exported", NULL);
	json_decref(seen);

	/* The export imported again: every game skipped, nothing recorded. */
	if (json_dump_file(out, fz_in, 0) != 0)
		fz_fail("cannot write", fz_in);
	rows = fz_rows_now();
	if (fz_run(fz_db, "import", fz_in, NULL) != 0)
		fz_fail("the export of an import is refused", NULL);
	fz_said("import", 1);
	again = fz_rows_now();
	if (strcmp(again, rows) != 0)
		fz_fail("the export imported again records", NULL);
	free(again);
	free(rows);
	if (fz_run(fz_db, "check", NULL, NULL) != 0)
		fz_fail("check finds a problem after an import", NULL);
	fz_said("check", 1);
	json_decref(out);
	json_decref(in);
}

/* The longest input. */
#define FUZZ_MAX_LEN	(256 * 1024)

/*
 * The file (fz_in) onto a path with no database, after the import onto
 * the store's game gave status and said said.
 */
static void
fz_new(int status, const char *said)
{
	struct stat sb;
	char *again;
	size_t len;
	int fresh;

	fresh = fz_run(fz_newdb, "import", fz_in, NULL);
	fz_said("import", fresh == 0);
	if ((fresh == SR_USAGE) != (status == SR_USAGE))
		fz_fail("refused for its shape with a database and not without,"
		    " or the other way", NULL);
	if (status == SR_USAGE) {
		if ((again = fz_read(fz_err, &len)) == NULL)
			fz_fail("cannot read", fz_err);
		if (strcmp(again, said) != 0)
			fz_fail("refused for its shape in other words", again);
		free(again);
	}
	if (fresh != 0) {
		if (fresh != 1 && fresh != 2 && fresh != 3)
			fz_fail("a refused import onto no database exits "
			    "otherwise", NULL);
		if (stat(fz_newdir, &sb) == 0 || errno != ENOENT)
			fz_fail("a refused import made a database or its folder",
			    NULL);
		return;
	}
	if (fz_run(fz_newdb, "check", NULL, NULL) != 0)
		fz_fail("check finds a problem after an import", NULL);
	fz_said("check", 1);
	fz_unlink_db(fz_newdb);
	if (rmdir(fz_newdir) != 0)
		fz_fail("cannot remove", fz_newdir);
}

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* One input: the import file. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *rows, *said;
	size_t len;
	int status;

	if (size > FUZZ_MAX_LEN)
		return 0;
	fz_init();
	fz_reset();
	fz_write(fz_in, data, size);
	status = fz_run(fz_db, "import", fz_in, NULL);
	fz_said("import", status == 0);
	if ((said = fz_read(fz_err, &len)) == NULL)
		fz_fail("cannot read", fz_err);
	fz_new(status, said);
	free(said);
	if (status == 0) {
		text = xmalloc(size + 1);
		memcpy(text, data, size);
		text[size] = '\0';
		fz_accepted(text);
		free(text);
		return 0;
	}
	if (status != 1 && status != 2 && status != 3) {
		char s[16];

		snprintf(s, sizeof s, "%d", status);
		fz_fail("a refused import exits", s);
	}
	rows = fz_rows_now();
	if (strcmp(rows, fz_rows) != 0)
		fz_fail("a refused import recorded something", NULL);
	free(rows);
	return 0;
}

#include "fuzz-main.h"
