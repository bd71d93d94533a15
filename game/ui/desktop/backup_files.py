"""The desktop's side of a copy of the player's data: a file in a folder the player can find.

Why here: the browser has no folder of the player's (a download and a file picker there:
``game.ui.web``); only this desktop module writes a copy. The folder is the user's Downloads
(``XDG_DOWNLOAD_DIR`` of ``~/.config/user-dirs.dirs``, else ``~/Downloads`` or its Spanish or
Catalan name) if it exists, else the home folder; ``BRISCA_BACKUP_DIR`` overrides it (tests). A
copy is written whole or not at all (a temporary file, then a rename) and never over another
file: a second copy the same day is ``brisca-copia-2026-12-07-2.json``.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from game.backends import READ_LIMIT, write_whole
from game.ui.backup import BEFORE, MAX_CHARS, PREFIX

ENV_BACKUP_DIR = "BRISCA_BACKUP_DIR"
DOWNLOADS = ("Downloads", "Descargas", "Baixades")


def _xdg_downloads(home: Path) -> Path | None:
    """The Downloads folder ``xdg-user-dirs`` names (``XDG_DOWNLOAD_DIR="$HOME/Descargas"``)."""
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config") / "user-dirs.dirs"
    try:
        text = config.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = re.search(r'^XDG_DOWNLOAD_DIR="([^"]+)"', text, re.MULTILINE)
    return Path(found.group(1).replace("$HOME", str(home))) if found else None


def folder() -> Path:
    """Where copies are written and looked for: the user's Downloads if it exists, else home."""
    override = os.environ.get(ENV_BACKUP_DIR)
    if override:
        return Path(override)
    home = Path.home()
    for place in [_xdg_downloads(home), *(home / name for name in DOWNLOADS)]:
        if place is not None and place.is_dir():
            return place
    return home


def write(name: str, text: str, where: Path | None = None) -> Path:
    """Write a copy as ``name`` in ``where`` (:func:`folder`), or under the next free name; its path."""
    where = where if where is not None else folder()
    stem = name.removesuffix(".json")
    for n in range(1, 1000):
        target = where / (f"{stem}-{n}.json" if n > 1 else name)
        if not target.exists():
            break
    else:
        raise OSError(f"no free name for {name} in {where}")
    write_whole(target, where / f".{target.name}.{os.getpid()}.tmp", text)
    return target


#: The date (and time) and the number a copy's name holds: brisca-copia-2026-12-07-2.json, …-anterior-2026-12-07-145546.json.
_NAMED = re.compile(r"(\d{4}-\d{2}-\d{2}(?:-\d{6})?)(?:-(\d{1,9}))?\.json")


def safety(path: Path) -> bool:
    """Is ``path`` what was here before a copy was brought back (``brisca-copia-anterior-…``), not a copy?"""
    return path.name.startswith(BEFORE)


def _order(path: Path, when: float) -> tuple:
    """Newest first: when last written, then the date and the number in the name (copies carried on a
    FAT stick or out of a zip have one date: "-10" of a day came after its first, "-" < ".")."""
    found = _NAMED.search(path.name)
    return (when, found[1], int(found[2] or 1)) if found else (when, "", 0)


def copies(where: Path | None = None) -> list[tuple[Path, float]]:
    """The copies (``brisca-copia-*.json``) in ``where`` (:func:`folder`), newest first, then what
    was here before each restore (:func:`safety`), newest first, never ahead of a copy (always the
    newest file, it was offered first and its "yes" undid the restore): (path, when last written, as
    ``time.time()``); none where the folder cannot be read."""
    where = where if where is not None else folder()
    try:
        return listed([p for p in where.glob(PREFIX + "*.json") if p.is_file()])
    except OSError:
        return []


def listed(paths: list[Path]) -> list[tuple[Path, float]]:
    """``paths`` in the order :func:`copies` lists them, each with when it was last written (0 where
    that cannot be read: a file dropped on the window that has gone since)."""
    found = []
    for path in paths:
        try:
            found.append((path, path.stat().st_mtime))
        except OSError:
            found.append((path, 0.0))
    return sorted(found, key=lambda item: (not safety(item[0]), _order(*item)), reverse=True)


def read(path: Path | str) -> bytes:
    """A copy's bytes: a regular file (an OSError otherwise: the screen says the file could not be
    read), at most as many as MAX_CHARS characters take and one more (one more: too large). Read as
    text by ``game.ui.backup.decode``, as the browser's are."""
    path = Path(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        return handle.read(max(READ_LIMIT, MAX_CHARS * 4) + 1)
