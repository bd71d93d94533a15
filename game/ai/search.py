"""Search over sampled deals (perfect-information Monte Carlo) and the exact endgame solver.

Why this design (measured, see docs/ai.md): brisca's hidden information is small and shrinks
fast, and no card obliges anyone to follow suit, so a sampled deal is a good stand-in for the
real one.  For each candidate move (the cambio included) the player samples deals of the
unseen cards consistent with its observation, plays the move on each, and finishes the hand
with the rule player at every seat (a "heuristic rollout"); once the stock is small it solves
each sampled deal exactly instead.  Every candidate is evaluated on the *same* deals (common
random numbers), so the comparison between moves is much less noisy than the values.

The value of a finished deal for my side is ``win + MARGIN_WEIGHT * margin / 120`` with
``win`` 1, ½ (void) or 0: the hand first, the points second.
"""

from __future__ import annotations

import math
import random
import time

from ..fast import BEATS, POINTS, SWAP_MOVE, FastState, swap_card_for
from .heuristic import rollout
from .knowledge import Knowledge

__all__ = ["solve", "minimax_bruteforce", "utility", "evaluate_moves", "evaluate_moves_steps", "run_steps",
           "MARGIN_WEIGHT"]

MARGIN_WEIGHT = 0.2
_INF = 10 ** 6


def side_of(seat: int, n: int) -> int:
    return seat % 2 if n == 4 else seat


def utility(points: list[int], seat: int, n: int, margin_weight: float = MARGIN_WEIGHT) -> float:
    """Value of a finished hand's points for ``seat``'s side."""
    if n == 4:
        mine = points[seat % 2] + points[seat % 2 + 2]
        other = 120 - mine
    elif n == 2:
        mine = points[seat]
        other = points[1 - seat]
    else:
        mine = points[seat]
        other = max(p for s, p in enumerate(points) if s != seat)
    win = 1.0 if mine > other else (0.5 if mine == other else 0.0)
    return win + margin_weight * (mine - other) / 120.0


# --- the exact endgame solver -----------------------------------------------------------------
def solve(st: FastState, root_seat: int, moves: list[int] | None = None) -> dict[int, int]:
    """Exact minimax over a fully known :class:`FastState` (a sampled deal).

    Returns, for each move of the player to move (or those in ``moves``), the final points of
    ``root_seat``'s side when my side maximises them and everybody else minimises them (with
    three players, each alone, this is the "paranoid" reading).  Alpha-beta inside each baza
    and a memo of exact values at the start of each baza; the cambio is a move like any other.
    """
    n = st.n
    beats = BEATS[st.trump]
    root_side = side_of(root_seat, n)
    mine = [side_of(s, n) == root_side for s in range(n)]
    hands = [0] * n
    for s in range(n):
        for c in st.hands[s]:
            hands[s] |= 1 << c
    seq = list(reversed(st.stock))
    has_muestra = st.muestra >= 0
    if has_muestra:
        seq.append(st.muestra)
    nseq = len(seq)
    swap_seven, swap_two, own_turn = st.swap_seven, st.swap_two, st.own_turn
    memo: dict = {}
    state = {"dp": 0}

    def swap_card(seat: int, at_boundary: bool, last_winner: int) -> int:
        dp = state["dp"]
        if not has_muestra or nseq - dp < 2:   # need a face-down card besides the muestra
            return -1
        if not own_turn and not (at_boundary and last_winner == seat):
            return -1
        card = swap_card_for(seq[-1], swap_seven, swap_two)
        if card >= 0 and hands[seat] >> card & 1:
            return card
        return -1

    def boundary(leader: int, last_winner: int) -> int:
        key = (tuple(hands), leader, state["dp"], seq[-1] if has_muestra else -1, last_winner == leader)
        v = memo.get(key)
        if v is None:
            v = in_trick(leader, [], 0, -_INF, _INF, last_winner, True)
            memo[key] = v
        return v

    def resolve(leader: int, table: list[int]) -> int:
        best, wi, pts = table[0], 0, POINTS[table[0]]
        for i in range(1, n):
            c = table[i]
            pts += POINTS[c]
            if beats[best * 40 + c]:
                best, wi = c, i
        winner = (leader + wi) % n
        gained = pts if mine[winner] else 0
        dp = state["dp"]
        drew = []
        if dp < nseq:
            for i in range(n):
                s = (winner + i) % n
                c = seq[dp + i]
                hands[s] |= 1 << c
                drew.append((s, c))
            state["dp"] = dp + n
        if hands[winner]:
            gained += boundary(winner, winner)
        for s, c in drew:
            hands[s] ^= 1 << c
        state["dp"] = dp
        return gained

    def in_trick(leader: int, table: list[int], k: int, alpha: int, beta: int,
                 last_winner: int, swapped_ok: bool) -> int:
        seat = (leader + k) % n
        maximize = mine[seat]
        h = hands[seat]
        best_v = -_INF if maximize else _INF
        # The cambio first: it is a move of its own, after which the same seat moves again.
        if swapped_ok:
            card = swap_card(seat, k == 0, last_winner)
            if card >= 0:
                old = seq[-1]
                hands[seat] ^= (1 << card) | (1 << old)
                seq[-1] = card
                v = in_trick(leader, table, k, alpha, beta, last_winner, True)
                seq[-1] = old
                hands[seat] ^= (1 << card) | (1 << old)
                if maximize:
                    best_v = max(best_v, v)
                    alpha = max(alpha, v)
                else:
                    best_v = min(best_v, v)
                    beta = min(beta, v)
                if alpha >= beta:
                    return best_v
        while h:
            low = h & -h
            c = low.bit_length() - 1
            h ^= low
            hands[seat] ^= low
            table.append(c)
            if k + 1 == n:
                v = resolve(leader, table)
            else:
                v = in_trick(leader, table, k + 1, alpha, beta, last_winner, True)
            table.pop()
            hands[seat] ^= low
            if maximize:
                if v > best_v:
                    best_v = v
                if v > alpha:
                    alpha = v
            else:
                if v < best_v:
                    best_v = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best_v

    # The root: evaluate each move with a full window (exact values for every move).
    base = sum(st.points[s] for s in range(n) if mine[s])
    seat = st.turn
    leader = st.leader
    table = list(st.table)
    k = len(table)
    out: dict[int, int] = {}
    cand = moves if moves is not None else st.legal_moves()
    for m in cand:
        if m == SWAP_MOVE:
            card = st.swap_with
            old = seq[-1]
            hands[seat] ^= (1 << card) | (1 << old)
            seq[-1] = card
            v = in_trick(leader, table, k, -_INF, _INF, st.last_winner, True)
            seq[-1] = old
            hands[seat] ^= (1 << card) | (1 << old)
        else:
            hands[seat] ^= 1 << m
            table.append(m)
            if k + 1 == n:
                v = resolve(leader, table)
            else:
                v = in_trick(leader, table, k + 1, -_INF, _INF, st.last_winner, True)
            table.pop()
            hands[seat] ^= 1 << m
        out[m] = base + v
    return out


def minimax_bruteforce(st: FastState, root_seat: int) -> dict[int, int]:
    """The same values as :func:`solve` by plain minimax on copies of the state (slow; the
    reference the tests compare the solver with)."""
    root_side = side_of(root_seat, st.n)

    def value(s: FastState) -> int:
        if s.turn < 0:
            return sum(p for i, p in enumerate(s.points) if side_of(i, s.n) == root_side)
        vals = []
        for m in s.legal_moves():
            c = s.copy()
            c.play(m)
            vals.append(value(c))
        return max(vals) if side_of(s.turn, s.n) == root_side else min(vals)

    out = {}
    for m in st.legal_moves():
        c = st.copy()
        c.play(m)
        out[m] = value(c)
    return out


# --- perfect-information Monte Carlo ----------------------------------------------------------
def _solved_utility(final_side_points: int, seat: int, n: int, margin_weight: float = MARGIN_WEIGHT) -> float:
    mine = final_side_points
    other = 120 - mine
    win = 1.0 if mine > other else (0.5 if mine == other else 0.0)
    return win + margin_weight * (mine - other) / 120.0


def use_solver(obs, solve_stock: int) -> bool:
    """Solve sampled deals exactly when what is left is small enough to be cheap."""
    n = obs.rules.players
    if n == 3:
        return False  # paranoid values mislead with three players: finish with rollouts
    if n == 2:
        return obs.stock_count <= solve_stock
    return obs.stock_count == 0 and sum(obs.hand_sizes) <= 8


def hands_before(held: list[int], card: int, drew: bool) -> list[list[int]]:
    """The hands a seat may have held before a baza in which it played ``card``, from the
    hand it ``held`` after it: that hand minus the card drawn after the baza (any of them,
    when it drew), plus ``card``."""
    if drew:
        return [[x for x in held if x != d] + [card] for d in held]
    return [held + [card]]


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
        from .network import inputs

        obs = self.obs
        self.net = network
        self.keep = float(keep)
        self.net_relative = bool(relative)
        self.net_cache: dict = {}
        muestra = getattr(obs, "last_muestra", None)
        if muestra is None:
            muestra = obs.muestra
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
                    if o_drew:
                        d = h[rng.randrange(len(h))]
                        h = [x for x in h if x != d] + [o_card]
                    else:
                        h = h + [o_card]
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
                    if o_drew:
                        d = h[rng.randrange(len(h))]
                        h = [x for x in h if x != d] + [o_card]
                    else:
                        h = h + [o_card]
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


def _clearly_worse(values: list[float], anchor: list[float]) -> bool:
    """Paired comparison over the same deals: is the mean difference more than one standard
    error below zero?"""
    k = len(values)
    diffs = [a - b for a, b in zip(values, anchor)]
    mean = math.fsum(diffs) / k   # fsum: the same last bit on CPython 3.11 and 3.12 (browser)
    var = math.fsum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean + 1.0 * (var / k) ** 0.5 < 0.0


def evaluate_moves(*args, **kwargs) -> tuple[dict, int, dict]:
    """:func:`evaluate_moves_steps` run to the end in one call."""
    return run_steps(evaluate_moves_steps(*args, **kwargs))


def run_steps(steps):
    """Drive a thinking generator to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def evaluate_moves_steps(obs, know: Knowledge, rng: random.Random, moves: list, samples: int,
                         time_limit: float | None = None, solve_stock: int = 4,
                         min_samples: int = 8, infer: bool = True,
                         exact_samples: int = 20, margin_weight: float = MARGIN_WEIGHT,
                         anchor=None, check_every: int = 40, policy=None,
                         infer_depth: int = 1, infer_delta: float = 0.2, infer_model: str = "rule",
                         infer_tau: float = 1.0, truncate: int = 0, infer_keep: float = 0.2,
                         value_net=None, infer_relative: bool = False):
    """Value of each move over sampled deals (the same deals for every move).

    A generator that yields (None) after every sampled deal, so the interface can spread one
    move's thinking over several frames, and returns (``StopIteration.value``) what
    :func:`evaluate_moves` returns.  ``time_limit`` counts only the time spent inside it.

    A move is a fast move (int) or a tuple of moves the same seat plays in a row (the cambio
    followed by a card).  Stops after ``samples`` deals or, past ``min_samples``, when
    ``time_limit`` seconds have gone.  Returns (mean values, deals used, per-deal values).
    Solved deals cost more and vary less: at most ``exact_samples`` of them.
    ``infer``: weigh deals by how well they explain the cards already on the table
    (:class:`_LeadModel`).  ``anchor``: the move the caller keeps unless another is clearly
    better; every ``check_every`` deals the search stops early when every other move is
    worse than it (paired mean + 1 standard error below zero: such a move would rarely end
    one standard error above it, which is what the caller needs to leave the anchor), which
    saves time on easy moves.  ``policy``: the rollouts' parameter set
    (:class:`game.ai.heuristic.RolloutPolicy`; None: the rule player's).  ``truncate`` (two
    players): play only that many bazas after the move, then take :func:`game.ai.value.value`
    of the position instead of playing the hand out, while cards remain to draw.
    ``infer_model``: the model of the others' plays the reading uses: "rule" (the rule
    player's card), "learned" or "net:NAME" (a policy network's chances, two players;
    ``infer_keep`` is then the chance a deal is kept whatever the reading says, and
    ``infer_relative`` weighs a play by its chance over the network's favourite's instead of
    by its chance).
    ``value_net``: a value network (game/ai/value.py :func:`~game.ai.value.net_value`) to read
    a truncated deal off instead of the linear evaluation.
    """
    seat = obs.seat
    n = obs.rules.players
    per = {m: [] for m in moves}
    exact = use_solver(obs, solve_stock)
    spent = 0.0  # thinking time, not counting the time between steps
    done = 0
    # With nothing hidden (two players, stock out) one deal is the truth.
    if not know.pool and n == 2:
        samples = 1
    elif exact:
        samples = min(samples, exact_samples)
    cut = truncate if n == 2 else 0
    if cut:
        from .value import NetValue, state_features, value
        if value_net is not None:   # the first layer's rows of the cards not played yet, once
            value_net = NetValue.for_observation(value_net, obs)
    model = _LeadModel(obs, know) if infer else None
    if model is not None:
        model.read_older(infer_depth, infer_delta)
        if infer_model == "learned":
            model.read_learned(infer_tau)
        elif infer_model.startswith("net:"):
            from .network import load_network
            model.read_net(load_network(infer_model[4:]), infer_keep, infer_relative)
    for i in range(samples):
        if time_limit is not None and i >= min_samples and spent > time_limit:
            break
        if i:
            yield None
        started = time.perf_counter()
        if model is not None and model.active:
            base = model.sample(rng)
        else:
            base = know.state(obs, rng)
        if exact:
            firsts = sorted({m[0] if isinstance(m, tuple) else m for m in moves})
            vals = solve(base, seat, firsts)
            for m in moves:
                per[m].append(_solved_utility(vals[m[0] if isinstance(m, tuple) else m], seat, n, margin_weight))
        else:
            for m in moves:
                st = base.copy()
                if isinstance(m, tuple):
                    for x in m:
                        st.play(x)
                else:
                    st.play(m)
                pts = rollout(st, policy, bazas=cut)
                if st.turn >= 0:   # stopped early: the evaluation of the rest
                    if value_net is not None:
                        per[m].append(value_net(st, pts, seat, margin_weight))
                    else:
                        per[m].append(value(state_features(st, pts, seat), margin_weight))
                else:
                    per[m].append(utility(pts, seat, n, margin_weight))
        done += 1
        spent += time.perf_counter() - started
        if anchor is not None and not exact and done % check_every == 0 and done < samples:
            if all(_clearly_worse(per[m], per[anchor]) for m in moves if m != anchor):
                break
    # math.fsum, not sum: CPython 3.12+ sums floats with compensation, 3.11 does not, and the
    # last bit decides ties; fsum is correctly rounded everywhere (desktop 3.11, browser 3.12).
    return {m: math.fsum(v) / done for m, v in per.items()}, done, per
