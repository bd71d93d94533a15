"""The menu and the screens reached from it: new-game options, rules, settings, statistics.

Why: each screen is a scene that returns the next scene; none of them holds rules of the game.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game.cards import Card
from game.ui import look, players
from game.ui.inputmap import Key
from game.ui.persist import SPEEDS
from game.ui.scene import Scene
from game.ui.session import REMOVABLE, Options, Session
from game.ui.widgets import Button, ButtonBar, OptionList, OptionRow

W, H = 1280, 720


def screen(surface: pygame.Surface, app, title_key: str, y: int) -> None:
    """The felt and a screen's title (every menu screen starts its drawing with this)."""
    surface.blit(look.felt(), (0, 0))
    app.typo.blit(surface, app.t(title_key), (W // 2, y), 64, look.GOLD, bold=True, anchor="center", shadow=True)


def back_button(y: int = 640) -> Button:
    return Button(pygame.Rect(W // 2 - 130, y, 260, 54), "common.back", "back", pygame.K_ESCAPE)


class MenuScene(Scene):
    name = "menu"

    def startup(self) -> None:
        app = self.app
        self.saved = app.store.load_match()
        x, w = W // 2 - 190, 380
        items = [
            ("menu.new", "new", pygame.K_n, True, True),
            ("menu.continue", "continue", pygame.K_c, self.saved is not None, False),
            ("menu.rules", "rules", pygame.K_r, True, False),
            ("menu.settings", "settings", pygame.K_a, True, False),
            ("menu.stats", "stats", pygame.K_e, True, False),
        ]
        if not app.browser:
            items.append(("menu.quit", "quit", pygame.K_q, True, False))
        self.bar = ButtonBar([Button(pygame.Rect(x, 270 + i * 66, w, 54), label, action, key, enabled, primary)
                              for i, (label, action, key, enabled, primary) in enumerate(items)])
        self.fan = [Card.of(1, s) for s in "OCEB"]

    def cleanup(self) -> None:
        self.app.store.problems.clear()  # a storage problem is reported once, on the menu

    def update(self, dt: float) -> Optional[Scene]:
        if self.time > 0.1:
            self.app.sounds.warm()  # the menu stands still: synthesize one sound per frame
        return None

    def act(self, action: str | None) -> Optional[Scene]:
        app = self.app
        if action is None:
            return None
        app.sounds.play("click")
        if action == "new":
            return OptionsScene(app)
        if action == "continue" and self.saved is not None:
            from game.ui.scenes.play import resume  # noqa: PLC0415

            scene = resume(app, self.saved)
            if scene is None:
                self.saved = None
                self.bar.buttons[1].enabled = False
            return scene
        if action == "rules":
            return RulesScene(app)
        if action == "settings":
            return SettingsScene(app)
        if action == "stats":
            return StatsScene(app)
        if action == "quit":
            app.quit()
        return None

    def handle_event(self, event) -> Optional[Scene]:
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE and not self.app.browser:
            self.app.quit()
            return None
        return self.act(self.bar.handle(event))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.blit(look.felt(), (0, 0))
        for i, card in enumerate(self.fan):
            img = app.sprites.get(card, 1.0, 24 - i * 16)
            surface.blit(img, img.get_rect(center=(180 + i * 34, 420 + abs(i - 1.5) * 10)))
            img2 = app.sprites.get(None, 1.0, -24 + i * 16)
            surface.blit(img2, img2.get_rect(center=(1000 + i * 34, 420 + abs(i - 1.5) * 10)))
        app.typo.blit(surface, app.t("app.title"), (W // 2, 120), 130, look.GOLD, bold=True, anchor="center", shadow=True)
        app.typo.blit(surface, app.t("app.subtitle"), (W // 2, 200), 32, look.MUTED, anchor="center")
        self.bar.draw(surface, app)
        if self.saved is not None:
            info = self.saved.get("info", {}) if isinstance(self.saved, dict) else {}
            app.typo.blit(surface, app.t("menu.saved", players=info.get("players", "?"), trick=info.get("trick", "?")),
                          (W // 2, 690), 24, look.MUTED, anchor="center")
        for i, text in enumerate(app.store.describe_problems(app.words.lang)[:2]):
            app.typo.blit(surface, text, (W // 2, 236 + i * 22), 22, (255, 170, 150), anchor="center")


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
        self.list = OptionList([self.r_players, self.r_level, self.r_swap, self.r_timing, self.r_two, self.r_senas,
                                self.r_watch, self.r_removed, self.r_best, self.r_score], top=100)
        self.list.ROW_H = 50
        self.bar = ButtonBar([
            Button(pygame.Rect(W // 2 + 20, 640, 260, 54), "opt.start", "start", pygame.K_RETURN, primary=True),
            Button(pygame.Rect(W // 2 - 280, 640, 260, 54), "common.back", "back", pygame.K_ESCAPE),
        ])

    def update(self, dt: float) -> Optional[Scene]:
        self.app.sounds.warm()  # an idle screen: one more synthesized sound per frame
        return None

    def options(self) -> Options:
        return Options(players=self.r_players.value, level=self.r_level.value, swap_seven=self.r_swap.value,
                       swap_timing=self.r_timing.value, swap_two=self.r_two.value, senas=self.r_senas.value,
                       watch=self.r_watch.value, best_of=self.r_best.value, show_score=self.r_score.value,
                       removed_card=self.r_removed.value)

    def handle_event(self, event) -> Optional[Scene]:
        action = self.bar.handle(event)
        if action == "back":
            return MenuScene(self.app)
        if action == "start":
            return start_game(self.app, self.options())
        if self.list.handle(event):
            self.app.sounds.play("click")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        screen(surface, app, "opt.title", 50)
        self.list.draw(surface, app)
        about = players.level_description(self.r_level.value, app.words.lang)
        if about:  # what the chosen computer level does, under the list
            top = self.list.rect_of(len(self.list.shown())).y + 8
            for i, line in enumerate(app.typo.wrap(about, 24, 820)[:2]):
                app.typo.blit(surface, line, (W // 2, top + i * 26), 24, look.GOLD, anchor="midtop")
        app.typo.blit(surface, app.t("opt.help"), (W // 2, 620), 22, look.MUTED, anchor="center")
        self.bar.draw(surface, app)


def start_game(app, options: Options) -> Scene:
    """A new match with ``options``: remembers them, builds the session, goes to the deal."""
    from game.ui.scenes.deal import DealScene  # noqa: PLC0415

    app.settings["last_options"] = options.to_json()
    app.store.save_settings(app.settings)
    human = () if app.autoplay else (0,)
    seed = app.seed
    if seed is not None:
        app.seed = seed + 1  # next match, other cards, still reproducible
    app.session = Session(options, seed=seed, human_seats=human)
    app.store.clear_match()
    return DealScene(app)


class SettingsScene(Scene):
    name = "settings"

    def startup(self) -> None:
        app = self.app
        t = app.t
        s = app.settings
        speeds = list(SPEEDS)
        self.r_lang = OptionRow("set.language", ["es", "en"], ["es", "en"].index(s["lang"]), lambda v: t(f"set.lang.{v}"))
        self.r_sound = OptionRow("set.sound", [True, False], 0 if s["sound"] else 1,
                                 lambda v: t("common.on") if v else t("common.off"))
        self.r_speed = OptionRow("set.speed", speeds, speeds.index(s["speed"]), lambda v: t(f"set.speed.{v}"))
        self.list = OptionList([self.r_lang, self.r_sound, self.r_speed], top=200)
        self.bar = ButtonBar([back_button()])

    def handle_event(self, event) -> Optional[Scene]:
        if self.bar.handle(event) == "back":
            return MenuScene(self.app)
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
        app.typo.blit(surface, app.t("set.help"), (W // 2, 420), 24, look.MUTED, anchor="center")
        self.bar.draw(surface, app)


class RulesScene(Scene):
    name = "rules"

    def startup(self) -> None:
        self.bar = ButtonBar([back_button(650)])

    def handle_event(self, event) -> Optional[Scene]:
        if self.bar.handle(event) == "back":
            return MenuScene(self.app)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.blit(look.felt(), (0, 0))
        surface.blit(look.panel((1120, 560)), (80, 70))
        app.typo.blit(surface, app.t("rules.title"), (W // 2, 40), 50, look.GOLD, bold=True, anchor="center", shadow=True)
        y = 92
        paragraphs = app.t("rules.body").split("\n")
        for i, para in enumerate(paragraphs):
            last = i == len(paragraphs) - 1  # fair play: the bots see only what a player could
            for line in app.typo.wrap(para, 27, 1060):
                app.typo.blit(surface, line, (110, y), 27, look.HILITE if last else look.CREAM)
                y += 28
            y += 10
        app.typo.blit(surface, app.t("rules.keys"), (W // 2, 608), 24, look.GOLD, anchor="center")
        self.bar.draw(surface, app)


class StatsScene(Scene):
    name = "stats"

    def startup(self) -> None:
        self.bar = ButtonBar([back_button(),
                              Button(pygame.Rect(W // 2 - 170, 560, 340, 50), "stats.reset", "reset", pygame.K_DELETE, size=26)])

    def handle_event(self, event) -> Optional[Scene]:
        action = self.bar.handle(event)
        if action == "back":
            return MenuScene(self.app)
        if action == "reset":
            self.app.stats = {k: 0 for k in self.app.stats}
            self.app.store.save_stats(self.app.stats)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        screen(surface, app, "stats.title", 80)
        surface.blit(look.panel((640, 400)), (320, 130))
        st = app.stats
        if not st.get("hands"):
            app.typo.blit(surface, app.t("stats.empty"), (W // 2, 160), 26, look.MUTED, anchor="center")
        keys = ("matches", "match_wins", "hands", "hand_wins", "hand_losses", "voids", "best", "swaps")
        for i, k in enumerate(keys):
            y = 200 + i * 40
            app.typo.blit(surface, app.t(f"stats.{k}"), (360, y), 30, look.CREAM)
            app.typo.blit(surface, str(st.get(k, 0)), (920, y), 30, look.GOLD, bold=True, anchor="topright")
        self.bar.draw(surface, app)
