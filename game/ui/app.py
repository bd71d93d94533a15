"""The app: owns the clock, the window, input, shared resources and the scene manager.

Why (STYLE.md 9-13): one place turns raw events into logical input, advances the current scene by
frame time, draws it to one 1280x720 surface and scales that to the window. Everything here can
run under the dummy video driver and be stepped frame by frame with a fixed ``dt`` by tests.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, Iterable

import pygame

from game.ui.i18n import Words
from game.ui.inputmap import InputMapper, Key, Quit, Resize
from game.ui.persist import SPEEDS, Store
from game.ui.scene import Scene, SceneManager
from game.ui.sound import Sounds
from game.ui.sprites import SpriteCache, make_art
from game.ui.text import Typography
from game.ui.viewport import LOGICAL_SIZE, Viewport

BROWSER = sys.platform == "emscripten"
FRAME_DT_MAX = 0.1  # a long stall (tab in background) must not make tweens jump wildly


class App:
    """The game application. ``window=False`` builds it without touching the display (tests)."""

    def __init__(self, store: Store | None = None, *, window: bool = True, autoplay: bool = False,
                 seed: int | None = None, director: Any = None) -> None:
        pygame.init()
        self.browser = BROWSER
        self.store = store if store is not None else Store()
        self.settings = self.store.load_settings()
        self.stats = self.store.load_stats()
        self.words = Words(self.settings["lang"])
        self.typo = Typography()
        self.screen: pygame.Surface | None = None
        if window:
            self.screen = self._open_window()
        self.surface = pygame.Surface(LOGICAL_SIZE).convert() if self.screen is not None else pygame.Surface(LOGICAL_SIZE)
        self.viewport = Viewport(self.screen.get_size() if self.screen is not None else LOGICAL_SIZE)
        self.sprites = SpriteCache(make_art())
        self.sounds = Sounds(self.settings["sound"])
        self.input = InputMapper()
        self.manager = SceneManager()
        self.autoplay = autoplay
        self.seed = seed
        self.director = director
        self.running = True
        self.frames = 0
        self.session = None  # the Session of the match being played, if any
        self._scaled: pygame.Surface | None = None

    # --- window -----------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption("Brisca")
        if self.browser:
            return pygame.display.set_mode(LOGICAL_SIZE)  # the page scales the canvas
        from game.ui.desktop.window import open_window  # noqa: PLC0415  (desktop only)

        return open_window(LOGICAL_SIZE)

    def resize(self, size: tuple[int, int]) -> None:
        if self.screen is None or self.browser:
            return
        size = (max(320, size[0]), max(180, size[1]))
        self.screen = pygame.display.get_surface() or self.screen
        self.viewport = Viewport(self.screen.get_size())
        self._scaled = None

    # --- settings -------------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return SPEEDS.get(self.settings.get("speed", "normal"), 1.0)

    def set_setting(self, key: str, value: Any) -> None:
        self.settings[key] = value
        if key == "lang":
            self.words = Words(value)
        if key == "sound":
            self.sounds.enabled = bool(value)
        self.store.save_settings(self.settings)

    def t(self, key: str, **fmt: object) -> str:
        return self.words.t(key, **fmt)

    # --- frames ---------------------------------------------------------------------------------
    def start(self, scene: Scene) -> None:
        self.manager.switch(scene)

    @property
    def scene(self) -> Scene | None:
        return self.manager.scene

    def feed(self, raw_events: Iterable[pygame.event.Event]) -> None:
        for raw in raw_events:
            for event in self.input.map(raw, self.viewport):
                if isinstance(event, Quit):
                    self.running = False
                elif isinstance(event, Resize):
                    self.resize(event.size)
                else:
                    if isinstance(event, Key) and event.key == pygame.K_F11 and not self.browser and self.screen:
                        from game.ui.desktop.window import toggle_fullscreen  # noqa: PLC0415

                        toggle_fullscreen()
                        continue
                    self.manager.handle_event(event)

    def step(self, dt: float, raw_events: Iterable[pygame.event.Event] = ()) -> None:
        """One frame: input, update, draw to the logical surface (no window needed)."""
        self.feed(raw_events)
        dt = min(max(dt, 0.0), FRAME_DT_MAX)
        if self.director is not None:
            self.director.update(self, dt)
        self.manager.update(dt)
        self.manager.draw(self.surface)
        self.frames += 1

    def present(self) -> None:
        if self.screen is None:
            return
        if self.browser or self.screen.get_size() == LOGICAL_SIZE:
            self.screen.blit(self.surface, (0, 0))
        else:
            x, y, w, h = self.viewport.rect
            if self._scaled is None or self._scaled.get_size() != (w, h):
                self._scaled = pygame.Surface((max(1, w), max(1, h))).convert()
            pygame.transform.smoothscale(self.surface, (max(1, w), max(1, h)), self._scaled)
            self.screen.fill((8, 30, 18))
            self.screen.blit(self._scaled, (x, y))
        pygame.display.flip()

    async def run(self, max_frames: int | None = None, fixed_dt: float | None = None) -> int:
        """The async frame loop: yields to the browser every frame (``await asyncio.sleep(0)``)."""
        clock = pygame.time.Clock()
        while self.running:
            if fixed_dt is None:
                dt = clock.tick(60) / 1000.0
            else:
                dt = fixed_dt
            self.step(dt, pygame.event.get())
            self.present()
            if max_frames is not None and self.frames >= max_frames:
                self.running = False
            await asyncio.sleep(0)
        return 0

    def quit(self) -> None:
        """Leave the loop (desktop). In the browser a tab cannot be closed, so there is no quit."""
        self.running = False

