"""A phone drawing four or five frames a second plays at the speed of one drawing sixty: the cards'
flights, the baza's sweep and the computer's pause last as long in seconds. Until the thirty-eighth
session each frame counted 0.1 s at most (``FRAME_DT_MAX``), so below ten frames a second the whole
table ran in slow motion: a two-player hand took 54.7 s at 60 frames a second and 135.5 s at 4, and
the computer's 0.45 s pause lasted about 1.1 s (an outside tester's faked clock, clock38 F2).

Every hand here is seeded and driven frame by frame with a fixed frame time: the person plays their
first card as soon as it may be played."""

from __future__ import annotations

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import FRAME_DT_MAX, App
from game.ui.persist import Store
from game.ui.scenes.common import start_game
from game.ui.scenes.play import BOT_THINK
from game.ui.session import Options


def play_hand(fps: float, seed: int = 7) -> dict:
    """One two-player hand against the computer at speed "normal", ``fps`` frames a second: the
    seconds it took (frames times the frame time), the moves made, and each of the computer's pauses
    (the seconds from its turn shown, nothing moving, to its card played)."""
    dt = 1 / fps
    app = App(Store(Storage(MemoryBackend())), window=False, seed=seed, size=(390, 844))
    app.settings["speed"] = "normal"
    app.go("menu")
    app.step(1 / 60)
    app.start(start_game(app, Options(players=2, first_to=1)))
    frames, waiting, pauses = 0, None, []
    while app.scene.name in ("deal", "play"):
        scene = app.scene
        idle = scene.name == "play" and not scene.table.animator.busy and not scene.hand.over
        mine = idle and scene.human_turn()
        if idle and not mine and waiting is None:
            waiting = (frames, len(scene.hand.moves))
        app.step(dt, [drive.key(pygame.K_1)] if mine else [])
        frames += 1
        if waiting is not None and len(app.session.hand.moves) > waiting[1]:
            pauses.append((frames - waiting[0]) * dt)
            waiting = None
        assert frames < 60 * 300 and app.failure is None, app.failure
    hand = app.session.hand
    assert hand.over and app.scene.name == "scoring"
    drive.check_hand(hand)
    return {"seconds": frames * dt, "moves": list(hand.moves), "pauses": pauses}


@pytest.fixture(scope="module")
def at_60():
    return play_hand(60)


@pytest.mark.parametrize("fps", [4, 5])
def test_a_hand_at_four_or_five_frames_a_second_takes_as_long_as_at_sixty(at_60, fps):
    slow = play_hand(fps)
    assert slow["moves"] == at_60["moves"]   # the same hand, every card once
    assert 45 < at_60["seconds"] < 65, at_60["seconds"]
    # a frame's worth either way at each of the hand's few dozen waits, not 2.5 times as long
    assert abs(slow["seconds"] - at_60["seconds"]) < 0.08 * at_60["seconds"], (slow["seconds"], at_60["seconds"])


def test_the_computers_pause_is_kept_at_four_frames_a_second(at_60):
    """Neither skipped (a long frame is no reason to play at once) nor stretched: BOT_THINK on
    average, as at sixty frames a second (the computer's own thinking counts towards its pause: a
    little under BOT_THINK there). Seen frame by frame, each pause at four frames a second is a whole
    number of frames: its start may fall within the frame before the one it is seen in."""
    slow = play_hand(4)
    assert len(slow["pauses"]) == len(at_60["pauses"]) >= 15
    for pause in at_60["pauses"]:
        assert BOT_THINK - 0.05 <= pause <= BOT_THINK + 0.05, at_60["pauses"]
    for pause in slow["pauses"]:
        assert BOT_THINK - 1 / 4 <= pause <= BOT_THINK + 2 / 4, slow["pauses"]
    mean = lambda pauses: sum(pauses) / len(pauses)  # noqa: E731
    assert abs(mean(slow["pauses"]) - mean(at_60["pauses"])) < 0.1, (slow["pauses"], at_60["pauses"])


@pytest.mark.parametrize("odd", [3600.0, float("inf"), float("nan"), -5.0])
def test_a_stall_or_an_odd_frame_time_moves_the_pictures_one_step_at_most(odd):
    """A frame of an hour (a phone asleep), of no sense (NaN, infinity) or running backwards moves the
    pictures by one step of FRAME_DT_MAX at most, as before: a stall is no slow phone, and a card in
    flight must not jump to its end. A NaN frame time stopped the game in the deal ("cannot convert
    float NaN to integer", the outside tester's odd_dt)."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=5, size=(390, 844))
    app.go("menu")
    app.step(1 / 60)
    app.start(start_game(app, Options(players=2, first_to=1)))
    for _ in range(30):
        app.step(1 / 60)
    scene, before = app.scene, app.scene.time
    assert scene.name == "deal"
    app.step(odd)
    assert app.failure is None and app.scene is scene
    assert 0 <= scene.time - before <= FRAME_DT_MAX + 1e-9
    for _ in range(600):
        app.step(1 / 60)
    assert app.failure is None and app.scene.name == "play"


@pytest.mark.parametrize("frame, steps", [(1 / 60, [1 / 60]), (0.25, [0.25 / 3] * 3), (0.3, [0.1] * 3), (0.5, [0.1] * 5),
                                          (0.55, [0.1]), (3600.0, [0.1]), (0.0, [0.0]), (-5.0, [0.0]),
                                          (float("nan"), [0.0])])
def test_a_frame_is_played_in_steps_of_a_tenth_of_a_second_up_to_half_a_second(frame, steps):
    """The steps the scene is given for one frame: a frame up to 0.5 s long (a slow phone) in equal
    steps of 0.1 s at most, adding up to it; a longer one (a stall) one step of 0.1 s; a frame of no
    time, backwards or NaN one step of none (the scene still goes on: the computer thinks by the
    wall clock each frame). The clocks that time taps stay numbers (a NaN there turned the guards
    against a double tap and a second finger off for good)."""
    import math

    app = App(Store(Storage(MemoryBackend())), window=False, seed=5, size=(390, 844))
    app.go("menu")
    app.step(1 / 60)
    given: list[float] = []
    update = app.manager.update
    app.manager.update = lambda dt, real=None: given.append(dt) or update(dt, real)
    app.step(frame)
    assert given == pytest.approx(steps)
    assert math.isfinite(app.input.clock) and math.isfinite(app.scene.clock)


def test_another_window_going_on_is_noticed_within_a_second_at_four_frames_a_second():
    """At the table, another window of the game (a second tab) goes on with the saved match: at four
    frames a second this one looks at the store once a second, as at sixty, and goes to the menu
    within four frames, before the player plays on a stale table (counting 0.1 s a frame, 2.5 s)."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=5, size=(390, 844))
    app.go("menu")
    app.step(1 / 60)
    app.start(start_game(app, Options(players=2, first_to=1)))
    app.step(1 / 60)
    app.store.match_elsewhere = lambda: True   # (what the store says once the other window has saved)
    for _ in range(4):
        app.step(0.25)
    assert app.scene.name == "menu"
