"""The main menu: new match, continue the saved one, rules, settings, statistics (quit on desktop).

Why: each screen is a scene that names the next one (``Go``); none of them holds rules of the game.
"""

from __future__ import annotations

from typing import Any, Optional

import pygame

from game.cards import Card
from game.ui import guide, look
from game.ui.inputmap import Key
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import ask_over_saved, resume, saved_where
from game.ui.text import cut_short
from game.ui.widgets import Button, ButtonBar


def _quit(app) -> None:
    app.quit()


@register
class MenuScene(Scene):
    name = "menu"

    def startup(self) -> None:
        self.saved = self.app.store.load_match()
        self.relayout()
        self.fan = [Card.of(1, s) for s in "OCEB"]

    def _items(self) -> list[tuple]:
        """(label, action, key, enabled, gold) of each button, as the saved match makes them."""
        saved = self.saved is not None
        items = [
            ("menu.new", "new", pygame.K_n, True, not saved),   # gold, and in focus: what Enter does
            ("menu.continue", "continue", pygame.K_c, saved, saved),
            ("menu.rules", "rules", pygame.K_r, True, False),
            # the guided first hand: lit in gold until it has been played or skipped once
            ("menu.guide", "guide", pygame.K_g, True, not self.app.settings.get("guide_done", False)),
            ("menu.settings", "settings", pygame.K_a, True, False),
            ("menu.stats", "stats", pygame.K_e, True, False),
        ]
        if not self.app.browser:
            items.append(("menu.quit", "quit", pygame.K_q, True, False))
        return items

    def relayout(self) -> None:
        self.items = self._items()
        geo = self.app.layout.menu
        focus = getattr(self, "bar", None) and self.bar.focus
        columns = geo.column_count
        per = -(-len(self.items) // max(1, columns))  # buttons per column
        below = self.subtitle()[2].bottom + 8   # the buttons start under the subtitle, on two lines too
        rise = self.rise = self.saved_rise()   # (kept for drawing: the line's words change only with a relayout)
        first, step = self.column(geo, per, below, rise)
        self.fans = True
        if first.y + (per - 1) * step + first.height > (geo.column_bottom or first.bottom + per * step):
            if columns == 1:  # a screen too short even for a closed-up column: two columns, as wide as
                columns = 2   # the fans leave room for (a desktop with large text), at least half the column
                per = -(-len(self.items) // columns)
                first, step = self.column(geo, per, below, rise)
                width = max((first.width - 20) // 2, min(first.width, (self.between_fans(geo) - 20) // 2))
                first = pygame.Rect(self.app.layout.cx - (2 * width + 20) // 2, first.y, width, first.height)
            else:   # held sideways and too short for two (a folded phone): one more column, between the
                # fans if buttons wide enough for two lines of a label fit there, else the fans go
                columns += 1
                per = -(-len(self.items) // columns)
                first, step = self.column(geo, per, below, rise)
                width = min(first.width, (self.between_fans(geo) - 20 * (columns - 1)) // columns)
                if width < 0.6 * first.width:
                    self.fans = False
                    width = min(first.width, (self.app.layout.w - 48 - 20 * (columns - 1)) // columns)
                whole = columns * width + 20 * (columns - 1)
                first = pygame.Rect(self.app.layout.cx - whole // 2, first.y, width, first.height)
            pitch = first.width + 20
            left = 0
        else:
            pitch = first.width + 20
            left = -(pitch * (columns - 1)) // 2  # the columns centred together
        self.bar = ButtonBar([Button(first.move(left + (i // per) * pitch, (i % per) * step), label, action,
                                     key, enabled, primary)
                              for i, (label, action, key, enabled, primary) in enumerate(self.items)],
                             keys_move_focus=True)
        # "Continuar partida" drawn focused where a match is saved (Enter goes on with it), else "Nueva partida"
        self.bar.focus = focus if isinstance(focus, int) else int(self.saved is not None)

    @staticmethod
    def between_fans(geo) -> float:
        """The width between the two fans of cards, for the buttons' columns."""
        k = geo.fan_scale
        return (geo.fan_right[0] - 70 * k - 16) - (geo.fan_left[0] + 172 * k + 16)

    def subtitle(self) -> tuple[int, list[str], pygame.Rect]:
        """The subtitle's size, lines and block: under the title, on two lines if it must (a narrow
        phone, large text, a language longer than Spanish)."""
        app = self.app
        lay, typo = app.layout, app.typo
        size, lines = typo.fit_lines(app.t("app.subtitle"), 32, lay.w - 30)
        tall = typo.size(app.t("app.title"), 130, True)[1]
        title_bottom = lay.menu.title_y - tall // 2 + tall   # the title is centred on title_y
        block = pygame.Rect(0, max(lay.menu.subtitle_y - typo.line(32) // 2, title_bottom), lay.w - 30,
                            typo.line(size) * len(lines))
        block.centerx = lay.cx
        return size, lines, block

    @staticmethod
    def column(geo, per: int, below: int = 0, rise: int = 0) -> tuple[pygame.Rect, int]:
        """The first button and the step between buttons: the layout's, no higher than ``below``
        (the subtitle's bottom: at 320x568 with large text a subtitle a few letters longer than
        Spanish's took a second line, hidden under the first button), unless ``per`` buttons would
        run past ``column_bottom`` (a small phone; ``rise`` px higher where the saved match's line
        rises, :meth:`saved_rise`); then the gaps close to 8 px and the column rises, no higher than
        ``column_top_min`` and ``below`` (if that is still not enough, :meth:`relayout` makes two columns)."""
        first, step = geo.column, geo.column_step
        first = first.move(0, max(0, below - first.y))
        bottom = None if geo.column_bottom is None else geo.column_bottom - rise
        if bottom is None or per < 2 or first.y + (per - 1) * step + first.height <= bottom:
            return first, step
        step = max(first.height + 8, (bottom - first.y - first.height) // (per - 1))
        top = max(geo.column_top_min, below, min(first.y, bottom - first.height - (per - 1) * step))
        return first.move(0, top - first.y), step

    def saved_rise(self) -> int:
        """How far the saved match's line, centred where the layout puts it, rises to end inside the
        screen: on two lines (large text, a square screen: 360x360) its second ran off the bottom."""
        if self.saved is None:
            return 0
        app = self.app
        size, lines = app.typo.fit_lines(self.saved_line(self.saved_info()), 24, app.layout.w - 30)
        tall = app.typo.line(size) * len(lines)
        return max(0, app.layout.menu.saved_y - tall // 2 + tall - app.layout.h)

    def saved_info(self) -> dict:
        """The saved match's ``info`` (how many play, the hand, the baza), {} where it has none."""
        info = self.saved.get("info", {}) if isinstance(self.saved, dict) else {}
        return info if isinstance(info, dict) else {}

    def cleanup(self) -> None:
        self.app.store.problems.clear()  # a storage problem is reported once, on the menu

    def update(self, dt: float) -> Optional[Go]:
        if self.time > 0.1:
            self.app.sounds.warm()  # the menu stands still: a piece of a sound per frame
        return None

    def act(self, action: str | None) -> Optional[Go]:
        app = self.app
        if action is None:
            return None
        app.sounds.play("click")
        if action in ("continue", "new"):   # as stored now: another window may have played on since
            self.saved = app.store.load_match()
        if action == "guide":  # the guided first hand: a fixed deal, a gentle computer, tips
            app.session = guide.session()
            return Go("deal")
        if action == "continue":   # (nothing stored now, or it cannot be resumed: the button goes grey)
            go = resume(app, self.saved) if self.saved is not None else None
            if go is None:
                self.saved = None
                self.items[1] = self.items[1][:3] + (False, False)
                self.relayout()
            return go
        info = self.saved_info()
        # a saved match over (kept through its count and end for a reload) loses nothing: no question
        if action == "new" and self.saved is not None and info.get("match_over") is not True:
            return ask_over_saved(app, self.saved, Go("options"))
        if action in ("new", "rules", "settings", "stats"):
            return Go({"new": "options"}.get(action, action))
        if action == "quit":
            app.quit()
        return None

    def handle_event(self, event) -> Optional[Go]:
        if self.notices() and self.handle_notice(event):
            return None
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            if self.app.browser:
                return None  # a tab cannot be closed: Esc on the main menu does nothing
            return Go("confirm", title="confirm.quit_title", text="confirm.quit_text", yes=_quit, no=Go("menu"),
                      yes_label="menu.quit")
        return self.act(self.bar.handle(event))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        geo = lay.menu
        surface.blit(look.felt(lay.size), (0, 0))
        k = geo.fan_scale
        for i, card in enumerate(self.fan if self.fans else ()):
            img = app.sprites.get(card, k, 24 - i * 16)
            surface.blit(img, img.get_rect(center=(geo.fan_left[0] + i * 34 * k, geo.fan_left[1] + abs(i - 1.5) * 10 * k)))
            img2 = app.sprites.get(None, k, -24 + i * 16)
            surface.blit(img2, img2.get_rect(center=(geo.fan_right[0] + i * 34 * k, geo.fan_right[1] + abs(i - 1.5) * 10 * k)))
        app.typo.blit(surface, app.t("app.title"), (lay.cx, geo.title_y), 130, look.GOLD, bold=True, anchor="center",
                      shadow=True)
        size, lines, block = self.subtitle()
        line_h = app.typo.line(size)
        for i, line in enumerate(lines):
            app.typo.blit(surface, line, (block.centerx, block.y + i * line_h + line_h // 2), size, look.MUTED,
                          anchor="center")
        self.bar.draw(surface, app)
        if self.saved is not None:
            app.typo.blit_fit(surface, self.saved_line(self.saved_info()),   # two lines if need be
                              (lay.cx, geo.saved_y - self.rise), 24, lay.w - 30, look.MUTED, anchor="center")
        if self.notices():
            self.draw_notice(surface)

    def saved_line(self, info: dict) -> str:
        """"Partida guardada: ..." (``common.saved_where``): the people by name where they fit in two
        lines, else how many; worked out again only when the language, the screen or the text size changes."""
        app = self.app
        width = app.layout.w - 30
        key = (app.words.lang, width, app.settings.get("large_text"))
        kept = getattr(self, "_saved_line", None)
        if kept is None or kept[0] != key or kept[2] is not self.saved:
            def fits(where: str) -> bool:
                text = app.t("menu.saved", saved=where)
                return not cut_short(app.typo.fit_lines(text, 24, width)[1], text)

            seats = self.saved.get("seats") if isinstance(self.saved, dict) else None
            self._saved_line = (key, app.t("menu.saved", saved=saved_where(app, info, seats, fits)), self.saved)
        return self._saved_line[1]

    # --- what went wrong with the saved data, told once --------------------------------------------
    def notices(self) -> list[str]:
        """The storage problems to tell (a save set aside, a save that failed), at most three."""
        if not self.app.store.problems:   # asked on every event and frame: no words looked up for none
            return []
        return self.app.store.describe_problems(self.app.words.lang)[:3]

    def notice(self) -> tuple[pygame.Rect, list[list[str]], ButtonBar]:
        """The notice's box, its problems' lines, its "Entendido" button."""
        app = self.app
        lay = app.layout
        typo = app.typo
        box = pygame.Rect(0, 0, min(lay.w - 40, 900), 0)
        paragraphs = [typo.wrap(text, 26, box.width - 60) for text in self.notices()]
        btn_h = max(lay.touch, 54)
        box.height = (20 + typo.line(36) + 10 + typo.line(26) * sum(len(p) for p in paragraphs)
                      + 10 * (len(paragraphs) - 1) + 20 + btn_h + 20)
        box.center = (lay.cx, lay.h // 2)
        box.top = max(8, box.top)
        ok = pygame.Rect(0, 0, min(box.width - 40, 360), btn_h)
        ok.midbottom = (box.centerx, box.bottom - 20)
        bar = getattr(self, "_notice_bar", None)   # kept while it stays put: a tap's press and release meet
        if bar is None or bar.buttons[0].rect != ok:
            bar = self._notice_bar = ButtonBar([Button(ok, "menu.notice_ok", "ok", pygame.K_RETURN, primary=True)])
        return box, paragraphs, bar

    def handle_notice(self, event: Any) -> bool:
        """Input while the notice shows: True if it took the event. "Entendido", Enter, Space or
        Esc close it; the menu's own keys close it and act; a tap elsewhere does nothing."""
        _box, _lines, bar = self.notice()
        if bar.handle(event) == "ok" or (isinstance(event, Key) and event.key in (pygame.K_SPACE, pygame.K_ESCAPE)):
            self.app.store.problems.clear()
            return True
        if isinstance(event, Key):
            self.app.store.problems.clear()
            return False
        return True

    def draw_notice(self, surface: pygame.Surface) -> None:
        app = self.app
        typo = app.typo
        surface.blit(look.dim(app.layout.size), (0, 0))
        typo.mark("cover", surface.get_rect())   # the layout audit: the menu under it is not for reading
        box, paragraphs, bar = self.notice()
        surface.blit(look.panel(box.size, 245), box)
        pygame.draw.rect(surface, (255, 170, 150), box, 2, border_radius=14)
        y = typo.blit(surface, app.t("menu.notice_title"), (box.centerx, box.y + 20), 36, (255, 170, 150), bold=True,
                      anchor="midtop").bottom + 10
        for lines in paragraphs:
            for line in lines:
                typo.blit(surface, line, (box.centerx, y), 26, look.CREAM, anchor="midtop")
                y += typo.line(26)
            y += 10
        bar.draw(surface, app)

    def widgets(self) -> list:
        """The buttons that take taps now (the layout audit measures these): the notice's alone while it shows."""
        return [self.notice()[2]] if self.notices() else [self.bar]


