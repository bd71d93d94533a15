"""The hand's review checked against exact values (a tester's own solver, round 31).

Each hand is rebuilt from its deck and moves (recorded from a seeded game), so no bot plays here
and only the one position in question is judged."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

from game.cards import Card
from game.hand import SWAP, Hand
from game.ui import review
from game.ui.session import Options, Session

# (dealer, deck, moves) of two-player hands; seat 0 is the person.
SWAP_THEN = (0, "10C 11B 11E 10E 12B 2B 1B 10O 6B 5E 7E 7C 6O 2O 10B 12O 11O 6C 4B 2C 3B 5B 5C 3O 4E 3C 4O 5O "
                "1C 6E 1E 4C 3E 12E 2E 12C 7B 7O 1O 11C",
             "10C 2B 10E 11E 5E 7E 7C 6O 10O 6B 12O 11O 6C 11B 2O 3B 5B 5C 3O 4B 2C 4O 5O 10B 6E 4E 4C 3C 3E "
             "12B 2E 1E swap 1B 12C 7O 1O 1C 11C 7B 12E")


def session_of(game) -> Session:
    dealer, deck, moves = game
    session = Session(Options(players=2, first_to=1), seed=1, human_seats=(0,))
    session.match.hand = Hand.from_deck(session.rules, dealer, [Card.parse(c) for c in deck.split()])
    for m in moves.split():
        session.play(SWAP if m == "swap" else Card.parse(m))
    assert session.hand.over
    return session


def test_a_cambio_is_judged_with_the_card_played_after_it():
    """Baza 17, stock 2: the cambio of the siete de bastos for the as, then the as led. The cambio
    then the rey de espadas is worth 15 points more over the 4 deals that fit (11 to 19 in each);
    the search solved the cambio alone and called the as "lo mismo"."""
    session = session_of(SWAP_THEN)
    r = review.Review(session.hand, (0,), random.Random(1))
    r.todo = [(i, before) for i, before in r.todo if i == 32]
    r._steps = r._judge_all()
    r.step(None)
    v = r.verdicts[32]
    assert v.played == (SWAP, Card.parse("1B"))
    assert v.mistake and v.best == (SWAP, Card.parse("12E")) and v.points > 10
