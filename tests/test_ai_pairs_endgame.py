"""An outside tester's pairs positions (tester "pairs", 2026-12-06), checked with an exact solver of
their own over every deal the mover thought possible: the first baza after the stock runs out,
where hard and expert spent a strong triunfo although a small card did better on every deal, and a
partner's sure baza taken with the rey of triunfo.  Each is the record of a real hand cut where the
mistake was made (game/record.py); the players are seeded."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai import make_player
from game.ai.knowledge import played_mask
from game.ai.players import partner_safe_moves
from game.ai.search import use_solver
from game.cards import Card
from game.record import from_record

with open(Path(__file__).parent / "data" / "pairs_positions.json", encoding="utf-8") as _f:
    POSITIONS = json.load(_f)


def _position(name: str):
    entry = POSITIONS[name]
    hand = from_record(entry["record"])
    return hand.observation(hand.turn), Card.parse(entry["played"])


@pytest.mark.parametrize("name, level", [("PAIRS_1E", "hard"), ("PAIRS_1E", "expert"),
                                         ("PAIRS_11O", "expert"), ("PAIRS_3O", "expert"),
                                         ("PAIRS_11O_LOAD", "hard")])
def test_no_dominated_card_at_the_first_baza_after_the_stock(name: str, level: str) -> None:
    """Stock out, three cards each: the search played out these deals with the rule player and
    chose a card another beats on every possible deal (the as of triunfo on the opponents' blank 2
    de oros, second to play; the hand, won with the tres de oros, ended 58-62). It now solves them."""
    obs, dominated = _position(name)
    assert obs.stock_count == 0 and sum(obs.hand_sizes) > 8   # the first baza after the stock
    for seed in range(2):
        assert make_player(level, random.Random(seed)).choose(obs) != dominated
    assert use_solver(obs, 4)


def test_partner_sure_baza_when_the_only_beater_was_played_by_its_holder() -> None:
    """Trump oros, the partner's 6 de oros is winning; the only card that beats it, the sota de
    oros, is known (a cambio) to be in the hand of the opponent who has already played. The baza
    is sure: the rey of triunfo must not take it, and normal loads the as de copas onto it."""
    obs, rey = _position("PAIRS_SAFE_12O")
    sota = Card.parse("10O")
    assert sota in obs.known_holdings()[0] and any(s == 0 for s, _ in obs.table)
    assert played_mask(obs) == 1 << int(sota)
    kept = partner_safe_moves(obs, [int(m) for m in obs.legal_moves])
    assert int(rey) not in kept and kept
    assert make_player("normal", random.Random(0)).choose(obs) == Card.parse("1C")
    assert make_player("expert", random.Random(0)).choose(obs) != rey
