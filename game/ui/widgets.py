"""Buttons, labels and scrolling: every action has a key, shown on the button.

Why: the same widget answers a click, a tap and a key, so keyboard and touch behave alike.
Labels are catalogue keys, looked up at draw time so a language change shows at once.
The option lists (rows of choices) are ``game.ui.option_list``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui import look
from game.ui.inputmap import Key, Pointer, Wheel
from game.ui.text import cut_short


KEY_WORDS = {pygame.K_RETURN: "key.return", pygame.K_ESCAPE: "key.escape", pygame.K_DELETE: "key.delete"}
#: Keys that press a button as its own key does: the keypad's Enter is Enter (a player playing cards
#: with the keypad's 1-3 pressed its Enter on "Empezar", "Siguiente mano" or "Seguir" for nothing).
SAME_KEY = {pygame.K_KP_ENTER: pygame.K_RETURN}


#: Keys shown on a button as a drawn arrow (the bundled font has no arrow glyphs), by the label
#: :func:`key_label` gives them.
ARROWS = {pygame.K_LEFT: "<-", pygame.K_RIGHT: "->"}
ARROW_W = 18


def key_label(key: int | None, app: Any = None) -> str:
    """The key shown on a button: a catalogue word for named keys, an arrow's own label (drawn by
    :func:`draw_arrow`), else the key's letter."""
    if key is None:
        return ""
    if key in ARROWS:
        return ARROWS[key]
    if key in KEY_WORDS and app is not None:
        return app.t(KEY_WORDS[key])
    return pygame.key.name(key).upper()


@dataclass
class Button:
    rect: pygame.Rect
    label: str  # catalogue key
    action: str
    hotkey: int | None = None
    enabled: bool = True
    primary: bool = False
    size: int = 30
    fmt: dict = field(default_factory=dict)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, app: Any, hover: bool = False, pressed: bool = False) -> None:
        rect = self.rect.move(0, 2 if pressed else 0)
        shadow = rect.move(0, 4)   # (a square of "transparent" black under it drew black corners)
        pygame.draw.rect(surface, (8, 40, 22), shadow, border_radius=12)
        if not self.enabled:
            color = look.BUTTON_OFF
        elif self.primary:
            color = (255, 204, 96) if hover else look.PRIMARY
        else:
            color = look.BUTTON_HOVER if hover else look.BUTTON
        pygame.draw.rect(surface, color, rect, border_radius=12)
        pygame.draw.rect(surface, (90, 70, 30), rect, 2, border_radius=12)
        text = app.t(self.label, **self.fmt)
        ink = look.INK_OFF if not self.enabled else look.INK
        kl, room = self._key_and_room(app)
        if kl in ARROWS.values():
            draw_arrow(surface, pygame.Rect(rect.right - 10 - ARROW_W, rect.centery - 6, ARROW_W, 12), kl == "<-")
            cx = rect.x + 8 + room // 2
        elif kl:
            app.typo.blit(surface, kl, (rect.right - 10, rect.centery), 20, look.KEY_ON_BUTTON, anchor="midright")
            cx = rect.x + 8 + room // 2
        else:
            cx = rect.centerx
        draw_label(surface, app, text, (cx, rect.centery + 1), self.size, ink, room, rect.height - 4)

    def _key_and_room(self, app: Any) -> tuple[str, int]:
        """The key shown at the right (none on phones) and the width left for the label."""
        kl = key_label(self.hotkey, app) if app.layout.show_keys else ""  # no keyboard help on phones
        room = self.rect.width - 16
        width = ARROW_W if kl in ARROWS.values() else app.typo.size(kl, 20)[0]
        return kl, (room - width - 6 if kl else room)

    def fits(self, app: Any) -> bool:
        """Does the label fit the button on one line (at its size or smaller, not under the floor)?"""
        text = app.t(self.label, **self.fmt)
        room = self._key_and_room(app)[1]
        return app.typo.fits_line(text, self.size, room)


def draw_arrow(surface: pygame.Surface, box: pygame.Rect, left: bool) -> None:
    """An arrow key's mark in ``box``: a shaft and a head, pointing left or right."""
    y = box.centery
    tip, tail = (box.left, box.right) if left else (box.right, box.left)
    back = tip + (7 if left else -7)
    pygame.draw.line(surface, look.KEY_ON_BUTTON, (tail, y), (back, y), 3)
    pygame.draw.polygon(surface, look.KEY_ON_BUTTON, [(tip, y), (back, box.top), (back, box.bottom)])


class ButtonBar:
    """A set of buttons: a press and release on the same button, or its key, triggers its action.

    With ``keys_move_focus`` the arrow keys (and Tab) move a focus over the enabled buttons and
    Enter or Space presses the focused one, so a screen of buttons works from the keyboard alone.
    """

    NEXT = (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB)
    PREV = (pygame.K_UP, pygame.K_LEFT)

    def __init__(self, buttons: list[Button] | None = None, keys_move_focus: bool = False) -> None:
        self.buttons: list[Button] = buttons or []
        self.pressed: Button | None = None
        self.hover: Button | None = None
        self.keys_move_focus = keys_move_focus
        self.focus: int | None = None

    def move_focus(self, step: int) -> None:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            self.focus = None
            return
        if self.focus not in enabled:
            self.focus = enabled[0] if step > 0 else enabled[-1]
            return
        self.focus = enabled[(enabled.index(self.focus) + step) % len(enabled)]

    def handle(self, event: Any) -> str | None:
        if isinstance(event, Key):
            key = SAME_KEY.get(event.key, event.key)
            if self.keys_move_focus:
                if event.key in self.NEXT or event.key in self.PREV:   # Shift+Tab: back, as everywhere
                    back = event.key in self.PREV or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                    self.move_focus(-1 if back else 1)
                    return None
                focused = self.buttons[self.focus] if self.focus is not None and self.focus < len(self.buttons) else None
                if key in (pygame.K_RETURN, pygame.K_SPACE) and focused is not None and focused.enabled:
                    return focused.action
            for b in self.buttons:
                if b.enabled and b.hotkey is not None and key == b.hotkey:
                    return b.action
            return None
        if isinstance(event, Pointer):
            target = next((b for b in self.buttons if b.hit(event.pos)), None)
            if event.kind == "cancel":
                self.hover = self.pressed = None
            elif event.kind == "move":
                self.hover = target
            elif event.kind == "down":
                self.pressed = target
            elif event.kind == "up":
                pressed, self.pressed = self.pressed, None
                if event.touch:   # a finger lifted is over no button (tapped with a wobble, one stayed lit after)
                    self.hover = None
                if target is not None and target is pressed:
                    return target.action
        return None

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(surface, app, hover=b is self.hover and b.enabled, pressed=b is self.pressed)
            if i == self.focus and b.enabled:   # light inside dark: seen on the gold buttons and on the felt
                pygame.draw.rect(surface, look.INK, b.rect.inflate(14, 14), 3, border_radius=16)
                pygame.draw.rect(surface, look.HILITE, b.rect.inflate(8, 8), 3, border_radius=14)


#: CSS px what a finger or the mouse holds (a button, a card's place in the hand: ``PlayScene.keeps_press``;
#: the window itself, ``App.resize``) may move in a new layout of the same form and stay held: about a
#: tap's wander (an address bar sliding a few px moves the whole bottom row with the screen's edge).
HELD_SLOP = 12


def hardly_moved(old: Any, a: tuple[float, float], new: Any, b: tuple[float, float]) -> bool:
    """Did a point at ``a`` in layout ``old`` (logical px), now at ``b`` in ``new``, move ``HELD_SLOP``
    CSS px or less (|dx| + |dy|)?"""
    return (abs(a[0] * old.css_scale - b[0] * new.css_scale)
            + abs(a[1] * old.css_scale - b[1] * new.css_scale)) <= HELD_SLOP


def page_hardly_changed(old: Any, new: Any) -> bool:
    """Did the page keep its form and change by ``HELD_SLOP`` CSS px or less (|dw| + |dh| of the
    screens the layouts ``old`` and ``new`` were made for)? The one rule for a press kept through a
    resize: a finger's tap on a row or a key (``App.resize``), on the score panel or the muestra
    (``PlayScene.keeps_press``). (Measured on the logical sizes, rounded, a page 12 px narrower read
    as 12.2 there and 12 here.)"""
    return old.form == new.form and abs(new.window[0] - old.window[0]) + abs(new.window[1] - old.window[1]) <= HELD_SLOP


def held_buttons(scene: Any) -> dict:
    """The buttons a finger or the mouse holds down on ``scene`` now, by the name of their row: what
    ``hold_again`` keeps through a new layout (the rows are built again)."""
    return {name: bar.pressed for name, bar in vars(scene).items()
            if isinstance(bar, ButtonBar) and bar.pressed is not None}


def hold_again(scene: Any, held: dict, old: Any, new: Any) -> None:
    """After a new layout (``old`` to ``new``), the buttons ``held`` before stay held, each in its row built
    again, when the form is the same and the button moved ``HELD_SLOP`` CSS px or less: lifted on it, it is
    pressed. The address bar sliding by a pixel while the finger was down lost the tap of "Empezar",
    "Siguiente mano", a question's "Sí" (reviewer, round 39); the phone turned, it is let go as before."""
    if old.form != new.form:
        return
    for name, was in held.items():
        bar = getattr(scene, name, None)
        now = next((b for b in bar.buttons if b.action == was.action), None) if isinstance(bar, ButtonBar) else None
        if now is None:
            continue
        if hardly_moved(old, was.rect.center, new, now.rect.center):
            bar.pressed = now


def names_stagger(app: Any, names: list[str], step: float, size: int) -> bool:
    """Would a name under a row of cards ``step`` apart be cut even smaller (``Typography.fit_name``)?
    Then :func:`draw_names` puts them on two staggered lines."""
    return not all(app.typo.name_whole(name, size, int(step) - 6, bold=False) for name in names)


def draw_names(surface: pygame.Surface, app: Any, names: list[str], xs: list[int], y: int, step: float, size: int,
               color, bounds: tuple[int, int], stagger: bool) -> None:
    """Each of ``names`` centred under its card at ``xs`` (``step`` apart), from ``y``: smaller (or at
    the normal size) before it is cut; ``stagger``: every second name a line lower, each as wide as
    two cards (within ``bounds``, left and right)."""
    typo = app.typo
    for i, (name, x) in enumerate(zip(names, xs)):
        room, top = int(step) - 6, y
        if stagger:
            room = min(2 * int(step) - 6, 2 * min(x - bounds[0], bounds[1] - x) - 8)
            top += (i % 2) * typo.line(size)
        fitted, plain = typo.fit_name(name, size, room, bold=False)
        with typo.unscaled(plain):
            typo.blit(surface, name, (x, top), fitted, color, anchor="midtop", width=room)


def would_cut(app: Any, text: str, size: int, width: int, height: int) -> bool:
    """Would :func:`draw_label` cut ``text`` short ("…") in a ``width`` x ``height`` box?"""
    return cut_short(app.typo.fit_whole(text, size, width, height=height)[1], text)


def draw_label(surface: pygame.Surface, app: Any, text: str, center: tuple[int, int], size: int, color,
               width: int, height: int) -> None:
    """``text`` centred in a ``width`` x ``height`` box: smaller if it is too wide, else on two lines."""
    typo = app.typo
    size, lines, plain = typo.fit_whole(text, size, width, height=height)  # what does not fit is cut short
    with typo.unscaled(plain):
        line = typo.line(size)
        y = center[1] - (len(lines) - 1) * line // 2
        for i, part in enumerate(lines):
            typo.blit(surface, part, (center[0], y + i * line), size, color, anchor="center")


def scrollbar(surface: pygame.Surface, x: int, view: pygame.Rect, total: int, scroll: int) -> None:
    """A thin bar at ``x`` along ``view``: how much of ``total`` px of content is in view (``scroll``
    px scrolled up), and where."""
    bar = pygame.Rect(x, view.y, 6, max(24, view.height * view.height // total))
    bar.y += (view.height - bar.height) * scroll // max(1, total - view.height)
    pygame.draw.rect(surface, look.MUTED, bar, border_radius=3)


class Scroller:
    """A tall content scrolled in a view (the rules, the statistics): ↑↓ and the page keys, the
    wheel (three lines a notch), a finger or the mouse dragging it. ``scroll``: logical px scrolled up."""

    KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8}

    def __init__(self) -> None:
        self.scroll = 0
        self.drag: tuple[int, int] | None = None  # (finger y, scroll) when the drag began

    def handle(self, event: Any, area: pygame.Rect, line: int) -> None:
        """Scroll by ``event``: a key by ``line`` px, a drag that began in ``area``."""
        if isinstance(event, Key):
            self.scroll += self.KEYS.get(event.key, 0) * line
        elif isinstance(event, Wheel):
            self.scroll -= event.dy * 3 * line
        elif isinstance(event, Pointer):
            if event.kind == "down" and area.collidepoint(event.pos):
                self.drag = (event.pos[1], self.scroll)
            elif event.kind == "move" and self.drag is not None:
                self.scroll = self.drag[1] - (event.pos[1] - self.drag[0])
            elif event.kind in ("up", "cancel"):
                self.drag = None

    def clamp(self, total: int, view: int) -> int:
        """Keep the scroll inside ``total`` px of content seen through ``view`` px; returns it."""
        self.scroll = max(0, min(self.scroll, total - view))
        return self.scroll
