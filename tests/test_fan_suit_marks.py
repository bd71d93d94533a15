"""The Recuento's fans show each card's suit without colour: only a strip of each card shows
there, the pintas (the breaks in the frame line) lay under the next card, and a deuteranope saw
oros, copas and bastos numbers as one olive (an outside tester, round 42). Each card now shows
its suit's emblem under its number, in the strip the next card leaves."""

from __future__ import annotations

import os
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive

from game.ui.art import CardArt
from game.ui.desktop.audit import make_app
from game.ui.options import Options
from game.ui.session import Session


def grey(surf: pygame.Surface) -> list[int]:
    """Each pixel's luminance (0-255) over the cream face: what is left of a picture without colour."""
    face = pygame.Surface(surf.get_size())
    face.fill((253, 249, 238))
    face.blit(surf, (0, 0))
    w, h = face.get_size()
    return [round(0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b) for c in (face.get_at((x, y)) for y in range(h)
                                                                            for x in range(w))]


@pytest.mark.parametrize("size,large", [((360, 640), True), ((390, 844), False)])
def test_each_counted_card_shows_its_suit_mark_in_the_strip_the_next_card_leaves(size, large, monkeypatch):
    app = make_app(size, large)
    session = Session(Options(players=4, first_to=1), seed=3)
    scene = drive.counted(app, session, 4)
    lies = []
    under = scene.under
    monkeypatch.setattr(scene, "under", lambda surface, sides, n: lies.append(sides) or under(surface, sides, n))
    scene.draw(app.surface)
    checked = 0
    for side, (_box, (scale, centres)) in enumerate(lies[-1]):
        rects = [app.sprites.get(card, scale, 0).get_rect(center=c) for card, c in zip(scene.won[side], centres)]
        for i, (card, rect) in enumerate(zip(scene.won[side], rects)):
            mark, (mx, my) = app.sprites.mark(card, scale)
            box = mark.get_rect(topleft=(rect.x + mx, rect.y + my))
            ahead = [r for r in rects[i + 1:] if r.y == rect.y]   # the next card in its row covers the rest
            visible = pygame.Rect(rect.x, rect.y, (ahead[0].x if ahead else rect.right) - rect.x, rect.height)
            assert visible.contains(box), (card, box, visible)
            opaque = [(x, y) for x in range(box.width) for y in range(box.height) if mark.get_at((x, y)).a == 255]
            same = sum(app.surface.get_at((box.x + x, box.y + y))[:3] == mark.get_at((x, y))[:3] for x, y in opaque)
            assert same >= 0.95 * len(opaque), (card, same, len(opaque))
            checked += 1
    assert checked == 40


def test_the_four_suit_marks_differ_in_grey():
    """Without colour (luminance only) each pair of the marks differs in a good share of its pixels."""
    art = CardArt(50, 77)   # about a Recuento card on a 360x640 phone
    greys = {s: grey(art.corner_mark(f"2{s}")[0]) for s in "OCEB"}
    assert len({len(g) for g in greys.values()}) == 1
    for a in "OCEB":
        for b in "OCEB":
            if a < b:
                apart = sum(abs(p - q) > 40 for p, q in zip(greys[a], greys[b]))
                assert apart >= 0.15 * len(greys[a]), (a, b, apart)
