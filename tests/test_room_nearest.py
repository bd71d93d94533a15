"""The free room of the felt, as geometry: the runs a row leaves free, the free place nearest a point,
and the turn's line slid off the baza the shortest way.

An outside mutation audit (round 36): the tests only asked that a partner's seña line lie off the
baza and your hand, so the farthest free place (the top-left corner under the trump panel) or a run's
left end passed as well as the nearest.  docs/ui.md: the line lies "in the free room of the felt
nearest it"."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.ui.scenes import play_view, room
from game.ui.scenes.play_view import StatusRoom


def screen(w: int = 800, h: int = 400) -> SimpleNamespace:
    """A scene as these functions see it: a layout's size, no more."""
    return SimpleNamespace(app=SimpleNamespace(layout=SimpleNamespace(w=w, h=h)))


def test_a_row_leaves_free_what_nothing_in_it_takes():
    band = pygame.Rect(0, 0, 400, 10)
    assert room.free_runs([], band) == [(0, 400)]
    assert room.free_runs([pygame.Rect(100, 0, 50, 10)], band) == [(0, 100), (150, 400)]
    assert room.free_runs([pygame.Rect(100, 0, 50, 10), pygame.Rect(300, 5, 20, 40)], band) == [
        (0, 100), (150, 300), (320, 400)]
    # one rectangle inside another: the inner one's end frees nothing
    assert room.free_runs([pygame.Rect(100, 0, 200, 10), pygame.Rect(120, 0, 50, 10)], band) == [(0, 100), (300, 400)]
    # a rectangle off the row takes nothing of it
    assert room.free_runs([pygame.Rect(100, 20, 50, 10)], band) == [(0, 400)]


def test_on_an_empty_felt_the_box_is_centred_on_the_point():
    got = room.nearest_free(screen(), (100, 20), [], (400, 200))
    assert got.centerx == 400 and abs(got.centery - 200) <= room.STEP


def test_the_box_goes_to_the_free_place_nearest_the_point_not_any_free_place():
    """The point is in a block 200x100 wide: above it is 60 px off, beside it 150; the box goes
    above, centred on the point's x, as close to the block as the rows allow."""
    block = pygame.Rect(300, 150, 200, 100)
    got = room.nearest_free(screen(), (100, 20), [block], (400, 200))
    assert not got.colliderect(block)
    assert got.centerx == 400 and block.top - room.STEP < got.bottom <= block.top


def test_the_box_slides_along_its_run_to_the_edge_nearest_the_point():
    """Everything left of x = 500 is taken: the box sits against it, level with the point; and at the
    right edge of the screen it stops at the margin."""
    wall = pygame.Rect(0, 0, 500, 400)
    got = room.nearest_free(screen(), (100, 20), [wall], (300, 200))
    assert got.left == 500 and abs(got.centery - 200) <= room.STEP
    got = room.nearest_free(screen(), (100, 20), [], (790, 200))
    assert got.right == 800 - 8


def test_no_free_place_is_none():
    assert room.nearest_free(screen(), (100, 20), [pygame.Rect(0, 0, 800, 400)], (400, 200)) is None


def test_the_turns_line_slides_off_the_baza_the_shorter_way(monkeypatch):
    """The line overlaps the baza's right end: it moves right, off it, 56 px, not 356 px left."""
    baza = pygame.Rect(300, 100, 200, 100)
    monkeypatch.setattr(play_view, "status_room", lambda scene: StatusRoom([baza.inflate(12, 12)], [baza]))
    line = pygame.Rect(450, 150, 200, 30)
    got = play_view.off_the_baza(screen(), line)
    assert got.y == line.y and got.left == baza.inflate(12, 12).right
    assert play_view.off_the_baza(screen(), pygame.Rect(20, 150, 200, 30)) == pygame.Rect(20, 150, 200, 30)   # clear: stays
