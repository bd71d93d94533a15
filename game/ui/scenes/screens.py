"""The screens reached from the menu besides a new game: settings, rules, statistics.

Why: each is a scene that names the next one (``Go("menu")``); none holds rules of the game.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game.ui import look
from game.ui.i18n import languages
from game.ui.persist import SPEEDS
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import back_button, screen
from game.ui.stats import COUNTERS
from game.ui.widgets import Button, ButtonBar, OptionList, OptionRow


@register
class SettingsScene(Scene):
    name = "settings"

    def startup(self) -> None:
        app = self.app
        t = app.t
        s = app.settings
        speeds = list(SPEEDS)
        langs = list(languages())
        self.r_lang = OptionRow("set.language", langs, langs.index(s["lang"]) if s["lang"] in langs else 0,
                                app.words.language_name)
        self.r_sound = OptionRow("set.sound", [True, False], 0 if s["sound"] else 1,
                                 lambda v: t("common.on") if v else t("common.off"))
        self.r_speed = OptionRow("set.speed", speeds, speeds.index(s["speed"]), lambda v: t(f"set.speed.{v}"))
        self.list = OptionList([self.r_lang, self.r_sound, self.r_speed], top=200)
        self.relayout()

    def relayout(self) -> None:
        geo = self.app.layout.menu
        self.list.left, self.list.width = geo.list_left, geo.list_width
        self.bar = ButtonBar([back_button(self.app)])

    def handle_event(self, event) -> Optional[Go]:
        if self.bar.handle(event) == "back":
            return Go("menu")
        if self.list.handle(event):
            app = self.app
            app.set_setting("lang", self.r_lang.value)
            app.set_setting("sound", self.r_sound.value)
            app.set_setting("speed", self.r_speed.value)
            app.sounds.play("click")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        screen(surface, app, "set.title", 100)
        self.list.draw(surface, app)
        app.typo.blit(surface, app.t("set.help"), (app.layout.cx, self.list.rect_of(len(self.list.rows)).y + 64), 24,
                      look.MUTED, anchor="center")
        self.bar.draw(surface, app)


@register
class RulesScene(Scene):
    name = "rules"

    def startup(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        self.bar = ButtonBar([back_button(self.app, self.app.layout.menu.back.move(0, 10))])

    def handle_event(self, event) -> Optional[Go]:
        if self.bar.handle(event) == "back":
            return Go("menu")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        surface.blit(look.felt(lay.size), (0, 0))
        box = pygame.Rect(80, 70, lay.w - 160, lay.menu.back.y - 80)
        surface.blit(look.panel(box.size), box)
        app.typo.blit(surface, app.t("rules.title"), (lay.cx, 40), 50, look.GOLD, bold=True, anchor="center", shadow=True)
        y = box.y + 22
        paragraphs = app.t("rules.body").split("\n")
        for i, para in enumerate(paragraphs):
            last = i == len(paragraphs) - 1  # fair play: the bots see only what a player could
            for line in app.typo.wrap(para, 27, box.width - 60):
                app.typo.blit(surface, line, (box.x + 30, y), 27, look.HILITE if last else look.CREAM)
                y += 28
            y += 10
        app.typo.blit(surface, app.t("rules.keys"), (lay.cx, box.bottom - 22), 24, look.GOLD, anchor="center")
        self.bar.draw(surface, app)


@register
class StatsScene(Scene):
    name = "stats"

    def startup(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        back = self.app.layout.menu.back
        reset = pygame.Rect(0, 0, 340, 50)
        reset.midbottom = (back.centerx, back.y - 30)
        self.bar = ButtonBar([back_button(self.app), Button(reset, "stats.reset", "reset", pygame.K_DELETE, size=26)])

    def handle_event(self, event) -> Optional[Go]:
        action = self.bar.handle(event)
        if action == "back":
            return Go("menu")
        if action == "reset":
            self.app.stats = {k: 0 for k in self.app.stats}
            self.app.store.save_stats(self.app.stats)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        screen(surface, app, "stats.title", 80)
        box = pygame.Rect(0, 130, 640, 400)
        box.centerx = app.layout.cx
        surface.blit(look.panel(box.size), box)
        st = app.stats
        if not st.get("hands"):
            app.typo.blit(surface, app.t("stats.empty"), (box.centerx, box.y + 30), 26, look.MUTED, anchor="center")
        for i, k in enumerate(COUNTERS):
            y = box.y + 70 + i * 40
            app.typo.blit(surface, app.t(f"stats.{k}"), (box.x + 40, y), 30, look.CREAM)
            app.typo.blit(surface, str(st.get(k, 0)), (box.right - 40, y), 30, look.GOLD, bold=True, anchor="topright")
        self.bar.draw(surface, app)
