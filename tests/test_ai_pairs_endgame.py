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
from game.ai.table import partner_safe_moves
from game.ai.search import use_solver
from game.cards import Card
from game.hand import Hand
from game.record import from_record
from game.rules import Rules
from seeded_games import seeded_moves

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


@pytest.mark.parametrize("name", ["PAIRS_1E", "PAIRS_11O"])
def test_normal_keeps_a_strong_triunfo_after_the_stock(name: str) -> None:
    """Once the stock is out, normal counted a triunfo's keep value at most 5.5 points, so taking
    the opponents' blank 2 de oros with the as of triunfo (or overtrumping with the caballo) looked
    like a gain of the as's own 11 points; the as would take them at a later baza anyway. Its keep
    value now counts its points with three or four players (heuristic.RULE_POLICY_MANY)."""
    obs, dominated = _position(name)
    for seed in range(2):
        assert make_player("normal", random.Random(seed)).choose(obs) != dominated
    assert make_player("normal", random.Random(0), keep_points=False).choose(obs) == dominated


def _two_player_moves(options: dict, hands: int = 12) -> list[list[str]]:
    """Seeded two-player hands of the rule player (the end not solved, so the scores decide every
    card after the stock too), every move."""
    return seeded_moves(2, {"solve_end": False, **options}, hands, "two")


def test_two_players_keep_the_old_keep_values() -> None:
    """Two players: normal is what issue 3's ladder was measured against, so by default it does not
    count a triunfo's points after the stock (the same games as keep_points=False); the option does
    change games, so the comparison would see it."""
    default = _two_player_moves({})
    assert default == _two_player_moves({"keep_points": False})
    assert default != _two_player_moves({"keep_points": True})


def _before_the_last_draw():
    """A pairs hand of normal players (seeded) stopped at the baza before the last draw: the
    stock at 4, one card each to draw, then three bazas."""
    hand = Hand.deal(Rules(players=4), 0, random.Random("last-draw"))
    bots = [make_player("normal", random.Random(s)) for s in range(4)]
    while hand.stock_count > 4:
        hand.play(bots[hand.turn].choose(hand.observation(hand.turn)))
    return hand.observation(hand.turn)


def test_last_draw_option_solves_the_baza_before_the_last_draw() -> None:
    """An arena option, off for the levels (docs/ai-history.md, thirty-fifth round): with
    last_draw_deals the pairs search solves that many deals at the baza before the last draw, as
    the hand review does, instead of playing its deals out with the rule player."""
    obs = _before_the_last_draw()
    assert obs.stock_count == 4 and obs.rules.players == 4
    assert not use_solver(obs, 4) and use_solver(obs, 4, last_draw=True)
    off = make_player("expert", random.Random(0), samples_many=12)
    on = make_player("expert", random.Random(0), samples_many=12, last_draw_deals=3)
    off.choose(obs)
    on.choose(obs)
    assert off.last_samples == 12 and on.last_samples == 3
    assert make_player("expert", random.Random(0)).last_draw_deals == 0   # the levels: off


@pytest.mark.parametrize("bad", [-1, 2.5, True, "6"])
def test_last_draw_option_refuses_what_is_not_a_count(bad) -> None:
    with pytest.raises(ValueError, match="last_draw_deals must be a whole number"):
        make_player("expert", random.Random(0), last_draw_deals=bad)
