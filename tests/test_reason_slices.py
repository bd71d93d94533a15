"""A hint's reason placed a slice a frame (``play_view.step_placing``), on a made-up clock and
made-up steps: how much of a frame it takes, and which reason it places (mutation audit, mutation42).

The frame the player tapped "Pista" in must not stall: each frame works for about the slice it is
given (``play.THINK_PER_FRAME``), starting a step only if the longest of the last few still fits.
And a placing under way for one table must not be handed to another (the cards moved, the screen
turned): its reason would lie where the old table had room.
"""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui.scenes import play_view


class Clock:
    """A made-up ``time.perf_counter``: it moves only as the steps say."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def costly_steps(clock: Clock, costs: list[float], done: object):
    """A placing whose steps take ``costs`` seconds of ``clock`` each, returning ``done``."""
    for cost in costs:
        clock.now += cost
        yield
    return done


def test_after_its_first_frame_a_placing_keeps_each_frame_within_its_slice_though_its_steps_vary():
    """Steps of 1 ms, four in a row, then one of 6 ms, over and over, 8 ms a frame: once a 6 ms step
    has been seen, a frame starts none it could not finish in time (judged by the last step alone,
    the cheap steps before the dear one let it run 2 ms over, a dropped frame)."""
    clock, done = Clock(), object()
    ms = 0.001
    scene = SimpleNamespace(reason_placing=None, reason_at=None)
    scene.reason_placing = ("key", costly_steps(clock, [1 * ms, 1 * ms, 1 * ms, 1 * ms, 6 * ms] * 8, done), [])
    frames, placed = [], None
    while placed is None:
        start = clock.now
        placed = play_view.step_placing(scene, "reason", "key", 8 * ms, clock)
        frames.append(clock.now - start)
        assert len(frames) < 40
    assert placed is done and scene.reason_at is done and scene.reason_placing is None
    assert all(frame > 0 for frame in frames[:-1])   # a step at least, every frame (the last: the end)
    assert max(frames[1:]) <= 8 * ms + 1e-12, [round(f / ms, 3) for f in frames]


def test_a_placing_under_way_for_another_table_is_not_taken_for_this_one(monkeypatch):
    """A reason being placed for the cards as they lay (``key``) when they change: the new table's
    placing starts afresh; the old one's result is not kept as this one's."""
    clock, old, new = Clock(), object(), object()
    scene = SimpleNamespace(reason_placing=("old table", costly_steps(clock, [0.001] * 5, old), []), reason_at=None)
    monkeypatch.setattr(play_view, "placing", lambda scene, text, key: costly_steps(clock, [0.001] * 3, new))
    assert play_view.step_placing(scene, "reason", "new table", None, clock) is new
    assert scene.reason_at is new


def test_at_speed_instant_a_reason_is_placed_and_drawn_in_the_frame_the_hint_was_asked_in(monkeypatch):
    """Demos and their screenshots run at speed "instant" on the desktop: there the reason is worked
    out at once (``think_slice``: None), so the frame after "Pista" already shows it, as a picture
    taken then must (a slice a frame, it would show nothing for a dozen frames)."""
    from game.ui.desktop import bench_reasons
    from game.ui.scenes import play, room

    monkeypatch.setattr(play, "THINK_PER_FRAME", 0.0)   # (a slice a frame would be a step: no reason yet)
    app = bench_reasons.reason_table((320, 480), 4, False)
    app.settings["speed"] = "instant"
    scene = app.scene
    text = dict(bench_reasons.reason_cases(app))["longest"]
    scene.reason, scene.reason_at, scene.reason_shown = (text, 60.0), None, 0.0
    room.forget()
    app.typo.record = []
    try:
        scene.draw(app.surface)
        assert scene.reason_at is not None and len(scene.reason_at.pages) > 1   # (the whole found no room)
        assert [r for kind, r in app.typo.record if kind in ("note", "solid")] == [scene.reason_at.pages[0][2]]
    finally:
        app.typo.record = None


def test_a_reason_at_the_normal_size_beside_large_text_is_wrapped_at_the_normal_size():
    """With large text and no free room, a reason (or a part) may lie at the normal size where that
    finds room (``plain``). Its lines are its text wrapped at the size it is drawn and at its box's
    width; the wraps kept for each width (``_place_reason``'s memo) must not hand it the large
    text's lines, more of them and shorter, in a box taller than it needs."""
    from game.ui.desktop import bench_reasons
    from game.ui.scenes import room

    app = bench_reasons.reason_table((360, 640), 4, True)
    text = dict(bench_reasons.reason_cases(app))["longest"]
    room.forget()
    placed = play_view.place_reason(app.scene, text, ())
    assert any(page[4] for page in placed.pages)   # (at the normal size: the case this is about)
    for part, lines, box, _clear, plain in placed.pages:
        if plain:
            with app.typo.unscaled():
                assert lines == app.typo.wrap(part, 22, box.width - 40), part
        else:
            assert lines == app.typo.wrap(part, 22, box.width - 40), part


def test_the_reason_and_the_cambio_s_on_a_small_phone_are_halved_until_every_part_lies_clear():
    """320x480, four players: the reason and the cambio's find no free room as a whole nor as
    sentences; parts too long are halved, and halved again, until each part finds a free place (two
    halvings left two parts over the game, drawn opaque over the cards)."""
    from game.ui.desktop import bench_reasons
    from game.ui.scenes import room

    app = bench_reasons.reason_table((320, 480), 4, False)
    text = dict(bench_reasons.reason_cases(app))["with cambio"]
    room.forget()
    placed = play_view.place_reason(app.scene, text, ())
    assert len(placed.pages) > 4
    assert all(clear for _part, _lines, _box, clear, _plain in placed.pages), \
        [part for part, _lines, _box, clear, _plain in placed.pages if not clear]
