"""How well the search's models of the other player predict its cards (development tool,
not shipped logic; figures in docs/ai-history.md).

The search's rollouts play the other's cards with the rule player; ``reply_model: "net:NAME"``
draws the other's next card from a policy network's chances instead (game/ai/reply.py).  This
plays two-player hands between ``normal`` (seat 0) and an opponent and, at every choice of the
opponent (two cards or more, no cambio), compares the card it played with each model's: how
often the rule player's card is it, how often the network's favourite is it, and the mean log
chance the network gave it (a uniform guess over the hand: about -1.0 with three cards).

    python tools/reply_prediction.py --opponent net --opponent-opts '{"network": "net-b"}' --hands 200
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_player  # noqa: E402
from game.ai.heuristic import rule_move  # noqa: E402
from game.ai.knowledge import knowledge_of  # noqa: E402
from game.ai.network import load_network, probabilities  # noqa: E402
from game.fast import SWAP_MOVE  # noqa: E402
from game.hand import Hand  # noqa: E402
from game.rules import Rules  # noqa: E402


def choices(hands: int, seed: int, opponent: str, options: dict, rules: Rules):
    """(the opponent's observation, the card it played) at each of its choices."""
    for deal in range(1, hands + 1):
        hand = Hand.deal(rules, deal % 2, random.Random(f"{seed}-{deal}"))
        players = [make_player("normal", random.Random(deal)),
                   make_player(opponent, random.Random(-deal), **options)]
        while not hand.over:
            seat = hand.turn
            obs = hand.observation(seat)
            move = players[seat].choose(obs)
            if seat == 1 and len(obs.hand) > 1 and SWAP_MOVE not in hand.legal_moves() and move != SWAP_MOVE:
                yield obs, int(move)
            hand.play(move)


def measure(hands: int, seed: int, opponent: str, options: dict, rules: Rules, nets: list[str]) -> dict:
    rows = {"all": [], "reply": [], "lead": []}
    loaded = [load_network(n) for n in nets]
    for obs, card in choices(hands, seed, opponent, options, rules):
        held = sorted(int(c) for c in obs.hand)
        table = [int(c) for _, c in obs.table]
        know = knowledge_of(obs)
        rule = rule_move(held, table, 2, obs.seat, obs.leader, obs.trump, know.unseen_mask, obs.stock_count > 0)
        row = {"rule": rule == card, "uniform": -math.log(len(held))}
        for name, net in zip(nets, loaded):
            p = probabilities(net, obs, held)
            row[name + " top"] = held[max(range(len(held)), key=p.__getitem__)] == card
            row[name + " log"] = math.log(max(p[held.index(card)], 1e-12))
        rows["all"].append(row)
        rows["reply" if table else "lead"].append(row)
    return rows


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opponent", default="net", help="the level or sparring player whose cards are predicted")
    ap.add_argument("--opponent-opts", default='{"network": "net-b"}', help="its options as JSON")
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rules", default='{"swap_seven": false}', help="rules as JSON")
    ap.add_argument("--nets", default="net-a-small", help="comma-separated networks to compare")
    args = ap.parse_args(argv)
    if args.hands < 1:
        ap.error("--hands must be at least 1")
    try:
        rules = Rules.from_json(dict(json.loads(args.rules), players=2))
        opts = json.loads(args.opponent_opts)
        make_player(args.opponent, random.Random(0), **opts)
        nets = [n for n in args.nets.split(",") if n]
        for n in nets:
            load_network(n)
    except ValueError as err:
        ap.error(str(err))
    rows = measure(args.hands, args.seed, args.opponent, opts, rules, nets)
    print(f"predicting {args.opponent} {args.opponent_opts}: {args.hands} hands, seed {args.seed}")
    for part, rs in rows.items():
        if not rs:
            continue
        line = f"  {part:<5} {len(rs):5d} choices: rule player's card {statistics.fmean(r['rule'] for r in rs):.3f}"
        for n in nets:
            logs = [r[n + ' log'] for r in rs]
            se = statistics.stdev(logs) / len(logs) ** 0.5 if len(logs) > 1 else 0.0
            line += (f"; {n} favourite {statistics.fmean(r[n + ' top'] for r in rs):.3f},"
                     f" mean log chance {statistics.fmean(logs):+.3f} (± {1.96 * se:.3f})")
        line += f"; uniform {statistics.fmean(r['uniform'] for r in rs):+.3f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
