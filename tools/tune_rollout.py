"""Self-play tuning of the two-player rollout policy (development tool, not shipped logic).

Plays the rule player's scoring (game/ai/heuristic.py) with per-seat parameters against
itself on duplicate deals (each deal twice, seats exchanged), on the fast path, and prints the
score of parameters A against B with a 95% interval over deals.  It is how the expert's
rollout parameters (``ROLLOUT_TUNED`` in heuristic.py) were chosen: see docs/ai.md.

    python tools/tune_rollout.py --deals 20000 --a '{"qlead": 0.2}' --b '{}'
    python tools/tune_rollout.py --deals 20000 --a tuned --b greedy

A parameter set is a JSON object over :data:`BASE` (missing keys keep the rule player's
values), or one of the names ``rule`` (the rule player), ``tuned`` (ROLLOUT_TUNED) and
``greedy`` (the sparring partner's rollout policy, game/ai/ismcts.py).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.heuristic import BEATERS, BIT, ROLLOUT_RULE, ROLLOUT_TUNED, ALL_MASK  # noqa: E402
from game.fast import BEATS, POINTS, STRENGTH, FastState, shuffled_deck, swap_card_for  # noqa: E402

BASE = dict(ROLLOUT_RULE)


def _tables(p: dict, trump: int):
    keep_in = [0.0] * 40
    keep_out = [0.0] * 40
    for c in range(40):
        s = STRENGTH[c]
        if c // 10 == trump:
            keep_in[c] = p["kin_a"] + p["kin_b"] * s
            keep_out[c] = p["kout_a"] + p["kout_b"] * s
        elif POINTS[c] >= 10:
            keep_in[c] = p["khigh"]
        keep_in[c] += 0.01 * s
        keep_out[c] += 0.01 * s
    return keep_in, keep_out


def play(deck, dealer, params, greedy_seats=()) -> list[int]:
    st = FastState.deal(2, deck, dealer)
    trump = st.trump
    beats = BEATS[trump]
    beaters = BEATERS[trump]
    tabs = [_tables(p, trump) for p in params]
    qlead = [2.0 * p["qlead"] - 1.0 for p in params]
    hands, stock, points = st.hands, st.stock, st.points
    muestra, swap_with = st.muestra, st.swap_with
    turn = st.leader
    lead = -1
    live = ALL_MASK
    while turn >= 0:
        hand = hands[turn]
        if (swap_with >= 0 and stock and lead < 0 and swap_with in hand
                and STRENGTH[muestra] > STRENGTH[swap_with]):
            hand.remove(swap_with)
            hand.append(muestra)
            muestra, swap_with = swap_with, swap_card_for(swap_with, True, False)
            continue
        c = hand[0]
        if len(hand) > 1:
            if turn in greedy_seats:
                c = _greedy(hand, lead, trump, bool(stock))
            else:
                keep = tabs[turn][0] if muestra >= 0 else tabs[turn][1]
                best_s = -1e9
                if lead >= 0:
                    pts = POINTS[lead]
                    for x in hand:
                        v = pts + POINTS[x]
                        s = (v if beats[lead * 40 + x] else -v) - keep[x]
                        if s > best_s:
                            best_s, c = s, x
                else:
                    own = 0
                    for x in hand:
                        own |= BIT[x]
                    unknown = live & ~own
                    if muestra >= 0:
                        unknown &= ~BIT[muestra]
                    for x in hand:
                        f = qlead[turn] if beaters[x] & unknown else 1.0
                        s = f * POINTS[x] - keep[x]
                        if s > best_s:
                            best_s, c = s, x
        live &= ~BIT[c]
        hand.remove(c)
        if lead < 0:
            lead = c
            turn = 1 - turn
            continue
        winner = turn if beats[lead * 40 + c] else 1 - turn
        points[winner] += POINTS[lead] + POINTS[c]
        lead = -1
        if stock or muestra >= 0:
            for s in (winner, 1 - winner):
                if stock:
                    hands[s].append(stock.pop())
                elif muestra >= 0:
                    hands[s].append(muestra)
                    muestra = swap_with = -1
        turn = winner if hands[winner] else -1
    return points


def _greedy(hand, lead, trump, stock_left):
    beats = BEATS[trump]
    best_v, c = -1e9, hand[0]
    for x in hand:
        if lead >= 0:
            v = POINTS[lead] + POINTS[x]
            if not beats[lead * 40 + x]:
                v = -v
            if x // 10 == trump:
                v -= (5.0 if stock_left else 0.0) + 0.5 * STRENGTH[x]
        else:
            v = -(POINTS[x] + (5.0 + 0.5 * STRENGTH[x] if x // 10 == trump else 0.0))
        v -= 0.01 * STRENGTH[x]
        if v > best_v:
            best_v, c = v, x
    return c


def match(a, b, deals: int, seed: int) -> tuple[float, float]:
    """Score of A over ``deals`` duplicate deals and the half-width of its 95% interval."""
    rng = random.Random(seed)
    pa = BASE if a == "greedy" else a
    pb = BASE if b == "greedy" else b
    scores = []
    for i in range(deals):
        deck = shuffled_deck(rng, 2)
        dealer = i % 2
        s = 0.0
        for a_seat in (0, 1):
            params = [pa, pb] if a_seat == 0 else [pb, pa]
            greedy = tuple(seat for seat, who in ((a_seat, a), (1 - a_seat, b)) if who == "greedy")
            pts = play(deck, dealer, params, greedy)
            mine, other = pts[a_seat], pts[1 - a_seat]
            s += 1.0 if mine > other else (0.5 if mine == other else 0.0)
        scores.append(s / 2)
    m = sum(scores) / deals
    var = sum((x - m) ** 2 for x in scores) / (deals - 1)
    return m, 1.96 * math.sqrt(var / deals)


def _params(text: str):
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
