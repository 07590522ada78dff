/*
 * game-core.h: what game.c, entry.c, replay.c and snapshot.c share
 * beyond game.h; for those files alone, not the rules nor the commands.
 */
#ifndef SHAKEREF_GAME_CORE_H
#define SHAKEREF_GAME_CORE_H

#include <stdarg.h>

#include "buf.h"
#include "game.h"

/* game.c: a refusal set with a formatted reason (ruling_refuse's). */
void	ruling_vrefuse(struct ruling *r, int status, const char *fmt,
	    va_list ap) __attribute__((format(printf, 3, 0)));
/* game.c: back to an accepted ruling with no words, keeping the memory. */
void	ruling_reset(struct ruling *r);

/* entry.c: argc words joined with single spaces, trimmed, into b. */
void	entry_join(int argc, char *const *argv, struct buf *b);

/* replay.c: e, unparsed, for stored entry se of a game of g. */
void	entry_of(const struct game_rules *g, struct entry *e,
	    const struct stored_entry *se);
/* replay.c: every pooled state freed. */
void	replay_snap_clear(struct replay *rp);
/* replay.c: the names, title and state back as the game was created. */
void	replay_meta_reset(struct replay *rp);
/* replay.c: stored entry se parsed and applied to st: r's status. */
int	replay_apply(struct replay *rp, struct game_state *st,
	    const struct stored_entry *se, struct ruling *r);

#endif
