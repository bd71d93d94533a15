"""The name's letter keys on the seats screen: under its list, or on a small phone's typing screen.

Why: a name is typed by finger where no keyboard is attached. Under the seats' list the keys go where
the screen leaves room; where that room would make them smaller than a finger, they get a screen of
their own, laid out as a phone's own keyboard is: the keys at the bottom, under the thumb, the name
being typed and "Listo" right above them (until round 39 the keys filled the top 9-45 % of a 360x640
screen, 2 CSS px apart, and its lower half was empty felt: an outside tester, one thumb). Where the
phone's own keyboard is up (the page shorter by a keyboard's height), it types, and this screen draws
no keys of its own: the name and "Listo" stand at the bottom of what is left.
"""

from __future__ import annotations

from typing import Any

import pygame

ACCENT = "´"   # the on-screen key that accents the vowel before it
LETTERS = ("QWERTYUIOP", "ASDFGHJKLÑ", "ZXCVBNMÇ")
#: Too narrow for the typewriter's rows of ten, the keys go in the alphabet's order: the typewriter's
#: letters wrapped at a phone's seven a row ("QWERTYU / IOPASDF / …") were neither, and a child
#: hunting for the letters of "ABUELA" had to scan every key (an outside tester, round 35).
ALPHABET = "ABCDEFGHIJKLMNÑOPQRSTUVWXYZÇ"
#: Between two keys of the typing screen, CSS px, where the screen has room for it (a phone's own
#: keyboard leaves 5-12; 4 logical px, 1.7-2.0 CSS px on a small phone, let a thumb's tap take the
#: neighbour), and the least, logical px, where it has not.
KEY_GAP_CSS, KEY_GAP_MIN = 6, 4

Keys = list[tuple[pygame.Rect, str]]


def keyboard(lay: Any, top: int, bottom: int, width: int, gap: int = KEY_GAP_MIN) -> Keys:
    """The letter keys (and space, accent, erase) between ``top`` and ``bottom``, centred in ``width``,
    as (rect, what): as many keys a row as fit at the layout's smallest tap size, ``gap`` apart."""
    per_row = max(5, min(14, (width + gap) // (lay.touch + gap)))
    if per_row >= len(LETTERS[0]):   # the typewriter's rows, where they fit with keys a finger takes
        keys = key_rows(lay, [*LETTERS, ""], len(LETTERS[0]), top, bottom, width, gap)   # (as wide as ten take)
        if all(min(rect.size) >= lay.touch for rect, _ in keys):
            return keys
    return key_rows(lay, [ALPHABET[i:i + per_row] for i in range(0, len(ALPHABET), per_row)] + [""],
                    per_row, top, bottom, width, gap)


def key_rows(lay: Any, rows: list[str], per_row: int, top: int, bottom: int, width: int, gap: int) -> Keys:
    """``rows`` of letters (the last, empty: space, accent, erase) as keys, ``per_row`` wide."""
    key_w = max(lay.touch, min(72, (width + gap) // per_row - gap))
    room = (bottom - top) // len(rows) - gap  # a key's height: a tap target, unless the screen is too short
    key_h = min(max(lay.touch, min(52, room)), max(24, room))
    out = []
    for r, row in enumerate(rows):
        last = [(" ", min(3, max(1, per_row - 4))), (ACCENT, 2), ("\b", 2)]   # no wider than a row
        items = [(ch, 1) for ch in row] if row else last
        x = lay.cx - sum(span for _, span in items) * (key_w + gap) // 2
        for ch, span in items:
            out.append((pygame.Rect(x, top + r * (key_h + gap), span * (key_w + gap) - gap, key_h), ch))
            x += span * (key_w + gap)
    return out


def typing_screen(lay: Any, line: int, phone_keys: bool) -> tuple[pygame.Rect, pygame.Rect, Keys]:
    """The typing screen's places: the name's box, "Listo" and the keys. The keys end as far over the
    bottom as every screen's buttons, ``KEY_GAP_CSS`` apart where the screen is tall enough (else
    closer); "Listo" right above them at the right, where the seats' own "Listo" lies; the name's box
    above it, or beside it where the screen is too short for both (a phone held sideways). With the
    phone's own keyboard up (``phone_keys``) no keys: the box and "Listo" at the bottom."""
    geo = lay.menu
    bottom = geo.back.bottom
    field_h = max(lay.touch, line + 16)
    width = lay.w - 24
    tries = [(gap, stacked) for gap in (max(KEY_GAP_MIN, round(KEY_GAP_CSS / lay.css_scale)), KEY_GAP_MIN)
             for stacked in (True, False)]
    for gap, stacked in tries:
        keys = [] if phone_keys else keyboard(lay, 0, 10 ** 5, width, gap)   # (as tall as a finger takes)
        above = 0 if phone_keys else max(r.bottom for r, _ in keys) + 2 * gap
        listo = pygame.Rect(geo.pair_right.x, bottom - above - geo.back.h, geo.pair_right.width, geo.back.h)
        field = pygame.Rect(20, listo.y - 12 - field_h, lay.w - 40, field_h)
        if not stacked:   # side by side: the box as tall as "Listo", left of it
            field = pygame.Rect(20, listo.y, listo.x - 32, listo.h)
        if field.top >= 8:
            break
    else:   # too short for the keys a finger takes with both above: smaller keys under them (as before)
        field.top = listo.top = 8
        keys = [] if phone_keys else keyboard(lay, listo.bottom + 2 * gap, bottom, width, gap)
    shift = 0 if phone_keys else bottom - max(r.bottom for r, _ in keys)
    return field, listo, [(rect.move(0, shift), ch) for rect, ch in keys]
