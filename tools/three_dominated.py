"""Three players, the stock out: how often a level plays a card beaten on every deal (development tool).

Plays seeded hands with LEVEL at every seat (deck ``Random(f"w-{seed}-{i}")``, dealer ``i % 3``, seat
s's player ``Random(f"bot-{seed}-{i}-{s}")``: an outside tester's scheme) and, at every decision
after the stock with a choice, solves every deal the mover thinks possible under both readings of
the others' play (``search.solve_three``: paranoid and max^n). It counts the decisions, those whose
card another beats on every deal under both readings ("beaten"; leads apart), those where another is
better only in the mean (``search.three_best``, the hint's rule), and the CPU time of the level's
choice at those decisions (p50 / p95 / max, ms, ``time.thread_time``). docs/ai-history.md, thirty-eighth round.

    python tools/three_dominated.py hard --hands 25 --seed 7 [--opts '{"exact_three": false}']
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai import make_player  # noqa: E402
from game.ai.knowledge import knowledge_of  # noqa: E402
from game.ai.search import deal_states, solve_three, three_best, three_dominant  # noqa: E402
from game.fast import from_move  # noqa: E402
from game.hand import Hand  # noqa: E402
from game.rules import Rules  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("level")
    ap.add_argument("--hands", type=int, default=25)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--opts", default="{}", help="the level's options, JSON")
    args = ap.parse_args(argv)
    rules = Rules(players=3)
    count = {"decisions": 0, "beaten": 0, "beaten_leads": 0, "mean_better": 0}
    times = []
    for i in range(args.hands):
        deck = list(rules.deck())
        random.Random(f"w-{args.seed}-{i}").shuffle(deck)
        hand = Hand.from_deck(rules, i % 3, deck)
        players = [make_player(args.level, random.Random(f"bot-{args.seed}-{i}-{s}"), **json.loads(args.opts))
                   for s in range(3)]
        while not hand.over:
            seat = hand.turn
            obs = hand.observation(seat)
            started = time.thread_time()
            move = players[seat].choose(obs)
            spent = time.thread_time() - started
            cards = sorted({from_move(m) for m in obs.legal_moves})
            if hand.stock_count == 0 and len(cards) > 1:
                played = from_move(move)
                count["decisions"] += 1
                times.append(spent * 1000)
                per = [solve_three(st, seat, cards) for st in deal_states(obs, knowledge_of(obs))]
                if three_dominant({c: [v[c] for v in per] for c in cards}, played) != played:
                    count["beaten"] += 1
                    count["beaten_leads"] += not obs.table
                    print(f"beaten: hand {i} seat {seat} cards {' '.join(map(str, obs.hand))} "
                          f"table {' '.join(str(c) for _, c in obs.table) or '-'} played {move}", flush=True)
                mean = {c: tuple(sum(v[c][j] for v in per) / len(per) for j in (0, 1)) for c in cards}
                count["mean_better"] += three_best(mean, played)[0] != played
            hand.play(move)
    times.sort()
    at = (lambda p: round(times[min(len(times) - 1, int(p * len(times)))], 1)) if times else (lambda p: None)
    print(json.dumps({"level": args.level, "hands": args.hands, "seed": args.seed, **count,
                      "ms_p50": at(0.5), "ms_p95": at(0.95), "ms_max": at(1.0)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
