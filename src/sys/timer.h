/*
 * timer.h: the Shake-A-Word round timer (SW-3).
 */
#ifndef SHAKEREF_TIMER_H
#define SHAKEREF_TIMER_H

#include <stdio.h>

enum {
	TIMER_DONE = 0,		/* the time ran out */
	TIMER_STOPPED = 1,	/* Ctrl-C (SIGINT) stopped it */
	TIMER_ERROR = -1	/* out could not be written */
};

/*
 * Count seconds down on out.  With tty, a live bar with the time left,
 * redrawn in place, and a bell at zero; otherwise a start line and an end
 * line.  SIGINT stops it cleanly: the terminal is restored, the previous
 * SIGINT disposition put back, and TIMER_STOPPED returned.  Holds no lock
 * and touches nothing but out.  columns: the width when out's terminal
 * does not tell it (term_width).
 */
int	timer_run(long seconds, int tty, int columns, FILE *out);

#endif
