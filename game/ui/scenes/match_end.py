"""The end of a match: who won it, every hand's points, a celebration for a win; rematch or menu.

Why: the last hand's count says who won *that hand*; the match is its own moment.  The figures
come from the core (``match.scores``, ``match.wins``, ``match.winner_side``); this scene only
shows them.  A rematch keeps the same options and seats (people and computers).
"""

from __future__ import annotations

import contextlib
import math
import random
from typing import Optional

import pygame

from game.ui import look, stats
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import start_game
from game.ui.seats import side_name
from game.ui.widgets import Button, ButtonBar, draw_label

#: Hand rows shown at most (a long match shows its last ones; a short screen fewer).
MAX_ROWS = 9
CONFETTI = 90
COLORS = ((235, 190, 70), (220, 80, 70), (90, 170, 230), (120, 200, 120), (245, 240, 225))


@register
class MatchEndScene(Scene):
    name = "match_end"

    def startup(self) -> None:
        rng = random.Random(7)  # the confetti's pattern; only its look depends on it
        w, h = self.app.layout.size
        self.confetti = [(rng.uniform(0, w), rng.uniform(-h, 0), rng.uniform(60, 160), rng.uniform(0.5, 2.0),
                          rng.uniform(0, 6.28), rng.choice(COLORS)) for _ in range(CONFETTI)]
        self.relayout()

    def relayout(self) -> None:
        geo = self.app.layout.menu
        self.bar = ButtonBar([Button(geo.pair_left, "score.rematch", "rematch", pygame.K_RETURN, primary=True),
                              Button(geo.pair_right, "score.menu", "menu", pygame.K_ESCAPE)])

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
        action = self.bar.handle(event)
        if action == "menu":
            return Go("menu")
        if action == "rematch":
            session = self.app.session
            return start_game(self.app, session.options, None if session.demo else session.seats)
        return None

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
        color = look.HILITE if self.celebrate else (255, 150, 130)
        headline = self.headline()
        room = lay.w - 30
        size = typo.fit(headline, 64, room, True)
        lines = [headline]
        if typo.size(headline, size, True)[0] > room:   # long names (pairs of people): on two lines or more
            size, lines = 44, typo.wrap(headline, 44, room, True)
        top = title.bottom + 8
        for line in lines:
            top = typo.blit(surface, line, (lay.cx, top + typo.line(size) // 2), typo.fit(line, size, room, True), color,
                            bold=True, anchor="center", shadow=True).bottom
        sides = session.rules.sides
        row = max(34, typo.line(26) + 8)
        foot = 2 * typo.line(24)  # "N manos ganadas", on two lines if the column is narrow
        # the last hands, as many as stand between the headline and the buttons (a short screen: fewer)
        width = min(lay.w - 40, 260 + 220 * sides)
        label_w = min(200, width // (sides + 1))
        col = (width - label_w) // sides
        names = [side_name(app.words, session, side) for side in range(sides)]
        # a pair of people's names ("Guadalupe y Maximiliano") on two or three lines where one is too narrow
        whole = all(typo.size(n, typo.fit(n, 26, col - 10, True), True)[0] <= col - 10 for n in names)
        head = row if whole else max(row, 8 + max(typo.line(size) * len(lines) for size, lines in
                                                  (typo.fit_lines(n, 26, col - 10, max_lines=3) for n in names)))
        fit = (self.bar.buttons[0].rect.top - 10 - (top + 14) - head - foot - 30) // row
        shown = match.scores[-max(1, min(MAX_ROWS, fit)):]
        box = pygame.Rect(0, 0, width, head + foot + 30 + row * len(shown))
        box.midtop = (lay.cx, top + 14)
        surface.blit(look.panel(box.size, 200), box)
        x0 = box.x + label_w
        wins = match.wins
        for side in range(sides):
            cx = x0 + col * side + col // 2
            if whole:
                typo.blit(surface, names[side], (cx, box.y + 14), 26, look.CREAM, bold=True, anchor="midtop",
                          width=col - 10)
            else:
                size_, parts, plain = typo.fit_whole(names[side], 26, col - 10, max_lines=3)   # "Maximilia…":
                with typo.unscaled() if plain else contextlib.nullcontext():                 # the normal size
                    for i, part in enumerate(parts):
                        typo.blit(surface, part, (cx, box.y + 14 + i * typo.line(size_)), size_, look.CREAM,
                                  anchor="midtop")
            won = app.words.count("match.hands_won", wins[side])
            draw_label(surface, app, won, (cx, box.bottom - 10 - foot // 2), 24, look.GOLD, col - 10, foot)
        y = box.y + 14 + head
        for score in shown:
            app.typo.blit(surface, app.t("match.hand", n=score.number + 1), (box.x + 20, y), 24, look.MUTED)
            for side, points in enumerate(score.side_points):
                won = not score.result.void and score.result.winner_side == side
                cx = x0 + col * side + col // 2
                app.typo.blit(surface, str(points), (cx, y), 26, look.HILITE if won else look.CREAM, bold=won, anchor="midtop")
            if score.result.void:
                app.typo.blit(surface, app.t("match.void"), (box.right - 14, y), 22, look.MUTED, anchor="topright")
            y += row
        self.draw_record(surface, pygame.Rect(box.x, box.bottom + 16, box.width,
                                              self.bar.buttons[0].rect.top - 16 - box.bottom - 16))
        self.bar.draw(surface, app)

    def record_lines(self) -> list[str]:
        """What this match leaves in the statistics of its table (players and level), already
        counted: matches won of played, hands won in a row, points a hand. None for a demo."""
        app = self.app
        session = app.session
        if session.demo or not session.match.over:
            return []
        g = app.stats.get("by", {}).get(stats.group_of(session))
        if not isinstance(g, dict) or not g.get("matches"):
            return []
        return [app.t("match.record_matches", won=g["match_wins"], played=g["matches"],
                      rate=stats.rate(g["match_wins"], g["matches"])),
                app.t("match.record_streak", streak=g["streak"], best=g["best_streak"]),
                app.t("match.record_average", avg=stats.average(g["points"], g["hands"]))]

    def draw_record(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Under the hands, where there is room: this table's figures with this match in them (a
        line too long for the panel, large text on a phone, on two)."""
        lines = self.record_lines()
        app = self.app
        typo = app.typo
        if not lines:
            return
        title = app.t("match.record", table=stats.table_label(app.words, stats.group_of(app.session)))
        size, heads = typo.fit_lines(title, 26, area.width - 40, bold=True)
        fitted = [typo.fit_lines(text, 24, area.width - 30) for text in lines]
        gap = 6
        height = 24 + len(heads) * typo.line(size) + 6 + sum(len(p) * typo.line(s) + gap for s, p in fitted)
        if height > area.height:
            return
        box = pygame.Rect(area.x, area.y, area.width, height)
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
            y += gap

    def draw_confetti(self, surface: pygame.Surface) -> None:
        h = self.app.layout.h
        t = self.time * max(self.app.speed, 0.3)
        for x, y0, speed, wobble, phase, color in self.confetti:
            y = (y0 + t * speed) % (h + 40) - 20
            x1 = x + math.sin(t * wobble + phase) * 18
            w = 4 + 4 * abs(math.cos(t * 2 * wobble + phase))
            pygame.draw.rect(surface, color, pygame.Rect(int(x1), int(y), int(w), 9))
