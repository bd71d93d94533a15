"""``Typography.wrap_long``: a word wider than the line (a folder's full path, a long file name) broken
where it reaches the edge. Each break was found letter by letter, from the end of what was left back to
the edge: for a very long word, as many measures as letters for every line (quadratic). It is found
by bisection now, with the same lines: checked against the letter-by-letter way, kept here."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.ui.text import Typography


@pytest.fixture(scope="module")
def typo():
    pygame.init()
    return Typography()


def letter_by_letter(typo: Typography, text: str, size: int, width: int) -> list[str]:
    """The way of before round 40, as it was."""
    out = []
    for line in typo.wrap(text, size, width):
        while typo.size(line, size)[0] > width and len(line) > 1:
            n = len(line) - 1
            while n > 1 and typo.size(line[:n], size)[0] > width:
                n -= 1
            out.append(line[:n])
            line = line[n:]
        out.append(line)
    return out


WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzWMiíl1/._-ÑñÀàçß", min_size=0, max_size=90)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(words=st.lists(WORD, min_size=1, max_size=6), size=st.sampled_from([18, 22, 24, 30]),
       width=st.integers(min_value=8, max_value=420), newline=st.booleans())
def test_the_same_lines_as_letter_by_letter(typo, words, size, width, newline):
    text = (" \n" if newline else " ").join(words)
    assert typo.wrap_long(text, size, width) == letter_by_letter(typo, text, size, width)


def test_a_very_long_word_takes_a_few_measures_a_line(typo, monkeypatch):
    """A path of 1,200 letters in a 200 px box: letter by letter, some 30,000 measures of ever shorter
    prefixes; by bisection a dozen or so a line."""
    path = "/home/" + "/".join(f"carpeta{i:03}" for i in range(120))
    measured = []
    size = typo.size
    monkeypatch.setattr(typo, "size", lambda text, *a, **k: measured.append(text) or size(text, *a, **k))
    lines = typo.wrap_long(f"Guardada en {path}", 22, 200)
    assert "".join(lines[1:]) == path and all(size(line, 22)[0] <= 200 for line in lines)
    assert len(measured) <= len(lines) * (math.log2(len(path)) + 4)
