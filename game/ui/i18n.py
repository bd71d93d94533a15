"""Every sentence a player sees comes from here: the loader of the word catalogues.

Why: the interface speaks Spanish first. Scenes ask for words by key (``words.t("menu.new")``) and
never hand literal text to the font renderer; the rules core and the AI return facts (a level's
key, a hint's :class:`~game.ai.hints.Reason`), and :class:`Words` turns them into sentences.

The catalogues are the modules of ``game/ui/words/``, one per language, named by its code
(``es.py``, ``en.py``), each with ``NAME`` (the language's own name) and ``WORDS`` (key -> text);
a part of the interface may keep its words in a folder of its own beside them (``words/backup/es.py``,
``WORDS`` only), which are the language's too (:func:`_parts`: a catalogue file stays under the
600 lines a source file may have).
:func:`languages` finds them by listing that folder, so a new catalogue file is a new language
in the settings with no other change.  A key missing from a catalogue shows the Spanish text; a
key missing from Spanish shows the key itself (tests check neither happens).
"""

from __future__ import annotations

import importlib
import os
import re
from typing import Any

from game.cards import Card

__all__ = ["Words", "languages", "catalogue", "preferred", "ends_in_ellipsis", "DEFAULT_LANG", "CatalogueError"]

#: The language of the interface when none is chosen, and the fallback for a missing key.
DEFAULT_LANG = "es"
#: The language listed next (the interface speaks Spanish first, English second), then the rest by code.
SECOND_LANG = "en"
_PACKAGE = "game.ui.words"

_found: dict[str, tuple[str, dict[str, str]]] | None = None


class CatalogueError(ValueError):
    """A file in ``game/ui/words/`` that is not a catalogue (no ``NAME`` or ``WORDS``)."""


def _discover() -> dict[str, tuple[str, dict[str, str]]]:
    """code -> (own name, words) for every catalogue module found, Spanish first, English second,
    then by code."""
    package = importlib.import_module(_PACKAGE)
    codes: set[str] = set()
    for folder in package.__path__:  # a plain listing (no pkgutil needed)
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            code, ext = os.path.splitext(name)
            if ext == ".py" and code.isidentifier() and not code.startswith("_"):
                codes.add(code)
    found: dict[str, tuple[str, dict[str, str]]] = {}
    for code in sorted(codes, key=lambda c: (c != DEFAULT_LANG, c != SECOND_LANG, c)):
        module = importlib.import_module(f"{_PACKAGE}.{code}")
        name, words = getattr(module, "NAME", None), getattr(module, "WORDS", None)
        if not isinstance(name, str) or not isinstance(words, dict):
            raise CatalogueError(f"{module.__file__}: a catalogue needs NAME (text) and WORDS (a dict)")
        found[code] = (name, words)
    if DEFAULT_LANG not in found:
        raise CatalogueError(f"no {DEFAULT_LANG}.py catalogue in {list(package.__path__)}")
    return {code: (name, {**words, **_parts(package, code, words)}) for code, (name, words) in found.items()}


def _parts(package: Any, code: str, words: dict[str, str]) -> dict[str, str]:
    """The words of language ``code`` kept in the folders of ``game/ui/words/`` (a package each:
    ``backup/es.py``), a key in two places refused."""
    out: dict[str, str] = {}
    for folder in package.__path__:
        try:
            parts = sorted(name for name in os.listdir(folder) if name.isidentifier() and not name.startswith("_")
                           and os.path.isfile(os.path.join(folder, name, f"{code}.py")))
        except OSError:
            continue
        for part in parts:
            more = getattr(importlib.import_module(f"{_PACKAGE}.{part}.{code}"), "WORDS", None)
            if not isinstance(more, dict):
                raise CatalogueError(f"{part}/{code}.py: a part of a catalogue needs WORDS (a dict)")
            twice = sorted(set(more) & (set(words) | set(out)))
            if twice:
                raise CatalogueError(f"{part}/{code}.py: {', '.join(twice)} already in the {code} catalogue")
            out.update(more)
    return out


def _catalogues() -> dict[str, tuple[str, dict[str, str]]]:
    global _found
    if _found is None:
        _found = _discover()
    return _found


def rescan() -> None:
    """Forget the catalogues found, so the next look-up lists the folder again (tests)."""
    global _found
    _found = None


def languages() -> dict[str, str]:
    """The languages found, code -> the language's own name, Spanish first, English second (the
    settings' list)."""
    return {code: name for code, (name, _) in _catalogues().items()}


def preferred(tags: Any) -> str:
    """The first of ``tags``, the preferred first (a browser's "ca-ES", "en"; a desktop's
    "en_GB.UTF-8"), whose language has a catalogue: its code; Spanish when none has ("fr-FR", "C")."""
    found = languages()
    for tag in tags:
        code = re.split(r"[-_.@]", str(tag).strip().lower(), maxsplit=1)[0]
        if code in found:
            return code
    return DEFAULT_LANG


def catalogue(lang: str) -> dict[str, str]:
    """The words of one language (KeyError for an unknown code)."""
    return _catalogues()[lang][1]


def ends_in_ellipsis(lang: str, text: str) -> bool:
    """Is ``text`` (drawn ending in "…") a text of ``lang``'s catalogue that ends so ("Barajando…",
    "Juega Rosa…", the last line of one), not a text cut short? (The layout audit's ``--cut``.)"""
    for value in catalogue(lang).values():
        if "\u2026" in value:
            segment = value[:value.index("\u2026") + 1]
            pattern = re.escape(segment).replace(r"\{name\}", ".+")
            if re.fullmatch(".*" + pattern, text.strip()) or segment.endswith(text.strip()):
                return True
    return False


class Words:
    """Looks words up in the current language; a missing key shows the key (and a test fails)."""

    def __init__(self, lang: str = DEFAULT_LANG) -> None:
        self.lang = lang if lang in _catalogues() else DEFAULT_LANG
        self._words = catalogue(self.lang)
        self._default = catalogue(DEFAULT_LANG)

    def t(self, key: str, **fmt: object) -> str:
        text = self._words.get(key)
        if text is None:
            text = self._default.get(key, key)
        if fmt:
            try:
                return text.format(**fmt)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in self._words

    def both(self, a: str, b: str, prose: bool = False) -> str:
        """"Ana y Rosa" — and "Ana e Isabel": in Spanish "y" becomes "e" before the sound i (i-, hi-,
        not hie-/hia-: "Rosa y Hierro"), the catalogue's ``people.and_i``. ``prose``: in a sentence
        (``list.and``: English "and", where a side's name on the score panel is "Ana & Rosa")."""
        low = b.lower()
        sound_i = (low[:1] in ("i", "í") or (low[:2] in ("hi", "hí") and low[2:3] not in ("a", "e", "o", "u")))
        group = "list" if prose else "people"
        return self.t(f"{group}.and_i" if sound_i else f"{group}.and", a=a, b=b)

    def listing(self, items: list[str]) -> str:
        """Items in a sentence: "el as", "el as y el tres", "el as, el tres y el rey"."""
        if len(items) <= 1:
            return "".join(items)
        return self.both(self.t("list.sep").join(items[:-1]), items[-1], prose=True)

    def language_name(self, code: str) -> str:
        """A language's own name ("Español", "English"), as the settings list it."""
        return languages().get(code, code)

    # --- facts from the core and the AI, as words ----------------------------------------------
    def the_rank(self, card: Card) -> str:
        """The rank alone with its article ("el siete", "la sota", "l'as"): where the suit is known (a
        cambio's two cards are triunfos), the short form of a sentence on a narrow line."""
        key = f"card.the.{card.rank}"
        return self.t(key if key in self._default else "card.the", card=self.t(f"rank.{card.rank}"))

    def card(self, card: Card) -> str:
        """"caballo de copas" / "knight of cups" (``card.name.<suit>`` where a language joins the
        suit otherwise: Catalan "as d'oros", "as de copes")."""
        key = f"card.name.{card.suit}"
        return self.t(key if key in self._default else "card.name", rank=self.t(f"rank.{card.rank}"),
                      suit=self.t(f"suit.{card.suit}"))

    def the_card(self, card: Card) -> str:
        """The card with its article: "el caballo de copas", "la sota de oros", "the jack of coins"."""
        key = f"card.the.{card.rank}"
        return self.t(key if key in self._default else "card.the", card=self.card(card))

    def points(self, n: int) -> str:
        """"1 punto", "11 puntos"."""
        return self.count("points", n)

    def short_number(self, n: int) -> str:
        """``n`` in few letters, in the language's style, for a column too narrow for all its digits:
        "12 mil", "1,2 M" ("12K", "1.2M"). Cut down, never rounded up: 9,999,999 hands are "9,9 M",
        not "10 M". Under 10,000 the digits themselves."""
        if n < 10_000:
            return str(n)
        if n < 1_000_000:
            return self.t("num.thousands", n=n // 1000)
        if n < 10_000_000:
            tenths = n // 100_000
            return self.t("num.millions", n=f"{tenths // 10}{self.t('num.decimal')}{tenths % 10}")
        return self.t("num.millions", n=n // 1_000_000)

    def percent(self, n: int) -> str:
        """A percentage as the language writes it: "22 %" in Spanish and Catalan (a no-break space,
        which the font draws as a space: the number and its sign never part), "22%" in English. Every
        percentage shown goes through here (the statistics wrote "22 %" in English, the match end
        "22%")."""
        return self.t("num.percent", n=n)

    def count(self, key: str, n: int) -> str:
        """``n`` of something, singular or plural: ``key.one`` ("1 baza") for one, else ``key.many``
        ("{n} bazas")."""
        return self.t(f"{key}.one") if n == 1 else self.t(f"{key}.many", n=n)

    def level(self, level: object) -> str:
        """A computer level's name from its key ("hard" -> "Difícil")."""
        key = f"level.{level}"
        if self.has(key):
            return self.t(key)
        return self.t("level.unknown", n=level)

    def level_about(self, level: object) -> str:
        """What a computer level does, or "" for an unknown level."""
        key = f"level.{level}.about"
        return self.t(key) if key in self._default else ""

    def hint(self, reason: Any) -> str:
        """The sentence for a hint's reason (``game.ai.hints.Reason``: kind, cards, points)."""
        cards = tuple(Card(int(c)) for c in reason.cards)
        fmt: dict[str, object] = {"points": self.points(reason.points)}
        if cards:
            fmt["card"] = self.the_card(cards[0])
        if len(cards) > 1:
            fmt["muestra"] = self.card(cards[1])
        return self.t(f"hint.{reason.kind}", **fmt)


def __getattr__(name: str) -> Any:
    """The old names, still importable: ``ES``, ``EN``, ``CATALOGUES``, ``LANGUAGES``."""
    if name == "CATALOGUES":
        return {code: words for code, (_, words) in _catalogues().items()}
    if name == "LANGUAGES":
        return tuple(languages())
    if name in ("ES", "EN"):
        return catalogue(name.lower())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
