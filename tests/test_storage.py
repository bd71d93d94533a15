"""The save layer (game/storage.py): round trips, every kind of bad data, atomic writes,
the browser's localStorage through a fake window, and a match resumed after a "reload"."""

from __future__ import annotations

import json
import os
import random
import sys
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import storage
from game.match import Match
from game.rules import Rules
from game.ui.i18n import Words
from game.ui.save_news import describe
from game.backends import KEEP_ASIDE
from game.storage import (
    KEYS, MAX_BYTES, FileBackend, LocalStorageBackend, MemoryBackend, Storage, StorageError,
    StorageProblem,
)
from browser_emulation import StorageKeys
from test_saves_safe import FlakyBackend


class FakeLocalStorage(StorageKeys):
    """The part of the Web Storage API the backend uses, with a size quota like a browser's."""

    def __init__(self, quota: int = 5_000_000) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    def getItem(self, name):  # noqa: N802 (the JS name)
        return self.items.get(name)

    def setItem(self, name, value):  # noqa: N802
        value = str(value)
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != name)
        if used + len(name) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[name] = value

    def removeItem(self, name):  # noqa: N802
        self.items.pop(name, None)


def envelope(key: str, data, **over) -> str:
    doc = {"brisca": "save", "key": key, "version": 1, "data": data}
    doc.update(over)
    return json.dumps(doc)


@pytest.fixture(params=["file", "local", "memory"])
def backend(request, tmp_path):
    if request.param == "file":
        return FileBackend(tmp_path / "data")
    if request.param == "local":
        return LocalStorageBackend(FakeLocalStorage())
    return MemoryBackend()


def raw_put(backend, key: str, text: str) -> None:
    """Plant stored text the way another program (or a crash) would have left it."""
    if isinstance(backend, FileBackend):
        backend.directory.mkdir(parents=True, exist_ok=True)
        backend.path(key).write_text(text, encoding="utf-8")
    else:
        backend.write(key, text)


def stored_elsewhere(backend, name: str) -> str | None:
    """The text set aside under ``name`` (None: nothing there)."""
    if isinstance(backend, FileBackend):
        path = backend.directory / name
        return path.read_text(encoding="utf-8") if path.exists() else None
    if isinstance(backend, LocalStorageBackend):
        return backend.local.getItem(name)
    return backend.values.get(name)


# ------------------------------------------------------------------------------ round trips


@pytest.mark.parametrize("key", KEYS)
def test_round_trip_every_key(backend, key):
    store = Storage(backend)
    value = {"lang": "es", "n": 3, "nested": {"list": [1, 2.5, None, True, "señas ñ €"]}}
    assert store.save(key, value) is None
    assert store.load(key) == (value, None)
    # a fresh Storage (a reload) reads the same thing back
    assert Storage(backend).load(key) == (value, None)


def test_nothing_saved_is_not_a_problem(backend):
    store = Storage(backend)
    assert store.load("match") == (None, None)
    assert store.problems == []


def test_save_overwrites_own_data_and_clear_forgets(backend):
    store = Storage(backend)
    store.save("stats", {"wins": 1})
    store.save("stats", {"wins": 2})
    assert store.load("stats").value == {"wins": 2}
    assert store.clear("stats") is None
    assert Storage(backend).load("stats") == (None, None)


def test_unknown_key_and_non_dict_are_caller_bugs():
    store = Storage(MemoryBackend())
    with pytest.raises(StorageError, match="unknown storage key"):
        store.load("passwords")
    with pytest.raises(StorageError, match="unknown storage key"):
        store.save("passwords", {})
    with pytest.raises(StorageError, match="needs a dict"):
        store.save("settings", ["not", "a", "dict"])


# ---------------------------------------------------------------------------- bad data


BAD = {
    "empty": "",
    "whitespace": "  \n ",
    "truncated": envelope("settings", {"lang": "es", "sound": True})[:-9],
    "corrupt": '{"brisca": "save", oops}',
    "not an object": "[1, 2, 3]",
    "foreign": json.dumps({"theme": "dark", "volume": 7}),
    "other key": envelope("stats", {"lang": "es"}),
    "version text": envelope("settings", {}, version="1"),
    "version zero": envelope("settings", {}, version=0),
    "data list": envelope("settings", [1, 2]),
    "data missing": json.dumps({"brisca": "save", "key": "settings", "version": 1}),
}
KIND = {
    "empty": "empty", "whitespace": "empty", "truncated": "truncated", "corrupt": "corrupt",
    "not an object": "foreign", "foreign": "foreign", "other key": "foreign",
    "version text": "wrong_type", "version zero": "wrong_type",
    "data list": "wrong_type", "data missing": "wrong_type",
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_data_is_reported_once_set_aside_and_survived(backend, case):
    raw_put(backend, "settings", BAD[case])
    store = Storage(backend)
    value, problem = store.load("settings")
    assert value is None
    assert isinstance(problem, StorageProblem)
    assert problem.kind == KIND[case], problem
    assert problem.set_aside_as and "settings.bad-" in problem.set_aside_as
    assert stored_elsewhere(backend, problem.set_aside_as) == BAD[case]  # kept, byte for byte
    assert describe(problem, Words("es")).startswith("Error al cargar los ajustes")
    assert describe(problem, Words("en")).startswith("Error loading the settings")
    assert problem.set_aside_as in describe(problem, Words("en"))
    # reported once: the next load finds nothing, and the game saves afresh
    assert store.load("settings") == (None, None)
    assert store.problems == [problem]
    assert store.save("settings", {"lang": "en"}) is None
    assert Storage(backend).load("settings") == ({"lang": "en"}, None)
    assert stored_elsewhere(backend, problem.set_aside_as) == BAD[case]


@pytest.mark.parametrize("key", ["settings", "stats", "match"])
def test_data_of_a_newer_version_is_left_in_place_and_never_written_over(backend, key):
    """An older copy of the game (a cached tab beside a newer one, a desktop not updated) set the
    newer data aside as if damaged and wrote its own; back in the newer version that fresh copy
    loaded without a word (500 hands of statistics became 1), and after three such openings the
    set-aside copy was deleted. Now it is reported, left as it is, and this session never writes
    that key: each opening of the old copy finds it again."""
    newer = envelope(key, {"hands": 500, "future": [1, 2]}, version=2)
    raw_put(backend, key, newer)
    for _opening in range(5):
        store = Storage(backend)
        value, problem = store.load(key)
        assert value is None and problem.kind == "newer" and not problem.set_aside_as
        assert store.save(key, {"hands": 1}) is not None   # refused: the newer data stays
        assert store.clear(key) is None
        assert store.load(key) == (None, None)
        assert backend.read(key) == newer
    assert describe(problem, Words("es")).startswith("Los datos de ")
    assert "versión más nueva" in describe(problem, Words("es")) and "newer version" in describe(problem, Words("en"))


@pytest.mark.parametrize("key", ["settings", "stats"])
def test_a_newer_versions_data_stored_while_this_copy_runs_is_not_written_over(backend, key):
    """Found at load it was left alone, but a newer version opened beside this one after it had
    loaded was written over at this copy's next save, without a word (a reviewer's finding)."""
    from game.ui.persist import Store

    store = Store(Storage(backend))
    value = store.load_settings() if key == "settings" else store.load_stats()
    assert (store.save_settings(value) if key == "settings" else store.save_stats(value))
    newer = envelope(key, {"hands": 500, "future": True}, version=2)
    raw_put(backend, key, newer)   # the newer version, in another tab
    if key == "settings":
        store.save_settings(dict(value, volume=40))
    else:
        store.update_stats(value, lambda stats: stats.update(hands=1) or True)
    assert backend.read(key) == newer
    assert [(p.key, p.kind) for p in store.problems] == [(key, "newer")]   # told once, not as a failed save
    assert store.held_for_newer(key)


def test_not_utf8_file_is_corrupt(tmp_path):
    backend = FileBackend(tmp_path)
    backend.path("stats").write_bytes(b'{"brisca": "\xff\xfe"}')
    value, problem = Storage(backend).load("stats")
    assert value is None and problem.kind == "corrupt"
    assert (tmp_path / problem.set_aside_as).read_bytes() == b'{"brisca": "\xff\xfe"}'


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes and /dev/zero are POSIX")
@pytest.mark.parametrize("kind", ["pipe", "zero"])
def test_a_save_that_is_a_pipe_or_a_link_to_an_endless_file_is_refused_not_read(tmp_path, kind):
    """A named pipe in place of a save blocked the game at start for good (nobody writes to it);
    a link to /dev/zero read until the memory ran out (stat says 0 bytes for both)."""
    backend = FileBackend(tmp_path)
    if kind == "pipe":
        os.mkfifo(backend.path("settings"))
    else:
        os.symlink("/dev/zero", backend.path("settings"))
    with pytest.raises(OSError, match="not a regular file"):
        backend.read("settings")
    value, problem = Storage(backend).load("settings")   # returns: the test would hang otherwise
    assert value is None and problem.kind == "unreadable" and "not a regular file" in problem.detail
    assert not backend.path("settings").exists() and (tmp_path / problem.set_aside_as).is_symlink() == (kind == "zero")
    store = Storage(backend)
    assert store.save("settings", {"lang": "en"}) is None and store.load("settings") == ({"lang": "en"}, None)


def test_a_file_read_stops_at_the_read_limit(tmp_path, monkeypatch):
    from game import backends   # noqa: PLC0415

    monkeypatch.setattr(backends, "READ_LIMIT", 100)
    backend = FileBackend(tmp_path)
    backend.path("stats").write_text("x" * 101)
    with pytest.raises(OSError, match="more than 100 bytes"):
        backend.read("stats")
    backend.path("stats").write_text("x" * 100)
    assert backend.read("stats") == "x" * 100


def test_huge_stored_value_is_rejected_unread(backend):
    huge = envelope("stats", {"blob": "x" * (MAX_BYTES + 10)})
    raw_put(backend, "stats", huge)
    value, problem = Storage(backend).load("stats")
    assert value is None and problem.kind == "too_large"
    assert len(stored_elsewhere(backend, problem.set_aside_as)) == len(huge)


def test_huge_value_is_not_saved_and_old_value_kept(backend):
    store = Storage(backend)
    store.save("stats", {"wins": 4})
    problem = store.save("stats", {"blob": "x" * (MAX_BYTES + 1)})
    assert problem is not None and problem.kind == "too_large" and problem.during == "save"
    assert describe(problem, Words("es")) == "Error al guardar las estadísticas: los datos son demasiado grandes."
    assert Storage(backend).load("stats") == ({"wins": 4}, None)


@pytest.mark.parametrize("value", [{"x": float("nan")}, {"x": {1, 2}}, {"x": (1, 2)}, {1: "int key"},
                                   {"x": object()}])
def test_values_json_cannot_keep_are_refused(value):
    store = Storage(MemoryBackend())
    store.save("settings", {"ok": 1})
    problem = store.save("settings", value)
    assert problem.kind == "not_json"
    assert store.load("settings").value == {"ok": 1}



def test_a_value_as_deep_as_a_save_may_hold_is_kept_and_one_deeper_refused():
    """At most 64 levels deep (``is_json_value``), counted in the data: the envelope the store wraps it
    in takes none of them (mutation audit, mutation41: Storage.encode counting the envelope as a level
    refused a value at the limit, and passed every test)."""
    def nested(levels: int) -> dict:
        value: object = 1
        for _ in range(levels):
            value = {"x": value}
        return value

    store = Storage(MemoryBackend())
    assert store.save("stats", nested(64)) is None and store.load("stats").value == nested(64)
    problem = store.save("stats", nested(65))
    assert problem is not None and problem.kind == "not_json" and store.load("stats").value == nested(64)

def test_set_aside_never_overwrites_an_earlier_set_aside(tmp_path, monkeypatch):
    monkeypatch.setattr(storage, "_stamp", lambda: "20260101T000000Z")
    backend = FileBackend(tmp_path)
    names = []
    for text in ("first bad", "second bad", "third bad"):
        backend.path("match").write_text(text)
        names.append(Storage(backend).load("match").problem.set_aside_as)
    assert len(set(names)) == 3
    assert [(tmp_path / n).read_text() for n in names] == ["first bad", "second bad", "third bad"]


def test_only_the_newest_set_aside_copies_of_a_key_are_kept(backend, monkeypatch):
    """A run of bad saves (a bug, a damaged disk) must not fill the disk or the origin's localStorage:
    each key keeps its KEEP_ASIDE newest set-aside copies; other keys' and other sites' stay."""
    raw_put(backend, "stats", "bad statistics")
    kept_stats = Storage(backend).load("stats").problem.set_aside_as
    if isinstance(backend, LocalStorageBackend):
        backend.local.setItem("another.game.bad-1", "theirs")
    stamps = ["20260101T000000Z"] * 3 + ["20260102T000000Z", "20260103T000000Z", "20260103T000000Z"]
    names = []
    for i, stamp in enumerate(stamps):
        monkeypatch.setattr(storage, "_stamp", lambda stamp=stamp: stamp)
        raw_put(backend, "match", f"bad match {i}")
        names.append(Storage(backend).load("match").problem.set_aside_as)
    assert len(set(names)) == 6 and KEEP_ASIDE == 3
    assert [stored_elsewhere(backend, n) for n in names[-3:]] == ["bad match 3", "bad match 4", "bad match 5"]
    for gone in names[:3]:
        assert stored_elsewhere(backend, gone) is None
    assert stored_elsewhere(backend, kept_stats) == "bad statistics"
    if isinstance(backend, LocalStorageBackend):
        assert backend.local.getItem("another.game.bad-1") == "theirs"


def test_the_newest_set_aside_copies_are_the_last_made_whatever_the_clock_said(backend, monkeypatch):
    """A device whose clock was once ahead (2030) set three copies aside then; the next three, made with
    the clock right (2026), are the newest and each was named to the player as it was made: they are
    the three kept, not the 2030 ones (the names' stamps come from the clock; an outside tester's
    clock38, D2). Copies named the older way (a stamp alone) count as older than any named now."""
    old = "stats.bad-20260101T000000Z"   # an older version's name: a stamp alone
    if isinstance(backend, FileBackend):
        backend.directory.mkdir(parents=True, exist_ok=True)
        old += ".json"
        (backend.directory / old).write_text("older version's copy")
    elif isinstance(backend, LocalStorageBackend):
        old = "brisca." + old
        backend.local.setItem(old, "older version's copy")
    else:
        backend.values[old] = "older version's copy"
    stamps = ["20300101T100000Z", "20300101T100100Z", "20300101T100200Z",
              "20261207T100000Z", "20261207T110000Z", "20261207T120000Z"]
    names = []
    for n, stamp in enumerate(stamps, 1):
        monkeypatch.setattr(storage, "_stamp", lambda stamp=stamp: stamp)
        raw_put(backend, "stats", f"damaged #{n}")
        names.append(Storage(backend).load("stats").problem.set_aside_as)
        if n == 2:   # counted among the three: kept beside two new ones, the first to go for a third
            assert stored_elsewhere(backend, old) == "older version's copy"
    assert len(set(names)) == 6
    assert [stored_elsewhere(backend, n) for n in names] == [None, None, None, "damaged #4", "damaged #5", "damaged #6"]
    assert stored_elsewhere(backend, old) is None   # (it was there: the first copies made kept it)
    assert all(stamp in name for stamp, name in zip(stamps, names))   # the name still says when (by the clock)


def test_a_set_aside_name_this_game_did_not_give_is_neither_counted_nor_dropped(monkeypatch):
    """"stats.bad-9999-x.json" or "stats.bad-é.json" (left by a hand, another program) sorted as the
    newest copies: they stayed while the game's real copies were dropped. Only names with the game's
    stamp count, and only those are dropped."""
    from game.backends import _too_many

    odd = ["stats.bad-9999-x.json", "stats.bad-é.json", "stats.bad-20260101T000000Z-x.json"]
    real = [f"stats.bad-2026010{d}T000000Z.json" for d in range(1, 5)] + ["stats.bad-20260104T000000Z-2.json"]
    assert _too_many(odd + real, "stats") == real[:3]
    backend = MemoryBackend()
    for name in odd:
        backend.values[name.removesuffix(".json")] = "not ours"
    for day in range(1, 5):
        monkeypatch.setattr(storage, "_stamp", lambda day=day: f"202601{day:02d}T000000Z")
        raw_put(backend, "stats", f"bad {day}")
        Storage(backend).load("stats")
    theirs = {name.removesuffix(".json") for name in odd}
    assert [v for k, v in backend.values.items() if k.startswith("stats.bad-") and k not in theirs] == ["bad 2", "bad 3", "bad 4"]
    assert all(backend.values[name.removesuffix(".json")] == "not ours" for name in odd)


def test_an_older_versions_copies_of_one_second_go_in_the_order_they_were_made():
    """An older version told copies of one second apart by a number after the stamp ("-1", "-2"):
    whatever order the folder lists them in, the first made goes first and the last made stays."""
    from game.backends import _too_many

    made = ["stats.bad-20260101T000000Z.json"] + [f"stats.bad-20260101T000000Z-{n}.json" for n in range(1, 4)]
    for listed in (made, made[::-1], made[1:] + made[:1]):
        assert _too_many(listed, "stats") == made[:2], listed


def test_old_set_aside_copies_make_room_for_a_new_one_in_a_full_localstorage(monkeypatch):
    local = FakeLocalStorage(quota=3000)
    backend = LocalStorageBackend(local)
    for day in range(1, 4):
        monkeypatch.setattr(storage, "_stamp", lambda day=day: f"202601{day:02d}T000000Z")
        local.setItem("brisca.match", "x" * 700)
        assert Storage(backend).load("match").problem.set_aside_as   # three copies: 2,100 of 3,000
    monkeypatch.setattr(storage, "_stamp", lambda: "20260104T000000Z")
    local.setItem("brisca.match", "y" * 700)
    problem = Storage(backend).load("match").problem
    assert problem.set_aside_as == "brisca.match.bad-4-20260104T000000Z"   # the oldest went first
    assert sorted(k for k in local.items if k.startswith("brisca.match.bad-"))[0].endswith("0102T000000Z")


def test_save_before_load_still_sets_bad_data_aside(backend):
    raw_put(backend, "stats", "garbage that is not ours")
    store = Storage(backend)
    assert store.save("stats", {"wins": 1}) is None
    [problem] = store.problems
    assert problem.kind == "corrupt"
    assert stored_elsewhere(backend, problem.set_aside_as) == "garbage that is not ours"


def test_bad_data_that_cannot_be_set_aside_is_left_alone(tmp_path, monkeypatch):
    backend = FileBackend(tmp_path)
    backend.path("settings").write_text("{broken}")

    def refuse(key, stamp):
        raise PermissionError("read-only folder")

    monkeypatch.setattr(backend, "set_aside", refuse)
    store = Storage(backend)
    value, problem = store.load("settings")
    assert value is None and problem.kind == "corrupt" and problem.set_aside_as is None
    assert "left in place" in problem.detail
    assert store.load("settings") == (None, None)  # not reported twice
    refused = store.save("settings", {"lang": "es"})
    assert refused is not None and refused.kind == "write_failed"
    assert backend.path("settings").read_text() == "{broken}"  # never overwritten
    assert len(store.problems) == 1


def test_unreadable_storage_is_survived(tmp_path):
    class Broken(MemoryBackend):
        def size(self, key):
            raise OSError("I/O error")

    value, problem = Storage(Broken()).load("stats")
    assert value is None and problem.kind == "unreadable"


# ------------------------------------------------------------------------------ validators


def test_validator_rejection_takes_the_set_aside_path(backend):
    store = Storage(backend)
    store.save("settings", {"lang": "klingon"})

    def check(data):
        if data.get("lang") not in ("es", "en"):
            raise ValueError(f"unknown language {data.get('lang')!r}")

    fresh = Storage(backend, validators={"settings": check})
    value, problem = fresh.load("settings")
    assert value is None and problem.kind == "rejected"
    assert "unknown language 'klingon'" in problem.detail
    assert json.loads(stored_elsewhere(backend, problem.set_aside_as))["data"] == {"lang": "klingon"}
    assert fresh.load("settings") == (None, None)


def test_validator_returning_false_rejects_and_true_accepts():
    backend = MemoryBackend()
    Storage(backend).save("stats", {"wins": -1})
    assert Storage(backend).load("stats", validator=lambda d: d["wins"] >= 0).problem.kind == "rejected"
    Storage(backend).save("stats", {"wins": 3})
    assert Storage(backend).load("stats", validator=lambda d: d["wins"] >= 0) == ({"wins": 3}, None)


def _play_to_trick(match: Match, rng: random.Random, tricks: int, store: Storage | None = None) -> None:
    """Random legal moves until ``tricks`` bazas are done, saving after each one like the game."""
    hand = match.hand
    while len(hand.tricks) < tricks:
        before = len(hand.tricks)
        hand.play(rng.choice(hand.legal_moves()))
        if store is not None and len(hand.tricks) > before:
            assert store.save("match", match.to_json()) is None


def test_record_with_an_illegal_move_is_rejected_by_match_validator(backend):
    match = Match.new(Rules(), random.Random(5))
    _play_to_trick(match, random.Random(6), 2)
    data = match.to_json()
    dealt = set(data["hand"]["deck"][:7])
    data["hand"]["moves"][2] = next(c for c in data["hand"]["deck"][::-1] if c not in dealt)  # from the stock
    Storage(backend).save("match", data)
    value, problem = Storage(backend, validators={"match": Match.from_json}).load("match")
    assert value is None and problem.kind == "rejected"
    assert "MatchError" in problem.detail and "move" in problem.detail
    assert json.loads(stored_elsewhere(backend, problem.set_aside_as))["data"] == data


def test_resume_after_reload_continues_the_same_match_move_for_move(backend):
    rules = Rules()
    original = Match.new(rules, random.Random(2024))
    store = Storage(backend, validators={"match": Match.from_json})
    _play_to_trick(original, random.Random(99), 7, store)

    # the reload: a new Storage over the same place, as a new page or process would make
    data, problem = Storage(backend, validators={"match": Match.from_json}).load("match")
    assert problem is None
    resumed = Match.from_json(data)
    assert resumed.hand.moves == original.hand.moves
    assert resumed.hand.hands == original.hand.hands and resumed.hand.points == original.hand.points

    # both go on with the same choices and stay identical to the end of the hand
    rng_a, rng_b = random.Random(7), random.Random(7)
    while not original.hand.over:
        legal = original.hand.legal_moves()
        assert resumed.hand.legal_moves() == legal
        a, b = rng_a.choice(legal), rng_b.choice(legal)
        assert original.hand.play(a) == resumed.hand.play(b)
    assert resumed.hand.over and resumed.hand.result == original.hand.result
    assert resumed.hand.points == original.hand.points


# --------------------------------------------------------------------------- atomic writes


def test_crash_during_replace_leaves_the_old_file_intact(tmp_path, monkeypatch):
    backend = FileBackend(tmp_path)
    store = Storage(backend)
    assert store.save("match", {"moves": ["1O"]}) is None
    before = backend.path("match").read_bytes()

    def crash(src, dst):
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    problem = store.save("match", {"moves": ["1O", "3O"]})
    assert problem is not None and problem.kind == "write_failed" and "power cut" in problem.detail
    monkeypatch.undo()
    assert backend.path("match").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.json"]  # no temp file left behind
    assert Storage(backend).load("match") == ({"moves": ["1O"]}, None)


def test_crash_during_write_leaves_the_old_file_intact(tmp_path, monkeypatch):
    backend = FileBackend(tmp_path)
    Storage(backend).save("stats", {"wins": 1})

    def crash(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", crash)
    assert Storage(backend).save("stats", {"wins": 2}).kind == "write_failed"
    monkeypatch.undo()
    assert Storage(backend).load("stats") == ({"wins": 1}, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.json"]


# --------------------------------------------------------------- where data lives, and which backend


def test_data_dir_env_override_and_platform_defaults(monkeypatch, tmp_path):
    monkeypatch.setenv("BRISCA_DATA_DIR", str(tmp_path / "x"))
    assert storage.default_data_dir() == tmp_path / "x"
    monkeypatch.delenv("BRISCA_DATA_DIR")
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert storage.default_data_dir() == tmp_path / "xdg" / "brisca"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert storage.default_data_dir() == tmp_path / "home" / ".local" / "share" / "brisca"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert storage.default_data_dir() == tmp_path / "home" / "Library" / "Application Support" / "Brisca"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert storage.default_data_dir() == tmp_path / "roaming" / "Brisca"


def test_desktop_default_writes_into_the_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("BRISCA_DATA_DIR", str(tmp_path / "saves"))
    store = Storage()
    assert isinstance(store.backend, FileBackend)
    store.save("settings", {"lang": "en"})
    assert json.loads((tmp_path / "saves" / "settings.json").read_text())["data"] == {"lang": "en"}


def test_browser_default_uses_window_localstorage(monkeypatch):
    fake_local = FakeLocalStorage()
    fake_platform = types.ModuleType("platform")
    fake_platform.window = types.SimpleNamespace(localStorage=fake_local)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", fake_platform)
    store = Storage()
    assert isinstance(store.backend, LocalStorageBackend)
    assert store.save("match", {"moves": []}) is None
    assert json.loads(fake_local.items["brisca.match"])["data"] == {"moves": []}
    # a reload: a new Storage over the same localStorage
    assert Storage().load("match") == ({"moves": []}, None)
    # bad data is copied to another key, then the key is freed
    fake_local.items["brisca.stats"] = "{not json"
    value, problem = Storage().load("stats")
    assert value is None and problem.set_aside_as.startswith("brisca.stats.bad-")
    assert fake_local.items[problem.set_aside_as] == "{not json" and "brisca.stats" not in fake_local.items


def test_localstorage_quota_error_is_a_problem_not_a_crash():
    local = FakeLocalStorage(quota=200)
    store = Storage(LocalStorageBackend(local))
    assert store.save("settings", {"lang": "es"}) is None
    problem = store.save("stats", {"blob": "y" * 300})
    assert (problem.key, problem.kind) == ("all", "storage_unavailable") and "Quota" in problem.detail
    assert store.load("settings") == ({"lang": "es"}, None)
    assert store.load("stats") == ({"blob": "y" * 300}, None)  # kept in memory for this session
    assert Storage(LocalStorageBackend(local)).load("stats") == (None, None)  # but not across a reload


def test_localstorage_keys_are_prefixed_so_other_games_data_is_untouched():
    local = FakeLocalStorage()
    local.items["settings"] = "another game's settings on the same itch.io origin"
    store = Storage(LocalStorageBackend(local))
    assert store.load("settings") == (None, None)
    store.save("settings", {"lang": "es"})
    assert local.items["settings"] == "another game's settings on the same itch.io origin"


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.sampled_from(("save", "clear", "retry", "full", "room")), st.sampled_from(KEYS),
                          st.integers(0, 9)), max_size=40))
def test_whatever_writes_failed_on_the_way_a_working_write_leaves_the_latest_of_every_key(steps):
    """Saves, clears and retries of every key with the disk filling and emptying in any order: this
    session always sees the latest value of each key; once writing works and anything is written,
    a reload (a new Storage on the same backend) finds that latest value of every key, or nothing
    for a cleared one."""
    backend = FlakyBackend()
    store = Storage(backend)
    latest: dict = {}
    for op, key, n in steps:
        if op == "save":
            assert (store.save(key, {"n": n}) is None) == (not backend.failing)
            latest[key] = {"n": n}
        elif op == "clear":
            if store.clear(key) is None:
                latest.pop(key, None)
        elif op == "retry":
            store.retry()
        else:
            backend.failing = op == "full"
        for k in KEYS:
            assert store.load(k).value == latest.get(k)
    backend.failing = False
    assert store.save("settings", {"n": -1}) is None
    latest["settings"] = {"n": -1}
    again = Storage(backend)
    assert {k: again.load(k).value for k in KEYS} == {k: latest.get(k) for k in KEYS}
