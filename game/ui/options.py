"""The new-game options: the rule options (``game.rules.RULE_OPTIONS``) plus the interface's own.

Why here: the menu, the saved "last options" and the session all read one table.  The rule
options are declared in ``game/rules.py``; the interface's options (the computer's level, señas
and how watchful the opponents are, the score on screen) are declared below in the same form
(:class:`game.rules.Option`).  A new option is one entry, its words in every catalogue and one
field of :class:`Options` (the dataclass lists its fields by hand; :meth:`Options.rules` reads
every rule option from it, so a rule without its field breaks a new game): :class:`Options`
validates it and saves it, and :func:`menu_rows` gives the menu its row.  A rule option needs
more than this: docs/architecture.md lists every file.

One policy for bad values: a saved option that is unknown, of the wrong type or out of range
(old or damaged settings) takes its default; nothing else is lost.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping

from game.ai import MENU_LEVELS
from game.cards import Card, quote
from game.match import DEFAULT_FIRST_TO, FIRST_TO, first_to_of
from game.rules import RULE_OPTIONS, Option, Rules, RulesError

__all__ = ["Options", "MenuRow", "menu_rows", "UI_OPTIONS", "ALL_OPTIONS", "REMOVABLE", "word", "newer_value",
           "newer_in_match"]

#: The interface's options, each with the option after which the menu shows it (None: at the end).
_PLACED: tuple[tuple[str | None, Option], ...] = (
    ("players", Option("level", MENU_LEVELS, "normal", "opt.level", "level")),
    ("swap_two", Option("senas", (True, False), True, "opt.senas", applies=lambda o: o["players"] == 4)),
    ("senas", Option("watch", (0, 1, 2, 3), 1, "opt.watch", "opt.watch",
                     applies=lambda o: o["players"] == 4 and o["senas"])),
    # The match's length: won hands needed, 1 (one hand), 2 (best of three), 3 (best of five) ... 9.
    ("removed_card", Option("first_to", FIRST_TO, DEFAULT_FIRST_TO, "opt.length", "opt.length")),
    (None, Option("show_score", (True, False), True, "opt.show_score")),
)
UI_OPTIONS: tuple[Option, ...] = tuple(option for _, option in _PLACED)


def _menu_order() -> tuple[Option, ...]:
    order = list(RULE_OPTIONS)
    for after, option in _PLACED:
        at = len(order) if after is None else [o.name for o in order].index(after) + 1
        order.insert(at, option)
    return tuple(order)


#: Every new-game option, in the menu's order.
ALL_OPTIONS: tuple[Option, ...] = _menu_order()
_BY_NAME = {o.name: o for o in ALL_OPTIONS}
#: The cards that may leave the deck with three players, as text.
REMOVABLE: tuple[str, ...] = tuple(str(c) for c in _BY_NAME["removed_card"].values)


def _default(name: str) -> Any:
    option = _BY_NAME[name]
    return option.to_json(option.default)


@dataclass
class Options:
    """New-game options chosen in the menu (rules options plus interface options), as saved:
    every value in its JSON form (``removed_card`` is text like ``"2O"``)."""

    players: int = _default("players")
    level: Any = _default("level")
    swap_seven: bool = _default("swap_seven")
    swap_timing: str = _default("swap_timing")
    swap_two: bool = _default("swap_two")
    senas: bool = _default("senas")
    watch: int = _default("watch")
    show_score: bool = _default("show_score")
    removed_card: str = _default("removed_card")  # three players: which 2 leaves the deck
    first_to: Any = _default("first_to")  # hands to win the match (the menu's "length")

    def __post_init__(self) -> None:
        """Anything unknown or out of range (old or damaged saved options) falls back to its default."""
        for option in ALL_OPTIONS:
            try:
                value = option.to_json(option.check(getattr(self, option.name)))
            except RulesError:
                value = _default(option.name)
            setattr(self, option.name, value)

    def rules(self) -> Rules:
        return Rules(**{o.name: getattr(self, o.name) for o in RULE_OPTIONS})

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> "Options":
        if not isinstance(data, dict):
            return cls()
        known = {f.name for f in fields(cls)}
        chosen = {k: v for k, v in data.items() if k in known}
        best_of = data.get("best_of")   # the length as options saved before first_to existed kept it
        if "first_to" not in chosen and best_of in (1, 3) and type(best_of) is int:
            chosen["first_to"] = first_to_of(best_of)
        return cls(**chosen)


def word(value: Any) -> bool:
    """A short name made of letters, digits, "-" and "_" ("gl", "pt-BR", "turbo", "master")."""
    return (type(value) is str and 0 < len(value) <= 24
            and value.replace("-", "").replace("_", "").isalnum() and value.isascii())


def newer_value(option: Option, value: Any) -> bool:
    """Is ``value`` (JSON form) one a newer version of the game may give ``option``, rather than damage?
    Of the kind of its values but none of them: a word where they are words (a computer level, a
    timing of the cambio), a whole number above them where they are numbers (a longer match, more
    watchful opponents). A yes or no has no new values; a number below them, text that is no word,
    a value of another type are damage."""
    known = [option.to_json(v) for v in option.values]
    if any(type(value) is type(k) and value == k for k in known):
        return False
    if type(value) is str:
        return all(type(k) is str for k in known) and word(value)
    return type(value) is int and all(type(k) is int for k in known) and max(known) < value <= 1000


def newer_in_match(data: Any) -> str | None:
    """What in a saved match (``Session.to_save``) a newer version of the game wrote and this copy
    cannot play: a value it does not know of a rule, of the match's length or of an option, or a
    house rule it has not got (a word, with a yes/no, a number or a word). None if nothing: an
    unknown option is no such thing (:class:`Options` leaves it out; ``Session`` writes it back)."""
    if not isinstance(data, dict):
        return None
    match = data.get("match") if isinstance(data.get("match"), dict) else {}
    rules = match.get("rules") if isinstance(match.get("rules"), dict) else {}
    options = data.get("options") if isinstance(data.get("options"), dict) else {}
    for where, values in (("match.rules", rules), ("match", {"first_to": match.get("first_to")}),
                          ("match.options", options)):
        for name, value in values.items():
            option = _BY_NAME.get(name)
            if option is not None and newer_value(option, value):
                return f"{where}.{name} is {quote(value)}, not a value this copy knows"
            if where == "match.rules" and option is None and name != "best_of" and word(name) and (
                    type(value) in (bool, int) or word(value)):
                return f"match.rules has {quote(name)}, not a rule this copy knows"
    return None


@dataclass(frozen=True)
class MenuRow:
    """One row of the new-game menu: ``name`` (the :class:`Options` field), ``label`` (its words
    key), ``values`` (as :class:`Options` holds them, in menu order)."""

    option: Option

    @property
    def name(self) -> str:
        return self.option.name

    @property
    def label(self) -> str:
        return self.option.words

    @property
    def values(self) -> tuple:
        return tuple(self.option.to_json(v) for v in self.option.values)

    def index(self, options: Options) -> int:
        """Where ``options``' value stands in :attr:`values`."""
        return self.values.index(getattr(options, self.name))

    def text(self, words: Any, value: Any) -> str:
        """A value's words (``words`` is a ``game.ui.i18n.Words``)."""
        option = self.option
        if isinstance(value, bool):
            return words.t("common.on" if value else "common.off")
        if isinstance(option.default, Card):
            return words.card(Card.parse(value))
        if option.value_words == "level":
            return words.level(value)
        return words.t(f"{option.value_words}.{value}")

    def visible(self, chosen: Mapping[str, Any]) -> bool:
        """Is the row shown, given the values ``chosen`` so far (name -> value)?"""
        return self.option.shown(chosen)


def menu_rows() -> tuple[MenuRow, ...]:
    """The rows of the new-game menu, in order."""
    return tuple(MenuRow(option) for option in ALL_OPTIONS)
