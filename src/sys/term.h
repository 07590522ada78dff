/*
 * term.h: the terminal: its width, colour and the escape sequences
 * shakeref sends (src/sys/term.c is the only file that holds them).
 */
#ifndef SHAKEREF_TERM_H
#define SHAKEREF_TERM_H

#include <stdio.h>

enum term_paint {
	TERM_PLAIN,
	TERM_TURN,		/* whose turn: bold cyan */
	TERM_REFUSED,		/* a refusal: bold red */
	TERM_WIN,		/* a win: bold green */
	TERM_STRONG,		/* a leader, a heading: bold */
	TERM_CODE		/* serve's QR code: white on black */
};

/*
 * Columns of the terminal on fd, else columns ($COLUMNS, read by main
 * into the context) if it is above 0, else 80.
 */
int	term_width(int fd, int columns);
/* Rows of the terminal on fd, else 24. */
int	term_height(int fd);
/*
 * 1 if colour may be sent to fd: color set (the context's: NO_COLOR
 * unset or empty, TERM set and not "dumb") and fd a terminal.
 */
int	term_color(int fd, int color);
/* The sequence that starts paint p ("" for TERM_PLAIN), and the reset. */
const char *term_on(enum term_paint);
const char *term_off(void);
/* Clear the screen, cursor home; clear to the end of the line. */
void	term_clear(FILE *);
const char *term_eol(void);
/* Hide or show the cursor. */
void	term_cursor(FILE *, int show);
/* The alternate screen on (1) or off (0), as full-screen programs use. */
void	term_alt(FILE *, int on);

/*
 * A progress bar on standard error for a first use that builds
 * something (a word list, a 10,000 table): one line that fits the
 * terminal's width, redrawn in place, "LABEL [####    ]  42%" (BRIEF
 * when the label leaves too little room, the bar alone on a narrower
 * one).  Nothing unless standard error is a terminal.  While it runs,
 * the terminal does not echo (typed-ahead text never lands inside it;
 * it stays unread for the program's next read: play's next line), as
 * it was again at term_bar_end, or on Ctrl-C or SIGTERM.
 */
struct term_bar {
	const char	*label;
	const char	*brief;
	int		 on;		/* drawing on a terminal */
	int		 shown;		/* the percent last drawn, or -1 */
};

/* Start bar b (label and brief must outlive it) if want is set. */
void	term_bar_start(struct term_bar *, const char *label,
	    const char *brief, int want);
/* Draw b at share done (0..1) if the percent moved. */
void	term_bar_draw(struct term_bar *, double share);
/* Clear b's line and give the terminal back as it was. */
void	term_bar_end(struct term_bar *);

#endif
