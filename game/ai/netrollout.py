"""Rollouts of a two-player deal by a policy network's favourite card at both seats.

Why: the search (game/ai/search.py) values a move by playing each sampled deal on for a few
bazas and reading the rest off the learned evaluation.  Those bazas were played by the rule
player, the weaker player against a strong opponent (``normal`` scores 0.42 against net-a,
while net-a-small, the network distilled from net-a, playing its favourite card scores 0.52
against net-a and 0.58 against ``normal``).  :class:`NetRollout` plays them with a network's
favourite card at both seats instead, each seat seeing only what it would see: the cards of
the finished bazas, the muestra as last seen face up, the table, its own hand, the points.
The expert's rollouts use net-a-small32, distilled from net-a like net-a-small with 32 hidden
units instead of 64: half the cost of a card and, over 2,000 deals against each of net-b,
net-c and ``normal``, the same strength (issue 13, thirteenth round, docs/ai-history.md).

A card costs a few row additions of the network's first layer: what both seats see but the
table and their hands (the cards of the finished bazas, the muestra) is kept as one vector of
sums, changed baza by baza; each decision adds the rows of the points, of the card on the
table and of the three cards held (the sum of two of them kept per pair).  The vector at the
start of a rollout depends only on public cards, the same in every sampled deal after a given
move, so it is taken once per position and kept.

The cambio is the rule player's, as in the rule player's rollouts: taken when the muestra is
the stronger triunfo (:func:`game.ai.heuristic.should_swap`).
"""

from __future__ import annotations

import math

from ..fast import FastState, SWAP_MOVE
from .heuristic import should_swap
from .network import Network, shown_muestra
from .reply import _held_or_stocked

__all__ = ["NetRollout"]


class NetRollout:
    """Two-player rollouts with ``network``'s favourite card at both seats.

    ``last_muestra``: the muestra as last seen face up at the search's root (the network sees
    it even once drawn), None when there is none."""

    def __init__(self, network: Network, last_muestra: int | None) -> None:
        self.net = network
        self.rows = rows = network.first_by_input
        self.held_rows = rows[120:160]
        self.table_rows = rows[80:120]
        self.last_muestra = last_muestra
        self.commons: dict = {}     # (cards played, muestra seen) -> first-layer sums
        self.point_sums: dict = {}  # (my points, theirs) -> their rows' share of the sums
        self.pairs: dict = {}       # (card, card) -> the sum of their rows as cards held

    @classmethod
    def for_observation(cls, network: Network, obs) -> "NetRollout":
        muestra = shown_muestra(obs)
        return cls(network, None if muestra is None else int(muestra))

    def _common(self, st: FastState, shown: int | None) -> list[float]:
        """The first layer's sums of what both seats see at ``st`` but the table (the bias,
        the cards of the finished bazas, the muestra seen)."""
        seen = _held_or_stocked(st)
        if st.muestra >= 0:
            seen |= 1 << st.muestra
        for c in st.table:
            seen |= 1 << c
        played = ((1 << 40) - 1) & ~seen
        key = (played, shown)
        h = self.commons.get(key)
        if h is None:
            rows = self.rows
            h = list(self.net.layers[0][1])
            for c in range(40):
                if played >> c & 1:
                    h = [a + b for a, b in zip(h, rows[c])]
            if shown is not None:
                h = [a + b for a, b in zip(h, rows[40 + shown])]
            self.commons[key] = h
        return h

    def _points(self, mine: int, theirs: int) -> list[float]:
        key = (mine, theirs)
        v = self.point_sums.get(key)
        if v is None:
            a, b = mine / 120.0, theirs / 120.0
            v = self.point_sums[key] = [a * x + b * y for x, y in zip(self.rows[160], self.rows[161])]
        return v

    def choose(self, common: list[float], hand: list[int], mine: int, theirs: int, led: int = -1,
               draw: float | None = None, tau: float = 1.0) -> int:
        """The network's favourite card of ``hand`` (ties: the lower card) with the sums
        ``common`` of what the seat sees but the table, its hand and the points; ``led``: the
        card on the table (-1: none).  ``draw`` (a number in [0, 1)): the card drawn from the
        network's chances at temperature ``tau`` instead of its favourite."""
        if len(hand) == 1:
            return hand[0]
        pts = self._points(mine, theirs)
        held = self.held_rows
        if len(hand) == 3:
            x, y, z = hand
            pair = self.pairs.get((x, y))
            if pair is None:
                pair = self.pairs[(x, y)] = [a + b for a, b in zip(held[x], held[y])]
            if led >= 0:
                h = [a + b + p + q + r for a, b, p, q, r in zip(common, pts, pair, held[z], self.table_rows[led])]
            else:
                h = [a + b + p + q for a, b, p, q in zip(common, pts, pair, held[z])]
        else:
            h = [a + b for a, b in zip(common, pts)]
            if led >= 0:
                h = [a + b for a, b in zip(h, self.table_rows[led])]
            for c in hand:
                h = [a + b for a, b in zip(h, held[c])]
        scores = self.net.scores_from(h, hand)
        if draw is not None:
            top = max(scores)
            weights = [math.exp((s - top) / tau) for s in scores]
            at = draw * math.fsum(weights)
            for c, w in zip(hand, weights):
                at -= w
                if at < 0.0:
                    return c
            return hand[-1]
        best = None
        best_s = 0.0
        for c, s in zip(hand, scores):
            if best is None or s > best_s or (s == best_s and c < best):
                best, best_s = c, s
        return best

    def run(self, st: FastState, bazas: int = 0, draws: list[float] | None = None, tau: float = 1.0,
            favourite_seat: int = -1) -> list[int]:
        """Play ``st`` on as :func:`game.ai.heuristic.rollout_two` does (``bazas`` > 0: stop
        at the start of the baza after that many more while cards remain to draw; 0: to the
        end), with the network's card at both seats; return the points (``st`` is left at
        the position reached).  ``draws``: numbers in [0, 1), one a card played, to draw each
        card from the network's chances at temperature ``tau`` (the same numbers for every
        move of a deal keep the moves' comparison paired); None: the favourite card.
        ``favourite_seat``: a seat that plays its favourite card even so (-1: none)."""
        rows = self.rows
        shown = st.muestra if st.muestra >= 0 else self.last_muestra
        common = self._common(st, shown)
        stop_at = st.tricks + bazas if bazas > 0 else -1
        k = 0
        while st.turn >= 0:
            seat = st.turn
            hand = st.hands[seat]
            if st.swap_with >= 0 and st.can_swap() and should_swap(st.swap_with, st.muestra):
                old = st.muestra   # face up, so the muestra seen: now the card given for it
                st.play(SWAP_MOVE)
                common = [a - b + c for a, b, c in zip(common, rows[40 + old], rows[40 + st.muestra])]
                shown = st.muestra
                continue
            table = st.table
            led = table[0] if table else -1
            if draws is None or seat == favourite_seat:
                card = self.choose(common, hand, st.points[seat], st.points[1 - seat], led)
            else:
                card = self.choose(common, hand, st.points[seat], st.points[1 - seat], led, draws[k], tau)
                k += 1
            if led >= 0:   # the baza ends: its cards are played
                common = [a + b + c for a, b, c in zip(common, rows[led], rows[card])]
            st.play(card)
            if not st.table and st.tricks == stop_at and (st.stock or st.muestra >= 0):
                break
        return st.points
