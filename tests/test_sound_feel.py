"""Sound and feel (issue 15): the volume setting, the browser's mute until the first gesture, the
buzz once per turn of a person, and the statistics reset question in singular and plural."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive
from game.hand import SWAP
from game.storage import MemoryBackend, Storage
from game.ui import app as app_module
from game.ui import feel, sound, web
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scenes.common import start_game
from game.ui.seats import parse_spec

DT = 1 / 30


class FakeSound:
    """Stands in for ``pygame.mixer.Sound``: records its volume and every play (at which volume)."""

    made: list["FakeSound"] = []

    def __init__(self, buffer: bytes) -> None:
        self.volume = 1.0
        self.plays: list[float] = []
        FakeSound.made.append(self)

    def set_volume(self, value: float) -> None:
        self.volume = value

    def get_volume(self) -> float:
        return self.volume

    def play(self) -> None:
        self.plays.append(self.volume)


@pytest.fixture
def fake_mixer(monkeypatch):
    FakeSound.made = []
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    return FakeSound


def plays() -> list[float]:
    return [v for s in FakeSound.made for v in s.plays]


def make_app(store: Store | None = None) -> App:
    app = App(store or Store(Storage(MemoryBackend())), window=False, seed=3)
    app.go("menu")
    app.step(DT)
    return app


# --- volume -------------------------------------------------------------------------------------


def test_the_volume_applies_at_once_to_every_sound_made_and_to_be_made():
    sounds = sound.Sounds(volume=30)
    assert sounds.available  # the dummy audio driver gives a real mixer
    for name in sound.Sounds.NAMES[:4]:
        sounds.get(name)
    for made in sounds.sounds.values():
        assert made.get_volume() == pytest.approx(sound.loudness(30), abs=0.01)
    sounds.set_volume(70)
    for made in sounds.sounds.values():
        assert made.get_volume() == pytest.approx(sound.loudness(70), abs=0.01)
    later = sounds.get(sound.Sounds.NAMES[-1])  # made after the change: at the new volume too
    assert later.get_volume() == pytest.approx(sound.loudness(70), abs=0.01)
    sounds.set_volume(250)
    assert sounds.volume == 100 and later.get_volume() == pytest.approx(sound.loudness(100), abs=0.01)


def test_volume_zero_and_sound_off_play_nothing(fake_mixer):
    sounds = sound.Sounds(volume=0)
    sounds.play("card")
    assert plays() == [] and not sounds.audible()
    sounds.set_volume(40)
    sounds.play("card")
    assert plays() == [pytest.approx(sound.loudness(40))]
    sounds.enabled = False
    sounds.play("card")
    assert len(plays()) == 1


def test_a_stored_volume_becomes_the_nearest_step_of_the_row():
    assert sound.volume_step(80) == 80 and sound.volume_step(0) == 0 and sound.volume_step(100) == 100
    assert sound.volume_step(74) == 70 and sound.volume_step(76) == 80
    for bad in (None, "80", 80.0, True, -1, 101):
        assert sound.volume_step(bad) == sound.DEFAULT_VOLUME


def rows(app: App) -> dict:
    scene = app.scene
    return {row.label: (i, row) for i, row in enumerate(scene.list.shown())}


def test_settings_rows_change_the_volume_and_the_vibration_at_once_and_keep_them(fake_mixer):
    store = Store(Storage(MemoryBackend()))
    app = make_app(store)
    assert app.sounds.volume == sound.DEFAULT_VOLUME == 80
    app.go("settings")
    app.step(DT)
    found = rows(app)
    assert {"set.volume", "set.vibrate", "set.sound"} <= set(found)
    i, volume = found["set.volume"]
    assert volume.value == 80 and volume.text(80) == "80\u00a0%"
    for _ in range(i):
        app.step(DT, [drive.key(pygame.K_DOWN)])
    app.step(DT, [drive.key(pygame.K_LEFT)])
    app.step(DT, [drive.key(pygame.K_LEFT)])
    assert app.settings["volume"] == 60 and app.sounds.volume == 60
    assert plays()[-1] == pytest.approx(sound.loudness(60))  # the row's click is heard at the new volume
    # a tap on the vibration row's value turns it off (and on again)
    j, vibrate = found["set.vibrate"]
    assert vibrate.value is True
    value_box = app.scene.list.value_rect(app.scene.list.rect_of(j))
    app.step(DT, drive.tap(value_box.center, app.layout.size))
    assert app.settings["vibrate"] is False
    # both kept across a reload, and read back by a new app
    again = make_app(store)
    assert again.settings["volume"] == 60 and again.settings["vibrate"] is False and again.sounds.volume == 60
    again.go("settings")
    again.step(DT)
    assert rows(again)["set.volume"][1].value == 60 and rows(again)["set.vibrate"][1].value is False
    for lang in ("es", "en"):
        again.set_setting("lang", lang)
        for key in ("set.volume", "set.vibrate"):
            assert again.t(key) != key
    assert rows(again)["set.volume"][1].text(50) == "50%"  # English


# --- the browser: mute until the first gesture --------------------------------------------------


def start_deal(app: App) -> None:
    app.manager.switch(start_game(app, Options(players=2)))


@pytest.mark.parametrize("gesture", ["tap", "key", "click"])
def test_the_browser_plays_nothing_before_the_first_tap_or_key(monkeypatch, fake_mixer, gesture):
    monkeypatch.setattr(app_module, "BROWSER", True)
    app = App(Store(Storage(MemoryBackend())), window=False, seed=3)
    app.set_setting("volume", 50)
    assert app.browser and app.sounds.locked
    wanted: list[str] = []
    play = app.sounds.play

    def spy(name: str) -> None:
        wanted.append(name)
        play(name)

    monkeypatch.setattr(app.sounds, "play", spy)
    app.go("menu")
    start_deal(app)
    for _ in range(20):  # the deal plays its sounds by itself: none may be heard yet
        app.step(DT, [drive.mouse_move((300, 300))])  # a pointer moving over the page is not a gesture
    assert app.scene.name == "deal" and "deal" in wanted
    assert plays() == [] and app.sounds.locked
    corner = (2, 2)
    events = {"tap": drive.tap(corner, app.layout.size), "click": drive.click(corner),
              "key": [drive.key(pygame.K_LSHIFT)]}[gesture]
    app.step(DT, events)
    assert not app.sounds.locked
    start_deal(app)  # a new deal: heard now
    for _ in range(20):
        app.step(DT)
    assert plays() and all(v == pytest.approx(sound.loudness(50)) for v in plays())  # at the chosen volume


def test_off_the_browser_sound_plays_from_the_start(fake_mixer):
    app = make_app()
    assert not app.browser and not app.sounds.locked
    start_deal(app)
    for _ in range(60):
        app.step(DT)
    assert plays() and all(v == pytest.approx(sound.loudness(80)) for v in plays())


# --- the buzz when it is a person's turn ---------------------------------------------------------


def play_hand(spec: str, seed: int, vibrate: bool | None, monkeypatch, speed: str = "instant") -> tuple[list, set]:
    """One whole hand with ``spec``'s seats; people's moves by keys (a cambio first when open),
    each made only after the table has settled. Returns (the buzzes as (ms, turn), the turns of
    people seen)."""
    buzzes: list = []
    app = App(Store(Storage(MemoryBackend())), window=False, seed=seed, autoplay=not spec)  # autoplay: a demo
    app.settings["speed"] = speed
    if vibrate is not None:
        app.settings["vibrate"] = vibrate

    def turn_now() -> tuple:
        hand = app.session.hand
        return (len(hand.tricks), len(hand.table), hand.turn)

    def record(ms: int) -> None:
        assert app.session.human_to_move()  # never for a computer's turn
        buzzes.append((ms, turn_now()))

    monkeypatch.setattr(web, "vibrate", record)
    app.go("menu")
    seats = parse_spec(spec) if spec else None
    players = len(seats) if seats else 2
    app.manager.switch(start_game(app, Options(players=players, level="beginner", first_to=1), seats))
    assert app.session.demo == (not spec)
    people_turns: set = set()
    settled = 0
    for _ in range(40000):
        scene, session = app.scene, app.session
        events = []
        if scene.name == "handoff" and scene.clock > scene.GUARD:
            events = [drive.key(pygame.K_RETURN)]
        elif scene.name == "play" and session.human_to_move() and not scene.table.animator.busy:
            people_turns.add(turn_now())
            settled += 1
            if settled >= 6:  # a few frames at the person's turn: it must still buzz only once
                settled = 0
                hand = session.hand
                legal = hand.legal_moves()
                if SWAP in legal:
                    events = [drive.key(pygame.K_s)]
                else:
                    move = random.Random(len(hand.moves)).choice([m for m in legal if m != SWAP])
                    i = scene.table.model.hands[session.viewer].index(move)
                    events = [drive.key(pygame.K_1 + i)]
        elif scene.name in ("scoring", "match_end"):
            break
        app.step(DT, events)
        drive.check_hand(app.session.hand)
    else:
        raise AssertionError(f"the hand did not end (scene {app.scene.name})")
    return buzzes, people_turns


@pytest.mark.parametrize("spec,seed,speed", [("person,cpu", 4, "fast"), ("person,cpu,cpu", 5, "instant"),
                                             ("person,cpu,person,cpu", 6, "instant"), ("person:Ana,person:Luis", 7, "fast")])
def test_a_person_is_buzzed_exactly_once_per_turn_and_never_for_a_computer(monkeypatch, spec, seed, speed):
    buzzes, turns = play_hand(spec, seed, None, monkeypatch, speed)
    assert turns and len(turns) >= 40 // len(spec.split(",")) - 1
    assert [turn for _, turn in buzzes] == sorted(turns)  # one buzz per turn, in order, none twice
    assert all(ms == feel.BUZZ_MS for ms, _ in buzzes)


def test_no_buzz_with_the_setting_off_or_in_a_demo(monkeypatch):
    buzzes, turns = play_hand("person,cpu", 4, False, monkeypatch)
    assert turns and buzzes == []
    buzzes, turns = play_hand("", 4, True, monkeypatch)
    assert turns == set() and buzzes == []


def test_a_cambio_and_the_card_after_it_are_one_turn(monkeypatch):
    class Hand:  # what TurnBuzz reads of a hand
        def __init__(self) -> None:
            self.trick_number, self.table = 0, []

    calls: list[int] = []
    monkeypatch.setattr(web, "vibrate", calls.append)
    buzz = feel.TurnBuzz()
    hand = Hand()
    assert buzz.person_to_move(hand, {}) is True  # the default is on
    assert buzz.person_to_move(hand, {}) is False  # the same turn (e.g. after a cambio, or a redraw)
    hand.table.append((1, "card"))
    assert buzz.person_to_move(hand, {"vibrate": True}) is True  # the next turn
    assert buzz.person_to_move(Hand(), {"vibrate": True}) is True  # a new hand's first turn
    assert buzz.person_to_move(Hand(), {"vibrate": False}) is False
    assert calls == [feel.BUZZ_MS] * 3


# --- the statistics reset question --------------------------------------------------------------


@pytest.mark.parametrize("lang,matches,hands,expected,wrong", [
    ("es", 1, 1, "1 partida y 1 mano contra la máquina,", ("1 partidas", "1 manos")),
    ("es", 2, 5, "2 partidas y 5 manos contra la máquina,", ()),
    ("es", 0, 1, "0 partidas y 1 mano contra la máquina,", ("1 manos",)),
    ("en", 1, 1, "1 match and 1 hand against the computer,", ("1 matches", "1 hands")),
    ("en", 3, 7, "3 matches and 7 hands against the computer,", ()),
])
def test_the_reset_question_says_singular_and_plural_right(lang, matches, hands, expected, wrong):
    app = make_app()
    app.set_setting("lang", lang)
    app.stats.update({"matches": matches, "hands": hands})
    app.go("stats")
    app.step(DT)
    app.step(DT, [drive.key(pygame.K_DELETE)])
    scene = app.scene
    assert scene.name == "confirm"
    text = app.t(scene.text, **scene.fmt)
    assert f"{matches}\u00a0" in text and f"{hands}\u00a0" in text  # a number never ends a line without its noun
    text = text.replace("\u00a0", " ")
    assert expected in text and not any(w in text for w in wrong), text


@pytest.mark.parametrize("lang,n,expected", [("es", 1, "La última partida"), ("es", 2, "Últimas 2 partidas"),
                                             ("en", 1, "The last match"), ("en", 3, "Last 3 matches")])
def test_the_chart_title_counts_the_last_matches_right(monkeypatch, lang, n, expected):
    app = make_app()
    app.set_setting("lang", lang)
    app.stats.update({"matches": n, "hands": n, "recent": [{"won": True, "points": 70}] * n})
    drawn: list[str] = []
    blit = app.typo.blit
    monkeypatch.setattr(app.typo, "blit", lambda surface, text, *a, **k: drawn.append(text) or blit(surface, text, *a, **k))
    app.go("stats")
    app.step(DT)
    assert any(t.startswith(expected) for t in drawn), drawn


def test_a_won_match_ends_with_a_fanfare_and_a_lost_one_without(monkeypatch, fake_mixer):
    """The count plays the last hand's sound; the end of a won match plays a fanfare of its own (four
    notes in turn, the last ringing on), once; a lost match, a demo and a screen opened on an
    undecided match play none."""
    from game.ui.desktop import audit
    from game.ui.session import Session

    app = make_app()
    heard: list[str] = []
    play = app.sounds.play
    monkeypatch.setattr(app.sounds, "play", lambda name: heard.append(name) or play(name))
    outcomes = {}
    for seed in range(40):
        session = audit.play_out(Session(Options(players=2, first_to=1), seed=seed), random.Random(seed))
        outcomes.setdefault(session.match.winner_side == 0, session)
        if len(outcomes) == 2:
            break
    for won, session in outcomes.items():
        heard.clear()
        app.session = session
        app.go("match_end")
        for _ in range(10):
            app.step(DT)
        assert heard.count("fanfare") == int(won)
    demo = audit.play_out(Session(Options(players=2, first_to=1), seed=1, human_seats=()), random.Random(1))
    heard.clear()
    app.session = demo
    app.go("match_end")
    app.step(DT)
    assert "fanfare" not in heard
    fanfare = app.sounds.get("fanfare")
    assert fanfare is not None and sound.Sounds.SPECS["fanfare"][1] == pytest.approx(0.9)


def test_the_sounds_are_made_at_the_games_own_rate():
    """pygame.init() opened the mixer at 44.1 kHz before Sounds could choose 22,050 Hz: every sound
    took twice the work to make (the fanfare 25-43 ms in one frame here, more in a browser)."""
    pygame.mixer.quit()
    app = App(Store(Storage(MemoryBackend())), window=False, seed=1)
    if not app.sounds.available:   # no mixer on this machine: nothing is made at any rate
        drive.no_mixer()
    assert app.sounds.format[0] == sound.RATE == pygame.mixer.get_init()[0]
