/*
 * store.c: the store's dispatch.  store_open() picks the engine by the
 * database's name (store-engine.h); a transaction, close and notice go
 * to the engine of its store, and store-ops.c makes the finer operations
 * of its get, put, scan and drop.  What is the same whichever engine
 * keeps the games (an entry's arguments as JSON, a message, a checksum,
 * a snapshot's fit, freeing what an operation loaded) is here, once.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "store-engine.h"
#include "xjson.h"
#include "words.h"

/* The engines; the one whose schemes is NULL takes every path. */
static const struct store_engine *const engines[] = {
	&store_engine_sqlite,
	&store_engine_pg,
};
#define NENGINES	((int)(sizeof engines / sizeof engines[0]))

/* The engine for the database called name. */
static const struct store_engine *
engine_for(const char *name)
{
	const struct store_engine *path = NULL;
	const char *const *scheme;
	int i;

	for (i = 0; i < NENGINES; i++) {
		if (engines[i]->schemes == NULL) {
			path = engines[i];
			continue;
		}
		for (scheme = engines[i]->schemes; *scheme != NULL; scheme++)
			/* RFC 3986: a scheme in any case. */
			if (strncasecmp(name, *scheme, strlen(*scheme)) == 0)
				return engines[i];
	}
	return path;
}

/* Set *why to a formatted, malloc'd message; return status. */
int
store_fail(char **why, int status, const char *fmt, ...)
{
	va_list ap;
	struct buf b = BUF_INIT;

	va_start(ap, fmt);
	buf_vprintf(&b, _(fmt), ap);
	va_end(ap);
	if (why != NULL)
		*why = b.s != NULL ? b.s : xstrdup("");
	else
		buf_free(&b);
	return status;
}

/* Open the database called name with its engine; see store.h. */
int
store_open(const char *name, const char *client_dir, int create,
    struct store **sp, char **why)
{
	const struct store_engine *e = engine_for(name);
	int status;

	*sp = NULL;
	if ((status = e->open(name, client_dir, create, sp, why)) == SR_OK)
		(*sp)->engine = e;
	return status;
}

/* 1 if name is a path, not a URI of an engine's scheme; see store.h. */
int
store_is_path(const char *name)
{
	return engine_for(name)->schemes == NULL;
}

/* Close the store (NULL: nothing). */
void
store_close(struct store *s)
{
	if (s != NULL)
		s->engine->close(s);
}

/* Begin a transaction; see store.h. */
int
store_begin(struct store *s, int write, char **why)
{
	return s->engine->begin(s, write, why);
}

/* Begin a transaction on game *id, or on the current game; see store.h. */
int
store_begin_game(struct store *s, int write, long long *id, char **why)
{
	int status;

	if ((status = store_begin(s, write, why)) != SR_OK)
		return status;
	if (*id == 0 && (status = store_current(s, id, why)) != SR_OK) {
		store_rollback(s);
		*id = 0;
		return status;
	}
	if (*id == 0) {
		store_rollback(s);
		return store_fail(why, SR_DATA, "no current game; start one "
		    "with 'shakeref new' or choose one with 'shakeref use "
		    "ID'");
	}
	return SR_OK;
}

/* Commit; see store.h. */
int
store_commit(struct store *s, char **why)
{
	return s->engine->commit(s, why);
}

/* Roll back whatever is open; see store.h. */
void
store_rollback(struct store *s)
{
	s->engine->rollback(s);
}

/* Free a game's strings. */
void
store_game_clear(struct store_game *g)
{
	int i;

	free(g->uid);
	free(g->rules);
	free(g->title);
	free(g->title0);
	free(g->options);
	for (i = 0; i < g->nplayers; i++) {
		free(g->names[i]);
		free(g->names0[i]);
	}
	memset(g, 0, sizeof *g);
}

/* A creation record's names; see store-engine.h. */
char *
store_names_encode(const struct store_game *g)
{
	json_t *a = json_array();
	char *text;
	int i;

	for (i = 0; i < g->nplayers; i++)
		xjson_push(a, g->names[i] != NULL ?
		    xjson_text(g->names[i]) : json_null());
	text = json_dumps(a, JSON_COMPACT | JSON_ENSURE_ASCII);
	json_decref(a);
	if (text == NULL)
		abort();	/* out of memory */
	return text;
}

/* A creation record's names read back; see store-engine.h. */
int
store_names_decode(const char *json, struct store_game *rec)
{
	json_t *a = json != NULL ? json_loads(json, 0, NULL) : NULL, *v;
	size_t i;

	rec->nplayers = -1;
	if (!json_is_array(a) || json_array_size(a) > GAME_MAX_PLAYERS) {
		json_decref(a);
		return -1;
	}
	rec->nplayers = 0;
	json_array_foreach(a, i, v) {
		rec->names0[i] = json_is_string(v) ?
		    xstrdup(json_string_value(v)) : NULL;
		rec->nplayers = (int)i + 1;
	}
	json_decref(a);
	return 0;
}

/* Free a snapshot's memory. */
void
store_snapshot_clear(struct store_snapshot *sn)
{
	free(sn->format);
	free(sn->key);
	free(sn->state);
	memset(sn, 0, sizeof *sn);
}

/* Whether a snapshot fits the entries now; see store-engine.h. */
void
store_snapshot_judge(struct store_snapshot *sn, int last, const char *key)
{
	sn->last = last;
	if (last != sn->n)
		sn->fit = STORE_SNAP_STALE;
	else if (sn->key == NULL || strcmp(sn->key, key) != 0)
		sn->fit = STORE_SNAP_KEY;
	else
		sn->fit = STORE_SNAP_FITS;
}

/* Add (sign 1) or take away (-1) dice from game's tally; see store.h. */
int
store_dice_add(struct store *s, long long game, const struct die_rolled *d,
    int n, int sign, char **why)
{
	int status, i;

	for (i = 0; i < n; i++)
		if ((status = store_dice_count(s, game, d[i].seat, d[i].kind,
		    d[i].face, sign, why)) != SR_OK)
			return status;
	return SR_OK;
}

/* What a view sleeps on; see store.h. */
int
store_notice(struct store *s, const char **path, int *fd, char **why)
{
	*path = NULL;
	*fd = -1;
	return s->engine->notice(s, path, fd, why);
}

/* An entry's arguments as a JSON array; see store-engine.h. */
int
store_args_encode(const struct stored_entry *se, char **json, char **why)
{
	json_t *a;
	int i;

	*json = NULL;
	if ((a = json_array()) == NULL)
		return store_fail(why, SR_SYSTEM, "cannot encode an entry: "
		    "out of memory");
	/*
	 * Every argument exactly, or nothing: json_string() refuses what is
	 * not UTF-8 (NULL), and a dropped argument would be an entry stored
	 * other than it was acknowledged.
	 */
	for (i = 0; i < se->argc; i++)
		if (json_array_append_new(a, json_string(se->argv[i])) != 0) {
			json_decref(a);
			return store_fail(why, SR_SYSTEM, "cannot store the "
			    "entry: its argument %d is not valid UTF-8", i + 1);
		}
	*json = json_dumps(a, JSON_COMPACT);
	json_decref(a);
	if (*json == NULL)
		return store_fail(why, SR_SYSTEM, "cannot encode an entry");
	return SR_OK;
}

/* 1 if c may stand in a plain argument: printable ASCII, no '"', '\\'. */
static int
plain_char(char c)
{
	return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\';
}

/*
 * The args column as store_args_encode() writes nearly every entry
 * (JSON_COMPACT: [] or ["30","30","30"], ", " between them allowed),
 * each argument printable ASCII with no '"' or '\\': then those
 * arguments are exactly the JSON strings' values, read without jansson.
 * The number of arguments when it is so; -1 leaves anything else
 * (escapes, UTF-8) to jansson.
 */
static int
plain_args(const char *text)
{
	const char *p;
	int n = 0;

	if (text == NULL || *text != '[')
		return -1;
	for (p = text + 1; *p != ']'; n++) {
		if (n > 0 && *p++ != ',')
			return -1;
		if (n > 0 && *p == ' ')
			p++;
		if (*p++ != '"')
			return -1;
		while (plain_char(*p))
			p++;
		if (*p++ != '"')
			return -1;
	}
	return p[1] == '\0' ? n : -1;
}

/*
 * The n arguments of a plain args text (plain_args) in argv: each
 * malloc'd, or with in (a copy of text), each where it stands in in, its
 * closing quote made its NUL.
 */
static void
split_plain(const char *text, char *in, int n, char **argv)
{
	const char *p = text, *q;
	int i;

	for (i = 0; i < n; i++) {
		while (*p != '"')
			p++;
		for (q = ++p; *q != '"'; q++)
			continue;
		if (in != NULL) {
			in[q - text] = '\0';
			argv[i] = in + (p - text);
		} else
			argv[i] = xstrndup(p, (size_t)(q - p));
		p = q + 1;
	}
	argv[n] = NULL;
}

/* Plain args (plain_args) into se, each argument malloc'd; 1, else 0. */
static int
decode_plain(const char *text, struct stored_entry *se)
{
	int n;

	if ((n = plain_args(text)) < 0)
		return 0;
	se->argc = n;
	se->argv = xcalloc((size_t)n + 1, sizeof *se->argv);
	split_plain(text, NULL, n, se->argv);
	return 1;
}

/* Plain args into se lent from l; see store-engine.h. */
int
store_args_lend(const char *text, size_t len, struct stored_entry *se,
    struct store_args_lent *l)
{
	int n;

	if ((n = plain_args(text)) < 0)
		return 0;
	if (n >= l->room) {
		l->room = n + 1;
		l->argv = xreallocarray(l->argv, (size_t)l->room,
		    sizeof *l->argv);
	}
	buf_reset(&l->text);
	buf_add(&l->text, text, len);
	split_plain(text, l->text.s, n, l->argv);
	se->argc = n;
	se->argv = l->argv;
	return 1;
}

/* Free what store_args_lend() kept. */
void
store_args_lent_free(struct store_args_lent *l)
{
	buf_free(&l->text);
	free(l->argv);
	memset(l, 0, sizeof *l);
}

/*
 * The end of a load of n entries e of game id, its scan ended with status
 * (bad: at an entry this shakeref cannot read): handed over to *ep and
 * *np when all is well and keep is set, else freed (and the failure
 * returned, if any).
 */
int
store_entries_end(long long id, int status, int bad, int keep,
    struct stored_entry *e, int n, struct stored_entry **ep, int *np,
    char **why)
{
	int i;

	if (status == SR_OK && !bad && keep) {
		*ep = e;
		*np = n;
		return SR_OK;
	}
	for (i = 0; i < n; i++)
		stored_entry_clear(&e[i]);
	free(e);
	if (status != SR_OK)
		return status;
	if (bad)
		return store_fail(why, SR_DATA, "game %lld has an entry this "
		    "shakeref cannot read", id);
	return SR_OK;
}

/* Decode an args column (a JSON array of strings) into se; 0 or -1. */
int
store_args_decode(const char *text, struct stored_entry *se)
{
	json_t *a;
	size_t i;

	if (decode_plain(text, se))
		return 0;
	if ((a = json_loads(text, 0, NULL)) == NULL || !json_is_array(a)) {
		json_decref(a);
		return -1;
	}
	se->argc = (int)json_array_size(a);
	se->argv = xcalloc((size_t)se->argc + 1, sizeof *se->argv);
	for (i = 0; i < json_array_size(a); i++) {
		const char *t = json_string_value(json_array_get(a, i));

		/* Never an argument read other than it was stored. */
		se->argv[i] = xstrdup(t != NULL ? t : "");
		if (t == NULL) {
			json_decref(a);
			return -1;
		}
	}
	json_decref(a);
	return 0;
}

/*
 * 64-bit FNV-1a of n bytes at p, on from h: the snapshot's checksum (a
 * cache's key, not a defence against an attacker, who could rewrite the
 * entries as easily).
 */
uint64_t
store_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *u = p;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= u[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}
