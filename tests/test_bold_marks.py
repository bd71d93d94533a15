"""Bold names keep their letters: the font's made-up bold ran the two dots of "ü", "ë", "ï" (and
the two strokes of "ő") into one bar, so "Raül" read "Raūl" on the handoff, the match end and the
table's plates, while the regular weight beside it drew "Raül"."""

from __future__ import annotations

import pygame
import pytest

from game.ui.text import Typography

NAMES = "Raül Zoë Loïc Müller"


@pytest.fixture(scope="module")
def typo() -> Typography:
    pygame.font.init()
    typo = Typography()
    typo.configure(1.0, 1)   # design size = real size: every size from the smallest up
    return typo


def two_parts(typo: Typography, letter: str, base: str, size: int, bold: bool) -> bool:
    """Does some row of ``letter`` above its ``base`` letter's body show two parts: two inked spans
    with a clear gap (under 60 % of them) between, as two dots are and a bar is not?"""
    surf = typo.render(letter, size, bold=bold)
    top = typo.render(base, size, bold=bold).get_bounding_rect().top
    for y in range(top):
        ink = [surf.get_at((x, y)).a for x in range(surf.get_width())]
        most = max(ink)
        if most < 128:
            continue
        dark = [x for x, a in enumerate(ink) if a >= 0.8 * most]
        if any(ink[x] <= 0.6 * most for x in range(dark[0], dark[-1])):
            return True
    return False


@pytest.mark.parametrize("size", range(14, 57, 2))
def test_a_bold_letter_with_two_dots_shows_two_dots_wherever_the_regular_one_does(typo, size):
    for letter, base in (("ü", "u"), ("ë", "e"), ("ï", "\u0131"), ("ö", "o"), ("ő", "o")):
        assert two_parts(typo, letter, base, size, True) == two_parts(typo, letter, base, size, False), (letter, size)
    if size >= 24:   # large enough that the regular weight's dots stand apart: bold's too, a bar does not
        assert all(two_parts(typo, letter, base, size, True) for letter, base in (("ü", "u"), ("ë", "e"), ("ï", "\u0131")))
        assert not two_parts(typo, "ū", "u", size, True)


@pytest.mark.parametrize("size", (20, 26, 36, 52))
def test_a_bold_name_with_dots_is_as_wide_as_measured_and_not_drawn_with_bars(typo, size):
    drawn = typo.render(NAMES, size, bold=True)
    assert drawn.get_width() == typo.size(NAMES, size, True)[0]   # fitted to a room by that measure
    bars = typo.render("Raūl Zoē Loīc Mūller", size, bold=True)
    assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(bars, "RGBA")
