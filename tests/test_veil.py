"""The guided hand's veil (``look.veil``) is the picture ``look.dim`` with a hole gave, drawn cheaper.

Blending the whole screen's veil took 0.55 ms of a phone's 3.6 ms tip frame; the veil now multiplies the
screen outside the hole and blends only the hole's rectangle (its rounded corners). Checked against the
blend over a picture of many colours, for holes inside the screen, at its edges and reaching off it."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.ui import look

SIZE = (360, 780)


def _picture() -> pygame.Surface:
    rng = random.Random(7)
    surf = pygame.Surface(SIZE)
    for _ in range(400):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        surf.fill(colour, (rng.randrange(SIZE[0]), rng.randrange(SIZE[1]), rng.randrange(4, 60), rng.randrange(4, 60)))
    return surf


@pytest.mark.parametrize("hole", [(40, 300, 200, 120), (0, 0, 90, 140), (300, 700, 60, 80),
                                  (-30, 500, 120, 90), (250, -20, 200, 100), (-10, -10, 400, 800)])
def test_the_veil_is_the_dim_picture(hole):
    hole = pygame.Rect(hole)
    want, got = _picture(), _picture()
    want.blit(look.dim(SIZE, hole), (0, 0))
    look.veil(got, hole)
    worst = 0
    for y in range(0, SIZE[1], 3):   # (every third row: a few thousand pixels each way)
        for x in range(SIZE[0]):
            a, b = want.get_at((x, y)), got.get_at((x, y))
            worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
    assert worst <= 1   # within one level of each colour
    assert want.get_at(hole.clip(want.get_rect()).center) == got.get_at(hole.clip(got.get_rect()).center)
