"""Keys as a keyboard-only player meets them: the keypad's Enter, the señas' letters, the focus
shown from the start (an outside tester on keyboards that are not US QWERTY, round 36)."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scenes.common import start_game
from game.ui.widgets import Button, ButtonBar
from game.ui.inputmap import Key

DT = 1 / 30


def make_app(lang: str = "es") -> App:
    app = App(Store(Storage(MemoryBackend())), window=False, seed=3, size=(1280, 720))
    app.settings["speed"] = "instant"
    app.settings["lang"] = lang
    return app


def keypad_enter() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP_ENTER, mod=0, unicode="\r", scancode=88)


def wait(app: App, seconds: float = 0.5) -> None:
    for _ in range(int(seconds / DT)):
        app.step(DT)


def test_the_keypads_enter_presses_a_button_whose_key_is_enter():
    bar = ButtonBar([Button(pygame.Rect(0, 0, 100, 40), "opt.start", "start", pygame.K_RETURN),
                     Button(pygame.Rect(0, 50, 100, 40), "common.back", "back", pygame.K_ESCAPE)])
    assert bar.handle(Key(pygame.K_KP_ENTER)) == "start"
    bar.buttons[0].enabled = False
    assert bar.handle(Key(pygame.K_KP_ENTER)) is None   # (a button turned off takes neither)


def played_out(app: App) -> None:
    """A match of two started and its first hand played out, seeded moves."""
    start_game(app, Options(players=2))
    moves = random.Random(3)
    while not app.session.hand.over:
        hand = app.session.hand
        app.session.play(moves.choice(hand.legal_moves()) if app.session.is_human(hand.turn) else app.session.bot_move())


@pytest.mark.parametrize("screen, then", [("options", "play"), ("seats", "options"), ("scoring", "play"),
                                          ("match_end", "play")])
def test_the_keypads_enter_goes_on_where_enter_does(screen, then):
    """"Empezar", "Listo", "Siguiente mano", "Revancha": their key is Enter, and the keypad's Enter
    did nothing there (it worked on the menu, the deal and the handoff only)."""
    app = make_app()
    if screen in ("scoring", "match_end"):
        played_out(app)
    app.go(screen)
    wait(app)   # (past the match's end's guard against a double Enter)
    app.step(DT, [keypad_enter()])
    assert app.scene.name == then   # (the deal at the instant speed: over in the same frame)


def test_the_keypads_enter_goes_on_from_a_guided_hands_tip():
    app = make_app("en")
    app.go("menu")
    app.step(DT)
    app.step(DT, [drive.key(pygame.K_g)])
    for _ in range(300):
        app.step(DT)
        if app.scene.name == "deal":
            app.step(DT, [keypad_enter()])
        if app.scene.name == "play" and app.session.guide.showing:
            break
    assert app.session.guide.current.key == "muestra"
    wait(app)
    app.step(DT, [keypad_enter()])
    assert not app.session.guide.showing or app.session.guide.current.key != "muestra"
