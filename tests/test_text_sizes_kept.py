"""The play screen's text sizes are worked out once, not every frame.

A tester counted about a hundred font-size and fitting questions a play frame (about 1 ms of a slow
phone's frame) for the same few texts. Checked: a second frame of a still table asks for no real
font size anew; large text, the unscaled block and a new screen's sizes give the sizes they gave
before anything was kept."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ui import text
from game.ui.desktop.bench import person_thinking
from game.ui.text import Typography, font_px
from test_ui_game import choose_options, make_app

DT = 1 / 60


def test_a_still_tables_second_frame_works_out_no_font_size(monkeypatch):
    app = make_app(4, speed="normal")
    choose_options(app, 2)
    app.resize((390, 844))   # a phone held upright
    for _ in range(3000):
        if person_thinking(app):
            break
        app.step(DT)
    asked = []
    monkeypatch.setattr(text, "font_px", lambda *a: asked.append(a) or font_px(*a))
    app.step(DT)
    app.step(DT)   # (drawn: idle drawing is off)
    asked.clear()
    app.step(DT)
    assert asked == []


def test_kept_sizes_follow_large_text_and_the_screen():
    pygame.font.init()
    typo = Typography()
    long_text = "Tu turno: puedes cambiar el siete de oros por la muestra"
    for k, floor, large in ((1.0, 1, 1.0), (1.0, 20, 1.0), (1.0, 20, 1.25), (0.8, 12, 1.25), (1.0, 1, 1.0)):
        typo.configure(k, floor, large)
        for _ in range(2):   # asked once, then kept
            assert [typo.px(s) for s in (10, 20, 26, 60)] == [font_px(s, floor, large, k) for s in (10, 20, 26, 60)]
            fresh = Typography()
            fresh.configure(k, floor, large)
            assert typo.fit(long_text, 30, 400) == fresh._fit(long_text, 30, 400, False)
            normal = Typography()
            normal.configure(k, floor, 1.0)
            with typo.unscaled():   # as the normal text size
                assert typo.px(26) == font_px(26, floor, 1.0, k)
                assert typo.fit(long_text, 30, 400) == normal._fit(long_text, 30, 400, False)
            with typo.unscaled(False):   # asked not to: the setting's sizes stand inside the block
                assert typo.px(26) == font_px(26, floor, large, k)
            assert typo.px(26) == font_px(26, floor, large, k)   # and after either block
