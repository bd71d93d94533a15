"""The corner numbers, the thing a low-vision player reads most (an outside tester, round 42): the
oros number was 4.30:1 on the cream face (4.02 to a deuteranope), and with large text every word
grew but the numbers stayed 11.2 CSS px tall on a 360x640 phone's hand."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from colours import contrast, deutan
from game.cards import Card
from game.ui.art.cards import face_layout
from game.ui.art.pen import FACE, INDEX_COLORS
from game.ui.desktop.audit import make_app


@pytest.mark.parametrize("suit", "OCEB")
def test_each_suits_corner_number_reads_on_the_face_also_to_a_deuteranope(suit):
    colour = INDEX_COLORS[suit]
    assert contrast(colour, FACE) >= 4.5
    assert contrast(deutan(colour), deutan(FACE)) >= 4.5


def number_height(face, suit: str) -> int:
    """Rows of the top-left corner (inside the frame, above the pips' room of a big face) holding
    pixels of the number's colour: the height of the number as drawn."""
    lay = face_layout(*face.get_size(), suit, big=True)
    x, y, w, h = (round(v) for v in lay.index)
    ink = INDEX_COLORS[suit]
    rows = [row for row in range(lay.frame[1] + lay.line, y + h + 2)
            if any(sum(abs(a - b) for a, b in zip(face.get_at((col, row))[:3], ink)) < 90
                   for col in range(x - 1, x + w + 1))]
    return max(rows) - min(rows) + 1 if rows else 0


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_large_text_makes_the_hand_cards_corner_numbers_taller(size):
    heights = {}
    for large in (False, True):
        app = make_app(size, large)
        scale = app.layout.table.hand_scale
        heights[large] = [number_height(app.sprites.get(Card.parse(card), scale, 0), card[-1])
                          for card in ("2O", "7C", "12E")]
    for normal, large in zip(heights[False], heights[True]):
        assert normal > 0 and large >= 1.2 * normal, heights
