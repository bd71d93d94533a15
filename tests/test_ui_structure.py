"""The interface's shape: scenes by name, no import circles, short files, one error boundary, layout as data."""

from __future__ import annotations

import ast
import pathlib

import pygame
import pytest

from game.storage import MemoryBackend, Storage
from game.ui import layout
from game.ui.app import App
from game.ui.persist import Store
from game.ui.scene import REGISTRY, Go, Scene, SceneManager, register

ROOT = pathlib.Path(__file__).resolve().parents[1]
GAME = ROOT / "game"


def module_name(path: pathlib.Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: pathlib.Path, known: set[str]) -> set[str]:
    """Modules of ``game`` that ``path`` imports (anywhere in it, type-checking imports included)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    # A module importing its own package (``from game.ui.scenes import play_view`` in a scene) is how
    # Python loads siblings, not a dependency on the package's other modules: not an edge.
    return {m for m in out if m in known and m != name and not name.startswith(m + ".") and m != "game"}


def graph() -> dict[str, set[str]]:
    files = [p for p in GAME.rglob("*.py")]
    known = {module_name(p) for p in files}
    return {module_name(p): imports_of(p, known) for p in files}


def test_no_import_circle_in_game():
    g = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    circles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                circles.append(sorted(comp))

    for v in g:
        if v not in index:
            visit(v)
    assert not circles, circles


def test_the_checker_sees_a_circle(tmp_path):
    a = ROOT / "game" / "ui" / "scenes" / "menu.py"
    known = {module_name(p) for p in GAME.rglob("*.py")}
    assert "game.ui.scenes.common" in imports_of(a, known)  # it reads imports, so a circle would show


def test_no_source_file_in_game_longer_than_600_lines():
    long = {str(p.relative_to(ROOT)): n for p in GAME.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert not long, long


def test_no_scene_module_imports_another_scene():
    scenes = {module_name(p) for p in (GAME / "ui" / "scenes").glob("*.py")}
    registered = {module_name(p) for p in (GAME / "ui" / "scenes").glob("*.py")
                  if p.name != "__init__.py" and "\n@register" in p.read_text(encoding="utf-8")}
    g = graph()
    for mod in registered:
        assert not (g[mod] & registered), (mod, g[mod] & registered)
    assert {"game.ui.scenes.menu", "game.ui.scenes.play", "game.ui.scenes.deal", "game.ui.scenes.scoring"} <= scenes


def test_every_scene_is_registered_by_its_name():
    for name in ("menu", "options", "rules", "settings", "stats", "deal", "play", "scoring"):
        assert REGISTRY[name].name == name


def test_manager_builds_the_named_scene_with_what_it_is_handed():
    log = []

    class Probe(Scene):
        name = "probe-structure"

        def __init__(self, app, value=None, **handed):
            super().__init__(app, **handed)
            log.append(value)

    register(Probe)
    try:
        m = SceneManager(app="the app")
        m.switch(Go("probe-structure", value=7))
        assert isinstance(m.scene, Probe) and m.scene.app == "the app" and log == [7]
        with pytest.raises(KeyError, match="no scene is called 'nowhere'"):
            m.switch(Go("nowhere"))
        with pytest.raises(ValueError):
            register(type("Other", (Scene,), {"name": "probe-structure"}))
    finally:
        REGISTRY.pop("probe-structure", None)


def make_app(**kw) -> App:
    app = App(Store(Storage(MemoryBackend())), window=False, **kw)
    app.go("menu")
    return app


def test_error_boundary_shows_the_failure_and_tells_listeners():
    app = make_app(catch_errors=True)
    heard = []
    app.on_failure.append(heard.append)

    def broken(surface):
        raise RuntimeError("planted")

    app.scene.draw = broken
    app.step(1 / 60)
    assert isinstance(app.failure, RuntimeError) and heard == [app.failure]
    before = pygame.image.tobytes(app.surface, "RGB")
    app.step(1 / 60)  # the error screen stays; nothing else runs
    assert pygame.image.tobytes(app.surface, "RGB") == before
    # the message is drawn: the screen is not one flat colour
    colours = {app.surface.get_at((x, y))[:3] for x in range(0, app.layout.w, 16) for y in range(0, app.layout.h, 16)}
    assert len(colours) > 2


def test_without_the_boundary_a_failure_is_raised():
    app = make_app()
    app.scene.draw = lambda surface: 1 / 0
    with pytest.raises(ZeroDivisionError):
        app.step(1 / 60)


def test_layout_names_every_place_and_the_app_takes_it_from_the_screen():
    lay = layout.compute((1280, 720))
    assert lay.size == (1280, 720) and lay.css_scale == pytest.approx(1.0)
    assert set(lay.hud.buttons) == {"last", "hint", "swap", "menu"}
    assert set(lay.table.hand_at) == {"bottom", "top", "left", "right"}
    for rect in lay.hud.buttons.values():
        assert lay.rect().contains(rect)
    app = make_app(size=(1920, 1080))
    assert app.layout.css_scale == pytest.approx(1.5)
    app.resize((640, 360))
    assert app.layout.css_scale == pytest.approx(0.5)


def test_every_setting_has_its_words_in_every_catalogue():
    """A setting is named in two places a player reads: its row on the settings screen (``set.<name>``)
    and the menu's notice when its saved value was damaged (``save.setting.<name>``). A setting added
    without the second showed the raw key ("la vibración y save.setting.show_clock"), and every other
    test stayed green (maint40's D1). Every name of ``persist.SETTING_CHECKS`` in every catalogue; every
    row of the settings screen is a setting whose label is in every catalogue; no word left for a
    setting gone."""
    from game.ui.i18n import Words, catalogue, languages
    from game.ui.persist import SETTING_CHECKS

    app = App(Store(Storage(MemoryBackend())), window=False, seed=1)
    app.go("settings")
    app.step(1 / 30)
    rows = app.scene.rows
    assert set(rows) <= set(SETTING_CHECKS), set(rows) - set(SETTING_CHECKS)
    for lang in languages():
        words = Words(lang)
        missing = [f"save.setting.{name}" for name in SETTING_CHECKS if not words.has(f"save.setting.{name}")]
        missing += [row.label for row in rows.values() if not words.has(row.label)]
        assert not missing, (lang, missing)
        stale = [key for key in catalogue(lang) if key.startswith("save.setting.")
                 and key.removeprefix("save.setting.") not in SETTING_CHECKS]
        assert not stale, (lang, stale)
