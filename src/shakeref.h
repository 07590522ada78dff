/*
 * shakeref.h: exit codes and the context every command gets.
 */
#ifndef SHAKEREF_H
#define SHAKEREF_H

#include <stdio.h>

/* Exit status, as SPEC.md fixes it. */
enum sr_exit {
	SR_OK = 0,
	SR_RULES = 1,
	SR_USAGE = 2,
	SR_DATA = 3,
	SR_SYSTEM = 4,
	SR_UPHELD = 5
};

#endif
