/*
 * status.h: the exit statuses of SPEC.md, in one place.  A ruling's
 * status (game.h) and every command's return value are one of these.
 *
 * A ruling's status (RULING_* in game.h) is defined as one of these.
 * Nothing else spells an exit status as a number (tests/cli/knowledge.sh).
 */
#ifndef SHAKEREF_STATUS_H
#define SHAKEREF_STATUS_H

enum sr_exit {
	SR_OK = 0,		/* success */
	SR_RULES = 1,		/* refused by the rules */
	SR_USAGE = 2,		/* malformed command line or entry */
	SR_DATA = 3,		/* no such game or player, game over, corrupt */
	SR_SYSTEM = 4,		/* database, dictionary, disk, output */
	SR_UPHELD = 5		/* accepted: a challenge was upheld */
};

#endif
