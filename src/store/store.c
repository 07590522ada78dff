/*
 * store.c: the store's dispatch.  store_open() picks the engine by the
 * database's name (store-engine.h); every other operation goes to the
 * engine of its store.  What is the same whichever engine keeps the
 * games (an entry's arguments as JSON, a message, a checksum, freeing
 * what an operation loaded) is here, once.
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

/* Whether open migrated an older schema; see store.h. */
int
store_migrated(const struct store *s)
{
	return s->engine->migrated(s);
}

/* The next write's lock not waited for, if the engine can; see store.h. */
int
store_try_write(struct store *s)
{
	return s->engine->try_write != NULL && s->engine->try_write(s);
}

/* The last failure was a lock another held; see store.h. */
int
store_busy(const struct store *s)
{
	return s->engine->busy != NULL && s->engine->busy(s);
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

/* The current game, or 0; see store.h. */
int
store_current(struct store *s, long long *id, char **why)
{
	return s->engine->current(s, id, why);
}

/* Make id the current game; see store.h. */
int
store_set_current(struct store *s, long long id, char **why)
{
	return s->engine->set_current(s, id, why);
}

/* Load a game; see store.h. */
int
store_game_load(struct store *s, long long id, struct store_game *g,
    char **why)
{
	return s->engine->game_load(s, id, g, why);
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

/* Load a game's entries; see store.h. */
int
store_entries_load(struct store *s, long long id, struct stored_entry **ep,
    int *np, char **why)
{
	return s->engine->entries_load(s, id, ep, np, why);
}

/* Load entry n of game id; see store.h. */
int
store_entry_load(struct store *s, long long id, int n,
    struct stored_entry *se, char **why)
{
	return s->engine->entry_load(s, id, n, se, why);
}

/* The number of game id's latest entry; see store.h. */
int
store_last_n(struct store *s, long long id, int *n, char **why)
{
	return s->engine->last_n(s, id, n, why);
}

/* Create a game and its seats; see store.h. */
int
store_game_create(struct store *s, struct store_game *g, char **why)
{
	return s->engine->game_create(s, g, why);
}

/* The game with this uid, or 0; see store.h. */
int
store_game_by_uid(struct store *s, const char *uid, long long *id,
    char **why)
{
	return s->engine->game_by_uid(s, uid, id, why);
}

/* Record the names and title now; see store.h. */
int
store_game_names(struct store *s, long long game, const char *const *names,
    int n, const char *title, char **why)
{
	return s->engine->game_names(s, game, names, n, title, why);
}

/* Append one entry; see store.h. */
int
store_entry_append(struct store *s, long long game,
    const struct stored_entry *se, char **why)
{
	return s->engine->entry_append(s, game, se, why);
}

/* Record the game's summary; see store.h. */
int
store_summary(struct store *s, long long game, int state,
    const long *scores, const int *winners, int n, char **why)
{
	return s->engine->summary(s, game, state, scores, winners, n, why);
}

/* List games; see store.h. */
int
store_games(struct store *s, int all,
    int (*fn)(void *, const struct store_game *, long), void *arg,
    char **why)
{
	return s->engine->games(s, all, fn, arg, why);
}

/* Export games as JSON texts; see store.h. */
int
store_export_json(struct store *s, long long id,
    int (*fn)(void *, const char *), void *arg, char **why)
{
	return s->engine->export_json(s, id, fn, arg, why);
}

/* Export one row per player per game; see store.h. */
int
store_export_rows(struct store *s, long long id,
    int (*fn)(void *, const char *const *), void *arg, char **why)
{
	return s->engine->export_rows(s, id, fn, arg, why);
}

/* Per player and rules over finished games; see store.h. */
int
store_tallies(struct store *s, int (*fn)(void *, const struct store_tally *),
    void *arg, char **why)
{
	return s->engine->tallies(s, fn, arg, why);
}

/* check: game's seats; see store.h. */
int
store_seats_shape(struct store *s, long long game, int *n, int *numbered,
    char **why)
{
	return s->engine->seats_shape(s, game, n, numbered, why);
}

/* check: rows whose game does not exist; see store.h. */
int
store_orphans(struct store *s, int drop,
    int (*fn)(void *, const char *table, long long game, long rows),
    void *arg, char **why)
{
	return s->engine->orphans(s, drop, fn, arg, why);
}

/* check: game's creation record; see store.h. */
int
store_setup_record(struct store *s, long long game, struct store_game *rec,
    char **credited, char **why)
{
	memset(rec, 0, sizeof *rec);
	memset(credited, 0, GAME_MAX_PLAYERS * sizeof *credited);
	return s->engine->setup_record(s, game, rec, credited, why);
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

/* check: the engine's own integrity check; see store.h. */
int
store_integrity(struct store *s, int (*fn)(void *, const char *),
    void *arg, char **why)
{
	return s->engine->integrity(s, fn, arg, why);
}

/* Every game's id; see store.h. */
int
store_game_ids(struct store *s, long long **ids, int *n, char **why)
{
	return s->engine->game_ids(s, ids, n, why);
}

/* The summary stored for game; see store.h. */
int
store_summary_load(struct store *s, long long game, int *finished,
    long *scores, int *won, int n, char **why)
{
	return s->engine->summary_load(s, game, finished, scores, won, n,
	    why);
}

/* Finished games in the order they finished; see store.h. */
int
store_results(struct store *s, const char *rules,
    int (*fn)(void *, const struct store_result *), void *arg, char **why)
{
	return s->engine->results(s, rules, fn, arg, why);
}

/* Store a row of game's coach cache; see store.h. */
int
store_coach_put(struct store *s, long long game, int n, int seat, int basis,
    long decisions, long long error, char **why)
{
	return s->engine->coach_put(s, game, n, seat, basis, decisions, error,
	    why);
}

/* Forget game's coach cache; see store.h. */
int
store_coach_drop(struct store *s, long long game, char **why)
{
	return s->engine->drop(s, game, STORE_DROP_COACH, why);
}

/* The coach cache's rows; see store.h. */
int
store_coach_rows(struct store *s, long long game,
    int (*fn)(void *, const struct store_coach *), void *arg, char **why)
{
	return s->engine->coach_rows(s, game, fn, arg, why);
}

/* check: the tallies that differ from the summaries'; see store.h. */
int
store_tallies_check(struct store *s,
    int (*fn)(void *, const char *name, const char *rules, long played,
    long won, long right_played, long right_won), void *arg, char **why)
{
	return s->engine->tallies_check(s, fn, arg, why);
}

/* Rebuild the tallies from the summaries; see store.h. */
int
store_tallies_rebuild(struct store *s, char **why)
{
	return s->engine->tallies_rebuild(s, why);
}

/* Load game's snapshot; see store.h. */
int
store_snapshot_get(struct store *s, long long game, const char *format,
    struct store_snapshot *sn, char **why)
{
	return s->engine->snapshot_get(s, game, format, sn, why);
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

/* Store game's snapshot; see store.h. */
int
store_snapshot_put(struct store *s, long long game, const char *format,
    const void *state, size_t len, char **why)
{
	return s->engine->snapshot_put(s, game, format, state, len, why);
}

/* Forget game's snapshot; see store.h. */
int
store_snapshot_drop(struct store *s, long long game, char **why)
{
	return s->engine->drop(s, game, STORE_DROP_SNAPSHOT, why);
}

/* The undo cache's head; see store.h. */
int
store_undo_head(struct store *s, long long game, const char *format,
    struct store_undo *u, char **why)
{
	return s->engine->undo_head(s, game, format, u, why);
}

/* One row of the undo cache; see store.h. */
int
store_undo_get(struct store *s, long long game, int kind, int pos, int *n,
    void **state, size_t *len, char **why)
{
	return s->engine->undo_get(s, game, kind, pos, n, state, len, why);
}

/* Entry n pushed at depth; see store.h. */
int
store_undo_push(struct store *s, long long game, int depth, int n, int keep,
    char **why)
{
	return s->engine->undo_push(s, game, depth, n, keep, why);
}

/* The entry in effect at depth undone; see store.h. */
int
store_undo_pop(struct store *s, long long game, int depth, int pos,
    char **why)
{
	return s->engine->undo_pop(s, game, depth, pos, why);
}

/* Undone rows from pos up forgotten; see store.h. */
int
store_undo_cut(struct store *s, long long game, int pos, char **why)
{
	return s->engine->undo_cut(s, game, pos, why);
}

/* Whether an undone entry kept is of verb; see store.h. */
int
store_undo_has_verb(struct store *s, long long game, const char *verb,
    int *has, char **why)
{
	return s->engine->undo_has_verb(s, game, verb, has, why);
}

/* The undo cache's head, with the snapshot stored now; see store.h. */
int
store_undo_set(struct store *s, long long game, int depth, int nundone,
    char **why)
{
	return s->engine->undo_set(s, game, depth, nundone, why);
}

/* Forget game's undo cache; see store.h. */
int
store_undo_drop(struct store *s, long long game, char **why)
{
	return s->engine->drop(s, game, STORE_DROP_UNDO, why);
}

/* Store one row of the undo cache; see store.h. */
int
store_undo_put(struct store *s, long long game, int kind, int pos, int n,
    const void *state, size_t len, char **why)
{
	return s->engine->undo_put(s, game, kind, pos, n, state, len, why);
}

/* Every row of game's undo cache; see store.h. */
int
store_undo_rows(struct store *s, long long game,
    int (*fn)(void *, int kind, int pos, int n, const void *state,
    size_t len), void *arg, char **why)
{
	return s->engine->undo_rows(s, game, fn, arg, why);
}

/* Store entry n's round, note and undone; see store.h. */
int
store_note_put(struct store *s, long long game, int n, int round,
    int undone, const char *note, char **why)
{
	return s->engine->note_put(s, game, n, round, undone, note, why);
}

/* Entry n taken back or restored; see store.h. */
int
store_note_undone(struct store *s, long long game, int n, int undone,
    char **why)
{
	return s->engine->note_undone(s, game, n, undone, why);
}

/* Forget game's notes; see store.h. */
int
store_notes_drop(struct store *s, long long game, char **why)
{
	return s->engine->drop(s, game, STORE_DROP_NOTES, why);
}

/* Each of game's entries with its note; see store.h. */
int
store_history_scan(struct store *s, long long id,
    int (*fn)(void *, const struct stored_entry *), void *arg, int *n,
    int *complete, char **why)
{
	return s->engine->history_scan(s, id, fn, arg, n, complete, why);
}

/* Every note row of game; see store.h. */
int
store_notes_rows(struct store *s, long long game,
    int (*fn)(void *, int n, int round, const char *note, int undone),
    void *arg, char **why)
{
	return s->engine->notes_rows(s, game, fn, arg, why);
}

/* Add count to one face's tally of game; see store.h. */
int
store_dice_count(struct store *s, long long game, int seat, int kind,
    int face, long count, char **why)
{
	return s->engine->dice_count(s, game, seat, kind, face, count, why);
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

/* Forget game's tally; see store.h. */
int
store_dice_drop(struct store *s, long long game, char **why)
{
	return s->engine->drop(s, game, STORE_DROP_DICE, why);
}

/* The tally's rows; see store.h. */
int
store_dice_rows(struct store *s, long long game,
    int (*fn)(void *, long long game, int seat, int kind, int face,
    long count), void *arg, char **why)
{
	return s->engine->dice_rows(s, game, fn, arg, why);
}

/* What a view sleeps on; see store.h. */
int
store_notice(struct store *s, const char **path, int *fd, char **why)
{
	*path = NULL;
	*fd = -1;
	return s->engine->notice(s, path, fd, why);
}

/* The notifications that arrived; see store.h. */
int
store_notice_take(struct store *s)
{
	return s->engine->notice_take(s);
}

/* Whether the connection is lost; see store.h. */
int
store_lost(const struct store *s)
{
	return s->engine->lost(s);
}

/* Whether the last commit is in doubt; see store.h. */
int
store_in_doubt(const struct store *s)
{
	return s->engine->in_doubt(s);
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
