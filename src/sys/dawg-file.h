/*
 * dawg-file.h: the files of compiled word lists (the format and the walk
 * are the core's, dawg.h): find them, map them, build one from records.
 */
#ifndef SHAKEREF_DAWG_FILE_H
#define SHAKEREF_DAWG_FILE_H

#include <stddef.h>
#include <stdio.h>

#include "dawg.h"

struct sr_paths;

/*
 * The file of dictionary name's list: NAME.dawg in the build tree's
 * data folder (paths.h: a binary run uninstalled), else in the data
 * folder (the installed one, or $SHAKEREF_DATA_DIR), else in the cache
 * folder.  The first that exists, malloc'd; NULL if none does.
 */
char		*dawgfile_find(const struct sr_paths *, const char *name);
/*
 * The cache file for name (it may not exist), malloc'd; NULL without a
 * cache folder.
 */
char		*dawgfile_cache_path(const struct sr_paths *, const char *name);
/*
 * Map the file at path; NULL with *why (malloc'd) if it is unreadable or
 * not a list.  dawgfile_close unmaps it.
 */
struct dawg	*dawgfile_open(const char *path, char **why);
void		 dawgfile_close(struct dawg *);

/*
 * Compile records (any order, duplicates allowed, empty ones skipped)
 * into a list written to f.  progress, if not NULL, is called now and
 * then with the share done (0..1).  0, -1 on a write error, or
 * DAWGFILE_TOO_BIG (nothing written) for a list of over DAWG_MAXEDGES
 * edges.
 */
#define DAWGFILE_TOO_BIG	(-2)
int		 dawgfile_build(char **records, size_t n, FILE *f,
		    void (*progress)(void *, double), void *arg);

#endif
