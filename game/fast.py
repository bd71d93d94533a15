"""The fast path: brisca on plain integers, for AI search and the benchmark.

Why a second implementation: the AI evaluates a move by playing thousands of hands to the end
on sampled deals, so every microsecond of a move counts.  :mod:`game.hand` is the readable,
checked engine that the interface and the records use; this module drops everything a search
does not need (events, history, error messages, ``Card`` objects) and keeps the exact rules.
``tests/test_fast.py`` proves both equal on thousands of random hands for every player count
and rule set (same legal moves, same baza winners, same points, same cambios).

Cards are the integers 0..39 of :mod:`game.cards` (``suit_index * 10 + RANKS.index(rank)``);
the cambio is the move :data:`SWAP_MOVE` (40).  Tables are indexed by those integers:

* :data:`POINTS` ``[card]`` and :data:`STRENGTH` ``[card]`` (9 = as ... 0 = the 2);
* :data:`BEATS` ``[trump][best * 40 + challenger]``: does ``challenger`` take a baza that
  ``best`` is winning, with that triunfo;
* :data:`TRICK2` ``[trump][lead * 40 + follow]``: a two-card baza, as ``points`` when the
  leader wins it and ``~points`` (negative) when the follower does.

:class:`FastState` is a compact, copyable state (hands as lists, the stock as a list whose
last element is the top card, the muestra apart) with ``legal_moves`` / ``play``.
:func:`play_random_hand` deals and plays one uniformly random hand as fast as CPython allows;
``python -m game bench`` reports its speed.
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from .cards import BEATS as _CARD_BEATS, CARD_POINTS, DECK, STRENGTH as _CARD_STRENGTH
from .rules import Rules

__all__ = [
    "SWAP_MOVE", "NO_CARD", "POINTS", "STRENGTH", "BEATS", "TRICK2",
    "swap_card_for", "FastState", "play_random_hand", "shuffled_deck",
    "from_hand", "from_observation", "to_move", "from_move",
]

#: The cambio as a fast move (cards are 0..39).
SWAP_MOVE = 40
#: "No card" (the muestra once drawn).
NO_CARD = -1

#: Points of each card index (as 11, tres 10, rey 4, caballo 3, sota 2, the rest 0).
POINTS: tuple[int, ...] = tuple(int(p) for p in CARD_POINTS)
#: Strength of each card index inside its suit: 9 for the as down to 0 for the 2.
STRENGTH: tuple[int, ...] = tuple(int(s) for s in _CARD_STRENGTH)
#: BEATS[trump][best * 40 + challenger] -> bool (the core's table, game.cards.BEATS).
BEATS: tuple[tuple[bool, ...], ...] = _CARD_BEATS

#: TRICK2[trump][lead * 40 + follow]: points if the leader wins, ~points if the follower does.
TRICK2: tuple[tuple[int, ...], ...] = tuple(
    tuple((~(POINTS[a] + POINTS[b]) if BEATS[t][a * 40 + b] else POINTS[a] + POINTS[b])
          for a in range(40) for b in range(40)) for t in range(4))


def _swap_table(swap_seven: bool, swap_two: bool) -> tuple[int, ...]:
    rules = Rules(swap_seven=swap_seven, swap_two=swap_two)
    return tuple(NO_CARD if (c := rules.swap_card_for(DECK[m])) is None else int(c) for m in range(40))


#: _SWAP_WITH[swap_seven][swap_two][muestra]: :meth:`game.rules.Rules.swap_card_for` as a table.
_SWAP_WITH = tuple(tuple(_swap_table(bool(s7), bool(s2)) for s2 in range(2)) for s7 in range(2))


def swap_card_for(muestra: int, swap_seven: bool, swap_two: bool) -> int:
    """The card of triunfo that may take ``muestra`` (``NO_CARD`` if none), as the rules say."""
    return NO_CARD if muestra < 0 else _SWAP_WITH[swap_seven][swap_two][muestra]


class FastState:
    """A hand in progress, as plain integers and lists (mutable; :meth:`copy` to branch).

    ``hands[seat]``: the cards held (any order).  ``stock``: face-down cards, the top one
    last (drawn with ``pop()``).  ``muestra``: the face-up card, drawn after the stock
    (``NO_CARD`` once drawn).  ``table``: cards of the baza in progress, from ``leader`` on.
    ``turn``: seat to move (-1 when the hand is over).  ``last_winner``: who won the previous
    baza (-1 before the first), which the cambio's "after_win" timing needs.
    """

    __slots__ = ("n", "trump", "hands", "stock", "muestra", "table", "leader", "turn",
                 "points", "tricks", "last_winner", "swap_seven", "swap_two", "own_turn",
                 "swap_with", "swapped")

    def __init__(self, n: int, trump: int, hands: list[list[int]], stock: list[int],
                 muestra: int, *, table: list[int] | None = None, leader: int = 0,
                 turn: int | None = None, points: list[int] | None = None, tricks: int = 0,
                 last_winner: int = -1, swap_seven: bool = True, swap_two: bool = False,
                 own_turn: bool = False, swapped: bool = False) -> None:
        self.n = n
        self.trump = trump
        self.hands = hands
        self.stock = stock
        self.muestra = muestra
        self.table = table if table is not None else []
        self.leader = leader
        self.turn = (leader + len(self.table)) % n if turn is None else turn
        self.points = points if points is not None else [0] * n
        self.tricks = tricks
        self.last_winner = last_winner
        self.swap_seven = swap_seven
        self.swap_two = swap_two
        self.own_turn = own_turn
        #: The card that may take the current muestra (NO_CARD if none).
        self.swap_with = swap_card_for(muestra, swap_seven, swap_two)
        #: The player to move has made a cambio this turn: a card comes next (one cambio a turn).
        self.swapped = swapped

    # --- construction ------------------------------------------------------------------------
    @classmethod
    def deal(cls, n: int, deck: Sequence[int], dealer: int = 0, *, swap_seven: bool = True,
             swap_two: bool = False, own_turn: bool = False) -> "FastState":
        """Deal an exact deck order (top card first) as RULES.md "Dealing" says."""
        leader = (dealer + 1) % n
        hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(3 * n):
            hands[(leader + i) % n].append(int(deck[i]))
        muestra = int(deck[3 * n])
        stock = [int(c) for c in reversed(deck[3 * n + 1:])]
        return cls(n, muestra // 10, hands, stock, muestra, leader=leader, swap_seven=swap_seven,
                   swap_two=swap_two, own_turn=own_turn)

    def copy(self) -> "FastState":
        o = FastState.__new__(FastState)
        o.n = self.n
        o.trump = self.trump
        o.hands = [h[:] for h in self.hands]
        o.stock = self.stock[:]
        o.muestra = self.muestra
        o.table = self.table[:]
        o.leader = self.leader
        o.turn = self.turn
        o.points = self.points[:]
        o.tricks = self.tricks
        o.last_winner = self.last_winner
        o.swap_seven = self.swap_seven
        o.swap_two = self.swap_two
        o.own_turn = self.own_turn
        o.swap_with = self.swap_with
        o.swapped = self.swapped
        return o

    # --- queries -----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.turn < 0

    @property
    def stock_count(self) -> int:
        """Cards left to draw, the muestra included (as :attr:`Hand.stock_count`)."""
        return len(self.stock) + (self.muestra >= 0)

    def side_points(self) -> list[int]:
        p = self.points
        return [p[0] + p[2], p[1] + p[3]] if self.n == 4 else list(p)

    def can_swap(self) -> bool:
        """May the player to move make the cambio now (RULES.md "Cambio del siete")?"""
        card = self.swap_with
        if card < 0 or not self.stock or self.turn < 0 or self.swapped:
            return False
        if not self.own_turn and (self.table or self.last_winner != self.turn):
            return False
        return card in self.hands[self.turn]

    def legal_moves(self) -> list[int]:
        """Cards held sorted by index, then :data:`SWAP_MOVE` when allowed (Hand's order)."""
        if self.turn < 0:
            return []
        moves = sorted(self.hands[self.turn])
        if self.can_swap():
            moves.append(SWAP_MOVE)
        return moves

    # --- moves -------------------------------------------------------------------------------
    def play(self, move: int) -> int:
        """Apply a move of the player to move (no legality check beyond what Python does).

        Returns the seat that won the baza if this move completed one, else -1.
        """
        seat = self.turn
        if move == SWAP_MOVE:
            card = self.swap_with
            hand = self.hands[seat]
            hand.remove(card)
            hand.append(self.muestra)
            self.muestra = card
            self.swap_with = swap_card_for(card, self.swap_seven, self.swap_two)
            self.swapped = True
            return -1
        self.swapped = False
        self.hands[seat].remove(move)
        table = self.table
        table.append(move)
        n = self.n
        if len(table) < n:
            self.turn = (seat + 1) % n
            return -1
        beats = BEATS[self.trump]
        best, wi, pts = table[0], 0, POINTS[table[0]]
        for i in range(1, n):
            c = table[i]
            pts += POINTS[c]
            if beats[best * 40 + c]:
                best, wi = c, i
        winner = (self.leader + wi) % n
        self.points[winner] += pts
        self.table = []
        self.tricks += 1
        stock = self.stock
        hands = self.hands
        if stock or self.muestra >= 0:
            for i in range(n):
                s = (winner + i) % n
                if stock:
                    hands[s].append(stock.pop())
                elif self.muestra >= 0:
                    hands[s].append(self.muestra)
                    self.muestra = NO_CARD
                    self.swap_with = NO_CARD
        self.leader = winner
        self.last_winner = winner
        self.turn = winner if hands[winner] else -1
        return winner

    def __repr__(self) -> str:
        return (f"<FastState n={self.n} trump={self.trump} turn={self.turn} hands={self.hands} "
                f"table={self.table} muestra={self.muestra} stock={len(self.stock)} points={self.points}>")


# --- converters from the public engine ----------------------------------------------------------
def _rule_flags(rules) -> dict:
    return rules.fast_flags()


def from_hand(hand) -> FastState:
    """The exact :class:`FastState` of a public :class:`game.hand.Hand` (full information:
    for tests, the arena's bookkeeping and the benchmark, never for a player)."""
    muestra = hand.muestra
    stock = [int(c) for c in hand._stock[1:]]  # the Hand keeps the muestra first, top last
    table = [int(c) for _, c in hand.table]
    st = FastState(hand.players, hand.trump, [[int(c) for c in h] for h in hand.hands], stock,
                   NO_CARD if muestra is None else int(muestra), table=table, leader=hand.leader,
                   turn=-1 if hand.turn is None else hand.turn, points=list(hand.points),
                   tricks=len(hand.tricks),
                   last_winner=hand.tricks[-1].winner if hand.tricks else -1,
                   swapped=hand.turn is not None and hand.swapped_now(hand.turn), **_rule_flags(hand.rules))
    return st


def from_observation(obs, hands: Sequence[Iterable[int]], stock: Sequence[int],
                     muestra: int | None = None) -> FastState:
    """A :class:`FastState` for an observation completed with a guess of the hidden cards.

    ``hands[seat]`` must be ``obs.hand`` for the observing seat and a guess for the others;
    ``stock`` lists the face-down cards top first.  This is how a player builds the sampled
    deals it searches: everything else comes from the observation.  ``muestra`` is only
    needed once the observation has none (it is then ignored: a drawn muestra is in a hand).
    """
    m = obs.muestra
    table = [int(c) for _, c in obs.table]
    return FastState(obs.rules.players, obs.trump, [[int(c) for c in h] for h in hands],
                     [int(c) for c in reversed(stock)], NO_CARD if m is None else int(m),
                     table=table, leader=obs.leader, turn=-1 if obs.turn is None else obs.turn,
                     points=list(obs.points), tricks=len(obs.tricks),
                     last_winner=obs.tricks[-1].winner if obs.tricks else -1,
                     swapped=obs.turn is not None and obs.swapped_now(obs.turn), **_rule_flags(obs.rules))


def to_move(move: int):
    """A fast move as a public move (a :class:`game.cards.Card` or ``"swap"``)."""
    from .cards import DECK
    return "swap" if move == SWAP_MOVE else DECK[move]


def from_move(move) -> int:
    """A public move (Card or ``"swap"``) as a fast move."""
    return SWAP_MOVE if move == "swap" else int(move)


# --- the benchmark's random hand --------------------------------------------------------------
_DECK40 = list(range(40))


def shuffled_deck(rng: random.Random, n: int = 2, removed: int = 1) -> list[int]:
    """A uniformly shuffled deck: 39 cards with 3 players (without ``removed``, the 2 of oros
    by default), else 40.

    Why not ``rng.shuffle``: it costs ~40 Python-level calls.  Sorting by 64-bit random keys
    drawn in one C call is about twice as fast; two equal keys (chance ~1e-16 per shuffle)
    would only keep their original order.
    """
    keys = memoryview(rng.randbytes(320)).cast("Q")
    return sorted(_DECK40 if n != 3 else [c for c in _DECK40 if c != removed], key=keys.__getitem__)


def play_random_hand(players: int, rng: random.Random, dealer: int = 0, removed: int = 1) -> list[int]:
    """Deal a shuffled deck and play a complete hand with uniformly random card choices
    (no cambios); return the points per seat.  This is the fast path's speed benchmark."""
    if players == 2:
        return _random_hand_2(rng, dealer)
    deck = shuffled_deck(rng, players, removed)
    st = FastState.deal(players, deck, dealer, swap_seven=False)
    r = rng.random
    hands = st.hands
    play = st.play
    while st.turn >= 0:
        h = hands[st.turn]
        play(h[int(r() * len(h))])
    return st.points


def _random_hand_2(rng: random.Random, dealer: int) -> list[int]:
    """Two players, unrolled: ``x``/``px`` are the leader's hand and points, ``y``/``py`` the
    follower's; they trade places when the follower wins (``flip`` remembers who is who)."""
    d = shuffled_deck(rng)
    r = rng.random
    x, y = d[0:6:2], d[1:6:2]
    m = d[6]
    tt = TRICK2[m // 10]
    st = d[7:]
    st.append(m)
    px = py = 0
    flip = 0
    for p in range(0, 34, 2):
        v = tt[x.pop(int(r() * 3)) * 40 + y.pop(int(r() * 3))]
        if v >= 0:
            px += v
            x.append(st[p])
            y.append(st[p + 1])
        else:
            py += ~v
            y.append(st[p])
            x.append(st[p + 1])
            x, y, px, py, flip = y, x, py, px, flip ^ 1
    for k in (3, 2, 1):
        v = tt[x.pop(int(r() * k)) * 40 + y.pop(int(r() * k))]
        if v >= 0:
            px += v
        else:
            py += ~v
            x, y, px, py, flip = y, x, py, px, flip ^ 1
    # x started as the first leader, seat dealer + 1.
    first = (dealer + 1) % 2
    lead_pts, other_pts = (px, py) if not flip else (py, px)
    out = [0, 0]
    out[first] = lead_pts
    out[1 - first] = other_pts
    return out
