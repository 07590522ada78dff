/*
 * paths.h: where shakeref finds and keeps its files.  main (shakeref.c)
 * resolves them from the environment once, at start-up, into the
 * context; the system modules that read or write files are given them
 * (struct sr_paths *) and never read the environment themselves.
 */
#ifndef SHAKEREF_PATHS_H
#define SHAKEREF_PATHS_H

#ifndef SR_PKGDATADIR
#define SR_PKGDATADIR	"/usr/local/share/shakeref"
#endif

/*
 * SR_BINDIR: where the binary is installed (Makefile.am: bindir).  A
 * binary whose own folder is another one and holds a data/ folder runs
 * uninstalled, from its build tree or a copy of it, and finds what the
 * build made in that data/ (and locale/) first.
 */

#define SR_SYSTEM_DICT_DIR	"/usr/share/hunspell"

struct sr_paths {
	/* Installed word lists and tables: $SHAKEREF_DATA_DIR, else
	 * SR_PKGDATADIR. */
	char	*data;
	/* Lists and tables built on first use: $XDG_CACHE_HOME/shakeref,
	 * else ~/.cache/shakeref; NULL without either. */
	char	*cache;
	/* play's history: $XDG_STATE_HOME/shakeref, else
	 * ~/.local/state/shakeref; NULL without either. */
	char	*state;
	/* The dictionary folders, colon-separated, searched in order:
	 * $SHAKEREF_DICT_PATH, $DICPATH, then SR_SYSTEM_DICT_DIR. */
	char	*dicts;
	/* The build tree's data/ when this binary runs from a build tree
	 * (its own folder holds data/ and is not SR_BINDIR: the tree it
	 * was made in or a copy) and $SHAKEREF_DATA_DIR is unset: searched
	 * before data; else NULL (SPEC.md "Data files"). */
	char	*build;
};

/*
 * Make every folder above the file path (mkdir -p of its folder), each
 * made 0700 as XDG asks: 0, or -1 with errno set and *failed (unless
 * NULL) the folder that could not be made, malloc'd.  The one mkdir -p.
 */
int	paths_make_parents(const char *path, char **failed);

/*
 * The name a file at path is written under before it is renamed into
 * place: "path.PID" (malloc'd); and paths_stale_clean() deletes those a
 * process that is gone left beside path (a kill between its open and
 * its rename), so a kill leaves nothing behind for long.
 */
char	*paths_tmp_name(const char *path);
void	paths_stale_clean(const char *path);

#endif
