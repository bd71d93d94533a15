"""The guided hand's tip box is worked out once per tip, not every frame it shows.

A tester found every frame with a tip over the 30 fps budget of a slow phone: the box tried six
places, each wrapping the tip's text anew. Checked: frames of one tip wrap no text; a new layout
(a phone turned, large text, another language) and the next tip do, and place the box for it,
where a box worked out from nothing puts it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui.scenes import guide_view
from game.ui.text import Typography
from test_ui_game import make_app

DT = 1 / 60


def _first_tip(app):
    app.manager.switch(app.scene.act("guide"))
    for _ in range(3000):
        if app.scene.name == "play" and app.session.guide.showing:
            return
        app.step(DT)
    raise AssertionError("no tip showed")


def _fresh_box(app):
    app.scene.tips.box = None
    return guide_view.box_of(app.scene)


def test_a_tips_frames_wrap_its_text_once_and_a_new_layout_or_tip_again(monkeypatch):
    app = make_app(3)
    app.resize((390, 844))
    _first_tip(app)
    wraps = []
    wrap = Typography.wrap

    def counted(self, text, *args, **kw):
        if text == guide_view.tip_text(app.scene):   # (the play screen's own lines are not the tip's)
            wraps.append(text)
        return wrap(self, text, *args, **kw)

    monkeypatch.setattr(Typography, "wrap", counted)
    app.step(DT)
    tip = app.session.guide.current.key
    wraps.clear()
    for _ in range(10):
        app.step(DT)   # the tip showing: drawn, its buttons asked where they are
    assert wraps == [] and app.session.guide.current.key == tip
    boxes = [guide_view.box_of(app.scene)]
    for change in (lambda: app.resize((844, 390)), lambda: app.set_setting("large_text", True),
                   lambda: app.set_setting("lang", "en"), lambda: app.session.guide.next()):
        change()
        app.step(DT)
        assert wraps, "worked out again"
        placed = guide_view.box_of(app.scene)
        assert placed == _fresh_box(app)   # where a box worked out from nothing lies
        boxes.append(placed)
        wraps.clear()
        app.step(DT)
        assert wraps == []
    assert len(set(map(tuple, boxes))) >= 3   # (the box moved: turned, larger text, another tip)
