/*
 * term.c: the terminal's width, whether colour may be used, and every
 * escape sequence shakeref sends (ECMA-48, as every terminal emulator in
 * use understands them), in one place.
 */
#include <sys/ioctl.h>

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "term.h"

/* The terminal's modes before a bar turned its echo off (term_bar_*). */
static struct termios bar_saved;
static volatile sig_atomic_t bar_quiet;	/* echo is off: restore */
static struct sigaction bar_oldint, bar_oldterm;

/* Columns of the terminal on fd, else columns, else 80. */
int
term_width(int fd, int columns)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return columns > 0 ? columns : 80;
}

/* Rows of the terminal on fd, else 24. */
int
term_height(int fd)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0)
		return ws.ws_row;
	return 24;
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

/* The terminal as it was before the bar. */
static void
bar_restore(void)
{
	if (bar_quiet) {
		/* TCSANOW: what was typed meanwhile stays to be read. */
		tcsetattr(STDERR_FILENO, TCSANOW, &bar_saved);
		bar_quiet = 0;
	}
}

/* SIGINT, SIGTERM while a bar runs: the echo back, then as before. */
static void
bar_signal(int sig)
{
	struct sigaction *old = sig == SIGINT ? &bar_oldint : &bar_oldterm;

	if (old->sa_handler == SIG_DFL) {
		bar_restore();
		sigaction(sig, old, NULL);
		raise(sig);
	} else if (old->sa_handler != SIG_IGN)
		old->sa_handler(sig);
}

/* Start a bar; see term.h. */
void
term_bar_start(struct term_bar *b, const char *label, const char *brief,
    int want)
{
	struct termios t;
	struct sigaction sa;

	b->label = label;
	b->brief = brief;
	b->shown = -1;
	b->on = want && isatty(STDERR_FILENO);
	/* Echo off, only in the foreground (else SIGTTOU stops us). */
	if (!b->on || bar_quiet || tcgetpgrp(STDERR_FILENO) != getpgrp() ||
	    tcgetattr(STDERR_FILENO, &bar_saved) != 0)
		return;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = bar_signal;
	sigaction(SIGINT, &sa, &bar_oldint);
	sigaction(SIGTERM, &sa, &bar_oldterm);
	t = bar_saved;
	t.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
	if (tcsetattr(STDERR_FILENO, TCSANOW, &t) == 0)
		bar_quiet = 1;
	else {
		sigaction(SIGINT, &bar_oldint, NULL);
		sigaction(SIGTERM, &bar_oldterm, NULL);
	}
}

/* Draw a bar; see term.h. */
void
term_bar_draw(struct term_bar *b, double share)
{
	int pct = (int)(share * 100), room, width, i;
	size_t n;
	const char *text;

	if (!b->on || pct == b->shown)
		return;
	b->shown = pct;
	/* The line never reaches the last column: no wrap, no pile-up. */
	room = term_width(STDERR_FILENO, 0) - 1;
	text = b->label;
	n = strlen(text);
	/* Room for " [", ten cells at least, "] " and "100%". */
	if ((int)n + 18 > room) {
		text = b->brief;
		n = strlen(text);
	}
	if ((int)n + 18 > room) {
		text = "";
		n = 0;
	}
	width = room - (int)n - (n > 0 ? 1 : 0) - 7;
	if (width > 40)
		width = 40;
	fputs("\r", stderr);
	if (n > 0)
		fprintf(stderr, "%s ", text);
	if (width > 0) {
		fputc('[', stderr);
		for (i = 0; i < width; i++)
			fputc(i < pct * width / 100 ? '#' : ' ', stderr);
		fputs("] ", stderr);
	}
	fprintf(stderr, "%3d%%%s", pct, term_eol());
	fflush(stderr);
}

/* End a bar; see term.h. */
void
term_bar_end(struct term_bar *b)
{
	if (b->on && b->shown >= 0) {
		fprintf(stderr, "\r%s", term_eol());
		fflush(stderr);
	}
	if (b->on && bar_quiet) {
		bar_restore();
		sigaction(SIGINT, &bar_oldint, NULL);
		sigaction(SIGTERM, &bar_oldterm, NULL);
	}
	b->on = 0;
}
