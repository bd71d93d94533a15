"""main.py run the way pygbag runs it, in a fresh interpreter (tests/test_browser_emulated.py).

What is emulated, from pygbag 0.9.3's own start-up code (``cpythonrc.py`` of the CDN copy):

* ``sys.platform == "emscripten"``; the standard library limited to what ``main.data`` holds
  (an import of anything else raises ModuleNotFoundError, as in the browser); ``random.seed(1)``;
  no threads and no ``time.sleep`` (both raise: in the browser they stall or fail);
* a ``platform`` module whose ``window.localStorage`` behaves like pygbag's bridge to the
  browser's (a missing key is None, values are stored as JavaScript strings, a full storage
  raises), and whose ``window.brisca`` is the page (records what the game tells it; answers the
  viewport and the page address's flags as JSON text);
* ``main.py`` compiled and run as ``__main__``; its ``asyncio.run`` only schedules the game (in
  the browser it returns at once) and a scheduler steps the event loop once per display frame
  (a 60 Hz display: every ``Clock.tick()`` says 16 ms);
* a reload: the game stops, every module of the game is forgotten, main.py runs again on the
  same localStorage.

A person sits at seat 0 and plays with the keyboard, through pygame's event queue: H for a
hint, then the card the hint names (1..3) or S for the cambio. Usage:
``python tests/browser_emulation.py JSON`` where JSON is a list of runs, e.g.
``[{"players": 2, "seed": 4, "leave_after": 3, "viewport": [390, 844]}, {"autoplay": true, "players": 4}]``
(viewport: the page's size in CSS px, default 1280x720);
prints one JSON report per run.
"""

from __future__ import annotations

import asyncio
import base64
import importlib.abc
import json
import os
import sys
import threading
import time
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE)]

import browser_stdlib  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
FRAME_MS = 16  # one frame of a 60 Hz display
MAX_FRAMES = 30000


class BrowserImports(importlib.abc.MetaPathFinder):
    """Only what the browser's Python has: the standard library of main.data, the game, pygame."""

    def __init__(self, shipped: set[str]):
        self.shipped = shipped
        self.refused: list[str] = []
        self.asking = False  # available() looks the module up itself: no second opinion then

    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if self.asking or top in ("game", "pygame", "browser_stdlib"):
            return None  # the normal finders go on
        self.asking = True
        try:
            ok = browser_stdlib.available(name, self.shipped)
        finally:
            self.asking = False
        if ok:
            return None
        self.refused.append(name)
        raise ModuleNotFoundError(f"No module named {name!r} in the browser's Python (pygbag 0.9.3)", name=name)


class JsError(Exception):
    """An exception thrown by JavaScript, as pygbag hands it to Python."""


def js_string(value) -> str:
    """What JavaScript's String(value) makes of a value Python passes through the bridge."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class StorageKeys:
    """Web Storage's listing of its keys (``length``, ``key(i)``) over a dict ``items``."""

    items: dict[str, str]

    def key(self, index):
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self):
        return len(self.items)


class LocalStorage(StorageKeys):
    """window.localStorage through pygbag's bridge: strings only, None for a missing key."""

    QUOTA = 5_000_000  # characters, as browsers allow per origin

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key):  # noqa: N802  (the browser's name)
        return self.items.get(js_string(key))

    def setItem(self, key, value):  # noqa: N802
        key, value = js_string(key), js_string(value)
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(value) > self.QUOTA:
            raise JsError("QuotaExceededError: Failed to execute 'setItem' on 'Storage'")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(js_string(key), None)


class Page:
    """window.brisca: what the game tells the page, and the page's answers (JSON text)."""

    def __init__(self, flags: dict, width: int, height: int) -> None:
        self.calls: list = []
        self.flag_text = json.dumps(flags)
        self.size = json.dumps({"width": width, "height": height, "dpr": 1, "serial": 1})
        self.navigator = ["es-ES", "es"]
        self.downloads: list = []
        self.file = ""   # what the player picks (JSON text as the page hands it over: the file's bytes in base64)
        self.polls = 0

    def ready(self):
        self.calls.append(["ready"])

    def failed(self, kind, text):
        self.calls.append(["failed", kind, text])

    def finished(self, code):
        self.calls.append(["finished", code])

    def viewport(self):
        return self.size

    def flags(self):
        return self.flag_text

    def languages(self):   # navigator.languages: a Spanish browser, unless a run says otherwise
        return json.dumps({"languages": self.navigator})

    def fullscreen(self):
        return False

    # a copy of the player's data: a download, and a file picker whose file is read later
    def build(self):
        return "0123456789abcdef"

    def saveBackup(self, name, text):  # noqa: N802  (the page's names)
        self.calls.append(["saveBackup", name])
        self.downloads.append([name, text])
        return "saved"

    def pickBackup(self, elsewhere="{}"):  # noqa: N802  (the other buttons: the page's, when armed)
        self.calls.append(["pickBackup"])
        self.polls = 0
        return "open"

    def takeBackup(self):  # noqa: N802  (the file is read a few frames after it was chosen)
        self.polls += 1
        if not self.file or self.polls < 8:
            return ""
        text, self.file = self.file, ""
        return text

    def vibrate(self, ms):
        return False


class FakeClock:
    def tick(self, *framerate):
        if framerate:
            raise AssertionError("Clock.tick(framerate) in the browser: the page paces the frames")
        return FRAME_MS

    def get_fps(self):
        return 1000 / FRAME_MS


def forbidden(what):
    def refuse(*args, **kwargs):
        raise RuntimeError(f"{what} in the browser")
    return refuse


class Browser:
    """One tab: a localStorage that outlives reloads, the page, the event loop pygbag steps."""

    def __init__(self, flags: dict, width: int = 1280, height: int = 720) -> None:
        self.storage = LocalStorage()
        self.page = Page(flags, width, height)
        self.loop = asyncio.new_event_loop()
        self.app = None
        self.task = None
        self.frames = 0

    def boot(self) -> None:
        """Open (or reload) the page: forget the game's modules, run main.py as __main__."""
        import pygame

        for name in [m for m in sys.modules if m == "game" or m.startswith("game.")]:
            del sys.modules[name]
        platform = types.ModuleType("platform")
        platform.window = types.SimpleNamespace(
            localStorage=self.storage, brisca=self.page,
            location=types.SimpleNamespace(host="example.org", href="https://example.org/brisca/"))
        sys.modules["platform"] = platform
        pygame.time.Clock = FakeClock

        import game.ui.launch as launch

        real_build = launch.build_app

        def build_app(opts):
            self.app = real_build(opts)
            return self.app

        launch.build_app = build_app
        source = (ROOT / "main.py").read_text(encoding="utf-8")
        module = types.ModuleType("__main__")
        module.__file__ = str(ROOT / "main.py")
        saved_main, saved_run = sys.modules["__main__"], asyncio.run

        def run(coro, **kwargs):  # pygbag: asyncio.run schedules main() and returns at once
            self.task = self.loop.create_task(coro)

        asyncio.run = run
        sys.modules["__main__"] = module
        try:
            exec(compile(source, "main.py", "exec"), module.__dict__)
        finally:
            sys.modules["__main__"], asyncio.run = saved_main, saved_run

    def frame(self) -> None:
        """One display frame: the event loop runs what is ready (the game draws one frame)."""
        self.loop.call_soon(self.loop.stop)
        self.loop.run_forever()
        self.frames += 1
        if self.frames > MAX_FRAMES:
            raise RuntimeError(f"no end after {MAX_FRAMES} frames; page calls: {self.page.calls[-5:]}")

    def close_tab(self) -> None:
        """The game stops (a reload is coming): its loop ends as if the tab went away."""
        self.app.running = False
        while not self.task.done():
            self.frame()
        self.task.result()


def key(code: int) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))


def play_as_a_person(run: dict) -> dict:
    """Seat 0 asks a hint every turn and plays it; ``leave_after`` moves, leaves, reloads, resumes."""
    import pygame

    browser = Browser({}, *run.get("viewport", (1280, 720)))
    browser.boot()
    report = {"run": run, "hints": 0, "moves_by_person": 0, "left_and_resumed": False}
    leave_after = run.get("leave_after")
    asked_at = None  # len(hand.moves) when the hint was asked
    while browser.app is None or browser.app.scene is None:
        browser.frame()
    from game.ui.options import Options  # the game's modules as this page loaded them
    from game.ui.scenes.common import start_game

    app = browser.app
    app.set_setting("speed", run.get("speed", "fast"))  # Ajustes: a player in a hurry (kept in localStorage)
    app.seed = run.get("seed")
    app.manager.switch(start_game(app, Options(players=run["players"], level=run.get("level", "normal"))))
    moves_before_leaving = None
    while True:
        browser.frame()
        app = browser.app
        scene = app.scene
        if scene.name in ("scoring", "match_end") and app.session.hand.over:
            break
        if scene.name == "menu" and moves_before_leaving is not None:
            # the person left: the match is saved; reload the page and continue it
            saved = browser.storage.getItem("brisca.match")
            assert saved is not None, "leaving saved nothing"
            browser.close_tab()
            browser.app = None
            browser.boot()
            while browser.app is None or browser.app.scene is None or browser.app.scene.name != "menu":
                browser.frame()
            key(pygame.K_c)  # Continuar / Continue
            while browser.app.scene.name != "play":
                browser.frame()
            resumed = [str(m) for m in browser.app.session.hand.moves]
            assert resumed == moves_before_leaving, (resumed, moves_before_leaving)
            report["left_and_resumed"] = True
            moves_before_leaving = None
            leave_after = None
            continue
        if scene.name != "play" or not scene.human_turn() or scene.table.animator.busy:
            continue
        hand = app.session.hand
        if leave_after is not None and report["moves_by_person"] >= leave_after:
            moves_before_leaving = [str(m) for m in hand.moves]
            key(pygame.K_ESCAPE)  # the menu button: the match is saved, the menu shows
            continue
        if asked_at != len(hand.moves):
            asked_at = len(hand.moves)
            key(pygame.K_h)
            report["hints"] += 1
            continue
        if scene.hinting is not None or scene.table.hint is None:
            continue  # still thinking it over
        hint = scene.table.hint
        from game.hand import SWAP

        if hint == hand.muestra and SWAP in hand.legal_moves():
            key(pygame.K_s)
        else:
            key(pygame.K_1 + scene.table.model.hands[0].index(hint))
        report["moves_by_person"] += 1
        asked_at = -1
    session = app.session
    report.update(players=session.rules.players, moves=len(session.hand.moves), canvas=list(app.screen.get_size()),
                  points=list(session.hand.side_points), frames=browser.frames,
                  page=browser.page.calls, failure=repr(app.failure) if app.failure else None,
                  stored=sorted(browser.storage.items))
    browser.close_tab()
    return report


def until(browser: Browser, name: str) -> None:
    while browser.app is None or browser.app.scene is None or browser.app.scene.name != name:
        browser.frame()


def backup_round_trip(run: dict) -> dict:
    """Ajustes → Copia de seguridad from the keyboard: a copy saved (the page downloads it), the site's
    data cleared and the page reloaded, the file picked (read by the page a few frames later, the game
    asking each frame) and brought back (S answers the careful question)."""
    import pygame

    browser = Browser({}, *run.get("viewport", (390, 844)))
    browser.boot()
    until(browser, "menu")
    app = browser.app
    app.store.save_stats({"matches": 3, "match_wins": 2, "hands": 7, "hand_wins": 4, "hand_losses": 3, "voids": 0,
                          "best": 80, "swaps": 1})
    app.settings["names"] = ["Ana"]
    app.store.save_settings(app.settings)
    before = app.store.load_stats()
    for code, scene in ((pygame.K_a, "settings"), (pygame.K_b, "backup")):
        key(code)
        until(browser, scene)
    key(pygame.K_g)   # Guardar copia
    while not browser.page.downloads:
        browser.frame()
    name, text = browser.page.downloads[0]
    browser.close_tab()
    browser.storage = LocalStorage()   # the site's data cleared
    browser.app = None
    browser.boot()
    until(browser, "menu")
    empty = browser.app.store.load_stats()
    for code, scene in ((pygame.K_a, "settings"), (pygame.K_b, "backup")):
        key(code)
        until(browser, scene)
    key(pygame.K_r)   # Recuperar copia: the picker
    browser.frame()
    picked_at = browser.frames
    browser.page.file = json.dumps({"name": name, "data": base64.b64encode(text.encode("utf-8")).decode("ascii")})
    until(browser, "confirm")
    waited = browser.frames - picked_at
    key(pygame.K_s)   # sí
    until(browser, "backup")
    app = browser.app
    report = {"run": run, "name": name, "before": before, "empty": empty, "after": app.store.load_stats(),
              "names": app.settings.get("names"), "said": app.scene.said, "waited_frames": waited,
              "downloads": [n for n, _t in browser.page.downloads], "page": browser.page.calls,
              "failure": repr(app.failure) if app.failure else None, "stored": sorted(browser.storage.items)}
    browser.close_tab()
    return report


def autoplay(run: dict) -> dict:
    """The page address asks for autoplay (?autoplay&players=N&seed=S): bots in every seat."""
    flags = {"autoplay": True, "players": str(run["players"]), "seed": str(run.get("seed", 1))}
    browser = Browser(flags)
    browser.boot()
    while browser.task is None or not browser.task.done():
        browser.frame()
    code = browser.task.result()
    app = browser.app
    return {"run": run, "code": code, "players": app.session.rules.players, "moves": len(app.session.hand.moves),
            "over": app.session.hand.over, "frames": browser.frames, "page": browser.page.calls,
            "failure": repr(app.failure) if app.failure else None, "stored": sorted(browser.storage.items)}


def main(runs: list[dict]) -> None:
    import random

    import pygame  # noqa: F401  (imported before the platform changes, as pygbag's is built in)

    cdn, why = browser_stdlib.cdn_copy()
    if cdn is None:
        print(json.dumps({"skip": why}))
        return
    finder = BrowserImports(browser_stdlib.browser_modules(cdn))
    sys.meta_path.insert(0, finder)
    random.seed(1)  # pygbag's start-up does this
    threading.Thread.start = forbidden("threading.Thread.start")
    time.sleep = forbidden("time.sleep")
    sys.platform = "emscripten"
    for run in runs:
        report = (autoplay(run) if run.get("autoplay") else backup_round_trip(run) if run.get("backup")
                  else play_as_a_person(run))
        report["refused_imports"] = sorted(set(finder.refused))
        print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))
