/*
 * term.c: the terminal's width, whether colour may be used, and every
 * escape sequence shakeref sends (ECMA-48, as every terminal emulator in
 * use understands them), in one place.
 */
#include <sys/ioctl.h>
#include <unistd.h>

#include "term.h"

/* Columns of the terminal on fd, else columns, else 80. */
int
term_width(int fd, int columns)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return columns > 0 ? columns : 80;
}

/* 1 if colour may go to fd. */
int
term_color(int fd, int color)
{
	return color && isatty(fd);
}

/* The sequence that starts a paint. */
const char *
term_on(enum term_paint p)
{
	switch (p) {
	case TERM_TURN:
		return "\033[1;36m";
	case TERM_REFUSED:
		return "\033[1;31m";
	case TERM_WIN:
		return "\033[1;32m";
	case TERM_STRONG:
		return "\033[1m";
	case TERM_CODE:
		return "\033[97;40m";
	default:
		return "";
	}
}

/* The sequence that ends a paint. */
const char *
term_off(void)
{
	return "\033[0m";
}

/* Clear the screen and put the cursor home. */
void
term_clear(FILE *f)
{
	fputs("\033[H\033[2J", f);
}

/* Clear to the end of the line. */
const char *
term_eol(void)
{
	return "\033[K";
}

/* Hide or show the cursor. */
void
term_cursor(FILE *f, int show)
{
	fputs(show ? "\033[?25h" : "\033[?25l", f);
}

/* The alternate screen on or off. */
void
term_alt(FILE *f, int on)
{
	fputs(on ? "\033[?1049h" : "\033[?1049l", f);
}
