"""The deal: the deck shuffled, cards flying one at a time in RULES.md order, the muestra turned.

Why: the core has already dealt (``Hand.deck`` is the order, top first); this scene only shows it.
Any key or click skips to the end; then the play scene takes over the same table view.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game.ui import look
from game.ui.inputmap import Key, Pointer
from game.ui.scene import Scene
from game.ui.scenes.table import TableScene, STOCK_POS, TableView
from game.ui.tween import Call, Tween, Wait

W, H = 1280, 720


class Riffle:
    """How far the two halves of the deck are apart while shuffling (0 together, 1 apart)."""

    def __init__(self) -> None:
        self.spread = 0.0
        self.active = True


class DealScene(TableScene):
    name = "deal"

    def startup(self) -> None:
        app = self.app
        session = app.session
        hand = session.hand
        n = hand.players
        if self.table is None:
            self.table = TableView(app, n)
        table = self.table
        table.face_up_seats = {0}
        table.views.clear()
        table.model.hands = [[] for _ in range(n)]
        table.model.piles = [[] for _ in range(n)]
        table.model.table = []
        table.model.muestra = None
        table.model.trump_suit = None
        table.model.stock = 0
        table.animator.clear()
        self.riffle = Riffle()
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
            v = table.view(card)
            v.x, v.y, v.angle, v.flip = STOCK_POS[0], STOCK_POS[1], 0.0, 0.0
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
            v = table.view(card)
            v.x, v.y, v.angle, v.scale, v.flip = STOCK_POS[0], STOCK_POS[1], 0.0, 1.0, 0.0
            m.hands[seat].append(card)
            table.raise_z(card)
            self.app.sounds.play("deal")
            return table.relayout(0.2)
        return go

    def finish(self) -> None:
        self.table.animator.finish_all()

    def handle_event(self, event) -> Optional[Scene]:
        if isinstance(event, Key) and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_KP_ENTER):
            self.finish()
        elif isinstance(event, Pointer) and event.kind == "down":
            self.finish()
        return None

    def update(self, dt: float) -> Optional[Scene]:
        self.table.update(dt)
        if not self.table.animator.busy:
            from game.ui.scenes.play import PlayScene  # noqa: PLC0415

            self.table.sync(self.app.session.hand)
            return PlayScene(self.app, self.table)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.blit(look.felt(), (0, 0))
        if self.riffle.active:
            back = app.sprites.get(None, 1.0, 0)
            d = self.riffle.spread * 70
            for i in range(4):
                for sign in (-1, 1):
                    rect = back.get_rect(center=(int(STOCK_POS[0] + 60 + sign * d), STOCK_POS[1] - i * 2))
                    surface.blit(back, rect)
            text = app.t("deal.shuffling")
        else:
            hand = app.session.hand
            if hand.dealer == 0:
                text = app.t("deal.dealing_you")
            else:
                text = app.t("deal.dealing", dealer=app.t(f"seat.{hand.dealer}"))
        self.table.draw_cards(surface)
        app.typo.blit(surface, text, (W // 2 + 60, 300), 36, look.CREAM, anchor="center", shadow=True)
        app.typo.blit(surface, app.t("deal.skip"), (W // 2 + 60, 340), 22, look.MUTED, anchor="center")
        for seat in range(self.table.players):
            self.table.draw_avatar(surface, seat, app.t(f"seat.{seat}"), None)
