"""A bug report's record from what a player can send: the save file of a match or a backup copy.

Why: RULES.md calls the game record "the bug-report format", but a player had no way to get one
(maint40's F1): ``replay`` refused the game's own ``match.json`` and answered a backup copy (the
only file a browser player can hand over) with "the record has no 'rules' object". Now ``replay``
replays the hand in play of either, saying which hand of what, and ``python -m game record FILE
[--out F]`` writes that hand's record, which ``replay`` then reads like any record. A file with no
hand, or one that cannot be written to, is one line, never a traceback. Pure commands, no frames.
"""

from __future__ import annotations

import json
import random

import pytest

import game

from game.cli import record_file, replay
from game.storage import MemoryBackend, Storage
from game.ui import backup
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.session import Session


def played(seed: int, finished: int, moves: int) -> Session:
    """A 2-player match to 3 with ``finished`` hands played out and ``moves`` moves of the next."""
    session = Session(Options(players=2, first_to=3), seed=seed, human_seats=(0,))
    rng = random.Random(seed)
    for _ in range(finished):
        while not session.hand.over:
            session.play(rng.choice(session.hand.legal_moves()))
        session.next_hand()
    for _ in range(moves):
        session.play(rng.choice(session.hand.legal_moves()))
    return session


def copy_of(session: Session | None) -> str:
    store = Store(Storage(MemoryBackend()))
    store.save_settings({"lang": "es", "sound": True, "speed": "normal"})
    if session is not None:
        assert store.save_match(json.loads(json.dumps(session.to_save())))
    return backup.make(store, made="2026-12-07T12:00:00Z")


def run(main, argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_backup_copy_replays_its_hand_in_play_and_says_what_the_copy_holds(tmp_path, capsys):
    session = played(seed=11, finished=1, moves=7)
    path = tmp_path / "brisca-copia-2026-12-07.json"
    path.write_text(copy_of(session), encoding="utf-8")
    (tmp_path / "hand.json").write_text(json.dumps(session.to_save()["match"]["hand"]), encoding="utf-8")
    code, expected, _ = run(replay.main, [str(tmp_path / "hand.json")], capsys)
    assert code == 0 and len(json.loads(expected)["tricks"]) == 3
    code, out, err = run(replay.main, [str(path)], capsys)
    assert code == 0 and out == expected
    assert err == ("replaying the hand in play of a backup copy made 2026-12-07T12:00:00Z by version "
                   f"{game.__version__} of the game, holding the settings and a saved match; hand 2 of a "
                   "match to 3 won hands (1 finished before it, kept as their points only: their moves are not saved)\n")
    # Notepad's "Unicode" (UTF-16 with its BOM), which the game's own restore reads too
    path.write_text(copy_of(session), encoding="utf-16")
    assert run(replay.main, [str(path)], capsys)[:2] == (0, expected)


def test_the_record_written_from_a_save_or_a_copy_replays_as_the_hand_was_played(tmp_path, capsys):
    session = played(seed=4, finished=0, moves=12)
    hand = session.hand
    copy = tmp_path / "copia.json"
    copy.write_text(copy_of(session), encoding="utf-8")
    out = tmp_path / "bug.json"
    code, printed, err = run(record_file.main, [str(copy), "--out", str(out)], capsys)
    assert code == 0 and printed == "" and err.startswith(f"wrote {out}: the record of the hand in play of a backup copy")
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["deck"] == [str(c) for c in hand.deck] and len(record["moves"]) == 12 and record["dealer"] == hand.dealer
    code, replayed, err = run(replay.main, [str(out)], capsys)
    assert code == 0 and err == ""
    assert [t["cards"] for t in json.loads(replayed)["tricks"]] == [[str(c) for c in t.cards] for t in hand.tricks]
    # without --out, to standard output: the same record
    envelope = tmp_path / "match.json"
    envelope.write_text(json.dumps(json.loads(copy.read_text(encoding="utf-8"))["keys"]["match"]), encoding="utf-8")
    code, printed, err = run(record_file.main, [str(envelope)], capsys)
    assert code == 0 and json.loads(printed) == record
    assert err == "the record of the hand in play of the game's save file of a match in progress; hand 1 of a match to 3 won hands\n"


@pytest.mark.parametrize("command", [replay.main, record_file.main])
def test_a_file_with_no_hand_is_one_line_saying_what_it_holds(tmp_path, capsys, command, monkeypatch):
    monkeypatch.chdir(tmp_path)   # (a long temporary folder's name is shortened in the message)
    path = "copia.json"
    (tmp_path / path).write_text(copy_of(None), encoding="utf-8")
    code, out, err = run(command, [path], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert "this is a backup copy made 2026-12-07T12:00:00Z" in err and "holding the settings: no saved match" in err
    (tmp_path / path).write_text(json.dumps({"brisca": "save", "key": "stats", "version": 1, "data": {}}), encoding="utf-8")
    code, out, err = run(command, [path], capsys)
    assert (code, out) == (2, "") and err == f"error: '{path}': this is one of the game's save files (key 'stats'): it holds no hand\n"


def test_the_record_is_never_written_over_the_file_it_comes_from_nor_where_it_cannot_go(tmp_path, capsys):
    path = tmp_path / "copia.json"
    text = copy_of(played(seed=2, finished=0, moves=3))
    path.write_text(text, encoding="utf-8")
    code, out, err = run(record_file.main, [str(path), "--out", str(path)], capsys)
    assert code == 2 and "is the file read" in err and path.read_text(encoding="utf-8") == text
    (tmp_path / "taken").mkdir()
    code, out, err = run(record_file.main, [str(path), "--out", str(tmp_path / "taken")], capsys)
    assert code == 1 and out == "" and err.startswith("error: cannot write") and err.count("\n") == 1


def test_the_record_is_not_written_over_the_file_it_comes_from_by_another_of_its_names(tmp_path, capsys):
    """--out naming the file read by a link to it (mutation audit, mutation41: the same file judged by
    its written name wrote the record over the player's match.json through the link)."""
    path = tmp_path / "match.json"
    text = copy_of(played(seed=2, finished=0, moves=3))
    path.write_text(text, encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(path)
    code, out, err = run(record_file.main, [str(path), "--out", str(link)], capsys)
    assert code == 2 and "is the file read" in err and path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("command", [replay.main, record_file.main])
def test_a_match_saved_by_a_newer_version_says_so(tmp_path, capsys, command):
    """(Mutation audit, mutation41: without the format's check a newer version's match was replayed
    as this version's, told as a bad record or replayed wrong.)"""
    save = copy_of(played(seed=3, finished=0, moves=4))
    data = json.loads(save)["keys"]["match"]
    data["data"]["match"]["format"] = "brisca-match/9"
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(command, [str(path)], capsys)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "saved by a newer version of the game (format 'brisca-match/9'" in err and "replay it with that version" in err


def test_a_save_from_before_one_cambio_a_turn_replays_its_two_cambios_and_the_record_keeps_them(tmp_path, capsys):
    """Versions before one cambio a turn let the 7 of triunfo take the as and the 2 then take that 7
    in one turn; such a match.json still replays, as it was played, and so does the record written
    from it (mutation audit, mutation41: the save's hand replayed as a plain record refused its second
    cambio, and passed every test). Seed 57: your turn first, the 7 and the 2 in your hand, the muestra
    a high card (found by a search over seeds, checked below)."""
    from game.ui.options import Options as Opts   # noqa: PLC0415  (cambio del dos, own turn)

    session = Session(Opts(players=2, first_to=3, swap_two=True, swap_timing="own_turn"), seed=57, human_seats=(0,))
    hand = session.hand
    held = {(c.suit, c.rank) for c in hand.hand_of(0)}
    assert hand.turn == 0 and hand.muestra.rank in (1, 3, 10, 11, 12)
    assert {(hand.muestra.suit, 7), (hand.muestra.suit, 2)} <= held
    envelope = json.loads(copy_of(session))["keys"]["match"]
    envelope["data"]["match"]["hand"]["moves"] += ["swap", "swap"]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(envelope), encoding="utf-8")
    code, out, err = run(replay.main, [str(path)], capsys)
    assert code == 0 and err.startswith("replaying the hand in play of the game's save file"), err
    seven = next(c for c in hand.hand_of(0) if (c.suit, c.rank) == (hand.muestra.suit, 7))
    swaps = json.loads(out)["swaps"]   # the 7 took the muestra, then the 2 took the 7
    assert [s["took"] for s in swaps] == [str(hand.muestra), str(seven)] and swaps[0]["gave"] == str(seven)
    code, record, _ = run(record_file.main, [str(path)], capsys)
    assert code == 0 and json.loads(record)["moves"][-2:] == ["swap", "swap"]


def test_a_bad_move_in_a_save_is_told_with_the_hand_it_is_in(tmp_path, capsys):
    """(Mutation audit, mutation41: the note of which hand of which file dropped from a bad save's
    error, or put on a plain record's, passed every test.)"""
    envelope = json.loads(copy_of(played(seed=6, finished=0, moves=4)))["keys"]["match"]
    record = envelope["data"]["match"]["hand"]
    record["moves"].append("XX")
    path = tmp_path / "match.json"
    path.write_text(json.dumps(envelope), encoding="utf-8")
    code, out, err = run(replay.main, [str(path)], capsys)
    assert (code, out) == (2, "") and err.startswith("error: bad game record in the hand in play of the game's "
                                                     "save file of a match in progress; hand 1 of a match to 3")
    assert "won hands: move 5: 'XX' is not a card" in err
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(replay.main, [str(path)], capsys)
    assert code == 2 and err.startswith("error: bad game record: move 5: 'XX' is not a card")
