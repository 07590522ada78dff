#!/usr/bin/python3
"""tests/cli/ratings-gen.py: finished games with chosen results, for
tests/cli/ratings.sh: an export of real shake-a-word games (round mode on
the tiny dictionary: a player's score is the rounds they won alone, so any
ranking can be played, ties included), and the same results as a list for
a second computation.

    ratings-gen.py SEED N EXPORT RESULTS

Game k finishes at 2026-09-01 00:00 UTC plus k hours; 2 to 8 players of a
pool of 12, each name written in a random case (one player whatever the
case: SPEC.md "Player names"); scores 0 to 3 (at least one above 0).
RESULTS: [{"players": [...], "scores": [...], "at": ...}, ...] in the
order the games finished."""
import json
import random
import sys

seed, n, export, results = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
rnd = random.Random(seed)
pool = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy",
        "Jon", "Kim", "Lou"]
base = 1788220800  # 2026-09-01T00:00:00Z
options = {"accents": "fold", "check": "challenged", "coach": "on",
           "compounds": "off", "dict": "tiny", "nouns": "auto",
           "scoring": "seed", "scoring-mode": "round"}


def iso(t):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def spell(name):
    return rnd.choice([name, name.lower(), name.upper()])


games, out = [], []
for k in range(n):
    size = rnd.randint(2, 8)
    names = [spell(p) for p in rnd.sample(pool, size)]
    scores = [rnd.randint(0, 3) for _ in names]
    if max(scores) == 0:
        scores[rnd.randrange(size)] = 1
    rounds = [i for i in range(size) for _ in range(scores[i])]
    rnd.shuffle(rounds)
    at = iso(base + 3600 * k)
    entries = []

    def add(player, verb, args):
        entries.append({"n": len(entries) + 1, "player": player,
                        "verb": verb, "args": args, "fact": None,
                        "at": at})
    for i in rounds:
        add(None, "grid", ["CATS", "ORED", "DOGS", "QUITE"])
        add(names[i], "words", [names[i], "cats"])
        add(None, "score", [])
    add(None, "finish", [])
    games.append({"uid": "%032x" % rnd.getrandbits(128),
                  "rules": "shake-a-word", "title": None,
                  "options": options, "created": at, "state": "finished",
                  "players": names, "entries": entries})
    out.append({"players": names, "scores": scores, "at": base + 3600 * k})
with open(export, "w") as f:
    json.dump({"shakeref": 1, "games": games}, f)
with open(results, "w") as f:
    json.dump(out, f)
