"""Sound as a second channel (an outside tester with low vision, round 42): a baza sounded the
same click whoever took it unless your side took 10 points or more, and your turn had no sound at
all (only a vibration, which iPhones and laptops lack). Now the rivals' bazas sound two notes going
down, your side's two going up (or the chord for 10 points and more), and a soft sound says the
turn has come back to you after the computers played, with sound on only."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scenes.common import start_game

DT = 1 / 60


def played_hand(sound_on: bool, seed: int):
    """A two-player hand, the person playing their first card each turn: (the app, the sounds that
    reached the mixer in order)."""
    app = App(Store(Storage(MemoryBackend())), window=False, size=(1280, 720), seed=seed, catch_errors=False)
    app.settings["speed"] = "instant"
    app.settings["sound"] = sound_on
    app.sounds.enabled = sound_on
    if not app.sounds.available:
        pytest.skip("no mixer even with the dummy audio driver")
    heard = []
    get = app.sounds.get
    app.sounds.get = lambda name: heard.append(name) or get(name)   # called only for a sound that plays
    app.go(start_game(app, Options(players=2)).name)
    for _ in range(6000):
        scene = app.scene
        if scene.name == "scoring":
            return app, heard
        if scene.name == "play" and scene.human_turn() and not scene.table.animator.busy:
            app.step(DT)   # a frame with the turn on the screen before the key (no one is quicker)
            app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0)])
        else:
            app.step(DT)
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("seed", [3, 8])
def test_each_baza_sounds_by_who_took_it_and_the_turn_once_it_comes_back_after_the_computer(seed):
    app, heard = played_hand(True, seed)
    hand = app.session.hand
    bazas = ["theirs" if t.winner != 0 else ("win" if t.points >= 10 else "ours") for t in hand.tricks]
    assert [n for n in heard if n in ("win", "ours", "theirs")] == bazas
    assert "theirs" in bazas and ("ours" in bazas or "win" in bazas)
    order = [t.seat_of(i, 2) for t in hand.tricks for i in range(len(t.cards))]   # who played each card, in turn
    back = sum(1 for before, seat in zip(order, order[1:]) if seat == 0 and before == 1)
    assert heard.count("turn") == back > 0


def test_no_turn_sound_with_sound_off():
    _app, heard = played_hand(False, 3)
    assert heard == []
