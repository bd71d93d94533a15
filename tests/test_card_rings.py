"""The hinted card's and the chosen card's rings (an outside tester with low vision, round 42): the
hint's was 1.5 CSS px of light blue, 3.9:1 on the felt, and it differed from the chosen card's gold
by its hue alone (1.2:1 in brightness). Both are 3 CSS px wide now; the hint's lies between dark lines."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from colours import contrast
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scenes.common import start_game

FELT = (40, 112, 70)   # the felt's lightest pixel


def your_turn(size) -> App:
    app = App(Store(Storage(MemoryBackend())), window=False, size=size, seed=11, catch_errors=False)
    app.settings["speed"] = "instant"
    app.go(start_game(app, Options(players=2)).name)
    for _ in range(3000):
        scene = app.scene
        if scene.name == "play" and scene.human_turn() and not scene.table.animator.busy:
            return app
        app.step(1 / 60)
    raise AssertionError("never the person's turn")


def above(app: App, card) -> list[tuple[int, int, int]]:
    """The pixels going up from the middle of ``card``'s top edge, the nearest first (20 CSS px)."""
    table = app.scene.table
    v = table.view(card)
    img = app.sprites.get(card, v.scale, v.angle)
    rect = img.get_rect(center=(int(v.x), int(v.y - v.lift)))
    reach = round(20 / app.layout.css_scale)
    return [tuple(app.surface.get_at((rect.centerx, rect.top - 1 - i)))[:3] for i in range(reach)]


def band(pixels) -> tuple[int, int]:
    """Where the first run of pixels reading at 3:1 on the felt starts, and how long it is."""
    start = next(i for i, p in enumerate(pixels) if contrast(p, FELT) >= 3)
    end = next((i for i in range(start, len(pixels)) if contrast(pixels[i], FELT) < 3), len(pixels))
    return start, end - start


@pytest.mark.parametrize("size", [(360, 640), (1280, 720)])
def test_the_hint_and_the_chosen_card_have_rings_3_css_px_wide_told_apart_by_light_and_dark(size):
    app = your_turn(size)
    table = app.scene.table
    hinted, chosen = app.session.hand.hands[app.scene.viewer][:2]
    table.hint, table.chosen = hinted, chosen
    app.scene.draw(app.surface)
    rings = {}
    for name, card in (("hint", hinted), ("chosen", chosen)):
        pixels = above(app, card)
        start, width = band(pixels)
        assert width * app.layout.css_scale >= 3 - 1e-9, (name, width, pixels[:12])
        rings[name] = pixels[start + width:start + width + max(1, round(1 / app.layout.css_scale))]
    # outside the hint's ring a dark line (3:1 under the felt's light); outside the chosen card's none
    assert all(contrast(p, FELT) >= 2 and sum(p) < sum(FELT) for p in rings["hint"]), rings
    assert not any(contrast(p, FELT) >= 2 and sum(p) < sum(FELT) for p in rings["chosen"]), rings
