"""Square and near-square screens: a small browser window, a phone's split screen, a tablet's pop-up.

An outside tester resized the window in every phase (round 38): between the upright and the
sideways shapes the play screen's buttons lay over the hand (300-412 CSS px squares with four
players, 500-560 with any number) and on the desktop form with sides of 500-700 px every menu's
bottom buttons ran past the bottom edge ("Sigui… mano" at 600x600). The layout audit covers the
sizes named there (tests/test_ui_layouts.py); these check the geometry over a sweep of sizes.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui import layout

#: Desktop-form windows with sides of 500-700 CSS px, as wide as tall up to 1.4 times as wide.
SQUAT = [(w, h) for w in range(500, 701, 20) for h in range(500, 701, 20) if 1.0 <= w / h <= 1.4]


def test_every_menus_bottom_buttons_lie_on_a_squat_desktop_screen():
    """The bottom row (Volver, the pairs of the questions, the count, the match end) stood at a fixed
    80 logical px over the bottom while its height grew to a tap target: at 600x600 it ended 14 px
    (6.6 CSS px) under the picture, at 640x500 8. Now it ends at least 8 CSS px above the edge."""
    for size in SQUAT:
        for large in (False, True):
            lay = layout.compute(size, large_text=large)
            assert lay.form == "desktop", size
            menu = lay.menu
            for rect in (menu.back, menu.pair_left, menu.pair_right):
                assert rect.height * lay.css_scale >= layout.MIN_TAP_CSS - 0.5, size
                assert (lay.h - rect.bottom) * lay.css_scale >= layout.MIN_GAP_CSS, (size, large, rect)
            assert menu.list_bottom < menu.back.top, size   # the option lists (and the keys' line) above it
