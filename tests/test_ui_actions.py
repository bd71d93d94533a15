"""The player's own actions: nothing is thrown away without asking, and the keys do what they show."""

from __future__ import annotations

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from game.ui.scene import Go
from game.ui.scenes.common import start_game
from game.ui.session import Options

DT = 1 / 30


def make_app(seed: int = 5) -> App:
    app = App(Store(Storage(MemoryBackend())), window=True, seed=seed)
    app.settings["speed"] = "instant"
    app.go("menu")
    app.step(DT)
    return app


def play_a_baza(app: App) -> None:
    """From the menu: a new 2-player match, played by key until one baza is won (it is saved then)."""
    app.manager.switch(start_game(app, Options(players=2, first_to=2)))
    for _ in range(400):
        app.step(DT, [drive.key(pygame.K_1)] if app.scene.name == "play" and app.session.human_to_move() else [])
        if app.scene.name == "play" and app.session.hand.tricks and app.session.human_to_move():
            return
    raise AssertionError("no baza was played")


def key(app: App, k: int) -> None:
    app.step(DT, [drive.key(k)])


def test_new_match_over_a_saved_one_asks_first_and_says_what_is_lost():
    app = make_app()
    play_a_baza(app)
    key(app, pygame.K_ESCAPE)  # leave the table: the match is kept
    assert app.scene.name == "menu"
    saved = app.store.load_match()
    assert saved is not None
    key(app, pygame.K_n)
    assert app.scene.name == "confirm"
    text = drive.plain(app.t(app.scene.text, **app.scene.fmt))
    assert "baza 2" in text and "2" in text  # the question names the saved match
    key(app, pygame.K_ESCAPE)  # no: back to the menu, nothing lost
    assert app.scene.name == "menu" and app.store.load_match() == saved
    key(app, pygame.K_n)
    key(app, pygame.K_RETURN)  # Enter: the answer in focus, "no" (a careful question)
    assert app.scene.name == "menu" and app.store.load_match() == saved
    key(app, pygame.K_n)
    key(app, pygame.K_s)  # yes ("Sí", the key shown on it): the options; the save goes only when a match starts
    assert app.scene.name == "options" and app.store.load_match() == saved


@pytest.mark.parametrize("careful", [True, False])
def test_a_careful_questions_gold_button_is_the_safe_answer(careful):
    """Over a saved match the gold button (gold is "press this": Nueva partida, Seguir, Revancha) was
    "Sí, empezar otra", the one that throws the match away; a child by finger has no focus to go by.
    In a careful question "No, volver" is the gold one now; its focus and keys are as before. A plain
    question keeps its gold "yes"."""
    from game.ui.scenes.confirm import ConfirmScene

    app = make_app()
    scene = ConfirmScene(app, title="confirm.new_title", yes=Go("options"), yes_label="confirm.new_yes", careful=careful)
    scene.startup()
    no, yes = (next(b for b in scene.bar.buttons if b.action == action) for action in ("no", "yes"))
    assert (no.primary, yes.primary) == (careful, not careful)
    assert scene.bar.buttons[scene.bar.focus] is (no if careful else yes)
    assert no.hotkey == pygame.K_ESCAPE and yes.hotkey == (pygame.K_s if careful else pygame.K_RETURN)


@pytest.mark.parametrize("size", [(568, 320), (320, 480), (390, 844)])
def test_a_questions_lines_stand_a_fonts_line_apart_with_large_text(size):
    """A question's lines stood 36 px apart whatever the letters' size (every other screen steps its
    lines by the font's own, ``typo.line``): with large text on a small phone the font's step is 38-39
    px and the lines touched, and the question before a new match asked whether its names fit with
    its own copy of the box's numbers, measuring the lines by the font (a reviewer of the round). One
    place says where the box and its lines lie (``confirm.question_box``), for both."""
    from game.ui.scenes.common import ask_over_saved
    from game.ui.scenes.confirm import question_box

    app = App(Store(Storage(MemoryBackend())), window=False, seed=1, size=size)
    app.set_setting("large_text", True)
    saved = {"info": {"players": 2, "hand": 2, "baza": 1}}
    app.manager.switch(ask_over_saved(app, saved, lambda app: None))
    scene = app.scene
    assert scene.name == "confirm"
    with drive.drawn(app) as seen:
        scene.draw(app.surface)
    text = app.t(scene.text, **scene.fmt)
    box, lines, step = question_box(app, text)
    assert len(lines) >= 2
    drawn = [d.rect for d in seen if d.text in lines]
    assert len(drawn) == len(lines)
    for above, below in zip(drawn, drawn[1:]):
        assert below.top - above.top >= app.typo.line(30), (above, below)
    assert all(box.contains(r) for r in drawn)


def test_enter_on_the_menu_goes_on_with_a_saved_match_and_three_enters_lose_nothing():
    """Enter three times from the menu (Nueva partida in focus, "yes" in focus, Start) replaced the
    saved match: with one saved, "Continuar partida" is in focus (and gold), and the question of a
    new match over it starts on "no", as the question of clearing the statistics does."""
    app = make_app()
    play_a_baza(app)
    moves = list(app.session.hand.moves)
    key(app, pygame.K_ESCAPE)
    scene = app.scene
    assert scene.name == "menu" and scene.bar.buttons[scene.bar.focus].action == "continue"
    assert [b.action for b in scene.bar.buttons if b.primary][:1] == ["continue"]
    for _ in range(3):
        key(app, pygame.K_RETURN)
    assert app.scene.name == "play" and list(app.session.hand.moves) == moves
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"
    key(app, pygame.K_UP)   # "Nueva partida"
    key(app, pygame.K_RETURN)
    assert app.scene.name == "confirm" and app.scene.bar.buttons[app.scene.bar.focus].action == "no"
    key(app, pygame.K_RETURN)
    assert app.scene.name == "menu" and app.store.load_match() is not None


def test_a_match_over_kept_for_a_reload_is_named_so_and_a_new_match_replaces_it_unasked():
    """A match over is kept through its count and its end (a reload there lost the result): the menu
    calls it a match over, and a new match loses nothing of it, so it is not asked about."""
    import random

    from game.ui.scenes.menu import saved_where
    from game.ui.session import Session

    session = Session(Options(players=2, first_to=1), seed=4, human_seats=(0,))
    rng = random.Random(4)
    while not session.match.over:
        session.play(rng.choice(session.hand.legal_moves()))
    app = make_app()
    app.store.save_match(session.to_save())
    app.go("menu")
    app.step(DT)
    assert drive.plain(saved_where(app, app.scene.saved["info"])) == "2 jugadores, partida terminada: falta ver el resultado"
    key(app, pygame.K_n)
    assert app.scene.name == "options"


def test_without_a_saved_match_new_goes_straight_to_the_options():
    app = make_app()
    key(app, pygame.K_n)
    assert app.scene.name == "options"


def test_main_menu_arrows_and_enter_and_esc_asks_before_quitting():
    app = make_app()
    assert app.scene.bar.focus == 0  # "Nueva partida" is drawn focused ...
    key(app, pygame.K_RETURN)  # ... and Enter starts it
    assert app.scene.name == "options"
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"
    key(app, pygame.K_DOWN)  # "Continuar" is disabled without a save: skipped
    assert app.scene.bar.buttons[app.scene.bar.focus].action == "rules"
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)  # wraps round to the last one
    assert app.scene.bar.buttons[app.scene.bar.focus].action == "quit"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.scene.name == "rules"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # Esc on the main menu asks; it does not quit at once
    assert app.running and app.scene.name == "confirm"
    key(app, pygame.K_ESCAPE)
    assert app.running and app.scene.name == "menu"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_esc_twice_from_the_table_does_not_close_the_app():
    app = make_app()
    play_a_baza(app)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.running and app.scene.name == "confirm"


def test_esc_during_the_deal_opens_the_menu_and_keeps_the_match():
    app = make_app()
    app.settings["speed"] = "normal"
    app.manager.switch(start_game(app, Options(players=2, first_to=2)))
    app.step(DT)
    assert app.scene.name == "deal"
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"
    assert app.store.load_match() is not None  # "Continuar" resumes it
    key(app, pygame.K_c)
    assert app.scene.name == "play"


def test_p_with_the_last_baza_open_toggles_the_points_and_keeps_it_open():
    app = make_app()
    play_a_baza(app)
    scene = app.scene
    key(app, pygame.K_l)
    assert scene.show_last
    shown = app.session.options.show_score
    key(app, pygame.K_p)
    assert scene.show_last and app.session.options.show_score is not shown
    key(app, pygame.K_SPACE)
    assert not scene.show_last


def test_confirm_runs_a_function_answer_before_going_on():
    app = make_app()
    done = []

    def wipe(a):
        done.append(a)
        return Go("stats")

    app.manager.switch(Go("confirm", title="confirm.title", text="confirm.quit_text", yes=wipe, no=Go("menu")))
    key(app, pygame.K_n)
    assert app.scene.name == "menu" and not done
    app.manager.switch(Go("confirm", title="confirm.title", text="confirm.quit_text", yes=wipe, no=Go("menu")))
    app.step(DT, drive.click(next(b for b in app.scene.bar.buttons if b.action == "yes").rect.center))
    assert app.scene.name == "stats" and done == [app]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_confirm_words_exist_in_every_language(lang):
    app = make_app()
    app.set_setting("lang", lang)
    for k in ("confirm.new_title", "confirm.new_text", "confirm.quit_title", "confirm.quit_text", "confirm.yes", "confirm.no"):
        assert app.words.has(k)


def test_the_arrows_on_the_statistics_scroll_and_never_lead_enter_to_the_reset():
    """↑↓ scrolled the figures and moved the buttons' focus too: after two ↓, Enter opened the reset
    question (whose focus was on "yes": Enter again cleared everything). The arrows scroll only;
    the reset asks starting on "no". (The focus starts on "Volver" and stays there: Enter goes back.)"""
    app = make_app()
    app.stats.update({"hands": 3, "hand_wins": 2, "hand_losses": 1, "matches": 1, "match_wins": 1})
    app.go("stats")
    app.step(DT)
    for _ in range(4):
        key(app, pygame.K_DOWN)
        assert app.scene.bar.focus == 0
    key(app, pygame.K_RETURN)
    assert app.scene.name == "menu" and app.stats["hands"] == 3
    app.go("stats")
    app.step(DT)
    key(app, pygame.K_DELETE)
    assert app.scene.name == "confirm"
    key(app, pygame.K_RETURN)   # the answer in focus: no
    assert app.scene.name == "stats" and app.stats["hands"] == 3


def test_statistics_of_people_only_can_be_cleared():
    """With only matches between people played (their figures by name, none overall), "Borrar
    estadísticas" stayed grey, though the question names each person's figures."""
    app = make_app()
    app.stats["people"] = {"Ana": {"hands": 1, "hand_wins": 1, "matches": 1, "match_wins": 1, "points": 70,
                                   "best": 70}}
    app.go("stats")
    app.step(DT)
    reset = next(b for b in app.scene.bar.buttons if b.action == "reset")
    assert reset.action == "reset" and reset.enabled
    key(app, pygame.K_DELETE)
    key(app, pygame.K_s)   # yes
    assert app.scene.name == "stats" and not app.stats.get("people")


def test_a_hand_left_before_its_count_still_counts_when_a_new_match_replaces_it():
    """The menu during the ~2 s the last baza lands, then a new match: the hand (a loss, say) was
    never counted, as if it had not been played. It is counted as continuing it would have."""
    app = make_app()
    app.settings["speed"] = "normal"
    app.manager.switch(start_game(app, Options(players=2, first_to=1)))
    for _ in range(20000):
        scene = app.scene
        if scene.name == "play" and app.session.hand.over:
            break
        ready = scene.name == "play" and app.session.human_to_move() and not scene.table.animator.busy
        app.step(DT, [drive.key(pygame.K_1)] if ready else [])
    assert app.scene.name == "play" and app.session.hand.over and not app.stats.get("hands")
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"
    key(app, pygame.K_n)
    key(app, pygame.K_s)
    assert app.scene.name == "options"
    key(app, pygame.K_RETURN)
    assert app.scene.name in ("deal", "play") and app.stats.get("hands") == 1 and app.stats.get("matches") == 1
    key(app, pygame.K_ESCAPE)   # and only once: the new match's replacing it again counts nothing more
    key(app, pygame.K_n)
    key(app, pygame.K_s)
    key(app, pygame.K_RETURN)
    assert app.stats.get("hands") == 1


def test_with_the_score_hidden_no_bazas_points_are_said_or_floated():
    """'Puntos a la vista: No' hid the running score, but each baza still said its points ("Paco gana
    la baza: +10") and floated a "+10" over the winning card: adding them up gave the score back.
    Hidden, a baza says who won it and nothing of its points; shown, as before."""
    for shown in (False, True):
        app = App(Store(Storage(MemoryBackend())), window=False, seed=5, size=(390, 844))
        app.settings["speed"] = "instant"
        app.go("menu")
        app.step(DT)
        app.manager.switch(start_game(app, Options(players=3, first_to=1, show_score=shown)))
        said: list[str] = []
        floats = 0
        for _ in range(3000):
            scene = app.scene
            if scene.name == "play":
                if scene.message is not None and (not said or said[-1] != scene.message[0]):
                    said.append(scene.message[0])
                floats += len(scene.table.floaters)
            hand = app.session.hand
            if len(hand.tricks) >= 6 and not scene.table.animator.busy:
                break
            ready = scene.name == "play" and app.session.human_to_move() and not scene.table.animator.busy
            app.step(DT, [drive.key(pygame.K_1)] if ready else [])
        tricks = app.session.hand.tricks
        assert len(tricks) >= 6 and any(t.points for t in tricks)
        won = [t for t in said if "gana" in t or "Ganas" in t]
        assert len(won) >= 5, said
        assert all(("+" in t) is (shown and "sin puntos" not in t) for t in won), said
        assert (floats > 0) is shown
        scene.show_last = True   # the last baza's box: who won it, its points only when shown
        with drive.drawn(app) as seen:
            scene.draw(app.surface)
        last = tricks[-1]
        words = [d.text for d in seen if d.text.startswith(("Ganó", "La ganaste"))]
        assert len(words) == 1 and ("(+" in words[0]) is shown, words
        assert shown is (f"(+{last.points})" in words[0])


def test_the_points_are_shown_or_hidden_by_a_tap_on_their_panel_as_by_p():
    """Only the P key showed or hid the running points mid-match: by touch, or with a mouse, the
    choice made at the start stayed for the whole match."""
    from game.ui.scenes import room

    app = App(Store(Storage(MemoryBackend())), window=False, seed=5, size=(390, 844))
    app.settings["speed"] = "instant"
    app.go("menu")
    app.step(DT)
    play_a_baza(app)
    shown = app.session.options.show_score
    for _ in range(2):
        app.step(DT, drive.tap(room.score_rect(app.scene).center, window=app.layout.size))
        assert app.session.options.show_score is not shown
        shown = app.session.options.show_score
    if shown:
        app.step(DT, drive.tap(room.score_rect(app.scene).center, window=app.layout.size))
    assert not app.session.options.show_score
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    assert "Puntos ocultos: toca aquí" in " ".join(d.text for d in seen)   # a phone: no key named (on two lines)


def first_turn_where(opts: Options, fits, seeds: int = 500) -> App:
    """A phone-sized app at the human's first turn of the first seed (by order) whose deal ``fits``."""
    from game.ui.session import Session

    seed = next(s for s in range(seeds) if fits(Session(opts, seed=s, human_seats=(0,)).hand))
    app = App(Store(Storage(MemoryBackend())), window=False, seed=seed, size=(390, 844))
    app.settings["speed"] = "instant"
    app.go("menu")
    app.step(DT)
    app.manager.switch(start_game(app, opts))
    for _ in range(200):
        app.step(DT)
        if app.scene.name == "play" and app.session.human_to_move():
            break
    return app


def assert_every_cambio_refused_with(app: App, why: str) -> None:
    """The grey button, the muestra and the key each refuse the cambio with ``why``, and play nothing."""
    scene, hand = app.scene, app.session.hand
    for events in (drive.tap(scene.bar.buttons[2].rect.center, window=app.layout.size),
                   drive.tap(scene.table.muestra_rect().center, window=app.layout.size), [drive.key(pygame.K_s)]):
        scene.message = None
        app.step(DT, events)
        assert scene.message is not None and scene.message[0] == why
    assert len(hand.hands[0]) == 3 and not hand.swaps   # nothing played


def test_a_cambio_refused_says_why_on_the_grey_button_the_muestra_and_the_key():
    """A newcomer holding the 7 of triunfo on the first lead tapped the grey Cambiar button and nothing
    happened; the muestra said only "Ahora no se puede cambiar". Each now says why, in words."""
    app = first_turn_where(Options(players=2, first_to=2),
                           lambda h: h.turn == 0 and h.rules.swap_card_for(h.muestra) in h.hands[0])
    assert app.session.hand.no_swap_reason(0) == "after_win" and not app.scene.bar.buttons[2].enabled
    assert_every_cambio_refused_with(app, "Primero gana una baza; luego podrás cambiar")


def test_tapping_the_muestra_without_the_card_says_which_card_is_needed():
    """A child on their first lead, without the 7 of triunfo, tapped the muestra and read "El cambio se
    hace tras ganar una baza, antes de salir", and so waited to win a baza that would not let them
    swap. The card they lack is what decides: the muestra, the grey button and the key now name it."""
    from game.cards import Card

    app = first_turn_where(Options(players=2, first_to=2),
                           lambda h: h.turn == 0 and h.rules.swap_card_for(h.muestra) not in h.hands[0])
    hand = app.session.hand
    assert not hand.tricks and hand.no_swap_reason(0) == "not_held"
    assert_every_cambio_refused_with(app, f"Para cambiar hace falta {app.words.the_card(Card.of(7, hand.trump_suit))}")


def test_a_second_cambio_in_one_turn_is_refused_in_words():
    """With the cambio del dos, the 7 of triunfo took the as and the 2 then took that 7, two cambios
    before one card (the 2 in effect for the as). The second key press now says why it is refused,
    and the muestra stays the 7."""
    opts = Options(players=2, first_to=2, swap_two=True, swap_timing="own_turn")

    def both(h) -> bool:
        held = {(c.suit, c.rank) for c in h.hands[0]}
        return (h.turn == 0 and h.muestra.rank in (1, 3, 10, 11, 12)
                and {(h.muestra.suit, 7), (h.muestra.suit, 2)} <= held)

    app = first_turn_where(opts, both, seeds=20000)
    scene, hand = app.scene, app.session.hand
    app.step(DT, [drive.key(pygame.K_s)])
    assert len(hand.swaps) == 1 and hand.muestra.rank == 7
    scene.message = None
    app.step(DT, [drive.key(pygame.K_s)])
    assert scene.message is not None and scene.message[0] == "Un cambio por turno: ahora juega una carta"
    assert len(hand.swaps) == 1 and hand.muestra.rank == 7 and len(hand.hands[0]) == 3


def test_at_slow_speed_messages_and_a_hints_reason_stay_longer():
    """An older player on "Lenta" lost a cambio's sentence in 2.2 s and a seña's in 2.0 (the same as
    at normal speed), and a hint's reason of 17 words in 4 s: they last as the speed is slower now,
    and a reason a second and a quarter second a word at least."""
    for speed, factor in (("normal", 1.0), ("slow", 1 / 0.6)):
        app = make_app()
        app.settings["speed"] = speed
        app.manager.switch(start_game(app, Options(players=2, first_to=2)))
        for _ in range(400):
            app.step(DT)
            if app.scene.name == "play" and app.session.human_to_move() and not app.scene.table.animator.busy:
                break
        scene = app.scene
        scene.say("Lola cambia el siete de bastos por el as de bastos", 2.2)
        assert scene.message[1] == pytest.approx(2.2 * factor)
        scene.message = None
        scene.say("Has pillado una seña de Rosa: as", 2.0, sena=True)   # two señas said in one frame: joined,
        scene.say("Lola te hace una seña: tres", 2.0, sena=True)        # as long as one (not lengthened twice)
        assert scene.message[1] == pytest.approx(2.0 * factor)
        key(app, pygame.K_h)
        for _ in range(200):   # (the hint is thought over a few frames)
            if scene.reason is not None:
                break
            app.step(DT)
        assert scene.reason is not None
        words = len(scene.reason[0].split())
        assert scene.reason[1] >= (max(4.0, 1.0 + 0.25 * words) - DT) * factor


def test_shift_tab_moves_the_focus_back():
    app = make_app()
    bar = app.scene.bar
    start = bar.focus
    app.step(DT, [drive.key(pygame.K_TAB)])
    forward = bar.focus
    assert forward != start
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="")])
    assert bar.focus == start   # it moved forward too


@pytest.mark.parametrize("size,large,said", [((390, 844), False, "Pareja: Normal"), ((320, 568), True, "Pareja")])
def test_the_partner_is_told_under_their_face_in_pairs(size, large, said):
    """With four players nothing on the table said which of the three was your partner."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=5, size=size)
    app.settings["speed"] = "instant"
    app.settings["large_text"] = large
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=4)))
    app.step(DT)
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    texts = [d.shown for d in seen]
    partner = app.scene.name_of(app.session.rules.partner_of(app.session.viewer))
    assert said in texts and texts.count(said) == 1 and partner in texts


@pytest.mark.parametrize("lost", ["WINDOWFOCUSLOST", "WINDOWLEAVE"])
def test_a_card_held_when_the_window_loses_the_pointer_goes_back(lost):
    """A card pressed and dragged, then alt-tab (no release ever comes): it followed the pointer with
    no button held, and the next release on the table played it; a hovered card stayed lifted and
    a hovered button lit after the pointer left the window."""
    app = make_app()
    app.manager.switch(start_game(app, Options(players=2)))
    for _ in range(400):
        if app.scene.name == "play" and app.session.human_to_move():
            break
        app.step(DT)
    scene, table = app.scene, app.scene.table
    table.animator.finish_all()
    card = table.model.hands[0][0]
    v = table.views[int(card)]
    pos = (int(v.x), int(v.y))
    scene.handle_event(drive_pointer("down", pos))
    scene.handle_event(drive_pointer("move", (pos[0], pos[1] - 200)))
    assert table.dragging == int(card)
    app.step(DT, [pygame.event.Event(getattr(pygame, lost))])
    assert scene.press == () and table.dragging is None and table.hover is None
    moves = list(app.session.hand.moves)
    scene.handle_event(drive_pointer("move", app.layout.table.center))
    scene.handle_event(drive_pointer("up", app.layout.table.center))
    assert list(app.session.hand.moves) == moves   # nothing played
    button = scene.bar.buttons[-1]
    scene.handle_event(drive_pointer("move", button.rect.center))
    assert scene.bar.hover is button
    app.step(DT, [pygame.event.Event(getattr(pygame, lost))])
    assert scene.bar.hover is None


def drive_pointer(kind: str, pos) -> object:
    from game.ui.inputmap import Pointer

    return Pointer(kind, pos, 1)


@pytest.mark.parametrize("size", [(390, 844), (320, 568)])
def test_a_tap_that_wanders_a_little_on_a_card_plays_it(size):
    """An unsteady hand: a tap on a card that wandered 6 CSS px or more became a drag and, let go
    beside the hand, played nothing, and nothing said why (1 of 257 such taps played). Up to about
    11 CSS px, there and back or not, it is a tap; a finger that went further and came back (a drag
    given up) still plays nothing."""
    for wander, plays in ((8, True), (10, True), (30, False)):
        app = App(Store(Storage(MemoryBackend())), window=False, seed=3, size=size)
        app.settings["speed"] = "instant"
        app.go("menu")
        app.step(DT)
        app.manager.switch(start_game(app, Options(players=2, first_to=2)))
        for _ in range(400):
            if app.scene.name == "play" and app.session.human_to_move() and not app.scene.table.animator.busy:
                break
            app.step(DT)
        scene, table = app.scene, app.scene.table
        card = table.model.hands[0][0]
        v = table.views[int(card)]
        x, y = int(v.x), int(v.y)
        step = round(wander * app.layout.w / size[0])   # CSS px to logical px
        moves = len(app.session.hand.moves)
        scene.handle_event(drive_pointer("down", (x, y)))
        scene.handle_event(drive_pointer("move", (x + step, y)))
        assert table.dragging == int(card)   # (past the drag's 12 logical px: the card follows the finger)
        scene.handle_event(drive_pointer("move", (x + step // 2, y - step // 3)))
        scene.handle_event(drive_pointer("up", (x + step // 3, y) if plays else (x, y)))
        assert (len(app.session.hand.moves) == moves + 1) is plays, (size, wander)
        if plays:
            assert app.session.hand.moves[moves] == card


@pytest.mark.parametrize("size", [(768, 1024), (844, 390)])
def test_a_card_under_a_resting_finger_is_let_go_when_the_screen_turns(size):
    """A thumb resting on a card (not yet a drag) as the phone or tablet turned: on the new screen
    that spot is felt, or another card, but lifting the thumb played the card (an outside tester, at
    9 pairs of sizes). The turn lets go of what the pointer held, as losing the window's focus does;
    the next tap plays as usual."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=4, size=size)
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=2)))
    for _ in range(3000):
        if app.scene.name == "play" and app.scene.human_turn() and not app.scene.table.animator.busy:
            break
        app.step(DT)
    scene, hand = app.scene, app.session.hand
    card = next(c for c in hand.legal_moves() if c != "swap")
    pos = scene.table.views[int(card)].rect().center
    window = app.viewport.window
    app.step(DT, [drive.finger(pygame.FINGERDOWN, pos, window), drive.mouse_down(pos, touch=True)])
    turned = (size[1], size[0])
    app.step(DT, [pygame.event.Event(pygame.VIDEORESIZE, size=turned, w=turned[0], h=turned[1])])
    moves = len(hand.moves)
    app.step(DT, [drive.finger(pygame.FINGERUP, pos, window), drive.mouse_up(pos, touch=True)])
    for _ in range(10):
        app.step(DT)
    assert len(hand.moves) == moves and app.scene is scene and scene.human_turn()
    pos = scene.table.views[int(card)].rect().center   # where the card lies now: a tap plays it
    app.step(DT, drive.tap(pos, app.viewport.window))
    app.step(DT)
    assert hand.moves[moves:moves + 1] == [card]


def test_in_the_browser_even_instant_speed_thinks_a_few_ms_a_frame(monkeypatch):
    """At speed "instant" a bot's move and a hint were worked out inside one frame (38 ms here for a
    hint, several times that in WebAssembly): the browser's frame must never stall, whatever the
    speed. Off the browser (demos, tests) instant still thinks the move through at once."""
    from game.ui import players as ui_players
    from game.ui.scenes import play as play_scene

    budgets = []
    real = ui_players.Thinking.step
    monkeypatch.setattr(ui_players.Thinking, "step", lambda self, budget: budgets.append(budget) or real(self, budget))
    for browser, expected in ((True, play_scene.THINK_PER_FRAME), (False, None)):
        budgets.clear()
        app = App(Store(Storage(MemoryBackend())), window=False, seed=6)
        app.browser = browser
        app.settings["speed"] = "instant"
        app.go("menu")
        app.manager.switch(start_game(app, Options(players=2, level="expert")))
        for _ in range(400):
            app.step(DT)
            if app.scene.name == "play" and app.scene.human_turn():
                break
        app.scene.show_hint()
        for _ in range(200):
            app.step(DT)
            if app.scene.hinting is None:
                break
        assert budgets and set(budgets) == {expected}, (browser, set(budgets))
