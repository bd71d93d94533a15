"""The frames kept whole while nothing on them changes: a guided hand's tip and the hand's count.

Drawn every frame, a tip's frame (the table, its veil, the box) took 3-4 ms of a phone's frame and
the count's 2.5-3.5 (its worst 7): over the 4.17 ms a slow phone has. Now a tip's frame is kept
while the tip is open and the table under it stays (``guide_view.frame_key``), and the count keeps
its felt, panels and the cards counted so far, each new card drawn onto them (``ScoringScene``).
Checked: every frame drawn from what is kept is, pixel for pixel, the frame drawn afresh (seeded
hands, two screens), through every tip and every step of the count; a turn of the phone and another
language give the new frame, not the kept one; and over a long match no more than one frame is kept.
"""

from __future__ import annotations

import gc
import os
import weakref

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui import look
from game.ui.app import App
from game.ui.desktop.bench import tips_of
from game.ui.persist import Store
from game.ui.scenes import guide_view, room
from game.ui.scene import DOUBLE_TAP
from game.ui.scenes.common import start_game
from game.ui.scenes.scoring import ScoringScene
from game.ui.session import Options

DT = 1 / 60


def _app(size, seed: int = 1) -> App:
    app = App(Store(Storage(MemoryBackend())), window=True, seed=seed, size=size)
    app.settings["speed"] = "fast"
    app.go("menu")
    app.step(DT)
    return app


def _fresh(app) -> bytes:
    """The frame on the screen now, drawn afresh: nothing kept."""
    scene = app.scene
    if scene.name == "play":
        scene.tips.frame = None
    elif scene.name == "scoring":
        scene.kept = None
    pic = app.surface.copy()
    app.manager.draw(pic)
    return pygame.image.tobytes(pic, "RGB")


def _shown(app) -> bytes:
    return pygame.image.tobytes(app.surface, "RGB")


def _tips(app, frames: int):
    """Through the guided hand, ``frames`` frames at each tip; yields after each of those frames."""
    for scene in tips_of(app, frames):
        app.step(DT)
        yield scene


@pytest.fixture
def kept_blits(monkeypatch):
    """How many frames were blitted from a kept one."""
    used = [0]
    blit_kept = guide_view.blit_kept

    def counted(*args):
        done = blit_kept(*args)
        used[0] += done
        return done

    monkeypatch.setattr(guide_view, "blit_kept", counted)
    return used


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_a_tips_kept_frame_is_the_frame_drawn_afresh(size, kept_blits):
    app = _app(size)
    frames = tips = 0
    for scene in _tips(app, 6):
        frames += 1
        tips += scene.tips.frame is not None
        assert _shown(app) == _fresh(app), f"tip {app.session.guide.current.key}, frame {frames}"
    assert frames >= 6 * 6 and tips == frames   # every tip, every frame kept
    assert kept_blits[0] >= frames * 5 // 6   # and blitted from then on (the fresh draws here not counted)


def _first_tip(app):
    tips = _tips(app, 3)
    for _ in range(3):
        scene = next(tips)
    return scene


def test_a_turn_of_the_phone_draws_the_tip_anew(kept_blits):
    app = _app((390, 844))
    scene = _first_tip(app)
    upright = _shown(app)
    for size in ((844, 390), (390, 844)):
        app.resize(size)
        app.step(DT)
        assert scene.tips.frame is not None and _shown(app) == _fresh(app)
    assert _shown(app) == upright and kept_blits[0] >= 2


def test_another_language_draws_the_tip_anew(kept_blits):
    app = _app((390, 844))
    scene = _first_tip(app)
    spanish = _shown(app)
    app.set_setting("lang", "en")
    app.step(DT)
    english = _shown(app)
    assert english != spanish and english == _fresh(app)
    app.step(DT)
    assert _shown(app) == english and kept_blits[0] >= 3
    app.set_setting("large_text", True)
    app.step(DT)
    assert _shown(app) != english and _shown(app) == _fresh(app)
    assert scene.tips.frame is not None


def test_a_hints_reason_in_parts_under_an_open_tip_shows_each_part(kept_blits):
    """A hint's reason too long for the free room shows in parts, one after another; under an open tip
    the kept frame held the first part for the reason's whole time (the key had the reason's text,
    not the part showing)."""
    app = App(Store(Storage(MemoryBackend())), window=True, seed=1, size=(320, 480))
    app.settings["speed"] = "fast"
    app.set_setting("large_text", True)
    app.go("menu")
    app.step(DT)
    scene = next(tips_of(app, 1000))
    app.step(DT)
    scene.table.hint = app.session.hand.hand_of(0)[0]
    scene.reason = ("Juega el as de bastos: ganas la baza y con ella 21 puntos, más de lo que te puede quitar "
                    "nadie. Guarda los triunfos para cuando la baza valga la pena. Haz el cambio: da el siete "
                    "de oros y toma la muestra (el caballo de oros), un triunfo mejor.", 12.0)
    scene.reason_shown = 0.0
    parts = set()
    for frame in range(int(12 / DT)):
        app.step(DT)
        if scene.reason is None:
            break
        if scene.reason_placing is not None:   # still being placed a slice a frame (by the wall clock: how
            continue   # many frames depends on the machine's load), and a fresh drawing would go on placing it
        part = room.reason_page(scene)
        if part not in parts or frame % 20 == 19:   # (a part's first frame, then now and then)
            assert _shown(app) == _fresh(app), f"frame {frame}, part {part}"
        parts.add(part)
    assert len(parts) >= 2 and kept_blits[0] > 100   # in parts, and kept between them


def test_a_tip_opening_draws_into_the_picture_kept_not_a_new_copy():
    """Each frame with no tip let the kept picture go, so the next tip's first frame copied the whole
    screen anew (2–5 ms more on that frame, already the dearest). The picture stays between tips:
    one for the whole guided hand, whatever tips open and close."""
    app = _app((390, 844))
    pictures = []
    for scene in _tips(app, 3):
        picture = scene.tips.frame[1]
        if all(picture is not p for p in pictures):
            pictures.append(picture)
    assert len(pictures) == 1 and len(app.session.guide.shown) >= 5


def test_what_changes_under_an_open_tip_shows():
    """A line said, a card hinted, a seña's face made and gone: the frame drawn anew, not the kept one."""
    app = _app((390, 844))
    scene = _first_tip(app)
    table = scene.table
    changes = [lambda: scene.say("¡Hola!"), lambda: setattr(table, "hint", app.session.hand.hand_of(0)[0]),
               lambda: table.faces.__setitem__(1, (1, 0.02)), lambda: None]   # (a face for one frame)
    for i, change in enumerate(changes):
        before = _shown(app)
        change()
        app.step(DT)
        assert scene.tips.frame is not None
        assert _shown(app) != before and _shown(app) == _fresh(app), i


def test_the_tips_buttons_light_under_the_mouse_and_sink_under_a_finger(kept_blits):
    """Every button in the game lights under the mouse and sinks while held; the tip's "Seguir" and
    "Saltar guía" did neither (their bar was made anew each frame, with no hover and drawn without
    the press), and the kept frame's key had no place for it. Each state is drawn, and drawn as a
    fresh frame draws it."""
    app = _app((390, 844))
    scene = _first_tip(app)
    for _ in range(int(DOUBLE_TAP / DT) + 2):   # (a press sooner is the double tap that opened it)
        app.step(DT)
    skip, go_on = (b.rect for b in guide_view.buttons(scene, guide_view.box_of(scene)).buttons)
    plain, before = _shown(app), app.surface.copy()
    at = lambda rect: app.viewport.to_window((*rect.center, 0, 0))[:2]   # noqa: E731  (a window pixel)
    edge = lambda rect: app.surface.get_at((rect.x + 6, rect.centery))[:3]   # noqa: E731  (the button's face)
    assert edge(go_on) == look.PRIMARY and edge(skip) == look.BUTTON
    app.step(DT, [drive.mouse_move(at(go_on))])
    assert _shown(app) != plain and _shown(app) == _fresh(app)
    assert edge(go_on) == (255, 204, 96) and edge(skip) == look.BUTTON   # as widgets.Button draws a hover
    app.step(DT, [drive.mouse_move(at(skip))])
    assert _shown(app) == _fresh(app) and edge(go_on) == look.PRIMARY and edge(skip) == look.BUTTON_HOVER
    used = kept_blits[0]
    app.step(DT, [drive.mouse_move((2, 2))])   # away: as before, and kept again
    app.step(DT)
    assert _shown(app) == plain and kept_blits[0] > used
    app.step(DT, [drive.finger(pygame.FINGERDOWN, at(go_on), (390, 844)),
                  drive.mouse_down(at(go_on), touch=True)])
    held = _shown(app)
    assert held != plain and held == _fresh(app) and app.session.guide.current.key == "muestra"
    top = (go_on.centerx, go_on.top + 1)
    assert app.surface.get_at(top) != before.get_at(top)   # sunk 2 px, as widgets.Button draws a press
    app.step(DT, [drive.finger(pygame.FINGERUP, at(go_on), (390, 844)), drive.mouse_up(at(go_on), touch=True)])
    assert app.session.guide.current is None or app.session.guide.current.key != "muestra"   # "Seguir" as before


def _count(size, players: int, seed: int, first_to: int = 1) -> App:
    """A match of bots (``first_to`` hands to win) played to its first hand's count, the count begun."""
    app = App(Store(Storage(MemoryBackend())), window=True, autoplay=True, seed=seed, size=size)
    app.go("menu")
    app.step(DT)
    app.manager.switch(start_game(app, Options(players=players, level="normal", first_to=first_to)))
    _to_count(app)
    return app


def _to_count(app) -> None:
    """The hand played at once, its count at the "fast" speed (card by card), begun."""
    app.settings["speed"] = "instant"
    for _ in range(20000):
        if app.session.hand.over:
            app.settings["speed"] = "fast"
        app.step(DT)
        if app.scene.name == "scoring":
            return
    raise AssertionError("no count")


@pytest.mark.parametrize("size, players", [((390, 844), 2), ((320, 568), 4), ((1280, 720), 3)])
def test_the_counts_kept_picture_is_the_picture_drawn_afresh(size, players):
    app = _count(size, players, seed=players)
    scene = app.scene
    counted = set()
    while scene.counting:
        app.step(DT)
        counted.add(scene.kept[2])
        assert _shown(app) == _fresh(app), f"{int(scene.shown)} cards counted"
    for _ in range(3):   # the count over: the result and each side's summary
        app.step(DT)
        assert _shown(app) == _fresh(app)
    assert len(counted) > 10 and max(counted) == scene.total   # the cards drawn onto the kept picture as counted


def test_a_turn_of_the_phone_or_another_language_draws_the_count_anew():
    app = _count((390, 844), 2, seed=5)
    scene = app.scene
    for _ in range(20):
        app.step(DT)
    for change in (lambda: app.resize((844, 390)), lambda: app.set_setting("lang", "ca"),
                   lambda: app.set_setting("large_text", True), lambda: app.resize((390, 844))):
        before = _shown(app), scene.kept[0]
        change()
        app.step(DT)
        assert scene.counting and _shown(app) == _fresh(app)
        assert (_shown(app), scene.kept[0]) != before


def test_a_long_match_keeps_one_picture_at_a_time(monkeypatch):
    """Kept pictures of the count and of the tips: over a match of many hands, none outlives its scene."""
    alive: list = []
    under, keep = ScoringScene.under, guide_view.keep

    def counted_under(self, *args):
        pic = under(self, *args)
        if pic is not self.app.surface:   # (the count's first frame, drawn on the screen)
            alive.append(weakref.ref(pic))
        return pic

    def counted_keep(scene, surface, key):
        keep(scene, surface, key)
        if scene.tips.frame is not None:
            alive.append(weakref.ref(scene.tips.frame[1]))

    monkeypatch.setattr(ScoringScene, "under", counted_under)
    monkeypatch.setattr(guide_view, "keep", counted_keep)
    app = _count((390, 844), 2, seed=8, first_to=4)
    hands = 0
    # The scene is read from the app each time, never kept in a local: a scene this frame held
    # (or pytest's assertion rewriting kept with it) would keep its picture, not the game.
    while not app.session.match.over or app.scene.name == "scoring":
        app.step(DT)
        if app.scene.name == "scoring" and not app.scene.counting:   # counted: the next hand
            hands += 1
            gc.collect()
            assert len({id(ref()) for ref in alive if ref() is not None}) <= 1
            if app.session.match.over:
                break
            app.manager.switch(app.scene.act("next"))
            _to_count(app)
    assert hands >= 4 and len(alive) > 100
    app.go("menu")
    app.step(DT)
    for _ in _tips(app, 3):   # and a guided hand's tips after it
        pass
    gc.collect()
    assert len({id(ref()) for ref in alive if ref() is not None}) <= 1
