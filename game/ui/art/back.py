"""The card back: a blue field with a gold lattice and a central rosette.

It must read as "a card back" from across the table and look the same either
way up (a face-down card gives nothing away by its orientation).  The design
is symmetric about both axes; after downscaling, the bottom half is made an
exact 180-degree copy of the top half so rounding cannot break the symmetry.
"""

from __future__ import annotations

import math

import pygame

from .cards import CARD_MM, blank_card, supersample
from .pen import FACE, GOLD, GOLD_DARK, GOLD_LIGHT, INK, RED, RED_DARK, Pen, ellipse_points, star_points

FIELD = (30, 62, 146)
FIELD_LIGHT = (76, 116, 200)


def render_back(width: int, height: int) -> pygame.Surface:
    """Draw the back at ``width`` x ``height`` pixels (supersampled, then smoothscaled)."""
    u = min(width / CARD_MM[0], height / CARD_MM[1])
    s = supersample(height)
    surf = blank_card(width, height, s, 3.6 * u, FACE)
    W, H = width * s, height * s
    k = u * s  # pixels per millimetre at the drawing scale
    inset = max(2, int(round(3.0 * u))) * s
    field = pygame.Rect(inset, inset, W - 2 * inset, H - 2 * inset)
    pygame.draw.rect(surf, FIELD, field)
    pen = Pen(surf, (W / 2, H / 2), k, line=max(0.5, min(1.0, 0.6 * u)) * s / k)
    # Lattice of diamonds centred on the card, clipped to the field.
    surf.set_clip(field)
    step = 5.2
    half_w, half_h = W / 2 / k, H / 2 / k
    slope = 1.5
    n = int((half_w + half_h / slope) / step) + 2
    for i in range(-n, n + 1):
        x0 = i * step
        for sign in (1, -1):
            a = (x0 - sign * half_h / slope, -half_h)
            b = (x0 + sign * half_h / slope, half_h)
            pen.line_(a, b, FIELD_LIGHT, w=0.55)
    # Gold dots where the lattice crosses.
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x = (i + j) * step / 2
            y = (i - j) * step / 2 * slope
            if abs(x) < half_w and abs(y) < half_h:
                pen.circle((x, y), 0.55, GOLD, None)
    surf.set_clip(None)
    # Double frame around the field.
    fw = max(1, int(round(0.5 * k)))
    pygame.draw.rect(surf, GOLD, field, fw)
    pygame.draw.rect(surf, GOLD_DARK, field.inflate(-3 * fw, -3 * fw), max(1, fw // 2))
    # Corner fans (four, so the back is symmetric both ways).
    fx, fy = field.w / 2 / k - 0.9, field.h / 2 / k - 0.9
    for sx in (-1, 1):
        for sy in (-1, 1):
            base = math.atan2(-sy, -sx)
            pts = [(sx * fx, sy * fy)] + [(sx * fx + 7 * math.cos(base + t), sy * fy + 7 * math.sin(base + t))
                                          for t in [(-0.78 + 1.56 * i / 10) for i in range(11)]]
            pen.poly(pts, GOLD, INK)
            pen.poly([(sx * fx, sy * fy)] + [(sx * fx + 4 * math.cos(base + t), sy * fy + 4 * math.sin(base + t))
                                              for t in [(-0.78 + 1.56 * i / 8) for i in range(9)]], RED, INK)
    # Central medallion: an oval with a red ring and an eight-pointed rosette.
    pen.ellipse((0, 0), 17.5, 25.5, GOLD, INK, n=64)
    pen.ellipse((0, 0), 15.5, 23.5, RED_DARK, INK, n=64)
    pen.ellipse((0, 0), 13.5, 21.5, FACE, INK, n=64)
    pen.dots([(14.5 * math.cos(math.tau * i / 24), 22.5 * math.sin(math.tau * i / 24)) for i in range(24)],
             0.45, GOLD_LIGHT)
    pen.poly(star_points(0, 0, 12.5, 5.0, 8, phase=0.0), FIELD, INK)
    pen.poly(star_points(0, 0, 9.5, 4.2, 8, phase=math.pi / 8), RED, INK)
    pen.poly(ellipse_points(0, 0, 4.6, 4.6, 24), GOLD, INK)
    pen.poly(star_points(0, 0, 3.8, 1.8, 8, phase=0.0), GOLD_LIGHT, INK, w=pen.line * 0.6)
    pen.circle((0, 0), 1.0, RED, None)
    # Small rosettes above and below the medallion, on the long axis.
    for sy in (-1, 1):
        pen.poly(ellipse_points(0, sy * 31.5, 3.4, 3.4, 20), FACE, INK)
        pen.poly(star_points(0, sy * 31.5, 3.0, 1.3, 6, phase=math.pi / 2), RED, None)
        pen.circle((0, sy * 31.5), 0.9, GOLD, None)
    out = pygame.transform.smoothscale(surf, (width, height))
    _make_symmetric(out)
    return out


def _make_symmetric(surf: pygame.Surface) -> None:
    """Copy the top half, rotated 180 degrees, over the bottom half (and the middle row's halves)."""
    w, h = surf.get_size()
    top = surf.subsurface((0, 0, w, h // 2)).copy()
    surf.blit(pygame.transform.flip(top, True, True), (0, h - h // 2))
    if h % 2:
        row = h // 2
        left = surf.subsurface((0, row, w // 2, 1)).copy()
        surf.blit(pygame.transform.flip(left, True, True), (w - w // 2, row))
