"""One thumb on a phone held upright (an outside tester, round 39).

A thumb's swipe to scroll the page that began on a row of options changed it: "Idioma" turned the
game into English, "Jugadores" and "Cambio del siete" changed the match, "Quién juega" opened the
seats; a brush of the muestra made the cambio. Rows, keys and the table's zones act on a finger's
lift within the tap slop, as buttons do; the mouse acts on its press as before. FINGER* events with
SDL's mouse copies through ``App.step``, a fixed time step, a seeded match."""

from __future__ import annotations

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store

DT = 1 / 60


def open_screen(screen: str, size=(390, 844), **settings) -> App:
    app = App(Store(Storage(MemoryBackend())), window=False, seed=1, size=size)
    app.settings.update(settings)
    app.go("menu")
    app.step(DT)
    app.go(screen)
    app.step(DT)
    return app


def finger(app: App, kind: int, pos) -> list:
    """One finger's event with SDL's mouse copy (which must not act), at logical ``pos``."""
    window = app.viewport.window
    at = (pos[0] * window[0] / app.layout.size[0], pos[1] * window[1] / app.layout.size[1])
    copy = {pygame.FINGERDOWN: drive.mouse_down, pygame.FINGERUP: drive.mouse_up,
            pygame.FINGERMOTION: drive.mouse_move}[kind]
    return [drive.finger(kind, at, window), copy((int(at[0]), int(at[1])), touch=True)]


def swipe(app: App, start, css: int = 120, steps: int = 6) -> None:
    """A thumb's swipe up by ``css`` CSS px from ``start``, a frame a step."""
    s = app.layout.css_scale
    app.step(DT, finger(app, pygame.FINGERDOWN, start))
    for k in range(1, steps + 1):
        app.step(DT, finger(app, pygame.FINGERMOTION, (start[0], int(start[1] - k * css / steps / s))))
    app.step(DT, finger(app, pygame.FINGERUP, (start[0], int(start[1] - css / s))))


def row_named(lst, label: str) -> int:
    return next(i for i, r in enumerate(lst.shown()) if r.label == label)


def values(lst) -> list:
    return [r.value for r in lst.rows]


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
@pytest.mark.parametrize("screen, label", [("settings", "set.language"), ("settings", "set.volume"),
                                           ("options", "opt.players"), ("options", "opt.swap_seven"),
                                           ("options", "opt.seats")])
def test_a_swipe_that_begins_on_a_row_changes_nothing(screen, label, size):
    app = open_screen(screen, size, last_options=Options(players=4).to_json())
    lst = app.scene.list
    before, lang = values(lst), app.words.lang
    swipe(app, lst.rect_of(row_named(lst, label)).center)
    assert app.scene.name == screen and values(lst) == before and app.words.lang == lang


@pytest.mark.parametrize("screen, label", [("settings", "set.language"), ("options", "opt.players")])
def test_a_row_changes_as_the_finger_lifts_not_as_it_lands(screen, label):
    app = open_screen(screen, (360, 640))
    lst = app.scene.list
    i = row_named(lst, label)
    at, before = lst.rect_of(i).center, lst.shown()[i].value
    app.step(DT, finger(app, pygame.FINGERDOWN, at))
    app.step(DT)
    assert lst.shown()[i].value == before   # held: nothing yet
    app.step(DT, finger(app, pygame.FINGERUP, (at[0] + 4, at[1] - 5)))   # lifted with a little wobble
    assert lst.shown()[i].value != before


def test_the_mouse_still_changes_a_row_on_its_press():
    """... and only there: its release on the row changes it no further (mutation audit, mut40: a mouse
    release read as a tap too made one click step the players by two, and passed every test)."""
    app = open_screen("options", (1280, 720))
    lst = app.scene.list
    i = row_named(lst, "opt.players")
    before = lst.shown()[i].value
    at = app.viewport.to_window((*lst.rect_of(i).center, 0, 0))[:2]
    app.step(DT, [drive.mouse_down(at)])
    after = lst.shown()[i].value
    assert after != before
    app.step(DT, [drive.mouse_up(at)])
    assert lst.shown()[i].value == after


def test_a_swipe_over_a_seat_arrow_or_the_letters_changes_nothing():
    app = open_screen("seats", (390, 844))
    scene, lst = app.scene, app.scene.list
    before = values(lst)
    vr = lst.value_rect(lst.rect_of(1))
    swipe(app, (vr.right - 10, vr.centery))   # on seat 2's right arrow
    assert values(lst) == before
    app.step(DT, finger(app, pygame.FINGERDOWN, (vr.right - 10, vr.centery)))
    app.step(DT, finger(app, pygame.FINGERUP, (vr.right - 10, vr.centery)))
    assert values(lst) != before   # the tap still changes it
    person = values(lst).index("person") if "person" in values(lst) else 0
    lst.selected = person
    app.step(DT)
    name = scene.seats[person].name
    if scene.keys:
        swipe(app, scene.keys[0][0].center, css=80)
        assert scene.seats[person].name == name


def test_a_brush_of_the_muestra_or_the_score_panel_does_nothing_until_a_tap():
    from test_touch_fingers import my_turn   # noqa: PLC0415
    app = my_turn((390, 844))
    scene, hand = app.scene, app.session.hand
    moves, shown = len(hand.moves), app.session.options.show_score
    muestra = scene.table.muestra_rect().center
    message = scene.message
    swipe(app, muestra, css=80)
    assert len(hand.moves) == moves and scene.message == message   # no cambio, no word of why not
    from game.ui.scenes import room   # noqa: PLC0415
    swipe(app, room.score_rect(scene).center, css=-80)
    assert app.session.options.show_score == shown
    app.step(DT, finger(app, pygame.FINGERDOWN, room.score_rect(scene).center))
    app.step(DT, finger(app, pygame.FINGERUP, room.score_rect(scene).center))
    assert app.session.options.show_score != shown


PHONES = [(320, 568), (360, 640), (390, 844), (412, 915), (430, 932)]


@pytest.mark.parametrize("size", PHONES)
def test_every_seat_arrow_is_a_fingers_size_and_a_tap_just_above_its_drawing_changes_the_seat(size):
    """The seats' arrows are the only way a finger changes a seat: 35-36.5 CSS px tall at 320x568 and
    360x640, and a tap 4 CSS px over one only selected the row."""
    app = open_screen("seats", size)
    lst, css = app.scene.list, app.layout.css_scale
    for i in range(len(lst.shown())):
        for box in lst.arrow_boxes(lst.rect_of(i)):
            assert min(box.width, box.height) * css >= 44, (i, box)
    vr = lst.value_rect(lst.rect_of(1))
    at = (vr.right - 10, vr.bottom - round(40 / css))   # 40 CSS px over the drawn box's bottom
    before = app.scene.rows[1].value
    app.step(DT, finger(app, pygame.FINGERDOWN, at))
    app.step(DT, finger(app, pygame.FINGERUP, at))
    assert app.scene.rows[1].value != before


def test_the_audit_measures_what_a_tap_must_hit(monkeypatch):
    """The layout audit measured the seats' rows (59 CSS px), not their arrows (35): it passed."""
    from game.ui.desktop import audit   # noqa: PLC0415
    from game.ui.option_list import OptionList   # noqa: PLC0415
    app = open_screen("seats", (320, 568))
    assert audit.measure(app, "seats").tap >= 44
    drawn = OptionList.arrow_boxes   # the boxes only as tall as their drawing: the audit must see it
    monkeypatch.setattr(OptionList, "arrow_boxes", lambda self, rect: tuple(
        b.clip(self.value_rect(rect)) for b in drawn(self, rect)))
    small = audit.measure(app, "seats")
    assert small.tap < 40 and any("tap target" in p for p in small.problems)


def tap_lifted_late(app: App, at) -> None:
    """A finger's tap at ``at`` whose lift comes two frames after its press, as a thumb's does."""
    app.step(DT, finger(app, pygame.FINGERDOWN, at))
    app.step(DT)
    app.step(DT, finger(app, pygame.FINGERUP, at))


def a_baza_to_look_back_on() -> App:
    """A 2-player match on a phone at the person's turn, a baza played (the last baza can be shown)."""
    from test_touch_fingers import my_turn   # noqa: PLC0415
    app = my_turn((390, 844))
    scene = app.scene
    app.step(DT, [drive.key(pygame.K_1)])
    for _ in range(600):
        if scene.human_turn() and not scene.table.animator.busy and scene.shown_tricks:
            break
        app.step(DT)
    return app


@pytest.mark.parametrize("place", ["score", "muestra"])
def test_a_tap_that_closes_the_last_baza_or_skips_the_deal_does_nothing_more_as_it_lifts(place):
    """A press that closed the last baza, or skipped the deal, was that tap's whole work; its lift on the
    score panel hid the points, on the muestra it tried the cambio ("Para cambiar hace falta el siete…")
    since the muestra and the score panel act on a finger's lift (reviewer, round 39)."""
    from game.ui.scenes import room   # noqa: PLC0415

    def spot(scene):
        return room.score_rect(scene).center if place == "score" else scene.table.muestra_rect().center

    app = a_baza_to_look_back_on()
    scene, hand = app.scene, app.session.hand
    app.step(DT, finger(app, pygame.FINGERDOWN, spot(scene)))   # a thumb there as L opens the last baza
    app.step(DT, [drive.key(pygame.K_l)])
    app.step(DT, finger(app, pygame.FINGERUP, spot(scene)))
    for _ in range(24):   # (not the second half of a double tap)
        app.step(DT)
    assert scene.show_last
    shown, moves, message = app.session.options.show_score, len(hand.moves), scene.message
    tap_lifted_late(app, spot(scene))
    assert not scene.show_last   # closed by the press
    assert (app.session.options.show_score, len(hand.moves), scene.message) == (shown, moves, message)

    app = App(Store(Storage(MemoryBackend())), window=False, seed=1, size=(390, 844))
    app.go("menu")
    from game.ui.scenes.common import start_game   # noqa: PLC0415
    app.manager.switch(start_game(app, Options(players=2)))
    for _ in range(200):
        if app.scene.name == "deal" and app.scene.table.model.muestra is not None:
            break
        app.step(DT)
    shown = app.session.options.show_score
    tap_lifted_late(app, spot(app.scene))
    assert app.scene.name == "play"   # the deal skipped by the press
    assert app.session.options.show_score == shown and app.scene.message is None and not app.session.hand.moves
    for _ in range(24):   # (not the second half of a double tap)
        app.step(DT)
    at = spot(app.scene)   # a tap of its own there, wobbling a little, still acts as it lifts
    app.step(DT, finger(app, pygame.FINGERDOWN, at))
    app.step(DT, finger(app, pygame.FINGERMOTION, (at[0] + 3, at[1] - 2)))
    app.step(DT, finger(app, pygame.FINGERUP, (at[0] + 3, at[1] - 2)))
    assert app.session.options.show_score != shown if place == "score" else app.scene.message is not None


def person_chosen(size):
    """The seats screen with a person's row selected (its name typed on the letters)."""
    app = open_screen("seats", size)
    scene = app.scene
    person = next(i for i, row in enumerate(scene.rows) if row.value == "person")
    scene.list.selected = person
    app.step(DT)
    return app, scene, person


def test_two_thumbs_typing_a_name_fast_type_both_letters_in_order():
    """A thumb still on one letter as the other thumb taps the next (fast typing with two thumbs): until
    the letters went to a finger's lift both were typed; then the first was lost, "F" for "Af"
    (the other finger's tap ends the resting press, whose lift does nothing: reviewer, round 39)."""
    from test_touch_fingers import press   # noqa: PLC0415
    app, scene, person = person_chosen((390, 844))
    (a, first), (b, second) = scene.keys[0], scene.keys[5]
    app.step(DT, press(app, pygame.FINGERDOWN, a.center))
    for _ in range(7):   # the left thumb down a little over a tenth of a second ...
        app.step(DT)
    app.step(DT, press(app, pygame.FINGERDOWN, b.center, fid=1))   # ... as the right thumb taps
    app.step(DT)
    app.step(DT, press(app, pygame.FINGERUP, b.center, fid=1))
    app.step(DT, press(app, pygame.FINGERUP, a.center))
    assert scene.seats[person].name == first.upper() + second.lower()


def test_a_row_tapped_as_a_thumb_brushes_the_glass_still_changes():
    """A thumb brushing the glass inside the index's tap is no rest, and the index keeps its tap: the row
    changed on the index's press; once rows went to a finger's lift, the brush (down and up before the
    index lifted) made the index's lift change nothing (reviewer, round 39)."""
    from test_touch_fingers import press   # noqa: PLC0415
    app = open_screen("options", (390, 844))
    lst = app.scene.list
    i = row_named(lst, "opt.players")
    at, before = lst.rect_of(i).center, lst.shown()[i].value
    app.step(DT, press(app, pygame.FINGERDOWN, at))
    app.step(DT, press(app, pygame.FINGERDOWN, (20, app.layout.size[1] - 20), fid=1))   # a sixtieth of a second on
    app.step(DT, press(app, pygame.FINGERUP, (20, app.layout.size[1] - 20), fid=1))
    app.step(DT, press(app, pygame.FINGERUP, (at[0] + 3, at[1])))
    assert lst.shown()[i].value != before


@pytest.mark.parametrize("screen, size", [("seats", (390, 844)), ("typing", (360, 640))])
def test_two_thumbs_rolling_over_the_letters_type_both_in_order(screen, size):
    """Rolling two-thumb typing: the left thumb down on a letter, the right down on the next, the left up,
    then the right up. The second letter was lost, on the seats' keys and on the typing screen alike
    (the lift of a finger that went down while the first was on the glass did nothing once the first
    had lifted: reviewer, round 39); both are typed, in the order they were pressed."""
    from test_touch_fingers import press   # noqa: PLC0415
    app, scene, person = person_chosen(size)
    if screen == "typing":   # (a small phone: the keys on a screen of their own)
        app.step(DT, press(app, pygame.FINGERDOWN, scene.type_bar.buttons[0].rect.center))
        app.step(DT, press(app, pygame.FINGERUP, scene.type_bar.buttons[0].rect.center))
        assert scene.editing
    (a, first), (b, second) = scene.keys[0], scene.keys[5]
    app.step(DT, press(app, pygame.FINGERDOWN, a.center))
    app.step(DT)
    app.step(DT, press(app, pygame.FINGERDOWN, b.center, fid=1))   # the right thumb down ...
    app.step(DT, press(app, pygame.FINGERUP, a.center))            # ... the left up ...
    app.step(DT, press(app, pygame.FINGERUP, b.center, fid=1))     # ... the right up
    assert scene.seats[person].name == first.upper() + second.lower()


@pytest.mark.parametrize("lift", ["swipe", "edge"])
def test_a_thumb_rolled_off_its_letter_types_it_only_within_the_tap_slop(lift):
    """Rolling two-thumb typing as above, but the right thumb slides off its letter before it lifts:
    twice the tap slop, a swipe, which types nothing, as a swipe over the letters never does; from 2 px
    inside the letter's edge to within the slop past it, its letter, judged where it went down (mutation
    audit, mut40: the slop made three times as wide, or the letter judged where the thumb lifted,
    passed every test, every test lifting on the letter's middle)."""
    from test_touch_fingers import press   # noqa: PLC0415
    app, scene, person = person_chosen((390, 844))
    (a, first), (b, second) = scene.keys[0], scene.keys[5]
    slop = app.input.slop
    down, up = ((b.center, (b.centerx + 2 * slop + 1, b.centery)) if lift == "swipe"
                else ((b.right - 2, b.centery), (b.right - 2 + slop, b.centery)))
    app.step(DT, press(app, pygame.FINGERDOWN, a.center))
    app.step(DT)
    app.step(DT, press(app, pygame.FINGERDOWN, down, fid=1))
    app.step(DT, press(app, pygame.FINGERUP, a.center))
    app.step(DT, press(app, pygame.FINGERUP, up, fid=1))
    assert scene.seats[person].name == first.upper() + ("" if lift == "swipe" else second.lower())

def test_a_row_swiped_as_a_thumb_brushes_the_glass_does_not_change():
    """As above, but the index lifts twice the tap slop from where it went down: a swipe, which changes
    no row (mutation audit, mut40: with the distance of that lift unchecked it changed the row, the
    brush's test lifting 3 px away)."""
    from test_touch_fingers import press   # noqa: PLC0415
    app = open_screen("options", (390, 844))
    lst = app.scene.list
    i = row_named(lst, "opt.players")
    at, before = lst.rect_of(i).center, lst.shown()[i].value
    app.step(DT, press(app, pygame.FINGERDOWN, at))
    app.step(DT, press(app, pygame.FINGERDOWN, (20, app.layout.size[1] - 20), fid=1))
    app.step(DT, press(app, pygame.FINGERUP, (20, app.layout.size[1] - 20), fid=1))
    app.step(DT, press(app, pygame.FINGERUP, (at[0] + 2 * app.input.slop + 1, at[1])))
    assert lst.shown()[i].value == before


def test_a_quick_swipe_with_no_move_reported_changes_no_row():
    """A swipe so quick that the lift is the first the game hears of the move (no motion between): the
    row it began on stays as it was (mutation audit, mut40: judged by the moves reported alone, it
    changed the row)."""
    app = open_screen("options", (390, 844))
    lst = app.scene.list
    i = row_named(lst, "opt.players")
    at, before = lst.rect_of(i).center, lst.shown()[i].value
    app.step(DT, finger(app, pygame.FINGERDOWN, at))
    app.step(DT, finger(app, pygame.FINGERUP, (at[0], at[1] - 2 * app.input.slop - 1)))
    assert lst.shown()[i].value == before


@pytest.mark.parametrize("size, scrolls", [((390, 844), False), ((320, 568), True)], ids=["fits", "scrolls"])
def test_a_tap_at_a_rows_edge_that_rolls_off_it_changes_the_row_it_went_down_on(size, scrolls):
    """A finger down 2 px inside a row's foot that rolls a few px under it before it lifts (within the
    tap slop): the row it went down on changes, and only it, on a list that fits or scrolls (mutation
    audit, mut40: judged where it lifted, it changed nothing or the next row)."""
    app = open_screen("options", size, large_text=scrolls)
    lst = app.scene.list
    assert (lst.max_scroll() > 0) == scrolls
    i = row_named(lst, "opt.players")
    rect, before = lst.rect_of(i), values(lst)
    app.step(DT, finger(app, pygame.FINGERDOWN, (rect.centerx, rect.bottom - 2)))
    app.step(DT, finger(app, pygame.FINGERUP, (rect.centerx, rect.bottom - 2 + app.input.slop)))
    after = values(lst)
    assert [k for k in range(len(before)) if after[k] != before[k]] == [lst.rows.index(lst.shown()[i])]


def test_a_click_just_under_a_seat_arrows_drawing_still_changes_the_seat():
    """On the desktop a seat's arrow box runs from its drawing's top down to the row's foot (a tap target
    tall): a click 3 px under the drawn arrow, still on its row, changes the seat rather than only
    selecting the row (mutation audit, mut40: the box ending at the drawing's bottom, grown upward
    instead, passed every test, which tapped above the drawing)."""
    app = open_screen("seats", (1280, 720))
    lst = app.scene.list
    rect = lst.rect_of(1)
    vr = lst.value_rect(rect)
    at = (vr.right - 10, vr.bottom + 3)
    assert rect.collidepoint(at)
    before = app.scene.rows[1].value
    app.step(DT, [drive.mouse_down(app.viewport.to_window((*at, 0, 0))[:2])])
    app.step(DT, [drive.mouse_up(app.viewport.to_window((*at, 0, 0))[:2])])
    assert app.scene.rows[1].value != before


def test_the_audit_measures_a_rows_left_arrow_column_where_a_tap_anywhere_changes_it(monkeypatch):
    """On the new game's rows a tap anywhere changes the value, its left arrow's column stepping back:
    the audit measures that column too, so a left arrow too narrow for a finger fails it (mutation audit,
    mut40: measuring the row alone passed every test)."""
    from game.ui.desktop import audit   # noqa: PLC0415
    from game.ui.option_list import OptionList   # noqa: PLC0415
    app = open_screen("options", (390, 844))
    assert audit.measure(app, "options").tap >= 44
    wide = OptionList.arrow_boxes   # the arrows' columns 20 px wide: a finger's tap misses the left one
    monkeypatch.setattr(OptionList, "arrow_boxes", lambda self, rect: tuple(
        pygame.Rect(b.x, b.y, 20, b.height) for b in wide(self, rect)))
    assert audit.measure(app, "options").tap < 44


def test_a_tap_on_the_points_that_rolls_just_off_them_still_hides_them():
    """The score panel, as a row, judges a finger's tap where it went down: one pressed 2 px inside its
    foot that rolls within the tap slop under it as it lifts hides the points (mutation audit, mut40:
    judged where it lifted, it did nothing)."""
    from game.ui.scenes import room   # noqa: PLC0415
    app = a_baza_to_look_back_on()
    panel = room.score_rect(app.scene).inflate(0, 16)
    shown = app.session.options.show_score
    app.step(DT, finger(app, pygame.FINGERDOWN, (panel.centerx, panel.bottom - 2)))
    app.step(DT, finger(app, pygame.FINGERUP, (panel.centerx, panel.bottom - 2 + app.input.slop)))
    assert app.session.options.show_score != shown


def test_a_row_pressed_as_the_window_loses_focus_does_not_change_when_the_finger_lifts():
    """A finger down on a row as the window loses the focus (a call, the system's own panel over the game)
    has its press ended: lifted where it went down afterwards, it changes nothing (mutation audit, mut40:
    every forgetting of the fingers keeping that lift's tap, as only a small resize should, passed every
    test)."""
    app = open_screen("options", (390, 844))
    lst = app.scene.list
    i = row_named(lst, "opt.players")
    at, before = lst.rect_of(i).center, lst.shown()[i].value
    app.step(DT, finger(app, pygame.FINGERDOWN, at))
    app.step(DT, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    app.step(DT, finger(app, pygame.FINGERUP, at))
    assert lst.shown()[i].value == before


def test_a_mouse_drag_that_scrolls_the_list_changes_no_row_released_on_it():
    """The mouse drags a list that scrolls by a row and lets go on that same row, which moved with the
    list: a scroll, not a click on the row (mutation audit, mut40: the drag forgotten at the release
    changed the row, and passed every test, whose drags let go elsewhere or were a finger's)."""
    app = open_screen("options", (320, 568), large_text=True)
    lst = app.scene.list
    assert lst.max_scroll() > 40
    before = values(lst)
    start = lst.rect_of(1).center

    def mouse(kind, y):
        at = app.viewport.to_window((start[0], y, 0, 0))[:2]
        return [{"down": drive.mouse_down, "move": drive.mouse_move, "up": drive.mouse_up}[kind](at)]

    app.step(DT, mouse("down", start[1]))
    for k in range(1, 5):
        app.step(DT, mouse("move", start[1] - 10 * k))
    app.step(DT, mouse("up", start[1] - 40))
    assert lst.scroll > 0 and lst.rect_of(1).collidepoint((start[0], start[1] - 40)) and values(lst) == before
