"""The rule options of RULES.md, with their defaults, and their JSON form."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .cards import DECK, Card, CardError

__all__ = ["Rules", "RulesError", "SWAP_TIMINGS", "SWAP_SEVEN_TAKES", "SWAP_TWO_TAKES"]

#: When the holder of the 7 (or 2) of triunfo may exchange it for the muestra.
SWAP_TIMINGS = ("after_win", "own_turn")
#: Under the cambio del dos, the 7 takes only a muestra of these ranks ...
SWAP_SEVEN_TAKES = frozenset({1, 3, 12, 11, 10})
#: ... and the 2 takes a muestra of these ranks.
SWAP_TWO_TAKES = frozenset({4, 5, 6, 7})


class RulesError(ValueError):
    """A rules option that is unknown or has a value out of range."""


@dataclass(frozen=True)
class Rules:
    """Options of one hand (and of the match it belongs to).

    ``players``: 2, 3 or 4 (four play in pairs, seats 0 & 2 against 1 & 3).
    ``swap_seven``: the cambio del siete is allowed.
    ``swap_timing``: ``"after_win"`` (after winning a baza, before leading the next) or
    ``"own_turn"`` (at any own turn); either way only while a face-down card remains in the
    stock besides the muestra.
    ``swap_two``: house rule *cambio del dos* (the 2 takes a muestra of 4-7, the 7 only 1, 3, 12, 11, 10).
    ``removed_card``: the card left out with three players (default the 2 of oros).
    ``best_of``: a match of 1 hand or best of 3.
    """

    players: int = 2
    swap_seven: bool = True
    swap_timing: str = "after_win"
    swap_two: bool = False
    removed_card: Card = field(default_factory=lambda: Card.parse("2O"))
    best_of: int = 3

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (2, 3, 4):
            raise RulesError(f"players must be 2, 3 or 4, not {self.players!r}")
        for name in ("swap_seven", "swap_two"):
            if type(getattr(self, name)) is not bool:
                raise RulesError(f"{name} must be true or false, not {getattr(self, name)!r}")
        if self.swap_timing not in SWAP_TIMINGS:
            raise RulesError(f"swap_timing must be 'after_win' or 'own_turn', not {self.swap_timing!r}")
        if not isinstance(self.removed_card, Card):
            try:
                object.__setattr__(self, "removed_card", Card.parse(self.removed_card))
            except CardError as exc:
                raise RulesError(f"removed_card: {exc}") from None
        if self.removed_card.rank != 2:
            raise RulesError(f"removed_card must be one of the 2s (2O, 2C, 2E, 2B), not {self.removed_card}")
        if type(self.best_of) is not int or self.best_of not in (1, 3):
            raise RulesError(f"best_of must be 1 or 3, not {self.best_of!r}")

    # --- derived facts -------------------------------------------------------------------
    @property
    def sides(self) -> int:
        """Number of sides that score: two pairs with four players, else one per seat."""
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (pairs: seats 0 & 2 are side 0, seats 1 & 3 side 1)."""
        return seat % 2 if self.players == 4 else seat

    def partner_of(self, seat: int) -> int | None:
        """The partner's seat in pairs, else None."""
        return (seat + 2) % 4 if self.players == 4 else None

    def deck(self) -> tuple[Card, ...]:
        """The cards in play, in index order: 40, or 39 with three players."""
        if self.players == 3:
            return tuple(c for c in DECK if c != self.removed_card)
        return DECK

    @cached_property
    def deck_set(self) -> frozenset[Card]:
        """The cards in play, as a set (cached: dealing checks against it)."""
        return frozenset(self.deck())

    def swap_card_for(self, muestra: Card) -> Card | None:
        """The card of triunfo that may take this muestra, or None if no swap applies."""
        if not self.swap_seven:
            return None
        suit = muestra.suit
        if self.swap_two:
            if muestra.rank in SWAP_SEVEN_TAKES:
                return Card.of(7, suit)
            if muestra.rank in SWAP_TWO_TAKES:
                return Card.of(2, suit)
            return None
        if muestra.rank == 7:
            return None
        return Card.of(7, suit)

    # --- JSON ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The ``rules`` object of a game record (every key written, defaults included)."""
        out: dict[str, Any] = {
            "players": self.players,
            "swap_seven": self.swap_seven,
            "swap_timing": self.swap_timing,
            "swap_two": self.swap_two,
            "best_of": self.best_of,
        }
        if self.players == 3:
            out["removed_card"] = str(self.removed_card)
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Rules":
        """Read a ``rules`` object; a missing key takes its default, an unknown key is an error."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a JSON object, not {type(data).__name__}")
        known = {"players", "swap_seven", "swap_timing", "swap_two", "removed_card", "best_of"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"unknown rule {unknown[0]!r} (known: {', '.join(sorted(known))})")
        kwargs = dict(data)
        if "removed_card" in kwargs:
            if not isinstance(kwargs["removed_card"], str):
                raise RulesError(f"removed_card must be a card text like '2O', not {kwargs['removed_card']!r}")
            try:
                kwargs["removed_card"] = Card.parse(kwargs["removed_card"])
            except CardError as exc:
                raise RulesError(f"removed_card: {exc}") from None
        return cls(**kwargs)

    def with_(self, **changes: Any) -> "Rules":
        """A copy with some options changed (validated like any other)."""
        return replace(self, **changes)

