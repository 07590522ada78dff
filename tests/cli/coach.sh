#!/bin/sh
# tests/cli/coach.sh: the coach's advice in status (words, JSON, the
# option coach), checked against values computed here, independently of
# the code (awk).
. "$SRCDIR/tests/cli/lib.sh"

SQ="'"

# shake_value FACES TOTAL [ROLL]: a Shake shaker's average round score from
# TOTAL with best play (bank or shake on), or with ROLL=1 the value of one
# more shake and best play after.  Value iteration from a cap where banking
# is surely best: v(t) = max(t, sum_i P(i tens) v(t + 10 i)), 0 on six 0s.
shake_value() {
	awk -v f="$1" -v t0="$2" -v roll="${3:-0}" 'BEGIN {
		p = f / 6
		for (i = 0; i <= 6; i++) {
			c = 1
			for (k = 1; k <= i; k++)
				c = c * (6 - k + 1) / k
			q[i] = c * p ^ i * (1 - p) ^ (6 - i)
		}
		cap = 5000
		for (k = cap; k >= 0; k--) {
			if (k + 6 > cap) { v[k] = 10 * k; continue }
			r = 0
			for (i = 1; i <= 6; i++)
				r += q[i] * v[k + i]
			on[k] = r
			v[k] = r > 10 * k ? r : 10 * k
		}
		x = roll ? on[t0 / 10] : v[t0 / 10]
		printf "%.1f\n", x
	}'
}

test_expect_success 'status --json: advice null where the table enters' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr --json status >out &&
	json ".advice == null"
'

test_expect_success 'shake: take or shake, by the average a shake is worth (SH-6)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 40 20 >/dev/null &&
	sr --json status >out &&
	v=$(shake_value 2 0) &&
	json ".advice | keys == [\"basis\",\"moves\",\"say\"]" &&
	json ".advice.basis == \"points\"" &&
	json "[.advice.moves[].entry] == [\"shake\",\"take\"]" &&
	json ".advice.moves[0].value == $v and .advice.moves[1].value == 40" &&
	json ".advice.say | startswith(\"shake\")" &&
	expect_exit 0 sr status && expect_out "coach: shake"
'

test_expect_success 'shake: a 60 is better taken than shaken with one face of ten (SH-2 shake-faces)' '
	sr new --game shake --players Ann,Bob --option shake-faces=1 >/dev/null &&
	sr roll 60 20 >/dev/null &&
	sr --json status >out &&
	v=$(shake_value 1 0) &&
	json "[.advice.moves[].entry] == [\"take\",\"shake\"]" &&
	json ".advice.moves[1].value == $v"
'

test_expect_success 'shake: bank or roll on, the value of one more shake (SH-7)' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	sr roll 40 20 >/dev/null && sr shake >/dev/null &&
	sr --json status >out && json ".advice == null" &&
	sr roll 10 10 10 0 0 0 >/dev/null &&
	sr --json status >out &&
	v=$(shake_value 2 30 1) &&
	json "[.advice.moves[].entry] == [\"roll\",\"bank\"]" &&
	json ".advice.moves[0].value == $v and .advice.moves[1].value == 30" &&
	for i in 1 2 3 4 5 6 7 8; do sr roll 10 10 10 10 0 0 >/dev/null; done &&
	sr --json status >out &&
	json ".shake_total == 350" &&
	v=$(shake_value 2 350 1) &&
	json "[.advice.moves[].entry] == [\"bank\",\"roll\"]" &&
	json ".advice.moves[1].value == $v"
'

test_expect_success 'coach=off: no advice, no odds, listed in options (RULES.md coach)' '
	sr new --game shake --players Ann,Bob --option coach=off >/dev/null &&
	sr roll 40 20 >/dev/null &&
	sr --json status >out &&
	json ".advice == null and .options.coach == \"off\"" &&
	expect_exit 0 sr status &&
	! grep -q "coach:" out && ! grep -q "on average" out &&
	expect_exit 2 sr new --game shake --players Ann,Bob --option coach=maybe &&
	expect_err "on, off"
'

test_expect_success 'advice in status --json for every game: shape, best first, off with coach=off' '
	for c in on off; do
		sr new --game shake-up --players Ann,Bob --option coach=$c >/dev/null &&
		sr roll 6 2 >/dev/null && sr roll 3 4 6 6 >/dev/null &&
		sr --json status >out &&
		if [ $c = on ]; then
			json ".advice.basis == \"chance\" and .advice.moves[0].entry == \"keep 3 4\"" &&
			json "[.advice.moves[].value] | . == (sort | reverse)" &&
			json ".advice.moves | all(.value >= 0 and .value <= 1)"
		else
			json ".advice == null"
		fi &&
		sr new --game tower --players Ann,Bob,Cid --option coach=$c >/dev/null &&
		sr roll 1 2 3 3 5 >/dev/null &&
		sr --json status >out &&
		if [ $c = on ]; then
			json ".advice.basis == \"points\" and [.advice.moves[].entry] == [\"place 1 2 3\", \"place 1 2\", \"place 1\"]"
		else
			json ".advice == null"
		fi &&
		sr new --game 10000 --players Ann,Bob --option coach=$c >/dev/null &&
		sr roll 1 5 2 3 4 6 >/dev/null &&
		sr --json status >out &&
		if [ $c = on ]; then
			json "(.advice == null) or (.advice | keys == [\"basis\",\"moves\",\"say\"])"
		else
			json ".advice == null"
		fi || return 1
	done &&
	SHAKEREF_DICT_PATH="$SRCDIR/tests/data" sr new --game word \
	    --players Ann,Bob --option dict=tiny >/dev/null &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr --json status >out && json ".advice == null"
'

test_expect_success 'shake-up in words: the coach line names the hold, off hides the odds' '
	sr new --game shake-up --players Ann,Bob >/dev/null &&
	sr roll 6 2 >/dev/null && sr roll 3 4 6 6 >/dev/null &&
	expect_exit 0 sr status &&
	expect_out "coach: keep 3 4: " && expect_out "(A) or (B)" &&
	sr new --game shake-up --players Ann,Bob --option coach=off >/dev/null &&
	sr roll 6 2 >/dev/null && sr roll 3 4 6 6 >/dev/null &&
	expect_exit 0 sr status &&
	! grep -q "coach:" out && ! grep -q "%" out
'

test_expect_success 'review: every decision, the best move, its cost; luck from the same values (SH-6, SH-7)' '
	sr new --game shake --players Ann,Bob,Cid >/dev/null &&
	sr roll 40 20 30 >/dev/null && sr take >/dev/null &&
	sr shake >/dev/null && sr roll 10 0 0 10 10 0 >/dev/null &&
	sr roll 10 0 0 10 10 10 >/dev/null && sr bank >/dev/null &&
	sr roll 60 20 10 >/dev/null && sr take >/dev/null &&
	sr take >/dev/null && sr shake >/dev/null &&
	sr roll 0 0 0 0 0 0 >/dev/null &&
	sr --json review >out &&
	json "keys == [\"basis\",\"decisions\",\"game\",\"players\",\"rules\"]" &&
	json ".game == 1 and .rules == \"shake\" and .basis == \"points\"" &&
	json ".decisions[] | keys == [\"best\",\"cost\",\"made\",\"n\",\"player\"]" &&
	json ".players[] | keys == [\"cost\",\"decisions\",\"luck\",\"name\"]" &&
	json "[.decisions[] | [.n, .player, .made, .best]] == [[2,\"Ann\",\"take\",\"shake\"],[3,\"Cid\",\"shake\",\"shake\"],[5,\"Cid\",\"roll\",\"roll\"],[6,\"Cid\",\"bank\",\"roll\"],[8,\"Ann\",\"take\",\"shake\"],[9,\"Bob\",\"take\",\"shake\"],[10,\"Cid\",\"shake\",\"shake\"]]" &&
	v0=$(shake_value 2 0) && v70=$(shake_value 2 70) &&
	on70=$(shake_value 2 70 1) &&
	c1=$(awk -v v="$v0" "BEGIN { printf \"%.1f\", v - 40 }") &&
	c6=$(awk -v v="$on70" "BEGIN { printf \"%.1f\", v - 70 }") &&
	json ".decisions[0].cost == $c1 and .decisions[3].cost == $c6" &&
	json ".decisions[1].cost == 0 and .decisions[2].cost == 0" &&
	cost=$(awk -v a="$v0" "BEGIN { printf \"%.1f\", (a - 40) + (a - 60) }") &&
	json ".players[0] | .name == \"Ann\" and .decisions == 2 and .cost == $cost" &&
	luck=$(awk -v a="$v0" -v b="$v70" "BEGIN { printf \"%.1f\", (b - a) + (0 - a) }") &&
	json ".players[2] | .decisions == 4 and (.luck - $luck | fabs) < 0.15" &&
	json ".players[0].luck == 0 and .players[1].luck == 0" &&
	expect_exit 0 sr review &&
	expect_out "biggest mistakes:" &&
	bob=$(awk -v v="$v0" "BEGIN { printf \"%.1f points fewer on average (20.0 instead of %.1f)\", v - 20, v }") &&
	expect_out "entry 9, round 2, Bob chose to take; the coach would shake: a blunder, $bob" &&
	! grep -q "roll 10 0 0 10 10 10" out &&
	expect_out "scores over the game" &&
	# Labels and ratings (man/shakeref.1): a share of the best move'"$SQ"'s
	# points lost, doubtful from 3%, bad from 8%, a blunder from 15%;
	# the rating by the average share a decision.
	ann=$(awk -v v="$v0" "BEGIN { e = ((v - 40) / v + (v - 60) / v) / 2
		r = e < 0.005 ? \"world class\" : e < 0.01 ? \"expert\" : e < 0.02 ? \"advanced\" : e < 0.04 ? \"intermediate\" : e < 0.08 ? \"casual\" : \"beginner\"
		printf \"Ann: 2 decisions (0 fine, 0 doubtful, 0 bad, 2 blunders); %.1f points given away, %.1f a decision; rating: %s\", 2 * v - 100, v - 50, r }") &&
	expect_out "$ann" &&
	cid=$(awk -v c="$c6" -v on="$on70" "BEGIN { e = c / on
		l = e >= 0.15 ? \"blunder\" : e >= 0.08 ? \"bad\" : e >= 0.03 ? \"doubtful\" : \"fine\"
		n[\"fine\"] = 3; n[l]++
		r = e / 4 < 0.005 ? \"world class\" : e / 4 < 0.01 ? \"expert\" : e / 4 < 0.02 ? \"advanced\" : e / 4 < 0.04 ? \"intermediate\" : e / 4 < 0.08 ? \"casual\" : \"beginner\"
		printf \"Cid: 4 decisions (%d fine, %d doubtful, %d bad, %d blunder%s); %.1f point%s given away, %.1f a decision; rating: %s\", n[\"fine\"], n[\"doubtful\"], n[\"bad\"], n[\"blunder\"], n[\"blunder\"] == 1 ? \"\" : \"s\", c, c == 1 ? \"\" : \"s\", c / 4, r }") &&
	expect_out "$cid"
'

test_expect_success 'review: keeps from one roll are one decision, charged once; the coach values keeping more (TT-3, TT-1)' '
	sr new --game 10000 --players Ann,Bob,Cid >/dev/null &&
	sr roll 1 1 1 1 2 3 >/dev/null && sr keep 1 1 1 >/dev/null &&
	# Four 1s are 2000 (TT-1): keep the fourth and bank (two dice
	# rolled from 2000 farkle a third of the time); three are 1000.
	sr --json status >out &&
	json ".advice.moves[0].entry == \"keep 1\" and .advice.moves[0].value == 2000" &&
	json "[.advice.moves[].entry] | index(\"bank\") != null" &&
	json "(.advice.moves[] | select(.entry == \"bank\") | .value) == 1000" &&
	sr bank >/dev/null &&
	sr --json review >out &&
	json "[.decisions[] | [.n, .player, .made, .best, .cost]] == [[2,\"Ann\",\"keep 1 1 1\",\"keep 1 1 1 1\",1000],[3,\"Ann\",\"bank\",\"bank\",0]]" &&
	json ".players[0].cost == 1000 and .players[0].decisions == 2" &&
	expect_exit 0 sr review &&
	expect_out "Ann chose to keep 1 1 1; the coach would keep 1 1 1 1: a blunder, 1000.0 points fewer on average (1000.0 instead of 2000.0)" &&
	expect_out "Ann: 2 decisions (1 fine, 0 doubtful, 0 bad, 1 blunder); 1000.0 points given away, 500.0 a decision; rating: beginner" &&
	sr new --game 10000 --players Ann,Bob,Cid >/dev/null &&
	sr roll 1 1 1 1 2 3 >/dev/null && sr keep 1 1 >/dev/null &&
	sr note "two keeps from one roll" >/dev/null &&
	sr keep 1 1 >/dev/null && sr bank >/dev/null &&
	sr --json review >out &&
	json "[.decisions[] | [.n, .made, .best, .cost]] == [[2,\"keep 1 1 1 1\",\"keep 1 1 1 1\",0],[5,\"bank\",\"bank\",0]]" &&
	expect_exit 0 sr review &&
	expect_out "no mistakes: every decision was fine by the coach"
'

test_expect_success 'review: Shake Up keeps from one shake are one decision, locked or free (SU-3)' '
	for mode in locked free; do
		sr new --game shake-up --players Ann,Bob --option reroll=$mode >/dev/null &&
		sr roll 6 2 >/dev/null && sr roll 3 4 6 6 >/dev/null &&
		sr --json status >out &&
		best=$(jq -r ".advice.moves[0].entry" out) &&
		bv=$(jq ".advice.moves[0].value" out) &&
		kv=$(jq "[.advice.moves[] | select(.entry == \"keep 6 6\") | .value][0]" out) &&
		sr keep 6 >/dev/null &&
		if [ $mode = locked ]; then sr keep 6 >/dev/null; else sr keep 6 6 >/dev/null; fi &&
		sr roll 1 2 >/dev/null && sr stand >/dev/null &&
		sr --json review >out &&
		json ".decisions[0] | .n == 3 and .made == \"keep 6 6\" and .best == \"$best\"" &&
		json "(.decisions[0].cost - ($bv - $kv)) | fabs < 0.00015" &&
		json "[.decisions[].n] | index(4) == null" || return 1
	done &&
	# free: the roll after the keeps shakes what was not kept, no
	# decision of its own; locked: it is the roll against standing
	json "[.decisions[].n] == [3, 6]" &&
	sr -g 1 --json review >out &&
	json "[.decisions[] | [.n, .made]] == [[3, \"keep 6 6\"], [5, \"roll\"], [6, \"stand\"]]"
'

test_expect_success '10,000: a bank that reaches the target says so, in words (TT-8)' '
	sr new --game 10000 --players Ann,Bob,Cid --option target=2000 >/dev/null &&
	sr play <<-EOF &&
	roll 1 1 1 5 5 2
	keep 1 1 1 5 5
	bank
	fresh
	roll 2 3 4 6 2 3
	roll 2 3 4 6 2 3
	roll 1 1 1 5 2 3
	keep 1 1 1 5
	EOF
	# Ann has 1100 and 1050 on the table: 2150 reaches 2000.
	sr --json status >out &&
	json ".players[0].score == 1100 and .turn_total == 1050" &&
	json ".advice.moves[0].entry == \"bank\" and .advice.moves[0].value == 900" &&
	expect_exit 0 sr status &&
	expect_out "coach: bank: reaches 2000 and wins (roll 2 dice: " &&
	! grep -q "expected" out
'

test_expect_success 'review on the chance to win: no chance summed past 100%, labels by its thresholds (TT-7)' '
	sr new --game 10000 --players Ann,Bob >/dev/null &&
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
		printf "roll 1 2 3 4 6 6\nkeep 1\nbank\nfresh\n" || return 1
	done >lines &&
	sr play <lines >/dev/null &&
	sr --json review >out &&
	json ".basis == \"win\"" &&
	json "[.players[] | .cost <= 1 and .cost >= 0] | all" &&
	avg=$(jq "[.decisions[] | select(.player == \"Ann\") | .cost] | add / length" out) &&
	json "(.players[0].cost - $avg) | fabs < 0.0002" &&
	counts=$(jq -r "[.decisions[] | select(.player == \"Ann\") | .cost | if . >= 0.08 then 3 elif . >= 0.04 then 2 elif . >= 0.02 then 1 else 0 end] | \"\\(map(select(. == 0)) | length) fine, \\(map(select(. == 1)) | length) doubtful, \\(map(select(. == 2)) | length) bad\"" out) &&
	expect_exit 0 sr review &&
	expect_out "Ann: 18 decisions ($counts" &&
	pc=$(awk -v a="$avg" "BEGIN { printf \"%.1f\", 100 * a }") &&
	expect_out "each decision lowered the chance to win by $pc% on average" &&
	! grep -Eq "[0-9]{3,}\.[0-9]%" out
'

test_expect_success 'review: the chart fits the terminal width, one line per player, blocks to the top score' '
	sr new --game shake --players Ann,Bob >/dev/null &&
	for i in 1 2 3 4 5 6 7 8 9 10; do
		sr roll 60 10 >/dev/null && sr take >/dev/null && sr take >/dev/null || return 1
	done &&
	COLUMNS=40 sr review >out &&
	grep "^  Ann " out >ann && grep "^  Bob " out >bob &&
	w=$(LC_ALL=C sed "s/\xe2\x96[\x81-\x88]/x/g" ann | LC_ALL=C awk "{ print length }") &&
	[ "$w" -le 40 ] && [ "$w" -ge 30 ] &&
	grep -q "█ 600\$" ann && grep -q "^  Bob  *▁.*▂ 100\$" bob &&
	sr --json review >out && json ".decisions | length == 20"
'

test_expect_success 'review works with coach=off, on a game in progress; exit 3 with no game' '
	expect_exit 3 sr review &&
	sr new --game shake-up --players Ann,Bob --option coach=off >/dev/null &&
	sr roll 6 2 >/dev/null && sr roll 3 4 6 6 >/dev/null &&
	sr stand >/dev/null &&
	sr --json review >out &&
	json ".basis == \"chance\" and .decisions[0].made == \"stand\" and .decisions[0].best == \"keep 3 4\"" &&
	json ".decisions[0].cost > 0.8 and .decisions[0].cost < 0.9" &&
	expect_exit 2 sr review extra
'

test_expect_success 'review of shake-a-word: the share of the board each player found, the best words missed' '
	export SHAKEREF_DICT_PATH="$SRCDIR/tests/data" &&
	sr new --game word --players Ann,Bob --option dict=tiny >/dev/null &&
	sr grid CATS ORED DOGS QUITE >/dev/null &&
	sr words Ann cat dog >/dev/null && sr words Bob cat rod >/dev/null &&
	sr score >/dev/null &&
	sr --json solve >out && best=$(jq .best_score out) &&
	expect_exit 0 sr review &&
	expect_out "every valid word of 1 scored round: $best" &&
	pct=$(awk -v b="$best" "BEGIN { printf \"%.0f\", 200 / b }") &&
	expect_out "Ann found 2 ($pct%); best missed: quite, quits" &&
	expect_out "Bob found 1 (" &&
	sr --json review >out &&
	json ".decisions == [] and [.players[].decisions] == [0, 0]"
'

test_expect_success 'review of shake-a-word counts letters, not bytes: the board as solve values it (SW-4)' '
	dict_make de_TEST "SET UTF-8\n" "3\nrübe\nübel\ngar\n" &&
	export XDG_CACHE_HOME="$PWD/cache" &&
	sr new --game word --players Ann,Bob --option dict=de_TEST >/dev/null &&
	sr grid ÜBE RLA GAR >/dev/null &&
	sr words Ann übel gar >/dev/null && sr words Bob gar >/dev/null &&
	sr score >/dev/null &&
	sr --json solve >out &&
	json ".best_score == 3" &&
	expect_exit 0 sr review &&
	expect_out "every valid word of 1 scored round: 3" &&
	expect_out "Ann found 2 (67%); best missed: rübe" &&
	expect_out "Bob found 1 (33%); best missed: rübe, übel"
'

test_expect_success 'shake: the order of a tie, by the chooser'"$SQ"'s chance to win (SH-9, SH-8)' '
	order_game &&
	sr --json status >out &&
	json ".expect == [\"order\"] and .turn == \"Cid\"" &&
	json ".advice.basis == \"win\"" &&
	json "[.advice.moves[].entry] == [\"order Dan Cid\",\"order Cid Dan\"]" &&
	json ".advice.moves[0].value > .advice.moves[1].value + 0.01" &&
	json ".advice.say | startswith(\"order Dan Cid: Cid wins\")" &&
	jq ".advice.moves[].value" out >top &&
	expect_exit 0 sr status &&
	expect_out "coach: order Dan Cid: Cid wins" &&
	expect_out "of the time shaking 2nd of the 2 tied (1st " &&
	sr order Dan Cid >/dev/null && sr roll 20 30 >/dev/null &&
	sr --json status >out &&
	json ".turn == \"Bob\" and .advice.basis == \"win\"" &&
	json "[.advice.moves[].entry] == [\"order Ann Bob\",\"order Bob Ann\"]" &&
	jq ".advice.moves[].value" out >>top &&
	awk "{ s += \$1 } END { exit !(s > 0.9997 && s < 1.0003) }" top
'

test_expect_success 'shake: the order'"$SQ"'s chances follow shake-faces (SH-2, SH-9)' '
	order_game --option shake-faces=4 &&
	sr --json status >out &&
	jq ".advice.moves[].value" out >four &&
	order_game &&
	sr --json status >out &&
	jq ".advice.moves[].value" out >two &&
	! cmp -s four two
'

test_expect_success 'shake: no order advice with coach=off (SH-9)' '
	order_game --option coach=off &&
	sr --json status >out &&
	json ".expect == [\"order\"] and .advice == null" &&
	expect_exit 0 sr status &&
	! grep -q "coach:" out &&
	! grep -q "tied (1st" out
'

test_expect_success 'review: a worse order costs the chooser'"$SQ"'s chance (SH-9)' '
	order_game &&
	sr --json status >out &&
	best=$(jq ".advice.moves[0].value" out) &&
	worse=$(jq ".advice.moves[1].value" out) &&
	sr order cid dan >/dev/null &&
	sr --json review >out &&
	json ".decisions | length == 1" &&
	json ".decisions[0].player == \"Cid\" and .decisions[0].made == \"order Cid Dan\"" &&
	json ".decisions[0].best == \"order Dan Cid\"" &&
	json "(.decisions[0].cost - ($best - $worse)) | fabs < 0.00015" &&
	json ".decisions[0].cost > 0.01" &&
	expect_exit 0 sr review &&
	words=$(awk -v b="$best" -v w="$worse" "BEGIN { c = b - w
		l = c >= 0.08 ? \"a blunder\" : c >= 0.04 ? \"bad\" : c >= 0.02 ? \"doubtful\" : \"fine\"
		printf \"%s, a chance to win of %.1f%% instead of %.1f%%\", l, 100 * w, 100 * b }") &&
	expect_out "Cid chose to order Cid Dan; the coach would order Dan Cid: $words"
'

test_done
