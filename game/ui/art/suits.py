"""The four Spanish suit emblems, each designed in its own local coordinates.

* oros: a gold coin with a sun rosette, centred on (0, 0), radius 1;
* copas: a goblet (bowl, knot, stem, foot), centred on (0, 0), 1 high, about 0.64 wide;
* espadas: a straight blue sword lying along x from the pommel (0) to the tip (1);
* bastos: a knotted club along x from the thin butt (0) to the thick head (1).

Callers place them with ``Pen.sub`` / ``Pen.along``; ``ornate=True`` adds the
extra decoration used by the aces.  Outline widths come from the pen, so a
small pip and a large ace share the same line weight on the same card.
"""

from __future__ import annotations

import math

from .pen import (BLUE, BLUE_DARK, BROWN, BROWN_LIGHT, GOLD, GOLD_DARK, GOLD_LIGHT, GREEN, GREEN_DARK,
                  GREEN_LIGHT, INK, ORANGE, RED, RED_DARK, STEEL, STEEL_LIGHT, TAN, Pen, bezier,
                  ellipse_points, star_points)

#: Width / height of a goblet in its local box (callers size the pips with it).
COPA_ASPECT = 0.64


# ---------------------------------------------------------------- oros ----
def draw_oro(pen: Pen, ornate: bool = False) -> None:
    """A gold coin: beaded rim, orange sun, red centre. Local radius 1."""
    thin = pen.line * 0.6
    if ornate:
        # A sunburst behind the coin: alternating long and short flames.
        rays = 16
        for i in range(rays):
            a = math.tau * i / rays - math.pi / 2
            long_ = i % 2 == 0
            r_out = 1.42 if long_ else 1.24
            spread = 0.13 if long_ else 0.11
            p = [(0.9 * math.cos(a - spread), 0.9 * math.sin(a - spread)),
                 (r_out * math.cos(a), r_out * math.sin(a)),
                 (0.9 * math.cos(a + spread), 0.9 * math.sin(a + spread))]
            pen.poly(p, GOLD if long_ else ORANGE, INK)
    pen.circle((0, 0), 1.0, GOLD, INK)
    pen.circle((0, 0), 0.84, None, GOLD_DARK, w=thin)
    beads = 20 if ornate else 14
    pen.dots([(0.92 * math.cos(math.tau * i / beads), 0.92 * math.sin(math.tau * i / beads))
              for i in range(beads)], 0.035, GOLD_DARK)
    pen.circle((0, 0), 0.70, GOLD_LIGHT, None)
    pen.poly(star_points(0, 0, 0.70, 0.46, 12), ORANGE, INK, w=thin)
    if ornate:
        pen.poly(star_points(0, 0, 0.52, 0.40, 12, phase=-math.pi / 2 + math.pi / 12), GOLD, INK, w=thin)
    pen.circle((0, 0), 0.40, RED, INK, w=thin)
    pen.circle((0, 0), 0.25, GOLD_LIGHT, INK, w=thin)
    if ornate:
        pen.dots([(0.32 * math.cos(math.tau * i / 8), 0.32 * math.sin(math.tau * i / 8)) for i in range(8)],
                 0.035, GOLD_LIGHT)
        pen.circle((0, 0), 0.1, RED, None)
    else:
        pen.circle((0, 0), 0.09, RED, None)
    # A soft highlight on the rim reads as metal.
    pen.lines(ellipse_points(0, 0, 0.78, 0.78, 10, math.pi * 1.05, math.pi * 1.45), GOLD_LIGHT, w=pen.line * 1.2)


# --------------------------------------------------------------- copas ----
# Half-width profile of the goblet from the rim (y=-0.5) to the foot (y=0.5).
_BOWL = [(-0.50, 0.31), (-0.47, 0.32), (-0.43, 0.30), (-0.30, 0.29), (-0.18, 0.265), (-0.08, 0.215),
         (0.00, 0.14), (0.04, 0.07)]
_FOOT = [(0.27, 0.045), (0.33, 0.08), (0.40, 0.15), (0.45, 0.21), (0.50, 0.23)]


def _profile_poly(profile: list[tuple[float, float]]) -> list[tuple[float, float]]:
    right = [(hw, y) for y, hw in profile]
    left = [(-hw, y) for y, hw in reversed(profile)]
    return right + left


def _half_width(profile: list[tuple[float, float]], y: float) -> float:
    for (y0, w0), (y1, w1) in zip(profile, profile[1:]):
        if y0 <= y <= y1:
            return w0 + (w1 - w0) * (y - y0) / (y1 - y0)
    return profile[-1][1]


def draw_copa(pen: Pen, ornate: bool = False) -> None:
    """A goblet: gold bowl with a red band, red knot, slender stem, flared foot."""
    thin = pen.line * 0.6
    # Stem first so the bowl and foot overlap its ends.
    pen.poly([(-0.035, 0.02), (0.035, 0.02), (0.045, 0.30), (-0.045, 0.30)], GOLD_DARK, INK)
    foot = _profile_poly(_FOOT)
    pen.poly(foot, GOLD, INK)
    pen.lines([(-0.19, 0.43), (0.19, 0.43)], RED, w=pen.line * 1.4)
    pen.poly(_profile_poly(_BOWL), GOLD, INK)
    # Red band round the bowl.
    y0, y1 = -0.30, -0.18
    band = [(-_half_width(_BOWL, y0), y0), (_half_width(_BOWL, y0), y0),
            (_half_width(_BOWL, y1), y1), (-_half_width(_BOWL, y1), y1)]
    pen.poly(band, RED, INK, w=thin)
    if ornate:
        for x in (-0.18, 0.0, 0.18):
            pen.circle((x, -0.24), 0.035, BLUE, INK, w=thin * 0.8)
        # Gadroons: lobes on the lower bowl converging to the stem.
        for k in range(-3, 4):
            x = k * 0.062
            pen.lines(bezier((x, -0.16), (x * 1.02, -0.1), (x * 0.7, -0.04), (x * 0.35, 0.02), 6), GOLD_DARK, w=thin)
    # Shine on the bowl.
    pen.lines([(-0.20, -0.14), (-0.15, -0.04), (-0.08, 0.02)], GOLD_LIGHT, w=pen.line * 1.1)
    # Opening of the cup: dark wine seen over the rim.
    pen.ellipse((0, -0.47), 0.27, 0.04, RED_DARK, INK, w=thin)
    # The knot on the stem.
    pen.ellipse((0, 0.12), 0.09, 0.045, RED, INK, w=thin)
    if ornate:
        pen.ellipse((0, 0.22), 0.065, 0.03, BLUE, INK, w=thin)
    # Decoration of the foot.
    pen.lines(bezier((-0.16, 0.46), (-0.08, 0.36), (0.08, 0.36), (0.16, 0.46)), GOLD_DARK, w=thin)


# ------------------------------------------------------------- espadas ----
def draw_espada(pen: Pen, w: float = 0.075, ornate: bool = False) -> None:
    """A straight sword along x: pommel at 0, tip at 1; ``w`` is the blade width.

    Blue two-tone blade with a central ridge, gold cross-guard with curled
    quillons, red-wrapped grip and a round pommel.
    """
    thin = pen.line * 0.6
    hw = w / 2
    g0, g1 = 0.19, 0.215  # cross-guard span along the axis
    # Blade: one polygon, then its darker half for the bevel, then the ridge.
    blade = [(g1, -hw), (0.90, -hw * 0.82), (1.0, 0.0), (0.90, hw * 0.82), (g1, hw)]
    pen.poly(blade, STEEL, None)
    pen.poly([(g1, 0), (g1, hw), (0.90, hw * 0.82), (1.0, 0.0)], BLUE, None)
    pen.lines([(g1 + 0.01, 0), (0.985, 0)], BLUE_DARK, w=thin)
    pen.lines([(g1 + 0.03, -hw * 0.55), (0.86, -hw * 0.45)], STEEL_LIGHT, w=thin)
    pen.poly(blade, None, INK)
    if ornate:
        # A fuller engraving near the guard.
        pen.poly([(g1 + 0.02, -hw * 0.35), (g1 + 0.16, 0), (g1 + 0.02, hw * 0.35)], GOLD, INK, w=thin)
    # Grip and pommel.
    pen.poly([(0.045, -hw * 0.55), (g0, -hw * 0.6), (g0, hw * 0.6), (0.045, hw * 0.55)], RED, INK)
    for i in range(1, 5):
        x = 0.045 + (g0 - 0.045) * i / 5
        pen.lines([(x - 0.012, -hw * 0.55), (x + 0.012, hw * 0.55)], RED_DARK, w=thin)
    pen.circle((0.035, 0), hw * 0.95, GOLD, INK)
    pen.circle((0.035, 0), hw * 0.4, RED, None)
    # Cross-guard with curled ends (quillons).
    span = w * (2.6 if ornate else 2.2)
    pen.poly([(g0, -span), (g1, -span), (g1, span), (g0, span)], GOLD, INK)
    for side in (-1, 1):
        pen.circle(((g0 + g1) / 2 - 0.012, side * span), (g1 - g0) * 0.85, GOLD, INK)
        pen.circle(((g0 + g1) / 2 - 0.012, side * span), (g1 - g0) * 0.3, GOLD_DARK, None)
    pen.circle(((g0 + g1) / 2, 0), hw * 0.55, RED, INK, w=thin)
    if ornate:
        # A laurel wreath rising from the guard around the blade.
        for side in (-1, 1):
            stem = bezier((g1 + 0.01, side * w * 0.9), (0.32, side * w * 3.6), (0.52, side * w * 3.4),
                          (0.64, side * w * 1.2), 12)
            pen.lines(stem, GREEN_DARK, w=pen.line * 1.2)
            for i in range(1, 11):
                a, b = stem[i], stem[min(i + 1, len(stem) - 1)]
                dx, dy = b[0] - a[0], b[1] - a[1]
                out = 1 if i % 2 else -1
                tip = (a[0] + dx * 2.2 + side * out * dy * -1.6, a[1] + dy * 2.2 + out * abs(dx) * 1.6 * side)
                _leaf(pen, a, tip)
            pen.circle(stem[-1], w * 0.22, RED, INK, w=thin)


# -------------------------------------------------------------- bastos ----
def _club_half_width(x: float, w: float) -> float:
    """Club thickness: thin at the butt (x=0), swelling to the head (x=1)."""
    return w * (0.34 + 0.62 * x ** 1.6) * (1 + 0.06 * math.sin(x * 31.0))


def draw_basto(pen: Pen, w: float = 0.13, ornate: bool = False) -> None:
    """A knotted club along x: thin butt at 0, thick head at 1; ``w`` is its head width.

    Green wood with a dark side, a light stripe, and cut-off branch knots
    showing their tan cut faces; a red band binds the grip.
    """
    thin = pen.line * 0.6
    n = 18
    xs = [0.04 + 0.92 * i / (n - 1) for i in range(n)]
    top = [(x, -_club_half_width(x, w)) for x in xs]
    bot = [(x, _club_half_width(x, w) * 0.96) for x in xs]
    head = ellipse_points(0.96, 0, 0.045, _club_half_width(0.96, w), 12, -math.pi / 2, math.pi / 2)
    butt = ellipse_points(0.04, 0, 0.03, _club_half_width(0.04, w), 8, math.pi / 2, math.pi * 1.5)
    outline = top + head[1:-1] + list(reversed(bot)) + butt[1:-1]
    # Knots (stubs of cut branches) are drawn first so the trunk overlaps their roots.
    knots = [(0.30, -1, 0.9), (0.48, 1, 1.0), (0.66, -1, 1.1), (0.82, 1, 1.0)]
    for x, side, size in knots:
        hwk = _club_half_width(x, w)
        base = side * hwk * 0.6
        tipy = side * (hwk + w * 0.32 * size)
        stub = [(x - w * 0.22 * size, base), (x + 0.035 - w * 0.12, tipy), (x + 0.035 + w * 0.12, tipy),
                (x + w * 0.22 * size, base)]
        pen.poly(stub, GREEN, INK)
        pen.ellipse((x + 0.035, tipy), w * 0.13 * size, w * 0.07 * size, TAN, INK, w=thin, n=14)
    pen.poly(outline, GREEN, None)
    shade = [(x, _club_half_width(x, w) * 0.96) for x in xs]
    pen.poly([(x, _club_half_width(x, w) * 0.25) for x in xs] + list(reversed(shade)), GREEN_DARK, None)
    pen.lines([(x, -_club_half_width(x, w) * 0.45) for x in xs[2:-2]], GREEN_LIGHT, w=pen.line * 1.2)
    pen.poly(outline, None, INK)
    # Wood grain: a few short strokes.
    for x0 in (0.2, 0.42, 0.6, 0.76):
        pen.lines([(x0, -_club_half_width(x0, w) * 0.1), (x0 + 0.07, _club_half_width(x0, w) * 0.05)],
                  GREEN_DARK, w=thin)
    # Cut face of the head.
    pen.ellipse((0.965, 0), 0.035, _club_half_width(0.96, w) * 0.8, BROWN_LIGHT, INK, w=thin, n=16)
    pen.ellipse((0.965, 0), 0.015, _club_half_width(0.96, w) * 0.35, BROWN, None, n=12)
    # Binding near the butt.
    for x in (0.12, 0.15):
        hwb = _club_half_width(x, w) * 1.08
        pen.poly([(x - 0.012, -hwb), (x + 0.012, -hwb), (x + 0.012, hwb), (x - 0.012, hwb)], RED, INK, w=thin)
    if ornate:
        # Young leaves sprouting from the knots: the ace's living branch.
        for x, side, size in knots[1:]:
            hwk = _club_half_width(x, w)
            tipy = side * (hwk + w * 0.32 * size)
            _leaf(pen, (x + 0.035, tipy), (x + 0.13, tipy + side * w * 0.9))
        _leaf(pen, (0.98, -_club_half_width(0.96, w) * 0.5), (1.08, -_club_half_width(0.96, w) * 1.6))
        _leaf(pen, (0.98, _club_half_width(0.96, w) * 0.5), (1.08, _club_half_width(0.96, w) * 1.5))


def _leaf(pen: Pen, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A pointed leaf from ``a`` to ``b`` with a midrib."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    nx, ny = -dy * 0.32, dx * 0.32
    mid1 = (a[0] + dx * 0.5 + nx, a[1] + dy * 0.5 + ny)
    mid2 = (a[0] + dx * 0.5 - nx, a[1] + dy * 0.5 - ny)
    pts = bezier(a, mid1, mid1, b, 8) + bezier(b, mid2, mid2, a, 8)[1:-1]
    pen.poly(pts, GREEN_LIGHT, INK, w=pen.line * 0.7)
    pen.lines([a, (a[0] + dx * 0.8, a[1] + dy * 0.8)], GREEN_DARK, w=pen.line * 0.5)


def draw_emblem(pen: Pen, suit: str, ornate: bool = False) -> None:
    """One emblem centred on the pen's origin in a 2 x 2 box (for icons and held emblems)."""
    if suit == "O":
        draw_oro(pen.sub(0, 0, 0.68 if ornate else 0.95), ornate)
    elif suit == "C":
        draw_copa(pen.sub(0, 0, 1.9), ornate)
    elif suit == "E":
        draw_espada(pen.along((-0.6, 0.9), (0.6, -0.9)), w=0.13, ornate=ornate)
    elif suit == "B":
        draw_basto(pen.along((-0.56, 0.86), (0.56, -0.86)), w=0.23, ornate=ornate)
    else:
        raise ValueError(f"unknown suit {suit!r}: expected one of O, C, E, B")
