/*
 * paths.c: making the folders shakeref keeps its files in (paths.h).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* The name path is written under first; see paths.h. */
char *
paths_tmp_name(const char *path)
{
	return xasprintf("%s.%ld", path, (long)getpid());
}

/* Delete what gone processes left beside path; see paths.h. */
void
paths_stale_clean(const char *path)
{
	const char *slash = strrchr(path, '/'), *base, *p;
	char *dir, *file;
	struct dirent *e;
	size_t n;
	DIR *d;
	long pid;

	dir = slash != NULL ? xasprintf("%.*s", (int)(slash - path + 1),
	    path) : xstrdup("./");
	base = slash != NULL ? slash + 1 : path;
	n = strlen(base);
	if ((d = opendir(dir)) == NULL) {
		free(dir);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, base, n) != 0 || e->d_name[n] != '.' ||
		    e->d_name[n + 1] == '\0')
			continue;
		for (p = e->d_name + n + 1; *p >= '0' && *p <= '9'; p++)
			;
		if (*p != '\0' || (pid = strtol(e->d_name + n + 1, NULL,
		    10)) <= 0 || pid == (long)getpid() ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		file = xasprintf("%s%s", dir, e->d_name);
		(void)unlink(file);
		free(file);
	}
	closedir(d);
	free(dir);
}
