"""The menu's saved-match line in pairs when the first person does not sit at seat 0.

An outside mutation audit (round 36): every test save had its first person at seat 0, so the line
could start with the wrong side (" y 2 máquinas contra Ana y una máquina (0–1)") and no test noticed.
docs/ui.md: the first person's side first, with its hands won first.  "¿Quién juega?" can put a
computer at seat 0 and Ana at seat 1."""

from __future__ import annotations

import pytest

from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from game.ui.scenes.common import saved_where
from uidrive import plain

# pairs: seats 0 and 2 are one side, 1 and 3 the other; side 1 has won one hand, side 0 none
INFO = {"players": 4, "hand": 2, "trick": 3, "wins": [0, 1], "first_to": 2}
CPU = {"cpu": "normal"}


@pytest.fixture(scope="module")
def app() -> App:
    return App(Store(Storage(MemoryBackend())), window=True, seed=5, size=(1280, 720))


@pytest.mark.parametrize("seats, line", [
    ([CPU, {"person": "Ana"}, CPU, CPU], "Ana y 3 máquinas (1–0), mano 2, baza 3"),
    ([CPU, {"person": "Ana"}, {"person": "Luis"}, CPU], "Ana y una máquina contra Luis y una máquina (1–0), mano 2, baza 3"),
    ([CPU, {"person": "Ana"}, CPU, {"person": "Núria"}], "Ana, Núria y 2 máquinas (1–0), mano 2, baza 3"),
    ([CPU, CPU, {"person": "Ana"}, CPU], "Ana y 3 máquinas (0–1), mano 2, baza 3"),
])
def test_the_first_persons_side_comes_first_wherever_that_person_sits(app, seats, line):
    app.set_setting("lang", "es")
    assert plain(saved_where(app, INFO, seats)) == line
