/*
 * tt-table.h: the two-player 10,000 table on disk (system part).
 *
 * The table for a target and four-pair setting lives in the cache folder
 * (paths.h: $XDG_CACHE_HOME/shakeref, else ~/.cache/shakeref) as
 * tt-win-TARGET-fpN.v1, built on first use (a progress bar on standard
 * error when it is a terminal), written to a temporary file and renamed,
 * then mapped read-only.  A file that does not match is rebuilt.  The
 * default target's table is built with shakeref (src/mktt) and installed
 * in the data folder ($(pkgdatadir), $SHAKEREF_DATA_DIR overrides),
 * looked up first, after the build tree's data/ when the binary runs
 * uninstalled (paths.h).
 */
#ifndef SHAKEREF_TT_TABLE_H
#define SHAKEREF_TT_TABLE_H

#include "tt-coach.h"

/*
 * The table for target and four_pair, mapped (kept for the life of the
 * process), or NULL when the target has none (above TT_WIN_MAX, not a
 * multiple of 50) or the cache cannot be read or written.  arg is a
 * const struct sr_paths * (paths.h).  The source main gives
 * tt_coach_new().
 */
const struct tt_win	*ttfile_get(const void *arg, long target,
			    int four_pair);
/*
 * Solve the table for target and four_pair into path (its directories
 * made, a temporary file renamed); with progress, a bar on standard error
 * if it is a terminal.  0, or -1 with errno set.
 */
int			 ttfile_write(const char *path, long target,
			    int four_pair, int progress);

#endif
