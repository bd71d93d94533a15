"""Palette and a tiny affine "pen" over pygame.draw, shared by all card art.

Why a pen: every emblem and figure is designed once in its own local
coordinates (a sword along its axis, a king in a 100 x 160 box) and drawn at
any position, size and angle by mapping points through one affine transform.
Only ``pygame.draw`` primitives are used, so the art works on pygame-ce 2.5.7
(the browser) and 2.5.8 alike, with no display and no image files.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

import pygame

Color = tuple[int, int, int]
Point = tuple[float, float]

# The classic Spanish palette: red, yellow-gold, blue, green, black line work.
INK: Color = (30, 24, 22)
FACE: Color = (253, 249, 238)
EDGE: Color = (150, 140, 125)
GOLD: Color = (240, 186, 44)
GOLD_DARK: Color = (196, 132, 22)
GOLD_LIGHT: Color = (252, 224, 122)
ORANGE: Color = (232, 118, 32)
RED: Color = (204, 40, 38)
RED_DARK: Color = (142, 22, 28)
PINK: Color = (240, 150, 140)
BLUE: Color = (44, 92, 178)
BLUE_DARK: Color = (26, 58, 128)
STEEL: Color = (150, 192, 236)
STEEL_LIGHT: Color = (214, 234, 250)
GREEN: Color = (48, 138, 62)
GREEN_DARK: Color = (24, 92, 42)
GREEN_LIGHT: Color = (128, 192, 96)
BROWN: Color = (128, 78, 40)
BROWN_LIGHT: Color = (196, 140, 84)
TAN: Color = (236, 200, 140)
SKIN: Color = (248, 212, 176)
SKIN_SHADE: Color = (226, 170, 134)
WHITE: Color = (255, 255, 255)
GREY: Color = (196, 196, 204)

#: Colour of the corner number per suit (dark enough to read on the cream face).
INDEX_COLORS: dict[str, Color] = {
    "O": (150, 92, 0),   # 5.2:1 on the face (4.9 to a deuteranope); (168, 104, 0) was 4.3
    "C": (190, 28, 30),
    "E": (30, 70, 160),
    "B": (22, 112, 44),
}


def lerp(a: Point, b: Point, t: float) -> Point:
    """The point a fraction ``t`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def ellipse_points(cx: float, cy: float, rx: float, ry: float, n: int = 28,
                   start: float = 0.0, end: float = math.tau) -> list[Point]:
    """Points on an ellipse arc (local coordinates), so it can be rotated by a pen."""
    if end - start >= math.tau - 1e-9:
        return [(cx + rx * math.cos(start + math.tau * i / n), cy + ry * math.sin(start + math.tau * i / n))
                for i in range(n)]
    return [(cx + rx * math.cos(start + (end - start) * i / (n - 1)),
             cy + ry * math.sin(start + (end - start) * i / (n - 1))) for i in range(n)]


def star_points(cx: float, cy: float, r_out: float, r_in: float, rays: int, phase: float = -math.pi / 2) -> list[Point]:
    """A star polygon with ``rays`` points: the rosettes of oros and the back."""
    pts = []
    for i in range(rays * 2):
        r = r_out if i % 2 == 0 else r_in
        a = phase + math.pi * i / rays
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 12) -> list[Point]:
    """A cubic Bezier curve as ``n`` points (drapery, manes, feathers)."""
    out = []
    for i in range(n):
        t = i / (n - 1)
        u = 1 - t
        out.append((u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
                    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1]))
    return out


class Pen:
    """Draws local-coordinate shapes onto a surface through an affine map.

    ``map(x, y) = origin + x * ux + y * uy``.  ``scale`` is the length of ``ux``
    (uniform scale is assumed so circles stay circles) and line widths given in
    local units are scaled by it too.  ``line`` is the default outline width in
    local units.
    """

    def __init__(self, surface: pygame.Surface, origin: Point = (0.0, 0.0), scale: float = 1.0,
                 angle: float = 0.0, line: float = 1.0) -> None:
        self.surface = surface
        self.ox, self.oy = origin
        self.scale = scale
        self.angle = angle
        c, s = math.cos(angle), math.sin(angle)
        self.ux = (c * scale, s * scale)
        self.uy = (-s * scale, c * scale)
        self.line = line

    # -- transforms -------------------------------------------------------
    def map(self, x: float, y: float) -> Point:
        return (self.ox + x * self.ux[0] + y * self.uy[0], self.oy + x * self.ux[1] + y * self.uy[1])

    def sub(self, x: float, y: float, scale: float = 1.0, angle: float = 0.0, line: float | None = None) -> "Pen":
        """A pen whose origin is local (x, y), scaled and rotated relative to this one."""
        ox, oy = self.map(x, y)
        return Pen(self.surface, (ox, oy), self.scale * scale, self.angle + angle,
                   self.line / scale if line is None else line)

    def along(self, a: Point, b: Point, line: float | None = None) -> "Pen":
        """A pen whose local x axis runs from ``a`` (x=0) to ``b`` (x=1) in this pen's coordinates.

        Used for swords and clubs: they are designed lying along their own axis.
        """
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        return self.sub(a[0], a[1], scale=length, angle=ang, line=(self.line / length) if line is None else line)

    def width(self, w: float | None) -> int:
        w = self.line if w is None else w
        return max(1, int(round(w * self.scale)))

    # -- primitives -------------------------------------------------------
    def poly(self, pts: Sequence[Point], fill: Color | None = None, outline: Color | None = INK,
             w: float | None = None) -> None:
        """Filled polygon with a round-jointed outline (no notches at sharp corners)."""
        mapped = [self.map(x, y) for x, y in pts]
        if len(mapped) < 3:
            return
        if fill is not None:
            pygame.draw.polygon(self.surface, fill, mapped)
        if outline is not None:
            self._stroke(mapped, outline, self.width(w), closed=True)

    def lines(self, pts: Sequence[Point], color: Color = INK, w: float | None = None, closed: bool = False) -> None:
        mapped = [self.map(x, y) for x, y in pts]
        if len(mapped) >= 2:
            self._stroke(mapped, color, self.width(w), closed=closed)

    def line_(self, a: Point, b: Point, color: Color = INK, w: float | None = None) -> None:
        self.lines([a, b], color, w)

    def circle(self, c: Point, r: float, fill: Color | None = None, outline: Color | None = INK,
               w: float | None = None) -> None:
        cx, cy = self.map(*c)
        rr = r * self.scale
        if fill is not None:
            pygame.draw.circle(self.surface, fill, (cx, cy), rr)
        if outline is not None:
            ww = self.width(w)
            if rr > ww:
                pygame.draw.circle(self.surface, outline, (cx, cy), rr + ww / 2, ww)
            else:
                pygame.draw.circle(self.surface, outline, (cx, cy), rr + ww / 2)

    def ellipse(self, c: Point, rx: float, ry: float, fill: Color | None = None, outline: Color | None = INK,
                w: float | None = None, n: int = 30) -> None:
        self.poly(ellipse_points(c[0], c[1], rx, ry, n), fill, outline, w)

    def dots(self, pts: Iterable[Point], r: float, color: Color) -> None:
        for c in pts:
            cx, cy = self.map(*c)
            pygame.draw.circle(self.surface, color, (cx, cy), max(0.5, r * self.scale))

    def _stroke(self, pts: list[Point], color: Color, width: int, closed: bool) -> None:
        pygame.draw.lines(self.surface, color, closed, pts, width)
        if width >= 3:
            # Round joins where the line turns sharply: pygame's thick polylines
            # leave notches there.  Smooth curves (ellipses, Beziers) need none.
            r = width / 2 - 0.25
            n = len(pts)
            for i in range(n) if closed else range(1, n - 1):
                ax, ay = pts[i - 1]
                bx, by = pts[i]
                cx, cy = pts[(i + 1) % n]
                ux, uy, vx, vy = bx - ax, by - ay, cx - bx, cy - by
                # cos(turn) < 0.9 (turn of more than ~25 degrees), tested without a square root.
                dot = ux * vx + uy * vy
                if dot * dot < 0.81 * (ux * ux + uy * uy) * (vx * vx + vy * vy) or dot < 0:
                    pygame.draw.circle(self.surface, color, pts[i], r)
            if not closed:
                pygame.draw.circle(self.surface, color, pts[0], r)
                pygame.draw.circle(self.surface, color, pts[-1], r)
