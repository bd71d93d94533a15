"""Passing the device: a screen that covers every hand until the next person taps.

Why: people sharing one phone or laptop must never see each other's cards.  When the next
person to act is not the one holding the device (and after a resume), the play scene covers
the table and hands over to this scene, which draws no card at all, only whose turn it is.
A tap (once the screen has stood a moment) or Enter/Space by that person gives them the device
(``Session.take_device``): the table turns so their seat is at the bottom and only their hand is
face up.  "Menú" (or Esc) leaves for the menu (the match is saved as it stands).
"""

from __future__ import annotations

from typing import Any, Optional

import pygame

from game.ui import look
from game.ui.inputmap import Key, Pointer
from game.ui.scene import Go, register
from game.ui.scenes.common import Aside
from game.ui.scenes.table import TableScene
from game.ui.seats import display_name
from game.ui.widgets import Button, ButtonBar

TAP_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@register
class HandoffScene(Aside, TableScene):
    """Covers the table for ``seat``; ``then`` is the scene that follows the tap (the play scene)."""

    name = "handoff"

    def __init__(self, app: Any, table: Any = None, seat: int | None = None, then: str = "play", **handed: Any) -> None:
        super().__init__(app, table=table, **handed)
        self.seat = seat
        self.then = then
        self.pressed = False

    #: Seconds the screen stands before a tap takes the device: the second tap of a double tap on the
    #: card just played (0.15-0.3 s later) would show the next person's hand to this one. Its prompt
    #: is drawn faint until then. Keys wait as well: Enter pressed on through "Siguiente mano" and the
    #: deal ("Intro: saltar") would land here and show the next hand.
    GUARD = 0.6
    #: Seconds the hand takes to turn face up once the device is taken, on the play scene: the cover is
    #: seen to lift. It then takes no card for ``GUARD`` more (``PlayScene.live``): shown face up and live
    #: in the tap's own frame, a second tap 0.35-0.8 s later played the card under the finger, unseen.
    REVEAL = 0.3

    def startup(self) -> None:
        session = self.app.session
        session.cover()
        if self.seat is None:
            self.seat = session.hand.turn if session.is_human(session.hand.turn) else session.human_seats[0]
        self.ensure_table()
        self.table.set_viewer(session.viewer, set())  # nothing face up behind this screen
        self.table.faces.clear()   # a seña's face was for the one who held the device, not the next
        self.table.animator.finish_all()
        self.table.snap()
        self.relayout()

    def relayout(self) -> None:
        super().relayout()
        self.bar = ButtonBar([Button(self.menu_rect(), "play.menu", "menu", pygame.K_ESCAPE, size=26)])

    def menu_rect(self) -> pygame.Rect:
        """"Menú" as big as the play screen's, in the top right corner, out of the way of the thumb
        that taps the screen to go on: full width along the bottom, a shaking hand's triple tap there
        left the match for the menu (1 of 60)."""
        lay = self.app.layout
        rect = pygame.Rect((0, 0), lay.hud.buttons["menu"].size)
        rect.topright = (lay.w - 12, 12)
        return rect

    @property
    def who(self) -> str:
        return display_name(self.app.words, self.app.session, self.seat)

    def last_baza(self) -> str | None:
        """The last baza's result, said again to the one taking the device: its winner had seen it said
        to the one holding it, then the cover came, and "Tu turno" alone never told them. Only what
        the whole table saw: who won it and, with the points shown, how many (no card, no seña)."""
        session = self.app.session
        if not session.hand.tricks or session.hand.over:
            return None
        trick = session.hand.tricks[-1]
        key = ("handoff.last" if trick.points else "handoff.last_zero") if session.options.show_score \
            else "handoff.last_hidden"
        return self.app.t(key, name=display_name(self.app.words, session, trick.winner), points=trick.points)

    def take(self) -> Go:
        session = self.app.session
        session.take_device(self.seat)
        table = self.table
        table.set_viewer(self.seat, session.face_up())
        table.snap()
        return Go(self.then, table=table, reveal=self.REVEAL, guard=self.GUARD)

    def handle_event(self, event) -> Optional[Go]:
        if self.bar.handle(event) == "menu":
            session = self.app.session
            if not session.demo and not session.hand.over:
                self.app.store.save_match(session.to_save())
            return Go("menu")
        if self.clock < self.GUARD:   # a tap or a key meant for the screen before: Enter pressed on
            return None               # through "Siguiente mano" and the deal showed the next hand
        if isinstance(event, Key) and event.key in TAP_KEYS:
            return self.take()
        if isinstance(event, Pointer) and not any(b.hit(event.pos) for b in self.bar.buttons):
            if event.kind == "cancel":
                self.pressed = False
            elif event.kind == "down":
                self.pressed = True
            elif event.kind == "up" and self.pressed:  # a whole tap: the finger that gave it is gone
                return self.take()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        surface.blit(look.felt(lay.size), (0, 0))  # the table is not drawn: no card, no hand
        box = pygame.Rect(lay.hud.overlay)
        menu = self.bar.buttons[0].rect
        if box.colliderect(menu.inflate(0, 20)):   # below the menu button (a short screen sideways: it ran
            top = menu.bottom + 10                  # under it), as far down as the screen lets it
            box = pygame.Rect(box.x, top, box.width, min(box.bottom + top - box.top, lay.h - 12) - top)
        typo = app.typo
        name = self.who
        title = app.t("handoff.title", name=name)
        room = box.width - 40
        size = typo.fit(title, 44, room, True)   # smaller, else on two lines: "… a Guadalupe" whole
        heads = [title] if typo.size(title, size, True)[0] <= room else typo.wrap(title, size, room, True)[:2]
        last = self.last_baza()
        last_h = self.lines_h(last, 24, room)
        tap = app.t("handoff.tap" if lay.show_keys else "handoff.tap_touch", name=name)  # Intro: a key
        lines = typo.wrap(tap, 28, box.width - 60)[:3]
        note = self.aside_said() or app.t("handoff.private")   # a file dropped here: on the box's foot, for a while
        box, last_y, tap_y = self.stack(box, menu, len(heads) * typo.line(size), last_h, len(lines) * typo.line(28),
                                        self.lines_h(note, 22, box.width - 40, 4))
        surface.blit(look.panel(box.size, 235), box)
        for i, part in enumerate(heads):
            typo.blit(surface, part, (box.centerx, box.y + 20 + i * typo.line(size) + typo.line(size) // 2), size,
                      look.GOLD, bold=True, anchor="center", shadow=True, width=room)
        if last is not None:   # under the title, in the status line's colour for what happened
            typo.blit_fit(surface, last, (box.centerx, last_y), 24, room, look.HILITE, anchor="midtop")
        colour = look.CREAM if self.clock >= self.GUARD else look.BUTTON_OFF   # faint: a tap does not count yet
        for i, line in enumerate(lines):
            y = tap_y + (2 * i - len(lines) + 1) * typo.line(28) // 2
            typo.blit(surface, line, (box.centerx, y), 28, colour, anchor="center")
        typo.blit_fit(surface, note, (box.centerx, box.bottom - 14), 22, box.width - 40, look.MUTED, anchor="midbottom",
                      max_lines=4)   # (a dropped file's answer whole: two lines cut "no se ha abierto")
        self.bar.draw(surface, app)

    def lines_h(self, text: str | None, size: int, width: int, max_lines: int = 2) -> int:
        """How tall ``text`` stands drawn by ``Typography.blit_fit`` (0: none)."""
        if text is None:
            return 0
        size, lines = self.app.typo.fit_lines(text, size, width, max_lines)
        return self.app.typo.line(size) * len(lines)

    def stack(self, box: pygame.Rect, menu: pygame.Rect, heads_h: int, last_h: int, tap_h: int,
              note_h: int) -> tuple[pygame.Rect, int, int]:
        """The box, the top of the last baza's lines and the middle of the tap's: the title at the top,
        the last baza under it, the tap's lines in the middle and the note at the bottom, as the box
        is laid out, where they stand apart; else (a square screen with large text: the last baza ran
        across the tap's lines) one under the other, the box grown about its middle to hold them."""
        last_y = box.y + 34 + heads_h
        tap_top = box.centery - tap_h // 2
        if (last_y + last_h if last_h else box.y + 20 + heads_h) <= tap_top \
                and tap_top + tap_h <= box.bottom - 14 - note_h:
            return box, last_y, box.centery
        gap = 14
        need = 20 + heads_h + (gap + last_h if last_h else 0) + 2 * gap + tap_h + note_h + 14
        lay = self.app.layout
        grown = pygame.Rect(box.x, 0, box.width, min(max(box.height, need), lay.h - 24))
        grown.centery = box.centery
        if grown.colliderect(menu.inflate(0, 20)):
            grown.top = menu.bottom + 10
        grown.bottom = min(grown.bottom, lay.h - 12)
        spare = max(0, grown.height - need) // 2   # around the tap's lines
        last_y = grown.y + 20 + heads_h + gap
        tap_top = (last_y + last_h if last_h else grown.y + 20 + heads_h) + gap + spare
        return grown, last_y, tap_top + tap_h // 2
