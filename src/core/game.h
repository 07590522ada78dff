/*
 * game.h: the rules interface, the game table and replay.
 *
 * A rules module is pure: it gets a state and a parsed entry and returns a
 * ruling.  It never touches SQLite, Hunspell, the clock or stdout.  Facts
 * from outside the rules (dictionary verdicts) arrive in entry->fact.
 *
 * The core is pure: src/core and src/games make libsr.a.  No I/O, no
 * clock, no environment, nothing from libsrsys.a (tests/cli/pure.sh
 * reads their symbols with nm).  buf.c's fatal() alone writes to stderr
 * and exits, on out of memory.  A fact from outside (a dictionary's
 * verdict, the time of an entry) arrives as data or through a callback.
 * The core has no state of its own: pure.sh finds no writable data or
 * bss in libsr.a, so a new static fails the suite.  What must last from
 * one call to the next is a context its caller owns and lends.  The rules
 * get it through struct game_env (the setup's env, struct sr_ctx's, made
 * by main, freed at exit): the letters (struct lang, lang.h) and
 * 10,000's coach (struct tt_coach).  A build tool or a unit test makes
 * its own (lang_new, tt_coach_new); a NULL one reads ASCII alone and
 * advises on points.  What can be known at build time is const data
 * (utf8.c's widths, printability and case folds: src/tools/mkctype.c
 * asks C.UTF-8 and writes src/core/utf8-ctype.c at build time).
 *
 * The game table.  game_table[] in game.c lists the games; each is one
 * struct game_rules in its module, src/games/game-NAME.c.  Nothing
 * outside game.c's table names a module (tests/cli/knowledge.sh).  Every
 * list of games outside the program is made from the table at build time
 * by src/tools/mklists (tests/cli/lists.sh), or not kept (README.md
 * points to `shakeref rules`).  HACKING "How to add a game" lists the
 * steps.
 *
 * What the commands know of a game.  The generic code (main, src/cmd,
 * the store, src/sys) asks for a hook or an option kind (GAME_OPT_*).
 * It never compares with one game, includes a module's header or looks
 * an option up by its key (knowledge.sh; a schema migration, a fact of
 * history, may name them).  A message that lists games builds the list
 * from game_table (sr_rules_names()).  No string of theirs names a game,
 * an alias or an option's KEY=, or opens an example with a verb
 * (knowledge.sh reads them all): the words come from the table.  A
 * command asks for a verb's kind (VERB_*), never for a verb by name:
 * knowledge.sh allows no V_NAME but enum verb's and no quoted verb
 * outside game.c and src/games/.  A new need is a new hook or kind.
 *
 * Replay.  replay_step() is the one step for a stored entry and a new
 * one alike, undo and redo included.  A stored entry's note is formatted
 * only for those who read it (history, review); else the ruling is quiet
 * and ruling_note() keeps no words.  A stored entry is parsed with
 * entry.stored set: a rule made stricter since is held to new entries
 * only, so that what was accepted replays.  A ruling's words are a
 * struct buf, never cut as a whole; each quoted user text in them is cut
 * after 64 characters (utf8_note()).
 *
 * Snapshots.  replay_snapshot() gives a state's bytes: the names, title,
 * abandonment, then the module's state_save (or a flat state's bytes).
 * sr_game_load_state() uses one only when its last entry, format
 * (replay_format()) and checksum match and its bytes decode to a state
 * the rules could reach; else the game is replayed.  The checksum is no
 * defence (anyone can recompute it): every count, index and value is
 * checked as it is read (state_valid, state_load), so no byte in the
 * file crashes a command (tests/unit/test-snapshot.c,
 * tests/fuzz/fuzz-snapshot.c).
 */
#ifndef SHAKEREF_GAME_H
#define SHAKEREF_GAME_H

#include <jansson.h>

#include "buf.h"
#include "words.h"
#include "card.h"
#include "grid.h"
#include "status.h"

#define GAME_MAX_PLAYERS	16
/* A player's name at its longest in bytes: 32 characters (SPEC.md), each
 * at most 4 bytes of UTF-8. */
#define GAME_NAME_BYTES		(32 * 4)

/*
 * Verbs.  A game declares its own verbs in its module, once: its row of
 * struct game_verb (name, arguments, the usage error for a wrong count,
 * whose entry, kind, help), in which a verb is its index (from 0; the
 * module names them with an enum of its own, in the row's order: the
 * number an entry of it has, entry.verb, and its VERB_BIT).  Every game
 * takes the verbs below besides, which replay applies itself: undo and
 * redo, then the entries about the game (abandon, rename, title, note).
 *
 * Outside a game (a stored entry, the command line) a verb is known by
 * its name alone: verb_lookup() gives its id, the same for the same name
 * in every game (the verbs below are their own ids); game_verb_find()
 * gives the index of that verb in one game's row.
 */
#define GAME_VERBS_MAX	24	/* a game's row holds fewer; every
				   VERB_BIT fits 32 bits */
struct game_rules;
enum verb {
	V_UNDO = GAME_VERBS_MAX, V_REDO,
	V_ABANDON, V_RENAME, V_TITLE, V_NOTE,
	V__COUNT
};
#define VERB_BIT(v)	(1UL << (v))
/* 1 for abandon, rename, title and note: entries about the game. */
#define VERB_IS_META(v)	((v) >= V_ABANDON && (v) < V__COUNT)
/* A title or note: at most this many characters. */
#define GAME_TEXT_MAX	200

/*
 * Status codes a ruling carries: the exit statuses of SPEC.md, defined
 * once in status.h.
 */
enum {
	RULING_OK = SR_OK,		/* accepted */
	RULING_REFUSED = SR_RULES,	/* refused by the rules */
	RULING_USAGE = SR_USAGE,	/* malformed arguments */
	RULING_DATA = SR_DATA,		/* unknown player, game over */
	RULING_SYSTEM = SR_SYSTEM,	/* a fact the entry needs is missing */
	RULING_UPHELD = SR_UPHELD	/* accepted: a challenge was upheld */
};

/* Whose entry a verb's is: the player column of `history` (SPEC.md). */
enum verb_who {
	WHO_TURN,		/* the player whose turn it is, if any */
	WHO_NAMED,		/* the player its NAME argument names */
	WHO_TABLE		/* nobody: the table's */
};

/*
 * One verb of a game, declared once in its module's row.
 *
 * args is what `help` shows after the verb, and it is the shape the
 * arguments are parsed by: words separated by single spaces, each one
 * argument, "X..." one or more (last), "[X]" optional, "[X...]" zero or
 * more (last).  The word says what stands there:
 *	V		a number (a die value)			-> vals
 *			(VERB_PAIRS: or NAME=NUMBER	-> vals, seats)
 *	LEVEL		a number				-> level
 *	NAME, OLD	a player's NAME			-> who; "NAME..." -> names
 *	DURATION	a timer DURATION (90, 90s, 3m, 1m30s)	-> secs
 *	a|b		one of two keywords		-> accept: 1 for a
 *	any other	any word (ROW, WORD, W, TEXT ...)
 * A wrong count is a usage error (exit 2) with expect ("expected NAME
 * LEVEL"; NULL: "expected " and args); every argument's form is checked
 * before any NAME is looked up, so a malformed entry is a usage error (2)
 * before an unknown name (3).
 */
struct game_verb {
	const char	*name;		/* "roll"; NULL ends the row */
	const char	*args;		/* "V...", "NAME LEVEL", "" for none */
	const char	*expect;	/* the usage error for a wrong count */
	enum verb_who	 who;
	/*
	 * What the generic commands know of it (0: nothing): they ask for a
	 * kind, never for a verb by its name.
	 */
	int		 kind;
#define VERB_PAIRS	1	/* its values may be NAME=V pairs (a roll
				   of one die each) */
#define VERB_TIMER	2	/* runs the round's timer (DURATION) and is
				   never an entry: the command runs it */
#define VERB_ROLL	4	/* rolls dice: `dice` asks the rolled hook
				   about it, `review` counts the luck since
				   a decision */
#define VERB_KEEP	8	/* sets dice aside from the roll showing:
				   `review` judges a run of them from one
				   roll as one decision */
#define VERB_CLOSE	16	/* closes a round: the board follows its
				   note, `review` keeps the round's words */
#define VERB_GRID	32	/* enters a round's grid: `solve` names it
				   when there is none */
	const char	*text;		/* help: what it does in this game */
};

/*
 * The kind of argument argi (from 1) of verb v in game g: 'V', 'L', 'N',
 * 'D', 'K' (keywords) or 'W' (any word), a repeated last one ("X...")
 * standing for every argument after it; 0 past the last.  Completion
 * reads it: a NAME, or one of the keywords.
 */
int		 game_verb_arg(const struct game_rules *, int v, int argi);
/*
 * Keyword k (0, 1) of argument argi of verb v in game g (the "accept" and
 * "reject" of "accept|reject", in that order) into b; 0 if none.
 */
int		 game_verb_keyword(const struct game_rules *, int v, int argi,
		    int k, struct buf *b);

/*
 * What the caller lends the rules of a game (struct sr_ctx's env, made
 * by main): the core keeps no state of its own (DESIGN.md, pure.sh), so
 * what one call leaves for the next lives here, the caller's.  lang: the
 * letters (lang.h: ICU and each letter asked of it once); tt: 10,000's
 * coach (tt-coach.h: its models, the turns solved, the two-player
 * table's source).  A NULL env or member: no letter beyond ASCII can be
 * read; the coach starts from nothing at each advice, on points.
 */
struct lang;
struct tt_coach;
struct game_env {
	struct lang		*lang;
	struct tt_coach		*tt;
};

struct game_setup {
	int			 nplayers;
	const char *const	*names;		/* seat order */
	const char *const	*options;	/* aligned with rules->options */
	const struct game_env	*env;		/* the caller's, or NULL */
};

struct game_option {
	const char	*key;
	const char	*def;
	const char	*values;		/* for messages: "1..5" */
	/* Return 1 if value is acceptable. */
	int		(*valid)(const char *value);
	/*
	 * Optional: the effective value of a stored value that depends on
	 * the other options (opts, aligned with the table), e.g. nouns=auto
	 * is on for a German dictionary.  What status shows and the rules
	 * see; NULL: the value as stored.
	 */
	const char	*(*effective)(const char *value,
			    const char *const *opts);
	/*
	 * What the generic commands know of it (0: nothing): they find an
	 * option by its kind (game_option_kind), never by its key.
	 */
	int		 kind;
#define GAME_OPT_DICT	1	/* a Hunspell dictionary: new checks it is
				   installed, rules lists the installed
				   ones */
#define GAME_OPT_COACH	2	/* the coach: on, off */
#define GAME_OPT_OLD_ON	4	/* on, off; a game from before the option
				   (stored or exported without it) was
				   played with it on (game_option_old) */
#define GAME_OPT_FACES	8	/* how many faces of six show 10 on its
				   Shake dice (die_rolled's kind 1..5):
				   `dice` names a kind KEY=K */
};

/*
 * An entry as the referee sees it.  argv holds the tokens exactly as typed
 * after the verb; game_parse() fills the parsed fields.
 */
struct entry {
	int		 n;		/* 1-based entry number in the game */
	int		 verb;		/* index in the game's row, or V_UNDO ... */
	int		 argc;
	char *const	*argv;
	/* parsed */
	int		 nvals;		/* numeric values (roll, keep, place) */
	long		*vals;
	int		*seats;		/* roll NAME=V: seat of each value, else NULL */
	int		 who;		/* seat of the NAME argument, or -1 */
	long		 level;		/* move LEVEL, penalize NAME LEVEL */
	long		 secs;		/* a DURATION in seconds */
	int		 nnames;	/* order NAME...: seats */
	int		*names;
	int		 accept;	/* vote: 1 accept, 0 reject */
	const char	*fact;		/* stored outside facts, or NULL */
	long long	 at;		/* Unix seconds */
	int		 stored;	/* a stored entry replayed, not a new one */
};

/*
 * A ruling: its status and its words, each whole however long (user
 * text inside is cut by utf8_message, never the ruling).  Start one with
 * RULING_INIT, read its words with buf_str(), end it with ruling_free().
 */
struct ruling {
	int		 status;	/* RULING_* */
	struct buf	 why;		/* refusal: what is wrong, what is expected */
	struct buf	 note;		/* accepted: what happened, in words */
	/*
	 * Set by replay for a stored entry whose note nobody reads (a
	 * replay without notes: status, check, undo): ruling_note and
	 * ruling_accept keep no words.
	 */
	int		 quiet;
};
#define RULING_INIT	{ RULING_OK, BUF_INIT, BUF_INIT, 0 }

struct expectation {
	int		 round;		/* from 1 */
	/*
	 * The round's own name where the rules give it one, a msgid
	 * translated where it is shown (Shake's N_("All Shake"), as its
	 * pad names the row); NULL: "round N".
	 */
	const char	*round_name;
	int		 turn;		/* seat, or -1 when the table enters */
	int		 finished;	/* over: won, or abandoned */
	int		 abandoned;	/* ended by abandon, no winner */
	unsigned long	 verbs;		/* VERB_BIT()s acceptable now */
	/*
	 * The count of values verb count_verb (its index) takes now where
	 * the rules know it (the dice a roll covers: Shake's six, the dice
	 * in 10,000's hand); 0: unknown, the rules' apply alone decides.
	 */
	int		 count;
	int		 count_verb;
	/*
	 * The seats whose die a roll the table enters covers (turn -1),
	 * bit 1 << seat; 0: every seat.  A tie's roll covers the tied.
	 */
	unsigned long	 rolling;
	/*
	 * What the rules say comes next ("Round 4. Bob rolled 50 ..."),
	 * appended by expect() with game_say() to a growing buffer the
	 * caller owns when it wants the words (never cut, whatever the
	 * names); NULL: only the facts above are wanted.
	 */
	struct buf	*say;
};
/* Append to what x says comes next, if its caller wants the words. */
void		 game_say(struct expectation *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

struct game_state;

/*
 * The coach's advice for the decision now (SPEC.md, status "advice").
 * basis says what a move's value is:
 *   ADVICE_POINTS  the points the player to move adds to their score from
 *                  here with best play (a turn total not yet banked
 *                  included: `review` adds the score gained since);
 *   ADVICE_WIN     the chance that player wins the game (a shared win
 *                  counts as a share);
 *   ADVICE_CHANCE  the chance named in say, of something the turn
 *                  decides (`review` counts it 0 when the turn passes with
 *                  no further decision of that player).
 * Moves are listed best first, each as the entry a player would type
 * ("keep 1", "bank", "keep 3 4", "penalize Bob 3", "place 3 2"): the verb
 * and its arguments separated by single spaces.  List every legal move of
 * the decision (up to ADVICE_MOVES) so that `review` can cost the move a
 * player made; `review` matches the entry made against moves[].entry and
 * costs a move it cannot find as the worst one listed.  A move may stand
 * for the entries that complete it: 10,000's "keep 1 5" before a bank
 * or a roll; Shake Up's "keep 3 4" means hold them and shake the rest.
 * say is one line for the table: what to do and why ("bank: 350 now
 * beats 312 on average from rolling 2 dice").
 */
enum advice_basis {
	ADVICE_POINTS,
	ADVICE_WIN,
	ADVICE_CHANCE
};

#define ADVICE_MOVES	720	/* 6!: Shake's order of a group of six */

struct advice_move {
	char		*entry;		/* as typed, verb first (malloc'd) */
	double		 value;		/* in the basis' unit */
};

struct advice {
	enum advice_basis	 basis;
	int			 nmoves;	/* best first; 0: a pointer only */
	int			 cap;		/* moves allocated */
	struct advice_move	*moves;		/* grown by advice_add */
	struct buf		 say;	/* what to do and why, never cut */
};

/* Free what a holds (its moves and say), not a itself. */
void		 advice_free(struct advice *);
/* Add a move to a (ignored when full); returns the move or NULL. */
struct advice_move *advice_add(struct advice *, double value,
		    const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Sort a's moves best first (highest value; equal values keep order). */
void		 advice_sort(struct advice *);
/* The move entry (verb and arguments, single spaces) in a, or NULL. */
const struct advice_move *advice_find(const struct advice *,
		    const char *entry);
/* The basis' name in JSON: "points", "win", "chance". */
const char	*advice_basis_name(enum advice_basis);

/* The option `coach` every rules lists last (RULES.md): on, off. */
int		 game_option_on_off(const char *);
#define GAME_OPTION_COACH	{ "coach", "on", "on, off", game_option_on_off, \
				    NULL, GAME_OPT_COACH }

/*
 * A round of a word grid as the rules module shows it to the commands
 * that need more than the status (solve, review): the hook word_round.
 */
struct word_round {
	int		 round;		/* number of that round */
	int		 open;		/* 1 if it is the open round */
	int		 n;		/* grid side */
	char		 cells[GRID_CELLS][GRID_CELL];	/* by rows: "a", "qu" */
	const char	*dict;		/* the game's dictionary and language */
	int		 fold;		/* accents=fold */
	int		 nouns;		/* nouns on */
	int		 compounds;	/* compounds=on */
	int		 nplayers;
	/* words[i]: player i's words that round, lowercase as written */
	const char *const *words[GAME_MAX_PLAYERS];	/* NULL-terminated */
	/* keys[i]: their keys (lang.h), by which words compare */
	const char *const *keys[GAME_MAX_PLAYERS];
};

/* A die really rolled, for the dice audit (`dice`). */
struct die_rolled {
	int		 kind;		/* 0: six-sided (face 1..6); k 1..5: a
					   Shake die with k faces of six
					   showing 10 (face 1: 10, 0: 0) */
	int		 face;
	int		 seat;		/* who rolled it, or -1 */
};

/* e's values as six-sided dice rolled by seat, into d; how many. */
int		 game_rolled_d6(const struct entry *, int seat,
		    struct die_rolled *, int max);

/*
 * A rules name or alias: a-z, 0-9 and '-', at most this many characters
 * (every list's columns are as wide as the table's longest: game_widths).
 */
#define GAME_RULES_NAME_MAX	32

struct game_rules {
	const char		*name;		/* canonical: "shake" */
	const char		*alias;		/* or NULL */
	/*
	 * One line: its title, ": ", what the game is ("Shake Up: up to
	 * three shakes ..."); the title is the game's name in words, kept in
	 * every language (game_title_len).
	 */
	const char		*summary;
	/*
	 * The rule card, made from seeds/NAME.md at build time (card.h):
	 * card_NAME, '-' as '_'; `rules NAME` prints it.
	 */
	const struct card_block	*card;
	int			 min_players, max_players;
	/*
	 * Its verbs (struct game_verb), ends with name NULL: the one
	 * source of their parsing, usage errors and `help VERB`, in the
	 * shell and in play.
	 */
	const struct game_verb	*verbs;
	const struct game_option *options;	/* ends with key NULL */

	struct game_state	*(*state_new)(const struct game_setup *);
	void			 (*state_free)(struct game_state *);
	/*
	 * A copy of a state, for undo without a rebuild: state_dup, or for
	 * a state without pointers it owns, its size (memcpy).  Neither: a
	 * rebuild from the entries.
	 */
	struct game_state	*(*state_dup)(const struct game_state *);
	size_t			 state_size;
	/*
	 * A state as bytes, for the snapshot each game keeps of its replay
	 * (a cache of the entries: replay_snapshot).  A flat state
	 * (state_size) is its bytes, but its pointer to its setup, at
	 * offset state_setup; its unused slots must be zeros, never stack
	 * leftovers (the snapshot is compared byte for byte).  Else
	 * state_save appends st to b (state_put_*), and state_load reads
	 * such bytes into st, fresh from state_new for the same setup, and
	 * returns 0, or -1 if they are not a state it wrote (the game is
	 * replayed then).  state_format names the layout: change it
	 * whenever the state's fields change, so that no snapshot of the
	 * old layout is read.  Neither: the game is always replayed.
	 */
	size_t			 state_setup;
	void			 (*state_save)(const struct game_state *,
				    struct buf *);
	int			 (*state_load)(struct game_state *,
				    const void *, size_t);
	int			 state_format;
	/*
	 * A flat state's check, after its bytes are read into st (fresh
	 * was made by state_new for the same setup): 1 if every count,
	 * index and value in it is in range for the rules and the setup,
	 * 0 if not (the snapshot is ignored and the game replayed).  A
	 * flat state that keeps a snapshot must have one: no byte in a
	 * file may crash a command.
	 */
	int			 (*state_valid)(const struct game_state *st,
				    const struct game_state *fresh);
	/*
	 * Check e against st; if legal fold it in and return RULING_OK (or
	 * RULING_UPHELD) with r->note set, else return the refusal status
	 * with r->why set.  After a refusal the caller discards st.
	 */
	int			 (*apply)(struct game_state *,
				    const struct entry *, struct ruling *);
	void			 (*expect)(const struct game_state *,
				    struct expectation *);
	/* Scores in seat order; winners[i] = 1 for each winner once over. */
	void			 (*score)(const struct game_state *,
				    long *scores, int *winners);
	/* Add the per-rules keys of `status --json`. */
	void			 (*status_json)(const struct game_state *,
				    json_t *);
	/* Optional: more lines for `status` in words (the board). */
	void			 (*describe)(const struct game_state *,
				    struct buf *);
	/* Optional: each round's scores, for `standings` in words. */
	void			 (*rounds)(const struct game_state *,
				    struct buf *);
	/*
	 * Optional: the few values argument argi (from 0) of verb may take
	 * now, after the arguments args[0..argi) typed before it, one a line
	 * into b, for completion (move LEVEL: the levels a pawn may move up
	 * from; penalize NAME LEVEL: the levels NAME's pawns may be sent
	 * back from; vote NAME WORD: NAME's words this round).  For a NAME,
	 * the players it may name now (penalize: the opponents it can
	 * reach); none given, completion offers every player.
	 */
	void			 (*values)(const struct game_state *,
				    int verb, int argi, char *const *args,
				    struct buf *);
	/* Optional: odds for the player to move, in words (lines). */
	void			 (*advise)(const struct game_state *,
				    struct buf *);
	/*
	 * Optional: the coach (see struct advice).  Fill a and return 1
	 * when a player has a decision now, or return 0 (the table
	 * enters, the game is over, nothing to decide).  Pure, like
	 * apply: a function of the state and the options alone; `review`
	 * calls it at every decision of a replay, so it must be fast (a
	 * few milliseconds).  The caller clears a first and honours the
	 * option coach=off (never calls it then, but for `review`).
	 */
	int			 (*advice)(const struct game_state *,
				    struct advice *);
	/*
	 * Optional: the dice the roll entry e rolls, into d (at most max),
	 * read against st before e is applied (e is one that was accepted
	 * there); returns how many.  For `dice`: only dice really rolled.
	 */
	int			 (*rolled)(const struct game_state *,
				    const struct entry *, struct die_rolled *,
				    int max);
	/* Without rolled: why its dice are not in the audit, for `dice`. */
	const char		*unrolled;
	/*
	 * Optional: the lowercase words whose dictionary verdict entry e
	 * needs, as a malloc'd NULL-terminated array of malloc'd strings
	 * (NULL: none); *dict is the dictionary to ask (the game's option),
	 * *mode how (GAME_LOOKUP_* below), *suggest 1 to have suggestions
	 * for each word found invalid.  The caller stores the verdicts in
	 * e->fact (see FACTS below).
	 */
	char			**(*lookups)(const struct game_state *,
				    const struct entry *, const char **dict,
				    int *mode, int *suggest);
	/*
	 * The mode of a lookup (lookups, replay.lookup), bits: the words
	 * compared with accents folded, nouns (capitalised forms) allowed,
	 * a compound of the dictionary's rules standing too (its form
	 * "Maus+abend").
	 */
#define GAME_LOOKUP_FOLD	1
#define GAME_LOOKUP_NOUNS	2
#define GAME_LOOKUP_COMPOUNDS	4
	/*
	 * Optional, for a game played on a grid of letters (solve,
	 * review): the last scored round into v, or with force the open
	 * round; 0, or -1 if there is none.  v points into st.
	 */
	int			 (*word_round)(const struct game_state *,
				    int force, struct word_round *v);
	/* With word_round: the points of a word of letters letters. */
	int			 (*word_value)(const struct game_state *,
				    int letters);
};

/*
 * FACTS: e->fact is the text stored with the entry, space-separated
 * items, never recomputed:
 *	dict:NAME		the dictionary that gave the verdicts
 *	WORD=1			WORD is in it
 *	WORD=1:FORM		... as FORM (était, Haus)
 *	WORD=1:PART+PART	... as a compound of those parts, by the
 *				dictionary's compounding rules (Maus+abend;
 *				compounds=on)
 *	WORD=0			WORD is not in it
 *	WORD=0:SUG,SUG		... with up to five suggestions
 * e.g. "dict:en_US cat=1 dgo=0:dog,ago,ego".
 */

extern const struct game_rules *const game_table[];

/*
 * The widths of the longest rules name and the longest alias (0 if none)
 * in the game table: the columns of rules, games ...
 */
void		 game_widths(int *name, int *alias);
/* The length of g's title: its summary up to ": " (all of it if none). */
size_t		 game_title_len(const struct game_rules *);

/*
 * The id of the verb named exactly s (a verb of some game, or undo, redo
 * ...), or -1; the name of a verb by its id.
 */
int		 verb_lookup(const char *);
const char	*verb_name(enum verb);
/*
 * The game verbs of every game, each once, in the game table's order
 * (the first game to declare a name gives its place): the id of the k-th
 * (from 0), or -1 past the last.
 */
int		 verb_nth(int k);
/* The index in g's row of the verb of that id, the id of undo ...; -1. */
int		 game_verb_find(const struct game_rules *, enum verb);
/*
 * Verb v of g (an index in its row, or V_UNDO ...: the common ones'
 * declarations), or NULL if g has no such verb.
 */
const struct game_verb *game_verb(const struct game_rules *, int v);
/*
 * Parsed entry e of g as a line play accepts, appended to b: the verb,
 * then each argument a word (buf_word: "Mary Ann" quoted), a NAME as
 * gs names the player, whatever case or spelling matched it.
 */
void		 game_entry_line(const struct game_rules *,
		    const struct game_setup *, const struct entry *,
		    struct buf *);
/*
 * 1 if each of argv[0..n) begins with a capital (A to Z) or a letter
 * beyond ASCII: a name's words, as a guess where no player is known yet
 * ("Mary Ann", not "Ann cat").
 */
int		 game_capitalised(int n, char *const *argv);
/* The name of verb v of g ("?" if none). */
const char	*game_verb_name(const struct game_rules *, int v);
/*
 * The kind (VERB_*) of the verb of an id in g (0 if g lacks it); with g
 * NULL, the kinds it has in every game that has it.
 */
int		 verb_kind(const struct game_rules *, enum verb);
/* The index in g's row of the first verb with kind k (VERB_TIMER), -1. */
int		 game_verb_kind(const struct game_rules *, int kind);
const struct game_rules *game_find(const char *);
int		 game_option_index(const struct game_rules *, const char *);
/* Index of the first option of kind (GAME_OPT_DICT ...), or -1. */
int		 game_option_kind(const struct game_rules *, int kind);
/*
 * The value of option i for a game stored or exported without it (made
 * before the option existed): its default, or "on" (GAME_OPT_OLD_ON).
 */
const char	*game_option_old(const struct game_rules *, int i);
/* Replace each option in opts (malloc'd) by its effective value. */
void		 game_options_effective(const struct game_rules *, char **opts);
/* The options that differ from their defaults ("k=v, k=v") into b; n. */
int		 game_options_changed(const struct game_rules *,
		    const struct game_setup *, struct buf *);

/*
 * Seat of the player a NAME names (SPEC.md "Player names"): trimmed, equal
 * by Unicode simple case folding, else the one player equal loosely
 * (utf8_loose); -1 if none or several.  The one matching of a NAME, at
 * entry and replay alike.
 */
int		 game_seat(const struct game_setup *, const char *);
/* Why s names no player of gs, with the nearest names, into b. */
void		 game_name_unknown(const struct game_setup *, const char *s,
		    struct buf *);
/* 1 if name is a valid player name (SPEC.md), else 0 with *why set. */
int		 game_name_valid(const char *, const char **why);
/*
 * Why s (trimmed) cannot be the name of a player beside names[0..n) of
 * one game (SPEC.md "Player names": a valid name, not equal to another
 * by case folding nor loosely, utf8_loose), malloc'd; NULL if it can.
 * new and import both ask it, name by name.
 */
char		*game_player_why(const char *const *names, int n,
		    const char *s);

/*
 * Parse argv for verb into e (e->verb, argc, argv already set) by the
 * verb's declaration in g (game_verb).  Returns RULING_OK, or
 * RULING_USAGE / RULING_DATA with r->why set.
 */
int		 game_parse(const struct game_rules *, const struct game_setup *,
		    struct entry *, struct ruling *);
/*
 * Parse e for the verb of an id (verb_lookup): by g's declaration when g
 * has it (e->verb its index); else (g NULL, or without it) as the games
 * that have it would, e->verb -1: a usage error only if it is one in
 * every such game (the first's), so that a usage error comes first
 * before the game is known.
 */
int		 game_parse_id(const struct game_rules *,
		    const struct game_setup *, enum verb, struct entry *,
		    struct ruling *);
void		 entry_clear(struct entry *);

/* The verdict stored in fact for word ("w=1 x=0"): 1, 0, or -1 if absent. */
int		 fact_verdict(const char *fact, const char *word);
/* The suggestions stored for word, "dog, ago" into buf (0 if none). */
int		 fact_suggestions(const char *fact, const char *word,
		    struct buf *);
/* The dictionary form stored for a valid word into b (0 if none). */
int		 fact_form(const char *fact, const char *word, struct buf *);
/* The dictionary named in fact ("dict:NAME") into buf, or 0 if none. */
int		 fact_dict(const char *fact, char *buf, size_t len);

/* Helpers for rules modules. */
/* Release a ruling's words. */
void		 ruling_free(struct ruling *);
void		 ruling_refuse(struct ruling *, int, const char *, ...)
		    __attribute__((format(printf, 3, 4)));
void		 ruling_note(struct ruling *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
/* A six-sided die shows 1 to DIE_FACES. */
#define DIE_FACES	6
/*
 * Refuse e's value i unless a six-sided die shows it: "'7' is not a
 * face of a die (1 to 6)"; RULING_OK or RULING_REFUSED.
 */
int		 game_die_face(const struct entry *, int i, struct ruling *);
/* The same for each of e's values, the first that is not refused. */
int		 game_die_faces(const struct entry *, struct ruling *);
/* Dice (or any values) v[0..n) separated by single spaces, into b. */
void		 game_put_dice(struct buf *, const int *v, int n);
/* 1 if option value v is a number lo..hi and a multiple of step. */
int		 game_option_number(const char *, long lo, long hi, long step);
/*
 * An option value as stored: a number without its leading zeros (020 is
 * 20, as status shows it), any other value as it is.
 */
const char	*game_option_value(const char *);
/* The rollers sharing the highest of vals[seat]; returns how many. */
int		 game_highest(const int *vals, const int *rollers, int n,
		    int *top, int *high);
/* Refuse v as out of turn: "'v' is not expected now: <say>". */
int		 game_not_now(const struct game_rules *,
		    const struct game_state *, int verb, struct ruling *);
/*
 * The highest of score[0..n) (n >= 1): top[i] = 1 for each seat that has
 * it, else 0; returns it.  The one "highest score wins" search.
 */
long		 game_top(int n, const long *score, int *top);
/* Scores from score[]; once over, the highest total wins, ties share. */
void		 game_highest_wins(int n, const long *score, int over,
		    long *scores, int *winners);
/* Accept with b's text as the note; frees b; returns RULING_OK. */
int		 ruling_accept(struct ruling *, struct buf *);
/* "Ann, Bob and Cid" for the seats in mask order; into buf. */
void		 game_list_names(const struct game_setup *, const int *seats,
		    int n, const char *conj, struct buf *);
/* Parse a timer DURATION (90, 90s, 3m, 1m30s): 0, or -1 if malformed. */
int		 game_duration(const char *, long *secs);

/*
 * Replay: a game's state rebuilt from its stored entries, undo and redo
 * included.  struct replay owns the state.
 */
struct stored_entry {
	int		 n;
	char		*player;	/* as recorded, or NULL */
	enum verb	 verb;		/* its id (verb_lookup) */
	int		 argc;
	char	       **argv;
	char		*fact;
	long long	 at;
	/* filled by replay */
	int		 undone;
	int		 fate;		/* a later undo takes it back */
	int		 round;		/* round in which it was entered */
	int		 turn;
	char		*note;		/* what it did, in words */
};

/*
 * A state kept for undo and redo: the state of the stack of depth entries
 * with entry index top on top (-1: empty).
 */
struct replay_snap {
	struct game_state	*st;
	int			 depth;
	int			 top;
};
#define REPLAY_SNAPS	8

struct replay {
	const struct game_rules	*rules;
	/*
	 * The caller sets setup as the game was created (names, options)
	 * and title0, its title then (or NULL); replay points setup.names
	 * at names, the names now (rename entries change them).
	 */
	struct game_setup	 setup;
	const char		*title0;
	const char *const	*names0;
	char			*names[GAME_MAX_PLAYERS];
	char			*title;		/* now, or NULL */
	int			 abandoned;
	struct game_state	*st;
	struct stored_entry	*entries;
	int			 nentries;
	/* stacks of entry indexes */
	int			*done;		/* game entries in effect */
	int			 ndone;
	int			*undone;	/* undone, redo-able, latest last */
	int			 nundone;
	struct replay_snap	 snaps[REPLAY_SNAPS];
	int			 nsnaps;
	int			 notes;		/* give entries notes, rounds */
	/*
	 * Dictionary verdict for a lowercase word in dictionary dict with
	 * mode (lookups): 1 valid (the dictionary form found appended to
	 * form), 0 not, -1 no dictionary (RULING_SYSTEM, with *why set, a
	 * malloc'd message naming what is missing, or left NULL).  With sugg
	 * not NULL and the word not valid, up to five suggestions
	 * (lowercase letters, each at least 3), comma-separated, are
	 * appended to sugg.  Asked only for a new entry.
	 */
	int			(*lookup)(void *, const char *dict, int mode,
				    const char *word, struct buf *form,
				    struct buf *sugg, char **why);
	void			*lookup_arg;
	/*
	 * Optional: called by replay_run before each game entry (not undo
	 * or redo) is applied, with entry index i parsed into e against
	 * rp->st, the state it meets.  For the dice audit and `review`;
	 * whether the entry ends up undone is known once the run is over
	 * (rp->entries[i].undone).
	 */
	void			(*observe)(void *, const struct replay *,
				    int i, const struct entry *e);
	void			*observe_arg;
	/*
	 * 1: replay_add takes the entry's fact as given (an import) instead
	 * of asking lookup; an entry whose fact lacks a verdict it needs is
	 * refused.
	 */
	int			 stored_facts;
	/*
	 * 1 (check): a stored entry's player must be the one replay gives
	 * it (whose turn, the NAME of words, challenge and vote, none for
	 * the table's entries), else it no longer replays.
	 */
	int			 players;
	/*
	 * Resumed from a snapshot (replay_resume): entries holds only the
	 * entries added since, base_n is the number of the last entry the
	 * snapshot folds in, and there is no undo (which needs them all).
	 */
	int			 resumed;
	int			 base_n;
	/*
	 * Resumed, for undo or redo: what it needs of the entries, from
	 * the store's cache of the stacks (replay_cache_set): the depth
	 * of the stack in effect, the number undone and redo-able, the
	 * entry undo takes back (the top in effect) or redo restores (the
	 * latest undone), and for undo the state before that entry.
	 */
	struct replay_cache {
		int			 valid;
		int			 depth;
		int			 nundone;
		struct stored_entry	 target;
		struct game_state	*st;		/* undo: before target */
		char			*title;
		char			*names[GAME_MAX_PLAYERS];
		int			 abandoned;
	} cache;
};

/*
 * Rebuild st from the entries (which replay takes over).  Returns
 * RULING_OK, or RULING_DATA with r->why set if a stored entry no longer
 * replays.  With notes, each entry gets its note, round and turn.
 */
int		 replay_run(struct replay *, int notes, struct ruling *);
/*
 * Check a new entry (verb, argv) against the replayed state.  On success
 * the entry is appended to rp->entries (with its player) and folded in;
 * returns the ruling's status.  A refused entry leaves rp as it was.
 */
int		 replay_add(struct replay *, struct stored_entry *,
		    struct ruling *);
void		 replay_free(struct replay *);
/* The number of the game's last entry, 0 if none. */
int		 replay_last_n(const struct replay *);
/*
 * The snapshot of the replay now, as bytes appended to b: the names,
 * title and abandonment the entries give and the rules' state
 * (state_save).  Returns 0, or -1 if the rules keep no snapshot.  The
 * format, "shake/1/le/8/1496" (rules, state_format, byte order, size of
 * a long, state_size) into fmt: a snapshot is read only in the format it
 * was written in.
 */
int		 replay_snapshot(const struct replay *, struct buf *);
void		 replay_format(const struct game_rules *, struct buf *fmt);
/*
 * Take up a snapshot (len bytes at p) instead of replaying: rp set up as
 * for replay_run, its entries none, last_n the number of the last entry
 * the snapshot folds in.  Returns 0, or -1 (rp untouched) if the bytes
 * are not a snapshot of this game.
 */
int		 replay_resume(struct replay *, const void *p, size_t len,
		    int last_n);
/*
 * Resumed rp (replay_resume) made ready for one undo or redo without its
 * entries: depth and nundone as the stacks stand, target (taken over)
 * the entry undo takes back or redo restores, and for undo p (len
 * bytes) the snapshot of the state before target (replay_snapshot's
 * bytes, read as replay_resume reads them).  Returns 0, or -1 (rp as it
 * was, target not taken) if the bytes are not a snapshot of this game.
 */
int		 replay_cache_set(struct replay *, int depth, int nundone,
		    struct stored_entry *target, const void *p, size_t len);
/* The entry redo would restore now (after an undo: the one it took back), or NULL. */
const struct stored_entry *replay_redo_entry(const struct replay *);
/*
 * The dice entry se rolls against the state now (the rules' rolled
 * hook, read with the names now, as a stored entry is read when stored
 * is set, else as a new one) into d; how many (0: none, or not a roll).
 */
int		 replay_rolled(const struct replay *,
		    const struct stored_entry *, int stored, struct die_rolled *,
		    int max);
/*
 * The entries in effect of a replay (not resumed), played again from the
 * game as created, in order: fn gets each one's depth (1: the first in
 * effect), the entry, the dice it rolled against the state it met, and
 * for the last keep of them the snapshot (replay_snapshot's bytes) of
 * the state before it (else NULL, 0).  A state is a function of the
 * entries in effect, so these are the states undo goes back to and the
 * dice the audit counts.  Returns 0, fn's non-zero, or -1 if an entry no
 * longer replays.
 */
int		 replay_walk(const struct replay *, int keep,
		    int (*fn)(void *, int depth, const struct stored_entry *,
		    const struct die_rolled *, int ndice, const void *snap,
		    size_t len), void *arg);
/* 1 if the rules keep a snapshot of their state (state_size or hooks). */
int		 game_snapshots(const struct game_rules *);
/*
 * For a state with pointers (state_save and state_load written by hand):
 * fields appended one by one, numbers as 8 bytes, strings (or none)
 * with their length first, all little-endian; read back in the
 * same order from a struct state_in, whose bad is set (and every read
 * after it gives 0 or NULL) once they run out or do not fit.
 */
struct state_in {
	const unsigned char	*p;
	size_t			 left;
	int			 bad;
};
/*
 * For state_valid: 1 if each of the k numbers at a is in lo..hi (a count
 * k out of 0..max is 0 as well).
 */
int		 state_nums_in(const void *a, size_t size, long k, long max,
		    long lo, long hi);
#define state_ints_in(a, k, max, lo, hi) \
	state_nums_in((const int *)(a), sizeof(int), k, max, lo, hi)
#define state_longs_in(a, k, max, lo, hi) \
	state_nums_in((const long *)(a), sizeof(long), k, max, lo, hi)
void		 state_put_int(struct buf *, long);
void		 state_put_str(struct buf *, const char *);
long		 state_get_int(struct state_in *);
char		*state_get_str(struct state_in *);
/*
 * The expectation now (a game abandoned is over, no verb expected); its
 * words appended to say unless NULL.
 */
void		 replay_expect(const struct replay *, struct expectation *,
		    struct buf *say);
void		 stored_entry_clear(struct stored_entry *);

#endif
