"""Issue 12 item 8: a resumed match shows the player's cards in the order they had before the
reload, so the keys 1-3 play the same cards as before."""

from __future__ import annotations

import pygame
import pytest

from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from game.ui.scenes.common import start_game
from game.ui.session import Options

DT = 1 / 30


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def run_until(app: App, cond, limit: int = 3000) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(DT)
    raise AssertionError(f"not reached in {limit} frames (scene {app.scene.name})")


def shown_hand(app: App) -> list[str]:
    app.scene.table.animator.finish_all()
    return [str(c) for c in app.scene.table.model.hands[0]]


@pytest.mark.parametrize("seed", [1, 4, 6, 9])  # each shows another order before the fix
def test_resumed_hand_shows_the_cards_in_the_same_order(seed):
    backend = MemoryBackend()
    app = App(Store(Storage(backend)), window=False, seed=seed)
    app.settings["speed"] = "instant"
    app.start(start_game(app, Options(players=2, first_to=2)))
    session = app.session
    for _ in range(400):  # play until the shown order differs from the core's (if it ever does)
        run_until(app, lambda: app.scene.name == "play" and session.human_to_move())
        core = [str(c) for c in session.hand.hand_of(0)]
        lead = not session.hand.table  # the match is saved after each baza: stop where it was saved
        if lead and (len(session.hand.tricks) >= 8 or (session.hand.tricks and shown_hand(app) != core)):
            break
        app.step(DT, [key(pygame.K_3 if len(shown_hand(app)) == 3 else pygame.K_1)])
    before = shown_hand(app)
    assert sorted(before) == sorted(str(c) for c in session.hand.hand_of(0)) and not session.hand.table
    # a reload: a new app over the same saves, Continue from the menu
    app2 = App(Store(Storage(backend)), window=False, seed=seed)
    app2.go("menu")
    app2.step(DT)
    app2.step(DT, [key(pygame.K_c)])
    run_until(app2, lambda: app2.scene.name == "play", 200)
    assert [str(m) for m in app2.session.hand.moves] == [str(m) for m in session.hand.moves]
    assert shown_hand(app2) == before
