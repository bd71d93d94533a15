"""A name too wide for its room is cut short with "…": the longest beginning that fits, or with
``front`` (a name being typed, whose end is the letters just typed) the longest end. Measured at
every width where one letter more or less makes the difference: the cut fits its room, one letter
more would not, at least one letter shows, and no space stands by the "…" ("… Pérez" spent the
room on a space)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.text import ELLIPSIS, Typography

NAMES = ("Maximiliano Pérez", "WWWWWWWWWWWWWW", "Ana María de la O", "Ïsaac Ömer Üzüm")


@pytest.fixture(scope="module")
def typo() -> Typography:
    pygame.font.init()
    return Typography()


def cuts(text: str, front: bool) -> list[str]:
    """Every cut of ``text`` with "…", from one letter kept to all but one."""
    if front:
        return [ELLIPSIS + text[-n:].lstrip() for n in range(1, len(text))]
    return [text[:n].rstrip() + ELLIPSIS for n in range(1, len(text))]


@pytest.mark.parametrize("front", [False, True])
@pytest.mark.parametrize("bold", [False, True])
def test_a_cut_name_is_the_longest_that_fits_its_room(typo, front, bold):
    size = 24
    for name in NAMES:
        whole = typo.size(name, size, bold)[0]
        # the widths where a cut just fits, and one pixel under each
        widths = sorted({typo.size(c, size, bold)[0] + d for c in cuts(name, front) for d in (0, -1)})
        for width in [w for w in widths if w < whole] + [whole]:
            got = typo.ellipsize(name, size, width, bold, front=front)
            if width >= whole:
                assert got == name
                continue
            assert got in cuts(name, front), (name, width, got)
            kept = got.replace(ELLIPSIS, "")
            assert kept.strip() == kept and kept, (name, width, got)   # letters by the "…", at least one
            if len(kept) > 1:
                assert typo.size(got, size, bold)[0] <= width, (name, width, got)
            longer = [c for c in cuts(name, front) if len(c) > len(got)]
            assert all(typo.size(c, size, bold)[0] > width for c in longer), (name, width, got)


def test_a_room_narrower_than_one_letter_still_shows_one(typo):
    assert typo.ellipsize("Pérez", 24, 1) == "P" + ELLIPSIS
    assert typo.ellipsize("Pérez", 24, 1, front=True) == ELLIPSIS + "z"
