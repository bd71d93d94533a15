"""The counting aid (an option, off by default): what a player could have counted, drawn on the play screen.

Why: brisca is won by counting ("cuenta los puntos que van saliendo, vigila los triunfos"). The aid
shows which triunfos, aces and treses are already out and, when the running score is hidden, the
points each side has won so far. Only public facts are used: the cards played in finished bazas and
on the table (the viewer's ``Observation.played()``), never a hidden card.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import look

RANK_ORDER = (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)


def facts(obs: Any, rules: Any) -> dict:
    """What is out: triunfos (strongest first), aces and treses, and the points per side so far."""
    played = obs.played()
    trump = obs.trump_suit
    trumps = sorted((c for c in played if c.suit == trump), key=lambda c: RANK_ORDER.index(c.rank))
    big = sorted((c for c in played if c.rank in (1, 3) and c.suit != trump), key=lambda c: (c.rank, c.suit))
    points = [0] * rules.sides
    for t in obs.tricks:
        points[rules.side_of(t.winner)] += t.points
    return {"trumps": trumps, "big": big, "points": points}


def draw(scene: Any, surface: pygame.Surface) -> None:
    """The aid's panel under the score panel (when the setting is on)."""
    app = scene.app
    session = app.session
    f = facts(session.hand.observation(session.viewer), session.rules)
    words = app.words
    lines = [(app.t("count.title"), look.GOLD),
             (app.t("count.trumps", cards=", ".join(app.t(f"rank.{c.rank}") for c in f["trumps"]) or "–"), look.CREAM),
             (app.t("count.big", cards=", ".join(words.card(c) for c in f["big"]) or "–"), look.CREAM)]
    if not session.options.show_score:
        score = " – ".join(str(p) for p in f["points"])
        lines.append((app.t("count.points", score=score), look.CREAM))
    hud = app.layout.hud
    width = hud.score.width
    wrapped = [(line, color) for text, color in lines for line in app.typo.wrap(text, 20, width - 20)]
    line_h = app.typo.line(20)
    box = pygame.Rect(hud.score.x, hud.score.y + 150, width, 12 + line_h * len(wrapped))
    surface.blit(look.panel(box.size), box)
    for i, (text, color) in enumerate(wrapped):
        app.typo.blit(surface, text, (box.x + 10, box.y + 6 + i * line_h), 20, color)
