"""Ajustes → Copia de seguridad, played as a player would: save a copy, lose everything, bring it back.

The statistics screen after the copy is brought back shows what it showed before; a file dropped on
the window is offered; every bad file is told on the screen and changes nothing; what was here before
a copy is brought back is kept in a file of its own first (and the screen says where), and nothing
changes when it cannot be.
"""

from __future__ import annotations

import json
import os

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui import backup
from game.ui.app import App
from game.ui.desktop import backup_files
from game.ui.persist import Store
from game.ui.scenes import backup_screen
from game.ui.options import Options
from game.ui.scene import Go
from game.ui.scenes.common import resume
from game.ui.seats import parse_spec
from game.ui.session import Session
from game.ui.scenes.confirm import CAREFUL_GUARD
from test_backup import BAD, full_store

DT = 1 / 30


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(backup_files.ENV_BACKUP_DIR, str(tmp_path))
    return tmp_path


def drawn(app: App, monkeypatch) -> list[str]:
    """The texts the current scene draws (the folder's setting stays: only this patch is undone)."""
    seen: list[str] = []
    blit = app.typo.blit
    with monkeypatch.context() as patch:
        patch.setattr(app.typo, "blit", lambda surface, text, *a, **k: seen.append(text) or blit(surface, text, *a, **k))
        app.manager.draw(app.surface)
    return seen


def open_app(store: Store, size=(390, 844)) -> App:
    app = App(store, window=True, seed=5, size=size)
    app.go("menu")
    app.step(DT)
    return app


def press(app: App, action: str) -> None:
    """A finger's tap on the button of ``action``, then a few frames (past a double tap's time)."""
    button = next(b for b in app.scene.bar.buttons if b.action == action)
    app.step(DT, drive.tap(button.rect.center, window=app.layout.size))
    for _ in range(12):
        app.step(DT)


def to_backup(app: App) -> None:
    app.go("settings")
    app.step(DT)
    press(app, "backup")
    assert app.scene.name == "backup"


def answer_yes(app: App) -> None:
    assert app.scene.name == "confirm"
    for _ in range(int(CAREFUL_GUARD / DT) + 2):   # a careful question takes no tap in its first moments
        app.step(DT)
    press(app, "yes")


def stats_screen(app: App, monkeypatch) -> list[str]:
    app.go("stats")
    app.step(DT)
    return drawn(app, monkeypatch)


def said(app: App, monkeypatch) -> str:
    return " ".join(drawn(app, monkeypatch))


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_save_clear_and_bring_back_shows_the_same_statistics(folder, monkeypatch, size):
    monkeypatch.setattr(backup, "now_stamp", lambda: "2026-12-07T23:59:59Z")   # named by the day: not at midnight
    app = open_app(full_store(), size)
    assert app.stats["history"] and app.settings["names"] == ["Ana", "Luis"]
    to_backup(app)
    press(app, "save")
    copies = sorted(folder.glob("brisca-copia-*.json"))
    assert [p.name for p in copies] == [backup.file_name(backup.now_stamp())]
    assert str(copies[0]) in said(app, monkeypatch).replace(" ", "")   # the full path, on screen (whole, if broken)
    before = stats_screen(app, monkeypatch)   # (played by finger, as the other phone is: no keys shown)
    # the site's data cleared: an empty store, as a new phone has
    fresh = open_app(Store(Storage(MemoryBackend())), size)
    assert stats_screen(fresh, monkeypatch) != before
    to_backup(fresh)
    press(fresh, "restore")
    question = " ".join(drawn(fresh, monkeypatch))
    figures = full_store().load_stats()
    assert fresh.words.count("stats.n_matches", figures["matches"]) in question.replace("\n", " ") or \
        str(figures["matches"]) in question
    answer_yes(fresh)
    assert fresh.scene.name == "backup" and fresh.scene.said == "backup.restored"
    assert stats_screen(fresh, monkeypatch) == before
    assert fresh.settings["names"] == ["Ana", "Luis"] and fresh.settings["lang"] == "ca"
    assert fresh.words.lang == "ca"   # the language the copy's settings say, in use at once
    fresh.go("menu")
    fresh.step(DT)
    assert fresh.scene.saved is not None   # the saved match is there to continue
    # what this phone held before (nothing) was kept first, and the screen said where
    kept = [p for p in folder.glob(backup.BEFORE + "*.json")]
    assert len(kept) == 1 and json.loads(kept[0].read_text())["keys"]["stats"] is None
    assert fresh.scene.name == "menu"


def test_a_file_dropped_on_the_menu_is_offered_and_no_answers_change_nothing(folder, monkeypatch):
    store = full_store()
    path = backup_files.write("brisca-copia-2026-12-07.json", backup.make(store), folder)
    app = open_app(Store(Storage(MemoryBackend())))
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    app.step(DT)
    assert app.scene.name == "confirm"
    assert "brisca-copia-2026-12-07.json" in said(app, monkeypatch)
    for _ in range(int(CAREFUL_GUARD / DT) + 2):
        app.step(DT)
    press(app, "no")
    assert app.scene.name == "backup" and app.store.storage.backend.values == {}
    assert list(folder.glob(backup.BEFORE + "*")) == []


def where_copies_come_back(app: App) -> tuple[str, str]:
    """What a file dropped where none is taken says: where copies are brought back (whole, short)."""
    fmt = {"settings": app.t("set.title"), "backup": app.t("set.backup")}
    return app.t("backup.drop_aside", **fmt), app.t("backup.drop_aside_short", **fmt)



def test_a_file_dropped_on_the_rules_is_offered_as_on_the_statistics(folder, monkeypatch):
    """The rules are a screen to read, as the statistics are: a file dropped on it is offered to bring
    back (it was ignored without a word)."""
    path = backup_files.write("brisca-copia-2026-12-07.json", backup.make(full_store()), folder)
    app = open_app(Store(Storage(MemoryBackend())))
    app.go("rules")
    app.step(DT)
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    app.step(DT)
    assert app.scene.name == "confirm" and "brisca-copia-2026-12-07.json" in said(app, monkeypatch)
    assert app.store.storage.backend.values == {}   # (asked first: nothing brought back yet)


@pytest.mark.parametrize("screen, size", [("options", (390, 844)), ("seats", (390, 844)), ("typing", (844, 390))])
def test_a_file_dropped_on_the_new_game_or_the_seats_is_not_taken_and_told(folder, monkeypatch, screen, size):
    """The new-game screen and the seats screen ("¿Quién juega?", its typing screen too) set a match up:
    a file dropped there ignored without a word now is told where copies come back, in the same words,
    for a while; nothing is opened and the seats' draft (a name half typed) stays as it was."""
    path = backup_files.write("brisca-copia-2026-12-07.json", backup.make(full_store()), folder)
    app = open_app(Store(Storage(MemoryBackend())), size)
    app.go("options" if screen == "options" else "seats")
    app.step(DT)
    if screen != "options":
        app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="A", scancode=0)])
    if screen == "typing":
        assert app.scene.compact   # (a phone held sideways: the letters on a screen of their own)
        app.step(DT, drive.tap(app.scene.type_bar.buttons[0].rect.center, window=app.layout.size))
        assert app.scene.editing
    told, _short = where_copies_come_back(app)
    assert told not in said(app, monkeypatch)
    scene, settings = app.scene, json.dumps(app.settings, sort_keys=True)
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    app.step(DT)
    assert app.scene is scene and json.dumps(app.settings, sort_keys=True) == settings
    assert told in said(app, monkeypatch)
    app.step(7.0)   # (said for a while)
    assert app.scene is scene and told not in said(app, monkeypatch)

@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_a_file_dropped_during_a_match_is_left_alone_and_told_where_copies_come_back(folder, monkeypatch, size):
    """Nothing happens to the match (never a copy brought back mid-match), but the player, who saw
    nothing happen at all, is told on the status line that copies come back from Ajustes → Copia de
    seguridad."""
    path = backup_files.write("brisca-copia-2026-12-07.json", backup.make(Store(Storage(MemoryBackend()))), folder)
    app = open_app(full_store(), size)
    stored = dict(app.store.storage.backend.values)
    app.manager.switch(resume(app, app.store.load_match()))   # "Continuar"
    app.step(DT)
    assert app.scene.name == "play"
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    assert app.scene.name == "play" and app.store.storage.backend.values["stats"] == stored["stats"]
    from game.ui.scenes.play_view import status_text   # noqa: PLC0415  (the line under the table)

    app.step(DT)
    assert (status_text(app.scene)[0], status_text(app.scene, short=True)[0]) == where_copies_come_back(app)


def test_a_file_dropped_on_a_careful_question_is_not_taken_and_told_where_copies_come_back(folder, monkeypatch):
    """A file dropped while "¿Borrar las estadísticas?" is asked (or the restore question itself)
    neither answers nor replaces the question, and is no longer ignored without a word."""
    path = backup_files.write("brisca-copia-2026-12-07.json", backup.make(full_store()), folder)
    app = open_app(Store(Storage(MemoryBackend())), (320, 568))
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    app.step(DT)
    assert app.scene.name == "confirm"
    asked = app.scene.text
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    app.step(DT)
    assert app.scene.name == "confirm" and app.scene.text == asked and app.store.storage.backend.values == {}
    whole, _short = where_copies_come_back(app)
    assert whole in said(app, monkeypatch)


@pytest.mark.parametrize("screen", ["scoring", "match_end", "review"])
def test_a_file_dropped_on_the_count_the_match_end_or_the_review_is_not_taken_and_told(folder, monkeypatch, screen):
    """The hand's count, the match's end and the review said nothing when a file was dropped on the
    window (every other screen says why it does not take it): now they say, in the same words, for a
    while, and open nothing."""
    from test_thumb_sides import hand_over   # noqa: PLC0415
    path = backup_files.write("brisca-copia-2026-12-07.json", backup.make(full_store()), folder)
    app = open_app(Store(Storage(MemoryBackend())))
    hand_over(app, match_over=screen == "match_end")
    app.go(screen)
    app.step(DT)
    whole, _short = where_copies_come_back(app)
    assert whole not in said(app, monkeypatch)
    stored = dict(app.store.storage.backend.values)   # (the count has saved the hand's figures)
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    app.step(DT)
    assert app.scene.name == screen and app.store.storage.backend.values == stored
    assert whole in said(app, monkeypatch)
    app.step(7.0)   # (said for a while)
    assert app.scene.name == screen and whole not in said(app, monkeypatch)


@pytest.mark.parametrize("what", list(BAD))
def test_each_bad_file_is_told_and_changes_nothing(folder, monkeypatch, what):
    make, kind, key = BAD[what]
    path = folder / "brisca-copia-2026-12-07.json"
    path.write_text(make(), encoding="utf-8")
    store = full_store()
    stored = dict(store.storage.backend.values)
    app = open_app(store)
    to_backup(app)
    press(app, "restore")
    assert app.scene.name == "backup" and app.scene.said == f"backup.bad.{kind}"
    text = said(app, monkeypatch)
    assert app.t(f"backup.bad.{kind}", part=app.t(f"backup.part.{key or 'file'}"))[:30] in text
    assert app.store.storage.backend.values == stored


def test_a_file_that_cannot_be_read_is_told(folder, monkeypatch):
    (folder / "brisca-copia-2026-12-07.json").write_bytes(b"\x80\x81\x00 not text")   # (not UTF-8; "\xff\xfe" first is a UTF-16 BOM)
    app = open_app(full_store())
    to_backup(app)
    press(app, "restore")
    assert app.scene.said == "backup.bad.unreadable"


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_copy_saved_with_a_bom_or_as_utf16_is_asked_about(folder, monkeypatch, encoding):
    """Windows Notepad's "UTF-8 with BOM" and "Unicode": told "no es una copia" / "No se pudo leer"
    on the desktop, taken in the browser. Taken on both."""
    (folder / "brisca-copia-2026-12-07.json").write_bytes(backup.make(full_store()).encode(encoding))
    app = open_app(Store(Storage(MemoryBackend())))
    to_backup(app)
    press(app, "restore")
    assert app.scene.name == "confirm" and "brisca-copia-2026-12-07.json" in said(app, monkeypatch)


def test_a_copy_cut_short_is_told_incomplete(folder, monkeypatch):
    text = backup.make(full_store())
    (folder / "brisca-copia-2026-12-07.json").write_text(text[:len(text) * 2 // 3], encoding="utf-8")
    app = open_app(full_store())
    to_backup(app)
    press(app, "restore")
    assert app.scene.said == "backup.bad.incomplete"
    assert app.t("backup.bad.incomplete")[:30] in said(app, monkeypatch)


def test_no_copy_in_the_folder_says_which_folder(folder, monkeypatch):
    app = open_app(full_store())
    to_backup(app)
    press(app, "restore")
    assert app.scene.name == "backup" and app.scene.said == "backup.none_found"
    assert str(folder) in said(app, monkeypatch).replace(" ", "")


def test_nothing_changes_when_what_is_here_cannot_be_kept_first(folder, monkeypatch):
    path = backup_files.write("brisca-copia-2026-12-07.json", backup.make(Store(Storage(MemoryBackend()))), folder)
    store = full_store()
    stored = dict(store.storage.backend.values)
    app = open_app(store)
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    app.step(DT)

    def refuse(*args, **kwargs):
        raise PermissionError("read-only folder")

    monkeypatch.setattr(backup_files, "write", refuse)
    answer_yes(app)
    assert app.scene.name == "backup" and app.scene.said == "backup.keep_failed"
    assert app.store.storage.backend.values == stored


def test_a_copy_that_cannot_be_saved_is_told(folder, monkeypatch):
    monkeypatch.setenv(backup_files.ENV_BACKUP_DIR, str(folder / "gone" / "away"))
    app = open_app(full_store())
    to_backup(app)
    press(app, "save")
    assert app.scene.said == "backup.save_failed" and "away" in said(app, monkeypatch)
    assert not os.path.exists(folder / "gone")
    # in the player's words: no "FileNotFoundError: [Errno 2] …/.brisca-copia-….json.27979.tmp" (a
    # hidden file the player will never find, in English inside a Spanish sentence)
    assert "Errno" not in said(app, monkeypatch) and ".tmp" not in said(app, monkeypatch)


@pytest.mark.parametrize("size", [(320, 568), (568, 320)])
@pytest.mark.parametrize("lang", ["es", "en", "ca"])
def test_what_a_press_did_is_read_whole_on_a_small_phone_with_large_text(tmp_path, monkeypatch, lang, size):
    deep = tmp_path / "Usuarios" / "Maria del Carmen" / "Descargas"
    deep.mkdir(parents=True)
    monkeypatch.setenv(backup_files.ENV_BACKUP_DIR, str(deep))
    store = full_store()
    settings = store.load_settings()
    store.save_settings({**settings, "large_text": True, "lang": lang})
    app = open_app(store, size)
    to_backup(app)
    press(app, "save")
    (path,) = deep.glob("brisca-copia-*.json")
    panel = app.layout.panel
    lines: dict = {}   # (where in the whole text, the line): every line drawn inside the panel, scrolled or not
    for _ in range(16):   # what does not fit scrolls: ↓ shows the rest
        with monkeypatch.context() as patch:
            blit = app.typo.blit

            def seen(surface, text, pos, *a, **k):
                if panel.top <= pos[1] and pos[1] + app.typo.line(20) <= panel.bottom:
                    lines[(pos[1] + app.scene.scroller.scroll, text)] = True
                return blit(surface, text, pos, *a, **k)

            patch.setattr(app.typo, "blit", seen)
            app.manager.draw(app.surface)
        app.step(DT, [drive.key(pygame.K_DOWN)])
    text = "".join(t for _y, t in sorted(lines)).replace(" ", "")
    for said in (app.t("backup.saved", where=str(path)), app.t("backup.about_desktop"), app.t("backup.where_desktop", folder=str(deep))):
        assert said.replace(" ", "") in text, said   # every line of it drawn, none left under the panel's edge


def _copies(folder, days=(1, 3, 5)) -> list:
    """A copy of the full store saved on each of ``days`` of December 2026 at 10:30, oldest first."""
    import time   # noqa: PLC0415

    text = backup.make(full_store())
    paths = []
    for day in days:
        path = backup_files.write(f"brisca-copia-2026-12-{day:02}.json", text, folder)
        stamp = time.mktime((2026, 12, day, 10, 30, 0, 0, 0, -1))
        os.utime(path, (stamp, stamp))
        paths.append(path)
    return paths


def test_restore_on_the_desktop_offers_every_copy_newest_first_with_its_date(folder, monkeypatch):
    """"Recuperar copia" took the newest copy of the folder, whichever the player wanted (last week's,
    before a bad evening, or the one kept before the last restore). With more than one there it lists
    them, newest first, each with its date and time; the one tapped is asked about; "Volver" goes back
    to the screen's buttons, and a file dropped on the list is offered as anywhere."""
    paths = _copies(folder)
    app = open_app(Store(Storage(MemoryBackend())), (1280, 720))
    to_backup(app)
    press(app, "restore")
    assert app.scene.name == "backup"
    rows = [b for b in app.scene.bar.buttons if b.action.startswith("copy.")]
    labels = [app.t(b.label, **b.fmt) for b in rows]
    assert [p.name in label for p, label in zip(reversed(paths), labels)] == [True] * 3
    assert "5 dic 2026" in labels[0] and "10:30" in labels[0] and "1 dic 2026" in labels[2]
    assert all(label in said(app, monkeypatch) for label in labels)
    press(app, "back")   # the list closed: the screen's own buttons again
    assert app.scene.name == "backup" and {b.action for b in app.scene.bar.buttons} == {"back", "save", "restore"}
    press(app, "restore")
    press(app, rows[1].action)   # the copy of the 3rd
    assert app.scene.name == "confirm" and paths[1].name in said(app, monkeypatch)
    app.go("backup")
    app.step(DT)
    press(app, "restore")
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(paths[0]))])
    app.step(DT)
    assert app.scene.name == "confirm" and paths[0].name in said(app, monkeypatch)


def test_restore_with_one_copy_in_the_folder_asks_about_it_at_once(folder, monkeypatch):
    [path] = _copies(folder, days=(4,))
    app = open_app(Store(Storage(MemoryBackend())), (1280, 720))
    to_backup(app)
    press(app, "restore")
    assert app.scene.name == "confirm" and path.name in said(app, monkeypatch)


def test_a_copy_over_a_newer_versions_data_is_refused_before_the_question(folder, monkeypatch):
    """A newer version of the game (the home-screen app updated) stored the statistics here: a copy
    would go in only in part, so it is refused at once, nothing asked, written or kept aside."""
    path = backup_files.write("brisca-copia-2026-12-07.json", backup.make(full_store()), folder)
    backend = MemoryBackend()
    backend.write("stats", json.dumps({"brisca": "save", "key": "stats", "version": 9, "data": {}}))
    app = open_app(Store(Storage(backend)))
    stored = dict(backend.values)
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    app.step(DT)
    assert app.scene.name == "backup" and app.scene.said == "backup.bad.held"
    assert app.t("backup.bad.held", part=app.t("backup.part.stats"))[:30] in said(app, monkeypatch)
    assert backend.values == stored and list(folder.glob(backup.BEFORE + "*")) == []


@pytest.mark.parametrize("where", ["/home/ana/Descargas/", "C:\\Users\\Ana\\Downloads\\", ""])
def test_the_question_names_the_copy_by_its_file_not_its_folder(folder, where):
    """On a phone-narrow question the folder's path would push the file's name out of reach."""
    app = open_app(full_store())
    go = backup_screen.offer(app, backup.make(full_store()), where + "brisca-copia-2026-12-07.json")
    assert go.name == "confirm" and go.args["fmt"]["file"] == "brisca-copia-2026-12-07.json"


def test_a_copy_that_cannot_be_written_back_says_so_not_that_it_was(folder, monkeypatch):
    """What is here kept first (that write works), then every write of the copy refused: the screen
    says the copy could not be written and all is as before, never that it was brought back."""
    from game.storage import BEFORE_RESTORE   # noqa: PLC0415

    app = open_app(Store(Storage(MemoryBackend())))
    found = backup.read(backup.make(full_store()))
    write = app.store.storage.backend.write

    def refuse(key, text):
        if key != BEFORE_RESTORE:
            raise OSError("disk full")
        write(key, text)

    monkeypatch.setattr(app.store.storage.backend, "write", refuse)
    go = backup_screen.bring_back(app, found)
    assert (go.name, go.args["said"]) == ("backup", "backup.restore_failed")


def test_the_key_focus_stays_on_its_button_through_a_resize(folder):
    """Moved to "Recuperar copia" with the keys, the window resized (tiling, F11): Enter still
    brings the copy back (here: says there is none), not "Volver"."""
    app = open_app(full_store(), size=(1280, 720))
    to_backup(app)
    for _ in range(2):
        app.step(DT, [drive.key(pygame.K_RIGHT)])
    app.step(DT, [pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700)])
    app.step(DT)
    app.step(DT, [drive.key(pygame.K_RETURN)])
    app.step(DT)
    assert app.scene.name == "backup" and app.scene.said == "backup.none_found"


def test_what_a_press_tells_comes_first_and_in_view_where_the_text_was_scrolled(tmp_path, monkeypatch):
    """On a phone held sideways with large text the screen's text scrolls: scrolled down to the
    folder's path after a copy was saved, "Recuperar copia" (the copy moved away) says there is none
    at the top of the view, read first."""
    deep = tmp_path / "Usuarios" / "Maria del Carmen" / "Descargas"
    deep.mkdir(parents=True)
    monkeypatch.setenv(backup_files.ENV_BACKUP_DIR, str(deep))
    store = full_store()
    store.save_settings({**store.load_settings(), "large_text": True, "lang": "es"})
    app = open_app(store, (568, 320))
    to_backup(app)
    press(app, "save")
    for copy_saved in deep.glob("brisca-copia-*.json"):
        copy_saved.unlink()
    for _ in range(8):
        app.step(DT, [drive.key(pygame.K_DOWN)])
    assert app.scene.scroller.scroll > 0   # (the text is longer than the view here: it scrolled)
    press(app, "restore")
    assert app.scene.said == "backup.none_found"
    view = app.layout.panel.inflate(-8, -24)
    seen: list[str] = []
    blit = app.typo.blit
    with monkeypatch.context() as patch:
        patch.setattr(app.typo, "blit", lambda surface, text, pos, *a, **k: (
            seen.append(text) if view.top <= pos[1] < view.bottom else None) or blit(surface, text, pos, *a, **k))
        app.manager.draw(app.surface)
    message = app.t("backup.none_found", folder=str(deep))
    assert seen and message.startswith(seen[0]), seen[:3]


def test_a_path_wider_than_the_screen_is_broken_where_it_reaches_the_edge(folder):
    app = open_app(full_store(), (320, 568))
    long_path = "/home/" + "maria-del-carmen-" * 8 + "descargas/brisca-copia-2026-12-07.json"
    # a path far wider than the room, and one a few letters wider than it
    barely = next(long_path[:n] for n in range(len(long_path)) if app.typo.size(long_path[:n], 22)[0] > 204)
    for path in (long_path, barely):
        broken = app.typo.wrap_long(f"Guardada en {path}", 22, 200)
        assert "".join(broken[1:]) == path and len(broken) > 2
        assert all(app.typo.size(line, 22)[0] <= 200 for line in broken), broken


def test_the_text_is_drawn_at_the_largest_size_that_fits_down_to_20(folder):
    """Where the text fits only at the smallest size (20), it is drawn at 20, whole, not at 22 and
    scrolled; where it fits at none, at 20 too (the rest scrolls). (A desktop window: on a phone the
    smallest size a person reads is over all four.)"""
    app = open_app(full_store(), (1280, 720))
    to_backup(app)
    texts = [(app.t("backup.about"), (255, 255, 255)), (app.t("backup.where_desktop", folder=str(folder)), (0, 0, 0))]

    def height(size: int) -> int:
        return sum(len(app.typo.wrap_long(t, size, 260)) * app.typo.line(size) + 12 for t, _c in texts)

    assert height(20) < height(22)
    for room, size in [(height(26), 26), (height(22), 22), (height(20), 20), (height(20) - 1, 20)]:
        assert app.scene.wrapped(texts, 260, room)[0] == size, room


@pytest.mark.parametrize("size, where", [((320, 568), "/home/maria.del.carmen.garcia/Descargas"),
                                         ((1280, 720), r"C:\Users\mariadelcarmen.garcialopez\OneDrive\Documentos\Descargas")])
def test_the_restore_question_breaks_a_long_name_or_folder_inside_its_box(monkeypatch, size, where):
    """The question names the file and the folder the player must read to know which copy they bring
    back; with large text a long one ran past the box, and off a phone's screen at both edges
    ("risca-copia-anterior-…-145418.jso"). Broken where it reaches the edge, as the backup screen does."""
    from game.ui.scenes import backup_screen   # noqa: PLC0415
    from game.ui.scenes.confirm import question_box   # noqa: PLC0415

    store = full_store()
    store.save_settings({**store.load_settings(), "large_text": True, "lang": "es"})
    app = open_app(store, size)
    monkeypatch.setattr(backup_files, "folder", lambda: where)
    name = "brisca-copia-anterior-2026-12-07-145418.json"
    app.manager.switch(backup_screen.offer(app, backup.make(full_store()), where + "/" + name))
    app.step(DT)
    assert app.scene.name == "confirm"
    box, lines, _step = question_box(app, app.t(app.scene.text, **app.scene.fmt))
    assert max(app.typo.size(line, 30)[0] for line in lines) <= box.width - 40
    assert box.left >= 0 and box.right <= app.layout.w
    joined = "".join(lines).replace(" ", "")
    assert name in joined and where.replace(" ", "") in joined   # every letter of them read


def test_the_copy_kept_before_a_restore_is_marked_so_and_never_offered_first(folder, monkeypatch):
    """"Recuperar copia" pressed again after a restore offered brisca-copia-anterior-… (always the
    newest file), whose "yes" undid the restore and still said "Copia recuperada". Safety files are
    listed after the copies, each said to be what was here before a restore, and never in focus first."""
    [path] = _copies(folder, days=(1,))
    app = open_app(Store(Storage(MemoryBackend())), (1280, 720))
    to_backup(app)
    press(app, "restore")
    answer_yes(app)
    assert app.scene.said == "backup.restored" and len(list(folder.glob(backup.BEFORE + "*"))) == 1
    press(app, "restore")
    rows = [b for b in app.scene.bar.buttons if b.action.startswith("copy.")]
    labels = [app.t(b.label, **b.fmt) for b in rows]
    assert len(labels) == 2 and path.name in labels[0] and app.scene.bar.focus == 0
    assert backup.BEFORE in labels[1] and app.t("backup.before_row", date="", time="", file="")[:20] in labels[1]
    assert backup.BEFORE not in labels[0]


def test_a_safety_file_alone_in_the_folder_is_listed_not_asked_about_at_once(folder):
    backup_files.write(backup.file_name("2026-12-07T10:00:00Z", before=True), backup.make(full_store()), folder)
    app = open_app(Store(Storage(MemoryBackend())), (1280, 720))
    to_backup(app)
    press(app, "restore")
    assert app.scene.name == "backup" and len(app.scene.copies) == 1


def test_copies_written_the_same_moment_are_listed_by_the_number_in_their_names(tmp_path):
    """Copies carried on a FAT stick or unpacked from a zip have one date: the "-2".."-10" of a day
    came after the day's first ("-" sorts before ".")."""
    names = ["brisca-copia-2026-12-07.json"] + [f"brisca-copia-2026-12-07-{n}.json" for n in range(2, 11)]
    names += ["brisca-copia-2026-12-06.json"]
    for name in names:
        (tmp_path / name).write_text("{}")
        os.utime(tmp_path / name, (1000, 1000))
    order = [p.name for p, _when in backup_files.copies(tmp_path)]
    assert order == [f"brisca-copia-2026-12-07-{n}.json" for n in range(10, 1, -1)] + names[:1] + names[-1:]


def test_a_bad_newest_copy_is_told_by_its_name_and_another_can_be_chosen(folder, monkeypatch):
    """The newest copy in the folder was cut short (an interrupted sync): the refusal said no file's
    name, and the button always took that one. Its name is said, and the list reaches the good one."""
    good, bad = _copies(folder, days=(5, 7))
    bad.write_text(bad.read_text(encoding="utf-8")[:1000], encoding="utf-8")
    app = open_app(Store(Storage(MemoryBackend())), (1280, 720))
    to_backup(app)
    press(app, "restore")
    press(app, "copy.0")
    assert app.scene.name == "backup" and app.scene.said == "backup.bad.incomplete"
    assert bad.name in said(app, monkeypatch) and good.name not in said(app, monkeypatch)
    press(app, "restore")
    press(app, "copy.1")
    assert app.scene.name == "confirm" and good.name in said(app, monkeypatch)


class FullAt(MemoryBackend):
    """A store whose writes of ``key`` fail (a full disk; the browser's quota, shared on itch.io)."""

    def __init__(self, key: str):
        super().__init__()
        self.full_key = key

    def write(self, key, text):
        if key == self.full_key and getattr(self, "full", False):
            raise OSError(28, "No space left on device")
        super().write(key, text)


def asked_over(folder, backend, lang="es") -> App:
    """A copy dropped on the window of a game whose store is ``backend`` (Pep, 7 matches): asked about."""
    copy = backup_files.write("brisca-copia-2026-12-07.json", backup.make(full_store()), folder)
    store = Store(Storage(backend))
    store.save_settings({**store.load_settings(), "lang": lang, "names": ["Pep"]})
    store.save_stats({**store.load_stats(), "matches": 7})
    app = open_app(store)
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(copy))])
    app.step(DT)
    return app


@pytest.mark.parametrize("key", ["settings", "stats", "match"])
@pytest.mark.parametrize("lang", ["es", "ca"])
def test_a_restore_that_cannot_be_written_whole_changes_nothing_and_says_so_in_words(folder, monkeypatch, key, lang):
    """The statistics' write failed half-way: the copy's settings and match were stored beside the old
    statistics while this session showed the copy's, and the screen said "(stats: write_failed:
    OSError: [Errno 28] No space left on device)" inside a Catalan sentence. All or nothing now, said
    in the player's words."""
    backend = FullAt(key)
    app = asked_over(folder, backend, lang)
    stored = {k: backend.values.get(k) for k in ("settings", "stats", "match")}
    backend.full = True
    answer_yes(app)
    assert app.scene.name == "backup" and app.scene.said == "backup.restore_failed"
    assert {k: backend.values.get(k) for k in ("settings", "stats", "match")} == stored
    assert app.stats["matches"] == 7 and app.settings["names"] == ["Pep"] and app.words.lang == lang
    text = said(app, monkeypatch)
    assert "Errno" not in text and "OSError" not in text and "write_failed" not in text
    assert app.t("backup.restore_failed", where="")[:25] in text


def test_a_restore_on_the_desktop_can_be_undone_from_the_backup_screen(folder, monkeypatch):
    [path] = _copies(folder, days=(2,))
    store = Store(Storage(MemoryBackend()))
    store.save_settings({**store.load_settings(), "names": ["Pep"]})
    app = open_app(store, (1280, 720))
    before = json.dumps(app.stats)
    to_backup(app)
    press(app, "restore")
    answer_yes(app)
    assert app.settings["names"] == ["Ana", "Luis"] and json.dumps(app.stats) != before
    press(app, "undo")
    assert app.scene.name == "confirm" and app.t("backup.undo_title") in said(app, monkeypatch)
    answer_yes(app)
    assert app.scene.said == "backup.undone" and app.settings["names"] == ["Pep"]
    assert json.dumps(app.stats) == before


@pytest.mark.parametrize("lang, date", [("es", "7 dic 2026"), ("en", "7 Dec 2026"), ("ca", "7 des. 2026")])
def test_the_question_says_the_copys_date_in_words_and_none_as_undated(folder, monkeypatch, lang, date):
    """"The copy X, of 07/12/2026" read as July 12 in English; a copy with no date said "del ?"."""
    store = Store(Storage(MemoryBackend()))
    store.save_settings({**store.load_settings(), "lang": lang})
    app = open_app(store)
    text = backup.make(full_store(), made="2026-12-07T12:00:00Z")
    app.manager.switch(backup_screen_offer()(app, text, "brisca-copia-2026-12-07.json"))
    app.step(DT)
    assert date in said(app, monkeypatch) and "07/12" not in said(app, monkeypatch)
    undated = json.dumps({**json.loads(text), "made": ""})
    app.manager.switch(backup_screen_offer()(app, undated, "brisca-copia.json"))
    app.step(DT)
    assert app.scene.name == "confirm" and "?," not in said(app, monkeypatch) and "(?)" not in said(app, monkeypatch)
    assert app.t("backup.undated") in said(app, monkeypatch)


def backup_screen_offer():
    from game.ui.scenes import backup_screen   # noqa: PLC0415

    return backup_screen.offer


def test_the_desktops_backup_words_speak_of_a_computer_not_a_browser_or_phone(folder, monkeypatch):
    """The desktop's screen said "Si borras los datos del navegador o cambias de teléfono"."""
    for lang in ("es", "en", "ca"):
        store = Store(Storage(MemoryBackend()))
        store.save_settings({**store.load_settings(), "lang": lang})
        app = open_app(store, (1280, 720))
        to_backup(app)
        text = said(app, monkeypatch).lower()
        assert not any(word in text for word in ("navegador", "browser", "teléfono", "phone", "telèfon")), text


def test_two_files_dropped_at_once_are_both_offered_to_choose_from(folder, monkeypatch):
    """Two copies dropped together (DROPBEGIN, two DROPFILEs, DROPCOMPLETE in one frame): the last was
    offered and the other ignored without a word. Both are listed, to choose one."""
    first, second = _copies(folder, days=(3, 4))
    app = open_app(Store(Storage(MemoryBackend())), (1280, 720))
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(first)), pygame.event.Event(pygame.DROPFILE, file=str(second))])
    app.step(DT)
    assert app.scene.name == "backup" and [p for p, _when in app.scene.copies] == [second, first]
    text = said(app, monkeypatch)
    assert first.name in text and second.name in text and app.t("backup.choose_dropped", count=2)[:20] in text
    press(app, "copy.1")
    assert app.scene.name == "confirm" and first.name in said(app, monkeypatch)


def test_a_copy_with_no_volume_brought_back_over_a_volume_set_here_plays_at_the_default(folder):
    """A copy from a device where the volume was never touched (its settings hold none) brought back
    where the player had set it: the game crashed putting "no volume" in use (found by the practice
    screen's random input, which reached a copy left in the home folder by another test). It plays
    at the default volume, as a player who never chose one hears."""
    from game.ui.sound import DEFAULT_VOLUME   # noqa: PLC0415

    here = full_store()
    here.save_settings({**here.load_settings(), "volume": 30})
    app = open_app(here)
    assert app.sounds.volume == 30
    fresh = Store(Storage(MemoryBackend()))
    assert "volume" not in fresh.load_settings()
    found = backup.read(backup.make(fresh))
    go = backup_screen.bring_back(app, found)
    assert go.args["said"] == "backup.restored" and app.sounds.volume == DEFAULT_VOLUME


@pytest.mark.parametrize("lang, here_now", [("es", "Aquí ahora: 2\xa0partidas y 2\xa0manos"),
                                            ("en", "Here now: 2\xa0matches and 2\xa0hands"),
                                            ("ca", "Aquí ara: 2\xa0partides i 2\xa0mans")])
def test_the_restore_question_says_what_is_here_now_and_fits_a_small_phone(monkeypatch, lang, here_now):
    """The question told only what the copy holds: a player bringing back an older copy over a phone
    they had played on more (and a match saved here) read nothing of what they would lose. A line of
    its own says what is here now, in the copy's words, and the question still fits 320x568 with
    large text, the folder's long path and all."""
    from game.ui.scenes.confirm import question_box   # noqa: PLC0415

    store = full_store()   # here: 2 matches, 2 hands, a match saved
    store.save_settings({**store.load_settings(), "large_text": True, "lang": lang})
    older = Store(Storage(MemoryBackend()))   # the copy: nothing played, no match saved
    app = open_app(store, (320, 568))
    monkeypatch.setattr(backup_files, "folder", lambda: "/home/maria.del.carmen.garcia/Descargas")
    app.manager.switch(backup_screen.offer(app, backup.make(older), "brisca-copia-2026-11-30.json"))
    app.step(DT)
    text = app.t(app.scene.text, **app.scene.fmt)
    [line] = [line for line in text.split("\n") if line.startswith(here_now)]
    assert line.endswith(app.t("backup.match_yes") + ".")
    first = text.split("\n")[0]   # the copy's own line, as before
    assert app.words.count("stats.n_hands", 0) in first and app.t("backup.match_no") in first
    box, lines, _step = question_box(app, text)
    no = next(b for b in app.scene.bar.buttons if b.action == "no")
    assert box.top >= 0 and box.bottom <= no.rect.top and box.left >= 0 and box.right <= app.layout.w
    assert max(app.typo.size(line, 30)[0] for line in lines) <= box.width - 40
    app.manager.draw(app.surface)


class FillsUp(MemoryBackend):
    """A store with room for ``room`` more writes once ``full`` is set, then none (a disk filling up
    while a copy is brought back: the copy's first key written, the next refused, and putting the
    first back refused too)."""

    room, full = 2, False

    def write(self, key, text):
        if self.full:
            if self.room <= 0:
                raise OSError(28, "No space left on device")
            self.room -= 1
        super().write(key, text)


def test_a_restore_left_mixed_says_so_and_offers_the_undo_that_brings_all_back(folder, monkeypatch):
    """What was here kept (one write), the copy's settings written (another), then the statistics'
    write and putting the settings back both refused: the player reads that the data may be mixed
    and that "Deshacer la recuperación" brings it back once there is room, and it is offered and does."""
    backend = FillsUp()
    app = asked_over(folder, backend)
    backend.full = True
    answer_yes(app)
    assert app.scene.name == "backup" and app.scene.said == "backup.restore_mixed"
    assert json.loads(backend.values["settings"])["data"]["names"] == ["Ana", "Luis"]   # mixed indeed
    text = said(app, monkeypatch)
    assert app.t("backup.restore_mixed")[:30] in text and "Errno" not in text and "OSError" not in text
    assert app.t("backup.undo") in drawn(app, monkeypatch)
    backend.room = 1   # room for one write, not to bring all back: still mixed, and what was here
    press(app, "undo")  # before the restore is still the one kept (the mixed data was kept over it)
    answer_yes(app)
    assert app.scene.said == "backup.restore_mixed" and app.t("backup.undo") in drawn(app, monkeypatch)
    backend.full = False   # room again
    press(app, "undo")
    assert app.scene.name == "confirm"
    answer_yes(app)
    assert app.scene.said == "backup.undone"
    assert app.settings["names"] == ["Pep"] and app.stats["matches"] == 7


def test_a_file_dropped_on_the_deal_is_told_on_the_status_line_of_the_play_that_follows(folder, monkeypatch):
    """The deal lasts a moment and has no status line: the file dropped on it was ignored without a
    word; the match's status line says where copies come back once the play starts."""
    from game.ui.scenes.common import start_game   # noqa: PLC0415
    from game.ui.scenes.play_view import status_text   # noqa: PLC0415

    path = backup_files.write("brisca-copia-2026-12-07.json", backup.make(full_store()), folder)
    app = open_app(Store(Storage(MemoryBackend())))
    app.manager.switch(start_game(app, Options(players=2)))
    app.step(DT)
    assert app.scene.name == "deal"
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    while app.scene.name == "deal":
        app.step(DT)
    assert app.scene.name == "play" and app.store.load_stats()["matches"] == 0
    assert (status_text(app.scene)[0], status_text(app.scene, short=True)[0]) == where_copies_come_back(app)


def test_a_file_dropped_on_the_handoff_is_told_on_its_box_then_its_note_again(folder, monkeypatch):
    """Passing the device between two people: the file is not taken, the box's foot says where copies
    come back for a while (the note on privacy there before and after)."""
    from game.ui.scenes.common import ASIDE_SECONDS   # noqa: PLC0415

    path = backup_files.write("brisca-copia-2026-12-07.json", backup.make(full_store()), folder)
    app = open_app(Store(Storage(MemoryBackend())), (320, 568))
    app.session = Session(Options(players=2), seed=1, seats=parse_spec("person:Ana,person:Luis"))
    app.manager.switch(Go("handoff", seat=0))
    app.step(DT)
    assert app.scene.name == "handoff" and app.t("handoff.private") in drawn(app, monkeypatch)
    app.step(DT, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    app.step(DT)
    whole, _short = where_copies_come_back(app)
    text = said(app, monkeypatch)   # (whole, on a small phone: its end is what tells the file was not opened)
    assert app.scene.name == "handoff" and whole[:20] in text and whole[-12:] in text
    assert app.t("handoff.private") not in drawn(app, monkeypatch)
    for _ in range(int(ASIDE_SECONDS / DT) + 2):
        app.step(DT)
    assert app.scene.name == "handoff" and app.t("handoff.private") in drawn(app, monkeypatch)
    assert whole[:20] not in said(app, monkeypatch)


class RefusesStats(MemoryBackend):
    """A store whose statistics cannot be written while ``refuse`` is set (a file locked by another
    program), every other key as before."""

    refuse = False

    def write(self, key, text):
        if self.refuse and key == "stats":
            raise OSError(13, "Permission denied")
        super().write(key, text)


def test_an_undo_that_fails_keeps_what_was_here_and_one_done_can_itself_be_undone(folder, monkeypatch):
    """A copy brought back; its undo refused (nothing changed), then tried again and done: what was here
    before the restore comes back, not the copy kept over it by the failed undo; and "Deshacer la
    recuperación" then brings the copy back, what the undo replaced (mutation audit, mut40: a failed
    undo keeping what it would replace, or a done one keeping nothing, passed every test)."""
    backend = RefusesStats()
    app = asked_over(folder, backend)
    answer_yes(app)
    copied = app.settings["names"]
    assert app.scene.said == "backup.restored" and copied != ["Pep"]
    backend.refuse = True
    press(app, "undo")
    answer_yes(app)
    assert app.scene.said == "backup.restore_failed" and app.settings["names"] == copied
    backend.refuse = False
    press(app, "undo")
    answer_yes(app)
    assert app.scene.said == "backup.undone" and app.settings["names"] == ["Pep"] and app.stats["matches"] == 7
    press(app, "undo")
    answer_yes(app)
    assert app.scene.said == "backup.undone" and app.settings["names"] == copied


class KeptUnreadable(MemoryBackend):
    """A store where what was kept before a restore cannot be read (the browser's storage refusing it)."""

    def read(self, key):
        if key == "before-restore":
            raise OSError("storage refused")
        return super().read(key)


def test_the_backup_screen_opens_where_what_was_kept_before_a_restore_cannot_be_read():
    """The backup screen opens, its own buttons there and no "Deshacer la recuperación" to offer, where the
    store cannot read what it kept before a restore (mutation audit, mut40: Storage.kept_before letting
    that error through crashed the screen's opening, and passed every test)."""
    backend = KeptUnreadable()
    backend.write("before-restore", backup.make(full_store()))
    app = open_app(Store(Storage(backend)))
    to_backup(app)
    assert "undo" not in [b.action for b in app.scene.bar.buttons]
    assert {"save", "restore", "back"} <= {b.action for b in app.scene.bar.buttons}


def here_as_a_whole_copy(app: App) -> tuple[dict, bool]:
    """The restore question's "Aquí ahora:" counted as before round 40: a whole copy of the store made
    and read again (every key checked), to count the statistics in it and see whether a match is."""
    now = backup.read(backup.make(app.store))
    if isinstance(now, backup.Copy):
        return now.stats, now.has_match
    return app.stats, app.store.storage.stored_text("match") is not None


def stores_to_ask_over() -> dict:
    """What a restore may be asked over: a player's whole store, nothing, statistics alone, a match
    alone, a newer version's statistics (held, the session counting its own), a damaged setting, a
    newer version's match (replaced too: it is said)."""
    def just(key: str, data) -> Store:
        backend = MemoryBackend()
        backend.write(key, json.dumps({"brisca": "save", "key": key, "version": 9 if data is None else 1,
                                       "data": data or {}}))
        return Store(Storage(backend))
    whole = full_store()
    stats_alone = Store(Storage(MemoryBackend()))
    stats_alone.save_stats(whole.load_stats())
    match_alone = Store(Storage(MemoryBackend()))
    match_alone.save_match(whole.load_match(), replace=True)
    return {"whole": whole, "empty": Store(Storage(MemoryBackend())), "stats alone": stats_alone,
            "match alone": match_alone, "newer stats": just("stats", None),
            "damaged setting": just("settings", {"sound": "sí"}),
            "newer match": just("match", None)}   # (still a match here: mutation41, not counted as one passed)


@pytest.mark.parametrize("what", list(stores_to_ask_over()))
def test_here_now_says_what_a_whole_copy_said_without_making_one(what, monkeypatch):
    """"Aquí ahora: 4 partidas y 9 manos contra la máquina, …": the same words as counted from a whole
    copy of the store made and read again, counted now from the statistics and the match alone."""
    app = App(stores_to_ask_over()[what], window=False, seed=5, size=(390, 844))
    app.go("menu")
    words = app.t("backup.here", **backup_screen.figures(app, *here_as_a_whole_copy(app)))
    made = []
    make = backup.make
    monkeypatch.setattr(backup, "make", lambda *a, **k: made.append(a) or make(*a, **k))
    assert app.t("backup.here", **backup_screen.figures(app, *backup_screen.here(app))) == words
    assert made == []


def test_here_now_counts_the_statistics_stored_by_another_window():
    """The statistics cleared in another window of the game since this one opened: "Aquí ahora:" (what a
    restore replaces) counts what is stored, as a copy made now would hold, not this session's older
    figures (mutation audit, mutation41: here() counting the session's passed every test)."""
    whole = full_store()
    app = App(Store(Storage(whole.storage.backend)), window=False, seed=5, size=(390, 844))
    app.go("menu")
    session_words = app.t("backup.here", **backup_screen.figures(app, app.stats, True))
    other = Store(Storage(whole.storage.backend))   # the other window
    other.save_stats(Store(Storage(MemoryBackend())).load_stats())
    words = app.t("backup.here", **backup_screen.figures(app, *here_as_a_whole_copy(app)))
    assert words != session_words
    assert app.t("backup.here", **backup_screen.figures(app, *backup_screen.here(app))) == words
