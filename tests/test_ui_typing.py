"""People's names typed on a real keyboard: text through SDL's TEXTINPUT, keys through KEYDOWN.

A letter made with a dead key (´ then e), an IME's or a phone's keyboard comes only as a TEXTINPUT;
a desktop sends a KEYDOWN carrying the same letter before it; a browser (pygbag) may send the
KEYDOWN alone. Each letter must arrive once, whichever of these the window sends.
"""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scene import REGISTRY
from game.ui.scenes.common import start_game
from game.ui.seats import NAME_MAX, Seat, clean_name

DT = 1 / 30
DEAD = 0x40000000 | 0x1FF   # a key with no character of its own (SDL gives a dead key's such a code)


def key_of(ch: str, unicode: str | None = None) -> pygame.event.Event:
    """The KEYDOWN of the key that types ``ch`` (pygame puts the letter typed in ``unicode``)."""
    code = ord(ch.lower()) if ch.isascii() and ch.isprintable() else DEAD
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch if unicode is None else unicode,
                              scancode=0)


def text(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s, window=None)


def desktop(s: str) -> list[pygame.event.Event]:
    """What a desktop sends for each letter: its KEYDOWN, then the TEXTINPUT with it."""
    return [e for ch in s for e in (key_of(ch), text(ch))]


def seats_app(size=(1280, 720), names=("", "")):
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=size)
    app.settings["last_options"] = {"players": 2}
    app.settings["last_seats"] = [{"person": n} for n in names]
    app.go("seats")
    app.step(DT)
    seats = app.scene
    assert seats.selected_person() == 0
    return app, seats


def test_letters_of_a_textinput_are_typed_accents_and_all():
    app, seats = seats_app()
    app.step(DT, [text("á")])
    assert seats.chosen()[0].name == "á"
    app.step(DT, [drive.key(pygame.K_BACKSPACE), text("Zoë")])   # several letters in one TEXTINPUT
    assert seats.chosen()[0].name == "Zoë" and seats.message == ""
    app.step(DT, [text("Jose\u0301")])   # an accent typed apart joins its letter
    assert seats.chosen()[0].name == "ZoëJosé"


def test_a_pasted_name_keeps_its_space_and_is_cut_to_the_longest_name():
    app, seats = seats_app(names=("Rosa", ""))
    app.step(DT, [text("María José")])   # the first text replaces a name only filled in, as a letter does
    assert seats.chosen()[0].name == "María José"
    app.step(DT, [text(" Fernández\n")])
    assert seats.chosen()[0].name == "María José Fernández"[:NAME_MAX] == "María José Fer"
    assert seats.message == "seats.name_full"   # the letters that did not fit: said, not dropped unsaid


@pytest.mark.parametrize("by", ["keys", "text", "screen"])
def test_a_full_name_takes_no_more_letters_and_says_so(by):
    """Names were cut to 14 letters unsaid: "Maximiliano Fernández" and "Maximiliano Ferrer" were then
    refused as "the same name". A full name takes no letter more, by a real keyboard (KEYDOWN alone,
    as a browser may send it), a pasted text or the letters on screen, and the screen says so; the
    two names alike in what fits are told as such, the person not blamed for a cut the game made."""
    app, seats = seats_app(size=(390, 844) if by == "screen" else (1280, 720))

    def type_in(name: str) -> None:
        if by == "keys":
            app.step(DT, [key_of(ch) for ch in name])
        elif by == "text":
            app.step(DT, [text(name)])
        else:
            keys = {ch: rect for rect, ch in seats.keys}
            for ch in name.upper():
                pos = keys[ch if ch != "Á" else "A"].center
                app.step(DT, drive.tap(pos, window=app.layout.size))
                for _ in range(12):   # each tap one of its own, not half of a double tap
                    app.step(DT)

    type_in("Maximiliano Fer")
    assert seats.chosen()[0].name == "Maximiliano Fe" and len("Maximiliano Fe") == NAME_MAX
    assert seats.message == "seats.name_full"
    with drive.drawn(app) as texts:
        app.step(DT)
    assert any(f"{NAME_MAX} letras" in d.text for d in texts), [d.text for d in texts]
    app.step(DT, [drive.key(pygame.K_BACKSPACE)])   # room again: the note goes
    assert seats.chosen()[0].name == "Maximiliano F" and seats.message == ""
    app.step(DT, [drive.key(pygame.K_DOWN)])
    type_in("Maximiliano Ferrer")
    assert seats.chosen() == (Seat(True, "Maximiliano F"), Seat(True, "Maximiliano Fe"))
    app.step(DT, [drive.key(pygame.K_UP), text("e"), drive.key(pygame.K_RETURN)])   # both full, alike
    assert app.scene is seats and seats.message == "seats.same_cut"
    assert "mismo nombre" not in app.t(seats.message, n=NAME_MAX)


def test_the_same_full_name_typed_twice_on_purpose_is_the_same_name():
    """"Dos nombres iguales en las 14 letras que caben" blamed a cut for two people typed, whole, as
    the same 14-letter name (a reviewer of the round): no letter was refused, so it is the same name."""
    app, seats = seats_app(size=(1280, 720))
    app.step(DT, [key_of(ch) for ch in "Ana Maria Soto"] + [drive.key(pygame.K_DOWN)]
             + [key_of(ch) for ch in "Ana Maria Soto"])
    assert [s.name for s in seats.chosen()] == ["Ana Maria Soto"] * 2 and len("Ana Maria Soto") == NAME_MAX
    assert seats.message == ""
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene is seats and seats.message == "seats.same_name"


def test_the_typing_screen_counts_the_letters_and_lights_the_count_when_full():
    app, seats = seats_app(size=(320, 568))
    app.step(DT, drive.tap(seats.type_bar.buttons[0].rect.center, window=app.layout.size))
    app.step(DT, [text("Guadalupe")])
    with drive.drawn(app) as texts:
        app.step(DT)
    assert f"9/{NAME_MAX}" in [d.text for d in texts]
    app.step(DT, [text(" Fernández")])
    assert seats.chosen()[0].name == "Guadalupe Fern" and seats.message == "seats.name_full"
    with drive.drawn(app) as texts:
        app.step(DT)
    assert f"{NAME_MAX}/{NAME_MAX}" in [d.text for d in texts]


def test_a_desktop_letter_sent_as_a_key_and_a_textinput_is_typed_once():
    app, seats = seats_app()
    app.step(DT, desktop("Ana"))
    assert seats.chosen()[0].name == "Ana"
    app.step(DT, [text("s"), key_of("s")])   # (the other order too)
    assert seats.chosen()[0].name == "Anas"
    app.step(DT, [key_of("a"), text("a"), drive.key(pygame.K_BACKSPACE), key_of("i"), text("i")])   # in order
    assert seats.chosen()[0].name == "Anasi"


def test_keys_alone_type_where_no_textinput_ever_comes_as_in_a_browser():
    app, seats = seats_app()
    app.step(DT, [key_of(ch) for ch in "Anaa"] + [drive.key(pygame.K_BACKSPACE)] + [key_of(ch) for ch in " Mª"])
    assert seats.chosen()[0].name == "Ana Mª"


def test_a_letter_made_with_a_dead_key_is_typed_once():
    """´ then e on a Spanish or Catalan keyboard: the ´ key types nothing, the e key's TEXTINPUT is "é"
    (its KEYDOWN carries "é" too, or "e" where pygame guesses the letter from the key)."""
    app, seats = seats_app()
    app.step(DT, [key_of("´", unicode=""), text("é")])
    assert seats.chosen()[0].name == "é"
    for press in ("é", "e"):
        app.step(DT, [key_of("´", unicode=""), key_of("e", unicode=press), text("é")])
    assert seats.chosen()[0].name == "ééé"
    app, seats = seats_app()   # the first keys of a window: a grave's key is "`" to pygame, not typed either
    app.step(DT, [key_of("`"), key_of("a", unicode="à"), text("à")])
    assert seats.chosen()[0].name == "à"


def test_the_lists_letter_and_space_keys_type_in_a_name_and_move_nothing():
    """The list takes w/a/s/d and Space as arrows: in a name they are letters (Space: a space)."""
    app, seats = seats_app()
    app.step(DT, desktop("dawson s"))
    assert seats.chosen()[0].name == "dawson s" and seats.selected_person() == 0
    assert seats.chosen()[1] == Seat(True, "")   # seat 2 untouched, still a person
    app.step(DT, [drive.key(pygame.K_DOWN), drive.key(pygame.K_RIGHT)])   # arrows still move and change
    assert seats.chosen()[1].person is False


def typed_as_sdl_does(app, s: str) -> None:
    """``s`` typed a letter a frame as a desktop's SDL sends it: the KEYDOWN, and the TEXTINPUT
    only while text input is on (SDL sends none while it is off)."""
    for ch in s:
        app.step(DT, [key_of(ch)] + ([text(ch)] if app.text_input.on else []))


def computer_second(players=2):
    """The seats screen with seat 2 the computer, selected (↓ from seat 1)."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=(1280, 720))
    app.settings["last_options"] = {"players": players}
    app.settings["last_seats"] = [{"person": "Ana"}] + [{"cpu": "normal"}] * (players - 1)
    app.go("seats")
    app.step(DT)
    seats = app.scene
    app.step(DT, [drive.key(pygame.K_DOWN)])
    assert seats.selected_row() == 1 and seats.selected_person() is None
    return app, seats


@pytest.mark.parametrize("name", ["Sam", "Adrià", "Dave", "Wes"])
def test_a_name_typed_on_a_computers_row_makes_it_that_person(name):
    """Down to seat 2, still the computer, and its player's name typed: the seat becomes that
    person, named as typed. The list took w/a/s/d as arrows: "Sam" moved up to seat 1 and renamed
    it "am", "Adrià" lost its A to turning the seat into a person, "Dave" changed the level twice
    (an outside tester, round 36)."""
    app, seats = computer_second()
    typed_as_sdl_does(app, name)
    assert seats.chosen() == (Seat(True, "Ana"), Seat(True, name)) and seats.selected_row() == 1
    app, seats = computer_second()   # all in one frame, before text input is on: the keys are the letters
    app.step(DT, [key_of(ch) for ch in name])
    assert seats.chosen() == (Seat(True, "Ana"), Seat(True, name))


def test_space_and_the_lists_old_letters_on_a_computers_row_change_nothing():
    """Space does nothing on a computer's row (it changed the level); a letter typed makes the seat a
    person and nothing else: no other seat, no level, no move of the list."""
    app, seats = computer_second(players=4)
    before = seats.chosen()
    app.step(DT, [drive.key(pygame.K_SPACE), key_of(" ")])
    assert seats.chosen() == before and seats.selected_row() == 1
    app.step(DT, [drive.key(pygame.K_DOWN)])   # seat 3, a computer: d, s, w, a typed
    typed_as_sdl_does(app, "d")
    assert seats.chosen() == before[:2] + (Seat(True, "d"), before[3]) and seats.selected_row() == 2
    typed_as_sdl_does(app, "swa")
    assert seats.chosen() == before[:2] + (Seat(True, "dswa"), before[3]) and seats.selected_row() == 2
    app.step(DT, [drive.key(pygame.K_DOWN), drive.key(pygame.K_RIGHT)])   # the arrows still move and change
    assert seats.chosen()[3] != before[3] and seats.selected_row() == 3


def test_a_name_typed_on_a_computers_row_keeps_the_screens_rules():
    """The seat turned into a person by a letter takes no more than NAME_MAX letters, and a name
    another person has is refused at "Listo" as any other."""
    app, seats = computer_second()
    typed_as_sdl_does(app, "Maximiliano Fernández")
    assert seats.chosen()[1] == Seat(True, "Maximiliano Fernández"[:NAME_MAX])
    assert seats.message == "seats.name_full"
    app, seats = computer_second()
    typed_as_sdl_does(app, "ana")
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene is seats and seats.message == "seats.same_name"
    app, seats = computer_second()
    app.step(DT, [text("😀")])   # a letter the font cannot draw: said, and the seat stays the computer
    assert seats.chosen()[1].person is False and seats.message == "seats.cannot_draw"


@pytest.mark.parametrize("screen", ["options", "settings"])
def test_the_option_lists_take_the_arrows_and_space_not_w_a_s_d(screen):
    """w/a/s/d moved and changed the option lists, undocumented and, on AZERTY or Dvorak, no cluster
    of keys at all; the arrows do, and Space changes a row as → does."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=(1280, 720))
    app.go(screen)
    app.step(DT)
    scene = app.scene
    values = [row.value for row in scene.list.rows]
    app.step(DT, [key_of(ch) for ch in "wasd"])
    assert [row.value for row in scene.list.rows] == values and scene.list.selected == 0
    app.step(DT, [drive.key(pygame.K_DOWN), drive.key(pygame.K_SPACE)])
    assert scene.list.selected == 1 and [row.value for row in scene.list.rows] != values


def test_text_input_runs_while_a_name_is_typed_by_the_names_box(monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda rect: calls.append(tuple(rect)))
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=(1280, 720))
    app.step(DT)
    assert calls == ["stop"]   # the menu: none (SDL starts it on a desktop by itself)
    app.settings["last_options"] = {"players": 2}
    app.go("seats")
    app.step(DT)
    seats = app.scene
    box = seats.list.value_rect(seats.list.rect_of(0))
    assert calls[1:] == ["start", app.viewport.to_window(box)]
    app.step(DT, desktop("Ana"))
    assert len(calls) == 3   # nothing again while it stays
    app.step(DT, [drive.key(pygame.K_RIGHT)])   # seat 1 a computer: no name to type
    assert calls[3:] == ["stop"]
    app.step(DT, [drive.key(pygame.K_LEFT)])
    app.step(DT, [drive.key(pygame.K_ESCAPE)])  # back to the new-game options
    assert calls[4:] == ["start", app.viewport.to_window(box), "stop"]


def test_on_the_typing_screen_of_a_small_phone_text_goes_in_and_the_box_is_the_names(monkeypatch):
    rects = []
    monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda rect: rects.append(tuple(rect)))
    app, seats = seats_app(size=(320, 568))
    assert seats.compact
    app.step(DT, drive.tap(seats.type_bar.buttons[0].rect.center, window=app.layout.size))
    app.step(DT)
    assert seats.editing and rects[-1] == app.viewport.to_window(seats.field)
    app.step(DT, desktop("Núria"))
    assert seats.chosen()[0].name == "Núria"


def test_the_window_and_its_box_map_to_window_pixels():
    from game.ui.viewport import Viewport

    port = Viewport((2560, 1440), (1280, 720))
    assert port.to_window((10, 20, 100, 50)) == (20, 40, 200, 100)
    banded = Viewport((1600, 720), (1280, 720))   # a band of 160 px each side
    assert banded.to_window((0, 0, 1280, 720)) == (160, 0, 1280, 720)


#: The screens that open by their name alone once a hand is played out: every one but the seats
#: screen, whose typing the tests above go through. A screen that fails to open is a failure here
#: (it was a skip, so a crash on opening the statistics kept the run green).
BY_NAME = ["backup", "confirm", "deal", "handoff", "history", "match_end", "menu", "options", "play", "review",
           "rules", "scoring", "settings", "stats"]


def test_the_typing_check_names_every_screen():
    """A new screen is added to BY_NAME (or said here why it is left out), not missed unseen."""
    assert set(REGISTRY) == set(BY_NAME) | {"seats"}


@pytest.mark.parametrize("name", BY_NAME)
def test_every_screen_takes_typed_text_without_failing(name):
    """A TEXTINPUT may come on any screen, not only where a name is typed: every screen that opens
    by name, with a hand played out, takes it (and the keys with it) and goes on."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=4)
    start_game(app, Options(players=2))
    moves = random.Random(3)
    while not app.session.hand.over:   # (the count and the match's end want a finished hand)
        hand = app.session.hand
        app.session.play(moves.choice(hand.legal_moves()) if app.session.is_human(hand.turn) else app.session.bot_move())
    app.go(name)
    assert app.scene.name == name
    app.step(DT, desktop("w1 é") + [text("María José")] + [key_of(ch) for ch in "sd "])
    assert app.failure is None and app.scene is not None


@pytest.mark.parametrize("sign", ["1", "-", ".", "3"])
def test_a_digit_or_a_sign_on_a_computers_row_changes_nothing(sign):
    """Only a letter begins a name on a computer's row: any printable key made the seat a person, so
    someone used to the table's 1–3 keys who pressed one there replaced a computer with a person
    named "1" (a maintainer's review, round 36). A digit or a sign changes nothing, as Space; a
    letter after it still starts the name."""
    app, seats = computer_second()
    before = seats.chosen()
    typed_as_sdl_does(app, sign)
    assert seats.chosen() == before and seats.selected_row() == 1 and seats.message == ""
    app, seats = computer_second()
    app.step(DT, [key_of(sign)])   # before text input is on: the key alone
    assert seats.chosen() == before
    typed_as_sdl_does(app, "L" + sign)   # a person's name may still hold one, after its first letter
    assert seats.chosen() == (Seat(True, "Ana"), Seat(True, "L" + sign))


def test_space_on_a_name_only_filled_in_keeps_it():
    """A person's name only filled in (the seats last played, "Ana") is replaced by the first letter
    typed; Space, no letter, erased it to "" and typed nothing (a maintainer's review, round 36). It
    changes nothing now; the next letter still replaces the name, and a space after it is typed."""
    app, seats = computer_second()
    app.step(DT, [drive.key(pygame.K_UP)])
    assert seats.selected_person() == 0 and seats.chosen()[0] == Seat(True, "Ana")
    typed_as_sdl_does(app, " ")
    assert seats.chosen()[0] == Seat(True, "Ana")
    typed_as_sdl_does(app, "Bea M")
    assert seats.chosen()[0] == Seat(True, "Bea M")


@pytest.mark.parametrize("typed, kept", [("Nguyễn", "Nguyn"), ("Zoë😀", "Zoë"), ("Aylin 🇹🇷", "Aylin")])
def test_a_letter_left_out_of_a_textinput_of_several_is_said(typed, kept):
    """A Vietnamese IME or a phone's keyboard commits a whole word: the letters the font cannot draw
    were dropped unsaid when the others could be, and the person's name quietly became another."""
    app, seats = seats_app()
    app.step(DT, [text(typed)])
    assert seats.chosen()[0].name == kept and seats.message == "seats.cannot_draw"
    with drive.drawn(app) as seen:
        seats.draw(app.surface)
    assert app.t("seats.cannot_draw") in [d.text for d in seen]


def test_the_note_of_a_letter_left_out_stays_while_letters_follow_until_one_is_erased():
    """Typed a letter at a time ("Nguy", "ễ", "n"), the "n" cleared the note at once: the name ended
    "Nguyn" with nothing on screen. It stays (the accent key too changes a letter and keeps it),
    and an erase, the person correcting the name, takes it away."""
    app, seats = seats_app()
    app.step(DT, [text(ch) for ch in ("Nguy", "ễ", "n", " Va")])
    assert seats.chosen()[0].name == "Nguyn Va" and seats.message == "seats.cannot_draw"
    seats.press_key("´")
    assert seats.chosen()[0].name == "Nguyn Vá" and seats.message == "seats.cannot_draw"
    app.step(DT, [drive.key(pygame.K_BACKSPACE)])
    assert seats.chosen()[0].name == "Nguyn V" and seats.message == ""
    app.step(DT, [text("a")])
    assert seats.message == ""   # nothing left out since


@pytest.mark.parametrize("size", [(360, 640), (320, 568)])
@pytest.mark.parametrize("large", [False, True])
def test_the_typing_screen_of_a_small_phone_says_why_a_letter_was_left_out(size, large):
    """An emoji from the phone's keyboard on the typing screen was refused with no word (the tap did
    nothing): the note is drawn whole, right above the name's box."""
    app, seats = seats_app(size=size)
    app.set_setting("large_text", large)
    app.step(DT, drive.tap(seats.type_bar.buttons[0].rect.center, window=app.layout.size))
    app.step(DT, [text("Ana"), text("😀")])
    assert seats.editing and seats.chosen()[0].name == "Ana"
    with drive.drawn(app) as seen:
        seats.draw(app.surface)
    note = [d for d in seen if " " in d.text and d.text in app.t("seats.cannot_draw")]   # (not a key's letter)
    assert " ".join(d.text for d in note) == app.t("seats.cannot_draw")   # whole, not cut short
    for d in note:   # right above the name's box (over "Listo" and the keys at the bottom: round 39)
        assert d.rect.bottom <= seats.field.top and app.surface.get_rect().contains(d.rect)


@pytest.mark.parametrize("typed", ["Ana\u00a0María", "Ana\tMaría", "Ana\nMaría", "Ana\u2003\u00a0María",
                                   "Ana\r\nMaría"])
def test_a_space_of_another_kind_in_a_name_is_one_plain_space(typed):
    """A no-break space (the Mac's Option+Space, a name pasted from the web), a tab or a pasted line
    break were deleted: "Ana María" became "AnaMaría" unsaid. Each is a space, as --seats makes a
    no-break space one, and a name keeps one space between words."""
    app, seats = seats_app()
    app.step(DT, [text(typed)])
    assert seats.seats[0].name == "Ana María" and seats.message == ""
    app, seats = seats_app()
    app.step(DT, [text(ch) for ch in typed])   # a letter at a time
    assert seats.seats[0].name == "Ana María"
    assert clean_name(typed) == "Ana María"


@pytest.mark.parametrize("size", [(360, 640), (320, 568)])
def test_the_typing_screen_shows_the_end_of_a_name_too_wide_for_its_box(size):
    """With large text a 14-W name read "WWWWWWWWWWWW…" in the box with the bar after the "…": the
    person could not see the letters just typed. The box shows "…" and the name's end, the letter
    just typed last."""
    app, seats = seats_app(size=size)
    app.set_setting("large_text", True)
    app.step(DT, drive.tap(seats.type_bar.buttons[0].rect.center, window=app.layout.size))
    name = "WWWWWWWWWWWWW\u0174"   # ("Ŵ" last: as wide as a W, and the letter to see)
    app.step(DT, [text(name)])
    assert seats.editing and seats.seats[0].name == name
    with drive.drawn(app) as seen:
        seats.draw(app.surface)
    shown = [d.shown for d in seen if "WW" in d.shown]
    assert len(shown) == 1 and shown[0].startswith("\u2026") and name.endswith(shown[0][1:]), shown
    app, seats = seats_app(size=size)   # a name that fits: whole
    app.step(DT, drive.tap(seats.type_bar.buttons[0].rect.center, window=app.layout.size))
    app.step(DT, [text("María José Gil")])
    with drive.drawn(app) as seen:
        seats.draw(app.surface)
    assert "María José Gil" in [d.shown for d in seen]


def typing_by_finger():
    """The seats screen of a small phone (320x568) tapped by finger, its typing screen open."""
    app, seats = seats_app(size=(320, 568))
    app.by_finger = True
    app.step(DT, drive.tap(seats.type_bar.buttons[0].rect.center, window=app.layout.size))
    app.step(DT)
    assert seats.editing
    return app, seats


def test_the_phones_keyboard_closed_by_its_own_button_ends_the_typing_screen_keeping_the_name():
    """On a phone the typing screen stood open after the player closed the phone's keyboard with its own
    button (the page as wide, taller again by the keyboard's height), "Listo" under their thumb the one
    way out. Now that ends it as "Listo" does, the name kept; the address bar sliding (a few per cent of
    the height) or the phone turned does not."""
    app, seats = typing_by_finger()
    for size in ((320, 300), (320, 340), (320, 300)):   # the phone's keyboard opens; the bar slides
        app.resize(size)
        app.step(DT)
    app.step(DT, desktop("Ana"))
    assert seats.editing
    app.resize((568, 320))   # turned, the keyboard open: still typing
    app.step(DT)
    app.resize((568, 180))
    app.step(DT)
    assert seats.editing
    app.resize((568, 320))   # the keyboard closed by its own button
    app.step(DT)
    assert not seats.editing and app.scene is seats and seats.chosen()[0].name == "Ana"
    assert app.settings["seats_draft"]["seats"][0] == {"person": "Ana"}


def test_the_phone_turned_and_turned_back_while_typing_keeps_the_typing_screen():
    """Turned sideways and back upright, the page is taller again by far more than a keyboard, but that is
    the phone turned, not its keyboard closed: the typing screen stays (mutation audit, mut40: the page's
    shortest height kept across the turn, the turn back ended the typing and passed every test)."""
    app, seats = typing_by_finger()
    for size in ((568, 320), (320, 568)):
        app.resize(size)
        app.step(DT)
    assert seats.editing
