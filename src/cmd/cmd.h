/*
 * cmd.h: the command table and what the commands share, one section a
 * file of src/cmd/: the table and parsing (cmd.c), output (output.c), a
 * game loaded (load.c), the store opened and a game found (session.c),
 * the write path (enter.c), a game shown (show.c), the game table in
 * words (tables.c), the caches (cache.c) and the integrity check
 * (check.c); coach.h and ratings.h have their own.  No circle
 * (tests/cli/layers.sh, by nm and tsort): a file calls only those before
 * it in output, load, cache, tables; coach; check; session; show; enter;
 * ratings; the commands (cmd.c's table names their entries: data, not
 * calls).  No file of shakeref calls back into one that calls it.
 *
 * A command.  cmd_table[] in cmd.c lists them; each is one struct
 * cmd_entry in src/cmd/cmd-NAME.c with its argument spec (struct
 * cmd_spec: options, argument counts, the usage messages).  cmd_parse()
 * parses it once (tmux's args_parse), before exec runs.  A command
 * returns an exit status of status.h, prints every diagnostic with
 * sr_error() and writes its results to ctx->out.  A writer goes through
 * sr_enter(); what is not a game's verb begins with sr_game_load(ctx, 1,
 * ...), checks everything, writes and commits before it prints.  Help
 * texts come from the command table and the modules' rows of verbs,
 * never a second copy.  A command's options and their values (new
 * --game, --option KEY=VALUE) come from its cmd_spec and the rules'
 * option tables through sr_option_keys() and sr_option_values(), for
 * play and `shakeref complete` alike: never a list of values by hand.
 *
 * Messages.  sr_error(): every diagnostic of a command, "shakeref: CMD:
 * what is wrong", lowercase, what is wrong first, user text in single
 * quotes, escaped and cut.  sr_refusal(): the same for a ruling's
 * refusal, never cut as a whole (a ruling's why and note are struct
 * buf).  Output in words goes through sr_print_text() (escapes, then
 * sr_fit()); text already printable (help, a refusal, play's scores
 * line with its paint) through sr_fit().  On a terminal sr_fit() fits
 * each line to the width with utf8_wrap(), the one wrapper (paint takes
 * no room in it).  sr_error() paints a refusal red when ctx->paint is
 * set (play on a terminal, NO_COLOR unset).  sr_flush(): a write error
 * on the output is exit 4.
 *
 * Derived data.  Each game's state, seats' scores and wins, the all-time
 * tallies, snapshots, the undo cache, the dice tally, history's notes and
 * the coach's cache are a cache of the entries (store.h).  The write path
 * writes them; `check` (check.c, an fsck) compares them with a replay
 * from the entries alone, which is the truth.  What is not derived is
 * reported, never rewritten, and a game so broken gets nothing rebuilt.
 * `check --repair` and every schema migration rebuild them; a migration
 * does it in its own transaction (store_open() leaves it open:
 * store_migrated(); the rebuild commits it), so a kill at any moment
 * leaves the old schema or the new one whole.
 */
#ifndef SHAKEREF_CMD_H
#define SHAKEREF_CMD_H

#include <jansson.h>

#include "ctx.h"
#include "game.h"
#include "store.h"
#include "xjson.h"

/* cmd.c: the command table and parsing. */

/* An option of a command, --name: a flag, or with a value. */
struct cmd_opt {
	const char	*name;		/* without the dashes: "all" */
	int		 flags;
#define CMD_VALUE	0x1		/* --name V or --name=V */
#define CMD_MULTI	0x2		/* may be given more than once */
#define CMD_NONEMPTY	0x4		/* the value must not be empty */
/*
 * A list with commas: a shell that split "--players Ann, Mary Ann, Bob"
 * at its spaces is undone (the words after the value join it, with a
 * space, while the list or the word has a comma).
 */
#define CMD_LIST	0x8
};

#define CMD_MAX_OPTS	8

/*
 * What a command takes (tmux's args_parse): its options, and how many
 * arguments besides them.  cmd_parse() checks a command line against it
 * once, so that exec gets arguments known to fit.
 */
struct cmd_spec {
	struct cmd_opt	 opts[CMD_MAX_OPTS];	/* ends with name NULL */
	int		 lower, upper;		/* arguments; upper -1: any */
	const char	*count;		/* the usage error for a wrong count */
	const char	*hint;		/* after "unexpected argument 'X'" */
	int		 raw;		/* every word an argument: game verbs */
};

/* A command line parsed against a cmd_spec. */
struct cmd_args {
	int		  argc;		/* argv[0] is the command's name */
	char		**argv;		/* then its arguments, options gone */
	char		**values[CMD_MAX_OPTS];	/* each option's, in order */
	int		  nvalues[CMD_MAX_OPTS];
	char		 *joined[CMD_MAX_OPTS];	/* a CMD_LIST's, joined */
	const struct cmd_spec *spec;
};

struct cmd_entry {
	const char	*name;
	const char	*usage;		/* after the name */
	const char	*summary;
	struct cmd_spec	 spec;
	int		(*exec)(struct sr_ctx *, struct cmd_args *);
	int		 play;		/* CMD_PLAY...: play takes it; 0 not */
/*
 * play takes the command (a line of it runs cmd_parse and exec, with -g
 * the session's game); help, completion and "did you mean" of play list
 * it.  With CMD_PLAY_GAME the command chooses the game (it is run with
 * ctx->game 0: the current one) and the session goes on with the game
 * it leaves in ctx->game (0: the current one): new, use.
 */
#define CMD_PLAY	0x1
#define CMD_PLAY_GAME	0x2
};

/*
 * Parse words[0..n) (words[0] the command's name; from words[raw] on,
 * after "--", arguments only) against c's spec into a.  Returns SR_OK,
 * or SR_USAGE with the message printed.
 */
int	cmd_parse(struct sr_ctx *, const struct cmd_entry *, int n,
	    char **words, int raw, struct cmd_args *a);
void	cmd_args_free(struct cmd_args *);
/* 1 if option name was given. */
int	args_has(const struct cmd_args *, const char *name);
/* The last value of option name, or NULL if not given. */
const char *args_get(const struct cmd_args *, const char *name);
/* Every value of option name, in order; *n of them. */
char *const *args_values(const struct cmd_args *, const char *name,
	    int *n);

extern const struct cmd_entry cmd_new_entry, cmd_games_entry,
    cmd_use_entry, cmd_status_entry, cmd_standings_entry, cmd_history_entry,
    cmd_undo_entry, cmd_redo_entry, cmd_play_entry, cmd_rules_entry,
    cmd_help_entry, cmd_verb_entry, cmd_solve_entry, cmd_watch_entry,
    cmd_check_entry, cmd_dice_entry, cmd_review_entry, cmd_abandon_entry,
    cmd_rename_entry, cmd_title_entry, cmd_note_entry, cmd_export_entry,
    cmd_import_entry, cmd_complete_entry, cmd_serve_entry;
extern const struct cmd_entry *const cmd_table[];

/* The command named exactly name (a game verb gives cmd_verb_entry). */
const struct cmd_entry *cmd_find(const char *name);

/*
 * "unknown command 'W'" into b, and "; did you mean 'status'?" when a
 * command or game verb is near (then 1).
 */
int	sr_command_unknown(struct buf *b, const char *w);

/* output.c: diagnostics and results. */

/* "shakeref: CMD: message" on stderr; returns status. */
int	sr_error(const struct sr_ctx *, int status, const char *, ...)
	    __attribute__((format(printf, 3, 4)));
/* The same for a refusal holding a ruling's words: never cut as a whole. */
int	sr_refusal(const struct sr_ctx *, int status, const char *, ...)
	    __attribute__((format(printf, 3, 4)));
/* The same for a store failure's message why (NULL: "database error"), freed. */
int	sr_store_error(struct sr_ctx *, int status, char *why);
/*
 * SPEC.md "Text from the user": SR_OK if s is valid UTF-8 with no control
 * character or direction override, else the refusal printed ("WHAT'S'
 * is not valid UTF-8; ...") and SR_USAGE.
 */
int	sr_text_check(const struct sr_ctx *, const char *what, const char *s);
/*
 * Print text on ctx->out with every unprintable byte of it (stored data
 * from an older shakeref or written by hand) escaped, newlines kept; on
 * a terminal each line fitted to its width (sr_columns), a long line
 * going on indented by 2 (utf8_wrap).
 */
void	sr_print_text(struct sr_ctx *, const char *);
/*
 * A line of shakeref's own words beside the command's output (a COMMIT
 * in doubt found recorded): as sr_print_text(), or on stderr with
 * --json, where stdout holds the one object alone.
 */
void	sr_print_aside(struct sr_ctx *, const char *);
/*
 * Print s (printable text: escaped, with term.c's paint at most) on f;
 * when f is a terminal, each line wider than it broken at its last
 * space that fits (utf8_wrap, the one wrapper), going on indented by
 * indent, or by 4 when that would leave less than SR_FIT_ROOM columns.
 * Every text in words a terminal shows goes through here: output,
 * help, refusals, play's lines.
 */
#define SR_FIT_ROOM	24
void	sr_fit(const struct sr_ctx *, FILE *, const char *s, size_t indent);
/*
 * The columns to fit words output to: the terminal's width when ctx->out
 * is a terminal (else $COLUMNS, else 80), 0 when it is not one.
 */
int	sr_columns(const struct sr_ctx *);
/* Print a JSON object on ctx->out. */
int	sr_print_json(struct sr_ctx *, json_t *);
/* Flush ctx->out; a write error is a system error. */
int	sr_flush(struct sr_ctx *, int status);
/* t in words, "2026-11-22 19:03", in the local time zone (TZ). */
void	sr_local_time(long long t, char *buf, size_t len);
/* The time of an entry: SHAKEREF_NOW's, else the clock's, read now. */
long long sr_now(const struct sr_ctx *);
/* UTC ISO 8601 of t. */
void	sr_iso_time(long long t, char *buf, size_t len);

/* load.c: a game loaded and replayed in the caller's transaction. */

/*
 * What the write path keeps of the caches beyond the snapshot for one
 * entry (src/cmd/cache.c): the undo cache's head as read in its transaction,
 * whether to rebuild it from the replay, the dice the entry adds (sign
 * 1) or takes back (-1) from the tally (effect_of() rewrites them).
 */
struct sr_cache {
	int			 loaded;
	struct store_undo	 u;
	int			 rebuild;
	struct effect_dice	 dice;
	int			 has_verb;	/* an undone title, abandon */
	struct store_caches	*k;		/* rebuilt (sr_cache_after) */
};

/* A game loaded from the store and replayed. */
struct sr_game {
	struct store_game	 g;
	const struct game_rules	*rules;
	char			*opts[16];
	struct replay		 rp;
	struct sr_cache		 cache;
	int			 kept;		/* from the table's copy */
	int			 kept_missed;	/* SR_KEPT_*: read instead */
};
/* Why an entry on the table's copy could not be (kept_enter). */
#define SR_KEPT_REFUSED	1	/* the copy would refuse it */
#define SR_KEPT_STALE	2	/* its write failed: another's since */

/*
 * Load and replay game id inside the caller's transaction, each stored
 * entry's player checked against the replay's (for check): SR_OK, or
 * the status with *why (malloc'd) set; nothing printed.
 */
int	sr_game_read(struct sr_ctx *, long long id, int notes,
	    struct sr_game *, char **why);
void	sr_game_free(struct sr_game *);
/*
 * The same, how the caller asks: from the snapshot when snap is set and
 * it fits (else replayed), notes: with each entry's round, turn and
 * note; players: each stored entry's player checked (check).
 */
int	sr_game_get(struct sr_ctx *, long long id, int notes, int snap,
	    int players, struct sr_game *, char **why);
/*
 * The read for a write (or a view) in one store operation
 * (store_read()): begun (write: the game's lock held), game *id (0: the
 * current one, its id put in *id) read with its snapshot (snap) and, for
 * a write, its undo cache's head, and loaded as sr_game_get() does.
 * SR_OK with the transaction open; else none is, *why set.
 */
/*
 * Game sg from the table's copy of game ctx->game (0: the current one)
 * without the store (store_kept_get), resumed from the copy's snapshot:
 * 1, or 0 and nothing loaded when none is kept that this shakeref can
 * resume (another format, rules unknown).  No transaction is begun.
 */
int	sr_game_kept(struct sr_ctx *, struct sr_game *);
int	sr_game_open(struct sr_ctx *, int write, long long *id, int notes,
	    int snap, struct sr_game *, char **why);
/*
 * Game g as store_game_create() just made it (committed), no entry in
 * it, replayed into sg without asking the store again (`new` says what
 * it made even if the server goes away once it is made): SR_OK, or the
 * status with *why.
 */
int	sr_game_created(struct sr_ctx *, const struct store_game *g,
	    struct sr_game *, char **why);
/*
 * Store the snapshot of replay rp of game id (the state its entries give
 * now), in the caller's write transaction after its last entry; a game
 * whose rules keep none has its snapshot dropped.
 */
int	sr_snapshot_save(struct sr_ctx *, long long id, const struct replay *,
	    char **why);
/* The expectation now, its words appended to say unless NULL. */
void	sr_expect(const struct sr_game *, struct expectation *,
	    struct buf *say);
/* Scores, winners and ranks (1, 1, 3) in seat order. */
void	sr_ranks(const struct sr_game *, long *scores, int *winners,
	    int *ranks);
/* "active", "finished" or "abandoned": of an expectation, of a stored state. */
const char *sr_state_name(const struct expectation *);
const char *sr_stored_state_name(int);
/* The games.finished value for it: STORE_ACTIVE, ... */
int	sr_store_state(const struct expectation *);
/*
 * Within a write transaction: store the names and title replay has now
 * where they differ from the game's (rename, title), and take them.
 */
int	sr_names_sync(struct sr_ctx *, struct sr_game *, char **why);
/* Whether replay changed them; and the game's taken from replay's. */
int	sr_names_changed(const struct sr_game *);
void	sr_names_take(struct sr_game *);
/*
 * Stored text s onto b as a view shows it: whole, unless it is longer
 * than max characters (more than any command stores: written behind
 * shakeref) and than 64: then its first 64 and an ellipsis, as a message
 * quotes user text (SPEC.md); the bytes as they are, for the output's
 * own escaping.
 */
void	sr_stored_put(struct buf *, const char *s, size_t max);

/* cache.c: the caches beyond the snapshot. */

/*
 * The caches beyond the snapshot (src/cmd/cache.c: the undo cache and the
 * dice tally), in the caller's write transaction.  sr_cache_ready: sg
 * resumed from its snapshot made ready for undo or redo v from the undo
 * cache (1), or the cache cannot serve it (0: replay the game), or -1
 * with *why set.  Around each entry se folded in by the write path:
 * sr_cache_before (before replay_add: the last reads of the write),
 * sr_cache_head (after it: the head as the core's effect_of() takes
 * it), sr_cache_after (after effect_of(): the head moved on kept, and
 * when its effect says EFFECT_HEAD_REBUILD the rows rebuilt from the
 * replay into sg->cache.k, kept until sr_game_free, for store_write()).
 * sr_caches_rebuild:
 * both caches of game id from its replay rp, after its snapshot is
 * stored (import, check --repair, a miss); sr_dice_rebuild: the tally
 * alone, the undo cache left cold (a finished game imported: the first
 * undo, if any, rebuilds it).
 */
int	sr_cache_ready(struct sr_ctx *, struct sr_game *, enum verb,
	    char **why);
int	sr_cache_before(struct sr_ctx *, struct sr_game *,
	    const struct stored_entry *, char **why);
void	sr_cache_head(const struct sr_game *, struct effect_head *);
void	sr_cache_after(struct sr_game *, const struct effect_head *,
	    const struct effect *);
int	sr_caches_rebuild(struct sr_ctx *, long long id, const struct replay *,
	    char **why);
int	sr_dice_rebuild(struct sr_ctx *, long long id, const struct replay *,
	    char **why);
/* The caches of replay rp (not resumed) made whole, and freed (NULL: none). */
struct store_caches *sr_caches_of(const struct replay *);
void	sr_caches_free(struct store_caches *);
/*
 * check: game sg's caches (sg replayed whole) against its replay: the
 * dice tally, and the undo cache where it counts (a cold one is no
 * problem); problem(arg, line) for each that differs; with repair,
 * rebuilt (after its snapshot is stored).
 */
int	sr_caches_check(struct sr_ctx *, const struct sr_game *, int repair,
	    void (*problem)(void *, const char *), void *arg, char **why);
/* The same for history's notes (sg replayed with notes). */
int	sr_notes_check(struct sr_ctx *, const struct sr_game *, int repair,
	    void (*problem)(void *, const char *), void *arg, char **why);

/* check.c: the integrity check, and the rebuild of the derived data. */

/* check's findings (src/cmd/check.c). */
struct sr_check {
	struct sr_ctx	*ctx;
	json_t		*problems;	/* strings */
	int		 games;
	int		 lasting;	/* problems no rebuild mends */
};

/*
 * Check (with repair: and rebuild) everything into ck; SR_OK, or a store
 * failure with *why set.  Commits a repair that found a problem; begun:
 * in the transaction open already (a migration's), committed whatever it
 * found.
 */
int	sr_check_run(struct sr_check *, int repair, int begun, char **why);
/* Rebuild every game's summary and the tallies from the entries. */
int	sr_summaries_rebuild(struct sr_ctx *);

/* session.c: the store opened, a transaction begun, the game loaded. */

/*
 * Open ctx->store if it is not open yet: sr_store() refuses a database
 * that does not exist (SR_DATA, nothing made); sr_store_create() makes it
 * (only `new` and `import` do).
 */
int	sr_store(struct sr_ctx *);
int	sr_store_create(struct sr_ctx *);
/*
 * The store's connection to its server lost (store_lost()): close it and
 * open it again, SR_OK once connected (play at its next line).  Quiet:
 * the caller says what happened; *why as store_open() sets it.
 */
int	sr_store_again(struct sr_ctx *, char **why);
/*
 * The same, trying again for a while (15 seconds) while the server does
 * not take connections (a restart's recovery): for a commit in doubt,
 * which only a look at the database settles.
 */
int	sr_store_back(struct sr_ctx *, char **why);
/*
 * A commit in doubt (store_in_doubt) that only a look settles: connect
 * again (sr_store_back), then look(ctx, arg, &there, why), which begins
 * and ends its own transaction.  Recorded (there): words->recorded said
 * beside the output (sr_print_aside), SR_OK.  Not recorded, or not known
 * (the league still out of reach, or the look failed): why, the loss,
 * and words->not_recorded or ->not_known in one line, SR_SYSTEM.  The
 * words are N_()'s, translated here.
 */
typedef int sr_doubt_fn(struct sr_ctx *, void *arg, int *there, char **why);
struct sr_doubt_words {
	const char	*recorded;
	const char	*not_recorded;
	const char	*not_known;
};
int	sr_doubt_look(struct sr_ctx *, sr_doubt_fn *, void *arg,
	    const struct sr_doubt_words *, const char *why);
struct notice;
/*
 * A view's change notice (watch, serve): the file the store names (or
 * the database's), and the store's notifications as its second source
 * (notice_source()).
 */
struct notice *sr_notice_open(struct sr_ctx *);
/*
 * Before a view looks, after notice_take() asked it to: a store whose
 * server went away is opened again (quietly: a view's screen is no
 * place for a message) and the notice given its notifications anew.
 * 0 if there is no store to look at now (the next look tries again).
 */
int	sr_notice_look(struct sr_ctx *, struct notice *);
/*
 * Begin a transaction (write: IMMEDIATE), find the game (-g or current),
 * load and replay it (notes: with each entry's round, turn and note).
 * On failure the transaction is rolled back and the message printed.
 */
int	sr_game_load(struct sr_ctx *, int write, int notes, struct sr_game *);
/*
 * The same for a command that needs the game's state only (not its
 * entries, nor undo): from the game's snapshot when it fits its entries
 * (sg->rp.resumed), else replayed.  status, standings and every entry
 * but undo and redo: their cost does not grow with the game.
 */
int	sr_game_load_state(struct sr_ctx *, int write, struct sr_game *);
/*
 * sr_game_load_state() in a write transaction whose lock is not waited
 * for: *busy 1 (nothing loaded, nothing said, no transaction open) when
 * another writer holds the game or the engine cannot tell without
 * waiting (store_try_write()); else as sr_game_load_state().
 */
int	sr_game_load_at_once(struct sr_ctx *, struct sr_game *, int *busy);

/* show.c: a game shown. */

/* The status object of `status --json` (and `new --json`). */
json_t	*sr_status_json(const struct sr_game *);
/* Print the status in words. */
void	sr_status_text(struct sr_ctx *, const struct sr_game *);
/* What comes next in words, or who won, as status says it, into b. */
void	sr_next_words(const struct sr_game *, struct buf *);
/*
 * The coach's advice for the decision now into a: 1, or 0 when there is
 * none (no decision, no coach for these rules, or coach=off unless
 * review is set).
 */
int	sr_advice(const struct sr_game *, int review, struct advice *);
/* x rounded to digits decimals. */
double	sr_round(double x, int digits);

/* tables.c: the game table in words. */

/*
 * The names of the rules of game_table that keep accepts (NULL: all),
 * "a, b or c", into b; returns b's text.  Messages name games this way,
 * never by a list of their own.
 */
const char *sr_rules_names(struct buf *b,
	    int (*keep)(const struct game_rules *));
/*
 * "unknown rules 'S'; did you mean 'shake'? expected ..." (the nearest
 * name or alias when near, then every name) into b; b's text.
 */
const char *sr_rules_unknown(struct buf *b, const char *s);
/*
 * For completion, one a line into b, each once: the values option key
 * of rules only (of every rules with that key if NULL) takes, from the
 * rules' option table (the default, each word of its values that the
 * option accepts, every number of a short range "2..9"; a dictionary
 * option: the installed dictionaries); "KEY=" for each option.
 */
void	sr_option_values(const struct sr_ctx *, const struct game_rules *only,
	    const char *key, struct buf *b);
void	sr_option_keys(const struct game_rules *only, struct buf *b);

/* play-tty.c: the words of a line, as play (and serve's phones) split it. */

#define PLAY_MAX_WORDS	128

/* The words of a line, as a POSIX shell splits them for quotes only. */
struct words {
	int		 n;
	char		*w[PLAY_MAX_WORDS];
	/* where the line ends (completion): */
	int		 open;		/* the last word runs to the end */
	char		 quote;		/* the quote left open there, or 0 */
	size_t		 start;		/* where the last word began */
};

/*
 * Split s (len bytes) into w as a POSIX shell would for quotes alone:
 * blanks separate words; '...' keeps everything literally; "..." too but
 * for \" \\ \$ \` (backslash-newline removed); a backslash outside
 * quotes keeps the next character; a # at the start of a word starts a
 * comment.  0, or -1 with *why (a quote left open, too many words); w
 * holds the words so far either way (sr_words_free).
 */
int	sr_words_split(const char *s, size_t len, struct words *w,
	    const char **why);
void	sr_words_free(struct words *w);

/* enter.c: the write path. */

/*
 * The write path: check the entry "verb argv..." against the game,
 * append it and commit (durable before this returns), then print what it
 * did and what comes next.  Returns the exit status.
 */
int	sr_enter(struct sr_ctx *, int argc, char **argv);
/*
 * The usage check of "verb argv..." (exit 2 with the message printed), the
 * verb into *v.
 */
int	sr_entry_usage(struct sr_ctx *, int argc, char **argv, enum verb *v);
/*
 * The same, knowing the game (play: the game in memory, or NULL): its
 * verb's own arguments (game_parse_id), and a name with a space split
 * into words is then left to the data check, which names the player,
 * rather than a usage error that guesses.
 */
int	sr_entry_usage_in(struct sr_ctx *, const struct game_rules *,
	    const struct game_setup *, int argc, char **argv, enum verb *v);
/*
 * The data check of entry "verb argv..." (SPEC.md: data before system):
 * a NAME that is not one of gs's players, or a game over (finished) for
 * an entry that needs a game in play; SR_DATA with the message printed
 * (SR_USAGE for a usage error only the players could tell: a name split
 * into words that names none).
 */
int	sr_entry_data(struct sr_ctx *, const struct game_rules *,
	    const struct game_setup *, int finished, enum verb, int argc,
	    char **argv);
/*
 * The write path for sg, loaded and replayed in a write transaction
 * (play keeps it loaded): the entry checked, appended and committed, or
 * refused and rolled back; sg stays replayed either way (after a system
 * error it may hold an entry the store lacks: load it again).
 */
int	sr_enter_loaded(struct sr_ctx *, struct sr_game *, enum verb v,
	    int argc, char **argv);
/*
 * ctx->at: the entry is for game (0: the current one, whichever it is)
 * whose last entry is n, as a phone's form was made against.  sr_enter()
 * checks it in its read for the write, in the write transaction (another
 * writer's entry cannot come between): else nothing is written, the
 * refusal "the game moved on" printed (exit 3), moved set and now the
 * game's last entry.
 */
struct sr_entry_at {
	long long	game;
	int		n;
	int		moved;
	int		now;
};
/*
 * An entry whose COMMIT is in doubt, not settled yet (ctx->doubt): its
 * game and the entry as appended.
 */
struct sr_doubt {
	long long		game;
	struct stored_entry	se;
};
/*
 * Settle ctx->doubt, if any, by a look in the store (open): "entry N ...
 * is recorded" or "is not recorded" said on stdout, and forgotten; kept
 * quietly when the look fails (the server out of reach again).
 */
void	sr_doubt_settle(struct sr_ctx *);
void	sr_doubt_free(struct sr_ctx *);
/* A round's timer without a DURATION: its seconds. */
#define SR_TIMER_SECS	180
/*
 * A verb of kind VERB_TIMER ("timer [DURATION]") for sg, loaded (no
 * transaction open): its DURATION parsed by its declaration, then run.
 * Records nothing.
 */
int	sr_timer(struct sr_ctx *, const struct sr_game *, int argc,
	    char **argv);

/* new's check of players, in cmd-new.c (import holds a file to it). */

/*
 * new's check of players ("Ann,Bob,Cid": each name valid, no two names
 * equal as new compares them, as many as g takes), the one import
 * holds a file's players to: SR_OK with names (malloc'd, trimmed) in
 * names[0..*np), or the refusal printed (exit 2).
 */
int	sr_players_check(struct sr_ctx *, const struct game_rules *g,
	    const char *list, char **names, int *np);

#endif
