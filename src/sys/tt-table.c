/*
 * tt-table.c: the two-player 10,000 table cached on disk and mapped.
 */

#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "paths.h"
#include "term.h"
#include "tt-table.h"
#include "words.h"

#define MAGIC	"SRTTWIN1"

/* The file: this header, then f (float), then o (uint16_t). */
struct header {
	char		magic[8];
	uint32_t	k;
	uint32_t	four_pair;
	uint64_t	nf;
	uint64_t	no;
};

struct mapped {
	long		 target;
	int		 four_pair;
	struct tt_win	 w;
};

static struct mapped maps[4];
static int nmaps;

/*
 * The file of the table for target and four_pair in folder dir into path
 * (0, or -1: dir NULL or path too short).
 */
static int
ttfile_path(const char *dir, long target, int four_pair, char *path,
    size_t len)
{
	int n;

	if (dir == NULL)
		return -1;
	n = snprintf(path, len, "%s/tt-win-%ld-fp%d.v1", dir, target,
	    four_pair != 0);
	return n > 0 && (size_t)n < len ? 0 : -1;
}

/* Map the file at path if it holds the table for k levels and four_pair. */
static int
map_file(const char *path, int k, int four_pair, struct tt_win *w)
{
	struct header h;
	struct stat sb;
	size_t size = sizeof h + tt_win_fsize(k) * sizeof(float) +
	    tt_win_osize(k) * sizeof(uint16_t);
	void *p;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	if (fstat(fd, &sb) == -1 || (size_t)sb.st_size != size ||
	    read(fd, &h, sizeof h) != (ssize_t)sizeof h ||
	    memcmp(h.magic, MAGIC, 8) != 0 || h.k != (uint32_t)k ||
	    h.four_pair != (uint32_t)four_pair || h.nf != tt_win_fsize(k) ||
	    h.no != tt_win_osize(k)) {
		close(fd);
		return -1;
	}
	p = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return -1;
	w->k = k;
	w->four_pair = four_pair;
	w->f = (const float *)((const char *)p + sizeof h);
	w->o = (const uint16_t *)((const char *)p + sizeof h +
	    tt_win_fsize(k) * sizeof(float));
	return 0;
}

/* tt_win_build's progress: the bar (term.h). */
static void
progress_bar(void *arg, double share)
{
	term_bar_draw(arg, share);
}

/* Write all of p[0..n) to fd. */
static int
write_all(int fd, const void *p, size_t n)
{
	const char *c = p;
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, c, n)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Build the table (tt-table.h). */
int
ttfile_write(const char *path, long target, int four_pair, int progress)
{
	struct header h;
	struct tt_model *m;
	char *tmp;
	float *f;
	uint16_t *o;
	struct term_bar bar;
	int fd, rc;
	int k = (int)(target / TT_LEVEL);

	four_pair = four_pair != 0;
	if (paths_make_parents(path, NULL) == -1)
		return -1;
	paths_stale_clean(path);
	f = xcalloc(tt_win_fsize(k), sizeof f[0]);
	o = xcalloc(tt_win_osize(k), sizeof o[0]);
	m = tt_model_new(four_pair);
	term_bar_start(&bar, _("shakeref: solving two-player 10,000 (once)"),
	    _("solving 10,000"), progress);
	tt_win_build(m, k, f, o, bar.on ? progress_bar : NULL, &bar);
	term_bar_end(&bar);
	tt_model_free(m);
	memset(&h, 0, sizeof h);
	memcpy(h.magic, MAGIC, 8);
	h.k = (uint32_t)k;
	h.four_pair = (uint32_t)four_pair;
	h.nf = tt_win_fsize(k);
	h.no = tt_win_osize(k);
	/*
	 * The file made once the table is: a kill while it is worked out
	 * (seconds) leaves nothing; one while it is written, a file of a
	 * process that is gone, which the next build deletes.
	 */
	tmp = paths_tmp_name(path);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
	    0644)) == -1) {
		free(tmp);
		free(f);
		free(o);
		return -1;
	}
	rc = write_all(fd, &h, sizeof h) == -1 ||
	    write_all(fd, f, h.nf * sizeof f[0]) == -1 ||
	    write_all(fd, o, h.no * sizeof o[0]) == -1 || fsync(fd) == -1;
	free(f);
	free(o);
	if (close(fd) == -1 || rc || rename(tmp, path) == -1) {
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

/* The table for target and four_pair (tt-table.h). */
const struct tt_win *
ttfile_get(const void *arg, long target, int four_pair)
{
	const struct sr_paths *paths = arg;
	char path[4096], data[4096], build[4096];
	struct tt_win w;
	int i, k;

	four_pair = four_pair != 0;
	if (target < TT_LEVEL || target > TT_WIN_MAX ||
	    target % TT_LEVEL != 0)
		return NULL;
	for (i = 0; i < nmaps; i++)
		if (maps[i].target == target && maps[i].four_pair == four_pair)
			return &maps[i].w;
	if (nmaps == (int)(sizeof maps / sizeof maps[0]) ||
	    ttfile_path(paths->cache, target, four_pair, path,
	    sizeof path) == -1 ||
	    ttfile_path(paths->data, target, four_pair, data,
	    sizeof data) == -1)
		return NULL;
	/*
	 * The one built with shakeref (the default target): the build
	 * tree's (run uninstalled), the installed one; else the cache.
	 */
	k = (int)(target / TT_LEVEL);
	if ((ttfile_path(paths->build, target, four_pair, build,
	    sizeof build) == -1 || map_file(build, k, four_pair, &w) == -1) &&
	    map_file(data, k, four_pair, &w) == -1 &&
	    map_file(path, k, four_pair, &w) == -1 &&
	    (ttfile_write(path, target, four_pair, 1) == -1 ||
	    map_file(path, k, four_pair, &w) == -1))
		return NULL;
	maps[nmaps].target = target;
	maps[nmaps].four_pair = four_pair;
	maps[nmaps].w = w;
	return &maps[nmaps++].w;
}
