"""Reading the other players' cards from their plays: which sampled deals explain them.

Why a module of its own: the search (game/ai/search.py) samples deals of the unseen cards, and
a deal in which the others' hands explain the cards they played is worth more than one in which
they do not.  :class:`_LeadModel` weighs a deal by a model of how the others play: the rule
player's card (the default), the learned scoring, or a policy network's chances (two players).
"""

from __future__ import annotations

import math
import random

from ..fast import FastState
from .knowledge import Knowledge

__all__ = ["hands_before"]


def hands_before(held: list[int], card: int, drew: bool) -> list[list[int]]:
    """The hands a seat may have held before a baza in which it played ``card``, from the
    hand it ``held`` after it: that hand minus the card drawn after the baza (any of them,
    when it drew), plus ``card``."""
    if drew:
        return [[x for x in held if x != d] + [card] for d in held]
    return [held + [card]]


def _earlier_hand(held: list[int], card: int, drew: bool, rng: random.Random) -> list[int]:
    """One of :func:`hands_before`, drawn at random when it drew (the older bazas' reading:
    an unbiased guess of the average over every choice)."""
    if drew:
        d = held[rng.randrange(len(held))]
        return [x for x in held if x != d] + [card]
    return held + [card]


class _LeadModel:
    """Reading the cards the others played: in this baza and in the one before.

    Why: a player's card says something about the cards it kept (a rey led means no card
    without points; a ten-point card not trumped means no cheap triunfo ...).  For a seat that
    played in the baza in progress, its hand then is its sampled hand plus that card.  For the
    last finished baza, its hand then is its hand before this baza, minus the card it drew
    after that baza (any of them, equally likely), plus the card it played.  A deal is kept
    with chance ``KEEP_UNLIKELY + (1 - KEEP_UNLIKELY) * w``, ``w`` the share of those readings
    in which the rule player would have played the same cards: deals lean towards hands that
    explain the play, without trusting it blindly (a person may play otherwise).
    """

    KEEP_UNLIKELY = 0.2
    TRIES = 8

    def __init__(self, obs, know: Knowledge) -> None:
        self.obs = obs
        self.know = know
        n = obs.rules.players
        self.n = n
        every = (1 << 40) - 1
        last_m = getattr(obs, "last_muestra", obs.muestra)
        # (seat, card, table before it, leader, unknown-before-own-hand, stock_left, kind)
        self.now: list = []
        self.prev: list = []
        # played[j]: the cards played before baza j (played[-1]: before the baza in progress)
        self.played = played = [0]
        for t in obs.tricks:
            m = played[-1]
            for c in t.cards:
                m |= 1 << int(c)
            played.append(m)
        played_before_now = played[-1]
        muestra_bit = (1 << int(obs.muestra)) if obs.muestra is not None else 0
        table = [int(c) for _, c in obs.table]
        on_table = {s: int(c) for s, c in obs.table}
        for k, (s, c) in enumerate(obs.table):
            if s == obs.seat:
                continue
            before = played_before_now
            for x in table[:k]:
                before |= 1 << x
            self.now.append((s, int(c), table[:k], obs.leader, every & ~before & ~muestra_bit,
                             obs.stock_count > 0))
        if obs.tricks:
            j = len(obs.tricks) - 1
            t = obs.tricks[j]
            played_before = played[j]
            deck_size = len(obs.rules.deck())
            stock_then = deck_size - 3 * n - n * j            # cards to draw before trick j
            drew = stock_then > 0
            mbit = (1 << int(last_m)) if stock_then > 0 and last_m is not None else 0
            cards = [int(c) for c in t.cards]
            for k, c in enumerate(cards):
                s = (t.leader + k) % n
                if s == obs.seat:
                    continue
                before = played_before
                for x in cards[:k]:
                    before |= 1 << x
                self.prev.append((s, c, cards[:k], t.leader, every & ~before & ~mbit, drew,
                                  on_table.get(s)))
        self.active = bool(self.now or self.prev)
        self.depth = 1
        self.older: dict[int, list] = {}
        self.learned = None
        self.net = None

    def read_learned(self, tau: float) -> None:
        """Read with the learned scoring (game/ai/learned.py) instead of the rule player, two
        players only: a baza read weighs ``exp((score of the card played - best score) / tau)``
        (1 when the card is the scoring's choice, less the worse it scores) instead of 1 or 0,
        and a deal is kept with chance ``KEEP_UNLIKELY + (1 - KEEP_UNLIKELY) * weight``."""
        if self.n != 2 or self.depth > 1:
            return
        from .learned import learned

        obs = self.obs
        self.learned = learned()
        self.tau = float(tau)
        pts = list(obs.points)
        self.points_now = pts
        if obs.tricks:   # the points before the last baza
            t = obs.tricks[-1]
            pts = pts[:]
            pts[t.winner] -= t.points
        self.points_prev = pts

    def read_older(self, depth: int, delta: float) -> None:
        """Read ``depth`` finished bazas instead of one (the deeper reading).

        For each other seat, the bazas before the last one, most recent first, back to
        ``depth`` bazas or to that seat's cambio (its hand then is not the cards it played
        and holds).  Each baza read multiplies a reading's weight by 1 when the rule player
        would have played the same card and by ``delta`` when not; the hand then is the
        hand after the baza minus the card drawn after it (one of them, chosen at random for
        the older bazas: the weight is then an unbiased guess of the average over every
        choice, which is all a keep-or-redraw test needs).
        """
        obs = self.obs
        n = self.n
        self.depth = depth
        self.delta = delta
        if depth <= 1 or not obs.tricks:
            return
        every = (1 << 40) - 1
        deck_size = len(obs.rules.deck())
        swaps = list(getattr(obs, "swaps", ()))
        first_muestra = int(swaps[0].took) if swaps else (
            int(obs.last_muestra) if getattr(obs, "last_muestra", None) is not None else None)
        last = len(obs.tricks) - 1
        others = [s for s in range(n) if s != obs.seat]
        # a seat's reading stops at its last cambio: before it, its hand is not the cards it
        # played and holds
        swapped_at = {s: max((w.before_trick for w in swaps if w.seat == s), default=-1) for s in others}
        for j in range(last - 1, max(last - depth, -1), -1):
            t = obs.tricks[j]
            stock_then = deck_size - 3 * n - n * j
            muestra_then = first_muestra
            for w in swaps:
                if w.before_trick <= j:
                    muestra_then = int(w.gave)
            mbit = (1 << muestra_then) if stock_then > 0 and muestra_then is not None else 0
            cards = [int(c) for c in t.cards]
            for s in others:
                if j < swapped_at[s]:
                    continue
                k = (s - t.leader) % n
                before = self.played[j]
                for x in cards[:k]:
                    before |= 1 << x
                self.older.setdefault(s, []).append(
                    (cards[k], cards[:k], t.leader, every & ~before & ~mbit, stock_then > 0))
        if self.older:
            self.active = True

    def read_net(self, network, keep: float, relative: bool = False) -> None:
        """Read with a policy network (game/ai/network.py, two players): a baza read weighs the
        network's chance of the card played from the hand then (instead of 1 or 0 for the rule
        player's card), the older bazas of :meth:`read_older` included, and a deal is kept with
        chance ``keep + (1 - keep) * weight``.  The chances are those of a player that plays
        like the network; ``keep`` leaves room for one that does not.  ``relative``: each
        baza's factor is the card's chance over the chance of the network's favourite card in
        that hand (1 when it played the favourite), so that a reading of several bazas does
        not sink below ``keep`` for every deal.

        The network sees the published bot's observation (:func:`game.ai.network.inputs`):
        everything in it but the hand is public, so each baza read keeps its first layer's
        sums without the hand (``base``) and a hand only adds its three rows."""
        if self.n != 2:
            return
        from .network import inputs, shown_muestra

        obs = self.obs
        self.net = network
        self.keep = float(keep)
        self.net_relative = bool(relative)
        self.net_cache: dict = {}
        muestra = shown_muestra(obs)
        # points before each baza j (pts_before[-1]: now)
        pts_before = [[0, 0]]
        for t in obs.tricks:
            p = pts_before[-1][:]
            p[t.winner] += t.points
            pts_before.append(p)

        def bits(mask: int) -> list[int]:
            return [c for c in range(40) if mask >> c & 1]

        def base(j: int, table: list[int], s: int) -> list[float]:
            pts = pts_before[j]
            active, extra = inputs(bits(self.played[j]), muestra, table, (), pts[s], pts[1 - s])
            return network.first_sum(active, extra)

        now_j = len(obs.tricks)
        self.net_now = [(s, card, base(now_j, table, s)) for s, card, table, *_ in self.now]
        self.net_prev = []
        for s, card, table, leader, unknown, drew, table_card in self.prev:
            older = []
            if self.depth > 1:
                j = now_j - 1
                for o_card, o_table, *_rest, o_drew in self.older.get(s, ()):
                    j -= 1
                    older.append((o_card, base(j, o_table, s), o_drew))
            self.net_prev.append((s, card, base(now_j - 1, table, s), drew, table_card, older))
        self.active = bool(self.net_now or self.net_prev)

    def _chance(self, base: list[float], hand: list[int], card: int) -> float:
        """The network's chance of ``card`` from ``hand`` on top of the sums ``base``."""
        key = (id(base), card, tuple(sorted(hand)))
        p = self.net_cache.get(key)
        if p is None:
            by_input = self.net.first_by_input
            h = base
            for c in hand:
                h = [a + b for a, b in zip(h, by_input[120 + c])]
            sc = self.net.scores_from(h, hand)
            top = max(sc)
            ex = [math.exp(x - top) for x in sc]
            p = ex[hand.index(card)] if self.net_relative else ex[hand.index(card)] / math.fsum(ex)
            self.net_cache[key] = p
        return p

    def _weight_net(self, hands, rng: random.Random) -> float:
        """The network reading's weight of a deal (see :meth:`read_net`)."""
        w = 1.0
        for s, card, base in self.net_now:
            w *= self._chance(base, hands[s] + [card], card)
        for s, card, base, drew, table_card, older in self.net_prev:
            options = hands_before(hands[s] + ([table_card] if table_card is not None else []), card, drew)
            total = 0.0
            for h in options:
                a = self._chance(base, h, card)
                for o_card, o_base, o_drew in older:
                    h = _earlier_hand(h, o_card, o_drew, rng)
                    a *= self._chance(o_base, h, o_card)
                total += a
            w *= total / len(options)
        return w

    def _agrees(self, then: list[int], card, table, leader, unknown, stock_left, s) -> bool:
        from .heuristic import rule_move

        own = 0
        for c in then:
            own |= 1 << c
        then.sort()
        return rule_move(then, table, self.n, s, leader, self.obs.trump, unknown & ~own,
                         stock_left) == card

    def _relative(self, then: list[int], card: int, table, unknown: int, stock: int, s: int, pts) -> float:
        """The learned reading of one card: exp((its score - the best score) / tau)."""
        own = 0
        for c in then:
            own |= 1 << c
        sc = self.learned.scores(then, table[0] if table else -1, self.obs.trump, unknown & ~own, stock,
                                 pts[s], pts[1 - s])
        return math.exp((sc[then.index(card)] - max(sc)) / self.tau)

    def _weight_learned(self, hands) -> float:
        w = 1.0
        stock = self.obs.stock_count
        for s, card, table, leader, unknown, stock_left in self.now:
            w *= self._relative(hands[s] + [card], card, table, unknown, stock, s, self.points_now)
        for s, card, table, leader, unknown, drew, table_card in self.prev:
            options = hands_before(hands[s] + ([table_card] if table_card is not None else []), card, drew)
            w *= math.fsum(self._relative(h, card, table, unknown, stock + 2 * drew, s, self.points_prev)
                           for h in options) / len(options)
        return w

    def weight(self, hands, rng: random.Random | None = None) -> float:
        if self.net is not None:
            return self._weight_net(hands, rng)
        if self.depth > 1:
            return self._weight_deep(hands, rng)
        if self.learned is not None:
            return self._weight_learned(hands)
        w = 1.0
        for s, card, table, leader, unknown, stock_left in self.now:
            if not self._agrees(hands[s] + [card], card, table, leader, unknown, stock_left, s):
                return 0.0
        for s, card, table, leader, unknown, drew, table_card in self.prev:
            options = hands_before(hands[s] + ([table_card] if table_card is not None else []), card, drew)
            ok = sum(self._agrees(h, card, table, leader, unknown, drew, s) for h in options)
            w *= ok / len(options)
            if w == 0.0:
                return 0.0
        return w

    def _weight_deep(self, hands, rng: random.Random) -> float:
        """The deeper reading's weight of a deal (see :meth:`read_older`)."""
        delta = self.delta
        w = 1.0
        for s, card, table, leader, unknown, stock_left in self.now:
            if not self._agrees(hands[s] + [card], card, table, leader, unknown, stock_left, s):
                w *= delta
        for s, card, table, leader, unknown, drew, table_card in self.prev:
            options = hands_before(hands[s] + ([table_card] if table_card is not None else []), card, drew)
            total = 0.0
            for h in options:
                a = 1.0 if self._agrees(h[:], card, table, leader, unknown, drew, s) else delta
                for o_card, o_table, o_leader, o_unknown, o_drew in self.older.get(s, ()):
                    h = _earlier_hand(h, o_card, o_drew, rng)
                    if not self._agrees(h[:], o_card, o_table, o_leader, o_unknown, o_drew, s):
                        a *= delta
                total += a
            w *= total / len(options)
        return w

    def sample(self, rng: random.Random) -> FastState:
        if self.net is not None:
            keep = self.keep
        else:
            keep = self.KEEP_UNLIKELY if self.depth <= 1 else 0.0
        for _ in range(self.TRIES):
            hands, rest = self.know.sample_hands(rng)
            if rng.random() < keep + (1.0 - keep) * self.weight(hands, rng):
                break
        from ..fast import from_observation
        return from_observation(self.obs, hands, self.know.stock_order(rest, rng))
