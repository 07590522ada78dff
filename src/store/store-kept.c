/*
 * store-kept.c: the table's own copy of a game (store.h, "The table's
 * own copy"): its operations over the engine's get and put, and the
 * copy written as text and read back, the same whichever engine keeps
 * it (store_kept_encode, store_kept_decode: store-engine.h).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "store-engine.h"
#include "xjson.h"

/* The copy of game *id (0: the current one), if kept; see store.h. */
int
store_kept_get(struct store *s, long long *id, struct store_read *r)
{
	struct store_get q = { .what = STORE_GET_KEPT };
	char *why = NULL;
	int status;

	memset(r, 0, sizeof *r);
	q.id = id;
	q.rd = r;
	status = s->engine->get(s, &q, &why);
	free(why);
	if (status != SR_OK || !r->snapshot) {
		store_read_clear(r);
		return 0;
	}
	return 1;
}

/* Keep r as the copy of its game, or forget the copy; see store.h. */
void
store_kept_put(struct store *s, const struct store_read *r)
{
	struct store_put o = { .what = STORE_PUT_KEPT };
	char *why = NULL;

	o.game = r != NULL ? r->g.id : 0;
	o.rd = r;
	(void)s->engine->put(s, &o, &why);
	free(why);
}

/* Begin a write of game on its copy, guarded; see store.h. */
int
store_kept_begin(struct store *s, long long game, char **why)
{
	struct store_put o = { .what = STORE_PUT_GUARD, .game = game };
	int status;

	if ((status = store_begin(s, 1, why)) != SR_OK)
		return status;
	if ((status = s->engine->put(s, &o, why)) != SR_OK)
		store_rollback(s);
	return status;
}

/* Text s as JSON, or NULL (s not UTF-8: a copy would change it). */
static json_t *
text(const char *s, int *bad)
{
	json_t *v;

	if (s == NULL)
		return json_null();
	if ((v = json_string(s)) == NULL)
		*bad = 1;
	return v;
}

/* Set key of o to v (NULL: not UTF-8, *bad; out of memory: fatal). */
static void
put(json_t *o, const char *key, json_t *v, int *bad)
{
	if (v == NULL)
		*bad = 1;
	else
		xjson_set(o, key, v);
}

/* The copy r with token as one line of JSON; see store-engine.h. */
char *
store_kept_encode(const struct store_read *r, const char *token)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = r->sn.state;
	json_t *o = json_object(), *names = json_array(),
	    *names0 = json_array();
	char *state, *out = NULL;
	size_t i;
	int bad = o == NULL || names == NULL || names0 == NULL;

	if ((state = malloc(r->sn.len * 2 + 1)) == NULL)
		bad = 1;
	for (i = 0; state != NULL && i < r->sn.len; i++) {
		state[2 * i] = hex[p[i] >> 4];
		state[2 * i + 1] = hex[p[i] & 15];
	}
	if (state != NULL)
		state[2 * r->sn.len] = '\0';
	for (i = 0; !bad && i < (size_t)r->g.nplayers; i++) {
		json_t *a = text(r->g.names[i], &bad),
		    *b = text(r->g.names0[i], &bad);

		if (a == NULL || b == NULL) {
			json_decref(a);
			json_decref(b);
			break;
		}
		xjson_push(names, a);
		xjson_push(names0, b);
	}
	if (!bad) {
		put(o, "token", text(token, &bad), &bad);
		put(o, "game", json_integer(r->g.id), &bad);
		put(o, "uid", text(r->g.uid, &bad), &bad);
		put(o, "rules", text(r->g.rules, &bad), &bad);
		put(o, "title", text(r->g.title, &bad), &bad);
		put(o, "title0", text(r->g.title0, &bad), &bad);
		put(o, "options", text(r->g.options, &bad), &bad);
		put(o, "created", json_integer(r->g.created), &bad);
		put(o, "finished", json_integer(r->g.finished), &bad);
		put(o, "names", names, &bad);
		names = NULL;
		put(o, "names0", names0, &bad);
		names0 = NULL;
		put(o, "n", json_integer(r->sn.n), &bad);
		put(o, "format", text(r->sn.format, &bad), &bad);
		put(o, "state", text(state, &bad), &bad);
		put(o, "undo", json_pack("{s:b,s:i,s:i,s:i}", "valid",
		    r->u.valid, "depth", r->u.depth, "nundone", r->u.nundone,
		    "kept_undone", r->u.kept_undone), &bad);
	}
	if (!bad)
		out = json_dumps(o, JSON_COMPACT);
	json_decref(names);
	json_decref(names0);
	json_decref(o);
	free(state);
	return out;
}

/* A string member of o (NULL: JSON null), copied; -1 if neither. */
static int
member(json_t *o, const char *key, char **dst)
{
	json_t *v = json_object_get(o, key);

	*dst = NULL;
	if (json_is_null(v))
		return 0;
	if (!json_is_string(v))
		return -1;
	*dst = strdup(json_string_value(v));
	return *dst == NULL ? -1 : 0;
}

/* A hex digit's value, or -1. */
static int
nibble(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* The copy and its token read back from text; see store-engine.h. */
int
store_kept_decode(const char *s, struct store_read *r, char **token)
{
	json_t *o = json_loads(s, 0, NULL), *a, *b, *u, *v;
	char *state = NULL;
	unsigned char *p = NULL;
	size_t i, n;
	int bad = 0, hi, lo, valid = 0;

	memset(r, 0, sizeof *r);
	*token = NULL;
	if (!json_is_object(o)) {
		json_decref(o);
		return -1;
	}
	a = json_object_get(o, "names");
	b = json_object_get(o, "names0");
	u = json_object_get(o, "undo");
	if (member(o, "token", token) != 0 || *token == NULL ||
	    member(o, "uid", &r->g.uid) != 0 ||
	    member(o, "rules", &r->g.rules) != 0 || r->g.rules == NULL ||
	    member(o, "title", &r->g.title) != 0 ||
	    member(o, "title0", &r->g.title0) != 0 ||
	    member(o, "options", &r->g.options) != 0 ||
	    member(o, "format", &r->sn.format) != 0 ||
	    r->sn.format == NULL || member(o, "state", &state) != 0 ||
	    state == NULL || !json_is_integer(json_object_get(o, "game")) ||
	    !json_is_integer(json_object_get(o, "n")) ||
	    !json_is_array(a) || !json_is_array(b) ||
	    json_array_size(a) != json_array_size(b) ||
	    json_array_size(a) > GAME_MAX_PLAYERS ||
	    json_unpack(u, "{s:b,s:i,s:i,s:i}", "valid", &valid, "depth",
	    &r->u.depth, "nundone", &r->u.nundone, "kept_undone",
	    &r->u.kept_undone) != 0)
		bad = 1;
	r->g.id = json_integer_value(json_object_get(o, "game"));
	r->g.created = json_integer_value(json_object_get(o, "created"));
	r->g.finished = (int)json_integer_value(json_object_get(o,
	    "finished"));
	r->sn.n = (int)json_integer_value(json_object_get(o, "n"));
	r->u.valid = valid;
	for (i = 0; !bad && i < json_array_size(a); i++) {
		v = json_array_get(a, i);
		if (!json_is_string(v) ||
		    !json_is_string(json_array_get(b, i))) {
			bad = 1;
			break;
		}
		r->g.names[i] = strdup(json_string_value(v));
		r->g.names0[i] = strdup(json_string_value(json_array_get(b,
		    i)));
		r->g.nplayers = (int)i + 1;
		if (r->g.names[i] == NULL || r->g.names0[i] == NULL)
			bad = 1;
	}
	n = state != NULL ? strlen(state) : 0;
	if (!bad && (n % 2 != 0 || (p = malloc(n / 2 + 1)) == NULL))
		bad = 1;
	for (i = 0; !bad && i < n / 2; i++) {
		if ((hi = nibble(state[2 * i])) < 0 ||
		    (lo = nibble(state[2 * i + 1])) < 0) {
			bad = 1;
			free(p);
			break;
		}
		p[i] = (unsigned char)(hi << 4 | lo);
	}
	if (!bad) {
		r->sn.state = p;
		r->sn.len = n / 2;
		r->sn.last = r->sn.n;
		r->sn.fit = STORE_SNAP_FITS;
		r->snapshot = 1;
		r->undo = 1;
	}
	free(state);
	json_decref(o);
	if (bad) {
		store_read_clear(r);
		free(*token);
		*token = NULL;
		return -1;
	}
	return 0;
}
