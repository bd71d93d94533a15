"""The count's headline with the widest names stays on the screen: "Ganan WWWWWWWWWWWWWW y
WWWWWWWWWWWWWM" was fitted down to the smallest size and then drawn wider than a 360x640 or
390x844 phone, "Gan" lost on the left and the second name's end on the right (an outside tester,
round 37). It wraps, as the match end's does, into the room the lines under it leave."""

from __future__ import annotations

import os
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

import uidrive as drive
from game.ui.desktop.audit import make_app
from game.ui.options import Options
from game.ui.scenes.scoring import panel_area
from game.ui.seats import parse_spec
from game.ui.session import Session

W = ["WWWWWWWWWWWWWW", "WWWWWWWWWWWWWV", "WWWWWWWWWWWWWM", "WWWWWWWWWWWWWA"]


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (320, 568)])
@pytest.mark.parametrize("large", [False, True])
def test_the_headline_with_the_widest_names_lies_on_the_screen_whole(size, large):
    app = make_app(size, large)
    session = Session(Options(players=4, first_to=1), seed=3, seats=parse_spec(",".join("person:" + n for n in W)))
    scene = drive.counted(app, session, 4)   # the count over: the result is drawn
    headline, under = scene.outcome_text(), scene.result_lines()
    assert not scene.result.void and W[scene.result.winner_side] in headline and under
    with drive.drawn(app) as seen:
        scene.draw(app.surface)
    panels = panel_area(app)
    parts = [d for d in seen if len(d.shown) > 3 and d.shown in headline and d.rect.top >= panels.bottom]
    assert " ".join(d.shown for d in parts) == headline   # whole, in lines
    screen = app.surface.get_rect()
    below = [d.rect for d in seen if d.shown in under] + [b.rect for b in scene.bar.buttons]
    for d in parts:
        assert screen.contains(d.rect), (d.shown, d.rect)
        assert not any(d.rect.colliderect(r) for r in below), d.shown
