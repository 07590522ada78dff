/*
 * paths.c: making the folders shakeref keeps its files in (paths.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "paths.h"

/* mkdir -p of the folder path is in, 0700 as XDG asks; see paths.h. */
int
paths_make_parents(const char *path, char **failed)
{
	char *dir = xstrdup(path), *p;
	int saved;

	if (failed != NULL)
		*failed = NULL;
	for (p = dir + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
			saved = errno;
			if (failed != NULL)
				*failed = xstrdup(dir);
			free(dir);
			errno = saved;
			return -1;
		}
		*p = '/';
	}
	free(dir);
	return 0;
}
