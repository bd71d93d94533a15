"""Drawing the play screen: the table, the HUD (triunfo, points, buttons, señas), messages, last baza.

Why: the play scene is split in two. ``play.PlayScene`` takes input and paces the bots; this module
only reads the scene's state and the layout and draws; it changes nothing.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.hand import SWAP
from game.ui import look
from game.ui.seats import side_name


def draw(scene: Any, surface: pygame.Surface) -> None:
    """The whole play screen for ``scene`` (a ``PlayScene``)."""
    app = scene.app
    lay = app.layout
    table = scene.table
    session = app.session
    surface.blit(look.felt(lay.size), (0, 0))
    if table.dragging is not None:  # where a card may be dropped
        zone = lay.table.drop_zone
        surface.blit(look.panel(zone.size, 60, 24), zone)
    draw_trump(scene, surface)
    table.draw_cards(surface)
    if scene.human_turn() and not table.animator.busy:
        draw_slot_keys(scene, surface)
    table.draw_floaters(surface)
    for seat in range(session.hand.players):  # everyone but the seat at the bottom
        sub = None if session.is_human(seat) else app.t("play.level", level=app.words.level(session.level_of(seat)))
        table.draw_avatar(surface, seat, scene.name_of(seat), sub)
    draw_score(scene, surface)
    draw_status(scene, surface)
    scene.bar.draw(surface, app)
    if scene.senas_shown():
        app.typo.blit(surface, app.t("sena.give"), lay.hud.sena_title, 26, look.GOLD, bold=True)
        scene.sena_bar.draw(surface, app)
    keys = app.t("play.keys_senas") if scene.senas_shown() else app.t("play.keys")
    app.typo.blit(surface, keys, (lay.cx, lay.hud.keys_y), 20, look.MUTED, anchor="midtop")
    if scene.show_last:
        draw_last(scene, surface)


def status_text(scene: Any) -> tuple[str, tuple[int, int, int]]:
    """The line under the table: the last event, else whose turn it is."""
    app = scene.app
    hand = scene.hand
    if scene.message is not None:
        return scene.message[0], look.HILITE
    if scene.human_turn():
        legal = hand.legal_moves()
        card = hand.swap_card(hand.turn) if SWAP in legal else None
        if card is not None:
            return app.t("play.your_turn_swap", card=app.words.card(card)), look.CREAM
        return app.t("play.your_turn"), look.CREAM
    if hand.turn is not None and not scene.table.animator.busy:
        if app.session.is_you(hand.turn):
            return app.t("play.their_turn_you"), look.MUTED
        return app.t("play.their_turn", name=scene.name_of(hand.turn)), look.MUTED
    return "", look.CREAM


def draw_status(scene: Any, surface: pygame.Surface) -> None:
    app = scene.app
    hud = app.layout.hud
    text, color = status_text(scene)
    if text:
        img = app.typo.render(text, 28, color)
        box = img.get_rect(center=(app.layout.cx, hud.message_y)).inflate(28, 12)
        surface.blit(look.panel(box.size, 180, 12), box)
        surface.blit(img, img.get_rect(center=box.center))
    if scene.reason is not None:
        lines = app.typo.wrap(scene.reason[0], 22, 560)[:3]
        box = pygame.Rect(0, 0, 600, 12 + 22 * len(lines))
        box.midbottom = (app.layout.cx, hud.reason_bottom)
        surface.blit(look.panel(box.size, 200, 10), box)
        for i, line in enumerate(lines):
            app.typo.blit(surface, line, (box.centerx, box.y + 8 + i * 22), 22, (190, 230, 255), anchor="midtop")


def draw_slot_keys(scene: Any, surface: pygame.Surface) -> None:
    """The key (1-3) of each card in the local hand, on its free top-right corner."""
    app = scene.app
    table = scene.table
    for i, card in enumerate(table.model.hands[table.viewer]):
        v = table.views.get(int(card))
        if v is None:
            continue
        rect = v.rect()
        center = (rect.right - 16, rect.top + 16)
        pygame.draw.circle(surface, (30, 60, 40), center, 14)
        pygame.draw.circle(surface, look.GOLD, center, 14, 2)
        app.typo.blit(surface, str(i + 1), (center[0], center[1] + 1), 24, look.CREAM, bold=True, anchor="center")


def draw_trump(scene: Any, surface: pygame.Surface) -> None:
    app = scene.app
    suit = scene.hand.trump_suit
    box = app.layout.hud.trump
    surface.blit(look.panel(box.size), box)
    icon = app.sprites.icon(suit, 54)
    surface.blit(icon, icon.get_rect(center=(box.x + 40, box.centery)))
    app.typo.blit(surface, app.t("play.trump"), (box.x + 76, box.y + 12), 22, look.MUTED)
    app.typo.blit(surface, app.t(f"suit.{suit}").capitalize(), (box.x + 76, box.y + 34), 32, look.GOLD, bold=True)


def side_label(app: Any, side: int) -> str:
    """A side's name on the score panel: pairs by whose side, else the seat's name."""
    return side_name(app.words, app.session, side)


def draw_score(scene: Any, surface: pygame.Surface) -> None:
    app = scene.app
    session = app.session
    rules = session.rules
    height = 44 + 26 * (rules.sides if session.options.show_score else 1) + (26 if session.match.target > 1 else 0)
    box = pygame.Rect(app.layout.hud.score.topleft, (app.layout.hud.score.width, height))
    surface.blit(look.panel(box.size), box)
    y = box.y + 10
    if session.options.show_score:
        app.typo.blit(surface, app.t("play.points"), (box.x + 14, y), 22, look.MUTED)
        y += 24
        for side, pts in enumerate(scene.shown_points):
            app.typo.blit(surface, side_label(app, side), (box.x + 14, y), 26, look.CREAM)
            app.typo.blit(surface, str(pts), (box.right - 14, y), 28, look.GOLD, bold=True, anchor="topright")
            y += 26
    else:
        app.typo.blit(surface, app.t("play.points_hidden"), (box.x + 14, y + 10), 22, look.MUTED)
    if session.match.target > 1:
        wins = session.match.wins
        key = "play.match3" if len(wins) == 3 else "play.match"
        app.typo.blit(surface, app.t(key, a=wins[0], b=wins[1], c=wins[-1]), (box.x + 14, box.bottom - 26), 22, look.MUTED)


def draw_last(scene: Any, surface: pygame.Surface) -> None:
    """The last baza over a dimmed table: every card, who played it, who won, the points."""
    app = scene.app
    hand = scene.hand
    hud = app.layout.hud
    surface.blit(look.dim(app.layout.size), (0, 0))
    box = hud.overlay
    surface.blit(look.panel(box.size, 250), box)
    app.typo.blit(surface, app.t("play.last_trick"), (box.centerx, box.y + 14), 34, look.GOLD, bold=True, anchor="midtop")
    if not hand.tricks:
        app.typo.blit(surface, app.t("play.last_trick_none"), box.center, 26, look.CREAM, anchor="center")
        return
    trick = hand.tricks[-1]
    n = len(trick.cards)
    for i, card in enumerate(trick.cards):
        seat = trick.seat_of(i, hand.players)
        x = box.centerx + (i - (n - 1) / 2) * hud.overlay_step
        img = app.sprites.get(card, 0.8, 0)
        rect = img.get_rect(center=(int(x), box.y + 160))
        if seat == trick.winner:
            g = look.glow(rect.size)
            surface.blit(g, g.get_rect(center=rect.center))
        surface.blit(img, rect)
        app.typo.blit(surface, scene.name_of(seat), (int(x), rect.bottom + 6), 22, look.CREAM, anchor="midtop")
    key = "play.last_trick_won_you" if app.session.is_you(trick.winner) else "play.last_trick_won"
    app.typo.blit(surface, app.t(key, name=scene.name_of(trick.winner), points=trick.points),
                  (box.centerx, box.bottom - 30), 26, look.HILITE, anchor="center")
