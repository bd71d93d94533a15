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


@pytest.mark.parametrize("ended", [True, False])
def test_arena_resume_refuses_a_deeply_nested_line_in_one_line(tmp_path, capsys, ended):
    """A last line without its newline is a run killed while writing it: cut off and played again."""
    from game.cli.arena import main

    log = tmp_path / "deals.log"
    log.write_text("[" * 100000 + ("\n" if ended else ""), encoding="utf-8")
    code = main(["random", "random", "--deals", "1", "--quiet", "--deal-log", str(log), "--resume"])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "RecursionError" not in err
    if ended:
        assert code == 2 and err.strip() == f"error: {log}, line 1: not a deal of this run (1 deals, 2 players)"
    else:
        assert code == 0 and "line 1 was cut short" in err and '"deals": 1' in out


def test_replay_reads_a_record_saved_with_a_bom(tmp_path, capsys):
    from game.cli.replay import main

    doc = json.loads((ROOT / "tests" / "records" / "pairs.json").read_text(encoding="utf-8"))
    plain, bom = tmp_path / "plain.json", tmp_path / "bom.json"
    plain.write_text(json.dumps(doc["record"]), encoding="utf-8")
    bom.write_text(json.dumps(doc["record"]), encoding="utf-8-sig")   # as Notepad saves it
    assert main([str(plain)]) == 0
    expected = capsys.readouterr().out
    assert main([str(bom)]) == 0
    assert capsys.readouterr().out == expected


def test_replay_refuses_a_record_with_a_key_twice(tmp_path, capsys):
    """A second "dealer" (or "rules") at the end of a record replayed another hand quietly, the last
    one winning; now the record is refused, naming the key, and the same record without it replays."""
    from game.cli.replay import main  # noqa: PLC0415

    text = json.dumps(json.loads((Path(__file__).parent / "records" / "cambio_siete.json").read_text())["record"])
    good, twice = tmp_path / "good.json", tmp_path / "twice.json"
    good.write_text(text)
    twice.write_text(text[:-1] + ', "dealer": 0}')
    assert main([str(good)]) == 0
    capsys.readouterr()
    assert main([str(twice)]) == 2
    err = capsys.readouterr().err
    assert "the key 'dealer' appears twice" in err and err.count("\n") == 1
    nested = text.replace('"players": 2', '"players": 2, "players": 4')
    twice.write_text(nested)
    assert main([str(twice)]) == 2 and "'players' appears twice" in capsys.readouterr().err


def test_replay_says_a_huge_number_in_its_own_words(tmp_path, capsys, monkeypatch):
    from game.cli.replay import main

    # A short name: a long temporary folder's name is shortened in the message (pytest-xdist's are long)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.json").write_text('{"rules": {"players": 2}, "dealer": ' + "9" * 5000 + "}", encoding="utf-8")
    assert main(["big.json"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: 'big.json' is not a JSON game record: a number of more than 4300 digits"


@pytest.mark.parametrize("tool", ["audit", "guide_tour"])
def test_the_picture_tools_refuse_an_empty_folder_name(tool, capsys, monkeypatch, tmp_path):
    """As main.py's ``--screenshots ""`` (an unset shell variable): the audit ran and saved nothing."""
    import importlib

    monkeypatch.chdir(tmp_path)   # (the tour took " " for a folder under the current one)

    main = importlib.import_module(f"game.ui.desktop.{tool}").main
    argv = ["--shots", "", "--size", "390x844"] if tool == "audit" else [" "]
    assert exit_code(main, argv) == 2
    assert "needs the folder to save the pictures in, not an empty name" in capsys.readouterr().err


def test_a_screenshot_that_cannot_be_written_stops_the_demo_at_once(tmp_path):
    """A folder in a picture's place (as a full disk): one line naming the file and why, status 1."""
    (tmp_path / "03-settings.png").mkdir()
    done = subprocess.run([sys.executable, "main.py", "--headless", "--screenshots", str(tmp_path), "--seed", "5"],
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip() == f"brisca: cannot save the picture {tmp_path / '03-settings.png'}: Is a directory"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["01-menu.png", "02-rules.png", "03-settings.png"]


def test_sigterm_stops_the_headless_demo_and_says_so(monkeypatch, capsys):
    """``timeout 4 python main.py --headless``: stopped, not "did not reach the end in time"; 128 + 15."""
    from test_browser_start import load_main

    from game.ui.desktop.director import Director

    update = Director.update

    def update_then_term(self, app, dt):
        update(self, app, dt)
        if app.frames == 30:
            signal.raise_signal(signal.SIGTERM)

    monkeypatch.setattr(Director, "update", update_then_term)
    before = signal.getsignal(signal.SIGTERM)
    main = load_main()
    code = asyncio.run(main.main(opts=main.LaunchOptions(autoplay=True, headless=True, seed=3)))
    assert code == 128 + signal.SIGTERM
    err = capsys.readouterr().err
    assert err.strip() == "brisca: the demo was stopped by SIGTERM before its end"
    assert signal.getsignal(signal.SIGTERM) == before   # the handler is put back


def test_arena_help_lists_every_name_it_takes_and_its_defaults():
    from game.ai import _ALIASES, LEVELS, SPARRING, level_key
    from game.cli.arena import _parser

    text = " ".join(_parser().format_help().split())
    for name in (*LEVELS, *SPARRING, *_ALIASES, "net-b", "net-c", "greedy"):
        assert name in text, name
    for name in (*LEVELS, *SPARRING, *_ALIASES):
        level_key(name)   # each one listed is taken
    for default in ("--deals DEALS number of deals (each played 2 or 3 times; default 200)",
                    "--players {2,3,4} 2, 3 or 4 (default 2)", "--seed SEED the deals' seed (default 1)"):
        assert default in text, default


def test_bench_help_says_what_goes_with_wasm(capsys):
    from game.cli.bench import main

    assert exit_code(main, ["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "runs per figure; the median is printed (default 5; with --wasm, see below)" in text
    assert "With --wasm" in text and "--positions N" in text and "--budget JSON" in text
    assert "--repeat is then the runs per rate and per AI position, the best kept (default 3)" in text


def test_build_web_without_pygbag_says_to_install_the_development_requirements(monkeypatch, tmp_path, capsys):
    import importlib.util

    from game.cli import build_web

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pygbag" else find_spec(name, *a))
    assert build_web.main(["--out", str(tmp_path / "web"), "--timeout", "0.001"]) == 1
    assert capsys.readouterr().err.strip() == ("error: pygbag is not installed: install the development requirements, "
                                               "e.g. .venv/bin/pip install -r requirements-dev.txt")
    assert not (tmp_path / "web").exists()


@pytest.mark.parametrize("argv, package, requirements", [
    (["train_net.py", "--help"], "torch", "requirements-train.txt"),
    (["distill_net.py", "--help"], "torch", "requirements-train.txt"),
    (["iterate_net.py", "--help"], "torch", "requirements-train.txt"),
    (["value_net.py", "--help"], "torch", "requirements-train.txt"),
    (["value_fit.py", "--games", "1"], "numpy", "requirements-dev.txt"),
    (["imitation.py", "fit", "missing.jsonl"], "numpy", "requirements-dev.txt"),
])
def test_a_tool_without_its_package_says_which_requirements_provide_it(tmp_path, argv, package, requirements):
    """A stand-in package that is not there (as on a machine without it), whatever this one has."""
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text(
        f"raise ModuleNotFoundError(\"No module named '{package}'\", name={package!r})\n", encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / argv[0]), *argv[1:]], cwd=tmp_path,
                          env={**ENV, "PYTHONPATH": str(tmp_path)}, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == (f"error: {argv[0]} needs {package}, which is not installed: install {requirements}, "
                                   f"e.g. .venv/bin/pip install -r {requirements}")


@pytest.mark.parametrize("warmup", ["inf", "nan", "-1"])
def test_bench_wasm_refuses_a_warmup_that_is_not_seconds(warmup, capsys):
    """``--warmup inf`` warmed up for ever; ``nan`` and ``-1`` were taken as 0."""
    from game.cli import wasm_bench

    assert wasm_bench.main(["--wasm", "--warmup", warmup]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == f"error: --warmup is the seconds of random hands before measuring, 0 or more, not {warmup}"


def test_main_py_refuses_a_language_it_has_no_catalogue_for(capsys):
    """``--lang`` did not exist: the demo and its screenshots were always in Spanish. A code with no
    catalogue is refused with a line naming the languages there are (then where the options are, as
    every usage error: game.usage)."""
    import main

    from game.ui.i18n import languages

    with pytest.raises(SystemExit) as ended:
        main.cli(["--headless", "--lang", "gl"])
    err = capsys.readouterr().err
    assert ended.value.code == 2 and "Traceback" not in err
    assert f"error: --lang must be one of {', '.join(languages())}, not 'gl'" in err.splitlines()


@pytest.mark.parametrize("lang,new_game", [("en", "New match"), ("ca", "Partida nova"), (None, "Nueva partida")])
def test_the_demo_speaks_the_language_asked(lang, new_game, monkeypatch, tmp_path):
    """The headless demo in English or Catalan (Spanish without ``--lang``), its saves in memory."""
    from game.ui.launch import build_app, parse_args

    monkeypatch.setenv("BRISCA_DATA_DIR", str(tmp_path / "player"))
    app = build_app(parse_args(["--headless", "--seed", "5", *(["--lang", lang] if lang else [])]))
    assert app.words.lang == (lang or "es") and app.scene.name == "menu"
    assert new_game in [app.t(button.label) for button in app.scene.bar.buttons]
    assert not (tmp_path / "player").exists()


def test_bench_wasm_without_the_npm_packages_says_how_to_install_them_before_measuring(monkeypatch, tmp_path, capsys):
    """It measured the native figures first (minutes at its defaults), then failed: now the missing
    ``(cd tests/wasm && npm ci)`` is told at once, nothing measured (maint40's F5)."""
    import shutil

    from game.cli import wasm_bench

    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: "/usr/bin/node" if name == "node" else None)
    monkeypatch.setattr(wasm_bench, "HARNESS_DIR", tmp_path)
    argv = ["--wasm", "--positions", "0", "--hands", "10", "--repeat", "1", "--warmup", "0", "--players", "2"]
    assert wasm_bench.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == (f"error: WebAssembly unavailable: the npm package pyodide is not installed in "
                                         f"{tmp_path}; run: (cd {tmp_path} && npm ci)")
