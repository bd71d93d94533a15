"""Names as people read them, capitals (and for order, accents) aside: the remembered names offered
once per person, as the statistics count them, in the spelling used last; the statistics' people
in the order a Spanish reader expects (an outside tester, round 37)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from game.ui.seats import Seat, remember_names, remembered_names


def test_a_name_played_in_other_capitals_is_offered_once_as_last_spelt():
    """After "ana" and "Luis", then "Ana" and "LUIS", the seats screen offered four chips (the
    statistics count two people), and other people's names fell off the row."""
    settings: dict = {"names": ["Rosa"]}
    remember_names(settings, [Seat(True, "ana"), Seat(True, "Luis")])
    remember_names(settings, [Seat(True, "Ana"), Seat(True, "LUIS")])
    assert settings["names"] == ["Ana", "LUIS", "Rosa"]
    assert remembered_names({"names": ["Zoë", "ZOË", "zoë", "Ana", "ANA"]}) == ["Zoë", "Ana"]   # older settings
    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=(1280, 720))
    app.settings.update(settings, last_options={"players": 2}, last_seats=[{"person": ""}, {"person": ""}])
    app.go("seats")
    app.step(1 / 30)
    assert [name for _, name in app.scene.chips()] == ["Ana", "LUIS", "Rosa"]


def test_the_statistics_list_people_as_a_spanish_reader_orders_them():
    """People with the same counts were listed by code point: "Bea, Iván, Nuria, Zoe, ana, Ángel,
    Ñoño, Óscar". Capitals and accents aside, ñ after n; two names alike but for them in one order
    whatever order they came in."""
    from game.ui import stats

    names = ["Zoe", "Óscar", "ana", "Ñoño", "Bea", "Nuria", "Ángel", "Iván", "Nadia", "Angel", "Çelia", "Carla"]
    figures = {name: {"matches": 1, "hands": 2} for name in names}
    assert [name for name, _ in stats.people({"people": figures})] == [
        "ana", "Angel", "Ángel", "Bea", "Carla", "Çelia", "Iván", "Nadia", "Nuria", "Ñoño", "Óscar", "Zoe"]
    assert [name for name, _ in stats.people({"people": dict(reversed(figures.items()))})][:3] == ["ana", "Angel", "Ángel"]
    # the accent aside, not a letter after z: "Ángel" before "Azucena", "Élodie" before "Eva"
    accents = {name: {"matches": 1, "hands": 2} for name in ("Azucena", "Ángel", "Eva", "Élodie")}
    assert [name for name, _ in stats.people({"people": accents})] == ["Ángel", "Azucena", "Élodie", "Eva"]
    figures["Zoe"] = {"matches": 3, "hands": 3}   # most matches played first, as before
    assert stats.people({"people": figures})[0][0] == "Zoe"


def test_latin_letters_without_an_accent_to_take_off_are_listed_with_their_letter():
    """"Łukasz", "Ølga", "Æsa", "Œdipe" and "ıvan" came after "Zoe": Unicode gives these letters no
    decomposition, so taking accents off left them as they were (an outside tester, round 37)."""
    from game.ui import stats

    names = ["Zoe", "Łukasz", "Ølga", "Æsa", "Œdipe", "Đorđe", "Ðan", "Þor", "ıvan", "Ana", "Lucas", "Olga",
             "Dora", "Tomás", "Ivan", "Ossi", "ẞam", "Ada"]
    figures = {name: {"matches": 1, "hands": 1} for name in names}
    assert [name for name, _ in stats.people({"people": figures})] == [
        "Ada", "Æsa", "Ana", "Ðan", "Dora", "Đorđe", "Ivan", "ıvan", "Lucas", "Łukasz", "Œdipe", "Olga", "Ølga", "Ossi",
        "ẞam", "Þor", "Tomás", "Zoe"]


def test_the_two_ways_of_typing_the_ela_geminada_are_one_name():
    """"Marceŀla" (ŀ, U+0140, one letter a keyboard may type) and "Marcel·la" (l and a middle dot,
    the screen's Tilde key) are one person to a reader: they were two to the seats screen, to the
    remembered names and to the statistics."""
    import random

    from game.ui import stats
    from game.ui.options import Options
    from game.ui.seats import parse_spec, same_name
    from game.ui.session import Session

    one, other = "Marce\u0140la", "Marcel\u00b7la"
    assert same_name([Seat(True, one), Seat(True, other)]) == (0, 1)
    assert same_name([Seat(True, "MARCE\u013fLA"), Seat(True, other)]) == (0, 1)   # (Ŀ, the capital)
    assert same_name([Seat(True, "Marcela"), Seat(True, other)]) is None
    assert same_name([Seat(True, "Strauß"), Seat(True, "STRAUSS")]) == (0, 1)   # (ß in capitals is SS)
    settings: dict = {}
    remember_names(settings, [Seat(True, one)])
    remember_names(settings, [Seat(True, other)])
    assert settings["names"] == [other]
    figures: dict = {}
    for name in (one, other):
        session = Session(Options(players=2, first_to=1), seed=1, seats=parse_spec(f"person:{name},cpu"))
        rng = random.Random(1)
        while not session.hand.over:
            session.play(rng.choice(session.hand.legal_moves()))
        stats.record_people(figures, session)
    assert list(figures["people"]) == [other] and figures["people"][other]["hands"] == 2
