"""Scoring: the won cards counted up per side with a running tally, the result, the match so far.

Why: players hate a score that changes silently, so the count is shown card by card. The numbers
come from the core (``hand.tricks``, ``hand.result``, ``match.wins``); this scene only shows them
and records the statistics once.
"""

from __future__ import annotations

import math
from typing import Iterable, Optional

import pygame

from game.match import Tally
from game.ui import look, stats
from game.ui.inputmap import Key, Pointer
from game.ui.scene import Go, register
from game.ui.scenes.common import Aside, leave_ended
from game.ui.scenes.table import TableScene
from game.ui.sprites import CARD_H, CARD_W
from game.ui.seats import display_name, side_label, side_name
from game.ui.widgets import Button, ButtonBar

PER_CARD = 0.07


@register
class ScoringScene(Aside, TableScene):
    name = "scoring"

    def startup(self) -> None:
        app = self.app
        self.ensure_table()
        session = app.session
        hand = session.hand
        rules = session.rules
        self.sides = rules.sides
        self.won: list[list] = [[] for _ in range(self.sides)]
        for trick in hand.tricks:
            self.won[rules.side_of(trick.winner)].extend(trick.cards)
        self.tally = Tally.of(hand)   # bazas, aces and threes, triunfos per side (what the match end adds up)
        for cards in self.won:
            cards.sort(key=lambda c: (-c.points, int(c)))
        self.shown = 0.0  # cards revealed so far per side (they count in parallel)
        self.total = max((len(c) for c in self.won), default=0)
        self.result = hand.result
        self.relayout()
        kept = not session.demo and not session.lesson   # a demo, the guided hand or practice never touch the saved match
        stale = kept and app.store.match_elsewhere()   # another window went on: the app leaves this copy
        if not stale:   # (a stale copy's hand is not counted, nor saved, nor its match cleared)
            app.stats = app.store.update_stats(app.stats, lambda figures: stats.record_hand(figures, session, words=app.words))
        if kept and not stale:   # a match over too: a reload during its count or its end shows them again
            app.store.save_match(session.to_save())   # (it goes when the player leaves them: leave_ended)
        self.played_sound = False
        #: What ``under`` drew last: for what, the picture (None: drawn on the screen), how many cards of
        #: each side are on it.
        self.kept: tuple[tuple | None, pygame.Surface | None, int] | None = None

    def relayout(self) -> None:
        super().relayout()
        geo = self.app.layout.menu
        session = self.app.session
        if session.practice_of is not None:   # a hand played again: back to the match it came from
            first = ("score.back_to_match", "back_to_match")
        else:
            first = ("score.to_match_end", "match_end") if session.match.over else ("score.next", "next")
        row = pygame.Rect(geo.pair_left.x, geo.pair_left.y, geo.pair_right.right - geo.pair_left.x, geo.pair_left.h)
        if session.guide is not None:   # the guided hand ends here: no match to see, nor a rematch of the
            left, right = self.app.layout.split(row, 2, gap=12, stacked=False)   # lesson (it replaced the
            self.bar = ButtonBar([Button(left, "score.review", "review", pygame.K_v),   # saved match, unasked)
                                  Button(right, "score.menu", "menu", pygame.K_RETURN, primary=True)])
            return
        # going on at the right end, where "Empezar" and "Listo" lie and a right thumb lands; "Menú" at the
        # left, where the other screens go back (it lay right, "Siguiente mano" left: round 39)
        left, middle, right = self.app.layout.split(row, 3, gap=12, stacked=False)
        self.bar = ButtonBar([Button(right, *first, pygame.K_RETURN, primary=True),
                              Button(middle, "score.review", "review", pygame.K_v),
                              Button(left, "score.menu", "menu", pygame.K_ESCAPE)])

    @property
    def counting(self) -> bool:
        return self.shown < self.total

    def moving(self) -> bool:
        return self.counting or super().moving()

    def handle_event(self, event) -> Optional[Go]:
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:   # (the guided hand's row has no Esc key)
            return self.act("menu")
        on_button = isinstance(event, Pointer) and any(b.hit(event.pos) for b in self.bar.buttons)
        if self.counting and not on_button and ((isinstance(event, Pointer) and event.kind == "down")
                                                or (isinstance(event, Key) and event.key == pygame.K_SPACE)):
            self.shown = self.total  # skip the count (the buttons work at once, counting or not, and so
            return None              # do their keys: Enter is the first button's, as a click on it)
        return self.act(self.bar.handle(event))

    def act(self, action: str | None) -> Optional[Go]:
        """What the count's buttons (and their keys) do. No rematch here: a match over goes on to its
        end, whose "Revancha" asks before replacing another window's match (``common.start_asked``)."""
        app = self.app
        if action == "menu":
            leave_ended(app)
            return Go("menu")
        if action == "review":  # every baza of this hand, and the expert's word on the person's moves
            return Go("review", back=Go("scoring", table=self.table))
        if action == "next":
            app.session.next_hand()
            if not app.session.demo:
                app.store.save_match(app.session.to_save())
            return Go("deal")
        if action == "match_end" and app.session.guide is None:  # the end of a match is its own moment
            if not self.played_sound and not self.good():   # the count skipped: a lost match is heard too
                self.played_sound = True                    # (a won one has its fanfare)
                app.sounds.play(self.hand_sound())
            return Go("match_end")
        if action == "back_to_match" and app.session.practice_of is not None:
            app.session = app.session.practice_of   # its count again, as it was left (counted once)
            return Go("scoring")
        return None

    def update(self, dt: float) -> Optional[Go]:
        speed = self.app.speed
        if self.counting:
            self.shown = self.total if speed <= 0 else min(self.total, self.shown + dt * speed / PER_CARD)
        elif not self.played_sound:
            self.played_sound = True
            self.app.sounds.play(self.hand_sound())
        return None

    def hand_sound(self) -> str:
        """The count's sound: "good" for a hand that went well for the device, "click" for a void one
        (it does not count), "bad" for one lost."""
        return "good" if self.good() else ("click" if self.result.void else "bad")

    def good(self) -> bool:
        """The hand went well for the device: the one person's side won it, or with people passing
        the device a side with a person in it (not the computers' side beating them)."""
        return not self.result.void and self.app.session.people_won(self.result.winner_side)

    def outcome_text(self) -> str:
        app = self.app
        session = app.session
        res = self.result
        pairs = session.rules.players == 4
        if res.void:
            return app.t("score.void" if session.rules.sides == 2 else "score.void_tie")
        if session.passing:  # people share the device: name the winners
            if pairs:
                return app.t("score.winner_pairs", name=side_name(app.words, session, res.winner_side))
            return app.t("score.loss_to", name=display_name(app.words, session, res.winner_side))
        mine = session.viewer_side()
        if res.winner_side == mine:
            return app.t("score.win_pairs" if pairs else "score.win")
        if session.rules.players == 3:
            return app.t("score.loss_to", name=display_name(app.words, session, res.winner_side))
        return app.t("score.loss_pairs" if pairs else "score.loss")

    def result_lines(self) -> list[str]:
        """Under the result: the match so far (and its end, or a void hand replayed); for a hand
        played again, the person's side's points the first time and this time instead."""
        app = self.app
        session = app.session
        match = session.match
        if session.practice_of is not None:
            side = session.viewer_side()
            before, now = session.practice_of.hand.side_points[side], session.hand.side_points[side]
            text = app.t("score.practice", before=app.words.points(before), now=app.words.points(now))
            room = app.layout.w - 30
            if not app.typo.fits_line(text, 30, room):   # a narrow phone, large text
                text = app.t("score.practice_short", before=before, now=now)
            return [text]
        if not (match.target > 1 or match.over) or session.guide is not None:   # the guided hand: a lesson
            return []
        wins = match.wins
        parts = [app.t("play.match3" if len(wins) == 3 else "play.match", a=wins[0], b=wins[1], c=wins[-1])]
        if match.over and not session.passing:
            key = "score.match_won" if match.winner_side == session.viewer_side() else "score.match_lost"
            parts.append(app.t(key + ("_pairs" if session.rules.players == 4 else "")))
        elif self.result.void:
            parts.append(app.t("score.void_replayed"))
        return parts

    def side_label(self, side: int, width: int) -> tuple[str, int]:
        """The side's name over its panel, ``width`` wide, and its size (``seats.side_label``)."""
        return side_label(self.app.words, self.app.typo, self.app.session, side, 32, width, bold=True)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        typo = app.typo
        area = panel_area(app)
        self.result_y = area.bottom + 6 + typo.line(52) // 2
        n = int(self.shown)
        small = typo.line(22)
        sides = []
        for side, box in enumerate(lay.split(area, self.sides)):
            cards = self.won[side][:n]
            points = str(sum(c.points for c in cards))   # the running count, summed once: placed here, drawn below
            num = points_number(typo, points, box)
            # The won cards in one or two rows, overlapping as much as needed so that even 40 cards fit the panel.
            summary, size = [], 22
            if not self.counting:  # why the hand went this way: bazas taken, aces and threes caught
                words, tally = app.words, self.tally
                text = app.t("score.summary", tricks=words.count("score.tricks", tally.tricks[side]),
                             big=words.count("score.big", tally.big[side]),
                             trumps=words.count("score.trumps", tally.trumps[side]))
                size = typo.fit(text, 22, box.width - 36)
                summary = typo.wrap(text, size, box.width - 36)[:2]
            footer = box.bottom - 10 - (1 + max(1, len(summary))) * small
            at = self.won_at(box, num.bottom, footer, self.won[side])
            sides.append((box, len(cards), points, num, footer, summary, size, at))
        under = self.under(surface, [(box, at) for box, *_rest, at in sides], n)
        if under is not surface:
            surface.blit(under, (0, 0))
        for side, (box, counted, points, num, footer, summary, size, _at) in enumerate(sides):
            typo.blit(surface, points, num.topright, 64, look.GOLD, bold=True, anchor="topright")
            label, label_size = self.side_label(side, num.x - box.x - 30)
            typo.blit(surface, label, (box.x + 18, box.y + 12), label_size, look.CREAM, bold=True,
                      width=num.x - box.x - 30)
            typo.blit(surface, app.words.count("score.cards", counted), (box.x + 18, footer), 22, look.MUTED)
            for i, part in enumerate(summary):
                typo.blit(surface, part, (box.x + 18, footer + (i + 1) * small), size, look.CREAM)
        if not self.counting:
            res_text = self.outcome_text()
            color = look.HILITE if self.good() else (look.CREAM if self.result.void else look.LOSS)
            under, line = self.result_lines(), app.typo.line(30)
            # the widest names ("Ganan WWWWWWWWWWWWWW y …") ran off both edges at the smallest size: wrapped,
            # in the room of the lines under it that this hand has not (panel_area keeps two)
            size, heads = typo.fit_lines(res_text, 52, lay.w - 30, height=typo.line(52) + (2 - len(under)) * line,
                                         bold=True)
            top, tall = self.result_y - typo.line(52) // 2, typo.line(size)
            for i, part in enumerate(heads):
                at = self.result_y if len(heads) == 1 else top + i * tall + tall // 2
                typo.blit(surface, part, (lay.cx, at), size, color, bold=True, anchor="center", shadow=True)
            below = top + max(typo.line(52), len(heads) * tall)
            for i, p in enumerate(under):
                typo.blit(surface, p, (lay.cx, below + line // 2 + i * line), typo.fit(p, 30, lay.w - 30), look.CREAM,
                          anchor="center")
        self.bar.draw(surface, app)
        self.draw_aside(surface)

    def won_at(self, box: pygame.Rect, top: int, footer: int, won: list) -> tuple[float, list]:
        """How a side's won cards lie in its panel ``box``, between the points' number (``top``, its
        bottom) and the line under them (``footer``): their size and each one's centre, in the order
        counted. (Only the first card's picture is asked for: the others are drawn as they are counted.)"""
        lay = self.app.layout
        total = len(won)
        rows, scale = card_rows(total, box.width - 40, footer - top - 12, 1.2 if lay.portrait else 0.8)
        first = self.app.sprites.get(won[0], scale, 0) if total else None
        card_w, card_h = first.get_size() if first is not None else (0, 0)
        room = box.width - 40 - card_w
        per_row = max(1, math.ceil(total / rows))
        stride = min(card_w * 0.4, room / max(1, per_row - 1))
        return scale, [(box.x + 20 + int((i % per_row) * stride) + card_w // 2,
                        top + 6 + card_h // 2 + (i // per_row) * (card_h + 8)) for i in range(total)]

    def under(self, surface: pygame.Surface, sides: list, n: int) -> pygame.Surface:
        """The felt, the title, the sides' panels and the first ``n`` cards of each side (``sides``: each
        panel's box and how its cards lie, ``won_at``), the texts that change as they are counted left out. Kept
        while the screen, the language, the text size and where the cards lie stay, each card drawn onto
        it as it is counted: drawn whole every frame, the count took 2.5-3.5 ms of a phone's frame (its
        worst 7), over the 4.17 ms a slow phone has. (The texts do not overlap the cards: drawn after
        them, they are drawn as they were before them.) The count's first frame, which starts the scene,
        draws on ``surface`` itself and keeps nothing: a new picture of the whole screen there made its
        7 ms 9-10."""
        app = self.app
        lay = app.layout
        key = (lay, app.settings.get("lang"), app.typo.large, surface.get_size(),
               tuple((tuple(box), scale, tuple(centres)) for box, (scale, centres) in sides))
        kept = self.kept
        if kept is None or kept[0] != key or kept[2] > n or app.typo.record is not None:   # (the audit: every text)
            if kept is None:   # the count's first frame (the scene's start in it): on the screen, kept from the next
                key, pic = None, surface
            elif kept[1] is not None and kept[1].get_size() == surface.get_size():
                pic = kept[1]
            else:
                pic = surface.copy()
            pic.blit(look.felt(lay.size), (0, 0))
            typo = app.typo
            title = app.t("score.title")
            typo.blit(pic, title, (lay.cx, lay.menu.screen_title_y), typo.fit(title, 60, lay.w - 40, True), look.GOLD,
                      bold=True, anchor="center", shadow=True)
            for box, _lie in sides:
                pic.blit(look.panel(box.size), box)
            kept = (key, pic, 0)
        for side, (_box, (scale, centres)) in enumerate(sides):
            for card, centre in zip(self.won[side][kept[2]:n], centres[kept[2]:n]):
                img = app.sprites.get(card, scale, 0)
                at = img.get_rect(center=centre)
                kept[1].blit(img, at)
                mark, (mx, my) = app.sprites.mark(card, scale)   # the suit in the strip the next card leaves
                kept[1].blit(mark, (at.x + mx, at.y + my))
        self.kept = (key, kept[1] if kept[1] is not surface else None, n)
        return kept[1]


def panel_area(app) -> pygame.Rect:
    """Where the sides' panels lie: under the title, above the result and the buttons."""
    lay, typo = app.layout, app.typo
    below = typo.line(52) + 2 * typo.line(30) + 12  # the result and the match under the panels
    top = lay.menu.screen_title_y + typo.line(60) // 2 + 8
    return pygame.Rect(lay.menu.content.x, top, lay.menu.content.width, lay.menu.pair_left.y - below - top)


def points_number(typo, points: str, box: pygame.Rect) -> pygame.Rect:
    """Where a side's running count ``points`` lies in its panel ``box``, as drawn; the count's cards
    lie under it, and ``count_scales`` plans them from this too (it took the font's size of the
    number, 4-5 px shorter than the picture drawn, and planned cards a step bigger than the count's:
    the faces drawn ahead were not the ones it showed)."""
    return typo.render(points, 64, look.GOLD, bold=True).get_rect(topright=(box.right - 18, box.y + 6))


def count_scales(app, sides: int, totals: Iterable[int]) -> list[float]:
    """The sizes the count's cards lie at in this layout for a side of ``totals`` won cards, in
    their order (as ``draw`` places them while counting, with one line under the cards)."""
    box = app.layout.split(panel_area(app), sides)[0]
    small = app.typo.line(22)
    top = points_number(app.typo, "0", box).bottom   # (the points' number over the cards: any is as tall)
    room = (box.bottom - 10 - 2 * small) - top - 12
    most = 1.2 if app.layout.portrait else 0.8
    return list(dict.fromkeys(round(card_rows(t, box.width - 40, room, most)[1] * 20) / 20 for t in totals))


def count_faces(app) -> list[tuple[float, list]]:
    """The faces the hand's count will show, to draw ahead while the hand is played: each side's
    cards won so far and those not won yet, at the sizes its pile may end at (the two nearest to
    an even share of the cards out; fewer as the hand goes on), so the count's frames draw none."""
    hand, rules = app.session.hand, app.session.rules
    won: list[list] = [[] for _ in range(rules.sides)]
    for trick in hand.tricks:
        won[rules.side_of(trick.winner)].extend(trick.cards)
    taken = {c for cards in won for c in cards}
    out = [c for c in hand.deck if c not in taken]
    left = len(out) // rules.players   # bazas still to play
    faces = []
    for cards in won:
        even = len(cards) + len(out) / rules.sides
        totals = sorted((len(cards) + k * rules.players for k in range(left + 1)), key=lambda t: abs(t - even))
        faces += [(scale, cards + out) for scale in count_scales(app, rules.sides, totals)[:2]]
    return faces


def card_rows(total: int, width: int, height: int, most: float) -> tuple[int, float]:
    """How a side's ``total`` won cards lie in a panel's ``width`` x ``height``: (rows, scale), the
    biggest cards (up to ``most``, at least 0.3) in one to four rows, each card showing at least
    0.3 of its width under the next; fewer rows unless more make the cards clearly bigger. (One or
    two rows at 0.7 at most left half of a tall phone's panel empty.)"""
    best_rows, best = 1, 0.0
    for rows in range(1, 5):
        if rows > 1 and total <= 6 * (rows - 1):   # no row of five or fewer while another has room
            break
        per_row = math.ceil(max(1, total) / rows)
        by_height = (height - 8 * (rows - 1)) / (rows * CARD_H)
        by_width = width / (CARD_W * (1 + 0.3 * (per_row - 1)))
        scale = min(most, by_height, by_width)
        if scale > best * 1.1:
            best_rows, best = rows, scale
    return best_rows, max(0.3, best)
