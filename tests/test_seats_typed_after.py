"""The seats screen on a desktop after a name was typed: the window has sent TEXTINPUT, so keys are
known to come with their text apart. A letter pressed on a computer's row, where text input is off,
still makes that seat a person (SDL sends no TEXTINPUT while text input is off, so the key's own
letter is the only one there is)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from game.ui.seats import Seat
from test_ui_typing import key_of, text

DT = 1 / 30


def typed_on_a_desktop(app, s: str) -> None:
    """``s`` typed a letter a frame as a desktop's SDL sends it: the KEYDOWN, and the TEXTINPUT
    only while text input is on."""
    for ch in s:
        app.step(DT, [key_of(ch)] + ([text(ch)] if app.text_input.on else []))


def test_a_name_typed_on_a_computers_row_after_a_typed_name_makes_it_that_person():
    """"Ana" typed for seat 1, ↓ to the computer's seat and "Sam" typed: the seat is the person
    "Sam" (each letter waited for a TEXTINPUT that never came, and the seat stayed a computer)."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=(1280, 720))
    app.settings["last_options"] = {"players": 2}
    app.settings["last_seats"] = [{"person": ""}, {"cpu": "normal"}]
    app.go("seats")
    app.step(DT)
    seats = app.scene
    typed_on_a_desktop(app, "Ana")
    assert seats.chosen()[0] == Seat(True, "Ana")
    app.step(DT, [drive.key(pygame.K_DOWN)])
    assert seats.selected_row() == 1 and seats.selected_person() is None and not app.text_input.on
    typed_on_a_desktop(app, "Sam")
    assert seats.chosen() == (Seat(True, "Ana"), Seat(True, "Sam")) and seats.selected_row() == 1
