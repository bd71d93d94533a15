"""Commands whose output cannot be written, and what main.py tells the shell.

Why: a command's report sent to a full disk (``> /dev/full``) or to a reader that stopped
(``| head -1``) ended in a traceback; ``main.py`` always exited 0, even when the game failed or a
headless demo did not finish; ``--screenshots ""`` (an unset shell variable) failed at the first
picture and then ran on. Each is one clear line now, and the exit status says what happened.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
FULL = Path("/dev/full")


def run(args: list[str], stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=ENV, stdout=stdout, stderr=subprocess.PIPE,
                          text=True, timeout=120)


def record_file(tmp_path: Path) -> Path:
    doc = json.loads((ROOT / "tests" / "records" / "pairs.json").read_text(encoding="utf-8"))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc["record"]), encoding="utf-8")
    return path


@pytest.mark.skipif(not FULL.exists(), reason="/dev/full is Linux's")
@pytest.mark.parametrize("command", ["replay", "demo", "arena"])
def test_a_full_disk_under_the_output_is_one_line_and_status_1(tmp_path, command):
    args = {"replay": ["-m", "game", "replay", str(record_file(tmp_path))],
            "demo": ["-m", "game", "demo", "--seed", "1"],
            "arena": ["-m", "game", "arena", "random", "random", "--deals", "1", "--quiet"]}[command]
    with FULL.open("w") as full:
        done = run(args, stdout=full)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == "error: cannot write the output: [Errno 28] No space left on device"


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path):
    """``python -m game demo | head -1``: the pipe closes under the demo's later lines."""
    demo = subprocess.Popen([sys.executable, "-m", "game", "demo", "--seed", "1"], cwd=ROOT, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = demo.stdout.readline()
    demo.stdout.close()   # the reader leaves after one line
    err = demo.stderr.read().decode()
    assert demo.wait(timeout=120) == 0 and first.startswith(b"Brisca") and err == ""


def test_main_py_refuses_an_empty_screenshots_folder_at_once():
    done = run(["main.py", "--headless", "--hands", "1", "--screenshots", ""])
    assert done.returncode == 2 and "--screenshots needs the folder" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(not FULL.exists(), reason="/dev/full is Linux's")
def test_main_py_headless_with_its_report_on_a_full_disk_still_plays_and_exits_0():
    with FULL.open("w") as full:
        done = run(["main.py", "--headless", "--hands", "1", "--seed", "3"], stdout=full)
    assert done.returncode == 0 and "Traceback" not in done.stderr and "Exception" not in done.stderr


def test_main_py_ends_with_the_runs_status(monkeypatch):
    """A headless demo that does not reach its end (here: four frames) is status 1 for the shell."""
    from test_browser_start import load_main

    main = load_main()
    opts = main.LaunchOptions(autoplay=True, headless=True)
    assert asyncio.run(main.main(max_frames=4, opts=opts)) == 1   # returned to a caller (tests, the page)
    with pytest.raises(SystemExit) as ended:
        asyncio.run(main.main(max_frames=4, opts=main.LaunchOptions(autoplay=True, headless=True), exit_status=True))
    assert ended.value.code == 1


@pytest.mark.skipif(not FULL.exists(), reason="/dev/full is Linux's")
def test_a_file_the_command_writes_failing_is_not_called_the_output():
    """An arena's deal log on a full disk: one line, status 1, and not "cannot write the output"
    (standard output was fine)."""
    done = run(["-m", "game", "arena", "random", "random", "--deals", "1", "--seed", "5", "--quiet",
                "--deal-log", str(FULL)])
    assert done.returncode == 1 and done.stderr.strip() == "error: [Errno 28] No space left on device"
    assert done.stdout == ""


def test_a_record_of_an_earlier_version_is_refused_with_what_to_do(tmp_path):
    """Records written before 2026-12-06 carried the match's length as a rule (best_of), which RULES.md
    does not know: refused as it says, and the message says what to remove."""
    path = record_file(tmp_path)
    record = json.loads(path.read_text(encoding="utf-8"))
    record["rules"]["best_of"] = 3
    path.write_text(json.dumps(record), encoding="utf-8")
    done = run(["-m", "game", "replay", str(path)])
    assert done.returncode == 2 and "unknown rule 'best_of'" in done.stderr and "remove it" in done.stderr


def test_the_bench_prints_each_rate_under_its_own_name(monkeypatch, capsys):
    """``python -m game bench``: the public API's rate and the fast path's, each the median of its runs."""
    from game.cli import bench

    monkeypatch.setattr(bench, "api_hands", lambda players, hands, seed: 100.0 * players + seed)
    monkeypatch.setattr(bench, "fast_hands", lambda players, hands, seed: 3000.0 * players + seed)
    assert bench.main(["--players", "2", "--players", "4", "--repeat", "3", "--seed", "1"]) == 0
    assert capsys.readouterr().out.splitlines() == ["players=2 api_hands_per_s=202 fast_hands_per_s=6002",
                                                    "players=4 api_hands_per_s=402 fast_hands_per_s=12002"]


@pytest.mark.parametrize("name", ["api_hands", "fast_hands"])
def test_the_bench_rates_are_hands_over_the_cpu_seconds_they_took(monkeypatch, name):
    """Ten random hands over two seconds of CPU time (a clock of our own): 5 hands a second, not twice
    or half that, through the public API and through the fast path alike."""
    from game.cli import random_hands

    ticks = iter([5.0, 7.0])
    monkeypatch.setattr(random_hands.time, "process_time", lambda: next(ticks))
    assert getattr(random_hands, name)(2, 10, 1) == 5.0


def test_the_review_bench_prints_the_median_review_and_its_steps_p95_and_max(monkeypatch, capsys):
    """``python -m game.ui.bench --review``: each line's figures are those of the times measured."""
    from game.ui.desktop import bench_review

    steps = [float(ms) for ms in range(1, 41)]   # 40 steps: p95 is the 39th (index 38), max the 40th
    monkeypatch.setattr(bench_review, "review_times", lambda players, hands=8: ([0.5, 2.0, 1.0], list(reversed(steps))))
    bench_review.review_bench()
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines] == ["2 players", "3 players", "4 players"]
    assert all(line.endswith("8 hands: review 1.00 s median (max 2.00); steps p95 39.0 ms, max 40.0 ms")
               for line in lines)
