"""An outside tester's positions (aihunt, 2026-12-06): an as thrown third to play on a baza already
lost.  Each is the record of a real hand cut where the mistake was made (game/record.py); the
players are seeded."""

from __future__ import annotations

import json
import random

from game import fast
from game.ai import make_player
from game.ai.players import no_gift_moves
from game.cards import Card
from game.record import from_record


GIFT = json.loads("""
    {"rules": {"players": 4, "swap_seven": true, "swap_timing": "after_win", "swap_two": false},
    "dealer": 0, "deck": ["4O", "11O", "5O", "10O", "5E", "6B", "7E", "6C", "1B", "11B", "12C", "12B",
    "3O", "2C", "6O", "7C", "12O", "2O", "4C", "4E", "5C", "3B", "3E", "10E", "2E", "11E", "11C", "1E",
    "7O", "3C", "7B", "5B", "10B", "10C", "12E", "4B", "6E", "2B", "1O", "1C"], "moves": ["5E", "6B",
    "7E", "6C", "2C", "12B", "7C", "11B", "2O", "4C", "12C", "6O", "5C", "1B", "10E", "5O", "2E", "11C",
    "3E", "12O", "swap", "3C", "4E", "5B", "4O", "1E", "11O", "4B", "3B", "12E", "1O"]}
""")



def test_no_as_thrown_third_to_play_on_a_baza_already_lost() -> None:
    """Pairs, the stock out: seat 0 plays third to a baza the opponents win with the as of triunfo,
    only an opponent after it; it holds 10O 1C 6E and the search levels threw the as of copas (11
    points; the hand ended 60-60 instead of won). Only the last player was protected."""
    hand = from_record(GIFT)
    obs = hand.observation(hand.turn)
    assert len(obs.table) == 2
    kept = no_gift_moves(obs, [int(m) for m in obs.legal_moves])
    assert int(Card.parse("1C")) not in kept and int(Card.parse("6E")) in kept
    for level in ("hard", "expert"):
        for seed in range(2):
            assert fast.POINTS[int(make_player(level, random.Random(seed)).choose(obs))] < 10
