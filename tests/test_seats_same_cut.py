"""The seats screen blames the 14-letter cut for two equal names only when a seat of that pair was cut.

An outside mutation audit (round 36): the tests only had the cut seat in the pair, so "Dos nombres
iguales en las 14 letras que caben" could be said of two people typed "Ana" on purpose (after one
of them had once been cut and erased, or with a third seat's long name cut) and no test noticed.
docs/ui.md: otherwise it is "Dos personas con el mismo nombre"."""

from __future__ import annotations

import pygame

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from game.ui.seats import NAME_MAX
from test_ui_typing import key_of

DT = 1 / 30
LONG = "Maximiliano Ferrer"   # longer than NAME_MAX: cut


def seats_app(players: int):
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=(1280, 720))
    app.settings["last_options"] = {"players": players}
    app.settings["last_seats"] = [{"person": ""} for _ in range(players)]
    app.go("seats")
    app.step(DT)
    return app, app.scene


def typed(name: str) -> list:
    return [key_of(ch) for ch in name]


def test_a_name_cut_then_erased_and_typed_again_is_no_cut():
    app, seats = seats_app(2)
    app.step(DT, typed(LONG))
    assert seats.message == "seats.name_full"
    app.step(DT, [drive.key(pygame.K_BACKSPACE)] * NAME_MAX + typed("Ana"))
    app.step(DT, [drive.key(pygame.K_DOWN)] + typed("Ana") + [drive.key(pygame.K_RETURN)])
    assert [s.name for s in seats.chosen()] == ["Ana", "Ana"]
    assert app.scene is seats and seats.message == "seats.same_name"


def test_a_third_seats_cut_name_is_no_cut_of_the_pair_with_the_same_name():
    app, seats = seats_app(3)
    app.step(DT, typed("Ana") + [drive.key(pygame.K_DOWN)] + typed("Ana") + [drive.key(pygame.K_DOWN)] + typed(LONG))
    assert [s.name for s in seats.chosen()] == ["Ana", "Ana", LONG[:NAME_MAX]]
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene is seats and seats.message == "seats.same_name"
    assert "mismo nombre" in app.t(seats.message, n=NAME_MAX)
