"""A press on a button is the button's, enabled or not: it never reaches a card under it.

On square screens (500x500, 360x360 with four players) the play screen's buttons lay over a card
of the hand, and a click or tap on the greyed "Última baza" (no baza played yet) played the card
under it: the 5 de copas, a triunfo, went onto the table (an outside tester, round 38). The layout
keeps the buttons off the hand now (tests/test_square_screens.py); whatever lies under a button,
the button takes the press, greyed or not, so here a button is laid over a card on purpose.
"""

from __future__ import annotations

import os

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

DT = 1 / 60
SIZE = (1280, 720)


def at_your_turn(players: int) -> App:
    app = App(Store(Storage(MemoryBackend())), window=False, size=SIZE, seed=11, catch_errors=False)
    app.settings["speed"] = "instant"
    app.go(start_game(app, Options(players=players, senas=players == 4)).name)
    for _ in range(3000):
        scene = app.scene
        if scene.name == "play" and scene.human_turn() and not scene.table.animator.busy:
            return app
        app.step(DT)
    raise AssertionError("never the person's turn")


def press_and_release(app: App, pos, finger: bool) -> None:
    if finger:
        app.step(DT, drive.tap(pos, app.viewport.window)[:2])
        app.step(DT, drive.tap(pos, app.viewport.window)[2:])
    else:
        app.step(DT, [drive.mouse_down(pos)])
        app.step(DT, [drive.mouse_up(pos)])
    for _ in range(3):
        app.step(DT)


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
@pytest.mark.parametrize("players, row, action", [(2, "bar", "last"), (3, "bar", "hint"), (4, "sena_bar", None)],
                         ids=["greyed-last-baza", "hint", "greyed-sena"])
def test_a_press_on_a_button_over_a_card_never_plays_the_card(players, row, action, finger):
    app = at_your_turn(players)
    scene, hand = app.scene, app.session.hand
    if finger:   # the first touch tells the app it is played by finger (the keys' help goes, a new layout)
        moves = len(hand.moves)
        press_and_release(app, app.layout.table.center, True)   # on the felt: nothing happens
        assert app.by_finger and app.scene is scene and len(hand.moves) == moves
    bar = getattr(scene, row)
    button = next(b for b in bar.buttons if (b.action == action if action else not b.enabled))
    assert button.enabled == (action == "hint")   # greyed: no baza played yet / a trump not held
    card = next(c for c in scene.table.model.hands[scene.viewer] if c in hand.legal_moves())
    rect = scene.table.views[int(card)].rect()
    button.rect = pygame.Rect(0, 0, button.rect.width, button.rect.height)
    button.rect.center = rect.center
    moves = len(hand.moves)
    press_and_release(app, button.rect.center, finger)
    assert len(hand.moves) == moves, "a card was played from under a button"
    assert not scene.press and scene.table.dragging is None
    if action == "hint":   # the button did its own work
        assert scene.hinting is not None or scene.table.hint is not None
