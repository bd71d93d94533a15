"""A sparring partner that does not share the expert's model: information-set Monte Carlo
tree search (single observer, "SO-ISMCTS") with its own greedy rollout.

Why it exists: the expert (:mod:`game.ai.search`) uses the rule player of
:mod:`game.ai.heuristic` as its anchor, its rollout policy and its model of the others, so its
margin over ``normal`` is partly knowing exactly how ``normal`` plays.  This player shares
none of that: it samples the unseen cards uniformly (no reading of the others' plays), grows
one tree over the moves of every seat (each determinization only offers the moves legal in
it; a child's "availability" counts how often it could have been chosen), picks children by
UCB1 over availability, and finishes each iteration with :func:`greedy_rollout` — take a
baza when it is cheap, else throw the least valuable card —, a policy of its own.  It is the
arena's ``ismcts`` level (not in the menu): ``python -m game arena expert ismcts``.

The value of a finished hand for a seat is :func:`game.ai.search.utility` (win first,
points second), the same goal as the other levels; only the way to it differs.
"""

from __future__ import annotations

import math
import time

from ..fast import BEATS, POINTS, STRENGTH
from . import checks
from .heuristic import baza_state
from .knowledge import knowledge_of
from .players import Player
from .search import utility

__all__ = ["ISMCTSPlayer", "greedy_card", "greedy_rollout"]


def _cost(card: int, trump: int) -> float:
    """What throwing ``card`` away costs: its points, plus 5 and half its strength for a triunfo."""
    return POINTS[card] + (5.0 + 0.5 * STRENGTH[card] if card // 10 == trump else 0.0) + 0.01 * STRENGTH[card]


_COST = tuple(tuple(_cost(c, t) for c in range(40)) for t in range(4))


def greedy_card(st, hand: list[int]) -> int:
    """The greedy player's card from ``hand`` (the hand of ``st.turn``, two cards or more).

    Leading: the cheapest card (:func:`_cost`).  Following: each card is worth the points of
    the baza (its own included) if it takes the baza for now, minus them if not, minus 5 for
    a triunfo spent while cards remain to draw; a baza my partner is winning counts as mine.
    """
    trump = st.trump
    table = st.table
    c = hand[0]
    if table:
        beats = BEATS[trump]
        best, wi, pts = baza_state(table, trump)
        ours = st.n == 4 and (st.leader + wi - st.turn) % 2 == 0
        spend = 5.0 if st.stock else 0.0
        best_v = -1e9
        for x in hand:
            v = pts + POINTS[x]
            if not (ours or beats[best * 40 + x]):
                v = -v
            if x // 10 == trump:
                v -= spend + 0.5 * STRENGTH[x]
            v -= 0.01 * STRENGTH[x]
            if v > best_v:
                best_v, c = v, x
    else:
        cost = _COST[trump]
        best_cost = 1e9
        for x in hand:
            if cost[x] < best_cost:
                best_cost, c = cost[x], x
    return c


def greedy_rollout(st) -> list[int]:
    """Finish ``st`` with the greedy player (:func:`greedy_card`) at every seat and return the
    points.  No card counting, no cambio: a rough guess of the rest of the hand, not the rule
    player.
    """
    hands = st.hands
    play = st.play
    while st.turn >= 0:
        hand = hands[st.turn]
        play(greedy_card(st, hand) if len(hand) > 1 else hand[0])
    return st.points


class _Node:
    __slots__ = ("visits", "reward", "avail", "children", "seat")

    def __init__(self, seat: int) -> None:
        self.visits = 0
        self.reward = 0.0       # summed value for ``seat``, the seat that made the move here
        self.avail = 0
        self.children: dict[int, _Node] = {}
        self.seat = seat


class ISMCTSPlayer(Player):
    """Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

    ``iterations``: determinizations (tree descents) per move; ``time_limit``: seconds per
    move after which it answers with what it has (None: no limit); ``exploration``: the UCB1
    constant (values are about 0..1).  The move is the root child visited most.
    """

    level = "ismcts"

    def __init__(self, rng, *, iterations: int = 1000, time_limit: float | None = None,
                 exploration: float = 0.7, margin_weight: float = 0.2) -> None:
        super().__init__(rng)
        self.iterations = checks.whole("iterations", iterations, 1)
        self.time_limit = checks.seconds("time_limit", time_limit)
        self.exploration = checks.number("exploration", exploration, 0.0)
        self.margin_weight = checks.number("margin_weight", margin_weight, 0.0)
        self.last_visits: dict[int, int] = {}

    def _think(self, obs, legal: list[int]):
        know = knowledge_of(obs)
        n = obs.rules.players
        root = _Node(-1)
        allowed = set(legal)       # the root's moves (partner-safe filter already applied)
        c_ucb = self.exploration
        mw = self.margin_weight
        rng = self.rng
        spent = 0.0
        for i in range(self.iterations):
            if self.time_limit is not None and i >= 8 and spent > self.time_limit:
                break
            if i and i % 16 == 0:
                yield None
            started = time.perf_counter()
            st = know.state(obs, rng)
            node = root
            path = [root]
            while st.turn >= 0:
                moves = st.legal_moves()
                if node is root:
                    moves = [m for m in moves if m in allowed]
                children = node.children
                untried = [m for m in moves if m not in children]
                if untried:
                    m = untried[int(rng.random() * len(untried))]
                    child = _Node(st.turn)
                    children[m] = child
                    for x in moves:
                        if x in children:
                            children[x].avail += 1
                    st.play(m)
                    path.append(child)
                    break
                best_u = -1e18
                m = moves[0]
                for x in moves:
                    ch = children[x]
                    ch.avail += 1
                    u = ch.reward / ch.visits + c_ucb * math.sqrt(math.log(ch.avail) / ch.visits)
                    if u > best_u:
                        best_u, m = u, x
                node = children[m]
                st.play(m)
                path.append(node)
            points = greedy_rollout(st) if st.turn >= 0 else st.points
            values = [utility(points, s, n, mw) for s in range(n)]
            for nd in path:
                nd.visits += 1
                if nd.seat >= 0:
                    nd.reward += values[nd.seat]
            spent += time.perf_counter() - started
        self.last_visits = {m: ch.visits for m, ch in root.children.items()}
        return max(legal, key=lambda m: (self.last_visits.get(m, 0), -m))
