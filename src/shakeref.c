/* main: placeholder until the command line lands. */
#include <stdio.h>

#include "shakeref.h"

int
main(void)
{
	puts("shakeref " PACKAGE_VERSION);
	return SR_OK;
}
