"""Which mouse buttons act: the left one (and the right one, kept as a press), never the wheel or
the middle button, which a player uses to scroll or by mistake; a middle click on a menu button
must not open it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.inputmap import InputMapper, Pointer
from game.ui.persist import Store
from game.ui.viewport import Viewport

DT = 1 / 30


@pytest.mark.parametrize("button", [2, 4, 5])
def test_the_middle_button_and_the_wheel_make_no_press(button):
    mapper = InputMapper()
    v = Viewport((1280, 720))
    assert mapper.map(drive.mouse_down((100, 100), button=button), v) == []
    assert mapper.map(drive.mouse_up((100, 100), button=button), v) == []


@pytest.mark.parametrize("button", [1, 3])
def test_the_left_and_right_buttons_press(button):
    mapper = InputMapper()
    v = Viewport((1280, 720))
    assert mapper.map(drive.mouse_down((100, 100), button=button), v) == [Pointer("down", (100, 100), button)]
    assert mapper.map(drive.mouse_up((100, 100), button=button), v) == [Pointer("up", (100, 100), button)]


def test_a_middle_click_on_a_menu_button_opens_nothing_a_left_click_does():
    app = App(Store(Storage(MemoryBackend())), window=False, seed=1, size=(1280, 720))
    app.go("menu")
    app.step(DT)
    rules = next(b for b in app.scene.bar.buttons if b.action == "rules")
    pos = rules.rect.center   # (the window is the logical size: no scaling)
    app.step(DT, [drive.mouse_down(pos, button=2), drive.mouse_up(pos, button=2)])
    app.step(DT)
    assert app.scene.name == "menu"
    app.step(DT, [drive.mouse_down(pos), drive.mouse_up(pos)])
    app.step(DT)
    assert app.scene.name == "rules"
