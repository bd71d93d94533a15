"""Ajustes on small phones: a tapped setting that moves the rows keeps its row under the finger
where the list is not scrolled to its end (the rows above it grow the room over them), and the room
made to hold a row at the list's end goes once the list is scrolled back up.

An outside mutation audit (mut37) found both untested: the room over the rows (``OptionList.above``)
could be ignored, the round-36 bug back, and the room past the end (``slack``) never shrink, with
every test passing (the one test there turned large text off only at the list's end)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from test_ui_small_phones import DT, make_app, tap


def tapped_on(size, key, first, at_end=False):
    """The settings at ``size`` with ``key`` set to ``first``, its row brought into view (and the
    list scrolled as far as it goes if ``at_end``) and the place of a tap on its value's arrow."""
    app = make_app(size)
    app.set_setting(key, first)
    app.go("settings")
    app.step(DT)
    lst, row = app.scene.list, app.scene.rows[key]
    i = lst.shown().index(row)
    lst.bring_into_view(i)
    if at_end:
        lst.scroll_to(lst.max_scroll())
    vr = lst.value_rect(lst.rect_of(i))
    return app, lst, i, (vr.right - lst.arrow_width // 2, vr.centery)


def tapped_again(app, pos) -> None:
    for _ in range(40):   # past the double-tap guard
        app.step(DT)
    tap(app, pos)
    app.step(DT)


def test_large_text_turned_off_mid_list_keeps_its_row_under_the_finger():
    """At 320x568 the rows above "Letra grande" shrink when it goes off; the list not at its end,
    its row stays where it was: a second tap there turns it on again, and nothing else changes (it
    landed on "Ayuda para contar")."""
    app, lst, i, pos = tapped_on((320, 568), "large_text", True)
    assert lst.scroll < lst.max_scroll()
    before = dict(app.settings)
    top = lst.rect_of(i).top
    for value in (False, True):
        tapped_again(app, pos)
        assert app.settings == {**before, "large_text": value}
        assert lst.rect_of(i).top == top and lst.row_at(pos) == i


def test_the_room_past_the_last_row_goes_once_scrolled_back_up():
    """At 320x480, "Letra grande" off at the list's end leaves room past the last row to hold the
    row under the finger; scrolled up and down again, the list ends at its last row, not on felt."""
    app, lst, i, pos = tapped_on((320, 480), "large_text", True, at_end=True)
    tapped_again(app, pos)
    assert app.settings["large_text"] is False and lst.row_at(pos) == i
    assert lst.slack > 0   # held: the list scrolls past its end for now
    lst.scroll_to(0)
    lst.scroll_to(10 ** 6)
    last = lst.rect_of(len(lst.shown()) - 1)
    assert last.bottom == lst.view().bottom and lst.slack == 0


def test_the_last_row_still_shows_whole_with_room_over_the_rows():
    """At 320x568, "Letra grande" off mid-list makes room over the rows to hold its row; scrolled
    to the end, the list still reaches its last row, whole (the room counted in how far it scrolls)."""
    app, lst, i, pos = tapped_on((320, 568), "large_text", True)
    tapped_again(app, pos)
    assert app.settings["large_text"] is False and lst.above > 0
    lst.scroll_to(10 ** 6)
    last = lst.rect_of(len(lst.shown()) - 1)
    assert lst.view().top <= last.top and last.bottom <= lst.view().bottom
