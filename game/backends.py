"""Where the saves live: a folder of JSON files on the desktop, ``localStorage`` in the browser,
memory for tests and demos (and when the browser refuses storage).

Why apart from ``game.storage``: that module decides what is stored (the envelope, its checks,
the problems reported once); a backend only keeps text under a key, moves a bad value aside,
and tidies what a killed write left. Text in, text out; a backend raises on failure and
``Storage`` turns that into a reported problem. Only this module and ``game.storage`` write
files (the browser build has an in-memory file system; a test checks it).
"""

from __future__ import annotations

import os
import re
import stat
import sys
import time
from pathlib import Path
from typing import Any, Protocol

KEYS = ("settings", "stats", "match")
LOCAL_PREFIX = "brisca."  # localStorage keys are shared by every page of the origin (itch.io!)
ENV_DATA_DIR = "BRISCA_DATA_DIR"
#: The key of a problem about the whole store rather than one key (storage_unavailable).
ALL = "all"
#: A temporary file of a killed write is removed at start once it is this old (seconds), or
#: at once when the process that wrote it is gone.
STALE_TEMP_SECONDS = 60
#: Set-aside copies of bad data kept per key, the newest: kept for whoever wants to look at them,
#: but a run of bad saves must not fill the disk, or the localStorage that itch.io's games share.
KEEP_ASIDE = 3
#: What follows ``<key>.bad-`` in a set-aside copy's name: ``<n>-<stamp>`` (n counts the key's copies,
#: 1, 2, 3…; the stamp is game.storage's, the device's UTC time, ``20261206T161200Z``), or an older
#: version's ``<stamp>[-<n>]`` (n told apart copies of one second).
_ASIDE = re.compile(r"(?:(?P<number>[0-9]{1,9})-)?(?P<stamp>[0-9]{8}T[0-9]{6}Z)(?:-(?P<n>[0-9]{1,9}))?")
#: Bytes read of one stored value at most (``game.storage`` refuses a value over 256 kB anyway):
#: a save that is a link to /dev/zero must not fill the memory.
READ_LIMIT = 1 << 20


def _made(name: str, key: str) -> tuple[int, str, int] | None:
    """When ``key``'s set-aside copy ``name`` was made, as an order: its number (an older version's
    copies, with none, 0: made before any numbered one), then its stamp; None for a name this game
    does not give ("stats.bad-9999-x.json", "stats.bad-é.json": not its to count or drop)."""
    found = _ASIDE.fullmatch(name[len(key) + 5:].removesuffix(".json"))
    if found is None:
        return None
    return int(found["number"] or 0), found["stamp"], int(found["n"] or 0)


def _too_many(names: list[str], key: str) -> list[str]:
    """Of ``key``'s set-aside copies (``<key>.bad-…[.json]``), the oldest to drop so that one more
    leaves :data:`KEEP_ASIDE`. Oldest by the order they were made: the stamp alone comes from the
    device's clock, and after the clock had once been ahead (2030) the newest copies went first,
    the one the player had just been told of among them (an outside tester's clock, round 38)."""
    kept = sorted((name for name in names if _made(name, key) is not None), key=lambda name: _made(name, key))
    return kept[:max(0, len(kept) - (KEEP_ASIDE - 1))]


def _aside_names(names: list[str], key: str, stamp: str):
    """The names a new set-aside copy of ``key`` may take, the first free one to be used: numbered
    one past the highest copy kept (``names``), then on, should another window take that one."""
    first = 1 + max((_made(name, key)[0] for name in names if _made(name, key) is not None), default=0)
    return (f"{key}.bad-{n}-{stamp}" for n in range(first, first + 1000))


class Backend(Protocol):
    """Where envelopes live. Text in, text out; ``set_aside`` moves a bad value out of the way."""

    def read(self, key: str) -> str | None: ...
    def size(self, key: str) -> int | None: ...
    def write(self, key: str, text: str) -> None: ...
    def set_aside(self, key: str, stamp: str) -> str: ...
    def remove(self, key: str) -> None: ...
    def tidy(self) -> None: ...
    def describe(self) -> str: ...

    REFUSED: tuple[str, str] | None  # (key, kind) a failed write is reported as; None: (its key, write_failed)
    unavailable: str | None  # why no lasting store could be used (reported once), or None


# --------------------------------------------------------------------------- desktop: files


def default_data_dir() -> Path:
    """The user's data folder for Brisca (``BRISCA_DATA_DIR`` overrides it, e.g. in tests)."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA")
        return Path(base) / "Brisca" if base else home / "AppData" / "Roaming" / "Brisca"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "Brisca"
    base = os.environ.get("XDG_DATA_HOME")
    return (Path(base) if base else home / ".local" / "share") / "brisca"


class FileBackend:
    """One ``<key>.json`` per key in a folder; writes go to a temporary file, then ``os.replace``."""

    REFUSED = None  # a failed write is reported for its key (write_failed)
    unavailable = None

    def __init__(self, directory: Path | str | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_data_dir()

    def path(self, key: str) -> Path:
        return self.directory / f"{key}.json"

    def size(self, key: str) -> int | None:
        try:
            return self.path(key).stat().st_size
        except FileNotFoundError:
            return None

    def read(self, key: str) -> str | None:
        """The text stored under ``key``. Only a regular file is read, and at most READ_LIMIT bytes of
        it: a pipe (``mkfifo``) in its place would block the game at start, a link to /dev/zero fill
        the memory; both are refused (an OSError: reported, and set aside)."""
        path = self.path(key)
        try:   # O_NONBLOCK: opening a pipe nobody writes to returns at once instead of waiting
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        except FileNotFoundError:
            return None
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{path} is not a regular file")
            data = handle.read(READ_LIMIT + 1)
        if len(data) > READ_LIMIT:
            raise OSError(f"{path} holds more than {READ_LIMIT} bytes")
        return data.decode("utf-8")  # a UnicodeDecodeError is reported as corrupt data

    def write(self, key: str, text: str) -> None:
        """Atomic: a crash mid-write leaves the previous file whole (and a stray temp file at
        most, which :meth:`tidy` removes at the next start). The folder is synced after the
        rename so the new name itself survives a power cut."""
        self.directory.mkdir(parents=True, exist_ok=True)
        target = self.path(key)
        write_whole(target, target.with_name(f".{key}.{os.getpid()}.tmp"), text)
        self._sync_folder()

    def _sync_folder(self) -> None:
        try:
            fd = os.open(self.directory, os.O_RDONLY)
        except OSError:  # Windows cannot open a folder; its rename is already durable enough
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def tidy(self) -> None:
        """Remove the temporary files that killed writes left (``.<key>.<pid>.tmp``), unless a
        live process may still be writing one (its pid is running and the file is fresh)."""
        for key in KEYS:
            for temp in self.directory.glob(f".{key}.*.tmp"):
                pid = temp.name[len(key) + 2:-4]
                if not (pid.isascii() and pid.isdigit()):
                    continue
                try:
                    age = time.time() - temp.stat().st_mtime
                    if age < STALE_TEMP_SECONDS and _running(int(pid)):
                        continue
                    temp.unlink()
                except OSError:
                    pass  # gone already, or not ours to remove: the next start tries again

    def set_aside(self, key: str, stamp: str) -> str:
        source = self.path(key)
        names = [path.name for path in self.directory.glob(f"{key}.bad-*.json")]
        for old in _too_many(names, key):
            try:
                (self.directory / old).unlink()
            except OSError:
                pass   # not ours to remove: kept
        for name in _aside_names(names, key, stamp):
            dest = self.directory / f"{name}.json"
            if not dest.exists():
                os.replace(source, dest)
                return dest.name
        raise OSError(f"no free name to set {source} aside")

    def remove(self, key: str) -> None:
        try:
            self.path(key).unlink()
        except FileNotFoundError:
            pass

    def describe(self) -> str:
        return f"files in {self.directory}"


def write_whole(target: Path, temp: Path, text: str) -> None:
    """``text`` written to ``temp``, synced, then renamed to ``target``: whole or not at all (``temp``
    removed on failure). The saves' files, and a player's copy of them (``game.ui.desktop.backup_files``)."""
    try:
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        try:
            temp.unlink()
        except OSError:
            pass
        raise


def _running(pid: int) -> bool:
    """Whether process ``pid`` may still be running (True when it cannot be known)."""
    if pid == os.getpid():
        return False  # this process is not writing while it starts
    if sys.platform.startswith("win"):
        return True  # os.kill(pid, 0) would end the process on Windows: rely on the age
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


# ------------------------------------------------------------------- browser: localStorage


class LocalStorageBackend:
    """The browser's ``window.localStorage`` (strings only, a few MB per site, kept across reloads).

    Keys carry the ``brisca.`` prefix because a host such as itch.io gives many games one origin.
    """

    #: A refused write is the browser refusing storage (quota, private mode), not one bad key.
    REFUSED = (ALL, "storage_unavailable")
    unavailable = None

    def __init__(self, local_storage: Any, prefix: str = LOCAL_PREFIX) -> None:
        self.local = local_storage
        self.prefix = prefix

    def _name(self, key: str) -> str:
        return self.prefix + key

    def read(self, key: str) -> str | None:
        value = self.local.getItem(self._name(key))
        if value is None:
            return None
        if not isinstance(value, str):  # JS null/undefined proxies, or something odd
            value = str(value) if value else None
        return value

    def size(self, key: str) -> int | None:
        value = self.read(key)
        return None if value is None else len(value.encode("utf-8", "surrogatepass"))

    def write(self, key: str, text: str) -> None:
        self.local.setItem(self._name(key), text)  # one call: the browser stores it whole or not at all

    def set_aside(self, key: str, stamp: str) -> str:
        value = self.local.getItem(self._name(key))
        try:   # the origin's keys (Web Storage's length and key(i)); none listed: nothing dropped
            names = [self.local.key(i) for i in range(int(self.local.length))]
        except Exception:
            names = []
        start = self._name(key) + ".bad-"
        mine = [name[len(self.prefix):] for name in names if isinstance(name, str) and name.startswith(start)]
        for old in _too_many(mine, key):   # dropped first: room for the new copy
            self.local.removeItem(self.prefix + old)
        for name in _aside_names(mine, key, stamp):
            dest = self.prefix + name
            if self.local.getItem(dest) is None:
                self.local.setItem(dest, "" if value is None else value)
                self.local.removeItem(self._name(key))
                return dest
        raise OSError(f"no free localStorage key to set {key} aside")

    def remove(self, key: str) -> None:
        self.local.removeItem(self._name(key))

    def tidy(self) -> None:
        """Nothing to tidy: a localStorage write is whole or not at all."""

    def describe(self) -> str:
        return "browser localStorage"


class MemoryBackend:
    """Keeps values in a dict: for tests and for when nothing lasting is available.

    ``unavailable`` says why a lasting store could not be used (the store reports it once).
    """

    REFUSED = None

    def __init__(self, unavailable: str | None = None) -> None:
        self.values: dict[str, str] = {}
        self.unavailable = unavailable

    def read(self, key: str) -> str | None:
        return self.values.get(key)

    def size(self, key: str) -> int | None:
        value = self.values.get(key)
        return None if value is None else len(value.encode("utf-8", "surrogatepass"))

    def write(self, key: str, text: str) -> None:
        self.values[key] = text

    def set_aside(self, key: str, stamp: str) -> str:
        names = [name for name in self.values if name.startswith(f"{key}.bad-")]
        for old in _too_many(names, key):
            del self.values[old]
        dest = next(name for name in _aside_names(names, key, stamp) if name not in self.values)
        self.values[dest] = self.values.pop(key)
        return dest

    def remove(self, key: str) -> None:
        self.values.pop(key, None)

    def tidy(self) -> None:
        """Nothing to tidy in memory."""

    def describe(self) -> str:
        return "memory (not kept)"


def default_backend() -> Backend:
    """localStorage in the browser (pygbag: ``sys.platform == "emscripten"``), files elsewhere. A
    browser that refuses storage (no ``localStorage``, ``null``, or reading it raises, as in some
    private modes and with blocked site data) gives a memory backend that says why."""
    if sys.platform == "emscripten":
        try:
            import platform  # pygbag's module, which exposes the page's window

            local = platform.window.localStorage
            if local is None:
                raise LookupError("window.localStorage is null")
            local.getItem(LOCAL_PREFIX + "settings")  # a SecurityError shows here
        except Exception as exc:  # the browser's refusal comes as any JS error: keep playing
            return MemoryBackend(unavailable=f"{type(exc).__name__}: {exc}")
        return LocalStorageBackend(local)
    return FileBackend()
