/*
 * import-scan.c: import's reading of an export, a game at a time (see
 * import.h); cmd-import.c checks and stores what it reads.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "import.h"


/* The next character, counting lines. */
static int
scan_get(struct scan *sc)
{
	int c = getc_unlocked(sc->f);

	if (c == '\n')
		sc->line++;
	return c;
}

/*
 * Append c to sc->text: a call to buf_reserve() only when the buffer is
 * full (buf.h's protocol: write, move len, put the NUL), not buf_add()'s
 * call and copy for each character of the file.
 */
static void
scan_put(struct scan *sc, int c)
{
	struct buf *b = &sc->text;

	if (b->len + 2 > b->cap)
		(void)buf_reserve(b, 1);
	b->s[b->len++] = (char)c;
	b->s[b->len] = '\0';
}

/* The next character that is not JSON white space. */
static int
scan_ws(struct scan *sc)
{
	int c;

	while ((c = scan_get(sc)) == ' ' || c == '\t' || c == '\n' ||
	    c == '\r')
		continue;
	return c;
}

/* The rest of a string whose '"' is in sc->text; 0, or -1 at the end. */
static int
scan_string(struct scan *sc)
{
	int c;

	while ((c = scan_get(sc)) != EOF) {
		scan_put(sc, c);
		if (c == '"')
			return 0;
		if (c == '\\') {
			if ((c = scan_get(sc)) == EOF)
				return -1;
			scan_put(sc, c);
		}
	}
	return -1;
}

/*
 * One JSON value's text, from its first character c, into sc->text
 * (jansson checks it); 0, or -1 if the file ends inside it.
 */
static int
scan_value(struct scan *sc, int c)
{
	int depth = 0;

	buf_reset(&sc->text);
	scan_put(sc, c);
	if (c == '"')
		return scan_string(sc);
	if (c == '{' || c == '[') {
		depth = 1;
		while (depth > 0) {
			if ((c = scan_get(sc)) == EOF)
				return -1;
			scan_put(sc, c);
			if (c == '"' && scan_string(sc) != 0)
				return -1;
			else if (c == '{' || c == '[')
				depth++;
			else if (c == '}' || c == ']')
				depth--;
		}
		return 0;
	}
	while ((c = scan_get(sc)) != EOF && strchr(",}] \t\r\n", c) == NULL)
		scan_put(sc, c);
	if (c != EOF) {
		if (c == '\n')
			sc->line--;
		ungetc(c, sc->f);
	}
	return 0;
}

/* Refuse the file as not an export (exit 2). */
static int
scan_not_export(struct scan *sc)
{
	return sr_error(sc->ctx, SR_USAGE, "'%s' is not an export of "
	    "shakeref: expected {\"shakeref\": 1, \"games\": [...]}",
	    sc->path);
}

/* The value in sc->text as JSON (jansson's error at line, exit 2). */
static int
scan_json(struct scan *sc, long line, json_t **v)
{
	json_error_t err;

	*v = json_loadb(sc->text.s != NULL ? sc->text.s : "", sc->text.len,
	    JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &err);
	if (*v != NULL)
		return SR_OK;
	return sr_error(sc->ctx, SR_USAGE, "'%s' is not an export of "
	    "shakeref: line %ld: %s", sc->path, line + err.line - 1,
	    err.text);
}

/* The format: this shakeref's, else exit 2 (older) or 3 (newer). */
static int
scan_version(struct scan *sc, json_t *v)
{
	if (!json_is_integer(v))
		return scan_not_export(sc);
	sc->version = (long)json_integer_value(v);
	if (sc->version == IMPORT_FORMAT)
		return SR_OK;
	return sr_error(sc->ctx, sc->version > IMPORT_FORMAT ? SR_DATA :
	    SR_USAGE, "'%s' is an export of format %lld; this shakeref reads "
	    "format %d", sc->path, (long long)json_integer_value(v),
	    IMPORT_FORMAT);
}

/*
 * One pass over the file from its start: fn(arg, index from 1, game)
 * for each game, in order; its first status other than SR_OK ends the
 * pass.  Every pass checks the outer shape; *count, the games.
 */
int
sr_scan_games(struct scan *sc, int (*fn)(void *, size_t, json_t *), void *arg,
    size_t *count)
{
	json_t *v;
	const char *key;
	long line;
	int c, status, games = 0, version = 0;
	size_t n = 0;

	*count = 0;
	rewind(sc->f);
	sc->line = 1;
	if (scan_ws(sc) != '{')
		return scan_not_export(sc);
	if ((c = scan_ws(sc)) == '}')
		return scan_not_export(sc);
	for (;;) {
		line = sc->line;
		if (c != '"' || scan_value(sc, c) != 0)
			return scan_not_export(sc);
		if ((status = scan_json(sc, line, &v)) != SR_OK)
			return status;
		key = json_string_value(v);
		c = key == NULL ? 0 : strcmp(key, "games") == 0 ? 'g' :
		    strcmp(key, "shakeref") == 0 ? 's' : 'o';
		json_decref(v);
		if (c == 0 || scan_ws(sc) != ':' ||
		    (c == 'g' && games++) || (c == 's' && version++))
			return scan_not_export(sc);
		if (c == 'g') {
			if (scan_ws(sc) != '[')
				return scan_not_export(sc);
			if ((c = scan_ws(sc)) != ']')
				for (;;) {
					line = sc->line;
					if (scan_value(sc, c) != 0)
						return scan_not_export(sc);
					if ((status = scan_json(sc, line,
					    &v)) != SR_OK)
						return status;
					status = fn(arg, ++n, v);
					json_decref(v);
					if (status != SR_OK)
						return status;
					if ((c = scan_ws(sc)) == ']')
						break;
					if (c != ',')
						return scan_not_export(sc);
					c = scan_ws(sc);
				}
		} else {
			line = sc->line;
			if (scan_value(sc, scan_ws(sc)) != 0)
				return scan_not_export(sc);
			if ((status = scan_json(sc, line, &v)) != SR_OK)
				return status;
			status = c == 's' ? scan_version(sc, v) : SR_OK;
			json_decref(v);
			if (status != SR_OK)
				return status;
		}
		if ((c = scan_ws(sc)) == '}')
			break;
		if (c != ',')
			return scan_not_export(sc);
		c = scan_ws(sc);
	}
	if (scan_ws(sc) != EOF || !games || !version)
		return scan_not_export(sc);
	if (ferror(sc->f))
		return sr_error(sc->ctx, SR_SYSTEM, "cannot read '%s': %s",
		    sc->path, strerror(errno));
	*count = n;
	return SR_OK;
}

/* Open the file to scan; standard input is copied (exit 4 on failure). */
int
sr_scan_open(struct sr_ctx *ctx, const char *path, struct scan *sc)
{
	char chunk[65536];
	size_t n;

	memset(sc, 0, sizeof *sc);
	sc->ctx = ctx;
	sc->path = path;
	if (strcmp(path, "-") != 0) {
		if ((sc->f = fopen(path, "r")) == NULL)
			return sr_error(ctx, SR_SYSTEM, "cannot read '%s': %s",
			    path, strerror(errno));
		return SR_OK;
	}
	if ((sc->f = tmpfile()) == NULL)
		return sr_error(ctx, SR_SYSTEM, "cannot keep standard input "
		    "in a temporary file: %s", strerror(errno));
	while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
		if (fwrite(chunk, 1, n, sc->f) != n)
			break;
	if (ferror(stdin) || ferror(sc->f))
		return sr_error(ctx, SR_SYSTEM, "cannot read '%s': %s", path,
		    strerror(errno));
	return SR_OK;
}
