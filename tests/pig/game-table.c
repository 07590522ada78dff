/*
 * game-table.c: src/games/game-table.c with the fixture game Pig in its
 * game table, for the test binary shakeref-pig alone (Makefile.am
 * "-- pig").  Its objects take the place of libsr.a's game-table.o.
 */
#define SR_FIXTURE_PIG 1
#include "../../src/games/game-table.c"
