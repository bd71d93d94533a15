# /// script
# dependencies = ["pygame-ce"]
# ///
"""Brisca: start the game. Thin on purpose: parse arguments, build the app, run the frame loop.

``python main.py`` opens the game; ``--autoplay`` lets computer players take every seat;
``--headless --screenshots DIR`` runs without a window and saves a picture of every scene.
"""

from __future__ import annotations

import asyncio
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: F401  (the browser loader wants pygame imported by main.py)

from game.ui import web  # the page around the canvas (no-ops off the browser); stdlib only
from game.usage import refuse  # stdlib only

try:
    from game.ui.launch import (USAGE, LaunchOptions, UsageError, build_app, fall_back_without_window, frame_limit,
                                make_screenshots_folder, noting_stop_signals, parse_args, prepare_environment, say)
except BaseException as exc:  # in the browser a failed import would be a blank canvas: tell the page
    web.report_error(exc)
    raise


async def main(max_frames: int | None = None, opts: LaunchOptions | None = None, exit_status: bool = False) -> int:
    """Run the game until it quits (or ``max_frames``); yields to the browser every frame. Returns
    0, or 1 if the game failed, a headless demo did not reach its end or a screenshot could not be
    written, or 128 + the signal's number if SIGTERM or SIGINT stopped a headless demo; with
    ``exit_status``, on the desktop, the process ends with that status (in the browser a tab is not
    a process)."""
    opts = opts if opts is not None else LaunchOptions()
    prepare_environment(opts)
    try:
        app = build_app(opts)
    except BaseException as exc:  # before the app's own error boundary exists
        web.report_error(exc)
        raise
    app.on_failure.append(web.report_error)
    limit = max_frames if max_frames is not None else frame_limit(opts)
    fixed_dt = 1 / 60 if opts.headless else None
    with noting_stop_signals(app, on=opts.headless) as stopped:
        code = await app.run(limit, fixed_dt=fixed_dt)
    if opts.autoplay and app.director is not None:
        session = app.session
        if session is not None and session.hand.over:
            hand = session.hand
            say(f"brisca demo: {hand.players} players, points per side {hand.side_points}, "
                f"result {'void' if hand.result.void else f'side {hand.result.winner_side} wins'}")
        if opts.screenshots:
            for name, path in app.director.saved.items():
                say(f"{name}: {path}")
        if app.director.failure is not None:   # a picture not written (a full disk): the run stopped there
            say(f"brisca: {app.director.failure}", err=True)
            code = 1
        elif stopped:
            say(f"brisca: the demo was stopped by {stopped[0].name} before its end", err=True)
            code = 128 + stopped[0]
        elif opts.headless and not app.director.done:
            say("brisca: the demo did not reach the end in time", err=True)
            code = 1
        web.autoplay_finished(code)
    pygame.quit()
    if exit_status and code and sys.platform != "emscripten":
        sys.exit(code)
    return code


def cli(argv: list[str]) -> LaunchOptions | None:
    """Options from the command line; in the browser (no arguments) from the page address."""
    if not argv:  # also where sys.argv is empty (the browser): argparse would read sys.argv[0]
        opts = LaunchOptions(**web.flags())
        fall_back_without_window(opts)
        return opts
    try:
        opts = parse_args(argv)
        make_screenshots_folder(opts)
    except UsageError as exc:   # the error, and where the options are: not the whole help, which hid it
        sys.exit(refuse("python main.py", str(exc)))
    if opts.help:
        try:
            print(USAGE, flush=True)
        except BrokenPipeError:  # `python main.py --help | head`: the reader left, nothing to say
            sys.stdout = None
        sys.exit(0)
    fall_back_without_window(opts)
    return opts


if __name__ == "__main__":
    options = cli(sys.argv[1:] if sys.platform != "emscripten" else [])
    asyncio.run(main(opts=options, exit_status=True))
