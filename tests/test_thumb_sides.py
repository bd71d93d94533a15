"""One thumb on a phone held upright (an outside tester, round 39): the button that goes on.

"Empezar", "Listo" and a question's gold answer sat bottom-right, but "Siguiente mano" (after every
hand) and "Revancha" sat bottom-left, with "Menú" where the right thumb lands without looking. The
gold button, the one to press, is now the bottom row's rightmost on every screen that has one; Enter
presses it. A careful question's gold answer is its safe "No". Seeded matches played out by the core
(no frames played), each screen opened by name and looked at once.
"""

from __future__ import annotations

import random

import pygame
import pytest

import uidrive as drive

from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.desktop.audit import play_out
from game.ui.inputmap import Key
from game.ui.persist import Store
from game.ui.scene import Go
from game.ui.session import Options, Session

DT = 1 / 60
SIZES = [(390, 844), (320, 568), (1280, 720)]


def make_app(size) -> App:
    app = App(Store(Storage(MemoryBackend())), window=False, seed=1, size=size)
    app.go("menu")
    app.step(DT)
    return app


def hand_over(app: App, match_over: bool) -> None:
    """The app's session: a seeded match against the computer, its first hand played out (the whole
    match when ``match_over``)."""
    session = Session(Options(players=2, first_to=2 if match_over else 3), seed=5)
    rng = random.Random(3)
    if match_over:
        play_out(session, rng)
    else:
        while not session.hand.over:
            session.play(rng.choice(session.hand.legal_moves()))
    app.session = session


def rightmost(app: App):
    """The button of the bottom row that lies furthest right, as the player sees it."""
    buttons = app.scene.bar.buttons
    bottom = max(b.rect.bottom for b in buttons)
    return max((b for b in buttons if b.rect.bottom == bottom), key=lambda b: b.rect.right)


def open_scoring(app: App, match_over: bool) -> None:
    hand_over(app, match_over)
    app.go("scoring")
    app.step(DT)


def open_match_end(app: App) -> None:
    hand_over(app, True)
    app.go("match_end")
    app.step(DT)


def open_question(app: App, careful: bool) -> None:
    app.go("confirm", title="confirm.title", text="confirm.new_text", yes=Go("options"), no=Go("menu"),
           careful=careful)
    app.step(DT)


SCREENS = {
    "scoring-next": (lambda app: open_scoring(app, False), "next"),
    "scoring-match-end": (lambda app: open_scoring(app, True), "match_end"),
    "match_end": (open_match_end, "rematch"),
    "question": (lambda app: open_question(app, False), "yes"),
    "careful-question": (lambda app: open_question(app, True), "no"),
    "options": (lambda app: (app.go("options"), app.step(DT)), "start"),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_gold_button_sits_bottom_right(screen, size):
    app = make_app(size)
    opener, action = SCREENS[screen]
    opener(app)
    button = rightmost(app)
    assert button.action == action and button.primary
    assert all(not b.primary for b in app.scene.bar.buttons if b is not button)   # one gold button


@pytest.mark.parametrize("screen", ["scoring-next", "match_end"])
def test_menu_is_not_where_the_thumb_goes_on(screen):
    app = make_app((390, 844))
    SCREENS[screen][0](app)
    menu = next(b for b in app.scene.bar.buttons if b.action == "menu")
    assert menu.rect.right < rightmost(app).rect.left


def test_a_tap_bottom_right_and_enter_go_on_to_the_next_hand():
    app = make_app((390, 844))
    open_scoring(app, False)
    assert app.scene.bar.handle(Key(pygame.K_RETURN)) == "next"
    right = app.layout.menu.pair_right   # the bottom row's right end, where "Empezar" and "Listo" lie
    app.step(DT, drive.tap((right.right - 20, right.centery), window=app.layout.size))
    app.step(DT)
    assert app.scene.name == "deal" and len(app.session.match.scores) == 1
