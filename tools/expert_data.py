"""Record the expert's choices for expert iteration (development tool; pure Python).

Why (issue 13, fifteenth round): the expert's search plays from three networks distilled from
net-a (the prior card, the reading, the rollouts) and scores about 0.60 against net-a.  A network
that imitates the search's own choices plays closer to the search than to net-a; searching from
it (its card as the rollouts', or as the prior) is one step of expert iteration.  This script
plays two-player hands (no cambio, the outside check's rules) with the expert at both seats and
writes, for every decision with two or more cards, what a policy network sees and what the
search chose:

    {"hand": i, "decisions": [{"active": [...], "mine": 12, "theirs": 30, "cards": [...],
                                "choice": 7, "values": {"7": 0.61, ...}}, ...]}

``active``/``mine``/``theirs`` are game.ai.network.observation_inputs (the 162 inputs), ``values``
the search's mean value of each card (``SearchPlayer.last_values``).  With ``--epsilon E`` a
uniformly random card is played instead of the search's a fraction E of the time (the record
keeps the search's choice), so that the positions are not all the expert's own.  One JSON line
per hand, flushed as it ends: a killed run is continued with ``--resume`` (the last line, if
cut short, is dropped and its hand played again).

    python tools/expert_data.py --hands 1200 --start 0    --seed 1 --epsilon 0.05 --out xd-0.jsonl
    python tools/expert_data.py --hands 1200 --start 1200 --seed 1 --epsilon 0.05 --out xd-1.jsonl

Hand ``i`` is dealt and played from seeds made of ``--seed`` and ``i`` alone, so the two
commands above play disjoint hands and re-running one writes the same lines.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_player  # noqa: E402
from game.ai.network import observation_inputs  # noqa: E402
from game.cli.jsonl import complete_lines, open_to_append  # noqa: E402
from game.fast import SWAP_MOVE  # noqa: E402
from game.hand import Hand  # noqa: E402
from game.rules import Rules  # noqa: E402

RULES = {"swap_seven": False}


def play_hand(i: int, seed: int, epsilon: float, level: str = "expert", opts: dict | None = None) -> list[dict]:
    """The decisions of hand ``i``: both seats played by ``level`` (with ``opts``; a level that
    does not search records no values)."""
    rules = Rules.from_json(RULES)
    deck = list(rules.deck())
    random.Random(f"xd-deck-{seed}-{i}").shuffle(deck)
    hand = Hand.from_deck(rules, i % 2, deck)
    players = [make_player(level, random.Random(f"xd-p-{seed}-{i}-{s}"), **(opts or {})) for s in (0, 1)]
    wild = random.Random(f"xd-e-{seed}-{i}")
    out = []
    while not hand.over:
        seat = hand.turn
        obs = hand.observation(seat)
        cards = [int(c) for c in obs.hand]
        move = players[seat].choose(obs)
        if len(cards) > 1 and move != SWAP_MOVE:
            active, extra = observation_inputs(obs)
            values = getattr(players[seat], "last_values", {})   # a rule or random level: none
            out.append({"active": active, "mine": obs.points[seat], "theirs": obs.points[1 - seat],
                        "cards": cards, "choice": int(move),
                        "values": {str(int(c)): round(v, 5) for c, v in values.items() if c != SWAP_MOVE}})
            if wild.random() < epsilon:
                move = obs.hand[wild.randrange(len(cards))]
        hand.play(move)
    return out


def done_hands(path: Path) -> set[int]:
    """The hands a (possibly cut short) output file holds; a last line cut short is removed."""
    lines = complete_lines(path, lambda n: print(f"{path}: line {n} was cut short; its hand is played again",
                                                 file=sys.stderr))
    return {json.loads(line)["hand"] for line in lines if line.strip()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, required=True, help="how many hands to play")
    p.add_argument("--start", type=int, default=0, help="the first hand's index")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--epsilon", type=float, default=0.05, help="chance of a random card instead of the search's")
    p.add_argument("--level", default="expert")
    p.add_argument("--opts", default="{}", help="the level's options as JSON")
    p.add_argument("--out", required=True, help="JSON lines file (one line per hand)")
    p.add_argument("--resume", action="store_true", help="play only the hands the file does not hold")
    a = p.parse_args(argv)
    if a.hands < 1 or a.start < 0:
        p.error("--hands must be 1 or more and --start 0 or more")
    if not 0.0 <= a.epsilon <= 1.0:
        p.error("--epsilon must be between 0 and 1")
    try:
        opts = json.loads(a.opts)
    except json.JSONDecodeError as e:
        p.error(f"--opts is not JSON: {e}")
    if not isinstance(opts, dict):
        p.error("--opts must be a JSON object")
    try:   # a bad level or option is refused now, not in the first hand
        make_player(a.level, random.Random(0), **opts)
    except (TypeError, ValueError) as e:
        p.error(f"--level/--opts: {e}")
    out = Path(a.out)
    if out.exists() and not a.resume:
        p.error(f"{out} exists (add --resume to go on with it)")
    skip = done_hands(out) if a.resume else set()
    started = time.perf_counter()
    decisions = 0
    with open_to_append(out) as f:
        for i in range(a.start, a.start + a.hands):
            if i in skip:
                continue
            rows = play_hand(i, a.seed, a.epsilon, a.level, opts)
            f.write(json.dumps({"hand": i, "decisions": rows}, separators=(",", ":")) + "\n")
            f.flush()
            decisions += len(rows)
            if (i - a.start + 1) % 25 == 0:
                print(f"hand {i + 1 - a.start}/{a.hands}: {decisions} decisions, "
                      f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
