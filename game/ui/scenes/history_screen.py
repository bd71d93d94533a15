"""The statistics' second page: the last finished matches of every kind, newest first.

Why: the statistics are totals; after an evening at a club nobody could tell which match was played by
whom, how it ended or under which house rules, and a match between people left no line of its own.
Each match here is three short lines (``game.ui.history.lines``): when and the house rules that differ
from the defaults, each side with its hands won (a side a line where they do not fit on one), who took the match and the last hand's points. The
list scrolls as the statistics do (↑↓, the page keys, the wheel, a finger or the mouse dragging it).
"""

from __future__ import annotations

from typing import Any, Optional

import pygame

from game.ui import history, look
from game.ui.inputmap import Key
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import panel_screen
from game.ui.widgets import Button, ButtonBar, Scroller, scrollbar


@register
class HistoryScene(Scene):
    name = "history"

    def startup(self) -> None:
        self.scroller = Scroller()
        self._wrapped: tuple = ((), [])
        self.app.stats = self.app.store.update_stats(self.app.stats, lambda _st: False)   # another window's too
        self.relayout()

    def relayout(self) -> None:
        menu = self.app.layout.menu
        row = menu.pair_left.union(menu.pair_right)
        self.bar = ButtonBar([Button(row.inflate(-row.width // 2, 0), "common.back", "back", pygame.K_ESCAPE)])

    def handle_event(self, event: Any) -> Optional[Go]:
        scrolls = isinstance(event, Key) and event.key in Scroller.KEYS   # (the arrows scroll, as on the figures)
        if not scrolls and self.bar.handle(event) == "back":
            return Go("stats")
        if isinstance(event, Key) and event.key == pygame.K_h:   # H again: back, as it came
            return Go("stats")
        self.scroller.handle(event, self.app.layout.panel, self.app.typo.line(22) + 4)
        return None

    def _blocks(self, played: list, width: int) -> list:
        """Every match's lines wrapped to the width first: the list's height is known before drawing.
        Kept while the matches, the width, the language, the text size and the day stay (twenty matches
        were wrapped again every frame, where a phone's frame has little to spare; "Hoy" is "Ayer" after
        midnight, and the clock is read once a frame, not once a match)."""
        app = self.app
        typo = app.typo
        today = history.local_today()
        key = (width, app.layout, app.words.lang, typo.large, played, today)
        if self._wrapped[0] == key:
            return self._wrapped[1]
        # a word wider than the page (a stored name of 40 W's: a damaged or handcrafted file) is cut
        # short with "…" rather than run under the scrollbar and off the panel
        wrap = lambda text, size, bold=False: [typo.ellipsize(t, size, width, bold)  # noqa: E731
                                               for t in typo.wrap(text, size, width, bold)]
        blocks = [wrap(app.t("history.about", n=history.HISTORY), 22)]
        for e in played:
            when, score, result = history.lines(app.words, e, today)
            # the sides on one line where it holds them, else each side on its own (a side parted
            # from its number left a lone "0" at 320 px with large text)
            parts = [score] if typo.size(score, 24, True)[0] <= width else history.score_parts(app.words, e)
            blocks.append([(t, 0) for t in wrap(when, 20)]
                          + [(t, 1) for part in parts for t in wrap(part, 24, True)]
                          + [(t, 2) for t in wrap(result, 22)])
        self._wrapped = (key, blocks)
        return blocks

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        typo = app.typo
        box = panel_screen(surface, app, "history.title")
        view = pygame.Rect(box.x + 20, box.y + 14, box.width - 40, box.height - 28)
        held = app.store.held_for_newer("stats")   # a newer version's history: not this session's as the player's
        played = [] if held else list(reversed(app.stats.get("history", [])))
        if not played:
            typo.blit_fit(surface, app.t("stats.newer" if held else "history.empty"), (box.centerx, view.y + 20), 26,
                          view.width, look.MUTED, anchor="midtop", max_lines=8 if held else 4)
            self.bar.draw(surface, app)
            return
        blocks = self._blocks(played, view.width)
        style = ((20, look.MUTED, False), (24, look.CREAM, True), (22, look.CREAM, False))
        gap = 12
        heights = [typo.line(22) * len(blocks[0])] + [sum(typo.line(style[k][0]) for _t, k in b) for b in blocks[1:]]
        total = sum(heights) + gap * len(blocks)
        y = view.y - self.scroller.clamp(total, view.height)
        surface.set_clip(view)
        for text in blocks[0]:
            typo.blit(surface, text, (view.x, y), 22, look.MUTED)
            y += typo.line(22)
        y += gap
        for block, h in zip(blocks[1:], heights[1:]):
            if view.y - h <= y <= view.bottom:
                pygame.draw.line(surface, look.MUTED, (view.x, y - gap // 2), (view.right, y - gap // 2), 1)
                yy = y
                for text, k in block:
                    size, color, bold = style[k]
                    typo.blit(surface, text, (view.x, yy), size, color, bold=bold)
                    yy += typo.line(size)
            y += h + gap
        surface.set_clip(None)
        if total > view.height:
            scrollbar(surface, box.right - 12, view, total, self.scroller.scroll)
        self.bar.draw(surface, app)
