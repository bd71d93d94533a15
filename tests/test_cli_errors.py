"""Bad input to the command-line tools (the outside testers' findings on game/cli, the frame bench
and main.py): each is one clear line on standard error and a non-zero status, never a traceback,
a run that goes on with something else than was asked, or minutes of frames after a failure.

Why: ``--frames 0`` was an IndexError; ``--level exprt`` measured normal bots and printed "exprt";
a deal log's deeply nested line was a RecursionError; a record saved by Notepad (a BOM) was refused;
a screenshot that could not be written spun on the error screen for three minutes; SIGTERM read as
a demo that ran out of time.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def exit_code(main, argv: list[str]) -> int:
    """``main(argv)``'s status, whether it returns it or argparse exits with it."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


@pytest.mark.parametrize("argv", [["--frames", "0"], ["--frames", "-5"], ["--startup-runs", "0"]])
def test_the_frame_bench_refuses_a_count_below_one(argv, capsys):
    from game.ui.desktop.bench import main

    assert exit_code(main, argv) == 2
    err = capsys.readouterr().err
    assert f"argument {argv[0]}: must be at least 1, not {argv[1]}" in err and "Traceback" not in err


@pytest.mark.parametrize("level", ["exprt", "net", "random"])
def test_the_frame_bench_refuses_a_level_its_table_would_not_seat(level, capsys):
    """The table seats the menu's levels only: another one was played as normal and printed as asked."""
    from game.ui.desktop.bench import main

    assert exit_code(main, ["--level", level]) == 2
    err = capsys.readouterr().err
    assert f"unknown level {level!r}; levels: beginner, normal, hard, expert" in err


@pytest.mark.parametrize("argv", [["--hands", "0"], ["--repeat", "-1"]])
def test_game_bench_refuses_a_count_below_one_on_standard_error(argv, capsys):
    from game.cli.bench import main

    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"argument {argv[0]}: must be at least 1" in err


def test_demo_says_an_unknown_level_on_standard_error(capsys):
    from game.cli.demo import main

    assert main(["--level", "god"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: unknown level 'god'; levels: beginner, normal")
