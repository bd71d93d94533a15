"""Animations as data: tweens with easing, advanced by frame time (seconds).

Why: the core changes at once; card views catch up through these tweens. A tween never blocks
anything -- the scene may finish (snap) every pending tween at any moment, so input is accepted as
soon as a move is legal again. An animation speed of 0 means *instant*: every tween completes on
its first update.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any, Callable, Iterable


def linear(t: float) -> float:
    return t


def out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": linear,
    "out_quad": out_quad,
    "in_out_quad": in_out_quad,
    "out_cubic": out_cubic,
    "in_out_sine": in_out_sine,
    "out_back": out_back,
}


class Tween:
    """Moves numeric attributes of ``target`` to end values over ``duration`` seconds.

    Start values are read when the tween starts (after ``delay``), so chained tweens compose.
    """

    def __init__(self, target: Any, duration: float, easing: str = "out_quad", delay: float = 0.0,
                 on_done: Callable[[], None] | None = None, **end: float) -> None:
        if easing not in EASINGS:
            raise ValueError(f"unknown easing {easing!r}; known: {', '.join(EASINGS)}")
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay must be >= 0")
        self.target = target
        self.duration = float(duration)
        self.delay = float(delay)
        self.ease = EASINGS[easing]
        self.end = end
        self.start: dict[str, float] | None = None
        self.elapsed = 0.0
        self.on_done = on_done
        self.done = False

    def _begin(self) -> None:
        self.start = {name: float(getattr(self.target, name)) for name in self.end}

    def update(self, dt: float) -> float:
        """Advance by ``dt``; return the time left over once finished (for chaining), else 0."""
        if self.done:
            return dt
        if self.delay > 0:
            used = min(self.delay, dt)
            self.delay -= used
            dt -= used
            if self.delay > 0:
                return 0.0
        if self.start is None:
            self._begin()
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.finish()
            return self.elapsed - self.duration
        t = self.ease(self.elapsed / self.duration)
        assert self.start is not None
        for name, end in self.end.items():
            a = self.start[name]
            setattr(self.target, name, a + (end - a) * t)
        return 0.0

    def finish(self) -> None:
        """Jump to the end values at once (used by *instant* speed and by skipping)."""
        if self.done:
            return
        for name, end in self.end.items():
            setattr(self.target, name, end)
        self.done = True
        if self.on_done is not None:
            self.on_done()


class Wait:
    """A pause inside a step (e.g. to let the player see the winning card)."""

    def __init__(self, duration: float) -> None:
        self.duration = float(duration)
        self.elapsed = 0.0
        self.done = False

    def update(self, dt: float) -> float:
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.done = True
            return self.elapsed - self.duration
        return 0.0

    def finish(self) -> None:
        self.done = True


class Call:
    """A function run when its step starts (a sound, a change of the view).

    If the function returns a list of items (tweens made from the view as it is *then*), they
    join the same step: that is how a step lays cards out after the earlier steps have run.
    """

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn
        self.done = False

    def run(self) -> list:
        if self.done:
            return []
        self.done = True
        more = self.fn()
        return list(more) if more else []

    def update(self, dt: float) -> float:
        self.run()
        return dt

    def finish(self) -> None:
        self.run()


Item = "Tween | Wait | Call"


class Animator:
    """Runs steps one after another; the items of one step run together.

    ``speed`` multiplies time (1 normal, 2 fast); ``speed == 0`` is instant. ``finish_all`` snaps
    everything to its end so that a new move can be shown at once: nothing waits on an animation.
    """

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.steps: deque[list[Any]] = deque()
        self.current: list[Any] = []

    @property
    def busy(self) -> bool:
        return bool(self.current) or bool(self.steps)

    def moving(self) -> list[Any]:
        """The targets of the tweens under way (started, not yet done)."""
        return [t.target for t in self.current if isinstance(t, Tween) and t.start is not None and not t.done]

    def step(self, *items: Any) -> None:
        """Queue a new step made of ``items`` (run together after every earlier step)."""
        self.steps.append(list(items))

    def add(self, *items: Any) -> None:
        """Add items to the last queued step (or start one)."""
        if self.steps:
            self.steps[-1].extend(items)
        else:
            self.steps.append(list(items))

    def _start_step(self) -> None:
        items: list[Any] = []
        for item in self.steps.popleft():
            if isinstance(item, Call):
                items.extend(item.run())
            else:
                items.append(item)
        self.current = items

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.finish_all()
            return
        dt *= self.speed
        guard = 0
        while True:
            guard += 1
            if not self.current:
                if not self.steps:
                    return
                self._start_step()
                if not self.current:
                    continue
            left = dt
            for item in self.current:
                left = min(left, item.update(dt)) if not item.done else left
            self.current = [item for item in self.current if not item.done]
            if self.current or left <= 0 or guard > 1000:
                return
            dt = left

    def finish_all(self) -> None:
        while self.current or self.steps:
            if not self.current:
                self._start_step()
            for item in self.current:
                item.finish()
            self.current = []

    def clear(self) -> None:
        self.steps.clear()
        self.current = []


def run_all(items: Iterable[Any]) -> None:
    for item in items:
        item.finish()
