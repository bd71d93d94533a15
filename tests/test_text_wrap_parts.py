"""A line of parts joined by " · " breaks between its parts where that takes no more lines.

The review's "Gana Ana: +20 · puntos 39 – 36" broke on a narrow phone as "Gana Ana: +20 · puntos" /
"39 – 36", which reads the running score's "puntos" as the baza's; the table's key help broke
"L última" / "baza". A break at the " · " reads as two parts; the separator never begins or ends a
line; and where breaking between parts would take more lines than filling each line, each line is
filled as before (a box measured for so many lines keeps them)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.text import SEPARATOR, Typography
from game.ui.words import es

SEP = f" {SEPARATOR} "
WON = "Gana Ana: +20 · puntos 39\u00a0–\u00a036"
KEYS = es.WORDS["play.keys_senas"]


@pytest.fixture(scope="module")
def typo():
    pygame.init()
    return Typography()


def packed(typo: Typography, items: list[str], joiner: str, size: int, width: int) -> list[str]:
    """Each line filled with as many items as fit, joined by ``joiner`` (written here again)."""
    lines, line = [], ""
    for item in items:
        trial = f"{line}{joiner}{item}" if line else item
        if line and typo.size(trial, size)[0] > width:
            lines.append(line)
            line = item
        else:
            line = trial
    return lines + [line]


def filled(typo: Typography, text: str, size: int, width: int) -> list[str]:
    """Each line filled with as many words as fit (the plain way)."""
    return packed(typo, text.split(" "), " ", size, width)


def by_parts(typo: Typography, text: str, size: int, width: int) -> list[str]:
    """Each line filled with as many whole parts as fit (the fewest lines that keep parts whole)."""
    return packed(typo, text.split(SEP), SEP, size, width)


def test_the_won_line_breaks_between_the_baza_and_the_score(typo):
    width = typo.size("Gana Ana: +20 · puntos", 28)[0] + 2   # the plain way keeps "· puntos" up
    assert filled(typo, WON, 28, width) == ["Gana Ana: +20 · puntos", "39\u00a0–\u00a036"]
    assert typo.wrap(WON, 28, width) == ["Gana Ana: +20", "puntos 39\u00a0–\u00a036"]


def test_a_separator_never_ends_a_line(typo):
    width = typo.size("Gana Ana: +20 ·", 28)[0] + 1   # "· puntos" does not fit after it
    lines = typo.wrap(WON, 28, width)
    assert lines[0] == "Gana Ana: +20"
    assert all(not line.startswith(SEPARATOR) and not line.endswith(SEPARATOR) for line in lines)


@pytest.mark.parametrize("width", range(160, 760, 20))
def test_the_key_help_keeps_its_parts_whole_where_it_costs_no_line(typo, width):
    lines = typo.wrap(KEYS, 22, width)
    plain, parted = filled(typo, KEYS, 22, width), by_parts(typo, KEYS, 22, width)
    assert len(lines) <= len(plain)   # never more lines than filled lines: a box measured for them holds them
    assert " ".join(lines).replace(f"{SEPARATOR} ", "") == KEYS.replace(f"{SEPARATOR} ", "")   # nothing lost
    assert all(not line.startswith(SEPARATOR) and not line.endswith(SEPARATOR) for line in lines)
    if len(parted) <= len(plain):
        assert lines == parted   # the parts kept whole: they cost no line here
    else:
        assert lines == [line.removesuffix(f" {SEPARATOR}") for line in plain]


def test_some_widths_keep_the_parts_and_some_cannot(typo):
    """(The test above must meet both of its cases, or it proves half of what it says.)"""
    kept = [len(by_parts(typo, KEYS, 22, w)) <= len(filled(typo, KEYS, 22, w)) for w in range(160, 760, 20)]
    assert any(kept) and not all(kept)
    assert any(filled(typo, KEYS, 22, w) != by_parts(typo, KEYS, 22, w) for w, k in zip(range(160, 760, 20), kept) if k)


LONG = "Gana Ana: +20 · puntos 39\u00a0–\u00a036 tras once bazas de la mano"


def test_a_part_wider_than_the_line_is_filled_and_no_separator_begins_or_ends_a_line(typo):
    """Where a part does not fit a line of its own, the text is filled word by word; a break that
    falls at the " · " still leaves it out, and no line runs wider than its room (but a word that
    is wider alone)."""
    words = [w for w in LONG.split(" ") if w != SEPARATOR]
    narrow = max(typo.size(w, 28)[0] for w in words)
    widths = range(narrow, typo.size(LONG, 28)[0], 3)
    # (the widths where the break falls at the separator: before it, and after it)
    ends = [typo.size("Gana Ana: +20", 28)[0], typo.size("Gana Ana: +20 ·", 28)[0]]
    for width in [narrow - 1, *widths, *ends]:   # (narrower than a word: that word alone on its line)
        lines = typo.wrap(LONG, 28, width)
        assert [w for line in lines for w in line.split(" ") if w != SEPARATOR] == words, (width, lines)
        assert all(line and not line.startswith(SEPARATOR) and not line.endswith(SEPARATOR) for line in lines), (width, lines)
        assert all(typo.size(line, 28)[0] <= width or " " not in line for line in lines), (width, lines)
    assert typo.wrap(LONG, 28, ends[0])[0] == "Gana Ana: +20" == typo.wrap(LONG, 28, ends[1])[0]
    # a word wider than its room first on a line: on that line, with no empty line over it
    assert typo.wrap("Maximiliano", 28, typo.size("Maximiliano", 28)[0] - 1) == ["Maximiliano"]


def test_a_line_of_parts_exactly_as_wide_as_its_room_keeps_them(typo):
    """At the widths where a line of whole parts fills its room to the pixel, the parts are kept
    as where there is a pixel to spare."""
    widths = sorted({typo.size(line, 22)[0] for w in range(160, 760, 20) for line in by_parts(typo, KEYS, 22, w)})
    widest = max(typo.size(part, 22)[0] for part in KEYS.split(SEP))   # (narrower: no part may be cut)
    met = 0
    for width in (w for w in widths if w >= widest):
        parted, plain = by_parts(typo, KEYS, 22, width), filled(typo, KEYS, 22, width)
        if len(parted) <= len(plain) and len(parted) > 1:
            assert typo.wrap(KEYS, 22, width) == parted, width
            met += 1
    assert met


def test_a_line_break_in_a_text_of_parts_stays_a_break(typo):
    """Paragraphs are kept where the parts are: two lines of parts given apart stay apart, at a
    width where they break between parts as at one where both would fit on one line."""
    text = f"{WON}\nBaza 3 de 20{SEP}triunfo: oros"
    for width in (typo.size("Gana Ana: +20", 28)[0] + 2, typo.size(text.replace("\n", " "), 28)[0] + 10):
        lines = typo.wrap(text, 28, width)
        assert "Gana Ana: +20 · puntos 39\u00a0–\u00a036".startswith(lines[0]), (width, lines)
        assert [line for line in lines if line.startswith("Baza 3")], (width, lines)   # its own line
