"""The expert's own later cards in its three-player rollouts near the end (option ``own_from``,
docs/ai-history.md, thirty-seventh round): with at most three cards left to draw, each sampled deal is
played out with the others' cards the rule player's, as normal plays them, and the expert's own the
best of its lines on that deal, not the rule player's; two and four players are left as they were."""

from __future__ import annotations

import random

import pytest

from game import fast
from game.ai import make_player
from game.ai.heuristic import RULE_POLICY_POINTS, rule_move
from game.ai.knowledge import knowledge_of
from game.ai.search import evaluate_moves, own_lines, utility
from game.hand import Hand
from game.rules import Rules


def _best_line(st: fast.FastState, seat: int) -> float:
    """The reference: every move of ``seat`` tried in turn, the others' by :func:`rule_move` of
    normal's three-player tables (each seeing its own hand and the cards still out), the rule's cambio."""
    if st.over:
        return utility(st.points, seat, 3)
    if st.turn == seat and len(st.legal_moves()) > 1:
        best = -1e9
        for m in st.legal_moves():
            c = st.copy()
            c.play(m)
            best = max(best, _best_line(c, seat))
        return best
    if st.swap_with >= 0 and st.can_swap() and fast.STRENGTH[st.muestra] > fast.STRENGTH[st.swap_with]:
        move = fast.SWAP_MOVE
    else:
        hand = st.hands[st.turn]
        live = 0
        for x in [c for h in st.hands for c in h] + list(st.stock):
            live |= 1 << x
        unknown = live & ~sum(1 << x for x in hand)
        move = hand[0] if len(hand) == 1 else rule_move(hand, st.table, 3, st.turn, st.leader, st.trump,
                                                        unknown, st.muestra >= 0, RULE_POLICY_POINTS)
    c = st.copy()
    c.play(move)
    return _best_line(c, seat)


def test_own_lines_is_the_best_of_my_lines_against_the_rule_player() -> None:
    rng = random.Random(37)
    better = 0
    for _ in range(150):
        st = fast.FastState.deal(3, fast.shuffled_deck(rng, 3), rng.randrange(3))
        while not st.over and st.stock_count > rng.choice((0, 3)):
            st.play(rng.choice(st.legal_moves()))
        if st.over:
            continue
        seat = st.turn
        value = own_lines(st.copy(), seat)
        assert value == _best_line(st.copy(), seat)
        from game.ai.heuristic import rollout_any
        rule = utility(rollout_any(st.copy()), seat, 3)
        assert value >= rule
        better += value > rule
    assert better > 0   # (the rule's own line is not always the best)


def _position(players: int, seed: int, stock: int):
    """A seeded hand of normals played until at most ``stock`` cards are left to draw, and the
    observation of the seat to play there."""
    hand = Hand.deal(Rules(players=players), 0, random.Random(seed))
    bots = [make_player("normal", random.Random(s)) for s in range(players)]
    while hand.stock_count > stock or len(hand.observation(hand.turn).legal_moves) < 2:
        hand.play(bots[hand.turn].choose(hand.observation(hand.turn)))
    return hand.observation(hand.turn)


def _values(obs, own_from):
    moves = [int(m) for m in obs.legal_moves if str(m) != "swap"]
    return evaluate_moves(obs, knowledge_of(obs), random.Random(5), moves, 40, own_from=own_from)


@pytest.mark.parametrize("players", [2, 4])
def test_two_and_four_players_are_left_as_they_were(players: int) -> None:
    obs = _position(players, 11, 0 if players == 2 else 4)
    assert _values(obs, 3) == _values(obs, None)


def test_three_players_near_the_end_value_my_best_line() -> None:
    """On the same deals each move is worth at least what the rule player's own line made of it,
    and each more on some (every move is valued by my lines, not the first alone); with more cards
    to draw than ``own_from`` nothing changes."""
    obs = _position(3, 11, 3)
    (new, _, per_new), (old, _, per_old) = _values(obs, 3), _values(obs, None)
    assert all(a >= b for m in per_new for a, b in zip(per_new[m], per_old[m]))
    assert len(per_new) > 1 and all(any(a > b for a, b in zip(per_new[m], per_old[m])) for m in per_new)
    assert new != old
    early = _position(3, 11, 12)
    assert _values(early, 3) == _values(early, None)


def test_the_expert_searches_its_own_lines_with_three_players_hard_does_not() -> None:
    """The expert: +0.022 +- 0.013 and +0.013 +- 0.013 against two normals on the same 300 deals
    (seeds 2026, 2031); hard was not measured with it and plays as it did."""
    assert make_player("expert", random.Random(0)).own_from == 3
    assert make_player("hard", random.Random(0)).own_from is None
    assert make_player("expert", random.Random(0), own_from=None).own_from is None
    with pytest.raises(ValueError, match="own_from"):
        make_player("expert", random.Random(0), own_from=-1)


def test_the_experts_own_lines_reach_its_choices():
    """The option is the expert's play, not only its setting: at positions of seeded three-player
    hands near the end (at most three cards to draw) the expert chooses another card than it would
    without its own lines at some of them."""
    differ = 0
    for seed in range(12):
        obs = _position(3, seed, 3)
        expert = make_player("expert", random.Random(seed)).choose(obs)
        differ += expert != make_player("expert", random.Random(seed), own_from=None).choose(obs)
    assert differ >= 1
