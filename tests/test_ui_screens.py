"""The command line of main.py: headless autoplay with screenshots of every scene, usage errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.launch import LaunchOptions, UsageError, parse_args, prepare_environment

ROOT = Path(__file__).resolve().parents[1]
REQUIRED = ("menu", "deal", "trick", "swap", "scoring", "options", "rules", "settings", "stats", "play")


def run_main(*args: str, timeout: int = 240) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


def distinct_colours(img: pygame.Surface) -> int:
    small = pygame.transform.scale(img, (160, 90))
    return len({tuple(small.get_at((x, y)))[:3] for x in range(160) for y in range(90)})


@pytest.mark.parametrize("players", [2, 4])
def test_headless_autoplay_saves_every_scene(players, tmp_path):
    out = tmp_path / f"p{players}"   # (not in the checkout: two runs at once would share the folder)
    proc = run_main("--headless", "--screenshots", str(out), "--players", str(players))
    assert proc.returncode == 0, proc.stderr[-2000:]
    shots = {p.stem.split("-", 1)[1]: pygame.image.load(str(p)) for p in out.glob("*.png")}
    missing = [name for name in REQUIRED if name not in shots]
    assert not missing, (missing, proc.stdout)
    for name, img in shots.items():
        assert img.get_size() == (1280, 720), name
        assert distinct_colours(img) > 40, f"{name} looks blank"
    # the scenes differ from each other (not one picture saved ten times): their pixels, not the
    # PNG files' sizes, which two different pictures may share
    assert len({pygame.image.tobytes(img, "RGB") for img in shots.values()}) == len(shots)


def test_unknown_argument_gives_usage_and_exit_2():
    proc = run_main("--frobnicate", timeout=60)
    assert proc.returncode == 2
    assert "unknown argument" in proc.stderr and "see 'python main.py --help' for the options" in proc.stderr


def test_a_screenshots_folder_that_cannot_be_written_is_a_usage_error_at_once(tmp_path):
    """``--screenshots`` naming a file, or a folder under a file, stops before the first frame with
    a clear message (it used to fail at the first picture and wait out the demo's time limit); a
    new folder is made."""
    taken = tmp_path / "notes.txt"
    taken.write_text("keep me")
    proc = run_main("--headless", "--screenshots", str(taken), timeout=60)
    assert proc.returncode == 2 and "is a file, not a folder" in proc.stderr and "Traceback" not in proc.stderr
    assert taken.read_text() == "keep me"
    proc = run_main("--headless", "--screenshots", str(taken / "shots"), timeout=60)
    assert proc.returncode == 2 and "cannot make the folder" in proc.stderr and "Traceback" not in proc.stderr
    from game.ui.launch import make_screenshots_folder

    make_screenshots_folder(parse_args(["--screenshots", str(tmp_path / "new" / "shots")]))
    assert (tmp_path / "new" / "shots").is_dir()


@pytest.mark.parametrize("tool", ["audit", "guide_tour"])
def test_the_picture_tools_refuse_a_folder_they_cannot_write_before_any_work(tool, tmp_path, capsys):
    """The layout audit's ``--shots`` and the guide tour's folder: a clear error and exit 2 (they
    were tracebacks at the first picture), as is the tour's bad ``--size``."""
    import importlib

    main = importlib.import_module(f"game.ui.desktop.{tool}").main
    taken = tmp_path / "notes.txt"
    taken.write_text("keep me")
    for bad in (taken, taken / "shots"):
        argv = ["--shots", str(bad), "--size", "390x844"] if tool == "audit" else [str(bad)]
        try:
            code = main(argv)
        except SystemExit as exc:   # argparse's error
            code = exc.code
        err = capsys.readouterr().err
        assert code == 2 and ("is a file" in err or "cannot make the folder" in err), err
    assert taken.read_text() == "keep me"
    if tool == "guide_tour":
        with pytest.raises(SystemExit) as stop:
            main([str(tmp_path / "shots"), "--size", "abc"])
        assert stop.value.code == 2 and "not WIDTHxHEIGHT" in capsys.readouterr().err


def test_help_and_parse_args():
    proc = run_main("--help", timeout=60)
    assert proc.returncode == 0 and "--screenshots DIR" in proc.stdout
    opts = parse_args(["--screenshots", "x", "--seed", "3", "--players", "3"])
    assert opts.autoplay and opts.screenshots == "x" and opts.seed == 3 and opts.players == 3
    assert parse_args(["--headless"]).autoplay
    for bad in (["--players", "5"], ["--seed", "x"], ["extra"], ["--hands", "0"]):
        with pytest.raises(UsageError):
            parse_args(bad)


def test_no_display_falls_back_to_the_headless_demo(monkeypatch, capsys):
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    opts = LaunchOptions()
    prepare_environment(opts)
    assert opts.headless and opts.autoplay
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"
    assert "no display" in capsys.readouterr().err


def test_a_driver_without_a_window_runs_the_demo_instead_of_waiting_for_a_player(monkeypatch, capsys):
    """``SDL_VIDEODRIVER=dummy python main.py``: nobody could click in a dummy window, so the
    command line says so and runs the headless demo (which ends) instead of the menu (which
    would wait forever); a launch that autoplays anyway, or a real driver, is left alone."""
    from test_browser_start import load_main

    main = load_main()
    for driver in ("dummy", "offscreen", " Dummy "):
        monkeypatch.setenv("SDL_VIDEODRIVER", driver)
        for argv in ([], ["--seed", "3"], ["--players", "3"]):
            opts = main.cli(argv)
            assert opts.headless and opts.autoplay, (driver, argv)
            assert "opens no window" in capsys.readouterr().err
        opts = main.cli(["--autoplay"])
        assert opts.autoplay and not opts.headless and capsys.readouterr().err == ""
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    opts = main.cli([])
    assert not opts.autoplay and not opts.headless and capsys.readouterr().err == ""


def test_the_play_command_under_the_dummy_driver_ends_with_the_demo():
    proc = run_main(timeout=240)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "opens no window" in proc.stderr and "brisca demo: 2 players" in proc.stdout


def test_browser_path_never_loads_desktop_code():
    """Under sys.platform == "emscripten" the app opens a flagless 1280x720 canvas and never imports
    game.ui.desktop (display flags, screenshots, subprocesses live there)."""
    code = (
        "import sys, asyncio\n"
        "import pygame\n"
        "sys.platform = 'emscripten'  # after pygame, which checks it at import\n"
        "calls = []\n"
        "real = pygame.display.set_mode\n"
        "def set_mode(*a, **k):\n"
        "    calls.append((a, k))\n"
        "    return real(*a, **k)\n"
        "pygame.display.set_mode = set_mode\n"
        "sys.path.insert(0, '.')\n"
        "import importlib.util\n"
        "spec = importlib.util.spec_from_file_location('m', 'main.py')\n"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
        "assert asyncio.run(m.main(max_frames=5)) == 0\n"
        "assert calls == [(((1280, 720),), {})], calls\n"
        "assert not [n for n in sys.modules if n.startswith('game.ui.desktop')]\n"
        "print('browser-ok')\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "browser-ok" in proc.stdout, proc.stderr[-2000:]
