"""Colours and the few painted backgrounds (felt, panels), each made once and cached.

Why: a polished card table is a green felt with soft light in the middle; generating it once keeps
every frame a single blit.
"""

from __future__ import annotations

import random

import pygame

from game.ui.layout import DESIGN
from game.ui.surfcache import SurfaceCache

FELT = (20, 92, 54)   # lit centre ~(28, 104, 60), its noise up to (40, 111, 70): every text colour 4.5:1 on it
FELT_DARK = (12, 64, 36)
CREAM = (245, 238, 220)
GOLD = (252, 222, 130)
INK = (30, 30, 30)
MUTED = (214, 232, 218)
RED = (214, 72, 64)
LOSS = (255, 190, 175)   # a hand or match lost: 4.3:1 on the felt (large text: 3)
KEY_ON_BUTTON = (70, 55, 25)   # a key's letter on a button: 6:1 on the gold one
PANEL = (10, 40, 24, 190)
HILITE = (255, 224, 110)
HINT = (120, 220, 255)   # the hinted card's ring (between dark lines: RING_OUTLINE)
BUTTON = (236, 224, 196)
BUTTON_HOVER = (255, 246, 220)
BUTTON_OFF = (120, 140, 126)
INK_OFF = (24, 28, 26)   # a grey button's label: 4.8:1 on it (it was 3.07:1, hard to read with weak eyes)
PRIMARY = (232, 180, 64)

#: Painted backgrounds by name and size, within 24 MB, the least recently used going first (the felt
#: of the screen, drawn every frame, stays: cleared by count, it was drawn again, 13 ms of a frame).
_cache = SurfaceCache(24 * 1024 * 1024, keep=lambda key: key == "noise")


def felt(size: tuple[int, int] = DESIGN) -> pygame.Surface:
    """The table: green felt with a lighter centre, fine noise and a darker rim (one per size).

    Made once per screen size, at start: the light is computed for one quarter of a small picture
    and mirrored, the noise is one tile repeated, so a new size costs a few milliseconds.
    """
    surf = _cache.get(f"felt{size}")
    if surf is None:
        w, h = size
        sw, sh = max(2, w // 8), max(2, h // 8)
        small = pygame.Surface((sw, sh))
        cx, cy = (sw - 1) / 2, (sh - 1) / 2
        qw, qh = (sw + 1) // 2, (sh + 1) // 2
        quarter = pygame.Surface((qw, qh))
        for y in range(qh):
            for x in range(qw):
                d = ((x - cx) / cx) ** 2 * 0.8 + ((y - cy) / cy) ** 2
                k = max(0.0, 1.0 - 0.45 * d)
                quarter.set_at((x, y), (int(FELT_DARK[0] + (FELT[0] + 8 - FELT_DARK[0]) * k),
                                        int(FELT_DARK[1] + (FELT[1] + 12 - FELT_DARK[1]) * k),
                                        int(FELT_DARK[2] + (FELT[2] + 6 - FELT_DARK[2]) * k)))
        small.blit(quarter, (0, 0))
        small.blit(pygame.transform.flip(quarter, True, False), (sw - qw, 0))
        small.blit(pygame.transform.flip(quarter, False, True), (0, sh - qh))
        small.blit(pygame.transform.flip(quarter, True, True), (sw - qw, sh - qh))
        surf = pygame.transform.smoothscale(small, (w, h))
        tile = _noise_tile()
        for ty in range(0, h, tile.get_height()):
            for tx in range(0, w, tile.get_width()):
                surf.blit(tile, (tx, ty))
        _cache[f"felt{size}"] = surf
    return surf


NOISE_TILE = 256


def _noise_tile() -> pygame.Surface:
    """Fine light and dark specks (about one pixel in a hundred), as one tile the felt repeats."""
    tile = _cache.get("noise")
    if tile is None:
        rng = random.Random(3)
        tile = pygame.Surface((NOISE_TILE, NOISE_TILE), pygame.SRCALPHA)
        for _ in range(NOISE_TILE * NOISE_TILE // 100):
            v = rng.choice((0, 255))
            tile.set_at((rng.randrange(NOISE_TILE), rng.randrange(NOISE_TILE)), (v, v, v, 14))
        _cache["noise"] = tile
    return tile


def _remember(key: str, surf: pygame.Surface) -> None:
    """Keep ``surf`` (message boxes vary with their text: the oldest shapes go, by bytes)."""
    _cache[key] = surf


def panel(size: tuple[int, int], alpha: int = 170, radius: int = 14) -> pygame.Surface:
    key = f"panel{size}{alpha}{radius}"
    surf = _cache.get(key)
    if surf is None:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (6, 30, 18, alpha), surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, (230, 210, 150, 90), surf.get_rect(), 2, border_radius=radius)
        _remember(key, surf)
    return surf


#: The dark lines either side of the hint's ring (``glow``'s ``outline``): told from the chosen card's plain
#: gold ring by its light and dark, not by its hue alone (an outside tester with low vision).
RING_OUTLINE = (8, 26, 52)


def glow(size: tuple[int, int], color: tuple[int, int, int] = HILITE, ring: int = 3,
         outline: tuple[int, int, int] | None = None) -> pygame.Surface:
    """A soft halo round a card of ``size`` with a solid ring ``ring`` px wide just outside its edge;
    ``outline``: a dark line ``ring // 3`` px wide each side of the ring (a double ring)."""
    key = f"glow{size}{color}{ring}{outline}"
    surf = _cache.get(key)
    if surf is None:
        w, h = size
        line = max(1, ring // 3) if outline is not None else 0
        pad = max(10, ring + 2 * line + 4)
        surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        for i in range(pad):
            alpha = int(10 + 150 * (i / pad) ** 2)
            pygame.draw.rect(surf, (*color, alpha), surf.get_rect().inflate(-2 * i, -2 * i), 2, border_radius=12 + pad - i)
        card = surf.get_rect().inflate(-2 * pad, -2 * pad)
        if outline is not None:
            wide = ring + 2 * line
            pygame.draw.rect(surf, (*outline, 255), card.inflate(2 * wide, 2 * wide), wide,
                             border_radius=10 + wide)
        out = ring + line
        pygame.draw.rect(surf, (*color, 255), card.inflate(2 * out, 2 * out), ring, border_radius=10 + out)
        _remember(key, surf)
    return surf


VEIL = 130   # how dark the veil of :func:`dim` and :func:`veil` is (alpha of black)


def dim(size: tuple[int, int] = DESIGN, hole: pygame.Rect | None = None) -> pygame.Surface:
    """A dark veil over the whole screen; ``hole``, if given, is left clear (what a tip points at)."""
    key = f"dim{size}" if hole is None else f"dim{size}{tuple(hole)}"
    surf = _cache.get(key)
    if surf is None:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((0, 0, 0, VEIL))
        if hole is not None:
            pygame.draw.rect(surf, (0, 0, 0, 0), hole, border_radius=14)
        _remember(key, surf)
    return surf


def veil(surface: pygame.Surface, hole: pygame.Rect) -> None:
    """:func:`dim` with ``hole`` drawn over ``surface``, within one level of each colour, for a third of
    the cost: the screen outside the hole's rectangle multiplied darker, and only the hole's rectangle
    (its rounded corners veiled) blended. Why: a guided hand's tip veils the table every frame it shows,
    and blending the whole screen's veil took 0.55 ms of a phone's 3.6 ms frame (720x1558)."""
    w, h = surface.get_size()
    inside = hole.clip(surface.get_rect())   # (a hole reaching off the screen: what of it is on it)
    keep = 255 - VEIL   # black at VEIL over a colour leaves this much of it, out of 255
    for part in (pygame.Rect(0, 0, w, inside.top), pygame.Rect(0, inside.bottom, w, h - inside.bottom),
                 pygame.Rect(0, inside.top, inside.left, inside.height),
                 pygame.Rect(inside.right, inside.top, w - inside.right, inside.height)):
        if part.width > 0 and part.height > 0:
            surface.fill((keep, keep, keep), part, special_flags=pygame.BLEND_RGB_MULT)
    surface.blit(dim((w, h), hole), inside, area=inside)
