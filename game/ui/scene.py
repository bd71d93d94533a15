"""The scene interface and the manager that switches scenes.

Why (pyroller's state machine): one manager owns switching; a scene says which scene comes next by
returning it from ``handle_event`` or ``update``, and never switches by itself. A scene owns no
rules: it turns input into legal moves of the core and the core's events into pictures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import pygame

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.inputmap import InputEvent


class Scene:
    """Base scene: override what you need. ``name`` is used for screenshots and tests."""

    name = "scene"

    def __init__(self, app: "App") -> None:
        self.app = app
        self.time = 0.0

    def startup(self) -> None:
        """Called when the scene becomes current."""

    def cleanup(self) -> None:
        """Called when the scene stops being current."""

    def handle_event(self, event: "InputEvent") -> Optional["Scene"]:
        return None

    def update(self, dt: float) -> Optional["Scene"]:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


class SceneManager:
    """Holds the current scene and switches when a scene returns another one."""

    def __init__(self) -> None:
        self.scene: Scene | None = None
        self.history: list[str] = []
        self.on_switch = None  # optional callback(scene) for screenshots/autoplay

    def switch(self, scene: Scene | None) -> None:
        if scene is None or scene is self.scene:
            return
        if self.scene is not None:
            self.scene.cleanup()
        self.scene = scene
        self.history.append(scene.name)
        scene.startup()
        if self.on_switch is not None:
            self.on_switch(scene)

    def handle_event(self, event: "InputEvent") -> None:
        if self.scene is not None:
            self.switch(self.scene.handle_event(event))

    def update(self, dt: float) -> None:
        if self.scene is not None:
            self.scene.time += dt
            self.switch(self.scene.update(dt))

    def draw(self, surface: pygame.Surface) -> None:
        if self.scene is not None:
            self.scene.draw(surface)
