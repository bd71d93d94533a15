"""Composition of a card face: cream card, frame with pintas, corner numbers, pips/ace/figure.

Geometry is designed in millimetres of the classic 61 x 95 mm card: ``u`` is
pixels per millimetre, taken from the smaller of width/61 and height/95 so a
card of another ratio keeps round coins round.  ``face_layout`` exposes the
geometry (frame, pinta breaks, index box) so tests can check the drawing
against it instead of trusting it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import figures
from .pen import EDGE, FACE, INDEX_COLORS, INK, Pen
from .suits import COPA_ASPECT, draw_basto, draw_copa, draw_espada, draw_oro

SUITS = ("O", "C", "E", "B")
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
#: Breaks in the frame line per suit: oros none, copas one, espadas two, bastos three.
PINTA_BREAKS = {"O": 0, "C": 1, "E": 2, "B": 3}

CARD_MM = (61.0, 95.0)


@dataclass(frozen=True)
class FaceLayout:
    """Where things are on a face of ``width`` x ``height`` pixels.

    The frame line is snapped to whole pixels so it stays crisp after
    downscaling: it is ``line`` pixels thick and ``frame`` = (left, top,
    right, bottom) are its outer pixel edges, so the top line covers rows
    ``top .. top+line-1`` and the right line columns ``right-line .. right-1``.
    ``gaps`` are the column spans [x0, x1) of the pinta breaks on the top edge;
    the bottom edge has the same breaks rotated 180 degrees (columns
    [width-x1, width-x0)).  ``index`` is the (x, y, w, h) box of the top-left
    number.  ``unit`` is pixels per millimetre of the classic card.
    """

    width: int
    height: int
    unit: float
    radius: float
    line: int
    frame: tuple[int, int, int, int]
    gaps: tuple[tuple[int, int], ...]
    index: tuple[float, float, float, float]
    corner: tuple[int, int, int, int]
    """The top-left crop (x, y, w, h) that holds the number and room for three pintas: what a fan shows.

    The same for every suit at a given size, so corners can be compared."""
    stroke: float
    """Outline width of the drawings in pixels: below one pixel on tiny cards (they are drawn supersampled)."""
    clear: float
    """How far in from the frame's top and bottom lines the pips start (pixels): below the numbers."""


#: How much taller the corner numbers are on a ``big`` face (large text): 9.6 mm of the classic card
#: become 12.5, and the pips start that much lower (they shrink by up to a tenth).
BIG_INDEX = 1.3


def face_layout(width: int, height: int, suit: str = "O", big: bool = False) -> FaceLayout:
    """The geometry of a face of this size and suit (see ``FaceLayout``); ``big``: the large text's
    corner numbers, ``BIG_INDEX`` times taller and wider."""
    u = min(width / CARD_MM[0], height / CARD_MM[1])
    inset = max(2, int(round(3.3 * u)))
    line = max(1, int(round(0.82 * u)))
    gap = max(2, int(round(3.0 * u)))
    dash = max(2, int(round(2.6 * u)))
    start = inset + int(round(12.0 * u))
    gaps = tuple((start + i * (gap + dash), start + i * (gap + dash) + gap) for i in range(PINTA_BREAKS[suit]))
    grow = BIG_INDEX if big else 1.0
    index = (inset + line + 0.8 * u, inset + line + 1.0 * u, 10.0 * u * grow, 9.6 * u * grow)
    corner = (0, 0, start + 3 * (gap + dash) + int(math.ceil(1.5 * u)), int(math.ceil(index[1] + index[3] + u)))
    stroke = max(0.5, min(float(line), 0.8 * u))
    return FaceLayout(width, height, u, 3.6 * u, line, (inset, inset, width - inset, height - inset), gaps, index,
                      corner, stroke, (11.2 + 9.6 * (grow - 1)) * u)


# ------------------------------------------------------------ the pips ----
# Positions of coins and cups as fractions of the pip box (x, y from top-left).
_COLUMN_L, _COLUMN_R = 0.25, 0.75
_ROUND_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0.22), (0.5, 0.78)],
    3: [(0.5, 0.14), (0.5, 0.5), (0.5, 0.86)],
    4: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.75), (0.73, 0.75)],
    5: [(0.27, 0.2), (0.73, 0.2), (0.5, 0.5), (0.27, 0.8), (0.73, 0.8)],
    6: [(x, y) for y in (0.14, 0.5, 0.86) for x in (0.27, 0.73)],
    7: [(0.27, 0.14), (0.73, 0.14), (0.15, 0.5), (0.5, 0.5), (0.85, 0.5), (0.27, 0.86), (0.73, 0.86)],
}
_CUP_LAYOUTS = dict(_ROUND_LAYOUTS)
_CUP_LAYOUTS[7] = [(x, y) for y in (0.14, 0.5, 0.86) for x in (0.2, 0.8)] + [(0.5, 0.5)]


def _long_layout(n: int) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Swords and clubs as (hilt/butt, tip/head) pairs in pip-box fractions (y=1 is the bottom).

    Two and three: the classic crossed pair with hilts down (plus one upright).
    Four to seven: narrow crossed pairs side by side (the interlaced lattice of
    the classic deck), hilts alternating top and bottom so guards never pile
    up, with an upright in the middle for odd counts.
    """
    if n <= 3:
        out = [((0.16, 1.0), (0.84, 0.0)), ((0.84, 1.0), (0.16, 0.0))]
        if n == 3:
            out.append(((0.5, 1.0), (0.5, 0.0)))
        return out
    slots = [0.1 + 0.8 * i / (n - 1) for i in range(n)]

    def cross(i: int, j: int, hilts: int | None = None) -> list:
        """Crossed pair between slots i and j; hilts both in column ``hilts`` (top and bottom), or both down."""
        if hilts is None:
            return [((slots[i], 1.0), (slots[j], 0.0)), ((slots[j], 1.0), (slots[i], 0.0))]
        k, o = (i, j) if hilts == i else (j, i)
        return [((slots[k], 1.0), (slots[o], 0.0)), ((slots[k], 0.0), (slots[o], 1.0))]

    if n == 4:
        return cross(0, 2, 0) + cross(1, 3, 3)
    if n == 5:
        return cross(0, 1, 0) + cross(3, 4, 4) + [((slots[2], 1.0), (slots[2], 0.0))]
    if n == 6:
        return cross(0, 1, 0) + cross(2, 3, 2) + cross(4, 5, 5)
    return cross(0, 1, 0) + cross(2, 4) + cross(5, 6, 6) + [((slots[3], 0.0), (slots[3], 1.0))]


def _pip_box(lay: FaceLayout) -> tuple[float, float, float, float]:
    """The region pips may use: inside the frame, clear of the corner numbers."""
    left, top, right, bottom = lay.frame
    u = lay.unit
    return (left + 2.2 * u, top + lay.clear, right - 2.2 * u, bottom - lay.clear)


def _draw_round_pips(pen: Pen, suit: str, n: int, box: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    layout = (_CUP_LAYOUTS if suit == "C" else _ROUND_LAYOUTS)[n]
    pts = [(x0 + fx * w, y0 + fy * h) for fx, fy in layout]
    if suit == "O":
        # Radius: as large as the tightest pair of coins allows.
        r = min(w, h) * 0.3
        for i, a in enumerate(pts):
            r = min(r, a[0] - x0, x1 - a[0], a[1] - y0, y1 - a[1])  # stay in the box, clear of the numbers
            for b in pts[i + 1:]:
                r = min(r, math.dist(a, b) / 2.3)
        for x, y in pts:
            draw_oro(pen.sub(x, y, r))
    else:
        # Cup height: the largest that keeps every pair of cups' boxes apart.
        hc = min(h * 0.42, w * 0.5 / COPA_ASPECT)
        for i, a in enumerate(pts):
            hc = min(hc, 2 * (a[1] - y0), 2 * (y1 - a[1]), 2 * (a[0] - x0) / COPA_ASPECT, 2 * (x1 - a[0]) / COPA_ASPECT)
            for b in pts[i + 1:]:
                dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
                hc = min(hc, max(dx / (COPA_ASPECT * 1.1), dy / 1.08))
        for x, y in pts:
            draw_copa(pen.sub(x, y, hc))


def _draw_long_pips(pen: Pen, suit: str, n: int, box: tuple[float, float, float, float]) -> None:
    """Swords or clubs of ``_long_layout(n)``, thinner as they get more numerous."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    sword_w = 2.9 if n <= 5 else 2.5
    club_w = 4.4 if n <= 3 else (3.6 if n <= 5 else 3.1)
    for (ax, ay), (bx, by) in _long_layout(n):
        a = (x0 + ax * w, y0 + ay * h)
        b = (x0 + bx * w, y0 + by * h)
        length = math.dist(a, b)
        if suit == "E":
            draw_espada(pen.along(a, b), w=sword_w / length)
        else:
            draw_basto(pen.along(a, b), w=club_w / length)


def _draw_ace(pen: Pen, suit: str, lay: FaceLayout, u: float) -> None:
    left, top, right, bottom = (v / u for v in lay.frame)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    if suit == "O":
        draw_oro(pen.sub(cx, cy, 17.5), ornate=True)
    elif suit == "C":
        draw_copa(pen.sub(cx, cy + 1, 60), ornate=True)
    elif suit == "E":
        draw_espada(pen.along((cx, bottom - 3), (cx, top + 3)), w=0.085, ornate=True)
    else:
        draw_basto(pen.along((cx - 7, bottom - 7), (cx + 6, top + 12)), w=0.13, ornate=True)


# ---------------------------------------------------------- the frame ----
def _draw_frame(surf: pygame.Surface, lay: FaceLayout, s: int) -> None:
    """The frame line, broken by the pintas on the top and bottom edges (pixel-aligned)."""
    left, top, right, bottom = lay.frame
    lw = lay.line
    W, H = lay.width, lay.height

    def rect(x0: int, y0: int, x1: int, y1: int) -> None:
        pygame.draw.rect(surf, INK, pygame.Rect(x0 * s, y0 * s, (x1 - x0) * s, (y1 - y0) * s))

    rect(left, top, left + lw, bottom)
    rect(right - lw, top, right, bottom)
    xs = [left] + [v for g in lay.gaps for v in g] + [right]
    for i in range(0, len(xs), 2):
        a, b = xs[i], xs[i + 1]
        rect(a, top, b, top + lw)
        rect(W - b, H - top - lw, W - a, H - top)


@lru_cache(maxsize=None)
def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, px)


def _index_surface(rank: int, color: tuple[int, int, int], w: float, h: float) -> pygame.Surface:
    """The corner number, cropped to its ink and fitted to (w, h) pixels."""
    text = str(rank)
    px = max(8, int(h * 1.45))
    try:
        glyphs = _font(px).render(text, True, color)
    except pygame.error:
        # pygame.font was quit and re-initialised since the font was cached: fonts are stale.
        _font.cache_clear()
        glyphs = _font(px).render(text, True, color)
    crop = glyphs.subsurface(glyphs.get_bounding_rect())
    gw, gh = crop.get_size()
    scale = h / gh
    tw = min(gw * scale * (0.86 if len(text) > 1 else 1.0), w)
    return pygame.transform.smoothscale(crop, (max(1, round(tw)), max(1, round(h))))


def _draw_index(surf: pygame.Surface, lay: FaceLayout, s: int, rank: int, suit: str) -> None:
    x, y, w, h = (v * s for v in lay.index)
    num = _index_surface(rank, INDEX_COLORS[suit], w, h)
    nx = x + (w - num.get_width()) / 2
    surf.blit(num, (round(nx), round(y)))
    W, H = surf.get_size()
    flipped = pygame.transform.flip(num, True, True)
    surf.blit(flipped, (round(W - nx - num.get_width()), round(H - y - num.get_height())))


# ------------------------------------------------------------- a face ----
def supersample(height: int) -> int:
    """Drawing scale: small cards are drawn bigger (finer antialiasing), large ones cheaper.

    Only powers of two: pygame's smoothscale is exact for them, while factors
    like 3 or 5 turn opaque pixels into alpha 253 and darken colours a little.
    """
    return 4 if height <= 240 else 2


def blank_card(width: int, height: int, s: int, radius: float, fill: tuple[int, int, int]) -> pygame.Surface:
    """A rounded card of ``fill`` at ``s`` times the size, transparent outside its corners (a fresh copy)."""
    return _blank(width, height, s, radius, fill).copy()


@lru_cache(maxsize=16)
def _blank(width: int, height: int, s: int, radius: float, fill: tuple[int, int, int]) -> pygame.Surface:
    surf = pygame.Surface((width * s, height * s), pygame.SRCALPHA)
    surf.fill((*fill, 0))
    rect = surf.get_rect()
    r = int(round(radius * s))
    pygame.draw.rect(surf, EDGE, rect, border_radius=r)
    edge = max(1, int(round(s * 0.6)))
    pygame.draw.rect(surf, fill, rect.inflate(-2 * edge, -2 * edge), border_radius=max(0, r - edge))
    return surf


def render_face(width: int, height: int, rank: int, suit: str, big: bool = False) -> pygame.Surface:
    """Draw one face at the requested pixel size (supersampled, then smoothscaled down); ``big``:
    with the large text's corner numbers (``face_layout``)."""
    if suit not in SUITS or rank not in RANKS:
        raise ValueError(f"no Spanish card {rank}{suit}")
    lay = face_layout(width, height, suit, big)
    s = supersample(height)
    surf = blank_card(width, height, s, lay.radius, FACE)
    u = lay.unit
    pen = Pen(surf, (0, 0), u * s, line=lay.stroke / u)
    if rank == 1:
        _draw_ace(pen, suit, lay, u)
    elif rank <= 7:
        box = tuple(v / u for v in _pip_box(lay))
        if suit in ("O", "C"):
            _draw_round_pips(pen, suit, rank, box)
        else:
            _draw_long_pips(pen, suit, rank, box)
    else:
        left, top, right, bottom = (v / u for v in lay.frame)
        lift = lay.clear / u - 11.2   # big numbers: the figure a little smaller, as clear of them as before
        bw, bh = right - left - 2.0, bottom - top - 2.0 - 2 * lift
        k = min(bw / 100, bh / 160)
        ox = (left + right) / 2 - 50 * k
        oy = bottom - 1.0 - lift - 160 * k
        figures.draw_figure(pen.sub(ox, oy, k), suit, rank)
    _draw_frame(surf, lay, s)
    _draw_index(surf, lay, s, rank, suit)
    return pygame.transform.smoothscale(surf, (width, height))
