"""The rule options of RULES.md: each declared once, in :data:`RULE_OPTIONS`, and their JSON form.

Why a table: validation, the ``rules`` object of a game record, the new-game menu's rows
(``game.ui.options``) and the fast path's flags (``game.fast``) all come from it.  A new rule
option starts as one :class:`Option` entry and one field of :class:`Rules`, but the rules are also
written out by hand elsewhere (the hand, the AI's fast copies, the new-game ``Options``, and
the 120 points where a rule changes them): docs/architecture.md lists every file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Mapping

from .cards import DECK, Card, CardError, quote

__all__ = ["Rules", "RulesError", "Option", "RULE_OPTIONS", "SWAP_TIMINGS", "SWAP_SEVEN_TAKES",
           "SWAP_TWO_TAKES", "show_value"]

#: When the holder of the 7 (or 2) of triunfo may exchange it for the muestra.
SWAP_TIMINGS = ("after_win", "own_turn")
#: Under the cambio del dos, the 7 takes only a muestra of these ranks ...
SWAP_SEVEN_TAKES = frozenset({1, 3, 12, 11, 10})
#: ... and the 2 takes a muestra of these ranks.
SWAP_TWO_TAKES = frozenset({4, 5, 6, 7})


class RulesError(ValueError):
    """A rules option that is unknown or has a value out of range."""


def show_value(value: Any) -> str:
    """A value as an error message shows it: true/false, a card's text, else a short repr."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, Card) else quote(value)


def _either(values: tuple) -> str:
    shown = [show_value(v) for v in values]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


@dataclass(frozen=True)
class Option:
    """One option: its ``name`` (the field and the JSON key), the allowed ``values`` (in menu
    order) and its ``default``.

    ``words``: the catalogue key of its label in the menu; ``value_words``: the prefix of each
    value's key (``f"{value_words}.{value}"``; "" for yes/no and card values, which have their
    own words).  ``applies``: when the option means something, given the other options' values
    (the menu shows it only then; a record leaves it out otherwise when ``always_written`` is
    false).  ``fast``: the fast path's flag it sets, ``value -> (flag, flag value)``.
    ``decode``/``encode``: from and to its JSON form when that is not the value itself.
    ``what``: how an error message names the allowed values.
    """

    name: str
    values: tuple
    default: Any
    words: str
    value_words: str = ""
    applies: Callable[[Mapping[str, Any]], bool] | None = None
    always_written: bool = True
    fast: Callable[[Any], tuple[str, Any]] | None = None
    decode: Callable[[Any], Any] | None = None
    encode: Callable[[Any], Any] | None = None
    what: str = ""

    def allowed(self, value: Any) -> bool:
        """Is ``value`` one of the values (``True`` is not ``1``: types must match too)?"""
        return any(type(value) is type(v) and value == v for v in self.values)

    def check(self, value: Any) -> Any:
        """The value (decoded from its JSON form if need be), or :class:`RulesError` saying why not."""
        if self.decode is not None:
            try:
                value = self.decode(value)
            except (CardError, TypeError, ValueError) as exc:
                raise RulesError(f"{self.name}: {exc}") from None
        if not self.allowed(value):
            allowed = f"{self.what} ({_either(self.values)})" if self.what else _either(self.values)
            raise RulesError(f"{self.name} must be {allowed}, not {show_value(value)}")
        return value

    def to_json(self, value: Any) -> Any:
        return value if self.encode is None else self.encode(value)

    def shown(self, chosen: Mapping[str, Any]) -> bool:
        """Does the option mean something with the other options ``chosen`` (name -> value)?"""
        return self.applies is None or bool(self.applies(chosen))


#: Every rule option, in the new-game menu's order.
RULE_OPTIONS: tuple[Option, ...] = (
    Option("players", (2, 3, 4), 2, "opt.players", "opt.players"),
    Option("swap_seven", (True, False), True, "opt.swap_seven",
           fast=lambda v: ("swap_seven", v)),
    Option("swap_timing", SWAP_TIMINGS, "after_win", "opt.swap_timing", "opt.timing",
           applies=lambda o: o["swap_seven"], fast=lambda v: ("own_turn", v == "own_turn")),
    Option("swap_two", (False, True), False, "opt.swap_two",
           applies=lambda o: o["swap_seven"], fast=lambda v: ("swap_two", v)),
    Option("removed_card", tuple(Card.parse(t) for t in ("2O", "2C", "2E", "2B")), Card.parse("2O"),
           "opt.removed", applies=lambda o: o["players"] == 3, always_written=False,
           decode=Card.parse, encode=str, what="one of the 2s"),
)
_BY_NAME = {o.name: o for o in RULE_OPTIONS}


@dataclass(frozen=True)
class Rules:
    """Options of one hand (and of the match it belongs to); each is declared in :data:`RULE_OPTIONS`.

    ``players``: 2, 3 or 4 (four play in pairs, seats 0 & 2 against 1 & 3).
    ``swap_seven``: the cambio del siete is allowed.
    ``swap_timing``: ``"after_win"`` (after winning a baza, before leading the next) or
    ``"own_turn"`` (at any own turn); either way only while a face-down card remains in the
    stock besides the muestra.
    ``swap_two``: house rule *cambio del dos* (the 2 takes a muestra of 4-7, the 7 only 1, 3, 12, 11, 10).
    ``removed_card``: the card left out with three players (default the 2 of oros; text is read).

    These are RULES.md's five rule keys and no more: a record's ``rules`` holds nothing else (a
    reader of RULES.md rejects an unknown rule). How many hands a match is played to belongs to
    the match (:class:`game.match.Match`'s ``first_to``), not to a hand.
    """

    players: int = _BY_NAME["players"].default
    swap_seven: bool = _BY_NAME["swap_seven"].default
    swap_timing: str = _BY_NAME["swap_timing"].default
    swap_two: bool = _BY_NAME["swap_two"].default
    removed_card: Card = field(default=_BY_NAME["removed_card"].default)

    def __post_init__(self) -> None:
        for option in RULE_OPTIONS:
            object.__setattr__(self, option.name, option.check(getattr(self, option.name)))

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

    def fast_flags(self) -> dict[str, Any]:
        """The flags of :class:`game.fast.FastState` these rules set (from :data:`RULE_OPTIONS`)."""
        return dict(o.fast(getattr(self, o.name)) for o in RULE_OPTIONS if o.fast is not None)

    # --- JSON ----------------------------------------------------------------------------
    def values(self) -> dict[str, Any]:
        """name -> value of every option."""
        return {o.name: getattr(self, o.name) for o in RULE_OPTIONS}

    def to_json(self) -> dict[str, Any]:
        """The ``rules`` object of a game record (every key written, defaults included, except
        an option that does not apply and need not be written: ``removed_card`` but with three)."""
        values = self.values()
        return {o.name: o.to_json(values[o.name]) for o in RULE_OPTIONS if o.always_written or o.shown(values)}

    @classmethod
    def from_json(cls, data: Any) -> "Rules":
        """Read a ``rules`` object; a missing key takes its default, an unknown key is an error."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a JSON object, not {type(data).__name__}")
        unknown = sorted(str(k) for k in data if k not in _BY_NAME)
        if unknown:
            old = (" — records written by this game before 2026-12-06 kept the match's length there; remove it"
                   if unknown[0] == "best_of" else "")
            raise RulesError(f"unknown rule {show_value(unknown[0])} (known: {', '.join(sorted(_BY_NAME))}){old}")
        return cls(**data)

    @classmethod
    def from_saved(cls, data: Any) -> "tuple[Rules, int | None]":
        """Read the ``rules`` of a match saved by an earlier version, which also held the match's
        length as ``best_of`` (1 or 3; a record's rules never do): (the rules, that ``best_of``
        or None)."""
        best_of = None
        if isinstance(data, dict) and "best_of" in data:
            data = dict(data)
            best_of = data.pop("best_of")
            if best_of not in (1, 3) or type(best_of) is not int:
                raise RulesError(f"best_of must be 1 or 3, not {show_value(best_of)}")
        return cls.from_json(data), best_of

