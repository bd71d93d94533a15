"""Every module the browser-side code imports exists in the browser's Python.

pygbag 0.9.3's CPython ships a reduced standard library: ``main.data`` holds the pure-Python
modules listed in ``0.9.3/cpython312/main.data.files.txt`` (the CDN copy), on top of the modules
frozen into the interpreter (``os``, ``io``, ``abc``...) and the C modules built into it. A module
outside those is an ImportError in the browser only, after the game has started downloading.

Browser-side code: ``main.py`` and everything in ``game/`` except ``game/cli/`` and
``game/ui/desktop/`` (desktop-only commands and windows; nothing browser-side may import them at
module level, and where it imports them inside a function a ``sys.platform`` check keeps the
browser out). Imports are followed through the game's own modules ("directly or through what
it imports"); imports under ``if TYPE_CHECKING:`` are not run and are skipped; standard-library
modules are taken as the browser build ships them.

The list comes from the CDN copy when there is one (``PYGBAG_CDN_DIR`` names another copy), else
from the copy of that list carried in ``tests/data/`` (so the check runs in any clone).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from browser_stdlib import DESKTOP_ONLY, ROOT, available, cdn_copy
from browser_stdlib import browser_modules as _modules

CDN_DIR, WHY_NO_CDN = cdn_copy()


# ------------------------------------------------------------------------------ the import walk


def _module_file(name: str, root: Path) -> Path | None:
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(source: str, module: str, is_package: bool) -> list[tuple[str, int]]:
    """(dotted module name, line) for every import that runs, at any depth of the file.

    The line is negative for ``y`` of ``from x import y``, which may be a name rather than a module.
    """
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for stmt in node.orelse:  # the TYPE_CHECKING branch never runs
                visit(stmt)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.append((base, node.lineno))
            # "from x import y": y may be a submodule (followed when it is one of ours) or a name
            found.extend((f"{base}.{alias.name}", -node.lineno) for alias in node.names if alias.name != "*")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def missing_imports(entry_files: dict[str, Path], root: Path, shipped: set[str],
                    own: str = "game") -> list[str]:
    """Follow the imports from ``entry_files`` (module name -> file) through ``own``'s modules."""
    problems: list[str] = []
    seen: set[str] = set()
    todo = list(entry_files.items())
    while todo:
        module, path = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        for name, line in imports_of(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
            maybe_a_name, line = line < 0, abs(line)
            where = f"{path.relative_to(root).as_posix()}:{line}"
            if name == own or name.startswith(own + "."):
                if name.startswith(DESKTOP_ONLY):
                    continue  # desktop-only modules, imported behind a platform check
                target = _module_file(name, root)
                if target is not None:
                    todo.append((name, target))
                continue
            if maybe_a_name:
                continue  # its module is checked on its own
            if not available(name, shipped):
                problems.append(f"{where} imports {name} (via {module})")
    return sorted(set(problems))


def browser_entry_files(root: Path) -> dict[str, Path]:
    files = {"__main__": root / "main.py"}
    for path in sorted((root / "game").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        if not name.startswith(DESKTOP_ONLY):
            files[name] = path
    return files


# ------------------------------------------------------------------------------------ the tests

needs_copy = pytest.mark.skipif(CDN_DIR is None, reason=WHY_NO_CDN or "")


def test_browser_side_code_imports_only_what_the_browser_has():
    shipped = browser_modules()
    assert {"json", "asyncio", "random", "dataclasses", "typing"} <= shipped  # the list was read
    problems = missing_imports(browser_entry_files(ROOT), ROOT, shipped)
    assert not problems, "modules the browser's Python does not have:\n" + "\n".join(problems)


def test_the_check_finds_a_missing_module_directly_and_through_the_games_own_modules(tmp_path):
    """The check can fail: statistics (not shipped) and decimal (a stub), also one import away."""
    shipped = browser_modules()
    assert not available("statistics", shipped) and not available("decimal", shipped)
    game = tmp_path / "game"
    (game / "ui" / "desktop").mkdir(parents=True)
    for pkg in (game, game / "ui", game / "ui" / "desktop"):
        (pkg / "__init__.py").write_text("")
    (tmp_path / "main.py").write_text("import asyncio\nfrom game.ui import helper\n")
    (game / "ui" / "helper.py").write_text("from . import numbers_of\nimport json\n")
    (game / "ui" / "numbers_of.py").write_text("def mean(xs):\n    import statistics\n    return statistics.mean(xs)\n")
    (game / "money.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import decimal\n"
                                   "else:\n    from decimal import Decimal\n")
    (game / "ui" / "desktop" / "bench.py").write_text("import statistics\n")  # desktop-only: allowed
    problems = missing_imports(browser_entry_files(tmp_path), tmp_path, shipped)
    assert problems == ["game/money.py:5 imports decimal (via game.money)",
                        "game/ui/numbers_of.py:2 imports statistics (via game.ui.numbers_of)"], problems
    # only through main.py: the helper's statistics is reached through two of the game's modules
    only_main = missing_imports({"__main__": tmp_path / "main.py"}, tmp_path, shipped)
    assert only_main == ["game/ui/numbers_of.py:2 imports statistics (via game.ui.numbers_of)"]


def test_without_the_copy_the_reason_is_given(monkeypatch, tmp_path):
    monkeypatch.setenv("PYGBAG_CDN_DIR", str(tmp_path / "nowhere"))
    folder, why = cdn_copy()
    assert folder is None and "PYGBAG_CDN_DIR" in why and "pythons.js" in why


def browser_modules() -> set[str]:
    return _modules(CDN_DIR)


@needs_copy
def test_the_carried_list_is_the_cdn_copys():
    from browser_stdlib import CARRIED_LIST, files_list  # noqa: PLC0415

    assert CARRIED_LIST.read_bytes() == files_list(CDN_DIR).read_bytes()
