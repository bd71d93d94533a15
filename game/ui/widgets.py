"""Buttons and option lists: every action has a key, shown on the button.

Why: the same widget answers a click, a tap and a key, so keyboard and touch behave alike.
Labels are catalogue keys, looked up at draw time so a language change shows at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.ui import look
from game.ui.inputmap import Key, Pointer


KEY_WORDS = {pygame.K_RETURN: "key.return", pygame.K_ESCAPE: "key.escape", pygame.K_DELETE: "key.delete"}


def key_label(key: int | None, app: Any = None) -> str:
    """The key shown on a button: a catalogue word for named keys, else the key's letter."""
    if key is None:
        return ""
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
        shadow = rect.move(0, 4)
        pygame.draw.rect(surface, (0, 0, 0, 0), shadow)
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
        ink = (60, 60, 60) if not self.enabled else look.INK
        kl = key_label(self.hotkey, app)
        if kl:
            kr = app.typo.blit(surface, kl, (rect.right - 10, rect.centery), 20, (110, 90, 50), anchor="midright")
            cx = rect.centerx - (kr.width + 6) // 2
        else:
            cx = rect.centerx
        app.typo.blit(surface, text, (cx, rect.centery + 1), self.size, ink, anchor="center")


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
            if self.keys_move_focus:
                if event.key in self.NEXT or event.key in self.PREV:
                    self.move_focus(1 if event.key in self.NEXT else -1)
                    return None
                focused = self.buttons[self.focus] if self.focus is not None and self.focus < len(self.buttons) else None
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused is not None and focused.enabled:
                    return focused.action
            for b in self.buttons:
                if b.enabled and b.hotkey is not None and event.key == b.hotkey:
                    return b.action
            return None
        if isinstance(event, Pointer):
            target = next((b for b in self.buttons if b.hit(event.pos)), None)
            if event.kind == "move":
                self.hover = target
            elif event.kind == "down":
                self.pressed = target
            elif event.kind == "up":
                pressed, self.pressed = self.pressed, None
                if target is not None and target is pressed:
                    return target.action
        return None

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(surface, app, hover=b is self.hover and b.enabled, pressed=b is self.pressed)
            if i == self.focus and b.enabled:
                pygame.draw.rect(surface, look.HILITE, b.rect.inflate(8, 8), 3, border_radius=14)


def arrow(surface: pygame.Surface, center: tuple[int, int], direction: int, color=(140, 100, 40)) -> None:
    """A small triangle pointing left (-1) or right (1)."""
    x, y = center
    pygame.draw.polygon(surface, color, [(x + 7 * direction, y), (x - 6 * direction, y - 9), (x - 6 * direction, y + 9)])


@dataclass
class OptionRow:
    label: str  # catalogue key
    values: list
    index: int
    text: Callable[[Any], str]  # value -> shown text (from the catalogue)
    visible: Callable[[], bool] = lambda: True

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def change(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)


class OptionList:
    """Rows of choices: ↑↓ select, ←→ change, click a row (or its arrows) to change it."""

    ROW_H = 52

    def __init__(self, rows: list[OptionRow], top: int, left: int = 220, width: int = 840) -> None:
        self.rows = rows
        self.top, self.left, self.width = top, left, width
        self.selected = 0

    def shown(self) -> list[OptionRow]:
        return [r for r in self.rows if r.visible()]

    def rect_of(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.left, self.top + i * self.ROW_H, self.width, self.ROW_H - 6)

    def handle(self, event: Any) -> bool:
        """Returns True when a value changed."""
        rows = self.shown()
        if not rows:
            return False
        self.selected = min(self.selected, len(rows) - 1)
        if isinstance(event, Key):
            if event.key in (pygame.K_UP, pygame.K_w):
                self.selected = (self.selected - 1) % len(rows)
            elif event.key in (pygame.K_DOWN, pygame.K_s):
                self.selected = (self.selected + 1) % len(rows)
            elif event.key in (pygame.K_LEFT, pygame.K_a):
                rows[self.selected].change(-1)
                return True
            elif event.key in (pygame.K_RIGHT, pygame.K_d, pygame.K_SPACE):
                rows[self.selected].change(1)
                return True
            return False
        if isinstance(event, Pointer) and event.kind == "down":
            for i, row in enumerate(rows):
                rect = self.rect_of(i)
                if rect.collidepoint(event.pos):
                    self.selected = i
                    left_arrow = event.pos[0] < rect.right - 300 + 50 and event.pos[0] > rect.right - 300
                    row.change(-1 if left_arrow else 1)
                    return True
        return False

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        rows = self.shown()
        for i, row in enumerate(rows):
            rect = self.rect_of(i)
            sel = i == self.selected
            surface.blit(look.panel(rect.size, 200 if sel else 120, 10), rect)
            if sel:
                pygame.draw.rect(surface, look.GOLD, rect, 2, border_radius=10)
            app.typo.blit(surface, app.t(row.label), (rect.x + 18, rect.centery), 30, look.CREAM, anchor="midleft")
            vr = pygame.Rect(rect.right - 300, rect.y + 6, 290, rect.height - 12)
            pygame.draw.rect(surface, (240, 230, 205), vr, border_radius=8)
            arrow(surface, (vr.x + 16, vr.centery), -1)
            arrow(surface, (vr.right - 16, vr.centery), 1)
            app.typo.blit(surface, row.text(row.value), vr.center, 27, look.INK, anchor="center")
