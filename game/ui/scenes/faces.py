"""The others' faces on the table: each seat's face, its name and level under it, and how wide
those may be.

Why apart from ``table``: the faces are drawn from a ``TableView``'s state (whose turn, who is
thinking, the señas shown) but move no card; ``room`` reads the same room for a name to keep a
hint's reason off it. They were the end of ``table.py``, which had reached the 600-line ceiling.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import pygame

from game.ui import look
from game.ui.layout import PILE_LAYERS, PLACES
from game.ui.scenes.table import card_rect
from game.ui.sprites import CARD_W
from game.ui.text import tell_apart


def name_room(table: Any, seat: int, name: str) -> int:
    """How wide ``seat``'s name and level may be under its face: the layout's width; the top
    player's wider where ``name`` does not fit it and the trump and score panels, its own cards
    and pile and the side players' faces and names leave more room ("Maximiliano" at 480×320)."""
    geo, typo, hud = table.geo, table.app.typo, table.app.layout.hud
    if table.place(seat) != "top":
        return geo.name_width
    if typo.name_whole(name, 26, geo.name_width):
        return geo.name_width
    face = avatar(seat, None).get_rect()
    band = pygame.Rect(0, face.move_to(center=geo.avatar_at["top"]).bottom, table.app.layout.w,
                       typo.line(26) + geo.sub_lines * typo.line(20))
    things = [hud.trump, hud.score, *(card_rect(table.pile_slot(seat, k)) for k in (0, PILE_LAYERS - 1)),
              *(card_rect(table.hand_slot(seat, i, 3)) for i in range(3))]
    things += [pygame.Rect(0, 0, geo.name_width, face.h + band.h).move_to(midtop=face.move_to(center=at).midtop)
               for place, at in geo.avatar_at.items() if place in ("left", "right")
               and place in PLACES[table.players]]   # the side players' faces and names
    left, right, cx = 0, table.app.layout.w, geo.avatar_at["top"][0]
    for r in things:
        if r.colliderect(band):
            left, right = (max(left, r.right), right) if r.centerx <= cx else (left, min(right, r.left))
    return max(geo.name_width, 2 * min(cx - left, right - cx) - 16)


def plate_size(typo: Any, name: str, written: Written) -> int:
    """The size ``name``'s plate is drawn at (:func:`name_lines`' ``written``: a long name smaller, as
    ``Typography.blit`` with a room draws it); inside ``written.name_fit``'s unscaled block."""
    return typo.fit(name, written.name_fit[0], written.room, True)


def plate_text(typo: Any, name: str, written: Written) -> str:
    """What ``name``'s plate reads on its own: whole, or cut short at its end where even
    :func:`plate_size` is too wide; inside ``written.name_fit``'s unscaled block."""
    return typo.ellipsize(name, plate_size(typo, name, written), written.room, True)


def plates(table: Any, names: dict[int, str]) -> dict[int, str]:
    """What the faces' plates read, by seat (of ``names``, each seat's; not the bottom seat's): each
    name as its room draws it, and one that could be read as another's name cut apart (:func:`text.tell_apart`)."""
    typo = table.app.typo
    seats = [seat for seat in names if table.place(seat) != "bottom"]
    written = [name_lines(table, seat, names[seat], None) for seat in seats]

    def fits(i: int, text: str) -> bool:
        with typo.unscaled(written[i].name_fit[1]):
            return typo.size(text, plate_size(typo, names[seats[i]], written[i]), True)[0] <= written[i].room

    shown = []
    for seat, each in zip(seats, written):
        with typo.unscaled(each.name_fit[1]):
            shown.append(plate_text(typo, names[seat], each))
    return dict(zip(seats, tell_apart([names[seat] for seat in seats], shown, fits)))


def draw_avatar(table: Any, surface: pygame.Surface, seat: int, name: str, sub: str | None,
                short: str | None = None, shown: str | None = None) -> None:
    """``seat``'s face, name and ``sub`` (the level, "Máquina: Normal") under it; where the
    layout has one line for ``sub`` and it does not fit, ``short`` ("Normal") instead. ``shown``:
    the name as its plate reads it (:func:`plates`), else cut short at its end where it must be."""
    place = table.place(seat)
    if place == "bottom":
        return
    cx, cy = table.geo.avatar_at[place]
    expr = table.faces.get(seat, (None, 0))[0]
    img = avatar(seat, expr)
    rect = img.get_rect(center=(cx, cy))
    if table.turn == seat:
        pygame.draw.circle(surface, look.GOLD, rect.center, rect.width // 2 + 6, 4)
    surface.blit(img, rect)
    app = table.app
    app.typo.mark("avatar", rect)
    if table.turn == seat and table.thinking:  # three dots in a bubble while a bot decides
        bubble = pygame.Rect(0, 0, 46, 24)
        bubble.midbottom = (rect.right + 2, rect.top + 22)  # at the top right, no higher than the face
        pygame.draw.rect(surface, look.CREAM, bubble, border_radius=12)
        app.typo.mark("avatar", bubble)
        phase = int(table.clock * 3) % 3
        for i in range(3):
            color = look.INK if i == phase else (150, 150, 140)
            pygame.draw.circle(surface, color, (bubble.x + 12 + i * 11, bubble.centery), 4)
    written = name_lines(table, seat, name, sub, short)
    with app.typo.unscaled(written.name_fit[1]):
        app.typo.blit(surface, shown or plate_text(app.typo, name, written), written.at,
                      plate_size(app.typo, name, written), look.CREAM, bold=True, anchor="midtop", shadow=True)
    if written.sub is not None:
        app.typo.blit_lines(surface, written.sub, written.sub_at, look.MUTED, anchor="midtop")


class Written(NamedTuple):
    """What :func:`draw_avatar` writes under a face: the name's place (``at``, its midtop), its
    ``room`` and its ``name_fit`` (``Typography.fit_name``: size, plain); the level's lines
    (``Typography.fit_whole``, or None where there is no line for it) from ``sub_at``."""

    at: tuple[int, int]
    room: int
    name_fit: tuple[int, bool]
    sub: tuple[int, list[str], bool] | None
    sub_at: tuple[int, int]


def name_lines(table: Any, seat: int, name: str, sub: str | None, short: str | None = None) -> Written:
    """How ``seat``'s ``name`` and ``sub`` (its level) are fitted under its face (not the bottom
    seat's): where ``sub`` does not fit the one line a layout has for it, ``short``. One answer for
    the drawing and for what a hint's reason must leave in view (``room.reason_rects``)."""
    app, geo = table.app, table.geo
    place = table.place(seat)
    cx, cy = geo.avatar_at[place]
    face = avatar(seat, None).get_rect(center=(cx, cy))   # (every face is as big: a seña changes none)
    ny = face.bottom + 4 if place != "top" else face.bottom + 2
    room = name_room(table, seat, name)
    name_fit = app.typo.fit_name(name, 26, room)   # a long name smaller, cut only where even that is too wide
    sub_at = (cx, ny + app.typo.line(26) - 2)
    most = geo.sub_lines
    if place != "top" and geo.side_fan == "down":  # the lines end above the column of cards under them
        top = geo.hand_at[place][1] - geo.side_step - CARD_W * geo.side_scale / 2 - 8
        while most > 1 and sub_at[1] + most * app.typo.line(20) > top:
            most -= 1
    fitted = None
    if sub and most:  # smaller if too long, else on two lines (or the short form, where one line is all there is)
        if short and most < 2 and not app.typo.fits_line(sub, 20, room):
            sub = short
        fitted = app.typo.fit_whole(sub, 20, room, max_lines=most)   # "Principia…": the normal size
    return Written((cx, ny), room, name_fit, fitted, sub_at)


def written_width(table: Any, name: str, written: Written, shown: str | None = None) -> int:
    """How wide the widest line of ``written`` (:func:`name_lines` of ``name``, its plate reading
    ``shown``) is drawn."""
    typo = table.app.typo
    with typo.unscaled(written.name_fit[1]):
        wide = typo.size(shown or plate_text(typo, name, written), plate_size(typo, name, written), True)[0]
    if written.sub is not None:
        size, lines, plain = written.sub
        with typo.unscaled(plain):
            wide = max([wide] + [typo.size(line, size)[0] for line in lines])
    return wide


_avatars: dict[tuple[int, int | None], pygame.Surface] = {}
SKIN = [(240, 200, 170), (226, 182, 146), (200, 150, 110), (236, 196, 160)]
HAIR = [(60, 40, 30), (150, 60, 30), (30, 30, 30), (200, 160, 80)]
SHIRT = [(60, 90, 160), (170, 60, 60), (60, 130, 80), (130, 80, 150)]


def avatar(seat: int, expr: int | None) -> pygame.Surface:
    """A simple face per seat; ``expr`` is a seña: 1 twisted mouth, 3 tongue tip, 12 raised eyebrows."""
    key = (seat, expr)
    surf = _avatars.get(key)
    if surf is not None:
        return surf
    s = 84
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s // 2
    pygame.draw.circle(surf, (20, 60, 36), (c, c), c)
    pygame.draw.circle(surf, SHIRT[seat % 4], (c, s + 8), 34)
    pygame.draw.circle(surf, SKIN[seat % 4], (c, c - 2), 24)
    pygame.draw.ellipse(surf, HAIR[seat % 4], (c - 25, c - 30, 50, 24))
    brow = -8 if expr == 12 else 0
    for ex in (c - 9, c + 9):
        pygame.draw.circle(surf, (40, 30, 30), (ex, c - 4), 3)
        pygame.draw.line(surf, HAIR[seat % 4], (ex - 6, c - 11 + brow), (ex + 5, c - 12 + brow), 3)
    if expr == 1:  # twist the mouth
        pygame.draw.line(surf, (140, 40, 40), (c - 11, c + 15), (c + 10, c + 6), 4)
    elif expr == 3:  # tip of the tongue
        pygame.draw.line(surf, (140, 40, 40), (c - 8, c + 10), (c + 8, c + 10), 3)
        pygame.draw.ellipse(surf, (230, 90, 110), (c - 5, c + 9, 11, 12))
    else:
        pygame.draw.arc(surf, (140, 40, 40), (c - 9, c + 2, 18, 12), math.pi + 0.3, 2 * math.pi - 0.3, 3)
    if expr is not None:
        pygame.draw.circle(surf, look.HILITE, (c, c), c - 1, 3)
    pygame.draw.circle(surf, (230, 210, 150), (c, c), c, 2)
    _avatars[key] = surf
    return surf
