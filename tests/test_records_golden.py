"""Replays compared with outputs worked out by hand from RULES.md (issue 12 item 12).

Each file in tests/records/ holds a game record, what it shows ("about") and the replay summary
worked out by hand, baza by baza, from the rules: the cambio del siete, the cambio del dos, three
players, pairs, a whole hand ending 60-60 (void), and unfinished records. The library and the
``python -m game replay`` command must both give exactly that output; comparing the output with
itself (or with the engine's own state) could never catch a wrong summary.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.record import from_record, summary

ROOT = Path(__file__).resolve().parents[1]
RECORDS = sorted((Path(__file__).resolve().parent / "records").glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_hand_worked_set_covers_the_cases_the_issue_names():
    names = {p.stem for p in RECORDS}
    assert {"cambio_siete", "cambio_dos", "three_players", "pairs", "void_hand"} <= names
    docs = [load(p) for p in RECORDS]
    assert any(not d["expected"]["over"] for d in docs)  # an unfinished record
    assert any(d["expected"]["result"] == {"winner_side": None, "void": True} for d in docs)


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_summary_matches_the_hand_worked_output(path):
    doc = load(path)
    assert summary(from_record(doc["record"])) == doc["expected"]


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_replay_command_prints_the_hand_worked_output(path):
    out = subprocess.run([sys.executable, "-m", "game", "replay", "-"], input=json.dumps(load(path)["record"]),
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == load(path)["expected"]
