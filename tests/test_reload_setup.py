"""Nothing of a new game being set up is lost when the tab reloads (a phone's browser reloads a tab
left in the background): the new-game options and the seats screen are written at each change, as
a match is at each move, and open again as they were left; a broken stored setup is set aside and
the player told, as other saves are."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from game.ui.seats import Seat
from test_people import typed
from test_saves_safe import envelope

DT = 1 / 30


def reload(backend: MemoryBackend) -> App:
    """The page loaded again over the same storage: a new app at the menu."""
    app = App(Store(Storage(backend)), window=False, seed=5)
    app.go("menu")
    app.step(DT)
    return app


def new_game(app: App):
    app.step(DT, [drive.key(pygame.K_n)])
    assert app.scene.name == "options"
    return app.scene


def choose(app: App, options, row, value) -> None:
    """``row`` of the new-game screen set to ``value`` by keys, as a person would."""
    options.list.selected = options.list.shown().index(row)
    while row.value != value:
        app.step(DT, [drive.key(pygame.K_RIGHT)])


def to_seats(app: App, options):
    options.list.selected = options.list.shown().index(options.r_seats)
    app.step(DT, [drive.key(pygame.K_RIGHT)])
    assert app.scene.name == "seats"
    return app.scene


def test_the_new_game_options_chosen_come_back_after_a_reload():
    backend = MemoryBackend()
    app = reload(backend)
    options = new_game(app)
    choose(app, options, options.r_players, 4)
    choose(app, options, options.r_level, "expert")
    choose(app, options, options.r_length, 3)
    choose(app, options, options.r_senas, False)
    chosen = options.chosen()
    again = new_game(reload(backend))   # reloaded on the new-game screen
    assert again.chosen() == chosen and drive.plain(again.seats_text()) == "Tú y 3 máquinas"
    assert again.seats() == (Seat(True), *[Seat(False, level="expert")] * 3)   # the level row set them
    choose(again.app, again, again.r_players, 2)
    again.app.step(DT, [drive.key(pygame.K_ESCAPE)])   # "Volver" keeps them too
    assert again.app.scene.name == "menu"
    assert new_game(reload(backend)).chosen() == {**chosen, "players": 2}


def test_seats_half_set_come_back_after_a_reload_and_listo_keeps_them():
    backend = MemoryBackend()
    app = reload(backend)
    options = new_game(app)
    choose(app, options, options.r_players, 4)
    seats = to_seats(app, options)
    app.step(DT, [typed(ch) for ch in "An"])   # seat 1: "An", the name not yet confirmed
    app.step(DT, [drive.key(pygame.K_DOWN), drive.key(pygame.K_LEFT)])   # seat 2: a person
    app.step(DT, [typed(ch) for ch in "Luis "])   # (the space just typed is kept too)
    app.step(DT, [drive.key(pygame.K_DOWN), drive.key(pygame.K_RIGHT)])   # seat 3: the computer, hard
    left = seats.chosen()
    assert left == (Seat(True, "An"), Seat(True, "Luis"), Seat(False, level="hard"), Seat(False))

    app = reload(backend)   # reloaded on the seats screen
    assert app.store.problems == []
    options = new_game(app)
    assert drive.plain(options.seats_text()) == "Tú y 3 máquinas"   # not confirmed: the new game's seats as before
    seats = to_seats(app, options)
    assert seats.chosen() == left and seats.seats[1].name == "Luis "
    seats.list.selected = 0
    app.step(DT, [typed("a")])   # the name goes on as typed, not started again
    seats.list.selected = 1
    app.step(DT, [typed("M")])
    assert seats.chosen()[:2] == (Seat(True, "Ana"), Seat(True, "Luis M"))
    app.step(DT, [drive.key(pygame.K_RETURN)])   # "Listo"
    assert app.scene.name == "options"

    app = reload(backend)   # reloaded on the new-game screen after "Listo"
    options = new_game(app)
    assert drive.plain(options.seats_text()) == "Ana, Luis M y 2 máquinas (Difícil, Normal)"
    seats = to_seats(app, options)
    assert seats.chosen() == (Seat(True, "Ana"), Seat(True, "Luis M"), Seat(False, level="hard"), Seat(False))
    seats.list.selected = 0
    app.step(DT, [typed("X")])   # a name shown afresh: the first letter replaces it (as before)
    assert seats.chosen()[0] == Seat(True, "X")
    app.step(DT, [drive.key(pygame.K_ESCAPE)])   # "Volver": the change is dropped, as before
    assert app.scene.name == "options"
    app = reload(backend)
    assert to_seats(app, new_game(app)).chosen()[0] == Seat(True, "Ana")


def test_whatever_the_seats_screen_types_its_draft_loads_back_as_it_was():
    """Seeded random typing on the seats screen (letters, accents, pastes, spaces first and in a row,
    erasing, the on-screen keys, other seats): at each change the draft stored loads back equal and
    is never set aside. Two spaces in a row made "Ana  ", a name the draft's own check refuses: the
    draft was dropped unsaid and a reload then lost every name typed."""
    texts = ["a", "N", "ñ", "é", "ü", "·", "l", " ", " ", "  ", " Ana  María ", "Ç"]
    moves = [pygame.K_UP, pygame.K_DOWN, pygame.K_BACKSPACE, pygame.K_BACKSPACE]
    reached = set()   # the names on the way, to be sure the walks typed what matters
    for seed in range(3):
        rng = random.Random(seed)
        backend = MemoryBackend()
        app = reload(backend)
        options = new_game(app)
        choose(app, options, options.r_players, 4)
        seats = to_seats(app, options)
        start = seats.draft()
        for _ in range(70):
            pick = rng.random()
            if pick < 0.55:
                events = [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(texts))]
            elif pick < 0.75 and seats.keys:
                events = drive.click(rng.choice(seats.keys)[0].center)   # space, accent, erase among them
            elif pick < 0.95:
                events = [drive.key(rng.choice(moves))]
            else:   # a person made a computer, or back
                events = [drive.key(rng.choice((pygame.K_LEFT, pygame.K_RIGHT)))]
            app.step(DT, events)
            assert app.scene is seats
            now = seats.draft()
            store = Store(Storage(backend))   # a reload right then
            stored = store.load_settings().get("seats_draft", start)
            assert store.problems == [] and stored == now, (seed, now)
            reached.update(s.name for s in seats.seats)
        app = reload(backend)
        assert to_seats(app, new_game(app)).draft() == now
    assert any(n.endswith(" ") for n in reached) and any(c in n for n in reached for c in "éüñ·"), reached


def test_a_match_started_ends_the_seats_draft_a_reload_left():
    """"Pepe" half typed, then a reload, then a match started with the seats confirmed before
    ("Empezar"): the draft is done with. It outlived the match, and "Quién juega" opened afterwards
    with the old name half typed."""
    backend = MemoryBackend()
    app = reload(backend)
    seats = to_seats(app, new_game(app))
    app.step(DT, [typed(ch) for ch in "Pepe"])
    assert seats.chosen()[0] == Seat(True, "Pepe")
    app = reload(backend)   # the tab reloads
    options = new_game(app)
    assert drive.plain(options.seats_text()) == "Tú y una máquina" and "seats_draft" in app.settings
    app.step(DT, [drive.key(pygame.K_RETURN)])   # "Empezar"
    assert app.scene.name == "deal"
    app = reload(backend)   # days later
    assert "seats_draft" not in app.settings
    app.step(DT, [drive.key(pygame.K_n)])
    assert app.scene.name == "confirm"   # (a new game over the match saved)
    app.step(DT, [drive.key(pygame.K_s)])
    assert to_seats(app, app.scene).chosen() == (Seat(True), Seat(False))


def test_a_broken_stored_seats_draft_is_set_aside_and_the_player_told():
    for bad in ({"seats": [{"person": "Ana"}] * 3}, {"seats": [{"cpu": "normal"}] * 4, "typed": [7]},
                {"seats": [{"person": "Ana  "}, {"cpu": "normal"}, {"cpu": "normal"}, {"cpu": "normal"}]}, "x"):
        backend = MemoryBackend()
        backend.write("settings", envelope("settings", {"lang": "en", "large_text": True, "seats_draft": bad}))
        app = reload(backend)
        assert [(p.key, p.kind, p.items) for p in app.store.problems] == [("settings", "partial", ("seats_draft",))], bad
        assert app.settings["lang"] == "en" and app.settings["large_text"] is True   # the draft alone goes
        assert any(key.startswith("settings.bad-") for key in backend.values), bad   # kept aside, byte for byte
        options = new_game(app)
        assert to_seats(app, options).chosen() == (Seat(True), Seat(False))
