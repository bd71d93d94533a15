"""New-game options: one table (rules' and the interface's), one policy for bad saved values, the menu's rows."""

from __future__ import annotations

import dataclasses

import pytest

from game.rules import RULE_OPTIONS, Rules
from game.ui.i18n import Words, languages
from game.ui.options import ALL_OPTIONS, REMOVABLE, Options, menu_rows

ROWS = menu_rows()


def test_the_menu_rows_in_the_menus_order_one_field_each():
    assert [r.name for r in ROWS] == ["players", "level", "swap_seven", "swap_timing", "swap_two", "senas",
                                      "watch", "removed_card", "first_to", "show_score"]
    assert {f.name for f in dataclasses.fields(Options)} == {o.name for o in ALL_OPTIONS}
    assert set(RULE_OPTIONS) <= set(ALL_OPTIONS)
    assert REMOVABLE == ("2O", "2C", "2E", "2B")
    assert next(r for r in ROWS if r.name == "level").values == ("beginner", "normal", "hard", "expert")


@pytest.mark.parametrize("lang", list(languages()))
def test_every_row_and_value_has_words_in_every_language(lang):
    words = Words(lang)
    for row in ROWS:
        assert words.has(row.label), row.label
        texts = [row.text(words, v) for v in row.values]
        assert all(t and "." not in t for t in texts) and len(set(texts)) == len(texts), (row.name, texts)


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_every_value_saves_and_loads_and_reaches_the_rules(row):
    for value in row.values:
        chosen = {"players": 3, row.name: value}
        options = Options(**chosen)
        assert getattr(options, row.name) == value
        assert Options.from_json(options.to_json()) == options
        assert row.values[row.index(options)] == value
        rules = options.rules()
        assert rules == Rules.from_json({o.name: options.to_json()[o.name] for o in RULE_OPTIONS})


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_a_bad_saved_value_takes_its_default_and_loses_nothing_else(row):
    keep = {"players": 4, "first_to": 1, "show_score": False, "watch": 3}
    keep.pop(row.name, None)
    default = getattr(Options(), row.name)
    for bad in ("x" * 1000, None, [1], {"a": 1}, 7, -1, 2.0, "true"):
        if bad in row.values:
            continue
        options = Options.from_json({**keep, row.name: bad, "unknown_option": 1})
        assert getattr(options, row.name) == default, (row.name, bad)
        assert all(getattr(options, k) == v for k, v in keep.items()), (row.name, bad)
    if isinstance(default, bool):  # 1 is not True here
        assert getattr(Options.from_json({row.name: int(not default)}), row.name) == default
    assert Options.from_json(None) == Options() == Options.from_json([1, 2])


def test_rows_are_shown_only_when_they_mean_something():
    def shown(**chosen):
        values = Options(**chosen).to_json()
        return {r.name for r in ROWS if r.visible(values)}

    everything = {r.name for r in ROWS}
    assert shown(players=2) == everything - {"senas", "watch", "removed_card"}
    assert shown(players=3) == everything - {"senas", "watch"}
    assert shown(players=4) == everything - {"removed_card"}
    assert shown(players=4, senas=False) == everything - {"removed_card", "watch"}
    assert shown(players=2, swap_seven=False) == everything - {"senas", "watch", "removed_card", "swap_timing", "swap_two"}


def test_row_texts():
    es, en = Words("es"), Words("en")
    players = next(r for r in ROWS if r.name == "players")
    removed = next(r for r in ROWS if r.name == "removed_card")
    swap = next(r for r in ROWS if r.name == "swap_seven")
    assert players.text(es, 4) == "4 (por parejas)" and removed.text(en, "2B") == "two of clubs"
    assert swap.text(es, True) == "Sí" and swap.text(en, False) == "Off"


@pytest.mark.parametrize("size,large,lang", [((390, 844), False, "es"), ((320, 568), False, "ca"),
                                             ((390, 844), True, "en"), ((1280, 720), False, "es")])
def test_the_levels_description_is_named_or_whole_or_left_out(size, large, lang):
    """Under New game the level's description was drawn on two lines at most and stopped mid-sentence
    ("…con dos jugadores juega") with room to spare; named ("Nivel Normal: …") it was cut more often.
    It takes the lines there are room for, named where that fits, plain else, and is left out where
    even that does not fit (the row names the level)."""
    import pygame

    import uidrive as drive
    from game.storage import MemoryBackend, Storage
    from game.ui import players
    from game.ui.app import App
    from game.ui.persist import Store
    from game.ui.text import ELLIPSIS

    app = App(Store(Storage(MemoryBackend())), window=False, seed=1, size=size)
    app.set_setting("lang", lang)
    app.set_setting("large_text", large)
    app.go("options")
    app.step(1 / 30)
    scene, words = app.scene, Words(lang)
    whole = 0
    for level in scene.r_level.values:
        scene.r_level.index = scene.r_level.values.index(level)
        with drive.drawn(app) as seen:
            scene.draw(app.surface)
        about = players.level_description(level, lang)
        below = [d.text for d in seen if d.rect.top >= scene.list.bottom() and d.text != app.t("opt.help")
                 and d.rect.bottom <= app.layout.menu.pair_left.top]
        text = " ".join(below)
        assert not below or text.endswith(about.split()[-1]), (level, text)
        assert not text.endswith(ELLIPSIS)
        whole += bool(below)
        if text.startswith(words.t("opt.level_about", level="", about="").split()[0]):
            assert words.t(f"level.{level}") in text
    if size == (390, 844) and not large:
        assert whole == len(scene.r_level.values)   # a phone held upright has the room for every one whole


@pytest.mark.parametrize("lang", list(languages()))
@pytest.mark.parametrize("large", [False, True])
def test_the_cambio_rows_say_what_their_value_means_while_selected(large, lang):
    """The new-game screen explained the computer's level only: "Cambio del dos" and "Cuándo se
    cambia", the house rules that vary most from table to table, were explained on the Reglas screen
    alone. Selected, each says what its value means: under the list where there is room, else in a
    panel over the list's other rows, never over its own; whole, at every size the layout audit
    runs, with 2, 3 and 4 players, for every value, and with no layout problem."""
    import pygame

    import uidrive as drive
    from game.ui.desktop import audit
    from game.ui.text import ELLIPSIS

    keys = {"swap_two": lambda v: "opt.about.swap_two." + ("on" if v else "off"),
            "swap_timing": lambda v: f"opt.about.timing.{v}"}
    for size in audit.SIZES:
        app = audit.make_app(size, large, lang)
        app.go("options")
        scene = app.scene
        for players in (2, 3, 4):
            scene.r_players.index = scene.r_players.values.index(players)
            for name, key in keys.items():
                row = scene.by_name[name]
                while (at := scene.list.shown()[min(scene.list.selected, len(scene.list.shown()) - 1)]) is not row:
                    up = scene.list.shown().index(row) < scene.list.shown().index(at)   # (the short way round)
                    app.step(1 / 60, [drive.key(pygame.K_UP if up else pygame.K_DOWN)])
                for value in row.values:
                    row.index = row.values.index(value)
                    with drive.drawn(app) as said:
                        report = audit.measure(app, "options")
                    note = app.t(key(value))
                    drawn = " ".join(d.shown for d in said)
                    where = (size, players, name, value)
                    assert note in drawn and not drawn.endswith(ELLIPSIS), where
                    assert not report.problems, (where, report.line())
                    mine = scene.list.rect_of(scene.list.shown().index(row))
                    lines = [d for d in said if d.rect.top >= scene.list.bottom()] if scene.about_box is None else []
                    assert scene.about_box is None or not scene.about_box.colliderect(mine), where
                    assert scene.about_box is not None or note in " ".join(d.shown for d in lines), where


def test_a_tap_on_a_rows_note_puts_it_away_and_changes_no_row_under_it():
    """At 320x568 with large text the note of "Cambio del dos" lies over other rows: a tap on it
    puts it away (until another row or value is chosen), and the row under it keeps its value."""
    import pygame

    import uidrive as drive
    from game.ui.desktop import audit

    app = audit.make_app((320, 568), True)
    app.go("options")
    scene = app.scene
    while scene.list.shown()[min(scene.list.selected, len(scene.list.shown()) - 1)] is not scene.r_two:
        app.step(1 / 60, [drive.key(pygame.K_DOWN)])
    app.scene.draw(app.surface)
    box = scene.about_box
    assert box is not None
    before = scene.options()
    app.step(1 / 60, drive.tap(box.center, app.layout.size))
    assert scene.options() == before
    with drive.drawn(app) as said:
        scene.draw(app.surface)
    assert scene.about_box is None and app.t("opt.about.swap_two.off") not in " ".join(d.shown for d in said)
    app.step(1 / 60, [drive.key(pygame.K_RIGHT)])   # its value changed: the note again, for the new value
    with drive.drawn(app) as said:
        scene.draw(app.surface)
    assert app.t("opt.about.swap_two.on") in " ".join(d.shown for d in said)
