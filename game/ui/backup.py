"""A player's own copy of their data (Ajustes → Copia de seguridad), and bringing one back.

Why: the browser keeps the statistics, the history, the names, the settings and the saved match in
``localStorage``, which a player loses by clearing the site's data, changing phone or browser, or
(Safari without the home-screen icon) staying away a week. A copy is one JSON file the player keeps:
a format name and version, the game's version and build, the date, and every key the save layer
keeps (``game.backends.KEYS``) as it is stored, its envelope whole. Where the file goes and comes
from is the platform's (a download and a file picker in the browser, a folder on the desktop:
``game.ui.scenes.backup_screen``); this module makes the text, reads one back and checks every
key with the validators a load uses (``persist``), and writes it over the store. No pygame here.

A copy that is not JSON, of another format, of a newer version (the copy's, the game's, a key's or
its saved match's) or with a damaged key is refused whole: nothing is changed. Reading one gives
facts (:class:`Refused`: a kind and a detail in English); the word catalogues say them.
"""

from __future__ import annotations

import calendar
import json
import re
import sys
import time
from dataclasses import dataclass
from typing import Any

import game
from game.storage import KEYS, MAX_BYTES, Storage, ends_early, text_of
from game.ui.persist import BadData, NewerData, bad_settings, check_match, clean_stats, readable_settings, writable

FORMAT = "brisca-copia"
VERSION = 1
PREFIX = "brisca-copia-"   # the file's name: brisca-copia-2026-12-07.json (the browser's: …-07-163005.json)
BEFORE = PREFIX + "anterior-"   # what was here before a copy was brought back: brisca-copia-anterior-….json
#: The most a copy may hold (every key at its largest, and room for the rest): a bigger file is no copy.
MAX_CHARS = len(KEYS) * MAX_BYTES + 64 * 1024
#: Kinds of refusal (the catalogues' ``backup.bad.<kind>``).
REFUSALS = ("unreadable", "too_large", "not_json", "incomplete", "foreign", "newer", "damaged", "held")


@dataclass(frozen=True)
class Refused:
    """Why a copy cannot be brought back: a kind (REFUSALS), the key at fault if one, a detail for logs."""

    kind: str
    key: str | None = None
    detail: str = ""


@dataclass(frozen=True)
class Copy:
    """A copy read and checked: when it was made, by which game, and each key's data (None: nothing was stored)."""

    made: str   # "2026-12-07T12:52:34Z"
    game: str
    data: dict

    @property
    def stats(self) -> dict:
        return self.data.get("stats") or {}

    @property
    def has_match(self) -> bool:
        return self.data.get("match") is not None

    def day(self) -> tuple[int, int, int] | None:
        """(year, month, day) of when it was made, on this device's clock (:func:`local`), or None
        where the copy says no date."""
        at = local(self.made)
        if at is not None:
            return at.tm_year, at.tm_mon, at.tm_mday
        found = re.match(r"(\d{4})-(\d{2})-(\d{2})", self.made)
        return tuple(int(n) for n in found.groups()) if found else None   # type: ignore[return-value]


def now_stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def local(made: str) -> time.struct_time | None:
    """``made`` ("2026-12-06T23:30:05Z", UTC: the copy's own record) on this device's clock, or None.
    What the player reads is local: at 00:30 in Madrid a copy was named and dated the day before."""
    try:
        return time.localtime(calendar.timegm(time.strptime(made[:20], "%Y-%m-%dT%H:%M:%SZ")))
    except (ValueError, OverflowError, OSError):
        return None


def file_name(made: str, before: bool = False, timed: bool = False) -> str:
    """``brisca-copia-2026-12-07.json`` for a copy made at ``made`` (the local day); ``timed`` (the
    browser's: it names a second download of one name "… (1).json" itself, while the screen named
    the first, until round 39), ``brisca-copia-2026-12-07-163005.json``, with the local time too, as
    ``brisca-copia-anterior-…`` has, for what was kept before one was brought back (the desktop
    numbers a second copy of a day itself: ``backup_files.write``)."""
    at = local(made)
    day = time.strftime("%Y-%m-%d", at) if at else made[:10]
    hms = time.strftime("%H%M%S", at) if at else f"{made[11:13]}{made[14:16]}{made[17:19]}"
    return f"{BEFORE}{day}-{hms}.json" if before else f"{PREFIX}{day}-{hms}.json" if timed else f"{PREFIX}{day}.json"


def make(store: Any, build: str = "", made: str | None = None) -> str:
    """The copy of everything ``store`` keeps, as the file's text (every key of the save layer as
    stored, its envelope whole; null where nothing is stored or what is there is not JSON)."""
    copy = {"format": FORMAT, "version": VERSION, "game": game.__version__, "build": str(build),
            "made": made or now_stamp(), "keys": {key: _envelope(store, key) for key in KEYS}}
    return json.dumps(copy, ensure_ascii=False, indent=1)


def _envelope(store: Any, key: str) -> Any:
    """``key`` as ``store`` keeps it, its envelope whole; None where nothing is stored or what is there
    cannot be read or is not JSON (the load has set it aside or reported it)."""
    try:
        text = store.storage.stored_text(key)
        return None if text is None else json.loads(text)
    except Exception:
        return None


def stored(store: Any, key: str) -> dict | None:
    """``key``'s data as ``store`` keeps it, read as a copy of it would be (:func:`read`, for that key
    alone); None where nothing is stored or a copy would be refused for it."""
    return _key(key, _envelope(store, key))[0]


def _version(text: Any) -> tuple[int, ...] | None:
    """A game version's numbers ("99.0.0b1": 99, 0, 0: a pre-release of a newer game went unchecked
    until round 39); None where it starts with none."""
    found = re.match(r"\d{1,9}(?:\.\d{1,9})*", str(text))
    return tuple(int(p) for p in found[0].split(".")) if found else None


def _check(key: str, data: dict) -> None:
    """What a load of ``key`` checks, strictly: a copy is taken whole or not at all (a load lets a
    bad setting or a table's figures go alone; a copy with one is damaged)."""
    if key == "settings":
        readable_settings(data)
        if bad_settings(data):
            raise BadData(f"settings {', '.join(bad_settings(data))} are wrong")
    elif key == "stats":
        writable("stats", data)
        left: list = []
        changed = [k for k, v in clean_stats(data, left).items() if k in data and data[k] != v]
        if left or changed:   # (a load takes a damaged count from a table: loaded otherwise than copied)
            raise BadData(f"stats: {len(left)} part(s) damaged, {', '.join(changed)} not as loaded")
    elif key == "match":
        check_match(data)


def _key(key: str, envelope: Any) -> tuple[dict | None, Refused | None]:
    """One key of a copy: its data, checked as a load checks it, or why it is refused."""
    if envelope is None:
        return None, None
    text, problem = Storage.encode(key, envelope)   # (as the store will write it: what it cannot, refused now)
    if problem is not None:
        return None, Refused("damaged", key, f"{problem.kind}: {problem.detail}")
    kind, detail, data = Storage.parse(key, text)
    if kind is not None:
        return None, Refused("newer" if kind == "newer" else "damaged", key, f"{kind}: {detail}")
    try:
        _check(key, data)
    except NewerData as exc:
        return None, Refused("newer", key, str(exc))
    except Exception as exc:   # a validator's refusal, whatever it raises
        return None, Refused("damaged", key, f"{type(exc).__name__}: {exc}")
    return data, None


def decode(data: bytes) -> str | Refused:
    """A copy's file, its bytes as text: UTF-8, a BOM first or not (Windows Notepad's "UTF-8 with
    BOM"), or UTF-16 with its BOM (Notepad's "Unicode"); other bytes refused whole (a name's "Ñ" in
    Latin-1 was changed to "\ufffd" by the browser, which read the text itself until round 39, and
    refused by the desktop). One reader for both platforms: the page hands the file's bytes over."""
    if len(data) > MAX_CHARS * 4:
        return Refused("too_large")
    try:
        return text_of(data)
    except UnicodeDecodeError as exc:
        return Refused("unreadable", None, f"not UTF-8 text: {exc}"[:200])


def read(text: Any) -> Copy | Refused:
    """A copy's text (or its file's bytes: :func:`decode`) read and every key checked: a
    :class:`Copy`, or why it is refused."""
    if isinstance(text, (bytes, bytearray)):
        text = decode(bytes(text))
        if isinstance(text, Refused):
            return text
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return Refused("too_large" if isinstance(text, str) else "unreadable")
    try:
        copy = json.loads(text)
    except json.JSONDecodeError as exc:   # a copy cut short (a download, a sync interrupted) is incomplete
        cut = ends_early(text, exc) and re.search(f'"format"\\s*:\\s*"{FORMAT}"', text[:200]) is not None
        return Refused("incomplete" if cut else "not_json", None, str(exc)[:200])
    except (ValueError, RecursionError) as exc:
        return Refused("not_json", None, str(exc)[:200])
    if not isinstance(copy, dict) or copy.get("format") != FORMAT:
        return Refused("foreign", None, "no brisca-copia format")
    version = copy.get("version")
    if type(version) is float and version.is_integer():   # "1.0": a tool that writes every number so
        version = int(version)                             # (it was "es de otra cosa" until round 39)
    if type(version) is not int or version < 1:
        return Refused("foreign", None, f"bad version {version!r}"[:200])
    theirs, ours = _version(copy.get("game")), _version(game.__version__)
    if version > VERSION or (theirs is not None and ours is not None and theirs > ours):
        return Refused("newer", None, f"copy version {version}, game {copy.get('game')!r}"[:200])
    keys = copy.get("keys")
    if not isinstance(keys, dict) or not isinstance(copy.get("made"), str):
        return Refused("foreign", None, "no keys or no date")
    data: dict[str, Any] = {}
    for key in KEYS:
        data[key], refused = _key(key, keys.get(key))
        if refused is not None:
            return refused
    return Copy(copy["made"][:40], str(copy.get("game"))[:40], data)


def held(store: Any) -> Refused | None:
    """Why a copy cannot be written over this store now: a key held for a newer version of the game
    (never written over; the copy would go in only in part)."""
    for key in KEYS:
        if store.held_for_newer(key):
            return Refused("held", key, "a newer version's data is stored here")
    return None


def restore(store: Any, copy: Copy) -> tuple[Any, list]:
    """Every key of the store replaced by the copy's (removed where the copy holds none), all or none
    (``Storage.replace_all``): (the problem of writing it, or None; the keys left changed where even
    putting them back failed). Keep a copy of what is there first (:func:`make`)."""
    problem, left = store.storage.replace_all({key: copy.data.get(key) for key in KEYS})
    if problem is not None:
        store.report(problem)
        print(f"brisca: a copy could not be brought back: {problem}", file=sys.stderr)   # (the detail: a log's)
    else:
        store.forget_pending()
    return problem, left
