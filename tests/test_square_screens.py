"""Square and near-square screens: a small browser window, a phone's split screen, a tablet's pop-up.

An outside tester resized the window in every phase (round 38): between the upright and the
sideways shapes the play screen's buttons lay over the hand (300-412 CSS px squares with four
players, 500-560 with any number) and on the desktop form with sides of 500-700 px every menu's
bottom buttons ran past the bottom edge ("Sigui… mano" at 600x600). The layout audit covers the
sizes named there (tests/test_ui_layouts.py); these check the geometry over a sweep of sizes.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive
from game.ui import layout

#: Desktop-form windows with sides of 500-700 CSS px, as wide as tall up to 1.4 times as wide.
SQUAT = [(w, h) for w in range(500, 701, 20) for h in range(500, 701, 20) if 1.0 <= w / h <= 1.4]


def test_every_menus_bottom_buttons_lie_on_a_squat_desktop_screen():
    """The bottom row (Volver, the pairs of the questions, the count, the match end) stood at a fixed
    80 logical px over the bottom while its height grew to a tap target: at 600x600 it ended 14 px
    (6.6 CSS px) under the picture, at 640x500 8. Now it ends at least 8 CSS px above the edge."""
    for size in SQUAT:
        for large in (False, True):
            lay = layout.compute(size, large_text=large)
            assert lay.form == "desktop", size
            menu = lay.menu
            for rect in (menu.back, menu.pair_left, menu.pair_right):
                assert rect.height * lay.css_scale >= layout.MIN_TAP_CSS - 0.5, size
                assert (lay.h - rect.bottom) * lay.css_scale >= layout.MIN_GAP_CSS, (size, large, rect)
            assert menu.list_bottom < menu.back.top, size   # the option lists (and the keys' line) above it


#: Between the upright and the sideways shapes: the outside tester's sweep (sides of 300-820 CSS px,
#: as wide as tall from 0.75 to 1.34 times).
NEAR_SQUARE = [(w, h) for w in (300, 340, 360, 390, 412, 450, 500, 560, 600, 640, 700, 768, 820)
               for h in (300, 340, 360, 390, 412, 450, 500, 560, 600, 640, 700, 768, 820) if 0.75 <= w / h <= 1.34]




def hand_rects(lay) -> list:
    """Where the three cards of your hand lie, as the table lays them out at rest."""
    geo = lay.table
    w, h = int(layout.CARD_W * geo.hand_scale), int(layout.CARD_H * geo.hand_scale)
    x, y = geo.hand_at["bottom"]
    rects = []
    for i in (-1, 0, 1):
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (x + i * geo.hand_step, y)
        rects.append(rect)
    return rects


def test_no_button_lies_over_your_hand_near_the_square():
    """At 500x500 "Última baza" and "Cambiar" covered half the third card (a tap on the greyed one
    played it), at 560x560 a quarter; with four players sideways (300-412 CSS px wide) the señas' row
    squeezed the hand under the buttons (72 % of a card at 360x360). Every card of the hand now lies
    on the screen and clear of every button, both text sizes, 2-4 players (señas with 4)."""
    for size in NEAR_SQUARE:
        for large in (False, True):
            for players in (2, 3, 4):
                lay = layout.compute(size, large_text=large, players=players, senas=players == 4)
                buttons = list(lay.hud.buttons.values()) + (list(lay.hud.sena_buttons) if players == 4 else [])
                screen = pygame.Rect(0, 0, *lay.size)
                for card in hand_rects(lay):
                    assert screen.contains(card), (size, large, players, card)
                    under = [b for b in buttons if b.colliderect(card)]
                    assert not under, (size, large, players, lay.form, card, under)


KEYS_LINES = ("play.keys", "play.keys_no_points", "play.keys_senas", "play.keys_senas_no_points", "play.keys_short")


@pytest.mark.parametrize("players", [2, 4])
def test_the_keys_line_keeps_off_the_top_players_cards_on_a_square_window(players):
    """On a square desktop window (500x500, 600x600) the keyboard's help line at the top ("1–3 jugar ·
    las demás teclas, en los botones") was drawn across the top player's cards: its letters, at the
    smallest size a person reads, are taller than the design's. The top player's group now starts
    under the line, on every squat window; at 1280x720 nothing moved."""
    from game.storage import MemoryBackend, Storage
    from game.ui.app import App
    from game.ui.options import Options
    from game.ui.persist import Store
    from game.ui.scenes.common import start_game

    app = App(Store(Storage(MemoryBackend())), window=False, size=(1280, 720), seed=11, catch_errors=False)
    app.settings["speed"] = "instant"
    app.manager.switch(start_game(app, Options(players=players, senas=players == 4)))
    for _ in range(600):
        app.step(1 / 60)
    scene = app.scene
    assert scene.name == "play"
    top = next(seat for seat in range(players) if scene.table.place(seat) == "top")
    lines = {app.t(key) for key in KEYS_LINES}
    for size in ((500, 500), (560, 560), (600, 600), (640, 500), (700, 700), (1280, 720)):
        app.resize(size)
        scene.table.animator.finish_all()
        with drive.drawn(app) as texts:
            scene.draw(app.surface)
        keys = [d.rect for d in texts if d.text in lines]
        assert len(keys) == 1, size
        cards = [scene.table.views[int(c)].rect() for c in scene.table.model.hands[top]]
        assert cards and not any(keys[0].colliderect(card) for card in cards), (size, keys[0], cards)


@pytest.mark.parametrize("size", [(360, 360), (412, 412), (500, 500), (560, 560), (600, 600)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_handoff_screens_lines_stand_apart_with_large_text(size):
    """Passing the device on a square screen with large text: "Última baza: ganó Maximiliano (+11)"
    was drawn across "Guadalupe: toca la pantalla…" (360x360 to 600x600), and at 360x360 the tap's
    lines ran into the note under them. Each line now stands apart from the others and within the
    screen, on the first handoff and on the one that says the last baza again."""
    from game.ui.desktop import audit

    app = audit.make_app(size, True)
    seen = set()
    for shot in audit._people(app):
        if not shot.startswith("people-handoff"):
            if shot.startswith("people-scoring"):
                break
            continue
        seen.add(shot)
        report = audit.measure(app, shot)   # what the audit checks: texts apart, on the screen
        assert not report.problems, report.line()
    assert seen == {"people-handoff-2p", "people-handoff-baza-2p"}


#: Square windows with large text where a won pile met a text or a panel (round 38).
PILES_LARGE = ((412, 412), (390, 390), (450, 450), (500, 500), (560, 560), (600, 600), (640, 500), (700, 560))


@pytest.mark.parametrize("size", PILES_LARGE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_won_pile_at_its_largest_stays_clear_on_a_square_screen_with_large_text(size):
    """500x500 with large text, four players: the left player's won pile lay on the señas' title
    ("Seña"), whose letters stand taller there than the design's. With 2, 3 and 4 players each pile
    at its largest lies clear of every text, card, panel and button, as the audit measures it."""
    from game.ui.desktop import audit
    from game.ui.options import Options
    from game.ui.scenes.common import start_game

    app = audit.make_app(size, True)
    for players in (2, 3, 4):
        app.manager.switch(start_game(app, Options(players=players, senas=players == 4, first_to=2)))
        audit._play_until(app, lambda: app.scene.name == "play" and app.scene.human_turn())
        report = audit.measure(app, f"play-{players}p")
        assert not [p for p in report.problems if "won pile" in p], (size, players, report.line())
