"""The hand a file the game wrote holds: what ``replay`` replays and ``record`` writes out.

Why: the game record is the bug-report format (RULES.md), but a player has no record to send, only
what the game keeps: the save file of a match in progress (``match.json`` in the data folder: the
storage's envelope, the session in it, the match in that) or, in a browser, a backup copy
(Ajustes → Copia de seguridad → ``brisca-copia-….json``, whose key ``match`` is that save file
whole). Each of them holds the record of one hand, the hand in play; the match's finished hands are
kept as their points only. Here such a file is told apart from a record, said in one line, and its
hand found. No pygame, no I/O: the commands read the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import quote
from ..match import MATCH_FORMAT
from ..record import MAX_MESSAGE

#: A backup copy's format name (``game.ui.backup.FORMAT``, which imports the save layer's checks).
COPY_FORMAT = "brisca-copia"
#: What a copy's keys are, as the player reads them (``game.backends.KEYS``).
KEY_WORDS = {"settings": "the settings", "stats": "the statistics and history", "match": "a saved match"}


class NoHand(ValueError):
    """A file the game wrote that holds no hand to replay (one line, at most MAX_MESSAGE characters)."""

    def __init__(self, message: str) -> None:
        message = " ".join(message.split())
        super().__init__(message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 3] + "...")


@dataclass(frozen=True)
class Found:
    """The hand's ``record``; what the file is (``what``: "" for a plain record) and what else it
    holds (``holds``), each a phrase; ``saved``: the game saved it (``record.from_record(saved=True)``
    replays a second cambio in a turn an older version allowed, as it was played)."""

    record: Any
    what: str = ""
    holds: str = ""
    saved: bool = False

    def note(self) -> str:
        """One line: which hand of which file (empty for a plain record)."""
        return f"the hand in play of {self.what}" + (f"; {self.holds}" if self.holds else "") if self.what else ""


def _is_match(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("format"), str) and data["format"].startswith("brisca-match/")


def _of_match(match: dict, what: str) -> Found:
    if match["format"] != MATCH_FORMAT:
        raise NoHand(f"this is {what}, saved by a newer version of the game (format {quote(match['format'], 30)}, "
                     f"this one reads {MATCH_FORMAT}): replay it with that version")
    scores, number, first_to = match.get("scores"), match.get("number"), match.get("first_to")
    done = len(scores) if isinstance(scores, list) else 0
    holds = (f"hand {number + 1}" if type(number) is int else "a hand")
    holds += f" of a match to {first_to} won hands" if type(first_to) is int else " of a match"
    if done:
        holds += f" ({done} finished before it, kept as their points only: their moves are not saved)"
    return Found(match.get("hand"), what, holds, saved=True)


def _of_save(data: dict, what: str, other: str = "") -> Found:
    """The hand of a save file's envelope; ``other``: what to call one of another key."""
    inner = data.get("data")
    if data.get("key") != "match" or not isinstance(inner, dict) or not _is_match(inner.get("match")):
        raise NoHand(f"this is {other or what} (key {quote(data.get('key'), 30)}): it holds no hand")
    return _of_match(inner["match"], what)


def _of_copy(data: dict) -> Found:
    made, by = _plain(data.get("made"), 24), _plain(data.get("game"), 20)
    keys = data.get("keys")
    if not isinstance(keys, dict):
        raise NoHand(f"this is a backup copy ({COPY_FORMAT}) without its keys: it holds nothing to replay")
    held = [words for key, words in KEY_WORDS.items() if keys.get(key) is not None]
    what = f"a backup copy made {made} by version {by} of the game, holding {_listed(held) or 'nothing'}"
    envelope = keys.get("match")
    if not isinstance(envelope, dict):
        raise NoHand(f"this is {what}: no saved match, so no hand to replay")
    return _of_save(envelope, what)


def _plain(value: Any, most: int) -> str:
    """A copy's date or version as written (quoted where it is not a plain short text)."""
    return value if isinstance(value, str) and len(value) <= most and value.isprintable() else quote(value, most)


def _listed(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def find(data: Any) -> Found:
    """The hand ``data`` (a file's JSON) holds: itself if it is no file the game saved (a record,
    or anything ``record.from_record`` will then refuse in its own words); :class:`NoHand` for one
    of the game's files that holds none (a settings file, a copy without a match)."""
    if not isinstance(data, dict):
        return Found(data)
    if data.get("format") == COPY_FORMAT:
        return _of_copy(data)
    if data.get("brisca") == "save":
        return _of_save(data, "the game's save file of a match in progress", "one of the game's save files")
    if _is_match(data.get("match")):
        return _of_match(data["match"], "a saved session (the data of the game's save file)")
    if _is_match(data):
        return _of_match(data, f"a saved match ({quote(data['format'], 30)})")
    return Found(data)
