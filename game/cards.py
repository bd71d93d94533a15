"""Spanish-deck cards as small immutable values.

A card is an ``int`` subclass holding its index 0–39, so it can index the rules
tables directly (the AI's fast path uses plain ints with the same numbering)::

    index = suit_index * 10 + RANKS.index(rank)

Text form (RULES.md): rank then suit letter, ``"1O"``, ``"12B"``; parsing is
case-insensitive, printing canonical.  A card's name in words ("as de oros") is the
interface's (``game.ui.i18n.Words.card``), not the core's.  ``Card(i) is DECK[i]``: cards are interned.
"""

from __future__ import annotations

__all__ = [
    "SUITS",
    "RANKS",
    "STRENGTH_ORDER",
    "CARD_POINTS",
    "STRENGTH",
    "TOTAL_POINTS",
    "Card",
    "CardError",
    "quote",
    "DECK",
    "beats",
    "BEATS",
]

#: Suit letters in index order: oros, copas, espadas, bastos.
SUITS: tuple[str, ...] = ("O", "C", "E", "B")
#: Ranks in index order (there are no 8s or 9s in a 40-card Spanish deck).
RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
#: Ranks from strongest to weakest within a suit.
STRENGTH_ORDER: tuple[int, ...] = (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)
#: Points a card of each rank is worth when counted at the end of a hand.
RANK_POINTS: dict[int, int] = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
#: The whole deck is worth this many points.
TOTAL_POINTS = 120

#: Points of each card, indexed by card index.
CARD_POINTS: tuple[int, ...] = tuple(RANK_POINTS.get(RANKS[i % 10], 0) for i in range(40))
#: Strength of each card within its suit, 0 (the 2) to 9 (the ace), indexed by card index.
STRENGTH: tuple[int, ...] = tuple(9 - STRENGTH_ORDER.index(RANKS[i % 10]) for i in range(40))


class CardError(ValueError):
    """A card text that does not name a card of the Spanish deck."""


def quote(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages about bad input.

    A message must not repeat the whole input (a 50 MB card text would give a 50 MB line).
    """
    try:
        text = repr(value[:limit + 1] if isinstance(value, str) else value)
    except (ValueError, RecursionError):  # an int of over 4,300 digits, a list nested too deep
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= limit else text[:limit] + "..."


class Card(int):
    """One card of the 40-card Spanish deck; see the module docstring for its numbering."""

    __slots__ = ()

    def __new__(cls, index: int) -> "Card":
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 40:
            raise CardError(f"card index must be an integer 0-39, not {index!r}")
        deck = globals().get("DECK")
        if deck is not None:
            return deck[index]
        return super().__new__(cls, index)  # only while DECK is being built

    @classmethod
    def of(cls, rank: int, suit: str) -> "Card":
        """The card of ``rank`` (1-7, 10-12) and ``suit`` (a letter of :data:`SUITS`)."""
        if rank not in RANKS:
            raise CardError(f"no rank {rank!r} in the Spanish deck (ranks are 1-7, 10, 11, 12)")
        s = suit.upper() if isinstance(suit, str) else suit
        if s not in SUITS:
            raise CardError(f"no suit {suit!r} (suits are O oros, C copas, E espadas, B bastos)")
        return DECK[SUITS.index(s) * 10 + RANKS.index(rank)]

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse ``"1O"``, ``"12b"``, ``" 7e "``; raise :class:`CardError` saying what is wrong."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"a card is written as text like '1O' or '12B', not {quote(text)}")
        t = text.strip(" \t\r\n").upper()
        # ASCII only: str.isdigit() also passes "²", "１" and "١", which are not card text.
        if len(t) < 2 or not t.isascii() or not t[:-1].isdigit():
            raise CardError(f"{quote(text)} is not a card: write the rank then the suit letter, like '1O' or '12B'")
        if t[0] == "0":   # "04C" and "010O" alike: neither is card text
            raise CardError(f"{quote(text)} is not a card: write the rank without a leading zero, like '4C' or '10O'")
        if len(t) > 3:
            raise CardError(f"{quote(text)} is not a card: no rank {quote(t[:-1], 12)} in the Spanish deck (1-7, 10, 11, 12)")
        rank, suit = int(t[:-1]), t[-1]
        if suit not in SUITS:
            raise CardError(f"{quote(text)} is not a card: unknown suit {suit!r} (O, C, E or B)")
        if rank not in RANKS:
            raise CardError(f"{quote(text)} is not a card: no rank {rank} in the Spanish deck (1-7, 10, 11, 12)")
        return DECK[SUITS.index(suit) * 10 + RANKS.index(rank)]

    @property
    def index(self) -> int:
        return int(self)

    @property
    def rank(self) -> int:
        return RANKS[self % 10]

    @property
    def suit(self) -> str:
        return SUITS[self // 10]

    @property
    def suit_index(self) -> int:
        return self // 10

    @property
    def points(self) -> int:
        return CARD_POINTS[self]

    @property
    def strength(self) -> int:
        return STRENGTH[self]

    def __str__(self) -> str:
        return f"{RANKS[self % 10]}{SUITS[self // 10]}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self):
        return (Card, (int(self),))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo) -> "Card":
        return self


#: The 40 cards in index order (oros 1..12, copas, espadas, bastos).
DECK: tuple[Card, ...] = tuple(Card(i) for i in range(40))


def beats(challenger: int, best: int, trump: int) -> bool:
    """Whether ``challenger`` takes the baza from the card ``best`` that is winning it so far.

    ``trump`` is the suit index of the triunfo.  A card of the same suit wins when it is
    stronger; a triunfo wins over any other suit; any other card never wins.
    """
    cs, bs = challenger // 10, best // 10
    if cs == bs:
        return STRENGTH[challenger] > STRENGTH[best]
    return cs == trump


#: ``BEATS[trump][best * 40 + challenger]``: whether ``challenger`` takes the baza from ``best``
#: (:func:`beats` as a table indexed by plain ints, for the engine's and the AI's hot loops).
BEATS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(beats(c, b, t) for b in range(40) for c in range(40)) for t in range(4))
