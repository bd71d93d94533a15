"""A still picture is not redrawn 60 times a second: with no input and nothing moving by itself
(``Scene.moving``: cards in flight, a count, confetti), the frame loop draws and hands the browser a
new canvas only every ``IDLE_EVERY``-th frame, while every frame still updates and yields. A
phone in a person's hand while they think over a card is mostly idle.

Checked: a person thinking at the table gets 1 picture in IDLE_EVERY, and what is on screen then is
exactly what a full redraw would show; any input is drawn in its own frame; cards in flight, the
count and the confetti are drawn every frame; the bots play on through undrawn frames."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import uidrive as drive
from game.ui.app import IDLE_EVERY, App
from game.ui.desktop.bench import person_thinking
from game.ui.scene import Go
from test_ui_game import choose_options, make_app

DT = 1 / 60


def _app(seed: int = 4) -> App:
    return make_app(seed, speed="normal")


def _settle(app: App, limit: int = 3000) -> None:
    """Frames (all drawn) until the person is to move, nothing moves and no message is up."""
    for _ in range(limit):
        if person_thinking(app):
            return
        app.step(DT)
    raise AssertionError("the table never settled")


def test_a_person_thinking_gets_one_picture_in_idle_every_and_it_is_the_full_one():
    app = _app()
    app.step(DT)
    assert IDLE_EVERY > 1
    choose_options(app, 2)
    _settle(app)
    drawn = [app.step(DT, idle_ok=True) for _ in range(12 * IDLE_EVERY)]
    assert drawn == ([False] * (IDLE_EVERY - 1) + [True]) * 12   # one in IDLE_EVERY; the others update only
    kept = pygame.image.tobytes(app.surface, "RGB")
    app.scene.draw(app.surface)   # what a full redraw shows now
    assert pygame.image.tobytes(app.surface, "RGB") == kept
    assert app.step(DT, [drive.mouse_move((640, 600))], idle_ok=True)   # input: drawn at once
    assert app.step(DT, [drive.key(pygame.K_1)], idle_ok=True)   # a card played
    flying = 0
    while app.scene.moving():
        assert app.step(DT, idle_ok=True)   # cards in flight: every frame
        flying += 1
    assert flying > 5   # (the last of them: the frame where the cards came to rest, also drawn)
    moves = len(app.session.hand.moves)
    for _ in range(3000):   # the computer answers and the table settles through undrawn frames
        if app.session.human_to_move() and not app.scene.moving():
            break
        app.step(DT, idle_ok=True)
    assert app.session.human_to_move() and len(app.session.hand.moves) > moves


def test_the_menu_idles_and_a_scene_change_is_drawn_at_once():
    app = _app()
    drawn = [app.step(DT, idle_ok=True) for _ in range(8 * IDLE_EVERY)]
    assert sum(drawn) == 8
    app.manager.switch(Go("settings"))
    assert app.step(DT, idle_ok=True) and app.scene.name == "settings"


def test_the_count_and_the_confetti_are_drawn_every_frame():
    app = _app(9)
    app.settings["speed"] = "fast"
    choose_options(app, 2)
    for _ in range(20000):
        if app.scene.name == "scoring":
            break
        app.step(DT, [drive.key(pygame.K_1)] if app.session.human_to_move() else [])
    assert app.scene.name == "scoring" and app.scene.counting
    while app.scene.counting:
        assert app.step(DT, idle_ok=True)
    assert [app.step(DT, idle_ok=True) for _ in range(2 * IDLE_EVERY)] == ([False] * (IDLE_EVERY - 1) + [True]) * 2
    app.step(DT, [drive.key(pygame.K_RETURN)])   # one hand, one match: its end
    assert app.scene.name == "match_end"
    assert all(app.step(DT, idle_ok=True) for _ in range(3 * IDLE_EVERY)) == app.scene.celebrate


def test_no_scene_moves_smoothly_while_it_says_it_is_still():
    """The guard for new scenes: in every scene the layout audit opens (a phone held upright),
    the picture drawn frame by frame with no input changes while ``moving()`` says nothing moves
    at most a few times a second (the thinking dots, a message timing out, the review's progress)
    — anything smoother must say it moves, or it would stutter at the idle rate."""
    from game.ui.desktop import audit

    app = audit.make_app((390, 844))
    app.settings["speed"] = "normal"
    seen = 0
    for name in audit.scenes(app):
        scene, before, changes = app.scene, None, 0
        for _ in range(30):
            app.step(DT)
            if app.scene is not scene:
                break
            moving = scene.moving()   # (the picture's raw bytes, only on a still frame: 10x a copy as RGB)
            picture = None if moving else bytes(app.surface.get_buffer())
            changes += before is not None and picture is not None and picture != before
            before = picture
        assert changes <= 5, f"{name}: {changes} changes in half a second while still"
        seen += 1
    assert seen >= 40


def test_the_headless_demo_draws_its_still_frames_as_the_idle_rule_says_and_its_pictures_afresh(tmp_path, capsys):
    """``main.py --headless --screenshots DIR`` (SDL's dummy driver: nobody sees its frames) drew
    every frame, a third of the demo's CPU; its first 60 frames, the menu and the tour's still
    screens, are drawn 1 in IDLE_EVERY but at a change of scene, never presented (scaled into the
    window), and each screenshot is the scene as drawn afresh when it is saved."""
    import asyncio  # noqa: PLC0415

    from test_browser_start import load_main  # noqa: PLC0415

    from game.ui.launch import parse_args  # noqa: PLC0415
    from game.ui.scene import SceneManager  # noqa: PLC0415

    from game.ui.app import App  # noqa: PLC0415

    drawn, presented = [], []
    real, real_present = SceneManager.draw, App.present

    def draw(manager, surface):
        drawn.append(manager.scene.name)
        return real(manager, surface)

    SceneManager.draw = draw
    App.present = lambda app: presented.append(1) or real_present(app)
    try:
        opts = parse_args(["--headless", "--seed", "3", "--screenshots", str(tmp_path)])
        asyncio.run(load_main().main(max_frames=60, opts=opts))
    finally:
        SceneManager.draw, App.present = real, real_present
    capsys.readouterr()
    shots = sorted(tmp_path.glob("*.png"))
    assert [s.stem for s in shots] == ["01-menu", "02-rules"]
    assert 2 <= len(drawn) < 60 // 2, len(drawn)   # (the two pictures among them)
    assert not presented   # (nor scaled into the window nobody sees: a third of its time)
    for shot in shots:   # a picture of the scene, not a blank surface
        picture = pygame.image.load(str(shot))
        assert len({tuple(picture.get_at((x, 360)))[:3] for x in range(0, 1280, 8)}) > 3
