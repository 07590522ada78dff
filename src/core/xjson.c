/*
 * xjson.c: jansson's setters checked (issue 24): out of memory is
 * fatal(), as for every allocation of shakeref.
 */
#include <jansson.h>

#include "buf.h"
#include "utf8.h"
#include "xjson.h"

/* Set o's key to v (a new reference) or die; see xjson.h. */
void
xjson_set(json_t *o, const char *key, json_t *v)
{
	struct buf b = BUF_INIT;

	if (o == NULL || v == NULL)
		fatal("out of memory");
	if (utf8_valid(key)) {
		if (json_object_set_new(o, key, v) != 0)
			fatal("out of memory");
		return;
	}
	/* A key from the store (a player's name) written there by hand. */
	utf8_escape(&b, key, 0, 0);
	if (json_object_set_new(o, buf_str(&b), v) != 0)
		fatal("out of memory");
	buf_free(&b);
}

/* Append v (a new reference) to a or die; see xjson.h. */
void
xjson_push(json_t *a, json_t *v)
{
	if (a == NULL || v == NULL || json_array_append_new(a, v) != 0)
		fatal("out of memory");
}

/* A JSON string of stored text, escaped where it is not UTF-8. */
json_t *
xjson_text(const char *s)
{
	struct buf b = BUF_INIT;
	json_t *v;

	if (utf8_valid(s))
		v = json_string(s);
	else {
		utf8_escape(&b, s, 0, 0);
		v = json_string(buf_str(&b));
		buf_free(&b);
	}
	if (v == NULL)
		fatal("out of memory");
	return v;
}
