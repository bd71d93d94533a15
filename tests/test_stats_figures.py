"""The statistics' figures as a player reads them: the chart's bars, who is counted, rounding.

Each test builds the statistics through the game's own API (``game.ui.stats``) or as the store
keeps them, without playing matches (the suite's time is short)."""

from __future__ import annotations

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from game.ui.scenes import stats_screen

DT = 1 / 30


def make_app(size: tuple[int, int] = (1280, 720)) -> App:
    app = App(Store(Storage(MemoryBackend())), window=True, seed=5, size=size)
    app.settings["speed"] = "instant"
    app.go("menu")
    app.step(DT)
    return app


def match(won: bool, points: int) -> dict:
    return {"players": 2, "level": "normal", "won": won, "hands": [1, 0] if won else [0, 1], "points": points}


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (1280, 720)])
def test_a_lost_match_with_few_points_is_a_hollow_bar_on_the_axis(size):
    """A lost match of 0-4 points a hand was drawn as a solid block (a 3-px rounded outline on a
    bar 2-5 px tall: pygame fills it) reaching below the axis: it read as a won match."""
    app = make_app(size)
    recent = [match(False, p) for p in (0, 1, 2, 3, 4, 5, 8, 12, 40)] + [match(True, 70), match(True, 2)]
    n = len(recent)
    app.stats.update({"matches": n, "match_wins": 2, "hands": n, "hand_wins": 2, "hand_losses": n - 2,
                      "recent": recent})
    app.go("stats")
    app.step(DT)
    for _ in range(40):   # down to the chart
        app.step(DT, [drive.key(pygame.K_PAGEDOWN)])
    app.step(DT)
    lost = pygame.mask.from_threshold(app.surface, stats_screen.LOST, (1, 1, 1, 255))
    bars = [r for r in lost.get_bounding_rects() if r.w >= 4 and r.h >= 4]   # each lost bar's outline
    assert len(bars) == n - 2, bars
    assert len({r.bottom for r in bars}) == 1   # all stand on the axis; none reaches below it
    for r in bars:
        assert lost.get_at(r.center) == 0 and lost.get_at((r.centerx, r.top)) == 1   # hollow, outlined
    won = pygame.mask.from_threshold(app.surface, stats_screen.WON, (1, 1, 1, 255))
    assert {r.bottom for r in won.get_bounding_rects() if r.w >= 4} == {bars[0].bottom}


def test_a_bar_keeps_within_its_rect_at_every_size():
    for w in range(4, 30):
        for h in range(2, 60):
            for won in (True, False) if h >= stats_screen.LOST_MIN else (True,):   # lost: never shorter
                surface = pygame.Surface((50, 80))
                bar = pygame.Rect(10, 10, w, h)
                stats_screen.draw_bar(surface, bar, won)
                mask = pygame.mask.from_threshold(surface, stats_screen.WON if won else stats_screen.LOST,
                                                  (1, 1, 1, 255))
                assert mask.get_bounding_rects() == [bar], (w, h, won)
                assert mask.get_at(bar.center) == won, (w, h, won)   # solid won, hollow lost
