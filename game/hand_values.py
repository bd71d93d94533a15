"""The values a hand of brisca is told in: a move and its text, a finished baza, a cambio, a seña,
a result, the events :meth:`game.hand.Hand.play` returns and the errors it raises.

Why apart from :mod:`game.hand`: they are plain values, read by the records, the AI and the
interface, and hand.py had reached the 600-line ceiling with the rules' logic. ``game.hand``
imports them all and still gives them out (its ``__all__``), so ``from game.hand import Trick``
is as before.
"""

from __future__ import annotations

from typing import NamedTuple, Union

from .cards import Card, CardError, quote


#: The move that exchanges the 7 (or 2) of triunfo for the muestra.
SWAP = "swap"
Move = Union[Card, str]
#: Ranks of triunfo that may be signalled with señas: as, tres, rey.
SENA_RANKS = (1, 3, 12)


class IllegalMove(ValueError):
    """A move that is not legal in the current position; the message says why."""


class DeckError(ValueError):
    """A deck order that is not exactly the cards of the rules' deck."""


class Trick(NamedTuple):
    """A finished baza: who led, the cards in the order played, who won it, its points."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def seat_of(self, i: int, players: int) -> int:
        """The seat that played ``cards[i]``."""
        return (self.leader + i) % players

    def card_of(self, seat: int, players: int) -> Card:
        """The card ``seat`` played in this baza (``card_of(winner, n)`` is the winning card)."""
        return self.cards[(seat - self.leader) % players]


class Swap(NamedTuple):
    """A cambio: ``seat`` gave ``gave`` (now the muestra) and took ``took`` (the old muestra)."""

    seat: int
    gave: Card
    took: Card
    before_trick: int


class Sena(NamedTuple):
    """A seña: ``seat`` signalled that it holds ``card`` (its as, tres or rey of triunfo)."""

    seat: int
    card: Card
    trick_number: int
    caught_by: tuple[int, ...]
    moves_before: int  # how many moves of the hand had been played when it was given


class Result(NamedTuple):
    """The outcome of a finished hand: the winning side, or ``void`` (60-60, or a tie for the top)."""

    winner_side: int | None
    void: bool


def result_of(side_points: tuple[int, ...] | list[int]) -> Result:
    """The result of a finished hand with these points per side: the side with the most wins; a tie
    for the top (60-60 between two sides) voids the hand."""
    top = max(side_points)
    if list(side_points).count(top) > 1:
        return Result(None, True)
    return Result(list(side_points).index(top), False)


# --- events returned by Hand.play --------------------------------------------------------
class CardPlayed(NamedTuple):
    seat: int
    card: Card


class TrickWon(NamedTuple):
    winner: int
    leader: int
    cards: tuple[Card, ...]
    points: int

    card_of = Trick.card_of


class Drew(NamedTuple):
    seat: int
    card: Card
    is_muestra: bool


class Swapped(NamedTuple):
    seat: int
    gave: Card
    took: Card


class HandOver(NamedTuple):
    result: Result


def parse_move(move: Move) -> Move:
    """A move from its text (``"3C"``, ``"swap"``) or as it is; :class:`IllegalMove` if it is neither."""
    if isinstance(move, Card):
        return move
    if isinstance(move, str):
        if move.strip(" \t\r\n").lower() == SWAP:
            return SWAP
        try:
            return Card.parse(move)
        except CardError as exc:
            raise IllegalMove(f"{exc}; a move is a card or 'swap'") from None
    raise IllegalMove(f"a move is a card or 'swap', not {quote(move)}")


def move_text(move: Move) -> str:
    """The text form of a move, as written in a game record."""
    return SWAP if move == SWAP else str(move)
