"""The game as the browser runs it, emulated: whole matches with hints, leaving and a reload.

Each run is a fresh interpreter (tests/browser_emulation.py): ``main.py`` run as ``__main__``
with pygbag's ``asyncio.run`` (it only schedules) and its frame-by-frame stepping of the event
loop, ``sys.platform == "emscripten"``, only the standard library ``main.data`` holds, pygbag's
``random.seed(1)``, no threads, no ``time.sleep``, and a ``platform`` module whose localStorage
behaves like pygbag's bridge. A person at seat 0 asks for a hint every turn and plays it with
the keyboard; in some runs they leave mid-hand, the page reloads and they continue the saved
match from the menu. Another run sets the page address's autoplay flag.

What this cannot show (only the GitHub job can): CPython 3.12 WebAssembly and pygame-ce 2.5.7
themselves, the real JavaScript bridge, the browser's own frame pacing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from browser_stdlib import cdn_copy

HERE = Path(__file__).resolve().parent
CDN_DIR, WHY_NO_CDN = cdn_copy()
pytestmark = pytest.mark.skipif(CDN_DIR is None, reason=WHY_NO_CDN or "")


def emulate(*runs: dict) -> list[dict]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(HERE / "browser_emulation.py"), json.dumps(list(runs))],
                          capture_output=True, text=True, timeout=300, env=env, cwd=HERE.parent)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    reports = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert len(reports) == len(runs), done.stdout[-3000:]
    return reports


def check_clean(report: dict) -> None:
    assert report["failure"] is None, report
    assert not [c for c in report["page"] if c[0] == "failed"], report["page"]
    assert report["refused_imports"] == [], report["refused_imports"]


@pytest.mark.parametrize("players, leave_after, viewport", [(2, 3, (390, 844)), (3, None, (1280, 720)),
                                                            (4, 2, (844, 390))])
def test_a_person_plays_a_whole_match_with_hints(players, leave_after, viewport):
    (report,) = emulate({"players": players, "seed": 10 + players, "leave_after": leave_after, "viewport": viewport})
    check_clean(report)
    assert report["players"] == players
    # the game drew at the page's shape (phone upright, sideways, desktop), so the page's canvas
    # box covers the whole screen (tests/test_browser_chromium.py checks the page's side)
    width, height = report["canvas"]
    assert abs(width / height - viewport[0] / viewport[1]) < 0.01, (report["canvas"], viewport)
    cards = 39 if players == 3 else 40  # three players: one card is taken out of the deck
    assert report["moves"] >= cards  # every card played (+ a cambio, if any)
    assert sum(report["points"]) == 120
    assert report["moves_by_person"] >= cards // players
    assert report["hints"] == report["moves_by_person"]  # a hint asked, and followed, every turn
    # the page heard the first frame (once per page load); the saves went to localStorage
    assert report["page"].count(["ready"]) == (2 if leave_after else 1)
    assert {"brisca.settings", "brisca.stats"} <= set(report["stored"])
    assert report["left_and_resumed"] is bool(leave_after)


def test_the_page_address_can_ask_for_autoplay():
    (report,) = emulate({"autoplay": True, "players": 4, "seed": 3})
    check_clean(report)
    assert report["code"] == 0 and report["over"] and report["players"] == 4
    assert report["page"] == [["ready"], ["finished", 0]]
    assert report["stored"] == []  # a demo never writes the visitor's saves


def test_a_copy_saved_then_brought_back_after_the_sites_data_is_cleared():
    (report,) = emulate({"backup": True})
    check_clean(report)
    assert report["said"] == "backup.restored_browser"
    assert report["before"]["matches"] == 3 and report["empty"]["matches"] == 0
    assert report["after"] == report["before"] and report["names"] == ["Ana"]
    first, kept = report["downloads"]   # the copy, then what the cleared page held, downloaded before restoring
    assert first == report["name"] and first.startswith("brisca-copia-") and kept.startswith("brisca-copia-anterior-")
    assert report["waited_frames"] >= 6   # the page read the file while the frames went on
    assert report["page"].count(["pickBackup"]) == 1
    assert {"brisca.settings", "brisca.stats"} <= set(report["stored"])


def test_the_emulation_refuses_what_the_browser_lacks(tmp_path):
    """The check can fail: statistics, threads and time.sleep are refused in the emulated browser."""
    script = tmp_path / "probe.py"
    script.write_text(
        "import sys, json\n"
        f"sys.path.insert(0, {str(HERE)!r})\n"
        "import browser_emulation as be\n"
        "be.play_as_a_person = be.autoplay = lambda run: {}\n"
        "be.main([])\n"
        "out = {}\n"
        "for name, probe in (('statistics', lambda: __import__('statistics')),\n"
        "                    ('thread', lambda: __import__('threading').Thread(target=print).start()),\n"
        "                    ('sleep', lambda: __import__('time').sleep(0))):\n"
        "    try:\n"
        "        probe(); out[name] = 'allowed'\n"
        "    except (ImportError, RuntimeError) as exc:\n"
        "        out[name] = type(exc).__name__\n"
        "out['platform'] = sys.platform\n"
        "print(json.dumps(out))\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == {
        "statistics": "ModuleNotFoundError", "thread": "RuntimeError", "sleep": "RuntimeError",
        "platform": "emscripten"}
