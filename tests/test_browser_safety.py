"""Static browser-safety checks (AST) over main.py and game/: what would freeze, break or be
lost in the browser build (pygbag: CPython 3.12 + pygame-ce 2.5.7 in WebAssembly, one thread,
an in-memory file system, a canvas the page scales).

game/cli/ is exempt: those commands run on the desktop only and are not reachable from main.py.
Each rule is also run on small samples below, so a check that cannot fail would show up.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAVE_LAYER = "game/storage.py"
BACKENDS = "game/backends.py"   # where the save layer keeps its text: files on the desktop
EXEMPT_DIRS = ("game/cli/", "game/ui/desktop/")  # game/ui/desktop/ is imported only off the browser

FORBIDDEN_MODULES = {
    "threading": "threads do not run in the browser build",
    "_thread": "threads do not run in the browser build",
    "multiprocessing": "no processes in the browser",
    "concurrent": "no thread or process pools in the browser",
    "subprocess": "no processes in the browser",
    "socket": "no sockets in the browser",
    "socketserver": "no sockets in the browser",
    "ssl": "no sockets in the browser",
    "http": "no HTTP client or server in the game",
    "urllib.request": "no blocking network calls in the game",
    "requests": "no blocking network calls in the game",
    "select": "no blocking I/O in the browser",
    "tempfile": "files are written only by the save layer",
    "shutil": "files are written only by the save layer",
}
FORBIDDEN_CALLS = {
    "time.sleep": "blocks the only thread: the page freezes (use frame time and await asyncio.sleep(0))",
    "os.system": "no processes in the browser",
    "os.popen": "no processes in the browser",
    "os.fork": "no processes in the browser",
    "pygame.font.SysFont": "SysFont finds nothing in the browser; use Font(None, size) or a shipped TTF",
    "pygame.sysfont.SysFont": "SysFont finds nothing in the browser",
    "pygame.font.match_font": "system fonts do not exist in the browser",
    "pygame.display.toggle_fullscreen": "the page, not the game, sizes the canvas",
}
# Writing, moving or deleting files: only the save layer may, and only on the desktop.
FILE_WRITE_CALLS = {
    "os.replace", "os.rename", "os.renames", "os.remove", "os.unlink", "os.mkdir", "os.makedirs",
    "os.rmdir", "os.removedirs", "os.truncate", "os.link", "os.symlink", "os.utime", "os.chmod",
    "pygame.image.save", "pygame.image.save_extended",
}
FILE_WRITE_METHODS = {"write_text", "write_bytes", "touch", "unlink", "mkdir", "rmdir", "rename",
                      "replace", "symlink_to", "hardlink_to"}
DISPLAY_FLAGS = {"FULLSCREEN", "RESIZABLE", "SCALED", "OPENGL", "NOFRAME", "DOUBLEBUF", "HWSURFACE"}
BAD_MEDIA = re.compile(r"\.(wav|mp3|flac|aiff?|midi?|xm|mod|m4a|aac|wma|opus|bmp)$", re.IGNORECASE)

# pygame-ce APIs newer than the browser's 2.5.7.
# 2.5.8: found by diffing dir() of every public module and class of the pygame-ce 2.5.7 and
# 2.5.8 wheels: the only addition is Window.handle.
# 2.6 (pygame-ce main, buildconfig/stubs/pygame/_render.pyi): GeometryMesh,
# Renderer.render_geometry, Renderer.coordinates_to_window / coordinates_from_window.
NEWER_PYGAME_CHAINS = {
    "pygame.Window.handle": "2.5.8", "pygame.window.Window.handle": "2.5.8",
    "pygame._sdl2.video.Window.handle": "2.5.8",
}
NEWER_PYGAME_NAMES = {"GeometryMesh": "2.6", "render_geometry": "2.6",
                      "coordinates_to_window": "2.6", "coordinates_from_window": "2.6",
                      "_sdl3_mixer": "2.6"}
WINDOW_ONLY_NAMES = {"handle": "2.5.8"}  # flagged on anything that looks like a Window


def source_files() -> list[Path]:
    files = [ROOT / "main.py"]
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if "__pycache__" in rel or rel.startswith(EXEMPT_DIRS):
            continue
        files.append(path)
    return files


def dotted(node: ast.AST) -> str | None:
    """'a.b.c' for a Name/Attribute chain, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


class Checker(ast.NodeVisitor):
    """Collects (line, message) for one module."""

    def __init__(self, rel: str, tree: ast.AST) -> None:
        self.rel = rel
        self.problems: list[tuple[int, str]] = []
        self.aliases: dict[str, str] = {}  # local name -> dotted module/object it stands for
        self.may_write = rel in (SAVE_LAYER, BACKENDS)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    self.aliases[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for a in node.names:
                    self.aliases[a.asname or a.name] = f"{node.module}.{a.name}"

    def add(self, node: ast.AST, message: str) -> None:
        self.problems.append((getattr(node, "lineno", 0), message))

    def resolve(self, node: ast.AST) -> str | None:
        name = dotted(node)
        if name is None:
            return None
        head, _, rest = name.partition(".")
        if head in self.aliases:
            full = self.aliases[head]
            return f"{full}.{rest}" if rest else full
        return name

    # imports ------------------------------------------------------------------------------
    def _module(self, node: ast.AST, module: str) -> None:
        for bad, why in FORBIDDEN_MODULES.items():
            if module == bad or module.startswith(bad + "."):
                if bad in ("tempfile", "shutil") and self.may_write:
                    continue
                self.add(node, f"import {module}: {why}")
        if module.split(".")[-1] in NEWER_PYGAME_NAMES and module.startswith("pygame"):
            self.add(node, f"import {module}: newer than pygame-ce 2.5.7")

    def visit_Import(self, node: ast.Import) -> None:
        for a in node.names:
            self._module(node, a.name)
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module and node.level == 0:
            self._module(node, node.module)
            for a in node.names:
                full = f"{node.module}.{a.name}"
                self._call_name(node, full, imported=True)
                if node.module == "time" and a.name == "sleep":
                    self.add(node, "from time import sleep: " + FORBIDDEN_CALLS["time.sleep"])
                if a.name in DISPLAY_FLAGS and node.module.startswith("pygame"):
                    self.add(node, f"display flag {a.name}: the browser ignores it; the page scales the canvas")
        self.generic_visit(node)

    # calls --------------------------------------------------------------------------------
    def _call_name(self, node: ast.AST, full: str, imported: bool = False) -> None:
        if full in FORBIDDEN_CALLS and not imported:
            self.add(node, f"{full}(): {FORBIDDEN_CALLS[full]}")
        if full in FILE_WRITE_CALLS and not self.may_write and not imported:
            self.add(node, f"{full}(): files are written only by the save layer ({SAVE_LAYER}, {BACKENDS})")
        if full.startswith(("os.exec", "os.spawn", "os.posix_spawn")):
            self.add(node, f"{full}: no processes in the browser")

    def visit_Call(self, node: ast.Call) -> None:
        full = self.resolve(node.func)
        if full:
            self._call_name(node, full)
            if full in ("input", "builtins.input"):
                self.add(node, "input(): blocks forever in the browser")
            if full in ("open", "builtins.open", "io.open") and not self.may_write:
                mode = node.args[1] if len(node.args) > 1 else next(
                    (k.value for k in node.keywords if k.arg == "mode"), None)
                if mode is not None:
                    if not isinstance(mode, ast.Constant) or not isinstance(mode.value, str):
                        self.add(node, "open() with a computed mode: cannot prove it only reads")
                    elif set(mode.value) & set("wax+"):
                        self.add(node, f"open(..., {mode.value!r}): files are written only by the save layer")
            if full.endswith("display.set_mode"):
                flags = node.args[1] if len(node.args) > 1 else next(
                    (k.value for k in node.keywords if k.arg == "flags"), None)
                if flags is not None and not (isinstance(flags, ast.Constant) and flags.value == 0):
                    self.add(node, "set_mode() with flags: the browser ignores them and the page scales the canvas")
        if isinstance(node.func, ast.Attribute) and not self.may_write:
            method = node.func.attr
            if method in FILE_WRITE_METHODS and method not in ("replace",):
                self.add(node, f".{method}(): files are written only by the save layer")
            if method == "open" and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str) and set(node.args[0].value) & set("wax+"):
                self.add(node, f".open({node.args[0].value!r}): files are written only by the save layer")
        self.generic_visit(node)

    # names and attributes -----------------------------------------------------------------
    def visit_Attribute(self, node: ast.Attribute) -> None:
        full = self.resolve(node)
        if node.attr in DISPLAY_FLAGS and full and full.startswith("pygame"):
            self.add(node, f"display flag {node.attr}: the browser ignores it; the page scales the canvas")
        if full in NEWER_PYGAME_CHAINS:
            self.add(node, f"{full}: new in pygame-ce {NEWER_PYGAME_CHAINS[full]}, the browser has 2.5.7")
        if node.attr in NEWER_PYGAME_NAMES:
            self.add(node, f".{node.attr}: new in pygame-ce {NEWER_PYGAME_NAMES[node.attr]}, the browser has 2.5.7")
        if node.attr in WINDOW_ONLY_NAMES:
            base = (dotted(node.value) or ast.unparse(node.value)).lower()
            if "window" in base:
                self.add(node, f"Window.{node.attr}: new in pygame-ce {WINDOW_ONLY_NAMES[node.attr]}, "
                               "the browser has 2.5.7")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and BAD_MEDIA.search(node.value.strip()):
            self.add(node, f"{node.value!r}: the browser plays OGG only (and shows PNG, not BMP)")
        self.generic_visit(node)


def check_source(rel: str, source: str) -> list[str]:
    """Every browser-safety problem in one module's source, as 'path:line: message'."""
    try:
        tree = ast.parse(source, filename=rel, feature_version=(3, 11))
    except SyntaxError as exc:
        return [f"{rel}:{exc.lineno}: syntax the browser's Python may not take (checked as 3.11): {exc.msg}"]
    checker = Checker(rel, tree)
    checker.visit(tree)
    return [f"{rel}:{line}: {msg}" for line, msg in sorted(set(checker.problems))]


def pygame_chains(tree: ast.AST, aliases: dict[str, str]) -> set[tuple[int, str]]:
    """Every pygame.x.y reference, resolved through import aliases."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and not isinstance(getattr(node, "parent", None), ast.Attribute):
            name = dotted(node)
            if not name:
                continue
            head, _, rest = name.partition(".")
            full = aliases.get(head, head) + ("." + rest if rest else "")
            if full.startswith("pygame."):
                out.add((node.lineno, full))
    return out


# ------------------------------------------------------------------------------- the sources


@pytest.mark.parametrize("path", source_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_source_is_browser_safe(path):
    rel = path.relative_to(ROOT).as_posix()
    problems = check_source(rel, path.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


def missing_pygame_names(rel: str, source: str) -> list[str]:
    """Every ``pygame.a.b`` in the source that the installed pygame-ce does not have."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import importlib

    import pygame

    tree = ast.parse(source)
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            child.parent = node  # type: ignore[attr-defined]
    aliases = Checker(rel, tree).aliases
    missing = []
    for line, full in sorted(pygame_chains(tree, aliases)):
        obj = pygame
        parts = full.split(".")[1:]
        for i, part in enumerate(parts):
            if hasattr(obj, part):
                obj = getattr(obj, part)
                continue
            try:  # a submodule "import pygame" does not load (pygame._sdl2.video, ...)
                obj = importlib.import_module("pygame." + ".".join(parts[: i + 1]))
            except ImportError:
                missing.append(f"{rel}:{line}: {full}: pygame has no {part!r}")
                break
    return missing


def test_pygame_names_exist_in_the_installed_pygame():
    """Every ``pygame.a.b`` the game names exists (locally 2.5.8 = 2.5.7 + the denylist above)."""
    missing = []
    for path in source_files():
        missing += missing_pygame_names(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
    assert not missing, "\n".join(missing)


def test_pygame_name_check_can_fail():
    sample = "import pygame as pg\nfrom pygame import display\npg.display.set_moed((1, 1))\ndisplay.flipp()\n"
    found = missing_pygame_names("x.py", sample)
    assert any("set_moed" in m for m in found) and any("flipp" in m for m in found), found
    assert missing_pygame_names("x.py", "import pygame\npygame.display.flip()\npygame.Rect(0, 0, 1, 1)\n") == []


def test_main_py_shape():
    """What the browser loader needs from main.py."""
    source = (ROOT / "main.py").read_text(encoding="utf-8")
    assert "asyncio.run(" in source, "the pygbag loader looks for the text asyncio.run( in main.py"
    tree = ast.parse(source)
    mains = [n for n in tree.body if isinstance(n, ast.AsyncFunctionDef) and n.name == "main"]
    assert len(mains) == 1, "main.py needs one async def main()"
    guard = tree.body[-1]
    assert isinstance(guard, ast.If) and "__main__" in ast.unparse(guard.test), \
        "main.py should end with the if __name__ == '__main__' block"
    last = guard.body[-1]
    assert isinstance(last, ast.Expr) and ast.unparse(last.value).startswith("asyncio.run("), \
        "asyncio.run(...) must be the last statement: code after it runs before the game in the browser"
    assert any(isinstance(n, ast.Import) and any(a.name == "pygame" for a in n.names) for n in tree.body), \
        "import pygame at the top of main.py (the loader reads it)"


def test_assets_are_browser_formats_with_exact_case():
    assets = ROOT / "assets"
    files = [p for p in assets.rglob("*") if p.is_file()] if assets.exists() else []
    bad = [p.relative_to(ROOT).as_posix() for p in files if BAD_MEDIA.search(p.name)]
    assert not bad, f"the browser plays OGG only and shows PNG: {bad}"
    real = {p.relative_to(ROOT).as_posix() for p in files}
    wrong_case = []
    for path in source_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.startswith("assets/") and "{" not in node.value:
                if node.value not in real and not (ROOT / node.value).is_dir():
                    wrong_case.append(f"{path.relative_to(ROOT)}: {node.value!r}")
    assert not wrong_case, f"asset names must match files exactly (paths are case-sensitive): {wrong_case}"


# ------------------------------------------------------------------- the rules can fail

BAD_SAMPLES = {
    "import threading": "threads",
    "from threading import Thread": "threads",
    "import concurrent.futures": "thread or process pools",
    "import subprocess": "no processes",
    "import os\nos.system('ls')": "no processes",
    "import socket": "no sockets",
    "import urllib.request": "network",
    "import time\ntime.sleep(1)": "blocks the only thread",
    "from time import sleep": "blocks the only thread",
    "import time as t\nt.sleep(0.1)": "blocks the only thread",
    "name = input('?')": "input()",
    "import pygame\npygame.display.set_mode((1280, 720), pygame.RESIZABLE)": "flags",
    "import pygame\npygame.display.set_mode((1, 1), flags=pygame.FULLSCREEN)": "display flag FULLSCREEN",
    "import pygame\nflags = pygame.SCALED | pygame.NOFRAME": "display flag SCALED",
    "from pygame.locals import OPENGL": "display flag OPENGL",
    "import pygame\npygame.mixer.Sound('assets/hit.wav')": "OGG only",
    "music = 'assets/theme.MP3'": "OGG only",
    "open('x.json', 'w')": "save layer",
    "open('x.json', mode='a')": "save layer",
    "open('x.json', m)": "computed mode",
    "import os\nos.replace('a', 'b')": "save layer",
    "import os\nos.makedirs('shots')": "save layer",
    "from pathlib import Path\nPath('x').write_text('y')": "save layer",
    "import pygame\npygame.image.save(surface, 'shot.png')": "save layer",
    "import shutil": "save layer",
    "import pygame\nf = pygame.font.SysFont('arial', 20)": "SysFont",
    "import pygame\nh = pygame.Window().handle": "2.5.8",
    "import pygame\nh = pygame.window.Window.handle": "2.5.8",
    "import pygame\nh = self.window.handle": "2.5.8",
    "from pygame._sdl2 import video\nm = video.GeometryMesh([])": "2.6",
    "renderer.render_geometry(mesh)": "2.6",
    "match x:\n    case [a, *rest]: pass\ntype Alias = int": "syntax",
    "def f[T](x: T) -> T: return x": "syntax",
}


@pytest.mark.parametrize("source", sorted(BAD_SAMPLES), ids=lambda s: s.replace("\n", "; ")[:60])
def test_each_rule_catches_its_sample(source):
    problems = check_source("game/ui/sample.py", source)
    assert any(BAD_SAMPLES[source] in p for p in problems), problems


GOOD_SAMPLE = '''
import asyncio, json
import pygame
from pygame.locals import QUIT

async def loop(screen, clock):
    font = pygame.font.Font(None, 32)
    sound = pygame.mixer.Sound("assets/deal.ogg")
    with open("assets/rules.json", encoding="utf-8") as f:
        data = json.load(f)
    with open("assets/card.png", "rb") as f:
        raw = f.read()
    screen = pygame.display.set_mode((1280, 720))
    text = "x".replace("a", "b")
    handle = obj.handle  # not a window
    await asyncio.sleep(0)
'''


def test_clean_sample_passes():
    assert check_source("game/ui/sample.py", GOOD_SAMPLE) == []


def test_save_layer_may_write_and_cli_is_exempt():
    write = "import os, tempfile\nopen('x', 'w')\nos.replace('a', 'b')\n"
    assert check_source(SAVE_LAYER, write) == [] and check_source(BACKENDS, write) == []
    assert check_source("game/ui/x.py", write) != []
    assert not any(p.relative_to(ROOT).as_posix().startswith("game/cli/") for p in source_files())
    assert ROOT / "main.py" in source_files() and ROOT / SAVE_LAYER in source_files()
