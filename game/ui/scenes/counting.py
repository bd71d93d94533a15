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
from game.ui.scenes import room

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


def seen(scene: Any) -> dict:
    """:func:`facts` for the player looking at the table."""
    session = scene.app.session
    return facts(session.hand.observation(session.viewer), session.rules)


def lines(scene: Any, f: dict | None = None) -> list[tuple[str, tuple[int, int, int]]]:
    """The aid's lines: its title; the triunfos out, strongest first; the aces out and the treses out
    by suit (other than the triunfo's); the points each side has won when the score is hidden
    (``f``: the :func:`facts`, if already at hand)."""
    app = scene.app
    session = app.session
    f = seen(scene) if f is None else f
    rules = session.rules   # three players: the 2 left out, of triunfo, is never out to be counted
    no_two = rules.players == 3 and rules.removed_card.suit == session.hand.trump_suit
    suits = lambda rank: ", ".join(app.t(f"suit.{c.suit}") for c in f["big"] if c.rank == rank) or "–"  # noqa: E731
    out = [(app.t("count.title"), look.GOLD),
           (app.t("count.trumps_no_two" if no_two else "count.trumps",
                  cards=", ".join(app.t(f"rank.{c.rank}") for c in f["trumps"]) or "–"), look.CREAM),
           (app.t("count.aces", suits=suits(1)), look.CREAM),
           (app.t("count.threes", suits=suits(3)), look.CREAM)]
    if not session.options.show_score:
        out.append((app.t("count.points", score=" – ".join(str(p) for p in f["points"])), look.CREAM))
    return out


#: Where the panel went, by (screen, scale, text size, language, players, viewer, señas shown, score shown,
#: match, panel size).
_placed: dict[tuple, pygame.Rect | None] = {}


def box(scene: Any, width: int, height: int) -> pygame.Rect | None:
    """The aid's panel, ``width`` x ``height``, in the room no card, face, name, panel, message or
    button can take at any moment of the hand (``room.free``), nearest under the score panel;
    None if there is no such room."""
    app = scene.app
    lay = app.layout
    score = room.score_rect(scene)
    key = (lay.size, lay.css_scale, lay.text_scale, app.settings.get("lang"), scene.table.players,
           scene.table.viewer, scene.senas_shown(), tuple(score), width, height)
    if key not in _placed:
        if len(_placed) > 64:   # a window resized again and again
            _placed.clear()
        under_score = (score.right - width, score.bottom + 8)
        under_trump = (lay.hud.trump.x, lay.hud.trump.bottom + 8)
        _placed[key] = room.free(scene, (width, height), room.taken(scene, score), (under_score, under_trump))
    return _placed[key]


def _pack(scene: Any, items: list, width: int) -> list[list]:
    """``items`` ((text, colour) each) on as few lines of ``width`` as they fit, " · " between them
    (``count.sep``); an item too long for a line wrapped on lines of its own. A line: a list of
    (text, colour)."""
    typo = scene.app.typo
    sep = scene.app.t("count.sep")
    out: list[list] = []
    for text, color in items:
        for part in typo.wrap(text, 20, width):
            line = out[-1] if out else None
            joined = (sep.join(t for t, _c in line) + sep + part) if line else None
            if joined is not None and typo.size(joined, 20)[0] <= width:
                line += [(part, color)]
            else:
                out.append([(part, color)])
    return out


def draw(scene: Any, surface: pygame.Surface) -> None:
    """The aid's panel where there is room for it (when the setting is on): a column as wide as the
    score panel (or three quarters, or three fifths of it), one fact a line; else a band as wide as
    the screen, the facts packed; else the short form, the counts alone, across or in a narrow
    column. Where not even that fits, it is left out rather than cover the game."""
    rect, packed = placed(scene)
    if rect is None:
        return
    typo = scene.app.typo
    surface.blit(look.panel(rect.size), rect)
    typo.mark("panel", rect)
    draw_lines(scene, surface, packed, (rect.x + 10, rect.y + 6))


def placed(scene: Any) -> tuple[pygame.Rect | None, list]:
    """The aid's panel (None where it is left out) and its lines, as :func:`draw` draws them now."""
    app = scene.app
    lay = app.layout
    f = seen(scene)
    items = lines(scene, f)
    key = (lay.size, lay.css_scale, lay.text_scale, scene.table.players, scene.table.viewer, scene.senas_shown(),
           tuple(room.score_rect(scene)), tuple(text for text, _c in items))
    if key not in _chosen:   # worked out when the facts or the screen change, not every frame
        if len(_chosen) > 64:
            _chosen.clear()
        _chosen[key] = _choose(scene, f, items)
    return _chosen[key]


#: The aid's place and lines, by screen, table and what the lines say.
_chosen: dict[tuple, tuple] = {}


def _choose(scene: Any, f: dict, items: list) -> tuple[pygame.Rect | None, list]:
    """The first shape of the aid's panel with room for it on the table, and its lines."""
    app = scene.app
    lay = app.layout
    across = max(lay.hud.score.width, lay.hud.trump.width)
    band = lay.w - 16
    short = [(app.t("count.short", trumps=len(f["trumps"]), aces=sum(c.rank == 1 for c in f["big"]),
                    threes=sum(c.rank == 3 for c in f["big"])), look.CREAM)] + items[4:]
    line_h = app.typo.line(20)
    shapes = [(width, column(scene, width - 20, items)) for width in (across, across * 3 // 4, across * 3 // 5)]
    shapes.append((band, _pack(scene, items, band - 20)))
    shapes += [(width, _pack(scene, short, width - 20)) for width in (band, across, across * 3 // 5)]
    for width, packed in shapes:   # a column, narrower if it must; a band; the short form
        rect = box(scene, width, 12 + line_h * len(packed))
        if rect is not None:
            return rect, packed
    return None, []


def column(scene: Any, width: int, items: list | None = None) -> list[list]:
    """The aid's lines (``items``, else :func:`lines`), one fact a line, wrapped to ``width`` (the last
    baza's box shows them too)."""
    typo = scene.app.typo
    items = lines(scene) if items is None else items
    return [[(part, color)] for text, color in items for part in typo.wrap(text, 20, width)]


def draw_lines(scene: Any, surface: pygame.Surface, packed_lines: list[list], at: tuple[int, int]) -> None:
    """Lines of (text, colour) parts, " · " between parts, from ``at`` down."""
    typo = scene.app.typo
    line_h = typo.line(20)
    sep = scene.app.t("count.sep")
    for i, line in enumerate(packed_lines):
        x, y = at[0], at[1] + i * line_h
        for j, (text, color) in enumerate(line):
            if j:
                x = typo.blit(surface, sep, (x, y), 20, look.MUTED).right
            x = typo.blit(surface, text, (x, y), 20, color).right
