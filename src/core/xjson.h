/*
 * xjson.h: jansson's setters checked, as xmalloc() checks malloc(): a
 * JSON object or array that cannot take a value is out of memory, and
 * that is fatal() (buf.h), never a key left out without a word.
 *
 * Every JSON object and array is built through these setters (xjson_set,
 * xjson_push); a module's status_json sets its keys so
 * (tests/cli/returns.sh).
 */
#ifndef SHAKEREF_XJSON_H
#define SHAKEREF_XJSON_H

#include <jansson.h>

/*
 * json_object_set_new(o, key, v), or fatal(): o or v NULL (a constructor
 * out of memory; text that may not be UTF-8 goes through xjson_text) or
 * the set failing.  A key that is not UTF-8 (a player's name written
 * into the database by hand) is escaped as xjson_text() escapes text.
 */
void	 xjson_set(json_t *o, const char *key, json_t *v);
/* json_array_append_new(a, v), or fatal() as xjson_set. */
void	 xjson_push(json_t *a, json_t *v);
/*
 * A JSON string of text read from the store: s itself when it is UTF-8,
 * else s escaped as utf8_escape() writes it (\xNN; text written into the
 * database by hand: SPEC.md "Text from the user"), where json_string()
 * gives NULL and the key was left out.  Never NULL.
 */
json_t	*xjson_text(const char *s);

#endif
