"""The figures: sota (10), caballo (11) and rey (12), full-length and not mirrored.

Each figure is designed in a 100 x 160 local box (x right, y down, feet at
the bottom) and drawn through a ``Pen`` that the card fits into its frame.
The top-left and bottom-right corners of the box (x < 20, y < 20 and x > 80,
y > 140) are kept clear for the corner numbers.  The suit decides the
emblem held and the colours of the clothes, so every figure differs from its
three brothers at a glance, not only by the emblem.
"""

from __future__ import annotations

import math
from typing import Sequence

from .pen import (BLUE, BROWN, BROWN_LIGHT, GOLD, GOLD_DARK, GOLD_LIGHT, GREEN, GREY,
                  INK, PINK, RED, RED_DARK, SKIN, SKIN_SHADE, WHITE, Color, Pen, Point, bezier, ellipse_points,
                  lerp)
from .suits import draw_basto, draw_copa, draw_espada, draw_oro

# Clothes per suit: main garment, second garment (cape / mantle / saddle cloth), hose, hair.
_CLOTHES: dict[str, dict[str, Color]] = {
    "O": {"main": BLUE, "second": RED, "hose": GOLD, "trim": GOLD, "hair": BROWN, "beard": GREY},
    "C": {"main": GREEN, "second": BLUE, "hose": RED, "trim": GOLD, "hair": GOLD_DARK, "beard": BROWN_LIGHT},
    "E": {"main": RED, "second": GREEN, "hose": BLUE, "trim": GOLD, "hair": (70, 46, 30), "beard": (70, 46, 30)},
    "B": {"main": GOLD, "second": RED, "hose": GREEN, "trim": RED_DARK, "hair": BROWN_LIGHT, "beard": WHITE},
}
# Horse coats per suit: coat, mane/tail.
_HORSES: dict[str, tuple[Color, Color]] = {
    "O": ((244, 240, 230), (170, 170, 180)),
    "C": ((168, 100, 54), (50, 36, 30)),
    "E": ((200, 204, 214), (92, 96, 110)),
    "B": ((214, 150, 80), (120, 60, 30)),
}


def tube(pts: Sequence[Point], widths: Sequence[float]) -> list[Point]:
    """Outline polygon of a thick polyline with per-point widths (arms, legs, necks)."""
    left: list[Point] = []
    right: list[Point] = []
    n = len(pts)
    for i, (x, y) in enumerate(pts):
        if i == 0:
            dx, dy = pts[1][0] - x, pts[1][1] - y
        elif i == n - 1:
            dx, dy = x - pts[i - 1][0], y - pts[i - 1][1]
        else:
            dx, dy = pts[i + 1][0] - pts[i - 1][0], pts[i + 1][1] - pts[i - 1][1]
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d, dx / d
        h = widths[i] / 2
        left.append((x + nx * h, y + ny * h))
        right.append((x - nx * h, y - ny * h))
    return left + right[::-1]


def _limb(pen: Pen, pts: Sequence[Point], widths: Sequence[float], fill: Color) -> None:
    pen.poly(tube(pts, widths), fill, INK)


def _hand(pen: Pen, c: Point, r: float = 3.2) -> None:
    pen.circle(c, r, SKIN, INK)


def _face(pen: Pen, cx: float, cy: float, rx: float, ry: float, *, beard: Color | None = None,
          young: bool = False) -> None:
    """A frontal face: skin oval, brows, eyes, nose, mouth, cheeks (and a beard for kings)."""
    thin = pen.line * 0.55
    pen.ellipse((cx, cy), rx, ry, SKIN, INK, n=32)
    pen.circle((cx - rx * 0.55, cy + ry * 0.3), rx * 0.2, PINK, None)
    pen.circle((cx + rx * 0.55, cy + ry * 0.3), rx * 0.2, PINK, None)
    for side in (-1, 1):
        ex = cx + side * rx * 0.4
        pen.ellipse((ex, cy - ry * 0.08), rx * 0.16, ry * 0.1, WHITE, None, n=12)
        pen.circle((ex + side * 0.2, cy - ry * 0.06), rx * 0.09, INK, None)
        pen.lines([(ex - rx * 0.2, cy - ry * 0.28 - (0.3 if side > 0 else 0)), (ex + rx * 0.2, cy - ry * 0.3)],
                  INK, w=thin)
    pen.lines([(cx, cy - ry * 0.05), (cx - rx * 0.12, cy + ry * 0.3), (cx + rx * 0.05, cy + ry * 0.34)],
              SKIN_SHADE, w=thin * 1.2)
    if beard is not None:
        # Full beard from the cheeks to a point below the chin, with the mouth inside it.
        pts = ([(cx - rx * 0.95, cy + ry * 0.05)] + bezier((cx - rx * 0.95, cy + ry * 0.3), (cx - rx * 0.9, cy + ry * 1.3),
                                                           (cx - rx * 0.3, cy + ry * 1.75), (cx, cy + ry * 1.85), 8)
               + bezier((cx, cy + ry * 1.85), (cx + rx * 0.3, cy + ry * 1.75), (cx + rx * 0.9, cy + ry * 1.3),
                        (cx + rx * 0.95, cy + ry * 0.3), 8) + [(cx + rx * 0.95, cy + ry * 0.05)])
        inner = bezier((cx + rx * 0.7, cy + ry * 0.45), (cx + rx * 0.4, cy + ry * 0.95),
                       (cx - rx * 0.4, cy + ry * 0.95), (cx - rx * 0.7, cy + ry * 0.45), 8)
        pen.poly(pts + inner, beard, INK)
        for k in (-0.45, 0.0, 0.45):
            pen.lines([(cx + rx * k, cy + ry * 1.05), (cx + rx * k * 0.7, cy + ry * 1.55)], INK, w=thin * 0.8)
        # Moustache.
        pen.poly([(cx, cy + ry * 0.42), (cx - rx * 0.7, cy + ry * 0.62), (cx - rx * 0.35, cy + ry * 0.5),
                  (cx, cy + ry * 0.38), (cx + rx * 0.35, cy + ry * 0.5), (cx + rx * 0.7, cy + ry * 0.62)],
                 beard, INK, w=thin)
        pen.lines([(cx - rx * 0.15, cy + ry * 0.7), (cx + rx * 0.15, cy + ry * 0.7)], RED_DARK, w=thin * 1.3)
    else:
        pen.lines([(cx - rx * 0.22, cy + ry * 0.58), (cx, cy + ry * 0.64), (cx + rx * 0.22, cy + ry * 0.58)],
                  RED if young else RED_DARK, w=thin * 1.5)


def _feather(pen: Pen, a: Point, b: Point, color: Color) -> None:
    """A curling plume from ``a`` to ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    nx, ny = -dy * 0.35, dx * 0.35
    c1 = (a[0] + dx * 0.3 + nx, a[1] + dy * 0.3 + ny)
    c2 = (a[0] + dx * 0.7 + nx * 1.2, a[1] + dy * 0.7 + ny * 1.2)
    c3 = (a[0] + dx * 0.6 - nx * 0.2, a[1] + dy * 0.6 - ny * 0.2)
    pts = bezier(a, c1, c2, b, 10) + bezier(b, c3, c3, a, 10)[1:-1]
    pen.poly(pts, color, INK)
    mid = bezier(a, c1, c2, b, 10)
    pen.lines([lerp(a, m, 0.85) for m in mid[2:-1]], INK, w=pen.line * 0.45)


# ------------------------------------------------------------------ sota ----
def draw_sota(pen: Pen, suit: str) -> None:
    """The page: standing, hand on hip, holding the suit's emblem up in the other."""
    c = _CLOTHES[suit]
    # Emblems held behind the figure go first.
    if suit == "E":
        # Sword upright, resting against the shoulder.
        draw_espada(pen.along((77, 96), (84, 6)), w=0.055)
    elif suit == "B":
        draw_basto(pen.along((78, 126), (84, 34)), w=0.075)
    # Cape hanging from the right shoulder behind the body.
    pen.poly(bezier((37, 46), (26, 60), (20, 84), (19, 104), 8) + [(27, 108), (33, 104)]
             + bezier((33, 100), (36, 86), (40, 66), (42, 50), 6), c["second"], INK)
    pen.lines(bezier((28, 62), (24, 76), (23, 92), (23, 104), 6), _shade(c["second"]), w=pen.line * 0.8)
    # Legs in hose, with garters.
    _limb(pen, [(44, 94), (43, 120), (41, 146)], [10, 7.5, 6], c["hose"])
    _limb(pen, [(56, 94), (57, 120), (60, 146)], [10, 7.5, 6], c["hose"])
    pen.lines([(38.6, 113), (47.2, 113)], c["second"], w=2.2)
    pen.lines([(52.8, 113), (61.4, 113)], c["second"], w=2.2)
    # Shoes pointing outwards.
    pen.poly([(37, 145), (45, 145), (46, 151), (29, 152), (31, 148)], BROWN, INK)
    pen.poly([(56, 145), (64, 145), (71, 148), (72, 152), (55, 151)], BROWN, INK)
    # Skirt of the doublet.
    pen.poly([(39, 78), (61, 78), (69, 98), (50, 101), (31, 98)], c["main"], INK)
    for x0, x1 in ((45, 42), (55, 58)):
        pen.lines([(x0, 82), (x1, 98)], _shade(c["main"]), w=pen.line * 0.8)
    pen.lines([(31.5, 96.5), (50, 99.5), (68.5, 96.5)], c["trim"], w=2.0)
    # Torso.
    pen.poly([(36, 46), (64, 46), (66, 54), (61, 79), (39, 79), (34, 54)], c["main"], INK)
    pen.lines([(50, 48), (50, 78)], c["trim"], w=1.4)
    pen.dots([(53, 54 + 6 * i) for i in range(4)], 0.9, c["trim"])
    pen.poly([(38, 75), (62, 75), (62, 80), (38, 80)], c["trim"], INK)
    pen.poly([(48, 74.5), (52, 74.5), (52, 80.5), (48, 80.5)], GOLD_LIGHT, INK, w=pen.line * 0.6)
    # Arm on the hip (viewer's left), puffed sleeve.
    _limb(pen, [(37, 49), (28, 62), (37, 74)], [10, 8, 6], c["main"])
    pen.ellipse((33, 53), 6, 5, c["second"], INK)
    _hand(pen, (38.5, 74.5))
    # Raised arm (viewer's right).
    hand_at = {"O": (78, 47), "C": (77, 49), "E": (78.5, 78), "B": (80, 94)}[suit]
    elbow = {"O": (74, 64), "C": (73, 64), "E": (70, 72), "B": (72, 82)}[suit]
    _limb(pen, [(62, 50), elbow, hand_at], [10, 7.5, 6], c["main"])
    pen.ellipse((66, 53), 6, 5, c["second"], INK)
    if suit == "O":
        draw_oro(pen.sub(79, 33, 12))
    elif suit == "C":
        draw_copa(pen.sub(78, 36, 26))
    _hand(pen, hand_at)
    # Ruff, neck and head.
    pen.poly([(46, 38), (54, 38), (54, 46), (46, 46)], SKIN, INK)
    pen.ellipse((50, 46), 9, 3, WHITE, INK)
    _hair_bob(pen, 50, 29, c["hair"])
    _face(pen, 50, 30, 7.5, 9.2, young=True)
    _hat(pen, 50, 21, _SOTA_HATS[suit], c["second"], c["trim"])


def _shade(color: Color, k: float = 0.72) -> Color:
    return (int(color[0] * k), int(color[1] * k), int(color[2] * k))


def _hair_bob(pen: Pen, cx: float, cy: float, color: Color) -> None:
    """Page-boy hair: a rounded bob framing the face."""
    pts = bezier((cx - 9.5, cy + 9), (cx - 12, cy - 4), (cx - 8, cy - 12), (cx, cy - 12), 8) + \
        bezier((cx, cy - 12), (cx + 8, cy - 12), (cx + 12, cy - 4), (cx + 9.5, cy + 9), 8)
    pts += [(cx + 6, cy + 10), (cx - 6, cy + 10)]
    pen.poly(pts, color, INK)


# --------------------------------------------------------------- caballo ----
def draw_caballo(pen: Pen, suit: str) -> None:
    """The knight: a rider on a prancing horse, raising the suit's emblem."""
    c = _CLOTHES[suit]
    coat, mane = _HORSES[suit]
    dark = _shade(coat, 0.8)
    # Emblems held behind the rider.
    if suit == "E":
        draw_espada(pen.along((71, 50), (92, 8)), w=0.06)
    elif suit == "B":
        draw_basto(pen.along((70, 56), (88, 12)), w=0.1)
    # Tail.
    pen.poly(bezier((77, 90), (93, 92), (95, 118), (86, 138), 10) + bezier((86, 138), (87, 120), (83, 104), (75, 98), 8),
             mane, INK)
    # Far legs (darker) behind the body.
    _limb(pen, [(68, 106), (74, 124), (70, 147)], [10, 5.5, 4.5], dark)
    _limb(pen, [(36, 110), (35, 131), (33, 150)], [9, 5.5, 4.5], dark)
    _hoof(pen, (70, 147), 0)
    _hoof(pen, (33, 150), 0)
    # Neck, body, head.
    neck = [(19, 104)] + bezier((19, 104), (12, 92), (11, 80), (14, 68), 6) + [(22, 52)] + \
        bezier((22, 52), (32, 60), (38, 74), (42, 90), 6)
    pen.poly(neck, coat, INK)
    body = (bezier((26, 88), (40, 83), (56, 90), (70, 85), 10) + bezier((70, 85), (81, 86), (83, 105), (74, 114), 8)[1:]
            + bezier((74, 114), (60, 119), (40, 119), (30, 114), 8)[1:]
            + bezier((30, 114), (17, 111), (14, 95), (26, 88), 8)[1:-1])
    pen.poly(body, coat, INK)
    pen.lines(bezier((34, 115), (46, 117.5), (58, 117.5), (70, 114), 8), dark, w=2.2)
    head = [(19, 49), (26, 52), (28, 58), (22, 68), (17, 77), (12, 86), (6, 88), (1.5, 84), (2.5, 78), (9, 66),
            (13, 55)]
    pen.poly([(18, 52), (19.5, 42), (24, 51)], coat, INK)  # ear
    pen.poly(head, coat, INK)
    pen.poly([(12, 86), (6, 88), (1.5, 84), (2.5, 78), (6, 77), (9, 80)], _shade(coat, 0.88), None)  # muzzle
    pen.lines(bezier((8, 79), (11, 76), (13, 73), (15, 70), 5), dark, w=1.0)  # cheek
    # Mane along the crest and a forelock.
    mane_pts = [(21, 50)]
    for i in range(7):
        t = i / 6
        x, y = 24 + 17 * t, 54 + 34 * t
        mane_pts += [(x + 6 - 2 * t, y + 2), (x + 1.5, y + 4.5)]
    mane_pts += [(38, 84), (32, 68), (26, 57)]
    pen.poly(mane_pts, mane, INK)
    pen.poly([(17, 50), (14, 56), (18, 55), (16, 60), (21, 54)], mane, INK, w=pen.line * 0.7)
    pen.ellipse((18, 58.5), 1.8, 1.3, INK, None, n=12)
    pen.circle((18.4, 58.1), 0.5, WHITE, None)
    pen.ellipse((4.5, 82), 1.1, 0.8, INK, None, n=10)
    # Bridle, breast strap and reins.
    pen.lines([(24, 54), (11, 78), (5, 84)], RED, w=1.3)
    pen.lines([(6.5, 74), (12, 76.5)], RED, w=1.1)
    pen.lines([(17.5, 53), (24, 55)], RED, w=1.1)
    pen.lines(bezier((16, 96), (20, 102), (26, 104), (32, 102), 6), RED, w=1.6)
    pen.dots([(19, 100.5), (24, 103), (29, 103)], 0.9, GOLD)
    # Saddle cloth with a fringe.
    cloth = [(39, 85), (64, 86)] + bezier((64, 86), (67, 96), (67, 104), (65, 111), 5)[1:] + \
        bezier((65, 111), (56, 113), (46, 113), (40, 111), 6)[1:]
    pen.poly(cloth, c["second"], INK)
    pen.lines(bezier((65, 107.5), (56, 109.5), (46, 109.5), (40.5, 107.5), 6), c["trim"], w=1.6)
    pen.dots([(42 + 3 * i, 112.8 - (0.4 if 2 < i < 6 else 0)) for i in range(8)], 0.9, c["trim"])
    # Near legs: front raised (prancing), hind planted.
    _limb(pen, [(30, 106), (19, 118), (23, 130)], [10, 6, 5], coat)
    _hoof(pen, (23, 130), 0.5)
    _limb(pen, [(42, 110), (41, 131), (40, 149)], [10, 6, 5], coat)
    _hoof(pen, (40, 149), 0)
    _limb(pen, [(62, 104), (67, 127), (61, 149)], [13, 6.5, 5], coat)
    _hoof(pen, (61, 149), 0)
    # Rider: torso, leg with boot in the stirrup.
    pen.poly([(44, 56), (60, 56), (61, 86), (43, 86)], c["main"], INK)
    pen.lines([(52, 57), (52, 85)], c["trim"], w=1.3)
    pen.poly([(42, 80), (62, 80), (62, 85), (42, 85)], c["trim"], INK)
    _limb(pen, [(55, 83), (45, 99)], [10, 8], c["hose"])
    pen.lines([(48, 100), (49, 119)], GOLD_DARK, w=1.0)  # stirrup strap
    _limb(pen, [(45, 97), (46, 114)], [8, 6.5], BROWN)  # riding boot
    pen.poly([(41, 111), (50, 111), (51, 118), (36, 119), (38, 115)], BROWN, INK)
    pen.lines([(40.5, 97), (49.5, 98)], _shade(BROWN, 0.7), w=1.6)
    # Arm with the reins.
    _limb(pen, [(46, 60), (38, 72), (30, 70)], [8, 6.5, 5.5], c["main"])
    pen.lines([(30, 70), (16, 74), (5, 84)], INK, w=0.9)
    _hand(pen, (30, 70), 3.0)
    # Raised arm with the emblem.
    hand_at = {"O": (72, 40), "C": (72, 41), "E": (72.5, 50), "B": (73, 49)}[suit]
    _limb(pen, [(58, 60), (68, 56), hand_at], [8, 6.5, 5.5], c["main"])
    if suit == "O":
        draw_oro(pen.sub(75, 28, 10.5))
    elif suit == "C":
        draw_copa(pen.sub(74, 29, 24))
    _hand(pen, hand_at, 3.0)
    # Head with a broad hat and a plume.
    pen.poly([(48, 47), (56, 47), (56, 57), (48, 57)], SKIN, INK)
    pen.ellipse((52, 56), 8, 2.6, WHITE, INK)
    _face(pen, 52, 42, 7, 8.5)
    pen.poly([(45.5, 36), (46, 39), (44, 47), (44, 39)], c["hair"], INK)
    _hat(pen, 52, 34, _RIDER_HATS[suit], c["second"], c["trim"])


def _hoof(pen: Pen, at: Point, angle: float) -> None:
    p = pen.sub(at[0], at[1], 1.0, angle)
    p.poly([(-3.2, -1), (3.2, -1), (3.8, 3), (-3.8, 3)], (60, 50, 46), INK)


# ------------------------------------------------------------------- rey ----
def draw_rey(pen: Pen, suit: str) -> None:
    """The king: crowned, bearded, in a long mantle with ermine, holding the suit's emblem."""
    c = _CLOTHES[suit]
    if suit == "E":
        draw_espada(pen.along((71, 98), (76, 6)), w=0.06)
    elif suit == "B":
        draw_basto(pen.along((70, 124), (76, 30)), w=0.075)
    # Mantle: wide, to the ground.
    mantle = [(35, 46), (65, 46)] + bezier((65, 46), (71, 80), (74, 120), (76, 150), 8) + [(50, 153)] + \
        bezier((24, 150), (26, 120), (29, 80), (35, 46), 8)
    pen.poly(mantle, c["second"], INK)
    pen.lines(bezier((30, 70), (27, 95), (25, 120), (25, 148), 6), _shade(c["second"]), w=pen.line * 0.8)
    pen.lines(bezier((70, 70), (73, 95), (74, 120), (74, 148), 6), _shade(c["second"]), w=pen.line * 0.8)
    # Gown (front panel) and shoes.
    pen.poly([(37, 150), (45, 150), (46, 155), (33, 155)], BROWN, INK)
    pen.poly([(55, 150), (63, 150), (67, 155), (54, 155)], BROWN, INK)
    pen.poly([(42, 52), (58, 52), (64, 151), (36, 151)], c["main"], INK)
    pen.lines([(50, 60), (50, 150)], c["trim"], w=1.2)
    for y in (100, 120, 140):
        pen.circle((50, y), 1.4, c["trim"], INK, w=pen.line * 0.5)
    # Ermine borders down the mantle's front edges and along the hem.
    for edge in (bezier((42, 56), (40, 90), (37, 125), (35, 151), 8), bezier((58, 56), (60, 90), (63, 125), (65, 151), 8)):
        pen.lines(edge, INK, w=5.2)
        pen.lines(edge, WHITE, w=3.4)
        pen.dots(edge[1::2], 0.7, INK)
    hem_l = bezier((25, 149.5), (28, 150.5), (31, 151), (35, 151), 5)
    hem_r = bezier((65, 151), (69, 151), (72, 150.5), (75, 149.5), 5)
    for hem in (hem_l, hem_r):
        pen.lines(hem, INK, w=5.2)
        pen.lines(hem, WHITE, w=3.4)
        pen.dots(hem[::2], 0.7, INK)
    # Belt.
    pen.poly([(41, 82), (59, 82), (59.5, 87), (40.5, 87)], GOLD, INK)
    pen.circle((50, 84.5), 2.0, RED, INK, w=pen.line * 0.6)
    # Arm resting at the belt (viewer's left), wide sleeve.
    _limb(pen, [(37, 50), (29, 68), (40, 82)], [11, 10, 8], c["main"])
    pen.lines([(36.5, 78.5), (42.5, 85)], WHITE, w=3)
    _hand(pen, (42, 84))
    # Ermine shoulder cape with a gold chain.
    cape = bezier((33, 48), (38, 44), (62, 44), (67, 48), 8) + bezier((68, 58), (60, 64), (40, 64), (32, 58), 8)
    pen.poly(cape, WHITE, INK)
    pen.dots([(36 + 5.5 * i, 53 + (2.5 if i % 2 else 0)) for i in range(6)], 0.8, INK)
    pen.lines(bezier((40, 52), (44, 66), (56, 66), (60, 52), 10), GOLD_DARK, w=1.6)
    pen.circle((50, 64), 2.3, GOLD, INK, w=pen.line * 0.6)
    # Arm holding the emblem (viewer's right).
    hand_at = {"O": (70, 74), "C": (71, 66), "E": (73, 88), "B": (72, 106)}[suit]
    elbow = {"O": (74, 64), "C": (76, 62), "E": (72, 74), "B": (74, 84)}[suit]
    _limb(pen, [(63, 50), elbow, hand_at], [11, 10, 8], c["main"])
    if suit == "O":
        draw_oro(pen.sub(71, 62, 11))
    elif suit == "C":
        draw_copa(pen.sub(72, 52, 27))
    _hand(pen, hand_at)
    # Head: hair, face with beard, crown.
    pen.poly([(44, 38), (56, 38), (56, 46), (44, 46)], SKIN, INK)
    pen.poly([(40.5, 22), (59.5, 22), (60, 36), (57, 42), (43, 42), (40, 36)], c["beard"], INK)
    _face(pen, 50, 29, 7.8, 9.2, beard=c["beard"])
    _crown(pen, 50, 20, suit)


def _crown(pen: Pen, cx: float, base: float, suit: str) -> None:
    """A gold crown on a jewelled band; its top differs per suit so the four kings are four people."""
    band_top, band_bot = base - 4, base + 1
    thin = pen.line * 0.5
    if suit == "O":  # five points with pearls
        pts = [(cx - 10, band_bot), (cx - 10, band_top)]
        for i in range(5):
            x = cx - 10 + 5 * i
            pts += [(x + 2.5, band_top - (9 if i == 2 else 7)), (x + 5, band_top)]
        pen.poly(pts + [(cx + 10, band_bot)], GOLD, INK)
        for i in range(5):
            pen.circle((cx - 7.5 + 5 * i, band_top - (9 if i == 2 else 7)), 1.2, GOLD_LIGHT, INK, w=thin)
    elif suit == "C":  # three fleurons (trefoils) on short stems
        pen.poly([(cx - 10, band_bot), (cx - 10, band_top - 2), (cx + 10, band_top - 2), (cx + 10, band_bot)], GOLD, INK)
        for x in (cx - 7, cx, cx + 7):
            top = band_top - (8 if x == cx else 6)
            pen.poly([(x - 1, band_top - 2), (x + 1, band_top - 2), (x + 0.8, top + 2), (x - 0.8, top + 2)], GOLD, INK)
            for dx, dy in ((-1.9, 0.6), (1.9, 0.6), (0, -1.4)):
                pen.circle((x + dx, top + dy), 1.5, GOLD, INK, w=thin)
    elif suit == "E":  # a closed crown: red cap under gold arches, orb and cross
        pen.poly(ellipse_points(cx, band_top, 9.5, 8, 24, math.pi, math.tau), RED, INK)
        pen.lines(bezier((cx - 9.5, band_top), (cx - 8, band_top - 10), (cx + 8, band_top - 10), (cx + 9.5, band_top), 10),
                  GOLD, w=2.0)
        pen.lines([(cx, band_top), (cx, band_top - 8)], GOLD, w=2.0)
        pen.circle((cx, band_top - 9.5), 1.8, GOLD, INK, w=thin)
        pen.lines([(cx, band_top - 11), (cx, band_top - 14.5)], GOLD_DARK, w=1.2)
        pen.lines([(cx - 1.6, band_top - 13), (cx + 1.6, band_top - 13)], GOLD_DARK, w=1.2)
    else:  # seven tall spikes
        pts = [(cx - 10, band_bot), (cx - 10, band_top)]
        for i in range(7):
            x = cx - 10 + 20 * i / 7
            pts += [(x + 10 / 7, band_top - (10 if i == 3 else 8 if i in (2, 4) else 6)), (x + 20 / 7, band_top)]
        pen.poly(pts + [(cx + 10, band_bot)], GOLD, INK)
    pen.poly([(cx - 10.5, band_top), (cx + 10.5, band_top), (cx + 10.5, band_bot), (cx - 10.5, band_bot)],
             GOLD_DARK, INK)
    for i in range(5):
        pen.circle((cx - 7.5 + 3.75 * i, (band_top + band_bot) / 2), 1.1, RED if i % 2 == 0 else BLUE, None)


#: Hat styles per suit, so pages and riders differ by more than colour.
_SOTA_HATS = {"O": "beret", "C": "toque", "E": "brim", "B": "bonnet"}
_RIDER_HATS = {"O": "brim", "C": "beret", "E": "bonnet", "B": "toque"}


def _hat(pen: Pen, cx: float, y: float, style: str, color: Color, trim: Color) -> None:
    """A hat sitting on a head whose top is near ``y`` (beret, toque, broad brim or bonnet)."""
    if style == "beret":
        _feather(pen, (cx + 5, y), (cx + 20, y - 11), WHITE)
        pen.poly(ellipse_points(cx, y, 12.5, 4.2, 24), color, INK)
        pen.poly([(cx - 10, y), (cx - 8, y - 6), (cx, y - 8), (cx + 8, y - 6), (cx + 10, y)], color, INK)
        pen.lines([(cx - 9.5, y + 0.5), (cx + 9.5, y + 0.5)], trim, w=1.6)
    elif style == "toque":
        _feather(pen, (cx + 2, y - 7), (cx + 9, y - 19), trim if trim != GOLD else WHITE)
        pen.poly([(cx - 9, y + 1), (cx - 8, y - 7), (cx + 8, y - 7), (cx + 9, y + 1)], color, INK)
        pen.ellipse((cx, y - 7), 8, 2.2, _shade(color, 0.85), INK)
        pen.poly([(cx - 9.5, y - 1.5), (cx + 9.5, y - 1.5), (cx + 9.5, y + 1.5), (cx - 9.5, y + 1.5)], trim, INK)
        pen.circle((cx, y), 1.3, RED if trim != RED_DARK else GOLD, None)
    elif style == "brim":
        _feather(pen, (cx - 4, y - 3), (cx - 18, y - 11), trim if trim != GOLD else WHITE)
        pen.poly(ellipse_points(cx, y, 13, 3.2, 24), color, INK)
        pen.poly([(cx - 8, y), (cx - 6, y - 8), (cx, y - 10), (cx + 6, y - 8), (cx + 8, y)], color, INK)
        pen.lines([(cx - 7.5, y - 1), (cx + 7.5, y - 1)], trim, w=1.5)
    else:  # bonnet: a soft cap drooping to one side with a tassel
        pts = [(cx - 10, y + 1)] + bezier((cx - 10, y + 1), (cx - 12, y - 10), (cx + 6, y - 14), (cx + 15, y - 4), 10)
        pts += [(cx + 12, y + 1)]
        pen.poly(pts, color, INK)
        pen.poly([(cx - 10.5, y - 1), (cx + 10.5, y - 1), (cx + 10.5, y + 2), (cx - 10.5, y + 2)], trim, INK)
        pen.circle((cx + 15, y - 3), 2.2, trim if trim != GOLD else RED, INK)


SHADOW: Color = (232, 224, 204)


def draw_figure(pen: Pen, suit: str, rank: int) -> None:
    """Draw the sota (10), caballo (11) or rey (12) of ``suit`` in the pen's 100 x 160 box."""
    # A soft ground shadow gives the figure somewhere to stand.
    rx = {10: 24, 11: 36, 12: 30}.get(rank, 0)
    pen.ellipse((48 if rank == 11 else 50, 153), rx, 3.6, SHADOW, None)
    if rank == 10:
        draw_sota(pen, suit)
    elif rank == 11:
        draw_caballo(pen, suit)
    elif rank == 12:
        draw_rey(pen, suit)
    else:
        raise ValueError(f"rank {rank} is not a figure (10, 11, 12)")

