"""Where things may lie on the play screen at any moment of a hand, and the free room left for a panel.

Why: a panel laid over the table (the counting aid) must not cover a player's face, name, cards or
won pile, the baza, the stock and the muestra, the buttons or the turn's message at any moment
of the hand. So it is placed from the layout's places (where each card *can* lie), not from what
happens to be drawn now: it does not hop about as cards fly, and its place is worked out once per
screen (the counting aid keeps it).
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

import pygame

from game.ai.search import run_steps
from game.ui.layout import PILE_LAYERS
from game.ui.scenes.room_search import Search
from game.ui.scenes.faces import avatar, name_lines, name_room, plates, written_width
from game.ui.scenes.table import card_rect
from game.ui.seats import display_name, side_name

STEP = 6  # px between the places tried for a panel


def _union(rects: Iterable[pygame.Rect]) -> pygame.Rect:
    rects = list(rects)
    return rects[0].unionall(rects[1:])


def score_rect(scene: Any) -> pygame.Rect:
    """The score panel: as tall as its lines (the points per side or a note, the match's hands); wider,
    to the left as far as the trump panel allows, where a side's name needs it (a pair of people's
    names, "Maximiliano y Guadalupe")."""
    app = scene.app
    session = app.session
    typo = app.typo
    hud = app.layout.hud
    small, row = typo.line(22), max(typo.line(26), typo.line(28))
    shown = session.options.show_score
    under = session.match.target > 1 or session.practice_of is not None   # "Manos: 1 – 0", or "Práctica"
    height = 20 + (small + row * session.rules.sides if shown else small * 2) + (small if under else 0)
    width = hud.score.width
    if shown and session.passing and not app.layout.show_keys:   # (the desktop: the keys' line beside it)
        need = 38 + typo.size(str(120), 28, True)[0] + max(   # room for the widest points
            typo.size(side_name(app.words, session, side), 26)[0] for side in range(session.rules.sides))
        if need > width:   # as far left as the trump panel and the others' things beside it allow
            band = pygame.Rect(0, hud.score.y, hud.score.x, height)
            left = max([hud.trump.right] + [r.right for seat in range(scene.table.players) if seat != scene.table.viewer
                                            for r in seat_rects(scene, seat) if r.colliderect(band)])
            width = max(width, min(need, hud.score.right - left - 12))
    return pygame.Rect(hud.score.right - width, hud.score.y, width, height)


def seat_rects(scene: Any, seat: int) -> list[pygame.Rect]:
    """Where ``seat``'s own things may lie: its three cards (yours lifted as under a finger), its won
    pile, and for the others the face with its thinking bubble, the name and the level."""
    table, typo = scene.table, scene.app.typo
    geo = table.geo
    hand = _union(card_rect(table.hand_slot(seat, i, 3)) for i in range(3))
    out = [hand.inflate(0, 40) if seat == table.viewer else hand,
           card_rect(table.pile_slot(seat, 0)).union(card_rect(table.pile_slot(seat, PILE_LAYERS - 1)))]
    place = table.place(seat)
    if place != "bottom":
        face = avatar(seat, None).get_rect(center=geo.avatar_at[place])
        bubble = pygame.Rect(0, 0, 46, 24)   # the thinking bubble at its top right (draw_avatar)
        bubble.midbottom = (face.right + 2, face.top + 22)
        cx = face.centerx   # where draw_avatar centres the names: the face's middle, not its bubble's side
        face = face.inflate(12, 12).union(bubble)
        names = pygame.Rect(0, 0, name_room(table, seat, display_name(scene.app.words, scene.app.session, seat)),
                            typo.line(26) + geo.sub_lines * typo.line(20))
        names.midtop = (cx, face.bottom - 2)
        out += [face, names]
    return out


def level_lines(scene: Any, seat: int) -> tuple[str | None, str | None]:
    """The line under ``seat``'s name ("Máquina: Normal"; none for a person) and its short form
    ("Normal"), for a layout with one line for it; your partner's says so ("Pareja: Normal")."""
    app, session = scene.app, scene.app.session
    level = None if session.is_human(seat) else app.words.level(session.level_of(seat))
    sub = None if level is None else app.t("play.level", level=level)
    if session.rules.players == 4 and seat == session.rules.partner_of(scene.viewer):
        # where the line is too narrow: "Pareja", rather than the level
        return (app.t("play.partner_level", level=level) if level else app.t("play.partner")), app.t("play.partner")
    return sub, level


def taken(scene: Any, score: pygame.Rect, message_lines: int = 2) -> list[pygame.Rect]:
    """Everything the play screen of ``scene`` may show, as rects: the trump panel and ``score``
    (the score panel's rect), every seat's hand (three cards; yours lifted as under a finger),
    won pile and place on the table, the others' faces with their names and levels, the stock
    with the muestra, the turn's message (``message_lines`` lines across the screen), the buttons,
    the señas' row when it shows. (A hint's reason, there for a few seconds, lies over the rest.)"""
    app, table = scene.app, scene.table
    lay, typo = app.layout, app.typo
    out = [pygame.Rect(lay.hud.trump), pygame.Rect(score)]
    for seat in range(table.players):
        out += seat_rects(scene, seat)
        out.extend(card_rect(table.table_slot(seat, k)) for k in range(table.players))
    out.append(table.stock_area(at_start=True))
    if not table.geo.stock_badge:   # its count under it ("Mazo: 40" as wide as it gets)
        count = pygame.Rect((0, 0), (typo.size(app.t("play.stock", n=40), 26)[0], typo.line(26)))
        count.center = table.geo.stock_count_at(typo.line(26))
        out.append(count)
    hud = lay.hud
    message = pygame.Rect(24, 0, lay.w - 48, message_lines * typo.line(28) + 12)
    message.centery = hud.message_y
    out.append(message)
    if lay.show_keys:   # the keys help line at the top (the desktop)
        out.append(pygame.Rect(hud.trump.right, hud.keys_y, hud.score.x - hud.trump.right, typo.line(20)))
    rows = [scene.bar] + ([scene.sena_bar] if scene.senas_shown() else [])   # (not widgets(): a tip or the
    out += [b.rect for row in rows for b in row.buttons]                    # last baza may lie over them now)
    if scene.senas_shown():
        out.append(sena_title(app)[2])
    return out


def sena_title(app: Any) -> tuple[str, int, pygame.Rect]:
    """The señas' title ("Seña"), its design size and its rect: smaller where the word is wider than
    the room left of its row of buttons (a phone held sideways, large text: "Signal", "Senya" ran
    under the first button)."""
    hud, typo = app.layout.hud, app.typo
    text, (x, y) = app.t("sena.give"), hud.sena_title
    first = hud.sena_buttons[0]
    size = 26
    if y >= first.top - 4 and first.left > x:   # on the row's left, not above it
        size = typo.fit(text, size, first.left - x - 6, bold=True)
    return text, size, pygame.Rect((x, y), typo.size(text, size, bold=True))


def free(scene: Any, size: tuple[int, int], taken_rects: list[pygame.Rect],
         prefer: Iterable[tuple[int, int]] = ()) -> pygame.Rect | None:
    """The first place for a panel of ``size`` on the screen that touches none of ``taken_rects``:
    first the places in ``prefer`` (top-left corners), then down the right edge, down the left
    edge, then anywhere (rows from the top, right to left). None if there is no such place."""
    lay = scene.app.layout
    w, h = size
    screen = pygame.Rect(8, 8, lay.w - 16, lay.h - 16)
    if w > screen.width or h > screen.height:
        return None
    blocked = [r.inflate(8, 8) for r in taken_rects]
    rect = pygame.Rect(0, 0, w, h)
    ys = range(screen.top, screen.bottom - h + 1, STEP)
    xs = range(screen.right - w, screen.left - 1, -STEP)

    def tries():
        yield from prefer
        for x in (screen.right - w, screen.left):
            for y in ys:
                yield x, y
        for y in ys:
            for x in xs:
                yield x, y

    for x, y in tries():
        rect.topleft = (x, y)
        if screen.contains(rect) and rect.collidelist(blocked) < 0:
            return pygame.Rect(rect)
    return None


def nearest_free(scene: Any, size: tuple[int, int], blocked: list[pygame.Rect],
                 at: tuple[int, int]) -> pygame.Rect | None:
    """The place for a box of ``size`` on the screen that touches none of ``blocked`` whose centre is
    nearest ``at``; None if there is none. Row by row (``STEP`` px apart), the runs each row leaves
    free, the box slid along each run as near ``at`` as it goes."""
    lay = scene.app.layout
    w, h = size
    best, far = None, None
    for y in range(8, lay.h - 8 - h + 1, STEP):
        for left, right in free_runs(blocked, pygame.Rect(8, y, lay.w - 16, h)):
            if right - left >= w:   # a run as wide as the box: as near ``at`` as it lets it
                cx = max(left, min(at[0] - w // 2, right - w))
                d = (cx + w // 2 - at[0]) ** 2 + (y + h // 2 - at[1]) ** 2
                if far is None or d < far:
                    best, far = pygame.Rect(cx, y, w, h), d
    return best


def free_runs(blocked: Iterable[pygame.Rect], band: pygame.Rect) -> list[tuple[int, int]]:
    """The runs ``(left, right)`` of ``band`` that none of ``blocked`` meeting it takes, left to right
    (:func:`nearest_free` row by row; the turn's line sliding along its row, ``play_view.row_gaps``)."""
    runs, x = [], band.left
    for left, right in sorted((r.left, r.right) for r in blocked if r.colliderect(band)):
        if left > x:
            runs.append((x, left))
        x = max(x, right)
    if band.right > x:
        runs.append((x, band.right))
    return runs


def overlap(box: pygame.Rect, rects: Iterable[pygame.Rect]) -> int:
    """How many pixels of ``box`` the ``rects`` cover (counted once per rect)."""
    rects = rects if isinstance(rects, list) else list(rects)
    total = 0
    for i in box.collidelistall(rects):   # (only those it meets: a place is tried many times)
        c = box.clip(rects[i])
        total += c.width * c.height
    return total


def reason_rects(scene: Any, also: Iterable[pygame.Rect] = ()) -> list[list[pygame.Rect]]:
    """What a hint's reason must leave in view, most needed first: ``[about, people, rest]``. What the
    reason is about: the baza's cards, the stock and the muestra, your hand, the buttons and the
    hint's own line, the trump and score panels. Who plays: the others' faces, names, levels and
    hands (a reason over Lola's face, read through, hid who Lola is). The rest: the won piles,
    ``also`` (the counting aid's panel); not the baza's empty places (nobody plays into them while
    you are thinking)."""
    app, table = scene.app, scene.table
    lay, typo = app.layout, app.typo
    score = score_rect(scene)
    message = pygame.Rect(24, 0, lay.w - 48, typo.line(28) + 12)
    message.centery = lay.hud.message_y
    about = [pygame.Rect(lay.hud.trump), score, message, seat_rects(scene, table.viewer)[0]] + table.trick_rects()
    about += [b.rect for row in [scene.bar] + ([scene.sena_bar] if scene.senas_shown() else []) for b in row.buttons]
    if scene.senas_shown():   # and the row's title ("Seña"), read with it
        about.append(sena_title(app)[2])
    stock = table.stock_area()
    if stock is not None:
        about.append(stock.inflate(12, 12))
    people = []
    places = [card_rect(table.table_slot(seat, k)) for seat in range(table.players) for k in range(table.players)]
    shown = plates(table, {seat: display_name(app.words, app.session, seat) for seat in range(table.players)})
    for seat in range(table.players):   # a hand, a face and its names (as wide as they are drawn)
        if seat != table.viewer:
            hand, _pile, face, names = seat_rects(scene, seat)
            name = display_name(app.words, app.session, seat)
            written = name_lines(table, seat, name, *level_lines(scene, seat))   # as draw_avatar writes them
            wide = min(names.width, written_width(table, name, written, shown.get(seat)) + 8)   # (centred on the face)
            people += [hand, face, pygame.Rect(0, 0, wide, names.height).move_to(midtop=(written.at[0], names.top))]
            places.append(names)   # (the room a name might take is no one's now)
    rest = [r for r in taken(scene, score, message_lines=1) if r not in places + about + people]
    return [about, people, rest + list(also)]


def covered(box: pygame.Rect, tiers: list[list[pygame.Rect]]) -> tuple[int, ...]:
    """How much of each of ``tiers`` (``reason_rects``: what the reason is about, the people, the
    rest) ``box`` covers, in pixels: the less, the better, the first most."""
    return tuple(overlap(box, tier) for tier in tiers)


def reason_place(scene: Any, shapes: Iterable[tuple[Any, pygame.Rect]], also: Iterable[pygame.Rect] = (),
                 tiers: list[list[pygame.Rect]] | None = None) -> tuple[Any, pygame.Rect, bool]:
    """:func:`reason_steps` to the end, in one go."""
    return run_steps(reason_steps(scene, shapes, also, tiers))


def reason_steps(scene: Any, shapes: Iterable[tuple[Any, pygame.Rect]], also: Iterable[pygame.Rect] = (),
                 tiers: list[list[pygame.Rect]] | None = None) -> Iterator[None]:
    """Where a hint's reason lies for its few seconds. Of the boxes in ``shapes`` (what to draw, a box
    of its size and first place, widest first), the first that covers nothing of ``reason_rects``:
    at its first place or above it, else anywhere on the screen nearest it (the top of the felt
    between the panels, often); a wide box anywhere before a narrow column beside the baza. Where
    none is free, the place that covers least, what the reason is about first, then the people.
    ``(shape, box, clear)``: ``clear`` if it covers nothing (else it is drawn opaque, so nothing
    under it shows through its text). ``tiers``: ``reason_rects(scene, also)``, where the caller has
    them already (worked out once for a reason, however many sizes of it are tried). The search,
    on a grid of places, is ``room_search.Search``'s, kept while the tiers stay (the reason's parts
    and its other text size). A generator: it yields after each search that may take a while (a
    placing spread over frames, ``play_view.placing``), and returns ``(shape, box, clear)``."""
    lay = scene.app.layout
    tiers = reason_rects(scene, also) if tiers is None else tiers
    screen = pygame.Rect(8, 8, lay.w - 16, lay.h - 16)
    shapes = list(shapes)
    search = _search(screen, tiers)
    tried: set[tuple[int, int]] = set()
    for shape, first in shapes:
        steps = search.clear_steps(first, len(tiers))
        if steps:   # nothing covered at its place or above it: no place higher up is better
            return shape, first.move(0, -STEP * steps[0][0]), True
        if first.size not in tried:   # (a size tried anywhere once: the same places again)
            tried.add(first.size)
            box = search.nearest(first, len(tiers))
            if box is not None:
                return shape, box, True
            yield
    # no free room: the places clear of what the reason is about (and of the people, if any are)
    sizes = {}   # each size once, as its first shape
    for order, (shape, first) in enumerate(shapes):
        sizes.setdefault(first.size, (order, shape, first))
    clear, found = 0, False
    for level in (2, 1):   # (a size's columns worked out at a time: a step each)
        for size in sizes:
            found = search.any(level, size)
            yield
            if found:
                break
        if found:
            clear = level
            break
    best, chosen = None, None   # the least covered: (covered, order, far, y, x), and its shape
    for order, shape, first in sizes.values() if clear else ():
        key = search.least_cover(clear, first, order, best)
        if key is not None:
            best, chosen = key, (shape, pygame.Rect(key[4], key[3], *first.size))
        yield
    # and above each first place: only those clear of the tiers the best found covers nothing of
    # can beat it (the same cost and order: the place found first, on the grid)
    need = 0 if best is None else next((i for i, px in enumerate(best[0]) if px), len(tiers))
    for order, (shape, first) in enumerate(shapes):
        key = search.above(first, order, need, best)
        if key is not None:
            best, chosen = key, (shape, key[3])
        yield
    if chosen is None:   # no box at all (a screen too short for one): the first, where it was
        shape, first = shapes[0]
        return shape, pygame.Rect(first), False
    shape, box = chosen
    return shape, box, box.collidelist(sum(tiers, [])) < 0   # (clear, if only just: it touches things)


_searches: list = [None, None]   # the last reason's tiers and screen, and their search


def _search(screen: pygame.Rect, tiers: list[list[pygame.Rect]]) -> Search:
    """The search for ``tiers`` on ``screen``: kept for the next call with the same ones (a reason's
    other text size and parts: the columns of a width are worked out once for them all)."""
    key = (tuple(screen), tuple(tuple(map(tuple, tier)) for tier in tiers))
    if _searches[0] != key:
        _searches[:] = [key, Search(screen, tiers, STEP)]
    return _searches[1]


def forget() -> None:
    """Let go of the last reason's search (the benchmark times each placing from nothing)."""
    _searches[:] = [None, None]


#: The fewest letters a part of a reason split in two has (so "Haz el cambio:" never shows alone, even
#: where a part is split again).
PART_LEAST = 16


def reason_parts(text: str, at_words: bool = False) -> list[str]:
    """``text`` (a hint's reason) in the parts to show one after another where the whole finds no
    free room: its sentences (the move's reason, then the cambio's); one sentence in two at the break
    (":", ";", ",", before a "(") nearest its middle; ``[text]`` if it has none but near its ends (not
    "Haz el cambio:" alone, nor "un triunfo mejor"); ``at_words`` (a part split again): with no such
    break, at the space nearest its middle, as subtitles are."""
    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    if len(sentences) > 1:
        return sentences
    breaks = [m.end() for m in re.finditer(r"[:;,]\s+|\s+(?=\()", text)
              if max(len(text) / 5, PART_LEAST) <= m.end() <= len(text) - max(len(text) / 5, PART_LEAST)]
    if not breaks and at_words:
        breaks = [m.end() for m in re.finditer(r"\s+", text) if PART_LEAST <= m.end() <= len(text) - PART_LEAST]
    if not breaks:
        return [text]
    at = min(breaks, key=lambda b: abs(b - len(text) / 2))
    return [text[:at].rstrip(), text[at:]]


def reason_page(scene: Any) -> int:
    """Which part of a hint's reason in parts shows now (``scene.reason_at``'s pages: each for its
    share of the reason's time, as long as it is); 0 for a reason in one piece or none."""
    pages = scene.reason_at.pages if scene.reason_at is not None and scene.reason is not None else ()
    if len(pages) < 2:
        return 0
    shown, left = scene.reason_shown, scene.reason[1]
    total = sum(len(p[0]) for p in pages)
    ends = [sum(len(p[0]) for p in pages[:i + 1]) / total for i in range(len(pages))]
    return next((i for i, end in enumerate(ends) if shown < end * (shown + left)), len(pages) - 1)
