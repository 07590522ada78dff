/*
 * term.h: the terminal: its width, colour and the escape sequences
 * shakeref sends (src/term.c is the only file that holds them).
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

#endif
