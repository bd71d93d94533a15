"""Keys under "Dos toques para jugar" (an outside tester with low vision, round 42): the 1-3 keys
played the card at once even with the setting on, so a slip from 1 to 2 played the wrong card with
no net. Now, as a tap does, a first press chooses the card and a second press of its key plays it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import uidrive as drive
from test_card_rings import your_turn

DT = 1 / 60


def press(app, key) -> None:
    app.step(DT, [drive.key(key)])


def test_with_two_taps_a_key_chooses_its_card_and_a_second_press_plays_it():
    app = your_turn((1280, 720))
    app.settings["two_taps"] = True
    scene, hand = app.scene, app.session.hand
    cards = list(scene.table.model.hands[scene.viewer])
    moves = len(hand.moves)
    press(app, pygame.K_1)
    assert len(hand.moves) == moves and scene.table.chosen == cards[0]
    press(app, pygame.K_2)   # another key chooses another card, still nothing played
    assert len(hand.moves) == moves and scene.table.chosen == cards[1]
    press(app, pygame.K_KP2)   # its key again (the keypad's too): played
    assert hand.moves[moves:moves + 1] == [cards[1]]   # (the computer may answer in the same frame)


def test_without_two_taps_a_key_plays_at_once():
    app = your_turn((1280, 720))
    scene, hand = app.scene, app.session.hand
    card = scene.table.model.hands[scene.viewer][0]
    moves = len(hand.moves)
    press(app, pygame.K_1)
    assert hand.moves[moves:moves + 1] == [card]
