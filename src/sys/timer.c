/*
 * timer.c: the Shake-A-Word round timer: a countdown bar on a terminal,
 * a start and an end line otherwise; Ctrl-C stops it cleanly.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "term.h"
#include "timer.h"
#include "utf8.h"
#include "words.h"

#define BAR_MAX	60		/* the widest bar, in columns */

static volatile sig_atomic_t timer_interrupted;

/* SIGINT: note it; the loop stops at its next wake-up. */
static void
on_sigint(int sig)
{
	(void)sig;
	timer_interrupted = 1;
}

/* Seconds (with fraction) on the monotonic clock. */
static double
now_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Draw the bar for left of total seconds, in place: it fits the
 * terminal's width (read at each redraw, so a resized pane is followed)
 * and never reaches the last column, so the line never wraps.
 */
static void
draw_bar(FILE *out, int columns, long left, long total)
{
	char bar[BAR_MAX + 1], tail[128];
	int width, full, i, cols = term_width(fileno(out), columns);

	/* TRANSLATORS: after the timer's bar: minutes:seconds left. */
	snprintf(tail, sizeof tail, _(" %ld:%02ld left"), left / 60,
	    left % 60);
	/* [ ] and the last column; the tail in columns, not bytes */
	width = cols - 3 - (int)utf8_width(tail);
	if (width > BAR_MAX)
		width = BAR_MAX;
	if (width < 4) {			/* too narrow: the time alone */
		fprintf(out, "\r%s%s", tail + 1, term_eol());
		fflush(out);
		return;
	}
	full = total > 0 ? (int)((total - left) * width / total) : 0;
	for (i = 0; i < width; i++)
		bar[i] = i < full ? '#' : '-';
	bar[width] = '\0';
	fprintf(out, "\r[%s]%s%s", bar, tail, term_eol());
	fflush(out);
}

/* Count down; see timer.h. */
int
timer_run(long seconds, int tty, int columns, FILE *out)
{
	struct sigaction sa, old;
	struct termios tio, saved;
	struct timespec nap;
	int have_tio = 0, status;
	double end, t;
	long left = seconds, shown = -1;

	timer_interrupted = 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;	/* no SA_RESTART: wake the sleep */
	sigaction(SIGINT, &sa, &old);
	if (tty && isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) ==
	    0) {
		/* Keys typed during the round must not break the bar. */
		tio = saved;
		tio.c_lflag &= ~(tcflag_t)(ECHO | ICANON);
		if (tcsetattr(STDIN_FILENO, TCSANOW, &tio) == 0)
			have_tio = 1;
	}
	if (tty)
		term_cursor(out, 0);
	else
		fprintf(out, _("timer: %ld:%02ld started\n"), seconds / 60,
		    seconds % 60);
	fflush(out);

	end = now_mono() + (double)seconds;
	while (!timer_interrupted && (t = end - now_mono()) > 0) {
		left = (long)(t + 0.999);
		if (tty && left != shown) {
			draw_bar(out, columns, left, seconds);
			shown = left;
		}
		t -= (double)(left - 1);	/* to the next whole second */
		if (t > 0.25)
			t = 0.25;
		nap.tv_sec = 0;
		nap.tv_nsec = (long)(t * 1e9);
		if (nanosleep(&nap, NULL) != 0 && errno != EINTR)
			break;
	}

	if (timer_interrupted) {
		t = end - now_mono();
		left = t > 0 ? (long)(t + 0.999) : 0;
		if (tty)
			fputs("\n", out);
		fprintf(out, _("timer: stopped with %ld:%02ld left\n"), left / 60,
		    left % 60);
		status = TIMER_STOPPED;
	} else {
		if (tty) {
			draw_bar(out, columns, 0, seconds);
			fputs("\a\n", out);
		}
		fputs(_("timer: time is up\n"), out);
		status = TIMER_DONE;
	}
	if (tty)
		term_cursor(out, 1);
	if (have_tio)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved);
	sigaction(SIGINT, &old, NULL);
	if (fflush(out) != 0 || ferror(out))
		return TIMER_ERROR;
	return status;
}
