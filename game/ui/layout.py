"""Layout as data: the logical screen and every rectangle the scenes draw in, from the screen's size.

Why: scenes never hold coordinates. ``compute(window)`` picks a form (desktop today; phones and
tablets build on this) and returns a :class:`Layout` whose fields name every place on screen:
where each seat's hand, avatar and won pile lie, the table, stock and muestra, the HUD panels, the
buttons of each screen. The app computes it at start and again on every resize or rotation and
hands it to the scene (``Scene.relayout``); a scene reads ``self.app.layout``.

Coordinates are logical pixels of the surface the scenes draw on (``Layout.size``);
``Layout.css_scale`` turns them into CSS pixels of the page (what fingers and eyes measure).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

#: The desktop design size: every figure below was drawn for it.
DESIGN = (1280, 720)

#: Where each seat sits, by number of players, counted from the local player at the bottom.
PLACES = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left")}


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


@dataclass(frozen=True)
class MenuGeometry:
    """The menu and the screens reached from it."""

    title_y: int
    subtitle_y: int
    column: pygame.Rect  # the first menu button; the others follow below
    column_step: int
    problems_y: int
    saved_y: int
    fan_left: tuple[int, int]
    fan_right: tuple[int, int]
    list_left: int
    list_width: int
    row_h: int
    back: pygame.Rect
    pair_left: pygame.Rect  # two buttons side by side (back / start, next / menu)
    pair_right: pygame.Rect


@dataclass(frozen=True)
class Layout:
    """Every place on the screen, for one screen size."""

    form: str  # "desktop" (more forms build on this)
    size: tuple[int, int]  # the logical surface the scenes draw on
    css_scale: float  # CSS pixels per logical pixel
    text_scale: float  # multiplies every font size (the large-text setting)
    table: TableGeometry
    hud: HudGeometry
    menu: MenuGeometry

    @property
    def w(self) -> int:
        return self.size[0]

    @property
    def h(self) -> int:
        return self.size[1]

    @property
    def cx(self) -> int:
        return self.size[0] // 2

    def rect(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)


def _desktop(size: tuple[int, int]) -> tuple[TableGeometry, HudGeometry, MenuGeometry]:
    w, h = size
    table = TableGeometry(
        center=(640, 318), stock=(250, 330), muestra=(318, 330),
        hand_at={"bottom": (640, 618), "top": (640, 78), "right": (1192, 350), "left": (88, 350)},
        avatar_at={"bottom": (90, 560), "top": (430, 78), "right": (1192, 176), "left": (88, 176)},
        pile_at={"bottom": (916, 646), "top": (850, 78), "right": (1192, 498), "left": (88, 498)},
        play_at={"bottom": (0, 82), "top": (0, -82), "right": (104, 0), "left": (-104, 0)},
        play_angle={"bottom": 0, "top": 180, "right": 90, "left": -90},
    )
    hud = HudGeometry(
        trump=pygame.Rect(12, 12, 210, 74),
        score=pygame.Rect(1040, 12, 228, 0),
        message_y=506, reason_bottom=488, keys_y=4,
        buttons={"last": pygame.Rect(968, 598, 148, 54), "hint": pygame.Rect(1122, 598, 148, 54),
                 "swap": pygame.Rect(968, 658, 148, 54), "menu": pygame.Rect(1122, 658, 148, 54)},
        sena_title=(18, 552),
        sena_buttons=tuple(pygame.Rect(14, 582 + i * 45, 200, 40) for i in range(3)),
        overlay=pygame.Rect(w // 2 - 310, h // 2 - 180, 620, 320),
    )
    menu = MenuGeometry(
        title_y=120, subtitle_y=200, column=pygame.Rect(w // 2 - 190, 270, 380, 54), column_step=66,
        problems_y=236, saved_y=690, fan_left=(180, 420), fan_right=(1000, 420),
        list_left=220, list_width=840, row_h=52,
        back=pygame.Rect(w // 2 - 130, 640, 260, 54),
        pair_left=pygame.Rect(w // 2 - 300, 640, 280, 54), pair_right=pygame.Rect(w // 2 + 20, 640, 280, 54),
    )
    return table, hud, menu


def compute(window: tuple[int, int] = DESIGN, css_scale: float | None = None, large_text: bool = False) -> Layout:
    """The layout for a screen of ``window`` pixels (CSS pixels in the browser).

    The logical surface keeps the design size and is scaled to the window; ``css_scale`` says how
    big one logical pixel is on the screen (by default: the scale that fits the design into it).
    """
    size = DESIGN
    if css_scale is None:
        ww, wh = window
        css_scale = min(ww / size[0], wh / size[1]) if ww > 0 and wh > 0 else 1.0
    table, hud, menu = _desktop(size)
    return Layout("desktop", size, css_scale, 1.25 if large_text else 1.0, table, hud, menu)
