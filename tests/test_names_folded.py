"""Names as people read them, capitals (and for order, accents) aside: the remembered names offered
once per person, as the statistics count them, in the spelling used last; the statistics' people
in the order a Spanish reader expects (an outside tester, round 37)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from game.ui.seats import Seat, remember_names, remembered_names


def test_a_name_played_in_other_capitals_is_offered_once_as_last_spelt():
    """After "ana" and "Luis", then "Ana" and "LUIS", the seats screen offered four chips (the
    statistics count two people), and other people's names fell off the row."""
    settings: dict = {"names": ["Rosa"]}
    remember_names(settings, [Seat(True, "ana"), Seat(True, "Luis")])
    remember_names(settings, [Seat(True, "Ana"), Seat(True, "LUIS")])
    assert settings["names"] == ["Ana", "LUIS", "Rosa"]
    assert remembered_names({"names": ["Zoë", "ZOË", "zoë", "Ana", "ANA"]}) == ["Zoë", "Ana"]   # older settings
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=(1280, 720))
    app.settings.update(settings, last_options={"players": 2}, last_seats=[{"person": ""}, {"person": ""}])
    app.go("seats")
    app.step(1 / 30)
    assert [name for _, name in app.scene.chips()] == ["Ana", "LUIS", "Rosa"]
