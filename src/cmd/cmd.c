/*
 * cmd.c: the command table, finding a command by its name, and parsing a
 * command line against a command's spec (tmux's args_parse).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "utf8.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_new_entry,
	&cmd_games_entry,
	&cmd_use_entry,
	&cmd_status_entry,
	&cmd_standings_entry,
	&cmd_history_entry,
	&cmd_undo_entry,
	&cmd_redo_entry,
	&cmd_abandon_entry,
	&cmd_rename_entry,
	&cmd_title_entry,
	&cmd_note_entry,
	&cmd_play_entry,
	&cmd_rules_entry,
	&cmd_solve_entry,
	&cmd_review_entry,
	&cmd_dice_entry,
	&cmd_export_entry,
	&cmd_import_entry,
	&cmd_watch_entry,
	&cmd_serve_entry,
	&cmd_check_entry,
	&cmd_help_entry,
	NULL
};

/* The command named exactly name, or NULL. */
const struct cmd_entry *
cmd_find(const char *name)
{
	const struct cmd_entry *const *c;
	int v;

	for (c = cmd_table; *c != NULL; c++)
		if (strcmp((*c)->name, name) == 0)
			return *c;
	/* Hidden: for the shell completion scripts only. */
	if (strcmp(name, cmd_complete_entry.name) == 0)
		return &cmd_complete_entry;
	v = verb_lookup(name);
	if (v >= 0 && v != V_UNDO && v != V_REDO)
		return &cmd_verb_entry;
	return NULL;
}

/* "unknown command 'W'", the nearest command if near; see cmd.h. */
int
sr_command_unknown(struct buf *b, const char *w)
{
	const struct cmd_entry *const *c;
	struct utf8_near nr = UTF8_NEAR_INIT;
	int v;

	for (c = cmd_table; *c != NULL; c++)
		if (*c != &cmd_verb_entry)
			utf8_near_add(&nr, w, (*c)->name);
	for (v = 0; verb_nth(v) >= 0; v++)
		utf8_near_add(&nr, w, verb_name(verb_nth(v)));
	for (v = V_UNDO; v < V__COUNT; v++)
		utf8_near_add(&nr, w, verb_name((enum verb)v));
	buf_printf(b, _("unknown command '%s'"), w);
	if (!utf8_near_ok(&nr, w))
		return 0;
	buf_puts(b, _("; did you mean "));
	utf8_near_list(b, &nr);
	buf_puts(b, "?");
	return 1;
}

/* Index of option name in spec, or -1. */
static int
opt_index(const struct cmd_spec *spec, const char *name, size_t len)
{
	int k;

	for (k = 0; k < CMD_MAX_OPTS && spec->opts[k].name != NULL; k++)
		if (strlen(spec->opts[k].name) == len &&
		    strncmp(spec->opts[k].name, name, len) == 0)
			return k;
	return -1;
}

/*
 * A CMD_LIST value v with the words after it (from words[*i + 1], up to
 * n) that a shell split off it at ", " ("Ann," "Mary" "Ann," "Bob"): when
 * v ends with a comma or the next word starts with one, every word after
 * it up to the next option joins it with a space (a command with a
 * CMD_LIST takes no arguments but options).  The list, kept in
 * a->joined[k].
 */
static const char *
join_list(struct cmd_args *a, int k, const char *v, char **words, int *i,
    int n)
{
	struct buf b = BUF_INIT;

	if (*i + 1 >= n || ((v[0] == '\0' || v[strlen(v) - 1] != ',') &&
	    words[*i + 1][0] != ','))
		return v;
	buf_puts(&b, v);
	while (*i + 1 < n && words[*i + 1][0] != '-')
		buf_printf(&b, " %s", words[++*i]);
	if (strcmp(buf_str(&b), v) == 0) {
		buf_free(&b);
		return v;
	}
	free(a->joined[k]);
	a->joined[k] = xstrdup(buf_str(&b));
	buf_free(&b);
	return a->joined[k];
}

/*
 * "unknown option 'W'; expected --a, --b" for word w (an option of none
 * of spec's, or one taking no value given "=V"); SR_USAGE.
 */
static int
opt_unknown(struct sr_ctx *ctx, const struct cmd_spec *spec, const char *w)
{
	struct buf b = BUF_INIT;
	int k, status;

	for (k = 0; k < CMD_MAX_OPTS && spec->opts[k].name != NULL; k++)
		buf_printf(&b, "%s--%s", k ? ", " : "", spec->opts[k].name);
	status = sr_error(ctx, SR_USAGE, "unknown option '%s'; expected %s",
	    w, buf_str(&b));
	buf_free(&b);
	return status;
}

/*
 * The value of option k, words[*i] (after "=" if not NULL), into *v:
 * "" for a flag, else after "=", or the next word unless that is another
 * option ("--title --option k=v": a value that starts with "--" is
 * given as "--name=V"); a CMD_LIST's words joined.  SR_OK, or SR_USAGE
 * with the message printed.
 */
static int
opt_value(struct sr_ctx *ctx, struct cmd_args *a, int k, char **words,
    int *i, int n, int raw, const char *after, const char **v)
{
	const struct cmd_opt *o = &a->spec->opts[k];

	*v = "";
	if (after != NULL)
		*v = after;
	else if (o->flags & CMD_VALUE) {
		if (*i + 1 >= n || *i + 1 >= raw ||
		    strncmp(words[*i + 1], "--", 2) == 0)
			return sr_error(ctx, SR_USAGE, "--%s expects a value",
			    o->name);
		*v = words[++*i];
	}
	if (o->flags & CMD_LIST)
		*v = join_list(a, k, *v, words, i, n < raw ? n : raw);
	if (**v == '\0' && (o->flags & CMD_NONEMPTY))
		return sr_error(ctx, SR_USAGE, "--%s expects a value",
		    o->name);
	return SR_OK;
}

/*
 * A list's last name that a shell split at its spaces: the list's last
 * item, then the words after it up to the first comma ("Mary" "Ann,Ole":
 * Mary Ann), as SPEC.md "Player names" hints: "; quote a name with a
 * space: "Mary Ann"", into b; 1, or 0 (nothing) if a word of it begins
 * with no capital (game_capitalised: "Bob extra" is no name) or no
 * comma is near ("Ann Bob": a list typed with spaces).
 */
static int
split_hint(struct buf *b, const char *list, char *const *after, int n)
{
	struct buf name = BUF_INIT;
	const char *last = strrchr(list, ',');
	char *first[1];
	int i;

	first[0] = (char *)(last != NULL ? last + 1 : list);
	if (!game_capitalised(1, first))
		return 0;
	buf_puts(&name, first[0]);
	for (i = 0; i < n; i++) {
		buf_printf(&name, " %.*s", (int)strcspn(after[i], ","),
		    after[i]);
		if (strchr(after[i], ',') != NULL)
			break;
	}
	/* "Ann Bob", no comma anywhere: a list typed with spaces. */
	if ((last == NULL && i == n) ||
	    !game_capitalised(i < n ? i + 1 : n, after)) {
		buf_free(&name);
		return 0;
	}
	buf_puts(b, "; ");
	buf_printf(b, _("quote a name with a space: \"%s\""), buf_str(&name));
	buf_free(&name);
	return 1;
}

/* Parse a command line against the command's spec; see cmd.h. */
int
cmd_parse(struct sr_ctx *ctx, const struct cmd_entry *c, int n,
    char **words, int raw, struct cmd_args *a)
{
	const struct cmd_spec *spec = &c->spec;
	const char *w, *after, *v, *list = NULL;
	struct buf hint = BUF_INIT;
	size_t len;
	int i, k, status, list_next = -1, list_arg = -1;

	memset(a, 0, sizeof *a);
	a->spec = spec;
	a->argv = xcalloc((size_t)n + 1, sizeof *a->argv);
	a->argv[a->argc++] = words[0];
	for (i = 1; i < n; i++) {
		w = words[i];
		if (spec->raw || i >= raw || spec->opts[0].name == NULL ||
		    w[0] != '-' || w[1] == '\0') {
			if (i == list_next)
				list_arg = a->argc;
			a->argv[a->argc++] = words[i];
			continue;
		}
		len = kv_split(w, &after);	/* --name=V */
		k = -1;
		if (len > 2 && w[1] == '-')
			k = opt_index(spec, w + 2, len - 2);
		if (k < 0 || (after != NULL && !(spec->opts[k].flags &
		    CMD_VALUE))) {
			status = opt_unknown(ctx, spec, w);
			goto fail;
		}
		if (a->nvalues[k] > 0 && !(spec->opts[k].flags & CMD_MULTI)) {
			status = sr_error(ctx, SR_USAGE, "option '--%s' is "
			    "given twice", spec->opts[k].name);
			goto fail;
		}
		if ((status = opt_value(ctx, a, k, words, &i, n, raw, after,
		    &v)) != SR_OK)
			goto fail;
		a->values[k] = xreallocarray(a->values[k],
		    (size_t)a->nvalues[k] + 1, sizeof *a->values[k]);
		a->values[k][a->nvalues[k]++] = (char *)v;
		if (spec->opts[k].flags & CMD_LIST) {
			list = v;
			list_next = i + 1;
		}
	}
	if (a->argc - 1 >= spec->lower && (spec->upper < 0 ||
	    a->argc - 1 <= spec->upper))
		return SR_OK;
	if (spec->count != NULL)
		status = sr_error(ctx, SR_USAGE, "%s", _(spec->count));
	else if (a->argc - 1 > spec->upper) {
		/* A name the shell split, else the command's own hint. */
		if ((list_arg != spec->upper + 1 || !split_hint(&hint, list,
		    a->argv + list_arg, a->argc - list_arg)) &&
		    spec->hint != NULL)
			buf_puts(&hint, _(spec->hint));
		status = sr_error(ctx, SR_USAGE, "unexpected argument '%s'%s",
		    a->argv[spec->upper + 1], buf_str(&hint));
		buf_free(&hint);
	} else
		status = sr_error(ctx, SR_USAGE, "expected %s", c->usage);
fail:
	cmd_args_free(a);
	return status;
}

/* Free what cmd_parse() allocated. */
void
cmd_args_free(struct cmd_args *a)
{
	int k;

	for (k = 0; k < CMD_MAX_OPTS; k++) {
		free(a->values[k]);
		free(a->joined[k]);
	}
	free(a->argv);
	memset(a, 0, sizeof *a);
}

/* Index of option name in the parsed spec, or -1. */
static int
args_index(const struct cmd_args *a, const char *name)
{
	return opt_index(a->spec, name, strlen(name));
}

/* 1 if option name was given. */
int
args_has(const struct cmd_args *a, const char *name)
{
	int k = args_index(a, name);

	return k >= 0 && a->nvalues[k] > 0;
}

/* The last value of option name, or NULL. */
const char *
args_get(const struct cmd_args *a, const char *name)
{
	int k = args_index(a, name);

	return k >= 0 && a->nvalues[k] > 0 ?
	    a->values[k][a->nvalues[k] - 1] : NULL;
}

/* Every value of option name; *n of them. */
char *const *
args_values(const struct cmd_args *a, const char *name, int *n)
{
	int k = args_index(a, name);

	*n = k >= 0 ? a->nvalues[k] : 0;
	return k >= 0 ? a->values[k] : NULL;
}
