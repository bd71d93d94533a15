"""A level for each computer seat (seats screen), the match length of ``main.py``, and the match
end's "1 mano ganada".

The seats screen offers, for each seat, a person or the computer at each menu level; a seat that
turns into a computer starts at the new-game level; the new-game level row sets every computer.
The chosen levels reach the session's bots, the save and the settings (remembered).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive
from game.ui.scene import DOUBLE_TAP
from game.storage import MemoryBackend, Storage
from game.ui import players
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scenes.common import resume, save_match
from game.ui.seats import Seat, last_seats, parse_spec, seats_to_json, set_computer_levels, side_name
from game.ui.session import Session

DT = 1 / 30
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def new_app(size=(1280, 720), **settings) -> App:
    app = App(Store(Storage(MemoryBackend())), window=False, seed=5, size=size)
    for key, value in settings.items():
        app.set_setting(key, value)
    app.go("menu")
    return app


def to_seats_screen(app: App, players_count: int = 4):
    """Menu -> new game (``players_count`` players) -> the seats screen, by keys."""
    app.step(DT, [drive.key(pygame.K_n)])
    options = app.scene
    while options.r_players.value != players_count:
        app.step(DT, [drive.key(pygame.K_RIGHT)])
    options.list.selected = options.list.shown().index(options.r_seats)
    app.step(DT, [drive.key(pygame.K_RIGHT)])
    assert app.scene.name == "seats"
    return app.scene


def bot_levels(session: Session) -> dict:
    return {seat: bot.level for seat, bot in session.bots.items()}


# --- the seats screen ------------------------------------------------------------------------------


def test_levels_per_seat_by_keys_reach_the_bots_the_save_and_the_settings():
    app = new_app()
    seats = to_seats_screen(app)
    assert [seats.rows[i].value for i in range(4)] == ["person", "normal", "normal", "normal"]
    assert seats.kind_text(1, "expert") == "Máquina: Experto"
    app.step(DT, [drive.key(pygame.K_DOWN), drive.key(pygame.K_RIGHT)])  # seat 2: normal -> hard
    app.step(DT, [drive.key(pygame.K_DOWN)] + [drive.key(pygame.K_RIGHT)] * 2)  # seat 3: -> hard -> expert
    app.step(DT, [drive.key(pygame.K_DOWN), drive.key(pygame.K_LEFT)])  # seat 4: normal -> a person
    assert seats.rows[3].value == "person" and seats.selected_person() == 3
    app.step(DT, [drive.key(pygame.K_LEFT)])  # and back to the computer, either way at the new-game level
    assert seats.rows[3].value == "normal"
    app.step(DT, [drive.key(pygame.K_LEFT)])
    assert seats.rows[3].value == "person"
    app.step(DT, [drive.key(pygame.K_RIGHT)] * 4)  # person -> normal -> hard -> expert -> beginner
    want = (Seat(True, ""), Seat(False, level="hard"), Seat(False, level="expert"), Seat(False, level="beginner"))
    assert seats.chosen() == want
    app.step(DT, [drive.key(pygame.K_RETURN)])  # done: back to the options, which say the levels
    assert app.scene.name == "options"
    assert drive.plain(app.scene.seats_text()) == "Tú y 3 máquinas (Difícil, Experto, Principiante)"
    app.step(DT, [drive.key(pygame.K_RETURN)])  # start
    session = app.session
    assert session.seats == want
    assert bot_levels(session) == {1: "hard", 2: "expert", 3: "beginner"}
    assert app.store.load_settings()["last_seats"] == seats_to_json(want)  # remembered across runs
    # saved at the first baza and resumed: the same seats and levels
    while app.scene.name != "play":
        app.step(DT)
    assert save_match(app)
    saved = json.loads(json.dumps(app.store.load_match()))
    app.session = None
    assert resume(app, saved) is not None
    assert app.session.seats == want and bot_levels(app.session) == {1: "hard", 2: "expert", 3: "beginner"}
    # a new visit to the seats screen shows the remembered levels
    again = new_app(**{k: app.settings[k] for k in ("last_seats", "last_options")})
    shown = to_seats_screen(again)
    assert [shown.rows[i].value for i in range(4)] == ["person", "hard", "expert", "beginner"]


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (844, 390)])
def test_levels_per_seat_by_taps(size):
    app = new_app(size)
    seats = to_seats_screen(app, players_count=3)

    def tap_value(seat: int, left: bool) -> None:
        shown = seats.list.shown()
        rect = seats.list.value_rect(seats.list.rect_of(shown.index(seats.rows[seat])))
        x = rect.x + seats.list.arrow_width // 2 if left else rect.right - seats.list.arrow_width // 2
        app.step(DT, drive.tap((x, rect.centery), window=app.layout.size))

    tap_value(1, left=False)  # seat 2: normal -> hard
    tap_value(2, left=True)  # seat 3: normal -> a person ...
    assert seats.rows[2].value == "person" and seats.selected_person() == 2
    tap_value(2, left=True)  # ... and back to the computer at the new-game level
    tap_value(2, left=False)  # -> hard
    tap_value(2, left=False)  # -> expert
    assert seats.chosen() == (Seat(True, ""), Seat(False, level="hard"), Seat(False, level="expert"))
    done = next(b for b in seats.bar.buttons if b.action == "done")
    app.step(DT, drive.tap(done.rect.center, window=app.layout.size))
    start = next(b for b in app.scene.bar.buttons if b.action == "start")
    for _ in range(int(DOUBLE_TAP / DT) + 1):   # "Empezar" lies where "Listo" was: a tap at once is the
        app.step(DT)                            # second half of a double tap, dropped (test_double_tap.py)
    app.step(DT, drive.tap(start.rect.center, window=app.layout.size))
    assert bot_levels(app.session) == {1: "hard", 2: "expert"}


def test_the_new_game_level_row_sets_every_computer_and_new_computer_seats():
    app = new_app()
    seats = to_seats_screen(app)
    app.step(DT, [drive.key(pygame.K_DOWN), drive.key(pygame.K_RIGHT)])  # seat 2: hard
    app.step(DT, [drive.key(pygame.K_RETURN)])
    options = app.scene
    assert "(Difícil, Normal, Normal)" in options.seats_text()
    options.list.selected = options.list.shown().index(options.r_level)
    app.step(DT, [drive.key(pygame.K_RIGHT)])  # level row: normal -> hard, for every computer
    assert options.r_level.value == "hard"
    assert drive.plain(options.seats_text()) == "Tú y 3 máquinas"
    assert [s.level for s in options.seats() if not s.person] == ["hard"] * 3
    app.step(DT, [drive.key(pygame.K_RIGHT)])  # -> expert
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert bot_levels(app.session) == {1: "expert", 2: "expert", 3: "expert"}
    assert seats.level == "normal"  # (the old screen object kept its own level)


def test_remembered_seats_keep_their_levels():
    settings = {"last_seats": [{"person": "Ana"}, {"cpu": "expert"}, {"cpu": "beginner"}]}
    assert last_seats(settings, 4, "hard") == (Seat(True, "Ana"), Seat(False, level="expert"),
                                               Seat(False, level="beginner"), Seat(False, level="hard"))
    assert last_seats({"last_seats": [{"person": "A"}, {"cpu": "random"}]}, 2, "hard")[1].level == "hard"  # not in the menu
    set_computer_levels(settings, "normal")
    assert settings["last_seats"] == [{"person": "Ana"}, {"cpu": "normal"}, {"cpu": "normal"}]
    bad = {"last_seats": [{"cpu": "wizard"}]}
    set_computer_levels(bad, "normal")  # nothing usable: left alone
    assert bad == {"last_seats": [{"cpu": "wizard"}]}


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", [(390, 844), (844, 390), (320, 568), (768, 1024), (1280, 720), (1920, 1080)])
def test_the_seats_screen_with_a_computer_selected_passes_the_layout_audit(size, large):
    from game.ui.desktop.audit import make_app, measure

    app = make_app(size, large)
    app.settings["last_options"] = Options(players=4).to_json()
    app.go("seats")
    app.scene.list.selected = 1  # a computer: its level's description where the letters would be
    with drive.drawn(app) as seen:
        report = measure(app, "seats-cpu")
    texts = [d.text for d in seen]
    assert report.problems == [], report.line()
    about = players.level_description("normal", "es")
    assert any(t and t in about for t in texts)  # at least its first line is drawn
    app.settings["last_seats"] = [{"person": "Ana"}, {"cpu": "beginner"}, {"person": "Luis"}, {"cpu": "expert"}]
    app.go("options")  # the "who plays" row names the mixed levels
    report = measure(app, "options-mixed")
    assert report.problems == [], report.line()
    assert "(Principiante, Experto)" in app.scene.seats_text()


# --- the match length of main.py ---------------------------------------------------------------------


def test_hands_and_first_to_options():
    from game.ui.launch import LaunchOptions, UsageError, frame_limit, parse_args

    assert parse_args([]).match_length() == 1 and parse_args([]).hands is None
    assert parse_args(["--hands", "3"]).match_length() == 3
    assert parse_args(["--hands", "20"]).match_length() == 9
    opts = parse_args(["--first-to", "2", "--hands", "5"])
    assert (opts.first_to, opts.hands, opts.match_length()) == (2, 5, 2)
    assert frame_limit(LaunchOptions(headless=True, first_to=2)) == frame_limit(LaunchOptions(headless=True, hands=5))
    for bad, words in ((["--first-to", "0"], "from 1 to 9, not 0"), (["--first-to", "10"], "from 1 to 9"),
                       (["--first-to", "x"], "invalid int"), (["--hands", "0"], "at least 1")):
        with pytest.raises(UsageError, match=words):
            parse_args(bad)


def test_main_py_rejects_a_bad_match_length_with_one_line_and_where_the_options_are():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--first-to", "12"], capture_output=True,
                          text=True, timeout=120, cwd=ROOT, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert proc.returncode == 2
    first, _, rest = proc.stderr.partition("\n")
    assert first == "error: --first-to must be a number of hands from 1 to 9, not 12"
    assert rest == "see 'python main.py --help' for the options\n"   # (not the whole help, which hid the error)


@pytest.mark.parametrize("argv, first_to, stop", [(["--first-to", "2"], 2, "match_end"),
                                                   (["--hands", "1", "--first-to", "3"], 3, "scoring")])
def test_the_headless_driver_plays_the_match_length_asked(argv, first_to, stop):
    from game.ui.launch import build_app, parse_args

    app = build_app(parse_args(["--headless", "--seed", "3", *argv]))
    app.settings["speed"] = "instant"
    for _ in range(60000):
        app.step(DT)
        if not app.running:
            break
    match = app.session.match
    assert not app.running and app.director.done and match.first_to == first_to and app.scene.name == stop
    if stop == "match_end":
        assert match.over and max(match.wins) == first_to and app.director.hands_seen >= first_to
    else:
        assert len(match.scores) == 1 and not match.over


# --- the match end's words -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, one, many", [("es", "1 mano ganada", "2 manos ganadas"),
                                             ("en", "1 hand won", "2 hands won")])
def test_the_match_end_says_one_hand_won_in_the_singular(lang, one, many):
    app = new_app(lang=lang)
    session = Session(Options(players=2, first_to=2), seed=11)
    rng = random.Random(4)
    while True:  # random moves until the match is over with one hand won by the loser
        while not session.hand.over:
            session.play(rng.choice(session.hand.legal_moves()))
        if session.match.over:
            if sorted(session.match.wins) == [1, 2]:
                break
            session = Session(Options(players=2, first_to=2), seed=rng.randrange(1000))
            continue
        session.next_hand()
    texts = _match_end_texts(app, session)
    assert one in texts and many in texts
    assert not any(t.startswith("1 ") and t.endswith(("manos ganadas", "hands won")) for t in texts)


def _play_match(session: Session, rng: random.Random, after_hand=None) -> Session:
    """Random legal moves until ``session``'s match is over; ``after_hand(session)`` after each hand."""
    from game.ui.desktop import audit

    return audit.play_out(session, rng, after_hand)


def _match_end_texts(app, session: Session) -> list[str]:
    app.session = session
    app.go("match_end")
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    return [d.text for d in seen]


def test_the_match_end_tells_what_the_match_left_at_its_table():
    """Under the hands: this table's figures with the match in them (matches won of played, hands
    won in a row, points a hand), as the statistics screen keeps them; nothing for a demo."""
    from game.ui import stats as stats_mod

    app = new_app(lang="es")
    rng = random.Random(4)
    session = _play_match(Session(Options(players=2, first_to=2, level="normal"), seed=11), rng,
                          lambda s: stats_mod.record_hand(app.stats, s))   # as the count does, hand by hand
    texts = _match_end_texts(app, session)
    g = app.stats["by"]["2.normal"]
    won = int(session.match.winner_side == 0)
    assert g["matches"] == 1 and g["match_wins"] == won
    assert "En esta mesa (2 jugadores · Normal)" in texts
    assert f"Partidas ganadas: {won} de 1 ({100 * won}\u00a0%)" in texts
    assert f"Manos ganadas seguidas: {g['streak']} (la mejor racha: {g['best_streak']})" in texts
    assert f"Puntos por mano: {round(g['points'] / g['hands'])} de media" in texts
    demo = _play_match(Session(Options(players=2, first_to=2, level="normal"), seed=11, human_seats=()), rng)
    assert demo.demo and not any(t.startswith("En esta mesa") for t in _match_end_texts(app, demo))


def test_a_match_between_people_counts_for_each_person_and_not_overall():
    """Ana and Luis against each other (and a person with a computer against a person with a
    computer): the match end tells each person's matches won of played; the overall and table
    figures, the people's against the computer, are untouched; the statistics screen shows the
    people's rows, not "no matches yet"."""
    from game.ui import stats as stats_mod

    app = new_app(lang="es")
    rng = random.Random(8)
    record = lambda s: stats_mod.record_hand(app.stats, s)  # noqa: E731  (as the count does, hand by hand)
    duel = _play_match(Session(Options(players=2, first_to=2), seed=3,
                               seats=parse_spec("person:Ana,person:Luis")), rng, record)
    texts = _match_end_texts(app, duel)
    ana, luis = app.stats["people"]["Ana"], app.stats["people"]["Luis"]
    assert ana["matches"] == luis["matches"] == 1 and ana["match_wins"] + luis["match_wins"] == 1
    assert "Cada persona, en todas sus partidas" in texts
    for name, g in (("Ana", ana), ("Luis", luis)):
        assert f"{name}: partidas ganadas, {g['match_wins']} de 1 ({100 * g['match_wins']}\u00a0%)" in texts
    assert not any(t.startswith("En esta mesa") for t in texts)
    assert not app.stats.get("hands") and not app.stats.get("by") and not app.stats.get("recent")
    app.go("stats")
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    shown = [d.text for d in seen]
    assert "Ana (persona)" in shown and "Luis (persona)" in shown
    assert app.t("stats.empty") not in shown and app.t("stats.all") not in shown

    pairs = _play_match(Session(Options(players=4, first_to=1, level="normal"), seed=5,
                                seats=parse_spec("person:Ana,person:Luis,cpu:normal,cpu:normal")), rng, record)
    assert stats_mod.contested(pairs)
    assert app.stats["people"]["Ana"]["matches"] == 2 and not app.stats.get("by")
    # and a person against the computer counts overall and at the table, as before
    solo = _play_match(Session(Options(players=2, first_to=1, level="normal"), seed=6,
                               seats=parse_spec("person:Ana,cpu:normal")), rng, record)
    assert not stats_mod.contested(solo)
    assert app.stats["matches"] == 1 and app.stats["by"]["2.normal"]["matches"] == 1
    assert "En esta mesa (2 jugadores · Normal)" in _match_end_texts(app, solo)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_match_end_shows_the_match_in_figures_in_each_sides_column(lang):
    """Under the hands: bazas, aces and threes, triunfos won per side over the whole match, each
    figure on its label's line and under its side's name; a match resumed from a save without the
    hands' tallies shows the hands and no figures."""
    app = new_app(lang=lang)
    session = _play_match(Session(Options(players=3, first_to=2, level="normal"), seed=5), random.Random(6))
    totals = session.match.totals()
    assert len(session.match.scores) >= 2
    app.session = session
    app.go("match_end")
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    texts = [d.text for d in seen]
    assert app.t("match.over_the_match") in texts
    names = [next(d for d in seen if d.text == name) for name in
             (side_name(app.words, session, side) for side in range(3))]
    for key, values in (("match.tricks", totals.tricks), ("match.big", totals.big), ("match.trumps", totals.trumps)):
        label = next(d for d in seen if d.text == app.t(key))
        row = [d for d in seen if d.rect.top == label.rect.top and d is not label]
        assert [d.text for d in sorted(row, key=lambda d: d.rect.x)] == [str(v) for v in values]
        for d, name in zip(sorted(row, key=lambda d: d.rect.x), names):
            assert abs(d.rect.centerx - name.rect.centerx) <= 2
    assert sum(totals.tricks) == 13 * len(session.match.scores)
    # the same match from a save of before the tallies: hands, no figures
    data = session.to_save()
    for score in data["match"]["scores"]:
        del score["tally"]
    app.session = Session.from_save(json.loads(json.dumps(data)))
    texts = _match_end_texts(app, app.session)
    assert app.t("match.hand", n=1) in texts and app.t("match.tricks") not in texts
    assert app.t("match.over_the_match") not in texts


def test_the_seats_screen_opens_when_the_new_game_level_is_not_offered(monkeypatch):
    monkeypatch.setattr(players, "levels", lambda: ("beginner", "normal"))  # as the fuzzing test does
    app = new_app(last_options=Options(players=3, level="hard").to_json(),
                  last_seats=[{"person": "Ana"}, {"cpu": "normal"}, {"cpu": "beginner"}])
    app.go("seats")
    seats = app.scene
    assert seats.level == "beginner"  # the new-game level is not offered: the first level that is
    assert seats.chosen() == (Seat(True, "Ana"), Seat(False, level="normal"), Seat(False, level="beginner"))
    assert seats.rows[1].values == ["person", "beginner", "normal"]


@pytest.mark.parametrize("size, drawn", [((390, 844), True), ((568, 320), False)])
def test_a_won_match_ends_under_a_gold_copa_where_the_screen_has_room(size, drawn, monkeypatch):
    """A won match on an upright phone: the copa, as a trophy, in the room above the hands (it was an
    empty half screen); not on a short screen, and never over a lost match."""
    from game.ui.desktop import audit
    from game.ui.scenes.match_end import TROPHY, TROPHY_MIN

    app = audit.make_app(size)
    won = lost = None
    for seed in range(30):   # one match the person's side wins, one it loses
        session = _play_match(Session(Options(players=2, first_to=1, level="normal"), seed=seed), random.Random(seed))
        if session.match.winner_side == 0:
            won = won or session
        else:
            lost = lost or session
        if won and lost:
            break
    icons = []
    real = app.sprites.icon
    monkeypatch.setattr(app.sprites, "icon", lambda suit, px: icons.append((suit, px)) or real(suit, px))
    for session, celebrated in ((won, True), (lost, False)):
        app.session = session
        app.go("match_end")
        app.step(1 / 60)
        assert app.scene.celebrate == celebrated
        icons.clear()   # one frame's drawing
        app.scene.draw(app.surface)
        copas = [px for suit, px in icons if suit == "C"]
        assert (len(copas) == 1 and TROPHY_MIN <= copas[0] <= TROPHY) if (celebrated and drawn) else not copas
        assert not audit.measure(app, "match_end").problems


@pytest.mark.parametrize("players_count", [2, 4])
def test_the_match_end_headline_says_won_to_the_winner_and_lost_to_the_loser(players_count):
    """The one person reads "You win the match!" when their side won it and "You lose the match"
    when it did not (the copa and the confetti follow their own test: the headline has to agree)."""
    app = new_app(lang="en")
    pairs = "_pairs" if players_count == 4 else ""
    seen = set()
    for seed in range(30):   # seeded matches until one is won and one lost
        session = _play_match(Session(Options(players=players_count, first_to=1, level="normal"), seed=seed),
                              random.Random(seed))
        app.session = session
        app.go("match_end")
        won = session.match.winner_side == session.viewer_side()
        assert app.scene.headline() == app.t(("score.match_won" if won else "score.match_lost") + pairs)
        seen.add(won)
        if seen == {True, False}:
            break
    assert seen == {True, False}
    assert app.t("score.match_won") == "You win the match!"   # the keys are the words meant


def _pass_and_play_at_its_end(app: App, seed: int = 3) -> Session:
    """Ana and Luis passing the device against an expert, the match played out and saved as the last
    count leaves it, at the match end read long enough for a key to count."""
    seats = parse_spec("person:Ana,person:Luis,cpu:expert")
    app.session = _play_match(Session(Options(players=3, first_to=1, level="beginner"), seed=seed, seats=seats),
                              random.Random(seed))
    save_match(app)
    assert app.store.load_match() is not None
    app.go("match_end")
    for _ in range(int(DOUBLE_TAP / DT) + 2):
        app.step(DT)
    return app.session


def test_a_rematch_after_a_pass_and_play_match_keeps_its_people_and_computer_levels():
    """"Revancha" keeps the seats: the same people by name passing the device and the expert still
    an expert (not one person against the new-game level's computers)."""
    app = new_app()
    old = _pass_and_play_at_its_end(app)
    app.step(DT, [drive.key(pygame.K_RETURN)])
    session = app.session
    assert session is not old and not session.match.over
    assert session.seats == old.seats and session.human_seats == (0, 1)
    assert bot_levels(session) == {2: "expert"}


def test_menu_on_the_match_end_forgets_the_finished_match():
    """"Menú" leaves the match over for good: its saved copy (kept so that a reload shows the end
    again) goes, and the menu offers no "Continuar" for it."""
    app = new_app()
    _pass_and_play_at_its_end(app, seed=4)
    app.step(DT, [drive.key(pygame.K_ESCAPE)])
    assert app.scene.name == "menu" and app.scene.saved is None
    assert app.store.load_match() is None
    assert Store(Storage(app.store.storage.backend)).load_match() is None   # what a reload would find


def test_each_hands_points_and_the_hands_won_are_under_their_sides_name():
    """Every hand's row: each side's points under that side's name (in its column), and under each
    column that side's "N hands won"; a swap would credit the loser with the winner's hands."""
    app = new_app(lang="en")
    session = _play_match(Session(Options(players=3, first_to=2, level="normal"), seed=5), random.Random(6))
    match = session.match
    assert len(match.scores) >= 2 and len(set(match.wins)) > 1
    app.session = session
    app.go("match_end")
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    names = [next(d for d in seen if d.text == side_name(app.words, session, side)) for side in range(3)]
    for score in match.scores:
        label = next(d for d in seen if d.text == app.t("match.hand", n=score.number + 1))
        row = sorted((d for d in seen if d.rect.top == label.rect.top and d.text.isdigit()), key=lambda d: d.rect.x)
        assert [d.text for d in row] == [str(p) for p in score.side_points]
        for d, name in zip(row, names):
            assert abs(d.rect.centerx - name.rect.centerx) <= 2
    assert any(len(set(score.side_points)) > 1 for score in match.scores)   # a swap would show
    for side, name in enumerate(names):
        won = next(d for d in seen if d.text == app.words.count("match.hands_won", match.wins[side])
                   and abs(d.rect.centerx - name.rect.centerx) <= 2)
        assert won.rect.top > name.rect.bottom


def test_the_record_tells_the_streak_and_the_best_streak_each_in_its_place():
    """"Hands won in a row: 1 (best streak: 4)": the running streak first, the best after."""
    from game.ui import stats as stats_mod

    app = new_app(lang="en")
    session = _play_match(Session(Options(players=2, first_to=1, level="normal"), seed=11), random.Random(4))
    app.stats.setdefault("by", {})[stats_mod.group_of(session)] = {
        "matches": 5, "match_wins": 3, "streak": 1, "best_streak": 4, "hands": 9, "points": 600}
    texts = _match_end_texts(app, session)
    assert app.t("match.record_streak", streak=1, best=4) in texts
    assert "Hands won in a row: 1 (best streak: 4)" in texts


@pytest.mark.parametrize("spec", ["person:Ana,person:Luis", "person:Ana,person:Luis,person:Eva,person:Pau"])
def test_a_pass_and_play_match_end_names_the_side_that_won(spec):
    """People passing the device read the winners' names ("Ana wins the match!", "Ana and Eva win
    the match!"), never the losers'."""
    app = new_app(lang="en")
    seats = parse_spec(spec)
    pairs = len(seats) == 4
    for seed in range(2):   # two matches: whichever side wins, the headline follows it
        session = _play_match(Session(Options(players=len(seats), first_to=1), seed=seed, seats=seats),
                              random.Random(seed))
        assert session.passing
        app.session = session
        app.go("match_end")
        side = session.match.winner_side
        winners = side_name(app.words, session, side)
        losers = side_name(app.words, session, 1 - side)
        headline = app.scene.headline()
        assert headline == app.t("match.won_by_pairs" if pairs else "match.won_by", name=winners)
        assert losers not in headline and winners.split()[0] in ("Ana", "Luis", "Eva", "Pau")


@pytest.mark.parametrize("size", [(320, 480), (390, 844), (844, 390), (1024, 768), (1280, 720)])
@pytest.mark.parametrize("by", ["finger", "mouse"])
def test_a_tap_on_a_seat_selects_it_and_never_changes_who_sits_there(size, by):
    """A club renaming seat 3 between matches tapped its row: Àngel became "Máquina: Normal", and a
    tap on seat 1 to correct Begoña's name started the match without her. A tap (a click alike) on
    a seat's label or value selects it, ready for its name; only the arrows change who sits there."""
    app = new_app(size, last_seats=[{"person": "Begoña"}, {"cpu": "normal"}, {"person": "Àngel"}, {"cpu": "normal"}])
    seats = to_seats_screen(app)

    def tap(pos) -> None:
        app.step(DT, drive.tap(pos, window=app.layout.size) if by == "finger" else drive.click(pos))
        for _ in range(int(DOUBLE_TAP / DT) + 1):   # (each tap one of its own, not half of a double tap)
            app.step(DT)

    def places(seat: int):
        """Seat ``seat``'s label (the top of its row, where a label sits over its value) and value box."""
        if seats.editing:   # a small screen's typing screen, opened by the tap before: back to the seats
            tap(seats.edit_bar.buttons[0].rect.center)
        seats.list.bring_into_view(seat)
        rect = seats.list.rect_of(seats.list.shown().index(seats.rows[seat]))
        return (rect.x + 12, rect.y + 8), seats.list.value_rect(rect).center

    for seat in (2, 0):
        for where in range(2):
            tap(places(seat)[where])
            assert seats.chosen() == (Seat(True, "Begoña"), Seat(False, level="normal"),
                                      Seat(True, "Àngel" if seat == 2 else "Jo"), Seat(False, level="normal"))
            assert seats.selected_person() == seat, (where, seat)
            # the letters: under the list, or on a screen of their own where they would be too small there
            assert seats.editing if seats.compact else seats.keys
        keys = {ch: rect for rect, ch in seats.keys}
        for ch in "JO":   # (a name only filled in: the first letter replaces it)
            tap(keys[ch].center)
        assert seats.chosen()[seat] == Seat(True, "Jo")
    # the arrows still change a seat: seat 2's right arrow, a computer one level up
    seats.editing = False
    seats.list.bring_into_view(1)
    value = seats.list.value_rect(seats.list.rect_of(seats.list.shown().index(seats.rows[1])))
    tap((value.right - seats.list.arrow_width // 2, value.centery))
    assert seats.chosen()[1] == Seat(False, level="hard")
