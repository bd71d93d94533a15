"""A file dropped on a screen that does not take one (a match being set up, the hand's count…) is
answered where the player looks: where copies come back, whole, in a box just above the screen's
buttons, for 6 s (``common.ASIDE_SECONDS``), then gone; on the seats' typing screen, over the name's
box, in its short form where the whole would be cut short there. (Mutation audit, mutation41: the
box below the buttons, lines outside it, 5 s instead of 6, and the short form never used all passed
tests/test_backup_screen.py, which checks only that the words are drawn.) No file is opened: none is
needed. A few frames each.
"""

from __future__ import annotations

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui import look
from game.ui.app import App
from game.ui.persist import Store
from game.ui.text import ELLIPSIS

DT = 1 / 30
DROP = pygame.event.Event(pygame.DROPFILE, file="brisca-copia-2026-12-07.json")


def open_app(size: tuple[int, int], large: bool = False) -> App:
    store = Store(Storage(MemoryBackend()))
    store.save_settings({"lang": "es", "large_text": large})
    app = App(store, window=True, seed=5, size=size)
    app.go("options")
    app.step(DT)
    return app


def told(app: App) -> tuple[str, str]:
    fmt = {"settings": app.t("set.title"), "backup": app.t("set.backup")}
    return app.t("backup.drop_aside", **fmt), app.t("backup.drop_aside_short", **fmt)


def drawn_box(app: App, monkeypatch) -> tuple[list, list]:
    """The texts drawn (``uidrive.Drawn``) and the gold frames drawn (rects) on one frame."""
    frames: list[pygame.Rect] = []
    rect = pygame.draw.rect

    def spy(surface, color, r, *args, **kwargs):
        if tuple(color)[:3] == tuple(look.GOLD)[:3]:
            frames.append(pygame.Rect(r))
        return rect(surface, color, r, *args, **kwargs)

    with monkeypatch.context() as patch, drive.drawn(app) as seen:
        patch.setattr(pygame.draw, "rect", spy)
        app.manager.draw(app.surface)
    return seen, frames


@pytest.mark.parametrize("size, large", [((390, 844), False), ((320, 568), True)])
def test_a_file_dropped_on_the_new_game_is_told_whole_in_a_box_over_its_buttons_for_six_seconds(monkeypatch, size, large):
    app = open_app(size, large)
    whole, _short = told(app)
    app.step(DT, [DROP])
    app.step(DT)
    seen, frames = drawn_box(app, monkeypatch)
    words = whole.split()
    lines = [d for d in seen if d.text and set(d.text.split()) <= set(words)]
    assert " ".join(d.text for d in lines).split() == words   # the whole of it, in order, none cut short
    assert len(lines) >= 2   # (wrapped: the box must hold every line)
    box = next(f for f in frames if f.contains(lines[0].rect))
    w, _h = app.layout.size
    assert 0 < box.left and box.right < w   # its frame seen whole, off the screen's edges
    assert all(box.contains(d.rect) for d in lines)
    assert box.bottom <= min(b.rect.top for b in app.scene.bar.buttons)   # over the buttons, none covered
    app.step(5.8)   # (6 s: docs/ui.md)
    assert lines[0].text in [d.text for d in drawn_box(app, monkeypatch)[0]]   # still said just before 6 s
    app.step(0.3)
    assert lines[0].text not in [d.text for d in drawn_box(app, monkeypatch)[0]]   # and gone after


def test_the_typing_screen_says_the_short_form_where_the_whole_would_be_cut_short(monkeypatch):
    """A phone held sideways with large text (600x340): over the name's box the whole sentence was cut
    short ("… este ar…"), the short form never used."""
    app = open_app((600, 340), large=True)
    app.go("seats")
    app.step(DT)
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="A", scancode=0)])
    app.step(DT, drive.tap(app.scene.type_bar.buttons[0].rect.center, window=app.layout.size))
    assert app.scene.editing
    whole, short = told(app)
    app.step(DT, [DROP])
    app.step(DT)
    texts = [d.text for d in drawn_box(app, monkeypatch)[0]]
    assert short in texts and not any(t.endswith(ELLIPSIS) and t[:20] == whole[:20] for t in texts)
