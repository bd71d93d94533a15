"""The options' labels as drawn on a phone (mutation audit, mutation42): the English señas row said
"Signals (señas, 4" over "players)" at 360x640 until its number was bound to its word (a no-break
space); nothing checked that binding, so a catalogue edit typing a plain space undid it unseen."""

from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import uidrive as drive  # noqa: E402
from game.ui.desktop import audit  # noqa: E402


def test_the_senas_row_keeps_4_players_on_one_line_on_a_phone():
    """360x640, four players chosen: the señas' row's label wraps, and "4 players" stays together."""
    app = audit.make_app((360, 640), False, "en")
    app.go("options")
    app.step(1 / 60)
    for _ in range(4):   # the number of players on to four, where the señas' row shows
        row = next(r for r in app.scene.list.shown() if r.label == "opt.players")
        if row.value == 4:
            break
        row.change(1)
        app.step(1 / 60)
    assert row.value == 4
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    label = [" ".join(d.shown.split()) for d in seen if "Signals" in d.shown or "players)" in d.shown]
    assert len(label) == 2, label   # (on two lines: what this is about)
    assert [line for line in label if re.search(r"\b4\b", line)] == [line for line in label if "4 players" in line], label
