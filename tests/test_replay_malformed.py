"""Malformed game records (issue 12, items 10 and 11): ``python -m game replay`` exits 2 with one
line of at most 300 characters, whatever the input, and card text is ASCII only."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.cards import Card, CardError
from game.hand import Hand, IllegalMove
from game.record import MAX_MESSAGE, RecordError, from_record, to_record
from game.rules import Rules

ROOT = Path(__file__).resolve().parents[1]


def good_record() -> dict:
    hand = Hand.deal(Rules(players=2), 0, random.Random(3))
    for _ in range(6):
        hand.play(hand.legal_moves()[0])
    return to_record(hand)


def replay(stdin: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "replay", "-", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def one_line(out: subprocess.CompletedProcess) -> str:
    assert out.returncode == 2, (out.returncode, out.stderr[-2000:])
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr[:2000]
    assert len(lines[0]) <= 300, len(lines[0])
    assert "Traceback" not in out.stderr
    return lines[0]


@pytest.mark.parametrize("text", ["²O", "１O", "١O", "1Ｏ", "1\u0301O", "⑫B", "12ᴮ"])
def test_card_text_is_ascii_only(text):
    with pytest.raises(CardError):
        Card.parse(text)
    hand = Hand.deal(Rules(players=2), 0, random.Random(1))
    with pytest.raises(IllegalMove):
        hand.play(text)


def test_huge_rank_is_a_card_error_not_a_crash():
    with pytest.raises(CardError) as exc:
        Card.parse("9" * 5000 + "O")
    assert len(str(exc.value)) <= MAX_MESSAGE


def test_card_error_quotes_only_the_start_of_long_text():
    with pytest.raises(CardError) as exc:
        Card.parse("x" * 1_000_000)
    assert len(str(exc.value)) <= MAX_MESSAGE


def mutated(change) -> str:
    rec = good_record()
    change(rec)
    return json.dumps(rec, ensure_ascii=False)


MALFORMED = {
    "superscript digit in a move": lambda: mutated(lambda r: r["moves"].__setitem__(2, "²O")),
    "fullwidth digit in the deck": lambda: mutated(lambda r: r["deck"].__setitem__(0, "１O")),
    "arabic-indic digit": lambda: mutated(lambda r: r["moves"].__setitem__(0, "١O")),
    "rank of 5000 digits": lambda: mutated(lambda r: r["moves"].__setitem__(0, "7" * 5000 + "O")),
    "JSON integer of 5000 digits": lambda: mutated(lambda r: r.__setitem__("dealer", 0)).replace(
        '"dealer": 0', '"dealer": ' + "9" * 5000),
    "nested 5000 deep": lambda: "[" * 5000 + "]" * 5000,
    "nested 100000 deep in a field": lambda: '{"rules": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "a 900 kB card text": lambda: mutated(lambda r: r["moves"].__setitem__(1, "Q" * 900_000)),
    "a 900 kB rule name": lambda: mutated(lambda r: r.__setitem__("rules", {"k" * 900_000: 1})),
    "a 900 kB dealer": lambda: mutated(lambda r: r.__setitem__("dealer", "d" * 900_000)),
    "a 50 MB card text": lambda: mutated(lambda r: r["moves"].__setitem__(1, "Q" * 50_000_000)),
    "long seña": lambda: mutated(lambda r: r.__setitem__("senas", [{"seat": 0, "card": "Z" * 100_000, "move": 0}])),
    "newline in a card": lambda: mutated(lambda r: r["moves"].__setitem__(0, "1\nO\r\n")),
    "not JSON, long": lambda: "{" + "x" * 2_000_000,
    "not UTF-8 JSON string escapes": lambda: '{"deck": ["\\ud800"]}',
    "a list": lambda: "[1, 2, 3]",
    "empty": lambda: "",
    "NaN dealer": lambda: mutated(lambda r: None).replace('"dealer": 0', '"dealer": NaN'),
    "float rules": lambda: mutated(lambda r: r["rules"].__setitem__("players", 2.5)),
    "huge players": lambda: mutated(lambda r: r["rules"].__setitem__("players", 10 ** 400)),
    "list as rule": lambda: mutated(lambda r: r["rules"].__setitem__("swap_timing", [1])),
    "dict as swap_seven": lambda: mutated(lambda r: r["rules"].__setitem__("swap_seven", {})),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_record_exits_2_with_one_short_line(name):
    line = one_line(replay(MALFORMED[name]()))
    assert line.startswith("error: ")


def test_bad_input_as_a_file_too(tmp_path):
    path = tmp_path / ("n" * 200 + ".json")
    path.write_text("[" * 5000)
    line = one_line(subprocess.run([sys.executable, "-m", "game", "replay", str(path)],
                                   capture_output=True, text=True, cwd=ROOT, timeout=120))
    assert line.startswith("error: ")
    path.write_bytes(b"\xff\xfe{")
    one_line(subprocess.run([sys.executable, "-m", "game", "replay", str(path)],
                            capture_output=True, text=True, cwd=ROOT, timeout=120))


@pytest.mark.parametrize("indent", ["100000000", "-5", "x", "10" * 300])
def test_unreasonable_indent_is_a_usage_error(indent):
    out = replay(json.dumps(good_record()), "--indent", indent)
    one_line(out) if out.returncode == 2 and len(out.stderr.splitlines()) == 1 else None
    assert out.returncode == 2 and "MemoryError" not in out.stderr and "Traceback" not in out.stderr


def test_sensible_indent_still_works():
    out = replay(json.dumps(good_record()), "--indent", "2")
    assert out.returncode == 0 and out.stdout.startswith("{\n  ")


def test_record_error_messages_are_bounded_in_the_library_too():
    rec = good_record()
    rec["moves"][0] = "Q" * 1_000_000
    with pytest.raises(RecordError) as exc:
        from_record(rec)
    assert len(str(exc.value)) <= MAX_MESSAGE
