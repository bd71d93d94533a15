"""New game: players, level, cambio, señas, match length, score shown.

Why: the options screen only collects choices; starting the match is ``common.start_game``.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game.cards import Card
from game.ui import look, players
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import screen, start_game
from game.ui.session import REMOVABLE, Options
from game.ui.widgets import Button, ButtonBar, OptionList, OptionRow


@register
class OptionsScene(Scene):
    """New game: players, level, cambio, señas, match length, score shown."""

    name = "options"

    def startup(self) -> None:
        app = self.app
        last = Options.from_json(app.settings.get("last_options"))
        t = app.t
        onoff = lambda v: t("common.on") if v else t("common.off")  # noqa: E731
        self.r_players = OptionRow("opt.players", [2, 3, 4], [2, 3, 4].index(last.players), lambda v: t(f"opt.players.{v}"))
        levels = list(players.levels())
        self.r_level = OptionRow("opt.level", levels, levels.index(last.level), lambda v: app.words.level(v))
        self.r_swap = OptionRow("opt.swap_seven", [True, False], 0 if last.swap_seven else 1, onoff)
        self.r_timing = OptionRow("opt.swap_timing", ["after_win", "own_turn"], ["after_win", "own_turn"].index(last.swap_timing),
                                  lambda v: t(f"opt.timing.{v}"), lambda: self.r_swap.value)
        self.r_two = OptionRow("opt.swap_two", [False, True], 1 if last.swap_two else 0, onoff, lambda: self.r_swap.value)
        self.r_senas = OptionRow("opt.senas", [True, False], 0 if last.senas else 1, onoff, lambda: self.r_players.value == 4)
        self.r_watch = OptionRow("opt.watch", [0, 1, 2, 3], last.watch, lambda v: t(f"opt.watch.{v}"),
                                 lambda: self.r_players.value == 4 and self.r_senas.value)
        self.r_removed = OptionRow("opt.removed", list(REMOVABLE), REMOVABLE.index(last.removed_card),
                                   lambda v: app.words.card(Card.parse(v)), lambda: self.r_players.value == 3)
        self.r_best = OptionRow("opt.best_of", [1, 3], [1, 3].index(last.best_of), lambda v: t(f"opt.best_of.{v}"))
        self.r_score = OptionRow("opt.show_score", [True, False], 0 if last.show_score else 1, onoff)
        self.rows = [self.r_players, self.r_level, self.r_swap, self.r_timing, self.r_two, self.r_senas,
                     self.r_watch, self.r_removed, self.r_best, self.r_score]
        self.list = OptionList(self.rows, top=100)
        self.relayout()

    def relayout(self) -> None:
        geo = self.app.layout.menu
        self.list.relayout(geo)
        self.bar = ButtonBar([
            Button(geo.pair_right, "opt.start", "start", pygame.K_RETURN, primary=True),
            Button(geo.pair_left, "common.back", "back", pygame.K_ESCAPE),
        ])

    def update(self, dt: float) -> Optional[Go]:
        self.app.sounds.warm()  # an idle screen: one more synthesized sound per frame
        return None

    def options(self) -> Options:
        return Options(players=self.r_players.value, level=self.r_level.value, swap_seven=self.r_swap.value,
                       swap_timing=self.r_timing.value, swap_two=self.r_two.value, senas=self.r_senas.value,
                       watch=self.r_watch.value, best_of=self.r_best.value, show_score=self.r_score.value,
                       removed_card=self.r_removed.value)

    def handle_event(self, event) -> Optional[Go]:
        action = self.bar.handle(event)
        if action == "back":
            return Go("menu")
        if action == "start":
            return start_game(self.app, self.options())
        if self.list.handle(event):
            self.app.sounds.play("click")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        geo = app.layout.menu
        screen(surface, app, "opt.title", geo.screen_title_y)
        self.list.draw(surface, app)
        about = players.level_description(self.r_level.value, app.words.lang)
        top = self.list.bottom() + 2
        help_y = geo.pair_left.y - app.typo.line(22) if app.layout.show_keys else geo.pair_left.y - 4
        if about:  # what the chosen computer level does, under the list, if there is room
            width = min(app.layout.w - 40, self.list.width * self.list.columns)
            line = app.typo.line(24)
            for i, text in enumerate(app.typo.wrap(about, 24, width)[:2]):
                if top + (i + 1) * line <= help_y:
                    app.typo.blit(surface, text, (app.layout.cx, top + i * line), 24, look.GOLD, anchor="midtop")
        if app.layout.show_keys:
            app.typo.blit(surface, app.t("opt.help"), (app.layout.cx, help_y + app.typo.line(22) // 2 - 4),
                          app.typo.fit(app.t("opt.help"), 22, app.layout.w - 20), look.MUTED, anchor="center")
        self.bar.draw(surface, app)
