"""The browser's standard library as pygbag 0.9.3 ships it, for the tests (no pytest here: the
emulated browser run imports this in a fresh interpreter whose imports it then limits).

``main.data`` holds the pure-Python modules listed in ``0.9.3/cpython312/main.data.files.txt`` of
the CDN copy; besides those, CPython 3.12 has modules frozen into it and C modules built in.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cdn_copy() -> tuple[Path | None, str]:
    """The offline copy of pygbag's CDN (folder = ``/cdn/``) and, when there is none, why.

    ``PYGBAG_CDN_DIR`` names it; otherwise ``../shared/pygbag-cdn`` beside the repository
    (this project's machines and its CI have it there; a user's clone does not).
    """
    named = os.environ.get("PYGBAG_CDN_DIR")
    folder = Path(named) if named else ROOT.parent / "shared" / "pygbag-cdn"
    if not (folder / "0.9.3" / "pythons.js").is_file():
        source = "PYGBAG_CDN_DIR" if named else "../shared/pygbag-cdn (set PYGBAG_CDN_DIR to another copy)"
        return None, f"no copy of pygbag's CDN with 0.9.3/pythons.js at {folder} ({source})"
    return folder, ""


DESKTOP_ONLY = ("game.cli", "game.ui.desktop")
STDLIB = "/usr/lib/python3.12/"
SITE = "/data/data/org.python/assets/site-packages/"
# Frozen into CPython 3.12 (Python/frozen.c): importable without a file in main.data.
FROZEN = {"_collections_abc", "_sitebuiltins", "abc", "codecs", "genericpath", "importlib.machinery",
          "importlib.util", "io", "ntpath", "os", "os.path", "posixpath", "runpy", "site", "stat", "zipimport"}
# C modules the Emscripten build of CPython does not have, or has as a stub that cannot be used
# (``decimal`` is a stub in pygbag 0.9.3; ``statistics`` imports it and is not shipped at all).
NOT_IN_BROWSER = {"decimal", "_decimal", "_tkinter", "tkinter", "readline", "_curses", "_ssl", "_multiprocessing",
                  "_posixsubprocess", "termios", "fcntl", "grp", "resource", "mmap", "_dbm", "_gdbm", "dbm",
                  "syslog", "_lsprof", "cProfile", "_ctypes_test", "_testcapi"}
# What the page installs beside the standard library (pygame-ce from the CDN's wheel).
INSTALLED = {"pygame"}


#: The same list, carried in the repository (pygbag's MIT licence), so that the import check runs in
#: any clone; the CDN copy, where present, is preferred and a test checks the two agree.
CARRIED_LIST = ROOT / "tests" / "data" / "pygbag-0.9.3-main.data.files.txt"


def files_list(cdn: Path | None) -> Path:
    """main.data's file list: the CDN copy's if there is one, else the one carried here."""
    return cdn / "0.9.3" / "cpython312" / "main.data.files.txt" if cdn is not None else CARRIED_LIST


def browser_modules(cdn: Path | None) -> set[str]:
    """Dotted names of every module main.data holds (packages and plain modules)."""
    names: set[str] = set()
    for line in files_list(cdn).read_text().splitlines():
        for prefix in (STDLIB, SITE):
            if line.startswith(prefix) and line.endswith(".py"):
                parts = line[len(prefix):-3].split("/")
                if parts[-1] == "__init__":
                    parts.pop()
                if parts:
                    names.add(".".join(parts))
    return names


def compiled_in(name: str) -> bool:
    """A C module of the standard library (built in, or an extension here that Emscripten links in)."""
    top = name.split(".")[0]
    if top in sys.builtin_module_names:
        return True
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return False
    origin = (spec.origin or "") if spec else ""
    return origin.endswith((".so", ".pyd")) and "site-packages" not in origin


def available(name: str, shipped: set[str]) -> bool:
    top = name.split(".")[0]
    if name in NOT_IN_BROWSER or top in NOT_IN_BROWSER:
        return False
    if top in INSTALLED or name in FROZEN or top in FROZEN - {"importlib.util", "importlib.machinery"}:
        return True
    if name in shipped:
        return True
    if top in shipped and not any(s.startswith(top + ".") for s in shipped):
        return True  # a plain module: "x.y" here is an attribute, not a submodule
    return compiled_in(name) and "." not in name
