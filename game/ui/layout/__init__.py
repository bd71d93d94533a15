"""Layout as data: the logical screen and every rectangle the scenes draw in, from the screen's size.

Why: scenes never hold coordinates. ``compute(window)`` picks a form from the drawable size and its
aspect ratio and returns a :class:`Layout` whose fields name every place on screen: where each
seat's hand, avatar and won pile lie, the table, stock and muestra, the HUD panels, the buttons of
each screen. The app computes it at start and again on every resize or rotation and hands it to
the scene (``Scene.relayout``); a scene reads ``self.app.layout``.

Forms (``Layout.form``):

* ``desktop``: a landscape screen at least 500 CSS px tall (laptops, monitors, tablets sideways);
* ``phone-landscape``: a landscape screen less than 500 CSS px tall (a phone held sideways);
* ``phone``: a portrait screen (narrower than tall) less than 600 CSS px wide (a phone held upright);
* ``tablet``: a portrait screen at least 600 CSS px wide.

The logical surface takes the screen's aspect ratio, so the picture fills the screen: landscape
forms are 720 logical px tall (1280 wide when the screen is squarer than 16:9), portrait forms 720
wide. ``Layout.css_scale`` turns logical px into CSS px of the page (what fingers and eyes
measure); ``touch`` is the smallest tap target (44 CSS px) and ``font_floor`` the smallest font
whose letters stand 12 CSS px tall, both in logical px. Every figure of the desktop form was drawn
for 1280x720; the others follow from the screen.

This module chooses the form and computes it; the records and the measures are in ``geometry``,
each form's places in ``forms`` (``landscape``, ``portrait``), and their names are given out here.

``python -m game.ui.layout --size WxH [--large]`` is the layout audit (``game.ui.desktop.audit``).
"""

from __future__ import annotations

import math

import pygame

from game.ui.layout.forms import landscape, portrait, trump_width
from game.ui.layout.geometry import (CARD_H, CARD_SLOP, CARD_W, DESIGN, LARGE_TEXT, MAX_ASPECT, MIN_GAP_CSS,
                                     MIN_HAND_CARD_CSS, MIN_SCREEN, MIN_TAP_CSS, MIN_TEXT_CSS, PILE_LAYERS,
                                     PILE_STEP, PLACES, SHORT, HudGeometry, Layout, MenuGeometry, TableGeometry)
from game.ui.text import font_px

__all__ = ["DESIGN", "PLACES", "MIN_TAP_CSS", "MIN_TEXT_CSS", "MIN_HAND_CARD_CSS", "MIN_GAP_CSS", "CARD_SLOP",
           "MIN_SCREEN", "LARGE_TEXT", "SHORT", "MAX_ASPECT", "CARD_W", "CARD_H", "PILE_LAYERS", "PILE_STEP",
           "TableGeometry", "HudGeometry", "MenuGeometry", "Layout", "parse_size", "font_floor", "choose",
           "trump_width", "compute"]


def parse_size(text: str) -> tuple[int, int]:
    """"390x844" -> (390, 844) (a screen in CSS px, for ``--size``); a clear ValueError for anything else."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"size {text[:20]!r} is not WIDTHxHEIGHT (e.g. 390x844)") from None
    if not (100 <= w <= 10000 and 100 <= h <= 10000):
        raise ValueError(f"size {w}x{h} is out of range (100..10000 each side)")
    return w, h


_floors: dict[float, int] = {}


def font_floor(css_scale: float) -> int:
    """The smallest ``Font(None, px)`` whose letters (ascent + descent) stand 12 CSS px tall."""
    key = round(css_scale, 4)
    floor = _floors.get(key)
    if floor is None:
        if not pygame.font.get_init():
            pygame.font.init()
        floor = 8
        while pygame.font.Font(None, floor).get_height() * css_scale < MIN_TEXT_CSS and floor < 400:
            floor += 1
        _floors[key] = floor
    return floor


_metrics: dict[int, tuple[int, int]] = {}


def _metric(size: int, css_scale: float, large_text: bool) -> tuple[int, int]:
    """(line size, height) of design size ``size`` as the scenes draw it (``text.font_px``'s px), the
    font loaded once per px (a layout is computed at every resize, and loading one took 0.2 ms)."""
    px = font_px(size, font_floor(css_scale), LARGE_TEXT if large_text else 1.0)
    found = _metrics.get(px)
    if found is None:
        font = pygame.font.Font(None, px)
        found = _metrics[px] = (font.get_linesize(), font.get_height())
    return found


def _label_height(css_scale: float, large_text: bool) -> int:
    """How tall a name (design size 26, a line) and one line of the level under it (20) stand, as the
    table draws them (at ``text.font_px``'s sizes)."""
    return _metric(26, css_scale, large_text)[0] - 2 + _metric(20, css_scale, large_text)[1]


def _lines(css_scale: float, large_text: bool, *sizes: int) -> int:
    """How tall lines of these design sizes stand one under another, as the scenes draw them: the trump
    panel's two ("Triunfo", 22, over the suit's name, 32: on a 360x360 screen they ran into the panel's
    edges), the keys' help at the top (20)."""
    return sum(_metric(size, css_scale, large_text)[0] for size in sizes)


def choose(window: tuple[int, int]) -> tuple[str, tuple[int, int]]:
    """The form and the logical size for a screen of ``window`` CSS px."""
    ww, wh = window
    if ww <= 0 or wh <= 0:
        return "desktop", DESIGN
    aspect = ww / wh
    if aspect < 1.0:
        form = "phone" if ww < 600 else "tablet"
        return form, (SHORT, round(SHORT / max(aspect, 1 / MAX_ASPECT)))
    form = "phone-landscape" if wh < 500 else "desktop"
    if aspect >= DESIGN[0] / DESIGN[1]:
        return form, (round(SHORT * min(aspect, MAX_ASPECT)), SHORT)
    return form, (DESIGN[0], round(DESIGN[0] / aspect))


def compute(window: tuple[int, int] = DESIGN, css_scale: float | None = None, large_text: bool = False,
            senas: bool = True, players: int | None = None, sena_chars: int = 4, by_finger: bool = False) -> Layout:
    """The layout for a screen of ``window`` pixels (CSS pixels in the browser).

    The logical surface takes the screen's aspect ratio; ``css_scale`` says how big one logical
    pixel is on the screen (by default: the scale that fits the surface into the window).  A side
    under ``MIN_SCREEN`` (a tab being resized, a hidden frame) is laid out as ``MIN_SCREEN`` and the
    picture shrunk into it: a 1 px window would ask for cards thousands of px wide.  ``senas``: the
    match on has señas (pairs with the option), so the screen held upright keeps their row (held
    sideways, the hand takes their room where it needs it);
    ``players``: the match's (None: none on), which a phone held sideways on a very short screen
    needs to know (with two there are no side players to make room for); ``sena_chars``: the letters
    of the señas' title in the language in use ("Seña" 4, "Signal" 6), which a phone held sideways
    makes room for on the left of their row; ``by_finger``: the device is played by finger (a tablet held
    sideways has the desktop's shape, but no keys are shown on it).
    """
    given = window
    if window[0] > 0 and window[1] > 0:
        window = (max(window[0], MIN_SCREEN), max(window[1], MIN_SCREEN))
    form, size = choose(window)
    if css_scale is None:
        ww, wh = window
        css_scale = min(ww / size[0], wh / size[1]) if ww > 0 and wh > 0 else 1.0
    touch = math.ceil(MIN_TAP_CSS / css_scale)
    hand_min = (MIN_HAND_CARD_CSS + 2) / css_scale / CARD_W  # the hand's card scale for 70 CSS px (and a margin)
    line = round(0.75 * max(28, font_floor(css_scale)) * (LARGE_TEXT if large_text else 1.0))  # about a line of text
    keys = form == "desktop" and not by_finger   # the keys' help shown (a line at the top of the table)
    if form in ("phone", "tablet"):
        table, hud, menu = portrait(size, touch, form == "phone", line, hand_min, senas, players)
    else:
        table, hud, menu = landscape(size, form == "phone-landscape", touch, hand_min, line, players, senas,
                                      sena_chars, label_h=_label_height(css_scale, large_text),
                                      trump_h=_lines(css_scale, large_text, 22, 32),
                                      keys_h=_lines(css_scale, large_text, 20) if keys else 0)
    return Layout(form, size, css_scale, LARGE_TEXT if large_text else 1.0, table, hud, menu,
                  touch=touch, font_floor=font_floor(css_scale), show_keys=keys, window=tuple(given))
