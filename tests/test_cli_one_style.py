"""Every command line tells a usage error one way: ``error: …`` and a line pointing to ``--help``.

Why (maint40's F6): ``main.py`` printed its whole 20-line help after its error, which scrolled out of
sight; ``replay`` put its usage on the error's line, ``arena`` a usage line before it, the others
argparse's usage block before "PROG: error: …"; ``python -m game.ui.bench --help`` named another
program; ``tools/paired.py --help`` was a usage error; ``demo`` told the hand in Spanish only.
In-process (no subprocess) but main.py's, which is the one whose output was the problem.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

COMMANDS = [  # (module with main(argv), argv, the program named in the hint)
    ("game.cli.replay", ["--bogus"], "python -m game replay"),
    ("game.cli.record_file", [], "python -m game record"),
    ("game.cli.bench", ["--players", "5"], "python -m game bench"),
    ("game.cli.wasm_bench", ["--wasm", "--bogus"], "python -m game bench --wasm"),
    ("game.cli.arena", ["random"], "python -m game arena"),
    ("game.cli.arena", ["random", "random", "--a-opts", '{"nosuch": 1}'], "python -m game arena"),
    ("game.cli.build_web", ["--bogus"], "python -m game build-web"),
    ("game.cli.demo", ["--lang", "xx"], "python -m game demo"),
    ("game.cli.serve", ["--bogus"], "python -m game serve"),
    ("game.ui.desktop.bench", ["--bogus"], "python -m game.ui.bench"),
    ("game.ui.desktop.audit", ["--bogus"], "python -m game.ui.layout"),
    ("game.ui.desktop.guide_tour", [], "python -m game.ui.desktop.guide_tour"),
    ("game.__main__", ["nosuch"], "python -m game"),
    ("paired", ["one.deals"], "python tools/paired.py"),
    ("paired", ["--deals", "b.deals"], "python tools/paired.py"),   # (an option it has not: not a file)
]


def status(main, argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


@pytest.mark.parametrize("module, argv, prog", COMMANDS, ids=[f"{m}:{' '.join(a)}" for m, a, _ in COMMANDS])
def test_a_usage_error_is_the_error_then_where_the_options_are(module, argv, prog, capsys):
    assert status(importlib.import_module(module).main, argv) == 2
    out, err = capsys.readouterr()
    first, second = err.splitlines()
    assert first.startswith("error: ") and second == f"see '{prog} --help' for the options", err
    assert out == ""


def test_main_py_says_its_error_last_not_above_its_whole_help():
    done = subprocess.run([sys.executable, "main.py", "--players", "5"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert done.returncode == 2 and done.stdout == ""
    first, second = done.stderr.splitlines()   # (argparse quotes the 5 from Python 3.12 on)
    assert first.startswith("error: argument --players: invalid choice: ") and "(choose from 2, 3, 4)" in first
    assert second == "see 'python main.py --help' for the options"


@pytest.mark.parametrize("module, prog", [("game.ui.desktop.bench", "python -m game.ui.bench"),
                                          ("game.cli.record_file", "python -m game record"),
                                          ("paired", "python tools/paired.py")])
def test_help_names_the_program_as_it_is_run_and_exits_0(module, prog, capsys):
    assert status(importlib.import_module(module).main, ["--help"]) == 0
    out = capsys.readouterr().out
    assert f"usage: {prog}" in out or f"    {prog} " in out, out[:300]
    assert status(importlib.import_module(module).main, ["-h"]) == 0 and capsys.readouterr().out == out   # -h too


@pytest.mark.parametrize("lang, played, baza, ends", [
    ("es", "  el asiento 0 juega el ", "baza 1: gana el asiento", ("Gana el lado", "Mano nula")),
    ("en", "  seat 0 plays the ", "trick 1: seat", ("Side", "Void hand")),
    ("ca", "  el seient 0 juga ", "basa 1: la guanya el seient", ("Guanya l'equip", "Mà nul·la")),
])
def test_the_demo_tells_the_hand_in_the_language_asked(lang, played, baza, ends, capsys):
    from game.cli import demo

    assert demo.main(["--seed", "4", "--level", "random", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Brisca: 2 ") and len(lines) == 1 + 40 + 20 + 1 + 1   # (and the muestra drawn)
    assert any(line.startswith(played) for line in lines) and any(line.startswith(baza) for line in lines)
    assert lines[-1].startswith(ends)
    others = {"es": ("asiento", "Gana"), "en": ("seat ", "trick"), "ca": ("seient", "basa")}
    assert not any(word in line for other, said in others.items() if other != lang for word in said for line in lines)
