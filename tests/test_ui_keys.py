"""Keys as a keyboard-only player meets them: the keypad's Enter, the señas' letters, the focus
shown from the start (an outside tester on keyboards that are not US QWERTY, round 36)."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scenes.common import start_game
from game.ui.i18n import Words
from game.ui.inputmap import Key
from game.ui.widgets import Button, ButtonBar, key_label

DT = 1 / 30


def make_app(lang: str = "es") -> App:
    app = App(Store(Storage(MemoryBackend())), window=False, seed=3, size=(1280, 720))
    app.settings["speed"] = "instant"
    app.set_setting("lang", lang)
    return app


def keypad_enter() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP_ENTER, mod=0, unicode="\r", scancode=88)


def wait(app: App, seconds: float = 0.5) -> None:
    for _ in range(int(seconds / DT)):
        app.step(DT)


def test_the_keypads_enter_presses_a_button_whose_key_is_enter():
    bar = ButtonBar([Button(pygame.Rect(0, 0, 100, 40), "opt.start", "start", pygame.K_RETURN),
                     Button(pygame.Rect(0, 50, 100, 40), "common.back", "back", pygame.K_ESCAPE)])
    assert bar.handle(Key(pygame.K_KP_ENTER)) == "start"
    bar.buttons[0].enabled = False
    assert bar.handle(Key(pygame.K_KP_ENTER)) is None   # (a button turned off takes neither)


def played_out(app: App) -> None:
    """A match of two started and its first hand played out, seeded moves."""
    start_game(app, Options(players=2))
    moves = random.Random(3)
    while not app.session.hand.over:
        hand = app.session.hand
        app.session.play(moves.choice(hand.legal_moves()) if app.session.is_human(hand.turn) else app.session.bot_move())


@pytest.mark.parametrize("screen, then", [("options", "play"), ("seats", "options"), ("scoring", "play"),
                                          ("match_end", "play")])
def test_the_keypads_enter_goes_on_where_enter_does(screen, then):
    """"Empezar", "Listo", "Siguiente mano", "Revancha": their key is Enter, and the keypad's Enter
    did nothing there (it worked on the menu, the deal and the handoff only)."""
    app = make_app()
    if screen in ("scoring", "match_end"):
        played_out(app)
    app.go(screen)
    wait(app)   # (past the match's end's guard against a double Enter)
    app.step(DT, [keypad_enter()])
    assert app.scene.name == then   # (the deal at the instant speed: over in the same frame)


def test_the_keypads_enter_goes_on_from_a_guided_hands_tip():
    app = make_app("en")
    app.go("menu")
    app.step(DT)
    app.step(DT, [drive.key(pygame.K_g)])
    for _ in range(300):
        app.step(DT)
        if app.scene.name == "deal":
            app.step(DT, [keypad_enter()])
        if app.scene.name == "play" and app.session.guide.showing:
            break
    assert app.session.guide.current.key == "muestra"
    wait(app)
    app.step(DT, [keypad_enter()])
    assert not app.session.guide.showing or app.session.guide.current.key != "muestra"


def at_the_table(app: App, players: int = 4, size=None) -> None:
    """A match of ``players`` with señas started, at its first frames of play."""
    if size is not None:
        app.resize(size, force=True)
    app.go(start_game(app, Options(players=players, senas=players == 4)).name)
    for _ in range(60):
        app.step(DT)
        if app.scene.name == "play":
            return
    raise AssertionError(app.scene.name)


@pytest.mark.parametrize("lang, letters", [("es", "ATR"), ("ca", "ATR"), ("en", "ATK")])
def test_each_senas_key_is_its_words_first_letter_and_the_one_shown(lang, letters):
    """In English the King's button said "King R" and K did nothing: each seña's key is its word's
    first letter in the language, the one drawn on its button, and the help lines name the same."""
    words = Words(lang)
    keys = "".join(words.t(f"sena.{rank}.key") for rank in (1, 3, 12))
    assert keys == letters == "".join(words.t(f"sena.{rank}")[0] for rank in (1, 3, 12))
    assert not set(keys.lower()) & set("slhp")   # the table's other letters: cambio, last baza, hint, points
    for key in ("play.keys_senas", "play.keys_senas_no_points", "rules.keys"):
        assert "/".join(keys) in words.t(key), key
    app = make_app(lang)
    at_the_table(app)
    scene = app.scene
    assert [key_label(b.hotkey, app) for b in scene.sena_bar.buttons] == list(keys)
    for b in scene.sena_bar.buttons:
        b.enabled = True
    assert [scene.sena_bar.handle(Key(ord(ch.lower()))) for ch in keys] == ["sena1", "sena3", "sena12"]
    assert scene.sena_bar.handle(Key(pygame.K_k if lang != "en" else pygame.K_r)) is None


def test_the_english_keys_say_signals_as_the_table_does():
    words = Words("en")
    assert "señas" not in words.t("rules.keys") and "signals" in words.t("rules.keys")


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_the_tables_help_line_names_p_for_the_points(lang):
    """The line at the top of the table left out P (show or hide the points): named where it fits;
    where only that does not fit (800x600, four players, in Spanish), the line without it, not the
    short one."""
    app = make_app(lang)
    at_the_table(app, players=2)
    with drive.drawn(app) as texts:
        app.step(DT)
    assert app.t("play.keys") in [d.text for d in texts] and " P " in app.t("play.keys")
    app = make_app(lang)
    at_the_table(app, size=(800, 600))
    with drive.drawn(app) as texts:
        app.step(DT)
    drawn = [d.text for d in texts]
    assert app.t("play.keys_short") not in drawn
    assert app.t("play.keys_senas_no_points" if lang == "es" else "play.keys_senas") in drawn


def test_the_statistics_show_a_focus_from_the_start_and_enter_acts_on_it():
    """As on the menu: a button in focus, drawn so, from the first frame ("Volver": Enter goes back);
    none was drawn and Enter did nothing until Tab. Tab moves it, and a new layout keeps it."""
    app = make_app()
    app.go("menu")
    app.step(DT)
    app.step(DT, [drive.key(pygame.K_e)])
    scene = app.scene
    assert scene.name == "stats" and scene.bar.focus == 0
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene.name == "menu"
    app.step(DT, [drive.key(pygame.K_e)])
    app.step(DT, [drive.key(pygame.K_TAB)])
    app.resize((1024, 768), force=True)
    assert app.scene.bar.focus == 1
    app.step(DT, [keypad_enter()])
    assert app.scene.name == "history"


@pytest.mark.parametrize("careful", [False, True], ids=["quit", "new-over-saved"])
def test_a_question_keeps_its_focus_when_the_window_is_resized(careful):
    """The desktop's quit question starts on "Sí" (Enter quits): a player who moved the focus to
    "No" and then had the window resized (tiling, another screen, F11) had it put back on "Sí",
    and Enter quit. The focus now stays where the player put it, as on the menu and the
    statistics; the careful question (a new match over the saved one) keeps its moved focus too."""
    from game.ui.scene import Go

    app = make_app()
    app.go("menu")
    app.step(DT)
    if careful:   # as the menu asks it over a saved match
        app.go("confirm", title="confirm.new_title", yes=Go("options"), yes_label="confirm.new_yes", careful=True)
    else:
        app.step(DT, [drive.key(pygame.K_ESCAPE)])
    app.step(DT)
    scene = app.scene
    assert scene.name == "confirm" and scene.careful == careful
    start = scene.bar.focus
    app.step(DT, [drive.key(pygame.K_LEFT if not careful else pygame.K_RIGHT)])
    moved = scene.bar.focus
    assert moved != start
    for size in ((1279, 720), (1024, 768), (1280, 720)):
        app.step(DT, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        assert app.scene is scene and scene.bar.focus == moved, size
    app.step(DT, [drive.key(pygame.K_RETURN)])   # the answer the player chose
    assert app.running and app.scene.name == ("options" if careful else "menu")
