/*
 * ctx.h: the context every command gets (struct sr_ctx), filled by main
 * (src/shakeref.c) and read by the commands; the exit statuses are
 * status.h's.
 */
#ifndef SHAKEREF_CTX_H
#define SHAKEREF_CTX_H

#include <stdio.h>

#include "game.h"
#include "paths.h"
#include "status.h"

struct store;
struct lexicon_cb;
struct sr_doubt;
struct sr_entry_at;

/* ctx->now when SHAKEREF_NOW is unset: the time is the clock's. */
#define SR_NOW_CLOCK	(-2LL)

/*
 * What every command gets: no mutable globals.  main reads the
 * environment once, into the fields marked "env" (nothing else calls
 * getenv: tests/cli/pure.sh), and passes on what each module needs:
 * db_path (-d, else SHAKEREF_DB, XDG_DATA_HOME, HOME), paths, now
 * (SHAKEREF_NOW, else SR_NOW_CLOCK: sr_now reads the clock at each
 * entry, so a long play session stamps each when it is made), color
 * (NO_COLOR unset or empty, TERM set and not "dumb"), columns (COLUMNS,
 * 1..9999, else 0), language (LANGUAGE, or NULL: what i18n_settle()
 * gives back should no locale speak serve's language).  The word lists
 * and tables are looked for in paths' build, data, then cache folder
 * (dawg_find, tt_table_get).  The build tools mkdawg and mktt read
 * their own environment.
 */
struct sr_ctx {
	char		*db_path;	/* env: resolved database path */
	struct sr_paths	 paths;		/* env: the folders of paths.h */
	struct store	*store;		/* opened on demand */
	long long	 game;		/* -g ID, or 0 for the current game */
	int		 json;		/* --json */
	long long	 now;		/* env: the pinned time, or SR_NOW_CLOCK */
	const char	*cmd;		/* command or verb, for messages */
	FILE		*out;		/* results */
	int		 tty;		/* stdin and stdout are terminals */
	int		 color;		/* env: colour allowed */
	int		 columns;	/* env: a width without a terminal */
	char		*language;	/* env: LANGUAGE's list, or NULL */
	int		 paint;		/* paint messages (play on a terminal) */
	const char	*where;		/* before cmd in messages: "play: line 12" */
	void		*lexicon;	/* the dictionary, loaded on demand */
	void		*wordlists;	/* its compiled lists (wordlist.h) */
	/*
	 * An entry whose COMMIT the server left in doubt and that no look
	 * settled yet (the server out of reach): play tells at a next line
	 * (sr_doubt_settle); freed at exit (sr_doubt_free).
	 */
	struct sr_doubt	*doubt;
	/*
	 * An entry made against a game as a form showed it (serve --enter):
	 * checked in the write itself (enter.c), else refused; NULL: none.
	 */
	struct sr_entry_at *at;
	/*
	 * What the pure core is lent (game.h): the letters' context and
	 * 10,000's coach, made by main, freed at exit; a replay's setup
	 * points at it, and the commands pass the letters' on (solve,
	 * review, the word lists and the lookup).
	 */
	struct game_env	 env;
};

#endif
