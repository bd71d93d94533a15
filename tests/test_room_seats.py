"""Where a seat's own things may lie (``room.seat_rects``), against where they are drawn: your lifted
card, a face's thinking bubble and every layer of a won pile are inside their seat's room, at a few
sizes. A hint's reason, the turn's line and a seña's are placed off these rects: one too small lets
them lie over what it leaves out.

An outside mutation audit (mut37) left out the lift, the bubble and the pile's upper layers one at a
time, and every test of the room and of the layouts it ran still passed."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.desktop import audit
from game.ui.layout import PILE_LAYERS
from game.ui.options import Options
from game.ui.scenes import faces, room
from game.ui.scenes.common import start_game
from game.ui.scenes.play_touch import LIFT
from game.ui.scenes.table import card_rect

DT = 1 / 30


def table_at(size, players: int):
    app = audit.make_app(size, False, "es")
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=players)))
    for _ in range(400):
        if app.scene.name == "play":
            break
        app.step(DT)
    assert app.scene.name == "play"
    return app, app.scene


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (568, 320)], ids=["1280x720", "390x844", "568x320"])
@pytest.mark.parametrize("players", [3, 4])
def test_each_seats_things_lie_inside_its_room(size, players):
    app, scene = table_at(size, players)
    table = scene.table
    for seat in range(players):
        rects = room.seat_rects(scene, seat)
        hand, pile = rects[0], rects[1]
        for i in range(3):
            card = card_rect(table.hand_slot(seat, i, 3))
            assert hand.contains(card.move(0, -LIFT) if seat == table.viewer else card), (seat, i)
        for k in range(PILE_LAYERS):
            assert pile.contains(card_rect(table.pile_slot(seat, k))), (seat, k)
        if table.place(seat) == "bottom":
            continue
        table.turn, table.thinking = seat, True   # a computer deciding: its face and the bubble by it
        app.typo.record = []
        faces.draw_avatar(table, app.surface, seat, "Lola", None)
        drawn = [r for kind, r in app.typo.record if kind == "avatar"]
        app.typo.record = None
        assert len(drawn) == 2   # the face and its bubble
        for r in drawn:
            assert rects[2].contains(r), (seat, r, rects[2])
