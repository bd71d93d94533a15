"""Scenes by name: the scene interface, the registry, and the manager that switches scenes.

Why (a state machine like pyroller's): one manager owns switching. A scene finishes by returning
``Go("name", **what_it_hands_over)``; the manager looks the name up in the registry and builds the
next scene. No scene module imports another, so scenes can be added, replaced or tested alone.
A scene owns no rules: it turns input into legal moves of the core and the core's events into
pictures.

A scene module registers its classes with ``@register``; ``game.ui.scenes`` imports every scene
module once, so importing that package fills the registry.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Optional

import pygame

#: How many scene names the manager remembers (for tests and a failure's report).
HISTORY = 64
#: name -> scene class; filled by ``@register`` when ``game.ui.scenes`` is imported.
REGISTRY: dict[str, type["Scene"]] = {}


def register(cls: type["Scene"]) -> type["Scene"]:
    """Class decorator: make ``cls`` reachable as ``Go(cls.name)``."""
    if cls.name in REGISTRY and REGISTRY[cls.name] is not cls:
        raise ValueError(f"two scenes are called {cls.name!r}")
    REGISTRY[cls.name] = cls
    return cls


@dataclass(frozen=True)
class Go:
    """What a scene returns to move on: the next scene's name and what it is handed."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)

    def __init__(self, name: str, **args: Any) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "args", args)


class Scene:
    """Base scene: override what you need. ``name`` is its key in the registry."""

    name = "scene"

    def __init__(self, app: Any, **_handed: Any) -> None:
        self.app = app
        self.time = 0.0    # seconds shown, as the pictures take them (capped after a stall)
        self.clock = 0.0   # seconds shown as they passed: what a person's taps are timed by

    def startup(self) -> None:
        """Called when the scene becomes current."""

    def cleanup(self) -> None:
        """Called when the scene stops being current."""

    def relayout(self) -> None:
        """Called when the screen's layout changed (resize, rotation): recompute rectangles."""

    def keeps_press(self, old: Any) -> bool:
        """After a new layout (``old``: the one before), may what a finger or the mouse holds stay held?
        By default not: the app forgets the fingers and sends a ``cancel`` (where a thumb rested lies
        elsewhere now). The table keeps a card held through a change that hardly moves it."""
        return False

    def handle_event(self, event: Any) -> Optional[Go]:
        return None

    def widgets(self) -> list:
        """The button rows and option lists that take taps now (the layout audit measures these);
        by default every ``ButtonBar`` and ``OptionList`` the scene holds."""
        from game.ui.option_list import OptionList  # noqa: PLC0415
        from game.ui.widgets import ButtonBar  # noqa: PLC0415

        return [v for v in vars(self).values() if isinstance(v, (ButtonBar, OptionList))]

    def taps(self) -> list:
        """Tap targets the scene draws itself, outside any widget, as (rect, what): none by default."""
        return []

    def update(self, dt: float) -> Optional[Go]:
        return None

    def screen_key(self) -> Any:
        """What the scene shows in place of itself, compared frame to frame: when it changes (a tip of
        the guided hand closing or opening), the screen under the finger changed, as it does when the
        scene does, and a burst of taps begun before goes no further (``SceneManager``). None: one screen."""
        return None

    def text_box(self) -> pygame.Rect | None:
        """Where a name is being typed now (logical px), or None: text input runs only meanwhile
        (a phone's keyboard or an IME opens by it; ``game.ui.inputmap.TextInput``)."""
        return None

    def dropped_aside(self, text: str, short: str) -> None:
        """A file was dropped on the window where none is taken (a question, a match: never acted on
        there): ``text`` (``short`` where a line is narrow) says where copies come back, in this
        scene's usual place. Here: nowhere."""

    def moving(self) -> bool:
        """Something on screen moves by itself now (cards in flight, a count, confetti): the frame
        loop draws every frame. Otherwise, with no input, it draws a few times a second
        (``game.ui.app.IDLE_EVERY``): what changes by itself slowly (a message timing out, the
        thinking dots) still shows, and a phone is not kept busy redrawing a still picture."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


#: A press this soon (seconds) after the last release, near where it was, is the next tap of the same
#: burst (a double tap, a shaking finger's three or four): once the screen changed under the burst, the
#: new screen drops it and its release. (It landed on whatever the next screen has there: "Borrar" on
#: the question "Borrar estadísticas" had just asked, a card of the hand a handoff had just shown,
#: "Revancha", a card of the hand the skipped deal had just laid out.)
DOUBLE_TAP = 0.3   # (Android's double-tap window, release to press; at 0.45 a fast player's taps were lost)


def second_tap(app: Any, last: tuple[float, tuple[int, int]] | None, now: float, pos: tuple[int, int]) -> bool:
    """Is a press at ``pos``, at time ``now``, the second half of a double tap whose first release was
    ``last`` (time, where; None: none): sooner than ``DOUBLE_TAP`` and within a fingertip of it?"""
    if last is None or now - last[0] >= DOUBLE_TAP:
        return False
    reach = max(48, getattr(getattr(app, "layout", None), "touch", 48))   # a fingertip's width
    return math.dist(pos, last[1]) <= reach


class SceneManager:
    """Holds the current scene and builds the next one when a scene returns ``Go``."""

    def __init__(self, app: Any = None) -> None:
        self.app = app
        self.scene: Scene | None = None
        self.history: deque[str] = deque(maxlen=HISTORY)   # the last scenes' names (an evening: 6,400)
        self._last_up: tuple[float, tuple[int, int]] | None = None   # when and where the last release was
        self._clock = 0.0   # seconds as they passed (not capped as the pictures' are: ``update``)
        self._changed = False   # the screen changed since the last press acted on: a burst's next press goes
        self._dropping = False   # a burst's press was dropped: its release goes too

    def build(self, go: Go) -> Scene:
        cls = REGISTRY.get(go.name)
        if cls is None:
            raise KeyError(f"no scene is called {go.name!r} (known: {', '.join(sorted(REGISTRY))})")
        return cls(self.app, **go.args)

    def switch(self, target: "Scene | Go | None") -> None:
        if target is None or target is self.scene:
            return
        scene = self.build(target) if isinstance(target, Go) else target
        if self.scene is not None:
            self.scene.cleanup()
        self.scene = scene
        self._changed = True
        self.history.append(scene.name)
        scene.startup()

    def handle_event(self, event: Any) -> None:
        if self.scene is None:
            return
        kind = getattr(event, "kind", None)   # a Pointer's (game.ui.inputmap)
        if kind is not None and self._double_tap(event):
            return
        self._run(self.scene.handle_event, event)

    def _run(self, call: Any, arg: Any) -> None:
        """``call(arg)`` on the scene, then switch where it says; a change of what it shows (a tip) is
        a change of screen too."""
        scene = self.scene
        shown = scene.screen_key()
        self.switch(call(arg))
        if self.scene is scene and scene.screen_key() != shown:
            self._changed = True

    def _double_tap(self, event: Any) -> bool:
        """Is ``event`` (a Pointer) part of a burst of taps begun before the screen changed (dropped)?
        Each press of a burst comes sooner than ``DOUBLE_TAP`` after the release before, near it: a
        shaking finger's third tap played the next person's card after a handoff, or skipped the match's
        end for a rematch, when only the second was dropped. The burst ends when the finger has been
        still for ``DOUBLE_TAP`` (or a press lands elsewhere): that press is a tap of its own."""
        if event.kind == "down":
            self._dropping = self._changed and second_tap(self.app, self._last_up, self._clock, event.pos)
            self._changed = self._dropping
        elif event.kind in ("up", "cancel"):
            if event.kind == "up":
                self._last_up = (self._clock, event.pos)
            if self._dropping:
                self._dropping = False
                return event.kind == "up"
        return self._dropping

    def update(self, dt: float, real: float | None = None) -> None:
        """One step of ``dt`` seconds for the scene (the app plays a frame in steps of 0.1 s at most,
        and a stall as one such step, so that pictures do not jump after it) and ``real`` as they
        passed (None: the same). A double tap is timed by the hand, not by the frames: on a phone
        drawing four frames a second the frames' times, capped then at 0.1 s, made
        ``DOUBLE_TAP`` last 0.75 s, and a deliberate tap on the new screen was dropped."""
        self.tick(dt if real is None else real)
        if self.scene is not None:
            self.scene.time += dt
            self._run(self.scene.update, dt)

    def tick(self, real: float) -> None:
        """The time that passed, for the taps' clocks. The app moves them before a frame's input
        (then updates with ``real=0``): a screen that came up by itself (the handoff, a tip) judged
        the next frame's tap by the time up to the frame before, so at four frames a second the
        handoff's 0.6 s lasted up to a second (an outside tester's frame timing)."""
        self._clock += real
        if self.scene is not None:
            self.scene.clock += real

    def draw(self, surface: pygame.Surface) -> None:
        if self.scene is not None:
            self.scene.draw(surface)

    def relayout(self) -> None:
        if self.scene is not None:
            self.scene.relayout()
