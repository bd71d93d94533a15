"""The seats screen's letter keys are never smaller than a finger's tap, whatever the screen.

An outside mutation audit (round 36): the keyboard tests' sizes never reached the fallback from the
typewriter's rows to the alphabet's, so at 653x280 (a folded phone sideways) keys 104 px across
against a tap size of 114 passed.  The keys take the typewriter's rows only where those fit with keys
a finger takes (seats_screen._keyboard)."""

from __future__ import annotations

import pytest

from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store

SIZES = [(1280, 720), (1024, 768), (768, 1024), (844, 390), (915, 412), (740, 360), (667, 375), (568, 320),
         (600, 300), (653, 280), (390, 844), (360, 640), (320, 480), (320, 568), (480, 320)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_letter_key_takes_a_finger(size):
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=size)
    app.settings["last_options"] = {"players": 2}
    app.go("seats")
    app.step(1 / 30)
    seats = app.scene
    keys = seats.inline_keys + seats.typing_keys
    assert keys and any(ch == "A" for _, ch in seats.typing_keys)
    small = [(ch, rect.size) for rect, ch in keys if min(rect.size) < app.layout.touch]
    assert not small, (app.layout.touch, small)
