"""Synthetic input and state checks, for tests, the benchmark and the autoplay director.

Why: every scene must be drivable headless with a fixed ``dt`` by the same raw pygame events a
person produces (mouse, touch with its synthesized mouse copies, keys), and the core's state
must stay legal after each of them.
"""

from __future__ import annotations

import contextlib
import os
from collections import Counter
from typing import Any, Iterator, NamedTuple

import pygame
import pytest

from game.cards import CARD_POINTS
from game.hand import Hand


def menu_app(seed: int, speed: str, dt: float, size: tuple[int, int] | None = None, window: bool = True) -> Any:
    """A game over a fresh memory store, its speed ``speed``, on the menu after one frame of ``dt``."""
    from game.storage import MemoryBackend, Storage  # noqa: PLC0415
    from game.ui.app import App  # noqa: PLC0415
    from game.ui.persist import Store  # noqa: PLC0415

    app = App(Store(Storage(MemoryBackend())), window=window, seed=seed, size=size)
    app.settings["speed"] = speed
    app.go("menu")
    app.step(dt)
    return app


def mouse_down(pos, button: int = 1, touch: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)


def mouse_up(pos, button: int = 1, touch: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=touch)


def mouse_move(pos, touch: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=touch)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def wheel(dy: int, flipped: bool = False) -> pygame.event.Event:
    """The mouse wheel turned ``dy`` notches (positive: away from the user)."""
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, precise_x=0.0, precise_y=float(dy), flipped=flipped,
                              touch=False)


def click(pos) -> list[pygame.event.Event]:
    return [mouse_down(pos), mouse_up(pos)]


def finger(kind: int, pos, window=(1280, 720), finger_id: int = 0) -> pygame.event.Event:
    return pygame.event.Event(kind, x=pos[0] / window[0], y=pos[1] / window[1], dx=0.0, dy=0.0,
                              finger_id=finger_id, touch_id=1, pressure=1.0)


def tap(pos, window=(1280, 720)) -> list[pygame.event.Event]:
    """What a finger tap produces on a touch screen: FINGER* plus SDL's mouse copies (touch=True)."""
    return [finger(pygame.FINGERDOWN, pos, window), mouse_down(pos, touch=True),
            finger(pygame.FINGERUP, pos, window), mouse_up(pos, touch=True)]


def drag_frames(start, end, steps: int = 6) -> list[list[pygame.event.Event]]:
    """Events for ``steps + 2`` frames: press at ``start``, move, release at ``end``."""
    frames = [[mouse_down(start)]]
    for i in range(1, steps + 1):
        t = i / steps
        frames.append([mouse_move((int(start[0] + (end[0] - start[0]) * t), int(start[1] + (end[1] - start[1]) * t)))])
    frames.append([mouse_up(end)])
    return frames


def touch_drag_frames(start, end, steps: int = 6, window=(1280, 720)) -> list[list[pygame.event.Event]]:
    """A finger drag as a touch screen reports it: FINGER* events plus SDL's mouse copies."""
    frames = [[finger(pygame.FINGERDOWN, start, window), mouse_down(start, touch=True)]]
    for i in range(1, steps + 1):
        t = i / steps
        pos = (int(start[0] + (end[0] - start[0]) * t), int(start[1] + (end[1] - start[1]) * t))
        frames.append([finger(pygame.FINGERMOTION, pos, window), mouse_move(pos, touch=True)])
    frames.append([finger(pygame.FINGERUP, end, window), mouse_up(end, touch=True)])
    return frames


def check_hand(hand: Hand) -> None:
    """Raise AssertionError if the core's state breaks an invariant a legal hand keeps."""
    deck = hand.rules.deck()
    seen: Counter = Counter()
    for s in range(hand.players):
        seen.update(hand.hand_of(s))
    seen.update(c for _s, c in hand.table)
    for t in hand.tricks:
        seen.update(t.cards)
    assert all(v == 1 for v in seen.values()), "a card is in two places"
    assert len(seen) + hand.stock_count == len(deck), "cards were lost or invented"
    assert sum(hand.points) == sum(CARD_POINTS[c] for t in hand.tricks for c in t.cards), "points do not add up"
    sizes = [len(hand.hand_of(s)) for s in range(hand.players)]
    assert max(sizes) <= 3, "a hand holds more than 3 cards"
    if hand.over:
        assert hand.turn is None and hand.result is not None and sum(hand.points) == sum(CARD_POINTS[c] for c in deck)
    else:
        assert hand.turn is not None and hand.legal_moves(), "no move possible in an unfinished hand"


def plain(text: str) -> str:
    """``text`` with its no-break spaces as plain ones: the catalogues bind a number to its word with
    one ("baza\u00a010", so that a line never breaks between them), which reads as any space."""
    return text.replace("\u00a0", " ")


class Drawn(NamedTuple):
    """One text drawn by ``Typography.blit``."""

    text: str            # as given
    shown: str           # as rendered (a name too wide cut short with "…")
    rect: pygame.Rect    # where it went
    clip: pygame.Rect    # the surface's clip then (a scrolled list's band)


@contextlib.contextmanager
def drawn(app: Any) -> Iterator[list[Drawn]]:
    """Records every text the app's typography draws inside the block, in order (``Drawn`` each)."""
    typo = app.typo
    out: list[Drawn] = []
    rendered: list[str] = []
    blit, render = typo.blit, typo.render

    def render_spy(text, *args, **kwargs):
        rendered.append(text)
        return render(text, *args, **kwargs)

    def blit_spy(surface, text, *args, **kwargs):
        rendered.clear()
        rect = blit(surface, text, *args, **kwargs)
        out.append(Drawn(text, rendered[0] if rendered else text, rect, surface.get_clip()))
        return rect

    typo.blit, typo.render = blit_spy, render_spy
    try:
        yield out
    finally:
        del typo.blit, typo.render


# --- random input ------------------------------------------------------------------------------
FUZZ_KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_s, pygame.K_l, pygame.K_h, pygame.K_a, pygame.K_t,
             pygame.K_r, pygame.K_p, pygame.K_n, pygame.K_c, pygame.K_e, pygame.K_RETURN, pygame.K_SPACE,
             pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_x]
FUZZ_KEYS += [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_RETURN] * 4  # play more than leave


def fuzz(app: Any, rng: Any, frames: int, dt: float = 1 / 30) -> tuple[set, int]:
    """Random clicks, button presses, drags, keys, taps, right clicks and motion, one frame at a time;
    the core's invariants are checked after every frame. Returns (scenes seen, moves made)."""
    pending: list[list] = []
    scenes = set()
    plays = 0
    for _ in range(frames):
        app.running = True  # Q/Esc on the menu quits the loop; the fuzz keeps going
        events = pending.pop(0) if pending else []
        if not events and rng.random() < 0.35:
            kind = rng.choice(["click", "click", "button", "drag", "key", "key", "tap", "right", "move", "wheel"])
            pos = (rng.randrange(-20, 1300), rng.randrange(-20, 740))
            scene = app.scene
            if kind == "button" and hasattr(scene, "bar") and scene.bar.buttons:
                events = click(rng.choice(scene.bar.buttons).rect.center)
            elif kind == "click":
                events = click(pos)
            elif kind == "drag":
                frames_ = drag_frames(pos, (rng.randrange(1280), rng.randrange(720)), rng.randrange(1, 8))
                events, pending = frames_[0], frames_[1:]
            elif kind == "key":
                events = [key(rng.choice(FUZZ_KEYS))]
            elif kind == "tap":
                events = tap(pos)
            elif kind == "wheel":
                events = [wheel(rng.choice([-3, -1, 1, 2]))]
            elif kind == "right":
                events = [mouse_down(pos, 3), mouse_up(pos, 3)]
            else:
                events = [mouse_move(pos)]
        moves_before = len(app.session.hand.moves) if app.session else 0
        app.step(dt, events)
        scenes.add(app.scene.name)
        if app.session is not None:
            check_hand(app.session.hand)
            plays += max(0, len(app.session.hand.moves) - moves_before)
    return scenes, plays


def no_mixer() -> None:
    """A test that needs the audio mixer, where there is none: skipped, or failed where BRISCA_STRICT
    says every tool must be there (SDL's dummy audio driver, which scripts/test.sh sets, gives one)."""
    if os.environ.get("BRISCA_STRICT"):
        pytest.fail("BRISCA_STRICT is set but there is no audio mixer")
    pytest.skip("no audio mixer")


def check_extra(data: dict) -> None:
    """Raise ValueError naming the first table, person or match of ``data`` that the store would
    leave out, whole or in part (``stats.clean_extra``): what the game writes, it keeps whole."""
    from game.ui import stats

    left: list = []
    stats.clean_extra(data, left)
    if left:
        raise ValueError(stats.left_detail(left[0]))


def counted(app: Any, session: Any, seed: int) -> Any:
    """The count of ``session``'s hand played out by seeded random legal moves (``first_to=1``: its
    only hand), every card counted (the result drawn): the scoring scene."""
    import random  # noqa: PLC0415

    from game.ui.desktop.audit import play_out  # noqa: PLC0415

    app.session = play_out(session, random.Random(seed))
    app.go("scoring")
    app.scene.shown = app.scene.total
    return app.scene
