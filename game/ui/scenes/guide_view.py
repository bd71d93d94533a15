"""The guided first hand on the play screen: the tip box next to what it is about, "Seguir" and "Saltar guía".

Why: the guided hand is an ordinary hand with tips (``game.ui.guide``); the play scene asks this
module, with one line each, to stop for a tip (``update``), to take the input while a tip is open
(``handle``) and to draw it (``draw``). A tip works by touch, mouse and keys: tap "Seguir" or press
Enter/Space to go on; "Saltar guía" (or Esc) leaves the guide for the menu.
"""

from __future__ import annotations

from typing import Any, Optional

import pygame

from game.ui import look
from game.ui.scenes import room
from game.ui.inputmap import Key, Pointer
from game.ui.scene import DOUBLE_TAP, Go
from game.ui.sprites import CARD_H, CARD_W
from game.ui.widgets import Button, ButtonBar

MARGIN = 8     # the tip's box keeps this far from the screen's edges
SPOT = 12      # the clear window reaches this far around what the tip is about
GAP = 14       # between the window's ring and the box
MIN_WIDTH = 360  # a box beside what it points at, no narrower


class TipState:
    """What a play scene's tips keep from frame to frame; the scene owns it (``PlayScene.tips``), so it
    goes with the scene. (It was kept here by ``id(scene)`` and never let go: a guided hand's entries
    stayed for the session, and a new scene given a freed one's id took the time its first tip opened
    from the old scene's, if that scene had left on the same tip: "Seguir" deaf to taps for as long.)"""

    def __init__(self) -> None:
        #: Where the mouse (or a finger still down) last was: the button under it is drawn lit as the
        #: next tip's buttons come (``buttons``), as every other button is.
        self.pointer: tuple[int, int] | None = None
        #: The tip showing and when it opened: a press sooner than ``DOUBLE_TAP`` after is the second
        #: half of the double tap that closed the tip before (it closed this one, unread, under it).
        self.opened: tuple[str | None, float] = (None, -DOUBLE_TAP)
        #: The tip's box and its text's lines, and what they were worked out for: the layout (a new one
        #: comes with a turn of the phone, another language, large text), the text, the spot and your
        #: hand's top. Worked out every frame a tip showed, they took six wraps of its text a frame.
        self.box: tuple[tuple, pygame.Rect, list[str]] | None = None
        #: The tip's whole frame as last drawn (the table under the veil, the veil, the box) and what
        #: it showed (``frame_key``). The game waits while a tip is open, so the frames after the first
        #: show the same: drawn again, the table, its veil and the box took 3-4 ms of a phone's frame.
        self.frame: tuple[tuple, pygame.Surface] | None = None


def finish(app: Any) -> None:
    """The guide was finished or skipped: the menu stops offering it first."""
    if not app.settings.get("guide_done", False):
        app.set_setting("guide_done", True)


def update(scene: Any) -> bool:
    """Open the next tip due (once the pictures have caught up); True while a tip is open."""
    session = scene.app.session
    guide = session.guide
    if not (guide.finished or guide.skipped) and not scene.table.animator.busy:
        guide.check(session.hand)
        if guide.finished:
            finish(scene.app)
    key = guide.current.key if guide.current is not None else None
    if scene.tips.opened[0] != key:
        scene.tips.opened = (key, scene.clock)
    return guide.showing


def buttons(scene: Any, box: pygame.Rect) -> ButtonBar:
    """The tip's "Saltar guía" and "Seguir" in ``box``: the scene's row (``PlayScene.tip_bar``), kept
    with its held and lit button while they stand where they stood; made anew, lit under the pointer
    (``TipState.pointer``), for another box. Made anew each frame from a press the tip kept by itself,
    it was held through any resize of the same form (the keyboard up, "Seguir" 62 CSS px away), where
    every other screen's is let go; kept, it is held again as theirs are (``widgets.hold_again``)."""
    lay = scene.app.layout
    h = _button_h(scene)
    row = pygame.Rect(box.x + 16, box.bottom - h - 14, box.width - 32, h)
    skip, go_on = lay.split(row, 2, gap=14, stacked=False)
    bar = scene.tip_bar
    if [b.rect for b in bar.buttons] != [skip, go_on]:
        bar = scene.tip_bar = ButtonBar([Button(skip, "guide.skip", "skip", pygame.K_ESCAPE, size=24),
                                         Button(go_on, "guide.next", "next", pygame.K_RETURN, primary=True, size=24)])
        pointer = scene.tips.pointer
        bar.hover = next((b for b in bar.buttons if pointer is not None and b.hit(pointer)), None)
    return bar


def relayout(scene: Any) -> None:
    """A new layout: the tip's buttons made for it (none held: ``App.resize`` holds the one held
    before again where it hardly moved)."""
    scene.tip_bar = ButtonBar()
    guide = scene.app.session.guide
    if guide is not None and guide.showing:
        buttons(scene, box_of(scene))


def _button_h(scene: Any) -> int:
    return max(scene.app.layout.touch, 50)


def handle(scene: Any, event: Any) -> Optional[Go]:
    """Input while a tip is open: go on, or leave the guide."""
    guide = scene.app.session.guide
    tips = scene.tips
    opened = tips.opened[1]
    if isinstance(event, Pointer) and event.kind == "down" and scene.clock - opened < DOUBLE_TAP:
        return None
    action = buttons(scene, box_of(scene)).handle(event)
    if isinstance(event, Pointer):   # (a finger lifted, or the pointer gone, is over no button)
        tips.pointer = None if event.kind == "cancel" or (event.kind == "up" and event.touch) else event.pos
    if action is None and isinstance(event, Key) and event.key == pygame.K_SPACE:
        action = "next"
    if action == "next":
        scene.app.sounds.play("click")
        guide.next()
    elif action == "skip":
        guide.skip()
        finish(scene.app)
        return Go("menu")
    return None


def anchor(scene: Any, at: str) -> tuple[int, int]:
    """Where on the table a tip points."""
    geo = scene.app.layout.table
    if at == "muestra":
        return geo.muestra
    if at == "stock":
        return geo.stock
    if at == "hand":
        return geo.hand_at["bottom"]
    return geo.center


def _cards(scene: Any, cards: Any) -> list[pygame.Rect]:
    views = scene.table.views
    return [views[int(c)].rect() for c in cards if int(c) in views]


def target(scene: Any) -> pygame.Rect:
    """What the tip is about, as it lies on the table: the muestra's card, the stock and the muestra,
    your hand's cards, the baza's cards (or, where nothing lies yet, a card's room where it will)."""
    table = scene.table
    tip = scene.app.session.guide.current
    at = tip.at if tip is not None else "center"
    rects: list[pygame.Rect] = []
    if at == "muestra" and table.model.muestra is not None:
        rects = [table.muestra_across()]
    elif at == "stock":   # with its count under it ("Mazo: 32"): the frame ran through the words
        rects = [r for r in (table.stock_area(), table.stock_count_rect()) if r is not None]
    elif at == "hand":
        rects = _cards(scene, table.model.hands[table.viewer])
    elif at in ("table", "center"):
        rects = _cards(scene, (c for _seat, c in table.model.table))
    if not rects:
        k = table.geo.table_scale
        rects = [pygame.Rect(0, 0, int(CARD_W * k), int(CARD_H * k))]
        rects[0].center = anchor(scene, at)
    return rects[0].unionall(rects[1:])


def spot(scene: Any) -> pygame.Rect:
    """The clear window in the veil around what the tip is about."""
    return target(scene).inflate(2 * SPOT, 2 * SPOT)


def _sized(scene: Any, text: str, width: int, wrapped: dict[int, list[str]]) -> pygame.Rect:
    """A tip's box ``width`` wide, as tall as its text and buttons need (its lines kept in ``wrapped``)."""
    typo = scene.app.typo
    if width not in wrapped:
        wrapped[width] = typo.wrap(text, 26, width - 40)
    return pygame.Rect(0, 0, width, 10 + typo.line(20) + typo.line(26) * len(wrapped[width]) + 14 + _button_h(scene) + 14)


def box_of(scene: Any) -> pygame.Rect:
    """The tip's box: over the table, clear of what it points at (``_place``)."""
    return _placed(scene)[0].copy()


def _placed(scene: Any) -> tuple[pygame.Rect, list[str]]:
    """The tip's box and its text's lines, worked out again only when what they depend on changed."""
    lay = scene.app.layout
    hole = spot(scene).inflate(2 * GAP, 2 * GAP)
    hand = _cards(scene, scene.table.model.hands[scene.table.viewer])
    hand_top = min((r.top for r in hand), default=lay.table.hand_at["bottom"][1] - int(90 * lay.table.hand_scale))
    key = (tip_text(scene), tuple(hole), hand_top, scene.app.typo.large)
    kept = scene.tips.box
    if kept is None or kept[0][0] is not lay or kept[0][1:] != key:
        wrapped: dict[int, list[str]] = {}
        box = _place(scene, key[0], hole, hand_top, wrapped)
        kept = scene.tips.box = ((lay, *key), box, wrapped[box.width])
    return kept[1], kept[2]


def _place(scene: Any, text: str, hole: pygame.Rect, hand_top: int, wrapped: dict[int, list[str]]) -> pygame.Rect:
    """Tried in turn: just above your hand, just above what the tip points at (``hole``), just below
    it, at the top of the screen, then beside it (the wider side first) as wide as the room there,
    then those four places as wide as the screen (a long tip, large text, held sideways: the card
    order's tip ran onto the hand at 760 px); the first that fits on the screen and leaves the spot
    clear wins."""
    lay = scene.app.layout
    screen = pygame.Rect(0, 0, *lay.size).inflate(-2 * MARGIN, -2 * MARGIN)
    candidates = []

    def across(full: int) -> None:
        for edge, y in (("bottom", min(hand_top - GAP, hole.top)), ("bottom", hole.top), ("top", hole.bottom),
                        ("top", screen.top)):
            box = _sized(scene, text, full, wrapped)
            box.centerx = lay.cx
            setattr(box, edge, y)
            candidates.append(box)

    across(min(screen.width, 760))
    rooms = (pygame.Rect(hole.right, screen.top, screen.right - hole.right, screen.height),
             pygame.Rect(screen.left, screen.top, hole.left - screen.left, screen.height))
    for room in sorted(rooms, key=lambda r: -r.width):   # the wider side first: fewer lines
        if room.width >= MIN_WIDTH:
            box = _sized(scene, text, min(room.width, 760), wrapped)
            box.center = (room.centerx, hole.centery)
            candidates.append(box.clamp(screen))
    if screen.width > 760:
        across(screen.width)
    for box in candidates:
        if screen.contains(box) and not box.colliderect(hole):
            return box
    return candidates[0].clamp(screen)


def tip_text(scene: Any) -> str:
    app = scene.app
    hand = app.session.hand
    tip = app.session.guide.current
    if tip is None:
        return ""
    key = f"guide.{tip.key}"
    if not app.layout.show_keys and app.words.has(key + "_touch"):   # a phone: no keys named
        key += "_touch"
    return app.t(key, suit=app.t(f"suit.{hand.trump_suit}"), muestra=app.words.card(hand.muestra)
                 if hand.muestra is not None else "")


def _nearest(rect: pygame.Rect, point: tuple[int, int]) -> tuple[int, int]:
    return (min(max(point[0], rect.left), rect.right - 1), min(max(point[1], rect.top), rect.bottom - 1))


def frame_key(scene: Any) -> tuple | None:
    """Everything the play screen under a tip and the tip show (the screen, the language, the text
    size, the tip, the cards where they lie, the turn, the bot thinking's dots, the faces, the lines,
    the buttons, the tip's button lit or held); None where the frame is not to be kept: no tip, something moving, or the layout
    audit recording what each frame draws."""
    app = scene.app
    session = app.session
    guide = session.guide
    table = scene.table
    if guide is None or guide.current is None or app.typo.record is not None or scene.moving():
        return None
    if scene.reason is not None and scene.reason_placing is not None:   # a hint's reason still being placed, a
        return None   # slice a frame (play_view.step_placing): drawn afresh till it lies, then kept with it
    views = tuple((int(v.card), v.x, v.y, v.angle, v.scale, v.flip, v.z, v.lift) for v in table.views.values())
    bars = tuple((bar.buttons.index(bar.hover) if bar.hover in bar.buttons else None,
                  bar.buttons.index(bar.pressed) if bar.pressed in bar.buttons else None, bar.focus,
                  tuple((tuple(b.rect), b.label, b.enabled, tuple(b.fmt.items())) for b in bar.buttons))
                 for bar in (scene.bar, scene.sena_bar))
    model = table.model
    return (app.layout, app.settings.get("lang"), app.typo.large,
            app.settings.get("counting", False), session.options.show_score, tip_text(scene), len(guide.shown),
            len(session.hand.moves), tuple(scene.shown_points), views, model.stock, model.muestra,
            tuple(map(len, model.hands)), len(model.table), tuple(map(len, model.piles)), table.turn,
            table.highlight, table.hint, table.chosen, table.thinking, table.thinking and int(table.clock * 3) % 3,
            tuple(sorted((seat, face[0]) for seat, face in table.faces.items())),
            scene.message and scene.message[0], scene.message_short, scene.reason and scene.reason[0],
            room.reason_page(scene), scene.reason_at and scene.reason_at.key,   # (where it lies; in parts, which shows)
            scene.show_last, scene.senas_shown(), bars, _lit(scene))


def _lit(scene: Any) -> tuple[str | None, str | None]:
    """The tip's button under the pointer and the one held down (a frame kept without them showed
    neither, however the pointer moved)."""
    bar = buttons(scene, box_of(scene))
    return (bar.hover.action if bar.hover is not None else None, bar.pressed.action if bar.pressed is not None else None)


def blit_kept(scene: Any, surface: pygame.Surface, key: tuple | None) -> bool:
    """The tip's frame kept for ``key`` (``frame_key``), blitted whole; False if none is kept for it."""
    kept = scene.tips.frame
    if key is None or kept is None or kept[0] != key or kept[1].get_size() != surface.get_size():
        return False
    surface.blit(kept[1], (0, 0))
    return True


def keep(scene: Any, surface: pygame.Surface, key: tuple | None) -> None:
    """Keep the frame just drawn on ``surface`` for ``key`` (one frame a scene: the one before goes).
    With no tip (``key`` None) the picture stays, keyed by nothing, for the next tip to draw into: a
    copy of the whole screen made as a tip opened cost its first frame 2–5 ms more."""
    kept = scene.tips.frame
    if key is None:
        scene.tips.frame = None if kept is None else (None, kept[1])
    elif kept is not None and kept[1].get_size() == surface.get_size():
        kept[1].blit(surface, (0, 0))   # (its pixels again: no new picture of the whole screen)
        scene.tips.frame = (key, kept[1])
    else:
        scene.tips.frame = (key, surface.copy())


def draw(scene: Any, surface: pygame.Surface) -> None:
    """The tip showing now over the veiled table, what it is about left clear and ringed, a line
    from the tip's box to it."""
    app = scene.app
    guide = app.session.guide
    if guide.current is None:
        return
    clear = spot(scene)
    look.veil(surface, clear)
    app.typo.mark("cover", surface.get_rect())   # the layout audit: the veiled table is not for reading,
    app.typo.mark("spot", clear)                 # and nothing may lie over what the tip is about
    box, lines = _placed(scene)
    end = _nearest(clear, box.center)
    pygame.draw.line(surface, look.HILITE, _nearest(box, end), end, 4)
    pygame.draw.rect(surface, look.HILITE, clear, 4, border_radius=14)
    surface.blit(look.panel(box.size, 250), box)
    pygame.draw.rect(surface, look.GOLD, box, 2, border_radius=14)
    app.typo.mark("panel", box)
    typo = app.typo
    count = app.t("guide.count", n=len(guide.shown))
    typo.blit(surface, count, (box.x + 20, box.y + 10), 20, look.MUTED)
    y = box.y + 10 + typo.line(20)
    for line in lines:
        typo.blit(surface, line, (box.x + 20, y), 26, look.CREAM)
        y += typo.line(26)
    buttons(scene, box).draw(surface, app)
