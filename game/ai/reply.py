"""The other player's answer to each candidate move, drawn from a policy network (two players).

Why a module of its own: the search (game/ai/search.py) plays each sampled deal on with the
rule player at both seats, so the value of a card I lead hangs on how the *rule player* would
answer it: take it with a triunfo, load it with points, throw a blank.  A strong player does
not answer as the rule player does.  :class:`NetReply` plays the other's next card after my
move in each deal by a policy network's chances instead (the reading's network,
``net-a-small``), and the rollout goes on from there with the rule player as before.

A network's card costs a few row additions: everything the other sees then but its hand (the
cards played, the muestra, the table, the points) is the same in every deal for a given move
of mine, so the first layer's sums without the hand are taken once per move and each deal adds
the rows of the three cards it holds (the trick of :meth:`game.ai.reading._LeadModel.read_net`).
"""

from __future__ import annotations

import random

from ..fast import FastState
from .network import Network, inputs, shown_muestra, softmax

__all__ = ["NetReply"]

_EVERY = (1 << 40) - 1


def _held_or_stocked(st: FastState) -> int:
    """The cards in the hands and the face-down stock of ``st``, as a bit mask."""
    mask = 0
    for h in st.hands:
        for c in h:
            mask |= 1 << c
    for c in st.stock:
        mask |= 1 << c
    return mask


class NetReply:
    """The other player's next card after my move, by ``network``'s chances (two players).

    ``seat``: mine; ``last_muestra``: the muestra as last seen face up (the network sees it
    even once drawn), None when there is none."""

    def __init__(self, network: Network, seat: int, last_muestra: int | None) -> None:
        self.net = network
        self.other = 1 - seat
        self.last_muestra = last_muestra
        self.bases: dict = {}
        self.memo: dict = {}     # (key, the other's hand in its order) -> chances

    @classmethod
    def for_observation(cls, network: Network, obs) -> "NetReply":
        muestra = shown_muestra(obs)
        return cls(network, obs.seat, None if muestra is None else int(muestra))

    def _base(self, st: FastState) -> list[float]:
        """The first layer's sums of what the other sees at ``st`` except its hand."""
        seen = _held_or_stocked(st)
        if st.muestra >= 0:
            seen |= 1 << st.muestra
        for c in st.table:
            seen |= 1 << c
        played = _EVERY & ~seen          # the cards of the finished bazas
        muestra = st.muestra if st.muestra >= 0 else self.last_muestra
        o = self.other
        active, extra = inputs([c for c in range(40) if played >> c & 1], muestra, st.table, (),
                               st.points[o], st.points[1 - o])
        return self.net.first_sum(active, extra)

    def _child(self, key, table: list[int], points: list[int], card: int, after: FastState) -> list[float]:
        """The sums without the hand after ``card`` was played on ``table`` with ``points``
        scored (giving ``after``), from those before it (``key``): the card goes on the table,
        or the baza's cards leave the table for the cards played and its points are scored."""
        h = self.bases[key]
        by = self.net.first_by_input
        if after.table:
            return [a + b for a, b in zip(h, by[80 + card])]
        for t in table:
            h = [a - b for a, b in zip(h, by[80 + t])]
        for t in table + [card]:
            h = [a + b for a, b in zip(h, by[t])]
        o = self.other
        for i, d in ((160, after.points[o] - points[o]), (161, after.points[1 - o] - points[1 - o])):
            if d:
                v = d / 120.0
                h = [a + v * b for a, b in zip(h, by[i])]
        return h

    def chances(self, st: FastState, key) -> tuple[tuple[int, ...], list[float]]:
        """The other's hand at ``st`` in card order and the network's chance of each card;
        ``key`` names what led to ``st`` from the search's root (the cards played since):
        positions reached by the same key share everything but the other's hand."""
        held = tuple(sorted(st.hands[self.other]))
        memo = (key, held)
        p = self.memo.get(memo)
        if p is not None:
            return held, p
        base = self.bases.get(key)
        if base is None:
            base = self.bases[key] = self._base(st)
        by_input = self.net.first_by_input
        if len(held) == 3:    # one pass over the three rows (the usual case)
            x, y, z = (by_input[120 + c] for c in held)
            h = [a + b + c + d for a, b, c, d in zip(base, x, y, z)]
        else:
            h = base
            for c in held:
                h = [a + b for a, b in zip(h, by_input[120 + c])]
        p = self.memo[memo] = softmax(self.net.scores_from(h, held))
        return held, p

    def run(self, st: FastState, move, rng: random.Random, choices: int = 1, policy=None) -> int:
        """Play on from ``st`` (reached by my ``move`` from the search's root) until the other
        has made ``choices`` choices of a card: its cards drawn from the network's chances,
        mine the rule player's (``policy``: its parameter set, None for its own).  Stops
        early when a cambio may be made (the rollout's rule decides it), when the other has
        one card left, or at the end of the hand.  Returns the other's choices made."""
        from .heuristic import RolloutPolicy, rule_move

        if not isinstance(policy, RolloutPolicy):   # a learned scoring: the rule player's own
            policy = None
        key = (move,)
        if key not in self.bases:
            self.bases[key] = self._base(st)
        made = 0
        me = 1 - self.other
        while made < choices and st.turn >= 0:
            hand = st.hands[st.turn]
            if st.swap_with >= 0 and st.can_swap():   # the rollout's rule decides the cambio
                break
            if st.turn == self.other:
                if len(hand) < 2:
                    break
                held, p = self.chances(st, key)
                r = rng.random()
                k = 0
                acc = p[0]
                while r >= acc and k + 1 < len(p):
                    k += 1
                    acc += p[k]
                card = held[k]
                made += 1
            else:
                own = 0
                for c in hand:
                    own |= 1 << c
                card = rule_move(sorted(hand), st.table, 2, me, st.leader, st.trump, _held_or_stocked(st) & ~own,
                                 bool(st.stock) or st.muestra >= 0, policy)
            if made >= choices:
                st.play(card)
                break
            table, points = list(st.table), list(st.points)
            st.play(card)
            child = key + (card,)
            if child not in self.bases:
                self.bases[child] = self._child(key, table, points, card, st)
            key = child
        return made
