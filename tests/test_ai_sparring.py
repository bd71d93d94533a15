"""The arena's sparring partner (information-set MCTS, game/ai/ismcts.py) and the search's
budget options.

Legality, "sees only its observation" and determinism of ``ismcts`` are tested with the other
levels in tests/test_ai.py; here: its own rollout, its budget, and that it does not share the
expert's model (its choices are not the rule player's).
"""

from __future__ import annotations

import random

import pytest

from game import fast
from game.ai import SPARRING, make_player
from game.ai.heuristic import rollout
from game.ai.ismcts import ISMCTSPlayer, greedy_rollout
from game.hand import Hand
from game.rules import Rules


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_rollout_finishes_every_hand(players: int) -> None:
    rng = random.Random(players)
    for _ in range(50):
        deck = fast.shuffled_deck(rng, players)
        st = fast.FastState.deal(players, deck, rng.randrange(players))
        points = greedy_rollout(st)
        assert st.over and sum(points) == 120  # with 3 players the card removed is a 2: no points
        assert all(not h for h in st.hands) and not st.stock and st.muestra < 0


def test_greedy_rollout_is_its_own_policy() -> None:
    """Same deals, different play from the rule player's rollout: the sparring partner does not
    share the expert's model."""
    rng = random.Random(7)
    differ = 0
    for _ in range(40):
        deck = fast.shuffled_deck(rng)
        a = fast.FastState.deal(2, deck, 0, swap_seven=False)
        b = a.copy()
        differ += greedy_rollout(a) != rollout(b)
    assert differ >= 10


def test_iterations_are_the_budget() -> None:
    hand = Hand.deal(Rules(), 0, random.Random(3))
    player = make_player("ismcts", random.Random(1), iterations=57)
    assert isinstance(player, ISMCTSPlayer) and "ismcts" in SPARRING
    move = player.choose(hand.observation(hand.turn))
    assert move in hand.legal_moves()
    assert sum(player.last_visits.values()) == 57
    with pytest.raises(ValueError, match="iterations"):
        make_player("ismcts", random.Random(1), iterations=0)


def test_ismcts_plays_the_endgame_right() -> None:
    """With the stock out everything is known: a few hundred iterations never choose a move
    that turns a hand the exact solver wins (or draws) into a worse result.  (A point or two of
    margin may go: the margin weighs 0.2 / 120 a point, below the search's noise.)"""
    from game.ai.search import solve

    rules = Rules(swap_seven=False)
    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        hand = Hand.deal(rules, 1, rng)
        while hand.stock_count or len(hand.table) != 1:
            if hand.over:
                break
            hand.play(rng.choice(hand.legal_moves()))
        if hand.over:
            continue
        seat = hand.turn
        values = solve(fast.from_hand(hand), seat)
        result = {m: (v > 60) - (v < 60) for m, v in values.items()}
        if len(set(result.values())) < 2:
            continue
        move = make_player("ismcts", random.Random(0), iterations=300).choose(hand.observation(seat))
        assert result[int(move)] == max(result.values()), (seed, move, values)
        checked += 1
    assert checked >= 5


def test_search_levels_solve_at_most_exact_samples_deals() -> None:
    rng = random.Random(11)
    hand = Hand.deal(Rules(swap_seven=False), 0, rng)
    while hand.stock_count > 4:
        hand.play(rng.choice(hand.legal_moves()))
    player = make_player("expert", random.Random(2), exact_samples=5)
    player.choose(hand.observation(hand.turn))
    assert 1 <= player.last_samples <= 5


@pytest.mark.parametrize("flags", [{}, {"own_turn": True}, {"swap_two": True}, {"own_turn": True, "swap_two": True},
                                   {"swap_seven": False}])
def test_two_player_rollout_equals_the_general_one(flags) -> None:
    """The search's unrolled two-player rollout plays exactly the general rule-player rollout:
    same points, same final state, from positions anywhere in a hand (a baza half played,
    cambios possible)."""
    from game.ai.heuristic import RULE_POLICY, rollout_any, rollout_two, score_tables

    rng = random.Random(str(flags))
    for _ in range(400):
        st = fast.FastState.deal(2, fast.shuffled_deck(rng), rng.randrange(2), **flags)
        for _ in range(rng.randrange(38)):
            if st.over:
                break
            st.play(rng.choice(st.legal_moves()))
        a, b = st.copy(), st.copy()
        assert rollout_two(a, score_tables(RULE_POLICY)) == rollout_any(b)
        assert (a.hands, a.stock, a.muestra, a.table, a.turn, a.leader, a.last_winner, a.tricks, a.swap_with) == \
               (b.hands, b.stock, b.muestra, b.table, b.turn, b.leader, b.last_winner, b.tricks, b.swap_with)
