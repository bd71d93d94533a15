"""Cards in motion on a phone held upright, frame by frame (a tester's round of pictures): a card
played, drawn or dragged passes over the buttons and the turn's line, never under them; the deal
puts each card where it stays (no jump as play begins); the points of a baza rise from above the
winning card, clear of its number; neither the hands won nor "your turn" nor the last baza's box
tell a baza's winner before that baza lands."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from game.ui.scenes import play_view
from game.ui.scenes.common import start_game
from game.ui.scenes.table import CardView
from game.ui.session import Options
from game.ui.sprites import CARD_H

DT = 1 / 60
PHONE = (390, 844)


def start(seed: int, players: int = 2, first_to: int = 1, size=PHONE) -> App:
    app = App(Store(Storage(MemoryBackend())), window=False, seed=seed, size=size)
    app.settings["speed"] = "normal"
    app.go("menu")
    app.step(DT)
    app.start(start_game(app, Options(players=players, first_to=first_to)))
    assert app.scene.name == "deal"
    return app


def test_the_deal_puts_each_card_in_its_place_in_the_hand_and_play_begins_without_a_jump():
    """The deal added each card at the end of its hand, and when it ended the hand took the core's
    order in one frame: 5·4·1 became 4·1·5 (406 px in a frame) in about five hands of six."""
    for seed in range(4):
        app = start(seed)
        table = app.scene.table
        while app.scene.name == "deal":
            for hand in table.model.hands:
                assert hand == sorted(hand), seed
            before = {int(v.card): (v.x, v.y) for v in table.views.values()}
            app.step(DT)
        mine = app.session.hand.hand_of(app.session.viewer)
        moved = [abs(table.views[int(c)].x - before[int(c)][0]) for c in mine]
        assert len(moved) == 3 and max(moved) < 40, (seed, moved)   # a frame's easing, not a swap of places


def spy_order(app: App, log: list) -> None:
    """Log, in drawing order, each card drawn (its index) and the button row ("bar")."""
    scene, table = app.scene, app.scene.table
    card, bar = table.draw_card, scene.bar.draw
    table.draw_card = lambda surface, v, *a, **k: (log.append(int(v.card)), card(surface, v, *a, **k))[1]
    scene.bar.draw = lambda surface, a: (log.append("bar"), bar(surface, a))[1]


def test_a_card_played_or_drawn_flies_over_the_buttons_not_under_them():
    """The buttons and the turn's line were drawn after every card: a card played from the hand,
    or drawn into it, slid under "Pista", "Cambiar" and "Menú" for 5-8 frames (37 times in a hand)."""
    app = start(5)
    while app.scene.name == "deal":
        app.step(DT)
    scene, table = app.scene, app.scene.table
    seen_over = seen_under = 0
    for _ in range(3000):
        if app.scene.name != "play" or app.session.hand.over or len(app.session.hand.tricks) >= 5:
            break   # (five bazas: plays, draws and sweeps enough)
        if scene.human_turn() and not table.animator.busy:
            app.step(DT, [drive.key(pygame.K_1)])
            continue
        log: list = []
        spy_order(app, log)
        app.step(DT)
        flying = {int(v.card) for v in table.animator.moving() if isinstance(v, CardView)}   # as drawn
        del table.draw_card, scene.bar.draw
        if "bar" not in log:
            continue
        bar_at = log.index("bar")
        for c in flying & set(log):
            assert log.index(c) > bar_at, c   # over the buttons
            seen_over += 1
        seen_under += sum(1 for c in log[:bar_at] if c != "bar") > 0
    assert seen_over > 50 and seen_under > 50   # many frames of cards in flight, and of cards at rest


def test_the_points_of_a_baza_rise_from_above_the_winning_card():
    """"+22" was put 40 px above the card's centre, over its number, for most of the pause that
    shows who won."""
    app = start(3, players=4)
    table = app.scene.table
    floaters = 0
    for _ in range(6000):
        if app.scene.name not in ("deal", "play") or app.session.hand.over:
            break
        if app.scene.name == "play" and app.scene.human_turn() and not table.animator.busy:
            app.step(DT, [drive.key(pygame.K_1)])
            continue
        count = len(table.floaters)
        app.step(DT)
        for f in table.floaters[count:]:   # just put up: where it starts
            v = table.views[int(table.highlight)]
            pill = app.typo.render(f.text, 54, (0, 0, 0), bold=True).get_height() + 4
            assert f.y + pill / 2 <= v.y - CARD_H * v.scale / 2, (f.text, f.y, v.y)
            floaters += 1
        if floaters >= 4:
            break
    assert floaters >= 4


def test_neither_the_hands_won_nor_your_turn_tell_a_bazas_winner_before_it_lands():
    """The score panel went from "Manos: 0 – 0" to "0 – 1" on the frame the last card was played,
    2 s before the last baza was shown won; "Tu turno" showed while the card that gave you the baza
    still flew (then "Ganas la baza", then "Tu turno" again)."""
    app = start(11, first_to=2)
    app.settings["speed"] = "fast"   # (the same bazas shown won, in fewer frames)
    while app.scene.name == "deal":
        app.step(DT)
    scene, table = app.scene, app.scene.table
    checked = 0
    for _ in range(8000):
        if app.scene is not scene:
            break
        if scene.human_turn() and not table.animator.busy:
            app.step(DT, [drive.key(pygame.K_1)])
            continue
        with drive.drawn(app) as seen:
            app.step(DT)
        texts = [d.text for d in seen]
        full = len(table.model.table) == app.session.hand.players   # a baza complete, not yet swept away
        if full:
            assert "Tu turno: juega una carta" not in texts
            assert table.turn is None   # no ring on whoever played last while the baza is shown won
            checked += 1
        if app.session.hand.over and app.scene is scene:
            assert "Manos: 0 – 0" in texts, texts
    assert app.scene.name == "scoring" and app.session.match.wins != [0, 0] and checked > 100


def test_a_turn_of_the_phone_takes_the_bazas_points_away_with_the_card():
    """Turned while a baza was shown won, the "+2" stayed where the card had been (by another
    player, upright) while the card moved to its new place."""
    app = start(7, players=3, size=(844, 390))
    table = app.scene.table
    for _ in range(6000):
        if app.scene.name == "play" and table.floaters:
            break
        ready = app.scene.name == "play" and app.scene.human_turn() and not table.animator.busy
        app.step(DT, [drive.key(pygame.K_1)] if ready else [])
    assert table.floaters
    app.resize((390, 844))
    app.step(DT)
    assert table.floaters == []


def test_cards_in_flight_when_the_screen_turns_fly_on_from_the_same_spot_of_the_new_screen():
    """A tablet turned mid-deal: a card in flight kept its old logical place (x=1162 of a 1280-wide
    picture), which on the 720-wide one is beyond the right edge: it flew in from off screen. Its
    place is carried over to the new picture, in proportion."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=3, size=(1024, 768))
    app.settings["speed"] = "normal"
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=4)))
    for _ in range(60):
        app.step(DT)
    table = app.scene.table
    flying = [t for t in table.animator.current if getattr(t, "target", None) is not None and isinstance(t.target, CardView)]
    assert flying, "no card in flight to turn with"
    share = {int(t.target.card): (t.target.x / app.layout.size[0], t.target.y / app.layout.size[1]) for t in flying}
    app.resize((768, 1024))
    w, h = app.layout.size
    for t in flying:
        x, y = share[int(t.target.card)]
        assert abs(t.target.x / w - x) < 0.01 and abs(t.target.y / h - y) < 0.01
        assert 0 <= t.target.x <= w and 0 <= t.target.y <= h


def test_the_last_baza_opens_only_on_a_baza_whose_last_card_has_landed():
    """"Última baza" (its button, the L key) lit on the frame the core closed a baza, before its
    last card had flown: tapped then, it showed that card and "Ganó Paco (+0)" while the card
    still flew, before the table showed who won. Held sideways, three players."""
    app = start(1, players=3, size=(844, 390))
    while app.scene.name == "deal":
        app.step(DT)
    scene, table, hand = app.scene, app.scene.table, app.session.hand
    get, draw_last = app.sprites.get, play_view.draw_last
    in_box: list = []
    inside: list = []

    def spy(card, *args, **kw):   # the cards the last baza's box draws
        if inside and card is not None:
            in_box.append(card)
        return get(card, *args, **kw)

    def box(scene, surface):
        inside.append(1)
        try:
            draw_last(scene, surface)
        finally:
            inside.clear()
    app.sprites.get, play_view.draw_last = spy, box
    early = 0
    for _ in range(6000):
        if app.scene is not scene or len(hand.tricks) >= 4:
            break
        if scene.human_turn() and not table.animator.busy:
            app.step(DT, [drive.key(pygame.K_1)])
            continue
        piles = sum(len(p) for p in table.model.piles) // hand.players
        shown = piles + (len(table.model.table) == hand.players and not table.animator.moving())
        if len(hand.tricks) > shown:   # the core has closed a baza the table has not shown whole
            early += 1
            assert scene.bar.buttons[0].enabled == (len(hand.tricks) > 1)   # (the one before it: shown)
            in_box.clear()
            app.step(DT, [drive.key(pygame.K_l)])
            if len(hand.tricks) == 1:
                assert not scene.show_last and not in_box
            else:   # the baza before it, all of it
                assert scene.show_last and set(in_box) == set(hand.tricks[-2].cards)
            app.step(DT, [drive.key(pygame.K_l)])   # (closed again)
            continue
        app.step(DT)
    play_view.draw_last = draw_last
    assert early > 10 and len(hand.tricks) >= 4
