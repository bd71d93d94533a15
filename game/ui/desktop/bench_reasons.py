"""``python -m game.ui.bench --reasons``: how long placing a hint's reason takes, every part of it.

Why: a reason is placed once, when the player taps "Pista", and where the whole finds no free room
(a small phone, three or four players, large text) in parts, each placed on its own; that cost
20-30 ms in one frame here (40-100 ms before the search by columns), several times that in the
browser: a visible hitch. The play scene now spreads it over frames (``play_view.step_placing``).
This times ``play_view.place_reason`` (what the reason must leave in view, the boxes tried at both
text sizes, every part) at once, then as the play scene does it, a slice a frame, for the longest
reason and the longest with the cambio's, on the screens, tables and text sizes of
``reason_tables``. Kept apart from ``bench`` (the frame benchmark) to keep both short.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, Iterator

#: The screens timed: the smallest phones upright and sideways, a phone, a laptop.
REASON_SIZES = ((320, 480), (320, 568), (568, 320), (390, 844), (1280, 720))


def reason_tables() -> Iterator[tuple[str, Any]]:
    """``(label, app)``: ``reason_table`` at each of ``REASON_SIZES`` with 3 and 4 players, normal and
    large text."""
    for w, h in REASON_SIZES:
        for players in (3, 4):
            for large in (False, True):
                yield f"{w}x{h} {players}p{' large' if large else ''}", reason_table((w, h), players, large)


def reason_table(size: tuple[int, int], players: int, large: bool) -> Any:
    """An app on the play scene a few bazas into a hand with the counting aid on, your turn (as the
    audit's): ``size`` CSS px, ``players``, ``large`` text."""
    from game.ui.desktop import audit  # noqa: PLC0415
    from game.ui.options import Options  # noqa: PLC0415
    from game.ui.scenes.common import start_game  # noqa: PLC0415

    app = audit.make_app(size, large)
    app.settings["counting"] = True
    app.manager.switch(start_game(app, Options(players=players, first_to=2)))
    audit._play_until(app, lambda: app.scene.name == "play" and app.scene.human_turn()
                      and len(app.session.hand.tricks) >= 4 and not app.scene.table.animator.busy)
    return app


def reason_cases(app: Any) -> Iterator[tuple[str, str]]:
    """``(label, text)``: the longest reason, and the longest with the cambio's after it."""
    from game.ui.desktop.audit_reasons import longest_reason  # noqa: PLC0415

    yield "longest", longest_reason(app.words)
    yield "with cambio", longest_reason(app.words, True)


def time_placing(app: Any, text: str, repeats: int) -> tuple[list[float], int]:
    """CPU ms of each of ``repeats`` placings of ``text`` (all its parts) at once, and how many parts."""
    from game.ui.scenes import play_view, room  # noqa: PLC0415

    scene = app.scene
    ms = []
    for _ in range(repeats):
        room.forget()   # as the player meets it: the reason's places not worked out yet
        t0 = time.thread_time()
        placed = play_view.place_reason(scene, text, ())
        ms.append((time.thread_time() - t0) * 1000)
    return ms, len(placed.pages)


def time_frames(app: Any, text: str, repeats: int) -> tuple[list[float], list[int]]:
    """The placing as the play scene does it, spread over frames (``play_view.step_placing`` with the
    play scene's ``THINK_PER_FRAME`` a frame, of CPU time here: the frames as an unloaded machine
    would cut them): for each of ``repeats`` placings, the CPU ms of its
    longest frame, and how many frames it took."""
    from game.ui.scenes import play_view, room  # noqa: PLC0415
    from game.ui.scenes.play import THINK_PER_FRAME  # noqa: PLC0415

    scene = app.scene
    longest, frames = [], []
    for repeat in range(repeats):
        room.forget()
        scene.reason_placing, spent, placed = None, [], None
        while placed is None:
            t0 = time.thread_time()
            placed = play_view.step_placing(scene, text, ("bench", repeat), THINK_PER_FRAME, time.thread_time)
            spent.append((time.thread_time() - t0) * 1000)
        longest.append(max(spent))
        frames.append(len(spent))
    return longest, frames


def reasons(repeats: int = 15, budget: float = 8.0) -> bool:
    """One line per table and reason: p50/p95/max CPU ms of the placing at once and the parts; then
    spread over frames as the game does it, the longest frame's p50/max and the frames it took; True
    if every median of the longest frame is within ``budget``."""
    worst = worst_whole = 0.0
    for label, app in reason_tables():
        for case, text in reason_cases(app):
            ms, parts = time_placing(app, text, repeats)
            med, p95 = statistics.median(ms), sorted(ms)[min(len(ms) - 1, int(len(ms) * 0.95))]
            frame, frames = time_frames(app, text, repeats)
            worst, worst_whole = max(worst, statistics.median(frame)), max(worst_whole, med)
            print(f"{label:<20} {case:<12} {parts} part{'s' if parts > 1 else ' '}  cpu ms p50/p95/max "
                  f"{med:6.2f}/{p95:6.2f}/{max(ms):6.2f}   over frames: longest p50/max "
                  f"{statistics.median(frame):5.2f}/{max(frame):5.2f}, frames {min(frames)}-{max(frames)}", flush=True)
    print(f"the slowest median at once: {worst_whole:.2f} ms; of the longest frame: {worst:.2f} ms   [<= {budget} ms]")
    return worst <= budget
