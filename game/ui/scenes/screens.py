"""The screens reached from the menu besides a new game: settings, rules (statistics: ``stats_screen``).

Why: each is a scene that names the next one (``Go("menu")``); none holds rules of the game.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game.ui import feel, look, rules_text, sound
from game.ui.i18n import languages
from game.ui.option_list import OptionList, OptionRow
from game.ui.persist import SPEEDS
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import back_button, screen
from game.ui.widgets import Button, ButtonBar, Scroller, scrollbar


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
        volumes = list(sound.VOLUMES)
        volume = sound.volume_step(s.get("volume", sound.DEFAULT_VOLUME))
        self.r_volume = OptionRow("set.volume", volumes, volumes.index(volume), lambda v: app.words.percent(v))
        self.r_vibrate = OptionRow("set.vibrate", [True, False], 0 if s.get("vibrate", feel.DEFAULT_ON) else 1,
                                   lambda v: t("common.on") if v else t("common.off"))
        self.r_speed = OptionRow("set.speed", speeds, speeds.index(s["speed"]), lambda v: t(f"set.speed.{v}"))
        self.r_large = OptionRow("set.large_text", [False, True], 1 if s.get("large_text") else 0,
                                 lambda v: t("common.on") if v else t("common.off"))
        self.r_count = OptionRow("set.counting", [False, True], 1 if s.get("counting", False) else 0,
                                 lambda v: t("common.on") if v else t("common.off"))
        self.r_taps = OptionRow("set.two_taps", [False, True], 1 if s.get("two_taps", False) else 0,
                                lambda v: t("common.on") if v else t("common.off"))
        # each setting's row, in the screen's order (a row is saved under its setting when it changes)
        self.rows = {"lang": self.r_lang, "sound": self.r_sound, "volume": self.r_volume, "vibrate": self.r_vibrate,
                     "speed": self.r_speed, "large_text": self.r_large, "counting": self.r_count, "two_taps": self.r_taps}
        self.list = OptionList(list(self.rows.values()), top=200)
        self.shown = {key: row.value for key, row in self.rows.items()}   # what each row showed (its default)
        self.relayout()

    def relayout(self) -> None:
        geo = self.app.layout.menu
        lst = self.list
        # the row at the top of the view stays there (as near as the list scrolls), through a burst of
        # sizes too: scrolled to the end at 320x420, one frame at 568 tall clamped the scroll and, back
        # at 420, the row the player was reaching for was out of view. ``kept``: that row and the scroll
        # that put it there (scrolled since by the player: the row at the top now)
        kept = getattr(self, "_kept", None)
        if lst.geo is not None and (kept is None or kept[1] != lst.scroll):
            kept = (next((i for i in range(len(lst.shown())) if lst.visible(i)), 0), None)
        lst.relayout(geo, top=geo.content.y + geo.row_h // 2, app=self.app)
        if kept is not None:
            lst.scroll_to(lst.scroll + lst.rect_of(kept[0]).top - lst.view().top)
            self._kept = (kept[0], lst.scroll)
        # a copy of all one's data, and bringing one back (the statistics, the history, the names too)
        self.bar = ButtonBar([back_button(self.app, geo.pair_left),
                              Button(geo.pair_right, "set.backup", "backup", pygame.K_b)])

    def handle_event(self, event) -> Optional[Go]:
        action = self.bar.handle(event)
        if action == "back":
            return Go("menu")
        if action == "backup":
            return Go("backup")
        if self.list.handle(event):
            app = self.app
            for key, row in self.rows.items():   # the one that changed, saved once (the volume heard at once:
                if row.value != self.shown[key]:      # the click below; large text: the layout made again)
                    i = self.list.shown().index(row)
                    before, self.list.one_column = self.list.rect_of(i), self.list.columns == 1
                    app.set_setting(key, row.value)
                    self.list.one_column = False
                    self.hold(i, before)
                    self.shown[key] = row.value
            self.taken_in()
            app.sounds.play("click")
        return None

    def taken_in(self) -> None:
        """Each row showing the setting as it stands: a save takes in what another window of the game
        changed (``Store.save_settings``), and the screen, now in English, still said "Español" (and
        → on it went to English, as if nothing happened)."""
        for key, row in self.rows.items():
            value = self.app.settings.get(key)
            value = sound.volume_step(value) if key == "volume" and value is not None else value
            if value in row.values and value != row.value:
                row.index = row.values.index(value)
                self.shown[key] = value

    def hold(self, i: int, before: pygame.Rect) -> None:
        """Row ``i``, just changed, kept where it was (``before``) when the change placed the rows anew
        (large text: taller rows, one column where there were two; another language, words of other
        lengths): the row went out of view, and a second tap at the same place, to look again or to
        undo, changed the row that came there (the sound, the animations' speed at 640x360, 320x568).
        The list keeps as few columns as it had (``set_setting`` above) and scrolls by as much as
        the row moved, past its last row if need be (``OptionList.slack``), or with room over its
        first row where it cannot scroll back so far (``OptionList.above``, smaller text upright)."""
        lst = self.list
        rect = lst.rect_of(i)
        if rect != before:
            lower = before.y - (rect.y + lst.scroll - lst.above)   # how much lower than unscrolled it was
            lst.above, want = max(0, lower), max(0, -lower)
            lst.slack = max(lst.slack, want - (lst.max_scroll() - lst.slack))
            lst.scroll_to(want)
            lst.bring_into_view(i)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        screen(surface, app, "set.title", app.layout.menu.screen_title_y)
        self.list.draw(surface, app)
        text = app.t("set.help")
        if app.layout.show_keys and app.typo.fits_line(text, 24, app.layout.w - 20):   # the keys' help between
            # the list and the button, where there is room (a window of 500x500: not even at the smallest size)
            size = app.typo.fit(text, 24, app.layout.w - 20)
            half = app.typo.height(size) // 2 + 1
            y = min(self.list.bottom() + app.typo.line(24), min(b.rect.top for b in self.bar.buttons) - half)
            if y - half >= self.list.bottom():
                app.typo.blit(surface, text, (app.layout.cx, y), size, look.MUTED, anchor="center")
        self.bar.draw(surface, app)


@register
class RulesScene(Scene):
    name = "rules"

    def startup(self) -> None:
        self.scroller = Scroller()  # a long text on a small screen scrolls
        self._lines: tuple = ((), None)
        self.relayout()

    @property
    def scroll(self) -> int:
        return self.scroller.scroll

    def relayout(self) -> None:
        self.bar = ButtonBar([back_button(self.app)])

    def handle_event(self, event) -> Optional[Go]:
        if self.bar.handle(event) == "back":
            return Go("menu")
        self.scroller.handle(event, self.app.layout.panel, self.app.typo.line(27))
        return None

    def lines(self, width: int) -> list[tuple[str, bool, int]]:
        """(text, highlighted, gap before) of every line of the rules at this width (cached)."""
        app = self.app
        key = (app.words.lang, width, app.typo.px(27), rules_text.body(app))
        if self._lines[1] != key:
            out = []
            paragraphs = rules_text.body(app).split("\n")
            for i, para in enumerate(paragraphs):
                last = i == len(paragraphs) - 1  # fair play: the bots see only what a player could
                for j, line in enumerate(app.typo.wrap(para, 27, width)):
                    out.append((line, last, 10 if j == 0 and i else 0))
            self._lines = (out, key)
        return self._lines[0]

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        screen(surface, app, "rules.title", lay.menu.screen_title_y)
        box = lay.panel
        surface.blit(look.panel(box.size), box)
        line = app.typo.line(27)
        keys = app.t("rules.keys") if lay.show_keys else ""
        keys = keys if app.typo.fits_line(keys, 24, box.width - 30) else ""   # (a 500x500 window: no room)
        view = box.inflate(-40, -32)
        if keys:
            view.height -= app.typo.line(24) + 6
        lines = self.lines(view.width)
        total = sum(line + gap for _t, _h, gap in lines)
        y = view.y - self.scroller.clamp(total, view.height)
        for text, last, gap in lines:
            y += gap
            if y >= view.y and y + line <= view.bottom:
                app.typo.blit(surface, text, (view.x, y), 27, look.HILITE if last else look.CREAM)
            y += line
        if total > view.height:  # how much is left: a thin bar at the right edge
            scrollbar(surface, box.right - 14, view, total, self.scroll)
        if keys:
            app.typo.blit(surface, keys, (lay.cx, box.bottom - 10 - app.typo.line(24) // 2),
                          app.typo.fit(keys, 24, box.width - 30), look.GOLD, anchor="center")
        self.bar.draw(surface, app)
