"""Two people whose names a plate cuts alike are told apart: "Mohammed Wahid" and "Mohammed Walid",
three players on a 390x844 phone, both read "Mohammed Wa…" under their faces; each plays for their
own points, and the score panel's full names said nothing of who sat where (an outside tester,
round 37). Where a plate could be read as another's name, as the same string or, rooms differing
(four players on a phone held sideways), as "Mohamm…" beside "Mohammed…", it is cut in the middle,
keeping its end from the word where it differs (``text.tell_apart``)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scenes.common import start_game
from game.ui.scenes.faces import plates
from game.ui.seats import parse_spec
from game.ui.text import ELLIPSIS, could_read, tell_apart


def cut_at(most: int):
    """A room of ``most`` letters (every letter as wide): what it shows of a name, and what fits it."""
    def cut(name: str) -> str:
        return name if len(name) <= most else name[:most - 1].rstrip() + ELLIPSIS

    return cut, lambda i, text: len(text) <= most


def apart(names: list[str], most: int) -> list[str]:
    cut, fits = cut_at(most)
    return tell_apart(names, [cut(n) for n in names], fits)


def test_names_cut_alike_keep_the_word_where_they_differ():
    assert apart(["Ana", "Mohammed Wahid", "Mohammed Walid"], 12) == ["Ana", "Mohamm…Wahid", "Mohamm…Walid"]
    assert apart(["María José Gil", "María José Gómez"], 12) == ["María Jo…Gil", "María…Gómez"]


def test_names_that_read_apart_are_left_as_they_were():
    names = ["Ana", "Maximiliano Fernández", "Guadalupe"]
    assert apart(names, 12) == ["Ana", "Maximiliano…", "Guadalupe"]   # one cut, read by no other
    assert apart(["Mohammed Wahid", "Mohammed Walid"], 14) == ["Mohammed Wahid", "Mohammed Walid"]   # whole
    assert apart([], 12) == []


def test_a_word_too_long_to_keep_whole_keeps_the_letters_from_where_it_differs():
    w = ["WWWWWWWWWWWWWW", "WWWWWWWWWWWWWM"]
    got = apart(w, 9)
    assert got == ["WWWWWWW…W", "WWWWWWW…M"] and len(set(got)) == 2
    assert apart(["Bartholomew Ann", "Bartholomew Amy"], 8) == ["Bart…Ann", "Bart…Amy"]
    assert apart(["Bartholomew Ann", "Bartholomew Amy"], 4) == ["B…nn", "B…my"]   # the word whole does not fit


def test_a_name_that_begins_another_is_told_apart_from_it():
    """"Bartholomew" and "Bartholomew Ann" both read "Barthol…" in a room of 8: the shorter name
    differs from the other where it ends, so it keeps its last letter, and the other its last word;
    neither plate could be read as the other name. The word is kept from its first letter, not
    from the space before it: "Bar… Ann" spent a letter of the room on that space."""
    names = ["Bartholomew", "Bartholomew Ann"]
    got = apart(names, 8)
    assert got == ["Bartho…w", "Bart…Ann"]
    for i, plate in enumerate(got):
        assert could_read(plate, names[i]) and not could_read(plate, names[1 - i]), got
    assert apart(["Mohammed", "Mohammed Wahid"], 8) == ["Mohammed", "Mo…Wahid"]


def test_a_room_too_small_for_the_word_that_differs_keeps_the_letters_that_do():
    """"Mohammed" and "Mohammed Wahid" in a room of 6: "Wahid" does not fit beside a letter and "…",
    and the first cuts tried, "Moha…d" and "Moham…", could each be read as either name (both end in
    "d"). The plates keep the shortest end that no other name has: "Moh…ed" and "Moh…id"."""
    names = ["Mohammed", "Mohammed Wahid"]
    for most in range(4, 9):
        got = apart(names, most)
        assert all(len(text) <= most for text in got), (most, got)
        for i, plate in enumerate(got):
            assert could_read(plate, names[i]) and not could_read(plate, names[1 - i]), (most, got)
    assert apart(names, 6) == ["Moh…ed", "Moh…id"]


def test_every_cut_fits_its_room_and_three_alike_are_all_told_apart():
    names = ["Mohammed Wahid", "Mohammed Walid", "Mohammed Wasim"]
    for most in range(6, 14):
        got = apart(names, most)
        assert all(len(text) <= most for text in got), most
        assert len(set(got)) == 3, (most, got)


def test_plates_of_different_rooms_that_could_each_be_the_other_name_are_told_apart():
    # four players on a phone held sideways: the right face's room is narrower than the top one's,
    # and "Mohamm…" / "Mohammed…" differ as strings while neither shows the letter that differs
    names = ["Mohammed Wahid", "Mohammed Walid"]
    rooms = [7, 9]
    shown = [n if len(n) <= most else n[:most - 1].rstrip() + ELLIPSIS for n, most in zip(names, rooms)]
    assert shown == ["Mohamm…", "Mohammed…"]
    got = tell_apart(names, shown, lambda i, text: len(text) <= rooms[i])
    assert got == ["M…Wahid", "Moh…Walid"]
    for i, plate in enumerate(got):
        assert not could_read(plate, names[1 - i]) and could_read(plate, names[i])
    # one whole, the other cut alike: the cut one is told apart, the whole one left as it is
    assert tell_apart(names, ["Mohammed Wahid", "Mohammed…"], lambda i, text: len(text) <= 9) == [
        "Mohammed Wahid", "Moh…Walid"]


def test_could_read():
    assert could_read("Mohamm…", "Mohammed Walid") and could_read("Moh…Walid", "Mohammed Walid")
    assert not could_read("Moh…Walid", "Mohammed Wahid") and not could_read("Maximiliano…", "Maximiliano")
    assert could_read("Ana", "Ana") and not could_read("Ana", "Anabel")


def table_plates(size: tuple[int, int], large: bool, people: list[str]) -> tuple[dict[int, str], list[str]]:
    """The plates ``plates`` gives and the name texts drawn ending in or cut with "…" at ``size``."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=7, size=size)
    app.settings["speed"] = "fast"
    app.settings["large_text"] = large
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=len(people)),
                                  parse_spec(",".join(f"person:{name}" for name in people))))
    for _ in range(600):
        if app.scene.name == "play":
            break
        app.step(1 / 30, [drive.key(pygame.K_RETURN)])
    assert app.scene.name == "play"
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    shown = plates(app.scene.table, {seat: app.scene.name_of(seat) for seat in range(len(people))})
    return shown, [d.shown for d in seen]


def test_four_players_on_a_phone_held_sideways_draw_plates_that_tell_who_is_who():
    # the right face and the top face have rooms of different widths there (an outside tester,
    # round 37: "Mohamm…" and "Mohammed…" at 568x320 with large text and at 480x320)
    for size, large in (((568, 320), True), ((480, 320), False)):
        for pair in (["Mohammed Wahid", "Mohammed Walid"], ["Maximiliano Fe", "Maximiliano Fa"]):
            shown, drawn = table_plates(size, large, ["Bo", *pair, "Lu"])
            a, b = shown[1], shown[2]
            assert a in drawn and b in drawn
            assert not could_read(a, pair[1]) and not could_read(b, pair[0]), (size, large, a, b)


def test_the_table_at_390x844_draws_the_two_plates_apart():
    app = App(Store(Storage(MemoryBackend())), window=False, seed=7, size=(390, 844))
    app.settings["speed"] = "fast"
    app.go("menu")
    spec = "person:Ana,person:Mohammed Wahid,person:Mohammed Walid"
    app.manager.switch(start_game(app, Options(players=3), parse_spec(spec)))
    for _ in range(600):
        if app.scene.name == "play":
            break
        app.step(1 / 30, [drive.key(pygame.K_RETURN)] if app.scene.name != "play" else [])
    assert app.scene.name == "play"
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    cut = [d.shown for d in seen if d.shown.startswith("Moh") and ELLIPSIS in d.shown]   # (the score panel's: whole)
    assert len(cut) == 2 and len(set(cut)) == 2, cut
    shown = plates(app.scene.table, {seat: app.scene.name_of(seat) for seat in range(3)})
    assert sorted(shown.values()) == sorted(cut)   # (what the hints' reasons keep in view)


def test_in_a_room_of_three_letters_the_last_letter_alone_tells_apart():
    """Three letters of room (a narrow plate, large text): a letter, "…" and the last letter is all a
    plate can hold, and where the last letters differ it tells the names apart ("A…l", "A…h"), where
    "An…" could be either."""
    for names in (["Annabel", "Annabel Smith"], ["Mary Ann", "Mary Ann Bea"], ["Luis M", "Luis M Paz"]):
        got = apart(names, 3)
        assert all(len(text) <= 3 for text in got), got
        for i, plate in enumerate(got):
            assert could_read(plate, names[i]) and not could_read(plate, names[1 - i]), got
