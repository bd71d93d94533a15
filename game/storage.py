"""The save layer: settings, statistics and the match in progress, surviving a reload.

Why one small module: the browser has no lasting file system (the page's files live in memory
and vanish on reload), so saves go to ``localStorage`` there and to one JSON file per key on
the desktop (``game.backends``: where the text lives). Everything else in the game goes through
this API and never writes files itself.

Use::

    store = Storage()                      # picks the backend for this platform
    settings, problem = store.load("settings")   # problem: reported once, the bad data set aside
    store.save("settings", {"lang": "es"}) # returns a StorageProblem instead of raising on failure

What is stored is a JSON envelope ``{"brisca": "save", "key": ..., "version": 1, "data": {...}}``:
the marker tells our data from anything else under the same name, the version lets a later
game recognise (and refuse) a format it does not know. ``data`` is a JSON-able dict made by the
caller (for the match: ``Match.to_json()``); the caller converts it back and may pass a
validator so that semantically bad data (a record with an illegal move) takes the same path as
corrupt data: reported once, moved aside under another name (never silently overwritten), and
``None`` returned so the game starts clean.

Problems are facts (a kind from :data:`KINDS`, the key, a detail in English), never sentences:
the interface's catalogues word them. Each (key, kind) is reported once per session, the list
bounded. When the browser refuses localStorage altogether (private mode, blocked storage) the
store keeps data in memory for the session and reports one ``storage_unavailable`` problem.
"""

from __future__ import annotations

import codecs
import json
import math
import time
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

# the backends, kept here by name too (``from game.storage import MemoryBackend``)
from game.backends import (ALL, ENV_DATA_DIR, KEYS, LOCAL_PREFIX, Backend, FileBackend,
                           LocalStorageBackend, MemoryBackend, default_backend, default_data_dir)

__all__ = ["Storage", "StorageProblem", "StorageError", "Loaded", "Validator", "KEYS", "KINDS", "ALL", "BEFORE_RESTORE",
           "SCHEMA_VERSION", "MARKER", "MAX_BYTES", "MAX_PROBLEMS", "Backend", "FileBackend",
           "LocalStorageBackend", "MemoryBackend", "default_backend", "default_data_dir", "ENV_DATA_DIR",
           "LOCAL_PREFIX"]

SCHEMA_VERSION = 1
MARKER = "save"  # value of the "brisca" field in every envelope we write
MAX_BYTES = 256 * 1024  # one stored value; a record of a whole match is a few kB

Validator = Callable[[dict], Any]
"""Called with the stored ``data``; raising (any Exception) or returning False rejects it."""

#: Kinds of problem (the interface's catalogues hold a sentence for each).
KINDS = ("empty", "truncated", "corrupt", "wrong_type", "foreign", "newer", "too_large", "rejected",
         "partial", "unreadable", "write_failed", "not_json", "storage_unavailable")
#: At most this many problems are kept (each (key, kind, during) once).
MAX_PROBLEMS = 20
#: The name what was here before a player's copy was brought back is kept under, whole, in the store
#: itself (``localStorage``'s ``brisca.before-restore``; ``before-restore.json`` in the data folder):
#: a page cannot know whether a download arrived, so the browser keeps its own (``game.ui.backup``).
BEFORE_RESTORE = "before-restore"


class StorageError(ValueError):
    """A caller's mistake (an unknown key, a value that is not a dict): a bug, not bad data."""


@dataclass(frozen=True)
class StorageProblem:
    """Something was wrong with stored data or with a save; the game carries on without it."""

    key: str  # one of KEYS, or ALL
    kind: str  # one of KINDS
    detail: str  # technical detail, English, for logs and bug reports
    set_aside_as: str | None = None  # where the bad data went (file name or localStorage key)
    during: str = "load"  # "load": stored data was bad; "save": nothing was written

    def __str__(self) -> str:
        where = f" (set aside as {self.set_aside_as})" if self.set_aside_as else ""
        return f"{self.key}: {self.kind}: {self.detail}{where}"


class Loaded(NamedTuple):
    """What ``load`` returns: unpack as ``value, problem = store.load(key)``."""
    value: dict | None
    problem: StorageProblem | None


# ------------------------------------------------------------------------------- the store


def _stamp() -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


def _utf8(text: str) -> bool:
    """Can ``text`` be written as UTF-8 (no lone surrogate, which JSON reads but a file cannot hold)?"""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def is_json_value(value: Any, depth: int = 0) -> bool:
    """Only what JSON can hold and give back unchanged, and a save can write (no NaN, no tuples,
    string keys, no lone surrogate, at most 64 levels deep)."""
    if depth > 64:
        return False
    if isinstance(value, str):
        return _utf8(value)
    if value is None or isinstance(value, (bool, int)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(is_json_value(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _utf8(k) and is_json_value(v, depth + 1) for k, v in value.items())
    return False


def text_of(data: bytes) -> str:
    """A file's bytes as text, as a person's editor may have saved it: UTF-8 with or without a BOM
    (Windows Notepad's "UTF-8 with BOM"), or UTF-16 with its BOM (Notepad's "Unicode"); any other
    bytes raise :class:`UnicodeDecodeError`. The one reader of files the game wrote and a person may
    have opened: a backup copy (``game.ui.backup.decode``) and a record or save (``python -m game replay``)."""
    if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return data.decode("utf-16")
    return data.decode("utf-8-sig")


def ends_early(text: str, exc: json.JSONDecodeError) -> bool:
    """True when the text reads like valid JSON cut short (a save interrupted mid-way)."""
    tail = text[exc.pos:].rstrip()
    if not tail or exc.msg.startswith("Unterminated string"):
        return True
    return any(word.startswith(tail) for word in ("true", "false", "null")) or (
        len(tail) < 32 and all(ch in "0123456789+-.eE" for ch in tail))


class Storage:
    """Load and save the three keys through one backend, never crashing on what it finds."""

    def __init__(self, backend: Backend | None = None,
                 validators: dict[str, Validator] | None = None) -> None:
        self.backend = backend if backend is not None else default_backend()
        self.validators: dict[str, Validator] = dict(validators or {})
        self.problems: list[StorageProblem] = []  # problems reported this session, each once, bounded
        self._reported: set[tuple[str, str, str]] = set()
        self._checked: set[str] = set()  # keys whose stored value has been looked at
        self._blocked: set[str] = set()  # bad data that could not be set aside: never overwrite
        self._newer: set[str] = set()  # of those, a newer version's data (told once, at load)
        self._kept: dict[str, str] = {}  # key -> envelope text whose write failed: kept for this session
        self._unsaid: set[str] = set()  # keys whose writes started failing since failed_news() last said so
        self._seen: dict[str, str | None] = {}  # key -> the text last read or written here (None: nothing)
        if self.backend.unavailable:
            self._report(StorageProblem(ALL, "storage_unavailable", self.backend.unavailable, during="save"))
        try:
            self.backend.tidy()
        except OSError:
            pass  # a folder we cannot list: the stray files stay, nothing else is affected

    def _report(self, problem: StorageProblem) -> StorageProblem:
        """Note ``problem`` once per (key, kind, during), keeping at most MAX_PROBLEMS."""
        tag = (problem.key, problem.kind, problem.during)
        if tag not in self._reported and len(self.problems) < MAX_PROBLEMS:
            self._reported.add(tag)
            self.problems.append(problem)
        return problem

    @staticmethod
    def _check_key(key: str) -> None:
        if key not in KEYS:
            raise StorageError(f"unknown storage key {key!r}; expected one of {', '.join(KEYS)}")

    def load(self, key: str, validator: Validator | None = None) -> Loaded:
        """The stored dict for ``key``, or None (nothing saved, or bad data set aside and reported).

        ``validator`` (or the one given for ``key`` at construction) sees the data last.
        """
        self._check_key(key)
        self._checked.add(key)
        if key in self._blocked:
            return Loaded(None, None)  # already reported; the data is still there, untouched
        if key in self._kept:  # saved this session but the write failed: what the player did
            return Loaded(json.loads(self._kept[key])["data"], None)
        try:
            size = self.backend.size(key)
            if size is None:
                self._seen[key] = None   # nothing stored: whatever another window stores is newer
                return Loaded(None, None)
            if size > MAX_BYTES:
                return self._bad(key, "too_large", f"{size} bytes, more than the {MAX_BYTES} allowed")
            text = self.backend.read(key)
        except UnicodeDecodeError as exc:
            return self._bad(key, "corrupt", f"not UTF-8 text: {exc}")
        except Exception as exc:  # permissions, a broken disk, a browser that refuses
            return self._bad(key, "unreadable", f"{type(exc).__name__}: {exc}")
        if text is None:
            return Loaded(None, None)
        kind, detail, data = self._checked_data(key, text, validator)
        if kind is not None:
            return self._bad(key, kind, detail)
        self._seen[key] = text
        return Loaded(data, None)

    def _elsewhere(self, key: str) -> tuple[bool, str | None]:
        """(whether another window of the game — a second tab, the home-screen app — stored or
        removed ``key`` since this session last read or wrote it, the text stored now). Not while
        this session holds an unwritten value of its own, nor for a key it never looked at."""
        self._check_key(key)
        if key in self._kept or key in self._blocked or key not in self._seen:
            return False, None
        try:
            text = self.backend.read(key)
        except Exception:
            return False, None
        return text != self._seen[key], text

    def changed(self, key: str) -> bool:
        """Has another window stored or removed ``key`` since this session last read or wrote it?"""
        return self._elsewhere(key)[0]

    def newer(self, key: str, validator: Validator | None = None) -> dict | None:
        """What another window of the game has stored under ``key`` since this session last read or
        wrote it; None if nothing changed, or if what is there cannot be read (left for
        :meth:`load` to report at the next start)."""
        changed, text = self._elsewhere(key)
        if not changed or text is None:
            return None
        kind, detail, data = self._checked_data(key, text, validator)
        if kind == "newer":   # a newer version opened beside this one since: never written over
            self._bad(key, kind, detail)
        if kind is None:
            self._seen[key] = text
        return data if kind is None else None

    def stored_text(self, key: str) -> str | None:
        """The text this session holds for ``key`` as stored: what it saved, even if that write
        failed (kept in memory), else what the backend holds; None if nothing (a player's own copy
        of their data, ``game.ui.backup``, takes every key as it is stored)."""
        self._check_key(key)
        if key in self._kept:
            return self._kept[key]
        return self.backend.read(key)

    @staticmethod
    def parse(key: str, text: str) -> tuple[str | None, str, dict | None]:
        """``text`` read as an envelope stored under ``key``: (problem kind or None, detail, data),
        with the checks a load makes before the validator (marker, key, version, data)."""
        return Storage._parse(key, text)

    def held_for_newer(self, key: str) -> bool:
        """Is ``key`` left alone because a newer version of the game stored it (told once, at load)?"""
        return key in self._newer

    def still_newer(self, key: str, validator: Validator | None = None) -> bool:
        """:meth:`held_for_newer`, what is stored looked at again: once it is gone or no newer version's
        (the newer version ended its match, a window of this version stored another) the key is held no
        longer and is written here again, as any key; what another window stored meanwhile is one
        :meth:`changed` reports (never written over unasked). Until round 39 a key once held stayed held
        for the whole session: a match started after the newer one had gone was never saved."""
        if key not in self._newer:
            return False
        try:
            text = self.backend.read(key)
        except Exception:   # (cannot tell: still held)
            return True
        if text is not None and self._checked_data(key, text, validator)[0] == "newer":
            return True
        self._newer.discard(key)
        self._blocked.discard(key)
        self._checked.add(key)
        self._seen[key] = None if text is None else ""   # (a stored value not yet read here: changed)
        return False

    def _checked_data(self, key: str, text: str, validator: Validator | None) -> tuple[str | None, str, dict | None]:
        """:meth:`_parse`, then the validator: (problem kind or None, detail, data)."""
        kind, detail, data = self._parse(key, text)
        check = validator or self.validators.get(key)
        if kind is None and check is not None:
            try:
                verdict = check(data)
            except Exception as exc:   # (a validator's error marked ``newer``: a newer version's data)
                kind, detail = ("newer" if getattr(exc, "newer", False) else "rejected"), f"{type(exc).__name__}: {exc}"
            else:
                if verdict is False:
                    kind, detail = "rejected", "the validator returned False"
        return kind, detail, data

    @staticmethod
    def _parse(key: str, text: str) -> tuple[str | None, str, dict | None]:
        """(problem kind or None, detail, data)."""
        if not text.strip():
            return "empty", "nothing but whitespace", None
        try:
            envelope = json.loads(text)
        except json.JSONDecodeError as exc:
            if ends_early(text, exc):
                return "truncated", f"the JSON ends early: {exc.msg}", None
            return "corrupt", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", None
        except (ValueError, RecursionError) as exc:
            return "corrupt", f"not JSON: {exc}", None
        if not isinstance(envelope, dict) or envelope.get("brisca") != MARKER:
            return "foreign", f"no Brisca marker (found {type(envelope).__name__})", None
        if envelope.get("key") != key:
            return "foreign", f"saved for key {envelope.get('key')!r}, not {key!r}", None
        version = envelope.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            return "wrong_type", f"bad schema version {version!r}", None
        if version > SCHEMA_VERSION:
            return "newer", f"schema version {version}, this game knows up to {SCHEMA_VERSION}", None
        data = envelope.get("data")
        if not isinstance(data, dict):
            return "wrong_type", f"data is {type(data).__name__}, not an object", None
        return None, "", data

    def _bad(self, key: str, kind: str, detail: str) -> Loaded:
        """Set the bad value aside (never overwrite it), report it once, and start clean. Data of a
        newer version is not bad: it is left in place and never written over by this (older) copy
        of the game, which starts clean in memory (an old cached tab beside a new one had set the
        new data aside and written its own; three times more and the copy was gone)."""
        if kind == "newer":
            self._blocked.add(key)
            self._newer.add(key)
            return Loaded(None, self._report(StorageProblem(key, kind, f"{detail}; left in place, not overwritten")))
        try:
            where = self.backend.set_aside(key, _stamp())
        except Exception as exc:
            self._blocked.add(key)
            problem = StorageProblem(key, kind, f"{detail}; could not set it aside "
                                     f"({type(exc).__name__}: {exc}), so it is left in place and "
                                     "not overwritten")
        else:
            problem = StorageProblem(key, kind, detail, where)
        self._report(problem)
        return Loaded(None, problem)

    def set_aside(self, key: str, kind: str = "rejected", detail: str = "") -> StorageProblem | None:
        """Move what is stored under ``key`` aside (kept byte for byte) and report it: for data
        that loaded but then failed in use (a saved match that cannot be resumed). None if
        nothing is stored under ``key``."""
        self._check_key(key)
        if key in self._kept:  # never written: nothing stored to set aside
            del self._kept[key]
            return None
        if key in self._blocked:
            return None
        try:
            if self.backend.size(key) is None:
                return None
        except Exception as exc:  # noqa: BLE001  (a refusing backend: report it like a bad read)
            return self._bad(key, "unreadable", f"{type(exc).__name__}: {exc}").problem
        return self._bad(key, kind if kind in KINDS else "rejected", detail).problem

    def save(self, key: str, value: dict) -> StorageProblem | None:
        """Store ``value`` (a JSON-able dict) under ``key``. Returns a problem instead of raising.
        Data stored and never loaded this session is checked first, so a bad value is set aside
        and reported rather than silently replaced."""
        self._check_key(key)
        if not isinstance(value, dict):
            raise StorageError(f"save({key!r}) needs a dict, got {type(value).__name__}")
        if key not in self._checked:
            self.load(key)
        elif key not in self._blocked and key in self._seen:
            changed, text = self._elsewhere(key)   # a newer version stored it since it was read here?
            kind, detail, _data = self._parse(key, text) if changed and text is not None else (None, "", None)
            if kind == "newer":
                self._bad(key, kind, detail)
        if key in self._newer:   # not written, and not an error to tell again: the load told it
            return StorageProblem(key, "newer", "a newer version's data is stored here; not written over", during="save")
        if key in self._blocked:
            return StorageProblem(key, "write_failed", "bad data that could not be set aside is "
                                  "still stored under this key; not overwriting it", during="save")
        text, problem = self._encoded(key, value)
        if problem is not None:
            return self._report(problem)
        try:
            self.backend.write(key, text)
        except Exception as exc:  # disk full, read-only folder, browser quota: any error it raises
            if key not in self._kept:   # (written until now: a new run of failed writes)
                self._unsaid.add(key)
            self._kept[key] = text  # this session still sees what the player did
            where, kind = self.backend.REFUSED or (key, "write_failed")
            return self._report(StorageProblem(where, kind, f"{type(exc).__name__}: {exc}", during="save"))
        self._kept.pop(key, None)
        self._seen[key] = text
        if self._kept:   # writing works again: what could not be written before goes too
            self.retry()
        return None

    @staticmethod
    def _encoded(key: str, value: dict) -> tuple[str, StorageProblem | None]:
        """``value`` in its envelope as stored under ``key``, or why it cannot be stored (``encode``)."""
        return Storage.encode(key, {"brisca": MARKER, "key": key, "version": SCHEMA_VERSION, "data": value})

    @staticmethod
    def encode(key: str, envelope: Any) -> tuple[str, StorageProblem | None]:
        """An envelope's text as stored under ``key``, or why it cannot be stored (not reported):
        something JSON cannot keep, or more than ``MAX_BYTES``. One way for what this game writes
        (``save``, ``replace_all``) and for a copy's key read before it is brought back
        (``game.ui.backup``: its own way took a half emoji the store then refused to write)."""
        if not is_json_value(envelope, -1):   # (-1: the envelope, a wrapper, takes none of the data's depth)
            return "", StorageProblem(key, "not_json", "the value holds something JSON cannot keep", during="save")
        try:   # (checked above; a value that still cannot be written is reported, never raised)
            text = json.dumps(envelope, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
            size = len(text.encode("utf-8"))
        except (ValueError, UnicodeEncodeError, RecursionError) as exc:
            return "", StorageProblem(key, "not_json", f"{type(exc).__name__}: {exc}", during="save")
        if size > MAX_BYTES:
            return "", StorageProblem(key, "too_large", f"{size} bytes, more than the {MAX_BYTES} allowed",
                                      during="save")
        return text, None

    def unwritten(self, key: str) -> bool:
        """Is what this session last saved under ``key`` unwritten (kept in memory: a failed write)?"""
        return key in self._kept

    def failed_news(self, key: str) -> bool:
        """Have writes of ``key`` started failing since this was last asked, and fail still? True once
        for a run of failed writes, and once more if they fail again after one that worked: the table
        says "No se pudo guardar la partida" once (it was said after every card, 40 times a hand)."""
        news = key in self._unsaid and key in self._kept
        self._unsaid.discard(key)
        return news

    def retry(self) -> list[str]:
        """Write again what could not be written this session (the disk has room again, the browser's
        quota allows it): the keys now stored. One that fails again stays kept for this session and
        is not reported twice; one another window of the game stored since is dropped instead (its
        value stands: never written over). Cheap when nothing is kept (asked at every change of scene)."""
        stored = []
        for key, text in list(self._kept.items()):
            try:
                if key in self._seen and self.backend.read(key) != self._seen[key]:
                    del self._kept[key]
                    continue
                self.backend.write(key, text)
            except Exception:  # still refused: kept, as before
                continue
            del self._kept[key]
            self._seen[key] = text
            stored.append(key)
        return stored

    def keep_before(self, text: str) -> StorageProblem | None:
        """Keep ``text`` (a player's copy of what is here, made just before one is brought back) under
        :data:`BEFORE_RESTORE`, over the one kept before; a problem, reported, where it cannot be."""
        try:
            self.backend.write(BEFORE_RESTORE, text)
        except Exception as exc:   # the browser's quota, a full disk
            where, kind = self.backend.REFUSED or (ALL, "write_failed")
            return self._report(StorageProblem(where, kind, f"{BEFORE_RESTORE}: {type(exc).__name__}: {exc}",
                                               during="save"))
        return None

    def kept_before(self) -> str | None:
        """What :meth:`keep_before` kept, or None (nothing kept, or it cannot be read)."""
        try:
            return self.backend.read(BEFORE_RESTORE)
        except Exception:
            return None

    def replace_all(self, values: dict) -> tuple[StorageProblem | None, list[str]]:
        """Every key's value replaced by ``values[key]`` (removed where None), all or none: on a failed
        write (a full disk, the browser's quota) the keys already written are put back as they were
        and the problem is returned (reported). A player's copy brought back (``game.ui.backup``):
        until round 39 it was written key by key, and a failure half-way left the copy's settings and
        match beside the old statistics, while the session showed the copy's. (problem or None, the
        keys that could not even be put back: a store left mixed, which the caller must say.)"""
        texts: dict[str, str | None] = {}
        for key in KEYS:
            value = values.get(key)
            if key in self._blocked:
                return self._report(StorageProblem(key, "write_failed", "data held here is not written over",
                                                   during="save")), []
            if value is None:
                texts[key] = None
                continue
            if not isinstance(value, dict):
                return self._report(StorageProblem(key, "not_json", "not a JSON object", during="save")), []
            texts[key], problem = self._encoded(key, value)
            if problem is not None:
                return self._report(problem), []
        try:
            before = {key: self.backend.read(key) for key in KEYS}
        except Exception as exc:
            return self._report(StorageProblem(ALL, "unreadable", f"{type(exc).__name__}: {exc}", during="save")), []
        written: list[str] = []
        for key in KEYS:
            try:
                self._put(key, texts[key])
            except Exception as exc:   # put back what was written (a backend's write is whole or none)
                left = [k for k in written if not self._put_back(k, before[k])]
                where, kind = self.backend.REFUSED or (key, "write_failed")
                detail = f"{type(exc).__name__}: {exc}; " + (f"{', '.join(left)} not put back" if left else "all put back")
                return self._report(StorageProblem(where, kind, detail, during="save")), left
            written.append(key)
        for key in KEYS:
            self._kept.pop(key, None)
            self._seen[key] = texts[key]
            self._checked.add(key)
        return None, []

    def _put(self, key: str, text: str | None) -> None:
        if text is None:
            self.backend.remove(key)
        else:
            self.backend.write(key, text)

    def _put_back(self, key: str, text: str | None) -> bool:
        try:
            self._put(key, text)
        except Exception:
            return False
        return True

    def clear(self, key: str) -> StorageProblem | None:
        """Forget ``key`` (e.g. the match once it is over). Set-aside copies are kept (the newest
        ``KEEP_ASIDE`` of each key, ``game.backends``)."""
        self._check_key(key)
        if key in self._blocked:
            return None  # the bad data stays for whoever wants to look at it
        self._kept.pop(key, None)
        try:
            self.backend.remove(key)
        except Exception as exc:
            return self._report(StorageProblem(key, "write_failed", f"could not remove: {type(exc).__name__}: "
                                               f"{exc}", during="save"))
        self._seen[key] = None
        self._checked.add(key)
        return None
