"""The seats' names as the screen shows them are kept on the session (``seats.names``), not worked out
a dozen times a frame, and never stale: a language switch, a new name, the device handed to another
person or another viewer give the names a session made afresh gives."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui import seats
from game.ui.i18n import Words
from game.ui.options import Options
from game.ui.seats import Seat, display_name, parse_spec
from game.ui.session import Session


def _shown(words, session):
    got = [display_name(words, session, seat) for seat in range(len(session.seats))]
    assert tuple(got) == seats._names(words, session)   # what nothing kept would say
    return got


def test_kept_until_the_language_changes():
    session = Session(Options(players=2), seed=1)
    es = Words("es")
    assert _shown(es, session) == ["Tú", "Lola"]
    assert seats.names(es, session) is seats.names(es, session)   # kept, not made again
    assert _shown(Words("en"), session) == [Words("en").t("seat.0"), "Lola"]
    assert _shown(Words("ca"), session)[0] == Words("ca").t("seat.0")


def test_kept_until_a_name_changes():
    session = Session(Options(players=4), seed=1, seats=parse_spec("person:Ana,cpu,person:Luis,cpu"))
    es = Words("es")
    assert _shown(es, session) == ["Ana", "Lola", "Luis", "Rosa"]
    session.seats = (Seat(True, "Rosa"),) + session.seats[1:]   # a computer's name now a person's
    assert _shown(es, session) == ["Rosa", "Lola", "Luis", "Carmen"]
    session.seats = (Seat(True, ""),) + session.seats[1:]
    assert _shown(es, session)[0] == es.t("people.player", n=1)


def test_kept_until_who_is_you_changes():
    es = Words("es")
    demo = Session(Options(players=3), seed=1, human_seats=())   # computers only: "Tú" is the viewer
    before = _shown(es, demo)
    assert before[0] == "Tú"
    demo.bottom = 1   # another seat at the bottom
    after = _shown(es, demo)
    assert after[1] == "Tú" and after[0] != "Tú"
    pair = Session(Options(players=4), seed=1, seats=parse_spec("person:Ana,cpu,person:Luis,cpu"))
    assert _shown(es, pair)[0] == "Ana"
    pair.human_seats = (0,)   # no longer passed between people: the one at the device is "Tú"
    pair.holder = 0
    assert _shown(es, pair)[0] == "Tú"
    pair.human_seats, pair.holder = (0, 2), 2   # handed over
    assert _shown(es, pair)[0] == "Ana"
