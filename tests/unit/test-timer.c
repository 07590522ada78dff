/*
 * test-timer.c: the round timer, from a pipe: start and end lines, and
 * Ctrl-C (SIGINT) stops it cleanly.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../src/sys/timer.h"
#include "tap.h"

/* The whole of f, from the start, into buf. */
static void
slurp(FILE *f, char *buf, size_t len)
{
	size_t n;

	rewind(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
}

int
main(void)
{
	FILE *f;
	char text[512];
	time_t t0;
	pid_t pid;
	int status;

	if ((f = tmpfile()) == NULL) {
		printf("Bail out! tmpfile\n");
		return 1;
	}
	t0 = time(NULL);
	is_int(timer_run(1, 0, 0, f), TIMER_DONE, "a 1s timer runs out");
	ok(time(NULL) - t0 >= 1, "it took a second");
	slurp(f, text, sizeof text);
	is_str(text, "timer: 0:01 started\ntimer: time is up\n",
	    "from a pipe: a start line and an end line");
	fclose(f);

	f = tmpfile();
	/* A known disposition to come back to (a suite started in the
	 * background inherits SIGINT ignored). */
	signal(SIGINT, SIG_DFL);
	pid = fork();
	if (pid == 0) {
		usleep(300000);
		kill(getppid(), SIGINT);
		_exit(0);
	}
	t0 = time(NULL);
	is_int(timer_run(90, 0, 0, f), TIMER_STOPPED, "SIGINT stops the timer");
	ok(time(NULL) - t0 < 5, "at once");
	waitpid(pid, &status, 0);
	slurp(f, text, sizeof text);
	ok(strstr(text, "timer: stopped with 1:") != NULL,
	    "it says how much time was left: %s", text);
	ok(signal(SIGINT, SIG_DFL) == SIG_DFL,
	    "the previous SIGINT disposition is back");
	fclose(f);

	f = tmpfile();
	is_int(timer_run(1, 1, 0, f), TIMER_DONE, "on a terminal it runs out");
	slurp(f, text, sizeof text);
	ok(strstr(text, "[") != NULL && strstr(text, "0:01 left") != NULL,
	    "a bar with the time left");
	ok(strchr(text, '\a') != NULL, "a bell at zero");
	ok(strstr(text, "\033[?25h") != NULL, "the cursor is shown again");
	fclose(f);
	return tap_done();
}
