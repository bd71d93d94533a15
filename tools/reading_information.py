"""How much the search's reading of the others' plays says about their real hands
(development tool, not shipped logic; figures in docs/ai-history.md).

Plays two-player hands between ``normal`` (seat 0) and an opponent, stops at random points
mid-hand (stock left, at least ``--min-bazas`` bazas played, seat 0 to move), and compares the
chance the reading keeps the *real* deal with its mean chance for random deals consistent with
seat 0's observation.  The figure is the mean of log(real / random) over positions: 0 means the
reading knows nothing about the real hands, log 2 ≈ 0.69 that it keeps the real deal twice as
often as a random one.

    python tools/reading_information.py --opponent normal --positions 150
    python tools/reading_information.py --opponent ismcts --positions 150

Readings: ``depth k`` is the search's own (game/ai/search.py ``_LeadModel``: the rule player's
card or not, over the baza in progress and ``k`` finished bazas); ``soft t`` weighs the
same one-baza reading by the rule player's scores through a softmax of temperature ``t``
points instead of "same card or not", and ``learned t`` by the learned scoring's
(game/ai/learned.py, its fitted probabilities at ``t`` 1): experiments, not used by the search;
``search-learned t`` is the search's option ``infer_model: "learned"`` at ``infer_tau`` t;
``search-net:NAME:k[:KEEP[:rel]]`` the search's ``infer_model: "net:NAME"`` over ``k`` finished
bazas, a deal kept with chance KEEP + (1 - KEEP) * weight (KEEP 0 when not given), each baza's
factor the network's chance of the card or, with ``rel``, that chance over the best card's
(``--readings search-net:net-a-small:1,search-net:net-a-small:3:0.2:rel``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_player  # noqa: E402
from game.ai.heuristic import rule_scores  # noqa: E402
from game.ai.learned import learned  # noqa: E402
from game.ai.network import inputs, load_network, softmax  # noqa: E402
from game.ai.knowledge import knowledge_of  # noqa: E402
from game.ai.search import _LeadModel, hands_before  # noqa: E402
from game.hand import Hand  # noqa: E402
from game.rules import Rules  # noqa: E402


def positions(count: int, seed: int, opponent: str = "normal", min_bazas: int = 3,
              rules: Rules | None = None, options: dict | None = None) -> list:
    """(observation of seat 0, real hands) at random mid-hand points of hands against
    ``opponent`` (with ``options``)."""
    rules = rules or Rules(players=2)
    rng = random.Random(seed)
    out = []
    deal = 0
    while len(out) < count:
        deal += 1
        hand = Hand.deal(rules, deal % 2, random.Random(f"{seed}-{deal}"))
        players = [make_player("normal", random.Random(deal)), make_player(opponent, random.Random(-deal), **(options or {}))]
        for _ in range(rng.randrange(6, 30)):
            if hand.over:
                break
            hand.play(players[hand.turn].choose(hand.observation(hand.turn)))
        if hand.over or hand.turn != 0 or len(hand.tricks) < min_bazas:
            continue
        obs = hand.observation(0)
        if obs.stock_count == 0:
            continue
        out.append((obs, [[int(c) for c in h] for h in hand.hands]))
    return out


def _softmax_weight(model: _LeadModel, hands, tau: float, score_cards) -> float:
    """The one-baza reading with P(card | hand) = softmax(scores / tau), times the hand size
    (1 for a reading that says nothing).  ``score_cards(then, table, leader, unknown, stock_left,
    stock, seat)`` scores the cards ``then`` (sorted) of a hand before a baza."""
    obs = model.obs

    def likelihood(then, card, table, leader, unknown, stock_left, stock, s) -> float:
        own = 0
        for c in then:
            own |= 1 << c
        then = sorted(then)
        scores = score_cards(then, table, leader, unknown & ~own, stock_left, stock, s)
        top = max(scores)
        z = math.fsum(math.exp((x - top) / tau) for x in scores)
        return math.exp((scores[then.index(card)] - top) / tau) / z * len(then)

    w = 1.0
    for s, card, table, leader, unknown, stock_left in model.now:
        w *= likelihood(hands[s] + [card], card, table, leader, unknown, stock_left, obs.stock_count, s)
    for s, card, table, leader, unknown, drew, table_card in model.prev:
        options = hands_before(hands[s] + ([table_card] if table_card is not None else []), card, drew)
        stock = obs.stock_count + (2 if drew else 0)
        w *= math.fsum(likelihood(h, card, table, leader, unknown, drew, stock, s) for h in options) / len(options)
    return w


def _soft_weight(model: _LeadModel, hands, tau: float) -> float:
    """The softmax reading with the rule player's scores (``tau`` in points)."""
    def score_cards(then, table, leader, unknown, stock_left, stock, s):
        return rule_scores(then, table, model.n, s, leader, model.obs.trump, unknown, stock_left)
    return _softmax_weight(model, hands, tau, score_cards)


def _learned_weight(model: _LeadModel, hands, tau: float) -> float:
    """The softmax reading with the learned scores (the fitted conditional logit at ``tau`` 1).
    Two players; the points before the baza are not known here (no 61-point terms)."""
    pol = learned()

    def score_cards(then, table, leader, unknown, stock_left, stock, s):
        return pol.scores(then, table[0] if table else -1, model.obs.trump, unknown, stock)
    return _softmax_weight(model, hands, tau, score_cards)


def _net_weight(model: _LeadModel, hands, net) -> float:
    """The one-baza reading with P(card | hand) = the network's policy (game/ai/net.py), times
    the hand size.  Its observation then: the cards of the bazas finished before, the muestra,
    the card led (when it followed), the hand then and the points then."""
    obs = model.obs
    seat_pts = list(obs.points)
    prev_pts = seat_pts[:]
    if obs.tricks:
        t = obs.tricks[-1]
        prev_pts[t.winner] -= t.points
    muestra = obs.last_muestra

    def likelihood(then, card, table, played_mask, s, pts) -> float:
        active, extra = inputs((c for c in range(40) if played_mask >> c & 1), muestra, table, then,
                               pts[s], pts[1 - s])
        return softmax(net.scores(active, extra, then))[then.index(card)] * len(then)

    w = 1.0
    for s, card, table, leader, unknown, stock_left in model.now:
        w *= likelihood(sorted(hands[s] + [card]), card, table, model.played[-1], s, seat_pts)
    for s, card, table, leader, unknown, drew, table_card in model.prev:
        options = hands_before(hands[s] + ([table_card] if table_card is not None else []), card, drew)
        w *= math.fsum(likelihood(sorted(h), card, table, model.played[-2], s, prev_pts)
                       for h in options) / len(options)
    return w


def information(reading: str, value: float, pos: list, paths: int = 10, others: int = 10,
                net_name: str = "net-a", net_keep: float = 0.0, net_relative: bool = False) -> list[float]:
    """log(keep chance of the real deal / mean keep chance of random deals), per position.
    ``reading``: "depth" (the search's, ``value`` bazas), "soft" (``value`` = temperature) or
    "learned" (the learned scoring's softmax at temperature ``value``), "search-learned" (the
    search's learned reading, ``infer_model`` "learned", at ``infer_tau`` ``value``),
    "search-net" (the search's network reading, ``infer_model`` "net:``net_name``", over ``value``
    finished bazas, nothing kept regardless)."""
    out = []
    for obs, truth in pos:
        know = knowledge_of(obs)
        model = _LeadModel(obs, know)
        depth = int(value) if reading in ("depth", "search-net") else 1
        model.read_older(depth, 0.2)
        if reading == "search-learned":
            model.read_learned(value)
        if reading == "search-net":   # the search's network reading (infer_model "net:NAME")
            model.read_net(load_network(net_name), net_keep, net_relative)
        rng = random.Random(1)

        def keep(hands) -> float:
            if reading.startswith("net:"):
                return _net_weight(model, hands, load_network(reading[4:]))
            if reading == "soft":
                return _soft_weight(model, hands, value)
            if reading == "learned":
                return _learned_weight(model, hands, value)
            if reading == "search-net":
                return net_keep + (1.0 - net_keep) * statistics.fmean(
                    model.weight(hands, rng) for _ in range(paths if depth > 1 else 1))
            if depth == 1:  # the one-baza readings keep a deal with 0.2 + 0.8 w
                return 0.2 + 0.8 * model.weight(hands, rng)
            return statistics.fmean(model.weight(hands, rng) for _ in range(paths))

        real = keep(truth)
        rand = statistics.fmean(keep(know.sample(rng)[0]) for _ in range(others))
        out.append(math.log(max(real, 1e-12) / max(rand, 1e-12)))
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opponent", default="normal", help="the level (or ismcts) whose hands are read")
    ap.add_argument("--positions", type=int, default=150)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rules", default="{}", help='rules as JSON, e.g. \'{"swap_seven": false}\'')
    ap.add_argument("--opponent-opts", default="{}", help="the opponent's options as JSON")
    ap.add_argument("--readings", default=None,
                    help="comma-separated readings (default: all but the networks), e.g. "
                         "'depth:1,learned:1,net:net-a'")
    args = ap.parse_args(argv)
    if args.positions < 2:
        ap.error("--positions must be at least 2")
    import json
    try:
        rules = Rules.from_json(dict(json.loads(args.rules), players=2))
        opts = json.loads(args.opponent_opts)
        make_player(args.opponent, random.Random(0), **opts)
    except ValueError as err:
        ap.error(str(err))
    readings = (("depth", 1), ("depth", 2), ("depth", 3), ("depth", 6),
                ("soft", 3.0), ("soft", 6.0), ("learned", 1.0), ("learned", 2.0),
                ("search-learned", 0.5), ("search-learned", 1.0), ("search-learned", 2.0))
    if args.readings:
        readings = []
        for item in args.readings.split(","):
            kind, _, value = item.partition(":")
            readings.append((item, 0.0) if kind in ("net", "search-net") else (kind, float(value or 1)))
    pos = positions(args.positions, args.seed, args.opponent, rules=rules, options=opts)
    print(f"reading the hands of {args.opponent}: {len(pos)} positions, seed {args.seed}")
    for reading, value in readings:
        if reading.startswith("search-net:"):   # search-net:NAME:DEPTH[:KEEP[:rel]]
            _, name, depth, *more = reading.split(":")
            v = information("search-net", float(depth), pos, net_name=name,
                            net_keep=float(more[0]) if more else 0.0, net_relative=more[1:] == ["rel"])
        else:
            v = information(reading, value, pos)
        se = statistics.stdev(v) / len(v) ** 0.5
        print(f"  {reading} {value:<4}  mean log(real/random) {statistics.fmean(v):+.3f}  (± {1.96 * se:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
