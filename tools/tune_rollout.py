"""Self-play tuning of the two-player rollout policy (development tool, not shipped logic).

Plays the rule player's scoring (game/ai/heuristic.py) with per-seat parameters against
itself on duplicate deals (each deal twice, seats exchanged), on the fast path, and prints the
score of parameters A against B with a 95% interval over deals.  It is how the expert's
rollout parameters (``ROLLOUT_TUNED`` in heuristic.py) were chosen: see docs/ai.md.

    python tools/tune_rollout.py --deals 20000 --a '{"qlead": 0.2}' --b '{}'
    python tools/tune_rollout.py --deals 20000 --a tuned --b greedy

A parameter set is a JSON object over :data:`BASE` (missing keys keep the rule player's
values), or one of the names ``rule`` (the rule player), ``tuned`` (ROLLOUT_TUNED),
``greedy`` (the sparring partner's rollout policy, game/ai/ismcts.py) and ``learned`` (the
learned scoring, game/ai/learned.py), or a JSON file of learned weights (``tools/imitation.py
fit --out``).

    python tools/tune_rollout.py --deals 20000 --a learned --b rule
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.heuristic import ROLLOUT_RULE, ROLLOUT_TUNED, rollout_policy, rule_move, should_swap  # noqa: E402
from game.ai.ismcts import greedy_card  # noqa: E402
from game.ai.learned import LearnedPolicy, learned  # noqa: E402
from game.fast import SWAP_MOVE, FastState, shuffled_deck  # noqa: E402

BASE = dict(ROLLOUT_RULE)


def play(deck, dealer, policies) -> list[int]:
    """One two-player hand from ``deck``: seat ``s`` plays the rule player's scoring
    (:func:`game.ai.heuristic.rule_move`) with ``policies[s]`` (a
    :class:`~game.ai.heuristic.RolloutPolicy`), the sparring partner's greedy card
    (:func:`game.ai.ismcts.greedy_card`) where ``policies[s]`` is ``"greedy"``, or a learned
    scoring's card (a :class:`~game.ai.learned.LearnedPolicy`); every seat takes the cambio
    when :func:`should_swap` says so.  Returns the points."""
    st = FastState.deal(2, deck, dealer)
    while st.turn >= 0:
        seat = st.turn
        hand = st.hands[seat]
        if st.swap_with >= 0 and st.can_swap() and should_swap(st.swap_with, st.muestra):
            st.play(SWAP_MOVE)
            continue
        if len(hand) == 1:
            c = hand[0]
        elif policies[seat] == "greedy":
            c = greedy_card(st, hand)
        else:
            unknown = 0
            for x in st.hands[1 - seat] + st.stock:
                unknown |= 1 << x
            if isinstance(policies[seat], LearnedPolicy):
                c = policies[seat].move(hand, st.table[0] if st.table else -1, st.trump, unknown,
                                        len(st.stock) + (st.muestra >= 0), st.points[seat], st.points[1 - seat])
            else:
                c = rule_move(hand, st.table, 2, seat, st.leader, st.trump, unknown, st.muestra >= 0,
                              policies[seat])
        st.play(c)
    return st.points


def match(a, b, deals: int, seed: int) -> tuple[float, float]:
    """Score of A over ``deals`` duplicate deals and the half-width of its 95% interval."""
    rng = random.Random(seed)
    pa = rollout_policy(a) if isinstance(a, dict) else a
    pb = rollout_policy(b) if isinstance(b, dict) else b
    scores = []
    for i in range(deals):
        deck = shuffled_deck(rng, 2)
        dealer = i % 2
        s = 0.0
        for a_seat in (0, 1):
            pts = play(deck, dealer, [pa, pb] if a_seat == 0 else [pb, pa])
            mine, other = pts[a_seat], pts[1 - a_seat]
            s += 1.0 if mine > other else (0.5 if mine == other else 0.0)
        scores.append(s / 2)
    m = sum(scores) / deals
    var = sum((x - m) ** 2 for x in scores) / (deals - 1)
    return m, 1.96 * math.sqrt(var / deals)


def _params(text: str):
    if text == "learned":
        return learned()
    if text.endswith(".json"):
        with open(text, encoding="utf-8") as f:
            return LearnedPolicy(json.load(f))
    if text in ("rule", "greedy"):
        return dict(BASE) if text == "rule" else "greedy"
    if text == "tuned":
        return dict(ROLLOUT_TUNED)
    p = dict(BASE)
    extra = json.loads(text)
    unknown = set(extra) - set(BASE)
    if unknown:
        raise SystemExit(f"unknown parameters {sorted(unknown)}; known: {sorted(BASE)}")
    p.update(extra)
    return p


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="tuned")
    ap.add_argument("--b", default="rule")
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    m, hw = match(_params(args.a), _params(args.b), args.deals, args.seed)
    print(json.dumps({"a": args.a, "b": args.b, "deals": args.deals, "score_a": round(m, 4),
                      "ci95": round(hw, 4)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
