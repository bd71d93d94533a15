"""Bold names keep their letters: the font's made-up bold ran the two dots of "ü", "ë", "ï" (and
the two strokes of "ő") into one bar, so "Raül" read "Raūl" on the handoff, the match end and the
table's plates, while the regular weight beside it drew "Raül". The capitals' marks ("Ömer
Üzüm") then came out as a 1-2 px sliver on the letter: pygame draws "Ü" taller and lower than "U"
alone, and the mark was cut where "U" alone begins (an outside tester, round 37)."""

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


MARKED = (("ü", "u"), ("ë", "e"), ("ï", "\u0131"), ("ö", "o"), ("ő", "o"),
          ("Ü", "U"), ("Ö", "O"), ("Ï", "I"), ("Ë", "E"), ("Ő", "O"))


def mark(typo: Typography, letter: str, base: str, size: int, bold: bool) -> tuple[tuple[int, int], float]:
    """``letter``'s mark as drawn: how many rows each of its halves (each dot, each stroke) inks,
    and how far its middle stands right of the middle of the letter's body. The body: the rows of
    ``base`` drawn alone, matched at the bottom; the row just over it left out (the body's edge,
    drawn at another fraction of a pixel in the accented letter's picture)."""
    pic = typo.render(letter, size, bold=bold)
    body = typo.render(base, size, bold=bold).get_bounding_rect(min_alpha=128)
    top = body.top + pic.get_bounding_rect(min_alpha=128).bottom - body.bottom - 1
    inked = [[pic.get_at((x, y)).a >= 128 for x in range(pic.get_width())] for y in range(pic.get_height())]
    cols = [x for x in range(pic.get_width()) if any(inked[y][x] for y in range(top))]
    under = [x for x in range(pic.get_width()) if any(inked[y][x] for y in range(top + 1, pic.get_height()))]
    if not cols:
        return (0, 0), 0.0
    middle = (cols[0] + cols[-1] + 1) / 2
    halves = tuple(sum(1 for y in range(top) if any(inked[y][x] for x in cols if (x < middle) == left))
                   for left in (True, False))
    return halves, middle - (under[0] + under[-1] + 1) / 2


@pytest.mark.parametrize("size", range(14, 57))
def test_a_bold_mark_stands_as_tall_as_the_regular_one_and_centred_over_its_letter(typo, size):
    for letter, base in MARKED:
        regular, offset = mark(typo, letter, base, size, False)
        if not all(regular):
            continue   # (14-16 px: no row of the regular mark is half inked over its body)
        halves, bold_offset = mark(typo, letter, base, size, True)
        assert all(b >= 0.6 * r for b, r in zip(halves, regular)), (letter, size, halves, regular)   # not a sliver
        assert abs(bold_offset - offset) <= 1, (letter, size, bold_offset, offset)   # over its bold letter


@pytest.mark.parametrize("size", range(14, 57))
def test_a_bold_name_with_marks_is_drawn_as_tall_as_the_regular_one(typo, size):
    """pygame draws a line with "Ü" taller than one without; the bold name's picture is that tall,
    as the regular weight's is, so a plate or a label placed by its picture puts the name where the
    regular weight would (a shorter picture moved it by a row)."""
    for text in ("Ömer Üzüm", "Raül", "Zoë Ïsaac", "Őrs"):
        assert typo.render(text, size, bold=True).get_height() == typo.render(text, size).get_height(), text


def mark_offset(typo: Typography, marked: str, plain: str, at: int, size: int, bold: bool) -> float:
    """How far right of the middle of letter ``at``'s body (drawn in ``plain``, within the room the
    line gives it) the middle of its mark stands in ``marked``: the columns where they differ."""
    pic, flat = typo.render(marked, size, bold=bold), typo.render(plain, size, bold=bold)
    assert pic.get_size() == flat.get_size()   # (lower case: no rows added over the name)
    w, h = pic.get_size()
    cols = [x for x in range(w) if any(abs(pic.get_at((x, y)).a - flat.get_at((x, y)).a) >= 128 for y in range(h))]
    left, right = typo.size(plain[:at], size, bold)[0], typo.size(plain[:at + 1], size, bold)[0]
    body = [x for x in range(left, right) if any(flat.get_at((x, y)).a >= 128 for y in range(h))]
    assert cols and body, (marked, size, bold)
    return (cols[0] + cols[-1] + 1) / 2 - (body[0] + body[-1] + 1) / 2


@pytest.mark.parametrize("size", range(20, 57, 4))
def test_a_mark_late_in_a_long_bold_name_stands_over_its_own_letter(typo, size):
    """The marks of "ü" at the end of "Wolfgang Amadeus Müller" (and "ë" of "Anna Maria Zoë") stand
    over their letter where the bold line puts it, as the regular weight's do: bold letters are
    wider than regular ones, and a mark placed by the regular widths stood letters to the left."""
    for marked, plain in (("Wolfgang Amadeus Müller", "Wolfgang Amadeus Muller"), ("Anna Maria Zoë", "Anna Maria Zoe")):
        at = next(i for i, (a, b) in enumerate(zip(marked, plain)) if a != b)
        bold, regular = (mark_offset(typo, marked, plain, at, size, weight) for weight in (True, False))
        assert abs(bold - regular) <= 1, (marked, size, bold, regular)
