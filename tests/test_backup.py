"""A player's own copy of their data, and bringing it back (Ajustes → Copia de seguridad).

A phone player who clears the site's data, changes phone or browser, or plays in Safari without the
home-screen icon and stays away a week, lost every statistic and the history: nothing kept a copy
anywhere else. Here: the copy holds every key of the save layer as stored; brought back into an
empty store it gives the same settings, statistics, history, names and saved match; a bad file (not
JSON, another format, a newer version, a damaged key) is refused and changes nothing.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest

import game
from game.storage import KEYS, MemoryBackend, Storage
from game.ui import backup
from game.ui.desktop import backup_files
from game.ui.options import Options
from game.ui.persist import Store
from test_history import evening
from test_saves_safe import envelope, good_match_save

MADE = "2026-12-07T12:52:34Z"
ROOT = Path(__file__).resolve().parents[1]


def full_store() -> Store:
    """A store holding what a player keeps: settings with names, an evening's statistics and
    history, and a match in progress."""
    store = Store(Storage(MemoryBackend()))
    settings = store.load_settings()
    settings.update(lang="ca", sound=False, names=["Ana", "Luis"], last_options=Options(players=3).to_json())
    store.save_settings(settings)
    store.save_stats(evening())
    store.save_match(good_match_save(), replace=True)
    return store


def everything(store: Store) -> dict:
    """What a store gives the game: each key as it loads."""
    return {"settings": store.load_settings(), "stats": store.load_stats(), "match": store.load_match()}


def copy_of(store: Store) -> dict:
    return json.loads(backup.make(store, build="abc123", made=MADE))


def test_a_copy_names_its_format_version_game_build_date_and_holds_every_key_as_stored():
    store = full_store()
    text = backup.make(store, build="abc123", made=MADE)
    data = json.loads(text)
    assert (data["format"], data["version"], data["game"], data["build"], data["made"]) == (
        "brisca-copia", 1, game.__version__, "abc123", MADE)
    assert set(data["keys"]) == set(KEYS)   # every key the save layer keeps, not a list of some
    for key in KEYS:
        assert data["keys"][key] == json.loads(store.storage.backend.read(key)), key
    assert backup.file_name(MADE) == "brisca-copia-2026-12-07.json"
    assert backup.file_name(MADE, before=True) == "brisca-copia-anterior-2026-12-07-125234.json"


def test_a_copy_brought_back_into_an_empty_store_gives_the_same_data():
    store = full_store()
    before = everything(store)
    assert before["stats"]["history"] and before["match"] is not None and before["settings"]["names"] == ["Ana", "Luis"]
    text = backup.make(store, made=MADE)
    fresh = Store(Storage(MemoryBackend()))   # another phone, or the site's data cleared
    read = backup.read(text)
    assert isinstance(read, backup.Copy) and read.day() == (2026, 12, 7) and read.has_match
    assert read.stats["matches"] == before["stats"]["matches"]
    assert backup.restore(fresh, read) == (None, [])
    assert everything(Store(fresh.storage)) == before


def test_a_key_the_copy_holds_nothing_for_is_removed_and_one_it_holds_replaces_what_was_there():
    empty = Store(Storage(MemoryBackend()))
    text = backup.make(empty, made=MADE)
    assert json.loads(text)["keys"] == dict.fromkeys(KEYS)
    store = full_store()
    assert backup.restore(store, backup.read(text)) == (None, [])
    assert store.load_match() is None and store.load_stats()["hands"] == 0
    assert store.storage.backend.values == {}


def test_what_a_session_saved_but_could_not_write_goes_into_the_copy():
    store = full_store()

    def refuse(key, text):
        raise OSError("disk full")

    store.storage.backend.write = refuse
    figures = store.load_stats()
    figures["swaps"] += 5
    store.save_stats(figures)
    assert copy_of(store)["keys"]["stats"]["data"]["swaps"] == figures["swaps"]


def _bad(change) -> str:
    data = copy_of(full_store())
    change(data)
    return json.dumps(data)


def _newer_match(data):
    data["keys"]["match"]["data"]["match"]["format"] = "brisca-match/9"


def _damaged_match(data):
    data["keys"]["match"]["data"]["info"]["trick"] = 99


BAD = {
    "not JSON": (lambda: "format: brisca-copia\nmade: hoy", "not_json", None),
    "another JSON cut short": (lambda: "{\"format\": \"otro-juego\", \"keys\": {", "not_json", None),
    "a picture": (lambda: "\x89PNG....", "not_json", None),
    "a list": (lambda: "[1, 2]", "foreign", None),
    "another format": (lambda: _bad(lambda d: d.update(format="otro-juego")), "foreign", None),
    "a saved game file, not a copy": (lambda: envelope("stats", {"matches": 1}), "foreign", None),
    "no keys": (lambda: _bad(lambda d: d.pop("keys")), "foreign", None),
    "a version of text": (lambda: _bad(lambda d: d.update(version="1")), "foreign", None),
    "a version between versions": (lambda: _bad(lambda d: d.update(version=1.5)), "foreign", None),
    "a version that is true": (lambda: _bad(lambda d: d.update(version=True)), "foreign", None),
    "a newer copy version written 2.0": (lambda: _bad(lambda d: d.update(version=2.0)), "newer", None),
    "version 0 (no copy's: they begin at 1)": (lambda: _bad(lambda d: d.update(version=0)), "foreign", None),
    "no date": (lambda: _bad(lambda d: d.pop("made")), "foreign", None),
    "a date that is no text": (lambda: _bad(lambda d: d.update(made=20261207)), "foreign", None),
    "a newer copy version": (lambda: _bad(lambda d: d.update(version=2)), "newer", None),
    "a newer game": (lambda: _bad(lambda d: d.update(game="99.0.0")), "newer", None),
    "a newer game's pre-release": (lambda: _bad(lambda d: d.update(game="99.0.0b1")), "newer", None),
    "a key of a newer save version": (lambda: _bad(lambda d: d["keys"]["stats"].update(version=2)), "newer", "stats"),
    "a newer version's saved match": (lambda: _bad(_newer_match), "newer", "match"),
    "damaged statistics": (lambda: _bad(lambda d: d["keys"]["stats"]["data"].update(matches="muchas")), "damaged", "stats"),
    "a damaged table of the statistics": (lambda: _bad(lambda d: d["keys"]["stats"]["data"]["by"].update(
        all={"matches": -3})), "damaged", "stats"),
    "a damaged setting": (lambda: _bad(lambda d: d["keys"]["settings"]["data"].update(sound="sí")), "damaged", "settings"),
    "a damaged saved match": (lambda: _bad(_damaged_match), "damaged", "match"),
    "a key saved under another name": (lambda: _bad(lambda d: d["keys"]["settings"].update(key="stats")), "damaged",
                                       "settings"),
    "a key that is no envelope": (lambda: _bad(lambda d: d["keys"].update(stats=[1])), "damaged", "stats"),
    # (taken until round 40, and refused by the store as it was written, after the player said yes)
    "a saved match holding half an emoji": (lambda: _bad(lambda d: d["keys"]["match"]["data"].update(note="\ud83d")),
                                            "damaged", "match"),
    "too large": (lambda: " " * (backup.MAX_CHARS + 1), "too_large", None),
}


@pytest.mark.parametrize("what", list(BAD))
def test_a_bad_file_is_refused_with_its_reason_and_changes_nothing(what):
    make, kind, key = BAD[what]
    refused = backup.read(make())
    assert isinstance(refused, backup.Refused) and (refused.kind, refused.key) == (kind, key), refused
    assert kind in backup.REFUSALS


def test_a_copy_whose_version_was_written_1_0_is_taken_as_version_1():
    """A copy gone through a tool that writes every number with a point (a spreadsheet's or an
    editor's JSON) says "version": 1.0: it is version 1, brought back whole (it was "es de otra cosa")."""
    copy = backup.read(_bad(lambda d: d.update(version=1.0)))
    assert isinstance(copy, backup.Copy), copy
    assert copy.data == backup.read(_bad(lambda d: None)).data


def newer_than_this(step: int) -> str:
    """This game's version with its part ``step`` (0 major, 1 minor, 2 patch) one higher."""
    parts = [int(p) for p in game.__version__.split(".")]
    parts[step] += 1
    return ".".join(map(str, parts[:step + 1] + [0] * (len(parts) - step - 1)))


def test_the_game_in_a_copy_as_old_or_older_is_taken():
    assert isinstance(backup.read(_bad(lambda d: d.update(game="0.0.9"))), backup.Copy)
    assert isinstance(backup.read(_bad(lambda d: d.update(game="0.1.0"))), backup.Copy)   # the first version
    assert isinstance(backup.read(_bad(lambda d: d.update(game=game.__version__))), backup.Copy)


@pytest.mark.parametrize("step", [0, 1, 2])
def test_a_copy_of_any_newer_version_of_the_game_is_refused(step):
    """Major, minor or patch: one step above this version is newer (docs/maintaining.md: the version is
    raised at every release, so that this check means something)."""
    assert backup.read(_bad(lambda d: d.update(game=newer_than_this(step)))).kind == "newer"


def test_a_copy_of_a_game_whose_version_is_not_plain_numbers_is_taken():
    """A development build's "-dev", a distribution's "+deb1" or no numbers at all: the copy is judged by
    its version's leading numbers where it has them (no newer than ours here), else by its own format's
    version and its keys; not refused, not an error. (A newer minor version's "-dev" is a newer game's.)"""
    for odd in (f"{game.__version__}-dev", f"{game.__version__}+deb1", "0.1.0-dev", "dev", ""):
        assert isinstance(backup.read(_bad(lambda d: d.update(game=odd))), backup.Copy), odd
    assert backup.read(_bad(lambda d: d.update(game=newer_than_this(1) + "-dev"))).kind == "newer"


def test_a_copy_made_by_version_0_1_0_is_brought_back_by_this_one():
    """tests/data/brisca-copia-0.1.0.json was written by the game at 0.1.0 (the version until 1.0.0):
    settings and a match in its second hand. Read by this version it is a copy, whole: the settings
    and the match are those it holds, and the match resumes where it was."""
    from game.ui.session import Session

    text = (ROOT / "tests" / "data" / "brisca-copia-0.1.0.json").read_bytes()
    held = json.loads(text)
    copy = backup.read(text)
    assert isinstance(copy, backup.Copy), copy
    assert copy.game == "0.1.0" and copy.data["settings"] == held["keys"]["settings"]["data"]
    assert copy.data["match"] == held["keys"]["match"]["data"]
    session = Session.from_save(copy.data["match"])
    assert session.match.number == 1 and len(session.hand.moves) == 9


def test_a_key_larger_than_a_save_may_hold_is_refused_before_anything_is_written():
    """A key the store could not write (over MAX_BYTES) is refused with the copy: taken, it would be
    refused as it was written, after the keys before it, and the player left with half a copy."""
    from game.storage import MAX_BYTES

    text = _bad(lambda d: d["keys"]["match"]["data"].update(padding="x" * (MAX_BYTES + 1000)))
    refused = backup.read(text)
    assert isinstance(refused, backup.Refused) and (refused.kind, refused.key) == ("damaged", "match"), refused


def test_a_store_holding_a_newer_versions_data_is_not_written_over_in_part():
    backend = MemoryBackend()
    backend.write("stats", json.dumps({"brisca": "save", "key": "stats", "version": 9, "data": {}}))
    store = Store(Storage(backend))
    store.load_stats()
    refused = backup.held(store)
    assert refused is not None and (refused.kind, refused.key) == ("held", "stats")
    assert backup.held(full_store()) is None


@pytest.mark.parametrize("cut", [1, 2, 3])
def test_a_copy_cut_short_is_told_incomplete_not_something_else(cut):
    """A copy whose download or sync was interrupted was told "no es una copia de Brisca": the player
    believed it worthless. It is a Brisca copy, incomplete ("¿descarga interrumpida?")."""
    text = backup.make(full_store())
    refused = backup.read(text[:len(text) * cut // 3 - 1])
    assert isinstance(refused, backup.Refused) and refused.kind == "incomplete", refused
    assert backup.read(text[:-1]).kind == "incomplete"   # only its last "}" missing


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"])
def test_a_copy_saved_with_a_bom_or_as_utf16_is_read_from_its_bytes(encoding):
    """Notepad's "UTF-8 with BOM" and "Unicode": the browser took them, the desktop refused them. One
    reader of the file's bytes for both platforms (the page hands the bytes over)."""
    text = backup.make(full_store())
    data = text.encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):   # the BOM Notepad writes first
        data = ("\ufeff" + text).encode(encoding)
    found = backup.read(data)
    assert isinstance(found, backup.Copy) and found.data == backup.read(text).data


def test_a_copy_with_bytes_that_are_not_utf8_is_refused_whole():
    """A name's "Ñ" saved as Latin-1 (an editor's "ANSI"): the browser turned it into "\ufffd" and
    brought the copy back with the name changed; the desktop refused it. Refused on both."""
    data = backup.make(full_store()).replace("Luis", "Ñoño").encode("utf-8").replace("Ñ".encode(), b"\xd1")
    refused = backup.read(data)
    assert isinstance(refused, backup.Refused) and refused.kind == "unreadable"


# ------------------------------------------------------------------------------- the desktop's folder


def test_the_desktop_folder_is_downloads_if_there_else_home(tmp_path, monkeypatch):
    monkeypatch.delenv(backup_files.ENV_BACKUP_DIR, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert backup_files.folder() == tmp_path
    (tmp_path / "Downloads").mkdir()
    assert backup_files.folder() == tmp_path / "Downloads"
    (tmp_path / "config").mkdir()
    (tmp_path / "Descargas").mkdir()
    (tmp_path / "config" / "user-dirs.dirs").write_text('XDG_DOWNLOAD_DIR="$HOME/Descargas"\n')
    assert backup_files.folder() == tmp_path / "Descargas"


def test_a_copy_is_never_written_over_another_and_the_newest_is_found(tmp_path):
    first = backup_files.write("brisca-copia-2026-12-07.json", "uno", tmp_path)
    second = backup_files.write("brisca-copia-2026-12-07.json", "dos", tmp_path)
    assert (first.name, second.name) == ("brisca-copia-2026-12-07.json", "brisca-copia-2026-12-07-2.json")
    assert first.read_text() == "uno" and second.read_text() == "dos"
    os.utime(first, (1, 1))
    (tmp_path / "otra-cosa.json").write_text("{}")
    assert backup_files.copies(tmp_path)[0][0] == second   # the newest first
    assert backup_files.read(second) == b"dos"   # (its bytes: game.ui.backup.decode reads them)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []   # no temporary file left
    assert backup_files.copies(tmp_path / "nowhere") == []


def test_many_copies_of_one_day_each_get_a_name_of_their_own(tmp_path):
    names = [backup_files.write("brisca-copia-2026-12-07.json", str(n), tmp_path).name for n in range(6)]
    assert names == ["brisca-copia-2026-12-07.json"] + [f"brisca-copia-2026-12-07-{n}.json" for n in range(2, 7)]
    assert [(tmp_path / name).read_text() for name in names] == [str(n) for n in range(6)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_reading_a_pipe_named_like_a_copy_is_refused_not_waited_on(tmp_path):
    pipe = tmp_path / "brisca-copia-2026-12-07.json"
    os.mkfifo(pipe)
    with pytest.raises(OSError):
        backup_files.read(pipe)


def test_a_copy_written_and_read_back_from_the_folder_is_the_same(tmp_path):
    store = full_store()
    path = backup_files.write(backup.file_name(MADE), backup.make(store, made=MADE), tmp_path)
    fresh = Store(Storage(MemoryBackend()))
    backup.restore(fresh, backup.read(backup_files.read(path)))
    assert everything(fresh) == everything(store)
    assert copy.deepcopy(everything(fresh))["stats"]["history"]


def test_a_copy_that_cannot_be_written_whole_is_told_to_the_menu_too():
    """Bringing a copy back into a store that cannot write: each failure is the store's problem, as
    any failed save is (the menu's notice says the saves are not being kept), not only the screen's."""
    store = full_store()
    text = backup.make(store, made=MADE)

    def refuse(key, text):
        raise OSError("disk full")

    store.storage.backend.write = refuse
    problem, left = backup.restore(store, backup.read(text))
    assert problem is not None and problem in store.problems and left == []   # (all put back: nothing left changed)


def test_a_match_waiting_for_its_statistics_is_not_written_over_a_copy_brought_back():
    store = full_store()
    backend = store.storage.backend
    write = backend.write

    def no_stats(key, text):
        if key == "stats":
            raise OSError("quota")
        write(key, text)

    backend.write = no_stats   # the statistics cannot be written: the match is stored as not counted yet
    figures = store.load_stats()
    figures["swaps"] += 1
    store.save_stats(figures)
    store.save_match({**good_match_save(), "recorded": 1}, replace=True)
    backend.write = write   # room again; a copy holding nothing is brought back
    assert backup.restore(store, backup.read(backup.make(Store(Storage(MemoryBackend())), made=MADE))) == (None, [])
    store.retry()   # (at every change of scene)
    assert backend.values == {}


def test_a_copy_written_over_a_store_that_fails_half_way_leaves_it_as_it_was():
    """All or nothing: the statistics' write refused (a full disk, the browser's quota) put back the
    settings written before it; the session's store is as it was, and the problem is told."""
    class Full(MemoryBackend):
        def write(self, key, text):
            if key == "stats" and self.values.get("full"):
                raise OSError(28, "No space left on device")
            super().write(key, text)

    backend = Full()
    store = Store(Storage(backend))
    store.save_settings({**store.load_settings(), "names": ["Pep"]})
    stored = dict(backend.values)
    backend.values["full"] = "yes"
    problem, left = backup.restore(store, backup.read(backup.make(full_store(), made=MADE)))
    assert problem is not None and problem.key == "stats" and left == []
    del backend.values["full"]
    assert backend.values == stored and store.load_settings()["names"] == ["Pep"]


@pytest.fixture
def madrid(monkeypatch):
    """The device's clock in Madrid (UTC+1 in December)."""
    import time   # noqa: PLC0415

    monkeypatch.setenv("TZ", "Europe/Madrid")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_names_and_dates_are_the_players_local_ones(madrid):
    """At 00:30 in Madrid the copy was named and described with the day before (UTC), and the file
    kept before a restore with the UTC hour. The copy's "made" stays UTC; what the player reads is local."""
    made = "2026-12-06T23:30:05Z"
    assert backup.file_name(made) == "brisca-copia-2026-12-07.json"
    assert backup.file_name(made, before=True) == "brisca-copia-anterior-2026-12-07-003005.json"
    assert backup.file_name(made, timed=True) == "brisca-copia-2026-12-07-003005.json"   # the browser's
    found = backup.read(backup.make(full_store(), made=made))
    assert found.day() == (2026, 12, 7)


def test_every_name_a_copy_was_given_is_listed_and_only_the_kept_before_marked_so(tmp_path):
    """The browser's names with the time (round 39), its own " (1)" of a name downloaded twice, the
    desktop's day and -2, and what was kept before a restore: all listed; only the last is marked."""
    names = ["brisca-copia-2026-12-07.json", "brisca-copia-2026-12-07 (1).json", "brisca-copia-2026-12-07-2.json",
             "brisca-copia-2026-12-07-163005.json", "brisca-copia-anterior-2026-12-07-163510.json"]
    for name in names:
        (tmp_path / name).write_text(backup.make(full_store(), made=MADE), encoding="utf-8")
    found = backup_files.copies(tmp_path)
    assert sorted(p.name for p, _when in found) == sorted(names)
    assert [p.name for p, _when in found if backup_files.safety(p)] == [names[-1]] == [found[-1][0].name]
    assert all(isinstance(backup.read(backup_files.read(p)), backup.Copy) for p, _when in found)


def test_files_dropped_together_are_all_listed_one_gone_since_last(tmp_path):
    """Two files dropped on the window at once, one moved away before the list is made: both are listed
    to choose from, the one gone last (chosen, it is told unreadable), so the list holds what the player
    dropped (mutation audit, mut40: the gone one left out without a word passed every test)."""
    kept, gone = tmp_path / "brisca-copia-2026-12-07.json", tmp_path / "brisca-copia-2026-12-06.json"
    kept.write_text(backup.make(full_store(), made=MADE), encoding="utf-8")
    assert [p for p, _when in backup_files.listed([gone, kept])] == [kept, gone]

def test_the_store_itself_writes_a_copy_all_or_none():
    """``Storage.replace_all`` refuses a copy whole, writing nothing, where a key is held for a newer
    version or a value is larger than a save may hold (the screen checks both first: this is the last
    guard); a copy written whole is this window's own, not another window's change (mutation audit,
    mut40: either refusal dropped, the copy written with an empty key or over the newer data, or the
    keys written taken for another window's, passed every test)."""
    from game.storage import MAX_BYTES

    data = backup.read(backup.make(full_store(), made=MADE)).data
    backend = MemoryBackend()
    backend.write("stats", json.dumps({"brisca": "save", "key": "stats", "version": 9, "data": {}}))
    held = Store(Storage(backend))
    held.load_stats()
    before = dict(backend.values)
    problem, left = held.storage.replace_all(data)
    assert problem is not None and left == [] and backend.values == before

    store = full_store()
    before = dict(store.storage.backend.values)
    problem, left = store.storage.replace_all({**data, "stats": {"padding": "x" * (MAX_BYTES + 1)}})
    assert problem is not None and problem.kind == "too_large" and store.storage.backend.values == before

    problem, left = store.storage.replace_all(data)
    assert problem is None and not any(store.storage.changed(key) for key in KEYS)
