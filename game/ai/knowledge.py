"""What a seat knows, taken from its :class:`game.hand.Observation` only, and deals of the
unseen cards sampled consistently with it.

Why this is separate: the search players must never look at the real hands or the stock, so
everything they search starts here, from the observation.  The consistency rules (RULES.md
"What each player may know"):

* the cards played, the seat's own hand and the muestra under the stock are seen;
* a cambio is public: the swapper holds the old muestra until it plays it;
* once the stock is out, the last drawer holds the final muestra (everyone saw it);
* señas seen (the partner's, or an opponent's that this seat caught) place that card in the
  signalling hand until it is played.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

from ..fast import FastState, from_observation

__all__ = ["Knowledge", "knowledge_of", "position_seed", "others_mask", "partner_mask", "played_mask",
           "no_threat_mask"]


def position_seed(obs) -> str:
    """What ``obs``'s seat could see, as a seed text: the same position seeds the same random
    numbers (a review's deals, a bot's or a hint's choices at that point of the hand played again),
    and two deals that look the same from that seat seed the same ones, so no hidden card reaches
    a player through its random numbers (a string seed can be read back from the generator)."""
    return repr((obs.seat, obs.rules, obs.dealer, obs.trump, str(obs.muestra), str(obs.last_muestra),
                 obs.muestra_drawn_by, obs.stock_count, sorted(int(c) for c in obs.hand), obs.hand_sizes,
                 [(s, int(c)) for s, c in obs.table], obs.leader,
                 [(t.leader, [int(c) for c in t.cards]) for t in obs.tricks], obs.swaps, obs.points,
                 sorted((s, sorted(int(c) for c in cards)) for s, cards in obs.known_holdings().items())))


@dataclass
class Knowledge:
    """A seat's view, as integers: ``pool`` holds the unseen cards whose place is unknown,
    ``known[seat]`` the cards known to be in another seat's hand."""

    seat: int
    n: int
    trump: int
    hand: list[int]
    hand_sizes: tuple[int, ...]
    facedown: int                 # face-down cards in the stock (the muestra not counted)
    pool: list[int]
    known: dict[int, list[int]]
    unseen_mask: int              # every card this seat has not seen (pool + known)

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """One deal of the hidden cards: hands per seat and the stock, top card first."""
        hands, rest = self.sample_hands(rng)
        return hands, self.stock_order(rest, rng)

    def sample_hands(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """The hidden hands of one deal, and the cards left for the stock in no particular
        order (:meth:`stock_order` shuffles them): cheaper than :meth:`sample` when a deal may be
        thrown away on its hands alone (the reading of the others' plays)."""
        need = self._need()
        picked = rng.sample(self.pool, sum(need.values()))
        hands: list[list[int]] = []
        k = 0
        for s in range(self.n):
            if s == self.seat:
                hands.append(self.hand[:])
                continue
            hands.append(list(self.known.get(s, ())) + picked[k:k + need[s]])
            k += need[s]
        taken = set(picked)
        return hands, [c for c in self.pool if c not in taken]

    def _need(self) -> dict[int, int]:
        """How many unknown cards each other seat holds."""
        return {s: self.hand_sizes[s] - len(self.known.get(s, ())) for s in range(self.n) if s != self.seat}

    def deal_count(self) -> int:
        """How many different deals fit this view: the others' hands (as sets) and the stock's order."""
        count = math.factorial(len(self.pool))
        for k in self._need().values():
            count //= math.factorial(k)
        return count

    def every_deal(self):
        """Every deal that fits (hands per seat, stock top first), each once, in a fixed order:
        where the deals are few, the review weighs them all instead of sampling some twice."""
        need = self._need()
        others = list(need)

        def place(j: int, left: list[int], placed: dict):
            if j == len(others):
                for stock in itertools.permutations(left):
                    hands = [self.hand[:] if s == self.seat else list(self.known.get(s, ())) + placed[s]
                             for s in range(self.n)]
                    yield hands, list(stock)
                return
            s = others[j]
            for pick in itertools.combinations(left, need[s]):
                taken = set(pick)
                yield from place(j + 1, [c for c in left if c not in taken], {**placed, s: list(pick)})

        yield from place(0, list(self.pool), {})

    @staticmethod
    def stock_order(rest: list[int], rng: random.Random) -> list[int]:
        """The stock's order (top card first) for the cards :meth:`sample_hands` left."""
        rng.shuffle(rest)
        return rest

    def state(self, obs, rng: random.Random) -> FastState:
        """A sampled :class:`FastState` for ``obs``."""
        hands, stock = self.sample(rng)
        return from_observation(obs, hands, stock)


def others_mask(obs) -> int:
    """Bitmask of the cards in other hands or in the face-down stock (where this seat cannot
    see them, placed or not): what could still beat a card."""
    mask = 0
    for c in obs.unseen():
        mask |= 1 << int(c)
    for s, cards in obs.known_holdings().items():
        if s != obs.seat:
            for c in cards:
                mask |= 1 << int(c)
    return mask


def partner_mask(obs) -> int:
    """Pairs: bitmask of the cards my partner is known to hold (its señas I saw, a cambio, the
    muestra it drew). Cards in :func:`others_mask` too, but no threat to my side's card."""
    if obs.rules.players != 4:
        return 0
    mask = 0
    for c in obs.known_holdings().get((obs.seat + 2) % 4, ()):
        mask |= 1 << int(c)
    return mask


def played_mask(obs) -> int:
    """Three or four players: bitmask of the cards known to be in the hand of another seat that has
    already played to the baza in progress (a cambio's 7, the muestra it drew, its señas caught).
    Cards in :func:`others_mask` too, but nobody can play them to this baza any more: an outside
    tester found the pairs' safety rule letting a triunfo take the partner's sure baza because the
    only card that beat it was in the hand of an opponent who had played."""
    if obs.rules.players == 2:
        return 0
    played = {s for s, _ in obs.table}
    mask = 0
    for s, cards in obs.known_holdings().items():
        if s != obs.seat and s in played:
            for c in cards:
                mask |= 1 << int(c)
    return mask


def no_threat_mask(obs) -> int:
    """The unseen cards that cannot be played against my side's card in the baza in progress: the
    partner's (its señas) and those of a seat that has already played to it (``rule_scores``'
    ``friends``, the pairs' safety rule)."""
    return partner_mask(obs) | played_mask(obs)


def knowledge_of(obs) -> Knowledge:
    """Everything :class:`Knowledge` needs, from the observation alone.

    ``obs.unseen()`` is the pool of cards whose place is unknown; ``obs.known_holdings()``
    the cards placed in a hand by public events (a cambio, the drawn muestra, señas seen).
    """
    n = obs.rules.players
    seat = obs.seat
    pool = sorted(int(c) for c in obs.unseen())
    known: dict[int, list[int]] = {}
    mask = 0
    for c in pool:
        mask |= 1 << c
    for s, cards in obs.known_holdings().items():
        if s != seat:
            known[s] = sorted(int(c) for c in cards)[: obs.hand_sizes[s]]
            for c in cards:
                mask |= 1 << int(c)
    facedown = obs.stock_count - 1 if obs.muestra is not None else 0
    return Knowledge(seat, n, obs.trump, [int(c) for c in obs.hand], tuple(obs.hand_sizes),
                     max(facedown, 0), pool, known, mask)
