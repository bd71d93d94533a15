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
from game.ui.inputmap import Key
from game.ui.scene import Go
from game.ui.widgets import Button, ButtonBar


#: The button held down on a tip (by scene): a tap is a press and a release on the same button.
_pressed: dict[int, str | None] = {}


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
    return guide.showing


def buttons(scene: Any, box: pygame.Rect) -> ButtonBar:
    lay = scene.app.layout
    h = max(lay.touch, 50)
    row = pygame.Rect(box.x + 16, box.bottom - h - 14, box.width - 32, h)
    skip, go_on = lay.split(row, 2, gap=14, stacked=False)
    return ButtonBar([Button(skip, "guide.skip", "skip", pygame.K_ESCAPE, size=24),
                      Button(go_on, "guide.next", "next", pygame.K_RETURN, primary=True, size=24)])


def handle(scene: Any, event: Any) -> Optional[Go]:
    """Input while a tip is open: go on, or leave the guide."""
    guide = scene.app.session.guide
    bar = buttons(scene, box_of(scene))
    bar.pressed = next((b for b in bar.buttons if b.action == _pressed.get(id(scene))), None)
    action = bar.handle(event)
    _pressed[id(scene)] = bar.pressed.action if bar.pressed is not None else None
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


def box_of(scene: Any) -> pygame.Rect:
    """The tip's box: as wide as the table allows, above your hand, clear of what it points at."""
    lay = scene.app.layout
    w = min(lay.w - 40, 760)
    box = pygame.Rect(0, 0, w, 0)
    lines = scene.app.typo.wrap(tip_text(scene), 26, w - 40)
    box.height = 40 + scene.app.typo.line(26) * len(lines) + max(lay.touch, 50) + 30
    box.centerx = lay.cx
    box.bottom = lay.table.hand_at["bottom"][1] - int(90 * lay.table.hand_scale)
    box.top = max(8, box.top)
    return box


def tip_text(scene: Any) -> str:
    app = scene.app
    hand = app.session.hand
    tip = app.session.guide.current
    if tip is None:
        return ""
    return app.t(f"guide.{tip.key}", suit=app.t(f"suit.{hand.trump_suit}"), muestra=app.words.card(hand.muestra)
                 if hand.muestra is not None else "")


def draw(scene: Any, surface: pygame.Surface) -> None:
    """The tip showing now, over the dimmed table, with a line to what it is about."""
    app = scene.app
    guide = app.session.guide
    if guide.current is None:
        return
    box = box_of(scene)
    target = anchor(scene, guide.current.at)
    pygame.draw.line(surface, look.HILITE, (box.centerx, box.centery), target, 4)
    pygame.draw.circle(surface, look.HILITE, target, 14, 4)
    surface.blit(look.panel(box.size, 235), box)
    pygame.draw.rect(surface, look.GOLD, box, 2, border_radius=14)
    app.typo.mark("cover", box)
    typo = app.typo
    count = app.t("guide.count", n=len(guide.shown))
    typo.blit(surface, count, (box.x + 20, box.y + 10), 20, look.MUTED)
    y = box.y + 10 + typo.line(20)
    for line in typo.wrap(tip_text(scene), 26, box.width - 40):
        typo.blit(surface, line, (box.x + 20, y), 26, look.CREAM)
        y += typo.line(26)
    buttons(scene, box).draw(surface, app)
