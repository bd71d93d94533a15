"""The logical surface scaled to the window, and the one function mapping input back.

Why: every scene draws to the layout's logical surface (``layout.compute``: 720 px on the short
side, the screen's aspect ratio, so it fills the window); the window may be any size (desktop) or
the page scales the canvas (browser). When the shapes differ (a window being dragged, beyond the
layout's 2.6:1 limit) the picture is centred with bands. Keeping the mapping in one place makes
hit-testing identical everywhere and testable without a window.
"""

from __future__ import annotations

import math

from dataclasses import dataclass

LOGICAL_SIZE = (1280, 720)  # the desktop default (layout.DESIGN)


@dataclass(frozen=True)
class Viewport:
    """Where the logical surface lands inside a window of ``window`` pixels (letterboxed)."""

    window: tuple[int, int]
    logical: tuple[int, int] = LOGICAL_SIZE

    @property
    def scale(self) -> float:
        ww, wh = self.window
        lw, lh = self.logical
        if ww <= 0 or wh <= 0:
            return 1.0
        return min(ww / lw, wh / lh)

    @property
    def rect(self) -> tuple[int, int, int, int]:
        """(x, y, width, height) of the scaled picture inside the window; the rest is letterbox."""
        s = self.scale
        lw, lh = self.logical
        w, h = round(lw * s), round(lh * s)
        return ((self.window[0] - w) // 2, (self.window[1] - h) // 2, w, h)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Window pixel -> logical pixel. Points in the letterbox map outside 0..size."""
        x, y, w, h = self.rect
        lw, lh = self.logical
        if w == 0 or h == 0:
            return (0, 0)
        # a point far off (or not a number: an odd event) is held a screen beyond the edge: int() of
        # NaN or infinity raised, and a huge int overflowed pygame's rectangles
        out = []
        for v, at, size, real in ((pos[0], x, lw, w), (pos[1], y, lh, h)):
            v = (v - at) * size / real if isinstance(v, (int, float)) and math.isfinite(v) else -size
            out.append(int(min(2 * size, max(-size, v))))
        return (out[0], out[1])

    def to_window(self, rect: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """Logical (x, y, width, height) -> window pixels (where an IME's window goes, by a name)."""
        x, y, w, h = self.rect
        s = w / self.logical[0] if self.logical[0] else 1.0
        return (x + round(rect[0] * s), y + round(rect[1] * s), round(rect[2] * s), round(rect[3] * s))

    def normalized_to_logical(self, nx: float, ny: float) -> tuple[int, int]:
        """Touch events carry 0..1 window coordinates; map them like a window pixel."""
        return self.to_logical((nx * self.window[0], ny * self.window[1]))

    def inside(self, logical_pos: tuple[int, int]) -> bool:
        return 0 <= logical_pos[0] < self.logical[0] and 0 <= logical_pos[1] < self.logical[1]
