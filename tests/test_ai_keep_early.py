"""Normal's keep value of a triunfo while the stock lasts (option ``keep_points_early``, docs/ai-history.md,
thirty-sixth round): with three players it counts the triunfo's own points, as it does once
the stock is out, so normal no longer spends its as of triunfo on a blank baza early in the hand."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import fast
from game.ai import make_player
from game.ai.heuristic import RULE_POLICY, RULE_POLICY_MANY, RULE_POLICY_POINTS
from game.cards import Card
from game.record import from_record
from seeded_games import seeded_moves

with open(Path(__file__).parent / "data" / "tester_positions.json", encoding="utf-8") as _f:
    THREE_1O = json.load(_f)["THREE_1O"]["record"]


def test_normal_keeps_the_as_of_triunfo_off_a_blank_baza_while_the_stock_lasts() -> None:
    """An outside tester's position (arena seed 2026, deal 1, trick 8, seat 2): triunfo oros, nine
    cards to draw, the blank 6 de copas led; normal took it with the as of triunfo, which scored
    (0 + 11) − 13 against −4 for giving the rey away. That hand it lost; with the rey it won."""
    hand = from_record(THREE_1O)
    obs = hand.observation(hand.turn)
    assert obs.seat == 2 and obs.stock_count == 9 and [str(c) for _, c in obs.table] == ["6C"]
    assert Card.parse("1O") in obs.hand
    for seed in range(2):
        assert make_player("normal", random.Random(seed)).choose(obs) == Card.parse("12E")
    assert make_player("normal", random.Random(0), keep_points_early=False).choose(obs) == Card.parse("1O")


def test_the_tables_add_a_triunfos_points_while_the_stock_lasts() -> None:
    for trump in range(4):
        for card in range(40):
            mine = card // 10 == trump
            extra = fast.POINTS[card] if mine else 0.0
            assert RULE_POLICY_POINTS.keep[trump][1][card] == RULE_POLICY.keep[trump][1][card] + extra
            assert RULE_POLICY_POINTS.keep[trump][0][card] == RULE_POLICY_MANY.keep[trump][0][card]


def _moves(players: int, options: dict) -> list[list[str]]:
    return seeded_moves(players, options, 8, "early")


def test_on_by_default_with_three_players() -> None:
    default = _moves(3, {})
    assert default == _moves(3, {"keep_points_early": True})
    assert default != _moves(3, {"keep_points_early": False})


def test_off_by_default_in_pairs() -> None:
    """Four players: it gains for normal (0.556-0.563 over 2,000 deals, three seeds), but the expert
    pair's margin over that normal pair fell to 0.555, under issue 3's 0.60 line; the option stays
    for the arena."""
    default = _moves(4, {})
    assert default == _moves(4, {"keep_points_early": False})
    assert default != _moves(4, {"keep_points_early": True})


def test_two_players_and_beginner_keep_the_old_values() -> None:
    """Two players: normal is what issue 3's ladder is measured against (and it solves the end);
    the option does change games there, so the comparison would see it."""
    default = _moves(2, {"solve_end": False})
    assert default == _moves(2, {"solve_end": False, "keep_points_early": False})
    assert default != _moves(2, {"solve_end": False, "keep_points_early": True})
    assert make_player("beginner", random.Random(0)).keep_points_early is False


def test_a_bad_value_is_refused() -> None:
    with pytest.raises((TypeError, ValueError), match="keep_points_early"):
        make_player("normal", random.Random(0), keep_points_early="yes")


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_search_levels_prior_card_is_normals_with_three_players(level: str) -> None:
    """The search levels' prior card (kept unless the deals say clearly otherwise, and the tie-break)
    is the rule player's as normal plays it with three players: between the as of triunfo and the
    rey on the blank 6 de copas, the rey."""
    from game.ai.knowledge import knowledge_of
    hand = from_record(THREE_1O)
    obs = hand.observation(hand.turn)
    player = make_player(level, random.Random(0))
    assert player._tie_break(obs, knowledge_of(obs), [int(Card.parse("1O")), int(Card.parse("12E"))]) == int(Card.parse("12E"))
