"""The history of the last finished matches of every kind, on the statistics' second page.

An outside tester's club evening (people against each other, pairs, people against the computer):
nothing told which match had which people or which house rules, and a match between people left
no line of its own.
Matches are played out by the core with seeded random moves and counted as the count does."""

from __future__ import annotations

import copy
import random

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui import history, stats
from game.ui.app import App
from game.ui.desktop.audit import play_out
from game.ui.i18n import Words
from game.ui.options import Options
from game.ui.persist import Store, clean_stats
from game.ui import seats
from game.ui.seats import parse_spec
from game.ui.session import Session

DT = 1 / 30
WHEN = "2026-12-07 21:40"
TODAY = "2026-12-07"   # (the day the page is looked at: the dates read "Hoy, 21:40")


def played(figures: dict, options: Options, spec: str, seed: int) -> Session:
    """A whole match of ``options`` at the seats ``spec``, counted in ``figures`` hand by hand."""
    session = Session(options, seed=seed, seats=parse_spec(spec))
    return play_out(session, random.Random(seed), lambda s: stats.record_hand(figures, s, lambda: WHEN))


def evening() -> dict:
    """Two people against each other (cambio del dos, best of three), then a pair of people against
    two computers without señas, then a person against the hard level."""
    figures = {k: 0 for k in stats.COUNTERS}
    played(figures, Options(players=2, swap_two=True), "person:Ana,person:Luis", 1)
    played(figures, Options(players=4, first_to=1, senas=False), "person:Núria,cpu:normal,person:Pep,cpu:normal", 2)
    played(figures, Options(players=2, first_to=1), "person:Pep,cpu:hard", 3)
    return figures


def make_app(size=(1280, 720), figures: dict | None = None) -> App:
    app = App(Store(Storage(MemoryBackend())), window=True, seed=5, size=size)
    app.settings["speed"] = "instant"
    if figures is not None:
        app.stats = figures
        app.store.save_stats(figures)
    app.go("menu")
    app.step(DT)
    return app


def drawn(app: App, monkeypatch) -> list[str]:
    """The texts the current scene draws."""
    seen: list[str] = []
    blit = app.typo.blit
    monkeypatch.setattr(app.typo, "blit", lambda surface, text, *a, **k: seen.append(text) or blit(surface, text, *a, **k))
    app.manager.draw(app.surface)
    monkeypatch.undo()
    return seen


def test_every_kind_of_match_goes_into_the_history_with_its_people_result_and_house_rules():
    figures = evening()
    kept = figures["history"]
    assert [[s.get("person", s.get("cpu")) for s in e["seats"]] for e in kept] == [
        ["Ana", "Luis"], ["Núria", "normal", "Pep", "normal"], ["Pep", "hard"]]
    assert [e["rules"] for e in kept] == [{"swap_two": True}, {"senas": False, "first_to": 1}, {"first_to": 1}]
    words = Words("es")
    for e in kept:
        assert e["when"] == WHEN and e["wins"][e["winner"]] == max(e["wins"]) and sum(e["points"]) == 120
    first = kept[0]
    assert sum(first["points"]) == 120 and max(first["wins"]) == 2 and first["wins"][first["winner"]] == 2
    when, score, result = history.lines(words, first, TODAY)
    assert when == "Hoy, 21:40 · Cambio del dos: Sí"
    assert score == f"Ana:\u00a0{first['wins'][0]} · Luis:\u00a0{first['wins'][1]}"
    assert result.startswith("Partida para " + ("Ana" if first["winner"] == 0 else "Luis") + " · última mano: ")
    assert history.lines(words, kept[1], TODAY)[1].startswith("Núria y Pep:")
    assert history.lines(words, kept[2], TODAY)[0] == "Hoy, 21:40 · Una mano"
    assert len(figures["recent"]) == 2   # the chart keeps the matches against the computer only, as before


def test_a_match_is_in_the_history_once_though_its_end_is_reloaded():
    """The match end saved, the game reloaded there: the count of the same last hand is not a second match."""
    figures = {k: 0 for k in stats.COUNTERS}
    session = played(figures, Options(players=2, first_to=1), "person:Ana,person:Luis", 4)
    store = Store(Storage(MemoryBackend()))
    store.save_stats(figures)
    store.save_match(session.to_save(), replace=True)   # as the count saves it (scoring.startup)
    again = Session.from_save(store.load_match())
    assert again.match.over
    assert stats.record_hand(figures, again, lambda: WHEN) is False
    assert len(figures["history"]) == 1


def test_the_history_keeps_the_last_twenty():
    figures = {k: 0 for k in stats.COUNTERS}
    for seed in range(history.HISTORY + 2):
        played(figures, Options(players=2, first_to=1), "person:Ana,cpu:beginner", seed)
    assert len(figures["history"]) == history.HISTORY


def test_old_statistics_load_as_before_and_a_bad_match_of_the_history_is_left_out_alone():
    figures = evening()
    old = {k: v for k, v in figures.items() if k != "history"}
    assert clean_stats(copy.deepcopy(old)) == old   # no history: none made up
    damaged = copy.deepcopy(figures)
    damaged["history"][1]["wins"] = [1, "two"]
    damaged["history"].insert(0, {"seats": "Ana"})
    left: list = []
    kept = clean_stats(damaged, left)
    assert kept["history"] == [figures["history"][0], figures["history"][2]]
    assert [item.part for item in left] == ["history", "history"]
    assert kept["people"] == figures["people"] and kept["by"] == figures["by"]
    said = stats.left_words(left, Words("es"))
    assert said == "2 partidas del historial"
    whole: list = []
    assert clean_stats({**figures, "history": "nada"}, whole)["history"] == [] and whole[0].name is None


def test_a_damaged_history_in_the_stored_file_keeps_the_rest_and_is_told():
    figures = evening()
    damaged = copy.deepcopy(figures)
    damaged["history"][0]["winner"] = 7
    store = Store(Storage(MemoryBackend()))
    store.storage.save("stats", damaged)
    again = Store(store.storage)
    loaded = again.load_stats()
    assert loaded["history"] == figures["history"][1:] and loaded["people"] == figures["people"]
    assert "1 partida del historial" in " ".join(again.describe_problems("es"))


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_the_history_opens_by_key_and_by_finger_and_goes_back(size, monkeypatch):
    app = make_app(size, figures=evening())
    app.go("stats")
    app.step(DT)
    app.step(DT, [drive.key(pygame.K_h)])
    assert app.scene.name == "history"
    texts = drawn(app, monkeypatch)
    assert any(t.startswith("Pep:") for t in texts)   # the newest first
    app.step(DT, [drive.key(pygame.K_ESCAPE)])
    assert app.scene.name == "stats"
    button = next(b for b in app.scene.bar.buttons if b.action == "history")
    app.step(DT, drive.tap(button.rect.center, window=app.layout.size))
    for _ in range(3):
        app.step(DT)
    assert app.scene.name == "history"
    for _ in range(30):   # (a second tap at once on the same spot is a double tap, which a new screen ignores)
        app.step(DT)
    back = app.scene.bar.buttons[0]
    app.step(DT, drive.tap(back.rect.center, window=app.layout.size))
    for _ in range(3):
        app.step(DT)
    assert app.scene.name == "stats"


def test_a_newer_versions_match_is_kept_written_back_and_named_plainly_but_damage_is_still_told():
    """A newer version's match (a field more, a seat's field more, a computer level this copy does not
    know) was taken for damage: left out, the file set aside, the menu told of damage (docs/web.md: kept)."""
    good = {"when": WHEN, "seats": [{"person": "Ana"}, {"cpu": "normal"}], "wins": [1, 0], "points": [70, 50],
            "winner": 0, "rules": {}}
    newer = [dict(good, duration=640), dict(good, seats=[{"person": "Ana"}, {"cpu": "master"}]),
             dict(good, seats=[{"person": "Ana", "avatar": 3}, {"cpu": "normal"}])]
    figures = {k: 0 for k in stats.COUNTERS}
    store = Store(Storage(MemoryBackend()))
    store.storage.save("stats", {**figures, "history": [good, *newer]})
    again = Store(store.storage)
    loaded = again.load_stats()
    assert loaded["history"] == [good, *newer] and not again.problems
    again.save_stats(loaded)
    assert Store(store.storage).load_stats()["history"] == [good, *newer]   # written back as it was
    assert history.lines(Words("es"), newer[1], TODAY)[1].startswith("Ana") and "Máquina" in history.lines(Words("es"), newer[1], TODAY)[1]
    assert "master" not in " ".join(history.lines(Words("es"), newer[1], TODAY))
    for damage in (dict(good, seats=[{"person": "Ana"}, {"cpu": 7}]), dict(good, seats=[{"person": 3}, {"cpu": "normal"}]),
                   {k: v for k, v in good.items() if k != "wins"}, dict(good, duration=[1, 2])):
        left: list = []
        assert clean_stats({**figures, "history": [good, damage]}, left)["history"] == [good] and len(left) == 1


@pytest.mark.parametrize("size", [(320, 568), (390, 844)])
def test_a_line_says_tu_keeps_each_side_with_its_number_and_counts_two_like_computers(size, monkeypatch):
    """A match against the computer read "Jugador 1 0 – Máquina (Normal) 1": the one person is "Tú"
    as at play, the hands won stand apart from the names, a side of two computers of one level is
    "2 máquinas (Normal)" (twice "Máquina (Normal)" told neither apart), and at 320 px with large
    text no number was left alone on a line."""
    figures = {k: 0 for k in stats.COUNTERS}
    solo = played(figures, Options(players=2, first_to=1), "person:,cpu:normal", 5).match.wins
    played(figures, Options(players=4, first_to=1), "person:,cpu:normal,cpu:normal,cpu:normal", 6)
    words = Words("es")
    first, second = figures["history"]
    assert history.lines(words, first, TODAY)[1] == f"Tú:\u00a0{solo[0]} · Máquina (Normal):\u00a0{solo[1]}"
    assert history.lines(words, first, TODAY)[2].startswith("Partida para " + ("ti ·" if first["winner"] == 0 else "Máquina"))
    assert history.lines(words, second, TODAY)[1].startswith("Tú y Máquina (Normal):\u00a0")
    assert " · 2 máquinas (Normal):\u00a0" in history.lines(words, second, TODAY)[1]
    assert history.lines(Words("en"), second, TODAY)[1].startswith("You and Computer (Normal):")
    two_people = dict(first, seats=[{"person": ""}, {"person": ""}])
    assert history.lines(words, two_people, TODAY)[1].startswith("Jugador 1:")   # two unnamed people: no "Tú"
    app = make_app(size, figures=figures)
    app.set_setting("large_text", True)
    app.go("history")
    app.step(DT)
    texts = [t.replace("\u00a0", " ") for t in drawn(app, monkeypatch)]
    assert any(t.startswith("Tú: ") for t in texts)
    assert not [t for t in texts if t.strip(" ·–:").isdigit()], texts


def test_the_history_wraps_its_matches_once_and_again_when_the_language_or_the_size_changes(monkeypatch):
    """Twenty matches wrapped again every frame cost the page a third of its frame; now once, kept while
    the matches, the width, the language and the text size stay, and made again when one changes."""
    app = make_app((390, 844), evening())
    app.go("history")
    app.step(DT)
    calls: list = []
    lines = history.lines
    monkeypatch.setattr(history, "lines", lambda words, e, today: calls.append(words.lang) or lines(words, e, today))
    for _ in range(5):
        app.manager.draw(app.surface)
    assert calls == []   # wrapped when the page first drew, not again
    app.set_setting("lang", "en")
    app.manager.draw(app.surface)
    assert calls == ["en"] * 3
    app.resize((320, 568))
    app.manager.draw(app.surface)
    assert calls == ["en"] * 6   # a narrower page: wrapped again to its width
    monkeypatch.undo()
    assert any(t.startswith("Match to") for t in drawn(app, monkeypatch))


def test_the_about_line_says_how_many_matches_the_history_keeps_and_that_older_ones_go(monkeypatch):
    """After the twenty-first match the oldest left the list unsaid, while the statistics still counted
    it (an outside tester's week: Monday's matches gone on Sunday, nothing on the page said why)."""
    app = make_app((390, 844), evening())
    app.go("history")
    app.step(DT)
    for lang, older in (("es", "antiguas"), ("en", "Older"), ("ca", "antigues")):
        app.set_setting("lang", lang)
        app.manager.draw(app.surface)
        about = " ".join(app.scene._wrapped[1][0])   # the page's first block: its "about" line
        assert f" {history.HISTORY} " in about and older in about, about


@pytest.mark.parametrize("lang, said", [
    ("es", ["Hoy, 21:40", "Ayer, 09:05", "Jueves 3, 21:40", "30 nov 2026, 21:40", "8 dic 2026, 00:10 (¿reloj adelantado?)",
            "1 ene 3000, 00:00 (¿reloj adelantado?)", "7 dic 2026, 21:40"]),
    ("en", ["Today, 21:40", "Yesterday, 09:05", "Thursday 3, 21:40", "30 Nov 2026, 21:40", "8 Dec 2026, 00:10 (clock ahead?)",
            "1 Jan 3000, 00:00 (clock ahead?)", "7 Dec 2026, 21:40"]),
    ("ca", ["Avui, 21:40", "Ahir, 09:05", "Dijous 3, 21:40", "30 nov. 2026, 21:40", "8 des. 2026, 00:10 (rellotge avançat?)",
            "1 gen. 3000, 00:00 (rellotge avançat?)", "7 des. 2026, 21:40"]),
])
def test_dates_read_as_a_person_says_them_in_each_language(lang, said):
    """Every entry read "2026-12-07 21:40" in every language, the year on every line. Today and
    yesterday by name, the week's days by their name, older as a plain date (and a date after today, a
    clock set back since or one far ahead then, is no "Hoy": a date with a hint, round 38); today unknown (a clock that says
    nothing): the plain date; a stored text of another shape as it is."""
    words = Words(lang)
    stored = ["2026-12-07 21:40", "2026-12-06 09:05", "2026-12-03 21:40", "2026-11-30 21:40", "2026-12-08 00:10",
              "3000-01-01 00:00"]
    assert [history.when_words(words, w, TODAY) for w in stored] + [history.when_words(words, WHEN, None)] == said
    assert history.when_words(words, "mañana", TODAY) == "mañana"


def test_the_page_shows_the_dates_by_the_day_it_is_looked_at_and_keeps_the_play_order(monkeypatch):
    """The page wraps its lines once (a cache): after midnight "Hoy" must read "Ayer" all the same.
    The stored dates stay as they were, and the entries in play order (a clock far ahead: above later games)."""
    figures = evening()
    figures["history"][1]["when"] = "3000-01-01 00:00"
    stored = copy.deepcopy(figures["history"])
    app = make_app((390, 844), figures)
    day = ["2026-12-07"]
    monkeypatch.setattr(history, "local_today", lambda: day[0])
    app.go("history")
    app.step(DT)
    texts = drawn(app, monkeypatch)
    monkeypatch.setattr(history, "local_today", lambda: day[0])
    dated = [t for t in texts if "21:40" in t or "3000" in t]
    assert [t.split(" · ")[0] for t in dated] == ["Hoy, 21:40", "1 ene 3000, 00:00 (¿reloj adelantado?)", "Hoy, 21:40"], texts
    day[0] = "2026-12-08"
    texts = drawn(app, monkeypatch)
    assert [t.split(" · ")[0] for t in texts if "21:40" in t] == ["Ayer, 21:40", "Ayer, 21:40"], texts
    assert app.stats["history"] == stored


@pytest.mark.parametrize("size", [(320, 568), (390, 844)])
def test_two_computers_of_one_level_on_different_sides_read_by_their_names_at_the_table(size, monkeypatch):
    """A three-player match at Normal read "Máquina (Normal): 2 · Máquina (Normal): 0" and "Partida para
    Máquina (Normal)", though the table and the match end called them Lola and Paco: which won was not
    to be told. The entry keeps each computer's name (a seat's field older copies keep as a newer
    version's); the sides that would read alike read "Lola (Normal)", the rest as before."""
    words = Words("es")
    figures = {k: 0 for k in stats.COUNTERS}
    session = Session(Options(players=3, first_to=1), seed=7, seats=parse_spec("person:,cpu:normal,cpu:normal"))
    session = play_out(session, random.Random(7), lambda s: stats.record_hand(figures, s, lambda: WHEN, words))
    played(figures, Options(players=4, first_to=1), "person:,cpu:normal,cpu:normal,cpu:normal", 6)
    three, pairs = figures["history"]
    table = seats.names(words, session)
    assert [s.get("name") for s in three["seats"]] == [None, table[1], table[2]] == [None, "Lola", "Paco"]
    score, result = history.lines(words, three, TODAY)[1:]
    assert score == f"Tú:\u00a0{three['wins'][0]} · Lola (Normal):\u00a0{three['wins'][1]} · Paco (Normal):\u00a0{three['wins'][2]}"
    assert result.startswith("Partida para " + ["ti", "Lola (Normal)", "Paco (Normal)"][three["winner"]] + " ·")
    assert history.lines(words, pairs, TODAY)[1].startswith("Tú y Máquina (Normal):")   # told apart already: as before
    older = dict(three, seats=[{k: v for k, v in s.items() if k != "name"} for s in three["seats"]])
    assert history.lines(words, older, TODAY)[1] == score   # an entry without names: by the table's (round 38)
    store = Store(Storage(MemoryBackend()))   # kept and written back, as a newer version's field of a seat is
    store.save_stats(figures)
    assert Store(store.storage).load_stats()["history"] == figures["history"]
    app = make_app(size, figures=figures)
    app.set_setting("large_text", True)
    app.go("history")
    app.step(DT)
    texts = [t.replace("\u00a0", " ") for t in drawn(app, monkeypatch)]
    assert any("Lola (Normal): " in t for t in texts) and any("Paco (Normal): " in t for t in texts), texts
    assert not [t for t in texts if t.strip(" ·–:").isdigit()], texts   # each name kept with its number


@pytest.mark.parametrize("path", ["count", "left_before_the_count"])
def test_a_match_played_through_the_scenes_keeps_its_computers_names_in_the_history(path, monkeypatch):
    """The computers' names reach the history only through the scenes that count a hand: the count
    (scoring) and, for a hand left for the menu before its count, the new match that counts it
    (common.count_left_hand). Both pass the screen's words; without them the entry kept no names and
    the page read "Máquina (Normal)" twice, and no test noticed (a maintainer's review, round 36). A
    three-player match against two Normal computers is played through the scenes (speed instant) and
    its entry and the history page read Lola and Paco."""
    from game.ui.desktop import audit
    from game.ui.scenes.common import start_game

    app = audit.make_app((390, 844), True, "es")
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=3, first_to=1), parse_spec("person:,cpu:normal,cpu:normal")))
    if path == "count":
        audit._play_until(app, lambda: app.scene.name == "scoring", frames=20000)
        app.step(DT)
    else:   # the last baza on the table, the menu, then another match: the left hand is counted then
        audit._play_until(app, lambda: app.session.hand.over, frames=20000)
        assert app.scene.name == "play" and not app.stats.get("history")
        app.go("menu")
        app.step(DT)
        app.manager.switch(start_game(app, Options(players=2, first_to=1)))
    (entry,) = app.stats["history"]
    assert entry["seats"] == [{"person": ""}, {"cpu": "normal", "name": "Lola"}, {"cpu": "normal", "name": "Paco"}]
    app.go("history")
    app.step(DT)
    texts = " ".join(t.replace("\u00a0", " ") for t in drawn(app, monkeypatch))
    assert "Lola (Normal): " in texts and "Paco (Normal): " in texts, texts
    assert "Máquina (Normal)" not in texts, texts


@pytest.mark.parametrize("size,lang", [((568, 320), "ca"), ((568, 320), "es"), ((320, 568), "en")])
def test_a_stored_name_wider_than_the_page_is_cut_short_not_run_off_the_panel(size, lang, monkeypatch):
    """A history entry may keep a name of up to 40 letters; forty W's in bold, one word the wrap cannot
    break, ran past the panel under the scrollbar at 568x320 with large text (a maintainer's review,
    round 36: a damaged or handcrafted file, the game keeps names shorter; then a computer's stored
    name, which the page no longer reads since round 38: a person's). Every line stays inside the
    page; the long name is cut short with "…" and the rest of the entry reads whole."""
    from game.ui.desktop import audit
    from game.ui.text import ELLIPSIS

    entry = {"when": WHEN, "seats": [{"person": "W" * 40}, {"cpu": "normal", "name": "W" * 40},
                                     {"cpu": "normal", "name": "Paco"}],
             "wins": [0, 1, 0], "points": [30, 51, 39], "winner": 1, "rules": {}}
    app = audit.make_app(size, True, lang)
    app.stats = {"history": [entry], "hands": 1}
    app.go("history")
    app.step(DT)
    seen = []
    blit = app.typo.blit
    monkeypatch.setattr(app.typo, "blit", lambda surface, text, pos, size, *a, bold=False, **k:
                        seen.append((text, pos, size, bold)) or blit(surface, text, pos, size, *a, bold=bold, **k))
    app.scene.draw(app.surface)
    box = app.layout.panel
    right = box.right - 20   # the page's text room (the scrollbar beyond it)
    wide = [(text, pos[0] + app.typo.size(text, size, bold)[0], right)
            for text, pos, size, bold in seen if pos[0] + app.typo.size(text, size, bold)[0] > right]
    assert not wide, wide
    texts = [t.replace("\u00a0", " ") for t, *_ in seen]
    assert any(t.startswith("WWW") and t.endswith(ELLIPSIS) for t in texts), texts
    paco = f"{app.t('seat.2')} ({app.words.level('normal')}): 0"   # (Pep in Catalan)
    assert any(paco in t for t in texts), texts
