"""One thumb on a phone held upright (an outside tester, round 39): the typing screen's keys.

At 360x640 and 320x568 the name's letter keys filled the top 9-45 % of the screen, 1.7-2.0 CSS px
apart, and the lower half was empty felt: every letter a reach into the top third. The keys now lie
at the bottom, as a phone's own keyboard does, a finger's size and 6 CSS px apart, the name being
typed and "Listo" right above them; with the phone's own keyboard up (the page shorter by its
height) the screen draws no keys of its own, the name and "Listo" at the bottom of what is left.
The screen opened by a finger's tap, looked at once."""

from __future__ import annotations

import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store

DT = 1 / 30
SMALL = [(360, 640), (320, 568)]


def typing(size, finger: bool = False):
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=size)
    app.settings["last_options"] = {"players": 2}
    app.by_finger = finger
    app.go("seats")
    app.step(DT)
    seats = app.scene
    app.step(DT, drive.tap(seats.type_bar.buttons[0].rect.center, window=app.layout.size))
    assert seats.editing
    return app, seats


@pytest.mark.parametrize("size", SMALL, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_keys_lie_at_the_bottom_under_the_name_and_listo(size):
    app, seats = typing(size)
    keys = [rect for rect, _ in seats.keys]
    h = app.layout.h
    listo = seats.edit_bar.buttons[0].rect
    assert max(r.bottom for r in keys) >= h * 0.95   # down to the bottom, as every screen's buttons
    assert min(r.centery for r in keys) >= h * 0.45   # every letter in the lower part, the thumb's
    assert seats.field.bottom <= listo.top and listo.bottom <= min(r.top for r in keys)   # both above them
    assert listo.right >= app.layout.w * 0.9   # "Listo" right, where the seats' own lies


@pytest.mark.parametrize("size", SMALL, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_keys_are_a_finger_wide_and_apart(size):
    app, seats = typing(size)
    css = app.layout.css_scale
    keys = [rect for rect, _ in seats.keys]
    assert min(min(r.size) for r in keys) * css >= 44
    for a in keys:
        for b in keys:
            if a is not b:   # the nearest edges of two keys, across or down
                apart = max(b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom)
                assert apart * css >= 5.5, (a, b, apart * css)


def test_with_the_phones_keyboard_up_the_screen_draws_no_keys_of_its_own():
    app, seats = typing((320, 568), finger=True)
    app.step(DT)
    assert seats.keys
    app.resize((320, 300))   # the phone's keyboard opens: the page shorter by its height
    app.step(DT)
    assert seats.editing and seats.keys == []
    listo = seats.edit_bar.buttons[0].rect
    assert app.layout.rect().contains(listo) and app.layout.rect().contains(seats.field)
    assert listo.bottom >= app.layout.h * 0.85 and seats.field.bottom <= listo.top
    app.resize((320, 290))   # the address bar sliding: no change
    app.step(DT)
    assert seats.editing and seats.keys == []
