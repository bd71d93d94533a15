"""Playing with people: seats, passing the device, señas between people, match lengths, saves.

The main test renders EVERY frame of whole matches with each mix of people and computers (2, 3
and 4 players), leaves and resumes them from the menu at a baza, and proves from the pictures
alone (every card face handed to the sprite cache while a frame is drawn) that no frame ever
shows a person's card to anyone but that person after their tap on the handoff screen, and that
no frame drawn while the device is being passed (or on the handoff screen) shows any hand.
"""

from __future__ import annotations

import json
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive
from game.hand import SWAP
from game.match import FIRST_TO, Match, MatchError
from game.rules import Rules
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.options import Options
from game.ui.persist import Store
from game.ui.scenes.common import start_game
from game.ui.seats import (Seat, SeatsError, clean_name, display_name, last_seats, parse_spec, remember_names,
                           remembered_names, same_name, seats_from_json, seats_from_save, seats_to_json, side_name)
from game.ui.session import Session

DT = 1 / 30
TABLE_SCENES = ("deal", "play", "handoff", "scoring", "match_end")

# --- seats ------------------------------------------------------------------------------------


def test_a_seat_spec_reads_people_and_computers_and_says_what_is_wrong():
    seats = parse_spec("person:Ana,cpu:expert,person:Luis,cpu")
    assert seats == (Seat(True, "Ana"), Seat(False, level="expert"), Seat(True, "Luis"), Seat(False, level="normal"))
    assert seats_from_json(json.loads(json.dumps(seats_to_json(seats))), 4) == seats
    assert parse_spec("person,person") == (Seat(True, ""), Seat(True, ""))   # "Jugador 1", "Jugador 2"
    assert parse_spec("person:Jugador 1,person")[0].name == "Jugador 1"   # a seat's own: no one else's
    assert same_name(parse_spec("person:Ana,person:Luis,cpu,person")) is None
    assert same_name((Seat(True, "Luis"), Seat(True, "Ana"), Seat(False), Seat(True, "ana"))) == (1, 3)
    typed = (Seat(True, "jugador 3"), Seat(False), Seat(True, ""))   # as seat 3's own "Jugador 3"
    assert same_name(typed) is None and same_name(typed, lambda i: f"Jugador {i + 1}") == (0, 2)
    for bad, words in (("", "empty"), ("person:Ana", "2, 3 or 4"), ("cpu:godlike,person", "unknown computer level"),
                       ("robot:x,person", "neither"), ("person:\x00\x01,cpu", "printable"),
                       (",".join(["person"] * 5), "2, 3 or 4"),
                       ("person:Ana,cpu,person:ANA", "seat 3: the name 'ANA' is seat 1's already"),
                       ("person:Jugador 2,person", "seat 1: the name 'Jugador 2' is what the game calls seat 2's"),
                       ("person,cpu,person:player 1", "seat 3: the name 'player 1' is what the game calls seat 1's")):
        with pytest.raises(SeatsError, match=words):
            parse_spec(bad)
    with pytest.raises(SeatsError, match="3 players"):
        parse_spec("person,cpu", players_count=3)
    for bad in (None, [], [{"person": "A"}], [{"person": 3}, {"cpu": "normal"}], [{"cpu": "x" * 500}, {"person": ""}]):
        with pytest.raises(SeatsError):
            seats_from_json(bad, 2)


def test_names_are_cleaned_and_remembered_most_recent_first():
    assert clean_name("  Ana \n María ") == "Ana María"
    assert clean_name("x" * 100) == "x" * 14 and clean_name(None) == "" and clean_name("\x1b[31m") == "[31m"
    settings: dict = {"names": ["Luis", "Rosa", 7, "Luis"]}
    assert remembered_names(settings) == ["Luis", "Rosa"]
    remember_names(settings, (Seat(True, "Ana"), Seat(False), Seat(True, "Rosa")))
    assert settings["names"] == ["Ana", "Rosa", "Luis"]


def test_names_on_screen():
    session = Session(Options(players=4), seed=1, seats=parse_spec("person:Ana,cpu,person,cpu:expert"))
    from game.ui.i18n import Words

    es = Words("es")
    assert [display_name(es, session, s) for s in range(4)] == ["Ana", "Lola", "Jugador 3", "Rosa"]
    solo = Session(Options(players=2), seed=1)
    assert display_name(es, solo, 0) == es.t("seat.0")  # one person: "Tú"
    # a person with a computer's name: that computer takes a spare name nobody at the table has
    clash = Session(Options(players=4), seed=1, seats=parse_spec("person:rosa,cpu,person:Carmen,cpu"))
    assert [display_name(es, clash, s) for s in range(4)] == ["rosa", "Lola", "Carmen", "Andrés"]
    both = Session(Options(players=4), seed=1, seats=parse_spec("cpu,person:Lola,person:Manolo,cpu"))
    assert [display_name(es, both, s) for s in range(4)] == ["Carmen", "Lola", "Manolo", "Rosa"]
    ca = Words("ca")
    assert [display_name(ca, both, s) for s in range(4)] == ["Jordi", "Lola", "Manolo", "Rosa"]
    alone = Session(Options(players=2), seed=1, seats=parse_spec("person:Lola,cpu"))   # "Tú": no clash
    assert [display_name(es, alone, s) for s in range(2)] == ["Tú", "Lola"]


# --- match length -----------------------------------------------------------------------------


@pytest.mark.parametrize("first_to", FIRST_TO)
def test_a_match_ends_when_a_side_has_won_first_to_hands_void_hands_replayed(first_to):
    rng = random.Random(first_to)
    match = Match(Rules(players=2), seed=first_to, first_to=first_to)
    while not match.over:
        hand = match.hand
        while not hand.over:
            hand.play(rng.choice(hand.legal_moves()))
        match.finish_hand()
        assert max(match.wins) <= first_to
        resumed = Match.from_json(json.loads(json.dumps(match.to_json())))
        assert resumed.first_to == first_to and resumed.wins == match.wins and resumed.over == match.over
        if not match.over:
            match.next_hand()
    assert max(match.wins) == first_to and match.winner_side == match.wins.index(first_to)
    assert len(match.scores) == sum(match.wins) + sum(1 for s in match.scores if s.result.void)
    # a hand's record holds RULES.md's rule keys only: the length is the match's own
    assert "best_of" not in match.to_json()["hand"]["rules"] and "best_of" not in match.to_json()["rules"]


def test_match_length_option_old_saves_and_bad_values():
    assert Options().first_to == 2 and Options(first_to=1).first_to == 1
    assert Options.from_json({"best_of": 1}).first_to == 1  # saved before the option existed
    assert Options.from_json({"best_of": 3}).first_to == 2 and Options.from_json({"best_of": 1, "first_to": 4}).first_to == 4
    assert Options.from_json({"best_of": 5}).first_to == 2 and "best_of" not in Options().to_json()
    assert Options(first_to=5).rules() == Options(first_to=1).rules() == Rules()
    assert Options.from_json({"first_to": 10}).first_to == 2 and Options.from_json({"first_to": True}).first_to == 2
    old = Match(Rules(), seed=3, first_to=1).to_json()
    del old["first_to"]   # a save of an earlier version: the length as best_of in the match's and the hand's rules
    old["rules"]["best_of"] = old["hand"]["rules"]["best_of"] = 1
    assert Match.from_json(old).first_to == 1 and Match.from_json(old).rules == Rules()
    old["rules"]["best_of"] = old["hand"]["rules"]["best_of"] = 3
    assert Match.from_json(old).first_to == 2
    del old["rules"]["best_of"], old["hand"]["rules"]["best_of"]
    assert Match.from_json(old).first_to == 2   # nothing said: best of three
    for bad in (0, 10, "3", None, True):
        data = dict(old, first_to=bad)
        with pytest.raises(MatchError, match="first_to"):
            Match.from_json(data)
    session = Session(Options(first_to=4), seed=2)
    assert session.match.target == 4


# --- the session: holder, handoff, señas, saves ----------------------------------------------------

MIXES = {
    "2 people": "person:Ana,person:Luis",
    "2 people as a pair vs 2 computers": "person:Ana,cpu:beginner,person:Luis,cpu:beginner",
    "person+computer vs person+computer": "person:Ana,person:Luis,cpu:beginner,cpu:beginner",
    "3 people": "person:Ana,person:Luis,person:Rosa",
    "2 people and a computer": "person:Ana,cpu:beginner,person:Luis",
    "4 people": "person:Ana,person:Luis,person:Rosa,person:Pepe",
    "1 person (no passing)": "person:Ana,cpu:beginner,cpu:beginner,cpu:beginner",
}


_MOVES = random.Random(2026)


def hint_move(session: Session):
    """A person's move in these tests: a seeded random legal one (the hint engine is the expert's
    search, too slow for hundreds of moves; the headless driver's test plays people by it)."""
    return _MOVES.choice(session.hand.legal_moves())


@pytest.mark.parametrize("mix", MIXES, ids=list(MIXES))
def test_saved_at_every_baza_resumes_covered_with_its_seats_and_plays_on_the_same(mix):
    seats = parse_spec(MIXES[mix])
    options = Options(players=len(seats), level="beginner", first_to=1)
    session = Session(options, seed=11, seats=seats)
    assert session.holder == (None if session.passing else session.human_seats[0])
    while not session.hand.over:
        hand = session.hand
        if not hand.table:  # the start of a baza: save, resume through JSON, compare
            saved = json.loads(json.dumps(session.to_save()))
            again = Session.from_save(saved)
            assert again.seats == seats and again.human_seats == session.human_seats
            assert again.holder == (None if session.passing else session.human_seats[0])
            assert [str(m) for m in again.hand.moves] == [str(m) for m in hand.moves]
            assert again.needs_handoff() == (session.passing and session.is_human(hand.turn))
            assert again.match.first_to == 1 and again.told == session.told
        turn = hand.turn
        if session.is_human(turn):
            if session.needs_handoff():
                session.take_device(turn)
            assert session.human_to_move() and session.face_up() == {turn}
            session.play(hint_move(session))
        else:
            session.play(session.bot_move())
        if session.needs_handoff():
            session.cover()
            assert session.face_up() == set() and not session.human_to_move()
    assert session.match.over or session.hand.result.void  # a void hand is replayed


def saved_between_people() -> dict:
    """A match of two people as a pair against two computers, saved at its third baza, as JSON."""
    session = Session(Options(players=4, level="hard", first_to=1), seed=11,
                      seats=parse_spec("person:Ana,cpu:beginner,person:Luis,cpu:beginner"))
    while len(session.hand.tricks) < 2:
        if session.is_human(session.hand.turn):
            session.take_device(session.hand.turn)
            session.play(hint_move(session))
        else:
            session.play(session.bot_move())
    return json.loads(json.dumps(session.to_save()))


def resumed_from_store(data: dict) -> App:
    """``data`` stored as the saved match, and "Continuar partida" pressed on a fresh app."""
    from test_saves_safe import envelope

    backend = MemoryBackend()
    backend.write("match", envelope("match", data))
    app = App(Store(Storage(backend)), window=False, seed=2)
    app.go("menu")
    app.step(DT, [drive.key(pygame.K_c)])
    return app


def test_a_save_whose_seats_are_lost_or_broken_keeps_its_people_people():
    """Resumed as one person against the computer, the other person's hand would be played by a
    bot and the first shown cards that were not theirs: every form a save has of who is a person
    keeps them one ("Jugador N" where their name is lost); only when nothing tells, one person."""
    saved = saved_between_people()
    assert [s.get("person") for s in saved["seats"]] == ["Ana", None, "Luis", None]
    # seats broken in part (a name that is no name, two names alike): not set aside
    broken = {**saved, "seats": [{"person": 7}, {"cpu": "beginner"}, {"person": "Luis"}, {"person": "Luis"}]}
    app = resumed_from_store(broken)
    assert app.store.problems == [] and app.scene.name in ("play", "handoff")
    session = app.session
    assert session.seats == (Seat(True, ""), Seat(False, level="beginner"), Seat(True, "Luis"), Seat(True, ""))
    assert session.passing and sorted(session.bots) == [1] and display_name(app.words, session, 3) == "Jugador 4"
    # (a level this copy does not know is bad data for the store, as before; resumed all the same, its seats' people
    # are kept and the computer plays at the match's level)
    assert seats_from_save([{"person": "Ana"}, {"cpu": "master"}], 2, "hard") == (Seat(True, "Ana"), Seat(False, level="hard"))
    session = resumed_from_store({**saved, "seats": [{"person": 7}, {"cpu": "hard"}, {"person": "Luis"}, {"cpu": "beginner"}]}).session
    assert session.seats == (Seat(True, ""), Seat(False, level="hard"), Seat(True, "Luis"), Seat(False, level="beginner"))
    assert session.passing and session.holder is None and session.face_up() == set()
    assert sorted(session.bots) == [1, 3] and display_name(app.words, session, 0) == "Jugador 1"
    # no seats (lost), but the señas told to each person say who they are
    lost = {k: v for k, v in saved.items() if k != "seats"}
    lost["told"] = [0, 0, 1, 0]   # (handcrafted: seat 2 was shown a seña; seat 0 is always a person)
    for data in (lost, {**lost, "seats": "?"}):
        app = resumed_from_store(data)
        assert app.store.problems == [] and app.scene.name in ("play", "handoff"), data.get("seats")
        assert app.session.seats == (Seat(True), Seat(False, level="hard"), Seat(True), Seat(False, level="hard"))
        assert app.session.passing and sorted(app.session.bots) == [1, 3]
        assert display_name(app.words, app.session, 2) == "Jugador 3"
    # nothing tells (a save from before seats were saved, when one person played): one person, as before
    older = {k: v for k, v in saved.items() if k not in ("seats", "told", "bots_seed")}
    app = resumed_from_store(older)
    assert app.store.problems == [] and app.session.human_seats == (0,) and not app.session.passing
    # seats that are no seats and nothing else tells: set aside and told, as before
    app = resumed_from_store({**older, "seats": "?"})
    assert app.session is None and ("match", "rejected", "load") in app.store._noted


def test_a_persons_sena_reaches_the_partner_on_their_turn_and_a_catching_opponent_only():
    seats = parse_spec("person:Ana,person:Luis,person:Rosa,person:Pepe")
    for seed in range(40):
        session = Session(Options(players=4, watch=3), seed=seed, seats=seats)
        hand = session.hand
        session.take_device(hand.turn)
        cards = session.sena_cards(hand.turn)
        if cards:
            break
    giver = hand.turn
    sena = session.give_sena(giver, cards[0])
    assert sena is not None
    partner = session.rules.partner_of(giver)
    assert session.notes(giver) == []  # the giver is not told their own seña
    assert session.notes(partner) == [sena] and session.notes(partner) == []  # once
    for opponent in ((giver + 1) % 4, (giver + 3) % 4):
        assert session.notes(opponent) == ([sena] if opponent in sena.caught_by else [])


def test_seats_and_names_through_the_new_game_start():
    app = App(Store(Storage(MemoryBackend())), window=False, seed=3)
    app.go("menu")
    seats = parse_spec("person:Ana,cpu:hard,person:Luis")
    app.manager.switch(start_game(app, Options(players=3), seats))
    assert app.session.seats == seats and app.session.passing and app.session.holder is None
    assert app.settings["names"][:2] == ["Ana", "Luis"] and app.settings["last_seats"] == seats_to_json(seats)
    kept = app.store.load_settings()  # remembered across runs
    assert kept["names"][:2] == ["Ana", "Luis"] and kept["last_seats"] == seats_to_json(seats)
    assert app.session.bots[1] is not None and 0 not in app.session.bots and 2 not in app.session.bots


# --- every frame of whole matches -------------------------------------------------------------------


class Watcher:
    """Records every card face the sprite cache is asked for while a frame is drawn."""

    def __init__(self, app: App) -> None:
        self.faces: set = set()
        sprites = app.sprites
        original = sprites.get

        def get(card, *args, **kwargs):
            if card is not None:
                self.faces.add(card)
            return original(card, *args, **kwargs)
        sprites.get = get

    def take(self) -> set:
        faces, self.faces = self.faces, set()
        return faces


def public_in_hands(hand) -> set:
    """Cards everybody has seen go into a hand: every card that was the muestra."""
    n = hand.players
    return {hand.deck[3 * n]} | {s.gave for s in hand.swaps} | {s.took for s in hand.swaps}


def check_frame(app: App, faces: set, tapped: int | None) -> int:
    """Checks one drawn frame; returns how many seats' private cards it showed (0 or 1)."""
    session = app.session
    scene = app.scene.name
    if scene not in TABLE_SCENES or session is None:
        return 0
    hand = session.hand
    known = public_in_hands(hand)
    holder = session.holder
    if session.passing:
        assert holder in (None, tapped), (holder, tapped)
    for seat in getattr(app.scene, "table", None).faces if getattr(app.scene, "table", None) else ():
        # a seña's face only for the partner of its giver or an opponent who caught it, while they hold
        # the device (it stayed, counting down, for the next person: an opponent who had not caught it)
        who = holder if holder is not None else tapped   # covered, the last to tap has it still
        entitled = [sena for sena in hand.senas if sena.seat == seat and who is not None
                    and (who == hand.rules.partner_of(seat) or who in sena.caught_by)]
        assert entitled or not session.passing, f"frame {app.frames} scene {scene}: seat {seat}'s seña shown to {who}"
    showing = 0
    for seat in range(hand.players):
        private = set(hand.hand_of(seat)) - known
        shown = faces & private
        if not shown:
            continue
        where = f"frame {app.frames} scene {scene}: seat {seat}'s {sorted(map(str, shown))} face up"
        assert scene != "handoff", where
        assert seat == holder, where + f" (holder {holder})"
        assert not session.needs_handoff(), where + " while the device is being passed"
        if session.passing:
            assert seat == tapped, where + f" (last tap: {tapped})"
        showing += 1
    return showing


def play_whole_match(spec: str, seed: int, first_to: int, leave_at: tuple[int, ...] = ()) -> dict:
    """Every frame of a match from the new-game start to its end: people's moves by keys (a seeded
    choice), señas given by key whenever a person can, handoffs tapped, the match left for the menu
    and resumed at the start of each baza in ``leave_at`` (numbers from 1). Returns what happened."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=seed)
    app.settings["speed"] = "fast"
    watcher = Watcher(app)
    rng = random.Random(seed)
    app.go("menu")
    seats = parse_spec(spec)
    options = Options(players=len(seats), level="beginner", first_to=first_to, senas=True, watch=2)
    app.manager.switch(start_game(app, options, seats))
    tapped = None if app.session.passing else app.session.human_seats[0]
    seen = {"handoffs": 0, "resumes": 0, "frames": 0, "senas": 0, "scenes": set(), "left": set()}
    for _ in range(60000):
        events = []
        scene = app.scene
        session = app.session
        name = scene.name
        seen["scenes"].add(name)
        baza = len(session.hand.tricks) + 1 if session is not None else 0
        if name in ("play", "handoff") and baza in leave_at and baza not in seen["left"] and not session.hand.table:
            seen["left"].add(baza)  # leave for the menu (the match is saved), then continue it
            app.step(DT, [drive.key(pygame.K_ESCAPE)])
            check_frame(app, watcher.take(), tapped)
            assert app.scene.name == "menu" and app.store.load_match() is not None
            app.step(DT, [drive.key(pygame.K_c)])
            check_frame(app, watcher.take(), tapped)
            tapped = None if app.session.passing else app.session.human_seats[0]
            assert app.session.holder == tapped  # with people, nobody holds it after a resume
            assert [str(m) for m in app.session.hand.moves] == [str(m) for m in session.hand.moves]
            seen["resumes"] += 1
            continue
        if name == "handoff" and scene.clock > scene.GUARD:
            events = [drive.key(pygame.K_RETURN)] if rng.random() < 0.5 else drive.tap(scene.app.layout.table.center)
            tapped = scene.seat
            seen["handoffs"] += 1
        elif name == "play":
            hand = session.hand
            if session.human_to_move() and scene.time > 0.05:
                ranks = [c.rank for c in session.sena_cards(session.viewer)] if scene.may_signal() else []
                if ranks:  # a seña whenever one can be given, by its key (A as, T tres, R rey)
                    before = len(hand.senas)
                    events.append(drive.key({1: pygame.K_a, 3: pygame.K_t, 12: pygame.K_r}[rng.choice(ranks)]))
                    app.step(DT, events)
                    check_frame(app, watcher.take(), tapped)
                    seen["senas"] += len(hand.senas) - before
                    events = []
                if rng.random() < 0.1 and hand.tricks:
                    events = [drive.key(pygame.K_l)]  # the last baza, then close it
                    app.step(DT, events)
                    check_frame(app, watcher.take(), tapped)
                    events = [drive.key(pygame.K_SPACE)]
                    app.step(DT, events)
                    check_frame(app, watcher.take(), tapped)
                    events = []
                move = rng.choice(hand.legal_moves())  # the person's choice (seeded: the same every run)
                if move == SWAP:
                    events = [drive.key(pygame.K_s)]
                    seen["swaps"] = seen.get("swaps", 0) + 1
                else:
                    scene.table.animator.finish_all()
                    i = scene.table.model.hands[session.viewer].index(move)
                    events = [drive.key(pygame.K_1 + i)]
        elif name == "scoring" and not scene.counting and scene.time > 0.3:
            events = [drive.key(pygame.K_RETURN)]
        elif name == "match_end":
            seen["winner"] = session.match.winner_side
            break
        told = (session.match.number, list(session.told)) if session is not None else None
        app.step(DT, events)
        seen["frames"] += 1
        seen["own"] = seen.get("own", 0) + check_frame(app, watcher.take(), tapped)
        if told is not None and app.session is session and session.match.number == told[0]:
            for seat, (was, now) in enumerate(zip(told[1], session.told)):  # señas are told to the holder only
                assert was == now or seat == session.holder, f"seat {seat} was told a seña without the device"
                seen["told"] = seen.get("told", 0) + int(was != now)
        if app.session is not None:
            drive.check_hand(app.session.hand)
    else:
        raise AssertionError(f"the match did not end (scene {app.scene.name})")
    seen["session"], seen["stats"] = app.session, app.stats
    return seen


@pytest.mark.parametrize("mix,seed,first_to,leave_at", [
    ("2 people", 5, 2, (3,)),
    ("2 people as a pair vs 2 computers", 6, 1, (2, 7)),
    ("person+computer vs person+computer", 7, 1, (5,)),
    ("3 people", 8, 1, (4,)),
    ("2 people and a computer", 9, 1, (1,)),
    ("4 people", 10, 1, (6,)),
    ("1 person (no passing)", 12, 1, (3,)),
], ids=lambda v: str(v))
def test_every_frame_of_whole_matches_shows_a_hand_only_to_its_person_after_their_tap(mix, seed, first_to, leave_at):
    seen = play_whole_match(MIXES[mix], seed, first_to, leave_at)
    session = seen["session"]
    assert session.match.over and seen["winner"] == session.match.winner_side
    # a cambio of a match between people went into the device's "Cambios hechos" (not its figures)
    assert seen["stats"].get("swaps", 0) == (0 if len(session.people_sides) > 1 else seen.get("swaps", 0))
    assert seen["resumes"] == len(leave_at)
    assert seen["own"] > 20  # the watcher does see people's own cards, when allowed
    if session.rules.players == 4 and mix != "1 person (no passing)":
        assert seen["senas"] > 0 and seen.get("told", 0) > 0  # people gave señas, and learnt some on their turn
    if session.passing:
        assert seen["handoffs"] >= 2 and "handoff" in seen["scenes"]
    else:
        assert seen["handoffs"] == 0 and "handoff" not in seen["scenes"]


# --- statistics per person -------------------------------------------------------------------------


def _play_out(session: Session) -> None:
    """The hand played to its end: each person's move (the device in their hands) by the hint
    engine, the computers' as they will."""
    while not session.hand.over:
        turn = session.hand.turn
        if session.is_human(turn):
            session.take_device(turn)
            session.play(hint_move(session))
        else:
            session.play(session.bot_move())


def test_statistics_per_person_name_as_well_as_overall():
    from game.ui import stats as ui_stats

    seats = parse_spec("person:Ana,person:Luis,cpu:beginner,cpu:beginner")
    session = Session(Options(players=4, first_to=1), seed=4, seats=seats)
    _play_out(session)
    figures: dict = {}
    assert ui_stats.record_hand(figures, session) and not ui_stats.record_hand(figures, session)  # once
    winner = session.match.winner_side
    ana, luis = figures["people"]["Ana"], figures["people"]["Luis"]
    assert ana["hands"] == luis["hands"] == 1 and ana["matches"] == luis["matches"] == 1
    assert ana["match_wins"] == int(winner == 0) and luis["match_wins"] == int(winner == 1)  # seats 0 & 2 v 1 & 3
    assert ana["points"] + luis["points"] == 120
    for figures_of, side in ((ana, 0), (luis, 1)):   # the best hand is a hand won
        assert figures_of["best"] == (session.hand.side_points[side] if session.hand.result.winner_side == side else 0)
    # both sides have a person: one's win is the other's loss, so not the device's (overall, tables);
    # the match is in the history of every kind of match
    assert set(figures) == {"people", "history"} and len(figures["history"]) == 1
    drive.check_extra(figures)
    assert ui_stats.clean_extra(figures)["people"] == figures["people"]
    store = Store(Storage(MemoryBackend()))
    assert store.save_stats(figures) and store.load_stats()["people"] == figures["people"]  # kept across runs
    for bad in ({"": {"hands": 1}}, {"Ana": {"hands": -1}}, {"Ana": {"best": 121}}, {"x" * 40: {}}, {"Ana": []}):
        with pytest.raises(ValueError, match="people"):
            drive.check_extra({"people": bad})
        assert ui_stats.clean_extra({"people": bad})["people"] == {}


# --- the headless driver --------------------------------------------------------------------------


def test_the_seats_option_of_main_py_and_its_errors():
    from game.ui.launch import UsageError, parse_args

    opts = parse_args(["--headless", "--seats", "person:Ana,cpu:expert,person:Luis,cpu:normal"])
    assert opts.autoplay and opts.players == 4 and opts.seats.startswith("person:Ana")
    for bad in ("person:Ana", "person,robot", "cpu:wizard,person"):
        with pytest.raises(UsageError, match="--seats"):
            parse_args(["--headless", "--seats", bad])
    # letters the font draws as boxes are refused, as the seats screen refuses them
    with pytest.raises(UsageError, match=r"--seats: seat 2: the name '李 Wei' has letters .* \(李\)"):
        parse_args(["--headless", "--seats", "person:José Ñandú,person:李 Wei"])
    with pytest.raises(UsageError, match=r"seat 1: .*\(😀\)"):
        parse_args(["--headless", "--seats", "person:Ana😀😀,cpu:normal"])
    assert parse_args(["--headless", "--seats", "person:Łucja Ørsted,person:Çelik"]).players == 2
    # a level in any case, in English or Spanish, as the arena and the demo read it
    assert parse_spec("person:Ana,cpu:Expert,p,c:DIFÍCIL") == (Seat(True, "Ana"), Seat(False, level="expert"),
                                                              Seat(True, ""), Seat(False, level="hard"))


@pytest.mark.parametrize("spec", ["person:Ana,cpu:beginner,person:Luis,cpu:beginner", "person:Ana,person:Luis"])
def test_the_headless_driver_plays_a_whole_match_with_people_passing_the_device(spec, tmp_path):
    from game.ui.launch import build_app, parse_args

    # --first-to 1, not --hands 1: the whole match, so a void hand (60-60, replayed) does not end the run
    # before the match does (--hands counts hands played, void ones included).
    opts = parse_args(["--headless", "--seats", spec, "--first-to", "1", "--seed", "4", "--screenshots", str(tmp_path)])
    app = build_app(opts)
    app.settings["speed"] = "fast"
    for _ in range(40000):
        app.step(DT)
        if not app.running:
            break
    session = app.session
    assert not app.running and app.scene.name == "match_end" and session.match.over
    assert session.seats == parse_spec(spec) and app.director.handoffs >= 2
    assert {"handoff", "match_end"} <= set(app.director.saved)
    assert all(os.path.getsize(path) > 10_000 for path in app.director.saved.values())


# --- the seats screen -------------------------------------------------------------------------------


def typed(ch: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()) if ch.isalpha() and ch.isascii() else 0, mod=0,
                              unicode=ch, scancode=0)


def test_the_accent_key_types_the_catalan_ela_geminada():
    """Marcel·la, Camil·la, Gal·la: the phone's keyboard on the seats screen has no middle dot, so the
    accent key after an l gives l·, and again the plain l (a real keyboard types it as it is)."""
    from game.ui.scenes.seats_screen import ACCENT, accent

    assert accent("l") == "l\u00b7" and accent("L") == "L\u00b7" and accent("k") == ""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=(390, 844))
    app.go("seats", count=2)
    seats = app.scene
    seats.seats[0] = Seat(True, "")
    seats.list.selected = 0
    assert seats.selected_person() == 0
    for ch in "MARCEL" + ACCENT + "LA":
        seats.press_key(ch)
    assert seats.seats[0].name == "Marcel\u00b7la"
    for ch in "\b\b" + ACCENT:   # back to "Marcel·", and the dot off again
        seats.press_key(ch) if ch == ACCENT else seats.type(ch)
    assert seats.seats[0].name == "Marcel"


@pytest.mark.parametrize("size, order", [((1280, 720), "typewriter"), ((1024, 768), "typewriter"),
                                         ((768, 1024), "typewriter"), ((844, 390), "typewriter"),
                                         ((390, 844), "alphabet"), ((360, 640), "alphabet")])
def test_the_seats_screens_letters_are_a_typewriters_rows_or_the_alphabet(size, order):
    """The on-screen letters were the typewriter's (QWERTYUIOP, ASDFGHJKLÑ, ZXCVBNMÇ) wrapped at as
    many keys as a row holds: "QWERTYU / IOPASDF / …" on a phone, "QWERTYUIOPASDF / …" on a tablet
    upright, neither a typewriter's nor the alphabet's order, and a child looking for the letters of
    "ABUELA" scanned every key (an outside tester, round 35). Where the typewriter's rows of ten fit
    with keys a finger takes they are kept; elsewhere the keys go in the alphabet's order."""
    from game.ui.scenes.name_keys import ALPHABET, LETTERS

    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=size)
    app.go("menu")
    app.step(DT, [drive.key(pygame.K_n)])
    options = app.scene
    options.list.selected = options.list.shown().index(options.r_seats)
    app.step(DT, [drive.key(pygame.K_RIGHT)])
    seats = app.scene
    assert seats.name == "seats"
    keys = seats.typing_keys if seats.compact else seats.keys
    letters = [(rect, ch) for rect, ch in keys if ch in ALPHABET]
    assert len(letters) == len(ALPHABET) and all(min(rect.size) >= app.layout.touch for rect, _ in keys)
    rows: dict[int, str] = {}
    for rect, ch in sorted(letters, key=lambda item: (item[0].y, item[0].x)):
        rows[rect.y] = rows.get(rect.y, "") + ch
    if order == "typewriter":
        assert list(rows.values()) == list(LETTERS)
    else:
        assert "".join(rows.values()) == ALPHABET and len(rows) > 1


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (844, 390)])
def test_the_seats_screen_by_keyboard_and_by_touch(size):
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=size)
    app.settings["names"] = ["Rosa"]
    app.go("menu")
    app.step(DT, [drive.key(pygame.K_n)])
    options = app.scene
    while options.r_players.value != 4:
        app.step(DT, [drive.key(pygame.K_RIGHT)])
    options.list.selected = options.list.shown().index(options.r_seats)
    app.step(DT, [drive.key(pygame.K_RIGHT)])  # the "who plays" row opens the seats screen
    seats = app.scene
    assert seats.name == "seats" and seats.count == 4
    app.step(DT, [typed(ch) for ch in "Añaa"] + [drive.key(pygame.K_BACKSPACE)])  # seat 1: a person
    app.step(DT, [drive.key(pygame.K_DOWN), drive.key(pygame.K_DOWN), drive.key(pygame.K_LEFT)])  # seat 3: a person
    if seats.compact:   # a phone held sideways: the letters open on a screen of their own
        assert not seats.keys
        app.step(DT, drive.tap(seats.type_bar.buttons[0].rect.center, window=app.layout.size))
        assert seats.editing
    keys = dict((ch, rect) for rect, ch in seats.keys)
    assert all(min(rect.size) >= app.layout.touch for rect in keys.values())
    for ch in "LU´´ÇIAÑA´":  # on-screen letters, the accent key turning the vowel before it: "Lüçiañá" ...
        app.step(DT, drive.tap(keys[ch].center, window=app.layout.size))
    assert seats.seats[2].name == "Lüçiañá"   # (u, ú, ü; a, á: the accent key goes round á, à, a)
    for ch in "´´" + "\b" * 5 + "´":   # ... à, a; back to "Lü", and round to "Lu"
        app.step(DT, drive.tap(keys[ch].center, window=app.layout.size) if ch in keys else [drive.key(pygame.K_BACKSPACE)])
    if seats.compact:   # "Listo" back to the seats
        app.step(DT, drive.tap(seats.edit_bar.buttons[0].rect.center, window=app.layout.size))
        assert not seats.editing and app.scene is seats
    chip = seats.chips()[0][0]
    app.step(DT, [drive.key(pygame.K_DOWN)])
    app.step(DT, [drive.key(pygame.K_UP)])
    assert seats.chosen()[:3] == (Seat(True, "Aña"), Seat(False, level="normal"), Seat(True, "Lu"))
    app.step(DT, drive.tap(chip.center, window=app.layout.size))  # a remembered name replaces the typed one
    assert seats.chosen()[2] == Seat(True, "Rosa")
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene.name == "options" and drive.plain(app.scene.seats_text()) == "Aña, Rosa y 2 máquinas"
    app.step(DT, [drive.key(pygame.K_RETURN)])  # start
    assert app.session.seats == (Seat(True, "Aña"), Seat(False), Seat(True, "Rosa"), Seat(False))
    assert app.session.passing and app.settings["names"][:2] == ["Aña", "Rosa"]


@pytest.mark.parametrize("size, large", [((320, 568), False), ((568, 320), False), ((320, 568), True)])
def test_where_the_letters_would_be_too_small_they_open_on_a_screen_of_their_own(size, large):
    """Under the list a small phone's letter keys were 25 CSS px tall upright (18 sideways): a
    button opens them on a screen of their own, every key a finger's size; Enter, Escape or
    "Listo" go back to the seats; a real keyboard types there too. Where they fit, no button."""
    from game.ui.desktop import audit  # noqa: PLC0415

    app = audit.make_app(size, large)
    app.settings["last_options"] = {"players": 2}
    app.go("seats")
    seats = app.scene
    assert seats.compact and not seats.keys and seats.selected_person() == 0
    button = seats.type_bar.buttons[0].rect
    app.step(DT, [drive.key(pygame.K_RIGHT)])   # seat 1 a computer: no name to type, no button
    assert seats.selected_person() is None and seats.type_bar not in seats.widgets()
    app.step(DT, drive.tap(button.center, window=app.layout.size))
    assert not seats.editing
    app.step(DT, [drive.key(pygame.K_LEFT)])    # a person again
    app.step(DT, drive.tap(button.center, window=app.layout.size))
    assert seats.editing and seats.widgets() == [seats.edit_bar]
    keys = dict((ch, rect) for rect, ch in seats.keys)
    assert set("QWERTYUIOPASDFGHJKLÑZXCVBNMÇ´ \b") == set(keys)
    assert all(min(rect.size) >= app.layout.touch for rect in keys.values())
    assert all(not a.colliderect(b) for a in keys.values() for b in keys.values() if a is not b)
    assert all(not rect.colliderect(seats.edit_bar.buttons[0].rect) for rect in keys.values())
    for ch in "PEPE":
        app.step(DT, drive.tap(keys[ch].center, window=app.layout.size))
    app.step(DT, drive.tap(keys["\b"].center, window=app.layout.size))
    app.step(DT, [typed("a")])                  # a real keyboard types here too
    assert seats.chosen()[0] == Seat(True, "Pepa")
    assert not audit.measure(app, "seats-typing").problems
    app.step(DT, [drive.key(pygame.K_RETURN)])  # back to the seats, not out of them
    assert app.scene is seats and not seats.editing
    app.step(DT, drive.tap(button.center, window=app.layout.size))
    app.step(DT, [drive.key(pygame.K_ESCAPE)])
    assert app.scene is seats and not seats.editing
    app.step(DT, drive.tap(button.center, window=app.layout.size))
    app.step(DT, drive.tap(seats.edit_bar.buttons[0].rect.center, window=app.layout.size))
    assert app.scene is seats and not seats.editing
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene.name == "options" and app.settings["last_seats"][0] == {"person": "Pepa"}
    roomy = audit.make_app((390, 844))
    roomy.go("seats")
    assert not roomy.scene.compact and roomy.scene.keys


def test_the_seats_screen_wants_each_person_a_name_of_their_own():
    """Two people named alike would share one line of statistics and one "Pasa el dispositivo a
    Ana": the seats screen says so and stays; a remembered name already taken is not offered."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2)
    app.settings["names"] = ["Ana", "Rosa"]
    app.settings["last_options"] = {"players": 2}
    app.go("seats")
    seats = app.scene
    app.step(DT, [typed(ch) for ch in "Ana"])   # seat 1: Ana
    app.step(DT, [drive.key(pygame.K_DOWN), drive.key(pygame.K_LEFT)])   # seat 2: a person
    assert seats.chosen()[1].person and [name for _, name in seats.chips()] == ["Rosa"]   # Ana is taken
    app.step(DT, [typed(ch) for ch in "ana"])
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene is seats and seats.message == "seats.same_name"
    with drive.drawn(app) as seen:
        seats.draw(app.surface)
    assert "Dos personas con el mismo nombre: pon a cada una el suyo" in [d.text for d in seen]
    app.step(DT, [drive.key(pygame.K_BACKSPACE)] * 3 + [typed(ch) for ch in "Luis"])
    assert seats.message == ""   # typing clears it
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene.name == "options" and app.settings["last_seats"] == [{"person": "Ana"}, {"person": "Luis"}]


def test_a_name_typed_as_another_seats_own_is_refused_too():
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2)
    app.settings["last_options"] = {"players": 2}
    app.settings["last_seats"] = [{"person": ""}, {"person": ""}]   # "Jugador 1" and "Jugador 2"
    app.go("seats")
    seats = app.scene
    app.step(DT, [typed(ch) for ch in "Jugador 2"])   # seat 1 typed as seat 2's own name
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene is seats and seats.message == "seats.same_name"
    app.step(DT, [drive.key(pygame.K_BACKSPACE), typed("1")])   # "Jugador 1": its own, not another's
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene.name == "options"


def test_one_name_on_two_seats_of_an_older_save_counts_once():
    from game.ui import stats as ui_stats

    seats = seats_from_json([{"person": "Ana"}, {"cpu": "beginner"}, {"person": "Ana"}, {"cpu": "beginner"}], 4)
    session = Session(Options(players=4, first_to=1), seed=4, seats=seats)
    _play_out(session)
    settings = {"last_seats": seats_to_json(seats)}   # and the new-game screen offers the second as "Jugador 3"
    assert last_seats(settings, 4, "normal") == (Seat(True, "Ana"), Seat(False, level="beginner"), Seat(True, ""),
                                                 Seat(False, level="beginner"))
    figures: dict = {}
    assert ui_stats.record_hand(figures, session)
    ana = figures["people"]["Ana"]
    assert ana["hands"] == ana["matches"] == 1 and ana["points"] == session.hand.side_points[0]


def test_the_seats_screen_wants_a_person():
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2)
    app.settings["last_options"] = {"players": 2}
    app.go("seats")
    app.step(DT, [drive.key(pygame.K_RIGHT)])  # seat 1: the computer too
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene.name == "seats" and app.scene.message == "seats.no_person"
    app.step(DT, [drive.key(pygame.K_ESCAPE)])
    assert app.scene.name == "options"


@pytest.mark.parametrize("way", ["key", "textinput"])
def test_letters_the_font_cannot_draw_are_not_typed_into_a_name(way):
    """A real keyboard can type Chinese, Hebrew or an emoji, which the bundled font draws as boxes:
    they are left out of the name (the seats screen says why); an accent typed apart joins its letter.
    The same whether the letters come with their keys (a browser) or as TEXTINPUT (an IME's)."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2)
    app.settings["last_options"] = {"players": 2}
    app.go("seats")
    seats = app.scene
    assert [app.typo.drawable(ch) for ch in "AñÇŁßΩЖ€·"] == [True] * 9
    assert [app.typo.drawable(ch) for ch in "中א😀♥"] == [False] * 4
    send = typed if way == "key" else lambda ch: pygame.event.Event(pygame.TEXTINPUT, text=ch, window=None)
    app.step(DT, [send(ch) for ch in "Ana"] + [send("中")])
    assert seats.message == "seats.cannot_draw" and seats.chosen()[0].name == "Ana"
    with drive.drawn(app) as seen:
        seats.draw(app.surface)
    assert "Esa letra no se puede dibujar en el juego: escribe el nombre con otras" in [d.text for d in seen]
    app.step(DT, [send("😀x")])   # what can be drawn of it is kept, and what is not said again
    assert seats.chosen()[0].name == "Anax" and seats.message == "seats.cannot_draw"
    assert clean_name("Jose\u0301") == "José"


def test_the_handoff_screen_waits_before_a_tap_takes_the_device(monkeypatch):
    """A double tap on the card just played: the second tap, 0.15-0.3 s later, fell on the handoff
    screen that had just come up and gave the device on, showing the next person's hand to the one
    who had played. A tap counts once the screen has stood ``GUARD`` seconds; until then its prompt
    is drawn faint (nothing showed that taps were not taken yet). Keys wait as well: Enter pressed
    on through "Siguiente mano" and the deal's "Intro: saltar" landed on the handoff and showed the
    next person's hand to the one holding the device."""
    from game.ui import look

    app = App(Store(Storage(MemoryBackend())), window=False, seed=5)
    app.settings["speed"] = "fast"
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=2), parse_spec("person:Ana,person:Luis")))
    prompt: list[tuple] = []   # the colour of the prompt's lines, each frame
    blit = app.typo.blit

    said = [app.t(key, name=name) for key in ("handoff.tap", "handoff.tap_touch") for name in ("Ana", "Luis")]

    def spy(surface, text, pos, size, colour=look.CREAM, *args, **kwargs):
        if any(text in whole for whole in said):
            prompt.append(colour)
        return blit(surface, text, pos, size, colour, *args, **kwargs)

    monkeypatch.setattr(app.typo, "blit", spy)

    def handoff():
        for _ in range(600):
            if app.scene.name == "handoff":
                return app.scene
            app.step(DT)
        raise AssertionError(app.scene.name)

    scene = handoff()
    assert app.session.holder is None
    first = scene.seat
    while scene.clock + DT < scene.GUARD:
        prompt.clear()
        app.step(DT, drive.tap(app.layout.table.center))
        assert app.scene is scene and app.session.holder is None   # too soon: still covered
        assert prompt and set(prompt) == {look.BUTTON_OFF}
    app.step(DT)
    prompt.clear()
    app.step(DT, drive.tap(app.layout.table.center))
    assert app.scene.name in ("play", "handoff") and app.session.holder == first
    assert set(prompt) == {look.CREAM}   # the frame before the tap counted
    while not app.scene.live():   # the hand shown takes no card at once either (test_double_tap.py)
        app.step(DT)
    app.step(DT, [drive.key(pygame.K_1)])   # a card played: the device goes to the other
    scene = handoff()
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene is scene and app.session.holder is None   # a key too soon: still covered
    while scene.clock < scene.GUARD:
        app.step(DT)
    app.step(DT, [drive.key(pygame.K_RETURN)])
    assert app.scene.name in ("play", "handoff") and app.session.holder == scene.seat != first


def test_on_slow_frames_the_handoff_guard_is_its_real_time():
    """A phone drawing four frames a second: the screens' clocks moved after the frame's input was
    handled, so a tap was judged by the time up to the frame before and the handoff's 0.6 s lasted
    up to a second (an outside tester, frame timing: 1.5 s at two frames a second). A tap 0.75 s
    after the screen came up is meant and counts."""
    slow = 0.25
    app = App(Store(Storage(MemoryBackend())), window=False, seed=5)
    app.settings["speed"] = "fast"
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=2), parse_spec("person:Ana,person:Luis")))
    for _ in range(600):
        if app.scene.name == "handoff":
            break
        app.step(DT)
    scene = app.scene
    assert scene.name == "handoff" and scene.clock == 0.0
    app.step(slow)
    app.step(slow, drive.tap(app.layout.table.center))   # 0.5 s: too soon
    assert app.scene is scene and app.session.holder is None
    app.step(slow, drive.tap(app.layout.table.center))   # 0.75 s: read and meant
    assert app.session.holder == scene.seat


def _at_handoff(size: tuple[int, int]) -> App:
    """Ana and Luis at ``size``, the handoff screen up and standing long enough for a tap to count."""
    app = App(Store(Storage(MemoryBackend())), window=True, seed=5, size=size)
    app.settings["speed"] = "fast"
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=2), parse_spec("person:Ana,person:Luis")))
    for _ in range(600):
        if app.scene.name == "handoff" and app.scene.clock > app.scene.GUARD:
            return app
        app.step(DT)
    raise AssertionError(app.scene.name)


@pytest.mark.parametrize("size", [(320, 480), (390, 844), (844, 390), (1280, 720)])
def test_the_handoffs_menu_is_out_of_the_way_of_the_tap_that_goes_on(size):
    """The handoff says "toca la pantalla para ver tus cartas", and a full-width "Menú" lay along its
    bottom, where the thumb taps: an unsteady hand's triple tap left the match for the menu (1 of
    60). "Menú" is the play screen's size, in the top right corner; a tap where it was goes on."""
    app = _at_handoff(size)
    scene, lay = app.scene, app.layout
    menu = scene.bar.buttons[0].rect
    assert menu.size == lay.hud.buttons["menu"].size and menu.top >= 0 and menu.right <= lay.w
    assert menu.bottom < lay.h // 3   # the top of the screen: the lower two thirds are for going on
    window = lambda pos: app.viewport.to_window((*pos, 0, 0))[:2]   # noqa: E731
    seat = scene.seat
    app.step(DT, drive.tap(window((lay.cx, lay.h - 40)), size))   # where "Menú" lay
    assert app.scene.name in ("play", "handoff") and app.session.holder == seat


@pytest.mark.parametrize("way", ["tap", "key"])
def test_the_handoffs_menu_still_leaves_and_keeps_the_match(way):
    app = _at_handoff((390, 844))
    menu = app.scene.bar.buttons[0].rect
    events = drive.tap(app.viewport.to_window((*menu.center, 0, 0))[:2], (390, 844)) if way == "tap" else \
        [drive.key(pygame.K_ESCAPE)]
    app.step(DT, events)
    assert app.scene.name == "menu" and app.store.load_match() is not None and app.session.holder is None


def test_a_cambio_in_a_match_between_people_is_not_one_of_the_devices():
    """"Cambios hechos" is among the device's figures, the matches against the computer (README): a
    person's cambio in a match between people was added to it all the same."""
    seen = play_whole_match(MIXES["2 people"], 2, 1)
    assert seen["swaps"] >= 1 and seen["stats"].get("swaps", 0) == 0


#: For each mix, the sides whose win is the device's: any side with a person in it, whoever holds
#: the device; with one person, theirs alone.
DEVICE_WINS = {"2 people": {0, 1}, "3 people": {0, 1, 2}, "2 people and a computer": {0, 2},
               "2 people as a pair vs 2 computers": {0}, "person+computer vs person+computer": {0, 1},
               "1 person (no passing)": {0}}


@pytest.mark.parametrize("mix", DEVICE_WINS)
def test_a_win_is_the_devices_for_a_side_with_a_person_whoever_holds_the_device(mix):
    """The match end's confetti, the scoring screen's win colour and the baza's "win" sound are for
    a person winning: between people passing the device, for any of them, not only for whoever
    held it last (nothing checked that); a computer's side beating the people is never one."""
    seats = parse_spec(MIXES[mix])
    session = Session(Options(players=len(seats)), seed=1, seats=seats)
    for holder in session.human_seats:
        session.take_device(holder)
        assert {side for side in range(session.rules.sides) if session.people_won(side)} == DEVICE_WINS[mix], holder
    assert not session.people_won(None)   # (a void hand: nobody's)


@pytest.mark.parametrize("mix", ["2 people as a pair vs 2 computers", "1 person (no passing)"])
def test_a_sena_between_people_makes_no_sound(mix, monkeypatch):
    """Everyone around the device hears its speaker: the seña's sound, when a person gave one and
    again when the partner saw it, told the opponents a seña had passed (and what it says: an as, a
    tres or a rey of triunfo held). Silent among people; one person against the computer hears it."""
    from game.ui.sound import Sounds

    heard: list[str] = []
    play = Sounds.play
    monkeypatch.setattr(Sounds, "play", lambda self, name: (heard.append(name), play(self, name))[1])
    seen = play_whole_match(MIXES[mix], 6, 1)
    assert seen["senas"] > 0
    assert ("sena" in heard) == (mix == "1 person (no passing)")


@pytest.mark.parametrize("seed, giver, count, told", [
    (2, 3, 1, "Has pillado una seña de Isabel: as"),        # Isabel holds the as of triunfo
    (83, 1, 2, "Has pillado señas de Luis: tres y rey"),    # Luis holds the tres and the rey
])
def test_what_a_person_was_told_of_the_senas_is_kept_at_once(seed, giver, count, told):
    """Luis took the phone and read the seña he caught; the page reloaded before he moved and he read
    it again: who was told what was saved only with the next move (an outside tester). Also: two
    señas told at once name both, "Has pillado señas de …: as y tres" (it said "una seña"). Each
    seed deals the giver that many seña cards: with only a one-seña deal, the plural went unchecked."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=seed, size=(390, 844))
    app.settings["speed"] = "instant"
    app.go("menu")
    seats = parse_spec("person:Paco,person:Luis,person:Rosa,person:Isabel")
    app.manager.switch(start_game(app, Options(players=4, first_to=1, senas=True), seats))
    for _ in range(200):
        app.step(DT)
        if app.scene.name == "handoff":
            break
    session, hand = app.session, app.session.hand
    assert len(session.sena_cards(giver)) == count
    for card in session.sena_cards(giver):
        hand.give_sena(giver, card, caught_by=((giver + 1) % 4,))
    catcher = (giver + 1) % 4
    app.go("play")
    scene = app.scene
    session.take_device(catcher)
    scene.show_notes()
    assert app.store.load_match()["told"] == session.told and session.told[catcher] == len(hand.senas)
    # The reload itself: the match resumed from that save does not tell the catcher the same again.
    again = Session.from_save(app.store.load_match())
    assert again.told == session.told and again.notes(catcher) == []
    assert len(hand.senas) == count
    assert scene.message[0] == told


@pytest.mark.parametrize("count", [2, 3, 4])
def test_the_seats_screen_says_who_partners_whom_with_four_players_only(count):
    """Four players play in pairs, seats 1 and 3 against 2 and 4: the screen says so (and only
    then), and the match started from it pairs the people it seated so (Ana at 1, Luis at 3)."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2)
    app.settings["last_options"] = {"players": count}
    app.settings["last_seats"] = [{"person": "Ana"}, {"cpu": "normal"}, {"person": "Luis"}, {"cpu": "normal"}][:count]
    app.go("seats")
    seats = app.scene
    with drive.drawn(app) as seen:
        seats.draw(app.surface)
    pairs = app.t("seats.pairs")
    assert pairs == "Parejas: los asientos 1 y 3 contra el 2 y el 4"
    assert (pairs in [d.text for d in seen]) == (count == 4)
    if count == 4:
        session = Session(Options(players=4, first_to=1), seed=1, seats=seats.chosen())
        assert session.rules.partner_of(0) == 2 and session.rules.partner_of(1) == 3
        assert side_name(app.words, session, 0) == app.words.both("Ana", "Luis")


def test_a_letter_typed_after_a_remembered_name_starts_a_new_name():
    """A remembered name tapped is only filled in: the first letter typed after it starts the name
    afresh ("Luis", not "RosaLuis"), as on a name the screen opened with."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2)
    app.settings["names"] = ["Rosa"]
    app.settings["last_options"] = {"players": 2}
    app.settings["last_seats"] = [{"person": "Ana"}, {"cpu": "normal"}]
    app.go("seats")
    seats = app.scene
    app.step(DT, [typed(ch) for ch in "Eva"])   # the name the screen opened with, replaced as typed
    assert seats.chosen()[0] == Seat(True, "Eva")
    rect, name = seats.chips()[0]
    assert name == "Rosa"
    app.step(DT, [drive.mouse_down(rect.center), drive.mouse_up(rect.center)])
    assert seats.chosen()[0] == Seat(True, "Rosa")
    app.step(DT, [typed(ch) for ch in "Luis"])
    assert seats.chosen()[0] == Seat(True, "Luis")


@pytest.mark.parametrize("count", [2, 3])
def test_the_seats_screen_shows_the_matchs_seats_and_no_more_each_unnamed_person_as_the_match_names_them(count):
    """Two or three players: two or three seats on the screen (a fourth that did nothing was a
    trap), and a person with no name yet shown as the match will call them ("Jugador 2")."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2)
    app.settings["last_options"] = {"players": count}
    app.settings["last_seats"] = [{"person": "Ana"}, {"person": ""}, {"cpu": "normal"}][:count]
    app.go("seats")
    seats = app.scene
    assert seats.list.shown() == seats.rows[:count]
    with drive.drawn(app) as seen:
        seats.draw(app.surface)
    texts = [d.text for d in seen]
    assert [t for t in texts if t.startswith("Asiento")] == [f"Asiento {n}" for n in range(1, count + 1)]
    second = app.t("seats.person", name=app.t("people.player", n=2))
    assert second in texts and seats.kind_text(1, "person") == second
    session = Session(Options(players=count, first_to=1), seed=1, seats=seats.chosen())
    assert display_name(app.words, session, 1) == "Jugador 2"


def test_the_handoff_says_who_won_the_last_baza(monkeypatch):
    """Lucia led, Abuela closed the baza: "Lucia gana la baza: +14" was said to Abuela, then the
    handoff covered everything and Lucia saw only "Tu turno" (an outside tester of a family's play).
    The handoff screen says the last baza's winner and points, what the whole table saw; nothing at
    the hand's first handoff, and no points with the score hidden."""
    for show_score in (True, False):
        app = App(Store(Storage(MemoryBackend())), window=False, seed=5)
        app.settings["speed"] = "instant"
        app.go("menu")
        app.manager.switch(start_game(app, Options(players=2, first_to=1), parse_spec("person:Lucia,person:Abuela")))
        app.session.options.show_score = show_score
        drawn: list[str] = []
        blit = app.typo.blit
        monkeypatch.setattr(app.typo, "blit", lambda surface, text, *a, **k: (drawn.append(text), blit(surface, text, *a, **k))[1])
        told = []   # (bazas played, what the handoff said of the last one)
        for _ in range(3000):
            scene = app.scene
            if scene.name == "handoff" and scene.clock > scene.GUARD:
                drawn.clear()
                app.step(DT)
                told.append((len(app.session.hand.tricks), [t for t in drawn if t.startswith("Última baza")]))
                app.step(DT, [drive.key(pygame.K_RETURN)])
            elif scene.name == "play" and app.session.human_to_move() and scene.live():
                app.step(DT, [drive.key(pygame.K_1)])
            else:
                app.step(DT)
            if len(told) == 4:
                break
        assert told[0] == (0, [])   # the deal's handoff: no baza yet
        hand = app.session.hand
        bazas = [(n, said) for n, said in told if n]
        assert bazas, told
        for n, said in bazas:
            trick = hand.tricks[n - 1]
            name = display_name(app.words, app.session, trick.winner)
            want = f"Última baza: ganó {name} (+{trick.points})" if trick.points else f"Última baza: ganó {name} (sin puntos)"
            assert said == [want if show_score else f"Última baza: ganó {name}"]
