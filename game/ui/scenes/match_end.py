"""The end of a match: who won it, every hand's points, the match in figures (bazas, aces and threes,
triunfos per side), this table's record, a celebration for a win; rematch or menu.

Why: the last hand's count says who won *that hand*; the match is its own moment.  The figures
come from the core (``match.scores``, ``match.wins``, ``match.winner_side``); this scene only
shows them.  A rematch keeps the same options and seats (people and computers).
"""

from __future__ import annotations

import math
import random
from typing import Optional

import pygame

from game.ui import look, stats
from game.ui.inputmap import Key
from game.ui.scene import DOUBLE_TAP, Go, Scene, register
from game.ui.scenes.common import Aside, leave_ended, start_asked
from game.ui.seats import side_name
from game.ui.widgets import Button, ButtonBar, draw_label

#: Keys that go on from a count (and "Revancha" here): one sooner than DOUBLE_TAP after this screen
#: opened was meant for the screen before. (Escape, "Menú", is no such key: it acts at once.)
GO_ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

#: Hand rows the match in figures and the record give way to (fewer where the match had fewer hands).
SOME_ROWS = 6
CONFETTI = 90
GAP = 6  # between the record's lines
#: The copa drawn over a won match where the screen leaves room above the hands (logical px), and the
#: smallest worth drawing.
TROPHY, TROPHY_MIN = 260, 110
COLORS = ((235, 190, 70), (220, 80, 70), (90, 170, 230), (120, 200, 120), (245, 240, 225))


@register
class MatchEndScene(Aside, Scene):
    name = "match_end"

    def startup(self) -> None:
        rng = random.Random(7)  # the confetti's pattern; only its look depends on it
        w, h = self.app.layout.size
        self.confetti = [(rng.uniform(0, w), rng.uniform(-h, 0), rng.uniform(60, 160), rng.uniform(0.5, 2.0),
                          rng.uniform(0, 6.28), rng.choice(COLORS)) for _ in range(CONFETTI)]
        self.relayout()
        if self.celebrate and self.app.session.match.over:
            self.app.sounds.play("fanfare")   # the count played the last hand's sound; this is the match's

    def relayout(self) -> None:
        geo = self.app.layout.menu
        self.bar = ButtonBar([Button(geo.pair_right, "score.rematch", "rematch", pygame.K_RETURN, primary=True),
                              Button(geo.pair_left, "score.menu", "menu", pygame.K_ESCAPE)])   # (as the count's)

    @property
    def celebrate(self) -> bool:
        """A win to celebrate: the one person's side won, or people played and a side of people won
        (not the computers' side beating them)."""
        session = self.app.session
        return not session.demo and session.people_won(session.match.winner_side)

    def headline(self) -> str:
        app = self.app
        session = app.session
        match = session.match
        side = match.winner_side
        if side is None:   # not decided (only a screen opened by name, as the layout audit does): no verdict
            return ""
        pairs = session.rules.players == 4
        if session.passing:
            return app.t("match.won_by_pairs" if pairs else "match.won_by", name=side_name(app.words, session, side))
        key = "score.match_won" if side == session.viewer_side() else "score.match_lost"
        return app.t(key + ("_pairs" if pairs else ""))

    def handle_event(self, event) -> Optional[Go]:
        if isinstance(event, Key) and event.key in GO_ON_KEYS and self.clock < DOUBLE_TAP:
            return None   # a double Enter on the last count (skip it, go on: the old way) skipped this for a rematch
        action = self.bar.handle(event)
        if action == "menu":
            leave_ended(self.app)
            return Go("menu")
        if action == "rematch":
            session = self.app.session
            if session.lesson:   # never a match of the guided hand's options over the saved one
                return Go("menu")
            return start_asked(self.app, session.options, None if session.demo else session.seats)
        return None

    def moving(self) -> bool:
        return self.celebrate   # the confetti falls for as long as the screen shows

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        session = app.session
        match = session.match
        surface.blit(look.felt(lay.size), (0, 0))
        if self.celebrate:
            self.draw_confetti(surface)
        typo = app.typo
        title = typo.blit(surface, app.t("match.title"), (lay.cx, lay.menu.screen_title_y), 48, look.MUTED, bold=True,
                          anchor="center")
        # the words' colour: a win for the device (the demo's too, said "¡Ganáis!"); the confetti only where people won
        color = look.HILITE if session.people_won(match.winner_side) else look.LOSS
        headline = self.headline()
        room = lay.w - 30
        size = typo.fit(headline, 64, room, True)
        lines = [headline] if headline else []
        if typo.size(headline, size, True)[0] > room:   # long names (pairs of people): on two lines or more
            size, lines = 44, typo.wrap(headline, 44, room, True)
        sides = session.rules.sides
        row = max(34, typo.line(26) + 8)
        foot = 2 * typo.line(24)  # "N manos ganadas", on two lines if the column is narrow
        width = min(lay.w - 40, 260 + 220 * sides)
        label_w = min(200, width // (sides + 1))
        col = (width - label_w) // sides
        names = [side_name(app.words, session, side) for side in range(sides)]
        # a pair of people's names ("Guadalupe y Maximiliano") on two or three lines where one is too narrow
        # (at the normal size where large text would cut a word: measured as drawn)
        whole = all(typo.fits_line(n, 26, col - 10, True) for n in names)
        fitted_names = None if whole else [typo.fit_whole(n, 26, col - 10, max_lines=3) for n in names]
        head = row if whole else max(row, 8 + max(typo.lines_height(fitted) for fitted in fitted_names))
        # the match in figures, each label on two or three lines where the column is narrow ("Ases y / treses")
        # (at the normal size where large text would cut a word: "Triunfos" at 280 px with three sides)
        summary = [(typo.fit_whole(label, 24, label_w - 24, max_lines=3), values)
                   for label, values in self.summary_rows()]
        heights = [max(row, typo.lines_height(fitted) + 8) for fitted, _values in summary]
        summary_h = (12 + sum(heights) + (typo.line(22) + 4 if len(match.scores) > 1 else 0)) if summary else 0
        record = self.record_panel(width)
        record_h = 16 + record[0] if record else 0
        # Between the title and the buttons: the headline, the hands (every one where there is room,
        # else the last ones and a row that says which earlier ones do not fit: nine at most, whatever
        # the room, left the first ones of a long match out unsaid), the match in figures, this table's
        # record; where the hands would show fewer than six the record gives way, then the figures.
        # What stays starts a quarter of the way down the room left, or halfway where a won match's
        # copa fits above it.
        area_top, area_bottom = title.bottom + 8, self.bar.buttons[0].rect.top - 16
        fixed = typo.line(size) * len(lines) + 14 + head + foot + 30
        wanted = len(match.scores)
        for extra in (summary_h + record_h, summary_h, 0):
            rows = (area_bottom - area_top - fixed - extra) // row
            if rows >= min(SOME_ROWS, wanted):
                break
        if extra < summary_h:
            summary, summary_h = [], 0
        if extra < summary_h + record_h:
            record = None
        rows = max(2, rows) if wanted > 1 else 1   # (the last hand and the row that says the rest do not fit)
        shown = match.scores[-(rows - 1):] if wanted > rows else match.scores
        earlier = wanted - len(shown)   # the first hands, left out: said in a row of their own
        used = fixed + extra + row * (len(shown) + (1 if earlier else 0))
        free = max(0, area_bottom - area_top - used)
        trophy = min(TROPHY, free // 2 - 24) if self.celebrate else 0   # a win: the copa, gold, over it all
        top = area_top + (free // 2 if trophy >= TROPHY_MIN else free // 4)
        if trophy >= TROPHY_MIN:
            icon = app.sprites.icon("C", trophy)
            surface.blit(icon, icon.get_rect(center=(lay.cx, (area_top + top) // 2)))
        for line in lines:
            top = typo.blit(surface, line, (lay.cx, top + typo.line(size) // 2), typo.fit(line, size, room, True), color,
                            bold=True, anchor="center", shadow=True).bottom
        box = pygame.Rect(0, 0, width, head + foot + 30 + row * (len(shown) + (1 if earlier else 0)) + summary_h)
        box.midtop = (lay.cx, top + 14)
        surface.blit(look.panel(box.size, 200), box)
        x0 = box.x + label_w
        wins = match.wins
        for side in range(sides):
            cx = x0 + col * side + col // 2
            if whole:
                typo.blit(surface, names[side], (cx, box.y + 14), 26, look.CREAM, bold=True, anchor="midtop",
                          width=col - 10)
            else:   # where large text would cut "Maximilia…": the normal size
                typo.blit_lines(surface, fitted_names[side], (cx, box.y + 14), look.CREAM, anchor="midtop")
            won = app.words.count("match.hands_won", wins[side])
            draw_label(surface, app, won, (cx, box.bottom - 10 - foot // 2), 24, look.GOLD, col - 10, foot)
        y = box.y + 14 + head
        if earlier:   # "Manos 1–8: no caben aquí" (the totals under them still count them)
            app.typo.blit(surface, app.t("match.earlier", last=earlier), (box.x + 20, y), 22, look.MUTED,
                          width=box.width - 34)
            y += row
        for score in shown:
            app.typo.blit(surface, app.t("match.hand", n=score.number + 1), (box.x + 20, y), 24, look.MUTED)
            for side, points in enumerate(score.side_points):
                won = not score.result.void and score.result.winner_side == side
                cx = x0 + col * side + col // 2
                app.typo.blit(surface, str(points), (cx, y), 26, look.HILITE if won else look.CREAM, bold=won, anchor="midtop")
            if score.result.void:
                app.typo.blit(surface, app.t("match.void"), (box.right - 14, y), 22, look.MUTED, anchor="topright")
            y += row
        if summary:
            self.draw_summary(surface, summary, heights, pygame.Rect(box.x, y, box.width, summary_h), x0, col)
        if record:
            self.draw_record(surface, pygame.Rect(box.x, box.bottom + 16, box.width, record[0]), record)
        self.bar.draw(surface, app)
        self.draw_aside(surface)

    def summary_rows(self) -> list[tuple[str, tuple[int, ...]]]:
        """The match in figures, a row each: bazas, aces and threes, triunfos won per side over its
        hands (none for a match saved before hands kept them)."""
        totals = self.app.session.match.totals()
        if totals is None:
            return []
        t = self.app.t
        return [(t("match.tricks"), totals.tricks), (t("match.big"), totals.big), (t("match.trumps"), totals.trumps)]

    def draw_summary(self, surface: pygame.Surface, summary: list, heights: list[int], area: pygame.Rect,
                     x0: int, col: int) -> None:
        """Under the hands, in their columns: a rule, "over the match" if it had more than one hand,
        then a row for each figure (its label fitted: ``typo.fit_whole``; the row ``heights``)."""
        app = self.app
        typo = app.typo
        pygame.draw.line(surface, look.MUTED, (area.x + 14, area.y + 4), (area.right - 14, area.y + 4), 1)
        y = area.y + 12
        if len(app.session.match.scores) > 1:
            typo.blit(surface, app.t("match.over_the_match"), (area.x + 20, y), 22, look.MUTED)
            y += typo.line(22) + 4
        for (fitted, values), height in zip(summary, heights):
            typo.blit_lines(surface, fitted, (area.x + 20, y), look.MUTED)
            for side, value in enumerate(values):
                typo.blit(surface, str(value), (x0 + col * side + col // 2, y), 26, look.CREAM, anchor="midtop")
            y += height

    def record(self) -> tuple[str, list[str]] | None:
        """What this match leaves in the statistics, already counted, as (title, lines): its
        table's figures (matches won of played, hands won in a row, points a hand); for a match
        between people, each named person's matches won of played. None for a demo."""
        app = self.app
        session = app.session
        if session.demo or not session.match.over:
            return None
        if app.store.held_for_newer("stats"):   # counted in memory only, gone on reload: not the player's figures
            return app.t("stats.title"), [app.t("match.record_newer")]
        if stats.contested(session):
            people = app.stats.get("people", {})
            names = dict.fromkeys(session.seats[seat].name for seat in sorted(session.human_seats))
            lines = [app.t("match.record_person", name=name, won=people[name]["match_wins"],
                           played=people[name]["matches"],
                           rate=app.words.percent(stats.rate(people[name]["match_wins"], people[name]["matches"])))
                     for name in names if isinstance(people.get(name), dict) and people[name].get("matches")]
            return (app.t("match.record_people"), lines) if lines else None
        g = app.stats.get("by", {}).get(stats.group_of(session))
        if not isinstance(g, dict) or not g.get("matches"):
            return None
        title = app.t("match.record", table=stats.table_label(app.words, stats.group_of(session)))
        return title, [app.t("match.record_matches", won=g["match_wins"], played=g["matches"],
                             rate=app.words.percent(stats.rate(g["match_wins"], g["matches"]))),
                       app.t("match.record_streak", streak=g["streak"], best=g["best_streak"]),
                       app.t("match.record_average", avg=stats.points_a_hand(g))]

    def record_panel(self, width: int) -> tuple[int, int, list[str], list[tuple[int, list[str]]]] | None:
        """This table's figures with this match in them, laid out ``width`` wide (a line too long
        for the panel, large text on a phone, on two): (height, title size, title lines, lines)."""
        record = self.record()
        if record is None:
            return None
        title, lines = record
        typo = self.app.typo
        size, heads = typo.fit_lines(title, 26, width - 40, bold=True)
        fitted = [typo.fit_lines(text, 24, width - 30) for text in lines]
        height = 24 + len(heads) * typo.line(size) + 6 + sum(len(p) * typo.line(s) + GAP for s, p in fitted)
        return height, size, heads, fitted

    def draw_record(self, surface: pygame.Surface, box: pygame.Rect, panel: tuple) -> None:
        """The record's panel (:meth:`record_panel`) in ``box``."""
        typo = self.app.typo
        _height, size, heads, fitted = panel
        surface.blit(look.panel(box.size, 160), box)
        y = box.y + 12
        for part in heads:
            typo.blit(surface, part, (box.centerx, y), size, look.CREAM, bold=True, anchor="midtop")
            y += typo.line(size)
        y += 6
        for line_size, parts in fitted:
            for part in parts:
                typo.blit(surface, part, (box.centerx, y), line_size, look.MUTED, anchor="midtop")
                y += typo.line(line_size)
            y += GAP

    def draw_confetti(self, surface: pygame.Surface) -> None:
        h = self.app.layout.h
        t = self.time * max(self.app.speed, 0.3)
        for x, y0, speed, wobble, phase, color in self.confetti:
            y = (y0 + t * speed) % (h + 40) - 20
            x1 = x + math.sin(t * wobble + phase) * 18
            w = 4 + 4 * abs(math.cos(t * 2 * wobble + phase))
            pygame.draw.rect(surface, color, pygame.Rect(int(x1), int(y), int(w), 9))
