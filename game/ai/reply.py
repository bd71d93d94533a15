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

import math
import random

from ..fast import SWAP_MOVE, FastState
from .network import Network, inputs

__all__ = ["NetReply"]

_EVERY = (1 << 40) - 1


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
        muestra = getattr(obs, "last_muestra", None)
        if muestra is None:
            muestra = obs.muestra
        return cls(network, obs.seat, None if muestra is None else int(muestra))

    def _base(self, st: FastState) -> list[float]:
        """The first layer's sums of what the other sees at ``st`` except its hand."""
        seen = 0
        for h in st.hands:
            for c in h:
                seen |= 1 << c
        for c in st.stock:
            seen |= 1 << c
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

    def chances(self, st: FastState, key) -> list[float]:
        """The network's chance of each card of the other's hand at ``st`` (in the hand's
        order); ``key`` names what led to ``st`` from the search's root (my move): positions
        reached by the same move share everything but the other's hand."""
        hand = st.hands[self.other]
        memo = (key, tuple(hand))
        p = self.memo.get(memo)
        if p is not None:
            return p
        base = self.bases.get(key)
        if base is None:
            base = self.bases[key] = self._base(st)
        by_input = self.net.first_by_input
        h = base
        for c in hand:
            h = [a + b for a, b in zip(h, by_input[120 + c])]
        scores = self.net.scores_from(h, hand)
        top = max(scores)
        ex = [math.exp(x - top) for x in scores]
        total = math.fsum(ex)
        p = self.memo[memo] = [x / total for x in ex]
        return p

    def play(self, st: FastState, key, rng: random.Random) -> bool:
        """When the other is to move at ``st`` with a card to choose (not a cambio it may
        make), play a card drawn from the network's chances and return True; else False."""
        if st.turn != self.other:
            return False
        hand = st.hands[self.other]
        if len(hand) < 2:
            return False
        if SWAP_MOVE in st.legal_moves():   # the rollout's rule decides the cambio
            return False
        p = self.chances(st, key)
        r = rng.random()
        k = 0
        acc = p[0]
        while r >= acc and k + 1 < len(p):
            k += 1
            acc += p[k]
        st.play(hand[k])
        return True
