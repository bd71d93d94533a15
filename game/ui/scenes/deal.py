"""The deal: the deck shuffled, cards flying one at a time in RULES.md order, the muestra turned.

Why: the core has already dealt (``Hand.deck`` is the order, top first); this scene only shows it.
Any key or click skips to the end; then the play scene takes over the same table view.
"""

from __future__ import annotations

from bisect import insort
from typing import Optional

import pygame

from game.ui import look
from game.ui.inputmap import Key, Pointer
from game.ui.scene import Go, register
from game.ui.scenes.common import save_match
from game.ui.scenes.faces import draw_avatar, plates
from game.ui.scenes.table import TableScene, TableView
from game.ui.seats import display_name
from game.ui.tween import Call, Tween, Wait


class Riffle:
    """How far the two halves of the deck are apart while shuffling (0 together, 1 apart)."""

    def __init__(self) -> None:
        self.spread = 0.0
        self.active = True


@register
class DealScene(TableScene):
    name = "deal"

    def startup(self) -> None:
        app = self.app
        session = app.session
        hand = session.hand
        n = hand.players
        if self.table is None:
            self.table = TableView(app, n, session.viewer)
        table = self.table
        table.set_viewer(session.viewer, session.face_up())  # people passing the device: all covered
        table.views.clear()
        table.model.hands = [[] for _ in range(n)]
        table.model.piles = [[] for _ in range(n)]
        table.model.table = []
        table.model.muestra = None
        table.model.trump_suit = None
        table.model.stock = 0
        table.animator.clear()
        self.riffle = Riffle()
        self.aside: tuple | None = None   # a file dropped on the deal: (where copies come back, shorter)
        a = table.animator
        a.step(Call(lambda: app.sounds.play("deal")))
        for _ in range(2):
            a.step(Tween(self.riffle, 0.22, "in_out_sine", spread=1.0))
            a.step(Tween(self.riffle, 0.22, "in_out_sine", spread=0.0), Call(lambda: app.sounds.play("deal")))

        def stock_ready():
            self.riffle.active = False
            table.model.stock = len(hand.deck)
        a.step(Call(stock_ready))
        leader = (hand.dealer + 1) % n
        for i in range(3 * n):
            table.animator.step(Call(self._deal_one(hand.deck[i], (leader + i) % n)))

        def turn_muestra():
            m = table.model
            m.stock -= 1
            card = hand.deck[3 * n]
            table.put_on_stock(card)
            m.muestra = card
            m.trump_suit = card.suit
            app.sounds.play("swap")
            return table.relayout(0.5, "in_out_quad")
        a.step(Call(turn_muestra))
        a.step(Wait(0.35))

    def _deal_one(self, card, seat):
        table = self.table

        def go():
            m = table.model
            m.stock -= 1
            table.put_on_stock(card)
            insort(m.hands[seat], card)   # in the core's order as it comes: no jump when the deal ends
            table.raise_z(card)
            self.app.sounds.play("deal")
            return table.relayout(0.2)
        return go

    def finish(self) -> None:
        self.table.animator.finish_all()

    def handle_event(self, event) -> Optional[Go]:
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:  # Esc means the menu, as at the table
            save_match(self.app)
            return Go("menu")
        if isinstance(event, Key) and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.finish()
        elif isinstance(event, Pointer) and event.kind == "down":
            self.finish()
        return None

    def dropped_aside(self, text: str, short: str) -> None:
        self.aside = (text, short)   # (the deal lasts a moment: said on the status line of the play that follows)

    def update(self, dt: float) -> Optional[Go]:
        self.table.update(dt)
        if not self.table.animator.busy:
            self.table.sync(self.app.session.hand)
            return Go("play", table=self.table, aside=self.aside)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        surface.blit(look.felt(lay.size), (0, 0))
        sx, sy = lay.table.stock
        if self.riffle.active:
            k = lay.table.stock_scale
            back = app.sprites.get(None, k, 0)
            d = self.riffle.spread * 70 * k
            for i in range(4):
                for sign in (-1, 1):
                    rect = back.get_rect(center=(int(sx + 60 * k + sign * d), sy - i * 2))
                    surface.blit(back, rect)
            text = app.t("deal.shuffling")
        else:
            hand = app.session.hand
            if app.session.is_you(hand.dealer):
                text = app.t("deal.dealing_you")
            else:
                text = app.t("deal.dealing", dealer=display_name(app.words, app.session, hand.dealer))
        self.table.draw_cards(surface, above=False)
        cx, cy = lay.table.center
        cx = lay.cx if lay.portrait else cx + 60
        room = lay.w - 40
        app.typo.blit(surface, text, (cx, cy - app.typo.line(36) // 2), app.typo.fit(text, 36, room), look.CREAM,
                      anchor="center", shadow=True)
        skip = app.t("deal.skip" if app.layout.show_keys else "deal.skip_touch")  # no keys named on a touch screen
        app.typo.blit(surface, skip, (cx, cy + app.typo.line(22) // 2 + 4), app.typo.fit(skip, 22, room), look.MUTED,
                      anchor="center")
        names = {seat: display_name(app.words, app.session, seat) for seat in range(self.table.players)}
        shown = plates(self.table, names)
        for seat, name in names.items():
            draw_avatar(self.table, surface, seat, name, None, shown=shown.get(seat))
        self.table.draw_cards(surface, above=True)   # the cards on their way over the faces and the words
