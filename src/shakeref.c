/*
 * shakeref.c: main: global options, the database path, dispatch, and the
 * exit status.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "lexicon.h"
#include "store.h"
#include "tt-table.h"
#include "utf8.h"
#include "wordlist.h"

void	sr_usage(FILE *);

/* The database path: -d, $SHAKEREF_DB, XDG_DATA_HOME, ~/.local/share. */
static char *
db_path(const char *given)
{
	const char *env;
	struct buf b = BUF_INIT;

	if (given != NULL)
		return xstrdup(given);
	if ((env = getenv("SHAKEREF_DB")) != NULL && *env != '\0')
		return xstrdup(env);
	if ((env = getenv("XDG_DATA_HOME")) != NULL && env[0] == '/')
		buf_printf(&b, "%s/shakeref/shakeref.db", env);
	else if ((env = getenv("HOME")) != NULL && *env != '\0')
		buf_printf(&b, "%s/.local/share/shakeref/shakeref.db", env);
	else
		return NULL;
	return b.s;
}

/* "now": SHAKEREF_NOW pins it (tests); -1 if that is malformed. */
static long long
time_now(void)
{
	const char *env = getenv("SHAKEREF_NOW");
	char *end;
	long long t;

	if (env == NULL || *env == '\0')
		return (long long)time(NULL);
	t = strtoll(env, &end, 10);
	if (*end != '\0' || t < 0)
		return -1;
	return t;
}

/* The value of a global option at argv[*i], or NULL if it lacks one. */
static const char *
global_value(int argc, char **argv, int *i, const char *shortopt,
    const char *longopt)
{
	size_t n = strlen(longopt);

	if (strncmp(argv[*i], longopt, n) == 0 && argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (strcmp(argv[*i], shortopt) != 0 && strcmp(argv[*i], longopt) != 0)
		return NULL;
	if (*i + 1 >= argc)
		return "";
	return argv[++*i];
}

/* 1 if argv[i] is the global option longopt, with "=" or alone. */
static int
is_global(const char *arg, const char *shortopt, const char *longopt)
{
	size_t n = strlen(longopt);

	return strcmp(arg, shortopt) == 0 || strcmp(arg, longopt) == 0 ||
	    (strncmp(arg, longopt, n) == 0 && arg[n] == '=');
}

int
main(int argc, char **argv)
{
	struct sr_ctx ctx;
	const struct cmd_entry *c;
	const char *db = NULL, *gid = NULL, *v;
	struct cmd_args a;
	char **args, *end;
	int nargs = 0, i, help = 0, version = 0, status, dashdash = 0;
	int raw = argc;

	memset(&ctx, 0, sizeof ctx);
	ctx.out = stdout;
	tt_coach_set_source(tt_table_get);
	ctx.color = getenv("NO_COLOR") == NULL;
	ctx.tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	args = xcalloc((size_t)argc + 1, sizeof *args);

	/* Global options may stand before or after the command name. */
	for (i = 1; i < argc; i++) {
		if (dashdash || argv[i][0] != '-' || argv[i][1] == '\0') {
			args[nargs++] = argv[i];
			continue;
		}
		if (strcmp(argv[i], "--") == 0) {
			dashdash = 1;
			raw = nargs;
		}
		else if (is_global(argv[i], "-d", "--db")) {
			v = global_value(argc, argv, &i, "-d", "--db");
			if (*v == '\0') {
				status = sr_error(NULL, SR_USAGE, "-d needs a "
				    "PATH");
				goto out;
			}
			db = v;
		} else if (is_global(argv[i], "-g", "--id"))
			gid = global_value(argc, argv, &i, "-g", "--id");
		else if (strcmp(argv[i], "--json") == 0)
			ctx.json = 1;
		else if (strcmp(argv[i], "-h") == 0 ||
		    strcmp(argv[i], "--help") == 0)
			help = 1;
		else if (strcmp(argv[i], "--version") == 0)
			version = 1;
		else
			args[nargs++] = argv[i];	/* the command's */
	}
	/*
	 * The door (SPEC.md "Text from the user"): every argument is checked
	 * before any is interpreted; the message names the command if the
	 * first word is one.
	 */
	if (nargs > 0 && utf8_text_why(args[0]) == NULL &&
	    cmd_find(args[0]) != NULL)
		ctx.cmd = args[0];
	for (i = 1; i < argc; i++)
		if ((status = sr_text_check(&ctx, "", argv[i])) != SR_OK)
			goto out;
	ctx.cmd = NULL;
	if (version) {
		printf("shakeref %s\n", PACKAGE_VERSION);
		status = sr_flush(&ctx, SR_OK);
		goto out;
	}
	if (help && nargs > 0) {
		/* shakeref COMMAND --help: as shakeref help COMMAND. */
		char *hargv[] = { "help", args[0], NULL };

		ctx.cmd = "help";
		if ((status = cmd_parse(&ctx, &cmd_help_entry, 2, hargv, 2,
		    &a)) == SR_OK) {
			status = sr_flush(&ctx, cmd_help_entry.exec(&ctx, &a));
			cmd_args_free(&a);
		}
		goto out;
	}
	if (help || nargs == 0) {
		sr_usage(help ? stdout : stderr);
		status = help ? sr_flush(&ctx, SR_OK) : SR_USAGE;
		goto out;
	}
	if ((c = cmd_find(args[0])) == NULL) {
		status = sr_error(NULL, SR_USAGE, "unknown %s '%s'; see "
		    "'shakeref --help'", args[0][0] == '-' ? "option" :
		    "command", args[0]);
		goto out;
	}
	ctx.cmd = args[0];
	if (gid != NULL) {
		ctx.game = strtoll(gid, &end, 10);
		if (*gid < '0' || *gid > '9' || *end != '\0' ||
		    ctx.game <= 0) {
			status = sr_error(&ctx, SR_USAGE, "'%s' is not a game "
			    "ID", gid);
			goto out;
		}
	}
	if ((ctx.now = time_now()) < 0) {
		status = sr_error(&ctx, SR_USAGE, "SHAKEREF_NOW must be Unix "
		    "seconds");
		goto out;
	}
	if ((ctx.db_path = db_path(db)) == NULL) {
		status = sr_error(&ctx, SR_SYSTEM, "no database path: set HOME, "
		    "SHAKEREF_DB or use -d PATH");
		goto out;
	}
	if ((status = cmd_parse(&ctx, c, nargs, args, raw, &a)) != SR_OK)
		goto out;
	status = c->exec(&ctx, &a);
	cmd_args_free(&a);
	status = sr_flush(&ctx, status);
out:
	lexicon_cb_leave(ctx.lexicon);
	wordlists_free(ctx.wordlists);
	store_close(ctx.store);
	free(ctx.db_path);
	free(args);
	return status;
}
