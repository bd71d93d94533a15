"""Drawing the play screen: the table, the HUD (triunfo, points, buttons, señas), messages, last baza.

Why: the play scene is split in two. ``play.PlayScene`` takes input and paces the bots; this module
only reads the scene's state and the layout and draws; it changes nothing.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable, Iterator, NamedTuple

import pygame

from game.ai.search import run_steps
from game.hand import SWAP
from game.ui import look
from game.ui.players import run_slice
from game.ui.scenes import counting, guide_view, room
from game.ui.scenes.faces import draw_avatar, plates
from game.ui.scenes.room import score_rect
from game.ui.seats import side_label
from game.ui.widgets import draw_names, names_stagger
from game.ui.sprites import CARD_H, CARD_W
from game.ui.text import cut_short


def draw(scene: Any, surface: pygame.Surface) -> None:
    """The whole play screen for ``scene`` (a ``PlayScene``)."""
    app = scene.app
    lay = app.layout
    table = scene.table
    session = app.session
    kept = guide_view.frame_key(scene) if session.guide is not None else None
    if guide_view.blit_kept(scene, surface, kept):   # a tip open: the game waits, the frame is the last one
        return
    surface.blit(look.felt(lay.size), (0, 0))
    if table.dragging is not None:  # where a card may be dropped
        zone = lay.table.drop_zone
        surface.blit(look.panel(zone.size, 60, 24), zone)
    draw_trump(scene, surface)
    table.draw_cards(surface, above=False)   # at rest; those flying or under a finger: over everything, below
    if scene.human_turn() and not table.animator.busy and lay.show_keys:
        draw_slot_keys(scene, surface)
    shown = plates(table, {seat: scene.name_of(seat) for seat in range(session.hand.players)})
    for seat in range(session.hand.players):  # everyone but the seat at the bottom
        draw_avatar(table, surface, seat, scene.name_of(seat), *room.level_lines(scene, seat), shown=shown.get(seat))
    draw_score(scene, surface)
    if app.settings.get("counting", False):  # the counting aid: only what the player could have counted
        counting.draw(scene, surface)
    draw_status(scene, surface)
    scene.bar.draw(surface, app)
    if scene.senas_shown():
        title, size, _rect = room.sena_title(app)
        app.typo.blit(surface, title, lay.hud.sena_title, size, look.GOLD, bold=True)
        scene.sena_bar.draw(surface, app)
    table.draw_cards(surface, above=True)   # a card played, drawn or dragged passes over the buttons and the line
    table.draw_floaters(surface)   # a baza's "+N" over its cards, as they sweep away too
    if lay.show_keys:  # keyboard help: not on phones
        senas = "_senas" if scene.senas_shown() else ""
        space = lay.hud.score.x - lay.hud.trump.right - 20
        # the whole line; else without P, where it does not fit (800x600); else, large text on a squat
        # window, the short one (every button shows its own key)
        lines = (app.t(f"play.keys{senas}"), app.t(f"play.keys{senas}_no_points"), app.t("play.keys_short"))
        keys = next((line for line in lines if app.typo.fits_line(line, 20, space)), lines[-1])
        middle = (lay.hud.trump.right + lay.hud.score.x) // 2   # between the trump and score panels
        app.typo.blit(surface, keys, (middle, lay.hud.keys_y), 20, look.MUTED, anchor="midtop", width=space)
    if scene.show_last:
        draw_last(scene, surface)
    if session.guide is not None:
        guide_view.draw(scene, surface)
        guide_view.keep(scene, surface, kept)


def status_text(scene: Any, short: bool = False) -> tuple[str, tuple[int, int, int]]:
    """The line under the table: the last event, else whose turn it is. ``short``: its shorter
    form where it has one (the same text where it has none)."""
    app = scene.app
    hand = scene.hand
    if scene.message is not None:
        text = scene.message[0]
        shorter = scene.message_short
        if short and shorter is not None and shorter[0] == text:
            text = shorter[1]
        return text, look.HILITE
    if scene.human_turn() and not scene.table.animator.busy:   # not before the last baza lands ("you won")
        legal = hand.legal_moves()
        card = hand.swap_card(hand.turn) if SWAP in legal else None
        colour = look.CREAM if scene.live() else look.MUTED   # faint: the hand just shown takes no card yet
        if card is not None:
            key = "play.your_turn_swap" if app.layout.show_keys else "play.your_turn_swap_touch"  # (S): a key
            return app.t(key + ("_short" if short else ""), card=app.words.card(card)), colour
        return app.t("play.your_turn"), colour
    if hand.turn is not None and not scene.table.animator.busy:
        if app.session.is_you(hand.turn):
            return app.t("play.their_turn_you"), look.MUTED
        return app.t("play.their_turn", name=scene.name_of(hand.turn)), look.MUTED
    return "", look.CREAM


def draw_status(scene: Any, surface: pygame.Surface) -> None:
    app = scene.app
    hud = app.layout.hud
    text, color = status_text(scene)
    if text:  # one line, smaller if it must, else two
        room = app.layout.w - 48
        geo = app.layout.table
        px, py = geo.pile_at["bottom"]   # your won pile, beside the line upright: the line stops short of it
        if abs(py - hud.message_y) < CARD_H * geo.pile_scale / 2 + app.typo.line(28):
            room = min(room, 2 * (px - int(CARD_W * geo.pile_scale / 2) - 16 - app.layout.cx))

        def lay_out(text: str, width: int) -> tuple[int, int, list, pygame.Rect]:   # one line, smaller if it must, else two
            size, lines = app.typo.fit_lines(text, 28, width)
            imgs = [app.typo.render(part, size, color) for part in lines]
            line = app.typo.line(size)
            return size, line, imgs, pygame.Rect(0, 0, max(img.get_width() for img in imgs) + 28, line * len(imgs) + 12)

        def rise(placed: tuple[int, int, list, pygame.Rect]) -> tuple[int, int, list, pygame.Rect]:
            # never over your hand (two lines beside the stock on a short screen), nor under a row of
            # buttons below it (the señas' row on a short table): it rises
            box = placed[3]
            box.bottom = min(box.bottom, geo.hand_at["bottom"][1] - int(CARD_H * geo.hand_scale / 2) - 12)
            for row in [scene.bar] + ([scene.sena_bar] if scene.senas_shown() else []):
                for b in row.buttons:
                    if b.rect.colliderect(box) and b.rect.centery > box.centery:
                        box.bottom = min(box.bottom, b.rect.top - 6)
            return placed

        def place(text: str) -> tuple[int, int, list, pygame.Rect]:
            size, line, imgs, box = lay_out(text, room)
            box.center = (app.layout.cx, hud.message_y)
            clear = scene.table.stock_area()   # a short table (a small phone, large text): the line beside the stock
            if clear is not None and box.inflate(12, 12).colliderect(clear):
                left, right = clear.right + 8, app.layout.cx + room // 2
                if right - left >= box.width:   # slid right, on the same lines
                    box.centerx = max(box.centerx, left + box.width // 2)
                else:
                    size, line, imgs, box = lay_out(text, right - left - 28)
                    box.center = ((left + right) // 2, hud.message_y)
            return rise((size, line, imgs, box))

        size, line, imgs, box = place(text)
        if len(imgs) > 1:   # two lines: the shorter form where there is one and it takes fewer
            short, _color = status_text(scene, short=True)
            if short != text:
                placed = place(short)
                if len(placed[2]) < len(imgs):
                    size, line, imgs, box = placed
        px = None   # (the real size of a line drawn at the normal text size: large text found no room)
        moved = off_the_baza(scene, box)
        if moved is None:   # no room beside the baza for the whole line (sideways, large text): the
            short, _color = status_text(scene, short=True)   # shorter form, smaller or on two lines in
            left, right = max(row_gaps(scene, box), key=lambda gap: gap[1] - gap[0])   # the widest room
            blocked, cut = status_room(scene).blocked, None   # free beside it; else at the normal text size
            for plain in (False, True) if app.typo.large > 1.0 else (False,):
                with app.typo.unscaled(plain):
                    for form in dict.fromkeys((short, text)):
                        placed = lay_out(form, right - left - 28)
                        placed[3].center = ((left + right) // 2, hud.message_y)
                        if rise(placed)[3].collidelist(blocked) < 0:
                            if not cut_short(app.typo.fit_lines(form, 28, right - left - 28)[1], form):
                                size, line, imgs, moved = placed
                                px = app.typo.px(size)
                                break
                            cut = cut or (*placed, app.typo.px(placed[0]))   # ("Pa… se…": the last resort)
                if moved is not None:
                    break
            # elsewhere on the felt for something said (cards land under it while it shows) or over a card
            # on the table; "Tu turno" stays over your empty place (a hint's reason keeps clear of the row only)
            if moved is None and scene.reason is None and (
                    scene.message is not None or box.collidelist(scene.table.trick_rects()) >= 0):
                moved = place_aside(scene, dict.fromkeys((short, text)), color)
                if moved is not None:
                    size, line, imgs, moved, px = moved
            if moved is None and cut is not None:   # cut short, rather than over the baza
                size, line, imgs, moved, px = cut
        box = box if moved is None else moved   # (nowhere free: where it was, over the baza)
        surface.blit(look.panel(box.size, 180, 12), box)
        app.typo.mark("panel", box)
        for i, img in enumerate(imgs):
            rect = img.get_rect(center=(box.centerx, box.y + 6 + line * i + line // 2))
            surface.blit(img, rect)
            if app.typo.record is not None:
                app.typo.record.append((rect, app.typo.px(size) if px is None else px))
    if scene.reason is not None:
        draw_reason(scene, surface, scene.reason[0], scene.place_slice())


class StatusRoom(NamedTuple):
    """What the turn's line slid off the baza must leave clear, with a margin (``blocked``), and the
    baza's places as they lie (``baza``: what it slides off)."""
    blocked: list
    baza: list


def status_room(scene: Any) -> StatusRoom:
    """What the turn's line slid off the baza must leave clear: every place of the baza, the stock,
    the others' hands, faces and names, the won piles, the panels and the buttons; and the baza's
    places alone. Worked out again only when one of them may have moved (kept in
    ``scene.status_room``): every frame it took a tenth of a millisecond or more, on a phone held
    sideways, for the same answer."""
    table, lay = scene.table, scene.app.layout
    stock, score = table.stock_area(), score_rect(scene)
    key = (table.players, table.viewer, None if stock is None else tuple(stock), tuple(score), scene.senas_shown())
    kept = scene.status_room
    if kept is not None and kept[0] is lay and kept[1] == key:
        return kept[2]
    baza = table.trick_places()
    blocked = baza + [pygame.Rect(lay.hud.trump), score]
    for seat in range(table.players):   # (your hand, below the line, it never reaches)
        rects = room.seat_rects(scene, seat)
        blocked += rects[1:2] if seat == table.viewer else rects
    if stock is not None:
        blocked.append(stock)
    rows = [scene.bar] + ([scene.sena_bar] if scene.senas_shown() else [])
    blocked += [b.rect for row in rows for b in row.buttons]
    got = StatusRoom([r.inflate(12, 12) for r in blocked], baza)
    scene.status_room = (lay, key, got)
    return got


def row_gaps(scene: Any, box: pygame.Rect) -> list[tuple[int, int]]:
    """The runs ``(left, right)`` of the row ``box`` lies in that nothing of ``status_room`` takes, left
    to right (at least one: an empty run where the row is full)."""
    band = pygame.Rect(8, box.y, scene.app.layout.w - 16, box.height)
    blocked = status_room(scene).blocked
    end = max([band.left] + [r.right for r in blocked if r.colliderect(band)])   # (where a full row ends)
    return room.free_runs(blocked, band) or [(end, end)]


def off_the_baza(scene: Any, box: pygame.Rect) -> pygame.Rect | None:
    """The turn's line ``box`` slid along its row off every place of the baza, as little as it
    must. Held sideways the table is short, and the card you play lies down to the line: "Juega
    Lola..." covered half of it for as long as the others played. Where it slides it stays clear of
    ``status_room``. None where no run of its row is as wide as it."""
    if box.collidelist(status_room(scene).baza) < 0:
        return box
    best = None
    for left, right in row_gaps(scene, box):
        if right - left >= box.width:
            x = max(left, min(box.x, right - box.width))
            if best is None or abs(x - box.x) < abs(best - box.x):
                best = x
    return None if best is None else box.move(best - box.x, 0)


def place_aside(scene: Any, forms: Iterable[str], color: tuple) -> tuple | None:
    """Where the turn's line lies when its row has no room for it off the baza: held sideways with
    four players, "Paco: seña del tres y del rey" lay over the card you had just played for the two
    seconds it showed. The free room of the felt nearest the line (``room.nearest_free``), clear of
    all that ``status_room`` keeps clear and of your hand, the stock's count, the counting aid's
    panel, the señas' title and the desktop's keys line: each of ``forms`` on one line, else on two
    or three narrower ones, at the normal size where large text finds none. ``(size, line, imgs,
    box, px)``, worked out once for the line and the table (``scene.status_aside``); None where no
    room is free."""
    app, forms = scene.app, tuple(forms)
    typo, kept, hud = app.typo, scene.status_aside, app.layout.hud
    free = status_room(scene)
    also = [room.seat_rects(scene, scene.table.viewer)[0], scene.table.stock_count_rect(),
            counting.placed(scene)[0] if app.settings.get("counting", False) else None,
            room.sena_title(app)[2] if scene.senas_shown() else None,
            pygame.Rect(hud.trump.right, hud.keys_y, hud.score.x - hud.trump.right, typo.line(20))
            if app.layout.show_keys else None]
    also = [r.inflate(12, 12) for r in also if r is not None]
    key = (forms, color, typo.large, tuple(map(tuple, also)))
    if kept is not None and kept[0] is free and kept[1] == key:
        return kept[2]
    blocked, found = free.blocked + also, None
    for plain in (False, True) if typo.large > 1.0 else (False,):
        with typo.unscaled(plain):
            line = typo.line(28)
            for form in forms:
                whole = typo.size(form, 28)[0]
                for n in (1, 2, 3):   # as even as the words let the lines be
                    width = -(-whole // n)
                    while len(lines := typo.wrap(form, 28, width)) > n:
                        width += 16
                    if len(lines) < n:   # (no narrower than on one line fewer: tried)
                        continue
                    size = (max(typo.size(part, 28)[0] for part in lines) + 28, line * n + 12)
                    box = room.nearest_free(scene, size, blocked, (app.layout.cx, hud.message_y))
                    if box is not None:
                        found = (28, line, [typo.render(part, 28, color) for part in lines], box, typo.px(28))
                        break
                if found is not None:
                    break
        if found is not None:
            break
    scene.status_aside = (free, key, found)
    return found


def draw_reason(scene: Any, surface: pygame.Surface, text: str, budget: float | None = None) -> None:
    """A hint's reason, for a few seconds, above the turn's message where it covers nothing the
    hint is about; else beside the stock (a short table), or higher up, or anywhere free on the felt
    (narrower, on more lines, where only a column between the players is free),
    never over the baza, the stock, a hand, a face or a name, or the buttons (``room.reason_place``);
    with large text and no such room, at the normal size where that finds some. Where the whole finds
    no free room (a reason and the cambio's, a small phone), in parts shown one after another, each
    where it is free (``room.reason_parts``). Where it lies is worked out once for the reason and the
    cards on the table, over frames: ``budget`` seconds of it a frame (None: at once); not drawn until
    placed (4-17 frames in the benchmark here, 20-45 ms of work, where the whole finds no room)."""
    app = scene.app
    table = scene.table
    lay = app.layout
    key = (text, lay.size, lay.text_scale, lay.form, len(table.model.table), table.stock_area() is not None,
           scene.senas_shown(), score_rect(scene).height, app.settings.get("counting", False))
    placed = scene.reason_at
    if placed is None or placed.key != key:
        placed = step_placing(scene, text, key, budget)
        if placed is None:   # still being worked out: drawn from a later frame
            return
    _text, lines, box, clear, plain = placed.pages[room.reason_page(scene)]   # (a reason in parts: the one now)
    # see-through on the bare felt; opaque where no room was free, so nothing under it reads through
    surface.blit(look.panel(box.size, 200 if clear else 255, 10), box)
    # the layout audit: a see-through panel ("note") must leave in view what the hand shows; an
    # opaque one ("solid": no free room) hides what is under it, but still not a face, a name, a
    # hand, a card on the table or a button
    app.typo.mark("note" if clear else "solid", box)
    with app.typo.unscaled(plain):
        line = app.typo.line(22)
        for i, part in enumerate(lines):
            app.typo.blit(surface, part, (box.centerx, box.y + 6 + i * line), 22, (190, 230, 255), anchor="midtop")


def step_placing(scene: Any, text: str, key: tuple, budget: float | None,
                 clock: Callable[[], float] = time.perf_counter) -> Placed | None:
    """Go on placing ``text`` for ``key`` (:func:`placing`, kept in ``scene.reason_placing``) for about
    ``budget`` seconds of ``clock`` (None: to the end), sliced as a bot's thinking (``players.run_slice``).
    The ``Placed``, also kept in
    ``scene.reason_at``, once done; else None."""
    if scene.reason_placing is None or scene.reason_placing[0] != key:
        scene.reason_placing = (key, placing(scene, text, key), [])
    _key, steps, recent = scene.reason_placing
    done, placed = run_slice(steps, recent, budget, clock)
    if done:
        scene.reason_at, scene.reason_placing = placed, None
    return placed


class Placed(NamedTuple):
    """Where a hint's reason lies (``scene.reason_at``), worked out for ``key`` (the reason, the screen,
    the cards on the table...): its ``pages``, each ``(text, lines, box, clear, plain)``, one after another
    where it is shown in parts, else the whole alone."""
    key: tuple
    pages: tuple


def place_reason(scene: Any, text: str, key: tuple) -> Placed:
    """Where ``text`` (a hint's reason) lies, worked out once for it and the cards on the table, for
    ``key``. Apart from drawing it so the benchmark can time it alone (``python -m game.ui.bench --reasons``)."""
    return run_steps(placing(scene, text, key))


def placing(scene: Any, text: str, key: tuple) -> Iterator[None]:
    """:func:`place_reason` a step at a time (a generator returning the ``Placed``): up to twenty
    searches for a reason in parts, 20-30 ms here in all on the smallest phone, several times that in
    the browser, spread over frames (``draw_reason``)."""
    app = scene.app
    aid = counting.placed(scene)[0] if app.settings.get("counting", False) else None
    also = [aid] if aid is not None else []
    tiers = room.reason_rects(scene, also)   # once for the reason, whatever sizes and parts of it are tried
    whole = (text, *(yield from _place_reason(scene, text, also, tiers)))
    pages = [whole]
    fits = lambda page: not any(room.covered(page[2], tiers)[:2])  # noqa: E731  (over won piles, the aid at most)
    for again in range(3):   # a part that covers the game: its sentences, then in two, in two again (no more)
        if all(fits(page) for page in pages):
            break
        split = []
        for page in pages:
            parts = [page[0]] if fits(page) else room.reason_parts(page[0], at_words=again > 0)
            if len(parts) == 1:
                split.append(page)
            for part in parts if len(parts) > 1 else ():
                split.append((part, *(yield from _place_reason(scene, part, also, tiers))))
        pages = split
    worst = lambda pages: max(room.covered(page[2], tiers)[:2] for page in pages)  # noqa: E731
    if worst(pages) >= worst([whole]):   # (in parts only where that covers less of the game)
        pages = [whole]
    return Placed(key, tuple(pages))


def _place_reason(scene: Any, text: str, also: list[pygame.Rect],
                  tiers: list[list[pygame.Rect]]) -> Iterator[None]:
    """Where ``text`` (a reason, or a part of one) lies: ``(lines, box, clear, plain)``, ``plain`` if
    at the normal text size (large text that found no free room, where the normal size finds some);
    a generator returning it (``room.reason_steps``)."""
    app = scene.app
    hud = app.layout.hud
    table = scene.table
    stock = table.stock_area()

    wraps: dict[tuple[int, int], list[str]] = {}   # the text wrapped at each width once (the narrow boxes: 160 px)

    def lay_out(width: int, cx: int) -> tuple[list[str], pygame.Rect]:
        at = (app.typo.px(22), width)
        if at not in wraps:
            wraps[at] = app.typo.wrap(text, 22, width - 40)
        lines = list(wraps[at])
        box = pygame.Rect(0, 0, width, 12 + app.typo.line(22) * len(lines))
        box.midbottom = (cx, hud.reason_bottom)
        return lines, box

    def shapes() -> list[tuple[list[str], pygame.Rect]]:
        out = [lay_out(hud.reason_width, app.layout.cx)]
        spans = []
        if stock is not None:   # beside the stock and the muestra, on more lines
            spans.append((stock.right + 24, app.layout.w - 12))
        baza = table.trick_rects()
        if baza:   # right of the baza's cards, on more lines
            spans.append((max(r.right for r in baza) + 12, app.layout.w - 12))
        spans = [(left, right) for left, right in spans if right - left >= 160]
        for left, right in spans:
            out.append(lay_out(min(hud.reason_width, right - left), (left + right) // 2))
        for left, right in spans:   # last: narrower, on more lines, just right of the stock or the baza
            for part in (0.66, 0.5, 0.4, 0.3):   # (a crowded table: people sitting on the right, the counting aid)
                width = max(160, int(min(hud.reason_width, right - left) * part))
                out.append(lay_out(width, left + width // 2))
        for part in (0.7, 0.5, 0.42, 0.35):   # then narrower across, on more lines: between two people's names
            out.append(lay_out(max(160, int(hud.reason_width * part)), app.layout.cx))   # (320x480, three players)
        # not a column narrower than one of its words ("prendre-us-la" ran out of it)
        return out[:1] + [(lines, box) for lines, box in out[1:]
                          if max(app.typo.size(part, 22)[0] for part in lines) <= box.width - 16]

    lines, box, clear = yield from room.reason_steps(scene, shapes(), also, tiers)
    if not clear and app.typo.large != 1.0:   # large text, no free room: the normal size, if it finds some
        with app.typo.unscaled():
            normal = shapes()
        small = yield from room.reason_steps(scene, normal, also, tiers)
        if room.covered(small[1], tiers) < room.covered(box, tiers):
            return (*small, True)
    return lines, box, clear, False


def draw_slot_keys(scene: Any, surface: pygame.Surface) -> None:
    """The key (1-3) of each card in the local hand, on its free top-right corner (left of the next card
    where they overlap: a narrow window, 500x500, closes the hand up and the "1" lay on the second card)."""
    app = scene.app
    table = scene.table
    views = [table.views.get(int(card)) for card in table.model.hands[table.viewer]]
    for i, v in enumerate(views):
        if v is None:
            continue
        rect = v.rect()
        right = rect.right
        if i + 1 < len(views) and views[i + 1] is not None:
            right = min(right, views[i + 1].rect().left)
        r = max(14, app.typo.size(str(i + 1), 24, bold=True)[1] // 2 + 1)   # (the digit's taller at the floor)
        center = (right - r - 2, rect.top + r + 2)
        pygame.draw.circle(surface, (30, 60, 40), center, r)
        pygame.draw.circle(surface, look.GOLD, center, r, 2)
        app.typo.mark("badge", pygame.Rect(center[0] - r, center[1] - r, 2 * r, 2 * r))
        app.typo.blit(surface, str(i + 1), (center[0], center[1] + 1), 24, look.CREAM, bold=True, anchor="center")


def draw_trump(scene: Any, surface: pygame.Surface) -> None:
    app = scene.app
    suit = scene.hand.trump_suit
    box = app.layout.hud.trump
    surface.blit(look.panel(box.size), box)
    app.typo.mark("panel", box)
    icon_size = min(54, box.height - 20)
    icon = app.sprites.icon(suit, icon_size)
    surface.blit(icon, icon.get_rect(center=(box.x + 12 + icon_size // 2, box.centery)))
    x = box.x + 22 + icon_size
    room = box.right - x - 8
    top = box.centery - (app.typo.line(22) + app.typo.line(32)) // 2
    name = app.t(f"suit.{suit}").capitalize()
    app.typo.blit(surface, app.t("play.trump"), (x, top), app.typo.fit(app.t("play.trump"), 22, room), look.MUTED)
    app.typo.blit(surface, name, (x, top + app.typo.line(22)), app.typo.fit(name, 32, room, True), look.GOLD, bold=True)


def draw_score(scene: Any, surface: pygame.Surface) -> None:
    app = scene.app
    session = app.session
    typo = app.typo
    small, row = typo.line(22), max(typo.line(26), typo.line(28))
    shown = session.options.show_score
    box = score_rect(scene)
    surface.blit(look.panel(box.size), box)
    typo.mark("panel", box)
    inner = box.width - 28
    y = box.y + 10
    if shown:
        typo.blit(surface, app.t("play.points"), (box.x + 14, y), typo.fit(app.t("play.points"), 22, inner), look.MUTED)
        y += small
        room = [box.right - 14 - typo.size(str(pts), 28, True)[0] - box.x - 24 for pts in scene.shown_points]
        size = min(side_label(app.words, typo, session, side, 26, room[side])[1] for side in range(len(room)))
        for side, pts in enumerate(scene.shown_points):   # the sides' names at one size, smaller if one must
            typo.blit(surface, str(pts), (box.right - 14, y), 28, look.GOLD, bold=True, anchor="topright")
            label, _size = side_label(app.words, typo, session, side, size, room[side])
            typo.blit(surface, label, (box.x + 14, y), size, look.CREAM, width=room[side])
            y += row
    else:
        text = app.t("play.points_hidden" if app.layout.show_keys else "play.points_hidden_touch")   # P, or a tap
        size, lines = hidden_lines(typo, text, inner)
        top = y + small // 2 if len(lines) == 1 else y   # the panel has room for two lines: one between them
        for i, part in enumerate(lines):
            typo.blit(surface, part, (box.x + 14, top + small * i), size, look.MUTED)
    if session.practice_of is not None:   # a hand played again: says so for as long as it lasts
        text = app.t("play.practice_label")
        if not typo.fits_line(text, 22, inner):   # a narrow panel, large text
            text = app.t("play.practice_label_short")
        typo.blit(surface, text, (box.x + 14, box.bottom - 10 - small), typo.fit(text, 22, inner), look.GOLD)
    elif session.match.target > 1:
        wins, scores = session.match.wins, session.match.scores
        if len(scores) > session.match.number and not scores[-1].result.void:   # this hand's: told at the
            wins[scores[-1].result.winner_side] -= 1   # count, not on its last card (the baza still to land)
        key = "play.match3" if len(wins) == 3 else "play.match"
        text = app.t(key, a=wins[0], b=wins[1], c=wins[-1])
        typo.blit(surface, text, (box.x + 14, box.bottom - 10 - small), typo.fit(text, 22, inner), look.MUTED)


def hidden_lines(typo: Any, text: str, width: int) -> tuple[int, list[str]]:
    """The note of the hidden points ``width`` wide, as (size, lines): on one line, smaller if it must;
    where even the smallest size is too wide (a phone's letters do not shrink under their floor; large
    text), on the two lines the score panel has room for, broken after the colon ("Puntos ocultos:" /
    "toca aquí") where each half fits, else where the words let it. (On one line it ran past the
    panel's right edge.)"""
    size, lines = typo.fit_lines(text, 22, width)
    head, colon, tail = text.partition(": ")
    if len(lines) > 1 and tail and all(typo.size(part, size)[0] <= width for part in (head + ":", tail)):
        lines = [head + ":", tail]
    return size, lines


def draw_last(scene: Any, surface: pygame.Surface) -> None:
    """The last baza over a dimmed table: every card, who played it, who won, the points; with the
    counting aid on, its lines under them (where the table has no room for the aid's panel, only
    here). The box is as tall as what it holds, centred where the layout puts it."""
    app = scene.app
    hand = scene.hand
    tricks = hand.tricks[:scene.shown_tricks]   # as the table has shown them: not one whose last card still flies
    hud = app.layout.hud
    typo = app.typo
    surface.blit(look.dim(app.layout.size), (0, 0))
    if typo.record is not None:
        typo.record.clear()  # the layout audit: what lies under the dimmed overlay is not for reading
    count = counting.column(scene, hud.overlay.width - 40) if app.settings.get("counting", False) else []
    card_h = app.sprites.get(tricks[-1].cards[0], hud.overlay_scale, 0).get_height() if tricks else 0
    names = [scene.name_of(tricks[-1].seat_of(i, hand.players)) for i in range(len(tricks[-1].cards))] \
        if tricks else []
    stagger = names_stagger(app, names, hud.overlay_step - 2, 22)   # long names: on two staggered lines
    name_h = typo.line(22) * (2 if stagger else 1)
    body = card_h + 6 + name_h + 14 + typo.line(26) if tricks else typo.line(26) + 16
    height = 14 + typo.line(34) + 16 + body + 14 + ((8 + typo.line(20) * len(count)) if count else 0)
    box = pygame.Rect(hud.overlay.x, 0, hud.overlay.width, height)
    box.centery = hud.overlay.centery
    box.bottom = min(box.bottom, app.layout.h - 8)
    box.top = max(8, box.top)
    surface.blit(look.panel(box.size, 250), box)
    title = typo.blit(surface, app.t("play.last_trick"), (box.centerx, box.y + 14), 34, look.GOLD, bold=True,
                      anchor="midtop")
    if not tricks:
        below = typo.blit(surface, app.t("play.last_trick_none"), (box.centerx, title.bottom + 16), 26, look.CREAM,
                          anchor="midtop").bottom
    else:
        trick = tricks[-1]
        n = len(trick.cards)
        xs = [int(box.centerx + (i - (n - 1) / 2) * hud.overlay_step) for i in range(n)]
        for i, card in enumerate(trick.cards):
            img = app.sprites.get(card, hud.overlay_scale, 0)
            rect = img.get_rect(midtop=(xs[i], title.bottom + 16))
            if trick.seat_of(i, hand.players) == trick.winner:
                g = look.glow(rect.size)
                surface.blit(g, g.get_rect(center=rect.center))
            surface.blit(img, rect)
        draw_names(surface, app, names, xs, title.bottom + 16 + card_h + 6, hud.overlay_step - 2, 22, look.CREAM,
                   (box.left, box.right), stagger)
        key = ("play.last_trick_won_you" if app.session.is_you(trick.winner) else "play.last_trick_won") + (
            "" if app.session.options.show_score else "_hidden")
        text = app.t(key, name=scene.name_of(trick.winner), points=trick.points)
        top = title.bottom + 16 + card_h + 6 + name_h + 14
        below = typo.blit(surface, text, (box.centerx, top), typo.fit(text, 26, box.width - 24), look.HILITE,
                          anchor="midtop").bottom
    counting.draw_lines(scene, surface, count, (box.x + 20, below + 8))
