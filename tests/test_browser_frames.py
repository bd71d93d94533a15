"""Frames in the browser: the first frame reaches the page, no frame cap where the browser paces
frames, and no long search inside one frame (the hint and the bots think a few ms a frame)
(issue 11 points 2 and 5)."""

from __future__ import annotations

import asyncio
import random

import pygame
import pytest

from browser_kit import FakePage, install_page
from game.hand import SWAP
from game.storage import MemoryBackend, Storage
from game.ui import players as ui_players
from game.ui import web
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.session import Session

DT = 1 / 60


@pytest.fixture
def page(monkeypatch):
    yield install_page(monkeypatch, FakePage(1280, 720, 1.0))
    web.reset_for_tests()


def make_app(**kw) -> App:
    return App(Store(Storage(MemoryBackend())), **kw)


def test_the_first_frame_shown_is_reported_to_the_page_once(page):
    app = make_app(window=True)
    app.go("menu")
    assert ("ready",) not in page.calls  # nothing shown yet: the page keeps its loading screen
    for _ in range(3):
        app.step(DT)
        app.present()
    assert page.calls.count(("ready",)) == 1
    pygame.display.quit()


def test_no_frame_cap_in_the_browser(monkeypatch):
    """pygbag runs one frame per display refresh; Clock.tick(60) there would wait inside the frame."""
    ticks: list = []

    class Clock:
        def tick(self, *framerate):
            ticks.append(framerate)
            return 16

    monkeypatch.setattr(pygame.time, "Clock", Clock)
    for browser, expected in ((True, ()), (False, (60,))):
        ticks.clear()
        app = make_app(window=False)
        app.browser = browser
        app.go("menu")
        asyncio.run(app.run(max_frames=3))
        assert ticks == [expected] * 3


# ------------------------------------------------------------------------ thinking in slices


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def perf_counter(self):
        return self.now


class SlowBot:
    """A bot whose every sampled deal costs ``cost`` seconds of the fake clock."""

    def __init__(self, clock, cost, steps):
        self.clock, self.cost, self.steps = clock, cost, steps

    def think(self, obs):
        for _ in range(self.steps):
            self.clock.now += self.cost
            yield None
        return obs.legal_moves[0]


def test_a_slice_is_not_overshot_by_a_whole_deal(monkeypatch):
    """Deals of 4 ms in a 6 ms slice: one deal a frame (4 ms), not two (8 ms)."""
    clock = FakeClock()
    monkeypatch.setattr(ui_players, "time", clock)
    session = Session(Options(players=2), seed=3, human_seats=())
    obs = session.hand.observation(session.hand.turn)
    thinking = ui_players.Thinking(SlowBot(clock, 0.004, 6), obs)
    frames = []
    while True:
        start = clock.now
        done = thinking.step(0.006)
        frames.append(round((clock.now - start) * 1000, 3))
        if done:
            break
    assert max(frames) <= 6.0, frames
    assert frames[:6] == [4.0] * 6
    assert thinking.move == obs.legal_moves[0]


def test_the_hint_is_thought_over_frames_and_is_the_same_hint(monkeypatch):
    app = make_app(window=False)
    app.settings["speed"] = "normal"
    options = Options(players=4, level="normal", first_to=1)
    session = Session(options, seed=5, human_seats=(0,))
    app.session = session
    hand = session.hand
    while hand.turn != 0:  # the bots play until it is the person's turn
        session.play(_choose(session))
    app.go("play")
    app.step(DT)
    scene = app.scene
    assert scene.human_turn()
    expected_rng = random.Random()
    expected_rng.setstate(session.hint_rng.getstate())
    expected = ui_players.hint_reason(hand.observation(0), expected_rng)

    slices: list[float] = []
    real = ui_players.Thinking.step

    def timed(self, budget):
        slices.append(budget)
        return real(self, budget)

    monkeypatch.setattr(ui_players.Thinking, "step", timed)
    scene.show_hint()
    assert scene.hinting is not None and scene.table.hint is None  # nothing searched yet
    frames = 0
    while scene.hinting is not None:
        app.step(DT)
        frames += 1
        assert frames < 600
    assert slices and all(b is not None and b <= 0.006 for b in slices), slices
    shown = hand.muestra if expected[0] == SWAP else expected[0]
    assert scene.table.hint == shown
    assert scene.reason is not None and scene.reason[0]


def _choose(session):
    thinking = session.bot_thinking()
    thinking.step(None)
    return thinking.move


def test_a_failing_scene_is_drawn_and_told_to_the_page(page, monkeypatch):
    """Point 2: main.py connects the app's one error boundary to the page; the game goes on
    drawing the error (in the player's language) instead of a blank canvas."""
    from test_browser_start import load_main

    from game.ui.scenes.menu import MenuScene

    def broken(self, dt):
        raise ZeroDivisionError("a scene bug")

    monkeypatch.setattr(MenuScene, "update", broken)
    main = load_main()
    code = asyncio.run(main.main(max_frames=4, opts=main.LaunchOptions()))
    assert code == 1
    assert ("failed", "python", "ZeroDivisionError: a scene bug") in page.calls
    assert page.calls.count(("ready",)) == 1  # the error screen is a frame: the page shows it


def test_the_frame_bench_asks_a_hint_every_turn_and_plays_it(monkeypatch):
    """``python -m game.ui.bench --level expert --hints``: the person's moves are the hints."""
    from game.ui.desktop import bench
    from game.ui.scenes import play_hint
    from game.ui.scenes.play import PlayScene

    shown: list = []
    real = play_hint.show

    def record(scene, move, reason):
        shown.append((len(scene.hand.moves), move))
        return real(scene, move, reason)

    played: list = []
    real_play = PlayScene.play

    def person_plays(scene, move):
        if scene.hand.turn == 0:   # (the person's seat; the computer plays the other)
            played.append((len(scene.hand.moves), move))
        return real_play(scene, move)

    monkeypatch.setattr(play_hint, "show", record)
    monkeypatch.setattr(PlayScene, "play", person_plays)
    times, cpu, moving = bench.frame_times(900, 2, 1, level="expert", hints=True)
    assert len(times) == len(cpu) == 900 and moving > 0
    assert len(shown) >= 3 and len({when for when, _ in shown}) == len(shown)  # one hint per turn
    # Each move the person made is the hint shown at that turn (the last hint may still be waiting).
    assert played == shown[:len(played)] and len(played) >= len(shown) - 1
    pygame.display.quit()


def test_the_frame_bench_times_a_first_hand_and_the_guided_tips(monkeypatch):
    """``python -m game.ui.bench``: a session's first hand (the menu, cards moving, the count, faces
    drawn in those frames) and the guided hand's tips, each frame timed. Its plumbing only, at
    instant speed in few frames (it took half a minute at normal speed): that no face is drawn in
    frames of cards moving, at any speed, is test_faces_ahead's. The card art is kept for the
    process: it starts empty here, as in the bench's own process, or the faces an earlier test drew
    (another first hand, run before under -k or in another order) are never drawn again and
    ``faces == 0`` holds whatever the bench counts."""
    from collections import OrderedDict

    import game.ui.art as art
    from game.ui import sprites
    from game.ui.desktop import bench

    monkeypatch.setattr(sprites, "_ARTS", OrderedDict())
    monkeypatch.setattr(sprites, "_BASE", {})
    drawing = art.render_face
    first = bench.first_hand(None, menu=2, thinking=0, speed="instant")
    assert len(first["menu"]) == 2 and first["moving"] and first["count"]
    assert first["faces"] == 0 and art.render_face is drawing   # (faces counted, then left as found)
    tips = bench.tip_frames(None, per_tip=2, speed="instant")
    assert len(tips) >= 2 * 5 and len(tips) % 2 == 0
    assert bench.spread_of([3.0, 1.0, 2.0]) == "2.00/3.00/3.00"
    pygame.display.quit()
