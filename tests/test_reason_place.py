"""Where a hint's reason lies is found fast and in the same place as before (``room.reason_place``).

Placing a reason with no free room (a small phone, three or four players, large text; in parts,
each placed at both text sizes) tried every place of a grid for a dozen sizes of its box with a
Python test each, and measured what every place covered: 40-150 ms in the frame the player tapped
"Pista". The search now works a column of places at a time (``room_search``). The old search is
kept here, as it was, to check that the boxes chosen are the same: on the benchmark's tables
(``python -m game.ui.bench --reasons``), and on made-up screens.
"""

from __future__ import annotations

import os
import random
from types import SimpleNamespace
from typing import Any, Iterable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.desktop import bench_reasons
from game.ui.scenes import play_view, room


# the search as it was before (the thirty-third session), word for word but for its docstring and the module's names
def old_reason_place(scene: Any, shapes: Iterable[tuple[Any, pygame.Rect]], also: Iterable[pygame.Rect] = (),
                     tiers: list[list[pygame.Rect]] | None = None) -> tuple[Any, pygame.Rect, bool]:
    """``room.reason_place`` as it was: every place of the grid tried and measured."""
    lay = scene.app.layout
    tiers = room.reason_rects(scene, also) if tiers is None else tiers
    screen = pygame.Rect(8, 8, lay.w - 16, lay.h - 16)
    shapes = list(shapes)

    def grid(first: pygame.Rect, blocked: list[pygame.Rect], gap: int) -> Iterable[pygame.Rect]:
        """The places of ``first``'s size ``gap`` px or more from all of ``blocked``: on a coarse
        grid and against their edges (a box that just fits between two things)."""
        box, apart = pygame.Rect(first), [r.inflate(2 * gap, 2 * gap) for r in blocked]
        xs = {*range(screen.left, screen.right - box.width + 1, 8 * room.STEP), screen.right - box.width}
        ys = {*range(screen.top, screen.bottom - box.height + 1, 4 * room.STEP), screen.bottom - box.height}
        xs |= {x for r in apart for x in (r.right, r.left - box.width)}
        ys |= {y for r in apart for y in (r.bottom, r.top - box.height)}
        xs = sorted(x for x in xs if screen.left <= x <= screen.right - box.width)   # (once, not once a row)
        for y in sorted(y for y in ys if screen.top <= y <= screen.bottom - box.height):
            for x in xs:
                box.topleft = (x, y)
                if box.collidelist(apart) < 0:
                    yield pygame.Rect(box)

    def far(box: pygame.Rect, first: pygame.Rect) -> int:
        return abs(box.centerx - first.centerx) + abs(box.centery - first.centery)

    def cost(box: pygame.Rect, order: int, first: pygame.Rect, clear_of: int = 0) -> tuple[int, ...]:
        # (``clear_of``: the first tiers the box is known to cover nothing of, not measured again)
        return (*[0] * clear_of, *room.covered(box, tiers[clear_of:]), order, far(box, first))

    tried: set[tuple[int, int]] = set()
    for order, (shape, first) in enumerate(shapes):
        box = pygame.Rect(first)
        for bottom in range(first.bottom, screen.top + box.height - 1, -room.STEP):
            box.bottom = bottom
            if box.collidelist(tiers[0] + tiers[1] + tiers[2]) < 0:
                return shape, pygame.Rect(box), True   # nothing covered: no place higher up is better
        free_places = list(grid(first, sum(tiers, []), 4)) if first.size not in tried else []
        tried.add(first.size)   # (a size tried anywhere once: the same places again)
        if free_places:
            return shape, min(free_places, key=lambda b: far(b, first)), True
    # no free room: the places clear of what the reason is about (and of the people, if any are)
    sizes = {}   # each size once, as its first shape
    for order, (shape, first) in enumerate(shapes):
        sizes.setdefault(first.size, (order, shape, first))
    options = [(shape, box, order, first, 2) for order, shape, first in sizes.values()
               for box in grid(first, tiers[0] + tiers[1], 4)]
    if not options:
        options = [(shape, box, order, first, 1) for order, shape, first in sizes.values()
                   for box in grid(first, tiers[0], 4)]
    for order, (shape, first) in enumerate(shapes):   # and above each first place
        for bottom in range(first.bottom, screen.top + first.height - 1, -room.STEP):
            options.append((shape, first.move(0, bottom - first.bottom), order, first, 0))
    if not options:   # no box at all (a screen too short for one): the first, where it was
        shape, first = shapes[0]
        return shape, pygame.Rect(first), False
    shape, box, *_rest = min(options, key=lambda o: cost(*o[1:]))
    return shape, box, box.collidelist(sum(tiers, [])) < 0   # (clear, if only just: it touches things)


def _both(monkeypatch) -> list:
    """Every search of ``room.reason_steps`` (a placing's, step by step) answered by the new search,
    checked against the old one; the list of calls, as ``(new, old)``."""
    new, calls = room.reason_steps, []

    def checked(scene, shapes, also=(), tiers=None):
        shapes = list(shapes)
        got = yield from new(scene, shapes, also, tiers)
        want = old_reason_place(scene, shapes, also, tiers)
        calls.append(((got[0], tuple(got[1]), got[2]), (want[0], tuple(want[1]), want[2])))
        return got

    monkeypatch.setattr(room, "reason_steps", checked)
    return calls


@pytest.mark.parametrize("size", bench_reasons.REASON_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_every_part_of_the_longest_reasons_lies_where_the_old_search_put_it(monkeypatch, size, players, large):
    """The benchmark's tables: the longest reason and the longest with the cambio's, every part, at
    both text sizes where the large finds no free room: each box the same as the old search's."""
    app = bench_reasons.reason_table(size, players, large)
    calls = _both(monkeypatch)
    for _case, text in bench_reasons.reason_cases(app):
        room.forget()
        play_view.place_reason(app.scene, text, ())
    assert calls
    for got, want in calls:
        assert got == want


def test_placing_the_longest_reason_no_longer_measures_every_place(monkeypatch):
    """320x480, four players, large text, the longest reason with the cambio's: six parts, twenty
    searches. The old search measured what some twenty thousand places covered (``room.overlap``,
    three tiers each); the new one measures a few places itself and leaves ``overlap`` to the
    callers' checks of the boxes chosen."""
    app = bench_reasons.reason_table((320, 480), 4, True)
    text = dict(bench_reasons.reason_cases(app))["with cambio"]
    measured = []
    real = room.overlap
    monkeypatch.setattr(room, "overlap", lambda box, rects: measured.append(1) or real(box, rects))
    room.forget()
    placed = play_view.place_reason(app.scene, text, ())
    assert len(placed.pages) > 2   # in parts
    assert len(measured) < 300, len(measured)   # (the old search: 57,335)


def _scene(w: int, h: int) -> Any:
    return SimpleNamespace(app=SimpleNamespace(layout=SimpleNamespace(w=w, h=h)))


def _rect(rng: random.Random, w: int, h: int) -> pygame.Rect:
    """A rect somewhere on (or just off) a ``w`` x ``h`` screen; now and then with no width or height,
    or on the grid's steps (edges that touch)."""
    step = rng.choice([1, 6, 24])
    x, y = rng.randrange(-20, w, step), rng.randrange(-20, h, step)
    rw, rh = rng.randrange(0, w // 2, step), rng.randrange(0, h // 3, step)
    return pygame.Rect(x, y, rw, rh)


@pytest.mark.parametrize("seed", range(6))
def test_made_up_screens_get_the_same_boxes_as_the_old_search(seed):
    """Screens, rects and boxes made up at random (seeded): crowded and bare, rects touching, rects
    with no width, boxes wider or taller than the screen, first places off it; the box, the shape
    and whether it is clear are those of the old search."""
    rng = random.Random(seed)
    for _ in range(40):
        w, h = rng.choice([(640, 960), (1136, 640), (300, 200), (900, 700)])
        tiers = [[_rect(rng, w, h) for _ in range(rng.randrange(0, n))] for n in (24, 16, 10)]
        shapes = []
        for order in range(rng.randrange(1, 8)):
            bw, bh = rng.randrange(40, w + 40, 2), rng.randrange(20, h // 2, 2)
            first = pygame.Rect(0, 0, bw, bh)
            first.midbottom = (rng.randrange(0, w), rng.randrange(bh // 2, h + 30))
            shapes.append((order, first))
        room.forget()
        for _again in range(3):   # and again with some of the shapes, as a reason's parts are (the search kept)
            got = room.reason_place(_scene(w, h), shapes, (), tiers)
            want = old_reason_place(_scene(w, h), shapes, (), tiers)
            assert (got[0], tuple(got[1]), got[2]) == (want[0], tuple(want[1]), want[2]), (seed, w, h)
            shapes = rng.sample(shapes, rng.randrange(1, len(shapes) + 1))


@pytest.mark.parametrize("size,players,large", [((360, 640), 3, True), ((390, 844), 4, False), ((480, 320), 4, True)])
def test_a_reason_keeps_clear_of_a_faces_lines_as_they_are_drawn(size, players, large):
    """What a reason must leave of a face's name and level (``room.reason_rects``' people) is as wide
    as the widest line ``faces.draw_avatar`` writes there, and 4 px each side: one fitting for both.
    It guessed before ("Máquina:" and "Normal" a line each, where one line shows "Normal" alone: up to
    56 px wider than what is drawn, 360x640, large text, in English), centred on the face with its
    thinking bubble, right of the lines: 5 px of "Compañero: Normal" at 390x844 lay outside it."""
    from game.ui.scenes import faces
    from game.ui.seats import display_name

    app = bench_reasons.reason_table(size, players, large)
    for lang in ("es", "en"):
        app.set_setting("lang", lang)
        scene = app.scene
        table = scene.table
        people = iter(room.reason_rects(scene)[1])
        for seat in range(players):
            if seat == table.viewer:
                continue
            _hand, _face, kept = next(people), next(people), next(people)
            names = room.seat_rects(scene, seat)[3]
            app.typo.record = []
            try:
                faces.draw_avatar(table, pygame.Surface(app.layout.size), seat, display_name(app.words, app.session, seat),
                                  *room.level_lines(scene, seat))
                drawn = [r for r, _px in app.typo.record if not isinstance(r, str)]
            finally:
                app.typo.record = None
            assert len(drawn) >= 2, (lang, seat)   # the name and its level
            assert kept.width == min(names.width, max(r.width for r in drawn) + 8), (lang, seat, kept, drawn)
            assert all(kept.left <= r.left and r.right <= kept.right for r in drawn), (lang, seat, kept, drawn)


def test_a_reason_with_no_free_room_is_placed_a_slice_a_frame_where_placing_it_at_once_puts_it(monkeypatch):
    """At the game's speed the frame the player tapped "Pista" in worked out where the reason lies,
    every part at both text sizes: 20-30 ms here on the smallest phone, several times that in the
    browser (a hitch). It is worked out a slice a frame now (``play.THINK_PER_FRAME``, here none: a
    search a frame), drawn once placed, and lies where placing it at once puts it, every part."""
    from game.ui.scenes import play

    app = bench_reasons.reason_table((320, 480), 4, False)
    scene = app.scene
    text = dict(bench_reasons.reason_cases(app))["longest"]
    room.forget()
    at_once = play_view.place_reason(scene, text, ())
    assert len(at_once.pages) > 1   # (no free room for the whole: in parts)
    app.settings["speed"] = "normal"
    monkeypatch.setattr(play, "THINK_PER_FRAME", 0.0)
    scene.reason, scene.reason_at, scene.reason_shown = (text, 60.0), None, 0.0
    room.forget()
    app.typo.record = []
    try:
        scene.draw(app.surface)   # the first frame: a step, no reason drawn yet
        assert scene.reason_at is None
        assert not [kind for kind, *_ in app.typo.record if kind in ("note", "solid")]
        frames = 1
        while scene.reason_at is None:
            play_view.draw_reason(scene, app.surface, text, scene.place_slice())
            frames += 1
            assert frames < 500, "never placed"   # (a placing not kept looped here for ever)
        assert frames > 10, frames
        assert scene.reason_at.pages == at_once.pages
        app.typo.record = []
        scene.draw(app.surface)   # and from then on drawn, the first part where it was placed
        assert [r for kind, r in app.typo.record if kind in ("note", "solid")] == [at_once.pages[0][2]]
    finally:
        app.typo.record = None


def test_placing_a_reason_wraps_each_part_at_each_width_once(monkeypatch):
    """The narrow boxes tried for a reason are often the same width (160 px, the narrowest): its text
    was wrapped again for each, a fifth of the wraps of a placing in parts (320x480, four players).
    Each part is wrapped once a width and text size now, and lies where it did."""
    app = bench_reasons.reason_table((320, 480), 4, False)
    text = dict(bench_reasons.reason_cases(app))["with cambio"]
    room.forget()
    before = play_view.place_reason(app.scene, text, ())
    typo, wrapped = app.typo, []
    real = typo.wrap
    monkeypatch.setattr(typo, "wrap", lambda part, size, width, bold=False: wrapped.append(
        (part, typo.px(size), width)) or real(part, size, width, bold))
    room.forget()
    placed = play_view.place_reason(app.scene, text, ())
    assert len(placed.pages) > 2 and placed.pages == before.pages
    assert len(wrapped) == len(set(wrapped)), len(wrapped) - len(set(wrapped))
