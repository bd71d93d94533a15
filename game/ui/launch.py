"""Command-line options of ``main.py`` and building the app from them.

Why: ``main.py`` stays thin (parse, build, run); everything here is importable and tested.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from dataclasses import dataclass
from typing import Any

from game.match import FIRST_TO
from game.streams import silence

USAGE = """usage: python main.py [--autoplay] [--headless] [--screenshots DIR] [--seed N] [--players N] [--hands N]
                      [--first-to N] [--seats SPEC] [--size WxH] [--lang CODE]

  --autoplay         computer players in every seat: menu -> deal -> play -> scoring, then exit
  --headless         no window (SDL dummy video driver); implies --autoplay
  --screenshots DIR  save a PNG of every scene into DIR (menu, deal, a baza, the cambio, scoring ...)
  --seed N           shuffle seed (reproducible games)
  --players N        2, 3 or 4 players for --autoplay (default 2)
  --hands N          hands to autoplay before exiting, or fewer if the match ends first (default: the
                     whole match)
  --first-to N       the match's length for --autoplay: the first side to win N hands (1 to 9) wins it
                     (1: one hand, 2: best of three, 3: best of five); default --hands (at most 9), else 1
  --seats SPEC       who sits where, one entry per seat: person:NAME or cpu:LEVEL, e.g.
                     person:Ana,cpu:expert,person:Luis,cpu:normal (people's seats are played by the
                     hint engine; the device is passed between them; --players follows the seats)
  --size WxH         draw as on a screen of W x H CSS px, e.g. 390x844 (a phone held upright) or
                     844x390 (sideways): the layout is chosen from it and screenshots are that shape
  --lang CODE        the language: a catalogue of game/ui/words (es, en, ca); of --autoplay and its
                     screenshots (default es), or of the game, kept as Ajustes keeps it
  -h, --help         show this help"""


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would exit; we want our own message
        raise UsageError(message)


@dataclass
class LaunchOptions:
    autoplay: bool = False
    headless: bool = False
    screenshots: str | None = None
    seed: int | None = None
    players: int = 2
    hands: int | None = None  # hands to autoplay; None: until the match ends
    help: bool = False
    seats: str | None = None  # a seat spec (game.ui.seats.parse_spec)
    size: tuple[int, int] | None = None  # --size: the screen in CSS px the layout is made for
    first_to: int | None = None  # --first-to: hands to win the match; None: see match_length()
    lang: str | None = None  # --lang: the demo's language (default Spanish; its saves are in memory), or the game's

    def match_length(self) -> int:
        """The autoplayed match's ``first_to``: --first-to, else --hands (a match that lasts at
        least that many hands; 9 at most), else one hand."""
        if self.first_to is not None:
            return self.first_to
        return min(self.hands, FIRST_TO[-1]) if self.hands else 1


def parse_args(argv: list[str]) -> LaunchOptions:
    """Parse ``argv``; raises ``UsageError`` with a clear message for anything unknown."""
    p = _Parser(prog="main.py", add_help=False)  # the browser may give an empty sys.argv
    p.add_argument("--autoplay", action="store_true")
    p.add_argument("--headless", action="store_true")
    p.add_argument("--screenshots", metavar="DIR")
    p.add_argument("--seed", type=int)
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    p.add_argument("--hands", type=int)
    p.add_argument("--first-to", type=int, dest="first_to")
    p.add_argument("--seats", metavar="SPEC")
    p.add_argument("--size", metavar="WxH")
    p.add_argument("--lang", metavar="CODE")
    p.add_argument("-h", "--help", action="store_true")
    ns, rest = p.parse_known_args(argv)
    if rest:
        raise UsageError(f"unknown argument(s): {' '.join(rest)}")
    if ns.hands is not None and ns.hands < 1:
        raise UsageError(f"--hands must be at least 1, not {ns.hands}")
    if ns.first_to is not None and ns.first_to not in FIRST_TO:
        raise UsageError(f"--first-to must be a number of hands from {FIRST_TO[0]} to {FIRST_TO[-1]}, not {ns.first_to}")
    opts = LaunchOptions(ns.autoplay, ns.headless, ns.screenshots, ns.seed, ns.players, ns.hands, ns.help,
                         first_to=ns.first_to)
    if ns.lang is not None:
        from game.ui.i18n import languages  # noqa: PLC0415

        if ns.lang not in languages():
            raise UsageError(f"--lang must be one of {', '.join(languages())}, not {ns.lang!r}")
        opts.lang = ns.lang
    if ns.seats is not None:
        from game.ui.seats import SeatsError, parse_spec  # noqa: PLC0415

        try:
            seats = parse_spec(ns.seats)
        except SeatsError as exc:
            raise UsageError(f"--seats: {exc}") from None
        unseen = _undrawable(seats)
        if unseen:
            raise UsageError(f"--seats: {unseen}")
        opts.players = len(seats)
        opts.seats = ns.seats
    if ns.size is not None:
        from game.ui.layout import parse_size  # noqa: PLC0415

        try:
            opts.size = parse_size(ns.size)
        except ValueError as exc:
            raise UsageError(f"--size: {exc}") from None
    if opts.headless or opts.screenshots or opts.seats:
        opts.autoplay = True
    return opts


def _undrawable(seats: tuple) -> str:
    """What is wrong with a name of ``seats`` holding letters the game's font cannot draw (Chinese,
    Hebrew, an emoji: boxes on the table), as the seats screen refuses them; "" if none."""
    import pygame  # noqa: PLC0415

    from game.ui.text import Typography  # noqa: PLC0415

    pygame.font.init()
    typo = Typography()
    for i, seat in enumerate(seats):
        unseen = "".join(dict.fromkeys(ch for ch in seat.name if not ch.isspace() and not typo.drawable(ch)))
        if unseen:
            return (f"seat {i + 1}: the name {seat.name!r} has letters the game's font cannot draw "
                    f"({' '.join(unseen)}); write it with others")
    return ""


def say(text: str, err: bool = False) -> None:
    """Print one line of a demo's report. Standard output closed (``| head`` read enough) or full
    (``> /dev/full``) loses the report, not the run: no traceback, and nothing left to fail at exit."""
    stream = sys.stderr if err else sys.stdout
    try:
        print(text, file=stream, flush=True)
    except (OSError, ValueError):   # ValueError: a stream already closed
        silence(stream)


def make_screenshots_folder(opts: LaunchOptions) -> None:
    """The folder ``--screenshots`` names, made before the first frame (not a demo that fails at
    its first picture); an empty name (an unset shell variable) is refused."""
    if opts.screenshots is not None:
        from game.ui.desktop.director import make_folder  # noqa: PLC0415  (desktop only: it writes)

        try:
            make_folder(opts.screenshots, "--screenshots")
        except ValueError as exc:
            raise UsageError(str(exc)) from None


@contextlib.contextmanager
def noting_stop_signals(app, on: bool = True):
    """While a headless demo runs (``on``): SIGTERM (``timeout``, ``kill``) and SIGINT (Ctrl-C) end its
    frame loop and are noted in the list this yields, so the run can say it was stopped (not that it
    ran out of time, as it did when SDL turned SIGTERM into a quit) and end with 128 + the signal's
    number, as a shell tells a process ended by it. The handlers before are put back after. Off in a
    window (SDL's quit closes the game as the window's close button does) and in the browser."""
    stopped: list = []   # signal.Signals: a name and a number
    if not on or sys.platform == "emscripten":
        yield stopped
        return
    import signal  # noqa: PLC0415  (desktop only)

    def stop(signum, _frame) -> None:
        stopped.append(signal.Signals(signum))
        app.running = False

    before = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield stopped
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def display_missing() -> bool:
    """A Linux desktop launch with no X11/Wayland display (and no driver chosen) cannot open a window."""
    if sys.platform == "emscripten" or os.environ.get("SDL_VIDEODRIVER"):
        return False
    return sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def window_hidden() -> bool:
    """SDL_VIDEODRIVER names a driver that opens no window (dummy, offscreen): nobody can play in it."""
    driver = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    return sys.platform != "emscripten" and driver in ("dummy", "offscreen")


def fall_back_without_window(opts: LaunchOptions) -> None:
    """The command line's launch to play (no --autoplay) with a driver that shows no window would
    wait for a person forever: say so and run the headless demo instead."""
    if window_hidden() and not opts.autoplay:
        driver = os.environ.get("SDL_VIDEODRIVER", "").strip()
        print(f"brisca: SDL_VIDEODRIVER={driver} opens no window, so nobody could play; running the headless "
              "demo instead (computer players in every seat). Unset SDL_VIDEODRIVER to play. Use --help for "
              "options.", file=sys.stderr)
        opts.headless = True
        opts.autoplay = True


def prepare_environment(opts: LaunchOptions) -> None:
    """Choose SDL drivers before pygame.display is initialised."""
    if display_missing() and not opts.headless:
        print("brisca: no display found (DISPLAY/WAYLAND_DISPLAY unset); running the headless demo instead "
              "(computer players in every seat). Use --help for options.", file=sys.stderr)
        opts.headless = True
        opts.autoplay = True
    if opts.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def first_language(environ: Any = os.environ) -> str:
    """The language of a first start, before the player has chosen one: the browser's
    (``navigator.languages``) in the browser, the desktop's elsewhere; Spanish when neither is a
    catalogue's. Until the thirty-fourth session every first start was in Spanish."""
    from game.ui import web  # noqa: PLC0415
    from game.ui.i18n import preferred  # noqa: PLC0415

    return preferred(web.languages() if web.BROWSER else desktop_languages(environ))


def desktop_languages(environ: Any) -> list[str]:
    """The desktop's languages, the preferred first: GNU's ``LANGUAGE`` list, then the locale that
    messages follow (``LC_ALL``, else ``LC_MESSAGES``, else ``LANG``), else the one Python reads
    (Windows names it in English, "Catalan_Spain": taken through the locale module's aliases)."""
    tags = [tag for tag in environ.get("LANGUAGE", "").split(":") if tag]
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return [*tags, environ[name]]
    import locale  # noqa: PLC0415  (desktop only)

    try:
        running = locale.setlocale(locale.LC_CTYPE)   # (a query: the locale the C library runs in)
        name = locale.getlocale()[0] or ""
    except (ValueError, locale.Error):   # a locale Python cannot parse
        return tags
    if running.split(".")[0].upper() in ("C", "POSIX"):   # none set: Python names the C.UTF-8 it
        return tags                                        # turned C into "en_US", which nobody chose
    return [*tags, locale.locale_alias.get(name.split("_")[0].lower(), name)]


def build_app(opts: LaunchOptions):
    """The app for these options, with its first scene started."""
    from game.ui.app import App  # noqa: PLC0415
    from game.ui.persist import default_store, demo_store  # noqa: PLC0415
    from game.ui.session import Options  # noqa: PLC0415

    director = None
    seed = opts.seed
    if opts.autoplay:
        from game.ui.desktop.director import Director, find_swap_seed  # noqa: PLC0415  (desktop only)

        options = Options(players=opts.players, first_to=opts.match_length())
        if opts.screenshots and seed is None:
            seed = find_swap_seed(options)  # so that the cambio can be pictured
        seats = None
        if opts.seats:
            from game.ui.seats import parse_spec  # noqa: PLC0415

            seats = parse_spec(opts.seats)
        director = Director(opts.screenshots, options, hands=opts.hands, tour=bool(opts.screenshots), seats=seats)
    # Demos and autoplay keep everything in memory: they never touch the player's saves.
    store = demo_store() if opts.autoplay else default_store(first_language())
    app = App(store, window=True, autoplay=opts.autoplay, seed=seed, director=director, catch_errors=True, size=opts.size)
    if opts.autoplay or opts.lang:   # the demo's in its memory store; the game's as Ajustes would keep it
        app.set_setting("lang", opts.lang or "es")
    app.go("menu")
    return app


def frame_limit(opts: LaunchOptions) -> int | None:
    """Headless runs stop after a bounded number of frames whatever happens."""
    hands = opts.hands or 2 * opts.match_length() + 1  # the whole match: at most 2N-1 hands, and a void or two
    return 60 * 60 * 15 * hands if opts.headless else None
