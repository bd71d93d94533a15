"""The play scene: the local hand, the other seats, the stock and muestra, the table, the HUD.

Why: this scene turns clicks, drags, taps and keys into legal moves of the core (``Session.play``)
and the events the core returns into steps of the table view. It never decides a rule: what is
legal comes from ``hand.legal_moves()``. Input is taken whenever the core says it is the local
player's turn; pending animation is then snapped to its end, so nothing waits on a tween.
"""

from __future__ import annotations

import time
from typing import Optional

import pygame

from game.hand import SWAP, CardPlayed, Drew, HandOver, Swapped, TrickWon
from game.ui import look
from game.ui.inputmap import Key, Pointer
from game.ui.scene import Scene
from game.ui.scenes.table import TableScene, TableView
from game.ui.tween import Call
from game.ui.widgets import Button, ButtonBar

W, H = 1280, 720
DRAG_THRESHOLD = 12
BOT_THINK = 0.45
#: Seconds of a bot's search per frame: at 60 frames a second a 16.7 ms frame keeps room to draw.
THINK_PER_FRAME = 0.006
TABLE_ZONE = pygame.Rect(300, 140, 680, 380)
SENA_KEYS = {pygame.K_a: 1, pygame.K_t: 3, pygame.K_r: 12}


class PlayScene(TableScene):
    name = "play"

    # --- setup ---------------------------------------------------------------------------------
    def startup(self) -> None:
        app = self.app
        session = app.session
        hand = session.hand
        if self.table is None:
            self.table = TableView(app, hand.players)
            self.table.sync(hand)
        self.shown_points = list(hand.side_points)
        self.message: tuple[str, float] | None = None
        self.show_last = False
        self.think = 0.0
        self.pending: tuple | None = None  # (seat, moves so far, move) a bot has chosen, to play after its pause
        self.thinking: tuple | None = None  # (seat, moves so far, players.Thinking) a bot still thinking
        self.sena_trick = -1
        self.press: tuple = ()  # (card, start pos) while a hand card is held
        self.swaps_made = 0
        self.reason: tuple[str, float] | None = None  # the hint's explanation, under the message
        self.bar = ButtonBar([
            # Big enough to tap on a phone (the page shows the 1280x720 canvas at about half size).
            Button(pygame.Rect(968, 598, 148, 54), "play.last_trick", "last", pygame.K_l, size=24),
            Button(pygame.Rect(1122, 598, 148, 54), "play.hint", "hint", pygame.K_h, size=26),
            Button(pygame.Rect(968, 658, 148, 54), "play.swap", "swap", pygame.K_s, size=26, primary=True),
            Button(pygame.Rect(1122, 658, 148, 54), "play.menu", "menu", pygame.K_ESCAPE, size=26),
        ])
        self.sena_bar = ButtonBar([
            Button(pygame.Rect(14, 582 + i * 45, 200, 40), f"sena.{rank}", f"sena{rank}", key, size=24)
            for i, (key, rank) in enumerate(SENA_KEYS.items())
        ])
        self._refresh_buttons()

    # --- helpers --------------------------------------------------------------------------------
    @property
    def hand(self):
        return self.app.session.hand

    def say(self, text: str, seconds: float = 1.8) -> None:
        self.message = (text, seconds)

    def name_of(self, seat: int) -> str:
        return self.app.t(f"seat.{seat}")

    def human_turn(self) -> bool:
        return self.app.session.human_to_move()

    def _refresh_buttons(self) -> None:
        hand = self.hand
        human = self.human_turn()
        legal = hand.legal_moves() if human else []
        b = self.bar.buttons
        b[1].enabled = human
        b[2].enabled = SWAP in legal
        b[0].enabled = bool(hand.tricks)
        session = self.app.session
        signals = {c.rank for c in session.sena_cards(0)} if session.senas_on() and 0 in session.human_seats else set()
        for btn, rank in zip(self.sena_bar.buttons, SENA_KEYS.values()):
            btn.enabled = rank in signals

    def save(self) -> None:
        app = self.app
        session = app.session
        if not session.human_seats:
            return  # autoplay demos leave a player's saved match alone
        if session.hand.over:
            return
        if not app.store.save_match(session.to_save()):
            self.say(app.t("play.save_failed"))

    # --- moves ----------------------------------------------------------------------------------
    def play(self, move) -> bool:
        """Play ``move`` for the seat to move if the core says it is legal; animate its events."""
        app = self.app
        session = app.session
        hand = session.hand
        if hand.over or move not in hand.legal_moves():
            return False
        seat = hand.turn
        if session.is_human(seat):
            self.table.animator.finish_all()  # input never waits for an animation
        self.table.hint = None
        events = session.play(move)
        table = self.table
        for ev in events:
            if isinstance(ev, CardPlayed):
                table.on_played(ev.seat, ev.card)
            elif isinstance(ev, TrickWon):
                win_card = next(c for i, c in enumerate(ev.cards) if (ev.leader + i) % hand.players == ev.winner)
                side = hand.rules.side_of(ev.winner)
                key = "play.won_trick" if ev.points else "play.won_trick_zero"
                if ev.winner == 0:  # seat 0 is always "you" (also when a bot plays it in autoplay)
                    key = "play.you_won_trick" if ev.points else "play.you_won_trick_zero"
                text = app.t(key, name=self.name_of(ev.winner), points=ev.points)
                pts = ev.points

                def announce(text=text, side=side, pts=pts):
                    self.say(text, 1.6)
                    self.shown_points[side] += pts
                table.animator.step(Call(announce))
                table.on_trick(ev.winner, ev.cards, ev.points, win_card)
            elif isinstance(ev, Drew):
                table.on_drew(ev.seat, ev.card, ev.is_muestra)
            elif isinstance(ev, Swapped):
                key = "play.you_swapped" if ev.seat == 0 else "play.swapped"
                text = app.t(key, name=self.name_of(ev.seat), gave=app.words.card(ev.gave),
                              took=app.words.card(ev.took))
                table.animator.step(Call(lambda text=text: self.say(text, 2.2)))
                table.on_swapped(ev.seat, ev.gave, ev.took)
                if session.is_human(ev.seat):
                    self.swaps_made += 1
                    app.stats["swaps"] = app.stats.get("swaps", 0) + 1
            elif isinstance(ev, HandOver):
                table.pause(0.6)
        if app.speed <= 0:
            table.animator.finish_all()  # instant: the pictures never trail the core
        if any(isinstance(ev, TrickWon) for ev in events):
            self.save()
        self.think = 0.0
        self.pending = None
        self.thinking = None
        self._refresh_buttons()
        return True

    def play_index(self, i: int) -> None:
        if not self.human_turn():
            return
        self.table.animator.finish_all()
        cards = self.table.model.hands[0]
        if 0 <= i < len(cards):
            self.play(cards[i])

    def try_swap(self) -> None:
        if not self.human_turn():
            return
        if not self.play(SWAP):
            self.say(self.app.t("play.illegal_swap"), 1.4)

    def give_sena(self, rank: int) -> None:
        session = self.app.session
        card = next((c for c in session.sena_cards(0) if c.rank == rank), None)
        if card is None:
            return
        sena = session.give_sena(0, card)
        if sena is None:
            return
        app = self.app
        app.sounds.play("sena")
        text = app.t("sena.you", rank=app.t(f"rank.{rank}"))
        if sena.caught_by:
            text = app.t("sena.caught", name=self.name_of(sena.caught_by[0]))
        self.say(text, 2.0)
        self._refresh_buttons()

    def bot_senas(self) -> None:
        session = self.app.session
        for sena in session.bot_senas():
            partner = session.rules.partner_of(0)
            app = self.app
            if sena.seat == partner:
                self.table.faces[sena.seat] = (sena.card.rank, 1.6)
                self.say(app.t("sena.seen", name=self.name_of(sena.seat), rank=app.t(f"rank.{sena.card.rank}")), 2.0)
                app.sounds.play("sena")
            elif 0 in sena.caught_by:
                self.table.faces[sena.seat] = (sena.card.rank, 1.2)
                self.say(app.t("sena.caught_you", name=self.name_of(sena.seat), rank=app.t(f"rank.{sena.card.rank}")), 2.0)
                app.sounds.play("sena")

    def show_hint(self) -> None:
        if not self.human_turn():
            return
        app = self.app
        move, reason = app.session.hint(app.words.lang)
        if move is None:
            return
        if move == SWAP:
            self.table.hint = self.hand.muestra
            text = app.t("play.hint_swap")
        else:
            self.table.hint = move
            text = app.t("play.hint_play", card=app.words.card(move))
        self.say(text, 4.0)
        self.reason = (reason[:1].upper() + reason[1:], 4.0) if reason else None

    def leave(self) -> Scene:
        from game.ui.scenes.menu import MenuScene  # noqa: PLC0415

        self.save()
        return MenuScene(self.app)

    # --- input ----------------------------------------------------------------------------------
    def handle_event(self, event) -> Optional[Scene]:
        if self.show_last:
            if isinstance(event, Key) or (isinstance(event, Pointer) and event.kind == "down"):
                self.show_last = False
            return None
        action = self.bar.handle(event)
        if action is None and self.app.session.senas_on():
            action = self.sena_bar.handle(event)
        if action is not None:
            self.press = ()
            if action == "menu":
                return self.leave()
            if action == "last" and self.hand.tricks:
                self.show_last = True
            elif action == "hint":
                self.show_hint()
            elif action == "swap":
                self.try_swap()
            elif action.startswith("sena"):
                self.give_sena(int(action[4:]))
            return None
        if isinstance(event, Key):
            if pygame.K_1 <= event.key <= pygame.K_3:
                self.play_index(event.key - pygame.K_1)
            elif pygame.K_KP1 <= event.key <= pygame.K_KP3:
                self.play_index(event.key - pygame.K_KP1)
            elif event.key == pygame.K_p:
                self.app.session.options.show_score = not self.app.session.options.show_score
            return None
        if isinstance(event, Pointer):
            return self.pointer(event)
        return None

    def pointer(self, event: Pointer) -> Optional[Scene]:
        table = self.table
        if event.kind == "down":
            if table.muestra_rect().collidepoint(event.pos) and table.model.muestra is not None:
                self.try_swap()
                return None
            card = table.card_at(event.pos, 0)
            if card is not None and 0 in self.app.session.human_seats:
                self.press = (card, event.pos)
                if not self.human_turn() and not self.hand.over:
                    self.say(self.app.t("play.wait"), 1.0)  # a card can be held, not played yet
            return None
        if event.kind == "move":
            table.hover = table.card_at(event.pos, 0) if not self.press else table.hover
            if self.press:
                card, start = self.press
                if table.dragging is None and (abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1])) > DRAG_THRESHOLD:
                    table.dragging = int(card)
                    table.raise_z(card)
                if table.dragging is not None:
                    v = table.views.get(int(card))
                    if v is not None:
                        v.x, v.y = event.pos
            return None
        if event.kind == "up" and self.press:
            card, start = self.press
            dragged = table.dragging is not None
            self.press = ()
            table.dragging = None
            if not dragged or TABLE_ZONE.collidepoint(event.pos):
                if self.human_turn() and card in self.hand.legal_moves():
                    self.play(card)
                    return None
            table.animator.add(*table.relayout(0.2))  # back to the hand
        return None

    # --- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> Optional[Scene]:
        app = self.app
        table = self.table
        table.update(dt)
        if not table.animator.busy:
            table.turn = self.hand.turn  # the ring follows the pictures, not the core running ahead
        if self.message is not None:
            text, left = self.message
            left -= dt
            self.message = (text, left) if left > 0 else None
        if self.reason is not None:
            text, left = self.reason
            self.reason = (text, left - dt) if left > dt and self.table.hint is not None else None
        for v in table.views.values():
            v.lift = 16.0 if (v.card == table.hover and v.card in table.model.hands[0] and self.human_turn()
                               and not table.animator.busy) else 0.0
        hand = self.hand
        if hand.over:
            if not table.animator.busy:
                from game.ui.scenes.scoring import ScoringScene  # noqa: PLC0415

                return ScoringScene(app, table)
            return None
        table.thinking = False
        if table.animator.busy:
            return None
        session = app.session
        if session.senas_on() and not hand.table and self.sena_trick != hand.trick_number:
            self.sena_trick = hand.trick_number
            self.bot_senas()
            self._refresh_buttons()
        table.thinking = not session.is_human(hand.turn)
        if not session.is_human(hand.turn):
            pace = app.speed if app.speed > 0 else 1000.0
            if self.pending is None and (self.think > 0 or app.speed <= 0):
                # Start on the second thinking frame (the bubble is on screen by then) and think
                # a few milliseconds a frame, so a searching bot never stalls the frame loop;
                # its thinking time counts towards its pause instead of adding to it.
                if self.thinking is None or self.thinking[:2] != (hand.turn, len(hand.moves)):
                    self.thinking = (hand.turn, len(hand.moves), session.bot_thinking())
                seat, when, thinking = self.thinking
                started = time.perf_counter()
                if thinking.step(THINK_PER_FRAME if app.speed > 0 else None):
                    self.pending = (seat, when, thinking.move)
                    self.thinking = None
                self.think += (time.perf_counter() - started) * pace
            self.think += dt * pace
            if self.think >= BOT_THINK and self.pending is not None:
                seat, when, move = self.pending
                self.pending = None
                if seat == hand.turn and when == len(hand.moves):
                    self.play(move)
        return None

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        table = self.table
        hand = self.hand
        session = app.session
        surface.blit(look.felt(), (0, 0))
        if table.dragging is not None:  # where a card may be dropped
            zone = look.panel(TABLE_ZONE.size, 60, 24)
            surface.blit(zone, TABLE_ZONE)
        self.draw_trump(surface)
        table.draw_cards(surface)
        if self.human_turn() and not table.animator.busy:
            self.draw_slot_keys(surface)
        table.draw_floaters(surface)
        level = app.words.level(session.options.level)
        for seat in range(hand.players):
            if seat in session.human_seats:
                continue
            table.draw_avatar(surface, seat, self.name_of(seat), app.t("play.level", level=level))
        self.draw_score(surface)
        # whose turn / last message
        if self.message is not None:
            text = self.message[0]
            color = look.HILITE
        elif self.human_turn():
            legal = hand.legal_moves()
            card = hand.swap_card(hand.turn) if SWAP in legal else None
            text = app.t("play.your_turn_swap", card=app.words.card(card)) if card is not None else app.t("play.your_turn")
            color = look.CREAM
        elif hand.turn is not None and not table.animator.busy:
            text = app.t("play.their_turn_you") if hand.turn == 0 else app.t("play.their_turn", name=self.name_of(hand.turn))
            color = look.MUTED
        else:
            text, color = "", look.CREAM
        if text:
            img = app.typo.render(text, 28, color)
            box = img.get_rect(center=(W // 2, 506)).inflate(28, 12)
            surface.blit(look.panel(box.size, 180, 12), box)
            surface.blit(img, img.get_rect(center=box.center))
        if self.reason is not None:
            lines = app.typo.wrap(self.reason[0], 22, 560)[:3]
            box = pygame.Rect(0, 0, 600, 12 + 22 * len(lines))
            box.midbottom = (W // 2, 488)
            surface.blit(look.panel(box.size, 200, 10), box)
            for i, line in enumerate(lines):
                app.typo.blit(surface, line, (box.centerx, box.y + 8 + i * 22), 22, (190, 230, 255), anchor="midtop")
        self._refresh_buttons()
        table.offer_swap = self.bar.buttons[2].enabled
        self.bar.draw(surface, app)
        if session.senas_on() and 0 in session.human_seats:
            app.typo.blit(surface, app.t("sena.give"), (18, 552), 26, look.GOLD, bold=True)
            self.sena_bar.draw(surface, app)
        keys = app.t("play.keys_senas") if session.senas_on() and 0 in session.human_seats else app.t("play.keys")
        app.typo.blit(surface, keys, (W // 2, 4), 20, look.MUTED, anchor="midtop")
        if self.show_last:
            self.draw_last(surface)

    def draw_slot_keys(self, surface: pygame.Surface) -> None:
        """The key (1-3) of each card in the local hand, on its free top-right corner."""
        app = self.app
        for i, card in enumerate(self.table.model.hands[0]):
            v = self.table.views.get(int(card))
            if v is None:
                continue
            rect = v.rect()
            center = (rect.right - 16, rect.top + 16)
            pygame.draw.circle(surface, (30, 60, 40), center, 14)
            pygame.draw.circle(surface, look.GOLD, center, 14, 2)
            app.typo.blit(surface, str(i + 1), (center[0], center[1] + 1), 24, look.CREAM, bold=True, anchor="center")

    def draw_trump(self, surface: pygame.Surface) -> None:
        app = self.app
        suit = self.hand.trump_suit
        box = pygame.Rect(12, 12, 210, 74)
        surface.blit(look.panel(box.size), box)
        icon = app.sprites.icon(suit, 54)
        surface.blit(icon, icon.get_rect(center=(box.x + 40, box.centery)))
        app.typo.blit(surface, app.t("play.trump"), (box.x + 76, box.y + 12), 22, look.MUTED)
        app.typo.blit(surface, app.t(f"suit.{suit}").capitalize(), (box.x + 76, box.y + 34), 32, look.GOLD, bold=True)

    def draw_score(self, surface: pygame.Surface) -> None:
        app = self.app
        session = app.session
        rules = session.rules
        height = 44 + 26 * (rules.sides if session.options.show_score else 1) + (26 if rules.best_of > 1 else 0)
        box = pygame.Rect(1040, 12, 228, height)
        surface.blit(look.panel(box.size), box)
        y = box.y + 10
        if session.options.show_score:
            app.typo.blit(surface, app.t("play.points"), (box.x + 14, y), 22, look.MUTED)
            y += 24
            for side, pts in enumerate(self.shown_points):
                if rules.players == 4:
                    label = app.t(f"side.{side}.pairs")
                else:
                    label = app.t(f"seat.{side}")
                app.typo.blit(surface, label, (box.x + 14, y), 26, look.CREAM)
                app.typo.blit(surface, str(pts), (box.right - 14, y), 28, look.GOLD, bold=True, anchor="topright")
                y += 26
        else:
            app.typo.blit(surface, app.t("play.points_hidden"), (box.x + 14, y + 10), 22, look.MUTED)
            y += 50
        if rules.best_of > 1:
            wins = session.match.wins
            key = "play.match3" if len(wins) == 3 else "play.match"
            app.typo.blit(surface, app.t(key, a=wins[0], b=wins[1], c=wins[-1]),
                          (box.x + 14, box.bottom - 26), 22, look.MUTED)

    def draw_last(self, surface: pygame.Surface) -> None:
        app = self.app
        hand = self.hand
        surface.blit(look.dim(), (0, 0))
        box = pygame.Rect(0, 0, 620, 320)
        box.center = (W // 2, H // 2 - 20)
        surface.blit(look.panel(box.size, 250), box)
        app.typo.blit(surface, app.t("play.last_trick"), (box.centerx, box.y + 14), 34, look.GOLD, bold=True, anchor="midtop")
        if not hand.tricks:
            app.typo.blit(surface, app.t("play.last_trick_none"), box.center, 26, look.CREAM, anchor="center")
            return
        trick = hand.tricks[-1]
        n = len(trick.cards)
        for i, card in enumerate(trick.cards):
            seat = (trick.leader + i) % hand.players
            x = box.centerx + (i - (n - 1) / 2) * 130
            img = app.sprites.get(card, 0.8, 0)
            rect = img.get_rect(center=(int(x), box.y + 160))
            if seat == trick.winner:
                g = look.glow(rect.size)
                surface.blit(g, g.get_rect(center=rect.center))
            surface.blit(img, rect)
            app.typo.blit(surface, self.name_of(seat), (int(x), rect.bottom + 6), 22, look.CREAM, anchor="midtop")
        key = "play.last_trick_won_you" if trick.winner == 0 else "play.last_trick_won"
        app.typo.blit(surface, app.t(key, name=self.name_of(trick.winner), points=trick.points),
                      (box.centerx, box.bottom - 30), 26, look.HILITE, anchor="center")


def resume(app, saved: dict) -> Optional[Scene]:
    """A play scene for a saved match, or None if it cannot be resumed (the menu says so)."""
    from game.ui.session import Session  # noqa: PLC0415

    try:
        app.session = Session.from_save(saved, human_seats=() if app.autoplay else (0,))
    except Exception as exc:  # bad data never crashes the game
        app.store.problems.append(exc)
        app.store.clear_match()
        return None
    if app.session.hand.over:
        from game.ui.scenes.scoring import ScoringScene  # noqa: PLC0415

        table = TableView(app, app.session.hand.players)
        table.sync(app.session.hand)
        return ScoringScene(app, table)
    return PlayScene(app)


__all__ = ["PlayScene", "resume"]
