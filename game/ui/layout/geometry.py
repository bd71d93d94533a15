"""What a layout is: the records every scene reads its places from, and the measures they are drawn to.

Why apart from the package's ``__init__``: these are the layout's data (frozen records of places,
what fingers and eyes need, the card's size), read by the scenes and by both forms' functions in
``forms``; choosing a form and computing it (``compute``) is the package's own work. The package
gives every name here out, so ``layout.Layout``, ``layout.CARD_W`` and the rest read as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

#: The desktop design size: every figure of the desktop form was drawn for it.
DESIGN = (1280, 720)

#: Where each seat sits, by number of players, counted from the local player at the bottom.
PLACES = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left")}

#: What fingers and eyes need, in CSS px (issue 10).
MIN_TAP_CSS = 44
MIN_TEXT_CSS = 12
MIN_HAND_CARD_CSS = 70
MIN_GAP_CSS = 8   # between a row of buttons and the hand's tap zone under it, where the buttons can spare it
CARD_SLOP = 10  # logical px: a tap this far above or below a card of your hand still takes it
MIN_SCREEN = 240  # CSS px: the smallest side laid out as it is (smaller: laid out as this, then shrunk)
LARGE_TEXT = 1.25
SHORT = 720  # logical px of a screen's short side
MAX_ASPECT = 2.6  # beyond this the picture keeps 2.6:1 and the rest is margin (a Fold's cover screen: 344x882, 2.56:1)
CARD_W, CARD_H = 112, 172  # the card art's size at scale 1 (sprites.CARD_W/H)
PILE_LAYERS, PILE_STEP = 6, 1.5  # a won pile shows at most six layers, each this many px up and right of the last


@dataclass(frozen=True)
class TableGeometry:
    """Where the cards and the people around the table are."""

    center: tuple[int, int]
    stock: tuple[int, int]
    muestra: tuple[int, int]
    hand_at: dict[str, tuple[int, int]]
    avatar_at: dict[str, tuple[int, int]]
    pile_at: dict[str, tuple[int, int]]
    play_at: dict[str, tuple[int, int]]  # offset of a played card from the centre, per place
    play_angle: dict[str, int]
    hand_step: int = 128  # between the local player's cards
    side_step: int = 52  # between the other players' cards
    hand_scale: float = 1.0
    side_scale: float = 0.62
    pile_scale: float = 0.5
    table_scale: float = 0.92
    drop_zone: pygame.Rect = field(default_factory=lambda: pygame.Rect(300, 140, 680, 380))
    stock_scale: float = 1.0  # the stock and the muestra
    side_fan: str = "down"  # how the left/right players' cards lie: "down" (a column) or "across" (a row)
    name_width: int = 240  # room for a player's name and level under the avatar
    stock_badge: bool = False  # the stock's count on the stock itself, not under it (no room under it)
    sub_lines: int = 2  # lines for a player's level under the name (1: the level's word alone if it must)
    hand_slop: int = CARD_SLOP  # a tap this far above or below a card of your hand still takes it

    def stock_count_at(self, text_line: int) -> tuple[int, int]:
        """The centre of the stock's count ("Mazo: 8", a line ``text_line`` tall) under the stock."""
        return self.stock[0] + 30, self.stock[1] + int(CARD_H * self.stock_scale / 2) + text_line // 2 + 6


@dataclass(frozen=True)
class HudGeometry:
    """The play screen's panels and buttons."""

    trump: pygame.Rect
    score: pygame.Rect  # top-left and width; the height follows the lines shown
    message_y: int  # centre of the whose-turn / last-event line
    reason_bottom: int  # a hint's reason sits above the message
    keys_y: int  # the keys help line at the top
    buttons: dict[str, pygame.Rect]  # last, hint, swap, menu
    sena_title: tuple[int, int]
    sena_buttons: tuple[pygame.Rect, ...]
    overlay: pygame.Rect  # the last-baza box
    overlay_step: int = 130
    overlay_scale: float = 0.8
    reason_width: int = 600


@dataclass(frozen=True)
class MenuGeometry:
    """The menu and the screens reached from it."""

    title_y: int
    subtitle_y: int
    column: pygame.Rect  # the first menu button; the others follow below
    column_step: int
    saved_y: int
    fan_left: tuple[int, int]
    fan_right: tuple[int, int]
    list_left: int
    list_width: int
    row_h: int
    back: pygame.Rect
    pair_left: pygame.Rect  # two buttons side by side (back / start, next / menu)
    pair_right: pygame.Rect
    list_top: int = 100  # the first row of an option list
    list_columns: int = 1  # option lists in this many columns
    list_stacked: bool = False  # a row's label above its value (narrow screens)
    value_width: int = 290  # the value box with its arrows
    arrow_width: int = 50  # each arrow's tap zone at the ends of the value box
    touch: int = 44  # the smallest tap target (the layout's): an arrow's tap box is at least this tall
    screen_title_y: int = 50  # a screen's title (options, settings, rules, statistics, scoring)
    content: pygame.Rect = field(default_factory=lambda: pygame.Rect(80, 90, 1120, 530))  # between title and buttons
    stacked_panels: bool = False  # scoring panels one above the other
    fan_scale: float = 1.0  # the menu's two fans of cards
    column_count: int = 1  # menu buttons in this many columns (side by side, ``column`` is the first)
    column_bottom: int | None = None  # the menu's buttons end above this (the saved match's line) ...
    column_top_min: int = 0  # ... closing their gaps, then rising no higher than this (under the subtitle)
    list_bottom: int = 620  # an option list ends above this (the bottom buttons); rows shrink to fit
    list_min_row: int = 52  # ... but never under this (a tap target and, stacked, its label)
    inline_row_h: int = 52  # when stacked rows do not fit: label and value side by side, these sizes
    inline_min_row: int = 52
    inline_value_width: int = 290


@dataclass(frozen=True)
class Layout:
    """Every place on the screen, for one screen size."""

    form: str  # "desktop", "phone-landscape", "phone", "tablet"
    size: tuple[int, int]  # the logical surface the scenes draw on
    css_scale: float  # CSS pixels per logical pixel
    text_scale: float  # the large-text setting: multiplies every font size
    table: TableGeometry
    hud: HudGeometry
    menu: MenuGeometry
    touch: int = 44  # the smallest tap target, logical px
    font_floor: int = 18  # the smallest font size (px) whose letters stand 12 CSS px tall
    show_keys: bool = True  # keyboard help (only on the desktop form: phones and tablets are touched)
    # the screen it was made for, CSS px, as given (what a resize is measured by: ``widgets.page_hardly_changed``)
    window: tuple[int, int] = field(default=(0, 0), compare=False)

    @property
    def w(self) -> int:
        return self.size[0]

    @property
    def h(self) -> int:
        return self.size[1]

    @property
    def cx(self) -> int:
        return self.size[0] // 2

    @property
    def tap_wander(self) -> int:
        """Logical px a tap may wander and stay a tap (an unsteady hand): a quarter of a tap target."""
        return self.touch // 4

    @property
    def portrait(self) -> bool:
        return self.form in ("phone", "tablet")

    @property
    def panel(self) -> pygame.Rect:
        """The box for a full-screen panel (rules, statistics, a confirmation, an overlay's text)."""
        return self.menu.content

    def rect(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    def css(self, logical: float) -> float:
        return logical * self.css_scale

    def split(self, area: pygame.Rect, n: int, gap: int = 16, stacked: bool | None = None) -> list[pygame.Rect]:
        """``area`` cut into ``n`` panels side by side (or one above the other when stacked)."""
        stacked = self.menu.stacked_panels if stacked is None else stacked
        n = max(1, n)
        if stacked:
            h = (area.height - gap * (n - 1)) // n
            return [pygame.Rect(area.x, area.y + i * (h + gap), area.width, h) for i in range(n)]
        w = (area.width - gap * (n - 1)) // n
        return [pygame.Rect(area.x + i * (w + gap), area.y, w, area.height) for i in range(n)]
