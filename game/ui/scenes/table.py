"""The table as pictures: card views, where every card lies, and how to draw it all (the others'
faces, from the same view: ``faces``).

Why: card *views* (position, angle, face) are separate from card *values*. The
``TableView`` keeps a display model that follows the core's events one step at a time (a card
played, a baza won, a draw, a cambio); each step computes where every card should be and makes
tweens towards it. The core has already changed; the pictures catch up, and can be snapped to
the end at any moment.
"""

from __future__ import annotations

import math
from bisect import insort
from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import Card
from game.hand import Hand
from game.ui import look
from game.ui.layout import PILE_LAYERS, PILE_STEP, PLACES, TableGeometry
from game.ui.scene import Scene
from game.ui.sound import baza_sound
from game.ui.sprites import CARD_H, CARD_W, turned_size
from game.ui.tween import Animator, Call, Tween, Wait


def layers_shift(n: int) -> int:
    """How many card edges show under the top of a stock of ``n`` face-down cards (0 to 5)."""
    return min(6, (n + 5) // 6) - 1


@dataclass
class CardView:
    """Where one card is drawn. ``flip`` 1 = face up, 0 = face down; ``lift`` raises it (hover)."""

    card: Card
    x: float
    y: float
    angle: float = 0.0
    scale: float = 1.0
    flip: float = 0.0
    z: int = 0
    lift: float = 0.0

    def rect(self) -> pygame.Rect:
        w, h = CARD_W * self.scale, CARD_H * self.scale
        if round(self.angle) % 180 == 90:
            w, h = h, w
        return pygame.Rect(int(self.x - w / 2), int(self.y - h / 2 - self.lift), int(w), int(h))


def card_rect(slot: tuple[float, float, float, float, float]) -> pygame.Rect:
    """The rect a card at a view's slot (x, y, angle, scale, flip) covers as drawn (turned: its box)."""
    x, y, angle, scale, _flip = slot
    w, h = turned_size(CARD_W * scale, CARD_H * scale, angle)
    return pygame.Rect(int(x - w / 2), int(y - h / 2), int(w), int(h))


@dataclass
class Floater:
    """A "+11" that rises from above the winning card (clear of its number) and fades: the baza's points."""

    text: str
    x: float
    y: float
    age: float = 0.0

    LIFE = 1.2  # seconds; decoration only, it never holds up the game


class Model:
    """What the pictures currently show (it trails the core by the steps still animating)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.piles: list[list[Card]] = [[] for _ in range(players)]
        self.table: list[tuple[int, Card]] = []
        self.stock = 0  # face-down cards in the stock (the muestra not included)
        self.muestra: Card | None = None
        self.trump_suit: str | None = None


class TableView:
    """Card views + display model + the faces' state (drawn by ``faces``), shared by the deal and play scenes."""

    def __init__(self, app: Any, players: int, viewer: int = 0) -> None:
        self.app = app
        self.players = players
        self.viewer = viewer  # the seat drawn at the bottom, nearest the person looking
        self.model = Model(players)
        self.views: dict[int, CardView] = {}
        self.animator = Animator(app.speed)
        self.highlight: Card | None = None
        self.hint: Card | None = None
        self.chosen: Card | None = None  # the hand's card tapped once ("two taps to play"): glows gold
        self.hover: Card | None = None
        self.dragging: Card | None = None
        self.faces: dict[int, tuple[int, float]] = {}  # seat -> (seña rank, seconds left)
        self.turn: int | None = None
        self.face_up_seats = {viewer}
        self.offer_swap = False  # the local player may swap now: the muestra glows
        self.floaters: list[Floater] = []
        self.thinking = False  # the seat to move is a bot about to choose
        self.clock, self._z = 0.0, 0
        self.laid_for = app.layout.size   # the logical screen the cards' places were worked out for

    # --- geometry (all of it from the app's layout) ------------------------------------------
    @property
    def geo(self) -> TableGeometry:
        return self.app.layout.table

    def place(self, seat: int) -> str:
        """Where ``seat`` sits on the screen, counted from the viewer at the bottom."""
        return PLACES[self.players][(seat - self.viewer) % self.players]

    def set_viewer(self, seat: int, face_up: set[int] | None = None) -> None:
        """Turn the table so that ``seat`` sits at the bottom (a person took the device)."""
        self.viewer = seat
        self.face_up_seats = {seat} if face_up is None else set(face_up)

    def hand_slot(self, seat: int, i: int, n: int) -> tuple[float, float, float, float, float]:
        """(x, y, angle, scale, flip) of card ``i`` of ``n`` in ``seat``'s hand."""
        geo = self.geo
        place = self.place(seat)
        cx, cy = geo.hand_at[place]
        off = i - (n - 1) / 2
        flip = 1.0 if seat in self.face_up_seats else 0.0
        if place == "bottom":
            return (cx + off * geo.hand_step, cy + abs(off) * 6, -off * 3, geo.hand_scale, flip)
        step, small = geo.side_step, geo.side_scale
        if place == "top" or geo.side_fan == "across":
            return (cx + off * step, cy, 180 + off * 4, small, flip)
        if place == "right":
            return (cx, cy + off * step, 90 - off * 4, small, flip)
        return (cx, cy + off * step, -90 + off * 4, small, flip)

    def table_slot(self, seat: int, k: int) -> tuple[float, float, float, float, float]:
        geo = self.geo
        place = self.place(seat)
        dx, dy = geo.play_at[place]
        if self.players == 2:
            dy = dy * 0.95
        angle = (geo.play_angle[place] + (k * 7 - 7)) % 360
        if angle > 180:
            angle -= 360
        return (geo.center[0] + dx, geo.center[1] + dy, angle * 0.08, geo.table_scale, 1.0)

    def pile_slot(self, seat: int, k: int) -> tuple[float, float, float, float, float]:
        x, y = self.geo.pile_at[self.place(seat)]
        d = (k % PILE_LAYERS) * PILE_STEP   # each layer up and right (the layout leaves the room for all of them)
        side = self.place(seat) in ("left", "right") and self.geo.side_fan == "down"
        return (x + d, y - d, 90 if side else 0, self.geo.pile_scale, 0.0)

    def targets(self) -> dict[int, tuple[float, float, float, float, float]]:
        m = self.model
        out: dict[int, tuple] = {}
        for seat, cards in enumerate(m.hands):
            for i, c in enumerate(cards):
                out[int(c)] = self.hand_slot(seat, i, len(cards))
        for k, (seat, c) in enumerate(m.table):
            out[int(c)] = self.table_slot(seat, k)
        for seat, cards in enumerate(m.piles):
            for k, c in enumerate(cards):
                out[int(c)] = self.pile_slot(seat, k)
        if m.muestra is not None:
            mx, my = self.geo.muestra
            out[int(m.muestra)] = (mx, my, 90, self.geo.stock_scale, 1.0)
        return out

    def view(self, card: Card, at: tuple[float, float] | None = None, flip: float = 0.0, angle: float = 0.0) -> CardView:
        v = self.views.get(int(card))
        if v is None:
            at = self.geo.stock if at is None else at
            v = CardView(card, at[0], at[1], angle, self.geo.stock_scale, flip)
            self.views[int(card)] = v
        return v

    def raise_z(self, card: Card) -> None:
        self._z += 1
        self.view(card).z = self._z

    def relayout(self, duration: float = 0.28, easing: str = "out_cubic") -> list:
        """Tweens that move every card to where the model says it lies now."""
        tweens = []
        for idx, (x, y, angle, scale, flip) in self.targets().items():
            v = self.views.get(idx)
            if v is None:
                v = self.view(Card(idx))
            if idx == self.dragging:
                continue
            if (abs(v.x - x) > 0.5 or abs(v.y - y) > 0.5 or abs(v.angle - angle) > 0.5
                    or abs(v.scale - scale) > 0.01 or abs(v.flip - flip) > 0.01):
                tweens.append(Tween(v, duration, easing, x=x, y=y, angle=angle, scale=scale, flip=flip))
        return tweens

    def snap(self) -> None:
        """Put every card where the model says, at once."""
        for t in self.relayout(0.0):
            t.finish()

    def retarget(self) -> None:
        """The screen changed (resize, rotation): every card goes to its place in the new layout.

        Cards at rest move there at once; a card in flight keeps flying from where it is now, on the new
        screen, to its new place (its tween's end moved, its start rebased: no jump)."""
        (ow, oh), (nw, nh) = self.laid_for, self.app.layout.size
        self.laid_for = (nw, nh)
        targets = self.targets()
        flying = set()
        for item in self.animator.current:
            if not (isinstance(item, Tween) and isinstance(item.target, CardView)) or item.done:
                continue
            place = targets.get(int(item.target.card))
            if place is None:
                continue
            flying.add(int(item.target.card))
            item.target.x, item.target.y = item.target.x * nw / ow, item.target.y * nh / oh
            p = item.ease(min(1.0, item.elapsed / item.duration)) if item.duration > 0 else 1.0
            for name, value in zip(("x", "y", "angle", "scale", "flip"), place):
                if name not in item.end:
                    continue
                item.end[name] = value
                if item.start is not None and p < 1.0:  # keep the card where it is at this instant
                    item.start[name] = (getattr(item.target, name) - value * p) / (1.0 - p)
        for t in self.relayout(0.0):
            if int(t.target.card) not in flying:
                t.finish()

    # --- building the model ---------------------------------------------------------------------
    def sync(self, hand: Hand) -> None:
        """Make the model equal to the core's state (resume, or after a skipped animation)."""
        m = self.model
        m.hands = [list(hand.hand_of(s)) for s in range(self.players)]
        m.table = list(hand.table)
        m.piles = [[] for _ in range(self.players)]
        for trick in hand.tricks:
            m.piles[trick.winner].extend(trick.cards)
        m.muestra = hand.muestra
        m.stock = max(0, hand.stock_count - (1 if hand.muestra is not None else 0))
        m.trump_suit = hand.trump_suit
        for i, (_seat, c) in enumerate(m.table):
            self.view(c).z = 1000 + i
        self.snap()

    # --- steps from core events (each returns nothing; it queues animation) -------------------
    def on_played(self, seat: int, card: Card) -> None:
        def go():
            m = self.model
            if card in m.hands[seat]:
                m.hands[seat].remove(card)
            m.table.append((seat, card))
            self.raise_z(card)
            self.app.sounds.play("card")
            return self.relayout(0.3)
        self.animator.step(Call(go))

    def on_trick(self, winner: int, cards: tuple, points: int, win_card: Card) -> None:
        def show():
            self.highlight = win_card
            session = self.app.session   # who took it, by ear: the device's side or the rivals
            self.app.sounds.play(baza_sound(points, session.people_won(session.rules.side_of(winner))))
            items: list = [Wait(0.75)]
            if points and self.app.session.options.show_score:   # (hidden score: no "+21" either)
                v = self.view(win_card)
                self.floaters.append(Floater(self.app.t("play.points_carried", points=points), v.x, v.y - CARD_H * v.scale / 2 - 32))
            return items

        def sweep():
            m = self.model
            self.highlight = None
            for _s, c in m.table:
                m.piles[winner].append(c)
                self.raise_z(c)
            m.table = []
            return self.relayout(0.32, "in_out_quad")
        self.animator.step(Call(show))
        self.animator.step(Call(sweep))

    def on_drew(self, seat: int, card: Card, is_muestra: bool) -> None:
        def go():
            m = self.model
            if is_muestra:
                m.muestra = None
            else:
                m.stock = max(0, m.stock - 1)
                self.put_on_stock(card)
            insort(m.hands[seat], card)  # the core's order, the same after a resume (keys 1-3 keep their cards)
            self.raise_z(card)
            self.app.sounds.play("deal")
            return self.relayout(0.26)
        self.animator.step(Call(go))

    def on_swapped(self, seat: int, gave: Card, took: Card) -> None:
        def go():
            m = self.model
            hand = m.hands[seat]
            if gave in hand:
                hand[hand.index(gave)] = took
                hand.sort()
            m.muestra = gave
            self.view(gave).z = -5
            self.raise_z(took)
            self.app.sounds.play("swap")
            return self.relayout(0.55, "in_out_quad")
        self.animator.step(Call(go), Wait(0.1))

    def put_on_stock(self, card: Card) -> CardView:
        """Put ``card``'s view face down on the stock (it is about to be drawn from there)."""
        v = self.view(card)
        v.x, v.y = self.geo.stock
        v.angle, v.scale, v.flip = 0.0, self.geo.stock_scale, 0.0
        return v

    def pause(self, seconds: float) -> None:
        self.animator.step(Wait(seconds))

    # --- hit testing ----------------------------------------------------------------------------
    def card_at(self, pos: tuple[int, int], seat: int = 0) -> Card | None:
        """The topmost card of ``seat``'s hand under ``pos``."""
        best = None
        for c in self.model.hands[seat]:
            v = self.views.get(int(c))
            if v is not None and v.rect().inflate(0, 2 * self.geo.hand_slop).collidepoint(pos):
                if best is None or v.z >= self.views[int(best)].z:
                    best = c
        return best

    def muestra_across(self) -> pygame.Rect:
        """The muestra's card, lying across under the stock."""
        k = self.geo.stock_scale
        rect = pygame.Rect(0, 0, int(CARD_H * k), int(CARD_W * k))
        rect.center = self.geo.muestra
        return rect

    def muestra_rect(self) -> pygame.Rect:
        """Where a tap on the muestra asks for the cambio: its card, 30 px under the stock, a tap's size."""
        rect, t = self.muestra_across(), self.app.layout.touch
        zone = pygame.Rect(rect.x - 30, rect.y, rect.width + 30, rect.height)
        return zone.inflate(max(0, t - zone.width), max(0, t - zone.height))

    def stock_area(self, at_start: bool = False) -> pygame.Rect | None:
        """Where the stock (its pile's edges up and to the left too) and the muestra lie while there
        are cards to draw; None after. ``at_start``: where they lie at a hand's start, whatever now."""
        m, k = self.model, self.geo.stock_scale
        if not at_start and not m.stock and m.muestra is None:
            return None
        w, h = int(CARD_W * k), int(CARD_H * k)
        area = pygame.Rect(0, 0, w + 6, h + 12)
        area.bottomright = (self.geo.stock[0] + w // 2, self.geo.stock[1] + h // 2)
        if at_start or m.muestra is not None:
            area.union_ip(self.muestra_across())
        return area

    def trick_rects(self) -> list[pygame.Rect]:
        """Where the baza's cards on the table lie once they have arrived (their places, not where a
        card in flight is now, so what is laid out around them does not move with it)."""
        return [card_rect(self.table_slot(seat, k)) for k, (seat, _card) in enumerate(self.model.table)]

    def stock_count_rect(self) -> pygame.Rect | None:
        """Where the stock's count ("Mazo: 32") is written under it; None where it is a badge on the
        stock (a phone held sideways) or there is nothing left to draw."""
        typo, count = self.app.typo, self.stock_left()
        if not count or self.geo.stock_badge:
            return None
        rect = pygame.Rect((0, 0), typo.size(self.app.t("play.stock", n=count), 26))
        rect.center = self.geo.stock_count_at(typo.line(26))
        return rect

    def stock_left(self) -> int:
        """How many cards are left to draw, the muestra included (what the stock's count says)."""
        return self.model.stock + (1 if self.model.muestra is not None else 0)

    def trick_places(self) -> list[pygame.Rect]:
        """Every place a card of a baza may take, whoever plays it and when (each card is turned a
        little more than the one before): what stays clear of the baza is laid out once for all
        of it, and does not move as its cards come."""
        n = self.players
        return [card_rect(self.table_slot(seat, k)) for seat in range(n) for k in range(n)]

    # --- drawing --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.animator.speed = self.app.speed
        self.animator.update(dt)
        self.clock += dt
        speed = self.app.speed
        for f in self.floaters:
            f.age += dt * (speed if speed > 0 else 100.0)
            f.y -= dt * 90 * (speed if speed > 0 else 1.0)
        self.floaters = [f for f in self.floaters if f.age < Floater.LIFE]
        for seat in list(self.faces):
            rank, left = self.faces[seat]
            left -= dt
            if left <= 0:
                del self.faces[seat]
            else:
                self.faces[seat] = (rank, left)

    def covered(self) -> set[Card]:
        """Cards in the hands of seats not face up: drawn face down whatever their flip says (a
        flip still animating never shows a hand that has just been covered for the handoff)."""
        up = self.face_up_seats
        return {c for seat, cards in enumerate(self.model.hands) if seat not in up for c in cards}

    def group_of(self, card: Card) -> str:
        """Which group ``card`` lies in, for the layout audit: "hand:SEAT", "pile:SEAT", "table",
        "stock" (the muestra) or "moving"."""
        m = self.model
        for seat, cards in enumerate(m.hands):
            if card in cards:
                return f"hand:{seat}"
        for seat, cards in enumerate(m.piles):
            if card in cards:
                return f"pile:{seat}"
        if any(c == card for _seat, c in m.table):
            return "table"
        return "stock" if card == m.muestra else "moving"

    def draw_card(self, surface: pygame.Surface, v: CardView, covered: set[Card] | frozenset = frozenset(),
                  moving: bool = False) -> None:
        sprites = self.app.sprites
        squash = abs(math.cos(math.pi * v.flip)) if 0.0 < v.flip < 1.0 else 1.0
        face = v.card if v.flip >= 0.5 and v.card not in covered else None
        img = sprites.get(face, v.scale, v.angle, max(0.1, squash), exact=not moving)   # crisp at rest
        rect = img.get_rect(center=(int(v.x), int(v.y - v.lift)))
        surface.blit(sprites.shadow_of(img), rect.move(3, 5))
        if v.card in (self.highlight, self.hint, self.chosen):
            # rings 3 CSS px wide; the hint's between dark lines, the chosen card's (and a won baza's) plain gold
            ring = max(3, round(3 / self.app.layout.css_scale))
            hint = v.card == self.hint and v.card != self.chosen
            g = look.glow(rect.size, look.HINT if hint else look.HILITE, ring, look.RING_OUTLINE if hint else None)
            surface.blit(g, g.get_rect(center=rect.center))
        surface.blit(img, rect)
        if self.app.typo.record is not None:
            self.app.typo.mark(f"card:{self.group_of(v.card)}", rect)

    def draw_stock(self, surface: pygame.Surface) -> None:
        """The stock as a pile (thicker with more cards) and how many are left to draw, muestra included."""
        m = self.model
        app = self.app
        n = m.stock
        if n > 0:
            back = app.sprites.get(None, self.geo.stock_scale, 0)
            sx, sy = self.geo.stock
            layers = layers_shift(n) + 1
            for i in range(layers):
                rect = back.get_rect(center=(sx - i, sy - i * 2))
                if i == 0:
                    surface.blit(app.sprites.shadow_of(back), rect.move(4, 6))
                surface.blit(back, rect)
                self.app.typo.mark("card:stock", rect)
        count = self.stock_left()
        if count and self.geo.stock_badge:  # the number in a dark badge on the stock's lower half
            sx, sy = self.geo.stock
            text = str(count)
            tw, th = app.typo.size(text, 26, True)
            badge = pygame.Rect(0, 0, max(tw + 20, th + 8), th + 6)
            top = max(0, layers_shift(n))  # on the top card of the pile
            badge.center = (sx - top, sy - 2 * top + int(CARD_H * self.geo.stock_scale / 4))
            pygame.draw.rect(surface, (20, 40, 28), badge, border_radius=badge.height // 2)
            pygame.draw.rect(surface, look.GOLD, badge, 2, border_radius=badge.height // 2)
            app.typo.mark("badge", badge)
            app.typo.blit(surface, text, badge.center, 26, look.CREAM, bold=True, anchor="center")
        elif count:   # under the stock, where the layout keeps room for it (stock_count_rect)
            at = self.stock_count_rect().center
            app.typo.blit(surface, app.t("play.stock", n=count), at, 26, look.CREAM, anchor="center", shadow=True)

    def draw_cards(self, surface: pygame.Surface, above: bool | None = None) -> None:
        """The muestra, under the stock, first; then the stock and the others by z. ``above`` False:
        the cards at rest only; True: only those flying or under a finger (over the buttons)."""
        m, covered = self.model, self.covered()
        aloft = self.aloft()
        muestra = self.views.get(int(m.muestra)) if m.muestra is not None else None
        if muestra is not None and (above is None or (int(muestra.card) in aloft) == above):
            if self.offer_swap:
                img = self.app.sprites.get(muestra.card, muestra.scale, muestra.angle)
                g = look.glow(img.get_size(), look.HILITE)
                surface.blits([(g, g.get_rect(center=(int(muestra.x), int(muestra.y))))] * 2)   # twice: brighter
            self.draw_card(surface, muestra, moving=int(muestra.card) in aloft)
        if not above:
            self.draw_stock(surface)
        for v in self.drawing_order(aloft):
            if v is not muestra and (above is None or (int(v.card) in aloft) == above):
                self.draw_card(surface, v, covered, int(v.card) in aloft)

    def aloft(self) -> set[int]:
        """The cards flying or under a finger: drawn over the buttons, each face as it moves."""
        return {int(v.card) for v in self.animator.moving() if isinstance(v, CardView)} | {self.dragging} - {None}

    def drawing_order(self, aloft: set[int] | None = None) -> list[CardView]:
        """The views as drawn, by z (the card that came last on top), but each other player's hand at
        rest in its own order, each card over the one before it, as a fan in a hand lies: by z the
        middle card, dealt first and sorted between the others, lay under both and three face-down
        cards looked like two. (Your own hand keeps z: a tap takes the card drawn on top.)"""
        key = {int(v.card): (v.z, 0) for v in self.views.values()}
        if aloft is None:   # (draw_cards passes the set it worked out for the same frame)
            aloft = self.aloft()
        for seat, cards in enumerate(self.model.hands):
            rest = [int(c) for c in cards if int(c) in self.views and int(c) not in aloft]
            if seat != self.viewer and rest:
                top = max(self.views[c].z for c in rest)
                key.update((c, (top, 1 + i)) for i, c in enumerate(rest))
        return sorted(self.views.values(), key=lambda v: key[int(v.card)])

    def draw_floaters(self, surface: pygame.Surface) -> None:
        for f in self.floaters:
            alpha = max(0, min(255, int(255 * (1 - f.age / Floater.LIFE) ** 0.5)))
            text = self.app.typo.render(f.text, 54, look.HILITE, bold=True)
            rect = text.get_rect(center=(int(f.x), int(f.y)))
            pill = look.panel(rect.inflate(24, 4).size, 220, 22).copy()
            pill.blit(text, text.get_rect(center=pill.get_rect().center))
            pill.set_alpha(alpha)
            surface.blit(pill, pill.get_rect(center=rect.center))


class TableScene(Scene):
    """A scene drawn on the table view (deal, play, scoring): the view passes from one to the next."""

    def __init__(self, app: Any, table: TableView | None = None, **handed: Any) -> None:
        super().__init__(app, **handed)
        self.table = table

    def ensure_table(self) -> "TableView":
        """The table view handed over by the previous scene, or one showing the hand as it is."""
        if self.table is None:
            session = self.app.session
            self.table = TableView(self.app, session.hand.players, session.viewer)
            self.table.set_viewer(session.viewer, session.face_up())  # people passing the device: covered
            self.table.sync(session.hand)
        return self.table

    def relayout(self) -> None:
        """The screen changed: every card to its new place (in flight: lands there); a baza's "+N" rising
        moves with the screen as a card in flight does (a 1-px twitch of the address bar took it early),
        and goes where the phone turned (it stood where the winning card had been)."""
        if self.table is not None:
            (ow, oh) = self.table.laid_for
            self.table.retarget()
            (nw, nh) = self.table.laid_for
            if (ow > oh) != (nw > nh):
                self.table.floaters.clear()
            for f in self.table.floaters:
                f.x, f.y = f.x * nw / ow, f.y * nh / oh

    def moving(self) -> bool:
        return (t := self.table) is not None and (t.animator.busy or bool(t.floaters) or t.dragging is not None)
