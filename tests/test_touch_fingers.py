"""Two fingers on the glass, and a finger held on a card (an outside tester with an unsteady hand).

A thumb resting on card A while the index tapped card B: the tap did nothing, and the thumb lifting
played A; a thumb resting on the felt made every tap do nothing. A card held under a finger showed
nothing until the finger lifted (the mouse's hover lifts it). Seeded matches, FINGER* events through
the app with SDL's mouse copies, a fixed time step."""

from __future__ import annotations

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.inputmap import InputMapper, Pointer
from game.ui.persist import Store
from game.ui.scenes.common import start_game
from game.ui.scenes.play_touch import LIFT
from game.ui.session import Options
from game.ui.viewport import Viewport

DT = 1 / 60


def my_turn(size=(390, 844), seed: int = 4, **settings) -> App:
    """A 2-player match on a phone, at the person's turn with the table at rest."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=seed, size=size)
    app.settings.update(settings)
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=2)))
    for _ in range(3000):
        if app.scene.name == "play" and app.scene.human_turn() and not app.scene.table.animator.busy:
            return app
        app.step(DT)
    raise AssertionError("the person's turn never came")


def press(app: App, kind: int, pos, fid: int = 0) -> list:
    """One finger's event; the first finger's come with SDL's mouse copies (which must not act)."""
    window = app.viewport.window
    at = (pos[0] * window[0] / app.layout.size[0], pos[1] * window[1] / app.layout.size[1])
    events = [drive.finger(kind, at, window, fid)]
    if fid == 0:
        copy = {pygame.FINGERDOWN: drive.mouse_down, pygame.FINGERUP: drive.mouse_up,
                pygame.FINGERMOTION: drive.mouse_move}[kind]
        events.append(copy((int(at[0]), int(at[1])), touch=True))
    return events


def wait(app: App, seconds: float, events=()) -> None:
    app.step(DT, list(events))
    for _ in range(round(seconds / DT) - 1):
        app.step(DT)


def centre(app: App, card) -> tuple[int, int]:
    return app.scene.table.views[int(card)].rect().center


def two_cards(app: App):
    """The hand, two cards the person may play and the number of moves made so far."""
    hand = app.session.hand
    a, b = [c for c in hand.legal_moves() if c != "swap"][:2]
    return hand, a, b, len(hand.moves)


@pytest.mark.parametrize("size", [(390, 844), (320, 568)])
def test_a_tap_while_a_thumb_rests_on_a_card_plays_the_tapped_card(size):
    app = my_turn(size)
    hand, a, b, moves = two_cards(app)
    wait(app, 0.15, press(app, pygame.FINGERDOWN, centre(app, a)))   # the thumb rests on A
    wait(app, 0.08, press(app, pygame.FINGERDOWN, centre(app, b), fid=1))   # the index taps B
    wait(app, 0.4, press(app, pygame.FINGERUP, centre(app, b), fid=1))
    assert hand.moves[moves:moves + 1] == [b]
    wait(app, 0.3, press(app, pygame.FINGERUP, centre(app, a)))   # the thumb lifts: A stays in the hand
    assert hand.moves[moves:].count(a) == 0 and a in hand.hand_of(0)
    assert app.scene.press == () and app.scene.table.dragging is None


def test_a_tap_while_a_thumb_rests_on_the_felt_plays_the_tapped_card():
    app = my_turn()
    hand, a, b, moves = two_cards(app)
    felt = app.layout.table.center
    wait(app, 0.2, press(app, pygame.FINGERDOWN, felt))
    wait(app, 0.1, press(app, pygame.FINGERDOWN, centre(app, b), fid=1))
    wait(app, 0.3, press(app, pygame.FINGERUP, centre(app, b), fid=1))
    assert hand.moves[moves:moves + 1] == [b]
    wait(app, 0.1, press(app, pygame.FINGERUP, felt))
    assert len([m for m in hand.moves[moves:] if m in (a, b)]) == 1


def test_with_two_taps_a_second_finger_lifts_the_card_as_a_tap_does():
    """"Dos toques para jugar": the second finger's tap is a first tap, it lifts the card; a tap of
    the same finger on it again plays it."""
    app = my_turn(two_taps=True)
    hand, a, b, moves = two_cards(app)
    wait(app, 0.15, press(app, pygame.FINGERDOWN, centre(app, a)))
    wait(app, 0.08, press(app, pygame.FINGERDOWN, centre(app, b), fid=1))
    wait(app, 0.4, press(app, pygame.FINGERUP, centre(app, b), fid=1))
    assert app.scene.table.chosen == b and len(hand.moves) == moves
    wait(app, 0.08, press(app, pygame.FINGERDOWN, centre(app, b), fid=1))   # the index again: the primary finger now
    wait(app, 0.3, press(app, pygame.FINGERUP, centre(app, b), fid=1))
    assert hand.moves[moves:moves + 1] == [b]


def test_a_real_drag_keeps_its_card_and_a_second_finger_changes_nothing():
    """A card dragged to the table (moved past the tap's slop) goes on being dragged while another
    finger taps another card: that tap is ignored and the drag plays its card."""
    app = my_turn()
    hand, a, b, moves = two_cards(app)
    start = centre(app, a)
    target = app.layout.table.drop_zone.center
    wait(app, 0.05, press(app, pygame.FINGERDOWN, start))
    for i in range(1, 7):
        pos = (start[0] + (target[0] - start[0]) * i // 12, start[1] + (target[1] - start[1]) * i // 12)
        wait(app, DT, press(app, pygame.FINGERMOTION, pos))
    assert app.scene.table.dragging == int(a)
    wait(app, 0.08, press(app, pygame.FINGERDOWN, centre(app, b), fid=1))
    wait(app, 0.1, press(app, pygame.FINGERUP, centre(app, b), fid=1))
    assert app.scene.table.dragging == int(a) and len(hand.moves) == moves
    wait(app, DT, press(app, pygame.FINGERMOTION, target))
    wait(app, 0.1, press(app, pygame.FINGERUP, target))
    assert hand.moves[moves:moves + 1] == [a]


def test_two_fingers_down_together_keep_the_first_fingers_tap():
    """A thumb brushing the glass inside the index's tap (down after it, up before): the index's card
    plays, as it did (the brush is no rest of the index)."""
    app = my_turn()
    hand, a, b, moves = two_cards(app)
    wait(app, 0.03, press(app, pygame.FINGERDOWN, centre(app, b)))
    wait(app, 0.05, press(app, pygame.FINGERDOWN, centre(app, a), fid=1))
    wait(app, 0.03, press(app, pygame.FINGERUP, centre(app, a), fid=1))
    wait(app, 0.2, press(app, pygame.FINGERUP, centre(app, b)))
    assert hand.moves[moves:moves + 1] == [b]


def test_a_thumb_brushing_across_the_glass_inside_the_index_tap_keeps_the_tap():
    """The brush slides past the slop (a thumb sweeping the glass) while the index, down just
    before it, taps B: the index was not resting, so the brush's slide is no drag of its own and
    B plays, A stays in the hand."""
    app = my_turn()
    hand, a, b, moves = two_cards(app)
    at = centre(app, a)
    wait(app, 0.03, press(app, pygame.FINGERDOWN, centre(app, b)))
    wait(app, DT, press(app, pygame.FINGERDOWN, at, fid=1))
    wait(app, DT, press(app, pygame.FINGERMOTION, (at[0] + 40, at[1] - 40), fid=1))
    wait(app, 0.03, press(app, pygame.FINGERUP, (at[0] + 40, at[1] - 40), fid=1))
    wait(app, 0.2, press(app, pygame.FINGERUP, centre(app, b)))
    assert hand.moves[moves:moves + 1] == [b] and a in hand.hand_of(0)


def test_the_resting_fingers_lift_after_a_second_fingers_tap_does_nothing_and_touch_goes_on():
    """The mapper itself: the second finger's tap is a cancel, a press and a release; the resting
    finger's lift after it ends nothing (its press was cancelled) and its next tap is a tap. A primary
    dragging is kept: the other finger's tap is nothing, and the drag's release still comes (the
    lost-FINGERUP rule: a primary silent through another finger's tap is let go, its late lift ends it)."""
    v = Viewport((1280, 720))
    mapper = InputMapper(12)

    def at(kind, pos, fid):
        return mapper.map(drive.finger(kind, pos, (1280, 720), fid), v)

    assert at(pygame.FINGERDOWN, (100, 100), 1) == [Pointer("down", (100, 100), 1, True)]
    mapper.clock += 0.2
    assert at(pygame.FINGERDOWN, (300, 300), 2) == []
    mapper.clock += 0.08
    assert at(pygame.FINGERUP, (304, 300), 2) == [Pointer("cancel", (-1, -1), 0, True, (100, 100)),   # (a key
                                                   Pointer("down", (300, 300), 1, True),   # under it types)
                                                   Pointer("up", (304, 300), 1, True, (300, 300))]
    assert at(pygame.FINGERMOTION, (101, 100), 1) == [] and at(pygame.FINGERUP, (101, 100), 1) == []
    assert [e.kind for e in at(pygame.FINGERDOWN, (100, 100), 1) + at(pygame.FINGERUP, (100, 100), 1)] == \
        ["down", "up"]

    assert at(pygame.FINGERDOWN, (100, 100), 1)[0].kind == "down"
    assert at(pygame.FINGERMOTION, (100, 140), 1)[0].kind == "move"   # 40 px: a drag
    mapper.clock += 0.2
    assert at(pygame.FINGERDOWN, (300, 300), 2) == []
    mapper.clock += 0.08
    assert at(pygame.FINGERUP, (300, 300), 2) == []
    assert at(pygame.FINGERUP, (100, 150), 1) == [Pointer("up", (100, 150), 1, True)]

    assert at(pygame.FINGERDOWN, (100, 100), 1)[0].kind == "down"   # a second finger held long: no tap,
    mapper.clock += 0.2
    assert at(pygame.FINGERDOWN, (300, 300), 2) == []
    mapper.clock += 0.8
    assert at(pygame.FINGERUP, (300, 300), 2) == [Pointer("cancel", (-1, -1), 0, True)]   # but the rest is over
    assert at(pygame.FINGERUP, (100, 100), 1) == []


@pytest.mark.parametrize("by", ["finger", "mouse"])
def test_a_card_held_stands_out_of_the_hand_until_the_finger_leaves_it(by):
    """A finger held on a card showed nothing until it lifted: it stands out as the mouse's hover
    makes it; slid off (a drag) and lifted beside the hand, the card is back in its row, unplayed."""
    app = my_turn()
    hand, a, _, moves = two_cards(app)
    v = app.scene.table.views[int(a)]
    at = centre(app, a)
    area = v.rect().inflate(0, 2 * LIFT).clip(app.surface.get_rect())   # (the hand runs off the bottom)
    if by == "mouse":   # the mouse is moved away first: its hover would lift the card by itself
        down, motion, up = drive.mouse_down(at), drive.mouse_move, drive.mouse_up
        wait(app, 0.1, [drive.mouse_move((at[0], 5))])
        before = app.surface.subsurface(area).copy()
        wait(app, 0.5, [down])
    else:
        motion = None
        before = app.surface.subsurface(area).copy()
        wait(app, 0.5, press(app, pygame.FINGERDOWN, at))
    assert v.lift == LIFT
    picture = pygame.image.tobytes
    assert picture(app.surface.subsurface(area), "RGB") != picture(before, "RGB")   # drawn so, too
    beside = (2, at[1] - int(v.rect().height))   # off the card, past a drag's start, beside the hand
    wait(app, 0.1, [motion(beside)] if motion else press(app, pygame.FINGERMOTION, beside))
    assert app.scene.table.dragging == int(a) and v.lift == 0.0   # under the finger, not lifted in the row
    wait(app, 0.5, [up(beside)] if by == "mouse" else press(app, pygame.FINGERUP, beside))
    assert len(hand.moves) == moves and v.lift == 0.0 and a in hand.hand_of(0)


def test_a_second_fingers_swipe_while_a_thumb_rests_plays_nothing():
    """The index swiping 40 px up from card B (down, moved, lifted there) while the thumb rests on A
    is no tap: its own movement is checked, not only where it lifted against where it went down."""
    app = my_turn()
    hand, a, b, moves = two_cards(app)
    wait(app, 0.3, press(app, pygame.FINGERDOWN, centre(app, a)))
    at = centre(app, b)
    wait(app, 0.05, press(app, pygame.FINGERDOWN, at, fid=1))
    wait(app, 0.05, press(app, pygame.FINGERMOTION, (at[0], at[1] - 40), fid=1))
    wait(app, 0.05, press(app, pygame.FINGERUP, (at[0], at[1] - 40), fid=1))
    assert len(hand.moves) == moves and b in hand.hand_of(0)


def test_a_card_held_as_a_guides_tip_opens_drops_back_into_the_hand():
    """A finger resting on a card as a tip of the guided hand opened: the card stayed lifted under the
    tip, pointing at a play that would not happen (the finger's release goes to the tip). It goes back."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=4, size=(390, 844))
    app.go("menu")
    app.manager.switch(app.scene.act("guide"))
    for _ in range(3000):
        if app.scene.name == "play" and not app.scene.table.animator.busy:
            break
        app.step(DT)
    scene, guide = app.scene, app.session.guide
    assert scene.name == "play" and not guide.showing
    card = app.session.hand.hand_of(0)[0]
    v = scene.table.views[int(card)]
    wait(app, DT, press(app, pygame.FINGERDOWN, centre(app, card)))
    for _ in range(600):
        if guide.showing:
            break
        app.step(DT)
    assert guide.showing and v.lift == 0.0 and scene.press == ()
    moves = len(app.session.hand.moves)
    wait(app, 0.5, press(app, pygame.FINGERUP, v.rect().center))   # its lift plays nothing
    assert len(app.session.hand.moves) == moves and card in app.session.hand.hand_of(0)


@pytest.mark.parametrize("gesture", ["swipe", "long press"])
def test_a_second_fingers_swipe_or_long_press_ends_the_resting_thumbs_press(gesture):
    """A thumb resting on card A while the index swiped on the felt, or held card B 0.7 s: lifted
    after, the thumb played A. The rest is over as the tap's would be: nothing is played."""
    app = my_turn()
    hand, a, b, moves = two_cards(app)
    wait(app, 0.4, press(app, pygame.FINGERDOWN, centre(app, a)))
    if gesture == "swipe":
        felt = app.layout.table.center
        wait(app, 0.05, press(app, pygame.FINGERDOWN, felt, fid=1))
        wait(app, 0.05, press(app, pygame.FINGERMOTION, (felt[0] + 40, felt[1]), fid=1))
        wait(app, 0.05, press(app, pygame.FINGERUP, (felt[0] + 40, felt[1]), fid=1))
    else:
        wait(app, 0.7, press(app, pygame.FINGERDOWN, centre(app, b), fid=1))
        wait(app, 0.1, press(app, pygame.FINGERUP, centre(app, b), fid=1))
    assert app.scene.press == () and app.scene.table.views[int(a)].lift == 0.0
    wait(app, 0.5, press(app, pygame.FINGERUP, centre(app, a)))
    assert len(hand.moves) == moves and a in hand.hand_of(0) and b in hand.hand_of(0)
    wait(app, 0.05, press(app, pygame.FINGERDOWN, centre(app, b)))   # and the next tap is a tap
    wait(app, 0.3, press(app, pygame.FINGERUP, centre(app, b)))
    assert hand.moves[moves:moves + 1] == [b]


@pytest.mark.parametrize("by, key", [("mouse", pygame.K_h), ("finger", pygame.K_h), ("mouse", pygame.K_l)])
def test_a_card_dragged_as_a_buttons_key_is_pressed_goes_back_to_the_hand(by, key):
    """A card dragged part way as H (Pista) or L (Última baza) was pressed froze there: no later move
    or release reached it, and on a phone it sat over those buttons (a tap on it opened the last baza)."""
    app = my_turn()
    if key == pygame.K_l:   # a baza played first: "Última baza" is grey before
        first = two_cards(app)[1]
        wait(app, 0.1, press(app, pygame.FINGERDOWN, centre(app, first)))
        wait(app, 0.1, press(app, pygame.FINGERUP, centre(app, first)))
        for _ in range(3000):
            if app.scene.human_turn() and not app.scene.table.animator.busy:
                break
            app.step(DT)
    scene = app.scene
    hand, a, _, moves = two_cards(app)
    start = centre(app, a)
    if by == "mouse":
        wait(app, 0.1, [drive.mouse_down(start)])
        move = lambda p: [drive.mouse_move(p)]   # noqa: E731
    else:
        wait(app, 0.1, press(app, pygame.FINGERDOWN, start))
        move = lambda p: press(app, pygame.FINGERMOTION, p)   # noqa: E731
    for i in range(1, 6):
        wait(app, DT, move((start[0], start[1] - 30 * i)))
    assert scene.table.dragging == int(a)
    wait(app, 0.3, [drive.key(key)])
    assert scene.table.dragging is None and scene.press == ()
    end = (start[0] + 60, start[1] - 250)
    wait(app, 0.1, move(end))
    wait(app, 1.0, [drive.mouse_up(end)] if by == "mouse" else press(app, pygame.FINGERUP, end))
    row = dict(scene.table.targets())[int(a)][:2]
    v = scene.table.views[int(a)]
    assert len(hand.moves) == moves and a in hand.hand_of(0) and (round(v.x), round(v.y)) == tuple(map(round, row))


def dragged_up(app: App, rise: int):
    """The hand's first card pressed and dragged straight up ``rise`` px by a finger, in 5 moves:
    the scene, the hand, the card and where the finger went down."""
    scene, hand = app.scene, app.session.hand
    card = hand.hand_of(0)[0]
    start = centre(app, card)
    wait(app, 0.2, press(app, pygame.FINGERDOWN, start))
    for i in range(1, 6):
        wait(app, DT, press(app, pygame.FINGERMOTION, (start[0], start[1] - rise * i // 5)))
    assert scene.table.dragging == int(card)
    return scene, hand, card, start


def test_a_card_played_by_its_key_as_it_is_dragged_no_longer_follows_the_pointer():
    """Dragging a card and pressing its own key played it, but it went on following the finger across
    the table while the computer thought, until the finger lifted."""
    app = my_turn()
    scene, hand, card, start = dragged_up(app, 100)
    wait(app, 0.1, [drive.key(pygame.K_1)])
    assert hand.moves[-1] == card or hand.moves[-2] == card
    assert scene.table.dragging is None and scene.press == ()
    v = scene.table.views[int(card)]
    for i in range(1, 30):
        at = (start[0] + 12 * i, start[1] - 100 - 12 * i)
        wait(app, DT, press(app, pygame.FINGERMOTION, at))
        assert abs(v.x - at[0]) + abs(v.y - at[1]) > 40   # (it had stayed within 2 px of the finger)


def test_a_finger_slid_onto_a_card_from_the_felt_leaves_it_in_its_row():
    """A finger down on the felt just above the hand that slid onto card A and lifted left A raised as
    the mouse's hover does, for turns, though nothing would play it: a finger has no hover."""
    app = my_turn()
    scene, hand = app.scene, app.session.hand
    _, a, b, moves = two_cards(app)
    v = scene.table.views[int(a)]
    at = centre(app, a)
    felt = (at[0], app.layout.table.center[1])
    wait(app, 0.1, press(app, pygame.FINGERDOWN, felt))
    for i in range(1, 9):
        wait(app, DT, press(app, pygame.FINGERMOTION, (at[0], felt[1] + (at[1] - felt[1]) * i // 8)))
    assert v.lift == 0.0   # (nor while it rests there)
    wait(app, 0.5, press(app, pygame.FINGERUP, at))
    assert len(hand.moves) == moves and scene.table.hover is None and v.lift == 0.0
    wait(app, 0.2, [drive.mouse_move(centre(app, b))])   # the mouse's hover is as it was
    assert scene.table.views[int(b)].lift == LIFT and v.lift == 0.0


def test_a_button_tapped_with_a_wobble_is_not_left_lit():
    """A tap on "Pista" by a finger that moved a pixel or two left the button lit (its hover colour)
    after the finger lifted, until a finger next moved."""
    app = my_turn()
    scene = app.scene
    at = next(b for b in scene.bar.buttons if b.action == "hint").rect.center
    wait(app, 0.05, press(app, pygame.FINGERDOWN, at))
    for i in range(5):
        wait(app, DT, press(app, pygame.FINGERMOTION, (at[0] + i % 3 - 1, at[1] + 1)))
    assert scene.bar.hover is not None   # (lit under the finger as it wobbles)
    wait(app, 0.5, press(app, pygame.FINGERUP, at))
    assert scene.bar.hover is None and scene.bar.pressed is None
    # the tap asked for the hint: thought over a few milliseconds of each frame, by the clock, so a
    # machine busy with other work takes more frames (half a second of them was not always enough)
    for _ in range(1200):
        if scene.table.hint is not None:
            break
        app.step(DT)
    assert scene.table.hint is not None and scene.bar.hover is None


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_a_card_played_by_its_key_as_it_is_dragged_flies_from_where_it_is(size):
    """Dragged part way to the table and played by its own key, the card jumped back to its row
    in that frame and flew from there. It flies on from where the finger left it, never lower."""
    app = my_turn(size)
    first = centre(app, app.session.hand.hand_of(0)[0])
    rise = int(first[1] - app.scene.table.table_slot(0, 0)[1]) // 2   # half way to the baza
    scene, hand, card, start = dragged_up(app, rise)
    v = scene.table.views[int(card)]
    assert round(v.y) == start[1] - rise
    app.step(DT, [drive.key(pygame.K_1)])
    assert hand.moves[-1] == card or hand.moves[-2] == card
    path = [v.y]
    for _ in range(30):
        app.step(DT)
        path.append(v.y)
    assert max(path) <= start[1] - rise + 1, path   # (before: near its row again, 80-170 px lower)
    assert path[-1] < start[1] - rise - 20   # and on to the table


def test_a_card_dragged_as_its_key_plays_nothing_goes_back_to_its_row():
    """A key that takes the turn from the pointer and plays nothing (the cambio refused) lets the card
    dragged go back to its row, as before."""
    app = my_turn()
    scene, hand, card, _start = dragged_up(app, 150)
    moves = len(hand.moves)
    assert "swap" not in map(str, hand.legal_moves())
    wait(app, 0.6, [drive.key(pygame.K_s)])
    v = scene.table.views[int(card)]
    row = dict(scene.table.targets())[int(card)][:2]
    assert len(hand.moves) == moves and scene.table.dragging is None
    assert (round(v.x), round(v.y)) == tuple(map(round, row))


def drag_to_table(app: App, start, fid: int, steps: int = 8) -> None:
    """A finger ``fid`` down at ``start`` and moved to the drop zone in ``steps`` frames (not lifted)."""
    target = app.layout.table.drop_zone.center
    wait(app, 0.05, press(app, pygame.FINGERDOWN, start, fid))
    for i in range(1, steps + 1):
        pos = (start[0] + (target[0] - start[0]) * i // steps, start[1] + (target[1] - start[1]) * i // steps)
        wait(app, DT, press(app, pygame.FINGERMOTION, pos, fid))


@pytest.mark.parametrize("size", [(390, 844), (568, 320)])
@pytest.mark.parametrize("silent", [0.3, 1.5])
def test_a_drag_after_a_lost_fingerup_plays_its_card_the_first_time(size, silent):
    """The thumb's FINGERUP on card A never came (the browser cancelled the touch, no focus event):
    A stayed raised and the next gesture, another finger dragging card B to the table, did nothing
    (an outside tester, 8 of 8; the second drag worked). The drag plays B, and A is back in its row."""
    app = my_turn(size)
    hand, a, b, moves = two_cards(app)
    wait(app, silent, press(app, pygame.FINGERDOWN, centre(app, a)))   # its FINGERUP never comes
    assert app.scene.table.views[int(a)].lift == LIFT
    drag_to_table(app, centre(app, b), fid=1)
    assert app.scene.table.dragging == int(b) and app.scene.table.views[int(a)].lift == 0.0
    wait(app, 0.5, press(app, pygame.FINGERUP, app.layout.table.drop_zone.center, fid=1))
    assert hand.moves[moves:moves + 1] == [b] and a in hand.hand_of(0)
    assert app.scene.press == () and app.scene.table.dragging is None


def test_with_two_taps_a_drag_after_a_lost_fingerup_leaves_the_chosen_card_chosen():
    """"Dos toques": A lifted by a first tap, the second tap's FINGERUP lost. A person who then drags
    B meant B; A stays as the tap left it (the lost touch chose nothing, as with a focus lost) until
    B's drag plays B."""
    app = my_turn(two_taps=True)
    hand, a, b, moves = two_cards(app)
    wait(app, 0.1, press(app, pygame.FINGERDOWN, centre(app, a)))
    wait(app, 0.6, press(app, pygame.FINGERUP, centre(app, a)))
    assert app.scene.table.chosen == a
    wait(app, 0.4, press(app, pygame.FINGERDOWN, centre(app, a)))   # the second tap: its FINGERUP is lost
    drag_to_table(app, centre(app, b), fid=1)
    assert app.scene.table.dragging == int(b) and app.scene.table.chosen == a and len(hand.moves) == moves
    wait(app, 0.5, press(app, pygame.FINGERUP, app.layout.table.drop_zone.center, fid=1))
    assert hand.moves[moves:moves + 1] == [b] and a in hand.hand_of(0)


@pytest.mark.parametrize("size", [(390, 844), (568, 320)])
def test_two_thumbs_a_finger_resting_or_swiping_while_the_first_drags_changes_nothing(size):
    """Two thumbs on a phone: one drags card A to the table while the other rests on card B, or
    moves over it: the drag goes on and plays A; the other thumb's lift after it plays nothing."""
    app = my_turn(size)
    hand, a, b, moves = two_cards(app)
    start, target = centre(app, a), app.layout.table.drop_zone.center
    wait(app, 0.05, press(app, pygame.FINGERDOWN, start))
    for i in range(1, 4):
        wait(app, DT, press(app, pygame.FINGERMOTION, (start[0] + (target[0] - start[0]) * i // 8,
                                                       start[1] + (target[1] - start[1]) * i // 8)))
    assert app.scene.table.dragging == int(a)
    at = centre(app, b)
    wait(app, 0.4, press(app, pygame.FINGERDOWN, at, fid=1))   # the other thumb: the first held still meanwhile
    wait(app, 0.1, press(app, pygame.FINGERMOTION, (at[0] + 30, at[1] - 30), fid=1))
    assert app.scene.table.dragging == int(a) and app.scene.press[0] == a
    wait(app, DT, press(app, pygame.FINGERMOTION, target))
    wait(app, 0.1, press(app, pygame.FINGERUP, target))
    assert hand.moves[moves:moves + 1] == [a]
    wait(app, 0.5, press(app, pygame.FINGERUP, (at[0] + 30, at[1] - 30), fid=1))
    assert b in hand.hand_of(0) and app.scene.press == ()


def test_a_second_fingers_drag_while_a_thumb_rests_plays_its_card_and_the_thumbs_lift_nothing():
    """A thumb resting on A (alive: it trembles within the slop) while the index drags B to the table:
    the drag is the index's, as a tap of it would be; the thumb's lift after it plays nothing."""
    app = my_turn()
    hand, a, b, moves = two_cards(app)
    at = centre(app, a)
    wait(app, 0.3, press(app, pygame.FINGERDOWN, at))
    drag_to_table(app, centre(app, b), fid=1)
    wait(app, DT, press(app, pygame.FINGERMOTION, (at[0] + 2, at[1])))   # the thumb's tremble
    assert app.scene.table.dragging == int(b)
    wait(app, 0.5, press(app, pygame.FINGERUP, app.layout.table.drop_zone.center, fid=1))
    wait(app, 0.5, press(app, pygame.FINGERUP, (at[0] + 2, at[1])))
    assert hand.moves[moves:moves + 1] == [b] and hand.moves[moves:].count(a) == 0 and a in hand.hand_of(0)


def test_a_thumb_dragging_for_a_while_keeps_its_drag_when_the_other_thumb_lands_and_slides():
    """Two thumbs, the first dragging card A for half a second before the other lands on B and
    slides over it: the first is plainly dragging (it moved past the slop), and a primary that
    drags is never taken over, however long it has been down. A is played, B stays in the hand."""
    app = my_turn()
    hand, a, b, moves = two_cards(app)
    start, target = centre(app, a), app.layout.table.drop_zone.center
    wait(app, 0.05, press(app, pygame.FINGERDOWN, start))
    for i in range(1, 4):
        wait(app, 0.15, press(app, pygame.FINGERMOTION, (start[0] + (target[0] - start[0]) * i // 8,
                                                         start[1] + (target[1] - start[1]) * i // 8)))
    assert app.scene.table.dragging == int(a)
    at = centre(app, b)
    wait(app, 0.1, press(app, pygame.FINGERDOWN, at, fid=1))
    wait(app, 0.1, press(app, pygame.FINGERMOTION, (at[0] + 30, at[1] - 30), fid=1))
    assert app.scene.table.dragging == int(a) and app.scene.press[0] == a
    wait(app, DT, press(app, pygame.FINGERMOTION, target))
    wait(app, 0.1, press(app, pygame.FINGERUP, target))
    wait(app, 0.5, press(app, pygame.FINGERUP, (at[0] + 30, at[1] - 30), fid=1))
    assert hand.moves[moves:moves + 1] == [a] and b in hand.hand_of(0) and app.scene.press == ()


def test_a_tap_that_wanders_as_far_as_a_tap_may_while_a_thumb_rests_plays_the_tapped_card():
    """The index's tap on B may wander the tap's slop (app.input.slop) and still be a tap, as
    where no thumb rests: it plays B; only past the slop is it a drag of its own."""
    app = my_turn()
    hand, a, b, moves = two_cards(app)
    wait(app, 0.15, press(app, pygame.FINGERDOWN, centre(app, a)))   # the thumb rests on A
    at = centre(app, b)
    moved = (at[0] + app.input.slop, at[1])
    wait(app, 0.05, press(app, pygame.FINGERDOWN, at, fid=1))
    wait(app, 0.05, press(app, pygame.FINGERMOTION, moved, fid=1))
    assert app.input.taps[1][2] == app.input.slop   # (as far as a tap may: the test's own premise)
    wait(app, 0.4, press(app, pygame.FINGERUP, moved, fid=1))
    assert hand.moves[moves:moves + 1] == [b]
    wait(app, 0.3, press(app, pygame.FINGERUP, centre(app, a)))
    assert a in hand.hand_of(0) and app.scene.press == ()
