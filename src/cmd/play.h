/*
 * play.h: what cmd-play.c (the session: a line run, the loop) and
 * play-tty.c (what a line is read with: words, play's commands, the
 * prompt, libedit and its completion) share; for those two alone.
 */
#ifndef SHAKEREF_PLAY_H
#define SHAKEREF_PLAY_H

#include <stdio.h>

#include <histedit.h>

#include "cmd.h"

#ifndef LIBEDIT_SONAME
#define LIBEDIT_SONAME	"libedit.so.2"
#endif

#define PLAY_HISTORY	1000		/* lines kept across sessions */

/* What a word of play does besides the game verbs. */
enum play_kind {
	PK_CMD, PK_HELP, PK_STATUS, PK_HISTORY, PK_QUIT
};

/* A command of play: its row of the command table, play's own, or both. */
struct play_cmd {
	const char		*name;
	const struct cmd_entry	*c;	/* or NULL: play's own word */
	const struct play_own	*own;	/* or NULL: run by c's exec */
	enum play_kind		 kind;
};

/* undo and redo, which every game takes: play offers them with its verbs. */
static const enum verb play_undo[] = { V_UNDO, V_REDO };
#define PLAY_UNDO	(int)(sizeof play_undo / sizeof play_undo[0])

/*
 * libedit, loaded with dlopen() on a terminal only: the commands that
 * edit no line do not pay for loading it (tests/bench/core.sh).
 */
struct editor {
	EditLine	*(*init)(const char *, FILE *, FILE *, FILE *);
	void		 (*end)(EditLine *);
	int		 (*set)(EditLine *, int, ...);
	int		 (*wset)(EditLine *, int, ...);
	int		 (*get)(EditLine *, int, ...);
	const char	*(*gets)(EditLine *, int *);
	const LineInfo	*(*line)(EditLine *);
	int		 (*insertstr)(EditLine *, const char *);
	void		 (*deletestr)(EditLine *, int);
	void		 (*reset)(EditLine *);
	void		 (*resize)(EditLine *);
	History		*(*hinit)(void);
	void		 (*hend)(History *);
	int		 (*history)(History *, HistEvent *, int, ...);
	EditLine	*el;
	History		*hist;
	char		*histfile;	/* or NULL: not kept */
};

/* A play session. */
struct play {
	struct sr_ctx	*ctx;
	struct sr_game	 sg;
	int		 loaded;	/* sg holds the game, replayed */
	long long	 id;		/* the session's game, 0: current */
	int		 tty;		/* stdin is a terminal */
	int		 scores;	/* show the scores line (stdout too) */
	long		 lineno;
	/* the position whose coach's line was shown last: */
	long long	 coach_id;	/* its game (0: none yet) */
	int		 coach_n;	/* play_position() then */
	char		*prompt;
	struct editor	 ed;
};

/* play-tty.c: 1 if undo (redo) has an entry to take back (restore) now. */
int	undo_redo_now(const struct play *p, enum verb v);
/* play-tty.c: the command of play named exactly s into pc: 1, or 0. */
int	play_cmd_find(const char *s, struct play_cmd *pc);
/* play-tty.c: the command of play number i (from 0) into pc; 0 past. */
int	play_cmd_at(int i, struct play_cmd *pc);
/* play-tty.c: the declaration of verb id in g (its help line), or NULL. */
const struct game_verb *play_verb_help(const struct game_rules *g,
	    enum verb id);
/* play-tty.c: "NAME ARGS: what it does" of pc into b (0 if none). */
int	play_cmd_help(const struct play_cmd *pc, struct buf *b);
/* play-tty.c: the position now is the one whose coach's line was shown. */
void	play_coached(struct play *p);
/* play-tty.c: a line from a file or pipe (malloc'd), or NULL at the end. */
char	*read_plain(FILE *f, int *nul);
/* play-tty.c: the signals of a terminal session. */
void	on_sigint(int sig);
void	on_sigwinch(int sig);
/* play-tty.c: libedit loaded and started: 0, or -1 (then plain lines). */
int	editor_load(struct play *p);
/* play-tty.c: an accepted line kept in the history, saved at once. */
void	editor_remember(struct play *p, const char *line);
/* play-tty.c: libedit stopped. */
void	editor_end(struct play *p);
/* play-tty.c: a line read on a terminal after the prompt, or NULL. */
char	*read_tty(struct play *p, int *intr);

#endif
