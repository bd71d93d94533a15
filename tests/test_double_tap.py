"""A double tap (or double click) is one gesture: its second press, landing on whatever the next
screen has under the finger, is dropped (``scene.DOUBLE_TAP``). Outside testers found it answering
"Borrar" to the question "Borrar estadísticas" had just asked, playing a card of the hand a handoff
had just shown, skipping the match's end for a rematch, turning a house rule off."""

from __future__ import annotations

import json

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scene import DOUBLE_TAP
from game.ui.scenes.confirm import CAREFUL_GUARD
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.common import start_game
from game.ui.seats import parse_spec

DT = 1 / 30
SIZE = (390, 844)
STATS = {"matches": 4, "match_wins": 2, "hands": 9, "hand_wins": 5, "hand_losses": 3, "voids": 1, "best": 88, "swaps": 2}


def open_app(backend: MemoryBackend, seed: int = 1) -> App:
    app = App(Store(Storage(backend)), window=False, seed=seed, size=SIZE)
    app.settings["speed"] = "fast"
    app.go("menu")
    app.step(DT)
    return app


def tap_at(app: App, pos, frames_after: int) -> None:
    """A tap at the logical point ``pos`` (a finger, with SDL's mouse copies), then ``frames_after`` frames."""
    app.step(DT, drive.tap(pos, window=app.layout.size))
    for _ in range(frames_after):
        app.step(DT)


def stored_stats(backend: MemoryBackend) -> dict:
    return json.loads(backend.values["stats"])["data"]


def stats_screen() -> tuple[App, MemoryBackend, tuple[int, int]]:
    """The statistics screen with :data:`STATS` stored: (app, storage, where "Borrar estadísticas" is)."""
    backend = MemoryBackend()
    backend.write("stats", json.dumps({"brisca": "save", "key": "stats", "version": 1, "data": STATS}))
    app = open_app(backend)
    app.go("stats")
    app.step(DT)
    return app, backend, next(b for b in app.scene.bar.buttons if b.action == "reset").rect.center


def yes_at(app: App) -> tuple[int, int]:
    """Where the question's "Sí, borrar" is (left of its gold "No" since round 39, which lies where
    "Borrar estadísticas" was)."""
    return next(b for b in app.scene.bar.buttons if b.action == "yes").rect.center


def test_a_double_tap_on_borrar_estadisticas_asks_and_a_later_tap_answers():
    app, backend, reset = stats_screen()
    tap_at(app, reset, 4)   # 0.13 s apart: one gesture
    tap_at(app, reset, 2)
    assert app.scene.name == "confirm" and stored_stats(backend)["matches"] == 4
    for _ in range(int(0.5 / DT) - 6):   # a shaky repeat half a second after: a careful question is read first
        app.step(DT)
    tap_at(app, reset, 2)
    assert app.scene.name == "confirm" and stored_stats(backend)["matches"] == 4
    for _ in range(int(CAREFUL_GUARD / DT)):   # read; a tap on "Sí" now is meant
        app.step(DT)
    tap_at(app, yes_at(app), 2)
    assert stored_stats(backend)["matches"] == 0


def test_a_double_tap_on_the_handoff_shows_the_hand_and_plays_nothing():
    for seed in (1, 2):
        app = open_app(MemoryBackend(), seed)
        app.manager.switch(start_game(app, Options(players=2, first_to=1), parse_spec("person:Ana,person:Luis")))
        for _ in range(600):
            app.step(DT)
            if app.scene.name == "handoff" and app.scene.clock > 0.7:
                break
        seat, moves = app.scene.seat, len(app.session.hand.moves)
        spot = (app.layout.w // 2, int(app.layout.h * 0.85))   # where a thumb rests: the hand, once shown
        tap_at(app, spot, 5)
        assert app.scene.name == "play" and app.session.viewer == seat
        assert app.scene.table.card_at(spot, seat) is not None
        tap_at(app, spot, 3)
        assert len(app.session.hand.moves) == moves, "the second tap played a card nobody had seen"
        while app.scene.clock < HandoffScene.REVEAL + HandoffScene.GUARD:   # the hand seen (the test below)
            app.step(DT)
        tap_at(app, spot, 3)   # a tap of its own, later: it plays (or lifts, with two taps on)
        assert len(app.session.hand.moves) == moves + 1


def test_a_double_tap_skipping_the_deal_plays_no_card():
    """"Toca para saltar" ends the deal on the press, and the table comes a frame later: the second
    tap of a double tap there played the card under the thumb before the person had seen the hand
    (21 of 24 where the person leads). It goes with the deal; a tap of its own later plays."""
    app = open_app(MemoryBackend(), seed=1)
    app.manager.switch(start_game(app, Options(players=2, first_to=1)))
    for _ in range(int(0.5 / DT)):   # the deal under way
        app.step(DT)
    assert app.scene.name == "deal" and app.session.hand.turn == 0   # the person leads
    spot = (app.layout.w // 2, int(app.layout.h * 0.85))   # where a thumb rests: the hand, once laid out
    tap_at(app, spot, 4)
    assert app.scene.name == "play" and app.scene.table.card_at(spot, 0) is not None
    tap_at(app, spot, 3)
    assert app.session.hand.moves == [], "the second tap played a card nobody had seen"
    for _ in range(int(DOUBLE_TAP / DT)):
        app.step(DT)
    tap_at(app, spot, 3)
    assert len(app.session.hand.moves) == 1


def _handoff(seed: int) -> App:
    """Two people at one device, the screen that passes it to the next (read: past its guard)."""
    app = open_app(MemoryBackend(), seed)
    app.manager.switch(start_game(app, Options(players=2, first_to=1), parse_spec("person:Ana,person:Luis")))
    for _ in range(600):
        app.step(DT)
        if app.scene.name == "handoff" and app.scene.clock > 0.7:
            return app
    raise AssertionError("no handoff")


def test_a_triple_tap_on_the_handoff_plays_nothing():
    """Only the second tap of a burst was dropped: a shaking finger's third on "Pasa el dispositivo"
    played a card of the hand just shown (11 of 60 handoffs)."""
    for seed in (1, 2):
        app = _handoff(seed)
        moves = len(app.session.hand.moves)
        spot = (app.layout.w // 2, int(app.layout.h * 0.85))
        tap_at(app, spot, 4)
        assert app.scene.name == "play" and app.scene.table.card_at(spot, app.session.viewer) is not None
        tap_at(app, spot, 4)
        tap_at(app, spot, 4)
        assert len(app.session.hand.moves) == moves, "the burst's third tap played a card"


def test_a_triple_tap_on_ver_final_shows_the_match_end():
    """A triple tap on "Ver final" went on past the match's end to "Revancha" under it (13 of 14)."""
    app = open_app(MemoryBackend(), seed=5)
    app.settings["speed"] = "instant"
    app.manager.switch(start_game(app, Options(players=2, first_to=1), parse_spec("person:Ana,cpu:beginner")))
    for _ in range(20000):
        if app.scene.name == "scoring":
            break
        if app.scene.name == "play" and app.session.human_to_move() and not app.scene.table.animator.busy:
            app.step(DT, [drive.key(pygame.K_1)])
        else:
            app.step(DT)
    assert app.scene.name == "scoring" and app.session.match.over
    for _ in range(int(DOUBLE_TAP / DT) + 1):
        app.step(DT)
    go_on = app.scene.bar.buttons[0].rect.center   # "Ver final"
    tap_at(app, go_on, 4)
    assert app.scene.name == "match_end"
    rematch = next(b for b in app.scene.bar.buttons if b.action == "rematch").rect
    assert rematch.collidepoint(go_on)   # the rematch lies under the finger
    for _ in range(3):
        tap_at(app, go_on, 4)
    assert app.scene.name == "match_end" and app.session.match.over


def test_four_quick_taps_on_borrar_estadisticas_erase_nothing():
    """The question's "Sí, borrar" lay where "Borrar estadísticas" was (its gold "No" does since round
    39), and its guard is 0.6 s from opening: a burst of four taps, the fourth past that, erased every
    figure (16 of 20). The whole
    burst goes with the button that asked; a tap once the finger was still answers."""
    app, backend, reset = stats_screen()
    for _ in range(5):   # each tap 0.23 s after the last's release: the fourth 0.7 s after the first
        tap_at(app, reset, 6)
    assert app.scene.name == "confirm" and app.scene.clock > CAREFUL_GUARD
    assert stored_stats(backend)["matches"] == 4
    for _ in range(int(DOUBLE_TAP / DT)):
        app.step(DT)
    tap_at(app, yes_at(app), 2)
    assert stored_stats(backend)["matches"] == 0


def test_a_double_tap_on_the_guides_low_tip_stays_in_the_guided_hand():
    """The sixth tip of the guided hand lies over the table's buttons: a double tap on its "Seguir"
    closed it, and the second tap pressed "Menú" under it and left the lesson (5 of 11)."""
    from game.ui.scenes import guide_view

    app = open_app(MemoryBackend())
    app.manager.switch(app.scene.act("guide"))
    for _ in range(6000):
        scene, guide = app.scene, app.session.guide
        if scene.name == "play" and guide.current is not None and guide.current.key == "low":
            break
        if scene.name == "play" and guide.current is not None:
            for _ in range(int(DOUBLE_TAP / DT) + 1):
                app.step(DT)
            app.step(DT, [drive.key(pygame.K_RETURN)])
        elif scene.name == "play" and app.session.human_to_move() and not scene.table.animator.busy:
            app.step(DT, [drive.key(pygame.K_1)])
        else:
            app.step(DT)
    assert app.scene.name == "play" and app.session.guide.current.key == "low"
    for _ in range(int(1.0 / DT)):   # the tip read
        app.step(DT)
    go_on = guide_view.buttons(app.scene, guide_view.box_of(app.scene)).buttons[1].rect
    menu = next(b for b in app.scene.bar.buttons if b.action == "menu").rect
    second = (menu.left + 8, go_on.centery)   # a fingertip to the right: over "Menú"
    assert menu.collidepoint(second) and abs(second[0] - go_on.centerx) < app.layout.touch
    tap_at(app, go_on.center, 4)
    assert app.session.guide.current is None or app.session.guide.current.key != "low"
    tap_at(app, second, 4)
    assert app.scene.name == "play" and not app.session.guide.skipped


def test_a_double_tap_on_nueva_partida_changes_no_rule():
    app = open_app(MemoryBackend())
    new = next(b for b in app.scene.bar.buttons if b.action == "new").rect.center
    tap_at(app, new, 4)
    assert app.scene.name == "options"
    values = [row.value for row in app.scene.list.rows]
    tap_at(app, new, 2)
    assert [row.value for row in app.scene.list.rows] == values


def test_on_slow_frames_the_double_tap_window_is_its_real_time():
    """A phone drawing four frames a second: the window counted the frames' times as the pictures
    take them, capped at 0.1 s, so it lasted 0.75 s and a deliberate tap half a second after the
    one that opened New game was dropped (and a careful question's 0.6 s lasted 1.5 s). They are
    measured in the time that passed."""
    slow = 0.25
    app = open_app(MemoryBackend())
    new = next(b for b in app.scene.bar.buttons if b.action == "new").rect.center
    app.step(slow, drive.tap(new, window=app.layout.size))
    assert app.scene.name == "options"
    values = [row.value for row in app.scene.list.rows]
    app.step(slow)
    app.step(slow, drive.tap(new, window=app.layout.size))   # 0.5 s after: meant
    assert [row.value for row in app.scene.list.rows] != values
    app, backend, reset = stats_screen()
    app.step(slow, drive.tap(reset, window=app.layout.size))
    assert app.scene.name == "confirm"
    for _ in range(3):
        app.step(slow)
    app.step(slow, drive.tap(yes_at(app), window=app.layout.size))   # "Sí, borrar", 0.75 s after: read and meant
    assert stored_stats(backend)["matches"] == 0


def test_the_manager_drops_only_a_near_and_quick_second_press():
    from game.ui.inputmap import Pointer
    from game.ui.scene import Scene, SceneManager

    seen = []

    class Probe(Scene):
        name = "probe"

        def handle_event(self, event):
            seen.append(event.kind)
            return None

    class Leaving(Scene):
        name = "leaving"

        def handle_event(self, event):
            seen.append(event.kind)
            return probe if event.kind == "up" else None

    probe = Probe(None)
    manager = SceneManager()
    manager.switch(Leaving(None))
    manager.handle_event(Pointer("down", (100, 100)))
    manager.handle_event(Pointer("up", (100, 100)))   # the scene changes on this release
    assert manager.scene is probe
    manager.update(0.1)
    manager.handle_event(Pointer("down", (110, 104)))   # near and quick: dropped, with its release
    manager.handle_event(Pointer("up", (110, 104)))
    assert seen == ["down", "up"]
    manager.update(0.1)
    manager.handle_event(Pointer("down", (104, 110)))   # a shaking finger's third: the same burst, dropped
    manager.handle_event(Pointer("up", (104, 110)))
    assert seen == ["down", "up"]
    manager.update(DOUBLE_TAP)   # the finger still as long: the next press is the player's own
    manager.handle_event(Pointer("down", (110, 104)))
    manager.handle_event(Pointer("up", (110, 104)))
    assert seen == ["down", "up", "down", "up"]
    manager.update(DOUBLE_TAP)
    manager.switch(Leaving(None))
    manager.handle_event(Pointer("down", (100, 100)))
    manager.handle_event(Pointer("up", (100, 100)))
    assert manager.scene is probe and seen[-2:] == ["down", "up"]
    manager.update(0.1)
    manager.handle_event(Pointer("down", (400, 100)))   # quick but far: another button, meant
    manager.update(DOUBLE_TAP)
    assert seen[-1] == "down" and len(seen) == 7


def test_a_burst_goes_no_further_when_what_the_scene_shows_changes():
    """A scene's own change of screen (``Scene.screen_key``: a guided hand's tip closing) ends a
    burst's reach as a change of scene does; with the same screen every tap of a burst acts."""
    from game.ui.inputmap import Pointer
    from game.ui.scene import Scene, SceneManager

    seen = []

    class Tips(Scene):
        name = "tips"
        tip = "low"

        def screen_key(self):
            return self.tip

        def handle_event(self, event):
            seen.append((self.tip, event.kind))
            if event.kind == "up":
                self.tip = None   # the tip closes on the release
            return None

    manager = SceneManager()
    manager.switch(Tips(None))
    manager.update(DOUBLE_TAP)
    for _ in range(3):   # three taps 0.1 s apart, release to press
        manager.handle_event(Pointer("down", (100, 100)))
        manager.handle_event(Pointer("up", (100, 100)))
        manager.update(0.1)
    assert seen == [("low", "down"), ("low", "up")]
    manager.update(DOUBLE_TAP)
    for _ in range(2):   # the finger still, then a double tap on the same screen: both act
        manager.handle_event(Pointer("down", (100, 100)))
        manager.handle_event(Pointer("up", (100, 100)))
        manager.update(0.1)
    assert seen[2:] == [(None, "down"), (None, "up")] * 2


def _my_turn(app: App) -> None:
    for _ in range(600):
        app.step(DT)
        if app.scene.name == "play" and app.session.human_to_move() and not app.scene.table.animator.busy:
            return
    raise AssertionError("never the person's turn")


def _at_instant_speed():
    """A 2-player match at "Instantánea", the person's first turn: (app, hand, where their second card lies)."""
    app = open_app(MemoryBackend(), seed=3)
    app.settings["speed"] = "instant"
    app.manager.switch(start_game(app, Options(players=2, first_to=1)))
    _my_turn(app)
    hand = app.session.hand
    return app, hand, next(v.rect().center for v in app.scene.table.views.values() if v.card == hand.hands[0][1])


def test_a_double_tap_on_a_card_at_instant_speed_plays_one_card():
    """At "Instantánea" the computer answers at once and the turn is back before the finger is: the
    second tap of a double tap played the next baza's card under it (13 of 17 tries)."""
    app, hand, spot = _at_instant_speed()

    def mine() -> int:   # the cards seat 0 has played
        done = sum(1 for t in hand.tricks for i in range(len(t.cards)) if t.seat_of(i, 2) == 0)
        return done + sum(1 for seat, _card in hand.table if seat == 0)

    before = mine()
    tap_at(app, spot, 4)
    tap_at(app, spot, 3)
    assert mine() == before + 1
    for _ in range(int(DOUBLE_TAP / DT)):
        app.step(DT)
    _my_turn(app)
    spot = next(v.rect().center for v in app.scene.table.views.values() if v.card == hand.hands[0][0])
    tap_at(app, spot, 3)   # a tap of its own, later, plays
    assert mine() == before + 2


def test_with_two_taps_a_double_tap_lifts_the_card_and_a_later_tap_plays_it():
    app = open_app(MemoryBackend(), seed=3)
    app.settings["two_taps"] = True
    app.manager.switch(start_game(app, Options(players=2, first_to=1)))
    _my_turn(app)
    hand = app.session.hand
    card = hand.hands[0][1]
    spot = next(v.rect().center for v in app.scene.table.views.values() if v.card == card)
    moves = len(hand.moves)
    tap_at(app, spot, 4)
    tap_at(app, spot, 3)
    assert len(hand.moves) == moves and app.scene.table.chosen == card   # lifted, not played
    for _ in range(int(DOUBLE_TAP / DT)):
        app.step(DT)
    tap_at(app, spot, 3)
    assert hand.moves[moves] == card


def test_a_quick_press_on_the_card_just_played_from_may_still_drag_it():
    """A press where a card was just played, as soon as a double tap's second, is held, not dropped:
    released where it was it plays nothing, but dragged to the table it plays (a fast player's drag
    of the next card from the same slot was thrown away whole)."""
    app, hand, spot = _at_instant_speed()
    tap_at(app, spot, 2)
    _my_turn(app)
    assert app.scene.clock - app.scene._tapped[0] < DOUBLE_TAP
    card = app.scene.table.card_at(spot, 0)
    moves = len(hand.moves)
    target = app.layout.table.drop_zone.center
    frames = drive.drag_frames(spot, target)
    for events in frames:
        app.step(DT, events)
    assert card in hand.moves[moves:], "the drag played the card"


def test_a_double_enter_on_the_last_count_shows_the_match_end():
    """Enter on a count acts on its first button at once ("Ver final" on a match's last hand); Enter
    twice, the old way (skip the count, then go on), skipped the match's end - its copa and figures -
    for a rematch, "Revancha" being the match end's Enter. A key sooner than DOUBLE_TAP there is dropped."""
    app = open_app(MemoryBackend(), seed=5)
    app.settings["speed"] = "instant"
    app.manager.switch(start_game(app, Options(players=2, first_to=1), parse_spec("person:Ana,cpu:beginner")))
    for _ in range(20000):
        scene = app.scene
        if scene.name == "scoring":
            break
        if scene.name == "play" and app.session.human_to_move() and not scene.table.animator.busy:
            app.step(DT, [drive.key(pygame.K_1)])
        else:
            app.step(DT)
    assert app.scene.name == "scoring" and app.session.match.over
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene.name == "match_end"
    for _ in range(int(0.25 / DT)):
        app.step(DT)
    app.step(DT, [drive.key(pygame.K_RETURN)])   # the second Enter, 0.25 s later: still the match's end
    assert app.scene.name == "match_end" and app.session.match.over
    for _ in range(int(DOUBLE_TAP / DT)):
        app.step(DT)
    app.step(DT, [drive.key(pygame.K_RETURN)])   # read, then Enter: the rematch
    assert app.scene.name != "match_end" and not app.session.match.over


def _about_to_win_a_baza():
    """Against Principiante at normal speed, the person's turn with the other's card on the table and a
    card that wins the baza (then the person leads): (app, hand, the winning card, another card)."""
    import copy

    from game.hand import TrickWon

    app = open_app(MemoryBackend(), seed=3)
    app.settings["speed"] = "normal"
    app.manager.switch(start_game(app, Options(players=2, level="beginner", first_to=1)))
    hand = app.session.hand
    for _ in range(40):
        _my_turn(app)
        if len(hand.table) == 1:
            for card in hand.legal_moves():
                events = copy.deepcopy(hand).play(card)
                if any(isinstance(ev, TrickWon) and ev.winner == 0 for ev in events):
                    for _ in range(int(1.0 / DT)):   # the other's card read
                        app.step(DT)
                    return app, hand, card, next(c for c in hand.hands[0] if c != card)
        app.step(DT, [drive.key(pygame.K_1)])
    raise AssertionError("no baza to win")


def _tap_card(app: App, card) -> None:
    tap_at(app, next(v.rect().center for v in app.scene.table.views.values() if v.card == card), 0)


def test_a_quick_tap_on_another_card_after_one_that_won_a_baza_leads_nothing():
    """A child closed a baza they won with one card and tapped another 0.1 s later: it was led at once,
    the won baza's pictures jumped to the pile and "Ganas la baza: +11" never showed. A press on
    another card sooner than a double tap after a tap that played is held as the same-spot bounce is."""
    from game.ui.scenes.play_view import status_text

    app, hand, a, b = _about_to_win_a_baza()
    moves = len(hand.moves)
    _tap_card(app, a)
    for _ in range(2):   # 0.07 s
        app.step(DT)
    _tap_card(app, b)
    assert hand.moves[moves:] == [a], "the burst's second tap led a card"
    said = set()
    for _ in range(int(1.0 / DT)):
        app.step(DT)
        said.add(status_text(app.scene)[0])
    assert any(text.startswith("Ganas la baza") for text in said)
    _tap_card(app, b)   # a tap of its own, later: it leads
    assert hand.moves[moves:] == [a, b]


def test_a_fast_lead_leaves_the_won_bazas_result_its_whole_time():
    """Led past the double-tap window while the won baza's pictures still ran, the next card cut them
    short and the next baza's result replaced "Ganas la baza: +N" after about a second. The lead is
    still taken at once; the result keeps the status line for its time and the next one follows."""
    from game.ui.scenes.play_view import status_text

    app, hand, a, b = _about_to_win_a_baza()
    moves, tricks = len(hand.moves), len(hand.tricks)
    _tap_card(app, a)
    lines = []   # the status line, frame by frame, from the winning card on
    for _ in range(int(0.5 / DT)):
        app.step(DT)
        lines.append(status_text(app.scene)[0])
    assert app.scene.table.animator.busy   # the baza is still being gathered
    _tap_card(app, b)
    assert hand.moves[moves:moves + 2] == [a, b]   # a fast player's tap is not dropped
    for _ in range(int(5.0 / DT)):
        app.step(DT)
        lines.append(status_text(app.scene)[0])
    assert len(hand.tricks) == tricks + 2   # the next baza closed too
    results = [text for i, text in enumerate(lines) if "baza" in text and (i == 0 or lines[i - 1] != text)]
    assert len(results) == 2 and results[0].startswith("Ganas la baza"), results   # each told, in order
    shown = DT * (lines.count(results[0]) + 1)   # (+1: the frame of the lead, not recorded)
    assert shown >= 1.6 - DT, f"{results[0]!r} shown {shown:.2f} s"


@pytest.mark.parametrize("speed", ["fast", "normal"])
def test_fast_leads_leave_no_backlog_of_baza_results(speed):
    """Every baza's result waited for the one before it, in a queue: a player tapping the first card as
    soon as the double-tap window allowed (every 0.31 s) had up to seven results waiting at "Rápida",
    each said bazas late, and a result said after waiting was not held, so nothing timed the rest (a
    reviewer of the round, seeds 1-12). One waits at most, and only while the one shown is held."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=1, size=(390, 844))
    app.settings["speed"] = speed
    app.go("menu")
    app.step(DT)
    app.manager.switch(start_game(app, Options(players=2, first_to=1, level="beginner")))
    last_tap, waited, frames = -9.0, 0, 0
    while app.scene.name != "scoring" and frames < 60 * 400:
        scene, events = app.scene, []
        if scene.name == "play" and app.session.human_to_move() and scene.clock - last_tap > 0.31:
            cards = scene.table.model.hands[app.session.viewer]
            if cards:
                events = drive.tap(scene.table.views[int(cards[0])].rect().center, window=app.layout.size)
                last_tap = scene.clock
        app.step(DT, events)
        frames += 1
        if app.scene.name == "play":
            pending = app.scene._results
            assert len(pending) <= 1, f"{len(pending)} results waiting at frame {frames}"
            assert not pending or app.scene._result > 0, f"a result waiting with nothing to time it, frame {frames}"
            waited += bool(pending)
    assert app.scene.name == "scoring"
    if speed == "fast":
        assert waited, "no result ever waited: the test did not lead fast enough to test anything"


def test_the_hand_a_handoff_shows_takes_no_card_until_it_has_been_seen():
    """On "Pasa el dispositivo", the tap that shows the hand showed it face up and live in its own frame:
    a child's second tap 0.35-0.8 s later played the card under the finger, unseen. The hand turns up,
    then takes no tap, drag or key for the handoff's guard; after it, a tap plays."""
    for gap, how in ((0.35, "tap"), (0.5, "tap"), (0.8, "tap"), (0.5, "key"), (0.5, "drag")):
        app = _handoff(1)
        seat, moves = app.scene.seat, len(app.session.hand.moves)
        spot = (app.layout.w // 2, int(app.layout.h * 0.85))   # where a thumb rests: the hand, once shown
        tap_at(app, spot, round(gap / DT) - 1)
        assert app.scene.name == "play" and app.session.viewer == seat
        assert app.scene.table.card_at(spot, seat) is not None
        if how == "tap":
            tap_at(app, spot, 0)
        elif how == "key":
            app.step(DT, [drive.key(pygame.K_1)])
        else:   # a drag to the table, short (0.27 s)
            for events in drive.drag_frames(spot, app.layout.table.drop_zone.center):
                app.step(DT, events)
        assert len(app.session.hand.moves) == moves, f"a {how} played a card {gap} s after the hand was shown"
    while app.scene.clock < HandoffScene.REVEAL + HandoffScene.GUARD:
        app.step(DT)
    tap_at(app, spot, 1)   # seen: a tap plays
    assert len(app.session.hand.moves) == moves + 1


def test_the_hand_a_handoff_shows_makes_no_cambio_until_it_has_been_seen(monkeypatch):
    """The cambio too (its key, the muestra tapped, "Cambiar"): asked for in the guard it is not tried
    (the hand's cards were guarded, the cambio was not: an S or a tap on the muestra half a second
    after the hand showed made it unseen, where the cambio was open)."""
    app = _handoff(1)
    tap_at(app, (app.layout.w // 2, app.layout.h // 3), 0)   # the tap that shows the hand
    scene, tried = app.scene, []
    monkeypatch.setattr(scene, "play", lambda move: tried.append(move) or False)
    for _ in range(round(0.5 / DT)):
        app.step(DT)
    assert scene.name == "play" and not scene.live()
    app.step(DT, [drive.key(pygame.K_s)])
    assert tried == [], "a cambio tried before the hand was seen"
    while not scene.live():
        app.step(DT)
    app.step(DT, [drive.key(pygame.K_s)])
    assert tried, "after the guard the cambio is tried (refused or made, as the rules say)"
