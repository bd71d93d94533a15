"""A saved match whose people's names hold letters the game's font cannot draw (a save edited by hand,
or written by a copy of the game that let them through): the menu's saved line and the resumed
table drew a box for each (tofu), where a name typed on the seats screen leaves such letters out.
A resumed match's names now go through that same cleaning (``seats.drawn_seats``); the save keeps
the names as it had them."""

from __future__ import annotations

import json

import uidrive as drive
from game.storage import MemoryBackend
from game.ui.options import Options
from game.ui.seats import parse_spec
from game.ui.session import Session
from test_saves_safe import DT, envelope, start_app

EDITED = [{"person": "Zoë\U0001F600"}, {"person": "王"}, {"cpu": "normal"}]


def _saved_with(seats: list) -> dict:
    session = Session(Options(players=3, first_to=2), seed=4, seats=parse_spec("person:Zoe,person:Bea,cpu:normal"))
    session.play(session.hand.legal_moves()[0])
    data = json.loads(json.dumps(session.to_save()))
    data["seats"] = seats
    return data


def _texts(app) -> list[str]:
    with drive.drawn(app) as seen:
        app.manager.draw(app.surface)
    return [drive.plain(d.text) for d in seen]


def _undrawn(app, texts: list[str]) -> set[str]:
    return {ch for text in texts for ch in text if not ch.isspace() and not app.typo.drawable(ch)}


def test_a_resumed_matchs_names_are_drawn_without_the_letters_the_font_has_not():
    backend = MemoryBackend()
    backend.write("match", envelope("match", _saved_with(EDITED)))
    app = start_app(backend)
    assert not app.typo.drawable("\U0001F600") and not app.typo.drawable("王")   # (what the test is about)
    menu = _texts(app)
    assert not _undrawn(app, menu), menu
    assert "Partida guardada: Zoë, Jugador 2 y una máquina (0–0–0), mano 1, baza 1" in menu, menu
    app.step(DT, [drive.key(ord("c"))])   # Continuar
    app.step(DT)
    assert app.scene.name == "handoff"   # (two people: the device is passed first)
    assert [seat.name for seat in app.session.seats] == ["Zoë", "", ""]   # "王" is no name left: "Jugador 2"
    handoff = _texts(app)
    assert not _undrawn(app, handoff) and "Pasa el juego a Zoë" in handoff, handoff
    while app.scene.clock <= app.scene.GUARD:   # (a tap too soon is the last player's)
        app.step(DT)
    app.step(DT, [drive.key(13)])   # Zoë takes it: her table
    for _ in range(3):
        app.step(DT)
    assert app.scene.name == "play"
    table = _texts(app)
    assert not _undrawn(app, table) and any("Jugador 2" in t for t in table), table
    # the save keeps the names as it had them, as the match goes on
    app.session.play(app.session.hand.legal_moves()[0])
    assert app.store.save_match(app.session.to_save())
    stored = json.loads(backend.values["match"])["data"]["seats"]
    assert stored == EDITED


def test_names_that_clean_to_one_are_told_apart_as_two_people_of_one_name_are():
    """"Ana😀" and "Ana" both draw as "Ana": the second reads "Jugador 2", as a save with two people of
    one name does (the statistics and the handoff screen would take them for one person)."""
    backend = MemoryBackend()
    backend.write("match", envelope("match", _saved_with([{"person": "Ana\U0001F600"}, {"person": "Ana"}, {"cpu": "normal"}])))
    app = start_app(backend)
    app.step(DT, [drive.key(ord("c"))])
    app.step(DT)
    assert [seat.name for seat in app.session.seats] == ["Ana", "", ""]
