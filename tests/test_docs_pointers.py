"""The maintainers' docs point at code that is there.

Why: docs/architecture.md's "Adding a language" sent a translator to ``seats_screen.LETTERS``, which
had moved to ``name_keys.LETTERS`` (maint40's D3), and nothing noticed. Every ``module.name`` and
``Class.name`` the maintainers' guides write in backquotes must name a module of ``game`` and a name
defined in it (at its top, or in one of its classes), a class of ``game`` and one of its attributes, or
a catalogue key. Read with ``ast`` and the catalogues: no module of the game is imported.
"""

from __future__ import annotations

import ast
import functools
import re
from collections import defaultdict
from pathlib import Path

import pytest

from game.ui.i18n import catalogue

ROOT = Path(__file__).resolve().parents[1]
GUIDES = ["docs/architecture.md", "docs/core.md", "docs/wasm.md", "docs/maintaining.md", "docs/ai.md", "docs/web.md"]
FILE_ENDINGS = {"py", "md", "html", "json", "js", "txt", "yml", "toml", "ini", "sh", "png", "zip"}
POINTER = re.compile(r"`([A-Za-z_]\w*)\.([A-Za-z_]\w*)(?:\(\))?`")


def _names(tree: ast.AST) -> tuple[set[str], dict[str, set[str]]]:
    """A module's top-level names, and each class's attributes (its body's and ``self.x = ...``)."""
    top: set[str] = set()
    classes: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            top.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                top.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            top.update((a.asname or a.name).split(".")[0] for a in node.names)
        if isinstance(node, ast.ClassDef):
            attrs = classes.setdefault(node.name, set())
            for sub in ast.walk(node):
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    attrs.add(sub.name)
                elif isinstance(sub, ast.AnnAssign) and isinstance(sub.target, ast.Name):
                    attrs.add(sub.target.id)
                elif isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store):
                    attrs.add(sub.attr)
                elif isinstance(sub, ast.Assign):
                    attrs.update(t.id for t in sub.targets if isinstance(t, ast.Name))
    return top, classes


@functools.cache
def _index() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Each module's short name (``seats_screen``) -> every name in it; each class -> its attributes."""
    modules: dict[str, set[str]] = defaultdict(set)
    classes: dict[str, set[str]] = defaultdict(set)
    for path in (ROOT / "game").rglob("*.py"):
        top, its_classes = _names(ast.parse(path.read_text(encoding="utf-8")))
        stem = path.parent.name if path.name == "__init__.py" else path.stem
        modules[stem] |= top | set().union(*its_classes.values())
        for name, attrs in its_classes.items():
            classes[name] |= attrs
    return modules, classes


def broken(text: str, modules: dict[str, set[str]], classes: dict[str, set[str]], keys: set[str]) -> list[str]:
    """The pointers of ``text`` that name nothing there is."""
    out = []
    for owner, name in POINTER.findall(text):
        if name in FILE_ENDINGS or owner == "game" or f"{owner}.{name}" in keys or any(k.startswith(f"{owner}.{name}.") for k in keys):
            continue
        if owner in classes:
            ok = name in classes[owner]
        elif owner in modules:
            ok = name in modules[owner] or name in modules   # (a package's module: ``layout.forms``)
        else:
            continue   # not the game's (random.Random, a file name, self.rows)
        if not ok:
            out.append(f"{owner}.{name}")
    return out


@pytest.mark.parametrize("guide", GUIDES)
def test_every_pointer_of_the_maintainers_guides_names_code_that_is_there(guide):
    path = ROOT / guide
    if not path.exists():
        pytest.skip(f"{guide} not written yet")
    modules, classes = _index()
    keys = set(catalogue("es"))
    assert broken(path.read_text(encoding="utf-8"), modules, classes, keys) == []


def test_the_check_sees_a_pointer_gone_stale():
    modules, classes = _index()
    keys = set(catalogue("es"))
    text = "`seats_screen.LETTERS` `name_keys.LETTERS` `App.nosuch` `App._apply_setting` `play.swap` `random.Random`"
    assert broken(text, modules, classes, keys) == ["seats_screen.LETTERS", "App.nosuch"]
