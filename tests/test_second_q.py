"""Normal's second seat in pairs (heuristic.second_q, option pair_second), pinned by hand-made positions.

An outside mutation audit (round 36) found that one position pinned the formula: the constant
Q_PARTNER_ANSWER, the chance loop's bounds, the partner's known cards and beginner's "off" could all
change and every test still passed.  The expected numbers here are worked out from docs/ai.md (the
opponent after me holds ``held`` cards drawn at random from the cards it could hold; the chance that
one beats mine is halved, 0.5, because it may not spend it and my partner plays last), not read
back from the code."""

from __future__ import annotations

import random

import pytest

from game.ai import make_player
from game.ai.heuristic import rule_scores, second_q
from game.cards import Card
from game.hand import Hand
from game.rules import Rules
from test_ai import _deck_4p

COPAS = 1   # the triunfo's suit index (O, C, E, B)


def mask(*cards: str) -> int:
    return sum(1 << int(Card.parse(c)) for c in cards)


def low_bits(n: int, start: int = 0) -> int:
    return ((1 << n) - 1) << start


@pytest.mark.parametrize("beat, pool, held, expected", [
    (0, low_bits(10), 3, 1.0),                   # no card it could hold beats mine: my side keeps it
    (low_bits(2), low_bits(3), 2, 0.5),          # 2 of its 3 possible cards beat mine, it holds 2: surely one
    (low_bits(3), low_bits(3), 1, 0.5),          # every card it could hold beats mine
    (low_bits(1), low_bits(5), 1, 0.9),          # 1 beater in 5, one card held: 1/5 it has it, halved
    (low_bits(2), low_bits(10), 3, 11 / 15),     # none of the 2 among its 3 of 10: C(8,3)/C(10,3) = 7/15
    (low_bits(4), low_bits(12), 3, 69 / 110),    # C(8,3)/C(12,3) = 14/55 none: 1 - (41/55) / 2
])
def test_second_q_is_the_chance_the_opponent_after_me_holds_no_beater_with_its_share_halved(beat, pool, held, expected):
    assert second_q(beat, pool, held) == pytest.approx(expected, abs=1e-12)


def test_the_partners_known_cards_are_no_threat_to_my_winning_card():
    """Seat 1 follows the rey de oros (triunfo copas) with the as de oros; its partner (seat 3) is
    known, by its señas, to hold the as and the tres de copas.  Those two could beat the as but will
    not be played against it: the as scores as if they were not out at all."""
    hand = [int(Card.parse(c)) for c in ("1O", "2B")]
    table = [int(Card.parse("12O"))]
    seen = mask("1O", "2B", "12O")
    unknown = ((1 << 40) - 1) & ~seen
    partners = mask("1C", "3C")
    told = rule_scores(hand, table, 4, 1, 0, COPAS, unknown, True, friends=partners, second=True)
    gone = rule_scores(hand, table, 4, 1, 0, COPAS, unknown & ~partners, True, second=True)
    assert told[0] == pytest.approx(gone[0])
    # and they do count where the opponent could hold them: more threats, a lower score
    assert rule_scores(hand, table, 4, 1, 0, COPAS, unknown, True, second=True)[0] < told[0]


def test_beginner_keeps_the_fixed_second_seat_chance():
    """docs/ai.md: pair_second is off for beginner.  In the outside tester's position (the rey de
    oros led, triunfo copas, the as and the 10 de oros and the 2 de bastos in hand, the partner
    last) beginner without its mistakes throws the 2 de bastos, as normal did before the option."""
    deck = _deck_4p(hands={1: ["1E", "4C", "12O"], 2: ["10O", "1O", "2B"], 3: ["10B", "2C", "5C"],
                           0: ["1C", "7E", "6C"]}, muestra="3C", dealer=0)
    hand = Hand.from_deck(Rules(players=4), 0, deck)
    hand.play("12O")
    obs = hand.observation(2)
    assert make_player("beginner", random.Random(0), mistake_rate=0.0).choose(obs) == Card.parse("2B")
    assert make_player("beginner", random.Random(0), mistake_rate=0.0, pair_second=True).choose(obs) == Card.parse("1O")
