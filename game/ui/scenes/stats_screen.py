"""The statistics screen: every table played (players and level) with its figures, and the last matches.

Why: a count of hands says little; a player wants to know how they do against each level, with two,
three or four players: matches and hands won, the win rate, the best streak, the average points,
the hands won 120 to 0; and how the last matches went (a small chart). The figures come from
``game.ui.stats``; nothing is reset without asking first (the confirmation says what is lost).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from game.ui import look, stats
from game.ui.inputmap import Key
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import screen, three_buttons
from game.ui.widgets import Button, ButtonBar, Scroller, scrollbar

#: The columns after the table's name: (words key, how to read a group's figures).
COLUMNS = ("stats.col.matches", "stats.col.hands", "stats.col.rate", "stats.col.streak", "stats.col.average",
           "stats.col.whitewash")
WON = (120, 210, 140)
HALF = 60  # the points that win a hand of two players or pairs: a line across the chart
LOST = (220, 120, 100)
LOST_MIN = 8   # px: a lost match's bar, its 3-px outline and a hole between (hollow, not a won match's block)


def reset(app: Any) -> Go:
    """Forget every statistic (asked first by the confirmation scene)."""
    app.stats = {k: 0 for k in stats.COUNTERS}
    app.store.save_stats(app.stats)
    return Go("stats")


def counted(app: Any, key: str, n: int) -> str:
    """"1 partida" / "5 partidas": the catalogue's ``<key>.one`` for 1, ``<key>.many`` otherwise."""
    return app.t(f"{key}.one", n=n) if n == 1 else app.t(f"{key}.many", n=n)


def cells(words: Any, figures: dict, counters: dict | None = None, short: bool = False) -> list[str]:
    """A row's texts in ``words``' language: matches won/played, hands won/decided, % of hands won
    ("22 %", "22%": ``Words.percent``), best streak, average, 120-0.

    ``counters`` (the overall row) gives the matches and hands counted since before the tables were
    (old statistics carried over); the other figures are the table's own. ``short`` writes the counts
    short (``Words.short_number``: "1,2 M", where all the digits would not fit their column)."""
    num: Callable[[int], str] = words.short_number if short else str
    c = counters if counters is not None else figures
    hands = stats.decided(c)[0]   # won or lost: a void hand is played again (said apart, "manos nulas")
    r = stats.rate(c.get("hand_wins", 0), hands)
    avg = stats.points_a_hand(figures)
    return [f"{num(c.get('match_wins', 0))}/{num(c.get('matches', 0))}",
            f"{num(c.get('hand_wins', 0))}/{num(hands)}",
            "–" if r is None else words.percent(r), num(figures.get("best_streak", 0)), "–" if avg is None else str(avg),
            num(figures.get("whitewash", 0))]


@register
class StatsScene(Scene):
    name = "stats"

    def startup(self) -> None:
        self.scroller = Scroller()   # more tables than the screen holds: the figures scroll
        self.app.stats = self.app.store.update_stats(self.app.stats, lambda _st: False)   # another window's too
        self.relayout()

    def relayout(self) -> None:
        left, middle, right = three_buttons(self.app)   # where the menu's pair stands, wider
        focus = getattr(self, "bar", None) and self.bar.focus
        self.bar = ButtonBar([Button(left, "common.back", "back", pygame.K_ESCAPE),
                              Button(middle, "stats.history", "history", pygame.K_h),
                              Button(right, "stats.reset", "reset", pygame.K_DELETE)], keys_move_focus=True)
        # in focus from the start, drawn so, as on the menu: "Volver" (Enter goes back); none was drawn
        # and Enter did nothing until Tab (an outside tester, round 36); kept where a new layout comes
        self.bar.focus = focus if isinstance(focus, int) else 0
        st = self.app.stats   # people's figures and the tables count too
        # nothing to reset where the statistics are a newer version's: the question named this
        # session's figures only, as if they were the player's (an outside tester, round 36)
        self.bar.buttons[2].enabled = (bool(st.get("hands") or stats.people(st) or stats.groups(st))
                                       and not self.app.store.held_for_newer("stats"))

    def handle_event(self, event: Any) -> Optional[Go]:
        # ↑↓ scroll the figures only (they also moved the buttons' focus: Enter after two opened the reset)
        scrolls = isinstance(event, Key) and event.key in Scroller.KEYS
        action = None if scrolls else self.bar.handle(event)
        if action == "back":
            return Go("menu")
        if action == "history":   # every kind of match, who played it and its house rules
            return Go("history")
        if action == "reset":
            text, fmt = self.what_is_lost()
            return Go("confirm", title="stats.reset_title", text=text, fmt=fmt, yes=reset, no=Go("stats"),
                      yes_label="stats.reset_yes", careful=True)
        self.scroller.handle(event, self.app.layout.panel, self.app.typo.line(26) + 4)
        return None

    def what_is_lost(self) -> tuple[str, dict]:
        """The reset question's text and its figures: the matches and hands against the computer (the
        device's) and the people with figures of their own, each named only where there is some
        (people's matches alone said "0 partidas y 0 manos": theirs are each person's, not the device's)."""
        st, app = self.app.stats, self.app
        fmt = {"matches": counted(app, "stats.n_matches", st.get("matches", 0)),
               "hands": counted(app, "stats.n_hands", st.get("hands", 0)),
               "people": counted(app, "stats.n_people", len(stats.people(st)))}
        if not stats.people(st):
            return "stats.reset_text_device", fmt
        return ("stats.reset_text" if st.get("hands") else "stats.reset_text_people"), fmt

    def label(self, key: str) -> str:
        return stats.table_label(self.app.words, key)

    def wide(self, width: int, names: list[str]) -> bool:
        """A table's figures on its line, under column headers: where the width holds every header
        and name at a readable size (else each table's name on its own line, its figures in a grid)."""
        typo = self.app.typo
        if width < 900:
            return False
        name_w = int(width * 0.3)
        col_w = (width - name_w) // len(COLUMNS) - 6
        return (all(typo.fits_line(self.app.t(key), 22, col_w) for key in COLUMNS)
                and all(typo.fits_line(name, 26, name_w - 8) for name in names))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        typo = app.typo
        screen(surface, app, "stats.title", lay.menu.screen_title_y)
        box = lay.panel
        surface.blit(look.panel(box.size), box)
        st = app.stats
        view = pygame.Rect(box.x + 20, box.y + 14, box.width - 40, box.height - 28)
        x0, width = view.x, view.width
        if app.store.held_for_newer("stats"):   # a newer version's: not "no games yet", nor this session's
            typo.blit_fit(surface, app.t("stats.newer"), (box.centerx, view.y + 20), 28, view.width, look.MUTED,
                          anchor="midtop", max_lines=8)   # figures as the player's (they are kept nowhere)
            self.bar.draw(surface, app)
            return
        if not st.get("hands") and not stats.people(st) and not stats.groups(st):
            typo.blit_fit(surface, app.t("stats.empty"), (box.centerx, view.y + 20), 28, view.width, look.MUTED,
                          anchor="midtop", max_lines=3)   # on two lines or three where one is too narrow
            self.bar.draw(surface, app)
            return
        by = st.get("by", {})
        cpu = bool(st.get("hands"))   # matches against the computer: the device's figures, its tables, the chart
        # "in all": the matches against the computer (a match between people is each person's)
        tables = [(app.t("stats.all"), by.get("all", {}), st)] if cpu else []
        tables += [(self.label(k), g, None) for k, g in stats.groups(st)]
        people = [(app.t("stats.person", name=name), g, None) for name, g in stats.people(st)]  # by person's name
        # each figure in full, and short for a column too narrow for its digits (1234567/2345678 ran
        # into the next column on phones)
        rows = [(name, cells(app.words, g, c), cells(app.words, g, c, short=True)) for name, g, c in tables + people]
        narrow = not self.wide(width, [name for name, *_texts in rows])
        name_w = width if narrow else int(width * 0.3)
        # a narrow grid: six figures a line where their headers fit (a phone held sideways), else three
        six = all(typo.fits_line(app.t(k), 20, width // 6 - 6) for k in COLUMNS)
        per_line = len(COLUMNS) if not narrow or six else 3
        col_w = (width if narrow else width - name_w) / per_line
        left = x0 if narrow else x0 + name_w
        line = typo.line(26) + 4
        block = line * (1 + 2 * ((len(COLUMNS) + per_line - 1) // per_line)) + 6 if narrow else line
        best = app.words.points(st.get("best", 0)).replace(" ", "\u00a0")   # "70 puntos" on one line
        extra = typo.wrap(app.t("stats.extra", swaps=st.get("swaps", 0), voids=st.get("voids", 0), best=best),
                          22, width) if cpu else []   # (people's matches alone: none of these figures is theirs)
        chart_h = (max(90 + 2 * typo.line(22), view.height // 3) if st.get("recent")   # else the note alone
                   else len(typo.wrap(app.t("stats.recent_none"), 22, width)) * typo.line(22) + 4)
        # the headers stay at the top while the figures scroll under them (they scrolled away: a long
        # list's tables stood under no header)
        head_h = 0 if narrow else typo.line(22) + 6
        if not narrow:
            for i, key in enumerate(COLUMNS):  # the headers, each shrunk to fit its column
                text = app.t(key)
                typo.blit(surface, text, (int(left + (i + 0.5) * col_w), view.y), typo.fit(text, 22, int(col_w) - 6),
                          look.MUTED, anchor="midtop")
        band = pygame.Rect(view.x, view.y + head_h, view.width, view.height - head_h)
        # what each part counts, said over it (a club's evening of people's matches read "En total 2/2"
        # as if the rest never happened): "Contra la máquina" over "in all", the last matches' line and
        # chart and the tables by level; "Cada persona, en todas sus partidas" over the people. With
        # people's matches alone the note where the chart would be comes last, and no row is gold.
        heading = typo.line(22) + 10
        parts: list[tuple] = [("head", "stats.head.cpu")] if cpu else []
        parts += [("row", r) for r in range(len(tables))]
        if cpu:
            parts.insert(2, ("recent",))
        if people:
            parts += [("head", "stats.head.people")] + [("row", len(tables) + r) for r in range(len(people))]
        if not cpu:
            parts.append(("recent",))
        extra_h = 4 + typo.line(22) * len(extra) + 16 + chart_h + 8
        total = sum(heading if p[0] == "head" else block if p[0] == "row" else extra_h for p in parts)
        y = band.y - self.scroller.clamp(total, band.height)
        surface.set_clip(band)   # what scrolls past the panel's edge is cut there
        for part in parts:
            if part[0] == "head":
                text = app.t(part[1])
                typo.blit(surface, text, (x0, y + 4), typo.fit(text, 22, width, bold=True), look.CREAM, bold=True)
                pygame.draw.line(surface, look.MUTED, (x0, y + heading - 4), (x0 + width, y + heading - 4), 1)
                y += heading
            elif part[0] == "recent":
                y = self.draw_recent(surface, pygame.Rect(x0, y, width, extra_h), extra, chart_h)
            else:
                r = part[1]
                if band.y - block <= y <= band.bottom:
                    self.draw_row(surface, cpu and r == 0, *rows[r],
                                  (x0, y, left, name_w, col_w, per_line, line, narrow))
                y += block
        surface.set_clip(None)
        if total > band.height:  # how much is left: a thin bar at the right edge
            scrollbar(surface, box.right - 12, band, total, self.scroller.scroll)
        self.bar.draw(surface, app)

    def draw_row(self, surface: pygame.Surface, overall: bool, name: str, texts: list[str], short: list[str],
                 grid: tuple) -> None:
        """One table's figures: on the line of its name under the headers, or in a grid under its name
        (each figure under its own header) where the screen is narrow; a figure too wide for its column
        even at the smallest size in its ``short`` form; the ``overall`` row ("En total") in gold."""
        app, typo = self.app, self.app.typo
        x0, y, left, name_w, col_w, per_line, line, narrow = grid
        color = look.GOLD if overall else look.CREAM
        typo.blit(surface, name, (x0, y), typo.fit(name, 26, name_w - 8), color, bold=overall)
        if narrow:
            y += line
        room = int(col_w) - 16   # a space at least between one column's figure and the next
        for i, text in enumerate(texts):
            if not typo.fits_line(text, 26, room):
                text = short[i]
            cx = int(left + (i % per_line + 0.5) * col_w)
            cy = y + (i // per_line) * 2 * line if narrow else y
            if narrow:
                head = app.t(COLUMNS[i])
                typo.blit(surface, head, (cx, cy), typo.fit(head, 20, int(col_w) - 6), look.MUTED, anchor="midtop")
                cy += line
            # still too wide (large text on a desktop): at the normal size, as a word large text would cut
            with typo.unscaled(not typo.fits_line(text, 26, room)):
                typo.blit(surface, text, (cx, cy), typo.fit(text, 26, room), color, anchor="midtop")

    def draw_recent(self, surface: pygame.Surface, area: pygame.Rect, extra: list[str], chart_h: int) -> int:
        """The line of cambios, void hands and best hand, then the chart, in ``area``; returns its bottom."""
        typo, y = self.app.typo, area.y
        for text in extra:
            typo.blit(surface, text, (area.x, y + 4), 22, look.MUTED)
            y += typo.line(22)
        self.draw_chart(surface, pygame.Rect(area.x, y + 16, area.width, chart_h))
        return area.bottom

    def draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The last matches, oldest first: a bar of the average points per hand, solid green won, hollow
        red lost (not by colour alone: red and green are one colour to many eyes); 60 marked."""
        app = self.app
        recent = app.stats.get("recent", [])
        n = len(recent)
        title = app.t("stats.recent_none") if not n else app.t("stats.recent_one") if n == 1 else app.t("stats.recent", n=n)
        top = area.y
        for text in app.typo.wrap(title, 22, area.width):
            app.typo.blit(surface, text, (area.x, top), 22, look.CREAM)
            top += app.typo.line(22)
        top += 4
        if not n:   # no match finished yet: the note alone
            return
        label = app.typo.size(str(HALF), 18)[0] + 8   # "60" at the right of its line, beside the bars
        plot = pygame.Rect(area.x, top, area.width - label, area.bottom - top)
        pygame.draw.line(surface, look.MUTED, (plot.x, plot.bottom), (plot.right, plot.bottom), 2)
        y60 = plot.bottom - plot.height // 2
        pygame.draw.line(surface, (120, 150, 130), (plot.x, y60), (plot.right, y60), 1)
        app.typo.blit(surface, str(HALF), (area.right, y60), 18, look.MUTED, anchor="midright")
        step = plot.width / stats.RECENT
        for i, m in enumerate(recent):
            # a lost match's bar stands at least LOST_MIN tall, so that even at 0 points it shows hollow
            h = max(2 if m["won"] else LOST_MIN, int(plot.height * m["points"] / 120))
            x = int(plot.x + i * step + step * 0.15)
            draw_bar(surface, pygame.Rect(x, plot.bottom - h, max(4, int(step * 0.7)), h), m["won"])


def draw_bar(surface: pygame.Surface, bar: pygame.Rect, won: bool) -> None:
    """A bar of the chart: solid green won, a red outline lost, within ``bar`` at every size.

    Why the outline's width and corners follow the bar: pygame fills a rect shorter than twice its
    border radius (a 3-px outline on a bar 2–5 px tall drew a solid block reaching below the axis,
    which read as a won match); an outline thinner than a third of the bar keeps a hole inside."""
    if won:
        pygame.draw.rect(surface, WON, bar, 0, border_radius=min(3, min(bar.size) // 2))
        return
    line = max(1, min(3, (min(bar.size) - 2) // 2))
    pygame.draw.rect(surface, LOST, bar, line, border_radius=line)
