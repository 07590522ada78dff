/*
 * test-shake.c: the Shake rules module, ruling by ruling.
 */
#include "harness.h"

extern const struct game_rules game_shake;

int
main(void)
{
	struct th t;

	th_start(&t, &game_shake, "Ann,Bob,Cid", NULL);
	is_int(th_do(&t, "roll 40 40 60"), 0, "SH-5: a colored roll is accepted");
	is_int(th_score(&t, "Ann"), 40, "SH-5: Ann matched 40");
	is_str(th_turn(&t), "Cid", "SH-6: Cid chooses");
	th_end(&t);
	return tap_done();
}
