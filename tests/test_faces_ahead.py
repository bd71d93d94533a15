"""Card faces are drawn ahead, on still frames, not in the frame that first shows them.

A face costs 2-9 ms to draw here (several times that on a phone), and a tester found each size a
card came to rest at drawn in the frame that first needed it: the count's steps (two faces each)
and a session's first bazas jerked. Checked: after a person has spent a while on still screens,
no frame of cards moving or of the count draws a face; what is drawn ahead follows the layout
(a phone turned); it never wants more sizes than the art cache keeps.

Frames are counted, never timed: a frame not drawn draws at least one face ahead."""

from __future__ import annotations

import os
import random
from collections import OrderedDict

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import game.ui.art as art_mod
import uidrive as drive
from game.ui import sprites
from game.ui.desktop.bench import person_thinking
from test_ui_game import choose_options, make_app

DT = 1 / 60


@pytest.fixture
def faces(monkeypatch):
    """A fresh card art cache (it is shared by every app of the process), and every face drawn."""
    monkeypatch.setattr(sprites, "_ARTS", OrderedDict())
    drawn: list[tuple[int, int]] = []
    render = art_mod.render_face

    def counted(width, height, rank, suit, big=False):
        drawn.append((width, height))
        return render(width, height, rank, suit, big)

    monkeypatch.setattr(art_mod, "render_face", counted)
    return drawn


def _still(app, limit: int = 2000) -> int:
    """Still frames as the frame loop runs them (a person reading, thinking) until every face wanted
    is drawn; how many frames that took."""
    for n in range(limit):
        app.step(DT, idle_ok=True)   # (the first chooses the faces wanted)
        if not app.sprites.warming():
            return n
    raise AssertionError("faces still wanted after %d still frames" % limit)


def test_after_still_frames_no_frame_of_cards_moving_or_of_the_count_draws_a_face(faces):
    app = make_app(5, speed="normal")
    _still(app)   # a while on the menu
    choose_options(app, 2)
    moving_faces, count_frames = 0, 0
    for _ in range(30000):
        if app.scene.name == "scoring" and not app.scene.counting:
            break
        if person_thinking(app):
            _still(app)   # the person thinks over a card
            app.step(DT, [drive.key(pygame.K_1)])
            continue
        before = len(faces)
        app.step(DT)
        if app.scene.moving() or app.scene.name == "scoring":
            moving_faces += len(faces) - before
            count_frames += app.scene.name == "scoring"
    assert app.scene.name == "scoring" and count_frames > 20
    assert moving_faces == 0
    assert len(faces) > 40   # (drawn ahead: the hand's, the table's, the count's sizes)


def test_what_is_drawn_ahead_follows_the_layout(faces):
    app = make_app(5)
    choose_options(app, 2)
    for _ in range(3000):
        if person_thinking(app):
            break
        app.step(DT)
    app.step(DT, idle_ok=True)
    assert app.sprites.warming()
    while app.sprites.warming():   # the person thinks over a card
        before = len(faces)
        if not app.step(DT, idle_ok=True):
            assert len(faces) > before   # a frame not drawn draws one face at least
    sizes = set(faces)
    before = len(faces)
    app.resize((390, 844))   # the phone turned upright: cards rest at other sizes
    _still(app)
    assert len(faces) > before and set(faces[before:]) - sizes


def test_faces_wanted_never_outnumber_the_sizes_the_art_cache_keeps(faces):
    from game.cards import Card

    pygame.init()
    cache = sprites.SpriteCache(sprites.make_art())
    cache.want([(0.3 + k / 20, [Card(k), None]) for k in range(20)])
    assert cache.warm() == 2 * (sprites.MAX_ARTS - 2) and not cache.warming()
    assert len(sprites._ARTS) == sprites.MAX_ARTS - 2
    assert cache.warm() == 0
    cache.want([(0.5, [Card(3)])])
    assert cache.warm(lambda: False) == 0 and cache.warming()   # no time: nothing drawn, still wanted
    assert cache.warm() == 1


def test_a_menu_frame_that_made_a_piece_of_a_sound_draws_no_face_besides(faces):
    """The menu makes the sounds a piece a frame (about 1 ms) and draws faces ahead on its frames not
    drawn (2-9 ms each): both in one frame made it the slowest of the menu."""
    app = make_app(5)
    if not app.sounds.available:
        pytest.skip("no audio mixer: no sounds are made")
    both = pieces = 0
    for _ in range(400):
        before = len(faces)
        app.step(DT, idle_ok=True)
        pieces += app.sounds.worked
        both += app.sounds.worked and len(faces) > before
    assert pieces > 30 and both == 0
    assert set(app.sounds.sounds) == set(app.sounds.NAMES)
    assert len(faces) >= 40 and not app.sprites.warming()   # and the faces wanted, drawn after them


def test_the_card_a_cambio_puts_under_the_stock_is_drawn_ahead_at_the_muestras_size(faces):
    """A computer's cambio laid its seven face up at the muestra's size, drawn in that frame."""
    app = make_app(5)
    choose_options(app, 2)
    app.resize((390, 844))   # (the muestra's size there is no other's)
    hand = app.session.hand
    swap = hand.rules.swap_card_for(hand.last_muestra)
    assert swap is not None and swap not in hand.hand_of(app.session.viewer)   # (the computer may hold it)
    stock = round(app.layout.table.stock_scale * 20) / 20
    wanted = [card for scale, cards in app.faces_ahead() if round(scale * 20) / 20 == stock for card in cards]
    assert swap in wanted and hand.last_muestra in wanted and None in wanted


@pytest.mark.parametrize("size,large", [((568, 320), True), ((667, 375), True), ((320, 480), True), ((390, 844), False)])
def test_the_counts_cards_are_planned_at_the_size_the_count_draws_them(size, large):
    """``scoring.count_scales`` (the faces drawn ahead for the count) planned the cards under a points'
    number 4-5 px shorter than the one drawn: on a phone held sideways with large text a side of 28
    cards was planned at 0.65 and drawn at 0.6, a face the count then drew in its own frames. For
    every pile a side may end with, two and three sides, the plan is the size drawn."""
    from game.cards import Card
    from game.ui.desktop.audit import make_app as audit_app
    from game.ui.scenes.scoring import count_scales
    from game.ui.session import Options, Session

    app = audit_app(size, large)
    for players in (2, 3):
        session = Session(Options(players=players, first_to=1), seed=3, human_seats=(0,))
        rng = random.Random(players)
        while not session.hand.over:
            session.play(rng.choice(session.hand.legal_moves()))
        app.session = session
        app.go("scoring")
        scene = app.scene
        drawn: list[float] = []
        won_at = scene.won_at
        scene.won_at = lambda *args: drawn.append(won_at(*args)[0]) or won_at(*args)
        deck = [Card(k) for k in range(40)]
        wrong = []
        for total in range(1, 41):
            scene.won = [deck[:total]] + [deck[:1]] * (scene.sides - 1)
            scene.shown, scene.total = 0.0, total   # counting: one line under the cards, as planned
            drawn.clear()
            scene.draw(app.surface)
            plan = count_scales(app, scene.sides, [total])
            if plan != [round(drawn[0] * 20) / 20]:
                wrong.append((total, plan, drawn[0]))
        assert not wrong, (players, wrong)
