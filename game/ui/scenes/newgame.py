"""New game: players, level, who plays (people and computers), cambio, señas, match length, score shown.

Why: the options screen only collects choices (one row per option of ``game.ui.options``, plus
"who plays", which opens the seats screen); starting the match is ``common.start_asked``.
"""

from __future__ import annotations

import functools
from typing import Optional

import pygame

from game.ui import look, players
from game.ui.inputmap import Key, Pointer, tap_at
from game.ui.option_list import OptionList, OptionRow
from game.ui.options import Options, menu_rows
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import Aside, screen, start_asked
from game.ui.seats import display_name, last_seats, people_and_computers, set_computer_levels
from game.ui.widgets import Button, ButtonBar


class _Seated:
    """Enough of a session for ``display_name`` before the match exists (names are not "Tú")."""

    def __init__(self, seats: tuple) -> None:
        self.seats = seats

    def is_you(self, seat: int) -> bool:
        """One person without a name yet is "Tú"."""
        people = [s for s in self.seats if s.person]
        return len(people) == 1 and self.seats[seat].person and not self.seats[seat].name


@register
class OptionsScene(Aside, Scene):
    """New game: players, level, cambio, señas, match length, score shown. A file dropped on the window
    is a match being set up: not taken, said (``Aside``)."""

    name = "options"

    def startup(self) -> None:
        app = self.app
        last = Options.from_json(app.settings.get("last_options"))
        self.by_name: dict[str, OptionRow] = {}
        for row in menu_rows():  # one row per option, from the options' table
            self.by_name[row.name] = OptionRow(row.label, list(row.values), row.index(last),
                                               functools.partial(row.text, app.words),
                                               lambda row=row: row.visible(self.chosen()))
        b = self.by_name
        self.r_players, self.r_level, self.r_swap, self.r_timing = b["players"], b["level"], b["swap_seven"], b["swap_timing"]
        self.r_two, self.r_senas, self.r_watch, self.r_removed = b["swap_two"], b["senas"], b["watch"], b["removed_card"]
        self.r_length, self.r_score = b["first_to"], b["show_score"]
        # Who plays: a person or the computer in each seat, set on the seats screen.
        self.r_seats = OptionRow("opt.seats", ["seats"], 0, lambda _v: self.seats_text(),
                                 short=lambda _v: self.seats_text(short=True))
        self.rows = list(b.values())
        self.rows.insert(self.rows.index(self.r_level) + 1, self.r_seats)
        self.list = OptionList(self.rows, top=100)
        self.seats_seen = app.settings.get("last_seats")   # the level row sets them: written at once too
        # a row's note laid over the list (no room under it), where it was last drawn; the row and
        # value whose note a tap put away, until either changes
        self.about_box: pygame.Rect | None = None
        self.about_shut: tuple | None = None
        self.relayout()

    def chosen(self) -> dict:
        return {name: row.value for name, row in self.by_name.items()}

    def seats(self) -> tuple:
        return last_seats(self.app.settings, self.r_players.value, self.r_level.value)

    def seats_text(self, short: bool = False) -> str:
        """Who plays, in a few words: the people's names and how many computers ("Ana, Rosa y 2
        máquinas"); ``short``: how many people instead of their names where there are several
        ("2 personas y 2 máquinas": a narrow row), without the seats' levels."""
        app = self.app
        seats = self.seats()
        people = [display_name(app.words, _Seated(seats), i) for i, s in enumerate(seats) if s.person]
        cpus = sum(1 for s in seats if not s.person)
        if short and len(people) > 1:
            return people_and_computers(app.words, [app.words.count("opt.seats.persons", len(people))], cpus)
        text = people_and_computers(app.words, people, cpus)
        levels = [s.level for s in seats if not s.person]
        if any(level != self.r_level.value for level in levels):  # set seat by seat: say which
            text = app.t("opt.seats.levels", seats=text, levels=", ".join(app.words.level(lv) for lv in levels))
        return text

    def relayout(self) -> None:
        geo = self.app.layout.menu
        self.list.relayout(geo, app=self.app)
        self.bar = ButtonBar([
            Button(geo.pair_right, "opt.start", "start", pygame.K_RETURN, primary=True),
            Button(geo.pair_left, "common.back", "back", pygame.K_ESCAPE),
        ])

    def update(self, dt: float) -> Optional[Go]:
        self.app.sounds.warm()  # an idle screen: a piece of a sound per frame
        return None

    def options(self) -> Options:
        return Options(**self.chosen())

    def selected_row(self) -> OptionRow | None:
        shown = self.list.shown()
        return shown[min(self.list.selected, len(shown) - 1)] if shown else None

    def row_about(self) -> str | None:
        """What the selected row's value means, for the house rules that vary most from table to
        table (the cambio del dos, when the cambio is made): else only the Reglas screen said it."""
        row = self.selected_row()
        if row is self.r_two:
            return self.app.t("opt.about.swap_two." + ("on" if row.value else "off"))
        if row is self.r_timing:
            return self.app.t(f"opt.about.timing.{row.value}")
        return None

    def shown_about(self) -> tuple:
        """The selected row and its value: a note put away stays away until either changes."""
        row = self.selected_row()
        return row, None if row is None else row.value

    def to_seats(self, event) -> bool:
        """Does ``event`` change the "who plays" row (←→/Space on it, or a tap on it)?"""
        shown = self.list.shown()
        if isinstance(event, Key):
            selected = self.selected_row()
            return selected is self.r_seats and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE)
        if isinstance(event, Pointer) and self.r_seats in shown:
            return self.list.tapped(event) == shown.index(self.r_seats)
        return False

    def handle_event(self, event) -> Optional[Go]:
        at = tap_at(event)
        if at is not None and self.about_box is not None and self.about_box.collidepoint(at):   # a tap on a row's note over the list puts it
            self.about_shut, self.about_box = self.shown_about(), None   # away; the rows under it stay as they were
            return None
        go = self.handle(event)
        if self.shown_about() != self.about_shut:
            self.about_shut = None
        self.keep()
        return go

    def keep(self) -> None:
        """Each choice written at once, as a move is (a phone's browser reloads a tab left in the
        background, and "Volver" is no reason to lose them either): the screen opens as it was left."""
        app = self.app
        chosen = self.options().to_json()
        if app.autoplay or (chosen == app.settings.get("last_options") and app.settings.get("last_seats") == self.seats_seen):
            return
        app.settings["last_options"] = chosen
        self.seats_seen = app.settings.get("last_seats")
        app.store.save_settings(app.settings)

    def handle(self, event) -> Optional[Go]:
        action = self.bar.handle(event)
        if action == "back":
            return Go("menu")
        if action == "start":
            return start_asked(self.app, self.options(), self.seats(), said=True)   # (its note, opt.not_saved)
        if self.to_seats(event):  # the seats screen reads the options chosen so far
            self.app.settings["last_options"] = self.options().to_json()
            return Go("seats")
        level = self.r_level.value
        if self.list.handle(event):
            if self.r_level.value != level:  # the level row sets every computer's level
                set_computer_levels(self.app.settings, self.r_level.value)
            self.app.sounds.play("click")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        geo = app.layout.menu
        screen(surface, app, "opt.title", geo.screen_title_y)
        self.list.draw(surface, app)
        about = players.level_description(self.r_level.value, app.words.lang)
        top = self.list.bottom() + 2
        helped = app.layout.show_keys and app.typo.fits_line(app.t("opt.help"), 22, app.layout.w - 20)   # (no
        # room on a 500x500 window, even at the smallest size)
        help_y = geo.pair_left.y - app.typo.line(22) if helped else geo.pair_left.y - 4
        line = app.typo.line(24)
        room = (help_y - top) // line   # lines under the list
        self.about_box = None
        note = None
        if self.shown_about() != self.about_shut:
            # the saved match is a newer version's (left alone): a match started here is never saved,
            # and nothing said so (an outside tester, round 36); said before "Empezar", as a row's note
            held = app.store.held_for_newer("match") and not app.autoplay
            note = self.row_about() or (app.t("opt.not_saved") if held else None)
        if note is not None:
            self.draw_row_about(surface, note, top, help_y)
        elif about and room > 0:
            # What the chosen computer level does, under the list, on as many lines as there is room for:
            # named where it fits whole (unnamed under the last row, it read as that row's), else plain,
            # else not at all (it stopped mid-sentence after two lines; the row names the level)
            width = min(app.layout.w - 40, self.list.width * self.list.columns)
            named = app.t("opt.level_about", level=self.r_level.text(self.r_level.value), about=about)
            lines = app.typo.wrap(named, 24, width)
            if len(lines) > room:
                lines = app.typo.wrap(about, 24, width)
            for i, text in enumerate(lines if len(lines) <= room else ()):
                app.typo.blit(surface, text, (app.layout.cx, top + i * line), 24, look.GOLD, anchor="midtop")
        if helped:
            app.typo.blit(surface, app.t("opt.help"), (app.layout.cx, help_y + app.typo.line(22) // 2 - 4),
                          app.typo.fit(app.t("opt.help"), 22, app.layout.w - 20), look.MUTED, anchor="center")
        self.bar.draw(surface, app)
        self.draw_aside(surface)

    def draw_row_about(self, surface: pygame.Surface, text: str, top: int, bottom: int) -> None:
        """The selected row's note (:meth:`row_about`), while it is selected: under the list between
        ``top`` and ``bottom`` where it fits there, as the level's; else (a phone, large text: the
        list reaches the buttons) in a panel over the list, at the end of it away from the selected
        row, never over that row (a tap on the panel puts it away). Not at all where neither fits."""
        app = self.app
        typo = app.typo
        width = min(app.layout.w - 40, self.list.width * self.list.columns)
        lines = typo.wrap(text, 24, width)
        line = typo.line(24)
        if line * len(lines) > bottom - top:
            band = self.list.view()
            band.height = bottom - band.y   # the list's rows, and any room left under them
            lines = typo.wrap(text, 24, band.width - 24)
            box = pygame.Rect(band.x, 0, band.width, line * len(lines) + 16)
            row = self.list.rect_of(min(self.list.selected, len(self.list.shown()) - 1))
            if row.centery < band.centery:
                box.bottom = band.bottom
            else:
                box.top = band.top
            under = [r.clip(band) for r in map(self.list.rect_of, range(len(self.list.shown()))) if r.colliderect(box)]
            box.union_ip(box.unionall(under))   # over whole rows, not half of one
            if box.colliderect(row) or not band.contains(box):
                return
            surface.blit(look.panel(box.size, 255), box)
            typo.mark("cover", box)   # (the layout audit: the rows under it do not show)
            self.about_box, top = box, box.centery - line * len(lines) // 2
        for i, part in enumerate(lines):
            typo.blit(surface, part, (app.layout.cx, top + i * line), 24, look.GOLD, anchor="midtop")
