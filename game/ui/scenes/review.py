"""The review of a finished hand: baza by baza, forwards and backwards, with the expert's verdicts.

Why: a player improves by seeing where a hand was won or lost. Each baza shows who led, every card
in the order played, who won it and the points so far; under it, for a person's move, whether the
expert would have played otherwise, how many points it expects that to be worth on average, and
why. The expert's search (``game.ui.review``) runs a few milliseconds per frame, so the screen
never freezes while it thinks. Reached from the scoring screen; it returns there (``back``).
"""

from __future__ import annotations


from typing import Any, Optional

import pygame

from game.hand import SWAP
from game.ui import look, sprites
from game.ui.inputmap import Key
from game.ui.review import review_of
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import Aside
from game.ui.seats import display_name
from game.ui.sprites import CARD_H, CARD_W
from game.ui.widgets import Button, ButtonBar, draw_names, names_stagger

#: Seconds of the expert's search per frame (as the bots think: a 16.7 ms frame keeps room to draw).
THINK_PER_FRAME = 0.006
MISTAKE = (255, 120, 100)
EXPERT = (130, 225, 150)  # the expert's card, marked in the hand you held
#: Pixels over the panel's foot that the strip of the bazas' marks takes; the count ("Jugadas
#: mejorables…") stands on it, and the verdicts and hands end above both (:meth:`ReviewScene.draw`).
STRIP = 28


@register
class ReviewScene(Aside, Scene):
    name = "review"

    def __init__(self, app: Any, back: Go | None = None, **handed: Any) -> None:
        super().__init__(app, **handed)
        self.back = back if back is not None else Go("menu")

    def startup(self) -> None:
        session = self.app.session
        self.hand = session.hand
        self.review = review_of(self.hand, session.human_seats)
        self.index = 0
        self.relayout()

    def relayout(self) -> None:
        lay = self.app.layout
        menu = lay.menu
        row = pygame.Rect(menu.pair_left.x, menu.pair_left.y, menu.pair_right.right - menu.pair_left.x, menu.pair_left.h)
        wide = pygame.Rect(lay.panel.x, row.y, lay.panel.width, row.h)
        self.box = lay.panel
        n = 4 if self.app.session.can_practice else 3   # one person against the computer: "Desde aquí" too
        for area in (row, wide):   # the menu's row, else as wide as the panel ("Siguiente" whole, not "Siguie…")
            self.bar = self._bar(lay.split(area, n, gap=12, stacked=False))
            if all(b.fits(self.app) for b in self.bar.buttons):
                break
        else:   # two rows of two, the panel ending above them; the baza's steps nearest the thumb
            up = row.move(0, -(row.h + 12))
            top, low = lay.split(up, 2, gap=12, stacked=False), lay.split(row, 2, gap=12, stacked=False)
            self.bar = self._bar([low[0], top[0], top[1], low[1]] if n == 4 else [low[0], top[0], low[1]])
            self.box = pygame.Rect(lay.panel.x, lay.panel.y, lay.panel.width, lay.panel.height - row.h - 12)
        self._refresh()

    def _bar(self, rects: list[pygame.Rect]) -> ButtonBar:
        """Anterior, Volver, (Desde aquí,) Siguiente on ``rects``; the arrow keys step: handle_event."""
        prev, back, *here, nxt = rects
        buttons = [Button(prev, "review.prev", "prev", pygame.K_LEFT), Button(back, "common.back", "back", pygame.K_ESCAPE)]
        if here:   # this baza on, the moves before it made again as they were
            buttons.append(Button(here[0], "review.from_here", "from_here", pygame.K_d))
        return ButtonBar(buttons + [Button(nxt, "review.next", "next", pygame.K_RIGHT, primary=True)])

    def _refresh(self) -> None:
        last = len(self.review.bazas) - 1
        self.index = max(0, min(self.index, last))
        b = self.bar.buttons
        b[0].enabled = self.index > 0
        # at the last baza, where "next" has nowhere to go: the same hand played again (R at any baza)
        again = self.index == last and self.app.session.can_practice
        b[-1].label, b[-1].action, b[-1].hotkey = ("review.again", "again", pygame.K_r) if again else ("review.next", "next", pygame.K_RIGHT)
        b[-1].enabled = again or self.index < last

    # --- input and frames -------------------------------------------------------------------------
    def go_to(self, index: int) -> None:
        self.index = index
        self._refresh()
        self.app.sounds.play("card")

    def handle_event(self, event: Any) -> Optional[Go]:
        action = self.bar.handle(event)
        if action is None and isinstance(event, Key):
            action = {pygame.K_LEFT: "prev", pygame.K_RIGHT: "next", pygame.K_HOME: "first",
                      pygame.K_END: "last", pygame.K_r: "again", pygame.K_d: "from_here"}.get(event.key)
        if action == "back":
            return self.back
        if action == "again" and self.app.session.can_practice:   # the same cards, dealt again
            self.app.session = self.app.session.practice()
            return Go("deal")
        if action == "from_here" and self.app.session.can_practice:   # ... and played again up to this baza
            self.app.session = self.app.session.practice(self.index)
            return Go("deal" if self.index == 0 else "play")
        if action == "prev" and self.index > 0:
            self.go_to(self.index - 1)
        elif action == "next" and self.index < len(self.review.bazas) - 1:
            self.go_to(self.index + 1)
        elif action == "first":
            self.go_to(0)
        elif action == "last":
            self.go_to(len(self.review.bazas) - 1)
        return None

    def update(self, dt: float) -> Optional[Go]:
        self.review.step(THINK_PER_FRAME)
        return None

    # --- words ------------------------------------------------------------------------------------
    def name_of(self, seat: int) -> str:
        """The same name the table gave the seat (a person's name when people play)."""
        return display_name(self.app.words, self.app.session, seat)

    def verdict_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the expert says about the people's moves in this baza (or that it is still thinking)."""
        return [(text, color) for text, color, _rank in self.ranked_lines()]

    def ranked_lines(self, named: bool = False) -> list[tuple[str, tuple[int, int, int], float]]:
        """:meth:`verdict_lines`, each with the rank it keeps where not all fit (0 first): the verdict
        itself (a mistake, a good move, still thinking) and, with people passing the device, whose
        move it was, kept with it; "the expert preferred …, no mistake" and whose move that was; the
        reason; "Jugaste …" (the card is marked on the table). ``named``: with people, each verdict
        says whose it is itself ("Bernadette: El experto…"), with no line of its own over it, where
        the verdicts and those lines do not all fit (:meth:`_sentences`)."""
        app = self.app
        review = self.review
        if not review.people:
            return [(app.t("review.no_people"), look.MUTED, 0)]
        out: list[tuple[str, tuple[int, int, int], float]] = []
        verdicts = review.in_baza(self.index)
        several = len(app.session.human_seats) > 1   # people passing the device: whose move, by name
        for v in verdicts:
            card = app.words.the_card(v.played[-1])
            # a verdict under the other person's "Ana jugó…" read as Ana's (Bernadette's line left
            # out for room, an outside tester, mut37): whose it is stays with it
            in_verdict = several and named and (v.mistake or not v.leaned)   # the verdict names its person
            whose = self.name_of(v.seat) if in_verdict else None
            if several:   # by name ("Jugaste…" read as whoever held the device); where the verdict
                # names its person, this line is the first to go
                key = "review.swapped_by" if v.played[0] == SWAP else "review.played_by"
                rank = 3 if in_verdict else 1 if v.leaned and not v.mistake else 0
                out.append((app.t(key, name=self.name_of(v.seat), card=card), look.CREAM, rank))
            else:
                key = "review.you_swapped" if v.played[0] == SWAP else "review.you_played"
                out.append((app.t(key, card=card), look.CREAM, 3))
            if v.mistake:
                key = "review.better_swap" if v.best[0] == SWAP else "review.better"
                # three players: the points are the margin over the best rival (game/ui/review.py), said so
                key += "_rival" if review.hand.players == 3 else ""
                key += "_exact" if v.deals == 1 else ""   # one deal: exact points, no "de media"
                # a sample says "repartos probados": "según 230 repartos posibles" read as 230 possible
                deals = app.t("review.deals_tried" if v.sampled else "review.deals_all", n=v.deals)
                out.append((self._whose(whose, app.t(key, card=app.words.the_card(v.best[-1]), deals=deals,
                                                     points=app.words.points(max(1, round(v.points))))), MISTAKE, 0))
                sentence = app.words.hint(v.reason)
                out.append((app.t("review.why", reason=sentence), (190, 230, 255), 2))
            elif v.leaned:   # not a mistake, and yet not what the expert chose: said so ("lo mismo" was not true)
                swapped, leaned = v.played[0] == SWAP, v.leaned[0] == SWAP   # (both: the card is the difference)
                key = ("review.leaned_swap" if leaned and not swapped else
                       "review.leaned_no_swap" if swapped and not leaned else "review.leaned")
                out.append((app.t(key, card=app.words.the_card(v.leaned[-1])), look.HILITE, 1.5))
            else:
                out.append((self._whose(whose, app.t("review.good")), look.HILITE, 0))
        done, total = review.progress
        if not review.done and len(verdicts) < self._people_moves(self.index):
            out.append((app.t("review.thinking_people" if several else "review.thinking", done=done, total=total),
                        look.MUTED, 0))
        return out

    def _whose(self, name: str | None, verdict: str) -> str:
        """``verdict`` said as ``name``'s ("Bernadette: El experto…"), or as it is (no name)."""
        return verdict if name is None else self.app.t("review.whose", name=name, verdict=verdict)

    def _people_moves(self, k: int) -> int:
        return sum(1 for i, _ in self.review.todo if self.review.baza_of(i) == k)

    def summary(self) -> str:
        review = self.review
        if not review.people or not review.done:
            return ""
        n = sum(1 for v in review.verdicts.values() if v.mistake)
        return self.app.t("review.summary", n=n) if n else self.app.t("review.summary_none")

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        typo = app.typo
        hand = self.hand
        surface.blit(look.felt(lay.size), (0, 0))
        typo.blit(surface, app.t("review.title"), (lay.cx, lay.menu.screen_title_y), 56, look.GOLD, bold=True,
                  anchor="center", shadow=True)
        box = self.box
        surface.blit(look.panel(box.size), box)
        baza = self.review.bazas[self.index]
        trump = app.t(f"suit.{hand.trump_suit}")
        head = app.t("review.baza", n=baza.number, total=len(self.review.bazas), trump=trump)
        y = box.y + 12
        # within the box, smaller or on two lines: Spanish fills 634 of its 680 px at 320x568 with
        # large text, and a language a tenth longer ran out of it (off the screen at a seventh)
        size, lines = typo.fit_lines(head, 30, box.width - 24, 2, bold=True)
        for line in lines:
            typo.blit(surface, line, (box.centerx, y), size, look.CREAM, bold=True, anchor="midtop")
            y += typo.line(size)
        y += 4
        for sw in baza.swaps:
            # "Cambiaste …" for the one person ("Tú cambió…" with 3 or 4 players); with people, by name;
            # in the past, like the verdicts under it: a look back, not the live table's "Cambias …"
            key = ("review.you_swapped_card" if sw.seat in self.review.people and len(self.review.people) == 1
                   else "review.swapped_card")
            text = app.t(key, name=self.name_of(sw.seat), gave=app.words.the_card(sw.gave), took=app.words.the_card(sw.took))
            typo.blit(surface, text, (box.centerx, y), 24, look.MUTED, anchor="midtop")
            y += typo.line(24)
        band_top = y
        # the verdicts counted first, each sentence wrapped whole: the baza's cards give up height to
        # them down to 0.6 (0.4 for the expert's verdicts alone); where that is not enough the
        # sentences of least rank are left out one by one, never the verdicts nor half a sentence;
        # on a panel wide and short for them (a phone held sideways) the words go beside the baza,
        # decided by the screen alone so that nothing jumps between bazas or as verdicts come (held
        # sideways with large text one line of six showed, and it ran into the count under it)
        top = y + 8
        apart = self.words_apart()
        cards_box = pygame.Rect(box.x, box.y, box.width * 9 // 20, box.height) if apart else box
        text_x = cards_box.right + 10 if apart else box.x + 30
        winner = baza.trick.winner
        key = "review.won_you" if winner in self.review.people and len(self.review.people) == 1 else "review.won"
        score = "\u00a0–\u00a0".join(str(p) for p in baza.side_points)   # (not broken at the dash)
        won = app.t(key, name=self.name_of(winner), points=baza.trick.points, score=score)
        won_size, won_lines = typo.fit_lines(won, 28, cards_box.width - 40, 2)
        won_h = typo.line(won_size) * len(won_lines) + 8
        least = int(CARD_H * 0.6) + typo.line(22) + 8 + 2 * typo.line(24)   # the cards, "sale", two lines of names
        # the most the words can have: beside the baza, down to the count; under it, the cards at 0.4
        most = lambda foot: foot - top if apart else foot - top - least + int(CARD_H * 0.2) - won_h  # noqa: E731
        sentences, foot = self._sentences(box.right - 30 - text_x, box, most)
        kept = self._fitting(sentences, foot - top if apart else foot - top - least - won_h)
        words_h = 0 if apart else sum(len(lines) for lines, _color in kept) * typo.line(24)
        y = self.draw_cards(surface, baza, cards_box, top, foot - words_h - won_h - top)
        span = self._cards_span
        side = pygame.Rect(span.right + 40, band_top, box.right - 20 - span.right - 40, span.bottom - band_top)
        y = typo.blit_fit(surface, won, (cards_box.centerx, y), 28, cards_box.width - 40, look.HILITE,
                          anchor="midtop").bottom + 8
        under = y
        if apart:
            y = top
        for lines, color in kept:
            if y + len(lines) * typo.line(24) > foot:
                break   # (never half a sentence)
            for line in lines:
                typo.blit(surface, line, (text_x, y), 24, color)
                y += typo.line(24)
        if apart:
            y, side = under, pygame.Rect(0, 0, 0, 0)   # the words are beside the baza
        below = pygame.Rect(cards_box.x + 30, y + 12, cards_box.width - 60, box.bottom - STRIP - typo.line(22) - 6 - y - 12)
        rows = self.held()
        if not self.draw_held(surface, rows, side, wide=True):   # beside the baza on a wide panel, else under the words
            self.draw_held(surface, rows, below)
        self.draw_strip(surface, box, count=foot < box.bottom - STRIP)
        self.bar.draw(surface, app)
        self.draw_aside(surface)

    def words_apart(self) -> bool:
        """Do the verdicts go beside the baza? On a panel wider than tall where, under the baza, its
        cards at 0.8 with their names and a won line of two lines would leave them fewer than six
        lines (a phone held sideways; the desktop keeps them under). The screen decides, not the
        words: a layout chosen by what each baza says jumped from one to two columns between bazas
        and as the verdicts came."""
        typo, box = self.app.typo, self.box
        baza = int(CARD_H * 0.8) + typo.line(22) + 8 + 2 * typo.line(24) + 2 * typo.line(28) + 8
        head = 12 + typo.line(30) + 12
        room = box.height - head - baza - STRIP - typo.line(22)
        return box.width > 1.4 * box.height and room < 6 * typo.line(24)

    def _sentences(self, width: int, box: pygame.Rect, most: Any) -> tuple[list, int]:
        """The verdicts' sentences wrapped to ``width`` (lines, colour, rank) and the foot they end
        above, the first way their verdicts with whose they are fit (``most``: the room above a foot):
        as said; each verdict naming its person itself; the same two down to the strip, the count
        over it left out (the strip's red marks say it). Held sideways with large text two people's
        mistakes in a three-player baza took 10 of 9.5 lines at 568x320 and of 10.8 at 480x320.
        Where none fits, the last way: a verdict that does not fit is not drawn, never without whose."""
        typo = self.app.typo
        count = box.bottom - STRIP - (typo.line(22) if self.summary() else 0)   # the strip's marks, the count
        out: tuple[list, int] = ([], count)
        for foot in (count, box.bottom - STRIP):
            for named in (False, True):
                out = ([(typo.wrap(text, 24, width), color, rank) for text, color, rank in self.ranked_lines(named)], foot)
                if sum(len(lines) for lines, _c, rank in out[0] if rank == 0) * typo.line(24) <= most(foot):
                    return out
        return out

    def _fitting(self, sentences: list, room: int) -> list[tuple[list[str], tuple[int, int, int]]]:
        """The sentences (their lines, colour, rank) that fit ``room`` in height: all, else without
        those of least rank, one by one from the last, never a verdict (rank 0); whole, never half."""
        line = self.app.typo.line(24)
        total = sum(len(lines) for lines, _c, _r in sentences) * line
        left_out: set[int] = set()
        for k in sorted(range(len(sentences)), key=lambda k: (-sentences[k][2], -k)):
            if total <= room or sentences[k][2] == 0:
                break
            left_out.add(k)
            total -= len(sentences[k][0]) * line
        return [(lines, color) for k, (lines, color, _r) in enumerate(sentences) if k not in left_out]

    def draw_cards(self, surface: pygame.Surface, baza: Any, box: pygame.Rect, top: int, room: int) -> int:
        """The baza's cards in the order played, the player's name under each, within ``room`` in
        height where the cards can be smaller for it (not under 0.4); returns the y below."""
        app = self.app
        typo = app.typo
        n = self.hand.players
        plays = baza.plays(n)
        names = [self.name_of(seat) for seat, _card in plays]
        step_room = (box.width - 40) / n
        scale = min(1.2, step_room / (CARD_W * 1.2), (box.height * 0.36) / CARD_H)
        # a name too long for its card's width even smaller ("Maximiliano" on a narrow phone): the
        # names on two staggered lines, each as wide as two cards (a smaller card may need them)
        stagger = False
        for _ in range(2):
            stagger = stagger or names_stagger(app, names, min(step_room, CARD_W * scale * 1.35), 24)
            words = typo.line(22) + 8 + typo.line(24) * (2 if stagger else 1)
            scale = min(scale, (room - words) / CARD_H)
        scale = max(0.4, scale)
        step = min(step_room, CARD_W * scale * 1.35)
        stagger = names_stagger(app, names, step, 24)
        marks = {v.played[-1]: v for v in self.review.in_baza(self.index)}
        cy = top + int(CARD_H * scale / 2) + typo.line(22)
        half = int(CARD_W * scale / 2)
        self._cards_span = pygame.Rect(int(box.centerx - (n - 1) / 2 * step) - half, top,
                                       int((n - 1) * step) + 2 * half, cy + int(CARD_H * scale / 2) - top)
        xs = [int(box.centerx + (i - (n - 1) / 2) * step) for i in range(n)]
        for i, (seat, card) in enumerate(plays):
            x = xs[i]
            img = app.sprites.get(card, scale, 0)
            rect = img.get_rect(center=(x, cy))
            if seat == baza.trick.winner:
                g = look.glow(rect.size)
                surface.blit(g, g.get_rect(center=rect.center))
            surface.blit(img, rect)
            if i == 0:
                typo.blit(surface, app.t("review.led"), (x, rect.top - 4), 22, look.GOLD, anchor="midbottom")
            verdict = marks.get(card)
            if verdict is not None and verdict.mistake:
                pygame.draw.rect(surface, MISTAKE, rect.inflate(8, 8), 4, border_radius=10)
            bottom = rect.bottom
        draw_names(surface, app, names, xs, bottom + 4, step, 24, look.CREAM, (box.left, box.right), stagger)
        return cy + int(CARD_H * scale / 2) + 8 + typo.line(24) * (2 if stagger else 1)

    def held(self) -> list[tuple[int, tuple, Any, Any]]:
        """For each move a person made in this baza: (seat, the cards held then, the card played,
        the expert's card where it would have played another, else None). After a cambio, the hand
        the card was played from (the muestra taken in it)."""
        out = []
        for i, before in self.review.todo:
            if self.review.baza_of(i) != self.index:
                continue
            moves = self.hand.moves
            seat = before.turn
            cards = before.hand_of(seat)
            played = moves[i]
            if played == SWAP:
                after = before.copy()
                after.play(SWAP)
                cards, played = after.hand_of(seat), moves[i + 1]
            verdict = self.review.verdicts.get(i)
            better = verdict.best[-1] if verdict is not None and verdict.mistake else None
            out.append((seat, cards, played, better))
        return out

    def draw_held(self, surface: pygame.Surface, rows: list, area: pygame.Rect, wide: bool = False) -> bool:
        """The hands of :meth:`held` (one row a person's move in this baza) in ``area``: the card
        played marked (red when the expert would have played otherwise), the expert's card marked
        green. Not drawn where the cards would be smaller than 0.35 (0.5 beside the baza: ``wide``);
        says whether it was drawn."""
        app = self.app
        typo = app.typo
        if not rows or area.width <= 0 or area.height <= 0:
            return False
        title_h = typo.line(24)
        per = area.height // len(rows)
        # the height's bound as the card is drawn (a step of the sprites' at most: rounded to the
        # nearest, the mark's word under it ran 1-2 px into the next hand's name at 320x568)
        tall = sprites.scale_within((per - title_h - typo.line(20) - 12) / CARD_H)
        scale = min(0.9, tall, area.width / (4 * CARD_W * 1.15))
        if scale < (0.5 if wide else 0.35):   # a short screen: the verdict's words say it
            return False
        step = CARD_W * scale * 1.15
        need = max(typo.size(app.t(key), 20)[0] for key in ("review.mark_played", "review.mark_expert")) + 8
        most = max(len(cards) for _seat, cards, *_ in rows)
        if wide and need > area.width / most:
            return False   # beside the baza the marks' words would be cut: under the verdict, if anywhere
        step = min(area.width / most, max(step, need))   # the cards apart enough for their marks' words
        for k, (seat, cards, played, better) in enumerate(rows):
            y = area.y + k * per
            alone = len(self.review.people) == 1
            title = app.t("review.your_hand") if alone else app.t("review.hand_of", name=self.name_of(seat))
            typo.blit(surface, title, (area.centerx if wide else area.x, y), 24, look.MUTED,
                      anchor="midtop" if wide else "topleft", width=area.width)
            cy = y + title_h + 6 + int(CARD_H * scale / 2)
            for j, card in enumerate(cards):
                x = int(area.centerx + (j - (len(cards) - 1) / 2) * step)
                img = app.sprites.get(card, scale, 0)
                rect = img.get_rect(center=(x, cy))
                surface.blit(img, rect)
                mark = None
                if card == played:
                    mark = (MISTAKE if better is not None else look.GOLD, "review.mark_played")
                elif card == better:
                    mark = (EXPERT, "review.mark_expert")
                if mark is not None:
                    pygame.draw.rect(surface, mark[0], rect.inflate(8, 8), 4, border_radius=10)
                    typo.blit(surface, app.t(mark[1]), (x, rect.bottom + 6), 20, mark[0], anchor="midtop",
                              width=int(step) - 4)
        return True

    def draw_strip(self, surface: pygame.Surface, box: pygame.Rect, count: bool = True) -> None:
        """One mark per baza along the panel's foot: the current one gold and larger, those with a
        mistake red and diamonds (not by colour alone: to some eyes that red is the others' grey);
        over them the count of mistakes, but where ``count`` is False (the baza's words took its line)."""
        bazas = self.review.bazas
        mistakes = {v.baza for v in self.review.verdicts.values() if v.mistake}
        y = box.bottom - 16
        step = min(26, (box.width - 60) // max(1, len(bazas)))
        x0 = box.centerx - step * (len(bazas) - 1) // 2
        for k in range(len(bazas)):
            color = look.GOLD if k == self.index else (MISTAKE if k in mistakes else look.MUTED)
            x, r = x0 + k * step, 7 if k == self.index else 5
            if k in mistakes:
                r += 3
                pygame.draw.polygon(surface, color, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
            else:
                pygame.draw.circle(surface, color, (x, y), r)
        summary = self.summary()
        if summary and count:
            self.app.typo.blit(surface, summary, (box.centerx, box.bottom - STRIP), 22, look.MUTED, anchor="midbottom")
