/*
 * shakeref.c: main: the environment (read here once, into the context),
 * global options, the database path, dispatch, and the exit status.
 */
#include <sys/random.h>
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cmd.h"
#include "i18n.h"
#include "lang-icu.h"
#include "lang.h"
#include "lexicon.h"
#include "store.h"
#include "tt-table.h"
#include "utf8.h"
#include "wordlist.h"

void	sr_usage(const struct sr_ctx *, FILE *);

/* The value of environment variable name, or NULL if unset or empty. */
static const char *
env(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : NULL;
}

/*
 * shakeref's XDG folder, "$var/shakeref" (var an absolute path) else
 * "$HOME/home_rel/shakeref", with file after it: malloc'd, or NULL with
 * neither.
 */
static char *
xdg_path(const char *var, const char *home_rel, const char *file)
{
	const char *v;
	struct buf b = BUF_INIT;

	if ((v = env(var)) != NULL && v[0] == '/')
		buf_printf(&b, "%s/shakeref%s", v, file);
	else if ((v = env("HOME")) != NULL)
		buf_printf(&b, "%s/%s/shakeref%s", v, home_rel, file);
	else
		return NULL;
	return b.s;
}

/* 1 if path is a folder. */
static int
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/*
 * The build tree this binary runs from uninstalled (malloc'd): its own
 * folder, by /proc/self/exe, else by argv0 when that names a path, when
 * that folder holds a data/ folder and is not the installed one
 * (SR_BINDIR): the tree it was built in, or a copy of it anywhere (cp
 * -a).  NULL when installed (or a lone copy of the binary).
 */
static char *
build_tree(const char *argv0)
{
	struct stat self, bin;
	char exe[PATH_MAX], *slash;
	struct buf b = BUF_INIT;
	ssize_t n;

	if ((n = readlink("/proc/self/exe", exe, sizeof exe - 1)) > 0)
		exe[n] = '\0';
	else if (argv0 != NULL && strchr(argv0, '/') != NULL &&
	    strlen(argv0) < sizeof exe)
		strcpy(exe, argv0);
	else
		return NULL;
	if ((slash = strrchr(exe, '/')) == NULL)
		return NULL;
	*(slash == exe ? slash + 1 : slash) = '\0';
	if (stat(exe, &self) != 0 || (stat(SR_BINDIR, &bin) == 0 &&
	    self.st_dev == bin.st_dev && self.st_ino == bin.st_ino))
		return NULL;
	buf_printf(&b, "%s/data", exe);
	if (!is_dir(buf_str(&b))) {
		buf_free(&b);
		return NULL;
	}
	buf_free(&b);
	return xstrdup(exe);
}

/*
 * 1 if the environment's locale of messages is C for gettext and the C
 * library: the first of LC_ALL, LC_MESSAGES and LANG that is set (as
 * setlocale() reads them) unset, C or POSIX (LANGUAGE does not count
 * there), or C.UTF-8 without LANGUAGE: no catalog speaks it, and its
 * messages are C's.  A name setlocale() might refuse is not C.
 */
static int
c_messages(void)
{
	static const char *const utf8[] = { "UTF-8", "utf8", "UTF8", "utf-8" };
	const char *v;
	size_t i;

	if ((v = env("LC_ALL")) == NULL && (v = env("LC_MESSAGES")) == NULL)
		v = env("LANG");
	if (v == NULL || strcmp(v, "C") == 0 || strcmp(v, "POSIX") == 0)
		return 1;
	if (strncmp(v, "C.", 2) != 0 || env("LANGUAGE") != NULL)
		return 0;
	for (i = 0; i < sizeof utf8 / sizeof utf8[0]; i++)
		if (strcmp(v + 2, utf8[i]) == 0)
			return 1;
	return 0;
}

/*
 * The user's language (src/sys/i18n.c): the catalogs of
 * SHAKEREF_LOCALEDIR, else of the build tree this binary runs from (its
 * locale/, as make builds it), else the installed ones.
 */
static void
words_init(const char *tree)
{
	struct buf b = BUF_INIT;
	const char *v;

	if ((v = env("SHAKEREF_LOCALEDIR")) != NULL)
		buf_puts(&b, v);
	else if (tree != NULL) {
		buf_printf(&b, "%s/locale", tree);
		if (!is_dir(buf_str(&b)))
			buf_reset(&b);
	}
	i18n_init(b.len > 0 ? buf_str(&b) : NULL, c_messages());
	buf_free(&b);
}

/*
 * Read the environment, once, into ctx (ctx.h: the fields marked
 * "env"); the database path into *db (malloc'd; NULL with no HOME).
 * Nothing else in shakeref calls getenv.
 */
static void
env_read(struct sr_ctx *ctx, const char *argv0, char **db)
{
	struct buf b = BUF_INIT;
	const char *v, *term;
	char *end, *tree;
	long n;

	*db = (v = env("SHAKEREF_DB")) != NULL ? xstrdup(v) :
	    xdg_path("XDG_DATA_HOME", ".local/share", "/shakeref.db");
	/* "now": SHAKEREF_NOW pins it (tests); -1 if that is malformed;
	 * unset, SR_NOW_CLOCK: each entry reads the clock (sr_now). */
	if ((v = env("SHAKEREF_NOW")) == NULL)
		ctx->now = SR_NOW_CLOCK;
	else if ((ctx->now = strtoll(v, &end, 10)) < 0 || *end != '\0')
		ctx->now = -1;
	/* SHAKEREF_DATA_DIR names the one data folder; else the build
	 * tree's (run uninstalled, wherever the tree is), then the
	 * installed one. */
	tree = build_tree(argv0);
	if ((v = env("SHAKEREF_DATA_DIR")) != NULL)
		ctx->paths.data = xstrdup(v);
	else {
		ctx->paths.data = xstrdup(SR_PKGDATADIR);
		if (tree != NULL)
			ctx->paths.build = xasprintf("%s/data", tree);
	}
	words_init(tree);
	free(tree);
	ctx->paths.cache = xdg_path("XDG_CACHE_HOME", ".cache", "");
	ctx->paths.state = xdg_path("XDG_STATE_HOME", ".local/state", "");
	if ((v = env("SHAKEREF_DICT_PATH")) != NULL)
		buf_printf(&b, "%s:", v);
	if ((v = env("DICPATH")) != NULL)
		buf_printf(&b, "%s:", v);
	buf_puts(&b, SR_SYSTEM_DICT_DIR);
	ctx->paths.dicts = b.s;
	term = env("TERM");
	ctx->color = env("NO_COLOR") == NULL && term != NULL &&
	    strcmp(term, "dumb") != 0;
	if ((v = env("COLUMNS")) != NULL && (n = strtol(v, NULL, 10)) > 0 &&
	    n < 10000)
		ctx->columns = (int)n;
	if ((v = env("LANGUAGE")) != NULL)
		ctx->language = xstrdup(v);
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

/* The command line read: the global options, the command's words. */
struct line {
	const char	*db, *gid;	/* -d, -g, or NULL */
	int		 help, version;
	char		**args;		/* the command and its words */
	int		 nargs;
	int		 raw;		/* args from here on: after "--" */
};

/*
 * Take the global options out of argv into l (they may stand before or
 * after the command name), the rest into l->args.  SR_OK, or the
 * message printed.
 */
static int
read_line(struct sr_ctx *ctx, int argc, char **argv, struct line *l)
{
	int i, dashdash = 0;
	const char *v;

	memset(l, 0, sizeof *l);
	l->raw = argc;
	l->args = xcalloc((size_t)argc + 1, sizeof *l->args);
	for (i = 1; i < argc; i++) {
		if (dashdash || argv[i][0] != '-' || argv[i][1] == '\0') {
			l->args[l->nargs++] = argv[i];
			continue;
		}
		if (strcmp(argv[i], "--") == 0) {
			dashdash = 1;
			l->raw = l->nargs;
		}
		else if (is_global(argv[i], "-d", "--db")) {
			v = global_value(argc, argv, &i, "-d", "--db");
			if (*v == '\0')
				return sr_error(NULL, SR_USAGE, "-d needs a "
				    "PATH");
			l->db = v;
		} else if (is_global(argv[i], "-g", "--id")) {
			l->gid = global_value(argc, argv, &i, "-g", "--id");
			if (*l->gid == '\0')
				return sr_error(NULL, SR_USAGE, "-g needs an "
				    "ID");
		}
		else if (strcmp(argv[i], "--json") == 0) {
			/* What a program reads: English, C numbers. */
			ctx->json = 1;
			i18n_plain(1);
		}
		else if (strcmp(argv[i], "-h") == 0 ||
		    strcmp(argv[i], "--help") == 0)
			l->help = 1;
		else if (strcmp(argv[i], "--version") == 0)
			l->version = 1;
		else
			l->args[l->nargs++] = argv[i];	/* the command's */
	}
	return SR_OK;
}

/*
 * What the line asks before any command runs: --version, COMMAND --help,
 * options without a command, the usage.  1 with *status set if it was
 * one of them, else 0.
 */
static int
run_without_command(struct sr_ctx *ctx, const struct line *l, int *status)
{
	struct cmd_args a;
	const char *v;

	if (l->version) {
		printf("shakeref %s\n", PACKAGE_VERSION);
		*status = sr_flush(ctx, SR_OK);
		return 1;
	}
	if (l->help && l->nargs > 0) {
		/* shakeref COMMAND --help: as shakeref help COMMAND. */
		char *hargv[] = { "help", l->args[0], NULL };

		ctx->cmd = "help";
		if ((*status = cmd_parse(ctx, &cmd_help_entry, 2, hargv, 2,
		    &a)) == SR_OK) {
			*status = sr_flush(ctx, cmd_help_entry.exec(ctx, &a));
			cmd_args_free(&a);
		}
		return 1;
	}
	/*
	 * Options but no command (shakeref -d status: -d took the command
	 * as its PATH): one line, not the usage.
	 */
	if (!l->help && l->nargs == 0 && (l->db != NULL || l->gid != NULL)) {
		v = l->db != NULL && cmd_find(l->db) != NULL ? l->db :
		    l->gid != NULL && cmd_find(l->gid) != NULL ? l->gid : NULL;
		if (v != NULL)
			*status = sr_error(NULL, SR_USAGE, "no command: '%s' was "
			    "taken as the value of %s; expected %s COMMAND",
			    v, v == l->db ? "-d" : "-g", v == l->db ?
			    "-d PATH" : "-g ID");
		else
			*status = sr_error(NULL, SR_USAGE, "no command after "
			    "the options; see 'shakeref --help'");
		return 1;
	}
	if (l->help || l->nargs == 0) {
		sr_usage(ctx, l->help ? stdout : stderr);
		*status = l->help ? sr_flush(ctx, SR_OK) : SR_USAGE;
		return 1;
	}
	return 0;
}

/*
 * Run the command of l: found by its name, -g, SHAKEREF_NOW and the
 * database path (-d, else db_env) checked, its words parsed against its
 * spec, then its exec; the output flushed.  The exit status.
 */
static int
run_command(struct sr_ctx *ctx, const struct line *l, char *db_env)
{
	const struct cmd_entry *c;
	struct cmd_args a;
	char *end;
	int status;

	if ((c = cmd_find(l->args[0])) == NULL) {
		struct buf b = BUF_INIT;

		if (l->args[0][0] == '-')
			buf_printf(&b, _("unknown option '%s'; see 'shakeref "
			    "--help'"), l->args[0]);
		else
			buf_puts(&b, sr_command_unknown(&b, l->args[0]) ?
			    _(" (see 'shakeref --help')") :
			    _("; see 'shakeref --help'"));
		status = sr_error(NULL, SR_USAGE, "%s", buf_str(&b));
		buf_free(&b);
		return status;
	}
	ctx->cmd = l->args[0];
	if (l->gid != NULL) {
		ctx->game = strtoll(l->gid, &end, 10);
		if (*l->gid < '0' || *l->gid > '9' || *end != '\0' ||
		    ctx->game <= 0)
			return sr_error(ctx, SR_USAGE, "'%s' is not a game "
			    "ID", l->gid);
	}
	if (ctx->now == -1)
		return sr_error(ctx, SR_USAGE, "SHAKEREF_NOW must be Unix "
		    "seconds");
	if ((ctx->db_path = l->db != NULL ? xstrdup(l->db) : db_env) == NULL)
		return sr_error(ctx, SR_SYSTEM, "no database path: set HOME, "
		    "SHAKEREF_DB or use -d PATH");
	if ((status = cmd_parse(ctx, c, l->nargs, l->args, l->raw, &a)) !=
	    SR_OK)
		return status;
	status = c->exec(ctx, &a);
	cmd_args_free(&a);
	return sr_flush(ctx, status);
}

/*
 * Seed jansson's hash tables before the first JSON object: one
 * getrandom() call, not jansson's own open, read and close of
 * /dev/urandom (three system calls every command paid, `status` too, at
 * its first object).  Still random, so that no file or request can be
 * built to make the tables' keys collide; if the kernel has no entropy
 * yet, jansson seeds itself as before.
 */
static void
json_seed(void)
{
	uint32_t seed;

	if (getrandom(&seed, sizeof seed, GRND_NONBLOCK) ==
	    (ssize_t)sizeof seed && seed != 0)
		json_object_seed(seed);
}

int
main(int argc, char **argv)
{
	struct sr_ctx ctx;
	struct line l;
	char *db_env;
	int i, status;

	memset(&ctx, 0, sizeof ctx);
	json_seed();
	ctx.env.lang = lang_new(icu_dlopen);
	ctx.out = stdout;
	env_read(&ctx, argv[0], &db_env);
	ctx.env.tt = tt_coach_new(ttfile_get, &ctx.paths);
	ctx.tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	if ((status = read_line(&ctx, argc, argv, &l)) != SR_OK)
		goto out;
	/*
	 * The door (SPEC.md "Text from the user"): every argument is checked
	 * before any is interpreted; the message names the command if the
	 * first word is one.
	 */
	if (l.nargs > 0 && utf8_text_why(l.args[0]) == NULL &&
	    cmd_find(l.args[0]) != NULL)
		ctx.cmd = l.args[0];
	for (i = 1; i < argc; i++)
		if ((status = sr_text_check(&ctx, "", argv[i])) != SR_OK)
			goto out;
	ctx.cmd = NULL;
	if (!run_without_command(&ctx, &l, &status))
		status = run_command(&ctx, &l, db_env);
out:
	lexicon_cb_leave(ctx.lexicon);
	wordlists_free(ctx.wordlists);
	tt_coach_free(ctx.env.tt);
	lang_free(ctx.env.lang);
	sr_doubt_free(&ctx);
	store_close(ctx.store);
	if (ctx.db_path != db_env)
		free(ctx.db_path);
	free(db_env);
	free(ctx.paths.data);
	free(ctx.paths.cache);
	free(ctx.paths.state);
	free(ctx.paths.dicts);
	free(ctx.language);
	free(ctx.paths.build);
	free(l.args);
	return status;
}
