"""A guided hand's tip state belongs to its play scene and goes with it.

It was kept in guide_view's module dicts by ``id(scene)`` and never let go: every guided hand left its
entries for the rest of the session, and Python gives a freed object's id to a new one, so a new play
scene could find the old one's open tip (the time it opened: a long guard against a double tap's second
half, or none). Checked: with every scene given the same id (what
the allocator may do), a new guided hand's first tip behaves as a fresh one's, and nothing in the
module grows over many guided hands."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ui.scene import DOUBLE_TAP
from game.ui.scenes import guide_view
from test_ui_game import make_app
from uidrive import key, mouse_down, mouse_up

DT = 1 / 60


def _guided(app, opens_at: float = 0.0):
    """Start the guided hand and return its play scene with the first tip just open; ``opens_at``:
    the scene's clock when it opens (a slow first frame, a long deal)."""
    app.manager.switch(app.scene.act("guide"))
    for _ in range(3000):
        if app.scene.name == "play":
            break
        app.step(DT)
    scene = app.scene
    assert scene.name == "play" and not app.session.guide.showing
    scene.clock = opens_at
    app.step(DT)
    assert app.session.guide.current.key == "muestra"
    return scene


def _go_on(scene):
    return guide_view.buttons(scene, guide_view.box_of(scene)).buttons[1].rect.center


def _read(app):
    for _ in range(int(DOUBLE_TAP / DT) + 2):
        app.step(DT)


def _same_id(monkeypatch):
    monkeypatch.setattr(guide_view, "id", lambda _obj: 1, raising=False)   # every scene gets one id


def test_a_new_guided_hand_times_its_first_tip_afresh(monkeypatch):
    _same_id(monkeypatch)
    app = make_app(3)
    _guided(app, opens_at=100.0)   # the first tip opened late in its scene
    app.step(DT, [key(pygame.K_ESCAPE)])   # "Saltar guía"
    assert app.scene.name == "menu"
    scene = _guided(app)   # again: its tip opens at once
    spot = _go_on(scene)
    app.step(DT, [mouse_down(spot), mouse_up(spot)])   # a double tap's second half: dropped
    assert app.session.guide.current.key == "muestra"
    _read(app)
    app.step(DT, [mouse_down(spot), mouse_up(spot)])   # (the old scene's time made it wait 100 s)
    assert app.session.guide.current is None or app.session.guide.current.key != "muestra"


def test_nothing_in_the_module_grows_over_guided_hands():
    def sizes():
        return {name: len(value) for name, value in vars(guide_view).items()
                if isinstance(value, (dict, list, set)) and not name.startswith("__")}

    app = make_app(3)
    before = sizes()
    for _ in range(4):
        scene = _guided(app)
        _read(app)
        guide_view.box_of(scene)
        app.step(DT, [mouse_down(_go_on(scene))])
        app.step(DT, [key(pygame.K_ESCAPE)])
        assert app.scene.name == "menu"
    assert sizes() == before
