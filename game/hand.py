"""One hand of brisca: the deal, the bazas, the cambio, the result (RULES.md).

A hand is fully described by its rules, dealer, deck order and moves; everything else is
derived by playing the moves.  The shuffle is the only chance event and is kept outside:
:meth:`Hand.deal` takes an explicit ``random.Random``, :meth:`Hand.from_deck` an exact order. Use::

    hand = Hand.deal(Rules(players=2), dealer=0, rng=random.Random(7))
    while not hand.over:
        hand.play(rng.choice(hand.legal_moves()))
    hand.result, hand.points

:meth:`Hand.play` returns the events the move caused (card played, baza won, draws, swap,
end of hand), which is what an interface animates. Those events and the other values a hand is
told in (a move, a baza, a cambio, a seña, a result) live in :mod:`game.hand_values`; this module
gives them out too.
"""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import dataclass

from .cards import BEATS, CARD_POINTS, Card, CardError
from .hand_values import (SENA_RANKS, SWAP, CardPlayed, DeckError, Drew, HandOver, IllegalMove, Move, Result, Sena,
                          Swap, Swapped, Trick, TrickWon, move_text, parse_move, result_of)
from .rules import Rules

__all__ = ["SWAP", "Move", "parse_move", "move_text", "IllegalMove", "DeckError", "Trick", "Swap", "Sena",
           "Result", "result_of", "CardPlayed", "TrickWon", "Drew", "Swapped", "HandOver", "Hand", "Observation",
           "SENA_RANKS", "shuffle"]


def shuffle(cards: list, rng: random.Random) -> None:
    """Shuffle ``cards`` in place with ``rng`` only (Fisher-Yates).

    Uses ``rng.random()`` rather than ``rng.shuffle`` because it is about twice as fast, and
    dealing is part of every simulated hand; the bias of a 53-bit float is negligible for 40 cards.
    """
    rnd = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


#: Seats in the order they draw after a baza, by number of players and winner.
_DRAW_ORDER = {n: tuple(tuple((w + i) % n for i in range(n)) for w in range(n)) for n in (2, 3, 4)}

_POINTS = tuple(CARD_POINTS)

_new = tuple.__new__  # builds a NamedTuple without the Python-level __new__: play() is a hot path


class _Facts:
    """What a hand and an observation of it both tell, from ``players``, ``trump``, ``tricks``,
    ``points`` and ``result``."""

    __slots__ = ()

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def trick_number(self) -> int:
        """The number of the baza in progress (0 for the first)."""
        return len(self.tricks)

    @property
    def trump_suit(self) -> str:
        """The triunfo's suit letter."""
        return "OCEB"[self.trump]

    @property
    def side_points(self) -> list[int]:
        """Points per side (pairs add their points; otherwise one side per seat)."""
        p = self.points
        if self.players == 4:
            return [p[0] + p[2], p[1] + p[3]]
        return list(p)

    def swapped_now(self, seat: int) -> bool:
        """Has ``seat``, to move, made a cambio this turn? Then a card comes next (one cambio a turn)."""
        s = self.swaps
        return bool(s) and s[-1].seat == seat == self.turn and s[-1].before_trick == len(self.tricks)


class Hand(_Facts):
    """The full state of one hand.  Mutable; use :meth:`copy` to branch."""

    __slots__ = (
        "rules", "dealer", "deck", "players", "trump", "_hands", "_stock", "_table",
        "leader", "turn", "tricks", "swaps", "senas", "moves", "points", "_last_winner", "result",
        "_swap_with", "_muestra_card", "muestra_drawn_by",
    )

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, dealer: int, rng: random.Random) -> "Hand":
        """Shuffle the rules' deck with ``rng`` (and nothing else) and deal it."""
        order = list(rules.deck())
        shuffle(order, rng)
        return cls._deal_cards(rules, dealer, tuple(order))

    @classmethod
    def from_deck(cls, rules: Rules, dealer: int, deck) -> "Hand":
        """Deal an exact deck order, top card first (cards or their texts)."""
        n = rules.players
        if type(dealer) is not int or not 0 <= dealer < n:
            raise DeckError(f"dealer must be a seat 0-{n - 1}, not {dealer!r}")
        order = tuple(deck)
        if not all(type(c) is Card for c in order):
            try:
                order = tuple(Card.parse(c) if isinstance(c, str) else Card(c) for c in order)
            except (CardError, TypeError) as exc:
                raise DeckError(f"bad card in the deck: {exc}") from None
        expected = rules.deck()
        if len(order) != len(expected) or set(order) != rules.deck_set:
            seen: set[Card] = set()
            dupes = [c for c in order if c in seen or seen.add(c)]
            if dupes:
                raise DeckError(f"card {dupes[0]} appears twice in the deck")
            extra = sorted(set(order) - set(expected))
            if extra:
                raise DeckError(f"card {extra[0]} is not in play with these rules")
            missing = sorted(set(expected) - set(order))
            raise DeckError(f"the deck lacks {len(missing)} card(s), first {missing[0]}; "
                            f"it must hold {len(expected)} cards")
        return cls._deal_cards(rules, dealer, order)

    @classmethod
    def _deal_cards(cls, rules: Rules, dealer: int, order: tuple[Card, ...]) -> "Hand":
        """Deal a deck order already known to be valid (RULES.md "Dealing")."""
        n = rules.players
        self = cls.__new__(cls)
        self.rules = rules
        self.dealer = dealer
        self.deck = order
        self.players = n
        leader = (dealer + 1) % n
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(3 * n):
            hands[(leader + i) % n].append(order[i])
        for h in hands:
            h.sort()
        muestra = order[3 * n]
        self.trump = muestra // 10
        self._hands = hands
        # Drawn with pop(): the top of the stock is the last element, the muestra the first.
        self._stock = [muestra] + list(reversed(order[3 * n + 1:]))
        self._table: list[Card] = []  # the baza in progress, in the order played from self.leader
        self.leader = leader
        self.turn: int | None = leader
        self.tricks: list[Trick] = []
        self.swaps: list[Swap] = []
        self.senas: list[Sena] = []
        self.moves: list[Move] = []
        self.points = [0] * n
        self._last_winner: int | None = None
        self.result: Result | None = None
        # The card that may take the current muestra (None if no cambio applies to it).
        self._swap_with = rules.swap_card_for(muestra)
        self._muestra_card = muestra  # the card under the stock, also once drawn
        self.muestra_drawn_by: int | None = None  # the seat that drew it, a public fact
        return self

    def copy(self) -> "Hand":
        other = Hand.__new__(Hand)
        other.rules = self.rules
        other.dealer = self.dealer
        other.deck = self.deck
        other.players = self.players
        other.trump = self.trump
        other._hands = [list(h) for h in self._hands]
        other._stock = list(self._stock)
        other._table = list(self._table)
        other.leader = self.leader
        other.turn = self.turn
        other.tricks = list(self.tricks)
        other.swaps = list(self.swaps)
        other.senas = list(self.senas)
        other.moves = list(self.moves)
        other.points = list(self.points)
        other._last_winner = self._last_winner
        other.result = self.result
        other._swap_with = self._swap_with
        other._muestra_card = self._muestra_card
        other.muestra_drawn_by = self.muestra_drawn_by
        return other

    # --- what is on the table --------------------------------------------------------------
    @property
    def muestra(self) -> Card | None:
        """The card face up under the stock, or None once it has been drawn."""
        return self._stock[0] if self._stock else None

    @property
    def last_muestra(self) -> Card:
        """The muestra as it stands (after a cambio, the card it put there), also once drawn."""
        return self._muestra_card

    @property
    def stock_count(self) -> int:
        """Cards left to draw, the muestra included."""
        return len(self._stock)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(h) for h in self._hands)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        return tuple(self._hands[seat])

    @property
    def table(self) -> tuple[tuple[int, Card], ...]:
        """The baza in progress: (seat, card) in the order played."""
        n, leader = self.players, self.leader
        return tuple(((leader + i) % n, c) for i, c in enumerate(self._table))

    # --- the cambio --------------------------------------------------------------------------
    def swap_card(self, seat: int) -> Card | None:
        """The card ``seat`` could give for the muestra now, or None if it may not swap (why:
        :meth:`no_swap_reason`, the one place the cambio's conditions are written)."""
        card = self._swap_with
        if card is None or seat != self.turn or card not in self._hands[seat]:   # (most turns: at once)
            return None
        return None if self.no_swap_reason(seat) else card

    def no_swap_reason(self, seat: int) -> str:
        """Why ``seat`` may not swap now: ``over``, ``off`` (these rules), ``turn``, ``stock`` (only the muestra
        left), ``drawn`` (the muestra drawn), ``swapped`` (a cambio made this turn: a card comes next),
        ``no_card`` (none takes it), ``not_held`` (the card to give is not in the hand), ``after_win``
        (only after winning a baza, before leading); ``""`` if it may.

        The first reason that holds is the one a player is told, so they come in the order that decides:
        what ends the cambio for the hand, then the card, and the moment last (a player without the 7
        told "after winning a baza" would win one and still not swap)."""
        rules = self.rules
        if self.result is not None or not rules.swap_seven or seat != self.turn:
            return "over" if self.result is not None else "off" if not rules.swap_seven else "turn"
        if len(self._stock) < 2:
            return "stock" if self._stock else "drawn"
        if self.swapped_now(seat):
            return "swapped"
        card = self._swap_with   # (rules.swap_card_for of the muestra, kept as it changes)
        if card is None or card not in self._hands[seat]:
            return "no_card" if card is None else "not_held"
        if rules.swap_timing == "after_win" and (self._table or self._last_winner != seat):
            return "after_win"
        return ""

    def why_no_swap(self, seat: int) -> str:
        """A sentence saying why ``seat`` may not swap now (for IllegalMove and hints)."""
        m = self.muestra
        give = self.rules.swap_card_for(m) if m is not None else None
        return {"over": "the hand is over", "off": "the cambio is off in these rules", "turn": f"it is not seat {seat}'s turn",
                "stock": "no face-down card is left in the stock besides the muestra", "drawn": "the muestra was drawn",
                "after_win": "the cambio is allowed only after winning a baza, before leading the next",
                "no_card": f"no card may take a muestra of {m} under these rules",
                "swapped": "one cambio a turn: after a cambio the same player plays a card"}.get(
            self.no_swap_reason(seat), f"seat {seat} does not hold the {give} to give for the muestra {m}")

    # --- moves ---------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move, in a fixed order: cards by index, then ``swap``."""
        turn = self.turn
        if turn is None:
            return []
        moves: list[Move] = list(self._hands[turn])
        return moves + [SWAP] if self.swap_card(turn) is not None else moves

    def play(self, move: Move) -> list:
        """Apply a move of the player to move; return the events it caused.

        Raises :class:`IllegalMove` (with the reason) and leaves the hand unchanged if the
        move is not legal.
        """
        if type(move) is not Card:
            move = parse_move(move)
            if move == SWAP:
                if self.turn is None:
                    raise IllegalMove("the hand is over: no more moves")
                return self._swap(self.turn)
        seat = self.turn
        if seat is None:
            raise IllegalMove("the hand is over: no more moves")
        hand = self._hands[seat]
        try:
            hand.remove(move)
        except ValueError:
            raise IllegalMove(f"seat {seat} does not hold {move}; "
                              f"it holds {' '.join(map(str, hand)) or 'nothing'}") from None
        self.moves.append(move)
        table = self._table
        table.append(move)
        events: list = [_new(CardPlayed, (seat, move))]
        n = self.players
        if len(table) < n:
            self.turn = seat + 1 if seat + 1 < n else 0
            return events
        # The baza is complete: resolve it.
        cards = tuple(table)
        table.clear()
        # Tables by plain int index (a Card is an int subclass, slower to index with).
        beats = BEATS[self.trump]
        best = int(cards[0])
        best_i = 0
        pts = _POINTS[best]
        i = 0
        for c in cards[1:]:
            i += 1
            c = int(c)
            pts += _POINTS[c]
            if beats[best * 40 + c]:
                best, best_i = c, i
        leader = self.leader
        winner = (leader + best_i) % n
        self.points[winner] += pts
        self.tricks.append(_new(Trick, (leader, cards, winner, pts)))
        events.append(_new(TrickWon, (winner, leader, cards, pts)))
        stock = self._stock
        if stock:
            hands = self._hands
            for s in _DRAW_ORDER[n][winner]:
                card = stock.pop()
                insort(hands[s], card)
                if not stock:
                    self.muestra_drawn_by = s
                    events.append(_new(Drew, (s, card, True)))
                    break
                events.append(_new(Drew, (s, card, False)))
        self.leader = winner
        self._last_winner = winner
        if self._hands[winner]:
            self.turn = winner
        else:
            self.turn = None
            self.result = self._compute_result()
            events.append(_new(HandOver, (self.result,)))
        return events

    def _swap(self, seat: int) -> list:
        card = self.swap_card(seat)
        if card is None:
            raise IllegalMove(f"cambio refused: {self.why_no_swap(seat)}")
        old = self._stock[0]
        hand = self._hands[seat]
        hand.remove(card)
        insort(hand, old)
        self._stock[0] = card
        self._muestra_card = card
        self._swap_with = self.rules.swap_card_for(card)
        self.swaps.append(Swap(seat, card, old, len(self.tricks)))
        self.moves.append(SWAP)
        return [Swapped(seat, card, old)]

    def _compute_result(self) -> Result:
        return result_of(self.side_points)

    # --- señas ---------------------------------------------------------------------------------
    def give_sena(self, seat: int, card: Move, caught_by=()) -> Sena:
        """Record that ``seat`` signals ``card`` to its partner; ``caught_by`` lists the opponents who saw it.

        Only in pairs, only for the seat's own as, tres or rey of triunfo, once per card.
        """
        if self.players != 4:
            raise IllegalMove("señas are only for pairs (four players)")
        if self.result is not None:
            raise IllegalMove("the hand is over")
        card = parse_move(card)
        if card == SWAP:
            raise IllegalMove("a seña shows a card, not a cambio")
        if type(seat) is not int or not 0 <= seat < 4:
            raise IllegalMove(f"no seat {seat!r}")
        caught_by = tuple(caught_by)
        if not all(type(o) is int for o in caught_by):
            raise IllegalMove(f"caught_by lists seats (numbers), not {list(caught_by)!r}")
        if card // 10 != self.trump or card.rank not in SENA_RANKS:
            raise IllegalMove(f"señas show the as, tres or rey of triunfo, not {card}")
        if card not in self._hands[seat]:
            raise IllegalMove(f"seat {seat} does not hold {card}: a seña must be true")
        if any(s.seat == seat and s.card == card for s in self.senas):
            raise IllegalMove(f"seat {seat} has already signalled {card}")
        caught = tuple(sorted(set(caught_by)))
        for o in caught:
            if o not in ((seat + 1) % 4, (seat + 3) % 4):
                raise IllegalMove(f"only the opponents of seat {seat} can catch its seña, not seat {o}")
        sena = Sena(seat, card, len(self.tricks), caught, len(self.moves))
        self.senas.append(sena)
        return sena

    # --- what a seat may know ------------------------------------------------------------
    def observation(self, seat: int) -> "Observation":
        """Everything ``seat`` may know under RULES.md, and nothing else."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} with {self.players} players")
        partner = self.rules.partner_of(seat)
        return Observation(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            trump=self.trump,
            muestra=self.muestra,
            last_muestra=self._muestra_card,
            muestra_drawn_by=self.muestra_drawn_by,
            stock_count=len(self._stock),
            hand=tuple(self._hands[seat]),
            hand_sizes=tuple(len(h) for h in self._hands),
            table=self.table,
            leader=self.leader,
            turn=self.turn,
            tricks=tuple(self.tricks),
            swaps=tuple(self.swaps),
            points=tuple(self.points),
            legal_moves=tuple(self.legal_moves()) if self.turn == seat else (),
            senas=tuple(s for s in self.senas if s.seat == seat or s.seat == partner or seat in s.caught_by),
            result=self.result,
        )

    def __repr__(self) -> str:
        return (f"<Hand players={self.players} trick={len(self.tricks)} turn={self.turn} "
                f"muestra={self.muestra} points={self.points}>")


@dataclass(frozen=True)
class Observation(_Facts):
    """What one seat may know: the public facts plus its own hand and the señas it saw."""

    seat: int
    rules: Rules
    dealer: int
    trump: int
    muestra: Card | None  # face up under the stock; None once drawn
    last_muestra: Card  # the muestra as it was last seen face up (public even once drawn)
    muestra_drawn_by: int | None  # who drew it (None while it lies under the stock)
    stock_count: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[tuple[int, Card], ...]
    leader: int
    turn: int | None
    tricks: tuple[Trick, ...]
    swaps: tuple[Swap, ...]
    points: tuple[int, ...]
    legal_moves: tuple[Move, ...]
    senas: tuple[Sena, ...]
    result: Result | None

    @property
    def players(self) -> int:
        return self.rules.players

    def played(self) -> set[Card]:
        """Every card already played in this hand (finished bazas and the one on the table)."""
        return {c for t in self.tricks for c in t.cards} | {c for _, c in self.table}

    def unseen(self) -> set[Card]:
        """Cards whose place this seat does not know: in the other hands or the face-down stock.

        Not included: played cards, its own hand, the muestra (face up, or drawn by a known
        seat), and :meth:`known_holdings` (a swapped-in muestra, cards shown by señas)."""
        out = set(self.rules.deck())
        out -= self.played()
        out -= set(self.hand)
        out.discard(self.last_muestra)
        for cards in self.known_holdings().values():
            out -= cards
        return out

    def known_holdings(self) -> dict[int, set[Card]]:
        """Cards this seat knows another seat holds: a swapped-in muestra not yet played,
        and cards shown by señas it saw (not yet played)."""
        played = self.played()
        holder: dict[Card, int] = {}
        for sw in self.swaps:  # replay the cambios in order: a later one may give a card back
            holder.pop(sw.gave, None)
            holder[sw.took] = sw.seat
        if self.muestra_drawn_by is not None:
            holder[self.last_muestra] = self.muestra_drawn_by
        known: dict[int, set[Card]] = {}
        for card, seat in holder.items():
            if seat != self.seat and card not in played:
                known.setdefault(seat, set()).add(card)
        for s in self.senas:
            if s.seat != self.seat and s.card not in played:
                known.setdefault(s.seat, set()).add(s.card)
        return known

