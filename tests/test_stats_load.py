"""Stored statistics with something bad in them: what is good loads, the bad is left out alone.

Until the thirty-second session one bad figure (a file touched by another version, a half-written
value, one damaged number) set the whole file aside: every table's and every person's figures were
gone from the screen, and the next save wrote the statistics from zero over them. Through the
store's API, no match played.
"""

from __future__ import annotations

import copy
import json

import pytest

from game.storage import MemoryBackend, Storage
from game.ui.persist import STAT_KEYS, Store
from game.ui.save_news import StatsLeftOut
from game.ui.stats import LeftOut


def table(matches: int, wins: int, hands: int, hand_wins: int, points: int) -> dict:
    return {"matches": matches, "match_wins": wins, "hands": hands, "hand_wins": hand_wins, "points": points,
            "whitewash": 0, "streak": 1, "best_streak": 2, "voids": 0, "void_points": 0}


def match(won: bool, points: int) -> dict:
    return {"players": 2, "level": "normal", "won": won, "hands": [2, 1] if won else [1, 2], "points": points}


GOOD = {"matches": 5, "match_wins": 3, "hands": 12, "hand_wins": 7, "hand_losses": 5, "voids": 0, "best": 96,
        "swaps": 4,
        "by": {"all": table(5, 3, 12, 7, 800), "2.normal": table(3, 2, 7, 4, 470), "3.hard": table(2, 1, 5, 3, 330)},
        "people": {"Ana": dict(table(4, 2, 9, 5, 600), best=90, seen=3),
                   "Luis": dict(table(2, 1, 4, 2, 250), best=70, seen=2)},
        "recent": [match(True, 71), match(False, 52), match(True, 66)]}


def stored(data: object) -> tuple[MemoryBackend, str]:
    backend = MemoryBackend()
    text = json.dumps({"brisca": "save", "key": "stats", "version": 1, "data": data}, ensure_ascii=False)
    backend.write("stats", text)
    return backend, text


def on_disk(backend: MemoryBackend) -> dict:
    return json.loads(backend.values["stats"])["data"]


def aside(backend: MemoryBackend) -> list[str]:
    return [v for k, v in backend.values.items() if k.startswith("stats.bad-")]


def test_one_bad_figure_in_one_table_loses_that_figure_only_and_a_save_keeps_the_rest():
    data = copy.deepcopy(GOOD)
    data["by"]["2.normal"]["streak"] = "3"   # a half-written value
    backend, text = stored(data)
    store = Store(Storage(backend))
    stats = store.load_stats()
    expected = copy.deepcopy(GOOD)
    del expected["by"]["2.normal"]["streak"]   # (0 where it is read)
    assert stats == expected
    assert aside(backend) == [text]   # the file as it was, for whoever wants to look at it
    assert on_disk(backend) == expected   # stored again at once: a closed tab now loses nothing
    [problem] = store.problems
    assert isinstance(problem, StatsLeftOut) and problem.items == (LeftOut("by", "2.normal", whole=False),)
    told = dict(zip(("es", "en", "ca"), (store.describe_problems(lang)[0] for lang in ("es", "en", "ca"))))
    assert "parte de la mesa 2 jugadores · Normal" in told["es"] and problem.set_aside_as in told["es"]
    assert "part of the table 2 players · Normal" in told["en"]
    assert "part de la taula 2 jugadors · Normal" in told["ca"]
    # a hand played after: the next save keeps every good figure (it wrote the statistics from zero)
    store.update_stats(stats, lambda s: s.update(swaps=s["swaps"] + 1) or True)
    assert on_disk(backend) == dict(expected, swaps=5)
    again = Store(Storage(backend))
    assert again.load_stats() == dict(expected, swaps=5) and again.problems == []   # told once


def _set(path: tuple, value: object):
    def change(data: dict) -> None:
        for step in path[:-1]:
            data = data[step]
        if value is DELETE:
            del data[path[-1]]
        else:
            data[path[-1]] = value
    return change


DELETE = object()

#: (what is damaged, how, what is left out, what loads instead of the good file's figures).
KINDS_OF_BAD = [
    ("string", _set(("by", "3.hard", "points"), "330"), [LeftOut("by", "3.hard", False)],
     _set(("by", "3.hard", "points"), DELETE)),
    ("negative, the rest then disagreeing", _set(("by", "3.hard", "hands"), -5), [LeftOut("by", "3.hard")],
     _set(("by", "3.hard"), DELETE)),
    ("float", _set(("people", "Ana", "points"), 600.5), [LeftOut("people", "Ana", False)],
     _set(("people", "Ana", "points"), DELETE)),
    ("won > played", _set(("people", "Luis", "match_wins"), 3), [LeftOut("people", "Luis")],
     _set(("people", "Luis"), DELETE)),
    ("more than 120 points a hand", _set(("by", "all", "points"), 10 ** 6), [LeftOut("by", "all")],
     _set(("by", "all"), DELETE)),
    ("an overall count", _set(("swaps",), -1), [LeftOut("totals", None, False)], _set(("swaps",), 0)),
    ("overall counts that disagree", _set(("match_wins",), 9), [LeftOut("totals", None, False)],
     lambda d: d.update(matches=0, match_wins=0)),
    ("a match of the chart with a key missing", _set(("recent", 1, "won"), DELETE), [LeftOut("recent", "")],
     lambda d: d["recent"].pop(1)),
    ("a table that is not an object", _set(("by", "2.normal"), [3, 2]), [LeftOut("by", "2.normal")],
     _set(("by", "2.normal"), DELETE)),
    ("the people not an object", _set(("people",), ["Ana"]), [LeftOut("people")], _set(("people",), {})),
    ("the last matches not a list", _set(("recent",), {"0": 1}), [LeftOut("recent")], _set(("recent",), [])),
    ("a name no seat keeps", _set(("people", "  "), {"hands": 1}), [LeftOut("people", "")], lambda d: None),
    ("a newer version's field that is not a count, in a table", _set(("by", "3.hard", "note"), "x"),
     [LeftOut("by", "3.hard", False)], lambda d: None),
    ("a newer version's field no save can write", _set(("later",), float("nan")), [LeftOut("other", "")],
     lambda d: None),
]


@pytest.mark.parametrize("what,damage,left,loads", KINDS_OF_BAD, ids=[k[0] for k in KINDS_OF_BAD])
def test_each_kind_of_bad_entry_is_left_out_alone(what, damage, left, loads):
    data, expected = copy.deepcopy(GOOD), copy.deepcopy(GOOD)
    damage(data)
    loads(expected)
    backend, text = stored(data)
    store = Store(Storage(backend))
    assert store.load_stats() == expected == on_disk(backend), what
    assert aside(backend) == [text]
    assert [p.items for p in store.problems] == [tuple(left)]
    for lang in ("es", "en", "ca"):
        line = store.describe_problems(lang)[0]
        assert "{" not in line and "save." not in line, line


def test_a_missing_figure_or_a_newer_versions_counts_and_fields_are_not_bad():
    """A figure missing (an older version's file: voids were not kept) is 0 where it is read; a newer
    version's further counts in a table or a person, plain values in a match of the chart and fields
    of its own are kept as they are and written back. Nothing is set aside, nothing told."""
    data = copy.deepcopy(GOOD)
    del data["by"]["2.normal"]["voids"], data["people"]["Ana"]["seen"], data["hand_losses"]
    data["by"]["2.normal"]["doubles"] = 4
    data["people"]["Luis"]["rating"] = 1500
    data["recent"][0]["mode"] = "fast"
    data["achievements"] = {"first_win": True}
    backend, text = stored(data)
    store = Store(Storage(backend))
    stats = store.load_stats()
    assert store.problems == [] and aside(backend) == [] and backend.values["stats"] == text
    assert stats == dict(data, hand_losses=0)
    assert store.save_stats(stats) and on_disk(backend) == dict(data, hand_losses=0)


#: Figures a player reaches in ordinary play that sit at the very edge of what the load accepts.
#: A check one step too strict there left them out (set aside, told as damage) on the next launch.
AT_THE_EDGE = {
    "every match won": {"matches": 3, "match_wins": 3, "hands": 6, "hand_wins": 6, "hand_losses": 0, "voids": 0,
                        "by": {"all": table(3, 3, 6, 6, 500), "2.normal": table(3, 3, 6, 6, 500)},
                        "people": {"Ana": dict(table(3, 3, 6, 6, 500), best=95, seen=3)}},
    "a hand won 120 to 0": {"matches": 1, "match_wins": 1, "hands": 1, "hand_wins": 1, "best": 120,
                            "by": {"all": dict(table(1, 1, 1, 1, 120), whitewash=1)},
                            "people": {"Ana": dict(table(1, 1, 1, 1, 120), whitewash=1, best=120, seen=1)}},
    "every hand won, lost or void": {"hands": 4, "hand_wins": 2, "hand_losses": 1, "voids": 1},
    "nothing won": {"matches": 2, "match_wins": 0, "hands": 3, "hand_wins": 0, "hand_losses": 3, "best": 0},
    # an older version's best hand, taken from a void 60-60 (or a lost hand) before only hands won
    # counted: kept as it was, since which hand made it is not known
    "a best hand of an older version, none won": {
        "matches": 1, "match_wins": 0, "hands": 2, "hand_wins": 0, "hand_losses": 1, "voids": 1, "best": 60,
        "by": {"all": dict(table(1, 0, 2, 0, 110), streak=0, best_streak=0, voids=1, void_points=60)},
        "people": {"Ana": dict(table(1, 0, 2, 0, 110), streak=0, best_streak=0, voids=1, void_points=60, best=60,
                               seen=1)}},
}


@pytest.mark.parametrize("figures", AT_THE_EDGE.values(), ids=AT_THE_EDGE)
def test_figures_at_the_edge_of_what_is_kept_come_back_as_saved_with_nothing_told(figures):
    """A first match won (1 of 1, every match won) or a first hand won 120 to 0 are what a new
    player meets first; a load that takes them for damage sets them aside on the next launch."""
    store = Store(Storage(MemoryBackend()))
    saved = dict(store.load_stats(), **copy.deepcopy(figures))
    assert store.save_stats(saved)
    again = Store(Storage(store.storage.backend))   # the next launch, on the same stored data
    assert again.load_stats() == saved
    assert again.problems == [] and aside(store.storage.backend) == []


@pytest.mark.parametrize("text,kind", [("{\"brisca\": \"save\", \"key\": \"stats\", \"ver", "truncated"),
                                       ("not json at all", "corrupt"),
                                       ('{"brisca": "save", "key": "stats", "version": 1, "data": [1, 2]}',
                                        "wrong_type")])
def test_a_wholly_unreadable_file_is_still_set_aside_whole(text, kind):
    backend = MemoryBackend()
    backend.write("stats", text)
    store = Store(Storage(backend))
    assert store.load_stats() == {k: 0 for k in STAT_KEYS}
    assert aside(backend) == [text] and [p.kind for p in store.problems] == [kind]
    assert "stats" not in backend.values   # nothing written over it until something is counted


def test_another_windows_file_with_a_bad_entry_loses_that_entry_only():
    """A second tab (or an older copy) stored statistics with one bad person: this window's next hand
    takes in the rest of them and saves (it dropped them all and saved its own copy)."""
    backend, _text = stored(GOOD)
    store = Store(Storage(backend))
    stats = store.load_stats()
    data = dict(copy.deepcopy(GOOD), swaps=6)
    data["people"]["Luis"]["streak"] = "1"
    backend.write("stats", json.dumps({"brisca": "save", "key": "stats", "version": 1, "data": data}))
    kept = store.update_stats(stats, lambda s: s.update(hands=s["hands"] + 1, hand_losses=s["hand_losses"] + 1) or True)
    assert kept["swaps"] == 6 and kept["hands"] == 13 and kept["people"]["Ana"] == GOOD["people"]["Ana"]
    assert "streak" not in kept["people"]["Luis"] and on_disk(backend) == kept
    assert len(aside(backend)) == 1 and [type(p).__name__ for p in store.problems] == ["StatsLeftOut"]
    assert "(parte de las cifras de Luis)" in store.describe_problems("es")[0]


@pytest.mark.parametrize("size,lang", [((320, 568), "es"), ((568, 320), "ca"), ((568, 320), "en")])
def test_the_line_that_says_what_was_left_out_fits_the_menus_notice(size, lang):
    """The longest it gets (three things named, then how many more) on a small phone with large text."""
    from game.ui.desktop import audit

    items = (LeftOut("by", "4.beginner", False), LeftOut("people", "Maximiliano"), LeftOut("recent", ""),
             LeftOut("recent", ""), LeftOut("totals", None, False))
    app = audit.make_app(size, large=True, lang=lang)
    app.go("menu")
    app.store.problems.append(StatsLeftOut("stats", "partial", "", "stats.bad-20261206T203601Z.json", items=items))
    line = app.store.describe_problems(lang)[0]
    assert "Maximiliano" in line and "stats.bad-20261206T203601Z.json" in line and "2 " in line, line
    assert audit.measure(app, "menu-notice").problems == []


def test_a_file_that_cannot_be_set_aside_is_left_as_it_is_and_its_good_figures_still_show():
    """Where the bad file cannot be moved (a read-only folder), it stays as it was, never written over,
    and this session still shows the good figures."""
    class Stuck(MemoryBackend):
        def set_aside(self, key: str, stamp: str) -> str:
            raise OSError("read-only")

    data = copy.deepcopy(GOOD)
    data["people"]["Luis"]["streak"] = -1
    backend = Stuck()
    _unused, text = stored(data)
    backend.write("stats", text)
    store = Store(Storage(backend))
    stats = store.load_stats()
    assert stats["people"]["Ana"] == GOOD["people"]["Ana"] and stats["by"] == GOOD["by"]
    assert backend.values["stats"] == text and aside(backend) == []
    assert "no se sobrescribe" in store.describe_problems("es")[0]
    assert "(parte de las cifras de Luis)" in store.describe_problems("es")[0]


@pytest.mark.parametrize("bad", [{"hands": -1}, {"hand_losses": "5"}, {"matches": 2.5, "match_wins": None}])
def test_a_damaged_overall_count_the_in_all_table_keeps_is_taken_from_it(bad):
    """A damaged "hands" set every hand count to 0 (hands won were then more than played) and the
    statistics screen said "no matches yet" over good tables; the "in all" table keeps the same
    counts: they come from it, and nothing is lost."""
    data = dict(copy.deepcopy(GOOD), **bad)
    backend, _text = stored(data)
    store = Store(Storage(backend))
    assert store.load_stats() == GOOD and store.problems == []


def test_the_statistics_screen_shows_the_tables_when_the_overall_counts_are_lost():
    """No "in all" table to take them from: the tables by level still show, and can be reset."""
    import pygame

    import uidrive as drive
    from game.ui.app import App

    data = dict(copy.deepcopy(GOOD), hands=-1)
    del data["by"]["all"], data["people"]
    backend, _text = stored(data)
    app = App(Store(Storage(backend)), window=True, seed=5, size=(390, 844))
    app.go("stats")
    drawn: list[str] = []
    blit = app.typo.blit
    app.typo.blit = lambda surface, text, *a, **k: drawn.append(text) or blit(surface, text, *a, **k)
    app.step(1 / 30)
    assert app.t("stats.empty") not in drawn and any("Normal" in text for text in drawn), drawn
    assert next(b for b in app.scene.bar.buttons if b.action == "reset").enabled   # "Borrar estadísticas"
    app.step(1 / 30, [drive.key(pygame.K_ESCAPE)])
    assert app.scene.name == "menu"
