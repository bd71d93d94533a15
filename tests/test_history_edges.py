"""The history's edges: a damaged match at each limit of its checks, the page's order, scrolling and
keys, and the wording of cases the club evening did not reach.

An outside mutation audit (round 36) weakened each check of ``history.entry_ok`` by one step (a seat
with no kind, one seat, a winner equal to the number of sides, a negative count) and every test still
passed, while the game crashed on such a file when it started or opened the history.  docs/ui.md,
"The history": a damaged match is left out alone, the rest kept, and the player told."""

from __future__ import annotations

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui import history, stats
from game.ui.app import App
from game.ui.i18n import Words
from game.ui.options import Options
from game.ui.persist import Store, clean_stats

DT = 1 / 30
GOOD = {"when": "2026-12-07 21:40", "seats": [{"person": "Ana"}, {"cpu": "normal"}], "wins": [1, 0],
        "points": [70, 50], "winner": 0, "rules": {}}
THREE = dict(GOOD, seats=[{"person": "Ana"}, {"cpu": "normal"}, {"cpu": "hard"}], wins=[1, 0, 0],
             points=[60, 30, 30])

#: One step past each limit of a match's checks (each is damage the game must survive).
DAMAGE = {
    "a seat of no kind": dict(GOOD, seats=[{"person": "Ana"}, {}]),
    "a seat of both kinds": dict(GOOD, seats=[{"person": "Ana"}, {"person": "Luis", "cpu": "normal"}]),
    "one seat": dict(GOOD, seats=[{"person": "Ana"}], wins=[1], points=[120]),
    "five seats": dict(GOOD, seats=[{"person": "Ana"}] + [{"cpu": "normal"}] * 4),
    "a winner of two sides numbered 2": dict(GOOD, winner=2),
    "a winner of three sides numbered 3": dict(THREE, winner=3),
    "a negative winner": dict(GOOD, winner=-1),
    "negative hands won": dict(GOOD, wins=[1, -3]),
    "negative points": dict(GOOD, points=[130, -10]),
    "a name of 41 letters": dict(GOOD, seats=[{"person": "A" * 41}, {"cpu": "normal"}]),
    "a newer field of 41 letters": dict(GOOD, note="x" * 41),
}


def counters() -> dict:
    return {k: 0 for k in stats.COUNTERS}


@pytest.mark.parametrize("name", DAMAGE)
def test_a_match_damaged_at_a_limit_is_left_out_alone_and_told(name):
    left: list = []
    kept = clean_stats({**counters(), "history": [GOOD, DAMAGE[name], THREE]}, left)
    assert kept["history"] == [GOOD, THREE]
    assert [(item.part, item.name) for item in left] == [("history", "")]


def test_just_inside_the_limits_a_match_is_kept():
    inside = [dict(GOOD, winner=1), dict(THREE, winner=2), dict(GOOD, wins=[0, 0], points=[0, 120]),
              dict(GOOD, seats=[{"person": "A" * 40}, {"cpu": "normal"}]), dict(GOOD, note="x" * 40),
              dict(GOOD, seats=[{"person": n} for n in ("Ana", "Luis", "Pep", "Núria")])]
    left: list = []
    assert clean_stats({**counters(), "history": inside}, left)["history"] == inside and not left


def make_app(figures: dict, size=(390, 844)) -> App:
    store = Store(Storage(MemoryBackend()))
    store.storage.save("stats", figures)
    app = App(Store(store.storage), window=True, seed=5, size=size)
    app.settings["speed"] = "instant"
    app.go("menu")
    app.step(DT)
    return app


def drawn(app: App, monkeypatch) -> list[tuple[str, int]]:
    """The texts the current scene draws, with their height on the screen."""
    seen: list[tuple[str, int]] = []
    blit = app.typo.blit
    monkeypatch.setattr(app.typo, "blit",
                        lambda surface, text, at, *a, **k: seen.append((text, at[1])) or blit(surface, text, at, *a, **k))
    app.manager.draw(app.surface)
    monkeypatch.undo()
    return seen


def test_a_stored_file_with_every_damaged_match_starts_opens_the_history_and_tells(monkeypatch):
    app = make_app({**counters(), "history": [GOOD, *DAMAGE.values(), THREE]})
    assert app.stats["history"] == [GOOD, THREE]
    assert "partidas del historial" in " ".join(app.store.describe_problems("es"))
    app.go("history")
    app.step(DT)
    texts = [t for t, _y in drawn(app, monkeypatch)]
    assert sum(t.startswith("Ana") for t in texts) == 2   # the two good matches, nothing else


def played(n: int) -> list[dict]:
    """``n`` matches, the oldest first, each with its own person: "Persona 1" ... "Persona n"."""
    return [dict(GOOD, seats=[{"person": f"Persona {i}"}, {"cpu": "normal"}]) for i in range(1, n + 1)]


def people_drawn(app: App, monkeypatch) -> list[str]:
    return [t.split(":")[0] for t, _y in sorted(drawn(app, monkeypatch), key=lambda ty: ty[1]) if t.startswith("Persona")]


def test_the_history_shows_the_newest_first_and_scrolls_to_the_oldest(monkeypatch):
    """docs/ui.md: newest first; the list scrolls as the statistics do.  Twenty matches do not fit a
    phone's page: the newest are seen at once, the oldest after scrolling down."""
    app = make_app({**counters(), "history": played(3)})
    app.go("history")
    app.step(DT)
    assert people_drawn(app, monkeypatch) == ["Persona 3", "Persona 2", "Persona 1"]
    app = make_app({**counters(), "history": played(history.HISTORY)}, size=(390, 844))
    app.go("history")
    app.step(DT)
    top = people_drawn(app, monkeypatch)
    assert top[0] == "Persona 20" and "Persona 1" not in top
    assert top == sorted(top, key=lambda t: -int(t.split()[1]))
    for _ in range(10):
        app.step(DT, [drive.key(pygame.K_PAGEDOWN)])
    bottom = people_drawn(app, monkeypatch)
    assert bottom[-1] == "Persona 1" and "Persona 20" not in bottom


def test_h_goes_back_from_the_history_to_the_statistics():
    app = make_app({**counters(), "history": played(2)})
    app.go("stats")
    app.step(DT)
    app.step(DT, [drive.key(pygame.K_h)])
    assert app.scene.name == "history"
    app.step(DT, [drive.key(pygame.K_h)])
    assert app.scene.name == "stats"


def test_a_stored_history_of_more_than_twenty_keeps_the_newest_twenty():
    left: list = []
    many = played(history.HISTORY + 3)
    assert clean_stats({**counters(), "history": many}, left)["history"] == many[-history.HISTORY:] and not left


def test_two_computers_of_different_levels_on_a_side_are_each_named_by_level():
    words = Words("es")
    e = dict(GOOD, seats=[{"person": "Ana"}, {"cpu": "normal"}, {"person": "Pep"}, {"cpu": "hard"}])
    side = history.side_names(words, e)[1]
    assert words.level("normal") in side and words.level("hard") in side
    same = dict(e, seats=[{"person": "Ana"}, {"cpu": "hard"}, {"person": "Pep"}, {"cpu": "hard"}])
    assert history.side_names(words, same)[1] == words.t("history.cpus", level=words.level("hard"))


def test_computers_of_a_newer_versions_level_read_plainly():
    words = Words("es")
    for seats in ([{"person": "Ana"}, {"cpu": "master"}],
                  [{"person": "Ana"}, {"cpu": "master"}, {"person": "Pep"}, {"cpu": "master"}]):
        text = " ".join(history.lines(words, dict(GOOD, seats=seats), None))
        assert "master" not in text and "Ana" in text


@pytest.mark.parametrize("when", ["2026-12-07 21:40", None])
def test_a_match_under_the_default_rules_says_so(when):
    for lang in ("es", "en", "ca"):
        words = Words(lang)
        first = history.lines(words, dict(GOOD, when=when), None)[0]
        assert words.t("history.usual") in first
    assert "Reglas de siempre" in history.lines(Words("es"), dict(GOOD, when=when), None)[0]


def test_the_cambio_timing_is_no_house_rule_without_the_cambio():
    """Without the cambio del siete, when it may be made means nothing at the table: not recorded,
    not shown; with it, it is."""
    timing = "own_turn"
    assert history.house_rules(Options(swap_seven=False, swap_timing=timing)) == {"swap_seven": False}
    assert history.house_rules(Options(swap_seven=True, swap_timing=timing)) == {"swap_timing": timing}


def test_each_side_with_its_hands_won_stays_whole_on_a_line(monkeypatch):
    """Where the sides fit on one line they share it; where they do not (320 px, large text), each
    side has its own, never a name parted from the rest of its side ("Luis y Pep" / "Ferrer: 0")."""
    e = dict(GOOD, seats=[{"person": "Ana María"}, {"person": "Luis"}, {"person": "Núria"}, {"person": "Pep Ferrer"}])
    for size, together in (((1280, 720), True), ((320, 568), False)):
        app = make_app({**counters(), "history": [e]}, size=size)
        app.set_setting("large_text", True)
        app.go("history")
        app.step(DT)
        texts = [t.replace("\u00a0", " ") for t, _y in drawn(app, monkeypatch)]
        sides = ("Ana María y Núria: 1", "Luis y Pep Ferrer: 0")
        assert all(any(side in t for t in texts) for side in sides), (size, texts)
        assert any(sides[0] in t and sides[1] in t for t in texts) == together, (size, texts)
