"""The match's end says who won in words and in colour alike: the headless demo drew "¡Ganáis la
partida!" in the lost colour (an outside tester, round 42): the colour followed "a win to celebrate"
(never in a demo, where no person plays), the words the viewer's side."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.ui import look
from game.ui.desktop.audit import make_app, play_out
from game.ui.options import Options
from game.ui.seats import parse_spec
from game.ui.session import Session


def headline_colour(seats: str, seed: int) -> tuple[bool, tuple]:
    """(did the viewer's side win, the colour the headline is drawn in) at the end of a seeded match."""
    app = make_app((390, 844))
    session = play_out(Session(Options(players=4, first_to=1), seed=seed, seats=parse_spec(seats)), random.Random(seed))
    app.session = session
    app.go("match_end")
    scene = app.scene
    headline = scene.headline()
    colours = []
    blit = app.typo.blit
    app.typo.blit = lambda surface, text, pos, size, color, *a, **k: (
        colours.append(color) if text in headline else None) or blit(surface, text, pos, size, color, *a, **k)
    scene.draw(app.surface)
    won = session.match.winner_side == session.viewer_side()
    assert headline == app.t("score.match_won_pairs" if won else "score.match_lost_pairs") and colours
    return won, set(colours)


@pytest.mark.parametrize("seats", ["cpu:normal,cpu:normal,cpu:normal,cpu:normal",
                                   "person:Ana,cpu:normal,cpu:normal,cpu:normal"],
                         ids=["demo", "one-person"])
def test_the_headline_is_gold_when_it_says_won_and_pink_when_it_says_lost(seats):
    seen = {}
    for seed in range(1, 9):
        won, colours = headline_colour(seats, seed)
        seen[won] = colours
        if len(seen) == 2:
            break
    assert seen == {True: {look.HILITE}, False: {look.LOSS}}
