"""The yield check: in the browser the page drives frames, and a frame loop that never gives
control back (``await asyncio.sleep(0)``) is a black, frozen tab. Run main.main() under the
dummy video driver beside a watchdog task: the watchdog must get a turn about once per frame,
and at least once between any two frames shown."""

from __future__ import annotations

import asyncio
import importlib.util
import os
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]
FRAMES = 40


def load_main():
    """Import main.py as a module without running it (its asyncio.run sits under __main__)."""
    spec = importlib.util.spec_from_file_location("brisca_main_under_test", ROOT / "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def run_with_watchdog(coro_factory, shown: list[int]):
    ticks = 0
    stop = asyncio.Event()

    async def watchdog():
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            await asyncio.sleep(0)

    def count():
        return ticks

    task = asyncio.create_task(watchdog())
    await asyncio.sleep(0)  # let the watchdog start
    start = ticks
    try:
        result = await asyncio.wait_for(coro_factory(count), timeout=60)
    finally:
        stop.set()
        await task
    return result, ticks - start


def patch_frames(monkeypatch, shown: list[int], count_ref: list):
    """Note the watchdog's count every time a frame is shown (display.flip or update)."""
    real_flip, real_update = pygame.display.flip, pygame.display.update

    def flip(*a, **k):
        shown.append(count_ref[0]())
        return real_flip(*a, **k)

    def update(*a, **k):
        shown.append(count_ref[0]())
        return real_update(*a, **k)

    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(pygame.display, "update", update)


def check(shown: list[int], ticks: int, frames: int, idle_every: int = 1) -> None:
    """``idle_every``: the loop may show only every so many frames while nothing moves (the game's
    menu: ``IDLE_EVERY``); it must still yield every frame (the watchdog's count)."""
    assert len(shown) >= frames // idle_every, f"only {len(shown)} frames shown, expected {frames // idle_every}"
    starved = [i for i in range(1, len(shown)) if shown[i] == shown[i - 1]]
    assert not starved, f"frames {starved[:10]} were shown without yielding to the event loop in between"
    assert frames - 2 <= ticks <= 2 * frames + 10, f"watchdog ran {ticks} times over {frames} frames"


def test_main_yields_every_frame(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("BRISCA_DATA_DIR", str(tmp_path))  # any save goes to a temp folder
    main = load_main()
    assert asyncio.iscoroutinefunction(main.main)
    shown: list[int] = []
    count_ref: list = [lambda: 0]
    patch_frames(monkeypatch, shown, count_ref)

    def factory(count):
        count_ref[0] = count
        return main.main(max_frames=FRAMES)

    _, ticks = asyncio.run(run_with_watchdog(factory, shown))
    from game.ui.app import IDLE_EVERY

    check(shown, ticks, FRAMES, IDLE_EVERY)   # the menu stands still: drawn 1 frame in IDLE_EVERY


# ----------------------------------------------------------- the check can fail


async def _greedy_loop(max_frames: int) -> int:
    """A frame loop that forgets to yield: the bug this test exists for."""
    pygame.display.init()
    screen = pygame.display.set_mode((64, 36))
    for _ in range(max_frames):
        screen.fill((0, 0, 0))
        pygame.display.flip()
    await asyncio.sleep(0)  # only once, at the very end
    pygame.display.quit()
    return 0


async def _polite_loop(max_frames: int) -> int:
    pygame.display.init()
    screen = pygame.display.set_mode((64, 36))
    for _ in range(max_frames):
        screen.fill((0, 0, 0))
        pygame.display.flip()
        await asyncio.sleep(0)
    pygame.display.quit()
    return 0


@pytest.mark.parametrize("loop, ok", [(_greedy_loop, False), (_polite_loop, True)])
def test_watchdog_tells_a_greedy_loop_from_a_polite_one(monkeypatch, loop, ok):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    shown: list[int] = []
    count_ref: list = [lambda: 0]
    patch_frames(monkeypatch, shown, count_ref)

    def factory(count):
        count_ref[0] = count
        return loop(FRAMES)

    _, ticks = asyncio.run(run_with_watchdog(factory, shown))
    if ok:
        check(shown, ticks, FRAMES)
    else:
        with pytest.raises(AssertionError):
            check(shown, ticks, FRAMES)
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"
